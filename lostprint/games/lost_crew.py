"""1672: The Lost Crew, as data. Every number and effect follows the published rules; the wording
is lostprint's own. What the rules leave out (the die-to-direction chart they refer to, and what the
Drink Water sailor does: the rules give the slot no effect) is a house rule, marked `house=True`
or given as a task's `house_note`."""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.games.model import Band, Chart, Game, Phase, Symbol, Terrain, Tracker

TRACKERS = (
    Tracker("water", "Water", 6, 6, primary=True),
    Tracker("food", "Food", 6, 6, primary=True),
    Tracker("hull", "Hull", 6, 6, primary=True, note="Sloop Accident / Hull points"),
    Tracker("wood", "Wood", 0, 6, primary=True, note="no die until you gather wood"),
)

ISLAND = Chart(
    "island", "Island Contents", "1d6",
    (
        Band(1, 2, ("3 Water",)),
        Band(3, 3, ("3 Water", "1 Wood")),
        Band(4, 4, ("3 Water", "1 Wood", "1 Food")),
        Band(5, 5, ("3 Water", "2 Wood", "2 Food")),
        Band(6, 6, ("4 Water", "2 Wood", "2 Food", "Natives")),
        Band(7, 7, ("\u221e Water", "2 Wood", "2 Food", "Natives")),
        Band(8, None, ("\u221e Water", "\u221e Wood", "\u221e Food", "Natives")),
    ),
    modifier="Roll on ending a move at a new island: +1 medium, +3 large.",
    phase=4,
)

SCAN = Chart(
    "scan", "Scan Horizon", "2d6",
    (
        Band(2, 8, ("Sea",)),
        Band(9, 9, ("Shoals",)),
        Band(10, 10, ("Small Island",)),
        Band(11, 11, ("Medium Island",)),
        Band(12, None, ("Large Island (2 hexes)",)),
    ),
    modifier="Each blank neighbour, northmost first; +1 with both slots filled.",
    phase=5,
    note="A large island spreads into a second hex: roll the Direction chart (never the sloop's hex).",
)

NATIVES = Chart(
    "natives", "Native Encounter", "1d6",
    (
        Band(1, 1, ("Wound a sailor, roll again",)),
        Band(2, 2, ("Hostile: leave at end of day",)),
        Band(3, 3, ("Ignore you: gather next day",)),
        Band(4, 4, ("Friendly: +1 Water, Food or Wood",)),
        Band(5, 5, ("Helpful: +1 of each",)),
        Band(6, None, ("Revere you: all three to 6",)),
    ),
    modifier="+1 per Good offered (each costs 1 Hull); decide before you roll.",
    phase=7,
)

WEATHER = Chart(
    "weather", "Weather", "1d6",
    (
        Band(1, 1, ("Storm",)),
        Band(2, 2, ("Doldrums",)),
        Band(3, 3, ("Rain",)),
        Band(4, 4, ("Headwind",)),
        Band(5, 5, ("Fair Weather",)),
        Band(6, 6, ("No Change",)),
    ),
    modifier="Roll for tomorrow. A watcher rerolls a Storm once; Storm or No Change again: Storm.",
    phase=11,
)

DIRECTION = Chart(
    "direction", "Direction", "1d6",
    (
        Band(1, 1, ("N",), house=True),
        Band(2, 2, ("NE",), house=True),
        Band(3, 3, ("SE",), house=True),
        Band(4, 4, ("S",), house=True),
        Band(5, 5, ("SW",), house=True),
        Band(6, 6, ("NW",), house=True),
    ),
    modifier="Uncontrolled: drift 1 hex. Large island: its 2nd hex.",
    house=True,
    note="The rules point to a die-to-direction chart but do not print it; this one counts "
         "clockwise from north.",
)

CHARTS = (ISLAND, SCAN, NATIVES, WEATHER, DIRECTION)


@dataclass(frozen=True)
class WeatherEffect:
    """What a weather does to the day: movement (phase 4), drinking (8) and fishing (9)."""

    weather: str
    movement: str
    drink: str
    fish: str
    cube: bool = True  # the weather cube can sit here (No Change leaves it where it is)


