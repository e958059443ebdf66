"""The journal map is placed like a cartographer's: no day tag, leader or route segment covers a
label, a letter, a marker or a goal's name, on the example games and on 100 simulated games of each."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from lostprint.books.journal_map import filled_map
from lostprint.geometry.paper import Box
from lostprint.saves.validate import load_played, replay_data
from lostprint.scene import Circle, Group, Line, Path as SPath, Rect, Text, bbox
from lostprint.sheets.style import palette

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
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
    n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / 0.5))
    return any(b[0] < p[0] + (q[0] - p[0]) * i / n < b[2] and b[1] < p[1] + (q[1] - p[1]) * i / n < b[3]
               for i in range(n + 1))


def collisions(played, ink="color") -> list[str]:
    group, ctx = filled_map(played, Box(40, 40, 520, 420), palette(ink))
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
    assert collisions(load_played(EXAMPLES / f"{name}.yaml"), ink) == []


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
