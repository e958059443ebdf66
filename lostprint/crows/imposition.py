"""Many-up imposition for print-and-play pieces: a grid of same-size pieces on a page, each with
bleed, crop marks that never cross a neighbour, and the page's TrimBox and BleedBox.

Every coordinate is snapped to 1/100 pt, so a cut line and the trim edge it marks print as the
very same number in the PDF. A page's pieces are Groups named `piece:<kind>:<n>` whose `box` is
the bleed box; the crop marks are Lines with role "crop-mark".

Crop marks:
- `none`: no marks.
- `margin`: marks only outside the whole grid, in line with every trim edge (bleeds may touch).
- `full`: as margin, and a street between neighbours holds short marks at every trim edge.
- `shared` (the `--gutter 0` mode): pieces touch trim to trim, and one cut line runs along each
  shared edge across the whole grid: one cut between neighbours. The block's outer edges get a bleed
  (the asked-for bleed, or as much as the paper's printable area leaves), and the cut lines go on
  out into the margin beyond it where there is room for a mark.
Backs go on the next page with the columns mirrored, for long-edge duplex on portrait paper.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from lostprint.errors import LostprintError
from lostprint.geometry.paper import MIN_MARGIN, MM, Box
from lostprint.scene import Group, Line, Style

MARKS = ("none", "margin", "full", "shared")
MARK_CLEAR = 0.5 * MM  # marks keep this far from any bleed box
MARK_MIN = 2.0 * MM  # shortest mark worth printing in the margin
MARK_MAX = 5.0 * MM
STREET = 4.0 * MM  # gap between neighbouring bleed boxes when marks are "full"
HEADER = 5.0 * MM  # a line of text above the grid
SAFE = MIN_MARGIN + 0.5  # nothing closer to the paper edge than this
MARK_STYLE = Style(fill=None, stroke="#000000", width=0.25, cap="butt")
CUT_STYLE = Style(fill=None, stroke="#6f6f6f", width=0.3, cap="butt")


def q(v: float) -> float:
    """Snap to 1/100 pt (what the PDF writes), so equal edges stay equal."""
    return round(v * 100) / 100


@dataclass(frozen=True)
class Sheet:
    """The grid of one kind of piece on one page size."""

    page_w: float
    page_h: float
    trim_w: float
    trim_h: float
    bleed: float
    gutter: float  # between neighbouring bleed boxes
    cols: int
    rows: int
    x0: float  # left of the first column's bleed box
    y0: float  # top of the first row's bleed box
    marks: str
    mark_len: float
    header: bool = True  # room above the grid for the page's line of text
    outer_x: float = 0.0  # shared: bleed beyond the block's left and right trim edges
    outer_y: float = 0.0  # shared: bleed beyond its top and bottom trim edges
    mark_y: float = 0.0  # shared: length of the marks above and below the block (mark_len: left, right)

    @property
    def shared(self) -> bool:
        return self.marks == "shared"

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell_w(self) -> float:
        return self.trim_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.trim_h + 2 * self.bleed

    def col_x(self, col: int, back: bool = False) -> float:
        """Left edge of a column's bleed box; on a back page the columns run mirrored."""
        x = self.x0 + col * (self.cell_w + self.gutter)
        return q(self.page_w - x - self.cell_w) if back else q(x)

    def row_y(self, row: int) -> float:
        return q(self.y0 + row * (self.cell_h + self.gutter))

    def slot(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)[::-1]  # (col, row)

    def used_slot(self, col: int, row: int, used: int) -> bool:
        """Is (col, row) one of the first `used` slots (those `slot` numbers 0 … used - 1)?"""
        return 0 <= col < self.cols and row >= 0 and row * self.cols + col < used

    def bleed_box(self, i: int, back: bool = False) -> Box:
        col, row = self.slot(i)
        return Box(self.col_x(col, back), self.row_y(row), q(self.cell_w), q(self.cell_h))

    def trim_box(self, i: int, back: bool = False) -> Box:
        b = self.bleed_box(i, back)
        return Box(q(b.x + self.bleed), q(b.y + self.bleed), self.trim_w, self.trim_h)

    def outer_box(self, i: int, used: int, back: bool = False) -> Box:
        """Shared mode: the piece's trim grown by the outer bleed on each side with no used
        neighbour (the block's outer edges); otherwise its bleed box."""
        if not self.shared:
            return self.bleed_box(i, back)
        col, row = self.slot(i)
        left, right = not self.used_slot(col - 1, row, used), not self.used_slot(col + 1, row, used)
        if back:  # the columns run mirrored
            left, right = right, left
        top, bottom = not self.used_slot(col, row - 1, used), not self.used_slot(col, row + 1, used)
        t = self.trim_box(i, back)
        x0, y0 = q(t.x - self.outer_x * left), q(t.y - self.outer_y * top)
        x1, y1 = q(t.x + t.w + self.outer_x * right), q(t.y + t.h + self.outer_y * bottom)
        return Box(x0, y0, q(x1 - x0), q(y1 - y0))


