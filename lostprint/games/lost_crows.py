"""1872: The Lost Crows, as data. Every number and effect follows the published rules; the wording
is lostprint's own. Where the source is cut short (the unit chart's rows 2 and "less than 2", its
row-3 Warriors cell, Bad Omen results 43-66) the rule is lostprint's design, marked house=True with
a one-line reason, and printed with HOUSE_MARK wherever it appears."""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.games.model import HOUSE_MARK, Band, Chart, Game, Phase, Piece, Symbol, Terrain, Tracker


# --- the shapes of the typed rules (read by lostprint.engine.lost_crows) --------------------------


@dataclass(frozen=True)
class Effect:
    """One thing an icon, a Bad Omen, a plot outcome or a vision does to the tribe.

    op: add (key += n) | add-die (key += n x 1d6) | set (key = n) | lose-choice (count primaries of
    your choice -n each) | wild (+n to any primary or Movement) | lowest (your lowest primary -n) |
    cap (key's maximum += n) | map (colour a hex of terrain `key`) | crow | omen | fever |
    flag (a turn effect named by `key`, see FLAGS). `when` / `unless`: a journal keyword the effect
    needs / that cancels it."""

    op: str
    key: str = ""
    n: int = 0
    count: int = 1
    when: str = ""
    unless: str = ""


@dataclass(frozen=True)
class Cost:
    """What entering a terrain costs."""

    terrain: str
    movement: int
    food: int


@dataclass(frozen=True)
class Omen:
    """A Bad Omen result: the d66 rolls it covers, its name and what it does."""

    low: int
    high: int
    name: str
    effects: tuple[Effect, ...]
    house: bool = False
    reason: str = ""
    ruling: str = ""  # a Ruling key when lostprint reads the source's wording one way

    @property
    def storm(self) -> bool:
        """Stormwalkers and Big Sky Blessing read the word Storm in the name."""
        return "storm" in self.name.lower()


@dataclass(frozen=True)
class Ruling:
    """Where the source is silent or says two things: the one reading lostprint plays by."""

    key: str
    topic: str
    rule: str
    reason: str


@dataclass(frozen=True)
class CrowsRules:
    """Every number and effect of 1872's rules, typed once."""

    primaries: tuple[str, ...]
    costs: tuple[Cost, ...]
    river_extra: int  # paid in Movement or Resolve, the player's choice
    river_pay: tuple[str, ...]
    idle_resolve: int  # lost on a turn without a move
    zone_proximity: int  # lost at the start of a turn begun in the fort's zone
    fever_resolve: int
    fever_turns: int
    rolls_per_turn: int
    dice_per_roll: int
    aim: tuple[int, ...]
    spirit_dancers: int
    crows_for_vision: int
    crow_after_vision: Effect
    crow_points: int
    hex_points: int
    plot_letters: str
    plot_die: int  # faces of the plot, vision and outcome die
    die_faces: int  # faces of every die
    permanent_face: int  # the face a vision writes in a unit's top box
    double_cost: int  # Thunderstorm: movement costs this many times as much
    omen_tens_ones: bool
    unit_effects: tuple[tuple[str, tuple[Effect, ...]], ...]
    omens: tuple[Omen, ...]
    rulings: tuple[Ruling, ...]
    units: tuple[Unit, ...]  # the unit chart's columns, in the order they resolve
    unit_rows: tuple[UnitRow, ...]  # the unit chart: top die minus bottom die -> each unit's cell

    def cost(self, terrain: str) -> Cost:
        for c in self.costs:
            if c.terrain == terrain:
                return c
        raise KeyError(terrain)

    def icon(self, key: str) -> tuple[Effect, ...]:
        return dict(self.unit_effects)[key]

    def omen(self, roll: int) -> Omen:
        for o in self.omens:
            if o.low <= roll <= o.high:
                return o
        raise KeyError(roll)

    def ruling(self, key: str) -> Ruling:
        return next(r for r in self.rulings if r.key == key)


# Turn effects a flag Effect can set: this turn, or the next one.
FLAGS = {
    "double-cost": "movement costs double this turn",
    "halt": "no movement this turn",
    "no-river": "you cannot cross a river this turn",
    "no-crow": "no Crow this turn",
    "halt-next": "you cannot move next turn",
    "bar-north-next": "the hex north is barred next turn",
    "bar-plains-next": "you cannot enter Plains next turn",
    "no-crow-next": "no Crow this turn or the next",
    "skip-omen": "ignore the next Bad Omen you would roll",
    "free-river": "your next move's river crossing from here costs nothing extra",
}

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


