"""Crows' transcript: a record's fields <-> the inputs the engine's steps take (lostprint.engine.crows).

An input is plain JSON, written as the record writes the same field: a starting tile is its type
(`"gem-cave"`); a turn's tile is `{tile, at, moved_to?}`; a totem is `[c, r]` or null; a spell is null
or the record's spell mapping (`{name: teleport, from: [0, 0], target: [2, 1], count: 2}`); Nightfall
is true or false; a murder's scatter is `"N"`, `"E"`, `"S"` or `"W"`. So a played game's inputs are the
record's own values, in the order the steps ask for them, and the record is written back from them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import product

from lostprint.engine import crows as E
from lostprint.engine import drive
from lostprint.engine.contract import RuleError, after, open_step
from lostprint.games import crows as G
from lostprint.geometry.square import Square

SPELL_FIELDS = {"target": "target", "direction": "direction", "from": "source", "count": "count", "tile": "tile",
                "at": "at", "moved_to": "moved_to"}  # a record's spell field: the SpellPlay attribute


# --- a record's setup and turns, and what its check finds -----------------------------------------

@dataclass(frozen=True)
class TurnPlay:
    player: str
    tile: str | None
    at: Square | None
    totem: Square | None = None
    spell: E.SpellPlay | None = None
    moved_to: Square | None = None  # a Lava Pool's replaced tile goes here
    # the direction this player starts each murder they scatter this round from, or one per murder (in murder order)
    scatter: str | tuple[str, ...] | None = None
    nightfall: bool = False  # this turn's draw turned up Nightfall


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    start: tuple[tuple[Square, str], ...]
    counts: tuple[tuple[str, int], ...] = G.HOUSE_COUNTS
    squares: tuple[Square, ...] = G.start_squares()  # the starting layout's squares (a variant's, by its map)


@dataclass(frozen=True)
class Result:
    players: tuple[str, ...]
    problems: tuple[E.Problem, ...]
    snapshots: tuple[E.Snapshot, ...]  # the start, then one per round
    spells_left: tuple[tuple[str, int], ...]
    final: tuple[tuple[str, int], ...]  # round points + unused spells

    def standings(self) -> list[tuple[str, int]]:
        """Players by final score, best first; ties keep seat order."""
        order = {p: i for i, p in enumerate(self.players)}
        return sorted(self.final, key=lambda ps: (-ps[1], order[ps[0]]))


# --- one value <-> its plain form --------------------------------------------------------------------

def _plain(value):
    """A square as a list of plain ints (a loaded file's ints carry their lines); any other value as it is."""
    return [int(value[0]), int(value[1])] if isinstance(value, tuple) else value


def _sq(raw, what: str):
    if raw is None:
        return None
    if (not isinstance(raw, (list, tuple)) or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10_000 for v in raw)):
        raise ValueError(f"{what} must be a square [column, row]")
    return (raw[0], raw[1])


def plain(key: str, value):
    """The plain (record) form of an engine value given at the step `key`."""
    if key == "tile":
        return {"tile": value.tile, "at": _plain(value.at)} | ({} if value.moved_to is None else
                                                                {"moved_to": _plain(value.moved_to)})
    if key == "spell" and value is not None:
        values = ((field, getattr(value, attr)) for field, attr in {"name": "name", **SPELL_FIELDS}.items())
        return {field: int(v) if field == "count" else _plain(v) for field, v in values if v is not None}
    return _plain(value)  # start (a tile type), totem (a square or None), nightfall (a bool), scatter


