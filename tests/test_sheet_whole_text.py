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
from lostprint.typeset import curly

GAMES = ["lost-expedition", "lost-crew", "lost-crows"]


def wrapped_sources(game_id: str, code: str) -> list[str]:
    """The texts a sheet wraps into a few lines, as this language prints them."""
    tr = translator(code)
    game = localized(load(game_id), tr)
    sources = [c.modifier for c in game.charts if c.modifier]
    sources += [rule for _, rule in sheet_module(game_id).score_terms(game, tr) if rule]
    sources += [getattr(game.text, name) for name in ("spirit_dancer_text", "vision_quest_text")
                if getattr(game.text, name, "")]
    return [curly(s) for s in sources]  # as a page sets them: "cell’s"


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


SAID_OTHERWISE = {  # a chart's note every sheet says in its own words rather than word for word
    ("lost-expedition", "planning"): "the day's phases: 'reroll any once'; each phase chart: '+1 per extra'",
    ("lost-crew", "weather"): "the weather track: 'After a watcher's reroll: Storm.'",
    ("lost-crows", "bad-omen"): "the chart's subtitle: 'd66: tens die, then ones die'",
}
ON_THE_REFERENCE_CARD = {  # left off the one page, whose foot line sends the player to the reference card
    ("lost-crows", "units"): "the order of the units' resolution goes with the turn order",
}


def rules_printed(game_id: str, code: str, sides: str) -> list[str]:
    """The rules a sheet of these sides prints whole: every chart's note but those above, and (where
    the player writes) the score terms' rules and the Spirit Dancers' and Vision Quest's."""
    tr = translator(code)
    game = localized(load(game_id), tr)
    rules = [curly(c.modifier) for c in game.charts if c.modifier and (game_id, c.key) not in SAID_OTHERWISE
             and not (sides == "1" and (game_id, c.key) in ON_THE_REFERENCE_CARD)]
    if sides != "ref":
        rules += wrapped_sources(game_id, code)[len([c for c in game.charts if c.modifier]):]
    return rules


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_leaves_a_rule_out_to_make_room(game, code, paper):
    """The 1872 one page once printed the Vision Quest's rule only when its write-ins kept three
    rows, and never on letter: now the write-ins take fewer rows, the rule stays."""
    for sides in sheet_sides(game):
        scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
        assert checks.left_out(scene, rules_printed(game, code, sides)) == [], sides


def test_a_rule_left_out_altogether_is_found():
    page = Scene(200, 100, (Text(10, 10, "Terrain", 7), Text(10, 20, "Boon", 7)))
    rule = "At the 7th Crow: roll 1d6 on the visions of the terrain with most Crows."
    assert checks.left_out(page, [rule]) == [f"text {rule!r} is not printed"]
    assert checks.cut_words(page, [rule]) == []  # not begun: the cut check alone never saw it
    assert checks.left_out(page, ["Terrain Boon"]) == []


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


@pytest.mark.parametrize("code", ["en", "de"])
@pytest.mark.parametrize("sides", ["1", "2"])
def test_a_variant_map_sheet_leaves_no_rule_out(sides, code):
    """A variant map lays its panels out by their content: the Vision Quest's panel asks for the room
    its rules take."""
    from lostprint.maps.generate import generate

    scene = build_sheet("lost-crows", generate("lost-crows", 7, 8, 7), PrintOptions(sides=sides, lang=code))
    assert checks.left_out(scene, rules_printed("lost-crows", code, sides)) == []


def test_a_subtitle_too_long_beside_its_title_gets_a_line_of_its_own():
    from lostprint.geometry.paper import Box
    from lostprint.palette import palette
    from lostprint.sheets import widgets as w

    pal = palette("color")
    items, inner = w.panel(Box(0, 0, 110, 100), "Scan Horizon", pal, subtitle="2d6 \u00b7 phase 5")
    assert "2d6 \u00b7 phase 5" in [t.text for t in items if isinstance(t, Text)]
    assert inner.y == pytest.approx(w.TITLE_BAR + 3 + w.SUBTITLE_LINE) and inner.bottom == pytest.approx(97)
    items, inner = w.panel(Box(0, 0, 200, 100), "Scan Horizon", pal, subtitle="2d6 \u00b7 phase 5")
    assert "2d6 \u00b7 phase 5" in [t.text for t in items if isinstance(t, Text)]
    assert inner.y == pytest.approx(w.TITLE_BAR + 3)


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", GAMES)
def test_no_panel_drops_part_of_its_subtitle(game, code, monkeypatch):
    """A panel's subtitle once lost its last parts where the title left too little room beside it: the
    1672 Scan Horizon chart's '· phase 5' in every language, the German 1872 one page's Crows its whole
    'last ticked × 2'."""
    from lostprint.sheets import widgets as w

    asked: list[str] = []
    real = w.panel

    def recording(box, title, pal, house=False, subtitle="", name=""):
        if subtitle:
            asked.append(curly(subtitle))
        return real(box, title, pal, house, subtitle, name)

    monkeypatch.setattr(w, "panel", recording)
    for paper in ("letter", "a4"):
        for sides in sheet_sides(game):
            asked.clear()
            scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
            assert asked and checks.left_out(scene, asked) == [], (paper, sides)
