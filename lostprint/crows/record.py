"""A played game of Crows, kept as a file (YAML or JSON, `format: lostprint-save/1`, `game: crows`):
loading with line numbers, checking every field and every move; the record Scenes are drawn by
lostprint.crows.record_pages.

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

import difflib
import functools
import re
from dataclasses import dataclass
from types import MappingProxyType
from pathlib import Path

from lostprint.crows import transcript as T
from lostprint.crows.transcript import play_record
from lostprint.engine import crows as E
from lostprint.games import named as game_named, names_pattern, resolve
from lostprint.errors import LostprintError
from lostprint.files import COUNTS, SAVE, SAVE_FORMAT, LoadError, line_at, load, shown_path
from lostprint.files.fields import At, Problems, Reader, keyname
from lostprint.files.show import shown
from lostprint.games import crows as G

FORMAT = SAVE_FORMAT
TOP_FIELDS = ("format", "game", "map", "title", "players", "tiles", "start", "rounds", "outcome", "notes", "date")
TURN_FIELDS = ("player", "tile", "at", "moved_to", "totem", "spell", "scatter", "nightfall", "note")
MAX_TITLE = 200  # characters of a title (as a save's): it is printed in a heading and every running head
MAX_NAME = 40  # characters of a player's name: it heads a score column and labels a chart line
MAX_DATE = 40  # characters of the date line


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
        near = difflib.get_close_matches(_norm(value), list(tile_aliases()), n=1, cutoff=0.75)
        return _bad(rd, where, f"{shown(value)} is not a tile type (one of: {names})"
                    + (f"; did you mean {tile_aliases()[near[0]]}?" if near else ""))
    return key


def _direction(rd: Reader, value, where: str):
    if value is None:
        return None
    text = str(value).strip().upper() if isinstance(value, str) else ""
    if text[:1] not in E.DIRECTIONS or text not in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
        corner = re.fullmatch(r"(N|S|NORTH|SOUTH)[- ]?(E|W|EAST|WEST)", text)
        return _bad(rd, where, f"{shown(value)} is not a direction (N, E, S or W"
                    + (": a side of the tile, not a corner)" if corner else ")"))
    return text[:1]


def _scatter(rd: Reader, value, where: str):
    """A turn's scatter: one direction for every murder its player scatters that round, or a list of
    directions, one per murder in murder order (top row first)."""
    if not isinstance(value, list):
        return _direction(rd, value, where)
    if not value:
        return _bad(rd, where, "an empty list: name one direction (N, E, S or W) for each murder")
    directions = tuple(_direction(rd, v, f"{where}[{i}]") for i, v in enumerate(value))
    return None if None in directions else directions


def parse_counts(data, where: str, rd: Reader, least: int = G.MIN_MAP_TILES) -> tuple[tuple[str, int], ...]:
    """A tile set: {type: count}; the types listed take these counts, the others keep their house count.
    Fewer than `least` map tiles in all is a problem (by default: fewer than some player count needs)."""
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
    if total < least:
        _bad(rd, where, f"{total} map tiles in all; a game needs at least {least}")
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
    setup: T.Setup
    rounds: tuple[tuple[T.TurnPlay, ...], ...]
    claimed: tuple[tuple[str, int], ...]
    date: str = ""
    winner: tuple[str, ...] = ()  # the claimed winner (the tied players, for a shared win), checked by the replay


def _layout(rd: Reader, spec):
    """The starting squares a record's `map` names, in the order the tiles are laid: the standard checkerboard
    (none, or "standard") or the variant layout of `lostprint map crows --seed N` ({seed: N}); None after
    a problem."""
    if spec is None or (isinstance(spec, str) and spec.strip().lower() == "standard"):
        return G.start_squares()
    seed = spec.get("seed") if isinstance(spec, dict) and set(spec) == {"seed"} else None
    if not (isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0):
        return _bad(rd, "map", f"must be 'standard' or {{seed: N}}, the variant layout of lostprint map crows "
                    f"--seed N, not {shown(spec)}")
    from lostprint.maps.generate import generate  # lazy: the generators, for a record on a variant layout

    try:
        return generate(G.GAME.id, int(seed)).squares
    except (LostprintError, ValueError) as exc:
        return _bad(rd, "map", f"the layout cannot be used: {exc}")


def variant_squares(seed: int) -> tuple:
    """The start squares of the variant layout `lostprint map crows --seed N` lays out (a new record's
    `map: {seed: N}`); LostprintError, one line, when the seed gives no usable layout."""
    rd = Reader(Problems(f"--seed {seed}"), root={})
    squares = _layout(rd, {"seed": seed})
    if squares is None:
        raise LostprintError(rd.problems.lines()[0])
    return squares


def _spell(f: Reader, value, where: str) -> E.SpellPlay | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = {"name": value}
    if isinstance(value, list):
        return _bad(f, where, "one spell a turn (a player may play 1 spell, after placing their totem): "
                    "write its name or {name: ..., target: ...}")
    if not isinstance(value, dict):
        return _bad(f, where, "must be a spell name or {name: ..., target: ...}")
    name = value.get("name")
    if name is None:
        return _bad(f, f"{where}.name", "missing: which spell")
    key = _norm(name)
    if key not in E.SPELL_KEYS:
        return _bad(f, f"{where}.name", f"{shown(name)} is not a spell (one of: {', '.join(E.SPELL_KEYS)})")
    card = G.spell(key)
    allowed = ("name",) + tuple(k for k in T.SPELL_FIELDS if k in card.fields)
    _mapping(f, value, where, allowed)
    kw = {}
    for k in ("target", "from", "at", "moved_to"):
        if k in allowed:  # Landfall's moved_to only for a Lava Pool laid on a tile
            kw[T.SPELL_FIELDS[k]] = _square(f, value.get(k), f"{where}.{k}", k != "moved_to")
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
    if getattr(game_named(data.get("game")), "id", None) != "crows":  # as the validator reads it
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
            color = None  # none named: given below
            if isinstance(p, dict):
                _mapping(f, p, where, ("name", "color"))
                name = p.get("name")
                if p.get("color") is not None:
                    if str(p["color"]).lower() not in color_names:
                        _bad(f, f"{where}.color",
                             f"{shown(p['color'])} is not a totem colour ({', '.join(color_names)})")
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
        taken = {c for _, c in colors if c}
        for j, (name, color) in enumerate(colors):  # none named: the seat's colour, else the first nobody took
            if color is None:
                color = next((c for c in color_names[j:] + color_names if c not in taken), color_names[-1])
                taken.add(color)
                colors[j] = (name, color)
        # more players than colours: the replay says how many Crows is for
        if len({c for _, c in colors}) != len(colors) and len(colors) <= len(color_names):
            _bad(f, "players", "two players share a totem colour")
    counts = parse_counts(data.get("tiles"), "tiles", f, least=0)  # the setup checks the least its players need
    squares = _layout(f, data.get("map"))
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
            turns.append(T.TurnPlay(
                player=str(player) if player is not None else "",
                tile=_tile(f, t.get("tile"), f"{where}.tile"),
                at=_square(f, t.get("at"), f"{where}.at"),
                moved_to=_square(f, t.get("moved_to"), f"{where}.moved_to", required=False),
                totem=_square(f, t.get("totem"), f"{where}.totem", required=False),
                spell=_spell(f, t.get("spell"), f"{where}.spell"),
                scatter=_scatter(f, t.get("scatter"), f"{where}.scatter"),
                nightfall=nf,
            ))
        rounds.append(tuple(turns))
    claimed, winner = [], ()
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
        named = outcome.get("winner")
        named = [named] if isinstance(named, str) else named
        if isinstance(named, list) and named and all(isinstance(n, str) for n in named):
            winner = tuple(n.strip() for n in named)
        elif named is not None:
            _bad(f, "outcome.winner", f"must be a player's name, or a list of the tied players, not {shown(named)}")
    if f.problems or not players:
        return None, f
    record = Record(source, title, tuple(players), tuple(colors),
                    T.Setup(tuple(players), tuple(start), counts, squares), tuple(rounds), tuple(claimed), date or "",
                    winner)
    return record, f


def replay_record(record: Record, rd: Reader | None = None) -> T.Result:
    """The record played through the engine's steps (lostprint.crows.transcript); its problems (and wrong
    claimed scores) go to rd."""

    result = play_record(record.setup, record.rounds, claimed=record.claimed)[0]
    if rd is None:
        return result
    for p in result.problems:
        _bad(rd, p.field, p.message)
    if result.problems:  # the scores follow from the moves: a move refused is the slip to tell, not every score
        return result
    final = dict(result.final)
    best = max(final.values())
    won = [p for p, n in result.final if n == best]
    told = len(rd.problems)
    for name, pts in record.claimed:
        if name not in final:
            _bad(rd, f"outcome.scores.{keyname(name)}", f"{shown(name)} is not one of the players")
        elif final[name] != pts:
            _bad(rd, f"outcome.scores.{keyname(name)}", f"the replay gives {name} {final[name]} points, not {pts} "
                 f"({tally(result, name)})")
    if record.winner and sorted(record.winner) != sorted(won) and len(rd.problems) == told:  # else: the scores'
        _bad(rd, "outcome.winner", f"the replay gives the win to {' and '.join(won)}, with {best} points"
             + (" (tied for the most points, they share it)" if len(won) > 1 else ""))
    return result


def tally(result: T.Result, name: str) -> str:
    """How the replay's points for `name` add up, for a player to find the round they scored differently:
    each round's (with the Queen, or a Ley Line doubling or drained, named), then the unused spells."""
    def scored(s: E.Snapshot) -> str:
        at, notes = dict(s.totems).get(name), []
        if at is not None and s.queen == at:
            notes.append("the Queen")
        if at is not None and dict(s.tiles)[at] == G.LEY_LINE:
            notes.append("Ley Line, Drained" if s.drained else "Ley Line, doubled")
        return f"{dict(s.points)[name]}" + (f" ({', '.join(notes)})" if notes else "")

    spells = dict(result.spells_left)[name]
    return (f"rounds {', '.join(scored(s) for s in result.snapshots[1:])}; {spells} unused "
            f"spell{'s' * (spells != 1)}: {spells * G.RULES.score('unused_spell')}")


