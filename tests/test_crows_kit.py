"""The Crows print-and-play kit: scene checks, imposition, and the PDF itself measured (crop marks
exactly on every trim edge, never across a neighbour; TrimBox and BleedBox; fonts; same bytes)."""
from __future__ import annotations

import re
import subprocess
from functools import lru_cache

import pytest

import printed as P
from conftest import fonts_all_embedded, normalise, pdftext, qpdf_ok, run_cli
from lostprint.checks import all_problems
from lostprint.crows import imposition as I
from lostprint.crows.imposition import q
from lostprint.render import render
from lostprint.crows.kit import KitOptions, build_kit, sections
from lostprint.games import crows as G
from lostprint.geometry.paper import MM, page_size
from lostprint.scene import Group, Line, Rect, Text, walk

PAPERS = ("letter", "a4")


@lru_cache(maxsize=None)
def kit(paper="letter", ink="color", marks="margin", tile=40 * MM, bleed=3 * MM):
    if (marks, tile, bleed) == ("margin", 40 * MM, 3 * MM):  # the default kit: built once per run
        return P.kit_scene(paper, ink)
    return build_kit(KitOptions(paper=paper, ink=ink, marks=marks, tile=tile, bleed=bleed))


@lru_cache(maxsize=None)
def kit_pdf(tmp_root, paper="letter", ink="color", marks="margin"):
    path = f"{tmp_root}/kit-{paper}-{ink}-{marks}.pdf"
    with open(path, "wb") as fh:
        fh.write(P.kit(paper, ink) if marks == "margin" else render(kit(paper, ink, marks), "pdf"))
    return path


@pytest.fixture(scope="module")
def tmp_root(tmp_path_factory):
    return str(tmp_path_factory.mktemp("crows-kit"))


def pieces(page):
    return [g for g in page.items if isinstance(g, Group) and g.name.startswith("piece:")]


# --- the Scene ---------------------------------------------------------------------------------

# each paper and each ink once by default (P.PRINTS); the other two pairings run in the slow set
@pytest.mark.parametrize("paper,ink", [*P.PRINTS, pytest.param("letter", "mono", marks=pytest.mark.slow),
                                       pytest.param("a4", "color", marks=pytest.mark.slow)])
def test_kit_pages_pass_the_print_checks(paper, ink):
    scene = kit(paper, ink)
    assert all_problems(scene) == []
    for page in scene.all_pages():
        assert (page.width, page.height) == page_size(paper, landscape=False)


@pytest.mark.parametrize("paper,ink,marks", [("letter", "color", "none"), ("a4", "mono", "full")])
def test_other_crop_mark_modes_pass_the_print_checks(paper, ink, marks):
    assert all_problems(kit(paper, ink, marks)) == []


def test_kit_holds_every_piece():
    fronts = [p for page in kit().all_pages() if page.meta().get("side") == "front" for p in pieces(page)]
    kinds = [p.name.split(":")[1] for p in fronts]
    for key, n in G.HOUSE_COUNTS:
        assert kinds.count(key) == n, key
    assert kinds.count(G.NIGHTFALL) == 1
    assert sum(kinds.count(k) for k, _ in G.HOUSE_COUNTS) == G.MAP_TILES == 61
    for spell in G.SPELLS:
        assert kinds.count(spell.key) == 4
    comps = dict(G.COMPONENTS)
    assert kinds.count("crow") == comps["crows"] == 36 and kinds.count("queen-crow") == 1
    assert kinds.count("corruption") == 4 and kinds.count("totem") == 4 and kinds.count("first-player") == 1
    assert kinds.count("coin-1") == comps["coin-1"] and kinds.count("coin-5") == comps["coin-5"]
    assert kinds.count("reference") == 4


