"""Babel extractors that need a game's parts, so they live at the top floor, where the registry
assembles them (babel-rulebook.cfg names this module; nothing in lostprint imports it)."""
from __future__ import annotations

from lostprint.app.registry import part
from lostprint.i18n import CONTEXTS, _prose, book_prose, extract_game_data, keyed


def extract_book_data(fileobj, keywords, comment_tags, options):
    """Babel extractor (babel-rulebook.cfg, one section a game, `game = lost-crew`): every string a
    rulebook's translated game data prints (`book_prose`: of its GAME, and of the data beyond it that the
    module names in BOOK_DATA) that the sheets' catalog lostprint.po does not hold already, for the game's
    own rulebook catalog."""
    module = part(options["game"], "rulebook")
    sheets = {text for _, _, text, _ in extract_game_data(None, (), (), {})}
    seen = set()
    for where, text in _prose((module.GAME, *getattr(module, "BOOK_DATA", ())), book_prose(module)):
        context, key = CONTEXTS.get(where), keyed(CONTEXTS.get(where), text)
        if key not in sheets and key not in seen:
            seen.add(key)
            message = ("pgettext", (context, text)) if context else ("gettext", text)
            yield 1, *message, [f"{module.GAME.id}: {where}"]
