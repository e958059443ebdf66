"""What a save's game-specific part looks like, described once per game as plain data: the published
JSON Schema (lostprint.saves.schema) and the editor's forms (lostprint.edit.forms) are both built from
it, so neither types a game's terrains, letters, dice or caps again.

A game's description (lostprint.saves.games.save_fields(game)) is a mapping:
  marks      each mark kind: {"kind", "hint", **shape}, in the order the editor offers them
  day        each day field: {"key", "hint", **shape}, with "carry": True when a new day starts
             with the day before's value
  resources  each resource: {"key", "name", "start", "max"}

A shape is one of (every number read from lostprint/games/):
  {"type": "hex"}                              one hex label
  {"type": "hexes", "count": n}                a list of hex labels (count: None for any number)
  {"type": "int", "min": a, "max": b}          a whole number (max: None for no limit)
  {"type": "bool", "default": x}               yes or no
  {"type": "text"}                             any text
  {"type": "choice", "options", "labels", "also", "loose"}
                                               one of the options (labels: their names); `also`: other
                                               values a save may write; `loose`: a save may spell an
                                               option any way its slug matches (the schema checks text)
  {"type": "multi", "options", "unique", "options_from"}
                                               a list of options (options_from: where a save names
                                               them, the options then only the defaults)
A choice or multi of terrains also says the other ways a save may write each (`aliases`: {spelling: option},
from Terrain.spellings: its name, a singular).
  {"type": "counts", "keys", "min", "max", "names"}
                                               a mapping of the keys to small numbers (`names`: {other
                                               way a save may write a key: the key}, each in any spelling)
  {"type": "group", "fields", "required"}      a mapping of named fields (each {"key", **shape}; a key in
                                               any spelling: `Planning` = planning)
  {"type": "list", "item", "min", "max", "single"}
                                               a list of one shape (min/max: its length; None: any;
                                               single: one item may be written alone, unbracketed)
  {"type": "either", "shapes"}                 any one of the shapes
An island's size (1672) also says the terrain each size is coloured (`terrain_of`: {option: terrain key}),
and its hexes how many a size covers (`count_of`: {option: n}; any other: one).
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from lostprint.saves.rules import slug


def hex_() -> dict:
    return {"type": "hex"}


def hexes(count: int | None = None) -> dict:
    return {"type": "hexes", "count": count}


def number(low: int, high: int | None = None, limit: str = "") -> dict:
    """A whole number from low to high; `limit`: the rule that bounds it, said when a value is out of range."""
    return {"type": "int", "min": low, "max": high, **({"limit": limit} if limit else {})}


def faces(values) -> dict:
    """A die's face: the whole numbers from its lowest face to its highest."""
    values = tuple(values)
    return number(min(values), max(values))


def flag(default: bool = False) -> dict:
    return {"type": "bool", "default": default}


def text() -> dict:
    return {"type": "text"}


def choice(options, labels=None, also=(), loose: bool = False, aliases=None) -> dict:
    options = [str(o) for o in options]
    return {"type": "choice", "options": options, "labels": [str(x) for x in labels] if labels is not None else options,
            "also": list(also), "loose": loose, **({"aliases": dict(aliases)} if aliases else {})}


def multi(options, unique: bool, options_from: str | None = None, aliases=None) -> dict:
    return {"type": "multi", "options": [str(o) for o in options], "unique": unique, "options_from": options_from,
            **({"aliases": dict(aliases)} if aliases else {})}


def terrain_aliases(game) -> dict:
    """Each other way a save may write a terrain of `game` (its name, a singular) -> the terrain's key."""
    return {s: t.key for t in game.terrains for s in t.spellings if s != t.key}


def counts(keys, low: int, high: int, names=None) -> dict:
    return {"type": "counts", "keys": list(keys), "min": low, "max": high, **({"names": dict(names)} if names else {})}


def group(fields: list[dict], required=()) -> dict:
    return {"type": "group", "fields": fields, "required": list(required)}


def listing(item: dict, least: int | None = None, most: int | None = None, single: bool = False) -> dict:
    """`single`: an item written alone is read as a list of it (a roll of one die: `drift: 4` for `[4]`)."""
    return {"type": "list", "item": item, "min": least, "max": most, **({"single": True} if single else {})}


def either(*shapes: dict) -> dict:
    return {"type": "either", "shapes": list(shapes)}


def field(key: str, shape: dict, hint: str = "", carry: bool = False) -> dict:
    return {"key": key, "hint": hint, "carry": carry, **shape}


def mark(kind: str, shape: dict, hint: str, names=()) -> dict:
    """A mark kind; `names`: the other names a sheet prints for it (1572's Advanced Empire), read as the kind."""
    return {"kind": kind, "hint": hint, **shape, **({"names": list(names)} if names else {})}


