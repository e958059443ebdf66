"""How fast `lostprint play` answers, in-process, for each Lost game: one step (take the input, write
the kept inputs and the save atomically, say what to pencil, build the page's view) and one hint (the
careful player's choice and its win chance from seeded playouts, as many as its stated margin needs).

Run: python benchmarks/bench_play.py [--games N] [--rounds R] [--only 1572,1672,1872]

CPU time (time.process_time). Goals (issue 29): each step under 100 ms; a hint within 2 s. Prints
each figure as a ratio to its goal (below 1 = met). Steps late in a long game are shown apart, since
the save written after each step grows with the game. Hints are measured at the first decision (the
longest games to play out) and then at every 25th decision.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from lostprint.play.session import PlaySession

STEP_GOAL_MS = 100.0
HINT_GOAL_MS = 2000.0
HINT_EVERY = 25  # decisions between two measured hints


def one_game(folder: Path, game: str, seed: int) -> tuple[list[float], list[tuple[float, int]]]:
    """CPU ms of each step of one careful game played through the session; (ms, playouts) of its hints."""
    session = PlaySession(folder / f"{game}-{seed}.yaml", game, seed=seed)
    steps, hints = [], []
    decisions = 0
    while (q := session.view()["question"]) is not None:
        if q["kind"] == "roll":
            start = time.process_time()
            session.roll()
        else:
            measured = decisions % HINT_EVERY == 0
            t = time.process_time()
            hint = session.hint() if measured else session.hint(0)
            if measured:
                hints.append(((time.process_time() - t) * 1000, hint["playouts"]))
            decisions += 1
            start = time.process_time()
            session.give(hint["choice"])
        steps.append((time.process_time() - start) * 1000)
    return steps, hints


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", default="1572,1672,1872")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.only.split(","):
            steps, late, hints = [], [], []
            for r in range(args.rounds):
                for g in range(args.games):
                    s, h = one_game(Path(tmp), game, r * 1000 + g)
                    steps += s
                    late += s[len(s) * 3 // 4:]
                    hints += h
            median, worst = statistics.median(steps), max(steps)
            slowest = max(hints)
            print(f"{game} step: median {median:.1f} ms, last quarter median {statistics.median(late):.1f} ms, "
                  f"worst {worst:.1f} ms over {len(steps)} steps -> {worst / STEP_GOAL_MS:.2f}x the "
                  f"{STEP_GOAL_MS:.0f} ms goal")
            print(f"{game} hint: median {statistics.median(ms for ms, _ in hints):.0f} ms, worst {slowest[0]:.0f} ms "
                  f"({slowest[1]} playouts) over {len(hints)} hints -> {slowest[0] / HINT_GOAL_MS:.2f}x the "
                  f"{HINT_GOAL_MS:.0f} ms goal")


if __name__ == "__main__":
    main()
