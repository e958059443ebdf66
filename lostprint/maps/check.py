"""Map checks: is a map file well formed, and is the map playable?

`check_map_file(path)` reports every problem of a file as "file: field: what is wrong" (JSON syntax
errors as "file:line:col: ..."); `check_map(game_map)` runs the playability checks on a GameMap and
returns "field: what is wrong" lines. An empty list means the map is fine.
"""
from __future__ import annotations

import re
from pathlib import Path

from lostprint.errors import LostprintError
from lostprint.files import MAP, SAVE_FORMAT, LoadError, line_at, shown, shown_path
from lostprint.files import load as load_file
from lostprint.files.kinds import MAP_FORMAT, MAX_PROBLEMS
from lostprint.files.show import clip, safe_lines
from lostprint.games import GAMES, HEX_GAMES, LAYOUT_GAMES, load, resolve
from lostprint.geometry import hexgrid
from lostprint.maps import grid
from lostprint.maps.crows import check_layout, check_layout_data
from lostprint.maps.crows import from_dict as layout_from_dict
from lostprint.maps.model import Feature, GameMap, difficulty_problems, from_dict, parse_edge

# Feature types each hex game's maps may carry, with what each one means (also in the schema).
FEATURE_TYPES: dict[str, dict[str, str]] = {
    "lost-expedition": {
        "river": "river hexes in downstream order, ending at the delta",
        "cataract": "a cataract mark on a river hex (the river source)",
        "interest": "an interest icon",
        "delta": "the river delta: the goal",
    },
    "lost-crew": {
        "island": "an island (the start island has a size)",
        "start-sea": "the three sea hexes next to the start island",
        "exit": "exit hexes on the west edge: the goals",
        "shoals": "pre-printed shoals (1 hull damage on entering)",
    },
    "lost-crows": {
        "canada": "the Canada double hex on the north edge: the goal",
        "fort": "Fort Benton: impassable",
        "fort-zone": "Fort Benton's zone of control: its neighbours on the map",
        "river-edges": "a river along hex edges, as LABEL:DIR edges from end to end",
        "plot": "a plot hex, with its letter A-E",
    },
}
TOP_KEYS = ("format", "game", "name", "seed", "generator", "orientation", "offset", "hexes", "terrain",
            "start", "goals", "features", "note", "difficulty")
FEATURE_KEYS = ("type", "hexes", "edges", "letter", "size", "note")
# Games whose goals are given by features; their `goals` may be left empty.
GOAL_FEATURES = {"lost-crew": "exit"}
PLOT_LETTERS = ("A", "B", "C", "D", "E")
PLOT_SPACING = 3  # plot hexes at least this many steps apart
ISLAND_SIZES = ("small", "medium", "large")
# plausibility: the largest variant `lostprint map` makes is 80 x 40 hexes, with labels up to CB55
MAX_HEXES = 4_000
MAX_NAME = 60  # characters of a map's name (it stands in sheet footers and file names)
LABEL_PATTERN = r"^[A-Z]{1,2}[1-9][0-9]?$"
LABEL_RE = re.compile(LABEL_PATTERN)
LABEL_RULE = "one or two column letters and a row number from 1 to 99, like B3"


# --- files and raw JSON --------------------------------------------------------------------------


def check_map_file(path: str | Path, game: str | None = None) -> list[str]:
    """Every problem of a map (or Crows layout) file; `game` (an id) also rejects another game's map."""
    try:
        data = load_file(path, MAP)
    except LoadError as exc:
        return [str(exc)]
    return check_map_data_lines(data, shown_path(path), game)


def check_map_data_lines(data: object, source: str, game: str | None = None) -> list[str]:
    """Problems of a parsed map file as "file:line: field: what is wrong" lines, bounded and escaped."""
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        return [f"{source}:{line_at(data, 'format')}: format: this is a save ({SAVE_FORMAT}), not a map file "
                f"({MAP_FORMAT}): check it with lostprint validate, print it with lostprint render"]
    out = []
    problems = check_map_data(data, game)
    for p in problems[:MAX_PROBLEMS]:
        field = p.split(": ", 1)[0]
        line = line_at(data, field) if " " not in field else getattr(data, "line", 1)
        out.append(clip(safe_lines(f"{source}:{line or 1}: {p}"), 400))
    if len(problems) > MAX_PROBLEMS:
        out.append(f"{source}: \u2026 and {len(problems) - MAX_PROBLEMS:,} more problems")
    return out


