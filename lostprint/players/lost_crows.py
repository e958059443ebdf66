"""A seeded player of 1872: The Lost Crows."""
from __future__ import annotations

import itertools as _it
import re as _re

from lostprint.geometry import hexgrid
from lostprint.players.common import Dice, rng_for


# --- 1872: The Lost Crows ----------------------------------------------------------------------


OMEN_EFFECTS = {
    11: ("movement", -1), 13: ("cap", "proximity"), 15: ("double", None), 21: ("lowest", 2), 23: ("halt", None),
    25: ("resolve", -2), 31: ("proximity", -2), 33: ("cap", "food"), 35: ("cap", "resolve"), 41: ("cursed", None),
    43: ("snow", None), 45: ("patrol", None), 51: ("cap", "movement"), 53: ("food", -2), 55: ("noplains", None),
    61: ("noriver", None), 63: ("fever", None), 65: ("falling", None),
}
STORMS = {11, 15, 23, 43}  # the omens with "storm" in their name (Windstorm, Thunderstorm, Hailstorm, Snowstorm)
_AMOUNT = _re.compile(r"(\d+|1d6) (Food|Resolve|Proximity|Movement Progress)")
PRIMARY_1872 = ("food", "resolve", "proximity")
MOVE_COST_1872 = {"plains": 1, "forest": 2, "mountains": 3}
FOOD_COST_1872 = {"plains": 2, "forest": 1, "mountains": 1}
# How much a careful chief cares about one more point of each resource at each level (index = level).
# Zero is the end of the game; low levels are guarded far more than high ones.
WORTH_1872 = {
    "food": (-60.0, -7.0, -3.2, -1.4, -0.3, 0.5, 1.0),
    "resolve": (-60.0, -9.0, -4.2, -2.0, -0.7, 0.3, 1.0),
    "proximity": (-60.0, -8.0, -3.6, -1.6, -0.5, 0.3, 0.9),
    "movement": (0.0, 1.3, 2.5, 3.5, 4.3, 4.9, 5.3),
}
# the Vision Quests whose permanent 6 sits in a unit's top box
PERMANENT_SIX = {("plains", 6): "chief", ("forest", 6): "warriors", ("mountains", 6): "shaman"}
# What colouring a hex on the way to the next plot is worth (a Plains, a Forest) when no mapped hex
# leads on yet, and either once one does; a Crow before the Vision Quest; and how much better a day
# must get before a Spirit Dancer is spent (with one left, with two left). Tuned with
# benchmarks/balance_1872.py: a chief who prizes the map over Movement stalls and loses Resolve.
PLAINS_AHEAD, FOREST_AHEAD = 1.0, 0.4
MAP_READY = 0.4
CROW_WORTH = 1.0
DANCER_NEED = (4.5, 3.0)
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


