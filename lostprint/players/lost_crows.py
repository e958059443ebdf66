"""Seeded players of 1872: The Lost Crows: policies over lostprint.engine.lost_crows.

A player only decides (where dice go, which resource a choice takes, where to colour and walk); the
engine applies every rule from the game data. `Chief` is careful: each roll's two dice go where they
most likely give each unit a good row, even split between two units. `PairsChief` is naive: it keeps
a roll's two dice in one unit. Both write what a player copies into a save, with the day's `rolls`.
"""
from __future__ import annotations

import heapq
import itertools

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


class Chief:
    """One game of 1872, played carefully."""

    def __init__(self, seed: int, game_map=None):
        from lostprint.maps.model import standard_map

        self.gm = game_map or standard_map("lost-crows")
        self.land = eng.land_of(self.gm)
        self.terrain = dict(self.gm.terrain)
        self.st = eng.new_game(self.land)
        self.dice = Dice(rng_for(seed, "1872-play"))
        self.days: list[dict] = []
        self._dist: dict[str, dict[str, float]] = {}
        self._route: dict = {}
        self._omens: dict = {}

    # --- reading the state -----------------------------------------------------------------------

    def v(self, key: str) -> int:
        return self.st.value(key)

    def gain(self, key: str, n: int, st=None) -> float:
        st = st or self.st
        table = WORTH[key]
        old = st.value(key)
        return table[max(0, min(st.cap(key), old + n))] - table[old]

    def lowest(self) -> str:
        return min(eng.PRIMARY, key=lambda k: (self.v(k), k))

    # --- the map ---------------------------------------------------------------------------------

    def dist_map(self, target: str) -> dict[str, float]:
        """Steps to `target` from every hex, around the fort; a step into its zone counts double."""
        if target in self._dist:
            return self._dist[target]
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
        self._dist[target] = out
        return out

    def route(self) -> list[str]:
        """The plot hexes still to visit, in the shortest order from here, then the nearer Canada hex."""
        left = tuple(lab for letter, lab in sorted(self.land.plots.items()) if not self.st.done(letter))
        key = (self.st.pos, left)
        if key in self._route:
            return self._route[key]
        best = None
        for order in itertools.permutations(left):
            here, total = self.st.pos, 0.0
            for lab in order:
                total += self.dist_map(lab).get(here, FAR)
                here = lab
            goal = min(self.land.goals, key=lambda g: (self.dist_map(g).get(here, FAR), g))
            total += self.dist_map(goal).get(here, FAR)
            if best is None or total < best[0]:
                best = (total, list(order) + [goal])
        self._route[key] = best[1]
        return best[1]

    def target(self) -> str:
        return self.route()[0]

    def forward(self, labels, tdist) -> list[str]:
        here = tdist.get(self.st.pos, FAR)
        return [lab for lab in labels if tdist.get(lab, FAR) < here]

    # --- what things are worth -------------------------------------------------------------------

    def omen_worth(self) -> float:
        if "skip-omen" in self.st.flags:
            return 0.0
        if self.st.vision not in self._omens:
            self._omens[self.st.vision] = eng.omens_possible(self.st)
        total = [self.effects_worth(effects) for effects in self._omens[self.st.vision]]
        return sum(total) / len(total)

    def effects_worth(self, effects) -> float:
        total = 0.0
        for e in effects:
            if e.op == "add":
                total += self.gain(e.key, e.n)
            elif e.op == "lowest":
                total += self.gain(self.lowest(), -e.n)
            elif e.op == "fever":
                total += 0.0 if eng.power(self.st).shaman_immune else self.gain("resolve", -RULES.fever_resolve) - 1.0
            elif e.op == "cap":
                total += -0.8 if e.key == "movement" else -1.2
            elif e.op == "flag":
                total += -1.5 if e.key in ("double-cost", "halt") else -0.4
        return total

    def effect_worth(self, e, ctx) -> float:
        op = e.op
        if op == "lose-choice":
            worst = sorted(self.gain(k, -e.n) for k in eng.PRIMARY)
            return sum(worst[-e.count:])
        if op == "omen":
            return ctx["omen"]
        if op == "fever":
            return self.effects_worth((e,))
        if op == "add":
            return self.gain(e.key, e.n)
        if op == "wild":
            return max(self.gain(k, e.n) for k in eng.ANY_KEY)
        if op == "crow":
            if ctx["nocrow"]:
                return 0.0
            return CROW_WORTH if self.st.vision is None else self.gain(self.lowest(), 1)
        if op == "map":
            return ctx["map"][e.key]
        return 0.0

    def map_worth(self, tdist) -> dict[str, float]:
        near = eng.colourable(self.land, self.terrain, self.st.pos)
        if not near:
            return {"plains": 0.0, "forest": 0.0, "mountains": 0.0}
        ahead = self.forward(near, tdist)
        ready = self.forward([n for n in self.land.neighbors[self.st.pos]
                              if n in self.terrain and n not in self.land.fort], tdist)
        out = {}
        for t, first in (("plains", PLAINS_AHEAD), ("forest", FOREST_AHEAD)):
            out[t] = (first if not ready else MAP_READY) if ahead else 0.15
        out["mountains"] = 0.0 if len(near) > len(ahead) or not ahead else -0.6
        return out

    def unit_tables(self, tdist) -> list[list[float]]:
        """For each unit, the worth of each difference -5..5 (index diff + 5)."""
        ctx = {"omen": self.omen_worth(), "map": self.map_worth(tdist), "nocrow": eng.crow_blocked(self.st)}
        out = []
        negative = sum(self.effect_worth(e, ctx) for e in eng.power(self.st).tribe_negative)
        for unit in eng.UNITS:
            by_row = [sum(self.effect_worth(e, ctx) for e in eng.cell_effects(unit, r)) for r in range(len(eng.ROWS))]
            table = [by_row[eng.row_index(d)] + (negative if unit == "tribe" and d < 0 else 0.0) for d in eng.DIFFS]
            out.append(table)
        return out

    # --- phase 1 ----------------------------------------------------------------------------------

    def together(self) -> bool:
        """The naive player keeps a roll's two dice in one unit."""
        return False

    def options(self, board, a, b, discard, forced):
        """Every legal way to put the rolled pair (a, b) into empty boxes (one may be discarded)."""
        empty = [i for i, x in enumerate(board) if not x and (forced is None or i in forced)]
        seen = set()
        for i, j in itertools.permutations(empty, RULES.dice_per_roll):
            if self.together() and i // BOX != j // BOX and any(board[k] == 0 and k // BOX == i // BOX and k != i
                                                           for k in empty):
                continue
            nb = list(board)
            nb[i], nb[j] = a, b
            key = tuple(nb)
            if key not in seen:
                seen.add(key)
                yield key, discard, None
        if discard:
            for i in empty:
                for keep, drop in ((a, b), (b, a)):
                    nb = list(board)
                    nb[i] = keep
                    key = tuple(nb)
                    if key not in seen:
                        seen.add(key)
                        yield key, False, drop

    @staticmethod
    def full_worth(board, tables) -> float:
        return sum(t[board[BOX * u] - board[BOX * u + 1] + OFF] for u, t in enumerate(tables))

    def activate(self) -> tuple[tuple, int]:
        """Phase 1: four rolls placed, then Spirit Dancers. Returns the board and dancers used."""
        st = self.st
        tdist = self.dist_map(self.target())
        tables = self.unit_tables(tdist)
        pre_top = [[0.0] + [sum(t[x - y + OFF] for y in FACE_RANGE) / len(FACE_RANGE) for x in FACE_RANGE] for t in tables]
        pre_bottom = [[0.0] + [sum(t[y - x + OFF] for y in FACE_RANGE) / len(FACE_RANGE) for x in FACE_RANGE] for t in tables]
        pre_empty = [sum(max(t[a - b + OFF], t[b - a + OFF]) for a, b in ROLLS) / len(ROLLS) for t in tables]
        last: dict = {}

        def partial(board) -> float:
            total = 0.0
            for u in range(UNIT_COUNT):
                top, bottom = board[BOX * u], board[BOX * u + 1]
                if top and bottom:
                    total += tables[u][top - bottom + OFF]
                elif top:
                    total += pre_top[u][top]
                elif bottom:
                    total += pre_bottom[u][bottom]
                else:
                    total += pre_empty[u]
            return total

        def one_left(board) -> float:
            """Expected worth with one roll left for the two empty boxes, placed in the best way."""
            i, j = (k for k in range(BOXES) if not board[k])
            ui, uj = i // BOX, j // BOX
            rest = sum(tables[u][board[BOX * u] - board[BOX * u + 1] + OFF] for u in range(UNIT_COUNT) if u != ui and u != uj)
            if ui == uj:
                return rest + pre_empty[ui]
            key = (i, j, board[i ^ 1], board[j ^ 1])
            if key not in last:
                fi, fj = box_worth(i, board[i ^ 1]), box_worth(j, board[j ^ 1])
                total = 0.0
                for a in FACE_RANGE:
                    for b in FACE_RANGE:
                        x, y = fi[a] + fj[b], fi[b] + fj[a]
                        total += x if x > y else y
                last[key] = total / len(ROLLS)
            return rest + last[key]

        def box_worth(box: int, partner: int) -> list[float]:
            """The unit's worth for each face put in `box` beside its `partner` die (index = face)."""
            t = tables[box // BOX]
            if box % BOX == 0:
                return [0.0] + [t[face - partner + OFF] for face in FACE_RANGE]
            return [0.0] + [t[partner - face + OFF] for face in FACE_RANGE]

        board = [0] * BOXES
        fixed = set()
        six = eng.permanent_six(st)
        if six is not None:
            board[six] = RULES.permanent_face
            fixed.add(six)
        discard = eng.discards(st) > 0
        forced = eng.first_roll_boxes(st)
        for k in range(RULES.rolls_per_turn):
            a, b = self.dice.roll(RULES.dice_per_roll)
            empties_after = BOX * (RULES.rolls_per_turn - 1 - k)
            best = None
            for nb, disc, drop in self.options(tuple(board), a, b, discard, forced if k == 0 else None):
                left = sum(1 for x in nb if not x)
                if left != empties_after - (1 if disc else 0):
                    continue
                if left == 0:
                    worth = self.full_worth(nb, tables)
                elif left == BOX and not disc:
                    worth = one_left(nb)
                else:
                    worth = partial(nb)
                if best is None or worth > best[0] + 1e-9:
                    best = (worth, nb, disc)
            _, nb, discard = best
            board = list(nb)
        used = self.reshape(board, fixed, tables)
        return tuple(board), used

    def reshape(self, board, fixed, tables) -> int:
        """A Windriders reroll, then Spirit Dancers (or a Storm Dancer) on the placed dice."""
        p = eng.power(self.st)
        here = self.terrain[self.st.pos]

        def best_change():
            now = self.full_worth(board, tables)
            best = (0.0, None, None)
            for i in range(BOXES):
                if i in fixed:
                    continue
                keep = board[i]
                for face in FACE_RANGE:
                    board[i] = face
                    g = self.full_worth(board, tables) - now
                    if g > best[0] + 1e-9:
                        best = (g, i, face)
                board[i] = keep
            return best

        if p.reroll_in and here == p.reroll_in:
            now = self.full_worth(board, tables)
            best = (0.0, None)
            for i in range(BOXES):
                if i in fixed:
                    continue
                avg = sum(self.full_worth(board[:i] + [f] + board[i + 1:], tables) for f in FACE_RANGE) / len(FACE_RANGE)
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
        self.st = eng.vision_quest(self.st, terrain, roll)
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

    def map_hex(self, kind, tdist, record) -> None:
        land = self.land
        ok = eng.colourable(land, self.terrain, self.st.pos, kind)
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

    def together(self) -> bool:
        return True


def simulate_1872(seed: int, game_map=None, player=Chief) -> dict:
    """A whole game of 1872 as save data (no journal), each day with its rolls."""
    played = player(seed, game_map).play()
    out = {
        "format": SAVE_FORMAT,
        "game": "lost-crows",
        "map": "standard" if game_map is None else None,
        "days": played["days"],
    }
    if played["result"] != "unfinished":
        out["outcome"] = {"result": played["result"]}
    return out
