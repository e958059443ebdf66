"""The JSON Schema of a saved game (lostprint-save/1). The shared day fields are typed here; each
game's marks, day fields and resources come from its save-field description (lostprint.saves.games),
the one the editor's forms are built from, and the game ids and aliases from the game registry. The
schema checks shape; `lostprint validate` also checks the rules (moves, marks, score)."""
from __future__ import annotations

from lostprint.games import load, names_pattern, resolve, with_part
from lostprint.saves.fields_common import resource_names, spelling, spelling_pattern
from lostprint.saves.games import save_fields
from lostprint.saves.rules import slug
from lostprint.saves.validate import DAY_FIELDS, FORMAT, MAX_TEXT, OUTCOME_FIELDS, RESULTS

LABEL = {"type": "string", "pattern": "^[A-Za-z]{1,3}[1-9][0-9]{0,2}$", "description": "a hex label, like B3"}


def _number(shape: dict) -> dict:
    out = {"type": "integer", "minimum": shape["min"]}
    return out if shape["max"] is None else {**out, "maximum": shape["max"]}


def _named(shape: dict, also=()) -> dict:
    """A choice's options as listed, or any other way the validator reads one (fields_read): an option, its
    label or the terrain it colours (`Fair Weather`, `large-island`), in any case."""
    listed = shape["options"] + list(also) + list(shape.get("aliases", ()))
    written = (*shape["options"], *shape.get("labels", ()), *shape.get("terrain_of", {}).values(), *listed)
    forms = dict.fromkeys(spelling(w) for w in written if isinstance(w, str))
    return {"anyOf": [{"enum": listed}, {"type": "string", "pattern": spelling_pattern(forms),
                                         "description": "one of them in any case, or by its printed name"}]}


def shape_schema(shape: dict) -> dict:
    """The JSON Schema of one shape of a save-field description (its vocabulary: fields_common)."""
    kind = shape["type"]
    if kind == "hex":
        out = dict(LABEL)
    elif kind == "hexes":
        n = shape["count"]
        out = {"type": "array", "items": LABEL, **({"minItems": n, "maxItems": n} if n is not None else {})}
    elif kind == "int":
        out = _number(shape)
    elif kind == "bool":
        out = {"type": "boolean"}
    elif kind == "text":  # read as text, a number too (1872's plot choice: its text or its number)
        out = {"type": ["string", "integer"]}
    elif kind == "choice" and shape["loose"]:
        out = {"type": "string"}
    elif kind == "choice":
        out = _named(shape, shape["also"])
    elif kind == "multi":
        out = {"type": "array", "items": {"type": "string"} if shape["options_from"] else _named(shape)}
    elif kind == "counts":
        written = list(dict.fromkeys(spelling(w) for w in (*shape["keys"], *shape.get("names", ()))))
        out = {"type": "object", "additionalProperties": _number(shape), "propertyNames": {
            "pattern": spelling_pattern(written)} if shape.get("names") else {"enum": shape["keys"]}}
    elif kind == "group":  # a key in any spelling (`Planning`) or by a name (`Sloop Accident`), as fields_read reads it
        ways = {f["key"]: spelling_pattern(dict.fromkeys(spelling(w) for w, k in [(f["key"], f["key"]),
                                                                                  *shape.get("names", {}).items()]
                                                         if k == f["key"])) for f in shape["fields"]}
        out = {"type": "object", "additionalProperties": False,
               "properties": {f["key"]: shape_schema(f) for f in shape["fields"]},
               "patternProperties": {ways[f["key"]]: shape_schema(f) for f in shape["fields"]}}
        if shape["required"]:  # a required key written any way: some key's name matches its pattern
            out["allOf"] = [{"not": {"propertyNames": {"not": {"pattern": ways[k]}}}} for k in shape["required"]]
    elif kind == "list":
        length = {k: shape[s] for k, s in (("minItems", "min"), ("maxItems", "max")) if shape[s] is not None}
        out = {"type": "array", **length, "items": shape_schema(shape["item"])}
        if shape.get("single"):  # one item written alone (a roll of one die: drift: 4)
            out = {"anyOf": [out, shape_schema(shape["item"])]}
    elif kind == "either":
        out = {"anyOf": [shape_schema(s) for s in shape["shapes"]]}
    else:
        raise KeyError(f"no schema for a save field of type {kind!r}")
    if not shape.get("hint"):
        return out
    return {**out, "description": f"{shape['hint']} ({out['description']})" if kind == "hex" else shape["hint"]}


def _mark(kind: str, shape: dict, anchor: str, names=()) -> dict:
    """A mark: {kind: its place}, the kind written any way the validator reads it (its slug: `Peaceful Village`,
    or a name the sheet prints for it: `Advanced Empire`); the other spellings refer to the kind's one schema by
    its anchor."""
    return {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
            "properties": {kind: {"$anchor": anchor, **shape}},
            "patternProperties": {spelling_pattern([slug(kind), *map(slug, names)], british=False):
                                  {"$ref": f"#{anchor}"}}}


def _resources(resources: list[dict]) -> dict:
    """A day's resources by key, or by any spelling of the key, the sheet's name or a short name (`Food`,
    `Movement Progress`, `Prox`), from the validator's own table (fields_common.resource_names)."""
    table = resource_names(tuple((r["key"], r["name"]) for r in resources))
    value = {r["key"]: {"type": "integer", "minimum": 0, "maximum": r["max"]} for r in resources}
    return {"type": "object", "additionalProperties": False, "properties": value,
            "patternProperties": {spelling_pattern([f for f, k in table.items() if k == key]): v
                                  for key, v in value.items()}}


