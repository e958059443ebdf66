"""Translations: a translator is a value (never module state), passed to whatever draws text.

Catalogs are gettext `.po` files managed with Babel under `lostprint/locale/<lang>/LC_MESSAGES/`:
`lostprint.po` (sheets, kit, journals, game data; it makes a language), `rulebook.po` (the rulebooks'
shared words) and one `rulebook_<game>.po` a rulebook, merged into one translator; they are read as they are (no compiled `.mo`, so
nothing built can drift from its source). English is the identity. The pseudo-locale `qps` wraps every
message in ⟦…⟧ so a test can find any printed word that bypasses the catalogs.

Game data stays English in `lostprint/games/` (its words are the msgids): `localized(game, tr)` is a
copy with every printed prose field translated, by the field list in PROSE, which extraction
(`extract_game_data`, named in babel.cfg) reads too, so the catalog holds exactly what is translated.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from gettext import c2py
from pathlib import Path
from typing import Callable, Iterator

from lostprint.errors import UsageError
from lostprint.games import load
from lostprint.maps.model import standard_map

DOMAIN = "lostprint"
LOCALE_DIR = Path(__file__).parent / "locale"
PSEUDO = "qps"  # the pseudo-locale: every message wrapped, for the bypass test
PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"


@dataclass(frozen=True)
class Translator:
    """gettext for one language: `gettext(msgid)`, `pgettext(context, msgid)`, `ngettext(one, many, n)`;
    `_` is gettext."""

    lang: str = "en"
    messages: tuple[tuple[str, str | tuple[str, ...]], ...] = ()
    plural: Callable[[int], int] = field(default=lambda n: int(n != 1), compare=False)
    wrap: tuple[str, str] = ("", "")  # the pseudo-locale's brackets

    @cached_property
    def table(self) -> dict:
        return dict(self.messages)

    def gettext(self, msgid: str) -> str:
        return self.pgettext(None, msgid)

    _ = gettext

    def pgettext(self, context: str | None, msgid: str) -> str:
        """gettext of a msgid in a message context (msgctxt): one English word that two parts of the
        printables mean differently, each translated on its own ('Turn order': a turn's steps on the 1872
        sheet, the seat order in a Crows clarification)."""
        if not msgid:
            return msgid
        found = self.table.get(keyed(context, msgid))
        text = found[0] if isinstance(found, tuple) else found
        return self.wrap[0] + (text or msgid) + self.wrap[1]

    def ngettext(self, one: str, many: str, n: int) -> str:
        found = self.table.get(one)
        if isinstance(found, tuple) and all(found):
            index = self.plural(n)
            return self.wrap[0] + found[min(index, len(found) - 1)] + self.wrap[1]
        return self.wrap[0] + (one if n == 1 else many) + self.wrap[1]

    def number(self, value: float) -> str:
        """A number as this language writes it (decimal comma in de, es, fr, pt-BR)."""
        if self.lang in ("en", PSEUDO) or float(value).is_integer():
            return f"{value:g}"
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self.lang.replace("-", "_"))


ENGLISH = Translator()


def after_label(text: str, tr: Translator) -> str:
    """'win: reach the exit' -> 'reach the exit': a translated message's words after its label, still
    inside the pseudo-locale's brackets (so the bypass test reads them as translated)."""
    rest = text.partition(": ")[2]
    return tr.wrap[0] + rest if tr.wrap[0] and not rest.startswith(tr.wrap[0]) else rest


def keyed(context: str | None, msgid: str) -> str:
    """A message's key in a translator's table: its msgid, after its context and EOT as gettext keys it."""
    return f"{context}\x04{msgid}" if context else msgid


def N_(msgid: str) -> str:
    """Marks a word for extraction where it is translated later, by value (a compass direction)."""
    return msgid


def normal(code: str) -> str:
    """'pt-BR', 'pt_br', 'PT-BR' -> 'pt_BR' (the catalog directory's spelling)."""
    lang, _, region = code.replace("-", "_").partition("_")
    return lang.lower() + ("_" + region.upper() if region else "")


def catalog_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """A language's main catalog (sheets, kit, journals, game data): the one that makes it a language."""
    return Path(locale_dir) / normal(code) / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_paths(code: str, locale_dir: Path = LOCALE_DIR) -> tuple[Path, ...]:
    """Every catalog of a language: lostprint.po, then the others in its folder by name (rulebook.po,
    rulebook_1572.po...), each owned by one part of the code so that no two writers share a file."""
    main = catalog_path(code, locale_dir)
    return (main, *sorted(p for p in main.parent.glob("*.po") if p != main))


