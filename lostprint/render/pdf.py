"""PDF renderer (reportlab canvas). Invariant mode: the same Scene gives the same bytes."""
from __future__ import annotations

import io
import math

from reportlab.pdfgen import canvas as rl_canvas

from lostprint import __version__
from lostprint.fonts import registered
from lostprint.scene import Circle, Group, Hatch, Line, Path, Rect, Scene, Style, Text, bbox

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _rgb(color: str) -> tuple[float, float, float]:
    color = color.lstrip("#")
    return tuple(int(color[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


class _Painter:
    def __init__(self, c, height: float):
        self.c = c
        self.h = height

    def y(self, y: float) -> float:
        return self.h - y

    def apply(self, style: Style) -> tuple[bool, bool]:
        c = self.c
        fill = style.fill is not None
        stroke = style.stroke is not None and style.width > 0
        if fill:
            c.setFillColorRGB(*_rgb(style.fill))
        if stroke:
            c.setStrokeColorRGB(*_rgb(style.stroke))
            c.setLineWidth(style.width)
            c.setLineCap(_CAPS[style.cap])
            c.setLineJoin(_JOINS[style.join])
            c.setDash(list(style.dash) if style.dash else [])
        return fill, stroke

    def path_of(self, item):
        p = self.c.beginPath()
        if isinstance(item, Path):
            x, y = item.points[0]
            p.moveTo(x, self.y(y))
            for x, y in item.points[1:]:
                p.lineTo(x, self.y(y))
            if item.closed:
                p.close()
        elif isinstance(item, Circle):
            p.circle(item.cx, self.y(item.cy), item.r)
        elif isinstance(item, Rect):
            if item.radius:
                p.roundRect(item.x, self.y(item.y + item.h), item.w, item.h, item.radius)
            else:
                p.rect(item.x, self.y(item.y + item.h), item.w, item.h)
        return p

    def hatch(self, item, hatch: Hatch):
        c = self.c
        x0, y0, x1, y1 = bbox(item)
        c.saveState()
        c.clipPath(self.path_of(item), stroke=0, fill=0)
        if hatch.background:
            c.setFillColorRGB(*_rgb(hatch.background))
            c.rect(x0, self.y(y1), x1 - x0, y1 - y0, stroke=0, fill=1)
        c.setStrokeColorRGB(*_rgb(hatch.color))
        c.setFillColorRGB(*_rgb(hatch.color))
        c.setLineWidth(hatch.width)
        c.setDash([])
        for x1a, y1a, x2a, y2a in hatch_lines(hatch, (x0, y0, x1, y1)):
            c.line(x1a, self.y(y1a), x2a, self.y(y2a))
        for cx, cy in hatch_dots(hatch, (x0, y0, x1, y1)):
            c.circle(cx, self.y(cy), hatch.width, stroke=0, fill=1)
        c.restoreState()

    def draw(self, item) -> None:
        c = self.c
        if isinstance(item, Group):
            for child in item.items:
                self.draw(child)
        elif isinstance(item, Text):
            c.setFillColorRGB(*_rgb(item.fill))
            c.setFont(registered(item.font), item.size)
            y = self.y(item.y)
            if item.anchor == "middle":
                c.drawCentredString(item.x, y, item.text)
            elif item.anchor == "end":
                c.drawRightString(item.x, y, item.text)
            else:
                c.drawString(item.x, y, item.text)
        elif isinstance(item, Line):
            _, stroke = self.apply(item.style)
            if stroke:
                c.line(item.x1, self.y(item.y1), item.x2, self.y(item.y2))
        else:
            style = item.style
            if style.fill is not None:
                c.setFillColorRGB(*_rgb(style.fill))
                c.drawPath(self.path_of(item), stroke=0, fill=1)
            if style.hatch is not None:
                self.hatch(item, style.hatch)
            if style.stroke is not None and style.width > 0:
                self.apply(style)
                c.drawPath(self.path_of(item), stroke=1, fill=0)


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


def set_print_boxes(c, page: Scene) -> None:
    """TrimBox and BleedBox from the page metadata ('x0 y0 x1 y1' in scene coordinates, y down);
    a page without them gets the whole page (reportlab would otherwise keep the last page's box)."""
    boxes = page.meta()
    for key, setter in (("bleedbox", c.setBleedBox), ("trimbox", c.setTrimBox)):
        x0, y0, x1, y1 = (float(v) for v in boxes.get(key, f"0 0 {page.width} {page.height}").split())
        setter(tuple(round(v * 100) / 100 for v in (x0, page.height - y1, x1, page.height - y0)))


def render(scene: Scene, **_options) -> bytes:
    buf = io.BytesIO()
    meta = scene.meta()
    c = rl_canvas.Canvas(buf, pagesize=(scene.width, scene.height), invariant=1,
                         initialFontName=registered("sans"), pageCompression=1)
    c.setTitle(meta.get("title", "lostprint"))
    c.setAuthor(meta.get("author", "lostprint"))
    c.setSubject(meta.get("subject", ""))
    c.setCreator(f"lostprint {__version__}")
    c.setProducer(f"lostprint {__version__}")
    skip = ("title", "author", "subject", "trimbox", "bleedbox", "section", "side")
    keywords = [f"{k}={v}" for k, v in scene.metadata if k not in skip]
    c.setKeywords(keywords + [f"lostprint={__version__}"])
    pages = scene.all_pages()
    with_boxes = any("trimbox" in p.meta() or "bleedbox" in p.meta() for p in pages)
    for page in pages:
        c.setPageSize((page.width, page.height))
        if with_boxes:
            set_print_boxes(c, page)
        painter = _Painter(c, page.height)
        for item in page.items:
            painter.draw(item)
        c.showPage()
    c.save()
    return buf.getvalue()
