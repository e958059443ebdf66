"""1872: The Lost Crows: the fields of a save's days and marks, described from the game's data
(the vocabulary: lostprint.saves.fields_common)."""
from __future__ import annotations

from lostprint.games.lost_crows import ROLL_KEYS
from lostprint.saves.fields_common import (
    choice,
    counts,
    field,
    group,
    hex_,
    listing,
    mark,
    multi,
    number,
    resource_names,
    resources,
    terrain_aliases,
    text,
)

DISCARD = "discard"  # rolls.order: a die a vision lets the player discard, in place of a unit


def fields(game) -> dict:
    """What a 1872 save records beyond the shared day fields."""
    rules = game.rules
    terrains = [t.key for t in game.terrains]
    aliases = terrain_aliases(game)
    plot_face = number(1, rules.plot_die, f" (a plot hex rolls 1d{rules.plot_die})")
    face = number(1, rules.die_faces, f" (a unit's die is 1d{rules.die_faces})")
    vision_face = number(1, rules.plot_die, f" (the Vision Quest rolls 1d{rules.plot_die})")
    most = rules.spirit_dancers
    dancers = number(0, most, f" (the Spirit Dancers change {most} dice a game at most)")
    omen = number(min(o.low for o in rules.omens), max(o.high for o in rules.omens))  # a d66, tens then ones
    order = choice([u.key for u in rules.units] + [DISCARD])
    boxes = len(rules.units) * rules.dice_per_roll  # the units' board, whole
    dice = rules.rolls_per_turn * rules.dice_per_roll  # every die of Phase 1 goes to a unit or is discarded
    reroll = ("box", "face thrown first")  # a Windriders reroll, as recorded
    rolls = {"omens": listing(omen, single=True), "fort": listing(face, single=True),  # a roll each: one alone
             "order": listing(order, dice, dice), "units": listing(face, boxes, boxes),
             "windriders": listing(number(1, boxes, f" (the boxes are 1-{boxes})"), len(reroll), len(reroll))}
    return {
        "marks": [
            mark("plot", group([field("letter", choice(rules.plot_letters)), field("roll", plot_face),
                                field("choice", text()), field("outcome", text())], required=("letter",)),
                 "{letter, roll, choice, outcome}"),
        ],
        "day": [
            field("crows", multi(terrains, unique=False, aliases=aliases), "the terrains of the Crows coloured today"),
            field("vision", group([field("terrain", choice(terrains, aliases=aliases)), field("roll", vision_face)],
                                  required=("terrain", "roll")),
                  f"{{terrain, roll}}: the Vision Quest at Crow {rules.crows_for_vision}"),
            field("ghost-mountain", hex_(), "the blank hex a Ghost Mountain vision draws as Mountains"),
            field("spirit-dancers", dancers, "how many Spirit Dancers were used today"),
            field("caps", counts([t.key for t in game.trackers], 0, max(t.maximum for t in game.trackers),
                                 resource_names(tuple((t.key, t.name) for t in game.trackers))),
                  "{resource: new maximum} when a cap changes"),
            field("rolls", group([field(key, rolls.get(key, listing(face)), what) for key, what in ROLL_KEYS]),
                  "{phase: die faces} as the sheet shows them: " + "; ".join(f"{k}: {v}" for k, v in ROLL_KEYS)),
        ],
        "resources": resources(game),
    }
