"""1672: The Lost Crew, as data. Every number and effect follows the published rules; the wording
is lostprint's own. The rules themselves are typed once, in `RULES` (a `CrewRules`): the engine
(lostprint.engine.lost_crew), the save validator, the players, the sheet and the rulebook all read
it. Where the published rules are silent, the ruling is a `Ruling` in `RULINGS`, marked ⌂ with its
reason wherever it shows."""
from __future__ import annotations

from dataclasses import dataclass, replace

from lostprint.games.model import HOUSE_MARK, Band, Chart, Game, Phase, Piece, Symbol, Terrain, Tracker

INF = None  # an island resource without end (the ∞ box)

TRACKERS = (
    Tracker("water", "Water", 6, 6, primary=True),
    Tracker("food", "Food", 6, 6, primary=True),
    Tracker("hull", "Hull", 6, 6, primary=True, note="Sloop Accident / Hull points"),
    Tracker("wood", "Wood", 0, 6, primary=True, note="no die until you gather wood"),
)
SUPPLIES = tuple(t.key for t in TRACKERS)  # water, food, hull, wood: the order of the engine's stores
ISLAND_SUPPLIES = ("water", "wood", "food")  # what islands and natives give, in the sheet's order


# --- the typed rules ------------------------------------------------------------------------------


@dataclass(frozen=True)
class IslandBand:
    """A row of the Island Contents chart: cubes of each resource (INF: without end) and natives."""

    low: int
    high: int | None
    water: int | None
    wood: int | None
    food: int | None
    natives: bool = False

    def covers(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)

    def cubes(self) -> tuple[tuple[str, int | None], ...]:
        return tuple((key, getattr(self, key)) for key in ISLAND_SUPPLIES)


@dataclass(frozen=True)
class ScanBand:
    """A row of the Scan Horizon chart: the terrain a scanned hex is coloured."""

    low: int
    high: int | None
    terrain: str
    label: str

    def covers(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)


@dataclass(frozen=True)
class NativesBand:
    """A row of the Native Encounter chart. effect: wound (and roll again), hostile, ignore,
    friendly (`gain` of one resource of your choice), helpful (`gain` of each), revere (all to the cap)."""

    low: int
    high: int | None
    effect: str
    label: str
    gain: int = 0

    def covers(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)


@dataclass(frozen=True)
class WeatherRule:
    """What a weather does to a day. The sloop sails up to `steps` hexes when the slots in `crew`
    are filled; otherwise (or always, when `steps` is 0) it does `otherwise`: "drift" one hex on the
    Direction chart, or "stay". `drink`: phase 8 costs Water; `fish`: phase 9 allows fishing."""

    key: str  # how a save writes it
    name: str  # as the weather chart prints it
    steps: int
    crew: tuple[str, ...]
    otherwise: str
    drink: bool
    fish: bool
    storm: bool = False


@dataclass(frozen=True)
class Storm:
    """Storm damage in phase 4: `damage` Hull, one less per sailor on a `saved_by` slot, never below
    `minimum`; a sailor on `anchor` while the sloop is at an island cancels the storm."""

    damage: int
    saved_by: tuple[str, ...]
    minimum: int
    anchor: str


@dataclass(frozen=True)
class Roll:
    """A die roll a day may record under `rolls:` (the key), the phase it belongs to, and its dice:
    `per` says what one entry is ("day": one roll; "hex": one per scanned hex; "repeat": as often as
    the chart says to roll again)."""

    key: str
    phase: int
    dice: int
    per: str = "day"
    what: str = ""


@dataclass(frozen=True)
class Ruling:
    """A place where the published rules are silent or unclear, and what lostprint rules (⌂)."""

    key: str
    where: str
    text: str
    reason: str
    phase: int | None = None  # the task-board phase it belongs to (None: a chart, set-up, scoring, winning)


