"""A journal is one document in three formats: its pages as Scenes (for SVG, PNG and the print checks)
are laid out exactly as the PDF's, running heads and folios included."""
from __future__ import annotations

from collections import Counter

import pytest

import journal_builds as J
import printed as P
from lostprint import checks
from lostprint.scene import Text, walk


def scene_words(page) -> list[str]:
    return " ".join(t.text for t in walk(page.items) if isinstance(t, Text)).replace("\u00a0", " ").split()


def pdf_words(page_words) -> list[str]:
    return " ".join(w.text for w in page_words).replace("\u00a0", " ").split()


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("name", P.SAVES)
def test_the_pages_as_scenes_hold_the_pdfs_words_page_by_page(name, paper, ink):
    pdf = P.words(P.journal(name, paper, ink))
    pages = J.journal_pages(name, paper, ink)
    assert len(pages) == len(pdf)
    for number, (page, page_words) in enumerate(zip(pages, pdf), 1):
        assert Counter(scene_words(page)) == Counter(pdf_words(page_words)), (name, number)


@pytest.mark.parametrize("paper,ink", P.PRINTS)
def test_each_word_of_the_journal_text_sits_where_the_pdf_sets_it(paper, ink):
    name = P.SAVES[0]
    pdf = P.words(P.journal(name, paper, ink))
    fronts = len(J.front_pages(name, paper, ink))
    for page, page_words in list(zip(J.journal_pages(name, paper, ink), pdf))[fronts:]:
        starts = [(w.x0, w.top, w.bottom) for w in page_words]
        for t in walk(page.items):
            if isinstance(t, Text) and t.anchor == "start" and t.text.strip():
                assert any(abs(x - t.x) < 0.5 and top - 0.5 < t.y < bottom + 0.5 for x, top, bottom in starts), t


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("name", P.SAVES)
def test_every_page_has_its_folio_and_the_journal_pages_their_running_head(name, paper, ink):
    pages = J.journal_pages(name, paper, ink)
    fronts = len(J.front_pages(name, paper, ink))
    for number, page in enumerate(pages, 1):
        folios = [t.text for t in walk(page.items) if isinstance(t, Text) and t.role == "folio"]
        assert folios == [str(number)]
        heads = [t.text for t in walk(page.items) if isinstance(t, Text) and t.role == "running-head"]
        if number > fronts:
            assert heads[-1] == P.played(name).game.title


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("name", P.SAVES)
def test_every_journal_page_passes_the_print_checks(name, paper, ink):
    for number, page in enumerate(J.journal_pages(name, paper, ink), 1):
        assert checks.all_problems(page) == [], (name, number)


def test_render_writes_one_png_and_one_svg_a_page_the_same_bytes_each_time(tmp_path):
    import xml.etree.ElementTree as ET

    from lostprint.app import commands
    from lostprint.options import PrintOptions

    save = P.EXAMPLES / f"{P.SAVES[1]}.yaml"
    count = len(P.words(P.journal(P.SAVES[1])))
    pngs = commands.journal(save, PrintOptions(landscape=False, fmt="png", dpi=30), f"{tmp_path}/a/")
    again = commands.journal(save, PrintOptions(landscape=False, fmt="png", dpi=30), f"{tmp_path}/b/")
    assert [p.name for p in pngs] == [f"{P.SAVES[1]}-journal-letter-30dpi-p{i}.png" for i in range(1, count + 1)]
    assert [p.read_bytes() for p in pngs] == [p.read_bytes() for p in again]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    svgs = commands.journal(save, PrintOptions(landscape=False), tmp_path / "journal.svg")
    assert [p.name for p in svgs] == [f"journal-p{i}.svg" for i in range(1, count + 1)]
    last = ET.parse(svgs[-1]).getroot()
    texts = [el.text for el in last.iter() if el.tag.endswith("text")]
    assert str(count) in texts and P.played(P.SAVES[1]).game.title in texts


def test_a_multi_page_png_cannot_go_to_standard_output():
    from lostprint.app import commands
    from lostprint.errors import UsageError
    from lostprint.options import PrintOptions

    with pytest.raises(UsageError, match="pages, one PNG file each"):
        commands.journal(P.EXAMPLES / f"{P.SAVES[0]}.yaml", PrintOptions(landscape=False, fmt="png"), "-")
