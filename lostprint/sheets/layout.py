"""Layout by content: panels at their natural size, packed into columns, the leftover given to the map.

A Panel knows the least width it reads at, the height it needs at a width, and how to draw itself in
a box. `pack` fills the regions a page leaves beside and under its map, column by column, in the
panels' order; `largest_map` tries hex sizes from the largest down until everything else fits.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from lostprint.fonts import text_width
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box
from lostprint.sheets import widgets as w
from lostprint.sheets.style import MIN_TEXT

GAP = 7.0
CHART_ROW = 10.2  # a chart row on the one-page sheet: 7.2 pt text, spaced as rows (over 1.4 lines), not prose
LINE = MIN_TEXT * 1.15  # a wrapped line of small text


class Panel(NamedTuple):
    name: str
    min_w: float
    height: Callable[[float], float]  # width -> the height it needs
    draw: Callable[[Box], object]  # box -> a Group
    max_w: float = 10_000.0  # wider than this it only looks stretched: the column keeps the rest


def pack(regions: list[Box], panels: list[Panel], gap: float = GAP, col_w: float = 140.0):
    """[(panel, box)] with every panel in a column of one of the regions, top to bottom, then the next
    column; None when they do not all fit. Each column takes, in turn, the first panel left (in the
    panels' order) that fits under what it holds. A region is cut into as many columns of at least
    `col_w` as it holds (one if it is narrower)."""
    placed = []
    todo = list(panels)
    for region in regions:
        if region.w < 40 or region.h < 30:
            continue
        n = max(1, int((region.w + gap) // (col_w + gap)))
        width = (region.w - gap * (n - 1)) / n
        for c in range(n):
            x = region.x + c * (width + gap)
            y = region.y
            while True:
                fit = next((p for p in todo if p.min_w <= width + 1e-6
                            and y + p.height(min(width, p.max_w)) <= region.bottom + 1e-6), None)
                if fit is None:
                    break
                h = fit.height(min(width, fit.max_w))
                placed.append((fit, Box(x, y, min(width, fit.max_w), h)))
                todo.remove(fit)
                y += h + gap
    return placed if not todo else None


def largest_map(game_map, room: Box, fits: Callable[[float, Box], object], min_mm: float, max_mm: float,
                pad: float, step_mm: float = 0.25):
    """(hex size, map box, what `fits(size, map_box)` returned) for the largest hexes from max_mm
    down to min_mm (across the flats) the map fits `room` with and `fits` says the rest still fits
    (anything but None); None when even min_mm does not do."""
    x0, y0, x1, y1 = hexgrid.unit_bounds(game_map.axial.values())
    mm = max_mm
    while mm >= min_mm - 1e-9:
        size = mm * MM / hexgrid.SQRT3
        mw, mh = (x1 - x0) * size + 2 * pad + 0.5, (y1 - y0) * size + 2 * pad + 0.5
        if mw <= room.w + 1e-6 and mh <= room.h + 1e-6:
            box = Box(room.x, room.y, mw, mh)
            got = fits(size, box)
            if got is not None:
                return size, box, got
        mm -= step_mm
    return None


# --- natural heights of the shared widgets ------------------------------------------------------------


def chart_panel(chart, pal, row: float = CHART_ROW) -> Panel:
    need = w.chart_need(chart, header=True)
    return Panel(f"chart:{chart.key}", min(need, 150.0), lambda width: w.chart_height(chart, width, row=row) + 1,
                 lambda box: w.chart_table(chart, box, pal, max_row=row), max_w=max(need, 150.0) + 60)


def key_height(entries, width: float, icon: float = 13.0) -> float:
    """What key_list needs: as many equal slots as entries, each as tall as the longest entry's lines."""
    text_w = width - 8 - icon - 5
    lines = max(len(w.wrap_after_head(f"{label}: ", meaning, MIN_TEXT, text_w)) for _, label, meaning in entries)
    slot = max(icon + 1, lines * MIN_TEXT * 1.15 + 2.5)
    return w.TITLE_BAR + 6 + len(entries) * slot


def table_height(rows, widths, width: float, header: bool = False) -> float:
    """What rows_table needs, every row as tall as the one with most lines in its last column."""
    inner = width - 8
    last = inner * widths[-1]
    lines = max(len(w.wrap_text(r[-1], "sans-bold" if len(r) == 1 else "sans", MIN_TEXT, last)) for r in rows)
    row = lines * MIN_TEXT * 1.12 + 3
    return w.TITLE_BAR + 6 + (MIN_TEXT + 3 if header else 0) + len(rows) * row


def text_room(text: str, size: float = MIN_TEXT, font: str = "sans") -> float:
    return text_width(text, font, size)


def with_most_panels(game_map, room: Box, regions: Callable[[Box], list[Box]], panels: list[Panel],
                     optional: list[Panel], min_mm: float, max_mm: float, pad: float):
    """(hex size, map box, placed panels, optional panels left out): every panel and as many of the
    optional ones (kept in order, the last dropped first) as fit with hexes of at least min_mm, the map
    then as large as they let it be; None when the panels alone do not fit."""
    for keep in range(len(optional), -1, -1):
        chosen = panels + optional[:keep]
        found = largest_map(game_map, room, lambda size, box: pack(regions(box), chosen), min_mm, max_mm, pad)
        if found is not None:
            return found + (optional[keep:],)
    return None


def score_height(terms, width: float) -> float:
    """What score_box needs: as many equal rows as terms and the total, each as tall as the term with
    the longest rule (at most two lines under its name)."""
    inner = width - 8
    text_w = inner - min(46.0, inner * 0.28) - 11
    lines = max(min(2, len(w.wrap_text(rule, "sans", MIN_TEXT, text_w))) for _, rule in terms)
    row = w.BODY * 1.12 + lines * MIN_TEXT * 1.12 + 3
    return w.TITLE_BAR + 6 + (len(terms) + 1) * row
