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

import re
from dataclasses import dataclass
from pathlib import Path

from lostprint.crows import engine as E
from lostprint.errors import LostprintError
from lostprint.games import crows as G

FORMAT = "lostprint-save/1"
TOP_FIELDS = ("format", "game", "title", "players", "tiles", "start", "rounds", "outcome", "notes", "date")
TURN_FIELDS = ("player", "tile", "at", "moved_to", "totem", "spell", "scatter", "nightfall", "note")
SPELL_FIELD_KEYS = {"target": "target", "direction": "direction", "from": "source", "count": "count",
                    "tile": "tile", "at": "at", "moved_to": "moved_to"}


# --- YAML with line numbers ----------------------------------------------------------------------

class Mapping(dict):
    line = 0
    key_lines: dict


class Sequence(list):
    line = 0
    item_lines: list


def _loader():
    import yaml

    class LineLoader(yaml.SafeLoader):
        """A SafeLoader whose mappings and lists remember the line of every key and item."""

    def mapping(loader, node):
        loader.flatten_mapping(node)
        out = Mapping()
        out.line = node.start_mark.line + 1
        out.key_lines = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(None, None, "a key must be a plain value",
                                                        key_node.start_mark) from None
            out[key] = loader.construct_object(value_node, deep=True)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out

    def sequence(loader, node):
        out = Sequence(loader.construct_object(child, deep=True) for child in node.value)
        out.line = node.start_mark.line + 1
        out.item_lines = [child.start_mark.line + 1 for child in node.value]
        return out

    LineLoader.add_constructor("tag:yaml.org,2002:map", mapping)
    LineLoader.add_constructor("tag:yaml.org,2002:seq", sequence)
    return LineLoader


def load_lines(path) -> object:
    """Parse a YAML or JSON file; mappings and lists carry their line numbers."""
    import yaml

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LostprintError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LostprintError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        return yaml.load(text, Loader=_loader())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = (exc.problem or exc.context or "cannot parse").strip()
        raise LostprintError(f"{path}:{line}: syntax: {what}") from None
    except yaml.YAMLError as exc:
        raise LostprintError(f"{path}:1: syntax: {exc}") from None


def line_index(data, path: str = "", line: int = 1, out: dict | None = None) -> dict[str, int]:
    """Every field path in the data ('rounds[2][1].tile') -> the line it is written on."""
    out = {} if out is None else out
    out[path] = line
    if isinstance(data, Mapping):
        for key, value in data.items():
            sub = f"{path}.{key}" if path else str(key)
            line_index(value, sub, data.key_lines.get(key, data.line), out)
    elif isinstance(data, Sequence):
        for i, value in enumerate(data):
            line_index(value, f"{path}[{i}]", data.item_lines[i], out)
    return out


_LAST_PART = re.compile(r"(\.[^.\[\]]+|\[\d+\])$")


def line_of(index: dict[str, int], field: str) -> int:
    """The line of a field, or of its nearest written parent."""
    while field:
        if field in index:
            return index[field]
        cut = _LAST_PART.sub("", field)
        if cut == field:
            break
        field = cut
    return index.get("", 1)


# --- field parsing -------------------------------------------------------------------------------

def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower().replace("'", "").replace("\u2019", "")).strip("-")


def tile_aliases() -> dict[str, str]:
    out = {}
    for t in G.ALL_TILES:
        for name in (t.key, t.name, t.name.replace("Mana ", ""), t.name.split(" (")[0] if t.crows == 0 else t.key):
            out[_norm(name)] = t.key
        if t.crows:
            out[_norm(f"trees {t.crows}")] = t.key
            out[_norm(f"{t.crows} crow trees")] = t.key
    out.update({"lava-pool": G.LAVA, "queens-totem": G.QUEEN, "carrion-paradise": G.CARRION, "ley": G.LEY_LINE})
    return out


