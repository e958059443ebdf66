"""CPU time of `lostprint sheet GAME` as a whole process against a floor, and of `lostprint --help`
against `python -c "import click"`; then the painter's CPU time in process for the sheets, an
80 x 40 map and the mono Crows kit.

The floor is a bare reportlab script (same embedded fonts, invariant mode) that draws as many paths,
rectangles, circles, lines and text rows as the real sheet has, with no layout work at all.

Runs are paired and interleaved (A, B, A, B...) and each is measured in CPU time (user + system of
the child process, from getrusage), not wall time, so a busy shared machine slows both sides alike.
The ratio printed is the median of the per-pair ratios A/B.

Run: python benchmarks/bench_sheets.py [--pairs N]. Goals: sheet <= 1.2x its floor, --help <= 1.5x.

--phases [--pairs N] says where the CPU of one `lostprint sheet` process goes (click, lostprint's modules,
reportlab, layout, painting), beside the floor's own phases: the median of N fresh processes each.

--baseline DIR pairs `lostprint sheet` of this checkout (A) with the same command run on another copy of
the package (B: DIR holds its `lostprint/`), e.g. the tree before a start-up change, to measure what
the change saves:
    mkdir -p /tmp/base && cp -r lostprint /tmp/base/ && <put the old files back into /tmp/base/lostprint>
    python benchmarks/bench_sheets.py --baseline /tmp/base
(DIR also needs the checkout's assets/ and templates/ beside its lostprint/: `ln -s $PWD/assets /tmp/base/`.)
"""
from __future__ import annotations

import argparse
import ast
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

# Timing marks for --phases: CPU seconds of the process so far, after each step.
MARKS = '''import time
marks = [("Python start", time.process_time())]
def mark(name): marks.append((name, time.process_time()))
'''
# The sheet command's steps one by one in a fresh process, with the CPU time after each step. The steps
# are those `lostprint sheet GAME -o OUT` takes (lostprint.app.commands.sheet), imports first; reportlab is
# imported first, as the floor does, so the stdlib modules both need are counted on its line on both sides.
SHEET_PHASES = MARKS + textwrap.dedent('''
    import sys
    import reportlab.pdfgen.canvas, reportlab.pdfbase.pdfmetrics
    from lostprint.text.faces import reportlab_ttfonts
    reportlab_ttfonts(); mark("reportlab modules (first, as in the floor)")
    import click; mark("click")
    import lostprint.cli; mark("lostprint.cli (its options, palette, paper)")
    from lostprint.app import commands
    from lostprint.games import load, resolve
    from lostprint.sheets import build_sheet, sheet_module
    from lostprint.options import PrintOptions
    import lostprint.maps.model
    plugin = resolve(sys.argv[2]); sheet_module(plugin.id); load(plugin.id)
    import lostprint.render.pdf; mark("lostprint modules of the sheet")
    scene = build_sheet(plugin.id, None, PrintOptions(paper="letter")); mark("layout (loads the fonts it measures with)")
    from lostprint.render import render
    from lostprint.paths import write_atomic
    write_atomic(sys.argv[1], render(scene, "pdf")); mark("painting and writing the PDF")
    print(repr(marks))
''')
# The floor with the same marks: its imports, its four fonts, its drawing.
FLOOR_PHASES = MARKS + (FLOOR.replace("import TTFont\n", "import TTFont\nmark(\"reportlab modules\")\n")
                        .replace("c = canvas.Canvas", "mark(\"4 fonts\")\nc = canvas.Canvas")
                        + "mark(\"drawing and writing the PDF\")\nprint(repr(marks))\n")


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
    return interleaved(lambda: child_cpu(a, env), lambda: child_cpu(b, env), pairs)


def interleaved(run_a, run_b, pairs: int) -> tuple[float, float, float]:
    """Run A, B, A, B… (one warm-up each first): the two medians and the median of the ratios A/B."""
    run_a()
    run_b()
    ta, tb = [], []
    for _ in range(pairs):
        ta.append(run_a())
        tb.append(run_b())
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


def phase_times(cmd: list[str], env: dict) -> list[tuple[str, float]]:
    """The CPU seconds of each phase of one fresh process printing its marks."""
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    marks = ast.literal_eval(out.stdout.strip().splitlines()[-1])
    return [(marks[0][0], marks[0][1])] + [(b[0], b[1] - a[1]) for a, b in zip(marks, marks[1:])]


def phases(pairs: int) -> None:
    """Where a sheet process's CPU goes, beside the floor's, per sheet: medians of `pairs` processes."""
    sys.path.insert(0, str(ROOT))
    from lostprint.games import with_part
    from lostprint.paths import asset

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    print(f"load average {os.getloadavg()[0]:.1f}; CPU ms, median of {pairs} fresh processes")
    with tempfile.TemporaryDirectory() as tmp:
        for game in (g.id for g in with_part("sheet")):
            sheet = [sys.executable, "-c", SHEET_PHASES, f"{tmp}/{game}.pdf", game]
            floor = [sys.executable, "-c", FLOOR_PHASES, f"{tmp}/floor.pdf", str(asset("fonts"))] \
                + [str(k) for k in counts(game)]
            runs: dict[str, list[list[tuple[str, float]]]] = {"sheet": [], "floor": []}
            for _ in range(pairs + 1):  # the first pair warms the bytecode caches and is dropped
                runs["sheet"].append(phase_times(sheet, env))
                runs["floor"].append(phase_times(floor, env))
            print(f"\nsheet {game}")
            for side in ("sheet", "floor"):
                kept = runs[side][1:]
                medians = [(name, statistics.median(run[i][1] for run in kept)) for i, (name, _) in enumerate(kept[0])]
                total = statistics.median(sum(s for _, s in run) for run in kept)
                print(f"  {side}: {1000 * total:.0f} ms")
                for name, seconds in medians:
                    print(f"    {name:<48}{1000 * seconds:>7.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=5, help="A/B pairs per case")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="a folder holding another copy of the lostprint package: its sheet process is B")
    ap.add_argument("--phases", action="store_true", help="where a sheet process's CPU goes, against the floor's")
    args = ap.parse_args()
    if args.phases:
        phases(args.pairs)
        return
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
        print(f"load average {os.getloadavg()[0]:.1f}")
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
    return interleaved(lambda: child_cpu(cmd, env_a), lambda: child_cpu(cmd, env_b), pairs)


if __name__ == "__main__":
    main()