def _add(key: str, n: int, **kw) -> Effect:
    return Effect("add", key, n, **kw)


UNIT_EFFECTS = (
    ("lose-two", (Effect("lose-choice", n=1, count=2),)),
    ("omen", (Effect("omen"),)),
    ("fever", (Effect("fever"),)),
    ("raid", (_add("proximity", -1), _add("resolve", -1))),
    ("doubt", (_add("resolve", -1),)),
    ("wild", (Effect("wild", n=1),)),
    ("proximity", (_add("proximity", 1),)),
    ("movement", (_add("movement", 1),)),
    ("food", (_add("food", 1),)),
    ("crow", (Effect("crow"),)),
    ("plains", (Effect("map", "plains"),)),
    ("forest", (Effect("map", "forest"),)),
    ("mountains", (Effect("map", "mountains"),)),
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
    tuple(Band(r.low, r.high, tuple(f"{u.name}: {cell_words(c)}" + (f" {HOUSE_MARK}" if c.house and not r.house
                                                                      else "")
                                    for u, c in zip(UNITS, r.cells)),
               house=r.house)
          for r in UNIT_ROWS),
    modifier="Resolve left to right: Tribe, Chief, Shaman, Warriors; a cell's two icons in any order.",
    phase=2,
    note="Rows 2 and <2 and the row-3 Warriors cell are house rules (the source leaves them out).",
)

OMEN_REASON = "The source lists only 11-42; this keeps the weather/settlers/capacity spirit at like severity."

OMENS = (
    Omen(11, 12, "Windstorm", (_add("movement", -1),)),
    Omen(13, 14, "Traitors", (Effect("cap", "proximity", -1),)),
    Omen(15, 16, "Thunderstorm", (Effect("flag", "double-cost"),), ruling="thunderstorm"),
    Omen(21, 22, "Bad Luck", (Effect("lowest", n=2),), ruling="bad-luck"),
    Omen(23, 24, "Hailstorm", (Effect("flag", "halt"),)),
    Omen(25, 26, "Heatwave", (_add("resolve", -2),)),
    Omen(31, 32, "American Settlers", (_add("proximity", -2),)),
    Omen(33, 34, "Drought", (Effect("cap", "food", -1),)),
    Omen(35, 36, "Dissent", (Effect("cap", "resolve", -1),)),
    Omen(41, 42, "Cursed Land", (Effect("flag", "bar-north-next"),), ruling="cursed-land"),
    Omen(43, 44, "Snowstorm", (_add("food", -1), _add("movement", -1)), house=True,
         reason="A third storm beside Windstorm and Hailstorm; it spends two resources, one each."),
    Omen(45, 46, "Cavalry Patrol", (_add("proximity", -1), _add("resolve", -1)), house=True,
         reason="The cavalry's own patrols, as the Raid icon: the pursuers the game is about."),
    Omen(51, 52, "Lame Horses", (Effect("cap", "movement", -1),), house=True,
         reason="The fourth capacity loss, so Movement Progress can shrink like the three primaries."),
    Omen(53, 54, "Spoiled Meat", (_add("food", -2),), house=True,
         reason="Food's answer to Heatwave (2 Resolve) and American Settlers (2 Proximity)."),
    Omen(55, 56, "Prairie Fire", (Effect("flag", "bar-plains-next"),), house=True,
         reason="A terrain ban for a turn, as Cursed Land is a direction ban."),
    Omen(61, 62, "Flash Flood", (Effect("flag", "no-river"),), house=True,
         reason="Rivers cost extra anyway; a flood shuts them for a turn, like Hailstorm shuts movement."),
    Omen(63, 64, "Camp Sickness", (Effect("fever"),), house=True,
         reason="The Shaman's Fever from the unit chart, so a Sacred Spring vision also guards against it."),
    Omen(65, 66, "Falling Crows", (_add("resolve", -1), Effect("flag", "no-crow")), house=True,
         reason="The dead crows of the plot dreams: Resolve \u22121 and no Vision Quest progress this turn."),
)

RESOURCE_NAMES = {t.key: t.name for t in TRACKERS}


