"""Icons of 1872: The Lost Crows: its resources, the unit chart's effects, the crow, the fort.

Same contract as lostprint.sheets.icons: `crows_icon(name, cx, cy, size, color)` -> Group, drawn in
the square of side `size` centred on (cx, cy); unknown names raise KeyError. The unit chart's
effect keys (lostprint.games.lost_crows.EFFECTS) all have an icon here.
"""
from __future__ import annotations

import math

from lostprint.geometry import hexgrid
from lostprint.scene import Circle, Group, Line, Path, Style
from lostprint.sheets import icons as base


def _s(color: str, width: float, fill: str | None = None) -> Style:
    return Style(fill=fill, stroke=color, width=width)


def _f(color: str) -> Style:
    return Style(fill=color, stroke=None, width=0)


def _pts(cx, cy, size, coords):
    return tuple((cx + x * size, cy + y * size) for x, y in coords)


def _ellipse(cx, cy, rx, ry, angle=0.0, n=20):
    ca, sa = math.cos(angle), math.sin(angle)
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return tuple(out)


def feather(cx, cy, size, color):
    """The Chief's Wild: a quill leaning to the right."""
    w = max(0.5, size * 0.055)
    x0, y0, x1, y1 = -0.34, 0.44, 0.3, -0.44
    ux, uy = x1 - x0, y1 - y0
    n = math.hypot(ux, uy)
    nx, ny = -uy / n, ux / n
    left, right = [], []
    for i in range(13):
        s = 0.22 + 0.78 * i / 12
        px, py = x0 + ux * s, y0 + uy * s
        wid = 0.17 * math.sin(math.pi * (s - 0.22) / 0.78) ** 0.7
        left.append((px + nx * wid, py + ny * wid))
        right.append((px - nx * wid * 0.85, py - ny * wid * 0.85))
    vane = left + right[::-1]
    items = [Path(_pts(cx, cy, size, vane), _s(color, w, fill="#ffffff"))]
    items.append(Line(cx + x0 * size, cy + y0 * size, cx + (x0 + ux * 0.97) * size, cy + (y0 + uy * 0.97) * size,
                      _s(color, w)))
    for s, side in ((0.45, 1), (0.62, -1), (0.76, 1)):  # notches in the vane
        px, py = x0 + ux * s, y0 + uy * s
        wid = 0.15 * side
        items.append(Line(cx + px * size, cy + py * size, cx + (px + nx * wid + ux * 0.06) * size,
                          cy + (py + ny * wid + uy * 0.06) * size, _s(color, w * 0.8)))
    return items


def food(cx, cy, size, color):
    """A leg of meat."""
    w = max(0.5, size * 0.06)
    return [
        Line(cx - 0.06 * size, cy + 0.06 * size, cx - 0.3 * size, cy + 0.3 * size, _s(color, max(0.8, size * 0.1))),
        Circle(cx - 0.37 * size, cy + 0.25 * size, 0.075 * size, _f(color)),
        Circle(cx - 0.25 * size, cy + 0.37 * size, 0.075 * size, _f(color)),
        Path(_ellipse(cx + 0.1 * size, cy - 0.1 * size, 0.3 * size, 0.22 * size, -math.pi / 4),
             _s(color, w, fill=color)),
        Path(_ellipse(cx + 0.16 * size, cy - 0.16 * size, 0.1 * size, 0.06 * size, -math.pi / 4), _f("#ffffff")),
    ]


def tracks(cx, cy, size, color):
    """Movement: two moccasin prints walking up and to the right."""
    out = []
    for ox, oy in ((-0.17, 0.14), (0.17, -0.14)):
        out.append(Path(_ellipse(cx + ox * size, cy + oy * size, 0.11 * size, 0.25 * size, 0.35), _f(color)))
    return out


