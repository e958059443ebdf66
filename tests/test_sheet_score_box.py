"""The score panel at any height a sheet gives it: its terms stacked, each row as tall as a name and a line of its rule,
or side by side over their boxes; never rows squeezed until a term's rule runs into the next term's
name and the Total's box sits on the frame (the 1672 variant sheet's score, 69 pt tall, did)."""
import pytest

from lostprint.games import load
from lostprint.i18n import ENGLISH
from lostprint.geometry.paper import Box
from lostprint.palette import palette
from lostprint.scene import Rect, Scene, Text, bbox, walk
from lostprint.sheets import sheet_module
from lostprint.sheets import widgets as w
from lostprint.sheets.layout import score_height
from lostprint import checks


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def heights(game: str, width: float) -> list[float]:
    """The heights a sheet gives a score panel this wide: from its natural height (score_height) up; a
    variant 1672 or 1872 sheet's wide one from 47 pt (its terms side by side)."""
    terms = sheet_module(game).score_terms(load(game), ENGLISH)
    least = 47 if game != "lost-expedition" and width >= 240 else int(score_height(terms, width)) + 1
    return [float(h) for h in range(least, 160, 3)]


@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
@pytest.mark.parametrize("width", [160.0, 240.0, 320.0, 420.0])
def test_a_score_box_of_any_height_keeps_its_words_off_its_boxes(game, width):
    terms = sheet_module(game).score_terms(load(game), ENGLISH)
    for height in heights(game, width):
        group = w.score_box(terms, Box(10.0, 10.0, width, height), palette("color"))
        words = [bbox(t) for t in walk(group.items) if isinstance(t, Text) and t.role == "score-term"]
        cells = [bbox(r) for r in walk(group.items) if isinstance(r, Rect) and r.role == "score-cell"]
        assert len(cells) == len(terms) + 1
        assert all(c[3] - c[1] >= 12.0 for c in cells), height  # room to write a number
        if cells[0][1] < cells[1][1]:  # stacked: a term's words keep 2.5 pt from the next term's
            row = [min(range(len(cells)), key=lambda k: abs(cells[k][1] + cells[k][3] - t[1] - t[3])) for t in words]
            for a, ra in zip(words, row):
                for b, rb in zip(words, row):
                    if rb == ra + 1:
                        assert b[1] - a[3] >= 2.5, (height, a, b)
        assert not any(overlap(t, c) for t in words for c in cells), height
        assert not any(overlap(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]), height
        assert all(c[3] <= 10.0 + height - 2.0 for c in cells), height  # off the panel's frame
        assert checks.text_overlaps(Scene(400, 200, (group,))) == [], height
        assert checks.cut_text(Scene(400, 200, (group,))) == [], height


def test_a_name_too_wide_for_a_narrow_score_panel_takes_two_lines_never_cut():
    """'Übrige Konquistadoren' beside its box in a 140 pt panel: cut to 'Übrige Konquistador…' on the
    German one page of a small 1572 variant map; now two lines, and score_height counts them."""
    from lostprint.i18n import localized, translator

    tr = translator("de")
    terms = sheet_module("lost-expedition").score_terms(localized(load("lost-expedition"), tr), tr)
    width = 140.0
    height = score_height(terms, width)
    group = w.score_box(terms, Box(10.0, 10.0, width, height), palette("color"), tr=tr)
    words = [t.text for t in walk(group.items) if isinstance(t, Text) and t.role == "score-term"]
    assert "Übrige" in words and "Konquistadoren" in words
    page = Scene(400, 300, (group,))
    assert checks.cut_text(page) == [] and checks.text_overlaps(page) == [] and checks.spills(page) == []
    assert height > score_height(sheet_module("lost-expedition").score_terms(load("lost-expedition"), ENGLISH), width)
