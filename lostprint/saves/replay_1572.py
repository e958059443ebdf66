"""1572 saves replayed through the engine, one day at a time.

A day with `rolls:` is replayed exactly: the recorded dice, the decisions the save shows (the hex
mapped, where trails lead, Lagos de Oro, the steps) and every hidden decision the sheet does not
record (where the WILDs went, Diego Mendoza's +1, an eclipse's chosen row, filling food at a
Migration) are tried until one replay gives the recorded day; otherwise the first divergence is
reported. A day without rolls is checked against what any legal roll could give: every consequence
that does not depend on dice exactly (progress paid per step, food eaten, morale by direction,
the hexes mapped, desertion), every one that does against its range.

The engine state between days lives in the replay state's flags (local to one check).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from types import MappingProxyType

from lostprint.engine import lost_expedition as eng
from lostprint.files.fields import at_key
from lostprint.games.lost_expedition import ROLL_KEYS, TRACKER_KEYS, interest_rule
from lostprint.games.lost_expedition import RULES as R
from lostprint.saves.rules import At

PHASE_TITLE = MappingProxyType({"movement": "the Movement roll", "exploring": "Exploring",
                                "native-contact": "Native Contact", "hunting": "Hunting"})


def begin(st) -> None:
    st.flags["engine"] = eng.new_game(eng.board_of(st.game_map), st.setup.get("expedition", ""))
    st.flags["eclipse_options"] = frozenset({0})


def begin_day(st, day, at: At, problems) -> None:
    st.flags.update(raw_day=day, day_at=at, problems_at_start=len(problems), rolls=None)
    if "expedition" not in st.setup:
        st.flags["problems_at_start"] = -1  # no expedition: the engine cannot replay


# --- rolls ----------------------------------------------------------------------------------------


def _faces(value, at: At, problems, nested_ok: bool) -> tuple[tuple[int, ...], ...] | None:
    """[4, 5] -> ((4, 5),); [[1, 2], [5, 6]] -> ((1, 2), (5, 6))."""
    if not isinstance(value, list) or not value:
        problems.add(at, "must be a list of die faces, like [4, 5]")
        return None
    groups = value if all(isinstance(v, list) for v in value) else [value]
    if len(groups) > 1 and not nested_ok:
        problems.add(at, "one roll only: a list of die faces, like [4, 5]")
        return None
    out = []
    for g in groups:
        if not g or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= R.die_faces for d in g):
            message = f"die faces are whole numbers 1\u2013{R.die_faces}, not {g!r}"
            problems.add(at, message[:120])  # not a rule: a message length
            return None
        out.append(tuple(g))
    return tuple(out)


def read_rolls(st, value, at: At, problems) -> None:
    if not isinstance(value, dict):
        problems.add(at, "must be a mapping of phase: dice, like {planning: [1, 2, 3, 3, 6], movement: [4, 5]}")
        return
    rolls: dict = {}
    for key in value:
        kat = at_key(value, key, f"{at.field}.{key}")
        if key not in ROLL_KEYS:
            problems.add(kat, f"not a phase that rolls ({', '.join(ROLL_KEYS)})")
            continue
        faces = _faces(value[key], kat, problems, nested_ok=key != "planning")
        if faces is not None:
            rolls[key] = (faces, kat)
    if "planning" not in rolls and not problems:
        problems.add(at, "a day's rolls start with the planning dice")
        return
    st.flags["rolls"] = rolls


# --- what the save says happened -----------------------------------------------------------------


def _observed(st, values: dict) -> dict:
    marks = [m for m in st.marks if m.day == st.day]
    lagos = next((m.hexes for m in marks if m.kind == "lagos-de-oro"), ())
    fever = st.flags["raw_day"].get("fever")
    fever = "struck" if fever is True else fever if isinstance(fever, str) else ""
    return {
        "mapped": tuple(st.flags.get("drawn_today", {}).items()),
        "lagos": tuple(lagos),
        "marks": marks,
        "steps": tuple(st.day_hexes[1:]),
        "fever": fever.strip().lower(),
        "values": tuple(values[k] for k in TRACKER_KEYS),
    }


def _mark_key(kind: str, hexes, result=None):
    if kind == "trail":
        return (kind, frozenset(hexes), None)
    if kind == "lagos-de-oro":
        return (kind, tuple(sorted(hexes)), None)
    return (kind, tuple(hexes), result)


def _obs_marks(obs) -> list:
    return sorted((_mark_key(m.kind, m.hexes, m.get("result")) for m in obs["marks"]), key=repr)


def _engine_marks(s: eng.State) -> list:
    return sorted((_mark_key(kind, hexes, *rest) for kind, hexes, *rest in s.marks_today), key=repr)


def synced(s: eng.State, obs) -> eng.State:
    """The engine state after a day, rebuilt from what the save records (for a day without rolls)."""
    terrain = dict(s.terrain)
    terrain.update(obs["mapped"])
    trails, cataracts = set(s.trails), set(s.cataracts)
    peaceful, villages, empires = list(s.peaceful), list(s.villages), list(s.empires)
    interests, migration = list(s.interests), list(s.migration)
    eclipse, kantyi, diego, lagos = s.eclipse, s.kantyi, s.diego, s.lagos
    for m in obs["marks"]:
        if m.kind == "trail":
            trails.add(frozenset(m.hexes))
        elif m.kind == "cataract":
            cataracts.add(frozenset(m.hexes))
        elif m.kind == "peaceful-village":
            peaceful.append(m.hexes[0])
        elif m.kind == "village":
            villages.append(m.hexes[0])
        elif m.kind == "empire":
            empires.append(m.hexes[0])
        elif m.kind == "lagos-de-oro":
            lagos = tuple(m.hexes)
        elif m.kind == "interest":
            key = m.get("result")
            interests.append((m.hexes[0], key))
            for e in interest_rule(key).effects:
                if e.what == "migration":
                    migration.append(m.hexes[0])
                elif e.what == "eclipse":
                    eclipse = e.amount
                elif e.what == "kantyi":
                    kantyi = True
                elif e.what == "diego":
                    diego = True
    fever = s.fever if not obs["fever"] else obs["fever"] == "struck"
    pos = obs["steps"][-1] if obs["steps"] else s.pos
    return replace(s, terrain=terrain, trails=frozenset(trails), cataracts=frozenset(cataracts),
                   peaceful=tuple(peaceful), villages=tuple(villages), empires=tuple(empires),
                   interests=tuple(interests), migration=tuple(migration), eclipse=eclipse, kantyi=kantyi,
                   diego=diego, lagos=lagos, fever=fever, pos=pos, values=obs["values"], day=s.day + 1,
                   day_start=s.pos, steps=obs["steps"])


# --- the day ------------------------------------------------------------------------------------


def check_day(st, before: dict, problems) -> None:
    s0: eng.State = st.flags["engine"]
    if st.flags["problems_at_start"] < 0 or len(problems) > st.flags["problems_at_start"] or s0 is None:
        st.flags.update(rolls=None, engine=None)
        return  # the game is already wrong in its own terms: no replay on top of it
    obs = _observed(st, st.values)
    rolls = st.flags.get("rolls")
    if rolls:
        found = _exact(st, s0, rolls, obs)
        if isinstance(found, eng.State):
            st.flags["engine"] = replace(found, steps=(), log=())
            st.flags["eclipse_options"] = frozenset({found.eclipse})
            st.flags["rolls"] = None
            return
        at, message = found
        problems.add(at, message)
        st.flags.update(rolls=None, engine=None)
        return
    else:
        wrong = _bounds(st, s0, obs)[:1]
        for at, message in wrong:
            problems.add(at, message)
        if wrong:
            st.flags.update(rolls=None, engine=None)
            return
        ecl = st.flags["eclipse_options"]
        after = synced(s0, obs)
        if after.eclipse != s0.eclipse:  # a Predict Eclipse found today
            ecl = frozenset({after.eclipse})
        else:
            ecl = frozenset(ecl | {max(e - 1, 0) for e in ecl})
        st.flags["eclipse_options"] = ecl
    st.flags["engine"] = replace(synced(s0, obs), steps=(), log=())
    st.flags["rolls"] = None


def _field(st, *path) -> At:
    """The line and field path of a part of today's day (the nearest line that exists)."""
    container, at = st.flags["raw_day"], st.flags["day_at"]
    line, name = at.line, at.field
    for key in path:
        name = f"{name}.{key}"
        if isinstance(container, dict) and key in container:
            line = at_key(container, key, name).line
            container = container[key]
        else:
            container = None
    return At(line, name)


