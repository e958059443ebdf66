# 1672: The Lost Crew: what a save may record, and each day replayed through the engine.
#
# Terrains (in `mapped`): sea, shoals, small-island, medium-island, large-island. Marks: sea and
# shoals (another way to write a hex coloured that day), island {hexes, size, natives, roll} when the
# sloop lands on a new island, burial (hex). Day fields: weather (today's), wounded, healed and lost
# (sailors' names), gathered {water, food, wood} from the island, rolls {phase key: die faces}.
# Setup: sailors (their names).
#
# This module is the transcript: it reads a day's fields into what the search over the engine's steps
# takes (lostprint.saves.search: recorded dice and choices as inputs, the day's end values as checks),
# says a failed search in the save's words, and writes a played voyage back as a save (`save_of`).
# No rule is worked out here: the engine (lostprint.engine.lost_crew) is the only place of the day
# order and its effects. What the save does not record (the sailors' jobs, dice without `rolls:`)
# is every option the engine allows; the days are walked depth first (search.Days), and a day no
# line explains is searched over every state the days before can leave, to say why.

from __future__ import annotations

from itertools import islice

from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import evolve
from lostprint.files import line_of
from lostprint.files.fields import Reader
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_crew import ISLAND_SUPPLIES, slot_count
from lostprint.games.lost_crew import RULES as CREW
from lostprint.saves import search
from lostprint.saves.rules import At, Event, LostRules, Mark, State, slug

WEATHER_NAMES = {w.key: w.name for w in CREW.weathers}
WEATHER_KEYS = {slug(w.name): w.key for w in CREW.weathers} | {w.key: w.key for w in CREW.weathers}
SIZES = {key.replace("-island", ""): key for key, _ in CREW.island_bonus}
ROLLS = {r.key: r for r in CREW.rolls}
DEFAULT_SAILORS = tuple(f"sailor {i + 1}" for i in range(CREW.sailors))
KEYS = ("water", "food", "hull", "wood")
WEATHER_STEP = eng.STEP_INDEX["weather"]
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


