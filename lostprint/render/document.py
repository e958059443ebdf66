"""Documents (journals, and the books to come): pages of Scenes and flowing text, described as data,
set by reportlab's page flow (platypus).

A `Document` is a page size, its metadata, its page templates (frames for the text, and the Scene items
every page of the template carries: running head, folio, rules) and a story: paragraphs (`Para`,
`RunPara`), whole pages drawn from a Scene (`PageScene`), page breaks and template changes. Nothing in
it is a reportlab object: the books say what to print, this module says how.

- `build_pdf(document)`: the PDF bytes (identical bytes for identical inputs).
- `pages(document)`: the same layout as one Scene per page (the text as Text items, one per word on a
  justified line), for SVG and PNG and for the print checks, which so see every page's head and folio.

A Text item of a template with role "folio" and no text is given the page's number; one with role
"section" and no text, the chapter in force at the top of the page.

A book (`Document.book`) adds its own story items, data too: paragraphs of inline markup (`Markup`:
<b>, <i>, <font>, <a>), headings (`Heading`: a bookmark, an outline and a contents entry), drawings
of Scene items (`Drawing`, and `Captioned` under a caption), shaded boxes of paragraphs (`Shaded`),
the contents (`Contents`), space (`Space`) and a break unless room is left (`NeedRoom`).
"""
from __future__ import annotations

import copy
import functools
import io
import re
from dataclasses import dataclass, replace
from typing import Callable
from xml.sax.saxutils import escape

from lostprint.fonts import FONTS, registered, unique_subset_tags
from lostprint.render.flowable import SceneFlowable, ScenePage
from lostprint.render.paint import paint, text_pdf
from lostprint.render.pdf import document_settings, pdf_info
from lostprint.scene import Circle, Group, Line, Path, Rect, Scene, Style, Text
from lostprint.text.fallback import is_simple
from lostprint.text.platypus import (ActionFlowable, BaseDocTemplate, CondPageBreak, Flowable, Frame, HexColor,
                                     KeepTogether, NextPageTemplate, PageBreak as RLPageBreak,
                                     PageTemplate as RLPageTemplate, Paragraph, ParagraphStyle, Spacer, Table,
                                     TableOfContents, TableStyle, paraFontSizeHeightOffset, pdfmetrics,
                                     registerFontFamily, stringWidth)
from lostprint.text.platypus import hyphenator

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")  # never set: dropped from any text
ALIGNS = {"left": 0, "center": 1, "right": 2, "justify": 4}  # reportlab's TA_LEFT ... TA_JUSTIFY
FOLIO_ROLE = "folio"
SECTION_ROLE = "section"
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
    left_indent: float = 0.0
    bullet_indent: float = 0.0
    bullet_font: str | None = None  # the font key of a bullet (None: reportlab's own)
    allow_widows: bool = True  # False: a paragraph never leaves its last line alone atop a page
    hyphenate: str = ""  # a language ('de'): a word may break at a line's end, by its dictionary ("": never)


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
class Markup:
    """A paragraph of inline markup (<b>, <i>, <font name=...>, <a href=...>; text already escaped)."""
    text: str
    style: TextStyle
    bullet: str = ""  # set before its first line, at the style's bullet indent
    keep_with_next: bool | None = None  # None: as its style says
    points: bool = False  # a book's lead that points at the figure after it: the two never part


@dataclass(frozen=True)
class Heading:
    """A book's heading: a bookmark `key`, an outline entry at `level` and (with `toc`) a contents
    entry; `title` is its plain text, which a level-0 heading gives the running head."""
    text: str
    style: TextStyle
    level: int
    key: str
    toc: bool = True
    title: str = ""


@dataclass(frozen=True)
class Drawing:
    """Scene items laid out in a (width, height) box, y down, drawn `scale` times their size, centred.
    `rebuild(height)`, where given, lays the same drawing out for a shorter box (a figure finishing a
    page); a drawing that `floats` may wait for the next page while the text after it fills this one."""
    items: tuple
    width: float
    height: float
    scale: float = 1.0
    name: str = ""
    space_before: float = 0.0
    space_after: float = 0.0
    keep_with_next: bool | None = None
    floats: bool = False
    rebuild: Callable[[float], "Drawing"] | None = None


@dataclass(frozen=True)
class Captioned:
    """A drawing and its caption under it, never parted; it may be laid out as short as `min_scale`
    of its height (by its `rebuild`) to finish a page. It floats."""
    drawing: Drawing
    caption: Markup
    min_scale: float = 1.0


