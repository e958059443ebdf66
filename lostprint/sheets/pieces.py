"""Slots for the game's physical pieces, each sized from the piece it holds (games/model.Piece).

A slot is a Rect (square pieces) or a Circle (round ones) whose role is "slot:<piece key>", so the
print check (lostprint.checks.slot_problems) finds every slot on a Scene and measures it against its
piece: the inside of the outline must leave SLOT_SPARE_MM round the piece on every side.
"""
from __future__ import annotations

from lostprint.fonts import ASCENT, DESCENT
from lostprint.games.model import SLOT_SPARE_MM, Piece
from lostprint.geometry.paper import MM
from lostprint.scene import Circle, Rect, Text
from lostprint.sheets.style import MIN_TEXT, Palette, boxed

SLOT_LINE = 0.9  # outline width of a slot, in points
ROUNDING = 0.2 * MM  # a little over the least size, so rounding never makes a slot too small


def slot_size(piece: Piece) -> float:
    """The outside size (points) of a slot for `piece`: the piece, the spare round it, the outline."""
    return (piece.size_mm + 2 * SLOT_SPARE_MM) * MM + SLOT_LINE + ROUNDING


def square_slot(x: float, y: float, piece: Piece, pal: Palette, caption: str = "",
                fill_color: str | None = None) -> list:
    """A square slot (a die, a cube) with its top-left at (x, y); `caption` printed faint inside,
    at the bottom, where the piece covers it once placed."""
    side = slot_size(piece)
    items: list = [Rect(x, y, side, side, boxed(fill_color or pal.paper, pal.ink, SLOT_LINE),
                        radius=side * 0.12, role=f"slot:{piece.key}")]
    if caption:
        items.append(Text(x + side / 2, y + side - 2.2 - DESCENT * MIN_TEXT, caption, MIN_TEXT, "sans", "middle",
                          pal.faint))
    return items


def round_slot(cx: float, cy: float, piece: Piece, pal: Palette, caption: str = "") -> list:
    """A round slot (a coin, a token) centred on (cx, cy)."""
    r = slot_size(piece) / 2
    items: list = [Circle(cx, cy, r, boxed(pal.paper, pal.ink, SLOT_LINE), role=f"slot:{piece.key}")]
    if caption:
        items.append(Text(cx, cy + (ASCENT - DESCENT) * MIN_TEXT / 2, caption, MIN_TEXT, "sans", "middle",
                          pal.mute))
    return items
