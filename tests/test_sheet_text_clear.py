"""Text keeps clear of every frame, rule and box, and icons of their panel's frame, in every language and
on both papers: a word does not run through its box's side nor sit on a table's rule. Found by looking
at the printed sheets, missed by the checks before (nothing spilled out of a panel): the German 1672
sailors' 'verwundet' ran through their boxes, the 1672 one page's bands set their results on the
numbers' rule, the German 1872 unit names touched the die slots above them, the 1572 one page's week
boxes held their day numbers 0.8 pt from their sides in es/fr/pt-BR, the 1572 symbol key's river and
cataract reached to 0.7 pt of its frame."""
import pytest

from lostprint import checks
from lostprint.i18n import languages
from lostprint.options import PrintOptions
from lostprint.scene import Circle, Group, Line, Rect, Scene, Style, Text
from lostprint.sheets import build_sheet, sheet_sides


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
def test_text_keeps_clear_of_frames_and_rules(game, code):
    for paper in ("letter", "a4"):
        for sides in sheet_sides(game):
            scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
            assert checks.text_on_lines(scene) == [], (paper, sides)
            assert checks.icons_on_frames(scene) == [], (paper, sides)
            assert checks.short_write_ins(scene) == [], (paper, sides)


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


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows", "crows"])
def test_the_rulebooks_sheet_figures_keep_text_clear_of_lines(game, code):
    """The sheet widgets a rulebook draws as figures, on both papers: the 1872 Crows tally in the a4
    book once held its numbers 0.9 pt from their narrow boxes' sides."""
    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, widget_scenes

    for paper in ("letter", "a4"):
        for name, scene in widget_scenes(part(game, "rulebook"), RulebookOptions(paper=paper, lang=code)):
            assert checks.text_on_lines(scene) == [], (paper, name)


def test_an_icon_on_its_panels_frame_is_found():
    frame = Rect(0, 0, 100, 50, Style(), role="panel")
    near = Group((Circle(4, 25, 3, Style()),), name="sample:river")  # 1 pt from the frame's left side
    far = Group((Circle(20, 25, 3, Style()),), name="icon:village")
    panel = Group((frame, near, far), name="symbol-key", box=(0, 0, 100, 50))
    assert checks.icons_on_frames(Scene(200, 100, (panel,))) == [
        "sample:river is 1.00 pt inside panel 'symbol-key' (under 2 pt)"]
    unframed = Group((near,), name="tracker:food", box=(0, 0, 100, 50))  # a tracker: no frame to crowd
    assert checks.icons_on_frames(Scene(200, 100, (unframed,))) == []


def test_a_word_by_a_compass_side_or_in_a_dashed_ring_is_found_but_not_a_plot_letter():
    from lostprint.scene import Path

    side = Path(((50, 0), (50, 40)), Style(width=0.9))  # a compass hex's side
    from lostprint.fonts import text_width

    change = Text(50 - 0.45 - 0.7 - text_width("\u22123", "sans-bold", 9.0) / 2, 20, "\u22123", 9.0, "sans-bold",
                  anchor="middle")  # its box 0.7 pt from the side
    ring = Circle(120, 20, 12, Style(fill=None, dash=(2, 2)))
    note = Text(120, 22, "sem marinheiro", 6.5, anchor="middle")  # wider than the ring
    plot = Circle(160, 20, 4.6, Style(fill="#ffffff", width=0.8), role="plot-sample")
    letter = Text(160, 21.7, "A", 6.5, "serif-bold", anchor="middle", role="plot-sample")  # the badge's own
    found = checks.text_on_lines(Scene(200, 60, (side, change, ring, note, plot, letter)))
    assert [f.split(" is ")[0] for f in found] == ["text '\u22123'", "text 'sem marinheiro'"]
    mapped = Group((side, change), name="map")  # the map's own drawings: left to the map's checks
    assert checks.text_on_lines(Scene(200, 60, (mapped,))) == []


@pytest.mark.parametrize("code", languages())
def test_the_crows_kit_and_record_keep_text_clear_of_lines(code):
    """The kit's pages and the Crows game record, on both papers: the Spanish record's '+hechizos' ran
    into its chart's frame."""
    from lostprint.crows.kit import KitOptions, build_kit
    from lostprint.crows.record import build_record, load_record
    from lostprint.i18n import translator
    from lostprint.paths import examples_dir

    record, result = load_record(examples_dir() / "crows-3p.yaml")
    for paper in ("letter", "a4"):
        for scene in (build_kit(KitOptions(paper=paper, lang=code)),
                      build_record(record, result, paper, "color", translator(code))):
            assert checks.text_on_lines(scene) + checks.icons_on_frames(scene) == [], paper


def test_a_write_in_with_no_room_to_write_is_found():
    from lostprint.geometry.paper import Box
    from lostprint.sheets.style import palette
    from lostprint.sheets.widgets import write_in

    short = write_in(Box(0, 0, 58, 12), "Schaluppe", palette("color"))  # the German sheet's, before
    roomy = write_in(Box(0, 0, 90, 12), "Sloop", palette("color"))
    found = checks.short_write_ins(Scene(200, 50, (short, roomy)))
    assert len(found) == 1 and found[0].startswith("write-in:Schaluppe leaves ")


@pytest.mark.parametrize("code", languages())
def test_no_line_starts_with_a_house_mark_cut_from_its_word(code):
    """The house-rule mark belongs to the word before it: the 1572 day's Map Travel once wrapped
    '⌂; step again while it pays ⌂.' onto a line of its own."""
    import re

    from lostprint.games.model import HOUSE_MARK

    cut = re.compile(rf"^{HOUSE_MARK}[;,.:)]")
    for game in ("lost-expedition", "lost-crew", "lost-crows"):
        for paper in ("letter", "a4"):
            for sides in sheet_sides(game):
                scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
                found = [t.text for page in scene.all_pages() for t in checks.texts(page) if cut.match(t.text)]
                assert found == [], (game, paper, sides)
