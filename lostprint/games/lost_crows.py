"""1872: The Lost Crows, as data. Every number and effect follows the published rules; the wording
is lostprint's own. Where the source is cut short (the unit chart's rows 2 and "less than 2", its
row-3 Warriors cell, Bad Omen results 43-66) the rule is lostprint's design, marked house=True with
a one-line reason, and printed with HOUSE_MARK wherever it appears."""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.games.model import Band, Chart, Game, Phase, Symbol, Terrain, Tracker

TRACKERS = (
    Tracker("food", "Food", 6, 6, primary=True, note="The tribe dissolves at 0."),
    Tracker("resolve", "Resolve", 6, 6, primary=True, note="The Chief is banished at 0."),
    Tracker("proximity", "Proximity", 6, 6, primary=True, note="The cavalry catches the tribe at 0."),
    Tracker("movement", "Movement Progress", 6, 6, note="Not a primary resource; spent to enter hexes."),
)


@dataclass(frozen=True)
class Unit:
    key: str
    name: str
    role: str


# In the order their chart cells are resolved (left to right on the sheet).
UNITS = (
    Unit("tribe", "Tribe", "Women, children and a few hunters who forage for food."),
    Unit("chief", "Chief", "The most versatile unit: his feathers (Wilds) support any resource."),
    Unit("shaman", "Shaman", "Healer and counsellor; the only unit whose dice bring Crows."),
    Unit("warriors", "Warriors", "Braves and pipe carriers who harass the cavalry or lead it astray."),
)

# The effects a unit chart cell can hold. `name` is the short word printed under its icon.
EFFECTS = (
    Symbol("lose-two", "Lose 2", "two primary resources of your choice \u22121 each"),
    Symbol("omen", "Omen", "roll d66 on the Bad Omen chart"),
    Symbol("fever", "Fever", "Resolve \u22121; the next 2 turns, the first 2d6 go to the Shaman"),
    Symbol("raid", "Raid", "Proximity \u22121 and Resolve \u22121"),
    Symbol("doubt", "Resolve \u22121", "lose 1 Resolve"),
    Symbol("wild", "+1 any", "add 1 to any primary resource or to Movement"),
    Symbol("proximity", "Prox +1", "increase Proximity by 1"),
    Symbol("movement", "Move +1", "add 1 Movement Progress"),
    Symbol("food", "Food +1", "add 1 Food"),
    Symbol("crow", "Crow", "colour the next Crow as the terrain you stand in"),
    Symbol("plains", "Plains", "colour an unmapped hex next to you as Plains (all mapped: one 2 hexes away)"),
    Symbol("forest", "Forest", "colour an unmapped hex next to you as Forest (all mapped: one 2 hexes away)"),
    Symbol("mountains", "Mountains", "colour an unmapped hex next to you as Mountains (all mapped: one 2 "
                                     "hexes away)"),
)


@dataclass(frozen=True)
class Cell:
    """One unit's effects for one difference; `reason` says why a house cell is what it is."""

    unit: str
    effects: tuple[str, ...]
    house: bool = False
    reason: str = ""


@dataclass(frozen=True)
class UnitRow:
    """A row of the unit chart: the difference (top die minus bottom die) from low to high."""

    low: int | None
    high: int | None
    label: str
    cells: tuple[Cell, ...]  # in UNITS order

    @property
    def house(self) -> bool:
        return all(c.house for c in self.cells)

    def covers(self, difference: int) -> bool:
        return (self.low is None or difference >= self.low) and (self.high is None or difference <= self.high)


ROW2_REASON = "A difference of 2 is what players aim for, so each unit gains two useful things in its own line."
LOW_REASON = ("Missing the aim (1, 0 or negative) is common, so it costs a little: the units "
              "bicker, only the Tribe still forages and the Warriors scout the heights.")

