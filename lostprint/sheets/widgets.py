"""Sheet widgets: each takes game data, a Box and a Palette and returns a Group that stays inside
the box (the Group's `box`). Shared by every sheet and by the rulebooks' charts."""
from __future__ import annotations

import re

from lostprint.fonts import ASCENT, DESCENT, fit_size, text_width, wrap
from lostprint.games.model import HOUSE_MARK, Chart
from lostprint.geometry.paper import Box
from lostprint.i18n import ENGLISH, Translator
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text
from lostprint.sheets.icons import icon
from lostprint.sheets.pieces import slot_size, square_slot
from lostprint.sheets.style import MIN_TEXT, Palette, boxed, fill, stroke

TITLE_BAR = 12.0  # height of a panel's header band
PANEL_TITLE = 8.0  # a panel's title: the same size on every panel
BODY = 7.2  # body text size
SMALL = MIN_TEXT


def _no_lone_last_word(lines: list[str], fits) -> list[str]:
    """Give a lone last word a companion from the line before, when that line keeps two words and
    `fits(index, line)` says the longer last line still fits."""
    if len(lines) >= 2 and len(lines[-1].split()) == 1:
        prev = lines[-2].split()
        if len(prev) >= 3 or (len(prev) == 2 and len(lines) == 2 and not fits(-2, "")):
            moved = f"{prev[-1]} {lines[-1]}"
            if fits(len(lines) - 1, moved):
                return lines[:-2] + [" ".join(prev[:-1]), moved]
    return lines


def tied_marks(text: str) -> str:
    """The house-rule mark tied to the word before it by a no-break space: a line never starts with
    '⌂;' (the 1572 day's Map Travel did)."""
    return text.replace(f" {HOUSE_MARK}", f"\u00a0{HOUSE_MARK}")


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """Word wrap that does not end a paragraph on a line of one word (when the line before can spare
    one), nor start a line with a house-rule mark."""
    lines = wrap(tied_marks(text), font, size, width)
    return _no_lone_last_word(lines, lambda _, line: text_width(line, font, size) <= width)


def wrap_within(text: str, font: str, size: float, width: float, most: int | None = None) -> tuple[list[str], float]:
    """(lines, size): the text wrapped at `size`, or at the largest size down to MIN_TEXT (in steps of
    0.1 pt) that keeps it within `most` lines. A text that needs more even at MIN_TEXT keeps `most`
    lines, the last ending in an ellipsis, so the print checks (checks.cut_text) fail loudly: a printed
    sheet never drops words unseen."""
    lines = wrap_text(text, font, size, width)
    while most is not None and len(lines) > most and size > MIN_TEXT:
        size = max(MIN_TEXT, round(size - 0.1, 2))
        lines = wrap_text(text, font, size, width)
    if most is None or len(lines) <= most:
        return lines, size
    last = lines[most - 1]
    while last and text_width(last + "\u2026", font, size) > width:
        last = last[:-1]
    return lines[:most - 1] + [last.rstrip() + "\u2026"], size


def text_in(x: float, y_top: float, height: float, text: str, size: float, font: str = "sans",
            anchor: str = "start", color: str = "#000000", role: str = "") -> Text:
    """Text vertically centred in the band [y_top, y_top + height]."""
    baseline = y_top + height / 2 + (ASCENT - DESCENT) * size / 2
    return Text(x, baseline, text, size=size, font=font, anchor=anchor, fill=color, role=role)


