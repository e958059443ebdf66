"""Lines of rule behaviour (issue 23): the engines, the save validators and the players, now and at a
baseline commit, per game and in total.

    python benchmarks/rule_lines.py [--base REV]

REV defaults to 109c78d, main when issue 23 was filed (its ~9,200 figure). Counts are physical lines
(`wc -l`), as the issue counted them. The goal is a fall of at least a fifth from the baseline. The
generic parts (the engine contract and driver, the search, the validator's file walk and schema) are
listed on their own line: they know no game.
"""
from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "109c78d"
FOLDERS = ("lostprint/engine", "lostprint/saves", "lostprint/players")
GAMES = {"1572": ("lost_expedition", "1572"), "1672": ("lost_crew", "1672"), "1872": ("lost_crows", "1872"),
         "crows": ("crows",)}


def files_at(rev: str | None) -> dict[str, int]:
    """path -> lines of every .py file under FOLDERS, in the working tree (rev None) or at a commit."""
    if rev is None:
        return {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
                for folder in FOLDERS for p in sorted((ROOT / folder).glob("*.py"))}
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, *FOLDERS], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    return {n: len(subprocess.run(["git", "show", f"{rev}:{n}"], cwd=ROOT, check=True, capture_output=True,
                                  text=True).stdout.splitlines()) for n in names if n.endswith(".py")}


def game_of(path: str) -> str:
    stem = Path(path).stem
    for game, marks in GAMES.items():
        if any(m in stem for m in marks):
            return game
    return "shared"


def by_game(files: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for path, n in files.items():
        out[game_of(path)] = out.get(game_of(path), 0) + n
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE)
    args = parser.parse_args()
    before, now = files_at(args.base), files_at(None)
    b, n = by_game(before), by_game(now)
    print(f"{'part':<8}{'base':>8}{'now':>8}{'ratio':>8}")
    for key in (*GAMES, "shared"):
        ratio = n.get(key, 0) / b[key] if b.get(key) else float("nan")
        print(f"{key:<8}{b.get(key, 0):>8}{n.get(key, 0):>8}{ratio:>8.2f}")
    total_b, total_n = sum(b.values()), sum(n.values())
    print(f"{'total':<8}{total_b:>8}{total_n:>8}{total_n / total_b:>8.2f}   goal <= 0.80")
    for path in sorted(now, key=now.get, reverse=True)[:12]:
        print(f"  {now[path]:>6}  {path}  ({game_of(path)}; base {before.get(path, 0)})")


if __name__ == "__main__":
    main()
