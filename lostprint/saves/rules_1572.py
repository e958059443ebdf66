"""1572: The Lost Expedition: what a save may record and how it is checked and scored.

Marks: village, peaceful-village, trail [A, B], cataract [upstream, downstream], interest
{hex, result}, empire, lagos-de-oro [three hexes]. Day fields: fever (struck | broken) and rolls
(the dice of each phase as the sheet shows them: {planning: [1, 2, 3, 3, 6], movement: [4, 5],
hunting: [[1, 2], [5, 6]]}; two lists are a roll and its musket reroll; for interests, one list per
roll; kantyi: the new faces of the Native Contact dice Princess Kantyi rerolled, in order).

Each day is replayed through lostprint.engine.lost_expedition (see lostprint.saves.replay_1572):
with rolls exactly, without them as one set of legal rolls that must give the whole day
(lostprint.saves.explain.explain_save says which).
"""
from __future__ import annotations

from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import Decision, Roll
from lostprint.files import line_of
from lostprint.files.fields import Reader
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_expedition import EXPEDITIONS, INTERESTS, KANTYI_ROLLS, TRACKER_KEYS
from lostprint.games.lost_expedition import RULES as R
from lostprint.saves import replay_1572
from lostprint.saves.rules import At, Event, LostRules, Mark, Problems, State, slug

INTEREST_RESULTS = tuple(slug(b.results[0]) for b in INTERESTS.bands)
NAMES = {slug(b.results[0]): b.results[0] for b in INTERESTS.bands}
WONDER = "natural-wonder"
LAGOS = "lagos-de-oro"


def _river(st: State) -> list[str]:
    out: list[str] = []
    for f in st.game_map.features_of("river"):
        out.extend(f.hexes)
    return out


def _pair(a: str, b: str) -> frozenset:
    return frozenset((a, b))


