"""How fast the 1872 engine replays and plays, in CPU time on one core.

    python benchmarks/bench_engine_1872.py [--games N] [--rounds R]

1. Validating a long save in-process (the longest of the sample games, with and without its rolls),
   against the goal of 50 ms.
2. Games per second with the careful player (simulate_1872), against the goal of 6 ms a game;
   A/B interleaved with the naive player (PairsChief) round by round, so load on the machine hits
   both alike.
Prints medians and ratios to the goals; nothing is asserted (speed is not a test).
"""
from __future__ import annotations

import argparse
import copy
import statistics
import time

from lostprint.players.lost_crows import Chief, PairsChief, simulate_1872
from lostprint.saves.validate import replay_data

SAVE_GOAL_S = 0.050
GAME_GOAL_S = 0.006


def cpu(fn, *args):
    t = time.process_time()
    fn(*args)
    return time.process_time() - t


def play_all(player, seeds) -> None:
    for seed in seeds:
        player(seed).play()


def longest(seeds) -> dict:
    saves = [simulate_1872(s) for s in seeds]
    return max(saves, key=lambda s: len(s["days"]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    save = longest(range(args.games))
    save.pop("outcome", None)
    bare = copy.deepcopy(save)
    for d in bare["days"]:
        d.pop("rolls")
    with_rolls, without = [], []
    for _ in range(args.rounds):  # A/B interleaved
        with_rolls.append(cpu(replay_data, copy.deepcopy(save), "long.yaml"))
        without.append(cpu(replay_data, copy.deepcopy(bare), "long.yaml"))
    days = len(save["days"])
    for name, times in (("with rolls", with_rolls), ("without rolls", without)):
        t = statistics.median(times)
        print(f"validate a {days}-day save {name:<14} {1000 * t:8.1f} ms CPU  "
              f"({t / SAVE_GOAL_S:5.1f}x the 50 ms goal)")

    careful, naive = [], []
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        careful.append(cpu(play_all, Chief, seeds) / args.games)
        naive.append(cpu(play_all, PairsChief, seeds) / args.games)
    for name, times in (("careful player", careful), ("naive player", naive)):
        t = statistics.median(times)
        print(f"{name:<15} {1000 * t:7.1f} ms CPU a game, {1 / t:7.0f} games/s  "
              f"({t / GAME_GOAL_S:5.1f}x the 6 ms goal)")
    print(f"careful / naive  {statistics.median(careful) / statistics.median(naive):5.2f}x")


if __name__ == "__main__":
    main()
