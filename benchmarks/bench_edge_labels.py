"""CPU time of the map's edge labels (column letters, row numbers) on a large map: the one-pass
`lostprint.sheets.hexmap.edge_labels` (A) against the scan it replaced (B), which looked at every hex
for every row label.

Runs are interleaved (A, B, A, B...) and measured in process CPU time (time.process_time); the ratio
printed is the median of the per-pair ratios B/A. Goal: A at least 2x faster than B on 80 x 40.

Run: python benchmarks/bench_edge_labels.py [--pairs N]
"""
from __future__ import annotations

import argparse
import math
import statistics
import time


def scan_edge_labels(ctx) -> list:
    """The replaced version: a row number is placed only where no hex centre is near, found by looking
    at every hex (quadratic in the map's size)."""
    from lostprint.geometry import hexgrid
    from lostprint.scene import Text
    from lostprint.sheets.hexmap import _centered_text
    from lostprint.sheets.style import MIN_TEXT

    gm, pal = ctx.game_map, ctx.pal
    by_col: dict = {}
    by_row: dict = {}
    for lab, h in gm.axial.items():
        col, row = hexgrid.axial_to_offset(h)
        by_col.setdefault(col, []).append((row, lab))
        by_row.setdefault(row, []).append((col, lab))
    items = []
    flat_half = hexgrid.SQRT3 * ctx.size / 2
    for col, cells in sorted(by_col.items()):
        _, top = min(cells)
        cx, cy = ctx.center(top)
        items.append(Text(cx, cy - flat_half - 2.5, hexgrid.column_letters(col), MIN_TEXT, "sans", "middle", pal.faint))
    centers = [ctx.center(lab) for lab in gm.hexes]

    def clear(x, y):
        return all(math.hypot(x - cx, y - cy) > ctx.size * 1.05 for cx, cy in centers)

    for row, cells in sorted(by_row.items()):
        _, left = min(cells)
        _, right = max(cells)
        (lx, ly), (rx, ry) = ctx.center(left), ctx.center(right)
        if clear(lx - ctx.size - 5, ly):
            items.append(_centered_text(lx - ctx.size - 5, ly, str(row + 1), MIN_TEXT, "sans", pal.faint))
        if clear(rx + ctx.size + 5, ry):
            items.append(_centered_text(rx + ctx.size + 5, ry, str(row + 1), MIN_TEXT, "sans", pal.faint))
    return items


def main() -> None:
    from lostprint.games import load
    from lostprint.geometry import hexgrid
    from lostprint.maps.generate import generate
    from lostprint.sheets.hexmap import MapContext, edge_labels
    from lostprint.sheets.style import palette

    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=7)
    args = parser.parse_args()
    gm = generate("lost-expedition", 1, 80, 40)
    ctx = MapContext(gm, load("lost-expedition"), hexgrid.fit_layout(gm.axial.values(), (0, 0, 2000, 1000)),
                     palette("color"))
    ratios = []
    for _ in range(args.pairs):
        t = time.process_time()
        edge_labels(ctx)
        a = time.process_time() - t
        t = time.process_time()
        scan_edge_labels(ctx)
        b = time.process_time() - t
        ratios.append(b / max(a, 1e-9))
    ratio = statistics.median(ratios)
    print(f"edge labels, {len(gm.hexes)} hexes: one pass is {ratio:.1f}x faster than the scan (goal >= 2x)"
          f" {'ok' if ratio >= 2 else 'BELOW GOAL'}")


if __name__ == "__main__":
    main()
