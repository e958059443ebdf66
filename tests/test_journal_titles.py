"""A translated journal names 1872's plot encounters and visions as the rulebook in its language does:
the German journal printed "Farm on Fire", "Perfect Sunset", "Windriders" among German words, where the
German rulebook says "Brennende Farm", "Vollkommener Sonnenuntergang", "Windreiter"."""
from pathlib import Path

from lostprint.books.journal_facts import fact_text
from lostprint.i18n import translator

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "1872-the-long-way-north.yaml"


def test_a_plot_and_its_outcome_and_a_vision_print_in_the_language():
    tr = translator("de")
    assert fact_text("plot A6: Farm on Fire \u2192 47A Plunder", {}, tr) == "Ereignis A6: Brennende Farm \u2192 47A Plünderung"
    assert fact_text("vision quest: Windriders", {}, tr) == "Visionssuche: Windreiter"
    assert fact_text("plot A6: Farm on Fire", {}, translator("en")) == "plot A6: Farm on Fire"


def test_the_german_1872_journal_has_no_english_encounter_title():
    from lostprint.books.journal import journal_pages
    from lostprint.checks import texts
    from lostprint.saves.validate import load_played

    played = load_played(EXAMPLE)
    words = " ".join(t.text for page in journal_pages(played, "letter", "color", translator("de")) for t in texts(page))
    titles = {m.get("title") for m in played.marks if m.kind == "plot"}
    assert titles and not [t for t in titles if t in words], titles
    assert "Brennende Farm" in words
