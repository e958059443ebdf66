"""A variant map's files, built in memory: the map file (JSON) and its printable (the game's sheet on
it, or a Crows layout's setup diagram). `lostprint map` writes them (lostprint.app.commands), the
rating of maps by play (lostprint.app.simulate) too."""
from __future__ import annotations

from typing import Callable

from lostprint.app.naming import output_name
from lostprint.app.registry import map_modules, part
from lostprint.games import Plugin, resolve
from lostprint.options import PrintOptions
from lostprint.render import render
from lostprint.scene import Path as SPath, walk
from lostprint.sheets import build_sheet

Say = Callable[[str], None]
MIN_FLATS_MM = 12.0  # across the flats: the smallest hex a pencil can write in


def _quiet(_message: str) -> None:
    pass


def scene_bytes(scene, opts: PrintOptions, fmt: str) -> bytes:
    return render(scene, fmt, **({"dpi": opts.dpi} if fmt == "png" else {}))


def small_hexes(scene) -> float | None:
    """Across-the-flats size (mm) of a sheet's hexes when under MIN_FLATS_MM, else None."""
    for item in walk(scene.items):
        if isinstance(item, SPath) and item.role == "hex":
            ys = [p[1] for p in item.points]
            mm = (max(ys) - min(ys)) * 25.4 / 72
            return mm if mm < MIN_FLATS_MM - 1e-6 else None
    return None



def variant_printable(plugin: Plugin, variant, opts: PrintOptions):
    """The Scene printed for a variant: the game's player sheet on it, or its setup diagram."""
    if plugin.has("sheet"):
        return build_sheet(plugin.id, variant, opts)
    return part(plugin, "layout_sheet")(variant, opts)


def variant_files(game: str, seed: int, cols: int | None, rows: int | None, opts: PrintOptions,
                  printable: bool = True, say: Say = _quiet) -> list[tuple[str, bytes]]:
    """[(name, bytes)] of one seed: the map file (JSON) and its printable, built in memory."""
    plugin = resolve(game)
    gen = part(plugin, "generator")
    variant = map_modules()[1].generate(plugin.id, seed, cols, rows, gen)
    default = gen.size()
    size = (cols or default[0], rows or default[1])
    kind = "map" if plugin.board == "hex" else "layout"
    stem = dict(seed=seed, size=size if size != default else None)
    files = [(output_name(plugin.stem, kind, **stem) + ".json", variant.to_json().encode("utf-8"))]
    if printable and (plugin.has("sheet") or plugin.has("layout_sheet")):
        scene = variant_printable(plugin, variant, opts)
        mm = small_hexes(scene)
        if mm is not None:
            say(f"warning: seed {seed}: at this size the hexes print {mm:.1f} mm across, under the "
                f"{MIN_FLATS_MM:.0f} mm a pencil needs")
        fmt = opts.fmt or "pdf"
        files.append((f"{output_name(plugin.stem, kind, opts, **stem)}.{fmt}", scene_bytes(scene, opts, fmt)))
    return files
