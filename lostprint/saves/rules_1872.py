"""1872: The Lost Crows' transcript: a save's fields, read by their description
(lostprint.saves.fields_1872), as what the search over the engine's steps takes (lostprint.saves.search:
recorded dice and choices as inputs or narrowed options, the day's end as checks); a failed search said
in the save's words; and a played game written back as a save (`save_of`). No rule is worked out here:
lostprint.engine.lost_crows is the only place of the turn and its effects, and says how far the rest of
a day can move the values (`day_bound`). What the save does not record (dice without `rolls:`, which
resource a "+1 any" takes, how a river is paid) is every option the engine allows; the days are walked
depth first (search.Days), and a refused day is carried on from an end the rules allow.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import reduce
from itertools import product

from lostprint.engine import lost_crows as eng
from lostprint.engine.contract import RuleError, evolve
from lostprint.files import line_of
from lostprint.files.fields import Reader
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import GAME, cell_words
from lostprint.saves import search
from lostprint.saves.fields_1872 import fields
from lostprint.saves.fields_common import closest, spelled
from lostprint.saves.fields_read import read
from lostprint.saves.rules import At, Event, LostRules, Mark, at_in, slug

FIELDS = fields(GAME)
DAY_FIELDS = {f["key"]: f for f in FIELDS["day"]}
MARKS = {m["kind"]: m for m in FIELDS["marks"]}
PAIR = 2  # not a rule: a vision record's terrain and roll, then where
EXPLAIN_STEPS = 20_000  # not a rule: a bound on the steps walked to say why a day is refused
RECOVER_STEPS = 3_000  # not a rule: a bound on the steps walked to go on after a refused day
BACKTRACK = 4  # not a rule: days walked again, at most, to explain one more (search.Days' budget)
BACKTRACK_STEPS = 5_000  # not a rule: and steps walked, at most, in all (search.Days' steps)
WIDE_STEPS = 20_000  # not a rule: the steps of a going back tried again, every day back, once those ran out
DANCE = eng.STEPS[eng.STEP_INDEX["spirit dancers"]]  # a change of the Tribe's bottom die to face 1, 2, ...
ANY_VALUES, NO_CAPS = (None,) * len(eng.KEYS), (0,) * len(eng.KEYS)  # a day bound that leaves them open
TERRAINS = spelled({s: t.key for t in GAME.terrains for s in t.spellings})
PARTS_ORDER = ("moved", "terrain", "plots", "vision", "crows", "caps", "values")


def _said(exc: RuleError) -> str:
    """A refusal in words: the engine's message, led by the rule it names unless it says it."""
    return str(exc) if exc.rule.lower() in str(exc).lower() else f"{exc.rule}: {exc}"


def _meant(problems, where: str, written) -> str | None:
    """The terrain a name that is none most likely meant (`Plainz`: plains), added to its refusal (the day goes on
    with it, as a misspelled terrain in mapped: does), or None."""
    meant = closest(TERRAINS, written) if isinstance(written, str) else None
    for k, (line, n, text) in enumerate(problems.items):
        if meant and f": {where}: " in text:
            problems.items[k] = (line, n, f"{text}; did you mean {meant}?")
    return meant


def _spread(values) -> str:
    values = sorted(values)
    if not values:
        return "nothing"
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}" if len(values) == 1 else f"{values[0]}\u2013{values[-1]}"
    return ", ".join(map(str, values))


@dataclass
class Day:
    """What a save says of the day being read, and where each stands."""

    raw: object
    at: At
    problems_before: int = 0  # problems found before this day
    crows: list = field(default_factory=list)  # (terrain, At)
    vision: tuple | None = None  # (terrain, roll, At)
    ghost: tuple | None = None  # (hex, At)
    dancers: tuple | None = None  # (how many, At)
    caps: dict = field(default_factory=dict)  # resource -> (new maximum, At)
    rolls: dict = field(default_factory=dict)  # roll key -> faces
    roll_at: dict = field(default_factory=dict)
    plots: dict = field(default_factory=dict)  # letter -> (roll, outcome, At)
    why: dict = field(default_factory=dict)  # input key -> (At, the rule the engine gave a branch)
    far_said: bool = False  # a hex coloured two away while one next to the tribe is blank, said today

    @property
    def how(self) -> str:
        return "with the recorded rolls" if "units" in self.rolls else "whatever the dice"

    def dice_read(self) -> str:
        """The chart cells the recorded dice land on, for a reader to redo the day: "" without them."""
        units, rules = self.rolls.get("units"), GAME.rules
        if not units:
            return ""
        cells = []
        for k, (unit, top, bottom) in enumerate(zip(rules.units, units[::eng.BOX], units[1::eng.BOX])):
            row = next(r for r in rules.unit_rows if r.covers(top - bottom))
            cells.append(f"{unit.name} {top}\u2212{bottom}: {cell_words(row.cells[k])}")
        omens = [f"Bad Omen {roll}: {rules.omen(roll).name}" for roll in self.rolls.get("omens", ())]
        return "; ".join(cells + omens)

    def where_moved(self, k: int) -> At:
        """Where the save writes its k-th move of the day (or its moves, past the last)."""
        moved = self.raw.get("moved") if hasattr(self.raw, "get") else None
        if isinstance(moved, list) and k < len(moved):
            return At(line_of(moved, k), f"{self.at.field}.moved[{k}]")
        return self.where("moved")

    def where(self, name: str) -> At:
        raw = self.raw
        if hasattr(raw, "get") and name in raw:
            return at_in(raw, name, self.at)
        return At(line_of(raw), f"{self.at.field}.{name}")


@dataclass
class Replay:
    """The transcript's own state over one save (kept as the save's State holds a game's)."""

    land: eng.Land
    ends: list  # the games the days so far can end in
    days: search.Days
    plots: dict = field(default_factory=dict)  # letter -> the day it was rolled
    vision: tuple | None = None  # (terrain, roll, day) once the Vision Quest is known
    crows: list = field(default_factory=list)
    today: Day | None = None
    gold: int = 0  # journal entries written at a plot hex with GOLD in them (02A counts them)
    way_back: bool = False  # a failed assault on Fort Benton (12A) moved the tribe back: that step never scores


def _replay(st) -> Replay:
    return st.own


def _ends(starts, record_for, budget: int = 0, parts: tuple = (), checks: dict | None = None, **changes):
    """The ends of a day (`record_for`: its record for each start) from each of `starts` not over, at most
    `budget` steps each (0: no bound); the checks of `parts` set aside or replaced by `checks`, and other
    fields of the record changed."""
    for game in starts:
        if game.over is None:
            record = record_for(game)
            if parts or checks or changes:
                kept = {k: v for k, v in record.checks.items() if k not in parts}
                record = replace(record, checks={**kept, **(checks or {})}, **changes)
            yield from search.walk(eng, [game], record, budget=budget)