@dataclass(frozen=True)
class CrewRules:
    sailors: int
    wounds_to_die: int
    large_hexes: int  # hexes a large island covers
    start_weather: str  # a WeatherRule key
    weathers: tuple[WeatherRule, ...]
    no_change: str  # the weather face that keeps today's weather
    watch_rerolls: str  # the weather a watcher may reroll once
    watch_again: tuple[str, ...]  # results of the reroll that still bring it
    storm: Storm
    shoals_damage: int
    island_bonus: tuple[tuple[str, int], ...]  # island terrain -> added to its contents roll
    islands: tuple[IslandBand, ...]
    scan: tuple[ScanBand, ...]
    scan_full_bonus: int  # added to each scan roll when every Scan Horizon slot is filled
    natives: tuple[NativesBand, ...]
    good_hull: int  # Hull lost per Good offered
    good_bonus: int  # added to the encounter roll per Good (⌂)
    rest_water: int  # Water spent to heal every resting sailor
    repair_rate: int  # Hull per Wood (⌂)
    gather_per_sailor: int
    drink: int
    rain_catch: int  # Water a sailor on Drink Water catches in weather that needs no drinking (⌂)
    eat: int
    score_per_hex: int
    score_per_island: int  # on a win
    rolls: tuple[Roll, ...]
    rulings: tuple[Ruling, ...]
    # what the sheet and the rulebook print, built below from the numbers above
    tasks: tuple = ()  # Task, one per phase on the task board
    weather_track: tuple = ()  # WeatherEffect, one per weather chart row
    island_resources: tuple[tuple[str, str, int], ...] = ()  # cube spaces: key, name, how many
    uncontrolled: str = ""
    map_key: tuple[str, ...] = ()
    weather_phases: tuple[int, ...] = ()  # the phases the weather changes: movement, drinking, fishing
    map_key_notes: tuple[tuple[str, str], ...] = ()
    goal_text: str = ""
    win_text: str = ""
    lose_text: str = ""
    score_text: str = ""

    def weather(self, key: str) -> WeatherRule:
        for w in self.weathers:
            if w.key == key:
                return w
        raise KeyError(key)

    def weather_named(self, name: str) -> WeatherRule | None:
        return next((w for w in self.weathers if w.name == name), None)

    def bonus(self, terrain: str | None) -> int | None:
        """What an island terrain adds to its contents roll; None for a terrain that is no island."""
        return dict(self.island_bonus).get(terrain)

    def island(self, total: int) -> IslandBand:
        return next(b for b in self.islands if b.covers(total))

    def scanned(self, total: int) -> ScanBand:
        return next(b for b in self.scan if b.covers(total))

    def encounter(self, total: int) -> NativesBand:
        return next(b for b in self.natives if b.covers(total))

    def ruling(self, key: str) -> Ruling:
        return next(r for r in self.rulings if r.key == key)


WEATHERS = (
    WeatherRule("storm", "Storm", 0, (), "drift", drink=False, fish=False, storm=True),
    WeatherRule("doldrums", "Doldrums", 0, (), "stay", drink=True, fish=True),
    WeatherRule("rain", "Rain", 1, ("movement", "tacking"), "drift", drink=False, fish=True),
    WeatherRule("headwind", "Headwind", 1, ("movement", "tacking"), "stay", drink=True, fish=True),
    WeatherRule("fair", "Fair Weather", 2, ("movement",), "drift", drink=True, fish=True),
)
STORM = Storm(3, ("movement", "tacking"), 1, "anchorage")

