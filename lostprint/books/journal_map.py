"""The filled map of a finished game: terrain as drawn, the pre-printed features, the player's marks
and the route with its day numbers, as a player would have drawn them in pencil.

Mark drawers live in a registry keyed by mark kind: `draw(mark, ctx, extra) -> items`.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple

from lostprint.books import journal_place as jp
from lostprint.books.journal_place import border_distance
from lostprint.fonts import ASCENT, DESCENT, text_box, text_width
from lostprint.games import resolve
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import Box
from lostprint.i18n import ENGLISH, Translator
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text, bbox, walk
from lostprint.sheets.hexmap import MapContext, cataract_bar, hex_label, hex_label_lines, hex_map
from lostprint.sheets import sheet_module
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, Palette

def mid_text(x: float, y: float, text: str, size: float, font: str, color: str, role: str = "") -> Text:
    return Text(x, y + (ASCENT - DESCENT) * size / 2, text, size, font, "middle", color, role=role)


def _lerp(p, q, t):
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


class Slots(NamedTuple):
    """Where marks go inside a hex, as fractions of the hex size from its centre."""

    village: tuple[float, float] = (-0.58, 0.0)  # between the NW and SW edges: no route passes
    number: tuple[float, float] = (0.6, 0.0)  # between the NE and SE edges
    empire: tuple[float, float] = (0.0, -0.6)


SLOTS = Slots()


# --- mark drawers --------------------------------------------------------------------------------


def draw_villages(marks, ctx: MapContext, extra: dict) -> list:
    """Every village of a hex side by side: a thick dot, or a circled dot when peaceful; two columns of
    two, and more than four in the same room, smaller, so each one found is on the map."""
    by_hex: dict[str, list[str]] = {}
    for m in marks:
        by_hex.setdefault(m.hexes[0], []).append(m.kind)
    items = []
    s = ctx.size
    for lab, kinds in by_hex.items():
        cx, cy = ctx.center(lab)
        x0 = cx + SLOTS.village[0] * s
        y0 = cy + SLOTS.village[1] * s
        scale = min(1.0, 2 / -(-len(kinds) // 2))  # columns of two beyond the second share its room
        for i, kind in enumerate(kinds):
            x = x0 + (i // 2) * s * 0.26 * scale
            y = y0 + ((i % 2) - (0.5 if len(kinds) > 1 else 0)) * s * 0.3
            name = "peaceful-village" if kind == "peaceful-village" else "village"
            items.append(icon(name, x, y, s * 0.34 * scale, ctx.pal.ink))
    return items


def draw_trail(m, ctx: MapContext, extra: dict) -> list:
    """A dashed line from hex to hex across their shared edge, beside the route's centre line."""
    a, b = (ctx.center(lab) for lab in m.hexes)
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy) or 1
    ox, oy = -dy / norm * ctx.size * 0.24, dx / norm * ctx.size * 0.24
    p, q = _lerp(a, b, 0.22), _lerp(a, b, 0.78)
    p, q = (p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)
    w = max(1.2, ctx.size * 0.07)
    return [Line(*p, *q, Style(fill=None, stroke="#ffffff", width=w + 1.4), role="trail"),
            Line(*p, *q, trail_style(ctx.pal, w), role="trail")]


def trail_style(pal: Palette, width: float) -> Style:
    """A trail's stroke: short dashes in their own ink; where the trail shares the route's ink (mono),
    a row of round dots, so the two never look alike where they run side by side."""
    if pal.trail == pal.route:
        return Style(fill=None, stroke=pal.trail, width=width * 1.25, dash=(0.01, width * 2.1), cap="round")
    return Style(fill=None, stroke=pal.trail, width=width, dash=(width * 1.6, width * 1.1), cap="butt")


def draw_cataract_edge(m, ctx: MapContext, extra: dict) -> list:
    """A cataract the player found, on the edge between its two hexes: the bar with downstream ticks
    the sheet's map prints for one (hexmap.cataract_bar), so map, sheet and legend agree."""
    (x0, y0), (x1, y1) = (ctx.center(lab) for lab in m.hexes[:2])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    return cataract_bar(mx, my, math.atan2(y1 - y0, x1 - x0), ctx.size, ctx.pal.ink)


def numbered(ctx: MapContext, lab: str, number: int, color: str, offset=None) -> list:
    cx, cy = ctx.center(lab)
    ox, oy = offset or SLOTS.number
    x, y = cx + ox * ctx.size, cy + oy * ctx.size
    size = max(MIN_TEXT, ctx.size * 0.26)
    r = max(size * 0.75, text_width(str(number), "sans-bold", size) / 2 + 1.6)
    return [Circle(x, y, r, Style(fill=color, stroke="#ffffff", width=0.8)),
            mid_text(x, y, str(number), size, "sans-bold", "#ffffff", role="mark-number")]


