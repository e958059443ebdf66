"""CPU time of `lostprint sheet GAME` as a whole process against a floor, and of `lostprint --help`
against `python -c "import click"`; then the painter's CPU time in process for the sheets, an
80 x 40 map and the mono Crows kit.

The floor is a bare reportlab script (same embedded fonts, invariant mode) that draws as many paths,
rectangles, circles, lines and text rows as the real sheet has, with no layout work at all.

Runs are paired and interleaved (A, B, A, B...) and each is measured in CPU time (user + system of
the child process, from getrusage), not wall time, so a busy shared machine slows both sides alike.
The ratio printed is the median of the per-pair ratios A/B.

Run: python benchmarks/bench_sheets.py [--pairs N]. Goals: sheet <= 1.2x its floor, --help <= 1.5x.

--baseline DIR pairs `lostprint sheet` of this checkout (A) with the same command run on another copy of
the package (B: DIR holds its `lostprint/`), e.g. the tree before a start-up change, to measure what
the change saves:
    mkdir -p /tmp/base && cp -r lostprint /tmp/base/ && <put the old files back into /tmp/base/lostprint>
    python benchmarks/bench_sheets.py --baseline /tmp/base
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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


def child_cpu(cmd: list[str], env: dict) -> float:
    """User + system CPU seconds of one run of cmd (a child process). It runs in a scratch folder:
    `python -m` puts the working folder first on sys.path, ahead of PYTHONPATH, so a run started in a
    checkout would import that checkout whatever PYTHONPATH says."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, capture_output=True, env=env, cwd=tempfile.gettempdir())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(a: list[str], b: list[str], pairs: int, env: dict) -> tuple[float, float, float]:
    """(median CPU of A, median CPU of B, median of the per-pair ratios A/B), after one warm-up each.
    Bytecode caching is allowed (as on a user's machine)."""
    child_cpu(a, env)
    child_cpu(b, env)
    ta, tb = [], []
    for _ in range(pairs):
        ta.append(child_cpu(a, env))
        tb.append(child_cpu(b, env))
    return statistics.median(ta), statistics.median(tb), statistics.median(x / y for x, y in zip(ta, tb))


def counts(game: str) -> list[int]:
    from lostprint.scene import Circle, Line, Path as P, Rect, Text, walk
    from lostprint.sheets import build_sheet

    items = list(walk(build_sheet(game).items))
    return [sum(isinstance(i, k) for i in items) for k in (P, Rect, Circle, Line, Text)]


def painter_cpu(pairs: int) -> None:
    """The painter alone, in this process: CPU milliseconds to turn a built Scene into PDF bytes."""
    from lostprint.crows.kit import KitOptions, build_kit
    from lostprint.games import with_part
    from lostprint.maps.generate import generate
    from lostprint.options import PrintOptions
    from lostprint.render import render
    from lostprint.sheets import build_sheet

    cases = [(f"sheet {g.id} {ink}", build_sheet(g.id, None, PrintOptions(ink=ink)))
             for g in with_part("sheet") for ink in ("color", "mono")]
    cases.append(("sheet on an 80 x 40 map", build_sheet("lost-expedition", generate("lost-expedition", 1, 80, 40))))
    cases.append(("crows kit mono", build_kit(KitOptions(ink="mono"))))
    print(f"\n{'painter (in process)':<36}{'CPU ms':>10}{'PDF MB':>9}")
    for name, scene in cases:
        render(scene, "pdf")
        times = []
        for _ in range(pairs):
            t = time.process_time()
            data = render(scene, "pdf")
            times.append(time.process_time() - t)
        print(f"{name:<36}{1000 * statistics.median(times):>10.1f}{len(data) / 1e6:>9.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=5, help="A/B pairs per case")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="a folder holding another copy of the lostprint package: its sheet process is B")
    args = ap.parse_args()
    if args.baseline is not None:
        against_baseline(args.baseline, args.pairs)
        return
    sys.path.insert(0, str(ROOT))
    from lostprint.games import with_part
    from lostprint.paths import asset

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)  # the checkout, never an installed copy
    exe = [sys.executable, "-m", "lostprint"]
    with tempfile.TemporaryDirectory() as tmp:
        floor_py = Path(tmp) / "floor.py"
        floor_py.write_text(FLOOR)
        print(f"{'case (A vs B, CPU s)':<36}{'A':>8}{'B':>8}{'A/B':>7}  goal")
        for game in (g.id for g in with_part("sheet")):
            n = counts(game)
            a, b, ratio = paired(exe + ["sheet", game, "-o", f"{tmp}/{game}.pdf"],
                                 [sys.executable, str(floor_py), f"{tmp}/floor.pdf", str(asset("fonts"))]
                                 + [str(k) for k in n], args.pairs, env)
            print(f"{'sheet ' + game + ' / floor':<36}{a:>8.3f}{b:>8.3f}{ratio:>7.2f}  <= 1.2"
                  f"   ({n[0]} paths, {n[1]} rects, {n[2]} circles, {n[3]} lines, {n[4]} texts)")
        a, b, ratio = paired(exe + ["--help"], [sys.executable, "-c", "import click"], args.pairs, env)
        print(f"{'--help / import click':<36}{a:>8.3f}{b:>8.3f}{ratio:>7.2f}  <= 1.5")
    painter_cpu(args.pairs)


def against_baseline(baseline: Path, pairs: int) -> None:
    """`lostprint sheet GAME` CPU time: this checkout (A) against the package in `baseline` (B)."""
    sys.path.insert(0, str(ROOT))
    from lostprint.games import with_part

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    exe = [sys.executable, "-m", "lostprint"]
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'sheet process (A: this checkout, B: ' + str(baseline) + ')':<52}{'A':>8}{'B':>8}{'A/B':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in (g.id for g in with_part("sheet")):
            cmd = exe + ["sheet", game, "-o", f"{tmp}/{game}.pdf"]
            a, b, ratio = paired_envs(cmd, dict(env, PYTHONPATH=str(ROOT)), dict(env, PYTHONPATH=str(baseline)),
                                      pairs)
            print(f"{'sheet ' + game:<52}{a:>8.3f}{b:>8.3f}{ratio:>7.2f}")


def paired_envs(cmd: list[str], env_a: dict, env_b: dict, pairs: int) -> tuple[float, float, float]:
    """As `paired`, one command in two environments."""
    child_cpu(cmd, env_a)
    child_cpu(cmd, env_b)
    ta, tb = [], []
    for _ in range(pairs):
        ta.append(child_cpu(cmd, env_a))
        tb.append(child_cpu(cmd, env_b))
    return statistics.median(ta), statistics.median(tb), statistics.median(x / y for x, y in zip(ta, tb))


if __name__ == "__main__":
    main()