def impose(page: tuple[float, float], trim: tuple[float, float], bleed: float, marks: str,
           what: str = "piece", max_rows: int | None = None, headed: bool = True) -> Sheet:
    """The largest grid of `trim`-sized pieces (plus bleed) that fits the page with room for the
    header (unless not `headed`: a band under another grid) and the chosen crop marks (at most
    `max_rows` rows)."""
    if marks not in MARKS:
        raise LostprintError(f"crop marks must be one of {', '.join(MARKS)}, not {marks!r}")
    page_w, page_h = page
    outer = max(0.0, bleed)
    if marks == "shared":
        bleed = 0.0  # touching pieces: a bleed would print on the neighbour; the block's edges get `outer`
    trim_w, trim_h, bleed = q(trim[0]), q(trim[1]), q(bleed)
    room = MARK_CLEAR + MARK_MIN if marks not in ("none", "shared") else 0.0
    gutter = q(STREET) if marks == "full" else 0.0
    cell_w, cell_h = trim_w + 2 * bleed, trim_h + 2 * bleed
    avail_w = page_w - 2 * SAFE - 2 * room
    avail_h = page_h - 2 * SAFE - 2 * room - HEADER * headed
    cols = math.floor((avail_w + gutter + 1e-6) / (cell_w + gutter))
    rows = math.floor((avail_h + gutter + 1e-6) / (cell_h + gutter))
    header = headed
    if max_rows is not None:
        rows = min(rows, max_rows)
    elif marks == "shared" and math.floor((avail_h + HEADER + 1e-6) / cell_h) > rows:
        rows, header = rows + 1, False  # one more row is worth more than the line of text above the grid
    if cols < 1 or rows < 1:
        raise LostprintError(f"a {what} of {trim_w / MM:.1f} x {trim_h / MM:.1f} mm with {bleed / MM:.1f} mm bleed "
                             f"does not fit on this paper")
    grid_w = cols * cell_w + (cols - 1) * gutter
    grid_h = rows * cell_h + (rows - 1) * gutter
    x0 = q((page_w - grid_w) / 2)
    top = SAFE + HEADER * header + room
    y0 = q(top + (page_h - SAFE - room - top - grid_h) / 2)
    if marks == "shared":  # an outer bleed, then cut lines out toward the paper edge, never into it
        space_x = x0 - SAFE
        space_y = min(y0 - SAFE - HEADER * header, page_h - SAFE - (y0 + grid_h))
        outer_x, outer_y = _floor(min(outer, space_x)), _floor(min(outer, space_y))
        return Sheet(page_w, page_h, trim_w, trim_h, 0.0, gutter, cols, rows, x0, y0, marks,
                     _mark_room(space_x - outer_x), header, outer_x, outer_y, _mark_room(space_y - outer_y))
    else:
        space = min(x0 - SAFE, y0 - SAFE - HEADER * header, page_h - SAFE - (y0 + grid_h)) - MARK_CLEAR
        mark_len = q(min(MARK_MAX, space)) if marks != "none" else 0.0
    return Sheet(page_w, page_h, trim_w, trim_h, bleed, gutter, cols, rows, x0, y0, marks, mark_len, header)


def _floor(v: float) -> float:
    """Round down to 1/100 pt: a bleed never reaches past the room it was measured in."""
    return max(0.0, math.floor(v * 100 + 1e-6) / 100)


def _mark_room(space: float) -> float:
    """A mark's length in `space` beyond a bleed (after its clearance), or 0 if too short to use."""
    room = space - MARK_CLEAR
    return q(min(MARK_MAX, room)) if room >= MARK_MIN else 0.0


