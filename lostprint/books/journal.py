"""A finished game as one PDF: the filled map with the route and marks, a summary with the score
term by term, the resource chart, then the journal typeset as a story, one heading per day.

The whole is a document described as data (lostprint.render.document): the front pages are Scenes
(checked like sheets), the journal is paragraphs in DejaVu Serif, and the journal pages' running head,
rule and folio are Scene items of their page template.
Build: `build_journal(played, paper, ink) -> bytes` (PDF), `journal_scene` / `journal_pages` (the same
pages as Scenes, for SVG, PNG and the print checks); lostprint.app writes them.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lostprint import __version__
from lostprint.books.journal_chart import resource_chart
from lostprint.books.journal_facts import fact_text
from lostprint.books.journal_map import filled_map, interest_list, plot_code, plot_legend, trail_style
from lostprint.fonts import ASCENT, DESCENT, fit_size, text_width, wrap
from lostprint.games import load as game_data
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM, Box, page_size
from lostprint.i18n import ENGLISH, N_, Translator, localized
from lostprint.render.document import (CONTROL, Document, FrameBox, NextPage, PageBreak, PageScene, PageTemplate, Para,
                                       RunPara, TextStyle, as_scene, build_pdf, pages as document_pages)
from lostprint.saves.rules import slug
from lostprint.scene import Group, Line, Path as SPath, Rect, Scene, Style, Text
from lostprint.sheets.common import credit, credit_metadata, designers
from lostprint.sheets.hexmap import EDGE_RIVER_CORE, LABEL_PAD, RIVER_SIDE_MIN, hex_swatch, map_sample
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, Palette, palette
from lostprint.sheets.widgets import TITLE_BAR, panel, wrap_within
from lostprint.text.fallback import is_simple, missing_report
from lostprint.text.measure import shaping
from lostprint.typeset import curly, tie_last_words

MARGIN = 14 * MM
GAP = 9.0
LEGEND_HEX = 15.7  # points: the hex size the legend's route sample stands for (its dash scales with it)
JOURNAL_X = 27 * MM
JOURNAL_TOP = 22 * MM
JOURNAL_BOTTOM = 20 * MM
FOOTER_SIZE = MIN_TEXT


# Words the replay gives the journal by value, translated where printed: the score's terms (engines'
# score functions; a " × 2" after a term stays as it is), the reasons a game ended, the setup's keys,
# the map's name and an island's size.
GIVEN_WORDS = (
    N_("hexes mapped"), N_("hexes travelled"), N_("conquistadors"), N_("natural wonder"), N_("natural wonders"),
    N_("island visited"), N_("islands visited"), N_("crow coloured"), N_("crows coloured"),
    N_("the Mountie found (44A)"),
    N_("reached the river delta"), N_("the last conquistador was lost"), N_("reached the open sea beyond the exit"),
    N_("the last sailor died"), N_("drifted off the map"), N_("the sloop sank"), N_("reached Canada"),
    N_("Fort Benton fell (12A)"), N_("the food ran out and the tribe scattered"),
    N_("resolve failed and the Chief was cast out"), N_("the cavalry caught up"),
    N_("expedition"), N_("Expedition"), N_("Sailors"), N_("standard"), N_("small"), N_("medium"), N_("large"),
)


def score_label(label: str, tr: Translator = ENGLISH) -> str:
    """A score term in tr's language: 'natural wonders × 2' -> 'Naturwunder × 2'."""
    head, sep, tail = label.partition(" \u00d7 ")
    return tr._(head) + sep + tail


def plain(text: str) -> str:
    return curly(CONTROL.sub("", text))


def setup_text(played, tr: Translator = ENGLISH) -> str:
    parts = []
    for key, value in played.setup:
        option = next((o for o in played.game.options if o.key == value), None)
        if option is not None:
            parts.append(tr._("{option} {key}").format(option=option.name, key=tr._(key)))
        elif key == "sailors":
            parts.append(tr._("crew: {value}").format(value=value))
        else:
            parts.append(f"{tr._(key)}: {value}")
    return ", ".join(parts)


def result_line(played, tr: Translator = ENGLISH) -> tuple[str, str]:
    days = len(played.days)
    if played.result == "won":
        return tr._("Won"), tr._("on day {day}: {reason}").format(day=days, reason=tr._(played.reason))
    if played.result == "lost":
        return tr._("Lost"), tr._("on day {day}: {reason}").format(day=days, reason=tr._(played.reason))
    return tr._("Unfinished"), tr.ngettext("after {n} day", "after {n} days", days).format(n=days)


def map_name(played, tr: Translator = ENGLISH) -> str:
    gm = played.game_map
    if gm.seed is not None:
        return tr._("variant map, seed {seed}").format(seed=gm.seed)
    return tr._("{name} map").format(name=tr._(gm.name))


