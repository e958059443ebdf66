"""Seeded players of 1872: The Lost Crows, deciders (`decide(state, step, need)`, `roll(need)`) that the
one driver (lostprint.engine.drive) plays on the engine's steps. `Chief` is careful: each roll's two dice
go where they most likely give each unit a good row, even split between two units; `PairsChief` keeps a
roll's two dice in one unit.

Speed: what depends only on the map (`Plan`) or on a few small values (`tables_of`, `Matrix`, `placings`,
`first_roll`) is memoised, and on the last roll but one Phase 1's search skips every placing a bound shows
cannot beat the best found so far; its shortcuts sum the very floats of the plain sums, in the same order,
so the decisions are the plain search's, game for game (tests/data/lost_crows_games_200.json).
"""
from __future__ import annotations

import functools
import heapq
import itertools
import math
from operator import add, itemgetter, mul

from lostprint.engine import lost_crows as eng
from lostprint.games.lost_crows import RULES
from lostprint.maps.model import standard_map
from lostprint.players import common
from lostprint.players.common import Dice, per_map, rng_for
from lostprint.saves.rules_1872 import save_of

# How much a careful chief cares about one more point of each resource at each level (index = level).
# Zero ends the game; low levels are guarded far more than high ones. (A policy's taste, not a rule.)
WORTH = {
    "food": (-60.0, -7.0, -3.2, -1.4, -0.3, 0.5, 1.0),
    "resolve": (-60.0, -9.0, -4.2, -2.0, -0.7, 0.3, 1.0),
    "proximity": (-60.0, -8.0, -3.6, -1.6, -0.5, 0.3, 0.9),
    "movement": (0.0, 1.3, 2.5, 3.5, 4.3, 4.9, 5.3),
}
# Colouring a hex on the way to the next plot (a Plains, a Forest) when no mapped hex leads on yet,
# and either once one does; a Crow before the Vision Quest; how much better a day must get before a
# Spirit Dancer is spent (one left, two left). Tuned with benchmarks/balance_1872.py.
PLAINS_AHEAD, FOREST_AHEAD = 1.0, 0.4
MAP_READY = 0.4
CROW_WORTH = 1.0
DANCER_NEED = (4.5, 3.0)
FACES = RULES.die_faces
FACE_RANGE = range(1, FACES + 1)
ROLLS = tuple((a, b) for a in FACE_RANGE for b in FACE_RANGE)
PAIRS = tuple((a, b) for a, b in ROLLS if a <= b)  # each roll's faces, low first, once
PAIR_LOW, PAIR_HIGH = itemgetter(*(a for a, _ in PAIRS)), itemgetter(*(b for _, b in PAIRS))
PAIR_OF_ROLL = itemgetter(*(PAIRS.index((min(a, b), max(a, b))) for a, b in ROLLS))  # each roll's pair
SLOT = FACES + 1  # a box's faces, 0 (empty) to FACES
OFF = FACES - 1  # a difference's index in a unit's table of worths
# each roll (a, b) of ROLLS by its distance |a - b| (the better of a table's entries at a - b and b - a
# depends on nothing else)
GAP_OF_ROLL = itemgetter(*(abs(a - b) for a, b in ROLLS))
GAPS = range(FACES)
BOX = eng.BOX
UNIT_COUNT = len(eng.UNITS)
BOXES = BOX * UNIT_COUNT
VISION_TASTE = ("plains", "forest", "mountains")  # on a tie, the later one
FAR = 99  # not a rule: farther than any hex of a map
WORTH_BY_INDEX = tuple(WORTH[k] for k in eng.KEYS)
FOOD, RESOLVE, MOVEMENT = eng.FOOD, eng.RESOLVE, eng.MOVEMENT
FOOD_RESERVE, FOOD_LOW = 2, 3  # not a rule: the careful chief keeps some food in hand
DAY_LIMIT = 80  # not a rule: a simulated game that has not ended by then is cut short
EPS = 1e-9  # not a rule: two worths closer than this are equal (the first option found is kept)
BOUND_SLACK = 1e-11  # not a rule: far above the rounding of a bound's sums, far below EPS
MEMO = 1 << 14  # not a rule: how many worked-out tables each memo keeps
PLACINGS = 1 << 15  # not a rule: how many first rolls' placings the Phase 1 memo keeps
MAP_KINDS = ("plains", "forest", "mountains")  # a map icon's worth is a tuple in this order
PAYS = (None, *RULES.river_pay)  # a step with no river's extra to pay, then each way to pay it


# --- what a careful chief works out once: per map, and per small value -----------------------------


@functools.lru_cache(maxsize=None)
def standard():
    """The standard map, read once."""
    return standard_map("lost-crows")