def test_every_front_page_is_followed_by_its_mirrored_backs():
    scene = kit("a4")
    pages = scene.all_pages()
    for i, page in enumerate(pages):
        if page.meta().get("side") != "back":
            continue
        front = pages[i - 1]
        assert front.meta()["side"] == "front" and front.meta()["section"] == page.meta()["section"]
        fb, bb = pieces(front), pieces(page)
        assert len(fb) == len(bb)
        for f, b in zip(fb, bb):
            fx, fy, fw, fh = f.box
            bx, by, bw, bh = b.box
            assert (by, bw, bh) == (fy, fw, fh)
            assert abs(bx - (page.width - fx - fw)) <= 0.011  # mirrored for a long-edge flip
            assert f.name.split(":")[1] == b.name.split(":")[1] or page.meta()["section"] in ("tiles", "spells",
                                                                                               "reference")



def test_two_sided_tokens_keep_their_own_face_on_the_back():
    """Each totem's back shows its own colour, not the first totem's."""
    from lostprint.scene import Text

    pages = kit().all_pages()
    for i, page in enumerate(pages):
        if page.meta().get("side") != "back" or page.meta()["section"] != "tokens":
            continue
        for f, b in zip(pieces(pages[i - 1]), pieces(page)):
            words = [[t.text for t in walk(g.items) if isinstance(t, Text)] for g in (f, b)]
            assert words[0] == words[1], f.name

def outer_bleed_said(scene) -> tuple[float, float]:
    """(sides, top and bottom) in mm: the spell cards' outer bleed as the cover states it."""
    note = normalise(" ".join(t.text for t in walk(scene.items) if isinstance(t, Text)))
    if m := re.search(r"past the cut \(bleed\): ([\d.]+) mm at the sides, ([\d.]+) mm at the top and bottom", note):
        return float(m.group(1)), float(m.group(2))
    m = re.search(r"colour runs on ([\d.]+) mm past the cut", note)
    assert m, "the cover does not say what bleed the spell cards have"
    return float(m.group(1)), float(m.group(1))


@pytest.mark.parametrize("paper", PAPERS)
def test_spell_card_blocks_bleed_past_every_outer_edge_as_the_cover_says(paper):
    """The poker cards print touching; round the block the art runs on past the trim by the bleed the
    cover states: 3 mm where the paper allows, else up to the printable area (letter's height)."""
    scene = kit(paper)
    said_x, said_y = outer_bleed_said(scene)
    assert said_x == 3.0 and (said_y == 3.0 if paper == "a4" else 1.0 <= said_y < 3.0)
    pages = [p for p in scene.all_pages() if p.meta().get("section") == "spells"]
    assert len(pages) == 6
    for page in pages:
        tx0, ty0, tx1, ty1 = map(float, page.meta()["trimbox"].split())
        rects = [r for g in page.items if isinstance(g, Group) and (g.name.startswith("piece:") or g.name == "outer-bleed")
                 for r in walk(g.items) if isinstance(r, Rect) and r.style.fill]
        ax0, ay0 = min(r.x for r in rects), min(r.y for r in rects)
        ax1, ay1 = max(r.x + r.w for r in rects), max(r.y + r.h for r in rects)
        got = (tx0 - ax0, ty0 - ay0, ax1 - tx1, ay1 - ty1)
        want = (said_x, said_y, said_x, said_y)
        assert all(abs(g / MM - w) <= 0.05 for g, w in zip(got, want)), (page.meta()["side"], [g / MM for g in got])
        assert min(ax0, ay0) >= I.SAFE - 0.01 and ax1 <= page.width - I.SAFE + 0.01 and ay1 <= page.height - I.SAFE + 0.01
        assert page.meta()["bleedbox"] == f"{ax0:.2f} {ay0:.2f} {ax1:.2f} {ay1:.2f}"
        for line in walk(page.items):  # cut lines run on the block's cuts or beyond its bleed, never over it
            if isinstance(line, Line) and line.role in ("cut-line", "crop-mark"):
                inside = tx0 - 0.01 <= min(line.x1, line.x2) and max(line.x1, line.x2) <= tx1 + 0.01 \
                    and ty0 - 0.01 <= min(line.y1, line.y2) and max(line.y1, line.y2) <= ty1 + 0.01
                beyond = max(line.x1, line.x2) < ax0 or min(line.x1, line.x2) > ax1 \
                    or max(line.y1, line.y2) < ay0 or min(line.y1, line.y2) > ay1
                assert inside or beyond, line


