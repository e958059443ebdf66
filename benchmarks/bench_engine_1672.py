"""How fast 1672's rules run: validating a long save in-process, and whole games with the careful
player (lostprint.players.lost_crew) played by the driver (lostprint.engine.drive) on the rules engine.

Run: python benchmarks/bench_engine_1672.py [--games N] [--rounds R]

CPU time (time.process_time), the two sides of each comparison interleaved round by round. Goals
(issue 11): a 42-day save validated in under 50 ms; the careful player at 6 ms a game or less
(10,000 games a minute on one core). Prints each figure as a ratio to its goal (below 1 = met).
"""
from __future__ import annotations

import argparse
import copy
import statistics
import time

from lostprint.engine import drive
from lostprint.engine import lost_crew as engine
from lostprint.players.lost_crew import Captain, Deckhand, voyage_save
from lostprint.saves.validate import replay_data

SAVE_GOAL_MS = 50.0
GAME_GOAL_MS = 6.0
LONG = 42


class Settler(Captain):
    """A captain who stays at any island that still gives something: long voyages, for timing."""

    def _provisioning(self, v) -> bool:
        return self._can_gather(v)


def long_save(days: int = LONG) -> dict:
    """The first seeded Settler voyage that lasts `days` days (cut there: an unfinished save)."""
    for seed in range(5000):
        data = voyage_save(Settler(seed), limit=days)
        if len(data["days"]) >= days:
            data.pop("outcome", None)
            for d in data["days"]:
                d.pop("log")
            return data
    raise SystemExit(f"no {days}-day voyage in 5000 seeds")


def game(player):
    """One whole game as `lostprint simulate` plays it: the driver, the decider, no save written."""
    return drive.play(engine, player.start(), player.decide, player.roll, player.days)


def cpu_ms(fn, reps: int) -> float:
    start = time.process_time()
    for _ in range(reps):
        fn()
    return (time.process_time() - start) * 1000 / reps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300, help="games per player per round")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()

    save = long_save()
    bare = copy.deepcopy(save)
    for d in bare["days"]:
        d.pop("rolls", None)
    for data in (save, bare):
        found, _ = replay_data(copy.deepcopy(data), "long.yaml")
        assert not found, found
    with_rolls, without = [], []
    for _ in range(args.rounds):  # A and B interleaved
        with_rolls.append(cpu_ms(lambda: replay_data(copy.deepcopy(save), "long.yaml"), 10))
        without.append(cpu_ms(lambda: replay_data(copy.deepcopy(bare), "long.yaml"), 10))
    a, b = statistics.median(with_rolls), statistics.median(without)
    print(f"validate a {len(save['days'])}-day save, with rolls:    {a:6.2f} ms  ({a / SAVE_GOAL_MS:.2f} of the "
          f"{SAVE_GOAL_MS:.0f} ms goal)")
    print(f"validate a {len(save['days'])}-day save, without rolls: {b:6.2f} ms  ({b / SAVE_GOAL_MS:.2f} of the goal; "
          f"{b / a:.2f}x with rolls)")

    careful, naive = [], []
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        careful.append(cpu_ms(lambda: [game(Captain(s)) for s in seeds], 1) / args.games)
        naive.append(cpu_ms(lambda: [game(Deckhand(s)) for s in seeds], 1) / args.games)
    c, n = statistics.median(careful), statistics.median(naive)
    print(f"careful player: {c:6.2f} ms a game, {60000 / c:,.0f} games a minute  ({c / GAME_GOAL_MS:.2f} of the "
          f"{GAME_GOAL_MS:.0f} ms goal)")
    print(f"naive player:   {n:6.2f} ms a game ({n / c:.2f}x careful; its games are shorter)")


if __name__ == "__main__":
    main()