def check_record_data(data, source: str) -> tuple[list[str], Record | None, T.Result | None]:
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


def record_from_data(data, source: str) -> tuple[Record, T.Result]:
    """A clean record and its replay; raises LostprintError (one line) on the first problem."""
    lines, record, result = check_record_data(data, source)
    if lines:
        more = f" (and {len(lines) - 1} more: run lostprint validate {source})" if len(lines) > 1 else ""
        raise LostprintError(lines[0] + more)
    return record, result


def load_record(path) -> tuple[Record, T.Result]:
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


def build_record(record: Record, result: T.Result, paper: str, ink: str, tr=None):
    """The finished game as a multi-page Scene (lostprint.crows.record_pages), its words through the
    translator `tr` (lostprint.i18n; English when None)."""
    # lazy: the pages' drawing (scene, sheets' widgets, the tile art: ~30 ms): checking a record draws nothing
    from lostprint.crows.record_pages import build_record as pages

    return pages(record, result, paper, ink) if tr is None else pages(record, result, paper, ink, tr)


# --- its JSON Schema ----------------------------------------------------------------------------------

def _any_case(*words: str) -> str:
    """A pattern matching any of `words` in any case, as the reader takes them (JSON Schema has no flag)."""
    return "^(" + "|".join("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in w)
                           for w in words) + ")$"