def fitted(text: str, font: str, size: float, width: float) -> tuple[str, float]:
    """Shrink text to fit width (not below MIN_TEXT); if it still does not fit, cut with an ellipsis."""
    size = fit_size(text, font, size, width, MIN_TEXT)
    if text_width(text, font, size) <= width:
        return text, size
    while len(text) > 1 and text_width(text + "\u2026", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026", size


def panel(box: Box, title: str, pal: Palette, house: bool = False, subtitle: str = "",
          name: str = "") -> tuple[list, Box]:
    """A framed panel with a header band; returns its items and the inner box for content."""
    items: list = [
        Rect(box.x, box.y, box.w, box.h, boxed(pal.panel, pal.line, 0.7), radius=2.5, role="panel"),
        Path(((box.x, box.y + TITLE_BAR), (box.x, box.y + 2.5), (box.x + 2.5, box.y),
              (box.right - 2.5, box.y), (box.right, box.y + 2.5), (box.right, box.y + TITLE_BAR)),
             Style(fill=pal.header, stroke=None, width=0), closed=True),
        Line(box.x, box.y + TITLE_BAR, box.right, box.y + TITLE_BAR, stroke(pal.line, 0.5)),
    ]
    head = title + (f" {HOUSE_MARK}" if house else "")
    # every title at PANEL_TITLE; a subtitle too long beside it ("2d6 · phase 5" by a long title) gets a
    # line of its own under the band, whole, and the content starts under it
    below = bool(subtitle) and subtitle_below(head, subtitle, box.w)
    sub_w = text_width(subtitle, "sans", SMALL) + 6 if subtitle and not below else 0
    label, size = fitted(head, "sans-bold", PANEL_TITLE, box.w - 8 - sub_w)
    items.append(text_in(box.x + 4, box.y, TITLE_BAR, label, size, "sans-bold", color=pal.header_text,
                         role="title"))
    inner = Box(box.x + 4, box.y + TITLE_BAR + 3, box.w - 8, box.h - TITLE_BAR - 6)
    if below:
        sub, sub_size = fitted(subtitle, "sans-italic", SMALL, box.w - 8)
        items.append(Text(box.right - 4, inner.y + ASCENT * sub_size, sub, sub_size, "sans-italic", "end", pal.soft))
        inner = Box(inner.x, inner.y + SUBTITLE_LINE, inner.w, inner.h - SUBTITLE_LINE)
    elif subtitle:
        items.append(text_in(box.right - 4, box.y, TITLE_BAR, subtitle, SMALL, "sans-italic",
                             anchor="end", color=pal.soft))
    return items, inner


SUBTITLE_LINE = SMALL * 1.15 + 1  # a subtitle's own line under the header band


def subtitle_below(head: str, subtitle: str, width: float) -> bool:
    """Whether a panel this wide sets its subtitle on a line of its own: it does not fit beside the title."""
    return text_width(head, "sans-bold", PANEL_TITLE) + text_width(subtitle, "sans", SMALL) + 6 > width - 8


def chart_table(chart: Chart, box: Box, pal: Palette, max_row: float = 11.0, tr: Translator = ENGLISH) -> Group:
    """A dice chart: header, one line on what modifies the roll, then one row per band."""
    items, inner = panel(box, chart.title, pal, house=chart.house, subtitle=chart_subtitle(chart, tr))
    y = inner.y
    if chart.modifier:
        for line in wrap_text(chart.modifier, "sans-italic", SMALL, inner.w):  # every line: the rows below shrink
            items.append(Text(inner.x, y + ASCENT * SMALL + 0.5, line, SMALL, "sans-italic", fill=pal.soft))
            y += SMALL * 1.15
        y += 2
    rows = len(chart.bands)
    row_h = min(max_row, (inner.bottom - y) / rows)
    roll_w = max(text_width(b.label, "sans-bold", BODY) for b in chart.bands) + 8
    for i, band in enumerate(chart.bands):
        top = y + i * row_h
        if i % 2 == 0:
            items.append(Rect(inner.x - 2, top, inner.w + 4, row_h, fill(pal.zebra)))
        mark = f" {HOUSE_MARK}" if band.house else ""
        items.append(text_in(inner.x + roll_w - 5, top, row_h, band.label, BODY, "sans-bold",
                             anchor="end", color=pal.ink, role="band"))
        text = ", ".join(band.results) + mark
        result, size = fitted(text, "sans", BODY, inner.w - roll_w)
        lines = wrap_text(text, "sans", SMALL, inner.w - roll_w) if result != text else []
        if len(lines) == 2 and row_h >= 2 * SMALL * 1.05:  # a long language's result: on two lines, not cut
            ty = top + (row_h - 2 * SMALL * 1.05) / 2 + ASCENT * SMALL
            items += [Text(inner.x + roll_w, ty + k * SMALL * 1.05, line, SMALL, "sans", fill=pal.ink, role="result")
                      for k, line in enumerate(lines)]
        else:
            items.append(text_in(inner.x + roll_w, top, row_h, result, size, color=pal.ink, role="result"))
    items.append(Line(inner.x + roll_w - 2.5, y, inner.x + roll_w - 2.5, y + rows * row_h, stroke(pal.faint, 0.4)))
    return Group(tuple(items), name=f"chart:{chart.key}", box=tuple(box))


def chart_subtitle(chart: Chart, tr: Translator = ENGLISH) -> str:
    """What a chart's header says beside its title: the dice, and its phase ("2d6 · phase 5")."""
    return chart.roll + (" \u00b7 " + tr.gettext("phase {number}").format(number=chart.phase) if chart.phase else "")


def chart_need(chart: Chart, header: bool = False, tr: Translator = ENGLISH) -> float:
    """The width a chart's rows need at body size (and, with `header`, its title at full size)."""
    roll_w = max(text_width(b.label, "sans-bold", BODY) for b in chart.bands) + 8
    mark = text_width(f" {HOUSE_MARK}", "sans", BODY)
    rows = 8 + roll_w + max(text_width(", ".join(b.results), "sans", BODY) + (mark if b.house else 0)
                            for b in chart.bands) + 2
    # the header band: the title at full size beside its subtitle, as panel() sets them
    sub = chart_subtitle(chart, tr)
    head = (text_width(chart.title + (f" {HOUSE_MARK}" if chart.house else ""), "sans-bold", 8.0)
            + text_width(sub, "sans", SMALL) + 6 + 8 + 1)
    return max(rows, head) if header else rows


def chart_widths(charts, total: float, gap: float, tr: Translator = ENGLISH) -> list[float]:
    """Share `total` among charts: each gets what it needs, the rest is spread evenly."""
    room = total - gap * (len(charts) - 1)
    needs = [chart_need(c, header=True, tr=tr) for c in charts]
    if sum(needs) > room:  # rows first: a subtitle may take a line under its title, a result should not shrink
        needs = [chart_need(c, tr=tr) for c in charts]
    extra = (room - sum(needs)) / len(charts)
    if extra >= 0:
        return [n + extra for n in needs]
    return [n * room / sum(needs) for n in needs]


def chart_height(chart: Chart, width: float, row: float = 11.0, tr: Translator = ENGLISH) -> float:
    """The height chart_table needs at full row height for this width."""
    inner_w = width - 8
    lines = len(wrap_text(chart.modifier, "sans-italic", SMALL, inner_w)) if chart.modifier else 0
    head = chart.title + (f" {HOUSE_MARK}" if chart.house else "")
    below = SUBTITLE_LINE if subtitle_below(head, chart_subtitle(chart, tr), width) else 0.0
    return TITLE_BAR + 6 + below + lines * SMALL * 1.15 + (2 if lines else 0) + len(chart.bands) * row


def die_box(x: float, y: float, side: float, pal: Palette) -> list:
    """A square for a tracking die, with faint pips-guide corners."""
    return [Rect(x, y, side, side, boxed(pal.paper, pal.ink, 1.0), radius=side * 0.16, role="die-box")]


TRACKER_NAME = 8.0  # a tracker's name: every one at this size, its box as wide as the name needs


def tracker_width(tr, least: float) -> float:
    """A tracker's width: `least`, or more for a long name at TRACKER_NAME ("Movement Progress")."""
    return max(least, text_width(tr.name, "sans-bold", TRACKER_NAME) + 2)


def tracker(tr, box: Box, pal: Palette, scale_label: str = "", piece=None, lang: Translator = ENGLISH) -> Group:
    """A tracker: name, a die box, and the start and max under it. With `piece` (the game's die) the
    box is a slot sized from the die; without, it is as large as the box allows (rulebook figures)."""

    items: list = []
    name, size = fitted(tr.name, "sans-bold", TRACKER_NAME, box.w)
    items.append(Text(box.x + box.w / 2, box.y + ASCENT * size, name, size, "sans-bold", "middle", pal.ink, role="tracker"))
    side = slot_size(piece) if piece is not None else min(box.h - 26, box.w * 0.8, 54.0)
    dx = box.x + (box.w - side) / 2
    dy = box.y + size + 3
    items += square_slot(dx, dy, piece, pal) if piece is not None else die_box(dx, dy, side, pal)
    cap = scale_label or lang.gettext("start {start} \u00b7 max {maximum}").format(start=tr.start, maximum=tr.maximum)
    cap, csize = fitted(cap, "sans", SMALL, box.w)
    items.append(Text(box.x + box.w / 2, dy + side + 3 + ASCENT * csize, cap, csize, "sans", "middle", pal.soft))
    return Group(tuple(items), name=f"tracker:{tr.key}", box=tuple(box))


def tracker_height(box_w: float, piece=None) -> float:

    side = slot_size(piece) if piece is not None else min(box_w * 0.8, 54.0)
    return 8 + 3 + side + 3 + SMALL + 2


def _score_row(terms, items: list, inner: Box, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    cols = list(terms) + [(tr.gettext("Total"), "")]
    col_w = inner.w / len(cols)
    cell_h = min(inner.h - SMALL * 2.3 - 1, 20.0)
    for i, (label, rule) in enumerate(cols):
        x = inner.x + i * col_w
        total = i == len(terms)
        full = label + (f" ({rule})" if rule else "")
        if text_width(full, "sans-bold", SMALL) <= col_w - 12:
            items.append(Text(x, inner.y + ASCENT * SMALL, full, SMALL, "sans-bold", fill=pal.ink, role="score-term"))
        else:  # the rule under the label, when there is room for two lines over the box
            items.append(Text(x, inner.y + ASCENT * SMALL, fitted(label, "sans-bold", SMALL, col_w - 12)[0], SMALL,
                              "sans-bold", fill=pal.ink, role="score-term"))
            if inner.h - cell_h >= SMALL * 2.3 + 1:
                items.append(Text(x, inner.y + SMALL * 1.12 + ASCENT * SMALL, fitted(rule, "sans", SMALL, col_w - 12)[0],
                                  SMALL, "sans", fill=pal.soft, role="score-term"))
        items.append(Rect(x, inner.bottom - cell_h, col_w - 14, cell_h, boxed(pal.paper, pal.ink, 1.4 if total else 0.8),
                          radius=1.5, role="score-cell"))
        if i < len(cols) - 1:
            sign = "=" if i == len(cols) - 2 else "+"
            items.append(Text(x + col_w - 7, inner.bottom - cell_h / 2 + (ASCENT - DESCENT) * BODY / 2, sign, BODY,
                              "sans-bold", "middle", pal.soft))
    return Group(tuple(items), name="score", box=tuple(box))


SCORE_LINE_H = 16.0  # a score on one line: its height; the boxes are 15 pt (5 mm: room for a number)


def score_line(terms, box: Box, pal: Palette, title: str = "Score", tr: Translator = ENGLISH) -> Group:
    """The score on one line, no panel: the title, then each term's label and rule beside a box
    to write its points in, "+" between them, "=" and the total last. As wide as it needs; at the
    left of `box`, vertically centred."""
    cell_w, cell_h = 34.0, min(box.h, SCORE_LINE_H) - 1
    cy = box.y + box.h / 2
    items: list = [text_in(box.x, box.y, box.h, title, 8.0, "sans-bold", color=pal.accent, role="score-title")]
    x = box.x + text_width(title, "sans-bold", 8.0) + 8
    cols = list(terms) + [(tr.gettext("Total"), "")]
    for i, (label, rule) in enumerate(cols):
        total = i == len(cols) - 1
        lw = max(text_width(label, "sans-bold", SMALL), text_width(rule, "sans", SMALL) if rule else 0)
        if rule:
            items.append(Text(x, cy - 1.2, label, SMALL, "sans-bold", fill=pal.ink, role="score-term"))
            items.append(Text(x, cy + ASCENT * SMALL + 0.6, rule, SMALL, "sans", fill=pal.soft, role="score-term"))
        else:
            items.append(text_in(x, box.y, box.h, label, SMALL, "sans-bold", color=pal.ink, role="score-term"))
        x += lw + 4
        items.append(Rect(x, cy - cell_h / 2, cell_w, cell_h, boxed(pal.paper, pal.ink, 1.4 if total else 0.8),
                          radius=1.5, role="score-cell"))
        x += cell_w
        if not total:
            items.append(text_in(x + 6, box.y, box.h, "=" if i == len(cols) - 2 else "+", BODY, "sans-bold",
                                 "middle", pal.soft))
            x += 12
    return Group(tuple(items), name="score", box=(box.x, box.y, x - box.x, box.h))


def score_line_width(terms, title: str = "Score", tr: Translator = ENGLISH) -> float:
    """The width score_line takes."""
    x = text_width(title, "sans-bold", 8.0) + 8
    for label, rule in list(terms) + [(tr.gettext("Total"), "")]:
        x += max(text_width(label, "sans-bold", SMALL), text_width(rule, "sans", SMALL) if rule else 0) + 4 + 34 + 12
    return x - 12


def score_text_width(inner_w: float) -> float:
    """The width a stacked score term's name and rule have beside its box, in a panel `inner_w` wide inside."""
    return inner_w - min(46.0, inner_w * 0.28) - 11


def score_name_lines(label: str, width: float) -> list[str]:
    """A score term's name: one line (a little smaller if need be), else two at body size ("Übrige
    Konquistadoren" in a narrow panel), never cut."""
    if text_width(label, "sans-bold", MIN_TEXT) <= width:
        return [label]
    return wrap_text(label, "sans-bold", BODY, width)


SCORE_ROW_LEAST = BODY * 1.12 + SMALL * 1.12 + 3  # a stacked score row: a term's name, a line of its rule, air


def score_box(terms, box: Box, pal: Palette, title: str = "Score", subtitle: str = "",
              tr: Translator = ENGLISH) -> Group:
    """The game's scoring terms, each (label, how it scores) with a box to write the points in, and
    the total under them."""
    items, inner = panel(box, title, pal, subtitle=subtitle)
    rows = len(terms) + 1
    if inner.h / rows < SCORE_ROW_LEAST - 0.01:  # a low box: the terms side by side, each over its own box
        return _score_row(terms, items, inner, box, pal, tr)
    row_h = inner.h / rows
    cell_w = min(46.0, inner.w * 0.28)
    cell_h = min(row_h - 3, 20.0)
    text_w = score_text_width(inner.w)
    for i, (label, rule) in enumerate(list(terms) + [(tr.gettext("Total"), "")]):
        top = inner.y + i * row_h
        total = i == len(terms)
        names = [label] if total else score_name_lines(label, text_w)
        lines = [(name, "sans-bold", BODY if not total else 8.5, pal.ink) for name in names]
        most = max(3 - len(names), int((row_h - 3 - len(names) * BODY * 1.12) / (SMALL * 1.12) + 1e-6))  # rule lines
        if rule:
            for line in wrap_within(rule, "sans", SMALL, text_w, most)[0]:
                lines.append((line, "sans", SMALL, pal.soft))
        block = sum(sz * 1.12 for _, _, sz, _ in lines)
        y = top + (row_h - block) / 2
        for text, font, sz, color in lines:
            text, sz = fitted(text, font, sz, text_w)
            items.append(Text(inner.x, y + ASCENT * sz, text, sz, font, fill=color, role="score-term"))
            y += sz * 1.12
        cx, cy = inner.right - cell_w, top + (row_h - cell_h) / 2
        items.append(Rect(cx, cy, cell_w, cell_h, boxed(pal.paper, pal.ink, 1.4 if total else 0.8), radius=1.5,
                          role="score-cell"))
        if total:
            items.append(Line(inner.x, top + 0.5, inner.right, top + 0.5, stroke(pal.line, 0.6)))
        elif i:
            items.append(Text(cx - 3, cy + cell_h / 2 + (ASCENT - DESCENT) * SMALL / 2, "+", SMALL, "sans-bold",
                              "end", pal.soft))
    return Group(tuple(items), name="score", box=tuple(box))


def day_track(days: int, per_row: int, box: Box, pal: Palette, row_label: str = "Week",
              tr: Translator = ENGLISH) -> Group:
    """Boxes to cross off, one per day, the day number faint in each: a row per week, or a column
    per week when that gives bigger boxes (a tall panel)."""
    weeks = -(-days // per_row)
    inner = panel(box, tr.gettext("Days"), pal)[1]
    label_w = text_width(f"{row_label} {weeks}", "sans", SMALL) + 5
    head_h = SMALL + 3
    across = min((inner.w - label_w) / per_row, inner.h / weeks)
    down = min(inner.w / weeks, (inner.h - head_h) / per_row)
    columns = down > across
    cell = down if columns else across
    cols, rows = (weeks, per_row) if columns else (per_row, weeks)
    subtitle = tr.gettext("{days} in all").format(days=days) + (" \u00b7 " + tr.gettext("a column a week") if columns else "")
    items = panel(box, tr.gettext("Days"), pal, subtitle=subtitle)[0]
    left = 0.0 if columns else label_w
    top = head_h if columns else 0.0
    gx = inner.x + left + (inner.w - left - cell * cols) / 2
    gy = inner.y + top + (inner.h - top - cell * rows) / 2
    # the faint number sits in the box's corner, or in its middle where a narrow box (a longer word for
    # "Week" beside it) has no room for the corner's pad
    pad = min(3.2, (cell - text_width(str(days), "sans", SMALL)) / 2)
    for wk in range(weeks):
        if columns:
            items.append(Text(gx + wk * cell + cell / 2, gy - 3, str(wk + 1), SMALL, "sans-bold", "middle", pal.soft))
        else:
            items.append(text_in(gx - 4, gy + wk * cell, cell, f"{row_label} {wk + 1}", SMALL, anchor="end",
                                 color=pal.soft))
        for k in range(per_row):
            d = wk * per_row + k + 1
            if d > days:
                break
            c, r = (wk, k) if columns else (k, wk)
            x, y = gx + c * cell, gy + r * cell
            items.append(Rect(x + 1, y + 1, cell - 2, cell - 2, boxed(pal.paper, pal.line, 0.6), radius=1.2, role="day"))
            items.append(Text(x + pad, y + 3.0 + ASCENT * SMALL, str(d), SMALL, "sans", fill=pal.faint))
    return Group(tuple(items), name="days", box=tuple(box))


def key_list(entries, box: Box, pal: Palette, title: str, columns: int = 1, icon_color: str | None = None,
             swatch=None, name: str = "key") -> Group:
    """A legend: for each (icon, name, meaning) a small icon, a bold name and wrapped meaning.
    `swatch(icon, cx, cy, size)` may draw the icon instead (terrain hexes)."""
    items, inner = panel(box, title, pal)
    col_gap = 8.0
    col_w = (inner.w - col_gap * (columns - 1)) / columns
    per_col = -(-len(entries) // columns)
    slot_h = inner.h / per_col
    icon_size = min(13.0, slot_h - 1)
    text_w = col_w - icon_size - 5
    for i, (icon_name, label, meaning) in enumerate(entries):
        col, row = divmod(i, per_col)
        x = inner.x + col * (col_w + col_gap)
        y = inner.y + row * slot_h
        cx, cy = x + icon_size / 2, y + slot_h / 2
        if swatch is not None:
            items.append(swatch(icon_name, cx, cy, icon_size))
        elif icon_name:
            items.append(icon(icon_name, cx, cy, icon_size * 0.95, icon_color or pal.ink))
        tx = x + icon_size + 5
        head = f"{label}: "
        size = BODY if slot_h >= BODY * 1.2 * 2 else SMALL
        lines = wrap_after_head(head, meaning, size, text_w)
        max_lines = max(1, int(slot_h // (size * 1.15)))
        if len(lines) > max_lines:
            size = SMALL
            lines = wrap_after_head(head, meaning, size, text_w)
            max_lines = max(1, int(slot_h // (size * 1.15)))
            if len(lines) > max_lines:
                lines = lines[:max_lines]
                room = text_w - (text_width(head, "sans-bold", size) if max_lines == 1 else 0)
                lines[-1], _ = fitted(lines[-1] + "\u2026", "sans", size, room)
        block = len(lines) * size * 1.15
        ty = y + (slot_h - block) / 2 + ASCENT * size + 0.4
        items.append(Text(tx, ty, head.strip(), size, "sans-bold", fill=pal.ink, role="key-name"))
        head_w = text_width(head, "sans-bold", size)
        for j, line in enumerate(lines):
            if line:
                items.append(Text(tx + (head_w if j == 0 else 0), ty + j * size * 1.15, line, size, "sans",
                                  fill=pal.soft))
    return Group(tuple(items), name=name, box=tuple(box))


def wrap_after_head(head: str, body: str, size: float, width: float) -> list[str]:
    """Wrap `body` so its first line follows a bold `head` on the same line (line 0 excludes head)."""
    room = width - text_width(head, "sans-bold", size)
    words = re.split(r"[^\S\u00a0]+", tied_marks(body).strip())  # a mark stays with its word
    first = ""
    while words and text_width(f"{first} {words[0]}".strip(), "sans", size) <= room:
        first = f"{first} {words.pop(0)}".strip()
    lines = [first] + (wrap(" ".join(words), "sans", size, width) if words else [])
    return _no_lone_last_word(lines, lambda i, line: text_width(line, "sans", size) <= (room if i == 0 else width))


def rows_table(title: str, header: tuple[str, ...], rows: list[tuple[str, ...]], widths: tuple[float, ...],
               box: Box, pal: Palette, house: bool = False, subtitle: str = "", name: str = "table",
               bold_first: bool = True, wrap_last: bool = True) -> Group:
    """A small table; the last column wraps. `widths` are fractions of the inner width."""
    items, inner = panel(box, title, pal, house=house, subtitle=subtitle)
    xs = [inner.x]
    for w in widths[:-1]:
        xs.append(xs[-1] + w * inner.w)
    y = inner.y
    if header:
        for x, h in zip(xs, header):
            items.append(Text(x, y + ASCENT * SMALL, h, SMALL, "sans-bold", fill=pal.soft))
        y += SMALL + 3
    avail = inner.bottom - y
    row_h = avail / max(1, len(rows))
    last_w = inner.right - xs[-1]
    for i, row in enumerate(rows):
        top = y + i * row_h
        if i % 2 == 0:
            items.append(Rect(inner.x - 2, top, inner.w + 4, row_h, fill(pal.zebra)))
        for j, (x, cell) in enumerate(zip(xs, row)):
            font = "sans-bold" if (j == 0 and bold_first) else "sans"
            width = (xs[j + 1] - x - 3) if j + 1 < len(xs) else last_w
            if j == len(row) - 1 and wrap_last:
                size = BODY
                lines = wrap_text(cell, font, size, width)
                if len(lines) * size * 1.12 > row_h:
                    size = SMALL
                    lines = wrap_text(cell, font, size, width)
                n = max(1, int((row_h + 0.5) // (size * 1.12)))
                if len(lines) > n:
                    lines = lines[:n]
                    lines[-1], _ = fitted(lines[-1] + "\u2026", font, size, width)
                block = len(lines) * size * 1.12
                ty = top + (row_h - block) / 2 + ASCENT * size + 0.3
                for k, line in enumerate(lines):
                    items.append(Text(x, ty + k * size * 1.12, line, size, font, fill=pal.ink))
            else:
                label, size = fitted(cell, font, BODY, width)
                items.append(text_in(x, top, row_h, label, size, font, color=pal.ink))
    return Group(tuple(items), name=name, box=tuple(box))


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(value: int, x: float, y: float, side: float, pal: Palette) -> list:
    """A die showing `value` as pips, in the square (x, y, side)."""

    items: list = [Rect(x, y, side, side, boxed(pal.paper, pal.ink, 0.7), radius=side * 0.2)]
    step = side * 0.26
    for px, py in PIPS.get(value, []):
        items.append(Circle(x + side / 2 + px * step, y + side / 2 + py * step, side * 0.08, fill(pal.ink)))
    return items


def dice_key(chart: Chart, box: Box, pal: Palette, columns: int = 2) -> Group:
    """A die-face key: each face drawn with pips beside what it means (1572's planning chart)."""
    items, inner = panel(box, chart.title, pal, subtitle=chart.roll, house=chart.house)
    rows = -(-len(chart.bands) // columns)
    cell_h = inner.h / rows
    col_w = inner.w / columns
    side = min(cell_h - 3, 14.0)
    for i, band in enumerate(chart.bands):
        col, row = divmod(i, rows)
        x = inner.x + col * col_w
        y = inner.y + row * cell_h + (cell_h - side) / 2
        items += die_face(band.low or 0, x, y, side, pal)
        label, size = fitted(", ".join(band.results) + (f" {HOUSE_MARK}" if band.house else ""), "sans", BODY,
                             col_w - side - 6)
        items.append(text_in(x + side + 4, y, side, label, size, color=pal.ink, role="result"))
    return Group(tuple(items), name=f"chart:{chart.key}", box=tuple(box))


def write_in(box: Box, label: str, pal: Palette) -> Group:
    """A label and a ruled line to write on (name, date, expedition)."""
    size = BODY
    lw = text_width(label, "sans-bold", size)
    base = box.y + box.h - 3
    items = [Text(box.x, base, label, size, "sans-bold", fill=pal.soft),
             Line(box.x + lw + 4, base + 1.5, box.right, base + 1.5, stroke(pal.line, 0.6))]
    return Group(tuple(items), name=f"write-in:{label}", box=tuple(box))


# --- a dice chart turned a quarter: a column a band, for a short, wide room ------------------------------

STRIP_HEAD = 8.8  # the band labels' row of a strip chart
STRIP_RULE = 0.6  # the rule under the labels' row, this far under it
STRIP_GAP = 2.0  # from the labels' row to the results' tops: the rule keeps clear of both
STRIP_LINE = SMALL * 1.12


def _strip_cells(chart: Chart) -> list[tuple[str, str]]:
    """(label, result) of each band; a band's house mark only where the title does not carry it."""
    return [(b.label, ", ".join(b.results) + (f" {HOUSE_MARK}" if b.house and not chart.house else ""))
            for b in chart.bands]


def _strip_least(label: str, text: str) -> float:
    """A strip column's least width: its label, or its result on two lines at most (a cell is a label,
    not a paragraph)."""
    words = text.split()
    two = min(max(text_width(" ".join(words[:k]), "sans", SMALL), text_width(" ".join(words[k:]), "sans", SMALL))
              for k in range(1, len(words) + 1))
    return max(text_width(label, "sans-bold", BODY), two) + 4


def strip_widths(chart: Chart, width: float) -> list[float] | None:
    """Each column's width in `width` (inner): its least, the room left shared by what each needs on one
    line; None when even the least widths do not fit."""
    cells = _strip_cells(chart)
    least = [_strip_least(label, text) for label, text in cells]
    if sum(least) > width + 1e-6:
        return None
    full = [max(lw, text_width(text, "sans", SMALL) + 4) for lw, (_, text) in zip(least, cells)]
    want = sum(f - lw for f, lw in zip(full, least))
    spare = width - sum(least)
    if want <= spare:  # every cell on one line: the rest spread evenly
        return [f + (spare - want) / len(full) for f in full]
    return [lw + spare * (f - lw) / want for f, lw in zip(full, least)]


def strip_least_width(chart: Chart) -> float:
    return sum(_strip_least(label, text) for label, text in _strip_cells(chart)) + 8


def _strip_lines(chart: Chart, width: float) -> tuple[list[str], list[list[str]], list[float]]:
    inner_w = width - 8
    note = wrap_text(chart.modifier, "sans-italic", SMALL, inner_w) if chart.modifier else []
    widths = strip_widths(chart, inner_w) or [inner_w / len(chart.bands)] * len(chart.bands)
    cells = [wrap_text(text, "sans", SMALL, cw - 3) for (_, text), cw in zip(_strip_cells(chart), widths)]
    return note, cells, widths


def strip_height(chart: Chart, width: float) -> float:
    """What chart_strip needs at this width: the note, the labels' row, the most lines of a cell."""
    note, cells, _ = _strip_lines(chart, width)
    return TITLE_BAR + 6 + len(note) * SMALL * 1.15 + (2 if note else 0) + STRIP_HEAD + STRIP_GAP \
        + max(len(c) for c in cells) * STRIP_LINE + 2


def chart_strip(chart: Chart, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """A dice chart as columns: its note, then a column a band, the roll over what it gives (wrapped)."""
    items, inner = panel(box, chart.title, pal, house=chart.house, subtitle=chart_subtitle(chart, tr))
    note, cells, widths = _strip_lines(chart, box.w)
    y = inner.y
    for line in note:
        items.append(Text(inner.x, y + ASCENT * SMALL + 0.5, line, SMALL, "sans-italic", fill=pal.soft))
        y += SMALL * 1.15
    y += 2 if note else 0
    x = inner.x
    for i, ((label, _), lines, cw) in enumerate(zip(_strip_cells(chart), cells, widths)):
        if i % 2 == 0:
            items.append(Rect(x, y, cw, inner.bottom - y, fill(pal.zebra)))
        items.append(text_in(x + cw / 2, y, STRIP_HEAD, label, BODY, "sans-bold", "middle", pal.ink, role="band"))
        for k, line in enumerate(lines):
            items.append(Text(x + cw / 2, y + STRIP_HEAD + STRIP_GAP + ASCENT * SMALL + k * STRIP_LINE, line, SMALL,
                              "sans", "middle", pal.ink, role="result"))
        x += cw
    rule = y + STRIP_HEAD + STRIP_RULE
    items.append(Line(inner.x, rule, inner.right, rule, stroke(pal.faint, 0.4)))
    return Group(tuple(items), name=f"chart:{chart.key}", box=tuple(box))
