"""1572's bounds (lostprint.engine.lost_expedition.bounds): what the rest of a day can still do to each
tracker, the interval a search over unknown rolls may prune a branch by. The property: whatever the
dice and decisions, every day ends inside the bounds of every state it passed through."""
from __future__ import annotations

import random

import pytest

from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import AUTO, Roll, open_step
from lostprint.games.lost_expedition import EXPEDITIONS, TRACKER_KEYS
from lostprint.maps.model import standard_map

GM = standard_map("lost-expedition")


def random_days(seed: int):
    """A game of random dice and random legal decisions: per day, (each state a step made, the values
    the day ended with)."""
    rng = random.Random(seed)
    st = eng.start(GM, EXPEDITIONS[seed % len(EXPEDITIONS)].key)
    made: list = [st]
    while True:
        found = open_step(eng.STEPS, st, eng.outcome)
        if found is None:
            return
        st, step, need = found
        if st.step == 0 and len(made) > 1:
            yield made, st.values
            made = [st]
        if need is AUTO:
            value = None
        elif isinstance(need, Roll):
            faces = tuple(rng.randint(1, 6) for _ in range(need.dice))
            value = faces if need.dice > 1 else faces[0]
        else:
            value = rng.choice(list(step.options(st)))
        new = step.apply(st, value)
        made.append(new)
        st = new if step.repeat else eng.replace(new, step=(new.step + 1) % len(eng.STEPS))


@pytest.mark.parametrize("seed", range(24))
def test_every_day_ends_inside_the_bounds_of_each_state_it_passed(seed):
    days = 0
    for made, end in random_days(seed):
        days += 1
        for state in made:
            reach = eng.bounds(state)
            for i, key in enumerate(TRACKER_KEYS):
                low, high = reach[key]
                assert low <= end[i] <= high, (seed, state.day, eng.STEPS[state.step].key, key, (low, high), end[i])
    assert days > 2


def test_the_bounds_close_in_as_the_day_goes_on():
    for made, end in random_days(3):
        widths = [sum(hi - lo for lo, hi in eng.bounds(s).values()) for s in made]
        assert widths[-1] == 0  # the day done: each tracker is what it ends at
        assert all(a >= b for a, b in zip(widths, widths[1:])), widths  # no step widens them


def test_food_is_bounded_by_the_ration_left_to_eat():
    st = eng.start(GM, "military")  # not archeology: no trail leads it to an interest
    food = 3
    values = eng._add(st.values, "food", food - st.get("food"))
    eaten = eng.replace(st, day=1, day_start=st.pos, step=eng.STEP_AT["eat"], values=values)
    assert eng.bounds(eaten)["food"] == (food, food)  # nothing left today feeds or costs food (no interest in reach)
    before = eng.replace(eaten, step=eng.STEP_AT["interests"], interest_due=False)
    assert eng.bounds(before)["food"] == (food - 1, food)  # a ration still to eat
    due = eng.replace(before, interest_due=True)
    assert eng.bounds(due)["food"] == (food - 1, eng.R.cap)  # a Migration may fill the food
