"""1572: The Lost Expedition, as data. Every number and effect follows the published rules; the
wording is lostprint's own.

The rules are typed once, here, as numbers and typed effects (`RULES`, the chart rows, the terrain
modifiers, the interests); the chart text printed on sheets and in the rulebook, the engine
(lostprint.engine.lost_expedition), the save validator and the players all read them."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from lostprint.games.model import (
    Band,
    Chart,
    Game,
    Option,
    Phase,
    Piece,
    Symbol,
    Terrain,
    Tracker,
)

MINUS = "\u2212"


def signed(n: int) -> str:
    return f"{n:+d}".replace("-", MINUS)


@dataclass(frozen=True)
class Effect:
    """One result of a chart row: a tracker change (`what` is a tracker key, `amount` the change) or
    an event (`what` is the event: accident, fever, village, peaceful-village, trail, interests,
    empire, cache, terrain, same-terrain)."""

    what: str
    amount: int = 0
    terrain: str = ""  # for "terrain": the terrain drawn


@dataclass(frozen=True)
class Row:
    """A chart row as rules: totals low..high (None = open) give these effects."""

    low: int | None
    high: int | None
    effects: tuple[Effect, ...]
    house: bool = False

    def covers(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


@dataclass(frozen=True)
class TerrainRule:
    key: str
    mods: tuple[tuple[str, int], ...]  # (chart key, modifier to that chart's total)
    no_fever_break: bool = False
    discards_villages: bool = False


@dataclass(frozen=True)
class Ruling:
    """A point where the published rules are silent or contradict themselves, and what lostprint does."""

    key: str
    title: str
    rule: str
    reason: str
    chart: str = ""  # the chart that prints this ruling as its note, if any


@dataclass(frozen=True)
class InterestRule:
    key: str
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class ExpeditionRules:
    """Every number of 1572's rules (the charts' rows are in CHART_ROWS, terrains in TERRAIN_RULES)."""

    cap: int  # no tracker goes above it
    floor: int  # nor below it
    day_limit: int
    weeks: int
    days_per_week: int
    die_faces: int  # a d6: faces 1..die_faces
    planning_dice: int
    phase_dice: int
    planning_rerolls: int
    wild_face: int
    phase_faces: tuple[tuple[str, int], ...]  # chart key -> the planning face that calls it
    bonus_per_extra: int  # each extra die of a face, or WILD given to it
    kind_for_bonus: int  # n of a kind (WILDs not counted) gains ...
    kind_bonus: int  # ... this many conquistadors
    fever_break_wilds: int
    doctor_break_wilds: int
    fever_morale: int  # lost at once on a fever icon
    musket_reroll_cost: int
    musket_rerolls: int  # per phase
    musket_charts: tuple[str, ...]  # charts a musket may reroll
    military_musket_bonus: int
    botany_hunting: int
    peaceful_bonus: int
    peaceful_charts: tuple[str, ...]
    village_progress: int  # movement progress lost on finding a (not peaceful) village
    cache: tuple[tuple[str, int], ...]
    accident: tuple[str, int]  # the tracker an accident costs, and how much
    doctor_accident: tuple[str, int]
    empire_reach: int
    empire_dice: int
    kantyi_reroll_at_most: int  # Princess Kantyi: Native Contact dice showing this or less are rerolled
    cataract_face: int  # a die showing it while mapping from a river hex draws a cataract
    lagos_hexes: int
    ration: int
    move_cost: int
    trail_cost: int
    river_progress: int
    max_steps: int  # steps a day (see the "steps" ruling)
    morale_by_direction: tuple[tuple[str, int], ...]
    morale_no_travel: int
    morale_floor: int  # below it after phase 10: lose a conquistador
    cartography_progress: int  # Cartography: a trail if phase 12 ends with this much progress
    score_per_hex: int
    score_per_conquistador: int  # on a win
    score_per_wonder: int  # on a win

    def face(self, chart: str) -> int:
        return dict(self.phase_faces)[chart]

    def chart_of(self, face: int) -> str | None:
        return next((k for k, f in self.phase_faces if f == face), None)


RULES = ExpeditionRules(
    cap=6, floor=0, day_limit=42, weeks=6, days_per_week=7,
    die_faces=6, planning_dice=5, phase_dice=2, planning_rerolls=1, wild_face=1,
    phase_faces=(("movement", 2), ("mapping", 3), ("exploring", 4), ("native-contact", 5), ("hunting", 6)),
    bonus_per_extra=1, kind_for_bonus=4, kind_bonus=1,
    fever_break_wilds=3, doctor_break_wilds=2, fever_morale=1,
    musket_reroll_cost=1, musket_rerolls=1, musket_charts=("movement", "exploring", "native-contact", "hunting"),
    military_musket_bonus=2, botany_hunting=1,
    peaceful_bonus=1, peaceful_charts=("exploring", "hunting"),
    village_progress=1,
    cache=(("food", 1), ("muskets", 1), ("morale", 1)),
    accident=("conquistadors", 1), doctor_accident=("food", 1),
    empire_reach=2, empire_dice=1, kantyi_reroll_at_most=2, cataract_face=1, lagos_hexes=3,
    ration=1, move_cost=5, trail_cost=3, river_progress=1, max_steps=2,
    # Morale change by the direction of a step (flat-top hex directions).
    morale_by_direction=(("NW", -3), ("N", -1), ("NE", 1), ("SE", 3), ("S", 1), ("SW", -1)),
    morale_no_travel=-1, morale_floor=1,
    cartography_progress=3,
    score_per_hex=1, score_per_conquistador=1, score_per_wonder=2,
)
R = RULES


NO_MODS = MappingProxyType({})


@dataclass(frozen=True)
class Powers:
    """What an expedition changes of the rules (EXPEDITIONS words it; the engine applies it)."""

    fever_break_wilds: int = R.fever_break_wilds
    accident: tuple[str, int] = R.accident  # the tracker an accident, death or desertion costs, and how much
    fever_immune: bool = False
    chart_mods: MappingProxyType = field(default_factory=lambda: NO_MODS)  # chart key -> modifier to its totals
    musket_bonus: int = 0  # added to a total whose roll spent a musket
    peaceful_villages: bool = False  # every village it finds is a peaceful village
    trail_interests: bool = False  # a trail into another terrain leads to an interest
    cartography: bool = False  # once per hex, a trail when phase 12 ends with cartography_progress


POWERS = MappingProxyType({
    "cartography": Powers(cartography=True),
    "botany": Powers(fever_immune=True, chart_mods=MappingProxyType({"hunting": R.botany_hunting})),
    "military": Powers(musket_bonus=R.military_musket_bonus),
    "archeology": Powers(trail_interests=True),
    "religious": Powers(peaceful_villages=True),
    "doctor": Powers(fever_break_wilds=R.doctor_break_wilds, accident=R.doctor_accident),
})
NO_POWERS = Powers()  # no expedition chosen (yet)

# Backward-compatible names (read by the sheet and the rulebook).
MORALE_BY_DIRECTION = R.morale_by_direction
MORALE_NO_TRAVEL = R.morale_no_travel
MORALE_SE, MORALE_NW = (dict(R.morale_by_direction)[d] for d in ("SE", "NW"))  # the "morale-each-step" example

TRACKERS = (
    Tracker("conquistadors", "Conquistadors", R.cap, R.cap, primary=True),
    Tracker("muskets", "Muskets", R.cap, R.cap, primary=True),
    Tracker("food", "Food", R.cap, R.cap, primary=True),
    Tracker("morale", "Morale", R.cap, R.cap, primary=True),
    Tracker("movement", "Movement Progress", R.cap, R.cap),
)
TRACKER_KEYS = tuple(t.key for t in TRACKERS)

E = Effect
ACCIDENT = E("accident")
FEVER = E("fever")

# --- the charts, as rules ---------------------------------------------------------------------

CHART_ROWS: tuple[tuple[str, tuple[Row, ...]], ...] = (
    ("movement", (
        Row(None, 3, (ACCIDENT,)),
        Row(4, 5, (E("movement", 1), FEVER)),
        Row(6, 8, (E("movement", 1), E("morale", -1))),
        Row(9, 9, (E("movement", 1),)),
        Row(10, 10, (E("movement", 2),)),
        Row(11, 11, (E("movement", 2), E("movement", 1))),
        Row(12, None, (E("movement", 2), E("movement", 2))),
    )),
    ("mapping", (
        Row(None, 2, (E("terrain", terrain="swamp"),)),
        Row(3, 3, (E("terrain", terrain="hills"),)),
        Row(4, 4, (E("terrain", terrain="mountains"),)),
        Row(5, 5, (E("terrain", terrain="jungle"),)),
        Row(6, 9, (E("same-terrain"),)),
        Row(10, 10, (E("terrain", terrain="forest"),)),
        Row(11, 11, (E("terrain", terrain="lake"),)),
        Row(12, None, (E("terrain", terrain="plains"),)),
    )),
    ("exploring", (
        Row(None, 2, (ACCIDENT,)),
        Row(3, 3, (FEVER,)),
        Row(4, 5, (E("movement", -1),)),
        Row(6, 7, (E("village"),)),
        Row(8, 8, (E("morale", 1),)),
        Row(9, 9, (E("trail"),)),
        Row(10, None, (E("interests"),), house=True),  # see the "exploring-interests" ruling
    )),
    ("native-contact", (
        Row(None, 4, (E("empire"),)),
        Row(5, 5, (FEVER,)),
        Row(6, 8, (E("village"),)),
        Row(9, 9, (E("trail"),)),
        Row(10, 10, (E("food", 1), E("peaceful-village"))),
        Row(11, None, (E("cache"), E("peaceful-village"))),
    )),
    ("hunting", (
        Row(None, 3, (ACCIDENT,)),
        Row(4, 4, (E("morale", -1),)),
        Row(5, 5, (E("morale", -1), E("food", 1))),
        Row(6, 8, (E("food", 1),)),
        Row(9, 10, (E("food", 2),)),
        Row(11, None, (E("food", 2), E("morale", 1))),
    )),
)

INTEREST_RULES = (
    InterestRule("lagos-de-oro", "Lagos de Oro", (E("lagos", R.lagos_hexes),)),
    InterestRule("ruined-mission", "Ruined Mission", (E("muskets", 5), E("trail"))),
    InterestRule("migration", "Migration", (E("migration"),)),
    InterestRule("natural-wonder", "Natural Wonder", (E("morale", 5), E("wonder"))),
    InterestRule("predict-eclipse", "Predict Eclipse", (E("eclipse", 2),)),
    InterestRule("princess-kantyi", "Princess Kantyi", (E("kantyi"),)),
    InterestRule("diego-mendoza", "Diego Mendoza", (E("conquistadors", 1), E("muskets", 1), E("diego", 1))),
)
WONDER = "natural-wonder"
INTEREST_ROWS = (
    Row(2, 3, (E("interest", terrain="lagos-de-oro"),)),
    Row(4, 4, (E("interest", terrain="ruined-mission"),)),
    Row(5, 5, (E("interest", terrain="migration"),)),
    Row(6, 8, (E("interest", terrain=WONDER),)),
    Row(9, 9, (E("interest", terrain="predict-eclipse"),)),
    Row(10, 10, (E("interest", terrain="princess-kantyi"),)),
    Row(11, None, (E("interest", terrain="diego-mendoza"),)),
)


def interest_rule(key: str) -> InterestRule:
    return next(i for i in INTEREST_RULES if i.key == key)


def interest_amount(key: str, what: str) -> int:
    return sum(e.amount for e in interest_rule(key).effects if e.what == what)


TERRAIN_RULES = (
    TerrainRule("mountains", (("movement", -1), ("hunting", 1))),
    TerrainRule("hills", (("movement", -1), ("native-contact", 1))),
    TerrainRule("forest", (("hunting", 1),)),
    TerrainRule("plains", (("movement", 1),)),
    TerrainRule("jungle", (("movement", -1), ("exploring", -1))),
    TerrainRule("swamp", (("movement", -1),), no_fever_break=True),
    TerrainRule("lake", (("movement", 1),), discards_villages=True),
)


def terrain_rule(key: str) -> TerrainRule:
    return next(t for t in TERRAIN_RULES if t.key == key)


_TERRAIN_MODS = MappingProxyType({(t.key, chart): n for t in TERRAIN_RULES for chart, n in t.mods})


def terrain_mod(terrain: str, chart: str) -> int:
    return _TERRAIN_MODS.get((terrain, chart), 0)


RULINGS = (
    Ruling("steps", "Map Travel: more than one step",
           f"Each step is paid in full ({R.move_cost}, or {R.trail_cost} along a trail); you may step again "
           f"while progress pays, so at most {R.max_steps} steps a day (two trails). Morale changes for "
           "each step.",
           "The source prices a step but never says how many a day; with the tracker's maximum of "
           f"{R.cap} only two trail steps can ever be paid."),
    Ruling("unpaid-losses", "Losses you cannot pay",
           f"A tracker never goes below {R.floor}: a loss of muskets, food, morale or progress you do not have "
           "is not paid. Only hunger (phase 8) and despair (phase 10) turn into lost men.",
           "The source gives maximums only; it is silent on losses beyond what you hold."),
    Ruling("wild-no-phase", "WILDs call no phase",
           "A WILD only adds to a face you rolled; it cannot call a phase on its own.",
           "The source says a phase is skipped unless rolled, and WILDs are bonuses; it never says "
           "whether a WILD alone may call one.", chart="planning"),
    Ruling("mapped-only", "Enter only mapped hexes",
           "Map Travel may only enter a hex that is mapped (drawn or printed).",
           "The source prices a step by the terrain of the target, which a blank hex does not have."),
    Ruling("river-next-hex", "River progress",
           f"Entering a river hex adds {signed(R.river_progress)} movement progress only from the river hex just "
           "upstream of it; a step across a bend into a river hex further downstream adds nothing.",
           "The source adds progress \"every time you enter a downstream river hex from an upstream hex\" "
           "without saying whether hexes the river does not join count; the current carries the party along "
           "its own course only, the course its cataracts sit on."),
    Ruling("exploring-interests", "Exploring 10+ gives Interests",
           "Interests are rolled on an Exploring total of 10 or more, as the Exploring chart says.",
           "The Interests phase text says 11+, the chart says 10+; the chart is what a player reads "
           "at the table.", chart="exploring"),
    Ruling("mapping-dice", "Mapping is rolled on 2d6",
           "The Mapping chart is rolled once on 2d6, plus the planning bonus.",
           "Phase 3 says 2d6 and the chart runs 2 to 12; the symbol key's \"1d6 for each ?\" could "
           "never reach most of its rows.", chart="mapping"),
    Ruling("morale-each-step", "Morale, one step at a time",
           "Phase 10 changes morale once for each step, in the order walked, and the tracker stops at "
           f"{R.cap} and at {R.floor} as each change is made: from {R.cap}, a step SE "
           f"({signed(MORALE_SE)}) and then one NW ({signed(MORALE_NW)}) ends at "
           f"{min(R.cap, R.cap + MORALE_SE) + MORALE_NW}, not {R.cap}.",
           f"The source gives one change for the day's one step, and no tracker exceeds {R.cap}: \"excess "
           "supplies or progress are discarded\". With more than one step a day (the \"steps\" ruling) the "
           "changes come as the party walks them, each on the die as it stands."),
    Ruling("no-travel-morale", "Morale when you stay put",
           f"A day without a step changes morale by {signed(R.morale_no_travel)}.",
           "The morale chart shows 0 for no travel while phase 10's text takes 1 morale; the text wins."),
    Ruling("military", "Military bonus",
           f"The Military expedition adds {R.military_musket_bonus} to the total of a roll it spends a "
           "musket on.",
           "The source says \"add 2 to your score\" when a musket is used; a roll's total is the only "
           "score a musket touches."),
    Ruling("day-limit", "The day limit",
           f"The game lasts {R.day_limit} days ({R.weeks} weeks); a day that ends away from the delta after "
           "that loses.",
           f"Track Day says \"turn 4 (6 weeks)\" and then \"6 weeks or {R.day_limit} turns\", as How to Lose does; "
           "the 4 is a misprint."),
    Ruling("empty-party", "The delta with no one left",
           "A day that ends with no conquistador left is lost, even on the day the party reaches the delta.",
           "How to Win moves your party of conquistadors to the delta and How to Lose names losing all of them; "
           "the source does not say which counts when both happen on one day, and a party of none reaches "
           "nothing."),
    Ruling("interests-on-entering", "Interests found while travelling",
           "Entering a hex with an interest icon during Map Travel rolls its Interests at once, before the "
           "next step.",
           "Phase 7 comes before Map Travel, and the source never says when a hex entered in phase 9 is "
           "rolled; at once keeps the find in the hex it belongs to."),
    Ruling("diego-travelling", "Diego Mendoza while travelling",
           f"Diego's {signed(interest_amount('diego-mendoza', 'diego'))} may go to an Interests roll made on "
           "entering a hex during Map Travel; it is still once a day, so not if it was used earlier that day.",
           "He adds to a total \"whenever rolling on Phases 2-7\", and the source does not say whether that "
           "means the phases' charts or the hours before travel; an Interests roll is phase 7's chart "
           "wherever it is made."),
    Ruling("archeology", "Archeology's trails",
           "A step along a trail into a hex of another terrain rolls Interests there (if the hex "
           "holds none yet).",
           "The source says trails \"lead to an interest in the next hex\" if its terrain differs, without "
           "saying when; the step along the trail is when the party reaches it."),
    Ruling("lake-peaceful", "Peaceful villages on a lake",
           "On a lake a Peaceful Village result is discarded too; the rest of its row (food, cache) is kept.",
           "The lake discards \"village results\", and a peaceful village is a village."),
    Ruling("lagos-halfway", "Where Lagos de Oro lies",
           f"Lagos de Oro is {R.lagos_hexes} blank hexes that all touch, one of them as near halfway as the "
           "blank hexes allow: its larger distance, to the party or to the delta, as small as it can be.",
           "The source says \"halfway between your current location and the River Delta\" without a measure."),
    Ruling("lagos-no-room", "No room for Lagos de Oro",
           f"When no {R.lagos_hexes} blank hexes that all touch are left on the map, a Lagos de Oro roll "
           "is a Natural Wonder.",
           "The source never says what happens when the lake cannot be drawn; a repeated interest becomes a "
           "Natural Wonder, and so does this one."),
    Ruling("lagos-one-hex", "Lagos de Oro as one hex",
           "Lagos de Oro scores as one mapped hex, and the party is at Lagos in any of its hexes; each of its "
           "hexes is entered and priced as a hex of its own.",
           "The source says the three hexes count as one \"for all purposes\" but never says how a step "
           "into, across or out of such a hex is paid; the score is the purpose it plainly touches."),
    Ruling("migration-fill", "Migration's musket",
           f"At a Migration, {R.musket_reroll_cost} musket may fill Food to {R.cap} once: when it is found.",
           "The source does not say whether the fill may be bought again while the party stays near; once "
           "keeps it a find, not a larder."),
    Ruling("kantyi", "Princess Kantyi's reroll",
           f"Once she is found, every Native Contact die showing {R.kantyi_reroll_at_most - 1} or "
           f"{R.kantyi_reroll_at_most} is rolled again, once; the new face stands. A save writes the new faces "
           "under rolls: kantyi.",
           "The source says to reroll 1s and 2s, without saying whether a rerolled 1 or 2 is rerolled again."),
)


def ruling(key: str) -> Ruling:
    return next(r for r in RULINGS if r.key == key)


def ruling_note(key: str) -> str:
    r = ruling(key)
    return f"{r.rule} {r.reason}"


# --- text made from the rules -----------------------------------------------------------------

_TRACK_WORD = MappingProxyType({"movement": "Movement", "food": "Food", "morale": "Morale", "muskets": "Muskets",
               "conquistadors": "Conquistadors"})
_EVENT_WORD = MappingProxyType({"accident": "Accident", "fever": "Fever", "village": "Village", "trail": "Trail",
               "interests": "Interests", "empire": "Advanced Empire", "cache": "Cache",
               "peaceful-village": "Peaceful Village", "same-terrain": "Same as current hex"})
_TERRAIN_NAME = MappingProxyType({"mountains": "Mountains", "hills": "Hills", "forest": "Forest", "plains": "Plains",
                 "jungle": "Jungle", "swamp": "Swamp", "lake": "Lake"})
_CHART_TITLE = MappingProxyType({"planning": "Planning", "movement": "Movement", "mapping": "Mapping",
                                 "exploring": "Exploring",
                "native-contact": "Native Contact", "hunting": "Hunting", "interests": "Interests"})


def effect_text(e: Effect) -> str:
    if e.what in _TRACK_WORD:
        return f"{_TRACK_WORD[e.what]} {signed(e.amount)}"
    if e.what == "terrain":
        return _TERRAIN_NAME[e.terrain]
    if e.what == "interest":
        return interest_rule(e.terrain).name
    return _EVENT_WORD[e.what]


def _bands(rows: tuple[Row, ...]) -> tuple[Band, ...]:
    return tuple(Band(r.low, r.high, tuple(effect_text(e) for e in r.effects), r.house) for r in rows)


def rows_of(chart: str) -> tuple[Row, ...]:
    return INTEREST_ROWS if chart == "interests" else dict(CHART_ROWS)[chart]


def row_for_band(chart: str, band: Band) -> Row:
    """The typed row behind a printed band of a chart."""
    return next(r for r in rows_of(chart) if (r.low, r.high) == (band.low, band.high))


def _bonus_text(chart: str) -> str:
    return f"{signed(R.bonus_per_extra)} per extra {R.face(chart)}"


PLANNING = Chart(
    "planning", "Planning", f"{R.planning_dice}d{R.die_faces}",
    tuple(Band(f, f, ("WILD (?)",) if f == R.wild_face else (_CHART_TITLE[R.chart_of(f)],),
               house=f == R.wild_face) for f in range(1, R.die_faces + 1)),
    modifier="Reroll any dice once. Each extra die of a face (or WILD) is +1 on its chart.",
    phase=1, note=ruling_note("wild-no-phase"),
)
MOVEMENT = Chart("movement", "Movement", f"{R.phase_dice}d{R.die_faces}", _bands(rows_of("movement")),
                 modifier=f"{_bonus_text('movement')}. Musket: reroll both dice.", phase=2)
MAPPING = Chart("mapping", "Mapping", f"{R.phase_dice}d{R.die_faces}", _bands(rows_of("mapping")),
                modifier=f"{_bonus_text('mapping')}. No muskets. A {R.cataract_face} on a die in a river hex: "
                         "cataract downstream.",
                phase=3, house=True, note=ruling_note("mapping-dice"))
EXPLORING = Chart("exploring", "Exploring", f"{R.phase_dice}d{R.die_faces}", _bands(rows_of("exploring")),
                  modifier=f"{_bonus_text('exploring')}. Musket: reroll both dice.", phase=4,
                  note=ruling_note("exploring-interests"))
NATIVE_CONTACT = Chart("native-contact", "Native Contact", f"{R.phase_dice}d{R.die_faces}",
                       _bands(rows_of("native-contact")),
                       modifier=f"{_bonus_text('native-contact')}. Musket: reroll both dice.", phase=5)
HUNTING = Chart("hunting", "Hunting", f"{R.phase_dice}d{R.die_faces}", _bands(rows_of("hunting")),
                modifier=f"{_bonus_text('hunting')}, after terrain. Musket: reroll both dice.", phase=6)
INTERESTS = Chart("interests", "Interests", f"{R.phase_dice}d{R.die_faces}", _bands(INTEREST_ROWS),
                  modifier="No reroll. Each is unique; a repeat becomes a Natural Wonder.", phase=7)

CHARTS = (PLANNING, MOVEMENT, MAPPING, EXPLORING, NATIVE_CONTACT, HUNTING, INTERESTS)

INTEREST_EFFECTS = (
    ("Lagos de Oro", f"Draw a lake of {R.lagos_hexes} mutually adjacent hexes halfway between you and the "
     "delta \u2302, with an island where they meet. It counts as one hex \u2302; no Ambush or Fever while there."),
    ("Ruined Mission", f"Gain {interest_amount('ruined-mission', 'muskets')} muskets and add a trail to any "
     "adjacent hex."),
    ("Migration", f"No rations needed in or next to this hex. Spend {R.musket_reroll_cost} musket to fill "
     f"Food to {R.cap}, once \u2302."),
    ("Natural Wonder", f"Morale {signed(interest_amount(WONDER, 'morale'))}, and {R.score_per_wonder} bonus "
     "points at a win for each one found. Describe it in your journal. Can be found more than once."),
    ("Predict Eclipse", "The next two Native Contact rolls: choose the result instead."),
    ("Princess Kantyi", f"For the rest of the game, reroll any {R.kantyi_reroll_at_most - 1} or "
     f"{R.kantyi_reroll_at_most} on Native Contact dice, once \u2302."),
    ("Diego Mendoza", f"Gain {interest_amount('diego-mendoza', 'conquistadors')} conquistador and "
     f"{interest_amount('diego-mendoza', 'muskets')} musket; once a turn add "
     f"{interest_amount('diego-mendoza', 'diego')} to a Phase 2\u20137 total \u2302, for the rest of the game."),
)

_NOTES = MappingProxyType({"swamp": "a fever cannot break here", "lake": "village results are discarded"})


def _terrain_effect(t: TerrainRule) -> str:
    text = ", ".join(f"{_CHART_TITLE[c]} {signed(n)}" for c, n in t.mods)
    return f"{text}; {_NOTES[t.key]}" if t.key in _NOTES else text


_TINTS = MappingProxyType({
    "mountains": ("#d9cbb8", ("lines", 45.0, 3.2)), "hills": ("#e6dcb0", ("lines", 135.0, 3.2)),
    "forest": ("#c9e0bf", ("cross", 45.0, 4.0)), "plains": ("#f2ecc4", ("dots", 0.0, 3.4)),
    "jungle": ("#b9d8b0", ("cross", 0.0, 3.2)), "swamp": ("#cfd8c0", ("lines", 0.0, 2.6)),
    "lake": ("#cfe3f0", ("lines", 90.0, 2.6)),
})
TERRAINS = tuple(Terrain(t.key, _TERRAIN_NAME[t.key], _terrain_effect(t), *_TINTS[t.key]) for t in TERRAIN_RULES)

EXPEDITIONS = (
    Option(1, "cartography", "Cartography",
           f"Once per hex, place a trail if you end Phase 12 with {R.cartography_progress}+ movement progress."),
    Option(2, "botany", "Botany", f"Immune to fever icons; {signed(R.botany_hunting)} to Hunting totals (foraging)."),
    Option(3, "military", "Military", f"{signed(R.military_musket_bonus)} to the total whenever you spend a "
                                      "musket \u2302."),
    Option(4, "archeology", "Archeology",
           "A trail always leads to an interest in the next hex if its terrain differs \u2302."),
    Option(5, "religious", "Religious", "Every village is a peaceful village (the empire is not)."),
    Option(6, "doctor", "Doctor", f"{R.doctor_break_wilds}+ WILDs break a fever; death icons cost food, not men."),
)

SYMBOLS = (
    Symbol("village", "Village", f"Thick dot; movement progress {signed(-R.village_progress)}."),
    Symbol("peaceful-village", "Peaceful village",
           f"Circled dot; {signed(R.peaceful_bonus)} Exploring and Hunting here."),
    Symbol("trail", "Trail", f"Crossing costs {R.trail_cost}; never through a cataract."),
    Symbol("cataract", "Cataract", "Between river hexes; blocks movement."),
    Symbol("empire", "Advanced Empire",
           f"Dashed border {R.empire_reach} hexes out; Native Contact on {R.empire_dice}d{R.die_faces}."),
    Symbol("interest", "Interest", "Roll Interests on entering; write the number."),
    Symbol("fever", "Fever", f"Morale {signed(-R.fever_morale)}; WILDs frozen until {R.fever_break_wilds}+ WILDs."),
    Symbol("accident", "Accident", "Accident, death or desertion: lose 1 conquistador."),
    Symbol("cache", "Cache", f"Food, muskets and morale +1 each (max {R.cap})."),
    Symbol("river", "River", f"{signed(R.river_progress)} movement progress entering downstream \u2302."),
)

PHASES = (
    Phase(1, "Planning", f"Roll {PLANNING.roll}, reroll any once; assign WILDs; the faces choose the phases."),
    Phase(2, "Movement", f"Roll on the Movement chart if a {R.face('movement')} was planned."),
    Phase(3, "Mapping", f"Pick an adjacent unmapped hex and roll its terrain if a {R.face('mapping')} was planned."),
    Phase(4, "Exploring", f"Roll on the Exploring chart if a {R.face('exploring')} was planned."),
    Phase(5, "Native Contact", f"Roll on the Native Contact chart if a {R.face('native-contact')} was planned."),
    Phase(6, "Hunting", f"Roll on the Hunting chart if a {R.face('hunting')} was planned."),
    Phase(7, "Interests", "On entering an interest hex (at once \u2302), or after an Exploring 10+, roll Interests."),
    Phase(8, "Eat Rations", f"Eat {R.ration} food; with none, lose 1 conquistador."),
    Phase(9, "Map Travel", f"Spend {R.move_cost} movement ({R.trail_cost} along a trail) to enter a mapped "
                           f"neighbour \u2302; step again while it pays \u2302."),
    Phase(10, "Morale", f"Adjust morale step by step \u2302; below {R.morale_floor}, lose 1 conquistador."),
    Phase(11, "Track Day", f"Cross off one day box; {R.day_limit} in all \u2302."),
    Phase(12, "Journal", "Write what happened (optional)."),
)
# The key a save's `rolls:` uses for each rolled phase: the phase's chart key; then `kantyi`, the new
# faces of the Native Contact dice Princess Kantyi rerolls (each die that showed 1 or 2, in order).
KANTYI_ROLLS = "kantyi"
ROLL_KEYS = tuple(c.key for c in CHARTS) + (KANTYI_ROLLS,)

# Small rule numbers the rulebook's prose reads by name (all from RULES).
RULE_NUMBERS = (
    ("planning_rerolls", R.planning_rerolls),
    ("kind_for_bonus", R.kind_for_bonus),
    ("fever_break_wilds", R.fever_break_wilds),
    ("doctor_break_wilds", R.doctor_break_wilds),
    ("fever_morale", R.fever_morale),
    ("ration", R.ration),
    ("morale_floor", R.morale_floor),
    ("village_progress", R.village_progress),
    ("peaceful_bonus", R.peaceful_bonus),
    ("river_progress", R.river_progress),
    ("empire_reach", R.empire_reach),
    ("empire_roll", f"{R.empire_dice}d{R.die_faces}"),
    ("musket_reroll", R.musket_reroll_cost),
    ("score_per_hex", R.score_per_hex),
    ("wild_face", R.wild_face),
    ("max_steps", R.max_steps),
    ("score_per_conquistador", R.score_per_conquistador),
    ("score_per_wonder", R.score_per_wonder),
    ("lagos_hexes", R.lagos_hexes),
)

SCORE_TEXT = (f"score {R.score_per_hex} per mapped hex; on a win + conquistadors "
              f"and +{R.score_per_wonder} per natural wonder")


@dataclass(frozen=True)
class ExpeditionText:
    """What 1572's sheet and rulebook print beyond RULES, built from it."""

    rule_numbers: tuple[tuple[str, object], ...]  # the small numbers the rulebook's prose names
    interest_effects: tuple[tuple[str, str], ...]  # (interest, what it does)
    rulings: tuple[Ruling, ...]
    footer_text: str