def check_map_data(data: object, game: str | None = None) -> list[str]:
    """Problems of a parsed map file, as "field: what is wrong"."""
    problems = structure_problems(data, game)
    if problems or not isinstance(data, dict) or data.get("game") in LAYOUT_GAMES:
        return problems
    return check_map(from_dict(data))


def structure_problems(data: object, game: str | None = None) -> list[str]:
    """What must hold before a map file can be read: types, labels, known names (no playability)."""
    if not isinstance(data, dict):
        return [f"(top): a map file is a JSON object, not {_kind(data)}"]
    problems: list[str] = []
    if data.get("format") != MAP_FORMAT:
        found = f"found {data['format']!r}" if "format" in data else "it is missing"
        problems.append(f"format: expected {MAP_FORMAT!r} ({found})")
    map_game = data.get("game")
    known = HEX_GAMES + LAYOUT_GAMES
    if map_game not in known:
        what = "missing" if map_game is None else f"unknown game {map_game!r}"
        return problems + [f"game: {what} (known: {', '.join(known)})"]
    if game is not None and map_game != game:
        return problems + [f"game: this map is for {_title(map_game)}, not {_title(game)}"]
    if map_game in LAYOUT_GAMES:
        return problems + check_layout_data(data)
    return problems + _structure(data, map_game)


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _title(game_id: str) -> str:
    for g in GAMES:
        if g.id == game_id:
            return f"{g.title} ({g.id})"
    return game_id


def terrain_keys(game_id: str) -> tuple[str, ...]:
    return tuple(t.key for t in load(game_id).terrains)


def _label_problem(field: str, value: object, cells: set[str] | None) -> str | None:
    if not isinstance(value, str):
        return f"{field}: a hex label is a string like \"B3\", not {_kind(value)}"
    if not LABEL_RE.fullmatch(value) or not hexgrid.is_label(value):
        return f"{field}: {shown(value)} is not a hex label ({LABEL_RULE})"
    if cells is not None and value not in cells:
        return f"{field}: {shown(value)} is not on the map (not listed in hexes)"
    return None


