"""Issue #23, "every legal game accepted": games whose every decision is drawn uniformly among the
options the engine gives (lostprint.engine.contract: a step's `options(state)`), played by the one driver
with dice that are fair or lean to a chart's rare rows (all ones and sixes, every die of a roll alike),
written by the game's transcript and the save writer (saves.emit), and validated with their rolls and
without them: each must be accepted. A refusal is a legal game refused (the validator is wrong) or an
option the rules do not give (the engine is wrong); its first refused day is kept as a hand pair under
tests/data/review/GAME/hand/."""
from __future__ import annotations

import copy
import random
import signal

import pytest

from lostprint.engine import drive
from lostprint.engine.contract import why_not
from lostprint.files import parse_text
from lostprint.players import lost_crew, lost_crows, lost_expedition
from lostprint.players.common import FACES, rng_for
from lostprint.saves.emit import to_yaml
from lostprint.saves.validate import replay_data

# (engine, the careful player (it sets the game up), the transcript writing its save, the sailors' names)
GAMES = {
    "1572": (lost_expedition.eng, lost_expedition.Careful, lost_expedition.save_of, ()),
    "1672": (lost_crew.eng, lost_crew.Captain, lost_crew.save_of, lost_crew.SAILORS),
    "1872": (lost_crows.eng, lost_crows.Chief, lost_crows.save_of, ()),
}
DICE = ("fair", "extremes", "doubles")
# how often a decision is drawn at random: always, or now and then in a careful player's game (uniform
# choices end most games in a few days; the careful player's reach the later days and the rare charts' rows)
CHANCE = (1.0, 0.2, 0.05)


class RandomDecider:
    """A decision uniformly among the engine's options (with `chance`, else the careful player's choice);
    dice by `lean`: "fair", "extremes" (a die shows 1 or 6 half the time) or "doubles" (a roll of several
    dice shows one face on all of them half the time)."""

    def __init__(self, game: str, seed: int, lean: str, chance: float = 1.0):
        engine, careful, _, _ = GAMES[game]
        self.careful = careful(seed)
        self.days = self.careful.days
        self.rng = rng_for(seed, f"{game}-random-{lean}-{chance}")
        self.lean, self.chance = lean, chance

    def start(self):
        return self.careful.start()

    def face(self) -> int:
        if self.lean == "extremes" and self.rng.random() < 0.5:
            return self.rng.choice((1, FACES))
        return self.rng.randint(1, FACES)

    def roll(self, need):
        if need.dice == 1:
            return self.face()
        if self.lean == "doubles" and self.rng.random() < 0.5:
            return (self.face(),) * need.dice
        return tuple(self.face() for _ in range(need.dice))

    def decide(self, state, step, need):
        if self.chance < 1 and self.rng.random() >= self.chance:
            return self.careful.decide(state, step, need)
        return self.rng.choice(list(step.options(state)))


def random_save(game: str, seed: int) -> str:
    """Game `seed` of `game` by a RandomDecider (its dice lean and its chance by the seed), as the text of a
    save."""
    engine, _, save_of, names = GAMES[game]
    decider = RandomDecider(game, seed, DICE[seed % len(DICE)], CHANCE[seed // len(DICE) % len(CHANCE)])
    events: list = []
    final = drive.play(engine, decider.start(), decider.decide, decider.roll, decider.days, events)
    data = save_of(events, final, names, standard=True)
    for day in data["days"]:
        day.pop("log", None)
    return to_yaml(data)


def bare(text: str) -> str:
    """The save without its rolls (each day's `rolls:` line dropped)."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("    rolls: "))


class TooLong(Exception):
    pass


def refusals(text: str, source: str, seconds: float = 0) -> list[str] | None:
    """The validator's problems with a save (none: accepted); None when `seconds` of CPU time (0: no
    bound) ran out first."""
    def stop(signum, frame):
        raise TooLong
    if seconds:
        old = signal.signal(signal.SIGPROF, stop)
        signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        return replay_data(parse_text(text, source), source)[0]
    except TooLong:
        return None
    finally:
        if seconds:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)


def played_checking_options(game: str, seed: int) -> list[str]:
    """Game `seed` played as random_save plays it, every option the engine offers at every decision tried
    on its step: the ones it refuses (`why_not`), each as 'day N, KEY VALUE: why'."""
    engine = GAMES[game][0]
    decider = RandomDecider(game, seed, DICE[seed % len(DICE)], CHANCE[seed // len(DICE) % len(CHANCE)])
    refused: list[str] = []

    def decide(state, step, need):
        refused.extend(f"day {state.day}, {need.key} {value!r}: {why}" for value in step.options(state)
                       if (why := why_not(step, state, value)) is not None)
        return decider.decide(state, step, need)

    drive.play(engine, decider.start(), decide, decider.roll, decider.days, [])
    return refused


def test_a_random_decider_plays_a_seed_as_one_game():
    assert random_save("1572", 4) == random_save("1572", 4)
    assert random_save("1872", 4) != random_save("1872", 5)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_the_engine_offers_is_legal(game):
    """1672's routes once offered staying on an island whose natives turned hostile (seed 21, day 5), a
    route its move step refuses."""
    for seed in (*range(12), 21):
        assert played_checking_options(game, seed) == [], (game, seed)


def accepted(game: str, seeds, seconds: float = 0) -> int:
    """Asserts each random game of `seeds` is accepted with its rolls and without; the number whose bare
    validation ran past `seconds` of CPU time (0: none is cut short)."""
    cut = 0
    for seed in seeds:
        text = random_save(game, seed)
        assert refusals(text, f"{game}-{seed}.yaml") == [], (game, seed)
        found = refusals(bare(text), f"{game}-{seed}-bare.yaml", seconds)
        cut += found is None
        assert not found, (game, seed, found)
    return cut


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_games_are_accepted_with_and_without_rolls(game):
    accepted(game, range(24))


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_hundreds_of_random_games_are_accepted(game):
    """400 games a game (about 75 s of CPU for the three). Bare validation bounded: a game past 2 s of CPU
    is counted, never more than 1 in 100."""
    assert accepted(game, range(24, 424), seconds=2.0) <= 4
