"""The look of every Crows piece: map tiles, spell cards, tokens and reference cards.

Each function draws one piece into its trim box (a Box, points, y down) and fills the bleed
around it; nothing is drawn outside the bleed box. `ink` is "color" or "mono" (black, greys and
patterns only). The record renderer reuses `tile_art` for the board.
"""
from __future__ import annotations

import re

from lostprint.fonts import ASCENT, DESCENT, text_width, wrap
from lostprint.games import crows as G
from lostprint.geometry.paper import MM, Box
from lostprint.scene import Circle, Rect, Style, Text
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, palette, terrain_style
from lostprint.sheets.widgets import fitted

SPELL_COLORS = {"attract": "#8a2f17", "disperse": "#1f5f99", "drain": "#2d6f6f", "landfall": "#6b5320",
                "teleport": "#5b3f8f", "populate": "#2f6b25"}
PARCHMENT = "#f7f0dd"
# backs: far from Nightfall's night blue face in colour, so no one can spot Nightfall from behind
TILE_BACK = ("#7a5532", "#f3e7c9")  # (ground, art): bark brown
SPELL_BACK = ("#6e2233", "#efe3c8")  # wine red
MONO_BACK = "#d4d4d4"
SAVER_ART = {"color": "#8a8175", "mono": "#8c8c8c"}  # ink-saver backs: a light outline on white paper
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


def paragraph(text: str, box: Box, size: float, font: str, color: str, align: str = "middle",
              leading: float = 1.18, min_size: float = MIN_TEXT) -> list[Text]:
    """Wrapped text, shrunk (not below MIN_TEXT) until it fits the box; vertically centred."""
    while True:
        lines = wrap(text, font, size, box.w)
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
    pal = palette(ink)
    if kind == G.NIGHTFALL:
        return (_fill(t.tint if ink == "color" else "#3a3a3a"), t.deep if ink == "color" else "#ffffff",
                t.tint if ink == "color" else "#3a3a3a")
    terrain = G.GAME.terrain(kind)
    style = terrain_style(terrain, pal, stroke=None, width=0)
    return style, (t.deep if ink == "color" else pal.ink), ("#ffffff" if ink == "mono" else "#fffdf6")


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


def tile_art(kind: str, box: Box, ink: str, text: bool = True, stroke: str | None = None) -> list:
    """A tile filling `box` exactly (no bleed): background, icon, and (if `text`) its name."""
    style, art, _ = tile_colors(kind, ink)
    items: list = [Rect(box.x, box.y, box.w, box.h, Style(fill=style.fill, stroke=stroke, width=0.5 if stroke else 0,
                                                          hatch=style.hatch), role="tile")]
    s = box.w
    if ink == "mono" and kind != G.NIGHTFALL:
        items.append(Circle(box.x + s / 2, box.y + s * 0.42, s * 0.3, _fill("#ffffff")))
    items += tile_icon(kind, box.x + s / 2, box.y + s * 0.42, s * 0.44, art, ink)
    if text:
        name, size = fitted(G.tile_type(kind).name, "sans-bold", max(MIN_TEXT, s * 0.075), s * 0.9)
        if ink == "mono" and kind != G.NIGHTFALL:
            wide = min(s * 0.94, size * 0.62 * len(name) + 6)
            items.append(Rect(box.x + (s - wide) / 2, box.y + s * 0.86 - size * 0.8, wide, size * 1.6, _fill("#ffffff"),
                              radius=2))
        items.append(centred(box.x + s / 2, box.y + s * 0.86, name, size, "sans-bold", art))
    return items


