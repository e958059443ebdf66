"""Shaped text in a PDF (reportlab): glyphs placed where HarfBuzz puts them, in every font of the
fallback chain (each embedded and subset by reportlab), and a Platypus paragraph made of such lines.

A glyph with no character of its own (an Arabic joining form, a Devanagari conjunct) is given a
private-use code derived from its glyph id, so the same text gives the same bytes in any process.
Every run is wrapped in an ActualText span holding its characters in logical order: text extraction
and search see the words as written, not the glyphs.
"""
from __future__ import annotations

import unicodedata

from reportlab.lib.colors import toColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_RIGHT
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from lostprint.text.bidi import base_level
from lostprint.text.faces import registered
from lostprint.text.shape import GlyphRun, ShapedLine, cap_marks, hb_font, layout_line

_PUA = 0xE000
_PUA_END = 0xF8FF


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _presentation_form(code: int) -> bool:
    return 0xFB00 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF


def _code_for(font, gid: int, upem: int, hb, text: str) -> int:
    """The character reportlab subsets for a glyph: the font's own (unless that is a presentation
    form), else a private-use code that the font's ToUnicode map turns into `text` (or, for a
    presentation form, the letters it is a form of)."""
    face = font.face
    chars = face.glyphToChar.get(gid)
    own = min(chars) if chars else None
    if own is not None and not _presentation_form(own):
        return own
    code = _PUA + gid
    if code > _PUA_END or face.charToGlyph.get(code, gid) != gid:
        return own if own is not None else min(face.glyphToChar.get(0, [0]) or [0])  # no code is free
    face.charToGlyph[code] = gid
    face.glyphToChar.setdefault(gid, []).append(code)
    face.charWidths[code] = hb.get_glyph_h_advance(gid) * 1000 / upem
    if hasattr(font, "pua_text"):
        font.pua_text.setdefault(code, unicodedata.normalize("NFKC", chr(own)) if own is not None else text)
    return code


def clusters(run: GlyphRun) -> list[tuple[str, list]]:
    """The run's glyphs in visual order, grouped by cluster: (the cluster's characters, glyphs)."""
    starts = sorted({g.cluster for g in run.glyphs})
    ends = dict(zip(starts, starts[1:] + [len(run.text)]))
    out: list[tuple[str, list]] = []
    for g in run.glyphs:
        if out and out[-1][1][-1].cluster == g.cluster:
            out[-1][1].append(g)
        else:
            out.append((run.text[g.cluster:ends[g.cluster]], [g]))
    return out


def _actual_text(text: str) -> str:
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def stretches(run: GlyphRun, g, cjk: bool) -> bool:
    """Whether justification adds space after this glyph: after a space, or (in a line with no
    space, `cjk`) after every Chinese or Japanese character."""
    ch = run.text[g.cluster:g.cluster + 1]
    return ch == " " or (cjk and bool(ch) and _is_cjk(ch))


def run_operators(canvas, run: GlyphRun, size: float, x: float, y: float, word_space: float = 0.0,
                  cjk: bool = False) -> str:
    """PDF operators (inside BT/ET) drawing one glyph run with its left end at x on baseline y."""
    doc = canvas._doc
    font = pdfmetrics.getFont(registered(run.font))
    hb, upem = hb_font(run.font)
    # Each glyph's code maps to its characters in the font's ToUnicode map. Where that cannot say
    # the cluster in logical order (one cluster drawn as several glyphs, a Devanagari vowel sign drawn
    # before its consonant, a ligature), a left-to-right cluster is wrapped in an ActualText span.
    # Right-to-left runs are drawn in visual order, which readers reverse: their glyphs map one by one.
    out: list[str] = []
    pen = x
    cur = None  # where the PDF pen stands after the last glyph shown (None: not placed yet)
    tj: list[str] = []
    name = rise = None

    def flush():
        if tj:
            out.append("[" + " ".join(tj) + "] TJ")
            tj.clear()

    for text, glyphs in clusters(run):
        codes = [_code_for(font, g.gid, upem, hb, text if i == 0 else "") for i, g in enumerate(glyphs)]
        span = not run.rtl and (len(glyphs) > 1 or "".join(map(chr, codes)) != text)
        if span:
            flush()
            out.append(f"/Span <</ActualText {_actual_text(text)}>> BDC")
        for g, code in zip(glyphs, codes):
            (subset, data), = font.splitString(chr(code), doc)
            fname = font.getSubsetInternalName(subset, doc)
            target = pen + g.dx
            if fname != name:
                flush()
                out.append(f"{fname} {_num(size)} Tf")
                name = fname
            if g.dy != rise:
                flush()
                out.append(f"{_num(g.dy)} Ts")
                rise = g.dy
            if cur is None:
                flush()
                out.append(f"1 0 0 1 {_num(target)} {_num(y)} Tm")
            elif abs(target - cur) > 1e-4:
                tj.append(_num(-(target - cur) * 1000 / size))
            tj.append("<" + data.hex() + ">")
            cur = target + face_width(font, code) * size / 1000
            pen += g.advance
            if word_space and stretches(run, g, cjk):
                pen += word_space
        if span:
            flush()
            out.append("EMC")
    flush()
    return "\n".join(out)


