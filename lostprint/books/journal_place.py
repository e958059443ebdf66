"""Cartographer's placement for a journal map: a route that bends round what is printed in a hex, and
day tags that sit on the route where it is free, else in a free corner, else outside on a leader line.

Pure geometry on boxes `(x0, y0, x1, y1)`; nothing here draws. `obstacles(items, terrain_keys)` says
what must never be covered (labels, letters, markers) and what only should not be (terrain glyphs).
"""
from __future__ import annotations

import math
from typing import NamedTuple

from lostprint.geometry.segments import segment_meets_box
from lostprint.scene import Circle, Group, Line, Path, Rect, Text, bbox

Box4 = tuple[float, float, float, float]

HARD_RECT_ROLES = {"plot-tag"}
HARD_LINE_ROLES = {"burial", "exit-arrow"}  # lines and shapes that are marks: an exit's arrow points the way out


class Obstacles(NamedTuple):
    hard: tuple[Box4, ...]  # labels, letters, markers: never covered
    soft: tuple[Box4, ...]  # terrain glyphs, island blobs: covered only when nothing else is free


def obstacles(items, terrain_keys: frozenset) -> Obstacles:
    """Walk scene items: text, circles, feature icons and marker tags are hard; terrain glyphs soft."""
    hard: list[Box4] = []
    soft: list[Box4] = []

    def visit(item) -> None:
        if isinstance(item, Group):
            if item.name.startswith("icon:"):
                (soft if item.name[5:] in terrain_keys else hard).append(bbox(item))
                return
            for child in item.items:
                visit(child)
        elif isinstance(item, Text):
            if item.text.strip():
                hard.append(bbox(item))
        elif isinstance(item, Circle):
            hard.append(bbox(item))
        elif isinstance(item, Rect) and item.role in HARD_RECT_ROLES:
            hard.append(bbox(item))
        elif isinstance(item, (Line, Path)) and item.role in HARD_LINE_ROLES:
            hard.append(grow(bbox(item), item.style.width / 2))
        elif getattr(item, "role", "") == "island":
            soft.append(bbox(item))

    for item in items:
        visit(item)
    return Obstacles(tuple(hard), tuple(soft))


def grow(b: Box4, d: float) -> Box4:
    return b[0] - d, b[1] - d, b[2] + d, b[3] + d


def boxes_meet(a: Box4, b: Box4) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Index:
    """Boxes bucketed on a coarse grid, so a query looks only at its neighbourhood."""

    def __init__(self, boxes, cell: float):
        self.cell = cell
        self.boxes = list(boxes)
        self.grid: dict[tuple[int, int], list[int]] = {}
        for i, b in enumerate(self.boxes):
            for key in self._keys(b):
                self.grid.setdefault(key, []).append(i)

    def _keys(self, b: Box4):
        c = self.cell
        for gx in range(int(math.floor(b[0] / c)), int(math.floor(b[2] / c)) + 1):
            for gy in range(int(math.floor(b[1] / c)), int(math.floor(b[3] / c)) + 1):
                yield gx, gy

    def near(self, b: Box4) -> list[Box4]:
        seen: set[int] = set()
        out = []
        for key in self._keys(b):
            for i in self.grid.get(key, ()):
                if i not in seen:
                    seen.add(i)
                    out.append(self.boxes[i])
        return out

    def add(self, b: Box4) -> None:
        self.boxes.append(b)
        for key in self._keys(b):
            self.grid.setdefault(key, []).append(len(self.boxes) - 1)


def segment_hits(p, q, index: Index, pad: float) -> int:
    span = (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))
    return sum(1 for b in index.near(grow(span, pad)) if segment_meets_box(p, q, grow(b, pad)))


ENTRY = 0.22  # of the hex size: a route point stays this far inside its hex, so the route clearly enters it


