"""Small vector icons, drawn from plain shapes; `icon(name, cx, cy, size, color)` -> Group.

Every icon fits the square of side `size` centred on (cx, cy). Unknown names raise KeyError.
"""
from __future__ import annotations

import math

from lostprint.scene import Circle, Group, Line, Path, Rect, Style


def _s(color: str, width: float, fill: str | None = None, dash=()) -> Style:
    return Style(fill=fill, stroke=color, width=width, dash=dash)


def _f(color: str) -> Style:
    return Style(fill=color, stroke=None, width=0)


def _pts(cx, cy, size, coords):
    """Unit coordinates in [-0.5, 0.5] -> points."""
    return tuple((cx + x * size, cy + y * size) for x, y in coords)


def mountains(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Path(_pts(cx, cy, size, [(-0.48, 0.32), (-0.16, -0.3), (0.04, 0.06), (0.2, -0.12), (0.48, 0.32)]),
             _s(color, w), closed=False),
        Path(_pts(cx, cy, size, [(-0.24, -0.15), (-0.16, -0.3), (-0.08, -0.15)]), _s(color, w * 0.8), closed=False),
    ]


def hills(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    out = []
    for ox, r in ((-0.18, 0.2), (0.16, 0.24)):
        pts = [(ox + r * math.cos(a), 0.2 - r * 0.9 * math.sin(a)) for a in [i * math.pi / 8 for i in range(9)]]
        out.append(Path(_pts(cx, cy, size, pts), _s(color, w), closed=False))
    return out


def tree(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Path(_pts(cx, cy, size, [(-0.22, 0.14), (0.0, -0.36), (0.22, 0.14)]), _s(color, w), closed=True),
        Line(cx, cy + 0.14 * size, cx, cy + 0.36 * size, _s(color, w)),
    ]


def forest(cx, cy, size, color):
    return tree(cx - size * 0.18, cy + size * 0.04, size * 0.75, color) + tree(cx + size * 0.2, cy - size * 0.02, size * 0.85, color)


def plains(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    out = []
    for ox in (-0.26, 0.0, 0.26):
        for dx in (-0.07, 0.0, 0.07):
            out.append(Line(cx + (ox + dx * 0.4) * size, cy + 0.22 * size, cx + (ox + dx) * size, cy + 0.02 * size, _s(color, w)))
    return out


def jungle(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    out = [Path(_pts(cx, cy, size, [(0.0, 0.38), (0.02, 0.0), (0.0, -0.16)]), _s(color, w), closed=False)]
    for ex, ey in ((-0.34, -0.02), (0.34, -0.02), (-0.26, -0.3), (0.26, -0.3)):
        out.append(Path(_pts(cx, cy, size, [(0.0, -0.16), (ex * 0.5, -0.26 + ey * 0.2), (ex, ey)]), _s(color, w), closed=False))
    return out


def swamp(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    out = [Line(cx - 0.4 * size, cy + 0.26 * size, cx + 0.4 * size, cy + 0.26 * size, _s(color, w))]
    for ox, h in ((-0.2, 0.4), (0.0, 0.5), (0.2, 0.36)):
        out.append(Line(cx + ox * size, cy + 0.26 * size, cx + (ox + 0.04) * size, cy + (0.26 - h) * size, _s(color, w)))
    return out


def lake(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    out = []
    for oy in (-0.12, 0.12):
        pts = [(-0.36 + i * 0.09, oy + 0.05 * math.sin(i * math.pi / 2)) for i in range(9)]
        out.append(Path(_pts(cx, cy, size, pts), _s(color, w), closed=False))
    return out


def village(cx, cy, size, color):
    return [Circle(cx, cy, size * 0.2, _f(color))]


def peaceful_village(cx, cy, size, color):
    return [Circle(cx, cy, size * 0.15, _f(color)), Circle(cx, cy, size * 0.34, _s(color, max(0.5, size * 0.06)))]


def trail(cx, cy, size, color):
    return [Line(cx - 0.45 * size, cy, cx + 0.45 * size, cy, _s(color, max(0.6, size * 0.08), dash=(size * 0.14, size * 0.1)))]


def cataract(cx, cy, size, color):
    w = max(0.6, size * 0.08)
    pts = [(-0.42, 0.0), (-0.26, -0.16), (-0.1, 0.16), (0.06, -0.16), (0.22, 0.16), (0.42, -0.04)]
    return [Path(_pts(cx, cy, size, pts), _s(color, w), closed=False)]


def empire(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Rect(cx - 0.4 * size, cy - 0.4 * size, 0.8 * size, 0.8 * size, _s(color, w, dash=(size * 0.1, size * 0.08))),
        Path(_pts(cx, cy, size, [(-0.2, 0.2), (-0.2, -0.05), (0.0, -0.25), (0.2, -0.05), (0.2, 0.2)]), _s(color, w), closed=True),
    ]


def star(cx, cy, size, color, fill=None):
    pts = []
    for i in range(10):
        r = 0.46 if i % 2 == 0 else 0.2
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((r * math.cos(a), r * math.sin(a)))
    return [Path(_pts(cx, cy, size, pts), _s(color, max(0.5, size * 0.05), fill=fill), closed=True)]


def interest(cx, cy, size, color):
    return star(cx, cy, size, color)


def fever(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Rect(cx - 0.08 * size, cy - 0.42 * size, 0.16 * size, 0.6 * size, _s(color, w), radius=0.08 * size),
        Circle(cx, cy + 0.26 * size, 0.15 * size, _f(color)),
    ]


def skull(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Circle(cx, cy - 0.06 * size, 0.3 * size, _s(color, w)),
        Circle(cx - 0.11 * size, cy - 0.06 * size, 0.07 * size, _f(color)),
        Circle(cx + 0.11 * size, cy - 0.06 * size, 0.07 * size, _f(color)),
        Rect(cx - 0.15 * size, cy + 0.2 * size, 0.3 * size, 0.18 * size, _s(color, w)),
    ]


def accident(cx, cy, size, color):
    return skull(cx, cy, size, color)


def cache(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Rect(cx - 0.36 * size, cy - 0.2 * size, 0.72 * size, 0.46 * size, _s(color, w)),
        Line(cx - 0.36 * size, cy - 0.02 * size, cx + 0.36 * size, cy - 0.02 * size, _s(color, w)),
        Rect(cx - 0.06 * size, cy - 0.08 * size, 0.12 * size, 0.14 * size, _f(color)),
    ]


def river(cx, cy, size, color):
    pts = [(-0.45 + i * 0.1125, 0.08 * math.sin(i * math.pi / 2.5)) for i in range(9)]
    return [Path(_pts(cx, cy, size, pts), _s(color, max(1.0, size * 0.12)), closed=False)]


def ship(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    return [
        Path(_pts(cx, cy, size, [(-0.42, 0.14), (0.42, 0.14), (0.28, 0.36), (-0.3, 0.36)]), _s(color, w, fill=color)),
        Line(cx, cy + 0.14 * size, cx, cy - 0.44 * size, _s(color, w)),
        Path(_pts(cx, cy, size, [(0.03, -0.4), (0.32, 0.06), (0.03, 0.06)]), _s(color, w)),
        Path(_pts(cx, cy, size, [(-0.03, -0.3), (-0.28, 0.06), (-0.03, 0.06)]), _s(color, w)),
    ]


def flag(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Line(cx - 0.26 * size, cy + 0.44 * size, cx - 0.26 * size, cy - 0.44 * size, _s(color, w)),
        Path(_pts(cx, cy, size, [(-0.26, -0.44), (0.36, -0.3), (-0.26, -0.08)]), _s(color, w, fill=color)),
    ]


def start(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    return [
        Path(_pts(cx, cy, size, [(-0.38, 0.34), (0.0, -0.4), (0.38, 0.34)]), _s(color, w, fill="#ffffff")),
        Line(cx, cy - 0.4 * size, cx, cy + 0.34 * size, _s(color, w)),
        Line(cx - 0.42 * size, cy + 0.34 * size, cx + 0.42 * size, cy + 0.34 * size, _s(color, w)),
    ]


def spade(cx, cy, size, color):
    body = [(0.0, -0.42), (0.32, -0.02), (0.22, 0.16), (0.04, 0.08), (0.1, 0.38), (-0.1, 0.38), (-0.04, 0.08), (-0.22, 0.16), (-0.32, -0.02)]
    return [Path(_pts(cx, cy, size, body), _s(color, max(0.4, size * 0.04), fill=color))]


def crow(cx, cy, size, color, fill=None):
    body = [(-0.44, 0.04), (-0.22, -0.06), (-0.1, -0.26), (0.06, -0.28), (0.16, -0.18), (0.36, -0.14),
            (0.18, -0.06), (0.24, 0.12), (0.4, 0.34), (0.1, 0.2), (-0.14, 0.2)]
    return [Path(_pts(cx, cy, size, body), _s(color, max(0.5, size * 0.05), fill=fill))]


def house(cx, cy, size, color):
    return [Path(_pts(cx, cy, size, [(-0.3, 0.36), (-0.3, -0.04), (0.0, -0.36), (0.3, -0.04), (0.3, 0.36)]),
                 _s(color, max(0.5, size * 0.07)))]


def compass_arrow(cx, cy, size, color):
    return [Path(_pts(cx, cy, size, [(0.0, -0.45), (0.16, 0.2), (0.0, 0.08), (-0.16, 0.2)]), _s(color, 0.5, fill=color))]


ICONS = {
    "mountains": mountains, "hills": hills, "forest": forest, "plains": plains, "jungle": jungle,
    "swamp": swamp, "lake": lake, "village": village, "peaceful-village": peaceful_village,
    "trail": trail, "cataract": cataract, "empire": empire, "interest": interest, "fever": fever,
    "accident": accident, "skull": skull, "cache": cache, "river": river, "ship": ship, "flag": flag,
    "start": start, "spade": spade, "crow": crow, "star": star, "house": house, "arrow": compass_arrow,
    "tree": tree,
}


def icon(name: str, cx: float, cy: float, size: float, color: str, **kw) -> Group:
    return Group(tuple(ICONS[name](cx, cy, size, color, **kw)), name=f"icon:{name}")
