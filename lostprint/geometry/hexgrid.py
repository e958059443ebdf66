"""Hex grids after Red Blob Games' model: axial coordinates, layouts, neighbours, lines, labels.

A hex is an axial pair (q, r); the third cube coordinate is s = -q - r. All functions are pure.
Map labels use offset coordinates: column letter + row number, "A1" at top left, with the
"even-q" convention for flat-top grids (columns A, C, E... sit half a hex lower than B, D, F...).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, NamedTuple

Hex = tuple[int, int]

# Flat-top directions, clockwise from north. Axial deltas (dq, dr).
FLAT_DIRECTIONS: dict[str, Hex] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}
# Pointy-top directions, clockwise from east.
POINTY_DIRECTIONS: dict[str, Hex] = {
    "E": (1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "W": (-1, 0),
    "SW": (-1, 1),
    "SE": (0, 1),
}
OPPOSITE = {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE", "E": "W", "W": "E"}
FLAT_ORDER = ("N", "NE", "SE", "S", "SW", "NW")


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def subtract(a: Hex, b: Hex) -> Hex:
    return a[0] - b[0], a[1] - b[1]


def scale(a: Hex, k: int) -> Hex:
    return a[0] * k, a[1] * k


def cube(h: Hex) -> tuple[int, int, int]:
    return h[0], h[1], -h[0] - h[1]


def length(h: Hex) -> int:
    q, r, s = cube(h)
    return (abs(q) + abs(r) + abs(s)) // 2


def distance(a: Hex, b: Hex) -> int:
    return length(subtract(a, b))


def neighbor(h: Hex, direction: str) -> Hex:
    delta = FLAT_DIRECTIONS.get(direction) or POINTY_DIRECTIONS[direction]
    return add(h, delta)


_FLAT_STEPS = tuple(FLAT_DIRECTIONS[d] for d in FLAT_ORDER)


def neighbors(h: Hex) -> list[Hex]:
    q, r = h  # inlined, not six add() calls: maps, checks and engines ask ~300,000 times in a test run
    return [(q + dq, r + dr) for dq, dr in _FLAT_STEPS]


def direction_between(a: Hex, b: Hex) -> str | None:
    """The flat-top direction name from a to an adjacent b, or None if not adjacent."""
    delta = subtract(b, a)
    for name, d in FLAT_DIRECTIONS.items():
        if d == delta:
            return name
    return None


def diagonal_neighbor(h: Hex, i: int) -> Hex:
    deltas = [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)]
    return add(h, deltas[i % 6])


def rotate_left(h: Hex) -> Hex:
    q, r, s = cube(h)
    return -s, -q


def rotate_right(h: Hex) -> Hex:
    q, r, s = cube(h)
    return -r, -s


def cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b, both included (nudged to break ties the same way)."""
    n = distance(a, b)
    aq, ar = a[0] + 1e-6, a[1] + 1e-6
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    step = 1.0 / max(n, 1)
    return [cube_round(aq + (bq - aq) * step * i, ar + (br - ar) * step * i) for i in range(n + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    results = []
    h = add(center, scale(FLAT_DIRECTIONS["SW"], radius))
    for d in ("N", "NE", "SE", "S", "SW", "NW"):
        for _ in range(radius):
            results.append(h)
            h = neighbor(h, d)
    return results


def spiral(center: Hex, radius: int) -> list[Hex]:
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    return [(center[0] + dq, center[1] + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)]


# --- edges -----------------------------------------------------------------------------------

Edge = tuple[Hex, str]
_CANONICAL = {"N", "NE", "SE"}


def edge(h: Hex, direction: str) -> Edge:
    """The canonical key of the edge of h facing `direction`: the same whichever side names it."""
    if direction in _CANONICAL:
        return h, direction
    return neighbor(h, direction), OPPOSITE[direction]


def edge_between(a: Hex, b: Hex) -> Edge | None:
    d = direction_between(a, b)
    return None if d is None else edge(a, d)


def edge_hexes(e: Edge) -> tuple[Hex, Hex]:
    h, d = e
    return h, neighbor(h, d)


def hex_edges(h: Hex) -> list[Edge]:
    return [edge(h, d) for d in FLAT_ORDER]


def edge_corners(e: Edge) -> tuple[int, int]:
    """Corner indices (of hex_corners on a flat layout) at the two ends of edge e of its hex."""
    return {"N": (4, 5), "NE": (5, 0), "SE": (0, 1), "S": (1, 2), "SW": (2, 3), "NW": (3, 4)}[e[1]]


# --- layouts -----------------------------------------------------------------------------------


class Orientation(NamedTuple):
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


SQRT3 = math.sqrt(3.0)
POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 1.5, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5)
FLAT = Orientation(1.5, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0)


class Layout(NamedTuple):
    orientation: Orientation
    size: tuple[float, float]  # circumradius in x and y
    origin: tuple[float, float]


def hex_to_pixel(layout: Layout, h: Hex) -> tuple[float, float]:
    o = layout.orientation
    x = (o.f0 * h[0] + o.f1 * h[1]) * layout.size[0]
    y = (o.f2 * h[0] + o.f3 * h[1]) * layout.size[1]
    return x + layout.origin[0], y + layout.origin[1]


def pixel_to_hex_fractional(layout: Layout, p: tuple[float, float]) -> tuple[float, float]:
    o = layout.orientation
    px = (p[0] - layout.origin[0]) / layout.size[0]
    py = (p[1] - layout.origin[1]) / layout.size[1]
    return o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py


def pixel_to_hex(layout: Layout, p: tuple[float, float]) -> Hex:
    return cube_round(*pixel_to_hex_fractional(layout, p))


def corner_offset(layout: Layout, corner: int) -> tuple[float, float]:
    angle = 2.0 * math.pi * (layout.orientation.start_angle - corner) / 6.0
    return layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle)