class Plan:
    """A map's fixed facts for the careful chief, worked out once per map and shared by its games: the
    engine's Land, the plot hexes, the distances to every target and the shortest plot orders (memos
    of pure functions of the map)."""

    def __init__(self, game_map):
        self.land = eng.land_of(game_map)
        self.terrain = tuple(game_map.terrain)
        self.plot_list = tuple(sorted(self.land.plots.items()))
        # memos of this map's own (not a module-wide cache, which would keep every map's Plan alive)
        self.dist = functools.lru_cache(maxsize=None)(self.distances)
        self.route = functools.lru_cache(maxsize=None)(self.shortest)

    def distances(self, target: str) -> dict[str, float]:
        """Steps to `target` from every hex, around the fort; a step into its zone counts double."""
        land = self.land
        out = {target: 0.0}
        heap = [(0.0, target)]
        while heap:
            d, lab = heapq.heappop(heap)
            if d > out[lab]:
                continue
            nd = d + 1.0 + (1.0 if lab in land.zone else 0.0)
            for n in land.neighbors[lab]:
                if n not in land.fort and nd < out.get(n, 1e9):
                    out[n] = nd
                    heapq.heappush(heap, (nd, n))
        return out

    def shortest(self, pos: str, left: tuple) -> tuple[str, ...]:
        """The plot hexes `left`, in the shortest order from `pos`, then the nearer Canada hex."""
        best = None
        for order in itertools.permutations(left):
            here, total = pos, 0.0
            for lab in order:
                total += self.dist(lab).get(here, FAR)
                here = lab
            goal = min(self.land.goals, key=lambda g: (self.dist(g).get(here, FAR), g))
            total += self.dist(goal).get(here, FAR)
            if best is None or total < best[0]:
                best = (total, (*order, goal))
        return best[1]


@per_map
def plan_of(game_map) -> Plan:
    """The Plan of a map (None: the standard map), shared by the games on it."""
    return Plan(game_map or standard())


def gain_of(values: tuple, caps: tuple, key: str, n: int) -> float:
    """How much one change of a resource is worth to the careful chief (WORTH), the value kept within 0..cap."""
    table = WORTH[key]
    i = eng.INDEX[key]
    old = values[i]
    new, cap = old + n, caps[i]
    return table[0 if new < 0 else cap if new > cap else new] - table[old]


def lowest_of(values: tuple) -> str:
    return min(eng.PRIMARY, key=lambda k: (values[eng.INDEX[k]], k))


def effect_worth(values: tuple, caps: tuple, vision, e, omen: float = 0.0, nocrow=False) -> float:
    """The worth of one effect but a map icon (tables_of weighs those), of a unit's cell or of a Bad Omen;
    `omen` the average Bad Omen's."""
    op = e.op
    if op == "add":
        return gain_of(values, caps, e.key, e.n)
    if op == "lose-choice":
        worst = sorted(gain_of(values, caps, k, -e.n) for k in eng.PRIMARY)
        return sum(worst[-e.count:])
    if op == "lowest":
        return gain_of(values, caps, lowest_of(values), -e.n)
    if op == "wild":
        return max(gain_of(values, caps, k, e.n) for k in eng.ANY_KEY)
    if op == "fever":
        return 0.0 if eng.power_of(vision).shaman_immune else \
            gain_of(values, caps, "resolve", -RULES.fever_resolve) - 1.0
    if op == "omen":
        return omen
    if op == "crow":
        if nocrow:
            return 0.0
        return CROW_WORTH if vision is None else gain_of(values, caps, lowest_of(values), 1)
    if op == "cap":
        return -0.8 if e.key == "movement" else -1.2
    if op == "flag":
        return -1.5 if e.key in ("double-cost", "halt") else -0.4
    return 0.0


def effects_worth_of(values: tuple, caps: tuple, vision, effects) -> float:
    """The worth of a Bad Omen's effects."""
    total = 0.0  # a loop, not sum() of a generator: quicker compiled
    for e in effects:
        total += effect_worth(values, caps, vision, e)
    return total


@functools.lru_cache(maxsize=None)
def omens_of(vision) -> tuple:
    """Every distinct set of effects a Bad Omen can bring under a vision (eng.omens_possible)."""
    return eng.omens_possible(eng.power_of(vision))


@functools.lru_cache(maxsize=MEMO)
def omen_worth_of(values: tuple, caps: tuple, vision, skip: bool) -> float:
    """The average worth of a Bad Omen's effects (0.0 when it is skipped)."""
    if skip:
        return 0.0
    total = [effects_worth_of(values, caps, vision, effects) for effects in omens_of(vision)]
    return sum(total) / len(total)


# the distinct effects of the unit chart's cells, and each (unit, row) cell as indexes into them
CELL_EFFECTS = tuple(dict.fromkeys(e for unit in eng.UNITS for r in range(len(eng.ROWS))
                                   for e in eng.CELLS[(unit, r)]))
CELL_PARTS = tuple(tuple(tuple(CELL_EFFECTS.index(e) for e in eng.CELLS[(unit, r)]) for r in range(len(eng.ROWS)))
                   for unit in eng.UNITS)
