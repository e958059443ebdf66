"""1572: The Lost Expedition: what a save may record and how it is checked and scored.

Marks: village, peaceful-village, trail [A, B], cataract [upstream, downstream], interest
{hex, result}, empire, lagos-de-oro [three hexes]. Day fields: fever (struck | broken) and rolls
(the dice of each phase as the sheet shows them: {planning: [1, 2, 3, 3, 6], movement: [4, 5],
hunting: [[1, 2], [5, 6]]}; two lists are a roll and its musket reroll; for interests, one list per
roll; kantyi: the new faces of the Native Contact dice Princess Kantyi rerolled, in order).

This module is the transcript: it reads a day's fields into what the one search over the engine's
steps takes (lostprint.saves.search: the recorded dice, hexes and steps as inputs, the trails, the
hex mapped and Lagos de Oro as narrowed decisions, the day's end as checks), says a failed search in
the save's words, and writes a played game back as a save (`save_of`). A day without rolls is
replayed with the rolls the engine's `fill_inputs` finds for it (Explaining1572 says which).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import Decision, Roll
from lostprint.files import key_line, line_of
from lostprint.files.fields import Reader, at_key, keyname
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_expedition import EXPEDITIONS, GAME, INTERESTS, KANTYI_ROLLS, ROLL_KEYS, TRACKER_KEYS
from lostprint.games.lost_expedition import INTEREST_RULES
from lostprint.games.lost_expedition import RULES as R
from lostprint.saves import search
from lostprint.saves.fields_1572 import fields
from lostprint.saves.fields_common import closest, listing, spelled, spelling
from lostprint.saves.fields_read import read, unknown_keys
from lostprint.saves.rules import At, Event, LostRules, Mark, State, slug

FIELDS = fields(GAME)
MARKS = {m["kind"]: m for m in FIELDS["marks"]}
DAY_FIELDS = {f["key"]: f for f in FIELDS["day"]}
FACE = DAY_FIELDS["rolls"]["fields"][0]["item"]["shapes"][0]  # a die's face
ONE_ROLL = {f["key"]: listing(FACE, least=1, single=bool(f.get("single")))  # one die alone: native-contact: 4
            for f in DAY_FIELDS["rolls"]["fields"]}
ROLLS = listing(listing(FACE, least=1), least=1)  # a roll and a musket's reroll, or one list per Interests roll
INTEREST_RESULTS = tuple(slug(b.results[0]) for b in INTERESTS.bands)
NAMES = {slug(b.results[0]): b.results[0] for b in INTERESTS.bands}
WONDER = "natural-wonder"
LAGOS = "lagos-de-oro"
JOURNAL_WORDS = {"won": "reached the river delta",  # the journal's words for the engine's game_over
                 eng.DAY_LIMIT: f"{R.day_limit} days passed and the ships have sailed"}


def _marked(st: State, kind: str) -> list:
    """The marks of a kind the save has shown so far."""
    return [m for m in st.marks if m.kind == kind]


def _edges(st: State, kind: str) -> set:
    """The trails, or the cataracts (the map's printed ones too), as pairs of hexes."""
    return {frozenset(m.hexes) for m in _marked(st, kind)} | (st.own.board.cataracts if kind == "cataract" else set())


def _interests(st: State) -> dict:
    return {m.hexes[0]: m.get("result") for m in _marked(st, "interest")}


@dataclass
class Replay:
    """The transcript's own state through a save (State.own): the engine's state
    when the day began (None once the save cannot be replayed), the eclipse counts it may hold then,
    and the day being read."""

    board: eng.Board
    engine: eng.State | None
    eclipses: frozenset = frozenset({0})
    raw: dict = field(default_factory=dict)  # the day's fields as the save has them
    day_at: At = At(0, "")
    problems_before: int = 0  # problems found before today (-1: no expedition, nothing is replayed)
    rolls: dict | None = None  # the day's rolls, key -> (faces, At)
    lagos: tuple = ()  # the Lagos de Oro hexes drawn today (their lakes come from the roll, not Mapping)
    lagos_at: At | None = None  # where the save draws them (where the engine's refusal of them is said)
    fever: str = ""  # the day's fever as recorded: "struck", "broken" or ""
    explained: list | None = None  # per day, the rolls found for a day without them (Explaining1572)

    def at(self, *path) -> At:
        """The line and field path of a part of today's day (the nearest line that exists)."""
        container, line, name = self.raw, self.day_at.line, self.day_at.field
        for key in path:
            name += f"[{key}]" if isinstance(key, int) else f".{key}"
            if isinstance(container, dict) and key in container or isinstance(container, list) and key < len(container):
                line = line_of(container, key)
                container = container[key]
            else:
                container = None
        return At(line, name)

    def read_rolls(self, value, at: At, problems) -> None:
        rd = Reader(problems)
        spec = rd.mapping(value, at, "a mapping of phase: dice, like {planning: [1, 2, 3, 3, 6], movement: [4, 5]}")
        if spec is None:
            return
        charts = {spelling(k): k for k in ROLL_KEYS}  # a chart's name in any spelling, as the sheet prints it
        rolls: dict = {}
        for written in spec:
            key = charts.get(spelling(written)) if isinstance(written, str) else None
            kat, given = at_key(spec, written, f"{at.field}.{keyname(written)}"), spec[written]
            if key is None or key in rolls:
                problems.add(kat, f"the {key} dice are written twice" if key else
                             f"unknown phase that rolls (expected one of: {', '.join(ROLL_KEYS)})")
                continue
            nested = isinstance(given, list) and all(isinstance(g, list) for g in given)
            faces = read(rd, ROLLS if nested else ONE_ROLL[key], given, kat)
            if faces is not None and nested and len(faces) > 1 and key in ("planning", KANTYI_ROLLS):
                problems.add(kat, "the five final dice, after the one reroll: one list, like [2, 3, 3, 4, 6]"
                             if key == "planning" else "Princess Kantyi's new faces, in order: one list, like [6, 4]")
            elif faces is not None:
                rolls[key] = (tuple(map(tuple, faces)) if nested else (tuple(faces),), kat)
        if "planning" not in rolls:  # said once: not when the day already has a problem (nothing is replayed)
            if not problems:
                problems.add(at, "a day's rolls start with the planning dice")
            return
        self.rolls = rolls


class Rules1572(LostRules):
    setup_fields = {"expedition": tuple(o.key for o in EXPEDITIONS)}
    setup_aliases = {str(o.roll): o.key for o in EXPEDITIONS}
    mark_kinds = {kind: m["hint"] for kind, m in MARKS.items()}
    mark_names = {slug(name): kind for kind, m in MARKS.items() for name in m.get("names", ())}  # Advanced Empire
    day_fields = {key: f["hint"] for key, f in DAY_FIELDS.items()}
    counted_once = {i.key: i.name for i in INTEREST_RULES if any(e.what == "lagos" for e in i.effects)}  # (⌂)
    stops_at_refusal = True

    def begin(self, st: State) -> None:
        board = eng.board_of(st.game_map)
        st.own = Replay(board, eng.new_game(board, st.setup.get("expedition", "")))

    def begin_day(self, st, day, at, problems) -> None:
        rp = st.own
        rp.raw, rp.day_at, rp.rolls, rp.lagos, rp.lagos_at, rp.fever = day, at, None, (), None, ""
        rp.problems_before = len(problems) if "expedition" in st.setup else -1

    # --- day fields ----------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        if name == "rolls":
            st.own.read_rolls(value, at, problems)
            return
        if value is False or value is None:
            return
        fever = "struck" if value is True else read(Reader(problems), DAY_FIELDS["fever"], value, at)
        if fever is not None:
            st.own.fever = fever
            st.events.append(Event(st.day, "fever", "fever") if fever == "struck"
                             else Event(st.day, "fever-broken", "fever broken"))

    # --- mapping and moving --------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        lagos = st.own.lagos
        drawn = [h for h in st.drawn if h not in lagos]  # by Mapping (Lagos de Oro's lakes come from the roll)
        if label in lagos:
            return
        if not st.adjacent(st.day_start, label):
            problems.add(at, f"{label} is not next to {st.day_start}, where the day began "
                             "(the Mapping phase draws a neighbouring hex)")
        elif len(drawn) > 1 and label == drawn[1]:  # (said once, at the second)
            lakes = f" (Lagos de Oro adds its {R.lagos_hexes} lakes)" if lagos else ""
            problems.add(at, f"{len(drawn)} hexes mapped on day {st.day}: the Mapping phase draws one hex a day{lakes}")

    def after_moves(self, st, problems) -> None:
        # a step refused already (not next to the hex before it: the start hex copied first, say) is not counted
        steps = [(a, b) for a, b in zip(st.day_hexes, st.day_hexes[1:]) if st.adjacent(a, b)]
        if len(steps) <= 1 or len(steps) <= R.max_steps and all(frozenset(s) in _edges(st, "trail") for s in steps):
            return
        problems.add(st.own.at("moved"), f"{len(steps)} moves in a day: a step costs {R.move_cost} movement "
                     f"progress of at most {R.cap} (two only along trails, at {R.trail_cost} each)")

    # --- marks ---------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):
        rd = Reader(problems, st.game_map)
        if kind == "interest":
            return _interest_mark(st, rd, value, at, problems)
        hexes = read(rd, MARKS[kind], value, at)  # a hex, or a list of them
        if hexes is None:
            return None
        hexes = (hexes,) if isinstance(hexes, str) else tuple(hexes)
        if kind == LAGOS:
            st.own.lagos, st.own.lagos_at = hexes, at
        why = MARK_PROBLEM[kind](st, kind, *hexes)
        if why:
            problems.add(at, why)
            return None
        if kind == "empire":
            st.events.append(Event(st.day, "empire", "empire"))
        if kind == "cataract" and st.own.board.downstream(hexes[0]) != hexes[1]:
            hexes = hexes[::-1]  # upstream first
        return Mark(kind, st.day, hexes)

    # --- the end -------------------------------------------------------------------------------

    def check_resources(self, st, before, at, problems) -> None:
        lost = before["conquistadors"] - st.values["conquistadors"]
        if lost:
            what, sign = ("loss", "\u2212") if lost > 0 else ("gain", "+")
            st.events.append(Event(st.day, what, f"{sign}{abs(lost)} conquistador" + "s" * (abs(lost) > 1)))
        rp = st.own
        if rp.problems_before < 0 or len(problems) != rp.problems_before or rp.engine is None:
            rp.rolls = rp.engine = None  # no expedition, no state, or a problem read today: nothing is replayed
        elif fever := _fever_problem(rp) or _end_trail_problem(st):
            problems.add(*fever)
            rp.rolls = rp.engine = None
        elif rp.rolls:
            _replayed(st, problems, [rp.rolls])
        else:
            found, why = eng.fill_inputs(rp.engine, _recorded(st), rp.eclipses)
            if why:
                problems.add(rp.at(*why[0]), why[1])
                rp.engine = None
            else:
                if rp.explained is not None:  # kept for Explaining1572 (a caller asked which rolls explain the save)
                    rp.explained.append(found)
                _replayed(st, problems, [{k: (v if v and isinstance(v[0], list) else [v], rp.day_at)
                                          for k, v in rolls.items()} for _, _, rolls in found])

    def end_of_day(self, st):
        over = eng.game_over(st.own.board, st.values["conquistadors"], st.position, st.day)
        return (over[0], JOURNAL_WORDS.get(over[0]) or JOURNAL_WORDS.get(over[1], over[1])) if over else None

    def facts(self, st, record) -> tuple[str, ...]:
        """In the order of the phases: mapping, what was found, then travel."""
        out = [f"mapped {lab} ({terrain})" for lab, terrain in record["mapped"]]
        if st.own.fever:
            out.append("fever" if st.own.fever == "struck" else "fever broken")
        for m in (m for m in st.marks if m.day == record["day"]):
            if m.kind == "interest":
                out.append(f"{NAMES[m.get('result')]} at {m.hexes[0]}")
            elif m.kind in ("trail", "cataract"):
                out.append(f"{m.kind} {m.hexes[0]}\u2013{m.hexes[1]}")
            elif m.kind == LAGOS:
                out.append("Lagos de Oro drawn")
            else:
                out.append(f"{m.kind.replace('-', ' ')} at {m.hexes[0]}")
        return tuple(out + ([f"on to {lab}" for lab in record["moved"]] or [f"camped in {record['start']}"]))

    def score(self, st, result) -> list[tuple[str, int]]:
        s = st.own.engine  # None only once the save has problems: no score is checked then
        return list(eng.score(s, result)) if s is not None else []


RULES = Rules1572()


class Explaining1572(Rules1572):
    """The same rules, keeping the rolls that give each day of a save without rolls (`days`, read once
    the save is replayed)."""

    def __init__(self):
        self.found: list = []  # per day: (eclipse count at its start, at its end or None, rolls)

    def begin(self, st: State) -> None:
        super().begin(st)
        st.own.explained = self.found

    @property
    def days(self) -> list:
        """One set of rolls per day, chosen so that the days agree (the eclipse count a day ends
        with is the one the next begins with)."""
        out: list = []
        need = None
        for options in reversed(self.found):
            start, _, rolls = next((o for o in options if need is None or o[1] in (None, need)), options[0])
            out.append(rolls)
            need = start
        return out[::-1]


# --- marks: the rule a recorded mark breaks ('' for none) -----------------------------------------


def _found_problem(st: State, kind: str, lab: str) -> str:
    what = "an empire" if kind == "empire" else f"a {kind.replace('-', ' ')}"
    if lab != st.day_start:
        return (f"{what} is found by Exploring or Native Contact (phases 4\u20135), before Map Travel: it is drawn "
                f"where day {st.day} began, in {st.day_start}; the party was not at {lab} then")
    found = eng.village_found(st.setup.get("expedition", ""), st.terrain[lab], kind == "peaceful-village")
    if kind != "empire" and not found:
        return f"{lab} is a lake: village results are discarded there"
    if kind != "empire" and found != kind:
        return "on a religious expedition every village is a peaceful-village"
    return ""


def _trail_problem(st: State, kind: str, a: str, b: str) -> str:
    if st.adjacent(a, b) and not (st.stood_today(a) or st.stood_today(b)):
        return f"a trail starts where the party stands; it was not at {a} or {b} on day {st.day}"
    return eng.trail_problem(st.own.board, _edges(st, "trail"), _edges(st, "cataract"), a, b)


def _cataract_problem(st: State, kind: str, a: str, b: str) -> str:
    board = st.own.board
    if a not in board.river or b not in board.river:
        return f"a cataract stands between two river hexes; {a if a not in board.river else b} is not on the river"
    up, down = (a, b) if board.downstream(a) == b else (b, a)
    if board.downstream(up) != down:
        return f"{a} and {b} are not next to each other along the river"
    if up != st.day_start:
        below = board.downstream(st.day_start)
        where = "not a river hex" if st.day_start not in board.river else \
            f"whose cataract would be {st.day_start}\u2013{below}" if below else "the delta"
        return (f"a cataract is drawn while mapping (phase 3), on the downstream side of the river hex the party "
                f"maps from: on day {st.day} that is {st.day_start}, {where}")
    if not st.drawn:
        return f"a cataract is drawn while mapping (phase 3), and nothing was mapped on day {st.day}"
    if frozenset((a, b)) in _edges(st, "cataract"):
        return f"there is already a cataract between {a} and {b}"
    return ""


def _lagos_found_today(day) -> bool:
    """Does the day's marks list hold the Interests result Lagos de Oro (a day's marks may come in any order)?"""
    marks = day.get("marks") if isinstance(day, dict) else None
    for mark in marks if isinstance(marks, list) else ():
        (kind, value), = mark.items() if isinstance(mark, dict) and len(mark) == 1 else ((None, None),)
        if isinstance(kind, str) and slug(kind) == "interest" and isinstance(value, dict) \
                and slug(str(value.get("result", ""))) == LAGOS:
            return True
    return False


def _lagos_problem(st: State, kind: str, *hexes: str) -> str:
    """What the save must show of Lagos de Oro (where it may lie the engine says as the day is replayed)."""
    if _marked(st, LAGOS):
        return "there is only one Lagos de Oro"
    if LAGOS not in _interests(st).values() and not _lagos_found_today(st.own.raw):
        return ("Lagos de Oro comes from an Interests roll: record {interest: {hex: ..., result: lagos-de-oro}} "
                "among the day's marks")
    for lab in hexes:
        if st.drawn.get(lab) != "lake":
            return f"the Lagos de Oro hexes are drawn as lake the same day: add {lab}: lake to this day's mapped"
    return ""


MARK_PROBLEM = {**dict.fromkeys(eng.FOUND_IN, _found_problem), "trail": _trail_problem, "cataract": _cataract_problem,
                LAGOS: _lagos_problem}


def _interest_mark(st: State, rd: Reader, value, at: At, problems) -> Mark | None:
    spec = rd.mapping(value, at, "{hex: B3, result: natural-wonder}")
    if spec is None:
        return None
    unknown_keys(rd, spec, ("hex", "result"), at.field, "interest field")
    if "hex" not in spec or "result" not in spec:
        problems.add(at, "an interest needs its hex and its result, like {hex: G1, result: natural-wonder}")
        return None
    lab = rd.label(spec["hex"], At(line_of(spec, "hex"), f"{at.field}.hex"))
    rat = At(line_of(spec, "result"), f"{at.field}.result")
    result = rd.text(spec["result"], rat)
    if lab is None or result is None:
        return None
    result, found = slug(result), _interests(st)
    if result not in INTEREST_RESULTS:  # (the rules say to write the feature's number in the hex: say its name)
        number = f"; an Interests roll of {result} finds {eng.row_for('interests', int(result)).effects[0].terrain}" \
            if result.isdigit() else ""
        meant = closest(spelled(dict(zip(INTEREST_RESULTS, INTEREST_RESULTS))), result)
        problems.add(rat, f"{result!r} is not an interest ({', '.join(INTEREST_RESULTS)}){number}"
                          + (f"; did you mean {meant}?" if meant else ""))
    elif not st.stood_today(lab):
        problems.add(at, f"an interest is drawn where the party stands, and the party was not at {lab} on day "
                         f"{st.day} (it stood in {', '.join(dict.fromkeys(st.day_hexes))})")
    elif lab in found:
        problems.add(at, f"{lab} already holds an interest ({NAMES[found[lab]]}): one per hex")
    elif eng.repeated(found.items(), result):
        problems.add(rat, f"{NAMES[result]} was found already; a repeat becomes a natural-wonder")
    else:
        st.events.append(Event(st.day, "interest", NAMES[result]))
        return Mark("interest", st.day, (lab,), (("result", result),))
    return None


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


# --- the day: the one search over the engine's steps ---------------------------------------------------

def _recorded(st) -> eng.Recorded:
    """The day as the save shows it: the hexes mapped, its marks, the hexes entered, the fever, its end."""
    return eng.Recorded(tuple(st.drawn.items()),
                        tuple((m.kind, m.hexes, m.get("result")) for m in st.marks if m.day == st.day),
                        tuple(st.day_hexes[1:]), st.own.fever, tuple(st.values[k] for k in TRACKER_KEYS))


def _mark_key(kind: str, hexes, result=None):
    if kind in ("trail", "lagos-de-oro"):
        return (kind, tuple(sorted(hexes)), None)
    return (kind, tuple(hexes), result)


def _marks_of(marks_today) -> list:
    """The engine's marks of a day, as comparable keys."""
    return sorted((_mark_key(kind, hexes, *rest) for kind, hexes, *rest in marks_today), key=repr)


def _record(st, rolls: dict | None) -> search.Record:
    """What the save says of the day, as the search reads it: the recorded dice and hexes as inputs
    and narrowed decisions, the day's end as checks."""
    rec = _recorded(st)
    drawn = dict(rec.mapped)
    trails = {frozenset(hexes) for kind, hexes, _ in rec.marks if kind == "trail"}
    lagos = next((tuple(sorted(hexes)) for kind, hexes, _ in rec.marks if kind == LAGOS), ())
    target = next((lab for lab, _ in rec.drawn()), None)
    want_marks = sorted((_mark_key(*m) for m in rec.marks), key=repr)
    inputs: dict = {"to": tuple(st.day_hexes[1:]) + (None,)}
    if rolls is not None:
        faces = {k: faces for k, (faces, _) in rolls.items()}
        inputs.update({k: faces.get(k, ()) for k in ("planning", *eng.ROLLED, "mapping", "interests")})
        inputs[KANTYI_ROLLS] = _kantyi_chunks(faces.get("native-contact", ()), faces.get(KANTYI_ROLLS, ((),))[0])
    extra = {k: 1 < len(v) for k, v in inputs.items() if k in eng.ROLLED}  # a musket's reroll recorded
    return search.Record(
        turn=st.day, inputs=inputs,
        narrow={"keep": lambda s, v: len(v) == len(eng.planned_dice(s)),
                "musket": lambda s, v: v == extra.get(s.phase, False),
                "target": lambda s, v: v == target,
                "trail": lambda s, v: frozenset((s.pos, v)) in trails,
                "lagos": lambda s, v: tuple(sorted(v)) == lagos,
                "cartography": lambda s, v: v is None or frozenset((s.pos, v)) in trails},
        probe={k: v for k, v in (("target", target), ("lagos", lagos)) if v},
        checks={"mapped": lambda m: dict(m) == drawn, "marks": lambda m: _marks_of(m) == want_marks,
                "fever_today": rec.fever, "pos": st.position, **dict(zip(TRACKER_KEYS, rec.values))},
        order=("fever_today", "mapped", "marks", "pos", *TRACKER_KEYS))


def _kantyi_chunks(rolls, faces) -> tuple:
    """Princess Kantyi's new faces, as the engine asks for them: those of the roll, then of its reroll."""
    out, left = [], list(faces)
    for roll in rolls:
        n = eng.kantyi_count(roll)
        if n and left:
            out.append(tuple(left[:n]))
            left = left[n:]
    if left:
        out.append(tuple(left))
    return tuple(out)


def _starts(st) -> list:
    s0 = st.own.engine
    return [eng.replace(s0, eclipse=e) for e in sorted(st.own.eclipses | {s0.eclipse})]


def _replayed(st, problems, sets: list) -> None:
    """The day replayed through the engine with its rolls (recorded, or each set some legal rolls
    found for a day without them): every hidden decision (the WILDs, Diego's +1, the eclipse's row,
    Migration's fill) tried until one gives the recorded day."""
    rp = st.own
    rp.rolls = None
    ends, failure = [], None
    for rolls in sets:
        rolls = {k: (tuple(tuple(g) for g in faces), at) for k, (faces, at) in rolls.items()}
        record = _record(st, rolls)
        found, failure = search.explain(eng, _starts(st), record)
        ends += found
    if ends:
        rp.engine = eng.replace(min(ends, key=lambda s: len(s.cartography)), steps=(), log=())
        rp.eclipses = frozenset(e.eclipse for e in ends)
        return
    problems.add(*_said(st, rolls, record, failure))
    rp.engine = None


def _why(st, record) -> str:
    """What one replay of the day did (its log), the recorded values aside."""
    loose = search.Record(turn=record.turn, inputs=record.inputs, narrow=record.narrow,
                          optional=frozenset(record.inputs))
    end = next(search.walk(eng, _starts(st), loose, budget=20_000), None)  # not a rule: a bound on the steps walked
    return "; ".join(end.log) if end is not None else "no replay gets through the day"


FIELD_OF = {"to": "moved", "target": "mapped", "mapped": "mapped", "fever_today": "fever",
            **dict.fromkeys(("lagos", "trail", "cartography", "marks"), "marks")}  # an input or part: its field
ASKED = {  # (failure kind, input key or "" for any other): what the save lacks or has too much of
    ("short", KANTYI_ROLLS): "Princess Kantyi rerolls the Native Contact 1s and 2s on day {day}: record her new "
                             "faces under kantyi",
    ("short", "interests"): "an Interests roll is due (on Exploring 10+, on entering an Interests icon, and for "
                            "Archeology on following a trail into another terrain): record the interests dice",
    ("short", ""): "a {face} was planned: record the {key} dice",
    ("left", "mapping"): f"muskets cannot reroll mapping (only {', '.join(R.musket_charts)}): one roll of its dice",
    ("left", "interests"): "more interests dice than interests rolled today",
    ("left", KANTYI_ROLLS): "more Princess Kantyi rerolls than Native Contact dice showing 1 or 2",
    ("left", "to"): "the game was over on day {day} before these moves",
    ("left", ""): "more {key} rolls than day {day} rolls",
    ("none", "target"): "the mapping dice were rolled: record the hex they drew",
    ("none", "trail"): "the rolls draw a trail here: record where it leads",
    ("none", ""): "no {key} the save allows",
}


def _said(st, rolls: dict, record, failure) -> tuple[At, str]:
    """A failed search in the save's words: the field, the rule and its limit."""
    day, at = st.day, st.own.at
    planned = {k for k in eng.ROLLED + ("mapping",) if R.face(k) in rolls["planning"][0][0]}
    skipped = [k for k in rolls if k not in planned | {"planning", "interests", KANTYI_ROLLS}]
    if skipped:
        return rolls[skipped[0]][1], f"no {R.face(skipped[0])} was planned on day {day}: {skipped[0]} is skipped"
    rolled = next((k for k in (eng.NC, KANTYI_ROLLS) if k in rolls), None)  # (her rerolls are of rolled dice)
    if rolled and eng.NC in planned and min(s.eclipse for s in _starts(st)) > 0:
        return rolls[rolled][1], (f"a predicted eclipse chooses day {day}'s Native Contact result: no native-contact "
                                  f"dice are rolled{', and none for Princess Kantyi to reroll' * (rolled != eng.NC)}, "
                                  "so leave them out of rolls")
    if len(rolls.get("mapping", ((),))[0]) > 1:
        failure = search.Failure("left", "mapping")
    elif "mapping" in rolls and not eng.mapping_targets(st.own.engine):
        return rolls["mapping"][1], f"every hex next to {st.own.engine.pos} is mapped: Mapping is skipped"
    for k in R.musket_charts:
        if len(rolls.get(k, ((),))[0]) > 1 + R.musket_rerolls:
            return rolls[k][1], f"a musket rerolls {k} once a phase: at most {1 + R.musket_rerolls} rolls of its dice"
    # each reroll spends a musket (a cache found at Native Contact may pay for Hunting's)
    rerolled, muskets = [k for k in R.musket_charts if len(rolls.get(k, ((),))[0]) > 1], st.own.engine.get("muskets")
    if len(rerolled) * R.musket_reroll_cost > muskets + dict(R.cache)["muskets"] * ("hunting" in rerolled):
        return rolls[rerolled[-1]][1], (f"a musket reroll spends a musket, and day {day} began with {muskets}: "
                                        f"too few for {', '.join(rerolled)}")
    key = failure.key
    roll_at = {k: rolls[k][1] if k in rolls else at("rolls") for k in (*eng.ROLLED, "mapping", "interests", "planning")}
    roll_at.update(dict.fromkeys(("keep", "wilds", "diego", "musket", "row", "fill"), roll_at["planning"]))
    roll_at[KANTYI_ROLLS] = roll_at["native-contact"]
    where = at(FIELD_OF[key]) if key in FIELD_OF else roll_at.get(key, at("rolls"))
    if failure.kind == "rule":  # a step or Lagos de Oro the rules refuse: said where the save has it
        moved = st.day_hexes[1:]
        if key == "to" and failure.value in moved:
            where = at("moved", moved.index(failure.value))
        return (st.own.lagos_at or where if key == "lagos" else where), failure.message
    if failure.kind in ("short", "left", "none"):
        words = ASKED.get((failure.kind, key)) or ASKED[failure.kind, ""]
        return where, words.format(day=day, key=key, face=dict(R.phase_faces).get(key))
    why = _why(st, record)
    steps = why.split("; ")
    if len(rerolled) * R.musket_reroll_cost > muskets and not any(  # only a cache's musket could have paid
            s.startswith(f"{rerolled[-1]}: ") and "(musket reroll)" in s for s in steps):
        return rolls[rerolled[-1]][1], (f"a musket reroll spends a musket, and day {day} began with {muskets}: "
                                        f"{rerolled[-1]}'s reroll is paid only by a cache found at Native Contact "
                                        f"first, and these rolls find none ({why})")
    got = sorted(failure.reached, key=repr)
    if key == "fever_today":
        return where, (f"the rolls give {' or '.join(g or 'no fever change' for g in got)}, "
                       f"not {record.checks[key] or 'none'} ({why})")
    if key == "mapped":
        shown = " or ".join(", ".join(f"{h}: {t}" for h, t in g) or "nothing" for g in got)
        return where, f"the rolls map {shown or 'nothing'} ({why})"
    if key == "marks" and (other := _marks_apart(st, record)):
        return other
    if key == "marks":
        shown = " or ".join(", ".join(" ".join((kind, "-".join(sorted(hexes)), *rest)) for kind, hexes, *rest in g)
                            or "no marks" for g in got)
        return where, f"the rolls give {shown or 'no marks'} ({why})"
    if key in TRACKER_KEYS:
        return at("resources", key), (f"{record.checks[key]}, but the rolls give {key} "
                                              f"{' or '.join(map(str, got))} ({why})")
    return at("resources"), f"no one replay of day {day} with these rolls gives the recorded day ({why})"


def _marks_apart(st, record) -> tuple[At, str] | None:
    """When some replay gives the recorded marks but not the recorded trackers with them (an eclipse's row
    chosen for a village, which costs progress): the first tracker those replays disagree on, and one's log."""
    loose = replace(record, checks={k: v for k, v in record.checks.items() if k not in TRACKER_KEYS})
    ends = next(iter(search.walk(eng, _starts(st), loose, budget=20_000)), None)  # not a rule: as _why's bound
    for key in TRACKER_KEYS if ends is not None else ():
        if ends.get(key) != record.checks[key]:
            return st.own.at("resources", key), (f"{record.checks[key]}, but with the marks as recorded the rolls "
                                                 f"give {key} {ends.get(key)} ({'; '.join(ends.log)})")
    return None


ROW_TRAILS = sum(any(e.what == "trail" for row in eng.rows_of(k) for e in row.effects) for k in eng.ROLLED)  # 4, 5


def _end_trail_problem(st) -> tuple[At, str] | None:
    """A trail from where the day ends, not where it began, nor from a Ruined Mission found today: only a Cartography
    trail (phase 12) draws it, and that needs the progress the day ends with, whatever the dice."""
    end, today = st.position, [m for m in st.marks if m.day == st.day]  # (in the save's order: none was refused)
    missions = {m.hexes[0] for m in today if m.get("result") == "ruined-mission"}
    drawn = [i for i, m in enumerate(today) if m.kind == "trail" and end in m.hexes and st.day_start not in m.hexes
             and not missions & set(m.hexes)]
    camp = ""
    if not drawn and end == st.day_start and not missions:  # phases 4-5 find one trail each at most: the rest is dusk's
        drawn = [i for i, m in enumerate(today) if m.kind == "trail" and end in m.hexes][ROW_TRAILS:]
        camp = f"{ROW_TRAILS + len(drawn)} trails from {end} on day {st.day}: Exploring and Native Contact find one each"
    if not drawn:
        return None
    at, left = st.own.at("marks", drawn[0]), st.values["movement"]
    mission = f" (today's Ruined Mission draws its trail from {', '.join(sorted(missions))})" if missions else ""
    if st.setup.get("expedition") != "cartography":
        return at, (f"{camp}; only a Cartography expedition draws another, at the end of the day" if camp else
                    f"a trail is found in phases 4\u20135 from {st.day_start}, where day {st.day} began, or drawn by "
                    f"a Ruined Mission; only a Cartography expedition draws one from where the day ends ({end})"
                    + mission)
    if left < R.cartography_progress:
        lead = f"{camp}, so one is" if camp else f"a trail from {end}, where day {st.day} ends, is"
        return at, (f"{lead} the Cartography trail of phase 12: it needs "
                    f"{R.cartography_progress} or more movement progress at the end of the day, and the day ends "
                    f"with {left}{mission}")
    return None


def _fever_problem(rp: Replay) -> tuple[At, str] | None:
    """A recorded fever the rules refuse whatever the dice: immune, none to break, or a swamp."""
    fever, s0 = rp.fever, rp.engine
    if fever == "struck" and eng.fever_immune(s0.expedition, s0.lagos, s0.pos):
        return rp.at("fever"), ("a botany expedition is immune to fever" if s0.expedition == "botany"
                                     else f"at Lagos de Oro ({s0.pos}) the party is immune to fever")
    if fever == "broken" and not s0.fever:
        return rp.at("fever"), "there is no fever to break"
    if fever == "broken" and eng.terrain_rule(s0.terrain_here()).no_fever_break:
        return rp.at("fever"), f"a fever cannot break in a swamp ({s0.pos})"
    return None