def test_spell_sheets_carry_the_same_header_on_both_papers():
    """Letter's 9-up cards fill the page's height, so its header turns into the side margins; a4's sits
    above the block: the words are the same, and they say which sheet and which side it is."""
    heads = {}
    for paper in PAPERS:
        pages = [p for p in kit(paper).all_pages() if p.meta().get("section") == "spells"]
        heads[paper] = [sorted(t.text for g in p.items if isinstance(g, Group) and g.name == "page-head"
                               for t in walk(g.items) if isinstance(t, Text)) for p in pages]
        for page, head in zip(pages, heads[paper]):
            side = page.meta()["side"]
            assert any(h.startswith("Crows \u00b7 Spell cards \u00b7 sheet ") and h.endswith(side + "s") for h in head), head
    assert heads["letter"] == heads["a4"] and len(heads["a4"]) == 6


def test_mono_queen_stands_out_and_the_5_coin_ring_clears_its_word():
    import math

    from lostprint.scene import Circle, bbox

    def grey(colour):
        return sum(int(colour[i:i + 2], 16) for i in (1, 3, 5)) / 765

    fronts = [p for page in kit("letter", "mono").all_pages() if page.meta().get("side") == "front"
              for p in pieces(page)]
    ground = {p.name.split(":")[1]: next(r.style.fill for r in p.items if isinstance(r, Rect)) for p in fronts}
    assert abs(grey(ground["queen-crow"]) - grey(ground["crow"])) >= 0.2  # told apart on the table
    coins = [p for p in fronts if p.name.startswith("piece:coin-5:")]
    assert coins
    for coin in coins:
        ring = min((c for c in coin.items if isinstance(c, Circle)), key=lambda c: c.r)
        word = next(t for t in walk(coin.items) if isinstance(t, Text) and t.text == "mana")
        x0, y0, x1, y1 = bbox(word)
        far = max(math.hypot(x - ring.cx, y - ring.cy) for x in (x0, x1) for y in (y0, y1))
        assert far < ring.r - ring.style.width, "the ring runs through the word"


def test_wrap_never_breaks_at_a_no_break_space_nor_ends_on_one_word():
    from lostprint.fonts import text_width, wrap

    def fit(text):
        return text_width(text, "sans", 9.0) + 1

    width = fit("Each spell still in hand at the end: 2")  # a greedy wrap would end line 1 on "2"
    assert wrap("Each spell still in hand at the end: 2\u00a0points.", "sans", 9.0, width) == [
        "Each spell still in hand at the end:", "2\u00a0points."]
    width = fit("Each spell still in hand at the")
    assert wrap("Each spell still in hand at the end.", "sans", 9.0, width) == [
        "Each spell still in hand at", "the end."]
    assert wrap("one two", "sans", 9.0, fit("one")) == ["one", "two"]  # no word to spare: left alone
    assert wrap("one two three", "sans", 9.0, fit("one two")) == ["one two", "three"]  # "two three" is too wide


@pytest.mark.parametrize("paper", PAPERS)
def test_reference_cards_end_no_item_on_a_line_of_one_word(paper):
    seen = 0
    for page in kit(paper).all_pages():
        if page.meta().get("section") != "reference":
            continue
        for piece in pieces(page):
            item: list[str] = []
            for t in list(walk(piece.items)) + [None]:
                if isinstance(t, Text) and t.role == "list-text":
                    item.append(t.text)
                    continue
                if len(item) >= 2:
                    seen += 1
                    assert len(item[-1].split()) >= 2, (piece.name, item)
                item = []
    assert seen >= 8


def test_tiles_fit_twenty_to_a_page_at_40mm_on_both_papers():
    for paper in PAPERS:
        sheet = I.impose(page_size(paper, False), (40 * MM, 40 * MM), 3 * MM, "margin")
        assert (sheet.cols, sheet.rows) == (4, 5)


