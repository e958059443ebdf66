"""Inks as roles: every colour a printable uses has a name here, one value per ink (color, mono).

Builders ask the palette for a role (`pal.ink`, `pal.hatch`...) instead of branching on the ink; the
print checks read MIN_TEXT from here too, so they need nothing from the builders.
"""
from __future__ import annotations

from typing import NamedTuple

MIN_TEXT = 6.5  # points: nothing is printed smaller
PAPER_WHITE = "#ffffff"  # the sheet of paper: the background of every page, in every ink


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
    paper: str = PAPER_WHITE  # the page itself: what a blank shape is filled with
    hatch: str = "#9a9a9a"  # mono terrain patterns, light enough to write over
    # player-sheet roles (sheets/): every colour a sheet builder uses, so none branches on the ink
    tints: bool = True  # terrain as light tints (else as hatches in `hatch`)
    zebra: str = "#f1ead8"  # every other row of a table
    coord: str = "#a59c90"  # a hex's coordinate: light enough to draw over
    mute: str = "#cdbfa6"  # drawings that stay in the background (slot glyphs, silhouettes)
    tile: str = "#efe3c8"  # a Crows tile on the setup diagram
    shade: str = "#eadfd4"  # a hex nobody enters (Fort Benton)
    sand: str = "#efe2b8"  # a printed islet
    bad: str = "#f3ddd2"  # chart rows to avoid
    good: str = "#e3edd6"  # chart rows to aim for
    low: str = "#f4eedf"  # other chart rows
    river: str = "#2f6fa8"  # a printed river
    river_core: str = "#2f6fa8"  # the river's middle stripe: white in mono, unlike every outline
    waves: str = "#2f6fa8"  # wave strokes on printed sea


INKS = {
    "color": Palette("color", "#231f1a", "#4a433a", "#8c8377", "#6b6258", "#fbf8f1", "#e8dfc9",
                     "#231f1a", "#7a2e12", "#2f6fa8", "#d6e7f5", "#ffffff", "#5d544a", "#9b3d12"),
    "mono": Palette("mono", "#000000", "#333333", "#808080", "#555555", "#ffffff", "#e2e2e2",
                    "#000000", "#000000", "#333333", "#e6e6e6", "#ffffff", "#444444", "#000000",
                    tints=False, zebra="#e2e2e2", coord="#9a9a9a", mute="#c4c4c4", tile="#e2e2e2",
                    shade="#e4e4e4", sand="#ffffff", bad="#e4e4e4", good="#ffffff", low="#f2f2f2",
                    river="#333333", river_core="#ffffff", waves="#777777"),
}


def palette(ink: str) -> Palette:
    try:
        return INKS[ink]
    except KeyError:
        raise ValueError(f"unknown ink {ink!r} (choose {' or '.join(INKS)})") from None
