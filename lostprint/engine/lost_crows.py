"""1872: The Lost Crows as a pure state machine.

A turn runs `STEPS`: dawn (the fort zone), Phase 1 (the eight dice on the sheet: the rolls and placings),
Phase 2 `pending` + `apply` for each unit's icons (Tribe, Chief, Shaman, Warriors), Phase 3 `step` for each
hex entered and `plot` on a new plot hex, then dusk (no move: Resolve; the loss check). Every number and effect comes from lostprint.games.lost_crows(_plots); every decision is an
argument; dice are arguments (die faces). Nothing here reads files, rolls dice or keeps state between calls.

The save search (lostprint.saves.search) validates a save over the steps of the contract at the end;
what it needs of this game (one roll per effect, what to forget, how far the rest of a day can move
the values) is in the last section, `what the validating search needs`.

A balance report may switch rulings to their neutral stand-ins (games.lost_crows.NEUTRAL_STANDINS):
`new_game(land, house_off)` puts the keys in the state (`State.house_off`), and the few rules they
touch read them there. The default, no keys, is the game as ruled.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from operator import le, sub
from typing import NamedTuple

from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, Step, evolve
from lostprint.games import lost_crows as data
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import RULES, Effect
from lostprint.geometry import hexgrid
from lostprint.maps.model import parse_edge

KEYS = tuple(t.key for t in data.TRACKERS)  # food, resolve, proximity, movement
INDEX = {k: i for i, k in enumerate(KEYS)}
FOOD, RESOLVE, MOVEMENT = INDEX["food"], INDEX["resolve"], INDEX["movement"]
PRIMARY_AT = tuple((k, INDEX[k]) for k in RULES.primaries)
PRIMARY = RULES.primaries
UNITS = tuple(u.key for u in data.UNITS)
ROWS = data.UNIT_ROWS
ANY_KEY = PRIMARY + ("movement",)
FACES = RULES.die_faces
BOX = RULES.dice_per_roll  # boxes per unit: top and bottom
TENS = 10  # not a rule: a d66 roll is written as tens and ones
TURN_FLAGS = frozenset({"double-cost", "halt", "no-river", "no-crow"})
NEXT_FLAGS = {"halt-next": "halt", "bar-plains-next": "bar-plains", "no-crow-next": "no-crow",
              "bar-north-next": "bar-north"}


# Rulings that can be switched to their neutral stand-ins (a balance report's baseline; games/lost_crows.py)
STANDINS = {s.ruling: s for s in data.NEUTRAL_STANDINS}
HOUSE_OFF_KEYS = tuple(s.ruling for s in data.NEUTRAL_STANDINS if s.instead)


class UnknownRuling(ValueError):
    """A house rule asked to be switched off that does not exist or has no neutral stand-in."""


def house_rules_off(keys) -> frozenset:
    """The ruling keys to play by their neutral stand-ins, checked: each must be one of HOUSE_OFF_KEYS."""
    keys = frozenset(keys)
    for key in sorted(keys):
        if key not in STANDINS:
            raise UnknownRuling(f"no 1872 ruling {key!r} (rulings with a stand-in: {', '.join(HOUSE_OFF_KEYS)})")
        if not STANDINS[key].instead:
            raise UnknownRuling(f"ruling {key!r} has no neutral stand-in: {STANDINS[key].why_none}")
    return keys


@dataclass(frozen=True)
class Land:
    """The map's fixed facts, precomputed once per map."""

    start: str
    goals: tuple[str, ...]
    neighbors: dict
    rivers: frozenset  # frozenset({a, b}) for every river edge
    fort: frozenset
    zone: frozenset
    plots: dict  # letter -> hex
    plot_at: dict  # hex -> letter
    north: dict  # hex -> the hex north of it (or None)
    axial: dict
    open_near: dict  # hex -> its neighbours but the fort's
    far: dict  # hex -> the hexes two away, sorted
    river_steps: frozenset  # (a, b) both ways for every river edge: `crossing` without a frozenset


def land_of(game_map) -> Land:

    axial = game_map.axial
    by_hex = {h: lab for lab, h in axial.items()}
    rivers = set()
    for f in game_map.features_of("river-edges"):
        for text in f.edges:
            a, b = hexgrid.edge_hexes(parse_edge(text))
            if a in by_hex and b in by_hex:
                rivers.add(frozenset((by_hex[a], by_hex[b])))
    plot_hexes = {f.letter: f.hexes[0] for f in game_map.features_of("plot") if f.hexes}
    neighbors = {lab: tuple(game_map.neighbors(lab)) for lab in axial}
    fort = frozenset(h for f in game_map.features_of("fort") for h in f.hexes)
    far = {lab: tuple(sorted({m for n in near for m in neighbors[n]} - {lab, *near}))
           for lab, near in neighbors.items()}
    return Land(
        start=game_map.start, goals=tuple(game_map.goals),
        neighbors=neighbors,
        rivers=frozenset(rivers),
        fort=fort,
        zone=frozenset(h for f in game_map.features_of("fort-zone") for h in f.hexes),
        plots=plot_hexes, plot_at={v: k for k, v in plot_hexes.items()},
        north={lab: by_hex.get(hexgrid.neighbor(h, "N")) for lab, h in axial.items()},
        axial=axial,
        open_near={lab: tuple(n for n in near if n not in fort) for lab, near in neighbors.items()},
        far=far,
        river_steps=frozenset(step for edge in rivers for step in (tuple(edge), tuple(edge)[::-1])),
    )


class State(NamedTuple):
    """The tribe between two calls. values/caps follow KEYS; flags are this turn's and next turn's."""

    day: int
    pos: str
    start: str  # where the turn began
    values: tuple
    caps: tuple
    fever: int = 0  # turns left on which the first roll goes to the Shaman
    flags: frozenset = frozenset()
    crows: tuple = ()
    vision: tuple | None = None  # (terrain, roll)
    dancers: int = 0  # Spirit Dancers used
    plots: tuple = ()  # (letter, day) in the order rolled
    keywords: frozenset = frozenset()
    victories: tuple = ()  # outcome codes of new victory conditions taken
    mountie: int = 0  # the last day to find the Mountie (0: no bargain); -1 found
    ghost: str = ""  # the Ghost Mountain hex; "" none, or once used
    free_river: str = ""  # 20A: the hex whose next crossing is free
    moved: tuple = ()  # hexes entered this turn
    travelled: int = 0
    came_from: str = ""
    over: tuple | None = None  # (result, reason)
    house_off: frozenset = frozenset()  # rulings played by their neutral stand-ins (house_rules_off)
    six_unit: str = ""  # with "pipe-carriers" off: the unit whose top box Pipe Carriers fills

    def value(self, key: str) -> int:
        return self.values[INDEX[key]]

    def cap(self, key: str) -> int:
        return self.caps[INDEX[key]]

    def done(self, letter: str) -> bool:
        for x, _ in self.plots:
            if x == letter:
                return True
        return False


def new_game(land: Land, house_off=frozenset()) -> State:
    """The first state; `house_off` names rulings to play by their neutral stand-ins (UnknownRuling if
    one has none)."""
    return State(day=0, pos=land.start, start=land.start, values=tuple(t.start for t in data.TRACKERS),
                 caps=tuple(t.maximum for t in data.TRACKERS), house_off=house_rules_off(house_off))


def _with(values: tuple, key: str, value: int, caps: tuple) -> tuple:
    i = INDEX[key]
    v = list(values)
    v[i] = max(0, min(caps[i], value))
    return tuple(v)


_VALUES = State._fields.index("values")
_AT = {name: i for i, name in enumerate(State._fields)}


def _put(st: State, **changes) -> State:
    """st with some fields changed: State._replace, faster (replays and players make millions)."""
    v = list(st)
    for name, value in changes.items():
        v[_AT[name]] = value
    return tuple.__new__(State, v)


_ENTERED = tuple(_AT[name] for name in ("pos", "values", "free_river", "moved", "travelled", "came_from"))


def _entered(st: State, values: tuple, to: str) -> State:
    """st after a step into `to` paid to `values`: _put(st, pos=to, values=values, free_river="",
    moved=st.moved + (to,), travelled=st.travelled + 1, came_from=""), without the keywords."""
    v = list(st)
    pos, vals, free, moved, travelled, came = _ENTERED
    v[pos], v[vals], v[free], v[moved], v[travelled], v[came] = to, values, "", st.moved + (to,), st.travelled + 1, ""
    return tuple.__new__(State, v)


def _values(st: State, values: tuple) -> State:
    """st with new values (a fast _replace: replays make hundreds of thousands of these)."""
    return tuple.__new__(State, st[:_VALUES] + (values,) + st[_VALUES + 1:])


def add(st: State, key: str, n: int) -> State:
    """Gain or lose: excess is discarded at the cap, a loss stops at 0."""
    i = INDEX[key]
    v = st.values[i] + n
    cap = st.caps[i]
    v = 0 if v < 0 else cap if v > cap else v
    if v == st.values[i]:
        return st
    values = st.values
    return _values(st, values[:i] + (v,) + values[i + 1:])


def set_cap(st: State, key: str, cap: int) -> State:
    i = INDEX[key]
    caps = list(st.caps)
    caps[i] = max(0, min(data.TRACKERS[i].maximum, cap))
    caps = tuple(caps)
    return _put(st, caps=caps, values=_with(st.values, key, st.values[i], caps))


NO_POWER = plots.Power()
ENCOUNTERS = {e.code: e for e in plots.ENCOUNTERS}
OUTCOMES = {o.code: o for o in plots.OUTCOMES}
OMENS = {TENS * a + b: RULES.omen(TENS * a + b) for a in range(1, FACES + 1) for b in range(1, FACES + 1)}  # by d66


def encounter_of(code: str):
    """plots.encounter, read from a dict (the plots' own look-up scans them all)."""
    return ENCOUNTERS.get(code) or plots.encounter(code)


def outcome_of(code: str):
    """plots.outcome, read from a dict."""
    return OUTCOMES.get(code) or plots.outcome(code)


def power_of(vision):
    """What a vision (terrain, roll), or None, does."""
    return NO_POWER if vision is None else plots.POWERS.get(vision, NO_POWER)


def power(st: State):
    """power_of(st.vision), written out (the engine asks it a few hundred times a game)."""
    vision = st.vision
    return NO_POWER if vision is None else plots.POWERS.get(vision, NO_POWER)


