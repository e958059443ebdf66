"""1872: The Lost Crows: what a save may record, and its replay through lostprint.engine.lost_crows.

Mark: plot {letter, roll, choice, outcome} on first entering a plot hex (after 02A, E has no roll).
Day fields: crows (the terrains of the Crows coloured that day), vision {terrain, roll} (at the
seventh Crow), ghost-mountain (the hex a Ghost Mountain vision draws), spirit-dancers (how many used
that day), caps {resource: new maximum}, rolls {phase: die faces} (optional, see ROLL_KEYS).

Each day is replayed through the engine over every legal choice (which resource a "+1 any" takes,
how a river is paid...) and, where the day has no `rolls`, over every legal roll: the day is
accepted when one of those replays ends exactly where the save says. With rolls the replay is exact.
A day whose own fields already broke a rule (a move, a hex, a mark) is taken as recorded, not replayed.
"""
from __future__ import annotations

import re
from collections import Counter
from itertools import combinations, product
from operator import add, le, sub

from lostprint.engine import lost_crows as eng
from lostprint.files import line_of
from lostprint.files.fields import Reader
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import FAR_MAP, ROLL_KEYS, TERRAINS, TRACKERS
from lostprint.games.lost_crows import RULES as GAME
from lostprint.geometry import hexgrid
from lostprint.saves.rules import At, Event, LostRules, Mark, slug

MAX_BRANCHES = 20_000  # not a rule: a bound on the states one day's replay keeps (far above any real day)
INF = 99  # not a rule: more than any value can move in a day
MAX_UNBOUNDED = 3  # not a rule: days of a save replayed over every branch without bounds, to say what is wrong
MAX_DIAGNOSED = 400  # not a rule: Phase 2 branches the replay without bounds keeps after each unit (the nearest)
TEXT_LIMIT = 300  # not a rule: the longest choice text read
PAIR = 2  # not a rule: a pair (a cell's two icons; a vision record's terrain and roll, then where)
CAP_MAX = {t.key: t.maximum for t in TRACKERS}
KINDS = tuple(t.key for t in TERRAINS)
# flags that only bar moves next turn: a state without them allows everything one with them allows
SUMS = ("add", "wild", "wild-primary")  # effects that add a number to one value, whatever its choice
RESTRICTIVE = frozenset({"halt-next", "bar-plains-next", "bar-north-next"})
CLEARED = eng.TURN_FLAGS | frozenset(eng.NEXT_FLAGS.values())  # gone at the next begin_turn


def order_key(s) -> tuple:
    """A total order on states that does not depend on set order or the hash seed."""
    return tuple(tuple(sorted(v)) if isinstance(v, frozenset) else (() if v is None else v) for v in s)


def ordered(states) -> tuple:
    return tuple(sorted(states, key=order_key))


def carried(s):
    """What of an end-of-day state the days after can tell apart, restrictions aside (`restrictions`:
    next turn's bars and the fever's turns); this turn's flags (begin_turn clears them) are left out."""
    return s._replace(fever=0, flags=s.flags - CLEARED - RESTRICTIVE)


# A fever only restricts where the first roll goes (on days whose save records the order): a state
# with fewer fever turns allows all one with more allows, as a state without a bar does.
FEVER_BARS = {k: frozenset(f"fever-{j}" for j in range(1, k + 1)) for k in range(GAME.fever_turns + 1)}


def restrictions(s) -> frozenset:
    """What s forbids the days after that a state otherwise alike might not: next turn's bars and the
    fever's turns, as a set (fewer forbid less)."""
    bars = s.flags & RESTRICTIVE
    return bars | FEVER_BARS[s.fever] if s.fever else bars


def classes(states) -> tuple:
    """The states the next day needs to start from: one per class (`carried`), and of those that
    differ only by their restrictions, only the ones whose restrictions no other state's are inside."""
    groups: dict = {}
    for s in states:
        bars = restrictions(s)
        group = groups.setdefault(carried(s), {})
        if bars not in group or order_key(s) < order_key(group[bars]):
            group[bars] = s
    return ordered(s for group in groups.values() for bars, s in group.items()
                   if not any(other < bars for other in group))


def choice_matches(choice: plots.Choice, text: str, index: int) -> bool:
    return slug(text) == slug(choice.text) or slug(text) == str(index)