ISLAND_BANDS = (
    IslandBand(1, 2, 3, 0, 0),
    IslandBand(3, 3, 3, 1, 0),
    IslandBand(4, 4, 3, 1, 1),
    IslandBand(5, 5, 3, 2, 2),
    IslandBand(6, 6, 4, 2, 2, natives=True),
    IslandBand(7, 7, INF, 2, 2, natives=True),
    IslandBand(8, None, INF, INF, INF, natives=True),
)
SCAN_BANDS = (
    ScanBand(2, 8, "sea", "Sea"),
    ScanBand(9, 9, "shoals", "Shoals"),
    ScanBand(10, 10, "small-island", "Small Island"),
    ScanBand(11, 11, "medium-island", "Medium Island"),
    ScanBand(12, None, "large-island", "Large Island (2 hexes)"),
)
NATIVES_BANDS = (
    NativesBand(1, 1, "wound", "Wound a sailor, roll again"),
    NativesBand(2, 2, "hostile", "Hostile: leave once you can steer"),
    NativesBand(3, 3, "ignore", "Ignore you: gather next day"),
    NativesBand(4, 4, "friendly", "Friendly: +{gain} Water, Food or Wood", gain=1),
    NativesBand(5, 5, "helpful", "Helpful: +{gain} of each", gain=1),
    NativesBand(6, None, "revere", "Revere you: all three to {cap}"),
)
ISLAND_ROLL_BONUS = (("small-island", 0), ("medium-island", 1), ("large-island", 3))

ROLLS = (
    Roll("drift", 4, 1, what="the Direction chart, when the sloop is uncontrolled"),
    Roll("island", 4, 1, what="Island Contents, on ending a move at a new island"),
    Roll("scan", 5, 2, per="hex", what="Scan Horizon, one pair per blank neighbour, northmost first"),
    Roll("spread", 5, 1, per="repeat", what="the Direction chart for a large island's second hex, "
                                             "rolled again while it points nowhere it may go"),
    Roll("natives", 7, 1, per="repeat", what="Native Encounter, at an island where natives live, until they turn "
                                              "hostile; rolled again after a wound"),
    Roll("accident", 10, 1, what="Sloop Accident"),
    Roll("weather", 11, 1, per="repeat", what="tomorrow's weather, and the watcher's reroll of a Storm"),
)

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")  # die faces 1 to 6 (⌂)
GOOD_HULL, GOOD_BONUS, RAIN_CATCH = 1, 1, 1