def languages(locale_dir: Path = LOCALE_DIR) -> tuple[str, ...]:
    """The languages with a catalog, English first, as a user types them ('pt-BR')."""
    found = sorted(p.parent.parent.name.replace("_", "-") for p in Path(locale_dir).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return ("en", *found)


def translator(code: str = "en", locale_dir: Path = LOCALE_DIR) -> Translator:
    """The translator for a language code ('de', 'pt-BR'), from all its catalogs merged; an unknown
    code is a UsageError."""
    if code in ("en", "en-US", "en_US", ""):
        return ENGLISH
    if code == PSEUDO:
        return Translator(PSEUDO, wrap=(PSEUDO_OPEN, PSEUDO_CLOSE))
    path = catalog_path(code, locale_dir)
    if not path.is_file():
        raise UsageError(f"no translation for {code!r} (languages: {', '.join(languages(locale_dir))})")
    files = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in catalog_paths(code, locale_dir))
    return _merged(files)


@lru_cache(maxsize=8)
def _merged(files: tuple[tuple[str, int, int], ...]) -> Translator:
    """One translator of the catalogs (path, mtime, size), the first (lostprint.po) giving the plural rule;
    a message in several catalogs has one translation (tests/test_rulebook_i18n.py checks it)."""
    read = [_read(*f) for f in files]
    messages = tuple(m for found, _ in reversed(read) for m in found)  # lostprint.po's last: its word stands
    lang = Path(files[0][0]).parent.parent.name.replace("_", "-")
    return Translator(lang, messages, c2py(read[0][1]))


@lru_cache(maxsize=64)
def _read(path: str, _mtime: int, _size: int) -> tuple[tuple, str]:
    """(msgid, translation) of one catalog's translated messages, and its plural expression."""
    catalog = _catalog(path)
    messages = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (tuple, list)):
            messages.append((keyed(message.context, message.id[0]), tuple(message.string)))
        elif message.string:
            messages.append((keyed(message.context, message.id), message.string))
    return tuple(messages), catalog.plural_expr


def _catalog(path):
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        return read_po(f)


