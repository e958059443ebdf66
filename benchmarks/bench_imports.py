"""Whole-process CPU time of a few commands whose start-up moving imports to the top of modules can
change (`--help`, a sheet, validating a save and a Crows record, a journal, opening a save in the editor and
a game at the table), this checkout's package (A) against another copy of it (B), paired and interleaved
(A, B, A, B...), CPU time of the child (getrusage), the median of the per-pair ratios A/B. With --suite,
also a fixed slice of the test suite (SUITE), each copy's own tests run in its own folder.

Run: python benchmarks/bench_imports.py --baseline DIR [--current DIR] [--pairs N] [--suite]
DIR holds the other `lostprint/` (and links to the checkout's assets/, templates/ and examples/; for
--suite its own tests/ and pyproject.toml), e.g.
    mkdir -p /tmp/base && git archive OLD lostprint tests pyproject.toml | tar -x -C /tmp/base
    ln -s $PWD/assets $PWD/templates $PWD/examples /tmp/base/
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_sheets import interleaved, paired_envs  # noqa: E402  (the paired child-CPU runner)

# the slice of the suite timed with --suite: sheets drawn and print-checked, saves replayed and refused
SUITE = ("tests/test_sheet_print.py", "tests/test_saves_validate.py")


def commands(tmp: str) -> list[tuple[str, list[str]]]:
    lp = [sys.executable, "-m", "lostprint"]
    ex = ROOT / "examples"
    return [
        ("--help", lp + ["--help"]),
        ("sheet 1572", lp + ["sheet", "1572", "-o", f"{tmp}/s.pdf"]),
        ("validate 1572 save", lp + ["validate", str(ex / "1572-the-delta-by-grace.yaml")]),
        ("validate 1672 save", lp + ["validate", str(ex / "1672-the-salt-road-home.yaml")]),
        ("validate crows record", lp + ["validate", str(ex / "crows-3p.yaml")]),
        ("render 1572 journal", lp + ["render", str(ex / "1572-the-delta-by-grace.yaml"), "-o", f"{tmp}/j.pdf"]),
        # what `lostprint edit` and `lostprint play` do before they serve: open the save, draw its map
        ("edit: open a save", [sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from lostprint.edit.session import EditSession; "
                               "EditSession(Path(sys.argv[1]), None, None, False)", str(ex / "1572-the-delta-by-grace.yaml")]),
        ("play: open a game", [sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from lostprint.play.session import PlaySession; "
                               "PlaySession(Path(sys.argv[1]), '1572', 'standard', 1).drawing()", f"{tmp}/p.yaml"]),
    ]


def suite_cpu(root: Path, env: dict) -> float:
    """User + system CPU seconds of the SUITE slice run with the copy at `root` (its tests, its package),
    the test processes' children included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "pytest", *SUITE, "-q", "-p", "no:cacheprovider"], check=True,
                   capture_output=True, cwd=root, env=dict(env, PYTHONPATH=str(root)))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True)
    ap.add_argument("--current", type=Path, default=ROOT, help="the A copy (default: this checkout)")
    ap.add_argument("--pairs", type=int, default=7)
    ap.add_argument("--suite", action="store_true", help="also time the SUITE slice of the tests")
    ap.add_argument("--only-suite", action="store_true", help="time the SUITE slice alone")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"load average {os.getloadavg()[0]:.1f}; A: {args.current}, B: {args.baseline}")
    print(f"{'command':<26}{'A s':>8}{'B s':>8}{'A/B':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, cmd in ([] if args.only_suite else commands(tmp)):
            a, b, ratio = paired_envs(cmd, dict(env, PYTHONPATH=str(args.current)),
                                      dict(env, PYTHONPATH=str(args.baseline)), args.pairs)
            print(f"{name:<26}{a:>8.3f}{b:>8.3f}{ratio:>7.3f}", flush=True)
    if args.suite or args.only_suite:
        a, b, ratio = interleaved(lambda: suite_cpu(args.current, env), lambda: suite_cpu(args.baseline, env),
                                  args.pairs)
        print(f"{'suite slice':<26}{a:>8.3f}{b:>8.3f}{ratio:>7.3f}", flush=True)


if __name__ == "__main__":
    main()
