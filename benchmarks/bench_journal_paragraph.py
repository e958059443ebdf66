"""Is journal rendering linear in the length of one paragraph?

A: a save whose first day's journal is one paragraph of SIZE bytes; B: the same words in 100
paragraphs. Runs are paired (A, B, A, B...), timed in CPU seconds of this process (not wall time),
and the ratio A/B is printed against the floor the issue sets: at most 2.0.

    python benchmarks/bench_journal_paragraph.py [--size 1000000] [--pairs 1]
"""
from __future__ import annotations

import argparse
import copy
import time

SENTENCE = ("We pushed on through the reeds at first light, the river brown and slow beside us, "
            "and Tomas counted the last of the biscuits twice before he would say how many were left. ")


def journal_text(size: int, paragraphs: int) -> str:
    words = (SENTENCE * (size // len(SENTENCE) + 1))[:size]
    if paragraphs == 1:
        return words
    step = len(words) // paragraphs
    cuts = [words.find(" ", i * step) for i in range(1, paragraphs)]
    parts, start = [], 0
    for cut in cuts:
        parts.append(words[start:cut])
        start = cut + 1
    parts.append(words[start:])
    return "\n".join(parts)


def played_with(base, text: str):
    from lostprint.saves.validate import replay_data

    data = copy.deepcopy(base)
    data["days"][0]["journal"] = text
    problems, played = replay_data(data, "bench.yaml")
    assert not problems, problems[:3]
    return played


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--pairs", type=int, default=1)
    args = ap.parse_args()

    from lostprint.books.journal import build_journal
    from lostprint.files import load
    from lostprint.paths import examples_dir

    base = load(examples_dir() / "1572-the-delta-by-grace.yaml")
    one = played_with(base, journal_text(args.size, 1))
    many = played_with(base, journal_text(args.size, 100))
    a_times, b_times = [], []
    for _ in range(args.pairs):
        a_times.append(cpu(lambda: build_journal(one)))
        b_times.append(cpu(lambda: build_journal(many)))
    a, b = min(a_times), min(b_times)
    ratio = a / b
    print(f"journal of {args.size:,} bytes: one paragraph {a:.2f} s CPU, 100 paragraphs {b:.2f} s CPU, "
          f"ratio {ratio:.2f} (floor: at most 2.00) {'ok' if ratio <= 2.0 else 'TOO SLOW'}")


if __name__ == "__main__":
    main()
