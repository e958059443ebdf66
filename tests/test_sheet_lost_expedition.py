"""The 1572 player sheet: print bars on the Scene, and the real files."""
import io
import re
import subprocess

import pytest

from conftest import fonts_all_embedded, normalise, pdftext, qpdf_ok, run_cli
from sheet_scenes import blank_sheet
from lostprint.games import load
from lostprint.geometry import hexgrid
from lostprint.geometry.paper import MM
from lostprint.render import render
from lostprint.scene import Path, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions

GAME = load("1572")
PAPERS = ["letter", "a4"]
INKS = ["color", "mono"]


@pytest.fixture(scope="module")
def scenes():
    return {(p, i): blank_sheet("lost-expedition", p, i) for p in PAPERS for i in INKS}


@pytest.mark.parametrize("paper", PAPERS)
def test_hexes_are_pencil_sized(scenes, paper):
    hexes = [i for i in walk(scenes[(paper, "color")].items) if isinstance(i, Path) and i.role == "hex"]
    assert len(hexes) == 45
    for h in hexes:
        xs = [p[0] for p in h.points]
        ys = [p[1] for p in h.points]
        flats = max(ys) - min(ys)  # flat-top: the vertical extent is the distance across the flats
        assert flats >= 12 * MM
        assert max(xs) - min(xs) == pytest.approx(flats * 2 / hexgrid.SQRT3, rel=1e-6)


def test_layout_adapts_to_paper(scenes):
    letter, a4 = scenes[("letter", "color")], scenes[("a4", "color")]
    assert (letter.width, letter.height) != (a4.width, a4.height)
    ratio = letter.width / a4.width
    lpanels = {g.name: g.box for g in letter.items if getattr(g, "box", None)}
    apanels = {g.name: g.box for g in a4.items if getattr(g, "box", None)}
    assert lpanels.keys() == apanels.keys()
    # not a uniform scale: some panel keeps its size while the page changes
    assert any(abs(lpanels[k][3] - apanels[k][3]) < 1e-6 for k in lpanels)
    assert not all(abs(lpanels[k][2] - apanels[k][2] * ratio) < 1e-6 for k in lpanels)


def test_mono_uses_only_greys(scenes):
    colours = set()
    for item in walk(scenes[("letter", "mono")].items):
        style = getattr(item, "style", None)
        for c in (getattr(style, "fill", None), getattr(style, "stroke", None), getattr(item, "fill", None)):
            if isinstance(c, str):
                colours.add(c)
    for c in colours:
        r, g, b = c[1:3], c[3:5], c[5:7]
        assert r == g == b, f"{c} is not grey"


@pytest.fixture(scope="module")
def letter_pdf(tmp_path_factory, scenes):
    path = tmp_path_factory.mktemp("sheet") / "sheet.pdf"
    path.write_bytes(render(scenes[("letter", "color")], "pdf"))
    return path


def test_pdf_is_valid_and_embeds_fonts(letter_pdf, tools):
    assert qpdf_ok(letter_pdf)
    assert fonts_all_embedded(letter_pdf) == []
    info = subprocess.run(["pdfinfo", str(letter_pdf)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+2$", info, re.M)  # side 1 the map, side 2 the charts
    assert "792 x 612 pts" in info
    assert "lostprint" in info


def test_pdf_text_has_every_chart_entry(letter_pdf, tools):
    text = normalise(pdftext(letter_pdf, "-raw"))
    for chart in GAME.charts:
        assert chart.title in text
        for band in chart.bands:
            for result in band.results:
                assert normalise(result) in text, (chart.key, result)
            if chart.key != "planning":
                assert normalise(band.label) in text
    for tr in GAME.trackers:
        assert tr.name in text
    for option in GAME.options:
        assert option.name in text
    for terrain in GAME.terrains:
        assert terrain.name in text
    for symbol in GAME.symbols:
        assert symbol.name in text
    for direction, value in GAME.rules.morale_by_direction:
        assert direction in text
    assert "42 in all" in text and "a column a week" in text


def test_same_bytes_twice(scenes):
    scene = scenes[("letter", "mono")]
    again = build_sheet("lost-expedition", None, SheetOptions("letter", "mono"))  # built anew, same bytes
    assert render(again, "pdf") == render(scene, "pdf")
    assert render(again, "svg") == render(scene, "svg")


def test_png_matches_pdf(letter_pdf, scenes, tmp_path, tools):
    from PIL import Image, ImageChops, ImageFilter, ImageOps, ImageStat

    png = render(scenes[("letter", "color")], "png", dpi=50)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(letter_pdf), str(tmp_path / "p")], check=True)
    a = Image.open(io.BytesIO(png)).convert("RGB")
    b = Image.open(tmp_path / "p.png").convert("RGB")
    assert abs(a.size[0] - b.size[0]) <= 1 and abs(a.size[1] - b.size[1]) <= 1
    b = b.resize(a.size)
    # blur away sub-pixel anti-aliasing differences between the two rasterisers
    a, b = a.filter(ImageFilter.GaussianBlur(2)), b.filter(ImageFilter.GaussianBlur(2))
    diff = max(ImageStat.Stat(ImageChops.difference(a, b)).mean)
    assert diff < 3.5, f"PNG and PDF differ on average by {diff:.1f}/255"
    # the comparison can fail: the same sheet mirrored is clearly off
    mirrored = ImageOps.mirror(b)
    assert max(ImageStat.Stat(ImageChops.difference(a, mirrored)).mean) > diff * 1.5
    assert ImageStat.Stat(a.convert("L")).stddev[0] > 10  # and not blank


