"""The rules of 1672: The Lost Crew in motion: a pure, deterministic state machine.

A `Voyage` is the whole game at one moment (frozen). Each phase of a day is a function that takes a
voyage, the player's decision for that phase and the dice (tuples of die faces), and returns the next
voyage; it raises `Illegal` when the decision breaks a rule. Every number and chart comes from the
game data (`lostprint.games.lost_crew.RULES`); nothing here rolls, reads or writes.

The supplies (water, food, hull, wood) and the count of wounds taken today travel through the
phases as a small tuple, `Stores`; the `*_stores` functions are the phases' effect on it alone.
`outcomes()` applies one of them to every die face a phase could roll: what the validator uses on a
day whose dice were not recorded.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import Mapping

from lostprint.games.lost_crew import DIRECTION, ISLAND_SUPPLIES, RULES, TRACKERS, WEATHER
from lostprint.geometry import hexgrid

WELL, WOUNDED, DEAD = "well", "wounded", "dead"
FACES = tuple(b.low for b in DIRECTION.bands)  # a six-sided die, as the Direction chart numbers it
CAP = {t.key: t.maximum for t in TRACKERS}
START = {t.key: t.start for t in TRACKERS}
INDEX = {t.key: i for i, t in enumerate(TRACKERS)}  # Stores: the supplies, then wounds taken today
W, F, H, D = (INDEX[key] for key in ("water", "food", "hull", "wood"))
N = len(TRACKERS)


class Illegal(ValueError):
    """A decision the rules do not allow (the message says which rule, and its limit)."""


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


@dataclass(frozen=True)
class Orders:
    """Phase 1: where the sailors go. Wounded sailors rest; these jobs take well sailors."""

    repair: bool = False
    movement: bool = False
    tacking: bool = False
    anchorage: bool = False
    scan: int = 0
    gather: int = 0
    drink: bool = False
    fish: bool = False
    watch: bool = False

    @property
    def sailors(self) -> int:
        return (self.repair + self.movement + self.tacking + self.anchorage + self.scan + self.gather
                + self.drink + self.fish + self.watch)


@dataclass(frozen=True)
class Voyage:
    pos: str
    weather: str  # today's weather (a WeatherRule key)
    stores: Stores
    sailors: tuple[str, ...]  # WELL / WOUNDED / DEAD, one per sailor
    terrain: Mapping[str, str]  # every coloured hex (never changed in place: a phase makes a new one)
    drawn: tuple[str, ...] = ()  # hexes the player coloured, in order (they score)
    islands: tuple[Island, ...] = ()
    left: frozenset = frozenset()  # island hexes sailed away from: never gathered again
    pairs: tuple[tuple[str, str], ...] = ()  # the two hexes of each large island scanned this game
    day: int = 0
    orders: Orders = Orders()
    resting: tuple[int, ...] = ()  # sailors wounded at the start of the day
    over: tuple[str, str] | None = None  # (won | lost, why)

    def value(self, key: str) -> int:
        return self.stores[INDEX[key]]

    def island_at(self, label: str) -> Island | None:
        return next((i for i in self.islands if label in i.hexes), None)

    @property
    def living(self) -> int:
        return sum(s != DEAD for s in self.sailors)

    @property
    def well(self) -> int:
        return sum(s == WELL for s in self.sailors)


def start(game_map, names: int = RULES.sailors) -> Voyage:
    """The voyage at set-up: the start island already visited (⌂), trackers at their start."""
    terrain = dict(game_map.terrain)
    size = terrain.get(game_map.start, "")
    home = Island((game_map.start,), size, 0, tuple(0 for _ in ISLAND_SUPPLIES))
    return Voyage(pos=game_map.start, weather=RULES.start_weather,
                  stores=(START["water"], START["food"], START["hull"], START["wood"], 0),
                  sailors=(WELL,) * names, terrain=terrain, islands=(home,))


# --- wounds ------------------------------------------------------------------------------------


def wound(v: Voyage, order: tuple[int, ...] = ()) -> Voyage:
    """One wound, to a well sailor if any (the first of `order`, the player's choice, else the first),
    else to a wounded one, who dies."""
    alive = [i for i, s in enumerate(v.sailors) if s != DEAD]
    if not alive or v.over:
        return v
    pick = [i for i in order if v.sailors[i] == WELL] or [i for i in alive if v.sailors[i] == WELL] or \
        [i for i in order if v.sailors[i] == WOUNDED] or alive
    who = pick[0]
    sailors = list(v.sailors)
    sailors[who] = WOUNDED if sailors[who] == WELL else DEAD
    s = v.stores
    v = replace(v, sailors=tuple(sailors), stores=s[:N] + (s[N] + 1,))
    if all(x == DEAD for x in sailors):
        v = replace(v, over=("lost", "the last sailor died"))
    return v


def kill_all(sailors: tuple[str, ...]) -> int:
    """Wounds that would kill every sailor still alive."""
    return sum(RULES.wounds_to_die if s == WELL else RULES.wounds_to_die - 1 for s in sailors if s != DEAD)


# --- the stores, phase by phase (pure functions of small tuples) --------------------------------


def clamp(key: str, value: int) -> int:
    return max(0, min(CAP[key], value))


def rest_stores(s: Stores, heal: bool) -> Stores:
    if not heal:
        return s
    if s[W] < RULES.rest_water:
        raise Illegal(f"healing costs {RULES.rest_water} Water and there is {s[W]}")
    return (s[W] - RULES.rest_water,) + s[1:]


def repair_stores(s: Stores, wood: int) -> Stores:
    """Turn `wood` Wood into Hull (⌂ one for one), never above the Hull cap."""
    if wood < 0 or wood > s[D]:
        raise Illegal(f"{wood} Wood to repair with, and there is {s[D]}")
    if s[H] + wood * RULES.repair_rate > CAP["hull"]:
        raise Illegal(f"Hull {s[H]} + {wood * RULES.repair_rate} is above its cap {CAP['hull']}")
    return (s[W], s[F], s[H] + wood * RULES.repair_rate, s[D] - wood, s[N])


def damage_stores(s: Stores, hull: int) -> Stores:
    return (s[W], s[F], max(0, s[H] - hull), s[D], s[N])


def gain_stores(s: Stores, key: str, n: int) -> Stores:
    i = INDEX[key]
    out = list(s)
    out[i] = clamp(key, s[i] + n)
    return tuple(out)


def storm_damage(movement: bool, tacking: bool) -> int:
    st = RULES.storm
    saved = {"movement": movement, "tacking": tacking}
    return max(st.minimum, st.damage - sum(bool(saved.get(x)) for x in st.saved_by))


def natives_stores(s: Stores, goods: int, faces: tuple[int, ...], gift: str = "water",
                   stop: int | None = None) -> tuple[Stores, str]:
    """Phase 7 on the stores: Goods cost Hull before the roll, then each face in turn (a wound rolls
    again). Returns the stores (wounds counted) and the final effect. `stop`: wounds that end the game."""
    if goods < 0 or goods * RULES.good_hull > s[H]:
        raise Illegal(f"{goods} Goods cost {goods * RULES.good_hull} Hull and the Hull is {s[H]}")
    s = damage_stores(s, goods * RULES.good_hull)
    for k, face in enumerate(faces):
        band = encounter_at(face + goods * RULES.good_bonus)
        if band.effect == "wound":
            s = s[:N] + (s[N] + 1,)
            if stop is not None and s[N] >= stop:
                if k + 1 != len(faces):
                    raise Illegal("the last sailor died: no more encounter rolls")
                return s, "wound"
            continue
        if k + 1 != len(faces):
            raise Illegal(f"a {face} ends the encounter; {len(faces) - k - 1} more rolls recorded")
        if band.effect == "friendly":
            if gift not in ISLAND_SUPPLIES:
                raise Illegal(f"{gift!r} is not a gift the natives give ({', '.join(ISLAND_SUPPLIES)})")
            s = gain_stores(s, gift, band.gain)
        elif band.effect == "helpful":
            for key in ISLAND_SUPPLIES:
                s = gain_stores(s, key, band.gain)
        elif band.effect == "revere":
            for key in ISLAND_SUPPLIES:
                s = gain_stores(s, key, CAP[key])
        return s, band.effect
    raise Illegal("the encounter needs a roll")


# the encounter chart by total, looked up once (a total past the table is its last row)
_ENCOUNTERS = tuple(RULES.encounter(total) for total in range(FACES[0], FACES[-1] + CAP["hull"] * RULES.good_bonus + 1))


def encounter_at(total: int):
    return _ENCOUNTERS[min(total, len(_ENCOUNTERS)) - 1]


def drink_stores(s: Stores, weather: str, drinker: bool) -> Stores:
    rule = RULES.weather(weather)
    if rule.drink:
        if s[W] >= RULES.drink:
            return (s[W] - RULES.drink,) + s[1:]
        return s[:N] + (s[N] + 1,)
    if drinker:
        return gain_stores(s, "water", RULES.rain_catch)
    return s


def eat_stores(s: Stores, weather: str, fish: bool) -> Stores:
    if fish and not RULES.weather(weather).fish:
        raise Illegal(f"nobody can fish in {RULES.weather(weather).name}")
    if s[F] == 0:  # an empty larder wounds, fishing or not
        return s[:N] + (s[N] + 1,)
    if fish:
        return s
    return (s[W], max(0, s[F] - RULES.eat)) + s[H:]


def accident_wounds(hull: int, face: int) -> int:
    return int(face >= hull)


def outcomes(apply, s: Stores, dice: int = 1) -> set:
    """Every result of `apply(s, faces)` over all rolls of `dice` dice: a phase with unknown dice."""
    out = set()
    for faces in product(FACES, repeat=dice):
        try:
            out.add(apply(s, faces))
        except Illegal:
            pass
    return out


# --- the map -------------------------------------------------------------------------------------


def exits(game_map) -> tuple[str, ...]:
    """The exit hexes: the map's goals, or its exit features (variant maps)."""
    return tuple(game_map.goals) or tuple(h for f in game_map.features_of("exit") for h in f.hexes)


def direction(face: int) -> str:
    return DIRECTION.lookup(face).results[0]


def toward(game_map, label: str, face: int) -> str | None:
    """The hex one step from `label` in the die's direction (None: off the map)."""
    return game_map.by_hex.get(hexgrid.neighbor(game_map.axial[label], direction(face)))


def is_island(terrain: str | None) -> bool:
    return RULES.bonus(terrain) is not None


def movement_plan(weather: str, orders: Orders, at_island: bool) -> tuple[int, bool, int]:
    """(hexes the crew may steer, drifts?, hull damage) for today's weather and crew."""
    rule = RULES.weather(weather)
    if rule.storm:
        if getattr(orders, RULES.storm.anchor) and at_island:
            return 0, False, 0
        return 0, True, storm_damage(orders.movement, orders.tacking)
    if rule.steps and all(getattr(orders, c) for c in rule.crew):
        return rule.steps, False, 0
    return 0, rule.steps > 0 and rule.otherwise == "drift", 0


def scan_order(game_map, pos: str, terrain: Mapping[str, str]) -> list[str]:
    """The blank neighbours of `pos`, northmost first (then west to east)."""
    blank = [n for n in game_map.neighbors(pos) if n not in terrain]
    return sorted(blank, key=lambda lab: (_north(game_map, lab), game_map.axial[lab][0]))


def _north(game_map, lab: str) -> float:
    q, r = game_map.axial[lab]
    return r + q / 2  # not a rule: flat-top hex geometry (a column is half a row lower)


def spread_options(game_map, label: str, pos: str, terrain: Mapping[str, str]) -> list[str]:
    """Where a large island's second hex may go (⌂): a blank hex on the map, not the sloop's."""
    return [n for n in game_map.neighbors(label) if n not in terrain and n != pos]


def island_cubes(size: str, face: int) -> tuple[int, tuple[int | None, ...], bool]:
    band = RULES.island(face + RULES.bonus(size))
    return face + RULES.bonus(size), tuple(n for _, n in band.cubes()), band.natives


# --- the phases of a day ------------------------------------------------------------------------


def begin_day(v: Voyage, orders: Orders) -> Voyage:
    """Phase 1: the wounded rest; the jobs must fit the well sailors and the task slots."""
    from lostprint.games.lost_crew import slot_count

    for job in ("repair", "movement", "tacking", "anchorage", "scan", "gather", "drink", "fish", "watch"):
        if int(getattr(orders, job)) > slot_count(job):
            raise Illegal(f"{int(getattr(orders, job))} sailors on {job}: it has {slot_count(job)} slots")
    if orders.sailors > v.well:
        raise Illegal(f"{orders.sailors} jobs for {v.well} well sailors")
    if orders.gather and not is_island(v.terrain.get(v.pos)):
        raise Illegal("gathering needs an island hex")
    resting = tuple(i for i, s in enumerate(v.sailors) if s == WOUNDED)
    return replace(v, day=v.day + 1, orders=orders, resting=resting, stores=v.stores[:N] + (0,))


def rest(v: Voyage, heal: bool) -> Voyage:
    """Phase 2: spend Water to heal every resting sailor."""
    if heal and not v.resting:
        raise Illegal("nobody is wounded")
    sailors = tuple(WELL if i in v.resting and heal else s for i, s in enumerate(v.sailors))
    return replace(v, stores=rest_stores(v.stores, heal), sailors=sailors)


def repair(v: Voyage, wood: int) -> Voyage:
    if wood and not v.orders.repair:
        raise Illegal("nobody is on Repair")
    return replace(v, stores=repair_stores(v.stores, wood))


def move(v: Voyage, game_map, route: tuple[str, ...], drift_face: int | None = None) -> Voyage:
    """Phase 4: storm damage, then the steered route or the drift, shoals on entering, the exit."""
    steps, drifts, damage = movement_plan(v.weather, v.orders, is_island(v.terrain.get(v.pos)))
    v = replace(v, stores=damage_stores(v.stores, damage))
    if drifts:
        if route:
            raise Illegal("the sloop is uncontrolled: it drifts, nobody steers")
        if drift_face is None:
            raise Illegal("an uncontrolled sloop rolls the Direction chart")
        target = toward(game_map, v.pos, drift_face)
        if target is None:
            return replace(v, over=("lost", "drifted off the map"))
        route = (target,)
    elif drift_face is not None:
        raise Illegal("the sloop is not uncontrolled: no drift roll")
    elif len(route) > steps:
        raise Illegal(f"{len(route)} hexes in {RULES.weather(v.weather).name}: at most {steps}")
    pos, left = v.pos, set(v.left)
    for lab in route:
        if lab not in game_map.neighbors(pos):
            raise Illegal(f"{lab} is not next to {pos}")
        here = v.island_at(pos)
        if here is not None and lab not in here.hexes:
            left.update(here.hexes)
        pos = lab
        if v.terrain.get(lab) == "shoals":
            v = replace(v, stores=damage_stores(v.stores, RULES.shoals_damage))
        if lab in exits(game_map):
            return replace(v, pos=pos, left=frozenset(left), over=("won", "reached the open sea beyond the exit"))
    return replace(v, pos=pos, left=frozenset(left))


def landing(v: Voyage, game_map) -> tuple[str, ...]:
    """The hexes of a new island the sloop ended its move on (() if none): roll its contents."""
    t = v.terrain.get(v.pos)
    if v.over or not is_island(t) or v.island_at(v.pos):
        return ()
    if t == "large-island":
        partner = [b if a == v.pos else a for a, b in v.pairs if v.pos in (a, b)]
        other = partner or [n for n in game_map.neighbors(v.pos) if v.terrain.get(n) == t and not v.island_at(n)
                            and not any(n in pair for pair in v.pairs)]
        return (v.pos,) + tuple(other[:1])
    return (v.pos,)


def land(v: Voyage, game_map, face: int) -> Voyage:
    hexes = landing(v, game_map)
    if not hexes:
        raise Illegal("no new island here")
    size = v.terrain[v.pos]
    _, cubes, natives = island_cubes(size, face)
    return replace(v, islands=v.islands + (Island(hexes, size, face, cubes, natives),))


def scan_hex(v: Voyage, label: str, pair: tuple[int, int], scanners: int) -> Voyage:
    """Phase 5 for one blank neighbour: colour it from 2d6 (+ the bonus with every slot filled)."""
    from lostprint.games.lost_crew import slot_count

    bonus = RULES.scan_full_bonus if scanners >= slot_count("scan") else 0
    terrain = RULES.scanned(sum(pair) + bonus).terrain
    return _colour(v, label, terrain)


def _colour(v: Voyage, label: str, terrain: str) -> Voyage:
    if label in v.terrain:
        raise Illegal(f"{label} is already coloured")
    coloured = dict(v.terrain)
    coloured[label] = terrain
    return replace(v, terrain=coloured, drawn=v.drawn + (label,))


def spread(v: Voyage, game_map, label: str, face: int | None) -> tuple[Voyage, bool]:
    """A large island's second hex from a Direction roll (⌂): (voyage, placed?). With no free
    neighbour at all (face None) the island becomes a medium one."""
    options = spread_options(game_map, label, v.pos, v.terrain)
    if not options:
        coloured = dict(v.terrain)
        coloured[label] = "medium-island"
        return replace(v, terrain=coloured), True
    target = toward(game_map, label, face)
    if target not in options:
        return v, False  # roll again
    v = _colour(v, target, "large-island")
    return replace(v, pairs=v.pairs + ((label, target),)), True


def gather(v: Voyage, picks: tuple[str, ...]) -> Voyage:
    """Phase 6: each gatherer takes one cube (or one of a ∞ resource) of the island."""
    if len(picks) > v.orders.gather:
        raise Illegal(f"{len(picks)} gathered by {v.orders.gather} sailors")
    if not picks:
        return v
    island = v.island_at(v.pos)
    if island is None or v.pos in v.left or island.hostile:
        raise Illegal("nothing to gather here")
    cubes = list(island.cubes)
    s = v.stores
    for key in picks:
        i = ISLAND_SUPPLIES.index(key)
        if cubes[i] is not None:
            if cubes[i] <= 0:
                raise Illegal(f"no {key} left on the island")
            cubes[i] -= 1
        s = gain_stores(s, key, RULES.gather_per_sailor)
    new = replace(island, cubes=tuple(cubes))
    return replace(v, stores=s, islands=tuple(new if i is island else i for i in v.islands))


def meets_natives(v: Voyage) -> bool:
    island = v.island_at(v.pos)
    return bool(island and island.natives and not island.hostile and not v.over)


def encounter_goes_on(v: Voyage, goods: int, faces: tuple[int, ...]) -> bool:
    """Roll the encounter die again? After a wound, while a sailor is left to wound."""
    wounds = sum(encounter_at(f + goods * RULES.good_bonus).effect == "wound" for f in faces)
    return not faces or (encounter_at(faces[-1] + goods * RULES.good_bonus).effect == "wound"
                         and wounds < kill_all(v.sailors))


def natives(v: Voyage, goods: int, faces: tuple[int, ...], gift: str = "water",
            order: tuple[int, ...] = ()) -> tuple[Voyage, str]:
    """Phase 7: Goods (each costs Hull), then the encounter; a wound rolls again."""
    island = v.island_at(v.pos)
    before = v.stores[N]
    s, effect = natives_stores(v.stores, goods, faces, gift, stop=before + kill_all(v.sailors))
    v = replace(v, stores=s[:N] + (before,))
    for _ in range(s[N] - before):
        v = wound(v, order)
    if effect == "hostile":
        v = replace(v, islands=tuple(replace(i, hostile=True) if i is island else i for i in v.islands))
    return v, effect


def drink(v: Voyage, order: tuple[int, ...] = ()) -> Voyage:
    return _with_wounds(v, drink_stores(v.stores, v.weather, v.orders.drink), order)


def eat(v: Voyage, order: tuple[int, ...] = ()) -> Voyage:
    return _with_wounds(v, eat_stores(v.stores, v.weather, v.orders.fish), order)


def _with_wounds(v: Voyage, s: Stores, order) -> Voyage:
    new = s[N] - v.stores[N]
    v = replace(v, stores=s[:N] + (v.stores[N],))
    for _ in range(new):
        v = wound(v, order)
    return v


def accident(v: Voyage, face: int | None, order: tuple[int, ...] = ()) -> Voyage:
    """Phase 10: Hull 0 loses the game; else a roll at or above the Hull wounds a sailor."""
    if v.stores[H] == 0:
        return replace(v, over=("lost", "the sloop sank"))
    if face is None:
        raise Illegal("the accident needs a roll")
    return wound(v, order) if accident_wounds(v.stores[H], face) else v


def next_weather(today: str, faces: tuple[int, ...], watch: bool) -> str:
    """Phase 11: tomorrow's weather from one face, or two when a watcher rerolls a Storm."""
    first = WEATHER.lookup(faces[0]).results[0]
    rerolls = watch and first == RULES.watch_rerolls
    if len(faces) != 1 + rerolls:
        raise Illegal(f"{len(faces)} weather rolls; {'a watcher rerolls the Storm' if rerolls else 'one roll'}")
    name = first
    if rerolls:
        again = WEATHER.lookup(faces[1]).results[0]
        name = RULES.watch_rerolls if again in RULES.watch_again else again
    if name == RULES.no_change:
        return today
    return RULES.weather_named(name).key


def watch_rerolls(v: Voyage, first: int) -> bool:
    """Does a watcher reroll this first weather face?"""
    return v.orders.watch and WEATHER.lookup(first).results[0] == RULES.watch_rerolls


def weather_watch(v: Voyage, faces: tuple[int, ...]) -> Voyage:
    return replace(v, weather=next_weather(v.weather, faces, v.orders.watch))


def weathers_after(today: str, watch: bool) -> set[str]:
    """Every weather phase 11 could bring."""
    return {next_weather(today, f, watch) for f in _weather_faces(watch)}


def _weather_faces(watch: bool):
    first = [(f,) for f in FACES]
    if not watch:
        return first
    storm = next(b.low for b in WEATHER.bands if b.results[0] == RULES.watch_rerolls)
    return [f for f in first if f[0] != storm] + [(storm, g) for g in FACES]


def score(v: Voyage) -> tuple[tuple[str, int], ...]:
    out = [("hexes mapped", len(v.drawn) * RULES.score_per_hex)]
    if v.over and v.over[0] == "won":
        islands = sum(1 for i in v.islands if i.roll)
        out.append((f"island{'s' * (islands != 1)} visited", islands * RULES.score_per_island))
    return tuple(out)