@dataclass(frozen=True)
class Shaded:
    """Paragraphs in a shaded box with a rule down its left side (a rulebook's example)."""
    paras: tuple[Markup, ...]
    width: float
    fill: str
    rule: str
    rule_width: float = 2.0
    pad_left: float = 9.0
    pad_right: float = 8.0
    pad: float = 2.0  # above and below each paragraph
    pad_top: float = 6.0  # above the first
    pad_bottom: float = 5.0  # below the last
    space_before: float = 0.0
    space_after: float = 0.0
    keep_together: bool = False


@dataclass(frozen=True)
class Contents:
    """A book's contents: one line per entry (level, markup, heading key), dot leaders, page numbers;
    `styles[level]` sets the lines of a level."""
    styles: tuple[TextStyle, ...]
    entries: tuple[tuple[int, str, str], ...] = ()


@dataclass(frozen=True)
class Space:
    height: float


@dataclass(frozen=True)
class NeedRoom:
    """A page break unless `height` points are left on the page."""
    height: float


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
    """A kind of page: its frames, the Scene items drawn on it (at the page's start) before its text,
    and those drawn over it when it is full (`items_after`: where a running head names the chapter in
    force at the top of the page, known only then). A `cover` page has no chapter in its head."""
    name: str
    frames: tuple[FrameBox, ...]
    items: tuple = ()
    items_after: tuple = ()
    cover: bool = False
    page_start: bool = True  # paint `items` knowing the page's initial state (False: write all of it, as a Scene's page)


@dataclass(frozen=True)
class Document:
    width: float
    height: float
    metadata: tuple[tuple[str, str], ...]
    templates: tuple[PageTemplate, ...]  # the first one sets the first page
    story: tuple = ()
    file_name: str = "document.pdf"  # stands in the PDF for the buffer's name: never an id
    margin: float = 18.0  # for the print checks of the pages as Scenes
    book: bool = False  # figures float, headings name the running head's chapter and feed the contents


# --- text markup -------------------------------------------------------------------------------


@functools.cache
def coverage(key: str) -> frozenset:
    """The characters a bundled font has glyphs for (the font files never change in a run)."""
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


class OncePerWidth(Paragraph):
    """A reportlab Paragraph class that breaks its lines once per width. The page flow wraps most
    paragraphs twice at the same width (a keep-with-next group measures them, then the frame sets
    them), and a second wrap would only repeat the first: the height offered never changes a
    paragraph's lines. A split that refuses to leave a widow deletes blPara; the next wrap then breaks
    the lines again. Same bytes out as a plain Paragraph."""

    _wrapped = None  # (width, height) of the last wrap

    def wrap(self, availWidth, availHeight):  # noqa: N803 (reportlab's names)
        if self._wrapped is not None and self._wrapped[0] == availWidth and "blPara" in self.__dict__:
            self.width, self.height = self._wrapped
            return self._wrapped
        size = super().wrap(availWidth, availHeight)
        if getattr(self, "blPara", None) is not None and size[0] == availWidth:
            self._wrapped = size
        return size


class RaggedWhenLoose(OncePerWidth):
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
# --- the story as reportlab flowables ------------------------------------------------------------


def paragraph_style(style: TextStyle):
    extra = {"bulletFontName": registered(style.bullet_font)} if style.bullet_font else {}
    words = style.hyphenate and hyphenator(style.hyphenate, registered(style.font), style.size)
    if words:
        extra["hyphenationLang"] = words
    # colours as Color objects: a colour given as a string is parsed again every time a line sets it
    return ParagraphStyle("p", fontName=registered(style.font), fontSize=style.size, leading=style.leading,
                          textColor=HexColor(style.color), alignment=ALIGNS[style.align],
                          spaceBefore=style.space_before, spaceAfter=style.space_after,
                          firstLineIndent=style.first_indent, keepWithNext=int(style.keep_with_next),
                          leftIndent=style.left_indent, bulletIndent=style.bullet_indent,
                          allowWidows=int(style.allow_widows), splitLongWords=1, **extra)


def _font_families() -> None:
    """<b> and <i> in the serif and sans faces (reportlab keeps the family table; registering twice is
    harmless)."""
    for face in ("serif", "sans"):
        plain_, bold, italic = registered(face), registered(f"{face}-bold"), registered(f"{face}-italic")
        registerFontFamily(plain_, normal=plain_, bold=bold, italic=italic, boldItalic=bold)


def _kept(flowable, keep: bool | None):
    """The flowable kept with the next one as `keep` says (None: as its style says)."""
    if keep is not None:
        flowable.keepWithNext = int(keep)
    return flowable


def _drawing(item: Drawing):
    fl = SceneFlowable(item.items, item.width, item.height, item.scale, item.name)
    if item.space_before or item.space_after:
        fl.spaceBefore, fl.spaceAfter = item.space_before, item.space_after
    if item.floats:
        fl.floats = True
    if item.rebuild is not None:
        fl.rebuild = lambda height: _drawing(item.rebuild(height))
    return _kept(fl, item.keep_with_next)


