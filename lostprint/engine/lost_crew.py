"""The rules of 1672: The Lost Crew in motion: a pure, deterministic engine on the one contract
(lostprint.engine.contract).

A `Voyage` is the whole game at one moment (frozen). The day is `STEPS`, in the rulebook's phase
order; after each phase that can wound, one `wound` decision per wound (the player chooses who takes
it). Before each phase that uses a job, a `place` step lets a search place that job then (see
`LATER`); a player's jobs, all given in phase 1, pass them by. Every number and chart comes from the
game data (`lostprint.games.lost_crew.RULES`). For a search: `faces`, `forget`, `spare`, `PARTS`;
for a save's transcript, the readings that say in words what the rules refuse in a record.

The supplies (water, food, hull, wood) and the count of wounds taken today travel as one small
tuple, `Stores`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from operator import itemgetter
from types import MappingProxyType
from typing import Mapping

from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, Step, evolve
from lostprint.games.lost_crew import DIRECTION, ISLAND_SUPPLIES, RULES, TRACKERS, WEATHER, slot_count
from lostprint.geometry import hexgrid

WELL, WOUNDED, DEAD = "well", "wounded", "dead"
# a yes/no choice's options, named (the compiled build's Cython cannot type the literals as the two sides of
# one conditional expression)
YES_NO, NO_ONLY = (False, True), (False,)
FACES = tuple(b.low for b in DIRECTION.bands)  # a six-sided die, as the Direction chart numbers it
CAP = {t.key: t.maximum for t in TRACKERS}
START = {t.key: t.start for t in TRACKERS}
INDEX = {t.key: i for i, t in enumerate(TRACKERS)}  # Stores: the supplies, then wounds taken today
W, F, H, D = (INDEX[key] for key in ("water", "food", "hull", "wood"))
N = len(TRACKERS)


ESCAPED, ALL_DEAD = ("won", "reached the open sea beyond the exit"), ("lost", "the last sailor died")
OFF_MAP, SANK = ("lost", "drifted off the map"), ("lost", "the sloop sank")
LANDING = "an island is rolled on ending a move at a new one"
ROLL = {r.key: Roll(r.key, r.dice) for r in RULES.rolls}  # what each rolling step asks for
ROUTE = Decision("route")
JOBS = ("repair", "movement", "tacking", "anchorage", "scan", "gather", "drink", "fish", "watch")
SLOT = {job: slot_count(job) for job in JOBS}
CREW_JOBS = ("movement", "tacking", "anchorage")  # the jobs that sail the sloop, placed together


Stores = tuple  # (water, food, hull, wood, wounds today)


@dataclass(frozen=True)
class Island:
    """An island the sloop has landed on: its hexes, size, cubes left (None: without end)."""

    hexes: tuple[str, ...]
    size: str  # its terrain key
    roll: int  # the contents die (0: the starting island, never rolled)
    cubes: tuple[int | None, ...]  # water, wood, food, in ISLAND_SUPPLIES order
    natives: bool = False
    hostile: bool = False

    def __hash__(self) -> int:  # not a rule: the fields that tell islands apart in a search, hashed fast
        return hash((self.hexes[0], self.roll, self.cubes, self.hostile))


@dataclass(frozen=True)
class Orders:
    """Phase 1: where the sailors go. Wounded sailors rest; these jobs take well sailors. A job left
    None is not placed yet: a search places it when its phase comes (see `LATER`)."""

    repair: bool | None = False
    movement: bool | None = False
    tacking: bool | None = False
    anchorage: bool | None = False
    scan: int | None = 0
    gather: int | None = 0
    drink: bool | None = False
    fish: bool | None = False
    watch: bool | None = False

    @property
    def sailors(self) -> int:
        return sum(filter(None, self.__dict__.values()))  # the jobs' counts (a bool counts one; None: not placed)


LATER = Orders(**{job: None for job in JOBS})  # every job placed as its phase comes (a search's reading)


@dataclass(frozen=True)
class Voyage:
    """The game at one moment. `terrain` is the map's colours with `drawn` laid over them (kept as a
    dict to read fast; equality and hashing go by `drawn`). The fields after `over` are the day in
    progress: which step is open, wounds waiting for a sailor, the encounter and the scan so far."""

    gm: object = field(compare=False, repr=False)  # the map (lostprint.maps.model.GameMap)
    pos: str = ""
    weather: str = ""  # today's weather (a WeatherRule key)
    stores: Stores = ()
    sailors: tuple[str, ...] = ()  # WELL / WOUNDED / DEAD, one per sailor
    terrain: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    drawn: tuple[tuple[str, str], ...] = ()  # (hex, terrain) the player coloured, in order (they score)
    islands: tuple[Island, ...] = ()
    left: frozenset = frozenset()  # island hexes sailed away from: never gathered again
    pairs: tuple[tuple[str, str], ...] = ()  # the two hexes of each large island scanned this game
    day: int = 0
    orders: Orders = Orders()
    resting: tuple[int, ...] = ()  # sailors wounded at the start of the day
    over: tuple[str, str] | None = None  # (won | lost, why)
    step: int = 0  # the open step of STEPS
    due: int = 0  # wounds waiting for the player to say who takes them
    goods: int = 0  # Goods offered today
    effect: str = ""  # today's encounter result ("friendly" until the gift is chosen)
    spreading: str = ""  # a large island's first hex, waiting for its second
    skies: tuple[int, ...] = ()  # today's weather rolls
    hands: int = 0  # well sailors when the jobs were given (phase 1)
    dawn: str = ""  # where the sloop was in phase 1
    ashore: bool = False  # ... and whether that hex was an island then
    slack: int | None = None  # sailors still free for tasks once a worker died today (None: nobody has)

    # not rules: a search compares and hashes millions of voyages. Equal as the dataclass's own
    # __eq__ says (the fields that compare), read in one go; hashed by the fields that differ most.
    def __eq__(self, other) -> bool:
        if other.__class__ is not Voyage:
            return NotImplemented
        return _COMPARED(self.__dict__) == _COMPARED(other.__dict__)

    def __hash__(self) -> int:
        drawn = self.drawn
        return hash((_HASHED(self.__dict__), len(drawn), drawn[-1] if drawn else None))

    def value(self, key: str) -> int:
        return self.stores[INDEX[key]]

    def island_at(self, label: str) -> Island | None:
        return next((i for i in self.islands if label in i.hexes), None)

    @property
    def well(self) -> int:
        return sum(s == WELL for s in self.sailors)


_COMPARED = itemgetter(*(f.name for f in fields(Voyage) if f.compare))
_HASHED = itemgetter("pos", "weather", "stores", "sailors", "islands", "day", "step", "due", "goods", "skies", "orders",
                     "effect", "over", "spreading")


def start(game_map, names: int = RULES.sailors) -> Voyage:
    """The voyage at set-up: the start island already visited (⌂), trackers at their start."""
    terrain = dict(game_map.terrain)
    size = terrain.get(game_map.start, "")
    home = Island((game_map.start,), size, 0, tuple(0 for _ in ISLAND_SUPPLIES))
    return Voyage(gm=game_map, pos=game_map.start, weather=RULES.start_weather,
                  stores=(START["water"], START["food"], START["hull"], START["wood"], 0),
                  sailors=(WELL,) * names, terrain=terrain, islands=(home,))


# --- wounds ------------------------------------------------------------------------------------


def wound(v: Voyage, who: int) -> Voyage:
    """One wound, to the sailor the player chose: a well one is wounded, a wounded one dies."""
    if not 0 <= who < len(v.sailors) or v.sailors[who] == DEAD:
        raise RuleError("wound", f"sailor {who + 1} cannot take a wound: "
                                 + ("dead" if 0 <= who < len(v.sailors) else "no such sailor"))
    sailors = list(v.sailors)
    sailors[who] = WOUNDED if sailors[who] == WELL else DEAD
    s = v.stores
    v = evolve(v, sailors=tuple(sailors), stores=s[:N] + (s[N] + 1,), due=max(0, v.due - 1))
    if all(x == DEAD for x in sailors):
        return evolve(v, over=ALL_DEAD, due=0)
    return vacate(v) if sailors[who] == DEAD and who not in v.resting else v


def vacate(v: Voyage) -> Voyage:
    """A sailor who dies is removed from the sheet with his coin: from now on, the tasks still to come keep
    no more sailors than the workers alive (`slack`: how many more a search may place later). Who died was
    the player's choice; orders given in phase 1 lose their last phases' tasks first."""
    values = dict(v.orders.__dict__)
    ahead = [job for job in JOBS if values[job] and _PLACE_STEP[job] >= v.step]  # after phase 7: one sailor each
    workers = sum(s != DEAD and i not in v.resting for i, s in enumerate(v.sailors))  # well in phase 1, alive
    room = workers - sum(int(values[job]) for job in ahead)
    for job in ahead[len(ahead) + room:] if room < 0 else ():
        values[job] = False
    room = max(room, 0)
    return evolve(v, orders=Orders(**values), slack=room if v.slack is None else min(v.slack, room))


def recorded_crew(sailors: Mapping[str, str], healed, wounded, lost, day: int) -> tuple[dict, list, list]:
    """A day's crew as a record names it (healed by Rest in phase 2, then wounded, then lost): the
    sailors' states after it, what the rules refuse in it, as (list, position in it or None, rule),
    and each change as (name, new state), in order."""
    now, out, changes = dict(sailors), [], []
    resting = sorted(n for n, s in sailors.items() if s == WOUNDED)
    if healed and sorted(healed) != resting and all(sailors[w] == WOUNDED for w in healed):
        out.append(("healed", None, f"one Water heals every resting sailor ({', '.join(resting)}), not some of them"))
    why = {"healed": "{who} is {now}: only a wounded sailor can be healed",
           "wounded": "{who} was already wounded: a second wound kills (add {who} to lost)",
           "lost": "{who} is {now}: a sailor dies of a second wound, so list the first wound on an earlier day (or "
                   "under wounded today)"}
    for key, names, was, becomes in (("healed", healed, WOUNDED, WELL), ("wounded", wounded, WELL, WOUNDED),
                                     ("lost", lost, WOUNDED, DEAD)):
        for i, who in enumerate(names):
            if now[who] == was:
                now[who] = becomes
                changes.append((who, becomes))
            elif key == "wounded" and now[who] == DEAD:
                out.append((key, i, f"{who} died before day {day}"))
            elif key == "lost" and who in healed:
                out.append((key, i, f"{who} was healed by Rest today, in phase 2: a wound after that is a first "
                                    f"one (list {who} under wounded; a second wound the same day kills)"))
            elif key != "wounded" or who not in lost:
                out.append((key, i, why[key].format(who=who, now=now[who])))
    return now, out, changes


def buried(burials: int, died: int) -> None:
    """A burial marks where a sailor died at sea, on the day he died: no more burials on a day than
    sailors lost that day."""
    if burials > died:
        raise RuleError("burial", f"{burials} burials for {died} sailors lost today (the X marks where a sailor "
                                  "died, on the day he died: list him under lost that day)")


# --- the stores ---------------------------------------------------------------------------------


def gain_stores(s: Stores, key: str, n: int) -> Stores:
    i = INDEX[key]
    return s[:i] + (max(0, min(CAP[key], s[i] + n)),) + s[i + 1:]


FRIENDLY = next(b for b in RULES.natives if b.effect == "friendly")
# the encounter chart by total, looked up once (a total past the table is its last row)
_ENCOUNTERS = tuple(RULES.encounter(total) for total in range(FACES[0], FACES[-1] + CAP["hull"] * RULES.good_bonus + 1))


def encounter_at(total: int):
    return _ENCOUNTERS[min(total, len(_ENCOUNTERS)) - 1]


# --- the map -------------------------------------------------------------------------------------


def exits(game_map) -> tuple[str, ...]:
    """The exit hexes: the map's goals, or its exit features (variant maps)."""
    return tuple(game_map.goals) or tuple(h for f in game_map.features_of("exit") for h in f.hexes)


