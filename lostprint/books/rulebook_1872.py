"""The 1872: The Lost Crows rulebook: template variables, worked examples computed from the game data,
the spoiler entries (lostprint.games.lost_crows_plots) and the sheet's own panels as blocks."""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import NamedTuple

from lostprint.books import rulebook
from lostprint.books.rulebook import WIDGET_SCALE, Book, chart_notes, spaced
from lostprint.books.rulebook_common import COMMON_BLOCKS, block_map, block_sheet_panel, block_sheet_part, lifted
from lostprint.fonts import text_width
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import GAME, cell_words, effect
from lostprint.games.model import HOUSE_MARK, Band
from lostprint.geometry.paper import Box
from lostprint.i18n import ENGLISH, Translator, book_prose, localized, translator
from lostprint.maps.model import standard_map
from lostprint.sheets import widgets as w
from lostprint.sheets.lost_crows import (CROW_BOXES_TO, DRAWERS, crow_tally, crows_tracker, icon_key, omen_chart,
                                         river_key, terrain_panel, units_panel)
from lostprint.sheets.lost_crows import build as build_sheet  # the printed sheet the book shows parts of

TEMPLATE = "lost-crows.j2"
TRANSLATED = True


def sentences(text: str) -> tuple[str, ...]:
    """'One. Two.' -> ('One.', 'Two.')."""
    return tuple(re.split(r"(?<=\.) ", text))


@dataclass(frozen=True)
class BookText:
    """What this book prints beyond the game data: the spoiler chapters' (lostprint.games.lost_crows_plots)
    and the unit chart's house cells' reasons, one sentence a message (the house-rule chapter sets
    the cells that share a first sentence as one entry), as one value the book translates and extracts
    as it does the game's data (BOOK_PROSE, BOOK_DATA)."""

    encounters: tuple
    outcomes: tuple
    visions: tuple
    house_reason: str
    keywords: tuple[str, ...]
    cell_reasons: tuple[str, ...]


BOOK_TEXT = BookText(plots.ENCOUNTERS, plots.OUTCOMES, plots.VISIONS, plots.HOUSE_REASON, plots.KEYWORDS,
                     tuple(dict.fromkeys(s for row in GAME.rules.unit_rows for c in row.cells
                                         for s in sentences(c.reason) if c.reason)))

# What this book prints of the game's data beyond the sheet's catalog (lostprint.i18n.book_prose).
BOOK_PROSE = {
    "Unit": ("role",),
    "Ruling": ("topic", "rule", "reason"),
    "Encounter": ("title", "text"),
    "Choice": ("text",),
    "Outcome": ("title", "text", "effect"),
    "Vision": ("name", "effect"),
    "BookText": ("house_reason", "keywords", "cell_reasons"),
}
BOOK_DATA = (BOOK_TEXT,)


def prose() -> dict:
    """The fields this book translates (the sheets' and its own)."""
    return book_prose(sys.modules[__name__])


def noun(lang: str):
    """A terrain's name inside a sentence ("a forest hex"): lower case, but German keeps its nouns
    capitalised."""
    return (lambda name: name) if lang.split("-")[0] == "de" else str.lower


def rules(game) -> dict:
    """The small rule numbers of the game data (its RULE_NUMBERS)."""
    return dict(game.text.rule_numbers)


class UnitResult(NamedTuple):
    unit: object
    top: int
    bottom: int
    difference: int
    row: object
    cell: object
    words: str


def resolve_units(game, pairs: dict[str, tuple[int, int]]) -> list[UnitResult]:
    """Phase 2 for one turn: each unit's top minus bottom, the chart row it falls in and its cell."""
    out = []
    for i, unit in enumerate(game.rules.units):
        top, bottom = pairs[unit.key]
        diff = top - bottom
        row = next(r for r in game.rules.unit_rows if r.covers(diff))
        cell = row.cells[i]
        out.append(UnitResult(unit, top, bottom, diff, row, cell, cell_words(cell)))
    return out


_COST = re.compile(r"(\d+) Movement \+ (\d+) Food")


