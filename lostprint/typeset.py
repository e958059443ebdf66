"""Typesetting rules shared by every printed book and kit: curly quotes, no lone last word.

`curly(text)` for plain text, `curly_markup(text)` for Paragraph markup (quotes inside tags stay as
they are), `curly_items(items)` for the Text of Scene items; `tie_last_words(text)` binds a short last
word to the one before with a no-break space, so a paragraph never ends on a line of one word.
"""
from __future__ import annotations

import re
from dataclasses import replace

from lostprint.scene import Group, Text

_OPENS_AFTER = " \t\n([{\u2014\u2013-/\u00a0\u201c\u2018"
LONE_WORD_MAX = 16  # characters: a last word this short is tied to the one before
_TAG = re.compile(r"(<[^>]*>)")


def curly(text: str) -> str:
    """Straight quotes as typeset ones: an apostrophe and a closing single quote as \u2019, an opening
    one as \u2018, double quotes as \u201c \u201d (opening after a space or bracket, or at the start)."""
    if "'" not in text and '"' not in text:
        return text
    out = []
    for i, ch in enumerate(text):
        before = text[i - 1] if i else " "
        if ch == "'":
            opening = before in _OPENS_AFTER and i + 1 < len(text) and text[i + 1].isalnum()
            out.append("\u2018" if opening else "\u2019")
        elif ch == '"':
            out.append("\u201c" if before in _OPENS_AFTER else "\u201d")
        else:
            out.append(ch)
    return "".join(out)


def curly_markup(text: str) -> str:
    """curly() on the text between tags of Paragraph markup; tags (and their attributes) untouched."""
    if "'" not in text and '"' not in text and "&#" not in text and "&quot;" not in text:
        return text
    parts = _TAG.split(text)
    return "".join(p if p.startswith("<") else curly(_ESCAPED.sub(lambda m: _QUOTES[m.group(0)], p))
                   for p in parts)


_QUOTES = {"&quot;": '"', "&#34;": '"', "&#39;": "'", "&#x27;": "'"}
_ESCAPED = re.compile("|".join(re.escape(k) for k in _QUOTES))


def tie_last_words(text: str) -> str:
    """A no-break space before a short last word (outside any markup tag), so no paragraph ends on a
    line of one word."""
    cut = text.rfind(" ")
    if cut <= 0 or " " not in text[:cut].strip():
        return text
    last = text[cut + 1:]
    if len(_TAG.sub("", last)) > LONE_WORD_MAX or "<" in last and not last.rstrip().endswith(">"):
        return text
    if text[:cut].rstrip().endswith(">") and text[:cut].count("<") != text[:cut].count(">"):
        return text
    return f"{text[:cut]}\u00a0{last}"


def curly_items(items) -> tuple:
    """Scene items with every Text set with curly quotes."""

    out = []
    for it in items:
        if isinstance(it, Group):
            it = replace(it, items=curly_items(it.items))
        elif isinstance(it, Text) and ("'" in it.text or '"' in it.text):
            it = replace(it, text=curly(it.text))
        out.append(it)
    return tuple(out)
