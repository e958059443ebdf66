"""1572 days without `rolls:`: which legal rolls give them, and why none does.

A day without rolls is accepted only when one set of legal rolls gives it: the day's phases are
searched over which row each roll landed on (and every hidden decision), and the day must come out
with every recorded tracker, mark and fever at once; every consequence that does not depend on dice
(progress paid per step, food eaten, morale by direction, the hexes mapped, desertion) is applied
exactly. The rolls found are then replayed through the engine's steps by the one search
(lostprint.saves.rules_1572), which gives the day's end. When none does, the per-tracker range that
is broken is reported if there is one, else the tracker no set of rolls gives with the others as
recorded.
"""
from __future__ import annotations

from itertools import pairwise, product
from types import MappingProxyType

from lostprint.engine import lost_expedition as eng
from lostprint.games.lost_expedition import EXPEDITIONS, INTEREST_RULES, KANTYI_ROLLS, TRACKER_KEYS
from lostprint.games.lost_expedition import RULES as R
from lostprint.saves.rules import At

replace = eng.replace  # the engine's fast copy-with-changes of a State

PHASE_TITLE = MappingProxyType({"movement": "the Movement roll", "exploring": "Exploring",
                                "native-contact": "Native Contact", "hunting": "Hunting"})


# --- what the save says happened -----------------------------------------------------------------


def _observed(st, rp, values: dict) -> dict:
    marks = [m for m in st.marks if m.day == st.day]
    lagos = next((m.hexes for m in marks if m.kind == "lagos-de-oro"), ())
    fever = rp.raw.get("fever")
    fever = "struck" if fever is True else fever if isinstance(fever, str) else ""
    return {
        "mapped": tuple(st.flags.get("drawn_today", {}).items()),
        "lagos": tuple(lagos),
        "marks": marks,
        "steps": tuple(st.day_hexes[1:]),
        "fever": fever.strip().lower(),
        "values": tuple(values[k] for k in TRACKER_KEYS),
    }


# --- the day ------------------------------------------------------------------------------------


def explained(st, rp, problems) -> list | None:
    """For a day without rolls: for each eclipse count it may begin with, the count it ends with (None:
    an eclipse predicted today sets it) and one set of rolls that gives it (as `rolls:` holds them,
    with what each roll gives); the engine then replays the day with them. None, with the clearest
    reason said, when no one set of rolls gives the day."""
    s0: eng.State = rp.engine
    obs = _observed(st, rp, st.values)
    wrong, found = _too_many_mapped(rp, s0, obs), []
    if not wrong:  # one set of rolls for the day; if none, the clearest reason first
        wrong, found = _joint(rp, s0, obs)
        wrong = wrong and (_bounds(rp, s0, obs)[:1] or wrong)
    for at, message in wrong:
        problems.add(at, message)
    if rp.explained is not None and found:  # kept for explain_save (a caller asked which rolls explain the save)
        rp.explained.append(found)
    return None if wrong else found


# --- without rolls: what some legal roll could give ---------------------------------------------


class _Range:
    """Each tracker's lowest and highest value so far today, and what moved it."""

    def __init__(self, values):
        self.lo = dict(zip(TRACKER_KEYS, values))
        self.hi = dict(self.lo)
        self.why = {k: [] for k in TRACKER_KEYS}

    def add(self, name: str, deltas: dict) -> None:
        for k, (a, b) in deltas.items():
            if a or b:
                self.lo[k] = eng.clamp(self.lo[k] + a)
                self.hi[k] = eng.clamp(self.hi[k] + b)
                self.why[k].append((name, a, b))

    def exact(self, name: str, key: str, n: int) -> None:
        self.add(name, {key: (n, n)})


def _signed(a: int, b: int) -> str:
    if a >= b:  # an exact change, or one only the upper bound knows
        return f"{b:+d}"
    return f"{a:+d}..{b:+d}"


def _interest_effects(r: _Range, key: str) -> None:
    """The range after an interest found, its outcomes worked out by the engine from each bound."""
    low = eng.interest_outcomes(tuple(r.lo[k] for k in TRACKER_KEYS), key)
    high = eng.interest_outcomes(tuple(r.hi[k] for k in TRACKER_KEYS), key)
    for i, k in enumerate(TRACKER_KEYS):
        a, b = min(v[i] for v in low), max(v[i] for v in high)
        if (a, b) != (r.lo[k], r.hi[k]):
            r.why[k].append((key.replace("-", " "), a - r.lo[k], b - r.hi[k]))
            r.lo[k], r.hi[k] = a, b


def _too_many_mapped(rp, s0: eng.State, obs) -> list[tuple[At, str]]:
    drawn = [h for h, _ in obs["mapped"] if h not in obs["lagos"]]
    if len(drawn) <= 1:
        return []
    return [(rp.at("mapped", drawn[1]),
             f"{len(drawn)} hexes mapped on day {s0.day + 1}: the Mapping phase draws one hex a day"
             + (f" (Lagos de Oro adds its {R.lagos_hexes} lakes)" if obs["lagos"] else ""))]