def _structure(data: dict, game: str) -> list[str]:
    """Types, labels and keys: everything that must hold before the map can be read."""
    problems: list[str] = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append(f"{key}: unknown field (a map has {', '.join(TOP_KEYS)})")
    if not isinstance(data.get("name"), str) or not data.get("name", "").strip():
        problems.append("name: missing (give the map a name, like \"standard\")")
    elif len(data["name"]) > MAX_NAME:
        problems.append(f"name: too long ({len(data['name']):,} characters; at most {MAX_NAME})")
    if "seed" in data and (not isinstance(data["seed"], int) or isinstance(data["seed"], bool)):
        problems.append(f"seed: a whole number, not {_kind(data['seed'])}")
    if "generator" in data and not isinstance(data["generator"], str):
        problems.append("generator: a string")
    if "note" in data and not isinstance(data["note"], str):
        problems.append("note: a string")
    if "difficulty" in data:
        problems += difficulty_problems(data["difficulty"])
    if data.get("orientation", "flat") != "flat":
        problems.append(f"orientation: the Lost games use flat-top hexes ('flat'), not {data['orientation']!r}")
    if data.get("offset", "even-q") != "even-q":
        problems.append(f"offset: labels use the 'even-q' offset, not {data['offset']!r}")

    cells: set[str] | None = None
    hexes = data.get("hexes")
    if not isinstance(hexes, list) or not hexes:
        problems.append("hexes: missing (the list of the map's hex labels)" if hexes is None
                        else "hexes: a non-empty list of hex labels")
    elif len(hexes) > MAX_HEXES:
        problems.append(f"hexes: {len(hexes):,} hexes; a map has at most {MAX_HEXES:,} "
                        "(more would print too small to draw in)")
    else:
        cells = set()
        for i, lab in enumerate(hexes):
            p = _label_problem(f"hexes[{i}]", lab, None)
            if p:
                problems.append(p)
            elif lab in cells:
                problems.append(f"hexes[{i}]: {lab!r} is listed twice")
            else:
                cells.add(lab)

    terrain = data.get("terrain", {})
    keys = terrain_keys(game)
    if not isinstance(terrain, dict):
        problems.append("terrain: an object of hex label -> terrain")
    else:
        for lab, value in terrain.items():
            p = _label_problem(f"terrain.{lab}", lab, cells)
            if p:
                problems.append(p)
            if not isinstance(value, str):
                problems.append(f"terrain.{lab}: a terrain name, not {_kind(value)}")
            elif keys is not None and value not in keys:
                problems.append(f"terrain.{lab}: unknown terrain {value!r} (known: {', '.join(keys)})")

    if "start" not in data:
        problems.append("start: missing (the starting hex)")
    else:
        p = _label_problem("start", data["start"], cells)
        if p:
            problems.append(p)
    goals = data.get("goals")
    if not isinstance(goals, list) or (not goals and game not in GOAL_FEATURES):
        problems.append("goals: missing (the goal hexes)" if goals is None else "goals: a non-empty list of hex labels")
    else:
        for i, lab in enumerate(goals):
            p = _label_problem(f"goals[{i}]", lab, cells)
            if p:
                problems.append(p)
            elif goals.index(lab) != i:
                problems.append(f"goals[{i}]: {lab!r} is listed twice")

    features = data.get("features", [])
    types = FEATURE_TYPES[game]
    if not isinstance(features, list):
        problems.append("features: a list of features")
        features = []
    for i, f in enumerate(features):
        where = f"features[{i}]"
        if not isinstance(f, dict):
            problems.append(f"{where}: a feature is an object with a type, not {_kind(f)}")
            continue
        for key in f:
            if key not in FEATURE_KEYS:
                problems.append(f"{where}.{key}: unknown field (a feature has {', '.join(FEATURE_KEYS)})")
        ftype = f.get("type")
        if ftype is None:
            problems.append(f"{where}.type: missing (one of {', '.join(types)})")
        elif not isinstance(ftype, str):
            problems.append(f"{where}.type: a feature type is a string (one of {', '.join(types)}), "
                            f"not {_kind(ftype)}")
        elif ftype not in types:
            other = [g for g, t in FEATURE_TYPES.items() if ftype in t]
            hint = f"; it belongs on a {_title(other[0])} map" if other else ""
            problems.append(f"{where}.type: unknown feature type {shown(ftype)} for {game} "
                            f"(known: {', '.join(types)}){hint}")
        for key in ("hexes", "edges"):
            values = f.get(key, [])
            if not isinstance(values, list):
                problems.append(f"{where}.{key}: a list")
                continue
            for j, value in enumerate(values):
                if key == "hexes":
                    p = _label_problem(f"{where}.hexes[{j}]", value, cells)
                else:
                    p = _edge_problem(f"{where}.edges[{j}]", value, cells)
                if p:
                    problems.append(p)
        for key in ("letter", "size", "note"):
            if key in f and not isinstance(f[key], str):
                problems.append(f"{where}.{key}: a string, not {_kind(f[key])}")
    return problems


def _edge_problem(field: str, value: object, cells: set[str] | None) -> str | None:
    if not isinstance(value, str):
        return f"{field}: an edge is a string like \"B3:NE\", not {_kind(value)}"
    try:
        e = parse_edge(value)
    except ValueError:
        return (f"{field}: {value!r} is not an edge (write LABEL:DIR, like B3:NE, with DIR one of "
                f"{' '.join(hexgrid.FLAT_ORDER)})")
    if cells is not None:
        off = [h for h in hexgrid.edge_hexes(e) if not _is_cell(h, cells)]
        if off:
            return f"{field}: {value!r} is not between two hexes of the map"
    return None


def _is_cell(h: hexgrid.Hex, cells: set[str]) -> bool:
    try:
        return hexgrid.label(h) in cells
    except ValueError:
        return False


# --- playability ------------------------------------------------------------------------------------


def check_map(game_map: GameMap) -> list[str]:
    """The playability checks: every feature on the map, the goals reachable from the start without
    entering impassable hexes, and each game's own rules (rivers, stacking, plot route...).
    A Crows layout (lostprint.maps.crows.CrowsLayout) gets the setup checks."""
    gm = game_map
    if getattr(gm, "game", None) not in HEX_GAMES + LAYOUT_GAMES:
        return [f"game: unknown game {gm.game!r} (known: {', '.join(HEX_GAMES + LAYOUT_GAMES)})"]
    problems: list[str] = []
    if gm.game in HEX_GAMES:
        problems = _placement(gm)
        if problems:
            return problems
        problems += _reach(gm)
    return problems + checker_of(gm.game)(gm)


