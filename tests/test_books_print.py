"""Journals, rulebooks, the Crows kit and record at the level of a commercial print-and-play product,
checked on the real PDFs and on the Scenes they are painted from.

Every book is built once per run (tests/printed.py) and read back from its PDF bytes with poppler
(`pdftohtml -xml`: each line's text, position, size and font) and qpdf (where each flowable landed);
every page rule below is asserted on every rulebook and journal, on letter and a4."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import printed as P
from lostprint.geometry.paper import MM
from lostprint.scene import Group, Path as SPath, Rect, Text, bbox, walk

EXAMPLES = P.EXAMPLES
SAVES = list(P.SAVES)
BODY_SIZE = 10.6  # the journal's body text
JOURNALS = [(name, paper, ink) for name in SAVES for paper, ink in P.PRINTS]
RULEBOOKS = [(game, paper, ink) for game in P.GAMES for paper, ink in P.PRINTS]


def journal_pages(name, paper, ink):
    return P.text(P.journal(name, paper, ink))


def rulebook_pages(game, paper, ink):
    return P.text(P.rulebook(game, paper, ink))


# --- running head and folio ----------------------------------------------------------------------


def check_head_and_folio(pages, title: str, key, first: int = 1) -> None:
    for page in pages[first - 1:]:
        n = page.number
        foot = [ln for ln in page.lines if ln.top > page.height - 15 * MM and ln.text.strip() == str(n)]
        assert foot, f"{key} p{n}: no folio"
        mid = (foot[0].x0 + foot[0].x1) / 2
        assert abs(mid - page.width / 2) < 2, f"{key} p{n}: folio not centred ({mid:.1f})"
        if n > 1:
            head = " ".join(ln.text for ln in page.lines if ln.top < 16 * MM)
            assert title in head, f"{key} p{n}: no running head ({head!r})"


@pytest.mark.parametrize("name,paper,ink", JOURNALS)
def test_journal_running_head_and_centred_folio_on_every_page_after_the_first(name, paper, ink):
    pages = journal_pages(name, paper, ink)
    check_head_and_folio(pages, P.played(name).game.title, (name, paper))
    assert not any("lostprint 0" in p.text() for p in pages), "build details on a page (they go in the metadata)"


def chapter_at_top(pages) -> list[str]:
    """For each page, the chapter in force at its top: the one it opens with, else the last chapter
    heading (20 pt, or the spoiler divider's 26 pt) printed before it."""
    out, current = [], ""
    for page in pages:
        titles: list[tuple[int, str]] = []  # (first row, text): a title over two rows is one heading
        for i, row in enumerate(body_rows(page)):
            if all(round(ln.size) in (20, 26) for ln in row):
                text = " ".join(ln.text for ln in row)
                if titles and titles[-1][0] + len(titles[-1][1].split("\n")) == i:
                    titles[-1] = (titles[-1][0], titles[-1][1] + "\n" + text)
                else:
                    titles.append((i, text))
        if titles and titles[0][0] == 0:
            current = titles[0][1]
        out.append(current.replace("\n", " "))
        if titles:
            current = titles[-1][1]
    return out


def test_rulebook_running_head_and_centred_folio_after_the_cover():
    from lostprint.games import load

    for game, paper, ink in RULEBOOKS:
        pages = rulebook_pages(game, paper, ink)
        check_head_and_folio(pages, load(game).title, (game, paper), first=2)
        for page, chapter in zip(pages[1:], chapter_at_top(pages)[1:]):
            head = " ".join(ln.text for ln in page.lines if ln.top < 16 * MM and ln.x0 > page.width / 2)
            assert chapter.replace(" ", "") == head.replace(" ", ""), \
                f"{game} {paper} p{page.number}: the head says {head!r}, the page is in {chapter!r}"


# --- how full a page is --------------------------------------------------------------------------


def fill(page, blocks, top_zone: float, foot_zone: float) -> tuple[float, float]:
    """(top, bottom) of what is printed between the running head and the folio: text and drawings."""
    body = [ln for ln in page.lines if top_zone < ln.top and ln.bottom < page.height - foot_zone]
    drawn = [b for b in blocks if top_zone < b.top and b.bottom < page.height - foot_zone]
    tops = [ln.top for ln in body] + [b.top for b in drawn]
    bottoms = [ln.bottom for ln in body] + [b.bottom for b in drawn]
    return min(tops, default=0.0), max(bottoms, default=0.0)


@pytest.mark.parametrize("name,paper,ink", JOURNALS)
def test_journal_pages_a_third_full_and_no_blank_band_on_page_one(name, paper, ink):
    data = P.journal(name, paper, ink)
    pages, blocks = P.text(data), P.blocks(data)
    _, bottom = fill(pages[0], (), 0, 15 * MM)
    assert bottom > pages[0].height * 0.85, f"{name} {paper}: a blank band ends page 1"
    for page, drawn in zip(pages[1:-1], blocks[1:-1]):
        top, bottom = fill(page, drawn, 16 * MM, 15 * MM)
        filled = (bottom - top) / (page.height - 36 * MM)
        assert filled > 1 / 3, f"{name} {paper} p{page.number}: only {filled:.0%} full"


@pytest.mark.parametrize("name,paper,ink", JOURNALS)
def test_journal_closing_line_never_stands_alone_on_the_last_page(name, paper, ink):
    """The closing line ("Won on day 16 ... Final score 26.") keeps the last day's lines with it: the
    1672 letter journal once ended on a page of that one line, which the fill test (every page but the
    last a third full) let through."""
    last = journal_pages(name, paper, ink)[-1]
    body = [row for row in P.rows(last) if 16 * MM < row[0].top and row[0].bottom < last.height - 15 * MM]
    story = [row for row in body if not any("\u2042" in ln.text for ln in row)]
    assert len(story) >= 2, f"{name} {paper}: the last page holds only {' '.join(ln.text for r in body for ln in r)!r}"


def body_lines(page):
    for row in P.rows(page):
        if all(abs(ln.size - BODY_SIZE) < 0.2 and "Serif" in ln.font for ln in row) \
                and any(ln.font.endswith("Serif") for ln in row):  # not a plot letter on the map
            yield " ".join(ln.text for ln in row)


STRAIGHT = ("'", '"')


@pytest.mark.parametrize("name,paper,ink", JOURNALS)
def test_journal_no_one_word_last_lines_and_curly_quotes(name, paper, ink):
    pages = journal_pages(name, paper, ink)
    lone = [t for page in pages for t in body_lines(page) if len(t.split()) == 1]
    assert not lone, f"{name} {paper}: one-word lines {lone}"
    for page in pages:
        assert not any(q in page.text() for q in STRAIGHT), f"{name} {paper} p{page.number}: a straight quote"


def loose_gaps(pages, size: float, space: float, limit: float = 2.0) -> list[str]:
    """Gaps between words of one body line (words of the body's size) wider than limit x a space."""
    bad = []
    for n, page in enumerate(pages, 1):
        lines: dict = {}
        for w in page:
            if abs(w.bottom - w.top - size) < 0.05:
                lines.setdefault(round(w.top, 1), []).append(w)
        for row in lines.values():
            row.sort(key=lambda w: w.x0)
            for a, b in zip(row, row[1:]):
                if b.x0 - a.x1 > limit * space + 0.3:
                    bad.append(f"p{n}: {a.text} | {b.text} ({(b.x0 - a.x1) / space:.1f} spaces)")
    return bad


@pytest.mark.parametrize("name,paper,ink", JOURNALS)
def test_journal_no_loose_justified_lines(name, paper, ink):
    """A justified line whose word gaps would pass twice a space is set ragged instead (the old books
    printed gaps of 3-5 spaces, e.g. 1872 a4 p.2 "The Shaman coloured a Crow for the rocky ...")."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from lostprint.fonts import registered

    space = stringWidth(" ", registered("serif"), BODY_SIZE)
    bad = loose_gaps(P.words(P.journal(name, paper, ink)), BODY_SIZE, space)
    assert not bad, f"{name} {paper}: {len(bad)} loose gaps, e.g. {bad[:4]}"


def test_journal_figures_keep_with_their_captions():
    """The map's legend and the resource chart's labels print on the page of their figure: the map and
    legend on page 1, the chart with its resource names and day axis on one page."""
    for name, paper, ink in JOURNALS:
        pages = journal_pages(name, paper, ink)
        played = P.played(name)
        first = pages[0].text()
        assert "the day each hex was entered" in first, f"{name} {paper}: the map's legend is not under the map"
        names = [r.name for r in played.resources]
        chart_pages = [p for p in pages if all(n in p.text() for n in names) and "day" in p.text().split()]
        assert chart_pages, f"{name} {paper}: the chart's names and axis are not on one page"


def test_an_unfinished_game_is_not_headed_finished():
    import yaml

    from lostprint.books.journal import build_journal
    from lostprint.saves.validate import replay_data

    data = yaml.safe_load((EXAMPLES / "1872-the-long-way-north.yaml").read_text())
    data.pop("outcome", None)
    data["days"] = data["days"][:6]
    problems, played = replay_data(data, "unfinished.yaml")
    assert not problems and played.result == "unfinished"
    first = P.text(build_journal(played))[0].text()
    assert "FINISHED GAME" not in first and "IN PROGRESS" in first


def chart_of(played):
    from lostprint.books.journal_chart import resource_chart
    from lostprint.geometry.paper import Box
    from lostprint.sheets.style import palette

    return resource_chart(played, Box(40, 40, 380, 330), palette("color"))


@pytest.mark.parametrize("name", SAVES)
def test_chart_headroom_and_day_labels_apart(name):
    played = P.played(name)
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
    for game, paper, ink in RULEBOOKS:
        pages = rulebook_pages(game, paper, ink)
        cover = pages[0].text()
        assert "lostprint" not in cover and " ink" not in cover and paper not in cover, (game, paper)
        assert not any("lostprint 0" in p.text() for p in pages)  # no version string on any page
    info = P._tool(["pdfinfo"], P.rulebook("lost-expedition")).decode()
    assert "Creator:" in info and "lostprint" in info.split("Creator:")[1].splitlines()[0]


def texts(items) -> list[str]:
    return [it.text for it in walk(tuple(items)) if isinstance(it, Text)]


def test_rulebook_trackers_and_days_are_the_sheets_own():
    from lostprint.sheets import build_sheet

    sheet = build_sheet("lost-expedition")
    groups = {g.name: g for g in walk(sheet.items) if isinstance(g, Group)}
    book = dict(P.widgets("lost-expedition"))
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
    return P.kit_scene(**kw)


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
    verticals = {round(c.x1, 2) for c in cuts if c.x1 == c.x2}
    marks = {round(m.x1, 2) for m in walk(fronts[0].items) if getattr(m, "role", "") == "crop-mark" and m.x1 == m.x2}
    # 3 columns: 4 cuts, none doubled
    assert len(verticals | marks) == 4 and len([c for c in cuts if c.x1 == c.x2]) == len(verticals)
    assert len(verticals) == (2 if marks else 4)  # an outer edge: a crop mark beyond the bleed, a line only without one
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


@pytest.mark.parametrize("paper,ink", P.PRINTS)
def test_no_text_in_the_kit_is_cut_short(paper, ink):
    """Every name prints whole (a tile name too long for one line takes two), never with an ellipsis."""
    cut = [t.text for page in kit_scene(paper=paper, ink=ink).all_pages() for t in walk(page.items)
           if isinstance(t, Text) and t.text.endswith("\u2026")]
    assert not cut, cut


def test_kit_contents_say_what_each_sheet_holds():
    """The cover's "N per sheet" is what the sheets hold (balanced), not the grid's capacity."""
    scene = kit_scene()
    rows = [t.text for t in walk(scene.all_pages()[0].items) if isinstance(t, Text) and "per sheet" in t.text]
    held = [len(pieces(p, "tiles")) for p in scene.all_pages() if p.meta().get("side") == "front" and pieces(p, "tiles")]
    tiles = next(r for r in rows if r.startswith(f"{2 * len(held)} pages"))  # fronts and their backs
    assert f"{min(held)}\u2013{max(held)} per sheet" in tiles or f" {max(held)} per sheet" in tiles, (tiles, held)


def test_tile_sheets_are_filled_evenly():
    scene = kit_scene()
    counts = [len(pieces(p, "tiles")) for p in scene.all_pages() if p.meta().get("side") == "front" and pieces(p, "tiles")]
    assert len(counts) > 1 and max(counts) - min(counts) <= 1, counts


# --- the Crows record ----------------------------------------------------------------------------


def test_record_totals_include_spells_every_round_and_folios():
    record, result = P.record()
    scene = P.record_scene("letter", "color")
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
    for page in P.text(P.record_pdf()):
        assert any(ln.text.strip() == str(page.number) and ln.top > page.height - 12 * MM for ln in page.lines), \
            page.number
    start = next(g for g in walk(scene.items) if isinstance(g, Group) and g.name.startswith("board"))
    assert start is not None


def test_record_one_folio_a_running_head_named_columns_wrapped_events_and_mono_totems():
    """Like the journals: a centred folio on every page and a running head after page 1, no second
    "page N of M" number; every column of "Scores by round" has a header; spells and murders wrap at
    the body size instead of being squeezed; the mono print names each totem as the boards draw it."""
    import re

    from lostprint.sheets import widgets as w

    record, _ = P.record()
    pages = P.text(P.record_pdf())
    for page in pages:
        numbers = [ln for ln in page.lines if re.fullmatch(r"\d+", ln.text.strip())
                   and (ln.top > page.height - 12 * MM or ln.top < 14 * MM)]
        assert len(numbers) == 1 and numbers[0].top > page.height - 12 * MM, (page.number, numbers)
        assert "page " not in page.text(), f"record p{page.number}: a second page number"
        if page.number > 1:
            head = " ".join(ln.text for ln in page.lines if ln.top < 14 * MM)
            assert record.title in head, f"record p{page.number}: no running head ({head!r})"
    scores = next(g for g in walk(P.record_scene().items)
                  if isinstance(g, Group) and g.name == "scores")
    header = [t for t in walk(scores.items) if isinstance(t, Text) and t.text == "Round"][0]
    names = [t.text for t in walk(scores.items) if isinstance(t, Text) and abs(t.y - header.y) < 0.5]
    assert len(names) == len(record.players) + 2 and all(n.strip() for n in names), names
    for paper, ink in P.PRINTS:  # each paper and ink once: the Scenes test_crows_record checks too
        scene = P.record_scene(paper, ink)
        events = [t for t in walk(scene.items) if isinstance(t, Text) and t.role == "event"]
        assert events and {t.size for t in events} == {w.BODY}, sorted({t.size for t in events})
        box = next(g for g in walk(scene.items) if isinstance(g, Group) and g.name == "events").box
        assert all(bbox(t)[2] <= box[0] + box[2] for t in events)
        standings = next(g for g in walk(scene.items) if isinstance(g, Group) and g.name == "standings")
        said = " ".join(t.text for t in walk(standings.items) if isinstance(t, Text)).lower()
        colours = [c for _, c in record.colors]
        if ink == "mono":
            assert not any(c.lower() in said.split() for c in colours), said
            assert all(f"{i} in a ring" in " ".join(t.text for t in walk(standings.items) if isinstance(t, Text))
                       for i in [p[0] for p in record.players])
        else:
            assert all(c.lower() in said for c in colours)


# --- rulebooks: typography and page flow ------------------------------------------------------------


def test_every_printed_text_has_curly_quotes():
    files = {key: P.rulebook(*key) for key in RULEBOOKS}
    files["kit"] = P.kit()
    files["record"] = P.record_pdf()
    for key, data in files.items():
        for page in P.text(data):
            assert not any(q in page.text() for q in STRAIGHT), f"{key} p{page.number}: a straight quote"


def test_no_text_in_a_rulebook_prints_under_the_smallest_size():
    """Sizes as printed (a figure drawn smaller than the sheet scales its text down too): none under
    the 6.5 pt floor of DESIGN.md, in any book on either paper."""
    from lostprint.palette import MIN_TEXT

    for key in RULEBOOKS:
        small = sorted({(page.number, round(ln.size, 2)) for page in rulebook_pages(*key) for ln in page.lines
                        if ln.size < MIN_TEXT - 0.05})
        assert not small, f"{key}: text under {MIN_TEXT} pt (page, size): {small[:5]}"


TOP_ZONE, FOOT_ZONE = 24 * MM, 22 * MM  # the running head and the folio sit outside these
MARGIN_X = 20 * MM  # the rulebook's text column starts here


def body_rows(page):
    """The page's printed lines between the running head and the folio."""
    return [r for r in P.rows(page) if TOP_ZONE - 7 * MM < r[0].top and r[0].bottom < page.height - FOOT_ZONE]


def is_heading(row) -> bool:
    return all(round(ln.size, 1) in (12.5, 20.0) or (round(ln.size, 1) == 10.5 and "Bold" in ln.font)
               for ln in row)


MID_CHAPTER_FULL = 0.6  # the Crows book's p.5 (55 %) and the 1672 book's p.5 (57 %, 53 % on a4) failed it
DIVIDER = "Do not read ahead"  # the spoiler divider stands alone on purpose, after a forced break


def test_rulebook_pages_are_at_least_a_third_full_and_headings_keep_with_text():
    for key in RULEBOOKS:
        data = P.rulebook(*key)
        pages, blocks = P.text(data), P.blocks(data)
        for page, drawn in zip(pages[1:-1], blocks[1:-1]):
            n = page.number
            following = pages[n].text() if n < len(pages) else ""
            if DIVIDER in page.text():
                continue
            top, bottom = fill(page, drawn, TOP_ZONE, FOOT_ZONE)
            full = (bottom - top) / (page.height - 46 * MM)
            rows = body_rows(page)
            if DIVIDER in following:  # the last page before the divider: like a book's last page, unless
                # a chapter opens on it (a short chapter alone there belongs on the page before)
                opens = bool(rows) and any(round(ln.size, 1) == 20.0 for ln in rows[0])
                assert full > 1 / 3 or not opens, f"{key} p{n}: a chapter alone before the divider ({full:.0%})"
                continue
            assert full > 1 / 3, f"{key} p{n}: less than a third full"
            nxt = body_rows(pages[n]) if n < len(pages) else []
            chapter_ends = not nxt or any(round(ln.size, 1) == 20.0 for ln in nxt[0])
            # inside a chapter a page ends early only where what follows could not fit (a figure floats
            # to the next page while the text after it fills this one): never near half empty
            assert chapter_ends or full >= MID_CHAPTER_FULL, f"{key} p{n}: {full:.0%} full in mid-chapter"
            floated = any(b.figure and b.top <= nxt[0][0].top + 1 for b in blocks[n]) if nxt else False
            if rows and nxt and not is_heading(nxt[0]) and not floated:  # (a floated figure: the section ended)
                # the section runs on over the page: its heading keeps more than a line or two with it
                for row in rows[-3:]:
                    text = " ".join(ln.text for ln in row)
                    assert not is_heading(row) or ". . ." in text, \
                        f"{key} p{n}: heading {text!r} strands at the page bottom"


TRANSLATED = [(game, code) for game in P.GAMES for code in ("de", "es", "fr", "pt-BR")]


@pytest.mark.parametrize("game,code", TRANSLATED)
def test_a_translated_rulebooks_pages_are_a_third_full(game, code):
    """The page rule above in every language (letter): longer words move page breaks, and the German,
    Spanish, French and Brazilian 1672 books once printed p.11 14 % full, Phases 11 and 12 alone before
    the map key's chapter, which went whole to the next page. And the last page is no stub."""
    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, build_rulebook
    from lostprint.i18n import translator

    data = build_rulebook(part(game, "rulebook"), RulebookOptions(lang=code))
    pages, blocks = P.text(data), P.blocks(data)
    divider = translator(code).gettext(DIVIDER)
    for page, drawn in zip(pages[1:-1], blocks[1:-1]):
        following = pages[page.number].text() if page.number < len(pages) else ""
        if divider in page.text() or divider in following:
            continue
        top, bottom = fill(page, drawn, TOP_ZONE, FOOT_ZONE)
        full = (bottom - top) / (page.height - 46 * MM)
        assert full > 1 / 3, f"{game} {code} p{page.number}: {full:.0%} full"
    # the last page holds more than a paragraph's tail (the German Crows book's p.12 once held only the
    # second paragraph of "About this book", 2 lines, its heading and first paragraph on p.11)
    assert len(body_rows(pages[-1])) >= 3, f"{game} {code}: the last page holds {len(body_rows(pages[-1]))} lines"
    # a house-rule mark stays with its word (pt-BR 1572 p.10 once began a line '⌂; lá não há Emboscada')
    cut = [(page.number, " ".join(ln.text for ln in row)) for page in pages for row in P.rows(page)
           if re.match("\u2302[;,.:)]", " ".join(ln.text for ln in row).strip())]
    assert cut == [], f"{game} {code}: a line starts with a mark cut from its word: {cut}"


# a list item: a bullet at the bullet indent, its text and wrapped lines at the text indent
BULLET_X, ITEM_X = MARGIN_X + 4, MARGIN_X + 14


def list_lines(page) -> list[tuple[str, str]]:
    """('item' | 'more' | '', text) for each body line: the first line of a list item, a wrapped line of
    one, or anything else."""
    out = []
    for row in body_rows(page):
        text = " ".join(ln.text for ln in row)
        first = row[0]
        if first.text.strip() == "\u2022" and abs(first.x0 - BULLET_X) < 1.5:
            out.append(("item", text))
        elif abs(first.x0 - ITEM_X) < 1.5 and "Serif" in first.font and abs(first.size - 9.8) < 0.2:
            out.append(("more", text))
        else:
            out.append(("", text))
    return out


def lone_list_lines(pages) -> list[str]:
    """Where a list runs over a page break and leaves a single line of an item, or a single item, alone
    at the bottom of one page or the top of the next."""
    bad = []
    for a, b in zip(pages, pages[1:]):
        end, start = list_lines(a), list_lines(b)
        if not end or not start or not end[-1][0] or start[0][0] not in ("item", "more"):
            continue  # no list runs over this break
        where = f"p{a.number}/p{b.number}"
        # the item broken by the page: at least two of its lines on each side
        if start[0][0] == "more":
            before = next((i for i in range(len(end) - 1, -1, -1) if end[i][0] == "item"), 0)
            after = next((i for i, (k, _) in enumerate(start) if k != "more"), len(start))
            if len(end) - before < 2 or after < 2:
                bad.append(f"{where}: an item split {len(end) - before}+{after} lines ({start[0][1]!r})")
        # the list: at least two of its items on each side
        kinds_end = [k for k, _ in end]
        run_end = len(kinds_end) - next((i for i, k in enumerate(reversed(kinds_end)) if not k), len(kinds_end))
        items_end = kinds_end[run_end:].count("item")
        kinds_start = [k for k, _ in start]
        run_start = next((i for i, k in enumerate(kinds_start) if not k), len(kinds_start))
        items_start = kinds_start[:run_start].count("item") + (kinds_start[0] == "more")
        if items_end < 2 or items_start < 2:
            bad.append(f"{where}: a list split {items_end}+{items_start} items ({start[0][1][:40]!r})")
    return bad


@pytest.mark.parametrize("game,paper,ink", RULEBOOKS)
def test_no_lone_list_line_or_item_at_a_page_top_or_bottom(game, paper, ink):
    bad = lone_list_lines(rulebook_pages(game, paper, ink))
    assert not bad, f"{game} {paper}: {bad}"


CAPTION_SIZE = 8.4  # a figure's caption: serif italic, under the figure


def captions(page):
    return [ln for ln in page.lines if "Serif-Italic" in ln.font and abs(ln.size - CAPTION_SIZE) < 0.15]


def test_rulebook_figures_keep_with_their_captions():
    """Every caption prints right under its figure, on the figure's page; every map has one."""
    from lostprint.app.registry import part
    from lostprint.books.rulebook import parse, render_markup

    for game, paper, ink in RULEBOOKS:
        data = P.rulebook(game, paper, ink)
        pages, blocks = P.text(data), P.blocks(data)
        written = [n for n in parse(render_markup(part(game, "rulebook"))) if n.kind == "caption"]
        found = 0
        for page, drawn in zip(pages, blocks):
            figures = [b for b in drawn if b.figure]
            lines = captions(page)
            for first in [ln for i, ln in enumerate(lines) if i == 0 or ln.top - lines[i - 1].bottom > 4]:
                found += 1
                above = [b for b in figures if b.bottom <= first.top + 1]
                gap = first.top - max((b.bottom for b in above), default=-999)
                assert 0 <= gap < 20, f"{game} {paper} p{page.number}: caption {first.text!r} is not under a figure"
        assert found == len(written), f"{game} {paper}: {len(written)} captions written, {found} printed"
    for game in P.GAMES:  # every map of a rulebook carries a caption
        nodes = parse(render_markup(part(game, "rulebook")))
        for i, node in enumerate(nodes):
            if node.kind == "block" and node.text == "map":
                assert nodes[i + 1].kind == "caption", f"{game}: the map has no caption"
