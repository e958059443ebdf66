"""Documents (journals, and the books to come): pages of Scenes and flowing text, described as data,
set by reportlab's page flow (platypus).

A `Document` is a page size, its metadata, its page templates (frames for the text, and the Scene items
every page of the template carries: running head, folio, rules) and a story: paragraphs (`Para`,
`RunPara`), whole pages drawn from a Scene (`PageScene`), page breaks and template changes. Nothing in
it is a reportlab object: the books say what to print, this module says how.

- `build_pdf(document)`: the PDF bytes (identical bytes for identical inputs).
- `pages(document)`: the same layout as one Scene per page (the text as Text items, one per word on a
  justified line), for SVG and PNG and for the print checks, which so see every page's head and folio.

A Text item of a template with role "folio" and no text is given the page's number.
"""
from __future__ import annotations

import functools
import io
import re
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from lostprint.fonts import FONTS, registered, unique_subset_tags
from lostprint.scene import Group, Scene, Text

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")  # never set: dropped from any text
ALIGNS = {"left": 0, "center": 1, "right": 2, "justify": 4}  # reportlab's TA_LEFT ... TA_JUSTIFY
FOLIO_ROLE = "folio"
_ALIGN_NAMES = {v: k for k, v in ALIGNS.items()}


@dataclass(frozen=True)
class TextStyle:
    """A paragraph style: a bundled font key, size and leading in points, a colour (#rrggbb)."""
    font: str
    size: float
    leading: float
    color: str
    align: str = "left"
    space_before: float = 0.0
    space_after: float = 0.0
    first_indent: float = 0.0
    keep_with_next: bool = False


@dataclass(frozen=True)
class Para:
    """Plain text of any script in `font` (fallback fonts, right-to-left, shaping where it needs them).
    A justified paragraph never opens loose word gaps: its lines are broken a little short of the
    measure, or the whole paragraph is set flush left."""
    text: str
    style: TextStyle
    font: str = "serif"


@dataclass(frozen=True)
class RunPara:
    """One line or paragraph of runs: (text, font key, or None for the style's font)."""
    runs: tuple[tuple[str, str | None], ...]
    style: TextStyle


@dataclass(frozen=True)
class PageScene:
    """A whole page drawn from a Scene (page coordinates)."""
    scene: Scene


@dataclass(frozen=True)
class PageBreak:
    pass


@dataclass(frozen=True)
class NextPage:
    """The pages from the next page break on use the template `name`."""
    name: str


@dataclass(frozen=True)
class FrameBox:
    """Where text flows on a page: x and bottom measured from the page's bottom-left corner (as PDF)."""
    x: float
    bottom: float
    width: float
    height: float
    id: str = "body"


@dataclass(frozen=True)
class PageTemplate:
    """A kind of page: its frames and the Scene items drawn on it (at the page's start) before its text."""
    name: str
    frames: tuple[FrameBox, ...]
    items: tuple = ()


@dataclass(frozen=True)
class Document:
    width: float
    height: float
    metadata: tuple[tuple[str, str], ...]
    templates: tuple[PageTemplate, ...]  # the first one sets the first page
    story: tuple = ()
    file_name: str = "document.pdf"  # stands in the PDF for the buffer's name: never an id
    margin: float = 18.0  # for the print checks of the pages as Scenes


# --- text markup -------------------------------------------------------------------------------


@functools.cache
def coverage(key: str) -> frozenset:
    """The characters a bundled font has glyphs for (the font files never change in a run)."""
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(registered(key)).face.charToGlyph)


def clean(text: str, font: str = "serif") -> str:
    """Text safe to set as Paragraph markup: control characters dropped, markup escaped, and runs
    the text face lacks (Arabic, Hebrew...) set in DejaVu Sans when it has them."""
    text = CONTROL.sub("", text)
    if text.isascii():
        return escape(text)
    have, sans = coverage(font), coverage("sans")
    if not any(ord(ch) not in have and ord(ch) in sans for ch in set(text)):  # one run in the text face
        return escape(text)
    out, run, in_sans = [], [], False
    for ch in text:
        use_sans = ord(ch) not in have and ord(ch) in sans
        if use_sans != in_sans and run:
            piece = escape("".join(run))
            out.append(f"<font name='{registered('sans')}'>{piece}</font>" if in_sans else piece)
            run = []
        in_sans = use_sans
        run.append(ch)
    if run:
        piece = escape("".join(run))
        out.append(f"<font name='{registered('sans')}'>{piece}</font>" if in_sans else piece)
    return "".join(out)


