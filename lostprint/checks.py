"""Print checks on a Scene, shared by tests and `lostprint` itself: overlaps, margins, text sizes.

Each returns a list of problems (empty when the scene is fine)."""
from __future__ import annotations

import bisect

from lostprint.fonts import text_width
from lostprint.games.model import SLOT_SPARE_MM
from lostprint.geometry.paper import MIN_MARGIN, MM
from lostprint.geometry.segments import segment_meets_box
from lostprint.palette import MIN_TEXT
from lostprint.scene import Circle, Group, Line, Path, Rect, Scene, Text, bbox, overlaps, walk


def texts(scene: Scene) -> list[Text]:
    return [i for i in walk(scene.items) if isinstance(i, Text)]


def small_text(scene: Scene, floor: float = MIN_TEXT) -> list[str]:
    return [f"text {t.text!r} is {t.size:.2f} pt (< {floor})" for t in texts(scene) if t.size < floor - 1e-6]


def outside_margin(scene: Scene, margin: float = MIN_MARGIN) -> list[str]:
    problems = []
    for item in walk(scene.items):
        if isinstance(item, Group):
            continue
        x0, y0, x1, y1 = bbox(item)
        slack = getattr(getattr(item, "style", None), "width", 0) / 2
        if x0 - slack < margin - 0.01 or y0 - slack < margin - 0.01 or \
                x1 + slack > scene.width - margin + 0.01 or y1 + slack > scene.height - margin + 0.01:
            problems.append(f"{type(item).__name__} {getattr(item, 'text', '')!r} at "
                            f"({x0:.1f},{y0:.1f})-({x1:.1f},{y1:.1f}) is outside the margin")
    return problems


def text_overlaps(scene: Scene) -> list[str]:
    boxes = [(t, bbox(t)) for t in texts(scene) if t.text.strip()]
    problems = []
    boxes.sort(key=lambda tb: tb[1][0])
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            if bb[0] >= ba[2]:
                break
            if overlaps(ba, bb, tolerance=0.2):
                problems.append(f"text {a.text!r} overlaps {b.text!r}")
    return problems


def panels(scene: Scene) -> list[Group]:
    """Top-level groups that claim a layout box."""
    return [i for i in scene.items if isinstance(i, Group) and i.box is not None]


def panel_overlaps(scene: Scene) -> list[str]:
    ps = panels(scene)
    problems = []
    for i, a in enumerate(ps):
        ax, ay, aw, ah = a.box
        for b in ps[i + 1:]:
            bx, by, bw, bh = b.box
            if overlaps((ax, ay, ax + aw, ay + ah), (bx, by, bx + bw, by + bh), tolerance=0.01):
                problems.append(f"panel {a.name!r} overlaps panel {b.name!r}")
    return problems


def spills(scene: Scene) -> list[str]:
    """Text that leaves the box of the panel it belongs to."""
    problems = []
    for p in panels(scene):
        x, y, w, h = p.box
        for t in (i for i in walk(p.items) if isinstance(i, Text)):
            x0, y0, x1, y1 = bbox(t)
            if x0 < x - 0.5 or y0 < y - 0.5 or x1 > x + w + 0.5 or y1 > y + h + 0.5:
                problems.append(f"text {t.text!r} spills out of panel {p.name!r}")
    return problems


# --- the player sheets: pieces in their slots, hexes and their labels, the map's share ----------------

SLOT_ROLE = "slot:"
HEX_TEXT_ROLES = ("hex-label", "feature-label", "plot")  # text that belongs inside one hex


def slots(scene: Scene) -> list:
    """Every item that holds a physical piece (role "slot:<piece key>")."""
    return [i for i in walk(scene.items) if getattr(i, "role", "").startswith(SLOT_ROLE)]


