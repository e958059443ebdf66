"""The save being edited as a round-trip YAML document: comments, key order and flow styles of an
existing file survive an edit (ruamel.yaml); the page's plain JSON is merged into it.

`to_plain(doc)` is what the page gets; `merged(doc, plain)` the document after an edit;
`dump(doc)` the YAML text saved (and checked: problems carry the lines of this very text).
"""
from __future__ import annotations

import codecs
import copy
import difflib
import io
import json
import math
from dataclasses import dataclass

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

from lostprint.files import SAVE_FORMAT

WIDTH = 100  # folded journal lines wrap here, as the shipped examples do
FOLD_AT = 60  # a journal longer than this is written folded (>-), like the examples
FLOW_DAY_FIELDS = ("mapped", "moved", "marks", "resources")


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 4096  # flow lines stay as the user wrote them; new journals fold at WIDTH (_folded)
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # [{plot: ...}] stays braced
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.preserve_quotes = True
    return yaml


@dataclass(frozen=True)
class FileStyle:
    """How a save's file is spelled around its YAML, kept when it is written back: a byte-order mark,
    CRLF line ends, the text before and including a `---` document marker (comments, directives),
    and whether it ends in a newline."""

    bom: bool = False
    crlf: bool = False
    head: str = ""
    final_newline: bool = True

    def apply(self, body: str) -> str:
        text = self.head + body
        if not self.final_newline:
            text = text.rstrip("\n")
        if self.crlf:
            text = text.replace("\n", "\r\n")
        return ("\ufeff" if self.bom else "") + text


def style_of(raw: bytes) -> tuple[FileStyle, str]:
    """The style of a file's bytes and the YAML body to parse (the head cut off, line ends as LF)."""
    bom = raw.startswith(codecs.BOM_UTF8)
    text = raw.decode("utf-8", "surrogateescape").removeprefix("\ufeff")
    crlf = "\r\n" in text
    text = text.replace("\r\n", "\n")
    head, at = "", 0
    for line in text.splitlines(keepends=True):
        bare = line.strip()
        if bare == "---":
            head = text[:at + len(line)]
            break
        if bare and not bare.startswith(("#", "%")):
            break
        at += len(line)
    return FileStyle(bom, crlf, head, text.endswith("\n") or not text), text[len(head):]


def parse(text: str):
    """The round-trip document of a save's text (the project's loader has checked it first)."""
    return _yaml().load(text)


def dump(doc) -> str:
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def to_plain(node):
    """Plain dicts, lists and scalars (what strict JSON carries to the page: a number that is not
    finite goes as its YAML spelling, .inf, -.inf or .nan)."""
    if isinstance(node, dict):
        return {str(k): to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    if isinstance(node, float) and not math.isfinite(node):
        return ".nan" if math.isnan(node) else ".inf" if node > 0 else "-.inf"
    if node is None:
        return None
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)  # plain: a loader's or ruamel's subclass keeps its line or format elsewhere
    if isinstance(node, float):
        return float(node)
    return str(node)


def _flow(value):
    """A new value in the examples' style: small mappings and lists on one line."""
    if isinstance(value, dict):
        m = CommentedMap((k, _flow(v)) for k, v in value.items())
        m.fa.set_flow_style()
        return m
    if isinstance(value, list):
        s = CommentedSeq(_flow(v) for v in value)
        s.fa.set_flow_style()
        return s
    return value


def _folded(text: str) -> FoldedScalarString:
    """A folded (>-) journal wrapping before WIDTH columns at spaces, as the examples are written."""
    out = FoldedScalarString(text)
    folds, start, last_space = [], 0, None
    for i, ch in enumerate(text):
        if ch == " " and i + 1 < len(text) and text[i + 1] != " " and (i == 0 or text[i - 1] != " "):
            if i - start > WIDTH - 8 and last_space is not None:
                folds.append(last_space)
                start = last_space + 1
            last_space = i
    if len(text) - start > WIDTH - 8 and last_space is not None and last_space > start:
        folds.append(last_space)
    out.fold_pos = folds
    return out


def _text(old, new: str):
    new = new.rstrip()
    if isinstance(old, LiteralScalarString) or "\n" in new.strip():
        return LiteralScalarString(new)
    if isinstance(old, FoldedScalarString) or len(new) > FOLD_AT:
        return _folded(new)
    return new


DAY_ORDER = ("day", "mapped", "moved", "marks", "resources")  # then the game's own fields, then journal
TOP_ORDER = ("format", "game", "map", "title", "player", "setup", "days", "outcome")


def _rank(key: str, order: tuple[str, ...]) -> float:
    if key in order:
        return order.index(key)
    return len(order) + (1 if key == "journal" else 0.5)


def _insert(mapping: CommentedMap, key: str, value, order: tuple[str, ...]) -> None:
    """A new key where the examples put it (a day: day, mapped, moved, marks, resources, ..., journal)."""
    keys = [str(k) for k in mapping]
    pos = len(keys)
    for i, k in enumerate(keys):
        if _rank(k, order) > _rank(key, order):
            pos = i
            break
    mapping.insert(pos, key, value)


