"""Each Lost game's replay rules, by game id. The rules modules import lostprint.saves.rules, so the
table lives here beside them, not in it; a save loads only its own game's rules."""
from __future__ import annotations

from lostprint.games import missing, resolve


def rules_module(game_id: str):
    """A Lost game's replay-rules module (its RULES, and the closed lists its saves use)."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.saves import rules_1572 as module
    elif plugin.id == "lost-crew":
        from lostprint.saves import rules_1672 as module
    elif plugin.id == "lost-crows":
        from lostprint.saves import rules_1872 as module
    else:
        raise missing("validator", plugin)
    return module


def rules_for(game_id: str):
    """The replay rules of a Lost game (a lostprint.saves.rules.LostRules)."""
    return rules_module(game_id).RULES
