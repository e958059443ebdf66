"""The 1872 players are deciders only (issue 23): each answer is one of the open step's options, and an
answer depends on the game given, not on a game the player played before."""
import pytest

from lostprint.engine import drive, lost_crows as eng
from lostprint.players.lost_crows import PLAYERS, Chief


class Checked:
    """A player whose every decision is checked against the engine's options for the open step."""

    def __init__(self, player):
        self.player, self.asked = player, {}

    def decide(self, game, step, need):
        value = self.player.decide(game, step, need)
        assert value in step.options(game), (need.key, value)
        self.asked[need.key] = self.asked.get(need.key, 0) + 1
        return value


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("house_off", [frozenset(), frozenset(eng.HOUSE_OFF_KEYS)])
def test_every_answer_is_one_of_the_open_steps_options(name, house_off):
    asked: dict = {}
    for seed in range(12):
        player = PLAYERS[name](seed, None, house_off)
        checked = Checked(player)
        drive.play(eng, player.start(), checked.decide, player.roll, player.days)
        for key, n in checked.asked.items():
            asked[key] = asked.get(key, 0) + n
    assert {"place", "go", "map", "dancers"} <= set(asked)


def test_a_fresh_chief_answers_a_game_in_progress_as_the_chief_that_played_it():
    # what a hint asks: a new careful player, given a state of another game, chooses as that game's did
    # (its one memory of the game: a step aside ends its walk for the day, so a day's first step is asked)
    events: list = []
    player = Chief(5)
    drive.play(eng, player.start(), player.decide, player.roll, 20, events)
    asked = [e for e in events if isinstance(e.need, drive.Decision) and e.need.key in ("place", "map", "go")
             and not (e.need.key == "go" and e.before.st.moved)]
    assert len(asked) > 100
    for e in asked[::5]:
        step = eng.STEPS[e.before.step]
        assert Chief(5).decide(e.before, step, e.need) == e.value, (e.step, e.need.key)