RULINGS = (
    Ruling("direction", "Direction chart",
           "The die-to-direction chart counts clockwise from north: "
           + ", ".join(f"{face} {d}" for face, d in enumerate(DIRECTIONS, start=1)) + ".",
           "The rules send you to a hex chart 'to the left of Phase 11' but do not print it."),
    Ruling("good-bonus", "Phase 7, Native Encounter",
           f"Each Good offered adds {GOOD_BONUS} to the encounter roll.",
           f"The rules say Goods boost the encounter and cost {GOOD_HULL} Hull each, but not by how "
           "much; one point per Good mirrors the cost.", phase=7),
    Ruling("repair-rate", "Phase 3, Repair",
           "Each Wood turned in gives one Hull point; the repairer chooses how many.",
           "The rules say to change Wood into Hull points without a rate; one for one keeps both on "
           "the same six-sided scale.", phase=3),
    Ruling("rain-catch", "Phase 8, Drink Water",
           f"In Rain or Storm, a sailor on Drink Water catches {RAIN_CATCH} Water.",
           "The published rules give the slot no effect; a sailor posted there should do something.", phase=8),
    Ruling("uncoloured", "Phase 4, Movement",
           "The sloop may sail or drift into a hex nobody has coloured yet. It stays uncoloured (open "
           "water: no shoals, no island) until it is scanned from a neighbouring hex, and it scores only "
           "once coloured.",
           "The rules never forbid it, and scanning colours only the hexes around the sloop.", phase=4),
    Ruling("spread", "Phase 5, Scan Horizon",
           "Roll the large island's second hex again while it points off the map, at a coloured hex "
           "or at the sloop; if no neighbour is free, the island is a medium one.",
           "The rules only forbid the sloop's own hex and say nothing of the map's edge.", phase=5),
    Ruling("start-island", "Set-up",
           "The starting island is never rolled for contents, gives nothing to gather and does not "
           "count as an island visited.",
           "The rules roll an island only on reaching a new one, and the game starts at this one."),
    Ruling("hostile", "Phase 7, Native Encounter",
           "After a Hostile result nobody gathers at that island again and its natives are not met "
           "again. On the first day the weather lets the crew steer, sailors must go to Movement (and "
           "Tacking when the weather needs it) and the sloop must end its move off the island.",
           "The rules order you off the island at the end of the turn, but the encounter comes after "
           "Movement and the weather may not let you sail the next day.", phase=7),
    Ruling("scan-crew", "Phase 5, Scan Horizon",
           "Scanning needs at least one sailor on Scan Horizon; with nobody there, no hex is scanned "
           "that day.",
           "The rules roll for every blank neighbour and add 1 with both slots filled, but do not say "
           "whether the phase happens with nobody on it; like every task with sailor slots, its sailors do it.",
           phase=5),
    Ruling("setup-hexes", "Scoring",
           "The hexes coloured at set-up (the starting island, its waters and the sea printed around "
           "it) do not score; only hexes coloured during the voyage do.",
           "The rules score each hex 'you mapped'; the set-up hexes are given before the voyage starts."),
    Ruling("anchorage", "Phase 4, Movement",
           "Anchorage at an island cancels the Storm's Movement effects (no drift, no Hull damage); the "
           "Storm still spares the crew's Water in phase 8 and still forbids fishing in phase 9.",
           "The rules say Anchorage cancels 'the effect of Storm' under Movement, while the weather "
           "chart says a Storm also changes phases 8 and 9; the rule is read where it is written.", phase=4),
    Ruling("pushed-back", "Phase 4, Movement",
           "In a Headwind with a sailor on Movement and nobody on Tacking, the sloop enters no hex: no Shoals "
           "damage, neither from the hex it would have sailed into nor from a Shoals hex it sits on.",
           "The rules say the sloop does not move; their clarification (a move of one hex, then a push "
           "back) only explains why, and a sloop that does not move enters no hex.", phase=4),
    Ruling("wounded-at-work", "Phase 1, Assign Sailors",
           "A sailor wounded during the day keeps the tasks he was given that morning until the day ends "
           "(Drink Water, Fish, Weather Watch); he rests from the next day.",
           "The rules send a wounded sailor to Rest when the tasks are given, in phase 1, and tasks are "
           "given only then; a sailor who dies is removed from the sheet with his coin, a wounded one is "
           "only flipped.", phase=1),
    Ruling("islands-visited", "Scoring",
           "An island counts as explored or visited once the sloop has ended a move on it and rolled "
           "its contents; an island only seen while scanning does not count.",
           "The rules give a bonus per island 'explored/visited' without saying more; ending a move "
           "there is when the sheet records the island and its contents."),
    Ruling("win-at-once", "How to win",
           "Reaching an exit hex wins at once: the rest of that day is not played.",
           "The rules make the exit the goal and say nothing of the phases left that day."),
)

_CORE = CrewRules(
    sailors=4,
    wounds_to_die=2,
    large_hexes=2,
    start_weather="fair",
    weathers=WEATHERS,
    no_change="No Change",
    watch_rerolls="Storm",
    watch_again=("Storm", "No Change"),
    storm=STORM,
    shoals_damage=1,
    island_bonus=ISLAND_ROLL_BONUS,
    islands=ISLAND_BANDS,
    scan=SCAN_BANDS,
    scan_full_bonus=1,
    natives=NATIVES_BANDS,
    good_hull=GOOD_HULL,
    good_bonus=GOOD_BONUS,
    rest_water=1,
    repair_rate=1,
    gather_per_sailor=1,
    drink=1,
    rain_catch=RAIN_CATCH,
    eat=1,
    score_per_hex=1,
    score_per_island=1,
    rolls=ROLLS,
    rulings=RULINGS,
)
_CAP = max(t.maximum for t in TRACKERS)


# --- the charts, written from the typed rules -------------------------------------------------------


def _amount(n: int | None, name: str) -> str:
    return f"\u221e {name}" if n is INF else f"{n} {name}"


def _island_results(band: IslandBand) -> tuple[str, ...]:
    names = {t.key: t.name for t in TRACKERS}
    parts = tuple(_amount(n, names[key]) for key, n in band.cubes() if n != 0)
    return parts + (("Natives",) if band.natives else ())


_BONUS = dict(ISLAND_ROLL_BONUS)

