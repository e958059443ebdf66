"""The installed wheel's compiled 1872 engine and careful player (hatch_build.py) play the same games and
give the same verdicts as the pure-Python sources here. The installed package is asked from a process
started outside the working tree; an editable install runs these very sources and is skipped."""
import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lostprint.players.lost_crows import simulate_1872
from lostprint.saves.validate import replay_data

HERE = Path(__file__).resolve()


def compiled_modules() -> tuple:
    """hatch_build.COMPILED, read from its syntax tree (hatch_build imports hatchling, a build-only package)."""
    import ast

    tree = ast.parse((HERE.parent.parent / "hatch_build.py").read_text(encoding="utf-8"))
    return next(ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign) and [t.id for t in node.targets] == ["COMPILED"])


COMPILED = compiled_modules()


def verdicts(seeds) -> list[str]:
    """The validator's findings on each game's save without its rolls, clean and with a day's Food
    moved by 1..3 (the engine's whole search over what some roll could give)."""
    out = []
    for seed in seeds:
        save = simulate_1872(seed)
        save.pop("outcome", None)
        for d in save["days"]:
            d.pop("rolls")
        for shift in (0, 1, 3):
            bad = copy.deepcopy(save)
            day = bad["days"][(seed * 7 + shift) % len(bad["days"])]["resources"]
            day["food"] += shift if day["food"] < shift else -shift
            found, _ = replay_data(bad, "g.yaml")
            out.append("\n".join(found))
    return out


def installed(careful, naive, verdict_seeds, tmp_path) -> dict:
    """Runs this file's checks in a process that imports the installed lostprint."""
    script = f"""
import importlib, json, sys
sys.path.insert(0, {str(HERE.parent)!r})
import test_compiled_build as checks, test_lost_crows_engine as games
files = [importlib.import_module(m).__file__ for m in {COMPILED!r}]
print(json.dumps({{"files": files, "careful": games.games_differ("careful", {list(careful)!r}),
                  "naive": games.games_differ("naive", {list(naive)!r}),
                  "verdicts": checks.verdicts({list(verdict_seeds)!r})}}))
"""
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         check=True, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    got = json.loads(run.stdout)
    if not all(f.endswith((".so", ".pyd")) for f in got["files"]):
        pytest.skip(f"the installed lostprint is not compiled: {got['files']}")
    return got


def check(careful, naive, verdict_seeds, tmp_path):
    got = installed(careful, naive, verdict_seeds, tmp_path)
    assert got["careful"] == [] and got["naive"] == []  # the fixture's games, game for game
    want = verdicts(verdict_seeds)
    assert got["verdicts"] == want
    assert sum(1 for v in want if v) >= len(verdict_seeds)  # the moved Food is caught: not a vacuous match


def test_the_compiled_build_plays_and_judges_as_the_sources(tmp_path):
    check(range(0, 200, 17), range(5, 200, 25), range(3), tmp_path)


@pytest.mark.slow
def test_the_compiled_build_plays_the_200_fixture_games(tmp_path):
    check(range(200), range(200), range(3, 23), tmp_path)


if __name__ == "__main__":  # .ci/run, from outside the tree: exits non-zero when the installed build is not compiled
    import importlib

    files = [importlib.import_module(m).__file__ for m in COMPILED]
    sys.exit(0 if all(f.endswith((".so", ".pyd")) for f in files) else f"not compiled: {files}")