def draw_interest(m, ctx: MapContext, extra: dict) -> list:
    number = extra["numbers"][id(m)]
    return numbered(ctx, m.hexes[0], number, ctx.pal.accent)


def zone_outline(ctx: MapContext, centre: str, radius: int) -> list[tuple]:
    """Edges around every map hex within `radius` of centre: the border of the zone."""
    axial = ctx.game_map.axial
    zone = {h for h in axial.values() if hexgrid.distance(h, axial[centre]) <= radius}
    segs = []
    for h in zone:
        for d in hexgrid.FLAT_ORDER:
            if hexgrid.neighbor(h, d) not in zone:
                segs.append(hexgrid.edge_segment(ctx.layout, hexgrid.edge(h, d)))
    return sorted(segs)


def draw_empire(m, ctx: MapContext, extra: dict) -> list:
    lab = m.hexes[0]
    items = []
    for (x0, y0), (x1, y1) in zone_outline(ctx, lab, 2):
        items.append(Line(x0, y0, x1, y1, Style(fill=None, stroke=ctx.pal.accent, width=1.1, dash=(3.2, 2.2),
                                                cap="butt"), role="empire-border"))
    cx, cy = ctx.center(lab)
    x, y = cx + SLOTS.empire[0] * ctx.size, cy + SLOTS.empire[1] * ctx.size * 0.55
    items.append(icon("house", x + ctx.size * 0.42, y, ctx.size * 0.42, ctx.pal.accent))
    return items


def draw_lagos(m, ctx: MapContext, extra: dict) -> list:
    pts = [ctx.center(lab) for lab in m.hexes]
    x = sum(p[0] for p in pts) / 3
    y = sum(p[1] for p in pts) / 3
    r = max(2.6, ctx.size * 0.16)
    return [Circle(x, y, r, Style(fill=ctx.pal.plot, stroke=ctx.pal.ink,
                                  width=0.9), role="island")]


def draw_burial(m, ctx: MapContext, extra: dict) -> list:
    cx, cy = ctx.center(m.hexes[0])
    x, y = cx - ctx.size * 0.45, cy + ctx.size * 0.05
    r = ctx.size * 0.17
    st = Style(fill=None, stroke=ctx.pal.ink, width=max(1.2, ctx.size * 0.07))
    return [Line(x - r, y - r, x + r, y + r, st, role="burial"), Line(x - r, y + r, x + r, y - r, st, role="burial")]


def plot_code(letter, roll) -> str:
    """A plot encounter's letter and roll as the map's badge writes them: "A·3", which no hex's
    coordinate ("K6") can be mistaken for."""
    return f"{letter}\u00b7{roll}"


def plot_badge(x: float, y: float, text: str, size: float, pal: Palette) -> list:
    """The badge: white text on the accent, its left end at x, centred on y."""
    w = text_width(text, "sans-bold", size) + 4
    return [Rect(x, y - size * 0.62, w, size * 1.24, Style(fill=pal.accent, stroke="#ffffff", width=0.6), radius=1.5),
            Text(x + 2, y + (ASCENT - DESCENT) * size / 2, text, size, "sans-bold", "start", "#ffffff", role="plot-tag")]


def plot_legend(pal: Palette, tr: Translator = ENGLISH) -> tuple:
    """The legend's entry for the badge: (draw(cx, cy) -> items, label)."""
    sample = plot_code("A", 3)

    def glyph(cx, cy):
        return plot_badge(cx - (text_width(sample, "sans-bold", MIN_TEXT) + 4) / 2, cy, sample, MIN_TEXT, pal)

    return glyph, tr._("plot encounter: plot letter \u00b7 die roll")


def draw_plot(m, ctx: MapContext, extra: dict) -> list:
    """A plot encounter: its letter and roll ("A·4") in a tag beside the plot circle."""
    cx, cy = ctx.center(m.hexes[0])
    size = max(MIN_TEXT, ctx.size * 0.24)
    return plot_badge(cx + ctx.size * 0.08, cy - ctx.size * 0.62, plot_code(m.get("letter", ""), m.get("roll", "")),
                      size, ctx.pal)


