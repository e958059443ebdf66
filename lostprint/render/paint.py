"""The one PDF painter: Scene items (y down, points) onto a reportlab canvas.

Sheets (through lostprint.render.pdf), journals and rulebooks (through SceneFlowable) all paint
with `paint`. It draws a filled and stroked shape as one path, sets colours, widths and dashes
only when they change, and draws a hatch as one path of lines or dots.
"""
from __future__ import annotations

import functools
import math

from reportlab.lib.rl_accel import fp_str  # loaded with reportlab's canvas: paint draws only on one

from lostprint.fonts import registered
from lostprint.scene import Circle, Group, Hatch, Line, Path, Rect, Style, Text, bbox
from lostprint.text.fallback import is_simple

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


@functools.lru_cache(maxsize=256)
def _rgb(color: str) -> tuple[float, float, float]:
    color = color.lstrip("#")
    return tuple(int(color[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


class _PathCode:
    """A path as reportlab's path object would hold it, for canvas.drawPath and clipPath: the PDF
    operators written at once, with one call to reportlab's number formatter per shape rather than
    one per point (the formatter writes each number alone, so the text is the same)."""

    __slots__ = ("code",)

    def __init__(self, code: str):
        self.code = code

    def getCode(self) -> str:  # noqa: N802 (reportlab's name)
        return self.code


def text_pdf():
    """lostprint.text.pdf: shaped text in a PDF (reportlab.platypus, HarfBuzz, python-bidi), loaded only
    when a text needs shaping (or a document is drawn as Scenes)."""
    from lostprint.text import pdf
    return pdf


def _numbers(*values: float) -> list[str]:
    return fp_str(*values).split(" ")


def polyline_code(points, closed: bool) -> str:
    """`n x y m x y l ... [h]`: moveTo, lineTo and close of a reportlab path."""
    flat = [v for point in points for v in point]
    nums = _numbers(*flat)
    ops = [f"n {nums[0]} {nums[1]} m"]
    ops += [f"{x} {y} l" for x, y in zip(nums[2::2], nums[3::2])]
    if closed:
        ops.append("h")
    return " ".join(ops)


@functools.cache
def _circle_factors() -> tuple[tuple[float, ...], ...]:
    """For each of the four quarter arcs of a full circle, the cosine and sine factors reportlab's
    bezierArc(x1, y1, x2, y2, 0, 360) multiplies its radii by, computed by the same expressions."""
    frag = 360.0 / 4
    half = frag * math.pi / 360.
    kappa = abs(4. / 3. * (1. - math.cos(half)) / math.sin(half))
    out = []
    for i in range(4):
        a0 = (0 + i * frag) * math.pi / 180.
        a1 = (0 + (i + 1) * frag) * math.pi / 180.
        out.append((math.cos(a0), math.sin(a0),
                    math.cos(a0) - kappa * math.sin(a0), math.sin(a0) + kappa * math.cos(a0),
                    math.cos(a1) + kappa * math.sin(a1), math.sin(a1) - kappa * math.cos(a1),
                    math.cos(a1), math.sin(a1)))
    return tuple(out)


def circle_code(cx: float, cy: float, r: float) -> str:
    """reportlab's path.circle(cx, cy, r): an ellipse in the box (cx - r, cy - r, 2r, 2r) drawn as four
    Bezier quarters, with the same arithmetic as its bezierArc, so the same numbers."""
    x, y = cx - r, cy - r
    width = height = 2 * r
    x1, y1, x2, y2 = min(x, x + width), max(y, y + height), max(x, x + width), min(y, y + height)
    xc, yc = (x1 + x2) / 2., (y1 + y2) / 2.
    rx, ry = (x2 - x1) / 2., (y2 - y1) / 2.
    curves = [(xc + rx * c0, yc - ry * s0, xc + rx * c1, yc - ry * s1, xc + rx * c2, yc - ry * s2,
               xc + rx * c3, yc - ry * s3) for c0, s0, c1, s1, c2, s2, c3, s3 in _circle_factors()]
    flat = list(curves[0][:2])
    for curve in curves:
        flat += curve[2:]
    n = _numbers(*flat)
    return " ".join([f"n {n[0]} {n[1]} m"] + [" ".join(n[2 + 6 * k:8 + 6 * k]) + " c" for k in range(4)])


def round_rect_code(x: float, y: float, width: float, height: float, radius: float) -> str:
    """reportlab's path.roundRect with one radius: the same points in the same order."""
    m = 0.4472  # reportlab's radius multiplier for a quarter circle
    xlo, xhi = min(x, x + width), max(x, x + width)
    ylo, yhi = min(y, y + height), max(y, y + height)
    t = m * radius
    n = _numbers(xlo + radius, ylo, xhi - radius, ylo, xhi - t, ylo, xhi, ylo + t, xhi, ylo + radius,
                 xhi, yhi - radius, xhi, yhi - t, xhi - t, yhi, xhi - radius, yhi, xlo + radius, yhi,
                 xlo + t, yhi, xlo, yhi - t, xlo, yhi - radius, xlo, ylo + radius,
                 xlo, ylo + t, xlo + t, ylo, xlo + radius, ylo)
    return (f"n {n[0]} {n[1]} m {n[2]} {n[3]} l {' '.join(n[4:10])} c {n[10]} {n[11]} l {' '.join(n[12:18])} c "
            f"{n[18]} {n[19]} l {' '.join(n[20:26])} c {n[26]} {n[27]} l {' '.join(n[28:34])} c h")


def paint(canvas, items, height: float, page_start: bool = False) -> None:
    """Draw scene items on a canvas whose drawing area is `height` points tall (scene y runs down
    from its top). Leaves the canvas's graphics state as it found it. `page_start`: the canvas is on
    a page just begun, in PDF's initial state (solid lines, butt caps, mitred joins), not written again."""
    canvas.saveState()
    painter = _Painter(canvas, height)
    if page_start:
        painter.state.update(dash=(), cap="butt", join="miter")
    for item in items:
        painter.draw(item)
    canvas.restoreState()


class _Painter:
    """Draws items and remembers the graphics state it set, so it is written only on a change."""

    def __init__(self, c, height: float):
        self.c = c
        self.h = height
        self.state: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []

    def y(self, y: float) -> float:
        return self.h - y

    # --- graphics state, written only when it changes ------------------------------------------

    def fill(self, color: str) -> None:
        if self.state.get("fill") != color:
            self.c.setFillColorRGB(*_rgb(color))
            self.state["fill"] = color

    def stroke(self, color: str, width: float, cap: str = "round", join: str = "round",
               dash: tuple[float, ...] = ()) -> None:
        st, c = self.state, self.c
        if st.get("stroke") != color:
            c.setStrokeColorRGB(*_rgb(color))
            st["stroke"] = color
        if st.get("width") != width:
            c.setLineWidth(width)
            st["width"] = width
        if st.get("cap") != cap:
            c.setLineCap(_CAPS[cap])
            st["cap"] = cap
        if st.get("join") != join:
            c.setLineJoin(_JOINS[join])
            st["join"] = join
        if st.get("dash") != tuple(dash):
            c.setDash(list(dash) if dash else [])
            st["dash"] = tuple(dash)

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.state))

    def restore(self) -> None:
        self.c.restoreState()
        self.state = self.saved.pop()

    # --- shapes --------------------------------------------------------------------------------

    def path_of(self, item) -> _PathCode:
        h = self.h
        if isinstance(item, Path):
            return _PathCode(polyline_code([(x, h - y) for x, y in item.points], item.closed))
        if isinstance(item, Circle):
            return _PathCode(circle_code(item.cx, h - item.cy, item.r))
        if isinstance(item, Rect):
            if item.radius:
                return _PathCode(round_rect_code(item.x, h - (item.y + item.h), item.w, item.h, item.radius))
            return _PathCode("n " + " ".join(_numbers(item.x, h - (item.y + item.h), item.w, item.h)) + " re")
        raise TypeError(f"not a shape: {item!r}")

    def hatch(self, item, hatch: Hatch) -> None:
        c = self.c
        x0, y0, x1, y1 = bbox(item)
        self.save()
        c.clipPath(self.path_of(item), stroke=0, fill=0)
        if hatch.background:
            self.fill(hatch.background)
            c.rect(x0, self.y(y1), x1 - x0, y1 - y0, stroke=0, fill=1)
        box = (x0, y0, x1, y1)
        lines = hatch_lines(hatch, box)
        if lines:
            self.stroke(hatch.color, hatch.width, dash=())
            for xa, ya, xb, yb in lines:  # one stroke each: as one path, crossings would blend otherwise
                c.line(xa, self.y(ya), xb, self.y(yb))
        dots = hatch_dots(hatch, box)
        if dots:
            # a dot is a round-capped stroke of no length: a disc as wide as the line
            self.stroke(hatch.color, 2 * hatch.width, cap="round", dash=())
            nums = _numbers(*[v for cx, cy in dots for v in (cx, self.h - cy)])
            c.drawPath(_PathCode(" ".join(["n"] + [f"{x} {y} m {x} {y} l" for x, y in zip(nums[::2], nums[1::2])])),
                       stroke=1, fill=0)
        self.restore()

    def text(self, item: Text) -> None:
        c = self.c
        self.fill(item.fill)
        if not is_simple(item.text, item.font):  # other scripts: fallback fonts, shaped, bidi
            text_pdf().draw_text(c, item.text, item.font, item.size, item.x, self.y(item.y), item.anchor)
            self.state.pop("font", None)  # draw_text sets its own fonts
            return
        font = registered(item.font)
        if item.angle:  # a turned line: drawn at the origin of a turned frame
            c.saveState()
            c.translate(item.x, self.y(item.y))
            c.rotate(item.angle)
            c.setFont(font, item.size)
            x, y = 0.0, 0.0
        else:
            if self.state.get("font") != (font, item.size):
                c.setFont(font, item.size)
                self.state["font"] = (font, item.size)
            x, y = item.x, self.y(item.y)
        if item.anchor == "middle":
            c.drawCentredString(x, y, item.text)
        elif item.anchor == "end":
            c.drawRightString(x, y, item.text)
        else:
            c.drawString(x, y, item.text)
        if item.angle:
            c.restoreState()

    def draw(self, item) -> None:
        if isinstance(item, Group):
            for child in item.items:
                self.draw(child)
        elif isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Line):
            style = item.style
            if style.stroke is not None and style.width > 0:
                self.stroke(style.stroke, style.width, style.cap, style.join, style.dash)
                self.c.line(item.x1, self.y(item.y1), item.x2, self.y(item.y2))
        else:
            self.shape(item, item.style)

    def shape(self, item, style: Style) -> None:
        filled = style.fill is not None
        stroked = style.stroke is not None and style.width > 0
        if style.hatch is not None:  # fill, then the pattern over it, then the outline on top
            if filled:
                self.fill(style.fill)
                self.c.drawPath(self.path_of(item), stroke=0, fill=1)
            self.hatch(item, style.hatch)
            filled = False
        if not (filled or stroked):
            return
        if filled:
            self.fill(style.fill)
        if stroked:
            self.stroke(style.stroke, style.width, style.cap, style.join, style.dash)
        self.c.drawPath(self.path_of(item), stroke=1 if stroked else 0, fill=1 if filled else 0)