# --- phase 1: the eight boxes ----------------------------------------------------------------


def permanent_six(st: State) -> int | None:
    """The box (index in the 8 of the sheet: top, bottom per unit) a vision fills with a 6."""
    unit = st.six_unit or power(st).permanent_six
    return BOX * UNITS.index(unit) if unit else None


DISCARD = "discard"  # a die a permanent-6 vision lets the player throw away in Phase 1


def discards(st: State) -> int:
    """Dice that may be discarded in Phase 1 (a permanent-6 vision)."""
    return 1 if power(st).permanent_six else 0


# --- phase 2: the units' icons ---------------------------------------------------------------


DIFFS = range(1 - FACES, FACES)  # top minus bottom, two dice
ROW_OF = {d: next(i for i, r in enumerate(ROWS) if r.covers(d)) for d in DIFFS}
CELLS = {(unit, r): tuple(e for icon in row.cells[k].effects for e in RULES.icon(icon))
         for k, unit in enumerate(UNITS) for r, row in enumerate(ROWS)}


def _map_first(unit: str, effects: tuple) -> tuple:
    """A unit's effects in the cell's order but the map first (the hex is coloured before the unit's other
    icons read it)."""
    return tuple((unit, e) for e in sorted(effects, key=lambda e: e.op != "map"))


UNIT_EFFECTS = {(unit, d): _map_first(unit, CELLS[(unit, ROW_OF[d])]) for unit in UNITS for d in DIFFS}


def pending(st: State, diffs: dict) -> list[tuple[str, Effect]]:
    """Phase 2's effects in the order they resolve: units left to right, each unit's as `_map_first`."""
    out = []
    for unit in UNITS:
        d = diffs[unit]
        negative = power(st).tribe_negative if unit == "tribe" and d < 0 else ()
        out += _map_first(unit, CELLS[(unit, ROW_OF[d])] + negative) if negative else UNIT_EFFECTS[(unit, d)]
    return out


def colourable(land: Land, terrain: dict, pos: str, kind: str = "", house_off=frozenset(),
               fort: bool = False) -> list[str]:
    """Hexes a map icon may colour: unmapped next to the tribe, or two away when all around are mapped;
    none: the icon is lost (ruling "map-lost"). Fort Benton's hex only once `fort` (12A) has opened it
    (ruling "fort-blank"). A Canada hex never takes a terrain other than its mapped twin's (ruling
    "canada-terrain", unless `house_off` holds it)."""
    near = [n for n in (land.neighbors[pos] if fort else land.open_near[pos]) if n not in terrain]
    if not near:
        near = [m for m in land.far[pos] if m not in terrain and (fort or m not in land.fort)]
    if kind and "canada-terrain" not in house_off:
        near = [n for n in near if not (n in land.goals and any(
            terrain.get(g, kind) != kind for g in land.goals if g != n))]
    return near


def choices(st: State, effect: Effect) -> tuple:
    """The legal choices an effect leaves to the player ((None,) when it leaves none)."""
    op = effect.op
    if op == "lose-choice":
        return tuple(combinations(PRIMARY, effect.count))
    if op == "wild":
        return ANY_KEY
    if op == "wild-primary":
        return PRIMARY
    if op == "lowest":
        low = min(st.value(k) for k in PRIMARY)
        return tuple(k for k in PRIMARY if st.value(k) == low)
    return (None,)


def applies(st: State, effect: Effect) -> bool:
    if effect.when and effect.when not in st.keywords:
        return False
    return not (effect.unless and effect.unless in st.keywords)


def apply(st: State, effect: Effect, choice=None, die: int | None = None) -> State:
    """Apply one effect with the player's choice (one of `choices`, as the step that asks checks) and, for a
    die effect, its face. Map, crow and omen effects are the agenda's own (they need a hex, a roll, a map)."""
    if (effect.when or effect.unless) and not applies(st, effect):
        return st
    op = effect.op
    if op == "add":
        return add(st, effect.key, effect.n)
    if op == "add-die":
        if die is None or not 1 <= die <= RULES.plot_die:
            raise RuleError(effect.op, f"needs a die of 1-{RULES.plot_die}")
        return add(st, effect.key, effect.n * die)
    if op == "set":
        return _values(st, _with(st.values, effect.key, effect.n, st.caps))
    if op == "set-cap":
        return set_cap(st, effect.key, effect.n)
    if op == "cap":
        return set_cap(st, effect.key, st.cap(effect.key) + effect.n)
    if op == "lose-choice":
        for k in choice:
            st = add(st, k, -effect.n)
        return st
    if op in ("wild", "wild-primary", "lowest"):  # the resource chosen gains, or (the lowest) loses
        return add(st, choice, -effect.n if op == "lowest" else effect.n)
    if op == "fever":
        if power(st).shaman_immune:
            return st
        return _put(add(st, "resolve", -RULES.fever_resolve), fever=RULES.fever_turns)
    if op == "flag":
        if effect.key == "free-river":
            return _put(st, free_river=st.pos)
        return _put(st, flags=st.flags | {effect.key})
    raise KeyError(op)


def crow(st: State, terrain_here: str, choice: str | None = None) -> State:
    """Colour a Crow as the terrain the tribe stands in; after the Vision Quest each Crow also adds
    to the primary resource `choice`. Check `vision_due` after it."""
    if "no-crow" in st.flags:
        return st
    after = st.vision is not None
    st = _put(st, crows=st.crows + (terrain_here,))
    if after:
        st = apply(st, RULES.crow_after_vision, choice)
    return st


def crow_choices(st: State) -> tuple:
    return PRIMARY if st.vision is not None and "no-crow" not in st.flags else (None,)


def vision_due(st: State) -> bool:
    return st.vision is None and len(st.crows) >= RULES.crows_for_vision


def vision_terrains(st: State) -> tuple[str, ...]:
    """The terrains a Vision Quest may come from: most Crows of the first seven (a tie: any of them)."""
    first = st.crows[:RULES.crows_for_vision]
    best = max(first.count(t) for t in set(first))
    return tuple(sorted(t for t in set(first) if first.count(t) == best))


def vision_tops(st: State, terrain: str, roll: int) -> tuple:
    """The units whose top box the vision's permanent 6 may take when the player chooses it (the
    "pipe-carriers" stand-in), or (None,) when the vision leaves no choice."""
    if plots.VISION_RULINGS.get((terrain, roll)) == "pipe-carriers" and "pipe-carriers" in st.house_off:
        return UNITS
    return (None,)


def vision_quest(st: State, terrain: str, roll: int, top: str | None = None) -> State:
    """The Vision Quest of `terrain` rolled `roll`; `top`: the unit whose top box takes its permanent 6, one
    of vision_tops (the steps ask it)."""
    if st.vision is not None:
        raise RuleError("Vision Quest", "only one Vision Quest per game")
    if not vision_due(st):
        raise RuleError("Vision Quest", f"a Vision Quest needs {RULES.crows_for_vision} Crows; {len(st.crows)} are "
                                        "coloured")
    if terrain not in vision_terrains(st):
        raise RuleError("Vision Quest", f"the vision comes from the terrain with the most Crows "
                                        f"({', '.join(vision_terrains(st))}), not {terrain}")
    if not 1 <= roll <= RULES.plot_die:
        raise RuleError("Vision Quest", f"a roll of 1-{RULES.plot_die}")
    st = _put(st, vision=(terrain, roll), six_unit=top or "")
    p = power(st)
    if p.reset_caps:
        st = _put(st, caps=tuple(max(c, p.reset_caps) for c in st.caps))
    for e in p.now:
        st = apply(st, e)
    if p.storm_dancers:
        st = _put(st, dancers=RULES.spirit_dancers)
    return st


def omen_skipped(st: State, unit: str) -> bool:
    """True when this Bad Omen is not rolled at all (27A's warning, a Sacred Spring Shaman)."""
    return "skip-omen" in st.flags or (unit == "shaman" and power(st).shaman_immune)


def omen_effects(p, roll: int, swap: str | None = None) -> tuple[Effect, ...]:
    """The effects of a Bad Omen roll under the vision whose power is `p`; `swap` names the primary a Big
    Sky Blessing loses instead of a storm (None: suffer the storm)."""
    o = OMENS[roll]
    if o.storm and p.storm_immune:
        return ()
    if o.storm and swap is not None:  # offered only with that vision (readings)
        return (Effect("add", swap, -1),)
    return o.effects


def omen_choices(st: State, dice: tuple[int, int]) -> tuple[tuple[int, tuple[Effect, ...]], ...]:
    """`readings` of a Bad Omen's two dice for the tribe now."""
    return readings(power(st), dice)


def readings(p, dice: tuple[int, int]) -> tuple[tuple[int, tuple[Effect, ...]], ...]:
    """What a Bad Omen's two dice leave to the player under the vision whose power is `p`: (chart row, its
    effects) for each reading (tens then ones, or with Future Portents either order) and, with Big Sky
    Blessing, each primary lost instead of a storm; ((0, ()),) when Future Portents' doubles pass."""
    a, b = dice
    reads = (TENS * a + b,)
    if p.portents:
        if a == b:
            return ((0, ()),)
        reads = tuple(sorted({TENS * a + b, TENS * b + a}))
    return tuple((roll, omen_effects(p, roll, w)) for roll in reads
                 for w in ((None,) + PRIMARY if p.storm_swap and OMENS[roll].storm else (None,)))


def omens_possible(p) -> tuple[tuple[Effect, ...], ...]:
    """Every distinct set of effects one Bad Omen roll could bring under the vision whose power is `p`
    (over every d66 and choice)."""
    out = []
    if p.portents:
        out.append(())
    for o in RULES.omens:
        for swap in ((None,) + PRIMARY if o.storm and p.storm_swap else (None,)):
            effects = omen_effects(p, o.low, swap)
            if effects not in out:
                out.append(effects)
    return tuple(out)


# --- phase 3: movement -----------------------------------------------------------------------


def wins_on(land: Land, terrain: dict, st: State, label: str) -> bool:
    if label not in land.goals:
        return False
    kinds = {terrain.get(g) for g in land.goals}
    if len(kinds) != 1 or None in kinds:
        return False
    return st.mountie == -1 or all(st.done(letter) for letter in land.plots)


def victory(st: State, kind: str):
    """The new victory condition of that kind the tribe has taken, or None."""
    for code in st.victories:
        v = outcome_of(code).victory
        if v is not None and v.kind == kind:
            return v
    return None