def tile_front(kind: str, trim: Box, bleed: float, ink: str) -> list:
    t = G.tile_type(kind)
    style, art, _ = tile_colors(kind, ink)
    s = trim.w
    items: list = [background(trim, bleed, style)]
    inset = s * 0.055  # the art's margin; no frame line is drawn there (an off cut would show it)
    frame = Box(trim.x + inset, trim.y + inset, s - 2 * inset, s - 2 * inset)
    plate_top = trim.y + s * 0.64
    plate = Box(frame.x + s * 0.03, plate_top, frame.w - s * 0.06, frame.bottom - s * 0.03 - plate_top)
    items.append(Rect(plate.x, plate.y, plate.w, plate.h, _fill(plate_fill(kind, ink)), radius=s * 0.03))
    art_mid = trim.y + (frame.y - trim.y) + (plate_top - frame.y) / 2
    if ink == "mono" and kind != G.NIGHTFALL:
        items.append(Circle(trim.x + s / 2, art_mid, (plate_top - frame.y) * 0.46, _fill("#ffffff")))
    items += tile_icon(kind, trim.x + s / 2, art_mid, (plate_top - frame.y) * 0.66, art, ink)
    name_size = max(MIN_TEXT, min(9.0, s * 0.075))
    name, name_size = fitted(t.name, "sans-bold", name_size, plate.w - 4)
    text_color = art if kind != G.NIGHTFALL or ink == "mono" else "#f3e7b3"
    items.append(Text(trim.x + s / 2, plate.y + 2 + ASCENT * name_size, name, name_size, "sans-bold", "middle",
                      text_color, role="tile-name"))
    rest = Box(plate.x + 2, plate.y + 2 + name_size * 1.15, plate.w - 4, plate.bottom - 1.5 - (plate.y + 2 + name_size * 1.15))
    if rest.h >= MIN_TEXT * 1.1:
        items += paragraph(t.effect, rest, MIN_TEXT + 0.3, "sans", text_color)
    return items


def plate_fill(kind: str, ink: str) -> str:
    if kind == G.NIGHTFALL:
        return "#232840" if ink == "color" else "#262626"
    return "#ffffff" if ink == "mono" else "#fffdf5"


def back_inks(pair: tuple[str, str], ink: str, saver: bool) -> tuple[str, str]:
    """(ground, art) of a back: the pair in colour, grey in mono, white and a light line to save ink."""
    if saver:
        return "#ffffff", SAVER_ART[ink]
    return pair if ink == "color" else (MONO_BACK, "#000000")


def tile_back(trim: Box, bleed: float, ink: str, saver: bool = False) -> list:
    bg, art = back_inks(TILE_BACK, ink, saver)
    s = trim.w
    items: list = [background(trim, bleed, _fill(bg))]
    items.append(icon("raven", trim.x + s / 2, trim.y + s * 0.42, s * 0.46, art, fill=None if saver else art,
                      **({} if saver else {"eye": bg})))
    size = max(MIN_TEXT, min(12.0, s * 0.1))
    items.append(centred(trim.x + s / 2, trim.y + s * 0.76, "CROWS", size, "serif-bold", art))
    return items


# --- spell cards ---------------------------------------------------------------------------------

