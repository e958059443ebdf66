"""The kinds of file a user names, each with its format constant and its one size limit."""
from __future__ import annotations

from dataclasses import dataclass

SAVE_FORMAT = "lostprint-save/1"  # saved games of the Lost games and Crows game records
MAP_FORMAT = "lostprint-map/1"  # hex maps and Crows starting layouts

MAX_DEPTH = 64  # nesting of lists and mappings; a save needs 6
MAX_ALIAS_NODES = 100_000  # nodes that YAML aliases may add in all (an alias bomb adds billions)
MAX_ALIAS_TEXT = 1_000_000  # characters of text that YAML aliases may repeat in all (a journal page is ~3,000)
MAX_DIGITS = 100  # digits of a whole number (seeds of 2**200 fit; Python refuses 4,301+ in text)
MAX_PROBLEMS = 50  # problem lines printed for one file; the rest are counted


@dataclass(frozen=True)
class Kind:
    """A kind of user file: what to call it and how many bytes it may hold."""

    name: str
    what: str
    limit: int

    def limit_text(self) -> str:
        return f"{self.limit:,} bytes"


SAVE = Kind("save", "a save", 2_000_000)  # a 42-day save with a long journal is a few hundred kB
MAP = Kind("map", "a map file", 2_000_000)  # an 80x40 variant map is about 0.1 MB
COUNTS = Kind("counts", "a tile counts file", 100_000)  # a dozen lines
ANY = Kind("file", "a lostprint file", 2_000_000)  # validate: before the format is known
