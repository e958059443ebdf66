"""Journals in every script: fallback fonts embedded and subset, text extracted in logical order,
shaped glyphs (no .notdef), a clear warning when the system fonts are missing, unique subset tags.

Needs the Debian font packages listed in the README (fonts-noto-core, fonts-droid-fallback,
fonts-nanum, fonts-symbola): without them these tests fail, they do not skip.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import qpdf_ok, run_cli

sys.path.insert(0, str(Path(__file__).parent))
from scripts_save import PLAYER, SCRIPTS, TITLE, write_save

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "1672-the-salt-road-home.yaml"
FONT_FILES = ("NotoSerifHebrew", "NotoNaskhArabic", "DroidSansFallback", "NanumMyeongjo", "NotoSerifDevanagari",
              "NotoSerifThai", "Symbola", "DejaVuSerif")
_BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def pdffonts(path) -> list[list[str]]:
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return [row.split() for row in out.splitlines()[2:]]


def extracted(path, *extra) -> str:
    out = subprocess.run(["pdftotext", *extra, str(path), "-"], capture_output=True, text=True, check=True).stdout
    return _BIDI_MARKS.sub("", out)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scripts")
    save = write_save(folder, EXAMPLE)
    out = folder / "scripts.pdf"
    proc = run_cli("render", save, "-o", out)
    assert proc.returncode == 0, proc.stderr
    fonts_missing(proc.stderr)
    return save, out, proc


def fonts_missing(stderr: str) -> None:
    """Fails with the render's own warning, which names the Debian packages to install, when the system
    fonts these tests need are not there (every later check would fail less clearly)."""
    warning = [line for line in stderr.splitlines() if "no installed font covers" in line]
    if warning:
        pytest.fail(f"the system fonts these tests need are missing: {warning[0]}", pytrace=False)


# One real process with no system fonts (FONTCONFIG_FILE: an empty config, set before it starts) runs
# both commands the two tests below need, each through the CLI's entry point as `lostprint` would: the
# sheet as a PNG first, in a process that has done nothing else, then the journal (its fallback fonts
# are looked up by `fc-list`, a process of its own under the same empty config). Their stderr is
# marked off by a line `== <command>` before and `== exit <code>` after each.
_COMMANDS = """
import json, sys
from lostprint.cli import main
for argv in json.loads(sys.argv[1]):
    print("== " + argv[0], file=sys.stderr, flush=True)
    code = main(argv)
    print(f"== exit {code}", file=sys.stderr, flush=True)
