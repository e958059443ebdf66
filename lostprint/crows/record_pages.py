"""A Crows game record drawn: the summary page (standings, scores by round and their chart, the start,
a key, what happened) and the board after every round, as one multi-page Scene. `record` is a parsed
lostprint.crows.record.Record and `result` its replay through the engine (T.Result)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lostprint import __version__
from lostprint.crows.art import centred, tile_art
from lostprint.crows.squares import column_name, square_name
from lostprint.crows import transcript as T
from lostprint.engine import crows as E
from lostprint.fonts import ASCENT, text_width, wrap
from lostprint.games import crows as G
from lostprint.geometry.paper import MIN_MARGIN, Box, page_size
from lostprint.geometry.square import bounds as square_bounds, fit_grid
from lostprint.i18n import ENGLISH, N_, Translator, after_label
from lostprint.palette import record_inks
from lostprint.scene import Circle, Group, Line, Rect, Scene, Style, Text
from lostprint.scene import Path as ScenePath
from lostprint.sheets import widgets as w
from lostprint.sheets.common import credit_metadata, designers
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, palette
from lostprint.sheets.widgets import SMALL, TITLE_BAR
from lostprint.typeset import curly_items


LAYOUTS = ((2, 3), (2, 2), (1, 3), (1, 2))  # columns, rows of boards on a page, most boards first
MIN_CELL = 26.0  # points: the smallest square a board is drawn with, when any layout allows it
MARGIN = 12 * 72 / 25.4
TURN_LINES = 5  # room kept under each board for the turns and murders
# a scatter's or a spell's compass letter, as the language abbreviates it ("E" is "O" in German)
COMPASS = {"N": N_("direction: N"), "E": N_("direction: E"), "S": N_("direction: S"), "W": N_("direction: W")}


def compass(letter: str, tr: Translator) -> str:
    return after_label(tr.gettext(COMPASS[letter]), tr) if letter in COMPASS else letter


def square_namer(result: T.Result):
    """sq -> its printed name ("C3"), counted from the north-west corner of the whole game's board,
    as every board of the record is drawn and labelled."""

    c0, r0, _, _ = E_bounds(result)
    return lambda sq: square_name(sq, (c0, r0))


def _turn_text(t: T.TurnPlay, sq_name, tr: Translator = ENGLISH) -> str:
    _ = tr.gettext
    name = _(G.tile_type(t.tile).name) if t.tile else "?"
    out = f"{name} {sq_name(t.at)}" if t.at else name
    if t.moved_to:
        out += _(", moved tile to {square}").format(square=sq_name(t.moved_to))
    out += _("; totem {square}").format(square=sq_name(t.totem)) if t.totem else _("; no totem")
    if t.spell:
        sp = t.spell
        out += f"; {_(G.spell(sp.name).name)}"
        if sp.name == "landfall" and sp.at:
            out += f" {_(G.tile_type(sp.tile).name)} {sq_name(sp.at)}"
        elif sp.name == "teleport" and sp.source and sp.target:
            out += f" {sp.count} {sq_name(sp.source)}\u2192{sq_name(sp.target)}"
        elif sp.target:
            out += f" {sq_name(sp.target)}" + (f" {compass(sp.direction, tr)}" if sp.direction else "")
    if t.nightfall:
        out += _("; drew Nightfall")
    return out


def player_colors(record, ink: str) -> dict[str, str]:
    hexes = dict(G.TOTEM_COLORS)
    line = record_inks(ink).player_line
    return {p: line or hexes[c] for p, c in record.colors}


def totem_name(record, player: str, ink: str, tr: Translator = ENGLISH) -> str:
    """How the boards show a player's totem: its colour, or in mono (no colour) the initial in a ring."""
    if record_inks(ink).totem_name == "ring":
        return tr.gettext("{initial} in a ring").format(initial=_initials(record.players)[player])
    return tr.gettext(dict(record.colors)[player])