def test_tile_size_and_bleed_change_the_grid():
    big = I.impose(page_size("letter", False), (70 * MM, 70 * MM), 3 * MM, "margin")
    small = I.impose(page_size("letter", False), (30 * MM, 30 * MM), 0, "margin")
    assert big.per_page < small.per_page
    assert all_problems(kit("letter", "color", "full", 30 * MM, 0.0)) == []


def test_piece_art_stays_inside_its_bleed_box():
    for page in kit("letter", "mono").all_pages():
        for piece in pieces(page):
            x, y, w, h = piece.box
            for item in walk(piece.items):
                if isinstance(item, Group):
                    continue
                from lostprint.scene import bbox

                x0, y0, x1, y1 = bbox(item)
                slack = getattr(getattr(item, "style", None), "width", 0) / 2 + 0.02
                assert x0 >= x - slack and y0 >= y - slack and x1 <= x + w + slack and y1 <= y + h + slack, piece.name


def test_no_crop_marks_when_asked_for_none():
    marks = [i for i in walk(kit("letter", "color", "none").pages[5].items) if getattr(i, "role", "") == "crop-mark"]
    assert marks == []


def test_bad_options_are_refused():
    from lostprint.errors import LostprintError

    with pytest.raises(LostprintError, match="tile-size"):
        build_kit(KitOptions(tile=10 * MM))
    with pytest.raises(LostprintError, match="bleed"):
        build_kit(KitOptions(bleed=9 * MM))
    with pytest.raises(LostprintError, match="crop marks"):
        I.impose((600, 800), (100, 100), 5, "everywhere")


# --- the PDF, measured -------------------------------------------------------------------------

NUM = r"(-?[\d.]+)"


def pdf_pages(path):
    """[(page dict text, content stream text)] of a PDF, decoded in process (printed.pdf_pages)."""
    with open(path, "rb") as fh:
        pages = P.pdf_pages(fh.read())
    return [(page.dict.decode("latin-1"), page.content.decode("latin-1")) for page in pages]


def box_of(page_dict, name):
    m = re.search(rf"/{name} \[\s*{NUM}\s+{NUM}\s+{NUM}\s+{NUM}\s*\]", page_dict)
    return tuple(round(float(v), 2) for v in m.groups()) if m else None


def marks_and_rects(content):
    """Stroked lines drawn at the crop-mark width, and filled rectangles, in PDF units (y up)."""
    content = re.sub(r"BT .*? ET", "", content, flags=re.S)
    width = None
    marks, rects = [], []
    for line in content.splitlines():
        if m := re.fullmatch(rf"{NUM} w", line.strip()):
            width = float(m.group(1))
        elif m := re.fullmatch(rf"n {NUM} {NUM} m {NUM} {NUM} l S", line.strip()):
            if width in (0.25, 0.3):  # crop marks, and the shared cut lines of touching pieces
                marks.append(tuple(round(float(v), 2) for v in m.groups()))
        elif m := re.fullmatch(rf"n {NUM} {NUM} {NUM} {NUM} re", line.strip()):
            rects.append(tuple(round(float(v), 2) for v in m.groups()))
    return marks, rects


def _blocks_of(opts: KitOptions) -> tuple[dict, dict]:
    """(bleed of each piece size, outer bleed of each touching block's piece size): a section printed
    touching (spell cards, --gutter 0, the crows' band under the tokens) has no bleed between pieces and
    an outer bleed round its block."""
    from lostprint.crows.kit import BAND_OF

    page = page_size(opts.paper, False)
    secs = {sec.key: sec for sec in sections(opts)}
    bands = {}
    for host, guest in BAND_OF.items():
        h, g = secs[host], secs[guest]
        both = I.impose_with_band(page, h.trim, len(h.fronts), g.trim, len(g.fronts), opts.bleed,
                                  "shared" if opts.shared else opts.marks)
        if both:
            bands[guest] = both[1]
    sizes, outer = {}, {}
    for section in secs.values():
        w, h = q(section.trim[0]), q(section.trim[1])
        touching = section.shared or opts.shared or section.key in bands
        bleed = 0.0 if touching else q(opts.bleed)  # touching pieces have no bleed between them
        sizes[(round(w + 2 * bleed, 2), round(h + 2 * bleed, 2))] = bleed
        if touching:
            sheet = bands.get(section.key) or I.impose(page, section.trim, opts.bleed, "shared")
            outer[(round(w, 2), round(h, 2))] = (sheet.outer_x, sheet.outer_y)
    return sizes, outer


