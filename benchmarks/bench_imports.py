"""Whole-process CPU time of a few commands whose start-up moving imports to the top of modules can
change (`--help`, a sheet, validating a save and a Crows record, a journal, opening a save in the editor and
a game at the table), this checkout's package (A) against another copy of it (B), paired and interleaved
(A, B, A, B...), CPU time of the child (getrusage), the median of the per-pair ratios A/B.

Run: python benchmarks/bench_imports.py --baseline DIR [--pairs N]
DIR holds the other `lostprint/` (and links to the checkout's assets/ and templates/), e.g.
    mkdir -p /tmp/base && git archive OLD lostprint | tar -x -C /tmp/base
    ln -s $PWD/assets $PWD/templates /tmp/base/
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_sheets import paired_envs  # noqa: E402  (the paired child-CPU runner)


def commands(tmp: str) -> list[tuple[str, list[str]]]:
    lp = [sys.executable, "-m", "lostprint"]
    ex = ROOT / "examples"
    return [
        ("--help", lp + ["--help"]),
        ("sheet 1572", lp + ["sheet", "1572", "-o", f"{tmp}/s.pdf"]),
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True)
    ap.add_argument("--current", type=Path, default=ROOT, help="the A copy (default: this checkout)")
    ap.add_argument("--pairs", type=int, default=7)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"load average {os.getloadavg()[0]:.1f}; A: {args.current}, B: {args.baseline}")
    print(f"{'command':<26}{'A s':>8}{'B s':>8}{'A/B':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, cmd in commands(tmp):
            a, b, ratio = paired_envs(cmd, dict(env, PYTHONPATH=str(args.current)),
                                      dict(env, PYTHONPATH=str(args.baseline)), args.pairs)
            print(f"{name:<26}{a:>8.3f}{b:>8.3f}{ratio:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
