"""1572: The Lost Expedition: the fields of a save's days and marks, described from the game's data
(the vocabulary: lostprint.saves.fields_common)."""
from __future__ import annotations

from lostprint.games.lost_expedition import KANTYI_ROLLS, ROLL_KEYS
from lostprint.saves.fields_common import (
    choice,
    either,
    field,
    group,
    hex_,
    hexes,
    listing,
    mark,
    number,
    resources,
)
from lostprint.saves.rules import slug

FEVER = ("struck", "broken")  # what a day's fever did; a save may also write true (struck) or false
NEIGHBOURS = 2  # not a rule: a trail or a cataract joins two hexes, as an edge does
ONE_DIE = ("native-contact", KANTYI_ROLLS)  # may be one die, written alone: near an Advanced Empire; a Kantyi reroll


def fields(game) -> dict:
    """What a 1572 save records beyond the shared day fields."""
    rules = game.rules
    interests = game.chart("interests").bands
    face = number(1, rules.die_faces)
    return {
        "marks": [
            mark("village", hex_(), "a hex"),
            mark("peaceful-village", hex_(), "a hex"),
            mark("trail", hexes(NEIGHBOURS), "two neighbouring hexes"),
            mark("cataract", hexes(NEIGHBOURS), "two river hexes, upstream first"),
            mark("interest", group([field("hex", hex_()),
                                    field("result", choice([slug(b.results[0]) for b in interests],
                                                           [b.results[0] for b in interests], loose=True))],
                                   required=("hex", "result")), "{hex, result}"),
            mark("empire", hex_(), "a hex", [s.name for s in game.symbols if s.key == "empire"]),
            mark("lagos-de-oro", hexes(rules.lagos_hexes), f"{rules.lagos_hexes} hexes that touch each other"),
        ],
        "day": [
            field("fever", choice(FEVER, also=(True, False)), "struck or broken"),
            field("rolls", group([field(key, listing(either(face, listing(face)), least=1, single=key in ONE_DIE))
                                  for key in ROLL_KEYS]),
                  "the dice of each phase, {planning: [1, 2, 3, 3, 6], ...}; kantyi: Princess Kantyi's "
                  "new faces for the Native Contact 1s and 2s"),
        ],
        "resources": resources(game),
    }
