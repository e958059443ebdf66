"""Seeded players of 1672: The Lost Crew, as deciders: given a voyage (lostprint.engine.lost_crew)
and the decision the engine has open, choose. They hold no day and no rule: the one driver
(lostprint.engine.drive) plays them, and the save's transcript (lostprint.saves.rules_1672) writes
what they played.

The careful captain heads for the nearest exit through known water, heals, repairs, fishes and keeps
a watch; the naive one only steers and scans. A player's dice come from the same seeded source as
its own random choices (who takes a wound), so a seed gives one game.
"""
from __future__ import annotations

from collections import deque

from lostprint.engine import drive
from lostprint.engine import lost_crew as eng
from lostprint.games.lost_crew import ISLAND_SUPPLIES, RULES
from lostprint.maps.model import standard_map
from lostprint.players.common import FAST_DICE, per_map, rng_for
from lostprint.saves.rules_1672 import save_of

SAILORS = ("Tom Hale", "Jan Visser", "Ngozi", "Pip")
LIMIT = 60  # not a rule: a bound on a simulated voyage, in days


class Captain:
    """The careful captain."""

    about = ("heads for the nearest exit through coloured water, heals, repairs, fishes, keeps a watch, stops to "
             "provision when Water or Food is low")  # what simulate --players says
    stage = "1672-play"
    days = LIMIT

    def __init__(self, seed: int, game_map=None):

        self.gm = game_map or standard_map("lost-crew")
        self.dice = FAST_DICE(rng_for(seed, self.stage))
        self.exit_dist = _distances(self.gm)

    def start(self) -> eng.Voyage:
        return eng.start(self.gm, len(SAILORS))

    # --- the driver's two questions --------------------------------------------------------------

    def roll(self, need) -> int | tuple[int, ...]:
        return self.dice.d6() if need.dice == 1 else tuple(self.dice.roll(need.dice))

    def decide(self, v: eng.Voyage, step, need):
        return getattr(self, _ANSWERS[need.key])(v)

    # --- one answer per decision -----------------------------------------------------------------

    def assign(self, v: eng.Voyage) -> eng.Orders:
        rule = RULES.weather(v.weather)
        free = v.well
        at_island = eng.at_island(v)
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
            wanted += ["gather"] * eng.SLOT["gather"]
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
            if jobs.get(job, 0) >= eng.SLOT[job]:
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
        return min(v.value("wood"), (eng.CAP["hull"] - v.value("hull")) // RULES.repair_rate)

    def route(self, v: eng.Voyage) -> tuple[str, ...]:
        if self._provisioning(v):
            return ()  # stay and fill the casks first
        steps = eng.movement_plan(v.weather, v.orders, eng.at_island(v))[0]
        out: list[str] = []
        pos = v.pos
        island = v.island_at(pos)
        must_leave = eng.must_leave(v)
        for _ in range(steps):
            options = [n for n in self.gm.neighbors(pos) if n in v.terrain and n not in out
                       and (self.exit_dist[n] < self.exit_dist[pos] or (must_leave and not out))]
            if must_leave and not out:
                options = [n for n in options if n not in island.hexes] or \
                    [n for n in self.gm.neighbors(pos) if n not in island.hexes]
            if not options:
                break
            options.sort(key=lambda n: (v.terrain.get(n) == "shoals", self.exit_dist[n], n))
            out.append(options[0])
            pos = options[0]
            if eng.is_island(v.terrain.get(pos)) and not v.island_at(pos):
                break  # land on a new island
            if must_leave and pos in island.hexes:
                break
        if must_leave and out and out[-1] in island.hexes:
            out.pop()
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

    def wound(self, v: eng.Voyage) -> int:
        """A well sailor (a random one) before killing a wounded one."""
        well = [i for i, s in enumerate(v.sailors) if s == eng.WELL]
        if well:
            return well[self.dice.rng.randrange(len(well))]
        return next(i for i, s in enumerate(v.sailors) if s != eng.DEAD)

    # --- what the captain weighs -----------------------------------------------------------------

    def _can_gather(self, v: eng.Voyage) -> bool:
        return eng.can_gather(v)

    def _provisioning(self, v: eng.Voyage) -> bool:
        """Low on Water or Food at an island that still gives some: stay a day."""
        low = min(v.value("water"), v.value("food")) <= 1
        return low and self._can_gather(v)


_ANSWERS = {"orders": "assign", "heal": "heal", "repair": "repair_wood", "route": "route", "gather": "picks",
            "goods": "goods", "gift": "gift", "wound": "wound"}


class Deckhand(Captain):
    """The naive player: steers, scans and gathers with whoever is left, and never repairs, fishes,
    offers Goods, stops to provision or keeps watch."""

    stage = "1672-naive"
    about = "steers, scans and gathers with whoever is left; never repairs, fishes, offers Goods or keeps a watch"

    def assign(self, v: eng.Voyage) -> eng.Orders:
        rule = RULES.weather(v.weather)
        jobs = {c: True for c in rule.crew} if rule.steps else {}
        if len(jobs) < v.well and eng.scan_order(self.gm, v.pos, v.terrain):
            jobs["scan"] = 1
        while len(jobs) > v.well:
            jobs.popitem()
        if self._can_gather(v) and len(jobs) < v.well:
            jobs["gather"] = min(v.well - len(jobs), eng.SLOT["gather"])
        return eng.Orders(**jobs)

    def goods(self, v) -> int:
        return 0

    def _provisioning(self, v) -> bool:
        return False


@per_map
def _distances(game_map) -> dict[str, int]:
    """Steps from each hex to the nearest exit (shared by the games on a map: never changed)."""
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


def played(player: Captain, limit: int | None = None) -> tuple[eng.Voyage, list]:
    """A whole voyage by `player` through the driver: (the last state, every input in order)."""
    events: list = []
    final = drive.play(eng, player.start(), player.decide, player.roll, limit or player.days, events)
    return final, events


def simulate_1672(seed: int, game_map=None, player: str = "careful") -> dict:
    """A whole voyage of 1672 as save data (no journal), with each day's rolls and roll log."""
    return voyage_save(PLAYERS[player](seed, game_map), game_map)


def voyage_save(sim: Captain, game_map=None, limit: int = LIMIT) -> dict:
    """Play `sim` to the end (or `limit` days) and write the voyage as save data (its transcript)."""
    final, events = played(sim, limit)
    return save_of(events, final, SAILORS, standard=game_map is None)