"""


@pytest.fixture(scope="module")
def bare(rendered, tmp_path_factory) -> dict:
    """{command: (exit code, its stderr, its output file)} from the process without system fonts."""
    import json
    import os

    save, _, _ = rendered
    folder = tmp_path_factory.mktemp("bare")
    empty = folder / "fonts.conf"
    empty.write_text('<?xml version="1.0"?>\n<fontconfig></fontconfig>\n')
    outputs = {"sheet": folder / "bare.png", "render": folder / "bare.pdf"}
    commands = [["sheet", "1572", "--format", "png", "--dpi", "100", "-o", str(outputs["sheet"])],
                ["render", str(save), "-o", str(outputs["render"])]]
    env = dict(os.environ, FONTCONFIG_FILE=str(empty))
    proc = subprocess.run([sys.executable, "-c", _COMMANDS, json.dumps(commands)], capture_output=True, text=True,
                          env=env, timeout=180, check=False)
    assert proc.returncode == 0, proc.stderr
    found, command, lines = {}, None, []
    for line in proc.stderr.splitlines():
        if line.startswith("== exit ") and command is not None:
            found[command] = (int(line.split()[-1]), "\n".join(lines), outputs[command])
            command = None
        elif line.startswith("== ") and command is None:
            command, lines = line[3:], []
        else:
            lines.append(line)
    assert sorted(found) == ["render", "sheet"], proc.stderr
    return found


def test_every_script_is_embedded_subset_and_found_in_logical_order(rendered, tools):
    _, pdf, proc = rendered
    assert "warning" not in proc.stderr  # every script has a font on this machine
    assert qpdf_ok(pdf)
    rows = pdffonts(pdf)
    names = [r[0] for r in rows]
    for family in FONT_FILES:
        assert any(family in n for n in names), (family, names)
    for row in rows:
        assert row[-5:-2] == ["yes", "yes", "yes"], row  # embedded, subset, with a ToUnicode map
    text = extracted(pdf)
    assert "\ufffd" not in text
    at = -1
    for name, _, words in SCRIPTS:
        for word in words:
            found = text.find(word, max(at, 0))
            assert found > at, (name, word)
            at = found
    head = extracted(pdf, "-f", "1", "-l", "1")
    assert "Journey 旅" in head and "رحلة" in head and "Tomás" in head and "שלום" in head


def test_rtl_paragraphs_are_set_right_to_left_and_arabic_is_joined(rendered):
    from lostprint.text.shape import layout_line

    line = layout_line("مشينا على طول النهر", "serif", 10.6)
    assert line.rtl and all(run.rtl for run in line.runs)
    isolated = {layout_line(ch, "serif", 10.6).runs[0].glyphs[0].gid for ch in "مشينا"}
    joined = {g.gid for g in line.runs[0].glyphs}
    assert joined - isolated, "no contextual (joined) forms: Arabic was not shaped"
    # a Hebrew word inside an English line keeps the line left to right; the word's glyphs run RTL
    mixed = layout_line("we met שלום at dawn", "serif", 10)
    assert [r.rtl for r in mixed.runs] == [False, True, False]
    assert mixed.runs[1].text.strip() == "שלום"
    assert mixed.runs[1].glyphs[0].cluster > mixed.runs[1].glyphs[-1].cluster  # drawn last letter first


def test_every_glyph_of_every_script_is_a_real_glyph(rendered):
    from lostprint.text.shape import layout_line

    for name, text, _ in SCRIPTS + (("title", TITLE, ()), ("player", PLAYER, ())):
        line = layout_line(text, "serif", 10.6)
        assert "\ufffd" not in "".join(r.text for r in line.runs), name
        assert all(g.gid != 0 for r in line.runs for g in r.glyphs), f"{name}: .notdef (a box) drawn"


def inked_rows(img) -> list[bool]:
    """For each pixel row of a thresholded image (ink 255, paper 0): does it hold any ink?"""
    data, w = img.tobytes(), img.width
    return [data.find(255, y * w, (y + 1) * w) != -1 for y in range(img.height)]


_SILHOUETTE = bytes(255 if v > 90 else 0 for v in range(256))  # grey level -> ink (255) or paper (0)


def glyph_blobs(band) -> list[bytes]:
    """The ink of one line cut at empty columns: one silhouette per glyph (or joined word)."""
    from PIL import Image

    h = band.height
    inked = inked_rows(band.transpose(Image.Transpose.TRANSPOSE))  # its columns
    blobs, start = [], None
    for x, ink in enumerate(inked + [False]):
        if ink and start is None:
            start = x
        elif not ink and start is not None:
            # an 8 x 8 silhouette: the same glyph at another sub-pixel offset gives the same one
            blob = band.crop((start, 0, x, h)).resize((8, 8), Image.BOX)
            blobs.append(blob.tobytes().translate(_SILHOUETTE))
            start = None
    return blobs


def page_height(pdf, page: int) -> float:
    """In points, from pdfinfo's `Page    N size:  W x H pts` line."""
    info = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    line = next(line for line in info.splitlines() if line.startswith("Page") and " size:" in line)
    return float(line.split("size:")[1].split()[2])


