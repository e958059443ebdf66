"""1672: The Lost Crew: what a save may record, and each day replayed through the engine.

Terrains (in `mapped`): sea, shoals, small-island, medium-island, large-island. Marks: sea and
shoals (another way to write a hex coloured that day), island {hexes, size, natives, roll} when the
sloop lands on a new island, burial (hex). Day fields: weather (today's), wounded, healed and lost
(sailors' names), gathered {water, food, wood} from the island, rolls {phase key: die faces}.
Setup: sailors (their names).

A day is checked against the engine (lostprint.engine.lost_crew). What does not depend on dice is
checked exactly: the moves the weather and crew allow, storm and shoals damage, healing, drinking,
eating, scanning every blank neighbour, gathering only what the island holds. What the dice decide
is checked exactly when the day records its `rolls:`, and otherwise against every result some legal
roll could give. The sailors' jobs are not recorded: a day is legal when some assignment of the well
sailors to the task slots explains it.

The other way round, `save_of` writes a voyage the driver played (lostprint.engine.drive) as a save.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from lostprint.engine import lost_crew as eng
from lostprint.files import line_of
from lostprint.games.lost_crew import ISLAND_SUPPLIES, slot_count
from lostprint.games.lost_crew import RULES as CREW
from lostprint.saves.rules import At, Event, LostRules, Mark, State, slug

WEATHER_NAMES = {w.key: w.name for w in CREW.weathers}
WEATHER_KEYS = {slug(w.name): w.key for w in CREW.weathers} | {w.key: w.key for w in CREW.weathers}
SIZES = {key.replace("-island", ""): key for key, _ in CREW.island_bonus}
ROLLS = {r.key: r for r in CREW.rolls}
DEFAULT_SAILORS = tuple(f"sailor {i + 1}" for i in range(CREW.sailors))
KEYS = ("water", "food", "hull", "wood")


def is_island(terrain: str | None) -> bool:
    return eng.is_island(terrain)


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
        home = st.game_map.start
        st.flags.update(sailors={n: "well" for n in sailors}, weather=CREW.start_weather, expect=None,
                        islands=[{"hexes": (home,), "size": st.terrain.get(home), "natives": False,
                                  "hyp": {(0, False)}, "taken": {k: 0 for k in ISLAND_SUPPLIES}, "home": True}],
                        left=set(), burials=0, deaths=0)

    def enters_unmapped(self, st, label) -> bool:
        return True  # ⌂ it stays uncoloured: open water until scanned

    def sailor_names(self, st: State) -> list[str]:
        return list(st.flags["sailors"])

    def island_at(self, st, label):
        return next((i for i in st.flags["islands"] if label in i["hexes"]), None)

    # --- day fields --------------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        from lostprint.files.fields import Reader

        rd = Reader(problems, st.game_map)
        today = st.flags.setdefault("today", {"day": st.day})
        if today["day"] != st.day:
            today.clear()
            today["day"] = st.day
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
            total = sum(n for n, _ in got.values())
            if total > slot_count("gather"):
                problems.add(at, f"{total} gathered: one per sailor, and Gather has {slot_count('gather')} places")
                return
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
                if roll.dice > 1:
                    group = rd.listing(item, iat, f"{roll.dice} die faces, like [3, 5]")
                    if group is None:
                        return None
                    if len(group) != roll.dice:
                        rd.error(iat, f"{roll.key} rolls {roll.dice} dice at a time, not {len(group)}")
                        return None
                    got = [rd.integer(x, At(line_of(group, j), f"{iat.field}[{j}]"),
                                      eng.FACES[0], eng.FACES[-1]) for j, x in enumerate(group)]
                    if None in got:
                        return None
                    faces.append(tuple(got))
                else:
                    face = rd.integer(item, iat, eng.FACES[0], eng.FACES[-1])
                    if face is None:
                        return None
                    faces.append(face)
            if not faces:
                rd.error(kat, "no faces")
                return None
            if roll.per == "day" and len(faces) != 1:
                rd.error(kat, f"{roll.key} is one roll a day, not {len(faces)}")
                return None
            out[key] = (tuple(faces), kat)
        return out

    def apply_crew(self, st: State, today: dict, problems) -> None:
        """Healed first (Rest, phase 2: every resting sailor), then wounds, then deaths."""
        sailors = st.flags["sailors"]
        healed, hat = today.get("healed", ([], None))
        if healed:
            resting = sorted(n for n, s in sailors.items() if s == "wounded")
            if sorted(w for w, _ in healed) != resting and all(sailors[w] == "wounded" for w, _ in healed):
                problems.add(hat, f"one Water heals every resting sailor ({', '.join(resting)}), not some of them")
        for who, iat in healed:
            if sailors[who] != "wounded":
                problems.add(iat, f"{who} is {sailors[who]}: only a wounded sailor can be healed")
                continue
            sailors[who] = "well"
        lost = [w for w, _ in today.get("lost", ([], None))[0]]
        for who, iat in today.get("wounded", ([], None))[0]:
            if sailors[who] == "dead":
                problems.add(iat, f"{who} died before day {st.day}")
                continue
            if sailors[who] == "wounded":
                if who not in lost:
                    problems.add(iat, f"{who} was already wounded: a second wound kills (add {who} to lost)")
                continue
            sailors[who] = "wounded"
            st.events.append(Event(st.day, "wound", f"{who} wounded"))
        for who, iat in today.get("lost", ([], None))[0]:
            if sailors[who] != "wounded":
                problems.add(iat, f"{who} is {sailors[who]}: a sailor dies of a second wound, so list the first "
                                  "wound on an earlier day (or under wounded today)")
                continue
            sailors[who] = "dead"
            st.flags["deaths"] += 1
            st.events.append(Event(st.day, "dead", f"{who} lost"))

    # --- mapping and moving ------------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        self._today(st).setdefault("drawn_at", {})[label] = at

    def check_move(self, st, a, b, at, problems) -> None:
        here = self.island_at(st, a)
        if here is not None and b not in here["hexes"]:
            st.flags["left"].update(here["hexes"])

    # --- marks -------------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):
        from lostprint.files.fields import Reader

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
        if any(self.island_at(st, lab) for lab in hexes):
            problems.add(at, "this island was landed on before: its contents are rolled once")
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
        start_sailors = dict(st.flags["sailors"])
        today["start_sailors"] = start_sailors
        self.apply_crew(st, today, problems)
        if st.flags["burials"] > st.flags["deaths"]:
            problems.add(at, f"{st.flags['burials']} burials for {st.flags['deaths']} sailors lost")
            st.flags["burials"] = st.flags["deaths"]
        day_at = At(at.line, at.field.rpartition(".")[0])
        rolls = today.get("rolls") or {}
        # the weather: day 1 starts in the set-up weather; later days follow the last roll
        weather, wat = today.get("weather", (None, day_at))
        expect = st.flags.get("expect")
        if st.day == 1 and weather not in (None, CREW.start_weather):
            problems.add(wat, f"day 1 is sailed in {WEATHER_NAMES[CREW.start_weather]} (the set-up weather), "
                              f"not {WEATHER_NAMES[weather]}")
        elif expect and weather and weather != expect:
            problems.add(wat, f"{WEATHER_NAMES[weather]}, but yesterday's weather roll gave {WEATHER_NAMES[expect]}")
        weather = weather or expect or st.flags["weather"]
        st.flags["weather"] = weather
        st.flags["expect"] = None
        watch = rolls.get("weather")
        if watch is not None:  # tomorrow's weather, checked on the next day
            try:
                st.flags["expect"] = eng.next_weather(weather, watch[0], len(watch[0]) > 1)
            except eng.Illegal as exc:
                problems.add(watch[1], str(exc))
        if weather == "storm":
            st.events.append(Event(st.day, "storm", "storm"))
        today["weather_key"] = weather
        moves_at = At(day_at.line, f"{day_at.field}.moved")
        self._movement(st, today, rolls, problems, moves_at)
        if today.get("bad"):
            return
        self._landing(st, today, rolls, problems, day_at)
        self._scan(st, today, rolls, problems, day_at)
        self._gathering(st, today, problems)

    def _terrain_at_sea(self, st, label):
        """A hex's terrain during phase 4: hexes drawn today were still blank."""
        return None if st.mapped_on.get(label) == st.day else st.terrain.get(label)

    def _movement(self, st, today, rolls, problems, at) -> None:
        """Which crews and drifts explain the day's moves: options of (sailors, hull damage, ends)."""
        gm = st.game_map
        rule = CREW.weather(today["weather_key"])
        start = st.day_start
        moves = st.day_hexes[1:]
        at_island = is_island(self._terrain_at_sea(st, start))
        drift = rolls.get("drift")
        exits = eng.exits(gm)
        for i, lab in enumerate(moves[:-1]):
            if lab in exits:
                problems.add(at, f"the sloop reached the exit {lab}: the game was won, no more moves")
                today["bad"] = True
                return
        won = bool(moves) and moves[-1] in exits
        options = []  # (sailors, damage, ends)
        crews = []
        if rule.storm:
            if at_island:
                crews.append(eng.Orders(anchorage=True))
            crews += [eng.Orders(movement=m, tacking=t) for m in (False, True) for t in (False, True)]
        else:
            crews = [eng.Orders(), eng.Orders(**{c: True for c in rule.crew})]
        target = None
        if drift is not None:
            target = eng.toward(gm, start, drift[0][0])
        for orders in crews:
            steps, drifts, damage = eng.movement_plan(rule.key, orders, at_island)
            if drifts:
                if drift is not None:
                    ok = (moves == [target]) if target else not moves
                else:
                    ok = len(moves) == 1 or (not moves and self._edge(gm, start))
                if ok:
                    options.append((orders.sailors, damage, "won" if won else "off" if not moves else ""))
            elif drift is None and len(moves) <= steps:
                options.append((orders.sailors if steps else 0, damage, "won" if won else ""))
        options = sorted(set(options))
        if not options:
            if drift is not None:
                where = f"{eng.direction(drift[0][0])} to {target}" if target else \
                    f"{eng.direction(drift[0][0])}, off the map"
                if any(eng.movement_plan(rule.key, o, at_island)[1] for o in crews):
                    problems.add(at, f"the drift roll {drift[0][0]} carries the sloop {where}, not "
                                     f"{' '.join(moves) or 'nowhere'}")
                else:
                    problems.add(drift[1], f"in {rule.name} a crewed sloop does not drift: no drift roll")
            else:
                most = max((eng.movement_plan(rule.key, o, at_island)[0] for o in crews), default=0)
                drifts = any(eng.movement_plan(rule.key, o, at_island)[1] for o in crews)
                problems.add(at, f"{len(moves)} hexes in {rule.name}: at most {most}"
                                 + (" steered, or exactly 1 adrift" if drifts else ""))
            today["bad"] = True
            return
        island = self.island_at(st, start)
        hostile = island is not None and island["natives"] and any(h for _, h in island["hyp"])
        if hostile and rule.steps and self._well_at_dawn(today) >= len(rule.crew):
            steered = [o for o in options if o[0] == len(rule.crew) and not (moves[-1:] or [start])[-1]
                       in island["hexes"]]
            if not steered and any(not h for _, h in island["hyp"]):  # so they did not turn hostile
                island["hyp"] = {(f, h) for f, h in island["hyp"] if not h}
            elif not steered:
                problems.add(at, f"the natives of the island at {start} turned hostile: the sloop must leave it "
                                 f"(⌂ the first day the weather lets it), and in {rule.name} a crew on "
                                 f"{' and '.join(c.title() for c in rule.crew)} sails up to {rule.steps} "
                                 f"hex{'es' * (rule.steps > 1)}")
                today["bad"] = True
                return
            elif all(h for _, h in island["hyp"]):
                options = steered
        today["moves"] = options
        today["won"] = won
        today["shoals"] = sum(1 for lab in moves if self._terrain_at_sea(st, lab) == "shoals")

    def _well_at_dawn(self, today) -> int:
        return sum(1 for s in today["start_sailors"].values() if s == "well")

    def _edge(self, gm, label) -> bool:
        return len(gm.neighbors(label)) < len(eng.FACES)

    def _landing(self, st, today, rolls, problems, day_at) -> None:
        end = st.position
        mark = today.get("island")
        terrain = self._terrain_at_sea(st, end)
        fresh = is_island(terrain) and not self.island_at(st, end) and not today.get("won")
        if mark is None:
            if fresh and st.day_hexes[1:]:
                problems.add(At(day_at.line, f"{day_at.field}.marks"),
                             f"the sloop ended its move at a new {terrain.replace('-', ' ')} ({end}): record the "
                             "landing as {island: {hexes, size, natives}} and its roll")
            return
        if end not in mark["hexes"] or not fresh:
            problems.add(mark["at"], f"an island is rolled on ending a move at a new one; the sloop ended day "
                                     f"{st.day} at {end}")
            return
        rolled = rolls.get("island")
        face = mark["roll"]
        if rolled is not None:
            if face is not None and face != rolled[0][0]:
                problems.add(mark["roll_at"], f"{face}, but rolls.island says {rolled[0][0]}")
                return
            face = rolled[0][0]
        bonus = CREW.bonus(mark["size"])
        faces = [face] if face is not None else list(eng.FACES)
        hyp = {(f, False) for f in faces if CREW.island(f + bonus).natives == mark["natives"]}
        if not hyp:
            total = face + bonus
            problems.add(mark["roll_at"] if mark["roll"] is not None else mark["at"],
                         f"{face} + {bonus} = {total}: " + (f"natives live there ({min(b.low for b in CREW.islands if b.natives)}+)"
                                                             if CREW.island(total).natives
                                                             else "no natives on this roll"))
            return
        st.flags["islands"].append({"hexes": mark["hexes"], "size": mark["size"], "natives": mark["natives"],
                                    "hyp": hyp, "taken": {k: 0 for k in ISLAND_SUPPLIES}})

    def _scan(self, st, today, rolls, problems, day_at) -> None:
        gm = st.game_map
        drawn = {lab: st.terrain[lab] for lab, d in st.mapped_on.items() if d == st.day}
        where = today.get("drawn_at", {})
        mapped_at = At(day_at.line, f"{day_at.field}.mapped")
        scanned = rolls.get("scan")
        if not drawn:
            today["scanners"] = (0,)
            if scanned is not None:
                problems.add(scanned[1], "scan rolls, but no hex was coloured today")
                today["bad"] = True
            return
        first = sorted(drawn, key=lambda lab: where.get(lab, mapped_at).line)[0]
        if today.get("won") or st.ended:
            problems.add(where.get(first, mapped_at), "the game was over in phase 4: nothing is scanned after it")
            today["bad"] = True
            return
        before = {lab: t for lab, t in st.terrain.items() if lab not in drawn}
        blank = eng.scan_order(gm, st.position, before)
        for lab in drawn:
            if lab not in blank and (drawn[lab] != "large-island" or lab == st.position):
                problems.add(where.get(lab, mapped_at),
                             f"{lab} is not next to the sloop at {st.position} on day {st.day} (Scan Horizon colours "
                             "the hexes around it; a large island's second hex touches its first)")
                today["bad"] = True
                return
        if scanned is not None:
            self._scan_exact(st, today, rolls, problems, drawn, before, where, mapped_at)
            return
        today["scanners"] = tuple(range(1, slot_count("scan") + 1))
        larges = [lab for lab in drawn if drawn[lab] == "large-island"]
        missing = [lab for lab in blank if lab not in drawn]
        if missing:
            problems.add(mapped_at, f"Scan Horizon colours every blank hex around {st.position}: "
                                    f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
            today["bad"] = True
            return
        if not _pairs(gm, larges, set(blank)):
            lab = larges[0]
            problems.add(where.get(lab, mapped_at), "a large island covers two touching hexes, one of them scanned: "
                                                    f"{', '.join(larges)} cannot be paired that way")
            today["bad"] = True

    def _scan_exact(self, st, today, rolls, problems, drawn, before, where, mapped_at) -> None:
        gm = st.game_map
        pairs, pat = rolls["scan"]
        spreads, sat = rolls.get("spread", ((), None))
        ok = []
        results = []
        for scanners in range(1, slot_count("scan") + 1):
            v = eng.Voyage(gm=gm, pos=st.position, weather=today["weather_key"], stores=(0,) * (eng.N + 1), terrain=before)
            got, why = _replay_scan(v, gm, pairs, spreads, scanners)
            results.append((scanners, got, why))
            if why is None and got == drawn:
                ok.append(scanners)
        if ok:
            today["scanners"] = tuple(ok)
            return
        # the reading nearest the record: fewest hexes that differ (then fewest sailors)
        def distance(result):
            count, coloured, problem = result
            return problem is not None, sum(coloured.get(lab) != drawn.get(lab) for lab in set(coloured) | set(drawn)), count

        scanners, got, why = min(results, key=distance)
        if why:
            problems.add(pat if "scan" in why else sat or pat, why)
        else:
            for lab in sorted(set(got) | set(drawn), key=lambda x: where.get(x, mapped_at).line):
                if got.get(lab) != drawn.get(lab):
                    problems.add(where.get(lab, mapped_at),
                                 f"the scan rolls make {lab} {got.get(lab) or 'not coloured'}, not "
                                 f"{drawn.get(lab) or 'coloured'}")
                    break
        today["bad"] = True

    def _gathering(self, st, today, problems) -> None:
        got, gat = today.get("gathered", ({}, None))
        today["gatherers"] = sum(n for n, _ in got.values())
        if not got:
            return
        here = st.position
        island = self.island_at(st, here)
        if not is_island(self._terrain_at_sea(st, st.day_start)):
            problems.add(gat, f"sailors go to Gather in phase 1, and only at an island hex: the sloop began day "
                              f"{st.day} at sea at {st.day_start}")
        elif today.get("won"):
            problems.add(gat, "the game was over in phase 4: nothing is gathered after it")
        elif island is None or not is_island(st.terrain.get(here)):
            problems.add(gat, f"resources are gathered on an island; {here} is "
                              f"{self._terrain_at_sea(st, here) or 'not coloured'}")
        elif island.get("home"):
            problems.add(gat, "the starting island gives nothing to gather (\u2302)")
        elif here in st.flags["left"]:
            problems.add(gat, f"the sloop left {here} before: an island is never gathered twice")
        else:
            taken = {k: island["taken"][k] + got.get(k, (0, None))[0] for k in ISLAND_SUPPLIES}
            hyp = {(f, h) for f, h in island["hyp"] if not h and _holds(island["size"], f, taken)}
            if hyp:
                island["taken"] = taken
                island["hyp"] = hyp
                return
            if not any(not h for _, h in island["hyp"]):
                problems.add(gat, "the natives turned hostile: nobody gathers on this island again (\u2302)")
                today["bad"] = True
                return
            for key in ISLAND_SUPPLIES:
                if key in got and not any(_holds(island["size"], f, {key: taken[key]}) for f, _ in island["hyp"]):
                    faces = sorted({f for f, _ in island["hyp"]})
                    most = max(_cubes(island["size"], f)[key] for f in faces)
                    what = f"its roll {faces[0]}" if len(faces) == 1 else "any roll of its size and natives"
                    problems.add(got[key][1], f"{taken[key]} {key} taken from this island, but {what} "
                                              f"gives at most {most} {key.title()}")
                    break
            else:
                problems.add(gat, "no single roll of this island holds everything gathered from it")
        today["bad"] = True

    def check_resources(self, st, before, at, problems) -> None:
        today = self._today(st)
        if today.get("bad") or "moves" not in today:
            return
        rolls = today.get("rolls") or {}
        day_at = At(at.line, at.field.rpartition(".")[0])
        start_sailors = today["start_sailors"]
        well = sum(1 for s in start_sailors.values() if s == "well")
        healing = bool(today.get("healed", ([], None))[0])
        statuses = tuple(eng.WELL if s == "well" or (s == "wounded" and healing) else
                         eng.WOUNDED if s == "wounded" else eng.DEAD for s in start_sailors.values())
        wounds = len(today.get("wounded", ([], None))[0]) + len(today.get("lost", ([], None))[0])
        island = self.island_at(st, st.position)
        hostile_now = {h for _, h in island["hyp"]} if island and island["natives"] else set()
        want = tuple(before[k] for k in KEYS)
        got = tuple(st.values[k] for k in KEYS) + (wounds,)
        results = {}
        for hostile in sorted(hostile_now) or [None]:
            ctx = Day(weather=today["weather_key"], moves=today["moves"], shoals=today["shoals"],
                      heal=bool(today.get("healed", ([], None))[0]),
                      gathered=tuple(k for k, (n, _) in today.get("gathered", ({}, None))[0].items() for _ in range(n)),
                      gatherers=today["gatherers"], scanners=today["scanners"],
                      natives=hostile is False and not today.get("won"),
                      rolls={k: v for k, (v, _) in rolls.items()}, kill=eng.kill_all(statuses), wounds=wounds)
            results[hostile] = day_outcomes(want, ctx, got)
        ends = {}
        for hostile, finals in results.items():
            for state, used, ended, turned in finals:
                if state == got and used <= well:
                    ends.setdefault(hostile, set()).add((ended, turned))
        if not ends:
            full = {h: day_outcomes(want, replace(ctx, natives=h is False and not today.get("won")))
                    for h in results}
            self._explain(full, got, well, want, today, problems, day_at, at)
            return
        if island and island["natives"]:
            nxt = set()
            for f, h in island["hyp"]:
                for ended, turned in ends.get(h, ()):
                    nxt.add((f, h or turned))
            island["hyp"] = nxt or island["hyp"]
        endings = {e for s in ends.values() for e, _ in s}
        today["endings"] = endings
        watch = rolls.get("weather")
        if watch is not None and not (endings - {"won", "off", "dead", "sank"}):
            problems.add(watch[1], "the game was over before phase 11: no weather roll")

    def _explain(self, results, got, well, start, today, problems, day_at, at) -> None:
        finals = [(s, u) for fin in results.values() for s, u, _, _ in fin]
        healed = today.get("healed", ([], None))
        if healed[0] and start[0] < CREW.rest_water:
            problems.add(healed[1], f"healing costs {CREW.rest_water} Water and there was {start[0]}")
            return
        fits = [u for s, u in finals if s == got]
        if fits:
            problems.add(day_at, f"this day needs {min(fits)} sailors on tasks, and only {well} are well")
            return
        for i, key in enumerate(KEYS):
            values = {s[i] for s, _ in finals}
            if got[i] not in values:
                problems.add(At(at.line, f"{at.field}.{key}"),
                             f"{got[i]}, but the rules allow {_span(values)} {key} at the end of this day "
                             f"(it began at {start[i]}; {today_summary(today)})")
                return
        values = {s[eng.N] for s, _ in finals}
        if got[eng.N] not in values:
            where = today.get("wounded", today.get("lost", (None, day_at)))[1] or day_at
            problems.add(where, f"{got[eng.N]} wound{'s' * (got[eng.N] != 1)} recorded today (wounded + lost), but the rules "
                                f"give {_span(values)} ({today_summary(today)})")
            return
        problems.add(at, f"no one day explains these values together ({today_summary(today)})")

    # --- the end of a day --------------------------------------------------------------------------

    def end_of_day(self, st):
        today = self._today(st)
        if st.position in eng.exits(st.game_map):
            return "won", "reached the open sea beyond the exit"
        if all(v == "dead" for v in st.flags["sailors"].values()):
            return "lost", "the last sailor died"
        endings = today.get("endings", set())
        if endings and endings <= {"off"}:
            return "lost", "drifted off the map"
        if st.values["hull"] == 0 and "off" not in endings:
            return "lost", "the sloop sank"
        if endings == {"off", "sank"} or endings == {"sank"}:
            return "lost", "the sloop sank"
        return None

    def claimed(self, st, recorded):
        if recorded == "lost" and "off" in self._today(st).get("endings", set()):
            return "lost", "drifted off the map"
        return None

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
        out = [("hexes mapped", len(st.mapped_on) * CREW.score_per_hex)]
        if result == "won":
            islands = len({m.hexes for m in st.marks if m.kind == "island"})
            out.append((f"island{'s' * (islands != 1)} visited", islands * CREW.score_per_island))
        return out


# --- what a day can do to the stores ----------------------------------------------------------------



@dataclass(frozen=True)
class Day:
    """What the save fixes about a day; the rest (jobs, Goods, gifts, unknown dice) is searched."""

    weather: str
    moves: tuple  # (sailors, hull damage, "won" / "off" / "") for each crew that explains the moves
    shoals: int
    heal: bool
    gathered: tuple[str, ...]
    gatherers: int
    scanners: tuple[int, ...]
    natives: bool
    rolls: dict
    kill: int  # wounds that would kill every sailor
    wounds: int  # wounds recorded (a bound on the search)


def day_outcomes(start: tuple, day: Day, want: tuple | None = None) -> set:
    """Every (stores, sailors used, how it ended, natives turned hostile) the day's phases can give.
    `ended`: "" (the day ran to its end), "won", "off" (drifted off the map), "dead", "sank".
    With `want` (the recorded end stores), branches that cannot reach it are cut early: Hull and
    Wood no longer change after phase 7, and wounds never heal within a day."""
    rule = CREW.weather(day.weather)
    finals = set()
    s0 = tuple(start) + (0,)
    try:
        s0 = eng.rest_stores(s0, day.heal)
    except eng.Illegal:
        return finals
    weather_roll = day.rolls.get("weather")
    watch_used = 1 if weather_roll and len(weather_roll) > 1 else 0
    base = day.gatherers + watch_used
    states = set()
    for wood in range(0, s0[eng.D] + 1):
        try:
            s = eng.repair_stores(s0, wood)
        except eng.Illegal:
            break
        for sailors, damage, ends in day.moves:
            for scanners in day.scanners:
                states.add((s, base + (wood > 0) + sailors + scanners, damage, ends))
    mid = set()
    for s, used, damage, ends in states:
        s = eng.damage_stores(s, damage)
        for _ in range(day.shoals):
            s = eng.damage_stores(s, CREW.shoals_damage)
        if ends:
            finals.add((s, used, ends, False))
            continue
        for key in day.gathered:
            s = eng.gain_stores(s, key, CREW.gather_per_sailor)
        mid.add((s, used))
    after_natives = set()
    faces = day.rolls.get("natives")
    for s, used in mid:
        if not day.natives:
            after_natives.add((s, used, False))
            continue
        goods_range = range(0, s[eng.H] // CREW.good_hull + 1)
        if want is not None:
            spent = s[eng.H] - want[eng.H]
            goods_range = [spent // CREW.good_hull] if spent >= 0 and spent % CREW.good_hull == 0 else []
        for goods in goods_range:
            for seq in ([tuple(faces)] if faces else _encounters(goods, day.wounds)):
                for gift in ISLAND_SUPPLIES:
                    try:
                        out, effect = eng.natives_stores(s, goods, seq, gift, stop=day.kill)
                    except eng.Illegal:
                        continue
                    if out[eng.N] >= day.kill:
                        finals.add((out, used, "dead", False))
                    else:
                        after_natives.add((out, used, effect == "hostile"))
                    if effect != "friendly":
                        break
    if want is not None:
        after_natives = {(s, u, t) for s, u, t in after_natives
                         if s[eng.H] == want[eng.H] and s[eng.D] == want[eng.D] and s[eng.N] <= want[eng.N]}
    for s, used, turned in after_natives:
        for drinker in ((False, True) if not rule.drink else (False,)):
            s8 = eng.drink_stores(s, day.weather, drinker)
            if s8[eng.N] >= day.kill:
                finals.add((s8, used + drinker, "dead", turned))
                continue
            for fish in ((False, True) if rule.fish else (False,)):
                s9 = eng.eat_stores(s8, day.weather, fish)
                u = used + drinker + fish
                if s9[eng.N] >= day.kill:
                    finals.add((s9, u, "dead", turned))
                    continue
                if s9[eng.H] == 0:
                    finals.add((s9, u, "sank", turned))
                    continue
                acc = day.rolls.get("accident")
                hits = {eng.accident_wounds(s9[eng.H], acc[0])} if acc else \
                    {eng.accident_wounds(s9[eng.H], eng.FACES[0]), eng.accident_wounds(s9[eng.H], eng.FACES[-1])}
                for hit in hits:
                    s10 = s9[:eng.N] + (s9[eng.N] + hit,)
                    finals.add((s10, u, "dead" if s10[eng.N] >= day.kill else "", turned))
    return finals


def _encounters(goods: int, wounds: int):
    """Every sequence of encounter faces with `goods` Goods: wounds (rolling again) then a result."""
    wound_faces = [f for f in eng.FACES if eng.encounter_at(f + goods * CREW.good_bonus).effect == "wound"]
    last = {}
    for f in eng.FACES:
        last.setdefault(eng.encounter_at(f + goods * CREW.good_bonus).effect, f)
    finals = [f for e, f in last.items() if e != "wound"]
    for k in range(0, (wounds if wound_faces else 0) + 1):
        head = (wound_faces[0],) * k if wound_faces else ()
        for f in finals:
            yield head + (f,)
        if k and wound_faces:
            yield head  # the last sailor died on the k-th wound


def _cubes(size: str, face: int) -> dict:
    _, cubes, _ = eng.island_cubes(size, face)
    return {k: (math.inf if n is None else n) for k, n in zip(ISLAND_SUPPLIES, cubes)}


def _holds(size: str, face: int, taken: dict) -> bool:
    if not face:
        return not any(taken.values())
    cubes = _cubes(size, face)
    return all(taken[k] <= cubes[k] for k in taken)


def _pairs(gm, larges: list[str], scanned: set) -> bool:
    """Can the large-island hexes be split into touching pairs, each with a scanned hex?"""
    if not larges:
        return True
    first, rest = larges[0], larges[1:]
    for other in rest:
        if other in gm.neighbors(first) and (first in scanned or other in scanned):
            if _pairs(gm, [x for x in rest if x != other], scanned):
                return True
    return False


def _replay_scan(v, gm, pairs, spreads, scanners):
    """The hexes the recorded scan and spread rolls colour: ({hex: terrain}, problem or None)."""
    drawn = {}
    pairs, spreads = list(pairs), list(spreads)
    for lab in eng.scan_order(gm, v.pos, v.terrain):
        if lab in v.terrain:
            continue
        if not pairs:
            return drawn, f"scan: {lab} is blank too and needs a roll (northmost first)"
        v = eng.scan_hex(v, lab, pairs.pop(0), scanners)
        drawn[lab] = v.terrain[lab]
        if v.terrain[lab] == "large-island":
            placed = False
            while not placed:
                face = None
                if eng.spread_options(gm, lab, v.pos, v.terrain):
                    if not spreads:
                        return drawn, f"spread: the large island at {lab} needs a Direction roll for its second hex"
                    face = spreads.pop(0)
                v, placed = eng.spread(v, lab, face)
                drawn[lab] = v.terrain[lab]
                if placed and face is not None:
                    target = eng.toward(gm, lab, face)
                    drawn[target] = v.terrain[target]
    if pairs:
        return drawn, f"scan: {len(pairs)} more roll{'s' * (len(pairs) > 1)} than blank hexes"
    if spreads:
        return drawn, f"spread: {len(spreads)} more roll{'s' * (len(spreads) > 1)} than large islands need"
    return drawn, None


def today_summary(today: dict) -> str:
    rule = CREW.weather(today["weather_key"])
    parts = [rule.name]
    if today.get("shoals"):
        parts.append(f"{today['shoals']} shoals entered")
    if today.get("healed", ([], None))[0]:
        parts.append("healing")
    if today.get("gathered", ({}, None))[0]:
        parts.append("gathering")
    if today.get("rolls"):
        parts.append("with the recorded rolls")
    return ", ".join(parts)


RULES = Rules1672()


# --- the transcript: a played voyage written as a save ----------------------------------------------


def save_of(events, final, names, standard: bool = True) -> dict:
    """A voyage the driver played (its events, lostprint.engine.drive.Event) as save data: each day's
    fields, its dice under `rolls:` and a log of what happened (for a journal writer)."""
    from lostprint.files.kinds import SAVE_FORMAT

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
            drifts = eng.movement_plan(e.before.weather, e.before.orders, eng.at_island(e.before))[1]
            if drifts:
                rolls["drift"] = [value]
                log.append(f"uncontrolled: drift {eng.direction(value)}")
            _, _, damage = eng.movement_plan(e.before.weather, e.before.orders, eng.at_island(e.before))
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
                after = v
                log += [f"scan {lab}: {total} -> {after.terrain[lab]}" for lab, total in scanned]
                scanned = []
        elif key == "gather" and value:
            got: dict = {}
            for k in value:
                got[k] = got.get(k, 0) + 1
            day["gathered"] = got
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