WEATHER_EFFECTS = (
    WeatherEffect("Storm", "Uncontrolled; Hull \u22123, 1 less per sailor on Movement and on Tacking "
                  "(min 1). Anchorage at an island: no storm.", "none", "no"),
    WeatherEffect("Doldrums", "No movement.", "1", "yes"),
    WeatherEffect("Rain", "Movement + Tacking: up to 1 hex; else uncontrolled.", "none", "yes"),
    WeatherEffect("Headwind", "Movement + Tacking: up to 1 hex; else stay put.", "1", "yes"),
    WeatherEffect("Fair Weather", "Movement: up to 2 hexes; else uncontrolled.", "1", "yes"),
    WeatherEffect("No Change", "The cube stays. After a watcher's reroll: Storm.", "", "", cube=False),
)

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
    Task(2, "Rest", ("",) * 4, brief="Wounded must rest; 1 Water heals them all."),
    Task(3, "Repair", ("",), brief="Turn Wood into Hull, one for one (Hull max 6)."),
    Task(4, "Movement", ("Movement", "Tacking", "Anchorage"), skull=True,
         brief="As the weather allows. Shoals: Hull \u22121. New island: roll it."),
    Task(5, "Scan Horizon", ("",) * 2, brief="2d6 per blank neighbour, northmost first."),
    Task(6, "Gather Island Resources", ("",) * 3, flag=True,
         brief="+1 island resource per sailor; never return."),
    Task(7, "Native Encounter", skull=True, brief="At an island with natives: offer Goods, then roll 1d6."),
    Task(8, "Drink Water", ("",), skull=True,
         brief="Drink 1 Water unless Rain or Storm; none left: a wound.",
         house_note="In Rain or Storm, a sailor here catches 1 Water."),
    Task(9, "Eat Food / Fish", ("",), skull=True,
         brief="Eat 1 Food unless a sailor fishes; 0 Food: a wound."),
    Task(10, "Sloop Accident", skull=True, brief="Roll 1d6: Hull or more wounds a sailor. Hull 0: lost."),
    Task(11, "Weather Watch", ("",), brief="Roll tomorrow's weather; a watcher rerolls a Storm."),
)


# What an island's size adds to its contents roll (phase 4), and how far each weather lets the sloop
# sail (a storm drifts it one hex). The validator, the rulebook and the terrain key read these.
ISLAND_ROLL_BONUS = (("small-island", 0), ("medium-island", 1), ("large-island", 3))
WEATHER_MOVES = (("Fair Weather", 2), ("Headwind", 1), ("Rain", 1), ("Doldrums", 0), ("Storm", 1))
_BONUS = dict(ISLAND_ROLL_BONUS)

TERRAINS = (
    Terrain("sea", "Sea", "open water", "#d6e8f5", ("lines", 0.0, 3.6)),
    Terrain("shoals", "Shoals", "Hull \u22121 on entering", "#efe6c6", ("dots", 0.0, 3.0)),
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
    Phase(2, "Rest", "Wounded sailors must rest; spend 1 Water to heal all of them."),
    Phase(3, "Repair", "Turn Wood into Hull points (Hull never above 6)."),
    Phase(4, "Movement", "Move as the weather allows; shoals cost 1 Hull; roll a new island's contents."),
    Phase(5, "Scan Horizon", "Roll 2d6 for each blank neighbour and draw what you see."),
    Phase(6, "Gather Island Resources", "At an island: each sailor gains 1 of its resources."),
    Phase(7, "Native Encounter", "At an island with natives: offer Goods, then roll 1d6."),
    Phase(8, "Drink Water", "Drink 1 Water unless it rains or storms; with none, wound a sailor."),
    Phase(9, "Eat Food / Fish", "Eat 1 Food unless a sailor fishes; with none, wound a sailor."),
    Phase(10, "Sloop Accident", "Roll 1d6: at or above Hull, wound a sailor. Hull 0: the game is lost."),
    Phase(11, "Weather Watch", "Roll tomorrow's weather and move the cube."),
    Phase(12, "Journal", "Write what happened (optional)."),
)

# Small rule numbers the prose and the checks need (read by the rulebook and the validator).
RULE_NUMBERS = (
    ("wounds_to_die", 2),
    ("rest_water", 1),
    ("drink", 1),
    ("eat", 1),
    ("good_hull", 1),  # hull lost per Good offered to natives
    ("good_bonus", 1),
    ("scan_bonus", 1),  # both Scan Horizon slots filled
    ("score_per_hex", 1),
    ("island_bonus", 1),  # per island visited, on a win
)

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
    extra=(
        ("rules", RULE_NUMBERS),
        ("sailors", 4),
        ("tasks", TASKS),
        ("weather_effects", WEATHER_EFFECTS),
        ("weather_start", "Fair Weather"),
        ("island_roll_bonus", ISLAND_ROLL_BONUS),
        ("weather_moves", WEATHER_MOVES),
        ("uncontrolled", UNCONTROLLED),
        # island resource cube spaces on the sheet, and whether each has an unlimited (∞) box
        ("island_resources", (("water", "Water", 4), ("wood", "Wood", 2), ("food", "Food", 2))),
        # the map key: terrains, then these symbols; a short note for the few that need one
        ("map_key", ("sea", "shoals", "small-island", "medium-island", "large-island", "natives", "route",
                     "burial")),
        ("map_key_notes", (("shoals", "Hull \u22121"), ("large-island", "2 hexes"))),
        ("storm_hull_damage", 3),
        ("storm_min_damage", 1),
        ("shoals_damage", 1),
        ("goal_text", "Sail from the start island (SE) to an exit hex (NW)"),
        ("win_text", "win: reach an exit hex (NW)"),
        ("lose_text", "lose: all sailors lost, Hull 0 at phase 10, or drifting off the map"),
        ("score_text", "score 1 per mapped hex, + 1 per island visited on a win"),
    ),
)