def _bounds(rp, s0: eng.State, obs) -> list[tuple[At, str]]:
    """Each tracker against the range some legal roll could give it (the per-tracker reason shown
    when no set of rolls explains the day)."""
    out: list[tuple[At, str]] = []
    day = s0.day + 1
    marks = obs["marks"]
    start = s0.pos
    here = [m for m in marks if m.hexes and m.hexes[0] == start]
    peaceful_today = sum(1 for m in here if m.kind == "peaceful-village")
    s = replace(s0, peaceful=s0.peaceful + tuple(m.hexes[0] for m in here if m.kind == "peaceful-village"),
                day_start=start)
    r = _Range(s0.values)
    r.add("four of a kind", {"conquistadors": (0, R.kind_bonus)})
    if obs["fever"] == "struck":  # a fever icon cost morale today: at the earliest, before any gain
        r.add("a fever struck", {"morale": (0, -R.fever_morale)})
    r.add(PHASE_TITLE["movement"], eng.phase_range(s0, "movement"))
    r.add(PHASE_TITLE["exploring"], eng.phase_range(s0, "exploring"))
    villages = sum(1 for m in here if m.kind == "village")
    if villages:
        r.exact(f"{villages} village{'s' * (villages > 1)}", "movement",
                -villages * eng.village_cost(s0.expedition, s0.terrain_here()))
    native = dict(eng.phase_range(s0, "native-contact"))
    discards = not eng.village_found(s0.expedition, s0.terrain_here(), True)
    if not peaceful_today and not discards:  # Food and Cache rows bring a peaceful village with them
        native = {k: (a, min(b, 0) if k in ("food", "muskets", "morale") else b) for k, (a, b) in native.items()}
    r.add(PHASE_TITLE["native-contact"], native)
    r.add(PHASE_TITLE["hunting"], eng.phase_range(s, "hunting"))  # (Diego's +1 is inside the ranges)
    for m in marks:
        if m.kind == "interest" and m.hexes[0] == start and m.hexes[0] not in obs["steps"]:
            _interest_effects(r, m.get("result"))
    migration = s0.migration + tuple(m.hexes[0] for m in marks if m.kind == "interest"
                                     and m.get("result") == "migration" and m.hexes[0] == start)
    if not eng.fed_by_migration(replace(s0, migration=migration)):
        lo, hi = r.lo["food"], r.hi["food"]
        r.add("rations", {"food": (-R.ration, -R.ration)})
        if lo < R.ration:
            r.add("starvation", {"conquistadors": (-1, -1 if hi < R.ration else 0)})
    today = replace(s0, trails=s0.trails | {frozenset(m.hexes) for m in marks if m.kind == "trail"})
    path = (start,) + obs["steps"]
    for j, (a, b) in enumerate(zip(path, path[1:])):
        cost = eng.step_cost(replace(today, pos=a), b)
        if r.hi["movement"] < cost:
            have = ", ".join(f"{n} {_signed(x, y)}" for n, x, y in r.why["movement"]) or "nothing more today"
            out.append((rp.at("moved"), f"entering {b} costs {cost} movement progress"
                        + (" by trail" if cost == R.trail_cost else "")
                        + f"; the party can have at most {r.hi['movement']} (from {s0.get('movement')}: {have})"))
            return out
        r.lo["movement"] = max(r.lo["movement"], cost)
        r.exact(f"step to {b}", "movement", -cost)
        if eng.river_gain(s0.board, a, b):
            r.exact("the river", "movement", eng.river_gain(s0.board, a, b))
        for m in marks:
            if m.kind == "interest" and m.hexes[0] == b:
                _interest_effects(r, m.get("result"))
    names = [f"a step {s0.board.direction(a, b)}" for a, b in zip(path, path[1:])] or ["no travel"]
    for name, n in zip(names, eng.morale_of_travel(s0.board, path)):
        r.exact(name, "morale", n)
    morale_end = dict(zip(TRACKER_KEYS, obs["values"]))["morale"]
    if morale_end < R.morale_floor:
        r.exact("desertion", "conquistadors", -1)
    for key, have in zip(TRACKER_KEYS, obs["values"]):
        lo, hi = r.lo[key], r.hi[key]
        if lo <= have <= hi:
            continue
        why = ", ".join(f"{n} {_signed(a, b)}" for n, a, b in r.why[key]) or "nothing changes it"
        if have > hi:
            limit = f"the most day {day} can end with is {hi}"
        else:
            limit = f"the least day {day} can end with is {lo}"
        out.append((rp.at("resources", key),
                    f"{key} {s0.get(key)} \u2192 {have}, but {limit} ({why}; maximum {R.cap})"))
    return out


# --- without rolls: one set of rolls for the whole day --------------------------------------------
#
# Each tracker inside its own range is not enough: a roll lands on one row of its chart and gives all
# of that row's effects together (Hunting 11+ is food +2 *and* morale +1), and one planning roll of
# five dice sets every chart's bonus at once. The search below walks the day's phases in order over
# which row each chart's roll landed on (or that the chart was not planned, a musket's reroll, Diego
# Mendoza's +1, an eclipse's chosen row), keeping for each planned chart the bonus its row needs, and
# accepts the day only when one path gives every recorded tracker, mark and fever together and the
# bonuses add up to one planning roll. Unknown dice become rows: a row is reachable with bonus b when
# some dice sum lands its total inside the row.