def disagreements(code: str, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """The msgids that two catalogs of a language translate differently (none may: a game word is one
    word on the sheet and in the rulebook)."""
    seen: dict[str, object] = {}
    found = []
    for path in catalog_paths(code, locale_dir):
        for msgid, text in _read(str(path), path.stat().st_mtime_ns, path.stat().st_size)[0]:
            if msgid in seen and seen[msgid] != text:
                found.append(msgid)
            seen.setdefault(msgid, text)
    return found


def completeness(code: str, locale_dir: Path = LOCALE_DIR) -> tuple[int, int]:
    """(translated, all) msgids of a language's catalogs; English is complete by definition."""
    if code == "en":
        return (1, 1)
    done: dict[str, bool] = {}
    for path in catalog_paths(code, locale_dir):
        for m in _catalog(path):
            if not m.id:
                continue
            key = keyed(m.context, m.id if isinstance(m.id, str) else m.id[0])
            ok = not m.fuzzy and bool(all(m.string) if isinstance(m.id, (tuple, list)) else m.string)
            done[key] = done.get(key, True) and ok
    return sum(done.values()), len(done)


# --- game data ----------------------------------------------------------------------------------------

# The fields of game data a printable shows as words, by the dataclass that holds them. Keys, tints,
# dice ("1d6") and everything an engine or a lookup reads by value stay out.
PROSE: dict[str, tuple[str, ...]] = {
    "Game": ("title",),
    "Chart": ("title", "modifier", "roll"),  # roll: "2d6" is "2W6" in German
    "Band": ("results",),
    "Tracker": ("name", "note"),
    "Terrain": ("name", "effect", "cost"),
    "Symbol": ("name", "meaning"),
    "Phase": ("name", "summary"),
    "Option": ("name", "effect"),
    "Piece": ("name", "note"),
    "ExpeditionText": ("footer_text", "interest_effects"),
    "Task": ("name", "slots", "brief", "house_note"),  # 1672's task board
    "WeatherEffect": ("weather", "movement", "drink", "fish"),  # 1672's weather track
    "CrewRules": ("win_text", "lose_text"),
    "CrewText": ("weather_start",),
    "Unit": ("name",),  # 1872's tribal units
    "CrowsText": ("move_rules", "spirit_dancer_text", "vision_quest_text", "win_text", "lose_text", "score_text",
                  "phases_text", "aim_text", "house_summary"),
}


# The printed fields translated in a message context (msgctxt), by "Class.field": words another printable
# uses meaning something else ("Turn order" is the seat order in a Crows clarification, a day's steps on
# the 1872 sheet), so each is translated on its own.
CONTEXTS: dict[str, str] = {"Clarification.title": "clarification"}


def _prose(value, fields: dict = PROSE) -> Iterator[tuple[str, str]]:
    """Every (class.field, string) of a data value that `fields` (PROSE) names, depth first."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = fields.get(type(value).__name__)
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            if names is not None and f.name in names:
                yield from ((f"{type(value).__name__}.{f.name}", s) for s in _strings(inner, fields))
            else:
                yield from _prose(inner, fields)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _prose(item, fields)


def _strings(value, fields: dict = PROSE) -> Iterator[str]:
    if isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _strings(item, fields)
    elif dataclasses.is_dataclass(value):
        yield from _prose(value, fields)


def _map_strings(value, tr: Translator, fields: dict, context: str | None = None):
    if isinstance(value, str):
        return tr.pgettext(context, value)
    if isinstance(value, tuple):
        return tuple(_map_strings(v, tr, fields, context) for v in value)
    if isinstance(value, list):
        return [_map_strings(v, tr, fields, context) for v in value]
    return localized(value, tr, fields)


def localized(value, tr: Translator, fields: dict = PROSE):
    """A copy of a game-data value with every field `fields` (PROSE) names translated (the value itself
    in English)."""
    if tr is ENGLISH:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = fields.get(type(value).__name__, ())
        changes = {}
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            where = f"{type(value).__name__}.{f.name}"
            new = _map_strings(inner, tr, fields, CONTEXTS.get(where)) if f.name in names else localized(inner, tr, fields)
            if new is not inner:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple) and any(dataclasses.is_dataclass(v) for v in value):
        return tuple(localized(v, tr, fields) for v in value)
    return value


# What a rulebook prints of its game's data beyond PROSE (a rulebook module may name more in its own
# BOOK_PROSE): translated by `book_prose`'s fields, extracted into the game's rulebook catalog.
BOOK_PROSE: dict[str, tuple[str, ...]] = {
    "Game": ("kind",),
    "Chart": ("note",),  # a house-rule chart's why-note
}


def book_prose(module) -> dict[str, tuple[str, ...]]:
    """The fields a rulebook module's book translates: PROSE, BOOK_PROSE and the module's BOOK_PROSE."""
    out = {k: tuple(v) for k, v in PROSE.items()}
    for extra in (BOOK_PROSE, getattr(module, "BOOK_PROSE", {})):
        for name, names in extra.items():
            out[name] = tuple(dict.fromkeys((*out.get(name, ()), *names)))
    return out


def extract_game_data(fileobj, keywords, comment_tags, options):
    """Babel extractor (babel.cfg: `[lostprint.i18n:extract_game_data: lostprint/games/__init__.py]`):
    every printed string of the translated printables' game data, the msgids `localized` and the kit look up."""
    seen = set()
    found = []
    for game_id in ("lost-expedition", "lost-crew", "lost-crows"):  # the games whose sheets print through the catalogs
        notes = [("map note", f.note) for f in standard_map(game_id).features if f.note]
        found += [(game_id, where, text) for where, text in [*_prose(load(game_id)), *notes]]
    rules = load("lost-crew").rules  # what 1672's sheet looks up by key, translated where it is drawn
    found += [("lost-crew", "island_resources", name) for _, name, _ in rules.island_resources]
    found += [("lost-crew", "map_key_notes", note) for _, note in rules.map_key_notes]
    found += [("crows", where, text) for where, text in _crows_kit_words()]
    for game_id, where, text in found:
        if text not in seen:
            seen.add(text)
            yield 1, "gettext", text, [f"{game_id}: {where}"]


def _crows_kit_words() -> Iterator[tuple[str, str]]:
    """What the Crows kit prints from lostprint.games.crows: tile names and effects, spell cards, the
    reference card's sections (translated where drawn, in lostprint.crows.art and the game record's pages)."""
    from lostprint.games import crows as G

    for t in G.ALL_TILES:
        yield "TileType.name", t.name
        yield "TileType.effect", t.effect
    for card in G.SPELLS:
        yield "SpellCard.name", card.name
        yield "SpellCard.rule", card.rule
        yield "SpellCard.short", card.short  # the game record's line for a spell cast
    for head, lines in G.REFERENCE:
        yield "REFERENCE", head
        for line in lines:
            yield "REFERENCE", line
