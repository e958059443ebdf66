"""Players: seeded policies that drive a game's rules (simulation, examples, balance)."""
from __future__ import annotations

from lostprint.games import missing, resolve


def players_module(game_id: str):
    """A game's simulated players (its module's PLAYERS). Only the game asked for loads; the registry's
    players part hands this picker on, and the rating of maps plays through it."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.players import lost_expedition as module
    elif plugin.id == "lost-crew":
        from lostprint.players import lost_crew as module
    elif plugin.id == "lost-crows":
        from lostprint.players import lost_crows as module
    else:
        raise missing("players", plugin)
    return module