class Rules1572(LostRules):
    game_id = "lost-expedition"
    setup_fields = {"expedition": tuple(o.key for o in EXPEDITIONS)}
    required_setup = ("expedition",)
    mark_kinds = {
        "village": "a hex",
        "peaceful-village": "a hex",
        "trail": "two neighbouring hexes",
        "cataract": "two river hexes, upstream first",
        "interest": "{hex, result}",
        "empire": "a hex",
        "lagos-de-oro": "three hexes that touch each other",
    }
    day_fields = {"fever": "struck or broken",
                  "rolls": "the dice of each phase, {planning: [1, 2, 3, 3, 6], ...}; kantyi: Princess Kantyi's "
                           "new faces for the Native Contact 1s and 2s"}

    def setup_aliases(self, key: str) -> dict[str, str]:
        return {str(o.roll): o.key for o in EXPEDITIONS}

    def begin(self, st: State) -> None:
        st.flags.update(fever=False, trails=set(), interests={}, lagos=(),
                        cataracts=set(eng.printed_cataracts(st.game_map, tuple(_river(st)))))
        replay_1572.begin(st)

    def begin_day(self, st, day, at, problems) -> None:
        replay_1572.begin_day(st, day, at, problems)

    # --- day fields ----------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        if name == "rolls":
            replay_1572.read_rolls(st, value, at, problems)
            return
        if value is False or value is None:
            return
        state = "struck" if value is True else slug(value) if isinstance(value, str) else None
        if state not in ("struck", "broken"):
            problems.add(at, f"must be struck or broken, not {value!r}")
            return
        if state == "struck":
            if eng.fever_immune(st.setup.get("expedition", ""), st.flags["lagos"], st.day_start):
                problems.add(at, "a botany expedition is immune to fever" if st.setup.get("expedition") == "botany"
                             else f"at Lagos de Oro ({st.day_start}) the party is immune to fever")
                return
            st.flags["fever"] = True
            st.events.append(Event(st.day, "fever", "fever"))
            return
        if not st.flags["fever"]:
            problems.add(at, "there is no fever to break")
            return
        if eng.terrain_rule(st.terrain[st.day_start]).no_fever_break:
            problems.add(at, f"a fever cannot break in a swamp ({st.day_start})")
            return
        st.flags["fever"] = False
        st.events.append(Event(st.day, "fever-broken", "fever broken"))

    # --- mapping and moving --------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        if label in st.flags.get("lagos_today", ()):
            return
        if not st.adjacent(st.day_start, label):
            problems.add(at, f"{label} is not next to {st.day_start}, where the day began "
                             "(the Mapping phase draws a neighbouring hex)")

    def trail_between(self, st: State, a: str, b: str) -> bool:
        return _pair(a, b) in st.flags["trails"]

    def check_move(self, st, a, b, at, problems) -> None:
        if _pair(a, b) in st.flags["cataracts"]:
            problems.add(at, f"a cataract blocks the way between {a} and {b}")

    def check_day_moves(self, st, moves, at, problems) -> None:
        path = [st.day_start] + moves
        steps = list(zip(path, path[1:]))
        if len(steps) == 1:
            return
        if len(steps) <= R.max_steps and all(self.trail_between(st, a, b) for a, b in steps):
            return
        problems.add(at, f"{len(steps)} moves in a day: a step costs {R.move_cost} movement progress of at "
                         f"most {R.cap} (two only along trails, at {R.trail_cost} each)")

    # --- marks ---------------------------------------------------------------------------------

    def _where_the_day_began(self, st: State, label: str, at: At, problems: Problems, what: str) -> bool:
        if label != st.day_start:
            problems.add(at, f"{what} is found by Exploring or Native Contact (phases 4\u20135), before Map "
                             f"Travel: it is drawn where day {st.day} began, in {st.day_start}; the party was not at "
                             f"{label} then")
            return False
        return True

    def _here(self, st: State, label: str, at: At, problems: Problems, what: str) -> bool:
        if not st.stood_today(label):
            problems.add(at, f"{what} is drawn where the party stands, and the party was not at {label} "
                             f"on day {st.day} (it stood in {', '.join(dict.fromkeys(st.day_hexes))})")
            return False
        return True

    def check_mark(self, st, kind, value, at, problems, container):

        rd = Reader(problems, st.game_map)
        day = st.day
        if kind in ("village", "peaceful-village", "empire"):
            lab = rd.label(value, at)
            what = "an empire" if kind == "empire" else f"a {kind.replace('-', ' ')}"
            if lab is None or not self._where_the_day_began(st, lab, at, problems, what):
                return None
            found = eng.village_found(st.setup.get("expedition", ""), st.terrain[lab], kind == "peaceful-village")
            if kind != "empire" and not found:
                problems.add(at, f"{lab} is a lake: village results are discarded there")
                return None
            if kind != "empire" and found != kind:
                problems.add(at, "on a religious expedition every village is a peaceful-village")
                return None
            if kind == "empire":
                st.events.append(Event(day, "empire", "empire"))
            return Mark(kind, day, (lab,))
        if kind == "trail":
            pair = rd.labels(value, at, 2)  # not a rule: an edge joins two hexes
            if pair is None:
                return None
            a, b = pair
            if not st.adjacent(a, b):
                problems.add(at, f"a trail joins two neighbouring hexes; {a} and {b} are not neighbours")
                return None
            if not (st.stood_today(a) or st.stood_today(b)):
                problems.add(at, f"a trail starts where the party stands; it was not at {a} or {b} on day {day}")
                return None
            if _pair(a, b) in st.flags["cataracts"]:
                problems.add(at, f"a trail cannot pass the cataract between {a} and {b}")
                return None
            if _pair(a, b) in st.flags["trails"]:
                problems.add(at, f"there is already a trail between {a} and {b}")
                return None
            st.flags["trails"].add(_pair(a, b))
            return Mark(kind, day, (a, b))
        if kind == "cataract":
            pair = rd.labels(value, at, 2)  # not a rule: an edge joins two hexes
            if pair is None:
                return None
            a, b = pair
            river = _river(st)
            if a not in river or b not in river:
                off = a if a not in river else b
                problems.add(at, f"a cataract stands between two river hexes; {off} is not on the river")
                return None
            ia, ib = river.index(a), river.index(b)
            if abs(ia - ib) != 1:
                problems.add(at, f"{a} and {b} are not next to each other along the river")
                return None
            up, down = (a, b) if ia < ib else (b, a)
            if up != st.day_start:
                where = "not a river hex" if st.day_start not in river else f"whose cataract would be {st.day_start}" \
                    f"–{river[river.index(st.day_start) + 1]}" if st.day_start != river[-1] else "the delta"
                problems.add(at, f"a cataract is drawn while mapping (phase 3), on the downstream side of the river "
                                 f"hex the party maps from: on day {day} that is {st.day_start}, {where}")
                return None
            if _pair(a, b) in st.flags["cataracts"]:
                problems.add(at, f"there is already a cataract between {a} and {b}")
                return None
            st.flags["cataracts"].add(_pair(a, b))
            return Mark(kind, day, (up, down))
        if kind == "interest":
            spec = rd.mapping(value, at, "{hex: B3, result: natural-wonder}")
            if spec is None:
                return None
            rd.unknown(spec, ("hex", "result"), at.field, "interest field")
            if "hex" not in spec or "result" not in spec:
                problems.add(at, "an interest needs its hex and its result, like {hex: G1, result: natural-wonder}")
                return None

            lab = rd.label(spec["hex"], At(line_of(spec, "hex"), f"{at.field}.hex"))
            rat = At(line_of(spec, "result"), f"{at.field}.result")
            result = rd.text(spec["result"], rat)
            if lab is None or result is None:
                return None
            result = slug(result)
            if result not in INTEREST_RESULTS:
                problems.add(rat, f"{result!r} is not an interest ({', '.join(INTEREST_RESULTS)})")
                return None
            if not self._here(st, lab, at, problems, "an interest"):
                return None
            found = st.flags["interests"]
            if lab in found:
                problems.add(at, f"{lab} already holds an interest ({NAMES[found[lab]]}): one per hex")
                return None
            if result != WONDER and result in found.values():
                problems.add(rat, f"{NAMES[result]} was found already; a repeat becomes a natural-wonder")
                return None
            found[lab] = result
            st.events.append(Event(day, "interest", NAMES[result]))
            return Mark(kind, day, (lab,), (("result", result),))
        if kind == LAGOS:
            hexes = rd.labels(value, at, R.lagos_hexes)
            if hexes is None:
                return None
            st.flags["lagos_today"] = tuple(hexes)  # its lakes are drawn by the roll, not by Mapping
            if len(set(hexes)) != R.lagos_hexes or not all(st.adjacent(x, y) for x in hexes for y in hexes if x != y):
                problems.add(at, "Lagos de Oro is three hexes that all touch each other")
                return None
            if st.flags["lagos"]:
                problems.add(at, "there is only one Lagos de Oro")
                return None
            if LAGOS not in st.flags["interests"].values():
                problems.add(at, "Lagos de Oro comes from an Interests roll: record {interest: {hex: ..., "
                                 "result: lagos-de-oro}} first")
                return None
            drawn = st.flags.get("drawn_today", {})
            for lab in hexes:
                if drawn.get(lab) != "lake":
                    problems.add(at, f"the Lagos de Oro hexes are drawn as lake the same day: add {lab}: lake "
                                     "to this day's mapped")
                    return None
            s0 = st.flags.get("engine")
            if s0 is not None:  # where the party stood when it rolled Lagos de Oro, the map as it was
                spot = next(h for h, r in st.flags["interests"].items() if r == LAGOS)
                then = eng.replace(s0, pos=spot, terrain={h: t for h, t in st.terrain.items() if h not in hexes})
                if tuple(sorted(hexes)) not in eng.lagos_placements(then):
                    problems.add(at, eng.lagos_problem(then, hexes))
                    return None
            st.flags["lagos"] = tuple(hexes)
            return Mark(kind, day, tuple(hexes))
        raise AssertionError(kind)

    # --- the end -------------------------------------------------------------------------------

    def check_resources(self, st, before, at, problems) -> None:
        lost = before["conquistadors"] - st.values["conquistadors"]
        if lost > 0:
            st.events.append(Event(st.day, "loss", f"\u2212{lost} conquistador" + "s" * (lost > 1)))
        elif lost < 0:
            st.events.append(Event(st.day, "gain", f"+{-lost} conquistador" + "s" * (lost < -1)))
        replay_1572.check_day(st, before, problems)
        st.flags["lagos_today"] = ()

    def end_of_day(self, st):
        if st.position in st.game_map.goals:
            return "won", "reached the river delta"
        if st.values["conquistadors"] == 0:
            return "lost", "the last conquistador was lost"
        if st.day >= st.game.day_limit:
            return "lost", f"{st.game.day_limit} days passed and the ships have sailed"
        return None

    def facts(self, st, record) -> tuple[str, ...]:
        """In the order of the phases: mapping, what was found, then travel."""
        out = []
        for lab, terrain in record["mapped"]:
            out.append(f"mapped {lab} ({terrain})")
        fever = record["extra"].get("fever")
        if fever is True or fever == "struck":
            out.append("fever")
        elif fever == "broken":
            out.append("fever broken")
        for m in st.marks:
            if m.day != record["day"]:
                continue
            if m.kind == "interest":
                out.append(f"{NAMES[m.get('result')]} at {m.hexes[0]}")
            elif m.kind in ("trail", "cataract"):
                out.append(f"{m.kind} {m.hexes[0]}\u2013{m.hexes[1]}")
            elif m.kind == LAGOS:
                out.append("Lagos de Oro drawn")
            else:
                out.append(f"{m.kind.replace('-', ' ')} at {m.hexes[0]}")
        for lab in record["moved"]:
            out.append(f"on to {lab}")
        if not record["moved"]:
            out.append(f"camped in {record['start']}")
        return tuple(out)

    def score(self, st, result) -> list[tuple[str, int]]:
        s = st.flags.get("engine")  # None only once the save has problems: no score is checked then
        return list(eng.score_for(s, result)) if s is not None else []