# --- with rolls: exact --------------------------------------------------------------------------


class _Stop(Exception):
    def __init__(self, at: At, message: str):
        super().__init__(message)
        self.at, self.message = at, message


def _replay(st, s: eng.State, rolls: dict, obs, wilds, diego_on, choice, fill) -> eng.State:
    trails = [m.hexes for m in obs["marks"] if m.kind == "trail"]

    def trail_from(where: str):
        for pair in trails:
            if where in pair:
                return pair[1] if pair[0] == where else pair[0]
        return None

    def used_trail(before: eng.State, after: eng.State) -> None:
        for m in after.marks_today[len(before.marks_today):]:
            if m[0] == "trail":
                pair = next((p for p in trails if set(p) == set(m[1])), None)
                if pair is not None:
                    trails.remove(pair)

    def run(key: str, fn, *args, **kw):
        try:
            return fn(*args, **kw)
        except eng.Illegal as exc:
            at = rolls[key][1] if key in rolls else _field(st, "rolls") if "rolls" in st.flags["raw_day"] \
                else st.flags["day_at"]
            raise _Stop(at, str(exc)) from None

    def dice(key: str):
        return rolls[key][0] if key in rolls else ()

    s = eng.start_day(s)
    s = run("planning", eng.planning, s, dice("planning")[0], wilds)
    for key in set(rolls) - {"planning", "interests"}:
        if key not in s.plan.called:
            raise _Stop(rolls[key][1], f"no {R.face(key)} was planned on day {s.day}: {key} is skipped")
    interest_rolls = list(dice("interests"))
    mapped = [h for h, _ in obs["mapped"] if h not in obs["lagos"]]
    for key in ("movement", "mapping", "exploring", "native-contact", "hunting"):
        if key not in s.plan.called:
            continue
        before = s
        if key == "mapping":
            if not eng.mapping_targets(s):
                continue
            if "mapping" not in rolls:
                raise _Stop(_field(st, "rolls"), f"a {R.face(key)} was planned: record the mapping dice")
            if not mapped:
                raise _Stop(_field(st, "mapped"), "the mapping dice were rolled: record the hex they drew")
            s = run(key, eng.mapping, s, mapped[0], dice(key)[0], diego_on == key)
            continue
        if key not in rolls and not (key == "native-contact" and s.eclipse):
            raise _Stop(_field(st, "rolls"), f"a {R.face(key)} was planned: record the {key} dice")
        s = run(key, eng.roll_phase, s, key, dice(key), diego_on == key, trail_from(s.pos),
                choice if key == "native-contact" and s.eclipse else None)
        used_trail(before, s)

    def interest(s):
        if not interest_rolls:
            raise _Stop(_field(st, "rolls"), f"an interest is due at {s.pos}: record the interests dice")
        before = s
        dice = interest_rolls.pop(0)
        diego = diego_on == "interests" and not s.diego_used
        key = run("interests", eng.interest_key, s, sum(dice) + (R.bonus_per_extra if diego else 0))
        s = run("interests", eng.interests, s, dice, diego, obs["lagos"], trail_from(s.pos),
                fill and key == "migration")
        used_trail(before, s)
        return s

    if s.interest_due:
        s = interest(s)
    s = eng.eat(s)
    for j, to in enumerate(obs["steps"]):
        problem = eng.step_problem(s, to)
        if problem:
            raise _Stop(_field(st, "moved"), problem)
        s = eng.step(s, to)
        if s.interest_due:
            s = interest(s)
    if interest_rolls:
        raise _Stop(rolls["interests"][1], "more interests dice than interests rolled today")
    s = eng.morale(s)
    cart = trail_from(s.pos) if trails and eng.cartography_allowed(s) else None
    s = run("planning", eng.end_day, s, cart)
    used_trail(s, s)
    return s


