"""SVG renderer (svgwrite). Every id is explicit, so the same Scene gives the same bytes."""
from __future__ import annotations

import svgwrite

from lostprint import __version__
from lostprint.fonts import FONTS
from lostprint.palette import PAPER_WHITE
from lostprint.scene import Circle, Group, Hatch, Line, Path, Rect, Scene, Style, Text, hatches, walk
from lostprint.text.fallback import is_simple
from lostprint.text.svg import font_face_css, outline_paths


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _stroke_attrs(style: Style) -> dict:
    if style.stroke is None or style.width <= 0:
        return {"stroke": "none"}
    attrs = {"stroke": style.stroke, "stroke_width": _num(style.width),
             "stroke_linecap": style.cap, "stroke_linejoin": style.join}
    if style.dash:
        attrs["stroke_dasharray"] = " ".join(_num(d) for d in style.dash)
    return attrs


def _pattern(dwg, h: Hatch):
    s = h.spacing
    pat = dwg.pattern(id=h.id, patternUnits="userSpaceOnUse", size=(_num(s), _num(s)),
                      patternTransform=f"rotate({_num(h.angle)})")
    if h.background:
        pat.add(dwg.rect((0, 0), (_num(s), _num(s)), fill=h.background))
    if h.kind == "dots":
        pat.add(dwg.circle((_num(s / 2), _num(s / 2)), _num(h.width), fill=h.color))
    else:
        # a horizontal line through the middle of the tile; rotated by the pattern transform
        pat.add(dwg.line((0, _num(s / 2)), (_num(s), _num(s / 2)), stroke=h.color,
                         stroke_width=_num(h.width)))
        if h.kind == "cross":
            pat.add(dwg.line((_num(s / 2), 0), (_num(s / 2), _num(s)), stroke=h.color,
                             stroke_width=_num(h.width)))
    return pat


def _shape(dwg, item, **attrs):
    if isinstance(item, Path):
        pts = [(_num(x), _num(y)) for x, y in item.points]
        return dwg.polygon(pts, **attrs) if item.closed else dwg.polyline(pts, **attrs)
    if isinstance(item, Circle):
        return dwg.circle((_num(item.cx), _num(item.cy)), _num(item.r), **attrs)
    if isinstance(item, Rect):
        extra = {"rx": _num(item.radius), "ry": _num(item.radius)} if item.radius else {}
        return dwg.rect((_num(item.x), _num(item.y)), (_num(item.w), _num(item.h)), **extra, **attrs)
    raise TypeError(item)


def _add(dwg, parent, item) -> None:
    if isinstance(item, Group):
        g = dwg.g()
        for child in item.items:
            _add(dwg, g, child)
        parent.add(g)
    elif isinstance(item, Text) and not is_simple(item.text, item.font):
        # other scripts: glyph outlines, shaped and in visual order, exactly as in the PDF
        g = dwg.g(fill=item.fill, **{"aria-label": item.text, "role": "img"})
        for d, transform in outline_paths(item.text, item.font, item.size, item.x, item.y, item.anchor):
            g.add(dwg.path(d=d, transform=transform))
        parent.add(g)
    elif isinstance(item, Text):
        font = FONTS[item.font]
        attrs = {"font_family": font.family, "font_size": _num(item.size), "fill": item.fill}
        if font.weight != "normal":
            attrs["font_weight"] = font.weight
        if font.style != "normal":
            attrs["font_style"] = font.style
        if item.anchor != "start":
            attrs["text_anchor"] = item.anchor
        if item.angle:
            attrs["transform"] = f"rotate({_num(-item.angle)} {_num(item.x)} {_num(item.y)})"
        parent.add(dwg.text(item.text, insert=(_num(item.x), _num(item.y)), **attrs))
    elif isinstance(item, Line):
        parent.add(dwg.line((_num(item.x1), _num(item.y1)), (_num(item.x2), _num(item.y2)),
                            **_stroke_attrs(item.style)))
    else:
        style = item.style
        if style.hatch is None:
            parent.add(_shape(dwg, item, fill=style.fill or "none", **_stroke_attrs(style)))
            return
        if style.fill is not None:
            parent.add(_shape(dwg, item, fill=style.fill, stroke="none"))
        parent.add(_shape(dwg, item, fill=f"url(#{style.hatch.id})", **_stroke_attrs(style)))


def render(scene: Scene, page: int = 0, **_options) -> bytes:
    sheet = scene.all_pages()[page]
    dwg = svgwrite.Drawing(size=(f"{_num(sheet.width)}pt", f"{_num(sheet.height)}pt"),
                           viewBox=f"0 0 {_num(sheet.width)} {_num(sheet.height)}", debug=False)
    meta = scene.meta()
    dwg.set_desc(title=meta.get("title", "lostprint"),
                 desc="; ".join(f"{k}={v}" for k, v in scene.metadata if k != "title") + f"; lostprint={__version__}")
    for h in hatches(sheet.items):
        dwg.defs.add(_pattern(dwg, h))
    used: dict[str, set[str]] = {}
    for item in walk(sheet.items):
        if isinstance(item, Text) and is_simple(item.text, item.font):
            used.setdefault(item.font, set()).update(item.text)
    if used:  # the SVG carries its fonts: subset, as @font-face data
        dwg.defs.add(dwg.style(font_face_css(used)))
    dwg.add(dwg.rect((0, 0), (_num(sheet.width), _num(sheet.height)), fill=PAPER_WHITE))
    for item in sheet.items:
        _add(dwg, dwg, item)
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + dwg.tostring() + "\n").encode("utf-8")
