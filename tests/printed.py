"""The books as printed: every rulebook, journal, the kit and a Crows record built once per test run and
read back from the real PDF bytes with poppler and qpdf (C tools: reading a 23-page book costs about
0.1 s, where pdfplumber took 3 s).

- `text(data)`: every page's text lines with position, size and font (`pdftohtml -xml`), top-down.
- `blocks(data)`: every page's top-level flowables in drawing order (the content streams, via
  `qpdf --qdf`): where each one sits and whether it is a figure (a drawing painted from a Scene).

Page coordinates are points from the page's top-left corner, like pdfplumber's `top`/`bottom`.
"""
from __future__ import annotations

import functools
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


@functools.cache
def rulebook(game: str, paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.books.rulebook import RulebookOptions, build_rulebook
    from lostprint.games import resolve

    demo = _from_demo("rulebook", resolve(game).stem, paper, ink)
    return demo if demo is not None else build_rulebook(game, RulebookOptions(paper=paper, ink=ink))


def widgets(game: str, paper: str = "letter", ink: str = "color") -> tuple:
    """(name, Scene) of every sheet widget a rulebook draws (`widget_scenes`), once per book and variant;
    game: an id or a year."""
    from lostprint.games import resolve

    return _widgets(resolve(game).id, paper, ink)


@functools.cache
def _widgets(game: str, paper: str, ink: str) -> tuple:
    from lostprint.books.rulebook import RulebookOptions, widget_scenes

    return tuple(widget_scenes(game, RulebookOptions(paper=paper, ink=ink)))


@functools.cache
def played(name: str):
    from lostprint.saves.validate import load_played

    return load_played(EXAMPLES / f"{name}.yaml")


@functools.cache
def journal(name: str, paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.books.journal import build_journal

    demo = _from_demo("journal", name, paper, ink)
    return demo if demo is not None else build_journal(played(name), paper, ink)


@functools.cache
def kit_scene(paper: str = "letter", ink: str = "color", shared: bool = False, backs: str = "full"):
    from lostprint.crows.kit import KitOptions, build_kit

    return build_kit(KitOptions(paper=paper, ink=ink, shared=shared, backs=backs))


@functools.cache
def kit(paper: str = "letter", ink: str = "color") -> bytes:
    from lostprint.render import render

    demo = _from_demo("kit", "crows", paper, ink)
    return demo if demo is not None else render(kit_scene(paper, ink), "pdf")


@functools.cache
def record():
    from lostprint.crows.record import load_record

    return load_record(EXAMPLES / "crows-3p.yaml")


@functools.cache
def record_scene(paper: str = "letter", ink: str = "color"):
    from lostprint.crows.record import build_record

    rec, result = record()
    return build_record(rec, result, paper, ink)


@functools.cache
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


_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|/[^\s/\[\]()<>]+|"
                    rb"[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'\"*]+")
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
    nums: list[float] = []
    ys: list[float] = []  # the current path's y values
    out: list[Block] = []
    block = None  # {depth, lo, hi, paints, ops}: the open flowable
    prev = b""
    for tok in _TOKEN.findall(content):
        if tok[:1] in b"-+.0123456789":
            nums.append(float(tok))
            continue
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
        elif tok == b"cm" and len(nums) >= 6:
            m = tuple(nums[-6:])
            ctm = _mul(m, ctm)
            if block is None and prev == b"q" and m[:4] == (1.0, 0.0, 0.0, 1.0):
                block = {"depth": len(stack), "lo": None, "hi": None, "paints": 0, "figure": False,
                         "origin": ctm[5]}
            elif block is not None and prev == b"q" and m[0] == m[3] and m[1:3] == m[4:] == (0.0, 0.0):
                block["figure"] = True  # a Scene painted at its scale (render.flowable.SceneFlowable)
        elif tok in _PATH:
            if tok == b"re" and len(nums) >= 4:
                x, y, w, h = nums[-4:]
                pts = ((x, y), (x + w, y + h))
            else:
                k = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4}[tok]
                vals = nums[-k:]
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
        nums.clear()
    return out


@functools.lru_cache(maxsize=64)
def blocks(data: bytes) -> tuple[tuple[Block, ...], ...]:
    """Each page's flowables, in drawing order (figures with their painted extent)."""
    qdf = _tool(["qpdf", "--qdf", "--object-streams=disable"], data)
    heights = [float(h) for h in re.findall(rb"/MediaBox \[\s*[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s*\]", qdf)]
    streams = re.findall(rb"%% Contents for page \d+\n%% Original object ID: [^\n]*\n\d+ 0 obj\n<<.*?>>\n"
                         rb"stream\n(.*?)endstream", qdf, re.S)
    height = heights[0] if heights else 792.0
    return tuple(tuple(_stream_blocks(s, height)) for s in streams)