CHARTS = eng.FACE_ORDER  # the rolled phases, in the order of the day
CONQ, MUSKETS, FOOD, MORALE, PROGRESS = (eng.IX[k] for k in TRACKER_KEYS)
MAX_BONUS = R.planning_dice - 1  # every die but the one that calls the chart
KIND_BONUS_AT = R.kind_for_bonus - 1  # a chart's bonus when n of a kind called it
MARK_OPS = ("fever", "village", "peaceful-village", "trail", "interests", "empire")
# The mapping dice sums with and without a cataract (a die showing the cataract face) are worked out
# for a cataract face that is the die's lowest, as the game has it.
assert R.cataract_face == 1, "the cataract sums in _mapping assume the cataract face is the lowest"
# A search state is a plain tuple of these fields (hashable, so the search can remember dead ends):
STATE_FIELDS = (
    "values",  # the trackers, in TRACKER_KEYS order
    "fever", "struck",  # a fever holds now; one was struck today
    "villages", "peaceful", "empires", "trails", "interests",  # marks the rows made at the start hex
    "diego",  # Diego Mendoza's +1 used today
    "dice least", "dice most",  # planning dice the planned charts need (one each, plus the bonus)
    "kind",  # the chart n of a kind called (its index in CHARTS; -1: none)
)
V, FEV, STRUCK, NV, NP, NE, NT, NI, DUSED, SLO, SHI, KIND = range(len(STATE_FIELDS))


def _row_ops(row, expedition: str) -> tuple:
    """A chart row as tracker changes (index, amount), each icon's as the engine gives it, and mark
    events, in the row's order."""
    ops: list = []
    for e in row.effects:
        if e.what in MARK_OPS:
            ops.append((e.what, 0))
        else:
            ops.extend((i, n) for i, n in enumerate(eng.icon_deltas((e,), expedition, True, 0)) if n)
    return tuple(ops)


ROWS = MappingProxyType({k: tuple(eng.rows_of(k)) for k in CHARTS})
OPS = MappingProxyType({o.key: MappingProxyType({k: tuple(_row_ops(r, o.key) for r in ROWS[k]) for k in CHARTS})
                        for o in EXPEDITIONS})


ANY_TOTAL = (0, 0)  # not a rule: read with every row (the span's totals are then not read)


def _add(vals: tuple, i: int, n: int) -> tuple:
    return vals[:i] + (eng.clamp(vals[i] + n),) + vals[i + 1:]


# The engine's rations, desertion and interests seen through one tracker, whatever the others hold
# (worked out once from the engine's own functions, for the search's per-tracker bounds):
# [t][x - floor] -> the values tracker t can have after, from x.
VALUES = range(R.floor, R.cap + 1)


def _alone(t: int, x: int, other: int) -> tuple:
    """Tracker t at x, every other tracker at `other`."""
    return tuple(x if i == t else other for i in range(len(TRACKER_KEYS)))


RATIONS_ALONE = tuple(tuple(frozenset(eng.rations(_alone(t, x, other))[t] for other in (R.floor, R.cap))
                            for x in VALUES) for t in range(len(TRACKER_KEYS)))  # with food, or starving
DESERTION_ALONE = tuple(tuple(eng.desertion(_alone(CONQ, x, morale))[CONQ] for x in VALUES)
                        for morale in VALUES)  # [morale at the end][conquistadors]
INTEREST_ALONE = MappingProxyType({  # the others at the cap: Migration's fill is always affordable
    i.key: tuple(tuple(frozenset(v[t] for v in eng.interest_outcomes(_alone(t, x, R.cap), i.key)) for x in VALUES)
                 for t in range(len(TRACKER_KEYS))) for i in INTEREST_RULES})


