"""The 1872 player sheet: its data, its standard map, print bars on the Scene, and the real files."""
import subprocess
from collections import Counter, deque

import pytest

from conftest import fonts_all_embedded, normalise, pdftext, qpdf_ok, run_cli
from sheet_scenes import blank_sheet
from lostprint.games import load
from lostprint.games.model import HOUSE_MARK
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM
from lostprint.maps.model import parse_edge, standard_map
from lostprint.render import render
from lostprint.scene import Path, Text, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions

GAME = load("1872")
MAP = standard_map("lost-crows")
PAPERS = ["letter", "a4"]
INKS = ["color", "mono"]


# --- game data -------------------------------------------------------------------------------


def test_trackers_follow_the_rules():
    tr = {t.key: t for t in GAME.trackers}
    assert [t.name for t in GAME.trackers] == ["Food", "Resolve", "Proximity", "Movement Progress"]
    assert all(t.start == 6 and t.maximum == 6 for t in GAME.trackers)
    assert [k for k, t in tr.items() if t.primary] == ["food", "resolve", "proximity"]


def test_unit_chart_keeps_the_published_cells_and_marks_the_designed_ones():
    units = [u.key for u in GAME.rules.units]
    assert units == ["tribe", "chief", "shaman", "warriors"]  # the order cells are resolved in
    rows = {r.label: {c.unit: c for c in r.cells} for r in GAME.rules.unit_rows}
    assert list(rows) == ["5", "4", "3", "2", "<2"]
    published = {
        ("5", "tribe"): ("lose-two",), ("5", "chief"): ("lose-two",), ("5", "shaman"): ("omen",),
        ("5", "warriors"): ("omen",), ("4", "tribe"): ("omen",), ("4", "chief"): ("raid",),
        ("4", "shaman"): ("fever",), ("4", "warriors"): ("doubt",), ("3", "tribe"): ("plains", "plains"),
        ("3", "chief"): ("plains", "forest"), ("3", "shaman"): ("forest", "forest"),
    }
    keys = {e.key for e in GAME.text.effects}
    for label, cells in rows.items():
        assert [c.unit for c in cells.values()] == units
        for unit, cell in cells.items():
            assert set(cell.effects) <= keys and 1 <= len(cell.effects) <= 2
            if (label, unit) in published:
                assert cell.effects == published[(label, unit)] and not cell.house
            else:  # designed here: marked, with a reason
                assert cell.house and cell.reason.strip(), (label, unit)
    crows = [(label, u) for label, cells in rows.items() for u, c in cells.items() if "crow" in c.effects]
    assert crows and all(u == "shaman" for _, u in crows)
    # every effect of the icon key is used somewhere
    assert keys == {k for cells in rows.values() for c in cells.values() for k in c.effects}


def test_unit_rows_cover_every_difference_once():
    rows = GAME.rules.unit_rows
    for diff in range(-5, 6):
        assert sum(r.covers(diff) for r in rows) == 1, diff


# rough worth of each effect, in "one resource" units: a mapped hex is worth a little less (it
# still costs the trip), a mountain much less (3 Movement to enter), a lost resource a little more
WORTH = {"food": 1, "movement": 1, "proximity": 1, "wild": 1, "crow": 1, "plains": 0.75, "forest": 0.75,
         "mountains": 0.25, "doubt": -1, "omen": -1.5, "raid": -2, "lose-two": -2, "fever": -2}


def test_designed_rows_keep_the_game_balanced():
    rows = {r.label: r for r in GAME.rules.unit_rows}
    total = {label: sum(WORTH[k] for c in r.cells for k in c.effects) for label, r in rows.items()}
    assert total["2"] >= total["3"] > 0  # the aim: 2 or 3
    assert total["5"] <= total["4"] < total["<2"] < 0  # missing the aim costs a little, never like 4 or 5
    assert total["<2"] > -2


def test_bad_omen_covers_every_d66_roll():
    chart = GAME.chart("bad-omen")
    rolls = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    for roll in rolls:
        chart.lookup(roll)
    assert [b.label for b in chart.bands][:3] == ["11\u201312", "13\u201314", "15\u201316"]
    assert len(chart.bands) == 18
    house = [b for b in chart.bands if b.house]
    assert [b.low for b in house] == [43, 45, 51, 53, 55, 61, 63, 65]
    assert all(not b.house for b in chart.bands if b.low <= 41)
    assert chart.note
    reasons = dict(GAME.text.omen_house_reasons)
    assert sorted(reasons) == sorted(b.label for b in house) and all(r.strip() for r in reasons.values())


# --- the standard map ------------------------------------------------------------------------


def feature_hexes(kind):
    return [lab for f in MAP.features_of(kind) for lab in f.hexes]


def plots():
    return {f.letter: f.hexes[0] for f in MAP.features_of("plot")}


