"""The JSON Schema of a map file (lostprint-map/1): hex maps of the three Lost games and Crows layouts.

The schema says what a file must look like; lostprint.maps.check says, in addition, whether the map
is playable (a river that flows to the delta, a route through the plot hexes...).
"""
from __future__ import annotations

from lostprint.maps.check import FEATURE_TYPES, HEX_GAMES, ISLAND_SIZES, LABEL_PATTERN, MAX_HEXES, MAX_NAME, PLOT_LETTERS
from lostprint.files.kinds import MAP_FORMAT
from lostprint.maps.model import DIFFICULTY_BANDS, DIFFICULTY_KEYS

LABEL = LABEL_PATTERN
EDGE = LABEL_PATTERN[:-1] + ":(N|NE|SE|S|SW|NW)$"


def _feature(game: str) -> dict:
    types = FEATURE_TYPES[game]
    return {
        "type": "object",
        "required": ["type"],
        "additionalProperties": False,
        "properties": {
            "type": {"enum": list(types), "description": "; ".join(f"{k}: {v}" for k, v in types.items())},
            "hexes": {"type": "array", "items": {"$ref": "#/$defs/label"},
                      "description": "hex labels (a 1572 river's in downstream order)"},
            "edges": {"type": "array", "items": {"$ref": "#/$defs/edge"},
                      "description": "hex edges as LABEL:DIR, from one end of the river to the other"},
            "letter": {"type": "string", "description": "a plot hex's letter: " + ", ".join(PLOT_LETTERS)},
            "size": {"type": "string", "description": "an island's size: " + ", ".join(ISLAND_SIZES)},
            "note": {"type": "string"},
        },
    }


def _difficulty() -> dict:
    fraction = {"type": "number", "minimum": 0, "maximum": 1}
    return {
        "type": "object", "required": list(DIFFICULTY_KEYS), "additionalProperties": False,
        "description": "the variant's rating by play (lostprint map --difficulty, lostprint simulate)",
        "properties": {
            "player": {"type": "string", "minLength": 1, "description": "the simulated player, like careful"},
            "games": {"type": "integer", "minimum": 1, "description": "seeded games played (seeds 0..games-1)"},
            "win_rate": {**fraction, "description": "the share of those games won"},
            "interval": {"type": "array", "items": fraction, "minItems": 2, "maxItems": 2,
                         "description": "the 95 % Wilson interval of the win rate, [low, high]"},
            "band": {"enum": list(DIFFICULTY_BANDS)},
        },
    }


def _hex_map(game: str) -> dict:
    return {
        "type": "object",
        "required": ["format", "game", "name", "hexes", "start", "goals"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": MAP_FORMAT},
            "game": {"const": game},
            "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
            "seed": {"type": "integer", "description": "the seed a variant was generated from"},
            "generator": {"type": "string", "description": "the generator and its version"},
            "note": {"type": "string"},
            "orientation": {"const": "flat", "description": "flat-top hexes"},
            "offset": {"const": "even-q", "description": "labels: columns A, C, E... sit half a hex lower"},
            "hexes": {"type": "array", "minItems": 1, "maxItems": MAX_HEXES, "uniqueItems": True,
                      "items": {"$ref": "#/$defs/label"},
                      "description": "every playable hex, by label (column letter, row number)"},
            "terrain": {"type": "object", "propertyNames": {"pattern": LABEL},
                        "additionalProperties": {"type": "string"}, "description": "pre-printed terrain by hex"},
            "start": {"$ref": "#/$defs/label"},
            "goals": {"type": "array", "uniqueItems": True, "items": {"$ref": "#/$defs/label"},
                      "description": "goal hexes (1672 may leave this empty: its goals are the exit hexes)"},
            "features": {"type": "array", "items": _feature(game)},
            "difficulty": _difficulty(),
        },
    }


def _layout() -> dict:
    pair = {"type": "array", "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 0}],
            "minItems": 2, "maxItems": 2}
    return {
        "type": "object",
        "required": ["format", "game", "name", "grid", "squares"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": MAP_FORMAT},
            "game": {"const": "crows"},
            "name": {"type": "string", "minLength": 1},
            "seed": {"type": "integer"},
            "generator": {"type": "string"},
            "note": {"type": "string"},
            "grid": {"type": "array", "prefixItems": [{"type": "integer", "minimum": 1, "maximum": 99}] * 2,
                     "minItems": 2, "maxItems": 2, "description": "[columns, rows]"},
            "squares": {"type": "array", "minItems": 1, "uniqueItems": True, "items": pair,
                        "description": "[column, row] of each starting tile, from the top left, in laying order"},
        },
    }


def map_schema() -> dict:
    """JSON Schema (draft 2020-12) of lostprint-map/1."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://lostprint.invalid/schema/lostprint-map-1.json",
        "title": "lostprint map file (lostprint-map/1)",
        "description": ("A hex map for 1572 (lost-expedition), 1672 (lost-crew) or 1872 (lost-crows), "
                        "or a starting layout for Crows. `lostprint validate FILE` also checks that the "
                        "map is playable."),
        "type": "object",
        "required": ["format", "game"],
        "properties": {"format": {"const": MAP_FORMAT}, "game": {"enum": list(HEX_GAMES) + ["crows"]}},
        "oneOf": [_hex_map(g) for g in HEX_GAMES] + [_layout()],
        "$defs": {
            "label": {"type": "string", "pattern": LABEL, "description": "a hex label, like B3"},
            "edge": {"type": "string", "pattern": EDGE, "description": "a hex edge, like B3:NE"},
        },
    }