ROWS_BY_DIFF = itemgetter(*(eng.ROW_OF[d] for d in eng.DIFFS))  # a unit's worths by row -> by difference
NEGATIVE = tuple(d < 0 for d in eng.DIFFS)
TRIBE = eng.UNITS.index("tribe")
# where CELL_EFFECTS has a map icon, and the index in MAP_KINDS of its terrain
MAP_AT = tuple((k, MAP_KINDS.index(e.key)) for k, e in enumerate(CELL_EFFECTS) if e.op == "map")


@functools.lru_cache(maxsize=MEMO)
def worths_of(values: tuple, caps: tuple, vision, skip: bool, nocrow: bool) -> tuple:
    """What tables_of weighs that does not depend on the map (a memo: many days differ from a known one
    only in their map): the worth of each of CELL_EFFECTS but the map icons' (0.0 in their place), and
    the vision's worth added to the Tribe's negative rows."""
    omen = omen_worth_of(values, caps, vision, skip)
    negative = sum(effect_worth(values, caps, vision, e, omen, nocrow) for e in eng.power_of(vision).tribe_negative)
    return tuple([effect_worth(values, caps, vision, e, omen, nocrow) for e in CELL_EFFECTS]), negative


@functools.lru_cache(maxsize=MEMO)
def tables_of(values: tuple, caps: tuple, vision, skip: bool, nocrow: bool, maps: tuple) -> tuple:
    """For each unit, the Matrix of its worths by difference -5..5 (index diff + 5)."""
    worths, negative = worths_of(values, caps, vision, skip, nocrow)
    worth = list(worths)
    for k, kind in MAP_AT:
        worth[k] = maps[kind]  # effect_worth of a map icon
    out = []
    get = worth.__getitem__
    for u, parts in enumerate(CELL_PARTS):
        table = ROWS_BY_DIFF([sum(map(get, cell)) for cell in parts])
        if u == TRIBE and negative:
            table = tuple([x + negative if neg else x for x, neg in zip(table, NEGATIVE)])
        out.append(matrix_of(table))
    return tuple(out)


class Matrix:
    """One unit's worths: `table` by difference, and `cell[top][bottom]` by the faces in its two boxes
    (0: empty; an empty box is worth its average over the faces it may still get)."""

    __slots__ = ("cell", "most", "pre_empty", "rolls", "table")

    def __init__(self, table: tuple):
        t = self.table = table
        self.most = max(t)  # the unit's best cell (reshape's most_gain)
        faces = FACES
        # the sum over ROLLS of max(t[a - b + OFF], t[b - a + OFF]): each distance's max once, then the
        # same floats summed in the same order
        self.pre_empty = sum(GAP_OF_ROLL([max(t[OFF + g], t[OFF - g]) for g in GAPS])) / len(ROLLS)
        # an empty top box beside bottom x: the sum over y of t[y - x + OFF], y = 1..6 in turn (a slice)
        cell = [(self.pre_empty, *[sum(t[OFF + 1 - x:OFF + 1 + faces - x]) / faces for x in FACE_RANGE])]
        # top face x: t[x - y + OFF] for bottom y = 1..6 (a reversed slice); an empty bottom box, their sum
        for row in [t[OFF + x - faces:OFF + x][::-1] for x in FACE_RANGE]:
            cell.append((sum(row) / faces, *row))
        # tuples of floats: the garbage collector stops tracking them (the memos keep thousands)
        self.cell = tuple(cell)
        self.rolls: dict = {}

    def by_roll(self, box: int, partner: int) -> tuple[tuple, tuple, float]:
        """The worth of each face put in `box` (0 top, 1 bottom) beside its `partner` die (box_worth) by
        PAIRS' low faces and by their high ones (one_left_of), and a bound on what the box can add to the
        last roll's expectation (better_of_two). A memo: Phase 1 weighs these again and again."""
        key = box * SLOT + partner
        got = self.rolls.get(key)
        if got is None:
            f = box_worth(self.table, box, partner)
            got = self.rolls[key] = (PAIR_LOW(f), PAIR_HIGH(f), better_of_two(f))
        return got


# in how many of ROLLS the k-th lowest of six faces is the higher: (k, j), (j, k) for each lower j, and (k, k)
ODD_WEIGHTS = tuple(2 * k + 1 for k in range(FACES))  # not a rule: counting ordered pairs


def better_of_two(f: tuple) -> float:
    """The average over ROLLS (a, b) of max(f[a], f[b]): the k-th lowest of the six is the better in
    2k + 1 rolls. Only a bound (the pruning allows BOUND_SLACK), so not summed roll by roll."""
    return sum(map(mul, sorted(f[1:]), ODD_WEIGHTS)) / len(ROLLS)


matrix_of = functools.lru_cache(maxsize=MEMO)(Matrix)  # a unit's Matrix of a table, memoised


