"""The Crows rules engine: the game as the contract's steps (lostprint.engine.contract), which check
every move and score every round.

The rules (and every clarification of them) come from lostprint.games.crows. Played, a step refuses
the first rule a move breaks (RuleError); given a list of `problems` (as a record's check plays a
record), the same step notes each rule broken at its field within the input and goes on as best it
can, so a player sees every mistake at once.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from lostprint.engine.contract import AUTO, Decision, RuleError, Step, evolve
from lostprint.games import crows as G
from lostprint.geometry.square import CLOCKWISE, DIRECTIONS, Square, neighbors, spiral_order

SCORE = dict(G.SCORING)
TILE = {t.key: t for t in G.ALL_TILES}
SPELL_KEYS = tuple(s.key for s in G.SPELLS)


# --- a spell's input, and what a game leaves ------------------------------------------------------

@dataclass(frozen=True)
class SpellPlay:
    name: str  # a key of G.SPELLS
    target: Square | None = None
    direction: str | None = None
    source: Square | None = None  # Teleport: the tile the crows leave
    count: int | None = None  # Teleport: 1 or 2
    tile: str | None = None  # Landfall
    at: Square | None = None
    moved_to: Square | None = None


@dataclass(frozen=True)
class Problem:
    field: str
    message: str


@dataclass(frozen=True)
class Murder:
    square: Square
    crows: int  # ordinary crows on the tile when it happened
    queen: bool
    direction: str
    scattered: tuple[Square, ...]  # where each scattered crow went, in order


@dataclass(frozen=True)
class Snapshot:
    """The board at the end of a round (after flocking, murders and Carrion), totems still standing."""

    round: int  # 0 = the starting layout
    tiles: tuple[tuple[Square, str], ...]
    crows: tuple[tuple[Square, int], ...]
    queen: Square | None
    totems: tuple[tuple[str, Square], ...]
    corruption: tuple[Square, ...]
    murders: tuple[Murder, ...] = ()
    points: tuple[tuple[str, int], ...] = ()  # scored this round
    totals: tuple[tuple[str, int], ...] = ()  # running totals after this round
    drained: bool = False
    supply: int = 0
    nightfall: bool = False


# --- pure rules ----------------------------------------------------------------------------------

def fmt_sq(sq: Square) -> str:
    return f"[{sq[0]}, {sq[1]}]"


def by_row(squares) -> list[Square]:
    """Squares top row first, left to right."""
    return sorted(squares, key=lambda q: (q[1], q[0]))


def sightlines(tiles: dict, totem_squares, sq: Square) -> list[tuple[int, Square]]:
    """(distance, square) of the first totem a crow on `sq` sees in each direction, N E S W. A gap or a
    Lava Pool ends the line; a crow on a totem or on a Lava Pool sees none."""
    if sq in totem_squares or tiles.get(sq) == G.LAVA:
        return []
    seen = []
    for d in CLOCKWISE:
        dc, dr = DIRECTIONS[d]
        k = 1
        while tiles.get(nxt := (sq[0] + dc * k, sq[1] + dr * k)) not in (None, G.LAVA):
            if nxt in totem_squares:
                seen.append((k, nxt))
                break
            k += 1
    return seen


def flock(tiles: dict, crows: dict, queen: Square | None, totems: dict) -> tuple[dict, Square | None]:
    """Every crow flies to the nearest totem it can see; returns (crows by square, the Queen's square).

    Ties: exactly one Gem Cave among the nearest takes all; several Gem Caves split among themselves;
    otherwise all the nearest split evenly and the odd crows stay. The Queen prefers the nearest Gem
    Cave totem in sight at any distance; she cannot split, so a tie leaves her where she is."""
    squares = set(totems.values())
    out: Counter = Counter()
    for sq, n in sorted(crows.items()):
        seen = sightlines(tiles, squares, sq)
        near = min((d for d, _ in seen), default=0)
        tied = [t for d, t in seen if d == near]
        group = [t for t in tied if tiles[t] == G.GEM_CAVE] or tied or [sq]  # seeing none, they stay
        share, rest = divmod(n, len(group))
        for t in group:
            out[t] += share
        out[sq] += rest
    if queen is not None:
        seen = sightlines(tiles, squares, queen)
        pool = [(d, t) for d, t in seen if tiles[t] == G.GEM_CAVE] or seen
        near = min((d for d, _ in pool), default=0)
        tied = [t for d, t in pool if d == near]
        if len(tied) == 1:
            queen = tied[0]
    return {sq: n for sq, n in sorted(out.items()) if n}, queen


def totem_points(tiles: dict, crows: dict, queen: Square | None, sq: Square | None, drained: bool) -> int:
    if sq is None:
        return 0
    points = crows.get(sq, 0) * SCORE["crow"] + (SCORE["queen"] if queen == sq else 0)
    if tiles.get(sq) == G.LEY_LINE and not drained:
        points *= SCORE["ley_multiplier"]
    return points


def scatter_targets(tiles: dict, center: Square, direction: str) -> list[Square]:
    """Squares a murder scatters into, in order: clockwise rings from `direction`, tiles only,
    no Lava Pools, out to the far edge of the board."""
    # Sorting the tiles themselves by (ring, angle) gives the spiral's order at the cost of the tiles,
    # not of the rings: a far-flung square must not cost the cube of its distance.
    first = spiral_order((0, 0), direction, 1)[0]
    base = math.atan2(first[1], first[0])

    def place(sq: Square) -> tuple[int, float]:
        dc, dr = sq[0] - center[0], sq[1] - center[1]
        return max(abs(dc), abs(dr)), (math.atan2(dr, dc) - base) % (2 * math.pi)

    return sorted((sq for sq, kind in tiles.items() if sq != center and kind != G.LAVA), key=place)


def _fly(crows: dict, queen, src: Square, dst: Square):
    """Every crow on `src` flies to `dst` (in `crows`, changed), the Queen too; the Queen's square."""
    n = crows.pop(src, 0)
    if n:
        crows[dst] = crows.get(dst, 0) + n
    return dst if queen == src else queen


def scatter_chooser(totems: dict, starter: str | None, sq: Square) -> str | None:
    """Who scatters a murder on `sq`: the player whose totem stands there, else the starting player."""
    return next((p for p, at in totems.items() if at == sq), starter)


def nightfall_window(total_tiles: int, players: int) -> tuple[int, int]:
    """Which turn draws (1 = the first draw of the game) can turn up Nightfall, from the setup: it is one
    of the bottom 7, under the 4 moved there, and the start and hands are dealt from above it."""
    first = total_tiles + 1 - G.tiles_needed(players)
    return first, first + G.BOTTOM_TILES


# --- the game as steps (lostprint.engine.contract) -------------------------------------------------
# A round is in data: each seat's turn asks four decisions (the tile and where it goes, the totem,
# a spell or none, whether the draw turned up Nightfall), then the round ends: crows flock and score
# (AUTO), each murder's chooser picks its scatter's direction, murders and Carrion happen (AUTO).

class Placement(NamedTuple):
    """A tile placed: its type, its square and, for a Lava Pool put on a tile, where that tile went."""

    tile: str
    at: Square
    moved_to: Square | None = None


@dataclass(frozen=True)
class State:
    """A game of Crows between two steps. Dicts inside are never changed once the state exists."""

    players: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]
    step: int = 0
    laid: int = 0  # starting tiles laid so far (the start squares in row order)
    squares: tuple[Square, ...] = G.start_squares()  # the starting layout: where each start tile is laid, in order
    round: int = 0  # 0 while the start is laid; then the round being played
    seat: int = 0  # whose turn (== len(players): every turn of the round is done)
    tiles: dict = field(default_factory=dict)
    crows: dict = field(default_factory=dict)
    queen: Square | None = None
    totems: dict = field(default_factory=dict)
    corruption: tuple[Square, ...] = ()  # Mana Corruption: where the last round with murders had them
    supply: int = dict(G.COMPONENTS)["crows"]
    gone: int = 0
    used: dict = field(default_factory=dict)  # map tiles placed, by type
    hands: dict = field(default_factory=dict)  # spell cards, by player
    deck: int = len(G.SPELLS) * G.SPELL_COPIES
    played: dict = field(default_factory=dict)  # spell cards played, by spell
    draws: int = 0  # tiles drawn in the game so far, Nightfall counted
    first_draw: int = 0  # this turn's first draw (Nightfall's window is read on it and on `draws`)
    drained: bool = False
    nightfall: bool = False  # drawn this round: the game ends when the round does
    flocked: bool = False  # this round has flocked and scored; murders are pending
    points: tuple[tuple[str, int], ...] = ()  # this round's
    totals: tuple[tuple[str, int], ...] = ()
    murders: tuple[Square, ...] = ()  # this round's murder squares, in order
    choosers: tuple[str, ...] = ()  # who picks each murder's scatter direction, in murder order
    chosen: tuple[str, ...] = ()  # the murders' directions so far
    snapshots: tuple[Snapshot, ...] = ()  # the start, then one per round ended
    ended: bool = False

    @property
    def player(self) -> str | None:
        return self.players[self.seat] if self.round and self.seat < len(self.players) else None


