"""A journal paragraph is set one way throughout: justified, or (when no measure a little short of the
column leaves every line tight) flush left. It once set a single loose line flush left inside a
justified paragraph (1672 letter: three paragraphs, 1572 a4: two)."""
from __future__ import annotations

import pytest

import printed as P


def mixed_paragraphs(name: str, paper: str, ink: str) -> list[str]:
    """The first words of each paragraph with both a line spread to the column and a line (not its
    last) set flush left short of it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from lostprint.books.journal import JOURNAL_X, story
    from lostprint.geometry.paper import page_size
    from lostprint.palette import palette
    from lostprint.render.document import flowables

    width = page_size(paper, landscape=False)[0] - 2 * JOURNAL_X
    out = []
    for para in flowables(story(P.played(name), palette(ink))):
        if not hasattr(para, "breakLines") or not hasattr(para, "style"):
            continue
        para.wrap(width, 10000)
        lines = para.blPara
        if lines.kind != 0:
            continue
        ragged = spread = False
        for extra, words in lines.lines[:-1]:
            natural = stringWidth(" ".join(words), para.style.fontName, para.style.fontSize)
            ragged = ragged or (extra == 0 and width - natural > 1.0)
            spread = spread or extra > 0.01
        if ragged and spread:
            out.append(" ".join(lines.lines[0][1])[:40])
    return out


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("name", P.SAVES)
def test_a_journal_paragraph_is_justified_or_ragged_throughout(name, paper, ink):
    assert not mixed_paragraphs(name, paper, ink)