TEXT = ExpeditionText(
    rule_numbers=RULE_NUMBERS,
    interest_effects=INTEREST_EFFECTS,
    rulings=RULINGS,
    footer_text=f"win: reach the delta by day {R.day_limit} \u00b7 {SCORE_TEXT}",
)

# The physical pieces the sheet holds: a die per tracker, the planning and chart dice beside it.
PIECES = (
    Piece("die", "standard die", "square", 16.0, len(TRACKERS) + R.planning_dice + R.phase_dice,
          f"{len(TRACKERS)} trackers, {R.planning_dice} planning dice, {R.phase_dice} for the "
          f"{R.phase_dice}d{R.die_faces} charts"),
    Piece("pencil", "pencil", "stick", 7.0, 1, "graphite: map, trails, day boxes"),
)

GAME = Game(
    id="lost-expedition",
    number="1572",
    title="1572: The Lost Expedition",
    aliases=("1572",),
    kind="solo roll-and-write, hex map",
    trackers=TRACKERS,
    charts=CHARTS,
    terrains=TERRAINS,
    symbols=SYMBOLS,
    phases=PHASES,
    pieces=PIECES,
    options=EXPEDITIONS,
    day_limit=R.day_limit,
    days_per_week=R.days_per_week,
    rules=RULES,
    text=TEXT,
)
