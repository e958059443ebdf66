"""`lostprint validate FILE`: know a file by its `format` and hand it to the right checker.

Returns every problem as "file:line: field: what is wrong" (an empty list when clean) and a
one-line summary for a clean file."""
from __future__ import annotations

from pathlib import Path

MAX_BYTES = 5 * 1024 * 1024
MAP_FORMAT = "lostprint-map/1"
SAVE_FORMAT = "lostprint-save/1"


def read_text(path: Path) -> tuple[str | None, str | None]:
    """(text, None) or (None, problem) for a file a user handed us."""
    if not path.exists():
        return None, f"{path}: no such file"
    if path.is_dir():
        return None, f"{path}: is a directory, not a map or save file"
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return None, f"{path}: file is {size // 1024} KiB; lostprint files are at most {MAX_BYTES // 1024 // 1024} MiB"
        data = path.read_bytes()
    except OSError as exc:
        return None, f"{path}: cannot read ({exc.strerror or exc})"
    if b"\x00" in data:
        return None, f"{path}: is a binary file, not a map or save file (YAML or JSON)"
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return None, f"{path}: not UTF-8 text (byte {exc.start})"


def sniff_format(text: str) -> tuple[str | None, str | None]:
    """The file's `format` and `game` values, read leniently (the real checkers report details)."""
    import json

    data = None
    try:
        data = json.loads(text)
    except ValueError:
        try:
            import yaml

            data = yaml.safe_load(text)
        except Exception:  # any YAML problem: the save checker reports it with its line
            return None, None
    if not isinstance(data, dict):
        return None, None
    fmt, game = data.get("format"), data.get("game")
    return (fmt if isinstance(fmt, str) else None), (game if isinstance(game, str) else None)


def validate_file(path: str | Path) -> tuple[list[str], str]:
    path = Path(path)
    text, problem = read_text(path)
    if problem:
        return [problem], ""
    fmt, game = sniff_format(text)
    if fmt is None:  # unreadable as data: guess from the text so the right checker names the line
        if MAP_FORMAT in text:
            fmt = MAP_FORMAT
        elif SAVE_FORMAT in text:
            fmt = SAVE_FORMAT
            game = "crows" if "game: crows" in text or '"game": "crows"' in text else None
        elif path.suffix.lower() == ".json":
            import json

            try:
                json.loads(text)
            except ValueError as exc:
                return [f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})"], ""
    if fmt == MAP_FORMAT:
        from lostprint.maps.check import check_map_file

        problems = check_map_file(path)
        return problems, ("" if problems else f"{path}: a valid {game} map")
    if fmt == SAVE_FORMAT and game == "crows":
        from lostprint.crows.record import check_record

        problems = check_record(path)
        return problems, ("" if problems else f"{path}: a valid Crows game record")
    if fmt == SAVE_FORMAT or (fmt is None and path.suffix.lower() in (".yaml", ".yml")):
        from lostprint.saves.validate import check_save_file, summary

        problems = check_save_file(path)
        return problems, ("" if problems else summary(path))
    return [f"{path}:1: format: expected {MAP_FORMAT!r} (a map) or {SAVE_FORMAT!r} (a saved game)"
            + (f", found {fmt!r}" if fmt else "")], ""
