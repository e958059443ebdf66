"""CPU time of the books: every rulebook (letter colour and a4 mono), the Crows kit (both inks) and the
Crows record, each built in a warm process (fonts registered, modules imported, as in `lostprint demo`
or a test session), and whether each build writes the same bytes every time.

    python benchmarks/bench_books.py [--runs N]
    python benchmarks/bench_books.py --baseline DIR [--pairs N]

The first form: CPU milliseconds per build (the median of N builds in one process, after a warm-up
build of each). The second pairs this checkout (A) with another copy of the package (B: DIR holds its
`lostprint/`, `assets/` and `templates/`, e.g. a copy of the tree from before a change): each side runs
in its own fresh child process, A and B interleaved (A, B, A, B...), each child measuring its builds
in CPU time (time.process_time), not wall time, so a busy shared machine slows both sides alike.
It prints the median CPU of each side and the median of the per-pair ratios A/B, and whether A and
B wrote the same bytes (a speed-up that changes the output is not one):

    mkdir -p /tmp/base && cp -r lostprint assets templates /tmp/base/ && <put the old files back>
    python benchmarks/bench_books.py --baseline /tmp/base --pairs 5
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("lost-expedition", "lost-crew", "lost-crows", "crows")
PRINTS = (("letter", "color"), ("a4", "mono"))

# One child: build each product once to warm up, then `runs` times (a quick one more often, up to 0.4 s
# of builds), timing each build in CPU time.
# Prints {case: [cpu seconds of each run], ...} and {case: sha256 of the bytes} as one JSON line.
CHILD = textwrap.dedent('''
    import gc, hashlib, json, sys, time
    from pathlib import Path
    runs = int(sys.argv[1])
    examples = Path(sys.argv[2])
    from lostprint.books.rulebook import RulebookOptions, build_rulebook
    try:
        from lostprint.app.registry import part
    except ImportError:  # a baseline tree from before the registry: its build_rulebook took the game id
        def part(game, name):
            return game
    from lostprint.crows.kit import KitOptions, build_kit
    from lostprint.crows.record import build_record, check_record, load_record
    from lostprint.render import render
    cases = {}
    for game in %(games)r:
        for paper, ink in %(prints)r:
            cases[f"rulebook {game} {paper} {ink}"] = (
                lambda g=game, p=paper, i=ink: build_rulebook(part(g, "rulebook"), RulebookOptions(paper=p, ink=i)))
    for ink in ("color", "mono"):
        cases[f"kit scene letter {ink}"] = lambda i=ink: build_kit(KitOptions(ink=i))
        cases[f"kit pdf letter {ink}"] = lambda i=ink: render(build_kit(KitOptions(ink=i)), "pdf")
    record = load_record(examples / "crows-3p.yaml")
    cases["record check (load and replay)"] = lambda: check_record(examples / "crows-3p.yaml")
    cases["record pdf letter color"] = lambda: render(build_record(*record, "letter", "color"), "pdf")
    times, digests = {}, {}
    for name, build in cases.items():
        t = time.process_time()
        first = build()
        warm = time.process_time() - t
        times[name] = []
        for _ in range(max(runs, min(20, int(0.4 / max(warm, 0.001))))):  # a quick case: 0.4 s of runs
            gc.collect()  # each build starts from a clean heap: no collection left over from the one before
            t = time.process_time()
            out = build()
            times[name].append(time.process_time() - t)
        if isinstance(first, bytes):
            digests[name] = hashlib.sha256(first).hexdigest() if first == out else "differs between builds"
    print(json.dumps({"times": times, "digests": digests}))
''') % {"games": GAMES, "prints": PRINTS}


def child(package_root: Path, runs: int) -> dict:
    """One fresh process importing lostprint from package_root: its per-build CPU times and digests. It
    runs in a scratch folder (`python -c` puts the working folder first on sys.path)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(package_root)
    out = subprocess.run([sys.executable, "-c", CHILD, str(runs), str(ROOT / "examples")], check=True,
                         capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(runs: int) -> None:
    result = child(ROOT, runs)
    print(f"load average {os.getloadavg()[0]:.1f}; CPU ms per build, median of {runs} or more warm builds")
    for name, times in result["times"].items():
        same = result["digests"].get(name, "")
        note = "" if not same else ("  NOT DETERMINISTIC" if same.startswith("differs") else "  same bytes twice")
        print(f"{name:<40}{1000 * statistics.median(times):>9.1f}{note}")


def paired(baseline: Path, pairs: int, runs: int) -> None:
    a_runs: list[dict] = []
    b_runs: list[dict] = []
    for _ in range(pairs):
        a_runs.append(child(ROOT, runs))
        b_runs.append(child(baseline, runs))
    print(f"load average {os.getloadavg()[0]:.1f}; A = {ROOT}, B = {baseline}; {pairs} pairs of fresh "
          f"processes, A first; CPU ms per build (median of each child's builds, then of the pairs)")
    print(f"{'case':<40}{'A ms':>9}{'B ms':>9}{'A/B':>8}  bytes")
    totals = [0.0, 0.0]
    for name in a_runs[0]["times"]:
        a = [statistics.median(r["times"][name]) for r in a_runs]
        b = [statistics.median(r["times"][name]) for r in b_runs]
        ratio = statistics.median(x / y for x, y in zip(a, b))
        totals[0] += statistics.median(a)
        totals[1] += statistics.median(b)
        digest_a, digest_b = a_runs[0]["digests"].get(name), b_runs[0]["digests"].get(name)
        same = "" if digest_a is None else ("same" if digest_a == digest_b else "DIFFERENT")
        print(f"{name:<40}{1000 * statistics.median(a):>9.1f}{1000 * statistics.median(b):>9.1f}{ratio:>8.2f}  {same}")
    print(f"{'all of the above':<40}{1000 * totals[0]:>9.1f}{1000 * totals[1]:>9.1f}{totals[0] / totals[1]:>8.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="timed builds of each product per process")
    ap.add_argument("--pairs", type=int, default=5, help="A/B pairs of processes (with --baseline)")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="a folder holding another copy of lostprint/ (with assets/ and templates/): side B")
    args = ap.parse_args()
    if args.baseline is not None:
        paired(args.baseline, args.pairs, args.runs)
    else:
        report(args.runs)


if __name__ == "__main__":
    main()
