"""Print checks on a Scene, shared by tests and `lostprint` itself: overlaps, margins, text sizes.

Each returns a list of problems (empty when the scene is fine)."""
from __future__ import annotations

from lostprint.geometry.paper import MIN_MARGIN
from lostprint.palette import MIN_TEXT
from lostprint.scene import Group, Scene, Text, bbox, overlaps, walk


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
    from lostprint.games.model import SLOT_SPARE_MM
    from lostprint.geometry.paper import MM
    from lostprint.scene import Circle, Rect

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
    from lostprint.geometry.paper import MM

    hs = hexes(scene)
    if not hs:
        return None
    ys = [p[1] for p in hs[0].points]
    return (max(ys) - min(ys)) / MM


def hex_text_problems(scene: Scene, spare_mm: float = 1.0) -> list[str]:
    """Coordinates, feature labels and plot letters each inside the hex they sit on, with `spare_mm`
    to every side of it."""
    from lostprint.geometry.paper import MM

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
    """Every hex carries one coordinate label."""
    labelled = {t.text for t in texts(scene) if t.role == "hex-label"}
    n = len(hexes(scene))
    return [] if len(labelled) >= n else [f"{n - len(labelled)} of {n} hexes have no coordinate"]


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


def all_problems(scene: Scene) -> list[str]:
    out = []
    for page in scene.all_pages():
        out += small_text(page) + outside_margin(page) + text_overlaps(page) + panel_overlaps(page) + spills(page)
    return out