def drift_reading(game_map, pos: str, face: int) -> str:
    """Where a drift roll carries the sloop from `pos`, in words."""
    target = toward(game_map, pos, face)
    where = f" to {target}" if target else ", off the map"
    return f"the drift roll {face} carries the sloop {direction(face)}{where}"


def direction(face: int) -> str:
    return DIRECTION.lookup(face).results[0]


def toward(game_map, label: str, face: int) -> str | None:
    """The hex one step from `label` in the die's direction (None: off the map)."""
    return game_map.by_hex.get(hexgrid.neighbor(game_map.axial[label], direction(face)))


def is_island(terrain: str | None) -> bool:
    return RULES.bonus(terrain) is not None


def crew_words(rule) -> str:
    """The jobs a weather needs to steer, as the sheet names them: "Movement and Tacking"."""
    return " and ".join(c.title() for c in rule.crew)


def movement_plan(weather: str, orders: Orders, at_island: bool) -> tuple[int, bool, int]:
    """(hexes the crew may steer, drifts?, hull damage) for today's weather and crew."""
    rule = RULES.weather(weather)
    if rule.storm:
        if getattr(orders, RULES.storm.anchor) and at_island:
            return 0, False, 0
        saved = sum(bool(getattr(orders, job)) for job in RULES.storm.saved_by)
        return 0, True, max(RULES.storm.minimum, RULES.storm.damage - saved)
    if rule.steps and all(getattr(orders, c) for c in rule.crew):
        return rule.steps, False, 0
    return 0, rule.steps > 0 and rule.otherwise == "drift", 0