def fort_open(st: State) -> bool:
    return bool(st.victories) and victory(st, "fort") is not None


def crossing(land: Land, a: str, b: str) -> bool:
    return (a, b) in land.river_steps


COST_OF = {c.terrain: c for c in RULES.costs}  # RULES.cost as a dict (KeyError for an unknown terrain alike)


def step_price(land: Land, terrain: dict, st: State, to: str) -> tuple[int, int, bool]:
    """(Movement, Food, river?) to enter `to` now, before a river's extra price. RuleError if barred."""
    pos, flags = st.pos, st.flags
    if to not in land.neighbors[pos]:
        raise RuleError("movement", f"{to} is not next to {pos}")
    if to in land.fort and not fort_open(st):  # before mapped: the fort hex is never drawn
        raise RuleError("Fort Benton", f"{to} is Fort Benton: impassable")
    if to not in terrain:
        raise RuleError("movement", f"{to} is not mapped")
    if st.came_from == "plot" and st.moved and st.moved[-1] in land.plot_at:
        raise RuleError("plot hex", f"the tribe stops on first entering a plot hex ({st.moved[-1]}): no move "
                                    "after it today")
    if flags:
        if "halt" in flags:
            fell = [lab for lab in st.moved[:-1][-1:] if lab in land.fort]  # 12A's assault failed: moved back
            if fell:
                raise RuleError("12A", f"the assault on Fort Benton ({fell[0]}) failed: the tribe is back in "
                                       f"{pos} with no movement this turn (it may try again on a later turn)")
            raise RuleError("no movement", "no movement this turn (a Hailstorm, or an outcome)")
        if "bar-plains" in flags and terrain[to] == "plains":
            raise RuleError("Prairie Fire", "you cannot enter Plains this turn")
        if "bar-north" in flags and land.north.get(st.start) == to:
            raise RuleError("Cursed Land", f"{to}, north of where the turn began, is barred this turn")
    river = (pos, to) in land.river_steps  # crossing()
    if river and "no-river" in flags:
        raise RuleError("Flash Flood", "you cannot cross a river this turn")
    cost = COST_OF[terrain[to]]
    move = cost.movement
    p = power(st)
    if p.move_cost and p.move_cost[0] == terrain[to]:
        move = p.move_cost[1]
    if "double-cost" in flags:
        move *= RULES.double_cost
    free = p.river_free or st.free_river == pos
    return move, cost.food, river and not free


# the least Movement of any terrain, by a vision's new cost for one terrain (None: none)
LEAST_MOVE = {cost: min(cost[1] if cost and cost[0] == c.terrain else c.movement for c in RULES.costs)
              for cost in {None, *(p.move_cost for p in plots.POWERS.values())}}


def least_step_cost(st: State) -> int:
    """The least Movement Progress any step could cost now (step_price's over every terrain, before a
    river's extra): with less in hand, no step can be paid for today."""
    least = LEAST_MOVE[power(st).move_cost]
    return least * RULES.double_cost if "double-cost" in st.flags else least


def step(land: Land, terrain: dict, st: State, to: str, river_pay: str | None = None,
         assault: int | None = None) -> State:
    """Enter one hex, paying for it. `river_pay` says how a river's extra is paid; `assault` is the
    die of a Fort Benton assault (12A)."""
    move, food, river = step_price(land, terrain, st, to)
    if river:
        if river_pay not in RULES.river_pay:
            raise RuleError("river", f"crossing into {to} costs {RULES.river_extra} more Movement or Resolve: "
                                     "say which")
        if river_pay == "movement":
            move += RULES.river_extra
    need_resolve = RULES.river_extra if river and river_pay == "resolve" else 0
    values, caps = st.values, st.caps
    if values[MOVEMENT] < move:
        raise RuleError("movement cost", f"entering {to} costs {move} Movement Progress; the tribe has "
                                         f"{values[MOVEMENT]}")
    if values[FOOD] < food:
        raise RuleError("food cost", f"entering {to} costs {food} Food; the tribe has {values[FOOD]}")
    if values[RESOLVE] < need_resolve:
        raise RuleError("river", f"crossing into {to} costs {need_resolve} Resolve; the tribe has "
                                 f"{values[RESOLVE]}")
    came = st.pos
    p = power(st)
    values = list(values)
    pays = [(MOVEMENT, -move), (FOOD, -food)]
    if need_resolve:
        pays.append((RESOLVE, -need_resolve))
    if river and p.river_gain:
        pays.append((INDEX[p.river_gain[0]], p.river_gain[1]))
    for i, n in pays:  # each as add(): excess discarded at the cap, a loss stops at 0
        v = values[i] + n
        values[i] = 0 if v < 0 else caps[i] if v > caps[i] else v
    st = _entered(st, tuple(values), to)
    if p.ghost_mountain and st.ghost == to:
        for k in PRIMARY:
            st = _put(st, values=_with(st.values, k, p.ghost_mountain, st.caps))
        if "ghost-mountain" not in st.house_off:
            st = _put(st, ghost="")
    if st.mountie > 0 and terrain[to] == outcome_of("44A").victory.terrain:
        st = _put(st, mountie=-1)
    if to in land.fort:  # 12A's assault
        v = victory(st, "fort")
        if assault is None or not 1 <= assault <= RULES.plot_die:
            raise RuleError("12A", f"entering Fort Benton rolls 1d{RULES.plot_die}: give the die")
        if assault + st.value(v.test.stat) >= v.test.target:
            return _put(st, over=("won", "Fort Benton fell (12A)"))
        for e in v.test.failed:
            st = apply(st, e)
        return _put(st, pos=came, moved=st.moved + (came,), flags=st.flags | {"halt"})
    if to in land.goals and wins_on(land, terrain, st, to):
        return _put(st, over=("won", "reached Canada"))
    letter = land.plot_at.get(to)
    if letter and (not st.done(letter) or "plot-first-entry" in st.house_off):
        st = _put(st, came_from="plot")
    return st


def plot_rolls(st: State, letter: str, gold_entries: int = 0) -> bool:
    """False when the plot is visited without a roll (02A's gold at E; with "gold-at-e" off, only
    when the gold wins)."""
    g = victory(st, "gold")
    if not (g and g.letter == letter):
        return True
    return "gold-at-e" in st.house_off and gold_entries < g.entries


def plot(st: State, letter: str, roll: int | None, choice: int | None, dice: tuple = (),
         gold_entries: int = 0, terrain_here: str = "", crow_choice: str | None = None) -> State:
    """Resolve a plot hex not yet rolled: its encounter (`roll`, 1-6), the choice (index into its choices;
    D4 is decided by Resolve), the outcome's dice. After 02A, E takes no roll (`roll` None)."""
    st = _put(st, plots=st.plots + ((letter, st.day),), came_from="plot")
    if not plot_rolls(st, letter, gold_entries):
        if roll is not None:
            raise RuleError("02A", f"after 02A, hex {letter} is not rolled")
        g = victory(st, "gold")
        if gold_entries >= g.entries:
            return _put(st, over=("won", f"the gold bought the way to Canada (02A at {letter})"))
        return st
    enc = encounter_of(f"{letter}{roll}")
    if not enc.choices:
        return st
    want = plot_condition(st, enc.code)
    if want is not None and choice != want:
        stat = plots.CONDITIONS[enc.code][0]
        raise RuleError("D4", f"with {stat} {st.value(stat)} the encounter leads to {enc.choices[want].outcome}")
    out = outcome_of(enc.choices[choice].outcome)
    return plot_outcome(st, out, dice, terrain_here, crow_choice)


def plot_condition(st: State, code: str) -> int | None:
    """The choice an encounter that decides by a value (D4) leads to now; None: the player chooses."""
    if code not in plots.CONDITIONS:
        return None
    stat, above = plots.CONDITIONS[code]
    return 0 if st.value(stat) > above else 1


def plot_outcome(st: State, out, dice: tuple = (), terrain_here: str = "", crow_choice: str | None = None) -> State:
    if len(dice) != out.dice:
        raise RuleError(out.code, f"{out.code} rolls {out.dice}d{RULES.plot_die}, not {len(dice)} "
                                  f"{'die' if len(dice) == 1 else 'dice'}")
    dice = list(dice)
    if out.keyword:
        st = _put(st, keywords=st.keywords | {out.keyword})
    for e in out.effects:
        if e.op == "crow":
            st = crow(st, terrain_here, crow_choice)
        else:
            st = apply(st, e, die=dice.pop(0) if e.op == "add-die" else None)
    if out.test is not None:
        t = out.test
        die = dice.pop(0)
        for e in (t.passed if die + st.value(t.stat) >= t.target else t.failed):
            st = apply(st, e)
    if out.victory is not None:
        st = _put(st, victories=st.victories + (out.code,))
        if out.victory.kind == "mountie":
            st = _put(st, mountie=st.day + out.victory.turns)
    return st


# --- reach: how far effects can move the values, whatever the choices and dice ----------------

MOST = max(t.maximum for t in data.TRACKERS)  # no value moves further than this at once


def reach(effects) -> tuple[list[int], list[int]]:
    """The most each value (KEYS order) could rise and fall through these effects, whatever the
    choices and dice: what a search over unknown rolls may prune by (a Crow's gain after the Vision
    Quest, a Bad Omen's worst loss or a Big Sky Blessing's primary instead of a storm included)."""
    n = len(KEYS)
    gain, loss = [0] * n, [0] * n
    for e in effects:
        op = e.op
        if op in ("add", "add-die"):  # a die's at its highest face
            (gain if e.n > 0 else loss)[INDEX[e.key]] += abs(e.n) * (RULES.plot_die if op == "add-die" else 1)
        elif op in ("wild", "wild-primary"):
            for k in (ANY_KEY if op == "wild" else PRIMARY):
                gain[INDEX[k]] += e.n
        elif op in ("lose-choice", "lowest"):
            for k in PRIMARY:
                loss[INDEX[k]] += e.n
        elif op == "cap":
            loss[INDEX[e.key]] += abs(e.n)
        elif op == "fever":
            loss[RESOLVE] += RULES.fever_resolve
        elif op in ("set", "set-cap"):
            gain[INDEX[e.key]] += MOST
            loss[INDEX[e.key]] += MOST
        elif op == "crow":
            for k in PRIMARY:
                gain[INDEX[k]] += RULES.crow_after_vision.n
        elif op == "omen":  # the worst of every Bad Omen, a Big Sky Blessing's primary instead of a storm included
            worst = [0] * n
            for way in omens_possible(SWAP_POWER):
                worst = [max(a, b) for a, b in zip(worst, reach(way)[1])]
            loss = [a + b for a, b in zip(loss, worst)]
    return gain, loss


