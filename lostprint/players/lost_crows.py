"""Seeded players of 1872: The Lost Crows: policies over lostprint.engine.lost_crows.

A player only decides (where dice go, which resource a choice takes, where to colour and walk); the
engine applies every rule from the game data. `Chief` is careful: each roll's two dice go where they
most likely give each unit a good row, even split between two units. `PairsChief` is naive: it keeps
a roll's two dice in one unit. Both write what a player copies into a save, with the day's `rolls`.
"""
from __future__ import annotations

import functools
import heapq
import itertools
from operator import add

from lostprint.engine import lost_crows as eng
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import RULES
from lostprint.players.common import Dice, rng_for

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
FACE_RANGE = range(1, RULES.die_faces + 1)
ROLLS = tuple((a, b) for a in FACE_RANGE for b in FACE_RANGE)
OFF = RULES.die_faces - 1  # a difference's index in a unit's table of worths
BOX = eng.BOX
UNIT_COUNT = len(eng.UNITS)
BOXES = BOX * UNIT_COUNT
VISION_TASTE = ("plains", "forest", "mountains")  # on a tie, the later one
FAR = 99  # not a rule: farther than any hex of a map
FOOD_RESERVE, FOOD_LOW = 2, 3  # not a rule: the careful chief keeps some food in hand
DAY_LIMIT = 80  # not a rule: a simulated game that has not ended by then is cut short


EPS = 1e-9  # not a rule: two worths closer than this are equal (the first option found is kept)
MEMO = 1 << 14  # not a rule: how many worked-out tables each memo keeps
MAPS = 8  # not a rule: how many maps' plans are kept
MAP_KINDS = ("plains", "forest", "mountains")  # a map icon's worth is a tuple in this order


# --- what a careful chief works out once: per map, and per small value -----------------------------


@functools.lru_cache(maxsize=None)
def standard() -> object:
    from lostprint.maps.model import standard_map

    return standard_map("lost-crows")


class Plan:
    """A map's fixed facts for the careful chief, worked out once per map and shared by its games: the
    engine's Land, the plot hexes, the distances to every target and the shortest plot orders (memos
    of pure functions of the map)."""

    def __init__(self, game_map):
        self.land = eng.land_of(game_map)
        self.terrain = tuple(game_map.terrain)
        self.plot_list = tuple(sorted(self.land.plots.items()))
        self.dists: dict[str, dict[str, float]] = {}
        self.routes: dict = {}
        # mapped-or-not neighbours that a step can ever enter (never the fort, even after 12A)
        self.open_near = {lab: tuple(n for n in near if n not in self.land.fort)
                          for lab, near in self.land.neighbors.items()}

    def dist(self, target: str) -> dict[str, float]:
        """Steps to `target` from every hex, around the fort; a step into its zone counts double."""
        if target in self.dists:
            return self.dists[target]
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
        self.dists[target] = out
        return out

    def route(self, pos: str, left: tuple) -> list[str]:
        """The plot hexes `left`, in the shortest order from `pos`, then the nearer Canada hex."""
        key = (pos, left)
        if key in self.routes:
            return self.routes[key]
        best = None
        for order in itertools.permutations(left):
            here, total = pos, 0.0
            for lab in order:
                total += self.dist(lab).get(here, FAR)
                here = lab
            goal = min(self.land.goals, key=lambda g: (self.dist(g).get(here, FAR), g))
            total += self.dist(goal).get(here, FAR)
            if best is None or total < best[0]:
                best = (total, list(order) + [goal])
        self.routes[key] = best[1]
        return best[1]


@functools.lru_cache(maxsize=MAPS)
def plan_of(game_map) -> Plan:
    """The Plan of a map (None: the standard map)."""
    return Plan(game_map or standard())