def scan_order(game_map, pos: str, terrain: Mapping[str, str]) -> list[str]:
    """The blank neighbours of `pos`, northmost first (then west to east)."""
    blank = [n for n in game_map.neighbors(pos) if n not in terrain]
    axial = game_map.axial
    return sorted(blank, key=lambda lab: (axial[lab][1] + axial[lab][0] / 2, axial[lab][0]))  # not a rule: flat-top


def spread_options(game_map, label: str, pos: str, terrain: Mapping[str, str]) -> list[str]:
    """Where a large island's second hex may go (⌂): a blank hex on the map, not the sloop's."""
    return [n for n in game_map.neighbors(label) if n not in terrain and n != pos]


def island_reading(size: str, face: int) -> str:
    """What an island roll says of natives, in the chart's words: '4 + 3 = 7: natives live there (6+)'."""
    total, _, natives = island_cubes(size, face)
    least = min(b.low for b in RULES.islands if b.natives)
    return f"{face} + {RULES.bonus(size)} = {total}: " + (f"natives live there ({least}+)" if natives
                                                         else "no natives on this roll")


def scan_readings(terrains, drawn: str) -> str:
    """What some scan rolls make a hex, not what was drawn: the plain reading first (the others: with
    every Scan slot filled)."""
    order = [band.terrain for band in RULES.scan]
    first, *more = sorted(terrains, key=order.index)
    return f"{first}, not {drawn}" + (f" ({' or '.join(more)} with every Scan slot filled)" if more else "")


def why_not_coloured(pos: str, day: int, today: Mapping[str, str], drawn: Mapping[str, str], reached, rolled: bool,
                     spread_face: int | None, over: bool, stopped: bool, blank=()) -> tuple[str | None, str]:
    """Why no scan from `pos` colours the hexes a record draws on `day` (`today`, in the record's order;
    `drawn`: every hex drawn so far) as it does: (the hex to name, or None, and the rule). `reached`:
    what the furthest lines of play coloured (hex -> terrain each); `stopped`: some line was stopped
    earlier by a hex coloured otherwise; `over`: the game ended before the scan; `blank`: the hexes
    around `pos` the record left blank until today."""
    reached = sorted((dict(d) for d in reached), key=lambda d: (len(d), sorted(d)))
    first = next(iter(today), None)
    if today and over:
        return first, "the game was over in phase 4: nothing is scanned after it"
    made: dict = {}
    for d in reached:
        for lab, t in d.items():
            made.setdefault(lab, set()).add(t)
    for lab in (today if rolled else ()):  # a hex the rolls colour otherwise (with each number of scanners)
        if lab in made and today[lab] not in made[lab]:
            return lab, f"the scan rolls make {lab} {scan_readings(made[lab], today[lab])}"
    placed = sorted(lab for lab, ts in made.items() if "large-island" in ts and lab not in drawn)
    astray = [lab for lab, t in today.items() if t == "large-island" and lab not in made]
    if spread_face is not None and placed and astray:
        return astray[0], (f"the spread roll {spread_face} points {direction(spread_face)}, to {placed[0]}: the large "
                           f"island's second hex is there, not {astray[0]}")
    for lab in today:
        if lab == pos and lab not in made:
            return lab, (f"{lab} is the sloop's own hex on day {day}: Scan Horizon colours the blank hexes around it, "
                         "and a hex sailed into stays blank until scanned from a neighbour (\u2302)")
        if lab not in made and lab not in blank:
            return lab, (f"{lab} is not next to the sloop at {pos} on day {day} (Scan Horizon colours the blank hexes "
                         "around it; a large island's second hex touches its first)")
    if today and not stopped and reached and all(d.keys() <= drawn.keys() - today.keys() for d in reached):
        return first, (f"nobody can be on Scan Horizon on day {day} (every sailor is resting or on another task), "
                       "so no hex is coloured")
    def left_out(missing) -> tuple[None, str]:
        return None, (f"Scan Horizon colours every blank hex around {pos}: {', '.join(missing)} "
                      f"{'is' if len(missing) == 1 else 'are'} missing")

    missing = [lab for lab in blank if lab not in today]
    if missing and not made.keys() >= today.keys():  # a search stopped short of the record: say what it left out
        return left_out(missing)
    for d in reached:
        new = {lab: t for lab, t in d.items() if drawn.get(lab) != t}
        for lab in new:
            if rolled:
                alts = {e[lab] for e in reached if lab in e and drawn.get(lab) != e[lab]}
                return lab, f"the scan rolls make {lab} {scan_readings(alts, drawn.get(lab) or 'coloured')}"
            if lab not in drawn:
                return left_out(sorted(x for x in new if x not in drawn))
            if (drawn[lab], new[lab]) == ("large-island", "medium-island") and "large-island" not in made[lab]:
                return lab, (f"no hex beside {lab} is free for a large island's second hex: it is a medium island "
                             "(\u2302 spread)")
    return None, (f"no scan from {pos} colours these hexes so (Scan Horizon: 2d6 for each blank neighbour, northmost "
                  "first; a large island's second hex by the Direction chart)")


def island_cubes(size: str, face: int) -> tuple[int, tuple[int | None, ...], bool]:
    band = RULES.island(face + RULES.bonus(size))
    return face + RULES.bonus(size), tuple(n for _, n in band.cubes()), band.natives


# --- the phases of a day ------------------------------------------------------------------------


def at_island(v: Voyage) -> bool:
    return is_island(v.terrain.get(v.pos))


def must_leave(v: Voyage) -> bool:
    """At an island whose natives turned hostile, on a day the weather lets the crew steer away (⌂)."""
    island = v.island_at(v.pos)
    rule = RULES.weather(v.weather)
    hands = v.hands if v.step else v.well
    return bool(island and island.hostile and rule.steps and hands >= len(rule.crew))


def begin_day(v: Voyage, orders: Orders) -> Voyage:
    """Phase 1: the wounded rest; the jobs must fit the well sailors and the task slots."""
    v = evolve(v, day=v.day + 1, resting=tuple(i for i, s in enumerate(v.sailors) if s == WOUNDED),
               stores=v.stores[:N] + (0,), due=0, goods=0, effect="", spreading="", skies=(),
               hands=v.well, dawn=v.pos, ashore=at_island(v), step=0, slack=None)
    return place(v, {job: getattr(orders, job) for job in JOBS if getattr(orders, job) is not None}, orders)


