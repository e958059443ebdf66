"""Printables of variant maps keep every print bar: nothing overlaps, all inside the margin, no tiny
text, hexes at least 12 mm across the flats; the same seed gives the same bytes."""
import pytest
from conftest import generated

from lostprint.checks import all_problems
from lostprint.maps.crows import standard_layout
from lostprint.sheets.crows_layout import layout_scene
from lostprint.maps.generate import generate
from lostprint.app.commands import variant_files
from lostprint.options import PrintOptions
from lostprint.render import render
from lostprint.scene import Path, Text, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions

MM = 72 / 25.4
SAMPLE = (0, 1, 2, 3, 5, 8, 13, 21)
OPTIONS = [SheetOptions(paper, ink) for paper in ("letter", "a4") for ink in ("color", "mono")]
# both papers and both inks in the default run (letter-color, a4-mono); the other pairings are slow
DIAGONAL = {("letter", "color"), ("a4", "mono")}
OPTION_PARAMS = [pytest.param(o, id=f"{o.paper}-{o.ink}",
                              marks=[] if (o.paper, o.ink) in DIAGONAL else [pytest.mark.slow]) for o in OPTIONS]


def hex_flats_mm(scene) -> float:
    hexes = [i for i in walk(scene.items) if isinstance(i, Path) and i.role == "hex"]
    assert hexes, "no hexes drawn"
    ys = [p[1] for p in hexes[0].points]
    return (max(ys) - min(ys)) / MM


@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
@pytest.mark.parametrize("opts", [o for o in OPTIONS if (o.paper, o.ink) in DIAGONAL], ids=lambda o: f"{o.paper}-{o.ink}")
def test_variant_sheets_keep_the_print_bars(game, opts):
    check_variant_sheets(game, opts, SAMPLE[::2])


@pytest.mark.slow  # the default run: every other seed of SAMPLE, on letter-color and a4-mono
@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: f"{o.paper}-{o.ink}")
def test_variant_sheets_keep_the_print_bars_every_seed(game, opts):
    check_variant_sheets(game, opts, SAMPLE)


def check_variant_sheets(game, opts, seeds):
    for seed in seeds:
        m = generated(game, seed)
        scene = build_sheet(game, m, opts)
        assert all_problems(scene) == [], (game, seed)
        assert hex_flats_mm(scene) >= 12.0, (game, seed)
        assert len([i for i in walk(scene.items) if isinstance(i, Path) and i.role == "hex"]) == len(m.hexes)
        assert ("seed", str(seed)) in scene.metadata


@pytest.mark.parametrize("opts", OPTION_PARAMS)
def test_crows_setup_diagrams_keep_the_print_bars(opts):
    for lay in [standard_layout()] + [generate("crows", s) for s in SAMPLE]:
        scene = layout_scene(lay, opts)
        assert all_problems(scene) == []
        numbers = [t.text for page in scene.all_pages() for t in walk(page.items)
                   if isinstance(t, Text) and t.role == "tile-number"]
        assert sorted(numbers, key=int) == [str(n) for n in range(1, 14)]


@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows", "crows"])
def test_same_seed_same_bytes(game):
    a = variant_files(game, 77, None, None, PrintOptions())
    b = variant_files(game, 77, None, None, PrintOptions())
    assert [data for _, data in a] == [data for _, data in b]
    c = variant_files(game, 78, None, None, PrintOptions())
    assert a[0][1] != c[0][1] and a[1][1] != c[1][1]


def test_svg_of_a_variant_is_deterministic():
    m = generate("lost-crows", 5)
    assert render(build_sheet("lost-crows", m), "svg") == render(build_sheet("lost-crows", m), "svg")


ODD_SIZES = ((9, 4), (20, 5), (8, 5), (17, 10), (6, 5), (14, 9))
VARIANT_CASES = [(g, c, r) for g in ("lost-expedition", "lost-crew", "lost-crows") for c, r in ODD_SIZES
                 if (g, c, r) != ("lost-crows", 6, 5)]  # no playable 1872 map is that small


