"""How fast the 1872 engine replays and plays, in CPU time on one core.

    python benchmarks/bench_engine_1872.py [--games N] [--rounds R]

1. Validating a long save in-process (the longest of the sample games, with and without its rolls),
   against the goals of 50 ms with rolls and 200 ms without; with --thorough, A/B against the replay
   that keeps every branch of every day (the validator before the first-explanation search; slow).
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
from lostprint.saves.rules_1872 import RULES
from lostprint.saves.validate import replay_data

SAVE_GOAL_S = 0.050
BARE_GOAL_S = 0.200
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
    ap.add_argument("--thorough", action="store_true", help="also time the every-branch replay without rolls")
    args = ap.parse_args()

    save = longest(range(args.games))
    save.pop("outcome", None)
    bare = copy.deepcopy(save)
    for d in bare["days"]:
        d.pop("rolls")
    with_rolls, without, thorough = [], [], []
    for _ in range(args.rounds):  # A/B interleaved
        with_rolls.append(cpu(replay_data, copy.deepcopy(save), "long.yaml"))
        without.append(cpu(replay_data, copy.deepcopy(bare), "long.yaml"))
        if args.thorough:
            thorough.append(cpu(replay_data, copy.deepcopy(bare), "long.yaml", False, RULES.thorough))
    days = len(save["days"])
    for name, times, goal in (("with rolls", with_rolls, SAVE_GOAL_S), ("without rolls", without, BARE_GOAL_S),
                              ("every branch", thorough, BARE_GOAL_S)):
        if times:
            t = statistics.median(times)
            print(f"validate a {days}-day save {name:<14} {1000 * t:8.1f} ms CPU  "
                  f"({t / goal:5.1f}x the {1000 * goal:.0f} ms goal)")
    if thorough:
        print(f"every branch / first explanation  {statistics.median(thorough) / statistics.median(without):5.1f}x")

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
