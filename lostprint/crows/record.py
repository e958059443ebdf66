"""A played game of Crows, kept as a file (YAML or JSON, `format: lostprint-save/1`, `game: crows`):
loading with line numbers, checking every field and every move, and the record Scenes.

```yaml
format: lostprint-save/1
game: crows
title: Friday at the Rookery
players: [Ana, {name: Ben, color: blue}, Cleo]     # seat order; the first starts every round
tiles: {barrens: 20, ...}                           # optional: the tile set used (house counts)
start:                                              # the 13 starting tiles
  - {square: [0, 0], tile: trees-2}
rounds:                                             # one list of turns per round
  - - {player: Ana, tile: gem-cave, at: [1, 0], totem: [1, 0], spell: {name: drain}}
outcome: {scores: {Ana: 31, Ben: 27, Cleo: 30}}     # optional: checked against the replay
```
Squares are [column, row]; the start fills the 5x5 grid 0-4, and the board grows any way.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from types import MappingProxyType
from pathlib import Path

from lostprint import __version__
from lostprint.crows.art import centred, tile_art
from lostprint.crows.squares import column_name, square_name
from lostprint.crows.transcript import play_record
from lostprint.engine import crows as E
from lostprint.errors import LostprintError
from lostprint.files import COUNTS, SAVE, SAVE_FORMAT, LoadError, line_at, load, shown_path
from lostprint.files.fields import At, Problems, Reader, keyname
from lostprint.files.show import shown
from lostprint.games import crows as G
from lostprint.fonts import ASCENT, text_width, wrap
from lostprint.geometry.paper import MIN_MARGIN, Box, page_size
from lostprint.geometry.square import bounds as square_bounds, fit_grid
from lostprint.palette import record_inks
from lostprint.scene import Circle, Group, Line, Rect, Scene, Style, Text
from lostprint.scene import Path as ScenePath
from lostprint.sheets import widgets as w
from lostprint.sheets.common import credit_metadata, designers
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, palette
from lostprint.sheets.widgets import SMALL, TITLE_BAR
from lostprint.typeset import curly_items

FORMAT = SAVE_FORMAT
TOP_FIELDS = ("format", "game", "title", "players", "tiles", "start", "rounds", "outcome", "notes", "date")
TURN_FIELDS = ("player", "tile", "at", "moved_to", "totem", "spell", "scatter", "nightfall", "note")
MAX_TITLE = 200  # characters of a title (as a save's): it is printed in a heading and every running head
MAX_NAME = 40  # characters of a player's name: it heads a score column and labels a chart line
MAX_DATE = 40  # characters of the date line
SPELL_FIELD_KEYS = {"target": "target", "direction": "direction", "from": "source", "count": "count",
                    "tile": "tile", "at": "at", "moved_to": "moved_to"}


# --- field parsing -------------------------------------------------------------------------------

def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower().replace("'", "").replace("\u2019", "")).strip("-")


@functools.cache
def tile_aliases() -> MappingProxyType:
    """Every name a record may give a tile type (its key, its name, short forms) -> the type's key;
    made once (a record names a tile on every turn), read-only."""
    out = {}
    for t in G.ALL_TILES:
        for name in (t.key, t.name, t.name.replace("Mana ", ""), t.name.split(" (")[0] if t.crows == 0 else t.key):
            out[_norm(name)] = t.key
        if t.crows:
            out[_norm(f"trees {t.crows}")] = t.key
            out[_norm(f"{t.crows} crow trees")] = t.key
    out.update({"lava-pool": G.LAVA, "queens-totem": G.QUEEN, "carrion-paradise": G.CARRION, "ley": G.LEY_LINE})
    return MappingProxyType(out)


def _bad(rd: Reader, where: str, message: str):
    """One problem at a field path ('rounds[2][1].tile'), placed on the line that path is written on."""
    rd.error(At(line_at(rd.root, where), where or "file"), message)
    return None


def _text(rd: Reader, value, where: str, limit: int) -> str | None:
    """A text field of at most `limit` characters, as written (1:30 or 0o17 stay text)."""
    return rd.text(value, At(line_at(rd.root, where), where), limit)


def _mapping(rd: Reader, value, where: str, allowed: tuple[str, ...]) -> dict | None:
    if not isinstance(value, dict):
        return _bad(rd, where, "must be a mapping of field: value")
    for key in value:
        if key not in allowed:
            _bad(rd, f"{where}.{keyname(key)}" if where else keyname(key),
                 f"unknown field (expected one of: {', '.join(allowed)})")
    return value


def _square(rd: Reader, value, where: str, required: bool = True):
    if value is None:
        return _bad(rd, where, "missing: a square [column, row]") if required else None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10_000 for v in value)):
        return _bad(rd, where, f"must be a square [column, row] of two whole numbers, not {shown(value)}")
    return (value[0], value[1])


def _tile(rd: Reader, value, where: str):
    if value is None:
        return _bad(rd, where, "missing: which tile")
    key = tile_aliases().get(_norm(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if key is None:
        names = ", ".join(t.key for t in G.TILE_TYPES)
        return _bad(rd, where, f"{shown(value)} is not a tile type (one of: {names})")
    return key


def _direction(rd: Reader, value, where: str):
    if value is None:
        return None
    text = str(value).strip().upper() if isinstance(value, str) else ""
    if text[:1] not in E.DIRECTIONS or text not in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
        return _bad(rd, where, f"{shown(value)} is not a direction (N, E, S or W)")
    return text[:1]


def parse_counts(data, where: str, rd: Reader) -> tuple[tuple[str, int], ...]:
    """A tile set: {type: count}; the types listed take these counts, the others keep their house count."""
    counts = dict(G.HOUSE_COUNTS)
    if data is None:
        return G.HOUSE_COUNTS
    if not isinstance(data, dict):
        _bad(rd, where, "must be a mapping of tile type: count")
        return G.HOUSE_COUNTS
    for name, value in data.items():
        sub = f"{where}.{keyname(name)}" if where else keyname(name)
        key = tile_aliases().get(_norm(name)) if isinstance(name, (str, int)) and not isinstance(name, bool) else None
        if key is None or key == G.NIGHTFALL:
            _bad(rd, sub, "not a map tile type" + (" (there is always exactly one Nightfall)"
                                                   if key == G.NIGHTFALL else
                                                   f" (one of: {', '.join(t.key for t in G.TILE_TYPES)})"))
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 60:
            _bad(rd, sub, f"must be a whole number from 0 to 60, not {shown(value)}")
            continue
        counts[key] = value
    total = sum(counts.values())
    if total < G.MIN_MAP_TILES:
        _bad(rd, where, f"{total} map tiles in all; a game needs at least {G.MIN_MAP_TILES}")
    return tuple((t.key, counts[t.key]) for t in G.TILE_TYPES)


def counts_from_data(data, source: str) -> tuple[tuple[str, int], ...]:
    """A parsed --counts file: {type: count} (or {tiles: {...}}); a bad one raises one line."""
    rd = Reader(Problems(source), root={"tiles": data})
    if isinstance(data, dict) and set(data) == {"tiles"}:
        rd.root, data = data, data["tiles"]
    if isinstance(data, dict) and not data:
        _bad(rd, "tiles", "no tile types listed (write type: count, like barrens: 20)")
    counts = parse_counts(data, "tiles", rd) if data is not None else None
    if data is None:
        _bad(rd, "tiles", "must be a mapping of tile type: count")
    if rd.problems:
        lines = rd.problems.lines()
        raise LostprintError(lines[0] + (f" (and {len(rd.problems) - 1} more)" if len(rd.problems) > 1 else ""))
    return counts


def load_counts(path) -> tuple[tuple[str, int], ...]:
    """A --counts file, through the one reader (limit: COUNTS); a bad one raises one line."""
    try:
        data = load(path, COUNTS)
    except LoadError as exc:
        raise LostprintError(str(exc)) from None
    return counts_from_data(data, shown_path(path))


@dataclass(frozen=True)
class Record:
    path: str
    title: str
    players: tuple[str, ...]
    colors: tuple[tuple[str, str], ...]  # player -> totem colour name
    setup: E.Setup
    rounds: tuple[tuple[E.TurnPlay, ...], ...]
    claimed: tuple[tuple[str, int], ...]
    date: str = ""


def _spell(f: Reader, value, where: str) -> E.SpellPlay | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict):
        return _bad(f, where, "must be a spell name or {name: ..., target: ...}")
    name = value.get("name")
    if name is None:
        return _bad(f, f"{where}.name", "missing: which spell")
    key = _norm(name)
    if key not in E.SPELL_KEYS:
        return _bad(f, f"{where}.name", f"{shown(name)} is not a spell (one of: {', '.join(E.SPELL_KEYS)})")
    card = G.spell(key)
    allowed = ("name",) + tuple(k for k in SPELL_FIELD_KEYS if SPELL_FIELD_KEYS[k] in card.fields
                                or k in card.fields)
    _mapping(f, value, where, allowed)
    kw = {}
    for k in ("target", "from", "at", "moved_to"):
        if k in allowed:
            required = not (k == "moved_to")
            kw[SPELL_FIELD_KEYS[k]] = _square(f, value.get(k), f"{where}.{k}", required)
    if "direction" in allowed:
        kw["direction"] = _direction(f, value.get("direction"), f"{where}.direction")
        if value.get("direction") is None:
            _bad(f, f"{where}.direction", "missing: which way (N, E, S or W)")
    if "tile" in allowed:
        kw["tile"] = _tile(f, value.get("tile"), f"{where}.tile")
    if "count" in allowed:
        c = value.get("count")
        if not isinstance(c, int) or isinstance(c, bool) or c not in (1, 2):
            _bad(f, f"{where}.count", f"Teleport moves 1 or 2 crows, not {shown(c)}")
        else:
            kw["count"] = c
    return E.SpellPlay(key, **kw)


def parse_record(data, source: str) -> tuple[Record | None, Reader]:
    """(record, reader holding the shape problems) of a parsed file. The record is None when it
    cannot be replayed."""
    f = Reader(Problems(source), root=data)
    if _mapping(f, data, "", TOP_FIELDS) is None:
        return None, f
    if data.get("format") != FORMAT:
        _bad(f, "format", f"must be {FORMAT}, not {shown(data.get('format'))}")
    if data.get("game") != "crows":
        _bad(f, "game", f"this is a Crows record reader; game must be crows, not {shown(data.get('game'))}")
    title = _text(f, data["title"], "title", MAX_TITLE) if data.get("title") is not None else None
    title = title or Path(source).stem
    date = _text(f, data["date"], "date", MAX_DATE) if data.get("date") is not None else None
    players, colors = [], []
    raw_players = data.get("players")
    color_names = [c for c, _ in G.TOTEM_COLORS]
    if not isinstance(raw_players, list) or not raw_players:
        _bad(f, "players", "missing: the players in seat order (the first starts)")
    else:
        for i, p in enumerate(raw_players):
            where = f"players[{i}]"
            color = color_names[i] if i < len(color_names) else color_names[-1]
            if isinstance(p, dict):
                _mapping(f, p, where, ("name", "color"))
                name = p.get("name")
                if p.get("color") is not None:
                    if str(p["color"]).lower() not in color_names:
                        _bad(f, f"{where}.color", f"{shown(p['color'])} is not a totem colour ({', '.join(color_names)})")
                    else:
                        color = str(p["color"]).lower()
            else:
                name = p
            if not isinstance(name, (str, int, float)) or isinstance(name, bool) or str(name).strip() == "":
                _bad(f, where, "a player needs a name")
                continue
            name = _text(f, name, f"{where}.name" if isinstance(p, dict) else where, MAX_NAME)
            if name is None:
                continue
            players.append(name.strip())
            colors.append((name.strip(), color))
        if len({c for _, c in colors}) != len(colors):
            _bad(f, "players", "two players share a totem colour")
    counts = parse_counts(data.get("tiles"), "tiles", f)
    start = []
    raw_start = data.get("start")
    if not isinstance(raw_start, list):
        _bad(f, "start", "missing: the starting layout, a list of {square: [c, r], tile: type}")
    else:
        for i, s in enumerate(raw_start):
            where = f"start[{i}]"
            if _mapping(f, s, where, ("square", "tile")) is None:
                continue
            sq = _square(f, s.get("square"), f"{where}.square")
            kind = _tile(f, s.get("tile"), f"{where}.tile")
            if sq is not None and kind is not None:
                start.append((sq, kind))
    rounds = []
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list):
        _bad(f, "rounds", "missing: the rounds, each a list of turns")
        raw_rounds = []
    for i, rnd in enumerate(raw_rounds):
        if not isinstance(rnd, list):
            _bad(f, f"rounds[{i}]", "must be a list of turns")
            continue
        turns = []
        for j, t in enumerate(rnd):
            where = f"rounds[{i}][{j}]"
            if _mapping(f, t, where, TURN_FIELDS) is None:
                continue
            player = t.get("player")
            if player is None:
                _bad(f, f"{where}.player", "missing: whose turn")
            nf = t.get("nightfall", False)
            if not isinstance(nf, bool):
                _bad(f, f"{where}.nightfall", "must be true or false")
                nf = False
            turns.append(E.TurnPlay(
                player=str(player) if player is not None else "",
                tile=_tile(f, t.get("tile"), f"{where}.tile"),
                at=_square(f, t.get("at"), f"{where}.at"),
                moved_to=_square(f, t.get("moved_to"), f"{where}.moved_to", required=False),
                totem=_square(f, t.get("totem"), f"{where}.totem", required=False),
                spell=_spell(f, t.get("spell"), f"{where}.spell"),
                scatter=_direction(f, t.get("scatter"), f"{where}.scatter"),
                nightfall=nf,
            ))
        rounds.append(tuple(turns))
    claimed = []
    outcome = data.get("outcome")
    if outcome is not None and _mapping(f, outcome, "outcome", ("scores", "winner")) is not None:
        scores = outcome.get("scores")
        if scores is not None:
            if not isinstance(scores, dict):
                _bad(f, "outcome.scores", "must be a mapping of player: points")
            else:
                for name, pts in scores.items():
                    if not isinstance(pts, int) or isinstance(pts, bool):
                        _bad(f, f"outcome.scores.{name}", f"must be a whole number, not {shown(pts)}")
                    else:
                        claimed.append((str(name), pts))
    if f.problems or not players:
        return None, f
    record = Record(source, title, tuple(players), tuple(colors),
                    E.Setup(tuple(players), tuple(start), counts), tuple(rounds), tuple(claimed), date or "")
    return record, f


def replay_record(record: Record, rd: Reader | None = None) -> E.Result:
    """The record played through the engine's steps (lostprint.crows.transcript); its problems (and wrong
    claimed scores) go to rd."""

    result = play_record(record.setup, record.rounds)[0]
    if rd is None:
        return result
    for p in result.problems:
        _bad(rd, p.field, p.message)
    final = dict(result.final)
    for name, pts in record.claimed:
        if name not in final:
            _bad(rd, f"outcome.scores.{keyname(name)}", f"{shown(name)} is not one of the players")
        elif final[name] != pts:
            _bad(rd, f"outcome.scores.{keyname(name)}", f"the replay gives {name} {final[name]} points, not {pts}")
    return result


def check_record_data(data, source: str) -> tuple[list[str], Record | None, E.Result | None]:
    """(every problem as 'file:line: field: what is wrong', the record, its replay) of a parsed file;
    the problems are [] when it is clean. Parsed once, replayed once."""
    record, rd = parse_record(data, source)
    if record is None:
        return rd.problems.lines(), None, None
    result = replay_record(record, rd)
    return rd.problems.lines(), record, result


def check_record(path) -> list[str]:
    """Every problem in a Crows record file; [] when it is clean."""
    try:
        data = load(path, SAVE)
    except LoadError as exc:
        return [str(exc)]
    return check_record_data(data, shown_path(path))[0]


def record_from_data(data, source: str) -> tuple[Record, E.Result]:
    """A clean record and its replay; raises LostprintError (one line) on the first problem."""
    lines, record, result = check_record_data(data, source)
    if lines:
        more = f" (and {len(lines) - 1} more: run lostprint validate {source})" if len(lines) > 1 else ""
        raise LostprintError(lines[0] + more)
    return record, result


def load_record(path) -> tuple[Record, E.Result]:
    """A clean record file and its replay; raises LostprintError (one line) on the first problem."""
    try:
        data = load(path, SAVE)
    except LoadError as exc:
        raise LostprintError(str(exc)) from None
    return record_from_data(data, shown_path(path))


def record_scene(path, paper: str = "letter", ink: str = "color"):
    """The finished game as a multi-page Scene: standings and scores, then the board every round.
    Raises LostprintError (one line) when the record has a problem."""
    record, result = load_record(path)
    return build_record(record, result, paper, ink)


# --- the record Scenes ---------------------------------------------------------------------------

LAYOUTS = ((2, 3), (2, 2), (1, 3), (1, 2))  # columns, rows of boards on a page, most boards first
MIN_CELL = 26.0  # points: the smallest square a board is drawn with, when any layout allows it
MARGIN = 12 * 72 / 25.4
TURN_LINES = 5  # room kept under each board for the turns and murders


def square_namer(result: E.Result):
    """sq -> its printed name ("C3"), counted from the north-west corner of the whole game's board,
    as every board of the record is drawn and labelled."""

    c0, r0, _, _ = E_bounds(result)
    return lambda sq: square_name(sq, (c0, r0))


def _turn_text(t: E.TurnPlay, sq_name) -> str:
    name = G.tile_type(t.tile).name if t.tile else "?"
    out = f"{name} {sq_name(t.at)}" if t.at else name
    if t.moved_to:
        out += f", moved tile to {sq_name(t.moved_to)}"
    out += f"; totem {sq_name(t.totem)}" if t.totem else "; no totem"
    if t.spell:
        sp = t.spell
        out += f"; {G.spell(sp.name).name}"
        if sp.name == "landfall" and sp.at:
            out += f" {G.tile_type(sp.tile).name} {sq_name(sp.at)}"
        elif sp.name == "teleport" and sp.source and sp.target:
            out += f" {sp.count} {sq_name(sp.source)}\u2192{sq_name(sp.target)}"
        elif sp.target:
            out += f" {sq_name(sp.target)}" + (f" {sp.direction}" if sp.direction else "")
    if t.nightfall:
        out += "; drew Nightfall"
    return out


def player_colors(record: Record, ink: str) -> dict[str, str]:
    hexes = dict(G.TOTEM_COLORS)
    line = record_inks(ink).player_line
    return {p: line or hexes[c] for p, c in record.colors}


def totem_name(record: Record, player: str, ink: str) -> str:
    """How the boards show a player's totem: its colour, or in mono (no colour) the initial in a ring."""
    if record_inks(ink).totem_name == "ring":
        return f"{_initials(record.players)[player]} in a ring"
    return dict(record.colors)[player]


