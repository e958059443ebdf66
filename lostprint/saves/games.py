"""Each Lost game's transcript, by game id: its replay rules (lostprint.saves.rules_<year>) and its
save-field description (lostprint.saves.fields_<year>). The rules modules import lostprint.saves.rules and
the descriptions lostprint.saves.fields_common, so the table lives here beside them, not in either; a save
loads only its own game's modules."""
from __future__ import annotations

from lostprint.games import missing, resolve


def _transcript(game_id: str) -> tuple:
    """(replay-rules module, save-fields module) of a Lost game."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.saves import fields_1572 as fields, rules_1572 as rules
    elif plugin.id == "lost-crew":
        from lostprint.saves import fields_1672 as fields, rules_1672 as rules
    elif plugin.id == "lost-crows":
        from lostprint.saves import fields_1872 as fields, rules_1872 as rules
    else:
        raise missing("validator", plugin)
    return rules, fields


def rules_module(game_id: str):
    """A Lost game's replay-rules module (its RULES, and the closed lists its saves use)."""
    return _transcript(game_id)[0]


def rules_for(game_id: str):
    """The replay rules of a Lost game (a lostprint.saves.rules.LostRules)."""
    return rules_module(game_id).RULES


def save_fields(game) -> dict:
    """The description of a Lost game's save fields, from its data (a lostprint.games.model.Game; a changed
    copy gives a changed description)."""
    return _transcript(game.id)[1].fields(game)
