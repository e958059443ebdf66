"""Seeded players of 1672: The Lost Crew: policies over the engine (lostprint.engine.lost_crew).

A player decides (one method per phase) and rolls the dice; the engine applies every rule. The
careful captain heads for the nearest exit through known water, heals, repairs, fishes and keeps a
watch; the naive one only steers and scans. Each day written down is what a player copies into a
save, with the dice under `rolls:` and a log of what happened (for the journal writer).
"""
from __future__ import annotations

from collections import deque

from lostprint.engine import lost_crew as eng
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_crew import ISLAND_SUPPLIES, RULES, slot_count
from lostprint.players.common import Dice, rng_for

SAILORS = ("Tom Hale", "Jan Visser", "Ngozi", "Pip")
SCAN_DICE = next(r.dice for r in RULES.rolls if r.key == "scan")


class Captain:
    """The careful captain."""

    stage = "1672-play"

    def __init__(self, seed: int, game_map=None):
        from lostprint.maps.model import standard_map

        self.gm = game_map or standard_map("lost-crew")
        self.dice = Dice(rng_for(seed, self.stage))
        self.v = eng.start(self.gm, len(SAILORS))
        self.exit_dist = _distances(self.gm)

    # --- one method per phase ------------------------------------------------------------------

    def assign(self, v: eng.Voyage) -> eng.Orders:
        rule = RULES.weather(v.weather)
        free = v.well
        at_island = eng.is_island(v.terrain.get(v.pos))
        wanted: list[str] = []
        if rule.storm and at_island:
            wanted.append(RULES.storm.anchor)
        elif rule.storm:
            wanted += list(RULES.storm.saved_by)
        elif rule.steps:
            wanted += list(rule.crew)
        if eng.scan_order(self.gm, v.pos, v.terrain) or rule.steps:
            wanted.append("scan")
        if self._provisioning(v):
            wanted += ["gather"] * slot_count("gather")
        elif self._can_gather(v):
            wanted += ["gather"] * 2  # not a rule: the captain's habit, two gatherers
        if v.value("wood") and v.value("hull") < eng.CAP["hull"]:
            wanted.append("repair")
        if rule.fish and v.value("food") < eng.CAP["food"] - 1:
            wanted.append("fish")
        wanted += ["watch", "scan", "gather", "drink"]
        jobs: dict[str, int] = {}
        for job in wanted:
            if sum(jobs.values()) >= free:
                break
            if jobs.get(job, 0) >= slot_count(job):
                continue
            if job == "gather" and not self._can_gather(v):
                continue
            if job == "fish" and not rule.fish:
                continue
            if job == "drink" and rule.drink:
                continue
            jobs[job] = jobs.get(job, 0) + 1
        return eng.Orders(**{k: (n if k in ("scan", "gather") else bool(n)) for k, n in jobs.items()})

    def heal(self, v: eng.Voyage) -> bool:
        return bool(v.resting) and v.value("water") > RULES.rest_water

    def repair_wood(self, v: eng.Voyage) -> int:
        if not v.orders.repair:
            return 0
        return min(v.value("wood"), (eng.CAP["hull"] - v.value("hull")) // RULES.repair_rate)

    def route(self, v: eng.Voyage, steps: int) -> tuple[str, ...]:
        if self._provisioning(v):
            return ()  # stay and fill the casks first
        out: list[str] = []
        pos = v.pos
        island = v.island_at(pos)
        must_leave = island is not None and island.hostile
        for _ in range(steps):
            options = [n for n in self.gm.neighbors(pos) if n in v.terrain and n not in out
                       and (self.exit_dist[n] < self.exit_dist[pos] or (must_leave and not out))]
            if not options:
                break
            options.sort(key=lambda n: (v.terrain[n] == "shoals", self.exit_dist[n], n))
            out.append(options[0])
            pos = options[0]
            if eng.is_island(v.terrain[pos]) and not v.island_at(pos):
                break  # land on a new island
        return tuple(out)

    def picks(self, v: eng.Voyage) -> tuple[str, ...]:
        if not self._can_gather(v):
            return ()
        island = v.island_at(v.pos)
        cubes = dict(zip(ISLAND_SUPPLIES, island.cubes))
        out: list[str] = []
        values = {k: v.value(k) for k in ISLAND_SUPPLIES}
        for _ in range(v.orders.gather):
            options = [k for k in ISLAND_SUPPLIES if (cubes[k] is None or cubes[k] > 0)
                       and values[k] < eng.CAP[k]]
            if not options:
                break
            key = min(options, key=lambda k: (values[k] + (2 if k == "wood" else 0), k))  # not a rule: a taste
            if cubes[key] is not None:
                cubes[key] -= 1
            values[key] += 1
            out.append(key)
        return tuple(out)

    def goods(self, v: eng.Voyage) -> int:
        return 1 if v.value("hull") >= eng.CAP["hull"] - 1 else 0

    def gift(self, v: eng.Voyage) -> str:
        return min(ISLAND_SUPPLIES, key=lambda k: (v.value(k), k))

    def wound_order(self, v: eng.Voyage) -> tuple[int, ...]:
        """Wound a well sailor (a random one) before killing a wounded one."""
        well = [i for i, s in enumerate(v.sailors) if s == eng.WELL]
        if well:
            return (well[self.dice.rng.randrange(len(well))],)
        return ()

    # --- a day ---------------------------------------------------------------------------------

    def _can_gather(self, v: eng.Voyage) -> bool:
        island = v.island_at(v.pos)
        return bool(island and island.roll and not island.hostile and v.pos not in v.left
                    and any(c is None or c > 0 for c in island.cubes))

    def _provisioning(self, v: eng.Voyage) -> bool:
        """Low on Water or Food at an island that still gives some: stay a day."""
        low = min(v.value("water"), v.value("food")) <= 1
        return low and self._can_gather(v)

    def _wounds(self, before: eng.Voyage, after: eng.Voyage, day: dict) -> None:
        for i, (a, b) in enumerate(zip(before.sailors, after.sailors)):
            if a == b:
                continue
            name = SAILORS[i]
            if b == eng.WOUNDED or a == eng.WELL:
                day.setdefault("wounded", []).append(name)
            if b == eng.DEAD:
                day.setdefault("lost", []).append(name)
                day.setdefault("marks", []).append({"burial": after.pos})

    def play_day(self) -> dict:
        v = self.v
        day: dict = {"day": v.day + 1, "weather": v.weather}
        rolls: dict = {}
        log: list[str] = []
        orders = self.assign(v)
        v = eng.begin_day(v, orders)
        jobs = ", ".join(f"{k}" + (f" \u00d7{n}" if n > 1 else "") for k, n in vars(orders).items() if n)
        log.append(f"{RULES.weather(v.weather).name}; jobs: {jobs or 'none'}")
        # 2 rest
        if self.heal(v):
            healed = [SAILORS[i] for i in v.resting]
            v = eng.rest(v, True)
            day["healed"] = healed
            log.append(f"rest and water heal {', '.join(healed)}")
        # 3 repair
        wood = self.repair_wood(v)
        if wood:
            v = eng.repair(v, wood)
            log.append(f"repair: {wood} wood into hull")
        # 4 movement
        steps, drifts, damage = eng.movement_plan(v.weather, v.orders, eng.is_island(v.terrain.get(v.pos)))
        face = None
        route: tuple[str, ...] = ()
        if drifts:
            face = self.dice.d6()
            rolls["drift"] = [face]
            log.append(f"uncontrolled: drift {eng.direction(face)}")
        else:
            route = self.route(v, steps)
        start = v.pos
        v = eng.move(v, self.gm, route, face)
        if damage:
            log.append(f"storm: hull -{damage}")
        moved = list(route) if not drifts else ([v.pos] if v.pos != start else [])
        if moved:
            day["moved"] = moved
        if v.over:
            log.append(v.over[1])
            return self._close(v, day, rolls, log)
        if eng.landing(v, self.gm):
            face = self.dice.d6()
            rolls["island"] = [face]
            hexes = eng.landing(v, self.gm)
            v = eng.land(v, self.gm, face)
            island = v.island_at(v.pos)
            day.setdefault("marks", []).append({"island": {"hexes": list(hexes), "size": island.size.split("-")[0],
                                                           "natives": island.natives}})
            log.append(f"landed on a {island.size}: roll {face}, natives {island.natives}")
        # 5 scan
        if v.orders.scan:
            v = self._scan(v, day, rolls, log)
        # 6 gather
        picks = self.picks(v) if v.orders.gather else ()
        if picks:
            v = eng.gather(v, picks)
            got: dict = {}
            for k in picks:
                got[k] = got.get(k, 0) + 1
            day["gathered"] = got
            log.append(f"gathered {got}")
        # 7 natives
        if eng.meets_natives(v):
            goods = self.goods(v)
            faces: list[int] = []
            while eng.encounter_goes_on(v, goods, tuple(faces)):
                faces.append(self.dice.d6())
            rolls["natives"] = faces
            before = v
            v, effect = eng.natives(v, goods, tuple(faces), self.gift(v), order=self.wound_order(v))
            self._wounds(before, v, day)
            log.append(f"natives: {faces} with {goods} goods -> {effect}")
        # 8 drink, 9 eat
        for phase in (eng.drink, eng.eat):
            if not v.over:
                before = v
                v = phase(v, order=self.wound_order(v))
                self._wounds(before, v, day)
        # 10 accident
        if not v.over:
            face = None if v.value("hull") == 0 else self.dice.d6()
            if face is not None:
                rolls["accident"] = [face]
            before = v
            v = eng.accident(v, face, order=self.wound_order(v))
            self._wounds(before, v, day)
        # 11 weather
        if not v.over:
            faces = [self.dice.d6()]
            if eng.watch_rerolls(v, faces[0]):
                faces.append(self.dice.d6())
                log.append("the watch sees the storm coming and rerolls")
            rolls["weather"] = faces
            v = eng.weather_watch(v, tuple(faces))
        return self._close(v, day, rolls, log)

    def _scan(self, v, day, rolls, log):
        pairs, spreads = [], []
        drawn_before = len(v.drawn)
        for lab in eng.scan_order(self.gm, v.pos, v.terrain):
            if lab in v.terrain:
                continue  # coloured by a large island's second hex
            pair = tuple(self.dice.roll(SCAN_DICE))
            pairs.append(list(pair))
            v = eng.scan_hex(v, lab, pair, v.orders.scan)
            if v.terrain[lab] == "large-island":
                placed = False
                while not placed:
                    face = None
                    if eng.spread_options(self.gm, lab, v.pos, v.terrain):
                        face = self.dice.d6()
                        spreads.append(face)
                    v, placed = eng.spread(v, self.gm, lab, face)
            log.append(f"scan {lab}: {sum(pair)} -> {v.terrain[lab]}")
        if pairs:
            rolls["scan"] = pairs
        if spreads:
            rolls["spread"] = spreads
        mapped = day.setdefault("mapped", {})
        for lab in v.drawn[drawn_before:]:
            mapped[lab] = v.terrain[lab]
        return v

    def _close(self, v, day, rolls, log) -> dict:
        if not day.get("mapped"):
            day.pop("mapped", None)
        day["resources"] = {k: v.value(k) for k in ("water", "food", "hull", "wood")}
        if rolls:
            day["rolls"] = rolls
        day["log"] = log
        self.v = v
        return day

    def play(self, limit: int = 60) -> dict:  # not a rule: a bound on a simulated voyage
        days = []
        while self.v.over is None and len(days) < limit:
            days.append(self.play_day())
        return {"days": days, "result": self.v.over[0] if self.v.over else "unfinished"}


class Deckhand(Captain):
    """The naive player: steers, scans and gathers with whoever is left, and never repairs, fishes,
    offers Goods, stops to provision or keeps watch."""

    stage = "1672-naive"

    def assign(self, v: eng.Voyage) -> eng.Orders:
        rule = RULES.weather(v.weather)
        jobs = {c: True for c in rule.crew} if rule.steps else {}
        if len(jobs) < v.well and eng.scan_order(self.gm, v.pos, v.terrain):
            jobs["scan"] = 1
        while len(jobs) > v.well:
            jobs.popitem()
        if self._can_gather(v) and len(jobs) < v.well:
            jobs["gather"] = min(v.well - len(jobs), slot_count("gather"))
        return eng.Orders(**jobs)

    def goods(self, v) -> int:
        return 0

    def _provisioning(self, v) -> bool:
        return False


def _distances(game_map) -> dict[str, int]:
    """Steps from each hex to the nearest exit."""
    out = {g: 0 for g in eng.exits(game_map)}
    queue = deque(out)
    while queue:
        lab = queue.popleft()
        for n in game_map.neighbors(lab):
            if n not in out:
                out[n] = out[lab] + 1
                queue.append(n)
    return out


PLAYERS = {"careful": Captain, "naive": Deckhand}


def simulate_1672(seed: int, game_map=None, player: str = "careful") -> dict:
    """A whole voyage of 1672 as save data (no journal), with each day's rolls and roll log."""
    return voyage_save(PLAYERS[player](seed, game_map), game_map)


def voyage_save(sim: Captain, game_map=None, limit: int = 60) -> dict:  # not a rule: a bound
    """Play `sim` to the end (or `limit` days) and write the voyage as save data."""
    played = sim.play(limit)
    out = {
        "format": SAVE_FORMAT,
        "game": "lost-crew",
        "map": "standard" if game_map is None else None,
        "setup": {"sailors": list(SAILORS)},
        "days": played["days"],
    }
    if played["result"] != "unfinished":
        out["outcome"] = {"result": played["result"]}
    return out