def face_width(font, code: int) -> float:
    return font.face.charWidths.get(code, font.face.defaultWidth)


def draw_line(canvas, line: ShapedLine, x: float, y: float, word_space: float = 0.0, cjk: bool = False) -> None:
    """Draw a shaped line whose left end is at (x, y) in PDF coordinates, in the fill colour set;
    `word_space` is added after each space (or each CJK character, with `cjk`)."""
    ops = ["q", "BT"]
    pen = x
    for run in line.runs:
        ops.append(run_operators(canvas, run, line.size, pen, y, word_space, cjk))
        pen += run.width + word_space * sum(1 for g in run.glyphs if stretches(run, g, cjk))
    ops += ["ET", "Q"]
    canvas._code.append("\n".join(ops))


def draw_text(canvas, text: str, key: str, size: float, x: float, y: float, anchor: str = "start") -> None:
    """A Scene Text item's line, shaped, at its anchor point (PDF coordinates)."""
    line = layout_line(text, key, size)
    x0 = {"start": x, "middle": x - line.width / 2, "end": x - line.width}[anchor]
    draw_line(canvas, line, x0, y)


# --- paragraphs ----------------------------------------------------------------------------------

_NO_BREAK_BEFORE = frozenset("、。，．・：；？！）」』】〕〉》ー々ゝゞヽヾぁぃぅぇぉっゃゅょァィゥェォッャュョ,.;:!?)]}»”’")
_NO_BREAK_AFTER = frozenset("（「『【〔〈《([{«“‘")


def _is_cjk(ch: str) -> bool:
    """Chinese or Japanese (written without spaces; Korean uses spaces and breaks at them)."""
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x2FA1F)


def tokens(text: str) -> list[str]:
    """The text cut where a line may break: after spaces, and between Chinese or Japanese characters
    (kinsoku: never before closing punctuation or after an opening one)."""
    out: list[str] = []
    cur = ""
    for i, ch in enumerate(text):
        prev = text[i - 1] if i else ""
        breakable = bool(cur) and (
            (prev == " " and ch != " ")
            or ((_is_cjk(ch) or _is_cjk(prev)) and ch not in _NO_BREAK_BEFORE and prev not in _NO_BREAK_AFTER
                and prev != " " and ch != " "))
        if breakable:
            out.append(cur)
            cur = ""
        cur += ch
    if cur:
        out.append(cur)
    return out


def _split_long(token: str, key: str, size: float, width: float) -> list[str]:
    """A token wider than the line, cut between characters (never before a mark)."""
    pieces, cur = [], ""
    for ch in token:
        if cur and not unicodedata.category(ch).startswith("M") and \
                layout_line(cur + ch, key, size).width > width:
            pieces.append(cur)
            cur = ""
        cur += ch
    return pieces + [cur] if cur else pieces


