"""Rulebooks: a game's rules as a typeset PDF.

The prose is a jinja2 template (templates/rulebook/<game-id>.j2) rendered with the game's data, so no
number is typed into it; the rendered text is a small line markup (see `parse`), and every chart or
key in it is the player sheet's own widget (lostprint.sheets.widgets) as Scene items. The book is a
lostprint.render.document described as data (paragraphs of markup with named styles, headings,
drawings, shaded examples, the contents); the render layer owns its page flow; its running head and
folio are Scene items. Build: `build_rulebook(book, RulebookOptions(paper, ink)) -> bytes`, or
`rulebook_scene` for the same pages as Scenes (SVG, PNG), where `book` is the game's rulebook module
(lostprint.books.rulebook_1572...: its GAME, TEMPLATE, blocks() and context(); lostprint.app.registry
hands it over).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from html import unescape
from typing import Callable, NamedTuple
from xml.sax.saxutils import escape

import jinja2
import jinja2.ext
import markupsafe

from lostprint import __version__
from lostprint.errors import UsageError
from lostprint.fonts import registered, text_width, wrap
from lostprint.games.model import HOUSE_MARK
from lostprint.geometry.paper import MM, Box
from lostprint.i18n import ENGLISH, Translator, book_prose, localized, translator
from lostprint.options import PrintOptions
from lostprint.paths import templates_dir
from lostprint.render.document import (Captioned, Contents, Document, Drawing, FrameBox, Heading, Markup, NeedRoom,
                                       NextPage, PageBreak, PageTemplate, Shaded, Space, TextStyle, as_scene,
                                       build_pdf)
from lostprint.scene import Line, Scene, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import credit_metadata, designers as credited
from lostprint.sheets.icons import ICONS, icon
from lostprint.sheets.style import Palette
from lostprint.typeset import curly_items, curly_markup, tie_last_words

MARGIN_X = 20 * MM
MARGIN_TOP = 22 * MM
MARGIN_BOTTOM = 20 * MM
WIDGET_SCALE = 1.2  # sheet widgets are drawn a little larger in the book than on the sheet


@dataclass(frozen=True)
class RulebookOptions(PrintOptions):
    """Print options on portrait pages: page() and content() both portrait."""

    landscape: bool = False


def signed(n) -> str:
    """+3, −1, 0: a change to a resource, with a true minus sign."""
    n = int(n)
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def base_context(game, opts: RulebookOptions, tr: Translator = ENGLISH) -> dict:
    """Names every template may use: the game (its printed words in the book's language) and lookups
    into its data, and the translator: `{% trans %}` blocks and `_()` call gettext/ngettext, `number(x)`
    writes a decimal as the language does, `tr` is the Translator itself."""
    return {
        "tr": tr,
        "gettext": _make_new_gettext(tr.gettext),
        "ngettext": _make_new_ngettext(tr.ngettext),
        "_": _make_new_gettext(tr.gettext),
        "number": tr.number,
        "game": game,
        "rules": game.rules,
        "text": game.text,
        "opts": opts,
        "mark": HOUSE_MARK,
        "version": __version__,
        "chart": game.chart,
        "terrain": game.terrain,
        "phase": {p.number: p for p in game.phases},
        "tracker": {t.key: t for t in game.trackers},
        "primary": [t for t in game.trackers if t.primary],
        "signed": signed,
        "designers": designers(game.id),
    }


def designers(game_id: str) -> str:
    """'Mike Heim', 'Tyler Sigman and David Gerrard': who designed the game, as every printable credits them."""
    return credited(game_id)


def render_markup(mod, opts: RulebookOptions | None = None) -> str:
    """The rulebook's text in the line markup: the jinja2 template rendered with the game's data, in
    the options' language."""
    opts = opts or RulebookOptions()
    tr = book_translator(mod, opts)
    game = localized(mod.GAME, tr, book_prose(mod))
    env = template_env(str(templates_dir() / "rulebook"))
    ctx = base_context(game, opts, tr)
    named = getattr(mod, "book_chart", None)
    if named is not None:  # the charts as the book names their rows (as the sheet does)
        ctx["chart"] = lambda key: named(game.chart(key))
    ctx.update(mod.context(mod.GAME, opts))  # the English data: a module computes from it (rolls, effects), printing through tr
    return env.get_template(mod.TEMPLATE).render(**ctx)


def book_translator(mod, opts: RulebookOptions) -> Translator:
    """The translator of a rulebook in the options' language; a book whose module does not say it is
    translated (TRANSLATED = True) refuses any language but English, so no English word lands on a
    German page."""
    if opts.lang != "en" and not getattr(mod, "TRANSLATED", False):
        raise UsageError(f"the {mod.GAME.title} rulebook is not translated yet: print it in English (--lang en)")
    return translator(opts.lang)


def _make_new_gettext(func):
    """gettext as jinja2's newstyle i18n calls it: `%(name)s` filled from the block's variables, which
    are escaped (the template autoescapes) while the translation is markup."""
    @jinja2.pass_context
    def gettext(context, string: str, **variables) -> str:
        text = func(string)
        if context.eval_ctx.autoescape:
            text = markupsafe.Markup(text)
        return text % variables

    return gettext


def _make_new_ngettext(func):
    """ngettext as jinja2's newstyle i18n calls it (`{% pluralize %}`): `num` is the count."""
    @jinja2.pass_context
    def ngettext(context, one: str, many: str, num: int, **variables) -> str:
        variables.setdefault("num", num)
        text = func(one, many, num)
        if context.eval_ctx.autoescape:
            text = markupsafe.Markup(text)
        return text % variables

    return ngettext


class KeepLineAfterTrans(jinja2.ext.Extension):
    """`{% endtrans %}` keeps the line break after it (trim_blocks would join the next markup line to a
    translated one): the template is read as if each were written `{% endtrans +%}`."""

    def preprocess(self, source: str, name, filename=None) -> str:
        return _ENDTRANS.sub(r"{%\1 endtrans +%}", source)


_ENDTRANS = re.compile(r"\{%([-+]?)\s*endtrans\s*%\}")


@functools.lru_cache(maxsize=4)
def template_env(folder: str):
    """The jinja2 environment of the rulebook templates, made once: it keeps each template compiled (a
    third of a book's build time) and still reloads a template whose file changed. Shared by every
    language: the i18n extension's gettext and ngettext come with each render's context (base_context),
    and every `{% trans %}` block is trimmed (its lines joined by single spaces, as the markup joins a
    paragraph's lines), so a msgid never depends on how the template wraps it."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, extensions=["jinja2.ext.i18n", KeepLineAfterTrans])
    env.newstyle_gettext = True
    env.policies["ext.i18n.trimmed"] = True
    env.filters["signed"] = signed
    env.filters["results"] = lambda band: ", ".join(band.results)
    env.filters["joinand"] = _joinand
    env.filters["number"] = _number
    return env


@jinja2.pass_context
def _joinand(context, items, word: str | None = None) -> str:
    """`{{ names|joinand }}`: 'a, b and c' with the book's word for "and"; another word comes translated:
    `{{ names|joinand(_("or")) }}`."""
    return join_and(items, word or context.get("tr", ENGLISH).gettext("and"))


@jinja2.pass_context
def _number(context, value) -> str:
    """`{{ 2.5|number }}`: a decimal as the book's language writes it ('2,5' in German)."""
    return context.get("tr", ENGLISH).number(value)


def join_and(items, word: str = "and") -> str:
    """'a, b and c': the word (already in the book's language) before the last item."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


# ---------------------------------------------------------------------------------------------------
# markup -> nodes

class Node(NamedTuple):
    kind: str  # h1 h2 h3 h4 p bullet example house block
    text: str
    args: tuple[str, ...] = ()


_HEAD = re.compile(r"^(#{1,4})\s+(.*)$")


def parse(text: str) -> list[Node]:
    """The line markup of a rendered template:

    `# `…`#### ` headings (levels 1–4; levels 1–2 go in the contents, all in the PDF outline),
    `- ` a bullet (indented lines continue it), `> ` an example box (a bare `>` splits paragraphs in
    it), `⌂ ` a house-rule note, `@name args` a block (a widget or a page device), `= ` the caption
    of the figure just above it, a blank line ends a paragraph; other lines are paragraph text."""
    nodes: list[Node] = []
    para: list[str] = []
    box: list[str] = []
    kind = ""

    def flush():
        nonlocal para, kind
        if para:
            nodes.append(Node(kind or "p", " ".join(para)))
        para, kind = [], ""

    def flush_box():
        nonlocal box
        if box:
            nodes.append(Node("example", "\n".join(box).strip("\n")))
        box = []

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith(">"):
            flush()
            box.append(line[1:].strip())
            continue
        flush_box()
        if not line.strip():
            flush()
            continue
        m = _HEAD.match(line)
        if m:
            flush()
            nodes.append(Node(f"h{len(m.group(1))}", m.group(2).strip()))
        elif line.startswith("@"):
            flush()
            name, *args = line[1:].split()
            nodes.append(Node("block", name, tuple(args)))
        elif line.startswith("- "):
            flush()
            para, kind = [line[2:].strip()], "bullet"
        elif line.startswith("= "):
            flush()
            nodes.append(Node("caption", line[2:].strip()))
        elif line.startswith(HOUSE_MARK + " "):
            flush()
            para, kind = [line[2:].strip()], "house"
        elif para and raw.startswith("  ") and kind in ("bullet", "house"):
            para.append(line.strip())
        else:
            if kind in ("bullet", "house"):
                flush()
            para.append(line.strip())
    flush()
    flush_box()
    return nodes


# ---------------------------------------------------------------------------------------------------
# the story, as data

def spaced(drawing: Drawing, before: float, after: float) -> Drawing:
    """A drawing with room above and below it."""
    return replace(drawing, space_before=before, space_after=after)


@dataclass
class Book:
    """What blocks need: the game, options, palette, styles and the frame width."""

    game: object
    opts: RulebookOptions
    pal: Palette
    styles: dict
    width: float
    height: float
    module: object
    blocks: dict = field(default_factory=dict)
    toc_entries: list = field(default_factory=list)  # (level, text, key) of every contents heading, in order
    sheet: object = None  # the game's printed sheet (a Scene), built once for all the blocks that show parts of it
    tr: Translator = ENGLISH  # the book's language: blocks print every word through tr.gettext / tr.ngettext

    def heading(self, heading: Heading) -> Heading:
        """Note a heading for the contents before layout, so the first pass reserves its full length."""
        if heading.toc:
            self.toc_entries.append((heading.level, esc(heading.title), heading.key))
        return heading

    def widget(self, build: Callable[[Box], object], height: float, width: float | None = None,
               scale: float = WIDGET_SCALE, name: str = "") -> Drawing:
        """A sheet widget built in a box of the given size (in sheet points) as a drawing."""
        w = (width if width is not None else self.width / scale)
        group = build(Box(0, 0, w, height))
        items = group if isinstance(group, (list, tuple)) else [group]
        # the same widget laid out for a shorter box (a figure finishing a page): its text keeps its size
        rebuild = functools.partial(self.widget, build, width=width, scale=scale, name=name)
        return Drawing(tuple(curly_items(items)), w, height, scale, name, rebuild=rebuild)

    def para(self, text: str, style: str = "body") -> Markup:
        """A paragraph of the book, its house-rule marks tied to their words ('⌂;' never starts a line)."""
        return Markup(tie_last_words(curly_markup(w.tied_marks(text))), self.styles[style])


def make_styles(pal: Palette, lang: str = "en") -> dict[str, TextStyle]:
    """The book's paragraph styles, by name; its running text (body, bullets, examples, house rules)
    breaks a word by `lang`'s dictionary where a line would otherwise end much short."""
    # allow_widows=False: no paragraph or list item leaves its last line alone at the top of a page
    body = TextStyle("serif", 9.8, 13.8, pal.ink, space_after=5.5, allow_widows=False)
    text = replace(body, hyphenate=lang)
    return {
        "body": text,
        "h1": replace(body, font="serif-bold", size=20, leading=24, color=pal.accent, space_before=4, space_after=9,
                      keep_with_next=True),
        "h2": replace(body, font="sans-bold", size=12.5, leading=16, color=pal.accent, space_before=9,
                      space_after=4, keep_with_next=True),
        "h3": replace(body, font="sans-bold", size=10.5, leading=13.5, space_before=6, space_after=2.5,
                      keep_with_next=True),
        "h4": replace(body, font="sans-bold", size=9.8, leading=13, space_before=5, space_after=1.5,
                      keep_with_next=True),
        "bullet": replace(text, left_indent=14, bullet_indent=4, space_after=3, bullet_font="sans"),
        "example": replace(text, font="sans", size=8.8, leading=12.2, space_after=3),
        "house": replace(text, font="sans-italic", size=8.8, leading=12, color=pal.house, left_indent=12,
                         first_indent=-12, space_after=5),
        "caption": replace(body, font="serif-italic", size=CAPTION_SIZE, leading=11, color=pal.soft, align="center",
                           space_after=0),
        "small": replace(body, font="sans", size=8, leading=10.5, color=pal.soft),
        "cell": replace(body, font="sans", size=8.6, leading=11, space_after=0),
        "cell-bold": replace(body, font="sans-bold", size=8.6, leading=11, space_after=0),
        "toc0": TextStyle("serif-bold", 10.5, 15, pal.ink),
        "toc1": TextStyle("serif", 9.2, 11.6, pal.ink, left_indent=16),
        "cover-title": TextStyle("serif-bold", 34, 40, pal.accent, "center", space_after=10),
        "cover-sub": TextStyle("sans", 13, 18, pal.soft, "center", space_after=6),
        "divider": TextStyle("serif-bold", 26, 32, pal.accent, "center", space_after=14),
        "divider-sub": TextStyle("sans", 11, 16, pal.ink, "center", space_after=8),
    }


def plain(text: str) -> str:
    """Markup -> plain text for the PDF outline and running headers."""
    return unescape(re.sub(r"<[^>]+>", "", text)).strip()


def heading(text: str, style: TextStyle, level: int, key: str, toc: bool = True) -> Heading:
    """A heading: a bookmark, an outline entry and (levels 0-1) a contents entry."""
    text = curly_markup(text)
    return Heading(text, style, level, key, toc, plain(text))


def headings(nodes: list[Node]) -> list[tuple[int, str]]:
    """(outline level, title) of every heading, levels clamped so the outline never skips one."""
    out, last = [], -1
    for node in nodes:
        if node.kind in ("h1", "h2", "h3", "h4"):
            level = min(int(node.kind[1]) - 1, last + 1)
            out.append((level, node.text))
            last = level
    return out


CAPTION_SIZE = 8.4  # points: a figure's caption, set under it in serif italic
FIGURE_MIN_SCALE = 0.8  # a captioned figure may be laid out this much shorter to finish a page instead of leaving it half empty
HEADING_ROOM = 78.0  # points: a minor heading and about four lines of its text
INTRO_MAX = 320  # characters: a paragraph this short right before a figure keeps with it


def list_keeps(nodes: list[Node], i: int) -> bool:
    """Does node i keep with the next one so that no list leaves a single item alone on a page? The
    first item keeps with the second and the last but one with the last (so a list breaks only where
    two items or more stand on each side); a lead-in paragraph ending in a colon keeps with its list."""
    def bullet(j):
        return 0 <= j < len(nodes) and nodes[j].kind == "bullet"

    if not bullet(i):
        return nodes[i].kind == "p" and bullet(i + 1) and plain(nodes[i].text).endswith(":")
    return bullet(i + 1) and (not bullet(i - 1) or not bullet(i + 2))


def introduces_figure(nodes: list[Node], i: int) -> bool:
    """Is node i a short paragraph followed by a figure (a block other than a page break or space)?"""
    nxt = nodes[i + 1] if i + 1 < len(nodes) else None
    return (nxt is not None and nxt.kind == "block" and nxt.text not in ("pagebreak", "space", "cover")
            and len(nodes[i].text) <= INTRO_MAX)


def points_at_figure(nodes: list[Node], i: int) -> bool:
    """Is node i a short paragraph or list item that ends in a colon right before a figure ("these pieces
    mean:")? Such a lead is never parted from its figure: where the figure does not fit, both go on."""
    return nodes[i].kind in ("p", "bullet") and introduces_figure(nodes, i) and plain(nodes[i].text).rstrip().endswith(":")


CLOSING_PARAS = 4  # a closing chapter of this many paragraphs or fewer is never split over two pages


def closing_paras(nodes: list[Node]) -> range:
    """The paragraphs but the last of the book's closing chapter, when it is a few paragraphs only
    ("About this book"): kept with what follows, so the chapter goes whole to a last page rather than
    leaving its last paragraph alone there (the German Crows book's p.12 held 2 lines)."""
    start = max((i for i, m in enumerate(nodes) if m.kind == "h1"), default=len(nodes)) + 1
    tail = nodes[start:]
    short = 0 < len(tail) <= CLOSING_PARAS and all(m.kind == "p" for m in tail)
    return range(start, len(nodes) - 1) if short else range(0)


def flow(nodes: list[Node], book: Book) -> list:
    """Nodes -> the story (render.document's items)."""
    story: list = []
    last = -1
    n = 0
    closing = closing_paras(nodes)
    for i, node in enumerate(nodes):
        if node.kind in ("h1", "h2", "h3", "h4"):
            level = min(int(node.kind[1]) - 1, last + 1)
            last = level
            n += 1
            if level == 0:
                # a chapter starts a page unless 30% of one is left; a short chapter needs less room
                rest = next((j for j, m in enumerate(nodes[i + 1:]) if m.kind == "h1"), len(nodes) - i - 1)
                story.append(NeedRoom(book.height * 0.3 if rest > 4 else 90))
            else:  # a heading goes to the next page unless a few lines of what it heads fit under it,
                # with room too for the headings that follow it directly ("Hex E", then "E1 ...")
                chain = next((j for j, m in enumerate(nodes[i + 1:]) if m.kind not in ("h2", "h3", "h4")), 0)
                story.append(NeedRoom((90 if level == 1 else HEADING_ROOM) + 26 * chain))
            story.append(book.heading(heading(node.text, book.styles[node.kind], level, f"s{n}", toc=level <= 1)))
        elif node.kind == "p":
            # a lead-in stays with what it leads to
            keep = True if introduces_figure(nodes, i) or list_keeps(nodes, i) or i in closing else None
            story.append(replace(book.para(node.text), keep_with_next=keep, points=points_at_figure(nodes, i)))
        elif node.kind == "bullet":
            story.append(Markup(tie_last_words(curly_markup(w.tied_marks(node.text))), book.styles["bullet"],
                                bullet="\u2022", keep_with_next=list_keeps(nodes, i) or points_at_figure(nodes, i),
                                points=points_at_figure(nodes, i)))
        elif node.kind == "caption":
            drawing = story.pop() if story and isinstance(story[-1], Drawing) else None
            if drawing is None:
                raise ValueError(f"rulebook template: the caption {node.text!r} follows no figure")
            story.append(Captioned(drawing, book.para(node.text, "caption"), FIGURE_MIN_SCALE))
        elif node.kind == "house":
            story.append(book.para(f"<font name=\"{registered(book.styles['house'].font)}\">{HOUSE_MARK}</font>"
                                   f"\u2002{node.text}", "house"))
        elif node.kind == "example":
            paras = tuple(book.para(chunk.replace("\n", " "), "example")
                          for chunk in re.split(r"\n\s*\n", node.text) if chunk.strip())
            story.append(Shaded(paras, book.width - 8, book.pal.example, book.pal.accent, space_before=3,
                                space_after=8, keep_together=len(paras) < 6))
        elif node.kind == "block":
            fn = book.blocks.get(node.text)
            if fn is None:
                raise ValueError(f"rulebook template: unknown block @{node.text}")
            # a drawing may float to the next page (see render.document's book)
            story.extend(replace(item, floats=True) if isinstance(item, Drawing) else item
                         for item in fn(book, *node.args))
    return story


# ---------------------------------------------------------------------------------------------------
# generic blocks

def block_pagebreak(book: Book, *args):
    return [PageBreak()]


def block_space(book: Book, points: str = "8"):
    return [Space(float(points))]


def block_contents(book: Book, *args):
    """The contents: its entries are filled in once the whole story is made (see `prepare`)."""
    return [heading(book.tr.gettext("Contents"), book.styles["h1"], 0, "contents", toc=False),
            Contents((book.styles["toc0"], book.styles["toc1"])), PageBreak()]


def block_chart(book: Book, *keys: str):
    """A row of dice charts, side by side, each by the sheet's chart_table (a game with a player sheet
    shows its sheet's own chart panels instead: rulebook_common.block_sheet_chart)."""
    return drawn_charts(book, [book.game.chart(k) for k in keys])


def drawn_charts(book: Book, charts: list):
    """A row of dice charts, side by side, each by the sheet's chart_table."""
    keys = [c.key for c in charts]
    total = book.width / WIDGET_SCALE
    gap = 8.0
    widths = w.chart_widths(charts, total, gap, book.tr)
    height = max(w.chart_height(c, wd, 12.0, book.tr) for c, wd in zip(charts, widths))

    def build(box: Box):
        items, x = [], box.x
        for chart, wd in zip(charts, widths):
            items.append(w.chart_table(chart, Box(x, box.y, wd, height), book.pal, max_row=12.0, tr=book.tr))
            x += wd + gap
        return items

    width = min(total, sum(widths) + gap * (len(widths) - 1)) if len(charts) > 1 else min(total, 300.0)
    if len(charts) == 1:
        widths = [width]
        height = w.chart_height(charts[0], width, 12.0, book.tr)
    out = [spaced(book.widget(build, height, width=width, name="chart:" + ",".join(keys)), 4, 8)]
    for chart in charts:
        out += chart_notes(book, chart)
    out[0] = replace(out[0], keep_with_next=len(out) > 1)  # a chart's house-rule note prints under it, never overleaf
    return out


def term_and_meaning(book: Book, term: str, meaning: str) -> str:
    """'<b>term</b>: meaning', punctuated as the book's language does (French: a space before the colon)."""
    # TRANSLATORS: a term in bold, then what it means; keep both placeholders
    return esc(book.tr.gettext("{term}: {meaning}")).format(term=f"<b>{esc(term)}</b>", meaning=esc(meaning))


def chart_notes(book: Book, chart) -> list:
    """The why-note of a chart that is, or has rows that are, a house rule."""
    chart = getattr(book.module, "book_chart", lambda c: c)(chart)
    if chart.note and (chart.house or any(b.house for b in chart.bands)):
        rows = [b.label for b in chart.bands if b.house]
        what = chart.title if chart.house else book.tr.gettext("{chart}, rows {rows}").format(
            chart=chart.title, rows=join_and(rows, book.tr.gettext("and")))
        return [book.para(f"{HOUSE_MARK}\u2002" + term_and_meaning(book, what, chart.note), "house")]
    return []


def esc(text) -> str:
    return escape(str(text))


def block_symbols(book: Book, *args):
    """The sheet's symbol key, one symbol a line. (One column: key_list wraps a line with the regular
    face but sets the name in bold, so a tightly wrapped entry can spill out of its panel.)"""
    entries = [(s.key, s.name, s.meaning) for s in book.game.symbols]
    need = max(text_width(f"{name}: {meaning}", "sans-bold", w.BODY) for _, name, meaning in entries) + 13 + 5 + 12
    width = min(book.width / WIDGET_SCALE, max(240.0, need))
    height = 12 + 6 + len(entries) * 17.0
    custom = getattr(book.module, "symbol_swatch", None)
    swatch = custom(book) if custom else safe_swatch(book.pal)
    fl = book.widget(lambda box: w.key_list(entries, box, book.pal, book.tr.gettext("Symbols"), columns=1, swatch=swatch,
                                            name="symbol-key"), height, width=width, name="symbols")
    return [spaced(fl, 4, 10)]


def safe_swatch(pal: Palette):
    """The sheet's icon for a symbol, or a plain star where there is no icon of that name."""
    def swatch(key, cx, cy, size):
        return icon(key if key in ICONS else "star", cx, cy, size * 0.95, pal.ink)

    return swatch


def block_terrains(book: Book, columns: str = "2"):
    """The sheet's terrain key (hex swatches), large."""
    from lostprint.sheets.hexmap import hex_swatch  # ~15 ms with the map model: only a hex game's book draws hexes

    tr = book.tr
    entries = [(t, t.name, t.effect + (" " + tr.gettext("Cost: {cost}.").format(cost=t.cost) if t.cost else ""))
               for t in book.game.terrains]
    cols = int(columns)
    rows = -(-len(entries) // cols)
    height = 12 + 6 + rows * 26.0
    pal = book.pal
    fl = book.widget(lambda box: w.key_list(entries, box, pal, tr.gettext("Terrain"), columns=cols,
                                            swatch=lambda t, cx, cy, s: hex_swatch(t, cx, cy, s, pal),
                                            name="terrain-key"), height, name="terrains")
    return [spaced(fl, 4, 10)]


def rows_height(rows, widths, inner_w: float, header: bool, font_size: float = 7.2) -> float:
    """The height rows_table needs so its wrapped last column is never cut."""
    last_w = inner_w * widths[-1]
    lines = max(len(wrap(r[-1], "sans", font_size, last_w - 1)) for r in rows)
    row_h = lines * font_size * 1.12 + 3.5
    return 12 + 6 + (6.5 + 3 if header else 0) + row_h * len(rows) + 1


def room_for_words(header, rows, widths, inner_w: float) -> tuple:
    """A table's column widths (fractions) with every column but the last, which wraps, as wide as its
    longest cell and heading (rows_table sets a cell on one line: a longer word, as a translation may
    bring, would be shrunk or cut short); the last column gives up the room. Unchanged where all fit."""
    out, changed = [], False
    for j, share in enumerate(widths[:-1]):
        cells = [text_width(str(r[j]), "sans-bold" if j == 0 else "sans", w.BODY) for r in rows]
        if header:
            cells.append(text_width(str(header[j]), "sans-bold", w.SMALL))
        need = (max(cells, default=0.0) + 3.5) / inner_w
        changed = changed or need > share
        out.append(max(share, need))
    return (*out, 1 - sum(out)) if changed else tuple(widths)


def block_rows(book: Book, title: str, header, rows, widths, house: bool = False, subtitle: str = "",
               name: str = "table"):
    """A data table drawn by the sheet's rows_table widget, tall enough for every row."""
    inner_w = book.width / WIDGET_SCALE - 8
    widths = room_for_words(header, rows, widths, inner_w)
    height = rows_height(rows, widths, inner_w, bool(header))
    fl = book.widget(lambda box: w.rows_table(title, tuple(header), list(rows), tuple(widths), box, book.pal,
                                              house=house, subtitle=subtitle, name=name), height, name=name)
    return [spaced(fl, 4, 8)]


def block_spoiler(book: Book, *args):
    """A full page that warns the reader: the spoiler section starts after it."""
    return [PageBreak(), Space(book.height * 0.22),
            book.heading(heading(book.tr.gettext("Do not read ahead"), book.styles["divider"], 0, "spoilers", toc=True)),
            book.para(esc(book.tr.gettext("Everything after this page is hidden on purpose: the plot encounters, "
                                          "their outcomes and the vision quests.")), "divider-sub"),
            book.para(esc(book.tr.gettext("Turn here only when the game sends you to an entry, find it by its "
                                          "code, read that entry alone and turn back.")), "divider-sub"),
            PageBreak()]


def block_house_rules(book: Book, *args):
    """Every house rule in this book, with why it exists: from the game data and the book's own."""
    out = []
    for chart in book.game.charts:
        out += chart_notes(book, chart)
    rules = getattr(book.module, "house_rules", lambda game: ())(book.game)
    for what, why in merged_rules(rules, book.tr.gettext("and")):
        out.append(book.para(f"{HOUSE_MARK}\u2002" + term_and_meaning(book, what, why), "house"))
    if not out:
        out.append(book.para(esc(book.tr.gettext("This game needs none: every rule here is the published one."))))
    return out


def merged_rules(rules, word: str = "and") -> list[tuple[str, str]]:
    """(what, why) of the house rules, with neighbours of one family ("Tribal Units, difference 2,
    Tribe" … "…, Warriors") that give the same reason, or the same first sentence and then a word on
    each, set as one entry instead of one entry each repeating the sentence."""
    groups: list[list[tuple[str, str]]] = []
    for what, why in rules:
        head, lead = what.rpartition(", ")[0], why.split(". ")[0]
        last = groups[-1][-1] if groups else None
        if last and head and last[0].rpartition(", ")[0] == head and last[1].split(". ")[0] == lead:
            groups[-1].append((what, why))
        else:
            groups.append([(what, why)])
    out = []
    for group in groups:
        if len(group) == 1:
            out.append(group[0])
            continue
        head = group[0][0].rpartition(", ")[0]
        names = [what.rpartition(", ")[2] for what, _ in group]
        whys = [why for _, why in group]
        if len(set(whys)) > 1:  # the same first sentence, then each one's own words
            lead = whys[0].split(". ")[0]
            whys = [f"{lead}. " + " ".join(why[len(lead) + 2:] for why in whys)]
        out.append((f"{head} ({join_and(names, word)})", whys[0]))
    return out


def cover_title(title: str, width: float = float("inf"), style: TextStyle | None = None) -> str:
    """The title as the cover sets it: a line may break after "1572:", never inside the name, unless
    the name (a translated title) is wider than the page's `width` in `style`: then it breaks between words."""
    year, colon, name = title.partition(": ")
    fits = style is None or text_width(name, style.font, style.size) <= width
    return esc(year + colon + name.replace(" ", "\u00a0")) if colon and fits else esc(title)


def block_cover(book: Book, *words: str):
    """The cover: title, the tagline given in the template, the book's cover art, then the body."""
    game = book.game
    out = [Space(book.height * 0.1), book.para(cover_title(game.title, book.width, book.styles["cover-title"]), "cover-title"),
           book.para(esc(book.tr.gettext("Rulebook")), "cover-sub")]
    if words:
        out.append(book.para(" ".join(words), "cover-sub"))
    out.append(Space(28))
    art = getattr(book.module, "cover_art", None)
    if art is not None:
        out += art(book)
    # paper, ink and version: in the metadata
    by = book.tr.gettext("A game by {designers}").format(designers=credited(game.id, book.tr))
    out += [Space(28), book.para(esc(f"{by} \u00b7 {game.kind}"), "cover-sub"),
            NextPage("body"), PageBreak()]
    return out


GENERIC_BLOCKS = {
    "cover": block_cover,
    "pagebreak": block_pagebreak,
    "space": block_space,
    "contents": block_contents,
    "chart": block_chart,
    "symbols": block_symbols,
    "terrains": block_terrains,
    "spoiler": block_spoiler,
    "house-rules": block_house_rules,
}


# ---------------------------------------------------------------------------------------------------
# the document

def prepare(mod, opts: RulebookOptions) -> tuple[Book, list]:
    """The book (game, styles, frame) and its story, before layout."""
    tr = book_translator(mod, opts)
    game = localized(mod.GAME, tr, book_prose(mod))  # its printed words in the book's language (mod.GAME stays English)
    nodes = parse(render_markup(mod, opts))
    pw, ph = opts.page()
    book = Book(game, opts, opts.pal, make_styles(opts.pal, opts.lang), pw - 2 * MARGIN_X,
                ph - MARGIN_TOP - MARGIN_BOTTOM, mod, tr=tr)
    book.blocks = dict(GENERIC_BLOCKS)
    book.blocks.update(mod.blocks())
    story = flow(nodes, book)
    entries = tuple(book.toc_entries)
    # every contents line is known before layout (only its page number is not): one layout pass
    return book, [replace(item, entries=entries) if isinstance(item, Contents) else item for item in story]


def widget_scenes(mod, opts: RulebookOptions | None = None):
    """(name, Scene) for every sheet widget the book draws: for the same checks as a sheet."""
    _, story = prepare(mod, opts or RulebookOptions())
    return story_widgets(story)


def story_widgets(story: list) -> list:
    """(name, Scene) of every sheet widget in a story."""
    drawings = [f.drawing if isinstance(f, Captioned) else f for f in story]  # a captioned figure's drawing too
    return [(f.name, Scene(f.width, f.height, f.items)) for f in drawings if isinstance(f, Drawing)]


def build_rulebook(mod, opts: RulebookOptions | None = None) -> bytes:
    """The rulebook of a game as PDF bytes (identical bytes for identical inputs)."""
    return build_rulebook_and_widgets(mod, opts)[0]


def build_rulebook_and_widgets(mod, opts: RulebookOptions | None = None) -> tuple[bytes, list]:
    """The rulebook's PDF bytes and `widget_scenes` of the same book, from one build."""
    document, widgets = rulebook_document(mod, opts)
    return build_pdf(document), widgets


def rulebook_document(mod, opts: RulebookOptions | None = None) -> tuple:
    """(Document, widget_scenes) of a rulebook: its story, and the cover and body pages, whose running
    head (the game, the chapter in force at the top of the page) and folio are Scene items."""
    opts = opts or RulebookOptions()
    book, story = prepare(mod, opts)
    game, pal = book.game, book.pal
    pw, ph = opts.page()
    fw, fh = book.width, book.height
    top = MARGIN_TOP - 9 * MM  # the running head's baseline, from the page top
    head = (Text(MARGIN_X, top, game.title, 8, "sans-bold", "start", pal.soft, role="running-head"),
            Text(pw - MARGIN_X, top, "", 8, "sans", "end", pal.soft, role="section"),
            Line(MARGIN_X, top + 3.5, pw - MARGIN_X, top + 3.5,
                 Style(fill=None, stroke=pal.line, width=0.5, cap="butt", join="miter")),
            Text(pw / 2, ph - (MARGIN_BOTTOM - 10 * MM), "", 8.5, "sans", "middle", pal.ink, role="folio"))
    templates = (PageTemplate("cover", (FrameBox(MARGIN_X, MARGIN_BOTTOM, fw, fh, "cover"),), cover=True),
                 PageTemplate("body", (FrameBox(MARGIN_X, MARGIN_BOTTOM, fw, fh, "body"),), items_after=head))
    metadata = (("title", f"{game.title} \u2014 {book.tr.gettext('Rulebook')}"),
                *credit_metadata(game.id, game.title, "rulebook"),
                ("game", game.id), ("paper", opts.paper), ("ink", opts.ink))
    widgets = story_widgets(story)
    return Document(pw, ph, metadata, templates, tuple(story), f"{game.id}-rulebook.pdf", book=True), widgets


def rulebook_scene(mod, opts: RulebookOptions | None = None):
    """The rulebook's pages as one multi-page Scene, laid out as in its PDF (for SVG and PNG)."""
    return as_scene(rulebook_document(mod, opts)[0])