def moves_reach(land: Land, terrain: dict, start: str, steps, move_cost=None, mountie: bool = False):
    """Phase 3 along a known path, then the end of the turn, whatever today's flags, visions and choices:
    (must, up, down) in KEYS order: what every way of walking it takes for sure, and the most it may
    add or take beyond that. `move_cost`: a vision's cheaper (terrain, Movement); `mountie`: 44A's
    deadline may pass tonight."""
    n = len(KEYS)
    must, up, down = [0] * n, [0] * n, [0] * n
    costs = [COST_OF[terrain[lab]] for lab in steps if lab in terrain]
    path = (start, *steps)
    rivers = sum(crossing(land, a, b) for a, b in zip(path, path[1:]))
    must[FOOD] = sum(c.food for c in costs)
    must[MOVEMENT] = sum(move_cost[1] if move_cost and move_cost[0] == c.terrain else c.movement for c in costs)
    down[MOVEMENT] = sum(RULES.double_cost * c.movement for c in costs) + rivers * RULES.river_extra - must[MOVEMENT]
    down[RESOLVE] = rivers * RULES.river_extra  # a river paid in Resolve instead
    must[RESOLVE] = 0 if steps else RULES.idle_resolve
    up[RESOLVE] = rivers * max((p.river_gain[1] for p in plots.POWERS.values() if p.river_gain), default=0)
    failed = outcome_of("12A").victory.test.failed if any(lab in land.fort for lab in steps) else ()
    _, lo = reach(failed + (outcome_of("44A").victory.missed if mountie else ()))
    return must, up, [a + b for a, b in zip(down, lo)]


SWAP_POWER = next(p for p in plots.POWERS.values() if p.storm_swap)  # Big Sky Blessing


# --- the score --------------------------------------------------------------------------------


def score(state) -> tuple[tuple[str, int], ...]:
    """The score term by term, of a State or of a contract Tribe."""
    st = state.st if isinstance(state, Tribe) else state
    out = [("hexes travelled", RULES.hex_points * st.travelled)]
    if st.over and st.over[0] == "won":
        n = len(st.crows)
        out.append((f"crow{'s' * (n != 1)} coloured \u00d7 {RULES.crow_points}", RULES.crow_points * n))
        if st.mountie == -1:
            out.append(("the Mountie found (44A)", outcome_of("44A").victory.bonus))
    return tuple(out)


# --- the one contract (lostprint.engine.contract): the turn as steps ------------------------------
#
# A `Tribe` is the game at one moment: the rules' State, the map as coloured so far and the turn in
# progress (Phase 1's boxes, then `agenda`: what is left to resolve, first first). The steps wrap the
# phase functions above; they hold no rule arithmetic of their own.

NO_BOX = -1  # a die a permanent-6 vision lets go (DISCARD), as a box index
KEEP, DONE, STOP = "keep", "done", "stop"  # no reroll; no more Spirit Dancers today; no more steps today
# an agenda item is (kind, then what it needs): the places of its parts
FIRST, SECOND, THIRD, DICE_AT = 1, 2, 3, 5  # not a rule: places in an agenda item
EMPTY_BOARD = (0,) * (BOX * len(UNITS))


@dataclass(frozen=True)
class Tribe:
    """One game of 1872 under the contract. `terrain` is the map's colours with `drawn` laid over them
    (a dict to read fast; equality goes by `drawn`)."""

    land: Land = field(compare=False, repr=False)
    st: State = None
    terrain: dict = field(default_factory=dict, compare=False, repr=False)
    drawn: tuple = ()  # (hex, terrain) coloured this game, in order (map icons, Ghost Mountain)
    step: int = 0  # the open step of STEPS
    board: tuple = EMPTY_BOARD  # Phase 1's eight boxes (top, bottom per unit), 0 while empty
    order: tuple = ()  # the unit each die went to, or DISCARD, in the order rolled
    dice: tuple = ()  # the roll waiting to be placed
    reroll: int = NO_BOX  # the box a Windriders die is rerolled from
    used: int = 0  # Spirit Dancers used today
    danced: bool = False  # the player is done changing dice today
    agenda: tuple = ()  # what is left to resolve today, first first (see `_agenda_need`)
    halted: bool = False  # the tribe has stopped moving for today

    @property
    def day(self) -> int:
        return self.st.day

    @property
    def over(self):
        return self.st.over


def start(game_map, names: int = 0, house_off=frozenset(), land: Land | None = None) -> Tribe:
    """The game at set-up on `game_map` (its Land may be given when already worked out). `names` is
    unused (the tribe names nobody): the contract's start takes the size of a crew."""
    land = land or land_of(game_map)
    return Tribe(land=land, st=new_game(land, house_off), terrain=dict(game_map.terrain))


def outcome(game: Tribe) -> tuple[str, str] | None:
    return game.st.over


def here(game: Tribe) -> str:
    """The terrain the tribe stands in."""
    return game.terrain[game.st.pos]


# --- Phase 1 ----------------------------------------------------------------------------------


def _dawn(game: Tribe, _=None) -> Tribe:
    """A new day: next-turn flags come due, a turn begun in the fort's zone costs Proximity, a vision's
    permanent 6 fills its box."""
    st = game.st
    flags = frozenset(NEXT_FLAGS.get(f, f) for f in st.flags if f not in TURN_FLAGS and f not in NEXT_FLAGS.values())
    st = _put(st, day=st.day + 1, start=st.pos, moved=(), flags=flags, came_from="")
    if st.pos in game.land.zone:
        st = add(st, "proximity", -RULES.zone_proximity)
    board = EMPTY_BOARD
    six = permanent_six(st)
    if six is not None:
        board = board[:six] + (RULES.permanent_face,) + board[six + 1:]
    return evolve(game, st=st, board=board, order=(), dice=(), reroll=NO_BOX, used=0, danced=False,
                  agenda=(), halted=False)


FEVER_BOXES = tuple(range(BOX * UNITS.index("shaman"), BOX * UNITS.index("shaman") + BOX))  # a fever's first roll


def place_room(game: Tribe) -> tuple[tuple[int, ...] | None, bool]:
    """(the boxes the roll must go in, None: any empty box; whether a die may be discarded)."""
    return FEVER_BOXES if game.st.fever and not game.order else None, discards(game.st) > game.order.count(DISCARD)


def place_options(game: Tribe) -> tuple[tuple[int, int], ...]:
    """Where the roll's two dice may go: (box of the first die, box of the second), NO_BOX for a die
    discarded; each distinct board once (doubles: either order is the same)."""
    forced, discard = place_room(game)
    empty = tuple(i for i, face in enumerate(game.board) if not face and (forced is None or i in forced))
    a, b = game.dice
    return _placings(empty + (NO_BOX,) if discard else empty, a == b)


@lru_cache(maxsize=None)  # not a rule: a few hundred sets of empty boxes
def _placings(empty: tuple, doubles: bool) -> tuple:
    return tuple((i, j) for i in empty for j in empty if i != j and not (doubles and i > j))


