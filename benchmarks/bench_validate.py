"""How fast a long save validates, per Lost game, with and without its `rolls:` (CPU time, in-process).

    python benchmarks/bench_validate.py [--games 1572,1672,1872] [--rounds R] [--candidate 1672=PATH]

The saves: 1672's 42-day Settler voyage (benchmarks/bench_engine_1672.long_save), 1872's 48-day
game (seed 214, benchmarks/bench_engine_1872), 1572's first careful game lasting every day of the
limit. Each is validated with its rolls and with every day's rolls removed, against the goals of
issue 23: <= 50 ms with rolls, <= 100 ms without. With --candidate GAME=PATH, a module holding
another validator (its RULES) is timed against the wired-in one on the same saves, the two
interleaved round by round (paired ratios), and both must accept both saves.
Nothing is asserted on the times (speed is not a test).
"""
from __future__ import annotations

import argparse
import copy
import importlib.util
import statistics
import sys
import time
from pathlib import Path

from lostprint.saves.validate import replay_data

GOAL_MS = {"with rolls": 50.0, "without rolls": 100.0}
HERE = Path(__file__).resolve().parent


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def long_saves() -> dict[str, dict]:
    """game -> its long save (with rolls)."""
    from lostprint.games.lost_expedition import RULES as R1572
    from lostprint.players.lost_crows import simulate_1872
    from lostprint.players.lost_expedition import simulate_1572

    out = {"1672": _bench("bench_engine_1672").long_save()}
    s1872 = simulate_1872(214)
    s1872.pop("outcome", None)
    for d in s1872["days"]:
        d.pop("log", None)
    out["1872"] = s1872
    seed = next(s for s in range(1000) if len(simulate_1572(s)["days"]) == R1572.day_limit)
    s1572 = simulate_1572(seed)
    for d in s1572["days"]:
        d.pop("log", None)
    out["1572"] = s1572
    return out


def bare(save: dict) -> dict:
    out = copy.deepcopy(save)
    for d in out["days"]:
        d.pop("rolls", None)
    return out


def candidate(path: str):
    spec = importlib.util.spec_from_file_location("candidate_rules", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["candidate_rules"] = module
    spec.loader.exec_module(module)
    return module.RULES


def cpu_ms(data: dict, rules, reps: int) -> float:
    t = time.process_time()
    for _ in range(reps):
        replay_data(copy.deepcopy(data), "long.yaml", False, rules)
    return 1000 * (time.process_time() - t) / reps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="1572,1672,1872")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=3, help="validations per timed figure")
    ap.add_argument("--candidate", action="append", default=[], help="GAME=PATH of a module with RULES")
    args = ap.parse_args()
    others = dict(c.split("=", 1) for c in args.candidate)
    saves = long_saves()
    for game in args.games.split(","):
        save = saves[game]
        sides = {"main": None}
        if game in others:
            sides["candidate"] = candidate(others[game])
        cases = {"with rolls": save, "without rolls": bare(save)}
        for side, rules in sides.items():
            for name, data in cases.items():
                found, _ = replay_data(copy.deepcopy(data), "long.yaml", False, rules)
                assert not found, (game, side, name, found[:3])
        times = {(side, name): [] for side in sides for name in cases}
        for _ in range(args.rounds + 1):  # interleaved; the first round warms up and is dropped
            for side, rules in sides.items():
                for name, data in cases.items():
                    times[side, name].append(cpu_ms(data, rules, args.reps))
        days = len(save["days"])
        for (side, name), got in times.items():
            t = statistics.median(got[1:])
            print(f"{game} {side:<9} {days}-day save {name:<13} {t:8.1f} ms CPU  "
                  f"({t / GOAL_MS[name]:4.2f} of the {GOAL_MS[name]:.0f} ms goal)")
        if "candidate" in sides:
            for name in cases:
                ratios = [c / m for c, m in zip(times["candidate", name][1:], times["main", name][1:])]
                print(f"{game} candidate/main {name:<13} {statistics.median(ratios):5.2f}x (paired, median)")


if __name__ == "__main__":
    main()