SHORTEST = 3  # not a rule: the fewest letters a short name is read from (`Pro`); fewer is a slip of the pen


@lru_cache(maxsize=16)  # not a rule: a game's table made once, not on each validation
def resource_names(named: tuple) -> dict:
    """{spelling of each way a save may write a resource: its key}, from (key, printed name) pairs: the key,
    the name the sheet prints (`Movement Progress`), that name counted in points, as the rules count some
    (`Hull Points`, the source sheet's label), and its short name: a leading part of the name's first word
    that no other resource's key or name begins with (the sheet's icons print `Prox +1`, `Move +1`), so two
    never share one. Shared: read it, never change it."""
    def short(key: str, name: str) -> list[str]:
        word, others = spelling(name).split("-")[0], [spelling(w) for k, n in named if k != key for w in (k, n)]
        return [word[:n] for n in range(SHORTEST, len(word)) if not any(o.startswith(word[:n]) for o in others)]
    return spelled({w: key for key, name in named
                    for w in (key, name, f"{name} points", f"{name} point", *short(key, name))})


def resources(game) -> list[dict]:
    """The game's resources as a save's `resources:` holds them: each tracker, from its start to its maximum."""
    return [{"key": t.key, "name": t.name, "start": t.start, "max": t.maximum} for t in game.trackers]


# --- the ways a name may be written --------------------------------------------------------------

BRITISH = ((r"ae", "e"), (r"oe", "e"), (r"our\b", "or"), (r"([iy])s(e|ed|es|ing|ation)\b", r"\1z\2"),
           (r"tre\b", "ter"))  # archaeology, manoeuvre, colour, organise, centre: each spelled as in American


def spelling(text: object) -> str:
    """The form every way of writing one name shares: any case, spaces, `_` or `-` (its slug), British or
    American (`Archaeology` = archeology). Both sides of a comparison go through it, so a rewrite that
    changes a word (four -> for) only ever compares it with a word changed alike."""
    out = slug(text)
    for pattern, american in BRITISH:
        out = re.sub(pattern, american, out)
    return out


def spelled(written: dict) -> dict:
    """{spelling(w): name} for each way `w` a save may write a name, derived once per table; a spelling
    two names share (none in the games today) is left out, so neither is read for the other."""
    out: dict = {}
    for words, name in written.items():
        key = spelling(words)
        out[key] = name if out.get(key, name) == name else None
    return {key: name for key, name in out.items() if name is not None}


SEPARATORS = r"[\s_-]"  # what `slug` reads between words (and drops around them)


def _written_word(word: str, british: bool) -> str:
    """A regex (JSON Schema's dialect: no flags) of the ways one word of a spelling may be written."""
    def letters(text: str) -> str:
        out = ""
        for c in text:
            one = f"[{c}{c.upper()}]" if c.upper() != c else re.escape(c)
            out += f"[aAoO]?{one}" if british and c == "e" else one  # archaeology, manoeuvre
        return out
    if british:  # the other endings BRITISH rewrites: colour, organise, centre
        if re.search(r"[iy]z(e|ed|es|ing|ation)$", word):
            stem, tail = re.match(r"(.*[iy])z(.*)", word).groups()
            return f"{letters(stem)}[zZsS]{letters(tail)}"
        if word.endswith("or"):
            return f"{letters(word.removesuffix('or'))}[oO][uU]?[rR]"
        if word.endswith("ter"):
            return f"{letters(word.removesuffix('ter'))}[tT](?:{letters('er')}|[rR]{letters('e')})"
    return letters(word)


def spelling_pattern(forms, british: bool = True) -> str:
    """A regex matching each text whose `spelling` is one of `forms` (its slug when not `british`): any case,
    spaces, `_` or `-` between words, British endings; the JSON Schema's way of reading names as a save does."""
    ways = [f"{SEPARATORS}+".join(_written_word(w, british) for w in form.split("-")) for form in forms]
    return f"^{SEPARATORS}*(?:{'|'.join(ways)}){SEPARATORS}*$"


def closest(table: dict, text: object) -> str | None:
    """The name of `table` (from `spelled`) a slip of the pen most likely meant (`plainsx`: plains), or None."""
    near = difflib.get_close_matches(spelling(text), list(table), n=1, cutoff=0.75)
    return table[near[0]] if near else None


def did_you_mean(table: dict, text: object) -> str:
    """The end of a refusal naming what a slip most likely meant (`; did you mean plains?`), or ''."""
    near = closest(table, text)
    return f"; did you mean {near}?" if near else ""