class _Fields:
    """Collects problems as (field, message) while reading values of the right shape."""

    def __init__(self):
        self.problems: list[tuple[str, str]] = []

    def bad(self, where: str, message: str):
        self.problems.append((where, message))
        return None

    def mapping(self, value, where: str, allowed: tuple[str, ...]) -> dict | None:
        if not isinstance(value, dict):
            return self.bad(where, "must be a mapping of field: value")
        for key in value:
            if key not in allowed:
                self.bad(f"{where}.{key}" if where else str(key),
                         f"unknown field (expected one of: {', '.join(allowed)})")
        return value

    def square(self, value, where: str, required: bool = True):
        if value is None:
            return self.bad(where, "missing: a square [column, row]") if required else None
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return self.bad(where, f"must be a square [column, row] of two whole numbers, not {value!r}")
        return (value[0], value[1])

    def tile(self, value, where: str):
        if value is None:
            return self.bad(where, "missing: which tile")
        key = tile_aliases().get(_norm(value))
        if key is None:
            names = ", ".join(t.key for t in G.TILE_TYPES)
            return self.bad(where, f"{value!r} is not a tile type (one of: {names})")
        return key

    def direction(self, value, where: str):
        if value is None:
            return None
        d = str(value).strip().upper()[:1]
        if d not in E.DIRECTIONS or str(value).strip().upper() not in ("N", "E", "S", "W", "NORTH", "EAST",
                                                                         "SOUTH", "WEST"):
            return self.bad(where, f"{value!r} is not a direction (N, E, S or W)")
        return d


def parse_counts(data, where: str, fields: _Fields) -> tuple[tuple[str, int], ...]:
    """A tile set: {type: count}; types left out keep their house count."""
    counts = dict(G.HOUSE_COUNTS)
    if data is None:
        return G.HOUSE_COUNTS
    if not isinstance(data, dict):
        fields.bad(where, "must be a mapping of tile type: count")
        return G.HOUSE_COUNTS
    for name, value in data.items():
        sub = f"{where}.{name}" if where else str(name)
        key = tile_aliases().get(_norm(name))
        if key is None or key == G.NIGHTFALL:
            fields.bad(sub, "not a map tile type" + (" (there is always exactly one Nightfall)"
                                                     if key == G.NIGHTFALL else
                                                     f" (one of: {', '.join(t.key for t in G.TILE_TYPES)})"))
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 60:
            fields.bad(sub, f"must be a whole number from 0 to 60, not {value!r}")
            continue
        counts[key] = value
    total = sum(counts.values())
    if total < G.MIN_MAP_TILES:
        fields.bad(where, f"{total} map tiles in all; a game needs at least {G.MIN_MAP_TILES}")
    return tuple((t.key, counts[t.key]) for t in G.TILE_TYPES)


def load_counts(path) -> tuple[tuple[str, int], ...]:
    """A --counts file: YAML/JSON {type: count} (or {tiles: {...}}); a bad one raises one line."""
    data = load_lines(path)
    if isinstance(data, dict) and set(data) == {"tiles"}:
        data = data["tiles"]
    index = {(f"tiles.{k}" if k else "tiles"): v for k, v in line_index(data).items()}
    where = "tiles"
    fields = _Fields()
    counts = parse_counts(data, where, fields)
    if fields.problems:
        field, message = fields.problems[0]
        raise LostprintError(f"{path}:{line_of(index, field)}: {field}: {message}")
    return counts


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


