"""One pure rules engine per game: state, phases in order, charts from the data, dice as input."""
from __future__ import annotations

from lostprint.games import missing, resolve


def engine_module(game_id: str):
    """A game's engine module. Only the game asked for loads (a command for one game loads no other's);
    the registry's engine part hands this picker on, and the rating of maps plays through it."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.engine import lost_expedition as module
    elif plugin.id == "lost-crew":
        from lostprint.engine import lost_crew as module
    elif plugin.id == "lost-crows":
        from lostprint.engine import lost_crows as module
    elif plugin.id == "crows":
        from lostprint.engine import crows as module
    else:
        raise missing("engine", plugin)
    return module
