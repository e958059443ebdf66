"""`lostprint play`: the engine as referee at the table, the save written as you play.

`play(...)` opens (or resumes) a game and serves its page on 127.0.0.1 until Ctrl-C: the page asks
for each step's dice or decision, as the engine's steps say, and the save is rewritten after every
step.
"""
from __future__ import annotations

import secrets
from pathlib import Path

from lostprint.errors import UsageError
from lostprint.games import resolve


def _pages():
    """(crows_session, server, session): http.server, the Crows scorekeeper and the Lost games' table, which
    loads every game's engine and players (~0.5 s); only a page served loads them (this package's __init__
    runs on any import of lostprint.play.X)."""
    from lostprint.play import crows_session, server, session
    return crows_session, server, session


def keep_score(save: Path, mode: str, port: int = 0, open_browser: bool = True, say=print) -> None:
    """The Crows scorekeeper's page on a record until Ctrl-C: "play" for a game on the table, "edit" to
    enter a finished game's turns (`lostprint edit` of a Crows record)."""
    crows_session, server, _ = _pages()
    server.serve(crows_session.CrowsSession(Path(save), mode), port, open_browser, say)


def play(game: str, save: Path | None = None, map_file: str | None = None, seed: int | None = None,
         dice_seed: int | None = None, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Open (or resume) the game kept in SAVE and serve its page until Ctrl-C."""
    if map_file is not None and seed is not None:
        raise UsageError("name either --map FILE or --seed N, not both")
    info = resolve(game)
    save = Path(save) if save is not None else Path(f"{info.stem}-play.yaml")
    if info.id == "crows":  # a scorekeeper for a game on the table: no map, no dice
        if map_file is not None or seed is not None:
            raise UsageError("Crows is played on its tiles: --map and --seed are for the Lost games")
        keep_score(save, "play", port, open_browser, say)
        return
    spec = {"seed": seed} if seed is not None else (str(map_file) if map_file is not None else "standard")
    _, server, session = _pages()
    table = session.PlaySession(save, info.id, spec, secrets.randbelow(10**6) if dice_seed is None else dice_seed)
    server.serve(table, port, open_browser, say)
