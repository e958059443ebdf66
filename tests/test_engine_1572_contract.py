"""1572 on the one engine contract (lostprint.engine.contract): the day as STEPS, tested by vectors
(state, input -> what changed) per step and effect, refusals naming their rule, and the property the
save search prunes by: no input ever changes a part of the state outside its step's reach. The
players are deciders the one driver plays."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lostprint.engine import drive
from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, after, open_step, why_not
from lostprint.games.lost_expedition import KANTYI_ROLLS, TRACKER_KEYS, WONDER
from lostprint.maps.model import standard_map
from lostprint.players.lost_expedition import Careful, Naive, play, played
from lostprint.saves.rules_1572 import save_of

GM = standard_map("lost-expedition")
BOARD = eng.board_of(GM)
HERE = "F3"  # inland: F2 (N), G2 (NE) and E2 (NW) are river hexes, G3 (SE) and E3 (SW) are not
NC = "native-contact"
FOREST = {lab: "forest" for lab in ("F3", "F2", "G2", "G3", "E3")}  # forest: no modifier but hunting's +1


def at(key: str, dice=(2, 3, 4, 5, 6), wilds=(), expedition="archeology", inputs=None, terrain=None, **fields):
    """A state at step `key` of day 1 in HERE, planned with `dice`, with the phase's `inputs` so far;
    `fields` set the trackers by name (food=2) or any field of the state."""
    s = eng.new_game(BOARD, expedition)
    s = eng.replace(s, pos=HERE, terrain={**BOARD.printed, **(FOREST if terrain is None else terrain)})
    s = planned(eng.start_day(s), dice, wilds)
    values = list(s.values)
    for name in TRACKER_KEYS:
        if name in fields:
            values[TRACKER_KEYS.index(name)] = fields.pop(name)
    s = eng.replace(s, values=tuple(values), step=tuple(eng.STEP).index(key), **fields)
    return eng.replace(s, phase=key if inputs is not None else "", pending=eng.NOTHING if inputs is None else inputs)


def planned(s, dice, wilds=()):
    """`s` once planning has rolled `dice`, kept them all and given the WILDs `wilds`."""
    for value in (dice, dice, wilds):
        s = eng.STEP["planning"].apply(s, value)
    return s


def changes(before, after_) -> dict:
    a, b = eng.parts(before), eng.parts(after_)
    return {k: v for k, v in b.items() if a[k] != v}


def rolled(chart, roll, **more):
    """A chart's inputs: its roll, and the musket decision still open."""
    return dict(rolls=(roll,), **more)