def test_map_features():
    ax = MAP.axial
    offs = {lab: hexgrid.axial_to_offset(h) for lab, h in ax.items()}
    cols = max(c for c, _ in offs.values())
    rows = max(r for _, r in offs.values())
    # the start: forest, in the south-east corner
    assert MAP.terrain_of(MAP.start) == "forest"
    assert offs[MAP.start] == (cols, rows)
    # Canada: two neighbouring hexes on the north edge, the goals
    canada = feature_hexes("canada")
    assert len(canada) == 2 and set(MAP.goals) == set(canada)
    assert hexgrid.distance(ax[canada[0]], ax[canada[1]]) == 1
    assert all(offs[lab][1] == 0 for lab in canada)
    # Fort Benton and its zone: every neighbour on the map
    (fort,) = feature_hexes("fort")
    assert set(feature_hexes("fort-zone")) == set(MAP.neighbors(fort))
    assert len(MAP.features_of("river-edges")) == 2


def test_plots_spread_out_and_clear_of_the_fort_start_and_canada():
    p = plots()
    assert sorted(p) == list("ABCDE")
    blocked = set(feature_hexes("fort")) | set(feature_hexes("fort-zone")) | {MAP.start} | set(MAP.goals)
    assert not blocked & set(p.values())
    labs = list(p.values())
    for i, a in enumerate(labs):
        for b in labs[i + 1:]:
            assert hexgrid.distance(MAP.axial[a], MAP.axial[b]) >= 3, (a, b)


