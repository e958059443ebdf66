"""The Scene: plain, frozen drawing data in points, with y growing downward (as in SVG).

Builders return a Scene; renderers (lostprint.render) turn it into PDF, SVG or PNG. Nothing here
knows about a backend. Colours are "#rrggbb" strings; fonts are keys of lostprint.fonts.FONTS.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterator, Union

from lostprint.fonts import text_box

Point = tuple[float, float]


@dataclass(frozen=True)
class Hatch:
    """A fill pattern: parallel lines (or crossed, or dots) repeated every `spacing` points."""

    id: str
    kind: str = "lines"  # lines | cross | dots
    angle: float = 45.0
    spacing: float = 3.0
    width: float = 0.4
    color: str = "#000000"
    background: str | None = None


@dataclass(frozen=True)
class Style:
    """How a shape is drawn: fill, stroke and its width, dash, hatch, line cap and join."""

    fill: str | None = None
    stroke: str | None = "#000000"
    width: float = 0.5
    dash: tuple[float, ...] = ()
    hatch: Hatch | None = None  # drawn over the fill, clipped to the shape
    cap: str = "round"  # butt | round | square
    join: str = "round"  # miter | round | bevel


@dataclass(frozen=True)
class Path:
    """A polyline, or a polygon when closed. `role` names what it is, for tests and hit-checks."""

    points: tuple[Point, ...]
    style: Style = Style()
    closed: bool = True
    role: str = ""


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()
    role: str = ""


@dataclass(frozen=True)
class Circle:
    """A circle centred on (cx, cy) with radius r."""

    cx: float
    cy: float
    r: float
    style: Style = Style()
    role: str = ""


@dataclass(frozen=True)
class Rect:
    """A rectangle: (x, y) its top-left corner, w x h its size, `radius` its rounded corners."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0
    role: str = ""


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline point at the anchor (start | middle | end). `angle`
    turns the line about that point, in degrees counter-clockwise as seen on the page (90: it reads
    bottom to top)."""

    x: float
    y: float
    text: str
    size: float = 8.0
    font: str = "sans"
    anchor: str = "start"
    fill: str = "#000000"
    role: str = ""
    angle: float = 0.0


@dataclass(frozen=True)
class Group:
    """Items drawn together. `box` (x, y, w, h) is the layout box the group claims, if any."""

    items: tuple["Item", ...]
    name: str = ""
    box: tuple[float, float, float, float] | None = None


Item = Union[Path, Line, Circle, Rect, Text, Group]


@dataclass(frozen=True)
class Scene:
    """A page of items (points, y down); `pages` are the further pages of a multi-page document."""

    width: float
    height: float
    items: tuple[Item, ...]
    metadata: tuple[tuple[str, str], ...] = ()
    margin: float = 18.0
    pages: tuple["Scene", ...] = field(default=())  # extra pages, for multi-page documents

    def meta(self) -> dict[str, str]:
        return dict(self.metadata)

    def all_pages(self) -> tuple["Scene", ...]:
        return (self,) + self.pages


def walk(items: tuple[Item, ...]) -> Iterator[Item]:
    """Every item, groups flattened (groups themselves are yielded before their children)."""
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.items)


def hatches(items: tuple[Item, ...]) -> list[Hatch]:
    """The distinct hatch patterns used, in first-use order (so ids are stable)."""
    seen: dict[str, Hatch] = {}
    for item in walk(items):
        style = getattr(item, "style", None)
        if style is not None and style.hatch is not None:
            seen.setdefault(style.hatch.id, style.hatch)
    return list(seen.values())


def _turned(box, x: float, y: float, angle: float) -> tuple[float, float, float, float]:
    """The bounds of `box` turned by `angle` degrees (counter-clockwise on the page, y down) about (x, y)."""

    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = [(x + (px - x) * c + (py - y) * s, y - (px - x) * s + (py - y) * c)
           for px in (box[0], box[2]) for py in (box[1], box[3])]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def bbox(item: Item) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of an item, text included (via font metrics)."""
    if isinstance(item, Path):
        xs = [p[0] for p in item.points]
        ys = [p[1] for p in item.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Text):

        box = text_box(item.text, item.font, item.size, item.x, item.y, item.anchor)
        return _turned(box, item.x, item.y, item.angle) if item.angle else box
    if isinstance(item, Group):
        boxes = [bbox(child) for child in item.items]
        if item.box is not None:
            x, y, w, h = item.box
            boxes.append((x, y, x + w, y + h))
        if not boxes:
            return 0.0, 0.0, 0.0, 0.0
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
    raise TypeError(f"not a scene item: {item!r}")


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
             tolerance: float = 0.01) -> bool:
    return (a[0] < b[2] - tolerance and b[0] < a[2] - tolerance
            and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance)