def build_record(record, result: T.Result, paper: str, ink: str, tr: Translator = ENGLISH):
    """Every word the pages print through `tr`; the record's own text (title, names) as written."""
    W, H = page_size(paper, landscape=False)
    first = _summary_page(record, result, W, H, ink, tr)
    pages = []
    snaps = result.snapshots[1:]
    bounds = E_bounds(result)
    grid = rounds_layout(bounds, W, H)
    per = grid[0] * grid[1]
    for k in range(0, len(snaps), per):
        pages.append(_rounds_page(record, result, snaps[k:k + per], bounds, W, H, ink, k // per + 1,
                                  -(-len(snaps) // per), grid, tr))

    meta = (
        ("title", f"Crows \u2014 {record.title}"),
        *credit_metadata("crows", "Crows", "a game's record"),
        ("paper", paper),
        ("ink", ink),
        ("game", "crows"),
        ("record", Path(record.path).name),
        ("version", __version__),
    )


    pages = [replace(p, items=curly_items(p.items)) for p in pages]
    return Scene(W, H, curly_items(first.items), metadata=meta, margin=MARGIN, pages=tuple(pages))


def _cell_size(bounds, box_w: float, box_h: float) -> float:
    c0, r0, c1, r1 = bounds
    label = MIN_TEXT * 1.8
    w = box_w - 8 - label
    h = box_h - TITLE_BAR - 6 - TURN_LINES * SMALL * 1.22 - 3 - label
    return min(w / (c1 - c0 + 1), h / (r1 - r0 + 1))


def rounds_layout(bounds, W: float, H: float) -> tuple[int, int]:
    """The layout with the most boards per page whose squares are still at least MIN_CELL."""
    box_w, box_h = W - 2 * MARGIN, H - 2 * MARGIN - 14
    best = None
    for cols, rows in LAYOUTS:
        cell = _cell_size(bounds, (box_w - 8 * (cols - 1)) / cols, (box_h - 8 * (rows - 1)) / rows)
        if cell >= MIN_CELL:
            return cols, rows
        if best is None or cell > best[0]:
            best = (cell, (cols, rows))
    return best[1]


def E_bounds(result: T.Result) -> tuple[int, int, int, int]:
    squares = {sq for snap in result.snapshots for sq, _ in snap.tiles}
    return square_bounds(squares)


def _summary_page(record, result: T.Result, W: float, H: float, ink: str, tr: Translator = ENGLISH):
    _ = tr.gettext
    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    items: list = []
    title, tsize = w.fitted(record.title, "serif-bold", 24.0, box.w)
    items.append(Text(box.x, box.y + ASCENT * tsize, title, tsize, "serif-bold", "start", pal.accent, role="title"))
    rounds = len(result.snapshots) - 1

    sub = " \u00b7 ".join([_("{game}, a game by {designers}").format(game=_("Crows"), designers=designers("crows", tr)),
                           tr.ngettext("{n} player", "{n} players", len(record.players)).format(n=len(record.players)),
                           tr.ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)]) \
        + (f" \u00b7 {record.date}" if record.date else "")
    sub, ssize = w.fitted(sub, "sans-italic", 9.0, box.w)
    items.append(Text(box.x, box.y + tsize + 6 + ASCENT * ssize, sub, ssize, "sans-italic", "start", pal.soft))
    y = box.y + tsize + 6 + ssize + 10
    # standings
    left = dict(result.spells_left)
    totals = dict(result.snapshots[-1].totals)
    rows = []
    for rank, (player, score) in enumerate(result.standings(), 1):
        rows.append((f"{rank}. {player}", totem_name(record, player, ink, tr), str(totals[player]),
                     f"{left[player]} \u00d7 {dict(G.SCORING)['unused_spell']}", str(score)))
    stand_h = w.TITLE_BAR + 6 + (len(rows) + 1) * 15 + 4
    winner = result.standings()[0]
    tied = [p for p, s in result.final if s == winner[1]]
    verdict = (_("{player} wins").format(player=winner[0]) if len(tied) == 1 else
               _("a tie: {players}").format(players=_("{names} and {last}").format(names=", ".join(tied[:-1]),
                                                                                     last=tied[-1])))
    items.append(w.rows_table(_("Final standings"), (_("Player"), _("Totem"), _("Rounds"), _("Spells left"), _("Total")), rows,
                              (0.32, 0.17, 0.17, 0.2, 0.14), Box(box.x, y, box.w, stand_h), pal,
                              subtitle=verdict, name="standings", wrap_last=False))
    y += stand_h + 8
    # scores per round: table and chart side by side
    table_rows = []
    for snap in result.snapshots[1:]:
        pts, tot = dict(snap.points), dict(snap.totals)
        extra = []
        if snap.murders:
            extra.append(tr.ngettext("murder", "murders", len(snap.murders)))
        if snap.drained:
            extra.append(_("drain"))
        if snap.nightfall:
            extra.append(_("nightfall"))
        table_rows.append((str(snap.round),) + tuple(f"+{pts[p]} = {tot[p]}" for p in record.players)
                          + (", ".join(extra),))
    n = len(record.players)
    row_h = 12.0
    table_h = w.TITLE_BAR + 6 + w.SMALL + 3 + len(table_rows) * row_h + 4
    half = (box.w - 8) / 2
    events = _events_share(table_rows, Box(box.x, y, half, table_h), pal)
    widths = (0.13,) + tuple((0.87 - events) / n for _ in range(n)) + (events,)  # room for a gap after "Round"
    items.append(w.rows_table(_("Scores by round"), (_("Round"),) + record.players + (_("Events"),), table_rows, widths,
                              Box(box.x, y, half, table_h), pal, name="scores", bold_first=True, wrap_last=False))
    items.append(_score_chart(record, result, Box(box.x + half + 8, y, half, table_h), ink, tr))
    y += table_h + 8
    # the start and a key, then what happened

    start_bounds = square_bounds({sq for sq, _ in result.snapshots[0].tiles})  # the start alone, not the
    c0, r0, c1, r1 = start_bounds  # whole game's board: its tiles drawn large, no empty rows round them
    board_h = (half - 8 - MIN_TEXT * 1.8) * (r1 - r0 + 1) / (c1 - c0 + 1) + MIN_TEXT * 1.8
    start_h = min(box.bottom - y, max(150.0, w.TITLE_BAR + 6 + board_h + 4))
    items.append(_board_panel(record, result, result.snapshots[0], start_bounds,
                              Box(box.x, y, half, start_h), ink, _("Starting layout"),
                              subtitle=_("round {n}").format(n=0)))
    items.append(_legend(Box(box.x + half + 8, y, half, start_h), ink, tr))
    y += start_h + 8
    if box.bottom - y > 40:
        items.append(_events(record, result, Box(box.x, y, box.w, box.bottom - y), ink, tr))
    items.append(folio(1, W, H, pal))
    return Scene(W, H, tuple(items), margin=MARGIN)


def _events_share(table_rows, box, pal) -> float:
    """The share of the scores table its events column takes: a quarter, or in a language with longer
    words ("Mord, Nacht") as much as its longest cell needs at the smallest size, taken from the players'."""
    _, inner = w.panel(box, "", pal)
    longest = max((text_width(row[-1], "sans", MIN_TEXT) for row in table_rows), default=0.0)
    return max(0.24, min(0.4, (longest + 1) / inner.w))


def folio(number: int, W: float, H: float, pal):
    """The page number, centred in the bottom margin of every page."""

    # in the bottom margin, above the 6.35 mm a printer may not reach, under the page's content
    return Text(W / 2, H - MIN_MARGIN - 3, str(number), 8.0, "sans", "middle", pal.soft, role="folio")


def _events(record, result: T.Result, box, ink: str, tr: Translator = ENGLISH):
    """Every spell cast and every murder, in two columns, as many as fit."""

    _ = tr.gettext
    pal = palette(ink)
    items, inner = w.panel(box, _("Spells and murders"), pal, name="events")
    lines = []
    sq_name = square_namer(result)
    for snap, turns in zip(result.snapshots[1:], record.rounds):
        owners = {sq: p for p, sq in snap.totems}
        for t in turns:
            if t.spell:
                card = G.spell(t.spell.name)
                # English writes the effect in lower case after the dash; a catalog gives it as it is written
                effect = card.short.lower() if tr is ENGLISH else _(card.short)
                lines.append(_("Round {round}: {player} cast {spell}").format(round=snap.round, player=t.player,
                                                                             spell=_(card.name))
                             + f" \u2014 {effect}")
        for m in snap.murders:
            count, square = m.crows + (1 if m.queen else 0), sq_name(m.square)
            if m.square in owners:
                lines.append(_("Round {round}: murder of {count} on {square} at {player}'s totem").format(
                    round=snap.round, count=count, square=square, player=owners[m.square]))
            else:
                lines.append(_("Round {round}: murder of {count} on {square}").format(
                    round=snap.round, count=count, square=square))
    if not lines:
        lines = [_("No spells were cast and no murders happened.")]

    lead = w.BODY * 1.3
    per_col = max(1, int(inner.h // lead))
    col_w = (inner.w - 10) / 2
    # each event at the body size, wrapped (never squeezed) with its run-on lines indented; an event
    # that would not fit whole at the foot of a column starts the next one
    indent = w.BODY * 1.2
    col = row = 0
    for line in lines:
        parts = wrap(line, "sans", w.BODY, col_w)
        if len(parts) > 1:
            parts = parts[:1] + wrap(" ".join(parts[1:]), "sans", w.BODY, col_w - indent)
        if row + len(parts) > per_col:
            col, row = col + 1, 0
        if col > 1:
            break
        for k, part in enumerate(parts):
            items.append(Text(inner.x + col * (col_w + 10) + (indent if k else 0),
                              inner.y + row * lead + ASCENT * w.BODY, part, w.BODY, "sans", "start", pal.ink,
                              role="event"))
            row += 1
    return Group(tuple(items), name="events", box=tuple(box))


def _score_chart(record, result: T.Result, box, ink: str, tr: Translator = ENGLISH):
    pal = palette(ink)
    items, inner = w.panel(box, tr.gettext("Running totals"), pal, name="chart")
    colors = player_colors(record, ink)
    dashes = record_inks(ink).line_dashes
    rounds = len(result.snapshots) - 1
    final = dict(result.final)
    bonus_x = rounds + 1.5  # one more step: the unused spells' bonus, so each line ends at the final score
    span = rounds + 2
    top = max([1] + [t for snap in result.snapshots for _, t in snap.totals] + list(final.values()))
    label_w = text_width(str(top), "sans", MIN_TEXT) + 4
    legend_h = MIN_TEXT * 1.6
    plot_x, plot_y = inner.x + label_w, inner.y + 2
    plot_w, plot_h = inner.w - label_w - 4, inner.h - legend_h - MIN_TEXT - 8
    step = max(1, -(-top // 5))
    ticks = list(range(0, top + step, step))
    top = ticks[-1]
    for v in ticks:
        yy = plot_y + plot_h - plot_h * v / top
        items.append(Line(plot_x, yy, plot_x + plot_w, yy, Style(fill=None, stroke=pal.faint, width=0.3)))
        items.append(Text(plot_x - 3, yy + MIN_TEXT * 0.3, str(v), MIN_TEXT, "sans", "end", pal.soft))
    def x_of(r: float) -> float:
        return plot_x + plot_w * r / span

    widest = text_width(str(rounds), "sans", MIN_TEXT) + 3
    every = 1 if plot_w / span >= widest else 2
    for r in range(0, rounds + 1):
        if r % every == 0 or r == rounds:
            items.append(Text(x_of(r), plot_y + plot_h + MIN_TEXT + 2, str(r), MIN_TEXT, "sans", "middle", pal.soft,
                              role="round-tick"))
    bonus = tr.gettext("+spells")  # under its step, or as near as the frame lets a long word ('+hechizos') be
    bonus_cx = min(x_of(bonus_x), inner.right + 2 - text_width(bonus, "sans-italic", MIN_TEXT) / 2)
    items.append(Text(bonus_cx, plot_y + plot_h + MIN_TEXT + 2, bonus, MIN_TEXT, "sans-italic", "middle",
                      pal.soft, role="bonus-tick"))
    for i, player in enumerate(record.players):
        pts = [(x_of(s.round), plot_y + plot_h - plot_h * dict(s.totals)[player] / top) for s in result.snapshots]
        style = Style(fill=None, stroke=colors[player], width=1.4, dash=dashes[i % len(dashes)])
        items.append(ScenePath(tuple(pts), style, closed=False, role="score-line"))
        end = (x_of(bonus_x), plot_y + plot_h - plot_h * final[player] / top)
        items.append(ScenePath((pts[-1], end), Style(fill=None, stroke=colors[player], width=1.0, dash=(1.2, 1.4)),
                          closed=False, role="bonus-line"))
    x = inner.x + label_w
    ly = inner.bottom - 2
    for i, player in enumerate(record.players):
        items.append(Line(x, ly - MIN_TEXT * 0.3, x + 14, ly - MIN_TEXT * 0.3,
                          Style(fill=None, stroke=colors[player], width=1.4, dash=dashes[i % len(dashes)])))
        label = f"{player} {final[player]}"  # the final score, spells included
        items.append(Text(x + 17, ly, label, MIN_TEXT, "sans", "start", pal.ink, role="final-score"))
        x += 24 + text_width(label, "sans", MIN_TEXT)
    return Group(tuple(items), name="chart", box=tuple(box))


def _legend(box, ink: str, tr: Translator = ENGLISH):
    _ = tr.gettext
    pal = palette(ink)
    items, inner = w.panel(box, _("Reading the boards"), pal, name="legend")
    entries = [
        ("count", _("Crows: the number of crows on the tile")),
        ("queen", _("The Queen: worth 3 at a totem")),
        ("totem", _("Totem: each player's Mana Totem this round, by initial")),
        ("corruption", _("Corruption: no totem may stand here")),
        ("murder", _("Murder: six or more crows met here this round")),
    ]
    size = min(22.0, (inner.h * 0.42) / len(entries))
    y = inner.y
    for key, text in entries:
        cell = Box(inner.x, y, size, size)
        items += _badge_demo(key, cell, ink)
        label, lsize = w.fitted(text, "sans", w.BODY, inner.w - size - 6)
        items.append(w.text_in(inner.x + size + 6, y, size, label, lsize, color=pal.ink))
        y += size + 3
    y += 4
    kinds = [t.key for t in G.TILE_TYPES]
    cols = 3
    side = min(18.0, (inner.bottom - y) / (-(-len(kinds) // cols)) - 3)
    col_w = inner.w / cols
    for i, kind in enumerate(kinds):
        r, c = divmod(i, cols)
        x0, y0 = inner.x + c * col_w, y + r * (side + 3)
        if y0 + side > inner.bottom:
            break
        items += _tile_cell(kind, Box(x0, y0, side, side), ink)
        items += _tile_label(_(G.tile_type(kind).name), x0 + side + 4, y0, col_w - side - 6, side, pal)
    return Group(tuple(items), name="legend", box=tuple(box))


def _tile_label(name: str, x: float, y: float, width: float, height: float, pal) -> list:
    """A tile's name beside its art: on one line, shrunk if need be, or where even the smallest size
    would cut it ("Bäume (2 Krähen)"), on two lines."""
    label, size = w.fitted(name, "sans", w.SMALL, width)
    lines = wrap(name, "sans", MIN_TEXT, width)
    if not label.endswith("\u2026") or len(lines) != 2:
        return [w.text_in(x, y, height, label, size, color=pal.ink)]
    lead = MIN_TEXT * 1.1
    top = y + (height - 2 * lead) / 2
    return [w.text_in(x, top + k * lead, lead, line, MIN_TEXT, color=pal.ink) for k, line in enumerate(lines)]


def _tile_cell(kind: str, cell, ink: str) -> list:
    return tile_art(kind, cell, ink, text=False, stroke=palette(ink).line)


def _badge_demo(key: str, cell, ink: str) -> list:
    pal = palette(ink)
    inks = record_inks(ink)
    items = [Rect(cell.x, cell.y, cell.w, cell.h, Style(fill=inks.badge_ground,
                                                        stroke=pal.line, width=0.5))]
    if key == "count":
        items += _crow_badge(cell, 4, ink)
    elif key == "queen":
        items += _queen_badge(cell, ink)
    elif key == "totem":
        items += _totem_badge(cell, "A", inks.totem_sample or G.TOTEM_COLORS[0][1], ink)
    elif key == "corruption":
        items += _corruption_badge(cell, ink)
    elif key == "murder":
        items += _murder_ring(cell, ink)
    return items


def _crow_badge(cell, n: int, ink: str) -> list:
    r = max(MIN_TEXT * 0.72, cell.w * 0.2)
    cx, cy = cell.x + r + 1, cell.y + cell.h - r - 1
    return [Circle(cx, cy, r, Style(fill="#1b1a1f", stroke="#ffffff", width=0.6), role="crow-count"),
            centred(cx, cy, str(n), max(MIN_TEXT, r * 1.25), "sans-bold", "#ffffff", role="crow-count")]


def _queen_badge(cell, ink: str) -> list:
    r = cell.w * 0.2
    cx, cy = cell.x + r + 1, cell.y + r + 1
    gold = record_inks(ink).queen
    return [Circle(cx, cy, r, Style(fill=gold, stroke="#1b1a1f", width=0.6), role="queen"),
            icon("crown", cx, cy, r * 1.5, "#1b1a1f")]


def _totem_badge(cell, initial: str, color: str, ink: str) -> list:
    r = max(MIN_TEXT * 0.75, cell.w * 0.22)
    cx, cy = cell.x + cell.w - r - 1, cell.y + r + 1
    inks = record_inks(ink)
    fill, text = inks.totem_fill or color, inks.totem_text
    return [Circle(cx, cy, r, Style(fill=fill, stroke=inks.totem_stroke, width=0.8),
                   role="totem"),
            centred(cx, cy, initial, max(MIN_TEXT, r * 1.2), "sans-bold", text, role="totem")]


def _corruption_badge(cell, ink: str) -> list:
    r = cell.w * 0.2
    cx, cy = cell.x + cell.w - r - 1, cell.y + cell.h - r - 1
    fill, art = record_inks(ink).corruption
    return [Circle(cx, cy, r, Style(fill=fill, stroke="#1b1a1f", width=0.5), role="corruption"),
            icon("spiral", cx, cy, r * 1.6, art)]


def _murder_ring(cell, ink: str) -> list:
    inks = record_inks(ink)
    return [Rect(cell.x + 1, cell.y + 1, cell.w - 2, cell.h - 2,
                 Style(fill=None, stroke=inks.murder, width=1.6, dash=inks.murder_dash), role="murder")]


def _board(record, snap: E.Snapshot, bounds, box, ink: str, origin: tuple[int, int]) -> list:
    """The board of a snapshot, fitted in `box` on a grid covering every square of the game; its
    columns lettered and rows numbered from the whole game's north-west square, `origin`."""

    pal = palette(ink)
    c0, r0, c1, r1 = bounds
    label = MIN_TEXT * 1.8
    layout = fit_grid([(c0, r0), (c1, r1)], (box.x + label, box.y + label, box.w - label, box.h - label), max_size=44)
    size = layout.size
    items: list = []
    for c in range(c0, c1 + 1):
        x, y = layout.corner((c, r0))
        items.append(Text(x + size / 2, y - 3, column_name(c - origin[0]), MIN_TEXT, "sans", "middle", pal.faint,
                          role="column"))
    for r in range(r0, r1 + 1):
        x, y = layout.corner((c0, r))
        items.append(Text(x - 3, y + size / 2 + MIN_TEXT * 0.35, str(r - origin[1] + 1), MIN_TEXT, "sans", "end",
                          pal.faint, role="row"))
    x, y = layout.corner((c0, r0))
    items.append(Rect(x, y, size * (c1 - c0 + 1), size * (r1 - r0 + 1),
                      Style(fill=None, stroke=pal.faint, width=0.3, dash=(1, 2))))
    crows = dict(snap.crows)
    totems = {sq: p for p, sq in snap.totems}
    colors = player_colors(record, ink)
    murders = {m.square for m in snap.murders}
    initials = _initials(record.players)
    for sq, kind in snap.tiles:
        x, y = layout.corner(sq)
        cell = Box(x, y, size, size)
        items += _tile_cell(kind, cell, ink)
        if sq in snap.corruption:
            items += _corruption_badge(cell, ink)
        if snap.queen == sq:
            items += _queen_badge(cell, ink)
        if crows.get(sq):
            items += _crow_badge(cell, crows[sq], ink)
        if sq in totems:
            items += _totem_badge(cell, initials[totems[sq]], colors[totems[sq]], ink)
        if sq in murders:
            items += _murder_ring(cell, ink)
    return items


def _initials(players) -> dict[str, str]:
    out = {}
    for p in players:
        k = 1
        while p[:k].upper() in out.values() and k < len(p):
            k += 1
        out[p] = p[:k].upper() if k == 1 else p[0].upper() + p[1:k]
    return out


def _board_panel(record, result: T.Result, snap: E.Snapshot, bounds, box, ink: str, title: str,
                 subtitle: str = "", lines: list[str] | None = None):

    pal = palette(ink)
    items, inner = w.panel(box, title, pal, subtitle=subtitle, name=title)
    lines = lines or []
    lead = w.SMALL * 1.22
    text_h = max(len(lines), TURN_LINES if lines else 0) * lead + (3 if lines else 0)
    items += _board(record, snap, bounds, Box(inner.x, inner.y, inner.w, inner.h - text_h), ink,
                    E_bounds(result)[:2])
    y = inner.bottom - len(lines) * lead
    for line in lines:
        label, size = w.fitted(line, "sans", w.SMALL, inner.w)
        items.append(Text(inner.x, y + ASCENT * size, label, size, "sans", "start", pal.ink, role="turn"))
        y += lead
    return Group(tuple(items), name=f"board:{title}", box=tuple(box))


def _rounds_page(record, result: T.Result, snaps, bounds, W: float, H: float, ink: str, page: int,
                 pages: int, grid: tuple[int, int], tr: Translator = ENGLISH):

    _ = tr.gettext
    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    size = MIN_TEXT + 1
    items: list = [Text(box.x, box.y + ASCENT * size, record.title + " \u00b7 " + _("round by round"), size, "sans-bold",
                        "start", pal.soft),
                   Text(box.right, box.y + ASCENT * size, _("Crows"), size, "sans", "end", pal.soft, role="head")]
    cols, rows = grid
    gap = 8.0
    top = box.y + size + 6
    cw = (box.w - gap * (cols - 1)) / cols
    ch = (box.bottom - top - gap * (rows - 1)) / rows
    initials = _initials(record.players)
    sq_name = square_namer(result)
    for i, snap in enumerate(snaps):
        r, c = divmod(i, cols)
        cell = Box(box.x + c * (cw + gap), top + r * (ch + gap), cw, ch)
        turns = record.rounds[snap.round - 1]
        lines = [f"{t.player} ({initials.get(t.player, '?')}): {_turn_text(t, sq_name, tr)}" for t in turns]
        for m in snap.murders:
            met = (_("Murder at {square}: {count} crows and the Queen") if m.queen
                   else _("Murder at {square}: {count} crows")).format(square=sq_name(m.square), count=m.crows)
            lines.append(met + _("; 2 leave, {count} scatter from {direction}").format(
                count=len(m.scattered), direction=compass(m.direction, tr)))
        pts = " \u00b7 ".join(f"{p} +{n}" for p, n in snap.points)
        if snap.drained:
            pts += " " + _("(drained)")
        title = _("Round {n}").format(n=snap.round) + (" \u00b7 " + _("Nightfall") if snap.nightfall else "")
        items.append(_board_panel(record, result, snap, bounds, cell, ink, title, subtitle=pts, lines=lines))
    items.append(folio(page + 1, W, H, pal))
    return Scene(W, H, tuple(items), margin=MARGIN)
