"""Text metrics shared by layout and renderers, over the bundled fonts (DejaVu, open licence) and
the fallback chain of lostprint.text (its font files, FONTS and `registered`, are re-exported here)."""
from __future__ import annotations

import hashlib
import re

from lostprint.text.faces import FONTS, Font, font_path, pdf_name, registered
from lostprint.text.measure import text_width

__all__ = ["ASCENT", "DESCENT", "FONTS", "Font", "fit_size", "font_path", "pdf_name", "registered",
           "text_box", "text_width", "unique_subset_tags", "wrap"]


ASCENT = 0.76  # of the size, DejaVu's cap-height-ish ascent used for layout boxes
DESCENT = 0.24


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


# a break may fall at any white space but these: a no-break space ties the words either side of it
_BREAK = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap that never breaks at a no-break space and, when the line before can spare a
    word and the pair fits, does not end a paragraph on a line of one word; a word longer than the
    line is broken by characters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        own: list[str] = []
        line = ""
        for word in _BREAK.split(paragraph.strip()):
            if not word:
                continue
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, font, size) <= max_width:
                line = candidate
                continue
            if line:
                own.append(line)
            while text_width(word, font, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], font, size) > max_width:
                    cut -= 1
                own.append(word[:cut])
                word = word[cut:]
            line = word
        own.append(line)
        lines += _tie_last_line(own, font, size, max_width)
    return lines


def _tie_last_line(lines: list[str], font: str, size: float, max_width: float) -> list[str]:
    """Move the last word of the line before onto a last line of one word, if that line keeps a word
    and the two words fit the line together."""
    if len(lines) < 2 or len(lines[-1].split()) != 1 or " " not in lines[-2]:
        return lines
    head, moved = lines[-2].rsplit(" ", 1)
    pair = f"{moved} {lines[-1]}"
    if text_width(pair, font, size) > max_width:
        return lines
    return lines[:-2] + [head, pair]


_SUBSET_TAG = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+")


def unique_subset_tags(pdf: bytes) -> bytes:
    """Give every embedded font subset a tag of its own (reportlab writes AAAAAA+ for all of them,
    which clashes when files are merged). Each tag is drawn from a digest of the whole file and the
    font's name, so it is the same on every run; tags have the same length, so offsets hold."""

    digest = hashlib.sha256(pdf).digest()

    def tag(match: re.Match) -> bytes:
        rest = pdf[match.end():match.end() + 80].split(b"/")[0].split()[0].split(b">")[0]
        h = hashlib.sha256(digest + match.group(2) + b"+" + rest).digest()
        letters = bytes(65 + b % 26 for b in h[:6])
        return b"/" + match.group(1) + b" /" + letters + b"+"

    return _SUBSET_TAG.sub(tag, pdf)
