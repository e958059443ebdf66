"""The engine contract (lostprint.engine.contract), the one driver (lostprint.engine.drive) and 1672
on them, tested by vectors the way the hex library is: (state, input -> state) tables per step and
effect, and a property: no step ever changes a part of the state outside its reach, which is what the
save search prunes by."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lostprint.engine import drive
from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, Step, after, evolve, open_step, why_not
from lostprint.maps.model import standard_map

GM = standard_map("lost-crew")


# --- the contract itself, on a toy game ------------------------------------------------------------


@dataclass(frozen=True)
class Toy:
    step: int = 0
    total: int = 0
    rolls: int = 0
    over: bool = False


def _add(t, face):
    if face < 1:
        raise RuleError("faces", f"a die has no face {face}")
    t = evolve(t, total=t.total + face, rolls=t.rolls + 1)
    return evolve(t, over=t.total >= 10)


TOY = (
    Step("pass", lambda t: None, lambda t, _: t),
    Step("bet", lambda t: Decision("bet"), lambda t, n: evolve(t, total=t.total + n), frozenset({"total"}),
         lambda t: (0, 1)),
    Step("roll", lambda t: Roll("d", 1) if t.rolls < 2 else None, _add, frozenset({"total"}), repeat=True),
    Step("tick", lambda t: AUTO, lambda t, _: evolve(t, rolls=0)),
)


class ToyEngine:
    STEPS = TOY

    @staticmethod
    def outcome(t):
        return "done" if t.over else None


def test_open_step_passes_the_steps_with_nothing_to_do():
    state, step, need = open_step(TOY, Toy(), ToyEngine.outcome)
    assert step.key == "bet" and need == Decision("bet") and state.step == 1
    assert open_step(TOY, Toy(over=True), ToyEngine.outcome) is None


def test_a_repeat_step_stays_open_until_its_need_is_none():
    t = Toy(step=2)
    assert after(TOY, TOY[2], t).step == 2 and after(TOY, TOY[1], replace(t, step=1)).step == 2
    assert after(TOY, TOY[3], replace(t, step=3)).step == 0  # the turn wraps round


def test_why_not_names_the_rule_a_value_breaks():
    assert why_not(TOY[2], Toy(step=2), 0) == "a die has no face 0"
    assert why_not(TOY[2], Toy(step=2), 3) is None
    with pytest.raises(RuleError) as err:
        TOY[2].apply(Toy(), -1)
    assert err.value.rule == "faces"


def test_evolve_is_replace():
    t = Toy(total=3)
    assert evolve(t, rolls=2) == replace(t, rolls=2) and t.rolls == 0


def test_the_driver_plays_with_any_decider_and_dice():
    events: list = []
    faces = iter([6, 1, 5])
    final = drive.play(ToyEngine, Toy(), lambda t, step, need: 1, lambda need: next(faces), record=events)
    assert final.over and final.total == 14
    assert [(e.step, e.value) for e in events] == [("bet", 1), ("roll", 6), ("roll", 1), ("tick", None),
                                                    ("bet", 1), ("roll", 5)]
    assert all(e.before.step == TOY.index(next(s for s in TOY if s.key == e.step)) for e in events)


# --- 1672 by vectors: (state, input -> state) per step -----------------------------------------------


def at(step: str, orders=eng.Orders(), **fields) -> eng.Voyage:
    v = replace(eng.start(GM), orders=orders, step=eng.STEP_INDEX[step], day=1)
    if "terrain" in fields:
        fields["terrain"] = dict(v.terrain) | fields["terrain"]
    return replace(v, **fields)


W, WD, D = eng.WELL, eng.WOUNDED, eng.DEAD
O = eng.Orders
SMALL = eng.Island(("H7",), "small-island", 4, (3, 1, 1), natives=True)

VECTORS = [
    # (step, state before, input, the parts it changes: {part: value after})
    ("rest", at("rest", sailors=(W, WD, WD, D), resting=(1, 2)), True,
     {"water": 5, "sailors": (W, W, W, D)}),
    ("rest", at("rest", sailors=(W, WD, W, W), resting=(1,)), False, {}),
    ("repair", at("repair", O(repair=True), stores=(6, 6, 3, 4, 0)), 2, {"hull": 5, "wood": 2}),
    ("repair", at("repair", O(repair=True), stores=(6, 6, 3, 4, 0)), 0, {}),
    ("move", at("move", O(movement=True), pos="I7"), ("H7", "G7"), {"pos": "G7"}),
    ("move", at("move", O(movement=True, tacking=True), weather="storm", pos="I7"), 1,
     {"pos": "I6", "hull": 5}),  # N, and a crew on both saves 2 of the 3
    ("move", at("move", O(), weather="storm", pos="I7"), 1, {"pos": "I6", "hull": 3}),
    ("move", at("move", O(movement=True), pos="I7", terrain={"H7": "shoals"}), ("H7",), {"pos": "H7", "hull": 5}),
    ("island", at("island", pos="H7", terrain={"H7": "small-island"}), 4,
     {"islands": eng.start(GM).islands + (eng.Island(("H7",), "small-island", 4, (3, 1, 1)),)}),
    ("island", at("island", pos="H7", terrain={"H7": "medium-island"}), 5,  # 5 + 1: natives
     {"islands": eng.start(GM).islands + (eng.Island(("H7",), "medium-island", 5, (4, 2, 2), natives=True),)}),
    ("gather", at("gather", O(gather=3), pos="H7", terrain={"H7": "small-island"}, stores=(2, 2, 6, 0, 0),
                  islands=(SMALL,)), ("food", "water", "wood"),
     {"water": 3, "food": 3, "wood": 1, "islands": (replace(SMALL, cubes=(2, 0, 0)),)}),
    ("goods", at("goods", pos="H7", islands=(SMALL,)), 2, {"hull": 4}),
    ("natives", at("natives", pos="H7", islands=(SMALL,)), 1, {"wounds": 1}),
    ("natives", at("natives", pos="H7", islands=(SMALL,), goods=1), 1,  # 1 + 1 Good: hostile
     {"islands": (replace(SMALL, hostile=True),)}),
    ("natives", at("natives", pos="H7", islands=(SMALL,), stores=(1, 2, 6, 0, 0)), 5,
     {"water": 2, "food": 3, "wood": 1}),
    ("natives", at("natives", pos="H7", islands=(SMALL,), stores=(1, 2, 6, 0, 0)), 6,
     {"water": 6, "food": 6, "wood": 6}),
    ("gift", at("gift", effect="friendly", stores=(1, 2, 6, 0, 0)), "wood", {"wood": 1}),
    ("drink", at("drink", stores=(0, 6, 6, 0, 0)), None, {"wounds": 1}),
    ("drink", at("drink", stores=(2, 6, 6, 0, 0)), None, {"water": 1}),
    ("drink", at("drink", O(drink=True), weather="rain", stores=(2, 6, 6, 0, 0)), None, {"water": 3}),
    ("drink", at("drink", weather="storm", stores=(2, 6, 6, 0, 0)), None, {}),
    ("eat", at("eat", stores=(6, 0, 6, 0, 0)), None, {"wounds": 1}),
    ("eat", at("eat", O(fish=True), stores=(6, 0, 6, 0, 0)), None, {"wounds": 1}),
    ("eat", at("eat", O(fish=True), stores=(6, 3, 6, 0, 0)), None, {}),
    ("eat", at("eat", stores=(6, 3, 6, 0, 0)), None, {"food": 2}),
    ("accident", at("accident", stores=(6, 6, 3, 0, 0)), 3, {"wounds": 1}),
    ("accident", at("accident", stores=(6, 6, 3, 0, 0)), 2, {}),
    ("accident", at("accident", stores=(6, 6, 0, 0, 0)), None, {"over": ("lost", "the sloop sank")}),
    ("drink wound", at("drink wound", sailors=(W, WD, W, W), due=1), 1,
     {"sailors": (W, D, W, W)}),
    ("drink wound", at("drink wound", sailors=(D, WD, D, D), due=1), 1,
     {"sailors": (D, D, D, D), "over": ("lost", "the last sailor died")}),
    ("weather", at("weather"), 3, {"weather": "rain"}),
    ("weather", at("weather"), 6, {}),  # no change
    ("weather", at("weather", O(watch=True), weather="rain", skies=(1,)), 5, {"weather": "fair"}),  # the reroll
    ("weather", at("weather", O(watch=True), weather="rain", skies=(1,)), 6, {"weather": "storm"}),  # No Change
]


@pytest.mark.parametrize("key, before, value, changes", VECTORS)
def test_1672_step_vectors(key, before, value, changes):
    step = eng.STEPS[eng.STEP_INDEX[key]]
    state = step.apply(before, value)
    got = {k: v for k, v in eng.parts(state).items() if eng.parts(before)[k] != v}
    assert got == changes


REFUSED = [
    ("assign", at("assign", sailors=(W, WD, WD, W)), O(movement=True, scan=2), "sailors"),
    ("assign", at("assign"), O(repair=True, movement=True, tacking=True, scan=2), "sailors"),
    ("assign", at("assign"), O(gather=1), "gather"),  # placed while the sloop is at sea (below)
    ("assign", at("assign", weather="storm"), O(fish=True), "fish"),
    ("repair", at("repair", O(repair=True), stores=(6, 6, 5, 3, 0)), 2, "repair"),
    ("move", at("move", O(movement=True, tacking=True), weather="headwind", pos="I7"), ("H7", "G7"), "movement"),
    ("move", at("move", O(), weather="fair", pos="I7"), ("H7",), "movement"),  # adrift: nobody steers
    ("gather", at("gather", O(gather=2), pos="H7", terrain={"H7": "small-island"},
                  islands=(replace(SMALL, cubes=(3, 0, 1)),)), ("wood",), "gather"),
    ("goods", at("goods", pos="H7", islands=(SMALL,), stores=(6, 6, 1, 0, 0)), 2, "natives"),
    ("drink wound", at("drink wound", sailors=(W, D, W, W), due=1), 1, "wound"),
]


@pytest.mark.parametrize("key, before, value, rule", REFUSED)
def test_1672_refusals_name_their_rule(key, before, value, rule):
    step = eng.STEPS[eng.STEP_INDEX[key]]
    if key == "assign" and rule == "gather":
        before = replace(before, pos="I7")  # at sea when the sailors are placed
    with pytest.raises(RuleError) as err:
        step.apply(before, value)
    assert err.value.rule == rule and why_not(step, before, value) == str(err.value)


def test_jobs_placed_as_their_phases_come_are_legal_in_phase_one():
    """A search gives LATER in phase 1 and places each job before its phase: every assignment it
    reaches is one the player could have given in phase 1 (none gets more than the rules allow)."""
    rng = random.Random(7)
    for _ in range(60):
        v = eng.start(GM)
        dawn = None
        for _ in range(rng.randrange(20, 300)):
            found = open_step(eng.STEPS, v, eng.outcome)
            if found is None:
                break
            v, step, need = found
            if step.key == "assign":
                dawn = v
            if step.key == "weather" and dawn is not None:
                placed = eng.Orders(*(getattr(v.orders, job) or 0 for job in eng.JOBS))
                eng.begin_day(dawn, placed)  # raises if phase 1 could not have given it
            values = inputs(v, step, need)
            if step.key == "assign":
                values = [eng.LATER]
            legal = []
            for value in values:
                try:
                    legal.append(step.apply(v, value))
                except RuleError:
                    pass
            v = after(eng.STEPS, step, rng.choice(legal))


def test_the_assign_options_are_the_legal_orders():
    v = at("assign", sailors=(W, WD, W, D), pos="I7")
    options = eng.all_orders(v)
    assert eng.Orders() in options and O(movement=True, scan=1) in options
    assert all(o.sailors <= 2 and not o.gather for o in options)  # two well sailors, the sloop at sea
    assert O(repair=True) not in options  # no Wood: offered without him
    for orders in options + (O(repair=True), O(movement=True, tacking=True)):
        eng.begin_day(replace(v, step=0), orders)  # every one is legal, and so are useless sailors


def test_a_decider_gives_every_job_in_phase_one():
    v = eng.begin_day(eng.start(GM), O(movement=True, scan=2))
    assert v.orders == O(movement=True, scan=2)
    assert all(eng.STEPS[i].need(v) is None for i, s in enumerate(eng.STEPS) if s.key.startswith("place"))


# --- the property the search prunes by -------------------------------------------------------------


def inputs(state, step, need):
    """Every input the open step could take: its options, or every face of its dice."""
    if need is AUTO:
        return [None]
    if isinstance(need, Decision):
        return list(step.options(state))
    if need.dice == 1:
        return list(eng.FACES)
    return [(a, b) for a in eng.FACES for b in eng.FACES]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_effect_stays_within_its_reach(seed):
    rng = random.Random(seed)
    v = eng.start(GM)
    for _ in range(rng.randrange(30, 200)):
        found = open_step(eng.STEPS, v, eng.outcome)
        if found is None:
            break
        v, step, need = found
        before = eng.parts(v)
        legal = []
        for value in inputs(v, step, need):
            try:
                new = step.apply(v, value)
            except RuleError:
                continue
            legal.append(new)
            changed = {k for k, x in eng.parts(new).items() if before[k] != x}
            assert changed <= step.reach, (step.key, value, changed - step.reach)
        assert legal, (step.key, need)  # an open step always has a legal input
        v = after(eng.STEPS, step, rng.choice(legal))


@pytest.mark.parametrize("key, before", [(k, b) for k, b, *_ in VECTORS + REFUSED])
def test_every_input_at_a_vector_state_stays_within_its_reach(key, before):
    """The same property at the tables' states, where random play seldom goes (repairs, gathering)."""
    step = eng.STEPS[eng.STEP_INDEX[key]]
    need = step.need(before)
    parts = eng.parts(before)
    for value in inputs(before, step, need) if need is not None else ():
        try:
            new = step.apply(before, value)
        except RuleError:
            continue
        changed = {k for k, x in eng.parts(new).items() if parts[k] != x}
        assert changed <= step.reach, (key, value, changed - step.reach)


