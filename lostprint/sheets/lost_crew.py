"""The 1672: The Lost Crew player sheet: supplies, island cubes, the sea map, the crew, the task
board, the weather track and the dice charts."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import NamedTuple

from lostprint.errors import UsageError
from lostprint.fonts import ASCENT, DESCENT, text_width
from lostprint.games.model import HOUSE_MARK
from lostprint.i18n import ENGLISH, N_, Translator, after_label, localized, translator
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text
from lostprint.sheets import widgets as w
from lostprint.sheets.common import (SheetOptions, back_label, by_sides, foot_credit, foot_line, foot_room, house_note,
                                     ruled, ruling_keys, side_content, title_block, variant_name)
from lostprint.sheets.hexmap import MapContext, clear_of_corner, hex_label_lines, hex_map, hex_swatch
from lostprint.sheets.icons import icon
from lostprint.sheets.layout import Panel, largest_map, map_with_panels, pack, score_height, table_height
from lostprint.sheets.pieces import round_slot, slot_size, square_slot
from lostprint.sheets.style import MIN_TEXT, Palette, boxed, fill, stroke, terrain_style

GAP = 7.0
SMALL = MIN_TEXT
ISLAND_TERRAIN = {"small": "small-island", "medium": "medium-island", "large": "large-island"}


def _band(pal: Palette) -> str:
    return pal.zebra


# --- small drawings ------------------------------------------------------------------------------


def island_glyph(cx: float, cy: float, size: float, pal: Palette) -> list:
    """A sandy islet with a palm tree, about `size` wide."""
    ink = pal.soft
    sand = pal.sand
    items: list = [Path(tuple((cx + size * 0.46 * math.cos(a / 18 * math.pi), cy + size * 0.16
                               + size * 0.13 * math.sin(a / 18 * math.pi)) for a in range(36)),
                        Style(fill=sand, stroke=ink, width=0.6))]
    base = (cx - size * 0.04, cy + size * 0.16)
    crown = (cx + size * 0.04, cy - size * 0.3)
    items.append(Path((base, (cx + size * 0.06, cy - size * 0.06), crown),
                      Style(fill=None, stroke=ink, width=max(0.7, size * 0.05)), closed=False))
    for dx, dy in ((-0.26, -0.16), (-0.2, -0.36), (0.24, -0.38), (0.3, -0.16)):
        tip = (cx + size * dx, cy + size * dy)
        mid = ((crown[0] + tip[0]) / 2, (crown[1] + tip[1]) / 2 - size * 0.07)
        items.append(Path((crown, mid, tip), Style(fill=None, stroke=ink, width=max(0.6, size * 0.045)),
                          closed=False))
    return items


def waves(cx: float, cy: float, size: float, color: str) -> list:
    """Two short wave strokes."""
    out = []
    for oy, ox in ((-0.1, -0.08), (0.12, 0.1)):
        pts = tuple((cx + (ox - 0.3 + i * 0.075) * size, cy + (oy + 0.05 * math.sin(i * math.pi / 2)) * size)
                    for i in range(9))
        out.append(Path(pts, Style(fill=None, stroke=color, width=max(0.5, size * 0.05)), closed=False))
    return out


def burial_x(cx: float, cy: float, size: float, color: str) -> list:
    r = size * 0.32
    st = Style(fill=None, stroke=color, width=max(0.9, size * 0.1))
    return [Line(cx - r, cy - r, cx + r, cy + r, st), Line(cx - r, cy + r, cx + r, cy - r, st)]


def route_dots(x0: float, y0: float, x1: float, y1: float, color: str, width: float = 1.3) -> Line:
    return Line(x0, y0, x1, y1, Style(fill=None, stroke=color, width=width, dash=(0.1, 2.6), cap="round"))


def infinity_box(x: float, y: float, side: float, pal: Palette) -> list:
    """The box to tick when an island's supply of a resource is unlimited."""
    return [Rect(x, y, side, side, Style(fill=pal.panel, stroke=pal.ink, width=0.8,
                                         dash=(2.0, 1.4)), radius=side / 2, role="infinity-box"),
            w.text_in(x + side / 2, y, side, "\u221e", side * 0.62, "sans", "middle",
                      pal.faint, role="infinity")]


# --- map feature drawers ---------------------------------------------------------------------------


def draw_island(f, ctx: MapContext) -> list:
    """An island feature: its hexes tinted as its size, with a palm islet (low in the start hex, under
    the start marker)."""
    terrain = ctx.game.terrain(ISLAND_TERRAIN.get(f.size or "small", "small-island"))
    items: list = []
    for lab in f.hexes:
        items.append(Path(tuple(ctx.corners(lab)), terrain_style(terrain, ctx.pal, width=0.9), role="island"))
        cx, cy = ctx.center(lab)
        dy = ctx.size * 0.42 if lab == ctx.game_map.start else ctx.size * 0.05
        items.append(Group(tuple(island_glyph(cx + ctx.size * 0.02, cy + dy, ctx.size * 0.56, ctx.pal)), name="icon:islet"))
    return items


def draw_natives(f, ctx: MapContext) -> list:
    """Natives on an island: the dark dot the rules ask for."""
    return [Circle(*ctx.center(lab), ctx.size * 0.14, fill(ctx.pal.ink), role="natives") for lab in f.hexes]


def draw_start_sea(f, ctx: MapContext) -> list:
    sea = ctx.game.terrain("sea")
    items: list = []
    for lab in f.hexes:
        items.append(Path(tuple(ctx.corners(lab)), terrain_style(sea, ctx.pal, width=0.9), role="start-sea"))
        items += waves(*ctx.center(lab), ctx.size * 0.7, ctx.pal.waves)
    return items


def draw_shoals(f, ctx: MapContext) -> list:
    """Pre-printed shoals (variant maps)."""
    shoals = ctx.game.terrain("shoals")
    return [Path(tuple(ctx.corners(lab)), terrain_style(shoals, ctx.pal, width=0.9), role="shoals") for lab in f.hexes]


def draw_exit(f, ctx: MapContext) -> list:
    """An exit hex: a solid outline (as the map's goals are drawn), an arrow out to the west, "EXIT"."""
    items: list = []
    color = ctx.pal.accent
    s = ctx.size
    for lab in f.hexes:
        items.append(Path(tuple(ctx.corners(lab)), Style(fill=None, stroke=color, width=2.0), role="exit"))
        cx, cy = ctx.center(lab)
        tip, tail = cx - s * 0.2, cx + s * 0.52  # right of the centre: the left corner holds the coordinate
        ay = cy - s * 0.08
        items.append(Group((  # on a small hex the arrow gives way to the coordinate (hexmap.clear_corners)
            Line(tip + s * 0.1, ay, tail, ay, Style(fill=None, stroke=color, width=max(1.0, s * 0.07)), role="exit-arrow"),
            Path(((tip, ay), (tip + s * 0.2, ay - s * 0.13), (tip + s * 0.2, ay + s * 0.13)),
                 Style(fill=color, stroke=None, width=0), role="exit-arrow")), name="icon:exit-arrow"))
        items.extend(clear_of_corner(ctx, lab, [  # a hex too small for the word and the coordinate: its outline
            lambda dx: hex_label_lines(ctx, lab, s * 0.5, ctx.tr.gettext("EXIT"), max(SMALL, s * 0.22), "sans-bold", color, dx=dx),
            lambda dx: []], others=items[-1:]))  # and arrow say it
    return items


MAP_DRAWERS = {"island": draw_island, "start-sea": draw_start_sea, "natives": draw_natives,
               "shoals": draw_shoals, "exit": draw_exit}