def start(players, counts=G.HOUSE_COUNTS, squares=G.start_squares()) -> State:
    """A new game: the players in seat order (the first starts every round), the tile set and the starting
    layout (the standard checkerboard, or a variant's 13 squares in reading order: lostprint.maps.crows)."""
    players = tuple(players)
    if not G.MIN_PLAYERS <= len(players) <= G.MAX_PLAYERS:
        raise RuleError("players", f"Crows is for {G.MIN_PLAYERS} to {G.MAX_PLAYERS} players, not {len(players)}")
    twice = next((p for i, p in enumerate(players) if p in players[:i]), None)
    if twice is not None:
        raise RuleError("players", f"every player needs a different name ({twice} is written twice)")
    total = sum(n for _, n in counts)
    if nightfall_window(total, len(players))[0] < 1:
        raise RuleError("tile-counts", f"{total} map tiles are too few for {len(players)} players: the setup "
                        f"would deal Nightfall among the start tiles or hands ({G.tiles_needed(len(players))} needed)")
    return State(players, tuple(counts), squares=tuple(squares), hands={p: 0 for p in players},
                 totals=tuple((p, 0) for p in players))


def kinds_left(s: State) -> tuple[str, ...]:
    """Map tile types the set still holds, in the game's order."""
    return tuple(k for k, n in s.counts if s.used.get(k, 0) < n)