def _written(forms) -> str:
    """A pattern matching each text `_norm` reads as one of `forms` (JSON Schema has no flags): any case, any
    other characters between the words and around them, apostrophes dropped (`Queen's Totem`)."""
    other, apostrophe = "[^A-Za-z0-9]", "['\u2019]*"

    def word(w: str) -> str:
        return apostrophe.join(f"[{c.upper()}{c}]" if c.isalpha() else c for c in w)

    ways = (f"{other}*[^A-Za-z0-9'\u2019]{other}*".join(word(w) for w in form.split("-")) for form in forms)
    return f"^{other}*(?:{'|'.join(ways)}){other}*$"


def record_schema() -> dict:
    """The JSON Schema of a Crows record, the part of `lostprint schema save` for `game: crows`: the shapes
    parse_record reads (fields, squares, tile and spell names in any case, directions, colours); the replay
    checks the rest. Every name, count and limit comes from the reader's own tables and the game data."""
    square = {"type": "array", "minItems": 2, "maxItems": 2, "description": "[column, row]",
              "items": {"type": "integer", "minimum": -9_999, "maximum": 9_999}}
    map_tiles = sorted(name for name, key in tile_aliases().items() if key != G.NIGHTFALL)
    tile_name = {"type": "string", "pattern": _written(map_tiles)}
    tile = {**tile_name, "description": "a tile type: its key or printed name, any case ("
                                        + ", ".join(t.key for t in G.TILE_TYPES) + ")"}
    words = {"N": "north", "E": "east", "S": "south", "W": "west"}
    direction = {"type": "string", "pattern": _any_case(*words, *words.values()), "description": "N, E, S or W"}
    text = {"type": ["string", "number"]}
    spells = [{"type": "object", "required": ["name", *(k for k in card.fields if k != "moved_to")],
               "additionalProperties": False, "description": card.short,
               "properties": {"name": {"type": "string", "pattern": _written([card.key])},
                              **{k: {"target": square, "from": square, "at": square, "moved_to": square,
                                     "direction": direction, "tile": tile, "count": {"enum": [1, 2]}}[k]
                                 for k in card.fields}}} for card in G.SPELLS]
    turn = {"type": "object", "required": ["player", "tile", "at"], "additionalProperties": False, "properties": {
        "player": {**text, "description": "whose turn"}, "tile": tile, "at": square,
        "moved_to": {**square, "description": "where the tile a Lava Pool replaced went"},
        "totem": {**square, "description": "left out only when no tile is empty"},
        "spell": {"anyOf": [{"type": "string", "pattern": _written(E.SPELL_KEYS)}, *spells]},
        "scatter": {"anyOf": [direction, {"type": "array", "minItems": 1, "items": direction}],
                    "description": "one direction for every murder this player scatters this round, or one each"},
        "nightfall": {"type": "boolean", "description": "this turn's draw (or its Landfall's) turned up Nightfall"},
        "note": {"type": "string"}}}
    assert set(turn["properties"]) == set(TURN_FIELDS)
    name = {**text, "maxLength": MAX_NAME}
    colors = [c for c, _ in G.TOTEM_COLORS]
    properties = {
        "format": {"const": FORMAT},
        "game": {"type": "string", "pattern": names_pattern(resolve(G.GAME.id))},
        "map": {"anyOf": [{"const": "standard"}, {"type": "object", "required": ["seed"], "additionalProperties": False,
                                                  "properties": {"seed": {"type": "integer", "minimum": 0}}}],
                "description": "the starting layout: standard, or {seed: N} of lostprint map crows --seed N"},
        "title": {**text, "maxLength": MAX_TITLE},
        "players": {"type": "array", "minItems": 1, "description": "seat order; the first starts every round",
                    "items": {"anyOf": [name, {"type": "object", "required": ["name"], "additionalProperties": False,
                                               "properties": {"name": name, "color": {
                                                   "type": "string", "pattern": _any_case(*colors)}}}]}},
        "tiles": {"type": "object", "description": "the tile set: types left out keep their house count",
                  "propertyNames": tile_name,
                  "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 60}},
        "start": {"type": "array", "description": f"the {G.START_TILES} starting tiles, in the layout's reading order",
                  "items": {"type": "object", "required": ["square", "tile"], "additionalProperties": False,
                            "properties": {"square": square, "tile": tile}}},
        "rounds": {"type": "array", "description": "one list of turns per round, in seat order",
                   "items": {"type": "array", "items": turn}},
        "outcome": {"type": "object", "additionalProperties": False, "description": "checked against the replay",
                    "properties": {"scores": {"type": "object", "additionalProperties": {"type": "integer"}},
                                   "winner": {"anyOf": [{"type": "string"},
                                                        {"type": "array", "items": {"type": "string"}}]}}},
        "notes": {"type": "string"},
        "date": {**text, "maxLength": MAX_DATE},
    }
    assert tuple(properties) == TOP_FIELDS
    return {"type": "object", "required": ["format", "game", "players", "start", "rounds"],
            "additionalProperties": False, "properties": properties}