def _new_value(key: str, value):
    return _text(None, value) if key == "journal" and isinstance(value, str) else _flow(value)


def _new_day(value: dict):
    day = CommentedMap()
    for k in sorted(value, key=lambda k: _rank(k, DAY_ORDER)):
        day[k] = _new_value(k, value[k])
    return day


_NEW = object()  # no item of the old list stands for this new one


def _aligned(old: list, new: list) -> list[tuple[object, object]]:
    """Each new item with the old item it is (an item taken out or put in moves no other): equal items
    are matched over the whole list, an item between matches is merged into the old one in its place.
    Matched by position alone, deleting day 2 wrote day 3 into day 2's node: its comments, key order
    and folding went to the next day, and so on to the end of the file."""
    spelled = [json.dumps(to_plain(x), sort_keys=True) for x in old]
    wanted = [json.dumps(v, sort_keys=True, default=str) for v in new]
    items = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, spelled, wanted, autojunk=False).get_opcodes():
        for t in range(j2 - j1):
            items.append((old[i1 + t] if i1 + t < i2 else _NEW, new[j1 + t]))
    return items


def merge(old, new, key: str = ""):
    """`new` (plain) written over `old` (round-trip) keeping what did not change: its comments,
    key order and styles. `key` is where `old` sits ("" the top, "days[]" a day). Returns the value
    to store."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in [k for k in old if str(k) not in new]:
            del old[k]
        order = TOP_ORDER if key == "" else DAY_ORDER if key == "days[]" else ()
        for k, v in new.items():
            match = next((ok for ok in old if str(ok) == k), None)
            if match is None:
                _insert(old, k, _new_value(k, v), order) if order else old.__setitem__(k, _new_value(k, v))
            else:
                old[match] = merge(old[match], v, k)
        return old
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for i, v in enumerate(new):
                old[i] = merge(old[i], v, key + "[]")
            return old
        items = _aligned(old, new)
        del old[:]
        for node, v in items:
            old.append(merge(node, v, key + "[]") if node is not _NEW else
                       _new_day(v) if key == "days" and isinstance(v, dict) else _flow(v))
        return old
    if not isinstance(old, (dict, list)) and not isinstance(new, (dict, list)) and to_plain(old) == new \
            and type(to_plain(old)) is type(new):
        return old  # what the page got back unchanged keeps the file's own spelling (.inf, 0o17, quotes...)
    if isinstance(new, str) and isinstance(old, str):
        return old if str(old) == new else (_text(old, new) if key == "journal" else new)
    if key == "journal" and isinstance(new, str):
        return _text(None, new)
    if old == new and type(old) is type(new):
        return old
    return _flow(new)


def new_save(game_id: str, map_spec, resources: dict) -> CommentedMap:
    """A fresh save: day 1 with every resource at its start value."""
    doc = CommentedMap()
    doc["format"] = SAVE_FORMAT
    doc["game"] = game_id
    doc["map"] = _flow(map_spec)
    doc["days"] = CommentedSeq([_new_day({"day": 1, "resources": dict(resources)})])
    return doc


class Texts:
    """The YAML text of the document after each edit, fast: a click changes one day, so only that
    day is dumped again (a day dumped alone is byte-for-byte its part of the whole file, checked
    on every whole dump); anything outside the days dumps the whole file. `whole` is what Save
    writes, always dumped whole."""

    def __init__(self):
        self.head = self.tail = None  # the text around the days, for top == self.top
        self.top = None
        self.days: list[tuple[object, str]] = []  # (plain day, its text)

    @staticmethod
    def whole(doc) -> str:
        return dump(doc)

    def text(self, doc, plain: dict) -> str:
        days = doc.get("days") if isinstance(doc, dict) else None
        plain_days = plain.get("days")
        top = {k: v for k, v in plain.items() if k != "days"}
        if not isinstance(days, list) or not days or not isinstance(plain_days, list) \
                or len(plain_days) != len(days) or top != self.top or self.head is None:
            return self._whole(doc, plain, days, top)
        chunks = []
        for i, (day, node) in enumerate(zip(plain_days, days)):
            if i < len(self.days) and self.days[i][0] == day:
                chunks.append(self.days[i][1])
            else:
                chunks.append(dump(CommentedSeq([node])))
        self.days = [(copy.deepcopy(d), c) for d, c in zip(plain_days, chunks)]
        return self.head + "".join(chunks) + self.tail

    def _whole(self, doc, plain, days, top) -> str:
        full = dump(doc)
        self.head = self.top = None
        if isinstance(days, list) and days and isinstance(plain.get("days"), list) and len(days) == len(plain["days"]):
            chunks = [dump(CommentedSeq([node])) for node in days]
            body = "".join(chunks)
            at = full.find(chunks[0])
            if at >= 0 and full[at:at + len(body)] == body:
                self.head, self.tail, self.top = full[:at], full[at + len(body):], copy.deepcopy(top)
                self.days = [(copy.deepcopy(d), c) for d, c in zip(plain["days"], chunks)]
        return full