def check_trims(path, opts: KitOptions):
    """Every piece-sized rectangle is a bleed box; its trim edges each have a crop mark on exactly
    their line, no mark enters any bleed box, and the TrimBox/BleedBox are the unions (a touching
    block's BleedBox: the trims' union grown by the block's outer bleed, which no mark enters). A page
    may hold two blocks (the crows under the tokens): each is measured, the page's boxes are their union."""
    sizes, outer = _blocks_of(opts)
    checked = 0
    for page_dict, content in pdf_pages(path):
        media = box_of(page_dict, "MediaBox")
        trim_box, bleed_box = box_of(page_dict, "TrimBox"), box_of(page_dict, "BleedBox")
        assert trim_box is not None and bleed_box is not None
        marks, rects = marks_and_rects(content)
        bleeds = [r for r in rects if (r[2], r[3]) in sizes]
        if trim_box == media:
            assert bleeds == [] and marks == []
            continue
        assert bleeds, "an imposed page without pieces"
        verticals = {(x1, min(y1, y2), max(y1, y2)) for x1, y1, x2, y2 in marks if x1 == x2}
        horizontals = {(y1, min(x1, x2), max(x1, x2)) for x1, y1, x2, y2 in marks if y1 == y2}
        assert len(verticals) + len(horizontals) == len(marks)
        vx, hy = {v[0] for v in verticals}, {h[0] for h in horizontals}
        inners, growns = [], []
        for size in sorted({(r[2], r[3]) for r in bleeds}):
            block = [r for r in bleeds if (r[2], r[3]) == size]
            b = sizes[size]
            for x, y, w, h in block:
                tx0, ty0, tx1, ty1 = round(x + b, 2), round(y + b, 2), round(x + w - b, 2), round(y + h - b, 2)
                assert {tx0, tx1} <= vx, f"no cut line on the trim x of {x, y}"
                assert {ty0, ty1} <= hy, f"no cut line on the trim y of {x, y}"
                checked += 1
                e = 0.005  # a shared cut line lies on a piece's edge, never inside it
                for mx, my0, my1 in verticals:
                    assert not (x + e < mx < x + w - e and my0 < y + h and my1 > y), "a mark crosses a piece"
                for my, mx0, mx1 in horizontals:
                    assert not (y + e < my < y + h - e and mx0 < x + w and mx1 > x), "a mark crosses a piece"
            union = (min(r[0] for r in block), min(r[1] for r in block),
                     max(r[0] + r[2] for r in block), max(r[1] + r[3] for r in block))
            ox, oy = outer.get(size, (0.0, 0.0))
            grown = (union[0] - ox, union[1] - oy, union[2] + ox, union[3] + oy)
            growns.append(grown)
            inners.append((union[0] + b, union[1] + b, union[2] - b, union[3] - b))
            if ox or oy:  # a mark beyond the block starts outside its outer bleed
                e = 0.011
                for mx, my0, my1 in verticals:  # those in line with the block's columns
                    if grown[0] - e <= mx <= grown[2] + e:
                        assert my0 >= union[1] - e and my1 <= union[3] + e or my1 <= grown[1] + e \
                            or my0 >= grown[3] - e
                for my, mx0, mx1 in horizontals:  # those in line with its rows
                    if grown[1] - e <= my <= grown[3] + e:
                        assert mx0 >= union[0] - e and mx1 <= union[2] + e or mx1 <= grown[0] + e \
                            or mx0 >= grown[2] - e

        def hull(boxes):
            return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                    max(b[3] for b in boxes))
        assert all(abs(a - c) <= 0.011 for a, c in zip(bleed_box, hull(growns)))
        assert all(abs(a - c) <= 0.011 for a, c in zip(trim_box, hull(inners)))
    return checked


