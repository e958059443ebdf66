"""`lostprint play`: the engine as referee at the table, the save written as you play.

`play(...)` opens (or resumes) a game and serves its page on 127.0.0.1 until Ctrl-C: the page asks
for each step's dice or decision, as the engine's steps say, and the save is rewritten after every
step.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

from lostprint.errors import UsageError
from lostprint.games import named, resolve


def _pages():
    """(crows_session, server, session): http.server, the Crows scorekeeper and the Lost games' table, which
    loads every game's engine and players (~0.5 s); only a page served loads them (this package's __init__
    runs on any import of lostprint.play.X)."""
    from lostprint.play import crows_session, server, session
    return crows_session, server, session


def keep_score(save: Path, mode: str, port: int = 0, open_browser: bool = True, say=print,
               seed: int | None = None) -> None:
    """The Crows scorekeeper's page on a record until Ctrl-C: "play" for a game on the table, "edit" to
    enter a finished game's turns (`lostprint edit` of a Crows record); `seed`: a new game's variant layout."""
    crows_session, server, _ = _pages()
    server.serve(crows_session.CrowsSession(Path(save), mode, seed=seed), port, open_browser, say)


def check_resume(save: Path, info, map_spec, dice_seed: int | None) -> None:
    """A game in play (SAVE's kept inputs beside it) is resumed only as the game it is, on its own map and
    dice: `lostprint play` run again the same way resumes it, and another game, map or dice seed named
    is refused rather than ignored without a word."""
    kept = save.with_name(save.stem + ".play.json")
    try:
        plain = json.loads(kept.read_text(encoding="utf-8"))
        kept_game = named(plain.get("game"))
        kept_map = plain["meta"].get("map") if plain.get("game") == "crows" else plain.get("map")  # Crows: its record's
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return  # no game in play here, or one its session reports as unreadable
    if kept_game is None:
        return
    short = (kept_game.aliases or (kept_game.id,))[0]
    if kept_game.id != info.id:
        raise UsageError(f"{save}: a game of {short} is in play here ({kept.name}); "
                         f"lostprint play {short} {save} resumes it")
    if (map_spec is not None and map_spec != kept_map) or (dice_seed is not None and dice_seed != plain.get("seed")):
        raise UsageError(f"{save}: a game of {short} is in play here on another map or dice seed than named: "
                         "leave --map, --seed and --dice-seed off to resume it, or name a new file")


def play(game: str, save: Path | None = None, map_file: str | None = None, seed: int | None = None,
         dice_seed: int | None = None, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Open (or resume) the game kept in SAVE and serve its page until Ctrl-C."""
    if map_file is not None and seed is not None:
        raise UsageError("name either --map FILE or --seed N, not both")
    info = resolve(game)
    save = Path(save) if save is not None else Path(f"{info.stem}-play.yaml")
    check_resume(save, info, {"seed": seed} if seed is not None else map_file and str(map_file), dice_seed)
    if info.id == "crows":  # a scorekeeper for a game on the table: no dice; --seed N, a variant's starting layout
        if map_file is not None:
            raise UsageError("Crows is laid out by a seed: --seed N names a new game's variant layout "
                             "(lostprint map crows --seed N); --map FILE is for the Lost games")
        if dice_seed is not None:
            raise UsageError("Crows has no dice: --dice-seed is for the Lost games")
        keep_score(save, "play", port, open_browser, say, seed)
        return
    spec = {"seed": seed} if seed is not None else (str(map_file) if map_file is not None else "standard")
    _, server, session = _pages()
    table = session.PlaySession(save, info.id, spec, secrets.randbelow(10**6) if dice_seed is None else dice_seed)
    server.serve(table, port, open_browser, say)