BOX_UNIT = {**{box: UNITS[box // BOX] for box in range(BOX * len(UNITS))}, NO_BOX: DISCARD}  # each box's unit


def _placeable(game: Tribe, value) -> bool:
    """`value in place_options(game)`, without listing them (a check a few times quicker)."""
    if not isinstance(value, tuple) or len(value) != RULES.dice_per_roll or value[0] == value[1]:
        return False
    board, dice = game.board, game.dice
    forced, discard = place_room(game)
    for box in value:
        if box == NO_BOX:
            if not discard:
                return False
        elif not (isinstance(box, int) and 0 <= box < len(board)) or board[box] or \
                (forced is not None and box not in forced):
            return False
    return not (dice[0] == dice[1] and value[0] > value[1])


def _place(game: Tribe, value) -> Tribe:
    if not _placeable(game, value):
        forced = place_room(game)[0]
        if forced and any(box not in forced + (NO_BOX,) for box in value if isinstance(box, int)):
            raise RuleError("Fever", f"the Shaman has a Fever: the first {RULES.dice_per_roll}d{FACES} go in his "
                                     f"boxes, not the {' and '.join(dict.fromkeys(BOX_UNIT.get(b) for b in value))}")
        where = " and ".join(BOX_UNIT.get(box, "a unit already full") for box in value if isinstance(box, int))
        raise RuleError("phase 1", f"the roll {list(game.dice)} cannot go to {where}: each die fills an empty box "
                                   "of its unit (two a unit); a die is discarded only where a vision allows it")
    board = list(game.board)
    for box, face in zip(value, game.dice):
        if box != NO_BOX:
            board[box] = face
    # the units of value's boxes (known good here: a dict read each)
    return evolve(game, board=tuple(board), order=game.order + tuple(map(BOX_UNIT.__getitem__, value)), dice=())


def _roll_units(game: Tribe, faces) -> Tribe:
    if faces.__class__ is not tuple:
        faces = tuple(faces)
    if len(faces) != RULES.dice_per_roll or min(faces) < 1 or max(faces) > FACES:
        raise RuleError("phase 1", f"a roll is {RULES.dice_per_roll}d{FACES}, not {list(faces)}")
    return evolve(game, dice=faces)


def reroll_options(game: Tribe) -> tuple:
    """The boxes a Windriders vision may reroll (KEEP: keep the dice)."""
    six = permanent_six(game.st)
    return (KEEP,) + tuple(i for i in range(len(game.board)) if i != six)


def _windriders_need(game: Tribe):
    p = power(game.st)
    return REROLL if p.reroll_in and here(game) == p.reroll_in else None


def _windriders(game: Tribe, value) -> Tribe:
    if value not in reroll_options(game):
        raise RuleError("Windriders", f"box {value!r} cannot be rerolled")
    return game if value == KEEP else evolve(game, reroll=value)


def _rerolled(game: Tribe, face) -> Tribe:
    if not 1 <= face <= FACES:
        raise RuleError("Windriders", f"a reroll is 1d{FACES}, not {face}")
    board = game.board
    return evolve(game, board=board[:game.reroll] + (face,) + board[game.reroll + 1:], reroll=NO_BOX)


def dancers_left(game: Tribe) -> int:
    """Dice the player may still change today: Spirit Dancers left, or a Storm Dancer in its terrain."""
    p = power(game.st)
    if p.storm_dancers:
        return int(game.used == 0 and here(game) == p.storm_dancers)
    return RULES.spirit_dancers - game.st.dancers - game.used


def dance_options(game: Tribe) -> tuple:
    """(box, new face) for each change a Spirit Dancer may make, and DONE: no more changes."""
    six = permanent_six(game.st)
    return (DONE,) + tuple((i, f) for i, face in enumerate(game.board) if i != six
                           for f in range(1, FACES + 1) if f != face)


def _dance(game: Tribe, value) -> Tribe:
    if value == DONE:
        return evolve(game, danced=True)
    if dancers_left(game) <= 0:
        p = power(game.st)
        if p.storm_dancers:
            raise RuleError("Storm Dancers", f"one die a turn and only in the {p.storm_dancers}")
        raise RuleError("Spirit Dancers", f"only {RULES.spirit_dancers} Spirit Dancers per game ({game.st.dancers} "
                                          "used before today)")
    if value not in dance_options(game):
        raise RuleError("Spirit Dancers", f"no change {value!r}")
    i, face = value
    return evolve(game, board=game.board[:i] + (face,) + game.board[i + 1:], used=game.used + 1)


def _activate(game: Tribe, _=None) -> Tribe:
    st, board = game.st, game.board  # each roll's placing was checked as it came (_placeable)
    if game.used and not power(st).storm_dancers:
        st = _put(st, dancers=st.dancers + game.used)
    if st.fever:
        st = _put(st, fever=st.fever - 1)
    diffs = dict(zip(UNITS, map(sub, board[::BOX], board[1::BOX])))  # top minus bottom
    return evolve(game, st=st, agenda=tuple([("effect", *pair) for pair in pending(st, diffs)]))


# --- the agenda: Phase 2's icons, a vision, a fort assault, a plot hex -----------------------------

CHOOSE_OPS = frozenset({"lose-choice", "wild", "wild-primary", "lowest"})
REROLL = Decision("reroll")
# the rolls and decisions the agenda asks, made once (_agenda_need)
ROLLED = {"omen": Roll("omen", RULES.dice_per_roll), "vision roll": Roll("vision"), "assault": Roll("assault"),
          "plot": Roll("plot")}
ASKED = {key: Decision(key) for key in (*CHOOSE_OPS, "map", "crow", "reading", "vision", "vision top", "ghost",
                                        "plot choice", "plot crow", "gold")}


def _plot_out(letter: str, roll: int, choice):
    enc = encounter_of(f"{letter}{roll}")
    return None if not enc.choices else outcome_of(enc.choices[choice].outcome)


def agenda_options(game: Tribe) -> tuple:
    """The legal values of the agenda's first item, when it is a decision."""
    item = game.agenda[0]
    kind, st = item[0], game.st
    if kind == "effect":
        e = item[SECOND]
        if e.op == "map":
            here = tuple(colourable(game.land, game.terrain, st.pos, e.key, st.house_off, fort_open(st)))
            later = tuple(lab for lab in _other_icon_first(game) if lab not in here)
            return here + ((None,) if later and not here else ()) + later  # None: lost, the printed order
        if e.op == "crow":
            return crow_choices(st)
        return choices(st, e)
    if kind == "reading":
        return tuple(range(len(omen_choices(st, item[SECOND]))))
    if kind == "vision":
        return vision_terrains(st)
    if kind == "vision top":
        return vision_tops(st, item[FIRST], item[SECOND])
    if kind == "ghost":  # where a Ghost Mountain vision may draw its mountains: a blank hex not next to the tribe
        land = game.land
        return tuple(lab for lab in land.axial if lab not in game.terrain and lab != st.pos
                     and lab not in land.neighbors[st.pos] and not (lab in land.fort and not fort_open(st)))
    if kind == "gold":  # GOLD written in enough journal entries (02A)?
        return (False, True)
    if kind == "plot choice":
        enc = encounter_of(f"{item[FIRST]}{item[SECOND]}")
        want = plot_condition(st, enc.code)
        return tuple(range(len(enc.choices))) if want is None else (want,)
    if kind == "plot crow":
        return crow_choices(st)
    return ()


def _other_icon_first(game: Tribe) -> tuple:
    """More hexes for a map icon whose cell's other icon maps another terrain: the source lets a cell's two
    icons resolve in any order, so when one blank hex is left next to the tribe the other icon may take it
    first and this one goes two hexes away (the other then colours that hex, its one choice). That holds
    too when only the other can take it (Canada's double hex): in the printed order this one is lost
    (agenda_options offers None for that). () when the order changes nothing."""
    (_, unit, e), st, fort = game.agenda[0], game.st, fort_open(game.st)
    other = game.agenda[1][SECOND] if len(game.agenda) > 1 and game.agenda[1][:SECOND] == ("effect", unit) else e
    if other.op != "map" or other.key == e.key:
        return ()
    last = colourable(game.land, game.terrain, st.pos, other.key, st.house_off, fort)
    if len(last) != 1 or last[0] not in game.land.neighbors[st.pos]:
        return ()
    return tuple(colourable(game.land, {**game.terrain, last[0]: other.key}, st.pos, e.key, st.house_off, fort))


def _agenda_need(game: Tribe):
    """What the agenda's first item asks for: a decision with more than one legal value, a roll, or
    AUTO (the effect happens; a decision with one legal value takes it)."""
    item = game.agenda[0]
    kind = item[0]
    if kind == "effect":
        e = item[SECOND]
        if e.op == "omen":
            return AUTO if omen_skipped(game.st, item[FIRST]) else ROLLED["omen"]
        if e.op not in ("map", "crow") and (e.op not in CHOOSE_OPS or not applies(game.st, e)):
            return AUTO
    elif kind in ROLLED:
        return ROLLED[kind]
    elif kind == "plot dice":
        return Roll("outcome", item[DICE_AT])
    if len(agenda_options(game)) <= 1:
        return AUTO
    return ASKED[item[SECOND].op if kind == "effect" else kind]


def _only(game: Tribe, value):
    """The value of an agenda decision: AUTO's None means its one legal value (None when it has none)."""
    if value is None:
        options = agenda_options(game)
        return options[0] if len(options) == 1 else None
    if value not in agenda_options(game):
        item = game.agenda[0]
        raise RuleError(item[0], f"{value!r} is not one of the choices: "
                                 f"{', '.join(map(str, agenda_options(game))) or 'none'}")
    return value


def _after_crow(game: Tribe, st: State, rest: tuple) -> Tribe:
    """The state after a Crow (or an effect that may have coloured one): a Vision Quest comes first."""
    if vision_due(st) and len(st.crows) > len(game.st.crows):
        rest = (("vision",),) + rest
    return evolve(game, st=st, agenda=rest)


def _resolve(game: Tribe, value) -> Tribe:
    """Apply the agenda's first item with `value` (a choice, a roll, or None)."""
    item, rest, st = game.agenda[0], game.agenda[1:], game.st
    kind = item[0]
    if kind == "effect":
        unit, e = item[FIRST], item[SECOND]
        if e.op == "omen":
            if unit == "shaman" and power(st).shaman_immune:
                return evolve(game, agenda=rest)
            if "skip-omen" in st.flags:  # 27A's warning, used up
                return evolve(game, st=_put(st, flags=st.flags - {"skip-omen"}), agenda=rest)
            faces = tuple(value)
            if len(faces) != RULES.dice_per_roll or not all(1 <= f <= FACES for f in faces):
                raise RuleError("Bad Omen", f"a Bad Omen rolls {RULES.dice_per_roll}d{FACES}, not {list(faces)}")
            return evolve(game, agenda=(("reading", unit, faces),) + rest)
        if e.op == "map":
            label = _only(game, value)
            if label is None:
                return evolve(game, agenda=rest)  # nowhere to colour: the icon is lost (ruling "map-lost")
            return evolve(game, terrain={**game.terrain, label: e.key}, drawn=game.drawn + ((label, e.key),),
                          agenda=rest)
        if e.op == "crow":
            return _after_crow(game, crow(st, here(game), _only(game, value)), rest)
        choice = _only(game, value) if e.op in CHOOSE_OPS and applies(st, e) else None
        return evolve(game, st=apply(st, e, choice), agenda=rest)
    if kind == "reading":
        _, effects = omen_choices(st, item[SECOND])[_only(game, value)]
        return evolve(game, agenda=tuple(("effect", item[FIRST], e) for e in effects) + rest)
    if kind == "vision":
        return evolve(game, agenda=(("vision roll", _only(game, value)),) + rest)
    if kind == "vision roll":
        terrain = item[FIRST]
        if vision_tops(st, terrain, value) != (None,):
            return evolve(game, agenda=(("vision top", terrain, value),) + rest)
        return _visioned(game, vision_quest(st, terrain, value), rest)
    if kind == "vision top":
        return _visioned(game, vision_quest(st, item[FIRST], item[SECOND], _only(game, value)), rest)
    if kind == "ghost":
        label = _only(game, value)
        if label is None:
            return evolve(game, agenda=rest)
        return evolve(game, st=_put(st, ghost=label), terrain={**game.terrain, label: "mountains"},
                      drawn=game.drawn + ((label, "mountains"),), agenda=rest)
    if kind == "gold":
        entries = victory(st, "gold").entries if _only(game, value) else 0
        if plot_rolls(st, item[FIRST], entries):
            return evolve(game, agenda=(("plot", item[FIRST]),) + rest)
        return evolve(game, st=plot(st, item[FIRST], None, None, gold_entries=entries), agenda=rest)
    if kind == "assault":
        return _arrived(evolve(game, agenda=rest), step(game.land, game.terrain, st, item[FIRST], item[SECOND], value))
    if kind == "plot":
        if not 1 <= value <= RULES.plot_die:
            raise RuleError("plot", f"plot {item[FIRST]} is rolled on 1d{RULES.plot_die}, not {value}")
        if encounter_of(f"{item[FIRST]}{value}").choices:
            return evolve(game, agenda=(("plot choice", item[FIRST], value),) + rest)
        return _after_crow(game, plot(st, item[FIRST], value, None, terrain_here=here(game)), rest)
    if kind == "plot choice":
        choice = _only(game, value)
        out = _plot_out(item[FIRST], item[SECOND], choice)
        crows_it = any(e.op == "crow" for e in out.effects)
        if crows_it and crow_choices(st) != (None,):
            return evolve(game, agenda=(("plot crow", item[FIRST], item[SECOND], choice),) + rest)
        return _plot_dice(game, item[FIRST], item[SECOND], choice, None, rest)
    if kind == "plot crow":
        return _plot_dice(game, item[FIRST], item[SECOND], item[THIRD], _only(game, value), rest)
    if kind == "plot dice":
        _, letter, roll, choice, crow_choice, _n = item
        faces = ((value,) if isinstance(value, int) else tuple(value)) if _n else ()
        return _after_crow(game, plot(st, letter, roll, choice, faces, terrain_here=here(game),
                                      crow_choice=crow_choice), rest)
    raise KeyError(kind)


def _visioned(game: Tribe, st: State, rest: tuple) -> Tribe:
    if power(st).ghost_mountain and not st.ghost:
        rest = (("ghost",),) + rest
    return evolve(game, st=st, agenda=rest)


def _plot_dice(game: Tribe, letter: str, roll: int, choice: int, crow_choice, rest: tuple) -> Tribe:
    n = _plot_out(letter, roll, choice).dice
    game = evolve(game, agenda=(("plot dice", letter, roll, choice, crow_choice, n),) + rest)
    return game if n else _resolve(game, None)  # no dice to roll: resolved at once


# --- Phase 3 ------------------------------------------------------------------------------------


def go_options(game: Tribe) -> tuple:
    """Each step the tribe may take now, (hex, how a river's extra is paid or None), then STOP."""
    land, terrain, st = game.land, game.terrain, game.st
    out = []
    for to in land.neighbors[st.pos]:
        try:
            _, _, river = step_price(land, terrain, st, to)
        except RuleError:
            continue
        for pay in RULES.river_pay if river else (None,):
            try:
                step(land, terrain, st, to, pay, assault=1)
            except RuleError:
                continue
            out.append((to, pay))
    return tuple(out) + (STOP,)


def _go_need(game: Tribe):
    """The agenda first; then where to go, unless the tribe has stopped or surely cannot step (a
    decision whose one option is to stop may remain)."""
    if game.agenda:
        return _agenda_need(game)
    st = game.st
    if game.halted or st.over is not None or "halt" in st.flags or st.values[MOVEMENT] < least_step_cost(st):
        return None
    if st.came_from == "plot" and st.moved and st.moved[-1] in game.land.plot_at:
        return None
    return GO


def _arrived(game: Tribe, st: State) -> Tribe:
    """After a step: a plot hex entered first is resolved before anything else."""
    letter = game.land.plot_at.get(st.pos) if st.over is None else None
    if letter is None or st.done(letter):
        return evolve(game, st=st)
    gold = victory(st, "gold")
    if gold and gold.letter == letter:  # 02A: whether GOLD is in enough journal entries is the player's to say
        return evolve(game, st=st, agenda=(("gold", letter),) + game.agenda)
    return evolve(game, st=st, agenda=(("plot", letter),) + game.agenda)


def _go(game: Tribe, value) -> Tribe:
    if game.agenda:
        return _resolve(game, value)
    if value == STOP:
        return evolve(game, halted=True)
    if not (isinstance(value, tuple) and len(value) == len(("hex", "pay"))):
        raise RuleError("movement", f"a step is (hex, river pay), not {value!r}")
    to, pay = value
    land, st = game.land, game.st
    if pay is not None and (st.pos, to) not in land.river_steps:
        raise RuleError("river", f"no river between {st.pos} and {to}: nothing to pay ({pay!r})")
    if to in land.fort:
        step(land, game.terrain, st, to, pay, assault=1)  # a step the tribe cannot take breaks a rule here
        return evolve(game, agenda=(("assault", to, pay),) + game.agenda)
    return _arrived(game, step(land, game.terrain, st, to, pay))


def _dusk(game: Tribe, _=None) -> Tribe:
    """No move this turn: Resolve. A missed Mountie deadline. Then the loss check."""
    st = game.st
    if st.over is None:
        if not st.moved:
            st = add(st, "resolve", -RULES.idle_resolve)
        if st.mountie > 0 and st.day >= st.mountie:
            for e in outcome_of("44A").victory.missed:
                st = apply(st, e)
            st = _put(st, mountie=0)
        lost = next((k for k, i in PRIMARY_AT if st.values[i] == 0), None)
        if lost:
            why = {"food": "the food ran out and the tribe scattered",
                   "resolve": "resolve failed and the Chief was cast out",
                   "proximity": "the cavalry caught up"}[lost]
            st = _put(st, over=("lost", why))
    return evolve(game, st=st, board=EMPTY_BOARD, order=(), dice=(), used=0, danced=False,
                  agenda=(), halted=False)


ROLL_UNITS = Roll("units", RULES.dice_per_roll)
GO = Decision("go")
PLACE = Decision("place")
DANCERS = Decision("dancers")
BOARD = frozenset({"board"})
RESOLVED = frozenset({"values", "caps", "flags", "fever", "crows", "vision", "dancers", "keywords",
                      "terrain", "agenda", "board"})


STEPS = (
    Step("dawn", lambda g: AUTO, _dawn, frozenset({"day", "values", "flags", "board", "pos", "moved",
                                                  "agenda"})),
    *(phase1 for k in range(RULES.rolls_per_turn) for phase1 in (
        Step(f"roll {k + 1}", lambda g: ROLL_UNITS, _roll_units, BOARD),
        Step(f"place {k + 1}", lambda g: PLACE, _place, BOARD, place_options))),
    Step("windriders", _windriders_need, _windriders, BOARD, reroll_options),
    Step("reroll", lambda g: Roll("reroll") if g.reroll != NO_BOX else None, _rerolled, BOARD),
    Step("spirit dancers", lambda g: None if g.danced or dancers_left(g) <= 0 else DANCERS, _dance,
         BOARD, dance_options, repeat=True),
    Step("activate", lambda g: AUTO, _activate, frozenset({"fever", "dancers", "agenda", "board"})),
    Step("icons", lambda g: _agenda_need(g) if g.agenda else None, _resolve, RESOLVED, agenda_options, repeat=True),
    Step("go", _go_need, _go, RESOLVED | {"pos", "moved", "plots", "over"},
         lambda g: agenda_options(g) if g.agenda else go_options(g), repeat=True),
    Step("dusk", lambda g: AUTO, _dusk, frozenset({"values", "over", "keywords", "moved", "board", "agenda"})),
)
STEP_INDEX = {s.key: i for i, s in enumerate(STEPS)}

PARTS = {
    "day": lambda g: g.st.day,
    "pos": lambda g: (g.st.pos, g.st.start),
    "values": lambda g: g.st.values,
    "caps": lambda g: g.st.caps,
    "flags": lambda g: (g.st.flags, g.st.free_river),
    "fever": lambda g: g.st.fever,
    "crows": lambda g: g.st.crows,
    "vision": lambda g: (g.st.vision, g.st.six_unit, g.st.ghost),
    "dancers": lambda g: g.st.dancers,
    "plots": lambda g: g.st.plots,
    "keywords": lambda g: (g.st.keywords, g.st.victories, g.st.mountie),
    "moved": lambda g: (g.st.moved, g.st.travelled, g.st.came_from, g.halted),
    "over": lambda g: g.st.over,
    "terrain": lambda g: g.drawn,
    "board": lambda g: (g.board, g.order, g.dice, g.reroll, g.used, g.danced),
    "agenda": lambda g: g.agenda,
}  # the game by the parts a step's reach names


def parts(game: Tribe) -> dict:
    return {name: get(game) for name, get in PARTS.items()}


# --- what the validating search needs ----------------------------------------------------------------
#
# The save search (lostprint.saves.search) walks the steps above over what a save leaves open. A save
# records Phase 1 as the board it ends with, so a search places each roll in one unit's boxes
# (`filling`: the order of placing changes nothing but a fevered Shaman's first roll) and tries one roll
# for each effect it can have (`faces`). `forget` drops what no step left today reads; `day_bound`
# says whether the rest of a day can still end it where a save says (the values, what Phase 3 and the
# plot outcomes can move them), so a search drops a branch early; `colour_refusal` says why a map icon
# cannot colour a hex.

ACTIVATE_AT, GO_AT = STEP_INDEX["activate"], STEP_INDEX["go"]
PLACED_AT = STEP_INDEX[f"place {RULES.rolls_per_turn}"]  # the last placing
DIE_FACES = tuple(range(1, FACES + 1))
PLOT_FACES = tuple(range(1, RULES.plot_die + 1))
UNBOUNDED = 10 * MOST  # not a rule: further than any value can move in a day


def _unit_of(box: int) -> range:
    first = box - box % BOX
    return range(first, first + BOX)


def filling(game: Tribe) -> tuple[int, int]:
    """The boxes the next roll fills when each roll goes to one unit's boxes, top first: a fevered
    Shaman's first; a unit holding a vision's 6 takes one die and the other is discarded."""
    board = game.board
    forced = FEVER_BOXES if game.st.fever and not game.order else ()
    empty = [i for i in forced if not board[i]] or [i for i, face in enumerate(board) if not face]
    first = empty[0]
    rest = [i for i in _unit_of(first) if i != first and not board[i]]
    if rest:
        return first, rest[0]
    if discards(game.st) > game.order.count(DISCARD):
        return first, NO_BOX
    return first, next((i for i in empty if i != first), NO_BOX)


def canonical_place(game: Tribe) -> tuple[int, int]:
    """`filling` as a placing option (doubles are offered in one order only)."""
    boxes = filling(game)
    a, b = game.dice
    return tuple(sorted(boxes)) if a == b else boxes


def fill_inputs(st: State, board: tuple, order: tuple = (), dancers: int = 0, rerolled: int = NO_BOX) -> dict:
    """The rolls, placings and Spirit Dancers' changes that fill `board` (as a save records it: after
    the dancers) from the state at dawn: each roll in one unit's boxes (`filling`), or by `order` (the
    unit each die went to, in the order rolled). A box the dancers change is placed with another face
    first (never the box the Windriders `rerolled`: its reroll already shows the face the save records);
    a discarded die shows any face. {input key: values}."""
    six = permanent_six(st)
    changed = [i for i in range(len(board)) if i != six and i != rerolled][:dancers]
    # one place past the board (box len(board), or NO_BOX read from the end): a die no box takes, showing 1
    faces = [face % FACES + 1 if i in changed else face for i, face in enumerate(board)] + [1]
    game = Tribe(land=None, st=st, board=tuple(face if i == six else 0 for i, face in enumerate(board)))
    rolls, places = [], []
    pairs = [order[k:k + BOX] for k in range(0, len(order), BOX)] if order else [None] * RULES.rolls_per_turn
    for units in pairs:
        boxes: tuple = filling(game) if units is None else ()
        for u in units or ():
            boxes += (NO_BOX if u == DISCARD else next((i for i in range(len(board)) if UNITS[i // BOX] == u
                                                        and not game.board[i] and i not in boxes), len(board)),)
        dice = tuple(faces[i] for i in boxes)
        rolls.append(dice)
        places.append(tuple(sorted(boxes)) if dice[0] == dice[-1] else boxes)
        placed = dict(zip(boxes, dice))  # (a box off the board places nothing)
        game = evolve(game, board=tuple(placed.get(i, face) for i, face in enumerate(game.board)),
                      order=game.order + tuple(BOX_UNIT.get(i, DISCARD) for i in boxes))
    return {"units": tuple(rolls), "place": tuple(places), "dancers": tuple((i, board[i]) for i in changed)}


def _board_effect(boxes: tuple, fixed: tuple, dice: tuple) -> tuple:
    """What a roll placed in `boxes` leaves in the units it touches: a completed unit's row, or the
    faces of its boxes. `fixed`: the faces already in those units' boxes."""
    board = dict(fixed)
    for box, face in zip(boxes, dice):
        if box != NO_BOX:
            board[box] = face
    out = []
    for top in sorted({box - box % BOX for box in board}):
        pair = (board.get(top, 0), board.get(top + 1, 0))
        out.append(ROW_OF[pair[0] - pair[1]] if all(pair) else pair)
    return tuple(out)


@lru_cache(maxsize=256)  # not a rule: the few box layouts of a day remembered
def _unit_faces(boxes: tuple, fixed: tuple) -> tuple:
    return _rarest_first(product(DIE_FACES, repeat=BOX), lambda dice: _board_effect(boxes, fixed, dice))


def _rarest_first(rolls, effect) -> tuple:
    """One roll per effect, the effects the fewest rolls give first: a search walks the last option
    first, so the likeliest effect is tried first."""
    out: dict = {}
    count: Counter = Counter()
    for roll in rolls:
        key = effect(roll)
        out.setdefault(key, roll)
        count[key] += 1
    return tuple(out[key] for key in sorted(out, key=count.__getitem__))


def faces(game: Tribe, need: Roll) -> tuple:
    """One roll for each effect a step's dice can have now (what a search tries when a save does not
    record the roll): the units' rolls as `filling` places them, a Bad Omen's by what it can be read as."""
    key = need.key
    if key == "units":
        boxes = filling(game)
        touched = {i for b in boxes if b != NO_BOX for i in _unit_of(b)}
        return _unit_faces(boxes, tuple((i, game.board[i]) for i in sorted(touched) if game.board[i]))
    if key == "omen":
        return _omen_faces(power(game.st))
    if key == "reroll":
        return DIE_FACES
    if need.dice > 1:
        return tuple(product(PLOT_FACES, repeat=need.dice))
    return PLOT_FACES


@lru_cache(maxsize=16)  # not a rule: per vision
def _omen_faces(p) -> tuple:
    return _rarest_first(product(DIE_FACES, repeat=RULES.dice_per_roll),
                         lambda dice: tuple(effects for _, effects in readings(p, dice)))


def forget(game: Tribe) -> Tribe:
    """The game without what no step left today reads: Phase 1's boxes once activated; at the end of a
    day, the order the day's hexes were coloured in."""
    if game.step == 0:
        drawn = tuple(sorted(game.drawn))
        return game if drawn == game.drawn else evolve(game, drawn=drawn)
    if ACTIVATE_AT < game.step and (game.board != EMPTY_BOARD or game.order or game.used or game.danced):
        return evolve(game, board=EMPTY_BOARD, order=(), dice=(), reroll=NO_BOX, used=0, danced=False)
    return game


KINDS = tuple(t.key for t in data.TERRAINS)
NO_ICONS = (0,) * (len(KINDS) + 1)
STORM_FLAG = Effect("flag", "double-cost")  # a Thunderstorm


def _add(a, b) -> list:
    return [x + y for x, y in zip(a, b)]


def _vector(ways: tuple, sure: bool = True) -> tuple:
    """What one of `ways` (each a tuple of effects) brings, flat: how far it can move each value up, then
    down; the map icons by terrain (KINDS order) and Crows it surely brings (none unless `sure`: one way
    known); the most it may bring; whether it may bring a Thunderstorm (1: a Bad Omen, or the storm itself)."""
    spans = [reach(way) for way in ways]
    icons = [tuple(sum(e.op == "map" and e.key == k for e in way) for k in KINDS) + (sum(e.op == "crow" for e in way),)
             for way in ways]
    return (*(max(c) for c in zip(*(g for g, _ in spans))), *(max(c) for c in zip(*(lo for _, lo in spans))),
            *(icons[0] if sure else NO_ICONS), *(max(c) for c in zip(*icons)),
            int(any(e.op == "omen" or e == STORM_FLAG for way in ways for e in way)))


@lru_cache(maxsize=256)  # not a rule: per unit, row (None: not known yet) and vision
def _unit_vector(unit: str, row: int | None, negative: tuple) -> tuple:
    """`_vector` of a unit's cell: of its row, or any row while the row is not known."""
    return _vector(tuple(CELLS[(unit, r)] + (negative if unit == "tribe" and ROWS[r].covers(-1) else ())
                         for r in (range(len(ROWS)) if row is None else (row,))), row is not None)


NO_VECTOR = (0,) * len(_unit_vector(UNITS[0], None, ()))  # as long as every vector


@lru_cache(maxsize=512)  # not a rule: per agenda item and vision
def _item_vector(item: tuple, p) -> tuple | None:
    """`_vector` of an agenda item of Phase 2 (a Bad Omen's values are counted apart, `_spans`); None: another."""
    kind = item[0]
    if kind == "effect":
        return NO_VECTOR[:-1] + (1,) if item[SECOND].op == "omen" else _vector(((item[SECOND],),))
    if kind == "reading":
        storm = any(STORM_FLAG in effects for _, effects in readings(p, item[SECOND]))
        return NO_VECTOR[:-1] + (int(storm),)
    return None


ZERO = (0,) * len(KEYS)
NO_SPANS = ((ZERO, ZERO, ZERO),)


def _sum_spans(a, b) -> frozenset:
    return frozenset(tuple(tuple(_add(x, y)) for x, y in zip(s, t)) for s in a for t in b)


def _effect_spans(effects) -> frozenset:
    """Each way some effects can move the values: (the sure change, how far more each may rise, fall),
    in KEYS order; a choice of resource (a Bad Luck, two to lose) is one way for each choice."""
    spans = frozenset(NO_SPANS)
    for e in effects:
        if e.op in ("add", "lowest", "lose-choice"):  # (a fever is no sure loss: a vision may make it pass)
            losses = {"add": ((e.key,),), "lowest": tuple((k,) for k in PRIMARY),
                      "lose-choice": tuple(combinations(PRIMARY, e.count))}[e.op]
            n = e.n if e.op == "add" else -e.n
            ways = [(tuple(n if k in keys else 0 for k in KEYS), ZERO, ZERO) for keys in losses]
        else:
            gain, loss = reach((e,))
            ways = [(ZERO, gain, loss)]
        spans = _sum_spans(spans, ways)
    return spans


@lru_cache(maxsize=256)  # not a rule: per vision and Bad Omens (their dice, or (): not rolled yet)
def _spans(p, omens: tuple) -> tuple:
    """Each way the Bad Omens still to read can move the values together (see `_effect_spans`)."""
    out = frozenset(NO_SPANS)
    for dice in omens:
        one = frozenset() if dice else frozenset(NO_SPANS)  # a Bad Omen not yet rolled may be skipped
        for roll in ([dice] if dice else product(DIE_FACES, repeat=RULES.dice_per_roll)):
            for _, effects in readings(p, roll):
                one |= _effect_spans(effects)
        out = _sum_spans(out, one)
    return tuple(out)


def _rest_of_phase2(game: Tribe, p, quest: bool = False, changes: frozenset = frozenset(range(len(UNITS)))):
    """What is left of Phases 1 and 2 (`p`: the game's power): (how far it can move each value up,
    down; the map icons and Crows it surely brings; the most it may bring; whether a Thunderstorm may
    come; each way the Bad Omens still to read may go, `_spans`). None: unbounded (a vision, unless
    `quest`: the Vision Quest's own effects are counted by the caller). `changes`: the units (by index)
    whose dice may still change once placed, until the player is done changing dice."""
    if game.step <= ACTIVATE_AT:
        board = game.board
        free = changes if not game.danced and dancers_left(game) > 0 or p.reroll_in else ()
        return _units_left(tuple(None if k in free or not (board[BOX * k] and board[BOX * k + 1])
                                 else ROW_OF[board[BOX * k] - board[BOX * k + 1]] for k in range(len(UNITS))),
                           p.tribe_negative)
    vectors, omens = [], ()
    for item in game.agenda:
        vector = _item_vector(item, p)
        if vector is None:
            if quest and item[0] in ("vision", "vision roll", "vision top"):
                continue
            return None
        vectors.append(vector)
        if item[0] == "reading" or item[0] == "effect" and item[SECOND].op == "omen":
            omens += (item[SECOND] if item[0] == "reading" else (),)
    total = vectors[0] if len(vectors) == 1 else tuple(map(sum, zip(*vectors))) if vectors else NO_VECTOR
    return (*_split(total), _spans(p, tuple(sorted(omens))) if omens else NO_SPANS)


@lru_cache(maxsize=1024)  # not a rule: per row of each unit (None: not known) and vision
def _units_left(rows: tuple, negative: tuple) -> tuple:
    """`_rest_of_phase2` in Phase 1, the units in `rows`."""
    return (*_split(tuple(map(sum, zip(*(_unit_vector(unit, row, negative) for unit, row in zip(UNITS, rows)))))),
            NO_SPANS)


def _split(total: tuple) -> tuple:
    n, m = len(KEYS), len(NO_ICONS)
    return total[:n], total[n:n + n], total[n + n:n + n + m], total[n + n + m:n + n + m + m], total[-1]


def dance_unit(st: State) -> int:
    """The unit (by index) whose dice a search lets Spirit Dancers change when a save does not record
    the rolls: the last one without a vision's permanent 6. Any board is some roll's, so the changes
    of one unit's dice say every board the dancers can leave."""
    six = permanent_six(st)
    return next(k for k in reversed(range(len(UNITS))) if six != BOX * k)


def dance_narrow(game: Tribe, value, dancers: int) -> bool:
    """The changes a search tries for `dancers` Spirit Dancers without recorded rolls: `dance_unit`'s
    roll one of its two widest (rows 5 and 4: `dance_roll`), each change but the last a toggle of its
    top die between 5 and 6, the last any change of its dice; from those two rolls every row can be
    left. Then DONE."""
    if value == DONE or game.used >= dancers:
        return value == DONE and game.used >= dancers
    top = BOX * dance_unit(game.st)
    if game.used < dancers - 1:
        return value == (top, FACES - 1 if game.board[top] == FACES else FACES)
    return value[0] // BOX == top // BOX


def dance_roll(game: Tribe, dice) -> bool:
    """The units' rolls a search tries with Spirit Dancers to come (see `dance_narrow`)."""
    return filling(game)[0] // BOX != dance_unit(game.st) or dice[0] - dice[-1] >= ROWS[1].low


def _spans_fit(spans, values, floors, ceilings, low, high) -> bool:
    """Does one way the Bad Omens still to read can go (`_spans`) keep every value between its floor and
    ceiling, the rest of the day moving it between `low` and `high`? (A loss stops at 0: a value at 0 may
    still rise after it.)"""
    for sure_change, omen_gain, omen_loss in spans:
        for f, c, v, h, lo, n, og, ol in zip(floors, ceilings, values, high, low, sure_change, omen_gain, omen_loss):
            if h + max(n, -v) + og < f or lo + n - ol > c:
                break
        else:
            return True
    return False


def day_bound(terrain: dict, path: tuple, outcomes: tuple, values: tuple, caps: tuple, vision, drawn: dict,
              crows: int, changes: bool = True, ghost: str = ""):
    """A test for a game in Phase 1 or 2 of a day: can the rest of the day still end it at `values`
    and `caps` (they only fall, but by a Vision Quest: `vision`, the one the day brings, or None), with
    the hexes `drawn` today coloured (`changes`: Spirit Dancers may change the dice of `dance_unit`
    once placed, as `dance_narrow` lets them)
    and `crows` Crows in all, entering the hexes of `path` (coloured as in `terrain`, the map at the
    day's end) and resolving the plot `outcomes` on the way? False only when it surely cannot. `ghost`:
    the Ghost Mountain today's vision draws, when known (it is not among the icons' hexes `drawn`)."""
    up, down = [0] * len(KEYS), [0] * len(KEYS)
    for out in outcomes:
        g, lo = reach(out.effects + ((out.test.passed + out.test.failed) if out.test else ()))
        up, down = _add(up, g), _add(down, lo)
    later_crows = sum(e.op == "crow" for out in outcomes for e in out.effects)
    quest = plots.POWERS.get(vision, NO_POWER) if vision else None  # what today's Vision Quest does at once
    quest_up, quest_down = reach(quest.now) if quest else (up, down)
    want = [sum(t == k for t in drawn.values()) for k in KINDS]
    drawn_kinds = tuple((lab, KINDS.index(t)) for lab, t in drawn.items())
    # the least each value may end at: its recorded one; a value recorded 0 may have been floored at 0, but
    # Food and Movement pay the moves and never fall below what they cost (None: any value)
    floors = [w if w or (w == 0 and i in (FOOD, MOVEMENT)) else -UNBOUNDED for i, w in enumerate(values)]
    ceilings = [UNBOUNDED if w is None else w for w in values]
    walks: dict = {}

    def phase3(game: Tribe, cheaper):
        st = game.st
        mountie = st.mountie > 0
        key = (st.pos, cheaper, mountie)
        if key not in walks:
            must, g, lo = moves_reach(game.land, terrain, st.pos, path, cheaper, mountie)
            room = any(n not in game.terrain and n not in drawn and n not in game.land.goals
                       for n in game.land.open_near[st.pos])  # a map icon never lost today
            storm = RULES.double_cost * sum(COST_OF[terrain[lab]].movement for lab in path if lab in terrain)
            calm = _add(lo, down)
            calm[MOVEMENT] -= storm - must[MOVEMENT]  # the Movement a Thunderstorm may add, taken off
            rivers = any(crossing(game.land, a, b) for a, b in zip((st.pos, *path), path))
            walks[key] = (must, _add(g, up), _add(lo, down), room, calm, rivers)
        return walks[key]

    def test(game: Tribe) -> bool:
        st = game.st
        if game.dice or game.step >= GO_AT or st.over is not None:
            return True  # a roll not yet placed tells nothing new
        p = power(st)
        mountain = st.ghost or ghost  # the Ghost Mountain drawn, or the one today's vision draws
        refill = p.ghost_mountain or (quest.ghost_mountain if quest else 0)
        if (quest and quest.ghost_mountain and not mountain) or (not changes and PLACED_AT < game.step <= ACTIVATE_AT) \
                or refill and path.count(mountain) > 1:
            return True  # the board as last tested tells nothing new; a Ghost Mountain drawn today where the save
            # does not say, or entered twice, is not bounded
        low, high = floors, ceilings
        if refill and mountain in path:  # its refill sets the primaries: from there on, only the moves
            after = path[path.index(mountain) + 1:]  # after it and the plot outcomes move them
            must_a, up_a, down_a = moves_reach(game.land, terrain, mountain, after, p.move_cost, st.mountie > 0)
            must_a[RESOLVE] = 0  # the tribe moved today: no camp's Resolve
            for _, i in PRIMARY_AT:
                least = min(refill, caps[i])  # a maximum only falls today: at least the recorded one
                if refill + up_a[i] + up[i] - must_a[i] < floors[i] or \
                        least - must_a[i] - down_a[i] - down[i] > ceilings[i]:
                    return False
            low, high = list(floors), list(ceilings)
            for _, i in PRIMARY_AT:  # Phase 2 leaves them to the refill
                low[i], high[i] = -UNBOUNDED, UNBOUNDED
        coming = quest is not None and st.vision is None
        if not coming and st.caps != caps and any(c < w for c, w in zip(st.caps, caps)):
            return False
        rest = _rest_of_phase2(game, p, coming, frozenset({dance_unit(st)}) if changes and game.step <= ACTIVATE_AT
                               else frozenset())
        if rest is None:
            return True
        must, g3, lo3, room, calm, rivers = phase3(game, p.move_cost)
        if coming and quest.move_cost:  # the moves before the vision comes at the old cost, those after at the
            # new: each value between the least and the most of either way (what a move must cost, the least)
            must_b, g3_b, lo3_b, _, calm_b, _ = phase3(game, quest.move_cost)
            least = [min(a, b) for a, b in zip(must, must_b)]
            g3 = [max(x - m, y - n) + k for x, y, m, n, k in zip(g3, g3_b, must, must_b, least)]
            lo3, calm = ([max(x + m, y + n) - k for x, y, m, n, k in zip(mine, theirs, must, must_b, least)]
                         for mine, theirs in ((lo3, lo3_b), (calm, calm_b)))
            must = least
        gain, loss, sure, most, storm, spans = rest
        if not storm and "double-cost" not in st.flags:
            lo3 = calm  # no Thunderstorm today: Movement is not doubled
        if coming:
            if quest.reset_caps:
                return True
            gain, loss = _add(gain, quest_up), _add(loss, quest_down)
        if path and ("halt" in st.flags or "no-river" in st.flags and rivers):
            return False  # the recorded moves are barred today
        if spans is NO_SPANS:
            for v, f, c, m, a, b, lost, d in zip(st.values, low, high, must, gain, g3, loss, lo3):
                if v + a + b - m < f or v - lost - d - m > c:
                    return False
        elif not _spans_fit(spans, st.values, low, high,
                            [v - c - d - m for v, m, c, d in zip(st.values, must, loss, lo3)],
                            [v + a + b - m for v, m, a, b in zip(st.values, must, gain, g3)]):
            return False
        if drawn_kinds:
            have = [0] * len(KINDS)
            for lab, k in drawn_kinds:
                if lab in game.terrain:
                    have[k] += 1
        else:
            have = NO_ICONS
        for w, h, s, m in zip(want, have, sure, most):
            if h + m < w or (room and h + s > w):
                return False
        blocked = "no-crow" in st.flags
        return (blocked or len(st.crows) + sure[-1] <= crows) and \
            len(st.crows) + (0 if blocked else most[-1]) + later_crows >= crows

    return test


def colour_refusal(land: Land, terrain: dict, start: str, kind: str, label: str, fort: bool) -> str | None:
    """Why no map icon of `kind` can colour `label` on a day begun at `start` (the map as it was, the
    day's other hexes drawn), or None when one can."""
    if label in colourable(land, terrain, start, kind, fort=fort):
        return None
    d = hexgrid.distance(land.axial[start], land.axial[label])
    twin = next((g for g in land.goals if g != label and terrain.get(g, kind) != kind), None)
    if label in land.fort and d <= data.FAR_MAP:
        return (f"{label} is Fort Benton: a map icon never colours it until 12A opens the fort "
                f"({RULES.ruling('fort-blank').topic}, a house ruling)")
    if label in land.goals and twin is not None and d <= data.FAR_MAP:
        return (f"{label} and {twin} are Canada's double hex: {twin} is {terrain[twin]}, so {label} cannot be "
                f"coloured {kind} ({RULES.ruling('canada-terrain').topic}, a house ruling)")
    if d == data.FAR_MAP:
        blank = [n for n in (land.neighbors[start] if fort else land.open_near[start]) if n not in terrain]
        return (f"{label} is two hexes from {start}: allowed only once every hex next to {start} is mapped "
                f"({', '.join(blank)} {'is' if len(blank) == 1 else 'are'} not)")
    lost = "" if colourable(land, terrain, start, kind, fort=fort) else (
        f"; no hex that near is blank, so the icon is lost ({RULES.ruling('map-lost').topic}, a house ruling)")
    return (f"{label} is {d} hexes from {start}, where the day began (a hex is coloured next to the tribe, "
            f"or two away when all around it are mapped){lost}")
