"""Parse YAML or JSON text into LDict / LList trees with a line for every node.

Both parsers refuse the same things, in the same words: nesting deeper than MAX_DEPTH, whole
numbers of more than MAX_DIGITS digits, duplicate keys, and text holding control characters, lone
surrogates or the non-characters U+FFFE/U+FFFF. The YAML parser builds the tree from libyaml's
event stream itself (no recursion, no node graph): an alias shares the anchored value, and the
nodes and the characters of text that aliases add are counted as each alias is met, so an alias
bomb (or a long journal repeated by aliases) is refused before it is expanded. A merge (`<<: *base`)
gives the base's keys; the mapping's own keys override them.

Plain YAML scalars are read by YAML 1.2's core schema, not 1.1's: `1:30` (sexagesimal), `2023-02-29`
(a timestamp), `yes`/`off` and `1_000` are text, `017` is seventeen. A number remembers the text it was
written as (WrittenInt, WrittenFloat): equal to the number, but `str()` gives the text, so a title,
a name or a journal line is the text a player wrote whatever it looks like (`0o17`, `1e5`, `1.50`).
A YAML or JSON writer wants plain numbers: int() or float() them first (or str() for the text).
"""
from __future__ import annotations

import bisect
import json
import math
import re
from json.decoder import scanstring

from lostprint.files.kinds import MAX_ALIAS_NODES, MAX_ALIAS_TEXT, MAX_DEPTH, MAX_DIGITS
from lostprint.files.show import shown
from lostprint.files.tree import LDict, LList, LoadError

_BAD_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def bad_text(text: str) -> str | None:
    """What makes a string unusable in a printable (a control character...), or None."""
    m = _BAD_TEXT.search(text)
    if m is None:
        return None
    c = ord(m.group(0))
    if 0xD800 <= c <= 0xDFFF:
        return f"U+{c:04X} is half of a character (a lone surrogate)"
    if c in (0xFFFE, 0xFFFF):
        return f"U+{c:04X} is not a character"
    return f"the control character U+{c:04X} is not allowed in text"


def _digits_problem(text: str) -> str | None:
    digits = len(text) if len(text) > MAX_DIGITS + 20 else sum(ch.isdigit() for ch in text)
    if digits > MAX_DIGITS:
        return f"a number of {digits:,} digits (at most {MAX_DIGITS})"
    return None


class WrittenInt(int):
    """A whole number read from a file, with the text it was written as (str() gives that text)."""

    def __new__(cls, value: int, written: str):
        number = int.__new__(cls, value)
        number.written = written
        return number

    def __str__(self) -> str:
        return self.written

    def __reduce__(self):
        return WrittenInt, (int(self), self.written)


class WrittenFloat(float):
    """A decimal number read from a file, with the text it was written as (str() gives that text)."""

    def __new__(cls, value: float, written: str):
        number = float.__new__(cls, value)
        number.written = written
        return number

    def __str__(self) -> str:
        return self.written

    def __reduce__(self):
        return WrittenFloat, (float(self), self.written)


def written(value) -> str | None:
    """The text a number was written as in its file (None for anything else)."""
    return getattr(value, "written", None) if isinstance(value, (int, float)) else None


# --- YAML ------------------------------------------------------------------------------------------

# YAML 1.2's core schema for plain scalars (see the module's docstring)
_CORE_NULL = frozenset(("", "~", "null", "Null", "NULL"))
_CORE_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_CORE_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_CORE_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_CORE_SPECIAL = {".inf": math.inf, ".Inf": math.inf, ".INF": math.inf, "+.inf": math.inf, "+.Inf": math.inf,
                 "+.INF": math.inf, "-.inf": -math.inf, "-.Inf": -math.inf, "-.INF": -math.inf,
                 ".nan": math.nan, ".NaN": math.nan, ".NAN": math.nan}

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_MERGE_KEY = object()  # stands for `<<` while its value is read


class _Frame:
    __slots__ = ("value", "anchor", "size", "chars", "key", "key_line", "merges", "own")

    def __init__(self, value, anchor):
        self.value = value
        self.anchor = anchor
        self.size = 1
        self.chars = 0  # characters of the text scalars inside, aliased ones included
        self.key = None  # the key read, waiting for its value (mappings only)
        self.key_line = 0
        self.merges: list = []
        self.own: set = set()


_NO_KEY = object()


