"""1672: The Lost Crew's transcript: a save's fields, read by their description
(lostprint.saves.fields_1672), as what the search over the engine's steps takes (lostprint.saves.search:
recorded dice and choices as inputs, the day's end values as checks); a failed search said in the save's
words; and a played voyage written back as a save (`save_of`). No rule is worked out here: the engine
(lostprint.engine.lost_crew) is the only place of the day and its effects. What a save does not record
(the sailors' jobs, dice without `rolls:`) is every option the engine allows; the days are walked depth
first (search.Days), and a day no line explains is searched over every state the days before can leave,
to say why.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import islice

from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import Roll, RuleError, evolve
from lostprint.files import line_of
from lostprint.files.fields import Reader
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_crew import GAME
from lostprint.games.lost_crew import SUPPLIES as KEYS
from lostprint.games.lost_crew import RULES as CREW
from lostprint.saves import search
from lostprint.saves.fields_1672 import default_sailors, fields
from lostprint.saves.fields_common import spelling
from lostprint.saves.fields_read import read
from lostprint.saves.rules import At, Event, LostRules, Mark, at_in

FIELDS = fields(GAME)
DAY_FIELDS = {f["key"]: f for f in FIELDS["day"]}
MARKS = {m["kind"]: m for m in FIELDS["marks"]}
ISLAND = {f["key"]: f for f in MARKS["island"]["fields"]}
TERRAINS = {t.key for t in GAME.terrains}  # the marks that colour a hex come first
WEATHER_NAMES = {w.key: w.name for w in CREW.weathers}
ROLLED = {r.key: r.what for r in CREW.rolls}  # when each roll is rolled, in the rules' words
ENCOUNTER = ("natives", "gift", "natives wound")  # the steps of an encounter with natives
CREW_FIELDS = ("healed", "wounded", "lost")
RESYNC_STEPS = 1000  # not a rule: a bound on the steps walked to go on after a refused day
RESYNC_ENDS = 16  # not a rule: and on the branches it goes on from


def _span(values) -> str:
    values = sorted(set(values))
    if not values:
        return "nothing"
    if len(values) == 1:
        return str(values[0])
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(map(str, values))


def _unrolled(voyages) -> list:
    """Voyages whose weather roll was not replayed (a day gone on from what the save says): tomorrow may be
    any weather a roll gives, as after a day without dice."""
    return list(dict.fromkeys(evolve(v, weather=w.key) for v in voyages for w in CREW.weathers))


def _rolled_why(key: str, faces) -> str:
    """When a roll is rolled (again), for a save recording more of it than its day rolls."""
    if key != "weather" or not faces[1:]:
        return ROLLED[key]
    first = eng.sky(faces[0])
    if first != CREW.watch_rerolls:
        return f"the first roll {faces[0]} is {first}: a sailor on Watch rerolls only a {CREW.watch_rerolls}"
    return f"a sailor on Watch rerolls a {first} once" if len(faces[1:]) > 1 else \
        f"nobody was free to keep the Watch and reroll the {first}"


def _won_at_the_end(st, dawns, record) -> bool:
    """Whether the day is what the save shows had the hex it ends on been an exit (the game won there in phase 4,
    the rest of the day unplayed)."""
    there = replace(st.game_map, goals=(st.position,))
    return search.explain(eng, [evolve(v, gm=there) for v in dawns], record)[1] is None


def _short_handed(record, dawns, key: str) -> str:
    """When the recorded value of `key` needs one more sailor on a task than the day has (a fisher, a lookout, a
    catcher of rain beside the helm): the crew as the rules count it ("" when one more would not explain it)."""
    if all(v.well >= CREW.sailors for v in dawns):
        return ""  # a whole crew at work: the slip is elsewhere
    more = [evolve(v, sailors=v.sailors + (eng.WELL,)) for v in dawns]
    loose = replace(record, checks={k: v for k, v in record.checks.items() if k != "sailors"},
                    partial={k: v for k, v in record.partial.items() if k != "sailors"})
    if next(search.walk(eng, more, loose, budget=RESYNC_STEPS), None) is None:
        return ""
    well = _span(v.well for v in dawns)
    return (f"{key} {record.checks[key]} needs one more sailor on a task than the {well} well at dawn (the wounded "
            "rest, the healed take no task, and each task takes one sailor)")


def _last_hex_left_out(st, dawns, record):
    """(the hex, the day's ends) when the day is what the save shows with one more hex entered at the end of its
    route, and only one such hex (a route copied without its last hex); None otherwise."""
    found = []
    route = record.inputs["route"][0]
    for last in st.game_map.neighbors(st.position):
        def drifts_there(v, face, last=last) -> bool:
            return eng.toward(v.gm, v.pos, face) == last

        mended = replace(record, inputs={**record.inputs, "route": (route + (last,),)},
                         checks={**record.checks, "pos": last}, narrow={**record.narrow, "drift": drifts_there},
                         optional=record.optional - {"route"} if route else record.optional)  # a route is steered
        ends, failure = search.explain(eng, dawns, mended)
        if failure is None:
            found.append((last, ends))
    return found[0] if len(found) == 1 else None


def _buried_where(st, problems) -> None:
    """Each burial marked today where the sloop ended the day (wounds come in phases 7 to 10, after the move)."""
    for got, at in st.own.today.burials:
        if not st.stood_today(got):
            problems.add(at, f"a burial is marked where the sloop was; it was not at {got} on day {st.day}")
        elif got != st.day_hexes[-1]:
            problems.add(at, f"a sailor dies after the day's move (wounds come in phases 7 to 10): his burial is "
                             f"marked where the sloop ended day {st.day}, {st.day_hexes[-1]}, not at {got}")


def _heal_left_out(crew, dawns, record):
    """(the sailors, the day's ends) when the day is what the save shows with its resting sailors healed in
    phase 2 and `healed:` left out; None otherwise."""
    names = list(crew.sailors)
    resting = [names[i] for i, x in enumerate(dawns[0].sailors) if x == eng.WOUNDED] if dawns else []
    if not resting or record.inputs["heal"][0]:
        return None
    statuses = tuple(eng.WELL if n in resting and x == eng.WOUNDED and n not in crew.today.names("wounded") else x
                     for n, x in crew.sailors.items())
    mended = replace(record, inputs={**record.inputs, "heal": (True,)}, checks={**record.checks, "sailors": statuses},
                     partial={**record.partial, "sailors": lambda ss: all(map(eng.no_worse, ss, statuses))})
    ends, failure = search.explain(eng, dawns, mended)
    return (resting, ends) if failure is None else None


@dataclass
class Day:
    """What a save says of the day being read: its fields as read, and where each stands."""

    at: dict = field(default_factory=dict)  # day field -> its At
    weather: str | None = None  # the weather key the save names
    crew: dict = field(default_factory=dict)  # healed / wounded / lost -> [(name, At)]
    gathered: dict = field(default_factory=dict)  # resource -> (cubes, At)
    rolls: dict = field(default_factory=dict)  # roll key -> (faces, At)
    island: dict | None = None  # the island mark: hexes, size (terrain), natives, roll, at, roll_at
    drawn_at: dict = field(default_factory=dict)  # hex -> the At it is coloured on
    sailed: str = ""  # the weather the day is sailed in (the save's, or what the roll gave)
    ends: list = field(default_factory=list)  # the voyages the day can end in
    crew_refused: bool = False
    island_unread: bool = False  # an island mark with a field that could not be read (said there)
    resources_at: At = At(0, "")  # the day's resources (the day's own line when it has none)
    written: object = None  # the day's resources as the save writes them
    burials: list = field(default_factory=list)  # each burial marked today: (hex, At)
    short_of_exit: int | None = None  # a refused day the save ends as won on a hex that is no exit: its first line

    def names(self, key: str) -> list[str]:
        return [who for who, _ in self.crew.get(key, ())]

    def summary(self, shoals: int) -> str:
        parts = [CREW.weather(self.sailed).name] + ["healing"] * bool(self.names("healed")) + \
            ["gathering"] * bool(self.gathered) + [f"{shoals} shoals entered"] * bool(shoals) + \
            ["with the recorded rolls"] * bool(self.rolls)
        return ", ".join(parts)


@dataclass
class Crew:
    """The transcript's own state over one save (kept as the save's State holds a game's)."""

    sailors: dict  # name -> WELL / WOUNDED / DEAD
    voyages: list  # the voyages the days so far can end in
    days: search.Days
    refused: int = -1  # the last day the rules did not explain
    today: Day = field(default_factory=Day)
    unnamed: list | None = None  # places of a crew whose setup names were refused, for the days to name
    problems: object = None  # the save's problems (a last day written as won short of an exit is said again)
    owed: int = 0  # wounds the rules gave on refused days beyond those the save records there


def _setup_names_refused(st, problems) -> bool:
    """Whether the save named its crew in `setup` and those names were refused (the same name twice, say): it
    was said there, once."""
    return "sailors" not in st.setup and any(": setup.sailors" in text for _, _, text in problems.items)


def _name_places(crew: Crew, written: list) -> None:
    """A crew whose setup names were refused is named by its days: each name not yet known takes the next
    place, so the days are checked on and the setup's problem is said once, on its own line."""
    for who in written:
        if isinstance(who, str) and who not in crew.sailors and crew.unnamed:
            place = crew.unnamed.pop(0)
            crew.sailors = {who if name == place else name: status for name, status in crew.sailors.items()}


class Rules1672(LostRules):
    game_id = "lost-crew"
    setup_fields = {"sailors": None}
    setup_counts = {"sailors": CREW.sailors}
    mark_kinds = {m["kind"]: m["hint"] for m in sorted(FIELDS["marks"], key=lambda m: m["kind"] not in TERRAINS)}
    day_fields = {f["key"]: f["hint"] for f in FIELDS["day"]}
    enters_unmapped = True  # it stays uncoloured: open water until scanned

    def begin(self, st) -> None:
        names = st.setup.get("sailors")
        sailors = tuple(names) if isinstance(names, (list, tuple)) and names else default_sailors(CREW)
        voyages = [eng.start(st.game_map, len(sailors))]
        st.own = Crew({n: eng.WELL for n in sailors}, voyages,
                                     search.Days(voyages, self._walk_day, eng.forget))

    def begin_day(self, st, day, at, problems) -> None:
        if st.own.unnamed is None:
            st.own.unnamed = list(st.own.sailors) if _setup_names_refused(st, problems) else []
        st.own.problems = problems
        st.own.today = Day(resources_at=At(line_of(day, "resources") if "resources" in day else line_of(day),
                                         f"{at.field}.resources"), written=day.get("resources"))
        if "moved" in day:  # where a route the rules refuse is said
            st.own.today.at["moved"] = At(line_of(day, "moved"), f"{at.field}.moved")

    # --- the save's fields, read by their description ------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        crew = st.own
        today = crew.today
        if name in CREW_FIELDS and isinstance(value, list):  # a sailor named in any case or spacing (`Sailor 2`)
            known = {spelling(n): n for n in crew.sailors}
            if len(known) == len(crew.sailors):
                value[:] = [known.get(spelling(w), w) if isinstance(w, str) else w for w in value]
        if name in CREW_FIELDS and crew.unnamed and isinstance(value, list):
            _name_places(crew, value)
        got = read(Reader(problems, st.game_map), DAY_FIELDS[name], value, at, crew.sailors)
        if got is None:
            return
        today.at[name] = at
        if name == "weather":
            today.weather = got
        elif name == "gathered":
            today.gathered = {k: (n, at_in(value, k, at)) for k, n in got.items() if n}
        elif name == "rolls":
            if None not in got.values():
                today.rolls = {k: (tuple(tuple(f) if isinstance(f, list) else f for f in faces), at_in(value, k, at))
                               for k, faces in got.items()}
        else:
            today.crew[name] = got

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        st.own.today.drawn_at[label] = at

    def check_mark(self, st, kind, value, at, problems, container):
        crew = st.own
        got = read(Reader(problems, st.game_map), MARKS[kind], value, at)
        if got is None:
            return None
        if kind in ("sea", "shoals"):
            if st.mapped_on.get(got) == st.day and st.terrain[got] == kind and got not in crew.today.drawn_at:
                return None  # already written under mapped
            if got in st.terrain:
                when = f"drawn on day {st.mapped_on[got]}" if got in st.mapped_on else "printed or coloured at set-up"
                problems.add(at, f"{got} is already {st.terrain[got]} ({when})")
                return None
            st.terrain[got] = kind
            st.mapped_on[got] = st.day
            crew.today.drawn_at[got] = at
            return None
        if kind == "burial":  # where: checked once the day's end is known (`_buried_where`)
            crew.today.burials.append((got, at))
            return Mark("burial", st.day, (got,))
        drawn = {st.terrain.get(lab) for lab in got.get("hexes") or ()}
        if got.get("size", "") is None and len(drawn) == 1:  # a misspelled size (said) read as the island drawn there
            got["size"] = next((s for s, t in ISLAND["size"]["terrain_of"].items() if t in drawn), None)
        if None in got.values():
            crew.today.island_unread = True
            return None
        hexes, size = got["hexes"], got["size"]
        terrain = ISLAND["size"]["terrain_of"][size]
        try:
            eng.island_lies(st.game_map, st.terrain, tuple(hexes), terrain)
        except RuleError as exc:
            problems.add(at if exc.rule == "mapped" else at_in(value, "hexes", at), str(exc))
            crew.today.island_unread = True  # said here: not again as a landing left out
            return None
        natives, roll = got.get("natives", False), got.get("roll")
        crew.today.island = {"hexes": tuple(hexes), "size": terrain, "natives": natives, "roll": roll, "at": at,
                             "roll_at": at_in(value, "roll", at), "unsaid": "natives" not in got}
        st.events.append(Event(st.day, "island", f"{size} island"))
        return Mark("island", st.day, tuple(hexes), (("size", size), ("natives", natives))
                    + ((("roll", roll),) if roll else ()))

    # --- the day, through the engine ---------------------------------------------------------------

    def after_moves(self, st, problems) -> None:
        """The day's healed, wounded and lost, as the rules take them (the engine's `recorded_crew`)."""
        crew = st.own
        today = crew.today
        owed = [who for key in ("healed", "lost") for who in today.names(key) if crew.sailors.get(who) == eng.WELL]
        if owed[:crew.owed]:  # a wound left out on a refused day (said there): the save's word that he was wounded
            self._wounded_at_dawn(crew, owed[:crew.owed])
        after, refused, changes = eng.recorded_crew(crew.sailors, *(today.names(k) for k in CREW_FIELDS), st.day)
        for key, i, message in refused:
            problems.add(today.at[key] if i is None else today.crew[key][i][1], message)
            if key == "lost" and i is not None and after[today.crew[key][i][0]] == eng.WELL:
                after[today.crew[key][i][0]] = eng.DEAD  # said once: the days after go on as the save has it
        today.crew_refused = bool(refused)
        for who, now in changes:
            if now != eng.WELL:
                st.events.append(Event(st.day, "wound" if now == eng.WOUNDED else "dead",
                                       f"{who} " + ("wounded" if now == eng.WOUNDED else "lost")))
        crew.sailors = after
        try:  # the deaths the save records today (one it names wrongly is said on its own line)
            eng.buried(len(today.burials), len(today.names("lost")))
        except RuleError as exc:
            problems.add(today.burials[len(today.names("lost"))][1], str(exc))
            today.crew_refused = True  # a death left out of lost: the day's wound count is not said again

    def _wounded_at_dawn(self, crew: Crew, names: list) -> None:
        """`names` wounded at the day's dawn, in the save's crew and in every voyage the days so far end in."""
        crew.owed -= len(names)
        crew.sailors = {n: eng.WOUNDED if n in names else s for n, s in crew.sailors.items()}
        places = {i for i, n in enumerate(crew.sailors) if n in names}
        dawns = [evolve(v, sailors=tuple(eng.WOUNDED if i in places else s for i, s in enumerate(v.sailors)))
                 for v in crew.days.every(crew.days.specs)]
        crew.voyages = dawns
        crew.days = search.Days(dawns, self._walk_day, eng.forget)

    def check_resources(self, st, before, at, problems) -> None:
        """The day explained by the engine: one search over its steps (lostprint.saves.search), the
        days walked depth first (search.Days); a day no line explains is searched over every voyage the
        days before leave, its failure said, and the replay goes on from what the save shows."""
        crew = st.own
        today = crew.today
        day_at = At(at.line, at.field.rpartition(".")[0])
        weather = today.weather
        days = crew.days
        if weather is not None:
            self._sailed(st, weather)
        record = self._record(st, today, problems)
        if record is not None and weather is not None:
            if days.extend((st.day, weather, record)):
                tip = days.tip
                today.ends = days.last_ends() if tip.over else [tip]
                crew.voyages = [tip]
                _buried_where(st, problems)
                return
            yesterday = days.every()
        else:
            yesterday = days.every(days.specs)
        voyages = [v for v in yesterday if not v.over]
        rolled = []  # when the save names a weather the roll did not give (said once): the day in the rolled one
        if weather is not None:
            fit = [v for v in voyages if v.weather == weather]
            if not fit and voyages:
                wat = today.at["weather"]
                if crew.refused == st.day - 1:
                    pass  # yesterday was refused and replayed from the save: its weather roll is not known
                elif st.day == 1:
                    problems.add(wat, f"day 1 is sailed in {WEATHER_NAMES[CREW.start_weather]} (the set-up weather), "
                                      f"not {WEATHER_NAMES[weather]}")
                else:
                    gave = " or ".join(WEATHER_NAMES[w] for w in sorted({v.weather for v in voyages}))
                    problems.add(wat, f"{WEATHER_NAMES[weather]}, but yesterday's weather roll gave {gave}")
                rolled = voyages if crew.refused != st.day - 1 else []
                fit = [evolve(v, weather=weather) for v in voyages]
            voyages = fit
        else:
            keys = {v.weather for v in voyages}
            self._sailed(st, next(iter(keys)) if len(keys) == 1 else CREW.start_weather)
        if record is None or not voyages:
            crew.voyages = _unrolled([self._forced(evolve(v, step=0), st) for v in voyages]) or crew.voyages
        else:
            ends, failure = search.explain(eng, voyages, record)
            if failure is not None and failure.kind == "rule" and failure.key == "route" and \
                    st.day_hexes[1:] in ([lab] for lab in st.game_map.neighbors(st.day_start)):
                # a one-hex route the rules refuse to steer may be a drift, which uses no recorded input and so
                # stops later than the steering branch: when a drift ends there, what stops it is said instead
                _, adrift = search.explain(eng, voyages, replace(
                    record, inputs={k: v for k, v in record.inputs.items() if k != "route"}))
                if adrift is not None and adrift.kind in ("part", "partial", "together") and adrift.key != "pos":
                    failure = adrift
            more, missed = search.explain(eng, rolled, record) if rolled else ([], True)
            if missed is None:  # the slip was the weather's name alone: the day goes on in either weather
                ends, failure = (ends if failure is None else []) + more, None
            mended = _last_hex_left_out(st, voyages, record) \
                if failure is not None and failure.key in ("terrain", "pos", "drift") else None
            if mended is not None:  # said once, on the route; the day and the days after go on from that hex
                last, ends = mended
                problems.add(today.at.get("moved") or At(day_at.line, f"{day_at.field}.moved"),
                             (f"the route ends at {st.position}" if st.day_hexes[1:] else "no move is recorded")
                             + f", but the day's scan colours the hexes around {last}, "
                             f"as the rest of the day does: {last}, the hex the sloop ended on, is left out (moved "
                             "lists every hex entered, the last one too)")
                crew.refused, failure = st.day, None
                st.position = last
                st.day_hexes.append(last)
            healed = _heal_left_out(crew, voyages, record) if failure is not None and failure.key in KEYS else None
            if healed is not None:  # said once; the sailors healed are well from then on (or the Water was the slip)
                names, ends = healed
                ends = ends + self._resync(st, voyages, record, failure)
                problems.add(today.at.get("healed") or At(day_at.line, f"{day_at.field}.healed"),
                             f"the day's values are those of Rest healing {', '.join(names)} for {CREW.rest_water} "
                             f"Water: if so, write healed: [{', '.join(names)}]; if not, the rules allow "
                             f"{_span(failure.reached)} {failure.key}")
                crew.refused, failure = st.day, None
                crew.sailors = {n: eng.WELL if n in names else x for n, x in crew.sailors.items()}
                crew.owed += len(names)  # if a later day heals them, the Water was the slip: they rested on
            if failure is not None:
                said = len(problems.items)
                self._report(st, today, record, failure, voyages, problems, day_at, at)
                crew.refused = st.day
                if st.position not in eng.exits(st.game_map) and _won_at_the_end(st, voyages, record):
                    today.short_of_exit = said
                ends = self._resync(st, voyages, record, failure)
            today.ends = crew.voyages = ends
        crew.days = search.Days(crew.voyages, self._walk_day, eng.forget)
        _buried_where(st, problems)

    def _sailed(self, st, key) -> None:
        st.own.today.sailed = key
        if CREW.weather(key).storm:  # marked on the journal's chart
            st.events.append(Event(st.day, "storm", "storm"))

    def _walk_day(self, voyages, spec):
        """The ends of a day (`spec`: its number, weather and record) from the voyages still going in
        its weather."""
        day, weather, record = spec
        starts = [v for v in voyages if not v.over and v.weather == weather]
        if starts:
            yield from search.walk(eng, starts, record)

    def _record(self, st, today: Day, problems) -> search.Record | None:
        """What the save says of the day, as the search reads it."""
        rolls = {k: faces for k, (faces, _) in today.rolls.items()}
        inputs = {key: rolls[key] for key in ("drift", "scan", "spread", "natives", "accident", "weather")
                  if key in rolls}
        mark = today.island
        if mark is not None and mark["roll"] is not None:
            if "island" in rolls and rolls["island"][0] != mark["roll"]:
                problems.add(mark["roll_at"], f"{mark['roll']}, but rolls.island says {rolls['island'][0]}")
                return None
            inputs["island"] = (mark["roll"],)
        elif "island" in rolls:
            inputs["island"] = rolls["island"]
        picks = tuple(sorted(k for k, (n, _) in today.gathered.items() for _ in range(n)))
        moves = st.day_hexes[1:]
        inputs.update(orders=(eng.LATER,), heal=(bool(today.names("healed")),), route=(tuple(moves),), gather=(picks,))
        crew = st.own
        statuses = tuple(crew.sailors.values())
        wounds = len(today.names("wounded")) + len(today.names("lost"))
        drawn = frozenset((lab, st.terrain[lab]) for lab in st.mapped_on)
        earlier = sum(1 for d in st.mapped_on.values() if d < st.day)
        written = today.written if isinstance(today.written, dict) else dict.fromkeys(KEYS)
        # a value the save does not give readably (above its cap, not a number) is said once, where it is read
        read = [k for k in KEYS if k not in written or written[k] == st.values[k] and not isinstance(written[k], bool)]
        landed = frozenset((frozenset(m.hexes), ISLAND["size"]["terrain_of"][m.get("size")], bool(m.get("natives")))
                           for m in st.marks if m.kind == "island")
        return search.Record(
            turn=st.day, inputs=inputs,
            optional=frozenset({"heal", "route"} | ({"gather"} if not picks else set())),
            narrow={"gather sailors": lambda v, n: n == len(picks),
                    "drift": lambda v, face: [eng.toward(v.gm, v.pos, face)] == (moves or [None])},
            probe={"gather sailors": len(picks)} if picks else {},
            expect={"place gather": ("gather sailors", len(picks))} if picks else {},
            checks={"pos": st.position, "terrain": lambda d: len(d) == len(drawn) and frozenset(d) == drawn,
                    "islands": lambda isl: eng.landings(isl) == landed,
                    **{key: st.values[key] for key in read}, "wounds": wounds, "sailors": statuses},
            order=("pos", "terrain", "islands", *KEYS, "wounds", "sailors"),
            partial={"terrain": lambda d: eng.may_end_as(d[earlier:], drawn), "wounds": lambda n: n <= wounds,
                     "islands": lambda isl: eng.landings(isl) <= landed,
                     "sailors": lambda ss: all(map(eng.no_worse, ss, statuses))})

    def _report(self, st, today: Day, record, failure, dawns, problems, day_at, at) -> None:
        """The failure of the search, said on the save's line with the rule and its limit."""
        key = failure.key
        rolls = today.rolls
        # a hex coloured today was blank when the sloop entered it (phase 4 comes before the scan): open water
        shoals = [lab for lab in st.day_hexes[1:] if st.terrain.get(lab) == "shoals"]
        blank = [lab for lab in shoals if st.mapped_on.get(lab) == st.day]
        summary = today.summary(len(shoals) - len(blank)) + "".join(
            f"; {lab} was blank when entered (open water, \u2302) and coloured shoals after" for lab in blank)
        moves, moved_at = st.day_hexes[1:], today.at.get("moved") or At(day_at.line, f"{day_at.field}.moved")
        drift = rolls["drift"][0][0] if "drift" in rolls else None
        if drift is not None and moves[1:]:  # a drift is one hex: a longer route was steered
            problems.add(rolls["drift"][1], f"{eng.no_drift(today.sailed)}; no drift roll on day {st.day} "
                                            f"({len(moves)} hexes sailed)")
        elif drift is not None and eng.toward(st.game_map, st.day_start, drift) != (moves or [None])[-1]:
            # the recorded drift goes elsewhere: said first
            problems.add(moved_at, f"{eng.drift_reading(st.game_map, st.day_start, drift)}, "
                                   f"not {' '.join(moves) or 'nowhere'}")
        elif key == "pos" or failure.kind == "none" and key == "drift":  # adrift: no face takes it there
            ends = failure.reached if key == "pos" else \
                {eng.toward(st.game_map, st.day_start, f) or "off the map" for f in eng.FACES}
            short = {eng.crew_short(today.sailed, v.well) for v in dawns}
            over = failure.ended  # the lines that drifted off the map, where the game ends
            off = f"; or it drifts off the map, where the game ends in phase 4 ({over.key} {_span(over.reached)} " \
                  f"then, not {record.checks[over.key]})" if over and over.key in (*KEYS, "wounds") else ""
            ends = ends - {"off the map"} if off else ends
            problems.add(moved_at, f"the sloop ends day {st.day} at {st.position}, but in {WEATHER_NAMES[today.sailed]}"
                                   f" it can end only at {', '.join(sorted(ends)) or 'nowhere'} (steered, or adrift)"
                                   + (f": {short.pop()}" if len(short) == 1 and "" not in short else "") + off)
        elif failure.kind == "rule":
            # not twice: the walk of the moves already says a hop that is not next to the sloop (on the route's line)
            said = {text.rpartition(": ")[-1] for *_, text in problems.items}
            moved = f" {day_at.field}.moved"
            if failure.message not in said and not (key == "route" and any(
                    f"{moved}:" in text or f"{moved}[" in text for *_, text in problems.items)):
                problems.add(self._input_at(key, today, day_at, failure.message), failure.message)
        elif key in KEYS:
            over = failure.ended  # the line where the recorded drift takes the sloop off the map, if it does
            off = f"; or the drift roll {drift} takes it off the map, where the game ends in phase 4 ({over.key} " \
                  f"{_span(over.reached)} then, not {record.checks[over.key]})" if over and over.key in KEYS \
                and drift is not None and eng.toward(st.game_map, st.day_start, drift) is None else ""
            if over is None and all(s == eng.DEAD for s in record.checks["sailors"]):  # why it was drunk, eaten...
                off = "; the save loses the whole crew today, but the day as played leaves a sailor alive"
            if not off and record.checks.get("hull") == 0 and key in ("water", "food") and \
                    record.checks[key] > max(failure.reached, default=0):
                off = "; a Hull at 0 sinks the sloop only in phase 10: the day's drinking and eating come first"
            other = off or self._with_other(record, dawns, key) or _short_handed(record, dawns, key)
            off = f"; {other}" if other and not off else off
            written = today.written if isinstance(today.written, dict) and key in today.written else {}
            problems.add(At(line_of(written, key) if written else at.line, f"{at.field}.{key}"),
                         f"{record.checks[key]}, but the rules allow {_span(failure.reached)} {key} at the end of this "
                         f"day (it began at {_span(failure.starts)}; {summary}){off}")
        elif key == "wounds":
            got = record.checks[key]
            where = today.at.get("wounded") or today.at.get("lost") or day_at
            values = failure.reached if failure.kind == "part" else {v for v in failure.reached if v > got}
            st.own.owed += max(0, min(values, default=got) - got)
            empty = " and ".join(f"0 {k}" for k in ("water", "food") if all(eng.PARTS[k](v) == 0 for v in dawns))
            last = today.names("healed") and CREW.weather(today.sailed).drink and \
                all(eng.PARTS["water"](v) == CREW.rest_water for v in dawns)  # Rest took the Water to drink
            hull = record.checks.get("hull")  # the Hull the accident die meets in phase 10, if recorded
            plank = isinstance(hull, int) and hull > 0 and all(eng.hits(hull, f) for f in eng.FACES) \
                and min(values, default=got) > got
            low = min(eng.FACES)  # an encounter roll that wounds, unless Goods raise it (the save's Hull pays them)
            goods = (f"; the Hull lost at the natives pays for Goods, and each Good adds {CREW.good_bonus} to the "
                     f"encounter roll (\u2302 good-bonus): a {low} wounds only with no Good offered") \
                if eng.encounter_at(low).effect == "wound" and low in rolls.get("natives", ((),))[0] \
                and max(values, default=got) < got else ""
            if today.crew_refused:
                return  # the crew's line says why (a death written without its first wound, say)
            problems.add(where, f"{got} wound{'s' * (got != 1)} recorded today (wounded + lost), but the rules "
                                f"give {_span(values)}{' or more' * (failure.kind == 'partial')} ({summary}"
                                f"{f'; the day began with {empty}' * bool(empty)}"
                                f"{'; healing in phase 2 took the last Water: none is left to drink' * bool(last)}"
                                f"{f'; at Hull {hull} every face of the accident die (phase 10) wounds' * plank}"
                                f"{goods})")
        elif key == "terrain":
            self._scan_failed(st, today, failure, problems, day_at)
        elif key == "islands":
            self._landing_failed(st, today, problems, day_at)
        elif failure.kind == "left" and key == "drift":
            problems.add(rolls["drift"][1], f"{eng.no_drift(today.sailed)}; no drift roll on day {st.day}")
        elif failure.kind in ("left", "short"):
            faces, where = rolls[key] if key in rolls else ((), self._input_at(key, today, day_at))
            again = f"day {st.day} rolls {key} again here, and no more rolls are recorded"
            if key == "spread":
                again += (" (a large island's second hex is rolled again while the Direction chart points off the "
                          "map, at a coloured hex or at the sloop, \u2302 spread)")
            blank = eng.scan_order(st.game_map, st.position, st.terrain) if key == "scan" else ()
            if blank:  # the hexes the save left blank: one pair each
                again += (f" (Scan Horizon rolls for every blank hex around {st.position}, and {', '.join(blank)} "
                          f"{'is' if len(blank) == 1 else 'are'} left blank)")
            why = _rolled_why(key, faces) + ("; a sailor who dies is removed from the sheet with his coin, and the "
                                             "task he had later that day is not done" if today.names("lost") else "")
            if st.position in eng.exits(st.game_map):
                why += f"; the game was won on reaching {st.position} in phase 4: the day's later phases are not " \
                       "played (\u2302 win-at-once)"
            elif st.values.get("hull") == 0 and key in ("accident", "weather"):
                why += "; the Hull is 0 in phase 10: the sloop sinks, the game is lost and nothing more is rolled"
            problems.add(where, f"more {key} rolls than day {st.day} rolls ({why})" if failure.kind == "left" else again)
        elif not today.crew_refused:  # else the crew's line says why
            others = "; or ".join(f"{k} {values}, not {record.checks[k]}" for k, values in self._others(record, dawns))
            problems.add(at, f"no one day explains these values together ({summary})"
                             + (f"; with the others as recorded, the day ends with {others}" if others else ""))

    def _with_other(self, record, dawns, key) -> str:
        """When the recorded value of `key` is one the day gives with another supply otherwise than recorded
        (a Good's Hull forgotten, say): that supply as the rules then give it ("" when none does)."""
        others = " or ".join(f"{other} {values} (not {record.checks[other]})"
                             for other, values in self._others(record, dawns, key))
        return f"{key} {record.checks[key]} comes only with {others}" if others else ""

    def _others(self, record, dawns, key=None) -> list:
        """The supplies (but `key`) that some day ends with when the save's value of that one alone is let go,
        the others all as recorded: [(supply, the values it then ends with, said)]."""
        out = []
        for other in KEYS:
            if other == key or other not in record.checks:
                continue
            loose = replace(record, checks={k: v for k, v in record.checks.items() if k != other})
            ends = list(islice(search.walk(eng, dawns, loose, budget=RESYNC_STEPS), RESYNC_ENDS))
            if ends:
                out.append((other, _span(eng.PARTS[other](v) for v in ends)))
        return out

    def _input_at(self, key, today: Day, day_at, message="") -> At:
        named = [kat for kind, (_, kat) in today.gathered.items() if f" {kind} " in message]
        if key == "gather" and named:  # the resource the rule names
            return named[0]
        field_of = {"route": "moved", "heal": "healed", "gather": "gathered", "wound": "wounded",
                    "gather sailors": "gathered"}.get(key)
        if key in today.rolls:
            return today.rolls[key][1]
        if key == "island" and today.island:
            return today.island["at"]
        if field_of in today.at:
            return today.at[field_of]
        return At(day_at.line, f"{day_at.field}.{field_of}" if field_of else day_at.field)

    def _scan_failed(self, st, today: Day, failure, problems, day_at) -> None:
        mapped_at = At(day_at.line, f"{day_at.field}.mapped")
        mine = sorted((lab for lab, day in st.mapped_on.items() if day == st.day),
                      key=lambda x: today.drawn_at.get(x, mapped_at).line)
        spread = today.rolls.get("spread")
        lab, message = eng.why_not_coloured(
            st.position, st.day, {lab: st.terrain[lab] for lab in mine}, {lab: st.terrain[lab] for lab in st.mapped_on},
            failure.reached | failure.early, "scan" in today.rolls, spread[0][-1] if spread else None,
            bool(st.ended) or st.position in eng.exits(st.game_map), bool(failure.early),
            [lab for lab in st.game_map.neighbors(st.position) if lab not in st.terrain or lab in mine])
        if message.startswith("the scan rolls make"):  # which pair is whose: ties in the north are read west first
            order = eng.scan_order(st.game_map, st.position, {k: t for k, t in st.terrain.items() if k not in mine})
            message += f"; the pairs go to {', '.join(order)} in that order (northmost first, then west to east)"
        problems.add(today.drawn_at.get(lab, mapped_at), message)

    def _landing_failed(self, st, today: Day, problems, day_at) -> None:
        mark = today.island
        if mark is None and (today.island_unread or not st.day_hexes[1:]
                             or not eng.is_island(st.terrain.get(st.position))):
            return  # its mark was unreadable, or no landing today: the landings differ since an earlier day's
        if mark is None:
            problems.add(At(day_at.line, f"{day_at.field}.marks"),
                         f"the sloop ended its move at a new {st.terrain.get(st.position, '').replace('-', ' ')} "
                         f"({st.position}): record the landing as {{island: {{hexes, size, natives}}}} and its roll")
            return
        before = next((m for m in st.marks if m.kind == "island" and m.day < st.day
                       and set(m.hexes) & set(mark["hexes"])), None)
        if before is not None:
            problems.add(mark["at"], f"{eng.LANDING}; {before.hexes[0]} was landed on and rolled on day {before.day}")
            return
        face = mark["roll"] or (today.rolls["island"][0][0] if "island" in today.rolls else None)
        if face is not None and st.position in mark["hexes"]:
            problems.add(mark["roll_at"] if mark["roll"] is not None else mark["at"],
                         eng.island_reading(mark["size"], face) + "; a mark that leaves natives out has none: write "
                         "natives: true" * (mark["unsaid"] and eng.island_cubes(mark["size"], face)[-1]))
            # said once: the days after read the island's natives as its roll has them
            *_, natives = eng.island_cubes(mark["size"], face)
            st.marks[:] = [replace(m, data=tuple((k, natives if k == "natives" else x) for k, x in m.data))
                           if m.kind == "island" and m.day == st.day else m for m in st.marks]
            return
        problems.add(mark["at"], f"{eng.LANDING}; the sloop ended day {st.day} at {st.position}")

    def _resync(self, st, voyages, record, failure) -> list:
        """After a day the rules do not explain, go on from what the save says (so later days are
        still checked): the branches that explain all of the day but what failed, as many as are found
        soon, with the save's values (an unrecorded weather roll left unrolled: the next day's weather
        is taken as the save says); a supply refused goes on at the save's value or at the rules' (a slip
        carried on, or a value mistyped on one day alone)."""
        loose = search.Record(turn=record.turn, inputs=record.inputs, optional=record.optional | {failure.key},
                              narrow=record.narrow, checks={k: v for k, v in record.checks.items() if k != failure.key},
                              partial={k: v for k, v in record.partial.items() if k != failure.key},
                              order=record.order, until="" if "weather" in record.inputs else "weather")
        going = (v for v in search.walk(eng, voyages, loose, budget=RESYNC_STEPS) if not v.over)
        ends = list(islice(going, RESYNC_ENDS))
        forced = [self._forced(v, st) for v in ends] or [self._forced(evolve(v, step=0), st) for v in voyages]
        if failure.key in KEYS:
            forced += [self._forced(v, st, {failure.key: eng.PARTS[failure.key](v)}) for v in ends]
        return forced if "weather" in record.inputs else _unrolled(forced)

    def _forced(self, v, st, rules_values=None):
        drawn = tuple((lab, st.terrain[lab]) for lab in st.mapped_on)
        return eng.as_recorded(v, st.position, dict(st.values, **rules_values or {}), tuple(st.own.sailors.values()),
                               drawn, st.day)

    # --- the end of a day and of the game --------------------------------------------------------------

    def end_of_day(self, st):
        crew = st.own
        ends = crew.today.ends or crew.voyages
        overs = {v.over for v in ends}
        if ends and None not in overs and len({o[0] for o in overs}) == 1:
            return min(overs)
        return None

    def claimed(self, st, recorded):
        """A recorded result some ending of the last day gives (a drift off the map, unrolled); or a win the last
        day already refused, on its route (a hop), or as a day played no further than the move to a hex that is
        no exit: that day's lines are said once, as the rule (then the result is not said again)."""
        crew = st.own
        today = crew.today
        if recorded == "won" and crew.refused == st.day and st.position not in eng.exits(st.game_map):
            moved = today.at.get("moved")
            if today.short_of_exit is not None:
                crew.problems.count -= len(crew.problems.items) - today.short_of_exit
                del crew.problems.items[today.short_of_exit:]
                crew.problems.add(moved or today.resources_at,
                                  f"the sloop ends day {st.day} at {st.position}, which is not an exit hex of this map "
                                  f"({', '.join(eng.exits(st.game_map))}): the game is won only on reaching one, and "
                                  "short of it the day goes on (phases 5 to 11)")
                return recorded, ""
            if moved and any(f" {moved.field}[" in text or f" {moved.field}:" in text
                             for *_, text in crew.problems.items):
                return recorded, ""
        ends = crew.today.ends
        if len(ends) == 1 and crew.days.tip is ends[0]:  # the line's one end: the day's others too
            ends = crew.days.last_ends()
        fits = sorted(v.over for v in ends if v.over and v.over[0] == recorded)
        return fits[0] if fits else None

    def facts(self, st, record) -> tuple[str, ...]:
        today = st.own.today
        out = [WEATHER_NAMES.get(today.sailed, ""),
               "sailed to " + ", ".join(record["moved"]) if record["moved"] else f"at {record['start']}"]
        out += [f"landed on a {m.get('size')} island" + (" (natives)" if m.get("natives") else "")
                for m in st.marks if m.day == record["day"] and m.kind == "island"]
        sea = sum(1 for _, t in record["mapped"] if t == "sea")
        out += [f"{sea} sea"] * bool(sea)
        out += [f"{t.replace('-', ' ')} {lab}" for lab, t in record["mapped"] if t != "sea"]
        out += [f"{key}: {', '.join(today.names(key))}" for key in CREW_FIELDS if today.names(key)]
        return tuple(o for o in out if o)

    def score(self, st, result) -> list[tuple[str, int]]:
        over = (result, "") if result in ("won", "lost") else None
        return list(eng.score(evolve(st.own.voyages[0], over=over)))


RULES = Rules1672()


# --- the transcript: a played voyage written as a save ----------------------------------------------


def save_of(events, final, names, standard: bool = True) -> dict:
    """A voyage the driver played (its events, lostprint.engine.drive.Event) as save data: each day's
    fields, its dice under `rolls:` and a log of what happened (for a journal writer)."""
    days: list[list] = []
    for e in events:
        if e.step == "assign":
            days.append([])
        days[-1].append(e)
    out = {"format": SAVE_FORMAT, "game": "lost-crew", "map": "standard" if standard else None,
           "setup": {"sailors": list(names)}, "days": [_save_day(day, names) for day in days]}
    if final.over:
        out["outcome"] = {"result": final.over[0]}
    return out


def _save_day(events, names) -> dict:
    """One day's events as its fields (empty ones left out), in the order a save writes them."""
    first, last = events[0].before, events[-1].state
    day: dict = {"day": first.day + 1, "weather": first.weather, "healed": [], "moved": [], "marks": [],
                 "gathered": {}, "mapped": {}, "wounded": [], "lost": []}
    jobs = ", ".join(k + (f" \u00d7{n}" if n > 1 else "") for k, n in vars(events[0].value).items() if n)
    log = [f"{CREW.weather(first.weather).name}; jobs: {jobs or 'none'}"]
    rolls: dict = {}
    scanned: list = []
    for i, (key, need, value, b, after) in enumerate(events):
        if isinstance(need, Roll) and value is not None:
            rolls.setdefault(need.key, []).append(list(value) if isinstance(value, tuple) else value)
        if key == "rest" and value:
            day["healed"] = [names[i] for i in b.resting]
            log.append(f"rest and water heal {', '.join(day['healed'])}")
        elif key == "repair" and value:
            log.append(f"repair: {value} wood into hull")
        elif key == "move":
            _, _, damage = eng.movement_plan(b.weather, b.orders, eng.at_island(b))
            if isinstance(value, int):
                day["moved"] = [after.pos] if after.pos != b.pos else []
                log.append(f"uncontrolled: drift {eng.direction(value)}")
            else:
                day["moved"] = list(value)
            log += [f"storm: hull -{damage}"] * bool(damage) + ([after.over[1]] if after.over else [])
        elif key == "island":
            island = after.island_at(after.pos)
            mark = {"hexes": list(island.hexes), "size": island.size.split("-")[0], "natives": island.natives}
            day["marks"].append({"island": mark})
            log.append(f"landed on a {island.size}: roll {value}, natives {island.natives}")
        elif key == "scan":
            if not b.spreading:
                scanned.append((eng.scan_order(b.gm, b.pos, b.terrain)[0], sum(value)))
            if not after.spreading:
                log += [f"scan {lab}: {total} -> {after.terrain[lab]}" for lab, total in scanned]
                scanned = []
        elif key == "gather" and value:
            day["gathered"] = {k: value.count(k) for k in dict.fromkeys(value)}
            log.append(f"gathered {day['gathered']}")
        elif key == "weather" and len(after.skies) == 1 and not eng.skies_done(after):
            log.append("the watch sees the storm coming and rerolls")
        elif key.endswith("wound"):  # a second wound kills, and the dead are buried where the sloop is
            dies = after.sailors[value] == eng.DEAD
            day["lost" if dies else "wounded"].append(names[value])
            day["marks"] += [{"burial": after.pos}] * dies
        nxt = events[i + 1].step if i + 1 < len(events) else None
        if key in ENCOUNTER and nxt not in ENCOUNTER:  # the encounter's rolls, gift and wounds are done
            effect = after.effect.partition(":")[0] or "wound"
            log.append(f"natives: {rolls['natives']} with {after.goods} goods -> {effect}")
    day["mapped"] = {lab: last.terrain[lab] for lab, _ in last.drawn[len(first.drawn):]}
    day.update(resources={k: last.value(k) for k in KEYS}, rolls=rolls, log=log)
    return {k: x for k, x in day.items() if x}
