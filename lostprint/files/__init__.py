"""The one reader of every file a user names: saves and Crows records, maps, tile counts.

`load(path, kind)` reads at most the kind's limit from a regular file (or standard input), decodes
UTF-8 (a byte-order mark is dropped) and parses YAML or JSON into LDict / LList trees that carry
the line of every node; anything wrong raises LoadError with one complete "file:line: what" line.
"""
from __future__ import annotations

from pathlib import Path

from lostprint.files.kinds import ANY, COUNTS, MAP, MAP_FORMAT, SAVE, SAVE_FORMAT, Kind
from lostprint.files.parse import parse_json, parse_text, parse_yaml
from lostprint.files.read import decode, is_stdin, read_bytes, read_text
from lostprint.files.show import shown, shown_path
from lostprint.files.tree import LDict, LList, LoadError, key_line, line_at, line_of

__all__ = ["ANY", "COUNTS", "MAP", "MAP_FORMAT", "SAVE", "SAVE_FORMAT", "Kind", "LDict", "LList", "LoadError",
           "decode", "is_stdin", "key_line", "line_at", "line_of", "load", "parse_json", "parse_text",
           "parse_yaml", "read_bytes", "read_text", "shown", "shown_path", "syntax_of"]


def syntax_of(path: str | Path) -> str | None:
    """"json" or "yaml" from the file name, None when the name does not say."""
    suffix = Path(str(path)).suffix.lower()
    return "json" if suffix == ".json" else "yaml" if suffix in (".yaml", ".yml") else None


def load(path: str | Path, kind: Kind = ANY):
    """The parsed file (read once, parsed once); LoadError with one line otherwise."""
    text = read_text(path, kind)
    return parse_text(text, shown_path(path), syntax_of(path))