# --- the one search (lostprint.saves.search) over the 1672 steps ---------------------------------------


def _days(seed):
    """A careful voyage through the driver, cut into days: (state at dawn, the day's events, its end)."""
    from lostprint.engine import drive
    from lostprint.players.lost_crew import Captain

    player, events = Captain(seed), []
    drive.play(eng, player.start(), player.decide, player.roll, player.days, events)
    days = []
    for e in events:
        if e.step == "assign":
            days.append([])
        days[-1].append(e)
    return [(d[0].before, d, d[-1].state) for d in days]


def _record(day_events, end, rolls=True):
    from lostprint.saves.search import Record

    inputs: dict = {}
    for e in day_events:
        key = e.need.key
        if key in ("route", "heal", "gather") or (rolls and not isinstance(e.need, Decision) and e.value is not None):
            inputs.setdefault(key, []).append(e.value if key != "gather" else tuple(sorted(e.value)))
    order = ("pos", "terrain", "water", "food", "hull", "wood", "wounds", "sailors")
    inputs["orders"] = [eng.LATER]  # the jobs are not recorded: placed as their phases come
    return Record(turn=end.day, inputs={k: tuple(v) for k, v in inputs.items()},
                  optional=frozenset({"route", "heal", "gather"}),
                  checks={p: eng.PARTS[p](end) for p in order}, order=order,
                  partial={"terrain": lambda d: set(d) <= set(end.drawn)})