# --- the front pages (Scenes) --------------------------------------------------------------------


def fitted_lines(text: str, font: str, size: float, width: float, floor: float, max_lines: int):
    """Shrink to fit one line (not below floor), else wrap into at most max_lines, cutting the rest."""
    s = fit_size(text, font, size, width, floor)
    if text_width(text, font, s) <= width:
        return [text], s
    lines = wrap(text, font, s, width)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and text_width(last + "\u2026", font, s) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "\u2026"
    return lines, s


def title_block(played, box: Box, pal: Palette, tr: Translator = ENGLISH) -> tuple[Group, float]:
    game = played.game
    items = []
    y = box.y
    kind = tr._("A FINISHED GAME") if played.result in ("won", "lost") else tr._("A GAME IN PROGRESS")
    kicker = f"{game.title.upper()}  \u00b7  {kind}"
    ks = fit_size(kicker, "sans-bold", 8.0, box.w, MIN_TEXT)
    items.append(Text(box.x, y + ASCENT * ks, kicker, ks, "sans-bold", fill=pal.accent, role="kicker"))
    y += ks + 6
    title = plain(played.title) or (tr._("The journey of {player}").format(player=plain(played.player)) if played.player else game.title)
    lines, ts = fitted_lines(title, "serif-bold", 24.0, box.w, 14.0, 2)
    for line in lines:
        items.append(Text(box.x, y + ASCENT * ts, line, ts, "serif-bold", fill=pal.ink, role="title"))
        y += ts * 1.18
    parts = []
    if played.player:
        parts.append(tr._("kept by {player}").format(player=plain(played.player)))
    if played.setup:
        parts.append(setup_text(played, tr))
    parts.append(map_name(played, tr))
    sub = "  \u00b7  ".join(parts)
    sub_lines, ss = fitted_lines(sub, "sans-italic", 9.5, box.w, MIN_TEXT + 0.5, 2)
    y += 2
    for line in sub_lines:
        items.append(Text(box.x, y + ASCENT * ss, line, ss, "sans-italic", fill=pal.soft, role="subtitle"))
        y += ss * 1.3
    y += 3
    items.append(Line(box.x, y, box.right, y, Style(fill=None, stroke=pal.line, width=0.8)))
    height = y - box.y
    return Group(tuple(items), name="title", box=(box.x, box.y, box.w, height)), height


def map_height(played, width: float, limit: float) -> float:
    x0, y0, x1, y1 = hexgrid.unit_bounds(played.game_map.axial.values())
    inner_w = width - 2 * LABEL_PAD
    return min(limit, inner_w * (y1 - y0) / (x1 - x0) + 2 * LABEL_PAD)