def frontier(b) -> list[Square]:
    """Open squares touching a tile along an edge: where a tile may go, top row first."""
    return by_row({n for sq in b.tiles for n in neighbors(sq) if n not in b.tiles})


def empties(b) -> list[Square]:
    """Empty tiles of a State (or a move's board), top row first."""
    return [q for q in by_row(b.tiles) if not why_not_empty(b, q)]


def why_not_empty(b, sq: Square) -> str:
    """Why the tile on `sq` of a State (or a move's board) is not empty; "" when it is."""
    kind = b.tiles.get(sq)
    if kind is None:
        return f"there is no tile at {fmt_sq(sq)}"
    if not TILE[kind].empty_ok:
        return f"{fmt_sq(sq)} is a {TILE[kind].name}, which is never empty"
    n = b.crows.get(sq, 0)
    if n:
        return f"{fmt_sq(sq)} holds {n} crow{'s' if n != 1 else ''}"
    if b.queen == sq:
        return f"{fmt_sq(sq)} holds the Queen"
    owner = scatter_chooser(b.totems, None, sq)
    if owner is not None:
        return f"{fmt_sq(sq)} holds {owner}'s totem"
    if sq in b.corruption:
        return f"{fmt_sq(sq)} has a Mana Corruption token"
    return ""


def hand(s: State, player: str | None = None) -> int:
    return s.hands.get(player or s.player, 0)


def _window(s: State) -> tuple[int, int]:
    return nightfall_window(sum(n for _, n in s.counts), len(s.players))


def stack_size(s: State) -> int:
    """The draws the stack holds, Nightfall's counted: the last of the tiles moved under Nightfall is the last."""
    return _window(s)[1] + G.MOVED_TO_BOTTOM


def _refuse(problems: list | None, where: str, rule: str, message: str) -> None:
    """A rule broken: the RuleError naming it (played), or a Problem at the move's field (carried)."""
    if problems is None:
        raise RuleError(rule, message)
    problems.append(Problem(where, message))