def one_left_of(mi: Matrix, i: int, pi: int, mj: Matrix, j: int, pj: int) -> float:
    """The expected worth of the two units holding the last two empty boxes, i and j (0 a top box, 1 a
    bottom one; partners' faces pi, pj), the last roll (a, b) placed in the better of its two ways:
    the sum over ROLLS of max(fi[a] + fj[b], fi[b] + fj[a]), fi and fj each box's worth by face."""
    low_i, high_i, _ = mi.by_roll(i, pi)
    low_j, high_j, _ = mj.by_roll(j, pj)
    # (a, b) and (b, a) weigh the same two sums: each pair once, then summed over ROLLS in order (the
    # same floats in the same order as the sum over every roll); `y if y > x else x` is max(x, y)
    better = [y if y > x else x for x, y in zip(map(add, low_i, high_j), map(add, high_i, low_j))]
    return sum(PAIR_OF_ROLL(better)) / len(ROLLS)


def box_worth(t, box: int, partner: int) -> tuple:
    """The unit's worth for each face put in `box` beside its `partner` die (index = face): in a top
    box t[face - partner + OFF] (a slice), in a bottom one t[partner - face + OFF] (a reversed one)."""
    if box % BOX == 0:
        return (0.0, *t[OFF + 1 - partner:OFF + 1 + FACES - partner])
    return (0.0, *t[OFF + partner - FACES:OFF + partner][::-1])


def place_roll(mats: tuple, board: tuple, a: int, b: int, k: int, forced, discard: bool, together: bool) -> tuple:
    """Where roll k's dice (a, b) go on `board` (0: an empty box) with today's unit Matrixes: (box of a, box
    of b), eng.NO_BOX for a die discarded. `forced`: the boxes the roll must take (None: any; eng.place_room).
    Each placing is worth its units' cells, an empty box at its average; on the last roll but one, the
    last roll's expectation (last_but_one). A pure function of its arguments (first_roll: its memo for
    the first roll)."""
    cells = [m.cell for m in mats]
    zero = tuple([i for i in range(BOXES) if not board[i]])  # the empty boxes, in order
    cur = [cells[u][board[BOX * u]][board[BOX * u + 1]] for u in range(UNIT_COUNT)]  # each unit's cell now
    empty = zero if forced is None else tuple([i for i in zero if i in forced])
    # each box's unit's cell with die a (with die b) in the box, its partner box as it is
    with_a, with_b = [0.0] * BOXES, [0.0] * BOXES
    for i in empty:
        cu, partner = cells[i >> 1], board[i ^ 1]
        if i % BOX == 0:
            with_a[i], with_b[i] = cu[a][partner], cu[b][partner]
        else:
            with_a[i], with_b[i] = cu[partner][a], cu[partner][b]
    worths = cur + with_a + with_b + [c[a][b] for c in cells] + [c[b][a] for c in cells]  # as units_of reads
    # on the last roll but one, the last roll's expectation is weighed (with a die still to discard, only
    # for the placings that discard it now: both placed leave one box, weighed at its average)
    last = k + 1 == RULES.rolls_per_turn - 1  # the next roll is the day's last
    if last and not discard:
        return last_but_one(mats, board, a, b, worths, pair_options(zero, together), None, -math.inf)
    # both dice placed; then, where a die may be discarded, one (a placing must pass the best so far)
    best, beat = best_placing(worths, placings(empty, together, False), a == b, None, -math.inf)
    if discard:
        if last:
            return last_but_one(mats, board, a, b, worths, single_options(zero), best, beat)
        best, beat = best_placing(worths, placings(empty, together, True), a == b, best, beat)
    return best


def best_placing(worths: list, options: tuple, doubles: bool, best, beat) -> tuple:
    """The best of `options` (placings) after `best`, each worth its four units' cells summed in unit
    order, and the worth another must pass to replace it."""
    for boxes, twin, (x, y, z, t) in options:
        if twin and doubles:
            continue  # the same board as one weighed already
        w = worths[x] + worths[y] + worths[z] + worths[t]  # as sum() of the four, in order
        if w > beat:
            best, beat = boxes, w + EPS
    return best, beat


# place_roll's `worths`: each unit's cell as it is, then each box's unit's cell with die a in the box
# (then with die b, BOXES on), then each unit's cell with a in its top box and b below (then the other way)
WITH_A_AT = UNIT_COUNT
BOTH_AT = WITH_A_AT + RULES.dice_per_roll * BOXES


def units_of(boxes: tuple) -> tuple:
    """Where each unit's cell is in place_roll's `worths` once die a and die b are in `boxes` (eng.NO_BOX: a
    die discarded)."""
    out = list(range(UNIT_COUNT))
    for d, box in enumerate(boxes):
        if box == eng.NO_BOX:
            continue
        if box ^ 1 in boxes:  # both dice in one unit: a on top, or b
            out[box >> 1] = BOTH_AT + UNIT_COUNT * (boxes[0] % BOX) + (box >> 1)
        else:
            out[box >> 1] = WITH_A_AT + BOXES * d + box
    return tuple(out)