class Tribe:
    """One game of 1872, played by a careful chief: the dice of each roll go where they most likely
    make a difference of 2 or 3 for a unit that needs it, Spirit Dancers are kept for bad days,
    hexes are mapped along the way to the next plot (cheap terrain on the road, mountains off it),
    and the plots are visited in the shortest order, around Fort Benton's zone, then Canada."""

    def __init__(self, seed: int, game_map=None):
        from lostprint.games.lost_crows import GAME
        from lostprint.maps.model import standard_map
        from lostprint.saves.rules_1872 import fort_hexes, plot_hexes, river_edges

        self.gm = game_map or standard_map("lost-crows")
        self.game = GAME
        self.rows = GAME.get("unit_rows")
        self.units = [u.key for u in GAME.get("units")]
        self.dice = Dice(rng_for(seed, "1872-play"))
        self.pos = self.gm.start
        self.terrain = dict(self.gm.terrain)
        self.v = {t.key: t.start for t in GAME.trackers}
        self.caps = {t.key: t.maximum for t in GAME.trackers}
        self.crows: list[str] = []
        self.vision = None
        self.dancers = 2
        self.fever = 0
        self.plots = plot_hexes(self.gm)
        self.done: set[str] = set()
        self.fort = fort_hexes(self.gm)
        self.zone = {h for f in self.gm.features_of("fort-zone") for h in f.hexes}
        self.rivers = river_edges(self.gm)
        self.cost = dict(MOVE_COST_1872)
        self.days: list[dict] = []
        self.over = None
        self.halt_next = False
        self.no_crow_until = 0
        self.keywords: set[str] = set()
        self.skip_omen = False
        self.free_river = None  # 20A: the hex whose next move crosses its river for nothing extra
        self._dist: dict[str, dict[str, float]] = {}

    # --- the map -----------------------------------------------------------------------------------

    def dist_map(self, target: str) -> dict[str, float]:
        """Steps to `target` from every hex, around the fort; a step into its zone counts double."""
        import heapq

        if target in self._dist:
            return self._dist[target]
        out = {target: 0.0}
        heap = [(0.0, target)]
        while heap:
            d, lab = heapq.heappop(heap)
            if d > out[lab]:
                continue
            step = 1.0 + (1.0 if lab in self.zone else 0.0)  # entering `lab` from its neighbour
            for n in self.gm.neighbors(lab):
                if n in self.fort:
                    continue
                nd = d + step
                if nd < out.get(n, 1e9):
                    out[n] = nd
                    heapq.heappush(heap, (nd, n))
        self._dist[target] = out
        return out

    def route(self) -> list[str]:
        """The plot hexes still to visit, in the shortest order from here, then the nearer Canada hex."""
        left = [lab for letter, lab in sorted(self.plots.items()) if letter not in self.done]
        goals = sorted(self.gm.goals)
        best = None
        for order in _it.permutations(left):
            here, total = self.pos, 0.0
            for lab in order:
                total += self.dist_map(lab).get(here, 99)
                here = lab
            goal = min(goals, key=lambda g: (self.dist_map(g).get(here, 99), g))
            total += self.dist_map(goal).get(here, 99)
            if best is None or total < best[0]:
                best = (total, list(order) + [goal])
        return best[1]

    def target(self) -> str:
        return self.route()[0]

    def unmapped_near(self) -> list[str]:
        return [n for n in self.gm.neighbors(self.pos) if n not in self.terrain and n not in self.fort]

    def colourable(self) -> list[str]:
        near = self.unmapped_near()
        if near:
            return near
        here = self.gm.axial[self.pos]
        return [lab for lab in self.gm.hexes if lab not in self.terrain and lab not in self.fort
                and hexgrid.distance(self.gm.axial[lab], here) == 2]

    def forward(self, labels, tdist) -> list[str]:
        here = tdist.get(self.pos, 99)
        return [lab for lab in labels if tdist.get(lab, 99) < here]

    # --- what things are worth -----------------------------------------------------------------------

    def gain(self, key: str, n: int) -> float:
        """What adding n (or losing -n) of a resource is worth now, on the WORTH_1872 scale."""
        table = WORTH_1872[key]
        old = self.v[key]
        return table[max(0, min(self.caps[key], old + n))] - table[old]

    def best_wild(self) -> str:
        keys = PRIMARY_1872 + ("movement",)
        return max(keys, key=lambda k: (self.gain(k, 1), -keys.index(k)))

    def omen_worth(self) -> float:
        """The expected cost of one roll on the Bad Omen chart, today."""
        if self.skip_omen:
            return 0.0
        total = 0.0
        for code, (kind, arg) in OMEN_EFFECTS.items():
            if code in STORMS and self.vision == ("forest", 1):
                continue
            if kind in ("movement", "resolve", "proximity", "food"):
                total += self.gain(kind, arg)
            elif kind == "cap":
                total += -1.2 if arg != "movement" else -0.8
            elif kind == "lowest":
                total += self.gain(self.lowest(), -2)
            elif kind == "snow":
                total += self.gain("food", -1) + self.gain("movement", -1)
            elif kind == "patrol":
                total += self.gain("proximity", -1) + self.gain("resolve", -1)
            elif kind == "fever":
                total += self.gain("resolve", -1) - 1.0
            elif kind == "falling":
                total += self.gain("resolve", -1) - 0.3
            elif kind in ("double", "halt"):
                total += -1.5
            else:
                total += -0.4
        return total / len(OMEN_EFFECTS)

    def effect_worth(self, e: str, ctx: dict) -> float:
        if e == "lose-two":
            worst = sorted(self.gain(k, -1) for k in PRIMARY_1872)
            return worst[-1] + worst[-2]
        if e == "omen":
            return ctx["omen"]
        if e == "fever":
            return (self.gain("resolve", -1) - 1.0) if self.vision != ("mountains", 4) else 0.0
        if e == "raid":
            return self.gain("proximity", -1) + self.gain("resolve", -1)
        if e == "doubt":
            return self.gain("resolve", -1)
        if e == "wild":
            return self.gain(self.best_wild(), 1)
        if e in ("proximity", "movement", "food"):
            return self.gain(e, 1)
        if e == "crow":
            if ctx["nocrow"]:
                return 0.0
            return CROW_WORTH if self.vision is None else self.gain(self.lowest(), 1)
        return ctx["map"][e]

    def map_worth(self, tdist) -> dict[str, float]:
        near = self.colourable()
        ahead = self.forward(near, tdist)
        ready = self.forward([n for n in self.gm.neighbors(self.pos) if n in self.terrain and n not in self.fort],
                             tdist)
        if not near:
            return {"plains": 0.0, "forest": 0.0, "mountains": 0.0}
        out = {}
        for t, first in (("plains", PLAINS_AHEAD), ("forest", FOREST_AHEAD)):
            out[t] = (first if not ready else MAP_READY) if ahead else 0.15
        out["mountains"] = 0.0 if len(near) > len(ahead) or not ahead else -0.6
        return out

    def unit_tables(self, tdist, nocrow=False) -> dict[str, dict[int, float]]:
        ctx = {"omen": self.omen_worth(), "map": self.map_worth(tdist), "nocrow": nocrow}
        out = {}
        for i, unit in enumerate(self.units):
            table = {}
            for row in self.rows:
                cell = row.cells[i]
                worth = sum(self.effect_worth(e, ctx) for e in cell.effects)
                for d in range(-5, 6):
                    if row.covers(d):
                        table[d] = worth
            if unit == "tribe" and self.vision == ("forest", 3):
                for d in range(-5, 0):
                    table[d] += self.gain("food", 1)
            out[unit] = table
        return out

    # --- phase 1: where the dice go -----------------------------------------------------------------

    def board_worth(self, board, tables, pre) -> float:
        """Worth of the eight boxes (top, bottom per unit; 0 = empty): exact for full units, the
        average over the missing die for half-full ones, the best-ordered average for empty ones."""
        total = 0.0
        for i, unit in enumerate(self.units):
            top, bottom = board[2 * i], board[2 * i + 1]
            if top and bottom:
                total += tables[unit][top - bottom]
            elif top:
                total += pre["top"][unit][top]
            elif bottom:
                total += pre["bottom"][unit][bottom]
            else:
                total += pre["empty"][unit]
        return total

    def options(self, board, a, b, discard, forced):
        """Every legal way to put the rolled pair (a, b) into empty boxes (one may be discarded)."""
        empty = [i for i, x in enumerate(board) if not x and (forced is None or i in forced)]
        seen = set()
        for i, j in _it.permutations(empty, 2):
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

    def final_worth(self, board, discard, tables) -> float:
        """Expected worth when one roll is left: the player will place it in the best way."""
        total = 0.0
        for a, b in _ROLLS:
            total += max((sum(tables[u][nb[2 * i] - nb[2 * i + 1]] for i, u in enumerate(self.units))
                          for nb, _, _ in self.options(board, a, b, discard, None) if all(nb)), default=0.0)
        return total / 36

    def activate(self, day, log, tables) -> dict[str, int]:
        pre = {"top": {}, "bottom": {}, "empty": {}}
        for u in self.units:
            t = tables[u]
            pre["top"][u] = {x: sum(t[x - y] for y in range(1, 7)) / 6 for x in range(1, 7)}
            pre["bottom"][u] = {x: sum(t[y - x] for y in range(1, 7)) / 6 for x in range(1, 7)}
            pre["empty"][u] = sum(max(t[a - b], t[b - a]) for a, b in _ROLLS) / 36
        board = [0] * 8
        fixed = set()
        permanent = PERMANENT_SIX.get(self.vision)
        if permanent:
            k = 2 * self.units.index(permanent)
            board[k] = 6
            fixed.add(k)
        discard = bool(permanent)
        shaman = self.units.index("shaman")
        for k in range(4):
            a, b = self.dice.roll(2)
            forced = None
            if self.fever and k == 0:
                forced = {2 * shaman, 2 * shaman + 1}
            empties_after = 2 * (3 - k)
            best = None
            for nb, disc, drop in self.options(tuple(board), a, b, discard, forced):
                left = sum(1 for x in nb if not x)
                if left != empties_after - (1 if disc else 0):
                    continue
                if left == 0:
                    worth = sum(tables[u][nb[2 * i] - nb[2 * i + 1]] for i, u in enumerate(self.units))
                elif k == 2:
                    worth = self.final_worth(nb, disc, tables)
                else:
                    worth = self.board_worth(nb, tables, pre)
                if best is None or worth > best[0] + 1e-9:
                    best = (worth, nb, disc, drop)
            _, nb, discard, drop = best
            board = list(nb)
            if drop is not None:
                log.append(f"discarded a {drop}")
        if self.fever:
            self.fever -= 1
        self.reshape(board, fixed, day, log, tables)
        return {u: board[2 * i] - board[2 * i + 1] for i, u in enumerate(self.units)}

    def reshape(self, board, fixed, day, log, tables) -> None:
        """Spirit Dancers (or Storm Dancers, or a Windriders reroll) on the placed dice."""

        def worth(b):
            return sum(tables[u][b[2 * i] - b[2 * i + 1]] for i, u in enumerate(self.units))

        def best_change():
            now = worth(board)
            best = (0.0, None, None)
            for i in range(8):
                if i in fixed:
                    continue
                for face in range(1, 7):
                    nb = list(board)
                    nb[i] = face
                    g = worth(nb) - now
                    if g > best[0] + 1e-9:
                        best = (g, i, face)
            return best

        # a free Windriders reroll first, then the Dancers mend what is left
        if self.vision == ("plains", 4) and self.terrain.get(self.pos) == "plains":
            now = worth(board)
            best = (0.0, None)
            for i in range(8):
                if i in fixed:
                    continue
                avg = sum(worth(board[:i] + [f] + board[i + 1:]) for f in range(1, 7)) / 6
                if avg - now > best[0]:
                    best = (avg - now, i)
            if best[1] is not None:
                i = best[1]
                face = self.dice.d6()
                log.append(f"the windriders reroll a {board[i]}: {face}")
                board[i] = face
        storm = self.vision == ("mountains", 3)
        used = 0
        if storm:
            if self.terrain.get(self.pos) == "mountains":
                g, i, face = best_change()
                if i is not None and g > 0.5:
                    log.append(f"the storm dancer turns a {board[i]} into a {face}")
                    board[i] = face
                    used = 1
        else:
            while self.dancers > 0:
                g, i, face = best_change()
                # a dancer is kept for a day that would otherwise hurt badly, or that it turns around
                need = DANCER_NEED[self.dancers - 1]
                if i is None or g < need:
                    break
                log.append(f"a spirit dancer turns a {board[i]} into a {face}")
                board[i] = face
                self.dancers -= 1
                used += 1
        if used:
            day["spirit-dancers"] = used

    # --- phase 2 ------------------------------------------------------------------------------------

    def row_for(self, diff: int):
        return next(r for r in self.rows if r.covers(diff))

    def lowest(self) -> str:
        return min(PRIMARY_1872, key=lambda k: (self.v[k], k))

    def add(self, key: str, n: int) -> None:
        self.v[key] = max(0, min(self.caps[key], self.v[key] + n))

    def set_cap(self, day, key, cap) -> None:
        self.caps[key] = cap
        self.v[key] = min(self.v[key], cap)
        day.setdefault("caps", {})[key] = cap

    def colour_crow(self, day, log, terrain):
        if self.no_crow_until >= day["day"]:
            log.append("no crow may be coloured today")
            return
        self.crows.append(terrain)
        day.setdefault("crows", []).append(terrain)
        log.append(f"crow coloured {terrain} ({len(self.crows)})")
        if self.vision is not None:
            self.add(self.lowest(), 1)
        elif len(self.crows) == 7:
            tally = {t: self.crows.count(t) for t in set(self.crows)}
            best = max(tally.values())
            tied = sorted(t for t, n in tally.items() if n == best)
            # on a tie the chief chooses: mountains' visions are the richest for a long walk
            terrain = max(tied, key=lambda t: ({"mountains": 2, "forest": 1, "plains": 0}[t], t))
            roll = self.dice.d6()
            self.vision = (terrain, roll)
            day["vision"] = {"terrain": terrain, "roll": roll}
            log.append(f"VISION QUEST: {terrain} {roll}")
            if (terrain, roll) == ("plains", 2):
                self.caps["food"] = 6
                self.v["food"] = 6
                day.setdefault("caps", {})["food"] = 6
            elif (terrain, roll) == ("forest", 2):
                for k in self.caps:
                    if self.caps[k] < 6:
                        day.setdefault("caps", {})[k] = 6
                    self.caps[k] = 6
                for k in self.v:
                    self.add(k, 2)
            elif (terrain, roll) == ("forest", 4):
                self.v["proximity"] = self.caps["proximity"]
                self.add("resolve", 1)
            elif (terrain, roll) == ("forest", 5):
                self.cost["forest"] = 1
            elif (terrain, roll) == ("mountains", 2):
                self.cost["mountains"] = 1
            elif (terrain, roll) == ("mountains", 3):
                self.dancers = 0

    def map_hex(self, day, log, terrain, tdist) -> None:
        near = self.colourable()
        goals = list(self.gm.goals)
        ok = []
        for lab in near:
            if lab in goals:
                other = [g for g in goals if g != lab]
                if any(g in self.terrain and self.terrain[g] != terrain for g in other):
                    continue
            ok.append(lab)
        if not ok:
            log.append(f"no hex to colour {terrain}")
            return
        here = tdist.get(self.pos, 99)
        ahead = [lab for lab in ok if tdist.get(lab, 99) < here]
        ready = self.forward([n for n in self.gm.neighbors(self.pos) if n in self.terrain and n not in self.fort],
                             tdist)
        # Canada and the plot hexes still to visit will be entered: keep mountains off them
        keep = set(self.gm.goals) | {lab for letter, lab in self.plots.items() if letter not in self.done}
        aside = [x for x in ok if x not in ahead and x not in keep]
        if terrain == "mountains":
            # mountains go where the tribe will not walk: off the road, never on Canada or a plot if
            # anything else is left, and if they must go ahead, on the hex that leads on least
            lab = min(ok, key=lambda x: (x in keep, x in ahead, -tdist.get(x, 99), x))
        elif aside and terrain == "forest" and ready:
            # the road ahead is open: keep the next hexes for cheaper plains
            lab = min(aside, key=lambda x: (tdist.get(x, 99), x))
        else:
            lab = min(ok, key=lambda x: (tdist.get(x, 99), x in self.zone, x))
        self.terrain[lab] = terrain
        day.setdefault("mapped", {})[lab] = terrain
        log.append(f"coloured {lab} {terrain}")

    def omen(self, day, log, flags):
        if self.vision == ("mountains", 4) and flags.get("unit") == "shaman":
            log.append("the Sacred Spring turns the omen aside")
            return
        if self.skip_omen:
            self.skip_omen = False
            log.append("the dream's warning turns the omen aside")
            return
        a, b = self.dice.d6(), self.dice.d6()
        if self.vision == ("mountains", 5):
            if a == b:
                log.append(f"future portents: doubles {a}{b}, the omen passes")
                return
            codes = [10 * a + b, 10 * b + a]
            code = max(codes, key=lambda c: self.omen_code_worth(c))
        else:
            code = a * 10 + b
        key = code - (1 if code % 2 == 0 else 0)
        kind, arg = OMEN_EFFECTS[key]
        log.append(f"bad omen {code}: {kind}")
        if key in STORMS and self.vision == ("forest", 1):
            log.append("the stormwalkers are untouched")
            return
        if key in STORMS and self.vision == ("plains", 5):
            k = max(PRIMARY_1872, key=lambda x: (self.gain(x, -1), x))
            storm = self.omen_code_worth(code)
            if self.gain(k, -1) > storm:
                self.add(k, -1)
                log.append(f"big sky: lose 1 {k} instead")
                return
        if kind in ("movement", "resolve", "proximity", "food"):
            self.add(kind, arg)
        elif kind == "cap":
            self.set_cap(day, arg, max(1, self.caps[arg] - 1))
        elif kind == "double":
            flags["double"] = True
        elif kind == "lowest":
            self.add(self.lowest(), -2)
        elif kind == "halt":
            flags["halt"] = True
        elif kind == "snow":
            self.add("food", -1)
            self.add("movement", -1)
        elif kind == "patrol":
            self.add("proximity", -1)
            self.add("resolve", -1)
        elif kind == "noriver":
            flags["noriver"] = True
        elif kind == "fever":
            if self.vision != ("mountains", 4):
                self.fever = 2
                self.add("resolve", -1)
        elif kind == "falling":
            self.add("resolve", -1)
            flags["nocrow"] = True
        elif kind == "noplains":
            flags["noplains_next"] = True
        elif kind == "cursed":
            flags["cursed_next"] = True

    def omen_code_worth(self, code: int) -> float:
        kind, arg = OMEN_EFFECTS[code - (1 if code % 2 == 0 else 0)]
        if kind in ("movement", "resolve", "proximity", "food"):
            return self.gain(kind, arg)
        if kind == "lowest":
            return self.gain(self.lowest(), -2)
        if kind == "snow":
            return self.gain("food", -1) + self.gain("movement", -1)
        if kind == "patrol":
            return self.gain("proximity", -1) + self.gain("resolve", -1)
        if kind in ("fever", "falling"):
            return self.gain("resolve", -1) - 0.5
        if kind in ("cap", "double", "halt"):
            return -1.3
        return -0.4

    def apply(self, unit, effects, day, log, flags, tdist):
        here = self.terrain[self.pos]
        # a cell's icons in any order: the map first, so a wild can follow what the map needs
        for e in sorted(effects, key=lambda e: e not in ("plains", "forest", "mountains")):
            if e == "lose-two":
                for k in sorted(PRIMARY_1872, key=lambda k: (-self.gain(k, -1), k))[:2]:
                    self.add(k, -1)
            elif e == "omen":
                flags["unit"] = unit
                self.omen(day, log, flags)
            elif e == "fever":
                if self.vision != ("mountains", 4):
                    self.add("resolve", -1)
                    self.fever = 2
            elif e == "raid":
                self.add("proximity", -1)
                self.add("resolve", -1)
            elif e == "doubt":
                self.add("resolve", -1)
            elif e == "wild":
                self.add(self.best_wild(), 1)
            elif e in ("proximity", "movement", "food"):
                self.add(e, 1)
            elif e == "crow":
                if not flags.get("nocrow"):
                    self.colour_crow(day, log, here)
            else:
                self.map_hex(day, log, e, tdist)

    # --- a day ----------------------------------------------------------------------------------------

    def play_day(self, n: int, carry: dict) -> dict:
        day: dict = {"day": n}
        log: list[str] = []
        if self.pos in self.zone:
            self.add("proximity", -1)
            log.append("in the fort's zone: proximity -1")
        tdist = self.dist_map(self.target())
        tables = self.unit_tables(tdist, nocrow=self.no_crow_until >= n)
        placed = self.activate(day, log, tables)
        log.append("units: " + ", ".join(f"{u} {placed[u]}" for u in self.units))
        flags: dict = {}
        for unit in self.units:
            cell = self.row_for(placed[unit]).cells[self.units.index(unit)]
            self.apply(unit, cell.effects, day, log, flags, tdist)
            if unit == "tribe" and placed[unit] < 0 and self.vision == ("forest", 3):
                self.add("food", 1)
        start = self.pos
        moved = []
        if not (flags.get("halt") or carry.get("halt")):
            moved = self.travel(day, log, flags, carry, start)
        if moved:
            day["moved"] = moved
            log.append(f"moved {start} -> {' -> '.join(moved)}")
        else:
            self.add("resolve", -1)
            log.append("no move: resolve -1")
        day["resources"] = dict(self.v)
        day["log"] = log
        next_carry = {"halt": self.halt_next, "noplains": flags.get("noplains_next"),
                      "cursed": flags.get("cursed_next")}
        self.halt_next = False
        if self.pos in self.gm.goals and self.can_win():
            self.over = "won"
        elif min(self.v[k] for k in PRIMARY_1872) == 0:
            self.over = "lost"
        return day, next_carry

    def step_price(self, here, lab, flags):
        """(movement, food, resolve) to step from `here` into `lab`, or None if it cannot be done."""
        t = self.terrain[lab]
        move = self.cost[t] * (2 if flags.get("double") else 1)
        food = FOOD_COST_1872[t]
        river = hexgrid.edge_between(self.gm.axial[here], self.gm.axial[lab]) in self.rivers
        if river and flags.get("noriver"):
            return None
        resolve = 0
        if river and self.vision != ("plains", 3) and self.free_river != here:
            # one extra Movement, or one Resolve when Movement is short (or Resolve is plentiful)
            if self.v["movement"] >= move + 1 and self.gain("movement", -1) >= self.gain("resolve", -1):
                move += 1
            else:
                resolve = 1
        # the last Food or Resolve may be spent only on the step that wins (a 0 at the end of a turn loses)
        floor = 0 if lab in self.gm.goals and self.can_win() else 1
        if self.v["movement"] < move or self.v["food"] - food < floor or self.v["resolve"] - resolve < floor:
            return None
        return move, food, resolve, river

    def pay(self, price) -> None:
        move, food, resolve, river = price
        self.v["movement"] -= move
        self.v["food"] -= food
        self.add("resolve", -resolve)
        if river and self.vision == ("plains", 1):
            self.add("resolve", 2)
        self.free_river = None  # only the very next move

    def allowed(self, lab, carry, start) -> bool:
        if lab not in self.terrain or lab in self.fort:
            return False
        if carry.get("noplains") and self.terrain[lab] == "plains":
            return False
        north = hexgrid.neighbor(self.gm.axial[start], "N")
        return not (carry.get("cursed") and self.gm.axial[lab] == north)

    def travel(self, day, log, flags, carry, start) -> list[str]:
        moved = []
        while True:
            target = self.target()
            tdist = self.dist_map(target)
            here = self.pos
            options = []
            for lab in self.gm.neighbors(here):
                if not self.allowed(lab, carry, start) or tdist.get(lab, 99) >= tdist.get(here, 99):
                    continue
                price = self.step_price(here, lab, flags)
                if price is None:
                    continue
                # keep some food in hand unless the step ends the journey or reaches the plot
                ends = lab == target or lab in self.plots.values()
                if not ends and self.v["food"] - price[1] < 2 and self.v["food"] <= 3:
                    continue
                options.append((tdist[lab], price[0] + 0.5 * price[1] + 2 * price[2], lab, price))
            if not options:
                break
            _, _, lab, price = min(options)
            self.pay(price)
            self.pos = lab
            moved.append(lab)
            letter = next((k for k, v in self.plots.items() if v == lab), None)
            if letter and letter not in self.done:
                self.plot(day, log, lab)
                break
            if lab in self.gm.goals and self.can_win():
                break
        if not moved:
            moved = self.shuffle(log, flags, carry, start)
        return moved

    def shuffle(self, log, flags, carry, start) -> list[str]:
        """No way forward today: step aside (and come back later) when that costs less than the
        Resolve a day in camp would."""
        tdist = self.dist_map(self.target())
        best = None
        for lab in self.gm.neighbors(self.pos):
            if not self.allowed(lab, carry, start) or lab in self.plots.values():
                continue
            price = self.step_price(self.pos, lab, flags)
            if price is None or self.v["food"] - price[1] < 2:
                continue
            cost = (self.gain("movement", -price[0]) + self.gain("food", -price[1])
                    + self.gain("resolve", -price[2]) - (0.8 if lab in self.zone else 0.0)
                    - 0.6 * max(0.0, tdist.get(lab, 99) - tdist.get(self.pos, 99)))
            if best is None or cost > best[0]:
                best = (cost, lab, price)
        if best is None or best[0] < self.gain("resolve", -1) - 0.2:
            return []
        _, lab, price = best
        self.pay(price)
        self.pos = lab
        log.append(f"stepped aside to {lab} rather than sit idle")
        return [lab]

    def can_win(self) -> bool:
        goals = list(self.gm.goals)
        terrains = {self.terrain.get(g) for g in goals}
        return len(terrains) == 1 and None not in terrains and set(self.plots) <= self.done

    # --- plots --------------------------------------------------------------------------------------

    def plot(self, day, log, lab):
        from lostprint.games import lost_crows_plots as plots

        letter = next(k for k, v in self.plots.items() if v == lab)
        roll = self.dice.d6()
        enc = plots.encounter(f"{letter}{roll}")
        mark = {"letter": letter, "roll": roll}
        self.done.add(letter)
        log.append(f"PLOT {enc.code} {enc.title}")
        if enc.choices:
            # the outcomes are not read ahead: a choice is made blind, but never a new victory condition
            safe = [c for c in enc.choices if not plots.outcome(c.outcome).new_victory] or list(enc.choices)
            if enc.code == "D4":  # not a choice: the tribe's Resolve decides
                choice = enc.choices[0 if self.v["resolve"] > 3 else 1]
            else:
                choice = safe[self.dice.rng.randrange(len(safe))]
            out = plots.outcome(choice.outcome)
            mark.update(choice=choice.text, outcome=out.code)
            log.append(f"  chose {choice.text!r} -> {out.code} {out.title}: {out.effect}")
            self.outcome_effect(out, day, log)
        day.setdefault("marks", []).append({"plot": mark})

    def outcome_effect(self, out, day, log):
        code = out.code
        if out.keyword:
            self.keywords.add(out.keyword)
        special = {
            "13A": lambda: (self.colour_crow(day, log, self.terrain[self.pos]),
                            "NEPHEW" in self.keywords and self.add("resolve", 1)),
            "20A": lambda: (self.add("movement", 2), setattr(self, "free_river", self.pos)),
            "21A": lambda: self.add("resolve", 1) if "PYRE" in self.keywords else self.add("food", -2),
            "24A": lambda: None if "BEAR" in self.keywords else (
                self.add("food", -1), self.set_cap(day, "food", max(1, self.caps["food"] - 1))),
            "27A": lambda: (self.add("movement", -2), setattr(self, "skip_omen", True)),
            "40A": lambda: (self.add("resolve", 2) if self.dice.d6() + self.v["resolve"] >= 7
                            else (self.add("resolve", -1), self.add("food", -1))),
            "45A": lambda: (self.add("resolve", -1), self.add("food", -1), self.add("proximity", -1),
                            "BLOOD" in self.keywords and self.add("proximity", -1)),
            "49A": lambda: self.add("resolve", 1 if "FRIENDS" in self.keywords else -1),
        }
        if code in special:
            special[code]()
            return
        names = {"Food": "food", "Resolve": "resolve", "Proximity": "proximity", "Movement Progress": "movement"}
        for sentence in out.effect.split(". "):
            sentence = sentence.strip()
            if sentence.startswith(("Gain", "Lose")):
                sign = 1 if sentence.startswith("Gain") else -1
                for amount, what in _AMOUNT.findall(sentence):
                    n = self.dice.d6() if amount == "1d6" else int(amount)
                    self.add(names[what], sign * n)
            if "Lose all your Movement" in sentence:
                self.v["movement"] = 0
            if "Colour a Crow" in sentence:
                self.colour_crow(day, log, self.terrain[self.pos])
            if "Shaman takes a Fever" in sentence and self.vision != ("mountains", 4):
                self.fever = 2
            if "cannot move next turn" in sentence:
                self.halt_next = True
            if "cannot colour a Crow until the end of your next turn" in sentence:
                self.no_crow_until = day["day"] + 1

    def play(self, limit: int = 80) -> dict:
        n = 0
        carry: dict = {}
        while self.over is None and n < limit:
            n += 1
            day, carry = self.play_day(n, carry)
            self.days.append(day)
        return {"days": self.days, "result": self.over or "unfinished"}


def simulate_1872(seed: int, game_map=None) -> dict:
    """A whole game of 1872 as save data (no journal), plus the roll log of each day."""
    played = Tribe(seed, game_map).play()
    out = {
        "format": "lostprint-save/1",
        "game": "lost-crows",
        "map": "standard" if game_map is None else None,
        "days": played["days"],
    }
    if played["result"] != "unfinished":
        out["outcome"] = {"result": played["result"]}
    return out

