"""The save being edited as a round-trip YAML document: comments, key order and flow styles of an
existing file survive an edit (ruamel.yaml); the page's plain JSON is merged into it.

`to_plain(doc)` is what the page gets; `merged(doc, plain)` the document after an edit;
`dump(doc)` the YAML text saved (and checked: problems carry the lines of this very text).
"""
from __future__ import annotations

import io

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


def parse(text: str):
    """The round-trip document of a save's text (the project's loader has checked it first)."""
    return _yaml().load(text)


def dump(doc) -> str:
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def to_plain(node):
    """Plain dicts, lists and scalars (what JSON carries to the page)."""
    if isinstance(node, dict):
        return {str(k): to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    if isinstance(node, (bool, int, float)) or node is None:
        return node if not isinstance(node, bool) else bool(node)
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


def _new_day(value: dict):
    day = CommentedMap()
    for k, v in value.items():
        if k == "journal" and isinstance(v, str):
            day[k] = _text(None, v)
        else:
            day[k] = _flow(v) if k in FLOW_DAY_FIELDS or isinstance(v, (dict, list)) else v
    return day


def merge(old, new, key: str = ""):
    """`new` (plain) written over `old` (round-trip) keeping what did not change: its comments,
    key order and styles. Returns the value to store."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in [k for k in old if str(k) not in new]:
            del old[k]
        for k, v in new.items():
            match = next((ok for ok in old if str(ok) == k), None)
            if match is None:
                old[k] = _new_day(v) if key == "days" and isinstance(v, dict) else (
                    _text(None, v) if k == "journal" and isinstance(v, str) else _flow(v))
            else:
                old[match] = merge(old[match], v, k)
        return old
    if isinstance(old, list) and isinstance(new, list):
        del old[len(new):]
        for i, v in enumerate(new):
            if i < len(old):
                old[i] = merge(old[i], v, key)
            else:
                old.append(_new_day(v) if key == "days" and isinstance(v, dict) else _flow(v))
        return old
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
    doc["title"] = ""
    doc["player"] = ""
    doc["days"] = CommentedSeq([_new_day({"day": 1, "resources": dict(resources)})])
    return doc
