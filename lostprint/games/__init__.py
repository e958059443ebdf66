"""The games lostprint knows, by id and alias; each game's data is imported only when asked for."""
from __future__ import annotations

import importlib
from typing import NamedTuple

from lostprint.errors import UsageError


class GameInfo(NamedTuple):
    id: str
    number: str
    title: str
    aliases: tuple[str, ...]
    module: str
    kind: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo("lost-expedition", "1572", "1572: The Lost Expedition", ("1572",),
             "lostprint.games.lost_expedition", "solo roll-and-write, hex map"),
    GameInfo("lost-crew", "1672", "1672: The Lost Crew", ("1672",),
             "lostprint.games.lost_crew", "solo roll-and-write, hex sea map"),
    GameInfo("lost-crows", "1872", "1872: The Lost Crows", ("1872",),
             "lostprint.games.lost_crows", "solo roll-and-write, hex map"),
    GameInfo("crows", "", "Crows", (), "lostprint.games.crows", "2-4 player square-tile placement"),
)


def resolve(name: str) -> GameInfo:
    """A game id or alias -> its info; a clear usage error otherwise."""
    key = str(name).strip().lower()
    for info in GAMES:
        if key == info.id or key in info.aliases:
            return info
    known = ", ".join(f"{g.id}" + (f" ({'/'.join(g.aliases)})" if g.aliases else "") for g in GAMES)
    raise UsageError(f"unknown game {name!r} (known: {known})")


def load(name: str):
    """The Game data of a game id or alias."""
    return importlib.import_module(resolve(name).module).GAME
