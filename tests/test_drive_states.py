"""The driver moves the open step on in the state apply made, in place when apply made it just now: no
state a step was given, nor one an event recorded, is ever changed after the event."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from lostprint.engine import drive
from lostprint.engine.contract import AUTO, Roll, Step, evolve


@dataclass(frozen=True)
class Count:
    step: int = 0
    day: int = 0
    total: int = 0


STEPS = (
    Step("dawn", lambda s: AUTO, lambda s, _: evolve(s, day=s.day + 1)),
    Step("idle", lambda s: AUTO, lambda s, _: s),  # gives back the very state it was given
    Step("roll", lambda s: Roll("d"), lambda s, face: evolve(s, total=s.total + face)),
)
ENGINE = SimpleNamespace(STEPS=STEPS, outcome=lambda s: s.day > 3 and s.step == 0)


def test_recorded_states_keep_their_step_after_the_game():
    events: list = []
    final = drive.play(ENGINE, Count(), None, lambda need: 2, None, events)
    keys = [s.key for s in STEPS]
    assert [e.step for e in events][:4] == ["dawn", "idle", "roll", "dawn"]
    for e in events:
        assert e.before.step == keys.index(e.step)  # the state given to the step, unchanged
    for e in events[:-1]:  # the last one ends the game where it stands
        assert e.state.step == (keys.index(e.step) + 1) % len(STEPS)
    assert final.total == 2 * sum(e.step == "roll" for e in events)


def test_a_state_apply_gives_back_is_copied_not_changed():
    given = Count(step=1, day=1)
    events: list = []
    drive.play(ENGINE, given, None, lambda need: 1, None, events)
    assert given == Count(step=1, day=1)
    assert events[0].before is given and events[0].state is not given and events[0].state.step == 2
