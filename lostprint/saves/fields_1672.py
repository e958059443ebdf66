"""1672: The Lost Crew: the fields of a save's days and marks, described from the game's data
(the vocabulary: lostprint.saves.fields_common)."""
from __future__ import annotations

from lostprint.games.lost_crew import ISLAND_SUPPLIES, slot_count
from lostprint.saves.fields_common import (
    choice,
    counts,
    faces,
    field,
    flag,
    group,
    hex_,
    hexes,
    listing,
    mark,
    multi,
    resources,
)

ISLAND = "-island"  # an island terrain's key is its size and this: small-island, large-island
LARGE = "large"  # the island size that covers the rules' large_hexes (every other size: one hex)


def island_sizes(crew) -> dict[str, str]:
    """Each island size a save may write -> the terrain it is coloured: {"small": "small-island", ...}."""
    return {terrain.removesuffix(ISLAND): terrain for terrain, _ in crew.island_bonus}


def default_sailors(crew) -> tuple[str, ...]:
    """The crew's names when a save's setup names none: sailor 1, sailor 2..."""
    return tuple(f"sailor {n}" for n in range(1, crew.sailors + 1))


def fields(game) -> dict:
    """What a 1672 save records beyond the shared day fields."""
    crew = game.rules
    face = faces(b.low for b in game.chart("direction").bands)  # a six-sided die, as the Direction chart numbers it
    sizes = island_sizes(crew)
    sailors = multi(default_sailors(crew), unique=True, options_from="setup.sailors")
    weathers = [w.key for w in crew.weathers]
    rolled = [r.phase for r in crew.rolls]  # a roll key may be written as the sheet prints its phase or its chart
    sheet = {t.name: next(r.key for r in crew.rolls if r.phase == t.phase)
             for t in crew.tasks if rolled.count(t.phase) == 1}  # Native Encounter, Sloop Accident, Weather Watch
    sheet |= {c.title: c.key for c in game.charts if c.key in {r.key for r in crew.rolls}}
    return {
        "marks": [
            mark("island", group([field("hexes", {**hexes(), "count_of": {LARGE: crew.large_hexes}}),
                                  field("size", {**choice(sizes), "terrain_of": sizes}),
                                  field("natives", flag(False)), field("roll", face)],
                                 required=("hexes", "size")),
                 "{hexes, size, natives, roll} on landing at a new island"),
            mark("burial", hex_(), "a hex: where a sailor was buried at sea"),
            mark("sea", hex_(), "a hex coloured sea today"),
            mark("shoals", hex_(), "a hex coloured shoals today"),
        ],
        "day": [
            field("weather", choice(weathers, [w.name for w in crew.weathers]),
                  f"today's weather: {', '.join(weathers[:-1])} or {weathers[-1]}", carry=True),
            field("wounded", sailors, "sailors wounded today"),
            field("healed", sailors, f"sailors healed today (Rest, {crew.rest_water} Water)"),
            field("lost", sailors, "sailors who died today (a second wound)"),
            field("gathered", counts(ISLAND_SUPPLIES, 0, slot_count("gather"),
                                     {t.name: t.key for t in game.trackers if t.key in ISLAND_SUPPLIES}),
                  "{" + ", ".join(ISLAND_SUPPLIES) + "} gathered from the island today"),
            field("rolls", {**group([field(r.key, listing(face if r.dice == 1 else listing(face, r.dice, r.dice),
                                                          least=1, most=1 if r.per == "day" else None,
                                                          single=r.dice == 1), r.what)
                                     for r in crew.rolls]), "names": sheet},
                  "the day's dice, by phase: " + ", ".join(r.key for r in crew.rolls)),
        ],
        "resources": resources(game),
    }