def slot_problems(scene: Scene, pieces) -> list[str]:
    """Each slot against its piece: the inside of its outline leaves the spare round the piece, and no
    two slots overlap (each piece can lie in its own). `pieces` are the game's games.model.Piece."""

    by_key = {p.key: p for p in pieces}
    problems = []
    boxes = []
    for item in slots(scene):
        key = item.role[len(SLOT_ROLE):]
        piece = by_key.get(key)
        if piece is None:
            problems.append(f"slot for {key!r}: the game has no such piece")
            continue
        need = (piece.size_mm + 2 * SLOT_SPARE_MM) * MM
        line = item.style.width
        if isinstance(item, Rect):
            inner = min(item.w, item.h) - line  # a square piece or a coin: its side or diameter
        elif isinstance(item, Circle):
            inner = 2 * item.r - line
            if piece.shape == "square":  # a square piece in a circle needs its diagonal
                need = (piece.size_mm * 2 ** 0.5 + 2 * SLOT_SPARE_MM) * MM
        else:
            problems.append(f"slot for {key!r} is a {type(item).__name__}, not a Rect or a Circle")
            continue
        if inner < need - 1e-6:
            problems.append(f"slot for {piece.name} is {inner / MM:.2f} mm inside, under the "
                            f"{need / MM:.2f} mm a {piece.size_mm:g} mm piece needs")
        boxes.append((key, bbox(item)))
    boxes.sort(key=lambda kb: kb[1][0])
    for i, (ka, a) in enumerate(boxes):
        for kb, b in boxes[i + 1:]:
            if b[0] >= a[2]:
                break
            if overlaps(a, b, tolerance=0.01):
                problems.append(f"slot for {ka!r} at ({a[0]:.0f},{a[1]:.0f}) overlaps slot for {kb!r}")
    return problems


def fits_in_hex(box: tuple[float, float, float, float], cx: float, cy: float, size: float,
                spare: float) -> bool:
    """Whether the box (x0, y0, x1, y1) lies inside the flat-top hex of circumradius `size` centred on
    (cx, cy), `spare` points from every side."""
    root3 = 3 ** 0.5
    apothem = size * root3 / 2
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dy > apothem - spare + 1e-6 or (root3 * size - root3 * dx - dy) / 2 < spare - 1e-6:
            return False
    return True


def hexes(scene: Scene) -> list:
    """The map's hexes (Path items with role "hex")."""
    return [i for i in walk(scene.items) if getattr(i, "role", "") == "hex"]