def build_record(record: Record, result: E.Result, paper: str, ink: str):

    W, H = page_size(paper, landscape=False)
    first = _summary_page(record, result, W, H, ink)
    pages = []
    snaps = result.snapshots[1:]
    bounds = E_bounds(result)
    grid = rounds_layout(bounds, W, H)
    per = grid[0] * grid[1]
    for k in range(0, len(snaps), per):
        pages.append(_rounds_page(record, result, snaps[k:k + per], bounds, W, H, ink, k // per + 1,
                                  -(-len(snaps) // per), grid))

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


def E_bounds(result: E.Result) -> tuple[int, int, int, int]:

    squares = {sq for snap in result.snapshots for sq, _ in snap.tiles}
    return square_bounds(squares)


def _summary_page(record: Record, result: E.Result, W: float, H: float, ink: str):

    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    items: list = []
    title, tsize = w.fitted(record.title, "serif-bold", 24.0, box.w)
    items.append(Text(box.x, box.y + ASCENT * tsize, title, tsize, "serif-bold", "start", pal.accent, role="title"))
    rounds = len(result.snapshots) - 1

    sub = f"Crows, a game by {designers('crows')} \u00b7 {len(record.players)} players \u00b7 {rounds} rounds" + (f" \u00b7 {record.date}" if record.date else "")
    sub, ssize = w.fitted(sub, "sans-italic", 9.0, box.w)
    items.append(Text(box.x, box.y + tsize + 6 + ASCENT * ssize, sub, ssize, "sans-italic", "start", pal.soft))
    y = box.y + tsize + 6 + ssize + 10
    # standings
    left = dict(result.spells_left)
    totals = dict(result.snapshots[-1].totals)
    rows = []
    for rank, (player, score) in enumerate(result.standings(), 1):
        rows.append((f"{rank}. {player}", totem_name(record, player, ink), str(totals[player]),
                     f"{left[player]} \u00d7 {dict(G.SCORING)['unused_spell']}", str(score)))
    stand_h = w.TITLE_BAR + 6 + (len(rows) + 1) * 15 + 4
    winner = result.standings()[0]
    tied = [p for p, s in result.final if s == winner[1]]
    verdict = f"{winner[0]} wins" if len(tied) == 1 else "a tie: " + " and ".join(tied)
    items.append(w.rows_table("Final standings", ("Player", "Totem", "Rounds", "Spells left", "Total"), rows,
                              (0.32, 0.17, 0.17, 0.2, 0.14), Box(box.x, y, box.w, stand_h), pal,
                              subtitle=verdict, name="standings", wrap_last=False))
    y += stand_h + 8
    # scores per round: table and chart side by side
    table_rows = []
    for snap in result.snapshots[1:]:
        pts, tot = dict(snap.points), dict(snap.totals)
        extra = []
        if snap.murders:
            extra.append("murder" + ("s" if len(snap.murders) > 1 else ""))
        if snap.drained:
            extra.append("drain")
        if snap.nightfall:
            extra.append("nightfall")
        table_rows.append((str(snap.round),) + tuple(f"+{pts[p]} = {tot[p]}" for p in record.players)
                          + (", ".join(extra),))
    n = len(record.players)
    widths = (0.13,) + tuple(0.63 / n for _ in range(n)) + (0.24,)  # room for a gap after "Round"
    row_h = 12.0
    table_h = w.TITLE_BAR + 6 + w.SMALL + 3 + len(table_rows) * row_h + 4
    half = (box.w - 8) / 2
    items.append(w.rows_table("Scores by round", ("Round",) + record.players + ("Events",), table_rows, widths,
                              Box(box.x, y, half, table_h), pal, name="scores", bold_first=True, wrap_last=False))
    items.append(_score_chart(record, result, Box(box.x + half + 8, y, half, table_h), ink))
    y += table_h + 8
    # the start and a key, then what happened

    start_bounds = square_bounds({sq for sq, _ in result.snapshots[0].tiles})  # the start alone, not the
    c0, r0, c1, r1 = start_bounds  # whole game's board: its tiles drawn large, no empty rows round them
    board_h = (half - 8 - MIN_TEXT * 1.8) * (r1 - r0 + 1) / (c1 - c0 + 1) + MIN_TEXT * 1.8
    start_h = min(box.bottom - y, max(150.0, w.TITLE_BAR + 6 + board_h + 4))
    items.append(_board_panel(record, result, result.snapshots[0], start_bounds,
                              Box(box.x, y, half, start_h), ink, "Starting layout", subtitle="round 0"))
    items.append(_legend(Box(box.x + half + 8, y, half, start_h), ink))
    y += start_h + 8
    if box.bottom - y > 40:
        items.append(_events(record, result, Box(box.x, y, box.w, box.bottom - y), ink))
    items.append(folio(1, W, H, pal))
    return Scene(W, H, tuple(items), margin=MARGIN)


def folio(number: int, W: float, H: float, pal):
    """The page number, centred in the bottom margin of every page."""


    # in the bottom margin, above the 6.35 mm a printer may not reach, under the page's content
    return Text(W / 2, H - MIN_MARGIN - 3, str(number), 8.0, "sans", "middle", pal.soft, role="folio")


def _events(record: Record, result: E.Result, box, ink: str):
    """Every spell cast and every murder, in two columns, as many as fit."""

    pal = palette(ink)
    items, inner = w.panel(box, "Spells and murders", pal, name="events")
    lines = []
    sq_name = square_namer(result)
    for snap, turns in zip(result.snapshots[1:], record.rounds):
        owners = {sq: p for p, sq in snap.totems}
        for t in turns:
            if t.spell:
                lines.append(f"Round {snap.round}: {t.player} cast {G.spell(t.spell.name).name}"
                             f" \u2014 {G.spell(t.spell.name).short.lower()}")
        for m in snap.murders:
            who = f" at {owners[m.square]}'s totem" if m.square in owners else ""
            lines.append(f"Round {snap.round}: murder of {m.crows + (1 if m.queen else 0)} on {sq_name(m.square)}{who}")
    if not lines:
        lines = ["No spells were cast and no murders happened."]

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


def _score_chart(record: Record, result: E.Result, box, ink: str):

    pal = palette(ink)
    items, inner = w.panel(box, "Running totals", pal, name="chart")
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
    items.append(Text(x_of(bonus_x), plot_y + plot_h + MIN_TEXT + 2, "+spells", MIN_TEXT, "sans-italic", "middle",
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


def _legend(box, ink: str):

    pal = palette(ink)
    items, inner = w.panel(box, "Reading the boards", pal, name="legend")
    entries = [
        ("count", "Crows", "the number of crows on the tile"),
        ("queen", "The Queen", "worth 3 at a totem"),
        ("totem", "Totem", "each player's Mana Totem this round, by initial"),
        ("corruption", "Corruption", "no totem may stand here"),
        ("murder", "Murder", "six or more crows met here this round"),
    ]
    size = min(22.0, (inner.h * 0.42) / len(entries))
    y = inner.y
    for key, name, text in entries:
        cell = Box(inner.x, y, size, size)
        items += _badge_demo(key, cell, ink)
        label, lsize = w.fitted(f"{name}: {text}", "sans", w.BODY, inner.w - size - 6)
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
        name, nsize = w.fitted(G.tile_type(kind).name, "sans", w.SMALL, col_w - side - 6)
        items.append(w.text_in(x0 + side + 4, y0, side, name, nsize, color=pal.ink))
    return Group(tuple(items), name="legend", box=tuple(box))


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


def _board(record: Record, snap: E.Snapshot, bounds, box, ink: str, origin: tuple[int, int]) -> list:
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


def _board_panel(record: Record, result: E.Result, snap: E.Snapshot, bounds, box, ink: str, title: str,
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


def _rounds_page(record: Record, result: E.Result, snaps, bounds, W: float, H: float, ink: str, page: int,
                 pages: int, grid: tuple[int, int]):

    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    size = MIN_TEXT + 1
    items: list = [Text(box.x, box.y + ASCENT * size, f"{record.title} \u00b7 round by round", size, "sans-bold",
                        "start", pal.soft),
                   Text(box.right, box.y + ASCENT * size, "Crows", size, "sans", "end", pal.soft, role="head")]
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
        lines = [f"{t.player} ({initials.get(t.player, '?')}): {_turn_text(t, sq_name)}" for t in turns]
        for m in snap.murders:
            lines.append(f"Murder at {sq_name(m.square)}: {m.crows} crows" + (" and the Queen" if m.queen else "")
                         + f"; 2 leave, {len(m.scattered)} scatter from {m.direction}")
        pts = " \u00b7 ".join(f"{p} +{n}" for p, n in snap.points)
        if snap.drained:
            pts += " (drained)"
        title = f"Round {snap.round}" + (" \u00b7 Nightfall" if snap.nightfall else "")
        items.append(_board_panel(record, result, snap, bounds, cell, ink, title, subtitle=pts, lines=lines))
    items.append(folio(page + 1, W, H, pal))
    return Scene(W, H, tuple(items), margin=MARGIN)
