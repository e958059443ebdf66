"""Inks: the colours (or greys) a printable uses, and terrain fills as tints or hatches."""
from __future__ import annotations

from lostprint.palette import INKS, MIN_TEXT, Palette, palette  # noqa: F401  (the builders' names for them)
from lostprint.scene import Hatch, Style


def terrain_style(terrain, pal: Palette, stroke: str | None = None, width: float = 0.6) -> Style:
    """A hex filled as this terrain: a light tint in colour, a distinct hatch in mono."""
    if pal.tints:
        return Style(fill=terrain.tint, stroke=stroke or pal.hex_line, width=width)
    kind, angle, spacing = terrain.hatch
    hatch = Hatch(id=f"hatch-{terrain.key}", kind=kind, angle=angle, spacing=spacing, width=0.35,
                  color=pal.hatch)
    return Style(fill=pal.paper, stroke=stroke or pal.hex_line, width=width, hatch=hatch)


def stroke(color: str, width: float = 0.6, dash: tuple[float, ...] = ()) -> Style:
    return Style(fill=None, stroke=color, width=width, dash=dash)


def fill(color: str) -> Style:
    return Style(fill=color, stroke=None, width=0)


def boxed(fill_color: str | None, line: str, width: float = 0.6) -> Style:
    return Style(fill=fill_color, stroke=line, width=width)
