"""The JSON Schema of a saved game (lostprint-save/1), built from the same tables the validator
uses. The schema checks shape; `lostprint validate` also checks the rules (moves, marks, score)."""
from __future__ import annotations

from lostprint.engine.lost_crew import FACES
from lostprint.games.lost_crew import RULES as CREW
from lostprint.engine.lost_crows import TENS as CROWS_TENS
from lostprint.games.lost_crows import ROLL_KEYS as CROWS_ROLLS, RULES as CROWS
from lostprint.games.lost_expedition import ROLL_KEYS as EXPEDITION_ROLLS, RULES as EXPEDITION
from lostprint.saves.validate import DAY_FIELDS, FORMAT, MAX_TEXT, OUTCOME_FIELDS

LABEL = {"type": "string", "pattern": "^[A-Za-z]{1,3}[1-9][0-9]{0,2}$", "description": "a hex label, like B3"}


def _labels(n: int | None = None) -> dict:
    out: dict = {"type": "array", "items": LABEL}
    if n is not None:
        out.update(minItems=n, maxItems=n)
    return out


# Per-game mark values and day fields: the shape of each (the validator knows the rules).
MARK_SHAPES = {
    "lost-expedition": {
        "village": LABEL,
        "peaceful-village": LABEL,
        "trail": _labels(2),
        "cataract": _labels(2),
        "interest": {"type": "object", "required": ["hex", "result"], "additionalProperties": False,
                     "properties": {"hex": LABEL, "result": {"type": "string"}}},
        "empire": LABEL,
        "lagos-de-oro": _labels(EXPEDITION.lagos_hexes),
    },
    "lost-crew": {
        "sea": LABEL,
        "shoals": LABEL,
        "island": {"type": "object", "required": ["hexes", "size"], "additionalProperties": False,
                   "properties": {"hexes": _labels(),
                                  "size": {"enum": [k.replace("-island", "") for k, _ in CREW.island_bonus]},
                                  "natives": {"type": "boolean"}, "roll": {"type": "integer", "minimum": FACES[0],
                                                                           "maximum": FACES[-1]}}},
        "burial": LABEL,
    },
    "lost-crows": {
        "plot": {"type": "object", "required": ["letter"], "additionalProperties": False,
                 "properties": {"letter": {"enum": list("ABCDE")}, "roll": {"type": "integer", "minimum": 1,
                                                                            "maximum": 6},
                                "choice": {"type": "string"}, "outcome": {"type": "string"}}},
    },
}

DAY_SHAPES = {
    "lost-expedition": {
        "fever": {"enum": ["struck", "broken", True, False]},
        "rolls": {"type": "object", "additionalProperties": False, "description": "the day's dice, by phase",
                  "properties": {key: {"type": "array", "minItems": 1, "items": {"anyOf": [
                      {"type": "integer", "minimum": 1, "maximum": EXPEDITION.die_faces},
                      {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": EXPEDITION.die_faces}}]}}
                      for key in EXPEDITION_ROLLS}},
    },
    "lost-crew": {
        "weather": {"enum": [w.key for w in CREW.weathers]},
        "wounded": {"type": "array", "items": {"type": "string"}},
        "healed": {"type": "array", "items": {"type": "string"}},
        "lost": {"type": "array", "items": {"type": "string"}},
        "gathered": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "rolls": {"type": "object", "additionalProperties": False, "description": "the day's dice, by phase",
                  "properties": {r.key: {"type": "array", "minItems": 1, "description": r.what, "items": (
                      {"type": "integer", "minimum": FACES[0], "maximum": FACES[-1]} if r.dice == 1 else
                      {"type": "array", "minItems": r.dice, "maxItems": r.dice,
                       "items": {"type": "integer", "minimum": FACES[0], "maximum": FACES[-1]}})}
                                 for r in CREW.rolls}},
    },
    "lost-crows": {
        "crows": {"type": "array", "items": {"enum": ["plains", "forest", "mountains"]}},
        "vision": {"type": "object", "required": ["terrain", "roll"], "additionalProperties": False,
                   "properties": {"terrain": {"enum": ["plains", "forest", "mountains"]},
                                  "roll": {"type": "integer", "minimum": 1, "maximum": 6}}},
        "spirit-dancers": {"type": "integer", "minimum": 0, "maximum": CROWS.spirit_dancers},
        "caps": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 6}},
        "ghost-mountain": LABEL,
        "rolls": {"type": "object", "additionalProperties": False, "description": "the day's dice, by phase",
                  "properties": {key: {"type": "array", "description": what, "items": (
                      {"type": "integer", "minimum": CROWS_TENS + 1, "maximum": (CROWS_TENS + 1) * CROWS.die_faces}
                      if key == "omens" else {"enum": [u.key for u in CROWS.units] + ["discard"]} if key == "order"
                      else {"type": "integer", "minimum": 1, "maximum": CROWS.die_faces})}
                      for key, what in CROWS_ROLLS}},
    },
}

ALIASES = {"lost-expedition": ["lost-expedition", "1572"], "lost-crew": ["lost-crew", "1672"],
           "lost-crows": ["lost-crows", "1872"]}


def _mark_item(kinds: dict) -> dict:
    return {"oneOf": [{"type": "object", "required": [k], "additionalProperties": False, "properties": {k: v}}
                      for k, v in kinds.items()]}


def save_schema() -> dict:
    day_props: dict = {
        "day": {"type": "integer", "minimum": 1, "description": "1, 2, 3\u2026 with none skipped"},
        "mapped": {"type": "object", "description": "hexes drawn this day: label -> terrain",
                   "propertyNames": LABEL, "additionalProperties": {"type": "string"}},
        "moved": {**_labels(), "description": "hexes entered this day, in order"},
        "marks": {"type": "array", "items": {"type": "object", "minProperties": 1, "maxProperties": 1}},
        "resources": {"type": "object", "description": "values at the end of the day (missing ones carry over)",
                      "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 6}},
        "journal": {"type": ["string", "null"], "description": "any length; each line break starts a paragraph"},
    }
    assert set(day_props) == set(DAY_FIELDS)
    per_game = []
    for game_id, kinds in MARK_SHAPES.items():
        extra = DAY_SHAPES[game_id]
        per_game.append({
            "if": {"properties": {"game": {"enum": ALIASES[game_id]}}, "required": ["game"]},
            "then": {"properties": {"days": {"items": {
                "properties": {**{k: True for k in day_props}, "marks": {"type": "array", "items": _mark_item(kinds)},
                               **extra},
                "additionalProperties": False,
            }}}},
        })
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://lostprint.invalid/schema/lostprint-save-1.json",
        "title": "lostprint saved game (lostprint-save/1)",
        "description": "A finished (or unfinished) game of 1572, 1672 or 1872, copied from the paper sheet. "
                       "YAML or JSON. `lostprint validate` checks the rules as well as this shape.",
        "type": "object",
        "required": ["format", "game", "days"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "game": {"type": "string", "description": "a game id or alias: lost-expedition/1572, lost-crew/1672, "
                                                      "lost-crows/1872"},
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
                        "properties": {"result": {"enum": ["won", "lost"]},
                                       "score": {"type": "integer", "minimum": 0},
                                       "reason": {"type": "string"}}},
        },
        "allOf": per_game,
    }


assert set(OUTCOME_FIELDS) == {"result", "score", "reason"}
