"""Values and names shown in messages: bounded length, control characters and terminal escapes
escaped, and containers summarised without walking them (an alias-shared tree is never expanded)."""
from __future__ import annotations

import re

# C0 and C1 controls, DEL, lone surrogates, the non-characters U+FFFE/U+FFFF and the bidi controls
# that can reorder a terminal line
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]")
_UNSAFE_IN_LINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]")
ELLIPSIS = "\u2026"


def _escape_char(m: re.Match) -> str:
    c = ord(m.group(0))
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def escape(text: str) -> str:
    """Every control character (newlines too) written as a visible escape."""
    return _UNSAFE.sub(_escape_char, text)


def safe_lines(text: str) -> str:
    """Escape what could drive a terminal, keeping newlines (a message of several lines)."""
    return _UNSAFE_IN_LINE.sub(_escape_char, text)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:max(1, limit - 1)] + ELLIPSIS


def kind_of(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "empty"
    return type(value).__name__


def shown(value: object, limit: int = 40) -> str:
    """A value as it may stand in a message: strings quoted, numbers as digits, a list or mapping
    as its first few plain items (never repr() of a whole tree)."""
    if isinstance(value, str):  # repr escapes controls, bidi marks and surrogates
        return clip(repr(value[:limit * 2]), limit)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        digits = len(str(value)) if value.bit_length() < 13_000 else None
        return str(value) if digits is not None and digits <= limit else f"a number of {digits or 'over 4,000'} digits"
    if isinstance(value, float):
        return clip(repr(value), limit)
    if isinstance(value, dict):
        parts = [f"{shown(k, 12)}: {_brief(v)}" for k, v in _first(value.items(), 4)]
        more = ", \u2026" if len(value) > 4 else ""
        return clip("{" + ", ".join(parts) + more + "}", limit)
    if isinstance(value, (list, tuple)):
        parts = [_brief(v) for v in _first(value, 6)]
        more = ", \u2026" if len(value) > 6 else ""
        return clip("[" + ", ".join(parts) + more + "]", limit)
    return clip(escape(type(value).__name__), limit)


def _first(items, n: int):
    out = []
    for item in items:
        if len(out) == n:
            break
        out.append(item)
    return out


def _brief(value: object) -> str:
    if isinstance(value, dict):
        return "{\u2026}" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[\u2026]" if value else "[]"
    return shown(value, 16)


def shown_path(path: object, limit: int = 120) -> str:
    """A file name as typed, escaped and bounded."""
    return clip(escape(str(path)), limit)