ALL = (2, 2, 3, 4, 6)
TRAIL_DUE = at("exploring", inputs=rolled("exploring", (4, 5), musket=False, asks=eng.ASK["trail"]))  # 9: a trail
VECTORS = [
    ("start", eng.new_game(BOARD, "botany"), None, {"day": 1}),
    ("planning", at("planning"), ALL, {}),  # the dice wait for the keep and the WILDs
    ("planning", at("planning", inputs=dict(rolls=(ALL,))), (2, 2), {}),
    ("planning", at("planning", inputs=dict(rolls=(ALL,), keep=(2, 2))), (5, 5, 5), {}),  # the reroll
    ("planning", at("planning", inputs=dict(rolls=((2, 2, 2, 2, 6),), keep=(2, 2, 2, 2, 6)), conquistadors=3), (),
     {"conquistadors": 4,  # four of a kind: a conquistador joins
      "plan": eng.Plan((2, 2, 2, 2, 6), ("movement", "hunting"), (("movement", 3), ("hunting", 0)))}),
    ("planning", at("planning", inputs=dict(rolls=((1, 1, 2, 4, 4),), keep=(1, 1, 2, 4, 4))), (("movement", 2),),
     {"plan": eng.Plan((1, 1, 2, 4, 4), ("movement", "exploring"), (("movement", 2), ("exploring", 1)))}),
    ("planning", at("planning", inputs=dict(rolls=((1, 1, 1, 2, 3),), keep=(1, 1, 1, 2, 3)), fever=True), (),
     {"fever": False, "fever_today": "broken",  # three WILDs break it (and are not given)
      "plan": eng.Plan((1, 1, 1, 2, 3), ("movement", "mapping"), (("movement", 0), ("mapping", 0)))}),
    ("movement", at("movement"), (5, 5), {}),  # the musket's decision is still open
    ("movement", at("movement", inputs=rolled("movement", (5, 5)), movement=0), False, {"movement": 2}),  # 10: +2
    ("movement", at("movement", inputs=rolled("movement", (4, 4)), movement=0), False,
     {"movement": 1, "morale": 5}),  # 8: +1 and a morale lost
    ("movement", at("movement", inputs=rolled("movement", (1, 1), musket=True), movement=0, muskets=3), (5, 5),
     {"movement": 2, "muskets": 2}),  # a musket's reroll
    ("movement", at("movement", muskets=0), (1, 1), {"conquistadors": 5}),  # 2: an accident
    ("movement", at("movement", expedition="doctor", muskets=0), (1, 1), {"food": 5}),  # a doctor's costs food
    ("movement", at("movement", muskets=0), (2, 2),
     {"morale": 5, "fever": True, "fever_today": "struck"}),  # 4: +1 (movement is at its cap) and fever
    ("movement", at("movement", expedition="botany", muskets=0), (2, 2), {}),  # botany: immune to fever
    ("exploring", at("exploring", dice=(4, 4, 2, 3, 6), muskets=0), (3, 3),
     {"villages": (HERE,), "movement": 5, "marks": (("village", (HERE,)),)}),  # 6 + 1: a village
    ("exploring", at("exploring", expedition="religious", dice=(4, 4, 2, 3, 6), muskets=0), (3, 3),
     {"peaceful": (HERE,), "marks": (("peaceful-village", (HERE,)),)}),  # religious: every village peaceful
    ("exploring", at("exploring", terrain={**FOREST, HERE: "lake"}, dice=(4, 4, 2, 3, 6), muskets=0), (3, 3),
     {}),  # a lake discards villages
    ("exploring", at("exploring", muskets=0), (4, 5), {}),  # 9: a trail, where it leads still to decide
    ("exploring", TRAIL_DUE, "G3",
     {"trails": frozenset({frozenset((HERE, "G3"))}), "marks": (("trail", (HERE, "G3")),)}),
    ("exploring", at("exploring", muskets=0), (5, 6), {"interest_due": True}),  # 11: interests
    ("native-contact", at("native-contact", kantyi=True, food=3, muskets=0, inputs=rolled(NC, (1, 6))), 4,
     {"food": 4, "peaceful": (HERE,), "marks": (("peaceful-village", (HERE,)),)}),  # Kantyi: 1 -> 4, 10
    ("native-contact", at("native-contact", eclipse=2), 0,
     {"eclipse": 1, "empires": (HERE,), "marks": (("empire", (HERE,)),)}),  # the eclipse's chosen row
    ("hunting", at("hunting", food=2, inputs=rolled("hunting", (3, 4))), False,
     {"food": 3}),  # 7, and the forest's +1: 8, a food
    ("mapping", at("mapping", terrain={HERE: "forest"}), "G3", {}),
    ("mapping", at("mapping", inputs=dict(target="G3"), terrain={HERE: "forest"}), (6, 6),
     {"terrain": {**BOARD.printed, HERE: "forest", "G3": "plains"}, "mapped": (("G3", "plains"),)}),
    ("mapping", at("mapping", inputs=dict(target="G3"), terrain={HERE: "forest"}), (3, 4),
     {"terrain": {**BOARD.printed, HERE: "forest", "G3": "forest"}, "mapped": (("G3", "forest"),)}),
    ("interests", at("interests", interest_due=True), (2, 3), {}),  # 5: a Migration, its fill still to decide
    ("interests", at("interests", interest_due=True, inputs=dict(rolls=((2, 3),), asks=eng.ASK["fill"]), muskets=2,
                     food=1),
     True, {"interest_due": False, "interests": ((HERE, "migration"),), "migration": (HERE,), "food": 6,
            "muskets": 1, "marks": (("interest", (HERE,), "migration"),)}),
    ("eat", at("eat", food=3), None, {"food": 2}),
    ("eat", at("eat", food=0), None, {"conquistadors": 5}),
    ("eat", at("eat", food=0, migration=("G3",)), None, {}),  # next to a Migration: no ration
    ("travel", at("travel", movement=6), "G3", {"pos": "G3", "steps": ("G3",), "movement": 1}),
    ("travel", at("travel", movement=6, trails=frozenset({frozenset((HERE, "G3"))})), "G3",
     {"pos": "G3", "steps": ("G3",), "movement": 3}),  # a trail costs less
    ("travel", at("travel", movement=6), None, {}),  # stop
    ("morale", at("morale", morale=4, steps=("G3",)), None, {"morale": 6}),  # SE: +3, to the cap
    ("morale", at("morale", morale=1), None, {"morale": 0, "conquistadors": 5}),  # stayed: -1, a desertion
    ("end", at("end", pos="O4"), None, {"over": ("won", "the party reached the delta at O4")}),
    ("end", at("end", conquistadors=0), None, {"over": ("lost", "the last conquistador was lost")}),
    ("end", at("end", expedition="cartography", movement=3), "G3",
     {"trails": frozenset({frozenset((HERE, "G3"))}), "marks": (("trail", (HERE, "G3")),),
      "cartography": frozenset({HERE})}),
]