def value_of(key: str, raw):
    """The engine value a plain input stands for at step `key`; ValueError when it has the wrong shape
    (the step itself judges whether the rules allow it)."""
    if key == "tile":
        if not (isinstance(raw, dict) and set(raw) <= {"tile", "at", "moved_to"} and isinstance(raw.get("tile"), str)):
            raise ValueError("a tile is {tile, at, moved_to}")
        return E.Placement(raw["tile"], _sq(raw.get("at"), "at"), _sq(raw.get("moved_to"), "moved_to"))
    if key == "totem":
        return _sq(raw, "a totem")
    if key == "spell":
        if raw is None:
            return None
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise ValueError("a spell is null or {name, ...}")
        if not set(raw) - {"name"} <= set(SPELL_FIELDS):
            raise ValueError(f"a spell's fields are name, {', '.join(SPELL_FIELDS)}")
        card = next((c for c in G.SPELLS if c.key == raw["name"]), None)
        if card is not None and not set(raw) - {"name"} <= set(card.fields):
            raise ValueError(f"{card.name} takes {', '.join(card.fields) or 'nothing but its name'}")
        kw = {}
        for field, attr in SPELL_FIELDS.items():
            v = raw.get(field)
            if field in ("target", "from", "at", "moved_to"):
                v = _sq(v, field)
            elif v is not None and type(v) is not (int if field == "count" else str):  # JSON's, no bool
                raise ValueError("count is 1 or 2" if field == "count" else f"{field} is text")
            kw[attr] = v
        return E.SpellPlay(raw["name"], **kw)
    shapes = {"start": (isinstance(raw, str), "a starting tile is a tile type"),
              "nightfall": (isinstance(raw, bool), "Nightfall is true or false"),
              "scatter": (isinstance(raw, str) and raw in E.DIRECTIONS, "a scatter starts N, E, S or W")}
    fits, shape = shapes.get(key, (False, f"no step {key!r}"))
    if not fits:
        raise ValueError(shape)
    return raw


# --- playing inputs -------------------------------------------------------------------------------------

def autos(state, events: list):
    """Apply the AUTO steps now open; the state that next asks for something (or is over)."""
    return drive.autos(E, state, events)


def open_key(state) -> str | None:
    """The key of the step waiting for an input (None: the game is over)."""
    found = open_step(E.STEPS, state, E.outcome)
    return None if found is None else found[1].key


def take(state, raw) -> tuple[E.State, list]:
    """One plain input at the open step: (the state that next asks for something, the events on the way).
    RuleError when the rules refuse it; ValueError when it is not this step's kind of input."""
    events: list = []
    state = autos(state, events)  # at the open step
    if E.outcome(state):
        raise ValueError("the game is over")
    step = E.STEPS[state.step]
    value = value_of(step.key, raw)
    new = after(E.STEPS, step, step.apply(state, value))
    events.append(drive.Event(step.key, step.need(state), value, state, new))
    return autos(new, events), events


def replay(start: E.State, inputs) -> tuple[E.State, list]:
    """The state after `inputs` from `start`, and every event on the way; ValueError names the input."""
    events: list = []
    state = autos(start, events)
    for i, raw in enumerate(inputs):
        try:
            state, more = take(state, raw)
        except (RuleError, ValueError) as exc:
            raise ValueError(f"inputs[{i}]: {exc}") from None
        events += more
    return state, events


# --- a record -> inputs ---------------------------------------------------------------------------------

def play_record(setup: Setup, rounds, unfinished_ok: bool = False, claimed=()) -> tuple[Result, list]:
    """A record's setup and rounds (of TurnPlay) played through the steps, carried on past every rule
    broken: (the result, each problem at the record's field, and the inputs that play it, in order).
    The record's own shape (a round per list, a turn per seat, a tile on each starting square) is read
    here; every rule of play is the steps'. A round that cannot be carried on ends the check there.
    With `unfinished_ok`, a game whose Nightfall is still to come is no problem (a game in progress).

    One slip is told once (with `claimed`, name: points, to choose among the ways the record reads on):
    a move refused is carried on as the legal move of its kind the later turns follow, if one makes them
    all legal (a totem on a tile that is not empty: the tile the player's totem went on); a scatter written
    (or left to N) other than as played, which moves crows the later turns do not expect, is the slip when
    scattering that round's murders otherwise makes every later turn legal, or is all that stands between
    two players' claimed scores and the replay's."""
    first = _play(setup, rounds, unfinished_ok)
    found = next(filter(None, (slip(first, rounds, _Replays(setup, rounds, unfinished_ok, claimed))
                               for slip in (_scatter_slip, _move_slip, _square_slip, _kind_slip))), None)
    return (found or first).result, (found or first).inputs


SLIP_TURNS = 3000  # turns the replays of one search for the slip may play together
SLIP_TRIES = 64  # and at most this many
SQUARE_ROUNDS = 4  # how far back a totem or tile written a square off is looked for, nearest first
NEAR = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))  # a square aside, then a corner