def place(v: Voyage, jobs: Mapping[str, int | bool], orders: Orders | None = None) -> Voyage:
    """Sailors on `jobs` (phase 1, or as each job's phase comes in a search), under the limits of phase 1."""
    orders = evolve(v.orders, **jobs) if orders is None else orders
    if jobs.get("gather") and not v.ashore:
        raise RuleError("gather", f"resources are gathered on an island, and sailors go to Gather in phase 1, only "
                                  f"at an island hex: the sloop began day {v.day} at sea at {v.dawn}")
    for job, n in jobs.items():
        if n > SLOT[job]:
            what = f"{int(n)} gathered: one per sailor, and" if job == "gather" else f"{int(n)} sailors on {job}:"
            raise RuleError("slots", f"{what} {job.title()} has {SLOT[job]} place{'s' * (SLOT[job] > 1)}")
    if orders.sailors > v.hands:
        taken = ", ".join(job.title() + f" \u00d7{int(n)}" * (n > 1) for job, n in orders.__dict__.items() if n)
        raise RuleError("sailors", f"{orders.sailors} jobs for {v.hands} well sailors (the wounded rest): {taken}")
    if v.slack is not None and sum(map(int, jobs.values())) > v.slack:
        raise RuleError("sailors", f"{sum(map(int, jobs.values()))} more sailors on tasks today, and the dead leave "
                                   f"room for {v.slack}: a sailor who dies is removed from the sheet with his coin")
    rule = RULES.weather(v.weather)
    if jobs.get("fish") and not rule.fish:
        raise RuleError("fish", f"nobody can fish in {rule.name}")
    if any(c in jobs for c in rule.crew) and not all(getattr(orders, c) for c in rule.crew) and must_leave(v):
        raise RuleError("hostile", f"the natives of {v.pos} are hostile: the crew must sail away as soon as the "
                                   f"weather lets it (\u2302), with sailors on {crew_words(rule)}")
    return evolve(v, orders=orders, slack=None if v.slack is None else v.slack - sum(map(int, jobs.values())))


def rest(v: Voyage, heal: bool) -> Voyage:
    """Phase 2: Water heals every resting sailor."""
    if not heal:
        return v
    if not v.resting:
        raise RuleError("rest", "nobody is wounded")
    s = v.stores
    if s[W] < RULES.rest_water:
        raise RuleError("rest", f"healing costs {RULES.rest_water} Water and there is {s[W]} (Rest is phase 2: "
                                "the Water a day gathers, is given or catches comes after it)")
    sailors = tuple(WELL if i in v.resting else x for i, x in enumerate(v.sailors))
    return evolve(v, stores=(s[W] - RULES.rest_water,) + s[1:], sailors=sailors)


def repair(v: Voyage, wood: int) -> Voyage:
    """Phase 3: Wood into Hull (\u2302 one for one), never above the Hull cap."""
    s = v.stores
    if wood and not v.orders.repair:
        raise RuleError("repair", "nobody is on Repair")
    if wood < 0 or wood > s[D]:
        raise RuleError("repair", f"{wood} Wood to repair with, and there is {s[D]}")
    hull = s[H] + wood * RULES.repair_rate
    if hull > CAP["hull"]:
        raise RuleError("repair", f"Hull {s[H]} + {wood * RULES.repair_rate} is above its cap {CAP['hull']}")
    return evolve(v, stores=(s[W], s[F], hull, s[D] - wood, s[N]))


def move(v: Voyage, route) -> Voyage:
    """Phase 4: storm damage, then the route the crew steers (the hexes entered) or, when the sloop is
    uncontrolled, the drift (a Direction roll's face); shoals on entering, the exit."""
    gm = v.gm
    steps, drifts, damage = movement_plan(v.weather, v.orders, at_island(v))
    v = evolve(v, stores=gain_stores(v.stores, "hull", -damage))
    if isinstance(route, int):
        if not drifts:
            raise RuleError("movement", "the sloop is not uncontrolled: no drift roll")
        target = toward(gm, v.pos, route)
        if target is None:
            return evolve(v, over=OFF_MAP)
        route = (target,)
    elif drifts:
        raise RuleError("movement", "the sloop is uncontrolled: it drifts, nobody steers")
    elif len(route) > steps:
        raise RuleError("movement", too_far(v, len(route), steps, back=route[-1] == v.pos))
    elif must_leave(v) and (route[-1] if route else v.pos) in v.island_at(v.pos).hexes:
        raise RuleError("hostile", f"the natives of {v.pos} are hostile: the sloop must leave the island "
                                   "this turn (\u2302 when the weather lets it)")
    pos, left = v.pos, set(v.left)
    goals = exits(gm)
    for lab in route:
        if lab not in gm.neighbors(pos):
            raise RuleError("movement", f"{lab} is not next to {pos}")
        here = v.island_at(pos)
        if here is not None and lab not in here.hexes:
            left.update(here.hexes)
        pos = lab
        if v.terrain.get(lab) == "shoals":
            v = evolve(v, stores=gain_stores(v.stores, "hull", -RULES.shoals_damage))
        if lab in goals:
            if lab != route[-1]:
                raise RuleError("win", f"the sloop reached the exit {lab}: the game was won, no more moves")
            return evolve(v, pos=pos, left=frozenset(left), over=ESCAPED)
    return evolve(v, pos=pos, left=frozenset(left))


def too_far(v: Voyage, hexes: int, steps: int, back: bool = False) -> str:
    """Why a route of `hexes` is too long today: the weather's limit, and the crew it needs. `back`: it
    ends where it began, as a Headwind without Tacking pushes the sloop back (which the rules call no move)."""
    rule = RULES.weather(v.weather)
    out = f"{hexes} hex{'es' * (hexes != 1)} in {rule.name}: at most {steps}"
    if back and rule.steps and rule.otherwise == "stay":
        out += "; pushed back into the hex it left, the sloop does not move: record no move"
    short = crew_short(v.weather, v.hands)
    if rule.steps and not steps:
        return out + (f" ({short})" if short else f" without sailors on {crew_words(rule)}")
    return out + (" steered, or exactly 1 adrift" if rule.otherwise == "drift" else "")


def crew_short(weather: str, well: int) -> str:
    """Why nobody can steer today, when the well sailors of phase 1 are fewer than the weather's crew
    ("" when they are not)."""
    rule = RULES.weather(weather)
    if not rule.steps or well >= len(rule.crew):
        return ""
    who = f"{well} sailor{'s are' if well != 1 else ' is'}" if well else "no sailor is"
    return (f"{rule.name} needs {'sailors' if len(rule.crew) > 1 else 'a sailor'} on {crew_words(rule)}, and {who} "
            "well: the wounded rest, healed or not")


