"""The 1672: The Lost Crew player sheet: the scene on both papers and inks, the PDF it makes, the CLI."""
from __future__ import annotations

import re
import subprocess

import pytest
from click.testing import CliRunner

from sheet_scenes import blank_sheet
from lostprint.cli import cli
from lostprint.games import load
from lostprint.games.model import HOUSE_MARK
from lostprint.geometry.paper import MM
from lostprint.maps.model import standard_map
from lostprint.render import render
from lostprint.scene import Path, Text, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions
from lostprint.sheets.lost_crew import with_rulings_marked
from lostprint.typeset import curly

GAME = load("1672")
PAPERS = ("letter", "a4")
INKS = ("color", "mono")


@pytest.fixture(scope="module")
def scenes():
    return {(p, i): blank_sheet("lost-crew", p, i) for p in PAPERS for i in INKS}


@pytest.fixture(scope="module")
def pdf_texts(scenes, tmp_path_factory):
    """pdftotext of the letter and a4 colour PDFs, whitespace collapsed."""
    out = {}
    for paper in PAPERS:
        path = tmp_path_factory.mktemp("pdf") / f"{paper}.pdf"
        path.write_bytes(render(scenes[(paper, "color")], "pdf"))
        text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        out[paper] = (path, " ".join(text.split()))
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_layout_differs_by_paper_not_just_scale(scenes, paper):
    scene = scenes[(paper, "color")]
    assert scene.width > scene.height  # landscape
    boxes = {g.name: g.box for g in scene.items if getattr(g, "box", None)}
    other = scenes[("a4" if paper == "letter" else "letter", "color")]
    other_boxes = {g.name: g.box for g in other.items if getattr(g, "box", None)}
    shared = boxes.keys() & other_boxes.keys()  # a4 also has room for the score on side 1
    assert {"map", "task-board", "island-resources", "weather"} <= shared
    ratios = {round(boxes[k][2] / other_boxes[k][2], 2) for k in shared}
    assert len(ratios) > 1  # panels are re-proportioned, not uniformly scaled


@pytest.mark.parametrize("paper", PAPERS)
def test_hexes_are_wide_enough_for_a_pencil(scenes, paper):
    hexes = [i for i in walk(scenes[(paper, "color")].items) if isinstance(i, Path) and i.role == "hex"]
    assert len(hexes) == len(standard_map("lost-crew").hexes)
    for h in hexes[:3]:
        ys = [p[1] for p in h.points]
        assert (max(ys) - min(ys)) / MM >= 12.0


def test_mono_uses_only_greys(scenes):
    hexcolor = re.compile(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})")
    for item in walk(scenes[("letter", "mono")].items):
        colours = [getattr(item, "fill", None)]
        style = getattr(item, "style", None)
        if style is not None:
            colours += [style.fill, style.stroke] + ([style.hatch.color] if style.hatch else [])
        for c in colours:
            if isinstance(c, str) and (m := hexcolor.fullmatch(c.lower())):
                assert m.group(1) == m.group(2) == m.group(3), (item, c)


def test_task_board_has_a_slot_per_sailor_place(scenes):
    board = next(g for g in scenes[("letter", "color")].items if g.name == "task-board")
    words = " ".join(t.text for t in walk(board.items) if isinstance(t, Text) and t.role == "phase")
    tasks = GAME.rules.tasks
    for t in tasks:  # every task named, in order, on side 1's board
        assert all(word in words for word in t.name.split()), t.name
    coins = [i for i in walk(board.items) if getattr(i, "role", "") == "slot:coin"]
    assert len(coins) == sum(t.spades for t in tasks)  # a coin slot per sailor place
    assert {t.name: t.spades for t in tasks} == {
        "Rest": 4, "Repair": 1, "Movement": 3, "Scan Horizon": 2, "Gather Island Resources": 3,
        "Native Encounter": 0, "Drink Water": 1, "Eat Food / Fish": 1, "Sloop Accident": 0, "Weather Watch": 1}
    captions = [t.text for t in walk(board.items) if isinstance(t, Text)]
    assert all(name in captions for name in ("Movement", "Tacking", "Anchorage"))


def test_island_resource_spaces_and_crew(scenes):
    front = scenes[("a4", "mono")]
    items = list(walk(front.items))
    resources = next(g for g in front.items if g.name == "island-resources")
    assert sum(1 for i in walk(resources.items) if getattr(i, "role", "") == "slot:cube") == 4 + 2 + 2
    assert sum(1 for i in items if getattr(i, "role", "") == "infinity-box") == 3
    assert sum(1 for i in items if getattr(i, "role", "") == "sailor") == 4
    assert sum(1 for i in items if getattr(i, "role", "") == "sailor-mark") == 8
    weather = next(g for g in front.items if g.name == "weather")
    cubes = sum(1 for i in walk(weather.items) if getattr(i, "role", "") == "slot:cube")
    assert cubes == sum(1 for e in GAME.rules.weather_track if e.cube) == 5
    assert 8 + 1 == GAME.piece("cube").count  # the island's cubes and the one weather cube


def test_trackers_start_as_the_rules_say():
    starts = {t.name: (t.start, t.maximum) for t in GAME.trackers}
    assert starts == {"Water": (6, 6), "Food": (6, 6), "Hull": (6, 6), "Wood": (0, 6)}