def draw_island(m, ctx: MapContext, extra: dict) -> list:
    """An island drawn by the player: a green blob in each of its hexes, natives as a dark dot."""
    items = []
    fill = ctx.pal.island
    scale = {"small": 0.28, "medium": 0.38, "large": 0.46}.get(str(m.get("size", "small")), 0.3)
    for lab in m.hexes:
        cx, cy = ctx.center(lab)
        pts = []
        for i in range(10):
            a = i * math.pi / 5
            r = ctx.size * scale * (1.0 + 0.16 * math.sin(3 * a + len(lab)))
            pts.append((cx + r * math.cos(a), cy - ctx.size * 0.05 + r * 0.8 * math.sin(a)))
        items.append(Path(tuple(pts), Style(fill=fill, stroke=ctx.pal.ink, width=0.8), role="island"))
        if m.get("natives"):
            items.append(Circle(cx + ctx.size * 0.08, cy - ctx.size * 0.08, max(1.6, ctx.size * 0.08),
                                Style(fill=ctx.pal.ink, stroke=None, width=0), role="natives"))
    return items


MARK_DRAWERS: dict[str, Callable] = {
    "trail": draw_trail,
    "cataract": draw_cataract_edge,
    "interest": draw_interest,
    "empire": draw_empire,
    "lagos-de-oro": draw_lagos,
    "burial": draw_burial,
    "plot": draw_plot,
    "island": draw_island,
}
GROUPED = {"village", "peaceful-village"}  # drawn together, per hex
LAYER = {"island": 0, "empire": 1, "lagos-de-oro": 1, "trail": 2, "cataract": 2}  # others: 3, above the route


# --- the route -----------------------------------------------------------------------------------


def day_tag(days: list[int]) -> str:
    if len(days) <= 2:
        return ",".join(str(d) for d in days)
    return f"{days[0]},\u2026{days[-1]}"


LANE = 0.26  # of the hex size: how far a second pass through a hex runs beside the first


def lanes(centres: list, labels: list[str], size: float) -> list[tuple[float, float]]:
    """Where the route aims in each hex it enters: the centre on a first pass; on a later pass through
    the same hex, beside it (LANE of the hex size across the way it is going, on the same side whichever
    way it goes, further on a third pass), so a route that comes back runs parallel to itself instead of
    over itself."""
    out = []
    seen: dict[str, int] = {}
    for i, (c, lab) in enumerate(zip(centres, labels)):
        n = seen.get(lab, 0)
        seen[lab] = n + 1
        if n == 0:
            out.append(c)
            continue
        a = centres[i - 1] if i > 0 else c
        b = centres[i + 1] if i + 1 < len(centres) else c
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy)
        if norm < 1e-9:  # back the way it came: across the step it came in by
            dx, dy = c[0] - a[0], c[1] - a[1]
            norm = math.hypot(dx, dy) or 1.0
        nx, ny = dy / norm, -dx / norm
        if ny < 0 or (ny == 0 and nx < 0):  # one side for either way along: out and back run side by side
            nx, ny = -nx, -ny
        shift = min(n, 2) * LANE * size
        out.append((c[0] + nx * shift, c[1] + ny * shift))
    return out


def route_width(ctx: MapContext) -> float:
    return max(1.8, ctx.size * 0.1)


def route_style(ctx: MapContext) -> Style:
    """The palette's route: solid red in colour; in mono a long dash, so it never merges with a solid
    black river."""
    dash = tuple(ctx.size * f for f in ctx.pal.route_dash)
    return Style(fill=None, stroke=ctx.pal.route, width=route_width(ctx), dash=dash, cap="butt")


