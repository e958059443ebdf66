"""The 1872: The Lost Crows player sheet: resource trackers, the map with Fort Benton and Canada,
the tribal units' die boxes over their chart, the Bad Omen chart, Crows and the Vision Quest."""
from __future__ import annotations

from typing import NamedTuple

from lostprint.errors import UsageError
from lostprint.fonts import ASCENT, DESCENT, text_width
from lostprint.games.model import HOUSE_MARK
from lostprint.i18n import ENGLISH, N_, Translator, localized, translator
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text, bbox
from lostprint.sheets import widgets as w
from lostprint.sheets.common import (SheetOptions, back_label, by_sides, foot_credit, foot_line, house_note, ruled,
                                     side_content, title_block, variant_name)
from lostprint.sheets.hexmap import MapContext, clear_of_corner, hex_label_lines, hex_map
from lostprint.sheets.lost_crows_icons import crows_icon
from lostprint.sheets.icons import icon
from lostprint.sheets.layout import Panel, map_with_panels
from lostprint.sheets.pieces import slot_size, square_slot
from lostprint.sheets.style import MIN_TEXT, Palette, boxed, fill, palette, stroke

GAP = 7.0
TRACKER_ICONS = {"food": "food", "resolve": "resolve", "proximity": "proximity", "movement": "movement"}


class Layout(NamedTuple):
    """Per-paper heights: letter is taller and a4 wider, so the rows are shared out differently (a4's
    wider columns also let the turn order and the icon key run on fewer lines)."""

    flats_mm: float
    header_h: float
    crows_h: float
    terrain_h: float
    key_h: float


LAYOUTS = {
    "letter": Layout(flats_mm=12.1, header_h=84.0, crows_h=56.0, terrain_h=66.0, key_h=112.0),
    "a4": Layout(flats_mm=12.1, header_h=80.0, crows_h=52.0, terrain_h=62.0, key_h=110.0),
}


# --- small pieces ---------------------------------------------------------------------------


def _tints(pal: Palette) -> dict[str, str]:
    return {"bad": pal.bad, "good": pal.good, "low": pal.low, "zebra": pal.zebra}


def house_mark(x: float, y: float, pal: Palette, anchor: str = "end", size: float = MIN_TEXT) -> Text:
    return Text(x, y, HOUSE_MARK, size, "sans", anchor, pal.house, role="house")


def crows_tracker(tr, box: Box, pal: Palette, piece=None, lang: Translator = ENGLISH) -> Group:
    """Name (with its icon), a die box, and the max-cap scale 6..1 as cells to cross off as the cap
    drops. With `piece` (the game's die) the box is a slot sized from it."""
    items: list = []
    font = "sans-bold" if text_width(tr.name, "sans-bold", MIN_TEXT) <= box.w else "sans"
    name, size = w.fitted(tr.name, font, 8.0, box.w)
    items.append(Text(box.x + box.w / 2, box.y + ASCENT * size + 0.5, name, size, font, "middle", pal.ink,
                      role="tracker"))
    scale_h = 10.0
    side = slot_size(piece) if piece is not None else min(box.h - 12 - scale_h - 4, box.w * 0.7, 54.0)
    dx = box.x + (box.w - side) / 2
    dy = box.y + 12
    if piece is not None:
        items += square_slot(dx, dy, piece, pal)
    else:
        items.append(Rect(dx, dy, side, side, boxed(pal.paper, pal.ink, 1.0), radius=side * 0.14, role="die-box"))
    isz = min(11.0, dx - box.x - 2)
    if isz >= 6:
        items.append(crows_icon(TRACKER_ICONS.get(tr.key, "crow"), dx - isz / 2 - 2, dy + isz / 2 + 1, isz, pal.accent))
    items.append(Text(dx + side / 2, dy + side - 3.5, lang.gettext("start {start}").format(start=tr.start), MIN_TEXT,
                      "sans", "middle", pal.faint))
    # the max-cap scale: "max" then a cell per cap, 6 down to 1, to cross off as the cap drops
    cell = min(10.5, (box.w - 18) / tr.maximum)
    top = dy + side + 2.5
    most = lang.gettext("max")
    lw = text_width(most, "sans-italic", MIN_TEXT) + 3
    sx = box.x + (box.w - lw - cell * tr.maximum) / 2
    items.append(w.text_in(sx, top, cell, most, MIN_TEXT, "sans-italic", color=pal.soft))
    for i, v in enumerate(range(tr.maximum, 0, -1)):
        x = sx + lw + cell * i
        items.append(Rect(x, top, cell, cell, boxed(pal.paper, pal.line, 0.5), role="max-cell"))
        items.append(w.text_in(x + cell / 2, top, cell, str(v), MIN_TEXT, "sans-bold", "middle", pal.soft,
                               role="max-cap"))
    return Group(tuple(items), name=f"tracker:{tr.key}", box=tuple(box))


