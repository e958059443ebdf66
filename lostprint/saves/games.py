"""Each Lost game's replay rules, by game id. The rules modules import lostprint.saves.rules, so the
table lives here beside them, not in it; a save loads only its own game's rules."""
from __future__ import annotations

from lostprint.games import missing, resolve


def rules_for(game_id: str):
    """The replay rules of a Lost game (a lostprint.saves.rules.LostRules)."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.saves.rules_1572 import RULES
    elif plugin.id == "lost-crew":
        from lostprint.saves.rules_1672 import RULES
    elif plugin.id == "lost-crows":
        from lostprint.saves.rules_1872 import RULES
    else:
        raise missing("validator", plugin)
    return RULES