def no_drift(weather: str) -> str:
    """Why a day in `weather` has no drift roll: the weather never drifts, or the crew steered (as
    `movement_plan` says for each weather, with nobody steering and with its crew)."""
    def drifts(rule, crew=()) -> bool:
        return movement_plan(rule.key, Orders(**dict.fromkeys(crew, True)), False)[1]
    storms = " and ".join(w.name for w in RULES.weathers if drifts(w, w.crew))
    adrift = " or ".join(w.name for w in RULES.weathers if drifts(w) and not drifts(w, w.crew))
    why = f"the sloop drifts only when uncontrolled ({storms}, or {adrift} with nobody steering)"
    rule = RULES.weather(weather)
    if drifts(rule):
        return f"the sloop was steered, and {why}"
    crew = crew_words(rule)
    return f"{rule.name} never drifts ({'without ' + crew + ' ' if crew else ''}the sloop stays where it is): {why}"


def routes(v: Voyage):
    """Every route the crew could steer today (hexes entered, in order), the empty one first; off an
    island whose natives turned hostile, only those that leave it."""
    steps, drifts, _ = movement_plan(v.weather, v.orders, at_island(v))
    out = frontier = [()]
    goals = exits(v.gm)
    for _ in range(0 if drifts else steps):  # a route ends at an exit
        frontier = [route + (lab,) for route in frontier if not (route and route[-1] in goals)
                    for lab in v.gm.neighbors(route[-1] if route else v.pos)]
        out = out + frontier
    if must_leave(v):
        island = v.island_at(v.pos).hexes
        out = [route for route in out if (route[-1] if route else v.pos) not in island]
    return out


def landing(v: Voyage) -> tuple[str, ...]:
    """The hexes of a new island the sloop ended its move on (() if none): roll its contents."""
    t = v.terrain.get(v.pos)
    if v.over or not is_island(t) or v.island_at(v.pos):
        return ()
    if t == "large-island":
        partner = [b if a == v.pos else a for a, b in v.pairs if v.pos in (a, b)]
        other = partner or [n for n in v.gm.neighbors(v.pos) if v.terrain.get(n) == t and not v.island_at(n)
                            and not any(n in pair for pair in v.pairs)]
        return (v.pos,) + tuple(other[:1])
    return (v.pos,)


def island_lies(game_map, terrain: Mapping[str, str], hexes: tuple[str, ...], size: str) -> None:
    """An island of terrain `size` landed on at `hexes`: a large one covers two hexes that touch (the spread
    roll places its second beside its first), any other one; each is mapped as that island (rule "mapped")."""
    word = size.removesuffix("-island")
    want = RULES.large_hexes if size == "large-island" else 1
    if len(hexes) != want:
        raise RuleError("island", f"a {word} island covers {want} hex{'es' * (want > 1)}, not {len(hexes)}")
    if want > 1 and hexes[1] not in game_map.neighbors(hexes[0]):
        raise RuleError("island", "a large island's two hexes touch")
    for lab in hexes:
        if terrain.get(lab) != size:
            raise RuleError("mapped", f"{lab} is {terrain.get(lab) or 'not mapped'}, not a {word} island")


def land(v: Voyage, face: int) -> Voyage:
    size = v.terrain[v.pos]
    _, cubes, natives = island_cubes(size, face)
    return evolve(v, islands=v.islands + (Island(landing(v), size, face, cubes, natives),))


def _colour(v: Voyage, label: str, terrain: str) -> Voyage:
    return evolve(v, terrain={**v.terrain, label: terrain}, drawn=v.drawn + ((label, terrain),))


def scan(v: Voyage, value) -> Voyage:
    """Phase 5, one roll: 2d6 (+ the bonus with every slot filled) colours the northmost blank neighbour.
    A large island's second hex comes from a Direction roll (⌂), rolled again until it points at a free
    neighbour; with none at all (no roll) the island becomes a medium one."""
    label = v.spreading
    if not label:
        label = scan_order(v.gm, v.pos, v.terrain)[0]
        terrain = RULES.scanned(sum(value) + (RULES.scan_full_bonus if v.orders.scan >= SLOT["scan"] else 0)).terrain
        v = _colour(v, label, terrain)
        return evolve(v, spreading=label) if terrain == "large-island" else v
    options = spread_options(v.gm, label, v.pos, v.terrain)
    if not options:
        drawn = tuple((lab, "medium-island" if lab == label else t) for lab, t in v.drawn)
        return evolve(v, terrain={**v.terrain, label: "medium-island"}, drawn=drawn, spreading="")
    target = toward(v.gm, label, value)
    if target not in options:
        return v  # roll again
    v = _colour(v, target, "large-island")
    return evolve(v, pairs=v.pairs + ((label, target),), spreading="")


def gather(v: Voyage, picks: tuple[str, ...]) -> Voyage:
    """Phase 6: each gatherer takes one cube (or one of a ∞ resource) of the island."""
    if len(picks) > v.orders.gather:
        raise RuleError("gather", f"{len(picks)} gathered by {v.orders.gather} sailors")
    if not picks:
        return v
    island = v.island_at(v.pos)
    if island is None and v.pos != v.dawn:
        raise RuleError("gather", f"nothing to gather here: in phase 6 the sloop is at {v.pos}, where the move of "
                                  f"phase 4 took it from {v.dawn}, and sailors gather only on the island the sloop is on")
    if island is None or not island.roll:
        raise RuleError("gather", "nothing to gather here" + (" (the starting island gives nothing, \u2302)"
                                                              if island else ""))
    if v.pos in v.left:
        raise RuleError("gather", f"the sloop left {v.pos} before: once it leaves an island it may not return "
                                  "to gather")
    if island.hostile:
        raise RuleError("hostile", "the natives turned hostile: nobody gathers on this island again (\u2302)")
    cubes = list(island.cubes)
    s = v.stores
    for key in picks:
        i = ISLAND_SUPPLIES.index(key)
        if cubes[i] is not None:
            if cubes[i] <= 0:
                most = island_cubes(island.size, island.roll)[1][i]  # and of any roll alike (size, natives):
                alike = max((float("inf") if c[i] is None else c[i])  # a roll without end is no alike
                            for _, c, natives in map(island_cubes, [island.size] * len(FACES), FACES)
                            if natives == island.natives)
                taken = most + picks.count(key) - island.cubes[i]
                raise RuleError("gather", f"{taken} {key} taken from this island, but " + (
                    f"any roll of its size and natives gives at most {alike}" if most == alike else
                    f"its roll {island.roll} gives at most {most}") + f" {key.title()}")
            cubes[i] -= 1
        s = gain_stores(s, key, RULES.gather_per_sailor)
    new = evolve(island, cubes=tuple(cubes))
    return evolve(v, stores=s, islands=tuple(new if i is island else i for i in v.islands))