ISLAND = Chart(
    "island", "Island Contents", "1d6",
    tuple(Band(b.low, b.high, _island_results(b)) for b in ISLAND_BANDS),
    modifier=f"Roll on ending a move at a new island: +{_BONUS['medium-island']} medium, "
             f"+{_BONUS['large-island']} large.",
    phase=4,
)

SCAN = Chart(
    "scan", "Scan Horizon", "2d6",
    tuple(Band(b.low, b.high, (b.label,)) for b in SCAN_BANDS),
    modifier=f"Each blank neighbour, northmost first; +{_CORE.scan_full_bonus} with both slots filled.",
    phase=5,
    note="A large island spreads into a second hex: roll the Direction chart (never the sloop's hex).",
)

NATIVES = Chart(
    "natives", "Native Encounter", "1d6",
    tuple(Band(b.low, b.high, (b.label.format(gain=b.gain, cap=_CAP),),
               house=b.effect == "hostile")  # the Hostile row says the ruling, not the source's "end of day"
          for b in NATIVES_BANDS),
    modifier=f"{HOUSE_MARK} +{_CORE.good_bonus} per Good offered (each costs {_CORE.good_hull} Hull); "
             "decide before you roll.",
    phase=7,
    note=_CORE.ruling("hostile").reason,  # why its Hostile row (⌂) is not the source's "leave at end of day"
)

WEATHER = Chart(
    "weather", "Weather", "1d6",
    tuple(Band(face, face, (name,)) for face, name in
          enumerate([w.name for w in WEATHERS] + [_CORE.no_change], start=1)),
    modifier="Roll for tomorrow. A watcher rerolls a Storm once; Storm or No Change again: Storm.",
    phase=11,
)

DIRECTION = Chart(
    "direction", "Direction", "1d6",
    tuple(Band(face, face, (name,), house=True) for face, name in
          enumerate(DIRECTIONS, start=1)),
    modifier="Uncontrolled: drift 1 hex. Large island: its 2nd hex.",
    house=True,
    note="The rules point to a die-to-direction chart but do not print it; this one counts "
         "clockwise from north.",
)

CHARTS = (ISLAND, SCAN, NATIVES, WEATHER, DIRECTION)


@dataclass(frozen=True)
class WeatherEffect:
    """What a weather does to the day, as the weather track prints it: movement (phase 4), drinking
    (8) and fishing (9)."""

    weather: str
    movement: str
    drink: str
    fish: str
    cube: bool = True  # the weather cube can sit here (No Change leaves it where it is)


def _movement_text(w: WeatherRule) -> str:
    s = _CORE.storm
    if w.storm:
        return (f"Uncontrolled; Hull \u2212{s.damage}, 1 less per sailor on "
                f"{' and on '.join(x.title() for x in s.saved_by)} (min {s.minimum}). "
                f"{s.anchor.title()} at an island: no storm.")
    if not w.steps:
        return "No movement."
    crew = " + ".join(c.title() for c in w.crew)
    other = "uncontrolled" if w.otherwise == "drift" else "stay put"
    return f"{crew}: up to {w.steps} hex{'es' * (w.steps > 1)}; else {other}."


WEATHER_EFFECTS = tuple(
    WeatherEffect(w.name, _movement_text(w), str(_CORE.drink) if w.drink else "none", "yes" if w.fish else "no")
    for w in WEATHERS
) + (WeatherEffect(_CORE.no_change, "The cube stays. After a watcher's reroll: Storm.", "", "", cube=False),)

UNCONTROLLED = "Uncontrolled: roll the Direction chart and drift 1 hex that way."


@dataclass(frozen=True)
class Task:
    """One phase on the task board: its sailor slots (one name per slot; empty = no slots) and
    symbols: skull = a wound or hull damage can happen, flag = only at an island hex."""

    phase: int
    name: str
    slots: tuple[str, ...] = ()
    skull: bool = False
    flag: bool = False
    brief: str = ""  # one short line for the board
    house_note: str = ""  # a house rule for this task, printed with the house mark

    @property
    def spades(self) -> int:
        return len(self.slots)