class _Replays:
    """The record played again with one reading changed (_play's `scattered` or `forced`), while the search's
    budget lasts: the pass if it leaves `own` the only problems and agrees with the claimed scores, else None."""

    def __init__(self, setup: Setup, rounds, unfinished_ok: bool, claimed):
        self.args, self.claimed = (setup, rounds, unfinished_ok), claimed
        self.left = min(SLIP_TRIES, SLIP_TURNS // max(1, sum(map(len, rounds))))

    def __call__(self, own=(), **reading) -> _Pass | None:
        self.left -= 1
        alt = _play(*self.args, **reading) if self.left >= 0 else None
        final = dict(alt.result.final) if alt else {}
        return alt if alt and alt.result.problems == own and all(final.get(n, pts) == pts
                                                                 for n, pts in self.claimed) else None


def _told(alt: _Pass, field: str, message: str) -> _Pass:
    """`alt`, its problems the one slip found."""
    return replace(alt, result=replace(alt.result, problems=(E.Problem(field, message),)))


def _scatter_slip(first: _Pass, rounds, replay: _Replays) -> _Pass | None:
    result, murders = first.result, first.murders
    later = [int(m[1]) for p in result.problems if (m := re.match(r"rounds\[(\d+)\]", p.field))]
    scatter = len(result.problems) == 1 and result.problems[0].field.endswith(".scatter")  # a chooser's misread too
    final = dict(result.final)
    wrong = [f"the replay gives {n} {final[n]} points, not {pts}" for n, pts in replay.claimed
             if final.get(n, pts) != pts]
    if result.problems:
        if (len(result.problems) < 2 and not scatter) or len(later) < len(result.problems):
            return None
        told = f"{result.problems[0].field} is refused ({result.problems[0].message})"
    elif len(wrong) < 2:  # every move legal: a scatter that moves two players' scores is one slip, not two
        return None
    else:
        later, told = [len(rounds)], "; ".join(wrong)  # the claimed scores, not a later turn, follow it
    for r in sorted((r for r in murders if r < min(later)), reverse=True):  # the nearest murders first
        said = tuple(d for _, _, d in murders[r])
        found = []  # the clean ways to scatter round r, the fewest murders changed
        for dirs in _other_scatters(said):
            if replay.left <= 0 or (found and _changed(dirs, said) > _changed(found[0][0], said)):
                break
            found += [(dirs, alt)] if (alt := replay(scattered={r: dirs})) else []
        if found:
            j, ways = _scattered(murders[r], [d for d, _ in found], rounds[r])
            lead = "the later turns follow" if result.problems else "the scores written follow"
            return _told(found[0][1], f"rounds[{r}][{j}].scatter", f"{lead} {ways}: as written, {told}")
    return None


def _move_slip(first: _Pass, rounds, replay: _Replays) -> _Pass | None:
    """The first pass read on from its first refused move as each legal move of its kind in turn (a tile
    refused for the set's count: any tile on its square), the first that leaves that move's own problems
    the only ones (and agrees with the claimed scores)."""
    if len(first.result.problems) < 2 or not first.refused:
        return None
    where, key, before, value = first.refused[0]
    own = tuple(p for p in first.result.problems if p.field.startswith(f"{where}.{key}") or (
        key == "tile" and p.field in (f"{where}.at", f"{where}.moved_to")))
    if not own or own[0] != first.result.problems[0] or len(own) == len(first.result.problems):
        return None
    named = own[0].field == f"{where}.tile"  # a tile refused as more than the set holds: another was laid there
    # a tile of another type on its square, or its type elsewhere; any spell (one written as another too)
    kind = {"tile": lambda o: o.at == value.at or (o.tile == value.tile and not named),
            "spell": lambda o: o is not None}
    ways = sorted((o for o in E.STEPS[before.step].options(before) if kind.get(key, lambda o: True)(o)),
                  key=lambda o: _unlike(o, value))  # the move most like the one written first
    return next((alt for way in ways if replay.left > 0 and (alt := replay(own, forced={(where, key): way}))), None)


def _unlike(way, value) -> tuple[int, int, int]:
    """How far a legal move is from the one written: the fields written (a tile's type, a spell's name
    among them) it gives otherwise, then the fields it gives that were not written (a spell written as
    another), then the squares between the squares it writes otherwise (a totem is its square)."""
    if isinstance(way, (E.Placement, E.SpellPlay)):
        fields = E.Placement._fields if isinstance(way, E.Placement) else ("name", *SPELL_FIELDS.values())
        pairs = [(getattr(way, f), getattr(value, f)) for f in fields]
    else:
        pairs = [(way, value)]
    return (sum(a != b for a, b in pairs if b is not None), sum(b is None and a is not None for a, b in pairs),
            sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in pairs
                if a != b and isinstance(a, tuple) and isinstance(b, tuple)))