def can_gather(v: Voyage) -> bool:
    island = v.island_at(v.pos)
    return bool(island and island.roll and not island.hostile and v.pos not in v.left
                and any(c is None or c > 0 for c in island.cubes))


def gathers(v: Voyage):
    """Every legal set of picks (sorted), the empty one first."""
    island = v.island_at(v.pos)
    out = [()]
    if not can_gather(v):
        return out
    for n in range(1, v.orders.gather + 1):
        for picks in combinations_with_replacement(sorted(ISLAND_SUPPLIES), n):
            if all(c is None or picks.count(k) <= c for k, c in zip(ISLAND_SUPPLIES, island.cubes)):
                out.append(picks)
    return out


def meets_natives(v: Voyage) -> bool:
    island = v.island_at(v.pos)
    return bool(island and island.natives and not island.hostile and not v.over)


def offer(v: Voyage, goods: int) -> Voyage:
    """Phase 7, before the roll: Goods to boost the encounter, each costing Hull."""
    if goods < 0 or goods * RULES.good_hull > v.stores[H]:
        raise RuleError("natives", f"{goods} Goods cost {goods * RULES.good_hull} Hull and the Hull is {v.stores[H]}")
    return evolve(v, goods=goods, stores=gain_stores(v.stores, "hull", -goods * RULES.good_hull))


def encounter_goes_on(v: Voyage) -> bool:
    """Roll the encounter die (again)? Until the natives answer, while a sailor is left to wound (the
    encounter's wounds so far, `due`, are fewer than would kill every sailor still alive)."""
    alive = sum(RULES.wounds_to_die - (s == WOUNDED) for s in v.sailors if s != DEAD)
    return not v.effect and v.due < alive


def encounter(v: Voyage, face: int) -> Voyage:
    """Phase 7, one encounter roll: a wound (and roll again), or the natives' answer."""
    band = encounter_at(face + v.goods * RULES.good_bonus)
    if band.effect == "wound":
        return evolve(v, due=v.due + 1)
    s = v.stores
    if band.effect in ("helpful", "revere"):  # Helpful gives some of each, Revere fills them all
        for key in ISLAND_SUPPLIES:
            s = gain_stores(s, key, band.gain if band.effect == "helpful" else CAP[key])
    islands = v.islands
    if band.effect == "hostile":
        here = v.island_at(v.pos)
        islands = tuple(evolve(i, hostile=True) if i is here else i for i in islands)
    return evolve(v, stores=s, effect=band.effect, islands=islands)


def give(v: Voyage, gift: str) -> Voyage:
    """Phase 7, Friendly natives: one resource of the player's choice."""
    if gift not in ISLAND_SUPPLIES:
        raise RuleError("natives", f"{gift!r} is not a gift the natives give ({', '.join(ISLAND_SUPPLIES)})")
    return evolve(v, stores=gain_stores(v.stores, gift, FRIENDLY.gain), effect=f"friendly: {gift}")


def drink(v: Voyage, _=None) -> Voyage:
    """Phase 8: the crew drinks (a wound, waiting for a sailor, when the Water is short), or in weather
    that needs no drinking a sailor on Drink Water catches rain."""
    s = v.stores
    if not RULES.weather(v.weather).drink:
        return evolve(v, stores=gain_stores(s, "water", RULES.rain_catch)) if v.orders.drink else v
    if s[W] >= RULES.drink:
        return evolve(v, stores=(s[W] - RULES.drink,) + s[1:])
    return evolve(v, due=v.due + 1)


def eat(v: Voyage, _=None) -> Voyage:
    """Phase 9: an empty larder wounds, fishing or not; a fisher feeds the crew, else it eats."""
    s = v.stores
    if s[F] == 0:
        return evolve(v, due=v.due + 1)
    if v.orders.fish:
        return v
    return evolve(v, stores=(s[W], max(0, s[F] - RULES.eat)) + s[H:])


def accident(v: Voyage, face: int | None) -> Voyage:
    """Phase 10: Hull 0 loses the game; else a roll at or above the Hull wounds a sailor."""
    if v.stores[H] == 0:
        return evolve(v, over=SANK)
    return evolve(v, due=v.due + hits(v.stores[H], face))


def hits(hull: int, face: int) -> bool:
    """Whether the Sloop Accident roll `face` wounds a sailor at this Hull (above 0)."""
    return face >= hull


def sky(face: int) -> str:
    """A weather roll's face on the Weather chart."""
    return WEATHER.lookup(face).results[0]


def next_weather(today: str, faces: tuple[int, ...]) -> str:
    """Phase 11: tomorrow's weather from the roll, or from a watcher's reroll of a Storm (which keeps the
    Storm on a Storm or No Change)."""
    name = sky(faces[-1])
    if len(faces) > 1 and name in RULES.watch_again:
        name = RULES.watch_rerolls
    return today if name == RULES.no_change else RULES.weather_named(name).key


def watch_rerolls(v: Voyage, first: int) -> bool:
    return bool(v.orders.watch) and sky(first) == RULES.watch_rerolls


def skies_done(v: Voyage) -> bool:
    return bool(v.skies) and (len(v.skies) > 1 or not watch_rerolls(v, v.skies[0]))


def watch(v: Voyage, face: int) -> Voyage:
    """Phase 11, one roll: tomorrow's weather once the roll (and a watcher's reroll) is in."""
    v = evolve(v, skies=v.skies + (face,))
    if skies_done(v):
        v = evolve(v, weather=next_weather(v.weather, v.skies))
    return v


# --- jobs placed as their phase comes (a search's reading of a day whose jobs are not recorded) --------
#
# A decider gives every job in phase 1. A save does not record them, so a search gives `LATER` in
# phase 1 and places each job just before the phase that uses it, under the same limits (slots, the
# well sailors of phase 1, Gather only when the day began at an island, the crew that must sail off a
# hostile island). Nothing rolled in between changes what is legal, so the days explained are the same.
# A sailor on a job that can do nothing today (Repair with no Wood, a lone Tacking in Fair Weather,
# Drink Water when everyone drinks) is not offered: the day without him is legal and does the same.

