"""Rulebooks as real files: qpdf, embedded fonts, identical bytes, outline, contents page numbers, every
chart entry findable, both papers and both inks, and the CLI's errors."""
from __future__ import annotations

import functools
import json
import re
import subprocess

import pytest

import printed as P
from conftest import run_cli
from lostprint import checks
from lostprint.app.registry import part
from lostprint.books.rulebook import RulebookOptions, build_rulebook, plain, render_markup
from lostprint.games import load, with_part

GAMES = sorted(g.id for g in with_part("rulebook"))
VARIANTS = list(P.PRINTS)  # letter in colour, a4 in mono: each paper and each ink once
OTHER_VARIANTS = [("letter", "mono"), ("a4", "color")]


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """Each game's rulebook in each variant, built once per run (tests/printed.py) and written to disk."""
    out = tmp_path_factory.mktemp("rulebooks")
    cache: dict = {}

    def get(game_id: str, paper: str = "letter", ink: str = "color"):
        key = (game_id, paper, ink)
        if key not in cache:
            data = P.rulebook(game_id, paper, ink)
            path = out / f"{game_id}-{paper}-{ink}.pdf"
            path.write_bytes(data)
            cache[key] = (data, path)
        return cache[key]

    return get


def run(*cmd: str) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


@functools.lru_cache(maxsize=None)
def plain_text(path) -> str:
    """pdftotext of the whole book, read once per file (several tests read the letter books)."""
    return run("pdftotext", str(path), "-")


def page_texts(data: bytes) -> list[str]:
    """Every page's text, whitespace squeezed: the lines poppler reads (printed.text, read once per book
    for this file and test_books_print alike)."""
    return [squeeze(page.text()) for page in P.text(data)] or [""]


def squeeze(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("paper,ink", VARIANTS)
def test_pdf_is_valid_embedded_and_sized(books, game_id, paper, ink):
    data, path = books(game_id, paper, ink)
    assert "No syntax or stream encoding errors" in run("qpdf", "--check", str(path))
    fonts = run("pdffonts", str(path)).splitlines()[2:]
    assert fonts, "no fonts"
    for line in fonts:
        assert "DejaVu" in line and " yes yes " in line, f"font not embedded: {line}"
    info = run("pdfinfo", str(path))
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
    want = {"letter": (612, 792), "a4": (595.28, 841.89)}[paper]
    assert abs(float(size.group(1)) - want[0]) < 1 and abs(float(size.group(2)) - want[1]) < 1
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) >= 6


@pytest.mark.parametrize("game_id", [g if g == "crows" else pytest.param(g, marks=pytest.mark.slow) for g in GAMES])
def test_identical_bytes_on_rerun(books, game_id):
    data, _ = books(game_id)
    assert build_rulebook(part(game_id, "rulebook"), RulebookOptions()) == data


def outline(path) -> list[dict]:
    """Every outline entry, flattened: title and 1-based page."""
    tree = json.loads(run("qpdf", "--json", "--json-key=outlines", str(path)))["outlines"]
    out: list[dict] = []

    def walk(items, level):
        for item in items:
            out.append({"title": item["title"], "page": item["destpageposfrom1"], "level": level})
            walk(item["kids"], level + 1)

    walk(tree, 0)
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("paper,ink", VARIANTS)
def test_outline_and_contents_match_the_pages(books, game_id, paper, ink):
    check_outline_and_contents(*books(game_id, paper, ink))


