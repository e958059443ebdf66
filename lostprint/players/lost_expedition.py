"""A seeded player of 1572: The Lost Expedition."""
from __future__ import annotations

from lostprint.geometry import hexgrid
from lostprint.players.common import Dice, clamp, rng_for


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