def cost(terrain) -> tuple[int, int]:
    """'2 Movement + 1 Food' -> (2, 1)."""
    m = _COST.search(terrain.cost)
    if not m:
        raise ValueError(f"{terrain.name}: cannot read the cost {terrain.cost!r}")
    return int(m.group(1)), int(m.group(2))


def examples(game, tr: Translator = ENGLISH) -> dict:
    """The worked examples, computed from the English game, their printed words in tr's language."""
    ex: dict = {}
    pairs = {"tribe": (5, 3), "chief": (6, 3), "shaman": (4, 2), "warriors": (3, 4)}
    ex["units"] = [said(u, tr) for u in resolve_units(game, pairs)]
    # a Spirit Dancer turns the Warriors' bottom die into a 1
    fixed = dict(pairs, warriors=(3, 1))
    ex["dancer_face"] = 1
    ex["dancer"] = said(resolve_units(game, fixed)[3], tr)
    omen = game.chart("bad-omen")
    ex["omen_dice"] = (2, 5)
    ex["omen_roll"] = 25
    ex["omen"] = localized(omen.lookup(ex["omen_roll"]), tr)
    # movement: through a forest, then onto plains
    forest, plains = game.terrain("forest"), game.terrain("plains")
    have_m, have_f = 5, 4
    steps = [(forest, cost(forest)), (plains, cost(plains))]
    ex["move_have"] = (have_m, have_f)
    ex["move_steps"] = [(localized(t, tr), c) for t, c in steps]
    ex["move_left"] = (have_m - sum(c[0] for _, c in steps), have_f - sum(c[1] for _, c in steps))
    mountains = game.terrain("mountains")
    ex["move_next"] = localized(mountains, tr)
    ex["move_next_cost"] = cost(mountains)
    return ex


def said(result: UnitResult, tr: Translator) -> UnitResult:
    """A unit's result with its printed words in tr's language ("Plains + Plains")."""
    words = " + ".join(tr.gettext(effect(k).name) for k in result.cell.effects) if tr is not ENGLISH else result.words
    return result._replace(unit=localized(result.unit, tr, prose()), words=words)