# the default run measures the letter kit here and an a4 mono kit with full marks, other tiles and bleed
# in test_cli_writes_the_kit; the other layouts run in the slow set
@pytest.mark.parametrize("paper,ink,marks", [("letter", "color", "margin"),
                                             pytest.param("a4", "mono", "full", marks=pytest.mark.slow),
                                             pytest.param("a4", "color", "margin", marks=pytest.mark.slow)])
def test_cut_lines_sit_exactly_on_every_trim_in_the_pdf(tmp_root, tools, paper, ink, marks):
    path = kit_pdf(tmp_root, paper, ink, marks)
    n = check_trims(path, KitOptions(paper=paper, ink=ink, marks=marks))
    tiles = sum(n for _, n in G.HOUSE_COUNTS) + 1
    # fronts and backs of every tile, card, reference card, token and crow
    assert n == 2 * (tiles + 24 + 4 + 54 + 37)


def check_sound(path, paper: str, pages: int | None) -> None:
    """qpdf --check passes, every font is embedded, the paper's MediaBox, the cover's TrimBox is the
    whole page, and (when given) the page count."""
    assert qpdf_ok(path)
    assert fonts_all_embedded(path) == []
    info = subprocess.run(["pdfinfo", "-box", str(path)], capture_output=True, text=True, check=True).stdout
    w, h = page_size(paper, landscape=False)
    if pages is not None:
        assert f"Pages:           {pages}" in info
    media = re.search(rf"MediaBox:\s+0\.00\s+0\.00\s+{NUM}\s+{NUM}", info)
    assert (float(media.group(1)), float(media.group(2))) == (round(w, 2), round(h, 2))
    trim = re.search(rf"TrimBox:\s+{NUM}\s+{NUM}\s+{NUM}\s+{NUM}", info)  # the cover: the whole page
    assert float(trim.group(3)) == round(w, 2)


# the default run checks the letter colour kit here and an a4 mono one in test_cli_writes_the_kit
@pytest.mark.parametrize("paper,ink", [("letter", "color"), pytest.param("a4", "mono", marks=pytest.mark.slow)])
def test_pdf_is_sound_embedded_and_sized(tmp_root, tools, paper, ink):
    check_sound(kit_pdf(tmp_root, paper, ink), paper, len(kit(paper, ink).all_pages()))


def test_pdf_text_names_every_tile_and_spell(tools):
    from lostprint.typeset import curly

    text = normalise("\n".join(page.text() for page in P.text(P.kit())))  # poppler's lines, read once per run
    for t in G.ALL_TILES:
        assert curly(t.name) in text  # set with curly quotes
    for s in G.SPELLS:
        assert curly(s.name) in text
    assert "Setting up" in text and "Flocking" in text


# P.kit() is the demo's `lostprint kit` file when the session ran it, else a build of its own
@pytest.mark.parametrize("paper,ink", [("letter", "color"), pytest.param("a4", "mono", marks=pytest.mark.slow)])
def test_same_bytes_every_time(paper, ink):
    assert render(build_kit(KitOptions(paper=paper, ink=ink)), "pdf") == P.kit(paper, ink)


# --- the command -------------------------------------------------------------------------------

def test_cli_writes_the_kit(tmp_path, tools):
    """Every kit option of the command in one build: paper, ink, tile size, bleed, crop marks and a counts
    file (test_cli_counts_file, the counts file alone, runs in the slow set)."""
    out = tmp_path / "kit.pdf"
    counts = tmp_path / "counts.yaml"
    counts.write_text("barrens: 10\ntrees-3: 6\n")
    r = run_cli("kit", "crows", "--paper", "a4", "--ink", "mono", "--tile-size", "1.5in", "--bleed", "2mm",
                "--crop-marks", "full", "--counts", counts, "-o", out)
    assert r.returncode == 0, r.stderr
    assert "53 map tiles" in normalise(pdftext(out, "-f", "1", "-l", "1"))  # 61 - 10 + 2
    check_sound(out, "a4", None)  # its page count: the letter kit's in test_pdf_is_sound_embedded_and_sized
    check_trims(out, KitOptions(paper="a4", ink="mono", tile=1.5 * 72, bleed=2 * MM, marks="full"))