def gain_of(values: tuple, caps: tuple, key: str, n: int) -> float:
    """How much one change of a resource is worth to the careful chief (WORTH)."""
    table = WORTH[key]
    i = eng.INDEX[key]
    old = values[i]
    return table[max(0, min(caps[i], old + n))] - table[old]


def lowest_of(values: tuple) -> str:
    return min(eng.PRIMARY, key=lambda k: (values[eng.INDEX[k]], k))


def effects_worth_of(values: tuple, caps: tuple, vision, effects) -> float:
    """The worth of a Bad Omen's effects."""
    total = 0.0
    for e in effects:
        if e.op == "add":
            total += gain_of(values, caps, e.key, e.n)
        elif e.op == "lowest":
            total += gain_of(values, caps, lowest_of(values), -e.n)
        elif e.op == "fever":
            total += 0.0 if eng.power_of(vision).shaman_immune else \
                gain_of(values, caps, "resolve", -RULES.fever_resolve) - 1.0
        elif e.op == "cap":
            total += -0.8 if e.key == "movement" else -1.2
        elif e.op == "flag":
            total += -1.5 if e.key in ("double-cost", "halt") else -0.4
    return total


@functools.lru_cache(maxsize=None)
def omens_of(vision) -> tuple:
    """Every distinct set of effects a Bad Omen can bring under a vision (eng.omens_possible)."""
    return eng.omens_possible(eng.State(0, "", "", (), (), vision=vision))


def omen_worth_of(values: tuple, caps: tuple, vision, skip: bool) -> float:
    if skip:
        return 0.0
    total = [effects_worth_of(values, caps, vision, effects) for effects in omens_of(vision)]
    return sum(total) / len(total)


def effect_worth_of(values: tuple, caps: tuple, vision, e, omen: float, maps: tuple, nocrow: bool) -> float:
    """The worth of one icon's effect; `omen` the average Bad Omen's, `maps` a map icon's by terrain
    (MAP_KINDS)."""
    op = e.op
    if op == "lose-choice":
        worst = sorted(gain_of(values, caps, k, -e.n) for k in eng.PRIMARY)
        return sum(worst[-e.count:])
    if op == "omen":
        return omen
    if op == "fever":
        return effects_worth_of(values, caps, vision, (e,))
    if op == "add":
        return gain_of(values, caps, e.key, e.n)
    if op == "wild":
        return max(gain_of(values, caps, k, e.n) for k in eng.ANY_KEY)
    if op == "crow":
        if nocrow:
            return 0.0
        return CROW_WORTH if vision is None else gain_of(values, caps, lowest_of(values), 1)
    if op == "map":
        return maps[MAP_KINDS.index(e.key)]
    return 0.0


@functools.lru_cache(maxsize=MEMO)
def tables_of(values: tuple, caps: tuple, vision, skip: bool, nocrow: bool, maps: tuple) -> tuple:
    """For each unit, the worth of each difference -5..5 (index diff + 5), and the unit's Matrix."""
    omen = omen_worth_of(values, caps, vision, skip)
    out = []
    negative = sum(effect_worth_of(values, caps, vision, e, omen, maps, nocrow)
                   for e in eng.power_of(vision).tribe_negative)
    for unit in eng.UNITS:
        by_row = [sum(effect_worth_of(values, caps, vision, e, omen, maps, nocrow) for e in eng.cell_effects(unit, r))
                  for r in range(len(eng.ROWS))]
        table = [by_row[eng.row_index(d)] + (negative if unit == "tribe" and d < 0 else 0.0) for d in eng.DIFFS]
        out.append(matrix_of(tuple(table)))
    return tuple(out)


