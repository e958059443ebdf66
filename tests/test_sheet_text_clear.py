"""Text keeps clear of every frame, rule and box, in every language and on both papers: a word does not
run through its box's side nor sit on a table's rule. Found by looking at the printed sheets, missed by
the checks before (nothing spilled out of a panel): the German 1672 sailors' 'verwundet' ran through
their boxes, the 1672 one page's bands set their results on the numbers' rule, the German 1872 unit
names touched the die slots above them, the 1572 one page's week boxes held their day numbers 0.8 pt
from their sides in es/fr/pt-BR."""
import pytest

from lostprint import checks
from lostprint.i18n import languages
from lostprint.options import PrintOptions
from lostprint.scene import Group, Line, Rect, Scene, Style, Text
from lostprint.sheets import build_sheet, sheet_sides


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
def test_text_keeps_clear_of_frames_and_rules(game, code):
    for paper in ("letter", "a4"):
        for sides in sheet_sides(game):
            scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
            assert checks.text_on_lines(scene) == [], (paper, sides)


def test_a_word_through_a_box_and_one_on_a_rule_are_found():
    box = Rect(10, 10, 30, 12, Style(), role="sailor")
    rule = Line(60, 20, 100, 20, Style(width=0.4))
    inside = Text(12, 19, "ok", 6.5)
    through = Text(24, 19, "verwundet", 6.5)  # runs through the box's right side
    on_rule = Text(62, 20 + 0.76 * 6.5 - 0.5, "Sea", 6.5)  # its top under the rule's half width
    scene = Scene(200, 100, (Group((box, rule, on_rule)), through))
    found = checks.text_on_lines(scene)
    assert len(found) == 2 and "'Sea'" in found[0] + found[1] and "'verwundet'" in found[0] + found[1]
    assert checks.text_on_lines(Scene(200, 100, (box, inside))) == []