def border_distance(point, centre, size: float) -> float:
    """How far a point lies inside the flat-top hex of this centre and size (negative: outside)."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    reach = max(abs(dy), abs(dx) * SQRT3 / 2 + abs(dy) / 2)  # along the farthest of the six edge normals
    return size * SQRT3 / 2 - reach


SQRT3 = math.sqrt(3.0)


def candidates(centre, size: float, free: bool, hexc=None) -> list[tuple[float, float]]:
    """Points a route may pass through inside a hex: the point it aims for (`centre`: the hex's
    centre, `hexc`, or beside it), or rings around it when it is busy (near the corners too: a way past
    a label as wide as the hex, at a price: see `edge_penalty`); never nearer the border than INSIDE."""
    cx, cy = centre
    hexc = hexc or centre
    out = [(cx, cy)]
    rings = ((0.3, 12),) if free else ((0.3, 12), (0.5, 12), (0.6, 24), (0.66, 12), (0.8, 12))
    for r, n in rings:
        for k in range(n):
            a = k * 2 * math.pi / n
            out.append((cx + r * size * math.cos(a), cy + r * size * math.sin(a)))
    if not free:  # close to the six corners of the (flat-top) hex
        for k in range(6):
            a = k * math.pi / 3
            out.append((cx + 0.9 * size * math.cos(a), cy + 0.9 * size * math.sin(a)))
    return [p for p in out if p == centre or border_distance(p, hexc, size) >= INSIDE * size]


INSIDE = 0.085  # of the hex size: no route point nearer its hex's border than this (a corner point: 0.0866)
EDGE = 200.0  # a route point near its hex's border or a corner: the route would seem to pass by, not enter


def edge_penalty(p, centre, size: float) -> float:
    """EDGE where the point lies within ENTRY of its hex's border or CORNER of a corner, else 0: taken
    only to keep the route off a label (1000)."""
    near = border_distance(p, centre, size) < ENTRY * size or corner_distance(p, centre, size) < CORNER * size
    return EDGE if near else 0.0


CORNER = 0.42  # of the hex size: a route point this close to a corner reads as passing between hexes


def corner_distance(point, centre, size: float) -> float:
    """How far a point lies from the nearest corner of the flat-top hex (corners east, then every 60°)."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return min(math.hypot(dx - size * math.cos(k * math.pi / 3), dy - size * math.sin(k * math.pi / 3))
               for k in range(6))


def box_in_hex(box: Box4, centre, size: float, inset: float) -> bool:
    """Does the box lie inside the flat-top hex, `inset` points clear of its border?"""
    return all(border_distance(p, centre, size) >= inset
               for p in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])))


def crosses_hex(p, q, centre, size: float) -> bool:
    """Does the segment p-q pass inside the hex (more than half a point in from its border)?"""
    n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / (size * 0.1)))
    return any(border_distance((p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n), centre, size) > 0.5
               for k in range(n + 1))


AVOID = 500.0  # a route step across the hex where the game ended, when neither of its ends is in it


def route_points(centres: list, size: float, hard: Index, soft: Index, pad: float,
                 avoid=None, aims: list | None = None) -> list[tuple[float, float]]:
    """One point per route step, chosen (Viterbi) so the polyline crosses no hard box where it can,
    then as few soft boxes as it can, then stays short and near the hex centres. `avoid`: (centre,
    steps) of a hex no step may cut across but those into or out of it (the game's last hex: its
    outline is drawn over the route). `aims`: where in each hex the route heads for (its centre, or
    beside it on a second pass), when not the hex centres themselves."""
    if not centres:
        return []
    hexes, centres = centres, aims or centres
    cand = []
    for c, h in zip(centres, hexes):
        hex_box = (c[0] - size, c[1] - size, c[0] + size, c[1] + size)
        free = not hard.near(hex_box)
        # around an aim beside the centre, only the points still well inside the hex itself
        cand.append(candidates(c, size, free, h))

    def point_cost(p, c, hexc) -> float:
        box = (p[0] - pad, p[1] - pad, p[0] + pad, p[1] + pad)
        hit = sum(1 for b in hard.near(box) if boxes_meet(box, b))
        return 1000.0 * hit + edge_penalty(p, hexc, size) + 0.4 * math.hypot(p[0] - c[0], p[1] - c[1]) / size

    cost = [point_cost(p, centres[0], hexes[0]) for p in cand[0]]
    back: list[list[int]] = []
    for i in range(1, len(centres)):
        # the boxes any segment between the two hexes' candidates could meet, grown once: a pair's
        # count then tests only these (the same count as asking the index for each pair)
        prev = cand[i - 1]
        pts = prev + cand[i]
        span = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
        near_hard = [grow(b, pad) for b in hard.near(grow(span, pad)) if boxes_meet(grow(b, pad), span)
                     or _inside_span(grow(b, pad), span)]
        near_soft = [b for b in soft.near(span) if boxes_meet(b, span) or _inside_span(b, span)]
        order = sorted(range(len(prev)), key=lambda j: (cost[j], j))
        # a segment with an end inside a (grown) hard box crosses it, whatever the other end: the
        # boxes round each point, as a bit mask, give every pair a lower bound before any clipping
        inside = [_inside_mask(p, near_hard) for p in prev]
        same: dict[tuple[float, float], list[int]] = {}
        for j, p in enumerate(prev):
            same.setdefault(p, []).append(j)
        new, links = [], []
        hint = order[0]
        for q in cand[i]:
            qx, qy = q
            base = point_cost(q, centres[i], hexes[i])
            q_in = _inside_mask(q, near_hard)
            floor = 1000.0 * q_in.bit_count()
            best, arg = math.inf, 0
            for j in same.get(q, ()):  # a step that stays on its point costs nothing
                if cost[j] + 0.0 < best:
                    best, arg = cost[j] + 0.0, j
            # Any other step costs 1000 per hard box crossed + 3 per soft box + 0.05 per hex of
            # length. The answer is the least total and, among equal ones, the first candidate; a
            # pair is skipped only when a part of its total already exceeds the best found, so the
            # order pairs are tried in changes nothing. First the predecessor chosen for the previous
            # candidate: it usually crosses no hard box, which bounds the search from the start; then
            # the cheapest first, until even the boxes round q would cost more than the best.
            for n, j in enumerate((hint, *order)):
                cj = cost[j]
                if cj + floor > best:
                    if n:
                        break
                    continue
                p = prev[j]
                if p == q:
                    continue
                length = 0.05 * math.hypot(qx - p[0], qy - p[1]) / size
                if cj + (1000.0 * (inside[j] | q_in).bit_count() + length) > best:
                    continue
                crossed = _hits(p, q, near_hard) if near_hard else 0
                if cj + 1000.0 * crossed > best:
                    continue
                c = cj + (1000.0 * crossed + 3.0 * (_hits(p, q, near_soft) if near_soft else 0) + length)
                if avoid is not None and i not in avoid[1] and i - 1 not in avoid[1] \
                        and crosses_hex(p, q, avoid[0], size):
                    c += AVOID
                if c < best or (c == best and j < arg):  # ties: the first candidate, as in index order
                    best, arg = c, j
            new.append(best + base)
            links.append(arg)
            hint = arg
        cost = new
        back.append(links)
    k = min(range(len(cost)), key=cost.__getitem__)
    path = [k]
    for links in reversed(back):
        k = links[k]
        path.append(k)
    path.reverse()
    return [cand[i][k] for i, k in enumerate(path)]


