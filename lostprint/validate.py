"""`lostprint validate FILE` and `lostprint schema KIND`: know a file by its `format` and hand it to the
right checker; print a format's JSON Schema.

The file is read and parsed once (lostprint.files), then checked (a save is replayed once).
Returns every problem as "file:line: field: what is wrong" (an empty list when clean) and a
one-line summary for a clean file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from lostprint.app.registry import part
from lostprint.files import ANY, MAP_FORMAT, SAVE_FORMAT, LoadError, load, shown, shown_path
from lostprint.files.show import safe_lines
from lostprint.games import named, with_part


def validate_file(path: str | Path, allow_any_map: bool = False,
                  rerate: Callable[[str | Path], tuple[list[str], str]] | None = None) -> tuple[list[str], str]:
    """Every problem of the file and, when clean, its one-line summary; with `rerate` (the commands'
    rerate_map, `--rerate`) a clean map file's recorded rating is also played again and checked."""
    problems, summary = _check(path, allow_any_map)
    if rerate is not None and not problems:
        return rerate(path)
    return problems, summary


def schema_text(kind: str) -> str:
    """The JSON Schema of a file format (map or save), as `lostprint schema` prints it."""
    if kind == "map":
        make = _maps()[1].map_schema
    else:
        from lostprint.saves.schema import save_schema, with_records  # lazy (~40-80 ms): every game's rules

        def make():  # the Lost games' saves, and each multi-player game's record by its record part
            return with_records(save_schema(), {p.id: part(p, "record").record_schema() for p in with_part("record")})
    return json.dumps(make(), indent=2, ensure_ascii=False)


def _maps():
    """(lostprint.maps.check, lostprint.maps.schema), only for a map file or its schema (~10 ms; a save's
    replay loads the check, a Crows record neither)."""
    from lostprint.maps import check, schema
    return check, schema


def _check(path: str | Path, allow_any_map: bool) -> tuple[list[str], str]:
    source = shown_path(path)
    try:
        data = load(path, ANY)
    except LoadError as exc:
        return [str(exc)], ""
    fmt = data.get("format") if isinstance(data, dict) else None
    game = data.get("game") if isinstance(data, dict) else None
    if fmt == MAP_FORMAT:
        problems = _maps()[0].check_map_data_lines(data, source)
        return problems, ("" if problems else f"{source}: a valid {shown(game, 60)[1:-1]} map")
    plugin = named(game)
    if fmt == SAVE_FORMAT and plugin is not None and plugin.has("record"):
        problems = part(plugin, "record").check_record_data(data, source)[0]
        return problems, ("" if problems else f"{source}: a valid {plugin.title} game record")
    if fmt == SAVE_FORMAT or (fmt is None and Path(str(path)).suffix.lower() in (".yaml", ".yml")):
        from lostprint.saves.validate import replay_data, summary_of

        problems, played = replay_data(data, source, allow_any_map)
        return problems, ("" if problems else safe_lines(summary_of(played)))
    line = getattr(data, "line", 1) or 1
    found = f", found {shown(fmt)}" if fmt is not None else ""
    return [f"{source}:{line}: format: expected {MAP_FORMAT!r} (a map) or {SAVE_FORMAT!r} (a saved game)"
            + found], ""
