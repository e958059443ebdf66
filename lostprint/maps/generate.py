"""Variant map generators, one per game: `generate(game_id, seed, cols=None, rows=None)`.

Every random choice comes from `stage_rng(seed, stage, attempt)`, a random.Random seeded from a
SHA-256 digest, so a seed always gives the same map. A generator only returns a map that passes
lostprint.maps.check; when a draw fails it retries with the next attempt number (a derived sub-seed).
"""
from __future__ import annotations

import json
import random
from typing import Callable, NamedTuple

from lostprint.errors import LostprintError, UsageError
from lostprint.games import missing, resolve
from lostprint.geometry import hexgrid
from lostprint.geometry.hexgrid import Hex
from lostprint.maps import crows as layouts
from lostprint.maps import grid
from lostprint.maps.check import check_map
from lostprint.maps.model import Feature, GameMap
from lostprint.maps.seeds import GENERATOR, stage_rng, variant_name
from lostprint.paths import asset

ATTEMPTS = 60


class Generator(NamedTuple):
    """One game's generator: make(seed, cols, rows, attempt) -> map or None, its default size and
    its (columns, rows) limits. Each game's plugin names its own."""

    make: Callable
    size: Callable[[], tuple[int, int]]
    limits: tuple[tuple[int, int], tuple[int, int]]


def generator_of(game_id: str) -> Generator:
    """The game's generator (a game with none: a usage error naming those with one)."""
    plugin = resolve(game_id)
    if plugin.id not in GENERATORS:
        raise missing("generator", plugin)
    return GENERATORS[plugin.id]


def generate(game_id: str, seed: int, cols: int | None = None, rows: int | None = None,
             gen: Generator | None = None):
    """A checked variant map (a GameMap, or a CrowsLayout for Crows) for a seed."""
    make, default_size, limits = gen or generator_of(game_id)
    dc, dr = default_size()
    cols, rows = (dc if cols is None else cols), (dr if rows is None else rows)
    (cmin, cmax), (rmin, rmax) = limits
    if not (cmin <= cols <= cmax and rmin <= rows <= rmax):
        raise UsageError(f"{game_id} maps are {cmin}-{cmax} columns by {rmin}-{rmax} rows (asked for {cols} x {rows})")
    for attempt in range(ATTEMPTS):
        candidate = make(seed, cols, rows, attempt)
        if candidate is None:
            continue
        if not _check(candidate):
            return candidate
    raise LostprintError(f"no playable {game_id} map found for seed {seed} at {cols} x {rows} "
                         f"after {ATTEMPTS} tries")


def _check(candidate) -> list[str]:
    return check_map(candidate)


def _sorted(hexes) -> tuple[str, ...]:
    return grid.labels(hexes)


def _lab(h: Hex) -> str:
    return hexgrid.label(h)


def _pick_spread(rng: random.Random, pool: list[Hex], k: int, spacing: int, away: list[Hex] = ()) -> list[Hex] | None:
    """k hexes from pool, each at least `spacing` from the others and from `away`."""
    chosen: list[Hex] = []
    options = list(pool)
    rng.shuffle(options)
    for h in options:
        if all(hexgrid.distance(h, o) >= spacing for o in chosen + list(away)):
            chosen.append(h)
            if len(chosen) == k:
                return chosen
    return None


def _y2(h: Hex) -> int:
    """Height of a hex centre on the page in half-hex steps (flat-top): 2r + q."""
    return 2 * h[1] + h[0]


# --- 1572: The Lost Expedition --------------------------------------------------------------------


def _expedition_size() -> tuple[int, int]:
    return 15, 3


def band(cols: int, rows: int, offsets: list[int]) -> list[Hex]:
    """A band of `cols` columns of `rows` hexes; column c starts `offsets[c]` rows down."""
    return [hexgrid.offset_to_axial(c, offsets[c] + r) for c in range(cols) for r in range(rows)]