def draw_route(played, ctx: MapContext, printed) -> tuple[list, list]:
    """(line items under the marks, day tags above everything). `printed` are the items already on
    the map: the route bends round their labels and markers, and the tags keep off them."""
    color = ctx.pal.route
    s = ctx.size
    w = route_width(ctx)
    casing = w + 1.8
    terrain_keys = frozenset(t.key for t in getattr(ctx.game, "terrains", ()))
    obs = jp.obstacles(printed, terrain_keys)
    hard, soft = jp.Index(obs.hard, s), jp.Index(obs.soft, s)
    centres = [ctx.center(lab) for _, lab in played.route]
    end_steps = {i for i, (_, lab) in enumerate(played.route) if lab == played.final_hex}
    pts = jp.route_points(centres, s, hard, soft, casing / 2 + 0.4, avoid=(ctx.center(played.final_hex), end_steps),
                          aims=lanes(centres, [lab for _, lab in played.route], s))
    line: list = []
    if len(pts) > 1:
        line.append(Path(tuple(pts), Style(fill=None, stroke="#ffffff", width=casing), closed=False, role="route-casing"))
        line.append(Path(tuple(pts), route_style(ctx), closed=False, role="route"))
    segs = list(zip(pts, pts[1:]))
    size = max(MIN_TEXT, min(8.0, s * 0.3))
    hh = size * 0.78
    xs = [p[0] for lab in ctx.game_map.hexes for p in ctx.corners(lab)]
    ys = [p[1] for lab in ctx.game_map.hexes for p in ctx.corners(lab)]
    frame = (min(xs) - s * 0.6, min(ys) - s * 0.4, max(xs) + s * 0.6, max(ys) + s * 0.4)
    placed = jp.Index(delta_fans(ctx, printed), s)  # tags keep off each other and off the delta's channels
    first: dict[str, int] = {}
    days_at: dict[str, list[int]] = {}
    for i, (day, lab) in enumerate(played.route):
        if day > 0:
            first.setdefault(lab, i)
            days_at.setdefault(lab, []).append(day)
    leaders: list = []
    tags: list = []
    for lab, i in sorted(first.items(), key=lambda kv: kv[1]):
        text = day_tag(days_at[lab])
        hw = max(hh, text_width(text, "sans-bold", size) / 2 + 2.2)
        along = [pts[j] for j in (i - 1, i + 1) if 0 <= j < len(pts)]
        tag = jp.place_tag(pts[i], along, ctx.center(lab), s, (hw, hh), hard, soft, placed, segs, frame)
        placed.add((tag.x - hw, tag.y - hh, tag.x + hw, tag.y + hh))
        if tag.leader:
            ex, ey = jp.leader_end(tag, hw, hh)
            leaders.append(Line(tag.anchor[0], tag.anchor[1], ex, ey, Style(fill=None, stroke=color, width=0.7),
                                role="leader"))
            leaders.append(Circle(tag.anchor[0], tag.anchor[1], 1.3, Style(fill=color, stroke=None, width=0),
                                  role="leader-dot"))
        tags.append(Rect(tag.x - hw, tag.y - hh, 2 * hw, 2 * hh, Style(fill="#ffffff", stroke=color, width=1.0),
                         radius=hh, role="day-tag"))
        tags.append(mid_text(tag.x, tag.y, text, size, "sans-bold", color, role="day-number"))
    end = played.final_hex
    dash = ctx.pal.ring_dash  # dashed in black and white, unlike the goal's ring
    ring = Path(tuple(ctx.corners(end)), Style(fill=None, stroke=color, width=2.6, dash=dash), role="end")
    return line, [ring] + leaders + tags


def delta_fans(ctx: MapContext, printed) -> list:
    """The boxes of the channels the river fans into at its delta (river-coloured lines without a role
    inside a delta hex): a day tag on them would hide where the river meets the goal."""
    inks = {ctx.pal.river, getattr(ctx.pal, "river_light", ctx.pal.river)}
    deltas = [ctx.center(lab) for f in ctx.game_map.features_of("delta") for lab in f.hexes]
    if not deltas:
        return []
    return [bbox(ln) for ln in walk(tuple(printed)) if isinstance(ln, Line) and not ln.role and ln.style.stroke in inks
            and any(border_distance(((ln.x1 + ln.x2) / 2, (ln.y1 + ln.y2) / 2), c, ctx.size) > 0 for c in deltas)]


def sheet_drawers(game_id: str) -> dict:
    """The sheet's own drawers of the map's pre-printed features (1672's islands, 1872's forts...),
    with the journal's versions where a route must get past. Only the game's own sheet module loads
    (1872's costs about 0.1 s to import, with its game data)."""
    game = resolve(game_id).id
    if game == "lost-crew":
        own = sheet_module(game).MAP_DRAWERS
    elif game == "lost-crows":
        own = sheet_module(game).DRAWERS
    else:
        return {}
    drawers = dict(own)
    if "canada" in drawers:
        drawers["canada"] = journal_canada
    if "fort-zone" in drawers:
        drawers["fort-zone"] = lifted_labels(drawers["fort-zone"])
    if "exit" in drawers:
        drawers["exit"] = journal_exit
    return drawers


def journal_exit(f, ctx: MapContext) -> list:
    """An exit hex as the sheet draws it (outline, an arrow out to the west, "EXIT"), with the arrow and
    its word in the lower half: the upper half is left for the route's arrival and its day tag."""
    items: list = []
    color = ctx.pal.accent
    s = ctx.size
    for lab in f.hexes:
        items.append(Path(tuple(ctx.corners(lab)), Style(fill=None, stroke=color, width=2.0), role="exit"))
        cx, cy = ctx.center(lab)
        tip, tail = cx - s * 0.3, cx + s * 0.3
        ay = cy + s * 0.16
        items.append(Line(tip + s * 0.1, ay, tail, ay, Style(fill=None, stroke=color, width=max(1.0, s * 0.07)),
                          role="exit-arrow"))
        items.append(Path(((tip, ay), (tip + s * 0.2, ay - s * 0.12), (tip + s * 0.2, ay + s * 0.12)),
                          Style(fill=color, stroke=None, width=0), role="exit-arrow"))
        items.extend(hex_label_lines(ctx, lab, s * 0.56, ctx.tr._("EXIT"), max(MIN_TEXT, s * 0.2), "sans-bold", color))
    return items


