"""Player sheets at true size: pieces fit their slots, the map is the hero, every hex has its name.

Per game x paper x ink, on the Scene: every slot against its piece, hex size, the map's share of the
page, coordinates and feature labels inside their hexes, nothing overlapping, margins, text size.
"""
import math
import pathlib
import re

import pytest

from sheet_scenes import blank_sheet
from lostprint import checks
from lostprint.games import load
from lostprint.games.model import SLOT_SPARE_MM
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM
from lostprint.maps.crows import standard_layout
from lostprint.maps.generate import generate
from lostprint.maps.model import standard_map
from lostprint.scene import Circle, Group, Line, Path, Rect, Scene, Style, Text, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions
from lostprint.sheets.crows_layout import layout_scene

GAMES = ["lost-expedition", "lost-crew", "lost-crows"]
PAPERS = ["letter", "a4"]
INKS = ["color", "mono"]
CASES = [(g, p, i) for g in GAMES for p in PAPERS for i in INKS]
# the slots each sheet must hold: piece -> how many
SLOTS = {
    "lost-expedition": {"die": 5},
    "lost-crew": {"die": 4, "coin": 16, "cube": 8 + 5},
    "lost-crows": {"die": 4 + 8},
}
SHARES: dict = {}


@pytest.fixture(scope="module")
def sheets():
    return {(g, p, i): blank_sheet(g, p, i) for g, p, i in CASES}


def _ids(case):
    return "-".join(case)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_slot_holds_its_piece(sheets, case):
    game = load(case[0])
    scene = sheets[case]
    assert checks.slot_problems(scene, game.pieces) == []
    counts: dict = {}
    for item in checks.slots(scene):
        key = item.role.split(":", 1)[1]
        counts[key] = counts.get(key, 0) + 1
        piece = game.piece(key)
        inner = (item.w - item.style.width) if isinstance(item, Rect) else (2 * item.r - item.style.width)
        assert inner / MM >= piece.size_mm + 2 * SLOT_SPARE_MM - 1e-6
    assert counts == SLOTS[case[0]]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_map_is_the_hero(sheets, case):
    scene = sheets[case]
    assert checks.hex_flats_mm(scene) >= 18.0
    share = checks.map_share(scene)
    SHARES[case] = share
    print(f"{_ids(case)}: hexes {checks.hex_flats_mm(scene):.1f} mm, map {share:.0%} of the page")
    assert checks.largest_panel(scene) == "map"
    assert share >= 0.40


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_hex_has_its_name_inside_it(sheets, case):
    scene = sheets[case]
    game_map = standard_map(case[0])
    labels = [t.text for t in walk(scene.items) if isinstance(t, Text) and t.role == "hex-label"]
    assert sorted(labels) == sorted(game_map.hexes)
    assert checks.hex_coordinates_missing(scene) == []
    assert checks.hex_text_problems(scene, spare_mm=1.0) == []  # coordinates, feature labels, plot letters
    features = [t for t in walk(scene.items) if isinstance(t, Text) and t.role == "feature-label"]
    assert features  # Start at least
    coords = [checks.bbox(t) for t in walk(scene.items) if isinstance(t, Text) and t.role == "hex-label"]
    for f in features:  # the coordinate's corner is one no feature label uses
        assert not any(checks.overlaps(checks.bbox(f), c, tolerance=0.0) for c in coords), f.text


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_print_bars_on_both_sides(sheets, case):
    scene = sheets[case]
    assert len(scene.all_pages()) == 2  # side 2 is the reference: the charts
    assert scene.width > scene.height  # landscape
    assert checks.all_problems(scene) == []  # text >= 6.5 pt, margins, no overlaps, nothing spills
    for page in scene.all_pages():
        assert checks.footer_problems(page) == []  # the foot line 3 mm under the panels (was 0.5 mm)
        assert checks.paragraph_problems(page) == []  # no lone last word, no squeezed column


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_coordinate_shows_clear_of_every_drawing(sheets, case):
    """1672's start island and its sea covered I7, J7, I8, J8; 1872's fort covered E4; 1572's O4 sat
    under the delta's fan and B2 against the cataract; 1872's plot circles and 1672's exit arrows
    came within 1 mm of a coordinate."""
    scene = sheets[case]
    assert checks.covered_coordinates(scene) == []
    assert checks.hex_coordinates_missing(scene) == []
    assert checks.label_clashes(scene) == []