RULES = Rules1572()


class Explaining1572(Rules1572):
    """The same rules, keeping each day a save without rolls passes, for saves.explain.explain_save."""

    def __init__(self):
        self.days: list = []

    def begin(self, st: State) -> None:
        super().begin(st)
        st.flags["explained"] = self.days


# --- the transcript: a game the driver played, as a save ------------------------------------------


def save_of(events, final, names=(), standard: bool = True) -> dict:
    """A game the driver played (its events, lostprint.engine.drive.Event) as save data: each day's
    fields, its dice under `rolls:` and a log of what happened (for a journal writer). The party has
    no names to record (`names` keeps the transcripts' one signature)."""

    days: list[list] = []
    for e in events:
        if e.step == "start":
            days.append([])
        days[-1].append(e)
    out = {"format": SAVE_FORMAT, "game": "lost-expedition", "map": "standard" if standard else None,
           "setup": {"expedition": final.expedition}, "days": [_save_day(day) for day in days]}
    if final.over:
        out["outcome"] = {"result": final.over[0]}
    return out


def _save_day(events) -> dict:
    rolls: dict = {}

    def record(key: str, dice) -> None:
        if key in rolls:
            old = rolls[key]
            rolls[key] = (old if isinstance(old[0], list) else [old]) + [list(dice)]
        else:
            rolls[key] = list(dice)

    for e in events:
        need = e.need
        if isinstance(need, Decision) and need.key == "wilds":
            record("planning", e.state.plan.dice)  # the dice after the one reroll
        elif isinstance(need, Roll) and need.key != "planning":
            faces = (e.value,) if isinstance(e.value, int) else e.value
            if need.key == KANTYI_ROLLS:  # her rerolls of a roll and of its musket reroll, in order
                rolls[KANTYI_ROLLS] = rolls.get(KANTYI_ROLLS, []) + list(faces)
            else:
                record(need.key, faces)
    st = events[-1].state
    day: dict = {"day": st.day}
    if st.mapped_today:
        day["mapped"] = dict(st.mapped_today)
    if st.steps:
        day["moved"] = list(st.steps)
    if st.marks_today:
        day["marks"] = [mark_of(m) for m in st.marks_today]
    if st.fever_today:
        day["fever"] = st.fever_today
    day["rolls"] = rolls
    day["resources"] = dict(zip(TRACKER_KEYS, st.values))
    day["log"] = list(st.log)
    return day


def mark_of(mark: tuple) -> dict:
    """An engine's mark of the day (marks_today) as a save records it."""
    kind, hexes, *result = mark
    if kind == "interest":
        return {"interest": {"hex": hexes[0], "result": result[0]}}
    if kind in ("trail", "cataract", "lagos-de-oro"):
        return {kind: list(hexes)}
    return {kind: hexes[0]}