def _band_offsets(rng: random.Random, cols: int, rows: int) -> list[int]:
    """Row offsets of a band whose columns' tops step by half a hex, drifting down to the south-east
    (like the standard map); one map in five is a plain rectangle."""
    if rng.random() < 0.2:
        return [0] * cols
    # how far (in half hexes) the east end sits below the west; at the standard size no more than the
    # standard map's drop, so the hexes print as large as the standard's
    drop = rng.randint(1, 2) if rows <= 4 else rng.randint(2, 2 + rows // 3)
    tops = [1]  # column A (even) sits half a hex down
    for c in range(1, cols):
        target = 1 + drop * c / max(1, cols - 1)
        up = 0.75 if tops[-1] < target - 0.5 else 0.25 if tops[-1] > target + 0.5 else 0.5
        t = tops[-1] + (1 if rng.random() < up else -1)
        if t < 0 or t > drop + 1:
            t = tops[-1] * 2 - t  # bounce back inside
        tops.append(t)
    # top height 2*offset + (1 on even columns)  ->  offset
    return [(t - (1 if c % 2 == 0 else 0)) // 2 for c, t in enumerate(tops)]


def expedition(seed: int, cols: int, rows: int, attempt: int) -> GameMap | None:
    """A stepped band (or a rectangle), start at the north-west, the delta at the south-east, a river
    from beside the start down to the delta, a few mountains by the start and 1-3 interests."""
    rng = stage_rng(seed, "1572-shape", attempt)
    cells = band(cols, rows, _band_offsets(rng, cols, rows))
    cell_set = set(cells)
    col_of = {h: hexgrid.axial_to_offset(h)[0] for h in cells}

    rng = stage_rng(seed, "1572-ends", attempt)
    first = [h for h in cells if col_of[h] == 0]
    start = min(first, key=_y2)
    last_col = cols - 1 if rng.random() < 0.75 else cols - 2
    delta = max((h for h in cells if col_of[h] == last_col), key=_y2)

    river = _river(stage_rng(seed, "1572-river", attempt), start, delta, cell_set)
    if river is None:
        return None

    rng = stage_rng(seed, "1572-terrain", attempt)
    near = [h for h in cells if 0 < hexgrid.distance(h, start) <= 2 and h != delta]
    rng.shuffle(near)
    peaks = [start] + sorted(near[:rng.randint(1, 3)], key=grid.offset_key)

    rng = stage_rng(seed, "1572-interest", attempt)
    count = rng.choice((1, 2, 2, 3))
    on_river = set(river)
    pool = [h for h in cells if h not in on_river and h not in peaks
            and hexgrid.distance(h, start) >= 3 and hexgrid.distance(h, delta) >= 2]
    span = max(1, cols // count)
    interests: list[Hex] = []
    for k in range(count):  # one per stretch of the band, so they spread along the journey
        stretch = [h for h in pool if k * span <= col_of[h] < (k + 1) * span]
        got = _pick_spread(rng, stretch, 1, 3, interests)
        if got:
            interests += got
    if not interests:
        return None

    features = (
        Feature("river", tuple(_lab(h) for h in river)),
        Feature("cataract", (_lab(river[0]),), note="river source"),
        Feature("interest", _sorted(interests)),
        Feature("delta", (_lab(delta),), note="Win here"),
    )
    return GameMap(
        game="lost-expedition", name=variant_name(seed), hexes=_sorted(cells), start=_lab(start),
        goals=(_lab(delta),), terrain=tuple(sorted((_lab(h), "mountains") for h in peaks)),
        features=features, seed=seed, generator=GENERATOR,
    )


def _river(rng: random.Random, start: Hex, delta: Hex, cells: set[Hex]) -> list[Hex] | None:
    """Hexes from a source beside the start to the delta: each step east (NE or SE), then straight
    down (or up) the delta's column; never west, never twice through a hex. (Drops down a column
    midway read as kinks, so only the last column has them, as on the standard map.)"""
    sources = [n for n in (hexgrid.neighbor(start, "S"), hexgrid.neighbor(start, "SE")) if n in cells and n != delta]
    if not sources:
        return None
    h = rng.choice(sources)
    path = [h]
    seen = {h, start}
    meander = rng.uniform(0.08, 0.2)
    momentum = rng.choice(("NE", "SE"))
    while h != delta:
        if h[0] == delta[0]:
            d = "S" if _y2(delta) > _y2(h) else "N"
            nxt = hexgrid.neighbor(h, d)
        else:
            left = delta[0] - h[0]  # east steps still to take
            gap = _y2(delta) - _y2(h)  # half-hex steps still to fall (+) or rise (-)
            options: list[tuple[str, float]] = []
            for d in ("NE", "SE"):
                n = hexgrid.neighbor(h, d)
                if n not in cells or n in seen:
                    continue
                after = gap - (_y2(n) - _y2(h))
                w = 1.0 + (1.0 if d == momentum else 0.0)
                if abs(after) > left - 1 + 2:  # would need a long climb in the last column
                    w *= 0.15
                if (d == "SE") == (gap > 0):
                    w *= 1.0 + min(2.0, abs(gap) / max(1, left))
                options.append((d, w))
            if not options:
                return None
            d = rng.choices([o[0] for o in options], weights=[o[1] for o in options])[0]
            nxt = hexgrid.neighbor(h, d)
            if d in ("NE", "SE"):
                momentum = d if rng.random() > meander else ("SE" if d == "NE" else "NE")
        if nxt not in cells or nxt in seen:
            return None
        path.append(nxt)
        seen.add(nxt)
        h = nxt
    return path


EXPEDITION = Generator(expedition, _expedition_size, ((5, 80), (2, 40)))


def rectangle(cols: int, rows: int) -> list[Hex]:
    return [hexgrid.offset_to_axial(c, r) for c in range(cols) for r in range(rows)]


def _standard_size(game_id: str, fallback: tuple[int, int]) -> tuple[int, int]:
    """Columns and rows of the game's standard map (its bounding offset grid)."""
    try:
        labels = json.loads(asset("maps", f"{game_id}.json").read_text(encoding="utf-8"))["hexes"]
        offs = [hexgrid.axial_to_offset(hexgrid.parse_label(lab)) for lab in labels]
    except (OSError, ValueError, KeyError, TypeError):
        return fallback
    return max(c for c, _ in offs) + 1, max(r for _, r in offs) + 1


# --- 1672: The Lost Crew ---------------------------------------------------------------------------

# contiguous triples of a hex's neighbours, the west-facing ones first (toward the exits)
SEA_TRIPLES = (("N", "NW", "SW"), ("NW", "SW", "S"), ("NE", "N", "NW"), ("SW", "S", "SE"))


def _crew_size() -> tuple[int, int]:
    return _standard_size("lost-crew", (10, 7))


def crew(seed: int, cols: int, rows: int, attempt: int) -> GameMap | None:
    """A sea: the start island on the east side (south of the middle) with three sea hexes toward
    the west, a run of exit hexes on the west edge (north of the middle), and now and then a few
    pre-printed shoals in open water, never between the start and an exit."""
    cells = rectangle(cols, rows)
    cell_set = set(cells)
    at = {hexgrid.axial_to_offset(h): h for h in cells}

    rng = stage_rng(seed, "1672-start", attempt)
    col = cols - 1 if rng.random() < 0.7 else cols - 2
    row = rng.randint((rows + 1) // 2, rows - 1)
    start = at[(col, row)]
    triples = [t for t in SEA_TRIPLES if all(hexgrid.neighbor(start, d) in cell_set for d in t)]
    if not triples:
        return None
    west = [t for t in triples if "NW" in t and "SW" in t]
    sea = [hexgrid.neighbor(start, d) for d in rng.choice(west or triples)]

    rng = stage_rng(seed, "1672-exits", attempt)
    run = min(rows, rng.choice((3, 3, 4)))
    top = rng.randint(0, max(0, (rows - 1) // 2 - 1))
    exits = [at[(0, r)] for r in range(top, min(rows, top + run))]
    if top == 0 and rng.random() < 0.5:
        exits.append(at[(1, 0)])  # round the north-west corner, as on the standard map

    rng = stage_rng(seed, "1672-shoals", attempt)
    keep_clear = {start, *sea, *exits}
    for h in list(keep_clear):
        keep_clear.update(hexgrid.neighbors(h))
    shoals: set[Hex] = set()
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
        open_water = [h for h in cells if h not in keep_clear and h not in shoals
                      and 1 <= hexgrid.axial_to_offset(h)[0] <= cols - 3
                      and all(hexgrid.distance(h, s) >= 3 for s in shoals)]
        if not open_water:
            break
        seed_hex = rng.choice(open_water)
        patch = [seed_hex] + [n for n in hexgrid.neighbors(seed_hex) if n in cell_set and n not in keep_clear]
        shoals.update(patch[:rng.randint(1, 3)])

    terrain = [(_lab(start), "small-island")] + [(_lab(h), "sea") for h in sea] + [(_lab(h), "shoals") for h in shoals]
    features = (
        Feature("island", (_lab(start),), size="small", note="start"),
        Feature("start-sea", _sorted(sea)),
        Feature("exit", _sorted(exits)),
    )
    return GameMap(
        game="lost-crew", name=variant_name(seed), hexes=_sorted(cells), start=_lab(start), goals=(),
        terrain=tuple(sorted(terrain)), features=features, seed=seed, generator=GENERATOR,
    )


# --- 1872: The Lost Crows -------------------------------------------------------------------------


def _crows_size() -> tuple[int, int]:
    return _standard_size("lost-crows", (13, 8))


def _vertex_xy(v: grid.Vertex) -> tuple[float, float]:
    """A corner's position at circumradius 1: the mean of its three hexes' centres (flat-top)."""
    q = sum(h[0] for h in v)
    r = sum(h[1] for h in v)
    return 0.5 * q, hexgrid.SQRT3 * (r + q / 2) / 3


def _next_vertices(v: grid.Vertex) -> list[tuple[grid.Vertex, hexgrid.Edge]]:
    out = []
    for e in grid.vertex_edges(v):
        a, b = grid.edge_vertices(e)
        out.append((b if a == v else a, e))
    return out


def _border_vertices(cells: set[Hex]) -> list[grid.Vertex]:
    """Corners on the map's outline where an interior edge ends (a river can leave from there):
    exactly two of the corner's three hexes are on the map."""
    out = set()
    for h in cells:
        if grid.on_border(h, cells):
            for k in range(6):
                v = grid.vertex(h, k)
                if sum(x in cells for x in v) == 2:
                    out.add(v)
    return sorted(out, key=lambda v: sorted(v))


MAX_RIVER_SIDES = 3  # a hex wrapped by river on more sides than this reads as a scribble


def _river_walk(rng: random.Random, begin: grid.Vertex, waypoints: list[tuple[float, float]],
                cells: set[Hex], stop: Callable[[grid.Vertex], bool],
                sides: dict[Hex, int], avoid: set[Hex]) -> list[hexgrid.Edge] | None:
    """A self-avoiding walk along interior edges from `begin`, steered through the waypoints, until
    `stop(vertex)` says it has arrived; None if it gets stuck or runs into the map edge early.
    `sides` counts the river edges around each hex so far; no hex gets more than MAX_RIVER_SIDES.
    No river runs along the edge of a hex in `avoid`."""
    path: list[hexgrid.Edge] = []
    sides = dict(sides)
    visited = {begin}
    v = begin
    targets = list(waypoints)
    for _ in range(4 * len(cells) + 10):
        tx, ty = targets[0]
        vx, vy = _vertex_xy(v)
        if len(targets) > 1 and (tx - vx) ** 2 + (ty - vy) ** 2 < 2.0:
            targets.pop(0)
            tx, ty = targets[0]
        options = []
        for w, e in _next_vertices(v):
            if w in visited or not all(x in cells for x in hexgrid.edge_hexes(e)):
                continue
            if not stop(w) and any(sides.get(x, 0) >= MAX_RIVER_SIDES for x in hexgrid.edge_hexes(e)):
                continue
            if any(x in avoid for x in hexgrid.edge_hexes(e)):
                continue
            wx, wy = _vertex_xy(w)
            gain = ((tx - vx) ** 2 + (ty - vy) ** 2) ** 0.5 - ((tx - wx) ** 2 + (ty - wy) ** 2) ** 0.5
            options.append((w, e, 2.0 ** (3.0 * gain) + 0.05))
        if not options:
            return None
        w, e, _ = rng.choices(options, weights=[o[2] for o in options])[0]
        path.append(e)
        for x in hexgrid.edge_hexes(e):
            sides[x] = sides.get(x, 0) + 1
        visited.add(w)
        v = w
        if stop(v):
            return path
        if any(x not in cells for x in v):
            return None  # reached the map edge somewhere else
    return None


def crows(seed: int, cols: int, rows: int, attempt: int) -> GameMap | None:
    """The tribe's forest in the south-east, the Canada double hex on the north edge, Fort Benton
    inside the map with its zone of control, a main river across the map with 0-2 tributaries
    joining it from a map edge, and plot hexes A-E spread over the map."""
    cells = rectangle(cols, rows)
    cell_set = set(cells)
    at = {hexgrid.axial_to_offset(h): h for h in cells}

    rng = stage_rng(seed, "1872-ends", attempt)
    start = at[(cols - 1 - rng.choice((0, 0, 1)), rows - 1)]
    c0 = rng.randint(max(1, cols // 4), min(cols - 3, (3 * cols) // 4 - 1))
    canada = [at[(c0, 0)], at[(c0 + 1, 0)]]

    rng = stage_rng(seed, "1872-fort", attempt)
    inner = [h for h in cells if not grid.on_border(h, cell_set)
             and hexgrid.distance(h, start) >= 3 and min(hexgrid.distance(h, g) for g in canada) >= 3]
    if not inner:
        return None
    fort = rng.choice(inner)
    zone = [n for n in hexgrid.neighbors(fort) if n in cell_set]

    rng = stage_rng(seed, "1872-rivers", attempt)
    rivers = _crows_rivers(rng, cells, {start, *canada})
    if rivers is None:
        return None

    rng = stage_rng(seed, "1872-plots", attempt)
    blocked = {start, fort, *zone, *canada}
    pool = [h for h in cells if h not in blocked and hexgrid.distance(h, start) >= 2
            and min(hexgrid.distance(h, g) for g in canada) >= 2]
    plots = _pick_spread(rng, pool, 5, max(3, min(cols, rows) // 2))
    if plots is None:
        plots = _pick_spread(rng, pool, 5, 3)
    if plots is None:
        return None
    rng.shuffle(plots)

    features = [Feature("canada", tuple(_lab(h) for h in canada), note="Canada"),
                Feature("fort", (_lab(fort),), note="Fort Benton"),
                Feature("fort-zone", _sorted(zone))]
    features += [Feature("river-edges", edges=tuple(grid.edge_text(e) for e in r)) for r in rivers]
    features += [Feature("plot", (_lab(h),), letter=letter) for letter, h in zip("ABCDE", plots)]
    return GameMap(
        game="lost-crows", name=variant_name(seed), hexes=_sorted(cells), start=_lab(start),
        goals=tuple(_lab(h) for h in canada), terrain=((_lab(start), "forest"),), features=tuple(features),
        seed=seed, generator=GENERATOR,
    )


def _count_sides(river: list[hexgrid.Edge], sides: dict[Hex, int]) -> None:
    for e in river:
        for x in hexgrid.edge_hexes(e):
            sides[x] = sides.get(x, 0) + 1


def _crows_rivers(rng: random.Random, cells: list[Hex], avoid: set[Hex]) -> list[list[hexgrid.Edge]] | None:
    """A main river from the west edge to the east edge, and 0-2 tributaries from the north or south
    edge that end where they meet it."""
    cell_set = set(cells)
    border = _border_vertices(cell_set)
    xs = [_vertex_xy(v)[0] for v in border]
    ys = [_vertex_xy(v)[1] for v in border]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    height = y1 - y0

    def side(v, name):
        x, y = _vertex_xy(v)
        return {"W": x < x0 + 1.2, "E": x > x1 - 1.2, "N": y < y0 + 1.0, "S": y > y1 - 1.0}[name]

    band = lambda v: y0 + 0.3 * height <= _vertex_xy(v)[1] <= y1 - 0.2 * height
    west = [v for v in border if side(v, "W") and band(v)]
    if not west:
        return None
    begin = rng.choice(west)
    mid = (x0 + (x1 - x0) * rng.uniform(0.35, 0.65), y0 + height * rng.uniform(0.3, 0.8))
    end = (x1 + 2.0, y0 + height * rng.uniform(0.3, 0.8))
    sides: dict[Hex, int] = {}
    main = _river_walk(rng, begin, [mid, end], cell_set, lambda v: any(x not in cell_set for x in v) and side(v, "E"),
                       sides, avoid)
    if main is None:
        return None
    rivers = [main]
    _count_sides(main, sides)
    on_main = {v for e in main for v in grid.edge_vertices(e)}
    used = set(on_main)
    wanted = rng.choice((0, 1, 1, 2, 2))
    for _ in range(8 * wanted):
        if len(rivers) > wanted:
            break
        edge_name = rng.choice(("N", "S"))
        starts = [v for v in border if side(v, edge_name) and v not in used
                  and x0 + 2 < _vertex_xy(v)[0] < x1 - 2
                  and all(abs(_vertex_xy(v)[0] - _vertex_xy(u)[0]) > 3 for u in used if u not in on_main)]
        if not starts:
            continue
        begin = rng.choice(starts)
        bx, _ = _vertex_xy(begin)
        goal = min(on_main, key=lambda u: abs(_vertex_xy(u)[0] - bx - rng.uniform(-2, 2)))
        trib = _river_walk(rng, begin, [_vertex_xy(goal)], cell_set, lambda v: v in on_main, sides, avoid)
        if trib is None:
            continue
        verts = [v for e in trib for v in grid.edge_vertices(e)]
        if any(v in used and v not in on_main for v in verts) or len(trib) < 3:
            continue
        # a tributary may not touch the main river before it joins it, nor another tributary
        if sum(1 for v in set(verts) if v in on_main) != 1:
            continue
        rivers.append(trib)
        _count_sides(trib, sides)
        used.update(verts)
    return rivers


CREW = Generator(crew, _crew_size, ((4, 60), (3, 40)))
LOST_CROWS = Generator(crows, _crows_size, ((5, 60), (4, 40)))
# 13 tiles spanning the grid, with no solid 2 x 2 block: 5 x 5 up to 7 x 7
CROWS_LAYOUT = Generator(layouts.generate_layout, layouts.crows_size, ((5, 7), (5, 7)))

GENERATORS = {"lost-expedition": EXPEDITION, "lost-crew": CREW, "lost-crows": LOST_CROWS, "crows": CROWS_LAYOUT}