class _Unrolled:
    """What the save fixes about one day without rolls, and the search over what it leaves open."""

    def __init__(self, s0: eng.State, obs, eclipse: int = 0, native: bool | None = None,
                 cartography: bool = True):
        """`eclipse`: the predicted eclipse's count this morning; `native`: whether Native Contact
        must (True) or must not (False) have been planned (None: either); `cartography`: whether a
        Cartography trail may explain a trail."""
        self.s0, self.obs, self.native = s0, obs, native
        start = self.start = s0.pos
        exp = self.expedition = s0.expedition
        here = s0.terrain[start]
        marks = obs["marks"]
        at_start = [m for m in marks if m.hexes and m.hexes[0] == start]
        self.village_kind = {k: eng.village_found(exp, here, k == "peaceful-village")
                             for k in ("village", "peaceful-village")}
        self.village_cost = eng.village_cost(exp, here)
        self.immune = eng.fever_immune(exp, s0.lagos, start)
        self.military = exp == "military"
        self.diego = s0.diego
        self.eclipse_choice, self.eclipse_roll = eclipse > 0, eclipse == 0
        self.n_dice = {k: eng.phase_dice(s0, k) for k in CHARTS}
        base = {}
        for k in CHARTS:
            peaceful = R.peaceful_bonus * s0.peaceful.count(start) if k in R.peaceful_charts else 0
            m = eng.terrain_mod(here, k) + peaceful
            base[k] = m + (R.botany_hunting if k == "hunting" and exp == "botany" else 0)
        self.base = base
        self.rows = ROWS
        self.ops = OPS[exp]
        # marks
        self.nv = sum(1 for m in at_start if m.kind == "village")
        self.np = sum(1 for m in at_start if m.kind == "peaceful-village")
        self.ne = sum(1 for m in at_start if m.kind == "empire")
        trails = [frozenset(m.hexes) for m in marks if m.kind == "trail"]
        interests = [m for m in marks if m.kind == "interest"]
        self.trail_free = not eng.trail_options(replace(s0, trails=s0.trails | set(trails)), start)
        self.trail_rows = _trail_rows(s0, obs, trails, interests, cartography)
        self.most_trail_rows = len(CHARTS) if self.trail_free else max(self.trail_rows, default=-1)
        start_mark = next((m for m in interests if m.hexes[0] == start), None)
        self.start_interest = start_mark.get("result") if start_mark else None
        if s0.interest_at(start) is not None or start_mark is None:
            self.ni_options = frozenset({0})
        elif start in obs["steps"]:
            self.ni_options = frozenset({0, 1})
        else:
            self.ni_options = frozenset({1})
        self.ni_max = max(self.ni_options)
        # mapping
        drawn = [(h, t) for h, t in obs["mapped"] if h not in obs["lagos"]]
        self.map_targets = bool(eng.mapping_targets(s0))
        self.mapped = drawn[0][1] if drawn else None
        down = s0.board.downstream(start)
        if down is None or frozenset((start, down)) in s0.cataracts:
            self.cataract = None
        else:
            self.cataract = any(m.kind == "cataract" for m in marks)
        # fever and the planning dice
        fever = obs["fever"]
        self.obs_fever = fever
        self.fever0 = s0.fever
        no_break = eng.terrain_rule(here).no_fever_break
        broke = s0.fever and not no_break and fever in ("broken", "struck")  # struck again after breaking
        self.fever_after_planning = s0.fever and not broke
        need = eng.fever_break_need(s0)
        dice = R.planning_dice
        if not s0.fever:
            self.dice_used = frozenset({0, dice})  # five WILDs call nothing; otherwise every die is used
        elif no_break:
            self.dice_used = frozenset(range(dice + 1))
        elif broke:
            self.dice_used = frozenset(u for u in range(dice + 1) if dice - u >= need)
        else:
            self.dice_used = frozenset(u for u in range(dice + 1) if dice - u < need)
        self.most_used = max(self.dice_used, default=-1)
        self.target = obs["values"]
        self._tails: dict = {}
        self._span_memo: dict = {}
        self._plan_tail()
        self._plan_bounds()

    # --- after hunting, the day runs without dice ---------------------------------------------

    def _plan_tail(self) -> None:
        s0, obs, start = self.s0, self.obs, self.start
        marks = obs["marks"]
        trails = set(s0.trails) | {frozenset(m.hexes) for m in marks if m.kind == "trail"}
        marked = {}
        for m in marks:
            if m.kind == "interest":
                marked.setdefault(m.hexes[0], m.get("result"))
        terrain = dict(s0.terrain)
        terrain.update(obs["mapped"])
        today = replace(s0, terrain=terrain, trails=frozenset(trails))  # the map as travel finds it
        path = (start,) + obs["steps"]
        self.steps = {}  # ni -> ((cost, river progress, the interest rolled on entering or ""), ...), or None
        for ni in self.ni_options:
            held = {h for h, _ in s0.interests} | ({start} if ni else set())
            steps = []
            for a, b in pairwise(path):
                at = replace(today, pos=a)
                cost, river = eng.step_cost(at, b), eng.river_gain(s0.board, a, b)
                due = eng.interest_on_entering(at, b) and b not in held
                if due and b not in marked:
                    steps = None  # an interest is rolled on entering this hex, and none is recorded
                    break
                steps.append((cost, river, marked[b] if due else ""))
                held |= {b} if due else set()
            if steps is not None and set(marked) - held:
                steps = None  # an interest recorded where none was rolled
            self.steps[ni] = None if steps is None else tuple(steps)
        self.morale_steps = eng.morale_of_travel(s0.board, path)
        fed = {}
        for ni in self.ni_options:
            found_here = ni and self.start_interest == "migration"
            fed[ni] = eng.fed_by_migration(replace(s0, migration=s0.migration + ((start,) if found_here else ())))
        self.fed = fed

    @staticmethod
    def _interest(outs: set, key: str) -> set:
        return {v for x in outs for v in eng.interest_outcomes(x, key)}

    def tail(self, vals: tuple, ni: int) -> set:
        """Every end-of-day value the rest of the day (interests, eating, travel, morale) can give."""
        key = (vals, ni)
        if key in self._tails:
            return self._tails[key]
        if self.steps[ni] is None:
            return set()
        outs = {vals}
        if ni:
            outs = self._interest(outs, self.start_interest)
        if not self.fed[ni]:
            outs = {eng.rations(v) for v in outs}
        for cost, river, found in self.steps[ni] or ():
            outs = {_add(_add(v, PROGRESS, -cost), PROGRESS, river) for v in outs if v[PROGRESS] >= cost}
            if found:
                outs = self._interest(outs, found)
        for n in self.morale_steps:
            outs = {_add(v, MORALE, n) for v in outs}
        outs = {eng.desertion(v) for v in outs}
        self._tails[key] = outs
        return outs

    def _one_tail(self, t: int, x: int, ni: int) -> set:
        """The values tracker t can end the day with from x after hunting, whatever the others hold:
        tail() seen through one tracker (Migration's fill and starvation both ways)."""
        def interest(outs: set, key: str) -> set:
            return {y for v in outs for y in INTEREST_ALONE[key][t][v - R.floor]}

        outs = {x}
        if ni:
            outs = interest(outs, self.start_interest)
        if not self.fed[ni]:
            outs = {y for v in outs for y in RATIONS_ALONE[t][v - R.floor]}
        if self.steps[ni] is None:
            return set()
        for cost, river, found in self.steps[ni]:
            if t == PROGRESS:
                outs = {eng.clamp(eng.clamp(v - cost) + river) for v in outs if v >= cost}
            if found:
                outs = interest(outs, found)
        if t == MORALE:
            for n in self.morale_steps:
                outs = {eng.clamp(v + n) for v in outs}
        if t == CONQ:  # desertion as the recorded morale says
            outs = {DESERTION_ALONE[self.target[MORALE] - R.floor][v - R.floor] for v in outs}
        return outs

    def _plan_bounds(self) -> None:
        """For each tracker, the values after hunting that can still end where the save says, and for
        each phase the values that can still reach one of them (a necessary condition, to cut early)."""
        self.after_hunting = {
            t: tuple(x for x in range(R.floor, R.cap + 1)
                     if any(self.target[t] in self._one_tail(t, x, ni) for ni in self.ni_options))
            for t in range(len(TRACKER_KEYS))}
        reach = [eng.chart_span(k, self.expedition, self.immune, self.village_cost, ANY_TOTAL, True) for k in CHARTS]
        # allowed[i][t]: the values of tracker t that charts i.. can still bring into after_hunting[t]
        # (a tracker moves at most by the sum of the largest rises, or falls, still to come)
        self.allowed = []
        for i in range(len(CHARTS) + 1):
            rest = reach[i:]
            row = []
            for t in range(len(TRACKER_KEYS)):
                down, up = sum(lo[t] for lo, _ in rest), sum(hi[t] for _, hi in rest)
                ok: set = set()
                for x in self.after_hunting[t]:
                    ok.update(range(max(R.floor, x - up), min(R.cap, x - down) + 1))
                row.append(frozenset(ok))
            self.allowed.append(tuple(row))

    def viable(self, i: int, s: tuple, free: bool) -> bool:
        """Can this state still end as recorded (with `free`, in every tracker but at most one)?"""
        if s[SLO] > self.most_used:
            return False
        vals, allowed = s[V], self.allowed[i]
        off = 0
        for t in range(len(vals)):
            if vals[t] not in allowed[t]:
                off += 1
                if off > free:
                    return False
        return True

    # --- the rolled phases ------------------------------------------------------------------------

    def starts(self):
        """The states after planning: with or without a conquistador for n of a kind."""
        v0 = self.s0.values
        yield ("kind", -1), (v0, self.fever_after_planning, False, 0, 0, 0, 0, 0, False, 0, 0, -1)
        for k in range(len(CHARTS)):
            vals = _add(v0, CONQ, R.kind_bonus)
            yield ("kind", k), (vals, self.fever_after_planning, False, 0, 0, 0, 0, 0, False, 0, 0, k)

    def _bonus(self, s: tuple, k: int, bl: int, bh: int):
        bl, bh = max(bl, 0), min(bh, MAX_BONUS)
        if s[KIND] == k:
            bl = max(bl, KIND_BONUS_AT)
        elif self.fever0:  # WILDs held by the fever: the bonus is the chart's own dice only
            bh = min(bh, KIND_BONUS_AT - 1)
        return (bl, bh) if bl <= bh else None

    def _spans(self, i: int, n: int, extra: int, kind_here: bool) -> tuple:
        """The rows of chart i some roll of n dice reaches with this modifier, each with the least and
        most planning bonus it needs (remembered for the day: the same few cases come back often)."""
        key = (i, n, extra, kind_here)
        if key not in self._span_memo:
            out = []
            for j, row in enumerate(self.rows[CHARTS[i]]):
                bl = row.low - (n * R.die_faces + extra) if row.low is not None else 0
                bh = row.high - (n + extra) if row.high is not None else MAX_BONUS
                bonus = self._bonus((None,) * KIND + (i if kind_here else -1,), i, bl, bh)
                if bonus is not None:
                    out.append((j, bonus))
            self._span_memo[key] = tuple(out)
        return self._span_memo[key]

    def _planned(self, s: tuple, bonus: tuple) -> tuple:
        return s[:SLO] + (s[SLO] + 1 + bonus[0], s[SHI] + 1 + bonus[1], s[KIND])

    def expand(self, i: int, s: tuple):
        k = CHARTS[i]
        if k == "mapping":
            yield from self._mapping(i, s)
            return
        if s[KIND] != i and not (k == "native-contact" and self.native):
            yield (k, None, False, False, None, 0), s
        if k == "native-contact" and self.native is False:
            return
        n = self.n_dice[k]
        m = self.base[k] + (R.peaceful_bonus * s[NP] if k in R.peaceful_charts else 0)
        rows, ops = self.rows[k], self.ops[k]
        muskets = (False, True) if k in R.musket_charts and s[V][MUSKETS] >= R.musket_reroll_cost else (False,)
        if k == "native-contact" and not self.eclipse_roll:
            muskets = ()  # the eclipse is still predicted: the row is chosen, not rolled
        diegos = (False, True) if self.diego and not s[DUSED] else (False,)
        for musket in muskets:
            base = s if not musket else (_add(s[V], MUSKETS, -R.musket_reroll_cost),) + s[1:]
            for diego in diegos:
                extra = m + (R.military_musket_bonus if musket and self.military else 0) \
                    + (R.bonus_per_extra if diego else 0)
                for j, bonus in self._spans(i, n, extra, s[KIND] == i):
                    s1 = self._planned(base, bonus)
                    if diego:
                        s1 = s1[:DUSED] + (True,) + s1[DUSED + 1:]
                    s2 = self._apply(s1, ops[j])
                    if s2 is not None:
                        yield (k, j, musket, diego, bonus, extra), s2
        if k == "native-contact" and self.eclipse_choice:  # the predicted eclipse: a row chosen
            bonus = self._bonus(s, i, 0, MAX_BONUS)
            if bonus:
                for j in range(len(rows)):
                    s2 = self._apply(self._planned(s, bonus), ops[j])
                    if s2 is not None:
                        yield (k, j, "eclipse", False, bonus, 0), s2

    def _mapping(self, i: int, s: tuple):
        if not self.map_targets:
            if s[KIND] != i:
                yield ("mapping", None, False, False, None, 0), s
            bonus = self._bonus(s, i, 0, MAX_BONUS)
            if bonus:
                yield ("mapping", None, False, False, bonus, 0), self._planned(s, bonus)
            return
        if self.mapped is None:
            if s[KIND] != i and not self.cataract:
                yield ("mapping", None, False, False, None, 0), s
            return
        n = self.n_dice["mapping"]
        if self.cataract is None:
            dlo, dhi = n, n * R.die_faces
        elif self.cataract:  # a die showed the cataract face
            dlo, dhi = n, R.cataract_face + (n - 1) * R.die_faces
        else:
            dlo, dhi = n * (R.cataract_face + 1), n * R.die_faces
        here = self.s0.terrain[self.start]
        m = self.base["mapping"]
        for diego in ((False, True) if self.diego and not s[DUSED] else (False,)):
            extra = m + (R.bonus_per_extra if diego else 0)
            for j, row in enumerate(self.rows["mapping"]):
                e = row.effects[0]
                if (here if e.what == "same-terrain" else e.terrain) != self.mapped:
                    continue
                bl = row.low - (dhi + extra) if row.low is not None else 0
                bh = row.high - (dlo + extra) if row.high is not None else MAX_BONUS
                bonus = self._bonus(s, i, bl, bh)
                if bonus is None:
                    continue
                s1 = self._planned(s, bonus)
                if diego:
                    s1 = s1[:DUSED] + (True,) + s1[DUSED + 1:]
                yield ("mapping", j, False, diego, bonus, extra), s1

    def _apply(self, s: tuple, ops: tuple):
        vals, fev, struck, nv, np_, ne, nt, ni = s[V:DUSED]
        for what, n in ops:
            if not isinstance(what, str):
                vals = _add(vals, what, n)
            elif what == "fever":
                if self.immune:
                    continue
                vals = _add(vals, MORALE, -R.fever_morale)
                if not fev:
                    if self.obs_fever != "struck":
                        return None
                    fev = struck = True
            elif what in ("village", "peaceful-village"):
                kind = self.village_kind[what]
                if not kind:
                    continue
                if kind == "peaceful-village":
                    np_ += 1
                    if np_ > self.np:
                        return None
                else:
                    nv += 1
                    if nv > self.nv:
                        return None
                    vals = _add(vals, PROGRESS, -self.village_cost)
            elif what == "trail":
                nt += 1
                if nt > self.most_trail_rows:
                    return None
            elif what == "interests":
                if self.s0.interest_at(self.start) is not None:
                    continue
                ni += 1
                if ni > self.ni_max:
                    return None
            elif what == "empire":
                ne += 1
                if ne > self.ne:
                    return None
        return (vals, fev, struck, nv, np_, ne, nt, ni) + s[DUSED:]

    # --- the end of the search ----------------------------------------------------------------

    def ends(self, s: tuple) -> set:
        """The end-of-day values this path gives, or nothing when its marks, fever or dice disagree."""
        if not any(s[SLO] <= u <= s[SHI] for u in self.dice_used):
            return set()
        if (s[NV], s[NP], s[NE]) != (self.nv, self.np, self.ne) or s[NI] not in self.ni_options:
            return set()
        if (self.obs_fever == "struck") != s[STRUCK]:
            return set()
        if s[NT] not in self.trail_rows and not (self.trail_free and any(r <= s[NT] for r in self.trail_rows)):
            return set()  # (with no trail left to draw from the start hex, a trail row draws nothing)
        return self.tail(s[V], s[NI])

    def rolls_of(self, path: list) -> tuple[dict, list[str]]:
        """The dice of an explaining path (each roll's total inside its row) and what each gives."""
        _, kind = path[0]
        phases, ni = path[1:], 0
        bonus = {k: b for k, _, _, _, b, _ in phases if b is not None}
        least = sum(1 + lo for lo, _ in bonus.values())
        most = sum(1 + hi for _, hi in bonus.values())
        used = min(u for u in self.dice_used if least <= u <= most)
        left, b = used - least, {}
        for k, (lo, hi) in bonus.items():
            b[k] = lo + min(left, hi - lo)
            left -= b[k] - lo
        planning: list[int] = []
        for k, n in b.items():
            real = 1 + n if self.fever0 or CHARTS.index(k) == kind else 1 + min(n, KIND_BONUS_AT - 1)
            planning += [R.face(k)] * real
        planning += [R.wild_face] * (R.planning_dice - len(planning))
        rolls: dict = {"planning": sorted(planning)}
        told = [f"planning {sorted(planning)}: " + (", ".join(f"{k} +{n}" for k, n in b.items()) or "nothing")]
        for k, j, musket, diego, bn, extra in phases:
            if j is None:
                continue
            row = self.rows[k][j]
            effects = ", ".join(e.what if not e.amount else f"{e.what} {e.amount:+d}" for e in row.effects
                                if e.what != "terrain") or row.effects[0].terrain
            span = f"{row.low if row.low is not None else ''}\u2013{row.high if row.high is not None else ''}"
            if musket == "eclipse":
                told.append(f"{k}: the eclipse's chosen row {span} ({effects})")
                continue
            n = self.n_dice[k]
            lo_face, top = 1, R.die_faces
            if k == "mapping" and self.cataract is False:
                lo_face = R.cataract_face + 1  # no die showed the cataract face
            low, high = n * lo_face + extra + b[k], n * top + extra + b[k]
            if k == "mapping" and self.cataract:
                high = R.cataract_face + (n - 1) * top + extra + b[k]
            total = max(low, row.low if row.low is not None else low)
            assert total <= min(high, row.high if row.high is not None else high), (k, j, b[k], extra)
            dice = _split(total - extra - b[k], n, lo_face, top, k == "mapping" and bool(self.cataract))
            thrown = [dice, dice] if musket else [dice]
            rolls[k] = thrown if musket else dice
            if k == "native-contact" and self.s0.kantyi:  # her reroll of a 1 or 2 may show it again
                again = [d for r in thrown for d in r if d <= R.kantyi_reroll_at_most]
                if again:
                    rolls[KANTYI_ROLLS] = again
            told.append(f"{k} {dice}{' (a musket reroll)' if musket else ''}{' + Diego' if diego else ''} "
                        f"= {total}: row {span} ({effects})")
            ni = ni or (k == "exploring" and any(e.what == "interests" for e in row.effects))
        ni = int(ni and self.s0.interest_at(self.start) is None)
        interests = [self.start_interest] * ni + [found for _, _, found in self.steps[ni] if found]
        dice = []
        for key in interests:
            row = next(r for r in eng.INTEREST_ROWS if r.effects[0].terrain == key)
            dice.append(_split(row.low, R.phase_dice, 1, R.die_faces, False))
        if dice:
            rolls["interests"] = dice if len(dice) > 1 else dice[0]
            told.append("interests " + ", ".join(interests))
        return rolls, told

    def search(self, free: bool = False):
        """The first path that explains the day (a list of choices), or None. With `free`, instead,
        what every path ending as recorded in all trackers but one gives that one: {index: values}."""
        failed: dict = {}  # (phase, state but its planning dice) -> the dice spans explored in vain
        found: dict = {}
        target = self.target

        def walk(i: int, s: tuple):
            if i == len(CHARTS):
                outs = self.ends(s)
                if not free:
                    return [] if target in outs else None
                for out in outs:
                    off = [t for t in range(len(out)) if out[t] != target[t]]
                    if len(off) == 1:
                        found.setdefault(off[0], set()).add(out[off[0]])
                return None
            # A state explored before with at least these planning dice possible gave nothing: skip.
            key, dice = (i, s[:SLO] + s[KIND:]), (s[SLO], s[SHI])
            seen = failed.setdefault(key, [])
            if any(lo <= dice[0] and dice[1] <= hi for lo, hi in seen):
                return None
            for choice, s2 in self.expand(i, s):
                if not self.viable(i + 1, s2, free):
                    continue
                got = walk(i + 1, s2)
                if got is not None:
                    return [choice] + got
            seen.append(dice)
            return None

        for choice, s in self.starts():
            if self.viable(0, s, free):
                got = walk(0, s)
                if got is not None:
                    return [choice] + got
        return found if free else None


