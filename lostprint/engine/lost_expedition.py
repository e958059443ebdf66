"""The rules of 1572: The Lost Expedition in motion: a pure, deterministic state machine.

A game is a `State` (frozen). The day is STEPS, one step a phase in the rules' order (start, planning,
movement, mapping, exploring, native-contact, hunting, interests, eat, travel, morale, end), each taking
one input at a time as the contract (lostprint.engine.contract) holds it: a roll (a tuple of die faces)
or a decision. An illegal input raises the contract's RuleError naming the rule. Nothing here rolls dice,
reads files or keeps state between calls; every number comes from lostprint.games.lost_expedition.

The save search (lostprint.saves.search) walks STEPS with `PARTS`, `forget` and `FACES`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from types import MappingProxyType

from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, Step, evolve
from lostprint.games.lost_expedition import (INTEREST_ROWS, KANTYI_ROLLS, NO_POWERS, POWERS, RULES, TRACKER_KEYS,
                                             WONDER, Powers, interest_rule, rows_of, terrain_mod, terrain_rule)
from lostprint.games.model import Band
from lostprint.geometry import hexgrid

R = RULES
IX = MappingProxyType({k: i for i, k in enumerate(TRACKER_KEYS)})
CONQ, MUSKETS, FOOD, MORALE, PROGRESS = (IX[k] for k in TRACKER_KEYS)
ROLLED = ("movement", "exploring", "native-contact", "hunting")  # the charts rolled for their row
NC = "native-contact"
FACE_ORDER = tuple(k for k, _ in sorted(R.phase_faces, key=lambda kv: kv[1]))
FACE = MappingProxyType(dict(R.phase_faces))
FACES_IN_ORDER = tuple((k, FACE[k]) for k in FACE_ORDER)
MORALE_BY_DIRECTION = MappingProxyType(dict(R.morale_by_direction))
NOTHING = MappingProxyType({})  # no inputs pending
DONE = MappingProxyType({"asks": None})  # the phase is over for the day
replace = evolve  # a state with some fields changed, without dataclasses.replace's checks (the hot path)


@dataclass(frozen=True)
class Board:
    """What the engine needs of a map: hexes, neighbours, printed terrain, the river and the icons."""

    start: str
    goals: tuple[str, ...]
    axial: dict
    neighbours: dict  # label -> tuple of labels
    printed: dict  # label -> terrain key
    river: tuple[str, ...]  # source to sea
    interest_icons: frozenset
    to_goal: dict  # label -> hexes to the first goal
    cataracts: frozenset = frozenset()  # printed on the map: frozensets of the two river hexes

    def distance(self, a: str, b: str) -> int:
        (aq, ar), (bq, br) = self.axial[a], self.axial[b]  # hexgrid.distance written out (a hot path)
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # not a rule: half the cube coordinates' sum

    def direction(self, a: str, b: str) -> str:
        return hexgrid.direction_between(self.axial[a], self.axial[b])

    def downstream(self, label: str) -> str | None:
        return self.river[self.river.index(label) + 1] if label in self.river[:-1] else None


def board_of(game_map) -> Board:
    """The Board of a map. A cataract feature naming one river hex sits on its downstream side (as the
    sheet draws it), one naming two hexes between them."""
    river = tuple(h for f in game_map.features_of("river") for h in f.hexes)
    cataracts = set()
    for f in game_map.features_of("cataract"):
        if len(f.hexes) == 2:  # not a rule: an edge between two named hexes
            cataracts.add(frozenset(f.hexes))
        elif len(f.hexes) == 1 and f.hexes[0] in river[:-1]:
            cataracts.add(frozenset((f.hexes[0], river[river.index(f.hexes[0]) + 1])))
    goal = game_map.axial[game_map.goals[0]]
    return Board(cataracts=frozenset(cataracts),
        start=game_map.start, goals=tuple(game_map.goals), axial=dict(game_map.axial),
        neighbours={lab: tuple(game_map.neighbors(lab)) for lab in game_map.axial},
        printed=dict(game_map.terrain), river=river,
        interest_icons=frozenset(h for f in game_map.features_of("interest") for h in f.hexes),
        to_goal={lab: hexgrid.distance(ax, goal) for lab, ax in game_map.axial.items()},
    )


@dataclass(frozen=True)
class Plan:
    """What planning decided: the final dice, the charts called and each chart's bonus."""

    dice: tuple[int, ...] = ()
    called: tuple[str, ...] = ()  # chart keys, in phase order
    bonus: tuple[tuple[str, int], ...] = ()

    def get(self, chart: str) -> int:
        for key, n in self.bonus:  # a loop, not next() over a generator: 3x faster on a hot path
            if key == chart:
                return n
        return 0