# --- panels ----------------------------------------------------------------------------------------


def weather_track(chart, box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """The weather chart as a track: die face, weather, the cube's square, and what it does today."""
    _ = tr.gettext
    effects = {e.weather: e for e in game.rules.weather_track}
    items, inner = w.panel(box, _("{title} track").format(title=chart.title), pal,
                           subtitle=_("{roll} \u00b7 phase {phase} \u00b7 sets phases {phases} \u00b7 start: {start}").format(
                               roll=chart.roll, phase=chart.phase, phases=", ".join(map(str, game.rules.weather_phases)),
                               start=game.text.weather_start))
    y = inner.y
    die = 10.0
    name_w = max(text_width(b.results[0], "sans-bold", w.BODY) for b in chart.bands) + 4
    cube = 11.0
    heads = (_("Movement"), _("Drink"), _("Fish"))
    col_drink = text_width(heads[1], "sans-bold", SMALL) + 8
    col_fish = text_width(heads[2], "sans-bold", SMALL) + 2
    x_name = inner.x + die + 4
    x_cube = x_name + name_w
    x_move = x_cube + cube + 6
    x_fish = inner.right - col_fish
    x_drink = x_fish - col_drink
    move_w = x_drink - x_move - 5
    items.append(Text(x_move, y + ASCENT * SMALL, heads[0], SMALL, "sans-bold", fill=pal.soft))
    for x, h, cw in ((x_drink, heads[1], col_drink), (x_fish, heads[2], col_fish)):
        items.append(Text(x + cw / 2 - 1, y + ASCENT * SMALL, h, SMALL, "sans-bold", "middle", fill=pal.soft))
    items.append(Text(x_name, y + ASCENT * SMALL, _("Weather"), SMALL, "sans-bold", fill=pal.soft))
    y += SMALL + 2.5
    lines_of = [w.wrap_text(effects[b.results[0]].movement, "sans", SMALL, move_w) for b in chart.bands]
    need = [max(1, len(ls)) * SMALL * 1.1 + 3.5 for ls in lines_of]
    scale = (inner.bottom - y) / sum(need)
    top = y
    for i, (band, lines) in enumerate(zip(chart.bands, lines_of)):
        eff = effects[band.results[0]]
        row_h = need[i] * scale
        if i % 2 == 0:
            items.append(Rect(inner.x - 2, y, inner.w + 4, row_h, fill(_band(pal))))
        cy = y + row_h / 2
        items += w.die_face(band.low, inner.x, cy - die / 2, die, pal)
        items.append(w.text_in(x_name, y, row_h, band.results[0], w.BODY, "sans-bold", color=pal.ink,
                               role="result"))
        if eff.cube:
            items.append(Rect(x_cube, cy - cube / 2, cube, cube, boxed(pal.paper, pal.ink, 0.8), radius=1.2,
                              role="weather-box"))
        else:
            items.append(w.text_in(x_cube + cube / 2, y, row_h, "\u21ba", w.BODY, "sans", "middle", pal.soft))
        block = len(lines) * SMALL * 1.1
        ty = y + (row_h - block) / 2 + ASCENT * SMALL + 0.2
        for j, line in enumerate(lines):
            items.append(Text(x_move, ty + j * SMALL * 1.1, line, SMALL, "sans", fill=pal.ink))
        for x, val, cw in ((x_drink, eff.drink, col_drink), (x_fish, eff.fish, col_fish)):
            if val:
                items.append(w.text_in(x + cw / 2 - 1, y, row_h, val, SMALL, "sans", "middle", color=pal.ink))
        y += row_h
    for x in (x_move - 3, x_drink - 3, x_fish - 3):
        items.append(Line(x, top, x, y, stroke(pal.faint, 0.4)))
    return Group(tuple(items), name=f"chart:{chart.key}", box=tuple(box))


def direction_compass(chart, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The die-to-direction chart as a hex: each face's number beside the side it points through."""
    items, inner = w.panel(box, chart.title, pal, house=chart.house, subtitle=chart.roll)
    note_lines = w.wrap_text(chart.modifier, "sans-italic", SMALL, inner.w)  # every line: the compass shrinks
    note_h = len(note_lines) * SMALL * 1.1 + 2
    area_h = inner.h - note_h
    num = 8.5
    R = min((inner.w - 2 * (num + 4)) / 2, (area_h - 2 * (num + 2)) / hexgrid.SQRT3)
    cx = inner.x + inner.w / 2
    cy = inner.y + area_h / 2
    layout = hexgrid.Layout(hexgrid.FLAT, (R, R), (cx, cy))
    items.append(Path(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill=pal.paper, stroke=pal.ink, width=0.9)))
    apothem = R * hexgrid.SQRT3 / 2
    unit = hexgrid.Layout(hexgrid.FLAT, (1, 1), (0, 0))
    directions = {tr.gettext(name): step for name, step in hexgrid.FLAT_DIRECTIONS.items()}  # by its printed name
    for band in chart.bands:
        name = band.results[0]
        nx, ny = hexgrid.hex_to_pixel(unit, directions[name])
        norm = math.hypot(nx, ny)
        ux, uy = nx / norm, ny / norm
        dx, dy = cx + ux * apothem * 0.68, cy + uy * apothem * 0.68
        items.append(Text(dx, dy + (ASCENT - DESCENT) * SMALL / 2, name, SMALL, "sans", "middle", pal.soft,
                          role="result"))
        tx, ty = cx + ux * (apothem + num * 0.75), cy + uy * (apothem + num * 0.7)
        items.append(Text(tx, ty + (ASCENT - DESCENT) * num / 2, band.label, num, "sans-bold", "middle", pal.accent,
                          role="band"))
    items.append(icon("arrow", cx, cy, R * 0.34, pal.ink))
    for j, line in enumerate(note_lines):
        items.append(Text(inner.x + inner.w / 2, inner.bottom - note_h + 2 + ASCENT * SMALL + j * SMALL * 1.1,
                          line, SMALL, "sans-italic", "middle", pal.soft))
    return Group(tuple(items), name=f"chart:{chart.key}", box=tuple(box))


def map_key(box: Box, pal: Palette, game) -> Group:
    """What to draw on the map: each terrain as a tinted (or hatched) hex, then natives, route, burial."""
    items, inner = w.panel(box, "Map key", pal, subtitle="draw in pencil")
    terrains = {t.key: t for t in game.terrains}
    symbols = {s.key: s for s in game.symbols}
    notes = dict(game.rules.map_key_notes)
    keys = game.rules.map_key
    row_h = inner.h / len(keys)
    sw = min(13.0, row_h - 2)
    for i, key in enumerate(keys):
        y = inner.y + i * row_h
        cx, cy = inner.x + sw / 2 + 1, y + row_h / 2
        if key in terrains:
            name = terrains[key].name
            items.append(hex_swatch(terrains[key], cx, cy, sw, pal))
        else:
            name = symbols[key].name
            items.append(key_swatch(key, cx, cy, sw, pal, game))
        tx = inner.x + sw + 6
        note = notes.get(key, "")
        inline = not note or text_width(f"{name}  {note}", "sans-bold", w.BODY) <= inner.right - tx
        if inline:
            items.append(w.text_in(tx, y, row_h, name, w.BODY, "sans-bold", color=pal.ink, role="key-name"))
            if note:
                items.append(w.text_in(inner.right, y, row_h, note, SMALL, "sans", "end", pal.soft))
        else:  # the note goes under the name
            block = w.BODY + SMALL * 1.1
            top = y + (row_h - block) / 2
            items.append(Text(tx, top + ASCENT * w.BODY, name, w.BODY, "sans-bold", fill=pal.ink, role="key-name"))
            items.append(Text(tx, top + w.BODY + 0.6 + ASCENT * SMALL, note, SMALL, "sans", fill=pal.soft))
    return Group(tuple(items), name="map-key", box=tuple(box))


def key_swatch(key: str, cx: float, cy: float, size: float, pal: Palette, game) -> Group:
    """The map-key drawing of a symbol the player pencils in."""
    if key == "natives":
        island = hex_swatch(game.terrain("small-island"), cx, cy, size, pal)
        return Group(island.items + (Circle(cx, cy, size * 0.16, fill(pal.ink)),), name="swatch:natives")
    if key == "route":
        return Group((route_dots(cx - size * 0.5, cy + size * 0.22, cx + size * 0.5, cy - size * 0.22, pal.ink),),
                     name="swatch:route")
    return Group(tuple(burial_x(cx, cy, size, pal.ink)), name="swatch:burial")


# --- the sheet: side 1, the map and every piece; side 2, the charts ---------------------------------

MAP_FLATS_MM = 18.2  # a little over the 18 mm floor: the task board's coin rows need the rest
MAP_PAD = 9.0
ISLAND_LETTERS = {"small": "S", "medium": "M", "large": "L"}  # the pencil mark of an island's size (natives: a dot)


def island_mark(cx: float, cy: float, letter: str, size: float, pal: Palette) -> list:
    """The island-size pencil mark: its initial, S, M or L (a dot is the natives' mark); on a hatched
    island (mono) on a disc of paper, so the hatching does not run through it."""
    tsize = max(SMALL, size * 0.3)
    disc = [] if pal.tints else [Circle(cx, cy, tsize * 0.62, fill(pal.paper), role="knockout")]
    return disc + [Text(cx, cy + (ASCENT - DESCENT) * tsize / 2, letter, tsize, "serif-bold", "middle", pal.ink,
                        role="island-size")]


def shoals_mark(cx: float, cy: float, size: float, color: str) -> list:
    """The shoals pencil mark: three short strokes, like a ford's ripples."""
    out = []
    for k in (-1, 0, 1):
        x = cx + k * size * 0.2
        out.append(Line(x - size * 0.07, cy + size * 0.1, x + size * 0.07, cy - size * 0.1,
                        Style(fill=None, stroke=color, width=max(0.8, size * 0.05)), role="shoals-mark"))
    return out


def draw_island_marked(f, ctx: MapContext) -> list:
    """A printed island with its size as the pencil mark a player would draw (its initial over the islet)."""
    items = draw_island(f, ctx)
    letter = ISLAND_LETTERS.get(f.size or "small", "S")
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        if lab == ctx.game_map.start:  # the start marker fills the middle: the mark goes low
            items += island_mark(cx + ctx.size * 0.4, cy + ctx.size * 0.55, letter, ctx.size, ctx.pal)
        else:
            items += island_mark(cx, cy - ctx.size * 0.5, letter, ctx.size, ctx.pal)
    return items


def draw_shoals_marked(f, ctx: MapContext) -> list:
    items = draw_shoals(f, ctx)
    for lab in f.hexes:
        items += shoals_mark(*ctx.center(lab), ctx.size, ctx.pal.ink)
    return items


SHEET_DRAWERS = dict(MAP_DRAWERS, island=draw_island_marked, shoals=draw_shoals_marked)


def shoals_pencil(cx: float, cy: float, size: float, pal: Palette) -> list:
    """A pre-printed shoals hex's mark: the three strokes the map key shows."""
    return shoals_mark(cx, cy, size, pal.ink)


TERRAIN_MARKS = {"shoals": shoals_pencil}  # pre-printed terrain drawn as its pencil mark


PENCIL_MARKS = {"small-island": N_("green outline, an S"), "medium-island": N_("an M"), "large-island": N_("an L"),
                "shoals": N_("three strokes (blue)"), "natives": N_("a dark dot")}  # how the map key draws each


def pencil_key(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """The map key as pencil marks: islands by dots (one, two, three), shoals by strokes, then natives,
    route and burial; tints (or hatches) shown beside, as a printed map uses them."""
    _ = tr.gettext
    items, inner = w.panel(box, _("Map key"), pal, subtitle=_("draw in pencil"))
    terrains = {t.key: t for t in game.terrains}
    symbols = {s.key: s for s in game.symbols}
    notes = {key: _(note) for key, note in game.rules.map_key_notes}
    keys = game.rules.map_key
    row_h = inner.h / len(keys)
    sw = min(26.0, row_h - 2)
    marks = {ISLAND_TERRAIN[size]: letter for size, letter in ISLAND_LETTERS.items()}
    for i, key in enumerate(keys):
        y = inner.y + i * row_h
        cx, cy = inner.x + sw / 2 + 1, y + row_h / 2
        if key in terrains:
            name = terrains[key].name
            items.append(hex_swatch(terrains[key], cx, cy, sw, pal))
            if key in marks:
                items += island_mark(cx, cy - sw * 0.02, marks[key], sw * 0.9, pal)
            elif key == "shoals":
                items += shoals_mark(cx, cy - sw * 0.18, sw * 0.55, pal.ink)
        else:
            name = symbols[key].name
            items.append(key_swatch(key, cx, cy, sw, pal, game))
        how = _(PENCIL_MARKS.get(key, ""))
        note = " \u00b7 ".join(t for t in (how, notes.get(key, "")) if t)
        tx = inner.x + sw + 6
        items.append(w.text_in(tx, y, row_h, name, w.BODY, "sans-bold", color=pal.ink, role="key-name"))
        if note:
            text, size = w.fitted(note, "sans", SMALL, inner.right - tx - text_width(name, "sans-bold", w.BODY) - 6)
            items.append(w.text_in(inner.right, y, row_h, text, size, "sans", "end", pal.soft))
    return Group(tuple(items), name="map-key", box=tuple(box))


def crew_marks(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """Each sailor's wounded and lost boxes (the coins themselves sit on the task board)."""
    n = game.rules.sailors
    items: list = []
    gap = 4.0
    card_w = (box.w - gap * (n - 1)) / n
    b = 7.5
    labels = (tr.gettext("wounded"), tr.gettext("lost"))
    # the card's left pad and the gap before a box's word, narrowed where a long word ('verwundet') would
    # reach the card's right side
    pad = min(3.0, (card_w - b - max(text_width(t, "sans", SMALL) for t in labels) - 1.5) / 2)
    for i in range(n):
        x = box.x + i * (card_w + gap)
        items.append(Rect(x, box.y, card_w, box.h, boxed(pal.panel, pal.line, 0.6), radius=2.0, role="sailor"))
        items.append(Text(x + 3, box.y + 2 + ASCENT * SMALL, tr.gettext("Sailor {number}").format(number=i + 1),
                          SMALL, "sans-bold", fill=pal.ink, role="sailor-name"))
        for j, label in enumerate(labels):
            y = box.y + 3.5 + SMALL + j * (b + 1.5)
            items.append(Rect(x + pad, y, b, b, boxed(pal.paper, pal.ink, 0.6), radius=1.0, role="sailor-mark"))
            items.append(w.text_in(x + pad + b + pad, y, b, label, SMALL, "sans", color=pal.soft))
    return Group(tuple(items), name="crew", box=tuple(box))


CREW_H = 3.5 + SMALL + 7.5 * 2 + 1.5 + 2.0  # crew_marks' height: a name and two boxes a sailor


def weather_cubes(chart, box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """The weather track on side 1: a cube slot per weather, its die face and name over it."""
    cube = game.piece("cube")
    effects = {e.weather: e for e in game.rules.weather_track}
    items, inner = w.panel(box, f"{chart.title}", pal, name="weather",
                           subtitle=tr.gettext("phase {phase} \u00b7 start: {start}").format(
                               phase=chart.phase, start=game.text.weather_start))
    side = slot_size(cube)
    # a column a weather: a weather that keeps the cube has no slot, only as wide as its words need
    stays = tr.gettext("cube stays")
    keeps = [b for b in chart.bands if not effects[b.results[0]].cube]
    keep_w = max([text_width(stays, "sans-italic", SMALL)] + [text_width(b.results[0], "sans", SMALL) for b in keeps]) \
        + 12  # its name clear of its neighbour's ("Fair Weather", "No Change")
    cube_w = (inner.w - keep_w * len(keeps)) / max(1, len(chart.bands) - len(keeps))
    die = 8.0
    x = inner.x
    for band in chart.bands:
        name = band.results[0]
        cell = cube_w if effects[name].cube else keep_w
        items += w.die_face(band.low, x + (cell - die) / 2, inner.y, die, pal)
        label, size = w.fitted(name, "sans", SMALL, cell - 1)
        items.append(Text(x + cell / 2, inner.y + die + 1.5 + ASCENT * size, label, size, "sans", "middle", pal.ink,
                          role="weather"))
        if effects[name].cube:
            items += square_slot(x + (cell - side) / 2, inner.bottom - side, cube, pal)
        else:
            mid = inner.bottom - side / 2
            items.append(Text(x + cell / 2, mid - 1, "\u21ba", w.BODY + 2, "sans", "middle", pal.soft))
            items.append(Text(x + cell / 2, mid + 3 + ASCENT * SMALL, stays, SMALL, "sans-italic", "middle", pal.soft))
        x += cell
    return Group(tuple(items), name="weather", box=tuple(box))


class CubeSpacing(NamedTuple):
    """How far apart the island's cube slots sit: between two slots, the ∞ box, between two resources."""

    pitch_gap: float = 2.5
    inf: float = 17.0
    group_gap: float = 10.0


TIGHT_CUBES = CubeSpacing(2.0, 15.0, 8.0)  # the one-page sheet: three resources on one line under the map


def _resource_widths(game, spacing: CubeSpacing) -> list[float]:
    side = slot_size(game.piece("cube"))
    return [n * (side + spacing.pitch_gap) + spacing.inf for _, _, n in game.rules.island_resources]


def _resource_rows(widths: list[float], room: float, gap: float = 10.0) -> list[list[int]]:
    """The resources' groups in rows as wide as `room` allows, in order."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, width in enumerate(widths):
        if rows[-1] and used + gap + width > room:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + width
        rows[-1].append(i)
    return rows


def resources_height(game, width: float, spacing: CubeSpacing = CubeSpacing()) -> float:
    """What resource_cubes needs at this width: a row of cube slots per row of groups."""
    side = slot_size(game.piece("cube"))
    rows = _resource_rows(_resource_widths(game, spacing), width - 8, spacing.group_gap)
    return len(rows) * (side + 1.5) + w.TITLE_BAR + 7


def resource_cubes(box: Box, pal: Palette, game, spacing: CubeSpacing = CubeSpacing(),
                   tr: Translator = ENGLISH) -> Group:
    """The island's resource cubes: a slot per cube, an ∞ box to tick for an unlimited supply."""
    cube = game.piece("cube")
    items, inner = w.panel(box, tr.gettext("Island resources"), pal,
                           subtitle=tr.gettext("cubes for this island \u00b7 tick \u221e for an endless supply"),
                           name="island-resources")
    side = slot_size(cube)
    pitch = side + spacing.pitch_gap
    inf = spacing.inf
    groups = game.rules.island_resources
    widths = _resource_widths(game, spacing)
    rows = _resource_rows(widths, inner.w, spacing.group_gap)
    row_h = (inner.h) / len(rows)
    for r, row in enumerate(rows):
        top = inner.y + r * row_h
        x = inner.x
        for i in row:
            key, name, n = groups[i]
            sy = top + (row_h - side) / 2
            for k in range(n):
                items += square_slot(x + k * pitch, sy, cube, pal, caption=tr.gettext(name))
            items += infinity_box(x + n * pitch, sy + (side - inf) / 2, inf, pal)
            x += widths[i] + spacing.group_gap
    return Group(tuple(items), name="island-resources", box=tuple(box))


SLOT_GAP = 2.0  # between two coin slots of one task
GROUP_GAP = 4.0  # between two tasks: wider, and each task on its own tint, so its slots read as one group
GROUP_PAD = 1.5  # the tint round a task's slots
ROW_GAP = 0.6  # paper between two rows' tints


def _group_width(task, d: float) -> float:
    n = max(1, task.spades)
    return n * d + (n - 1) * SLOT_GAP + 2 * GROUP_PAD


def _label_lines(task, width: float) -> list[str]:
    """A task's title over its slots: on one line, or two when its room is narrow (never cut)."""
    return w.wrap_text(f"{task.phase} {task.name}", "sans-bold", SMALL, width - 2 * GROUP_PAD)


def _row_places(row, d: float, width: float) -> list[tuple[float, float, float]]:
    """(x offset, group width, title room) of each task in a row: a title may run on over a neighbour
    that takes no sailor, or to the row's end."""
    xs, x = [], 0.0
    for t in row:
        xs.append(x)
        x += _group_width(t, d) + GROUP_GAP
    out = []
    for i, t in enumerate(row):
        gw = _group_width(t, d)
        if i + 1 == len(row):
            room = width - xs[i]
        elif not row[i + 1].spades:
            room = gw + GROUP_GAP + _group_width(row[i + 1], d)
        else:
            room = gw
        out.append((xs[i], gw, room))
    return out


def _pack(tasks, d: float, width: float) -> list[list]:
    """Tasks in phase order, as few rows as `width` allows, a task's slots never split."""
    rows: list[list] = [[]]
    used = 0.0
    for t in tasks:
        gw = _group_width(t, d)
        if rows[-1] and used + GROUP_GAP + gw > width + 1e-6:
            rows.append([])
            used = 0.0
        used += (GROUP_GAP if rows[-1] else 0.0) + gw
        rows[-1].append(t)
    return rows


def _row_heights(rows, d: float, width: float) -> list[float]:
    """Each row: its tallest title (one or two lines) over the coin slots."""
    out = []
    for row in rows:
        lines = max((len(_label_lines(t, room)) for t, (_, _, room) in zip(row, _row_places(row, d, width))
                     if t.spades), default=1)
        out.append(lines * SMALL * 1.1 + 0.6 + d + 2 * GROUP_PAD + ROW_GAP)
    return out


def task_coins(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """The task board with a coin slot per sailor place, in phase order, each task's slots on a tint of
    their own under its title; what each task does is on side 2."""
    coin = game.piece("coin")
    items, inner = w.panel(box, tr.gettext("Task board"), pal, name="task-board",
                           subtitle=_board_fitting_subtitle(game, box.w, tr))
    d = slot_size(coin)
    rows = _pack(game.rules.tasks, d, inner.w)
    heights = _row_heights(rows, d, inner.w)
    spare = max(0.0, (inner.h - sum(heights)) / len(rows))
    items += _coin_rows(rows, heights, [inner.w] * len(rows), inner.x, inner.y, spare, d, pal, coin, tr)
    return Group(tuple(items), name="task-board", box=tuple(box))


def _board_subtitle(game, tr: Translator = ENGLISH, short: bool = False) -> str:
    """First and last phase around the rule; `short`, the rule alone (a long language on a narrow board)."""
    if short:
        return tr.gettext("a coin each \u00b7 resolve in order")
    first, last = game.phases[0], game.phases[-1]
    return tr.gettext("{first}: a coin each \u00b7 resolve in order \u00b7 {last}").format(
        first=f"{first.number} {first.name}", last=f"{last.number} {last.name}")


def _board_fitting_subtitle(game, width: float, tr: Translator = ENGLISH) -> str:
    """The board's subtitle that fits beside its title on a board this wide: the whole, else the rule
    alone (which may still take a line of its own, counted by _board_height)."""
    whole = _board_subtitle(game, tr)
    return whole if not w.subtitle_below(tr.gettext("Task board"), whole, width) else _board_subtitle(game, tr, True)


def _coin_rows(rows, heights, widths, x0: float, top: float, spare: float, d: float, pal: Palette, coin,
               tr: Translator = ENGLISH) -> list:
    """The rows of task groups from `top` down, each row `widths[i]` wide (a title's room), `spare` more
    under each."""
    items: list = []
    for row, row_h, width in zip(rows, heights, widths):
        label_h = row_h - d - 2 * GROUP_PAD - ROW_GAP
        cy = top + label_h + GROUP_PAD + d / 2
        for t, (dx, gw, room) in zip(row, _row_places(row, d, width)):
            x = x0 + dx
            if not t.spades:  # a phase that takes no sailor: a dashed place holding its name
                cx = x + gw / 2
                items.append(Circle(cx, cy, d / 2, Style(fill=None, stroke=pal.faint, width=0.6, dash=(2, 2))))
                note_lines = w.wrap_text(tr.gettext("no sailor"), "sans-italic", SMALL, d - 10)  # 'sem marinheiro': two
                notes = len(note_lines)
                lines = [str(t.phase)] + w.wrap_text(t.name, "sans-bold", SMALL, d - 8) + note_lines
                y0 = cy - len(lines) * SMALL * 1.1 / 2 + ASCENT * SMALL
                for j, line in enumerate(lines):
                    note = j >= len(lines) - notes
                    items.append(Text(cx, y0 + j * SMALL * 1.1, line, SMALL, "sans-italic" if note else "sans-bold",
                                      "middle", pal.faint if note else pal.soft, role="phase"))
                continue
            items.append(Rect(x, top, gw, row_h - ROW_GAP, fill(_band(pal)), radius=3.0, role="task-group"))
            for j, line in enumerate(_label_lines(t, room)):
                items.append(Text(x + GROUP_PAD + 0.5, top + 0.8 + ASCENT * SMALL + j * SMALL * 1.1, line, SMALL,
                                  "sans-bold", fill=pal.ink, role="phase"))
            for k, name in enumerate(t.slots):
                sx = x + GROUP_PAD + k * (d + SLOT_GAP) + d / 2
                items += round_slot(sx, cy, coin, pal, caption=name or str(t.phase))
        top += row_h + spare
    return items


class BoardPlan(NamedTuple):
    """The task board as an L: every row but the last across its width, the last row only as wide as its
    tasks, the corner beside it left for another panel."""

    rows: list
    heights: list  # each row's height; the last row's at its own width
    head_h: float  # the title bar and every row but the last
    tail_w: float  # the last row's box
    height: float


def board_plan(game, width: float) -> BoardPlan:
    d = slot_size(game.piece("coin"))
    inner_w = width - 8
    rows = _pack(game.rules.tasks, d, inner_w)
    used = sum(_group_width(t, d) for t in rows[-1]) + GROUP_GAP * (len(rows[-1]) - 1)
    last = rows[-1][-1]  # the last title on one line, the row that much wider, when the width allows
    one_line = used - _group_width(last, d) + text_width(f"{last.phase} {last.name}", "sans-bold", SMALL) \
        + 2 * GROUP_PAD + 1
    used = min(inner_w, max(used, one_line))
    heights = _row_heights(rows[:-1], d, inner_w) + _row_heights(rows[-1:], d, used)
    head_h = w.TITLE_BAR + 3 + sum(heights[:-1])
    return BoardPlan(rows, heights, head_h, used + 8, head_h + heights[-1] + 3)


def _board_head(game, tr: Translator, short: bool = False) -> float:
    """The task board's title bar: its title and subtitle (the full one, or the short one)."""
    return text_width(tr.gettext("Task board"), "sans-bold", w.PANEL_TITLE) \
        + text_width(_board_subtitle(game, tr, short), "sans", SMALL) + 6


def board_width(game, plan: BoardPlan, tr: Translator = ENGLISH) -> float:
    """The least width that keeps the plan's rows: its widest row, and the title bar's words."""
    d = slot_size(game.piece("coin"))
    rows = max(sum(_group_width(t, d) for t in row) + GROUP_GAP * (len(row) - 1) for row in plan.rows)
    head = min(_board_head(game, tr, short) for short in (False, True))
    return max(rows, head, plan.tail_w - 8) + 8


def task_board_l(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> list[Group]:
    """The task board drawn as an L (board_plan): the title bar and every row but the last in one group,
    the last row in a second, under one outline."""
    coin = game.piece("coin")
    d = slot_size(coin)
    plan = board_plan(game, box.w)
    short = _board_head(game, tr) > box.w - 8  # the full subtitle where the board is wide enough
    items, _ = w.panel(box, tr.gettext("Task board"), pal, name="task-board", subtitle=_board_subtitle(game, tr, short))
    x, y, r = box.x, box.y, 2.5
    bottom, mid, tail = box.y + plan.height, box.y + plan.head_h, box.x + plan.tail_w
    outline = Path(((x, y + r), (x + r, y), (box.right - r, y), (box.right, y + r), (box.right, mid),
                    (tail, mid), (tail, bottom - r), (tail - r, bottom), (x + r, bottom), (x, bottom - r)),
                   boxed(pal.panel, pal.line, 0.7), role="panel")
    items = [outline] + items[1:]  # the L in place of the panel's rectangle
    inner_w = box.w - 8
    items += _coin_rows(plan.rows[:-1], plan.heights[:-1], [inner_w] * (len(plan.rows) - 1), x + 4,
                        y + w.TITLE_BAR + 3, 0.0, d, pal, coin, tr)
    last = _coin_rows(plan.rows[-1:], plan.heights[-1:], [plan.tail_w - 8], x + 4, mid, 0.0, d, pal, coin, tr)
    return [Group(tuple(items), name="task-board", box=(box.x, box.y, box.w, plan.head_h)),
            Group(tuple(last), name="task-board", box=(box.x, mid, plan.tail_w, plan.height - plan.head_h))]


def score_terms(game, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    _ = tr.gettext
    per_hex = game.rules.score_per_hex
    bonus = game.rules.score_per_island
    return [(_("Hexes mapped"), ruled(_("{points} each").format(points=per_hex), game, "setup-hexes")),
            (_("Islands visited"), ruled(_("on a win: {points} each").format(points=bonus), game, "islands-visited"))]


def header_items(game, game_map, header: Box, pal: Palette, side: str, tr: Translator = ENGLISH) -> list:
    """The band over the map: title, Captain, Sloop, Days and the crew's marks; the supply dice; the
    weather's cubes."""
    die = game.piece("die")
    items: list = []
    n = len(game.trackers)
    tracker_w = 62.0
    title_w = 204.0
    title_box, trackers_box, weather_box = header.split_x(title_w, n * tracker_w + (n - 1) * 4, 0, gap=GAP)
    variant = variant_name(game_map, tr)
    tb_title, fields, crew_box = title_box.split_y(34, 0, CREW_H, gap=2)
    items.append(title_block(tb_title, game.title, "" if variant else tr.gettext("Player sheet, {side} \u00b7 {need}").format(
                             side=side, need=pieces_needed(game, tr)), pal, variant=variant))
    labels = (tr.gettext("Captain"), tr.gettext("Sloop"), tr.gettext("Days"))
    # the sloop's name and the days' count keep their lines' length whatever their labels' (German
    # 'Schaluppe' left 4 mm to write a name on); the captain's field takes the rest
    sloop_w, days_w = (max(least, text_width(label, "sans-bold", w.BODY) + 4 + line)
                       for label, least, line in zip(labels[1:], (58, 40), (31, 16)))
    for field, box in zip(labels, fields.split_x(0, sloop_w, days_w, gap=8)):
        items.append(w.write_in(box, field, pal))
    items.append(crew_marks(crew_box, pal, game, tr))
    for tracker, box in zip(game.trackers, trackers_box.split_x(*([0] * n), gap=4)):
        items.append(w.tracker(tracker, box, pal, piece=die, lang=tr))
    items.append(weather_cubes(game.chart("weather"), weather_box, pal, game, tr))
    return items


def pieces_needed(game, tr: Translator = ENGLISH) -> str:
    """'6 dice, 9 cubes, 4 coins': what the sheet's pieces are."""
    return tr.gettext("{dice} dice, {cubes} cubes, {coins} coins").format(
        dice=game.piece("die").count, cubes=game.piece("cube").count, coins=game.piece("coin").count)


def front(game, game_map, opts: SheetOptions) -> list:
    """Side 1: title and crew, the supply dice and the weather cube; the map; the task board's coins and
    the island's cubes beside it."""
    pal = opts.pal
    tr = translator(opts.lang)
    header, body = side_content(opts).split_y(w.tracker_height(0, game.piece("die")), 0, gap=GAP)
    items = header_items(game, game_map, header, pal, tr.gettext("side 1 of 2"), tr)

    if game_map.name != "standard":  # a variant of any size: laid out by content (sheets/layout.py)
        items += variant_body(game, game_map, body, pal, tr)
        items.append(foot_line(opts, foot_credit(game, tr.gettext("side 1 of 2"), tr),
                               pal, left=" \u00b7 ".join((game.rules.win_text, game.rules.lose_text))))
        return items
    cube_side = slot_size(game.piece("cube"))
    x0, y0, x1, y1 = hexgrid.unit_bounds(game_map.axial.values())
    terms = score_terms(game, tr)

    def map_size(room_h: float) -> float:
        return min((room_h - 2 * MAP_PAD) / (y1 - y0), MAP_FLATS_MM * MM / hexgrid.SQRT3,
                   (body.w * 0.66 - 2 * MAP_PAD) / (x1 - x0))

    def plan(map_room: float) -> tuple[float, float, float]:
        """(hex size, task board height, island resources height) with the map `map_room` tall."""
        size = map_size(map_room)
        right_w = body.w - ((x1 - x0) * size + 2 * MAP_PAD + 0.5) - GAP
        one_row = right_w - 8 >= sum(n * (cube_side + 2.5) + 27 for _, _, n in game.rules.island_resources)
        return size, _board_height(game, right_w, tr), (1 if one_row else 2) * (cube_side + 1.5) + w.TITLE_BAR + 7

    # the score where it fits with the map at its largest: a panel beside the map, else one line
    # beside it, else one line under a map made that much smaller
    size, need, res_h = plan(body.h)
    left_h = body.h - need - res_h - 2 * GAP
    right_w = body.w - ((x1 - x0) * size + 2 * MAP_PAD + 0.5) - GAP
    where = "panel" if left_h >= SCORE_BOX_MIN else \
        "line" if left_h >= w.SCORE_LINE_H and w.score_line_width(terms, tr.gettext("Score"), tr) <= right_w else "under"
    map_room = body.h if where != "under" else body.h - w.SCORE_LINE_H - SCORE_GAP
    if where == "under":
        size, need, res_h = plan(map_room)
    map_w = (x1 - x0) * size + 2 * MAP_PAD + 0.5
    map_col, right = body.split_x(map_w, 0, gap=GAP)
    map_box = Box(map_col.x, map_col.y, map_col.w, min(map_room, (y1 - y0) * size + 2 * MAP_PAD + 0.5))
    group, _ = hex_map(game_map, game, map_box, pal, drawers=SHEET_DRAWERS, coords=True, label_pad=MAP_PAD,
                       max_flats=MAP_FLATS_MM * MM, terrain_marks=TERRAIN_MARKS, start_label=tr.gettext("Start"), tr=tr)
    items.append(group)
    board_box, res_box, score_box = right.split_y(need, res_h, 0, gap=GAP)
    score = tr.gettext("Score")
    if where == "panel":
        items.append(w.score_box(terms, score_box, pal, score, subtitle=tr.gettext("at the end"), tr=tr))
    elif where == "line":
        items.append(w.score_line(terms, Box(score_box.x + 4, score_box.y, score_box.w - 4, w.SCORE_LINE_H), pal,
                                  score, tr))
    else:
        items.append(w.score_line(terms, Box(map_col.x + MAP_PAD, map_box.bottom + SCORE_GAP, map_col.w - MAP_PAD,
                                             w.SCORE_LINE_H), pal, score, tr))
    items.append(task_coins(board_box, pal, game, tr))
    items.append(resource_cubes(res_box, pal, game, tr=tr))
    items.append(foot_line(opts, foot_credit(game, tr.gettext("side 1 of 2"), tr),
                           pal, left=" \u00b7 ".join((game.rules.win_text, game.rules.lose_text))))
    return items


def variant_body(game, game_map, body: Box, pal: Palette, tr: Translator = ENGLISH) -> list:
    """A variant map with the task board, the island's cubes and the score at natural size beside or
    under it, the map as large as that leaves (a small map enlarged, a wide one with the board under it)."""

    terms = score_terms(game, tr)
    panels = [
        Panel("task-board", 250.0, lambda wd: _board_height(game, wd, tr), lambda box: task_coins(box, pal, game, tr),
              spread=True),
        Panel("island-resources", 250.0, lambda wd: resources_height(game, wd),
              lambda box: resource_cubes(box, pal, game, tr=tr), spread=True),
        Panel("score", 150.0, lambda wd: 50.0 if wd >= 250 else score_height(terms, wd),
              lambda box: w.score_box(terms, box, pal, tr.gettext("Score"), subtitle=tr.gettext("at the end"), tr=tr),
              max_w=420.0),
    ]
    size, map_box, placed = map_with_panels(game_map, body, panels, MIN_FLATS_MM, LARGEST_FLATS_MM, MAP_PAD)
    group, _ = hex_map(game_map, game, map_box, pal, drawers=SHEET_DRAWERS, coords=True, label_pad=MAP_PAD,
                       max_flats=size * hexgrid.SQRT3 + 0.01, terrain_marks=TERRAIN_MARKS,
                       start_label=tr.gettext("Start"), tr=tr)
    return [group] + [p.draw(box) for p, box in placed]


MIN_FLATS_MM = 12.0  # a pencil's hex
LARGEST_FLATS_MM = 26.0  # a small variant map is enlarged up to this


SCORE_GAP = 4.0  # between the map's foot (its hexes end MAP_PAD over it) and a score line under it
SCORE_BOX_MIN = 44.0  # a score panel's least height: its terms side by side over their boxes


def _board_height(game, width: float, tr: Translator = ENGLISH) -> float:
    """The task board's natural height at this width (task_coins: its subtitle's own line too, where the
    title leaves it no room)."""
    d = slot_size(game.piece("coin"))
    below = w.subtitle_below(tr.gettext("Task board"), _board_fitting_subtitle(game, width, tr), width)
    return w.TITLE_BAR + 6 + (w.SUBTITLE_LINE if below else 0.0) + sum(
        _row_heights(_pack(game.rules.tasks, d, width - 8), d, width - 8))


def task_reference(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """What each task does, in order: the reminders the board on side 1 has no room for."""
    rows = []
    for t in game.rules.tasks:
        text = t.brief + (f" {HOUSE_MARK} {t.house_note}" if t.house_note else "")
        rows.append((str(t.phase), t.name, text))
    return w.rows_table(tr.gettext("Tasks"), (), rows, (0.06, 0.3, 0.64), box, pal,
                        subtitle=tr.gettext("side 1\u2019s board, in order"), name="tasks")


def in_sentence(label: str, tr: Translator) -> str:
    """A label as a word inside a sentence: lower case, but German keeps its nouns' capitals."""
    return label if tr.lang == "de" else label.lower()


def end_of_game(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """How the game ends and scores, in words (side 1 has the boxes to write the score in)."""
    _ = tr.gettext
    score = "; ".join(f"{in_sentence(label, tr)}: {rule}" for label, rule in score_terms(game, tr))
    rows = [(_("Win"), after_label(game.rules.win_text, tr)), (_("Lose"), after_label(game.rules.lose_text, tr)),
            (_("Score"), score)]
    label_w = max(text_width(label, "sans-bold", w.BODY) for label, _rule in rows) + 4
    first = max(0.22, label_w / (box.w - 8))  # as wide as a long language's label
    return w.rows_table(_("End of the game"), (), rows, (first, 1 - first), box, pal, name="end-of-game")


def _results_cut(chart, width: float) -> bool:
    """Whether a chart_table this wide cuts a band's results short."""
    roll_w = max(text_width(b.label, "sans-bold", w.BODY) for b in chart.bands) + 8
    texts = [", ".join(b.results) + (f" {HOUSE_MARK}" if b.house else "") for b in chart.bands]
    return any(w.fitted(t, "sans", w.BODY, width - 8 - roll_w)[0] != t for t in texts)


def back(game, game_map, opts: SheetOptions) -> list:
    """Side 2, the reference (nothing to write on or cut out): the three dice charts, the weather, the
    tasks, the direction compass, how the game ends and the map key as pencil marks."""
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    page = side_content(opts)
    head, row_a, row_b = page.split_y(34, 150, 0, gap=GAP)
    items: list = [title_block(head, _("{title} \u2014 reference").format(title=game.title),
                               _("{side}: charts, tasks, the map key \u00b7 to play: this sheet, {need} and pencils").format(
                                   side=back_label(opts)[0], need=pieces_needed(game, tr)), pal)]
    charts = [game.chart(k) for k in ("island", "scan", "natives")]
    for weather_w in (320.0, 290.0, 270.0):  # the weather track narrower where a language's results need it
        chart_row, weather_box = row_a.split_x(0, weather_w, gap=GAP)
        if not any(_results_cut(c, wd) for c, wd in zip(charts, w.chart_widths(charts, chart_row.w, GAP, tr))):
            break
    for chart, box in zip(charts, chart_row.split_x(*w.chart_widths(charts, chart_row.w, GAP, tr), gap=GAP)):
        items.append(w.chart_table(chart, box, pal, max_row=14.0, tr=tr))
    items.append(weather_track(game.chart("weather"), weather_box, pal, game, tr))
    tasks_box, mid, right_col = row_b.split_x(0, 150, 190, gap=GAP)
    items.append(task_reference(tasks_box, pal, game, tr))
    compass_box, end_box = mid.split_y(130, 0, gap=GAP)
    items.append(direction_compass(game.chart("direction"), compass_box, pal, tr))
    items.append(end_of_game(end_box, pal, game, tr))
    items.append(pencil_key(right_col, pal, game, tr))
    items.append(foot_line(opts, foot_credit(game, back_label(opts)[1], tr), pal,
                           left=f"{HOUSE_MARK} {house_note(tr)}", left_color=pal.house))
    return items


SIDES = ("2", "1", "ref")  # the formats this sheet prints in (--sides)
TRANSLATED = True  # every word it prints goes through the catalogs (tests/test_i18n.py)


def with_rulings_marked(game, tr: Translator = ENGLISH):
    """The (translated) game with the house mark on the words its rulings change: scanning with nobody on
    it (the Scan Horizon chart's title and task) and Anchorage against a Storm. (The Hostile row's data
    words are the ruling's own, marked there.)"""
    keys = ruling_keys(game)
    rules = game.rules
    if "scan-crew" in keys:
        phase = rules.ruling("scan-crew").phase
        rules = replace(rules, tasks=tuple(replace(t, house_note=tr.gettext("Nobody on it: no scan."))
                                           if t.phase == phase else t for t in rules.tasks))
    storms = {i for i, wr in enumerate(rules.weathers) if wr.storm}
    rules = replace(rules, weather_track=tuple(replace(e, movement=ruled(e.movement, game, "anchorage"))
                                               if i in storms else e for i, e in enumerate(rules.weather_track)))
    charts = tuple(replace(c, house=True) if c.key == "scan" and "scan-crew" in keys else c  # title marked
                   for c in game.charts)
    return replace(game, rules=rules, charts=charts)


def build(game, game_map, opts: SheetOptions):
    """game data + map + options -> a two-sided Scene (side 2 is Scene.pages[0]). Pure."""
    tr = translator(opts.lang)
    game = with_rulings_marked(localized(game, tr), tr)
    return by_sides(opts, game, game_map, lambda: front(game, game_map, opts), lambda: back(game, game_map, opts),
                    lambda: one_page(game, game_map, opts))


# --- one page with everything ------------------------------------------------------------------------

ONE_PAGE_MIN_MM = 15.0  # the one-page sheet's hexes: at least this across the flats
ONE_PAGE_MAX_MM = 26.0  # a small variant map is enlarged up to this
ONE_PAGE_ROW = 8.8  # a chart row on the one page: 7.2 pt results, rows set tight but still apart
TWO_LINE_ROW = 14.0  # a chart row whose results take two lines (a long language)
LEFT_OUT = {"weather-effects": N_("what each weather does"), "tasks": N_("what each task does")}


def weather_track_height(game, width: float, tr: Translator = ENGLISH) -> float:
    """What weather_track needs at this width: the heads' line, then each weather's words."""
    chart = game.chart("weather")
    effects = {e.weather: e for e in game.rules.weather_track}
    inner_w = width - 8
    name_w = max(text_width(b.results[0], "sans-bold", w.BODY) for b in chart.bands) + 4
    move_w = inner_w - (10 + 4 + name_w + 11 + 6) - (text_width(tr.gettext("Drink"), "sans-bold", SMALL) + 8) \
        - (text_width(tr.gettext("Fish"), "sans-bold", SMALL) + 2) - 5
    lines = [max(1, len(w.wrap_text(effects[b.results[0]].movement, "sans", SMALL, move_w))) for b in chart.bands]
    return w.TITLE_BAR + 6 + SMALL + 2.5 + sum(n * SMALL * 1.1 + 3.5 for n in lines)


def one_page_panels(game, pal: Palette, tr: Translator = ENGLISH, strips: bool = True) -> tuple[list, list]:
    """(panels every one-page sheet holds, panels it holds where there is room) beside the map, the task
    board and the header: the island's cubes, the score, the direction and scan charts as columns, the
    island and natives charts; then what each weather and each task does."""

    _ = tr.gettext
    terms = score_terms(game, tr)
    line_w = w.score_line_width(terms, _("Score"), tr) + 4
    # the terms side by side over their boxes: each column as wide as its name or rule, and its box's room
    side_w = (len(terms) + 1) * (max(max(text_width(a, "sans-bold", SMALL), text_width(b, "sans", SMALL))
                                     for a, b in terms) + 14) + 8

    def score_need(wd: float) -> float:
        return w.SCORE_LINE_H if wd >= line_w else SCORE_PANEL_H if wd >= side_w else score_height(terms, wd)

    def score_draw(box: Box) -> Group:
        if box.h < SCORE_BOX_MIN:
            return w.score_line(terms, Box(box.x + 4, box.y, box.w - 4, box.h), pal, _("Score"), tr)
        return w.score_box(terms, box, pal, _("Score"), subtitle=_("at the end"), tr=tr)

    def table(chart) -> Panel:
        """A chart as a table, its rows tight; two lines a row where a language's results need them."""
        def row(wd: float) -> float:
            return TWO_LINE_ROW if _results_cut(chart, wd) else ONE_PAGE_ROW

        need = w.chart_need(chart, header=True, tr=tr)
        return Panel(f"chart:{chart.key}", min(need, 150.0),
                     lambda wd: w.chart_height(chart, wd, row=row(wd), tr=tr) + 1,
                     lambda box: w.chart_table(chart, box, pal, max_row=row(box.w), tr=tr), max_w=max(need, 150.0) + 60)

    def strip(chart) -> Panel:
        if not strips:  # a long language's results: the chart as a table
            return table(chart)
        return Panel(f"chart:{chart.key}", w.strip_least_width(chart), lambda wd: w.strip_height(chart, wd),
                     lambda box: w.chart_strip(chart, box, pal, tr), max_w=w.strip_least_width(chart) + 160)

    cubes_w = sum(_resource_widths(game, TIGHT_CUBES)) + TIGHT_CUBES.group_gap * (len(game.rules.island_resources) - 1) + 8
    tasks = [(str(t.phase), t.name, t.brief + (f" {HOUSE_MARK} {t.house_note}" if t.house_note else ""))
             for t in game.rules.tasks]
    widths = (0.06, 0.3, 0.64)
    panels = [
        Panel("island-resources", cubes_w, lambda wd: resources_height(game, wd, TIGHT_CUBES),
              lambda box: resource_cubes(box, pal, game, TIGHT_CUBES, tr)),
        Panel("score", 150.0, score_need, score_draw),
        strip(game.chart("direction")),
        table(game.chart("island")),
        table(game.chart("natives")),
        strip(game.chart("scan")),
    ]
    optional = [
        Panel("weather-effects", 280.0, lambda wd: weather_track_height(game, wd, tr),
              lambda box: weather_effects(box, pal, game, tr)),
        Panel("tasks", 300.0, lambda wd: table_height(tasks, widths, wd),
              lambda box: w.rows_table(_("Tasks"), (), tasks, widths, box, pal, subtitle=_("the board, in order"),
                                       name="tasks")),
    ]
    return panels, optional


SCORE_PANEL_H = 50.0  # the score as a panel, its terms side by side over their boxes


def weather_effects(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """What each weather does (the cubes are in the band over the map)."""
    g = weather_track(game.chart("weather"), box, pal, game, tr)
    return Group(g.items, name="weather-effects", box=g.box)


def one_page_plan(game, game_map, body: Box, panels: list, tr: Translator = ENGLISH):
    """(hex size, map box, board box, [(panel, box)]) for the largest hexes (ONE_PAGE_MIN_MM at least) that
    leave room for the task board beside the map and every panel in the board's corner, under it and under
    the map; None when even the least hexes leave too little."""

    least = _group_width(max(game.rules.tasks, key=lambda t: t.spades), slot_size(game.piece("coin"))) + 8

    def fits(size: float, map_box: Box):
        right = Box(map_box.right + GAP, body.y, body.right - map_box.right - GAP, body.h)
        if right.w < least:
            return None
        plan = board_plan(game, right.w)
        if plan.height + GAP > right.h:
            return None
        narrow = min(right.w, board_width(game, plan, tr))  # no wider than its rows, if that costs no height
        if board_plan(game, narrow).height <= plan.height + 1e-6:
            plan = board_plan(game, narrow)
        else:
            narrow = right.w
        board = Box(right.x, right.y, narrow, plan.height)
        beside = Box(board.right + GAP, right.y, right.right - board.right - GAP, plan.height)
        corner = Box(right.x + plan.tail_w + GAP, right.y + plan.head_h, board.w - plan.tail_w - GAP,
                     plan.height - plan.head_h)
        below = Box(right.x, board.bottom + GAP, right.w, right.bottom - board.bottom - GAP)
        under = Box(body.x, map_box.bottom + GAP, map_box.w, body.bottom - map_box.bottom - GAP)
        for regions in ([under, corner, beside, below], [below, under, corner, beside]):  # a small map: the
            placed = pack(regions, panels)  # band under the board first, the cubes on one line in it
            if placed is not None:
                return board, placed
        return None

    found = largest_map(game_map, body, fits, ONE_PAGE_MIN_MM, ONE_PAGE_MAX_MM, MAP_PAD)
    if found is None:
        return None
    size, map_box, (board, placed) = found
    return size, map_box, board, placed


def one_page(game, game_map, opts: SheetOptions) -> list:
    """Everything on one page: the header of side 1 (title, crew, supply dice, weather cubes); the map, hexes
    as large as the page allows and at least ONE_PAGE_MIN_MM; the task board beside it, as an L whose
    corner holds a chart; the island's cubes and the score under the map; every dice chart in the room
    left, the scan and direction charts as columns; what each weather and task does where there is room
    (else on the reference card)."""
    pal = opts.pal
    tr = translator(opts.lang)
    _ = tr.gettext
    header, body = side_content(opts).split_y(w.tracker_height(0, game.piece("die")), 0, gap=GAP)
    items = header_items(game, game_map, header, pal, _("one page"), tr)
    for strips in (True, False):  # the direction and scan charts as columns, else as tables
        panels, optional = one_page_panels(game, pal, tr, strips)
        for keep in range(len(optional), -1, -1):
            found = one_page_plan(game, game_map, body, panels + optional[:keep], tr)
            if found is not None:
                break
        if found is not None:
            break
    if found is None:

        raise UsageError(f"{game.title}: this map leaves no room on one page for the task board and the charts "
                         f"with hexes of {ONE_PAGE_MIN_MM:g} mm or more: print it two-sided (--sides 2)")
    size, map_box, board, placed = found
    group, _ctx = hex_map(game_map, game, map_box, pal, drawers=SHEET_DRAWERS, coords=True, label_pad=MAP_PAD,
                       max_flats=size * hexgrid.SQRT3 + 0.01, terrain_marks=TERRAIN_MARKS,
                       start_label=_("Start"), tr=tr)
    items.append(group)
    items += task_board_l(board, pal, game, tr)
    items += [p.draw(box) for p, box in placed]
    missing = [_(LEFT_OUT[p.name]) for p in optional[keep:]] + [_("the map key")]
    right = foot_credit(game, _("one page"), tr)
    ends = " \u00b7 ".join((game.rules.win_text, game.rules.lose_text))
    note = _("on the reference card: {parts}").format(parts=", ".join(missing)) + " \u00b7 "
    if text_width(note + ends, "sans-italic", MIN_TEXT) > foot_room(opts, right):
        note = _("more on the reference card") + " \u00b7 "  # a long language: the short form
    items.append(foot_line(opts, right, pal, left=note + ends))
    return items