def _inside_span(b: Box4, span: Box4) -> bool:
    """Touching counts: a degenerate span (a straight run of points) still meets a box on its line."""
    return b[0] <= span[2] and span[0] <= b[2] and b[1] <= span[3] and span[1] <= b[3]


def _inside_mask(p, boxes) -> int:
    """Bit k set when p lies in (or on) boxes[k]."""
    x, y = p
    mask = 0
    for k, b in enumerate(boxes):
        if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
            mask |= 1 << k
    return mask


def _hits(p, q, boxes) -> int:
    """How many of the (already grown) boxes the segment p-q passes through: `segment_meets_box`
    unrolled for one segment against many boxes, with the same divisions and comparisons, so the same
    answers. Liang-Barsky: the segment enters a box's slab at one parameter and leaves at another; it
    meets the box when the latest entry (from 0) comes no later than the earliest exit (up to 1)."""
    px, py = p
    qx, qy = q
    dx, dy = qx - px, qy - py
    x0, x1 = (px, qx) if px <= qx else (qx, px)
    y0, y1 = (py, qy) if py <= qy else (qy, py)
    ndx, ndy = -dx, -dy
    n = 0
    for b0, b1, b2, b3 in boxes:
        if b0 > x1 or x0 > b2 or b1 > y1 or y0 > b3:
            continue
        # with dx == 0 the segment's x lies inside [b0, b2] (tested above): that slab clips nothing
        if dx > 0:
            t0, t1 = (px - b0) / ndx, (b2 - px) / dx
        elif dx < 0:
            t0, t1 = (b2 - px) / dx, (px - b0) / ndx
        else:
            t0, t1 = 0.0, 1.0
        if dy > 0:
            u0, u1 = (py - b1) / ndy, (b3 - py) / dy
        elif dy < 0:
            u0, u1 = (b3 - py) / dy, (py - b1) / ndy
        else:
            u0, u1 = 0.0, 1.0
        if t0 < u0:
            t0 = u0
        if t1 > u1:
            t1 = u1
        if t0 <= t1 and t0 <= 1.0 and t1 >= 0.0:
            n += 1
    return n


class Tag(NamedTuple):
    x: float  # centre of the tag
    y: float
    anchor: tuple[float, float]  # the route point it names (a leader runs to it when far)
    leader: bool


OUTSIDE = 600.0  # a tag not wholly inside the hex it names: worse than any crossing, better than a label covered
TAG_INSET = 1.2  # points a tag keeps inside its hex's border