class Matrix:
    """One unit's worths: `table` by difference, and `cell[top][bottom]` by the faces in its two boxes
    (0: empty; an empty box is worth its average over the faces it may still get)."""

    __slots__ = ("table", "cell", "pre_empty", "rolls")

    def __init__(self, table: tuple):
        t = self.table = table
        pre_top = [0.0] + [sum(t[x - y + OFF] for y in FACE_RANGE) / len(FACE_RANGE) for x in FACE_RANGE]
        pre_bottom = [0.0] + [sum(t[y - x + OFF] for y in FACE_RANGE) / len(FACE_RANGE) for x in FACE_RANGE]
        self.pre_empty = sum(max(t[a - b + OFF], t[b - a + OFF]) for a, b in ROLLS) / len(ROLLS)
        cell = [[self.pre_empty] + pre_bottom[1:]]
        for top in FACE_RANGE:
            cell.append([pre_top[top]] + [t[top - bottom + OFF] for bottom in FACE_RANGE])
        self.cell = cell
        self.rolls: dict = {}

    def by_roll(self, box: int, partner: int) -> tuple[list, list]:
        """The worth of each roll (a, b) of ROLLS with a, then with b, put in `box` (0 top, 1 bottom)
        beside its `partner` die (a memo: the last roll of Phase 1 weighs these again and again)."""
        key = (box, partner)
        if key not in self.rolls:
            f = box_worth(self.table, box, partner)
            self.rolls[key] = ([f[a] for a, _ in ROLLS], [f[b] for _, b in ROLLS])
        return self.rolls[key]


@functools.lru_cache(maxsize=MEMO)
def matrix_of(table: tuple) -> Matrix:
    return Matrix(table)


def one_left_of(mi: Matrix, i: int, pi: int, mj: Matrix, j: int, pj: int) -> float:
    """The expected worth of the two units holding the last two empty boxes, i and j (0 a top box, 1 a
    bottom one; partners' faces pi, pj), the last roll (a, b) placed in the better of its two ways:
    the sum over ROLLS of max(fi[a] + fj[b], fi[b] + fj[a]), fi and fj each box's worth by face."""
    ai, bi = mi.by_roll(i, pi)
    aj, bj = mj.by_roll(j, pj)
    return sum(map(max, map(add, ai, bj), map(add, bi, aj))) / len(ROLLS)


def box_worth(t, box: int, partner: int) -> list[float]:
    """The unit's worth for each face put in `box` beside its `partner` die (index = face)."""
    if box % BOX == 0:
        return [0.0] + [t[face - partner + OFF] for face in FACE_RANGE]
    return [0.0] + [t[partner - face + OFF] for face in FACE_RANGE]


def full_worth(board, mats) -> float:
    """The day's worth of a full board."""
    return sum(m.table[board[BOX * u] - board[BOX * u + 1] + OFF] for u, m in enumerate(mats))


