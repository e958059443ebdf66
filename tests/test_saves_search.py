"""The days of a save explained depth first (lostprint.saves.search.Days): one line of end states,
going back to a day's other ends only when a later day cannot go on, and the whole answer when
asked. A toy turn: a state is a number, a turn's spec the numbers it may add; a spec of None
keeps only even numbers (a later day that rules out an earlier guess)."""
from __future__ import annotations

from lostprint.saves.search import Days


def turn(states, spec):
    for s in states:
        if spec is None:
            if s % 2 == 0:
                yield s
            continue
        for add in spec:
            yield s + add


def test_a_legal_line_is_found_without_going_back():
    days = Days([0], turn)
    assert days.extend((2, 1)) and days.tip == 2  # the first end is kept
    assert days.extend(None) and days.tip == 2


def test_a_later_day_sends_the_line_back_to_an_earlier_ends_other_choice():
    days = Days([0], turn)
    assert days.extend((1, 2)) and days.tip == 1  # the first guess: odd
    assert days.extend((10,)) and days.tip == 11
    assert days.extend(None) and days.tip == 12  # odd ruled out: back to day 1's other end
    assert days.every(days.specs) == [12]


def test_no_line_and_a_spent_budget_both_say_no():
    days = Days([0], turn)
    assert days.extend((1, 3))
    assert not days.extend(None) and days.tip is None
    assert days.every() == [1, 3]  # the whole answer for the days before the one refused
    tight = Days([0], turn, budget=2)
    assert tight.extend((1, 3, 5, 2)) and tight.extend((0,))
    assert not tight.extend(None)  # the even end is there, past the budget
    assert tight.every(tight.specs) == [2]


# --- a toy engine for `walk` and `explain`: a turn rolls one die twice and adds the faces -----------

from dataclasses import dataclass  # noqa: E402
from types import SimpleNamespace  # noqa: E402

from lostprint.engine.contract import AUTO, Roll, RuleError, Step, evolve  # noqa: E402
from lostprint.saves.search import Record, explain, walk  # noqa: E402

ROLLS_A_TURN = 2


@dataclass(frozen=True)
class Tally:
    day: int = 0
    step: int = 0
    total: int = 0
    rolled: int = 0  # dice rolled this turn


def _toy(with_bounds: bool, counter: list):
    def roll(s, face):
        counter.append(face)
        return evolve(s, total=s.total + face, rolled=s.rolled + 1)

    steps = (
        Step("start", lambda s: AUTO, lambda s, _: evolve(s, day=s.day + 1, rolled=0), frozenset({"day"})),
        Step("roll", lambda s: Roll("die") if s.rolled < ROLLS_A_TURN else None, roll, frozenset({"total"}),
             repeat=True),
        Step("end", lambda s: AUTO, lambda s, _: s, frozenset()),
    )
    engine = SimpleNamespace(STEPS=steps, PARTS={"total": lambda s: s.total}, FACES=tuple(range(1, 7)),
                             outcome=lambda s: None, forget=lambda s: (s.step, s.total, s.rolled, s.day))
    if with_bounds:
        def bounds(s):
            left = ROLLS_A_TURN - s.rolled if s.step <= 1 and s.day else ROLLS_A_TURN * (s.step == 0)
            return {"total": (s.total + left, s.total + 6 * left)}
        engine.bounds = bounds
    return engine


def _record(total: int, bound, engine=None) -> Record:
    """The turn ending at `total`, pruned by the engine's bounds when `bound` (and the engine has them):
    a branch stops once `total` lies outside what the turn can still reach."""
    bounds = getattr(engine, "bounds", None) if bound else None

    def prune(s):
        least, most = bounds(s)["total"]
        return least <= total <= most
    return Record(turn=1, checks={"total": total}, order=("total",), prune=prune if bounds else None)


