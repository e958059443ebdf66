"""The bundled fonts (DejaVu, open licence) and text metrics shared by layout and renderers."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from lostprint.paths import asset


class Font(NamedTuple):
    key: str
    family: str  # the family name SVG and fontconfig know
    file: str
    weight: str  # normal | bold
    style: str  # normal | italic
    pdf_name: str  # the name registered with reportlab


FONTS: dict[str, Font] = {
    f.key: f
    for f in (
        Font("sans", "DejaVu Sans", "DejaVuSans.ttf", "normal", "normal", "LP-Sans"),
        Font("sans-bold", "DejaVu Sans", "DejaVuSans-Bold.ttf", "bold", "normal", "LP-Sans-Bold"),
        Font("sans-italic", "DejaVu Sans", "DejaVuSans-Oblique.ttf", "normal", "italic", "LP-Sans-Italic"),
        Font("serif", "DejaVu Serif", "DejaVuSerif.ttf", "normal", "normal", "LP-Serif"),
        Font("serif-italic", "DejaVu Serif", "DejaVuSerif-Italic.ttf", "normal", "italic", "LP-Serif-Italic"),
        Font("serif-bold", "DejaVu Serif", "DejaVuSerif-Bold.ttf", "bold", "normal", "LP-Serif-Bold"),
    )
}

ASCENT = 0.76  # of the size, DejaVu's cap-height-ish ascent used for layout boxes
DESCENT = 0.24


@lru_cache(maxsize=None)
def registered(key: str) -> str:
    """Register the font with reportlab (once per process) and return its PDF name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = FONTS[key]
    pdfmetrics.registerFont(TTFont(font.pdf_name, str(asset("fonts", font.file))))
    return font.pdf_name


def text_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, registered(font), size)


def text_box(text: str, font: str, size: float, x: float, y: float, anchor: str = "start"):
    """(x0, y0, x1, y1) of a line of text whose baseline anchor point is (x, y)."""
    width = text_width(text, font, size)
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return x0, y - ASCENT * size, x0 + width, y + DESCENT * size


def fit_size(text: str, font: str, size: float, max_width: float, floor: float = 6.5) -> float:
    """The largest size <= `size` at which the text fits `max_width`, never below `floor`."""
    width = text_width(text, font, size)
    if width <= max_width:
        return size
    return max(floor, size * max_width / width * 0.995)


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line is broken by characters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, font, size) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while text_width(word, font, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], font, size) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines
