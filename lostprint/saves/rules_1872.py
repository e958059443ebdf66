"""1872: The Lost Crows: what a save may record and how it is checked and scored.

Mark: plot {letter, roll, choice, outcome} on first entering a plot hex. Day fields: crows (the
terrains of the Crows coloured that day), vision {terrain, roll} (at the seventh Crow),
spirit-dancers (how many used that day), caps {resource: new maximum}.
"""
from __future__ import annotations

from lostprint.games import lost_crows_plots as plots
from lostprint.geometry import hexgrid
from lostprint.saves.loader import line_of
from lostprint.saves.rules import At, Event, LostRules, Mark, State, slug

MOVE_COST = {"plains": 1, "forest": 2, "mountains": 3}
FOOD_COST = {"plains": 2, "forest": 1, "mountains": 1}
PRIMARY = ("food", "resolve", "proximity")
CROWS_FOR_VISION = 7


def plot_hexes(gm) -> dict[str, str]:
    return {f.letter: f.hexes[0] for f in gm.features_of("plot") if f.hexes}


def fort_hexes(gm) -> set[str]:
    return {h for f in gm.features_of("fort") for h in f.hexes}


def river_edges(gm) -> set:
    from lostprint.maps.model import parse_edge

    return {parse_edge(e) for f in gm.features_of("river-edges") for e in f.edges}


def choice_matches(choice: plots.Choice, text: str, index: int) -> bool:
    return slug(text) == slug(choice.text) or slug(text) == str(index)