def all_orders(v: Voyage) -> tuple[Orders, ...]:
    """The assignments to offer in phase 1: every one that can make a difference today (as above; the
    rules take the others too), each job's options placed in turn as its place step places them (so under
    its limits). Scan may be of use wherever the sloop ends its move."""
    days = [evolve(v, hands=v.well, ashore=at_island(v), orders=NOBODY)]
    for job in ("crew", "repair", "scan", "gather", "drink", "fish", "watch"):
        placed = []
        for day in days:
            for value in _job_options(day, job, morning=True):
                try:
                    placed.append(STEPS[STEP_INDEX["place " + job]].apply(day, value))
                except RuleError:  # a crew short of the one that must sail off a hostile island
                    continue
        days = placed
    return tuple(day.orders for day in days)


def _job_options(v: Voyage, job: str, morning: bool = False):
    """The choices for one job that can make a difference today, with the well sailors not yet placed.
    The movement crews: in a storm each saving slot, and Anchorage at an island; else the weather's
    whole crew or nobody (part of it steers no better than nobody)."""
    rule = RULES.weather(v.weather)
    free = v.hands - v.orders.sailors if v.slack is None else min(v.slack, v.hands - v.orders.sailors)
    if job == "crew":
        saving = RULES.storm.saved_by
        crews = [()] + [c for n in range(1, len(saving) + 1) for c in combinations(saving, n)] if rule.storm else \
            [(), rule.crew] if rule.steps else [()]
        return [c for c in crews + [(RULES.storm.anchor,)] * (rule.storm and v.ashore) if len(c) <= free]
    if job == "scan":
        scans = bool(scan_order(v.gm, v.pos, v.terrain)) or morning and (bool(rule.steps) or rule.storm)
        return range(min(SLOT[job], free) + 1) if scans else (0,)
    if job == "gather":
        return range(min(SLOT[job], free) + 1) if v.ashore else (0,)
    repairs = v.stores[D] > 0 and v.stores[H] < CAP["hull"]
    useful = {"repair": repairs, "drink": not rule.drink, "fish": rule.fish}.get(job, True)
    return YES_NO if useful and free else NO_ONLY


def _place_job(job: str):
    fields = CREW_JOBS if job == "crew" else (job,)
    key = Decision(f"{job} sailors")

    def need(v: Voyage):  # a job nobody can usefully take stays unplaced: None reads as nobody
        return key if getattr(v.orders, fields[0]) is None and len(_job_options(v, job)) > 1 else None

    def apply(v: Voyage, value) -> Voyage:  # the movement crew's jobs are placed together
        return place(v, {f: f in value for f in fields} if job == "crew" else {job: value})

    return Step(f"place {job}", need, apply, frozenset({"orders"}), lambda v: _job_options(v, job))


def _scan_need(v: Voyage):
    if not v.orders.scan:
        return None
    if v.spreading:
        return ROLL["spread"] if spread_options(v.gm, v.spreading, v.pos, v.terrain) else AUTO
    return ROLL["scan"] if scan_order(v.gm, v.pos, v.terrain) else None


WOUND = Decision("wound")


def _wound_step(key: str) -> Step:
    return Step(key, lambda v: WOUND if v.due and not v.over else None, wound, frozenset({"sailors", "over", "orders"}),
                lambda v: [i for i, s in enumerate(v.sailors) if s != DEAD], repeat=True)


