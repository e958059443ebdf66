"""One driver: plays any engine (lostprint.engine.contract) with any decider and any dice.

A decider is `decide(state, step, need) -> value` for an open Decision; dice are
`roll(need) -> value` for an open Roll (one face for one die, a tuple of faces for more). The driver
asks the engine which step is open, gets its input from the decider or the dice, and applies it; it
holds no rule. `record` (a list) hears each input as an `Event`, in order: what a transcript turns
into a save.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from lostprint.engine.contract import AUTO, Decision, after, evolve, open_step

# a frozen state's field set in place (only on a state apply has just made): object.__setattr__ leaves a
# state's fields where Python keeps them (an instance dict is made only when something asks for one)
set_field = object.__setattr__


class Event(NamedTuple):
    """One input the game took: the step, what it needed, the value given, the state before and after."""

    step: str
    need: object
    value: Any
    before: Any
    state: Any


def autos(engine, state, events: list):
    """Apply the AUTO steps now open, each heard in `events` as an Event; the state that next asks for an
    input (or is over)."""
    while True:
        found = open_step(engine.STEPS, state, engine.outcome)
        if found is None:
            return state
        state, step, need = found
        if need is not AUTO:
            return state
        new = after(engine.STEPS, step, step.apply(state, None))
        events.append(Event(step.key, need, None, state, new))
        state = new


def play(engine, state, decide: Callable, roll: Callable, days: int | None = None, record: list | None = None):
    """Play from `state` until the game is over or `days` days are done; the last state."""
    steps, over = engine.STEPS, engine.outcome
    found = open_step(steps, state, over)
    if found is None:
        return state
    state, step, need = found
    count, index = len(steps), state.step
    # after and open_step written out here: this loop runs once per input, and a game takes hundreds; each
    # step's need, apply and the step after it are read from tuples made once, not from the Step
    needs = tuple(s.need for s in steps)
    applies = tuple(s.apply for s in steps)
    after = tuple(i if s.repeat else (i + 1) % count for i, s in enumerate(steps))
    moved = tuple((i + 1) % count for i in range(count))
    keep = None if record is None else record.append
    event = tuple.__new__  # an Event made as the tuple it is, without NamedTuple's own __new__ in between
    while True:
        if days is not None and index == 0 and state.day >= days:
            return state
        if need is AUTO:
            value = None
        elif need.__class__ is Decision or isinstance(need, Decision):
            value = decide(state, step, need)
        else:
            value = roll(need)
        new = applies[index](state, value)
        if over(new):
            if keep is not None:
                keep(event(Event, (step.key, need, value, state, new)))
            return new
        i = after[index]
        nxt_need = needs[i](new)
        while nxt_need is None:
            i = moved[i]
            nxt_need = needs[i](new)
        if i != new.step:
            if new is state:
                new = evolve(new, step=i)
            else:  # apply made `new` just now and nobody else holds it yet: one copy fewer an input
                set_field(new, "step", i)
        if keep is not None:
            keep(event(Event, (step.key, need, value, state, new)))
        state, need, index = new, nxt_need, i
        step = steps[i]
