"""The look of every Crows piece: map tiles, spell cards, tokens and reference cards.

Each function draws one piece into its trim box (a Box, points, y down) and fills the bleed
around it; nothing is drawn outside the bleed box. `ink` is "color" or "mono" (black, greys and
patterns only); what each ink prints is the palette's (`lostprint.palette.KitInks`), never a branch
here. The record renderer reuses `tile_art` for the board.
"""
from __future__ import annotations

import functools
import math
import re

from lostprint.fonts import ASCENT, DESCENT, text_width, wrap
from lostprint.games import crows as G
from lostprint.geometry.paper import MM, Box
from lostprint.palette import kit_inks
from lostprint.i18n import ENGLISH, N_, Translator
from lostprint.scene import Circle, Path, Rect, Style, Text
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, palette, terrain_style
from lostprint.sheets.widgets import fitted

SPELL_COLORS = {"attract": "#8a2f17", "disperse": "#1f5f99", "drain": "#2d6f6f", "landfall": "#6b5320",
                "teleport": "#5b3f8f", "populate": "#2f6b25"}
FRAME_CLEAR = 4.5 * MM  # a printed frame keeps this far inside the trim, so an off cut does not show


def _fill(color: str) -> Style:
    return Style(fill=color, stroke=None, width=0)


def bleed_of(trim: Box, bleed: float) -> Box:
    return Box(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)


def background(trim: Box, bleed: float, style: Style, role: str = "bleed") -> Rect:
    b = bleed_of(trim, bleed)
    return Rect(b.x, b.y, b.w, b.h, Style(fill=style.fill, stroke=None, width=0, hatch=style.hatch), role=role)


def centred(x: float, y_mid: float, text: str, size: float, font: str, color: str, role: str = "") -> Text:
    """One line centred horizontally on x and vertically on y_mid."""
    return Text(x, y_mid + (ASCENT - DESCENT) * size / 2, text, size, font, "middle", color, role=role)