def test_a_bound_prunes_branches_without_changing_the_ends():
    for total in (2, 7, 12):
        plain, pruned = [], []
        ends = list(walk(_toy(False, plain), [Tally()], _record(total, False)))
        toy = _toy(True, pruned)
        bounded = list(walk(toy, [Tally()], _record(total, True, toy)))
        assert [e.total for e in bounded] == [e.total for e in ends]
        assert ends and len(pruned) <= len(plain)
        if total != 7:  # after a first roll no second one can mend, the second is not rolled
            assert len(pruned) < len(plain)
    spent = []
    assert list(walk(_toy(True, spent), [Tally()], _record(12, False))) and len(spent) == 6 + 6 * 6  # not bound


def test_a_value_out_of_reach_is_named_with_the_values_the_turn_reached():
    plain = _toy(False, [])
    ends, failure = explain(plain, [Tally(total=3)], _record(20, False))
    assert ends == [] and failure.kind == "part" and failure.key == "total"
    assert failure.reached == frozenset(range(5, 16)) and failure.starts == {3}


def test_a_refused_input_is_named_with_its_value_and_rule():
    toy = _toy(False, [])
    roll = toy.STEPS[1]

    def no_six(s, face):
        if face == 6:
            raise RuleError("no sixes", "a 6 is never rolled here")
        return roll.apply(s, face)
    toy.STEPS = (toy.STEPS[0], Step("roll", roll.need, no_six, roll.reach, repeat=True), toy.STEPS[2])
    record = Record(turn=1, inputs={"die": (2, 6)}, checks={"total": 8}, order=("total",))
    ends, failure = explain(toy, [Tally()], record)
    assert ends == [] and (failure.kind, failure.key, failure.value) == ("rule", "die", 6)
    assert failure.message == "a 6 is never rolled here"
    unrolled = Record(turn=1, checks={"total": 12}, order=("total",))  # 6 and 6 only, both refused
    ends, failure = explain(toy, [Tally()], unrolled)
    assert (failure.kind, failure.key, failure.reached) == ("part", "total", frozenset(range(2, 11)))  # no 6 rolled


@dataclass(frozen=True)
class Walker:
    day: int = 0
    step: int = 0
    total: int = 0
    pos: str = "home"
    food: int = 3


def test_a_branch_that_ends_the_game_early_is_not_the_furthest():
    """A roll of 1 ends the game where it stands (at home, food uneaten); any other face walks on, east
    on an even total, west on an odd one, and eats at the turn's end. A turn recorded at home with 2
    food is refused on where it ends, with the places the turn reaches going on; what the game's end
    gives is beside it."""
    steps = (
        Step("start", lambda s: AUTO, lambda s, _: evolve(s, day=s.day + 1), frozenset({"day"})),
        Step("roll", lambda s: Roll("die"), lambda s, face: evolve(s, total=s.total + face), frozenset({"total"})),
        Step("walk", lambda s: AUTO, lambda s, _: evolve(s, pos="east" if s.total % 2 == 0 else "west"),
             frozenset({"pos"})),
        Step("eat", lambda s: AUTO, lambda s, _: evolve(s, food=s.food - 1), frozenset({"food"})),
    )
    engine = SimpleNamespace(STEPS=steps, PARTS={"pos": lambda s: s.pos, "food": lambda s: s.food},
                             FACES=tuple(range(1, 7)), outcome=lambda s: "lost" if s.total == 1 else None)
    record = Record(turn=1, checks={"pos": "home", "food": 2}, order=("pos", "food"))
    ends, failure = explain(engine, [Walker()], record)
    assert ends == [] and (failure.kind, failure.key, failure.reached) == ("part", "pos", {"east", "west"})
    assert (failure.ended.kind, failure.ended.key, failure.ended.reached) == ("part", "food", {3})
    ended_only = Record(turn=1, inputs={"die": (1,)}, checks={"pos": "home", "food": 2}, order=("pos", "food"))
    ends, failure = explain(engine, [Walker()], ended_only)  # no branch goes on: the game's end is the failure
    assert (failure.kind, failure.key, failure.reached, failure.ended) == ("part", "food", {3}, None)