def spell_front(card: G.SpellCard, trim: Box, bleed: float, ink: str) -> list:
    pal = palette(ink)
    accent = SPELL_COLORS[card.key] if ink == "color" else pal.ink
    paper = PARCHMENT if ink == "color" else "#ffffff"
    items: list = [background(trim, bleed, _fill(paper))]
    safe = trim.inset(FRAME_CLEAR)
    items.append(Rect(safe.x, safe.y, safe.w, safe.h, Style(fill=None, stroke=accent, width=0.8), radius=6,
                      role="frame"))
    band_h = 11 * MM * min(1.0, trim.w / (56 * MM))
    band = accent if ink == "color" else "#333333"
    items.append(Rect(safe.x, safe.y, safe.w, band_h, _fill(band), radius=6))
    items.append(Rect(safe.x, safe.y + band_h / 2, safe.w, band_h / 2, _fill(band)))
    title, tsize = fitted(card.name, "serif-bold", 14.0, safe.w - 8)
    items.append(centred(safe.x + safe.w / 2, safe.y + band_h / 2, title, tsize, "serif-bold", "#ffffff",
                         role="card-title"))
    art_h = safe.h * 0.36
    cx, cy = safe.x + safe.w / 2, safe.y + band_h + art_h / 2 + 2
    items.append(Circle(cx, cy, art_h * 0.42, Style(fill="#ffffff", stroke=accent, width=0.8)))
    items.append(icon(card.icon, cx, cy, art_h * 0.5, accent))
    foot = MIN_TEXT
    rule_box = Box(safe.x + 6, safe.y + band_h + art_h + 6, safe.w - 12,
                   safe.bottom - (safe.y + band_h + art_h + 6) - foot * 2.4)
    items += paragraph(card.rule, rule_box, 8.0, "sans", pal.ink)
    note = f"Unused at the end: {dict(G.SCORING)['unused_spell']} points"
    note, nsize = fitted(note, "sans-italic", foot, safe.w - 8)
    items.append(Text(cx, safe.bottom - foot * 0.9, note, nsize, "sans-italic", "middle", pal.soft, role="card-note"))
    return items


def spell_back(trim: Box, bleed: float, ink: str, saver: bool = False) -> list:
    bg, art = back_inks(SPELL_BACK, ink, saver)
    items: list = [background(trim, bleed, _fill(bg))]
    safe = trim.inset(FRAME_CLEAR)
    items.append(Rect(safe.x, safe.y, safe.w, safe.h, Style(fill=None, stroke=art, width=0.8), radius=6,
                      role="frame"))
    cx, cy = trim.x + trim.w / 2, trim.y + trim.h * 0.44
    r = trim.w * 0.3
    items.append(Circle(cx, cy, r, Style(fill=None, stroke=art, width=0.8)))
    items.append(icon("star", cx, cy, r * 1.3, art, fill=None if saver else art))
    items.append(centred(cx, trim.y + trim.h * 0.72, "SPELL", 14.0, "serif-bold", art))
    items.append(centred(cx, trim.y + trim.h * 0.72 + 14, "Crows", 8.0, "serif-italic", art))
    return items


# --- tokens --------------------------------------------------------------------------------------

TOKEN_NAMES = {"coin-1": "Mana coin 1", "coin-5": "Mana coin 5", "corruption": "Mana Corruption",
               "totem": "Mana Totem", "first-player": "First player", "crow": "Crow", "queen-crow": "Queen crow"}


TOTEM_SHAPES = {"red": "circle", "blue": "square", "yellow": "triangle", "purple": "diamond"}


def totem_shape(name: str, cx: float, cy: float, r: float, color: str):
    """The outline that tells a totem's colour by shape too (in black and white, or to a colour-blind
    player): circle, square, triangle or diamond."""
    import math

    from lostprint.scene import Path

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