@pytest.mark.parametrize("key, before, value, want", VECTORS)
def test_1572_step_vectors(key, before, value, want):
    assert changes(before, eng.STEP[key].apply(before, value)) == want


REFUSED = [
    ("planning", at("planning"), (7, 1, 1, 1, 1), "planning"),
    ("planning", at("planning"), (1, 1, 1, 1), "planning"),
    ("planning", at("planning", inputs=dict(rolls=(ALL,))), (5,), "planning"),  # keep only dice rolled
    ("planning", at("planning", inputs=dict(rolls=((1, 2, 3, 3, 6),), keep=(1, 2, 3, 3, 6))), (("exploring", 1),),
     "wild"),
    ("planning", at("planning", inputs=dict(rolls=((1, 2, 3, 3, 6),), keep=(1, 2, 3, 3, 6))), (), "wild"),  # all given
    ("movement", at("movement"), (1, 2, 3), "movement"),
    ("native-contact", at("native-contact", kantyi=True, dice=(5, 2, 3, 4, 6), inputs=rolled(NC, (1, 2))),
     (3, 4, 5), "kantyi"),
    ("native-contact", at("native-contact", eclipse=1, dice=(5, 2, 3, 4, 6)), 9, "eclipse"),
    ("exploring", TRAIL_DUE, "O4", "trail"),
    ("exploring", TRAIL_DUE, None, "trail"),
    ("mapping", at("mapping"), "A1", "mapping"),  # printed: already mapped
    ("mapping", at("mapping", inputs=dict(target="G3"), terrain={HERE: "forest"}), (1, 2, 3), "mapping"),
    ("interests", at("interests", interest_due=True, inputs=dict(rolls=((1, 1),), asks=eng.ASK["lagos"])),
     ("A1", "A2", "B1"), "lagos-de-oro"),
    ("travel", at("travel", movement=6), "O4", "travel"),  # not next to the party
    ("travel", at("travel", movement=4), "G3", "travel"),  # 5 progress to enter
    ("travel", at("travel", movement=6, terrain={HERE: "forest"}), "G3", "travel"),  # not mapped
    ("travel", at("travel", movement=6, pos="A2", cataracts=frozenset({frozenset(("A2", "B2"))}),
                  terrain={"B2": "forest"}), "B2", "travel"),  # the printed cataract
    ("end", at("end"), "G3", "cartography"),  # not a Cartography expedition
]