class _YAML:
    def __init__(self, text: str, source: str):
        import yaml

        self.yaml = yaml
        self.text = text
        self.source = source
        self.loader = (getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader)(text)
        self.anchors: dict[str, tuple[object, int, int]] = {}
        self.alias_nodes = 0
        self.alias_chars = 0

    def fail(self, mark, what: str):
        last = max(1, self.text.count("\n") + (not self.text.endswith("\n")))
        line = min(mark.line + 1, last) if mark is not None else 1
        raise LoadError(f"{self.source}:{line}: {what}")

    def plain(self, ev):
        """A plain (unquoted, untagged) scalar by YAML 1.2's core schema; numbers keep their text."""
        value = ev.value
        if value in _CORE_NULL:
            return None
        if value in _CORE_BOOL:
            return _CORE_BOOL[value]
        if value == "<<":
            return _MERGE_KEY
        first = value[0]
        if first.isdigit() or first in "+-.":
            if _CORE_INT.fullmatch(value):
                self.digits(ev)
                base = 8 if value.startswith("0o") else 16 if value.startswith("0x") else 10
                return WrittenInt(int(value[2:] if base != 10 else value, base), value)
            if _CORE_FLOAT.fullmatch(value):
                self.digits(ev)
                return WrittenFloat(float(value), value)
            if value in _CORE_SPECIAL:
                return WrittenFloat(_CORE_SPECIAL[value], value)
        return self.text_of(ev)

    def digits(self, ev) -> None:
        problem = _digits_problem(ev.value)
        if problem:
            self.fail(ev.start_mark, problem)

    def text_of(self, ev) -> str:
        problem = bad_text(ev.value)
        if problem:
            self.fail(ev.start_mark, problem)
        return ev.value

    def scalar(self, ev):
        yaml = self.yaml
        tag = ev.tag
        if tag is None or tag == "!":
            if ev.implicit[0]:
                return self.plain(ev)
            return self.text_of(ev)  # quoted, or a block of text
        value = ev.value
        if tag == _STR or tag == _TIMESTAMP:  # dates stay text: no file here needs datetimes
            return self.text_of(ev)
        if tag == _NULL:
            return None
        if tag == _MERGE:
            return _MERGE_KEY
        node = yaml.ScalarNode(tag, value, ev.start_mark, ev.end_mark)
        try:
            if tag == _INT:
                self.digits(ev)
                return WrittenInt(self.loader.construct_yaml_int(node), value)
            if tag == _FLOAT:
                self.digits(ev)
                return WrittenFloat(self.loader.construct_yaml_float(node), value)
            if tag == _BOOL:
                return self.loader.construct_yaml_bool(node)
        except ValueError:
            self.fail(ev.start_mark, f"{shown(value)} is not a number lostprint can read")
        self.fail(ev.start_mark, f"the tag {shown(tag)} is not used in lostprint files")

    def add(self, stack: list[_Frame], value, size: int, chars: int, line: int, mark):
        """Put a finished value into the open collection (or return it as the document)."""
        if not stack:
            return True
        top = stack[-1]
        top.size += size
        top.chars += chars
        container = top.value
        if isinstance(container, LList):
            if value is _MERGE_KEY:
                self.fail(mark, "'<<' (a merge) stands only as a key of a mapping")
            container.append(value)
            container.item_lines.append(line)
            return False
        if top.key is _NO_KEY:  # this value is a key
            if isinstance(value, (dict, list)):
                self.fail(mark, "a key must be a plain value, not a list or mapping")
            if value is not _MERGE_KEY and value in top.own:
                self.fail(mark, f"duplicate key {shown(value)}")
            top.key, top.key_line = value, line
            return False
        key, top.key = top.key, _NO_KEY
        if key is _MERGE_KEY:
            bases = value if isinstance(value, list) else [value]
            if not all(isinstance(b, dict) for b in bases):
                self.fail(mark, "'<<' (a merge) takes a mapping or a list of mappings")
            top.merges.extend(bases)
            return False
        if value is _MERGE_KEY:
            self.fail(mark, "'<<' (a merge) stands only as a key of a mapping")
        top.own.add(key)
        container[key] = value
        container.key_lines[key] = top.key_line
        container.value_lines[key] = line
        return False

    def close_mapping(self, frame: _Frame):
        out = frame.value
        for base in reversed(frame.merges):  # the first base listed wins, the mapping's own keys win over all
            for key, value in base.items():
                if key not in frame.own:
                    out[key] = value
                    out.key_lines[key] = base.key_lines.get(key, base.line) if isinstance(base, LDict) else out.line
                    out.value_lines[key] = base.value_lines.get(key, base.line) if isinstance(base, LDict) else out.line

    def document(self):
        yaml = self.yaml
        ev_ = yaml.events
        loader = self.loader
        stack: list[_Frame] = []
        result, documents = None, 0
        while loader.check_event():
            ev = loader.get_event()
            if isinstance(ev, (ev_.StreamStartEvent, ev_.StreamEndEvent, ev_.DocumentEndEvent)):
                continue
            if isinstance(ev, ev_.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    self.fail(ev.start_mark, "more than one document (one save, map or count list per file)")
                continue
            line = ev.start_mark.line + 1
            if isinstance(ev, ev_.AliasEvent):
                if ev.anchor not in self.anchors:
                    self.fail(ev.start_mark, f"the alias *{shown(ev.anchor)[1:-1]} names no anchor before it")
                value, size, chars = self.anchors[ev.anchor]
                self.alias_nodes += size
                self.alias_chars += chars
                if self.alias_nodes > MAX_ALIAS_NODES:
                    self.fail(ev.start_mark, f"aliases repeat more than {MAX_ALIAS_NODES:,} values "
                                             "(an alias bomb?)")
                if self.alias_chars > MAX_ALIAS_TEXT:
                    self.fail(ev.start_mark, f"aliases repeat more than {MAX_ALIAS_TEXT:,} characters of text "
                                             "(write the text out once)")
                if self.add(stack, value, size, chars, line, ev.start_mark):
                    result = value
                continue
            if isinstance(ev, ev_.ScalarEvent):
                value = self.scalar(ev)
                chars = len(ev.value)
                if ev.anchor is not None:
                    self.anchors[ev.anchor] = (value, 1, chars)
                if self.add(stack, value, 1, chars, line, ev.start_mark):
                    result = value
                continue
            if isinstance(ev, (ev_.MappingStartEvent, ev_.SequenceStartEvent)):
                is_map = isinstance(ev, ev_.MappingStartEvent)
                if ev.tag not in (None, "!", _MAP if is_map else _SEQ):
                    self.fail(ev.start_mark, f"the tag {shown(ev.tag)} is not used in lostprint files")
                if len(stack) >= MAX_DEPTH:
                    self.fail(ev.start_mark, f"nested too deeply (more than {MAX_DEPTH} levels)")
                frame = _Frame(LDict(line=line) if is_map else LList(line=line), ev.anchor)
                frame.key = _NO_KEY
                stack.append(frame)
                continue
            if isinstance(ev, (ev_.MappingEndEvent, ev_.SequenceEndEvent)):
                frame = stack.pop()
                if isinstance(frame.value, LDict):
                    self.close_mapping(frame)
                if frame.anchor is not None:
                    self.anchors[frame.anchor] = (frame.value, frame.size, frame.chars)
                if self.add(stack, frame.value, frame.size, frame.chars, frame.value.line, ev.start_mark):
                    result = frame.value
        return result

    def parse(self):
        yaml = self.yaml
        try:
            return self.document()
        except yaml.MarkedYAMLError as exc:
            what = " ".join(str(exc.problem or exc.context or "syntax error").split())
            self.fail(exc.problem_mark or exc.context_mark, f"not valid YAML ({what})")
        except yaml.reader.ReaderError as exc:
            line = self.text[:max(0, exc.position)].count("\n") + 1
            raise LoadError(f"{self.source}:{line}: not valid YAML (character U+{exc.character:04X} "
                            "is not allowed)") from None
        except yaml.YAMLError as exc:
            raise LoadError(f"{self.source}:1: not valid YAML ({' '.join(str(exc).split())})") from None
        except UnicodeError:
            raise LoadError(f"{self.source}:1: not valid text (a character that is not Unicode)") from None
        finally:
            dispose = getattr(self.loader, "dispose", None)
            if dispose:
                dispose()


def parse_yaml(text: str, source: str):
    return _YAML(text, source).parse()


# --- JSON: a small parser that keeps line numbers ---------------------------------------------------

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?")
_WS = re.compile(r"[ \t\n\r]*")
_CONSTANTS = (("true", True), ("false", False), ("null", None))


class _JSON:
    def __init__(self, text: str, source: str):
        self.s = text
        self.source = source
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def fail(self, pos: int, what: str, syntax: bool = True):
        line = self.line(pos)
        if syntax:
            start = self.newlines[line - 2] + 1 if line >= 2 else 0
            raise LoadError(f"{self.source}:{line}:{pos - start + 1}: not valid JSON ({what})")
        raise LoadError(f"{self.source}:{line}: {what}")

    def ws(self, pos: int) -> int:
        return _WS.match(self.s, pos).end()

    def value(self, pos: int, depth: int):
        if depth > MAX_DEPTH:
            self.fail(pos, f"nested too deeply (more than {MAX_DEPTH} levels)", syntax=False)
        s = self.s
        if pos >= len(s):
            self.fail(pos, "unexpected end of file")
        ch = s[pos]
        if ch == "{":
            return self.obj(pos, depth)
        if ch == "[":
            return self.arr(pos, depth)
        if ch == '"':
            return self.string(pos)
        for word, val in _CONSTANTS:
            if s.startswith(word, pos):
                return val, pos + len(word)
        m = _NUMBER.match(s, pos)
        if m:
            text = m.group(0)
            problem = _digits_problem(text)
            if problem:
                self.fail(pos, problem, syntax=False)
            number = WrittenFloat(float(text), text) if m.group(1) or m.group(2) else WrittenInt(int(text), text)
            return number, m.end()
        self.fail(pos, f"unexpected {shown(s[pos:pos + 12])}")

    def string(self, pos: int):
        try:
            text, end = scanstring(self.s, pos + 1, True)
        except json.JSONDecodeError as exc:
            self.fail(exc.pos, exc.msg.lower())
        problem = bad_text(text)
        if problem:
            self.fail(pos, problem, syntax=False)
        return text, end

    def obj(self, pos: int, depth: int):
        out = LDict(line=self.line(pos))
        pos = self.ws(pos + 1)
        if self.s.startswith("}", pos):
            return out, pos + 1
        while True:
            if not self.s.startswith('"', pos):
                self.fail(pos, "expected a quoted key")
            kline, kpos = self.line(pos), pos
            key, pos = self.string(pos)
            if key in out:
                self.fail(kpos, f"duplicate key {shown(key)}", syntax=False)
            pos = self.ws(pos)
            if not self.s.startswith(":", pos):
                self.fail(pos, "expected ':' after a key")
            pos = self.ws(pos + 1)
            vline = self.line(pos)
            val, pos = self.value(pos, depth + 1)
            out[key] = val
            out.key_lines[key] = kline
            out.value_lines[key] = vline
            pos = self.ws(pos)
            if self.s.startswith(",", pos):
                pos = self.ws(pos + 1)
                continue
            if self.s.startswith("}", pos):
                return out, pos + 1
            self.fail(pos, "expected ',' or '}'")

    def arr(self, pos: int, depth: int):
        out = LList(line=self.line(pos))
        pos = self.ws(pos + 1)
        if self.s.startswith("]", pos):
            return out, pos + 1
        while True:
            out.item_lines.append(self.line(pos))
            val, pos = self.value(pos, depth + 1)
            out.append(val)
            pos = self.ws(pos)
            if self.s.startswith(",", pos):
                pos = self.ws(pos + 1)
                continue
            if self.s.startswith("]", pos):
                return out, pos + 1
            self.fail(pos, "expected ',' or ']'")

    def document(self):
        pos = self.ws(0)
        val, pos = self.value(pos, 0)
        pos = self.ws(pos)
        if pos != len(self.s):
            self.fail(pos, "extra text after the document")
        return val


def parse_json(text: str, source: str):
    return _JSON(text, source).document()


_SURROGATE = re.compile("[\ud800-\udfff]")


def parse_text(text: str, source: str, syntax: str | None = None):
    """syntax: "json", "yaml" or None (text starting with '{' is JSON, anything else YAML)."""
    lone = _SURROGATE.search(text)  # text decoded from a file never has one; a caller's string may
    if lone is not None:
        line = text.count("\n", 0, lone.start()) + 1
        raise LoadError(f"{source}:{line}: U+{ord(lone.group(0)):04X} is half of a character (a lone surrogate)")
    if syntax is None:
        syntax = "json" if text.lstrip().startswith("{") else "yaml"
    return parse_json(text, source) if syntax == "json" else parse_yaml(text, source)