def balanced(count: int, per_page: int) -> list[int]:
    """How many pieces go on each page: as few pages as the grid allows, filled evenly (42 tiles on a
    20-up grid print 14, 14, 14, not 20, 20, 2)."""
    if count <= 0:
        return []
    pages = -(-count // per_page)
    base, extra = divmod(count, pages)
    return [base + (1 if i < extra else 0) for i in range(pages)]


def _spans(segments: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Touching or overlapping segments of one line joined: each cut is one line."""
    out: list[list[float]] = []
    for a, b in sorted(segments):
        if out and a <= out[-1][1] + 0.01:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def cut_lines(sheet: Sheet, used: int, back: bool = False) -> Group:
    """Shared mode: a line along every cut between two neighbours, run along as one line, and beyond
    the block's outer bleed, where there is room, a crop mark in line with each trim edge. A trim edge
    with no neighbour gets no line where a crop mark shows it (a line there would print on the trim,
    and a cut a hair outside it would leave a grey edge where the bleed should be)."""
    slots = [sheet.slot(i) for i in range(used)]
    taken = set(slots)
    items = []
    xs: dict[float, list[tuple[float, float]]] = {}
    ys: dict[float, list[tuple[float, float]]] = {}
    top = min(y for _, y in (_origin(sheet, s, back) for s in slots))
    bottom = max(y for _, y in (_origin(sheet, s, back) for s in slots)) + sheet.trim_h
    left = min(x for x, _ in (_origin(sheet, s, back) for s in slots))
    right = max(x for x, _ in (_origin(sheet, s, back) for s in slots)) + sheet.trim_w
    # a trim edge with no neighbour: shown by the crop marks beyond the bleed where there is room for
    # them; only where there is none (letter's spell cards, top to bottom of the page) a line on the trim
    origins = {(round(x, 2), round(y, 2)) for x, y in (_origin(sheet, sl, back) for sl in slots)}
    for c, r in slots:
        x, y = sheet.col_x(c, back), sheet.row_y(r)
        x1, y1 = q(x + sheet.trim_w), q(y + sheet.trim_h)
        for vx, nx in ((x, x - sheet.trim_w), (x1, x1)):
            xs.setdefault(vx, [])
            if (round(nx, 2), round(y, 2)) in origins or not sheet.mark_y:
                xs[vx].append((y, y1))
        for hy, ny in ((y, y - sheet.trim_h), (y1, y1)):
            ys.setdefault(hy, [])
            if (round(x, 2), round(ny, 2)) in origins or not sheet.mark_len:
                ys[hy].append((x, x1))
    for vx, spans in sorted(xs.items()):
        for lo, hi in _spans(spans):
            items.append(Line(vx, lo, vx, hi, CUT_STYLE, role="cut-line"))
        if sheet.mark_y:
            a, b = q(top - sheet.outer_y - MARK_CLEAR), q(bottom + sheet.outer_y + MARK_CLEAR)
            items += [_mark(vx, a - sheet.mark_y, vx, a), _mark(vx, b, vx, b + sheet.mark_y)]

    for hy, spans in sorted(ys.items()):
        for lo, hi in _spans(spans):
            items.append(Line(lo, hy, hi, hy, CUT_STYLE, role="cut-line"))
        if sheet.mark_len:
            a, b = q(left - sheet.outer_x - MARK_CLEAR), q(right + sheet.outer_x + MARK_CLEAR)
            items += [_mark(a - sheet.mark_len, hy, a, hy), _mark(b, hy, b + sheet.mark_len, hy)]

    return Group(tuple(items), name="cut-lines")


def _origin(sheet: Sheet, slot: tuple[int, int], back: bool) -> tuple[float, float]:
    return sheet.col_x(slot[0], back), sheet.row_y(slot[1])


def _mark(x1, y1, x2, y2) -> Line:
    return Line(q(x1), q(y1), q(x2), q(y2), MARK_STYLE, role="crop-mark")


def crop_marks(sheet: Sheet, used: int, back: bool = False) -> Group:
    """Crop marks for the first `used` slots of a page (a back page mirrors the columns)."""
    if sheet.shared and used > 0:
        return cut_lines(sheet, used, back)
    if sheet.marks == "none" or used <= 0:
        return Group((), name="crop-marks")
    slots = [sheet.slot(i) for i in range(used)]
    cols = sorted({c for c, _ in slots})
    rows = sorted({r for _, r in slots})
    clear, length = MARK_CLEAR, sheet.mark_len
    items = []
    top = sheet.row_y(rows[0])
    bottom = sheet.row_y(rows[-1]) + q(sheet.cell_h)
    xs = [sheet.col_x(c, back) for c in cols]
    left, right = min(xs), max(xs) + q(sheet.cell_w)
    for c in cols:
        bx = sheet.col_x(c, back)
        for x in (q(bx + sheet.bleed), q(bx + sheet.bleed + sheet.trim_w)):
            items.append(_mark(x, top - clear - length, x, top - clear))
            items.append(_mark(x, bottom + clear, x, bottom + clear + length))
    for r in rows:
        by = sheet.row_y(r)
        for y in (q(by + sheet.bleed), q(by + sheet.bleed + sheet.trim_h)):
            items.append(_mark(left - clear - length, y, left - clear, y))
            items.append(_mark(right + clear, y, right + clear + length, y))
    if sheet.marks == "full":
        taken = set(slots)
        for c in cols:
            bx = sheet.col_x(c, back)
            for r in rows[:-1]:
                if (c, r) not in taken and (c, r + 1) not in taken:
                    continue
                y1 = sheet.row_y(r) + q(sheet.cell_h) + clear
                y2 = sheet.row_y(r + 1) - clear
                for x in (q(bx + sheet.bleed), q(bx + sheet.bleed + sheet.trim_w)):
                    items.append(_mark(x, y1, x, y2))
        for r in rows:
            by = sheet.row_y(r)
            for c in range(sheet.cols - 1):
                if (c, r) not in taken and (c + 1, r) not in taken:
                    continue
                xa = sheet.col_x(c, back)
                xb = sheet.col_x(c + 1, back)
                lo, hi = (xa, xb) if xa < xb else (xb, xa)
                x1 = lo + q(sheet.cell_w) + clear
                x2 = hi - clear
                for y in (q(by + sheet.bleed), q(by + sheet.bleed + sheet.trim_h)):
                    items.append(_mark(x1, y, x2, y))
    return Group(tuple(items), name="crop-marks")


def full_page_boxes(w: float, h: float) -> tuple[tuple[str, str], ...]:
    whole = f"0 0 {q(w):.2f} {q(h):.2f}"
    return (("trimbox", whole), ("bleedbox", whole))


def _union(boxes: list[Box]) -> str:
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.x + b.w for b in boxes)
    y1 = max(b.y + b.h for b in boxes)
    return f"{q(x0):.2f} {q(y0):.2f} {q(x1):.2f} {q(y1):.2f}"


def impose_with_band(page: tuple[float, float], trim: tuple[float, float], count: int,
                     band_trim: tuple[float, float], band_count: int, bleed: float, marks: str,
                     what: str = "piece") -> tuple[Sheet, Sheet] | None:
    """Pages holding `count` pieces in their grid and, in a band under the first one's, a touching block of
    `band_count` small pieces (shared cuts: one cut between two neighbours, the asked-for bleed round
    the block): (grid, band), or None when the band would cost the grid a sheet. The band takes the least height
    that holds every small piece with its full outer bleed and room for a crop mark beyond it; the grid
    keeps the page's header over it."""
    page_w, page_h = page
    band_h = 2 * SAFE
    cols = math.floor((page_w - 2 * SAFE + 1e-6) / q(band_trim[0]))
    rows = -(-band_count // max(1, cols))
    while band_h < page_h / 2:
        try:
            band = impose((page_w, band_h), band_trim, bleed, "shared", what, max_rows=rows, headed=False)
        except LostprintError:
            band = None
        if band is not None and band.per_page >= band_count and band.outer_y >= _floor(bleed) \
                and band.mark_y > 0:
            try:
                grid = impose((page_w, page_h - band_h), trim, bleed, marks, what)
                if not grid.header:  # keep the line of text over the grid: the band's page has no side room
                    grid = impose((page_w, page_h - band_h), trim, bleed, marks, what, max_rows=grid.rows - 1)
            except LostprintError:
                return None
            whole = impose(page, trim, bleed, marks, what)
            if -(-count // grid.per_page) > -(-count // whole.per_page):  # the band may not cost a sheet
                return None
            shift = page_h - band_h
            return (replace(grid, page_h=page_h),
                    replace(band, page_h=page_h, y0=q(band.y0 + shift), header=False))
        band_h += 1 * MM
    return None


def block_boxes(blocks: list[tuple[Sheet, int]], back: bool = False) -> tuple[tuple[str, str], ...]:
    """Scene metadata for a page's TrimBox and BleedBox: the unions of the used pieces of every grid on
    it (`blocks`: (sheet, pieces used)), as 'x0 y0 x1 y1' in scene coordinates (points, y down)."""
    trims = [s.trim_box(i, back) for s, used in blocks for i in range(used)]
    bleeds = [s.outer_box(i, used, back) for s, used in blocks for i in range(used)]
    return (("trimbox", _union(trims)), ("bleedbox", _union(bleeds)))
