"""Paper sizes, margins, boxes and the one unit parser (mm, in, pt, cm)."""
from __future__ import annotations

import re
from typing import NamedTuple

MM = 72.0 / 25.4
INCH = 72.0
UNITS = {"pt": 1.0, "mm": MM, "cm": 10 * MM, "in": INCH}

PAPERS = {"letter": (8.5 * INCH, 11 * INCH), "a4": (210 * MM, 297 * MM)}
MIN_MARGIN = 0.25 * INCH  # 6.35 mm clear at every edge

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|mm|cm|in)?\s*$")


def parse_length(text: str | float | int, default_unit: str = "mm") -> float:
    """'40mm' / '1.5in' / '12pt' / 40 -> points. Raises ValueError naming the bad text."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return float(text) * UNITS[default_unit]
    m = _LENGTH.match(str(text))
    if not m:
        raise ValueError(f"{text!r} is not a length (write it like 40mm, 1.5in or 12pt)")
    return float(m.group(1)) * UNITS[m.group(2) or default_unit]


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def split_x(self, *widths: float, gap: float = 0.0) -> list["Box"]:
        """Columns of the given widths (a width <= 0 shares out what is left), left to right."""
        fixed = sum(w for w in widths if w > 0)
        flex = [w for w in widths if w <= 0]
        rest = self.w - fixed - gap * (len(widths) - 1)
        share = rest / len(flex) if flex else 0.0
        out, x = [], self.x
        for w in widths:
            width = w if w > 0 else share
            out.append(Box(x, self.y, width, self.h))
            x += width + gap
        return out

    def split_y(self, *heights: float, gap: float = 0.0) -> list["Box"]:
        fixed = sum(h for h in heights if h > 0)
        flex = [h for h in heights if h <= 0]
        rest = self.h - fixed - gap * (len(heights) - 1)
        share = rest / len(flex) if flex else 0.0
        out, y = [], self.y
        for h in heights:
            height = h if h > 0 else share
            out.append(Box(self.x, y, self.w, height))
            y += height + gap
        return out


def page_size(paper: str, landscape: bool = True) -> tuple[float, float]:
    try:
        w, h = PAPERS[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r} (choose letter or a4)") from None
    return (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))


def content_box(paper: str, landscape: bool = True, margin: float = 10 * MM) -> Box:
    w, h = page_size(paper, landscape)
    margin = max(margin, MIN_MARGIN)
    return Box(margin, margin, w - 2 * margin, h - 2 * margin)
