"""Parsed files as plain dicts and lists that remember the line of every node (1-based)."""
from __future__ import annotations

import re


class LoadError(Exception):
    """The file cannot be read; the message is complete ("file:line: what")."""


class LDict(dict):
    """A dict with line numbers: .line, .key_lines[key], .value_lines[key]."""

    def __init__(self, *args, line: int = 0, **kw):
        super().__init__(*args, **kw)
        self.line = line
        self.key_lines: dict = {}
        self.value_lines: dict = {}


class LList(list):
    """A list with line numbers: .line and .item_lines[i]."""

    def __init__(self, *args, line: int = 0):
        super().__init__(*args)
        self.line = line
        self.item_lines: list[int] = []


def line_of(container, key=None) -> int:
    """The line of container[key] (or of the container itself when key is None)."""
    if key is None:
        return getattr(container, "line", 0)
    if isinstance(container, LDict):
        return container.value_lines.get(key, container.line)
    if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container.item_lines):
        return container.item_lines[key]
    return getattr(container, "line", 0)


def key_line(container, key) -> int:
    if isinstance(container, LDict):
        return container.key_lines.get(key, container.line)
    return line_of(container, key)


_STEP = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def line_at(data, field: str) -> int:
    """The line of a field path ('rounds[2][1].tile') or of its nearest written parent, found by
    walking that one path (never the whole tree)."""
    node, line = data, max(1, line_of(data) or 1)
    for m in _STEP.finditer(field if field.startswith(("[", ".")) else "." + field):
        key = m.group(1) if m.group(1) is not None else int(m.group(2))
        if isinstance(node, dict) and key not in node and isinstance(key, str):
            key = next((k for k in node if str(k) == key), key)  # a number written as a key
        if isinstance(node, dict) and key in node:
            line = key_line(node, key) or line  # where the field is named
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            line = line_of(node, key) or line
            node = node[key]
        else:
            break
    return line