def _placement(gm: GameMap) -> list[str]:
    problems: list[str] = []
    cells = set(gm.hexes)
    if len(cells) != len(gm.hexes):
        problems.append("hexes: a hex is listed twice")
    for i, lab in enumerate(gm.hexes):
        p = _label_problem(f"hexes[{i}]", lab, None)
        if p:
            return [p]
    for lab, t in gm.terrain:
        p = _label_problem(f"terrain.{lab}", lab, cells)
        if p:
            problems.append(p)
    keys = terrain_keys(gm.game)
    if keys is not None:
        problems += [f"terrain.{lab}: unknown terrain {t!r} (known: {', '.join(keys)})"
                     for lab, t in gm.terrain if t not in keys]
    for field, lab in [("start", gm.start)] + [(f"goals[{i}]", g) for i, g in enumerate(gm.goals)]:
        p = _label_problem(field, lab, cells)
        if p:
            problems.append(p)
    if not goals_of(gm):
        problems.append("goals: the map has no goal")
    types = FEATURE_TYPES[gm.game]
    for i, f in enumerate(gm.features):
        if f.type not in types:
            problems.append(f"features[{i}].type: unknown feature type {f.type!r} for {gm.game} "
                            f"(known: {', '.join(types)})")
        for j, lab in enumerate(f.hexes):
            p = _label_problem(f"features[{i}].hexes[{j}]", lab, cells)
            if p:
                problems.append(p)
        for j, e in enumerate(f.edges):
            p = _edge_problem(f"features[{i}].edges[{j}]", e, cells)
            if p:
                problems.append(p)
    return problems


def goals_of(gm: GameMap) -> tuple[str, ...]:
    """The goal hexes: `goals`, or for 1672 (whose standard map leaves them empty) the exits."""
    if gm.goals or gm.game not in GOAL_FEATURES:
        return tuple(gm.goals)
    return tuple(lab for f in gm.features_of(GOAL_FEATURES[gm.game]) for lab in f.hexes)


def shoals_of(gm: GameMap) -> set[str]:
    """1672 shoals, pre-printed as terrain or as a feature."""
    return {lab for lab, t in gm.terrain if t == "shoals"} | {lab for f in gm.features_of("shoals") for lab in f.hexes}


def impassable(gm: GameMap) -> set[str]:
    """Hexes a route may not enter: Fort Benton (1872) and shoals, which a route to the exits must
    be able to avoid (1672)."""
    if gm.game == "lost-crew":
        return shoals_of(gm)
    if gm.game == "lost-crows":
        return {lab for f in gm.features_of("fort") for lab in f.hexes}
    return set()


def _reach(gm: GameMap) -> list[str]:
    blocked = impassable(gm)
    cells = {gm.axial[lab] for lab in gm.hexes if lab not in blocked}
    if gm.start in blocked:
        return []  # reported by the game's own check
    seen = grid.reachable(gm.axial[gm.start], cells)
    why = {"lost-crows": " without entering Fort Benton", "lost-crew": " without crossing shoals"}.get(gm.game, "")
    field = "goals" if gm.goals else "features (exit)"
    return [f"{field}: {g} cannot be reached from the start {gm.start}{why}"
            for g in goals_of(gm) if g not in blocked and gm.axial[g] not in seen]


def _indexed(gm: GameMap, type_: str) -> list[tuple[int, Feature]]:
    return [(i, f) for i, f in enumerate(gm.features) if f.type == type_]


def _stacked(gm: GameMap, i: int, lab: str, what: str, forbidden: dict[str, str]) -> list[str]:
    """A problem if `lab` (of features[i]) sits on one of `forbidden` (label -> what is there)."""
    if lab in forbidden:
        return [f"features[{i}]: {what} on {lab}, which already holds {forbidden[lab]}"]
    return []