STEPS = (
    Step("assign", lambda v: Decision("orders"), begin_day, frozenset({"orders", "wounds"}), all_orders),
    Step("rest", lambda v: Decision("heal") if v.resting else None, rest, frozenset({"water", "sailors"}),
         lambda v: YES_NO if v.stores[W] >= RULES.rest_water else NO_ONLY),
    _place_job("repair"),
    Step("repair", lambda v: Decision("repair") if v.orders.repair else None, repair, frozenset({"hull", "wood"}),
         lambda v: range(min(v.stores[D], (CAP["hull"] - v.stores[H]) // RULES.repair_rate) + 1)),
    _place_job("crew"),
    Step("move", lambda v: ROLL["drift"] if movement_plan(v.weather, v.orders, at_island(v))[1] else ROUTE, move,
         frozenset({"hull", "pos", "over", "left"}), routes),
    Step("island", lambda v: ROLL["island"] if landing(v) else None, land, frozenset({"islands"})),
    _place_job("scan"),
    Step("scan", _scan_need, scan, frozenset({"terrain"}), repeat=True),
    _place_job("gather"),
    Step("gather", lambda v: Decision("gather") if v.orders.gather else None, gather,
         frozenset({"water", "food", "wood", "islands"}), gathers),
    Step("goods", lambda v: Decision("goods") if meets_natives(v) else None, offer, frozenset({"hull"}),
         lambda v: range(v.stores[H] // RULES.good_hull + 1)),
    Step("natives", lambda v: ROLL["natives"] if meets_natives(v) and encounter_goes_on(v)
         else None, encounter, frozenset({"water", "food", "wood", "islands", "wounds"}), repeat=True),
    Step("gift", lambda v: Decision("gift") if v.effect == "friendly" else None, give,
         frozenset({"water", "food", "wood"}), lambda v: ISLAND_SUPPLIES),
    _wound_step("natives wound"),
    _place_job("drink"),
    Step("drink", lambda v: AUTO, drink, frozenset({"water", "wounds"})),
    _wound_step("drink wound"),
    _place_job("fish"),
    Step("eat", lambda v: AUTO, eat, frozenset({"food", "wounds"})),
    _wound_step("eat wound"),
    Step("accident", lambda v: AUTO if v.stores[H] == 0 else ROLL["accident"], accident,
         frozenset({"wounds", "over"})),
    _wound_step("accident wound"),
    _place_job("watch"),
    Step("weather", lambda v: None if skies_done(v) else ROLL["weather"], watch, frozenset({"weather"}),
         repeat=True),
)
STEP_INDEX = {step.key: i for i, step in enumerate(STEPS)}
_PLACE_STEP = {job: STEP_INDEX["place " + ("crew" if job in CREW_JOBS else job)] for job in JOBS}
# for each step index, the jobs (by place in JOBS) whose phase (the step after their place step) is over;
# those whose place step is past, phase not (the crew's three are placed together: the first says for
# all); the day's progress fields and the last step that reads each
_DONE = tuple(tuple(k for k, job in enumerate(JOBS) if _PLACE_STEP[job] + 1 < i) for i in range(len(STEPS)))
_PLACED = tuple(tuple(k for k, job in enumerate(JOBS) if _PLACE_STEP[job] < i <= _PLACE_STEP[job] + 1)
                for i in range(len(STEPS)))
_PROGRESS = (("resting", STEP_INDEX["rest"], ()), ("goods", STEP_INDEX["natives"], 0), ("effect", STEP_INDEX["gift"], ""),
             ("skies", STEP_INDEX["weather"], ()))
# for each step index, the progress fields no step left today reads, with their blank values
_SPENT = tuple(tuple((name, blank) for name, last, blank in _PROGRESS if i == 0 or i > last) for i in range(len(STEPS)))


def faces(v: Voyage, need: Roll):
    """One roll for each effect a step's dice can have now (what a search tries when a save does not
    record the roll): faces that do the same are tried once."""
    key = need.key
    if key == "scan":
        return _scan_faces(RULES.scan_full_bonus if v.orders.scan >= SLOT["scan"] else 0)
    if key == "island":
        bonus = RULES.bonus(v.terrain.get(v.pos))
        return _one_each(lambda f: RULES.island(f + bonus), FACES)
    if key == "natives":
        return _one_each(lambda f: encounter_at(f + v.goods * RULES.good_bonus).effect, FACES)
    if key == "accident":
        return _one_each(lambda f: hits(v.stores[H], f), FACES)
    if key == "weather":
        return _one_each(lambda f: _sky(v, f), FACES)
    return FACES


@lru_cache(maxsize=4)  # not a rule: the scan's few bonuses remembered
def _scan_faces(bonus: int) -> tuple:
    return tuple(_one_each(lambda f: RULES.scanned(f[0] + f[1] + bonus).terrain, product(FACES, FACES)))


def _sky(v: Voyage, face: int) -> str:
    """What a weather roll does: tomorrow's weather, or a watcher's reroll still to come."""
    if not v.skies and watch_rerolls(v, face):
        return ""
    return next_weather(v.weather, v.skies + (face,))


def _one_each(effect, rolls) -> list:
    out: dict = {}
    for roll in rolls:
        out.setdefault(effect(roll), roll)
    return list(out.values())


def forget(v: Voyage) -> Voyage:
    """The voyage without what no step left today reads (who was on a finished job, and how many:
    see `spare`; today's rolls), and with the cubes of islands already left (never gathered again)
    set aside: two voyages that differ only there play on alike, so a search keeps one."""
    i = v.step
    changes: dict = {}
    if i == 0:  # the day is over
        if v.orders != NOBODY:
            changes["orders"] = NOBODY
        if v.stores[N]:
            changes["stores"] = v.stores[:N] + (0,)
        if v.slack is not None:
            changes["slack"] = None
        if v.left:
            gone = (0,) * len(ISLAND_SUPPLIES)
            islands = tuple(evolve(isl, roll=1, cubes=gone) if isl.roll and isl.cubes != gone and isl.hexes[0] in v.left
                            else isl for isl in v.islands)
            if islands != v.islands:
                changes["islands"] = islands
    else:
        done, placed = _DONE[i], _PLACED[i]
        values = list(v.orders.__dict__.values())  # in JOBS order
        if any(values[k] is not False and values[k] != 0 for k in done) or (placed and values[placed[0]] is None):
            for k in done:  # a finished job: nobody (0)
                values[k] = 0
            for k in placed:  # past its place step, unplaced reads as nobody (the Watch until the weather roll)
                values[k] = values[k] or 0
            changes["orders"] = Orders(*values)
    now = v.__dict__
    for name, blank in _SPENT[i]:
        if now[name] != blank:
            changes[name] = blank
    return evolve(v, **changes) if changes else v


def spare(v: Voyage) -> int:
    """The well sailors not yet on a job or on one whose phase is over (`forget` leaves them out):
    of two voyages alike but for this, the one with more can do all the other can."""
    if v.step == 0:
        return 0
    values = tuple(v.orders.__dict__.values())
    return v.hands - sum(values[k] or 0 for k in _DONE[v.step])


NOBODY = Orders()


def may_end_as(coloured, drawn: frozenset) -> bool:
    """Can a day that has coloured `coloured` so far (in order) still end with the hexes `drawn`? Each
    is one drawn, but the last may be a large island that becomes a medium one (no room for its second hex)."""
    *done, last = coloured or (None,)
    return all(x in drawn for x in done) and (last is None or last in drawn or (
        last[1] == "large-island" and (last[0], "medium-island") in drawn))


def no_worse(now: str, then: str) -> bool:
    """A sailor `now` may yet become `then` (a wound never heals later in the day)."""
    return _SEVERITY[now] <= _SEVERITY[then]


_SEVERITY = {state: i for i, state in enumerate((WELL, WOUNDED, DEAD))}  # how far from well


def landings(islands) -> frozenset:
    """The islands landed on (their hexes, size, natives): the start island is not one (⌂)."""
    return frozenset((frozenset(i.hexes), i.size, i.natives) for i in islands if i.roll)


def as_recorded(v: Voyage, pos: str, supplies: Mapping[str, int], sailors: tuple[str, ...],
                drawn: tuple[tuple[str, str], ...], day: int) -> Voyage:
    """`v` as a record says the voyage stands at the end of `day` (to go on after a day the rules do
    not explain)."""
    over = ESCAPED if pos in exits(v.gm) else ALL_DEAD if all(s == DEAD for s in sailors) else \
        SANK if supplies["hull"] == 0 else None  # Hull 0 at a day's end: phase 10 began at 0
    return evolve(v, pos=pos, stores=tuple(supplies[k] for k in ("water", "food", "hull", "wood")) + (0,),
                  sailors=sailors, drawn=drawn, terrain=dict(v.gm.terrain) | dict(drawn), skies=(), day=day, step=0,
                  over=over, due=0)


def outcome(v: Voyage) -> tuple[str, str] | None:
    return v.over


STANDINS = MappingProxyType({})  # the contract's rulings with a neutral stand-in: none in 1672

PARTS = {
    "water": lambda v: v.stores[W], "food": lambda v: v.stores[F], "hull": lambda v: v.stores[H],
    "wood": lambda v: v.stores[D], "sailors": lambda v: v.sailors, "wounds": lambda v: v.stores[N] + v.due,
    "pos": lambda v: v.pos, "over": lambda v: v.over, "left": lambda v: v.left, "orders": lambda v: v.orders,
    "islands": lambda v: v.islands, "terrain": lambda v: v.drawn, "weather": lambda v: v.weather,
}  # the state by the parts a step's reach names (what a search compares)


def parts(v: Voyage) -> dict:
    return {name: get(v) for name, get in PARTS.items()}


def score(v: Voyage) -> tuple[tuple[str, int], ...]:
    out = [("hexes mapped", len(v.drawn) * RULES.score_per_hex)]
    if v.over and v.over[0] == "won":
        islands = sum(1 for i in v.islands if i.roll)
        out.append((f"island{'s' * (islands != 1)} visited", islands * RULES.score_per_island))
    return tuple(out)
