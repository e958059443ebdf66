"""1672: The Lost Crew: what a save may record and how it is checked and scored.

Terrains (in `mapped`): sea, shoals, small-island, medium-island, large-island. Marks: sea and
shoals (another way to write a hex coloured that day), island {hexes, size, natives, roll} when the
sloop lands on a new island, burial (hex). Day fields: weather (today's), wounded, healed and lost
(sailors' names), gathered {water, food, wood} from the island. Setup: sailors (their names).
"""
from __future__ import annotations

from lostprint.games.lost_crew import ISLAND_ROLL_BONUS, WEATHER_MOVES
from lostprint.saves.loader import line_of
from lostprint.saves.rules import At, Event, LostRules, Mark, State, slug

# weather name (and the short "fair") -> hexes the sloop may move; from the game data
WEATHER_NAMES = {slug(name): name for name, _ in WEATHER_MOVES} | {"fair": "Fair Weather"}
WEATHERS = {key: dict(WEATHER_MOVES)[name] for key, name in WEATHER_NAMES.items()}
SIZES = {key.replace("-island", ""): bonus for key, bonus in ISLAND_ROLL_BONUS}
ISLANDS = {"small-island": "small", "medium-island": "medium", "large-island": "large"}
DEFAULT_SAILORS = ("sailor 1", "sailor 2", "sailor 3", "sailor 4")