def _mornings(rp) -> list[tuple[int, bool | None]]:
    """The eclipse counts the day may begin with, each with whether Native Contact must be planned
    (an eclipse counts down only on a day that plays Native Contact)."""
    out = []
    for e in sorted(rp.eclipses):
        out += [(e, None)] if e == 0 else [(e, True), (e, False)]
    return out


def _joint(rp, s0: eng.State, obs) -> tuple[list[tuple[At, str]], list]:
    """Problems (none when one set of rolls explains the day), and for each eclipse count the day may
    begin with, one set of rolls that gives it and what each roll gives (a Cartography trail used
    only where no other explains one of its trails)."""
    found = []
    predicted = any(m.kind == "interest" and m.get("result") == "predict-eclipse" for m in obs["marks"])
    for e, native in _mornings(rp):
        for cartography in (False, True) if s0.expedition == "cartography" else (False,):
            day = _Unrolled(s0, obs, e, native, cartography)
            path = day.search()
            if path is not None:
                found.append((e, None if predicted else e - 1 if native else e, day.rolls_of(path)))
                break
    if found:
        return [], found
    have = dict(zip(TRACKER_KEYS, obs["values"]))
    one_off: dict = {}  # tracker -> the values it can end with while every other ends as recorded
    for e, native in _mornings(rp):
        for t, values in _Unrolled(s0, obs, e, native).search(free=True).items():
            one_off.setdefault(t, set()).update(values)
    alone = [(TRACKER_KEYS[t], sorted(one_off[t])) for t in sorted(one_off)]
    rule = ("each roll lands on one row of its chart and gives all of that row's effects together, and one "
            "planning roll sets every chart's bonus")
    day = s0.day + 1
    if not alone:
        mapping = _mapping_problem(rp, s0, obs, rule)
        if mapping:
            return [mapping], []
        message = f"no one set of rolls on day {day} gives these resources, marks and fever together ({rule})"
        return [(rp.at("resources"), message)], []
    key, values = alone[0]
    limit = f"with the other resources as recorded, day {day} can end with {key} {_either(values)}"
    for other, vals in alone[1:]:
        limit += f"; with {key} {have[key]}, {other} {_either(vals)}"
    return [(rp.at("resources", key),
             f"{key} {s0.get(key)} \u2192 {have[key]}, but no one set of rolls gives it: {limit} ({rule})")], []