def horseshoe(cx, cy, size, color):
    """Proximity: the cavalry's distance, a horseshoe open downward."""
    w = max(0.9, size * 0.15)
    r = 0.3 * size
    arc = [(cx + r * math.cos(a), cy - 0.02 * size - r * math.sin(a))
           for a in [math.radians(-35 + i * 250 / 16) for i in range(17)]]
    items = [Path(tuple(arc), Style(fill=None, stroke=color, width=w, cap="butt"), closed=False)]
    for a in (-10, 40, 140, 190):
        t = math.radians(a)
        items.append(Circle(cx + r * math.cos(t), cy - 0.02 * size - r * math.sin(t), w * 0.18, _f("#ffffff")))
    return items


def flame(cx, cy, size, color):
    """Resolve: a camp-fire flame over two crossed logs."""
    w = max(0.5, size * 0.06)
    outer = [(0.0, -0.46), (0.12, -0.28), (0.24, -0.12), (0.26, 0.06), (0.18, 0.2), (0.0, 0.26), (-0.18, 0.2),
             (-0.26, 0.06), (-0.22, -0.1), (-0.12, -0.02), (-0.1, -0.22)]
    inner = [(0.02, -0.16), (0.1, -0.02), (0.1, 0.1), (0.0, 0.17), (-0.1, 0.1), (-0.08, -0.02)]
    return [
        Path(_pts(cx, cy, size, outer), _s(color, w, fill=color)),
        Path(_pts(cx, cy, size, inner), _f("#ffffff")),
        Line(cx - 0.34 * size, cy + 0.42 * size, cx + 0.34 * size, cy + 0.28 * size, _s(color, max(0.8, size * 0.09))),
        Line(cx - 0.34 * size, cy + 0.28 * size, cx + 0.34 * size, cy + 0.42 * size, _s(color, max(0.8, size * 0.09))),
    ]


def sabres(cx, cy, size, color):
    """A raid: two crossed cavalry sabres, hilts down."""
    w = max(0.6, size * 0.07)
    out = []
    for sgn in (1, -1):
        blade = [(sgn * (-0.3 + 0.64 * t), 0.3 - 0.72 * t - 0.1 * math.sin(math.pi * t)) for t in
                 [i / 8 for i in range(9)]]
        out.append(Path(_pts(cx, cy, size, blade), _s(color, w), closed=False))
        (x0, y0), (x1, y1) = blade[0], blade[1]
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        px, py = -dy / n * 0.1, dx / n * 0.1
        gx, gy = x0 + dx * 0.3, y0 + dy * 0.3
        out.append(Line(cx + (gx - px) * size, cy + (gy - py) * size, cx + (gx + px) * size, cy + (gy + py) * size,
                        _s(color, w * 1.1)))
        out.append(Line(cx + x0 * size, cy + y0 * size, cx + (x0 - dx * 0.7) * size, cy + (y0 - dy * 0.7) * size,
                        _s(color, w * 1.6)))
    return out


def two_down(cx, cy, size, color):
    """Lose two: a pair of arrows pointing down."""
    w = max(0.6, size * 0.08)
    out = []
    for ox in (-0.18, 0.18):
        x = cx + ox * size
        out.append(Line(x, cy - 0.4 * size, x, cy + 0.16 * size, _s(color, w)))
        out.append(Path(_pts(cx, cy, size, [(ox - 0.15, 0.1), (ox + 0.15, 0.1), (ox, 0.42)]), _s(color, w * 0.6, fill=color)))
    return out


def storm(cx, cy, size, color):
    """A bad omen: a dark storm cloud with a lightning bolt."""
    puffs = ((-0.2, -0.08, 0.17), (0.02, -0.2, 0.2), (0.22, -0.06, 0.16))
    out = [Circle(cx + x * size, cy + y * size, r * size, _f(color)) for x, y, r in puffs]
    out.append(Path(_pts(cx, cy, size, [(-0.36, -0.02), (0.38, -0.02), (0.38, 0.08), (-0.36, 0.08)]), _f(color)))
    bolt = [(0.02, 0.02), (0.14, 0.02), (0.06, 0.2), (0.16, 0.2), (-0.06, 0.48), (0.0, 0.27), (-0.1, 0.27)]
    out.append(Path(_pts(cx, cy, size, bolt), _s(color, max(0.4, size * 0.03), fill="#ffffff")))
    return out


