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


def test_the_unrecorded_loop_plays_what_the_recorded_one_plays():
    # without a record the driver runs a loop of its own (tuples made once): the same last state and the
    # same stop at a day bound, first day included
    for days in (None, 0, 1, 2, 3, 5):
        for start in (Count(), Count(day=2)):
            faces = list(range(1, 40))
            plain = drive.play(ENGINE, start, None, lambda need, f=iter(faces): next(f), days)
            events: list = []
            recorded = drive.play(ENGINE, start, None, lambda need, f=iter(faces): next(f), days, events)
            assert plain == recorded, (days, start)


def test_each_game_ends_the_same_with_and_without_a_record():
    from lostprint.rating.players import _modules, players_of, rated_games

    for game in rated_games():
        engine = _modules(game)[0]
        for name, entry in players_of(game).items():
            for seed, days in ((0, None), (1, 3)):
                ends = []
                for record in (None, []):
                    sim = entry.cls(seed, None)
                    final = drive.play(engine, sim.start(), sim.decide, sim.roll, days or sim.days, record)
                    ends.append((final.day, engine.outcome(final), engine.score(final), final.step))
                assert ends[0] == ends[1], (game, name, seed)
                if days:
                    assert ends[0][0] == days


def test_the_dice_roll_exactly_what_randint_rolls():
    import random

    from lostprint.players.common import FACES, Dice, rng_for

    dice, plain = Dice(rng_for(7, "1872-play")), rng_for(7, "1872-play")
    assert [dice.d6() for _ in range(3000)] + dice.roll(5) == [plain.randint(1, FACES) for _ in range(3005)]
    assert random.Random._randbelow is random.Random._randbelow_with_getrandbits  # the draw Dice copies