@pytest.mark.parametrize("rolls, seeds, days", [(True, 3, 60), (False, 1, 4)])
def test_the_search_explains_each_played_day_from_what_it_records(rolls, seeds, days):
    from lostprint.saves.search import explain

    for seed in range(seeds):
        starts = None
        for dawn, events, end in _days(seed)[:days]:
            starts = starts if starts is not None else [dawn]
            ends, failure = explain(eng, starts, _record(events, end, rolls))
            assert failure is None, (seed, end.day, failure)
            assert end.over or eng.forget(replace(end, step=0)) in {eng.forget(e) for e in ends}
            starts = [e for e in ends if e.weather == end.weather and not e.over] or ends


def test_the_search_names_what_no_branch_reaches():
    from dataclasses import replace as rep

    from lostprint.saves.search import explain

    dawn, events, end = _days(0)[0]
    record = _record(events, end)
    record = rep(record, checks=dict(record.checks, water=end.stores[eng.W] + 1))
    ends, failure = explain(eng, [dawn], record)
    assert ends == [] and failure.kind == "part" and failure.key == "water"
    assert end.stores[eng.W] in failure.reached
    record = _record(events, end)
    too_far = rep(record, inputs=dict(record.inputs, route=(("I7", "H7", "G7"),)), checks=dict(record.checks, pos="G7"))
    ends, failure = explain(eng, [dawn], too_far)
    assert failure.kind == "rule" and "at most 2" in failure.message