class _Move:
    """One step's move over a working copy of a State (every field, its dicts copied to change): `state()`
    is the State it leaves. A broken rule is `_refuse`d into `problems` (None: raised)."""

    def __init__(self, s: State, problems: list | None):
        self.__dict__.update(s.__dict__)
        self.tiles, self.crows, self.totems = dict(s.tiles), dict(s.crows), dict(s.totems)
        self.used, self.hands, self.played = dict(s.used), dict(s.hands), dict(s.played)
        self.player, self.problems = s.player, problems

    def state(self) -> State:
        new = object.__new__(State)  # as contract.evolve makes a state: its fields are the move's
        new.__dict__.update(self.__dict__)
        del new.__dict__["player"], new.__dict__["problems"]
        return new

    def snapshot(self, murders: tuple[Murder, ...] = ()) -> Snapshot:
        crows = tuple(sorted((q, n) for q, n in self.crows.items() if n))
        return Snapshot(self.round, tuple(sorted(self.tiles.items())), crows, self.queen, tuple(self.totems.items()),
                        tuple(sorted(self.corruption)), murders, self.points, self.totals, self.drained, self.supply,
                        self.nightfall)

    def problem(self, where: str, message: str, rule: str) -> None:
        _refuse(self.problems, where, rule, message)

    def spawn(self, sq: Square, n: int) -> None:
        k = min(n, self.supply)
        if k:
            self.crows[sq] = self.crows.get(sq, 0) + k
            self.supply -= k

    def count_tile(self, kind: str | None, where: str) -> bool:
        if kind not in TILE or kind == G.NIGHTFALL:
            self.problem(where, f"{kind!r} is not a map tile", "map-tile")
            return False
        self.used[kind] = used = self.used.get(kind, 0) + 1
        have = dict(self.counts).get(kind, 0)
        if used > have:
            self.problem(where, f"this is {TILE[kind].name} number {used}, but the tile set has {have}", "tile-counts")
        return True

    def arrive(self, sq: Square, kind: str) -> None:
        self.tiles[sq] = kind
        self.spawn(sq, TILE[kind].crows)
        if TILE[kind].queen and self.queen is None:
            self.queen = sq

    def touches(self, sq: Square) -> bool:
        return any(n in self.tiles for n in neighbors(sq))

    def on_board(self, sq, where: str, ask: str, rule: str) -> bool:
        if sq is None or sq not in self.tiles:
            self.problem(where, ask if sq is None else f"there is no tile at {fmt_sq(sq)}", rule)
            return False
        return True

    def need_empty(self, sq, where: str) -> bool:
        why = "pick an empty tile" if sq is None else why_not_empty(self, sq)
        if why:
            self.problem(where, why if sq is None else f"the spell needs an empty tile, but {why}", "empty")
        return not why

    def place(self, kind, at, moved_to, where: str) -> None:
        if not self.count_tile(kind, f"{where}tile"):
            return
        if at is None:
            return self.problem(f"{where}at", "say where the tile went", "place-tile")
        if kind == G.LAVA and at in self.tiles:
            why, old = why_not_empty(self, at), self.tiles[at]
            if why:
                return self.problem(f"{where}at", "a Lava Pool may only replace an empty tile, but " + why,
                                    "lava-replace")
            self.tiles[at] = G.LAVA
            if moved_to is None:
                self.problem(f"{where}moved_to", f"say where the replaced {TILE[old].name} went", "lava-replace")
            elif moved_to in self.tiles:
                self.problem(f"{where}moved_to", f"{fmt_sq(moved_to)} already holds a tile", "lava-replace")
            else:
                if not self.touches(moved_to):
                    self.problem(f"{where}moved_to", f"{fmt_sq(moved_to)} touches no tile along an edge",
                                 "lava-replace")
                self.tiles[moved_to] = old  # moved tiles bring no crows
            return
        if moved_to is not None and at in self.tiles:
            return self.problem(f"{where}tile", f"{fmt_sq(at)} already holds a {TILE[self.tiles[at]].name}: only a "
                                f"Lava Pool may replace a tile (and move it to moved_to), not a {TILE[kind].name}",
                                "lava-replace")
        if moved_to is not None:
            self.problem(f"{where}moved_to", "only a Lava Pool replacing a tile moves another tile", "lava-replace")
        if at in self.tiles:
            return self.problem(f"{where}at", f"{fmt_sq(at)} already holds a {TILE[self.tiles[at]].name}: tiles "
                                "never stack", "no-stacking")
        if not self.touches(at):
            self.problem(f"{where}at", f"{fmt_sq(at)} touches no tile along an edge", "touch-an-edge")
        self.arrive(at, kind)

    def cast(self, sp: SpellPlay) -> None:
        if sp.name not in SPELL_KEYS:
            return self.problem("spell.name", f"{sp.name!r} is not a spell ({', '.join(SPELL_KEYS)})", "spell")
        if self.hands[self.player] <= 0:
            self.problem("spell", f"{self.player} holds no spell card (spells come from totems on Barrens)",
                         "spell-in-hand")
        else:
            self.hands[self.player] -= 1
        self.played[sp.name] = played = self.played.get(sp.name, 0) + 1
        if played > G.SPELL_COPIES:
            self.problem("spell.name", f"{G.spell(sp.name).name} played {played} times; "
                         f"the deck has {G.SPELL_COPIES}", "spell-deck")
        if sp.name == "drain":
            self.drained = True
        elif sp.name == "landfall":
            if self.draws >= stack_size(self):
                self.problem("spell", f"the stack is empty: it held {stack_size(self)} tiles", "stack")
            self.draws += 1
            self.place(sp.tile, sp.at, sp.moved_to, "spell.")
        elif sp.name == "attract":
            if not self.need_empty(sp.target, "spell.target"):
                return
            if sp.direction not in DIRECTIONS:
                return self.problem("spell.direction", "say which way the spell reaches: N, E, S or W", "attract")
            # the crows on the line of tiles that way fly onto the target, up to a gap, Lava Pool or totem (which
            # keeps its crows); the Queen comes too
            (dc, dr), sq, totems = DIRECTIONS[sp.direction], sp.target, self.totems.values()
            while self.tiles.get(sq := (sq[0] + dc, sq[1] + dr)) not in (None, G.LAVA) and sq not in totems:
                self.queen = _fly(self.crows, self.queen, sq, sp.target)
        elif sp.name == "disperse":
            if not self.on_board(sp.target, "spell.target", "pick a tile on the board", "disperse"):
                return
            # the crows (and the Queen) on the four tiles beside it move one square further out, unless no tile or
            # a Lava Pool is there; a square one step out is never one two steps out, so no crow moves twice
            (c, r) = sp.target
            for dc, dr in (DIRECTIONS[d] for d in CLOCKWISE):
                if (c + dc, r + dr) in self.tiles and self.tiles.get((c + 2 * dc, r + 2 * dr)) not in (None, G.LAVA):
                    self.queen = _fly(self.crows, self.queen, (c + dc, r + dr), (c + 2 * dc, r + 2 * dr))
        elif sp.name == "teleport":
            if not self.on_board(sp.source, "spell.from", "pick the tile the crows leave", "teleport"):
                return
            if sp.count not in (1, 2):
                return self.problem("spell.count", "Teleport moves 1 or 2 crows", "teleport")
            have = self.crows.get(sp.source, 0)
            if have < sp.count:
                queen = " (the Queen cannot be teleported)" if self.queen == sp.source else ""
                return self.problem("spell.count", f"{fmt_sq(sp.source)} has {have} crow{'s' * (have != 1)}{queen}",
                                    "teleport")
            if not self.need_empty(sp.target, "spell.target"):
                return
            if have == sp.count:
                del self.crows[sp.source]
            else:
                self.crows[sp.source] = have - sp.count
            self.crows[sp.target] = self.crows.get(sp.target, 0) + sp.count
        elif sp.name == "populate":
            if sp.target is None or self.tiles.get(sp.target) not in (G.TREES_2, G.TREES_3):
                return self.problem("spell.target", "Populate needs a tile showing 2 or 3 crows"
                                    + ("" if sp.target is None else f"; {fmt_sq(sp.target)} is not one"), "populate")
            if self.need_empty(sp.target, "spell.target"):
                self.spawn(sp.target, TILE[self.tiles[sp.target]].crows)

    # the steps' effects
    def lay(self, kind) -> None:
        """The next of the 13 starting tiles, on the next start square in row order."""
        if self.count_tile(kind, "tile"):
            self.arrive(self.squares[self.laid], kind)
        self.laid += 1
        if self.laid == G.START_TILES:
            self.snapshots, self.round = (self.snapshot(),), 1

    def tile(self, p: Placement) -> None:
        self.draws += 1  # past the stack's end nothing is drawn: the tile placed is the hand's
        self.place(p.tile, p.at, p.moved_to, "")
        self.first_draw = self.draws

    def totem(self, sq) -> None:
        if sq is None:
            free = empties(self)
            if free:
                self.problem("totem", f"missing: a totem must be placed while a tile is empty ({fmt_sq(free[0])} "
                             "was)", "totem-required")
        elif sq not in self.tiles:
            self.problem("totem", f"there is no tile at {fmt_sq(sq)} when the totem is placed (after the turn's tile, "
                         "before its spell)", "empty")
        else:
            if why_not_empty(self, sq):
                self.problem("totem", f"totems go on empty tiles, but {why_not_empty(self, sq)}", "empty")
            self.totems[self.player] = sq
            if self.tiles[sq] == G.BARRENS and self.deck > 0:
                self.deck -= 1
                self.hands[self.player] += 1

    def end(self, _=None) -> None:
        """Each murder in turn scattered from the direction chosen for it, crows an earlier one scattered onto
        its tile too (ruling scatter-onto-murder), then each Carrion Paradise's crow, top row first while the
        supply lasts (carrion-short); the round's snapshot, and the next round (or the end, after Nightfall's)."""
        murders = []
        if self.murders:
            self.corruption = self.murders  # a token where each murder happened; the rounds' before are cleared
        for sq, direction in zip(self.murders, self.chosen):
            n = self.crows.pop(sq, 0)
            pair = min(SCORE["mated_pair"], n)
            self.gone += pair
            targets = scatter_targets(self.tiles, sq, direction) or [sq]  # round the spiral again if it runs out
            landed = tuple(targets[i % len(targets)] for i in range(n - pair))
            for t in landed:
                self.crows[t] = self.crows.get(t, 0) + 1
            murders.append(Murder(sq, n, self.queen == sq, direction, landed))
        for sq in by_row(q for q, k in self.tiles.items() if k == G.CARRION):
            self.spawn(sq, 1)
        self.snapshots += (self.snapshot(tuple(murders)),)
        self.__dict__.update(totems={}, drained=False, flocked=False, points=(), murders=(), choosers=(), chosen=(),
                             seat=0, round=self.round if self.nightfall else self.round + 1, ended=self.nightfall)