def _spell(f: _Fields, value, where: str) -> E.SpellPlay | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict):
        return f.bad(where, "must be a spell name or {name: ..., target: ...}")
    name = value.get("name")
    if name is None:
        return f.bad(f"{where}.name", "missing: which spell")
    key = _norm(name)
    if key not in E.SPELL_KEYS:
        return f.bad(f"{where}.name", f"{name!r} is not a spell (one of: {', '.join(E.SPELL_KEYS)})")
    card = G.spell(key)
    allowed = ("name",) + tuple(k for k in SPELL_FIELD_KEYS if SPELL_FIELD_KEYS[k] in card.fields
                                or k in card.fields)
    f.mapping(value, where, allowed)
    kw = {}
    for k in ("target", "from", "at", "moved_to"):
        if k in allowed:
            required = not (k == "moved_to")
            kw[SPELL_FIELD_KEYS[k]] = f.square(value.get(k), f"{where}.{k}", required)
    if "direction" in allowed:
        kw["direction"] = f.direction(value.get("direction"), f"{where}.direction")
        if value.get("direction") is None:
            f.bad(f"{where}.direction", "missing: which way (N, E, S or W)")
    if "tile" in allowed:
        kw["tile"] = f.tile(value.get("tile"), f"{where}.tile")
    if "count" in allowed:
        c = value.get("count")
        if not isinstance(c, int) or isinstance(c, bool) or c not in (1, 2):
            f.bad(f"{where}.count", f"Teleport moves 1 or 2 crows, not {c!r}")
        else:
            kw["count"] = c
    return E.SpellPlay(key, **kw)


def parse_record(path) -> tuple[Record | None, list[tuple[str, str]], dict[str, int]]:
    """(record, shape problems, line index). The record is None when it cannot be replayed."""
    data = load_lines(path)
    index = line_index(data)
    f = _Fields()
    if f.mapping(data, "", TOP_FIELDS) is None:
        return None, f.problems, index
    if data.get("format") != FORMAT:
        f.bad("format", f"must be {FORMAT}, not {data.get('format')!r}")
    if data.get("game") != "crows":
        f.bad("game", f"this is a Crows record reader; game must be crows, not {data.get('game')!r}")
    title = data.get("title") or Path(path).stem
    if not isinstance(title, str):
        f.bad("title", "must be text")
        title = str(title)
    players, colors = [], []
    raw_players = data.get("players")
    color_names = [c for c, _ in G.TOTEM_COLORS]
    if not isinstance(raw_players, list) or not raw_players:
        f.bad("players", "missing: the players in seat order (the first starts)")
    else:
        for i, p in enumerate(raw_players):
            where = f"players[{i}]"
            color = color_names[i] if i < len(color_names) else color_names[-1]
            if isinstance(p, dict):
                f.mapping(p, where, ("name", "color"))
                name = p.get("name")
                if p.get("color") is not None:
                    if str(p["color"]).lower() not in color_names:
                        f.bad(f"{where}.color", f"{p['color']!r} is not a totem colour ({', '.join(color_names)})")
                    else:
                        color = str(p["color"]).lower()
            else:
                name = p
            if not isinstance(name, (str, int)) or isinstance(name, bool) or str(name).strip() == "":
                f.bad(where, "a player needs a name")
                continue
            players.append(str(name).strip())
            colors.append((str(name).strip(), color))
        if len({c for _, c in colors}) != len(colors):
            f.bad("players", "two players share a totem colour")
    counts = parse_counts(data.get("tiles"), "tiles", f)
    start = []
    raw_start = data.get("start")
    if not isinstance(raw_start, list):
        f.bad("start", "missing: the starting layout, a list of {square: [c, r], tile: type}")
    else:
        for i, s in enumerate(raw_start):
            where = f"start[{i}]"
            if f.mapping(s, where, ("square", "tile")) is None:
                continue
            sq = f.square(s.get("square"), f"{where}.square")
            kind = f.tile(s.get("tile"), f"{where}.tile")
            if sq is not None and kind is not None:
                start.append((sq, kind))
    rounds = []
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list):
        f.bad("rounds", "missing: the rounds, each a list of turns")
        raw_rounds = []
    for i, rnd in enumerate(raw_rounds):
        if not isinstance(rnd, list):
            f.bad(f"rounds[{i}]", "must be a list of turns")
            continue
        turns = []
        for j, t in enumerate(rnd):
            where = f"rounds[{i}][{j}]"
            if f.mapping(t, where, TURN_FIELDS) is None:
                continue
            player = t.get("player")
            if player is None:
                f.bad(f"{where}.player", "missing: whose turn")
            nf = t.get("nightfall", False)
            if not isinstance(nf, bool):
                f.bad(f"{where}.nightfall", "must be true or false")
                nf = False
            turns.append(E.TurnPlay(
                player=str(player) if player is not None else "",
                tile=f.tile(t.get("tile"), f"{where}.tile"),
                at=f.square(t.get("at"), f"{where}.at"),
                moved_to=f.square(t.get("moved_to"), f"{where}.moved_to", required=False),
                totem=f.square(t.get("totem"), f"{where}.totem", required=False),
                spell=_spell(f, t.get("spell"), f"{where}.spell"),
                scatter=f.direction(t.get("scatter"), f"{where}.scatter"),
                nightfall=nf,
            ))
        rounds.append(tuple(turns))
    claimed = []
    outcome = data.get("outcome")
    if outcome is not None and f.mapping(outcome, "outcome", ("scores", "winner")) is not None:
        scores = outcome.get("scores")
        if scores is not None:
            if not isinstance(scores, dict):
                f.bad("outcome.scores", "must be a mapping of player: points")
            else:
                for name, pts in scores.items():
                    if not isinstance(pts, int) or isinstance(pts, bool):
                        f.bad(f"outcome.scores.{name}", f"must be a whole number, not {pts!r}")
                    else:
                        claimed.append((str(name), pts))
    if f.problems or not players:
        return None, f.problems, index
    record = Record(str(path), title, tuple(players), tuple(colors),
                    E.Setup(tuple(players), tuple(start), counts), tuple(rounds), tuple(claimed),
                    str(data.get("date") or ""))
    return record, f.problems, index