def token(kind: str, trim: Box, bleed: float, ink: str, color: tuple[str, str] | None = None) -> list:
    """One token; `color` is (name, hex) for a Mana Totem."""
    pal = palette(ink)
    s = trim.w
    cx, cy = trim.x + s / 2, trim.y + trim.h / 2
    mono = ink == "mono"
    if kind in ("coin-1", "coin-5"):
        value = kind[-1]
        bg = "#ffffff" if mono else ("#f4e2a0" if value == "1" else "#e9c46a")
        deep = pal.ink if mono else "#7a5a0c"
        items = [background(trim, bleed, _fill(bg)),
                 Circle(cx, cy, s * 0.42, Style(fill="#ffffff" if mono else "#fbf1cc", stroke=deep, width=0.9))]
        if value == "5":
            items.append(Circle(cx, cy, s * 0.36, Style(fill=None, stroke=deep, width=0.5)))
        size = s * 0.34
        items.append(Text(cx, cy - s * 0.06 + ASCENT * size / 2, value, size, "serif-bold", "middle", deep,
                          role="coin"))
        label, lsize = fitted("mana", "sans", MIN_TEXT, s * 0.5)
        items.append(Text(cx, cy + s * 0.3, label, lsize, "sans", "middle", deep))
        return items
    if kind == "corruption":
        bg, art = ("#ffffff", "#000000") if mono else ("#3e2f4f", "#d8c7f0")
        items = [background(trim, bleed, _fill(bg))]
        if mono:
            items.append(Circle(cx, cy - s * 0.07, s * 0.34, Style(fill=None, stroke="#000000", width=0.9, dash=(2, 1.5))))
        items.append(icon("spiral", cx, cy - s * 0.07, s * 0.56, art))
        label, lsize = fitted("corruption", "sans-bold", MIN_TEXT, s * 0.86)
        items.append(Text(cx, trim.bottom - s * 0.08, label, lsize, "sans-bold", "middle", art))
        return items
    if kind == "totem":
        name, hexcol = color or G.TOTEM_COLORS[0]
        bg, art = ("#ffffff", "#000000") if mono else (hexcol, "#ffffff")
        items = [background(trim, bleed, _fill(bg))]
        items.append(totem_shape(name, cx, cy - s * 0.1, s * 0.32, art))  # clear of the name under it
        items.append(icon("totem", cx, cy - s * 0.1, s * 0.42, art, fill=art))
        label, lsize = fitted(name.upper(), "sans-bold", max(MIN_TEXT, s * 0.13), s * 0.86)
        items.append(Text(cx, trim.bottom - s * 0.08, label, lsize, "sans-bold", "middle", art))
        return items
    if kind == "first-player":
        bg = "#ffffff" if mono else PARCHMENT
        deep = pal.ink if mono else pal.accent
        items = [background(trim, bleed, _fill(bg)),
                 Circle(cx, cy - s * 0.06, s * 0.34, Style(fill=None, stroke=deep, width=0.9))]
        items.append(icon("raven", cx - s * 0.1, cy - s * 0.06, s * 0.34, deep, fill=deep))
        items.append(Text(cx + s * 0.14, cy + s * 0.02, "1", s * 0.24, "serif-bold", "middle", deep))
        label, lsize = fitted("first player", "sans-bold", MIN_TEXT, s * 0.9)
        items.append(Text(cx, trim.bottom - s * 0.07, label, lsize, "sans-bold", "middle", deep))
        return items
    if kind == "crow":
        bg = "#ffffff" if mono else "#ece6d8"
        return [background(trim, bleed, _fill(bg)), icon("raven", cx, cy, s * 0.74, "#1b1a1f", fill="#1b1a1f")]
    if kind == "queen-crow":
        bg = "#ffffff" if mono else "#f3e3a4"
        deep = "#1b1a1f"
        return [background(trim, bleed, _fill(bg)),
                icon("crown", cx, cy - s * 0.27, s * 0.36, deep if mono else "#8a6508", fill=None if mono else "#e0b52c"),
                icon("raven", cx, cy + s * 0.1, s * 0.64, deep, fill=deep)]
    raise KeyError(kind)


# --- reference card ------------------------------------------------------------------------------

def hanging(line: str, size: float, width: float) -> tuple[str, float, list[str]]:
    """(number, indent, wrapped lines) of a list item: a numbered item's text hangs after its number."""
    m = re.match(r"(\d+\.)\s+", line)
    if m is None:
        return "", 0.0, wrap(line, "sans", size, width)
    number = m.group(1)
    indent = text_width(number + " ", "sans", size)
    return number, indent, wrap(line[m.end():], "sans", size, width - indent)


def reference_side(sections, trim: Box, bleed: float, ink: str, heading: str) -> list:
    pal = palette(ink)
    accent = pal.accent
    paper = PARCHMENT if ink == "color" else "#ffffff"
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
        hsize = body + 1.2
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
