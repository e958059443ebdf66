"""How wide a line of text sets: what layout measures with (lostprint.fonts re-exports it)."""
from __future__ import annotations

from lostprint.text.faces import registered, reportlab_fonts
from lostprint.text.fallback import is_simple


def text_width(text: str, font: str, size: float) -> float:
    """The advance of a line of text: reportlab's widths for plain text, the shaped run widths (with
    fallback fonts) for anything else."""
    if is_simple(text, font):
        return reportlab_fonts()[0].stringWidth(text, registered(font), size)
    return shaping().layout_line(text, font, size).width


def shaping():
    """lostprint.text.shape: HarfBuzz and python-bidi (~25 ms), loaded only for text that needs shaping."""
    from lostprint.text import shape
    return shape
