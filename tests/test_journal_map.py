"""The journal map is placed like a cartographer's: no day tag, leader or route segment covers a
label, a letter, a marker or a goal's name, on the example games and on 100 simulated games of each."""
from __future__ import annotations

import math
import re

import pytest

import journal_builds as J
import printed as P
from lostprint.books.journal_map import filled_map
from lostprint.geometry.paper import Box
from lostprint.saves.validate import replay_data
from lostprint.scene import Circle, Group, Line, Path as SPath, Rect, Text, bbox
from lostprint.sheets.style import palette

OWN_ROLES = {"day-number", "leader-dot"}  # the tags' own text and the leader's dot on the route


def printed_boxes(group: Group, terrain_keys: set) -> list:
    """Every label, letter and marker on the map (not the route and tags themselves)."""
    out = []

    def visit(item):
        if isinstance(item, Group):
            if item.name.startswith("icon:"):
                if item.name[5:] not in terrain_keys:
                    out.append((item.name, bbox(item)))
                return
            for child in item.items:
                visit(child)
        elif isinstance(item, Text) and item.text.strip() and item.role not in OWN_ROLES:
            out.append((item.text, bbox(item)))
        elif isinstance(item, Circle) and item.role not in OWN_ROLES:
            out.append((item.role or "circle", bbox(item)))
        elif isinstance(item, Rect) and item.role == "plot-tag":
            out.append(("plot-tag", bbox(item)))

    visit(group)
    return out


def seg_meets(p, q, b) -> bool:
    """Does a point every 0.5 pt along p-q fall strictly inside b? (None can when the segment's
    bounding box stays off b's: those are skipped before sampling.)"""
    if (min(p[0], q[0]) >= b[2] + 1e-6 or max(p[0], q[0]) <= b[0] - 1e-6 or min(p[1], q[1]) >= b[3] + 1e-6
            or max(p[1], q[1]) <= b[1] - 1e-6):
        return False
    n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / 0.5))
    return any(b[0] < p[0] + (q[0] - p[0]) * i / n < b[2] and b[1] < p[1] + (q[1] - p[1]) * i / n < b[3]
               for i in range(n + 1))


def collisions(played, ink="color", group=None) -> list[str]:
    """What the filled map of `played` (drawn here, or `group` when given) covers that it must not."""
    if group is None:
        group, _ = filled_map(played, Box(*J.MAP_BOX), palette(ink))
    keys = {t.key for t in played.game.terrains}
    boxes = printed_boxes(group, keys)
    tags, segs = [], []
    for item in group.items:
        if isinstance(item, Rect) and item.role == "day-tag":
            tags.append(bbox(item))
        if isinstance(item, SPath) and item.role == "route":
            half = item.style.width / 2
            segs += [(p, q, half) for p, q in zip(item.points, item.points[1:])]
        if isinstance(item, Line) and item.role == "leader":
            segs.append(((item.x1, item.y1), (item.x2, item.y2), item.style.width / 2))
    assert tags, "no day tags drawn"
    bad = []
    for name, b in boxes:
        for t in tags:
            if t[0] < b[2] and b[0] < t[2] and t[1] < b[3] and b[1] < t[3]:
                bad.append(f"day tag {t} covers {name!r}")
        for p, q, half in segs:
            if seg_meets(p, q, (b[0] - half, b[1] - half, b[2] + half, b[3] + half)):
                bad.append(f"route {p}->{q} crosses {name!r}")
    for i, a in enumerate(tags):
        for t in tags[i + 1:]:
            if a[0] < t[2] and t[0] < a[2] and a[1] < t[3] and t[1] < a[3]:
                bad.append(f"day tags {a} and {t} overlap")
    return bad


# the placement is the same in both inks (mono changes only how the route is dashed): the default run
# checks every example in colour and 1872, where the route meets the river, in mono too
EXAMPLE_RUNS = [("1572-the-delta-by-grace", "color"), ("1672-the-salt-road-home", "color"),
                ("1872-the-long-way-north", "color"), ("1872-the-long-way-north", "mono"),
                pytest.param("1572-the-delta-by-grace", "mono", marks=pytest.mark.slow),
                pytest.param("1672-the-salt-road-home", "mono", marks=pytest.mark.slow)]


@pytest.mark.parametrize("name,ink", EXAMPLE_RUNS)
def test_example_maps_cover_nothing(name, ink):
    group, _ = J.example_map(name, ink)  # drawn once for this file and test_journal_map_features
    assert collisions(P.played(name), ink, group) == []