def describe(effects: tuple[Effect, ...]) -> str:
    """Effects in short words, from their numbers: "lose 1 Food and 1 Movement Progress"."""
    parts = []
    adds = [e for e in effects if e.op == "add" and not e.when and not e.unless]
    if adds and all(e.n < 0 for e in adds):
        parts.append("lose " + " and ".join(f"{-e.n} {RESOURCE_NAMES[e.key]}" for e in adds))
    elif adds:
        parts.extend(f"{'gain' if e.n > 0 else 'lose'} {abs(e.n)} {RESOURCE_NAMES[e.key]}" for e in adds)
    for e in effects:
        if e.op == "cap":
            parts.append(f"maximum {RESOURCE_NAMES[e.key]} {e.n:+d}".replace("-", "\u2212"))
        elif e.op == "lowest":
            parts.append(f"lose {e.n} of your lowest resource")
        elif e.op == "flag":
            parts.append(FLAGS[e.key])
        elif e.op == "fever":
            parts.append("the Shaman takes a Fever")
    return "; ".join(parts)


BAD_OMEN = Chart(
    "bad-omen", "Bad Omen", "d66",
    tuple(Band(o.low, o.high, (f"{o.name}: {describe(o.effects)}" + (f" {HOUSE_MARK}" if o.ruling else ""),),
               house=o.house) for o in OMENS),
    modifier="Roll one die for the tens, then one for the ones.",
    phase=2,
    note="43\u201366 are house rules: " + OMEN_REASON,
)

# Why each designed Bad Omen result is what it is (one line each, for the rulebook's house-rule notes).
OMEN_HOUSE_REASONS = tuple((f"{o.low}\u2013{o.high}", o.reason) for o in OMENS if o.house)

CHARTS = (UNIT_CHART, BAD_OMEN)

COSTS = (Cost("plains", 1, 2), Cost("forest", 2, 1), Cost("mountains", 3, 1))


def cost_text(terrain: str) -> str:
    c = next(c for c in COSTS if c.terrain == terrain)
    return f"{c.movement} Movement + {c.food} Food"


TERRAINS = (
    Terrain("plains", "Plains", "Easy going, but hungry work.", "#f2e7b0", ("dots", 0.0, 3.4),
            cost=cost_text("plains")),
    Terrain("forest", "Forest", "Between the two on cost and reward.", "#cfe2bf", ("cross", 45.0, 4.0),
            cost=cost_text("forest")),
    Terrain("mountains", "Mountains", "Slow, but richer encounters and boons.", "#dccab4",
            ("lines", 45.0, 3.2), cost=cost_text("mountains")),
)

RIVER_EXTRA = 1
FAR_MAP = 2  # a map icon goes this many hexes away once every hex next to the tribe is mapped
IDLE_RESOLVE = 1
ZONE_PROXIMITY = 1
FEVER_RESOLVE, FEVER_TURNS = 1, 2
PLOT_DIE = 6

