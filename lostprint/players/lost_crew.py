"""A seeded player of 1672: The Lost Crew."""
from __future__ import annotations

from lostprint.geometry import hexgrid
from lostprint.players.common import Dice, rng_for


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
