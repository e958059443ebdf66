"""Helpers the per-game rulebook modules share: dice counts, terrain modifiers read from the data,
and blocks that draw the sheet's own widgets (phases, trackers, the day track, the map)."""
from __future__ import annotations

import re

from lostprint.books.rulebook import WIDGET_SCALE, Book, block_rows
from lostprint.geometry.paper import Box

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
    return block_rows(book, "The turn, phase by phase", ("", "Phase", "What happens"), rows,
                      (0.06, 0.22, 0.72), name="phases")


def block_trackers(book: Book, *args):
    """The sheet's tracker boxes, one per resource, with start and maximum."""
    from lostprint.sheets import widgets as w

    trackers = book.game.trackers
    total = book.width / WIDGET_SCALE
    n = len(trackers)
    tw = min(78.0, (total - 4 * (n - 1)) / n)
    height = w.tracker_height(tw)

    def build(box: Box):
        x0 = box.x + (box.w - (n * tw + (n - 1) * 4)) / 2
        return [w.tracker(t, Box(x0 + i * (tw + 4), box.y, tw, height), book.pal) for i, t in enumerate(trackers)]

    fl = book.widget(build, height, name="trackers")
    fl.spaceBefore, fl.spaceAfter = 4, 8
    return [fl]


def block_days(book: Book, *args):
    from lostprint.sheets import widgets as w

    game = book.game
    per_row = game.get("days_per_week") or 7
    rows = -(-game.day_limit // per_row)
    height = 12 + 6 + rows * 15.0
    width = min(book.width / WIDGET_SCALE, 60 + per_row * 17.0)
    fl = book.widget(lambda box: w.day_track(game.day_limit, per_row, box, book.pal), height, width=width,
                     name="days")
    fl.spaceBefore, fl.spaceAfter = 4, 8
    return [fl]


def block_map(book: Book, *args):
    """The standard map as printed on the sheet (terrain, rivers, start and goal), as tall as it needs."""
    from lostprint.maps.model import standard_map
    from lostprint.scene import bbox
    from lostprint.sheets.hexmap import LABEL_PAD, hex_map

    game_map = standard_map(book.game.id)
    width = book.width
    tall = book.height * 0.6
    drawers = getattr(book.module, "map_drawers", lambda: None)()
    group = hex_map(game_map, book.game, Box(0, 0, width, tall), book.pal, drawers=drawers)[0]
    # measure the hexes, not the group's box (that is the whole trial box): the map fits its width,
    # so a box as tall as the hexes plus the label margins draws it the same size without blank bands
    hexes = [bbox(it) for it in group.items if getattr(it, "role", "") == "hex"]
    y0, y1 = min(b[1] for b in hexes), max(b[3] for b in hexes)
    height = min(tall, y1 - y0 + 2 * LABEL_PAD + 1)
    fl = book.widget(lambda box: hex_map(game_map, book.game, box, book.pal, drawers=drawers)[0], height,
                     width=width, scale=1.0, name="map")
    fl.spaceBefore, fl.spaceAfter = 4, 8
    return [fl]


COMMON_BLOCKS = {"phases": block_phases, "trackers": block_trackers, "days": block_days, "map": block_map}
