"""The font fallback chain: which font draws each character, as runs of (font key, text).

A character goes to, in order: the script font made for it (Noto Arabic for Arabic, even where DejaVu
has a few Arabic glyphs), the asked-for bundled font, the other bundled DejaVu family, then any
system fallback that covers it. Fallback fonts are found through fontconfig (`fc-list`), by file name,
in the fixed order of FALLBACKS, so the choice is the same on every run of one machine. Only TrueType
files are listed: reportlab embeds TrueType outlines only (Noto CJK's .ttc is CFF and is refused).

A character nothing covers is drawn as U+FFFD (the replacement character, visibly not a letter) and
reported by `missing`, with the Debian package that would cover it.
"""
from __future__ import annotations

import re
import unicodedata

from lostprint.text.faces import (
    FALLBACKS,
    available,
    coverage,
    fallback_key,
    variant_of,
)

PLACEHOLDER = "\ufffd"


# Scripts whose glyphs change with their neighbours or run right to left: never the plain path.
_COMPLEX = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0EFF), (0x0F00, 0x0FFF), (0x1000, 0x109F),
            (0x1780, 0x17FF), (0x1800, 0x18AF), (0xA8E0, 0xA8FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF),
            (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
# Default-ignorable: drawn by nothing, never "missing" (joiners, marks of direction, variation selectors).
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x180B, 0x180F), (0x200B, 0x200F),
              (0x202A, 0x202E), (0x2060, 0x206F), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xE0000, 0xE0FFF))


def _class(ranges) -> str:
    return "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges)


# combining marks of any script also need shaping (a mark is placed on its base by the font)
_MARKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
_NEEDS_SHAPING = re.compile(f"[{_class(_COMPLEX + _MARKS)}]")


def _within(code: int, ranges) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


def is_complex(ch: str) -> bool:
    code = ord(ch)
    return _within(code, _COMPLEX) or unicodedata.combining(ch) != 0


def is_ignorable(ch: str) -> bool:
    return _within(ord(ch), _IGNORABLE)


# --- the chain -----------------------------------------------------------------------------------


def is_simple(text: str, key: str) -> bool:
    """True when the bundled font draws all of the text with no shaping and left to right."""
    if text.isascii():
        return True
    return _NEEDS_SHAPING.search(text) is None and coverage(key).issuperset(map(ord, text))


def _other_bundled(key: str) -> str:
    bold = "bold" in key
    if key.startswith("serif"):
        return "sans-bold" if bold else "sans"
    return "serif-bold" if bold else "serif"


def font_for(ch: str, key: str) -> str | None:
    """The font key that draws one character, or None when no available font has it."""
    code = ord(ch)
    variant = variant_of(key)
    for fb in FALLBACKS:
        if fb.ranges and _within(code, fb.ranges):
            fk = fallback_key(fb.name, variant)
            if available(fk) and code in coverage(fk):
                return fk
            break
    if code in coverage(key):
        return key
    other = _other_bundled(key)
    if code in coverage(other):
        return other
    for fb in FALLBACKS:
        fk = fallback_key(fb.name, variant)
        if available(fk) and code in coverage(fk):
            return fk
    return None


def resolve_runs(text: str, key: str) -> tuple[tuple[str, str], ...]:
    """The text as (font key, text) runs in logical order. Marks and joiners stay with the character
    before them; a space between two runs of one font joins them; uncovered characters become U+FFFD
    in the bundled sans."""
    runs: list[list] = []
    lost = False  # the last base character had no font: its marks go with its placeholder
    for ch in text:
        if runs and (is_ignorable(ch) or unicodedata.category(ch).startswith("M")):
            if not lost:
                runs[-1][1] += ch
            continue
        font = font_for(ch, key)
        lost = font is None
        if font is None:
            font, ch = ("sans" if key.startswith("sans") else "serif"), PLACEHOLDER
        if runs and runs[-1][0] == font:
            runs[-1][1] += ch
        else:
            runs.append([font, ch])
    merged: list[list] = []
    for run in runs:
        if (len(merged) >= 2 and merged[-2][0] == run[0] and not merged[-1][1].strip()
                and all(ord(c) in coverage(run[0]) for c in merged[-1][1])):
            space = merged.pop()
            merged[-1][1] += space[1] + run[1]
        elif merged and merged[-1][0] == run[0]:
            merged[-1][1] += run[1]
        else:
            merged.append(run)
    return tuple((font, part) for font, part in merged)


def missing(text: str, key: str) -> str:
    """The distinct characters of the text no available font covers, in first-seen order."""
    if is_simple(text, key):
        return ""
    out: dict[str, None] = {}
    for ch in text:
        if is_ignorable(ch) or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or ch == PLACEHOLDER:
            continue
        if ch.isspace() or unicodedata.category(ch).startswith("M"):
            continue
        if font_for(ch, key) is None:
            out[ch] = None
    return "".join(out)


def package_for(ch: str) -> str:
    """The Debian package whose fonts would cover a character (fonts-noto-core when no rule says)."""
    code = ord(ch)
    for fb in FALLBACKS:
        if fb.ranges and _within(code, fb.ranges):
            return fb.package
    if 0x2190 <= code <= 0x2BFF or 0x1F000 <= code <= 0x1FAFF:
        return "fonts-symbola"
    return "fonts-noto-core"


def missing_report(places) -> str:
    """One warning for text that would print placeholders, or "" when every character has a font.
    `places` is (where, text, font key) in reading order, e.g. ("day 4", journal, "serif")."""
    found: dict[str, list[str]] = {}
    for where, text, key in places:
        for ch in missing(text, key):
            spots = found.setdefault(ch, [])
            if where not in spots:
                spots.append(where)
    if not found:
        return ""
    by_place: dict[str, str] = {}
    for ch, spots in found.items():
        by_place[spots[0]] = by_place.get(spots[0], "") + ch
    shown = ", ".join(f"{chars if len(chars) <= 12 else chars[:12] + '…'} ({where})"
                      for where, chars in by_place.items())
    packages = sorted({package_for(ch) for ch in found})
    return (f"no installed font covers {len(found)} character{'s' * (len(found) != 1)}, printed as "
            f"{PLACEHOLDER}: {shown}; install the Debian package{'s' * (len(packages) != 1)} "
            f"{', '.join(packages)}")
