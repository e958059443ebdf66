"""Direction: the Unicode bidi algorithm's embedding levels (python-bidi), and the visual order of
runs (rule L2). Shaping needs runs in logical order with a direction each, so this module gives
levels rather than python-bidi's reordered string.
"""
from __future__ import annotations

import re

from bidi import algorithm as alg
from bidi.algorithm import get_base_level

_STRONG_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")


def has_rtl(text: str) -> bool:
    return _STRONG_RTL.search(text) is not None


def base_level(text: str) -> int:
    """0 for a left-to-right paragraph, 1 for right-to-left (its first strong character, P2-P3)."""
    return get_base_level(text)


def levels(text: str, base: int | None = None) -> list[int]:
    """The resolved embedding level of every character (even: left to right, odd: right to left).
    Characters the algorithm removes (X9: embedding controls, joiners) take their neighbour's level."""
    if base is None:
        base = base_level(text)
    if not has_rtl(text) and base == 0:
        return [0] * len(text)

    storage = alg.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    alg.get_embedding_levels(text, storage)
    for i, ch in enumerate(storage["chars"]):
        ch["index"] = i
    alg.explicit_embed_and_overrides(storage)
    alg.resolve_weak_types(storage, False)
    alg.resolve_neutral_types(storage, False)
    alg.resolve_implicit_levels(storage, False)
    out: list[int | None] = [None] * len(text)
    for ch in storage["chars"]:
        out[ch["index"]] = ch["level"]
    # trailing whitespace takes the paragraph level (L1)
    i = len(text) - 1
    while i >= 0 and text[i].isspace():
        out[i] = base
        i -= 1
    last = base
    for i, level in enumerate(out):
        if level is None:
            out[i] = last
        else:
            last = level
    return out  # type: ignore[return-value]


def visual_order(run_levels: list[int]) -> list[int]:
    """Indices of runs in display order (L2): from the highest level down to the lowest odd level,
    reverse every maximal sequence of runs at that level or higher."""
    order = list(range(len(run_levels)))
    if not run_levels:
        return order
    top = max(run_levels)
    lowest_odd = min(level for level in run_levels if level % 2) if any(l % 2 for l in run_levels) else top + 1
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] >= level:
                j = i
                while j < len(order) and run_levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order