def boxed_lines(pdf, page: int, tmp_path, dpi: int = 150, top: float = 1.0) -> list[int]:
    """The rows (in pixels) of text lines, found in the raster alone, drawn with a handful of shapes
    over and over: a row of boxes (tofu) or placeholders, whatever text extraction says. `top`: the
    share of the page read (from the top; only that share is rasterised)."""
    from PIL import Image

    crop = ["-y", "0", "-H", str(int(page_height(pdf, page) * dpi / 72 * top))] if top < 1.0 else []
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", str(page), "-l", str(page), *crop, str(pdf),
                    str(tmp_path / f"p{page}")], check=True)
    img = Image.open(max(tmp_path.glob(f"p{page}*.png"))).convert("L").point(lambda v: 255 if v < 140 else 0)
    rows = inked_rows(img)
    bad, start = [], None
    for y, ink in enumerate(rows + [False]):
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            blobs = glyph_blobs(img.crop((0, start, img.width, y)))
            if len(blobs) >= 6 and len(set(blobs)) <= max(4, len(blobs) // 4):
                bad.append(start)
            start = None
    return bad


def test_tofu_finder_finds_boxes(tmp_path):
    """The raster check below, on what main drew: CJK set in DejaVu by reportlab is a row of boxes."""
    from reportlab.pdfgen.canvas import Canvas

    from lostprint.fonts import registered

    pdf = tmp_path / "tofu.pdf"
    c = Canvas(str(pdf), pagesize=(400, 100), invariant=1)
    c.setFont(registered("serif"), 12)
    c.drawString(20, 60, "今日は川に沿って歩いた")
    c.drawString(20, 30, "Walked along the river")
    c.save()
    assert len(boxed_lines(pdf, 1, tmp_path)) == 1  # the CJK line, not the English one


def test_pages_show_no_boxes_where_text_is(rendered, tmp_path):
    """Rasterised: no text line of the title block or the journal page is a row of identical boxes."""
    _, pdf, _ = rendered
    assert boxed_lines(pdf, 1, tmp_path, top=0.14) == []
    assert boxed_lines(pdf, 2, tmp_path) == []


def test_same_bytes_twice_and_unique_subset_tags(rendered, tmp_path):
    save, pdf, _ = rendered
    again = tmp_path / "again.pdf"
    assert run_cli("render", save, "-o", again).returncode == 0
    assert pdf.read_bytes() == again.read_bytes()
    tags = [n.split("+")[0] for n in (r[0] for r in pdffonts(pdf))]
    assert "AAAAAA" not in tags and len(set(tags)) == len(tags)
    sheet = tmp_path / "sheet.pdf"
    assert run_cli("sheet", "1572", "-o", sheet).returncode == 0
    sheet_tags = {r[0].split("+")[0] for r in pdffonts(sheet)}
    assert not sheet_tags & set(tags)


def test_without_the_system_fonts_a_clear_warning_and_placeholders(bare, tmp_path, tools):
    code, stderr, out = bare["render"]
    assert code == 0, stderr
    warnings = [line for line in stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1, stderr
    warning = warnings[0]
    for needle in ("day 1", "day 10", "今", "🔥", "fonts-droid-fallback", "fonts-nanum", "fonts-noto-core",
                   "fonts-symbola"):
        assert needle in warning, needle
    assert qpdf_ok(out)
    assert all(r[-5] == "yes" for r in pdffonts(out))
    text = extracted(out)
    assert "\ufffd" in text  # the placeholder is drawn, visibly
    assert boxed_lines(out, 2, tmp_path)  # and the raster check sees those rows of placeholders
    assert "Мы шли вдоль реки" in text and "הלכנו לאורך הנהר" in text  # DejaVu still covers these


def test_latin_text_takes_the_plain_path():
    import yaml

    from lostprint.text.fallback import is_simple

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    journals = [d["journal"] for d in data["days"] if d.get("journal")]
    assert journals and all(is_simple(" ".join(j.split()), "serif") for j in journals)
    assert is_simple(data["title"], "serif-bold") and is_simple(data["player"], "serif-italic")


def test_marks_stay_on_their_base_and_lines_break_between_cjk_characters():
    from lostprint.text.fallback import resolve_runs
    from lostprint.text.pdf import tokens

    assert resolve_runs("e\u0301t\u00e9", "serif") == (("serif", "e\u0301t\u00e9"),)
    assert tokens("我们在雨中。休息") == ["我", "们", "在", "雨", "中。", "休", "息"]
    assert tokens("two words") == ["two ", "words"]


def test_svg_carries_its_fonts_and_draws_other_scripts_as_outlines():
    from lostprint.render import render
    from lostprint.scene import Scene, Text

    arabic = "مشينا على طول النهر"
    scene = Scene(300, 120, (Text(10, 30, "Day 1 \u2212 camp", 12, "serif-bold"),
                             Text(290, 60, arabic, 12, "serif", "end"),
                             Text(10, 90, "日本語 and Ελληνικά", 12, "sans")))
    svg = render(scene, "svg").decode("utf-8")
    assert svg.count("@font-face") == 1 and "font/ttf;base64," in svg and "font-weight:bold" in svg
    assert f'aria-label="{arabic}"' in svg and 'aria-label="日本語 and Ελληνικά"' in svg
    assert arabic not in svg.replace(f'aria-label="{arabic}"', "")  # drawn as glyphs, not left to the viewer
    assert svg.count("<path") > len(arabic.replace(" ", "")) // 2
    assert svg == render(scene, "svg").decode("utf-8")
    png = render(scene, "png", dpi=150)
    from io import BytesIO

    from PIL import Image

    assert round(Image.open(BytesIO(png)).info["dpi"][0]) == 150


def _blocks(path, n=16):
    from PIL import Image

    im = Image.open(path).convert("L")
    return im.resize((im.width // n, im.height // n), Image.BOX)


def test_png_is_the_same_without_system_fonts(bare, tmp_path):
    """cairosvg reads no @font-face: the bundled fonts are handed to fontconfig, so hiding every
    system font changes no letter (only hinting differs: compared over 16-pixel blocks)."""
    code, stderr, bare_png = bare["sheet"]
    assert code == 0, stderr
    normal = tmp_path / "normal.png"
    assert run_cli("sheet", "1572", "--format", "png", "--dpi", "100", "-o", normal).returncode == 0
    a, b = _blocks(normal), _blocks(bare_png)
    pa, pb = a.load(), b.load()
    worst = max(abs(pa[x, y] - pb[x, y]) for x in range(a.width) for y in range(a.height))
    assert worst < 45, worst  # boxes for −, – and · measured 108 here


def test_missing_system_fonts_fail_with_the_packages_to_install():
    warning = ("lostprint: warning: no installed font covers 3 characters, printed as \ufffd: \u65c5 (title); "
               "install the Debian packages fonts-droid-fallback")
    with pytest.raises(pytest.fail.Exception, match="install the Debian packages fonts-droid-fallback"):
        fonts_missing(warning + "\n")
    fonts_missing("")  # nothing missing: no failure