TASKS = (
    Task(2, "Rest", ("",) * 4, brief=f"Wounded must rest; {_CORE.rest_water} Water heals them all."),
    Task(3, "Repair", ("",), brief=f"Turn Wood into Hull (Hull max {_CAP}).",
         house_note=_CORE.ruling("repair-rate").text.partition(";")[0] + "."),
    Task(4, "Movement", ("Movement", "Tacking", "Anchorage"), skull=True,
         brief=f"As the weather allows. Shoals: Hull \u2212{_CORE.shoals_damage}. New island: roll it."),
    Task(5, "Scan Horizon", ("",) * 2, brief="2d6 per blank neighbour, northmost first."),
    Task(6, "Gather Island Resources", ("",) * 3, flag=True,
         brief=f"+{_CORE.gather_per_sailor} island resource per sailor; never return."),
    Task(7, "Native Encounter", skull=True, brief="At an island with natives: offer Goods, then roll 1d6."),
    Task(8, "Drink Water", ("",), skull=True,
         brief=f"Drink {_CORE.drink} Water unless Rain or Storm; none left: a wound.",
         house_note=f"In Rain or Storm, a sailor here catches {RAIN_CATCH} Water."),
    Task(9, "Eat Food / Fish", ("",), skull=True,
         brief=f"Eat {_CORE.eat} Food unless a sailor fishes; 0 Food: a wound."),
    Task(10, "Sloop Accident", skull=True, brief="Roll 1d6: Hull or more wounds a sailor. Hull 0: lost."),
    Task(11, "Weather Watch", ("",), brief="Roll tomorrow's weather; a watcher rerolls a Storm."),
)
# the task slots by what they do (the sheet names only the movement ones)
SLOTS = {"rest": 2, "repair": 3, "movement": 4, "tacking": 4, "anchorage": 4, "scan": 5, "gather": 6,
         "drink": 8, "fish": 9, "watch": 11}


def slot_count(job: str) -> int:
    """How many sailors a job can take: its task's slots (one for each named movement slot)."""
    task = next(t for t in TASKS if t.phase == SLOTS[job])
    return 1 if any(task.slots) else task.spades


TERRAINS = (
    Terrain("sea", "Sea", "open water", "#d6e8f5", ("lines", 0.0, 3.6)),
    Terrain("shoals", "Shoals", f"Hull \u2212{_CORE.shoals_damage} on entering", "#efe6c6", ("dots", 0.0, 3.0)),
    Terrain("small-island", "Small island", f"island roll +{_BONUS['small-island']}", "#cfe6bf",
            ("lines", 45.0, 3.0)),
    Terrain("medium-island", "Medium island", f"island roll +{_BONUS['medium-island']}", "#b9dba6",
            ("cross", 45.0, 3.6)),
    Terrain("large-island", "Large island", f"2 hexes, island roll +{_BONUS['large-island']}", "#a3cf8f",
            ("cross", 0.0, 2.6)),
)

SYMBOLS = (
    Symbol("spade", "Spade", "a sailor slot"),
    Symbol("skull", "Skull", "wound or hull damage possible"),
    Symbol("flag", "Flag", "island hex only"),
    Symbol("natives", "Natives", "a dark dot on the island"),
    Symbol("route", "Route", "your voyage, dotted"),
    Symbol("burial", "Burial", "an X where a sailor died"),
)