def _markup(item: Markup, style):
    para = OncePerWidth(item.text, style, bulletText=item.bullet or None)
    if item.points:
        para.points = True
    return _kept(para, item.keep_with_next)


def _shaded(item: Shaded, style_of):
    table = Table([[_markup(p, style_of(p.style))] for p in item.paras], colWidths=[item.width])
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), registered(item.paras[0].style.font)),
        ("BACKGROUND", (0, 0), (-1, -1), HexColor(item.fill)),
        ("LINEBEFORE", (0, 0), (0, -1), item.rule_width, HexColor(item.rule)),
        ("LEFTPADDING", (0, 0), (-1, -1), item.pad_left), ("RIGHTPADDING", (0, 0), (-1, -1), item.pad_right),
        ("TOPPADDING", (0, 0), (-1, -1), item.pad), ("BOTTOMPADDING", (0, 0), (-1, -1), item.pad),
        ("TOPPADDING", (0, 0), (-1, 0), item.pad_top), ("BOTTOMPADDING", (0, -1), (-1, -1), item.pad_bottom),
    ]))
    table.spaceBefore, table.spaceAfter = item.space_before, item.space_after
    return KeepTogether([table]) if item.keep_together else table


def _contents(item: Contents, style_of):
    style = TableStyle([("FONTNAME", (0, 0), (-1, -1), registered(item.styles[0].font)),
                        ("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)])
    toc = ContentsFlowable(dotsMinLevel=0, tableStyle=style)
    toc.levelStyles = [style_of(s) for s in item.styles]
    # every line is known before layout (only its page number is not, and that is a form defined
    # when the heading lands): one layout pass
    toc._lastEntries = [(level, text, 0, key) for level, text, key in item.entries]
    return toc


def flowables(story) -> list:
    """The story as reportlab flowables (new ones on each call: a layout uses them up)."""
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
                out.append(RaggedWhenLoose(clean(item.text, item.font), style_of(item.style)))
            else:
                out.append(shaped_paragraph()(item.text, style_of(item.style), item.font))
        elif isinstance(item, RunPara):
            out.append(OncePerWidth(run_markup(item.runs), style_of(item.style)))
        elif isinstance(item, PageScene):
            out.append(ScenePage(item.scene))
        elif isinstance(item, PageBreak):
            out.append(RLPageBreak())
        elif isinstance(item, NextPage):
            out.append(NextPageTemplate(item.name))
        elif isinstance(item, Markup):
            out.append(_markup(item, style_of(item.style)))
        elif isinstance(item, Heading):
            out.append(HeadingFlowable(item.text, style_of(item.style), item.level, item.key, item.toc, item.title))
        elif isinstance(item, Drawing):
            out.append(_drawing(item))
        elif isinstance(item, Captioned):
            figure = FigureFlowable(_drawing(item.drawing), _markup(item.caption, style_of(item.caption.style)),
                                    item.min_scale)
            figure.floats = True
            out.append(figure)
        elif isinstance(item, Shaded):
            out.append(_shaded(item, style_of))
        elif isinstance(item, Contents):
            out.append(_contents(item, style_of))
        elif isinstance(item, Space):
            out.append(Spacer(1, item.height))
        elif isinstance(item, NeedRoom):
            out.append(CondPageBreak(item.height))
        else:
            raise TypeError(f"not a story item: {item!r}")
    return out


# --- the page flow -------------------------------------------------------------------------------


def with_folio(items, number: int, section: str = "") -> tuple:
    """The template's items with its empty folio (and chapter name) filled in."""
    def fill(item):
        if isinstance(item, Group):
            return replace(item, items=tuple(fill(i) for i in item.items))
        if isinstance(item, Text) and item.text == "" and item.role in (FOLIO_ROLE, SECTION_ROLE):
            return replace(item, text=str(number) if item.role == FOLIO_ROLE else section)
        return item

    return tuple(fill(i) for i in items)


def _doc_template(document: Document, buf, on_page_start=None, frame_class=None, on_page_end=None):
    """reportlab's document for `document`: with `on_page_start(template, number)` and
    `on_page_end(template, number, section)`, every page starts and ends through them (the Scene
    layout); without, each template's items are painted on its pages."""
    frame_class = frame_class or (BookFrame if document.book else Frame)
    height = document.height

    def start(template: PageTemplate):
        def begin(canv, doc):
            if document.book:
                if template.cover:
                    canv.showOutline()  # the outline opens with the book
                    doc.page_section, doc.page_has_section = "", True
                else:
                    doc.page_section, doc.page_has_section, doc.page_drawn = doc.section, False, False
            if on_page_start is not None:
                on_page_start(template, doc.page)
            elif template.items:
                paint(canv, with_folio(template.items, doc.page), height, page_start=template.page_start)

        # a page with nothing to draw and nothing to note gets no call: not even an empty saved state
        return {"onPage": begin} if document.book or on_page_start is not None or template.items else {}

    def end(template: PageTemplate):
        if not template.items_after:
            return {}

        def finish(canv, doc):
            section = getattr(doc, "page_section", "")
            if on_page_end is not None:
                on_page_end(template, doc.page, section)
            else:  # the flowables have put the graphics state back: it is the page's first one
                paint(canv, with_folio(template.items_after, doc.page, section), height, page_start=True)

        return {"onPageEnd": finish}

    templates = [RLPageTemplate(t.name, [frame_class(f.x, f.bottom, f.width, f.height, 0, 0, 0, 0, id=f.id)
                                         for f in t.frames], **start(t), **end(t))
                 for t in document.templates]
    doc_class = BookDoc if document.book else BaseDocTemplate
    return doc_class(buf, pagesize=(document.width, height), **document_settings(),
                     **pdf_info(document.metadata), pageTemplates=templates)


def _prepared(doc, story: list) -> list:
    """The contents (a TableOfContents in the story) learn their level styles' page-number look."""
    contents = next((f for f in story if hasattr(f, "levelStyles")), None)
    if contents is not None and hasattr(doc, "contents_styles"):
        doc.contents_styles = list(contents.levelStyles)
    return story


def build_pdf(document: Document) -> bytes:
    buf = io.BytesIO()
    buf.name = document.file_name  # a fixed name: never the buffer's id in the file
    doc = _doc_template(document, buf)
    doc.build(_prepared(doc, flowables(document.story)))
    return unique_subset_tags(buf.getvalue())


# --- the same pages as Scenes ---------------------------------------------------------------------


def pages(document: Document) -> tuple[Scene, ...]:
    """The document laid out by the same page flow, one Scene per page: each template's items, whole
    page Scenes, and each paragraph's lines as Text items where the PDF sets them."""
    sheets: list[list] = []

    def start(template: PageTemplate, number: int) -> None:
        sheets.append(list(with_folio(template.items, number)))

    def end(template: PageTemplate, number: int, section: str) -> None:
        sheets[-1].extend(with_folio(template.items_after, number, section))

    def placed(flowable, x: float, y: float, spare: float) -> None:
        sheets[-1].extend(flowable_items(flowable, x, y, spare, document.height))

    frame_base = BookFrame if document.book else Frame

    def add(frame, flowable, canv, trySplit=0):  # noqa: N803 (reportlab's name)
        """Note where each flowable lands instead of drawing it."""
        flowable.__dict__["drawOn"] = lambda canvas, x, y, _sW=0: placed(flowable, x, y, _sW)
        try:
            return frame_base._add(frame, flowable, canv, trySplit)
        finally:
            flowable.__dict__.pop("drawOn", None)

    # reportlab's frame calls its `add`, an alias it made of its own _add: both are replaced
    placing_frame = type("PlacingFrame", (frame_base,), {"_add": add, "add": add})
    buf = io.BytesIO()
    buf.name = document.file_name
    doc = _doc_template(document, buf, start, placing_frame, end)
    doc.build(_prepared(doc, flowables(document.story)))
    pages_of = getattr(doc, "heading_pages", {})
    return tuple(Scene(document.width, document.height, with_contents_pages(items, pages_of),
                       metadata=document.metadata, margin=document.margin) for items in sheets)


def as_scene(document: Document) -> Scene:
    """All pages as one multi-page Scene (the first page, the others as its `pages`)."""
    first, *rest = pages(document)
    return replace(first, pages=tuple(rest))


@functools.cache
def _font_keys() -> dict[str, str]:
    """reportlab's registered font name -> the bundled font key."""
    return {registered(key): key for key in FONTS}


def shaped_paragraph():
    """lostprint.text.pdf's ShapedParagraph (render.paint.text_pdf: only where text needs shaping)."""
    return text_pdf().ShapedParagraph


def _hex(color) -> str:
    return "#" + color.hexval()[2:].lower()


def flowable_items(flowable, x: float, y: float, spare: float, page_height: float) -> list:
    """Scene items for a flowable reportlab placed with its bottom-left corner at (x, y) (PDF
    coordinates), `spare` points narrower than its frame."""
    ShapedParagraph = shaped_paragraph()  # noqa: N806 (a class)
    if isinstance(flowable, ScenePage):
        return list(flowable.scene.items)
    if hasattr(flowable, "_table"):  # the contents: a table made at wrap time
        return flowable_items(flowable._table, x, y, 0, page_height)
    if hasattr(flowable, "_cellvalues"):
        return _table_items(flowable, x, y, page_height)
    x = flowable._hAlignAdjust(x, spare) if spare else x
    top = page_height - (y + flowable.height)  # the flowable's top, y down
    if isinstance(flowable, ShapedParagraph):
        return _shaped_items(flowable, x, top)
    if hasattr(flowable, "blPara"):
        return _paragraph_items(flowable, x, top)
    if isinstance(flowable, SceneFlowable):
        return [Group(transformed(flowable.items, x, top, flowable.scale), name=flowable.name)]
    if hasattr(flowable, "shown") and hasattr(flowable, "caption"):  # a figure and its caption under it
        out = flowable_items(flowable.caption, x + (flowable.width - flowable._cw) / 2, y, 0, page_height)
        return out + flowable_items(flowable.shown, x + (flowable.width - flowable._sw) / 2,
                                    y + flowable._ch + flowable.GAP, 0, page_height)
    return []


def transformed(items, x: float, top: float, scale: float) -> tuple:
    """Scene items drawn `scale` times their size with their origin at (x, top) (y down)."""
    def pt(px, py):
        return x + px * scale, top + py * scale

    def style_of(st):
        if scale == 1 or st is None:
            return st
        hatch = st.hatch and replace(st.hatch, id=f"{st.hatch.id}-x{scale:g}", spacing=st.hatch.spacing * scale,
                                     width=st.hatch.width * scale)
        return replace(st, width=st.width * scale, dash=tuple(d * scale for d in st.dash), hatch=hatch)

    def move(item):
        if isinstance(item, Group):
            box = item.box and (*pt(item.box[0], item.box[1]), item.box[2] * scale, item.box[3] * scale)
            return replace(item, items=tuple(move(i) for i in item.items), box=box)
        if isinstance(item, Text):
            return replace(item, x=pt(item.x, item.y)[0], y=pt(item.x, item.y)[1], size=item.size * scale)
        if isinstance(item, Path):
            return replace(item, points=tuple(pt(*p) for p in item.points), style=style_of(item.style))
        if isinstance(item, Line):
            (x1, y1), (x2, y2) = pt(item.x1, item.y1), pt(item.x2, item.y2)
            return replace(item, x1=x1, y1=y1, x2=x2, y2=y2, style=style_of(item.style))
        if isinstance(item, Circle):
            cx, cy = pt(item.cx, item.cy)
            return replace(item, cx=cx, cy=cy, r=item.r * scale, style=style_of(item.style))
        if isinstance(item, Rect):
            rx, ry = pt(item.x, item.y)
            return replace(item, x=rx, y=ry, w=item.w * scale, h=item.h * scale, radius=item.radius * scale,
                           style=style_of(item.style))
        raise TypeError(f"not a scene item: {item!r}")

    return tuple(move(i) for i in items)


def _cells(command, rows: int, cols: int) -> tuple[int, int, int, int]:
    """A table style command's (first column, first row, last column, last row), negatives counted back."""
    (sc, sr), (ec, er) = command[1], command[2]
    return sc % cols, sr % rows, ec % cols, er % rows


def _table_items(table, x: float, y: float, page_height: float) -> list:
    """A reportlab Table's backgrounds, side rules and cell contents (the commands the books use:
    BACKGROUND, LINEBEFORE; cells of flowables, set from the top or the bottom as VALIGN says)."""
    cols, rows = table._colpositions, table._rowpositions  # x from the left; y from the bottom, top first
    n_rows, n_cols = len(rows) - 1, len(cols) - 1
    out = []
    for command in table._bkgrndcmds:
        if command[0] == "BACKGROUND" and not isinstance(command[3], (list, tuple)):
            sc, sr, ec, er = _cells(command, n_rows, n_cols)
            x0, x1, y0, y1 = x + cols[sc], x + cols[ec + 1], y + rows[er + 1], y + rows[sr]
            out.append(Rect(x0, page_height - y1, x1 - x0, y1 - y0, Style(fill=_hex(command[3]), stroke=None)))
    for command in table._linecmds:
        if command[0] == "LINEBEFORE":
            sc, sr, ec, er = _cells(command, n_rows, n_cols)
            for col in range(sc, ec + 1):
                lx = x + cols[col]
                out.append(Line(lx, page_height - (y + rows[sr]), lx, page_height - (y + rows[er + 1]),
                                Style(stroke=_hex(command[4]), width=command[3], cap="butt")))
    for i, row in enumerate(table._cellvalues):
        for j, value in enumerate(row):
            cell = value if isinstance(value, (list, tuple)) else [value]
            st = table._cellStyles[i][j]
            heights = [f.wrap(cols[j + 1] - cols[j] - st.leftPadding - st.rightPadding, 1e6)[1] for f in cell]
            content = sum(heights) + sum(f.getSpaceBefore() + f.getSpaceAfter() for f in cell)
            if st.valign == "TOP":
                fy = y + rows[i] - st.topPadding
            elif st.valign == "MIDDLE":
                fy = y + (rows[i + 1] + st.bottomPadding + rows[i] - st.topPadding + content) / 2
            else:
                fy = y + rows[i + 1] + st.bottomPadding + content
            for f, h in zip(cell, heights):
                fy -= f.getSpaceBefore() + h
                out += flowable_items(f, x + cols[j] + st.leftPadding, fy, 0, page_height)
                fy -= f.getSpaceAfter()
    return out


def _line_texts(fragments, x: float, baseline: float, word_space: float, color: str | None) -> list:
    """Text items for a line of (text, reportlab font name, size, colour) fragments from x, one per
    word, each where the PDF sets it (a whole line in one item would drift where a PNG's hinted
    widths differ from the PDF's), `word_space` added to each space."""
    keys = _font_keys()
    out = []
    for text, font_name, size, frag_color in fragments:
        key = keys.get(font_name, "serif")
        fill = frag_color or color
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

    first = lines if lines.kind == 0 else lines.lines[0]
    baseline = top + (first.fontSize if paraFontSizeHeightOffset else getattr(first, "ascent", first.fontSize))
    out = []
    bullet = getattr(para, "bulletText", None)
    if bullet:
        out.append(Text(x0 + style.bulletIndent, baseline, bullet, style.bulletFontSize,
                        _font_keys().get(style.bulletFontName, "sans"), "start", base_color, role="bullet"))
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
        entry = next((f.cbDefn.label for f in ([] if lines.kind == 0 else line.words)
                      if getattr(getattr(f, "cbDefn", None), "name", "") == CONTENTS_ENTRY), None)
        gaps = text.count(" ") + text.count("\u00a0")  # reportlab spreads the extra over no-break spaces too
        word_space = 0.0
        x = x0 + style.leftIndent + offset
        # reportlab's rule: a line that does not fit is squeezed (negative extra), even the last one
        if align == "justify" and gaps > 0 and not (-1e-8 < extra <= 1e-8 or (last and extra > -1e-8)):
            word_space = extra / gaps
        elif align == "center":
            x += extra / 2
        elif align == "right":
            x += extra
        out += _line_texts(fragments, x, baseline, word_space, base_color)
        if entry is not None:
            out += _contents_leader(entry, x + sum(_width(f) for f in fragments), x0 + para.width, baseline, style)
        baseline += style.leading
    return out


CONTENTS_ENTRY = "tocEntryEnd"  # the onDraw callback that ends a contents line (its label: "level,key")
CONTENTS_PAGE_ROLE = "contents-page"
LEADER = " . "


def _width(fragment) -> float:
    text, font_name, size, _ = fragment
    return stringWidth(text, font_name, size)


def _contents_leader(label: str, end: float, right: float, baseline: float, style) -> list:
    """A contents line's dot leader and its page number (the heading's key stands in for the number
    until the layout is done: see `pages`)."""
    key = label.split(",")[1]
    number_room = stringWidth(PAGE_DIGITS, style.fontName, style.fontSize)
    dot = stringWidth(LEADER, style.fontName, style.fontSize)
    dots = int((right - end - number_room) / dot)
    font, color = _font_keys().get(style.fontName, "serif"), _hex(style.textColor)
    leader = [Text(right - number_room - dots * dot, baseline, (LEADER * dots).rstrip(), style.fontSize, font, "start",
                   color, role="leader")] if dots > 0 else []
    return leader + [Text(right, baseline, key, style.fontSize, font, "end", color, role=CONTENTS_PAGE_ROLE)]


def with_contents_pages(items, pages_of: dict[str, int]) -> tuple:
    """The contents' page numbers filled in, once every heading has found its page."""
    def fill(item):
        if isinstance(item, Group):
            return replace(item, items=tuple(fill(i) for i in item.items))
        if isinstance(item, Text) and item.role == CONTENTS_PAGE_ROLE:
            return replace(item, text=str(pages_of.get(item.text, "")))
        return item

    return tuple(fill(i) for i in items)


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


# --- books: figures that float, chapters in the running head, page numbers in the contents ----------

FLOAT_ROOM = 0.15  # of the frame's height: a figure floats rather than leave more than this blank under the text


def page_form(key: str) -> str:
    """The PDF form that holds the page number of the heading `key`, drawn in the contents."""
    return f"toc-page-{key}"


def ends_section(flowables, level: int) -> bool:
    """Does a section of this level or above (or a forced page) start with the next flowable but one?"""
    return not flowables or any(isinstance(f, RLPageBreak) or getattr(f, "level", 99) <= level for f in flowables[:2])


def floats_past(frame, group, figure) -> bool:
    """Should the figure at the end of group wait for the next page while the text after it fills this
    one? Only where it does not fit the room left (laid out again for it, if it can be) and leaving the
    room blank would waste more than FLOAT_ROOM of the page."""
    if frame._atTop:
        return False
    room = frame._y - frame._y1p - group.getSpaceBefore()
    if room < frame._aH * FLOAT_ROOM:
        return False
    _, needed = group.wrap(frame._getAvailableWidth(), room)
    return needed > room + 0.01


class BookFrame(Frame):
    """A Frame a keep-together group copies cheaply: platypus deep-copies the frame every time a
    KeepTogether measures its content (every heading kept with its text does it), and a frame holds
    numbers and strings (shared: they never change in place) but for its background list (copied
    deep, as before)."""

    def __deepcopy__(self, memo):
        twin = copy.copy(self)
        for key, value in self.__dict__.items():
            if not isinstance(value, (int, float, str, type(None))):
                setattr(twin, key, copy.deepcopy(value, memo))
        return twin


SPACERS = (Spacer, CondPageBreak)  # they set nothing on the page


class BookDoc(BaseDocTemplate):
    """Figures float: one that does not fit the room left on a page (see `floats_past`) waits, the
    text after it fills the page, and it opens the next page, never past the end of its chapter.
    A heading flowable has `level`, `key`, `title` and `toc`; a figure, `floats`; a lead that points
    at its figure, `points`."""

    def __init__(self, buf, **kw):
        super().__init__(buf, **kw)
        self.waiting: list = []  # figures floated to the top of the next page
        self.waiting_level = 0  # they never float past a heading of their own section's level or above
        self.level = 0  # the level of the last heading set
        self.section = ""
        self.page_section = ""
        self.page_has_section = False
        self.page_drawn = False  # has anything but space been set on this page yet?
        self.contents_styles: list = []  # the contents' level styles, if the book has contents
        self.heading_pages: dict[str, int] = {}  # a contents entry's key -> its page

    def handle_flowable(self, flowables):
        if getattr(self, "frame", None) is None:  # before the first page: nothing is set yet
            pass
        elif self.waiting and (self.frame._atTop or len(flowables) < 2 or ends_section(flowables, self.waiting_level)):
            at = int(isinstance(flowables[0], (RLPageBreak, ActionFlowable)))  # a break first: after it
            flowables[at:at] = self.waiting  # the top of a page, or the chapter ends: they print now
            self.waiting = []
        else:
            if getattr(flowables[0], "points", False):
                # a lead that points at its figure keeps with it again after a page break (the
                # keep-together that moved both there had cleared the mark)
                flowables[0].__dict__["keepWithNext"] = 1
            self.handle_keepWithNext(flowables)
            group = flowables[0]
            parts = list(getattr(group, "_content", [group]))
            figure = parts[-1]
            group.canv = self.canv
            level = min([getattr(f, "level", 99) for f in parts] + [self.level])
            leads = any(getattr(f, "level", None) is None for f in parts[:-1]) or len(parts) == 1
            leads = leads and not (len(parts) > 1 and getattr(parts[-2], "points", False))
            if getattr(figure, "floats", False) and leads and not ends_section(flowables[1:], level) \
                    and floats_past(self.frame, group, figure):
                self.waiting_level = level if not self.waiting else min(level, self.waiting_level)
                self.waiting.append(figure)
                lead = parts[:-1]  # what leads to it stays in the flow, kept together still
                flowables[0:1] = [KeepTogether(lead)] if len(lead) > 1 else lead
                if not flowables:
                    flowables.append(self.waiting.pop())
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable):  # noqa: N802 (reportlab's name)
        level = getattr(flowable, "level", None)
        if level is not None and hasattr(flowable, "key"):
            self.level = level
        size = getattr(flowable, "height", 0) or getattr(flowable, "_height", 0)  # a Table keeps _height
        drawn = size > 0 and not isinstance(flowable, SPACERS)
        first = not self.page_has_section and not self.page_drawn
        self.page_drawn = self.page_drawn or drawn
        if level is None or not hasattr(flowable, "key"):
            return
        if level == 0:
            # the running head names the chapter in force at the top of the page: a chapter that
            # starts lower down waits for the next page
            self.section = flowable.title
            if first:
                self.page_section, self.page_has_section = flowable.title, True
        if flowable.toc and self.contents_styles:  # its page number, for the contents (see Contents)
            style = self.contents_styles[min(level, len(self.contents_styles) - 1)]
            self.heading_pages[flowable.key] = self.page
            c = self.canv
            c.beginForm(page_form(flowable.key), lowerx=-40, lowery=-4, upperx=2, uppery=style.fontSize + 2)
            c.setFont(style.fontName, style.fontSize)
            c.setFillColor(style.textColor)
            c.drawRightString(0, 0, str(self.page))
            c.endForm()
# --- a book's own flowables: headings, captioned figures, contents -------------------------------


class HeadingFlowable(OncePerWidth):
    """A heading that leaves a bookmark, an outline entry and (with `toc`) a contents entry;
    `title` is its plain text (the outline's and the running head's)."""

    def __init__(self, text, style, level: int, key: str, toc: bool = True, title: str = ""):
        super().__init__(text, style)
        self.level, self.key, self.toc = level, key, toc
        self.title = title

    def draw(self):
        self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.spaceBefore)
        self.canv.addOutlineEntry(self.title, self.key, self.level, closed=self.level >= 1)
        super().draw()


class FigureFlowable(Flowable):
    """A drawing and its caption under it, one flowable so a page break never parts them. Where
    the page has less room left than the figure needs, but at least `min_scale` of it, a
    drawing that can be laid out again (a sheet widget: `rebuild(height)`) is laid out for that
    room, rather than leaving the rest of the page blank; it is never scaled, so no text in it
    gets smaller than the sheet's own."""

    GAP = 3.0

    def __init__(self, drawing, caption, min_scale: float):
        super().__init__()
        self.drawing, self.caption = drawing, caption
        self.min_scale = min_scale
        self.shown = drawing
        self.spaceBefore = getattr(drawing, "spaceBefore", 0)
        self.spaceAfter = getattr(drawing, "spaceAfter", 0)

    def wrap(self, aw, ah):
        _, dh = self.drawing.wrap(aw, ah)
        self._cw, self._ch = self.caption.wrap(aw, ah)
        room = ah - self.GAP - self._ch
        rebuild = getattr(self.drawing, "rebuild", None)
        fits = room >= dh or rebuild is None or room < dh * self.min_scale
        self.shown = self.drawing if fits else rebuild(room / self.drawing.scale)
        self._sw, sh = self.shown.wrap(aw, ah)
        self.width, self.height = aw, sh + self.GAP + self._ch
        return self.width, self.height

    def draw(self):
        c = self.canv
        self.caption.drawOn(c, (self.width - self._cw) / 2, 0)
        self.shown.drawOn(c, (self.width - self._sw) / 2, self._ch + self.GAP)


PAGE_DIGITS = "00"  # the contents reserve room for a two-digit page number


class ContentsFlowable(TableOfContents):
    """The contents in one layout pass: every line is known before layout, and each page number is a
    PDF form drawn here and defined when its heading lands (a forward reference), so the book is
    laid out once instead of twice (the numbers never change a line break)."""

    def isSatisfied(self):  # noqa: N802 (reportlab's name)
        return True

    def wrap(self, availWidth, availHeight):  # noqa: N803 (reportlab's names)
        styles = self.levelStyles

        def entry_end(canvas, kind, label):
            level, key = label.split(",")
            style = styles[int(level)]
            x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
            dot = LEADER
            room = availWidth - x - stringWidth(PAGE_DIGITS, style.fontName, style.fontSize)
            dots = int(room / stringWidth(dot, style.fontName, style.fontSize))
            tx = canvas.beginText(availWidth - stringWidth(PAGE_DIGITS, style.fontName, style.fontSize)
                                  - dots * stringWidth(dot, style.fontName, style.fontSize), y)
            tx.setFont(style.fontName, style.fontSize)
            tx.setFillColor(style.textColor)
            tx.textLine(dots * dot)
            canvas.drawText(tx)
            canvas.saveState()
            canvas.translate(availWidth, y)
            canvas.doForm(page_form(key))
            canvas.restoreState()

        self.canv.setNamedCB(CONTENTS_ENTRY, entry_end)
        if getattr(self, "_table_width", None) != availWidth:  # the rows are made once per width
            rows = []
            for level, text, _, key in self._lastEntries:
                style = self.getLevelStyle(level)
                para = OncePerWidth(f'<a href="#{key}">{text}</a><onDraw name="{CONTENTS_ENTRY}" '
                                 f'label="{level},{key}"/>', style)
                if style.spaceBefore:
                    rows.append([Spacer(1, style.spaceBefore)])
                rows.append([para])
            self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
            self._table_width = availWidth
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height