@functools.lru_cache(maxsize=1 << (BOXES + 2))  # not a rule: every set of empty boxes, each flag either way
def placings(empty: tuple, together: bool, single: bool) -> tuple:
    """The placings of both dice in `empty` boxes, or (`single`) of one, the other discarded, in the order
    weighed: (boxes, twin, units_of(boxes)); twin: the same board as one before it when a == b. The naive
    player (`together`) puts the second die beside the first whenever that box is empty."""
    if single:
        ways = [(boxes, boxes[0] == eng.NO_BOX) for i in empty for boxes in ((i, eng.NO_BOX), (eng.NO_BOX, i))]
    else:
        ways = [((i, j), i >> 1 != j >> 1 and j < i and not (together and j ^ 1 in empty))
                for i in empty for j in ((i ^ 1,) if together and i ^ 1 in empty else empty) if i != j]
    return tuple([(boxes, twin, units_of(boxes)) for boxes, twin in ways])


def last_options(zero: tuple, options: tuple) -> tuple:
    """`options` (placings in `zero`) as last_but_one weighs them: (boxes, twin, full, up, uq, sp, sq,
    p_box, q_box, pair). p, q: the boxes left for the last roll (units up, uq; top 0 or bottom 1: p_box,
    q_box); full: where the cells of the units but p's and q's are in place_roll's `worths`, in unit
    order; sp, sq: where p's and q's partner faces are in (a, b, *board); pair: (p, q) as a number, for
    last_but_one's memo of the last roll's expectations."""
    out = []
    for boxes, twin, units in options:
        p, q = [x for x in zero if x not in boxes]
        # the roll's dice come first, then the board
        sp, sq = (boxes.index(x ^ 1) if x ^ 1 in boxes else BOX + (x ^ 1) for x in (p, q))
        full = tuple([units[u] for u in range(UNIT_COUNT) if u != p >> 1 and u != q >> 1])
        out.append((boxes, twin, full, p >> 1, q >> 1, sp, sq, p % BOX, q % BOX, (p * BOXES + q) * SLOT * SLOT))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def pair_options(zero: tuple, together: bool) -> tuple:
    """The placings of both dice last_but_one weighs (last_options)."""
    return last_options(zero, placings(zero, together, False))


@functools.lru_cache(maxsize=1 << BOXES)
def single_options(zero: tuple) -> tuple:
    """The placings of one die, the other discarded, last_but_one weighs (last_options)."""
    return last_options(zero, placings(zero, False, True))


def last_but_one(mats, board, a, b, worths, options, best, beat) -> tuple:
    """place_roll for the last roll but one, after `best` (worth to pass: `beat`): each of `options` is
    worth its full units' cells and the last roll's expectation (one_left_of), skipped when a bound shows
    it cannot pass the best so far."""
    last: dict = {}
    faces = (a, b, *board)
    for boxes, twin, full, up, uq, sp, sq, p_box, q_box, pair in options:
        if twin and a == b:
            continue  # the same board as one weighed already
        if up == uq:
            x, y, z = full
            w = worths[x] + worths[y] + worths[z] + mats[up].pre_empty  # as sum() of the three, in order
        else:
            x, y = full
            rest = worths[x] + worths[y]
            pp, pq = faces[sp], faces[sq]
            mp, mq = mats[up], mats[uq]
            fp = mp.rolls.get(p_box * SLOT + pp) or mp.by_roll(p_box, pp)
            fq = mq.rolls.get(q_box * SLOT + pq) or mq.by_roll(q_box, pq)
            # the bound first (most placings fail it): when it fails, so would the exact worth
            if rest + fp[-1] + fq[-1] + BOUND_SLACK <= beat:
                continue  # max(x + y, x' + y') <= max(x, x') + max(y, y'): it cannot win
            key = pair + pp * SLOT + pq  # (p, q, pp, pq) as a number
            e = last.get(key)
            if e is None:
                e = last[key] = one_left_of(mp, p_box, pp, mq, q_box, pq)
            w = rest + e
        if w > beat:
            best, beat = boxes, w + EPS
    return best


# The first roll's placing, memoised: the same day's worths meet the same empty board and dice again
# over many games (about one first roll in three); later rolls' boards almost never repeat.
first_roll = functools.lru_cache(maxsize=PLACINGS)(place_roll)


def most_gain(mats, board, fixed=()) -> float:
    """A bound on what one face changed on `board` adds to the units' worths: the most any unit gains
    from its best cell (best_change_of's gain, to within rounding). It holds for every box, so the boxes
    no change may touch (`fixed`: a vision's 6) need not be left out."""
    most = -math.inf
    for u in range(UNIT_COUNT):
        m = mats[u]
        most = max(most, m.most - m.table[board[BOX * u] - board[BOX * u + 1] + OFF])
    return most