@pytest.mark.parametrize("key, before, value, rule", REFUSED)
def test_1572_refusals_name_their_rule(key, before, value, rule):
    step = eng.STEP[key]
    with pytest.raises(RuleError) as err:
        step.apply(before, value)
    assert err.value.rule == rule and why_not(step, before, value) == str(err.value)


@pytest.mark.parametrize("phase, fields, inputs, asked", [
    ("movement", {}, {}, Roll("movement", 2)),  # Diego not found: his +1 is not asked
    ("movement", {"diego": True, "diego_used": True}, {}, Roll("movement", 2)),  # used today
    ("movement", {"diego": True}, {}, Decision("diego")),
    ("movement", {"muskets": 0}, dict(rolls=((1, 1),)), None),  # no musket to spend: no reroll
    ("movement", {}, dict(rolls=((1, 1), (5, 5)), musket=True), None),  # one reroll at most
    ("native-contact", {"dice": (5, 2, 3, 4, 6)}, dict(rolls=((1, 2),)), Decision("musket")),  # Kantyi not found
    ("interests", {"interest_due": True, "muskets": 0, "food": 1}, (2, 3), None),  # 5: a Migration
    ("interests", {"interest_due": True, "food": 1}, (2, 3), Decision("fill")),
])
def test_an_input_the_rules_do_not_allow_now_is_never_asked(phase, fields, inputs, asked):
    """Diego's +1 once he is found and not used today, a musket's reroll with a musket to spend and once,
    Princess Kantyi's rerolls once she is found, Migration's fill with a musket: asked then, never else
    (`inputs` the phase's so far, or the roll it takes)."""
    s = at(phase, inputs=inputs if isinstance(inputs, dict) else None, **fields)
    if not isinstance(inputs, dict):
        s = eng.STEP[phase].apply(s, inputs)
    assert eng.STEP[phase].need(s) == asked


def test_the_open_steps_ask_what_the_rules_leave_to_dice_and_player():
    need = {key: step.need for key, step in eng.STEP.items()}
    assert need["movement"](at("movement", diego=True)) == Decision("diego")
    assert need["movement"](at("movement")) == Roll("movement", 2)  # no Diego: not asked
    assert need["movement"](at("movement", inputs=rolled("movement", (1, 1)))) == Decision("musket")
    assert need["movement"](at("movement", inputs=rolled("movement", (1, 1), musket=True))) == Roll("movement", 2)
    near_empire = at("native-contact", dice=(5, 2, 3, 4, 6), empires=("G3",))
    assert need["native-contact"](near_empire) == Roll("native-contact", 1)  # near an empire: one die
    assert need["native-contact"](at("native-contact", dice=(5, 2, 3, 4, 6), eclipse=1)) == Decision("row")
    kantyi = at("native-contact", kantyi=True, dice=(5, 2, 3, 4, 6), inputs=rolled(NC, (1, 2)))
    assert need["native-contact"](kantyi) == Roll("kantyi", 2)
    assert need["exploring"](at("exploring")) == Roll("exploring", 2)
    assert need["exploring"](at("exploring", dice=(2, 3, 5, 6, 6))) is None  # no 4 planned
    assert need["mapping"](at("mapping")) == Decision("target")
    assert need["mapping"](at("mapping", terrain={**FOREST, "E2": "forest"})) is None  # nothing blank next door
    assert need["planning"](at("planning", inputs=dict(rolls=(ALL,), keep=(2, 2)))) == Roll("planning", 3)
    keeps = eng.keep_options(at("planning", inputs=dict(rolls=((2, 6, 2, 6, 6),))))
    assert keeps[0] == (2, 2, 6, 6, 6) and len(keeps) == 3 * 4 and () in keeps  # each set of faces once
    assert tuple(eng.OPTIONS["to"](at("travel", movement=6))) == (None, "F2", "G2", "G3", "E3")  # E2 blank
    assert need["end"](at("end", expedition="cartography", movement=3)) == Decision("cartography")
    assert need["end"](at("end")) is AUTO


