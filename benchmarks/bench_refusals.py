"""How long `lostprint validate` takes on each review save, and on the slowest ones against another tree.

    python benchmarks/bench_refusals.py survey [--tree DIR] [--jobs 2] [--out FILE.json] [--top 15]
    python benchmarks/bench_refusals.py pair --baseline DIR --cases FILE.json [--top 15] [--rounds 3]

survey: every save under tests/data/review/*/ and */hand/, as written and (1572, 1672, 1872 saves
with `rolls:`) with every day's rolls taken out; each validated once in a worker process (CPU
time, `time.process_time`), its verdict and messages kept. Prints the slowest (`--top`) with their
verdicts; `--out` writes every case (for `pair`, or to compare two trees' messages: `--tree DIR`
runs a copy of the package in DIR, e.g. `git worktree add -f DIR COMMIT`).
pair: the slowest cases of a survey timed in fresh processes, this tree and the baseline's
alternating (A, B, B, A, ...), each process validating each case once; prints the median CPU of
each side and the paired ratio per case, and stops if the two trees' messages differ.
Nothing is asserted on the times (speed is not a test).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "tests" / "data" / "review"
LOST = ("1572", "1672", "1872")

# run in a child process (the tree's package first on the path): cases on stdin, one JSON line out each
CHILD = """
import copy, json, sys, time
from lostprint.files import load
from lostprint.saves.validate import replay_data
from lostprint.validate import validate_file
for line in sys.stdin:
    path, how = json.loads(line)
    t = time.process_time()
    if how == "as written":
        found = validate_file(path)[0]
    else:
        data = load(path)
        for day in data["days"]:
            day.pop("rolls", None)
        found = replay_data(copy.deepcopy(data), path)[0]
    cpu = time.process_time() - t
    print(json.dumps([path, how, cpu, found]), flush=True)
"""


def cases() -> list[tuple[str, str]]:
    """(save path, "as written" or "without rolls"), every review save."""
    out = []
    for folder in sorted(p for p in REVIEW.iterdir() if p.is_dir()):
        for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("hand/*.yaml")):
            out.append((str(path), "as written"))
            if folder.name in LOST and re.search(r"^\s+rolls:", path.read_text(encoding="utf-8"), re.MULTILINE):
                out.append((str(path), "without rolls"))
    return out


def run(tree: str | None, todo: list) -> list:
    """[path, how, cpu s, messages] for each case, validated in one fresh process of `tree` (None: this one)."""
    env = dict(os.environ)
    if tree:
        env["PYTHONPATH"] = tree + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", CHILD], input="".join(json.dumps(c) + "\n" for c in todo),
                          capture_output=True, text=True, env=env, cwd=tree or ROOT, check=True)  # (-c: cwd first)
    return [json.loads(line) for line in done.stdout.splitlines()]


def short(path: str) -> str:
    return str(Path(path).relative_to(REVIEW))


def verdict(found: list) -> str:
    return f"refused ({len(found)})" if found else "accepted"


def survey(args) -> None:
    todo = cases()
    chunks = [todo[k::args.jobs * 8] for k in range(args.jobs * 8)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for got in pool.map(run, [args.tree] * len(chunks), chunks) for r in got]
    rows.sort(key=lambda r: -r[2])
    print(f"{len(rows)} cases, {sum(r[2] for r in rows):.1f} s CPU in all; the slowest {args.top}:")
    for path, how, cpu, found in rows[:args.top]:
        print(f"  {cpu:7.2f} s  {verdict(found):<12} {how:<13} {short(path)}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=0), encoding="utf-8")


def pair(args) -> None:
    rows = json.loads(Path(args.cases).read_text(encoding="utf-8"))
    rows.sort(key=lambda r: -r[2])
    todo = [(path, how) for path, how, _cpu, _found in rows[:args.top]]
    times: dict = {("new", tuple(c)): [] for c in todo} | {("base", tuple(c)): [] for c in todo}
    for k in range(args.rounds):
        order = [("new", None), ("base", args.baseline)]
        for side, tree in (order if k % 2 == 0 else order[::-1]):
            for path, how, cpu, found in run(tree, todo):
                times[side, (path, how)].append((cpu, found))
    print(f"{'new s':>8} {'base s':>8} {'ratio':>6}  verdict       case")
    for case in map(tuple, todo):
        new, base = times["new", case], times["base", case]
        if any(n[1] != b[1] for n, b in zip(new, base)):
            sys.exit(f"messages differ on {short(case[0])} {case[1]}: {new[0][1]} / {base[0][1]}")
        ratio = statistics.median(n[0] / max(b[0], 1e-6) for n, b in zip(new, base))
        print(f"{statistics.median(t for t, _ in new):8.3f} {statistics.median(t for t, _ in base):8.3f} "
              f"{ratio:6.3f}  {verdict(new[0][1]):<12}  {short(case[0])} ({case[1]})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("survey")
    s.add_argument("--tree", default=None, help="a directory holding another lostprint package")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--out", default="")
    s.add_argument("--top", type=int, default=15)
    p = sub.add_parser("pair")
    p.add_argument("--baseline", required=True)
    p.add_argument("--cases", required=True, help="a survey's --out")
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    survey(args) if args.what == "survey" else pair(args)


if __name__ == "__main__":
    main()