RULINGS = (
    Ruling("plot-first-entry", "Plot hexes: stop on the first entry only",
           "Entering a plot hex ends the turn's movement only the first time (when you roll its letter); "
           "later you may pass through it.",
           "The source says both \u201cthe first time\u201d (map guide, movement) and \u201cany\u201d plot "
           "hex (plot chapter); two of its three statements and the once-per-letter roll favour the first "
           "entry, and a second stop would resolve nothing."),
    Ruling("pipe-carriers", "Pipe Carriers: the Warriors' top box",
           "The permanent 6 of Pipe Carriers goes in the Warriors' top die box.",
           "The source says only \u201cthe top tribal die-box\u201d; the unit guide calls the Warriors "
           "\u201cthe braves and pipe carriers\u201d, and the other two such visions each name a unit."),
    Ruling("gold-at-e", "Gold (02A) at hex E: no roll",
           "After 02A you never roll at hex E: with GOLD in at least three journal entries you win on "
           "entering it; with fewer, the hex counts as visited and nothing else happens.",
           "The outcome says not to roll at E but not what happens without the three entries."),
    Ruling("gold-entries", "Gold (02A): entries written at plot hexes",
           "Only the journal entries written in Phase 4, on a day the tribe resolves a plot hex, count "
           "towards 02A's three GOLD entries; GOLD written on any other day does not count.",
           "The source journals only at plot hexes (Phase 4) and asks for GOLD in three \u201cJournal "
           "Entries\u201d; a note on any day would let a tribe write its way to Canada while it waits."),
    Ruling("booby-trap-fever", "Booby Trap (08A): 2 Resolve",
           "08A costs 2 Resolve in all: the outcome's own 1, and 1 more for the Shaman's Fever, which costs "
           "Resolve as every Fever does (a Sacred Spring vision spares the Shaman the Fever and its point).",
           "The source's 08A says \u201cLose 1 Resolve, Shaman is afflicted with Fever\u201d, and the Fever "
           "says \u201cReduce Resolve by 1\u201d; it does not say whether the two are the same point. 04A's "
           "Fever, with no loss of its own, costs 1 through the Fever, so 08A's named loss is a second one."),
    Ruling("ghost-mountain", "Ghost Mountain: once",
           "The Ghost Mountain sets every primary resource to 5 the first time you enter it.",
           "A refill on every entry would let a tribe step in and out of it for the rest of the game."),
    Ruling("canada-terrain", "Map icons beside Canada",
           "A map icon never colours a Canada hex in a terrain other than its already mapped twin; if no "
           "other hex can take it, that icon is lost.",
           "The source asks for both Canada hexes in one terrain; an icon forced onto the second one in "
           "another terrain would end every chance of winning through no choice of the player."),
    Ruling("fort-entry", "Fort Benton after 12A",
           "After 12A the fort's hex is drawn and entered like any hex, at its terrain's cost; a failed "
           "assault ends the turn back in the hex you came from, at no cost, and that way back is no hex "
           "travelled: it does not score.",
           "The outcome opens the fort but the source gives it no terrain and no way back; the source "
           "scores \u201ceach hex traveled\u201d, and the way back is no step the tribe pays for."),
    Ruling("river-price", "Rivers: Movement or Resolve",
           f"Crossing a river costs {RIVER_EXTRA} more Movement Progress or {RIVER_EXTRA} Resolve, as you choose "
           "at each crossing.",
           "The map guide asks for one extra Movement Point; the movement table for one extra Movement or "
           "Resolve. The table is the fuller statement and includes the guide's price, so both are allowed."),
    Ruling("thunderstorm", "Thunderstorm: Movement doubled",
           "A Thunderstorm doubles the Movement Progress each hex costs to enter this turn; Food and a "
           "river's extra are paid as usual.",
           "The omen says \u201cMovement Cost\u201d; the visions that change a terrain's cost (Feather "
           "Scouts, Spirit of the Goat) use \u201cmovement\u201d for the Movement part of a hex's price only."),
    Ruling("cursed-land", "Cursed Land: north of the next turn's start",
           "Cursed Land bars, for the whole next turn, the hex north of the hex where that turn begins.",
           "The source says only \u201cthe adjacent hex to the north next turn\u201d: adjacent to the tribe, "
           "which next turn stands where this turn's move ended; one hex fixed at the turn's start can be "
           "marked on the sheet."),
    Ruling("bad-luck", "Bad Luck: a primary resource",
           "Bad Luck takes 2 from your lowest primary resource (Food, Resolve or Proximity; on a tie, the "
           "one you choose), never from Movement Progress.",
           "The source says \u201cyour lowest Resource\u201d; Movement Progress is \u201cnot a primary "
           "resource\u201d and often stands at 0 after a march, where a loss would do nothing."),
    Ruling("score-steps", "Score: every hex entered",
           "Each hex the tribe enters scores, every time it is entered; the start hex, never entered, "
           "does not.",
           "The source scores \u201ceach hex traveled\u201d: a step is what the route traces and what "
           "costs Movement and Food, and a hex entered twice was travelled twice."),
    Ruling("map-lost", "A map icon with nowhere to go",
           "When no blank hex lies next to the tribe or two hexes away, a map icon is lost.",
           "The source looks no further than two hexes away; a hex further off would let an icon map "
           "land far from the tribe."),
    Ruling("fort-blank", "Fort Benton is not coloured",
           "A map icon never colours Fort Benton's hex (it goes to another hex) until 12A opens the fort; "
           "from then on the fort's hex is coloured like any blank hex.",
           "The source makes the fort impassable and gives it no terrain: colour there would only waste "
           "an icon. 12A's assault needs the hex mapped, so from 12A on it may be coloured."),
)


@dataclass(frozen=True)
class StandIn:
    """How a ruling plays when it is switched off for a balance report: the neutral reading put in its
    place. `instead` empty: the ruling has no neutral stand-in, and `why_none` says why."""

    ruling: str  # a Ruling key
    instead: str
    why_none: str = ""


