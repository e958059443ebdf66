"""Where a journal map's route and day tags land, on the Scene of every example game, in the test box
and on the journal's real front page (letter colour, a4 mono): each tag wholly inside the hex it names
(never on a border or a corner, never across two hexes), the route's point in each hex clearly inside
it, no route step cutting across the hex where the game ended, a route that comes back running beside
itself rather than over itself, and the goal's ship clear of its name.

Measured on main before these rules: 1572 tag 30 across N4/O4; 1672 tag 15 on the A4-B4 edge and the
route's point in A4 on that corner; 1872 tags 2, 6, 15, 16, 20, 22 and 28 over borders."""
from __future__ import annotations

import functools
import math
import re

import pytest

import journal_builds as J
import printed as P
from lostprint.scene import Group, Line, Path, Rect, Text, bbox, walk

TAG_INSET = 1.0  # points: a tag this far inside its hex's border at least
ON_BORDER = 0.08  # of the hex size: a route point never nearer its hex's border than this
LANE_GAP = 1.2  # points: two passes closer than this for a stretch overlap
ENTRY = 0.22  # of the hex size: the route's point this far inside a hex with nothing printed in the way


def border_distance(point, centre, size: float) -> float:
    """How far a point lies inside a flat-top hex (negative: outside): its inradius less the point's
    reach along the farthest of the six edge normals."""
    dx, dy = abs(point[0] - centre[0]), abs(point[1] - centre[1])
    return size * math.sqrt(3) / 2 - max(dy, dx * math.sqrt(3) / 2 + dy / 2)


@functools.cache
def maps() -> list:
    """(what, played, group, ctx) of every example map: in the test box, and as each print's front page
    draws it (its box read from the page, the map drawn again there for its layout)."""
    from lostprint.books.journal_map import filled_map
    from lostprint.geometry.paper import Box
    from lostprint.palette import palette

    out = []
    for name in P.SAVES:
        played = P.played(name)
        group, ctx = J.example_map(name)
        out.append((f"{name} (test box)", played, group, ctx))
        for paper, ink in P.PRINTS:
            page = J.front_pages(name, paper, ink)[0]
            drawn = next(g for g in walk(page.items) if isinstance(g, Group) and g.name == "filled-map")
            group, ctx = filled_map(played, Box(*drawn.box), palette(ink))
            assert group == drawn
            out.append((f"{name} {paper} {ink}", played, group, ctx))
    return out


def tags_and_hexes(played, group):
    """(tag box, its text, the hex it names) in the order the tags are drawn: by first visit."""
    items = list(walk(group.items))
    boxes = [bbox(r) for r in items if isinstance(r, Rect) and r.role == "day-tag"]
    texts = [t.text for t in items if isinstance(t, Text) and t.role == "day-number"]
    order: list[str] = []
    for day, lab in played.route:
        if day > 0 and lab not in order:
            order.append(lab)
    assert len(boxes) == len(texts) == len(order)
    return list(zip(boxes, texts, order))


def route(group) -> tuple:
    return next(p for p in walk(group.items) if isinstance(p, Path) and p.role == "route").points


@pytest.mark.parametrize("index", range(len(P.SAVES) * (1 + len(P.PRINTS))))
def test_every_day_tag_sits_inside_the_hex_it_names(index):
    what, played, group, ctx = maps()[index]
    first = {}
    for day, lab in played.route:
        if day > 0:
            first.setdefault(lab, day)
    for box, text, lab in tags_and_hexes(played, group):
        assert int(re.match(r"\d+", text).group()) == first[lab]
        centre = ctx.center(lab)
        corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
        inside = min(border_distance(c, centre, ctx.size) for c in corners)
        assert inside >= TAG_INSET, f"{what}: tag {text} is {-inside:.1f} pt over the border of {lab}"


