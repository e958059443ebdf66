"""A wrapped text keeps every word in every language: a chart's note, a score term's rule, the Spirit
Dancers' and the Vision Quest's rules on the sheets, a journal's reason for its result. The French 1872
sheet once printed the Spirit Dancers' rule in three lines and dropped "face voulue." unseen."""
import pytest

from lostprint import checks
from lostprint.games import load
from lostprint.i18n import languages, localized, translator
from lostprint.options import PrintOptions
from lostprint.scene import Scene, Text
from lostprint.sheets import build_sheet, sheet_module, sheet_sides

GAMES = ["lost-expedition", "lost-crew", "lost-crows"]


def wrapped_sources(game_id: str, code: str) -> list[str]:
    """The texts a sheet wraps into a few lines, as this language prints them."""
    tr = translator(code)
    game = localized(load(game_id), tr)
    sources = [c.modifier for c in game.charts if c.modifier]
    sources += [rule for _, rule in sheet_module(game_id).score_terms(game, tr) if rule]
    sources += [getattr(game.text, name) for name in ("spirit_dancer_text", "vision_quest_text")
                if getattr(game.text, name, "")]
    return sources


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", GAMES)
def test_every_wrapped_text_on_a_sheet_is_printed_whole(game, code, paper):
    sources = wrapped_sources(game, code)
    assert sources
    for sides in sheet_sides(game):
        scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
        assert checks.cut_words(scene, sources) == [], sides
        assert checks.cut_text(scene) == [], sides


def test_the_french_1872_sheet_prints_the_spirit_dancers_rule_to_its_last_words():
    scene = build_sheet("lost-crows", None, PrintOptions(lang="fr"))
    words = " ".join(t.text for page in scene.all_pages() for t in checks.texts(page))
    assert "face voulue." in words


def test_a_text_cut_short_without_a_mark_is_found():
    page = Scene(200, 100, (Text(10, 10, "Once each per game: cross one off", 7),
                            Text(10, 20, "to set a phase 1 die to", 7)))
    assert checks.cut_words(page, ["Once each per game: cross one off to set a phase 1 die to any face."]) == [
        "text 'Once each per game: cross one off to set a phase 1 die to any face.' is not printed whole"]
    assert checks.cut_words(page, ["A rule this page never prints."]) == []


@pytest.mark.parametrize("code", [c for c in languages() if c != "en"])
@pytest.mark.parametrize("name", ["1572-the-delta-by-grace", "1672-the-salt-road-home", "1872-the-long-way-north"])
def test_a_journal_prints_its_result_reason_whole(name, code):
    from test_i18n import example_played

    from lostprint.books.journal import journal_pages, result_line

    tr = translator(code)
    played = example_played(name)
    why = result_line(played, tr)[1]
    for paper in ("letter", "a4"):
        for page in journal_pages(played, paper, "color", tr):
            assert checks.cut_words(page, [why[0].upper() + why[1:]]) == [], paper


def test_a_text_kept_to_a_few_lines_steps_down_to_the_least_size_then_marks_its_cut():
    from lostprint.palette import MIN_TEXT
    from lostprint.sheets.widgets import wrap_text, wrap_within

    text = "Once each per game: cross one off to set a phase 1 die to any face."
    width = 120.0
    three = len(wrap_text(text, "sans-italic", 7.4, width))
    lines, size = wrap_within(text, "sans-italic", 7.4, width, three - 1)
    assert MIN_TEXT <= size < 7.4 and len(lines) == three - 1 and " ".join(lines) == text
    lines, size = wrap_within(text, "sans-italic", 7.4, 60.0, 2)
    assert size == MIN_TEXT and len(lines) == 2 and lines[-1].endswith("\u2026")
    assert wrap_within(text, "sans-italic", 7.4, 60.0) == (wrap_text(text, "sans-italic", 7.4, 60.0), 7.4)
