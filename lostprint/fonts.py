"""Text metrics shared by layout and renderers, over the bundled fonts (DejaVu, open licence) and
the fallback chain of lostprint.text (its font files, FONTS and `registered`, are re-exported here)."""
from __future__ import annotations

import re

from lostprint.text.faces import FONTS, Font, font_path, pdf_name, registered

__all__ = ["ASCENT", "DESCENT", "FONTS", "Font", "fit_size", "font_path", "pdf_name", "registered",
           "text_box", "text_width", "unique_subset_tags", "wrap"]


ASCENT = 0.76  # of the size, DejaVu's cap-height-ish ascent used for layout boxes
DESCENT = 0.24


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