UNIT_ROWS = (
    UnitRow(5, 5, "5", (
        Cell("tribe", ("lose-two",)),
        Cell("chief", ("lose-two",)),
        Cell("shaman", ("omen",)),
        Cell("warriors", ("omen",)),
    )),
    UnitRow(4, 4, "4", (
        Cell("tribe", ("omen",)),
        Cell("chief", ("raid",)),
        Cell("shaman", ("fever",)),
        Cell("warriors", ("doubt",)),
    )),
    UnitRow(3, 3, "3", (
        Cell("tribe", ("plains", "plains")),
        Cell("chief", ("plains", "forest")),
        Cell("shaman", ("forest", "forest")),
        Cell("warriors", ("forest", "mountains"), house=True,
             reason="The source omits it; it carries the row on from plains to forest and is the "
                    "chart's only source of the Mountains its icon key shows."),
    )),
    UnitRow(2, 2, "2", (
        Cell("tribe", ("food", "food"), house=True, reason=ROW2_REASON + " Tribe: foraging."),
        Cell("chief", ("wild", "movement"), house=True, reason=ROW2_REASON + " Chief: his Wild feather."),
        Cell("shaman", ("crow", "wild"), house=True, reason=ROW2_REASON + " Shaman: the only Crows."),
        Cell("warriors", ("proximity", "movement"), house=True,
             reason=ROW2_REASON + " Warriors: lead the cavalry astray."),
    )),
    UnitRow(None, 1, "<2", (
        Cell("tribe", ("food",), house=True, reason=LOW_REASON),
        Cell("chief", ("doubt",), house=True, reason=LOW_REASON),
        Cell("shaman", ("doubt",), house=True, reason=LOW_REASON),
        Cell("warriors", ("mountains",), house=True, reason=LOW_REASON),
    )),
)


def effect(key: str) -> Symbol:
    for sym in EFFECTS:
        if sym.key == key:
            return sym
    raise KeyError(key)


def cell_words(cell: Cell) -> str:
    """A cell as short words, for tables without icons: "Plains + Forest"."""
    return " + ".join(effect(k).name for k in cell.effects)


UNIT_CHART = Chart(
    "units", "Tribal Units", "top \u2212 bottom",
    tuple(Band(r.low, r.high, tuple(f"{u.name}: {cell_words(c)}" for u, c in zip(UNITS, r.cells)),
               house=r.house)
          for r in UNIT_ROWS),
    modifier="Resolve left to right: Tribe, Chief, Shaman, Warriors; a cell's two icons in any order.",
    phase=2,
    note="Rows 2 and <2 and the row-3 Warriors cell are house rules (the source leaves them out).",
)

OMEN_REASON = "The source lists only 11-42; this keeps the weather/settlers/capacity spirit at like severity."

BAD_OMEN = Chart(
    "bad-omen", "Bad Omen", "d66",
    (
        Band(11, 12, ("Windstorm: lose 1 Movement Progress",)),
        Band(13, 14, ("Traitors: maximum Proximity \u22121",)),
        Band(15, 16, ("Thunderstorm: movement costs double this turn",)),
        Band(21, 22, ("Bad Luck: lose 2 of your lowest resource",)),
        Band(23, 24, ("Hailstorm: no movement this turn",)),
        Band(25, 26, ("Heatwave: lose 2 Resolve",)),
        Band(31, 32, ("American Settlers: lose 2 Proximity",)),
        Band(33, 34, ("Drought: maximum Food \u22121",)),
        Band(35, 36, ("Dissent: maximum Resolve \u22121",)),
        Band(41, 42, ("Cursed Land: the hex north is barred next turn",)),
        Band(43, 44, ("Snowstorm: lose 1 Food and 1 Movement",), house=True),
        Band(45, 46, ("Cavalry Patrol: lose 1 Proximity and 1 Resolve",), house=True),
        Band(51, 52, ("Lame Horses: maximum Movement Progress \u22121",), house=True),
        Band(53, 54, ("Spoiled Meat: lose 2 Food",), house=True),
        Band(55, 56, ("Prairie Fire: you cannot enter Plains next turn",), house=True),
        Band(61, 62, ("Flash Flood: you cannot cross a river this turn",), house=True),
        Band(63, 64, ("Camp Sickness: the Shaman takes a Fever",), house=True),
        Band(65, 66, ("Falling Crows: lose 1 Resolve; no Crow this turn",), house=True),
    ),
    modifier="Roll one die for the tens, then one for the ones.",
    phase=2,
    note="43\u201366 are house rules: " + OMEN_REASON,
)

# Why each designed Bad Omen result is what it is (one line each, for the rulebook's house-rule notes).
OMEN_HOUSE_REASONS = (
    ("43\u201344", "A third storm beside Windstorm and Hailstorm; it spends two resources, one each."),
    ("45\u201346", "The cavalry's own patrols, as the Raid icon: the pursuers the game is about."),
    ("51\u201352", "The fourth capacity loss, so Movement Progress can shrink like the three primaries."),
    ("53\u201354", "Food's answer to Heatwave (2 Resolve) and American Settlers (2 Proximity)."),
    ("55\u201356", "A terrain ban for a turn, as Cursed Land is a direction ban."),
    ("61\u201362", "Rivers cost extra anyway; a flood shuts them for a turn, like Hailstorm shuts movement."),
    ("63\u201364", "The Shaman's Fever from the unit chart, so a Sacred Spring vision also guards against it."),
    ("65\u201366", "The dead crows of the plot dreams: Resolve \u22121 and no Vision Quest progress this turn."),
)

