"""How fast the example Crows record validates (`lostprint validate examples/crows-3p.yaml`'s check: parse,
play through the rules, compare the claimed scores), in CPU ms, in-process after one warm-up.

    python benchmarks/bench_crows_validate.py [--rounds R] [--before DIR]

With --before DIR (a directory holding another `lostprint` package, e.g. made by
`git archive <commit> lostprint | tar -x -C DIR`), the two are timed round by round in fresh
processes, interleaved (the order alternating each round), and the paired ratios after/before are
reported. Both must find the example clean. Nothing is asserted on the times (speed is not a test).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "crows-3p.yaml"

# run in a child process: the best of `repeat` validations' CPU time, in ms, and the problems found
CHILD = """
import json, sys, time
from lostprint.crows.record import check_record_data
from lostprint.files import load
data = load(sys.argv[1])
found = check_record_data(data, "crows-3p.yaml")[0]
best = None
for _ in range(int(sys.argv[2])):
    t = time.process_time()
    check_record_data(data, "crows-3p.yaml")
    t = time.process_time() - t
    best = t if best is None else min(best, t)
print(json.dumps({"ms": best * 1000, "problems": found}))
"""


def timed(package_dir: Path, repeat: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(package_dir))
    out = subprocess.run([sys.executable, "-c", CHILD, str(EXAMPLE), str(repeat)], env=env, cwd="/",
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    if got["problems"]:
        raise SystemExit(f"{package_dir}: the example is not clean: {got['problems'][0]}")
    return got["ms"]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=5, help="validations per process (the best is kept)")
    ap.add_argument("--before", type=Path, help="a directory holding the lostprint package to compare with")
    args = ap.parse_args(argv)
    sides = {"after": ROOT} if args.before is None else {"before": args.before, "after": ROOT}
    times: dict[str, list[float]] = {k: [] for k in sides}
    for r in range(args.rounds):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        for name in order:
            times[name].append(timed(sides[name], args.repeat))
    for name, ms in times.items():
        print(f"{name:7s} median {statistics.median(ms):7.2f} ms CPU  (min {min(ms):.2f}, max {max(ms):.2f})")
    if args.before is not None:
        ratios = [a / b for a, b in zip(times["after"], times["before"])]
        print(f"after/before paired: median {statistics.median(ratios):.3f} "
              f"(range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} pairs)")


if __name__ == "__main__":
    main()