def check_outline_and_contents(data: bytes, path, contents: str = "Contents") -> None:
    """The outline's entries and the contents page (titled `contents`, in the book's language) point at
    the pages their headings are printed on."""
    pages = page_texts(data)
    entries = outline(path)
    assert len(entries) >= 10
    titles = [e["title"] for e in entries]
    assert contents in titles
    # every outline entry points at a page where its heading is printed
    for e in entries:
        assert squeeze(e["title"]) in pages[e["page"] - 1], f"{e['title']!r} is not on page {e['page']}"
    # the contents page lists the top two levels with the page numbers where the headings land
    toc_page = next(e["page"] for e in entries if e["title"] == contents)
    listed = {}
    for page in pages[toc_page - 1:toc_page + 2]:
        for m in re.finditer(r"(\S[^.]*?)\s*(?:\.\s*){3,}(\d+)", page):
            listed[m.group(1).strip()] = int(m.group(2))
    wanted = [e for e in entries if e["level"] <= 1 and e["title"] != contents and e["page"] > toc_page]
    assert wanted
    for e in wanted:
        title = squeeze(e["title"])
        assert any(t.endswith(title) or title.endswith(t) for t in listed), f"{title!r} missing from contents"
        page = listed.get(title) or next(p for t, p in listed.items() if t.endswith(title) or title.endswith(t))
        assert page == e["page"], f"contents says {title!r} is on page {page}, it is on {e['page']}"
        assert title in pages[page - 1]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_chart_entry_is_in_the_text(books, game_id):
    _, path = books(game_id)
    text = squeeze(plain_text(path)).replace("\u00ad", "")
    for typeset, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(typeset, plain)  # the book sets curly quotes; the data types straight ones
    game = load(game_id)
    if game_id == "lost-crew":  # the sheet the book shows prints the Hostile row in its ruling's words (⌂)
        from lostprint.sheets.lost_crew import with_rulings_marked

        game = with_rulings_marked(game)
    missing = []
    for chart in game.charts:
        if chart.title not in text:
            missing.append(chart.title)
        for band in chart.bands:
            for result in band.results:
                if squeeze(result) not in text:
                    missing.append(f"{chart.key} {band.label}: {result}")
    for terrain in game.terrains:
        if terrain.name not in text:
            missing.append(terrain.name)
    drawn = sheet_drawings(game_id)
    for symbol in game.symbols:
        if symbol.name not in text and (drawn is None or symbol.key in drawn):
            missing.append(symbol.name)
    assert not missing, missing


@functools.lru_cache(maxsize=None)
def sheet_drawings(game_id: str) -> set[str] | None:
    """The keys of the icons and key swatches the game's sheet prints (None: the game has no sheet). A
    symbol of the data the sheet never prints (1672's old spade, skull and flag) is not explained."""
    from lostprint.scene import Group, walk
    from lostprint.sheets import build_sheet

    if game_id not in {g.id for g in with_part("sheet")}:
        return None
    return {g.name.partition(":")[2] for page in build_sheet(game_id).all_pages() for g in walk(page.items)
            if isinstance(g, Group) and g.name.startswith(("icon:", "swatch:"))}


@pytest.mark.parametrize("game_id", GAMES)
def test_house_rules_carry_the_mark(books, game_id):
    _, path = books(game_id)
    text = plain_text(path)
    game = load(game_id)
    house = [c for c in game.charts if c.house or any(b.house for b in c.bands)]
    for chart in house:
        assert f"{chart.title} \u2302" in text or f"\u2302 {chart.title}" in text or \
            re.search(rf"\u2302\s*{re.escape(chart.title)}", text), chart.title


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("paper,ink", [("a4", "mono")] + [pytest.param(*v, marks=pytest.mark.slow)
                                                           for v in [("letter", "color")] + OTHER_VARIANTS])