def tag_spots(anchor, along: list, centre, size: float) -> list[tuple[float, float, bool]]:
    """Where a tag may go, in order of preference: on its route point, along the route, round the hex
    centre (inner rings first), then outside on a leader line."""
    ax, ay = anchor
    spots: list[tuple[float, float, bool]] = [(ax, ay, False)]
    for qx, qy in along:
        for t in (0.22, 0.36):
            spots.append((ax + (qx - ax) * t, ay + (qy - ay) * t, False))
    cx, cy = centre
    spots.append((cx, cy, False))
    for r, turn in ((0.18, 0.5), (0.25, 0.0), (0.32, 0.5), (0.4, 0.0), (0.45, 0.5), (0.55, 0.0), (0.62, 0.5)):
        for k in range(12):
            a = (k + turn) * math.pi / 6
            spots.append((cx + r * size * math.cos(a), cy + r * size * math.sin(a), False))
    for r in (1.05, 1.35, 1.7):
        for k in range(12):
            a = k * math.pi / 6 + math.pi / 12
            spots.append((ax + r * size * math.cos(a), ay + r * size * math.sin(a), True))
    return spots


def place_tag(anchor, along: list, centre, size: float, half: tuple[float, float], hard: Index, soft: Index,
              tags: Index, route_segs: list, frame: Box4) -> Tag:
    """The best free spot for a tag of half-size `half` naming the route point `anchor`, in the hex of
    this centre: wholly inside it where it can be (never on a border or straddling two hexes)."""
    hw, hh = half
    ax, ay = anchor
    spots = tag_spots(anchor, along, centre, size)
    # the route's segments a tag may be charged for crossing (not those ending at its own point),
    # each with its bounding box, widened by SLACK so a box that skips a segment by this test is one
    # the clip test (whatever its rounding) would not count either
    segs = [(p, q, min(p[0], q[0]) - SLACK, min(p[1], q[1]) - SLACK, max(p[0], q[0]) + SLACK,
             max(p[1], q[1]) + SLACK) for p, q in route_segs if not _touches(p, q, anchor)]
    best, best_cost = None, math.inf
    for order, (x, y, leader) in enumerate(spots):
        box = (x - hw, y - hh, x + hw, y + hh)
        if box[0] < frame[0] or box[1] < frame[1] or box[2] > frame[2] or box[3] > frame[3]:
            continue
        # The cost is a sum of parts that are never negative, added in a fixed order, the distance
        # last: a spot is dropped as soon as the parts so far plus that last one reach the best cost
        # (a later part only adds), so only the parts of a spot that could still win are measured.
        tail = 0.8 * math.hypot(x - ax, y - ay) / size + order * 1e-4
        if tail >= best_cost:
            continue
        cost = 0.0 if not leader and box_in_hex(box, centre, size, TAG_INSET) else OUTSIDE
        if cost + tail >= best_cost:
            continue
        if any(boxes_meet(box, b) for b in hard.near(box)):
            cost += 1000.0
        if any(boxes_meet(grow(box, 0.6), b) for b in tags.near(box)):
            cost += 1000.0
        if leader:
            if (cost + 4.0) + tail >= best_cost:
                continue
            end = _edge_point((x, y), hw, hh, anchor)
            cost += 1000.0 * segment_hits(anchor, end, hard, 0.4) + 4.0
            cost += 1000.0 * segment_hits(anchor, end, tags, 0.4)
        if cost + tail >= best_cost:
            continue
        cost += 2.0 * sum(1 for b in soft.near(box) if boxes_meet(box, b))
        if cost + tail >= best_cost:
            continue
        x0, y0, x1, y1 = box
        cost += 1.5 * sum(1 for p, q, s0, t0, s1, t1 in segs
                          if s0 <= x1 and x0 <= s1 and t0 <= y1 and y0 <= t1 and segment_meets_box(p, q, box))
        cost += tail
        if cost < best_cost:
            best, best_cost = (x, y, leader), cost
    if best is None:
        return Tag(ax, ay, anchor, False)
    return Tag(best[0], best[1], anchor, best[2])


SLACK = 1e-3  # points: far above any rounding of page coordinates, far below any visible gap


def _touches(p, q, anchor) -> bool:
    return p == anchor or q == anchor


def _edge_point(centre, hw: float, hh: float, toward) -> tuple[float, float]:
    """Where the line from a tag's centre toward `toward` leaves the tag's box."""
    dx, dy = toward[0] - centre[0], toward[1] - centre[1]
    if dx == 0 and dy == 0:
        return centre
    t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)
    return centre[0] + dx * t, centre[1] + dy * t


def leader_end(tag: Tag, hw: float, hh: float) -> tuple[float, float]:
    return _edge_point((tag.x, tag.y), hw, hh, tag.anchor)
