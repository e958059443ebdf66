"""Read a save file (YAML or JSON) into plain data that remembers the line of every node.

Mappings load as `LDict` and sequences as `LList`: ordinary dicts and lists that also carry
`line` (where the node starts) and the line of each key / value / item, 1-based. Any problem
(missing file, a directory, a huge or binary file, bad syntax) raises LoadError with a
"file:line: what is wrong" message.
"""
from __future__ import annotations

import bisect
import json
import re
from json.decoder import scanstring
from pathlib import Path

MAX_BYTES = 2_000_000  # a 42-day save with a long journal is a few hundred kB at most
MAX_DEPTH = 64


class LoadError(Exception):
    """The file cannot be read as a save; the message is complete ("file:line: what")."""


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


# --- YAML -------------------------------------------------------------------------------------


def _yaml_loader():
    import yaml

    # libyaml's parser (when built in) is many times faster and gives the same nodes and marks
    base = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader

    class LineLoader(base):
        """SafeLoader that builds LDict / LList and records each node's start_mark.line."""

        def construct_located_map(self, node):
            self.flatten_mapping(node)
            out = LDict(line=node.start_mark.line + 1)
            for key_node, value_node in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    hash(key)
                except TypeError:
                    raise yaml.constructor.ConstructorError(
                        None, None, "a key must be a plain value, not a list or mapping", key_node.start_mark) from None
                if key in out:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r}", key_node.start_mark)
                out[key] = self.construct_object(value_node, deep=True)
                out.key_lines[key] = key_node.start_mark.line + 1
                out.value_lines[key] = value_node.start_mark.line + 1
            return out

        def construct_located_seq(self, node):
            out = LList(line=node.start_mark.line + 1)
            for child in node.value:
                out.append(self.construct_object(child, deep=True))
                out.item_lines.append(child.start_mark.line + 1)
            return out

    LineLoader.add_constructor("tag:yaml.org,2002:map", LineLoader.construct_located_map)
    LineLoader.add_constructor("tag:yaml.org,2002:seq", LineLoader.construct_located_seq)
    # dates stay text: a save has no use for datetime objects
    LineLoader.add_constructor("tag:yaml.org,2002:timestamp", LineLoader.construct_yaml_str)
    return LineLoader


def parse_yaml(text: str, source: str):
    import yaml

    loader = None
    try:
        loader = _yaml_loader()(text)
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        last = max(1, len(text.rstrip("\n").split("\n")))
        line = min(mark.line + 1, last) if mark else 1  # an error at the end of the stream: the last line
        what = " ".join(str(exc.problem or exc.context or "syntax error").split())
        raise LoadError(f"{source}:{line}: not valid YAML ({what})") from None
    except yaml.reader.ReaderError as exc:
        line = text[:max(0, exc.position)].count("\n") + 1
        raise LoadError(f"{source}:{line}: not valid YAML (character {exc.character:#x} is not allowed)") from None
    except yaml.YAMLError as exc:
        raise LoadError(f"{source}:1: not valid YAML ({' '.join(str(exc).split())})") from None
    except RecursionError:
        raise LoadError(f"{source}:1: nested too deeply") from None
    except UnicodeError:
        raise LoadError(f"{source}:1: not valid text (a character that is not Unicode)") from None
    finally:
        if loader is not None:
            loader.dispose()


# --- JSON: a small parser that keeps line numbers ----------------------------------------------

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?")
_WS = re.compile(r"[ \t\n\r]*")
_CONSTANTS = (("true", True), ("false", False), ("null", None))
_SURROGATE = re.compile("[\ud800-\udfff]")


class _JSON:
    def __init__(self, text: str, source: str):
        self.s = text
        self.source = source
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def fail(self, pos: int, what: str):
        raise LoadError(f"{self.source}:{self.line(pos)}: not valid JSON ({what})")

    def ws(self, pos: int) -> int:
        return _WS.match(self.s, pos).end()

    def value(self, pos: int, depth: int):
        if depth > MAX_DEPTH:
            self.fail(pos, "nested too deeply")
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
            return (float(text) if m.group(1) or m.group(2) else int(text)), m.end()
        self.fail(pos, f"unexpected {s[pos:pos + 12]!r}")

    def string(self, pos: int):
        try:
            text, end = scanstring(self.s, pos + 1, True)
        except json.JSONDecodeError as exc:
            self.fail(exc.pos, exc.msg.lower())
        if _SURROGATE.search(text):
            self.fail(pos, "a \\u escape that is half of a character (a lone surrogate)")
        return text, end

    def obj(self, pos: int, depth: int):
        out = LDict(line=self.line(pos))
        pos = self.ws(pos + 1)
        if self.s.startswith("}", pos):
            return out, pos + 1
        while True:
            if not self.s.startswith('"', pos):
                self.fail(pos, "expected a quoted key")
            kline = self.line(pos)
            key, pos = self.string(pos)
            pos = self.ws(pos)
            if not self.s.startswith(":", pos):
                self.fail(pos, "expected ':' after a key")
            pos = self.ws(pos + 1)
            vline = self.line(pos)
            val, pos = self.value(pos, depth + 1)
            if key in out:
                self.fail(pos, f"duplicate key {key!r}")
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


# --- files ------------------------------------------------------------------------------------


def read_text(path: Path, source: str | None = None) -> str:
    source = source or str(path)
    if not path.exists():
        raise LoadError(f"{source}: no such file")
    if path.is_dir():
        raise LoadError(f"{source}: is a directory, not a save file")
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise LoadError(f"{source}: too large for a save ({size:,} bytes; the limit is {MAX_BYTES:,})")
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise LoadError(f"{source}: cannot read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise LoadError(f"{source}: too large for a save (over {MAX_BYTES:,} bytes)")
    if b"\x00" in raw:
        raise LoadError(f"{source}: a binary file, not a save (YAML or JSON text)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LoadError(f"{source}:{line}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise LoadError(f"{source}:1: the file is empty")
    return text


def parse_text(text: str, source: str, kind: str | None = None):
    """kind: "json", "yaml" or None (a .json name, or text starting with '{', is JSON)."""
    if kind is None:
        kind = "json" if text.lstrip().startswith("{") else "yaml"
    return parse_json(text, source) if kind == "json" else parse_yaml(text, source)


def load_file(path: str | Path):
    path = Path(path)
    text = read_text(path)
    suffix = path.suffix.lower()
    kind = "json" if suffix == ".json" else "yaml" if suffix in (".yaml", ".yml") else None
    return parse_text(text, str(path), kind)