class Rules1872(LostRules):
    game_id = "lost-crows"
    setup_fields: dict = {}
    mark_kinds = {"plot": "{letter, roll, choice, outcome}"}
    day_fields = {
        "crows": "the terrains of the Crows coloured today",
        "vision": "{terrain, roll}: the Vision Quest at the seventh Crow",
        "spirit-dancers": "how many Spirit Dancers were used today",
        "caps": "{resource: new maximum} when a cap changes",
    }

    def begin(self, st: State) -> None:
        st.flags.update(crows=[], vision=None, dancers=0, plots={}, cost_move=dict(MOVE_COST),
                        rivers=river_edges(st.game_map), plot_hexes=plot_hexes(st.game_map),
                        fort=fort_hexes(st.game_map), claims=[])

    # --- day fields ------------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        from lostprint.saves.validate import Reader

        rd = Reader(problems, st.game_map)
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
                st.flags.setdefault("crows_today", []).append((terrain, iat))
        elif name == "vision":
            spec = rd.mapping(value, at, "{terrain: forest, roll: 4}")
            if spec is None:
                return
            rd.unknown(spec, ("terrain", "roll"), at.field, "vision field")
            if "terrain" not in spec or "roll" not in spec:
                problems.add(at, "a vision needs its terrain and its roll, like {terrain: forest, roll: 4}")
                return
            terrain = rd.text(spec["terrain"], At(line_of(spec, "terrain"), f"{at.field}.terrain"))
            roll = rd.integer(spec["roll"], At(line_of(spec, "roll"), f"{at.field}.roll"), 1, 6)
            if terrain is None or roll is None:
                return
            if slug(terrain) not in terrains:
                problems.add(At(line_of(spec, "terrain"), f"{at.field}.terrain"),
                             f"{terrain!r} is not a terrain ({', '.join(sorted(terrains))})")
                return
            st.flags["vision_today"] = (slug(terrain), roll, at)
        elif name == "spirit-dancers":
            n = rd.integer(value, at, 0, 2)
            if n:
                st.flags["dancers_today"] = (n, at)
        elif name == "caps":
            spec = rd.mapping(value, at, "{resource: new maximum}")
            if spec is None:
                return
            rd.unknown(spec, tuple(st.caps), at.field, "resource")
            for key in st.caps:
                if key in spec:
                    cap = rd.integer(spec[key], At(line_of(spec, key), f"{at.field}.{key}"), 0, 6)
                    if cap is not None:
                        st.flags.setdefault("caps_today", []).append((key, cap, At(line_of(spec, key),
                                                                                     f"{at.field}.{key}")))

    # --- mapping and moving ------------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        axial = st.game_map.axial
        d = hexgrid.distance(axial[st.day_start], axial[label])
        if d == 1:
            return
        if d == 2:
            around = [n for n in st.game_map.neighbors(st.day_start) if n not in st.flags["fort"]]
            if all(n in st.terrain for n in around):
                return
            problems.add(at, f"{label} is two hexes from {st.day_start}: allowed only once every hex next to "
                             f"{st.day_start} is mapped")
            return
        problems.add(at, f"{label} is {d} hexes from {st.day_start}, where the day began (a hex is coloured next "
                         "to the tribe, or two away when all around it are mapped)")

    def wins_on_entering(self, st, label) -> bool:
        goals = st.game_map.goals
        terrains = {st.terrain.get(g) for g in goals}
        letters = set(st.flags["plot_hexes"])
        return len(terrains) == 1 and None not in terrains and letters <= set(st.flags["plots"])

    def check_move(self, st, a, b, at, problems) -> None:
        if b in st.flags["fort"]:
            problems.add(at, f"{b} is Fort Benton: impassable")
            return
        stopped = st.flags.get("moves_today")
        if stopped:
            problems.add(at, f"the tribe stops on first entering a plot hex ({stopped[0]}): no move after it today")
            return
        letter = next((k for k, v in st.flags["plot_hexes"].items() if v == b), None)
        rolled = st.flags["plots"].get(letter)
        if letter and b not in st.visited and (rolled is None or rolled == st.day):
            st.flags["moves_today"] = [b]
            st.flags.setdefault("plot_entries", []).append((letter, b, at))

    def check_day_moves(self, st, moves, at, problems) -> None:
        cost = sum(st.flags["cost_move"][st.terrain[lab]] for lab in moves if lab in st.terrain)
        food = sum(FOOD_COST[st.terrain[lab]] for lab in moves if lab in st.terrain)
        cap = st.caps["movement"]
        if cost > cap:
            problems.add(at, f"these hexes cost {cost} Movement Progress, more than the tribe can hold ({cap})")
        if food > st.caps["food"]:
            problems.add(at, f"these hexes cost {food} Food, more than the tribe can carry ({st.caps['food']})")

    # --- marks -------------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):
        from lostprint.saves.validate import Reader

        rd = Reader(problems, st.game_map)
        spec = rd.mapping(value, at, "{letter: A, roll: 3, choice: ..., outcome: 23A}")
        if spec is None:
            return None
        rd.unknown(spec, ("letter", "roll", "choice", "outcome"), at.field, "plot field")
        if "letter" not in spec or "roll" not in spec:
            problems.add(at, "a plot needs its letter and roll, like {letter: A, roll: 3}")
            return None
        lat = At(line_of(spec, "letter"), f"{at.field}.letter")
        letter = rd.text(spec["letter"], lat)
        roll = rd.integer(spec["roll"], At(line_of(spec, "roll"), f"{at.field}.roll"), 1, 6)
        if letter is None or roll is None:
            return None
        letter = letter.strip().upper()
        hexes = st.flags["plot_hexes"]
        if letter not in hexes:
            problems.add(lat, f"{letter!r} is not a plot hex on this map ({', '.join(sorted(hexes))})")
            return None
        lab = hexes[letter]
        if letter in st.flags["plots"]:
            problems.add(lat, f"plot {letter} was rolled on day {st.flags['plots'][letter]}: once per game")
            return None
        if lab not in st.day_hexes[1:]:
            problems.add(at, f"plot {letter} is rolled on entering {lab}, and the tribe did not enter it on day "
                             f"{st.day}")
            return None
        enc = plots.encounter(f"{letter}{roll}")
        data: list = [("letter", letter), ("roll", roll), ("title", enc.title)]
        chosen = None
        if "choice" in spec:
            cat = At(line_of(spec, "choice"), f"{at.field}.choice")
            text = rd.text(spec["choice"], cat, 300)
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
            if out.new_victory:
                st.flags["claims"].append((out.code, out.title, st.day))
        elif enc.choices:
            problems.add(at, f"{enc.code} ({enc.title}) ends in an outcome: record it, like outcome: "
                             f"{enc.choices[0].outcome}")
            return None
        st.flags["plots"][letter] = st.day
        st.events.append(Event(st.day, "plot", f"plot {letter}{roll}"))
        return Mark("plot", st.day, (lab,), tuple(data))

    # --- the end of a day --------------------------------------------------------------------------

    def check_resources(self, st, before, at, problems) -> None:
        for key in st.values:
            if st.values[key] > st.caps[key]:
                problems.add(at, f"{key} is {st.values[key]}, above its maximum {st.caps[key]}")

    def before_resources(self, st, problems, at) -> None:
        day_at = at
        # plot hexes entered for the first time must be rolled the same day
        for letter, lab, eat in st.flags.pop("plot_entries", []):
            if letter not in st.flags["plots"]:
                problems.add(eat, f"{lab} is plot hex {letter}: record its roll as a mark, like "
                                  f"{{plot: {{letter: {letter}, roll: 3, outcome: ...}}}}")
        st.flags.pop("moves_today", None)
        # crows, then the vision they bring
        stood = {st.terrain.get(lab) for lab in st.day_hexes}
        for terrain, cat in st.flags.pop("crows_today", []):
            if terrain not in stood:
                problems.add(cat, f"a Crow takes the colour of the terrain the tribe stands in; it stood only in "
                                  f"{', '.join(sorted(t for t in stood if t))} on day {st.day}")
                continue
            st.flags["crows"].append((terrain, st.day))
            st.events.append(Event(st.day, "crow", f"crow ({terrain})"))
        vision = st.flags.pop("vision_today", None)
        count = len(st.flags["crows"])
        if vision is not None:
            terrain, roll, vat = vision
            tally = {}
            for t, _ in st.flags["crows"][:CROWS_FOR_VISION]:
                tally[t] = tally.get(t, 0) + 1
            if st.flags["vision"] is not None:
                problems.add(vat, f"only one Vision Quest per game (the first was on day {st.flags['vision'][2]})")
            elif count < CROWS_FOR_VISION:
                problems.add(vat, f"a Vision Quest needs {CROWS_FOR_VISION} Crows; {count} are coloured")
            elif tally.get(terrain, 0) < max(tally.values()):
                most = ", ".join(t for t, n in tally.items() if n == max(tally.values()))
                problems.add(vat, f"the vision comes from the terrain with the most Crows ({most}), not {terrain}")
            else:
                st.flags["vision"] = (terrain, roll, st.day)
                name = next(v.name for v in plots.visions(terrain) if v.roll == roll)
                st.events.append(Event(st.day, "vision", f"vision: {name}"))
                if (terrain, roll) == ("forest", 5):
                    st.flags["cost_move"]["forest"] = 1
                if (terrain, roll) == ("mountains", 2):
                    st.flags["cost_move"]["mountains"] = 1
        elif count >= CROWS_FOR_VISION and st.flags["vision"] is None:
            problems.add(day_at, f"the seventh Crow brings the Vision Quest: record vision: {{terrain, roll}} on "
                                 f"day {st.day}")
            st.flags["vision"] = ("?", 0, st.day)
        # spirit dancers
        dancers = st.flags.pop("dancers_today", None)
        if dancers is not None:
            n, dat = dancers
            storm = st.flags["vision"] and st.flags["vision"][:2] == ("mountains", 3)
            if storm and st.flags["vision"][2] < st.day:
                if n > 1 or st.terrain.get(st.day_start) != "mountains":
                    problems.add(dat, "with Storm Dancers, one die a turn and only in the Mountains")
            elif st.flags["dancers"] + n > 2:
                problems.add(dat, f"only two Spirit Dancers per game ({st.flags['dancers']} used before today)")
            else:
                st.flags["dancers"] += n
                st.events.append(Event(st.day, "dancer", "spirit dancer"))
        # caps
        vision_today = st.flags["vision"] if st.flags["vision"] and st.flags["vision"][2] == st.day else None
        for key, cap, cat in st.flags.pop("caps_today", []):
            old = st.caps[key]
            if cap > old:
                ok = vision_today is not None and (
                    vision_today[:2] == ("forest", 2) or (vision_today[:2] == ("plains", 2) and key == "food"))
                if not ok or cap != 6:
                    problems.add(cat, f"a maximum only rises with a vision that restores it (it was {old})")
                    continue
            elif cap < old:
                st.events.append(Event(st.day, "cap", f"{key} max {cap}"))
            st.caps[key] = cap

    def end_of_day(self, st):
        if st.position in st.game_map.goals and self.wins_on_entering(st, st.position):
            return "won", "reached Canada"
        for key in PRIMARY:
            if st.values[key] == 0:
                why = {"food": "the food ran out and the tribe scattered",
                       "resolve": "resolve failed and the Chief was cast out",
                       "proximity": "the cavalry caught up"}[key]
                return "lost", why
        return None

    def claimed(self, st, recorded: str):
        """A win by a new victory condition from a plot outcome (the rules engine cannot follow it)."""
        if recorded == "won" and st.flags["claims"] and st.ended is None:
            code, title, day = st.flags["claims"][-1]
            return "won", f"a new victory condition ({code} {title})"
        return None

    def facts(self, st, record) -> tuple[str, ...]:
        out = []
        for lab, terrain in record["mapped"]:
            out.append(f"coloured {lab} {terrain}")
        crows = [t for t, d in st.flags["crows"] if d == record["day"]]
        if crows:
            out.append(f"crow{'s' * (len(crows) > 1)}: {', '.join(crows)}")
        vision = st.flags["vision"]
        if vision and vision[2] == record["day"] and vision[0] != "?":
            out.append(f"vision quest: {next(v.name for v in plots.visions(vision[0]) if v.roll == vision[1])}")
        if record["moved"]:
            out.append("to " + ", ".join(record["moved"]))
        else:
            out.append(f"stayed in {record['start']}")
        for m in st.marks:
            if m.day == record["day"]:
                item = f"plot {m.get('letter')}{m.get('roll')}: {m.get('title')}"
                if m.get("outcome"):
                    item += f" \u2192 {m.get('outcome')} {m.get('outcome_title')}"
                out.append(item)
        return tuple(out)

    def score(self, st, result) -> list[tuple[str, int]]:
        travelled = len(st.visited) - 1
        out = [("hexes travelled", travelled)]
        if result == "won":
            crows = len(st.flags["crows"])
            out.append((f"crow{'s' * (crows != 1)} coloured \u00d7 2", 2 * crows))
        return out


RULES = Rules1872()
