"""The 1572: The Lost Expedition player sheet: trackers, the map, the compass, charts and keys."""
from __future__ import annotations

import math
from dataclasses import replace

from lostprint.errors import UsageError
from lostprint.fonts import ASCENT, DESCENT, text_width
from lostprint.games.model import HOUSE_MARK
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box
from lostprint.i18n import ENGLISH, N_, Translator, localized, translator
from lostprint.scene import Group, Path, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import (SheetOptions, foot_room, house_note, back_label, by_sides, foot_credit, foot_line,
                                     ruled, side_content, title_block, variant_name)
from lostprint.sheets.hexmap import hex_map, hex_swatch, map_sample
from lostprint.sheets.icons import icon
from lostprint.sheets.layout import GAP as PGAP
from lostprint.sheets.layout import (Panel, chart_panel, key_columns, key_height, map_with_panels, score_height,
                                     table_height, with_most_panels)
from lostprint.sheets.style import MIN_TEXT, Palette

GAP = 7.0
# the compass's words (hexgrid names the directions in English; each is translated where printed)
DIRECTIONS = (N_("N"), N_("NE"), N_("SE"), N_("S"), N_("SW"), N_("NW"))
MIN_FLATS_MM = 12.0


def morale_phase(game) -> int:
    """The morale phase's number, found in the English game data."""
    return next(p.number for p in game.phases if p.name.startswith("Morale"))


COMPASS_CLEAR = 3.0  # paper between the morale compass's hex and the change printed by each side


def morale_compass(box: Box, pal: Palette, game, tr: Translator = ENGLISH, phase: int | None = None) -> Group:
    """A hex with the morale change printed beside each direction of travel (`phase`: the morale phase's
    number, looked up in `game` when it is in English)."""
    phase = phase if phase is not None else morale_phase(game)
    items, inner = w.panel(box, tr.gettext("Morale by direction"), pal,
                           subtitle=tr.gettext("phase {number}").format(number=phase))
    values = dict(game.rules.morale_by_direction)
    no_travel = game.rules.morale_no_travel
    note_h = MIN_TEXT * 1.6
    size = 9.0
    R = min(inner.w / 2 - 24, ((inner.h - note_h) / 2 - COMPASS_CLEAR - size - 1) / (hexgrid.SQRT3 / 2))
    cx = inner.x + inner.w / 2
    cy = inner.y + (inner.h - note_h) / 2
    layout = hexgrid.Layout(hexgrid.FLAT, (R, R), (cx, cy))
    items.append(Path(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill=pal.paper, stroke=pal.ink, width=0.9)))
    apothem = R * hexgrid.SQRT3 / 2
    unit = hexgrid.Layout(hexgrid.FLAT, (1, 1), (0, 0))
    for name in hexgrid.FLAT_ORDER:
        nx, ny = hexgrid.hex_to_pixel(unit, hexgrid.FLAT_DIRECTIONS[name])
        norm = math.hypot(nx, ny)
        ux, uy = nx / norm, ny / norm
        items.append(Path(((cx + ux * apothem * 0.18, cy + uy * apothem * 0.18),
                           (cx + ux * apothem * 0.5, cy + uy * apothem * 0.5)),
                          Style(fill=None, stroke=pal.faint, width=0.8), closed=False))
        v = values[name]
        label = f"{v:+d}".replace("-", "\u2212")
        # the change's box as far out from its side as the box reaches towards it, and COMPASS_CLEAR more
        out = COMPASS_CLEAR + abs(ux) * text_width(label, "sans-bold", size) / 2 + abs(uy) * size / 2
        tx, ty = cx + ux * (apothem + out), cy + uy * (apothem + out)
        items.append(Text(tx, ty + (ASCENT - DESCENT) * size / 2, label, size, "sans-bold", "middle",
                          pal.accent if v > 0 else pal.ink, role="compass"))
        dx, dy = cx + ux * apothem * 0.74, cy + uy * apothem * 0.74
        items.append(Text(dx, dy + (ASCENT - DESCENT) * MIN_TEXT / 2, tr.gettext(name), MIN_TEXT, "sans", "middle", pal.soft,
                          role="compass-dir"))
    nt = tr.gettext("No travel: {change}").format(change=f"{no_travel:+d}".replace("-", "\u2212")) + (f" {HOUSE_MARK}" if any(r.key == "no-travel-morale" for r in game.text.rulings) else "")
    items.append(Text(cx, inner.bottom - DESCENT * MIN_TEXT, nt, MIN_TEXT + 0.5, "sans-bold", "middle", pal.ink))
    return Group(tuple(items), name="compass", box=tuple(box))