def _back(problems, rounds) -> list[tuple[int, int]]:
    """The turns a slip that several refusals follow from may be on, nearest first: the first refused
    move's turn, then back through its round and up to SQUARE_ROUNDS rounds before it."""
    m = re.match(r"rounds\[(\d+)\]\[(\d+)\]", problems[0].field) if len(problems) > 1 else None
    if m is None:
        return []
    r0, j0 = int(m[1]), int(m[2])
    return [(r, j) for r in range(r0, max(r0 - SQUARE_ROUNDS, -1), -1) for j in reversed(range(len(rounds[r])))
            if (r, j) <= (r0, j0)]


def _square_slip(first: _Pass, rounds, replay: _Replays) -> _Pass | None:
    """A legal totem or tile, in the first refused move's turn, its round or the rounds before it, written a
    square off (read back [row, column], on the turn's tile or totem, one square aside) when standing or
    laying it there makes every later turn legal: the later turns' refusals follow from it, the one slip."""
    problems = first.result.problems
    for r, j in _back(problems, rounds):  # the turn itself too: its totem on the square its spell then needs
        t, where = rounds[r][j], f"rounds[{r}][{j}]"
        for key, field, was, other in (("totem", "totem", t.totem, t.at), ("tile", "at", t.at, t.totem)):
            for sq in dict.fromkeys([was[::-1], other, *((was[0] + dc, was[1] + dr) for dc, dr in NEAR)]
                                    if was else []):
                if replay.left <= 0:
                    return None
                way = sq if key == "totem" else E.Placement(t.tile, sq, t.moved_to)
                if sq is not None and sq != was and (alt := replay(forced={(where, key): way})):
                    what = "a totem" if key == "totem" else "the tile"
                    return _told(alt, f"{where}.{field}", f"the later turns follow {what} on {E.fmt_sq(sq)}, not "
                                 f"{E.fmt_sq(was)}: as written, {problems[0].field} is refused ({problems[0].message})")
    return None


def _kind_slip(first: _Pass, rounds, replay: _Replays) -> _Pass | None:
    """A legal tile of another type on the same square, or a spell written under another's name (its squares
    the same), in the first refused move's turn or the rounds before it, when laying or casting it so makes
    every later turn legal: the later turns' refusals follow from it, the one slip. A tile refused as one more
    than the set holds looks first at the earlier tiles written as its type, however far back."""
    problems = first.result.problems
    where, key, _, value = first.refused[0] if first.refused else ("", "", None, None)
    counted = [(r, j) for r, turns in enumerate(rounds) for j, t in enumerate(turns)
               if key == "tile" and problems[0].field == f"{where}.tile" and t.tile == value.tile
               and f"rounds[{r}][{j}]" != where] if len(problems) > 1 else []
    turns = [(f"rounds[{r}][{j}]", rounds[r][j])
             for r, j in dict.fromkeys([*reversed(counted), *_back(problems, rounds)])]
    # every turn's tile before any spell: a spell read otherwise may also explain what a tile slip upset
    ways = [("tile", where, E.Placement(k.key, t.at, t.moved_to), E.TILE[k.key].name, E.TILE.get(t.tile))
            for where, t in turns for k in G.TILE_TYPES if t.at is not None and k.key != t.tile]
    ways += [("spell", where, replace(t.spell, name=c.key), c.name, G.spell(t.spell.name)) for where, t in turns
             for c in G.SPELLS if t.spell is not None and t.spell.name in E.SPELL_KEYS and c.key != t.spell.name
             and {SPELL_FIELDS[f] for f in c.fields if f != "moved_to"}
             <= {a for a in SPELL_FIELDS.values() if getattr(t.spell, a) is not None}
             <= {SPELL_FIELDS[f] for f in c.fields}]
    for key, where, way, name, was in ways:
        if replay.left <= 0:
            return None
        if was is not None and (alt := replay(forced={(where, key): way})):
            field = "tile" if key == "tile" else "spell.name"
            return _told(alt, f"{where}.{field}", f"the later turns follow {name}, not {was.name}: as written, "
                         f"{problems[0].field} is refused ({problems[0].message})")
    return None