def test_cli_writes_default_name(tmp_path):
    r = run_cli("sheet", "1572", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "output" / "1572-lost-expedition-sheet-letter.pdf"
    assert out.exists() and out.read_bytes().startswith(b"%PDF")
    r = run_cli("sheet", "lost-expedition", "--paper", "a4", "--ink", "mono", "--format", "svg", "-o", f"{tmp_path / 'd'}/")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "d" / "1572-lost-expedition-sheet-a4-mono.svg").read_text().startswith("<?xml")
    r = run_cli("sheet", "1572", "-o", tmp_path / "x.png", "--dpi", "40")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args,code,words", [
    (("sheet", "1999"), 2, "unknown game"),
    (("sheet", "1572", "--paper", "b5"), 2, "--paper"),
    (("sheet", "1572", "--format", "gif"), 2, "--format"),
    (("sheet", "1572", "-o", "out.gif"), 2, "format"),
    (("sheet", "1572", "-o", "/proc/nope/x.pdf"), 1, "cannot write"),
    (("sheet", "1572", "--map", "missing.json"), 1, "missing.json"),
    (("frobnicate",), 2, "No such command"),
])
def test_bad_input_is_one_clear_line(tmp_path, args, code, words):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == code
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert words in lines[0]
    assert "Traceback" not in r.stderr
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


def test_png_without_cairo_says_what_to_install(monkeypatch):
    import builtins

    from lostprint.errors import LostprintError

    real_import = builtins.__import__

    def no_cairo(name, *a, **kw):
        if name.startswith("cairosvg"):
            raise OSError("no library called cairo was found")
        return real_import(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", no_cairo)
    scene = blank_sheet("lost-expedition")
    with pytest.raises(LostprintError, match="Cairo"):
        render(scene, "png")
    assert render(scene, "svg").startswith(b"<?xml")  # SVG and PDF never need Cairo
    assert render(scene, "pdf").startswith(b"%PDF")


def test_version_help_games():
    r = run_cli("--version")
    assert r.returncode == 0 and "lostprint" in r.stdout
    r = run_cli("--help")
    assert r.returncode == 0 and "sheet" in r.stdout and "demo" in r.stdout
    r = run_cli("games")
    assert r.returncode == 0
    for word in ("lost-expedition", "1572", "lost-crew", "1672", "lost-crows", "1872", "crows"):
        assert word in r.stdout


def test_keys_agree_with_the_map_and_the_river_takes_pencil():
    """Issue 25, items 6 and 7: the key drew the cataract as a zigzag and the river as a black wave where
    the map draws a ticked bar and a blue line with chevrons; the Advanced Empire icon looked like the
    house-rule mark; the sheet used ⌂ and never said what it means; the river was a saturated 2.3 mm
    stroke through the hexes a player pencils."""
    from lostprint import checks
    from lostprint.scene import Group, Path as SPath, Text as SText, walk as swalk
    from lostprint.sheets.common import HOUSE_NOTE
    from lostprint.sheets.icons import icon
    from sheet_scenes import blank_sheet

    for ink in ("color", "mono"):
        scene = blank_sheet("lost-expedition", "letter", ink)
        mapped = next(g for g in scene.items if isinstance(g, Group) and g.name == "map")
        river = next(i for i in swalk(mapped.items) if getattr(i, "role", "") == "river")
        key = next(g for g in scene.pages[0].items if isinstance(g, Group) and g.name == "symbol-key")
        sample = next(i for i in swalk(key.items) if getattr(i, "role", "") == "river")
        assert sample.style.stroke == river.style.stroke  # the map's own drawing, at a key's size
        assert [i for i in swalk(key.items) if getattr(i, "role", "") == "cataract"]
        assert [i for i in swalk(mapped.items) if getattr(i, "role", "") == "cataract"]
        foot = " ".join(t.text for t in swalk(scene.pages[0].items) if isinstance(t, SText) and t.role == "footnote")
        assert HOUSE_NOTE in foot
        if ink == "color":  # light, and thin beside the hex: pencil shows on it
            r, g, b = (int(river.style.stroke[k:k + 2], 16) / 255 for k in (1, 3, 5))
            assert 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55
            assert river.style.width / MM <= 1.5
    empire = icon("empire", 0, 0, 20, "#000000")
    assert any(isinstance(i, SPath) and i.style.fill for i in swalk(empire.items))  # a filled stepped temple
    assert checks.all_problems(blank_sheet("lost-expedition")) == []
