"""The hex map widget: playable hexes, pre-printed terrain and features, edge labels.

Feature drawers live in a registry keyed by feature type; a game may pass its own extra drawers.
A drawer is `draw(feature, ctx) -> list of items`, with ctx a MapContext.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable, NamedTuple

from lostprint.checks import LABEL_CLEARANCE, InkIndex, fits_in_hex, hex_corner_keys
from lostprint.fonts import ASCENT, DESCENT, text_box, text_width
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box
from lostprint.maps.model import Feature, GameMap, parse_edge
from lostprint.i18n import ENGLISH, Translator
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text, bbox, walk
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, Palette, terrain_style

LABEL_PAD = 11.0  # room around the hexes for the faint edge labels
LABEL_SPARE = 1.0 * MM  # a label printed in a hex keeps this far from every side of it
RIVER_CORE, EDGE_RIVER_CORE = 0.45, 0.42  # a cased river's white core, as a share of its width
RIVER_SIDE_MIN = 1.2  # points: each dark side of a cased river (mono), as on the 1872 sheet, at any hex size


class MapContext(NamedTuple):
    game_map: GameMap
    game: object
    layout: hexgrid.Layout
    pal: Palette
    coords: bool = False  # every hex prints its coordinate: labels leave it room (clear_of_corner)
    tr: Translator = ENGLISH  # a map's own words (a goal's note) in the sheet's language

    def center(self, label: str) -> tuple[float, float]:
        return hexgrid.hex_to_pixel(self.layout, self.game_map.axial[label])

    def corners(self, label: str):
        return hexgrid.hex_corners(self.layout, self.game_map.axial[label])

    @property
    def size(self) -> float:
        return self.layout.size[0]


def map_layout(game_map: GameMap, box: Box, max_flats: float | None = None,
               pad: float = LABEL_PAD) -> hexgrid.Layout:
    inner = (box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad)
    max_size = max_flats / hexgrid.SQRT3 if max_flats else None
    return hexgrid.fit_layout(game_map.axial.values(), inner, max_size=max_size)


def _centered_text(x, y, text, size, font, color, role=""):
    return Text(x, y + (ASCENT - DESCENT) * size / 2, text, size, font, "middle", color, role=role)


def coordinates(ctx: MapContext, drawn: list = ()) -> list:
    """Every hex's coordinate, or none when hexes are too small to hold them (a very large variant
    map): the edge letters and numbers still name the rows and columns. Each keeps LABEL_CLEARANCE
    from everything in `drawn` (the map's features, icons and labels): in its left corner when that is
    clear, else in the nearest clear place in the hex."""

    drawn = walk_items(drawn)  # an icon is a Group: its paint is what it holds
    sides = hex_corner_keys(i for i in drawn if getattr(i, "role", "") == "hex")
    index = InkIndex([i for i in drawn if getattr(i, "role", "") != "hex"], sides=sides)
    places = _coordinate_places(ctx.size)
    labels = []
    for lab in ctx.game_map.hexes:
        t = coordinate(ctx, lab, index, places)
        if t is None:
            return []
        labels.append(t)
    return labels


def _label_box(t: Text):

    return text_box(t.text, t.font, t.size, t.x, t.y, t.anchor)


def _fitted_label(ctx: MapContext, lab: str, dy: float, text: str, size: float, font: str, color: str,
                  role: str, dx: float) -> Text | None:
    """The label shrunk (not below MIN_TEXT) until it fits its hex with LABEL_SPARE; on a small hex,
    at MIN_TEXT, slid toward the centre where the hex is widest. None when no place fits."""
    cx, cy = ctx.center(lab)
    size = max(size, MIN_TEXT)
    while True:
        t = _centered_text(cx + dx, cy + dy, text, size, font, color, role)
        if fits_in_hex(_label_box(t), cx, cy, ctx.size, LABEL_SPARE + 0.1):
            return t
        if size <= MIN_TEXT:
            break
        size = max(MIN_TEXT, size - 0.25)
    steps = 12
    for k in range(1, steps + 1):
        t = _centered_text(cx + dx, cy + dy * (1 - k / steps), text, size, font, color, role)
        if fits_in_hex(_label_box(t), cx, cy, ctx.size, LABEL_SPARE + 0.1):
            return t
    return None


def hex_label(ctx: MapContext, lab: str, dy: float, text: str, size: float, font: str, color: str,
              role: str = "feature-label", dx: float = 0.0) -> Text:
    """A label centred `dy` below the hex's centre, shrunk (not below MIN_TEXT) until it sits inside
    the hex with LABEL_SPARE to spare; on a small hex moved toward the centre until it does."""
    t = _fitted_label(ctx, lab, dy, text, size, font, color, role, dx)
    if t is not None:
        return t
    cx, cy = ctx.center(lab)
    return _centered_text(cx + dx, cy + dy, text, MIN_TEXT, font, color, role)


def hex_label_lines(ctx: MapContext, lab: str, dy: float, text: str, size: float, font: str, color: str,
                    role: str = "feature-label", dx: float = 0.0) -> list[Text]:
    """hex_label, or, where one line cannot fit the hex even at MIN_TEXT (a book's small map), the
    words on two lines at MIN_TEXT (the block as near `dy` as fits), else the first word alone.
    A text with a line break ("Fort\nBenton") is always two lines, its first line at `dy`."""
    cx, cy = ctx.center(lab)
    lead = MIN_TEXT + 0.6
    if "\n" in text:
        top, bottom = text.split("\n", 1)
        splits = [(top, bottom)]
        dy += lead / 2
    else:
        t = _fitted_label(ctx, lab, dy, text, size, font, color, role, dx)
        if t is not None:
            return [t]
        words = text.split()
        splits = sorted(((" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))),
                        key=lambda p: max(text_width(p[0], font, MIN_TEXT), text_width(p[1], font, MIN_TEXT)))
    for top, bottom in splits[:1]:
        steps = 12
        for k in range(steps + 1):
            mid = dy * (1 - k / steps)
            lines = [_centered_text(cx + dx, cy + mid - lead / 2, top, MIN_TEXT, font, color, role),
                     _centered_text(cx + dx, cy + mid + lead / 2, bottom, MIN_TEXT, font, color, role)]
            if all(fits_in_hex(_label_box(ln), cx, cy, ctx.size, LABEL_SPARE + 0.1) for ln in lines):
                return lines
    words = text.split()
    if len(words) > 1:
        return hex_label_lines(ctx, lab, dy, words[0], size, font, color, role, dx)
    for n in range(len(text) - 1, 1, -1):  # a word too long for the hex: cut short, "Canada" -> "Can."
        t = _fitted_label(ctx, lab, dy, text[:n] + ".", MIN_TEXT, font, color, role, dx)
        if t is not None:
            return [t]
    return [hex_label(ctx, lab, dy, text, size, font, color, role, dx)]


def _coordinate_places(s: float) -> list[tuple[float, float]]:
    """Where a coordinate may go in a hex of circumradius `s`, as offsets from its place in the hex's
    left corner, nearest first: the corner itself, then a grid over the hex."""
    grid = [(i * 0.1 * s, j * 0.1 * s) for i in range(15) for j in range(-7, 8)]
    return sorted(grid, key=lambda d: (d[0] ** 2 + d[1] ** 2, d))


def coordinate(ctx: MapContext, lab: str, index=None, places=None) -> Text | None:
    """The hex's coordinate, small and light, tucked into its left corner (no feature label uses it),
    or, when a drawing in `index` (checks.InkIndex) comes within LABEL_CLEARANCE, the first clear
    place of _coordinate_places. None when the hex cannot hold it with LABEL_SPARE to its sides."""

    cx, cy = ctx.center(lab)
    half = (ASCENT + DESCENT) * MIN_TEXT / 2
    x = cx - ctx.size + (half + LABEL_SPARE * 0.6) / hexgrid.SQRT3 * 2 + 0.8
    y = cy + (ASCENT - DESCENT) * MIN_TEXT / 2
    box = text_box(lab, "sans", MIN_TEXT, x, y)
    best, best_gap = None, -1.0
    for dx, dy in places or _coordinate_places(ctx.size):
        b = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
        if not fits_in_hex(b, cx, cy, ctx.size, LABEL_SPARE):
            continue
        gap = LABEL_CLEARANCE + 0.5 if index is None else index.nearest(b, LABEL_CLEARANCE + 0.5)[0]
        if gap >= LABEL_CLEARANCE + 0.25:
            best = (dx, dy)
            break
        if gap > best_gap:
            best, best_gap = (dx, dy), gap
    if best is None:
        return None
    return Text(x + best[0], y + best[1], lab, MIN_TEXT, "sans", "start", ctx.pal.coord, role="hex-label")


def _river_points(f: Feature, ctx: MapContext) -> list[tuple[float, float]]:
    """Centres of the river's hexes; at a delta the river stops on the delta hex's edge."""
    pts = [ctx.center(lab) for lab in f.hexes]
    delta = {lab for d in ctx.game_map.features_of("delta") for lab in d.hexes}
    if len(pts) >= 2 and f.hexes[-1] in delta:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        pts[-1] = ((x0 + x1) / 2, (y0 + y1) / 2)
    return pts


def river_width(ctx: MapContext, share: float, floor: float, core: float) -> float:
    """A river's width: `share` of the hex size, at least `floor`; a cased river (the palette's core,
    `core` of the width, differs from its river) wide enough for dark sides of RIVER_SIDE_MIN, so on
    a book's small hexes they never thin to hairlines."""
    w = max(floor, ctx.size * share)
    return max(w, 2 * RIVER_SIDE_MIN / (1 - core)) if ctx.pal.river_core != ctx.pal.river else w


def river_line(pts, w: float, pal: Palette) -> list:
    """A river through hex centres as the map draws it: a light line (cased in mono) from a spring dot,
    small chevrons pointing downstream between consecutive points. The map and the keys share it."""
    items: list = [Path(tuple(pts), Style(fill=None, stroke=pal.river_light, width=w), closed=False, role="river"),
                   Circle(pts[0][0], pts[0][1], w * 0.9, Style(fill=pal.river_light, stroke=None, width=0))]
    if pal.river_core != pal.river:  # a cased line: unlike any outline on the sheet
        items.append(Path(tuple(pts), Style(fill=None, stroke=pal.river_core, width=w * RIVER_CORE), closed=False,
                          role="river-core"))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        a = math.atan2(y1 - y0, x1 - x0)
        L = w * 1.3
        p1 = (mx - L * math.cos(a - 0.6), my - L * math.sin(a - 0.6))
        p2 = (mx - L * math.cos(a + 0.6), my - L * math.sin(a + 0.6))
        items.append(Path((p1, (mx, my), p2), Style(fill=None, stroke=pal.paper, width=0.8), closed=False))
    return items


RIVER_SHARE = 0.11  # a river through hex centres, as a share of the hex size: thin, the hex is the player's


def draw_river_hexes(f: Feature, ctx: MapContext) -> list:
    pts = _river_points(f, ctx)
    if len(pts) < 2:
        return []
    return river_line(pts, river_width(ctx, RIVER_SHARE, 1.8, RIVER_CORE), ctx.pal)


def cataract_bar(mx: float, my: float, a: float, size: float, color: str) -> list:
    """A cataract across a river flowing at angle `a` through (mx, my): a bar with three ticks
    downstream, `size` the hex size. The map and the keys share it."""
    nx, ny = -math.sin(a), math.cos(a)
    half = size * 0.3
    w = max(1.6, size * 0.09)
    items = [Line(mx - nx * half, my - ny * half, mx + nx * half, my + ny * half,
                  Style(fill=None, stroke=color, width=w, cap="butt"), role="cataract")]
    for k in (-0.6, 0.0, 0.6):
        bx, by = mx + nx * half * k, my + ny * half * k
        items.append(Line(bx, by, bx + math.cos(a) * size * 0.16, by + math.sin(a) * size * 0.16,
                          Style(fill=None, stroke=color, width=w * 0.6)))
    return items


def map_sample(key: str, cx: float, cy: float, size: float, pal: Palette) -> Group | None:
    """A key's sample of a mark the map itself draws (the river, a cataract), drawn by the map's code
    at a key's size; None for a symbol the map does not draw."""
    if key == "river":
        pts = [(cx - size * 0.55, cy + size * 0.12), (cx, cy - size * 0.12), (cx + size * 0.55, cy + size * 0.12)]
        return Group(tuple(river_line(pts, max(1.8, size * 0.2), pal)), name="sample:river")
    if key == "cataract":
        pts = [(cx - size * 0.55, cy), (cx + size * 0.55, cy)]
        line = river_line(pts, max(1.8, size * 0.2), pal)
        return Group(tuple(line + cataract_bar(cx, cy, 0.0, size * 1.1, pal.ink)), name="sample:cataract")
    return None


FAN = 0.2  # a delta's channels, as a share of the hex size: short, so the hex's left corner keeps its coordinate


def draw_delta_mouths(f: Feature, ctx: MapContext, river: Feature | None) -> list:
    """The river opening into the delta hex as a fan of channels."""
    if river is None or len(river.hexes) < 2 or river.hexes[-1] not in f.hexes:
        return []
    (x0, y0), (x1, y1) = ctx.center(river.hexes[-2]), ctx.center(river.hexes[-1])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    a = math.atan2(y1 - y0, x1 - x0)
    items = []
    for spread in (-0.75, -0.25, 0.25, 0.75):
        ex = mx + ctx.size * FAN * math.cos(a + spread)
        ey = my + ctx.size * FAN * math.sin(a + spread)
        items.append(Line(mx, my, ex, ey, Style(fill=None, stroke=ctx.pal.river_light, width=max(1.0, ctx.size * 0.06))))
    return items


def draw_river_edges(f: Feature, ctx: MapContext) -> list:
    items = []
    width = river_width(ctx, 0.14, 2.2, EDGE_RIVER_CORE)
    for text in f.edges:
        (x0, y0), (x1, y1) = hexgrid.edge_segment(ctx.layout, parse_edge(text))
        items.append(Line(x0, y0, x1, y1, Style(fill=None, stroke=ctx.pal.river, width=width), role="river-edge"))
        if ctx.pal.river_core != ctx.pal.river:  # cased, so it differs from the Canada, Start and fort outlines
            items.append(Line(x0, y0, x1, y1, Style(fill=None, stroke=ctx.pal.river_core, width=width * EDGE_RIVER_CORE),
                              role="river-core"))
        if ctx.pal.river_dash:  # and a dashed thread down its middle: water, not a heavier hex edge
            items.append(Line(x0, y0, x1, y1, Style(fill=None, stroke=ctx.pal.river, width=0.6, dash=ctx.pal.river_dash),
                              role="river-dash"))
    return items


def draw_cataract(f: Feature, ctx: MapContext) -> list:
    """A cataract sits on the downstream edge of its river hex: a bar across the flow with ticks."""
    items = []
    rivers = ctx.game_map.features_of("river")
    for lab in f.hexes:
        nxt = next((r.hexes[i + 1] for r in rivers for i, h in enumerate(r.hexes[:-1]) if h == lab), None)
        if len(f.hexes) == 2 and nxt is None:
            nxt = f.hexes[1] if lab == f.hexes[0] else None
        if nxt is None or nxt not in ctx.game_map.axial:
            cx, cy = ctx.center(lab)
            items.append(icon("cataract", cx + ctx.size * 0.42, cy, ctx.size * 0.5, ctx.pal.ink))
            continue
        (x0, y0), (x1, y1) = ctx.center(lab), ctx.center(nxt)
        items += cataract_bar((x0 + x1) / 2, (y0 + y1) / 2, math.atan2(y1 - y0, x1 - x0), ctx.size, ctx.pal.ink)
        if len(f.hexes) == 2:
            break
    return items


def draw_interest(f: Feature, ctx: MapContext) -> list:
    # a little right of the centre: the hex's left corner is its coordinate's
    return [icon("interest", ctx.center(lab)[0] + ctx.size * 0.16, ctx.center(lab)[1], ctx.size * 0.58, ctx.pal.accent)
            for lab in f.hexes]


def draw_delta(f: Feature, ctx: MapContext) -> list:
    items = []
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        label = ctx.tr.gettext(f.note or "Goal")
        lines = clear_of_corner(ctx, lab, [
            lambda dx, text=text: hex_label_lines(ctx, lab, ctx.size * 0.42, text, ctx.size * 0.25, "sans-bold",
                                                  ctx.pal.accent, dx=dx)
            for text in dict.fromkeys((label, label.split()[0]))])  # on a hex too small for both: its first word
        lift = 0.1 if len(lines) > 1 else 0.0  # a label on two lines takes the ship's foot: the ship rises
        # right of the centre and up: the hex's left corner keeps the coordinate, clear of the river's fan
        items.append(icon("ship", cx + ctx.size * 0.36, cy - ctx.size * (0.4 + lift / 2), ctx.size * 0.4, ctx.pal.accent))
        items.extend(lines)
    return items


def clear_of_corner(ctx: MapContext, lab: str, forms: list[Callable[[float], list]], others: list = ()) -> list:
    """A feature's label lines that leave the hex's coordinate a clear place: the first form (each
    `form(dx)`, dx its shift right of the centre) with which the coordinate finds one (in its corner, or
    elsewhere in the hex), on a small hex moved right as far as that takes and the hex allows; else the
    last (the shortest) where it was asked for, leaving the coordinate the most room. `others`: what
    else the drawer puts in the hex (its icon), which the coordinate must keep clear of too."""

    if not ctx.coords:  # no coordinate to leave room for (a book's map)
        return forms[0](0.0)
    corner = corner_box(ctx, lab)

    def in_corner(lines) -> bool:  # the coordinate keeps its own place
        return InkIndex(lines + walk_items(others)).nearest(corner, LABEL_CLEARANCE + 0.5)[0] >= LABEL_CLEARANCE + 0.25

    def elsewhere(lines) -> bool:  # the coordinate finds another clear place in the hex
        index = InkIndex(lines + walk_items(others))
        t = coordinate(ctx, lab, index)
        return t is not None and index.nearest(text_box(t.text, t.font, t.size, t.x, t.y, t.anchor),
                                               LABEL_CLEARANCE + 0.5)[0] >= LABEL_CLEARANCE + 0.25

    cx, cy = ctx.center(lab)
    for lines_at in forms:  # a form's words whole, moved right only as they are (never cut to fit)
        words = [t.text for t in lines_at(0.0)]
        for clear in (in_corner, elsewhere):
            for k in range(9):
                lines = lines_at(ctx.size * 0.05 * k)
                if lines and [t.text for t in lines] == words and clear(lines) \
                        and all(fits_in_hex(_label_box(t), cx, cy, ctx.size, LABEL_SPARE) for t in lines):
                    return lines
    return forms[-1](0.0)  # the last resort: the shortest form (or none)


def draw_plot(f: Feature, ctx: MapContext) -> list:
    items = []
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        cx += ctx.size * 0.24  # right of the centre: the left corner is the coordinate's
        items.append(Group((Circle(cx, cy, ctx.size * 0.3, Style(fill=ctx.pal.paper, stroke=ctx.pal.accent, width=1.2),
                                   role="plot-circle"),
                            _centered_text(cx, cy, f.letter, ctx.size * 0.45, "serif-bold", ctx.pal.accent, role="plot")),
                           name="icon:plot"))  # on a small hex it gives way to the coordinate (clear_corners)
    return items


def draw_exit(f: Feature, ctx: MapContext) -> list:
    items = []
    for lab in f.hexes:
        corners = ctx.corners(lab)
        items.append(Path(tuple(corners), Style(fill=None, stroke=ctx.pal.accent, width=1.6, dash=(3, 2)), role="exit"))
        cx, cy = ctx.center(lab)
        items.extend(clear_of_corner(ctx, lab, [
            lambda dx: hex_label_lines(ctx, lab, ctx.size * 0.5, "EXIT", ctx.size * 0.22, "sans-bold", ctx.pal.accent,
                                       dx=dx)]))
    return items


FEATURE_DRAWERS: dict[str, Callable[[Feature, MapContext], list]] = {
    "river": draw_river_hexes,
    "river-edges": draw_river_edges,
    "cataract": draw_cataract,
    "interest": draw_interest,
    "delta": draw_delta,
    "plot": draw_plot,
    "exit": draw_exit,
}


def edge_labels(ctx: MapContext) -> list:
    """Column letters in a line above the map, each over its column; row numbers down both sides, each
    level with its row in the outermost column of the same parity. One pass over the hexes."""
    gm, pal = ctx.game_map, ctx.pal
    cols: set[int] = set()
    rows: set[int] = set()
    cells: set[tuple[int, int]] = set()
    for h in gm.axial.values():
        col, row = hexgrid.axial_to_offset(h)
        cols.add(col)
        rows.add(row)
        cells.add((col, row))
    if not cols:
        return []
    x0, y0, x1, y1 = hexgrid.unit_bounds(gm.axial.values())
    ox, oy = ctx.layout.origin
    left, top, right = ox + x0 * ctx.size, oy + y0 * ctx.size, ox + x1 * ctx.size
    size = MIN_TEXT
    items = []
    # on a map of small hexes, label every n-th column and row so the labels never run into each other
    col_step = max(1, math.ceil((text_width("WW", "sans", size) + 2) / (1.5 * ctx.size)))
    row_step = max(1, math.ceil(size * 1.25 / (hexgrid.SQRT3 * ctx.size)))
    for col in sorted(cols):
        if col % col_step:
            continue
        cx, _ = hexgrid.hex_to_pixel(ctx.layout, hexgrid.offset_to_axial(col, 0))
        items.append(Text(cx, top - 2.5 - DESCENT * size, hexgrid.column_letters(col), size, "sans", "middle",
                          pal.faint, role="edge-label"))
    first, last = min(cols), max(cols)
    for row in sorted(rows):
        if row % row_step:
            continue
        for col, x in ((first, left - 4.5), (last, right + 4.5)):
            if (col, row) not in cells:  # a row number only beside a hex of its row
                continue
            _, cy = hexgrid.hex_to_pixel(ctx.layout, hexgrid.offset_to_axial(col, row))
            items.append(_centered_text(x, cy, str(row + 1), size, "sans", pal.faint, role="edge-label"))
    return items


def hex_map(game_map: GameMap, game, box: Box, pal: Palette, *, max_flats: float | None = None,
            drawers: dict | None = None, filled: dict[str, str] | None = None,
            start_label: str = "Start", terrain_icons: bool = True, coords: bool = False,
            label_pad: float = LABEL_PAD, terrain_marks: dict | None = None,
            tr: Translator = ENGLISH) -> tuple[Group, MapContext]:
    """The map in `box`; `filled` (label -> terrain) overrides pre-printed terrain (for saves);
    `coords` prints each hex's coordinate, clear of every drawing, in its left corner where it can
    (player sheets); `terrain_marks` (terrain key -> draw(cx, cy, size, pal) -> items) draws a
    pre-printed terrain as the mark a player pencils (1672's shoals) instead of its glyph."""
    layout = map_layout(game_map, box, max_flats, label_pad)
    ctx = MapContext(game_map, game, layout, pal, coords, tr)
    terrains = {t.key: t for t in getattr(game, "terrains", ())}
    ground = dict(game_map.terrain)
    if filled:
        ground.update(filled)
    items: list = []
    for lab in game_map.hexes:
        corners = tuple(ctx.corners(lab))
        t = terrains.get(ground.get(lab, ""))
        style = terrain_style(t, pal, width=0.9) if t else Style(fill=pal.hex_fill, stroke=pal.hex_line, width=0.9)
        items.append(Path(corners, style, role="hex"))
    over: list = []  # everything drawn over the hexes and their coordinates
    # hexes whose feature prints a label where the terrain glyph would go keep the label only
    labelled = {lab for f in game_map.features if f.type in ("delta", "canada", "fort", "exit") for lab in f.hexes}
    marks = dict(terrain_marks or {})
    for lab in game_map.hexes:
        t = terrains.get(ground.get(lab, ""))
        if t and terrain_icons and lab not in labelled:
            cx, cy = ctx.center(lab)
            if t.key in marks:  # a pre-printed terrain drawn as the pencil mark the key shows
                over.extend(marks[t.key](cx, cy, ctx.size, pal))
                continue
            try:
                # low and a little right: the hex's left corner is its coordinate's
                over.append(icon(t.key, cx + ctx.size * 0.15, cy + ctx.size * 0.38, ctx.size * 0.42, pal.soft))
            except KeyError:
                pass
    table = dict(FEATURE_DRAWERS)
    table.update(drawers or {})
    rivers = game_map.features_of("river")
    for f in game_map.features:
        draw = table.get(f.type)
        if draw:
            over.extend(draw(f, ctx))
        if f.type == "delta":
            over.extend(draw_delta_mouths(f, ctx, rivers[0] if rivers else None))
    for goal in game_map.goals:
        over.append(Path(tuple(ctx.corners(goal)), Style(fill=None, stroke=pal.accent, width=2.0), role="goal"))
    sx, sy = ctx.center(game_map.start)
    over.append(Path(tuple(ctx.corners(game_map.start)), Style(fill=None, stroke=pal.ink, width=2.0), role="start"))
    over.append(icon("start", sx + ctx.size * 0.12, sy - ctx.size * 0.12, ctx.size * 0.46, pal.ink))  # off the corner
    if start_label:
        over.extend(clear_of_corner(ctx, game_map.start, [
            lambda dx: hex_label_lines(ctx, game_map.start, -ctx.size * 0.6, start_label, ctx.size * 0.22, "sans-bold",
                                       pal.ink, dx=dx),
            lambda dx: hex_label_lines(ctx, game_map.start, ctx.size * 0.6, start_label, ctx.size * 0.22, "sans-bold",
                                       pal.ink, dx=dx),
            lambda dx: []]))  # a hex too small for the word and the coordinate: its thick outline and icon say it
    # a pre-printed hex's fill (an island, the sea, the fort) goes under the coordinates, so no
    # pre-printed hex loses its name; rivers, icons and labels go over them, and the coordinates
    # keep clear of them
    hex_shapes = {frozenset((round(x, 2), round(y, 2)) for x, y in p.points) for p in items}
    ground_fills = [i for i in over if isinstance(i, Path) and i.closed and i.style.fill is not None
                    and frozenset((round(x, 2), round(y, 2)) for x, y in i.points) in hex_shapes]
    under = {id(i) for i in ground_fills}
    over = [i for i in over if id(i) not in under]
    lifted: list = []
    if coords:  # placed clear of what is drawn over them (a tint under them hides nothing)
        over, under_labels, lifted = place_coordinates(ctx, items, over, pal)
        ground_fills += under_labels
    items.extend(ground_fills)
    items.extend(over)
    items.extend(lifted)
    items.extend(edge_labels(ctx))
    return Group(tuple(items), name="map", box=tuple(box)), ctx


def _moved(item, k: float, ox: float, oy: float, dx: float, dy: float):
    """An item scaled by `k` about (ox, oy), then moved by (dx, dy); strokes and text scale with it."""

    def pt(x, y):
        return ox + (x - ox) * k + dx, oy + (y - oy) * k + dy

    style = getattr(item, "style", None)
    if style is not None:
        item = replace(item, style=replace(style, width=style.width * k))
    if isinstance(item, Group):
        return replace(item, items=tuple(_moved(i, k, ox, oy, dx, dy) for i in item.items), box=None)
    if isinstance(item, Path):
        return replace(item, points=tuple(pt(x, y) for x, y in item.points))
    if isinstance(item, Line):
        (x1, y1), (x2, y2) = pt(item.x1, item.y1), pt(item.x2, item.y2)
        return replace(item, x1=x1, y1=y1, x2=x2, y2=y2)
    if isinstance(item, Circle):
        cx, cy = pt(item.cx, item.cy)
        return replace(item, cx=cx, cy=cy, r=item.r * k)
    if isinstance(item, Rect):
        x, y = pt(item.x, item.y)
        return replace(item, x=x, y=y, w=item.w * k, h=item.h * k, radius=item.radius * k)
    if isinstance(item, Text):
        x, y = pt(item.x, item.y)
        return replace(item, x=x, y=y, size=item.size * k)
    return item


ICON_LEAST = 0.5  # an icon giving way to a coordinate shrinks to no less than this share of its size


def corner_box(ctx: MapContext, lab: str) -> tuple[float, float, float, float]:
    """The box of the hex's coordinate in its own place, the hex's left corner (see coordinate)."""

    cx, cy = ctx.center(lab)
    half = (ASCENT + DESCENT) * MIN_TEXT / 2
    x = cx - ctx.size + (half + LABEL_SPARE * 0.6) / hexgrid.SQRT3 * 2 + 0.8
    return text_box(lab, "sans", MIN_TEXT, x, cy + (ASCENT - DESCENT) * MIN_TEXT / 2)


DECORATION = ("icon:ship", "icon:flag", "icon:fort", "icon:islet")  # what a label or tint says too


def clear_corners(ctx: MapContext, over: list, boxes: list | None = None) -> list:
    """Each icon (a Group named "icon:...") that comes within LABEL_CLEARANCE of a hex's coordinate in
    its corner, shrunk (to ICON_LEAST at the least) and moved away from it, the least change that clears
    it and keeps the icon in its hex. An icon no change clears stays as it is (the coordinate then finds
    another clear place in its hex), unless it only repeats what a label or the hex's tint says
    (_decoration): then it is left out. `boxes`: the coordinates' boxes to keep clear of, when not in
    their corners."""

    need = LABEL_CLEARANCE + 0.3
    corners = boxes if boxes is not None else [corner_box(ctx, lab) for lab in ctx.game_map.hexes]
    centres = [ctx.center(lab) for lab in ctx.game_map.hexes]
    s = ctx.size
    steps = sorted(((k, m, d) for k in (1.0, 0.9, 0.8, 0.7, 0.6, ICON_LEAST)
                    for m in (0.0, 0.08, 0.16, 0.24, 0.32, 0.4, 0.48, 0.56)
                    for d in range(6 if m else 1)), key=lambda kmd: ((1 - kmd[0]) + kmd[1], kmd[2]))[1:]

    def extent(items):
        boxes = [bbox(i) for i in walk(items) if not isinstance(i, Group)]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def gap(items, near) -> float:
        index = InkIndex(list(walk(items)))
        return min((index.nearest(b, need)[0] for b in near), default=need)

    words = [bbox(t) for t in over if isinstance(t, Text) and t.text.strip()]  # a moved icon keeps off them

    def on_words(e) -> bool:
        return any(b[0] < e[2] + 0.5 and b[2] > e[0] - 0.5 and b[1] < e[3] + 0.5 and b[3] > e[1] - 0.5 for b in words)

    def ink_on_words(items) -> bool:
        index = InkIndex(list(walk(items)))
        return any(index.nearest(b, 0.6)[0] < 0.5 for b in words)

    out = []
    for item in over:
        if not (isinstance(item, Group) and item.name.startswith("icon:") and item.items):
            out.append(item)
            continue
        e = extent(item.items)
        reach = need + 2.0  # a stroke's half width lies outside its shape's box
        near = [b for b in corners if b[0] < e[2] + reach and b[2] > e[0] - reach and b[1] < e[3] + reach
                and b[3] > e[1] - reach]
        clash = bool(near) and gap(item.items, near) < need
        crossed = ink_on_words(item.items)  # an icon on a word (a small hex's "Start") moves off it too
        if not clash and not crossed:
            out.append(item)
            continue
        ox, oy = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
        hx, hy = min(centres, key=lambda c: (c[0] - ox) ** 2 + (c[1] - oy) ** 2)
        inside = fits_in_hex(e, hx, hy, s, 0.0)
        away = (near if clash else []) + [b for b in words if b[0] < e[2] and b[2] > e[0] and b[1] < e[3]
                                          and b[3] > e[1]] or [e]
        bx = sum((b[0] + b[2]) / 2 for b in away) / len(away)
        by = sum((b[1] + b[3]) / 2 for b in away) / len(away)
        norm = max(1e-6, ((ox - bx) ** 2 + (oy - by) ** 2) ** 0.5)
        # away from the coordinate first, then right, up and down the hex
        ways = [((ox - bx) / norm, (oy - by) / norm), (1.0, 0.0), (0.7, -0.7), (0.7, 0.7), (0.0, -1.0), (0.0, 1.0)]
        for k, m, d in steps:
            ux, uy = ways[d]
            moved = _moved(item, k, ox, oy, ux * m * s, uy * m * s)
            me = extent(moved.items)
            mx, my = (me[0] + me[2]) / 2, (me[1] + me[3]) / 2
            if (inside and not fits_in_hex(me, hx, hy, s, 0.0)) or (mx - hx) ** 2 + (my - hy) ** 2 > (0.7 * s) ** 2 \
                    or (on_words(me) and not on_words(e)):
                continue
            if (not clash or gap(moved.items, near) >= need) and not ink_on_words(moved.items):
                item = moved
                break
        else:
            if clash and _decoration(ctx, item):
                continue
        out.append(item)
    return out


def _decoration(ctx: MapContext, item) -> bool:
    """An icon that only repeats what a label in its hex says (DECORATION), or a terrain glyph (the
    hex's tint, or hatching in mono, shows its terrain too)."""
    if not (isinstance(item, Group) and item.name.startswith("icon:") and item.items):
        return False
    return item.name in DECORATION or item.name.removeprefix("icon:") in {t.key for t in getattr(ctx.game, "terrains", ())}


def _touches(item: Group, patches: list) -> bool:

    index = InkIndex(list(walk(item.items)))
    return any(index.nearest((p.x, p.y, p.x + p.w, p.y + p.h), 0.5)[0] < 0.01 for p in patches if isinstance(p, Rect))


def place_coordinates(ctx: MapContext, hexes: list, over: list, pal: Palette) -> tuple[list, list, list]:
    """(the drawings over the hexes, the coordinates to paint under them, those to paint over them).
    On a small hex an icon first gives way to the coordinate's corner (clear_corners). A coordinate with
    no clear place in its hex (a river down its middle, a label filling it) is printed over the drawings
    on a patch of paper as wide as the clearance, where the patch hides no word and no icon, only
    strokes; an icon that only repeats a label or a tint and would be cut by a patch is left out."""

    over = clear_corners(ctx, over)
    labels = coordinates(ctx, hexes + over)
    blocked = crowded(labels, hexes + over)
    if blocked:
        spare = [i for i in over if _decoration(ctx, i)
                 and _touches(i, lifted_out([t for t in labels if id(t) in blocked], pal))]
        over = [i for i in over if not any(i is x for x in spare)]
        over = clear_corners(ctx, over, [text_box(t.text, t.font, t.size, t.x, t.y, t.anchor)
                                         for t in labels if id(t) in blocked])
        labels = coordinates(ctx, hexes + over)
        blocked = crowded(labels, hexes + over)
    keep = InkIndex([i for i in over if isinstance(i, Text)]
                    + [x for i in over if isinstance(i, Group) and i.name.startswith("icon:") and not _decoration(ctx, i)
                       for x in walk_items([i])])
    lifted = lifted_out([coordinate(ctx, t.text, keep) or t for t in labels if id(t) in blocked], pal)
    over = [i for i in over if not (_decoration(ctx, i) and _touches(i, lifted))]  # never cut in part
    return over, knocked_out([t for t in labels if id(t) not in blocked], pal), lifted


def crowded(labels: list, drawn: list) -> set:
    """ids of the coordinates that some drawing (not a hex's side) comes within LABEL_CLEARANCE of."""

    sides = hex_corner_keys(i for i in drawn if getattr(i, "role", "") == "hex")
    index = InkIndex([i for i in walk_items(drawn) if getattr(i, "role", "") != "hex"], sides=sides)
    return {id(t) for t in labels
            if index.nearest(text_box(t.text, t.font, t.size, t.x, t.y, t.anchor), LABEL_CLEARANCE)[0]
            < LABEL_CLEARANCE - 1e-6}


def walk_items(items) -> list:

    return [i for i in walk(tuple(items)) if not isinstance(i, Group)]


def lifted_out(labels: list, pal: Palette) -> list:
    """Coordinates printed over the map's drawings, each on a patch of paper LABEL_CLEARANCE round it."""

    out: list = []
    pad = LABEL_CLEARANCE + 0.2
    for t in labels:
        x0, y0, x1, y1 = text_box(t.text, t.font, t.size, t.x, t.y, t.anchor)
        out.append(Rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad,
                        Style(fill=pal.paper, stroke=None, width=0), radius=pad, role="knockout"))
        out.append(t)
    return out


