"""A rulebook's figures land with the words that point at them, read from the printed PDFs: a lead-in
that ends in a colon ("these pieces mean:") is never the last line of a page with its figure overleaf;
no page is a stack of figures without text; the cover breaks a title only after its year; and a chart row
has one name in the charts and in the words."""
from __future__ import annotations

import re

import pytest

import printed as P
from lostprint.geometry.paper import MM

BOOKS = [(game, paper, ink) for game in P.GAMES for paper, ink in P.PRINTS]
HEAD, FOOT = 17 * MM, 20 * MM  # the running head and the folio sit outside these


def body_rows(page):
    return [r for r in P.rows(page) if HEAD < r[0].top and r[0].bottom < page.height - FOOT]


@pytest.mark.parametrize("game,paper,ink", BOOKS)
def test_no_page_ends_on_a_lead_to_a_figure_overleaf(game, paper, ink):
    """The Crows book's p3 ended "these pieces mean:" over a quarter of a blank page, the list on p4;
    the 1672 book's set-up ended "the weather panel:" with the panel overleaf."""
    for page in P.text(P.rulebook(game, paper, ink)):
        rows = body_rows(page)
        if rows:
            last = " ".join(ln.text for ln in rows[-1]).strip()
            assert not last.endswith(":"), f"{game} {paper} p{page.number} ends on a lead-in: {last[-60:]!r}"


@pytest.mark.parametrize("game,paper,ink", BOOKS)
def test_no_page_is_a_stack_of_figures_without_text(game, paper, ink):
    """A page with two figures or more carries some running text too (the 1572 book's p6 was three
    charts and no text)."""
    data = P.rulebook(game, paper, ink)
    for page, drawn in zip(P.text(data)[1:], P.blocks(data)[1:]):
        figures = [b for b in drawn if b.figure]
        if len(figures) < 2:
            continue
        outside = [r for r in body_rows(page)
                   if not any(f.top - 2 <= r[0].top and r[0].bottom <= f.bottom + 2 for f in figures)]
        assert len(outside) >= 3, f"{game} {paper} p{page.number}: {len(figures)} figures, " \
                                  f"{len(outside)} lines of text"


@pytest.mark.parametrize("paper,ink", P.PRINTS)
def test_the_cover_breaks_a_title_only_after_its_year(paper, ink):
    """"1572: The / Lost Expedition" split the name; "1572:" over "The Lost Expedition" does not."""
    from lostprint.games import load

    for game in ("lost-expedition", "lost-crew", "lost-crows"):
        title = load(game).title
        year, _, name = title.partition(": ")
        cover = P.text(P.rulebook(game, paper, ink))[0]
        big = [" ".join(ln.text for ln in r).strip() for r in P.rows(cover) if max(ln.size for ln in r) > 20]
        assert big in ([title], [f"{year}:", name]), f"{game} {paper}: the cover sets the title as {big}"


def test_the_1872_lowest_unit_row_has_one_name():
    """The chart named the lowest row "<2" and the words table "1−": the book uses the sheet's name."""
    from lostprint.games import load

    name = load("lost-crows").rules.unit_rows[-1].label
    text = " ".join(" ".join(page.text() for page in P.text(P.rulebook("lost-crows"))).split())
    assert name in text
    assert not re.search(r"(?<![\d\u2212-])1\u2212(?!\d)", text), "a row named 1\u2212"


def test_pointers_land_with_their_figures():
    """"The track above" stood a page after the track (1672); "this grid" a page before it (Crows)."""
    crew = P.text(P.rulebook("lost-crew"))
    assert not any("track above" in page.text() for page in crew)
    crows = P.text(P.rulebook("crows"))
    grid = [page.number for page in crows if "this grid" in " ".join(page.text().split())]
    layout = [page.number for page in crows if "The starting layout, as the kit" in " ".join(page.text().split())]
    assert grid and grid == layout, (grid, layout)


@pytest.mark.parametrize("game", P.GAMES)
def test_no_words_point_above_or_below_at_a_figure(game):
    """A figure may float to the next page, so the words name it or lead into it, never "the map
    above" or "the table below" (the 1572 book said both, the 1672 book "the track above")."""
    from lostprint.app.registry import part
    from lostprint.books.rulebook import render_markup

    text = " ".join(render_markup(part(game, "rulebook")).split())
    found = re.findall(r"\b(?:table|map|track|chart|grid|figure|panel|key)s? (?:above|below)\b", text, re.I)
    assert not found, found