def replay_record(record: Record) -> tuple[E.Result, list[tuple[str, str]]]:
    result = E.replay(record.setup, [list(r) for r in record.rounds])
    problems = [(p.field, p.message) for p in result.problems]
    final = dict(result.final)
    for name, pts in record.claimed:
        if name not in final:
            problems.append((f"outcome.scores.{name}", f"{name!r} is not one of the players"))
        elif final[name] != pts:
            problems.append((f"outcome.scores.{name}", f"the replay gives {name} {final[name]} points, not {pts}"))
    return result, problems


def _format(path, index, problems) -> list[str]:
    return [f"{path}:{line_of(index, field)}: {field or 'file'}: {message}" for field, message in problems]


def check_record(path) -> list[str]:
    """Every problem in a Crows record as 'file:line: field: what is wrong'; [] when it is clean."""
    try:
        record, problems, index = parse_record(path)
    except LostprintError as exc:
        return [str(exc)]
    if record is None:
        return _format(path, index, problems)
    _, rule_problems = replay_record(record)
    return _format(path, index, problems + rule_problems)


def load_record(path) -> tuple[Record, E.Result]:
    """A clean record and its replay; raises LostprintError (one line) on the first problem."""
    record, problems, index = parse_record(path)
    if record is not None and not problems:
        result, problems = replay_record(record)
        if not problems:
            return record, result
    lines = _format(path, index, problems)
    more = f" (and {len(lines) - 1} more: run lostprint validate {path})" if len(lines) > 1 else ""
    raise LostprintError(lines[0] + more)


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


def _turn_text(t: E.TurnPlay) -> str:
    name = G.tile_type(t.tile).name if t.tile else "?"
    out = f"{name} {E.fmt_sq(t.at)}" if t.at else name
    if t.moved_to:
        out += f", moved tile to {E.fmt_sq(t.moved_to)}"
    out += f"; totem {E.fmt_sq(t.totem)}" if t.totem else "; no totem"
    if t.spell:
        sp = t.spell
        out += f"; {G.spell(sp.name).name}"
        if sp.name == "landfall" and sp.at:
            out += f" {G.tile_type(sp.tile).name} {E.fmt_sq(sp.at)}"
        elif sp.name == "teleport" and sp.source and sp.target:
            out += f" {sp.count} {E.fmt_sq(sp.source)}\u2192{E.fmt_sq(sp.target)}"
        elif sp.target:
            out += f" {E.fmt_sq(sp.target)}" + (f" {sp.direction}" if sp.direction else "")
    if t.nightfall:
        out += "; drew Nightfall"
    return out


