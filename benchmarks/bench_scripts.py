"""Speed of journals now that text goes through the fallback / bidi / shaping chain (lostprint.text).

A: the journal as built now. B: the same build with the text chain switched off (every string taken
as plain, as before the chain existed), i.e. the previous code path. A and B alternate, CPU time
(time.process_time), the best of N rounds each. A Latin-only journal must cost no more than B
(ratio <= 1.05, the noise floor of this machine); the multi-script journal is shown for scale.

    python benchmarks/bench_scripts.py [--rounds 5]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR = 1.05


@contextmanager
def plain_text_only():
    """The previous code path: no string is sent to the fallback chain."""
    from lostprint.render import paint
    from lostprint.text import fallback

    saved = (fallback.is_simple, paint.is_simple)
    fallback.is_simple = paint.is_simple = lambda text, key: True
    try:
        yield
    finally:
        fallback.is_simple, paint.is_simple = saved


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests"))
    from scripts_save import write_save

    from lostprint.books.journal import build_journal
    from lostprint.errors import LostprintError
    from lostprint.saves.validate import load_played

    latin = []
    for path in sorted((ROOT / "examples").glob("1[568]72-*.yaml")):
        try:
            latin.append(load_played(path))
        except LostprintError as exc:  # a save that no longer replays: say so, measure the rest
            print(f"skipped {path.name}: {exc}")
    if not latin:
        print("no example journal loads")
        return 1
    example = ROOT / "examples" / Path(latin[0].source).name
    with tempfile.TemporaryDirectory() as tmp:
        scripts = load_played(write_save(Path(tmp), example))

    def build_all():
        for played in latin:
            build_journal(played, "letter", "color")

    build_all()  # warm: fonts registered, caches filled, as in any process after its first file
    with plain_text_only():
        build_all()
    a, b = [], []
    for _ in range(args.rounds):
        a.append(cpu(build_all))
        with plain_text_only():
            b.append(cpu(build_all))
    ratio = min(a) / min(b)
    build_journal(scripts, "letter", "color")
    s = min(cpu(lambda: build_journal(scripts, "letter", "color")) for _ in range(args.rounds))
    one = min(a) / len(latin)
    print(f"Latin journals ({len(latin)}): now {min(a) * 1000:.0f} ms, plain path {min(b) * 1000:.0f} ms, "
          f"ratio {ratio:.3f} (floor {FLOOR})")
    print(f"multi-script journal: {s * 1000:.0f} ms ({s / one:.2f}x a Latin one)")
    print("ok" if ratio <= FLOOR else "SLOWER than the plain path")
    return 0 if ratio <= FLOOR else 1


if __name__ == "__main__":
    sys.exit(main())