NEUTRAL_STANDINS = (
    StandIn("plot-first-entry", "Every entry into a plot hex ends the turn's movement (the source's \u201cany\u201d "
                                "plot hex); its letter is still rolled only once."),
    StandIn("pipe-carriers", "The permanent 6 goes in the top box of the unit the player chooses when the "
                             "vision comes (the source's \u201ctop tribal die-box\u201d, any unit)."),
    StandIn("gold-at-e", "After 02A, a tribe reaching E with fewer than three GOLD entries rolls there like "
                         "at any plot hex."),
    StandIn("gold-entries", "", "the other reading (GOLD written on any day counts) is not played in the "
                                "balance report."),
    StandIn("booby-trap-fever", "", "the other reading (the Fever's Resolve is 08A's one) is not played "
                                    "in the balance report."),
    StandIn("ghost-mountain", "The Ghost Mountain sets every primary resource to 5 on every entry."),
    StandIn("canada-terrain", "A map icon may colour a Canada hex in any terrain, unlike its mapped twin or "
                              "not (the source's silence)."),
    StandIn("fort-entry", "", "12A is itself a house outcome and the source's fort is impassable: without "
                              "the ruling the fort has no terrain, price or way back, so 12A could not be "
                              "played at all."),
    StandIn("river-price", "", "the ruling allows both of the source's prices, so a game played by either "
                               "one alone is already a game played by the ruling."),
    StandIn("thunderstorm", "", "the other reading (Food doubled as well) is not played in the balance report."),
    StandIn("cursed-land", "", "the other reading (north of where the omen came) is not played in the "
                               "balance report."),
    StandIn("bad-luck", "", "the other reading (Movement Progress counted as a resource) is not played in "
                            "the balance report."),
    StandIn("score-steps", "", "the score does not change how a game is played or whether it is won."),
    StandIn("map-lost", "", "the source names no third place an icon could go."),
    StandIn("fort-blank", "", "the other reading (an icon may colour the impassable fort) is not played in "
                              "the balance report."),
)

# Other movement costs, (what, cost), printed under the terrain costs.
MOVE_RULES = (
    ("River", f"+{RIVER_EXTRA} Movement or +{RIVER_EXTRA} Resolve to cross {HOUSE_MARK}"),
    ("Stay put", f"no move in Phase 3: Resolve \u2212{IDLE_RESOLVE}"),
    ("Plot hex", f"first entry {HOUSE_MARK}: stop; roll 1d{PLOT_DIE} on its table"),
    ("Fort zone", f"start a turn there: Prox \u2212{ZONE_PROXIMITY}"),
)

SYMBOLS = (
    Symbol("start", "Start", "Mounted tribe's camp in the forest: trace your route from here."),
    Symbol("canada", "Canada", "The flagged double hex: both mapped, same terrain; enter to win."),
    Symbol("fort", "Fort Benton", f"Impassable unless a plot says otherwise; not coloured {HOUSE_MARK}."),
    Symbol("fort-zone", "Zone of control", f"Start a turn here: Proximity \u2212{ZONE_PROXIMITY}."),
    Symbol("river", "River", f"Dark line on hex edges: crossing costs {RIVER_EXTRA} Movement or {RIVER_EXTRA} "
                             f"Resolve {HOUSE_MARK}."),
    Symbol("plot", "Plot hex A\u2013E", f"Stop on first entry {HOUSE_MARK} and roll 1d{PLOT_DIE} on its table."),
)

PHASES = (
    Phase(1, "Tribal Unit Activation", "roll 2d6 four times; fill all eight unit boxes"),
    Phase(2, "Resolve Actions", "each unit: top \u2212 bottom; apply its chart cell"),
    Phase(3, "Movement (optional)", "pay terrain costs, stop at a new plot"),
    Phase(4, "Journaling", "after a plot hex, write a paragraph"),
)

CROWS = 7  # to colour before a Vision Quest
CROW_POINTS = 2
HEX_POINTS = 1
SPIRIT_DANCERS = 2

RULES = CrowsRules(
    primaries=tuple(t.key for t in TRACKERS if t.primary),
    costs=COSTS,
    river_extra=RIVER_EXTRA,
    river_pay=("movement", "resolve"),
    idle_resolve=IDLE_RESOLVE,
    zone_proximity=ZONE_PROXIMITY,
    fever_resolve=FEVER_RESOLVE,
    fever_turns=FEVER_TURNS,
    rolls_per_turn=4,
    dice_per_roll=2,
    aim=(2, 3),
    spirit_dancers=SPIRIT_DANCERS,
    crows_for_vision=CROWS,
    crow_after_vision=Effect("wild-primary", n=1),
    crow_points=CROW_POINTS,
    hex_points=HEX_POINTS,
    plot_letters="ABCDE",
    plot_die=PLOT_DIE,
    die_faces=6,
    permanent_face=6,
    double_cost=2,
    omen_tens_ones=True,
    unit_effects=UNIT_EFFECTS,
    omens=OMENS,
    rulings=RULINGS,
    units=UNITS,
    unit_rows=UNIT_ROWS,
)

