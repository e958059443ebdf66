"""The Crows setup diagram: the starting layout drawn at 1:1, so the tiles can be laid on it.

The tiles are drawn at the kit's default tile size (games.crows.TILE_MM). A grid wider or taller
than the paper allows is split into blocks, a page each, every square still at true size; each page
names the columns and rows it holds.
"""
from __future__ import annotations

from lostprint import __version__
from lostprint.fonts import ASCENT, DESCENT, wrap
from lostprint.games.crows import TILE_MM
from lostprint.geometry.hexgrid import column_letters
from lostprint.geometry.paper import MM, Box
from lostprint.i18n import N_, Translator, translator
from lostprint.scene import Group, Rect, Scene, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import SheetOptions, credit, credit_metadata, foot_line, title_block
from lostprint.sheets.style import MIN_TEXT
from lostprint.typeset import curly_items

MARGIN = 7.0 * MM
GAME = "crows"
STANDARD = N_("standard")  # the standard layout's name, as a title prints it


def tile_size() -> float:
    """The printed tile's side, in points: the kit's default (games.crows.TILE_MM)."""
    return TILE_MM * MM


def _blocks(count: int, per_page: int) -> list[range]:
    """Split 0..count into runs of at most per_page, as even as can be."""
    pages = max(1, -(-count // max(1, per_page)))
    size = -(-count // pages)
    return [range(i, min(count, i + size)) for i in range(0, count, size)]


def _steps(layout, tr: Translator) -> list[str]:
    n = len(layout.squares)
    _ = tr.gettext
    return [tr.ngettext("Build the tile stack as the setup says, then draw the top tile.",
                        "Build the tile stack as the setup says, then draw the top {count} tiles.", n).format(count=n),
            _("Lay them face up on the numbered squares, 1 first, in the order drawn."),
            _("Dashed squares stay empty: they are the gaps the players fill."),
            _("Put crows on each tile that shows crows, as many as it shows."),
            _("Each square is named in its corner as the game record names it (A1 at the top left).")]


def layout_scene(layout, opts=None) -> Scene:
    """The setup diagram, portrait, squares at the tile's true size (more than one page if need be)."""
    opts = (opts or SheetOptions()).portrait()
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    tile = tile_size()
    page = opts.content(margin=MARGIN)
    head_h = 40.0
    notes_h = 80.0
    grid_room = Box(page.x, page.y + head_h + 6, page.w, page.h - head_h - notes_h - 12)
    col_runs = _blocks(layout.cols, int(grid_room.w // tile))
    row_runs = _blocks(layout.rows, int(grid_room.h // tile))
    blocks = [(cols, rows) for rows in row_runs for cols in col_runs]
    order = {sq: n for n, sq in enumerate(layout.squares, start=1)}
    pages = []
    for k, (cols, rows) in enumerate(blocks):
        items: list = []
        part = "" if len(blocks) == 1 else " \u00b7 " + _(
            "page {page} of {pages}: columns {first}\u2013{last}, rows {top}\u2013{bottom}").format(
            page=k + 1, pages=len(blocks), first=column_letters(cols.start), last=column_letters(cols.stop - 1),
            top=rows.start + 1, bottom=rows.stop)
        count = len(layout.squares)
        items.append(title_block(Box(page.x, page.y, page.w, head_h), _("Crows \u2014 starting layout"),
                                 tr.ngettext("{name}: {count} tile, drawn at full size ({mm} mm)",
                                             "{name}: {count} tiles, drawn at full size ({mm} mm)", count).format(
                                     name=_(layout.name) if layout.name == STANDARD else layout.name, count=count, mm=f"{tile / MM:.0f}") + part, pal))
        gw, gh = len(cols) * tile, len(rows) * tile
        gx = grid_room.x + (grid_room.w - gw) / 2
        gy = grid_room.y
        grid_items: list = []
        number_size = max(MIN_TEXT, min(22.0, tile * 0.3))
        for c in cols:
            for r in rows:
                x, y = gx + (c - cols.start) * tile, gy + (r - rows.start) * tile
                n = order.get((c, r))
                # the square's name in its corner, as the game record names squares (A1 at the top left)
                grid_items.append(Text(x + 4, y + 4 + ASCENT * 7.0, f"{column_letters(c)}{r + 1}", 7.0, "sans",
                                       "start", pal.soft, role="square-name"))
                if n is None:
                    grid_items.append(Rect(x + 2, y + 2, tile - 4, tile - 4,
                                           Style(fill=None, stroke=pal.faint, width=0.6, dash=(2, 2)), role="gap"))
                    continue
                grid_items.append(Rect(x, y, tile, tile, Style(fill=pal.tile, stroke=pal.ink, width=0.8),
                                       role="tile"))
                grid_items.append(Text(x + tile / 2, y + tile / 2 + (ASCENT - DESCENT) * number_size / 2, str(n),
                                       number_size, "serif-bold", "middle", pal.accent, role="tile-number"))
        items.append(Group(tuple(grid_items), name="layout", box=(gx, gy, gw, gh)))
        notes_box = Box(page.x, page.bottom - notes_h, page.w, notes_h - 14)  # 3 mm over the foot line
        panel_items, inner = w.panel(notes_box, _("Setting up"), pal)
        y = inner.y
        for step in _steps(layout, tr):
            for line in wrap(step, "sans", 7.5, inner.w):
                y += 7.5 * 1.2
                panel_items.append(Text(inner.x, y, line, 7.5, "sans", "start", pal.ink))
        items.append(Group(tuple(panel_items), name="notes", box=tuple(notes_box)))
        items.append(foot_line(opts, _("Crows: {credit} \u00b7 layout {name}").format(credit=credit(GAME, tr),
            name=_(layout.name) if layout.name == STANDARD else layout.name), pal))
        pw, ph = opts.page()
        meta = (("title", f"Crows \u2014 starting layout {layout.name}"),
                *credit_metadata(GAME, "Crows", "setup diagram"), ("paper", opts.paper), ("ink", opts.ink),
                ("game", GAME), ("map", layout.name),
                ("seed", "" if layout.seed is None else str(layout.seed)), ("version", __version__),
                ("tile_mm", f"{tile / MM:.1f}"))
        pages.append(Scene(pw, ph, curly_items(items), metadata=meta, margin=MARGIN))
    first = pages[0]
    return Scene(first.width, first.height, first.items, metadata=first.metadata, margin=MARGIN,
                 pages=tuple(pages[1:]))
