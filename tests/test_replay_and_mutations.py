"""benchmarks/replay_and_mutations.py: the same single change to the same game on every run, and a few
careful games replay clean with and without rolls, their mutants refused with rolls."""
import copy
import importlib.util
import random
from pathlib import Path

import pytest

from lostprint.maps.model import standard_map

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "replay_and_mutations.py"
spec = importlib.util.spec_from_file_location("replay_and_mutations", SCRIPT)
ram = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ram)


@pytest.mark.parametrize("kind", ram.KINDS)
def test_a_mutation_is_one_change_and_the_same_on_every_run(kind):
    gm = standard_map("lost-expedition")
    for seed in range(10):  # the first game offering this kind of change
        base = ram.simulated("1572", seed)
        made = [copy.deepcopy(base), copy.deepcopy(base)]
        if all([ram.mutate(mutant, kind, random.Random(f"1572-{seed}-{kind}"), gm) for mutant in made]):
            break
    assert made[0] == made[1] != base
    changed = [i for i, (a, b) in enumerate(zip(base["days"], made[0]["days"])) if a != b]
    assert len(changed) == 1, changed


@pytest.mark.parametrize("game", list(ram.GAMES))
def test_one_game_replays_clean_and_its_mutants_with_rolls_are_refused(game):
    out = ram.measure(game, range(1), ("resource", "move"))
    assert out["clean"] == {True: [1, 1], False: [1, 1]}
    for kind in ("resource", "move"):
        assert out[kind][True][0] == out[kind][True][1], (kind, out[kind])
    assert any("replays clean" in row and "1/1" in row for row in ram.table(game, out))


def test_the_script_prints_a_table_per_game(capsys):
    assert ram.main(["--games", "1572", "-n", "1", "--kinds", "mark"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("1572") and "mark rejected" in printed