def break_lines(text: str, key: str, size: float, first_width: float, width: float,
                rtl: bool) -> list[ShapedLine]:
    """Greedy line breaking on shaped widths."""
    lines: list[ShapedLine] = []
    cur: list[str] = []
    avail = first_width
    queue = tokens(cap_marks(text))
    while queue:
        tok = queue.pop(0)
        candidate = "".join(cur + [tok]).rstrip(" ")
        if layout_line(candidate, key, size, rtl).width <= avail or not "".join(cur).strip():
            if not "".join(cur).strip() and layout_line(tok.rstrip(" "), key, size, rtl).width > avail:
                pieces = _split_long(tok, key, size, avail)
                if len(pieces) > 1:
                    queue[:0] = pieces
                    continue
            cur.append(tok)
            continue
        lines.append(layout_line("".join(cur).rstrip(" "), key, size, rtl))
        cur, avail = [tok], width
    if cur:
        lines.append(layout_line("".join(cur).rstrip(" "), key, size, rtl))
    return lines


class ShapedParagraph(Flowable):
    """A paragraph of any script for Platypus: fallback fonts, bidi, shaping, justification, split
    across frames. `style` is a reportlab ParagraphStyle (font name, size, leading, alignment, indent,
    colour, spacing); `key` is the bundled font key the style's font belongs to."""

    def __init__(self, text: str, style, key: str, lines: list[ShapedLine] | None = None,
                 first: bool = True, last: bool = True):
        super().__init__()

        self.text = text
        self.style = style
        self.key = key
        self.rtl = base_level(text) == 1
        self.lines = lines
        self.first = first
        self.last = last
        self.keepWithNext = getattr(style, "keepWithNext", 0)

    def getSpaceBefore(self):
        return self.style.spaceBefore if self.first else 0

    def getSpaceAfter(self):
        return self.style.spaceAfter if self.last else 0

    def _layout(self, aw: float) -> list[ShapedLine]:
        indent = self.style.firstLineIndent if self.first else 0
        inner = aw - self.style.leftIndent - self.style.rightIndent
        return break_lines(self.text, self.key, self.style.fontSize, inner - indent, inner, self.rtl)

    def wrap(self, aw, ah):
        if self.lines is None or getattr(self, "_aw", None) != aw:
            self.lines = self._layout(aw) if self.lines is None or self.first and self.last else self.lines
            self._aw = aw
        self.width = aw
        self.height = len(self.lines) * self.style.leading
        return aw, self.height

    def split(self, aw, ah):
        self.wrap(aw, ah)
        fit = int((ah + 1e-6) // self.style.leading)
        if fit <= 0 or fit >= len(self.lines):
            return [] if fit <= 0 else [self]
        head = ShapedParagraph(self.text, self.style, self.key, self.lines[:fit], self.first, False)
        tail = ShapedParagraph(self.text, self.style, self.key, self.lines[fit:], False, self.last)
        head._aw = tail._aw = aw
        return [head, tail]

    def draw(self):
        st = self.style
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(toColor(st.textColor))
        inner = self.width - st.leftIndent - st.rightIndent
        align = st.alignment
        for i, line in enumerate(self.lines):
            indent = st.firstLineIndent if (self.first and i == 0) else 0
            room = inner - indent
            last = self.last and i == len(self.lines) - 1
            spaces = sum(1 for r in line.runs for g in r.glyphs if stretches(r, g, False))
            cjk = not spaces
            # in a CJK line the space goes between characters, none after the last one
            gaps = spaces or sum(1 for r in line.runs for g in r.glyphs if stretches(r, g, True)) - \
                int(bool(line.runs) and bool(line.runs[-1].glyphs) and stretches(line.runs[-1], line.runs[-1].glyphs[-1], True))
            word_space = 0.0
            if align == TA_JUSTIFY and not last and gaps > 0 and line.width < room:
                word_space = (room - line.width) / gaps
                width = room
            else:
                width = line.width
            if align == TA_CENTER:
                x = st.leftIndent + (inner - width) / 2
            elif self.rtl:  # right to left: flush right, the first-line indent on the right
                x = st.leftIndent + inner - indent - width
            elif align == TA_RIGHT:
                x = st.leftIndent + inner - width
            else:
                x = st.leftIndent + indent
            draw_line(canvas, line, x, self.height - st.fontSize - i * st.leading, word_space, cjk)
        canvas.restoreState()