def legend_entries(played, pal: Palette, ctx, tr: Translator = ENGLISH) -> list[tuple]:
    """(draw(cx, cy) -> items, label) for what this map shows."""
    color = pal.route
    kinds = {m.kind for m in played.marks}
    out = []

    def route_glyph(cx, cy):
        dash = tuple(round(f * LEGEND_HEX, 1) for f in pal.route_dash)  # as the map dashes it, unlike the river
        return [Line(cx - 9, cy, cx + 9, cy, Style(fill=None, stroke=color, width=1.8, dash=dash, cap="butt")),
                Rect(cx - 4, cy - 4, 8, 8, Style(fill="#ffffff", stroke=color, width=0.9), radius=4),
                Text(cx, cy + (ASCENT - DESCENT) * MIN_TEXT / 2, "7", MIN_TEXT, "sans-bold", "middle", color)]

    out.append((route_glyph, tr._("route, with the day each hex was entered")))
    if any(f.type == "river" for f in played.game_map.features):
        out.append((lambda cx, cy: [map_sample("river", cx, cy, 13, pal)], tr._("river")))  # drawn by the map's code
    elif any(f.type == "river-edges" for f in played.game_map.features):
        def river_glyph(cx, cy):
            river, core = getattr(pal, "river", pal.water), getattr(pal, "river_core", pal.water)
            width = 2.6 if core == river else 2 * RIVER_SIDE_MIN / (1 - EDGE_RIVER_CORE)  # cased as the map's
            glyph = [Line(cx - 9, cy, cx + 9, cy, Style(fill=None, stroke=river, width=width, cap="butt"))]
            if core != river:
                glyph.append(Line(cx - 9, cy, cx + 9, cy, Style(fill=None, stroke=core, width=width * EDGE_RIVER_CORE,
                                                                cap="butt")))
            return glyph

        out.append((river_glyph, tr._("river")))

    def start_glyph(cx, cy):
        return [icon("start", cx, cy, 10, pal.ink)]

    out.append((start_glyph, tr._("start")))

    def end_glyph(cx, cy):
        layout = hexgrid.Layout(hexgrid.FLAT, (6.5, 6.5), (cx, cy))
        dash = tuple(round(d * 0.65, 1) for d in pal.ring_dash)  # the map's ring dash, at the glyph's size
        return [SPath(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill=None, stroke=color, width=2.0,
                                                                        dash=dash))]

    out.append((end_glyph, tr._("where the game ended (day {day})").format(day=len(played.days))))
    if played.game_map.goals:
        def goal_glyph(cx, cy):
            layout = hexgrid.Layout(hexgrid.FLAT, (6.5, 6.5), (cx, cy))
            return [SPath(tuple(hexgrid.hex_corners(layout, (0, 0))), Style(fill=None, stroke=pal.accent, width=2.0))]

        out.append((goal_glyph, tr._("goal")))
    simple = {
        "village": ("village", tr._("village")),
        "peaceful-village": ("peaceful-village", tr._("peaceful village")),
    }
    for kind, (name, label) in simple.items():
        if kind in kinds:
            out.append((lambda cx, cy, n=name: [icon(n, cx, cy, 10, pal.ink)], label))
    if "trail" in kinds:
        out.append((lambda cx, cy: [Line(cx - 7, cy, cx + 7, cy, trail_style(pal, 1.6))], tr._("trail")))
    if "cataract" in kinds:
        out.append((lambda cx, cy: [map_sample("cataract", cx, cy, 13, pal)], tr._("cataract")))
    if "plot" in kinds:
        out.append(plot_legend(pal, tr))
    if "empire" in kinds:
        out.append((lambda cx, cy: [Line(cx - 8, cy + 3, cx + 8, cy + 3, Style(fill=None, stroke=pal.accent, width=1.1,
                                                                              dash=(3.2, 2.2))),
                                    icon("house", cx, cy - 2, 8, pal.accent)], tr._("advanced empire and its border")))
    if "lagos-de-oro" in kinds:
        out.append((lambda cx, cy: [icon("lake", cx, cy, 12, pal.water)], tr._("Lagos de Oro and its island")))
    if "island" in kinds:
        fill = pal.island
        out.append((lambda cx, cy: [SPath(((cx - 6, cy), (cx - 3, cy - 4), (cx + 4, cy - 3.5), (cx + 6.5, cy + 1),
                                          (cx + 2, cy + 4.5), (cx - 4, cy + 3.5)), Style(fill=fill, stroke=pal.ink,
                                                                                         width=0.8)),
                                    SPath(((cx - 1.2, cy - 1.2), (cx + 1.2, cy - 1.2), (cx + 1.2, cy + 1.2),
                                           (cx - 1.2, cy + 1.2)), Style(fill=pal.ink, stroke=None, width=0))],
                    tr._("island landed (dot: natives)")))
    if "burial" in kinds:
        out.append((lambda cx, cy: [Line(cx - 3.5, cy - 3.5, cx + 3.5, cy + 3.5, Style(stroke=pal.ink, width=1.3)),
                                    Line(cx - 3.5, cy + 3.5, cx + 3.5, cy - 3.5, Style(stroke=pal.ink, width=1.3))],
                    tr._("burial at sea")))
    terrains = []
    seen = {t for _, t in played.terrain}
    for t in played.game.terrains:
        if t.key in seen:
            terrains.append(t)
    for t in terrains:
        out.append((lambda cx, cy, t=t: [hex_swatch(t, cx, cy, 15, pal)], t.name))
    return out


def legend(entries, box: Box, pal: Palette, row_h: float = 15.0) -> tuple[Group, float]:
    items = []
    x, y = box.x, box.y
    size = 7.0
    for draw, label in entries:
        w = 20 + text_width(label, "sans", size) + 12
        if x + w > box.right and x > box.x:
            x = box.x
            y += row_h
        cy = y + row_h / 2
        items.extend(draw(x + 9, cy))
        items.append(Text(x + 20, cy + (ASCENT - DESCENT) * size / 2, label, size, "sans", "start", pal.soft,
                          role="legend"))
        x += w
    height = y + row_h - box.y
    return Group(tuple(items), name="legend", box=(box.x, box.y, box.w, height)), height


def notable(played, tr: Translator = ENGLISH) -> tuple[str, list[str]]:
    """The marks worth listing beside the score: 1572 interests, 1872 plots, 1672 islands."""
    found = interest_list(played)
    if found:
        # 1572's interest results by their save slug, in English (the msgids; played.game may be translated)
        names = {slug(b.results[0]): b.results[0] for b in game_data(played.game.id).chart("interests").bands}
        return tr._("Interests"), [f"{n}  " + tr._("{what}, {hex}, day {day}").format(
            what=tr._(names.get(m.get('result'), m.get('result'))), hex=m.hexes[0], day=m.day) for n, m in found]
    plots = [m for m in played.marks if m.kind == "plot"]
    if plots:
        lines = []
        for m in plots:
            title = m.get("title")
            text = f"{plot_code(m.get('letter'), m.get('roll'))} {tr._(title) if title else title}"  # as the rulebook
            if m.get("outcome"):
                text += f" \u2192 {m.get('outcome')}"
            lines.append(tr._("{what}, day {day}").format(what=text, day=m.day))
        return tr._("Plot hexes"), lines
    islands = [m for m in played.marks if m.kind == "island"]
    if islands:
        return tr._("Islands"), [tr._("{what}, day {day}").format(what=island_line(m, tr), day=m.day) for m in islands]
    return "", []