PHASES = (
    Phase(1, "Assign Sailors", "Put each sailor on a task slot; resolve the tasks in phase order."),
    Phase(2, "Rest", f"Wounded sailors must rest; spend {_CORE.rest_water} Water to heal all of them."),
    Phase(3, "Repair", f"Turn Wood into Hull points (Hull never above {_CAP})."),
    Phase(4, "Movement", "Move as the weather allows; shoals cost Hull; roll a new island's contents."),
    Phase(5, "Scan Horizon", "Roll 2d6 for each blank neighbour and draw what you see."),
    Phase(6, "Gather Island Resources", "At an island: each sailor gains 1 of its resources."),
    Phase(7, "Native Encounter", "At an island with natives: offer Goods, then roll 1d6."),
    Phase(8, "Drink Water", "Drink 1 Water unless it rains or storms; with none, wound a sailor."),
    Phase(9, "Eat Food / Fish", "Eat 1 Food unless a sailor fishes; with 0 Food, wound a sailor."),
    Phase(10, "Sloop Accident", "Roll 1d6: at or above Hull, wound a sailor. Hull 0: the game is lost."),
    Phase(11, "Weather Watch", "Roll tomorrow's weather and move the cube."),
    Phase(12, "Journal", "Write what happened (optional)."),
)

# Small rule numbers the rulebook's prose names (read from RULES, never typed here).
RULE_NUMBERS = (
    ("wounds_to_die", _CORE.wounds_to_die),
    ("rest_water", _CORE.rest_water),
    ("drink", _CORE.drink),
    ("eat", _CORE.eat),
    ("good_hull", _CORE.good_hull),  # hull lost per Good offered to natives
    ("good_bonus", _CORE.good_bonus),
    ("scan_bonus", _CORE.scan_full_bonus),  # both Scan Horizon slots filled
    ("score_per_hex", _CORE.score_per_hex),
    ("island_bonus", _CORE.score_per_island),  # per island visited, on a win
)

ISLAND_RESOURCES = tuple((key, {t.key: t.name for t in TRACKERS}[key], max(getattr(b, key) or 0 for b in ISLAND_BANDS))
                         for key in ISLAND_SUPPLIES)  # the most cubes an island gives, each with an ∞ box

RULES = replace(
    _CORE,
    tasks=TASKS,
    weather_track=WEATHER_EFFECTS,
    island_resources=ISLAND_RESOURCES,
    uncontrolled=UNCONTROLLED,
    weather_phases=tuple(SLOTS[job] for job in ("movement", "drink", "fish")),
    map_key=("sea", "shoals", "small-island", "medium-island", "large-island", "natives", "route", "burial"),
    map_key_notes=(("shoals", f"Hull \u2212{_CORE.shoals_damage}"), ("large-island", "2 hexes")),
    goal_text="Sail from the start island (SE) to an exit hex (NW)",
    win_text="win: reach an exit hex (NW)",
    lose_text="lose: all sailors lost, Hull 0 at phase 10, or drifting off the map",
    score_text=f"score {_CORE.score_per_hex} per mapped hex, + {_CORE.score_per_island} per island visited on a win",
)

# The physical pieces the sheet holds. Sailors are coins or the printed 16 mm tokens.
PIECES = (
    Piece("die", "standard die", "square", 16.0, 6, "4 supply trackers, 2 to roll"),
    Piece("cube", "wooden cube", "square", 10.0, 9, "8 island resources, 1 weather"),
    Piece("coin", "sailor coin or token", "round", 16.5, 4, "coins up to 16.5 mm across (a 1 euro cent is"
          " 16.25 mm) or the 16 mm sailor tokens printed on the reference side"),
    Piece("pencil", "pencil", "stick", 7.0, 3, "green islands, blue sea and shoals, black route"),
)


@dataclass(frozen=True)
class CrewText:
    """What 1672's sheet and rulebook print beyond RULES (which holds the tables and sentences too)."""

    rule_numbers: tuple[tuple[str, object], ...]  # the small numbers the rulebook's prose names
    weather_start: str  # the name of the weather a game starts in


TEXT = CrewText(rule_numbers=RULE_NUMBERS, weather_start=RULES.weather(RULES.start_weather).name)

GAME = Game(
    id="lost-crew",
    number="1672",
    title="1672: The Lost Crew",
    aliases=("1672",),
    kind="solo roll-and-write, hex sea map",
    trackers=TRACKERS,
    charts=CHARTS,
    terrains=TERRAINS,
    symbols=SYMBOLS,
    phases=PHASES,
    pieces=PIECES,
    days_per_week=None,
    rules=RULES,
    text=TEXT,
)