def test_direction_chart_is_a_marked_house_rule():
    chart = GAME.chart("direction")
    assert chart.house and chart.note
    assert [b.results[0] for b in chart.bands] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert not any(c.house for c in GAME.charts if c.key != "direction")


def test_standard_map():
    m = standard_map("lost-crew")
    island = m.features_of("island")[0]
    assert island.hexes == (m.start,) and island.note == "start"
    cols = {lab: ord(lab[0]) for lab in m.hexes}
    assert cols[m.start] == max(cols.values())  # right edge
    assert sorted(m.features_of("start-sea")[0].hexes) == sorted(m.neighbors(m.start))
    assert len(m.neighbors(m.start)) == 3
    exits = m.features_of("exit")[0].hexes
    assert exits and all(cols[e] <= ord("B") for e in exits)  # left (north-west) edge
    assert set(m.goals) == set(exits)


@pytest.mark.parametrize("paper", PAPERS)
def test_pdf_is_clean_and_has_every_entry(pdf_texts, paper):
    path, text = pdf_texts[paper]
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), fonts  # the "emb" column
    printed = with_rulings_marked(GAME)  # the data as the sheet prints it: its rulings marked (Hostile in its words)
    for chart in printed.charts:
        for band in chart.bands:
            assert band.label in text, (chart.key, band.label)
            for result in band.results:
                assert result in text, (chart.key, result)
        assert chart.title in text
    for tracker in GAME.trackers:
        assert tracker.name in text
    for phase in GAME.phases:
        assert phase.name in text, phase.name
    for effect in printed.rules.weather_track:
        assert curly(effect.movement) in text, effect.weather
    assert "'" not in text and '"' not in text  # typeset quotes: "side 1’s board", "a watcher’s reroll"
    assert HOUSE_MARK in text
    assert "house rule: lostprint\u2019s design where the published rules are silent" in text


def test_same_bytes_twice():
    first = render(blank_sheet("lost-crew", "a4", "mono"), "pdf")
    assert render(build_sheet("lost-crew", None, SheetOptions("a4", "mono")), "pdf") == first  # built anew


def test_cli_writes_pdf_and_svg(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["sheet", "1672", "-o", "tmp/x.pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tmp" / "x.pdf").read_bytes().startswith(b"%PDF")
    result = runner.invoke(cli, ["sheet", "lost-crew", "--format", "svg", "--paper", "a4", "--ink", "mono"])
    assert result.exit_code == 0, result.output
    written = [p for p in (tmp_path / "output").iterdir() if p.suffix == ".svg"]
    assert len(written) == 1 and "1672" in written[0].name
    assert "Task board" in written[0].read_text(encoding="utf-8")


WRITTEN_ROLES = ("slot:", "token", "score-cell", "sailor-mark")  # what a player writes on, cuts or covers


@pytest.mark.parametrize("paper", PAPERS)
def test_side_two_holds_reference_only_and_side_one_the_log(scenes, paper):
    """Issue 25, item 2: sailor tokens to cut out sat on the back of the map and task board; on letter
    the Score box and the Captain/Sloop/Days lines were on side 2 only, on a4 the Score on both."""
    front, back = scenes[(paper, "color")], scenes[(paper, "color")].pages[0]
    kept = [getattr(i, "role", "") for i in walk(back.items)
            if any(getattr(i, "role", "").startswith(r) for r in WRITTEN_ROLES)]
    assert kept == []
    back_groups = {g.name for g in walk(back.items) if hasattr(g, "name")}
    assert not {n for n in back_groups if n.startswith("write-in:") or n in ("score", "tokens")}
    front_groups = [g.name for g in walk(front.items) if hasattr(g, "name")]
    assert front_groups.count("score") == 1
    for field in ("Captain", "Sloop", "Days"):
        assert f"write-in:{field}" in front_groups, (paper, field)
    cells = [i for i in walk(front.items) if getattr(i, "role", "") == "score-cell"]
    assert len(cells) == 3  # hexes mapped, islands visited, the total


def test_hostile_words_are_the_rulings_in_the_data_itself():
    """The Native Encounter chart's Hostile row says the project's ruling (leave once the crew can steer, ⌂) in
    the data, so the sheet, the rulebook and every translation read one text; the sheet overrides nothing."""
    chart = GAME.chart("natives")
    hostile = next(b for b in chart.bands if b.low == next(n.low for n in GAME.rules.natives if n.effect == "hostile"))
    assert hostile.house and "end of day" not in hostile.results[0] and "steer" in hostile.results[0]
    assert with_rulings_marked(GAME).chart("natives") == chart


def test_rulings_name_their_phase_as_a_field():
    """A ruling placed in a phase holds its number (the sheet reads it, not the `where` prose)."""
    rulings = {r.key: r for r in GAME.rules.rulings}
    assert rulings["scan-crew"].phase == next(t.phase for t in GAME.rules.tasks if t.name == "Scan Horizon")
    for r in rulings.values():
        assert (r.phase is not None) == r.where.startswith("Phase "), r.key
        assert r.phase is None or r.where.startswith(f"Phase {r.phase},"), r.key
