"""Seeded players that play a Lost game honestly by its rules and write down what a player would
copy into a save: the day's mapping, moves, marks, end-of-day resources and a log of the rolls
(the log is for the person who writes the journal; it is not part of the save).

Used to make the examples in examples/ and to test the validator on many real games.
"""
from __future__ import annotations

import hashlib
import random

from lostprint.geometry import hexgrid


def rng_for(seed: int, stage: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{stage}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class Dice:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def d6(self) -> int:
        return self.rng.randint(1, 6)

    def roll(self, n: int) -> list[int]:
        return [self.d6() for _ in range(n)]


def clamp(value: int, low: int = 0, high: int = 6) -> int:
    return max(low, min(high, value))


# --- 1572: The Lost Expedition -----------------------------------------------------------------

MOVE_MOD = {"mountains": -1, "hills": -1, "plains": 1, "jungle": -1, "swamp": -1, "lake": 1}
HUNT_MOD = {"mountains": 1, "forest": 1}
MAP_TERRAIN = ((2, "swamp"), (3, "hills"), (4, "mountains"), (5, "jungle"), (9, None), (10, "forest"),
               (11, "lake"))
INTEREST_TABLE = ((3, "lagos-de-oro"), (4, "ruined-mission"), (5, "migration"), (8, "natural-wonder"),
                  (9, "predict-eclipse"), (10, "princess-kantyi"))


class Expedition:
    """One game of 1572, played by a careful but not clever player."""

    def __init__(self, seed: int, game_map=None):
        from lostprint.games.lost_expedition import EXPEDITIONS, GAME, MORALE_BY_DIRECTION
        from lostprint.maps.model import standard_map

        self.gm = game_map or standard_map("lost-expedition")
        self.game = GAME
        self.dice = Dice(rng_for(seed, "1572-play"))
        self.morale_dir = dict(MORALE_BY_DIRECTION)
        roll = self.dice.d6()
        self.expedition = next(o.key for o in EXPEDITIONS if o.roll == roll)
        self.pos = self.gm.start
        self.terrain = dict(self.gm.terrain)
        self.v = {t.key: t.start for t in GAME.trackers}
        self.fever = False
        self.trails: set[frozenset] = set()
        self.cataracts: set[frozenset] = set()
        self.interests: dict[str, str] = {}
        self.interest_icons = {h for f in self.gm.features_of("interest") for h in f.hexes}
        self.river = [h for f in self.gm.features_of("river") for h in f.hexes]
        self.goal = self.gm.goals[0]
        self.peaceful: dict[str, int] = {}
        self.empires: list[str] = []
        self.eclipse = 0
        self.kantyi = False
        self.diego = False
        self.migration: list[str] = []
        self.lagos: tuple = ()
        self.cartography_used: set[str] = set()
        self.days: list[dict] = []
        self.over: tuple | None = None

    # helpers
    def dist(self, a: str, b: str) -> int:
        return hexgrid.distance(self.gm.axial[a], self.gm.axial[b])

    def direction(self, a: str, b: str) -> str:
        return hexgrid.direction_between(self.gm.axial[a], self.gm.axial[b])

    def toward_goal(self, labels):
        """Best first: closest to the delta, then the happiest direction."""
        return sorted(labels, key=lambda lab: (self.dist(lab, self.goal), -self.morale_dir[self.direction(self.pos, lab)]))

    def lose_man(self, log, why):
        if self.expedition == "doctor":
            self.v["food"] = clamp(self.v["food"] - 1)
            log.append(f"{why}: the doctor's care costs food instead of a man")
        else:
            self.v["conquistadors"] = clamp(self.v["conquistadors"] - 1)
            log.append(f"{why}: a conquistador is lost")

    def catch_fever(self, day, log):
        if self.expedition == "botany" or self.pos in self.lagos:
            log.append("fever icon, but the party is immune")
            return
        self.v["morale"] = clamp(self.v["morale"] - 1)
        if not self.fever:
            day["fever"] = "struck"
        self.fever = True
        log.append("fever: morale -1")

    def two(self, mod: int, log, name, musket_ok=True, bad=5):
        roll = self.dice.roll(2)
        total = sum(roll) + mod
        if musket_ok and total <= bad and self.v["muskets"] > 1:
            self.v["muskets"] -= 1
            roll = self.dice.roll(2)
            bonus = 2 if self.expedition == "military" else 0
            total = sum(roll) + mod + bonus
            log.append(f"{name}: a musket buys a reroll: {roll}{mod:+d}{'+2' if bonus else ''} = {total}")
        else:
            log.append(f"{name}: {roll}{mod:+d} = {total}")
        return total

    def add_mark(self, day, mark):
        day.setdefault("marks", []).append(mark)

    # the day
    def play_day(self, n: int) -> dict:
        day: dict = {"day": n}
        log: list[str] = []
        start = self.pos
        here = self.terrain[start]
        unmapped = [lab for lab in self.gm.neighbors(start) if lab not in self.terrain]
        diego = 1 if self.diego else 0
        # 1 planning
        dice = self.dice.roll(5)
        ahead = [lab for lab in self.gm.neighbors(start) if self.dist(lab, self.goal) < self.dist(start, self.goal)]
        need_map = not any(lab in self.terrain for lab in ahead) and any(lab not in self.terrain for lab in ahead)
        keep, kept = [], set()
        for d in sorted(dice):
            if d in (1, 2):
                keep.append(d)
            elif d == 3 and need_map and 3 not in kept:
                keep.append(d)
            elif d == 6 and self.v["food"] <= 2 and 6 not in kept:
                keep.append(d)
            kept.add(d)
        if len(keep) < 5:
            dice = keep + self.dice.roll(5 - len(keep))
        log.append(f"planning: {sorted(dice)}")
        wilds = dice.count(1)
        counts = {f: dice.count(f) for f in range(2, 7)}
        if self.fever:
            need = 2 if self.expedition == "doctor" else 3
            if wilds >= need and here != "swamp":
                self.fever = False
                day["fever"] = "broken"
                log.append("the WILDs break the fever")
            wilds = 0
        if max(counts.values()) >= 4:
            self.v["conquistadors"] = clamp(self.v["conquistadors"] + 1)
            log.append("four of a kind: a conquistador joins")
        extra = {f: max(0, c - 1) for f, c in counts.items()}
        for f in (2, 3, 6, 4, 5):
            if wilds and counts[f]:
                extra[f] += wilds
                wilds = 0

        def bonus():
            nonlocal diego
            b, diego = diego, 0
            return b

        peaceful = self.peaceful.get(start, 0)
        # 2 movement
        if counts[2]:
            t = self.two(extra[2] + MOVE_MOD.get(here, 0) + bonus(), log, "movement")
            if t <= 3:
                self.lose_man(log, "accident on the march")
            elif t <= 5:
                self.v["movement"] = clamp(self.v["movement"] + 1)
                self.catch_fever(day, log)
            elif t <= 8:
                self.v["movement"] = clamp(self.v["movement"] + 1)
                self.v["morale"] = clamp(self.v["morale"] - 1)
            else:
                self.v["movement"] = clamp(self.v["movement"] + {9: 1, 10: 2, 11: 3}.get(t, 4))
        # 3 mapping
        if counts[3] and unmapped:
            target = self.toward_goal(unmapped)[0]
            roll = self.dice.roll(2)
            t = sum(roll) + extra[3] + bonus()
            terrain = here
            for top, name in MAP_TERRAIN:
                if t <= top:
                    terrain = name or here
                    break
            else:
                terrain = "plains"
            self.terrain[target] = terrain
            day.setdefault("mapped", {})[target] = terrain
            log.append(f"mapping {target}: {roll}+{extra[3]} = {t} -> {terrain}")
            if 1 in roll and start in self.river[:-1]:
                down = self.river[self.river.index(start) + 1]
                pair = frozenset((start, down))
                if pair not in self.cataracts:
                    self.cataracts.add(pair)
                    self.add_mark(day, {"cataract": [start, down]})
                    log.append(f"a cataract between {start} and {down}")
        # 4 exploring
        explore_interest = False
        if counts[4]:
            t = self.two(extra[4] - (1 if here == "jungle" else 0) + peaceful + bonus(), log, "exploring", bad=3)
            if t <= 2:
                self.lose_man(log, "accident while exploring")
            elif t == 3:
                self.catch_fever(day, log)
            elif t <= 5:
                self.v["movement"] = clamp(self.v["movement"] - 1)
            elif t <= 7:
                self.village(day, log, start, peaceful=self.expedition == "religious")
            elif t == 8:
                self.v["morale"] = clamp(self.v["morale"] + 1)
            elif t == 9:
                self.trail(day, log, start)
            else:
                explore_interest = True
        # 5 native contact
        if counts[5]:
            self.natives(day, log, start, extra[5] + bonus())
        # 6 hunting
        if counts[6]:
            mod = extra[6] + HUNT_MOD.get(here, 0) + peaceful + (1 if self.expedition == "botany" else 0) + bonus()
            t = self.two(mod, log, "hunting", bad=4)
            if t <= 3:
                self.lose_man(log, "a hunting accident")
            elif t == 4:
                self.v["morale"] = clamp(self.v["morale"] - 1)
            elif t == 5:
                self.v["morale"] = clamp(self.v["morale"] - 1)
                self.v["food"] = clamp(self.v["food"] + 1)
            elif t <= 8:
                self.v["food"] = clamp(self.v["food"] + 1)
            elif t <= 10:
                self.v["food"] = clamp(self.v["food"] + 2)
            else:
                self.v["food"] = clamp(self.v["food"] + 2)
                self.v["morale"] = clamp(self.v["morale"] + 1)
        # 7 interests
        if explore_interest:
            self.interest(day, log, start)
        # 8 rations
        fed_by_migration = any(self.pos == m or self.pos in self.gm.neighbors(m) for m in self.migration)
        if fed_by_migration:
            log.append("the migration feeds the party")
        elif self.v["food"] >= 1:
            self.v["food"] -= 1
        else:
            self.lose_plain(log)
        # 9 travel
        moved = self.travel(day, log)
        # 10 morale
        if moved:
            self.v["morale"] = clamp(self.v["morale"] + self.morale_dir[self.direction(start, self.pos)])
        else:
            self.v["morale"] = clamp(self.v["morale"] - 1)
        if self.v["morale"] < 1:
            self.v["conquistadors"] = clamp(self.v["conquistadors"] - 1)
            log.append("morale is gone: a conquistador deserts")
        # 12 cartography trail
        if self.expedition == "cartography" and self.v["movement"] >= 3 and self.pos not in self.cartography_used:
            if self.trail(day, log, self.pos):
                self.cartography_used.add(self.pos)
        day["resources"] = dict(self.v)
        day["log"] = log
        if self.pos == self.goal:
            self.over = ("won", n)
        elif self.v["conquistadors"] == 0:
            self.over = ("lost", n)
        elif n >= 42:
            self.over = ("lost", n)
        return day

    def lose_plain(self, log):
        self.v["conquistadors"] = clamp(self.v["conquistadors"] - 1)
        log.append("starvation: a conquistador is lost")

    def village(self, day, log, where, peaceful=False):
        if self.terrain[where] == "lake":
            log.append("a village result on the lake is discarded")
            return
        if peaceful:
            self.peaceful[where] = self.peaceful.get(where, 0) + 1
            self.add_mark(day, {"peaceful-village": where})
            log.append(f"a peaceful village at {where}")
        else:
            self.v["movement"] = clamp(self.v["movement"] - 1)
            self.add_mark(day, {"village": where})
            log.append(f"a village at {where}: movement -1")

    def trail(self, day, log, where) -> bool:
        options = [lab for lab in self.toward_goal(self.gm.neighbors(where))
                   if frozenset((where, lab)) not in self.trails | self.cataracts]
        if not options:
            return False
        to = options[0]
        self.trails.add(frozenset((where, to)))
        self.add_mark(day, {"trail": [where, to]})
        log.append(f"a trail from {where} to {to}")
        return True

    def natives(self, day, log, where, mod):
        near_empire = any(self.dist(where, e) <= 2 for e in self.empires)
        if self.eclipse:
            self.eclipse -= 1
            t = 11
            log.append("native contact: the predicted eclipse awes them (chosen: cache)")
        else:
            roll = self.dice.roll(1 if near_empire else 2)
            if self.kantyi:
                roll = [self.dice.d6() if d <= 2 else d for d in roll]
            mod += 1 if self.terrain[where] == "hills" else 0
            t = sum(roll) + mod + self.peaceful.get(where, 0) * 0
            log.append(f"native contact: {roll}{mod:+d} = {t}")
        if t <= 4:
            self.empires.append(where)
            self.add_mark(day, {"empire": where})
            log.append(f"an advanced empire at {where}")
        elif t == 5:
            self.catch_fever(day, log)
        elif t <= 8:
            self.village(day, log, where, peaceful=self.expedition == "religious")
        elif t == 9:
            self.trail(day, log, where)
        else:
            if t == 10:
                self.v["food"] = clamp(self.v["food"] + 1)
            else:
                for k in ("food", "muskets", "morale"):
                    self.v[k] = clamp(self.v[k] + 1)
                log.append("a cache: food, muskets and morale +1")
            self.village(day, log, where, peaceful=True)

    def interest(self, day, log, where):
        if where in self.interests:
            return
        roll = self.dice.roll(2)
        t = sum(roll)
        result = "diego-mendoza"
        for top, name in INTEREST_TABLE:
            if t <= top:
                result = name
                break
        if result != "natural-wonder" and result in self.interests.values():
            result = "natural-wonder"
        if result == "lagos-de-oro" and not self.place_lagos():
            result = "natural-wonder" if "lagos-de-oro" not in self.interests.values() else "natural-wonder"
        self.interests[where] = result
        self.add_mark(day, {"interest": {"hex": where, "result": result}})
        log.append(f"interest at {where}: {roll} -> {result}")
        if result == "lagos-de-oro":
            for lab in self.lagos:
                self.terrain[lab] = "lake"
                day.setdefault("mapped", {})[lab] = "lake"
            self.add_mark(day, {"lagos-de-oro": list(self.lagos)})
        elif result == "ruined-mission":
            self.v["muskets"] = clamp(self.v["muskets"] + 5)
            self.trail(day, log, where)
        elif result == "migration":
            self.migration.append(where)
            if self.v["food"] <= 3 and self.v["muskets"] >= 1:
                self.v["muskets"] -= 1
                self.v["food"] = 6
        elif result == "natural-wonder":
            self.v["morale"] = clamp(self.v["morale"] + 5)
        elif result == "predict-eclipse":
            self.eclipse = 2
        elif result == "princess-kantyi":
            self.kantyi = True
        elif result == "diego-mendoza":
            self.diego = True
            self.v["conquistadors"] = clamp(self.v["conquistadors"] + 1)
            self.v["muskets"] = clamp(self.v["muskets"] + 1)

    def place_lagos(self) -> bool:
        """Three unmapped hexes that touch, as near as may be halfway to the delta."""
        a, g = self.gm.axial[self.pos], self.gm.axial[self.goal]
        mid = ((a[0] + g[0]) / 2, (a[1] + g[1]) / 2)
        best = None
        for lab in self.gm.hexes:
            if lab in self.terrain:
                continue
            ns = [n for n in self.gm.neighbors(lab) if n not in self.terrain]
            for i, x in enumerate(ns):
                for y in ns[i + 1:]:
                    if y in self.gm.neighbors(x):
                        trio = (lab, x, y)
                        cq = sum(self.gm.axial[t][0] for t in trio) / 3
                        cr = sum(self.gm.axial[t][1] for t in trio) / 3
                        d = abs(cq - mid[0]) + abs(cr - mid[1])
                        key = (round(d, 6), tuple(sorted(trio)))
                        if best is None or key < best:
                            best = key
        if best is None:
            return False
        self.lagos = best[1]
        return True

    def travel(self, day, log) -> bool:
        here = self.pos
        options = []
        for lab in self.gm.neighbors(here):
            if lab not in self.terrain or frozenset((here, lab)) in self.cataracts:
                continue
            cost = 3 if frozenset((here, lab)) in self.trails else 5
            if cost <= self.v["movement"] and self.dist(lab, self.goal) < self.dist(here, self.goal):
                options.append(lab)
        if not options:
            return False
        to = self.toward_goal(options)[0]
        cost = 3 if frozenset((here, to)) in self.trails else 5
        self.v["movement"] -= cost
        if here in self.river and to in self.river and self.river.index(to) == self.river.index(here) + 1:
            self.v["movement"] = clamp(self.v["movement"] + 1)
        self.pos = to
        day["moved"] = [to]
        log.append(f"travel {here} -> {to} ({self.direction(here, to)}), cost {cost}")
        archeology = self.expedition == "archeology" and cost == 3 and self.terrain[to] != self.terrain[here]
        if (to in self.interest_icons or archeology) and to not in self.interests:
            self.interest(day, log, to)
        return True

    def play(self) -> dict:
        n = 0
        while self.over is None:
            n += 1
            self.days.append(self.play_day(n))
        result, last = self.over
        return {"expedition": self.expedition, "days": self.days, "result": result}


def simulate_1572(seed: int, game_map=None) -> dict:
    """A whole game of 1572 as save data (no journal), plus the roll log of each day."""
    sim = Expedition(seed, game_map)
    played = sim.play()
    return {
        "format": "lostprint-save/1",
        "game": "lost-expedition",
        "map": "standard" if game_map is None else None,
        "setup": {"expedition": played["expedition"]},
        "days": played["days"],
        "outcome": {"result": played["result"]},
    }


# --- 1872: The Lost Crows ----------------------------------------------------------------------

import re as _re

OMEN_EFFECTS = {
    11: ("movement", -1), 13: ("cap", "proximity"), 15: ("double", None), 21: ("lowest", 2), 23: ("halt", None),
    25: ("resolve", -2), 31: ("proximity", -2), 33: ("cap", "food"), 35: ("cap", "resolve"), 41: ("cursed", None),
    43: ("snow", None), 45: ("patrol", None), 51: ("cap", "movement"), 53: ("food", -2), 55: ("noplains", None),
    61: ("noriver", None), 63: ("fever", None), 65: ("falling", None),
}
EFFECT_VALUE = {"lose-two": -2.2, "omen": -2.0, "fever": -2.0, "raid": -2.0, "doubt": -1.0, "wild": 1.0,
                "proximity": 1.0, "movement": 1.3, "food": 1.1, "crow": 1.5, "plains": 0.8, "forest": 0.8,
                "mountains": 0.6}
_AMOUNT = _re.compile(r"(\d+|1d6) (Food|Resolve|Proximity|Movement Progress)")


class Tribe:
    """One game of 1872, played by a cautious chief who follows the plot hexes in the nearest order."""

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

    def dist_map(self, target: str) -> dict[str, int]:
        from collections import deque

        out = {target: 0}
        queue = deque([target])
        while queue:
            lab = queue.popleft()
            for n in self.gm.neighbors(lab):
                if n not in out and n not in self.fort:
                    out[n] = out[lab] + 1
                    queue.append(n)
        return out

    def target(self) -> str:
        left = [lab for letter, lab in sorted(self.plots.items()) if letter not in self.done]
        if not left:
            goals = list(self.gm.goals)
            return min(goals, key=lambda g: self.dist_map(g).get(self.pos, 99))
        return min(left, key=lambda lab: (self.dist_map(lab).get(self.pos, 99), lab))

    def row_for(self, diff: int):
        return next(r for r in self.rows if r.covers(diff))

    def value(self, unit: str, diff: int) -> float:
        row = self.row_for(diff)
        cell = row.cells[self.units.index(unit)]
        total = 0.0
        for e in cell.effects:
            v = EFFECT_VALUE[e]
            if e == "food" and self.v["food"] <= 2:
                v += 1
            if e == "proximity" and self.v["proximity"] <= 2:
                v += 1.5
            if e in ("plains", "forest", "mountains") and not self.unmapped_near():
                v = 0.1
            total += v
        return total

    def unmapped_near(self) -> list[str]:
        return [n for n in self.gm.neighbors(self.pos) if n not in self.terrain and n not in self.fort]

    def lowest(self) -> str:
        return min(("food", "resolve", "proximity"), key=lambda k: (self.v[k], k))

    def add(self, key: str, n: int) -> None:
        self.v[key] = max(0, min(self.caps[key], self.v[key] + n))

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
            terrain = sorted(t for t, n in tally.items() if n == best)[0]
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
                self.v["proximity"] = 6
                self.add("resolve", 1)
            elif (terrain, roll) == ("forest", 5):
                self.cost["forest"] = 1
            elif (terrain, roll) == ("mountains", 2):
                self.cost["mountains"] = 1

    def map_hex(self, day, log, terrain, target_dist) -> None:
        near = self.unmapped_near()
        if not near:
            near = [lab for lab in self.gm.hexes if lab not in self.terrain and lab not in self.fort
                    and hexgrid.distance(self.gm.axial[lab], self.gm.axial[self.pos]) == 2]
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
        lab = min(ok, key=lambda x: (target_dist.get(x, 99), x))
        self.terrain[lab] = terrain
        day.setdefault("mapped", {})[lab] = terrain
        log.append(f"coloured {lab} {terrain}")

    def omen(self, day, log, flags):
        if self.vision == ("mountains", 4) and flags.get("unit") == "shaman":
            log.append("the Sacred Spring turns the omen aside")
            return
        tens, ones = self.dice.d6(), self.dice.d6()
        code = tens * 10 + ones
        key = code - (1 if ones % 2 == 0 else 0)
        kind, arg = OMEN_EFFECTS[key]
        log.append(f"bad omen {code}: {kind}")
        if kind in ("movement", "resolve", "proximity", "food"):
            self.add(kind, arg)
        elif kind == "cap":
            self.caps[arg] = max(1, self.caps[arg] - 1)
            self.v[arg] = min(self.v[arg], self.caps[arg])
            day.setdefault("caps", {})[arg] = self.caps[arg]
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
            self.fever = 2
            self.add("resolve", -1)
        elif kind == "falling":
            self.add("resolve", -1)
            flags["nocrow"] = True
        elif kind == "noplains":
            flags["noplains_next"] = True
        elif kind == "cursed":
            flags["cursed_next"] = True

    def apply(self, unit, effects, day, log, flags, target_dist):
        here = self.terrain[self.pos]
        for e in effects:
            if e == "lose-two":
                for k in sorted(("food", "resolve", "proximity"), key=lambda k: -self.v[k])[:2]:
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
                key = self.lowest() if self.v[self.lowest()] < 5 else "movement"
                self.add(key, 1)
            elif e in ("proximity", "movement", "food"):
                self.add(e, 1)
            elif e == "crow":
                if not flags.get("nocrow"):
                    self.colour_crow(day, log, here)
            else:
                self.map_hex(day, log, e, target_dist)

    def play_day(self, n: int, carry: dict) -> dict:
        day: dict = {"day": n}
        log: list[str] = []
        if self.pos in self.zone:
            self.add("proximity", -1)
            log.append("in the fort's zone: proximity -1")
        target = self.target()
        tdist = self.dist_map(target)
        # phase 1: four rolls of 2d6, each into one unit (higher die on top)
        free = list(self.units)
        placed = {}
        dancers = 0
        for k in range(4):
            a, b = self.dice.roll(2)
            # both dice into one unit, either way up: a difference of |a-b| or its negative
            pool = ["shaman"] if self.fever and k == 0 and "shaman" in free else free
            choices = [(u, d) for u in pool for d in dict.fromkeys((abs(a - b), -abs(a - b)))]
            unit, diff = max(choices, key=lambda ud: (self.value(*ud), -free.index(ud[0]), ud[1]))
            best = self.value(unit, diff)
            if best < -0.5 and self.dancers > 0:
                self.dancers -= 1
                dancers += 1
                diff = 2
                unit = max(free, key=lambda u: (self.value(u, 2), -free.index(u)))
                log.append(f"a spirit dancer turns {a}-{b} into a difference of 2 for the {unit}")
            placed[unit] = diff
            free.remove(unit)
        if self.fever:
            self.fever -= 1
        log.append("units: " + ", ".join(f"{u} {placed[u]}" for u in self.units))
        if dancers:
            day["spirit-dancers"] = dancers
        # phase 2
        flags: dict = {}
        for unit in self.units:
            row = self.row_for(placed[unit])
            cell = row.cells[self.units.index(unit)]
            self.apply(unit, cell.effects, day, log, flags, tdist)
        # phase 3: movement towards the target through coloured hexes
        moved = []
        start = self.pos
        if not (flags.get("halt") or carry.get("halt")):
            tdist = self.dist_map(self.target())
            while True:
                here = self.pos
                options = []
                for lab in self.gm.neighbors(here):
                    if lab not in self.terrain or lab in self.fort:
                        continue
                    if tdist.get(lab, 99) >= tdist.get(here, 99):
                        continue
                    if carry.get("noplains") and self.terrain[lab] == "plains":
                        continue
                    north = hexgrid.neighbor(self.gm.axial[start], "N")
                    if carry.get("cursed") and self.gm.axial[lab] == north:
                        continue
                    options.append(lab)
                if not options:
                    break
                lab = min(options, key=lambda x: (tdist.get(x, 99), x))
                t = self.terrain[lab]
                cost = self.cost[t] * (2 if flags.get("double") else 1)
                food = FOOD_COST_1872[t]
                river = hexgrid.edge_between(self.gm.axial[here], self.gm.axial[lab]) in self.rivers
                if river and flags.get("noriver"):
                    break
                river_cost = 1 if river and self.vision != ("plains", 3) else 0
                pay_resolve = river_cost and self.v["movement"] < cost + 1 and self.v["resolve"] > 3
                need = cost + (river_cost if not pay_resolve else 0)
                if self.v["movement"] < need or self.v["food"] - food < 2:
                    break
                self.v["movement"] -= need
                self.v["food"] -= food
                if pay_resolve:
                    self.add("resolve", -1)
                if river and self.vision == ("plains", 1):
                    self.add("resolve", 2)
                self.pos = lab
                moved.append(lab)
                if lab in self.plots.values() and [k for k, v in self.plots.items() if v == lab][0] not in self.done:
                    self.plot(day, log, lab)
                    break
                if lab in self.gm.goals and self.can_win():
                    break
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
        elif min(self.v[k] for k in ("food", "resolve", "proximity")) == 0:
            self.over = "lost"
        return day, next_carry

    def can_win(self) -> bool:
        goals = list(self.gm.goals)
        terrains = {self.terrain.get(g) for g in goals}
        return len(terrains) == 1 and None not in terrains and set(self.plots) <= self.done

    def plot(self, day, log, lab):
        from lostprint.games import lost_crows_plots as plots

        letter = next(k for k, v in self.plots.items() if v == lab)
        roll = self.dice.d6()
        enc = plots.encounter(f"{letter}{roll}")
        mark = {"letter": letter, "roll": roll}
        self.done.add(letter)
        log.append(f"PLOT {enc.code} {enc.title}")
        if enc.choices:
            safe = [c for c in enc.choices if not plots.outcome(c.outcome).new_victory] or list(enc.choices)
            choice = safe[self.dice.rng.randrange(len(safe))]
            out = plots.outcome(choice.outcome)
            mark.update(choice=choice.text, outcome=out.code)
            log.append(f"  chose {choice.text!r} -> {out.code} {out.title}: {out.effect}")
            self.outcome_effect(out.effect, day, log)
        day.setdefault("marks", []).append({"plot": mark})

    def outcome_effect(self, effect: str, day, log):
        names = {"Food": "food", "Resolve": "resolve", "Proximity": "proximity", "Movement Progress": "movement"}
        for sentence in effect.split(". "):
            sentence = sentence.strip()
            if sentence.startswith(("If ", "With ", "Otherwise")):
                continue
            if sentence.startswith(("Gain", "Lose")):
                sign = 1 if sentence.startswith("Gain") else -1
                for amount, what in _AMOUNT.findall(sentence):
                    n = self.dice.d6() if amount == "1d6" else int(amount)
                    self.add(names[what], sign * n)
            if "Lose all your Movement" in sentence:
                self.v["movement"] = 0
            if "Colour a Crow" in sentence:
                self.colour_crow(day, log, self.terrain[self.pos])
            if "Shaman takes a Fever" in sentence:
                self.fever = 2
            if "cannot move next turn" in sentence:
                self.halt_next = True
            if "cannot colour a Crow until the end of your next turn" in sentence:
                self.no_crow_until = day["day"] + 1

    def play(self, limit: int = 60) -> dict:
        n = 0
        carry: dict = {}
        while self.over is None and n < limit:
            n += 1
            day, carry = self.play_day(n, carry)
            self.days.append(day)
        return {"days": self.days, "result": self.over or "unfinished"}


MOVE_COST_1872 = {"plains": 1, "forest": 2, "mountains": 3}
FOOD_COST_1872 = {"plains": 2, "forest": 1, "mountains": 1}


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


# --- 1672: The Lost Crew -----------------------------------------------------------------------

WEATHER_ROLL = {1: "storm", 2: "doldrums", 3: "rain", 4: "headwind", 5: "fair"}
DIRECTIONS_1672 = {1: "N", 2: "NE", 3: "SE", 4: "S", 5: "SW", 6: "NW"}
ISLAND_SIZE = {"small-island": 0, "medium-island": 1, "large-island": 3}


class Crew:
    """One voyage of 1672 by a steady captain who heads for the nearest exit through coloured water."""

    SAILORS = ("Tom Hale", "Jan Visser", "Ngozi", "Pip")

    def __init__(self, seed: int, game_map=None):
        from lostprint.games.lost_crew import GAME
        from lostprint.maps.model import standard_map

        self.gm = game_map or standard_map("lost-crew")
        self.game = GAME
        self.dice = Dice(rng_for(seed, "1672-play"))
        self.pos = self.gm.start
        self.terrain = dict(self.gm.terrain)
        self.v = {t.key: t.start for t in GAME.trackers}
        self.sailors = {n: "well" for n in self.SAILORS}
        self.weather = "fair"
        self.islands: dict[str, dict] = {}  # landed hex -> cubes left (None = unlimited)
        self.natives: set[str] = set()
        self.hostile: set[str] = set()
        self.left: set[str] = set()
        self.days: list[dict] = []
        self.over = None

    def dist(self) -> dict[str, int]:
        from collections import deque

        out = {g: 0 for g in self.gm.goals}
        queue = deque(self.gm.goals)
        while queue:
            lab = queue.popleft()
            for n in self.gm.neighbors(lab):
                if n not in out:
                    out[n] = out[lab] + 1
                    queue.append(n)
        return out

    def wound(self, day, log, why):
        well = [n for n, s in self.sailors.items() if s == "well"]
        hurt = [n for n, s in self.sailors.items() if s == "wounded"]
        if well:
            who = well[self.dice.rng.randrange(len(well))]
            self.sailors[who] = "wounded"
            day.setdefault("wounded", []).append(who)
            log.append(f"{why}: {who} wounded")
        elif hurt:
            who = hurt[0]
            self.sailors[who] = "dead"
            day.setdefault("lost", []).append(who)
            day.setdefault("marks", []).append({"burial": self.pos})
            log.append(f"{why}: {who} dies of a second wound")

    def add(self, key, n):
        self.v[key] = max(0, min(6, self.v[key] + n))

    def step_options(self, here, tdist):
        out = []
        hostile = here in self.hostile
        for lab in self.gm.neighbors(here):
            if lab not in self.terrain or lab in self.hostile:
                continue
            if tdist.get(lab, 99) < tdist.get(here, 99) or hostile:  # natives chase us off: any way out
                out.append(lab)
        return sorted(out, key=lambda x: (self.terrain[x] == "shoals", tdist.get(x, 99), x))

    def drift(self, day, log) -> str | None:
        d = DIRECTIONS_1672[self.dice.d6()]
        target = hexgrid.neighbor(self.gm.axial[self.pos], d)
        lab = self.gm.by_hex.get(target)
        log.append(f"uncontrolled: drift {d}")
        if lab is None:
            log.append("the current carries the sloop off the map")
            return "off"
        if lab not in self.terrain:  # drifting into the unknown: draw it as we go
            self.terrain[lab] = "sea"
            day.setdefault("mapped", {})[lab] = "sea"
        return lab

    def land(self, day, log, lab):
        t = self.terrain[lab]
        if t not in ISLAND_SIZE or lab in self.islands:
            return
        hexes = [lab]
        if t == "large-island":
            other = [n for n in self.gm.neighbors(lab) if self.terrain.get(n) == "large-island"
                     and n not in self.islands]
            hexes += other[:1]
        size = t.replace("-island", "")
        roll = self.dice.d6()
        total = roll + ISLAND_SIZE[t]
        cubes = {"water": 3, "wood": 0, "food": 0}
        if total >= 3:
            cubes["wood"] = 1
        if total >= 4:
            cubes["food"] = 1
        if total >= 5:
            cubes.update(wood=2, food=2)
        if total >= 6:
            cubes["water"] = 4
        if total >= 7:
            cubes["water"] = None
        if total >= 8:
            cubes.update(wood=None, food=None)
        natives = total >= 6
        for h in hexes:
            self.islands[h] = cubes
            if natives:
                self.natives.add(h)
        day.setdefault("marks", []).append({"island": {"hexes": hexes, "size": size, "natives": natives,
                                                       "roll": roll}})
        log.append(f"landed on a {size} island: roll {roll} -> {cubes}, natives {natives}")

    def scan(self, day, log, bonus):
        blank = [n for n in self.gm.neighbors(self.pos) if n not in self.terrain]
        blank.sort(key=lambda lab: hexgrid.hex_to_pixel(hexgrid.Layout(hexgrid.FLAT, (1, 1), (0, 0)),
                                                         self.gm.axial[lab])[1])
        for lab in blank:
            if lab in self.terrain:
                continue
            t = sum(self.dice.roll(2)) + bonus
            terrain = "sea" if t <= 8 else "shoals" if t == 9 else "small-island" if t == 10 else \
                "medium-island" if t == 11 else "large-island"
            self.terrain[lab] = terrain
            day.setdefault("mapped", {})[lab] = terrain
            if terrain == "large-island":
                # its second hex lies in a rolled direction; reroll until it lands on a blank hex
                second = None
                for _ in range(12):
                    d = DIRECTIONS_1672[self.dice.d6()]
                    cand = self.gm.by_hex.get(hexgrid.neighbor(self.gm.axial[lab], d))
                    if cand and cand not in self.terrain and cand != self.pos:
                        second = cand
                        break
                if second:
                    self.terrain[second] = "large-island"
                    day["mapped"][second] = "large-island"
                else:  # nowhere for it to spread: the island stays a medium one
                    self.terrain[lab] = "medium-island"
                    day["mapped"][lab] = "medium-island"
            log.append(f"scan {lab}: {t} -> {self.terrain[lab]}")

    def play_day(self, n: int) -> dict:
        day: dict = {"day": n, "weather": self.weather}
        log: list[str] = []
        here_t = self.terrain[self.pos]
        at_island = here_t in ISLAND_SIZE
        healthy = [s for s, st in self.sailors.items() if st == "well"]
        wounded = [s for s, st in self.sailors.items() if st == "wounded"]
        free = len(healthy)
        jobs: list[str] = []
        # phase 1: the captain's priorities
        if self.weather == "storm" and at_island:
            jobs.append("anchorage")
        elif self.weather != "doldrums":
            jobs.append("movement")
            if self.weather in ("headwind", "rain", "storm"):
                jobs.append("tacking")
        blank = [x for x in self.gm.neighbors(self.pos) if x not in self.terrain]
        if blank:
            jobs.append("scan")
        gatherable = at_island and self.pos not in self.hostile and self.pos in self.islands
        if gatherable:
            jobs += ["gather", "gather"]
        if self.v["wood"] and self.v["hull"] < 6:
            jobs.append("repair")
        if self.weather != "storm" and self.v["food"] <= 4:
            jobs.append("fish")
        jobs += ["watch", "scan", "gather", "fish", "drink"]
        assigned = []
        for job in jobs:
            if len(assigned) >= free:
                break
            if job == "scan" and (not blank or assigned.count("scan") >= 2):
                continue
            if job == "gather" and (not gatherable or assigned.count("gather") >= 3):
                continue
            if job in assigned and job not in ("scan", "gather"):
                continue
            if job == "fish" and self.weather == "storm":
                continue
            assigned.append(job)
        log.append(f"{self.weather}; jobs: {', '.join(assigned) or 'none'}; resting: {', '.join(wounded) or 'none'}")
        # 2 rest
        if wounded and self.v["water"] >= 2:
            self.add("water", -1)
            for s in wounded:
                self.sailors[s] = "well"
            day["healed"] = list(wounded)
            log.append(f"rest and water heal {', '.join(wounded)}")
        # 3 repair
        if "repair" in assigned:
            k = min(self.v["wood"], 6 - self.v["hull"])
            self.add("wood", -k)
            self.add("hull", k)
        # 4 movement
        tdist = self.dist()
        moved = []
        controlled = {"fair": "movement" in assigned, "headwind": False, "rain": False, "doldrums": False,
                      "storm": False}[self.weather]
        if self.weather in ("headwind", "rain"):
            controlled = "movement" in assigned and "tacking" in assigned
        steps = 2 if self.weather == "fair" else 1
        if self.weather == "storm":
            if "anchorage" in assigned:
                log.append("anchored at the island: the storm passes")
                steps = 0
            else:
                damage = max(1, 3 - assigned.count("movement") - assigned.count("tacking"))
                self.add("hull", -damage)
                log.append(f"storm: hull -{damage}")
        uncontrolled = (self.weather == "fair" and not controlled) or (self.weather == "rain" and not controlled) \
            or (self.weather == "storm" and steps)
        if self.weather == "doldrums" or (self.weather == "headwind" and not controlled):
            steps = 0
        if uncontrolled:
            lab = self.drift(day, log)
            if lab == "off":
                self.over = "lost"
                day["resources"] = dict(self.v)
                day["log"] = log
                return day
            moved.append(lab)
        elif steps:
            for _ in range(steps):
                options = self.step_options(self.pos if not moved else moved[-1], tdist)
                if not options:
                    break
                moved.append(options[0])
                if self.terrain[options[0]] in ISLAND_SIZE and options[0] not in self.islands:
                    break
        for lab in moved:
            if self.pos in self.islands and self.islands.get(lab) is not self.islands[self.pos]:
                self.left.update(h for h, c in self.islands.items() if c is self.islands[self.pos])
            self.pos = lab
            if self.terrain[lab] == "shoals":
                self.add("hull", -1)
                log.append("shoals: hull -1")
        if moved:
            day["moved"] = moved
            log.append(f"sailed to {', '.join(moved)}")
            self.land(day, log, self.pos)
        if self.pos in self.gm.goals:  # out through the exit: the voyage is over at once
            self.over = "won"
            day["resources"] = dict(self.v)
            day["log"] = log
            return day
        # 5 scan
        if "scan" in assigned:
            self.scan(day, log, 1 if assigned.count("scan") >= 2 else 0)
        # 6 gather
        cubes = self.islands.get(self.pos)
        if cubes is not None and self.pos not in self.left and self.pos not in self.hostile:
            got = {}
            for _ in range(assigned.count("gather")):
                key = min(("water", "food", "wood"), key=lambda k: (self.v[k] if k != "wood" else self.v[k] + 2, k))
                if cubes.get(key) == 0:
                    key = next((k for k in ("water", "food", "wood") if cubes.get(k) != 0 and self.v[k] < 6), None)
                if key is None:
                    break
                if cubes.get(key) is not None:
                    cubes[key] -= 1
                self.add(key, 1)
                got[key] = got.get(key, 0) + 1
            if got:
                day["gathered"] = got
                log.append(f"gathered {got}")
        # 7 natives
        if self.pos in self.natives and self.pos not in self.hostile:
            while True:
                r = self.dice.d6()
                log.append(f"natives: {r}")
                if r == 1:
                    self.wound(day, log, "natives attack")
                    continue
                if r == 2:  # hostile: the whole island, and the sloop must leave it
                    same = [h for h, c in self.islands.items() if c is self.islands[self.pos]]
                    self.hostile.update(same)
                    self.left.update(same)
                elif r == 4:
                    self.add(min(("water", "food", "wood"), key=lambda k: self.v[k]), 1)
                elif r == 5:
                    for k in ("water", "food", "wood"):
                        self.add(k, 1)
                elif r == 6:
                    for k in ("water", "food", "wood"):
                        self.v[k] = 6
                break
        # 8 drink
        if self.weather in ("rain", "storm"):
            if "drink" in assigned:
                self.add("water", 1)
        elif self.v["water"] >= 1:
            self.add("water", -1)
        else:
            self.wound(day, log, "thirst")
        # 9 eat
        if "fish" in assigned and self.weather != "storm":
            log.append("a sailor fishes")
        elif self.v["food"] >= 1:
            self.add("food", -1)
        else:
            self.wound(day, log, "hunger")
        # 10 accident
        if self.v["hull"] == 0:
            self.over = "lost"
        else:
            r = self.dice.d6()
            if r >= self.v["hull"]:
                self.wound(day, log, f"accident ({r} vs hull {self.v['hull']})")
        if all(s == "dead" for s in self.sailors.values()):
            self.over = "lost"
        # 11 weather
        r = self.dice.d6()
        if r == 1 and "watch" in assigned:
            r = self.dice.d6()
            log.append("the watch sees the storm coming and rerolls")
            if r in (1, 6):
                r = 1
        if r != 6:
            self.weather = WEATHER_ROLL[r]
        day["resources"] = dict(self.v)
        day["log"] = log
        return day

    def play(self, limit: int = 60) -> dict:
        n = 0
        while self.over is None and n < limit:
            n += 1
            self.days.append(self.play_day(n))
        return {"days": self.days, "result": self.over or "unfinished"}


def simulate_1672(seed: int, game_map=None) -> dict:
    """A whole voyage of 1672 as save data (no journal), plus the roll log of each day."""
    sim = Crew(seed, game_map)
    played = sim.play()
    out = {
        "format": "lostprint-save/1",
        "game": "lost-crew",
        "map": "standard" if game_map is None else None,
        "setup": {"sailors": list(Crew.SAILORS)},
        "days": played["days"],
    }
    if played["result"] != "unfinished":
        out["outcome"] = {"result": played["result"]}
    return out