def _changed(dirs: tuple[str, ...], said: tuple[str, ...]) -> int:
    return sum(map(str.__ne__, dirs, said))


def _scattered(murders, found: list[tuple[str, ...]], turns) -> tuple[int, str]:
    """(the turn of the first murder's chooser scattered otherwise, each such murder and the directions that
    scatter it as the later turns follow) for the ways `found` that change the same murders as the first."""
    said = [was for _, _, was in murders]
    changed = [i for i, d in enumerate(found[0]) if d != said[i]]
    found = [d for d in found if [i for i, x in enumerate(d) if x != said[i]] == changed]
    j = next((j for j, t in enumerate(turns) if t.player == murders[changed[0]][1]), 0)

    def one(i: int) -> str:
        ways = " or ".join(d for d in E.CLOCKWISE if any(f[i] == d for f in found))
        unwritten = not any(t.scatter for t in turns if t.player == murders[i][1])
        return f"the murder on {E.fmt_sq(murders[i][0])} scattered from {ways}, not {said[i]}" + (
            " (no direction written)" if unwritten else "")
    return j, "; ".join(map(one, changed))


def _other_scatters(said: tuple[str, ...]):
    """Every other choice of directions for a round's murders (one at a time when there are more than 2)."""
    if len(said) <= 2:  # one murder scattered otherwise before two
        yield from sorted((d for d in product(E.CLOCKWISE, repeat=len(said)) if d != said),
                          key=lambda d: _changed(d, said))
    else:
        yield from (said[:i] + (d,) + said[i + 1:] for i in range(len(said)) for d in E.CLOCKWISE if d != said[i])


@dataclass(frozen=True)
class _Pass:
    """One pass of play_record over a record: what it found, and what a search for the one slip reads."""

    result: Result
    inputs: list
    murders: dict  # round -> its murders as (square, chooser, direction), in order
    refused: list  # each move refused, in order, as (where, key, the state before it, its value)