class Chief:
    """One game of 1872, played carefully. `house_off`: rulings played by their neutral stand-ins
    (eng.HOUSE_OFF_KEYS; eng.UnknownRuling for any other key)."""

    together = False  # the naive player keeps a roll's two dice in one unit

    def __init__(self, seed: int, game_map=None, house_off=frozenset()):
        self.gm = game_map or standard()
        self.plan = plan_of(game_map)
        self.land = self.plan.land
        self.terrain = dict(self.plan.terrain)
        self.st = eng.new_game(self.land, house_off)
        self.dice = Dice(rng_for(seed, "1872-play"))
        self.days: list[dict] = []

    # --- reading the state -----------------------------------------------------------------------

    def v(self, key: str) -> int:
        return self.st.value(key)

    def gain(self, key: str, n: int, st=None) -> float:
        st = st or self.st
        return gain_of(st.values, st.caps, key, n)

    def lowest(self) -> str:
        return lowest_of(self.st.values)

    # --- the map ---------------------------------------------------------------------------------

    def dist_map(self, target: str) -> dict[str, float]:
        return self.plan.dist(target)

    def route(self) -> list[str]:
        """The plot hexes still to visit, in the shortest order from here, then the nearer Canada hex."""
        done = {letter for letter, _ in self.st.plots}
        return self.plan.route(self.st.pos, tuple(lab for letter, lab in self.plan.plot_list if letter not in done))

    def target(self) -> str:
        return self.route()[0]

    def forward(self, labels, tdist) -> list[str]:
        here = tdist.get(self.st.pos, FAR)
        return [lab for lab in labels if tdist.get(lab, FAR) < here]

    # --- what things are worth -------------------------------------------------------------------

    def effects_worth(self, effects) -> float:
        return effects_worth_of(self.st.values, self.st.caps, self.st.vision, effects)

    def map_worth(self, tdist) -> tuple:
        """A map icon's worth by terrain (MAP_KINDS)."""
        near = eng.colourable(self.land, self.terrain, self.st.pos)
        if not near:
            return (0.0, 0.0, 0.0)
        ahead = self.forward(near, tdist)
        ready = self.forward([n for n in self.plan.open_near[self.st.pos] if n in self.terrain], tdist)
        flat = (PLAINS_AHEAD if not ready else MAP_READY) if ahead else 0.15
        wood = (FOREST_AHEAD if not ready else MAP_READY) if ahead else 0.15
        return flat, wood, 0.0 if len(near) > len(ahead) or not ahead else -0.6

    def unit_tables(self, tdist) -> tuple:
        """For each unit, its Matrix of worths today."""
        st = self.st
        return tables_of(st.values, st.caps, st.vision, "skip-omen" in st.flags, eng.crow_blocked(st),
                         self.map_worth(tdist))

    # --- phase 1 ----------------------------------------------------------------------------------

    def activate(self) -> tuple[tuple, int]:
        """Phase 1: four rolls placed, then Spirit Dancers. Returns the board and dancers used.
        Each roll's two dice go where the day is worth most: every empty box at its average over the
        faces still to come, and with one roll left its expectation worked out exactly."""
        st = self.st
        mats = self.unit_tables(self.dist_map(self.target()))
        cells = [m.cell for m in mats]
        last: dict = {}
        board = [0] * BOXES
        fixed = set()
        six = eng.permanent_six(st)
        if six is not None:
            board[six] = RULES.permanent_face
            fixed.add(six)
        discard = eng.discards(st) > 0
        forced = eng.first_roll_boxes(st)
        together = self.together
        rolls = RULES.rolls_per_turn
        for k in range(rolls):
            a, b = self.dice.roll(RULES.dice_per_roll)
            zeros = board.count(0)
            after = BOX * (rolls - 1 - k)
            allowed = forced if k == 0 else None
            empty = [i for i in range(BOXES) if not board[i] and (allowed is None or i in allowed)]
            cur = [cells[u][board[BOX * u]][board[BOX * u + 1]] for u in range(UNIT_COUNT)]
            alone = {}  # box -> {face: its unit's cell with that face in the box, the partner box as it is}
            for i in empty:
                cu, partner = cells[i >> 1], board[i ^ 1]
                alone[i] = {v: (cu[v][partner] if i % BOX == 0 else cu[partner][v]) for v in (a, b)}
            best_w, best = 0.0, None
            if zeros - BOX == after - (1 if discard else 0):  # both dice placed
                weigh_last = zeros - BOX == BOX and not discard
                for i in empty:
                    ui = i >> 1
                    for j in empty:
                        uj = j >> 1
                        if i == j or (together and ui != uj and (i ^ 1) in empty):
                            continue
                        if a == b and j < i and not (together and ui != uj and (j ^ 1) in empty):
                            continue  # the same board as (j, i), weighed already
                        if weigh_last:
                            nb = board[:]
                            nb[i], nb[j] = a, b
                            w = self.one_left(nb, mats, last)
                        else:
                            c = cur[:]
                            if ui == uj:
                                c[ui] = cells[ui][a][b] if i < j else cells[ui][b][a]
                            else:
                                c[ui] = alone[i][a]
                                c[uj] = alone[j][b]
                            w = c[0] + c[1] + c[2] + c[3]
                        if best is None or w > best_w + EPS:
                            best_w, best = w, (((i, a), (j, b)), discard)
            if discard and zeros - 1 == after:  # one die placed, the other discarded
                weigh_last = zeros - 1 == BOX
                for i in empty:
                    for keep in ((a,) if a == b else (a, b)):
                        if weigh_last:
                            nb = board[:]
                            nb[i] = keep
                            w = self.one_left(nb, mats, last)
                        else:
                            c = cur[:]
                            c[i >> 1] = alone[i][keep]
                            w = c[0] + c[1] + c[2] + c[3]
                        if best is None or w > best_w + EPS:
                            best_w, best = w, (((i, keep),), False)
            placed, discard = best
            for i, face in placed:
                board[i] = face
        used = self.reshape(board, fixed, mats)
        return tuple(board), used

    @staticmethod
    def one_left(board, mats, last) -> float:
        """Expected worth with one roll left for the two empty boxes, placed in the best way."""
        i, j = (k for k in range(BOXES) if not board[k])
        ui, uj = i >> 1, j >> 1
        rest = sum(mats[u].table[board[BOX * u] - board[BOX * u + 1] + OFF] for u in range(UNIT_COUNT)
                   if u != ui and u != uj)
        if ui == uj:
            return rest + mats[ui].pre_empty
        key = (i, j, board[i ^ 1], board[j ^ 1])
        if key not in last:
            last[key] = one_left_of(mats[ui], i % BOX, board[i ^ 1], mats[uj], j % BOX, board[j ^ 1])
        return rest + last[key]

    def reshape(self, board, fixed, mats) -> int:
        """A Windriders reroll, then Spirit Dancers (or a Storm Dancer) on the placed dice."""
        p = eng.power(self.st)
        here = self.terrain[self.st.pos]
        tables = [m.table for m in mats]

        def best_change():
            c = [tables[u][board[BOX * u] - board[BOX * u + 1] + OFF] for u in range(UNIT_COUNT)]
            now = c[0] + c[1] + c[2] + c[3]
            best = (0.0, None, None)
            for i in range(BOXES):
                if i in fixed:
                    continue
                u = i >> 1
                t, keep = tables[u], c[u]
                partner = board[i ^ 1]
                for face in FACE_RANGE:
                    c[u] = t[face - partner + OFF] if i % BOX == 0 else t[partner - face + OFF]
                    g = (c[0] + c[1] + c[2] + c[3]) - now
                    if g > best[0] + EPS:
                        best = (g, i, face)
                c[u] = keep
            return best

        if p.reroll_in and here == p.reroll_in:
            now = full_worth(board, mats)
            best = (0.0, None)
            for i in range(BOXES):
                if i in fixed:
                    continue
                avg = sum(full_worth(board[:i] + [f] + board[i + 1:], mats) for f in FACE_RANGE) / len(FACE_RANGE)
                if avg - now > best[0]:
                    best = (avg - now, i)
            if best[1] is not None:
                board[best[1]] = self.dice.d6()
        used = 0
        if p.storm_dancers:
            if here == p.storm_dancers:
                g, i, face = best_change()
                if i is not None and g > 0.5:
                    board[i] = face
                    used = 1
            return used
        left = RULES.spirit_dancers - self.st.dancers
        while left > 0:
            g, i, face = best_change()
            if i is None or g < DANCER_NEED[left - 1]:
                break
            board[i] = face
            left -= 1
            used += 1
        return used

    # --- phase 2 ----------------------------------------------------------------------------------

    def choose(self, e):
        """The player's pick for an effect that leaves a choice."""
        opts = eng.choices(self.st, e)
        if e.op == "lose-choice":
            return max(opts, key=lambda ks: (sum(self.gain(k, -e.n) for k in ks), ks))
        if e.op in ("wild", "wild-primary"):
            return max(opts, key=lambda k: (self.gain(k, e.n), -opts.index(k)))
        if e.op == "lowest":
            return max(opts, key=lambda k: (self.gain(k, -e.n), k))
        return None

    def resolve(self, diffs, record) -> None:
        """Phase 2: every unit's icons, in order; the map first within a cell."""
        tdist = self.dist_map(self.target())
        todo = eng.pending(self.st, diffs)
        todo.sort(key=lambda ue: (eng.UNITS.index(ue[0]), ue[1].op != "map"))
        for unit, e in todo:
            if e.op == "map":
                self.map_hex(e.key, tdist, record)
            elif e.op == "crow":
                self.crow(record)
            elif e.op == "omen":
                self.omen(unit, record)
            else:
                self.st = eng.apply(self.st, e, self.choose(e))
            self.note_caps(record)

    def note_caps(self, record) -> None:
        for key, cap, old in zip(eng.KEYS, self.st.caps, self.caps_before):
            if cap != old:
                record.setdefault("caps", {})[key] = cap
        self.caps_before = self.st.caps

    def crow(self, record, terrain=None) -> None:
        if eng.crow_blocked(self.st):
            return
        here = terrain or self.terrain[self.st.pos]
        choice = self.choose(eng.RULES.crow_after_vision) if self.st.vision is not None else None
        self.st = eng.crow(self.st, here, choice)
        record.setdefault("crows", []).append(here)
        self.maybe_vision(record)

    def maybe_vision(self, record) -> None:
        if not eng.vision_due(self.st):
            return
        terrain = max(eng.vision_terrains(self.st), key=VISION_TASTE.index)
        roll = self.dice.d6()
        tops = eng.vision_tops(self.st, terrain, roll)
        top = tops[0] if len(tops) == 1 else self.six_top(tops)
        self.st = eng.vision_quest(self.st, terrain, roll, top)
        record["vision"] = {"terrain": terrain, "roll": roll}
        if eng.power(self.st).ghost_mountain:
            tdist = self.dist_map(self.target())
            far = [lab for lab in self.land.axial if lab not in self.terrain and lab not in self.land.fort
                   and lab != self.st.pos and lab not in self.land.neighbors[self.st.pos]]
            if far:
                lab = min(far, key=lambda x: (tdist.get(x, FAR), x))
                self.st, self.terrain = eng.ghost_mountain(self.land, self.terrain, self.st, lab)
                record["ghost-mountain"] = lab
        self.note_caps(record)

    def six_top(self, units) -> str:
        """The unit whose top box takes a permanent 6 (the "pipe-carriers" stand-in): the one that
        gains most over its average cell, by today's worths; on a tie, the first."""
        mats = self.unit_tables(self.dist_map(self.target()))

        def gain(unit):
            t = mats[eng.UNITS.index(unit)].table
            six = sum(t[RULES.permanent_face - y + OFF] for y in FACE_RANGE) / len(FACE_RANGE)
            return six - sum(t[a - b + OFF] for a, b in ROLLS) / len(ROLLS)

        return max(units, key=lambda u: (gain(u), -units.index(u)))

    def map_hex(self, kind, tdist, record) -> None:
        land = self.land
        ok = eng.colourable(land, self.terrain, self.st.pos, kind, self.st.house_off)
        if not ok:
            return
        here = tdist.get(self.st.pos, FAR)
        ahead = [lab for lab in ok if tdist.get(lab, FAR) < here]
        ready = self.forward([n for n in land.neighbors[self.st.pos] if n in self.terrain and n not in land.fort],
                             tdist)
        keep = set(land.goals) | {lab for letter, lab in land.plots.items() if not self.st.done(letter)}
        aside = [x for x in ok if x not in ahead and x not in keep]
        if kind == "mountains":
            lab = min(ok, key=lambda x: (x in keep, x in ahead, -tdist.get(x, FAR), x))
        elif aside and kind == "forest" and ready:
            lab = min(aside, key=lambda x: (tdist.get(x, FAR), x))
        else:
            lab = min(ok, key=lambda x: (tdist.get(x, FAR), x in land.zone, x))
        self.terrain = eng.map_hex(land, self.terrain, self.st, kind, lab)
        record.setdefault("mapped", {})[lab] = kind

    def omen(self, unit, record) -> None:
        if eng.omen_skipped(self.st, unit):
            self.st = eng.skip_omen(self.st, unit)
            return
        dice = tuple(self.dice.roll(RULES.dice_per_roll))
        record.setdefault("rolls", {}).setdefault("omens", []).append(eng.TENS * dice[0] + dice[1])
        reads = eng.omen_rolls(self.st, dice)
        if not reads:
            return
        p = eng.power(self.st)
        options = []
        for roll in reads:
            swaps = (None,) + eng.PRIMARY if RULES.omen(roll).storm and p.storm_swap else (None,)
            for swap in swaps:
                effects = eng.omen_effects(self.st, roll, swap)
                options.append((self.effects_worth(effects), -roll, effects))
        _, _, effects = max(options, key=lambda o: (o[0], o[1]))
        for e in effects:
            self.st = eng.apply(self.st, e, self.choose(e))

    # --- phase 3 ----------------------------------------------------------------------------------

    def price(self, to):
        """(river pay, worth of paying) for the step, or None when it cannot be made."""
        best = None
        try:
            pays = eng.river_choices(self.land, self.terrain, self.st, to)
        except eng.RuleError:
            return None
        for pay in pays:
            try:
                nxt = eng.step(self.land, self.terrain, self.st, to, pay, assault=1)
            except eng.RuleError:
                continue
            # the last Food or Resolve may be spent only on the step that wins
            if nxt.over is None and (nxt.value("food") == 0 or nxt.value("resolve") == 0):
                continue
            worth = sum(self.gain(k, nxt.value(k) - self.v(k)) for k in eng.KEYS)
            if best is None or worth > best[1]:
                best = (pay, worth, nxt)
        return best

    def travel(self, record) -> None:
        land = self.land
        while self.st.over is None:
            target = self.target()
            tdist = self.dist_map(target)
            here = self.st.pos
            options = []
            for lab in land.neighbors[here]:
                if lab in land.fort or tdist.get(lab, FAR) >= tdist.get(here, FAR):
                    continue
                p = self.price(lab)
                if p is None:
                    continue
                _, _, nxt = p
                ends = lab == target or lab in land.plot_at
                if not ends and nxt.value("food") < FOOD_RESERVE and self.v("food") <= FOOD_LOW:
                    continue
                spent = (self.v("movement") - nxt.value("movement")) + 0.5 * (self.v("food") - nxt.value("food"))
                options.append((tdist[lab], spent - p[1], lab, p[0]))
            if not options:
                break
            _, _, lab, pay = min(options)
            self.enter(lab, pay, record)
            if eng.plot_due(land, self.st) or self.st.over:
                break
        if not self.st.moved and self.st.over is None:
            self.shuffle(record)

    def enter(self, lab, pay, record) -> None:
        self.st = eng.step(self.land, self.terrain, self.st, lab, pay)
        record.setdefault("moved", []).append(lab)
        letter = eng.plot_due(self.land, self.st)
        if letter:
            self.plot(letter, record)

    def shuffle(self, record) -> None:
        """No way forward today: step aside when that costs less than the Resolve a day in camp would."""
        tdist = self.dist_map(self.target())
        best = None
        for lab in self.land.neighbors[self.st.pos]:
            if lab in self.land.plot_at or lab in self.land.fort:
                continue
            p = self.price(lab)
            if p is None or p[-1].value("food") < FOOD_RESERVE:
                continue
            cost = (p[1] - (0.8 if lab in self.land.zone else 0.0)
                    - 0.6 * max(0.0, tdist.get(lab, FAR) - tdist.get(self.st.pos, FAR)))
            if best is None or cost > best[0]:
                best = (cost, lab, p[0])
        if best is None or best[0] < self.gain("resolve", -RULES.idle_resolve) - 0.2:
            return
        _, lab, pay = best
        self.enter(lab, pay, record)

    def plot(self, letter, record) -> None:
        if not eng.plot_rolls(self.st, letter):
            self.st = eng.plot(self.st, letter, None, None)
            record.setdefault("marks", []).append({"plot": {"letter": letter}})
            return
        roll = self.dice.d6()
        enc = plots.encounter(f"{letter}{roll}")
        mark = {"letter": letter, "roll": roll}
        choice = None
        dice: tuple = ()
        if enc.choices:
            if enc.code in plots.CONDITIONS:  # not a choice: the tribe's Resolve decides
                stat, above = plots.CONDITIONS[enc.code]
                choice = 0 if self.v(stat) > above else 1
            else:
                # the outcomes are not read ahead: a choice is made blind, but never a new victory condition
                safe = [i for i, c in enumerate(enc.choices) if not plots.outcome(c.outcome).new_victory]
                choice = safe[self.dice.rng.randrange(len(safe))] if safe else 0
            out = plots.outcome(enc.choices[choice].outcome)
            mark.update(choice=enc.choices[choice].text, outcome=out.code)
            dice = tuple(self.dice.roll(out.dice))
            if dice:
                record.setdefault("rolls", {})["outcome"] = list(dice)
        crows = len(self.st.crows)
        here = self.terrain[self.st.pos]
        choice_crow = self.choose(RULES.crow_after_vision) if self.st.vision is not None else None
        self.st = eng.plot(self.st, letter, roll, choice, dice, terrain_here=here, crow_choice=choice_crow)
        record.setdefault("marks", []).append({"plot": mark})
        if len(self.st.crows) > crows:
            record.setdefault("crows", []).append(here)
            self.maybe_vision(record)
        self.note_caps(record)

    # --- a day ------------------------------------------------------------------------------------

    def play_day(self) -> dict:
        self.st = eng.begin_turn(self.st, self.land)
        self.caps_before = self.st.caps
        record: dict = {"day": self.st.day}
        board, used = self.activate()
        self.st = eng.use_dancers(self.st, used, self.terrain[self.st.pos])
        self.st, diffs = eng.activate(self.st, board)
        record.setdefault("rolls", {})["units"] = list(board)
        if used:
            record["spirit-dancers"] = used
        self.resolve(diffs, record)
        self.travel(record)
        self.st = eng.end_turn(self.st)
        self.note_caps(record)
        record["resources"] = {k: self.st.value(k) for k in eng.KEYS}
        rolls = record.pop("rolls")
        record["rolls"] = rolls
        return record

    def play(self, limit: int = DAY_LIMIT) -> dict:
        while self.st.over is None and self.st.day < limit:
            self.days.append(self.play_day())
        return {"days": self.days, "result": self.st.over[0] if self.st.over else "unfinished"}


class PairsChief(Chief):
    """The naive chief: the two dice of a roll always go to one unit (unless that cannot be)."""

    together = True


PLAYERS = {"careful": Chief, "naive": PairsChief}


def simulate_1872(seed: int, game_map=None, player=Chief, house_off=frozenset()) -> dict:
    """A whole game of 1872 as save data (no journal), each day with its rolls; `house_off` as Chief's
    (such a game follows the stand-ins, not the rules a save is validated by)."""
    played = player(seed, game_map, house_off).play()
    out = {
        "format": SAVE_FORMAT,
        "game": "lost-crows",
        "map": "standard" if game_map is None else None,
        "days": played["days"],
    }
    if played["result"] != "unfinished":
        out["outcome"] = {"result": played["result"]}
    return out
