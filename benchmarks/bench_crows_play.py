"""How fast the Crows scorekeeper answers, in-process (lostprint.play.crows_session): one input (take it
through the engine's steps, write the kept inputs and the record atomically, build the page's view), one
undo (the game replayed from its inputs), and opening a finished record for `lostprint edit` (the
record read into inputs and replayed).

Run: python benchmarks/bench_crows_play.py [--rounds R]

CPU time (time.process_time). Goal (issue 29): each step under 100 ms. The example game
(examples/crows-3p.yaml, 154 inputs) is entered R times; late inputs are shown apart, since the
record written after each input grows with the game.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from lostprint.crows import transcript as T
from lostprint.crows.record import parse_record
from lostprint.files import load
from lostprint.play.crows_session import CrowsSession

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "crows-3p.yaml"
STEP_GOAL_MS = 100.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    record, _ = parse_record(load(EXAMPLE), EXAMPLE.name)
    inputs = T.inputs_of(record)
    gives, undos, opens = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for k in range(args.rounds):
            session = CrowsSession(folder / f"g{k}.yaml", "play")
            session.setup(list(record.players))
            for raw in inputs:
                t = time.process_time()
                session.give(raw)
                gives.append((time.process_time() - t) * 1000)
            t = time.process_time()
            session.undo()
            undos.append((time.process_time() - t) * 1000)
            path = folder / f"e{k}.yaml"
            shutil.copy(EXAMPLE, path)
            t = time.process_time()
            CrowsSession(path, "edit").view()
            opens.append((time.process_time() - t) * 1000)
    late = gives[-len(inputs) // 4:]
    print(f"input: median {statistics.median(gives):.1f} ms, max {max(gives):.1f} ms, late median "
          f"{statistics.median(late):.1f} ms ({statistics.median(gives) / STEP_GOAL_MS:.2f} of the goal)")
    print(f"undo at the end: median {statistics.median(undos):.1f} ms ({statistics.median(undos) / STEP_GOAL_MS:.2f})")
    print(f"edit open of a finished record: median {statistics.median(opens):.1f} ms")


if __name__ == "__main__":
    main()