def run_markup(runs) -> str:
    return "".join(clean(text) if font is None else f"<font name='{registered(font)}'>{clean(text)}</font>"
                   for text, font in runs)


# --- paragraphs that never open loose lines -----------------------------------------------------

LOOSE_GAP = 2.0  # spaces: a justified line whose word gaps would grow past this is set flush left instead
SHRINKS = (2.0, 4.0, 6.0, 9.0, 12.0)  # points a paragraph's lines may be broken short of the measure


def is_loose(extra: float, gaps: int, space: float) -> bool:
    """Would spreading `extra` points over a line's `gaps` make each gap wider than LOOSE_GAP spaces?"""
    return gaps > 0 and space + extra / gaps > LOOSE_GAP * space


def _body_lines(lines) -> list:
    """The lines reportlab spreads to the measure: all but the paragraph's last."""
    return lines.lines[:-1]


def any_loose(lines, shrink: float, space: float) -> bool:
    """Would a line (but the last) be loose once spread `shrink` points further than its own measure?"""
    if lines.kind == 0:
        return any(is_loose(extra + shrink, len(words) - 1, space) for extra, words in _body_lines(lines))
    return any(is_loose(line.extraSpace + shrink, line.wordCount - 1, space) for line in _body_lines(lines))


def spread(lines, shrink: float | None) -> None:
    """Spread every line `shrink` points further (lines broken short of the measure, justified to it),
    or with None set every line flush left."""
    if lines.kind == 0:
        lines.lines = [(0 if shrink is None else extra + shrink, words) for extra, words in lines.lines]
        return
    for line in lines.lines:
        line.extraSpace = 0 if shrink is None else line.extraSpace + shrink


@functools.cache
def once_paragraph():
    """A reportlab Paragraph class that breaks its lines once per width. The page flow wraps most
    paragraphs twice at the same width (a keep-with-next group measures them, then the frame sets
    them), and a second wrap would only repeat the first: the height offered never changes a
    paragraph's lines. A split that refuses to leave a widow deletes blPara; the next wrap then breaks
    the lines again. Same bytes out as a plain Paragraph."""
    from reportlab.platypus import Paragraph

    class OncePerWidth(Paragraph):
        _wrapped = None  # (width, height) of the last wrap

        def wrap(self, availWidth, availHeight):  # noqa: N803 (reportlab's names)
            if self._wrapped is not None and self._wrapped[0] == availWidth and "blPara" in self.__dict__:
                self.width, self.height = self._wrapped
                return self._wrapped
            size = super().wrap(availWidth, availHeight)
            if getattr(self, "blPara", None) is not None and size[0] == availWidth:
                self._wrapped = size
            return size

    return OncePerWidth


@functools.cache
def ragged_when_loose():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    class RaggedWhenLoose(once_paragraph()):
        """A justified paragraph that never opens loose word gaps (a long word pushed to the next line)
        and is set one way throughout: its lines are broken a little short of the measure where that
        leaves no line loose once spread to it; else the whole paragraph is set flush left (one flush
        left line inside a justified paragraph reads as a mistake)."""

        def breakLines(self, width):  # noqa: N802 (reportlab's name)
            lines = super().breakLines(width)
            space = stringWidth(" ", self.style.fontName, self.style.fontSize)
            if not any_loose(lines, 0.0, space):
                return lines
            for shrink in SHRINKS:
                trial = super().breakLines([w - shrink for w in width] if isinstance(width, (list, tuple))
                                           else width - shrink)
                if not any_loose(trial, shrink, space):
                    spread(trial, shrink)
                    return trial
            spread(lines, None)
            return lines

    return RaggedWhenLoose


# --- the story as reportlab flowables ------------------------------------------------------------


def paragraph_style(style: TextStyle):
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    # colours as Color objects: a colour given as a string is parsed again every time a line sets it
    return ParagraphStyle("p", fontName=registered(style.font), fontSize=style.size, leading=style.leading,
                          textColor=HexColor(style.color), alignment=ALIGNS[style.align],
                          spaceBefore=style.space_before, spaceAfter=style.space_after,
                          firstLineIndent=style.first_indent, keepWithNext=int(style.keep_with_next),
                          splitLongWords=1)


def _font_families() -> None:
    """<b> and <i> in the serif face (reportlab keeps the family table; registering twice is harmless)."""
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    serif, serif_b, serif_i = registered("serif"), registered("serif-bold"), registered("serif-italic")
    registerFontFamily(serif, normal=serif, bold=serif_b, italic=serif_i, boldItalic=serif_b)