def _names(plugin) -> dict:
    """`game:` as the validator reads it (lostprint.games.resolve): each of the game's `spellings` (its id, an
    alias or its title, with or without its number and 'The'), words in any case with anything but letters
    and digits between and around them; a number alias unquoted too."""
    return {"anyOf": [{"enum": [int(a) for a in plugin.aliases if a.isdigit()]},
                      {"type": "string", "pattern": names_pattern(plugin)}]}


def game_part(game, day_fields) -> dict:
    """The part of the schema a game adds: its marks, day fields and resources, for saves naming it."""
    plugin = resolve(game.id)
    described = save_fields(game)
    return {
        "if": {"properties": {"game": _names(plugin)}, "required": ["game"]},
        "then": {"properties": {"days": {"items": {
            "properties": {**{k: True for k in day_fields},
                           "marks": {"type": "array", "items": {"oneOf": [
                               _mark(m["kind"], shape_schema(m), f"{plugin.id}-{m['kind']}", m.get("names", ()))
                               for m in described["marks"]]}},
                           "resources": _resources(described["resources"]),
                           **{f["key"]: shape_schema(f) for f in described["day"]}},
            "additionalProperties": False,
        }}}},
    }


def save_schema(games=None) -> dict:
    """The schema of a save of any Lost game (games: their data, every game with a validator by default)."""
    games = tuple(load(p.id) for p in with_part("validator")) if games is None else tuple(games)
    plugins = [resolve(g.id) for g in games]
    day_props: dict = {
        "day": {"type": "integer", "minimum": 1, "description": "1, 2, 3\u2026 with none skipped"},
        "mapped": {"type": "object", "description": "hexes drawn this day: label -> terrain",
                   "propertyNames": LABEL, "additionalProperties": {"type": "string"}},
        "moved": {"type": "array", "items": LABEL, "description": "hexes entered this day, in order"},
        "marks": {"type": "array", "items": {"type": "object", "minProperties": 1, "maxProperties": 1}},
        "resources": {"type": "object", "description": "values at the end of the day (missing ones carry over)",
                      "additionalProperties": {"type": "integer", "minimum": 0}},
        "journal": {"type": ["string", "null"], "description": "any length; each line break starts a paragraph"},
    }
    assert set(day_props) == set(DAY_FIELDS) and set(OUTCOME_FIELDS) == {"result", "score", "reason"}
    numbers = [p.number for p in plugins]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://lostprint.invalid/schema/lostprint-save-1.json",
        "title": "lostprint saved game (lostprint-save/1)",
        "description": f"A finished (or unfinished) game of {', '.join(numbers[:-1])} or {numbers[-1]}, copied "
                       "from the paper sheet. YAML or JSON. `lostprint validate` checks the rules as well as this "
                       "shape.",
        "type": "object",
        "required": ["format", "game", "days"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "game": {"type": ["string", "integer"], "description": "a game's id, alias or title (1872 unquoted too): "
                                                      + ", ".join("/".join((p.id, *p.aliases)) for p in plugins)},
            "map": {"anyOf": [
                {"const": "standard"},
                {"type": "string", "description": "a map file (lostprint-map/1), relative to the save"},
                {"type": "object", "required": ["seed"], "additionalProperties": False,
                 "properties": {"seed": {"type": "integer", "minimum": 0}}},
            ]},
            "title": {"type": "string", "maxLength": MAX_TEXT},
            "player": {"type": "string", "maxLength": MAX_TEXT},
            "setup": {"type": "object", "description": "setup choices (1572: expedition; 1672: sailors' names)",
                      "additionalProperties": {"anyOf": [{"type": ["string", "integer"]},
                                                         {"type": "array", "items": {"type": "string"}}]}},
            "days": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["day", "resources"],
                                                               "properties": day_props}},
            "outcome": {"type": "object", "additionalProperties": False,
                        "properties": {"result": {"anyOf": [  # any case, as validate reads it (Won)
                                           {"enum": list(RESULTS)},
                                           {"type": "string",
                                            "pattern": spelling_pattern(list(RESULTS), british=False)}]},
                                       "score": {"type": "integer", "minimum": 0},
                                       "reason": {"type": "string"}}},
        },
        "allOf": [game_part(g, day_props) for g in games],
    }


def with_records(schema: dict, records: dict) -> dict:
    """The save schema with the records of the multi-player games (game id -> its record's schema, from
    the game's record part): a save naming one of them is checked by its record's schema, any other by
    `schema`, the Lost games' (JSON Schema's if/then/else, one game after another)."""
    body = {k: v for k, v in schema.items() if k not in ("$schema", "$id", "title", "description")}
    for game_id, record in records.items():
        body = {"if": {"properties": {"game": record["properties"]["game"]}, "required": ["game"]},
                "then": record, "else": body}
    shapes = " ".join(f"A {resolve(g).title} record (`game: {g}`) has its own shape." for g in records)
    return {**{k: schema[k] for k in ("$schema", "$id", "title")},
            "description": f"{schema['description']} {shapes}", **body}