class Rules1672(LostRules):
    game_id = "lost-crew"
    setup_fields = {"sailors": None}
    mark_kinds = {
        "sea": "a hex coloured sea today",
        "shoals": "a hex coloured shoals today",
        "island": "{hexes, size, natives, roll} on landing at a new island",
        "burial": "a hex: where a sailor was buried at sea",
    }
    day_fields = {
        "weather": "today's weather: fair, headwind, doldrums, rain or storm",
        "wounded": "sailors wounded today",
        "healed": f"sailors healed today (Rest, {CREW.rest_water} Water)",
        "lost": "sailors who died today (a second wound)",
        "gathered": "{water, food, wood} gathered from the island today",
        "rolls": "the day's dice, by phase: " + ", ".join(r.key for r in CREW.rolls),
    }

    def begin(self, st: State) -> None:
        names = st.setup.get("sailors")
        sailors = tuple(names) if isinstance(names, (list, tuple)) and names else DEFAULT_SAILORS
        st.flags.update(sailors={n: eng.WELL for n in sailors}, burials=0, deaths=0,
                        voyages=[eng.start(st.game_map, len(sailors))])
        st.flags["days"] = search.Days(st.flags["voyages"], self._walk_day, eng.forget)

    def enters_unmapped(self, st, label) -> bool:
        return True  # ⌂ it stays uncoloured: open water until scanned

    def sailor_names(self, st: State) -> list[str]:
        return list(st.flags["sailors"])

    # --- day fields --------------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:

        rd = Reader(problems, st.game_map)
        today = self._today(st)
        if name == "weather":
            text = rd.text(value, at)
            if text is None:
                return
            key = WEATHER_KEYS.get(slug(text), "fair" if slug(text) == "fair" else None)
            if key is None:
                problems.add(at, f"{text!r} is not a weather ({', '.join(WEATHER_NAMES)})")
                return
            today["weather"] = (key, at)
            return
        if name == "gathered":
            spec = rd.mapping(value, at, "{water: 1, food: 1, wood: 1}")
            if spec is None:
                return
            rd.unknown(spec, ISLAND_SUPPLIES, at.field, "island resource")
            got = {}
            for key in ISLAND_SUPPLIES:
                if key in spec:
                    kat = At(line_of(spec, key) or at.line, f"{at.field}.{key}")
                    n = rd.integer(spec[key], kat, 0, slot_count("gather"))
                    if n:
                        got[key] = (n, kat)
            today["gathered"] = (got, at)
            return
        if name == "rolls":
            today["rolls"] = self._rolls(rd, value, at)
            return
        # wounded / healed / lost: lists of sailor names
        items = rd.listing(value, at, "a list of sailors' names")
        names = []
        for i, item in enumerate(items or ()):
            iat = At(line_of(items, i), f"{at.field}[{i}]")
            who = rd.text(item, iat)
            if who is None:
                continue
            if who not in st.flags["sailors"]:
                problems.add(iat, f"{who!r} is not one of the crew ({', '.join(st.flags['sailors'])})")
                continue
            names.append((who, iat))
        today[name] = (names, at)

    def _rolls(self, rd, value, at):
        spec = rd.mapping(value, at, "a mapping of phase: die faces, like {weather: [3]}")
        if spec is None:
            return None
        rd.unknown(spec, tuple(ROLLS), at.field, "roll")
        out = {}
        for key, roll in ROLLS.items():
            if key not in spec:
                continue
            kat = At(line_of(spec, key), f"{at.field}.{key}")
            items = rd.listing(spec[key], kat, "a list of die faces")
            if items is None:
                return None
            faces = []
            for i, item in enumerate(items):
                iat = At(line_of(items, i), f"{kat.field}[{i}]")
                group = rd.listing(item, iat, f"{roll.dice} die faces, like [3, 5]") if roll.dice > 1 else [item]
                if group is None:
                    return None
                if len(group) != roll.dice:
                    rd.error(iat, f"{roll.key} rolls {roll.dice} dice at a time, not {len(group)}")
                    return None
                got = [rd.integer(x, At(line_of(group, j), f"{iat.field}[{j}]") if roll.dice > 1 else iat,
                                  eng.FACES[0], eng.FACES[-1]) for j, x in enumerate(group)]
                if None in got:
                    return None
                faces.append(tuple(got) if roll.dice > 1 else got[0])
            if not faces:
                rd.error(kat, "no faces")
                return None
            if roll.per == "day" and len(faces) != 1:
                rd.error(kat, f"{roll.key} is one roll a day, not {len(faces)}")
                return None
            out[key] = (tuple(faces), kat)
        return out

    def apply_crew(self, st: State, today: dict, problems) -> None:
        """The day's healed, wounded and lost, as the rules take them (the engine's `recorded_crew`)."""
        before = st.flags["sailors"]
        fields = {key: today.get(key, ([], None)) for key in ("healed", "wounded", "lost")}
        after, refused, changes = eng.recorded_crew(before, *([w for w, _ in fields[k][0]] for k in fields), st.day)
        for key, i, message in refused:
            problems.add(fields[key][1] if i is None else fields[key][0][i][1], message)
        today["crew refused"] = bool(refused)
        for who, now in changes:
            if now != eng.WELL:
                st.events.append(Event(st.day, "wound" if now == eng.WOUNDED else "dead", f"{who} "
                                       + ("wounded" if now == eng.WOUNDED else "lost")))
        st.flags["deaths"] += sum(now == eng.DEAD for _, now in changes)
        st.flags["sailors"] = after

    # --- mapping and moving ------------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        self._today(st).setdefault("drawn_at", {})[label] = at

    # --- marks -------------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):

        rd = Reader(problems, st.game_map)
        if kind in ("sea", "shoals"):
            lab = rd.label(value, at)
            if lab is None:
                return None
            drawn = st.flags.get("drawn_today", {})
            if drawn.get(lab) == kind:
                return None  # already written under mapped
            if lab in st.terrain:
                problems.add(at, f"{lab} is already {st.terrain[lab]}")
                return None
            st.terrain[lab] = kind
            st.mapped_on[lab] = st.day
            self._today(st).setdefault("drawn_at", {})[lab] = at
            return None
        if kind == "burial":
            lab = rd.label(value, at)
            if lab is None:
                return None
            if not st.stood_today(lab):
                problems.add(at, f"a burial is marked where the sloop was; it was not at {lab} on day {st.day}")
                return None
            st.flags["burials"] += 1
            return Mark("burial", st.day, (lab,))
        spec = rd.mapping(value, at, "{hexes: [G6], size: medium, natives: false, roll: 4}")
        if spec is None:
            return None
        rd.unknown(spec, ("hexes", "size", "natives", "roll"), at.field, "island field")
        if "hexes" not in spec or "size" not in spec:
            problems.add(at, "an island needs its hexes and size, like {hexes: [G6], size: medium}")
            return None
        hat = At(line_of(spec, "hexes"), f"{at.field}.hexes")
        hexes = rd.labels(spec["hexes"], hat)
        sat = At(line_of(spec, "size"), f"{at.field}.size")
        size = rd.text(spec["size"], sat)
        if hexes is None or size is None:
            return None
        size = slug(size).replace("-island", "")
        if size not in SIZES:
            problems.add(sat, f"{size!r} is not an island size ({', '.join(SIZES)})")
            return None
        want = CREW.large_hexes if size == "large" else 1
        if len(hexes) != want:
            problems.add(hat, f"a {size} island covers {want} hex{'es' * (want > 1)}, not {len(hexes)}")
            return None
        if want > 1 and not st.adjacent(*hexes):
            problems.add(hat, "a large island's two hexes touch")
            return None
        for lab in hexes:
            if st.terrain.get(lab) != SIZES[size]:
                problems.add(at, f"{lab} is {st.terrain.get(lab) or 'not mapped'}, not a {size} island")
                return None
        natives = spec.get("natives", False)
        if not isinstance(natives, bool):
            problems.add(At(line_of(spec, "natives"), f"{at.field}.natives"), "must be true or false")
            return None
        roll = None
        if "roll" in spec:
            roll = rd.integer(spec["roll"], At(line_of(spec, "roll"), f"{at.field}.roll"), eng.FACES[0], eng.FACES[-1])
            if roll is None:
                return None
        self._today(st)["island"] = {"hexes": tuple(hexes), "size": SIZES[size], "natives": natives,
                                     "roll": roll, "at": at, "roll_at": At(line_of(spec, "roll"), f"{at.field}.roll")}
        data: list = [("size", size), ("natives", natives)] + ([("roll", roll)] if roll else [])
        st.events.append(Event(st.day, "island", f"{size} island"))
        return Mark("island", st.day, tuple(hexes), tuple(data))

    def _today(self, st) -> dict:
        today = st.flags.setdefault("today", {"day": st.day})
        if today["day"] != st.day:
            today.clear()
            today["day"] = st.day
        return today

    # --- the day, through the engine ---------------------------------------------------------------

    def before_resources(self, st, problems, at) -> None:
        today = self._today(st)
        self.apply_crew(st, today, problems)
        if st.flags["burials"] > st.flags["deaths"]:
            problems.add(at, f"{st.flags['burials']} burials for {st.flags['deaths']} sailors lost")
            st.flags["burials"] = st.flags["deaths"]

    def check_resources(self, st, before, at, problems) -> None:
        self._check_day(st, before, at, problems)

    def _check_day(self, st, before, at, problems) -> None:
        """The day explained by the engine: one search over its steps (lostprint.saves.search), the
        days walked depth first (search.Days); a day no line explains is searched whole to say why."""
        today = self._today(st)
        day_at = At(at.line, at.field.rpartition(".")[0])
        weather, wat = today.get("weather", (None, day_at))
        days = st.flags["days"]
        if weather is not None:
            self._weather_is(st, today, weather)
        record = self._record(st, today, day_at, problems)
        if record is not None and weather is not None:
            if days.extend((st.day, weather, record)):
                tip = days.tip
                today["ends"] = days.last_ends() if tip.over else [tip]
                st.flags["voyages"] = [tip]
                return
            voyages = days.every()
        else:
            voyages = days.every(days.specs)
        self._whole_day(st, today, record, voyages, weather, wat, before, problems, day_at, at)
        st.flags["days"] = search.Days(st.flags["voyages"], self._walk_day, eng.forget)

    def _weather_is(self, st, today, key) -> None:
        today["weather_key"] = key
        if CREW.weather(key).storm:  # marked on the journal's chart
            st.events.append(Event(st.day, "storm", "storm"))

    def _walk_day(self, voyages, spec):
        """The ends of a day (`spec`: its number, weather and record) from some voyages: yesterday's
        weather roll read with today's weather, then the day."""
        day, weather, record = spec
        starts = [v for v in self._dawn(voyages, day, weather) if v.weather == weather]
        if starts:
            yield from search.walk(eng, starts, record)

    def _dawn(self, voyages, day, weather=None) -> list:
        """The voyages still going, yesterday's weather roll (when it was left open) read as giving
        `weather` (None: as giving any)."""
        voyages = [v for v in voyages if not v.over]
        pending = [v for v in voyages if v.step == WEATHER_STEP]
        if not pending:
            return voyages
        check = {"weather": weather} if weather is not None else {}
        read = search.Record(turn=day - 1, checks=check, order=tuple(check))
        return [v for v in voyages if v.step != WEATHER_STEP] + list(search.walk(eng, pending, read))

    def _whole_day(self, st, today, record, voyages, weather, wat, before, problems, day_at, at) -> None:
        """The day over every voyage the days before leave: its failure said, then the replay goes on
        from what the save shows."""
        yesterday, voyages = voyages, self._dawn(voyages, st.day, weather)
        if weather is not None:
            fit = [v for v in voyages if v.weather == weather]
            voyages = voyages if fit else self._dawn(yesterday, st.day)  # every weather the roll could give
            if not fit and voyages:
                if st.flags.get("refused") == st.day - 1:
                    pass  # yesterday was refused and replayed from the save: its weather roll is not known
                elif st.day == 1:
                    problems.add(wat, f"day 1 is sailed in {WEATHER_NAMES[CREW.start_weather]} (the set-up weather), "
                                      f"not {WEATHER_NAMES[weather]}")
                else:
                    gave = " or ".join(WEATHER_NAMES[w] for w in sorted({v.weather for v in voyages}))
                    problems.add(wat, f"{WEATHER_NAMES[weather]}, but yesterday's weather roll gave {gave}")
                fit = [evolve(v, weather=weather) for v in voyages]
            voyages = fit
        else:
            keys = {v.weather for v in voyages}
            self._weather_is(st, today, next(iter(keys)) if len(keys) == 1 else CREW.start_weather)
        if record is None or not voyages:
            st.flags["voyages"] = [self._forced(evolve(v, step=0), st) for v in voyages] or st.flags["voyages"]
            return
        ends, failure = search.explain(eng, voyages, record)
        if failure is not None:
            self._report(st, today, record, failure, voyages, problems, day_at, at)
            st.flags["refused"] = st.day
            ends = self._resync(st, voyages, record, failure)
        today["ends"] = ends
        st.flags["voyages"] = ends

    def _record(self, st, today, day_at, problems) -> search.Record | None:
        """What the save says of the day, as the search reads it."""
        rolls = {k: faces for k, (faces, _) in (today.get("rolls") or {}).items()}
        inputs = {key: tuple(rolls[key]) for key in ("drift", "scan", "spread", "natives", "accident", "weather")
                  if key in rolls}
        mark = today.get("island")
        if mark is not None and mark["roll"] is not None:
            if "island" in rolls and rolls["island"][0] != mark["roll"]:
                problems.add(mark["roll_at"], f"{mark['roll']}, but rolls.island says {rolls['island'][0]}")
                return None
            inputs["island"] = (mark["roll"],)
        elif "island" in rolls:
            inputs["island"] = tuple(rolls["island"])
        healed = bool(today.get("healed", ([], None))[0])
        got = today.get("gathered", ({}, None))[0]
        picks = tuple(sorted(k for k, (n, _) in got.items() for _ in range(n)))
        moves = st.day_hexes[1:]
        inputs.update(orders=(eng.LATER,), heal=(healed,), route=(tuple(moves),), gather=(picks,))
        statuses = tuple(st.flags["sailors"].values())
        wounds = len(today.get("wounded", ([], None))[0]) + len(today.get("lost", ([], None))[0])
        drawn = frozenset((lab, st.terrain[lab]) for lab in st.mapped_on)
        earlier = sum(1 for d in st.mapped_on.values() if d < st.day)
        landed = frozenset((frozenset(m.hexes), SIZES[m.get("size")], bool(m.get("natives")))
                           for m in st.marks if m.kind == "island")
        return search.Record(
            turn=st.day, inputs=inputs, until="" if "weather" in rolls else "weather",
            optional=frozenset({"heal", "route"} | ({"gather"} if not picks else set())),
            narrow={"gather sailors": lambda v, n: n == len(picks),
                    "drift": lambda v, face: [eng.toward(v.gm, v.pos, face)] == (moves or [None])},
            probe={"gather sailors": len(picks)} if picks else {},
            expect={"place gather": ("gather sailors", len(picks))} if picks else {},
            checks={"pos": st.position, "terrain": lambda d: len(d) == len(drawn) and frozenset(d) == drawn,
                    "islands": lambda isl: eng.landings(isl) == landed,
                    "water": st.values["water"], "food": st.values["food"], "hull": st.values["hull"],
                    "wood": st.values["wood"], "wounds": wounds, "sailors": statuses},
            order=("pos", "terrain", "islands", "water", "food", "hull", "wood", "wounds", "sailors"),
            partial={"terrain": lambda d: eng.may_end_as(d[earlier:], drawn), "wounds": lambda n: n <= wounds,
                     "islands": lambda isl: eng.landings(isl) <= landed,
                     "sailors": lambda ss: all(map(eng.no_worse, ss, statuses))})

    def _report(self, st, today, record, failure, dawns, problems, day_at, at) -> None:
        """The failure of the search, said on the save's line with the rule and its limit."""
        key = failure.key
        today["shoals"] = sum(1 for lab in st.day_hexes[1:] if st.terrain.get(lab) == "shoals")
        summary = today_summary(today)
        rolls = today.get("rolls") or {}
        if "drift" in rolls and eng.toward(st.game_map, st.day_start, rolls["drift"][0][0]) != \
                (st.day_hexes[1:] or [None])[-1]:  # the recorded drift goes elsewhere: said first
            self._moves_failed(st, today, failure, problems, day_at)
        elif failure.kind == "none" and key == "drift":  # adrift, and no face takes the sloop where the save has it
            targets = {eng.toward(st.game_map, st.day_start, f) or "off the map" for f in eng.FACES}
            self._moves_failed(st, today, search.Failure("part", "pos", reached=frozenset(targets)), problems, day_at,
                               dawns)
        elif failure.kind == "rule":
            problems.add(self._input_at(key, today, day_at, failure.message), failure.message)
        elif key in KEYS:
            got = record.checks[key]
            problems.add(At(at.line, f"{at.field}.{key}"),
                         f"{got}, but the rules allow {_span(failure.reached)} {key} at the end of this day "
                         f"(it began at {_span(failure.starts)}; {summary})")
        elif key == "wounds":
            got = record.checks[key]
            where = (today.get("wounded") or today.get("lost") or (None, day_at))[1] or day_at
            values = failure.reached if failure.kind == "part" else {v for v in failure.reached if v > got}
            problems.add(where, f"{got} wound{'s' * (got != 1)} recorded today (wounded + lost), but the rules "
                                f"give {_span(values)}{' or more' * (failure.kind == 'partial')} ({summary})")
        elif key == "pos":
            self._moves_failed(st, today, failure, problems, day_at, dawns)
        elif key == "terrain":
            self._scan_failed(st, today, failure, problems, day_at)
        elif key == "islands":
            self._landing_failed(st, today, failure, problems, day_at)
        elif failure.kind == "left" and key == "drift":
            problems.add(rolls["drift"][1], f"{eng.no_drift(today['weather_key'])}; no drift roll on day {st.day}")
        elif failure.kind in ("left", "short"):
            rolls = today.get("rolls") or {}
            where = rolls[key][1] if key in rolls else self._input_at(key, today, day_at)
            problems.add(where, f"more {key} rolls than day {st.day} rolls" if failure.kind == "left" else
                         f"day {st.day} rolls {key} again here, and no more rolls are recorded")
        elif not today.get("crew refused"):  # else the crew's line says why
            problems.add(at, f"no one day explains these values together ({summary})")

    def _input_at(self, key, today, day_at, message="") -> At:
        rolls = today.get("rolls") or {}
        got = today.get("gathered", ({}, None))[0]
        named = [kat for kind, (_, kat) in got.items() if f" {kind} " in message]
        if key == "gather" and named:  # the resource the rule names
            return named[0]
        field = {"route": "moved", "heal": "healed", "gather": "gathered", "wound": "wounded",
                 "gather sailors": "gathered"}.get(key)
        if key in rolls:
            return rolls[key][1]
        if key == "island" and today.get("island"):
            return today["island"]["at"]
        if field and today.get(field):
            return today[field][1]
        return At(day_at.line, f"{day_at.field}.{field}" if field else day_at.field)

    def _moves_failed(self, st, today, failure, problems, day_at, dawns=()) -> None:
        rolls = today.get("rolls") or {}
        moves = st.day_hexes[1:]
        at = At(day_at.line, f"{day_at.field}.moved")
        if "drift" in rolls:
            problems.add(at, f"{eng.drift_reading(st.game_map, st.day_start, rolls['drift'][0][0])}, "
                             f"not {' '.join(moves) or 'nowhere'}")
            return
        ends = sorted(failure.reached)
        short = {eng.crew_short(today["weather_key"], v.well) for v in dawns}
        problems.add(at, f"the sloop ends day {st.day} at {st.position}, but in {WEATHER_NAMES[today['weather_key']]} "
                         f"it can end only at {', '.join(ends) or 'nowhere'} (steered, or adrift)"
                         + (f": {short.pop()}" if len(short) == 1 and "" not in short else ""))

    def _scan_failed(self, st, today, failure, problems, day_at) -> None:
        where = today.get("drawn_at", {})
        mapped_at = At(day_at.line, f"{day_at.field}.mapped")
        mine = sorted((lab for lab, day in st.mapped_on.items() if day == st.day),
                      key=lambda x: where.get(x, mapped_at).line)
        spread = (today.get("rolls") or {}).get("spread")
        lab, message = eng.why_not_coloured(
            st.position, st.day, {lab: st.terrain[lab] for lab in mine}, {lab: st.terrain[lab] for lab in st.mapped_on},
            failure.reached, "scan" in (today.get("rolls") or {}), spread[0][-1] if spread else None,
            bool(st.ended) or st.position in eng.exits(st.game_map), bool(failure.early))
        problems.add(where.get(lab, mapped_at), message)

    def _landing_failed(self, st, today, failure, problems, day_at) -> None:
        mark = today.get("island")
        terrain = st.terrain.get(st.position, "")
        if mark is None:
            problems.add(At(day_at.line, f"{day_at.field}.marks"),
                         f"the sloop ended its move at a new {terrain.replace('-', ' ')} ({st.position}): record the "
                         "landing as {island: {hexes, size, natives}} and its roll")
            return
        rolls = today.get("rolls") or {}
        before = next((m for m in st.marks if m.kind == "island" and m.day < st.day and set(m.hexes) & set(mark["hexes"])), None)
        if before is not None:
            problems.add(mark["at"], f"{eng.LANDING}; {before.hexes[0]} was landed on and rolled on day {before.day}")
            return
        face = mark["roll"] or (rolls["island"][0][0] if "island" in rolls else None)
        if face is not None and st.position in mark["hexes"]:
            problems.add(mark["roll_at"] if mark["roll"] is not None else mark["at"],
                         eng.island_reading(mark["size"], face))
            return
        problems.add(mark["at"], f"{eng.LANDING}; the sloop ended day {st.day} at {st.position}")

    def _resync(self, st, voyages, record, failure) -> list:
        """After a day the rules do not explain, go on from what the save says (so later days are
        still checked): the branches that explain all of the day but what failed, as many as are found
        soon, with the save's values."""
        loose = search.Record(turn=record.turn, inputs=record.inputs, optional=record.optional | {failure.key},
                              narrow=record.narrow, checks={k: v for k, v in record.checks.items() if k != failure.key},
                              partial={k: v for k, v in record.partial.items() if k != failure.key},
                              order=record.order, until=record.until)
        ends = list(islice((v for v in search.walk(eng, voyages, loose, budget=RESYNC_STEPS) if not v.over), RESYNC_ENDS))
        return [self._forced(v, st) for v in ends] or [self._forced(evolve(v, step=0), st) for v in voyages]

    def _forced(self, v, st):
        drawn = tuple((lab, st.terrain[lab]) for lab in st.mapped_on)
        return eng.as_recorded(v, st.position, st.values, tuple(st.flags["sailors"].values()), drawn, st.day)

    # --- the end of a day --------------------------------------------------------------------------

    def end_of_day(self, st):
        ends = self._today(st).get("ends") or st.flags["voyages"]
        overs = {v.over for v in ends}
        if ends and None not in overs and len({o[0] for o in overs}) == 1:
            return min(overs)
        return None

    def claimed(self, st, recorded):
        """A recorded result some ending of the last day gives (a drift off the map, unrolled)."""
        ends = self._today(st).get("ends") or ()
        if len(ends) == 1 and st.flags["days"].tip is ends[0]:  # the line's one end: the day's others too
            ends = st.flags["days"].last_ends()
        fits = sorted(v.over for v in ends if v.over and v.over[0] == recorded)
        return fits[0] if fits else None

    def facts(self, st, record) -> tuple[str, ...]:
        today = self._today(st)
        weather = today.get("weather_key")
        out = [WEATHER_NAMES.get(weather, "")]
        if record["moved"]:
            out.append("sailed to " + ", ".join(record["moved"]))
        else:
            out.append(f"at {record['start']}")
        for m in st.marks:
            if m.day == record["day"] and m.kind == "island":
                out.append(f"landed on a {m.get('size')} island" + (" (natives)" if m.get("natives") else ""))
        sea = sum(1 for _, t in record["mapped"] if t == "sea")
        if sea:
            out.append(f"{sea} sea")
        for lab, t in record["mapped"]:
            if t != "sea":
                out.append(f"{t.replace('-', ' ')} {lab}")
        for key in ("healed", "wounded", "lost"):
            who = [w for w, _ in today.get(key, ([], None))[0]]
            if who:
                out.append(f"{key}: {', '.join(who)}")
        return tuple(o for o in out if o)

    def extra(self, st, values):
        return tuple(sorted((k, v) for k, v in values.items()))

    def score(self, st, result) -> list[tuple[str, int]]:
        over = (result, "") if result in ("won", "lost") else None
        return list(eng.score(evolve(st.flags["voyages"][0], over=over)))