def crow(cx, cy, size, color, fill: str | None = "#ffffff"):
    """A crow perched, facing left: an outline a player can colour in."""
    w = max(0.5, size * 0.045)
    body = [(-0.47, -0.12), (-0.32, -0.2), (-0.24, -0.3), (-0.12, -0.31), (-0.03, -0.24), (0.08, -0.12),
            (0.26, -0.04), (0.4, 0.06), (0.5, 0.18), (0.47, 0.22), (0.33, 0.17), (0.18, 0.16),
            (0.04, 0.2), (-0.12, 0.16), (-0.22, 0.06), (-0.27, -0.06), (-0.33, -0.1)]
    wing = [(-0.08, -0.08), (0.08, 0.0), (0.24, 0.04), (0.36, 0.12)]
    return [
        Line(cx - 0.06 * size, cy + 0.18 * size, cx - 0.09 * size, cy + 0.38 * size, _s(color, w)),
        Line(cx + 0.04 * size, cy + 0.19 * size, cx + 0.05 * size, cy + 0.38 * size, _s(color, w)),
        Line(cx - 0.2 * size, cy + 0.38 * size, cx + 0.2 * size, cy + 0.38 * size, _s(color, w)),
        Path(_pts(cx, cy, size, body), _s(color, w, fill=fill)),
        Path(_pts(cx, cy, size, wing), _s(color, w * 0.8), closed=False),
        Circle(cx - 0.2 * size, cy - 0.22 * size, 0.03 * size + 0.2, _f(color)),
    ]


def terrain_hex(terrain: str):
    """'Colour a hex as this terrain': a small hex outline with the terrain's glyph."""

    def draw(cx, cy, size, color):
        layout = hexgrid.Layout(hexgrid.FLAT, (size * 0.5, size * 0.5), (cx, cy))
        corners = tuple(hexgrid.hex_corners(layout, (0, 0)))
        return [Path(corners, _s(color, max(0.5, size * 0.05), fill="#ffffff"))] + \
            list(base.ICONS[terrain](cx, cy + size * 0.02, size * 0.62, color))

    return draw


def fort(cx, cy, size, color):
    """Fort Benton: a palisade with a flag."""
    w = max(0.5, size * 0.05)
    stakes = []
    n = 6
    for i in range(n):
        x0 = -0.4 + 0.8 * i / n
        x1 = x0 + 0.8 / n
        stakes += [(x0, -0.02), ((x0 + x1) / 2, -0.12), (x1, -0.02)]
    outline = [(-0.4, 0.36)] + stakes + [(0.4, 0.36)]
    out = [Path(_pts(cx, cy, size, outline), _s(color, w, fill="#ffffff"))]
    for i in range(1, n):
        x = cx + (-0.4 + 0.8 * i / n) * size
        out.append(Line(x, cy - 0.02 * size, x, cy + 0.36 * size, _s(color, w * 0.7)))
    out.append(Path(_pts(cx, cy, size, [(-0.1, 0.36), (-0.1, 0.18), (0.1, 0.18), (0.1, 0.36)]),
                    _s(color, w, fill=color)))
    out.append(Line(cx, cy - 0.1 * size, cx, cy - 0.46 * size, _s(color, w)))
    out.append(Path(_pts(cx, cy, size, [(0.0, -0.46), (0.26, -0.38), (0.0, -0.3)]), _s(color, w, fill=color)))
    return out


ICONS = {
    "wild": feather, "feather": feather, "food": food, "movement": tracks, "tracks": tracks,
    "proximity": horseshoe, "horseshoe": horseshoe, "resolve": flame, "flame": flame, "doubt": flame,
    "raid": sabres, "sabres": sabres, "lose-two": two_down, "omen": storm, "storm": storm,
    "fever": base.fever, "crow": crow, "fort": fort,
    "plains": terrain_hex("plains"), "forest": terrain_hex("forest"), "mountains": terrain_hex("mountains"),
}


def crows_icon(name: str, cx: float, cy: float, size: float, color: str, **kw) -> Group:
    return Group(tuple(ICONS[name](cx, cy, size, color, **kw)), name=f"icon:{name}")