def _moving(rule, skip=()):
    """A _Move method as a step's effect: (state, value, problems=None) -> state; a value in `skip` (no
    spell this turn) leaves the state as it is."""
    def apply(s: State, value, problems: list | None = None) -> State:
        if value in skip:
            return s
        move = _Move(s, problems)
        rule(move, value)
        return move.state()
    return apply


def _tile_options(s: State):
    open_ = frontier(s)
    for kind in kinds_left(s):
        yield from (Placement(kind, sq) for sq in open_)
        if kind == G.LAVA:
            yield from (Placement(kind, sq, to) for sq in empties(s) for to in open_)


def _spell_options(s: State):
    yield None
    if hand(s) <= 0:
        return
    free = empties(s)
    for name in (k for k in SPELL_KEYS if s.played.get(k, 0) < G.SPELL_COPIES):
        if name == "drain":
            yield SpellPlay(name)
        elif name == "disperse":
            yield from (SpellPlay(name, target=sq) for sq in by_row(s.tiles))
        elif name == "attract":
            yield from (SpellPlay(name, target=sq, direction=d) for sq in free for d in CLOCKWISE)
        elif name == "populate":
            yield from (SpellPlay(name, target=sq) for sq in free if s.tiles[sq] in (G.TREES_2, G.TREES_3))
        elif name == "teleport":
            yield from (SpellPlay(name, source=src, target=to, count=k)
                        for src in by_row(s.crows) for to in free for k in (1, 2)[:s.crows[src]])
        elif name == "landfall" and s.draws < stack_size(s):
            yield from (SpellPlay(name, tile=p.tile, at=p.at, moved_to=p.moved_to) for p in _tile_options(s))