def hatch_lines(h: Hatch, box) -> list[tuple[float, float, float, float]]:
    """Line segments covering box for a line or cross hatch (shared with the SVG renderer's tile)."""
    if h.kind == "dots":
        return []
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = math.hypot(x1 - x0, y1 - y0) / 2 + h.spacing
    out = []
    angles = [h.angle] + ([h.angle + 90] if h.kind == "cross" else [])
    for angle in angles:
        a = math.radians(angle)
        dx, dy = math.cos(a), math.sin(a)
        nx, ny = -dy, dx
        n = int(reach / h.spacing) + 1
        for k in range(-n, n + 1):
            ox, oy = cx + nx * k * h.spacing, cy + ny * k * h.spacing
            out.append((ox - dx * reach, oy - dy * reach, ox + dx * reach, oy + dy * reach))
    return out


def hatch_dots(h: Hatch, box) -> list[tuple[float, float]]:
    if h.kind != "dots":
        return []
    x0, y0, x1, y1 = box
    out = []
    row = 0
    y = y0 - (y0 % h.spacing)
    while y <= y1 + h.spacing:
        x = x0 - (x0 % h.spacing) + (h.spacing / 2 if row % 2 else 0)
        while x <= x1 + h.spacing:
            out.append((x, y))
            x += h.spacing
        y += h.spacing
        row += 1
    return out