def _as_recorded(st, facts: Day, keys) -> str:
    """What the rules make of the day as the save records it, for the values `keys`, in words: each move's
    price, a day without one, the plot outcomes and the vision written that day ("" when none moves them)."""
    land, start = _replay(st).land, _replay(st).ends[0].st
    power, said = eng.power(start), []
    if st.day_start in land.zone and "proximity" in keys:
        said.append(f"a turn begun in the fort's zone ({st.day_start}) costs {eng.RULES.zone_proximity} Proximity")
    path = [st.day_start] + [lab for k, lab in enumerate(st.day_hexes[1:]) if not (k and st.day_hexes[k] in land.fort)]
    for a, b in zip(path, path[1:]):  # (a hex written after the fort's is the free move back from an assault)
        cost = eng.COST_OF.get(st.terrain.get(b))
        if cost and {"movement", "food"} & set(keys):
            move = power.move_cost[1] if power.move_cost and power.move_cost[0] == cost.terrain else cost.movement
            said.append(f"entering {b} ({cost.terrain}) costs {move} Movement and {cost.food} Food")
        if eng.crossing(land, a, b) and not power.river_free and {"movement", "resolve"} & set(keys):
            said.append(f"{a} to {b} crosses a river: {eng.RULES.river_extra} more Movement or Resolve")
        if power.ghost_mountain and b == start.ghost:
            said.append(f"entering the Ghost Mountain sets each primary to {power.ghost_mountain}")
    if len(path) == 1 and "resolve" in keys:
        said.append(f"a day without a move costs {eng.RULES.idle_resolve} Resolve")
    for _roll, out, _at in facts.plots.values():
        if out is not None and any(k in out.effect.lower() for k in keys):
            said.append(f"{out.code} {out.title}: {out.effect.rstrip('.')}")
    if facts.vision:
        vision = next((v for v in plots.visions(facts.vision[0]) if v.roll == facts.vision[1]), None)
        if vision and any(k in vision.effect.lower() for k in keys):
            said.append(f"the vision {vision.name}: {vision.effect.rstrip('.')}")
    return f"the day as recorded: {'; '.join(said)}" if said else ""


def _effects(st, facts: Day) -> list[str]:
    """Beside the dice, what moves a day's values, in words: the fort's zone at dawn, the vision in force (or
    found that day) and the day's plot outcomes (a new victory condition by its name only)."""
    held = _replay(st).ends[0].st.vision or (facts.vision[:PAIR] if facts.vision else None)
    said = [f"a turn begun in the fort's zone ({st.day_start}): Proximity \u2212{eng.RULES.zone_proximity} at dawn"] * (
        st.day_start in _replay(st).land.zone)
    said += [f"the vision {v.name}: {v.effect.rstrip('.')}" for v in plots.VISIONS if (v.terrain, v.roll) == held]
    for _, out, _ in facts.plots.values():
        if out:
            said.append(f"{out.code} {out.title}" + f": {out.effect.rstrip('.')}" * (out.code in plots.OUTCOME_EFFECTS))
    return said


def _as_placed(game, v) -> bool:
    """A Bad Omen's reading `v` as the save writes its dice: with Future Portents the number is the tens and
    ones as the player placed them (doubles: no reading); otherwise as thrown, the one reading there is."""
    a, b = dice = game.agenda[0][eng.SECOND]
    return eng.omen_choices(game.st, dice)[v][0] in (0, eng.TENS * a + b)


def _drawn_today(st) -> dict:
    """The hexes the save colours today (the Ghost Mountain's too), and their terrains."""
    return {lab: st.terrain[lab] for lab, day in st.mapped_on.items() if day == st.day}