def nightfall_options(s: State) -> tuple[bool, ...]:
    """May this turn's draws (its first, and with Landfall the next) have turned up Nightfall (True), or
    not have (False)?"""
    lo, hi = _window(s)
    can_miss = s.nightfall or s.draws < hi  # it may still lie under a later draw
    can_draw = not s.nightfall and (lo <= s.first_draw <= hi or lo <= s.draws <= hi)
    return (False,) * can_miss + (True,) * can_draw


def _nightfall(s: State, drawn, problems: list | None = None) -> State:
    if drawn not in nightfall_options(s):
        lo, hi = _window(s)
        window = f"the setup puts it between draws {lo} and {hi}; a turn draws 1, Landfall 1 more, Nightfall counts"
        why = (f"Nightfall must have come up by draw {hi} ({window})" if not drawn
               else "Nightfall was already drawn this round" if s.nightfall
               else f"Nightfall came up on draw {s.first_draw}, but {window}")
        _refuse(problems, "nightfall", "nightfall", why)
        drawn = True  # carried on: it came up by then (or once already), so this round is the last
    return evolve(s, seat=s.seat + 1, nightfall=s.nightfall or bool(drawn), draws=s.draws + (1 if drawn else 0))


def _flock(s: State, _=None) -> State:
    """The round's flocking and scoring; whoever scatters a murder is asked next."""
    crows, queen = flock(s.tiles, s.crows, s.queen, s.totems)
    points = {p: totem_points(s.tiles, crows, queen, s.totems.get(p), s.drained) for p in s.players}
    hit = by_row(q for q in s.tiles if crows.get(q, 0) + (queen == q) >= SCORE["murder_size"])  # the Queen counts
    return evolve(s, crows=crows, queen=queen, flocked=True, points=tuple(points.items()),
                  totals=tuple((p, n + points[p]) for p, n in s.totals), murders=tuple(hit), chosen=(),
                  choosers=tuple(scatter_chooser(s.totems, s.players[0], sq) for sq in hit))