def path_length(start, goals, avoid):
    """Steps of the shortest path from start to any of goals, never entering avoid (None: no path)."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here in goals:
            return seen[here]
        for n in MAP.neighbors(here):
            if n not in seen and n not in avoid:
                seen[n] = seen[here] + 1
                todo.append(n)
    return None


def test_a_route_visits_every_plot_then_canada_without_the_fort():
    fort = set(feature_hexes("fort"))
    stops = [MAP.start] + [plots()[k] for k in "ABCDE"]
    legs = [path_length(a, {b}, fort) for a, b in zip(stops, stops[1:])]
    legs.append(path_length(stops[-1], set(MAP.goals), fort))
    assert None not in legs
    assert 15 <= sum(legs) <= 45  # a real journey, not a stroll and not a march across the world


def vertices(edge_text):
    (h, d) = parse_edge(edge_text)
    a, b = hexgrid.edge_corners((h, d))
    layout = hexgrid.Layout(hexgrid.FLAT, (1.0, 1.0), (0.0, 0.0))
    corners = hexgrid.hex_corners(layout, h)
    return tuple((round(corners[i][0], 6), round(corners[i][1], 6)) for i in (a, b))


def test_rivers_are_single_lines_from_edge_to_edge_or_into_the_other_river():
    layout = hexgrid.Layout(hexgrid.FLAT, (1.0, 1.0), (0.0, 0.0))
    touching = Counter()
    for h in MAP.axial.values():
        for x, y in hexgrid.hex_corners(layout, h):
            touching[(round(x, 6), round(y, 6))] += 1
    rivers = [f.edges for f in MAP.features_of("river-edges")]
    vsets = []
    for edges in rivers:
        degree = Counter(v for e in edges for v in vertices(e))
        assert max(degree.values()) <= 2
        ends = [v for v, n in degree.items() if n == 1]
        assert len(ends) == 2
        vsets.append((set(degree), ends))
        # connected
        links = {}
        for e in edges:
            a, b = vertices(e)
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        seen, todo = {ends[0]}, [ends[0]]
        while todo:
            for n in links[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(degree)
    for i, (_, ends) in enumerate(vsets):
        others = set().union(*(vs for j, (vs, _) in enumerate(vsets) if j != i))
        for v in ends:
            assert touching[v] < 3 or v in others  # on the map's outline, or into the other river


def test_standard_map_passes_the_map_checks():
    from lostprint.maps.check import check_map

    assert check_map(MAP) == []


# --- the Scene -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def scenes():
    return {(p, i): blank_sheet("lost-crows", p, i) for p in PAPERS for i in INKS}


@pytest.mark.parametrize("paper", PAPERS)
def test_hexes_are_pencil_sized(scenes, paper):
    hexes = [i for i in walk(scenes[(paper, "color")].items) if isinstance(i, Path) and i.role == "hex"]
    assert len(hexes) == len(MAP.hexes)
    for h in hexes:
        ys = [p[1] for p in h.points]
        assert max(ys) - min(ys) >= 12 * MM  # flat-top: the vertical extent is across the flats


def test_layout_adapts_to_paper(scenes):
    letter, a4 = scenes[("letter", "color")], scenes[("a4", "color")]
    lp = {g.name: g.box for g in letter.items if getattr(g, "box", None)}
    ap = {g.name: g.box for g in a4.items if getattr(g, "box", None)}
    assert lp.keys() == ap.keys()
    assert lp["unit-dice"][2] != pytest.approx(ap["unit-dice"][2] * letter.width / a4.width, rel=1e-3)
    assert lp["map"][3] != ap["map"][3]


def test_mono_uses_only_greys(scenes):
    colours = set()
    for item in walk(scenes[("letter", "mono")].items):
        style = getattr(item, "style", None)
        for c in (getattr(style, "fill", None), getattr(style, "stroke", None), getattr(item, "fill", None)):
            if isinstance(c, str):
                colours.add(c)
        if style is not None and style.hatch is not None:
            colours.add(style.hatch.color)
    assert all(c[1:3] == c[3:5] == c[5:7] for c in colours), colours


@pytest.mark.parametrize("paper", PAPERS)
def test_every_chart_cell_is_drawn_whole(scenes, paper):
    effects = {e.key: e.name for e in GAME.text.effects}
    expected = [effects[k] for r in GAME.rules.unit_rows for c in r.cells for k in c.effects]
    reference = scenes[(paper, "color")].pages[0]  # the charts are on side 2
    words = [t.text for t in walk(reference.items) if isinstance(t, Text) and t.role == "cell-word"]
    assert words == expected  # nothing cut short with an ellipsis
    marks = [t for t in walk(reference.items) if isinstance(t, Text) and t.role == "house"]
    house_rows = sum(r.house for r in GAME.rules.unit_rows)
    house_cells = sum(c.house for r in GAME.rules.unit_rows if not r.house for c in r.cells)
    house_omens = sum(b.house for b in GAME.chart("bad-omen").bands)
    assert len(marks) == house_rows + house_cells + house_omens


# --- the files -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory, scenes):
    out = {}
    folder = tmp_path_factory.mktemp("crows-sheet")
    for paper in PAPERS:
        path = folder / f"{paper}.pdf"
        path.write_bytes(render(scenes[(paper, "mono" if paper == "a4" else "color")], "pdf"))
        out[paper] = path
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_pdf_is_valid_and_embeds_fonts(pdfs, paper, tools):
    assert qpdf_ok(pdfs[paper])
    assert fonts_all_embedded(pdfs[paper]) == []


@pytest.mark.parametrize("paper", PAPERS)
def test_pdf_text_has_every_entry(pdfs, paper, tools):
    text = normalise(pdftext(pdfs[paper]))
    raw = pdftext(pdfs[paper])
    for tr in GAME.trackers:
        assert tr.name in text
    counts = Counter(e for r in GAME.rules.unit_rows for c in r.cells for e in c.effects)
    effects = {e.key: e.name for e in GAME.text.effects}
    for key, n in counts.items():
        assert text.count(normalise(effects[key])) >= n, effects[key]
    for band in GAME.chart("bad-omen").bands:
        name, _, effect = band.results[0].partition(": ")
        assert normalise(band.label) in text
        assert normalise(f"{name}: {effect}") in text, band.results[0]
    for unit in GAME.rules.units:
        assert unit.name in text
    for t in GAME.terrains:
        assert t.name in text
    for what, rule in GAME.text.move_rules:
        assert normalise(f"{what} {rule}") in text, what
    for phase in GAME.phases:
        assert normalise(phase.name) in text
    assert HOUSE_MARK in raw
    for line in (GAME.text.win_text, GAME.text.lose_text, GAME.text.score_text):
        assert normalise(line) in text


def test_pdf_page_size(pdfs, tools):
    info = subprocess.run(["pdfinfo", str(pdfs["letter"])], capture_output=True, text=True, check=True).stdout
    assert "792 x 612 pts" in info
    info = subprocess.run(["pdfinfo", str(pdfs["a4"])], capture_output=True, text=True, check=True).stdout
    assert "841.89 x 595.276 pts" in info


def test_same_bytes_twice():
    a = render(blank_sheet("lost-crows", "letter", "color"), "pdf")
    b = render(build_sheet("lost-crows", None, SheetOptions("letter", "color")), "pdf")  # built anew
    assert a == b


def test_cli_writes_the_sheet(tmp_path, tools):
    out = tmp_path / "crows.pdf"
    res = run_cli("sheet", "1872", "--paper", "a4", "--ink", "mono", "-o", out)
    assert res.returncode == 0, res.stderr
    assert out.exists() and qpdf_ok(out)
    assert "sheet" in normalise(pdftext(out)).lower()


def test_cli_rejects_a_missing_map_without_output(tmp_path):
    out = tmp_path / "crows.pdf"
    res = run_cli("sheet", "1872", "--map", tmp_path / "nope.json", "-o", out)
    assert res.returncode == 1
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr
    assert not out.exists()


@pytest.mark.parametrize("code, word", [("de", "Krähen"), ("es", "Cuervos"), ("fr", "Corbeaux"), ("pt-BR", "Corvos")])
def test_the_crow_tally_is_titled_in_the_language_not_with_the_other_games_name(code, word):
    """'Crows' is also the name of the tile game, kept as it is in every language; the 1872 tally's
    title is the birds (message context 'crow tally'). The German sheet once titled it 'Crows'."""
    from lostprint.checks import texts
    from lostprint.options import PrintOptions
    from lostprint.sheets import build_sheet

    for sides in ("2", "1"):
        scene = build_sheet("lost-crows", None, PrintOptions(sides=sides, lang=code))
        titles = [t.text for page in scene.all_pages() for t in texts(page) if t.role == "title"]
        assert word in titles and "Crows" not in titles, sides