@pytest.mark.slow
def test_cli_counts_file(tmp_path):
    counts = tmp_path / "counts.yaml"
    counts.write_text("barrens: 10\ntrees-3: 6\n")
    r = run_cli("kit", "crows", "--counts", counts, "-o", tmp_path / "k.pdf")
    assert r.returncode == 0, r.stderr
    text = normalise(pdftext(tmp_path / "k.pdf", "-f", "1", "-l", "1"))
    assert "53 map tiles" in text  # 61 - 10 + 2


@pytest.mark.parametrize("content,message", [
    ("barrens: 10\ngem-cave: -1\n", "counts.yaml:2: tiles.gem-cave: must be a whole number"),
    ("barrens: 10\ncrypt: 2\n", "counts.yaml:2: tiles.crypt: not a map tile type"),
    ("tiles:\n  barrens: 0\n  trees-1: 0\n  trees-2: 0\n  lava: 0\n", "counts.yaml:1: tiles: 19 map tiles"),
    ("barrens: [1\n", "counts.yaml:1: not valid YAML"),
])
def test_cli_bad_counts_file_is_one_line(tmp_path, content, message):
    counts = tmp_path / "counts.yaml"
    counts.write_text(content)
    out = tmp_path / "k.pdf"
    r = run_cli("kit", "crows", "--counts", counts, "-o", out)
    assert r.returncode == 1
    assert len(r.stderr.strip().splitlines()) == 1 and message in r.stderr, r.stderr
    assert not out.exists()


@pytest.mark.parametrize("args,code", [
    (("--tile-size", "forty"), 2), (("--tile-size", "10mm"), 2), (("--bleed", "1cm"), 2),
    (("--crop-marks", "some"), 2), (("-o", "kit.svg"), 2),
])
def test_cli_bad_options(tmp_path, args, code):
    r = run_cli("kit", "crows", *args, cwd=tmp_path)
    assert r.returncode == code
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_only_crows_has_a_kit(tmp_path):
    r = run_cli("kit", "1572", "-o", tmp_path / "k.pdf")
    assert r.returncode == 2 and "only crows" in r.stderr