def _scatter(s: State, direction, problems: list | None = None) -> State:
    if direction not in DIRECTIONS:
        _refuse(problems, "scatter", "scatter", "a murder scatters from N, E, S or W")
        direction = G.DEFAULT_SCATTER
    return evolve(s, chosen=s.chosen + (direction,))


def _turn(key: str):
    """A turn's decision `key`, asked of the seat whose turn it is."""
    return lambda s: Decision(key) if s.round and not s.ended and s.seat < len(s.players) else None


BOARD = frozenset({"tiles", "crows", "queen", "totems", "corruption", "supply", "gone", "used", "draws"})
STEPS = (
    Step("start", lambda s: Decision("start") if s.round == 0 and s.laid < G.START_TILES else None,
         _moving(_Move.lay), BOARD | {"laid", "round", "snapshots"}, kinds_left, repeat=True),
    Step("tile", _turn("tile"), _moving(_Move.tile), BOARD | {"first_draw"}, _tile_options),
    Step("totem", _turn("totem"), _moving(_Move.totem), frozenset({"totems", "hands", "deck"}),
         lambda s: tuple(empties(s)) or (None,)),
    Step("spell", _turn("spell"), _moving(_Move.cast, skip=(None,)), BOARD | {"hands", "played", "drained"},
         _spell_options),
    Step("nightfall", _turn("nightfall"), _nightfall, frozenset({"seat", "nightfall", "draws"}), nightfall_options),
    Step("flock", lambda s: AUTO if s.round and not s.ended and s.seat == len(s.players) and not s.flocked else None,
         _flock, BOARD | {"flocked", "points", "totals", "murders", "choosers"}),
    Step("scatter", lambda s: Decision("scatter") if s.flocked and len(s.chosen) < len(s.choosers) else None,
         _scatter, frozenset({"chosen"}), lambda s: CLOCKWISE, repeat=True),
    Step("end", lambda s: AUTO if s.flocked and len(s.chosen) == len(s.choosers) else None, _moving(_Move.end),
         BOARD | {"snapshots", "flocked", "seat", "round", "ended", "drained", "points", "murders", "choosers",
                  "chosen"}),
)


def outcome(s: State):
    """(result, why) once Nightfall's round has ended, else None."""
    if not s.ended:
        return None
    best = max(p for _, p in score(s))
    winners = [p for p, n in score(s) if n == best]
    return ("finished", f"Nightfall: {' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best}")


def score(s: State) -> tuple[tuple[str, int], ...]:
    """Each player's points: the rounds' crows, and 2 for every spell still in hand."""
    return tuple((p, n + SCORE["unused_spell"] * s.hands.get(p, 0)) for p, n in s.totals)
