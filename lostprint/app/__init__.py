"""The application layer: what each `lostprint` command does, between parsing and building.

`commands` loads inputs, resolves the game's plugin, builds, names and writes; `naming` is the one
naming of output files; `demo` loops over the commands. Nothing below this package writes a file.
"""
