"""Journals, rulebooks, the Crows kit and record at the level of a commercial print-and-play product,
checked on the real PDFs (pdfplumber, pdftotext) and on the Scenes they are painted from."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

pdfplumber = pytest.importorskip("pdfplumber")

from lostprint.books.journal import build_journal  # noqa: E402
from lostprint.geometry.paper import MM  # noqa: E402
from lostprint.saves.validate import load_played  # noqa: E402
from lostprint.scene import Circle, Group, Path as SPath, Rect, Text, bbox, walk  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SAVES = ["1572-the-delta-by-grace", "1672-the-salt-road-home", "1872-the-long-way-north"]
BODY_SIZE = 10.6  # the journal's body text


@pytest.fixture(scope="module")
def journals():
    out = {}
    for name in SAVES:
        played = load_played(EXAMPLES / f"{name}.yaml")
        for paper in ("letter", "a4"):
            out[(name, paper)] = (played, build_journal(played, paper, "color"))
    return out


def pages_of(data: bytes):
    return pdfplumber.open(io.BytesIO(data))


def test_running_head_and_centred_folio_on_every_page_after_the_first(journals):
    for (name, paper), (played, data) in journals.items():
        with pages_of(data) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                words = page.extract_words()
                foot = [w for w in words if w["top"] > page.height - 15 * MM and w["text"] == str(n)]
                assert foot, f"{name} {paper} p{n}: no folio"
                mid = (foot[0]["x0"] + foot[0]["x1"]) / 2
                assert abs(mid - page.width / 2) < 2, f"{name} {paper} p{n}: folio not centred ({mid:.1f})"
                if n > 1:
                    head = " ".join(w["text"] for w in words if w["top"] < 16 * MM)
                    assert played.game.title in head, f"{name} {paper} p{n}: no running head ({head!r})"


def content_bottom(page) -> float:
    marks = [c["bottom"] for c in page.chars if c["top"] < page.height - 15 * MM]
    marks += [r["bottom"] for r in page.rects + page.curves + page.lines if r["bottom"] < page.height - 15 * MM]
    return max(marks, default=0.0)


def test_no_page_less_than_a_third_full_and_no_blank_band_on_page_one(journals):
    for (name, paper), (_, data) in journals.items():
        with pages_of(data) as pdf:
            first = pdf.pages[0]
            assert content_bottom(first) > first.height * 0.85, f"{name} {paper}: a blank band ends page 1"
            for n, page in enumerate(pdf.pages[:-1], 1):
                chars = [c for c in page.chars if 16 * MM < c["top"] < page.height - 15 * MM]
                top = min((c["top"] for c in chars), default=0)
                filled = (content_bottom(page) - top) / (page.height - 36 * MM)
                assert filled > 1 / 3, f"{name} {paper} p{n}: only {filled:.0%} full"


def body_lines(page):
    for line in page.extract_text_lines():
        chars = [c for c in line["chars"] if c["text"].strip()]
        if chars and all(abs(c["size"] - BODY_SIZE) < 0.2 and "Serif" in c["fontname"] for c in chars):
            yield line["text"]


def test_no_one_word_last_lines_and_curly_quotes(journals):
    for (name, paper), (_, data) in journals.items():
        with pages_of(data) as pdf:
            lone = [t for page in pdf.pages for t in body_lines(page) if len(t.split()) == 1]
            assert not lone, f"{name} {paper}: one-word lines {lone}"
            text = "".join(page.extract_text() for page in pdf.pages)
            assert "'" not in text and '"' not in text, f"{name} {paper}: a straight quote"


def test_an_unfinished_game_is_not_headed_finished():
    import yaml

    from lostprint.saves.validate import replay_data

    data = yaml.safe_load((EXAMPLES / "1872-the-long-way-north.yaml").read_text())
    data.pop("outcome", None)
    data["days"] = data["days"][:6]
    problems, played = replay_data(data, "unfinished.yaml")
    assert not problems and played.result == "unfinished"
    with pages_of(build_journal(played)) as pdf:
        first = pdf.pages[0].extract_text()
    assert "FINISHED GAME" not in first and "IN PROGRESS" in first


def chart_of(played):
    from lostprint.books.journal_chart import resource_chart
    from lostprint.geometry.paper import Box
    from lostprint.sheets.style import palette

    return resource_chart(played, Box(40, 40, 380, 330), palette("color"))


@pytest.mark.parametrize("name", SAVES)
def test_chart_headroom_and_day_labels_apart(name):
    played = load_played(EXAMPLES / f"{name}.yaml")
    chart = chart_of(played)
    frames = [it for it in chart.items if isinstance(it, Rect) and it.style.fill == "#ffffff"]
    series = [it for it in chart.items if isinstance(it, SPath) and it.role == "series"]
    assert len(frames) == len(series) == len(played.resources)
    for frame, line in zip(frames, series):
        ys = [y for _, y in line.points]
        assert min(ys) >= frame.y + 2.5 and max(ys) <= frame.y + frame.h - 2.5, "a value sits on the frame"
    ticks = sorted((bbox(t) for t in chart.items if isinstance(t, Text) and t.role == "tick"
                    and t.y > frames[-1].y + frames[-1].h), key=lambda b: b[0])
    for a, b in zip(ticks, ticks[1:]):
        assert b[0] - a[2] >= 2.0, f"day labels touch: {a} {b}"
    assert ticks[-1] is not None


def test_rulebook_cover_has_no_build_details_and_metadata_has_them():
    from lostprint.books.rulebook import RulebookOptions, build_rulebook

    data = build_rulebook("lost-expedition", RulebookOptions())
    with pages_of(data) as pdf:
        cover = pdf.pages[0].extract_text()
        meta = pdf.metadata
        every = "".join(p.extract_text() for p in pdf.pages)
    assert "lostprint" not in cover and " ink" not in cover and "letter" not in cover
    assert "lostprint 0" not in every  # no version string on any page
    assert "lostprint" in (meta.get("Creator", "") + meta.get("Producer", ""))


def texts(items) -> list[str]:
    return [it.text for it in walk(tuple(items)) if isinstance(it, Text)]


def test_rulebook_trackers_and_days_are_the_sheets_own():
    from lostprint.books.rulebook import widget_scenes
    from lostprint.sheets import build_sheet

    sheet = build_sheet("lost-expedition")
    groups = {g.name: g for g in walk(sheet.items) if isinstance(g, Group)}
    book = dict(widget_scenes("lost-expedition"))
    sheet_tracker_text = sorted(t for name, g in groups.items() if name.startswith("tracker:") for t in texts(g.items))
    assert sorted(texts(book["trackers"].items)) == sheet_tracker_text
    assert any("per hex" in t for t in sheet_tracker_text)
    # the day track: the same numbers in the same relative places (columns, as on the sheet)
    def day_cells(items):
        cells = [(int(t.text), t.x, t.y) for t in walk(tuple(items)) if isinstance(t, Text) and t.text.isdigit()]
        x0, y0 = min(c[1] for c in cells), min(c[2] for c in cells)
        return sorted((n, round(x - x0, 1), round(y - y0, 1)) for n, x, y in cells)

    assert day_cells(book["days"].items) == day_cells(groups["days"].items)


# --- the kit --------------------------------------------------------------------------------------


def kit_scene(**kw):
    from lostprint.crows.kit import KitOptions, build_kit

    return build_kit(KitOptions(**kw))


def pieces(page, section):
    return [g for g in page.items if isinstance(g, Group) and g.name.startswith("piece:")
            and g.name.split(":")[2] == section]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poker_spell_cards_nine_up_with_one_cut_between_neighbours(paper):
    scene = kit_scene(paper=paper)
    pages = [p for p in scene.all_pages() if pieces(p, "spells")]
    fronts = [p for p in pages if p.meta().get("side") == "front"]
    assert max(len(pieces(p, "spells")) for p in fronts) <= 9
    from lostprint.crows.imposition import impose
    from lostprint.geometry.paper import page_size

    sheet = impose(page_size(paper, landscape=False), (63 * MM, 88 * MM), 3 * MM, "shared")
    assert sheet.per_page == 9
    cards = pieces(fronts[0], "spells")
    x, y, w, h = cards[0].box
    assert abs(w - 63 * MM) < 0.02 and abs(h - 88 * MM) < 0.02
    cuts = [it for it in walk(fronts[0].items) if getattr(it, "role", "") == "cut-line"]
    verticals = sorted({round(c.x1, 2) for c in cuts if c.x1 == c.x2})
    assert len(verticals) == 4 and len([c for c in cuts if c.x1 == c.x2]) == 4  # 3 columns: 4 cuts, no doubles
    for c in cuts:  # every cut stays on the paper, clear of its unprintable edge
        assert min(c.x1, c.x2) >= 6.35 * MM - 0.01 and max(c.y1, c.y2) <= fronts[0].height - 6.35 * MM + 0.01


def test_gutter_zero_makes_every_piece_touch_its_neighbour():
    scene = kit_scene(shared=True)
    tiles = [p for p in scene.all_pages() if pieces(p, "tiles") and p.meta().get("side") == "front"][0]
    boxes = sorted(g.box for g in pieces(tiles, "tiles"))
    a, b = boxes[0], next(bx for bx in boxes[1:] if abs(bx[1] - boxes[0][1]) < 0.01)
    assert abs(a[0] + a[2] - b[0]) < 0.02  # trim to trim, no gutter and no bleed between them


def test_cli_gutter_and_backs_options(tmp_path):
    from click.testing import CliRunner

    from lostprint.cli import cli

    out = tmp_path / "kit.pdf"
    res = CliRunner().invoke(cli, ["kit", "crows", "--gutter", "0", "--backs", "ink-saver", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_bytes().startswith(b"%PDF")


def dark_share(scene_page) -> float:
    """The share of the page's area under fills darker than mid grey (the backs' ink)."""
    area = 0.0
    for it in walk(scene_page.items):
        if isinstance(it, Rect) and it.style.fill and it.role in ("bleed",):
            r, g, b = (int(it.style.fill[i:i + 2], 16) for i in (1, 3, 5))
            if (r + g + b) / 3 < 128:
                area += it.w * it.h
    return area / (scene_page.width * scene_page.height)


def test_ink_saver_backs_print_no_dark_ground():
    def backs(scene):
        return [p for p in scene.all_pages() if p.meta().get("side") == "back"
                and p.meta().get("section") in ("tiles", "spells")]

    full, saver = backs(kit_scene()), backs(kit_scene(backs="ink-saver"))
    assert max(dark_share(p) for p in full) > 0.4
    assert max(dark_share(p) for p in saver) == 0.0


def test_scale_square_is_50_mm_with_a_note():
    cover = kit_scene()
    square = [it for it in walk(cover.items) if getattr(it, "role", "") == "scale-square"]
    assert len(square) == 1 and abs(square[0].w - 50 * MM) < 0.01 and abs(square[0].h - 50 * MM) < 0.01
    assert "measure me" in texts(cover.items)


def rgb(color: str):
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def test_nightfall_face_is_unlike_every_back():
    from lostprint.crows import art
    from lostprint.games import crows as G
    from lostprint.geometry.paper import Box

    trim = Box(0, 0, 40 * MM, 40 * MM)
    face = rgb(art.tile_front(G.NIGHTFALL, trim, 0, "color")[0].style.fill)
    for back in (art.tile_back(trim, 0, "color"), art.spell_back(trim, 0, "color")):
        ground = rgb(back[0].style.fill)
        distance = sum((a - b) ** 2 for a, b in zip(face, ground)) ** 0.5
        assert distance > 60, f"Nightfall {face} is close to a back {ground}"


def test_no_frame_line_near_the_trim():
    scene = kit_scene()
    for page in scene.all_pages():
        for piece in [g for g in page.items if isinstance(g, Group) and g.name.startswith("piece:")]:
            x, y, w, h = piece.box
            bleed = 3 * MM if piece.name.split(":")[2] != "spells" else 0
            trim = (x + bleed, y + bleed, x + w - bleed, y + h - bleed)
            for it in piece.items:
                if isinstance(it, Rect) and it.style.stroke and it.style.fill is None:
                    gap = min(it.x - trim[0], it.y - trim[1], trim[2] - it.x - it.w, trim[3] - it.y - it.h)
                    assert gap >= 4 * MM - 0.01, f"{piece.name}: a frame {gap / MM:.1f} mm inside the trim"


def test_mono_totems_differ_by_shape():
    scene = kit_scene(ink="mono")
    shapes = []
    for page in scene.all_pages():
        if page.meta().get("side") != "front":
            continue
        for g in pieces(page, "tokens"):
            if g.name.startswith("piece:totem:"):
                shapes += [it.role for it in g.items if getattr(it, "role", "").startswith("totem-shape:")]
    assert len(shapes) == 4 and len(set(shapes)) == 4


def test_numbered_lists_hang():
    from lostprint.crows import art
    from lostprint.games import crows as G
    from lostprint.geometry.paper import Box

    items = art.reference_side(G.REFERENCE[:3], Box(0, 0, 84 * MM, 118 * MM), 0, "color", "ref")
    groups, current = [], None
    for it in items:  # items come in reading order: a number, then its lines
        role = getattr(it, "role", "")
        if role == "list-number":
            current = (it, [])
            groups.append(current)
        elif role == "list-text" and current is not None:
            current[1].append(it)
        else:
            current = None
    assert groups and any(len(lines) >= 2 for _, lines in groups), "no wrapped numbered item to check"
    for number, lines in groups:
        assert lines and all(abs(t.x - lines[0].x) < 0.01 for t in lines), "wrapped lines do not hang"
        assert lines[0].x > number.x + 3  # the text, first line and the rest, starts after the number


def test_tile_sheets_are_filled_evenly():
    scene = kit_scene()
    counts = [len(pieces(p, "tiles")) for p in scene.all_pages() if p.meta().get("side") == "front" and pieces(p, "tiles")]
    assert len(counts) > 1 and max(counts) - min(counts) <= 1, counts


# --- the Crows record ----------------------------------------------------------------------------


def test_record_totals_include_spells_every_round_and_folios():
    from lostprint.crows.record import build_record, load_record
    from lostprint.render import render

    record, result = load_record(EXAMPLES / "crows-3p.yaml")
    scene = build_record(record, result, "letter", "color")
    chart = next(g for g in walk(scene.items) if isinstance(g, Group) and g.name == "chart")
    rounds = len(result.snapshots) - 1
    ticks = {t.text for t in walk(chart.items) if isinstance(t, Text) and t.role == "round-tick"}
    assert {str(r) for r in range(rounds + 1)} <= ticks
    finals = dict(result.final)
    labels = " ".join(t.text for t in walk(chart.items) if isinstance(t, Text) and t.role == "final-score")
    for player, score in finals.items():
        assert f"{player} {score}" in labels
    ends = [it.points[-1][1] for it in walk(chart.items) if isinstance(it, SPath) and it.role == "bonus-line"]
    best = min(ends)  # the highest line end (y runs down) belongs to the winner
    assert len(ends) == len(finals)
    winner = result.standings()[0][0]
    assert ends[list(record.players).index(winner)] == best
    with pages_of(render(scene, "pdf")) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            assert any(w["text"] == str(n) and w["top"] > page.height - 12 * MM for w in page.extract_words()), n
    start = next(g for g in walk(scene.items) if isinstance(g, Group) and g.name.startswith("board"))
    assert start is not None


# --- rulebooks: typography and page flow ------------------------------------------------------------


@pytest.fixture(scope="module")
def rulebooks():
    from lostprint.books.rulebook import RulebookOptions, build_rulebook

    return {(g, paper): build_rulebook(g, RulebookOptions(paper=paper))
            for g in ("lost-expedition", "lost-crew", "lost-crows", "crows") for paper in ("letter", "a4")}


def test_every_printed_text_has_curly_quotes(rulebooks):
    from lostprint.crows.record import build_record, load_record
    from lostprint.render import render

    record, result = load_record(EXAMPLES / "crows-3p.yaml")
    files = dict(rulebooks)
    files["kit"] = render(kit_scene(), "pdf")
    files["record"] = render(build_record(record, result, "letter", "color"), "pdf")
    for key, data in files.items():
        with pages_of(data) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                text = page.extract_text()
                assert "'" not in text and '"' not in text, f"{key} p{n}: a straight quote"


def body_text_lines(page):
    return [ln for ln in page.extract_text_lines() if 17 * MM < ln["top"] < page.height - 22 * MM]


def is_heading(line) -> bool:
    chars = [c for c in line["chars"] if c["text"].strip()]
    return bool(chars) and all(round(c["size"], 1) in (12.5, 20.0)
                               or (round(c["size"], 1) == 10.5 and "Bold" in c["fontname"]) for c in chars)


DIVIDER = "Do not read ahead"  # the spoiler divider stands alone on purpose, after a forced break


def test_rulebook_pages_are_at_least_a_third_full_and_headings_keep_with_text(rulebooks):
    for key, data in rulebooks.items():
        with pages_of(data) as pdf:
            pages = pdf.pages
            for n, page in enumerate(pages[1:-1], 2):
                following = pages[n].extract_text() if n < len(pages) else ""
                if DIVIDER in page.extract_text() or DIVIDER in following:  # the end before the divider
                    continue
                body = [c for c in page.chars if 24 * MM < c["top"] < page.height - 22 * MM]
                top = min(c["top"] for c in body)
                bottom = max([c["bottom"] for c in body]
                             + [r["bottom"] for r in page.rects + page.curves if r["bottom"] < page.height - 22 * MM])
                assert (bottom - top) / (page.height - 46 * MM) > 1 / 3, f"{key} p{n}: less than a third full"
                lines = body_text_lines(page)
                if n < len(pages) and lines and not is_heading(body_text_lines(pages[n])[0]):
                    # the section runs on over the page: its heading keeps more than a line or two with it
                    for line in lines[-3:]:
                        assert not is_heading(line) or ". . ." in line["text"], \
                            f"{key} p{n}: heading {line['text']!r} strands at the page bottom"