def _differences(st, s: eng.State, obs) -> list[tuple[At, str]]:
    out = []
    why = "; ".join(s.log)
    if s.fever_today != obs["fever"]:
        out.append((_field(st, "fever"), f"the rolls give {s.fever_today or 'no fever change'}, "
                                         f"not {obs['fever'] or 'none'} ({why})"))
    if dict(s.mapped_today) != dict(obs["mapped"]):
        got = ", ".join(f"{h}: {t}" for h, t in s.mapped_today) or "nothing"
        out.append((_field(st, "mapped"), f"the rolls map {got} ({why})"))
    if _engine_marks(s) != _obs_marks(obs):
        got = ", ".join(" ".join((kind, "-".join(sorted(hexes)), *rest)) for kind, hexes, *rest in s.marks_today) \
            or "no marks"
        out.append((_field(st, "marks"), f"the rolls give {got} ({why})"))
    for key, want, have in zip(TRACKER_KEYS, s.values, obs["values"]):
        if want != have:
            out.append((_field(st, "resources", key), f"{have}, but the rolls give {key} {want} ({why})"))
    return out


def _exact(st, s0: eng.State, rolls: dict, obs):
    start = eng.start_day(s0)
    plan_dice = rolls["planning"][0][0]
    wilds = eng.wild_assignments(start, plan_dice) if len(plan_dice) == R.planning_dice else ((),)
    diegos = (None,) + ((*ROLL_KEYS[1:],) if s0.diego else ())
    fills = (False, True) if any(m.kind == "interest" and m.get("result") == "migration"
                                for m in obs["marks"]) else (False,)
    eclipses = sorted(st.flags["eclipse_options"] | {s0.eclipse})
    choices = (None,)
    if any(eclipses):
        choices = (None,) + tuple(range(len(eng.rows_of("native-contact"))))
    best = None
    for e, w, d, c, f in product(eclipses, wilds, diegos, choices, fills):
        try:
            s = _replay(st, replace(s0, eclipse=e), rolls, obs, w, d, c, f)
        except _Stop as stop:
            if best is None:
                best = (float("inf"), [(stop.at, stop.message)])
            continue
        diffs = _differences(st, s, obs)
        if not diffs:
            return s
        if best is None or len(diffs) < best[0]:
            best = (len(diffs), diffs)
    return best[1][0]


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


