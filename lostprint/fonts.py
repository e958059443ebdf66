"""The bundled fonts (DejaVu, open licence) and text metrics shared by layout and renderers."""
from __future__ import annotations

import re
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


def font_path(key: str) -> str:
    """The file of a font key: a bundled font ("serif") or a system fallback ("fb:arabic:serif")."""
    if key.startswith("fb:"):
        from lostprint.text.fallback import fallback_path

        _, name, variant = key.split(":")
        path = fallback_path(name, variant)
        if path is None:
            raise KeyError(f"no file for font {key}")
        return path
    return str(asset("fonts", FONTS[key].file))


def pdf_name(key: str) -> str:
    """The name a font key is registered under with reportlab (LP-FB-<file stem> for fallbacks)."""
    if key.startswith("fb:"):
        return "LP-FB-" + font_path(key).rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return FONTS[key].pdf_name


@lru_cache(maxsize=None)
def registered(key: str) -> str:
    """Register the font with reportlab (once per process) and return its PDF name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = pdf_name(key)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, font_path(key)))
    return name


def text_width(text: str, font: str, size: float) -> float:
    """The advance of a line of text: reportlab's widths for plain text, the shaped run widths (with
    fallback fonts) for anything else."""
    from reportlab.pdfbase import pdfmetrics

    from lostprint.text.fallback import is_simple

    if is_simple(text, font):
        return pdfmetrics.stringWidth(text, registered(font), size)
    from lostprint.text.shape import layout_line

    return layout_line(text, font, size).width


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


_SUBSET_TAG = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+")


def unique_subset_tags(pdf: bytes) -> bytes:
    """Give every embedded font subset a tag of its own (reportlab writes AAAAAA+ for all of them,
    which clashes when files are merged). Each tag is drawn from a digest of the whole file and the
    font's name, so it is the same on every run; tags have the same length, so offsets hold."""
    import hashlib

    digest = hashlib.sha256(pdf).digest()

    def tag(match: re.Match) -> bytes:
        rest = pdf[match.end():match.end() + 80].split(b"/")[0].split()[0].split(b">")[0]
        h = hashlib.sha256(digest + match.group(2) + b"+" + rest).digest()
        letters = bytes(65 + b % 26 for b in h[:6])
        return b"/" + match.group(1) + b" /" + letters + b"+"

    return _SUBSET_TAG.sub(tag, pdf)
