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
