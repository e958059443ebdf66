"""The Crows print-and-play kit as one multi-page Scene.

Pages: a cover (contents, how to print, the tile counts), the setup diagram, then for each kind
of piece its fronts and, on the page after each, its backs mirrored for long-edge duplex: map
tiles, spell cards, reference cards, tokens and crows. Every page is portrait; the pieces are
imposed many-up with bleed and crop marks (lostprint.crows.imposition).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from lostprint import __version__
from lostprint.crows import art
from lostprint.crows.squares import column_name, square_name
from lostprint.crows.imposition import (SAFE, Sheet, balanced, block_boxes, crop_marks, full_page_boxes, impose,
                                        impose_with_band, q)
from lostprint.errors import UsageError
from lostprint.fonts import ASCENT, DESCENT, text_width
from lostprint.games import crows as G
from lostprint.games.model import HOUSE_MARK
from lostprint.i18n import N_, Translator, translator
from lostprint.options import PrintOptions
from lostprint.geometry.paper import MM, Box, page_size
from lostprint.scene import Group, Line, Rect, Scene, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import credit, credit_metadata, designers
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, palette
from lostprint.typeset import curly_items

SPELL_CARD = (63 * MM, 88 * MM)  # poker size: the print-and-play standard, 9 to a letter or a4 sheet
REFERENCE_CARD = (84 * MM, 118 * MM)
TILE_RANGE = (25 * MM, 80 * MM)
BLEED_RANGE = (0.0, 6 * MM)
TOKEN_SCALE = 0.5  # of the tile: coins, totems, corruption, first player
CROW_SCALE = 0.24  # of the tile: crows and the Queen (a murder of six in two rows of three and a totem lie flat on a tile)

Draw = Callable[[Box, float], list]


@dataclass(frozen=True)
class KitOptions(PrintOptions):
    """Print options (portrait) and how the pieces are cut."""

    landscape: bool = False
    tile: float = G.TILE_MM * MM
    bleed: float = 3 * MM
    marks: str = "margin"
    shared: bool = False  # --gutter 0: every kind of piece touches its neighbours, one cut between them
    backs: str = "full"  # full | ink-saver
    counts: tuple[tuple[str, int], ...] = G.HOUSE_COUNTS

    def check(self) -> None:
        lo, hi = TILE_RANGE
        if not lo - 1e-6 <= self.tile <= hi + 1e-6:
            raise UsageError(f"--tile-size: {self.tile / MM:.1f} mm is outside {lo / MM:.0f}\u2013{hi / MM:.0f} mm")
        lo, hi = BLEED_RANGE
        if not lo <= self.bleed <= hi + 1e-6:
            raise UsageError(f"--bleed: {self.bleed / MM:.1f} mm is outside {lo / MM:.0f}\u2013{hi / MM:.0f} mm")


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    trim: tuple[float, float]
    fronts: tuple[tuple[str, Draw], ...]  # (piece kind, draw)
    # back(kind, trim, bleed, front_draw) -> items; None: no back pages
    back: Callable[[str, Box, float, Draw], list] | None = field(default=None)
    shared: bool = False  # always imposed touching, with shared cut lines (poker cards 9-up)


def sections(opts: KitOptions) -> list[Section]:
    ink = opts.ink
    tr = translator(opts.lang)
    saver = opts.backs == "ink-saver"
    tiles = []
    for key, n in opts.counts:
        tiles += [(key, _tile(key, ink, tr))] * n
    tiles.append((G.NIGHTFALL, _tile(G.NIGHTFALL, ink, tr)))
    cards = [(s.key, _spell(s, ink, tr)) for s in G.SPELLS for _ in range(G.SPELL_COPIES)]
    refs = [("reference", lambda t, b: art.reference_side(G.REFERENCE[:3], t, b, ink,
                                                         tr.gettext("Crows \u00b7 player reference"), tr))] * 4
    comps = dict(G.COMPONENTS)
    tokens = ([("coin-1", _token("coin-1", ink, tr))] * comps["coin-1"]
              + [("coin-5", _token("coin-5", ink, tr))] * comps["coin-5"]
              + [("totem", _token("totem", ink, tr, c)) for c in G.TOTEM_COLORS]
              + [("corruption", _token("corruption", ink, tr))] * comps["corruption"]
              + [("first-player", _token("first-player", ink, tr))])
    crows = [("crow", _token("crow", ink, tr))] * comps["crows"] + [("queen-crow", _token("queen-crow", ink, tr))]
    tile = q(opts.tile)
    small, tiny = q(opts.tile * TOKEN_SCALE), q(opts.tile * CROW_SCALE)
    return [
        Section("tiles", "Map tiles", (tile, tile), tuple(tiles),
                lambda k, t, b, front: art.tile_back(t, b, ink, saver, tr)),
        Section("spells", "Spell cards", SPELL_CARD, tuple(cards),
                lambda k, t, b, front: art.spell_back(t, b, ink, saver, tr), shared=True),
        Section("reference", "Player reference cards", REFERENCE_CARD, tuple(refs),
                lambda k, t, b, front: art.reference_side(G.REFERENCE[3:], t, b, ink,
                                                          tr.gettext("Crows \u00b7 flocking & murders"), tr)),
        Section("tokens", "Tokens", (small, small), tuple(tokens), _same_as_front),
        Section("crows", "Crow pieces", (tiny, tiny), tuple(crows), _same_as_front),
    ]


# the sections' titles, as the kit prints them (Section.title stays English: error messages name it)
SECTION_TITLES = (N_("Map tiles"), N_("Spell cards"), N_("Player reference cards"), N_("Tokens"), N_("Crow pieces"))
BAND_OF = {"tokens": "crows"}  # the crows print in a band under the tokens, on their sheet, where they fit


def _same_as_front(kind: str, trim: Box, bleed: float, front: Draw) -> list:
    """Two-sided tokens: the back of each piece is its own front again (each totem keeps its colour)."""
    return front(trim, bleed)


def _tile(key: str, ink: str, tr: Translator) -> Draw:
    return lambda trim, bleed: art.tile_front(key, trim, bleed, ink, tr)


def _spell(card, ink: str, tr: Translator) -> Draw:
    return lambda trim, bleed: art.spell_front(card, trim, bleed, ink, tr=tr)


def _token(kind: str, ink: str, tr: Translator, color=None) -> Draw:
    return lambda trim, bleed: art.token(kind, trim, bleed, ink, color, tr)


def _header(page_w: float, left: str, right: str, pal) -> Group:
    size = MIN_TEXT + 0.5
    base = SAFE + ASCENT * size + 1
    items = [Text(SAFE, base, left, size, "sans-bold", "start", pal.soft, role="page-head")]
    room = page_w - 2 * SAFE - text_width(left, "sans-bold", size) - 12
    label, rsize = w.fitted(right, "sans-italic", size, room)
    items.append(Text(page_w - SAFE, base, label, rsize, "sans-italic", "end", pal.soft, role="page-head"))
    return Group(tuple(items), name="page-head")


def _side_header(sheet: Sheet, left: str, right: str, pal) -> Group:
    """The header's two lines turned along the side margins, beside the middle row (between the cut
    marks), for a grid that fills the page's height: the left reads upward, the right downward."""
    size = MIN_TEXT + 0.5
    room = sheet.cell_h - 8
    mid_y = sheet.row_y(sheet.rows // 2) + sheet.cell_h / 2
    strip = sheet.x0 - sheet.outer_x - SAFE  # between the paper's safe edge and the block's bleed
    items = []
    for text, font, angle, x_mid in ((left, "sans-bold", 90.0, SAFE + strip / 2),
                                     (right, "sans-italic", -90.0, sheet.page_w - SAFE - strip / 2)):
        label, lsize = w.fitted(text, font, size, room)
        shift = (ASCENT - DESCENT) / 2 * lsize  # the glyphs' box, centred across the strip
        x = x_mid + shift if angle > 0 else x_mid - shift
        items.append(Text(x, mid_y, label, lsize, font, "middle", pal.soft, role="page-head", angle=angle))
    return Group(tuple(items), name="page-head")


def imposed_pages(section: Section, opts: KitOptions, page: tuple[float, float],
                  band: tuple[Section, Sheet] | None = None, grid: Sheet | None = None
                  ) -> tuple[Sheet, list[Scene]]:
    """The section's pages, fronts then backs; with `band` (a section and its Sheet, from
    impose_with_band, `grid` the section's own) the band's small pieces print under the grid of its
    first sheet, touching, one cut between two neighbours."""
    pal = palette(opts.ink)
    tr = translator(opts.lang)
    _ = tr.gettext
    marks = "shared" if section.shared or opts.shared else opts.marks
    sheet = grid or impose(page, section.trim, opts.bleed, marks, what=section.title.lower().rstrip("s"))
    pages = []
    chunks, start = [], 0
    for n in balanced(len(section.fronts), sheet.per_page):
        chunks.append(section.fronts[start:start + n])
        start += n
    for n, chunk in enumerate(chunks):
        count = _("sheet {number} of {sheets}").format(number=n + 1, sheets=len(chunks)) if len(chunks) > 1 \
            else _("1 sheet")
        under = band if band is not None and n == 0 else None
        title = _("{pieces} and {more}").format(pieces=_(section.title), more=_(under[0].title).lower()) if under \
            else _(section.title)
        for back in ((False, True) if section.back else (False,)):
            left = _("Crows \u00b7 {title} \u00b7 {count} \u00b7 {side}").format(
                title=title, count=count, side=_("backs") if back else _("fronts"))
            right = (_("print the next page on the reverse (flip on the long edge)") if not back and section.back
                     else _("backs: mirrored for long-edge duplex") if back
                     else _("print at 100% and cut on the marks"))
            items: list = [_header(page[0], left, right, pal) if sheet.header else _side_header(sheet, left, right, pal)]
            blocks = [(section, sheet, chunk, sum(map(len, chunks[:n])))]
            if under:
                blocks.append((under[0], under[1], under[0].fronts, 0))
            for sec, sh, pieces, first in blocks:
                grounds: list = []
                drawn_pieces = []
                for i, (kind, draw) in enumerate(pieces):
                    trim = sh.trim_box(i, back)
                    box = sh.bleed_box(i, back)
                    drawn = sec.back(kind, trim, sh.bleed, draw) if back else draw(trim, sh.bleed)
                    if sh.shared:
                        grounds += _outer_ground(drawn, sh.outer_box(i, len(pieces), back), trim)
                    drawn_pieces.append(Group(tuple(drawn), name=f"piece:{kind}:{sec.key}:{first + i}", box=tuple(box)))
                if grounds:  # under the pieces: the outer bleed of a touching block
                    items.append(Group(tuple(grounds), name="outer-bleed"))
                items += drawn_pieces
                items.append(crop_marks(sh, len(pieces), back))
            meta = block_boxes([(sh, len(pieces)) for _, sh, pieces, _ in blocks], back) \
                + (("section", section.key), ("side", "back" if back else "front"))
            pages.append(Scene(page[0], page[1], tuple(items), metadata=meta, margin=SAFE))
    return sheet, pages


def outer_bleed_note(sheet: Sheet, tr: Translator) -> str:
    """What the cover says about the outer bleed of a touching block, in the numbers it has."""
    def mm(v: float) -> str:
        return f"{tr.number(round(v / MM, 1))} mm"

    if sheet.outer_x == sheet.outer_y == 0:
        return tr.gettext("The block has no bleed round its outside: cut its outer edges exactly on the line too.")
    if mm(sheet.outer_x) == mm(sheet.outer_y):
        return tr.gettext("Round the outside of the block the colour runs on {bleed} past the cut (bleed).").format(
            bleed=mm(sheet.outer_x))
    return tr.gettext("Round the outside of the block the colour runs on past the cut (bleed): {sides} at the sides, "
                      "{ends} at the top and bottom (all the paper's printable area allows).").format(
        sides=mm(sheet.outer_x), ends=mm(sheet.outer_y))


def _outer_ground(drawn: list, box: Box, trim: Box) -> list:
    """The piece's own background carried out over the block's outer bleed (`box`, grown past the
    trim only where the piece has no neighbour), so an off cut on the outside shows no white. Two
    grounds may meet in the corner of a part-filled block: both are cut away."""
    if tuple(box) == tuple(trim):
        return []
    ground = next(i for i in drawn if isinstance(i, Rect) and i.role == "bleed")
    return [Rect(box.x, box.y, box.w, box.h, ground.style, role="outer-bleed")]


def cover_page(opts: KitOptions, page: tuple[float, float], layout: list[tuple[Section, Sheet, int]]) -> Scene:
    pal = palette(opts.ink)
    tr = translator(opts.lang)
    _ = tr.gettext
    W, H = page
    box = Box(12 * MM, 12 * MM, W - 24 * MM, H - 24 * MM)
    items: list = []
    items.append(Text(box.x, box.y + ASCENT * 30, _("Crows"), 30.0, "serif-bold", "start", pal.accent, role="title"))
    # the sizes a cutter needs; paper and ink are build details, kept in the PDF's metadata
    sub = _("Print-and-play kit \u00b7 tiles {tile} mm \u00b7 bleed {bleed} mm").format(
        tile=f"{opts.tile / MM:.0f}", bleed=tr.number(round(opts.bleed / MM, 2)))
    sub, ssize = w.fitted(sub, "sans-italic", 9.0, box.w)
    items.append(Text(box.x, box.y + 30 + 8 + ASCENT * ssize, sub, ssize, "sans-italic", "start", pal.soft))
    by, bsize = w.fitted(_("A game by {designers}").format(designers=designers("crows", tr)), "sans", 8.0, box.w - 60)
    items.append(Text(box.x, box.y + 30 + 8 + ssize + 4 + ASCENT * bsize, by, bsize, "sans", "start", pal.ink,
                      role="credit"))
    items.append(icon("raven", box.right - 28, box.y + 18, 40, pal.ink, fill=pal.ink))
    y = box.y + 70
    rows = []
    for section, sheet, n_pages in layout:
        counts: dict[str, int] = {}
        for kind, _draw in section.fronts:
            counts[kind] = counts.get(kind, 0) + 1
        size = f"{section.trim[0] / MM:.0f} \u00d7 {section.trim[1] / MM:.0f} mm"
        backs = _("with backs") if section.back else _("one-sided")
        spread = balanced(len(section.fronts), sheet.per_page)  # what each sheet really holds
        held = f"{min(spread)}\u2013{max(spread)}" if min(spread) != max(spread) else f"{max(spread)}"
        where = tr.ngettext("{count} page", "{count} pages", n_pages).format(count=n_pages) if n_pages \
            else _("under the tokens, touching")
        rows.append((_(section.title), str(len(section.fronts)), size,
                     _("{where}, {held} per sheet, {backs}").format(where=where, held=held, backs=backs)))
    table_h = 12 + 6 + (len(rows) + 1) * 14 + 8
    items.append(w.rows_table(_("Contents"), (_("Piece"), _("Count"), _("Size"), _("Sheets")), rows, (0.3, 0.12, 0.2, 0.38),
                              Box(box.x, y, box.w, table_h), pal, name="contents", wrap_last=False))
    y += table_h + 8
    tiles = [(_(G.tile_type(k).name), str(n), _(G.tile_type(k).effect)) for k, n in opts.counts]
    tiles.append((_(G.NIGHTFALL_TILE.name), "1", _(G.NIGHTFALL_TILE.effect)))
    total = sum(n for _, n in opts.counts)
    house = opts.counts == G.HOUSE_COUNTS
    tiles_h = 12 + 6 + (len(tiles) + 1) * 13 + 8
    items.append(w.rows_table(_("Map tiles"), (_("Tile"), _("Count"), _("Effect")), tiles, (0.26, 0.1, 0.64),
                              Box(box.x, y, box.w, tiles_h), pal, house=house,
                              subtitle=_("{count} map tiles + Nightfall").format(count=total), name="tiles"))
    y += tiles_h + 8
    notes = [
        _("Print at 100% (actual size, no 'fit to page'). Pages with backs are followed by their backs: "
          "print double-sided, flipping on the long edge, or glue the two sheets back to back."),
        _("Cut on the crop marks: each mark lines up with the trim edge of a piece.") + " "
        + (_("Every piece is printed touching its neighbours, one cut between them; the colour runs on past "
             "the outside of each block (bleed) as far as the page allows.") if opts.shared
           else _("Pieces printed apart have a bleed: a slightly-off cut still leaves no white edge.")),
        _("Spell cards (poker size) are printed touching, up to nine to a sheet: cut once along each grey "
          "line, exactly on it.") + " " + outer_bleed_note(next(sh for sec, sh, _n in layout if sec.shared), tr),
        _("Tokens and crows are printed the same on both sides. Glue the sheets to card stock before "
          "cutting for sturdier pieces.")
        + (" " + _("The crows print touching, in a block under the tokens: cut once along each grey line between "
                   "two crows.") if any(n == 0 for _s, _h, n in layout) else ""),
    ]
    if house:
        notes.append(f"{HOUSE_MARK} " + _("The published rules give no tile counts: this mix is a house distribution."))
    else:
        notes.append(_("The tile counts were given with --counts."))
    note_h = _notes_height(notes, box.w)
    items.append(_notes(_("How to print"), notes, Box(box.x, y, box.w, note_h), pal))
    y += note_h + 8
    side = SCALE_SQUARE
    items.append(_gallery(Box(box.x, y, box.w - side - 10, box.bottom - y), opts.ink, pal, tr))
    items.append(scale_square(Box(box.right - side, box.bottom - side - 2 * MIN_TEXT * 1.3 - 3, side, side), pal, tr))
    meta = full_page_boxes(W, H) + (("section", "cover"),)
    return Scene(W, H, tuple(items), metadata=meta, margin=12 * MM)


SCALE_SQUARE = 50 * MM


def scale_square(box: Box, pal, tr: Translator) -> Group:
    """A square of exactly 50 mm and a note to measure it: if it is not 50 mm, the kit did not print at
    100% and no piece will fit its neighbour."""

    x, y, s = q(box.x), q(box.y), q(SCALE_SQUARE)
    items: list = [Rect(x, y, s, s, Style(fill=None, stroke=pal.ink, width=0.5), role="scale-square")]
    for k in range(1, 5):  # a tick every 10 mm along two sides
        t = q(x + k * 10 * MM)
        items.append(Line(t, y + s, t, y + s - 2 * MM, Style(fill=None, stroke=pal.ink, width=0.4)))
        t = q(y + k * 10 * MM)
        items.append(Line(x, t, x + 2 * MM, t, Style(fill=None, stroke=pal.ink, width=0.4)))
    items.append(Text(x + s / 2, y + s / 2 - 2, "50 mm", 11.0, "sans-bold", "middle", pal.ink, role="scale-label"))
    items.append(Text(x + s / 2, y + s / 2 + 10, tr.gettext("measure me"), 8.0, "sans-italic", "middle", pal.soft,
                      role="scale-label"))
    note = (tr.gettext("Not 50 mm? Print again at 100% (actual size)."), )
    yy = y + s + 3 + ASCENT * MIN_TEXT
    for line in note:
        for part in w.wrap(line, "sans", MIN_TEXT, s):
            items.append(Text(x, yy, part, MIN_TEXT, "sans", "start", pal.soft, role="scale-note"))
            yy += MIN_TEXT * 1.3
    return Group(tuple(items), name="scale-square", box=(x, y, s, yy - y))


def _notes_height(notes: list[str], width: float, size: float = 8.0) -> float:
    lines = sum(len(w.wrap(n, "sans", size, width - 16)) for n in notes)
    return w.TITLE_BAR + 6 + lines * size * 1.25 + 4 * len(notes) + 2


def _gallery(box: Box, ink: str, pal, tr: Translator) -> Group:
    """One of every tile, drawn as printed (smaller), as a picture of what the kit holds."""
    items, inner = w.panel(box, tr.gettext("The map tiles"), pal, subtitle=tr.gettext("one of each, and Nightfall"))
    kinds = [t.key for t in G.ALL_TILES]
    cols = 5
    rows = -(-len(kinds) // cols)
    gap = 8.0
    side = min((inner.w - gap * (cols - 1)) / cols, (inner.h - gap * (rows - 1)) / rows)
    x0 = inner.x + (inner.w - (side * cols + gap * (cols - 1))) / 2
    y0 = inner.y + (inner.h - (side * rows + gap * (rows - 1))) / 2
    for i, kind in enumerate(kinds):
        r, c = divmod(i, cols)
        items += art.tile_art(kind, Box(x0 + c * (side + gap), y0 + r * (side + gap), side, side), ink,
                              stroke=pal.line, tr=tr)
    return Group(tuple(items), name="gallery", box=tuple(box))


def _notes(title: str, notes: list[str], box: Box, pal) -> Group:
    items, inner = w.panel(box, title, pal, name=title)
    y = inner.y
    size = 8.0
    for note in notes:
        for k, line in enumerate(w.wrap(note, "sans", size, inner.w - 8)):
            if y + size * 1.25 > inner.bottom:
                break
            if k == 0:
                items.append(Rect(inner.x + 0.5, y + ASCENT * size * 0.45, 2.4, 2.4, Style(fill=pal.accent, stroke=None, width=0)))
            items.append(Text(inner.x + 8, y + ASCENT * size, line, size, "sans", "start", pal.ink))
            y += size * 1.25
        y += 4
    return Group(tuple(items), name=f"notes:{title}", box=tuple(box))


def setup_page(opts: KitOptions, page: tuple[float, float]) -> Scene:
    pal = palette(opts.ink)
    tr = translator(opts.lang)
    _ = tr.gettext
    W, H = page
    box = Box(12 * MM, 12 * MM, W - 24 * MM, H - 24 * MM)
    items: list = [Text(box.x, box.y + ASCENT * 20, _("Setting up"), 20.0, "serif-bold", "start", pal.accent, role="title"),
                   Text(box.right, box.y + ASCENT * 20, _("Crows: {credit}").format(credit=credit("crows", tr)), 8.0,
                        "sans", "end", pal.soft, role="credit")]
    steps = _setup_steps(tr)
    steps_h = _steps_height(steps, box.w)
    label = 14.0
    grid_side = min(box.w * 0.8, box.bottom - steps_h - 58 - (box.y + 34 + label) - 8)
    cell = grid_side / G.START_GRID
    gx = box.x + (box.w - grid_side) / 2 + label / 2
    gy = box.y + 34 + label
    diagram = []
    starts = G.start_squares()
    for r in range(G.START_GRID):  # columns A, B... and rows 1, 2..., as the record's boards name squares
        diagram.append(Text(gx - 5, gy + r * cell + cell / 2 + 3, str(r + 1), 9.0, "sans-bold", "end", pal.soft,
                            role="row-label"))
        diagram.append(Text(gx + r * cell + cell / 2, gy - 5, column_name(r), 9.0, "sans-bold", "middle", pal.soft,
                            role="column-label"))
    for c in range(G.START_GRID):
        for r in range(G.START_GRID):
            x, y = gx + c * cell, gy + r * cell
            if (c, r) in starts:
                diagram.append(Rect(x + 1.5, y + 1.5, cell - 3, cell - 3,
                                    Style(fill=pal.start_tile, stroke=pal.ink, width=1.0),
                                    radius=3, role="start-tile"))
                n = starts.index((c, r)) + 1
                diagram.append(art.centred(x + cell / 2, y + cell / 2 - 5, str(n), 16.0, "serif-bold", pal.ink))
                diagram.append(art.centred(x + cell / 2, y + cell / 2 + 12, square_name((c, r), (0, 0)), 7.0, "sans",
                                           pal.soft))
            else:
                diagram.append(Rect(x + 4, y + 4, cell - 8, cell - 8,
                                    Style(fill=None, stroke=pal.faint, width=0.6, dash=(2, 2)), radius=3))
    items.append(Group(tuple(diagram), name="setup-diagram", box=(gx - label, gy - label, grid_side + label, grid_side + label)))
    caption = _("Deal the {count} starting tiles face up onto the shaded squares, in the order shown: the corners "
                "and centre of a {side} \u00d7 {side} grid, every other square. Squares are named as the game record "
                "names them, a column letter and a row number (A1 at the top left); a saved game keeps the "
                "same squares as [column, row] counted from 0, so A1 is [0, 0]. The board then grows in any "
                "direction.").format(count=len(starts), side=G.START_GRID)
    y = gy + grid_side + 8
    cap_box = Box(box.x, y, box.w, 44)
    items.append(Group(tuple(art.paragraph(caption, cap_box, 8.0, "sans-italic", pal.soft)), name="caption",
                       box=tuple(cap_box)))
    y += 50
    y = box.bottom - steps_h
    items.append(_steps(_("Setup, step by step"), steps, Box(box.x, y, box.w, box.bottom - y), pal))
    meta = full_page_boxes(W, H) + (("section", "setup"),)
    return Scene(W, H, tuple(items), metadata=meta, margin=12 * MM)


def _setup_steps(tr: Translator) -> list[str]:
    _ = tr.gettext
    remove = ", ".join(_("{players} players: remove {tiles}").format(players=n, tiles=k) for n, k in G.SETUP_REMOVE)
    return [
        _("Each player picks a colour and takes the Mana Totem of that colour."),
        _("Shuffle the {count} spell cards into a face-down deck.").format(count=len(G.SPELLS) * G.SPELL_COPIES),
        _("Put Nightfall aside. Shuffle the map tiles face down into one stack."),
        _("Take tiles off the stack unseen and put them back in the box ({remove}).").format(remove=remove),
        _("Take {count} tiles, shuffle Nightfall in with them and slide these {more} under the stack; then move "
          "{moved} tiles from the top to the bottom.").format(count=G.BOTTOM_TILES, more=G.BOTTOM_TILES + 1,
                                                             moved=G.MOVED_TO_BOTTOM),
        _("Draw {count} tiles and lay them out as in the diagram.").format(count=G.START_TILES),
        tr.ngettext("Each player draws {count} tile and keeps it hidden: that is your hand.",
                    "Each player draws {count} tiles and keeps them hidden: that is your hand.",
                    G.HAND_TILES).format(count=G.HAND_TILES),
        _("Put a crow on every crow shown on the tiles, and the Queen on the Queen's Totem if it is out."),
        _("Choose a first player at random, who takes the first-player token and starts every round."),
    ]


def _steps_height(steps: list[str], width: float, size: float = 8.5) -> float:
    lines = sum(len(w.wrap(st, "sans", size, width - 8 - 16)) for st in steps)
    return w.TITLE_BAR + 6 + 2 + lines * size * 1.28 + 3 * len(steps) + 2


def _steps(title: str, steps: list[str], box: Box, pal) -> Group:
    items, inner = w.panel(box, title, pal, name=title)
    size = 8.5
    lead = size * 1.28
    y = inner.y + 2
    for i, step in enumerate(steps, 1):
        items.append(Text(inner.x + 10, y + ASCENT * size, f"{i}.", size, "sans-bold", "end", pal.accent))
        for line in w.wrap(step, "sans", size, inner.w - 16):  # inner.w = box.w - 8
            items.append(Text(inner.x + 14, y + ASCENT * size, line, size, "sans", "start", pal.ink))
            y += lead
        y += 3
    return Group(tuple(items), name=f"steps:{title}", box=tuple(box))


def build_kit(opts: KitOptions) -> Scene:
    """The whole kit: game data + options -> a multi-page Scene (no files, no backend)."""
    opts.check()
    page = page_size(opts.paper, landscape=False)
    layout, body = [], []
    todo = sections(opts)
    while todo:
        section = todo.pop(0)
        guest = todo[0] if todo and todo[0].key == BAND_OF.get(section.key) else None
        both = guest and impose_with_band(page, section.trim, len(section.fronts), guest.trim, len(guest.fronts),
                                          opts.bleed, "shared" if section.shared or opts.shared else opts.marks,
                                          what=guest.title.lower().rstrip("s"))
        if both:  # the small pieces in a band under the section's grid: no page of their own
            todo.pop(0)
            sheet, pages = imposed_pages(section, opts, page, band=(guest, both[1]), grid=both[0])
            layout += [(section, sheet, len(pages)), (guest, both[1], 0)]
        else:
            sheet, pages = imposed_pages(section, opts, page)
            layout.append((section, sheet, len(pages)))
        body += pages


    first = cover_page(opts, page, layout)
    pages = [replace(p, items=curly_items(p.items)) for p in [setup_page(opts, page)] + body]
    first = replace(first, items=curly_items(first.items))
    meta = (
        ("title", "Crows \u2014 print-and-play kit"),
        *credit_metadata("crows", "Crows", "print-and-play kit"),
        ("build", f"kit, {opts.paper}, {opts.ink}, tiles {opts.tile / MM:.1f} mm, bleed {opts.bleed / MM:.1f} mm, "
                  f"marks {opts.marks}"),
        ("game", "crows"),
        ("version", __version__),
    ) + first.metadata
    return Scene(first.width, first.height, first.items, metadata=meta, margin=first.margin, pages=tuple(pages))