def _hex_geometry(path) -> tuple[float, float, float]:
    xs = [p[0] for p in path.points]
    ys = [p[1] for p in path.points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (max(xs) - min(xs)) / 2


def hex_flats_mm(scene: Scene) -> float | None:
    """Across-the-flats size of the map's hexes, in mm (None without a map)."""

    hs = hexes(scene)
    if not hs:
        return None
    ys = [p[1] for p in hs[0].points]
    return (max(ys) - min(ys)) / MM


def hex_text_problems(scene: Scene, spare_mm: float = 1.0) -> list[str]:
    """Coordinates, feature labels and plot letters each inside the hex they sit on, with `spare_mm`
    to every side of it."""

    geos = [_hex_geometry(h) for h in hexes(scene)]
    if not geos:
        return []
    size = geos[0][2]
    cell = size * 2
    grid: dict[tuple[int, int], list] = {}
    for g in geos:
        grid.setdefault((int(g[0] // cell), int(g[1] // cell)), []).append(g)
    problems = []
    for t in texts(scene):
        if t.role not in HEX_TEXT_ROLES:
            continue
        x0, y0, x1, y1 = bbox(t)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        gx, gy = int(mx // cell), int(my // cell)
        near = [g for dx in (-1, 0, 1) for dy in (-1, 0, 1) for g in grid.get((gx + dx, gy + dy), ())]
        if not near:
            problems.append(f"{t.role} {t.text!r} is on no hex")
            continue
        cx, cy, r = min(near, key=lambda g: (g[0] - mx) ** 2 + (g[1] - my) ** 2)
        if not fits_in_hex((x0, y0, x1, y1), cx, cy, r, spare_mm * MM - 0.01):
            problems.append(f"{t.role} {t.text!r} is not inside its hex with {spare_mm:g} mm to spare")
    return problems


def hex_coordinates_missing(scene: Scene) -> list[str]:
    """Every hex carries one coordinate label that shows: one painted over by a pre-printed hex's fill
    (an island, the sea, a fort) counts as missing."""
    hidden = set(covered_coordinates(scene))
    labelled = {t.text for t in texts(scene) if t.role == "hex-label"} - hidden
    n = len(hexes(scene))
    if len(labelled) >= n:
        return []
    return [f"{n - len(labelled)} of {n} hexes have no coordinate" + (f" (covered: {', '.join(sorted(hidden))})"
                                                                     if hidden else "")]


def map_share(scene: Scene) -> float:
    """The map's layout box as a share of the page."""
    for item in scene.items:
        if isinstance(item, Group) and item.name == "map" and item.box is not None:
            return item.box[2] * item.box[3] / (scene.width * scene.height)
    return 0.0


def largest_panel(scene: Scene) -> str:
    """The name of the panel with the largest layout box."""
    best = max(panels(scene), key=lambda p: p.box[2] * p.box[3], default=None)
    return best.name if best is not None else ""


ELLIPSIS = "\u2026"


def cut_text(scene: Scene) -> list[str]:
    """Text cut short with an ellipsis: a sheet has room for every word it prints (a name too long for
    its box gets a wider box, a second line or a smaller size, never "Weather W…")."""
    return [f"text {t.text!r} is cut short" for page in scene.all_pages() for t in texts(page)
            if ELLIPSIS in t.text]


def _page_streams(scene: Scene) -> list[str]:
    """Each page's words read in its order, white space aside: a wrapped text's lines run together."""
    return ["".join("".join(t.text.split()) for t in texts(page)) for page in scene.all_pages()]


def cut_words(scene: Scene, sources) -> list[str]:
    """Each source text a page begins to print but does not print whole: its lines, read in the page's
    order with white space aside, hold the text's start but not all of it (a wrapped text kept to a few
    lines, with no "…" for cut_text to find)."""
    streams = _page_streams(scene)
    problems = []
    for source in sources:
        whole = "".join(source.split())
        if any(whole[:12] in s for s in streams) and not any(whole in s for s in streams):
            problems.append(f"text {source!r} is not printed whole")
    return problems


def left_out(scene: Scene, sources) -> list[str]:
    """Each source text no page prints whole, begun or not: a rule a sheet leaves out to make room
    (cut_words sees a rule cut short; this sees one missing altogether)."""
    streams = _page_streams(scene)
    return [f"text {source!r} is not printed" for source in sources
            if not any("".join(source.split()) in s for s in streams)]


TEXT_CLEARANCE = 1.0  # points of paper between a line of text and any frame, rule or box's stroke


def text_on_lines(scene: Scene, clearance: float = TEXT_CLEARANCE) -> list[str]:
    """Text keeps `clearance` points from the stroke of every Rect and Line (a panel's frame, a table's
    rule, a slot, a tick box): a word running through a box's side ('verwundet' past its sailor's box)
    or sitting on a rule (a band's results under its numbers' line) is found, though it spills out of
    no panel; so is every Path and Circle drawn off the map (the 1572 morale compass's hex, its changes
    printed 0.8 pt from its sides; 'sem marinheiro' 0.5 pt from its dashed place). Fills count by their
    outline only; icons (a crow's legs over its number) and the map's hexes and art are left to the
    map's checks, and a badge's own letter to its ring (a Circle and a Text of one role: a plot mark, a
    totem's initial, a crow count)."""
    problems = []
    for page in scene.all_pages():
        strokes = [i for i, icon in _with_icons(page.items) if isinstance(i, (Rect, Line)) and i.style.stroke
                   and not icon]
        strokes += [i for i in _off_the_map(page.items) if isinstance(i, Path) and i.style.stroke]
        rings = [i for i in _off_the_map(page.items) if isinstance(i, Circle) and i.style.stroke]
        badges = {c.role for c in rings if c.role}
        indexes = {"": (InkIndex(strokes + rings), strokes + rings)}
        for t in texts(page):
            if not t.text.strip() or t.angle:
                continue
            own = t.role if t.role in badges else ""
            if own not in indexes:  # every drawing but the rings of the text's own badge
                drawn = strokes + [c for c in rings if c.role != own]
                indexes[own] = (InkIndex(drawn), drawn)
            index, drawn = indexes[own]
            d, who = index.nearest(bbox(t), clearance, painted_at=len(drawn))
            if who >= 0:
                line = drawn[who]
                problems.append(f"text {t.text!r} is {d:.2f} pt from a {type(line).__name__} "
                                f"{line.role!r} (under {clearance:g} pt)")
    return problems


WRITE_IN_LINE = 5.5 * MM  # the least ruled line to write on: two figures, or a short name


def short_write_ins(scene: Scene, least: float = WRITE_IN_LINE) -> list[str]:
    """Each write-in (a Group named "write-in:<label>": a label and its ruled line) leaves `least` points
    of line to write on, however long its label is in the sheet's language (the German 1672 sheet's
    'Schaluppe' left 4 mm)."""
    return [f"{g.name} leaves {line.x2 - line.x1:.1f} pt to write on (under {least:.1f})"
            for page in scene.all_pages() for g in walk(page.items)
            if isinstance(g, Group) and g.name.startswith("write-in:")
            for line in g.items if isinstance(line, Line) and line.x2 - line.x1 < least - 1e-6]


ICON_CLEARANCE = 2.0  # points between an icon (or a map sample) in a panel and the panel's frame


def icons_on_frames(scene: Scene, clearance: float = ICON_CLEARANCE) -> list[str]:
    """Each icon or map sample drawn in a framed panel (a Group named "icon:..." or "sample:...") keeps
    `clearance` points inside the panel's box: the 1572 symbol key's river and cataract once reached to
    0.7 pt of its frame, their spring dots wider than an icon's square."""
    problems = []
    for page in scene.all_pages():
        for p in panels(page):
            if not any(getattr(i, "role", "") == "panel" for i in p.items):  # no frame: a tracker's label and slot
                continue
            x, y, w, h = p.box
            for g in walk(p.items):
                if isinstance(g, Group) and g.name.startswith(("icon:", "sample:")):
                    b = bbox(g)
                    room = min(b[0] - x, b[1] - y, x + w - b[2], y + h - b[3])
                    if room < clearance - 1e-6:
                        problems.append(f"{g.name} is {room:.2f} pt inside panel {p.name!r} (under {clearance:g} pt)")
    return problems


def _off_the_map(items):
    """Every drawing (not a Group) outside the map's Group and the icons."""
    for i in items:
        if isinstance(i, Group):
            if i.name != "map" and not i.name.startswith(("icon:", "sample:")):
                yield from _off_the_map(i.items)
        else:
            yield i


def all_problems(scene: Scene) -> list[str]:
    out = []
    for page in scene.all_pages():
        out += small_text(page) + outside_margin(page) + text_overlaps(page) + panel_overlaps(page) + spills(page)
    return out


# --- ink: where a drawing puts paint, for labels that must keep clear of it ---------------------------

LABEL_CLEARANCE = 72 / 25.4  # 1 mm of paper between a hex's coordinate and any other drawing


def _point_box_distance(x: float, y: float, box) -> float:
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return (dx * dx + dy * dy) ** 0.5


def _point_segment_distance(x: float, y: float, a, b) -> float:
    (ax, ay), (bx, by) = a, b
    vx, vy = bx - ax, by - ay
    length = vx * vx + vy * vy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * vx + (y - ay) * vy) / length))
    px, py = ax + t * vx - x, ay + t * vy - y
    return (px * px + py * py) ** 0.5


def _segment_box_distance(a, b, box) -> float:
    if segment_meets_box(a, b, box):
        return 0.0
    corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
    return min(min(_point_box_distance(*a, box), _point_box_distance(*b, box)),
               min(_point_segment_distance(x, y, a, b) for x, y in corners))


def _inside_polygon(x: float, y: float, points) -> bool:
    inside = False
    n = len(points)
    for i in range(n):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


class Ink:
    """One piece of paint: a stroked segment, a filled polygon, a circle (filled or a ring) or a text
    box, with its bounding box grown by half its line width."""

    __slots__ = ("kind", "shape", "half", "filled", "bounds", "order")

    def __init__(self, kind: str, shape, half: float, filled: bool, bounds, order: int):
        self.kind, self.shape, self.half, self.filled, self.bounds, self.order = \
            kind, shape, half, filled, bounds, order

    def distance(self, box, fills: bool = True) -> float:
        """Paper between this ink and the box (0 when they touch); `fills=False` counts the outline
        only (a tint under a label does not hide it)."""
        if self.kind == "segment":
            return max(0.0, _segment_box_distance(*self.shape, box) - self.half)
        if self.kind == "text":
            s = self.shape
            return _point_box_distance(max(s[0], min(box[0], s[2])), max(s[1], min(box[1], s[3])), box) \
                if not overlaps(s, box, tolerance=0.0) else 0.0
        if self.kind == "circle":
            cx, cy, r = self.shape
            near = _point_box_distance(cx, cy, box)
            if fills and self.filled:
                return max(0.0, near - r - self.half)
            far = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x in (box[0], box[2]) for y in (box[1], box[3]))
            if far < r - self.half:  # the box lies in the ring's hole
                return r - self.half - far
            return max(0.0, near - r - self.half)
        points = self.shape  # a filled polygon
        if not fills:
            return float("inf")
        if any(_inside_polygon(x, y, points) for x in (box[0], box[2]) for y in (box[1], box[3])):
            return 0.0
        n = len(points)
        return min(_segment_box_distance(points[i], points[(i + 1) % n], box) for i in range(n))


def _inks(item, order: int) -> list[Ink]:
    """The paint of one item (not a Group)."""
    style = getattr(item, "style", None)
    half = style.width / 2 if style is not None and style.stroke else 0.0
    filled = style is not None and (style.fill is not None or style.hatch is not None)
    out = []

    def grow(b, h):
        return (b[0] - h, b[1] - h, b[2] + h, b[3] + h)

    if isinstance(item, Text):
        b = bbox(item)
        return [Ink("text", b, 0.0, True, b, order)] if item.text.strip() else []
    if isinstance(item, Circle):
        if not (half or filled):
            return []
        return [Ink("circle", (item.cx, item.cy, item.r), half, filled, grow(bbox(item), half), order)]
    if isinstance(item, Line):
        points, closed = ((item.x1, item.y1), (item.x2, item.y2)), False
    elif isinstance(item, Rect):
        points, closed = ((item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h),
                          (item.x, item.y + item.h)), True
    elif isinstance(item, Path):
        points, closed = item.points, item.closed
    else:
        return []
    if filled and closed and len(points) >= 3:
        out.append(Ink("polygon", tuple(points), 0.0, True, bbox(item), order))
    if half:
        pairs = list(zip(points, points[1:])) + ([(points[-1], points[0])] if closed else [])
        for a, b in pairs:
            seg = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            out.append(Ink("segment", (a, b), half, False, grow(seg, half), order))
    return out


def _corner_key(point) -> tuple[int, int]:
    return round(point[0] * 2), round(point[1] * 2)


def hex_corner_keys(hex_paths) -> frozenset:
    """The corners of the map's hexes, to tell a line along a hex's side (an outline, a river on the
    edges, a zone's dashes) from a drawing inside the hex."""
    return frozenset(_corner_key(p) for h in hex_paths for p in h.points)


class InkIndex:
    """The ink of many items in a grid of `cell`-point squares, to ask how close a box comes to it.
    Segments along a hex's side (both ends on `sides`, from hex_corner_keys) are left out: the spare
    every label keeps from its hex's sides stands for them."""

    def __init__(self, items, cell: float = 24.0, sides: frozenset = frozenset()):
        self.cell = cell
        self.grid: dict[tuple[int, int], list[Ink]] = {}
        for order, item in enumerate(items):
            for ink in _inks(item, order):
                if ink.kind == "segment" and sides and _corner_key(ink.shape[0]) in sides \
                        and _corner_key(ink.shape[1]) in sides:
                    continue
                for key in self._keys(ink.bounds, 0.0):
                    self.grid.setdefault(key, []).append(ink)

    def _keys(self, b, pad: float):
        c = self.cell
        for gx in range(int((b[0] - pad) // c), int((b[2] + pad) // c) + 1):
            for gy in range(int((b[1] - pad) // c), int((b[3] + pad) // c) + 1):
                yield gx, gy

    def covers(self, box, painted_at: int) -> bool:
        """Whether a fill painted after `painted_at` lies on the box (it hides what is under it)."""
        for key in self._keys(box, 0.0):
            for ink in self.grid.get(key, ()):
                if ink.order > painted_at and ink.filled and overlaps(ink.bounds, box, tolerance=0.0) \
                        and ink.distance(box) == 0.0:
                    return True
        return False

    def nearest(self, box, within: float, painted_at: int | None = None, hidden: int = -1) -> tuple[float, int]:
        """(distance, order) of the closest ink less than `within` from the box, else (within, -1).
        With `painted_at`, a fill painted before that order is a tint under the box: only its outline
        counts. Ink of order `hidden` or less is left out (a patch of paper painted over it)."""
        best, who, seen = within, -1, set()
        for key in self._keys(box, within):
            for ink in self.grid.get(key, ()):
                if id(ink) in seen or ink.order <= hidden:
                    continue
                seen.add(id(ink))
                b = ink.bounds
                if b[0] > box[2] + best or b[2] < box[0] - best or b[1] > box[3] + best or b[3] < box[1] - best:
                    continue
                fills = painted_at is None or ink.order > painted_at
                d = ink.distance(box, fills=fills)
                if d < best:
                    best, who = d, ink.order
        return best, who


def _map_groups(scene: Scene) -> list[Group]:
    return [i for i in walk(scene.items) if isinstance(i, Group) and i.name == "map"]


def _coordinates_and_ink(scene: Scene):
    """For each map: (its coordinates with their paint order among the other drawings, the index of
    those drawings, the drawings)."""
    for group in _map_groups(scene):
        flat = [i for i in walk(group.items) if not isinstance(i, Group)]
        kept = [(k, i) for k, i in enumerate(flat) if getattr(i, "role", "") not in ("hex-label", "edge-label", "hex")]
        sides = hex_corner_keys(i for i in flat if getattr(i, "role", "") == "hex")
        index = InkIndex([i for _, i in kept], sides=sides)
        orders = [k for k, _ in kept]
        labels = [(t, bisect.bisect_left(orders, k) - 1, _patch_under(flat, k, orders)) for k, t in enumerate(flat)
                  if isinstance(t, Text) and t.role == "hex-label"]
        yield labels, index, [i for _, i in kept]


def _patch_under(flat: list, k: int, orders: list) -> int:
    """The paint order (among the kept drawings) of the patch of paper a coordinate lies on, painted
    just before it and reaching LABEL_CLEARANCE round it: everything painted before the patch is hidden
    under it. -1 without one."""
    patch = flat[k - 1] if k > 0 else None
    if not (isinstance(patch, Rect) and patch.role == "knockout" and patch.style.fill is not None):
        return -1
    x0, y0, x1, y1 = bbox(flat[k])
    c = LABEL_CLEARANCE
    if patch.x <= x0 - c + 1e-6 and patch.y <= y0 - c + 1e-6 and patch.x + patch.w >= x1 + c - 1e-6 \
            and patch.y + patch.h >= y1 + c - 1e-6:
        return bisect.bisect_left(orders, k - 1)
    return -1


def covered_coordinates(scene: Scene) -> list[str]:
    """Coordinates a fill painted after them hides (a pre-printed island or sea drawn over its label)."""
    return [t.text for labels, index, _ in _coordinates_and_ink(scene) for t, before, _ in labels
            if index.covers(bbox(t), before)]


def label_clashes(scene: Scene, clearance: float = LABEL_CLEARANCE) -> list[str]:
    """Every hex coordinate keeps `clearance` points of paper from every other drawing on the map (a
    river, a delta's fan, cataract ticks, an exit arrow, a plot circle, a feature label, an icon), and
    nothing painted after it covers it (a pre-printed island or sea). Lines along the hex's sides are
    left to hex_text_problems; a tint painted under the label counts by its outline only."""
    problems = []
    for labels, index, drawn in _coordinates_and_ink(scene):
        for t, before, hidden in labels:
            d, who = index.nearest(bbox(t), clearance, painted_at=before, hidden=hidden)
            if who >= 0:
                item = drawn[who]
                what = getattr(item, "role", "") or getattr(item, "text", "") or type(item).__name__
                covered = index.covers(bbox(t), before)
                problems.append(f"coordinate {t.text!r} is {d:.2f} pt from {what!r} "
                                f"(under {clearance:g} pt){' and covered' if covered else ''}")
    return problems


def _with_icons(items, icon: str = ""):
    """(item, the icon it belongs to or "") of every drawing in paint order."""
    for i in items:
        if isinstance(i, Group):
            yield from _with_icons(i.items, i.name if i.name.startswith("icon:") else icon)
        else:
            yield i, icon


def knockout_problems(scene: Scene) -> list[str]:
    """A coordinate printed over the map's drawings on a patch of paper (hexmap.lifted_out) may hide a
    river's or an outline's stroke, never a word nor part of an icon: no text and no icon's paint
    painted before a patch comes under it."""
    problems = []
    for group in _map_groups(scene):
        flat = list(_with_icons(group.items))
        for k, (patch, _) in enumerate(flat):
            if not (isinstance(patch, Rect) and patch.role == "knockout" and patch.style.fill is not None):
                continue
            label = flat[k + 1][0] if k + 1 < len(flat) else None
            box = (patch.x, patch.y, patch.x + patch.w, patch.y + patch.h)
            for item, icon in flat[:k]:
                if isinstance(item, Text) and item is not label and item.text.strip() \
                        and overlaps(bbox(item), box, tolerance=0.0):
                    problems.append(f"the patch under {getattr(label, 'text', '?')!r} hides text {item.text!r}")
                elif icon and InkIndex([item]).nearest(box, 0.5)[0] < 0.01:
                    problems.append(f"the patch under {getattr(label, 'text', '?')!r} hides part of {icon}")
    return problems


# --- set text: lines that belong together ------------------------------------------------------------

NARROW_EMS = 11.0  # a wrapped paragraph of three lines or more is at least this many ems wide


def paragraphs(scene: Scene) -> list[list[Text]]:
    """Lines set as one wrapped paragraph: same font, size, colour, anchor and x, each baseline one
    line (1 to 1.4 times the size) under the one before. Only paragraphs of two lines or more."""
    runs: dict[tuple, list[Text]] = {}
    for t in texts(scene):
        if t.text.strip():
            runs.setdefault((t.font, round(t.size, 2), t.fill, t.anchor, round(t.x, 1)), []).append(t)
    out = []
    for lines in runs.values():
        lines.sort(key=lambda t: t.y)
        current = [lines[0]]
        for t in lines[1:]:
            step = t.y - current[-1].y
            if t.size * 0.98 <= step <= t.size * 1.4:
                current.append(t)
            else:
                if len(current) > 1:
                    out.append(current)
                current = [t]
        if len(current) > 1:
            out.append(current)
    return out


def paragraph_problems(scene: Scene) -> list[str]:
    """Wrapped prose (a paragraph with a line of two words or more) never ends on a line of one word,
    and a paragraph of three lines or more is not squeezed into a column under NARROW_EMS wide."""

    problems = []
    for lines in paragraphs(scene):
        words = [len(t.text.split()) for t in lines]
        if max(words) < 2:  # a stack of single words (a label over a slot), not prose
            continue
        text = " / ".join(t.text for t in lines)
        if words[-1] == 1:
            problems.append(f"paragraph {text!r} ends on a line of one word")
        widest = max(text_width(t.text, t.font, t.size) for t in lines)
        if len(lines) >= 3 and widest < NARROW_EMS * lines[0].size:
            problems.append(f"paragraph {text!r} is squeezed into {widest:.0f} pt")
    return problems


FOOTER_GAP = 3 * 72 / 25.4  # 3 mm between the foot line and the panels over it


def footer_problems(scene: Scene, gap: float = FOOTER_GAP) -> list[str]:
    """The foot line (the Group named "footer") keeps `gap` points under every panel above it."""
    problems = []
    feet = [t for g in scene.items if isinstance(g, Group) and g.name == "footer"
            for t in walk(g.items) if isinstance(t, Text) and t.text.strip()]
    for t in feet:
        x0, top, x1, _ = bbox(t)
        for p in panels(scene):
            px, py, pw, ph = p.box
            if px >= x1 or px + pw <= x0 or py >= top:
                continue
            if top - (py + ph) < gap - 0.01:
                problems.append(f"footer {t.text[:30]!r} is {(top - py - ph) / 72 * 25.4:.1f} mm under panel "
                                f"{p.name!r} (under {gap / 72 * 25.4:.0f} mm)")
    return problems
