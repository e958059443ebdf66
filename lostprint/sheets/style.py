"""Inks: the colours (or greys) a printable uses, and terrain fills as tints or hatches."""
from __future__ import annotations

from typing import NamedTuple

from lostprint.scene import Hatch, Style

MIN_TEXT = 6.5  # points: nothing is printed smaller


class Palette(NamedTuple):
    name: str  # color | mono
    ink: str  # text and main lines
    soft: str  # secondary text
    faint: str  # labels along the map edge, guides
    line: str  # box outlines
    panel: str  # panel background
    header: str  # header band of tables and panels
    header_text: str
    accent: str  # titles, highlights
    water: str  # rivers, sea accents
    water_fill: str
    hex_fill: str  # an empty, unmapped hex
    hex_line: str
    house: str  # the house-rule mark


INKS = {
    "color": Palette("color", "#231f1a", "#4a433a", "#8c8377", "#6b6258", "#fbf8f1", "#e8dfc9",
                     "#231f1a", "#7a2e12", "#2f6fa8", "#d6e7f5", "#ffffff", "#5d544a", "#9b3d12"),
    "mono": Palette("mono", "#000000", "#333333", "#808080", "#555555", "#ffffff", "#e2e2e2",
                    "#000000", "#000000", "#333333", "#e6e6e6", "#ffffff", "#444444", "#000000"),
}


def palette(ink: str) -> Palette:
    try:
        return INKS[ink]
    except KeyError:
        raise ValueError(f"unknown ink {ink!r} (choose color or mono)") from None


def terrain_style(terrain, pal: Palette, stroke: str | None = None, width: float = 0.6) -> Style:
    """A hex filled as this terrain: a light tint in colour, a distinct hatch in mono."""
    if pal.name == "color":
        return Style(fill=terrain.tint, stroke=stroke or pal.hex_line, width=width)
    kind, angle, spacing = terrain.hatch
    hatch = Hatch(id=f"hatch-{terrain.key}", kind=kind, angle=angle, spacing=spacing, width=0.35,
                  color="#9a9a9a")
    return Style(fill="#ffffff", stroke=stroke or pal.hex_line, width=width, hatch=hatch)


def stroke(color: str, width: float = 0.6, dash: tuple[float, ...] = ()) -> Style:
    return Style(fill=None, stroke=color, width=width, dash=dash)


def fill(color: str) -> Style:
    return Style(fill=color, stroke=None, width=0)


def boxed(fill_color: str | None, line: str, width: float = 0.6) -> Style:
    return Style(fill=fill_color, stroke=line, width=width)