CHARTS = (UNIT_CHART, BAD_OMEN)

TERRAINS = (
    Terrain("plains", "Plains", "Easy going, but hungry work.", "#f2e7b0", ("dots", 0.0, 3.4),
            cost="1 Movement + 2 Food"),
    Terrain("forest", "Forest", "Between the two on cost and reward.", "#cfe2bf", ("cross", 45.0, 4.0),
            cost="2 Movement + 1 Food"),
    Terrain("mountains", "Mountains", "Slow, but richer encounters and boons.", "#dccab4",
            ("lines", 45.0, 3.2), cost="3 Movement + 1 Food"),
)

# Other movement costs, (what, cost), printed under the terrain costs.
MOVE_RULES = (
    ("River", "+1 Movement or +1 Resolve to cross"),
    ("Stay put", "no move in Phase 3: Resolve \u22121"),
    ("Plot hex", "stop; roll 1d6 on its table"),
    ("Fort zone", "start a turn there: Prox \u22121"),
)

SYMBOLS = (
    Symbol("start", "Start", "Mounted tribe's camp in the forest: trace your route from here."),
    Symbol("canada", "Canada", "The flagged double hex: both mapped, same terrain; enter to win."),
    Symbol("fort", "Fort Benton", "Impassable unless a plot says otherwise."),
    Symbol("fort-zone", "Zone of control", "Start a turn here: Proximity \u22121."),
    Symbol("river", "River", "Dark line on hex edges: crossing costs 1 Movement or 1 Resolve."),
    Symbol("plot", "Plot hex A\u2013E", "Stop on first entry and roll 1d6 on its table."),
)

PHASES = (
    Phase(1, "Tribal Unit Activation", "roll 2d6 four times; fill all eight unit boxes"),
    Phase(2, "Resolve Actions", "each unit: top \u2212 bottom; apply its chart cell"),
    Phase(3, "Movement (optional)", "pay terrain costs, stop at a new plot"),
    Phase(4, "Journaling", "after a plot hex, write a paragraph"),
)

CROWS = 7  # to colour before a Vision Quest
CROW_POINTS = 2

# Small rule numbers the prose and the checks need (read by the rulebook and the validator).
RULE_NUMBERS = (
    ("aim", (2, 3)),  # the differences a player hopes for
    ("dice_per_unit", 2),
    ("fever_turns", 2),
    ("plot_roll", "1d6"),
    ("vision_roll", "1d6"),
    ("river_cost", 1),
    ("idle_cost", 1),
    ("zone_cost", 1),
    ("score_per_hex", 1),
)

GAME = Game(
    id="lost-crows",
    number="1872",
    title="1872: The Lost Crows",
    aliases=("1872",),
    kind="solo roll-and-write, hex map",
    trackers=TRACKERS,
    charts=CHARTS,
    terrains=TERRAINS,
    symbols=SYMBOLS,
    phases=PHASES,
    extra=(
        ("rules", RULE_NUMBERS),
        ("units", UNITS),
        ("unit_rows", UNIT_ROWS),
        ("effects", EFFECTS),
        ("move_rules", MOVE_RULES),
        ("crows", CROWS),
        ("crow_points", CROW_POINTS),
        ("spirit_dancers", 2),
        ("spirit_dancer_text", "Once each per game: cross one out to turn any Phase 1 die to any face."),
        ("vision_quest_text", "At the 7th Crow: roll 1d6 on the visions of the terrain with most Crows "
                              "(tie: choose). Once per game; each later Crow is +1 to a primary."),
        ("plots", "ABCDE"),
        ("goal_text", "Visit plot hexes A\u2013E, then enter the Canada double hex"),
        ("win_text", "Win: visit plot hexes A\u2013E, then enter Canada (both hexes mapped, same terrain)"),
        ("lose_text", "Lose: Food, Resolve or Proximity at 0 at the end of a turn"),
        ("score_text", "Score: 1 per hex travelled, +2 per coloured Crow on a win"),
        ("omen_reason", OMEN_REASON),
        ("omen_house_reasons", OMEN_HOUSE_REASONS),
    ),
)
