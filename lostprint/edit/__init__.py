"""`lostprint edit`: copy a finished paper game into a save by clicking its map in the browser.

`edit(...)` opens the save (new or existing) and serves its page on 127.0.0.1 until Ctrl-C.
The web stack is the standard library's http.server; ruamel.yaml keeps the file's comments.
A Crows record opens the scorekeeper's page of `lostprint play crows` on its turns
(lostprint.play.crows_session). Every edit is kept in `NAME.autosave.yaml` beside the save before the page shows it; the save itself
is written only by Save. Work left in that copy (a closed page, a killed server) comes back the next
time the save is opened, and opening the copy itself opens the save it belongs to.
"""
from __future__ import annotations

from pathlib import Path

from lostprint.errors import LostprintError, UsageError
from lostprint.files import SAVE, LoadError, load
from lostprint.games import named, resolve
from lostprint.play import keep_score


def default_save_name(game: str) -> Path:
    return Path(f"{resolve(game).stem}-save.yaml")


def edit(save: Path | None, game: str | None = None, map_file: str | None = None, seed: int | None = None,
         port: int = 0, open_browser: bool = True, allow_any_map: bool = False, say=print) -> None:
    # lazy: http.server and ruamel.yaml, and this package's __init__ runs on any import of lostprint.edit.X
    from lostprint.edit import server, session

    if map_file is not None and seed is not None:
        raise UsageError("name either --map FILE or --seed N, not both")
    if save is None:
        if game is None:
            raise UsageError("name a SAVE file, or the --game of a new one")
        save = default_save_name(game)
    if (map_file is not None or seed is not None) and Path(save).exists():
        raise UsageError(f"{save} exists: its map is the one it names (--map and --seed are for a new save)")
    if _is_crows(Path(save), game):  # a Crows record: the scorekeeper's page on its turns
        if map_file is not None:
            raise UsageError("Crows is laid out by a seed: --seed N names a new record's variant layout "
                             "(lostprint map crows --seed N); --map FILE is for the Lost games")
        keep_score(Path(save), "edit", port, open_browser, say, seed)
        return
    spec = {"seed": seed} if seed is not None else (str(map_file) if map_file is not None else None)
    try:
        opened = session.EditSession(Path(save), game, spec, allow_any_map)
    except LoadError as exc:  # the loader's one line, as `lostprint validate` reports it
        raise LostprintError(str(exc)) from None
    server.serve(opened, port, open_browser, say)


def _is_crows(save: Path, game: str | None) -> bool:
    """Is this a Crows record (by --game for a new one, else by the file's own game field)?"""
    if game is not None:
        return resolve(game).id == "crows"
    if not save.exists():
        return False
    try:
        data = load(save, SAVE)
    except LoadError:
        return False  # the editor says what is wrong with it
    return isinstance(data, dict) and getattr(named(data.get("game")), "id", None) == "crows"  # as validate reads it