def test_a_trail_rolled_where_no_trail_can_go_asks_nothing():
    s = at("exploring", muskets=0, trails=frozenset(frozenset((HERE, n)) for n in BOARD.neighbours[HERE]))
    new = eng.STEP["exploring"].apply(s, (4, 5))
    assert eng.STEP["exploring"].need(new) is None and changes(s, new) == {}


def test_lagos_de_oro_and_the_mission_are_decisions_of_their_own():
    step = eng.STEP["interests"]
    s = at("interests", interest_due=True)
    lagos = step.apply(s, (1, 1))  # 2: Lagos de Oro
    assert step.need(lagos) == Decision("lagos")
    assert tuple(step.options(lagos)) == eng.lagos_placements(lagos)
    mission = step.apply(s, (2, 2))  # 4: the Ruined Mission
    assert step.need(mission) == Decision("trail")
    done = step.apply(mission, "G3")
    assert changes(s, done)["trails"] == frozenset({frozenset((HERE, "G3"))}) and step.need(done) is None


# --- the property the search prunes by -------------------------------------------------------------


def inputs(state, step, need, rng):
    """The inputs the open step could take: every option, or a sample of its dice (every face for one die)."""
    if need is AUTO:
        return [None]
    if isinstance(need, Decision):
        return list(step.options(state))
    if need.dice == 1:
        return list(range(1, 7))
    return [tuple(rng.randint(1, 6) for _ in range(need.dice)) for _ in range(12)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_effect_stays_within_its_reach(seed):
    rng = random.Random(seed)
    s = eng.start(GM, rng.choice(("cartography", "botany", "military", "archeology", "religious", "doctor")))
    for _ in range(rng.randrange(50, 600)):
        found = open_step(eng.STEPS, s, eng.outcome)
        if found is None:
            break
        s, step, need = found
        before = eng.parts(s)
        legal = []
        for value in inputs(s, step, need, rng):
            try:
                new = step.apply(s, value)
            except RuleError as exc:
                assert not isinstance(need, Decision), (step.key, value, str(exc))  # every option is legal
                continue
            legal.append(new)
            changed = {k for k, x in eng.parts(new).items() if before[k] != x}
            assert changed <= step.reach, (step.key, value, changed - step.reach)
        assert legal, (step.key, need)  # an open step always has a legal input
        s = after(eng.STEPS, step, rng.choice(legal))


@pytest.mark.parametrize("key, before", [(k, b) for k, b, *_ in VECTORS + REFUSED])
def test_every_input_at_a_vector_state_stays_within_its_reach(key, before):
    """The same property at the tables' states, where random play seldom goes."""
    step = eng.STEP[key]
    need = step.need(before)
    parts = eng.parts(before)
    for value in inputs(before, step, need, random.Random(1)) if need is not None else ():
        try:
            new = step.apply(before, value)
        except RuleError:
            continue
        changed = {k for k, x in eng.parts(new).items() if parts[k] != x}
        assert changed <= step.reach, (key, value, changed - step.reach)


# --- the driver and the deciders ---------------------------------------------------------


@pytest.mark.parametrize("player", [Careful, Naive])
def test_the_driver_plays_the_deciders_to_the_end(player):
    final, events = played(player(3))
    assert eng.outcome(final) == final.over and final.over[0] in ("won", "lost")
    assert sum(1 for e in events if e.step == "start") == final.day
    assert eng.score(final) == eng.score(final, final.over[0])
    assert save_of(events, final, (), True) == play(3, None, player)


def test_a_game_played_by_the_driver_is_the_same_as_by_steps_alone():
    """drive.play with no record and the same seed gives the same last state as with one."""
    p = Careful(4)
    b = drive.play(eng, p.start(), p.decide, p.roll)
    assert eng.parts(b) == eng.parts(played(Careful(4))[0])


# --- what the save search reads of the engine --------------------------------------------------------


def test_forget_leaves_out_the_log_and_nothing_a_later_step_reads():
    s = at("hunting")
    assert eng.forget(eng.replace(s, log=("another story",))) == eng.forget(s)
    for changed in (dict(values=(1,) * len(TRACKER_KEYS)), dict(pos="G3"), dict(eclipse=2), dict(diego_used=True),
                    dict(marks_today=(("village", (HERE,)),)), dict(pending={"rolls": ((1, 1),)}, phase="hunting")):
        assert eng.forget(eng.replace(s, **changed)) != eng.forget(s), changed


@pytest.mark.parametrize("roll, rerolled", [((1, 2), 2), ((2, 3), 1), ((3, 6), 0), ((1,), 1), ((6,), 0)])
def test_princess_kantyi_rolls_again_the_dice_showing_one_or_two(roll, rerolled):
    assert eng.kantyi_count(roll) == rerolled


def test_diego_may_add_to_an_interests_roll_made_while_travelling():
    """The "diego-travelling" ruling: an interest found on entering a hex in phase 9 is rolled on phase 7's
    chart, so Diego's +1 is offered (once a day: not after it was used earlier that day)."""
    travel = eng.STEP["travel"]
    s = eng.replace(at("travel", diego=True, movement=6, terrain={**FOREST, "G1": "forest"}), pos="G2")
    entered = travel.apply(s, "G1")
    assert entered.interest_due and travel.need(entered) == Decision("diego")
    found = travel.apply(travel.apply(entered, True), (3, 4))
    assert found.interests == (("G1", "natural-wonder"),) and found.diego_used and "= 8:" in found.log[-1]
    used = travel.apply(eng.replace(s, diego_used=True), "G1")
    assert travel.need(used) == Roll("interests", 2)


def test_river_progress_only_from_the_river_hex_just_upstream():
    """The "river-next-hex" ruling: a river looping back on itself (F3 -> G3 -> G2, F3 next to G2), a step
    across the bend into a river hex further downstream gains nothing."""
    from dataclasses import replace

    board = replace(BOARD, river=("F3", "G3", "G2"))
    assert "G2" in board.neighbours["F3"]
    assert eng.river_gain(board, "F3", "G3") == eng.river_gain(board, "G3", "G2") == eng.R.river_progress
    assert eng.river_gain(board, "F3", "G2") == 0 and eng.river_gain(board, "G2", "G3") == 0


@pytest.mark.parametrize("a, b, trails, cataracts, why", [
    (HERE, "G3", (), (), ""),
    (HERE, "A1", (), (), "a trail joins two neighbouring hexes; F3 and A1 are not neighbours"),
    (HERE, "F2", (), (frozenset((HERE, "F2")),), "a trail cannot pass the cataract between F3 and F2"),
    (HERE, "G3", (frozenset((HERE, "G3")),), (), "there is already a trail between F3 and G3"),
])
def test_a_trail_the_engine_plays_is_the_one_a_save_may_record(a, b, trails, cataracts, why):
    """trail_problem: the engine's trail options and the save's refusal of a recorded trail are one rule."""
    assert eng.trail_problem(BOARD, frozenset(trails), frozenset(cataracts), a, b) == why
    st = eng.replace(at("exploring"), trails=frozenset(trails), cataracts=frozenset(cataracts))
    assert (b in eng.trail_options(st, a)) == (why == "")


@pytest.mark.parametrize("interests, key, repeat", [
    ((), "migration", False),
    ((("F3", "migration"),), "migration", True),
    ((("F3", WONDER),), WONDER, False),  # a natural wonder may be found again
])
def test_a_repeated_interest_is_a_natural_wonder(interests, key, repeat):
    assert eng.repeated(interests, key) is repeat