# What a save's `rolls:` may hold for a day (phase key -> die faces as the sheet shows them).
ROLL_KEYS = (
    ("units", "Phase 1: the eight unit boxes as filled (after any Spirit Dancer), top then bottom, "
              "Tribe, Chief, Shaman, Warriors"),
    ("omens", "each Bad Omen rolled, in order, as its two dice: tens then ones (with Future Portents, as you "
              "placed them)"),
    ("outcome", "the dice a plot outcome rolls (1d6 Food, Movement, or a Resolve test)"),
    ("fort", "the die of a Fort Benton assault (12A)"),
    ("windriders", "a Windriders reroll (Plains vision 4): the box rerolled, 1-8 in the order of units, and the "
                   "face it was first thrown (units shows the board as Phase 1 ends)"),
    ("order", "Phase 1 in the order played (optional): the unit each die went to, two a roll, in the order "
              "rolled, or discard for a die a vision lets you discard; shows a fevered Shaman took the "
              "first roll"),
)

# Small rule numbers the prose and the checks need (read by the rulebook), from the typed rules.
RULE_NUMBERS = (
    ("aim", RULES.aim),  # the differences a player hopes for
    ("dice_per_unit", RULES.dice_per_roll),
    ("fever_turns", RULES.fever_turns),
    ("plot_roll", f"1d{PLOT_DIE}"),
    ("vision_roll", f"1d{PLOT_DIE}"),
    ("river_cost", RULES.river_extra),
    ("idle_cost", RULES.idle_resolve),
    ("zone_cost", RULES.zone_proximity),
    ("score_per_hex", RULES.hex_points),
)

# The physical pieces the sheet holds: a die per tracker and two per tribal unit.
PIECES = (
    Piece("die", "standard die", "square", 16.0, 12, "4 trackers, 2 per tribal unit"),
    Piece("pencil", "coloured pencil", "stick", 7.0, 3, "one colour per terrain, and graphite"),
)


@dataclass(frozen=True)
class CrowsText:
    """What 1872's sheet and rulebook print beyond RULES, built from it."""

    rule_numbers: tuple[tuple[str, object], ...]  # the small numbers the rulebook's prose names
    effects: tuple[Symbol, ...]  # the unit chart's icons and their short names
    move_rules: tuple[tuple[str, str], ...]  # (what, cost), printed under the terrain costs
    spirit_dancer_text: str
    vision_quest_text: str
    win_text: str
    lose_text: str
    score_text: str
    phases_text: str
    aim_text: str
    house_summary: str
    omen_house_reasons: tuple[tuple[str, str], ...]


TEXT = CrowsText(
    rule_numbers=RULE_NUMBERS,
    effects=EFFECTS,
    move_rules=MOVE_RULES,
    spirit_dancer_text="Once each per game: cross one out to turn any Phase 1 die to any face.",
    vision_quest_text=(f"At the {CROWS}th Crow: roll 1d{PLOT_DIE} on the visions of the terrain with "
                       f"most Crows (tie: choose). Once per game; each later Crow is "
                       f"+{RULES.crow_after_vision.n} to a primary."),
    win_text="Win: visit plot hexes A\u2013E, then enter Canada (both hexes mapped, same terrain)",
    lose_text="Lose: Food, Resolve or Proximity at 0 at the end of a turn",
    score_text=f"Score: {HEX_POINTS} per hex entered {HOUSE_MARK}, +{CROW_POINTS} per coloured Crow on a win",
    phases_text=f"phases {PHASES[0].number}\u2013{PHASES[1].number}",
    aim_text="aim for a difference of " + " or ".join(map(str, RULES.aim)),
    house_summary=("unit chart rows " + " and ".join(r.label for r in UNIT_ROWS if r.house)
                   + ", row " + " ".join(f"{r.label} {u.name}" for r in UNIT_ROWS if not r.house
                                         for u, c in zip(UNITS, r.cells) if c.house)
                   + f", Bad Omen {OMENS[0].low if OMENS[0].house else next(o.low for o in OMENS if o.house)}"
                     f"\u2013{OMENS[-1].high}; rulings in the rulebook"),
    omen_house_reasons=OMEN_HOUSE_REASONS,
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
    pieces=PIECES,
    days_per_week=None,
    rules=RULES,
    text=TEXT,
)