def outcome_groups(outcomes=plots.OUTCOMES) -> list[tuple[str, tuple]]:
    """Outcomes in groups of ten for the contents: ('01A\u201309A', (...)), ('10A\u201319A', ...)."""
    groups: dict[int, list] = {}
    for o in outcomes:
        groups.setdefault(int(o.code[:2]) // 10, []).append(o)
    return [(f"{g[0].code}\u2013{g[-1].code}", tuple(g)) for _, g in sorted(groups.items())]


def context(game, opts) -> dict:
    tr = translator(opts.lang)
    fields = prose()
    game_map = standard_map(game.id)
    features = {}
    for f in game_map.features:
        features.setdefault(f.type, []).append(f)
    units = game.rules.units
    r = rules(game)
    r.update(plot_roll=tr.gettext(r["plot_roll"]), vision_roll=tr.gettext(r["vision_roll"]))
    book = localized(BOOK_TEXT, tr, fields)
    return {
        "r": r,
        "ex": examples(game, tr),
        "noun": noun(opts.lang),
        "map": game_map,
        "start": game_map.start,
        "canada": game_map.goals,
        "fort": features["fort"][0].hexes[0],
        "fort_zone": features.get("fort-zone", [None])[0],
        "plot_hexes": sorted(((f.letter, f.hexes[0]) for f in features.get("plot", ())), key=lambda p: p[0]),
        "rivers": [f.note for f in features.get("river-edges", ()) if f.note],
        "units": localized(units, tr, fields),
        "rolling_dice": r["dice_per_unit"] * len(units),
        "tracker_dice": len(game.trackers),
        "move_rules": {what: tr.gettext(rule) for what, rule in game.text.move_rules},  # by the English name
        "move_rule_items": [(tr.gettext(what), tr.gettext(rule)) for what, rule in game.text.move_rules],
        "letters": plots.PLOT_LETTERS,
        "encounters": book.encounters,
        "outcome_groups": outcome_groups(book.outcomes),
        "vision_terrains": [(t, tr.gettext(game.terrain(t).name), tuple(v for v in book.visions if v.terrain == t))
                            for t in plots.VISION_TERRAINS],
        "house_unit_cells": [(row, units[i], c) for row in game.rules.unit_rows for i, c in enumerate(row.cells)
                             if c.house],
        "first_house_outcome": next(o.code for o in plots.OUTCOMES if o.house),
        "last_outcome": plots.OUTCOMES[-1].code,
        "last_source_outcome": [o.code for o in plots.OUTCOMES if not o.house][-1],
        "keywords": book.keywords,
    }


def house_rules(game, tr: Translator = ENGLISH):
    """House rules beyond the charts' own notes: the unit chart's cells and the plot outcomes (the
    game as the book prints it, in tr's language)."""
    out = []
    for row in game.rules.unit_rows:
        for unit, cell in zip(game.rules.units, row.cells):
            if cell.house and cell.reason:
                out.append((tr.gettext("{chart}, difference {row}, {unit}").format(
                    chart=game.chart("units").title, row=row.label, unit=unit.name),
                    " ".join(tr.gettext(s) for s in sentences(cell.reason))))
    first = next(o.code for o in plots.OUTCOMES if o.house)
    out.append((tr.gettext("Plot outcomes {first}\u2013{last}").format(first=first, last=plots.OUTCOMES[-1].code),
                tr.gettext(plots.HOUSE_REASON)))
    for ruling in game.rules.rulings:
        out.append((ruling.topic, f"{ruling.rule} {ruling.reason}"))
    return out


def map_drawers():
    return DRAWERS


# ---------------------------------------------------------------------------------------------------
# blocks: the 1872 sheet's own panels

def _panel(book: Book, build, height: float, name: str, width: float | None = None):
    fl = book.widget(build, height, width=width, name=name)
    fl = spaced(fl, 4, 9)
    return [fl]


def block_units_panel(book: Book, *args):
    return _panel(book, lambda box: units_panel(book.game, box, book.pal, tr=book.tr), 300.0, "units")


@dataclass(frozen=True)
class NamedBand(Band):
    """A chart row under the name the sheet prints for it ("<2" where a chart row would read "1−")."""

    name: str = ""

    @property
    def label(self) -> str:
        return self.name


def book_chart(chart):
    """The chart with its rows named as the game data names them for the sheet: the unit chart's rows
    carry the unit rows' own labels, so the chart, its notes and the words all say "<2", as the sheet's
    unit panel does."""
    if chart.key != "units":
        return chart
    rows = GAME.rules.unit_rows
    bands = tuple(NamedBand(b.low, b.high, b.results, b.house, name=r.label) for b, r in zip(chart.bands, rows))
    return replace(chart, bands=bands)


def block_chart_wide(book: Book, key: str):
    """A chart at full width (the unit chart's rows are long), by the sheet's chart_table; where a
    language's row does not fit one line at the body size, every row is tall enough for two lines of
    the small size (chart_table sets such a row on two lines instead of cutting it short)."""
    chart = book_chart(book.game.chart(key))
    width = book.width / WIDGET_SCALE
    row = wide_row(chart, width)
    height = w.chart_height(chart, width, row, book.tr)
    return _panel(book, lambda box: w.chart_table(chart, box, book.pal, max_row=row, tr=book.tr), height,
                  f"chart:{key}") + chart_notes(book, chart)


def wide_row(chart, width: float, row: float = 12.0) -> float:
    """The row height chart_table needs at this width: `row`, or two small lines' worth for a long row."""
    inner = width - 8
    roll_w = max(text_width(b.label, "sans-bold", w.BODY) for b in chart.bands) + 8
    texts = [", ".join(b.results) + (f" {HOUSE_MARK}" if b.house else "") for b in chart.bands]
    long = any(w.fitted(t, "sans", w.BODY, inner - roll_w)[0] != t for t in texts)
    return max(row, 2 * w.SMALL * 1.05 + 2) if long else row


def block_omen(book: Book, *args):
    chart = book.game.chart("bad-omen")
    rows = -(-len(chart.bands) // 2)
    # the widest row at the panel's text size decides how much the panel may be enlarged
    need = max(text_width(b.results[0].replace(": ", ":  "), "sans", 7.0) for b in chart.bands) + \
        text_width("00\u201300", "sans-bold", w.BODY) + 5 + text_width(" " + HOUSE_MARK, "sans", 6.5) + 4
    width = 2 * need + 8 + 8
    scale = max(1.0, min(WIDGET_SCALE, book.width / width))
    fl = book.widget(lambda box: omen_chart(chart, box, book.pal, columns=2, tr=book.tr), 12 + 6 + rows * 13.0,
                     width=book.width / scale, scale=scale, name="chart:bad-omen")
    fl = spaced(fl, 4, 9)
    return [fl] + chart_notes(book, chart)


def block_icon_key(book: Book, *args):
    n = len([e for e in book.game.text.effects if e.key not in {t.key for t in book.game.terrains}]) + 1
    return _panel(book, lambda box: icon_key(book.game, box, book.pal, tr=book.tr), 12 + 6 + -(-n // 2) * 22.0, "icon-key")


def block_terrain_panel(book: Book, *args):
    return _panel(book, lambda box: terrain_panel(book.game, box, book.pal, tr=book.tr), 84.0, "terrain-key", width=330.0)


def block_crows_panel(book: Book, *args):
    """The sheet's crow tally at the book's width (the sheet's own row is wider than a page)."""
    return _panel(book, lambda box: crow_tally(book.game, box, book.pal, CROW_BOXES_TO, tr=book.tr), 58.0, "crows")


def block_trackers(book: Book, *args):
    trackers = book.game.trackers
    n = len(trackers)
    tw, gap, height = 82.0, 6.0, 86.0

    def build(box: Box):
        x0 = box.x + (box.w - (n * tw + (n - 1) * gap)) / 2
        return [crows_tracker(t, Box(x0 + i * (tw + gap), box.y, tw, height), book.pal, lang=book.tr) for i, t in enumerate(trackers)]

    return _panel(book, build, height, "trackers")


def block_symbols(book: Book, *args):
    """The sheet's own key to the marks on its map (river edge, dashed zone, ringed plot letters...),
    drawn by the sheet's code, so the book's samples are the map's."""
    rows = 6  # river, Canada, start, Fort Benton, its zone, plot hexes
    return _panel(book, lambda box: river_key(box, book.pal, book.game, tr=book.tr), w.TITLE_BAR + 6 + rows * 16.0, "symbols",
                  width=300.0)


def block_house_rules(book: Book, *args):
    """The shared house-rules chapter, this book's own rules in the book's language."""
    rules = SimpleNamespace(house_rules=lambda game: house_rules(game, book.tr), book_chart=book_chart)
    return rulebook.block_house_rules(replace(book, module=rules), *args)


def blocks() -> dict:
    out = dict(COMMON_BLOCKS)
    out["house-rules"] = block_house_rules
    out.update({"units-panel": block_units_panel, "chart-wide": block_chart_wide, "omen": block_omen,
                "icon-key": block_icon_key, "terrain-panel": block_terrain_panel, "crows-panel": block_crows_panel,
                "trackers": block_trackers, "symbols": block_symbols})
    # the panels the sheet prints are shown as it prints them; the drawings above are for a sheet that
    # draws a panel wider than a book page can show at the sheet's size (the crows' row)
    for block, panel in (("units-panel", "units"), ("icon-key", "icon-key"), ("terrain-panel", "terrain-key"),
                         ("crows-panel", "crows"), ("symbols", "map-key")):
        out[block] = lifted(panel, out[block])
    out["omen"] = _lifted_chart("omen", "bad-omen", out["omen"])
    out["trackers"] = lambda book, *args: block_sheet_part(book, "tracker:", "trackers", fallback=block_trackers)
    return out


def _lifted_chart(panel: str, key: str, fallback):
    """The sheet's chart panel with the chart's house-rule note under it."""
    def block(book: Book, *args):
        out = block_sheet_panel(book, panel, fallback=lambda b: fallback(b, *args))
        return out + chart_notes(book, book.game.chart(key)) if len(out) == 1 else out

    return block


def cover_art(book: Book):
    return block_map(book)