def gold_words(journal: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", journal or "", re.IGNORECASE) is not None


class DayFacts:
    """What a save says about one day, gathered by the hooks, replayed at the day's end."""

    def __init__(self, raw, at: At, problems_before: int = 0):
        self.raw = raw
        self.at = at
        self.problems_before = problems_before  # problems found before this day
        self.crows: list[tuple[str, At]] = []
        self.vision: tuple[str, int, At] | None = None
        self.ghost: tuple[str, At] | None = None
        self.dancers: tuple[int, At] | None = None
        self.caps: dict[str, tuple[int, At]] = {}
        self.rolls: dict[str, tuple] = {}
        self.roll_at: dict[str, At] = {}
        self.plots: dict[str, tuple] = {}  # letter -> (roll, choice index, outcome, at)
        self.step_at: list[At] = []


class Rules1872(LostRules):
    """With `quick` (the registered RULES), a day without rolls is searched depth first only until every
    class of end the days after could tell apart is found (DayReplay.explanations), and the next day
    starts from one state per class: it accepts and rejects what `thorough` (every branch of every
    day, kept to check it against) does, and says the same about the first day it rejects."""

    game_id = "lost-crows"
    setup_fields: dict = {}
    mark_kinds = {"plot": "{letter, roll, choice, outcome}"}
    day_fields = {
        "crows": "the terrains of the Crows coloured today",
        "vision": "{terrain, roll}: the Vision Quest at the seventh Crow",
        "ghost-mountain": "the blank hex a Ghost Mountain vision draws as Mountains",
        "spirit-dancers": "how many Spirit Dancers were used today",
        "caps": "{resource: new maximum} when a cap changes",
        "rolls": "{phase: die faces} as the sheet shows them: " + "; ".join(f"{k}: {v}" for k, v in ROLL_KEYS),
    }

    def __init__(self, quick: bool = True):
        self.quick = quick
        self.thorough = Rules1872(quick=False) if quick else None

    def begin(self, st) -> None:
        land = eng.land_of(st.game_map)
        st.flags.update(land=land, states=(eng.new_game(land),), terrain=dict(st.terrain), gold=0,
                        plots={}, crows=[], vision=None, dancers=0)

    def begin_day(self, st, day, at, problems) -> None:
        st.flags["today"] = DayFacts(day, at, len(problems))

    # --- day fields ------------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        rd = Reader(problems, st.game_map)
        facts: DayFacts = st.flags["today"]
        terrains = {t.key for t in st.game.terrains}
        if name == "crows":
            items = rd.listing(value, at, "a list of terrains, one per Crow coloured")
            for i, item in enumerate(items or ()):
                iat = At(line_of(items, i), f"{at.field}[{i}]")
                terrain = rd.text(item, iat)
                if terrain is None:
                    continue
                terrain = slug(terrain)
                if terrain not in terrains:
                    problems.add(iat, f"{terrain!r} is not a terrain ({', '.join(sorted(terrains))})")
                    continue
                facts.crows.append((terrain, iat))
        elif name == "vision":
            spec = rd.mapping(value, at, "{terrain: forest, roll: 4}")
            if spec is None:
                return
            rd.unknown(spec, ("terrain", "roll"), at.field, "vision field")
            if "terrain" not in spec or "roll" not in spec:
                problems.add(at, "a vision needs its terrain and its roll, like {terrain: forest, roll: 4}")
                return
            terrain = rd.text(spec["terrain"], At(line_of(spec, "terrain"), f"{at.field}.terrain"))
            roll = rd.integer(spec["roll"], At(line_of(spec, "roll"), f"{at.field}.roll"), 1, GAME.plot_die)
            if terrain is None or roll is None:
                return
            if slug(terrain) not in terrains:
                problems.add(At(line_of(spec, "terrain"), f"{at.field}.terrain"),
                             f"{terrain!r} is not a terrain ({', '.join(sorted(terrains))})")
                return
            facts.vision = (slug(terrain), roll, at)
        elif name == "ghost-mountain":
            lab = rd.label(value, at)
            if lab is None:
                return
            if lab in st.terrain:
                problems.add(at, f"{lab} is already mapped: the Ghost Mountain goes in a blank hex")
                return
            facts.ghost = (lab, at)
            st.terrain[lab] = "mountains"
            st.mapped_on[lab] = st.day
        elif name == "spirit-dancers":
            n = rd.integer(value, at, 0, GAME.spirit_dancers)
            if n:
                facts.dancers = (n, at)
        elif name == "caps":
            spec = rd.mapping(value, at, "{resource: new maximum}")
            if spec is None:
                return
            rd.unknown(spec, tuple(st.caps), at.field, "resource")
            for key in st.caps:
                if key in spec:
                    kat = At(line_of(spec, key), f"{at.field}.{key}")
                    cap = rd.integer(spec[key], kat, 0, CAP_MAX[key])
                    if cap is not None:
                        facts.caps[key] = (cap, kat)
                        st.caps[key] = cap
        elif name == "rolls":
            spec = rd.mapping(value, at, "{units: [8 faces], omens: [25], outcome: [4], fort: [3]}")
            if spec is None:
                return
            keys = tuple(k for k, _ in ROLL_KEYS)
            rd.unknown(spec, keys, at.field, "phase")
            for key in keys:
                if key not in spec:
                    continue
                kat = At(line_of(spec, key), f"{at.field}.{key}")
                if key == "order":
                    self.read_order(rd, spec[key], kat, facts)
                    continue
                items = rd.listing(spec[key], kat, "a list of die faces")
                if items is None:
                    continue
                faces = []
                for i, item in enumerate(items):
                    high = (eng.TENS + 1) * GAME.die_faces if key == "omens" else GAME.die_faces
                    n = rd.integer(item, At(line_of(items, i), f"{kat.field}[{i}]"), 1, high)
                    if n is None:
                        break
                    if key == "omens" and not (1 <= n // eng.TENS <= GAME.die_faces and 1 <= n % eng.TENS <= GAME.die_faces):
                        problems.add(At(line_of(items, i), f"{kat.field}[{i}]"),
                                     f"{n} is not two dice (tens then ones, each 1-6)")
                        break
                    faces.append(n)
                else:
                    facts.rolls[key] = tuple(faces)
                    facts.roll_at[key] = kat

    @staticmethod
    def read_order(rd, value, at: At, facts: DayFacts) -> None:
        """rolls.order: the unit each die went to (or discard), in the order rolled."""
        items = rd.listing(value, at, "a list of units, one per die, in the order rolled")
        if items is None:
            return
        names = eng.UNITS + (eng.DISCARD,)
        order = []
        for i, item in enumerate(items):
            iat = At(line_of(items, i), f"{at.field}[{i}]")
            text = rd.text(item, iat)
            if text is None:
                return
            if slug(text) not in names:
                rd.error(iat, f"{text!r} is not a unit ({', '.join(names)})")
                return
            order.append(slug(text))
        facts.rolls["order"] = tuple(order)
        facts.roll_at["order"] = at

    # --- mapping and moving ----------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        """A hex drawn today must be one a map icon could colour from where the day began, the day's
        other hexes drawn before it (eng.colourable)."""
        land = st.flags["land"]
        start = st.day_start
        before = {lab: t for lab, t in st.terrain.items() if lab != label}
        fort = any(eng.fort_open(s) for s in st.flags["states"])
        if label in eng.colourable(land, before, start, terrain, fort=fort):
            return
        d = hexgrid.distance(st.game_map.axial[start], st.game_map.axial[label])
        twin = next((g for g in land.goals if g != label and before.get(g, terrain) != terrain), None)
        if label in land.fort and d <= FAR_MAP:
            problems.add(at, f"{label} is Fort Benton: a map icon never colours it until 12A opens the fort "
                             f"({GAME.ruling('fort-blank').topic}, a house ruling)")
        elif label in land.goals and twin is not None and d <= FAR_MAP:
            problems.add(at, f"{label} and {twin} are Canada's double hex: {twin} is {before[twin]}, so {label} "
                             f"cannot be coloured {terrain} ({GAME.ruling('canada-terrain').topic}, a house ruling)")
        elif d == FAR_MAP:
            problems.add(at, f"{label} is two hexes from {start}: allowed only once every hex next to "
                             f"{start} is mapped")
        else:
            problems.add(at, f"{label} is {d} hexes from {start}, where the day began (a hex is coloured next "
                             "to the tribe, or two away when all around it are mapped)")

    def wins_on_entering(self, st, label) -> bool:
        land = st.flags["land"]
        return any(eng.wins_on(land, st.terrain, s, label) for s in st.flags["states"])

    def check_move(self, st, a, b, at, problems) -> None:
        st.flags["today"].step_at.append(at)

    # --- marks -----------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):
        rd = Reader(problems, st.game_map)
        spec = rd.mapping(value, at, "{letter: A, roll: 3, choice: ..., outcome: 23A}")
        if spec is None:
            return None
        rd.unknown(spec, ("letter", "roll", "choice", "outcome"), at.field, "plot field")
        if "letter" not in spec:
            problems.add(at, "a plot needs its letter and roll, like {letter: A, roll: 3}")
            return None
        lat = At(line_of(spec, "letter"), f"{at.field}.letter")
        letter = rd.text(spec["letter"], lat)
        if letter is None:
            return None
        letter = letter.strip().upper()
        land = st.flags["land"]
        if letter not in land.plots:
            problems.add(lat, f"{letter!r} is not a plot hex on this map ({', '.join(sorted(land.plots))})")
            return None
        lab = land.plots[letter]
        if letter in st.flags["plots"]:
            problems.add(lat, f"plot {letter} was rolled on day {st.flags['plots'][letter]}: once per game")
            return None
        if lab not in st.day_hexes[1:]:
            problems.add(at, f"plot {letter} is rolled on entering {lab}, and the tribe did not enter it on day "
                             f"{st.day}")
            return None
        data: list = [("letter", letter)]
        facts: DayFacts = st.flags["today"]
        if "roll" not in spec:
            if not any(not eng.plot_rolls(s, letter) for s in st.flags["states"]):
                problems.add(at, "a plot needs its letter and roll, like {letter: A, roll: 3}")
                return None
            facts.plots[letter] = (None, None, None, at)
            st.flags["plots"][letter] = st.day
            st.events.append(Event(st.day, "plot", f"plot {letter}"))
            return Mark("plot", st.day, (lab,), tuple(data))
        roll = rd.integer(spec["roll"], At(line_of(spec, "roll"), f"{at.field}.roll"), 1, GAME.plot_die)
        if roll is None:
            return None
        enc = plots.encounter(f"{letter}{roll}")
        data += [("roll", roll), ("title", enc.title)]
        chosen = None
        if "choice" in spec:
            cat = At(line_of(spec, "choice"), f"{at.field}.choice")
            text = rd.text(spec["choice"], cat, TEXT_LIMIT)
            if text is not None:
                if not enc.choices:
                    problems.add(cat, f"{enc.code} ({enc.title}) offers no choice")
                    return None
                chosen = next((c for i, c in enumerate(enc.choices, 1) if choice_matches(c, text, i)), None)
                if chosen is None:
                    options = "; ".join(f"{i}: {c.text}" for i, c in enumerate(enc.choices, 1))
                    problems.add(cat, f"not a choice of {enc.code} ({options})")
                    return None
                data.append(("choice", chosen.text))
        out = None
        if "outcome" in spec:
            oat = At(line_of(spec, "outcome"), f"{at.field}.outcome")
            code = rd.text(spec["outcome"], oat)
            if code is None:
                return None
            try:
                out = plots.outcome(str(code).strip())
            except KeyError:
                problems.add(oat, f"{code!r} is not an outcome (01A\u201349A)")
                return None
            allowed = [chosen.outcome] if chosen else [c.outcome for c in enc.choices]
            if out.code not in allowed:
                problems.add(oat, f"{enc.code} leads to {' or '.join(allowed) or 'no outcome'}, not {out.code}")
                return None
            data.append(("outcome", out.code))
            data.append(("outcome_title", out.title))
        elif enc.choices:
            problems.add(at, f"{enc.code} ({enc.title}) ends in an outcome: record it, like outcome: "
                             f"{enc.choices[0].outcome}")
            return None
        index = None
        if out is not None:
            index = next(i for i, c in enumerate(enc.choices) if c.outcome == out.code
                         and (chosen is None or c is chosen))
        facts.plots[letter] = (roll, index, out, at)
        st.flags["plots"][letter] = st.day
        st.events.append(Event(st.day, "plot", f"plot {letter}{roll}"))
        return Mark("plot", st.day, (lab,), tuple(data))

    # --- the day replayed --------------------------------------------------------------------------

    def check_resources(self, st, before, at, problems) -> None:
        facts: DayFacts = st.flags["today"]
        journal = facts.raw.get("journal") if hasattr(facts.raw, "get") else None
        replay = DayReplay(self, st, facts, problems, at, quick=self.quick)
        states = replay.run()
        if states:  # in an order that does not depend on the hash seed; quick keeps one state per class
            st.flags["states"] = classes(states) if self.quick else ordered(states)
        # the tribe's position after a failed fort assault is where it came from
        any_state = next(iter(st.flags["states"]))
        st.position = any_state.pos
        st.flags["terrain"] = dict(st.terrain)
        for s in st.flags["states"]:
            for k in st.caps:
                st.caps[k] = s.cap(k)
            break
        word = plots.VICTORIES["02A"].word
        if isinstance(journal, str) and gold_words(journal, word):
            st.flags["gold"] += 1
        self.note_events(st, facts)

    def note_events(self, st, facts: DayFacts) -> None:
        s = next(iter(st.flags["states"]))
        new = s.crows[len(st.flags["crows"]):]
        for terrain in new:
            st.events.append(Event(st.day, "crow", f"crow ({terrain})"))
        st.flags["crows"] = list(s.crows)
        if s.vision is not None and s.vision in plots.POWERS and st.flags["vision"] is None:
            st.flags["vision"] = (s.vision[0], s.vision[1], st.day)
            name = next(v.name for v in plots.visions(s.vision[0]) if v.roll == s.vision[1])
            st.events.append(Event(st.day, "vision", f"vision: {name}"))
        if facts.dancers:
            st.events.append(Event(st.day, "dancer", "spirit dancer"))
        for key, (cap, _) in facts.caps.items():
            st.events.append(Event(st.day, "cap", f"{key} max {cap}"))

    def end_of_day(self, st):
        states = st.flags["states"]
        overs = {s.over for s in states}
        if len(overs) == 1:
            return next(iter(overs))
        return None

    def claimed(self, st, recorded: str):
        """A recorded result the replay reaches in one of its branches (a fort assault without its die)."""
        for s in st.flags["states"]:
            if s.over and s.over[0] == recorded:
                st.flags["states"] = (s,)
                return s.over
        return None

    def facts(self, st, record) -> tuple[str, ...]:
        out = []
        for lab, terrain in record["mapped"]:
            out.append(f"coloured {lab} {terrain}")
        crows = [e.label[len("crow ("):-1] for e in st.events if e.day == record["day"] and e.kind == "crow"]
        if crows:
            out.append(f"crow{'s' * (len(crows) > 1)}: {', '.join(crows)}")
        vision = st.flags["vision"]
        if vision and vision[PAIR] == record["day"]:
            out.append(f"vision quest: {next(v.name for v in plots.visions(vision[0]) if v.roll == vision[1])}")
        if record["moved"]:
            out.append("to " + ", ".join(record["moved"]))
        else:
            out.append(f"stayed in {record['start']}")
        for m in st.marks:
            if m.day == record["day"]:
                item = f"plot {m.get('letter')}{m.get('roll') or ''}: {m.get('title') or 'no roll (02A)'}"
                if m.get("outcome"):
                    item += f" \u2192 {m.get('outcome')} {m.get('outcome_title')}"
                out.append(item)
        return tuple(out)

    def score(self, st, result) -> list[tuple[str, int]]:
        s = next(iter(st.flags["states"]))
        if result == "won" and (s.over is None or s.over[0] != "won"):
            s = next((x for x in st.flags["states"] if x.over and x.over[0] == "won"), s)
        if result != "won" and s.over and s.over[0] == "won":
            s = s._replace(over=None)
        return eng.score(s)


class Room(dict):
    """kind -> may no icon of that kind be lost today (worked out only when asked)."""

    def __init__(self, replay, st):
        super().__init__()
        self.replay = replay
        self.st = st
        self.kinds = tuple(t.key for t in st.game.terrains)

    def __missing__(self, kind):
        self[kind] = self.replay.always_room(self.st, kind)
        return self[kind]

    def items(self):
        return ((k, self[k]) for k in self.kinds)


class Plan:
    """The row sets worth trying on a day, as a bit mask over COMBOS (bit = rank), split by the rows
    chosen so far only where the search goes."""

    def __init__(self, mask: int):
        self.masks = {(): mask}  # rows chosen so far -> the row sets that begin so
        self.nexts: dict = {}  # rows chosen so far -> the next unit's rows, likeliest first

    def rows_after(self, prefix: tuple) -> tuple:
        """The next unit's rows worth trying after `prefix`, likeliest first (by the likeliest row
        set each begins)."""
        got = self.nexts.get(prefix)
        if got is None:
            mask = self.masks.get(prefix, 0)
            parts = sorted((m & -m, r, m) for r, m in enumerate(mask & rm for rm in ROW_MASKS[len(prefix)]) if m)
            for _, r, m in parts:
                self.masks[prefix + (r,)] = m
            got = self.nexts[prefix] = tuple(r for _, r, _ in parts)
        return got


class DayReplay:
    """One day through the engine, over every legal choice and (without rolls) every legal roll."""

    def __init__(self, rules, st, facts: DayFacts, problems, at, quick: bool = False):
        self.quick = quick
        self.st = st
        self.facts = facts
        self.problems = problems
        self.at = at
        self.land = st.flags["land"]
        self.terrain_end = dict(st.terrain)
        self.start = st.day_start
        self.steps = st.day_hexes[1:]
        self.drawn = Counter(t for lab, t in st.flags.get("drawn_today", {}).items())
        self.fort = any(eng.fort_open(s) for s in st.flags["states"])  # 12A has opened Fort Benton
        self.room = Room(self, st)
        self.exact = "units" in facts.rolls
        self.why: list[tuple[At, str]] = []
        self.memo: dict = {}
        self.use_bounds = True
        self.cut = False  # the replay without bounds kept only the nearest MAX_DIAGNOSED branches somewhere

    def always_room(self, st, kind: str) -> bool:
        """True when a hex could take a `kind` icon at every moment of the day (whatever order the
        day's hexes were coloured in), so none of its icons could be lost."""

        before = st.flags["terrain"]
        drawn = [lab for lab in st.flags.get("drawn_today", {})]
        today = st.flags.get("drawn_today", {})
        land = self.land
        if any(n not in before and n not in today and n not in land.fort and n not in land.goals
               for n in land.neighbors[self.start]):
            return True  # a blank hex next to the tribe all day long (and not a Canada hex)
        for n in range(len(drawn) + 1):
            for subset in combinations(drawn, n):
                terrain = dict(before)
                terrain.update((lab, today[lab]) for lab in subset)
                if not eng.colourable(self.land, terrain, self.start, kind, fort=self.fort):
                    return False
        return True

    def where(self, field: str) -> At:
        raw = self.facts.raw
        if hasattr(raw, "get") and field in raw:
            return At(line_of(raw, field), f"{self.facts.at.field}.{field}")
        return At(line_of(raw), f"{self.facts.at.field}.{field}")

    def fail(self, at: At, message: str) -> None:
        self.why.append((at, message))

    def likeliest(self) -> tuple[At, str]:
        """Of the reasons the day's branches failed: the one furthest along the day, the most common."""
        far = max(at.field for at, _ in self.why)
        counts = Counter((at, m) for at, m in self.why if at.field == far)
        return min(counts, key=lambda am: (-counts[am], am[0].line, am[1]))

    # --- phase by phase --------------------------------------------------------------------------

    def run(self) -> set:
        f = self.facts
        land = self.land
        # a day whose own fields already broke a rule (a move, a hex, a mark) is not replayed: those
        # problems say what is wrong, and a replay of a day that cannot be played would only guess
        own = len(self.problems) > f.problems_before
        states: dict = {}  # in the carried order (a dict keeps it)
        order = f.rolls.get("order")
        misplaced = None
        for s in self.st.flags["states"]:
            if s.over is not None:
                continue
            s = eng.begin_turn(s, land)
            try:
                s = eng.use_dancers(s, f.dancers[0] if f.dancers else 0, self.st.flags["terrain"].get(self.start))
            except eng.RuleError as exc:
                self.problems.add(f.dancers[1], f"{exc.rule}: {exc}")
                s = s._replace(dancers=min(GAME.spirit_dancers, s.dancers + f.dancers[0]))
            if order is not None:
                try:
                    eng.placing(s, order)
                except eng.RuleError as exc:
                    misplaced = misplaced or exc
                    continue
            states[eng.fever_passes(s)] = None
        if misplaced is not None and not states:
            self.problems.add(f.roll_at["order"], f"{misplaced.rule}: {misplaced}")
            return self.recover(dict.fromkeys(eng.fever_passes(s) for s in self.st.flags["states"]
                                               if s.over is None))
        if not states:
            return set()
        if own:
            return self.recover(states)
        rows = self.phase1(states)
        if rows is None:
            return self.recover(states)
        self.bounds()
        if self.quick and not self.exact:  # with rolls only the choices branch: every branch is cheap
            found = self.explanations(states, rows)
            if found:
                return found
            self.why = []  # no explanation: every branch, as the thorough replay does, to say what is wrong
        aug = self.phase2(states, rows)
        if not aug and self.spare():  # without the shortcut of the day's recorded end, to say what is wrong
            self.use_bounds = False
            aug = self.phase2(states, rows)
        if not aug and self.use_bounds:
            self.report_unreplayed()
            return self.recover(states)
        if not aug:
            self.report_cut(()) if self.cut else self.report_phase2()
            return self.recover(states)
        ends = set()
        for s in aug:
            ends.update(self.phase3(s))
        if not ends and self.use_bounds and self.spare():
            self.use_bounds = False
            aug = self.phase2(states, rows)
            for s in aug:
                ends.update(self.phase3(s))
        if not ends and self.report_vision():
            return self.recover(states)
        if not ends and self.cut and not self.why:
            self.report_cut(())
            return self.recover(states)
        if not ends:
            at, message = self.likeliest() if self.why else (self.where("moved"), "no legal way to make these moves")
            self.problems.add(at, message)
            return self.recover(states)
        return self.match(ends)

    def spare(self) -> bool:
        """May this day be replayed over every branch without the bounds of its recorded end (costly
        without rolls)? On the first MAX_UNBOUNDED days of a save that need it, so that a mistake
        the days after all inherit (a wrong maximum) does not replay each of them so."""
        if self.exact:
            return True
        used = self.st.flags.get("unbounded", 0)
        self.st.flags["unbounded"] = used + 1
        return used < MAX_UNBOUNDED

    def report_unreplayed(self) -> None:
        values, _ = self.recorded()
        shown = ", ".join(f"{k} {v}" for k, v in zip(eng.KEYS, values))
        self.problems.add(self.at, f"no legal roll and choice gives {shown} together at the end of day {self.st.day} "
                                   f"({self.how()}; not replayed over every branch to say more: "
                                   f"{MAX_UNBOUNDED} days before it could not be explained either)")

    def report_cut(self, ends) -> None:
        """An unexplained day whose replay without bounds was cut to the nearest branches: one line,
        the recorded end and the nearest end found, with no range it could not vouch for."""
        values, caps = self.recorded()
        shown = ", ".join(f"{k} {v}" for k, v in zip(eng.KEYS, values))
        near = ""
        if ends:
            best = min(ends, key=lambda s: (sum(abs(a - b) for a, b in zip(s.values + s.caps, values + caps)),
                                            order_key(s)))
            near = "the nearest found is " + ", ".join(f"{k} {v}" for k, v in zip(eng.KEYS, best.values))
            if best.caps != caps:
                near += " (maximum " + ", ".join(f"{k} {c}" for k, c, w in zip(eng.KEYS, best.caps, caps)
                                                 if c != w) + ")"
            near += "; "
        self.problems.add(self.at, f"no legal roll and choice gives {shown} together at the end of day {self.st.day} "
                                   f"({self.how()}; {near}not replayed over every branch to say more: "
                                   f"only the {MAX_DIAGNOSED} branches nearest it after each unit)")

    def recover(self, states) -> set:
        """After a problem: the day as the save records it, so the days after are still checked."""
        values, caps = self.recorded()
        s = min(states, key=order_key)
        plots_done = s.plots + tuple((letter, self.st.day) for letter in self.facts.plots if not s.done(letter))
        vision = s.vision or (self.facts.vision[:PAIR] if self.facts.vision else None)
        if vision is None and len(s.crows) + len(self.facts.crows) >= GAME.crows_for_vision:
            vision = ("?", 0)  # a Vision Quest the save leaves out: reported once, not every day after
        return {s._replace(values=values, caps=caps, pos=self.st.position, moved=tuple(self.steps),
                           travelled=s.travelled + len(self.steps), plots=plots_done, vision=vision,
                           crows=s.crows + tuple(t for t, _ in self.facts.crows), came_from="")}

    def phase1(self, states) -> dict | None:
        f = self.facts
        board = f.rolls.get("units")
        if board is None:
            return {u: eng.rows_possible(next(iter(states)), u) for u in eng.UNITS}
        out = {}
        for s in list(states):
            try:
                _, diffs = eng.activate(s, board)
            except eng.RuleError as exc:
                self.problems.add(f.roll_at["units"], f"{exc.rule}: {exc}")
                return None
            out = {u: (diffs[u],) for u in eng.UNITS}
        return out

    def phase2(self, states, rows) -> set:
        """Every (state, omens read, map icons by terrain) Phase 2 can end in."""
        omens = self.facts.rolls.get("omens", () if self.exact else None)
        current = set()
        for s in states:
            current.add((s, 0, (), ()))
        terrains = self.terrain_end
        here = self.st.flags["terrain"].get(self.start) or terrains.get(self.start)
        # quick, on the day that ends the game: a row out of reach is not resolved (as in the search
        # for a first explanation; the every-branch replay keeps its own bounds untouched)
        by_row = self.quick and self.use_bounds and not self.exact and self.facts.vision is None
        for done, unit in enumerate(eng.UNITS):
            nxt = set()
            for s, k, maps, _ in current:
                for r in rows[unit]:
                    if by_row and not self.row_reaches(s, maps, unit, r, done):
                        continue
                    self.resolve(s, k, maps, unit, r, here, omens, nxt)
            current = self.prune(nxt, eng.UNITS.index(unit) + 1)
            if not self.use_bounds and len(current) > MAX_DIAGNOSED:
                current = self.nearest(current, done + 1)
            if len(current) > MAX_BRANCHES:
                break
        return {s for s, k, maps, _ in current if self.phase2_done(k, maps, omens)}

    def nearest(self, current, done: int) -> set:
        """The MAX_DIAGNOSED branches nearest the window the recorded end allows after `done` units
        (how far each value and maximum lies outside it), in an order that does not depend on the
        hash seed. Only the replay without bounds, which says what is wrong, is cut so."""
        low, high, caps = self.window(*self.rest[done])

        def off(item) -> int:
            s = item[0]
            far = sum(max(a - v, 0, v - b) for a, v, b in zip(low, s.values, high))
            return far + sum(max(c - v, 0) for c, v in zip(caps, s.caps))

        self.cut = True
        items = tuple(current)
        by_off = sorted((off(item), i) for i, item in enumerate(items))
        edge = by_off[MAX_DIAGNOSED - 1][0]  # all nearer than the edge are kept; at the edge, by order_key
        kept = [items[i] for d, i in by_off if d < edge]
        tied = sorted((items[i] for d, i in by_off if d == edge),
                      key=lambda it: (order_key(it[0]), it[1], it[2]))  # not a rule: the branch's fields
        return set(kept + tied[:MAX_DIAGNOSED - len(kept)])

    def resolve(self, s, k, maps, unit, r, here, omens, out) -> None:
        """One unit's cell (row r) over every order and choice; into out."""
        if self.exact:
            effects = eng.pending(s, {u: (r if u == unit else 0) for u in eng.UNITS})
            effects = [e for u, e in effects if u == unit]
        else:
            effects = list(eng.cell_effects(unit, r))
            if unit == "tribe" and eng.power(s).tribe_negative and eng.ROWS[r].covers(-1):
                for order in self.orders(effects + list(eng.power(s).tribe_negative)):
                    self.walk(s, k, maps, order, here, omens, out, unit)
        for order in self.orders(effects):
            self.walk(s, k, maps, order, here, omens, out, unit)

    def phase2_done(self, k, maps, omens) -> bool:
        """Every omen recorded was read, and the map icons coloured what the save draws."""
        if omens is not None and k != len(omens):
            return False
        counts = Counter(maps)
        return not any(counts[t] < self.drawn[t] or (counts[t] > self.drawn[t] and self.room[t])
                       for t in self.room.kinds)

    # --- quick: depth first, until every class of end the days after could tell apart is found ------

    def explanations(self, states, rows) -> tuple:
        """The ends of the day that are exactly the recorded one, one per class (see `classes`): what
        the every-branch replay would carry on, less states no later day can tell apart. Explanations
        agree on everything a later day reads but next turn's bars (from Bad Omens), whether 27A's
        warning was used up, and, entering Fort Benton without its die, whether the fort fell; so the
        search stops once every one of those it could still reach is found. First without bars (a
        state without a bar allows all a barred one does), then with them only where still needed."""
        found: dict = {}
        want = self.want = self.wanted()
        self.outcome_bars = frozenset(e.key for _r, _i, out, _at in self.facts.plots.values() if out is not None
                                      for e in out.effects if e.op == "flag" and e.key in RESTRICTIVE)
        self.skip_today = any(e.op == "flag" and e.key == "skip-omen" for _r, _i, out, _at in
                              self.facts.plots.values() if out is not None for e in out.effects)
        self.fortish = "fort" not in self.facts.rolls and any(lab in self.land.fort for lab in self.steps)
        self.outcome_crows = sum(e.op == "crow" for _r, _i, out, _at in self.facts.plots.values() if out is not None
                                 for e in out.effects)
        for bars in (False, True):
            for s in states:
                self.search(s, rows, want, found, bars)
        return classes(found.values())

    def settled(self, s, found: dict) -> bool:
        """Is every class of end this branch (Phase 2, so far) could reach found, with bars no more
        than it will have? Its bars only grow; 27A's warning, when it holds it, may yet be used."""
        if not found or self.fortish:
            return False
        bars = restrictions(s) | self.outcome_bars
        kept = "skip-omen" in s.flags
        skips = (True,) if self.skip_today else (True, False) if kept else (False,)
        return all(any(("skip-omen" in e.flags) == skip and restrictions(e) <= bars for e in found.values())
                   for skip in skips)

    def search(self, start, rows, want, found: dict, bars: bool) -> None:
        """Phase 2 depth first, nearest branches first, then Phase 3, adding each explaining end to
        found (by class and bars). A (units done, branch) already explored is not explored again;
        without `bars`, a branch that bars next turn is not explored."""
        omens = self.facts.rolls.get("omens", () if self.exact else None)
        here = self.st.flags["terrain"].get(self.start) or self.terrain_end.get(self.start)
        seen: set = set()
        last = len(eng.UNITS)

        if self.settled(start, found):
            return
        plan = self.row_plan(start)
        _, _, crows_want, _ = want
        crows_hi = sum(crows_want.values())  # the Crows Phase 2 may end with: at most the day's (they only
        crows_lo = crows_hi - self.outcome_crows  # accumulate), at least those less the outcome's

        def dive(item, done, prefix) -> None:
            s, k, maps, _ = item
            if done == last:
                if self.phase2_done(k, maps, omens):
                    for e in self.phase3(s):
                        if self.explains(e, want):
                            key = (carried(e), restrictions(e))
                            if key not in found or order_key(e) < order_key(found[key]):
                                found[key] = e
                return
            unit = eng.UNITS[done]
            for r in plan.rows_after(prefix):
                if not self.row_reaches(s, maps, unit, r, done) or \
                        len(s.crows) + CROW_ROWS[unit][r] + CROW_REST[done + 1] < crows_lo:
                    continue
                nxt: set = set()
                self.resolve(s, k, maps, unit, r, here, omens, nxt)
                for child in self.closest_first(self.prune(nxt, done + 1), want):
                    key = (done + 1, child)
                    if key in seen or (not bars and self.barred(child[0])) or len(child[0].crows) > crows_hi:
                        continue
                    seen.add(key)
                    if self.settled(child[0], found):
                        continue
                    dive(child, done + 1, prefix + (r,))
                    if self.settled(s, found):
                        return

        dive((start, 0, (), ()), 0, ())

    def row_plan(self, start) -> dict:
        """rows chosen so far -> the next unit's rows worth trying, likeliest first. A row set (one
        row per unit) is worth trying when its map icons colour what the save draws (exactly, unless
        a kind's icons may be lost for want of a hex), it can colour the Crows Phase 2 must, and for
        each value the most its cells could move it up and down reaches the window Phase 2 must end
        in (the day's recorded value less what Phase 3 may do: the same bound the search cuts by).
        Likeliest: the fewest Bad Omens, then the narrowest spans (COMBOS' rank)."""
        drawn, room = self.drawn, self.room
        low, high, _ = self.window(*self.rest[len(eng.UNITS)])
        _, _, crows_want, _ = self.want
        crows = sum(crows_want.values()) - self.outcome_crows - len(start.crows)
        ok = sum(mask for n, mask in COMBO_CROWS.items() if n >= crows)
        for t, by_count in zip(KINDS, COMBO_MAPS):
            ok &= sum(mask for n, mask in enumerate(by_count) if n == drawn[t] or (n > drawn[t] and not room[t]))
        for v, a, b, spans, masks in zip(start.values, low, high, SPANS, COMBO_SPANS):
            ok &= sum(mask for (g, lo), mask in zip(spans, masks) if v + g >= a and v - lo <= b)
        return Plan(ok)

    def wanted(self) -> tuple:
        values, caps = self.recorded()
        before = next(iter(self.st.flags["states"])).crows
        crows = Counter(before) + Counter(t for t, _ in self.facts.crows)
        vision = self.facts.vision[:PAIR] if self.facts.vision is not None else None
        return values, caps, crows, vision

    @staticmethod
    def explains(s, want) -> bool:
        values, caps, crows, vision = want
        return (s.values == values and s.caps == caps and Counter(s.crows) == crows
                and (vision is None or s.vision == vision))

    def closest_first(self, items, want) -> list:
        """Branches nearest the recorded end of the day (before Phase 3 pays the moves) first: the
        likeliest to explain it."""
        must = self.after[-1]
        values = tuple(v + m for v, m in zip(want[0], must))
        caps = want[1]
        def order(item):
            s = item[0]
            near = sum(abs(a - b) for a, b in zip(s.values, values)) + sum(abs(a - b) for a, b in zip(s.caps, caps))
            _, k, maps, _ = item
            return DayReplay.barred(s), near, s.values, s.caps, s.crows, k, maps, tuple(sorted(s.flags)), s.fever
        return sorted(items, key=order)

    @staticmethod
    def barred(s) -> int:
        """How many of next turn's bars (halt, no Crow, no Plains, no north) s carries."""
        return sum(f in eng.NEXT_FLAGS for f in s.flags)

    # --- bounds: a branch that cannot reach the recorded end of the day is dropped early ----------

    def bounds(self) -> None:
        """How far the rest of the day could still move each value: by the units not yet resolved
        (index = units done) and by Phase 3 (the steps, the plot outcome, the end of the turn)."""
        inf = INF
        n = len(eng.KEYS)
        self.rest = REST_SPANS
        up, down, must = [0] * n, [0] * n, [0] * n
        for _roll, _index, out, _at in self.facts.plots.values():
            if out is None:
                continue
            g, lo = eng.reach(out.effects + ((out.test.passed + out.test.failed) if out.test else ()))
            up, down = [a + b for a, b in zip(up, g)], [a + b for a, b in zip(down, lo)]
        cheap = eng.power(next(iter(self.st.flags["states"]))).move_cost
        must, g, lo = eng.moves_reach(self.land, self.terrain_end, self.start, self.steps, cheap,
                                      any(s.mountie > 0 for s in self.st.flags["states"]))
        up, down = [a + b for a, b in zip(up, g)], [a + b for a, b in zip(down, lo)]
        move = eng.MOVEMENT
        vision = plots.POWERS.get(self.facts.vision[:PAIR]) if self.facts.vision is not None else None
        if self.facts.ghost or any(eng.power(s).ghost_mountain for s in self.st.flags["states"]) or (
                self.facts.vision is not None and (not self.quick or vision is None or vision.ghost_mountain)):
            up, down = [inf] * n, [inf] * n
        elif vision is not None:  # quick: the day's vision is known, and so is what it does at once
            g, lo = eng.reach(vision.now)
            up, down = [a + b for a, b in zip(up, g)], [a + b for a, b in zip(down, lo)]
            if vision.move_cost:
                up[move], down[move], must[move] = inf, inf, 0
        self.after = (up, down, must)
        self.target = self.recorded()
        self.windows: dict = {}
        self.caps_free = self.facts.vision is not None
        want = self.target[0]  # the window with nothing left of Phase 2 (a value of 0 may be reached from below)
        self.edges = (tuple(w - u + m if w > 0 else -INF for w, u, m in zip(want, up, must)),
                      tuple(w + d + m for w, d, m in zip(want, down, must)),
                      tuple(-INF for _ in want) if self.caps_free else self.target[1])

    def prune(self, current, done: int) -> set:
        """Drop the branches that cannot end where the save says. The map icons always count (they
        only accumulate); the values only with use_bounds (the search without them says what is wrong)."""
        need = self.maps_needed(MAP_REST[done])
        if not self.use_bounds:
            return {item for item in current if self.maps_reach(item_maps(item), need)}
        window = self.window(*self.rest[done])
        return {item for item in current if self.reaches(item[0], window) and self.maps_reach(item_maps(item), need)}

    def maps_needed(self, rest: dict) -> tuple:
        """(terrain, map icons the branch must already hold): the save draws them and at most `rest`
        more can come from the units still to resolve (a map icon comes only from a unit's cell)."""
        return tuple((t, n - rest.get(t, 0)) for t, n in self.drawn.items() if n > rest.get(t, 0))

    @staticmethod
    def maps_reach(maps: tuple, need: tuple) -> bool:
        return all(maps.count(t) >= n for t, n in need)

    def window(self, gain, loss) -> tuple:
        """For each value: the range it may have now and still end the day at the recorded value,
        moved at most gain/loss by what is left of Phase 2 and by Phase 3."""
        key = (gain, loss)
        got = self.windows.get(key)
        if got is None:
            low, high, caps = self.edges
            got = self.windows[key] = (tuple(map(sub, low, gain)), tuple(map(add, high, loss)), caps)
        return got

    @staticmethod
    def reaches(s, window) -> bool:
        """Could s still end the day at the recorded values and caps (caps only fall, but by a vision)?
        window: (lowest values, highest values, lowest caps)."""
        low, high, caps = window
        values = s.values
        return all(map(le, low, values)) and all(map(le, values, high)) and all(map(le, caps, s.caps))

    def row_reaches(self, s, maps: tuple, unit: str, r: int, done: int) -> bool:
        """Could this unit's row r, then the units after it, still lead s to the recorded end?"""
        key = (unit, r)
        limits = self.windows.get(key)
        if limits is None:
            (g, lo), (rg, rlo) = ROW_SPANS[unit][r], self.rest[done + 1]
            limits = self.windows[key] = (
                self.window(tuple(a + b for a, b in zip(g, rg)), tuple(a + b for a, b in zip(lo, rlo))),
                self.maps_needed(MAP_FROM[unit][r]))
        window, need = limits
        return self.reaches(s, window) and self.maps_reach(maps, need)

    @staticmethod
    def orders(effects):
        """A cell's two icons in either order, unless the order cannot matter: the same icon twice, a
        map icon, two gains or two losses (a cap or 0 stops both alike), two changes to other values."""
        if len(effects) == PAIR:
            a, b = effects
            if a != b and "map" not in (a.op, b.op) and not (
                    (a.op == b.op == "add" and a.key != b.key)
                    or (a.op in SUMS and b.op in SUMS and (a.n > 0) == (b.n > 0))):
                return (effects, effects[::-1])
        return (effects,)

    def walk(self, s, k, maps, effects, here, omens, out, unit) -> None:
        """Apply effects in order over every choice; add (state, omens read, maps, tag) to out."""
        branches = {(s, k, maps)}
        for e in effects:
            nxt = set()
            for s1, k1, m1 in branches:
                if e.op == "map":
                    m2 = tuple(sorted(m1 + (e.key,)))
                    if m2.count(e.key) <= self.drawn[e.key] or not self.room[e.key]:
                        nxt.add((s1, k1, m2))
                elif e.op == "crow":
                    for s2 in self.crow(s1, here):
                        nxt.add((s2, k1, m1))
                elif e.op == "omen":
                    nxt.update(self.omen(s1, k1, m1, omens, unit))
                else:
                    key = (s1, e)
                    got = self.memo.get(key)
                    if got is None:
                        got = self.memo[key] = {eng.apply(s1, e, c) for c in eng.choices(s1, e)}
                    nxt.update((s2, k1, m1) for s2 in got)
            branches = nxt
        for s1, k1, m1 in branches:
            out.add((s1, k1, m1, ()))

    def omen(self, s, k, maps, omens, unit) -> set:
        if eng.omen_skipped(s, unit):
            return {(eng.skip_omen(s, unit), k, maps)}
        out = set()
        if omens is not None:
            if k >= len(omens):
                return out
            code = omens[k]
            options = [effects for _roll, effects in eng.omen_choices(s, (code // eng.TENS, code % eng.TENS))]
            k += 1
        else:
            options = OMENS_POSSIBLE[s.vision if s.vision in plots.POWERS else None]
        key = (s, tuple(options))
        got = self.memo.get(key)
        if got is None:
            got = set()
            for effects in options:
                branches = {s}
                for e in effects:
                    branches = {eng.apply(b, e, c) for b in branches for c in eng.choices(b, e)}
                got.update(branches)
            self.memo[key] = got
        out.update((b, k, maps) for b in got)
        return out

    def crow(self, s, terrain) -> list:
        out = []
        for c in eng.crow_choices(s):
            s2 = eng.crow(s, terrain, c)
            if eng.vision_due(s2):
                v = self.facts.vision
                if v is None:
                    continue
                try:
                    s2 = eng.vision_quest(s2, v[0], v[1])
                except eng.RuleError:
                    continue
                if self.facts.ghost:
                    try:
                        s2, _ = eng.ghost_mountain(self.land, self.st.flags["terrain"], s2, self.facts.ghost[0])
                    except eng.RuleError:
                        continue
            out.append(s2)
        return out

    def phase3(self, s) -> set:
        land = self.land
        terrain = self.terrain_end
        branches = {s}
        for j, lab in enumerate(self.steps):
            at = self.facts.step_at[j] if j < len(self.facts.step_at) else self.where("moved")
            nxt = set()
            for b in branches:
                if b.over is not None:
                    continue
                try:
                    pays = eng.river_choices(land, terrain, b, lab)
                except eng.RuleError as exc:
                    self.fail(at, f"{exc.rule}: {exc}")
                    continue
                dice = self.facts.rolls.get("fort", (None,)) if lab in land.fort else (None,)
                if lab in land.fort and "fort" not in self.facts.rolls:
                    dice = tuple(eng.dice_possible())
                for pay in pays:
                    for die in dice:
                        try:
                            b2 = eng.step(land, terrain, b, lab, pay, assault=die)
                        except eng.RuleError as exc:
                            self.fail(at, f"{exc.rule}: {exc}")
                            continue
                        nxt.update(self.plot(b2))
            branches = nxt
            if not branches:
                return set()
        out = set()
        for b in branches:
            out.add(eng.end_turn(b))
        return out

    def plot(self, s) -> set:
        letter = eng.plot_due(self.land, s)
        if not letter:
            return {s}
        entry = self.facts.plots.get(letter)
        if entry is None:
            self.fail(self.facts.step_at[len(s.moved) - 1] if len(s.moved) <= len(self.facts.step_at)
                      else self.where("moved"),
                      f"{s.pos} is plot hex {letter}: record its roll as a mark, like "
                      f"{{plot: {{letter: {letter}, roll: 3, outcome: ...}}}}")
            return set()
        roll, index, out, at = entry
        here = self.terrain_end[s.pos]
        n = out.dice if out is not None else 0
        if "outcome" in self.facts.rolls or self.exact:
            dice_sets = [self.facts.rolls.get("outcome", ())]
        else:
            dice_sets = list(_products(tuple(eng.dice_possible()), n))
        result = set()
        for dice in dice_sets:
            for c in eng.crow_choices(s):
                try:
                    s2 = eng.plot(s, letter, roll, index, tuple(dice), gold_entries=self.st.flags["gold"],
                                  terrain_here=here, crow_choice=c)
                except eng.RuleError as exc:
                    self.fail(at, f"{exc.rule}: {exc}")
                    continue
                if eng.vision_due(s2):
                    got = self.crow(s2._replace(crows=s2.crows[:-1]), here)
                    result.update(got)
                else:
                    result.add(s2)
        return result

    # --- the day's end against the save ----------------------------------------------------------

    def recorded(self) -> tuple[tuple, tuple]:
        return (tuple(self.st.values[k] for k in eng.KEYS), tuple(self.st.caps[k] for k in eng.KEYS))

    def match(self, ends) -> set:
        values, caps = self.recorded()
        before = next(iter(self.st.flags["states"])).crows
        crows = Counter(before) + Counter(t for t, _ in self.facts.crows)
        good_crows = {s for s in ends if Counter(s.crows) == crows}
        if not good_crows and self.report_vision():
            return self.recover(ends)
        if not good_crows:
            self.report_cut(ends) if self.cut else self.report_crows(ends, before)
            return {self.as_recorded(ends, values, caps)._replace(
                crows=before + tuple(t for t, _ in self.facts.crows))}
        vision = self.facts.vision
        if vision is not None and not any(s.vision == vision[:PAIR] for s in good_crows):
            s0 = min(good_crows, key=order_key)
            if s0.vision is not None and s0.vision != vision[:PAIR]:
                self.problems.add(vision[PAIR], f"only one Vision Quest per game (the first was on day "
                                             f"{self.st.flags['vision'][PAIR] if self.st.flags['vision'] else '?'})")
            else:
                try:
                    eng.vision_quest(s0, vision[0], vision[1])
                except eng.RuleError as exc:
                    self.problems.add(vision[PAIR], str(exc))
                else:
                    self.problems.add(vision[PAIR], f"no legal roll and choice brings this Vision Quest on day "
                                                    f"{self.st.day} ({self.how()})")
            return {self.as_recorded(good_crows, values, caps)}
        matched = {s for s in good_crows if s.values == values and s.caps == caps}
        if matched:
            return matched
        self.report_values(good_crows, values, caps)
        return {self.as_recorded(good_crows, values, caps)}

    def as_recorded(self, ends, values, caps):
        """After a problem: the day's end as the save records it, from a branch that did not lose
        (a loss belongs to values the save does not record), so the days after are still checked."""
        s = min(ends, key=lambda e: (e.over is not None, order_key(e)))
        if s.over is not None and s.over[0] == "lost" and all(values[eng.INDEX[k]] for k in eng.PRIMARY):
            s = s._replace(over=None)
        return s._replace(values=values, caps=caps)

    def how(self) -> str:
        return "with the recorded rolls" if self.exact else "whatever the dice"

    def report_values(self, ends, values, caps) -> None:
        """What the day's ends allow against what the save records. After a cut replay (`cut`), what
        the branches kept reach, said so: the rules may allow more."""
        reported = False
        rules = f"the {MAX_DIAGNOSED} branches nearest it after each unit" if self.cut else "the rules"
        more = " (not replayed over every branch to say more)" if self.cut else ""
        facts = self.facts
        raw = facts.raw
        res = raw.get("resources") if hasattr(raw, "get") else None
        for i, key in enumerate(eng.KEYS):
            got = {s.caps[i] for s in ends}
            if caps[i] not in got:
                lo, hi = min(got), max(got)
                allowed = f"{lo}" if lo == hi else f"{lo}\u2013{hi}"
                at = facts.caps[key][1] if key in facts.caps else self.where("caps")
                self.problems.add(at, f"the {key} maximum is {caps[i]} after day {self.st.day}; {self.how()} "
                                      f"{rules} give {allowed}{more} (a maximum only rises with a vision that "
                                      f"restores it, and falls by 1 for each Bad Omen or outcome that lowers it)")
                reported = True
        if reported:
            return
        ends = [s for s in ends if s.caps == caps] or list(ends)
        for i, key in enumerate(eng.KEYS):
            got = sorted({s.values[i] for s in ends})
            if values[i] not in got:
                at = (At(line_of(res, key), f"{facts.at.field}.resources.{key}")
                      if isinstance(res, dict) and key in res else self.at)
                start = sorted({s.values[i] for s in self.st.flags["states"]})
                self.problems.add(at, f"{key} is {values[i]} at the end of day {self.st.day} (from "
                                      f"{'/'.join(map(str, start))}); {self.how()} {rules} allow "
                                      f"{_spread(got)}{more}")
                reported = True
        if not reported:
            best = min(ends, key=lambda s: (sum(abs(a - b) for a, b in zip(s.values, values)), s.values))
            shown = ", ".join(f"{k} {v}" for k, v in zip(eng.KEYS, values))
            near = ", ".join(f"{k} {v}" for k, v in zip(eng.KEYS, best.values))
            if self.cut:
                self.report_cut(ends)
                return
            self.problems.add(self.at, f"no legal roll and choice gives {shown} together at the end of day "
                                       f"{self.st.day} ({self.how()}; the nearest is {near})")

    def report_crows(self, ends, before) -> None:
        counts = sorted({len(s.crows) - len(before) for s in ends})
        got = len(self.facts.crows)
        at = self.where("crows")
        stood = {self.st.terrain.get(lab) for lab in self.st.day_hexes}
        bad = [(t, a) for t, a in self.facts.crows if t not in stood]
        if bad:
            self.problems.add(bad[0][1], f"a Crow takes the colour of the terrain the tribe stands in; it stood only "
                                         f"in {', '.join(sorted(t for t in stood if t))} on day {self.st.day}")
        elif got not in counts:
            self.problems.add(at, f"{got} Crows coloured on day {self.st.day}; {self.how()} the rules allow "
                                  f"{_spread(counts)}")
        else:
            self.problems.add(at, f"these Crows' terrains do not match where the tribe stood when it earned them "
                                  f"(Phase 2 in {self.start}, a plot outcome in its hex)")

    def report_vision(self) -> bool:
        """When the day's Crows reach the Vision Quest: is it recorded, and could it be this one?"""
        s = next(iter(self.st.flags["states"]))
        crows = s.crows + tuple(t for t, _ in self.facts.crows)
        if s.vision is not None or len(crows) < GAME.crows_for_vision:
            return False
        v = self.facts.vision
        if v is None:
            self.problems.add(self.where("crows"), f"the seventh Crow brings the Vision Quest: record vision: "
                                                   f"{{terrain, roll}} on day {self.st.day}")
            return True
        try:
            eng.vision_quest(s._replace(crows=crows), v[0], v[1])
        except eng.RuleError as exc:
            self.problems.add(v[PAIR], str(exc))
            return True
        return False

    def report_phase2(self) -> None:
        if self.report_vision():
            return
        board = self.facts.rolls.get("units")
        if board is not None:
            s = next(iter(self.st.flags["states"]))
            diffs = {u: board[eng.BOX * i] - board[eng.BOX * i + 1] for i, u in enumerate(eng.UNITS)}
            called = sum(e.op == "omen" for _, e in eng.pending(s, diffs))
            got = len(self.facts.rolls.get("omens", ()))
            if called != got and "skip-omen" not in s.flags and not eng.power(s).shaman_immune:
                at = self.facts.roll_at.get("omens", self.facts.roll_at["units"])
                self.problems.add(at, f"the units' dice {list(board)} call for {called} Bad Omen roll"
                                      f"{'s' * (called != 1)}; {got} recorded")
                return
        at = self.where("mapped")
        drawn = ", ".join(f"{n} {t}" for t, n in sorted(self.drawn.items())) or "nothing"
        if self.facts.vision is not None or self.facts.crows:
            pass
        self.problems.add(at, f"the units' icons cannot colour {drawn} from {self.start} on day {self.st.day} "
                              f"({self.how()}; with a hex free next to the tribe each map icon colours one)")


def item_maps(item: tuple) -> tuple:
    """The map icons of a Phase 2 branch (state, omens read, maps, tag)."""
    _, _, maps, _ = item
    return maps


def _row_spans() -> dict:
    """unit -> for each row: how far that cell could move each value (the Tribe's with a vision's
    extra losses)."""
    n = len(eng.KEYS)
    thieves = [max(eng.reach(p.tribe_negative)[0][i] for p in plots.POWERS.values()) for i in range(n)]
    out = {}
    for unit in eng.UNITS:
        spans = []
        for r in range(len(eng.ROWS)):
            g, lo = eng.reach(eng.cell_effects(unit, r))
            if unit == "tribe":
                g = [a + b for a, b in zip(g, thieves)]
            spans.append((tuple(g), tuple(lo)))
        out[unit] = tuple(spans)
    return out


def _rest_spans() -> tuple:
    """For each number of units resolved: how far the units still to come could move each value."""
    n = len(eng.KEYS)
    per_unit = [(tuple(max(g[i] for g, _ in ROW_SPANS[u]) for i in range(n)),
                 tuple(max(lo[i] for _, lo in ROW_SPANS[u]) for i in range(n))) for u in eng.UNITS]
    out = []
    for done in range(len(eng.UNITS) + 1):
        g = tuple(sum(per_unit[u][0][i] for u in range(done, len(eng.UNITS))) for i in range(n))
        lo = tuple(sum(per_unit[u][1][i] for u in range(done, len(eng.UNITS))) for i in range(n))
        out.append((g, lo))
    return tuple(out)


def _spread(values) -> str:
    values = sorted(values)
    if not values:
        return "nothing"
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}" if len(values) == 1 else f"{values[0]}\u2013{values[-1]}"
    return ", ".join(map(str, values))


def _products(faces: tuple, n: int):
    if n == 0:
        yield ()
        return
    for f in faces:
        for rest in _products(faces, n - 1):
            yield (f,) + rest


ROW_SPANS = _row_spans()
REST_SPANS = _rest_spans()
MAP_ROWS = {u: tuple(Counter(e.key for e in eng.cell_effects(u, r) if e.op == "map") for r in range(len(eng.ROWS)))
            for u in eng.UNITS}  # unit -> per row: the map icons of its cell, by terrain
MAP_REST = tuple(sum((Counter({t: max(c[t] for c in MAP_ROWS[u]) for t in set().union(*MAP_ROWS[u])})
                      for u in eng.UNITS[done:]), Counter())
                 for done in range(len(eng.UNITS) + 1))  # units done -> the most map icons still to come
MAP_FROM = {u: tuple(MAP_ROWS[u][r] + MAP_REST[eng.UNITS.index(u) + 1] for r in range(len(eng.ROWS)))
            for u in eng.UNITS}  # unit -> per row: the most map icons that row and the units after it give
CROW_ROWS = {u: tuple(sum(e.op == "crow" for e in eng.cell_effects(u, r)) for r in range(len(eng.ROWS)))
             for u in eng.UNITS}  # unit -> per row: the Crows its cell colours
CROW_REST = tuple(sum(max(CROW_ROWS[u]) for u in eng.UNITS[done:])
                  for done in range(len(eng.UNITS) + 1))  # units done -> the most Crows still to come
# vision -> every distinct set of effects one Bad Omen roll could bring (a power is all they depend on)
OMENS_POSSIBLE = {v: eng.omens_possible(eng.State(day=0, pos="", start="", values=(), caps=(), vision=v))
                  for v in (None, *plots.POWERS)}


def _combos_by_maps() -> tuple:
    """Every row set (one row per unit), ranked by fewer Bad Omens, then narrower spans (the likelier
    first where they explain a day as well), as the bit masks row_plan filters them by."""

    kinds = KINDS
    combos = []
    for rows in product(range(len(eng.ROWS)), repeat=len(eng.UNITS)):
        cells = [eng.cell_effects(u, r) for u, r in zip(eng.UNITS, rows)]
        icons = sum((MAP_ROWS[u][r] for u, r in zip(eng.UNITS, rows)), Counter())
        spans = [ROW_SPANS[u][r] for u, r in zip(eng.UNITS, rows)]
        gain = tuple(sum(g[i] for g, _ in spans) for i in range(len(eng.KEYS)))
        loss = tuple(sum(lo[i] for _, lo in spans) for i in range(len(eng.KEYS)))
        omens = sum(e.op == "omen" for c in cells for e in c)
        combos.append(((omens, sum(gain) + sum(loss), rows), tuple(icons[t] for t in kinds),
                       sum(e.op == "crow" for c in cells for e in c), tuple(zip(gain, loss))))
    combos.sort()
    spans = tuple(tuple(sorted({c[-1][i] for c in combos})) for i in range(len(eng.KEYS)))
    by_maps, by_crows = [[0] * (max(c[1][i] for c in combos) + 1) for i in range(len(kinds))], {}
    by_span = [[0] * len(s) for s in spans]
    by_row = [[0] * len(eng.ROWS) for _ in eng.UNITS]
    for rank, (static, sig, crows, pairs) in enumerate(combos):
        bit = 1 << rank
        for i, n in enumerate(sig):
            by_maps[i][n] |= bit
        by_crows[crows] = by_crows.get(crows, 0) | bit
        for i, p in enumerate(pairs):
            by_span[i][spans[i].index(p)] |= bit
        for u, r in enumerate(static[-1]):
            by_row[u][r] |= bit
    return spans, tuple(map(tuple, by_maps)), by_crows, tuple(map(tuple, by_span)), tuple(map(tuple, by_row))


# bit masks (bit = rank) of the row sets (one row per unit, ranked by fewer Bad Omens, then narrower
# spans): per terrain by how many of its map icons, by Crows coloured, per value by (most it could rise, most it
# could fall) span (SPANS: each value's distinct spans), per unit by row
SPANS, COMBO_MAPS, COMBO_CROWS, COMBO_SPANS, ROW_MASKS = _combos_by_maps()
RULES = Rules1872()


# --- the transcript: a game the driver played, as a save ---------------------------------------------


def save_of(events, final, names=(), standard: bool = True) -> dict:
    """A game the driver played (its events, lostprint.engine.drive.Event) as save data: each day's
    fields in the order a player pencils them, and its dice under `rolls:`. `names` is unused (1872
    names nobody), kept for the transcripts' one signature."""

    days: list[list] = []
    for e in events:
        if e.step == "dawn":
            days.append([])
        if days:
            days[-1].append(e)
    out = {"format": SAVE_FORMAT, "game": "lost-crows", "map": "standard" if standard else None,
           "days": [_save_day(day) for day in days]}
    if final.over:
        out["outcome"] = {"result": final.over[0]}
    return out


def _note_caps(record: dict, before: tuple, after: tuple) -> None:
    for key, cap, old in zip(eng.KEYS, after, before):
        if cap != old:
            record.setdefault("caps", {})[key] = cap


def _save_day(events) -> dict:
    dawn = events[0].state
    record: dict = {"day": dawn.st.day}
    for e in events[1:]:
        before, after, st = e.before, e.state, e.state.st
        if e.step == "activate":
            record.setdefault("rolls", {})["units"] = list(before.board)
            if before.used:
                record["spirit-dancers"] = before.used
        elif e.step == "go" and not before.agenda and e.value != eng.STOP:
            record.setdefault("moved", []).append(e.value[0])
            if len(st.plots) > len(before.st.plots):  # a plot hex visited without a roll (02A)
                record.setdefault("marks", []).append({"plot": {"letter": st.plots[-1][0]}})
        elif before.agenda:
            item = before.agenda[0]
            kind = item[0]
            if kind == "effect" and item[eng.SECOND].op == "map" and len(after.drawn) > len(before.drawn):
                lab, terrain = after.drawn[-1]
                record.setdefault("mapped", {})[lab] = terrain
            elif kind == "effect" and item[eng.SECOND].op == "omen" and isinstance(e.need, eng.Roll):
                a, b = e.value
                record.setdefault("rolls", {}).setdefault("omens", []).append(eng.TENS * a + b)
            elif kind == "ghost" and len(after.drawn) > len(before.drawn):
                record["ghost-mountain"] = after.drawn[-1][0]
            elif len(st.plots) > len(before.st.plots):
                letter = item[eng.FIRST]
                if kind == "plot":
                    roll, choice = e.value, None
                elif kind == "plot choice":
                    roll, choice = item[eng.SECOND], e.value if e.value is not None else eng.agenda_options(before)[0]
                else:  # "plot crow", "plot dice"
                    roll, choice = item[eng.SECOND], item[eng.THIRD]
                mark = {"letter": letter, "roll": roll}
                if choice is not None:
                    enc = plots.encounter(f"{letter}{roll}")
                    mark.update(choice=enc.choices[choice].text, outcome=enc.choices[choice].outcome)
                if kind == "plot dice" and item[eng.DICE_AT]:
                    record.setdefault("rolls", {})["outcome"] = [e.value] if isinstance(e.value, int) else list(e.value)
                record.setdefault("marks", []).append({"plot": mark})
            if len(st.crows) > len(before.st.crows):
                record.setdefault("crows", []).extend(st.crows[len(before.st.crows):])
            if st.vision is not None and before.st.vision is None:
                record["vision"] = {"terrain": st.vision[0], "roll": st.vision[1]}
        if st.caps != before.st.caps:
            _note_caps(record, before.st.caps, st.caps)
    final = events[-1].state.st
    record["resources"] = dict(zip(eng.KEYS, final.values))
    rolls = record.pop("rolls", {})
    record["rolls"] = rolls
    return record