def _mapping_problem(rp, s0: eng.State, obs, rule: str):
    """When the day's records agree but for the hex mapped: which terrains the Mapping roll could
    have drawn, or that the roll which draws this one shows the cataract face on the river."""
    days = [_Unrolled(s0, obs, e, native) for e, native in _mornings(rp)]
    day = days[0]
    if day.mapped is None or not day.map_targets:
        return None
    label = next(h for h, _ in obs["mapped"] if h not in obs["lagos"])
    at = rp.at("mapped", label)
    if day.cataract is False:
        for d in days:
            d.cataract = None
        if any(d.search() is not None for d in days):
            down = s0.board.downstream(s0.pos)
            blocked = f"; it would block the step to {down}" if down in obs["steps"] else ""
            return at, (f"{day.mapped}: the Mapping roll that draws {day.mapped} here shows a "
                        f"{R.cataract_face}, and from {s0.pos} on the river a {R.cataract_face} draws a cataract "
                        f"to {down}, which day {s0.day + 1} does not record{blocked} ({rule})")
        for d in days:
            d.cataract = False
    could = []
    for terrain in dict.fromkeys(s0.terrain[s0.pos] if e.what == "same-terrain" else e.terrain
                                 for row in ROWS["mapping"] for e in row.effects):
        for d in days:
            d.mapped = terrain
        if any(d.search() is not None for d in days):
            could.append(terrain)
    if not could:
        return None
    return at, (f"{day.mapped}: no one set of rolls gives day {s0.day + 1} with {label} mapped as {day.mapped}; "
                f"with the rest as recorded, the Mapping roll could draw {' or '.join(could)} ({rule})")


