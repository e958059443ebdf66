"""Shaping (HarfBuzz, through uharfbuzz) and the layout of one line: runs by font and direction,
each shaped in logical order, then put in visual order.

Lengths here are in points for a given size; glyph ids are the font file's own.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import uharfbuzz as hb

from lostprint.text.bidi import base_level, levels, visual_order
from lostprint.text.faces import font_path
from lostprint.text.fallback import resolve_runs


MAX_MARKS = 4  # not a rule: combining marks kept on one letter (Vietnamese writes 2, pointed Hebrew 3)


_NON_ASCII_RUN = re.compile(f"[^\x00-\x7f]{{{MAX_MARKS + 1}}}")


@cache
def _mark_runs():
    """A pattern of a run of more than MAX_MARKS combining marks (categories Mn and Me, any script)."""
    ranges: list[list[int]] = []
    # every mark lies below U+20000 but the variation selectors U+E0100-E01EF (a scan of ~15 ms, once)
    for code in itertools.chain(range(0x300, 0x20000), range(0xE0100, 0xE01F0)):
        if unicodedata.category(chr(code)) in ("Mn", "Me"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    marks = "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges)
    return re.compile(f"([{marks}]{{{MAX_MARKS}}})[{marks}]+")


def cap_marks(text: str) -> str:
    """The text with at most MAX_MARKS combining marks on any one letter: 10,000 marks on a letter
    would stack far above the line, through the running head and off the page."""
    if text.isascii() or _NON_ASCII_RUN.search(text) is None:  # a run of marks is a run of non-ASCII
        return text
    return _mark_runs().sub(r"\1", text)


@dataclass(frozen=True)
class Glyph:
    gid: int
    cluster: int  # index in the run's text of the first character this glyph draws
    advance: float
    dx: float  # offset from the pen position (marks on their base)
    dy: float  # up is positive


@dataclass(frozen=True)
class GlyphRun:
    font: str  # a font key (bundled or "fb:...")
    text: str  # the characters, in logical order
    rtl: bool
    glyphs: tuple[Glyph, ...]  # in visual order
    width: float


@dataclass(frozen=True)
class ShapedLine:
    text: str
    size: float
    runs: tuple[GlyphRun, ...]  # in visual order, left to right
    width: float
    rtl: bool  # the paragraph direction the line was laid out in


@cache
def hb_font(key: str):
    """(uharfbuzz Font, units per em) of a font key."""
    with open(font_path(key), "rb") as fh:
        face = hb.Face(hb.Blob(fh.read()))
    return hb.Font(face), face.upem


@lru_cache(maxsize=65536)
def shape_units(text: str, key: str, rtl: bool) -> tuple[tuple[int, int, int, int, int], ...]:
    """HarfBuzz glyphs for a run: (gid, cluster, x_advance, x_offset, y_offset) in font units,
    in visual order."""
    font, _ = hb_font(key)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    hb.shape(font, buf, {"kern": True, "liga": True})
    return tuple((info.codepoint, info.cluster, pos.x_advance, pos.x_offset, pos.y_offset)
                 for info, pos in zip(buf.glyph_infos, buf.glyph_positions))


def shape_run(text: str, key: str, size: float, rtl: bool) -> GlyphRun:
    _, upem = hb_font(key)
    k = size / upem
    glyphs = tuple(Glyph(g, c, a * k, dx * k, dy * k) for g, c, a, dx, dy in shape_units(text, key, rtl))
    return GlyphRun(key, text, rtl, glyphs, sum(g.advance for g in glyphs))


@lru_cache(maxsize=8192)
def layout_line(text: str, key: str, size: float, rtl: bool | None = None) -> ShapedLine:
    """One line of text in a bundled font key, with fallback fonts, shaped, in visual order.
    `rtl` forces the paragraph direction; None takes it from the first strong character."""
    text = cap_marks(text)
    base = (1 if rtl else 0) if rtl is not None else base_level(text)
    runs = resolve_runs(text, key)
    clean = "".join(part for _, part in runs)  # uncovered characters already replaced
    lv = levels(clean, base)
    segments: list[tuple[str, str, int]] = []
    at = 0
    for font, part in runs:
        start = at
        for i in range(len(part)):
            if i and lv[at + i] != lv[at + i - 1]:
                segments.append((font, part[start - at:i], lv[at + i - 1]))
                start = at + i
        segments.append((font, part[start - at:], lv[at + len(part) - 1]))
        at += len(part)
    shaped = [shape_run(part, font, size, level % 2 == 1) for font, part, level in segments if part]
    seg_levels = [level for _, part, level in segments if part]
    ordered = tuple(shaped[i] for i in visual_order(seg_levels))
    return ShapedLine(text, size, ordered, sum(r.width for r in ordered), base == 1)