def flowables(story) -> list:
    """The story as reportlab flowables (new ones on each call: a layout uses them up)."""
    from reportlab.platypus import NextPageTemplate
    from reportlab.platypus import PageBreak as RLPageBreak

    from lostprint.render.flowable import ScenePage
    from lostprint.text.fallback import is_simple

    _font_families()
    styles: dict[TextStyle, object] = {}

    def style_of(s: TextStyle):
        if s not in styles:
            styles[s] = paragraph_style(s)
        return styles[s]

    out = []
    for item in story:
        if isinstance(item, Para):
            if is_simple(item.text, item.font):
                out.append(ragged_when_loose()(clean(item.text, item.font), style_of(item.style)))
            else:
                from lostprint.text.pdf import ShapedParagraph

                out.append(ShapedParagraph(item.text, style_of(item.style), item.font))
        elif isinstance(item, RunPara):
            out.append(once_paragraph()(run_markup(item.runs), style_of(item.style)))
        elif isinstance(item, PageScene):
            out.append(ScenePage(item.scene))
        elif isinstance(item, PageBreak):
            out.append(RLPageBreak())
        elif isinstance(item, NextPage):
            out.append(NextPageTemplate(item.name))
        else:
            raise TypeError(f"not a story item: {item!r}")
    return out


# --- the page flow -------------------------------------------------------------------------------


def with_folio(items, number: int) -> tuple:
    """The template's items with its empty folio filled in."""
    def fill(item):
        if isinstance(item, Group):
            return replace(item, items=tuple(fill(i) for i in item.items))
        if isinstance(item, Text) and item.role == FOLIO_ROLE and item.text == "":
            return replace(item, text=str(number))
        return item

    return tuple(fill(i) for i in items)


def _doc_template(document: Document, buf, on_page_start=None, frame_class=None):
    """reportlab's document for `document`: with `on_page_start(template, number)`, every page starts
    through it (the Scene layout); without, each template's items are painted on its pages."""
    from reportlab.platypus import BaseDocTemplate, Frame
    from reportlab.platypus import PageTemplate as RLPageTemplate

    from lostprint.render.paint import paint
    from lostprint.render.pdf import document_settings, pdf_info

    frame_class = frame_class or Frame
    height = document.height

    def painter(template: PageTemplate):
        if on_page_start is not None:
            return {"onPage": lambda canv, doc: on_page_start(template, doc.page)}
        if not template.items:
            return {}  # nothing drawn: not even an empty saved state in the page
        return {"onPage": lambda canv, doc: paint(canv, with_folio(template.items, doc.page), height, page_start=True)}

    templates = [RLPageTemplate(t.name, [frame_class(f.x, f.bottom, f.width, f.height, 0, 0, 0, 0, id=f.id)
                                         for f in t.frames], **painter(t))
                 for t in document.templates]
    return BaseDocTemplate(buf, pagesize=(document.width, height), **document_settings(),
                           **pdf_info(document.metadata), pageTemplates=templates)


def build_pdf(document: Document) -> bytes:
    buf = io.BytesIO()
    buf.name = document.file_name  # a fixed name: never the buffer's id in the file
    _doc_template(document, buf).build(flowables(document.story))
    return unique_subset_tags(buf.getvalue())


# --- the same pages as Scenes ---------------------------------------------------------------------


def pages(document: Document) -> tuple[Scene, ...]:
    """The document laid out by the same page flow, one Scene per page: each template's items, whole
    page Scenes, and each paragraph's lines as Text items where the PDF sets them."""
    from reportlab.platypus import Frame

    sheets: list[list] = []

    def start(template: PageTemplate, number: int) -> None:
        sheets.append(list(with_folio(template.items, number)))

    def placed(flowable, x: float, y: float, spare: float) -> None:
        sheets[-1].extend(flowable_items(flowable, x, y, spare, document.height))

    class PlacingFrame(Frame):
        """A frame that notes where each flowable lands instead of drawing it."""

        def _add(self, flowable, canv, trySplit=0):
            flowable.__dict__["drawOn"] = lambda canvas, x, y, _sW=0: placed(flowable, x, y, _sW)
            try:
                return super()._add(flowable, canv, trySplit)
            finally:
                flowable.__dict__.pop("drawOn", None)

        add = _add  # reportlab's frame calls its `add`, an alias it made of its own _add

    buf = io.BytesIO()
    buf.name = document.file_name
    _doc_template(document, buf, start, PlacingFrame).build(flowables(document.story))
    return tuple(Scene(document.width, document.height, tuple(items), metadata=document.metadata,
                       margin=document.margin) for items in sheets)