KNOCKOUT_PAD = 0.8  # paper round a coordinate on a hatched hex


def knocked_out(labels: list, pal: Palette) -> list:
    """In mono, each coordinate on a patch of paper: a terrain's hatching stops short of it."""
    if pal.tints:
        return labels

    out: list = []
    for t in labels:
        x0, y0, x1, y1 = text_box(t.text, t.font, t.size, t.x, t.y, t.anchor)
        out.append(Rect(x0 - KNOCKOUT_PAD, y0 - KNOCKOUT_PAD * 0.5, x1 - x0 + 2 * KNOCKOUT_PAD,
                        y1 - y0 + KNOCKOUT_PAD, Style(fill=pal.paper, stroke=None, width=0), radius=1.0,
                        role="knockout"))
        out.append(t)
    return out


def hex_swatch(terrain, cx: float, cy: float, size: float, pal: Palette) -> Group:
    """A small hex filled as a terrain, with its glyph: used in terrain keys."""
    layout = hexgrid.Layout(hexgrid.FLAT, (size / 2, size / 2), (cx, cy))
    corners = tuple(hexgrid.hex_corners(layout, (0, 0)))
    items = [Path(corners, terrain_style(terrain, pal, width=0.6))]
    try:
        items.append(icon(terrain.key, cx, cy, size * 0.62, pal.soft))
    except KeyError:
        pass
    return Group(tuple(items), name=f"swatch:{terrain.key}")