@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda c: f"{c[0]}-{c[1]}x{c[2]}")
def test_variant_layouts_adapt_to_odd_sizes(case):
    """Issue 25, item 4: on maps of other sizes the panels stretched (1872 8x5: crow boxes of 4 x 20 mm,
    unit dice 80 mm apart), small maps kept 18 mm hexes in a sea of white, 1672's board ran off the page
    (20x5, 17x10, 14x9) and titles were cut ("11 Weather W..."). Now every panel keeps its natural size,
    the map takes what is left, and every layout check of the standard sheet passes."""
    from lostprint import checks
    from lostprint.games import load

    game_id, cols, rows = case
    game = load(game_id)
    variant = generate(game_id, 1, cols, rows)
    for paper in ("letter", "a4"):
        scene = build_sheet(game_id, variant, SheetOptions(paper=paper))
        flats = checks.hex_flats_mm(scene)
        layout = [p for p in checks.all_problems(scene) if "overlaps" not in p or p.startswith("panel")]
        assert layout == [], (paper, layout[:3])
        assert checks.slot_problems(scene, game.pieces) == [] and checks.cut_text(scene) == []
        for page in scene.all_pages():
            assert checks.footer_problems(page) == [] and checks.paragraph_problems(page) == []
        if cols * rows <= 45:  # a small map is enlarged past the standard sheet's hexes
            assert flats >= 20.0, (paper, flats)
        if flats >= 12.0:
            assert checks.largest_panel(scene) == "map", paper
        # every hex's coordinate inside it and clear of every drawing, at every size (the largest maps too)
        assert checks.all_problems(scene) == [] and checks.hex_coordinates_missing(scene) == []
        assert checks.label_clashes(scene) == [] and checks.hex_text_problems(scene) == []
        assert checks.knockout_problems(scene) == []
        crows = [i for i in walk(scene.items) if getattr(i, "role", "") == "crow-box"]
        assert all(b.h <= 3 * b.w for b in crows)  # boxes, not slivers
        dice = [i for g in scene.items if getattr(g, "name", "") == "unit-dice" for i in walk(g.items)
                if getattr(i, "role", "") == "slot:die"]
        for a, b in zip(dice[::2], dice[1::2]):  # a unit's top and bottom die side by side
            assert b.x - (a.x + a.w) <= 12.0


LARGEST = [(g, c, r) for g in ("lost-expedition", "lost-crew", "lost-crows") for c, r in ((20, 5), (17, 10), (14, 9))]


@pytest.mark.parametrize("case", LARGEST, ids=lambda c: f"{c[0]}-{c[1]}x{c[2]}")
def test_no_drawing_covers_a_coordinate_on_the_largest_variants(case):
    """Issue 25, item 4: on the largest variants (hexes of 10 to 13 mm) icons and labels covered the
    coordinates (the fort over C4, the tent over P10, exit arrows and plot circles against A3 and C10, a
    river through Q7-Q11, "Win here" over Q12; icons in a Group were not even seen by the placement).
    Now an icon gives way (smaller, moved), a label that repeats what an icon shows leaves it out, and a
    coordinate with no clear place prints over the drawings on a patch of paper that hides no word and
    no icon: every coordinate has 1 mm of paper round it, on letter and a4, colour and mono."""
    from lostprint import checks

    game_id, cols, rows = case
    variant = generate(game_id, 1, cols, rows)
    for paper in ("letter", "a4"):
        for ink in ("color", "mono"):
            scene = build_sheet(game_id, variant, SheetOptions(paper=paper, ink=ink))
            assert checks.hex_flats_mm(scene) < 16.0  # the sizes this is about (10 to 15.3 mm)
            assert checks.label_clashes(scene) == [], (paper, ink)
            assert checks.covered_coordinates(scene) == [] and checks.hex_coordinates_missing(scene) == []
            assert checks.knockout_problems(scene) == [], (paper, ink)
            assert checks.all_problems(scene) == [] and checks.hex_text_problems(scene) == []
