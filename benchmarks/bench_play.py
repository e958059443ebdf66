"""How fast `lostprint play` answers, in-process: one step (take the input, replay-free, write the
kept inputs and the save atomically, build the page's view) and one hint (the careful player's
choice and its win chance from HINT_PLAYOUTS playouts).

Run: python benchmarks/bench_play.py [--games N] [--rounds R]

CPU time (time.process_time). Goals (issue 29): each step under 100 ms; a hint within 2 s. Prints
each figure as a ratio to its goal (below 1 = met); steps late in a long game are measured apart,
since the save written after each step grows with the game.
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


def one_game(folder: Path, seed: int) -> tuple[list[float], list[float]]:
    """CPU ms of each step of one careful game played through the session, and of its hints."""
    session = PlaySession(folder / f"g{seed}.yaml", "1672", seed=seed)
    steps, hints = [], []
    while (q := session.view()["question"]) is not None:
        if q["kind"] == "roll":
            start = time.process_time()
            session.roll()
        else:
            t = time.process_time()
            choice = session.hint()["choice"] if len(hints) < 2 else session.hint(0)["choice"]
            if len(hints) < 2:
                hints.append((time.process_time() - t) * 1000)
            start = time.process_time()
            session.give(choice)
        steps.append((time.process_time() - start) * 1000)
    return steps, hints


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    steps, late, hints = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for g in range(args.games):
                s, h = one_game(Path(tmp), r * 1000 + g)
                steps += s
                late += s[len(s) * 3 // 4:]
                hints += h
    median, worst = statistics.median(steps), max(steps)
    print(f"step: median {median:.1f} ms, last quarter median {statistics.median(late):.1f} ms, "
          f"worst {worst:.1f} ms over {len(steps)} steps -> {worst / STEP_GOAL_MS:.2f}x the {STEP_GOAL_MS:.0f} ms goal")
    print(f"hint: median {statistics.median(hints):.0f} ms, worst {max(hints):.0f} ms over {len(hints)} hints "
          f"-> {max(hints) / HINT_GOAL_MS:.2f}x the {HINT_GOAL_MS:.0f} ms goal")


if __name__ == "__main__":
    main()