# --- what the search merges and skips (lostprint.engine.lost_crew: faces, forget, spare) ---------------


def test_the_weather_roll_tries_one_face_per_tomorrow():
    v = at("weather", O(watch=False), weather="fair")
    tried = eng.faces(v, eng.ROLL["weather"])
    tomorrows = {eng.watch(v, f).weather for f in tried}
    assert len(tried) == len(tomorrows) < len(eng.FACES)
    assert tomorrows == {eng.watch(v, f).weather for f in eng.FACES}


def test_a_watcher_rerolls_once_among_the_first_faces():
    v = at("weather", O(watch=True), weather="fair")
    tried = eng.faces(v, eng.ROLL["weather"])
    waiting = [f for f in tried if not eng.skies_done(eng.watch(v, f))]
    assert len(waiting) == 1  # every first face a watcher rerolls does the same: one is tried
    again = eng.watch(v, waiting[0])
    assert {eng.watch(again, f).weather for f in eng.faces(again, eng.ROLL["weather"])} == \
        {eng.watch(again, f).weather for f in eng.FACES}


def test_a_finished_job_nobody_took_is_forgotten_alike_placed_or_not():
    placed = at("drink", O(repair=False, gather=0, scan=0, drink=None, fish=None, watch=None), hands=4)
    passed = at("drink", O(repair=None, gather=None, scan=None, drink=None, fish=None, watch=None), hands=4)
    assert eng.forget(placed) == eng.forget(passed)
    assert hash(eng.forget(placed)) == hash(eng.forget(passed))