def _play(setup: Setup, rounds, unfinished_ok: bool, scattered=None, forced=None) -> _Pass:
    """play_record's one pass: the murders of round r scattered as `scattered[r]` says (one direction each),
    a move refused at (where, key) carried on as `forced` gives it, if given."""
    players = tuple(setup.players)
    murders: dict = {}
    refused: list = []
    problems: list[E.Problem] = []
    inputs: list = []

    def bad(where: str, message: str) -> None:
        problems.append(E.Problem(where, message))

    def result(state) -> Result:
        if state is None:
            return Result(players, tuple(problems), (), tuple((p, 0) for p in players),
                            tuple((p, 0) for p in players))
        return Result(players, tuple(problems), state.snapshots, tuple(state.hands.items()), E.score(state))

    try:
        state = E.start(players, setup.counts, setup.squares)
    except RuleError as exc:
        bad("tiles" if exc.rule == "tile-counts" else "players", str(exc))
        return _Pass(result(None), inputs, murders, refused)

    def clean(s, *values):
        """The state after `values`, each at the step then open, from `s`; None when one breaks a rule."""
        for value in values:
            s, broken = autos(s, []), []
            step = E.STEPS[s.step]
            s = after(E.STEPS, step, step.apply(s, value, broken))
            if broken:
                return None
        return s

    def give(key: str, value, where: str, meant=()) -> None:
        """`value` at the open step (`key`), carried on past every rule it breaks, each a problem at `where`
        + its field within the input; carried on as the first of `meant` (what a slip most likely meant) that
        breaks none, so that the one slip is told once, not again at every move it upsets."""
        nonlocal state
        state, broken = autos(state, []), []
        step, before = E.STEPS[state.step], state
        state = after(E.STEPS, step, step.apply(state, value, broken))
        if broken:
            refused.append((where, key, before, value))
        if (where, key) in (forced or {}):  # a search's reading of this move, refused or not
            state = clean(before, forced[where, key]) or state
        elif broken:
            state = next((s for s in (clean(before, guess) for guess in meant) if s is not None), state)
        for p in broken:
            bad(f"{where}.{p.field}", p.message)
        inputs.append(plain(key, value))

    want = setup.squares
    layout = ("the 5x5 checkerboard where column + row is even; a variant layout is named in map: {seed: N}"
              if want == G.start_squares()
              else f"the map's layout: {', '.join(E.fmt_sq(sq) for sq in want)}")
    index: dict = {}
    for i, (sq, kind) in enumerate(setup.start):
        if sq in index:
            bad(f"start[{i}].square", f"{E.fmt_sq(sq)} is listed twice (also start[{index[sq]}])")
            continue
        index[sq] = i
        if sq not in want:
            bad(f"start[{i}].square", f"{E.fmt_sq(sq)} is not a starting square (the start is {layout})")
    missing = [sq for sq in want if sq not in index]
    if missing:
        bad("start", f"{len(missing)} starting square{'s' if len(missing) != 1 else ''} without a tile: "
            f"{', '.join(E.fmt_sq(sq) for sq in missing)}")
    if problems:
        return _Pass(result(None), inputs, murders, refused)
    for sq in want:
        give("start", dict(setup.start)[sq], f"start[{index[sq]}]")
    for r, turns in enumerate(rounds):
        if state.ended:
            bad(f"rounds[{r}]", f"the game ended after round {state.round}, when Nightfall was drawn")
            break
        if len(turns) != len(players):
            bad(f"rounds[{r}]", f"{len(turns)} turn{'s' * (len(turns) != 1)}; every round has one turn per player "
                f"({len(players)})")
        order = range(min(len(turns), len(players)))
        if sorted(t.player for t in turns) == sorted(players):  # each seat named once: one slip if out of order,
            order = sorted(order, key=lambda j: players.index(turns[j].player))  # and played as the names say
            moved = next((j for j in range(len(order)) if turns[j].player != players[j]), None)
            if moved is not None:
                bad(f"rounds[{r}][{moved}].player", f"it is {players[moved]}'s turn (seat order; {players[0]} starts "
                    "every round)")
        late = False  # Nightfall carried on as drawn this round, the record's mark on a later turn still to come
        for j in order:
            t, where = turns[j], f"rounds[{r}][{j}]"
            if t.player not in players:
                bad(f"{where}.player", f"{t.player!r} is not one of the players ({', '.join(players)})")
            elif t.player != state.player:
                bad(f"{where}.player", f"it is {state.player}'s turn (seat order; {players[0]} starts every round)")
            # what a refused tile most likely meant: the square the turn's totem went on (when a totem may stand on
            # the tile), the square written [row, column], or a Lava Pool (moved_to written, the moved tile named)
            slips = (t.totem if t.tile in E.TILE and E.TILE[t.tile].empty_ok else None, t.at[::-1] if t.at else None)
            give("tile", E.Placement(t.tile, t.at, t.moved_to), where,
                 tuple(E.Placement(t.tile, sq, t.moved_to) for sq in slips if sq is not None and sq != t.at)
                 + ((E.Placement(G.LAVA, t.at, t.moved_to),) if t.moved_to is not None else ()))
            give("totem", t.totem, where, (t.totem[::-1],) if t.totem else ())
            give("spell", t.spell, where, tuple(replace(t.spell, **{k: sq[::-1]}) for k in ("target", "source", "at")
                                                if t.spell is not None and (sq := getattr(t.spell, k)) is not None))
            told = len(problems)
            give("nightfall", t.nightfall and not late, where)  # a late mark is the same Nightfall, told once
            late = late or (not t.nightfall and len(problems) > told)
        if len(turns) < len(players):
            break  # a seat's turn is missing: the round cannot end, nor be called unfinished
        state = autos(state, [])
        scatters, stray = {}, []  # after the round's AUTO steps its choosers are asked, or there are none
        for j, t in enumerate(turns):
            if t.scatter is None:
                continue
            mine = [E.fmt_sq(sq) for sq, p in zip(state.murders, state.choosers) if p == t.player]
            if not mine:
                theirs = ", ".join(f"{E.fmt_sq(sq)} is {p}'s" for sq, p in zip(state.murders, state.choosers))
                bad(f"rounds[{r}][{j}].scatter", f"no murder this round was {t.player}'s to scatter"
                    + (f" ({theirs}: the player whose totem stands on it scatters, else {players[0]}, who starts)"
                       if theirs else ""))
                stray += [(t.scatter, j)] if theirs else []
                continue
            if isinstance(t.scatter, tuple) and len(t.scatter) != len(mine):
                bad(f"rounds[{r}][{j}].scatter", f"{len(t.scatter)} scatter direction{'s' * (len(t.scatter) != 1)}, "
                    f"but {t.player} scatters {len(mine)} murder{'s' * (len(mine) != 1)} this round "
                    f"({', '.join(mine)}): a list names one direction per murder, top row first")
            scatters[t.player] = (t.scatter, j)
        unwritten = set(state.choosers) - set(scatters)
        if len(stray) == 1 and len(unwritten) == 1:  # written on another player's line: told there, read as theirs
            scatters[unwritten.pop()] = stray[0]
        while open_key(state) == "scatter":
            chooser = state.choosers[len(state.chosen)]
            direction, j = scatters.get(chooser, (G.DEFAULT_SCATTER, 0))
            if isinstance(direction, tuple):  # one per murder: the entry after the chooser's murders so far
                k = state.choosers[:len(state.chosen)].count(chooser)
                direction = direction[k] if k < len(direction) else G.DEFAULT_SCATTER
            if r in (scattered or {}):
                direction = scattered[r][len(state.chosen)]
            murders.setdefault(r, []).append((state.murders[len(state.chosen)], chooser, direction))
            give("scatter", direction, f"rounds[{r}][{j}]")
        state = autos(state, [])
    else:
        if not state.ended and not unfinished_ok:
            bad("rounds", "no turn drew Nightfall (mark that turn with nightfall: true); the game is unfinished")
    return _Pass(result(state), inputs, murders, refused)