def _either(values: list[int]) -> str:
    """[5] -> '5'; [3, 4] -> '3 or 4'; [1, 2, 3, 4] -> '1\u20134'."""
    pair = 2  # not a rule: a range reads better than three numbers or more
    if len(values) > pair and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}\u2013{values[-1]}"
    return " or ".join(map(str, values[:-1])) + (" or " if len(values) > 1 else "") + str(values[-1])


def _trail_rows(s0: eng.State, obs, trails: list, interests: list, allowed: bool) -> frozenset:
    """How many of the day's trails the Exploring and Native Contact rows may have drawn (from the
    start hex), when every other trail comes from a Ruined Mission (from its hex) or a Cartography
    trail (from where the day ends, never on an edge stepped along today: it is drawn after travel)."""
    start = s0.pos
    path = (start,) + obs["steps"]
    stepped = {frozenset(e) for e in pairwise(path)}
    end = path[-1]
    ruined = [m.hexes[0] for m in interests if m.get("result") == "ruined-mission"]
    cartography = (allowed and s0.expedition == "cartography" and end not in s0.cartography
                   and dict(zip(TRACKER_KEYS, obs["values"]))["movement"] >= R.cartography_progress)
    sources = []
    for t in trails:
        options = [("row",)] if start in t else []
        options += [("ruined", i) for i, h in enumerate(ruined) if h in t]
        if cartography and end in t and t not in stepped:
            options.append(("cartography",))
        sources.append(options)
    out = set()
    for pick in product(*sources):
        taken = [p for p in pick if p[0] != "row"]
        if len(taken) == len(set(taken)):
            out.add(sum(1 for p in pick if p[0] == "row"))
    return frozenset(out)


def _split(total: int, n: int, lo: int, hi: int, one_low: bool) -> list[int]:
    """n dice of lo..hi adding up to total (the first showing lo when one_low)."""
    dice = [lo] if one_low else []
    left = total - sum(dice)
    for i in range(len(dice), n):
        rest = n - i - 1
        d = min(hi, left - rest * lo)
        dice.append(d)
        left -= d
    return sorted(dice)