def hex_corners(layout: Layout, h: Hex) -> list[tuple[float, float]]:
    """Six corners. On a flat layout with y down, corner 0 is east and they go clockwise on the page."""
    cx, cy = hex_to_pixel(layout, h)
    out = []
    for i in range(6):
        dx, dy = corner_offset(layout, i)
        out.append((cx + dx, cy - dy))
    return out


def edge_segment(layout: Layout, e: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    corners = hex_corners(layout, e[0])
    i, j = edge_corners(e)
    return corners[i], corners[j]


# --- offset coordinates and labels -----------------------------------------------------------


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """(col, row), even-q: even columns shoved down half a hex."""
    q, r = h
    return q, r + (q + (q & 1)) // 2


def offset_to_axial(col: int, row: int) -> Hex:
    return col, row - (col + (col & 1)) // 2


def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 27 -> AB..."""
    if col < 0:
        raise ValueError(f"column {col} is left of column A")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def label(h: Hex) -> str:
    col, row = axial_to_offset(h)
    if row < 0:
        raise ValueError(f"hex {h} is above row 1")
    return f"{column_letters(col)}{row + 1}"


def parse_label(text: str) -> Hex:
    """'B3' -> axial hex; raises ValueError on anything that is not letters then a number >= 1."""
    if not isinstance(text, str):
        raise _not_a_label(text)
    return _parse_label(text)


def _not_a_label(text: object) -> ValueError:
    return ValueError(f"{text!r} is not a hex label (a column letter and a row number, like B3)")


@lru_cache(maxsize=8192)
def _parse_label(text: str) -> Hex:
    # cached: maps, checks and replays parse the same few hundred labels ~300,000 times in a test run
    s = text.strip().upper()
    i = 0
    while i < len(s) and "A" <= s[i] <= "Z":
        i += 1
    letters, digits = s[:i], s[i:]
    if not letters or not digits.isdigit() or int(digits) < 1 or digits.startswith("0"):
        raise _not_a_label(text)
    return offset_to_axial(column_index(letters), int(digits) - 1)


def is_label(text: object) -> bool:
    try:
        parse_label(text)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return False
    return True


# --- fitting -----------------------------------------------------------------------------------


def unit_bounds(hexes: Iterable[Hex], orientation: Orientation = FLAT) -> tuple[float, float, float, float]:
    """Bounds of the hexes' outlines at circumradius 1 with origin (0, 0)."""
    layout = Layout(orientation, (1.0, 1.0), (0.0, 0.0))
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        for x, y in hex_corners(layout, h):
            xs.append(x)
            ys.append(y)
    if not xs:
        raise ValueError("no hexes to fit")
    return min(xs), min(ys), max(xs), max(ys)


def fit_layout(hexes: Iterable[Hex], box: tuple[float, float, float, float],
               orientation: Orientation = FLAT, max_size: float | None = None,
               align: str = "center") -> Layout:
    """The layout drawing `hexes` as large as fits in box (x, y, w, h), centred (or top-left)."""
    hexes = list(hexes)
    x0, y0, x1, y1 = unit_bounds(hexes, orientation)
    bx, by, bw, bh = box
    size = min(bw / (x1 - x0), bh / (y1 - y0))
    if max_size is not None:
        size = min(size, max_size)
    used_w, used_h = (x1 - x0) * size, (y1 - y0) * size
    pad_x = (bw - used_w) / 2 if align == "center" else 0.0
    pad_y = (bh - used_h) / 2 if align == "center" else 0.0
    origin = (bx + pad_x - x0 * size, by + pad_y - y0 * size)
    return Layout(orientation, (size, size), origin)
