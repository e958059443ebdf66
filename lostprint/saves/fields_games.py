"""Each Lost game's save-field description, by game (the descriptions import this package's
vocabulary, lostprint.saves.fields_common, so the picker lives here beside them, not in it)."""
from __future__ import annotations

from lostprint.games import missing, resolve

def save_fields(game) -> dict:
    """The description of a Lost game's save fields, from its data (a lostprint.games.model.Game; a changed
    copy gives a changed description). Each game's module is imported only when asked for, as
    lostprint.games.load imports each game's data."""
    if game.id == "lost-expedition":
        from lostprint.saves.fields_1572 import fields
    elif game.id == "lost-crew":
        from lostprint.saves.fields_1672 import fields
    elif game.id == "lost-crows":
        from lostprint.saves.fields_1872 import fields
    else:
        raise missing("validator", resolve(game.id))
    return fields(game)