def is_island(terrain: str | None) -> bool:
    return terrain in ISLANDS


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
        "healed": "sailors healed today (Rest, 1 Water)",
        "lost": "sailors who died today (a second wound)",
        "gathered": "{water, food, wood} gathered from the island today",
    }

    def begin(self, st: State) -> None:
        names = st.setup.get("sailors")
        sailors = tuple(names) if isinstance(names, (list, tuple)) and names else DEFAULT_SAILORS
        st.flags.update(sailors={n: "well" for n in sailors}, weather="fair", landed={}, left=set(),
                        burials=0, deaths=0, start_island=st.game_map.start)

    # --- setup: the sailors' names are a list, not one choice -------------------------------------

    def sailor_names(self, st: State) -> list[str]:
        return list(st.flags["sailors"])

    # --- day fields --------------------------------------------------------------------------------

    def check_day_field(self, st, name, value, at, problems, container) -> None:
        from lostprint.saves.validate import Reader

        rd = Reader(problems, st.game_map)
        if name == "weather":
            text = rd.text(value, at)
            if text is None:
                return
            key = slug(text)
            if key not in WEATHERS:
                problems.add(at, f"{text!r} is not a weather (fair, headwind, doldrums, rain, storm)")
                return
            st.flags["weather"] = key
            if key == "storm":
                st.events.append(Event(st.day, "storm", "storm"))
            return
        if name == "gathered":
            spec = rd.mapping(value, at, "{water: 1, food: 1, wood: 1}")
            if spec is None:
                return
            rd.unknown(spec, ("water", "food", "wood"), at.field, "island resource")
            total = 0
            for key in ("water", "food", "wood"):
                if key in spec:
                    n = rd.integer(spec[key], At(line_of(spec, key), f"{at.field}.{key}"), 0, 3)
                    total += n or 0
            if total > 3:
                problems.add(at, f"{total} gathered: one per sailor, and Gather has three places")
            st.flags["gathered_today"] = (total, at)
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
        st.flags.setdefault("crew_today", {})[name] = names

    def apply_crew(self, st: State, problems) -> None:
        """Healed first (Rest, phase 2), then wounds, then deaths (a second wound)."""
        today = st.flags.pop("crew_today", {})
        sailors = st.flags["sailors"]
        for who, iat in today.get("healed", []):
            if sailors[who] != "wounded":
                problems.add(iat, f"{who} is {sailors[who]}: only a wounded sailor can be healed")
                continue
            sailors[who] = "well"
        for who, iat in today.get("wounded", []):
            if sailors[who] == "dead":
                problems.add(iat, f"{who} died before day {st.day}")
                continue
            if sailors[who] == "wounded":
                if who not in [w for w, _ in today.get("lost", [])]:
                    problems.add(iat, f"{who} was already wounded: a second wound kills (add {who} to lost)")
                continue
            sailors[who] = "wounded"
            st.events.append(Event(st.day, "wound", f"{who} wounded"))
        for who, iat in today.get("lost", []):
            if sailors[who] != "wounded":
                problems.add(iat, f"{who} is {sailors[who]}: a sailor dies of a second wound, so list the first "
                                  "wound on an earlier day (or under wounded today)")
                continue
            sailors[who] = "dead"
            st.flags["deaths"] += 1
            st.events.append(Event(st.day, "dead", f"{who} lost"))

    # --- mapping and moving ------------------------------------------------------------------------

    def check_mapped(self, st, label, terrain, at, problems) -> None:
        if any(st.adjacent(label, h) for h in st.day_hexes):
            return
        drawn = st.flags.get("drawn_today", {})
        if terrain == "large-island" and any(t == "large-island" and st.adjacent(label, h)
                                             for h, t in drawn.items() if h != label):
            return
        problems.add(at, f"{label} is not next to the sloop on day {st.day} (Scan Horizon colours the hexes around "
                         "it; a large island's second hex touches its first)")

    def check_day_moves(self, st, moves, at, problems) -> None:
        weather = st.flags["weather"]
        allowed = WEATHERS[weather]
        if len(moves) > allowed:
            problems.add(at, f"{len(moves)} hexes in {WEATHER_NAMES[weather]}: at most {allowed}")

    def check_move(self, st, a, b, at, problems) -> None:
        if a in st.flags["landed"] and a not in st.flags["left"] and is_island(st.terrain.get(a)):
            st.flags["left"].add(a)

    # --- marks -------------------------------------------------------------------------------------

    def check_mark(self, st, kind, value, at, problems, container):
        from lostprint.saves.validate import Reader

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
            if not any(st.adjacent(lab, h) for h in st.day_hexes):
                problems.add(at, f"{lab} is not next to the sloop on day {st.day}")
                return None
            st.terrain[lab] = kind
            st.mapped_on[lab] = st.day
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
        hexes = rd.labels(spec["hexes"], At(line_of(spec, "hexes"), f"{at.field}.hexes"))
        sat = At(line_of(spec, "size"), f"{at.field}.size")
        size = rd.text(spec["size"], sat)
        if hexes is None or size is None:
            return None
        size = slug(size).replace("-island", "")
        if size not in SIZES:
            problems.add(sat, f"{size!r} is not an island size (small, medium, large)")
            return None
        want = 2 if size == "large" else 1
        if len(hexes) != want:
            problems.add(At(line_of(spec, "hexes"), f"{at.field}.hexes"),
                         f"a {size} island covers {want} hex{'es' * (want > 1)}, not {len(hexes)}")
            return None
        if want == 2 and not st.adjacent(*hexes):
            problems.add(At(line_of(spec, "hexes"), f"{at.field}.hexes"), "a large island's two hexes touch")
            return None
        for lab in hexes:
            if st.terrain.get(lab) != f"{size}-island":
                problems.add(at, f"{lab} is {st.terrain.get(lab) or 'not mapped'}, not a {size} island")
                return None
        if not any(st.stood_today(lab) for lab in hexes):
            problems.add(at, f"an island is rolled on landing; the sloop was not at {' or '.join(hexes)} on day "
                             f"{st.day}")
            return None
        if any(lab in st.flags["landed"] for lab in hexes):
            problems.add(at, "this island was landed on before: its contents are rolled once")
            return None
        natives = spec.get("natives", False)
        if not isinstance(natives, bool):
            problems.add(At(line_of(spec, "natives"), f"{at.field}.natives"), "must be true or false")
            return None
        data: list = [("size", size), ("natives", natives)]
        if "roll" in spec:
            rat = At(line_of(spec, "roll"), f"{at.field}.roll")
            roll = rd.integer(spec["roll"], rat, 1, 6)
            if roll is None:
                return None
            total = roll + SIZES[size]
            if natives != (total >= 6):
                problems.add(rat, f"{roll} + {SIZES[size]} ({size}) = {total}: "
                                  + ("natives live there (6+)" if total >= 6 else "no natives below 6"))
                return None
            data.append(("roll", roll))
        for lab in hexes:
            st.flags["landed"][lab] = st.day
        st.events.append(Event(st.day, "island", f"{size} island"))
        return Mark("island", st.day, tuple(hexes), tuple(data))

    # --- the end of a day --------------------------------------------------------------------------

    def before_resources(self, st, problems, at) -> None:
        self.apply_crew(st, problems)
        gathered = st.flags.pop("gathered_today", None)
        if gathered is not None and gathered[0]:
            here = st.position
            if not is_island(st.terrain.get(here)):
                problems.add(gathered[1], f"resources are gathered on an island; {here} is "
                                          f"{st.terrain.get(here) or 'not mapped'}")
            elif here in st.flags["left"]:
                problems.add(gathered[1], f"the sloop left {here} before: an island is never gathered twice")
        if st.flags["burials"] > st.flags["deaths"]:
            problems.add(at, f"{st.flags['burials']} burials for {st.flags['deaths']} sailors lost")
            st.flags["burials"] = st.flags["deaths"]

    def end_of_day(self, st):
        if st.position in st.game_map.goals:
            return "won", "reached the open sea beyond the exit"
        if all(v == "dead" for v in st.flags["sailors"].values()):
            return "lost", "the last sailor died"
        if st.values["hull"] == 0:
            return "lost", "the sloop sank"
        return None

    def facts(self, st, record) -> tuple[str, ...]:
        weather = record["extra"].get("weather")
        out = [WEATHER_NAMES.get(slug(weather), str(weather)) if isinstance(weather, str) else ""]
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
            who = record["extra"].get(key)
            if who:
                out.append(f"{key}: {', '.join(str(w) for w in who)}")
        return tuple(o for o in out if o)

    def extra(self, st, values):
        return tuple(sorted((k, v) for k, v in values.items()))

    def score(self, st, result) -> list[tuple[str, int]]:
        out = [("hexes mapped", len(st.mapped_on))]
        if result == "won":
            islands = len({m.hexes for m in st.marks if m.kind == "island"})
            out.append((f"island{'s' * (islands != 1)} visited", islands))
        return out


RULES = Rules1672()
