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
    river_light: str = "#8fbbe0"  # a river through hex centres (1572): light, so pencil shows on it
    river_dash: tuple[float, ...] = ()  # points: a dark dashed thread in a cased river's core (mono), so it reads as water
    waves: str = "#2f6fa8"  # wave strokes on printed sea
    # books (journals, rulebooks): every colour or pattern that differs by ink
    route: str = "#b3261e"  # the route a game took, its day tags and the ring where it ended
    route_dash: tuple[float, ...] = ()  # the route's dash, in hex sizes: long dashes in mono (never the river)
    ring_dash: tuple[float, ...] = ()  # points: the ring round the hex where the game ended
    trail: str = "#7a5a2e"  # a trail drawn on the map
    plot: str = "#e8d9a8"  # a plot circle's ground on a journal map
    island: str = "#bcd9a4"  # an island landed on
    series: tuple[str, ...] = ("#8c2d19", "#2f6fa8", "#3f7f3a", "#b07d12", "#6a4c93", "#2a7f7f")  # chart lines
    grid: str = "#d9d2c4"  # a chart's faint grid
    band: str = "#e4ddd0"  # a chart's shaded band (above a lowered cap)
    example: str = "#f1ead8"  # the ground of a worked example in a rulebook
    pieces_coloured: bool = True  # player pieces in their colours (else white with ink letters)
    start_tile: str = "#e9e1cc"  # a starting tile on the Crows kit's setup diagram

    def piece(self, colour: str) -> tuple[str, str]:
        """(fill, letter) of a player's piece of that colour."""
        return (colour, "#ffffff") if self.pieces_coloured else (self.paper, self.ink)


INKS = {
    "color": Palette("color", "#231f1a", "#4a433a", "#8c8377", "#6b6258", "#fbf8f1", "#e8dfc9",
                     "#231f1a", "#7a2e12", "#2f6fa8", "#d6e7f5", "#ffffff", "#5d544a", "#9b3d12"),
    "mono": Palette("mono", "#000000", "#333333", "#808080", "#555555", "#ffffff", "#e2e2e2",
                    "#000000", "#000000", "#333333", "#e6e6e6", "#ffffff", "#444444", "#000000",
                    tints=False, zebra="#e2e2e2", coord="#9a9a9a", mute="#c4c4c4", tile="#e2e2e2",
                    shade="#e4e4e4", sand="#ffffff", bad="#e4e4e4", good="#ffffff", low="#f2f2f2",
                    river="#333333", river_core="#ffffff", river_light="#333333", river_dash=(2.4, 1.8),
                    waves="#777777",
                    route="#000000", route_dash=(0.32, 0.12), ring_dash=(4.0, 2.2), trail="#000000",
                    plot="#ffffff", island="#d9d9d9", series=("#000000",), grid="#cccccc", band="#e2e2e2",
                    example="#eeeeee", pieces_coloured=False, start_tile="#e6e6e6"),
}


def palette(ink: str) -> Palette:
    try:
        return INKS[ink]
    except KeyError:
        raise ValueError(f"unknown ink {ink!r} (choose {' or '.join(INKS)})") from None


PARCHMENT = "#f7f0dd"  # the kit's card stock in colour


class KitInks(NamedTuple):
    """The Crows kit's pieces (crows/art.py): every colour that differs by ink. `None` means the piece's
    own colour from the game data (a tile type's tint or deep colour, a spell's or a totem's colour)."""
    name: str
    tile_art: str | None = None  # a tile's icon and name
    halo: str | None = None  # a white disc behind a tile's icon and a plate behind its name (hatched tiles)
    tile_plate: str = "#fffdf5"  # the name plate of a tile
    night_ground: str | None = None  # the Nightfall tile
    night_art: str | None = None
    night_text: str = "#f3e7b3"
    night_plate: str = "#232840"
    card: str = PARCHMENT  # spell and reference cards, the first-player token
    spell_accent: str | None = None  # a spell card's frame and art
    spell_band: str | None = None  # its title band (None: the accent)
    tile_back: tuple[str, str] = ("#7a5532", "#f3e7c9")  # (ground, art): bark brown, far from Nightfall's face
    spell_back: tuple[str, str] = ("#6e2233", "#efe3c8")  # wine red
    saver_art: str = "#8a8175"  # ink-saver backs: a light outline on white paper
    coin: tuple[str, str] = ("#f4e2a0", "#e9c46a")  # the ground of a 1 and a 5
    coin_face: str = "#fbf1cc"
    coin_ink: str | None = "#7a5a0c"  # None: the palette's ink
    corruption: tuple[str, str] = ("#3e2f4f", "#d8c7f0")  # (ground, art)
    corruption_ring: str | None = None  # a dashed ring round the spiral, where it is not dark on light
    totem_ground: str | None = None  # None: the totem's colour
    totem_art: str = "#ffffff"
    crow_ground: str = "#ece6d8"
    queen_ground: str = "#f3e3a4"
    crown: tuple[str, str | None] = ("#8a6508", "#e0b52c")  # (stroke, fill)


KIT_INKS = {
    "color": KitInks("color"),
    "mono": KitInks("mono", tile_art="#000000", halo="#ffffff", tile_plate="#ffffff", night_ground="#3a3a3a",
                    night_art="#ffffff", night_text="#ffffff", night_plate="#262626", card="#ffffff",
                    spell_accent="#000000", spell_band="#333333", tile_back=("#d4d4d4", "#000000"),
                    spell_back=("#d4d4d4", "#000000"), saver_art="#8c8c8c", coin=("#ffffff", "#ffffff"),
                    coin_face="#ffffff", coin_ink=None, corruption=("#ffffff", "#000000"), corruption_ring="#000000",
                    totem_ground="#ffffff", totem_art="#000000", crow_ground="#ffffff", queen_ground="#b4b4b4",
                    crown=("#1b1a1f", "#ffffff")),
}


def kit_inks(ink: str) -> KitInks:
    palette(ink)  # the same error for an unknown ink
    return KIT_INKS[ink]


class RecordInks(NamedTuple):
    """The Crows game record's boards and chart (crows/record.py): every colour that differs by ink.
    `None` means the player's or totem's own colour from the game data."""
    name: str
    player_line: str | None = None  # a player's line on the running-totals chart
    line_dashes: tuple[tuple[float, ...], ...] = ((),)  # one per player, in seat order (cycled)
    totem_name: str = "colour"  # how the standings name a totem: its colour, or the mark the boards draw
    badge_ground: str = "#f3eee2"  # the square behind a legend sample
    totem_sample: str | None = None  # the legend's totem disc
    totem_text: str = "#ffffff"  # the initial on a totem disc
    totem_fill: str | None = None  # None: the totem's colour
    totem_stroke: str = "#ffffff"
    queen: str = "#e0b52c"
    corruption: tuple[str, str] = ("#3e2f4f", "#d8c7f0")  # (ground, art)
    murder: str = "#c0231b"
    murder_dash: tuple[float, ...] = ()


RECORD_INKS = {
    "color": RecordInks("color"),
    "mono": RecordInks("mono", player_line="#000000", line_dashes=((), (3, 2), (1, 1.5), (5, 2, 1, 2)),
                       totem_name="ring", badge_ground="#ffffff", totem_sample="#000000", totem_text="#000000",
                       totem_fill="#ffffff", totem_stroke="#1b1a1f", queen="#ffffff",
                       corruption=("#ffffff", "#000000"), murder="#000000", murder_dash=(2.5, 1.5)),
}


def record_inks(ink: str) -> RecordInks:
    palette(ink)  # the same error for an unknown ink
    return RECORD_INKS[ink]
