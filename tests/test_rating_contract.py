"""Rating reads every game through the engine contract only: each engine and player module gives the same
names, and lostprint/rating/ holds no game's special case (no branch on a game, no silent fallback for a
name one game lacks)."""
import ast
from pathlib import Path

import pytest

from lostprint.engine import drive
from lostprint.rating.players import _GAMES, house_rules_of, play_one, players_of, rated_games

RATING = Path(__file__).resolve().parent.parent / "lostprint" / "rating"


@pytest.mark.parametrize("game", rated_games())
def test_every_rated_engine_and_player_keeps_the_contract(game):
    engine, players = _GAMES[game]()
    for name in ("STEPS", "STANDINS", "RULES", "start", "outcome", "score"):
        assert hasattr(engine, name), f"{engine.__name__} has no {name}"
    assert list(players.PLAYERS)[:2] == ["careful", "naive"]
    for cls in players.PLAYERS.values():
        for name in ("about", "start", "decide", "roll", "days"):
            assert hasattr(cls, name), f"{cls.__name__} has no {name}"
    assert all(entry.about == entry.cls.about for entry in players_of(game).values())
    assert all(rule.topic for rule in house_rules_of(game))


@pytest.mark.parametrize("game", rated_games())
def test_a_rated_game_is_what_the_driver_and_the_contract_say(game):
    engine = _GAMES[game]()[0]
    cls = players_of(game)["careful"].cls
    for seed in range(3):
        sim = cls(seed, None)
        final = drive.play(engine, sim.start(), sim.decide, sim.roll, sim.days)
        found = engine.outcome(final)
        rated = play_one(game, "careful", seed)
        assert rated.result == (found[0] if found else "unfinished")
        assert rated.score == sum(points for _, points in engine.score(final))
        assert rated.days == final.day
        assert (rated.cause == "") == (rated.result == "won")


def test_rating_has_no_branch_on_a_game_and_no_silent_fallback():
    found = []
    for path in sorted(RATING.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
                target = ast.unparse(node.args[0])
                if not target.startswith(("pool", "signal")):  # the process pool's and the OS's, not a game's
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.Compare) and any(
                    isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in _GAMES
                    for c in [node.left, *node.comparators]):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)