@pytest.mark.parametrize("index", range(len(P.SAVES) * (1 + len(P.PRINTS))))
def test_the_route_enters_each_hex_clearly_and_keeps_off_the_last_one(index):
    """Its point in a hex is clearly inside (ENTRY of the hex size where nothing printed is in the
    way, and never on the border); no step but those into or out of the last hex passes through it."""
    from lostprint.books.journal_place import obstacles

    what, played, group, ctx = maps()[index]
    s = ctx.size
    pts = route(group)
    labs = [lab for _, lab in played.route]
    assert len(pts) == len(labs)
    printed = obstacles(group.items, frozenset(t.key for t in played.game.terrains)).hard
    for p, lab in zip(pts, labs):
        cx, cy = ctx.center(lab)
        busy = any(b[0] < cx + s and cx - s < b[2] and b[1] < cy + s and cy - s < b[3] for b in printed)
        need = ON_BORDER if busy else ENTRY
        assert border_distance(p, (cx, cy), s) >= need * s - 1e-6, f"{what}: the route barely enters {lab}"
    end = ctx.center(played.final_hex)
    for k, (p, q) in enumerate(zip(pts, pts[1:])):
        if played.final_hex in (labs[k], labs[k + 1]):
            continue
        n = 60
        inside = max(border_distance((p[0] + (q[0] - p[0]) * i / n, p[1] + (q[1] - p[1]) * i / n), end, s)
                     for i in range(n + 1))
        assert inside <= 0.5, f"{what}: the step {labs[k]}->{labs[k + 1]} cuts across {played.final_hex}"