def journal_canada(f, ctx: MapContext) -> list:
    """Canada as a small flag high on the left and a name low in the hex, leaving a way through for
    the route (the sheet's full-width name would be crossed by any route arriving from the north)."""
    items = []
    s = ctx.size
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        name = ctx.tr._(f.note or "Canada")
        size = max(MIN_TEXT, min(s * 0.26, s * 0.95 / max(1e-6, text_width(name, "serif-bold", 1.0))))
        items.append(icon("flag", cx - s * 0.3, cy - s * 0.36, s * 0.4, ctx.pal.accent))
        items.append(hex_label(ctx, lab, s * 0.56, name, size, "serif-bold", ctx.pal.accent))
    return items


def lifted_labels(draw: Callable) -> Callable:
    """A drawer whose hex labels move to the upper half of their hex, clear of the terrain glyph that
    a filled map prints low in every hex (refitted there: on a small hex on two lines if need be)."""
    def lifted(f, ctx: MapContext) -> list:
        out, texts = [], {}
        for item in draw(f, ctx):
            lab = None
            if isinstance(item, Text):
                lab = next((h for h in f.hexes if abs(ctx.center(h)[0] - item.x) < 0.5
                            and abs(ctx.center(h)[1] - item.y) < ctx.size), None)
            if lab is None:
                out.append(item)
            else:
                texts.setdefault(lab, []).append(item)
        for lab, lines in texts.items():
            t = lines[0]
            out.extend(hex_label_lines(ctx, lab, -ctx.size * 0.3, " ".join(ln.text for ln in lines), t.size, t.font,
                                       t.fill, t.role))
        return out

    return lifted


def filled_map(played, box: Box, pal: Palette, tr: Translator = ENGLISH) -> tuple[Group, MapContext]:
    """The whole map as the player left it. A start word that, to fit its hex, slid onto a mark there
    (a longer word than "Start", on a small hex) is left out: the hex's outline and icon, which the
    legend names, still say it."""
    label = tr._("Start")
    group, ctx = _filled_map(played, box, pal, tr, label)
    if label != "Start" and _label_meets_marks(group, label):
        group, ctx = _filled_map(played, box, pal, tr, "")
    return group, ctx


def _label_meets_marks(group: Group, label: str) -> bool:
    base, *marks = group.items
    words = [t for t in walk((base,)) if isinstance(t, Text) and t.text == label and t.role == "feature-label"]
    boxes = [bbox(i) for i in marks]
    return any(jp.boxes_meet(text_box(t.text, t.font, t.size, t.x, t.y, t.anchor), b) for t in words for b in boxes)


def _filled_map(played, box: Box, pal: Palette, tr: Translator, start_label: str) -> tuple[Group, MapContext]:
    drawn = dict(played.terrain)
    base, ctx = hex_map(played.game_map, played.game, box, pal, filled=drawn, start_label=start_label,
                        drawers=sheet_drawers(played.game.id), tr=tr)
    numbers = {}
    for m in played.marks:
        if m.kind in ("interest",):
            numbers[id(m)] = len(numbers) + 1
    extra = {"numbers": numbers}
    layers: dict[int, list] = {0: [], 1: [], 2: [], 3: []}
    grouped = [m for m in played.marks if m.kind in GROUPED]
    if grouped:
        layers[3].extend(draw_villages(grouped, ctx, extra))
    for m in played.marks:
        draw = MARK_DRAWERS.get(m.kind)
        if draw is not None:
            layers[LAYER.get(m.kind, 3)].extend(draw(m, ctx, extra))
    line, tags = draw_route(played, ctx, [base] + layers[0] + layers[1] + layers[2] + layers[3])
    items = [base] + layers[0] + layers[1] + layers[2] + line + layers[3] + tags
    return Group(tuple(items), name="filled-map", box=tuple(box)), ctx


def interest_list(played) -> list[tuple[int, object]]:
    out = []
    for m in played.marks:
        if m.kind == "interest":
            out.append((len(out) + 1, m))
    return out
