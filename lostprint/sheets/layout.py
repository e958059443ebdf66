"""Layout by content: panels at their natural size, packed into columns, the leftover given to the map.

A Panel knows the least width it reads at, the height it needs at a width, and how to draw itself in
a box. `pack` fills the regions a page leaves beside and under its map, column by column, in the
panels' order; `largest_map` tries hex sizes from the largest down until everything else fits.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from lostprint.geometry import hexgrid
from lostprint.i18n import ENGLISH
from lostprint.geometry.paper import MM, Box
from lostprint.sheets import widgets as w
from lostprint.sheets.style import MIN_TEXT

GAP = 7.0
CHART_ROW = 10.2  # a chart row on the one-page sheet: 7.2 pt text, spaced as rows (over 1.4 lines), not prose


class Panel(NamedTuple):
    name: str
    min_w: float
    height: Callable[[float], float]  # width -> the height it needs
    draw: Callable[[Box], object]  # box -> a Group
    max_w: float = 10_000.0  # wider than this it only looks stretched: the column keeps the rest
    spread: bool = False  # it can run across a whole region (a key in several columns)


def pack(regions: list[Box], panels: list[Panel], gap: float = GAP, col_w: float = 140.0, stretch: bool = False):
    """[(panel, box)] with every panel in a column of one of the regions, top to bottom, then the next
    column; None when they do not all fit. Each column takes, in turn, the first panel left (in the
    panels' order) that fits under what it holds. A region is cut into as many columns of at least
    `col_w` as it holds (one if it is narrower)."""
    placed = []
    todo = list(panels)
    for region in regions:
        if region.w < 40 or region.h < 30:
            continue
        while todo and todo[0].spread and todo[0].height(region.w) <= region.h + 1e-6 \
                and region.w > 2 * max(col_w, todo[0].min_w):  # across the region, over its columns
            h = todo[0].height(region.w)
            placed.append((todo.pop(0), Box(region.x, region.y, region.w, h)))
            region = Box(region.x, region.y + h + gap, region.w, region.h - h - gap)
        least = max([col_w] + [p.min_w for p in todo])  # every column wide enough for any panel left
        n = max(1, int((region.w + gap) // (least + gap)))
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
            if stretch and placed and placed[-1][1].x == x and placed[-1][1].y >= region.y:
                p, b = placed[-1]  # the column's last panel reaches the region's foot: no block of white
                placed[-1] = (p, Box(b.x, b.y, b.w, region.bottom - b.y))
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


def chart_panel(chart, pal, row: float = CHART_ROW, tr=None) -> Panel:

    tr = tr or ENGLISH
    need = w.chart_need(chart, header=True, tr=tr)
    return Panel(f"chart:{chart.key}", min(need, 150.0), lambda width: w.chart_height(chart, width, row=row, tr=tr) + 1,
                 lambda box: w.chart_table(chart, box, pal, max_row=row, tr=tr), max_w=max(need, 150.0) + 60)


KEY_COLUMN = 160.0  # a key's column: a key wider than two of them sets its entries in several


def key_columns(width: float) -> int:
    return max(1, int((width - 8 + 8) // (KEY_COLUMN + 8)))


def key_height(entries, width: float, icon: float = 13.0) -> float:
    """What key_list needs (in key_columns(width) columns): as many equal slots a column as entries
    over columns, each as tall as the longest entry's lines."""
    columns = key_columns(width)
    col_w = (width - 8 - 8 * (columns - 1)) / columns
    text_w = col_w - icon - 5
    lines = max(len(w.wrap_after_head(f"{label}: ", meaning, MIN_TEXT, text_w)) for _, label, meaning in entries)
    slot = max(icon + 1, lines * MIN_TEXT * 1.15 + 2.5)
    return w.TITLE_BAR + 6 + -(-len(entries) // columns) * slot


def table_height(rows, widths, width: float, header: bool = False) -> float:
    """What rows_table needs, every row as tall as the one with most lines in its last column."""
    inner = width - 8
    last = inner * widths[-1]
    lines = max(len(w.wrap_text(r[-1], "sans-bold" if len(r) == 1 else "sans", MIN_TEXT, last)) for r in rows)
    row = lines * MIN_TEXT * 1.12 + 3
    return w.TITLE_BAR + 6 + (MIN_TEXT + 3 if header else 0) + len(rows) * row


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
    the longest rule (every line of it under its name)."""
    text_w = w.score_text_width(width - 8)
    row = max(len(w.score_name_lines(label, text_w)) * w.BODY * 1.12
              + len(w.wrap_text(rule, "sans", MIN_TEXT, text_w)) * MIN_TEXT * 1.12 for label, rule in terms) + 3
    return w.TITLE_BAR + 6 + (len(terms) + 1) * row


def beside_and_under(body: Box, gap: float = GAP) -> Callable[[Box], list[Box]]:
    """The regions a map at the top left of `body` leaves: the strip to its right, then the band under it."""
    def regions(map_box: Box) -> list[Box]:
        return [Box(map_box.right + gap, map_box.y, body.right - map_box.right - gap, body.bottom - map_box.y),
                Box(body.x, map_box.bottom + gap, map_box.right - body.x, body.bottom - map_box.bottom - gap)]
    return regions


def under_and_beside(body: Box, gap: float = GAP) -> Callable[[Box], list[Box]]:
    """The regions a wide map at the top of `body` leaves: the band under it, the page's width, then the
    strip to its right."""
    def regions(map_box: Box) -> list[Box]:
        return [Box(body.x, map_box.bottom + gap, body.w, body.bottom - map_box.bottom - gap),
                Box(map_box.right + gap, map_box.y, body.right - map_box.right - gap, map_box.h)]
    return regions


def map_with_panels(game_map, body: Box, panels: list[Panel], min_mm: float, max_mm: float, pad: float,
                    floor_mm: float = 4.0):
    """(hex size, map box, placed panels): the largest map (up to max_mm across the flats) that leaves
    room beside and under it for every panel at its natural size, each column's last panel stretched
    to the foot; a map too large for min_mm gets smaller hexes, down to floor_mm (the sheet warns).
    A tall map keeps a column of panels at its right; a wide one, a band under it."""
    for low in (min_mm, floor_mm):
        best = None
        for regions in (beside_and_under(body), under_and_beside(body)):
            found = largest_map(game_map, body, lambda size, box: pack(regions(box), panels), low, max_mm, pad)
            if found is not None and (best is None or found[0] > best[0][0] + 1e-9):
                best = (found, regions)
        if best is not None:
            (size, box, _), regions = best
            placed = pack(regions(box), panels, stretch=True)
            if all(b.x < box.right for _, b in placed):  # nothing beside the map: it takes the width
                box = Box(body.x, box.y, body.w, box.h)
            return size, box, placed
    raise ValueError("the panels do not fit the page even beside the smallest map")