def as_scene(document: Document) -> Scene:
    """All pages as one multi-page Scene (the first page, the others as its `pages`)."""
    first, *rest = pages(document)
    return replace(first, pages=tuple(rest))


@functools.cache
def _font_keys() -> dict[str, str]:
    """reportlab's registered font name -> the bundled font key."""
    return {registered(key): key for key in FONTS}


def _hex(color) -> str:
    return "#" + color.hexval()[2:].lower()


def flowable_items(flowable, x: float, y: float, spare: float, page_height: float) -> list:
    """Scene items for a flowable reportlab placed with its bottom-left corner at (x, y) (PDF
    coordinates), `spare` points narrower than its frame."""
    from lostprint.render.flowable import ScenePage
    from lostprint.text.pdf import ShapedParagraph

    if isinstance(flowable, ScenePage):
        return list(flowable.scene.items)
    x = flowable._hAlignAdjust(x, spare) if spare else x
    top = page_height - (y + flowable.height)  # the flowable's top, y down
    if isinstance(flowable, ShapedParagraph):
        return _shaped_items(flowable, x, top)
    if hasattr(flowable, "blPara"):
        return _paragraph_items(flowable, x, top)
    return []


def _line_texts(fragments, x: float, baseline: float, word_space: float, color: str | None) -> list:
    """Text items for a line of (text, reportlab font name, size, colour) fragments from x: one per
    fragment, or one per word where the words are spread (word_space > 0)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    keys = _font_keys()
    out = []
    for text, font_name, size, frag_color in fragments:
        key = keys.get(font_name, "serif")
        fill = frag_color or color
        if word_space <= 0:
            if text.strip():
                out.append(Text(x, baseline, text, size, key, "start", fill, role="text"))
            x += stringWidth(text, font_name, size)
            continue
        words = text.split(" ")
        for i, word in enumerate(words):
            if word:
                out.append(Text(x, baseline, word, size, key, "start", fill, role="text"))
            x += stringWidth(word, font_name, size)
            if i < len(words) - 1:
                x += stringWidth(" ", font_name, size) + word_space
    return out


def _paragraph_items(para, x0: float, top: float) -> list:
    """A reportlab Paragraph's lines as Text items, placed as its drawPara places them."""
    style = para.style
    lines = para.blPara
    if not lines.lines:
        return []
    align = _ALIGN_NAMES.get(style.alignment, "left")
    base_color = _hex(style.textColor)
    from reportlab.rl_config import paraFontSizeHeightOffset

    first = lines if lines.kind == 0 else lines.lines[0]
    baseline = top + (first.fontSize if paraFontSizeHeightOffset else getattr(first, "ascent", first.fontSize))
    out = []
    count = len(lines.lines)
    for i, line in enumerate(lines.lines):
        last = i == count - 1
        offset = style.firstLineIndent if i == 0 else 0
        if lines.kind == 0:
            extra, words = line
            text = " ".join(words)
            fragments = [(text, lines.fontName, lines.fontSize, None)]
        else:
            extra = line.extraSpace
            fragments = [(f.text, f.fontName, f.fontSize, _hex(f.textColor) if getattr(f, "textColor", None)
                          else None) for f in line.words]
            text = "".join(f[0] for f in fragments)
        gaps = text.count(" ")
        word_space = 0.0
        x = x0 + style.leftIndent + offset
        if align == "justify" and not last and gaps > 0 and extra > 1e-8:
            word_space = extra / gaps
        elif align == "center":
            x += extra / 2
        elif align == "right":
            x += extra
        out += _line_texts(fragments, x, baseline, word_space, base_color)
        baseline += style.leading
    return out


def _shaped_items(para, x0: float, top: float) -> list:
    """A shaped paragraph's lines as Text items (the SVG writer outlines their glyphs)."""
    st = para.style
    inner = para.width - st.leftIndent - st.rightIndent
    align = _ALIGN_NAMES.get(st.alignment, "left")
    out = []
    for i, line in enumerate(para.lines):
        indent = st.firstLineIndent if (para.first and i == 0) else 0
        if align == "center":
            x = st.leftIndent + (inner - line.width) / 2
        elif para.rtl or align == "right":
            x = st.leftIndent + inner - indent - line.width if para.rtl else st.leftIndent + inner - line.width
        else:
            x = st.leftIndent + indent
        out.append(Text(x0 + x, top + st.fontSize + i * st.leading, line.text, st.fontSize, para.key, "start",
                        _hex(st.textColor), role="text"))
    return out