def inputs_of(record) -> list:
    """The inputs that play a parsed record (lostprint.crows.record.Record) through the steps, in order.
    ValueError names the record's field of the first problem, as `field: what is wrong`; a game not yet
    at Nightfall is no problem."""
    played, inputs = play_record(record.setup, record.rounds, unfinished_ok=True)
    if played.problems:
        first = played.problems[0]
        raise ValueError(f"{first.field}: {first.message}")
    return inputs


# --- inputs -> a record ----------------------------------------------------------------------------------

def record_data(meta: dict, events, state: E.State) -> dict:
    """The record (as written to YAML) of a game played so far: `meta` holds title, date, players (their
    names and colours), tile counts, notes, whether it names a winner and its map ({seed: N} or standard);
    `events` the steps taken, in order. A turn is written once it is whole (its Nightfall answer given)."""
    start, rounds, turn = [], [], {}
    for ev in events:  # a turn in progress is not written: the inputs kept beside the record hold it
        before = ev.before
        if ev.step == "start":
            start.append({"square": _plain(before.squares[before.laid]), "tile": str(ev.value)})
        elif ev.step == "tile":
            turn = {"player": str(before.player), **plain("tile", ev.value)}
        elif ev.step in ("totem", "spell") and ev.value is not None:  # no totem: no empty tile was left
            turn[ev.step] = plain(ev.step, ev.value)
        elif ev.step == "nightfall":
            if ev.value:
                turn["nightfall"] = True
            rounds += [[] for _ in range(before.round - len(rounds))]
            rounds[before.round - 1].append(turn)
        elif ev.step == "scatter":
            chooser = before.choosers[len(before.chosen)]
            k = before.choosers[:len(before.chosen)].count(chooser)  # the chooser's murders scattered before
            for done in rounds[before.round - 1]:
                if done["player"] == chooser:  # one direction for all their murders, else one each
                    said = done.get("scatter", [])
                    said = [*([said] * k if isinstance(said, str) else said), str(ev.value)]
                    done["scatter"] = said[0] if len(set(said)) == 1 else said
    for (r, j), note in dict(meta.get("turn_notes") or {}).items():
        if r < len(rounds) and j < len(rounds[r]):
            rounds[r][j]["note"] = str(note)
    data = {"format": "lostprint-save/1", "game": "crows", "map": meta.get("map"), "title": str(meta["title"]),
            "date": str(meta["date"]) if meta.get("date") else None,
            "players": [{"name": str(name), "color": str(color)} for name, color in meta["colors"]],
            "tiles": {str(k): int(n) for k, n in meta["counts"]}, "start": start, "rounds": rounds,
            "notes": str(meta["notes"]) if meta.get("notes") else None,
            "outcome": {"scores": {str(p): int(n) for p, n in E.score(state)}} if state.ended else None}
    if state.ended and meta.get("winner"):  # the record named its winner: the replay's (a list when tied)
        best = max(n for _, n in E.score(state))
        won = [str(p) for p, n in E.score(state) if n == best]
        data["outcome"]["winner"] = won[0] if len(won) == 1 else won
    return {key: value for key, value in data.items() if value is not None}  # no date, notes or outcome: none
