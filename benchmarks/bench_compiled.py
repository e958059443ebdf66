"""The 1872 players compiled (the installed wheel, hatch_build.py) against the pure-Python sources here.

    pip install .        # not -e: an editable install is never compiled
    python benchmarks/bench_compiled.py [--rounds R] [--games N] [--warm W]

Each round starts two processes in turn, one importing the installed lostprint and one these sources
(PYTHONPATH), each playing W untimed warm-up games and then N timed games per player; CPU time of the
timed games only. Prints each build's median ms a game, the ratio, and the 6 ms goal of issues 11/16.
Nothing is asserted (speed is not a test).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_GOAL_MS = 6.0
FRESH = 100_000  # warm-up seeds, far from the timed ones

CHILD = """
import json, sys, time
from lostprint.engine import drive, lost_crows as eng
from lostprint.players import lost_crows
from lostprint.players.lost_crows import Chief, PairsChief
def play(player):  # a whole game through the driver, as `lostprint simulate` plays it
    drive.play(eng, player.start(), player.decide, player.roll, player.days)
warm, games = int(sys.argv[1]), int(sys.argv[2])
for s in range({fresh}, {fresh} + warm):
    play(Chief(s))
out = {{"file": lost_crows.__file__}}
for name, player in (("careful", Chief), ("naive", PairsChief)):
    t = time.process_time()
    for s in range(games):
        play(player(s))
    out[name] = 1000 * (time.process_time() - t) / games
print(json.dumps(out))
"""


def one_run(pure: bool, warm: int, games: int, where: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pure:
        env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run([sys.executable, "-c", CHILD.format(fresh=FRESH), str(warm), str(games)], cwd=where,
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--warm", type=int, default=300)
    args = ap.parse_args()
    runs: dict = {"compiled": [], "pure": []}
    with tempfile.TemporaryDirectory() as where:  # outside the tree: `import lostprint` finds the installed one
        for _ in range(args.rounds):
            for build in runs:
                runs[build].append(one_run(build == "pure", args.warm, args.games, where))
    installed = runs["compiled"][0]["file"]
    if not installed.endswith((".so", ".pyd")):
        print(f"the installed lostprint is not compiled ({installed}): install it with `pip install .`")
    for player in ("careful", "naive"):
        medians = {build: statistics.median(r[player] for r in got) for build, got in runs.items()}
        spread = {build: f"{min(r[player] for r in got):.1f}-{max(r[player] for r in got):.1f}"
                  for build, got in runs.items()}
        print(f"{player:<8} compiled {medians['compiled']:5.2f} ms a game ({spread['compiled']}), "
              f"{60_000 / medians['compiled']:6.0f} a minute; pure {medians['pure']:5.2f} ms "
              f"({spread['pure']}); pure / compiled {medians['pure'] / medians['compiled']:4.2f}x; "
              f"compiled / the {GAME_GOAL_MS:.0f} ms goal {medians['compiled'] / GAME_GOAL_MS:4.2f}x")


if __name__ == "__main__":
    main()
