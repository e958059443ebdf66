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
    """A stepped temple in a dashed square (the empire's border): nothing like the house-rule mark."""
    w = max(0.5, size * 0.06)
    steps = [(-0.26, 0.22), (-0.26, 0.1), (-0.17, 0.1), (-0.17, -0.02), (-0.08, -0.02), (-0.08, -0.16),
             (0.08, -0.16), (0.08, -0.02), (0.17, -0.02), (0.17, 0.1), (0.26, 0.1), (0.26, 0.22)]
    return [
        Rect(cx - 0.4 * size, cy - 0.4 * size, 0.8 * size, 0.8 * size, _s(color, w, dash=(size * 0.1, size * 0.08))),
        Path(_pts(cx, cy, size, steps), _s(color, w, fill=color), closed=True),
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


def barrens(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    crack = [(-0.42, 0.3), (-0.2, 0.22), (-0.08, 0.34), (0.14, 0.2), (0.42, 0.28)]
    return [
        Path(_pts(cx, cy, size, crack), _s(color, w), closed=False),
        Circle(cx - 0.2 * size, cy - 0.08 * size, 0.1 * size, _s(color, w)),
        Circle(cx + 0.14 * size, cy - 0.18 * size, 0.07 * size, _s(color, w)),
        Circle(cx + 0.26 * size, cy + 0.02 * size, 0.05 * size, _s(color, w)),
    ]


def gem(cx, cy, size, color, fill=None):
    w = max(0.5, size * 0.05)
    return [
        Path(_pts(cx, cy, size, [(-0.4, -0.12), (-0.2, -0.36), (0.2, -0.36), (0.4, -0.12), (0.0, 0.42)]),
             _s(color, w, fill=fill), closed=True),
        Line(cx - 0.4 * size, cy - 0.12 * size, cx + 0.4 * size, cy - 0.12 * size, _s(color, w)),
        Path(_pts(cx, cy, size, [(-0.2, -0.36), (-0.1, -0.12), (0.0, 0.42), (0.1, -0.12), (0.2, -0.36)]),
             _s(color, w), closed=False),
    ]


def bolt(cx, cy, size, color, fill=None):
    pts = [(0.1, -0.46), (-0.24, 0.06), (-0.02, 0.06), (-0.12, 0.46), (0.24, -0.08), (0.02, -0.08)]
    return [Path(_pts(cx, cy, size, pts), _s(color, max(0.5, size * 0.05), fill=fill), closed=True)]


def flame(cx, cy, size, color, fill=None):
    pts = [(0.0, -0.46), (0.1, -0.26), (0.26, -0.08), (0.32, 0.12), (0.26, 0.3), (0.1, 0.42), (-0.1, 0.42),
           (-0.26, 0.3), (-0.32, 0.12), (-0.24, -0.06), (-0.12, 0.04), (-0.1, -0.2)]
    inner = [(0.02, 0.0), (0.14, 0.16), (0.1, 0.32), (-0.08, 0.32), (-0.12, 0.18)]
    w = max(0.5, size * 0.05)
    return [Path(_pts(cx, cy, size, pts), _s(color, w, fill=fill), closed=True),
            Path(_pts(cx, cy, size, inner), _s(color, w), closed=True)]


def crown(cx, cy, size, color, fill=None):
    w = max(0.5, size * 0.05)
    pts = [(-0.4, 0.28), (-0.42, -0.16), (-0.2, 0.04), (0.0, -0.3), (0.2, 0.04), (0.42, -0.16), (0.4, 0.28)]
    out = [Path(_pts(cx, cy, size, pts), _s(color, w, fill=fill), closed=True),
           Line(cx - 0.4 * size, cy + 0.16 * size, cx + 0.4 * size, cy + 0.16 * size, _s(color, w))]
    for x, y in ((-0.42, -0.2), (0.0, -0.35), (0.42, -0.2)):
        out.append(Circle(cx + x * size, cy + y * size, 0.05 * size, _f(color)))
    return out


def bones(cx, cy, size, color):
    w = max(0.8, size * 0.09)
    out = []
    for a, b in (((-0.3, -0.3), (0.3, 0.3)), ((-0.3, 0.3), (0.3, -0.3))):
        out.append(Line(cx + a[0] * size, cy + a[1] * size, cx + b[0] * size, cy + b[1] * size, _s(color, w)))
        for (x, y) in (a, b):
            sx = 1 if x > 0 else -1
            sy = 1 if y > 0 else -1
            out.append(Circle(cx + (x + 0.05 * sx) * size, cy + (y - 0.04 * sy) * size, 0.065 * size, _f(color)))
            out.append(Circle(cx + (x - 0.04 * sx) * size, cy + (y + 0.05 * sy) * size, 0.065 * size, _f(color)))
    return out


def moon(cx, cy, size, color, fill=None):
    """A crescent: the outer circle minus an offset inner circle, between their crossing points."""
    R, (ix, iy), r = 0.4, (0.17, -0.1), 0.33
    d = math.hypot(ix, iy)
    base = math.atan2(iy, ix)
    half = math.acos((R * R + d * d - r * r) / (2 * R * d))  # where the two circles cross, seen from the centre
    a0, a1 = base + half, base - half + 2 * math.pi
    outer = [(R * math.cos(a0 + (a1 - a0) * i / 24), R * math.sin(a0 + (a1 - a0) * i / 24)) for i in range(25)]
    p0, p1 = outer[-1], outer[0]
    b0 = math.atan2(p0[1] - iy, p0[0] - ix)
    b1 = math.atan2(p1[1] - iy, p1[0] - ix)
    if b1 > b0:
        b1 -= 2 * math.pi
    inner = [(ix + r * math.cos(b0 + (b1 - b0) * i / 24), iy + r * math.sin(b0 + (b1 - b0) * i / 24)) for i in range(1, 24)]
    return [Path(_pts(cx, cy, size, outer + inner), _s(color, max(0.5, size * 0.05), fill=fill), closed=True)]


def magnet(cx, cy, size, color):
    w = max(1.0, size * 0.14)
    arc = [(-0.26, -0.3), (-0.26, 0.06)] + [(-0.26 * math.cos(i * math.pi / 10), 0.06 + 0.26 * math.sin(i * math.pi / 10))
                                             for i in range(1, 10)] + [(0.26, 0.06), (0.26, -0.3)]
    out = [Path(_pts(cx, cy, size, arc), Style(fill=None, stroke=color, width=w, cap="butt"), closed=False)]
    for x in (-0.26, 0.26):
        out.append(Line(cx + (x - 0.1) * size, cy - 0.24 * size, cx + (x + 0.1) * size, cy - 0.24 * size,
                        _s(color, max(0.5, size * 0.04))))
    return out


def burst(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    out = [Circle(cx, cy, 0.08 * size, _f(color))]
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        px, py = -dy, dx
        out.append(Line(cx + dx * 0.16 * size, cy + dy * 0.16 * size, cx + dx * 0.44 * size, cy + dy * 0.44 * size,
                        _s(color, w)))
        tip = (dx * 0.46, dy * 0.46)
        out.append(Path(_pts(cx, cy, size, [tip, (dx * 0.32 + px * 0.1, dy * 0.32 + py * 0.1),
                                            (dx * 0.32 - px * 0.1, dy * 0.32 - py * 0.1)]), _s(color, w * 0.6, fill=color)))
    return out


def drop(cx, cy, size, color, fill=None):
    pts = [(0.0, -0.44)] + [(0.26 * math.cos(a), 0.14 + 0.26 * math.sin(a))
                            for a in [math.radians(-40 + i * 13) for i in range(21)]]
    return [Path(_pts(cx, cy, size, pts), _s(color, max(0.5, size * 0.05), fill=fill), closed=True)]


def stack(cx, cy, size, color):
    w = max(0.5, size * 0.05)
    out = []
    for k, (x, y) in enumerate(((-0.02, -0.44), (-0.2, -0.28), (-0.38, -0.12))):
        out.append(Rect(cx + x * size, cy + y * size, 0.52 * size, 0.52 * size,
                        _s(color, w, fill="#ffffff" if k == 2 else None), radius=0.05 * size))
    px, py = cx - 0.12 * size, cy + 0.14 * size
    out.append(Line(px - 0.13 * size, py, px + 0.13 * size, py, _s(color, w * 1.4)))
    out.append(Line(px, py - 0.13 * size, px, py + 0.13 * size, _s(color, w * 1.4)))
    return out


def portal(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    arc = [(-0.28 * math.cos(i * math.pi / 12), -0.02 - 0.32 * math.sin(i * math.pi / 12)) for i in range(13)]
    return [
        Path(_pts(cx, cy, size, [(-0.28, 0.26), (-0.28, 0.36)]), _s(color, w), closed=False),
        Circle(cx - 0.28 * size, cy + 0.28 * size, 0.12 * size, _s(color, w)),
        Circle(cx + 0.28 * size, cy + 0.28 * size, 0.12 * size, _s(color, w, fill=color)),
        Path(_pts(cx, cy, size, [(-0.28, 0.12)] + arc[1:-1] + [(0.28, 0.12)]), _s(color, w, dash=(size * 0.07, size * 0.05)), closed=False),
        Path(_pts(cx, cy, size, [(0.2, 0.02), (0.28, 0.14), (0.36, 0.02)]), _s(color, w), closed=False),
    ]


def nest(cx, cy, size, color):
    w = max(0.5, size * 0.06)
    bowl = [(0.42 * math.cos(i * math.pi / 12), 0.02 + 0.32 * math.sin(i * math.pi / 12)) for i in range(13)]
    out = [Path(_pts(cx, cy, size, bowl), _s(color, w), closed=True)]
    for x, y in ((-0.2, -0.08), (0.0, -0.16), (0.2, -0.08)):
        out.append(Circle(cx + x * size, cy + y * size, 0.1 * size, _s(color, w, fill="#ffffff")))
    for x in (-0.24, -0.08, 0.08, 0.24):
        out.append(Line(cx + x * size, cy + 0.06 * size, cx + (x + 0.08) * size, cy + 0.22 * size, _s(color, w * 0.7)))
    return out


def spiral(cx, cy, size, color):
    pts = []
    for i in range(60):
        a = i * math.pi / 12
        r = 0.03 + 0.42 * i / 59
        pts.append((r * math.cos(a), r * math.sin(a)))
    return [Path(_pts(cx, cy, size, pts), _s(color, max(0.6, size * 0.06)), closed=False)]


def totem(cx, cy, size, color, fill=None):
    w = max(0.5, size * 0.05)
    body = [(-0.12, 0.44), (-0.12, -0.1), (-0.26, -0.2), (0.0, -0.46), (0.26, -0.2), (0.12, -0.1), (0.12, 0.44)]
    return [
        Path(_pts(cx, cy, size, body), _s(color, w, fill=fill), closed=True),
        Line(cx - 0.3 * size, cy + 0.06 * size, cx + 0.3 * size, cy + 0.06 * size, _s(color, max(0.8, size * 0.08))),
        Circle(cx, cy - 0.22 * size, 0.06 * size, _f("#ffffff" if fill else color)),
        Line(cx - 0.26 * size, cy + 0.44 * size, cx + 0.26 * size, cy + 0.44 * size, _s(color, w)),
    ]


def raven(cx, cy, size, color, fill=None, eye=None):
    """A perched crow in profile, facing left (a fuller silhouette than `crow`)."""
    w = max(0.5, size * 0.04)
    body = [(-0.47, -0.13), (-0.33, -0.22), (-0.25, -0.3), (-0.13, -0.31), (-0.04, -0.23), (0.08, -0.13),
            (0.26, -0.05), (0.4, 0.05), (0.5, 0.16), (0.47, 0.2), (0.3, 0.17), (0.16, 0.2), (0.0, 0.2),
            (-0.12, 0.14), (-0.2, 0.04), (-0.25, -0.06), (-0.33, -0.1)]
    fill = color if fill is None else fill
    leg = max(0.5, size * 0.035)
    out = [
        Line(cx - 0.02 * size, cy + 0.18 * size, cx - 0.06 * size, cy + 0.38 * size, _s(color, leg)),
        Line(cx + 0.08 * size, cy + 0.18 * size, cx + 0.08 * size, cy + 0.38 * size, _s(color, leg)),
        Line(cx - 0.14 * size, cy + 0.38 * size, cx + 0.16 * size, cy + 0.38 * size, _s(color, leg)),
        Path(_pts(cx, cy, size, body), _s(color, w, fill=fill), closed=True),
    ]
    wing = "#ffffff" if eye is None and fill == color else (eye or color)
    out.append(Path(_pts(cx, cy, size, [(-0.08, -0.1), (0.12, -0.02), (0.3, 0.08)]),
                    _s(wing, max(0.4, size * 0.025)), closed=False))
    out.append(Circle(cx - 0.2 * size, cy - 0.21 * size, 0.028 * size, _f(wing)))
    return out


ICONS = {
    "mountains": mountains, "hills": hills, "forest": forest, "plains": plains, "jungle": jungle,
    "swamp": swamp, "lake": lake, "village": village, "peaceful-village": peaceful_village,
    "trail": trail, "cataract": cataract, "empire": empire, "interest": interest, "fever": fever,
    "accident": accident, "skull": skull, "cache": cache, "river": river, "ship": ship, "flag": flag,
    "start": start, "spade": spade, "crow": crow, "star": star, "house": house, "arrow": compass_arrow,
    "tree": tree,
    "barrens": barrens, "gem": gem, "bolt": bolt, "flame": flame, "crown": crown, "bones": bones,
    "moon": moon, "magnet": magnet, "burst": burst, "drop": drop, "stack": stack, "portal": portal,
    "nest": nest, "spiral": spiral, "totem": totem, "raven": raven,
}


def icon(name: str, cx: float, cy: float, size: float, color: str, **kw) -> Group:
    return Group(tuple(ICONS[name](cx, cy, size, color, **kw)), name=f"icon:{name}")
