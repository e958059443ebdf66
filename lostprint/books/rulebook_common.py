"""Helpers the per-game rulebook modules share: dice counts, terrain modifiers read from the data,
and blocks that draw the sheet's own widgets (phases, trackers, the day track, the map)."""
from __future__ import annotations

import re
from dataclasses import replace

from lostprint.books.rulebook import WIDGET_SCALE, Book, block_rows, chart_notes, drawn_charts, spaced
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import Box
from lostprint.maps.model import standard_map
from lostprint.scene import Circle, Group, Line, Path, Rect, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import SheetOptions
from lostprint.sheets.hexmap import LABEL_PAD, hex_map, map_layout

_MOD = re.compile(r"([A-Z][A-Za-z]*(?: [A-Z][a-z]+)?) ([+\u2212-]\d+)")


def dice_count(roll: str) -> int:
    """'5d6' -> 5, 'd66' -> 2, '1d6' -> 1."""
    m = re.match(r"^(\d*)d(\d+)$", roll.strip())
    if not m:
        raise ValueError(f"not a dice roll: {roll!r}")
    if not m.group(1) and m.group(2) == "66":
        return 2
    return int(m.group(1) or 1)


def modifiers(effect: str) -> dict[str, int]:
    """'Movement −1, Hunting +1' -> {'Movement': -1, 'Hunting': 1}: a terrain's chart modifiers."""
    out: dict[str, int] = {}
    for name, value in _MOD.findall(effect):
        out[name] = int(value.replace("\u2212", "-"))
    return out


def block_phases(book: Book, *args):
    """The turn at a glance: the sheet's rows_table over the game's phases."""
    rows = [(str(p.number), p.name, p.summary) for p in book.game.phases]
    tr = book.tr
    return block_rows(book, tr.gettext("The turn, phase by phase"), ("", tr.gettext("Phase"), tr.gettext("What happens")), rows,
                      (0.06, 0.22, 0.72), name="phases")


def shifted(item, dx: float, dy: float):
    """A scene item moved by (dx, dy)."""
    if isinstance(item, Group):
        box = None if item.box is None else (item.box[0] + dx, item.box[1] + dy, item.box[2], item.box[3])
        return replace(item, items=tuple(shifted(i, dx, dy) for i in item.items), box=box)
    if isinstance(item, Path):
        return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
    if isinstance(item, Line):
        return replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
    if isinstance(item, Circle):
        return replace(item, cx=item.cx + dx, cy=item.cy + dy)
    if isinstance(item, (Rect, Text)):
        return replace(item, x=item.x + dx, y=item.y + dy)
    raise TypeError(f"not a scene item: {item!r}")


def sheet_parts(book: Book, prefix: str, exact: bool = False) -> list:
    """The groups of the game's own printed sheet whose name starts with `prefix` (or is `prefix`, if
    exact) (a tracker, the day track...), exactly as the sheet builder drew them: the book cannot disagree
    with the sheet. Side 1's before side 2's."""
    found = []

    def wanted(name: str) -> bool:
        return name == prefix if exact else name.startswith(prefix)

    def visit(items):
        for item in items:
            if isinstance(item, Group):
                if wanted(item.name) and item.box is not None:
                    found.append(item)
                else:
                    visit(item.items)

    if book.sheet is None:
        # the English game data: the sheet builder translates it itself, in the book's language
        book.sheet = book.module.build_sheet(book.module.GAME, standard_map(book.game.id), sheet_options(book))
    for page in book.sheet.all_pages():
        visit(page.items)
    return found


def sheet_options(book: Book):
    try:
        return SheetOptions(paper=book.opts.paper, ink=book.opts.ink, lang=book.opts.lang)
    except TypeError:
        return SheetOptions()


def block_sheet_part(book: Book, prefix: str, name: str, gap: float = 4.0, exact: bool = False, fallback=None):
    """The sheet's own groups (side by side, as on the sheet) as one figure, at the sheet's size or a
    little larger. Where the sheet has none, or draws them wider than a page can print at the sheet's
    size (its text would shrink under the smallest size), `fallback(book)` draws the figure instead."""
    parts = sheet_parts(book, prefix, exact)[:1] if exact else sheet_parts(book, prefix)
    width = (max(g.box[0] + g.box[2] for g in parts) - min(g.box[0] for g in parts)) if parts else 0.0
    if not parts or width > book.width:
        if fallback is not None:
            return fallback(book)
        raise LookupError(f"the {book.game.id} sheet draws no {prefix!r} group that fits a page")
    x0 = min(g.box[0] for g in parts)
    y0 = min(g.box[1] for g in parts)
    height = max(g.box[1] + g.box[3] for g in parts) - y0
    scale = min(WIDGET_SCALE, book.width / width)

    def build(box: Box):
        return [shifted(g, box.x - x0, box.y - y0) for g in parts]

    fl = book.widget(build, height, width=width, scale=scale, name=name)
    fl = spaced(fl, 4, 8)
    return [fl]


