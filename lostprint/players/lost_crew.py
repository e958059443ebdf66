"""Seeded players of 1672: The Lost Crew, as deciders: given a voyage (lostprint.engine.lost_crew) and the
decision the engine has open, choose (a method per decision, named by its key). The one driver
(lostprint.engine.drive) plays them. A player's dice and its own random choices come from one seeded
source, so a seed gives one game."""
from __future__ import annotations

from collections import deque

from lostprint.engine import lost_crew as eng
from lostprint.games.lost_crew import ISLAND_SUPPLIES, RULES
from lostprint.maps.model import standard_map
from lostprint.players.common import FAST_DICE, per_map, played, rng_for
from lostprint.saves.rules_1672 import save_of

SAILORS = ("Tom Hale", "Jan Visser", "Ngozi", "Pip")
LIMIT = 60  # not a rule: a bound on a simulated voyage, in days


class Captain:
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

    def roll(self, need) -> int | tuple[int, ...]:
        return self.dice.d6() if need.dice == 1 else tuple(self.dice.roll(need.dice))

    def decide(self, v: eng.Voyage, step, need):
        return getattr(self, need.key)(v, step)

    def orders(self, v: eng.Voyage, step) -> eng.Orders:
        rule = RULES.weather(v.weather)
        wanted: list[str] = []
        if rule.storm:
            wanted += [RULES.storm.anchor] if eng.at_island(v) else list(RULES.storm.saved_by)
        elif rule.steps:
            wanted += list(rule.crew)
        if eng.scan_order(self.gm, v.pos, v.terrain) or rule.steps:
            wanted.append("scan")
        wanted += ["gather"] * (eng.SLOT["gather"] if self._provisioning(v) else 2)  # not a rule: two, by habit
        if v.value("wood") and v.value("hull") < eng.CAP["hull"]:
            wanted.append("repair")
        if rule.fish and v.value("food") < eng.CAP["food"] - 1:
            wanted.append("fish")
        wanted += ["watch", "scan", "gather", "drink"]
        jobs: dict[str, int] = {}
        useless = {"gather": not self._can_gather(v), "fish": not rule.fish, "drink": rule.drink}
        for job in wanted:
            if sum(jobs.values()) >= v.well:
                break
            if jobs.get(job, 0) < eng.SLOT[job] and not useless.get(job):
                jobs[job] = jobs.get(job, 0) + 1
        return eng.Orders(**{k: (n if k in ("scan", "gather") else bool(n)) for k, n in jobs.items()})

    def heal(self, v: eng.Voyage, step) -> bool:
        return bool(v.resting) and v.value("water") > RULES.rest_water

    def repair(self, v: eng.Voyage, step) -> int:
        return max(step.options(v))  # all the Wood the Hull can take

    def route(self, v: eng.Voyage, step) -> tuple[str, ...]:
        if self._provisioning(v):
            return ()  # stay and fill the casks first
        out: list[str] = []
        pos = v.pos
        island = v.island_at(pos)
        leave = eng.must_leave(v)
        for _ in range(eng.movement_plan(v.weather, v.orders, eng.at_island(v))[0]):
            options = [n for n in self.gm.neighbors(pos) if n in v.terrain and n not in out
                       and (self.exit_dist[n] < self.exit_dist[pos] or (leave and not out))]
            if leave and not out:
                options = [n for n in options if n not in island.hexes] or \
                    [n for n in self.gm.neighbors(pos) if n not in island.hexes]
            if not options:
                break
            pos = min(options, key=lambda n: (v.terrain.get(n) == "shoals", self.exit_dist[n], n))
            out.append(pos)
            if (eng.is_island(v.terrain.get(pos)) and not v.island_at(pos)) or (leave and pos in island.hexes):
                break  # land on a new island
        if leave and out and out[-1] in island.hexes:
            out.pop()
        return tuple(out)

    def gather(self, v: eng.Voyage, step) -> tuple[str, ...]:
        legal = set(step.options(v))  # the picks the island allows (sorted)
        values = {k: v.value(k) for k in ISLAND_SUPPLIES}
        out: list[str] = []
        for _ in range(v.orders.gather):
            options = [k for k in ISLAND_SUPPLIES if tuple(sorted(out + [k])) in legal and values[k] < eng.CAP[k]]
            if not options:
                break
            key = min(options, key=lambda k: (values[k] + (2 if k == "wood" else 0), k))  # not a rule: a taste
            values[key] += 1
            out.append(key)
        return tuple(out)

    def goods(self, v: eng.Voyage, step) -> int:
        return int(v.value("hull") >= eng.CAP["hull"] - 1)

    def gift(self, v: eng.Voyage, step) -> str:
        return min(ISLAND_SUPPLIES, key=lambda k: (v.value(k), k))

    def wound(self, v: eng.Voyage, step) -> int:  # a well sailor (a random one) before killing a wounded one
        well = [i for i, s in enumerate(v.sailors) if s == eng.WELL]
        return well[self.dice.rng.randrange(len(well))] if well else step.options(v)[0]

    _can_gather = staticmethod(eng.can_gather)

    def _provisioning(self, v: eng.Voyage) -> bool:  # low on Water or Food at an island that gives: stay a day
        return min(v.value("water"), v.value("food")) <= 1 and self._can_gather(v)


class Deckhand(Captain):
    stage = "1672-naive"
    about = "steers, scans and gathers with whoever is left; never repairs, fishes, offers Goods or keeps a watch"

    def orders(self, v: eng.Voyage, step) -> eng.Orders:
        rule = RULES.weather(v.weather)
        jobs = {c: True for c in rule.crew} if rule.steps else {}
        if len(jobs) < v.well and eng.scan_order(self.gm, v.pos, v.terrain):
            jobs["scan"] = 1
        while len(jobs) > v.well:
            jobs.popitem()
        if self._can_gather(v) and len(jobs) < v.well:
            jobs["gather"] = min(v.well - len(jobs), eng.SLOT["gather"])
        return eng.Orders(**jobs)

    def goods(self, v, step) -> int:
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


def simulate_1672(seed: int, game_map=None, player: str = "careful") -> dict:
    """A whole voyage of 1672 as save data (no journal), with each day's rolls and roll log."""
    return voyage_save(PLAYERS[player](seed, game_map), game_map)


def voyage_save(sim: Captain, game_map=None, limit: int = LIMIT) -> dict:
    """Play `sim` to the end (or `limit` days) through the driver and write the voyage as save data (its
    transcript)."""
    final, events = played(eng, sim, limit)
    return save_of(events, final, SAILORS, standard=game_map is None)