def _interest_effects(r: _Range, key: str, fill_possible: bool) -> None:
    for e in interest_rule(key).effects:
        if e.what in TRACKER_KEYS:
            r.exact(key.replace("-", " "), e.what, e.amount)
        elif e.what == "migration" and fill_possible:
            r.add("a musket to fill food at the migration", {"muskets": (-R.musket_reroll_cost, 0),
                                                              "food": (0, R.cap)})


def _bounds(st, s0: eng.State, obs) -> list[tuple[At, str]]:
    out: list[tuple[At, str]] = []
    day = s0.day + 1
    drawn = [h for h, _ in obs["mapped"] if h not in obs["lagos"]]
    if len(drawn) > 1:
        out.append((_field(st, "mapped", drawn[1]),
                    f"{len(drawn)} hexes mapped on day {day}: the Mapping phase draws one hex a day"
                    + (f" (Lagos de Oro adds its {R.lagos_hexes} lakes)" if obs["lagos"] else "")))
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
        r.exact(f"{villages} village{'s' * (villages > 1)}", "movement", -villages * R.village_progress)
    native = dict(eng.phase_range(s0, "native-contact"))
    discards = eng.terrain_rule(s0.terrain_here()).discards_villages
    if not peaceful_today and not discards:  # Food and Cache rows bring a peaceful village with them
        native = {k: (a, min(b, 0) if k in ("food", "muskets", "morale") else b) for k, (a, b) in native.items()}
    r.add(PHASE_TITLE["native-contact"], native)
    r.add(PHASE_TITLE["hunting"], eng.phase_range(s, "hunting"))
    if s0.diego:
        pass  # Diego's +1 is inside the ranges already
    for m in marks:
        if m.kind == "interest" and m.hexes[0] == start and m.hexes[0] not in obs["steps"]:
            _interest_effects(r, m.get("result"), True)
    migration = s0.migration + tuple(m.hexes[0] for m in marks if m.kind == "interest"
                                     and m.get("result") == "migration" and m.hexes[0] == start)
    if not eng.fed_by_migration(replace(s0, migration=migration)):
        lo, hi = r.lo["food"], r.hi["food"]
        r.add("rations", {"food": (-R.ration, -R.ration)})
        if lo < R.ration:
            r.add("starvation", {"conquistadors": (-1, -1 if hi < R.ration else 0)})
    trails = set(s0.trails) | {frozenset(m.hexes) for m in marks if m.kind == "trail"}
    path = (start,) + obs["steps"]
    by_dir = dict(R.morale_by_direction)
    for j, (a, b) in enumerate(zip(path, path[1:])):
        cost = R.trail_cost if frozenset((a, b)) in trails else R.move_cost
        if r.hi["movement"] < cost:
            have = ", ".join(f"{n} {_signed(x, y)}" for n, x, y in r.why["movement"]) or "nothing more today"
            out.append((_field(st, "moved"), f"entering {b} costs {cost} movement progress"
                        + (" by trail" if cost == R.trail_cost else "")
                        + f"; the party can have at most {r.hi['movement']} (from {s0.get('movement')}: {have})"))
            return out
        r.lo["movement"] = max(r.lo["movement"], cost)
        r.exact(f"step to {b}", "movement", -cost)
        if s0.board.downstream(a) == b:
            r.exact("the river", "movement", R.river_progress)
        for m in marks:
            if m.kind == "interest" and m.hexes[0] == b:
                _interest_effects(r, m.get("result"), True)
    if obs["steps"]:
        for a, b in zip(path, path[1:]):
            d = s0.board.direction(a, b)
            r.exact(f"a step {d}", "morale", by_dir[d])
    else:
        r.exact("no travel", "morale", R.morale_no_travel)
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
        out.append((_field(st, "resources", key),
                    f"{key} {s0.get(key)} \u2192 {have}, but {limit} ({why}; maximum {R.cap})"))
    return out
