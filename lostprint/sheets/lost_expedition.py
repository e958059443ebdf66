"""The 1572: The Lost Expedition player sheet: trackers, the map, the compass, charts and keys."""
from __future__ import annotations

import math

from lostprint import __version__
from lostprint.fonts import ASCENT, DESCENT
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import Box
from lostprint.scene import Group, Path, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import SheetOptions, footer, sheet_scene, title_block
from lostprint.sheets.hexmap import hex_map, hex_swatch
from lostprint.sheets.style import MIN_TEXT, Palette

GAP = 7.0
MIN_FLATS_MM = 12.0


def morale_compass(box: Box, pal: Palette, game) -> Group:
    """A hex with the morale change printed beside each direction of travel."""
    items, inner = w.panel(box, "Morale by direction", pal, subtitle="phase 10")
    values = dict(game.get("morale_by_direction"))
    no_travel = game.get("morale_no_travel")
    note_h = MIN_TEXT * 1.6
    R = min(inner.w / 2 - 24, ((inner.h - note_h) / 2 - 11) / (hexgrid.SQRT3 / 2))
    cx = inner.x + inner.w / 2
    cy = inner.y + (inner.h - note_h) / 2
    layout = hexgrid.Layout(hexgrid.FLAT, (R, R), (cx, cy))
    items.append(Path(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill="#ffffff", stroke=pal.ink, width=0.9)))
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
        tx, ty = cx + ux * (apothem + 10), cy + uy * (apothem + 8)
        items.append(Text(tx, ty + (ASCENT - DESCENT) * 9 / 2, label, 9.0, "sans-bold", "middle",
                          pal.accent if v > 0 else pal.ink, role="compass"))
        dx, dy = cx + ux * apothem * 0.74, cy + uy * apothem * 0.74
        items.append(Text(dx, dy + (ASCENT - DESCENT) * MIN_TEXT / 2, name, MIN_TEXT, "sans", "middle", pal.soft,
                          role="compass-dir"))
    nt = f"No travel: {no_travel:+d}".replace("-", "\u2212")
    items.append(Text(cx, inner.bottom - DESCENT * MIN_TEXT, nt, MIN_TEXT + 0.5, "sans-bold", "middle", pal.ink))
    return Group(tuple(items), name="compass", box=tuple(box))


def build(game, game_map, opts: SheetOptions):
    """game data + map + options -> Scene. Pure: no files, no backend."""
    pal = opts.pal
    page = opts.content()
    header_h = w.tracker_height(62.0)
    chart_h = 118.0
    bottom_h = 140.0
    map_h = page.h - header_h - chart_h - bottom_h - 3 * GAP
    header, map_row, chart_row, bottom = page.split_y(header_h, map_h, chart_h, bottom_h, gap=GAP)

    items: list = []
    # header: title and write-ins on the left, the five trackers on the right
    n = len(game.trackers)
    tracker_w = 78.0
    title_box, trackers_box = header.split_x(0, n * tracker_w + (n - 1) * 4, gap=GAP * 2)
    tb_title, tb_fields = title_box.split_y(32, 0, gap=2)
    items.append(title_block(tb_title, game.title, "Player sheet \u2014 one sheet per game, pencil and six dice", pal))
    f1, f2 = tb_fields.split_y(0, 0, gap=4)
    a, b = f1.split_x(0, 110, gap=10)
    items.append(w.write_in(a, "Explorer", pal))
    items.append(w.write_in(b, "Date", pal))
    items.append(w.write_in(f2, "Expedition", pal))
    move_note = f"{game.get('move_cost')} per hex \u00b7 {game.get('trail_cost')} by trail"
    for tr, box in zip(game.trackers, trackers_box.split_x(*([0] * n), gap=4)):
        items.append(w.tracker(tr, box, pal, scale_label=move_note if tr.key == "movement" else ""))

    # map row: the map, then a side column with the compass and the day track
    side_w = 156.0
    map_box, side = map_row.split_x(0, side_w, gap=GAP)
    max_flats = None
    group, ctx = hex_map(game_map, game, map_box, pal, max_flats=max_flats)
    items.append(group)
    compass_box, planning_box = side.split_y(0, 62, gap=GAP)
    items.append(morale_compass(compass_box, pal, game))
    items.append(w.dice_key(game.chart("planning"), planning_box, pal))

    # the six phase charts
    phase_charts = [c for c in game.charts if c.key != "planning"]
    for chart, box in zip(phase_charts, chart_row.split_x(*w.chart_widths(phase_charts, chart_row.w, 5), gap=5)):
        items.append(w.chart_table(chart, box, pal, max_row=10.5))

    # bottom row: planning key, expeditions, terrain key, symbol key
    d_box, e_box, t_box, s_box = bottom.split_x(128, 0, 162, 232, gap=5)
    items.append(w.day_track(game.day_limit, game.get("days_per_week"), d_box, pal))
    items.append(w.rows_table("Expedition", (), [(str(o.roll), o.name, o.effect) for o in game.options],
                              (0.07, 0.25, 0.68), e_box, pal, subtitle="roll 1d6 at set-up", name="expeditions"))
    items.append(w.key_list([(t, t.name, t.effect) for t in game.terrains], t_box, pal, "Terrain",
                            swatch=lambda t, cx, cy, s: hex_swatch(t, cx, cy, s, pal), name="terrain-key"))
    items.append(w.key_list([(s.key, s.name, s.meaning) for s in game.symbols], s_box, pal, "Symbols",
                            columns=2, name="symbol-key"))
    items.append(footer(opts, f"lostprint {__version__} \u00b7 map: {game_map.name}"
                        + (f" (seed {game_map.seed})" if game_map.seed is not None else "")
                        + " \u00b7 win: reach the delta by day 42 \u00b7 score 1 per mapped hex, + conquistadors on a win",
                        pal))
    return sheet_scene(items, opts, game, game_map)