def changes_of(tables, board, boxes) -> tuple[float, list]:
    """The board's worth (its units' cells, summed in unit order), and for each of `boxes` (the engine's:
    those a die may change in), (box, the board's worth with each face 1..FACES in it)."""
    c = [tables[u][board[BOX * u] - board[BOX * u + 1] + OFF] for u in range(UNIT_COUNT)]
    now = sum(c)
    out = []
    for i in boxes:
        u, keep, fulls = i >> 1, c[i >> 1], []
        for cell in box_worth(tables[u], i, board[i ^ 1])[1:]:
            c[u] = cell
            fulls.append(sum(c))
        c[u] = keep
        out.append((i, fulls))
    return now, out


def best_change_of(tables, board, boxes) -> tuple:
    """(gain, box, face) of the one die of `boxes` a Spirit Dancer changes for the most gain ((0.0, None,
    None): none gains)."""
    now, changes = changes_of(tables, board, boxes)
    best, beat = (0.0, None, None), EPS
    for i, fulls in changes:
        for face, full in enumerate(fulls, 1):
            if full - now > beat:
                best, beat = (full - now, i, face), full - now + EPS
    return best


def reroll_choice(tables, board, boxes):
    """The box of `boxes` a Windriders die is rerolled from (None: none): the first whose reroll's average
    gains most."""
    now, changes = changes_of(tables, board, boxes)
    gain, box = max([(sum(fulls) / FACES - now, i) for i, fulls in changes], key=itemgetter(0), default=(0.0, None))
    return box if gain > 0.0 else None


