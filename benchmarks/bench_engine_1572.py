"""How fast is the 1572 engine? Two figures against their goals, CPU time (time.process_time):

- validating a 42-day save in-process (the whole check: load the tree, replay every day through the
  engine), with its rolls and without them, A and B interleaved: goal under 50 ms;
- games per second with the careful player on one core (and the naive one, interleaved): goal at
  most 6 ms a game (10,000 games a minute).

- with --against TREE, the careful player here against the same games played by the lostprint
  package in TREE (another version, e.g. `git archive HEAD~1 lostprint | tar -x -C /tmp/old` with
  assets/ linked beside it), each in its own process, A and B interleaved: paired ratios.

Run: python benchmarks/bench_engine_1572.py [--rounds N] [--games N] [--against TREE]
A ratio below 1.00 meets the goal.
"""
from __future__ import annotations

import argparse
import copy
import statistics
import time

from lostprint.players.lost_expedition import Careful, Naive, play, simulate_1572
from lostprint.saves.emit import to_yaml
from lostprint.saves.validate import check_save_file

VALIDATE_GOAL_MS = 50.0
GAME_GOAL_MS = 6.0


def long_game() -> dict:
    """The first seed whose careful game lasts every day of the limit."""
    from lostprint.games.lost_expedition import RULES

    seed = next(s for s in range(1000) if len(simulate_1572(s)["days"]) == RULES.day_limit)
    data = simulate_1572(seed)
    for d in data["days"]:
        d.pop("log")
    return data


def cpu_ms(fn, repeat: int) -> float:
    t0 = time.process_time()
    for _ in range(repeat):
        fn()
    return 1000 * (time.process_time() - t0) / repeat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds per figure")
    ap.add_argument("--games", type=int, default=100, help="games per round")
    ap.add_argument("--against", default=None, help="a tree holding another lostprint to compare with")
    args = ap.parse_args()
    if args.against:
        paired(args.against, args.rounds, args.games)
        return
    import tempfile
    from pathlib import Path

    data = long_game()
    bare = copy.deepcopy(data)
    for d in bare["days"]:
        d.pop("rolls")
    folder = Path(tempfile.mkdtemp(prefix="bench1572-"))
    with_rolls, without = folder / "rolls.yaml", folder / "bare.yaml"
    with_rolls.write_text(to_yaml(data, "bench"), encoding="utf-8")
    without.write_text(to_yaml(bare, "bench"), encoding="utf-8")
    assert check_save_file(with_rolls) == [] and check_save_file(without) == []

    a, b = [], []
    for _ in range(args.rounds):  # A and B interleaved
        a.append(cpu_ms(lambda: check_save_file(with_rolls), 5))
        b.append(cpu_ms(lambda: check_save_file(without), 5))
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"validate a {len(data['days'])}-day save, with rolls:    {ma:7.2f} ms  "
          f"(goal {VALIDATE_GOAL_MS:.0f} ms: ratio {ma / VALIDATE_GOAL_MS:.2f})")
    print(f"validate a {len(data['days'])}-day save, without rolls: {mb:7.2f} ms  "
          f"(goal {VALIDATE_GOAL_MS:.0f} ms: ratio {mb / VALIDATE_GOAL_MS:.2f}); without/with {mb / ma:.2f}")

    seeds = iter(range(10 ** 9))
    careful, naive = [], []
    for _ in range(args.rounds):
        chunk = [next(seeds) for _ in range(args.games)]
        careful.append(cpu_ms(lambda c=chunk: [play(s, None, Careful) for s in c], 1) / args.games)
        naive.append(cpu_ms(lambda c=chunk: [play(s, None, Naive) for s in c], 1) / args.games)
    mc, mn = statistics.median(careful), statistics.median(naive)
    print(f"careful player: {mc:6.2f} ms a game, {1000 / mc:7.0f} games/s, {60000 / mc:8.0f} a minute "
          f"(goal {GAME_GOAL_MS:.0f} ms: ratio {mc / GAME_GOAL_MS:.2f})")
    print(f"naive player:   {mn:6.2f} ms a game, {1000 / mn:7.0f} games/s; careful/naive {mc / mn:.2f}")


GAMES = """
import sys, time
from lostprint.players.lost_expedition import Careful, play
first, n = int(sys.argv[1]), int(sys.argv[2])
play(first, None, Careful)
t0 = time.process_time()
for s in range(first, first + n):
    play(s, None, Careful)
print(1000 * (time.process_time() - t0) / n)
"""


def paired(tree: str, rounds: int, games: int) -> None:
    """The careful player here (A) and in `tree` (B) on the same seeds, interleaved, one process each."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    here = str(Path(__file__).resolve().parents[1])

    def run(path: str, first: int) -> float:  # run outside both trees: PYTHONPATH alone says which
        env = dict(os.environ, PYTHONPATH=path)
        out = subprocess.run([sys.executable, "-c", GAMES, str(first), str(games)], env=env, cwd=tempfile.gettempdir(),
                             capture_output=True, text=True, check=True)
        return float(out.stdout.split()[-1])

    ratios = []
    for r in range(rounds):
        a, b = run(here, r * games), run(tree, r * games)
        ratios.append(a / b)
        print(f"round {r + 1}: here {a:6.2f} ms a game, {tree} {b:6.2f} ms: ratio {a / b:.2f}")
    print(f"careful player, here / {tree}: median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