def test_sheets_set_curly_quotes(sheets):
    for case, scene in sheets.items():
        straight = [t.text for page in scene.all_pages() for t in checks.texts(page) if "'" in t.text or '"' in t.text]
        assert straight == [], case  # "side 1’s board", "lostprint’s design", "tomorrow’s weather"


def test_edge_labels_line_up_with_their_hexes(sheets):
    scene = sheets[("lost-expedition", "letter", "color")]
    game_map = standard_map("lost-expedition")
    hexes = {h: h for h in walk(scene.items) if isinstance(h, Path) and h.role == "hex"}
    centres = {}
    for h in hexes:
        xs = [p[0] for p in h.points]
        ys = [p[1] for p in h.points]
        centres[((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)] = h
    cxs = sorted({round(x, 3) for x, _ in centres})
    edge = [t for t in walk(scene.items) if isinstance(t, Text) and t.role == "edge-label"]
    letters = [t for t in edge if t.text.isalpha()]
    assert [t.text for t in letters] == [hexgrid.column_letters(c) for c in range(len(cxs))]
    top = min(y for _, y in centres)
    assert len({round(t.y, 3) for t in letters}) == 1 and letters[0].y < top  # one line above the map
    for t, x in zip(letters, cxs):
        assert t.x == pytest.approx(x, abs=0.01)  # over its column (1572's H, L, N, O no longer float)
    numbers = [t for t in edge if t.text.isdigit()]
    rows = {int(lab[1:]) for lab in game_map.hexes}
    assert {int(t.text) for t in numbers} == rows
    ys = {round(y, 1) for _, y in centres}
    for t in numbers:  # level with a hex of its row
        mid = t.y - 0.5 * (0.75 - 0.2) * t.size
        assert min(abs(mid - y) for y in ys) < 1.5


def test_slot_check_catches_a_small_slot_and_an_overlap():
    game = load("lost-crew")
    small = Rect(100, 100, 18 * MM, 18 * MM, Style(width=0.9), role="slot:die")  # 16 mm die + 2 x 1.5 > 18
    good = Rect(300, 100, 20 * MM, 20 * MM, Style(width=0.9), role="slot:die")
    on_top = Circle(310, 110, 10 * MM, Style(width=0.9), role="slot:coin")
    scene = Scene(800, 600, (small, good, on_top))
    problems = checks.slot_problems(scene, game.pieces)
    assert any("under the" in p and "die" in p for p in problems)
    assert any("overlaps" in p for p in problems)
    assert len([p for p in problems if "under the" in p]) == 1
    unknown = Scene(800, 600, (Rect(0, 0, 80, 80, role="slot:meeple"),))
    assert checks.slot_problems(unknown, game.pieces) == ["slot for 'meeple': the game has no such piece"]


def test_hex_text_check_catches_a_label_on_the_edge():
    size = 30.0
    corners = tuple((100 + size * __import__("math").cos(k * 3.14159265 / 3),
                     100 + size * __import__("math").sin(k * 3.14159265 / 3)) for k in range(6))
    hex_path = Path(corners, role="hex")
    inside = Text(100, 102, "B3", 6.5, "sans", "middle", role="hex-label")
    across = Text(122, 102, "Win here", 8.0, "sans-bold", "middle", role="feature-label")
    assert checks.hex_text_problems(Scene(300, 300, (hex_path, inside))) == []
    assert checks.hex_text_problems(Scene(300, 300, (hex_path, across))) != []


def test_scores_mirror_the_games_terms(sheets):
    def terms(case):
        scene = sheets[case]
        return " ".join(t.text for page in scene.all_pages() for t in walk(page.items)
                        if isinstance(t, Text) and t.role == "score-term")
    e = terms(("lost-expedition", "letter", "color"))
    wonder = load("1572").rules.score_per_wonder
    assert "Hexes mapped" in e and "Conquistadors" in e and "Natural Wonders" in e and f"{wonder} each" in e
    c = terms(("lost-crew", "letter", "color"))
    assert "Hexes mapped" in c and "Islands visited" in c
    k = terms(("lost-crows", "letter", "color"))
    assert "Hexes travelled" in k and f"{load('1872').rules.crow_points} each" in k
    for text in (e, c, k):
        assert "Total" in text
        # plain words and numbers, and the house mark (a ruling's term, tied to its word), no data leaking
        assert re.fullmatch(r"[\w\s:;,.\u2212\u2302+-]+", text), text


def test_1572_names_its_dice_and_fixes_its_labels(sheets):
    scene = sheets[("lost-expedition", "letter", "color")]
    words = " ".join(t.text for t in walk(scene.items) if isinstance(t, Text))
    assert f"{load('1572').piece('die').count} dice" in words and "six dice" not in words
    day_cells = [i for i in walk(scene.items) if isinstance(i, Rect) and i.role == "day"]
    assert len(day_cells) == load("1572").day_limit and min(r.w for r in day_cells) >= 6.5 * MM
    for paper in PAPERS:
        terrain = next(g for g in sheets[("lost-expedition", paper, "color")].items
                       if isinstance(g, Group) and g.name == "terrain-key")
        lines = [t.text for t in walk(terrain.items) if isinstance(t, Text)]
        assert not any(re.fullmatch(r"[+\u2212-]?\d", line.strip()) for line in lines)  # no lone "+1"


def test_1872_counts_crows_to_twenty_and_more(sheets):
    scene = sheets[("lost-crows", "letter", "color")]
    numbers = [int(t.text) for t in walk(scene.items) if isinstance(t, Text) and t.role == "crow-number"]
    assert numbers == list(range(1, max(numbers) + 1)) and max(numbers) >= 20  # the example game colours 20
    cells = [i for i in walk(scene.items) if isinstance(i, Rect) and i.role == "max-cell"]
    assert len(cells) == sum(t.maximum for t in load("1872").trackers)  # the max scale has cells


def test_1872_mono_river_differs_from_every_outline(sheets):
    for ink in INKS:
        scene = sheets[("lost-crows", "letter", ink)]
        rivers = [i for i in walk(scene.items) if getattr(i, "role", "") == "river-edge"]
        outlines = {(i.style.stroke, i.style.width) for i in walk(scene.items)
                    if getattr(i, "role", "") in ("goal", "start", "fort")}
        cores = [i for i in walk(scene.items) if getattr(i, "role", "") == "river-core"]
        assert rivers
        if ink == "mono":  # a cased line: a white stripe inside, unlike any outline
            assert len(cores) == len(rivers) and cores[0].style.stroke == "#ffffff"
        assert all((r.style.stroke, r.style.width) not in outlines for r in rivers)
        key = scene.pages[0]
        assert any(getattr(i, "role", "") == "river-sample" for i in walk(key.items))


def test_1672_islands_and_shoals_are_pencil_marks(sheets):
    for ink in INKS:
        back = sheets[("lost-crew", "letter", ink)].pages[0]
        key = next(g for g in back.items if isinstance(g, Group) and g.name == "map-key")
        sizes = [i.text for i in walk(key.items) if getattr(i, "role", "") == "island-size"]
        strokes = [i for i in walk(key.items) if getattr(i, "role", "") == "shoals-mark"]
        assert sizes == ["S", "M", "L"] and len(strokes) == 3
        # issue 25, item 6: a dot is the natives' mark only (island sizes were one, two, three dots)
        assert not [i for i in walk(key.items) if getattr(i, "role", "") == "island-dots"]
        words = " ".join(t.text for t in walk(key.items) if isinstance(t, Text))
        assert "dot" in words and words.count("dot") == 1  # "a dark dot", for the natives
        tokens = [i for i in walk(back.items) if isinstance(i, Circle) and i.role == "token"]
        assert tokens == []  # nothing to cut out on the back of the map (issue 25, item 2)


# seeds with what the variant sheets got wrong: 1672's 2 has pre-printed shoals and exits A1-A3, B1;
# 1872's 3 a plot circle against M1's coordinate
VARIANT_SEEDS = {"lost-expedition": 3, "lost-crew": 2, "lost-crows": 3}


@pytest.mark.parametrize("game", GAMES)
def test_variant_sheets_name_the_variant_in_the_title(game):
    variant = generate(game, VARIANT_SEEDS[game])
    scene = build_sheet(game, variant, SheetOptions())
    title = next(g for g in scene.items if isinstance(g, Group) and g.name == "title")
    named = [t.text for t in walk(title.items) if isinstance(t, Text) and t.role == "variant"]
    assert named and variant.name in named[0]
    assert checks.all_problems(scene) == []
    assert checks.label_clashes(scene) == [] and checks.hex_coordinates_missing(scene) == []
    for page in scene.all_pages():
        assert checks.footer_problems(page) == [] and checks.paragraph_problems(page) == []
        assert not [t.text for t in checks.texts(page) if "'" in t.text]
    if game == "lost-crew":  # pre-printed shoals carry the pencil mark the map key names, not a tint only
        shoals = [lab for lab, kind in variant.terrain if kind == "shoals"]
        assert shoals
        layout = next(g for g in scene.items if isinstance(g, Group) and g.name == "map")
        hexes = {h: h for h in walk(layout.items) if getattr(h, "role", "") == "hex"}
        marks = [i for i in walk(layout.items) if getattr(i, "role", "") == "shoals-mark"]
        centres = [((min(p[0] for p in h.points) + max(p[0] for p in h.points)) / 2,
                    (min(p[1] for p in h.points) + max(p[1] for p in h.points)) / 2, h) for h in hexes]
        marked = set()
        for m in marks:
            mx, my = (m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2
            marked.add(min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)[2])
        assert len(marks) == 3 * len(shoals) and len(marked) == len(shoals)
    standard = build_sheet(game, None, SheetOptions())
    title = next(g for g in standard.items if isinstance(g, Group) and g.name == "title")
    assert not [t for t in walk(title.items) if isinstance(t, Text) and t.role == "variant"]


@pytest.mark.parametrize("paper", PAPERS)
def test_crows_setup_diagram_is_true_size(paper):
    scene = layout_scene(standard_layout(), SheetOptions(paper=paper))
    tiles = [i for page in scene.all_pages() for i in walk(page.items) if isinstance(i, Rect) and i.role == "tile"]
    assert len(tiles) == len(standard_layout().squares)
    assert all(abs(t.w / MM - 40.0) < 1e-6 and abs(t.h / MM - 40.0) < 1e-6 for t in tiles)
    for page in scene.all_pages():
        assert checks.all_problems(page) == []


def test_sheet_builders_do_not_branch_on_ink():
    root = pathlib.Path(__file__).resolve().parent.parent / "lostprint" / "sheets"
    for path in root.glob("*.py"):
        text = path.read_text()
        assert "pal.name" not in text and '"mono"' not in text, path.name


@pytest.mark.parametrize("game", GAMES)
def test_mono_is_grey_on_both_sides(sheets, game):
    for paper in PAPERS:
        for page in sheets[(game, paper, "mono")].all_pages():
            for item in walk(page.items):
                style = getattr(item, "style", None)
                for c in (getattr(style, "fill", None), getattr(style, "stroke", None), getattr(item, "fill", None)):
                    if isinstance(c, str) and c.startswith("#"):
                        assert c[1:3] == c[3:5] == c[5:7], (game, c, getattr(item, "role", ""))


def test_1672_task_titles_carry_their_phase_number(sheets):
    """"Eat Food / Fish" and "Weather Watch" lost their number to a narrow title cell."""
    tasks = load("1672").rules.tasks
    for paper in PAPERS:
        board = next(g for g in sheets[("lost-crew", paper, "color")].items
                     if isinstance(g, Group) and g.name == "task-board")
        titles = [t.text for t in walk(board.items) if isinstance(t, Text) and t.role == "phase"]
        joined = " ".join(titles)  # a title may take two lines in a narrow group, never "…"
        assert not any(t.endswith("\u2026") for t in titles)
        for task in tasks:
            if task.spades:
                assert f"{task.phase} {task.name}" in joined, (paper, task.name)
            else:  # a phase without sailors: its number over its name in a dashed place
                assert str(task.phase) in titles and task.name.split()[0] in titles, (paper, task.name)


def test_1672_weather_keeps_its_words_on_a_line(sheets):
    """The weather that keeps the cube took a four-line column ("No / Change: / the cube / stays")."""
    for paper in PAPERS:
        weather = next(g for g in sheets[("lost-crew", paper, "color")].items
                       if isinstance(g, Group) and g.name == "weather")
        words = [t.text for t in walk(weather.items) if isinstance(t, Text)]
        names = [b.results[0] for b in load("1672").chart("weather").bands]
        assert all(n in words for n in names) and not any(w.endswith("\u2026") for w in words)
        scene = Scene(800, 600, (weather,))
        assert checks.paragraph_problems(scene) == []


def test_paragraph_check_catches_a_lone_word_and_a_squeezed_column():
    lines = ("Turn Wood into Hull. Each Wood turned in gives one Hull", "point.")
    lone = Scene(800, 600, tuple(Text(10, 20 + 8 * k, line, 7.2) for k, line in enumerate(lines)))
    assert any("one word" in p for p in checks.paragraph_problems(lone))
    squeezed = Scene(800, 600, tuple(Text(10, 20 + 7.2 * k, line, 6.5, "sans-italic")
                                     for k, line in enumerate(("No", "Change:", "the cube", "stays"))))
    assert len(checks.paragraph_problems(squeezed)) == 2
    stack = Scene(800, 600, tuple(Text(10, 20 + 7.2 * k, line, 6.5) for k, line in enumerate(("7", "Native"))))
    assert checks.paragraph_problems(stack) == []  # a label stack, not prose


def test_footer_check_catches_a_panel_on_top_of_it():
    panel = Group((Rect(20, 20, 200, 560),), name="days", box=(20, 20, 200, 560))
    foot = Group((Text(20, 588, "win: reach the delta", 6.5, role="footer"),), name="footer")
    assert checks.footer_problems(Scene(800, 600, (panel, foot))) != []
    assert checks.footer_problems(Scene(800, 612, (panel, Group((Text(20, 600, "ok", 6.5),), name="footer")))) == []


def test_label_check_catches_a_cover_and_a_near_line():
    size = 30.0
    corners = tuple((100 + size * math.cos(k * math.pi / 3), 100 + size * math.sin(k * math.pi / 3))
                    for k in range(6))
    hex_path = Path(corners, role="hex")
    label = Text(76, 102, "B2", 6.5, role="hex-label")
    island = Path(corners, Style(fill="#cfe8c4", stroke="#444444", width=0.9), role="island")
    tick = Line(86.5, 95, 86.5, 105, Style(stroke="#000000", width=1.0))

    def problems(*items):
        return checks.label_clashes(Scene(300, 300, (Group(items, name="map"),)))

    assert problems(hex_path, label) == []
    assert problems(hex_path, island, label) == []  # a tint under the label hides nothing
    assert problems(hex_path, label, island) != []  # painted over it, it does
    assert checks.covered_coordinates(Scene(300, 300, (Group((hex_path, label, island), name="map"),))) == ["B2"]
    assert problems(hex_path, label, tick) != []  # cataract ticks 1.5 pt from the label


def test_1872_map_key_shows_the_plot_mark_and_the_unit_chart_holds_together(sheets):
    for paper in PAPERS:
        back = sheets[("lost-crows", paper, "color")].pages[0]
        key = next(g for g in back.items if isinstance(g, Group) and g.name == "map-key")
        assert [i for i in walk(key.items) if getattr(i, "role", "") == "plot-sample"]
        units = next(g for g in back.items if isinstance(g, Group) and g.name == "units")
        icons = [checks.bbox(g) for g in walk(units.items) if isinstance(g, Group) and g.name.startswith("icon:")]
        words = [t for t in walk(units.items) if isinstance(t, Text) and t.role == "cell-word"]
        assert words and len(icons) >= len(words)
        for t in words:  # each word right under its icon (they floated 15 mm apart)
            x0, top, x1, _ = checks.bbox(t)
            above = [b for b in icons if b[3] <= top + 0.5 and b[0] < x1 + 6 and b[2] > x0 - 6]
            assert above and top - max(b[3] for b in above) <= 4 * MM, (paper, t.text)


@pytest.mark.parametrize("game", GAMES)
def test_mono_hatching_stops_short_of_every_coordinate(sheets, game):
    """Issue 25, item 5: in mono the terrain hatching ran through coordinates (1572 A1/A2/C2, 1672
    I7-J8, 1872 M7): each coordinate now sits on a patch of paper painted over the hatch."""
    for paper in PAPERS:
        scene = sheets[(game, paper, "mono")]
        group = next(g for g in scene.items if isinstance(g, Group) and g.name == "map")
        flat = list(walk(group.items))
        for k, t in enumerate(flat):
            if not (isinstance(t, Text) and t.role == "hex-label"):
                continue
            x0, y0, x1, y1 = checks.bbox(t)
            patch = [r for r in flat[:k] if isinstance(r, Rect) and r.role == "knockout" and r.style.fill == "#ffffff"
                     and r.x <= x0 and r.y <= y0 and r.x + r.w >= x1 and r.y + r.h >= y1]
            assert patch, (paper, t.text)
            hatched = [h for h in flat[:k] if getattr(h, "role", "") == "hex" and h.style.hatch is not None]
            assert hatched or game != "lost-expedition"  # 1572's start hexes are hatched in mono


def test_smaller_items_of_issue_25(sheets):
    """Issue 25, item 12: "Movement Progress" smaller than its sibling tracker names; "Scan Horizon"
    smaller than the other panel titles; "Fair Weather" and "No Change" nearly touching; the seven 1872
    crows touching; Start and Fort Benton with near-identical samples; "∞: tick" cryptic."""
    for game in ("lost-expedition", "lost-crows"):
        for paper in PAPERS:
            names = [t for t in walk(sheets[(game, paper, "color")].items) if isinstance(t, Text) and t.role == "tracker"]
            assert len({(t.size, t.font) for t in names}) == 1, (game, paper, [(t.text, t.size) for t in names])
    for case, scene in sheets.items():
        for page in scene.all_pages():
            titles = {t.size for g in page.items if isinstance(g, Group) and g.box is not None
                      for t in walk(g.items) if isinstance(t, Text) and t.role == "title" and t.font == "sans-bold"}
            assert titles <= {8.0}, (case, titles)
    for paper in PAPERS:
        weather = next(g for g in sheets[("lost-crew", paper, "color")].items if getattr(g, "name", "") == "weather")
        words = sorted((checks.bbox(t) for t in walk(weather.items) if isinstance(t, Text) and t.role == "weather"),
                       key=lambda b: b[0])
        assert all(b[0] - a[2] >= 2 * MM for a, b in zip(words, words[1:])), paper
        crows = next(g for g in sheets[("lost-crows", paper, "color")].items if getattr(g, "name", "") == "crows")
        birds = sorted((checks.bbox(g) for g in walk(crows.items) if isinstance(g, Group) and g.name.startswith("icon:")),
                       key=lambda b: b[0])
        assert len(birds) == 7 and all(b[0] - a[2] >= 1.0 for a, b in zip(birds, birds[1:])), paper
        key = next(g for g in sheets[("lost-crows", paper, "color")].pages[0].items if getattr(g, "name", "") == "map-key")
        samples = {i.role: (i.style.fill, i.style.stroke, i.style.width) for i in walk(key.items)
                   if getattr(i, "role", "") in ("start-sample", "fort-sample", "canada-sample")}
        assert len(samples) == 3 and len(set(samples.values())) == 3
        words = " ".join(t.text for t in walk(sheets[("lost-crew", paper, "color")].items) if isinstance(t, Text))
        assert "\u221e: tick" not in words and "\u221e for an endless supply" in words


def test_1872_mono_river_reads_as_water(sheets):
    """Issue 25, item 5: in mono the 1872 river read as a heavier hex edge: a cased line now carries a
    dashed thread down its middle, on the map and in its key alike; colour keeps its plain blue line."""
    for paper in PAPERS:
        mono = sheets[("lost-crows", paper, "mono")]
        edges = [i for i in walk(mono.items) if getattr(i, "role", "") == "river-edge"]
        threads = [i for i in walk(mono.items) if getattr(i, "role", "") == "river-dash"]
        assert edges and len(threads) == len(edges) and all(t.style.dash for t in threads)
        key = next(g for g in mono.pages[0].items if getattr(g, "name", "") == "map-key")
        assert any(isinstance(i, Line) and i.style.dash and i.style.width < 1 for i in walk(key.items))
        colour = sheets[("lost-crows", paper, "color")]
        assert not [i for i in walk(colour.items) if getattr(i, "role", "") == "river-dash"]