def player_colors(record: Record, ink: str) -> dict[str, str]:
    hexes = dict(G.TOTEM_COLORS)
    if ink == "mono":
        return {p: "#000000" for p in record.players}
    return {p: hexes[c] for p, c in record.colors}


def build_record(record: Record, result: E.Result, paper: str, ink: str):
    from lostprint import __version__
    from lostprint.geometry.paper import page_size
    from lostprint.scene import Scene

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
        ("subject", f"game record, {paper}, {ink}"),
        ("game", "crows"),
        ("record", Path(record.path).name),
        ("version", __version__),
    )
    return Scene(W, H, first.items, metadata=meta, margin=MARGIN, pages=tuple(pages))


def _cell_size(bounds, box_w: float, box_h: float) -> float:
    from lostprint.sheets.style import MIN_TEXT
    from lostprint.sheets.widgets import SMALL, TITLE_BAR

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
    from lostprint.geometry.square import bounds

    squares = {sq for snap in result.snapshots for sq, _ in snap.tiles}
    return bounds(squares)


def _summary_page(record: Record, result: E.Result, W: float, H: float, ink: str):
    from lostprint.fonts import ASCENT
    from lostprint.geometry.paper import Box
    from lostprint.scene import Scene, Text
    from lostprint.sheets import widgets as w
    from lostprint.sheets.style import MIN_TEXT, palette

    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    items: list = []
    title, tsize = w.fitted(record.title, "serif-bold", 24.0, box.w)
    items.append(Text(box.x, box.y + ASCENT * tsize, title, tsize, "serif-bold", "start", pal.accent, role="title"))
    rounds = len(result.snapshots) - 1
    sub = f"Crows \u00b7 {len(record.players)} players \u00b7 {rounds} rounds" + (f" \u00b7 {record.date}" if record.date else "")
    sub, ssize = w.fitted(sub, "sans-italic", 9.0, box.w)
    items.append(Text(box.x, box.y + tsize + 6 + ASCENT * ssize, sub, ssize, "sans-italic", "start", pal.soft))
    y = box.y + tsize + 6 + ssize + 10
    # standings
    left = dict(result.spells_left)
    totals = dict(result.snapshots[-1].totals)
    rows = []
    for rank, (player, score) in enumerate(result.standings(), 1):
        rows.append((f"{rank}. {player}", dict(record.colors)[player], str(totals[player]),
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
    items.append(w.rows_table("Scores by round", ("Round",) + record.players + ("",), table_rows, widths,
                              Box(box.x, y, half, table_h), pal, name="scores", bold_first=True, wrap_last=False))
    items.append(_score_chart(record, result, Box(box.x + half + 8, y, half, table_h), ink))
    y += table_h + 8
    # the start and a key, then what happened
    c0, r0, c1, r1 = E_bounds(result)
    board_h = (half - 8 - MIN_TEXT * 1.8) * (r1 - r0 + 1) / (c1 - c0 + 1) + MIN_TEXT * 1.8
    start_h = min(box.bottom - y, max(150.0, w.TITLE_BAR + 6 + board_h + 4))
    items.append(_board_panel(record, result, result.snapshots[0], E_bounds(result),
                              Box(box.x, y, half, start_h), ink, "Starting layout", subtitle="round 0"))
    items.append(_legend(Box(box.x + half + 8, y, half, start_h), ink))
    y += start_h + 8
    if box.bottom - y > 40:
        items.append(_events(record, result, Box(box.x, y, box.w, box.bottom - y), ink))
    return Scene(W, H, tuple(items), margin=MARGIN)


def _events(record: Record, result: E.Result, box, ink: str):
    """Every spell cast and every murder, in two columns, as many as fit."""
    from lostprint.fonts import ASCENT
    from lostprint.scene import Group, Text
    from lostprint.sheets import widgets as w
    from lostprint.sheets.style import palette

    pal = palette(ink)
    items, inner = w.panel(box, "Spells and murders", pal, name="events")
    lines = []
    for snap, turns in zip(result.snapshots[1:], record.rounds):
        owners = {sq: p for p, sq in snap.totems}
        for t in turns:
            if t.spell:
                lines.append(f"Round {snap.round}: {t.player} cast {G.spell(t.spell.name).name}"
                             f" \u2014 {G.spell(t.spell.name).short.lower()}")
        for m in snap.murders:
            who = f" at {owners[m.square]}'s totem" if m.square in owners else ""
            lines.append(f"Round {snap.round}: murder of {m.crows + (1 if m.queen else 0)} on {E.fmt_sq(m.square)}{who}")
    if not lines:
        lines = ["No spells were cast and no murders happened."]
    lead = w.BODY * 1.3
    per_col = max(1, int(inner.h // lead))
    col_w = (inner.w - 10) / 2
    for i, line in enumerate(lines[:2 * per_col]):
        col, row = divmod(i, per_col)
        label, size = w.fitted(line, "sans", w.BODY, col_w)
        items.append(Text(inner.x + col * (col_w + 10), inner.y + row * lead + ASCENT * size, label, size, "sans",
                          "start", pal.ink, role="event"))
    return Group(tuple(items), name="events", box=tuple(box))


def _score_chart(record: Record, result: E.Result, box, ink: str):
    from lostprint.fonts import text_width
    from lostprint.scene import Group, Line, Path, Style, Text
    from lostprint.sheets import widgets as w
    from lostprint.sheets.style import MIN_TEXT, palette

    pal = palette(ink)
    items, inner = w.panel(box, "Running totals", pal, name="chart")
    colors = player_colors(record, ink)
    dashes = [(), (3, 2), (1, 1.5), (5, 2, 1, 2)]
    rounds = len(result.snapshots) - 1
    top = max([1] + [t for snap in result.snapshots for _, t in snap.totals])
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
    for r in range(0, rounds + 1, max(1, -(-rounds // 8))):
        xx = plot_x + plot_w * r / max(1, rounds)
        items.append(Text(xx, plot_y + plot_h + MIN_TEXT + 2, str(r), MIN_TEXT, "sans", "middle", pal.soft))
    for i, player in enumerate(record.players):
        pts = [(plot_x + plot_w * s.round / max(1, rounds), plot_y + plot_h - plot_h * dict(s.totals)[player] / top)
               for s in result.snapshots]
        items.append(Path(tuple(pts), Style(fill=None, stroke=colors[player], width=1.4,
                                            dash=dashes[i % 4] if ink == "mono" else ()), closed=False,
                          role="score-line"))
    x = inner.x + label_w
    ly = inner.bottom - 2
    for i, player in enumerate(record.players):
        items.append(Line(x, ly - MIN_TEXT * 0.3, x + 14, ly - MIN_TEXT * 0.3,
                          Style(fill=None, stroke=colors[player], width=1.4, dash=dashes[i % 4] if ink == "mono" else ())))
        items.append(Text(x + 17, ly, player, MIN_TEXT, "sans", "start", pal.ink))
        x += 24 + text_width(player, "sans", MIN_TEXT)
    return Group(tuple(items), name="chart", box=tuple(box))


def _legend(box, ink: str):
    from lostprint.geometry.paper import Box
    from lostprint.scene import Group
    from lostprint.sheets import widgets as w
    from lostprint.sheets.style import palette

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
    from lostprint.crows.art import tile_art
    from lostprint.sheets.style import palette

    return tile_art(kind, cell, ink, text=False, stroke=palette(ink).line)


def _badge_demo(key: str, cell, ink: str) -> list:
    from lostprint.scene import Rect, Style
    from lostprint.sheets.style import palette

    pal = palette(ink)
    items = [Rect(cell.x, cell.y, cell.w, cell.h, Style(fill="#f3eee2" if ink == "color" else "#ffffff",
                                                        stroke=pal.line, width=0.5))]
    if key == "count":
        items += _crow_badge(cell, 4, ink)
    elif key == "queen":
        items += _queen_badge(cell, ink)
    elif key == "totem":
        items += _totem_badge(cell, "A", G.TOTEM_COLORS[0][1] if ink == "color" else "#000000", ink)
    elif key == "corruption":
        items += _corruption_badge(cell, ink)
    elif key == "murder":
        items += _murder_ring(cell, ink)
    return items


def _crow_badge(cell, n: int, ink: str) -> list:
    from lostprint.crows.art import centred
    from lostprint.scene import Circle, Style
    from lostprint.sheets.style import MIN_TEXT

    r = max(MIN_TEXT * 0.72, cell.w * 0.2)
    cx, cy = cell.x + r + 1, cell.y + cell.h - r - 1
    return [Circle(cx, cy, r, Style(fill="#1b1a1f", stroke="#ffffff", width=0.6), role="crow-count"),
            centred(cx, cy, str(n), max(MIN_TEXT, r * 1.25), "sans-bold", "#ffffff", role="crow-count")]


def _queen_badge(cell, ink: str) -> list:
    from lostprint.scene import Circle, Style
    from lostprint.sheets.icons import icon

    r = cell.w * 0.2
    cx, cy = cell.x + r + 1, cell.y + r + 1
    gold = "#e0b52c" if ink == "color" else "#ffffff"
    return [Circle(cx, cy, r, Style(fill=gold, stroke="#1b1a1f", width=0.6), role="queen"),
            icon("crown", cx, cy, r * 1.5, "#1b1a1f")]


def _totem_badge(cell, initial: str, color: str, ink: str) -> list:
    from lostprint.crows.art import centred
    from lostprint.scene import Circle, Style
    from lostprint.sheets.style import MIN_TEXT

    r = max(MIN_TEXT * 0.75, cell.w * 0.22)
    cx, cy = cell.x + cell.w - r - 1, cell.y + r + 1
    fill, text = (color, "#ffffff") if ink == "color" else ("#ffffff", "#000000")
    return [Circle(cx, cy, r, Style(fill=fill, stroke="#1b1a1f" if ink == "mono" else "#ffffff", width=0.8),
                   role="totem"),
            centred(cx, cy, initial, max(MIN_TEXT, r * 1.2), "sans-bold", text, role="totem")]


def _corruption_badge(cell, ink: str) -> list:
    from lostprint.scene import Circle, Style
    from lostprint.sheets.icons import icon

    r = cell.w * 0.2
    cx, cy = cell.x + cell.w - r - 1, cell.y + cell.h - r - 1
    fill, art = ("#3e2f4f", "#d8c7f0") if ink == "color" else ("#ffffff", "#000000")
    return [Circle(cx, cy, r, Style(fill=fill, stroke="#1b1a1f", width=0.5), role="corruption"),
            icon("spiral", cx, cy, r * 1.6, art)]


def _murder_ring(cell, ink: str) -> list:
    from lostprint.scene import Rect, Style

    color = "#c0231b" if ink == "color" else "#000000"
    return [Rect(cell.x + 1, cell.y + 1, cell.w - 2, cell.h - 2,
                 Style(fill=None, stroke=color, width=1.6, dash=() if ink == "color" else (2.5, 1.5)), role="murder")]


def _board(record: Record, snap: E.Snapshot, bounds, box, ink: str) -> list:
    """The board of a snapshot, fitted in `box` on a grid covering every square of the game."""
    from lostprint.geometry.paper import Box
    from lostprint.geometry.square import fit_grid
    from lostprint.scene import Rect, Style, Text
    from lostprint.sheets.style import MIN_TEXT, palette

    pal = palette(ink)
    c0, r0, c1, r1 = bounds
    label = MIN_TEXT * 1.8
    layout = fit_grid([(c0, r0), (c1, r1)], (box.x + label, box.y + label, box.w - label, box.h - label), max_size=44)
    size = layout.size
    items: list = []
    for c in range(c0, c1 + 1):
        x, y = layout.corner((c, r0))
        items.append(Text(x + size / 2, y - 3, str(c), MIN_TEXT, "sans", "middle", pal.faint))
    for r in range(r0, r1 + 1):
        x, y = layout.corner((c0, r))
        items.append(Text(x - 3, y + size / 2 + MIN_TEXT * 0.35, str(r), MIN_TEXT, "sans", "end", pal.faint))
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
    from lostprint.fonts import ASCENT
    from lostprint.geometry.paper import Box
    from lostprint.scene import Group, Text
    from lostprint.sheets import widgets as w
    from lostprint.sheets.style import palette

    pal = palette(ink)
    items, inner = w.panel(box, title, pal, subtitle=subtitle, name=title)
    lines = lines or []
    lead = w.SMALL * 1.22
    text_h = max(len(lines), TURN_LINES if lines else 0) * lead + (3 if lines else 0)
    items += _board(record, snap, bounds, Box(inner.x, inner.y, inner.w, inner.h - text_h), ink)
    y = inner.bottom - len(lines) * lead
    for line in lines:
        label, size = w.fitted(line, "sans", w.SMALL, inner.w)
        items.append(Text(inner.x, y + ASCENT * size, label, size, "sans", "start", pal.ink, role="turn"))
        y += lead
    return Group(tuple(items), name=f"board:{title}", box=tuple(box))


def _rounds_page(record: Record, result: E.Result, snaps, bounds, W: float, H: float, ink: str, page: int,
                 pages: int, grid: tuple[int, int]):
    from lostprint.fonts import ASCENT
    from lostprint.geometry.paper import Box
    from lostprint.scene import Scene, Text
    from lostprint.sheets.style import MIN_TEXT, palette

    pal = palette(ink)
    box = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    size = MIN_TEXT + 1
    items: list = [Text(box.x, box.y + ASCENT * size, f"{record.title} \u00b7 round by round", size, "sans-bold",
                        "start", pal.soft),
                   Text(box.right, box.y + ASCENT * size, f"page {page + 1} of {pages + 1}", size, "sans-italic",
                        "end", pal.soft)]
    cols, rows = grid
    gap = 8.0
    top = box.y + size + 6
    cw = (box.w - gap * (cols - 1)) / cols
    ch = (box.bottom - top - gap * (rows - 1)) / rows
    initials = _initials(record.players)
    for i, snap in enumerate(snaps):
        r, c = divmod(i, cols)
        cell = Box(box.x + c * (cw + gap), top + r * (ch + gap), cw, ch)
        turns = record.rounds[snap.round - 1]
        lines = [f"{t.player} ({initials.get(t.player, '?')}): {_turn_text(t)}" for t in turns]
        for m in snap.murders:
            lines.append(f"Murder at {E.fmt_sq(m.square)}: {m.crows} crows" + (" and the Queen" if m.queen else "")
                         + f"; 2 leave, {len(m.scattered)} scatter from {m.direction}")
        pts = " \u00b7 ".join(f"{p} +{n}" for p, n in snap.points)
        if snap.drained:
            pts += " (drained)"
        title = f"Round {snap.round}" + (" \u00b7 Nightfall" if snap.nightfall else "")
        items.append(_board_panel(record, result, snap, bounds, cell, ink, title, subtitle=pts, lines=lines))
    return Scene(W, H, tuple(items), margin=MARGIN)