def distance_to_segment(pt, p, q) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    t = max(0.0, min(1.0, ((pt[0] - p[0]) * dx + (pt[1] - p[1]) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(pt[0] - p[0] - t * dx, pt[1] - p[1] - t * dy)


@pytest.mark.parametrize("index", range(len(P.SAVES) * (1 + len(P.PRINTS))))
def test_a_route_that_comes_back_runs_beside_itself(index):
    """No two steps of the route (but neighbours, which share a point) run over each other for more
    than a third of a hex."""
    what, played, group, ctx = maps()[index]
    pts = route(group)
    segs = [(p, q) for p, q in zip(pts, pts[1:]) if p != q]
    for i, (p, q) in enumerate(segs):
        n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / 0.5))
        samples = [(p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n) for k in range(n + 1)]
        for j, (a, b) in enumerate(segs):
            if abs(i - j) <= 1:
                continue
            over = sum(1 for pt in samples if distance_to_segment(pt, a, b) < LANE_GAP) * 0.5
            assert over <= ctx.size / 3, f"{what}: steps {i} and {j} run over each other for {over:.0f} pt"


@pytest.mark.parametrize("index", range(len(P.SAVES) * (1 + len(P.PRINTS))))
def test_the_goal_keeps_its_name_clear_and_no_tag_covers_the_delta(index):
    what, played, group, ctx = maps()[index]
    items = list(walk(group.items))
    ships = [bbox(g) for g in items if isinstance(g, Group) and g.name == "icon:ship"]
    goal_names = [bbox(t) for t in items if isinstance(t, Text) and t.role != "day-number"
                  and any(w in t.text for w in ("Win", "here"))]
    for ship in ships:
        for name in goal_names:
            assert not (ship[0] < name[2] and name[0] < ship[2] and ship[1] < name[3] - 0.5
                        and name[1] + 0.5 < ship[3]), f"{what}: the ship strikes through the goal's name"
    deltas = [ctx.center(lab) for f in played.game_map.features_of("delta") for lab in f.hexes]
    inks = {ctx.pal.river, getattr(ctx.pal, "river_light", ctx.pal.river)}
    fans = [bbox(ln) for ln in items if isinstance(ln, Line) and ln.style.stroke in inks and not ln.role
            and any(border_distance(((ln.x1 + ln.x2) / 2, (ln.y1 + ln.y2) / 2), c, ctx.size) > 0 for c in deltas)]
    assert fans or not deltas
    for box, text, _ in tags_and_hexes(played, group):
        for fan in fans:
            assert not (box[0] < fan[2] and fan[0] < box[2] and box[1] < fan[3] and fan[1] < box[3]), \
                f"{what}: tag {text} covers the delta"


def test_a_back_and_forth_route_takes_a_second_lane():
    """Out and back between two hexes and out again: three passes, side by side, not one line drawn
    three times (the route search alone would draw them over each other)."""
    from lostprint.books.journal_map import lanes
    from lostprint.books.journal_place import Index, route_points

    size = 20.0
    a, b = (100.0, 100.0), (130.0, 100.0 + size * math.sqrt(3) / 2)
    centres = [a, b, a, b]
    pts = route_points(centres, size, Index((), size), Index((), size), 2.0, aims=lanes(centres, list("ABAB"), size))
    segs = list(zip(pts, pts[1:]))
    assert len(set(pts)) == 4
    for i, (p, q) in enumerate(segs):
        for j, (r, t) in enumerate(segs[i + 1:], i + 1):
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            assert distance_to_segment(mid, r, t) >= LANE_GAP * 2, (i, j)


def test_no_step_cuts_across_the_last_hex():
    """A route bending round the hex where the game ended goes round it, not through its corner."""
    from lostprint.books.journal_place import Index, route_points

    size = 20.0
    h = size * math.sqrt(3) / 2
    # three hexes round the end hex E at (100, 100): the route goes from the one above it to the
    # one below-right by way of the one above-right, and the chord between would cut across E
    centres = [(100.0, 100.0 - 2 * h), (100.0 + 1.5 * size, 100.0 - h), (100.0 + 1.5 * size, 100.0 + h)]
    end = (100.0, 100.0)
    busy = Index([(c[0] - 2, c[1] - 2, c[0] + 2, c[1] + 2) for c in centres], size)  # each hex busy: rings
    pts = route_points(centres, size, busy, Index((), size), 2.0, avoid=(end, set()))
    for p, q in zip(pts, pts[1:]):
        n = 60
        assert max(border_distance((p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n), end, size)
                   for k in range(n + 1)) <= 0.5


@pytest.mark.parametrize("ink", ["color", "mono"])
def test_a_trail_never_looks_like_the_route(ink):
    """In mono the route and a trail are both black: the route in long dashes, the trail in round dots
    (it was short dashes, hard to tell from the route where they run side by side)."""
    from lostprint.books.journal_map import filled_map
    from lostprint.geometry.paper import Box
    from lostprint.palette import palette

    played = P.played("1572-the-delta-by-grace")
    group, _ = filled_map(played, Box(*J.MAP_BOX), palette(ink))
    items = list(walk(group.items))
    route_style = next(p for p in items if isinstance(p, Path) and p.role == "route").style
    trails = [ln.style for ln in items if isinstance(ln, Line) and ln.role == "trail" and ln.style.stroke != "#ffffff"]
    assert trails
    for style in trails:
        if style.stroke == route_style.stroke:
            assert style.cap == "round" and style.dash and style.dash[0] < 0.1 < style.dash[1], style
        else:
            assert ink == "color"


@pytest.mark.parametrize("ink", ["color", "mono"])
def test_the_legend_and_a_found_cataract_are_drawn_as_the_map_draws_them(ink):
    """The legend's river is the map's river line (it was a dark bar beside a light river with chevrons),
    and a cataract the player found is the sheet's ticked bar (it was a zigzag)."""
    from lostprint.books.journal import legend_entries
    from lostprint.books.journal_map import draw_cataract_edge, filled_map
    from lostprint.geometry.paper import Box
    from lostprint.maps.model import Feature
    from lostprint.palette import palette
    from lostprint.sheets.hexmap import draw_cataract

    pal = palette(ink)
    played = P.played("1572-the-delta-by-grace")
    group, ctx = filled_map(played, Box(*J.MAP_BOX), pal)
    river = next(p for p in walk(group.items) if isinstance(p, Path) and p.role == "river")
    glyph = dict((label, draw) for draw, label in legend_entries(played, pal, ctx))["river"](0.0, 0.0)
    sample = next(p for p in walk(tuple(glyph)) if isinstance(p, Path) and p.role == "river")
    assert sample.style.stroke == river.style.stroke

    class Mark:
        kind, hexes = "cataract", ("B2", "C2")

    found = draw_cataract_edge(Mark(), ctx, {})
    printed = draw_cataract(Feature("cataract", ("B2", "C2")), ctx)
    assert [(type(i).__name__, i.role) for i in found] == [(type(i).__name__, i.role) for i in printed]