def turn_order(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The four phases: one line each when the panel is wide enough, else a 2 x 2 grid."""
    items, inner = w.panel(box, tr.gettext("Turn order"), pal, subtitle=tr.gettext("each turn is a day"), name="turn")
    phases = game.phases
    one_line = max(text_width(f"{p.name}: ", "sans-bold", MIN_TEXT) + text_width(p.summary, "sans", MIN_TEXT)
                   for p in phases) + 11 <= inner.w
    if one_line:
        row_h = inner.h / len(phases)
        for i, ph in enumerate(phases):
            top = inner.y + i * row_h
            items.append(w.text_in(inner.x + 4, top, row_h, str(ph.number), 8.5, "serif-bold", "middle", pal.accent,
                                   role="phase"))
            items.append(w.text_in(inner.x + 10, top, row_h, ph.name + ":", MIN_TEXT, "sans-bold", color=pal.ink,
                                   role="phase"))
            x = inner.x + 10 + text_width(ph.name + ": ", "sans-bold", MIN_TEXT)
            items.append(w.text_in(x, top, row_h, ph.summary, MIN_TEXT, "sans", color=pal.soft))
        return Group(tuple(items), name="turn-order", box=tuple(box))
    cols, rows = 2, 2
    cw, ch = inner.w / cols, inner.h / rows
    for i, ph in enumerate(phases):
        r, c = divmod(i, cols)
        x, y = inner.x + c * cw, inner.y + r * ch
        nsize = 9.0
        items.append(Text(x + 4, y + ASCENT * nsize + 0.5, str(ph.number), nsize, "serif-bold", "middle",
                          pal.accent, role="phase"))
        tx = x + 10
        head, hs = w.fitted(ph.name, "sans-bold", 7.0, cw - 12)
        items.append(Text(tx, y + ASCENT * hs + 0.5, head, hs, "sans-bold", "start", pal.ink, role="phase"))
        lines = w.wrap_text(ph.summary, "sans", MIN_TEXT, cw - 13)
        room = max(1, int((ch - hs - 1) // (MIN_TEXT * 1.12)))
        if len(lines) > room:
            lines = lines[:room]
            lines[-1], _ = w.fitted(lines[-1] + "\u2026", "sans", MIN_TEXT, cw - 13)
        for k, line in enumerate(lines):
            items.append(Text(tx, y + hs + 1.2 + ASCENT * MIN_TEXT + k * MIN_TEXT * 1.12, line, MIN_TEXT, "sans",
                              "start", pal.soft))
    return Group(tuple(items), name="turn-order", box=tuple(box))


# --- the map --------------------------------------------------------------------------------


def draw_canada(f, ctx: MapContext) -> list:
    """Each hex of the double hex gets the flag and the name; hexmap outlines the goals."""
    items = []
    size = ctx.size
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        items.append(icon("flag", cx + size * 0.18, cy - size * 0.34, size * 0.4, ctx.pal.accent))  # off the corner
        # low and small: the hex is one the player colours, so the name keeps to its foot
        items.extend(clear_of_corner(ctx, lab, [
            lambda dx: hex_label_lines(ctx, lab, size * 0.52, ctx.tr.gettext(f.note or "Canada"), size * 0.24, "serif-bold",
                                       ctx.pal.accent, dx=dx)]))
    return items


def draw_fort(f, ctx: MapContext) -> list:
    """Fort Benton: an impassable hex, shaded, with a stockade and its name."""
    items = []
    for lab in f.hexes:
        items.append(Path(tuple(ctx.corners(lab)), Style(fill=ctx.pal.shade, stroke=ctx.pal.ink, width=1.4), role="fort"))
        cx, cy = ctx.center(lab)
        # on a hex too small for the name on two lines and the coordinate: "Fort" alone, low
        lines = clear_of_corner(ctx, lab, [
            lambda dx: hex_label_lines(ctx, lab, ctx.size * 0.12, ctx.tr.gettext("Fort\nBenton"), MIN_TEXT, "sans-bold",
                                       ctx.pal.ink, dx=dx),
            lambda dx: hex_label_lines(ctx, lab, ctx.size * 0.45, ctx.tr.gettext("Fort"), MIN_TEXT, "sans-bold",
                                       ctx.pal.ink, dx=dx)])
        # the stockade right of the centre: the hex's left corner is its coordinate's
        items.append(_fort_above(lines[0], cx + ctx.size * 0.22, cy - ctx.size * 0.4, ctx.size * 0.5,
                                 cy - ctx.size * 0.8, ctx.pal.ink))
        items.extend(lines)
    return items


def _fort_above(label: Text, cx: float, y: float, size: float, ceiling: float, color: str) -> Group:
    """The stockade at (cx, y), moved up clear of the label under it (on a small hex the label rises
    toward the centre) and shrunk if it would then pass `ceiling`."""
    floor = label.y - ASCENT * label.size - 0.8
    fort = crows_icon("fort", cx, y, size, color)
    b = bbox(fort)
    if b[3] <= floor:
        return fort
    scale = min(1.0, (floor - ceiling) / (b[3] - b[1]))
    size *= scale
    fort = crows_icon("fort", cx, y, size, color)
    b = bbox(fort)
    return crows_icon("fort", cx, y - (b[3] - floor), size, color)


def draw_fort_zone(f, ctx: MapContext) -> list:
    """The zone of control: a dashed line round the fort and its zone, "Prox −1" in each zone hex."""
    gm = ctx.game_map
    inside = set(f.hexes) | {lab for ft in gm.features_of("fort") for lab in ft.hexes}
    items = []
    for lab in f.hexes:
        h = gm.axial[lab]
        for d in hexgrid.FLAT_ORDER:
            n = hexgrid.neighbor(h, d)
            if gm.by_hex.get(n) in inside:
                continue
            (x0, y0), (x1, y1) = hexgrid.edge_segment(ctx.layout, hexgrid.edge(h, d))
            items.append(Line(x0, y0, x1, y1, Style(fill=None, stroke=ctx.pal.accent, width=1.3, dash=(3.0, 2.0)),
                              role="fort-zone"))
    forts = [ctx.center(lab) for ft in gm.features_of("fort") for lab in ft.hexes]
    for lab in f.hexes:
        cx, cy = ctx.center(lab)
        # away from the fort: at the top of hexes north of it, at the bottom of those south of it
        below = bool(forts) and cy > forts[0][1]
        # a little off the centre, away from the fort, where the hex is widest
        items.extend(hex_label_lines(ctx, lab, ctx.size * (0.5 if below else -0.5), ctx.tr.gettext("Prox \u22121"), MIN_TEXT,
                                     "sans", ctx.pal.accent))
    return items


DRAWERS = {"canada": draw_canada, "fort": draw_fort, "fort-zone": draw_fort_zone}


# --- the tribal units and their chart -------------------------------------------------------


def word_slots(words: list[str], x: float, width: float, gap: float = 3.0) -> list[tuple[float, float]]:
    """(centre, room) for words under evenly spaced icons in a cell: a long word may lean into its
    neighbour's slot when that one is short, but never past the cell or into the next word."""
    n = len(words)
    centres = [x + width / n * (j + 0.5) for j in range(n)]
    if n != 2:
        return [(c, width / n - 1) for c in centres]
    w0, w1 = (text_width(t, "sans", MIN_TEXT) for t in words)
    edge = 1.5  # from a leaning word to the cell's side: clear of the column's rule
    if w0 + w1 + gap > width - 2 * edge:
        return [(c, width / n - 1) for c in centres]
    c0 = max(x + edge + w0 / 2, min(centres[0], x + width - edge - gap - w1 - w0 / 2))
    c1 = min(x + width - edge - w1 / 2, max(centres[1], c0 + w0 / 2 + gap + w1 / 2))
    return [(c0, w0 + 0.01), (c1, w1 + 0.01)]


def units_panel(game, box: Box, pal: Palette, dice: bool = True, tr: Translator = ENGLISH) -> Group:
    """Die boxes per unit (top, bottom) above the chart of effects by difference, column for column;
    without `dice`, the unit names over the chart only (the player sheet's reference side)."""
    units = game.rules.units
    rows = game.rules.unit_rows
    effects = {e.key: e for e in game.text.effects}
    tints = _tints(pal)
    items, inner = w.panel(box, tr.gettext("Tribal units"), pal,
                           subtitle=f"{game.text.phases_text} \u00b7 {game.text.aim_text}", name="units")
    label_w = 36.0
    col_w = (inner.w - label_w) / len(units)
    sd_label = tr.gettext("Spirit Dancers")
    bs = 12.0  # a Spirit Dancer's box
    bx = inner.x + text_width(sd_label, "sans-bold", 7.5) + 5
    tx = bx + 2 * (bs + 4) + 3
    sd_lines = w.wrap_text(game.text.spirit_dancer_text, "sans-italic", MIN_TEXT, inner.right - tx)
    spirit_h = max(bs + 4, len(sd_lines) * MIN_TEXT * 1.1 + 1.6)  # the row grows to give the rule every line
    name_h = 11.0
    chart_min = 5 * 25.0
    side = max(26.0, min(col_w * 0.62, 40.0, (inner.h - name_h - spirit_h - chart_min - 12) / 2))
    y = inner.y
    for i, u in enumerate(units):
        cx = inner.x + label_w + col_w * (i + 0.5)
        head = f"{i + 1}\u2009{u.name}"
        label, size = w.fitted(head, "sans-bold", 8.5, col_w - 2)
        items.append(Text(cx, y + ASCENT * size, label, size, "sans-bold", "middle", pal.accent, role="unit"))
        if dice:
            for k in range(2):
                top = y + name_h + k * (side + 4)
                items.append(Rect(cx - side / 2, top, side, side, boxed(pal.paper, pal.ink, 1.0), radius=side * 0.14,
                                  role="die-box"))
    if dice:
        for k, (word, sub) in enumerate(((tr.gettext("top"), tr.gettext("tens")),
                                          (tr.gettext("bottom"), tr.gettext("ones")))):
            top = y + name_h + k * (side + 4)
            sign = ""
            items.append(w.text_in(inner.x + label_w - 4, top + side / 2 - 8, 8, sign + word, MIN_TEXT + 0.5, "sans-bold",
                                   "end", pal.soft))
            items.append(w.text_in(inner.x + label_w - 4, top + side / 2 + 1, 8, sub, MIN_TEXT, "sans-italic",
                                   "end", pal.faint))
        y += name_h + 2 * side + 4 + 4
        # spirit dancers
        items.append(w.text_in(inner.x, y, spirit_h, sd_label, 7.5, "sans-bold", color=pal.ink))
        for k in range(game.rules.spirit_dancers):
            items.append(Rect(bx + k * (bs + 4), y + (spirit_h - bs) / 2, bs, bs, boxed(pal.paper, pal.ink, 0.9),
                              radius=1.5, role="spirit-dancer"))
        ly = y + (spirit_h - len(sd_lines) * MIN_TEXT * 1.1) / 2 + ASCENT * MIN_TEXT + 0.3
        for k, line in enumerate(sd_lines):
            items.append(Text(tx, ly + k * MIN_TEXT * 1.1, line, MIN_TEXT, "sans-italic", "start", pal.soft))
        y += spirit_h + 3
    else:
        y += name_h + 4
    order = w.wrap_text(game.chart("units").modifier, "sans-italic", MIN_TEXT, inner.w)  # the order to resolve in
    for k, line in enumerate(order):
        items.append(Text(inner.x, y - 1 + ASCENT * MIN_TEXT + k * MIN_TEXT * 1.1, line, MIN_TEXT, "sans-italic",
                          "start", pal.soft))
    y += len(order) * MIN_TEXT * 1.1 + 3
    # the chart: a row per difference band
    items.append(Line(inner.x - 2, y - 1.5, inner.right + 2, y - 1.5, stroke(pal.line, 0.6)))
    row_h = (inner.bottom - y) / len(rows)
    icon_size = min(18.0, row_h - MIN_TEXT - 6)
    word_gap = 3.0  # between an icon and the word under it: the two are set as one block, mid-row
    block = icon_size + word_gap + (ASCENT + DESCENT) * MIN_TEXT
    for r, row in enumerate(rows):
        top = y + r * row_h
        kind = "bad" if (row.low or 0) >= 4 else ("good" if row.low in (2, 3) else "low")
        items.append(Rect(inner.x - 2, top, inner.w + 4, row_h, fill(tints[kind]), role="chart-row"))
        good = kind == "good"
        items.append(w.text_in(inner.x + label_w / 2 - 2, top, row_h, row.label, 11.0, "serif-bold", "middle",
                               pal.accent if good else pal.ink, role="difference"))
        if row.house:
            items.append(house_mark(inner.x + label_w - 3, top + ASCENT * MIN_TEXT + 2, pal))
        for i, cell in enumerate(row.cells):
            cx0 = inner.x + label_w + col_w * i
            n = len(cell.effects)
            slot = col_w / n
            words = [effects[key].name for key in cell.effects]
            for j, (key, (wx, room)) in enumerate(zip(cell.effects, word_slots(words, cx0, col_w))):
                sx = cx0 + slot * (j + 0.5)
                iy = top + (row_h - block) / 2 + icon_size / 2
                items.append(crows_icon(key, sx, iy, icon_size, pal.ink))
                word, ws = w.fitted(words[j], "sans", MIN_TEXT, room)
                items.append(Text(wx, iy + icon_size / 2 + word_gap + ASCENT * ws, word, ws, "sans", "middle", pal.ink,
                                  role="cell-word"))
            if cell.house and not row.house:
                items.append(house_mark(cx0 + col_w - 2, top + ASCENT * MIN_TEXT + 2, pal))
        items.append(Line(inner.x - 2, top + row_h, inner.right + 2, top + row_h, stroke(pal.faint, 0.4)))
    for i in range(len(units) + 1):
        x = inner.x + label_w + col_w * i
        if i < len(units):
            items.append(Line(x, y - 1.5, x, inner.bottom, stroke(pal.faint, 0.4)))
    return Group(tuple(items), name="units", box=tuple(box))


def units_width(game) -> float:
    """The least width units_panel needs for every chart cell's words under their icons (word_slots)."""
    effects = {e.key: e for e in game.text.effects}
    col = 0.0
    for row in game.rules.unit_rows:
        for cell in row.cells:
            widths = [text_width(effects[key].name, "sans", MIN_TEXT) for key in cell.effects]
            col = max(col, sum(widths) + 5 if len(widths) == 2 else len(widths) * (max(widths) + 1))
    return 36.0 + 8 + len(game.rules.units) * col


def icon_key(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """What each chart icon does; the three terrain icons share one entry."""
    effects = game.text.effects
    entries: list[tuple[tuple[str, ...], str, str]] = []
    terrain_keys = tuple(t.key for t in game.terrains)
    for e in effects:
        if e.key in terrain_keys:
            continue
        entries.append(((e.key,), e.name, e.meaning))
    colour = ruled(tr.gettext("colour an unmapped adjacent hex (or one 2 away)"), game, "map-lost")
    entries.append((terrain_keys, tr.gettext("Terrain"), colour))
    items, inner = w.panel(box, tr.gettext("Icon key"), pal, subtitle=tr.gettext("unit chart"), name="icon-key")
    cols = 2
    per_col = -(-len(entries) // cols)
    col_gap = 8.0
    col_w = (inner.w - col_gap) / cols
    slot_h = inner.h / per_col
    isz = min(12.0, slot_h - 1)
    for i, (keys, name, meaning) in enumerate(entries):
        c, r = divmod(i, per_col)
        x = inner.x + c * (col_w + col_gap)
        y = inner.y + r * slot_h
        icon_w = isz * len(keys) + 1.5 * (len(keys) - 1)
        for k, key in enumerate(keys):
            items.append(crows_icon(key, x + isz / 2 + k * (isz + 1.5), y + slot_h / 2, isz, pal.ink))
        tx = x + max(icon_w, isz) + 4
        head = f"{name}: "
        text_w = x + col_w - tx
        size = MIN_TEXT
        lines = w.wrap_text(head + meaning, "sans", size, text_w)
        bold = text_width(head, "sans-bold", size) - text_width(head, "sans", size)  # the name prints bold
        slack = col_gap / 2 if c < cols - 1 else 2.5  # into the gap between columns, or clear of the frame
        if text_width(lines[0], "sans", size) + bold > text_w + slack:  # so its line is wider than measured
            first = w.wrap_text(head + meaning, "sans", size, text_w - bold)[0]
            lines = [first] + w.wrap_text((head + meaning)[len(first):].strip(), "sans", size, text_w)
        max_lines = max(1, int(slot_h // (size * 1.12)))
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1], _ = w.fitted(lines[-1] + "\u2026", "sans", size, text_w)
        block = len(lines) * size * 1.12
        ty = y + (slot_h - block) / 2 + ASCENT * size + 0.3
        for j, line in enumerate(lines):
            if j == 0 and line.startswith(head.strip()):
                items.append(Text(tx, ty, head.strip(), size, "sans-bold", fill=pal.ink, role="key-name"))
                rest = line[len(head):]
                if rest:
                    items.append(Text(tx + text_width(head, "sans-bold", size), ty, rest, size, "sans", fill=pal.soft))
            else:
                items.append(Text(tx, ty + j * size * 1.12, line, size, "sans", fill=pal.soft))
    return Group(tuple(items), name="icon-key", box=tuple(box))


# --- keys and charts ------------------------------------------------------------------------


def terrain_panel(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The three key hexes to colour with the player's pencils, their costs, and other move costs."""
    items, inner = w.panel(box, tr.gettext("Terrain key & movement"), pal, subtitle=tr.gettext("colour the key hexes"),
                           name="terrain")
    n = len(game.terrains)
    rules = game.text.move_rules
    rule_rows = -(-len(rules) // 2)
    rules_h = rule_rows * MIN_TEXT * 1.25 + 2
    top_h = inner.h - rules_h
    hex_s = min(top_h - 1, 27.0)
    cw = inner.w / n
    for i, t in enumerate(game.terrains):
        x = inner.x + cw * i
        cx, cy = x + hex_s / 2 + 1, inner.y + top_h / 2
        layout = hexgrid.Layout(hexgrid.FLAT, (hex_s / 2, hex_s / 2), (cx, cy))
        items.append(Path(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill=pal.paper, stroke=pal.ink, width=0.9),
                          role="key-hex"))
        items.append(icon(t.key, cx, cy, hex_s * 0.5, pal.faint))
        tx = x + hex_s + 5
        tw = cw - hex_s - 7
        parts = [p.strip() for p in t.cost.split("+")]
        # the words beside the hex, raised where a short panel (a4) would set the last cost on the rule
        ty = min(cy, inner.y + top_h - 1.4 - (len(parts) - 1) * 7.2 - 3.2 - DESCENT * MIN_TEXT)
        name, ns = w.fitted(t.name, "sans-bold", 7.5, tw)
        items.append(Text(tx, ty - 4.5, name, ns, "sans-bold", "start", pal.ink, role="terrain"))
        for k, part in enumerate(parts):
            cost, cs = w.fitted(("+ " if k else "") + part, "sans", MIN_TEXT, tw)
            items.append(Text(tx, ty + 3.2 + k * 7.2, cost, cs, "sans", "start", pal.soft, role="cost"))
    y = inner.y + top_h + 1
    items.append(Line(inner.x, y - 1, inner.right, y - 1, stroke(pal.faint, 0.4)))
    need = [text_width(what + " ", "sans-bold", MIN_TEXT) + text_width(rule, "sans", MIN_TEXT)
            for what, rule in rules]
    first = max(need[:rule_rows]) + 10  # the first column as wide as it needs, if the second still fits
    split = max(min(first, inner.w - max(need[rule_rows:], default=0)), inner.w / 2 - 20)
    for i, (what, rule) in enumerate(rules):
        c, r = divmod(i, rule_rows)
        x = inner.x + c * split
        room = split - 6 if c == 0 else inner.right - x
        by = y + r * MIN_TEXT * 1.25 + ASCENT * MIN_TEXT + 1
        items.append(Text(x, by, what, MIN_TEXT, "sans-bold", "start", pal.ink, role="move-rule"))
        bw = text_width(what + " ", "sans-bold", MIN_TEXT)
        text, ts = w.fitted(rule, "sans", MIN_TEXT, room - bw)
        items.append(Text(x + bw, by, text, ts, "sans", "start", pal.soft))
    return Group(tuple(items), name="terrain-key", box=tuple(box))


def omen_chart(chart, box: Box, pal: Palette, columns: int = 2, tr: Translator = ENGLISH) -> Group:
    """The d66 Bad Omen chart in columns: roll, bold name, effect; house rows marked."""
    items, inner = w.panel(box, chart.title, pal, subtitle=tr.gettext("{roll}: tens die, then ones die").format(
        roll=chart.roll), name="omen")
    tints = _tints(pal)
    per_col = -(-len(chart.bands) // columns)
    col_gap = 6.0
    col_w = (inner.w - col_gap * (columns - 1)) / columns
    row_h = inner.h / per_col
    roll_w = text_width("00\u201300", "sans-bold", w.BODY) + 5
    mark_w = text_width(" " + HOUSE_MARK, "sans", MIN_TEXT) + 1.5
    avail = col_w - roll_w - mark_w

    def need(size: float) -> float:
        return max(text_width(b.results[0].partition(": ")[0] + ": ", "sans-bold", size)
                   + text_width(b.results[0].partition(": ")[2], "sans", size) for b in chart.bands)

    size = 7.2
    while size > MIN_TEXT and need(size) > avail:
        size = max(MIN_TEXT, size - 0.1)
    for i, band in enumerate(chart.bands):
        c, r = divmod(i, per_col)
        x = inner.x + c * (col_w + col_gap)
        top = inner.y + r * row_h
        if r % 2 == 0:
            items.append(Rect(x - 2, top, col_w + 4, row_h, fill(tints["zebra"])))
        items.append(w.text_in(x + roll_w - 4, top, row_h, band.label, w.BODY, "sans-bold", "end", pal.ink,
                               role="band"))
        name, _, effect = band.results[0].partition(": ")
        tx = x + roll_w
        items.append(w.text_in(tx, top, row_h, name + ":", size, "sans-bold", color=pal.ink, role="omen"))
        ex = tx + text_width(name + ": ", "sans-bold", size)
        eff, es = w.fitted(effect, "sans", size, x + col_w - mark_w - ex)
        items.append(w.text_in(ex, top, row_h, eff, es, "sans", color=pal.soft, role="omen"))
        if band.house:
            items.append(w.text_in(x + col_w, top, row_h, HOUSE_MARK, MIN_TEXT, "sans", "end", pal.house, role="house"))
    return Group(tuple(items), name="omen", box=tuple(box))


def rules_band(game, box: Box, pal: Palette) -> Group:
    """Win, lose and score on one line at the foot of the sheet, spread over its width."""
    parts = [game.text.win_text.partition(": "), game.text.lose_text.partition(": "),
             game.text.score_text.partition(": ")]

    def widths(size: float) -> list[float]:
        return [text_width(head + ": ", "sans-bold", size) + text_width(rest, "sans", size) for head, _, rest in parts]

    size = 7.5
    while size > MIN_TEXT and sum(widths(size)) + 2 * 30 > box.w:
        size = max(MIN_TEXT, size - 0.25)
    ws = widths(size)
    gap = (box.w - sum(ws)) / (len(parts) - 1)
    items: list = [Line(box.x, box.y + 0.5, box.right, box.y + 0.5, stroke(pal.line, 0.5))]
    base = box.bottom - 2.0
    x = box.x
    for i, ((head, _, rest), width) in enumerate(zip(parts, ws)):
        items.append(Text(x, base, head + ":", size, "sans-bold", "start", pal.accent, role="rules"))
        items.append(Text(x + text_width(head + ": ", "sans-bold", size), base, rest, size, "sans", "start", pal.ink,
                          role="rules"))
        x += width + gap
        if i < len(parts) - 1:  # a dot in the middle of the gap (SVG drops spaces at the ends of a text)
            items.append(Text(x - gap / 2, base, "\u00b7", size, "sans-bold", "middle", pal.faint))
    return Group(tuple(items), name="rules", box=tuple(box))


# --- the page: side 1, the map and the dice; side 2, the charts --------------------------------------

MAP_FLATS_MM = 20.0
MAP_PAD = 8.5
MIN_RIGHT_W = 132.0  # two die slots side by side, in a panel
DIE_CAPTIONS = (N_("top \u00b7 tens"), N_("bottom \u00b7 ones"))  # a unit's two die slots


def unit_dice_height(game, width: float, tr: Translator = ENGLISH) -> float:
    """What unit_dice needs this wide: a row a unit (its name, its die slots, a gap), under the title band
    and the subtitle's own line where it takes one (a language's longer title)."""
    below = w.subtitle_below(tr.gettext("Tribal units"), game.text.phases_text, width)
    return w.TITLE_BAR + 6 + (w.SUBTITLE_LINE if below else 0) \
        + len(game.rules.units) * (slot_size(game.piece("die")) + 7.5 + 4)


def unit_dice(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """Two die slots per tribal unit (top: tens, bottom: ones), one unit a row."""
    die = game.piece("die")
    items, inner = w.panel(box, tr.gettext("Tribal units"), pal, subtitle=game.text.phases_text, name="unit-dice")
    side = slot_size(die)
    units = game.rules.units
    n = game.rules.dice_per_roll
    row_h = inner.h / len(units)
    gap = min(10.0, (inner.w - n * side) / max(1, n - 1)) if n > 1 else 0  # a unit's two dice side by side
    for i, u in enumerate(units):
        top = inner.y + i * row_h
        label, size = w.fitted(f"{i + 1}\u2009{u.name}", "sans-bold", 7.5, inner.w)
        items.append(Text(inner.x, top + ASCENT * size, label, size, "sans-bold", fill=pal.accent, role="unit"))
        for k, word in enumerate(DIE_CAPTIONS[:n]):
            items += square_slot(inner.x + k * (side + gap), top + size + 2, die, pal, caption=tr.gettext(word))
    return Group(tuple(items), name="unit-dice", box=tuple(box))


VQ_ROW = 16.0  # a Vision Quest write-in row at its full height
VQ_ROW_LEAST = 14.0  # ...and the least a row may have (a pencil line under its label, the roll's box)


def vision_rules(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> tuple[list, Box]:
    """The panel, the Spirit Dancers' boxes and rule, then the Vision Quest's rule, every line of
    both; and the room left under them for the write-ins."""
    _ = tr.gettext
    title = _("Spirit Dancers \u00b7 Vision Quest")
    narrow = text_width(title, "sans-bold", w.PANEL_TITLE) > box.w - 8
    items, inner = w.panel(box, _("Vision Quest") if narrow else title, pal, name="vision")
    if narrow:  # the Spirit Dancers get a line of their own over their boxes
        items.append(Text(inner.x, inner.y + ASCENT * 7.0, _("Spirit Dancers"), 7.0, "sans-bold", fill=pal.ink))
        inner = Box(inner.x, inner.y + 9.5, inner.w, inner.h - 9.5)
    bs = 11.0
    for k in range(game.rules.spirit_dancers):
        items.append(Rect(inner.x + k * (bs + 4), inner.y, bs, bs, boxed(pal.paper, pal.ink, 0.9), radius=1.5,
                          role="spirit-dancer"))
    tx = inner.x + game.rules.spirit_dancers * (bs + 4) + 1
    lines = w.wrap_text(game.text.spirit_dancer_text, "sans-italic", MIN_TEXT, inner.right - tx)
    for k, line in enumerate(lines):
        items.append(Text(tx, inner.y + ASCENT * MIN_TEXT + k * MIN_TEXT * 1.1, line, MIN_TEXT, "sans-italic",
                          "start", pal.soft))
    y = inner.y + max(bs, len(lines) * MIN_TEXT * 1.1) + 5
    items.append(Line(inner.x, y - 2.5, inner.right, y - 2.5, stroke(pal.faint, 0.4)))
    quest = w.wrap_text(game.text.vision_quest_text, "sans-italic", MIN_TEXT, inner.w)
    for k, line in enumerate(quest):
        items.append(Text(inner.x, y + 1 + ASCENT * MIN_TEXT + k * MIN_TEXT * 1.1, line, MIN_TEXT, "sans-italic",
                          "start", pal.soft, role="vq-rule"))
    y += len(quest) * MIN_TEXT * 1.1 + 4
    return items, Box(inner.x, y, inner.w, inner.bottom - y)


def vision_height(game, width: float, tr: Translator = ENGLISH) -> float:
    """The least height spirit_and_vision needs this wide: both rules whole, the write-ins on one row."""
    _items, rest = vision_rules(game, Box(0, 0, width, 1000.0), palette("color"), tr)
    return 1000.0 - rest.h + VQ_ROW_LEAST


def roll_in(box: Box, pal: Palette, tr: Translator = ENGLISH) -> list:
    """The Vision Quest's roll: its label and a box for the die's number."""
    lw = text_width(tr.gettext("Roll"), "sans-bold", w.BODY)
    rs = min(box.h - 1, 14.0)
    return [Text(box.x, box.bottom - 3, tr.gettext("Roll"), w.BODY, "sans-bold", fill=pal.soft),
            Rect(box.x + lw + 4, box.bottom - rs, rs, rs, boxed(pal.paper, pal.ink, 0.9), radius=2, role="vq-roll")]


def spirit_and_vision(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The Spirit Dancers to cross out, then the Vision Quest's rule and its terrain, boon and roll: a
    row each where the panel is tall enough, else the roll beside the terrain, else all three on one
    row. The rules are never left out to make room (tests/test_sheet_whole_text.py)."""
    _ = tr.gettext
    items, rest = vision_rules(game, box, pal, tr)
    roll_w = text_width(_("Roll"), "sans-bold", w.BODY) + 4 + 14.0 + 2
    if rest.h >= 3 * VQ_ROW + 4:
        terrain, boon, roll = rest.split_y(0, 0, 0, gap=2)
    elif rest.h >= 2 * VQ_ROW_LEAST + 2:
        top, boon = rest.split_y(0, 0, gap=2)
        terrain, roll = top.split_x(0, roll_w, gap=10)
    else:
        terrain, boon, roll = rest.split_x((rest.w - roll_w - 20) * 0.5, 0, roll_w, gap=10)
    items += list(w.write_in(terrain, _("Terrain"), pal).items)
    items += list(w.write_in(boon, _("Boon"), pal).items)
    items += roll_in(roll, pal, tr)
    return Group(tuple(items), name="vision", box=tuple(box))


CROW_BOX_W = 12.0  # the least width of a numbered Crow box: a two-figure number clear of its sides


def crow_tally(game, box: Box, pal: Palette, last: int, tr: Translator = ENGLISH) -> Group:
    """The Crows: the first ones as birds to colour (the Vision Quest comes at the last of them), then
    numbered boxes up to `last`; the last box ticked is the number of Crows coloured."""
    n = game.rules.crows_for_vision
    points = game.rules.crow_points
    items, inner = w.panel(box, tr.pgettext("crow tally", "Crows"), pal, name="crows",
                           subtitle=tr.gettext("colour as your terrain \u00b7 the last one ticked \u00d7 {points} on a win").format(
                               points=points))
    extra = last - n
    per_row = -(-extra // 2)  # the numbered boxes in two rows
    # the birds as large as the panel's height allows, smaller where the boxes would get too narrow to
    # hold their numbers clear of their sides (a narrow panel: the rulebook's figure on a4)
    bird = min(inner.h - 1, 26.0, (inner.w - 8 - CROW_BOX_W * per_row) / n / 1.15)
    step = bird * 1.15  # paper between two birds: each one coloured on its own
    for i in range(n):
        cx = inner.x + step * (i + 0.5)
        items.append(crows_icon("crow", cx, inner.y + bird / 2, bird, pal.ink, fill=pal.paper))
        items.append(Text(cx + bird * 0.38, inner.y + bird * 0.94, str(i + 1), MIN_TEXT, "sans-bold", "middle",
                          pal.faint, role="crow-number"))
    x0 = inner.x + step * n + 8
    items.append(Line(x0 - 4, inner.y, x0 - 4, inner.bottom, stroke(pal.faint, 0.5, (1.5, 1.5))))
    cw = (inner.right - x0) / per_row
    ch = inner.h / 2
    for k in range(extra):
        r, c = divmod(k, per_row)
        x, y = x0 + c * cw, inner.y + r * ch
        items.append(Rect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, boxed(pal.paper, pal.line, 0.5), radius=1.0,
                          role="crow-box"))
        items.append(w.text_in(x + cw / 2, y, ch, str(n + k + 1), MIN_TEXT, "sans", "middle", pal.faint,
                               role="crow-number"))
    return Group(tuple(items), name="crows", box=tuple(box))


CROW_BOXES_TO = 36  # Crows the tally counts to; more are possible, and the tally says how to go on


def score_terms(game, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    _ = tr.gettext
    per_hex = game.rules.hex_points
    return [(_("Hexes travelled"), _("{points} each").format(points=per_hex)),
            (_("Crows coloured"), _("on a win: {points} each").format(points=game.rules.crow_points))]


def header(game, game_map, header_box: Box, pal: Palette, side: str, tr: Translator) -> list:
    """Title, Chief, Date and Turns, the four trackers and the score over the map."""
    die = game.piece("die")
    items: list = []
    n = len(game.trackers)
    widths = [w.tracker_width(t, 80.0) for t in game.trackers]
    title_box, trackers_box, score_box = header_box.split_x(205.0, sum(widths) + (n - 1) * 4, 0, gap=GAP)
    variant = variant_name(game_map, tr)
    tb_title, tb_fields = title_box.split_y(44 if variant else 34, 0, gap=2)
    items.append(title_block(tb_title, game.title, side, pal, variant=variant))
    f1, f2 = tb_fields.split_y(0, 0, gap=2)
    items.append(w.write_in(f1, tr.gettext("Chief"), pal))
    a, b = f2.split_x(0, 0, gap=10)
    items.append(w.write_in(a, tr.gettext("Date"), pal))
    items.append(w.write_in(b, tr.gettext("Turns"), pal))
    for tracker, box in zip(game.trackers, trackers_box.split_x(*widths, gap=4)):
        items.append(crows_tracker(tracker, box, pal, piece=die, lang=tr))
    items.append(w.score_box(score_terms(game, tr), score_box, pal, tr.gettext("Score"),
                             subtitle=tr.gettext("at the end"), tr=tr))
    return items


def front(game, game_map, opts: SheetOptions) -> list:
    """Side 1: title, the four trackers and the score; the map with the unit dice, Spirit Dancers and
    Vision Quest beside it; the Crows under it."""
    pal = opts.pal
    page = side_content(opts)
    die = game.piece("die")
    header_h = 12 + slot_size(die) + 2.5 + 10.5 + 1
    crows_h = 44.0
    header_box, body = page.split_y(header_h, 0, gap=GAP)
    x0, y0, x1, y1 = hexgrid.unit_bounds(game_map.axial.values())
    size = min((body.h - crows_h - GAP - 2 * MAP_PAD) / (y1 - y0),
               (body.w - MIN_RIGHT_W - GAP - 2 * MAP_PAD) / (x1 - x0), MAP_FLATS_MM * MM / hexgrid.SQRT3)
    map_w = (x1 - x0) * size + 2 * MAP_PAD + 0.5
    map_h = (y1 - y0) * size + 2 * MAP_PAD + 0.5
    left, right = body.split_x(map_w, 0, gap=GAP)
    map_box, crow_box = left.split_y(map_h, 0, gap=GAP)
    tr = translator(opts.lang)
    items = header(game, game_map, header_box, pal, tr.gettext(
        "Player sheet, side 1 of 2 (charts on side 2) \u00b7 pencils, {dice} dice"  # not a rule: the paper's sides
    ).format(dice=die.count), tr)

    if game_map.name != "standard":  # a variant of any size: laid out by content (sheets/layout.py)
        items += variant_body(game, game_map, body, pal, tr)
    else:
        group, _ctx = hex_map(game_map, game, map_box, pal, drawers=DRAWERS, start_label=tr.gettext("Start"),
                              coords=True, label_pad=MAP_PAD, max_flats=MAP_FLATS_MM * MM, tr=tr)
        items.append(group)
        items.append(crow_tally(game, crow_box, pal, CROW_BOXES_TO, tr))
        u_box, v_box = right.split_y(unit_dice_height(game, right.w, tr), 0, gap=GAP)
        items.append(unit_dice(game, u_box, pal, tr))
        items.append(spirit_and_vision(game, v_box, pal, tr))
    items.append(foot_line(opts, foot_credit(game, tr.gettext("side 1 of 2"), tr), pal,
                           left=tr.gettext("more than {count} Crows? keep counting beside the boxes").format(
                               count=CROW_BOXES_TO)))
    return items


def variant_body(game, game_map, body: Box, pal: Palette, tr: Translator = ENGLISH) -> list:
    """A variant map with the unit dice, the Spirit Dancers and Vision Quest and the Crows at natural
    size beside or under it, the map as large as that leaves."""

    panels = [
        Panel("unit-dice", 122.0, lambda wd: unit_dice_height(game, wd, tr), lambda box: unit_dice(game, box, pal, tr),
              max_w=150.0),
        Panel("vision", 170.0, lambda wd: max(122.0, vision_height(game, wd, tr)),
              lambda box: spirit_and_vision(game, box, pal, tr), max_w=260.0),
        Panel("crows", 430.0, lambda wd: 44.0, lambda box: crow_tally(game, box, pal, CROW_BOXES_TO, tr), max_w=620.0),
    ]
    size, map_box, placed = map_with_panels(game_map, body, panels, 12.0, 26.0, MAP_PAD)
    group, _ctx = hex_map(game_map, game, map_box, pal, drawers=DRAWERS, start_label=tr.gettext("Start"), coords=True,
                          label_pad=MAP_PAD, max_flats=size * hexgrid.SQRT3 + 0.01, tr=tr)
    return [group] + [p.draw(box) for p, box in placed]


def river_key(box: Box, pal: Palette, game, tr: Translator = ENGLISH) -> Group:
    """A sample of each mark printed on the map: the river beside the outlines it must not be mistaken
    for, and a plot hex's circled letter as the map draws it."""
    _ = tr.gettext
    items, inner = w.panel(box, _("On the map"), pal, name="map-key")
    plot = next(sym for sym in game.symbols if sym.key == "plot")
    samples = [("river", ruled(_("River: +1 Movement or +1 Resolve to cross"), game, "river-price")),
               ("canada", _("Canada, the goal (both hexes)")), ("start", _("Start")),
               ("fort", ruled(_("Fort Benton: no entry, not coloured"), game, "fort-blank")),
               ("zone", _("Zone of control: Prox \u22121")),
               ("plot", _("{plot}: stop on first entry").format(plot=plot.name) + f" {HOUSE_MARK}")]
    row_h = inner.h / len(samples)
    sw = 26.0
    for i, (key, text) in enumerate(samples):
        cy = inner.y + row_h * (i + 0.5)
        x0, x1 = inner.x, inner.x + sw
        if key == "river":
            width = 3.6
            items.append(Line(x0, cy, x1, cy, Style(fill=None, stroke=pal.river, width=width), role="river-sample"))
            if pal.river_core != pal.river:
                items.append(Line(x0, cy, x1, cy, Style(fill=None, stroke=pal.river_core, width=width * 0.42)))
            if pal.river_dash:  # the key's river as the map draws it
                items.append(Line(x0, cy, x1, cy, Style(fill=None, stroke=pal.river, width=0.6, dash=pal.river_dash)))
        elif key == "zone":
            items.append(Line(x0, cy, x1, cy, Style(fill=None, stroke=pal.accent, width=1.3, dash=(3.0, 2.0))))
        elif key == "plot":  # the map's plot mark (hexmap.draw_plot): a ringed letter
            r = row_h * 0.46
            items.append(Circle((x0 + x1) / 2, cy, r, Style(fill=pal.paper, stroke=pal.accent, width=0.8),
                                role="plot-sample"))
            items.append(w.text_in((x0 + x1) / 2, cy - r, 2 * r, game.rules.plot_letters[0], MIN_TEXT, "serif-bold",
                                   "middle", pal.accent, role="plot-sample"))
        else:  # a small hex drawn as the map draws the goal, the start and the fort
            hx = hexgrid.Layout(hexgrid.FLAT, (row_h * 0.5, row_h * 0.5), ((x0 + x1) / 2, cy))
            corners = tuple(hexgrid.hex_corners(hx, (0, 0)))
            style = {"canada": Style(fill=None, stroke=pal.accent, width=1.6),
                     "start": Style(fill=pal.paper, stroke=pal.ink, width=1.6),
                     "fort": Style(fill=pal.shade, stroke=pal.ink, width=1.0)}[key]
            items.append(Path(corners, style, role=f"{key}-sample"))
            if key == "start":
                items.append(icon("start", (x0 + x1) / 2, cy, row_h * 0.55, pal.ink))
            elif key == "fort":
                items.append(crows_icon("fort", (x0 + x1) / 2, cy, row_h * 0.6, pal.ink))
        label, size = w.fitted(text, "sans", MIN_TEXT, inner.w - sw - 6)
        items.append(w.text_in(x1 + 6, cy - row_h / 2, row_h, label, size, color=pal.ink))
    return Group(tuple(items), name="map-key", box=tuple(box))


def back(game, game_map, opts: SheetOptions) -> list:
    """Side 2, the reference: the turn, terrain and river keys, the unit chart, the icon key, Bad Omen."""
    pal = opts.pal
    tr = translator(opts.lang)
    lay = LAYOUTS[opts.paper]
    page = side_content(opts)
    head, band, rest = page.split_y(lay.header_h - 6, 12.0, 0, gap=4)  # win, lose, score under the title row
    rest = Box(rest.x, rest.y + GAP - 4, rest.w, rest.h - GAP + 4)
    items: list = []
    t_box, turn_box, r_box = head.split_x(205, 0, 190, gap=GAP)
    items.append(title_block(t_box, f"{game.title}", tr.gettext("{side}: turn, keys and charts").format(
        side=back_label(opts)[0]), pal))
    items.append(turn_order(game, turn_box, pal, tr))
    items.append(river_key(r_box, pal, game, tr))
    left, right = rest.split_x(0, max(330.0, units_width(game)), gap=GAP)  # a long language's words: wider
    k_box, o_box = left.split_y(lay.key_h, 0, gap=GAP)
    items.append(icon_key(game, k_box, pal, tr))
    omen = game.chart("bad-omen")
    items.append(omen_chart(omen, o_box, pal, columns=1 if o_box.h >= len(omen.bands) * 11.5 + 20 else 2, tr=tr))
    t2, u_box = right.split_y(lay.terrain_h, 0, gap=GAP)
    items.append(terrain_panel(game, t2, pal, tr))
    items.append(units_panel(game, u_box, pal, dice=False, tr=tr))
    items.append(rules_band(game, band, pal))
    items.append(foot_line(opts, foot_credit(game, back_label(opts)[1], tr), pal,
                           left=f"{HOUSE_MARK} {house_note(tr)} ({game.text.house_summary})", left_color=pal.house))
    return items


SIDES = ("2", "1", "ref")  # the formats this sheet prints in (--sides)
TRANSLATED = True  # every word it prints goes through the catalogs (tests/test_i18n.py)


def build(game, game_map, opts: SheetOptions):
    """game data + map + options -> a two-sided Scene (side 2 is Scene.pages[0]). Pure."""
    game = localized(game, translator(opts.lang))
    return by_sides(opts, game, game_map, lambda: front(game, game_map, opts), lambda: back(game, game_map, opts),
                    lambda: one_page(game, game_map, opts))


# --- one page with everything ------------------------------------------------------------------------

ONE_PAGE_MIN_MM = 15.0  # the one-page sheet's hexes: at least this across the flats
ONE_PAGE_MAX_MM = 26.0  # a small variant map is enlarged up to this
OMEN_COLUMNS = 3
OMEN_ROW = 10.5  # a Bad Omen row on the one page: rows clearly apart (over 1.4 lines of 7.2 pt), not prose
CROWS_MIN_W = 90.0
UNIT_ROW = 17.0  # a row of the compact unit chart: two effects on two lines, and a clear gap to the next row
UNIT_HEAD = 11.0  # the compact unit chart's row of differences: their 8 pt figures clear of the rule under them
DICE_GAP = 3.0  # paper between two unit die slots


def unit_dice_grid_size(game) -> tuple[float, float]:
    """(least width, height) of unit_dice_grid: a column a unit, its two dice one over the other."""
    side = slot_size(game.piece("die"))
    n = len(game.rules.units)
    return n * side + (n - 1) * DICE_GAP + 2 * 1.5, w.TITLE_BAR + 3 + 9.5 + 2 * side + DICE_GAP + 3


def unit_dice_grid(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The eight unit dice: a column a unit (name over it), the top die (tens) over the bottom one (ones)."""
    die = game.piece("die")
    side = slot_size(die)
    units = game.rules.units
    items, inner = w.panel(box, tr.gettext("Tribal units"), pal, subtitle=game.text.phases_text, name="unit-dice")
    inner = Box(box.x + 1.5, inner.y, box.w - 3.0, inner.h)  # the slots take the width: a thin frame
    col = inner.w / len(units)
    for i, u in enumerate(units):
        cx = inner.x + col * (i + 0.5)
        label, size = w.fitted(f"{i + 1}\u2009{u.name}", "sans-bold", 7.5, col - 2)
        items.append(Text(cx, inner.y + ASCENT * size, label, size, "sans-bold", "middle", pal.accent, role="unit"))
        for k, word in enumerate(DIE_CAPTIONS[:game.rules.dice_per_roll]):
            items += square_slot(cx - side / 2, inner.y + 9.5 + k * (side + DICE_GAP), die, pal, caption=tr.gettext(word))
    return Group(tuple(items), name="unit-dice", box=tuple(box))


def unit_chart_height(game) -> float:
    return w.TITLE_BAR + 3 + UNIT_HEAD + len(game.rules.units) * UNIT_ROW + 3


def _cell_lines(words: list[str], col: float) -> list[str]:
    """A compact chart cell's lines: its effects on one line, else one a line ("Resolve −1", alone, on two)."""
    one = " \u00b7 ".join(words)
    if text_width(one, "sans", MIN_TEXT) <= col - 5:
        return [one]
    if len(words) > 1:
        return words
    return list(one.rpartition(" ")[::2]) if " " in one else [one]  # rather than touching the rules


def unit_chart_fits(game, width: float) -> bool:
    """Whether every cell of unit_chart_compact this wide keeps its words in its column (clear of a ⌂)."""
    effects = {e.key: e for e in game.text.effects}
    name_w = max(text_width(f"{i + 1}\u2009{u.name}", "sans-bold", MIN_TEXT) for i, u in enumerate(game.rules.units)) + 3
    col = (width - 8 - name_w) / len(game.rules.unit_rows)
    mark = 2 * (text_width(HOUSE_MARK, "sans", MIN_TEXT) + 1.5)
    return all(text_width(line, "sans", MIN_TEXT) <= col - (mark if k == 0 and cell.house and not row.house else 2)
               for row in game.rules.unit_rows for cell in row.cells  # the ⌂ sits by the first line
               for k, line in enumerate(_cell_lines([effects[key].name for key in cell.effects], col)))


def unit_chart_compact(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The unit chart turned a quarter: a row a unit, a column a difference band, the effects in words
    (the icons and what they mean are on the reference card)."""
    units = game.rules.units
    rows = game.rules.unit_rows
    effects = {e.key: e for e in game.text.effects}
    tints = _tints(pal)
    icons = not unit_chart_fits(game, box.w)  # a long language's words: the icons, explained on the reference card
    items, inner = w.panel(box, tr.gettext("Unit chart"), pal, subtitle=game.text.aim_text, name="units")
    name_w = max(text_width(f"{i + 1}\u2009{u.name}", "sans-bold", MIN_TEXT) for i, u in enumerate(units)) + 3
    col = (inner.w - name_w) / len(rows)
    head_h = UNIT_HEAD
    for j, row in enumerate(rows):
        x = inner.x + name_w + col * j
        kind = "bad" if (row.low or 0) >= 4 else ("good" if row.low in (2, 3) else "low")
        items.append(Rect(x, inner.y, col, inner.h, fill(tints[kind]), role="chart-row"))
        items.append(w.text_in(x + col / 2, inner.y, head_h, row.label, 8.0, "serif-bold", "middle",
                               pal.accent if kind == "good" else pal.ink, role="difference"))
        if row.house:
            items.append(house_mark(x + col - 1.5, inner.y + ASCENT * MIN_TEXT + 1, pal))
        items.append(Line(x, inner.y, x, inner.bottom, stroke(pal.faint, 0.4)))
    items.append(Line(inner.x, inner.y + head_h, inner.right, inner.y + head_h, stroke(pal.faint, 0.5)))
    items.append(w.text_in(inner.x, inner.y, head_h, tr.gettext("difference"), MIN_TEXT, "sans-italic", color=pal.soft))
    for i, u in enumerate(units):
        top = inner.y + head_h + i * UNIT_ROW
        items.append(w.text_in(inner.x, top, UNIT_ROW, f"{i + 1}\u2009{u.name}", MIN_TEXT, "sans-bold",
                               color=pal.accent, role="unit"))
        for j, row in enumerate(rows):
            cell = row.cells[i]
            x = inner.x + name_w + col * j
            if icons:
                n = len(cell.effects)
                size = min(12.0, UNIT_ROW - 4, (col - 4) / n - 2)
                for k, key in enumerate(cell.effects):
                    items.append(crows_icon(key, x + col / 2 + (k - (n - 1) / 2) * (size + 2), top + UNIT_ROW / 2, size,
                                            pal.ink))
                if cell.house and not row.house:
                    items.append(house_mark(x + col - 1.5, top + ASCENT * MIN_TEXT + 2, pal))
                continue
            lines = _cell_lines([effects[key].name for key in cell.effects], col)
            y = top + (UNIT_ROW - len(lines) * MIN_TEXT * 1.1) / 2 + ASCENT * MIN_TEXT + 0.2
            for k, line in enumerate(lines):
                items.append(Text(x + col / 2, y + k * MIN_TEXT * 1.1, line, MIN_TEXT, "sans", "middle", pal.ink,
                                  role="cell-word"))
            if cell.house and not row.house:
                items.append(house_mark(x + col - 1.5, top + ASCENT * MIN_TEXT + 2, pal))
        if i:
            items.append(Line(inner.x, top, inner.right, top, stroke(pal.faint, 0.3)))
    return Group(tuple(items), name="units", box=tuple(box))


def _crow_grid(n: int, extra: int, inner: Box) -> tuple[float, int, int, int] | None:
    """(bird size, birds a row, boxes a row, box rows) for the compact tally, the largest birds first."""
    bird = 24.0
    while bird >= 15.0:
        per_row = max(1, int(inner.w // (bird * 1.3)))
        bird_rows = -(-n // per_row)
        cols = max(1, int(inner.w // 14.0))
        box_rows = -(-extra // cols)
        if bird_rows * bird * 1.05 + 3 + box_rows * 11.5 <= inner.h:
            return bird, per_row, cols, box_rows
        bird -= 1.0
    return None


def crow_tally_fits(game, box: Box, tr: Translator = ENGLISH) -> bool:
    """Whether crow_tally_compact fits `box`: its panel's inside (under a subtitle of its own line where
    the title leaves it no room) holds the birds and the boxes."""
    n = game.rules.crows_for_vision
    _items, inner = crow_tally_panel(game, box, palette("color"), tr)
    return box.w >= CROWS_MIN_W and _crow_grid(n, CROW_BOXES_TO - n, inner) is not None


def crow_tally_panel(game, box: Box, pal: Palette, tr: Translator = ENGLISH) -> tuple[list, Box]:
    return w.panel(box, tr.pgettext("crow tally", "Crows"), pal, name="crows",
                   subtitle=tr.gettext("last ticked \u00d7 {points}").format(points=game.rules.crow_points))


def crow_tally_compact(game, box: Box, pal: Palette, last: int, tr: Translator = ENGLISH) -> Group:
    """The Crows in a narrow panel: the birds to colour in rows, then the numbered boxes in a grid."""
    n = game.rules.crows_for_vision
    items, inner = crow_tally_panel(game, box, pal, tr)
    extra = last - n
    bird, per_row, cols, box_rows = _crow_grid(n, extra, inner)
    step = inner.w / per_row
    for i in range(n):
        r, c = divmod(i, per_row)
        cx = inner.x + step * (c + 0.5)
        cy = inner.y + r * bird * 1.05 + bird / 2
        items.append(crows_icon("crow", cx, cy, bird, pal.ink, fill=pal.paper))
        items.append(Text(cx + bird * 0.38, cy + bird * 0.44, str(i + 1), MIN_TEXT, "sans-bold", "middle",
                          pal.faint, role="crow-number"))
    y0 = inner.y + -(-n // per_row) * bird * 1.05 + 3
    items.append(Line(inner.x, y0 - 1.5, inner.right, y0 - 1.5, stroke(pal.faint, 0.5, (1.5, 1.5))))
    cw = inner.w / cols
    ch = min(12.0, (inner.bottom - y0) / box_rows)
    for k in range(extra):
        r, c = divmod(k, cols)
        x, y = inner.x + c * cw, y0 + r * ch
        items.append(Rect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, boxed(pal.paper, pal.line, 0.5), radius=1.0,
                          role="crow-box"))
        items.append(w.text_in(x + cw / 2, y, ch, str(n + k + 1), MIN_TEXT, "sans", "middle", pal.faint,
                               role="crow-number"))
    return Group(tuple(items), name="crows", box=tuple(box))


def omen_width(chart, columns: int, size: float = 7.0) -> float:
    """The width the Bad Omen chart reads at in `columns` columns with its effects at `size`."""
    roll_w = text_width("00\u201300", "sans-bold", w.BODY) + 5
    mark_w = text_width(" " + HOUSE_MARK, "sans", MIN_TEXT) + 1.5
    need = max(text_width(b.results[0].partition(": ")[0] + ": ", "sans-bold", size)
               + text_width(b.results[0].partition(": ")[2], "sans", size) for b in chart.bands)
    return columns * (roll_w + mark_w + need + 2) + (columns - 1) * 6.0 + 8


def omen_height(chart) -> float:
    return w.TITLE_BAR + 6 + -(-len(chart.bands) // OMEN_COLUMNS) * OMEN_ROW


VISION_LEAST_H = 84.0  # the one page's Vision Quest panel: at least this tall (three write-in rows on a4)
ONE_PAGE_LEFT_OUT = N_("the turn order, the icon, terrain and map keys, how to win and lose")


def _one_page_boxes(game, game_map, body: Box, tr: Translator = ENGLISH):
    """(hex size, map box, right column, band under the map) for the largest hexes that leave room for
    the unit dice, their chart and the Vision Quest (both its rules whole) beside the map and the Bad
    Omen chart and the Crows under it; None when even ONE_PAGE_MIN_MM leaves too little."""
    x0, y0, x1, y1 = hexgrid.unit_bounds(game_map.axial.values())
    dice_w, dice_h = unit_dice_grid_size(game)
    fixed_h = dice_h + unit_chart_height(game) + 2 * GAP
    omen = game.chart("bad-omen")
    band_h = omen_height(omen)
    mm = ONE_PAGE_MAX_MM
    while mm >= ONE_PAGE_MIN_MM - 1e-9:
        size = mm * MM / hexgrid.SQRT3
        mw, mh = (x1 - x0) * size + 2 * MAP_PAD + 0.5, (y1 - y0) * size + 2 * MAP_PAD + 0.5
        right = Box(body.x + mw + GAP, body.y, body.right - body.x - mw - GAP, mh)
        band = Box(body.x, body.y + mh + GAP, body.w, body.bottom - body.y - mh - GAP)
        right_h = fixed_h + max(VISION_LEAST_H, vision_height(game, right.w, tr))
        if right.w >= dice_w and right.h >= right_h and band.h >= band_h \
                and crow_tally_fits(game, Box(0, 0, band.w - omen_width(omen, OMEN_COLUMNS, MIN_TEXT) - GAP, band.h),
                                    tr):
            return size, Box(body.x, body.y, mw, mh), right, band
        mm -= 0.25
    return None


def one_page(game, game_map, opts: SheetOptions) -> list:
    """Everything on one page: title, trackers and score over the map (hexes as large as the page allows,
    at least ONE_PAGE_MIN_MM); beside it the unit dice, the unit chart and the Spirit Dancers and Vision
    Quest; under it the Bad Omen chart in three columns and the Crows. The keys are on the reference card."""
    pal = opts.pal
    tr = translator(opts.lang)
    page = side_content(opts)
    die = game.piece("die")
    header_h = 12 + slot_size(die) + 2.5 + 10.5 + 1
    header_box, body = page.split_y(header_h, 0, gap=GAP)
    subtitle = "" if variant_name(game_map, tr) else tr.gettext(
        "Player sheet, one page \u00b7 pencils, {dice} dice").format(dice=die.count)
    items = header(game, game_map, header_box, pal, subtitle, tr)

    found = _one_page_boxes(game, game_map, body, tr)
    if found is None:

        raise UsageError(f"{game.title}: this map leaves no room on one page for the unit dice beside it and "
                         f"the Bad Omen chart under it with hexes of {ONE_PAGE_MIN_MM:g} mm or more: print it "
                         f"two-sided (--sides 2)")
    size, map_box, right, band = found
    group, _ctx = hex_map(game_map, game, map_box, pal, drawers=DRAWERS, start_label=tr.gettext("Start"), coords=True,
                          label_pad=MAP_PAD, max_flats=size * hexgrid.SQRT3 + 0.01, tr=tr)
    items.append(group)
    dice_box, chart_box, vision_box = right.split_y(unit_dice_grid_size(game)[1], unit_chart_height(game), 0,
                                                    gap=GAP)
    items.append(unit_dice_grid(game, dice_box, pal, tr))
    items.append(unit_chart_compact(game, chart_box, pal, tr))
    items.append(spirit_and_vision(game, vision_box, pal, tr))
    omen = game.chart("bad-omen")
    crows_w = band.w - omen_width(omen, OMEN_COLUMNS) - GAP  # the chart at 7 pt when the Crows still fit
    if not crow_tally_fits(game, Box(0, 0, crows_w, band.h), tr):
        crows_w = band.w - omen_width(omen, OMEN_COLUMNS, MIN_TEXT) - GAP
    omen_box, crows_box = band.split_x(0, crows_w, gap=GAP)
    items.append(omen_chart(omen, omen_box, pal, columns=OMEN_COLUMNS, tr=tr))
    items.append(crow_tally_compact(game, crows_box, pal, CROW_BOXES_TO, tr))
    items.append(foot_line(opts, foot_credit(game, tr.gettext("one page"), tr), pal,
                           left=tr.gettext("on the reference card: {parts}").format(parts=tr.gettext(ONE_PAGE_LEFT_OUT))
                           + " \u00b7 " + tr.gettext("more than {count} Crows? count on beside the boxes").format(
                               count=CROW_BOXES_TO)))
    return items