def block_sheet_panel(book: Book, name: str, fallback=None):
    """One panel of the sheet, by its exact name, as the sheet prints it."""
    return block_sheet_part(book, name, name, exact=True, fallback=fallback)


def lifted(name: str, fallback=None):
    """A block that shows the sheet's panel `name` (drawn by `fallback` where the sheet has none)."""
    def block(book: Book, *args):
        return block_sheet_panel(book, name, (lambda b: fallback(b, *args)) if fallback else None)

    return block


def block_sheet_trackers(book: Book, *args):
    """The trackers exactly as the sheet prints them (its labels, die boxes and notes)."""
    return block_sheet_part(book, "tracker:", "trackers")


def block_sheet_days(book: Book, *args):
    """The day track exactly as the sheet prints it (its rows or columns)."""
    return block_sheet_part(book, "days", "days")


def block_trackers(book: Book, *args):
    """The sheet's tracker boxes, one per resource, with start and maximum."""
    trackers = book.game.trackers
    total = book.width / WIDGET_SCALE
    n = len(trackers)
    tw = min(78.0, (total - 4 * (n - 1)) / n)
    height = w.tracker_height(tw)

    def build(box: Box):
        x0 = box.x + (box.w - (n * tw + (n - 1) * 4)) / 2
        return [w.tracker(t, Box(x0 + i * (tw + 4), box.y, tw, height), book.pal, lang=book.tr)
                for i, t in enumerate(trackers)]

    fl = book.widget(build, height, name="trackers")
    fl = spaced(fl, 4, 8)
    return [fl]


def block_days(book: Book, *args):
    game = book.game
    per_row = game.days_per_week
    rows = -(-game.day_limit // per_row)
    height = 12 + 6 + rows * 15.0
    width = min(book.width / WIDGET_SCALE, 60 + per_row * 17.0)
    fl = book.widget(lambda box: w.day_track(game.day_limit, per_row, box, book.pal, book.tr.gettext("Week"), book.tr),
                     height, width=width,
                     name="days")
    fl = spaced(fl, 4, 8)
    return [fl]


def block_map(book: Book, *args):
    """The standard map as printed on the sheet (terrain, rivers, start and goal), as tall as it needs."""
    game_map = standard_map(book.game.id)
    width = book.width
    tall = book.height * 0.6
    drawers = getattr(book.module, "map_drawers", lambda: None)()
    options = getattr(book.module, "map_options", dict)()
    # measure the hexes (the corners hex_map would draw in a trial box), not the trial box: the map fits
    # its width, so a box as tall as the hexes plus the label margins draws it the same size without
    # blank bands; the layout alone gives them, without drawing the map a second time
    layout = map_layout(game_map, Box(0, 0, width, tall))
    ys = [y for label in game_map.hexes for _, y in hexgrid.hex_corners(layout, game_map.axial[label])]
    y0, y1 = min(ys), max(ys)
    height = min(tall, y1 - y0 + 2 * LABEL_PAD + 1)
    fl = book.widget(lambda box: hex_map(game_map, book.game, box, book.pal, drawers=drawers, tr=book.tr,
                                         start_label=book.tr.gettext("Start"), **options)[0], height,
                     width=width, scale=1.0, name="map")
    fl = spaced(fl, 4, 8)
    return [fl]


def block_sheet_chart(book: Book, *keys: str):
    """One dice chart as the player sheet prints it (the same drawing) with its house-rule note; a
    row of charts, or one the sheet does not print, drawn by the sheet's chart_table."""
    charts = [book.game.chart(k) for k in keys]
    if len(charts) != 1:
        return drawn_charts(book, charts)
    out = block_sheet_panel(book, f"chart:{keys[0]}", fallback=lambda b: drawn_charts(b, charts))
    if len(out) == 1:
        out += chart_notes(book, charts[0])
        out[0] = replace(out[0], keep_with_next=len(out) > 1)  # a chart's house-rule note prints under it, never overleaf
    return out


COMMON_BLOCKS = {"phases": block_phases, "trackers": block_trackers, "days": block_days, "map": block_map,
                 "chart": block_sheet_chart}