@functools.lru_cache(maxsize=512)
def wrapped(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """fonts.wrap, once per text, font, size and width: a kit sets each card's rule on every copy of the
    card and tries several sizes for each, the same lines every time."""
    return tuple(wrap(text, font, size, width))


def paragraph(text: str, box: Box, size: float, font: str, color: str, align: str = "middle",
              leading: float = 1.18, min_size: float = MIN_TEXT) -> list[Text]:
    """Wrapped text, shrunk (not below MIN_TEXT) until it fits the box; vertically centred."""
    while True:
        lines = list(wrapped(text, font, size, box.w))
        if len(lines) * size * leading <= box.h or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    fit = max(1, int((box.h + 0.01) // (size * leading)))
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1], _ = fitted(lines[-1] + "\u2026", font, size, box.w)
    block = len(lines) * size * leading
    y = box.y + (box.h - block) / 2 + ASCENT * size + (leading - 1) * size / 2
    x = {"middle": box.x + box.w / 2, "start": box.x}[align]
    return [Text(x, y + i * size * leading, line, size, font, align, color) for i, line in enumerate(lines)]


# --- map tiles -----------------------------------------------------------------------------------

def tile_colors(kind: str, ink: str) -> tuple[Style, str, str]:
    """(background style, art colour, plate colour) of a tile type."""
    t = G.tile_type(kind)
    k = kit_inks(ink)
    if kind == G.NIGHTFALL:
        ground = k.night_ground or t.tint
        return _fill(ground), k.night_art or t.deep, ground
    terrain = G.GAME.terrain(kind)
    style = terrain_style(terrain, palette(ink), stroke=None, width=0)
    return style, k.tile_art or t.deep, k.tile_plate


def tile_icon(kind: str, cx: float, cy: float, size: float, color: str, ink: str) -> list:
    """The art of a tile: its icon, and one crow per crow it brings."""
    t = G.tile_type(kind)
    if t.crows:
        items = [icon("tree", cx, cy + size * 0.14, size * 0.78, color)]
        s = size * 0.42
        gap = s * 0.92
        x0 = cx - gap * (t.crows - 1) / 2
        for i in range(t.crows):
            items.append(icon("raven", x0 + i * gap, cy - size * 0.4, s, color, fill=color))
        return items
    if kind == G.QUEEN:
        return [icon("crown", cx, cy - size * 0.3, size * 0.5, color, fill=None),
                icon("raven", cx, cy + size * 0.12, size * 0.62, color, fill=color)]
    if kind == G.NIGHTFALL:
        return [icon("moon", cx, cy, size, color, fill=color)]
    kw = {"fill": None} if t.icon in ("gem", "bolt", "flame") else {}
    return [icon(t.icon, cx, cy, size, color, **kw)]


def tile_art(kind: str, box: Box, ink: str, text: bool = True, stroke: str | None = None,
             tr: Translator = ENGLISH) -> list:
    """A tile filling `box` exactly (no bleed): background, icon, and (if `text`) its name."""
    style, art, _ = tile_colors(kind, ink)
    items: list = [Rect(box.x, box.y, box.w, box.h, Style(fill=style.fill, stroke=stroke, width=0.5 if stroke else 0,
                                                          hatch=style.hatch), role="tile")]
    s = box.w
    halo = halo_of(kind, ink)
    if halo:
        items.append(Circle(box.x + s / 2, box.y + s * 0.42, s * 0.3, _fill(halo)))
    items += tile_icon(kind, box.x + s / 2, box.y + s * 0.42, s * 0.44, art, ink)
    if text:
        lines, size = name_lines(tr.gettext(G.tile_type(kind).name), max(MIN_TEXT, s * 0.075), s * 0.9)
        mid = s * (0.86 if len(lines) == 1 else 0.83)
        if halo:
            wide = min(s * 0.94, size * 0.62 * max(len(line) for line in lines) + 6)
            tall = size * (0.6 + 1.0 * len(lines))
            items.append(Rect(box.x + (s - wide) / 2, box.y + mid - tall / 2, wide, tall, _fill(halo), radius=2))
        for i, line in enumerate(lines):
            items.append(centred(box.x + s / 2, box.y + mid + (i - (len(lines) - 1) / 2) * size * 1.05, line, size,
                                 "sans-bold", art))
    return items


def name_lines(name: str, size: float, width: float) -> tuple[list[str], float]:
    """A tile's name on one line, or on two where one line would have to be cut short (never an
    ellipsis on a tile name)."""
    one, one_size = fitted(name, "sans-bold", size, width)
    words = name.split()
    if one == name or len(words) < 2:
        return [one], one_size
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    # a second line of two words or more where there is one (a label never ends on a lone word), then
    # the most even pair
    best = min(splits, key=lambda pair: (len(pair[1].split()) < 2,
                                         max(text_width(part, "sans-bold", size) for part in pair)))
    fits = [fitted(part, "sans-bold", size, width) for part in best]
    return [text for text, _ in fits], min(sz for _, sz in fits)


def halo_of(kind: str, ink: str) -> str | None:
    """The disc behind a tile's art where the ink hatches its ground (never on the dark Nightfall)."""
    return None if kind == G.NIGHTFALL else kit_inks(ink).halo


PLATE_TOPS = (0.64, 0.6, 0.56, 0.52)  # where a tile's name plate may start, as a share of the tile


def tile_front(kind: str, trim: Box, bleed: float, ink: str, tr: Translator = ENGLISH) -> list:
    t = G.tile_type(kind)
    style, art, _ = tile_colors(kind, ink)
    s = trim.w
    items: list = [background(trim, bleed, style)]
    inset = s * 0.055  # the art's margin; no frame line is drawn there (an off cut would show it)
    frame = Box(trim.x + inset, trim.y + inset, s - 2 * inset, s - 2 * inset)
    name_size = max(MIN_TEXT, min(9.0, s * 0.075))
    effect = tr.gettext(t.effect)
    for share in PLATE_TOPS:  # the plate rises (the art shrinks) until the effect fits, in any language
        plate_top = trim.y + s * share
        plate = Box(frame.x + s * 0.03, plate_top, frame.w - s * 0.06, frame.bottom - s * 0.03 - plate_top)
        room = plate.bottom - 1.5 - (plate.y + 2 + name_size * 1.15)
        if len(wrapped(effect, "sans", MIN_TEXT, plate.w - 4)) * MIN_TEXT * 1.18 <= room:
            break
    items.append(Rect(plate.x, plate.y, plate.w, plate.h, _fill(plate_fill(kind, ink)), radius=s * 0.03))
    art_mid = trim.y + (frame.y - trim.y) + (plate_top - frame.y) / 2
    halo = halo_of(kind, ink)
    if halo:
        items.append(Circle(trim.x + s / 2, art_mid, (plate_top - frame.y) * 0.46, _fill(halo)))
    items += tile_icon(kind, trim.x + s / 2, art_mid, (plate_top - frame.y) * 0.66, art, ink)
    name, name_size = fitted(tr.gettext(t.name), "sans-bold", name_size, plate.w - 4)
    text_color = kit_inks(ink).night_text if kind == G.NIGHTFALL else art
    items.append(Text(trim.x + s / 2, plate.y + 2 + ASCENT * name_size, name, name_size, "sans-bold", "middle",
                      text_color, role="tile-name"))
    rest = Box(plate.x + 2, plate.y + 2 + name_size * 1.15, plate.w - 4, plate.bottom - 1.5 - (plate.y + 2 + name_size * 1.15))
    if rest.h >= MIN_TEXT * 1.1:
        items += paragraph(effect, rest, MIN_TEXT + 0.3, "sans", text_color)
    return items


def plate_fill(kind: str, ink: str) -> str:
    k = kit_inks(ink)
    return k.night_plate if kind == G.NIGHTFALL else k.tile_plate


def back_inks(pair: tuple[str, str], ink: str, saver: bool) -> tuple[str, str]:
    """(ground, art) of a back: the ink's pair, or white paper and a light line to save ink."""
    return ("#ffffff", kit_inks(ink).saver_art) if saver else pair


def tile_back(trim: Box, bleed: float, ink: str, saver: bool = False, tr: Translator = ENGLISH) -> list:
    bg, art = back_inks(kit_inks(ink).tile_back, ink, saver)
    s = trim.w
    items: list = [background(trim, bleed, _fill(bg))]
    items.append(icon("raven", trim.x + s / 2, trim.y + s * 0.42, s * 0.46, art, fill=None if saver else art,
                      **({} if saver else {"eye": bg})))
    size = max(MIN_TEXT, min(12.0, s * 0.1))
    items.append(centred(trim.x + s / 2, trim.y + s * 0.76, tr.gettext("Crows").upper(), size, "serif-bold", art))
    return items


# --- spell cards ---------------------------------------------------------------------------------

def spell_front(card: G.SpellCard, trim: Box, bleed: float, ink: str, words: bool = True,
                tr: Translator = ENGLISH) -> list:
    """A spell card's face; without `words` only its title and art (a thumbnail whose rule is printed
    beside it: shrunk, the rule's text would fall under the smallest size the kit prints)."""
    pal, k = palette(ink), kit_inks(ink)
    accent = k.spell_accent or SPELL_COLORS[card.key]
    paper = k.card
    items: list = [background(trim, bleed, _fill(paper))]
    safe = trim.inset(FRAME_CLEAR)
    items.append(Rect(safe.x, safe.y, safe.w, safe.h, Style(fill=None, stroke=accent, width=0.8), radius=6,
                      role="frame"))
    band_h = 11 * MM * min(1.0, trim.w / (56 * MM))
    band = k.spell_band or accent
    items.append(Rect(safe.x, safe.y, safe.w, band_h, _fill(band), radius=6))
    items.append(Rect(safe.x, safe.y + band_h / 2, safe.w, band_h / 2, _fill(band)))
    title, tsize = fitted(tr.gettext(card.name), "serif-bold", 14.0, safe.w - 8)
    items.append(centred(safe.x + safe.w / 2, safe.y + band_h / 2, title, tsize, "serif-bold", "#ffffff",
                         role="card-title"))
    art_h = safe.h * 0.36
    cx, cy = safe.x + safe.w / 2, safe.y + band_h + art_h / 2 + 2
    items.append(Circle(cx, cy, art_h * 0.42, Style(fill="#ffffff", stroke=accent, width=0.8)))
    items.append(icon(card.icon, cx, cy, art_h * 0.5, accent))
    if not words:
        return items
    foot = MIN_TEXT
    rule_box = Box(safe.x + 6, safe.y + band_h + art_h + 6, safe.w - 12,
                   safe.bottom - (safe.y + band_h + art_h + 6) - foot * 2.4)
    items += paragraph(tr.gettext(card.rule), rule_box, 8.0, "sans", pal.ink)
    note = tr.gettext("Unused at the end: {points} points").format(points=dict(G.SCORING)['unused_spell'])
    note, nsize = fitted(note, "sans-italic", foot, safe.w - 8)
    items.append(Text(cx, safe.bottom - foot * 0.9, note, nsize, "sans-italic", "middle", pal.soft, role="card-note"))
    return items


def spell_back(trim: Box, bleed: float, ink: str, saver: bool = False, tr: Translator = ENGLISH) -> list:
    bg, art = back_inks(kit_inks(ink).spell_back, ink, saver)
    items: list = [background(trim, bleed, _fill(bg))]
    safe = trim.inset(FRAME_CLEAR)
    items.append(Rect(safe.x, safe.y, safe.w, safe.h, Style(fill=None, stroke=art, width=0.8), radius=6,
                      role="frame"))
    cx, cy = trim.x + trim.w / 2, trim.y + trim.h * 0.44
    r = trim.w * 0.3
    items.append(Circle(cx, cy, r, Style(fill=None, stroke=art, width=0.8)))
    items.append(icon("star", cx, cy, r * 1.3, art, fill=None if saver else art))
    word, wsize = fitted(tr.gettext("Spell").upper(), "serif-bold", 14.0, trim.w - 2 * FRAME_CLEAR - 8)
    items.append(centred(cx, trim.y + trim.h * 0.72, word, wsize, "serif-bold", art))
    items.append(centred(cx, trim.y + trim.h * 0.72 + 14, tr.gettext("Crows"), 8.0, "serif-italic", art))
    return items


# --- tokens --------------------------------------------------------------------------------------

TOKEN_NAMES = {"coin-1": "Mana coin 1", "coin-5": "Mana coin 5", "corruption": "Mana Corruption",
               "totem": "Mana Totem", "first-player": "First player", "crow": "Crow", "queen-crow": "Queen crow"}


TOTEM_WORDS = (N_("red"), N_("blue"), N_("yellow"), N_("purple"))  # a totem's colour, as its token prints it
TOTEM_SHAPES = {"red": "circle", "blue": "square", "yellow": "triangle", "purple": "diamond"}


def totem_shape(name: str, cx: float, cy: float, r: float, color: str):
    """The outline that tells a totem's colour by shape too (in black and white, or to a colour-blind
    player): circle, square, triangle or diamond."""


    shape = TOTEM_SHAPES.get(name, "circle")
    style = Style(fill=None, stroke=color, width=1.3)
    role = f"totem-shape:{shape}"
    if shape == "circle":
        return Circle(cx, cy, r, style, role=role)
    corners = {"square": (4, math.pi / 4, 1.0), "triangle": (3, -math.pi / 2, 1.18), "diamond": (4, 0.0, 1.05)}
    n, turn, grow = corners[shape]
    pts = tuple((cx + r * grow * math.cos(turn + 2 * math.pi * k / n), cy + r * grow * math.sin(turn + 2 * math.pi * k / n)
                 + (r * 0.12 if shape == "triangle" else 0)) for k in range(n))
    return Path(pts, style, closed=True, role=role)


def token(kind: str, trim: Box, bleed: float, ink: str, color: tuple[str, str] | None = None,
          tr: Translator = ENGLISH) -> list:
    """One token; `color` is (name, hex) for a Mana Totem."""
    pal, k = palette(ink), kit_inks(ink)
    s = trim.w
    cx, cy = trim.x + s / 2, trim.y + trim.h / 2
    if kind in ("coin-1", "coin-5"):
        value = kind[-1]
        bg = k.coin[0] if value == "1" else k.coin[1]
        deep = k.coin_ink or pal.ink
        items = [background(trim, bleed, _fill(bg)),
                 Circle(cx, cy, s * 0.42, Style(fill=k.coin_face, stroke=deep, width=0.9))]
        size = s * 0.34
        base = cy - s * 0.06 + ASCENT * size / 2
        items.append(Text(cx, base, value, size, "serif-bold", "middle", deep, role="coin"))
        label, lsize = fitted(tr.gettext("mana"), "sans", MIN_TEXT, s * 0.5)
        # the word under the value, clear of it; the 5's ring goes round both where the coin has room
        under = max(cy + s * 0.25, base + DESCENT * size + ASCENT * lsize + 0.5)
        items.append(Text(cx, under, label, lsize, "sans", "middle", deep, role="coin-word"))
        if value == "5":

            half = text_width(label, "sans", lsize) / 2
            clear = math.hypot(half, under + DESCENT * lsize - cy) + 1.0
            ring = min(max(s * 0.36, clear), s * 0.42 - 1.5)
            items.insert(2, Circle(cx, cy, ring, Style(fill=None, stroke=deep, width=0.5)))
        return items
    if kind == "corruption":
        bg, art = k.corruption
        items = [background(trim, bleed, _fill(bg))]
        if k.corruption_ring:
            items.append(Circle(cx, cy - s * 0.07, s * 0.34, Style(fill=None, stroke=k.corruption_ring, width=0.9,
                                                                    dash=(2, 1.5))))
        items.append(icon("spiral", cx, cy - s * 0.07, s * 0.56, art))
        label, lsize = fitted(tr.gettext("corruption"), "sans-bold", MIN_TEXT, s * 0.86)
        items.append(Text(cx, trim.bottom - s * 0.08, label, lsize, "sans-bold", "middle", art))
        return items
    if kind == "totem":
        name, hexcol = color or G.TOTEM_COLORS[0]
        bg, art = k.totem_ground or hexcol, k.totem_art
        items = [background(trim, bleed, _fill(bg))]
        items.append(totem_shape(name, cx, cy - s * 0.1, s * 0.32, art))  # clear of the name under it
        items.append(icon("totem", cx, cy - s * 0.1, s * 0.42, art, fill=art))
        label, lsize = fitted(tr.gettext(name).upper(), "sans-bold", max(MIN_TEXT, s * 0.13), s * 0.86)
        items.append(Text(cx, trim.bottom - s * 0.08, label, lsize, "sans-bold", "middle", art))
        return items
    if kind == "first-player":
        bg = k.card
        deep = pal.accent
        items = [background(trim, bleed, _fill(bg)),
                 Circle(cx, cy - s * 0.06, s * 0.34, Style(fill=None, stroke=deep, width=0.9))]
        items.append(icon("raven", cx - s * 0.1, cy - s * 0.06, s * 0.34, deep, fill=deep))
        items.append(Text(cx + s * 0.14, cy + s * 0.02, "1", s * 0.24, "serif-bold", "middle", deep))
        label, lsize = fitted(tr.gettext("first player"), "sans-bold", MIN_TEXT, s * 0.9)
        items.append(Text(cx, trim.bottom - s * 0.07, label, lsize, "sans-bold", "middle", deep))
        return items
    if kind == "crow":
        return [background(trim, bleed, _fill(k.crow_ground)), icon("raven", cx, cy, s * 0.74, "#1b1a1f", fill="#1b1a1f")]
    if kind == "queen-crow":
        deep = "#1b1a1f"
        return [background(trim, bleed, _fill(k.queen_ground)),
                icon("crown", cx, cy - s * 0.27, s * 0.36, k.crown[0], fill=k.crown[1]),
                icon("raven", cx, cy + s * 0.1, s * 0.64, deep, fill=deep)]
    raise KeyError(kind)


# --- reference card ------------------------------------------------------------------------------

def hanging(line: str, size: float, width: float) -> tuple[str, float, list[str]]:
    """(number, indent, wrapped lines) of a list item: a numbered item's text hangs after its number."""
    m = re.match(r"(\d+\.)\s+", line)
    if m is None:
        return "", 0.0, list(wrapped(line, "sans", size, width))
    number = m.group(1)
    indent = text_width(number + " ", "sans", size)
    return number, indent, list(wrapped(line[m.end():], "sans", size, width - indent))


def reference_side(sections, trim: Box, bleed: float, ink: str, heading: str, tr: Translator = ENGLISH) -> list:
    """A reference card's side: its heading, then each (head, lines) section, translated by `tr`."""
    sections = [(tr.gettext(head), [tr.gettext(line) for line in lines]) for head, lines in sections]
    pal = palette(ink)
    accent = pal.accent
    paper = kit_inks(ink).card
    items: list = [background(trim, bleed, _fill(paper))]
    safe = trim.inset(FRAME_CLEAR)
    items.append(Rect(safe.x, safe.y, safe.w, safe.h, Style(fill=None, stroke=accent, width=0.8), radius=5,
                      role="frame"))
    inner = safe.inset(3 * MM)
    title, tsize = fitted(heading, "serif-bold", 12.0, inner.w)
    items.append(Text(inner.x, inner.y + ASCENT * tsize, title, tsize, "serif-bold", "start", accent,
                      role="ref-title"))
    y = inner.y + tsize + 6
    room = inner.bottom - y
    body = 9.0
    while True:
        lead = body * 1.22
        blocks = [(head, [hanging(line, body, inner.w - 7) for line in lines]) for head, lines in sections]
        need = sum(body * 1.5 + sum(len(wr) for _, _, wr in items_) * lead + 6 for _, items_ in blocks)
        if need <= room or body <= MIN_TEXT + 0.5:
            break
        body -= 0.25
    spare = max(0.0, (room - need) / max(1, len(blocks)))
    for head, entries in blocks:
        head, hsize = fitted(head, "sans-bold", body + 1.2, inner.w)  # a long heading shrinks to its line
        items.append(Text(inner.x, y + ASCENT * hsize, head, hsize, "sans-bold", "start", pal.ink, role="ref-head"))
        y += body * 1.5
        for number, indent, lines in entries:
            if number:
                items.append(Text(inner.x + 7, y + ASCENT * body, number, body, "sans", "start", pal.ink,
                                  role="list-number"))
            else:
                items.append(Circle(inner.x + 1.8, y + ASCENT * body * 0.55, 1.1, _fill(accent)))
            for line in lines:  # every line of an item starts at the same x: a hanging indent
                items.append(Text(inner.x + 7 + indent, y + ASCENT * body, line, body, "sans", "start", pal.ink,
                                  role="list-text"))
                y += lead
        y += 6 + spare
    return items