@dataclass(frozen=True)
class State:
    board: Board
    expedition: str
    pos: str
    values: tuple[int, ...]  # in TRACKER_KEYS order
    terrain: dict  # printed and drawn; never changed in place (copied on write)
    day: int = 0
    fever: bool = False
    trails: frozenset = frozenset()  # frozensets of two labels
    cataracts: frozenset = frozenset()
    interests: tuple[tuple[str, str], ...] = ()  # (hex, interest key)
    peaceful: tuple[str, ...] = ()  # one entry per peaceful village
    villages: tuple[str, ...] = ()
    empires: tuple[str, ...] = ()
    migration: tuple[str, ...] = ()
    lagos: tuple[str, ...] = ()
    cartography: frozenset = frozenset()  # hexes a Cartography trail was placed from
    eclipse: int = 0
    kantyi: bool = False
    diego: bool = False
    over: tuple = ()  # () while playing, then ("won" or "lost", why)
    step: int = 0  # the open step of STEPS
    phase: str = ""  # the phase whose inputs are pending (see STEPS)
    pending: MappingProxyType = field(default_factory=lambda: NOTHING)  # its inputs by name (never changed in place)
    # the current day
    day_start: str = ""
    plan: Plan = Plan()
    diego_used: bool = False
    interest_due: bool = False
    steps: tuple[str, ...] = ()
    mapped_today: tuple[tuple[str, str], ...] = ()
    marks_today: tuple[tuple, ...] = ()  # (kind, hexes) or ("interest", (hex,), key)
    fever_today: str = ""  # "struck" or "broken"
    log: tuple[str, ...] = ()
    logged: bool = True  # not a rule: False in a game whose log nobody reads (a rating's): no line is written

    def get(self, key: str) -> int:
        return self.values[IX[key]]

    def terrain_here(self) -> str:
        return self.terrain[self.pos]

    def trail(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.trails

    def interest_at(self, label: str) -> str | None:
        return next((k for h, k in self.interests if h == label), None)


def new_game(board: Board, expedition: str, logged: bool = True) -> State:
    return State(board=board, expedition=expedition, pos=board.start, values=tuple(R.cap for _ in TRACKER_KEYS),
                 terrain=dict(board.printed), cataracts=board.cataracts, logged=logged)


def clamp(value: int) -> int:
    return R.floor if value < R.floor else min(value, R.cap)


FLOOR, CAP = R.floor, R.cap


def _add(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    """The trackers with tracker i (its index in TRACKER_KEYS) changed by n, clamped (clamp written out: a hot
    path)."""
    n += values[i]
    return values[:i] + (FLOOR if n < FLOOR else CAP if n > CAP else n,) + values[i + 1:]


# --- what the rules say of a hex, a party and an icon (the validator reads these too) -------------


_POWERS_GET = dict(POWERS).get  # a dict's get (of a copy no one holds): twice a mapping proxy's, at every chart row


def powers(expedition: str) -> Powers:
    return _POWERS_GET(expedition, NO_POWERS)


def fever_immune(expedition: str, lagos: tuple[str, ...], where: str) -> bool:
    """A fever icon does nothing to a Botany expedition, nor to a party at Lagos de Oro."""
    return powers(expedition).fever_immune or where in lagos


def village_found(expedition: str, terrain: str, peaceful: bool) -> str:
    """What a village icon draws here: 'village', 'peaceful-village' (every village of a Religious
    expedition), or '' when the hex is a lake, which discards village results."""
    if terrain_rule(terrain).discards_villages:
        return ""
    return "peaceful-village" if peaceful or powers(expedition).peaceful_villages else "village"


@lru_cache(maxsize=64)  # not a rule: asked at every chart row; a few expeditions and terrains
def village_cost(expedition: str, terrain: str) -> int:
    """The movement progress a (not peaceful) village icon costs here."""
    return R.village_progress if village_found(expedition, terrain, False) == "village" else 0


@lru_cache(maxsize=256)  # not a rule: each icon's changes remembered, for the few expeditions and costs
def icon_changes(e, expedition: str, immune: bool, village: int) -> tuple[tuple[int, int], ...]:
    """The tracker changes of one icon as (tracker index, change) pairs, each clamped in turn, for an
    expedition immune to fever or not, where a village icon costs `village` progress."""
    if e.what in IX:
        return ((IX[e.what], e.amount),)
    if e.what == "accident":
        key, n = powers(expedition).accident
        return ((IX[key], -n),)
    if e.what == "fever" and not immune:
        return ((MORALE, -R.fever_morale),)
    if e.what == "cache":
        return tuple((IX[key], n) for key, n in R.cache)
    return ((PROGRESS, -village),) if e.what == "village" and village else ()


def modifier(st: State, chart: str, musket: bool = False) -> int:
    """What is added to a chart's dice today: planning bonus, terrain, villages, expedition, musket."""
    own = powers(st.expedition)
    mod = st.plan.get(chart) + terrain_mod(st.terrain[st.pos], chart) + own.chart_mods.get(chart, 0)
    if chart in R.peaceful_charts:
        mod += R.peaceful_bonus * st.peaceful.count(st.pos)
    return mod + own.musket_bonus if musket else mod


def phase_dice(st: State, chart: str) -> int:
    """Native Contact near an Advanced Empire is rolled on the empire's dice."""
    near = chart == NC and st.empires and any(st.board.distance(st.pos, e) <= R.empire_reach for e in st.empires)
    return R.empire_dice if near else R.phase_dice


def _rows_by_total(chart: str) -> tuple:
    """The row of each total from the lowest row's top to the highest row's bottom (row_for's table)."""
    rows = rows_of(chart)
    low, high = rows[0].high, rows[-1].low
    return low, high, tuple(next(r for r in rows if r.covers(t)) for t in range(low, high + 1))


ROWS_BY_TOTAL = MappingProxyType({k: _rows_by_total(k) for k in ROLLED + ("mapping", "interests")})
CHART_ROWS = MappingProxyType({k: rows_of(k) for k in ROLLED})  # rows_of, read once (it builds a dict)


def row_for(chart: str, total: int):
    low, high, table = ROWS_BY_TOTAL[chart]
    return table[0 if total <= low else -1 if total >= high else total - low]


def trail_problem(board: Board, trails: frozenset, cataracts: frozenset, a: str, b: str) -> str:
    """Why no new trail may join hexes a and b ('': one may); the save's transcript says it too."""
    if b not in board.neighbours.get(a, ()):
        return f"a trail joins two neighbouring hexes; {a} and {b} are not neighbours"
    if frozenset((a, b)) in cataracts:
        return f"a trail cannot pass the cataract between {a} and {b}"
    return f"there is already a trail between {a} and {b}" if frozenset((a, b)) in trails else ""


def trail_options(st: State, where: str) -> tuple[str, ...]:
    """The neighbours a new trail from `where` may lead to."""
    b = st.board
    return tuple(n for n in b.neighbours[where] if not trail_problem(b, st.trails, st.cataracts, where, n))


def mapping_targets(st: State) -> tuple[str, ...]:
    return tuple([n for n in st.board.neighbours[st.pos] if n not in st.terrain])


def kantyi_count(roll: tuple[int, ...]) -> int:
    """How many dice of a Native Contact roll Princess Kantyi rolls again (those showing 1 or 2)."""
    return sum(1 for d in roll if d <= R.kantyi_reroll_at_most)


def kantyi_rerolled(rolls: tuple[tuple[int, ...], ...], faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The rolls once Princess Kantyi's rerolls are in: each die showing 1 or 2 takes the next of
    `faces` (the new faces in the order of the dice, a musket's reroll included)."""
    left = iter(faces)
    return tuple(tuple(next(left) if d <= R.kantyi_reroll_at_most else d for d in r) for r in rolls)


def halfway_off(st: State, label: str) -> int:
    """How far a hex is from halfway between the party and the delta: the larger of its distances to
    the two (least, half the way rounded up, on the hexes midway along a shortest way)."""
    return max(st.board.distance(st.pos, label), st.board.to_goal[label])


def lagos_placements(st: State) -> tuple[tuple[str, ...], ...]:
    """Where Lagos de Oro may lie: sets of unmapped hexes that all touch, one of them as near halfway
    between the party and the delta as the blank hexes allow (the "lagos-halfway" ruling), those
    nearest the midpoint first."""
    b = st.board
    a, g = b.axial[st.pos], b.axial[b.goals[0]]
    mid = ((a[0] + g[0]) / 2, (a[1] + g[1]) / 2)  # not a rule: halfway
    blank = {lab: [n for n in b.neighbours[lab] if n not in st.terrain] for lab in b.axial if lab not in st.terrain}
    pairs = 2  # not a rule: a blank hex and two of its blank neighbours that touch are three that all touch
    found = {tuple(sorted((lab, x, y))) for lab, ns in blank.items() for x, y in combinations(ns, pairs)
             if y in b.neighbours[x]}

    def key(trio):
        cq = sum(b.axial[t][0] for t in trio) / len(trio)
        cr = sum(b.axial[t][1] for t in trio) / len(trio)
        return (round(abs(cq - mid[0]) + abs(cr - mid[1]), 6), trio)  # not a rule: rounding digits

    off = {h: halfway_off(st, h) for h in {h for trio in found for h in trio}}
    near = min(off.values(), default=0)
    return tuple(sorted((t for t in found if min(off[h] for h in t) == near), key=key))


def lagos_problem(st: State, lagos) -> str:
    """Why these hexes cannot be Lagos de Oro (they are not among lagos_placements)."""
    spots = lagos_placements(st)
    blank = all(h in st.board.axial and h not in st.terrain for h in lagos)
    touch = len(set(lagos)) == R.lagos_hexes and all(
        y in st.board.neighbours.get(x, ()) for x in lagos for y in lagos if x != y)
    if not (blank and touch):
        return f"Lagos de Oro is {R.lagos_hexes} unmapped hexes that all touch, not {list(lagos)}"
    near = min(halfway_off(st, h) for h in spots[0])
    return (f"Lagos de Oro lies halfway between the party ({st.pos}) and the delta ({st.board.goals[0]}): one "
            f"of its hexes at most {near} from each (like {', '.join(spots[0])}), not {', '.join(lagos)}")


def interest_outcomes(values: tuple[int, ...], key: str) -> tuple[tuple[int, ...], ...]:
    """Every way an interest found can leave the trackers: its own gains, then at a Migration with a
    musket to spend, also that musket spent to fill the food."""
    for e in interest_rule(key).effects:
        if e.what in IX:
            values = _add(values, IX[e.what], e.amount)
    if key == "migration" and values[MUSKETS] >= R.musket_reroll_cost:
        return (values, _add(_add(values, MUSKETS, -R.musket_reroll_cost), FOOD, R.cap))
    return (values,)


def fed_by_migration(st: State) -> bool:
    return any(st.pos == m or st.pos in st.board.neighbours[m] for m in st.migration)


def rations(values: tuple[int, ...]) -> tuple[int, ...]:
    """Phase 8 on the trackers: one food eaten, or without it a conquistador lost."""
    if values[FOOD] >= R.ration:
        return _add(values, FOOD, -R.ration)
    return _add(values, CONQ, -1)


def desertion(values: tuple[int, ...]) -> tuple[int, ...]:
    """The end of phase 10 on the trackers: with morale below the floor, a conquistador deserts."""
    return _add(values, CONQ, -1) if values[MORALE] < R.morale_floor else values


def step_cost(st: State, to: str) -> int:
    return R.trail_cost if st.trail(st.pos, to) else R.move_cost


def river_gain(board: Board, a: str, b: str) -> int:
    """The progress a step a -> b gains: entering a river hex from the one upstream of it."""
    return R.river_progress if board.downstream(a) == b else 0


def interest_on_entering(st: State, to: str) -> bool:
    """Does stepping from the party's hex into `to` roll Interests there (if it holds none yet): an
    interest icon, or an Archeology expedition following a trail into another terrain?"""
    return to in st.board.interest_icons or (powers(st.expedition).trail_interests and st.trail(st.pos, to)
                                             and st.terrain[to] != st.terrain[st.pos])


def morale_of_travel(board: Board, path: tuple[str, ...]) -> tuple[int, ...]:
    """Phase 10's morale changes for a day's path (the start hex, then each hex entered): one per
    step by its direction, or the change for staying put."""
    return tuple(MORALE_BY_DIRECTION[board.direction(a, b)] for a, b in zip(path, path[1:])) \
        or (R.morale_no_travel,)


def step_problem(st: State, to: str) -> str | None:
    """Why the party may not step into `to` now (None: it may)."""
    here = st.pos
    if here in st.board.goals:
        return f"the party reached the delta at {here}: the game is won, no step follows"
    if to not in st.board.neighbours.get(here, ()):
        return f"{to} is not next to {here}"
    if to not in st.terrain:
        return f"{to} is not mapped (only mapped hexes may be entered)"
    if frozenset((here, to)) in st.cataracts:
        return f"a cataract blocks the way between {here} and {to}"
    if len(st.steps) >= R.max_steps:
        return f"at most {R.max_steps} steps a day"
    cost = step_cost(st, to)
    if st.get("movement") < cost:
        return (f"entering {to} costs {cost} movement progress" + (" by trail" if cost == R.trail_cost else "")
                + f"; the party has {st.get('movement')}")
    return None


def cartography_allowed(st: State) -> bool:
    return (powers(st.expedition).cartography and st.get("movement") >= R.cartography_progress
            and st.pos not in st.cartography and bool(trail_options(st, st.pos)))


# --- the inputs of a phase ---------------------------------------------------------------------------
#
# A phase taking several inputs (planning, a rolled chart, mapping, an interest) is one repeat step: its
# inputs so far wait in `state.pending` (for the phase `state.phase`), rolls under "rolls" (Princess
# Kantyi's new faces under "kantyi"), each decision under its key, and "asks", the input it needs next.
# Each is checked as it comes; the input that completes the phase applies its effect, which asks what its
# icons leave to the player (a trail's end, Lagos de Oro, Migration's fill), then closes it ({"asks": None}).

YES_NO = (False, True)
ASK = MappingProxyType({key: Decision(key) for key in (
    "keep", "wilds", "row", "diego", "musket", "trail", "target", "lagos", "fill", "to", "cartography")})
ROLL = MappingProxyType({(key, n): Roll(key, n) for n in range(1, R.planning_dice + 1)
                         for key in ("planning", *ROLLED, "mapping", "interests", KANTYI_ROLLS)})  # made once


ROLLS_OF = MappingProxyType({n: frozenset(product(range(1, R.die_faces + 1), repeat=n))
                             for n in range(1, R.planning_dice + 1)})  # every legal roll of n dice: one look-up


def pending(st: State, phase: str, name: str | None = None, default=None):
    """The inputs `phase` has taken so far while it is open (the dice rolled, the decisions made), or the
    one named `name`."""
    got = st.pending if st.phase == phase else NOTHING
    return got if name is None else got.get(name, default)


def _take(st: State, got, ask, value) -> dict:
    """The phase's inputs `got` with `value`, the answer to `ask`, once it is checked."""
    key = ask.key
    if ask.__class__ is Roll:
        dice = (value,) if isinstance(value, int) else tuple(value)
        if dice in ROLLS_OF.get(ask.dice, ()):
            if key == KANTYI_ROLLS:
                return {**got, "kantyi": got.get("kantyi", ()) + dice}
            return {**got, "rolls": got.get("rolls", ()) + (dice,)}
        if key != KANTYI_ROLLS:
            empire = key == NC and ask.dice == R.empire_dice
            near = f" within {R.empire_reach} hexes of an Advanced Empire" if empire else ""
            reroll = f" (a musket's reroll is a list of its own: {[[d] for d in dice]})" if empire and len(dice) > ask.dice \
                else ""
            raise RuleError(key, f"{key} is rolled on {ask.dice} {'die' if ask.dice == 1 else 'dice'} of "
                                 f"1\u2013{R.die_faces}{near}, not {list(dice)}{reroll}")
        n, low = sum(map(kantyi_count, got["rolls"])), R.kantyi_reroll_at_most
        raise RuleError("kantyi", f"Princess Kantyi rerolls the {low - 1}s and {low}s of Native Contact dice: "
                        f"{' then '.join(str(list(r)) for r in got['rolls'])} needs {n} new face{'s' * (n != 1)} "
                        f"under kantyi, not {list(got.get('kantyi', ()) + dice)}")
    if key == "musket" or key == "diego" or key == "fill":
        value = bool(value)
    elif key == "keep":
        value = tuple(value)
        if any(value.count(d) > got["rolls"][0].count(d) for d in value):
            raise RuleError("planning", f"keep some of the planning dice {list(got['rolls'][0])}, not {list(value)}")
    elif key == "trail" and value not in trail_options(st, st.pos):
        raise RuleError("trail", f"no trail can be drawn from {st.pos} to {value}")
    elif key == "target" and value not in mapping_targets(st):
        raise RuleError("mapping", f"map a hex next to {st.pos} that is not mapped yet, not {value}")
    elif key == "row" and value not in range(len(CHART_ROWS[NC])):
        raise RuleError("eclipse", f"the predicted eclipse: choose a row of {NC} "
                                   f"(0\u2013{len(CHART_ROWS[NC]) - 1}), not {value}")
    elif key == "lagos":
        value = tuple(value)
        if tuple(sorted(value)) not in lagos_placements(st):
            raise RuleError("lagos-de-oro", lagos_problem(st, value))
    return {**got, key: value}


def _rolled(st: State, key: str, got):
    """Diego's +1 (asked once he is found, while not used today), then the roll; None once rolled."""
    if "diego" not in got and st.diego and not st.diego_used:
        return ASK["diego"]
    return None if "rolls" in got else ROLL[key, phase_dice(st, key)]


# --- the phases ---------------------------------------------------------------------------------------


NO_PLAN = Plan()


def start_day(st: State) -> State:
    return replace(st, day=st.day + 1, day_start=st.pos, plan=NO_PLAN, diego_used=False, interest_due=False,
                   steps=(), mapped_today=(), marks_today=(), fever_today="", log=(), phase="", pending=NOTHING)


def planned_dice(st: State, got=None) -> tuple[int, ...]:
    """The planning dice as they stand (the roll, or the kept dice and their reroll)."""
    got = pending(st, "planning") if got is None else got
    rolls = got.get("rolls", ((),))
    return got["keep"] + rolls[1] if len(rolls) > 1 else rolls[0]


def keep_options(st: State) -> tuple[tuple[int, ...], ...]:
    """The dice that may be kept before the one reroll, as sorted faces: all of them first (no reroll)."""
    dice = sorted(planned_dice(st))
    kept = {c for n in range(len(dice) + 1) for c in combinations(dice, n)}
    return tuple(sorted(kept, key=lambda k: (-len(k), k)))


def wild_count(st: State, dice: tuple[int, ...]) -> int:
    """The WILDs of a planning roll that may be given to phases (none while a fever holds them)."""
    return 0 if st.fever else dice.count(R.wild_face)


def wild_assignments(st: State, dice: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every legal way to give this roll's WILDs to the phases it calls (all WILDs are given)."""
    called = tuple(k for k in FACE_ORDER if FACE[k] in dice)
    n = wild_count(st, dice)
    if not called or n == 0:
        return ((),)
    shares = (s for s in product(range(n + 1), repeat=len(called)) if sum(s) == n)
    return tuple(tuple((k, x) for k, x in zip(called, s) if x) for s in shares)


def _planning_asks(st: State, phase: str, got):
    """Five dice, which of them to keep (the rest rolled once more), where the WILDs go."""
    rolls = got.get("rolls")
    if rolls is None:
        return ROLL["planning", R.planning_dice]
    if "keep" not in got:
        return ASK["keep"]
    if len(rolls) == 1 and len(got["keep"]) < R.planning_dice:
        return ROLL["planning", R.planning_dice - len(got["keep"])]
    return None if "wilds" in got else ASK["wilds"]


def planning(st: State, phase: str, got) -> State:
    """Phase 1: the final planning dice (after the one reroll) and where the WILDs go."""
    dice, log = planned_dice(st, got), list(st.log)
    wild = dice.count(R.wild_face)
    broken = (st.fever and wild >= powers(st.expedition).fever_break_wilds
              and not terrain_rule(st.terrain_here()).no_fever_break)
    if broken:
        log.append(f"{wild} WILDs break the fever")
    n_wild = wild_count(st, dice)  # a fever holds them, even those that break it
    faces = [kf for kf in FACES_IN_ORDER if kf[1] in dice]  # (chart, face) of the charts called
    called = tuple([k for k, _ in faces])
    given = dict(got["wilds"])  # checked here rather than against wild_assignments: that costs ~4% of a game
    if any(k not in called or n < 0 for k, n in given.items()):
        raise RuleError("wild", "a WILD only adds to a phase the dice called")
    if sum(given.values()) != (n_wild if called else 0):
        raise RuleError("wild", f"{n_wild} WILD{'s' * (n_wild != 1)} to give, not {sum(given.values())}")
    bonus = tuple((k, (dice.count(face) - 1 + given.get(k, 0)) * R.bonus_per_extra) for k, face in faces)
    values = st.values
    kind = max([dice.count(f) for f in set(dice) if f != R.wild_face] or (0,))
    if kind >= R.kind_for_bonus:
        values = _add(values, CONQ, R.kind_bonus)
        log.append(f"{kind} of a kind: a conquistador joins")
    elif wild and kind + wild >= R.kind_for_bonus:
        log.append(f"WILDs make no {R.kind_for_bonus} of a kind")
    if st.logged:
        log.append(f"planning {list(dice)}: " + (", ".join(f"{k} {b:+d}" for k, b in bonus) or "nothing called"))
    return replace(st, plan=Plan(tuple(dice), called, bonus), values=values, fever=st.fever and not broken,
                   fever_today="broken" if broken else st.fever_today, log=tuple(log) if st.logged else st.log,
                   phase=phase, pending=DONE)


def chart_dice(st: State, chart: str, got=None) -> tuple[int, ...]:
    """The chart's dice as its inputs `got` (or the open phase's) stand: the last roll, with Princess
    Kantyi's rerolls in."""
    got = pending(st, chart) if got is None else got
    faces = got.get("kantyi")
    return kantyi_rerolled(got["rolls"], faces)[-1] if faces else got["rolls"][-1]


def chart_total(st: State, chart: str, got=None) -> int:
    """The chart's total as its inputs stand: its dice, the modifiers (a Military musket's with the
    musket's reroll) and Diego's +1."""
    got = pending(st, chart) if got is None else got
    diego = R.bonus_per_extra if got.get("diego") else 0
    return sum(chart_dice(st, chart, got)) + modifier(st, chart, len(got["rolls"]) > 1) + diego


def _chart_asks(st: State, chart: str, got):
    """The eclipse's row, or Diego's +1, the dice, Princess Kantyi's rerolls, a musket's reroll (and her
    rerolls of it)."""
    if chart == NC and st.eclipse:
        return None if "row" in got else ASK["row"]
    rolls = got.get("rolls")
    if rolls is None:
        return _rolled(st, chart, got)
    if chart == NC and st.kantyi:
        due = sum(kantyi_count(r) for r in rolls) - len(got.get("kantyi", ()))
        if due > 0:
            return ROLL[KANTYI_ROLLS, due]
    if "musket" not in got and chart in R.musket_charts and st.values[MUSKETS] >= R.musket_reroll_cost:
        return ASK["musket"]
    if got.get("musket") and len(rolls) == 1:
        return ROLL[chart, phase_dice(st, chart)]
    return None


def chart_row(st: State, chart: str, got) -> State:
    """Phases 2, 4, 5, 6: the chart's row from its inputs `got` (the eclipse's chosen row, or the last
    roll with Princess Kantyi's rerolls in, a musket's reroll and Diego's +1), and the phase closed."""
    values, log, changes = st.values, list(st.log), {"phase": chart, "pending": DONE}
    if "row" in got:
        row = CHART_ROWS[chart][got["row"]]
        changes["eclipse"] = st.eclipse - 1
        log.append(f"{chart}: the eclipse lets the party choose row {Band(row.low, row.high, ()).label}")
    else:
        musket = len(got["rolls"]) > 1
        if musket:
            values = _add(values, MUSKETS, -R.musket_reroll_cost)
        dice = chart_dice(st, chart, got)
        total = sum(dice) + modifier(st, chart, musket) + (R.bonus_per_extra if got.get("diego") else 0)  # chart_total
        row = row_for(chart, total)
        if st.logged:
            log.append(f"{chart}: {list(dice)}{' (musket reroll)' if musket else ''}"
                       f"{' (Kantyi)' if got.get('kantyi') else ''}{' (Diego +1)' if got.get('diego') else ''} "
                       f"{total - sum(dice):+d} = {total}")
        if got.get("diego"):
            changes["diego_used"] = True
    return _icons(st, chart, got, row.effects, values, log, changes)


FOUND_IN = MappingProxyType({"village": "villages", "peaceful-village": "peaceful", "empire": "empires"})


def _icons(st: State, phase: str, got, effects, values: tuple, log: list, changes: dict) -> State:
    """A chart row's or an interest's icons in the party's hex, each in turn: its tracker changes
    (icon_changes, each clamped), then what it draws or sets; an icon that leaves a choice to the player
    (where a trail leads, where Lagos de Oro lies, Migration's fill) asks it first."""
    here = st.pos
    marks = changes.pop("marks_today", st.marks_today)
    immune = fever_immune(st.expedition, st.lagos, here)
    village = village_cost(st.expedition, st.terrain[here])
    for e in effects:
        what = e.what
        if what in IX:  # a tracker's own icon: icon_changes' first case, without its cache
            values = _add(values, IX[what], e.amount)
            continue
        for i, n in icon_changes(e, st.expedition, immune, village):
            values = _add(values, i, n)
        if what == "accident":
            key, n = powers(st.expedition).accident
            log.append(f"accident: {key} \u2212{n}")
        elif what == "fever":
            log.append("fever icon: the party is immune" if immune else "fever")
            if not immune:
                changes.update(fever=True, fever_today="struck" if not st.fever else st.fever_today)
        elif what in FOUND_IN:
            kind = what if what == "empire" else village_found(st.expedition, st.terrain[here], what != "village")
            if kind:
                changes[FOUND_IN[kind]] = getattr(st, FOUND_IN[kind]) + (here,)
                marks += ((kind, (here,)),)
                cost = f": movement \u2212{village}" if kind == "village" and village else ""
                log.append(f"{kind} at {here}{cost}")
            else:
                log.append("a village result on the lake is discarded")
        elif what == "trail" and "trail" in got:
            changes["trails"] = st.trails | {frozenset((here, got["trail"]))}
            marks += (("trail", (here, got["trail"])),)
        elif what == "trail" and trail_options(st, here):
            return replace(st, phase=phase, pending={**got, "asks": ASK["trail"]})
        elif what == "interests":
            changes["interest_due"] = st.interest_at(here) is None
        elif what == "migration":
            outcomes = interest_outcomes(values, what)
            if "fill" not in got and len(outcomes) > 1:
                return replace(st, phase=phase, pending={**got, "asks": ASK["fill"]})
            values = outcomes[-1] if got.get("fill") else outcomes[0]
            changes["migration"] = st.migration + (here,)
        elif what == "lagos":
            if "lagos" not in got:
                return replace(st, phase=phase, pending={**got, "asks": ASK["lagos"]})
            lagos = got["lagos"]
            changes.update(terrain={**st.terrain, **dict.fromkeys(lagos, "lake")}, lagos=lagos,
                           mapped_today=st.mapped_today + tuple((lab, "lake") for lab in lagos))
            marks += (("lagos-de-oro", lagos),)
        elif what == "eclipse":
            changes["eclipse"] = e.amount
        elif what in ("kantyi", "diego"):
            changes[what] = True
    return replace(st, values=values, log=tuple(log) if st.logged else st.log, marks_today=marks, **changes)


def mapped(st: State, phase: str, got) -> State:
    """Phase 3: the terrain the dice draw in the target, and a cataract when a die shows 1 on a river hex."""
    target, dice, diego = got["target"], got["rolls"][0], got.get("diego", False)
    total = chart_total(st, "mapping", got)
    effect = row_for("mapping", total).effects[0]
    terrain = st.terrain_here() if effect.what == "same-terrain" else effect.terrain
    marks = st.marks_today
    cataracts = st.cataracts
    down = st.board.downstream(st.pos)
    drawn = ""
    if R.cataract_face in dice and down is not None and frozenset((st.pos, down)) not in cataracts:
        cataracts = cataracts | {frozenset((st.pos, down))}
        marks += (("cataract", (st.pos, down)),)
        drawn = f"; a {R.cataract_face} from river hex {st.pos}: a cataract to {down}"
    log = st.log + (f"mapping {target}: {list(dice)} = {total}: {terrain}{drawn}",) if st.logged else st.log
    return replace(st, terrain={**st.terrain, target: terrain}, mapped_today=st.mapped_today + ((target, terrain),),
                   marks_today=marks, cataracts=cataracts, log=log, diego_used=st.diego_used or diego,
                   phase=phase, pending=DONE)


def repeated(interests, key: str) -> bool:
    """Is an interest found already (interests: (hex, key) pairs), so that it becomes a natural wonder?"""
    return key != WONDER and any(k == key for _, k in interests)


def interest_found(st: State, phase: str, got) -> State:
    """Phase 7 (or on entering an interest hex): the interest the dice find in the party's hex (a
    repeat, or a Lagos with nowhere to lie, is a natural wonder), and what it does."""
    where, dice = st.pos, got["rolls"][0]
    total = chart_total(st, "interests", got)
    rolled = row_for("interests", total).effects[0].terrain
    wonder = ("found already" if repeated(st.interests, rolled) else  # a natural wonder instead, and why
              "no room left" if rolled == "lagos-de-oro" and "lagos" not in got and not lagos_placements(st) else "")
    key = WONDER if wonder else rolled
    shown = f"{rolled} ({wonder}: {WONDER})" if wonder else rolled
    changes = {"interests": st.interests + ((where, key),), "interest_due": False, "phase": "", "pending": NOTHING,
               "marks_today": st.marks_today + (("interest", (where,), key),)}
    if got.get("diego"):
        changes["diego_used"] = True
    log = [*st.log, f"interest at {where}: {list(dice)} = {total}: {shown}"]
    return _icons(st, phase, got, interest_rule(key).effects, st.values, log, changes)


def eat(st: State) -> State:
    """Phase 8: one food, or a conquistador."""
    if fed_by_migration(st):
        return replace(st, log=st.log + ("the migration feeds the party",) if st.logged else st.log)
    values = rations(st.values)
    starved = values[FOOD] == st.get("food")
    return replace(st, values=values, log=st.log + ("starvation: a man is lost",) if starved and st.logged else st.log)


def step(st: State, to: str) -> State:
    """Phase 9: one step into a neighbouring hex, paid from movement progress."""
    problem = step_problem(st, to)
    if problem:
        raise RuleError("travel", problem)
    here, cost, gain = st.pos, step_cost(st, to), river_gain(st.board, st.pos, to)
    values = _add(_add(st.values, PROGRESS, -cost), PROGRESS, gain)
    due = interest_on_entering(st, to) and st.interest_at(to) is None
    if not st.logged:
        return replace(st, pos=to, values=values, steps=st.steps + (to,), interest_due=due)
    river = f", river +{gain}" if gain else (  # a river hex entered off the river's course gains nothing
        f", no river progress (the river runs {here} -> {st.board.downstream(here)})"
        if to in st.board.river and st.board.downstream(here) else "")
    return replace(st, pos=to, values=values, steps=st.steps + (to,), interest_due=due,
                   log=st.log + (f"travel {here} -> {to} ({st.board.direction(here, to)}), cost {cost}{river}",))


def morale(st: State) -> State:
    """Phase 10: morale by the direction of each step (or for staying put); below the floor, a man deserts."""
    values = st.values
    for n in morale_of_travel(st.board, (st.day_start,) + st.steps):
        values = _add(values, MORALE, n)
    after = desertion(values)
    log = st.log + ("morale is gone: a conquistador deserts",) if after != values and st.logged else st.log
    return replace(st, values=after, log=log)


def end_day(st: State, cartography_trail: str | None = None) -> State:
    """Phases 11-12: a Cartography trail (a decision), cross off the day, and is the game over?"""
    if cartography_trail is not None:
        if not cartography_allowed(st) or cartography_trail not in trail_options(st, st.pos):
            raise RuleError("cartography", f"no Cartography trail may be placed from {st.pos} to {cartography_trail}")
        st = replace(st, trails=st.trails | {frozenset((st.pos, cartography_trail))},
                     marks_today=st.marks_today + (("trail", (st.pos, cartography_trail)),),
                     cartography=st.cartography | {st.pos})
    return replace(st, over=game_over(st.board, st.get("conquistadors"), st.pos, st.day))


DAY_LIMIT = f"the day limit ({R.day_limit} days)"


def game_over(board: Board, conquistadors: int, pos: str, day: int) -> tuple:
    """Phase 12 (the save's transcript asks it too): ("won" or "lost", why) once the day ends the game."""
    if conquistadors == 0:  # a party of none reaches no delta (the "empty-party" ruling)
        return ("lost", "the last conquistador was lost")
    if pos in board.goals:
        return ("won", f"the party reached the delta at {pos}")
    return ("lost", DAY_LIMIT) if day >= R.day_limit else ()


# --- the day in order: the steps of the contract (lostprint.engine.contract) -----------------------


OPTIONS = MappingProxyType({  # each decision's legal choices now, by its key (whichever step asks it)
    "keep": keep_options,
    "wilds": lambda st: wild_assignments(st, planned_dice(st)),
    "row": lambda st: range(len(CHART_ROWS[NC])),
    **dict.fromkeys(("diego", "musket", "fill"), lambda st: YES_NO),
    "trail": lambda st: trail_options(st, st.pos),
    "target": mapping_targets,
    "lagos": lagos_placements,
    "to": lambda st: (None,) + tuple([n for n in st.board.neighbours[st.pos] if step_problem(st, n) is None]),
    "cartography": lambda st: (None,) + trail_options(st, st.pos),
})


def _phase(key: str, due, asks, effect, reach: frozenset) -> Step:
    """A phase taking its inputs one at a time: `due(state)` whether it opens today, `asks(state, key,
    got)` its next input (None: `effect(state, key, got)` applies it)."""
    opened = (None, None)  # (a state, the first input asked of it): apply reads need's answer, not asks' again

    def need(st):
        nonlocal opened
        if st.phase == key:
            got = st.pending
            return got["asks"] if "asks" in got else asks(st, key, got)
        if not due(st):
            return None
        ask = asks(st, key, NOTHING)
        opened = (st, ask)
        return ask

    def apply(st, value):
        got = st.pending if st.phase == key else NOTHING
        was, ask = opened
        if was is not st or got is not NOTHING:
            ask = got["asks"] if "asks" in got else asks(st, key, got)
        got = _take(st, got, ask, value)
        got["asks"] = asks(st, key, got)
        return replace(st, phase=key, pending=got) if got["asks"] else effect(st, key, got)

    return Step(key, need, apply, reach, lambda st: OPTIONS[need(st).key](st), repeat=True)


def _chart_phase(chart: str) -> Step:
    return _phase(chart, lambda st: chart in st.plan.called, _chart_asks, chart_row, CHART_REACH)


TRACK = frozenset(TRACKER_KEYS)
CHART_REACH = TRACK | {"fever", "fever_today", "peaceful", "villages", "marks", "trails", "interest_due", "empires",
                       "eclipse", "diego_used"}
INTEREST_REACH = TRACK | {"interests", "migration", "eclipse", "kantyi", "diego", "interest_due", "marks", "trails",
                          "terrain", "lagos", "mapped", "diego_used"}
INTERESTS = _phase("interests", lambda st: st.interest_due, _rolled, interest_found, INTEREST_REACH)


def _travel_need(st: State):
    """One hex a time, or stop (None); an interest falling due is rolled at once."""
    return INTERESTS.need(st) if st.interest_due else pending(st, "travel", "asks", ASK["to"])


def _travel(st: State, value) -> State:
    if st.interest_due:
        return INTERESTS.apply(st, value)
    return replace(st, phase="travel", pending=DONE) if value is None else step(st, value)


# The day: one step a phase, in the rules' order.
STEPS = (
    Step("start", lambda st: AUTO, lambda st, _: start_day(st),
         frozenset({"day", "plan", "diego_used", "interest_due", "steps", "marks", "mapped", "fever_today"})),
    _phase("planning", lambda st: True, _planning_asks, planning, frozenset({"plan", "conquistadors", "fever",
                                                                             "fever_today"})),
    _chart_phase("movement"),
    _phase("mapping", lambda st: "mapping" in st.plan.called and bool(mapping_targets(st)),
           lambda st, key, got: _rolled(st, key, got) if "target" in got else ASK["target"], mapped,
           frozenset({"terrain", "mapped", "marks", "cataracts", "diego_used"})),
    _chart_phase("exploring"),
    _chart_phase(NC),
    _chart_phase("hunting"),
    INTERESTS,
    Step("eat", lambda st: AUTO, lambda st, _: eat(st), frozenset({"food", "conquistadors"})),
    Step("travel", _travel_need, _travel, INTEREST_REACH | {"pos", "steps"},
         lambda st: OPTIONS[_travel_need(st).key](st), repeat=True),
    Step("morale", lambda st: AUTO, lambda st, _: morale(st), frozenset({"morale", "conquistadors"})),
    Step("end", lambda st: ASK["cartography"] if cartography_allowed(st) else AUTO, end_day,
         frozenset({"trails", "marks", "cartography", "over"}), lambda st: OPTIONS["cartography"](st)),
)
STEP = MappingProxyType({s.key: s for s in STEPS})


def start(game_map, expedition: str) -> State:
    return new_game(board_of(game_map), expedition)


def outcome(st: State) -> tuple[str, str] | None:
    return st.over or None


STANDINS = MappingProxyType({})  # the contract's rulings with a neutral stand-in: none in 1572

PARTS = MappingProxyType({
    **{k: (lambda st, i=i: st.values[i]) for i, k in enumerate(TRACKER_KEYS)},
    **{k: (lambda st, k=k: getattr(st, k)) for k in (
        "pos", "terrain", "fever", "trails", "cataracts", "interests", "peaceful", "villages", "empires", "migration",
        "lagos", "cartography", "eclipse", "kantyi", "diego", "over", "day", "plan", "diego_used", "interest_due",
        "steps", "fever_today")},
    "marks": lambda st: st.marks_today, "mapped": lambda st: st.mapped_today,
})  # the state by the parts a step's reach names (the open phase's inputs and the log left out)


def parts(st: State) -> dict:
    return {name: get(st) for name, get in PARTS.items()}


FACES = tuple(range(1, R.die_faces + 1))


def forget(st: State) -> tuple:
    """The state as a search compares it: everything a later step reads, without the log (two states
    alike but for their log play on alike). The map is read through the day's own drawing: a search
    checks the days before against the save."""
    return (st.step, st.phase, frozenset(st.pending.items()), st.values, st.pos, st.fever, st.fever_today,
            st.trails, st.cataracts, st.interests, st.peaceful, st.villages, st.empires, st.migration, st.lagos,
            st.cartography, st.eclipse, st.kantyi, st.diego, st.over, st.day, st.plan, st.diego_used,
            st.interest_due, st.steps, st.mapped_today, st.marks_today, len(st.terrain))


def score(st: State, result: str | None = None) -> tuple[tuple[str, int], ...]:
    """The contract's score: the terms a game counts as it stands, or (for a save) with its `result`."""
    result = (st.over[0] if st.over else "") if result is None else result
    mapped_hexes = sum(1 for lab in st.terrain if lab not in st.board.printed) - (
        len(st.lagos) - 1 if st.lagos else 0)
    out = [("hexes mapped", mapped_hexes * R.score_per_hex)]
    if result == "won":
        out.append(("conquistadors", st.get("conquistadors") * R.score_per_conquistador))
        wonders = sum(1 for _, k in st.interests if k == WONDER)
        if wonders:
            out.append((f"natural wonder{'s' * (wonders != 1)} \u00d7 {R.score_per_wonder}",
                        wonders * R.score_per_wonder))
    return tuple(out)


# --- Filling a day's unknown inputs (the validating search) ---
#
# A day saved without `rolls:` is accepted when one set of legal rolls gives it. A roll lands on one
# row of its chart and gives all of that row's effects together, and one planning roll sets every
# chart's bonus at once, so `fill_inputs` walks the rolled phases in order over which row each roll
# landed on (or that its chart was not planned, a musket's reroll, Diego's +1, the eclipse's chosen
# row), carrying the planning dice the planned charts need as an interval, not as faces (126 ways to
# plan a day would each be walked). The rest of the day takes no die the save does not show and is
# worked out exactly; each tracker's values that can still end as recorded prune the walk. The rolls
# found are then replayed through STEPS by the save's transcript, which reads the day's end there.
# A line of the walk is a plain tuple (hashable: dead ends are remembered), in FILL order:

FILL = ("values", "fever", "struck", "villages", "peaceful", "empires", "trails", "interests", "diego",
        "dice least", "dice most", "kind")  # marks counted at the start hex; "kind": n of a kind's chart
V, FEV, STRUCK, NV, NP, NE, NT, NI, DUSED, SLO, SHI, KIND = range(len(FILL))
MAX_BONUS = R.planning_dice - 1  # every die but the one that calls the chart
KIND_BONUS_AT = R.kind_for_bonus - 1  # a chart's bonus when n of a kind called it
COUNTED = ("village", "peaceful-village", "empire", "trail", "interests")  # the marks of FILL's NV..NI, in order
assert R.cataract_face == 1, "the mapping sums below take the cataract face for the die's lowest"


@lru_cache(maxsize=256)  # not a rule: per expedition, fever immunity, the start hex's terrain and interest
def _ops(expedition: str, immune: bool, terrain: str, interests: bool = True) -> dict:
    """Each chart's rows as the walk applies them: (the engine's icon_changes of its icons in turn, as
    (tracker index, change); does a fever strike; how many of each of COUNTED it marks here, or None:
    the village it draws, an empire, a trail, and interests if `interests`)."""
    village = village_cost(expedition, terrain)

    def row_ops(row) -> tuple:
        changes, fever, counts = [], False, [0] * len(COUNTED)
        for e in row.effects:
            changes += icon_changes(e, expedition, immune, village)
            found = e.what in FOUND_IN and e.what != "empire"
            mark = village_found(expedition, terrain, e.what != "village") if found else e.what
            fever = fever or (mark == "fever" and not immune)
            if mark in COUNTED and (interests or mark != "interests"):
                counts[COUNTED.index(mark)] += 1
        return tuple(changes), fever, tuple(counts) if any(counts) else None
    return {k: tuple(map(row_ops, rows_of(k))) for k in FACE_ORDER}


@lru_cache(maxsize=128)  # not a rule: as _ops
def _spans(expedition: str, immune: bool, terrain: str) -> tuple:
    """Each chart's span (in FACE_ORDER): the most each tracker can fall and the most it can rise
    through the chart, whatever its row and decisions (a tracker changes one icon at a time, clamped
    to the track): each row's _ops, and a musket's reroll."""
    spans = []
    for chart, rows in _ops(expedition, immune, terrain).items():
        down, up = [0] * len(TRACKER_KEYS), [0] * len(TRACKER_KEYS)
        for changes, _, _ in rows:
            fall, rise = [0] * len(TRACKER_KEYS), [0] * len(TRACKER_KEYS)
            for i, n in changes:
                (fall if n < 0 else rise)[i] += n
            down, up = list(map(min, down, fall)), list(map(max, up, rise))
        if chart in R.musket_charts:
            down[MUSKETS] -= R.musket_reroll_cost
        spans.append((tuple(down), tuple(up)))
    return tuple(spans)


def _after(op: tuple, v: tuple) -> set:
    """The trackers after one piece of the day past Hunting: an interest found, the rations, a step
    (cost, river progress; none when the progress cannot pay), a morale change, desertion."""
    what, *args = op
    if what == "interest":
        return set(interest_outcomes(v, *args))
    if what == "step":
        cost, river = args
        return {_add(_add(v, PROGRESS, -cost), PROGRESS, river)} if v[PROGRESS] >= cost else set()
    if what == "morale":
        return {_add(v, MORALE, *args)}
    return {rations(v) if what == "rations" else desertion(v)}


@lru_cache(maxsize=4096)  # not a rule: the few pieces of a day and their values remembered (5% of a cold save)
def _after_alone(op: tuple, t: int, x: int, others: tuple) -> frozenset:
    """_after seen through tracker t from x, the others holding each of `others` (vectors)."""
    return frozenset(w[t] for o in others for w in _after(op, o[:t] + (x,) + o[t + 1:]))


VALUES = range(R.floor, R.cap + 1)
EXTREMES = (tuple(R.floor for _ in TRACKER_KEYS), tuple(R.cap for _ in TRACKER_KEYS))


@lru_cache(maxsize=1024)  # not a rule: most days' rests are a few alike pieces
def _rest_alone(rest: tuple, t: int, morale_end: int) -> tuple:
    """For each value x of tracker t: what it can end with after `rest`, the others holding anything
    (and, at the end, the recorded morale that desertion reads)."""
    end = tuple(morale_end if i == MORALE else R.cap for i in range(len(TRACKER_KEYS)))
    out = []
    for x in VALUES:
        outs = {x}
        for op in rest:
            outs = {y for v in outs for y in _after_alone(op, t, v, (end,) if op[0] == "desert" else EXTREMES)}
        out.append(frozenset(outs))
    return tuple(out)


@dataclass(frozen=True)
class Recorded:
    """What a save shows of a day: the hexes mapped, its marks (kind, hexes, interest result or None),
    the hexes entered, the fever struck or broken, the trackers at its end."""

    mapped: tuple
    marks: tuple
    steps: tuple
    fever: str
    values: tuple

    def drawn(self) -> list:
        """The hexes the Mapping phase drew (not Lagos de Oro's lakes)."""
        lagos = next((m[1] for m in self.marks if m[0] == "lagos-de-oro"), ())
        return [(h, t) for h, t in self.mapped if h not in lagos]


class _Fill:
    """One day's walk from the morning `s0` with the eclipse count `eclipse`. `native`: Native
    Contact must (True) or must not (False) be planned (an eclipse counts down only on a day that
    plays it; None: either); `cartography`: a Cartography trail may explain a recorded trail."""

    def __init__(self, s0: State, rec: Recorded, eclipse=0, native=None, cartography=True):
        self.s0, self.rec, self.native = s0, rec, native
        start = self.start = s0.pos
        exp, here = s0.expedition, s0.terrain[s0.pos]
        at_start = [m[0] for m in rec.marks if m[1] and m[1][0] == start]
        self.immune = fever_immune(exp, s0.lagos, start)
        self.eclipse = eclipse > 0  # predicted: Native Contact's row is chosen, not rolled
        morning = replace(s0, plan=Plan())
        self.n_dice = {k: phase_dice(s0, k) for k in FACE_ORDER}
        self.base = {(k, m): modifier(morning, k, m) for k in FACE_ORDER for m in YES_NO}
        self.ops = _ops(exp, self.immune, here, s0.interest_at(start) is None)
        self.spans = _spans(exp, self.immune, here)
        self.nv, self.np, self.ne = (at_start.count(k) for k in FOUND_IN)
        trails = [frozenset(m[1]) for m in rec.marks if m[0] == "trail"]
        self.trail_free = not trail_options(replace(s0, trails=s0.trails | set(trails)), start)
        self.trail_rows = tuple(_trail_rows(s0, rec, trails, cartography, ni) for ni in (0, 1))  # by FILL's NI
        most_trail_rows = len(FACE_ORDER) if self.trail_free else max((n for rows in self.trail_rows for n, _ in rows),
                                                                      default=-1)
        self.start_interest = next((r for kind, (h, *_), r in rec.marks if kind == "interest" and h == start), None)
        if s0.interest_at(start) is not None or self.start_interest is None:
            self.ni_options = (0,)
        else:
            self.ni_options = (0, 1) if start in rec.steps else (1,)
        # the rest of the day differs by the interests found at the start and the steps paid before a trail was drawn
        self.keys = tuple(sorted({(ni, late) for ni in self.ni_options for _, late in self.trail_rows[ni]}
                                 or {(ni, ()) for ni in self.ni_options}, key=lambda k: (len(k[1]), k)))
        self.most_marks = (self.nv, self.np, self.ne, most_trail_rows, max(self.ni_options))  # NV..NI
        drawn = rec.drawn()
        self.map_targets = bool(mapping_targets(s0))
        self.mapped = drawn[0][1] if drawn else None
        down = s0.board.downstream(start)
        cataract_due = down is not None and frozenset((start, down)) not in s0.cataracts
        self.cataract = any(m[0] == "cataract" for m in rec.marks) if cataract_due else None
        no_break, dice = terrain_rule(here).no_fever_break, R.planning_dice
        broke = s0.fever and not no_break and rec.fever in ("broken", "struck")  # struck again after breaking
        self.fever_after_planning = s0.fever and not broke
        need = powers(s0.expedition).fever_break_wilds
        if not s0.fever:
            self.dice_used = frozenset({0, dice})  # five WILDs call nothing; otherwise every die is used
        else:
            self.dice_used = frozenset(u for u in range(dice + 1) if no_break or (dice - u >= need) == broke)
        self.target = rec.values
        self._tails: dict = {}
        self._row_memo: dict = {}
        self._plan_tail()
        self._plan_bounds()

    # after Hunting the day takes no unknown die

    def _plan_tail(self) -> None:
        s0, start, marks = self.s0, self.start, self.rec.marks
        found = {}
        for kind, hexes, result in marks:
            if kind == "interest":
                found.setdefault(hexes[0], result)
        today = replace(s0, terrain={**s0.terrain, **dict(self.rec.mapped)},
                        trails=s0.trails | {frozenset(m[1]) for m in marks if m[0] == "trail"})
        path = (start,) + self.rec.steps
        morale = tuple(("morale", n) for n in morale_of_travel(s0.board, path)) + (("desert",),)
        self.rest = {}  # key -> the pieces of the day past Hunting, in order (None: not as recorded)
        for ni, late in reversed(self.keys):  # (so that what is said of a day none explains is the first key's)
            held = {h for h, _ in s0.interests} | ({start} if ni else set())
            migrated = (start,) if ni and self.start_interest == "migration" else ()
            fed = fed_by_migration(replace(s0, migration=s0.migration + migrated))
            rest: tuple | None = (("interest", self.start_interest),) * ni + (("rations",),) * (not fed)
            for a, b in zip(path, path[1:]):
                at = replace(today, pos=a, trails=today.trails - {frozenset(e) for e in late})
                due = interest_on_entering(at, b) and b not in held
                if due and b not in found:
                    why = ("its Interests icon" if b in s0.board.interest_icons else
                           f"Archeology: a trail from {at.terrain[a]} into {at.terrain[b]}")
                    rest = None
                    self.unrolled = f"entering {b} on day {s0.day + 1} rolls Interests there ({why}): record it"
                    break
                rest += (("step", step_cost(at, b), river_gain(s0.board, a, b)),)
                rest += (("interest", found[b]),) if due else ()
                held |= {b} if due else set()
            if rest is not None and set(found) - held:
                rest, self.unrolled = None, (
                    f"no Interests roll on day {s0.day + 1} falls in {', '.join(sorted(set(found) - held))} (they are "
                    "rolled where the day began when Exploring finds interests, and on entering a hex that rolls them)")
            self.rest[ni, late] = None if rest is None else rest + morale

    def tail(self, vals: tuple, key: tuple) -> set:
        """Every end the rest of the day (interests, eating, travel, morale) can give."""
        if (vals, key) not in self._tails:
            outs = {vals} if self.rest[key] is not None else set()
            for op in self.rest[key] or ():
                outs = {w for v in outs for w in _after(op, v)}
            self._tails[vals, key] = outs
        return self._tails[vals, key]

    def _one_tail(self, t: int, x: int, key: tuple) -> frozenset:
        """tail() seen through tracker t from x, whatever the others hold (at the end, as recorded)."""
        return _rest_alone(self.rest[key], t, self.target[MORALE])[x - R.floor] if self.rest[key] else frozenset()

    def _plan_bounds(self) -> None:
        """allowed[i][t]: the values of tracker t from which charts i.. (by their spans)
        and the rest of the day can still end as recorded."""
        after = [frozenset(x for x in VALUES if any(want in self._one_tail(t, x, key) for key in self.keys))
                 for t, want in enumerate(self.target)]
        spans = self.spans
        down, up = (0,) * len(TRACKER_KEYS), (0,) * len(TRACKER_KEYS)  # the falls and rises charts i.. can bring
        self.allowed = [()] * (len(FACE_ORDER) + 1)
        for i in range(len(FACE_ORDER), -1, -1):
            if i < len(FACE_ORDER):
                down, up = tuple(map(int.__add__, down, spans[i][0])), tuple(map(int.__add__, up, spans[i][1]))
            self.allowed[i] = tuple(map(_widened, after, down, up))
        self.most_used = max(self.dice_used, default=-1)

    def viable(self, i: int, s: tuple, free: bool) -> bool:
        """Can this line still end as recorded (with `free`, in every tracker but at most one)?"""
        if s[SLO] > self.most_used:
            return False
        off = 0
        for v, ok in zip(s[V], self.allowed[i]):
            if v not in ok:
                off += 1
                if off > free:
                    return False
        return True

    # the rolled phases

    def starts(self):
        """The lines after planning: without n of a kind, or with it calling chart k."""
        v0, fev = self.s0.values, self.fever_after_planning
        yield ("kind", -1), (v0, fev, False, 0, 0, 0, 0, 0, False, 0, 0, -1)
        for k in range(len(FACE_ORDER)):
            yield ("kind", k), (_add(v0, CONQ, R.kind_bonus), fev, False, 0, 0, 0, 0, 0, False, 0, 0, k)

    def _bonus(self, kind: int, k: int, bl: int, bh: int):
        """The planning bonus chart k may have, between bl and bh (None: none)."""
        bl, bh = max(bl, 0), min(bh, MAX_BONUS)
        if kind == k:
            bl = max(bl, KIND_BONUS_AT)
        elif self.s0.fever:  # WILDs held by the fever: the bonus is the chart's own dice only
            bh = min(bh, KIND_BONUS_AT - 1)
        return (bl, bh) if bl <= bh else None

    def _rows(self, i: int, least: int, most: int, extra: int, kind: int) -> tuple:
        """The rows of chart i some roll reaches whose dice add up to least..most, with this modifier,
        each with the planning bonus it needs."""
        key = (i, least, most, extra, kind == i)
        if key not in self._row_memo:
            out = []
            for j, row in enumerate(rows_of(FACE_ORDER[i])):
                bl = row.low - (most + extra) if row.low is not None else 0
                bh = row.high - (least + extra) if row.high is not None else MAX_BONUS
                bonus = self._bonus(kind, i, bl, bh)
                if bonus is not None:
                    out.append((j, bonus))
            self._row_memo[key] = tuple(out)
        return self._row_memo[key]

    @staticmethod
    def _planned(s: tuple, bonus: tuple, diego: bool = False) -> tuple:
        s = s[:SLO] + (s[SLO] + 1 + bonus[0], s[SHI] + 1 + bonus[1], s[KIND])
        return s[:DUSED] + (True,) + s[DUSED + 1:] if diego else s

    def expand(self, i: int, s: tuple):
        """(choice, line) for each way chart i can go: (chart, row or None, musket, diego, bonus, modifier)."""
        k = FACE_ORDER[i]
        if k == "mapping":
            yield from self._mapping(i, s)
            return
        if s[KIND] != i and not (k == NC and self.native):
            yield (k, None, False, False, None, 0), s
        if k == NC and self.native is False:
            return
        muskets = YES_NO if k in R.musket_charts and s[V][MUSKETS] >= R.musket_reroll_cost else (False,)
        if k == NC and self.eclipse:
            muskets = ()
        for musket in muskets:
            base = (_add(s[V], MUSKETS, -R.musket_reroll_cost),) + s[1:] if musket else s
            for diego in YES_NO if self.s0.diego and not s[DUSED] else (False,):
                extra = self.base[k, musket] + (R.bonus_per_extra if diego else 0) \
                    + (R.peaceful_bonus * s[NP] if k in R.peaceful_charts else 0)
                for j, bonus in self._rows(i, self.n_dice[k], self.n_dice[k] * R.die_faces, extra, s[KIND]):
                    s2 = self.apply(self._planned(base, bonus, diego), self.ops[k][j])
                    if s2 is not None:
                        yield (k, j, musket, diego, bonus, extra), s2
        bonus = self._bonus(s[KIND], i, 0, MAX_BONUS)
        if k == NC and self.eclipse and bonus:
            for j in range(len(rows_of(k))):
                s2 = self.apply(self._planned(s, bonus), self.ops[k][j])
                if s2 is not None:
                    yield (k, j, "eclipse", False, bonus, 0), s2

    def _dice_sums(self, cataract) -> tuple[int, int]:
        """The least and most the mapping dice add up to, with a die showing the cataract face or not."""
        n = self.n_dice["mapping"]
        if cataract is None:
            return n, n * R.die_faces
        if cataract:
            return n, R.cataract_face + (n - 1) * R.die_faces
        return n * (R.cataract_face + 1), n * R.die_faces

    def _mapping(self, i: int, s: tuple):
        if not self.map_targets:  # nowhere to map: planned or not
            if s[KIND] != i:
                yield ("mapping", None, False, False, None, 0), s
            bonus = self._bonus(s[KIND], i, 0, MAX_BONUS)
            if bonus:
                yield ("mapping", None, False, False, bonus, 0), self._planned(s, bonus)
            return
        if self.mapped is None:
            if s[KIND] != i and not self.cataract:
                yield ("mapping", None, False, False, None, 0), s
            return
        dlo, dhi = self._dice_sums(self.cataract)
        here = self.s0.terrain[self.start]
        for diego in YES_NO if self.s0.diego and not s[DUSED] else (False,):
            extra = self.base["mapping", False] + (R.bonus_per_extra if diego else 0)
            for j, bonus in self._rows(i, dlo, dhi, extra, s[KIND]):
                e = rows_of("mapping")[j].effects[0]
                if (here if e.what == "same-terrain" else e.terrain) == self.mapped:
                    yield ("mapping", j, False, diego, bonus, extra), self._planned(s, bonus, diego)

    def apply(self, s: tuple, ops: tuple):
        """A row's effects on a line (None: it makes a mark or fever the save does not show)."""
        changes, fever, counts = ops
        vals, fev, struck = s[V:NV]
        for i, n in changes:
            vals = _add(vals, i, n)
        if fever:
            if not fev and self.rec.fever != "struck":
                return None
            struck, fev = struck or not fev, True
        marks = s[NV:DUSED]
        if counts:
            marks = tuple(map(int.__add__, marks, counts))
            if any(map(int.__gt__, marks, self.most_marks)):
                return None
        return (vals, fev, struck) + marks + s[DUSED:]

    def lates(self, marks: tuple) -> set:
        """For the marks a line counts at the start hex (FILL's NV..NI): the steps paid before a trail was drawn
        (_trail_rows' `late`) each way they agree with the save has (none: they disagree)."""
        nv, np_, ne, nt, ni = marks
        if (nv, np_, ne) != (self.nv, self.np, self.ne) or ni not in self.ni_options:
            return set()
        # (with no trail left to draw from the start hex, a trail row draws nothing)
        return {late for n, late in self.trail_rows[ni] if n == nt or self.trail_free and n <= nt}

    def ends(self, s: tuple) -> set:
        """The ends this line gives, or nothing when its marks, fever or dice disagree with the save."""
        if not any(s[SLO] <= u <= s[SHI] for u in self.dice_used) or (self.rec.fever == "struck") != s[STRUCK]:
            return set()
        return set().union(*(self.tail(s[V], (s[NI], late)) for late in self.lates(s[NV:DUSED])))

    def search(self, free: bool = False):
        """The first line that gives the day (its choices, then how many interests Exploring found), or None.
        With `free`, instead, the lines ending as recorded in every tracker but one: {tracker index: {its
        value: the first such line}}."""
        failed: dict = {}  # (chart, line but its planning dice) -> the dice intervals walked in vain
        found: dict = {}

        def walk(i: int, s: tuple, line: tuple):
            if i == len(FACE_ORDER):
                for out in self.ends(s):
                    off = [t for t in range(len(out)) if out[t] != self.target[t]]
                    if not free and not off:
                        return line + (s[NI],)
                    if free and len(off) == 1:
                        found.setdefault(off[0], {}).setdefault(out[off[0]], line + (s[NI],))
                return None
            seen = failed.setdefault((i, s[:SLO] + s[KIND:]), [])
            if any(lo <= s[SLO] and s[SHI] <= hi for lo, hi in seen):
                return None  # walked before with at least these planning dice possible
            for choice, s2 in self.expand(i, s):
                got = walk(i + 1, s2, line + (choice,)) if self.viable(i + 1, s2, free) else None
                if got is not None:
                    return got
            seen.append((s[SLO], s[SHI]))
            return None

        for choice, s in self.starts():
            got = walk(0, s, (choice,)) if self.viable(0, s, free) else None
            if got is not None:
                return got
        return found if free else None

    def rolls_of(self, path: tuple) -> dict:
        """The dice of a line (each roll's total inside its row), as `rolls:` records them."""
        (_, kind), *phases, ni = path
        bonus = {k: b for k, _, _, _, b, _ in phases if b is not None}
        least = sum(1 + lo for lo, _ in bonus.values())
        left = min(u for u in self.dice_used if least <= u <= sum(1 + hi for _, hi in bonus.values())) - least
        planning: list[int] = []
        for k, (lo, hi) in list(bonus.items()):
            bonus[k] = lo + min(left, hi - lo)  # the least each chart needs, then what is left over in order
            left -= bonus[k] - lo
            own = bonus[k] if self.s0.fever or FACE_ORDER.index(k) == kind else min(bonus[k], KIND_BONUS_AT - 1)
            planning += [R.face(k)] * (1 + own)  # (the rest of a bonus is WILDs)
        rolls: dict = {"planning": sorted(planning + [R.wild_face] * (R.planning_dice - len(planning)))}
        for k, j, musket, _, _, extra in phases:
            if j is None or musket == "eclipse":
                continue
            row, n, cataract = rows_of(k)[j], self.n_dice[k], k == "mapping" and self.cataract
            dlo, dhi = self._dice_sums(self.cataract) if k == "mapping" else (n, n * R.die_faces)
            total = max(dlo, row.low - extra - bonus[k] if row.low is not None else dlo)
            assert total <= min(dhi, row.high - extra - bonus[k] if row.high is not None else dhi), (k, j)
            dice = _split(total, n, dlo // n, bool(cataract))
            rolls[k] = [dice, dice] if musket else dice
            if k == NC and self.s0.kantyi:  # her reroll of a 1 or 2 may show it again
                again = [d for _ in range(1 + musket) for d in dice if d <= R.kantyi_reroll_at_most]
                if again:
                    rolls[KANTYI_ROLLS] = again
        rest = next(r for (n, _), r in self.rest.items() if n == ni and r is not None)  # (their interests agree)
        found = [op[1] for op in rest if op[0] == "interest"]
        dice = [_split(next(r for r in INTEREST_ROWS if r.effects[0].terrain == f).low, R.phase_dice, 1, False)
                for f in found]
        if dice:
            rolls["interests"] = dice if len(dice) > 1 else dice[0]
        return rolls


def _split(total: int, n: int, lo: int, one_low: bool) -> list[int]:
    """n dice of lo..die_faces adding up to total (one showing the cataract face when one_low)."""
    dice = [R.cataract_face] if one_low else []
    left = total - sum(dice)
    for i in range(len(dice), n):
        d = min(R.die_faces, left - (n - i - 1) * lo)
        dice.append(d)
        left -= d
    return sorted(dice)


def _trail_rows(s0: State, rec: Recorded, trails: list, allowed: bool, start_found: int) -> frozenset:
    """How many of the day's trails the Exploring and Native Contact rows may have drawn (from the
    start hex), when every other comes from a Ruined Mission (from its hex: one it must draw while a
    trail can still go there) or a Cartography trail (from where the day ends, never along an edge
    stepped today: it is drawn after travel); each with the edges stepped today before the Ruined Mission
    that drew their trail was found (in the start hex by Exploring, `start_found`, or on entering its hex):
    those steps were paid in full."""
    path = (s0.pos,) + rec.steps
    found_before = {frozenset(e): set(path[1:i + 1]) | set(path[:start_found])  # a stepped edge: missions found by then
                    for i, e in reversed(list(enumerate(zip(path, path[1:]))))}
    ruined = [h for kind, (h, *_), r in rec.marks if kind == "interest" and r == "ruined-mission"]
    after = replace(s0, trails=s0.trails | set(trails),  # the map once the day's trails and cataracts are drawn
                    cataracts=s0.cataracts | {frozenset(m[1]) for m in rec.marks if m[0] == "cataract"})
    must = {("ruined", i) for i, h in enumerate(ruined) if trail_options(after, h)}
    cartography = (allowed and powers(s0.expedition).cartography and path[-1] not in s0.cartography
                   and rec.values[PROGRESS] >= R.cartography_progress)
    sources = []
    for t in trails:
        options = [("row",)] if s0.pos in t else []
        options += [("ruined", i) for i, h in enumerate(ruined) if h in t]
        if cartography and path[-1] in t and t not in found_before:
            options.append(("cartography",))
        sources.append(options)
    out = set()
    for pick in product(*sources):
        taken = [p for p in pick if p[0] != "row"]
        if len(taken) == len(set(taken)) and must <= set(taken):
            late = tuple(sorted(tuple(sorted(t)) for t, p in zip(trails, pick)
                                if p[0] == "ruined" and ruined[p[1]] not in found_before.get(t, {ruined[p[1]]})))
            out.add((len(pick) - len(taken), late))
    return frozenset(out)


def _mornings(eclipses) -> list:
    """The eclipse counts a day may begin with, each with whether Native Contact must be planned."""
    return [(e, native) for e in sorted(eclipses) for native in ((None,) if e == 0 else (True, False))]


ONE_SET = ("each roll lands on one row of its chart and gives all of that row's effects together, and one "
           "planning roll sets every chart's bonus")


def fill_inputs(s0: State, rec: Recorded, eclipses=frozenset({0})) -> tuple[list, tuple | None]:
    """For a day saved without its rolls, from the morning `s0` (the eclipse count one of
    `eclipses`): ([(the count it begins with, the count it ends with or None when an eclipse is
    predicted today, one set of rolls that gives it)], None), or ([], (the save's field path, why no
    set of rolls gives the day)). The day maps one hex at most (the transcript refuses more)."""
    found = []
    predicted = ("interest", "predict-eclipse") in {(kind, r) for kind, _, r in rec.marks}
    for e, native in _mornings(eclipses):
        for cartography in (False, True) if powers(s0.expedition).cartography else (False,):
            fill = _Fill(s0, rec, e, native, cartography)
            path = fill.search()
            if path is not None:
                found.append((e, None if predicted else e - 1 if native else e, fill.rolls_of(path)))
                break
    return (found, None) if found else ([], _why_none(s0, rec, eclipses))


def _why_none(s0: State, rec: Recorded, eclipses) -> tuple:
    """Why no set of rolls gives the day: a step blocked or no roll pays for, a tracker no roll gives
    whatever the others do, one no line gives with the others as recorded, or the hex mapped."""
    day, have = s0.day + 1, rec.values
    fills = [_Fill(s0, rec, e, native) for e, native in _mornings(eclipses)]
    fill = fills[0]  # (the mornings differ in Native Contact's rows only: the spans and the rest of the day are one)
    refused = _refused_step(fill)
    if refused:
        return refused
    if all(rest is None for rest in fill.rest.values()):
        return ("marks",), fill.unrolled
    for t, key in enumerate(TRACKER_KEYS):
        ends = _alone_ends(fill, t)
        if have[t] not in ends:
            spans, high = fill.spans, have[t] > max(ends, default=R.cap)
            charts = [f"{k.replace('-', ' ')} {lo[t]:+d}..{hi[t]:+d}" for k, (lo, hi) in zip(FACE_ORDER, spans)
                      if lo[t] or hi[t]]
            limit = (f"at most {max(ends)}" if high else f"at least {min(ends)}" if have[t] < min(ends, default=R.floor)
                     else _either(ends) or "nothing")
            x = clamp(s0.values[t] + sum(hi[t] if high else lo[t] for lo, hi in spans)
                      + (R.kind_bonus if high and t == CONQ else 0))
            rest = _either(fill._one_tail(t, x, fill.keys[0]))
            rest = f"take {x} to {rest}" if rest else f"cannot go on from {x} (a step costs more)"
            return ("resources", key), (f"{key} {s0.values[t]} \u2192 {have[t]}, but whatever the rolls day {day} "
                                        f"ends with {key} {limit} (the charts' rows: {', '.join(charts) or 'none'}; "
                                        f"the day's interests, rations, travel and morale as recorded then {rest})")
    unmade = _marks_unmade(fill)
    if unmade:
        return ("marks",), unmade
    one_off: dict = {}  # tracker -> {a value it can end with while every other ends as recorded: a line}
    for morning in fills:
        for t, lines in morning.search(free=True).items():
            for value, line in lines.items():
                one_off.setdefault(t, {}).setdefault(value, (morning, line))
    if one_off:  # said first: a tracker the rolls moved off what the day gives it with no chart rolled
        plain = {t for t in one_off if any(v[t] == have[t] for k in fill.keys for v in fill.tail(s0.values, k))}
        (t, values), *others = sorted(one_off.items(), key=lambda tv: (tv[0] in plain, tv[0]))
        key = TRACKER_KEYS[t]
        fill, line = values[min(values, key=lambda v: abs(v - have[t]))]
        example = ", ".join(f"{k}: {v}" for k, v in fill.rolls_of(line).items())
        limit = (f"with the other resources as recorded, day {day} can end with {key} {_either(values)}, as rolls "
                 f"{{{example}}} do")
        for other, vals in others:
            limit += f"; with {key} {have[t]}, {TRACKER_KEYS[other]} {_either(vals)}"
        return ("resources", key), (f"{key} {s0.values[t]} \u2192 {have[t]}, but no one set of rolls gives it: "
                                    f"{limit} ({ONE_SET})")
    return _mapping_problem(s0, rec, fills) or (
        ("resources",), f"no one set of rolls on day {day} gives these resources, marks and fever together ({ONE_SET})")


def _marks_unmade(fill: _Fill) -> str:
    """Why no rows of the charts that draw marks, each rolled once (or not at all), draw the marks the day
    records where it began, whatever the trackers do ('' when some do)."""
    drawing = {k: {c for _, _, c in rows if c} for k, rows in fill.ops.items()}
    drawing = {k: made for k, made in drawing.items() if made}
    if any(fill.lates(tuple(map(sum, zip(*counts))))
           for counts in product(*({(0,) * len(COUNTED)} | made for made in drawing.values()))):
        return ""
    kinds = {k: [COUNTED[i] for i in range(len(COUNTED)) if any(c[i] for c in made)] for k, made in drawing.items()}
    rows = "; ".join(f"{k.replace('-', ' ')}: one of {', '.join(m.replace('-', ' ') for m in ks)}"
                     for k, ks in kinds.items())
    return (f"no one set of rolls on day {fill.s0.day + 1} draws the marks it records at {fill.start} together: each "
            f"chart is rolled once and its row draws one mark there ({rows})")


@lru_cache(maxsize=4096)  # not a rule: the same few sets and spans come back day after day
def _widened(values: frozenset, down: int, up: int) -> frozenset:
    """The values from which a fall of at most -down or a rise of at most up can reach one of `values`."""
    return frozenset(y for x in values for y in range(max(R.floor, x - up), min(R.cap, x - down) + 1))


def _alone_ends(fill: _Fill, t: int) -> set:
    """The values tracker t can end the day with whatever the rolls and the other trackers do."""
    spans = fill.spans
    down, up = sum(lo[t] for lo, _ in spans), sum(hi[t] for _, hi in spans)
    v = fill.s0.values[t]
    starts = {v, clamp(v + R.kind_bonus)} if t == CONQ else {v}
    return {y for v in starts for x in VALUES if v + down <= x <= v + up for key in fill.keys
            for y in fill._one_tail(t, x, key)}


def _refused_step(fill: _Fill) -> tuple | None:
    """A step of the day a cataract (printed, or drawn today) blocks or no roll leaves the movement
    progress to pay for, as (the save's field path, why); None when each can be taken."""
    most = R.cap if fill.start_interest else fill.s0.values[PROGRESS] + sum(hi[PROGRESS] for _, hi in fill.spans)
    paid = fill.nv * village_cost(fill.s0.expedition, fill.s0.terrain[fill.start])  # the villages found today
    most = max(R.floor, min(most, R.cap) - paid)
    villages = f" (after the village{'s' * (fill.nv > 1)} found at {fill.start}: \u2212{paid})" if paid else ""
    cataracts = fill.s0.cataracts | {frozenset(m[1]) for m in fill.rec.marks if m[0] == "cataract"}
    path = enumerate(zip((fill.start,) + fill.rec.steps, fill.rec.steps))
    for what, *args in fill.rest[fill.keys[0]] or ():
        if what == "interest":
            most, villages = R.cap, ""  # (an interest may give progress)
        elif what == "step":
            (cost, river), (j, (here, to)), most = args, next(path), min(most, R.cap)
            if frozenset((here, to)) in cataracts:
                return ("moved", j), f"a cataract blocks the way between {here} and {to}"
            if most < cost:
                by = " by trail" * (cost == R.trail_cost)
                return ("moved",), (f"entering {to} costs {cost} movement progress{by}; the party can have at most "
                                    f"{most} on day {fill.s0.day + 1}{villages}")
            most += river - cost
    return None


def _mapping_problem(s0: State, rec: Recorded, fills: list):
    """When the day agrees but for the hex mapped: which terrains the Mapping roll could draw there,
    or that the roll drawing this one shows the cataract face on the river."""
    fill = fills[0]
    if fill.mapped is None or not fill.map_targets:
        return None
    label = rec.drawn()[0][0]
    at = ("mapped", label)
    if fill.cataract is False:
        for f in fills:
            f.cataract = None
        if any(f.search() is not None for f in fills):
            down = s0.board.downstream(s0.pos)
            blocked = f"; it would block the step to {down}" if down in rec.steps else ""
            return at, (f"{fill.mapped}: the Mapping roll that draws {fill.mapped} here shows a {R.cataract_face}, "
                        f"and from {s0.pos} on the river a {R.cataract_face} draws a cataract to {down}, which day "
                        f"{s0.day + 1} does not record{blocked} ({ONE_SET})")
        for f in fills:
            f.cataract = False
    could, wanted = [], fill.mapped
    for terrain in dict.fromkeys(s0.terrain[s0.pos] if e.what == "same-terrain" else e.terrain
                                 for row in rows_of("mapping") for e in row.effects):
        for f in fills:
            f.mapped = terrain
        if any(f.search() is not None for f in fills):
            could.append(terrain)
    if not could:
        return None
    return at, (f"{wanted}: no one set of rolls gives day {s0.day + 1} with {label} mapped as {wanted}; with the "
                f"rest as recorded, the Mapping roll could draw {' or '.join(could)} ({ONE_SET})")


def _either(values) -> str:
    """[5] -> '5'; [3, 4] -> '3 or 4'; [1, 2, 3, 4] -> '1\u20134'."""
    values = sorted(values)
    pair = 2  # not a rule: a range reads better than three numbers or more
    if len(values) > pair and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}\u2013{values[-1]}"
    return " or ".join(map(str, values))