def test_spare_sailors_are_left_to_the_search_to_weigh():
    """Two voyages alike but for the sailors already used on finished jobs: `forget` makes them equal
    and `spare` says which can do more, so a search walks only that one."""
    busy = at("drink", O(scan=2, drink=None, fish=None, watch=None), hands=4)
    idle = at("drink", O(scan=1, drink=None, fish=None, watch=None), hands=4)
    assert eng.forget(busy) == eng.forget(idle)
    assert eng.spare(idle) == eng.spare(busy) + 1 == 3
    # what the spare sailors allow: the idle crew may still put two on Drink Water and Fish, the busy one too
    assert set(eng.STEPS[eng.STEP_INDEX["place drink"]].options(idle)) >= \
        set(eng.STEPS[eng.STEP_INDEX["place drink"]].options(busy))


def test_the_search_walks_the_voyage_with_more_spare_sailors():
    """Of two starts alike but for their spare sailors, the search keeps the one that can do more,
    whichever it meets first: a day that needs the spare sailor is still explained."""
    from lostprint.saves.search import Record, explain

    orders = O(repair=False, movement=False, tacking=False, anchorage=False, scan=2, gather=0, drink=None,
               fish=None, watch=None)
    busy = at("place drink", orders, hands=2, weather="rain", stores=(2, 5, 6, 0, 0))
    idle = at("place drink", replace(orders, scan=1), hands=2, weather="rain", stores=(2, 5, 6, 0, 0))
    want = eng.PARTS["water"](busy) + eng.RULES.rain_catch
    record = Record(turn=1, inputs={"weather": (1,), "accident": (1,)}, checks={"water": want}, order=("water",))
    for starts in ([busy, idle], [idle, busy]):
        ends, failure = explain(eng, starts, record)
        assert failure is None and ends


def test_a_turn_can_stop_at_its_last_roll_for_the_next_record_to_read():
    """Record.until: the day ends with its weather roll open (one state for every tomorrow), and the
    next day's record reads the roll with the weather it was sailed in."""
    from dataclasses import replace as rep

    from lostprint.saves.search import Record, explain

    dawn, events, end = _days(0)[0]
    record = rep(_record(events, end, rolls=False), until="weather")
    waiting, failure = explain(eng, [dawn], record)
    assert failure is None and waiting
    assert {v.step for v in waiting} == {eng.STEP_INDEX["weather"]} and {v.skies for v in waiting} == {()}
    read, failure = explain(eng, waiting, Record(turn=end.day, checks={"weather": end.weather}, order=("weather",)))
    assert failure is None and {v.weather for v in read} == {end.weather}
    assert eng.forget(rep(end, step=0)) in {eng.forget(v) for v in read}
    other = next(w for w in ("fair", "storm") if w != end.weather)
    _, failure = explain(eng, waiting, Record(turn=end.day, checks={"weather": "nowhere"}, order=("weather",)))
    assert failure.kind == "part" and failure.key == "weather" and other in failure.reached