class Rules1872(LostRules):
    game_id = "lost-crows"
    mark_kinds = {kind: m["hint"] for kind, m in MARKS.items()}
    day_fields = {key: f["hint"] for key, f in DAY_FIELDS.items()}
    way_back = False  # the last save scored had a way back from the fort (score() sets it, score_note says it)

    @property
    def score_note(self) -> str:
        """Said after a refused score: the rulings that decide what counts as a hex travelled."""
        note = (f"; the start hex, never entered, never counts ({GAME.rules.ruling('score-steps').topic}, "
                "a house ruling)")
        if self.way_back:
            note += (f"; the way back from Fort Benton after a failed assault is no hex travelled "
                     f"({GAME.rules.ruling('fort-entry').topic}, a house ruling: fort-entry)")
        return note

    def begin(self, st) -> None:
        land = eng.land_of(st.game_map)
        root = eng.start(st.game_map, land=land)
        st.own = Replay(land, [root], search.Days([root], _ends, eng.forget, BACKTRACK, BACKTRACK_STEPS))

    def begin_day(self, st, day, at, problems) -> None:
        _replay(st).today = Day(day, at, len(problems))

    # --- the save's fields, read by their description ------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        got = read(Reader(problems, st.game_map), DAY_FIELDS[name], value, at)
        today = _replay(st).today
        if name == "crows" and isinstance(value, list) and got is not None:  # a misspelled Crow: one slip, one line
            read_at = {a.field: (t, a) for t, a in got}
            got = []
            for i, raw in enumerate(value):
                iat = At(line_of(value, i), f"{at.field}[{i}]")
                meant = None if iat.field in read_at else _meant(problems, iat.field, raw)
                got += [read_at[iat.field]] if iat.field in read_at else [(meant, iat)] * bool(meant)
        elif name == "vision" and isinstance(got, dict) and got["terrain"] is None and hasattr(value, "get"):
            got["terrain"] = _meant(problems, f"{at.field}.terrain", value.get("terrain"))
        if got is None or isinstance(got, dict) and None in got.values():
            return
        if name == "crows":
            today.crows = got
        elif name == "vision":
            today.vision = (got["terrain"], got["roll"], at)
        elif name == "ghost-mountain":
            if got in st.terrain:
                problems.add(at, f"{got} is already mapped: the Ghost Mountain goes in a blank hex")
                return
            today.ghost = (got, at)
            st.terrain[got] = "mountains"
            st.mapped_on[got] = st.day
        elif name == "spirit-dancers" and got:
            today.dancers = (got, at)
        elif name == "caps":
            for key, cap in got.items():
                today.caps[key] = (cap, at_in(value, key, at))
                st.caps[key] = cap
        elif name == "rolls":
            self._read_rolls(got, value, at, today, problems)

    @staticmethod
    def _read_rolls(got: dict, value, at: At, today: Day, problems) -> None:
        """The day's dice: a Bad Omen's two dice as tens then ones, the units' board whole."""
        for key, faces in got.items():
            kat = at_in(value, key, at)
            bad = [n for n in faces if key == "omens" and not all(0 < d <= eng.FACES for d in divmod(n, eng.TENS))]
            if bad:
                problems.add(kat, f"{bad[0]} is not two dice (tens then ones, each 1-{eng.FACES})")
            else:
                today.rolls[key] = tuple(faces)
                today.roll_at[key] = kat

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        before = {lab: t for lab, t in st.terrain.items() if lab != label}
        fort = any(eng.fort_open(g.st) for g in _replay(st).ends)
        land, today = _replay(st).land, _replay(st).today
        why = eng.colour_refusal(land, before, st.day_start, terrain, label, fort)
        far = bool(why) and why.endswith(" not)")  # two away while a hex next to the tribe is blank
        moved = today.raw.get("moved") if hasattr(today.raw, "get") else None
        entered = {str(lab).upper() for lab in moved} if isinstance(moved, list) else set()
        if far and entered.issuperset(n for n in (land.neighbors if fort else land.open_near)[st.day_start]
                                      if n not in before):
            today.far_said = True  # the blank hexes are entered today: left off mapped:, said once on the step
        elif why and not (far and today.far_said):  # one slip (a hex left out), one line
            today.far_said = far
            problems.add(at, why)

    def wins_on_entering(self, st, label) -> bool:
        return any(eng.wins_on(_replay(st).land, st.terrain, g.st, label) for g in _replay(st).ends)

    def never_drawn(self, st, label) -> str | None:
        if label in _replay(st).land.fort and not any(eng.fort_open(g.st) for g in _replay(st).ends):
            return f"{label} is Fort Benton: impassable"
        return None

    def entered_again(self, st, label) -> str | None:
        """A fort assault written twice with the move back between left out: the failed one's rule said."""
        k = st.day_hexes.index(label)
        if label not in _replay(st).land.fort or not k:
            return None
        return (f"{label} is Fort Benton, entered again: an assault that fails moves the tribe back to "
                f"{st.day_hexes[k - 1]} with no movement this turn (12A: it may try again on a later turn)")

    def check_mark(self, st, kind, value, at, problems, container):
        got = read(Reader(problems, st.game_map), MARKS[kind], value, at)
        if got is None or got["letter"] is None:
            return None
        replay = _replay(st)
        letter, lat = got["letter"], at_in(value, "letter", at)
        if letter not in replay.land.plots:
            problems.add(lat, f"{letter!r} is not a plot hex on this map ({', '.join(sorted(replay.land.plots))})")
            return None
        lab = replay.land.plots[letter]
        if letter in replay.plots:
            problems.add(lat, f"plot {letter} was rolled on day {replay.plots[letter]}: once per game")
            return None
        if lab not in st.day_hexes[1:]:
            problems.add(at, f"plot {letter} is rolled on entering {lab}, and the tribe did not enter it on day "
                             f"{st.day}")
            return None
        roll = got.get("roll")
        if roll is not None and not any(eng.plot_rolls(g.st, letter) for g in replay.ends):
            problems.add(at_in(value, "roll", at),
                         f"after 02A, plot {letter} is not rolled: it is written {{letter: {letter}}}")
            return self._plotted(st, letter, None, None, at, (("letter", letter),))
        if roll is None:
            if "roll" in value or all(eng.plot_rolls(g.st, letter) for g in replay.ends):
                if "roll" not in value:
                    problems.add(at, "a plot needs its letter and roll, like {letter: A, roll: 3}")
                return None
            return self._plotted(st, letter, None, None, at, (("letter", letter),))
        enc = plots.encounter(f"{letter}{roll}")
        data = (("letter", letter), ("roll", roll), ("title", enc.title))
        chosen = None
        if got.get("choice") is not None:
            if not enc.choices:
                problems.add(at_in(value, "choice", at), f"{enc.code} ({enc.title}) offers no choice")
                return None
            text = slug(got["choice"])
            chosen = next((c for i, c in enumerate(enc.choices, 1) if text in (slug(c.text), str(i))), None)
            # in other words (the source's, say), the outcome it leads to says which choice it was
            chosen = chosen or next((c for c in enc.choices if slug(c.outcome) == slug(got.get("outcome") or "")), None)
            if chosen is None:
                options = "; ".join(f"{i}: {c.text}" for i, c in enumerate(enc.choices, 1))
                problems.add(at_in(value, "choice", at), f"not a choice of {enc.code} ({options}; a choice in other "
                                                         "words is read by the outcome it leads to)")
                return None
            data += (("choice", chosen.text),)
        if got.get("outcome") is None:
            if enc.choices and "outcome" not in value:
                problems.add(at, f"{enc.code} ({enc.title}) ends in an outcome: record it, like outcome: "
                                 f"{(chosen or enc.choices[0]).outcome}")
                return None
            return None if enc.choices else self._plotted(st, letter, roll, None, at, data)
        oat = at_in(value, "outcome", at)
        try:
            out = plots.outcome(got["outcome"].strip())
        except KeyError:
            problems.add(oat, f"{got['outcome']!r} is not an outcome (01A\u201349A)")
            return None
        allowed = [chosen.outcome] if chosen else [c.outcome for c in enc.choices]
        if out.code not in allowed:
            said = f"{enc.code}'s choice \u201c{chosen.text}\u201d" if chosen else enc.code
            problems.add(oat, f"{said} leads to {' or '.join(allowed) or 'no outcome'}, not {out.code}")
            return None
        data += (("outcome", out.code), ("outcome_title", out.title))
        return self._plotted(st, letter, roll, out, at, data)

    @staticmethod
    def _plotted(st, letter, roll, out, at, data) -> Mark:
        _replay(st).today.plots[letter] = (roll, out, at)
        _replay(st).plots[letter] = st.day
        st.events.append(Event(st.day, "plot", f"plot {letter}{roll or ''}"))
        return Mark("plot", st.day, (_replay(st).land.plots[letter],), data)

    # --- the day, through the engine -------------------------------------------------------------

    def check_resources(self, st, before, at, problems) -> None:
        replay = _replay(st)
        facts, days = replay.today, replay.days
        if facts.dancers:  # asked of the engine's step before any search, for the games the day may start from
            self._ask(st, facts.dancers[1], problems, lambda g: reduce(
                lambda game, k: DANCE.apply(game, (1, k + 1)), range(facts.dancers[0]), g))
        if facts.vision and not self._ask(st, facts.vision[-1], problems, lambda g: eng.vision_quest(
                g.st._replace(crows=g.st.crows + tuple(t for t, _ in facts.crows)), *facts.vision[:PAIR])):
            facts.vision = None  # refused: the day is carried on without it
        unmapped = self._unmapped_entered(st, facts, [g for g in replay.ends if g.over is None], problems)
        record_for, explained = self._recorder(st, facts), False
        if unmapped:  # said once, on the step; the day and the days after go on with the hex drawn
            ends = unmapped
            replay.days = search.Days(ends, _ends, eng.forget, BACKTRACK, BACKTRACK_STEPS)
        elif len(problems) == facts.problems_before and not record_for.unrolled and (
                explained := self._explained(replay, record_for)):
            ends = [replay.days.tip]
        else:  # refused: said once (unless the day's own fields broke a rule), and carried on from
            starts = [g for g in replay.ends if g.over is None]
            mended = self._last_hex_left_out(st, facts, starts) if len(problems) == facts.problems_before else None
            if mended is not None:  # said once, on the route; the day and the days after go on from that hex
                last, ends = mended
                problems.add(facts.where("moved"), (f"the route ends at {st.position}" if st.day_hexes[1:] else
                                                    "no move is recorded") + f", but the day is one step more, "
                             f"into {last}: {last}, where the tribe ended the day, is left out (moved lists every "
                             "hex entered, the last one too)")
                st.day_hexes.append(last)
            elif len(problems) == facts.problems_before:
                if starts:  # why no branch explains the day, said on the save's line with the rule and its limit
                    problems.add(*self._why(st, facts, record_for, starts, at))
                if explained is None and problems.items:  # the reason is the first reading's: said as undecided
                    line, n, text = problems.items[-1]
                    problems.items[-1] = (line, n, text + (
                        f" (could not decide: the days before read as first explained; another reading of them, "
                        f"not found within {WIDE_STEPS:,} steps, might explain day {st.day})"))
            ends = mended[1] if mended else self._carry_on(st, record_for, starts) or self._recover(st, facts, starts)
            replay.days = search.Days(ends, _ends, eng.forget, BACKTRACK, BACKTRACK_STEPS)
        replay.ends = ends
        tip = ends[0]
        replay.plots = dict(tip.st.plots)  # as carried on after a refused day
        st.position = tip.st.pos  # after a failed fort assault, where the tribe came from
        st.caps.update(zip(eng.KEYS, tip.st.caps))
        self.note_events(st, facts, tip.st)
        journal = facts.raw.get("journal") if hasattr(facts.raw, "get") else None
        if facts.plots and isinstance(journal, str) and re.search(r"\bgold\b", journal, re.IGNORECASE):
            replay.gold += 1

    @staticmethod
    def _explained(replay, record_for) -> bool | None:
        """True when a line of days explains the day (replay.days then ends on it), False when none does. A going
        back cut short by its bounds (BACKTRACK days, BACKTRACK_STEPS steps) decides nothing when the day before,
        as first read, left a bar or a fever, and the day goes on from it freed of them (another reading of it
        may leave none): it is tried again over every day since the line began, with WIDE_STEPS, so a legal day
        is not refused for the search's bounds; None when that too stops short (undecided)."""
        days, walks = replay.days, []
        before = [days.tip] if days.line else days.roots

        def counted(starts, spec, **kw):
            walks.append(spec)
            return _ends(starts, spec, **kw)

        days.turn = counted
        if days.extend(record_for):
            return True
        if len(walks) < days.budget and (days.allowance.left is None or days.allowance.left > 0):
            return False  # no line explains the day: every way back was walked
        free = [evolve(g, st=g.st._replace(flags=g.st.flags - eng.NEXT_FLAGS.keys(), fever=0)) for g in before]
        if free == before or next(_ends(free, record_for, EXPLAIN_STEPS), None) is None:
            return False  # nor does the day before freed of its bars and fever explain it: another reading would not
        wide = search.Days(days.roots, _ends, eng.forget, len(days.specs) + 1, WIDE_STEPS)
        if all(wide.extend(spec) for spec in days.specs):
            replay.days = wide
            return True
        return None if wide.allowance.left is not None and wide.allowance.left <= 0 else False

    def _unmapped_entered(self, st, facts: Day, starts, problems) -> list:
        """A route through one hex the save never drew (refused on the step, a slip of mapped:): the day's ends with
        that hex drawn in the first terrain its icons explain the day with, the tribe at the route's end; [] (and
        the save's state as it was) when the route has another slip or no terrain explains the day. The step's
        refusal names the terrains that explain the day, and the one the days after are read with."""
        route = st.day_hexes
        blank = [lab for lab in route[1:] if lab not in st.terrain]
        if len(set(blank)) != 1 or not all(map(st.adjacent, route, route[1:])):
            return []
        lab, pos = blank[0], st.position
        st.position = route[-1]
        fits = {}
        for kind in eng.KINDS:
            st.terrain[lab], st.mapped_on[lab] = kind, st.day
            end = next(_ends(starts, self._recorder(st, facts), RECOVER_STEPS), None)
            if end is not None:
                fits[kind] = end
        if not fits:
            del st.terrain[lab], st.mapped_on[lab]
            st.position = pos
            return []
        kind = next(iter(fits))
        st.terrain[lab] = kind
        step = f"{lab} is not mapped yet"
        for i, (line, n, text) in enumerate(problems.items):
            if step in text:
                said = " or ".join(fits)
                problems.items[i] = (line, n, text + (f"; the day fits {lab} as {said}: write it under mapped: "
                                                      f"(the days after are read with {lab} {kind})"))
        return [fits[kind]]

    def _last_hex_left_out(self, st, facts: Day, starts) -> tuple | None:
        """(the hex, the day's ends) when the day is what the save shows with one more hex entered at the end of
        its route, and only one such hex (a route copied without its last hex) the save's next route goes on
        from; None otherwise."""
        found = []
        land = _replay(st).land
        for last in land.neighbors[st.position]:
            if last not in st.terrain or last in land.fort or st.next_step and st.next_step not in (
                    last, *land.neighbors[last]):
                continue
            st.day_hexes.append(last)
            record_for = self._recorder(st, facts)
            st.day_hexes.pop()
            end = None if record_for.unrolled else next(_ends(starts, record_for, RECOVER_STEPS), None)
            if end is not None:
                found.append((last, [end]))
        return found[0] if len(found) == 1 else None

    @staticmethod
    def _ask(st, where: At, problems, ask) -> bool:
        """True when the engine allows `ask(game)` for a game the day may start from; else its rule is said."""
        why = []
        for game in _replay(st).ends:
            try:
                ask(game)
                return True
            except RuleError as exc:
                why.append(_said(exc))
        problems.add(where, why[0])
        return False

    def _recorder(self, st, facts: Day):
        """The day as the search reads it, for each game it may start from (Phase 1's placing and the
        dancers depend on the game's fever and vision)."""
        path = tuple(st.day_hexes[1:])
        today = _drawn_today(st)
        drawn = frozenset((lab, st.terrain[lab]) for lab in st.mapped_on)
        values = tuple(st.values[k] for k in eng.KEYS)
        caps = tuple(st.caps[k] for k in eng.KEYS)
        rolls = facts.rolls
        outcomes = tuple(out for _r, out, _a in facts.plots.values() if out is not None)
        vision = facts.vision[:PAIR] if facts.vision else None
        game_vision = vision or (_replay(st).vision[:PAIR] if _replay(st).vision else None)
        crows = Counter(_replay(st).crows) + Counter(t for t, _ in facts.crows)
        letters = frozenset(_replay(st).plots)
        dancers = facts.dancers[0] if facts.dancers else 0
        choices = {letter: {i for i, c in enumerate(plots.encounter(f"{letter}{roll}").choices)
                            if out is None or c.outcome == out.code}
                   for letter, (roll, out, _a) in facts.plots.items() if roll is not None}
        plot_at = _replay(st).land.plot_at
        # a plot hex entered with no roll recorded (the engine rolls it on entering): no branch explains the day
        unrolled = next((plot_at[lab] for lab in path if lab in plot_at and plot_at[lab] not in letters), None)

        fort = _replay(st).land.fort  # a hex written after the fort's is the move back from a failed assault: free
        walked = tuple(lab for k, lab in enumerate(path) if not (k and path[k - 1] in fort))

        ghost = facts.ghost[0] if facts.ghost else ""  # the Ghost Mountain is drawn by no icon
        icons = {lab: kind for lab, kind in today.items() if lab != ghost}

        def bound_for(target, least_caps=caps):  # a reroll is read as kept: the board as recorded
            if unrolled:  # a plot hex entered with no roll recorded: its outcome may give any values
                target = (None,) * len(eng.KEYS)
            return eng.day_bound(dict(st.terrain), walked, outcomes, target, least_caps, vision, icons,
                                 sum(crows.values()), changes=bool(dancers), ghost=ghost)

        bound = bound_for(values)
        inputs = {"plot": tuple(r for r, _o, _a in facts.plots.values() if r is not None)}
        land, hexes = _replay(st).land, (st.day_start,) + path
        rivers = [(a, b) in land.river_steps for a, b in zip(hexes, hexes[1:])]
        plain = rivers.index(True) if True in rivers else len(path)  # a river's price is left to the search
        inputs["go"] = tuple((b, None) for b in path[:plain]) + ((eng.STOP,) if plain == len(path) else ())
        if "omens" in rolls or "units" in rolls:
            inputs["omen"] = tuple((c // eng.TENS, c % eng.TENS) for c in rolls.get("omens", ()))
        if "outcome" in rolls:
            inputs["outcome"] = (rolls["outcome"][0] if len(rolls["outcome"]) == 1 else tuple(rolls["outcome"]),)
        if "fort" in rolls:
            inputs["assault"] = tuple(rolls["fort"])

        def next_move(game):
            k = len(game.st.moved)
            if k >= len(path):
                return eng.STOP
            land, to = game.land, path[k]
            return to, ("movement" if (game.st.pos, to) in land.river_steps else None)

        def move_refused(game):
            value = next_move(game)
            try:
                eng.STEPS[eng.GO_AT].apply(game, value)
            except RuleError as exc:
                k = len(game.st.moved)  # of the branches that coloured the save's map, the first to go furthest
                if all(lab in game.terrain for lab in today) and k > facts.why.get("go step", -1):
                    facts.why["go"], facts.why["go step"] = (facts.where_moved(k), _said(exc)), k
            return value

        def chosen(game):
            """A plot choice the rules make (D4): the one the save records? (the search takes it unasked)"""
            if not game.agenda or game.agenda[0][0] != "plot choice":
                return True
            _, letter, roll = game.agenda[0]
            options = eng.agenda_options(game)
            if len(options) != 1 or options[0] in choices.get(letter, options):
                if len(options) == 1 and letter in choices:
                    facts.why["plot choice met"] = True  # some dice meet the save's choice
                return True
            try:
                eng.plot(game.st, letter, roll, min(choices[letter]))
            except RuleError as exc:
                facts.why["plot choice"] = (facts.plots[letter][-1], _said(exc))
            return False

        last = [None, None]  # the game a placing was last asked about, and its one placing

        def placed(game, value) -> bool:
            if last[0] is not game:
                last[:] = [game, eng.canonical_place(game)]
            return value == last[1]

        narrow = {
            "place": placed,
            "reroll": lambda game, v: v == eng.KEEP,
            "dancers": lambda game, v: eng.dance_narrow(game, v, dancers),
            "map": lambda game, v: v is None or today.get(v) == game.agenda[0][eng.SECOND].key,  # None: lost
            "vision": lambda game, v: vision is not None and v in vision,
            "ghost": lambda game, v: facts.ghost is not None and v == facts.ghost[0],
            "gold": lambda game, v, n=_replay(st).gold: v == (n >= eng.victory(game.st, "gold").entries),
            "plot choice": lambda game, v: v in choices.get(game.agenda[0][eng.FIRST], ()),
            "go": lambda game, v: v == next_move(game) or (v != eng.STOP and next_move(game) != eng.STOP
                                                             and v[0] == next_move(game)[0]),
        }
        if dancers:
            narrow["units"] = eng.dance_roll
        if "omen" in inputs:
            narrow["reading"] = _as_placed
        if "windriders" in rolls and "units" in rolls:  # the box rerolled (its first face read by fill_inputs), the
            box = rolls["windriders"][0] - 1  # face it shows
            inputs["reroll"] = (box, rolls["units"][box])
            del narrow["reroll"]
        record = search.Record(
            turn=st.day, inputs=inputs, narrow=narrow, optional=frozenset({"go"}),
            probe={"go": move_refused, **({"ghost": facts.ghost[0]} if facts.ghost else {})},
            expect={"go": ("go", move_refused)}, order=PARTS_ORDER,
            prune=chosen if "units" in rolls else (lambda game: chosen(game) and bound(game)),
            checks={"moved": lambda m: tuple(m[0][:len(path)]) == path, "caps": caps, "values": values,
                    "terrain": lambda d: len(d) == len(drawn) and frozenset(d) == drawn,
                    "plots": lambda p: frozenset(x for x, _ in p) == letters,
                    "vision": lambda v: v[0] == game_vision or (game_vision is None and v[0] not in plots.POWERS),
                    "crows": lambda c: Counter(c) == crows},
            partial={"terrain": lambda d: not d or d[-1] in drawn,  # each step colours one hex at most
                     "crows": lambda c: not c or c.count(c[-1]) <= crows[c[-1]]})
        by_start: dict = {}

        def record_for(game):
            key = (game.st.fever > 0, eng.permanent_six(game.st), eng.discards(game.st))
            if key not in by_start:
                by_start[key] = record
                if "units" in rolls:
                    board = list(rolls["units"])
                    rerolled = rolls["windriders"][0] - 1 if "windriders" in rolls else eng.NO_BOX
                    if "windriders" in rolls:
                        board[rerolled] = rolls["windriders"][1]
                    fill = eng.fill_inputs(game.st, tuple(board), rolls.get("order", ()), dancers, rerolled)
                    by_start[key] = replace(record, inputs={**inputs, **fill})
            return by_start[key]

        record_for.bound_for, record_for.chosen, record_for.unrolled = bound_for, chosen, unrolled
        return record_for

    def _why(self, st, facts: Day, record_for, starts, at) -> tuple:
        """(where, what) no branch explains the day: the engine's refusal placed on the save's field, or what
        the rules allow where the save's counts or values differ."""
        how, day = facts.how, st.day
        if said := self._crow_elsewhere(st, facts) or self._unusable(st, facts, starts):  # said before the search:
            return said  # it stops elsewhere, mostly on the values the unusable record leaves unexplained
        sixes = {eng.permanent_six(game.st) for game in starts}
        box = sixes.pop() if len(sixes) == 1 else None
        units = facts.rolls.get("units")
        if box is not None and units and units[box] != eng.RULES.permanent_face:
            return facts.roll_at["units"], (f"the vision's permanent {eng.RULES.permanent_face} fills the top "
                                            f"box of the {eng.UNITS[box // eng.BOX].title()}, not {units[box]}")
        if record_for.unrolled and "units" not in facts.rolls:  # no branch explains the day, and without dice
            # a search for a better reason walks every roll (seconds)
            return self._plot_unrecorded(st, facts, False, record_for.unrolled)
        failure, tried = None, False
        for game in starts:
            record = record_for(game)
            _, failure = search.explain(eng, [game], record, EXPLAIN_STEPS)
            if facts.rolls.get("omens") and failure.key in (None, "", "values", "caps"):
                # values that follow a Bad Omen the dice never call for: the omen is what is wrong
                unvalued = {k: v for k, v in record.checks.items() if k not in ("values", "caps")}
                _, why = search.explain(eng, [game], replace(record, checks=unvalued, prune=None), EXPLAIN_STEPS)
                if why is not None and why.key == "omen" and why.kind == "left":
                    failure = why
                    break
            if failure.kind == "together" and not failure.key and "plot choice" not in facts.why:
                # the bound stopped every branch: mostly a value
                said, tried = self._values_failed(st, facts, failure, at, starts, record_for), True
                if said:
                    return said
            if failure.kind != "part" or failure.key not in ("caps", "values"):
                # the bound may have stopped the branches that go furthest: why they stop is asked without it
                _, failure = search.explain(eng, [game], replace(record, prune=record_for.chosen), EXPLAIN_STEPS)
            if failure is not None and failure.key == "go" and "units" not in facts.rolls and next(_ends(
                    [game], record_for, EXPLAIN_STEPS, tuple(k for k in record.checks if k not in ("moved", "terrain")),
                    prune=record_for.chosen), None):  # some dice make every move: a roll not recorded refused it
                facts.why.pop("go", None)
                facts.why.pop("go step", None)
                _, failure = search.explain(eng, [game], replace(record, prune=record_for.chosen, probe={}, expect={}),
                                            EXPLAIN_STEPS)
            if failure is not None and failure.key == "go":  # the moves asked one by one: a refused one says its rule
                inputs = {k: v for k, v in record.inputs.items() if k != "go"}
                search.explain(eng, [game], replace(record, inputs=inputs), EXPLAIN_STEPS)
            if failure is None or failure.kind != "together":
                break
        start = starts[0].st
        due = facts.where("crows"), ("the seventh Crow brings the Vision Quest: record vision: {terrain, roll} on "
                                     f"day {day}")
        kind, key = (failure.kind, failure.key) if failure else ("", "")
        if key == "go" and any(failure.message == f"{lab} is not mapped" for lab in _drawn_today(st)):
            kind, key = "", "map"  # the save draws that hex today: no icons colour it so, and that is said
        if "plot choice" in facts.why and not ("plot choice met" in facts.why and key in ("crows", "caps", "values")):
            return facts.why["plot choice"]  # (dice meeting the save's choice that fail on later parts say so)
        crows = start.crows + tuple(t for t, _ in facts.crows)
        if facts.vision is None and eng.vision_due(start._replace(crows=crows)):
            return due  # the day's Crows bring a Vision Quest the save leaves out
        if failure is None:
            return at, f"no legal roll and choice explains day {day} ({how})"
        if "go" in facts.why and key in ("go", "terrain", "map"):  # a branch drew the save's map; a move failed
            return facts.why["go"]
        if key == "place" and "order" in facts.rolls:
            return facts.roll_at["order"], failure.message
        if key == "dancers" and facts.dancers:
            return facts.dancers[1], failure.message or f"{facts.dancers[0]} Spirit Dancers cannot be used today"
        if kind == "rule" and key == "ghost":
            return facts.ghost[1], (f"a Ghost Mountain is drawn in a blank hex not next to the tribe; "
                                    f"{facts.ghost[0]} is not one on day {day}")
        if key == "vision":
            return facts.vision and (facts.vision[-1], f"no legal roll and choice brings this Vision Quest on day "
                                                       f"{day} ({how})") or due
        if kind == "rule":
            return facts.roll_at.get(key) or facts.where("rolls" if key in ("units", "omen") else "moved"), \
                f"{key}: {failure.message}"
        if key in ("terrain", "map") or (kind == "none" and key == "ghost"):
            shown = ", ".join(f"{n} {t}" for t, n in sorted(Counter(_drawn_today(st).values()).items())) or "nothing"
            dice = facts.dice_read()  # the map icons the dice give (the Warriors' Mountains below 2)
            return facts.where("mapped"), (f"the units' icons cannot colour {shown} from {st.day_start} on day {day} "
                                           f"({how}{': ' * bool(dice)}{dice}; with a hex free next to the tribe "
                                           "each map icon colours one, the units' icons in turn, Tribe, Chief, "
                                           "Shaman, Warriors, a cell's two in either order)")
        if key in ("plot", "plots"):
            return self._plot_unrecorded(st, facts, kind == "left")
        if key == "crows":
            return self._crows_failed(st, facts, start, failure)
        if key == "moved":
            return facts.where("moved"), f"no legal way to make these moves on day {day}"
        if kind == "short" and key == "omen":
            return (facts.roll_at.get("omens", facts.roll_at.get("units", facts.where("rolls"))),
                    f"the units' dice call for more Bad Omen rolls than the {len(facts.rolls.get('omens', ()))} "
                    "recorded")
        if kind == "left" and key == "omen":
            return facts.roll_at["omens"], f"more Bad Omen rolls recorded than the units' dice call for on day {day}"
        if kind in ("left", "short"):
            return (facts.roll_at.get({"omen": "omens", "assault": "fort"}.get(key, key), facts.where("rolls")),
                    f"more {key} rolls than day {day} rolls" if kind == "left" else
                    f"day {day} rolls {key} again here, and no more rolls are recorded")
        return not tried and self._values_failed(st, facts, failure, at, starts, record_for) or \
            self._together(st, facts, at)

    @staticmethod
    def _plot_unrecorded(st, facts: Day, left: bool, letter: str = "") -> tuple:
        land = _replay(st).land
        letter = letter or next((land.plot_at[lab] for lab in st.day_hexes[1:] if lab in land.plot_at), "?")
        return facts.where("marks" if "marks" in facts.raw else "moved"), (
            f"more plot rolls than plot hexes entered on day {st.day}" if left else
            f"{land.plots.get(letter, '?')} is plot hex {letter}: record its roll as a mark, like "
            f"{{plot: {{letter: {letter}, roll: 3, outcome: ...}}}}")

    @staticmethod
    def _unusable(st, facts: Day, starts) -> tuple | None:
        """A die or a hex the save records for a step the day cannot have, whatever the dice (or None): an
        assault die with no step into Fort Benton, outcome dice with no plot outcome that rolls them, a
        Windriders reroll without the vision or off its terrain at dawn, a Ghost Mountain with no such vision
        or next to the tribe."""
        day, land = st.day, _replay(st).land
        if "fort" in facts.rolls and not land.fort.intersection(st.day_hexes[1:]):
            return facts.roll_at["fort"], (f"a Fort Benton assault (12A) rolls its die on entering the fort "
                                           f"({', '.join(sorted(land.fort))}); day {day} does not enter it")
        if "outcome" in facts.rolls and not any(out is not None and out.dice for _, out, _ in facts.plots.values()):
            return facts.roll_at["outcome"], (f"outcome dice are rolled by a plot outcome that rolls them (04A, 09A, "
                                              f"...); day {day} resolves none")
        terrain = st.terrain.get(st.day_start)
        if "windriders" in facts.rolls and not any(eng.power(g.st).reroll_in == terrain for g in starts):
            return facts.roll_at["windriders"], (f"a Windriders reroll needs the Plains vision 4 (Windriders) and "
                                                 f"the tribe in the Plains; day {day} has no reroll")
        if facts.ghost and not (facts.vision and eng.power_of(tuple(facts.vision[:PAIR])).ghost_mountain):
            return facts.ghost[1], (f"a Ghost Mountain is drawn by the Mountain vision 1 (Ghost Mountain), on the "
                                    f"day it comes; day {day} brings no such vision")
        # where the tribe stands when the vision comes: Phase 2's hex, or the plot hex a plot's Crow is coloured in
        stood = {st.day_start} | ({st.day_hexes[-1]} if facts.plots else set())
        if facts.ghost and all(facts.ghost[0] in (lab, *land.neighbors[lab]) for lab in stood):
            return facts.ghost[1], (f"a Ghost Mountain is drawn in a blank hex not next to the tribe; "
                                    f"{facts.ghost[0]} is not one on day {day}")
        return None

    @staticmethod
    def _crow_elsewhere(st, facts: Day) -> tuple | None:
        """A Crow coloured in a terrain the tribe never stood in that day, whatever the dice (or None)."""
        stood = {st.terrain.get(lab) for lab in st.day_hexes}
        bad = [(t, a) for t, a in facts.crows if t not in stood]
        if not bad:
            return None
        return bad[0][1], (f"a Crow takes the colour of the terrain the tribe stands in; it stood only in "
                           f"{', '.join(sorted(t for t in stood if t))} on day {st.day}")

    @staticmethod
    def _crows_failed(st, facts: Day, start, failure) -> tuple:
        counts = {len(c) - len(start.crows) for c in failure.reached}
        if len(facts.crows) not in counts:
            n = len(facts.crows)
            dice = facts.dice_read()  # the cells that bring Crows, and an omen that bars them (Falling Crows)
            return facts.where("crows"), (f"{n} Crow{'s' * (n != 1)} coloured on day {st.day}; {facts.how} the rules "
                                          f"allow {_spread(counts)}{f' ({dice})' * bool(dice)}")
        return facts.where("crows"), ("these Crows' terrains do not match where the tribe stood when it earned them "
                                      f"(Phase 2 in {st.day_start}, a plot outcome in its hex)")

    @staticmethod
    def _together(st, facts: Day, at) -> tuple:
        shown = ", ".join(f"{k} {st.values[k]}" for k in eng.KEYS)
        dice = "; ".join([facts.dice_read()] + _effects(st, facts)) if "units" in facts.rolls else \
            _as_recorded(st, facts, eng.KEYS)
        return at, (f"no legal roll and choice gives {shown} together at the end of day {st.day} ({facts.how}"
                    f"{'; ' if dice and 'units' not in facts.rolls else ': ' * bool(dice)}{dice})")

    def _values_failed(self, st, facts: Day, failure, at, starts, record_for) -> tuple | None:
        """A day whose values (or maximums) no branch reaches: the first value the rules cannot give with
        the others as recorded, and what they can (a maximum first: a wrong one is said as one, not as the
        values it puts out of reach); or that they cannot give all of them together; None when no branch
        reaches the day's end even with one value set aside (something else is wrong)."""
        values = tuple(st.values[k] for k in eng.KEYS)
        caps = tuple(st.caps[k] for k in eng.KEYS)
        how, day, bare = facts.how, st.day, "units" not in facts.rolls
        left, given, reached_caps = search.Allowance(EXPLAIN_STEPS), "", set()
        if failure.kind == "part" and failure.key == "caps":  # the maximums the values as recorded go with: the
            # search's own (without dice, those of the branches its bound by the values let through: not all)
            reached_caps = {g.st.caps for g in _ends(starts, record_for, left, ("caps",), prune=record_for.bound_for(
                values, NO_CAPS))} if bare else failure.reached
            given = " with the values as recorded" * (bare and bool(reached_caps))
        if not reached_caps:  # whatever the values (the bound and their check set aside)
            left = search.Allowance(EXPLAIN_STEPS)
            reached_caps = {g.st.caps for g in _ends(starts, record_for, left, ("caps", "values"), prune=(
                record_for.bound_for(ANY_VALUES, NO_CAPS) if bare else None))}
        cut = (f" in the dice tried (the search stops at {EXPLAIN_STEPS:,} steps: other dice may give other "
               "maximums)") * (left.left == 0)
        for i, key in enumerate(eng.KEYS):
            got = {c[i] for c in reached_caps}
            if caps not in reached_caps and got and caps[i] not in got:
                return (facts.caps[key][1] if key in facts.caps else facts.where("caps"),
                        f"the {key} maximum is {caps[i]} after day {day}; {how} the rules give {_spread(got)}{given}"
                        f"{cut} (a maximum only rises with a vision that restores it, and falls by 1 for each Bad Omen "
                        "or outcome that lowers it)" + ("" if key in facts.caps else
                                                     "; a maximum that changes is written in caps: that day")
                        + (f" (the dice read {facts.dice_read()})" if facts.dice_read() else ""))
        reached = []
        for i, key in enumerate(eng.KEYS):
            others = values[:i] + values[i + 1:]
            prune = record_for.bound_for(values[:i] + (None,) + values[i + 1:]) if bare else None
            loose = {"values": lambda v, i=i, others=others: v[:i] + v[i + 1:] == others}
            ends = _ends(starts, record_for, EXPLAIN_STEPS, checks=loose, prune=prune)
            reached.append({g.st.values[i] for g in ends})
        off = [i for i, got in enumerate(reached) if got and values[i] not in got]
        if len(off) == 1:  # one value the others as recorded rule out: that one is wrong
            i, key = off[0], eng.KEYS[off[0]]
            res = facts.raw.get("resources") if hasattr(facts.raw, "get") else None
            where = At(line_of(res, key), f"{at.field}.{key}") if isinstance(res, dict) and key in res else at
            began = "/".join(map(str, sorted({g.st.values[i] for g in starts})))
            others = " with the other values as recorded" if reached[i] else ""
            dice = "; ".join([facts.dice_read()] + _effects(st, facts)) if "units" in facts.rolls else ""
            recorded = _as_recorded(st, facts, (key,))
            return (where, f"{key} is {values[i]} at the end of day {day} (from {began}); {how} the rules "
                           f"allow {_spread(reached[i])}{others}" + (f" (the dice read {dice})" if dice else
                                                                     f" ({recorded})" if recorded else ""))
        if not any(reached):
            return None  # the day's end not reached but for its values
        where, said = self._together(st, facts, at)
        needed = {g.st.caps for g in _ends(starts, record_for, EXPLAIN_STEPS, ("caps",),
                                           prune=record_for.bound_for(values, NO_CAPS) if bare else None)}
        wrong = [i for i in range(len(caps)) if needed and all(c[i] != caps[i] for c in needed)]
        if wrong:  # a maximum left as it was (a Drought with no caps:) is what keeps them apart
            i, key = wrong[0], eng.KEYS[wrong[0]]
            said += (f", with the {key} maximum at {caps[i]}; they need it at {_spread({c[i] for c in needed})} (a "
                     "maximum a Bad Omen or an outcome lowers is written in caps: that day)")
        return where, said

    @staticmethod
    def _carry_on(st, record_for, starts) -> list:
        """After a refused day: an end the rules allow for it with the moves, map and plots as recorded
        (its maximums and plot rolls the engine's: a wrong one is said once, not again each day after),
        the values as recorded (the save says them every day); [] when none is found soon."""
        values = tuple(st.values[k] for k in eng.KEYS)
        kept = ("moved", "terrain", "crows")
        for game, choice in product(starts, (True, False)):  # the save's plot choice first (44A's bargain kept)
            record = record_for(game)
            loose = replace(record, checks={k: v for k, v in record.checks.items() if k in kept},
                            prune=record_for.bound_for(ANY_VALUES, NO_CAPS),
                            narrow={k: v for k, v in record.narrow.items() if choice or k != "plot choice"},
                            inputs={k: v for k, v in record.inputs.items() if v})
            for end in search.walk(eng, [game], loose, budget=RECOVER_STEPS):
                won = end.st.over if end.st.over and end.st.over[0] == "won" else None  # by the moves as recorded
                over = end.st.over if end.st.values == values else won
                return [evolve(end, st=end.st._replace(values=values, over=over))]
        return []

    def _recover(self, st, facts: Day, starts) -> list:
        """After a problem: the day's end as the save records it, so the days after are still checked."""
        game = (starts or _replay(st).ends)[0]
        s = game.st
        crows = s.crows + tuple(t for t, _ in facts.crows)
        vision = s.vision or (facts.vision[:PAIR] if facts.vision else None)
        if vision is None and len(crows) >= GAME.rules.crows_for_vision:
            vision = ("?", 0)  # a Vision Quest the save leaves out: reported once, not every day after
        path = tuple(st.day_hexes[1:])
        s = s._replace(day=st.day, start=st.day_start, pos=st.position, values=tuple(st.values[k] for k in eng.KEYS),
                       caps=tuple(st.caps[k] for k in eng.KEYS), moved=path, travelled=s.travelled + len(path),
                       plots=s.plots + tuple((x, st.day) for x in facts.plots if not s.done(x)), vision=vision,
                       crows=crows, came_from="", flags=frozenset(), fever=max(0, s.fever - 1), over=None)
        return [evolve(eng.forget(evolve(game, step=0)), st=s, drawn=game.drawn + tuple(_drawn_today(st).items()),
                       terrain=dict(st.terrain), agenda=(), halted=False)]

    def note_events(self, st, facts: Day, s) -> None:
        replay = _replay(st)
        for terrain in s.crows[len(replay.crows):]:
            st.events.append(Event(st.day, "crow", f"crow ({terrain})"))
        replay.crows = list(s.crows)
        if s.vision is not None and s.vision in plots.POWERS and replay.vision is None:
            replay.vision = (s.vision[0], s.vision[1], st.day)
            name = next(v.name for v in plots.visions(s.vision[0]) if v.roll == s.vision[1])
            st.events.append(Event(st.day, "vision", f"vision: {name}"))
        replay.way_back |= any(lab in replay.land.fort for lab in s.moved[:-1])  # 12A's assault repulsed
        if facts.dancers:
            st.events.append(Event(st.day, "dancer", "spirit dancer"))
        for key, (cap, _) in facts.caps.items():
            st.events.append(Event(st.day, "cap", f"{key} max {cap}"))

    def end_of_day(self, st):
        overs = {g.st.over for g in _replay(st).ends}
        return next(iter(overs)) if len(overs) == 1 else None

    def claimed(self, st, recorded: str):
        """A recorded result one ending of the last day gives (a fort assault without its die); a loss recorded
        before one, unfinished with when a game is lost."""
        replay = _replay(st)
        for game in (replay.days.last_ends() if replay.days.line else replay.ends):
            if game.st.over and game.st.over[0] == recorded:
                replay.ends = [game]
                return game.st.over
        zero = next((k for k in GAME.rules.primaries if st.values[k] == 0), None)
        goal = next((lab for lab in st.day_hexes[1:] if lab in replay.land.goals), None)
        left = [f"{x} ({lab})" for x, lab in sorted(replay.land.plots.items()) if not replay.ends[0].st.done(x)]
        if recorded == "won" and goal and left and replay.ends[0].st.mountie != -1:  # why walking in is no win
            return "unfinished", (f"the tribe entered Canada ({goal}) on day {st.day} with plot hex"
                                  f"{'es' * (len(left) > 1)} {', '.join(left)} not visited (entering Canada wins once "
                                  f"all {len(replay.land.plots)} plot hexes are), so the game is not over")
        if recorded != "lost" or st.ended is not None:
            return None
        if zero:  # a last day refused for its values
            return "lost", f"{zero} at 0, as recorded"
        named = ", ".join(GAME.rules.primaries[:-1]) + f" or {GAME.rules.primaries[-1]}"
        return "unfinished", (f"a game is lost only at dusk, the end of a turn, with {named} at 0 (none is), so the "
                              "game is not over")

    def facts(self, st, record) -> tuple[str, ...]:
        out = [f"coloured {lab} {terrain}" for lab, terrain in record["mapped"]]
        crows = [e.label[len("crow ("):-1] for e in st.events if e.day == record["day"] and e.kind == "crow"]
        if crows:
            out.append(f"crow{'s' * (len(crows) > 1)}: {', '.join(crows)}")
        vision = _replay(st).vision
        if vision and vision[PAIR] == record["day"]:
            out.append(f"vision quest: {next(v.name for v in plots.visions(vision[0]) if v.roll == vision[1])}")
        out.append("to " + ", ".join(record["moved"]) if record["moved"] else f"stayed in {record['start']}")
        for m in st.marks:
            if m.day == record["day"]:
                item = f"plot {m.get('letter')}{m.get('roll') or ''}: {m.get('title') or 'no roll (02A)'}"
                if m.get("outcome"):
                    item += f" \u2192 {m.get('outcome')} {m.get('outcome_title')}"
                out.append(item)
        return tuple(out)

    def score(self, st, result) -> list[tuple[str, int]]:
        self.way_back = _replay(st).way_back
        s = _replay(st).ends[0].st
        if result != "won" and s.over and s.over[0] == "won":
            s = s._replace(over=None)
        return list(eng.score(s))


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


def _save_day(events) -> dict:
    dawn = events[0].state
    record: dict = {"day": dawn.st.day}
    rerolled = ()
    for e in events[1:]:
        before, after, st = e.before, e.state, e.state.st
        if e.step == "reroll":  # (the box, its die as first thrown)
            rerolled = (before.reroll, before.board[before.reroll])
        if e.step == "activate":
            rolls = record.setdefault("rolls", {})
            rolls["units"] = list(before.board)
            if rerolled:  # the face it replaced (units is the board as Phase 1 ends: the Spirit Dancers come after)
                rolls["windriders"] = [rerolled[0] + 1, rerolled[1]]
            if before.used:
                record["spirit-dancers"] = before.used
        elif e.step == "go" and not before.agenda and e.value != eng.STOP:
            record.setdefault("moved", []).append(e.value[0])
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
            elif kind == "reading" and eng.power(before.st).portents:  # written as placed, not as thrown
                row = eng.omen_choices(before.st, item[eng.SECOND])[e.value or 0][0]
                record["rolls"]["omens"][-1] = row or record["rolls"]["omens"][-1]
            elif kind == "assault":
                record.setdefault("rolls", {}).setdefault("fort", []).append(e.value)
            elif kind == "gold" and len(st.plots) > len(before.st.plots):  # visited without a roll (02A)
                record.setdefault("marks", []).append({"plot": {"letter": item[eng.FIRST]}})
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
        for key, cap, old in zip(eng.KEYS, st.caps, before.st.caps):
            if cap != old:
                record.setdefault("caps", {})[key] = cap
    record["resources"] = dict(zip(eng.KEYS, events[-1].state.st.values))
    record["rolls"] = record.pop("rolls", {})  # last, as a player pencils them
    return record
