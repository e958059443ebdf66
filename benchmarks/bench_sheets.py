"""Time `lostprint sheet GAME` as a whole process against a floor, and `lostprint --help` against
`python -c "import click"`.

The floor is a bare reportlab script (same embedded fonts, invariant mode) that draws as many paths,
rectangles, circles, lines and text rows as the real sheet has, with no layout work at all.
Run: python benchmarks/bench_sheets.py [--runs N]. Prints medians and ratios; goal <= 1.3x and <= 1.5x.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

FLOOR = textwrap.dedent('''
    import sys
    from reportlab.pdfgen import canvas
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    fonts = sys.argv[2]
    n_paths, n_rects, n_circles, n_lines, n_texts = map(int, sys.argv[3:8])
    for name, file in (("S", "DejaVuSans.ttf"), ("B", "DejaVuSans-Bold.ttf"), ("I", "DejaVuSans-Oblique.ttf"),
                       ("F", "DejaVuSerif-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, f"{fonts}/{file}"))
    c = canvas.Canvas(sys.argv[1], pagesize=(792, 612), invariant=1, initialFontName="S")
    for i in range(n_paths):
        p = c.beginPath(); x = 30 + (i * 7) % 700; y = 30 + (i * 13) % 550
        p.moveTo(x, y)
        for k in range(6):
            p.lineTo(x + 10 * (k % 3), y + 8 * (k // 3))
        p.close(); c.setFillColorRGB(0.9, 0.9, 0.8); c.drawPath(p, fill=1, stroke=1)
    for i in range(n_rects):
        c.rect(30 + (i * 11) % 700, 30 + (i * 17) % 550, 20, 10, fill=1, stroke=1)
    for i in range(n_circles):
        c.circle(30 + (i * 11) % 700, 30 + (i * 17) % 550, 3, fill=1, stroke=1)
    for i in range(n_lines):
        c.line(30, 30 + i % 550, 400, 30 + i % 550)
    for i, font in zip(range(n_texts), "SBIF" * n_texts):
        c.setFont(font, 7); c.drawString(30 + (i * 37) % 650, 30 + (i * 9) % 550, "Movement +2, Movement +1")
    c.showPage(); c.save()
''')


def median_time(cmd: list[str], runs: int) -> float:
    """Median wall time of `runs` runs, after one warm-up run. Bytecode caching is allowed (as on a
    user's machine), so lostprint's modules are not recompiled on every run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def counts(game: str) -> list[int]:
    from lostprint.scene import Circle, Line, Path as P, Rect, Text, walk
    from lostprint.sheets import build_sheet

    items = list(walk(build_sheet(game).items))
    return [sum(isinstance(i, k) for i in items) for k in (P, Rect, Circle, Line, Text)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from lostprint.paths import asset
    from lostprint.sheets import BUILDERS, has_sheet

    script = Path(sys.executable).with_name("lostprint")
    exe = [str(script)] if script.exists() else [sys.executable, "-m", "lostprint"]
    with tempfile.TemporaryDirectory() as tmp:
        floor_py = Path(tmp) / "floor.py"
        floor_py.write_text(FLOOR)
        print(f"{'case':<32}{'median s':>10}{'floor s':>10}{'ratio':>8}  goal")
        for game in (g for g in BUILDERS if has_sheet(g)):
            n = counts(game)
            real = median_time(exe + ["sheet", game, "-o", f"{tmp}/{game}.pdf"], args.runs)
            floor = median_time([sys.executable, str(floor_py), f"{tmp}/floor.pdf", str(asset("fonts"))]
                                + [str(k) for k in n], args.runs)
            print(f"{'sheet ' + game:<32}{real:>10.3f}{floor:>10.3f}{real / floor:>8.2f}  <= 1.3"
                  f"   ({n[0]} paths, {n[1]} rects, {n[2]} circles, {n[3]} lines, {n[4]} texts)")
        real = median_time(exe + ["--help"], args.runs)
        floor = median_time([sys.executable, "-c", "import click"], args.runs)
        print(f"{'--help':<32}{real:>10.3f}{floor:>10.3f}{real / floor:>8.2f}  <= 1.5")


if __name__ == "__main__":
    main()