def test_widgets_pass_the_sheet_checks(game_id, paper, ink):
    """The narrower paper and the mono ink are the strict case (tighter boxes, grey only); the other
    three variants run in the slow set."""
    for name, scene in P.widgets(game_id, paper, ink):
        problems = checks.small_text(scene) + checks.text_overlaps(scene) + checks.spills(scene)
        cut = [t.text for t in checks.texts(scene) if t.text.endswith("\u2026")]
        assert not problems and not cut, (name, problems[:5], cut[:5])
        if ink == "mono":
            colours = {getattr(getattr(i, "style", None), "fill", None) for i in _walk(scene)} | \
                      {getattr(i, "fill", None) for i in _walk(scene)}
            for c in colours - {None}:
                r, g, b = (int(c.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
                assert r == g == b, f"{name}: colour {c} in mono"


def _walk(scene):
    from lostprint.scene import walk

    return list(walk(scene.items))


@pytest.mark.parametrize("game_id", GAMES)
def test_markup_renders_and_headings_are_plain(game_id):
    text = render_markup(part(game_id, "rulebook"))
    assert "{{" not in text and "{%" not in text
    heads = [line for line in text.splitlines() if line.startswith("#")]
    assert len(heads) >= 10
    for h in heads:
        assert plain(h.lstrip("# ")).strip()


def test_cli_writes_a_rulebook_and_rejects_bad_input(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    ok = run_cli("rulebook", "1672", "--paper", "a4", "--ink", "mono", "-o", folder)  # the quickest book
    assert ok.returncode == 0, ok.stderr
    out = folder / "1672-lost-crew-rulebook-a4-mono.pdf"
    assert out.read_bytes() == P.rulebook("lost-crew", "a4", "mono")  # the command writes the book
    for args, code in ((["rulebook", "nope", "-o", str(tmp_path / "x.pdf")], 2),
                       (["rulebook", "1572", "-o", str(tmp_path / "x.svg")], 2),
                       (["rulebook", "1572", "--paper", "a3", "-o", str(tmp_path / "y.pdf")], 2)):
        bad = run_cli(*args)
        assert bad.returncode == code, (args, bad.stderr)
        assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "x.svg").exists()
    assert not (tmp_path / "y.pdf").exists()


def test_house_rules_that_share_a_reason_are_one_entry(books):
    """Neighbouring house rules of one family that give one reason print once, naming each member."""
    from lostprint.books.rulebook import merged_rules

    rules = [("Chart, row 2, Tribe", "Same. Tribe: a."), ("Chart, row 2, Chief", "Same. Chief: b."),
             ("Chart, row 3, Tribe", "Other."), ("Other rule", "Other.")]
    assert merged_rules(rules) == [("Chart, row 2 (Tribe and Chief)", "Same. Tribe: a. Chief: b."),
                                   ("Chart, row 3, Tribe", "Other."), ("Other rule", "Other.")]
    _, path = books("lost-crows")
    text = squeeze(plain_text(path))
    for row in ("difference 2", "difference <2"):
        assert text.count(f"Tribal Units, {row}") == 1, row  # one entry per row, not one per unit


def test_1872_symbol_key_is_the_sheets_map_key_and_the_text_reads_right():
    """The book's symbol key is the sheet's key to its map, drawn by the sheet's code: the river edge,
    the dashed zone and the ringed plot letters the map prints (it had shown a star, a fort and a wave).
    The plot outcomes' intro reads as one sentence (it had pasted the house-rule reason after a colon)
    and the start hex is named as the map marks it (there is no mounted rider on the map)."""
    from lostprint.geometry.paper import Box
    from lostprint.scene import walk
    from lostprint.sheets.lost_crows import river_key

    opts = RulebookOptions()  # letter colour: the book test_journal_map checks the 1872 map labels on
    scene = dict(P.widgets("lost-crows", opts.paper, opts.ink))["map-key"]
    book_key = next(g for g in scene.items if getattr(g, "name", "") == "map-key")
    sheet_key = river_key(Box(*book_key.box), opts.pal, load("lost-crows"))
    assert [type(i).__name__ for i in walk(book_key.items)] == [type(i).__name__ for i in walk(sheet_key.items)]
    assert [getattr(i, "text", "") for i in walk(book_key.items)] == [getattr(i, "text", "") for i in walk(sheet_key.items)]
    roles = {getattr(it, "role", "") for it in walk(book_key.items)}
    assert {"river-sample", "plot-sample"} <= roles
    pages = P.text(P.rulebook("lost-crows"))
    whole = " ".join(p.text() for p in pages)
    assert "mounted rider" not in whole
    intro = next(p.text() for p in pages if "Keywords written by the outcomes" in p.text())
    assert "this one follows" not in intro and "marked \u2302: The" not in intro