def simulated(game: str, seed: int):
    import importlib

    module, fn = {"1572": ("lost_expedition", "simulate_1572"), "1672": ("lost_crew", "simulate_1672"),
                  "1872": ("lost_crows", "simulate_1872")}[game]
    data = getattr(importlib.import_module(f"lostprint.players.{module}"), fn)(seed)
    data = {k: v for k, v in data.items() if v is not None and k != "outcome"}  # the replay decides it
    data["days"] = [{k: v for k, v in day.items() if k != "log"} for day in data["days"]]  # the roll log
    problems, played = replay_data(data, f"sim-{game}-{seed}.yaml")
    return None if problems else played


@pytest.mark.parametrize("count", [pytest.param(1, id="sample"), pytest.param(100, marks=pytest.mark.slow, id="100")])
@pytest.mark.parametrize("game", ["1572", "1672", "1872"])
def test_simulated_maps_cover_nothing(game, count):
    failures, drawn = {}, 0
    first = 65 if count == 1 and game == "1872" else 0  # the sample: 1872 seed 65 once crossed Canada's label
    for seed in range(first, first + count):
        played = simulated(game, seed)
        if played is None:  # a player and its engine disagreeing is the engine tests' business
            continue
        drawn += 1
        bad = collisions(played)
        if bad:
            failures[seed] = bad[:2]
    assert drawn >= max(1, count * 9 // 10), f"only {drawn} of {count} simulated games replay"
    assert not failures, f"{len(failures)} of {count} games: {dict(list(failures.items())[:4])}"


# --- the map as books and journals print it: smaller hexes than the sheet's ----------------------


def front_page(name: str, paper: str, ink: str = "color"):
    return J.front_pages(name, paper, ink)[0]  # built once per run (test_journal_render reads them too)


def book_map(game: str, paper: str, ink: str = "color"):
    return next(sc for name, sc in P.widgets(game, paper, ink) if name == "map")  # drawn once per run


@pytest.mark.parametrize("flats_mm", [8.0, 11.0, 13.0])
@pytest.mark.parametrize("game", ["1572", "1672", "1872"])
def test_feature_labels_fit_their_hex_at_any_size(game, flats_mm):
    """"Win here", "Start", "EXIT", "Canada", "Fort Benton", "Prox −1": inside the hex with 1 mm to spare
    on a map of small hexes too (shrunk, moved in, on two lines, or cut short)."""
    from lostprint.checks import hex_flats_mm, hex_text_problems
    from lostprint.games import load, resolve
    from lostprint.geometry.paper import MM
    from lostprint.maps.model import standard_map
    from lostprint.scene import Scene
    from lostprint.sheets.hexmap import hex_map
    from lostprint.sheets import lost_crew, lost_crows

    plugin = resolve(game)
    game = plugin.id
    drawers = {"lost-crew": lost_crew.MAP_DRAWERS, "lost-crows": lost_crows.DRAWERS}.get(game)  # the sheet's own
    group, _ = hex_map(standard_map(game), load(game), Box(0, 0, 2000, 2000), palette("color"),
                       drawers=drawers, max_flats=flats_mm * MM)
    scene = Scene(2000, 2000, (group,))
    assert abs(hex_flats_mm(scene) - flats_mm) < 0.1
    assert hex_text_problems(scene) == []


# the rulebook maps in the variants the other tests draw anyway (a4 mono, letter colour); a4 colour is slow
@pytest.mark.parametrize("where", ["rulebook 1572 a4 mono", "rulebook 1872 letter color", "journal 1572 a4 color",
                                   "journal 1872 letter color",
                                   pytest.param("rulebook 1572 a4 color", marks=pytest.mark.slow)])
def test_book_and_journal_maps_keep_labels_inside_hexes(where):
    """The sheet's check (labels inside hexes, 1 mm spare) on the maps the books print."""
    from lostprint.checks import hex_text_problems

    kind, game, paper, ink = where.split()
    if kind == "rulebook":
        scene = book_map(game, paper, ink)
    else:
        scene = front_page({"1572": "1572-the-delta-by-grace", "1872": "1872-the-long-way-north"}[game], paper,
                           ink)
    assert hex_text_problems(scene) == []


def river_sides(scene) -> list[float]:
    """The width of each dark side of every cased river line (mono)."""
    from lostprint.scene import walk

    items = list(walk(scene.items))
    cores = {((i.x1, i.y1, i.x2, i.y2) if isinstance(i, Line) else i.points): i.style.width
             for i in items if getattr(i, "role", "") == "river-core"}
    sides = []
    for i in items:
        if getattr(i, "role", "") in ("river-edge", "river"):
            key = (i.x1, i.y1, i.x2, i.y2) if isinstance(i, Line) else i.points
            assert key in cores, "a mono river without its white core"
            sides.append((i.style.width - cores[key]) / 2)
    return sides


@pytest.mark.parametrize("where", ["rulebook 1872 a4", "journal 1872 letter", "rulebook 1572 a4"])
def test_mono_river_is_cased_as_on_the_sheet(where):
    """In mono the river is a dark line with a white core; on the small hexes of a book its dark sides
    stay as wide as the 1872 sheet's (1.2 pt), not two hairlines."""
    kind, game, paper = where.split()
    if kind == "rulebook":
        scene = book_map(game, paper, "mono")
    else:
        scene = front_page("1872-the-long-way-north", paper, "mono")
    sides = river_sides(scene)
    assert sides and min(sides) >= 1.2 - 1e-6, min(sides)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_day_tags_keep_off_exit_arrows(paper):
    """1672: no day tag sits on an exit hex's arrow (day 20 once covered A3's)."""
    from lostprint.scene import walk

    items = list(walk(front_page("1672-the-salt-road-home", paper).items))
    arrows = [bbox(i) for i in items if getattr(i, "role", "") == "exit-arrow"]
    tags = [bbox(i) for i in items if isinstance(i, Rect) and i.role == "day-tag"]
    assert arrows and tags
    assert [(t, a) for t in tags for a in arrows
            if t[0] < a[2] and a[0] < t[2] and t[1] <= a[3] and a[1] <= t[3]] == []


def test_plot_badges_cannot_be_read_as_hexes():
    """1872: the badge beside a plot circle ("A·3": plot letter and roll) is no hex coordinate, and the
    legend says what it is."""
    from lostprint.scene import walk

    page = front_page("1872-the-long-way-north", "letter")
    texts = [i for i in walk(page.items) if isinstance(i, Text)]
    badges = [t.text for t in texts if t.role == "plot-tag"]
    assert len(badges) >= 5  # one per plot met, and the legend's sample
    assert [b for b in badges if re.fullmatch(r"[A-Z]{1,2}\d{1,2}", b)] == []
    assert any(t.role == "legend" and "plot letter" in t.text for t in texts)


# --- the placement search: pruned, yet the same answer as trying everything ----------------------


def random_field(rng, steps: int, size: float = 20.0):
    """Hex centres of a route (some steps stay in their hex) and label-sized boxes strewn along it."""
    centres, x, y = [], 100.0, 100.0
    for _ in range(steps):
        centres.append((x, y))
        if rng.random() < 0.8:
            a = rng.choice(range(30, 360, 60)) * math.pi / 180
            x, y = x + size * 1.732 * math.cos(a), y + size * 1.732 * math.sin(a)

    def box():
        cx, cy = rng.choice(centres)
        x0, y0 = cx + rng.uniform(-1.2, 1.0) * size, cy + rng.uniform(-1.2, 1.0) * size
        return x0, y0, x0 + rng.uniform(3, 1.5 * size), y0 + rng.uniform(3, 0.5 * size)

    return centres, [box() for _ in range(len(centres) * 2)], [box() for _ in range(len(centres) // 2)]


def exhaustive_route(centres, size, hard, soft, pad):
    """Every pair of candidates of every step tried (the least total, ties to the first candidate)."""
    import lostprint.books.journal_place as jp

    grown = [jp.grow(b, pad) for b in hard.boxes]
    cand = [jp.candidates(c, size, not hard.near((c[0] - size, c[1] - size, c[0] + size, c[1] + size)))
            for c in centres]

    def point_cost(p, c):
        box = (p[0] - pad, p[1] - pad, p[0] + pad, p[1] + pad)
        return (1000.0 * sum(1 for b in hard.boxes if jp.boxes_meet(box, b)) + jp.edge_penalty(p, c, size)
                + 0.4 * math.hypot(p[0] - c[0], p[1] - c[1]) / size)

    def step(p, q):
        if p == q:
            return 0.0
        return (1000.0 * jp._hits(p, q, grown) + 3.0 * jp._hits(p, q, soft.boxes)
                + 0.05 * math.hypot(q[0] - p[0], q[1] - p[1]) / size)

    cost, back = [point_cost(p, centres[0]) for p in cand[0]], []
    for i in range(1, len(centres)):
        best = [min((cost[j] + step(p, q), j) for j, p in enumerate(cand[i - 1])) for q in cand[i]]
        cost = [c + point_cost(q, centres[i]) for (c, _), q in zip(best, cand[i])]
        back.append([j for _, j in best])
    k = min(range(len(cost)), key=cost.__getitem__)
    path = [k]
    for links in reversed(back):
        k = links[k]
        path.append(k)
    return [cand[i][k] for i, k in enumerate(reversed(path))]


def test_route_search_finds_what_trying_every_pair_finds():
    import random

    import lostprint.books.journal_place as jp

    rng = random.Random(1872)
    for _ in range(3):
        centres, hard_boxes, soft_boxes = random_field(rng, 5)
        hard, soft = jp.Index(hard_boxes, 20.0), jp.Index(soft_boxes, 20.0)
        assert jp.route_points(centres, 20.0, hard, soft, 2.4) == exhaustive_route(centres, 20.0, hard, soft, 2.4)


def test_segment_counts_match_the_clip_test():
    """The route search's unrolled count of boxes a segment crosses, against the one clip test, on
    random segments, axis-parallel ones and boxes that touch them."""
    import random

    from lostprint.books.journal_place import _hits
    from lostprint.geometry.segments import segment_meets_box

    rng = random.Random(1672)
    grids = (lambda: rng.uniform(0, 10), lambda: float(rng.randint(0, 6)), lambda: rng.randint(0, 12) / 10)
    for n in range(3000):
        v = grids[n % 3]
        p = (v(), v())
        q = rng.choice([(v(), v()), (p[0], v()), (v(), p[1])])
        boxes = []
        for _ in range(rng.randint(0, 4)):
            a, b, c, d = v(), v(), v(), v()
            boxes.append((min(a, c), min(b, d), max(a, c), max(b, d)))
        assert _hits(p, q, boxes) == sum(segment_meets_box(p, q, b) for b in boxes), (p, q, boxes)


def every_spot_tag(anchor, along, centre, size, half, hard, soft, tags, route_segs, frame):
    """The day tag's spot with every part of every spot's cost added up (the first of the cheapest)."""
    import lostprint.books.journal_place as jp
    from lostprint.geometry.segments import segment_meets_box

    (hw, hh), (ax, ay) = half, anchor
    costs = []
    for order, (x, y, leader) in enumerate(jp.tag_spots(anchor, along, centre, size)):
        box = (x - hw, y - hh, x + hw, y + hh)
        if box[0] < frame[0] or box[1] < frame[1] or box[2] > frame[2] or box[3] > frame[3]:
            continue
        cost = 0.0 if not leader and jp.box_in_hex(box, centre, size, jp.TAG_INSET) else jp.OUTSIDE
        if any(jp.boxes_meet(box, b) for b in hard.near(box)):
            cost += 1000.0
        if any(jp.boxes_meet(jp.grow(box, 0.6), b) for b in tags.near(box)):
            cost += 1000.0
        if leader:
            end = jp._edge_point((x, y), hw, hh, anchor)
            cost += 1000.0 * jp.segment_hits(anchor, end, hard, 0.4) + 4.0
            cost += 1000.0 * jp.segment_hits(anchor, end, tags, 0.4)
        cost += 2.0 * sum(1 for b in soft.near(box) if jp.boxes_meet(box, b))
        cost += 1.5 * sum(1 for p, q in route_segs if segment_meets_box(p, q, box) and anchor not in (p, q))
        cost += 0.8 * math.hypot(x - ax, y - ay) / size + order * 1e-4
        costs.append((cost, order, x, y, leader))
    if not costs:
        return jp.Tag(ax, ay, anchor, False)
    _, _, x, y, leader = min(costs)
    return jp.Tag(x, y, anchor, leader)


def test_tag_search_finds_what_costing_every_spot_finds():
    import random

    import lostprint.books.journal_place as jp

    rng = random.Random(1572)
    for _ in range(8):
        centres, hard_boxes, soft_boxes = random_field(rng, 6)
        route = [(x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)) for x, y in centres]
        segs = list(zip(route, route[1:]))
        hard, soft = jp.Index(hard_boxes, 20.0), jp.Index(soft_boxes, 20.0)
        placed = jp.Index([], 20.0)
        frame = (0.0, 0.0, 400.0, 400.0)
        for i in range(1, len(route)):
            along = [route[j] for j in (i - 1, i + 1) if j < len(route)]
            half = (rng.uniform(5, 12), 5.0)
            args = (route[i], along, centres[i], 20.0, half, hard, soft, placed, segs, frame)
            tag = jp.place_tag(*args)
            assert tag == every_spot_tag(*args)
            placed.add((tag.x - half[0], tag.y - half[1], tag.x + half[0], tag.y + half[1]))
