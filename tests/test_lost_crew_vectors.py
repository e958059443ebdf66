"""1672 engine tests by vectors: for each step and effect, a table of (state, dice or decision -> state),
the way the hex library is tested. Each row starts from day 1 begun at the standard map's start with
some orders, lays a few fields over that voyage, applies one step's input, and names what it must
become (or the rule a RuleError names). Supplies are (water, food, hull, wood, wounds today)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import RuleError
from lostprint.maps.model import standard_map

GM = standard_map("lost-crew")
WELL, WOUNDED, DEAD = eng.WELL, eng.WOUNDED, eng.DEAD
ALL_WELL = (WELL,) * 4
BEFORE_DAWN = ("sailors", "weather", "pos", "stores", "islands", "terrain")  # fields phase 1 reads


def voyage(orders=eng.Orders(), **fields):
    """Day 1 begun with `orders`; fields phase 1 reads are laid over the voyage before it, the rest after."""
    v = replace(eng.start(GM), **{k: x for k, x in fields.items() if k in BEFORE_DAWN})
    return replace(eng.begin_day(v, orders), **{k: x for k, x in fields.items() if k not in BEFORE_DAWN})


def apply(step: str, v, value):
    """The voyage step `step` makes of `v` with `value`, or the rule a RuleError names."""
    try:
        return eng.STEPS[eng.STEP_INDEX[step]].apply(v, value)
    except RuleError as exc:
        return exc.rule


def stores(result):
    return result if isinstance(result, str) else result.stores


@pytest.mark.parametrize("supplies, sailors, heal, want", [
    ((3, 3, 6, 0, 0), (WOUNDED, WELL, WELL, WELL), True, ((2, 3, 6, 0, 0), ALL_WELL)),
    ((1, 3, 6, 0, 0), (WOUNDED, WOUNDED, DEAD, WELL), True, ((0, 3, 6, 0, 0), (WELL, WELL, DEAD, WELL))),
    ((3, 3, 6, 0, 0), (WOUNDED, WELL, WELL, WELL), False, ((3, 3, 6, 0, 0), (WOUNDED, WELL, WELL, WELL))),
    ((0, 3, 6, 0, 0), (WOUNDED, WELL, WELL, WELL), True, "rest"),  # no Water to heal with
    ((3, 3, 6, 0, 0), ALL_WELL, True, "rest"),  # nobody to heal
])
def test_rest(supplies, sailors, heal, want):
    got = apply("rest", voyage(stores=supplies, sailors=sailors), heal)
    assert (got if isinstance(got, str) else (got.stores, got.sailors)) == want


@pytest.mark.parametrize("supplies, on_repair, wood, want", [
    ((3, 3, 4, 2, 0), True, 2, (3, 3, 6, 0, 0)),  # one Hull a Wood
    ((3, 3, 4, 3, 0), True, 2, (3, 3, 6, 1, 0)),
    ((3, 3, 4, 3, 0), True, 3, "repair"),  # above the Hull cap
    ((3, 3, 4, 1, 0), True, 2, "repair"),  # more Wood than the sloop holds
    ((3, 3, 4, 2, 0), False, 1, "repair"),  # nobody on Repair
    ((3, 3, 4, 2, 0), False, 0, (3, 3, 4, 2, 0)),
])
def test_repair(supplies, on_repair, wood, want):
    assert stores(apply("repair", voyage(eng.Orders(repair=on_repair), stores=supplies), wood)) == want


@pytest.mark.parametrize("weather, crew, pos, route, face, want", [
    # weather, the crew on Movement / Tacking / Anchorage, from, route steered, drift face -> (pos, hull, over)
    ("fair", ("movement",), "I7", ("I6", "H6"), None, ("H6", 6, None)),
    ("fair", ("movement",), "I7", ("I6", "H6", "G6"), None, "movement"),  # two hexes at most
    ("fair", (), "I7", (), 1, ("I6", 6, None)),  # nobody steering: the drift roll moves it
    ("fair", (), "I7", ("I6",), None, "movement"),  # ... and nobody steers it
    ("headwind", ("movement",), "I7", ("I6",), None, "movement"),  # Headwind needs Tacking too
    ("headwind", ("movement", "tacking"), "I7", ("I6",), None, ("I6", 6, None)),
    ("doldrums", (), "I7", (), None, ("I7", 6, None)),
    ("doldrums", (), "I7", (), 1, "movement"),  # no drift roll in the Doldrums
    ("storm", (), "I7", (), 2, ("J7", 3, None)),  # storm damage 3, then the drift
    ("storm", ("movement", "tacking"), "I7", (), 2, ("J7", 5, None)),  # one less a saving sailor
    ("storm", ("anchorage",), "J8", (), None, ("J8", 6, None)),  # at anchor at an island: no storm
    ("storm", (), "J8", (), 2, ("J8", 3, ("lost", "drifted off the map"))),
])
def test_move(weather, crew, pos, route, face, want):
    v = voyage(eng.Orders(**{c: True for c in crew}), weather=weather, pos=pos)
    got = apply("move", v, route if face is None else face)
    assert (got if isinstance(got, str) else (got.pos, got.stores[eng.H], got.over)) == want


def test_move_through_shoals_and_out_at_an_exit():
    v = voyage(eng.Orders(movement=True), pos="I7")
    shoals = replace(v, terrain=dict(v.terrain) | {"I6": "shoals"})
    assert apply("move", shoals, ("I6", "H6")).stores[eng.H] == 5  # a Hull for each shoal entered
    out = voyage(eng.Orders(movement=True), pos="B2")
    exit_ = next(x for x in GM.neighbors("B2") if x in eng.exits(GM))
    assert apply("move", out, (exit_,)).over == eng.ESCAPED
    assert apply("move", out, (exit_, "B2")) == "win"  # no move after the exit


@pytest.mark.parametrize("size, face, want", [
    # the island's size and its roll -> (cubes of water, wood, food; None: without end), natives
    ("small-island", 2, ((3, 0, 0), False)),
    ("small-island", 5, ((3, 2, 2), False)),
    ("medium-island", 5, ((4, 2, 2), True)),  # size bonus 1: the 6 row
    ("large-island", 4, ((None, 2, 2), True)),  # bonus 3: the 7 row
    ("large-island", 6, ((None, None, None), True)),
])
def test_landing_rolls_the_island(size, face, want):
    v = voyage(pos="H7", terrain=dict(GM.terrain) | {"H7": size})
    island = apply("island", v, face).island_at("H7")
    assert (island.cubes, island.natives) == want and island.roll == face


@pytest.mark.parametrize("pair, scanners, want", [
    ((4, 4), 1, "sea"), ((4, 5), 1, "shoals"), ((4, 5), 2, "small-island"), ((5, 6), 1, "medium-island"),
    ((6, 6), 1, "large-island"), ((5, 6), 2, "large-island"),  # every Scan slot filled: one more
])
def test_scan_colours_the_northmost_blank_neighbour(pair, scanners, want):
    v = voyage(eng.Orders(scan=scanners), pos="I7")
    after = apply("scan", v, pair)
    assert after.drawn == (("I6", want),) and after.spreading == ("I6" if want == "large-island" else "")


@pytest.mark.parametrize("cubes, picks, want", [
    # the island's cubes (water, wood, food), the picks -> supplies (water, food, hull, wood, wounds)
    ((3, 1, 0), ("water", "wood"), (4, 3, 6, 1, 0)),
    ((None, 0, 0), ("water", "water", "water"), (6, 3, 6, 0, 0)),  # never above the cap
    ((3, 0, 0), ("wood",), "gather"),  # no Wood on this island
    ((3, 1, 1), ("food", "food"), "gather"),
    ((3, 1, 1), ("food", "food", "food", "wood"), "gather"),  # three gatherers at most
])
def test_gather(cubes, picks, want):
    island = eng.Island(("H7",), "small-island", 4, cubes)
    v = voyage(eng.Orders(gather=3), pos="H7", terrain=dict(GM.terrain) | {"H7": "small-island"},
               islands=(eng.start(GM).islands[0], island), stores=(3, 3, 6, 0, 0))
    assert stores(apply("gather", v, picks)) == want


@pytest.mark.parametrize("goods, face, want", [
    # Goods offered, the encounter die -> (supplies, wounds waiting, the natives' answer)
    (0, 1, ((3, 3, 5, 1, 0), 1, "")),  # a wound, and the die is rolled again
    (0, 2, ((3, 3, 5, 1, 0), 0, "hostile")),
    (0, 3, ((3, 3, 5, 1, 0), 0, "ignore")),
    (0, 4, ((3, 3, 5, 1, 0), 0, "friendly")),  # the gift is the player's choice (next step)
    (0, 5, ((4, 4, 5, 2, 0), 0, "helpful")),
    (1, 5, ((6, 6, 4, 6, 0), 0, "revere")),  # a Good: Hull 1, and one more on the die
])
def test_an_encounter_roll(goods, face, want):
    v = voyage(stores=(3, 3, 5, 1, 0))
    v = apply("goods", v, goods)
    got = apply("natives", v, face)
    assert (got.stores, got.due, got.effect) == want


@pytest.mark.parametrize("hull, goods, want", [(5, 2, (3, 3, 3, 1, 0)), (1, 1, (3, 3, 0, 1, 0)), (1, 2, "natives")])
def test_goods_cost_hull(hull, goods, want):
    assert stores(apply("goods", voyage(stores=(3, 3, hull, 1, 0)), goods)) == want


@pytest.mark.parametrize("gift, want", [("water", (4, 3, 5, 1, 0)), ("wood", (3, 3, 5, 2, 0)),
                                        ("food", (3, 4, 5, 1, 0)), ("hull", "natives")])
def test_a_friendly_gift(gift, want):
    assert stores(apply("gift", voyage(stores=(3, 3, 5, 1, 0), effect="friendly"), gift)) == want


@pytest.mark.parametrize("weather, drinker, water, want", [
    ("fair", False, 2, ((1, 3, 6, 0, 0), 0)),  # the crew drinks
    ("fair", False, 0, ((0, 3, 6, 0, 0), 1)),  # ... or a sailor is wounded
    ("rain", True, 2, ((3, 3, 6, 0, 0), 0)),  # in Rain nobody drinks, a drinker catches one
    ("rain", False, 2, ((2, 3, 6, 0, 0), 0)),
    ("storm", True, 6, ((6, 3, 6, 0, 0), 0)),  # never above the cap
])
def test_drink(weather, drinker, water, want):
    v = voyage(eng.Orders(drink=drinker) if weather != "fair" else eng.Orders(), weather=weather,
               stores=(water, 3, 6, 0, 0))
    got = apply("drink", v, None)
    assert (got.stores, got.due) == want


@pytest.mark.parametrize("food, fish, want", [
    (2, False, ((3, 1, 6, 0, 0), 0)), (2, True, ((3, 2, 6, 0, 0), 0)),
    (0, False, ((3, 0, 6, 0, 0), 1)), (0, True, ((3, 0, 6, 0, 0), 1)),  # an empty larder wounds, fishing or not
])
def test_eat(food, fish, want):
    got = apply("eat", voyage(eng.Orders(fish=fish), stores=(3, food, 6, 0, 0)), None)
    assert (got.stores, got.due) == want


@pytest.mark.parametrize("hull, face, want", [(4, 3, (0, None)), (4, 4, (1, None)), (4, 6, (1, None)),
                                              (0, None, (0, ("lost", "the sloop sank")))])
def test_accident(hull, face, want):
    got = apply("accident", voyage(stores=(3, 3, hull, 0, 0)), face)
    assert (got.due, got.over) == want


@pytest.mark.parametrize("sailors, who, want", [
    (ALL_WELL, 2, ((WELL, WELL, WOUNDED, WELL), None)),
    ((WELL, WELL, WOUNDED, WELL), 2, ((WELL, WELL, DEAD, WELL), None)),  # a second wound kills
    ((DEAD, DEAD, DEAD, WOUNDED), 3, ((DEAD,) * 4, eng.ALL_DEAD)),
    ((DEAD, WELL, WELL, WELL), 0, "wound"),  # the dead take no wound
])
def test_the_player_chooses_who_takes_a_wound(sailors, who, want):
    got = apply("eat wound", voyage(sailors=sailors, due=1), who)
    assert (got if isinstance(got, str) else (got.sailors, got.over)) == want
    if not isinstance(got, str):
        assert got.due == 0 and got.stores[eng.N] == 1


@pytest.mark.parametrize("today, watch, faces, want", [
    ("fair", False, (1,), "storm"), ("fair", False, (6,), "fair"), ("rain", False, (6,), "rain"),
    ("doldrums", False, (5,), "fair"), ("fair", True, (1, 5), "fair"),  # a watcher rerolls a Storm once
    ("fair", True, (1, 1), "storm"), ("fair", True, (1, 6), "storm"),  # a Storm or No Change keeps it
    ("fair", True, (3,), "rain"),
])
def test_the_weather_roll(today, watch, faces, want):
    v = voyage(eng.Orders(watch=watch), weather=today)
    for face in faces:
        v = apply("weather", v, face)
    assert eng.skies_done(v) and v.weather == want


@pytest.mark.parametrize("face, want", [
    # a large island scanned at I6 from I7: the Direction roll places its second hex (\u2302)
    (1, ("I5", (("I6", "I5"),), "")), (5, ("H7", (("I6", "H7"),), "")),
    (3, (None, (), "I6")),  # J7 is coloured already: roll again
    (4, (None, (), "I6")),  # I7 is the sloop's hex: roll again
])
def test_a_large_island_spreads(face, want):
    v = voyage(eng.Orders(scan=1), pos="I7")
    v = replace(v, terrain=dict(v.terrain) | {"I6": "large-island"}, drawn=(("I6", "large-island"),), spreading="I6")
    got = apply("scan", v, face)
    second = next((lab for lab, t in got.drawn[1:] if t == "large-island"), None)
    assert (second, got.pairs, got.spreading) == want


@pytest.mark.parametrize("well, step, value, want", [
    # the jobs a search places as their phase comes, under phase 1's limits
    (4, "place crew", ("movement", "tacking"), {"movement": True, "tacking": True, "anchorage": False}),
    (1, "place crew", ("movement", "tacking"), "sailors"),  # more jobs than well sailors
    (4, "place scan", 2, {"scan": 2}),
    (4, "place scan", 3, "slots"),  # Scan has two places
    (4, "place gather", 1, "gather"),  # the day began at sea
])
def test_jobs_placed_as_their_phase_comes(well, step, value, want):
    sailors = (WELL,) * well + (WOUNDED,) * (4 - well)
    got = apply(step, voyage(eng.LATER, sailors=sailors, pos="I7"), value)
    assert (got if isinstance(got, str) else {k: getattr(got.orders, k) for k in want}) == want


@pytest.mark.parametrize("hexes, size, want", [
    # an island landed on: a large one covers two hexes that touch, any other one, each mapped as that island
    (("I6", "I5"), "large-island", None), (("I6", "H7"), "large-island", None),
    (("I6", "I4"), "large-island", ("island", "a large island's two hexes touch")),
    (("I6",), "large-island", ("island", "a large island covers 2 hexes, not 1")),
    (("I6",), "small-island", None), (("I6", "I5"), "medium-island", ("island", "a medium island covers 1 hex, not 2")),
    (("I6", "J7"), "large-island", ("mapped", "J7 is not mapped, not a large island")),
    (("I6",), "medium-island", ("mapped", "I6 is small-island, not a medium island")),
])
def test_where_an_island_lies(hexes, size, want):
    terrain = {lab: size for lab in ("I6", "I5", "H7", "I4")} if size != "medium-island" else {"I6": "small-island"}
    try:
        assert eng.island_lies(GM, terrain, hexes, size) is None and want is None
    except RuleError as exc:
        assert (exc.rule, str(exc)) == want


WHY_BURIED = " (the X marks where a sailor died, on the day he died: list him under lost that day)"


@pytest.mark.parametrize("burials, died, want", [
    # a burial marks where a sailor died, on the day he died: no more burials on a day than deaths that day
    (0, 0, None), (1, 1, None), (2, 2, None), (1, 2, None),
    (1, 0, "1 burials for 0 sailors lost today" + WHY_BURIED),
    (3, 2, "3 burials for 2 sailors lost today" + WHY_BURIED),
])
def test_burials_follow_deaths(burials, died, want):
    try:
        assert eng.buried(burials, died) is None and want is None
    except RuleError as exc:
        assert (exc.rule, str(exc)) == ("burial", want)