def test_marks_are_lines_only_in_the_crop_mark_group():
    page = kit().pages[1]
    groups = [g for g in page.items if isinstance(g, Group) and g.name == "crop-marks"]
    assert len(groups) == 1 and all(isinstance(i, Line) for i in groups[0].items)
    rows = -(-len([g for g in page.items if getattr(g, "name", "").startswith("piece:")]) // 4)
    assert len(groups[0].items) == 2 * 2 * (4 + rows)  # 4 columns, its rows, two edges each, two sides


def test_squares_are_named_as_the_record_names_them():
    """Issue 25, item 11: the kit's setup page printed zero-based [c, r], the a4 setup diagram "columns
    1-3", and the diagram named no square at all; every one now says A1, B2... as the game record does."""
    from lostprint.maps.crows import standard_layout
    from lostprint.sheets.common import SheetOptions
    from lostprint.sheets.crows_layout import layout_scene

    setup = kit().pages[0]
    diagram = next(g for g in setup.items if isinstance(g, Group) and g.name == "setup-diagram")
    words = [t.text for t in walk(diagram.items) if isinstance(t, Text)]
    assert not [w for w in words if re.fullmatch(r"\[-?\d+, ?-?\d+\]", w)]
    assert [t.text for t in walk(diagram.items) if isinstance(t, Text) and t.role == "column-label"] == list("ABCDE")
    assert "A1" in words and "E5" in words and "C3" in words
    for paper in PAPERS:
        scene = layout_scene(standard_layout(), SheetOptions(paper=paper))
        layout = standard_layout()
        names = [t.text for page in scene.all_pages() for t in walk(page.items)
                 if isinstance(t, Text) and t.role == "square-name"]
        assert sorted(names) == sorted(f"{chr(65 + c)}{r + 1}" for c in range(layout.cols) for r in range(layout.rows))
        heads = " ".join(t.text for page in scene.all_pages() for t in walk(page.items) if isinstance(t, Text))
        assert not re.search(r"columns \d", heads)
        for page in scene.all_pages():
            assert all_problems(page) == []


def test_no_grey_line_on_the_trim_of_a_blocks_outer_edge():
    """Issue 25, item 10: the spell cards' block printed a grey cut line exactly on the trim of its
    outer edge, where the bleed runs on: a cut 0.3 mm outside it left a grey edge. A cut line now runs
    only between two cards; the outer edges are shown by the crop marks beyond the bleed."""
    for paper in PAPERS:
        scene = kit(paper)
        for page in scene.all_pages():
            pieces = [g.box for g in page.items if isinstance(g, Group) and ":spells:" in g.name]
            lines = [i for i in walk(page.items) if isinstance(i, Line) and i.role == "cut-line"]
            if not pieces:
                continue
            assert lines
            marks = [i for i in walk(page.items) if isinstance(i, Line) and i.role == "crop-mark"]
            for ln in lines:  # a cut line runs between two cards, unless no crop mark can show that edge
                vertical = ln.x1 == ln.x2
                mx, my = (ln.x1 + ln.x2) / 2, (ln.y1 + ln.y2) / 2
                dx, dy = (2.0, 0.0) if vertical else (0.0, 2.0)
                sides = [any(x <= px <= x + w and y <= py <= y + h for x, y, w, h in pieces)
                         for px, py in ((mx - dx, my - dy), (mx + dx, my + dy))]
                room = [m for m in marks if (m.x1 == m.x2) == vertical]  # marks in line with such edges
                assert all(sides) or not room, (paper, ln)


def test_a_murder_and_a_totem_lie_flat_on_a_tile():
    """Issue 25, item 10: crows of 16 mm on 40 mm tiles left no room for a murder of six and a totem."""
    from lostprint.crows.kit import CROW_SCALE, TOKEN_SCALE

    tile = 40.0
    crow, totem = tile * CROW_SCALE, tile * TOKEN_SCALE
    assert 3 * crow <= tile and 2 * crow + totem <= tile  # two rows of three crows over the totem
    crows = [s for s in sections(KitOptions()) if s.key == "crows"][0]
    assert abs(crows.trim[0] / MM - crow) < 0.01


@pytest.mark.parametrize("paper", PAPERS)
def test_every_imposed_page_is_used(paper):
    """Issue 25: the crow pieces shrank to 9.6 mm and their sheet was 80% blank (37 pieces on a page of
    192 places). The crows now print touching, in a band under the tokens: every page of pieces has its
    pieces' boxes over half of the printable area, and the kit is two pages shorter."""
    from lostprint.geometry.paper import MIN_MARGIN

    scene = kit(paper)
    imposed = 0
    for page in scene.all_pages():
        boxes = [g.box for g in page.items if isinstance(g, Group) and g.name.startswith("piece:")]
        if not boxes:
            continue
        imposed += 1
        fill = sum(w * h for _, _, w, h in boxes) / ((page.width - 2 * MIN_MARGIN) * (page.height - 2 * MIN_MARGIN))
        assert fill >= 0.5, (page.meta()["section"], round(fill, 2))
    assert imposed == len(scene.all_pages()) - 2 == 18  # cover and setup, 8 tile, 6 spell, 2 reference, 2 token
    crows = [g for page in scene.all_pages() for g in page.items if isinstance(g, Group) and ":crows:" in g.name]
    assert len(crows) == 2 * 37 and {p.meta()["section"] for p in scene.all_pages()
                                      if any(":crows:" in g.name for g in p.items if isinstance(g, Group))} == {"tokens"}
