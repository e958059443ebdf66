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
