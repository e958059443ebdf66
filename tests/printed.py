"""The books as printed: every rulebook, journal, the kit and a Crows record built once per test run and
read back from the real PDF bytes with poppler (C tools: reading a 23-page book costs about 0.1 s, where
pdfplumber took 3 s) and, for the content streams, in process.

- `text(data)`: every page's text lines with position, size and font (`pdftohtml -xml`), top-down.
- `blocks(data)`: every page's top-level flowables in drawing order (the content streams, decoded by
  `pdf_pages`): where each one sits and whether it is a figure (a drawing painted from a Scene).
- `pdf_pages(data)`: every page's dictionary and decoded content stream, in page order.

Page coordinates are points from the page's top-left corner, like pdfplumber's `top`/`bottom`.
"""
from __future__ import annotations

import functools
import inspect
import os
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SAVES = ("1572-the-delta-by-grace", "1672-the-salt-road-home", "1872-the-long-way-north")
GAMES = ("lost-expedition", "lost-crew", "lost-crows", "crows")
# layout is the same in both inks: letter is read in colour, a4 in mono, so both inks are printed too
PRINTS = (("letter", "color"), ("a4", "mono"))


def cached_by_arguments(build):
    """functools.cache keyed on every argument spelled out, defaults included: `kit()`,
    `kit("letter", "color")` and `kit(paper="letter")` are one build, not three."""
    signature = inspect.signature(build)
    cached = functools.cache(build)

    @functools.wraps(build)
    def call(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return cached(*bound.args)

    return call


# --- building, once per run ---------------------------------------------------------------------

# `lostprint demo --quick` (conftest's session fixture `quick_demo`) writes every letter-colour rulebook,
# journal, the kit and the Crows record. Builds are deterministic (same bytes: the determinism tests
# compare a fresh build with these), so when the session has run the demo before a book is first asked
# for, the book is read from the demo's folder instead of being built a second time.
_demo_folders: list[Path] = []  # conftest's quick_demo appends its output folder once it succeeded


def take_demo(folder: Path) -> None:
    """Let the letter-colour builders below read what `lostprint demo --quick` wrote to folder."""
    _demo_folders.append(Path(folder))


def _from_demo(subfolder: str, stem: str, paper: str, ink: str) -> bytes | None:
    """The demo's file of a letter-colour book (named as the CLI names it), or None."""
    if (paper, ink) != ("letter", "color"):
        return None
    from lostprint.app.naming import output_name
    from lostprint.options import PrintOptions

    name = output_name(stem, subfolder, PrintOptions(paper=paper, ink=ink)) + ".pdf"
    for folder in _demo_folders:
        path = folder / {"rulebook": "rulebooks", "journal": "journals", "kit": "crows"}[subfolder] / name
        if path.is_file():
            return path.read_bytes()
    return None


# Each builder below takes its arguments by keyword or by position alike: the public function spells
# every argument out before it reaches the cache (functools.cache keys `kit_scene()` and
# `kit_scene("letter", "color")` apart, and would build the same kit twice).

def rulebook(game: str, paper: str = "letter", ink: str = "color") -> bytes:
    """The rulebook's PDF; game: an id or a year."""
    from lostprint.games import resolve

    return _rulebook(resolve(game).id, paper, ink)


@functools.cache
def _rulebook(game: str, paper: str, ink: str) -> bytes:
    from lostprint.games import resolve

    demo = _from_demo("rulebook", resolve(game).stem, paper, ink)
    return demo if demo is not None else _rulebook_build(game, paper, ink)[0]


@functools.cache
def _rulebook_build(game: str, paper: str, ink: str) -> tuple[bytes, tuple]:
    """A book built here: its bytes and its widgets, from one build."""
    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, build_rulebook_and_widgets

    data, scenes = build_rulebook_and_widgets(part(game, "rulebook"), RulebookOptions(paper=paper, ink=ink))
    return data, tuple(scenes)


def widgets(game: str, paper: str = "letter", ink: str = "color") -> tuple:
    """(name, Scene) of every sheet widget a rulebook draws (`widget_scenes`), once per book and variant;
    game: an id or a year. A book the demo did not write is built here once for both its bytes and its
    widgets; for one the demo wrote, only its story is made (no layout)."""
    from lostprint.games import resolve

    return _widgets(resolve(game).id, paper, ink)


@functools.cache
def _widgets(game: str, paper: str, ink: str) -> tuple:
    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, widget_scenes
    from lostprint.games import resolve

    if _from_demo("rulebook", resolve(game).stem, paper, ink) is None:
        return _rulebook_build(game, paper, ink)[1]
    return tuple(widget_scenes(part(game, "rulebook"), RulebookOptions(paper=paper, ink=ink)))


@functools.cache
def played(name: str):
    from lostprint.saves.validate import load_played

    return load_played(EXAMPLES / f"{name}.yaml")


@cached_by_arguments
def journal(name: str, paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.books.journal import build_journal

    demo = _from_demo("journal", name, paper, ink)
    return demo if demo is not None else build_journal(played(name), paper, ink)


@cached_by_arguments
def kit_scene(paper: str = "letter", ink: str = "color", shared: bool = False, backs: str = "full"):
    from lostprint.crows.kit import KitOptions, build_kit

    return build_kit(KitOptions(paper=paper, ink=ink, shared=shared, backs=backs))


@cached_by_arguments
def kit(paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.render import render

    demo = _from_demo("kit", "crows", paper, ink)
    return demo if demo is not None else render(kit_scene(paper, ink), "pdf")


@functools.cache
def record():
    from lostprint.crows.record import load_record

    return load_record(EXAMPLES / "crows-3p.yaml")


@cached_by_arguments
def record_scene(paper: str = "letter", ink: str = "color"):
    from lostprint.crows.record import build_record

    rec, result = record()
    return build_record(rec, result, paper, ink)


@cached_by_arguments
def record_pdf(paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.render import render

    demo = _from_demo("journal", "crows-3p", paper, ink)
    return demo if demo is not None else render(record_scene(paper, ink), "pdf")


def _tool(args: list[str], data: bytes) -> bytes:
    """Run a poppler/qpdf tool on PDF bytes (they read files, not pipes)."""
    fd, path = tempfile.mkstemp(suffix=".pdf", prefix="lostprint-test-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        return subprocess.run([*args, path] if args[0] not in ("qpdf", "pdftotext") else [*args, path, "-"],
                              capture_output=True, check=True).stdout
    finally:
        os.unlink(path)


# --- text ---------------------------------------------------------------------------------------

class Word(NamedTuple):
    top: float
    bottom: float
    x0: float
    x1: float
    text: str


@functools.cache
def words(data: bytes) -> tuple[tuple[Word, ...], ...]:
    """Every page's words with their boxes (`pdftotext -bbox`): the gaps between them show how a line
    was justified."""
    root = ET.fromstring(re.sub(rb"<!DOCTYPE[^>]*>", b"", _tool(["pdftotext", "-bbox"], data)).decode())
    pages = []
    for page in root.iter():
        if not page.tag.endswith("page"):
            continue
        pages.append(tuple(Word(float(w.get("yMin")), float(w.get("yMax")), float(w.get("xMin")),
                                float(w.get("xMax")), w.text or "")
                           for w in page if w.tag.endswith("word")))
    return tuple(pages)


class Line(NamedTuple):
    top: float
    bottom: float
    x0: float
    x1: float
    text: str
    size: float  # points
    font: str  # the base font name, subset tag removed: DejaVuSerif-Bold


class Page(NamedTuple):
    number: int  # from 1
    width: float
    height: float
    lines: tuple[Line, ...]  # pieces of text as poppler joins them (a line, or a run in one font)

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)


@functools.lru_cache(maxsize=64)
def text(data: bytes) -> tuple[Page, ...]:
    xml = _tool(["pdftohtml", "-xml", "-i", "-stdout", "-q", "-zoom", "1", "-noroundcoord", "-fontfullname"], data)
    root = ET.fromstring(xml.decode("utf-8"))
    fonts: dict[str, str] = {}
    pages = []
    for page in root.iter("page"):
        for spec in page.iter("fontspec"):
            fonts[spec.get("id")] = spec.get("family").split("+")[-1]
        lines = []
        for t in page.iter("text"):
            words = "".join(t.itertext())
            if not words.strip():
                continue
            top, left = float(t.get("top")), float(t.get("left"))
            size = float(t.get("height"))
            lines.append(Line(top, top + size, left, left + float(t.get("width")), words, size,
                              fonts[t.get("font")]))
        lines.sort(key=lambda ln: (round(ln.top), ln.x0))
        pages.append(Page(int(page.get("number")), float(page.get("width")), float(page.get("height")),
                          tuple(lines)))
    return tuple(pages)


def rows(page: Page, tolerance: float = 1.5) -> list[list[Line]]:
    """The page's pieces of text grouped into printed lines (same baseline), top to bottom, each
    left to right."""
    out: list[list[Line]] = []
    for ln in sorted(page.lines, key=lambda ln: ln.bottom):
        if out and abs(out[-1][0].bottom - ln.bottom) <= tolerance:
            out[-1].append(ln)
        else:
            out.append([ln])
    return [sorted(r, key=lambda ln: ln.x0) for r in out]


# --- the content streams: where each flowable landed ---------------------------------------------

class Block(NamedTuple):
    """One flowable as the frame drew it: `q 1 0 0 1 x y cm … Q` at the top of a page's stream."""
    index: int  # drawing order on its page
    top: float
    bottom: float
    figure: bool  # holds a Scene painted at a scale (`q s 0 0 s 0 0 cm`): a map, a key, a chart
    paints: int  # filled or stroked paths


_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
# one operator (or other non-number token) with the run of numbers before it: numbers are converted
# only for the operators read here (a mono book's hatches are tens of thousands of them)
_OPERATION = re.compile(rb"((?:" + _NUMBER + rb"\s*)*)(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|"
                        rb"/[^\s/\[\]()<>]+|[A-Za-z'\"*]+)")
_NUMBERS = re.compile(_NUMBER)
_POINTS = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4}  # the numbers of each path operator
_PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_PATH = {b"m", b"l", b"c", b"v", b"y", b"re"}


def _mul(a, b):
    """The product of two PDF matrices [a b c d e f]: a then b."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _stream_blocks(content: bytes, height: float) -> list[Block]:
    content = re.sub(rb"\bBT\b.*?\bET\b", b" BT ET ", content, flags=re.S)  # text: see `text()`
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    clip = (float("-inf"), float("inf"))  # the clipping path's y range: hatches are drawn past it
    clipping = False
    stack: list = []
    ys: list[float] = []  # the current path's y values
    out: list[Block] = []
    block = None  # {depth, lo, hi, paints, ops}: the open flowable
    prev = b""
    for run, tok in _OPERATION.findall(content):
        if tok == b"q":
            stack.append((ctm, clip))
        elif tok == b"Q":
            ctm, clip = stack.pop() if stack else (ctm, clip)
            if block is not None and len(stack) < block["depth"]:
                lo, hi = block["lo"], block["hi"]
                if lo is None:  # text only: where it starts (its lines are read from `text()`)
                    lo = hi = block["origin"]
                out.append(Block(len(out), height - hi, height - lo, block["figure"], block["paints"]))
                block = None
        elif tok == b"cm":
            nums = _NUMBERS.findall(run)
            if len(nums) >= 6:
                m = tuple(float(v) for v in nums[-6:])
                ctm = _mul(m, ctm)
                if block is None and prev == b"q" and m[:4] == (1.0, 0.0, 0.0, 1.0):
                    block = {"depth": len(stack), "lo": None, "hi": None, "paints": 0, "figure": False,
                             "origin": ctm[5]}
                elif block is not None and prev == b"q" and m[0] == m[3] and m[1:3] == m[4:] == (0.0, 0.0):
                    block["figure"] = True  # a Scene painted at its scale (render.flowable.SceneFlowable)
        elif tok in _PATH:
            nums = [float(v) for v in _NUMBERS.findall(run)]
            if tok == b"re" and len(nums) >= 4:
                x, y, w, h = nums[-4:]
                pts = ((x, y), (x + w, y + h))
            else:
                vals = nums[-_POINTS[tok]:]
                pts = tuple(zip(vals[0::2], vals[1::2]))
            for x, y in pts:
                ys.append(ctm[1] * x + ctm[3] * y + ctm[5])
        elif tok in (b"W", b"W*"):
            clipping = True
        elif tok in _PAINT or tok == b"n":
            if clipping and ys:
                clip = (max(clip[0], min(ys)), min(clip[1], max(ys)))
            clipping = False
            if block is not None and ys and tok != b"n":
                lo, hi = max(min(ys), clip[0]), min(max(ys), clip[1])
                block["lo"] = lo if block["lo"] is None else min(block["lo"], lo)
                block["hi"] = hi if block["hi"] is None else max(block["hi"], hi)
                block["paints"] += 1
            ys = []
        prev = tok
    return out


@functools.lru_cache(maxsize=64)
def blocks(data: bytes) -> tuple[tuple[Block, ...], ...]:
    """Each page's flowables, in drawing order (figures with their painted extent)."""
    out = []
    for page in pdf_pages(data):
        box = re.search(rb"/MediaBox \[\s*[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s*\]", page.dict)
        out.append(tuple(_stream_blocks(page.content, float(box.group(1)) if box else 792.0)))
    return tuple(out)


# --- the PDF's pages, read in process ---------------------------------------------------------------

class PdfPage(NamedTuple):
    dict: bytes  # the page dictionary's text (/MediaBox, /TrimBox, ...)
    content: bytes  # its content stream, decoded


_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_REF = rb"(\d+) 0 R"


def pdf_pages(data: bytes) -> tuple[PdfPage, ...]:
    """Every page's dictionary and decoded content stream, in page order, read in this process from a
    PDF as reportlab writes it: a classic xref table, direct /Length values, streams Flate- or
    ASCII85+Flate-encoded (one `qpdf --qdf` process per book cost as much as the check it fed).
    Anything else raises, it is not read wrong."""
    import zlib

    from reportlab.lib.rl_accel import asciiBase85Decode

    start = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data).group(1))
    table = data[start:data.index(b"trailer", start)]
    assert table.startswith(b"xref"), "not a classic xref table"
    first = int(re.match(rb"xref\s+(\d+) \d+", table).group(1))
    offsets = {first + i: int(off) for i, (off, _, kind) in enumerate(_XREF_ENTRY.findall(table)) if kind == b"n"}

    def entry(num: int) -> tuple[bytes, bytes | None]:
        """(dictionary text, decoded stream or None) of object num."""
        at = offsets[num]
        assert re.match(rb"%d 0 obj" % num, data[at:at + 20]), f"object {num} is not at its xref offset"
        ends = [i for i in (data.find(b"stream", at), data.find(b"endobj", at)) if i >= 0]
        end = min(ends)
        head = data[at:end]
        if not data.startswith(b"stream", end):
            return head, None
        length = re.search(rb"/Length (\d+)(?! \d+ R)", head)
        assert length, f"object {num}: an indirect /Length"
        body_at = end + len(b"stream") + (2 if data.startswith(b"\r\n", end + 6) else 1)
        body = data[body_at:body_at + int(length.group(1))]
        filters = re.search(rb"/Filter\s*(\[[^\]]*\]|/\w+)", head)
        for name in re.findall(rb"/(\w+)", filters.group(1)) if filters else ():
            if name == b"ASCII85Decode":
                body = asciiBase85Decode(body.decode("latin-1"))
                body = body.encode("latin-1") if isinstance(body, str) else body
            elif name == b"FlateDecode":
                body = zlib.decompress(body)
            else:
                raise ValueError(f"object {num}: a /{name.decode()} stream")
        return head, body

    trailer = data[data.index(b"trailer", start):]
    catalog, _ = entry(int(re.search(rb"/Root " + _REF, trailer).group(1)))
    pages: list[PdfPage] = []

    def visit(num: int) -> None:
        head, _ = entry(num)
        kids = re.search(rb"/Kids \[([^\]]*)\]", head)
        if kids:
            for kid in re.findall(_REF, kids.group(1)):
                visit(int(kid))
            return
        contents = re.search(rb"/Contents (?:" + _REF + rb"|\[([^\]]*)\])", head)
        refs = [contents.group(1)] if contents.group(1) else re.findall(_REF, contents.group(2))
        pages.append(PdfPage(head, b"\n".join(entry(int(r))[1] for r in refs)))

    visit(int(re.search(rb"/Pages " + _REF, catalog).group(1)))
    return tuple(pages)
