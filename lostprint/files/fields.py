"""The one field reader: typed access to a parsed file, every mismatch one problem with its line.

Saves, Crows records, maps and counts files all read their fields through `Reader`; a problem is
"file:line: field: what is wrong", with the value shown safely (bounded, escaped, never expanded).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lostprint.files.kinds import MAX_PROBLEMS
from lostprint.files.parse import written
from lostprint.files.show import clip, kind_of, safe_lines, shown
from lostprint.files.tree import LDict, LList, line_of
from lostprint.geometry import hexgrid

MAX_LINE = 400  # characters of one problem line


@dataclass(frozen=True)
class At:
    """Where a value sits in the file: its line and its field path (days[3].moved[1])."""

    line: int
    field: str


class Problems:
    """The problems found so far (local to one check). Keeps a bounded number of lines: a file
    with 900,000 bad values reports the first MAX_PROBLEMS and how many more there were."""

    def __init__(self, source: str, keep: int = MAX_PROBLEMS * 20):
        self.source = source
        self.items: list[tuple[int, int, str]] = []
        self.count = 0
        self.keep = keep

    def add(self, at: At, message: str) -> None:
        self.count += 1
        if len(self.items) < self.keep:
            text = clip(safe_lines(f"{self.source}:{at.line}: {at.field}: {message}"), MAX_LINE)
            self.items.append((at.line, self.count, text))

    def __bool__(self) -> bool:
        return self.count > 0

    def __len__(self) -> int:
        return self.count

    def lines(self, limit: int = MAX_PROBLEMS) -> list[str]:
        out = [text for _, _, text in sorted(self.items)[:limit]]
        if self.count > len(out):
            out.append(f"{self.source}: \u2026 and {self.count - len(out):,} more problems")
        return out


def keyname(key) -> str:
    """A key as it may stand in a field path: plain words as they are, anything else quoted."""
    return key if isinstance(key, str) and re.fullmatch(r"[\w-]{1,40}", key) else shown(key)


def at_key(container, key, field: str) -> At:
    return At(line_of(container, key), field)


class Reader:
    """Typed access to the loaded tree; every mismatch becomes one problem."""

    def __init__(self, problems: Problems, game_map=None, root=None):
        self.problems = problems
        self.game_map = game_map
        self.root = root  # the whole parsed file, for problems placed by field path

    def error(self, at: At, message: str) -> None:
        self.problems.add(at, message)

    def text(self, value, at: At, limit: int | None = None) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.error(at, f"must be text, not {kind_of(value)}" + (" (put it in quotes)" if isinstance(value, bool) else ""))
            return None
        text = value if isinstance(value, str) else written(value) or shown(value)  # 1.50, 0o17: as written
        if limit is not None and len(text) > limit:
            self.error(at, f"too long ({len(text):,} characters; at most {limit})")
            return None
        return text

    def integer(self, value, at: At, low: int | None = None, high: int | None = None, what: str = "") -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                self.error(at, f"must be a whole number, not {kind_of(value)} {shown(value)}")
                return None
        if low is not None and value < low:
            self.error(at, f"{shown(value)} is below {low}{what}")
            return None
        if high is not None and value > high:
            self.error(at, f"{shown(value)} is above {high}{what}")
            return None
        return int(value)  # a plain int, not the file's WrittenInt

    def mapping(self, value, at: At, what: str = "a mapping") -> LDict | None:
        if not isinstance(value, dict):
            self.error(at, f"must be {what}, not {kind_of(value)}")
            return None
        return value

    def listing(self, value, at: At, what: str = "a list") -> LList | None:
        if not isinstance(value, list):
            self.error(at, f"must be {what}, not {kind_of(value)}")
            return None
        return value

    def label(self, value, at: At) -> str | None:
        """A hex label on the map, in its canonical spelling."""
        if not isinstance(value, str):
            self.error(at, f"must be a hex label like B3, not {kind_of(value)} {shown(value)}")
            return None
        try:
            lab = hexgrid.label(hexgrid.parse_label(value))
        except ValueError:
            self.error(at, f"{shown(value)} is not a hex label (a column letter and a row number, like B3)")
            return None
        if self.game_map is not None and lab not in self.game_map.axial:
            self.error(at, f"{lab} is not on the map")
            return None
        return lab

    def labels(self, value, at: At, count: int | None = None) -> list[str] | None:
        items = self.listing(value, at, "a list of hex labels")
        if items is None:
            return None
        if count is not None and len(items) != count:
            self.error(at, f"needs exactly {count} hexes, not {len(items)}")
            return None
        out = []
        for i, item in enumerate(items):
            lab = self.label(item, At(line_of(items, i), f"{at.field}[{i}]"))
            if lab is None:
                return None
            out.append(lab)
        return out