def today_summary(today: dict) -> str:
    rule = CREW.weather(today["weather_key"])
    parts = [rule.name]
    if today.get("healed", ([], None))[0]:
        parts.append("healing")
    if today.get("gathered", ({}, None))[0]:
        parts.append("gathering")
    if today.get("shoals"):
        parts.append(f"{today['shoals']} shoals entered")
    if today.get("rolls"):
        parts.append("with the recorded rolls")
    return ", ".join(parts)


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
    first = events[0].before
    day: dict = {"day": first.day + 1, "weather": first.weather}
    rolls: dict = {}
    orders = events[0].value
    jobs = ", ".join(f"{k}" + (f" \u00d7{n}" if n > 1 else "") for k, n in vars(orders).items() if n)
    log = [f"{CREW.weather(first.weather).name}; jobs: {jobs or 'none'}"]
    v = events[-1].state
    wounds: dict = {}
    scanned: list = []
    drawn_before = None
    for i, e in enumerate(events):
        key, value, v = e.step, e.value, e.state
        if key == "rest" and value:
            healed = [names[i] for i in e.before.resting]
            day["healed"] = healed
            log.append(f"rest and water heal {', '.join(healed)}")
        elif key == "repair" and value:
            log.append(f"repair: {value} wood into hull")
        elif key == "move":
            start = e.before.pos
            _, drifts, damage = eng.movement_plan(e.before.weather, e.before.orders, eng.at_island(e.before))
            if drifts:
                rolls["drift"] = [value]
                log.append(f"uncontrolled: drift {eng.direction(value)}")
            if damage:
                log.append(f"storm: hull -{damage}")
            moved = list(value) if not drifts else ([v.pos] if v.pos != start else [])
            if moved:
                day["moved"] = moved
            if v.over:
                log.append(v.over[1])
        elif key == "island":
            island = v.island_at(v.pos)
            rolls["island"] = [value]
            day.setdefault("marks", []).append({"island": {"hexes": list(island.hexes),
                                                           "size": island.size.split("-")[0],
                                                           "natives": island.natives}})
            log.append(f"landed on a {island.size}: roll {value}, natives {island.natives}")
        elif key == "scan":
            if drawn_before is None:
                drawn_before = len(e.before.drawn)
            if e.before.spreading:
                if value is not None:
                    rolls.setdefault("spread", []).append(value)
            else:
                rolls.setdefault("scan", []).append(list(value))
                scanned.append((eng.scan_order(e.before.gm, e.before.pos, e.before.terrain)[0], sum(value)))
            if not v.spreading:
                log += [f"scan {lab}: {total} -> {v.terrain[lab]}" for lab, total in scanned]
                scanned = []
        elif key == "gather" and value:
            day["gathered"] = got = {k: value.count(k) for k in dict.fromkeys(value)}
            log.append(f"gathered {got}")
        elif key == "natives":
            rolls.setdefault("natives", []).append(value)
        elif key == "accident" and value is not None:
            rolls["accident"] = [value]
        elif key == "weather":
            rolls.setdefault("weather", []).append(value)
            if len(v.skies) == 1 and not eng.skies_done(v):
                log.append("the watch sees the storm coming and rerolls")
        if key.endswith("wound"):
            wounds.setdefault(key, [e.before, v])[1] = v
        if key in ("natives", "gift", "natives wound") and _encounter_done(events, i):
            effect = v.effect.partition(":")[0] or "wound"
            goods = v.goods
            log.append(f"natives: {rolls['natives']} with {goods} goods -> {effect}")
    if drawn_before is not None:
        mapped = {lab: v.terrain[lab] for lab, _ in v.drawn[drawn_before:]}
        if mapped:
            day["mapped"] = mapped
    for key in ("natives wound", "drink wound", "eat wound", "accident wound"):
        if key in wounds:
            _wounds(*wounds[key], day, names)
    day["resources"] = {k: v.value(k) for k in KEYS}
    if rolls:
        day["rolls"] = rolls
    day["log"] = log
    return day


def _encounter_done(events, i: int) -> bool:
    """Is event `i` the last of today's encounter (its rolls, the gift and the wounds it dealt)?"""
    nxt = events[i + 1].step if i + 1 < len(events) else None
    return nxt not in ("natives", "gift", "natives wound")


def _wounds(before, after, day, names) -> None:
    for i, (a, b) in enumerate(zip(before.sailors, after.sailors)):
        if a == b:
            continue
        if b == eng.WOUNDED or a == eng.WELL:
            day.setdefault("wounded", []).append(names[i])
        if b == eng.DEAD:
            day.setdefault("lost", []).append(names[i])
            day.setdefault("marks", []).append({"burial": after.pos})