class Chief:
    """One game of 1872, played carefully. `house_off`: rulings played by their neutral stand-ins
    (eng.HOUSE_OFF_KEYS; eng.UnknownRuling for any other key)."""

    together = False  # the naive player keeps a roll's two dice in one unit
    about = "weighs every split of each roll between the units, with the last roll's expectation worked out exactly"
    days = DAY_LIMIT

    def __init__(self, seed: int, game_map=None, house_off=frozenset()):
        self.plan = plan_of(game_map)
        self.land = self.plan.land
        self.terrain = dict(self.plan.terrain)
        self.st = eng.new_game(self.land, house_off)
        self.dice = Dice(rng_for(seed, "1872-play"))
        self.routed: tuple = ("", -1, "")  # (pos, plots rolled, target) of the last target() asked
        self.phase1: tuple = (None, ())  # (state, unit Matrixes) of the last tables() asked
        self.aside = -1  # the day the chief stepped aside

    def start(self) -> eng.Tribe:
        """The game at set-up, on this chief's map."""
        return eng.Tribe(land=self.land, st=self.st, terrain=self.terrain)

    def roll(self, need):
        """The dice: one face for one die, a tuple for more. A Fort Benton assault is read at 1 (the chief
        never steps into the fort; a hint's playouts may start from a game that did)."""
        if need.key == "assault":
            return 1
        return self.dice.d6() if need.dice == 1 else tuple(self.dice.roll(need.dice))

    def decide(self, game: eng.Tribe, step, need):
        """The careful chief's choice for the open decision."""
        st = self.st = game.st
        self.terrain = game.terrain
        key = need.key
        if key == "place":
            return self.place_dice(game)
        if key == "reroll":
            boxes = [box for box in step.options(game) if box != eng.KEEP]
            box = reroll_choice([m.table for m in self.tables()], game.board, boxes)
            return eng.KEEP if box is None else box
        if key == "dancers":
            return self.dance(game, step)
        if key == "go":
            return self.go()
        item = game.agenda[0]
        if key == "map":
            return self.map_choice(item[eng.SECOND].key, step.options(game))
        if key in ("crow", "plot crow"):
            return self.choose(RULES.crow_after_vision, step.options(game))
        if key in eng.CHOOSE_OPS:
            return self.choose(item[eng.SECOND], step.options(game))
        if key == "reading":
            options = eng.omen_choices(st, item[eng.SECOND])
            return max(range(len(options)),
                       key=lambda j: (effects_worth_of(st.values, st.caps, st.vision, options[j][1]), -options[j][0]))
        if key == "vision":
            return max(step.options(game), key=VISION_TASTE.index)
        if key == "vision top":
            return self.six_top(tuple(step.options(game)))
        if key == "gold":  # 02A at E: this chief writes no journal, so never three GOLD entries
            return False
        if key == "ghost":  # the blank hex nearest to the target, never the fort's
            options, tdist = step.options(game), self.plan.dist(self.target())
            far = [lab for lab in options if lab not in self.land.fort]
            return min(far, key=lambda x: (tdist.get(x, FAR), x)) if far else options[0]
        if key == "plot choice":  # made blind (outcomes are not read ahead) but never a new victory condition
            enc, options = eng.encounter_of(f"{item[eng.FIRST]}{item[eng.SECOND]}"), step.options(game)
            safe = [i for i in options if not eng.outcome_of(enc.choices[i].outcome).new_victory]
            return safe[self.dice.rng.randrange(len(safe))] if safe else options[0]
        raise KeyError(key)

    def gain(self, key: str, n: int) -> float:
        return gain_of(self.st.values, self.st.caps, key, n)

    # --- the map ---------------------------------------------------------------------------------

    def target(self) -> str:
        """The first of the plot hexes still to visit, in the shortest order from here, then the nearer
        Canada hex."""
        st = self.st
        pos, n, out = self.routed
        if pos == st.pos and n == len(st.plots):
            return out
        done = {letter for letter, _ in st.plots}
        out = self.plan.route(st.pos, tuple(lab for letter, lab in self.plan.plot_list if letter not in done))[0]
        self.routed = (st.pos, len(st.plots), out)
        return out

    def forward(self, labels, tdist) -> list[str]:
        here = tdist.get(self.st.pos, FAR)
        return [lab for lab in labels if tdist.get(lab, FAR) < here]

    def ready(self, tdist) -> list[str]:
        """The mapped hexes beside the tribe that lead towards the target."""
        return self.forward([n for n in self.land.open_near[self.st.pos] if n in self.terrain], tdist)

    # --- what things are worth -------------------------------------------------------------------

    def tables(self) -> tuple:
        """Each unit's Matrix of worths now, kept while the state stays the same (all through Phase 1)."""
        st, mats = self.phase1
        if st is not self.st:
            st = self.st
            tdist = self.plan.dist(self.target())
            near = eng.colourable(self.land, self.terrain, st.pos, "", (), eng.fort_open(st))
            maps = (0.0, 0.0, 0.0)  # a map icon's worth by terrain (MAP_KINDS)
            if near:
                ahead, ready = self.forward(near, tdist), self.ready(tdist)
                flat = (PLAINS_AHEAD if not ready else MAP_READY) if ahead else 0.15
                wood = (FOREST_AHEAD if not ready else MAP_READY) if ahead else 0.15
                maps = (flat, wood, 0.0 if len(near) > len(ahead) or not ahead else -0.6)
            mats = tables_of(st.values, st.caps, st.vision, "skip-omen" in st.flags, "no-crow" in st.flags, maps)
            self.phase1 = (st, mats)
        return mats

    # --- phase 1 ----------------------------------------------------------------------------------

    def place_dice(self, game: eng.Tribe) -> tuple:
        """Where this roll's two dice go: (box of the first die, box of the second), eng.NO_BOX for one
        discarded."""
        a, b = game.dice
        k = len(game.order) // RULES.dice_per_roll
        forced, discard = eng.place_room(game)
        place = place_roll if k else first_roll  # the first roll's placing memoised
        boxes = place(self.tables(), game.board, a, b, k, forced, discard, self.together)
        return tuple(sorted(boxes)) if a == b else boxes

    def dance(self, game: eng.Tribe, step):
        """A Spirit Dancer's (or the Storm Dancer's) change, one of the step's options (eng.DONE, then (box,
        face) pairs): one change at a time."""
        mats, board = self.tables(), game.board
        storm = eng.power(self.st).storm_dancers
        if not storm:
            need = DANCER_NEED[eng.dancers_left(game) - 1]
            if most_gain(mats, board) + BOUND_SLACK < need:
                return eng.DONE  # best_change_of's gain, to within its rounding, cannot reach the need
        boxes = dict.fromkeys(change[0] for change in step.options(game) if change != eng.DONE)
        g, i, face = best_change_of([m.table for m in mats], board, boxes)
        if storm:
            return (i, face) if i is not None and g > 0.5 else eng.DONE
        return eng.DONE if i is None or g < need else (i, face)

    # --- phase 2 ----------------------------------------------------------------------------------

    def choose(self, e, opts: tuple):
        """The player's pick of `opts` for an effect that leaves a choice (an op of eng.CHOOSE_OPS)."""
        if e.op == "lose-choice":
            return max(opts, key=lambda ks: (sum(self.gain(k, -e.n) for k in ks), ks))
        if e.op == "lowest":
            return max(opts, key=lambda k: (self.gain(k, -e.n), k))
        gains = [self.gain(k, e.n) for k in opts]  # "wild", "wild-primary": the first of the most gainful
        return opts[gains.index(max(gains))]

    def six_top(self, units) -> str:
        """The unit whose top box takes a permanent 6 (the "pipe-carriers" stand-in): the one that
        gains most over its average cell, by today's worths; on a tie, the first."""
        mats = self.tables()

        def gain(unit):
            m = mats[eng.UNITS.index(unit)]
            return m.cell[RULES.permanent_face][0] - sum(m.table[a - b + OFF] for a, b in ROLLS) / len(ROLLS)

        return max(units, key=lambda u: (gain(u), -units.index(u)))

    def map_choice(self, kind, ok: tuple):
        """The hex of `ok` a map icon of `kind` colours."""
        land, st = self.land, self.st
        if None in ok:  # the printed order loses it (the cell's other icon takes the last hex): as it always chose
            return None
        ok = tuple(x for x in ok if x in land.neighbors[st.pos]) or ok  # next to the tribe while a hex there is left
        tdist = self.plan.dist(self.target())
        ahead = self.forward(ok, tdist)
        if kind in ("mountains", "forest"):  # Canada and the plot hexes still to visit are kept
            done = {letter for letter, _ in st.plots}
            keep = {*land.goals, *(lab for letter, lab in land.plots.items() if letter not in done)}
        if kind == "mountains":  # kept off the way
            return min(ok, key=lambda x: (x in keep, x in ahead, -tdist.get(x, FAR), x))
        if kind == "forest":  # put aside once a mapped hex leads on
            aside = [x for x in ok if x not in ahead and x not in keep]
            if aside and self.ready(tdist):
                return min(aside, key=lambda x: (tdist.get(x, FAR), x))
        return min(ok, key=lambda x: (tdist.get(x, FAR), x in land.zone, x))

    # --- phase 3 ----------------------------------------------------------------------------------

    def price(self, to):
        """(river pay, worth of paying, state after) of the best way to pay for a step into `to`, or None
        when it cannot be made or would spend the last Food or Resolve short of winning."""
        if to not in self.terrain:
            return None  # as eng.step_price would say, without building its message
        st, best = self.st, None
        for pay in PAYS:  # first as a step with no river to pay for (a river's step says so: rule "river")
            try:
                nxt = eng.step(self.land, self.terrain, st, to, pay)  # never the fort: no assault's die
            except eng.RuleError as e:
                if pay is None and e.rule != "river":
                    return None  # barred (eng.step_price), or too dear
                continue
            if nxt.over is not None or (nxt.values[FOOD] and nxt.values[RESOLVE]):
                # self.gain of each change (the engine keeps every value within 0..cap)
                worth = sum([w[n] - w[v] for w, v, n in zip(WORTH_BY_INDEX, st.values, nxt.values)])
                if best is None or worth > best[1]:
                    best = (pay, worth, nxt)
            if pay is None:
                return best
        return best

    def go(self):
        """Phase 3, a step at a time: toward the target while a step pays; when none does and the
        tribe has not moved today, one step aside if that costs less than a day in camp; else stop. (The
        engine asks only while some step could be paid for and the game is not over.)"""
        st, land = self.st, self.land
        if self.aside == st.day:
            return eng.STOP  # a step aside ends the day's walk
        target = self.target()
        tdist = self.plan.dist(target)
        here = tdist.get(st.pos, FAR)
        prices: dict = {}
        best = None
        for d, lab in sorted([(tdist[lab], lab) for lab in land.neighbors[st.pos]
                              if lab not in land.fort and tdist.get(lab, FAR) < here]):
            if best is not None and d > best[0]:
                break
            p = prices[lab] = self.price(lab)
            if p is None:
                continue
            pay, worth, nxt = p
            values, after = st.values, nxt.values
            if after[FOOD] < FOOD_RESERVE and values[FOOD] <= FOOD_LOW and lab != target and lab not in land.plot_at:
                continue  # food kept in hand, but for a step that ends the walk
            spent = (values[MOVEMENT] - after[MOVEMENT]) + 0.5 * (values[FOOD] - after[FOOD])
            option = (d, spent - worth, lab, pay)  # labs differ: pays are never compared
            if best is None or option < best:
                best = option
        if best is not None:
            _, _, lab, pay = best
            return (lab, pay)
        if st.moved:
            return eng.STOP
        for lab in land.neighbors[st.pos]:  # a step aside
            if lab in land.plot_at or lab in land.fort:
                continue
            p = prices[lab] if lab in prices else self.price(lab)
            if p is None or p[-1].values[FOOD] < FOOD_RESERVE:
                continue
            cost = p[1] - (0.8 if lab in land.zone else 0.0) - 0.6 * max(0.0, tdist.get(lab, FAR) - here)
            if best is None or cost > best[0]:
                best = (cost, lab, p[0])
        if best is None or best[0] < self.gain("resolve", -RULES.idle_resolve) - 0.2:
            return eng.STOP
        self.aside = st.day
        return best[1:]


class PairsChief(Chief):
    """The naive chief: the two dice of a roll always go to one unit (unless that cannot be)."""

    together = True
    about = "puts both dice of a roll into one unit"


PLAYERS = {"careful": Chief, "naive": PairsChief}


played = functools.partial(common.played, eng)  # (player, limit=None): (the last state, every input in order)


def simulate_1872(seed: int, game_map=None, player=Chief, house_off=frozenset()) -> dict:
    """A whole game of 1872 as save data (no journal), each day with its rolls, written by the game's
    transcript (saves.rules_1872.save_of); `house_off` as Chief's (such a game follows the stand-ins,
    not the rules a save is validated by)."""
    final, events = played(player(seed, game_map, house_off))
    return save_of(events, final, (), standard=game_map is None)
