"""CPU time of building finished-game journals in process: the front pages (map, route placement, day
tags, summary, chart), painting them onto a PDF canvas, and the whole PDF, for the three example saves
in letter colour and A4 mono.

Each measurement is a fresh child process that imports lostprint, builds every journal once to warm up
(fonts, imports), then times `front_layout`, `paint` of its pages and `build_journal` over --reps rounds with
time.process_time (CPU, not wall time: a busy shared machine slows both sides alike). The child also
hashes every PDF it built.

    python benchmarks/bench_journal.py [--pairs N] [--reps R]

prints this checkout's figures (ms of CPU per journal, median of N children).

    python benchmarks/bench_journal.py --baseline DIR [--pairs N]

pairs this checkout (A) with another copy of the package (B: DIR holds its `lostprint/`, `assets/` and
`templates/`, e.g. the tree before a speed change), interleaved A, B, A, B..., and prints the median of
the per-pair ratios B/A (how many times faster A is) and whether A and B wrote the same bytes:
    mkdir -p /tmp/base && cp -r lostprint assets templates /tmp/base/ && <put the old files back>
    python benchmarks/bench_journal.py --baseline /tmp/base
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAVES = ("1572-the-delta-by-grace", "1672-the-salt-road-home", "1872-the-long-way-north")
PRINTS = (("letter", "color"), ("a4", "mono"))

CHILD = textwrap.dedent('''
    import hashlib, json, sys, time
    root, examples, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sys.path.insert(0, root)  # this copy of lostprint, before the installed one
    import lostprint
    assert lostprint.__file__.startswith(root), lostprint.__file__
    from lostprint.books.journal import build_journal, front_layout
    from lostprint.saves.validate import load_played
    saves, prints = json.loads(sys.argv[4]), json.loads(sys.argv[5])
    played = [load_played(f"{examples}/{name}.yaml") for name in saves]
    jobs = [(p, paper, ink) for p in played for paper, ink in prints]
    for p, paper, ink in jobs:
        build_journal(p, paper, ink)
    t = time.process_time()
    for _ in range(reps):
        for p, paper, ink in jobs:
            front_layout(p, paper, ink)
    front = time.process_time() - t
    from io import BytesIO
    from reportlab.pdfgen.canvas import Canvas
    from lostprint.render.paint import paint
    scenes = [scene for p, paper, ink in jobs for scene in front_layout(p, paper, ink)[0]]
    t = time.process_time()
    for _ in range(reps):
        for scene in scenes:
            canvas = Canvas(BytesIO(), pagesize=(scene.width, scene.height), invariant=1)
            paint(canvas, scene.items, scene.height)
            canvas.showPage()
    painted = time.process_time() - t
    digest = hashlib.sha256()
    t = time.process_time()
    for _ in range(reps):
        for p, paper, ink in jobs:
            digest.update(build_journal(p, paper, ink))
    whole = time.process_time() - t
    n = reps * len(jobs)
    print(json.dumps({"front": front / n, "paint": painted / (reps * len(scenes)), "build": whole / n,
                      "digest": digest.hexdigest()}))
''')


def child(root: Path, reps: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(ROOT / "examples"), str(reps),
                          json.dumps(SAVES), json.dumps(PRINTS)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="a copy of the package to compare with (see above)")
    args = parser.parse_args()
    jobs = len(SAVES) * len(PRINTS)
    if args.baseline is None:
        runs = [child(ROOT, args.reps) for _ in range(args.pairs)]
        front = statistics.median(r["front"] for r in runs) * 1000
        painted = statistics.median(r["paint"] for r in runs) * 1000
        build = statistics.median(r["build"] for r in runs) * 1000
        same = len({r["digest"] for r in runs}) == 1
        print(f"{jobs} journals (3 examples x letter colour, A4 mono), median of {args.pairs} processes:")
        print(f"  front pages (map, route, tags, panels): {front:6.1f} ms CPU per journal")
        print(f"  painting a front page:                  {painted:6.1f} ms CPU per page")
        print(f"  whole PDF:                              {build:6.1f} ms CPU per journal")
        print(f"  same bytes in every process: {'yes' if same else 'NO'}")
        return 0 if same else 1
    base = args.baseline.resolve()
    if not (base / "lostprint" / "__init__.py").is_file():
        parser.error(f"{base} holds no lostprint/ package")
    pairs = []
    for i in range(args.pairs):
        a, b = child(ROOT, args.reps), child(base, args.reps)
        pairs.append((a, b))
        print(f"pair {i + 1}: front {a['front'] * 1000:6.1f} vs {b['front'] * 1000:6.1f} ms, "
              f"paint {a['paint'] * 1000:5.1f} vs {b['paint'] * 1000:5.1f} ms a page, "
              f"build {a['build'] * 1000:6.1f} vs {b['build'] * 1000:6.1f} ms (A vs B, per journal)")
    front = statistics.median(b["front"] / a["front"] for a, b in pairs)
    painted = statistics.median(b["paint"] / a["paint"] for a, b in pairs)
    build = statistics.median(b["build"] / a["build"] for a, b in pairs)
    same = all(a["digest"] == b["digest"] for a, b in pairs)
    print(f"B/A, median of {args.pairs} pairs: front pages {front:.2f}x, painting {painted:.2f}x, "
          f"whole PDF {build:.2f}x ({jobs} journals); same bytes in A and B: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