def check_expedition(gm: GameMap) -> list[str]:
    problems: list[str] = []
    rivers = _indexed(gm, "river")
    deltas = _indexed(gm, "delta")
    delta = None
    if len(deltas) != 1 or len(deltas[0][1].hexes) != 1:
        problems.append(f"features: a 1572 map has one delta feature with one hex (found {len(deltas)})")
    else:
        delta = deltas[0][1].hexes[0]
        if tuple(gm.goals) != (delta,):
            problems.append(f"goals: the goal is the river delta {delta}, not {', '.join(gm.goals)}")
    if gm.terrain_of(gm.start) != "mountains":
        problems.append(f"start: the expedition starts in a mountain hex; give {gm.start} the terrain mountains")
    if delta == gm.start:
        problems.append(f"start: {gm.start} is also the delta")
    if len(rivers) != 1:
        problems.append(f"features: a 1572 map has exactly one river (found {len(rivers)})")
    river: tuple[str, ...] = ()
    for i, f in rivers[:1]:
        river = f.hexes
        where = f"features[{i}]"
        if len(river) < 2:
            problems.append(f"{where}.hexes: a river runs through at least two hexes")
            continue
        seen: set[str] = set()
        for k, (a, b) in enumerate(zip(river, river[1:]), start=1):
            ha, hb = gm.axial[a], gm.axial[b]
            if b in seen or b == river[0]:
                problems.append(f"{where}.hexes[{k}]: the river comes back to {b} (it must not loop)")
            seen.add(a)
            if hexgrid.distance(ha, hb) != 1:
                problems.append(f"{where}.hexes[{k}]: {b} is not next to {a} (a river runs between neighbours)")
            elif hb[0] < ha[0]:
                problems.append(f"{where}.hexes[{k}]: the river turns back west from {a} to {b} "
                                "(it must flow downstream, eastward, to the delta)")
        if delta and river[-1] != delta:
            problems.append(f"{where}.hexes: the river ends at {river[-1]}, not at the delta {delta}")
    on_river = set(river)
    for i, f in _indexed(gm, "cataract"):
        for lab in f.hexes:
            if lab not in on_river:
                problems.append(f"features[{i}]: the cataract on {lab} is not on the river")
    taken = {gm.start: "the start"}
    if delta:
        taken[delta] = "the delta"
    for i, f in _indexed(gm, "interest"):
        for lab in f.hexes:
            problems += _stacked(gm, i, lab, "an interest", taken)
            taken.setdefault(lab, "an interest (one per hex)")
    return problems


def check_crew(gm: GameMap) -> list[str]:
    problems: list[str] = []
    islands = _indexed(gm, "island")
    home = [(i, f) for i, f in islands if gm.start in f.hexes]
    if not home:
        problems.append(f"start: {gm.start} is not on an island (the sloop starts at its home island)")
    for i, f in islands:
        if f.size and f.size not in ISLAND_SIZES:
            problems.append(f"features[{i}].size: {f.size!r} is not an island size ({', '.join(ISLAND_SIZES)})")
    island_hexes = {lab for _, f in islands for lab in f.hexes}
    seas = _indexed(gm, "start-sea")
    sea: set[str] = set()
    if len(seas) != 1:
        problems.append(f"features: a 1672 map has one start-sea feature (found {len(seas)})")
    for i, f in seas[:1]:
        sea = set(f.hexes)
        if len(f.hexes) != 3 or len(sea) != 3:
            problems.append(f"features[{i}].hexes: the start sea is three hexes (found {len(f.hexes)})")
        for lab in f.hexes:
            if hexgrid.distance(gm.axial[lab], gm.axial[gm.start]) != 1:
                problems.append(f"features[{i}]: start sea {lab} is not next to the start {gm.start}")
            if lab in island_hexes:
                problems.append(f"features[{i}]: start sea {lab} is an island hex")
    exits = [lab for _, f in _indexed(gm, "exit") for lab in f.hexes]
    if not exits:
        problems.append("features: a 1672 map needs exit hexes on its west edge")
    cols = grid.column_bounds(gm.axial.values())
    middle = (cols[0] + cols[1]) / 2
    cell_set = set(gm.axial.values())
    for i, f in _indexed(gm, "exit"):
        for lab in f.hexes:
            h = gm.axial[lab]
            if not grid.on_border(h, cell_set) or grid.offset_key(h)[0] > middle:
                problems.append(f"features[{i}]: exit {lab} is not on the map's western edge")
            if lab in island_hexes:
                problems.append(f"features[{i}]: exit {lab} is an island hex")
    if exits and gm.goals and set(gm.goals) != set(exits):
        problems.append(f"goals: the goals are the exit hexes ({', '.join(exits)}), not {', '.join(gm.goals)}")
    for i, f in home[:1]:
        ground = gm.terrain_of(gm.start)
        if f.size and ground and ground != f"{f.size}-island":
            problems.append(f"terrain.{gm.start}: the start island is {f.size}, but its terrain is {ground}")
    for lab in sea:
        if gm.terrain_of(lab) not in (None, "sea"):
            problems.append(f"terrain.{lab}: the start sea is sea, not {gm.terrain_of(lab)}")
    taken = {gm.start: "the start island"}
    taken.update({lab: "the start sea" for lab in sea})
    taken.update({lab: "an exit" for lab in exits})
    taken.update({lab: "an island" for lab in island_hexes if lab not in taken})
    for i, f in _indexed(gm, "shoals"):
        for lab in f.hexes:
            problems += _stacked(gm, i, lab, "shoals", taken)
    for lab, t in gm.terrain:
        if t == "shoals" and lab in taken:
            problems.append(f"terrain.{lab}: shoals on {lab}, which already holds {taken[lab]}")
    return problems