def island_line(m, tr: Translator = ENGLISH) -> str:
    """'Small island H7 (natives)'."""
    size, hexes = tr._(m.get("size", "")), ", ".join(m.hexes)
    line = (tr._("{size} island {hexes} (natives)") if m.get("natives") else tr._("{size} island {hexes}"))
    return line.format(size=size[:1].upper() + size[1:], hexes=hexes)


def stats_rows(played, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    limit = played.game.day_limit
    days = str(len(played.days))
    rows = [(tr._("Days"), tr._("{days} of {limit}").format(days=days, limit=limit) if limit else days),
            (tr._("Hexes mapped"), str(len(played.mapped_on))),
            (tr._("Hexes travelled"), str(len(played.route) - 1))]
    for key, value in played.setup:
        option = next((o for o in played.game.options if o.key == value), None)
        rows.append((tr._(key.replace("-", " ").capitalize()), option.name if option else value))
    gm = played.game_map
    rows.append((tr._("Map"), tr._("variant, seed {seed}").format(seed=gm.seed) if gm.seed is not None
                 else tr._(gm.name)))
    return rows


def result_block(played, x: float, y: float, w: float, pal: Palette, tr: Translator = ENGLISH) -> tuple[list, float]:
    """The result word, then why in up to three lines (smaller, down to MIN_TEXT, for a long reason)."""
    word, why = result_line(played, tr)
    items = [Text(x, y + ASCENT * 17, word, 17.0, "serif-bold", fill=pal.accent, role="result")]
    y += 17 + 3
    lines, size = wrap_within(why[0].upper() + why[1:], "sans-italic", 7.4, w, 3)
    for line in lines:
        items.append(Text(x, y + ASCENT * size, line, size, "sans-italic", fill=pal.soft))
        y += size * 1.3
    return items, y


def rows_block(rows, x: float, y: float, w: float, pal: Palette, size: float = 7.6) -> tuple[list, float]:
    """Label and value on a line; a value too long beside its label (a crew's names beside a long word for
    "sailors") on the next line, under it."""
    items = []
    for label, value in rows:
        ls, vs = fit_size(label, "sans", size, w * 0.5, MIN_TEXT), fit_size(value, "sans-bold", size, w * 0.48, MIN_TEXT)
        items.append(Text(x, y + ASCENT * size, label, ls, "sans", fill=pal.soft))
        if text_width(label, "sans", ls) + text_width(value, "sans-bold", vs) + 4 > w:
            y += size * 1.4
            vs = fit_size(value, "sans-bold", size, w, MIN_TEXT)
        items.append(Text(x + w, y + ASCENT * size, value, vs, "sans-bold", "end", pal.ink))
        y += size * 1.55
    return items, y


def score_block(played, x: float, y: float, w: float, pal: Palette, size: float = 7.6,
                tr: Translator = ENGLISH) -> tuple[list, float]:
    items = [Text(x, y + ASCENT * 8, tr._("Score"), 8.0, "sans-bold", fill=pal.accent)]
    y += 8 * 1.5
    for label, points in played.score:
        label = score_label(label, tr)
        items.append(Text(x, y + ASCENT * size, label, fit_size(label, "sans", size, w - 24, MIN_TEXT), "sans",
                          fill=pal.ink))
        items.append(Text(x + w, y + ASCENT * size, str(points), size, "sans", "end", pal.ink))
        y += size * 1.5
    items.append(Line(x, y, x + w, y, Style(fill=None, stroke=pal.line, width=0.6)))
    y += 3
    items.append(Text(x, y + ASCENT * 10, tr._("Total"), 10.0, "sans-bold", fill=pal.ink))
    items.append(Text(x + w, y + ASCENT * 10, str(played.total), 10.0, "sans-bold", "end", pal.ink, role="total"))
    y += 10 * 1.45
    if played.recorded_score is not None:
        items.append(Text(x, y + ASCENT * MIN_TEXT, "\u2713 " + tr._("as recorded on the sheet"), MIN_TEXT, "sans-italic",
                          fill=pal.soft))
        y += MIN_TEXT * 1.6
    return items, y


def list_block(played, x: float, y: float, w: float, bottom: float, pal: Palette,
               size: float = 7.6, tr: Translator = ENGLISH) -> tuple[list, float]:
    title, lines = notable(played, tr)
    if not lines:
        return [], y
    items = [Text(x, y + ASCENT * 8, title, 8.0, "sans-bold", fill=pal.accent)]
    y += 8 * 1.5
    room = max(1, int((bottom - y) // (size * 1.45)))  # lines; the last says how many are not listed
    shown_lines = lines if len(lines) <= room else lines[:room - 1]
    if len(shown_lines) < len(lines):
        more = "\u2026 " + tr._("and {n} more").format(n=len(lines) - len(shown_lines))
        items.append(Text(x, y + len(shown_lines) * size * 1.45 + ASCENT * size, more, MIN_TEXT, "sans-italic",
                          fill=pal.soft, role="list-more"))
    for text in shown_lines:
        shown, fs = text, fit_size(text, "sans", size, w, MIN_TEXT)
        while text_width(shown, "sans", fs) > w and len(shown) > 4:
            shown = shown[:-2].rstrip() + "\u2026"
        items.append(Text(x, y + ASCENT * size, shown, fs, "sans", fill=pal.ink, role="list-item"))
        y += size * 1.45
    return items, y + (size * 1.45 if len(shown_lines) < len(lines) else 0)


def summary_panel(played, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The game in numbers, stacked: result, facts, score, then interests / plots / islands."""
    items, inner = panel(box, tr._("The game in numbers"), pal)
    x, w = inner.x, inner.w
    block, y = result_block(played, x, inner.y + 2, w, pal, tr)
    items += block
    block, y = rows_block(stats_rows(played, tr), x, y + 5, w, pal)
    items += block
    block, y = score_block(played, x, y + 4, w, pal, tr=tr)
    items += block
    block, y = list_block(played, x, y + 4, w, inner.bottom, pal, tr=tr)
    items += block
    return Group(tuple(items), name="summary", box=tuple(box))


BAND_LIST_MOST = 120.0  # the band's list column: at most this tall, the rest counted ("… and 3 more")


def band_blocks(played, inner: Box, pal: Palette, tr: Translator = ENGLISH) -> tuple[list, float]:
    """The band's three columns in `inner` (result and every fact; score; the list), and how far
    down the tallest reaches."""
    c1, c2, c3 = inner.split_x(0, 0, 0, gap=16)
    items, y = result_block(played, c1.x, c1.y + 2, c1.w, pal, tr)
    block, facts_end = rows_block(stats_rows(played, tr), c1.x, y + 4, c1.w, pal, 7.2)
    items += block
    block, score_end = score_block(played, c2.x, c2.y + 1, c2.w, pal, tr=tr)
    items += block
    block, list_end = list_block(played, c3.x, c3.y + 1, c3.w, min(c3.bottom, c3.y + 1 + BAND_LIST_MOST), pal,
                                 7.2, tr=tr)
    return items + block, max(facts_end, score_end, list_end)


def summary_band(played, box: Box, pal: Palette, tr: Translator = ENGLISH) -> Group:
    """The same, side by side in one low panel (under a tall map)."""
    items, inner = panel(box, tr._("The game in numbers"), pal)
    block, _ = band_blocks(played, inner, pal, tr)
    return Group(tuple(items + block), name="summary", box=tuple(box))


def band_height(played, width: float, pal: Palette, tr: Translator = ENGLISH) -> float:
    """Tall enough for the tallest of the band's three columns, measured by setting them: every fact
    of the first (a game set up with many options has more than four) and the result's reason on as
    many lines as it takes."""
    _, inner = panel(Box(0, 0, width, 1000.0), "", pal)
    _, bottom = band_blocks(played, inner, pal, tr)
    return bottom - inner.y + TITLE_BAR + 6


HEAD_BASELINE = JOURNAL_TOP - 9 * MM  # from the page top: the running head, as on the journal pages
FOLIO_BASELINE = 9 * MM - JOURNAL_BOTTOM  # from the page bottom (negative: up): the centred folio


def footer(page: Box, W: float, H: float, pal: Palette, left: str, number: int, head: str = "",
           game_title: str = "", folio: str | None = None) -> Group:
    """The folio, centred, and the file line; from page 2 on also the running head with its rule:
    one look for the front pages and the journal's (whose template gives `folio=""`: each page's
    number is filled in as it is set)."""
    baseline = H + FOLIO_BASELINE
    items = [Text(JOURNAL_X, baseline, left, FOOTER_SIZE, "sans", "start", pal.faint, role="footer"),
             Text(W / 2, baseline, str(number) if folio is None else folio, 8.0, "sans", "middle", pal.soft,
                  role="folio")]
    if number > 1:
        items += [Text(JOURNAL_X, HEAD_BASELINE, head, 7.5, "sans", "start", pal.soft, role="running-head"),
                  Text(W - JOURNAL_X, HEAD_BASELINE, game_title, 7.5, "sans", "end", pal.soft, role="running-head"),
                  Line(JOURNAL_X, HEAD_BASELINE + 3.5, W - JOURNAL_X, HEAD_BASELINE + 3.5,
                       Style(fill=None, stroke=pal.line, width=0.4))]
    return Group(tuple(items), name="footer")


def clip_width(text: str, font: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis where it would pass `width` (by its printed width, not by
    counting characters: 60 W's are far wider than 60 i's)."""
    if text_width(text, font, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "\u2026", font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


HEAD_GAP = 18.0  # points between the running head's title and the game's name at its right


def running_title(played, W: float) -> str:
    """The title for the running head: whatever fits beside the game's name across the page."""
    title = plain(played.title) or played.game.title
    room = W - 2 * JOURNAL_X - text_width(played.game.title, "sans", 7.5) - HEAD_GAP
    return clip_width(title, "sans", 7.5, room)


def file_line(played, W: float, tr: Translator = ENGLISH) -> str:
    """The footer's left line: who designed the game. Build details (the save's file name, the
    version) go in the file's metadata, not on the page."""
    return clip_width(credit(played.game.id, tr), "sans", FOOTER_SIZE, W / 2 - JOURNAL_X - HEAD_GAP)


CHART_H = 330.0
ROW_MIN = 300.0  # the summary and the chart side by side need this much height
MAP_SHRINK = 0.7  # the map may give up to 30% of its height so they stay on page 1
JOURNAL_MIN = 200.0  # the journal starts under the last front page's content when this much is free


def front_pages(played, paper: str = "letter", ink: str = "color", tr: Translator = ENGLISH) -> list[Scene]:
    return front_layout(played, paper, ink, tr)[0]


def translated(played, tr: Translator):
    """The played game with its game data's printed words (title, terrains, options) in tr's language."""
    if tr is ENGLISH:
        return played
    return replace(played, game=localized(played.game, tr))


def front_layout(played, paper: str = "letter", ink: str = "color",
                 tr: Translator = ENGLISH) -> tuple[list[Scene], float | None]:
    """The front pages, and where on the last one the journal may begin (None: on a new page)."""
    meta = metadata(played, paper, ink)  # the file's metadata stays in English (it names the game)
    played = translated(played, tr)
    pal = palette(ink)
    W, H = page_size(paper, landscape=False)
    page = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    left = file_line(played, W, tr)
    head, head_h = title_block(played, page, pal, tr)
    y = page.y + head_h + GAP
    mh = map_height(played, page.w, page.h * 0.6)
    _, leg_h = legend(legend_entries(played, pal, None, tr), Box(page.x, 0, page.w, 0), pal)
    room = page.bottom - (y + mh + 4 + leg_h + GAP)
    if ROW_MIN - mh * (1 - MAP_SHRINK) <= room < ROW_MIN:  # no blank band: a smaller map, all on page 1
        mh -= ROW_MIN - room
    map_group, ctx = filled_map(played, Box(page.x, y, page.w, mh), pal, tr)
    y += mh + 4
    leg, leg_h = legend(legend_entries(played, pal, ctx, tr), Box(page.x, y, page.w, 0), pal)
    y += leg_h + GAP
    room = page.bottom - y
    head_text, game_title = running_title(played, W), played.game.title
    summary_w = 168.0
    items = [head, map_group, leg]
    if room >= ROW_MIN - 0.01:
        row = Box(page.x, y, page.w, min(room, 420.0))
        left_box, right_box = row.split_x(summary_w, 0, gap=GAP)
        items += [summary_panel(played, left_box, pal, tr), resource_chart(played, right_box, pal, tr=tr),
                  footer(page, W, H, pal, left, 1)]
        bottom = row.bottom
        pages = [Scene(W, H, tuple(items), metadata=meta, margin=MARGIN)]
    else:
        band = band_height(played, page.w, pal, tr)
        top = JOURNAL_TOP  # under the running head
        if room >= band:
            items.append(summary_band(played, Box(page.x, y, page.w, band), pal, tr))
            chart_box = Box(page.x, top, page.w, CHART_H)
            second = [resource_chart(played, chart_box, pal, tr=tr)]
        else:
            row = Box(page.x, top, page.w, CHART_H)
            left_box, right_box = row.split_x(summary_w, 0, gap=GAP)
            second = [summary_panel(played, left_box, pal, tr), resource_chart(played, right_box, pal, tr=tr)]
        items.append(footer(page, W, H, pal, left, 1))
        second.append(footer(page, W, H, pal, left, 2, head_text, game_title))
        bottom = top + CHART_H
        pages = [Scene(W, H, tuple(items), metadata=meta, margin=MARGIN),
                 Scene(W, H, tuple(second), metadata=meta, margin=MARGIN)]
    free = H - JOURNAL_BOTTOM - (bottom + 18)
    return pages, (bottom + 18 if free >= JOURNAL_MIN else None)


def metadata(played, paper: str, ink: str) -> tuple[tuple[str, str], ...]:
    gm = played.game_map
    title = plain(played.title) or played.game.title

    credits = dict(credit_metadata(played.game.id, played.game.title, "a finished game's journal"))
    player = plain(played.player)
    return (
        ("title", f"{title} \u2014 {played.game.title}"),
        ("author", f"{player}; game design: {designers(played.game.id)}" if player else credits["author"]),
        ("subject", credits["subject"]),
        ("credit", credits["credit"]),
        ("paper", paper),
        ("ink", ink),
        ("source", Path(played.source).name),
        ("game", played.game.id),
        ("map", gm.name),
        ("seed", "" if gm.seed is None else str(gm.seed)),
        ("version", __version__),
    )


# --- the journal (Platypus) ----------------------------------------------------------------------


def styles(pal: Palette) -> dict[str, TextStyle]:
    body = TextStyle("serif", 10.6, 15.4, pal.ink, "justify", space_after=3)
    return {
        "body": body,
        "body-next": replace(body, first_indent=14),
        # a long paragraph set as several paragraphs: all but the last without space after, the
        # later ones without indent (see chunks)
        "body-open": replace(body, space_after=0),
        "body-next-open": replace(body, first_indent=14, space_after=0),
        "body-run": replace(body, space_after=0),
        "body-close": body,
        "chapter": TextStyle("serif-bold", 22, 27, pal.accent, "center", space_after=4),
        "chapter-long": TextStyle("serif-bold", 15, 19, pal.accent, "center", space_after=4),
        "byline": TextStyle("serif-italic", 11, 15, pal.soft, "center", space_after=18),
        "day": TextStyle("serif-bold", 12.5, 15, pal.accent, space_before=11, space_after=0.5, keep_with_next=True),
        "facts": TextStyle("sans-italic", 7.4, 10, pal.soft, space_after=4.5, keep_with_next=True),
        "quiet": TextStyle("sans", 7.6, 11, pal.soft, space_before=3, space_after=1),
        "end": TextStyle("serif-italic", 10.6, 15.4, pal.soft, "center", space_before=16),
    }


CHUNK = 2400  # characters: a paragraph longer than this is set as several paragraphs


def chunks(text: str, size: int = CHUNK) -> list[str]:
    """A long paragraph cut into pieces of about `size` characters, at a sentence end when one is
    near, else at a space. Reportlab re-wraps the rest of a paragraph at every page break, so one
    huge paragraph costs quadratic time (1 MB: 15 minutes); pieces keep it linear."""
    out = []
    start = 0
    while len(text) - start > size:
        window = text[start:start + size]
        cut = max(window.rfind(". "), window.rfind("! "), window.rfind("? "), window.rfind("\u201d "))
        if cut < size // 2:
            cut = window.rfind(" ")
        cut = cut + 1 if cut > 0 else size
        out.append(text[start:start + cut].strip())
        start += cut
    out.append(text[start:].strip())
    return [c for c in out if c]


def chunked_paragraphs(text: str, first: bool, st: dict) -> list[Para]:
    """A journal paragraph: one, or several pieces that read as one paragraph."""
    pieces = chunks(text)
    if len(pieces) == 1:
        return [Para(plain(text), st["body" if first else "body-next"])]
    styles_of = [st["body-open" if first else "body-next-open"]] + [st["body-run"]] * (len(pieces) - 2) \
        + [st["body-close"]]
    return [Para(plain(piece), style) for piece, style in zip(pieces, styles_of)]


def paragraphs(text: str) -> list[str]:
    """Each line break starts a paragraph (YAML's folded `>` joins wrapped lines; a blank line there
    becomes one break), set with curly quotes and no lone last word."""
    # marks capped before a long paragraph is cut into pieces (chunks)
    parts = shaping().cap_marks(text).strip().split("\n")
    return [tie_last_words(curly(" ".join(p.split()))) for p in parts if p.strip()]


def font_warning(played) -> str:
    """The one warning for characters no installed font covers (they print as placeholders)."""
    places = [("title", plain(played.title), "serif-bold"), ("player", plain(played.player), "serif-italic")]
    for d in played.days:
        places += [(f"day {d.day}", plain(d.journal or ""), "serif"),
                   (f"day {d.day}", " ".join(d.facts), "sans-italic")]
    return missing_report(places)


def story(played, pal: Palette, tr: Translator = ENGLISH) -> list:
    """The journal as paragraphs (data: lostprint.render.document sets them)."""
    st = styles(pal)
    out: list = []
    title = plain(played.title) or played.game.title
    chapter = st["chapter"] if len(title) <= 48 else st["chapter-long"]
    out.append(Para(plain(title), chapter, "serif-bold"))
    by = tr._("The journal of {player}").format(player=plain(played.player)) if played.player else tr._("The journal")
    out.append(Para(plain(f"{by}, {played.game.title}"), st["byline"], "serif-italic"))
    names = {t.key: t.name for t in played.game.terrains}  # in tr's language (played is translated)
    for d in played.days:
        facts = curly(" \u00b7 ".join(fact_text(f, names, tr) for f in d.facts))
        if d.journal:
            out.append(RunPara(((tr._("Day {day}").format(day=d.day), None),), st["day"]))
            if facts:
                out.append(Para(plain(facts), st["facts"], "sans-italic"))
            for i, para in enumerate(paragraphs(d.journal)):
                out += chunked_paragraphs(para, i == 0, st)
        elif is_simple(facts, "sans"):
            out.append(RunPara(((tr._("Day {day}").format(day=d.day), st["day"].font), (" \u00b7 ", None), (facts, None)), st["quiet"]))
        else:  # a name in another script: the whole line shaped, in the quiet face
            out.append(Para(plain(tr._("Day {day}").format(day=d.day) + f" \u00b7 {facts}"), st["quiet"], "sans"))
    word, why = result_line(played, tr)
    score = tr._("Final score {total}.").format(total=played.total)
    if isinstance(out[-1], (Para, RunPara)):  # the closing line never stands alone on the last page
        out[-1] = replace(out[-1], style=replace(out[-1].style, keep_with_next=True))
    out.append(RunPara(((f"\u2042  {word} {why}. {score}  \u2042", None),), st["end"]))
    return out


def journal_document(played, paper: str = "letter", ink: str = "color", tr: Translator = ENGLISH) -> Document:
    """The finished game as a document: the front pages, then the journal under a running head."""
    pal = palette(ink)
    W, H = page_size(paper, landscape=False)
    fronts, journal_top = front_layout(played, paper, ink, tr)
    meta = metadata(played, paper, ink)
    played = translated(played, tr)
    flow: list = []
    if journal_top is None:  # every front page whole, then the journal on fresh pages
        for scene in fronts:
            flow += [PageScene(scene), PageBreak()]
        flow.insert(-1, NextPage("journal"))
    else:  # the journal begins under the last front page's content
        for scene in fronts[:-1]:
            flow += [PageScene(scene), NextPage("front-last"), PageBreak()]
        flow.append(NextPage("journal"))
    flow += story(played, pal, tr)
    page = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    decor = journal_decor(footer(page, W, H, pal, file_line(played, W, tr), 2, running_title(played, W),
                                 played.game.title, folio=""))
    front = PageTemplate("front", (FrameBox(0, 0, W, H, "front"),))
    templates = [front]
    if journal_top is not None:
        below = FrameBox(JOURNAL_X, JOURNAL_BOTTOM, W - 2 * JOURNAL_X, H - JOURNAL_BOTTOM - journal_top, "below")
        templates = [front] * (len(fronts) > 1) + [PageTemplate("front-last", (below,), fronts[-1].items,
                                                                                 page_start=False)]
    body = FrameBox(JOURNAL_X, JOURNAL_BOTTOM, W - 2 * JOURNAL_X, H - JOURNAL_TOP - JOURNAL_BOTTOM, "body")
    templates.append(PageTemplate("journal", (body,), (decor,)))
    return Document(W, H, meta, tuple(templates), tuple(flow), "journal.pdf", MARGIN)


def journal_decor(page_footer: Group) -> Group:
    """A journal page's running head, rule, folio and file line: the footer's items in the order the
    journal pages have always drawn them, the rule with square-cut ends (the same PDF bytes)."""
    file_line_text, folio, *head, rule = page_footer.items
    rule = replace(rule, style=replace(rule.style, cap="butt", join="miter"))
    return Group((*head, rule, folio, file_line_text), name="journal-page")


def build_journal(played, paper: str = "letter", ink: str = "color", tr: Translator = ENGLISH) -> bytes:
    """The finished game as PDF bytes (identical bytes for identical inputs)."""
    return build_pdf(journal_document(played, paper, ink, tr))


def journal_scene(played, paper: str = "letter", ink: str = "color", tr: Translator = ENGLISH) -> Scene:
    """The finished game's pages as one multi-page Scene (for the SVG and PNG writers)."""
    return as_scene(journal_document(played, paper, ink, tr))


def journal_pages(played, paper: str = "letter", ink: str = "color", tr: Translator = ENGLISH) -> tuple[Scene, ...]:
    """The finished game's pages as Scenes, laid out as in the PDF: for SVG, PNG and the print checks."""
    return document_pages(journal_document(played, paper, ink, tr))