MAP_FLATS_MM = 20.5  # the largest hexes the map is drawn with; the paper's width usually decides
SMALL_MAP_MM = 26.0  # a small variant map is enlarged up to this on side 1
MAP_PAD = 9.0  # room round the hexes for the column letters and row numbers
def score_terms(game, tr: Translator) -> list[tuple[str, str]]:
    """The scoring terms, read from the game data (the validator scores the same way)."""
    _ = tr.gettext
    per_hex = game.rules.score_per_hex
    wonder = game.rules.score_per_wonder
    terms = [(_("Hexes mapped"), _("{points} each").format(points=per_hex))]
    lagos = game.rules.lagos_hexes
    if lagos:
        terms[0] = (_("Hexes mapped"), ruled(_("{points} each; the {lagos} Lagos de Oro hexes count as one").format(
            points=per_hex, lagos=lagos), game, "lagos-one-hex"))
    terms.append((_("Conquistadors left"), _("on a win: {points} each").format(points=game.rules.score_per_conquistador)))
    terms.append((_("Natural Wonders"), _("on a win: {points} each").format(points=wonder)))
    return terms


def front_panels(game, pal: Palette, tr: Translator, phase: int) -> list:
    """What side 1 holds beside the map and the trackers: days, morale, score and terrain, each with
    the least width it reads at and the height it needs."""
    terrain = [(t, t.name, t.effect) for t in game.terrains]
    weeks = -(-game.day_limit // game.days_per_week)
    return [
        Panel("days", 150.0, lambda wd: w.TITLE_BAR + 6 + weeks * min(21.0, (wd - 8 - 30) / game.days_per_week) + 2,
              lambda box: w.day_track(game.day_limit, game.days_per_week, box, pal, tr.gettext("Week"), tr),
              max_w=200.0),
        Panel("compass", 140.0, lambda wd: 128.0, lambda box: morale_compass(box, pal, game, tr, phase), max_w=190.0),
        Panel("score", 150.0, lambda wd: score_height(score_terms(game, tr), wd),
              lambda box: w.score_box(score_terms(game, tr), box, pal, tr.gettext("Score"),
                                      subtitle=tr.gettext("at the end"), tr=tr), max_w=220.0),
        Panel("terrain-key", 170.0, lambda wd: key_height(terrain, wd),
              lambda box: w.key_list(terrain, box, pal, tr.gettext("Terrain"), columns=key_columns(box.w),
                                     swatch=lambda t, cx, cy, s: hex_swatch(t, cx, cy, s, pal), name="terrain-key"),
              spread=True),
    ]


def tracker_widths(game, least: float, tr: Translator) -> tuple[str, list[float]]:
    """The movement tracker's note and each tracker's width: as wide as its name (at least `least`), and
    the movement tracker as its note, in any language."""
    note = tr.gettext("{cost} per hex \u00b7 {trail} by trail").format(cost=game.rules.move_cost,
                                                                        trail=game.rules.trail_cost)
    return note, [max(w.tracker_width(track, least), text_width(note, "sans", w.SMALL) + 2
                      if track.key == "movement" else 0) for track in game.trackers]


def header_fields(game, fields: Box, date_w: float, date_gap: float, trackers: Box, widths: list[float], note: str,
                  pal: Palette, die, tr: Translator) -> list:
    """The explorer, date and expedition write-ins in `fields` and the trackers side by side in `trackers`."""
    _ = tr.gettext
    f1, f2 = fields.split_y(0, 0, gap=3)
    a, b = f1.split_x(0, date_w, gap=date_gap)
    items = [w.write_in(a, _("Explorer"), pal), w.write_in(b, _("Date"), pal), w.write_in(f2, _("Expedition"), pal)]
    for track, box in zip(game.trackers, trackers.split_x(*widths, gap=4)):
        items.append(w.tracker(track, box, pal, scale_label=note if track.key == "movement" else "", piece=die,
                               lang=tr))
    return items


def front(game, game_map, opts: SheetOptions, phase: int) -> list:
    """Side 1: title and trackers, the map across the page, then days, morale, score and terrain."""
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    page = side_content(opts)
    die = game.piece("die")
    header_h = w.tracker_height(0, die)
    header, body = page.split_y(header_h, 0, gap=GAP)

    items: list = []
    n = len(game.trackers)
    move_note, widths = tracker_widths(game, 76.0, tr)
    title_box, trackers_box = header.split_x(0, sum(widths) + (n - 1) * 4, gap=GAP * 2)
    tb_title, tb_fields = title_box.split_y(44 if variant_name(game_map) else 34, 0, gap=2)
    items.append(title_block(tb_title, game.title, _("Player sheet, side 1 of 2 (charts on side 2) \u00b7 "
                                                        "a pencil, {count} dice").format(count=die.count),
                             pal, variant=variant_name(game_map, tr)))
    items += header_fields(game, tb_fields, 110, 10, trackers_box, widths, move_note, pal, die, tr)

    size, map_box, placed = map_with_panels(game_map, body, front_panels(game, pal, tr, phase), MIN_FLATS_MM, SMALL_MAP_MM,
                                            MAP_PAD)
    group, _context = hex_map(game_map, game, map_box, pal, max_flats=size * hexgrid.SQRT3 + 0.01, coords=True,
                       label_pad=MAP_PAD, start_label=_("Start"), tr=tr)
    items.append(group)
    items += [p.draw(box) for p, box in placed]
    items.append(foot_line(opts, foot_credit(game, _("side 1 of 2"), tr), pal, left=game.text.footer_text))
    return items


def symbol_swatch(pal: Palette):
    """A symbol key's drawing: the map's own river and cataract where the map draws them, else the icon.
    A sample is wider than an icon's square (the river's spring dot): drawn smaller and a little right,
    into the gap before its words, it keeps as clear of the panel's frame as the icons do."""
    def draw(key, cx, cy, size):
        return map_sample(key, cx + size * 0.15, cy, size * 0.85, pal) or icon(key, cx, cy, size * 0.95, pal.ink)
    return draw


def phase_list(game, box: Box, pal: Palette, tr: Translator) -> Group:
    """The day, phase by phase: number, name and what happens."""
    items, inner = w.panel(box, tr.gettext("A day"), pal,
                           subtitle=tr.gettext("{count} phases, in order").format(count=len(game.phases)), name="phases")
    row_h = inner.h / len(game.phases)
    num_w = 12.0
    for i, ph in enumerate(game.phases):
        top = inner.y + i * row_h
        items.append(w.text_in(inner.x + num_w - 3, top, row_h, str(ph.number), w.BODY, "sans-bold", "end",
                               pal.accent, role="phase"))
        head = f"{ph.name}: "
        size = w.SMALL
        lines = w.wrap_after_head(head, ph.summary, size, inner.w - num_w)
        if len(lines) > 2:
            lines = lines[:2]
            lines[1], _ = w.fitted(lines[1] + "\u2026", "sans", size, inner.w - num_w)
        y = top + (row_h - len(lines) * size * 1.12) / 2 + ASCENT * size
        x = inner.x + num_w
        items.append(Text(x, y, head.strip(), size, "sans-bold", fill=pal.ink, role="phase-name"))
        for j, line in enumerate(lines):
            if line:
                items.append(Text(x + (text_width(head, "sans-bold", size) if j == 0 else 0), y + j * size * 1.12,
                                  line, size, "sans", fill=pal.soft))
    return Group(tuple(items), name="phases", box=tuple(box))


def back(game, game_map, opts: SheetOptions) -> list:
    """Side 2, the reference: the phase charts and the planning key, the day's phases, expeditions and
    symbols."""
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    page = side_content(opts)
    phase_charts = [c for c in game.charts if c.key != "planning"]
    half = -(-len(phase_charts) // 2)
    row_a, row_b = phase_charts[:half], phase_charts[half:]
    planning_w = 150.0
    row_h = max(w.chart_height(c, (page.w - planning_w) / len(row_b), row=14.0, tr=tr) for c in phase_charts)
    head, charts_a, charts_b, bottom = page.split_y(34, row_h, row_h, 0, gap=GAP)
    items: list = [title_block(head, _("{title} \u2014 reference").format(title=game.title),
                               _("{side}: the charts, phase by phase").format(side=back_label(opts)[0]), pal)]
    for chart, box in zip(row_a, charts_a.split_x(*w.chart_widths(row_a, charts_a.w, GAP, tr), gap=GAP)):
        items.append(w.chart_table(chart, box, pal, max_row=14.0, tr=tr))
    charts_row, p_box = charts_b.split_x(0, planning_w, gap=GAP)
    for chart, box in zip(row_b, charts_row.split_x(*w.chart_widths(row_b, charts_row.w, GAP, tr), gap=GAP)):
        items.append(w.chart_table(chart, box, pal, max_row=14.0, tr=tr))
    items.append(w.dice_key(game.chart("planning"), p_box, pal, columns=1))
    ph_box, e_box, s_box = bottom.split_x(280, 0, 230, gap=GAP)
    items.append(phase_list(game, ph_box, pal, tr))
    items.append(w.rows_table(_("Expedition"), (), [(str(o.roll), o.name, o.effect) for o in game.options],
                              (0.07, 0.25, 0.68), e_box, pal, subtitle=_("roll 1d6 at set-up"), name="expeditions"))
    items.append(w.key_list([(s.key, s.name, s.meaning) for s in game.symbols], s_box, pal, _("Symbols"),
                            columns=1, name="symbol-key", swatch=symbol_swatch(pal)))
    items.append(foot_line(opts, foot_credit(game, back_label(opts)[1], tr), pal, left=f"{HOUSE_MARK} {house_note(tr)}",
                           left_color=pal.house))
    return items


SIDES = ("2", "1", "ref")  # the formats this sheet prints in (--sides)
TRANSLATED = True  # every word it prints goes through the catalogs (tests/test_i18n.py)


def with_rulings_marked(game):
    """The (translated) game with the house mark where its rulings read the source: the Interests rows
    whose effect the data marks (Lagos de Oro, Migration, Princess Kantyi, Diego Mendoza) and the lake's
    discarded village results (a Peaceful Village too)."""
    house = {name for name, effect in game.text.interest_effects if HOUSE_MARK in effect}
    charts = tuple(replace(c, bands=tuple(replace(b, house=b.house or b.results[0] in house) for b in c.bands))
                   if c.key == "interests" else c for c in game.charts)
    terrains = tuple(replace(t, effect=ruled(t.effect, game, "lake-peaceful")) if t.key == "lake" else t
                     for t in game.terrains)
    return replace(game, charts=charts, terrains=terrains)


def build(game, game_map, opts: SheetOptions):
    """game data + map + options -> a two-sided Scene (side 2 is Scene.pages[0]). Pure."""
    phase = morale_phase(game)
    game = with_rulings_marked(localized(game, translator(opts.lang)))
    return by_sides(opts, game, game_map, lambda: front(game, game_map, opts, phase), lambda: back(game, game_map, opts),
                    lambda: one_page(game, game_map, opts, phase))


# --- one page with everything ------------------------------------------------------------------------

ONE_PAGE_MIN_MM = 15.0  # the one-page sheet's hexes: at least this across the flats


def phase_list_height(game, width: float) -> float:
    """What phase_list needs: a row a phase, each as tall as the longest (at most two lines)."""
    lines = max(len(w.wrap_after_head(f"{ph.name}: ", ph.summary, w.SMALL, width - 8 - 12)) for ph in game.phases)
    return w.TITLE_BAR + 6 + len(game.phases) * (min(lines, 2) * w.SMALL * 1.12 + 2.5) \
        if lines <= 2 else 10_000.0


def one_page(game, game_map, opts: SheetOptions, phase: int) -> list:
    """Everything on one page: the trackers and the planning dice over the map (hexes as large as the
    page allows, at least ONE_PAGE_MIN_MM), then days, score, morale, terrain, every chart, the day's
    phases, the expeditions and the symbols, each at its natural size, in columns beside and under it."""
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    page = side_content(opts)
    die = game.piece("die")
    header_h = w.tracker_height(0, die)
    header, body = page.split_y(header_h, 0, gap=PGAP)
    n = len(game.trackers)
    move_note, widths = tracker_widths(game, 68.0, tr)
    planning = game.chart("planning")
    title_box, trackers_box, plan_box = header.split_x(185, sum(widths) + (n - 1) * 4, 0, gap=PGAP)
    items: list = []
    variant = variant_name(game_map, tr)
    tb_title, tb_fields = title_box.split_y(34, 0, gap=2)
    items.append(title_block(tb_title, game.title, "" if variant else _(
        "Player sheet, one page \u00b7 a pencil, {count} dice").format(count=die.count), pal, variant=variant))
    items += header_fields(game, tb_fields, 70, 8, trackers_box, widths, move_note, pal, die, tr)
    items.append(w.dice_key(planning, plan_box, pal, columns=2))

    terrain = [(t, t.name, t.effect) for t in game.terrains]
    symbols = [(s.key, s.name, s.meaning) for s in game.symbols]
    expeditions = [(str(o.roll), o.name, o.effect) for o in game.options]
    widths = (0.07, 0.25, 0.68)
    panels = [
        Panel("days", 140.0, lambda wd: w.TITLE_BAR + 6 + 6 * min(20.0, (wd - 8 - 30) / 7) + 2,
              lambda box: w.day_track(game.day_limit, game.days_per_week, box, pal, _("Week"), tr)),
        Panel("score", 140.0, lambda wd: score_height(score_terms(game, tr), wd),
              lambda box: w.score_box(score_terms(game, tr), box, pal, _("Score"), subtitle=_("at the end"), tr=tr)),
        Panel("compass", 140.0, lambda wd: 128.0, lambda box: morale_compass(box, pal, game, tr, phase), max_w=190.0),
        Panel("terrain-key", 140.0, lambda wd: key_height(terrain, wd),
              lambda box: w.key_list(terrain, box, pal, _("Terrain"), columns=1,
                                     swatch=lambda t, cx, cy, s: hex_swatch(t, cx, cy, s, pal), name="terrain-key")),
        *[chart_panel(c, pal, tr=tr) for c in game.charts if c.key != "planning"],
    ]
    optional = [  # on the reference card too: here when the page has room for them
        Panel("phases", 170.0, lambda wd: phase_list_height(game, wd), lambda box: phase_list(game, box, pal, tr)),
        Panel("symbol-key", 170.0, lambda wd: key_height(symbols, wd),
              lambda box: w.key_list(symbols, box, pal, _("Symbols"), columns=1, name="symbol-key",
                                     swatch=symbol_swatch(pal))),
        Panel("expeditions", 170.0, lambda wd: table_height(expeditions, widths, wd),
              lambda box: w.rows_table(_("Expedition"), (), expeditions, widths, box, pal, subtitle=_("roll 1d6 at set-up"),
                                       name="expeditions")),
    ]

    def regions(map_box):
        return [Box(map_box.right + PGAP, map_box.y, body.right - map_box.right - PGAP, map_box.h),
                Box(body.x, map_box.bottom + PGAP, body.w, body.bottom - map_box.bottom - PGAP)]

    found = with_most_panels(game_map, body, regions, panels, optional, ONE_PAGE_MIN_MM, MAP_FLATS_MM, MAP_PAD)
    if found is None:
        raise UsageError(f"{game.title}: this map is too large for a one-page sheet with hexes of "
                         f"{ONE_PAGE_MIN_MM:g} mm: print it two-sided (--sides 2)")
    size, map_box, placed, left_out = found
    group, _context = hex_map(game_map, game, map_box, pal, max_flats=size * hexgrid.SQRT3 + 0.01, coords=True,
                       label_pad=MAP_PAD, start_label=_("Start"), tr=tr)
    items.append(group)
    items += [p.draw(box) for p, box in placed]
    missing = [{"phases": _("the day's phases"), "symbol-key": _("the symbols"), "expeditions": _("the expeditions")}[p.name]
               for p in left_out]
    right = foot_credit(game, _("one page"), tr)
    note = _("on the reference card: {parts}").format(parts=", ".join(missing)) + " \u00b7 " if missing else ""
    if note and text_width(note + game.text.footer_text, "sans-italic", MIN_TEXT) > foot_room(opts, right):
        note = _("more on the reference card") + " \u00b7 "  # a long language: the short form
    items.append(foot_line(opts, right, pal, left=note + game.text.footer_text))
    return items