def _corner_name(v: grid.Vertex, cells: set[str]) -> str:
    labs = []
    for h in sorted(v, key=grid.offset_key):
        try:
            lab = hexgrid.label(h)
        except ValueError:
            continue
        if lab in cells:
            labs.append(lab)
    return "the corner of " + "/".join(labs)


def river_problems(gm: GameMap) -> list[str]:
    """1872 rivers: each feature a single line along edges, no fork, no loop, from a map edge to
    another (or into another river)."""
    problems: list[str] = []
    cells = set(gm.hexes)
    axial_cells = set(gm.axial.values())
    rivers = _indexed(gm, "river-edges")
    vertex_sets: dict[int, set] = {}
    owner: dict[hexgrid.Edge, int] = {}
    for i, f in rivers:
        where = f"features[{i}]"
        if not f.edges:
            problems.append(f"{where}.edges: a river needs at least one edge")
            continue
        degree: dict[grid.Vertex, int] = {}
        links: dict[grid.Vertex, list[grid.Vertex]] = {}
        edges = [parse_edge(t) for t in f.edges]
        for j, e in enumerate(edges):
            if e in owner:
                who = "this river" if owner[e] == i else f"features[{owner[e]}]"
                problems.append(f"{where}.edges[{j}]: {f.edges[j]} is already part of {who}")
                continue
            owner[e] = i
            a, b = grid.edge_vertices(e)
            for v, w in ((a, b), (b, a)):
                degree[v] = degree.get(v, 0) + 1
                links.setdefault(v, []).append(w)
        vertex_sets[i] = set(degree)
        forks = [v for v, d in degree.items() if d > 2]
        for v in forks:
            problems.append(f"{where}.edges: the river forks or crosses itself at {_corner_name(v, cells)}")
        if not degree:
            continue
        first = next(iter(degree))
        seen = {first}
        todo = [first]
        while todo:
            for w in links[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        if len(seen) != len(degree):
            problems.append(f"{where}.edges: the river is broken (its edges do not join end to end)")
        elif not forks and len(degree) == len([e for e in edges if owner.get(e) == i]):
            problems.append(f"{where}.edges: the river closes a loop")
    for i, f in rivers:
        if i not in vertex_sets:
            continue
        others = set().union(*(vs for k, vs in vertex_sets.items() if k != i))
        counts: dict[grid.Vertex, int] = {}
        for t in f.edges:
            for v in grid.edge_vertices(parse_edge(t)):
                counts[v] = counts.get(v, 0) + 1
        for v, n in counts.items():
            if n != 1:
                continue
            border = any(h not in axial_cells for h in v)
            if not border and v not in others:
                problems.append(f"features[{i}].edges: the river ends inside the map at {_corner_name(v, cells)} "
                                "(a river runs from a map edge to another edge or into another river)")
    return problems


def check_lost_crows(gm: GameMap) -> list[str]:
    problems: list[str] = []
    cells = set(gm.hexes)
    canadas = _indexed(gm, "canada")
    canada: tuple[str, ...] = ()
    if len(canadas) != 1 or len(canadas[0][1].hexes) != 2:
        problems.append("features: a 1872 map has one canada feature with two hexes")
    else:
        i, f = canadas[0]
        canada = f.hexes
        a, b = (gm.axial[lab] for lab in canada)
        if hexgrid.distance(a, b) != 1:
            problems.append(f"features[{i}]: the Canada hexes {canada[0]} and {canada[1]} are not neighbours")
        for lab in canada:
            if gm.by_hex.get(hexgrid.neighbor(gm.axial[lab], "N")) is not None:
                problems.append(f"features[{i}]: Canada hex {lab} is not on the north edge")
        if set(gm.goals) != set(canada):
            problems.append(f"goals: the goals are the Canada hexes ({', '.join(canada)}), not {', '.join(gm.goals)}")
    if gm.terrain_of(gm.start) not in (None, "forest"):
        problems.append(f"start: the tribe starts in a forest hex, not {gm.terrain_of(gm.start)}")
    forts = _indexed(gm, "fort")
    fort = None
    zone: set[str] = set()
    if len(forts) != 1 or len(forts[0][1].hexes) != 1:
        problems.append("features: a 1872 map has one fort feature with one hex (Fort Benton)")
    else:
        i, f = forts[0]
        fort = f.hexes[0]
        if fort == gm.start or fort in gm.goals:
            problems.append(f"features[{i}]: Fort Benton on {fort}, which is the {'start' if fort == gm.start else 'goal'}")
        zone = set(gm.neighbors(fort))
        zones = _indexed(gm, "fort-zone")
        if len(zones) != 1:
            problems.append(f"features: a 1872 map has one fort-zone feature (found {len(zones)})")
        for j, z in zones[:1]:
            listed = set(z.hexes)
            missing = sorted(zone - listed, key=lambda lab: grid.offset_key(gm.axial[lab]))
            extra = sorted(listed - zone, key=lambda lab: grid.offset_key(gm.axial[lab]))
            if missing:
                problems.append(f"features[{j}].hexes: the zone of control misses {', '.join(missing)} "
                                f"(every neighbour of the fort {fort} on the map)")
            if extra:
                problems.append(f"features[{j}].hexes: {', '.join(extra)} is not next to the fort {fort}")
    plots = _indexed(gm, "plot")
    letters = [f.letter for _, f in plots]
    for letter in PLOT_LETTERS:
        if letters.count(letter) != 1:
            problems.append(f"features: plot {letter} appears {letters.count(letter)} times (once each, A to E)")
    taken = {gm.start: "the start"}
    taken.update({g: "Canada" for g in gm.goals})
    if fort:
        taken[fort] = "Fort Benton"
        taken.update({lab: "Fort Benton's zone of control" for lab in zone})
    placed: list[tuple[str, str]] = []
    for i, f in plots:
        if f.letter not in PLOT_LETTERS:
            problems.append(f"features[{i}].letter: {f.letter!r} is not a plot letter (A to E)")
        if len(f.hexes) != 1:
            problems.append(f"features[{i}].hexes: plot {f.letter} is one hex (found {len(f.hexes)})")
        for lab in f.hexes:
            problems += _stacked(gm, i, lab, f"plot {f.letter}", taken)
            for other, olab in placed:
                d = hexgrid.distance(gm.axial[lab], gm.axial[olab])
                if d < PLOT_SPACING:
                    problems.append(f"features[{i}]: plot {f.letter} on {lab} is {d} from plot {other} on {olab} "
                                    f"(plots stand at least {PLOT_SPACING} apart)")
            placed.append((f.letter, lab))
    if fort:
        passable = {gm.axial[lab] for lab in cells if lab != fort}
        seen = grid.reachable(gm.axial[gm.start], passable)
        for letter, lab in placed:
            if gm.axial[lab] not in seen:
                problems.append(f"features: plot {letter} on {lab} cannot be reached from the start "
                                "without entering Fort Benton")
    problems += river_problems(gm)
    return problems


def load_map(path: str | Path) -> GameMap:
    """A map file, refused with its first structural problem (a Crows file gives a CrowsLayout)."""
    source = shown_path(path)
    try:
        data = load_file(path, MAP)
    except LoadError as exc:
        raise LostprintError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != MAP_FORMAT:
        problems = check_map_data_lines(data, source)
        raise LostprintError(problems[0] if problems else f"{source}: format: expected {MAP_FORMAT!r}")
    if structure_problems(data):
        problems = check_map_data_lines(data, source)
        more = f" (and {len(problems) - 1} more: see lostprint validate {source})" if len(problems) > 1 else ""
        raise LostprintError(f"{problems[0]}{more}")
    if data.get("game") in LAYOUT_GAMES:  # a Crows starting layout: squares, not hexes
        return layout_from_dict(data, source)
    return from_dict(data, source)


def checker_of(game_id: str):
    """The game's own playability check: check(game_map) -> problems."""
    return {"lost-expedition": check_expedition, "lost-crew": check_crew, "lost-crows": check_lost_crows,
            "crows": check_layout}[resolve(game_id).id]
