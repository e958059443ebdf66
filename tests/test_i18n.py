"""Printables in the player's language: catalogs complete, no printed word bypassing them, the print
checks holding in every language, a new catalog picked up as it is, and --lang from the command line."""
import re
import shutil
import subprocess
import sys

import pytest

from lostprint import checks
from lostprint.errors import UsageError
from lostprint.i18n import LOCALE_DIR, PSEUDO_CLOSE, PSEUDO_OPEN, completeness, languages, translator
from lostprint.options import PrintOptions
from lostprint.scene import Text, walk
from lostprint.sheets import build_sheet

SHIPPED = [code for code in languages() if code != "en"]
TRANSLATED_SHEETS = ["lost-expedition", "lost-crew", "lost-crows"]
SIDES = ["2", "1", "ref"]
# what a page may print outside any message: coordinates, numbers, ranges, signs, list numbers ("3."),
# sizes ("63 × 88 mm", "50 mm"), a band "<2", and the signs ↺ (the weather cube stays), ∞ (an endless supply),
# ⌂ (a house rule) and · (between two parts of a line); in a book: a list's bullet •, a count ×9 and the
# contents' dot leaders
UNTRANSLATED = re.compile(r"^([A-Z]{1,2}\d*|<?[+\u2212\u2013\d]+[+\u2212]?|[+=:]|\d+\.|\d+( \u00d7 \d+)? mm"
                          r"|[\u21ba\u221e\u2302\u00b7\u2022]|\u00d7\d+|[ .]*)$")


def test_every_shipped_catalog_is_complete():
    assert SHIPPED, "no catalog ships"
    for code in SHIPPED:
        done, total = completeness(code)
        assert done == total, f"{code}: {total - done} of {total} messages untranslated"


def extracted_msgids() -> set[str]:
    """Every message the sources mark today, extracted as `pybabel extract -F babel.cfg -k N_` does."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    root = LOCALE_DIR.parent.parent
    with open(root / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    return {m if isinstance(m, str) else m[0]
            for _, _, m, _, _ in extract_from_dir(str(root), method_map, options_map, keywords=keywords)}


def test_every_marked_message_is_in_the_template_and_translated_in_every_catalog():
    """A word added to a sheet but never extracted would print in English in every language: the
    template and the catalogs must hold every message the sources mark."""
    from babel.messages.pofile import read_po

    marked = extracted_msgids()
    with open(LOCALE_DIR / "lostprint.pot", "rb") as f:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    assert marked - template == set(), "run pybabel extract (docs/guide/languages.md)"
    for code in SHIPPED:
        table = translator(code).table
        assert sorted(marked - set(table)) == [], code


def unwrapped(scene) -> list[str]:
    """Every text item on every page outside a pseudo-locale message. A message wrapped over several
    lines opens with ⟦ on its first line and closes with ⟧ on its last, so lines between them count as in;
    a message may hold translated words of its own (⟦Roll ⟦5d6⟧. Once, …⟧), so the brackets are counted,
    from one page to the next (a rulebook's paragraph may go on over a page break)."""
    found = []
    depth = 0
    for page in scene.all_pages():
        for item in walk(page.items):
            if not isinstance(item, Text):
                continue
            text = item.text
            if PSEUDO_OPEN in text or PSEUDO_CLOSE in text:
                depth = max(0, depth + text.count(PSEUDO_OPEN) - text.count(PSEUDO_CLOSE))
            elif not depth and not UNTRANSLATED.match(text):
                found.append(text)
    return found


@pytest.mark.parametrize("game", TRANSLATED_SHEETS)
@pytest.mark.parametrize("sides", SIDES)
def test_no_printed_word_bypasses_the_catalogs(game, sides):
    game_map, paper = _bypass_case(game, sides)
    scene = build_sheet(game, game_map, PrintOptions(lang="qps", sides=sides, paper=paper))
    assert unwrapped(scene) == []


def _bypass_case(game, sides):
    """(map, paper): the standard map on letter, but for the one pages of 1672 and 1872 a smaller variant
    map, or a4's wider page: the pseudo-language's brackets lengthen every message past any real
    language's, and those pages have no room to spare even in English."""
    if game == "lost-crew" and sides == "1":
        from lostprint.maps.generate import generate

        return generate(game, 7, 8, 7), "letter"
    if game == "lost-crows" and sides == "1":
        return None, "a4"
    return None, "letter"


@pytest.mark.parametrize("game, sides", [("lost-crew", "2"), ("lost-crew", "1"), ("lost-crows", "2")])
def test_a_variant_sheet_prints_no_word_past_the_catalogs(game, sides):
    from lostprint.maps.generate import generate

    scene = build_sheet(game, generate(game, 7, 8, 7), PrintOptions(lang="qps", sides=sides))
    assert unwrapped(scene) == []


def test_the_bypass_test_finds_an_english_word():
    from lostprint.scene import Scene

    page = Scene(100, 100, (Text(10, 10, "\u27e6Hunting\u27e7", 7), Text(10, 20, "A3", 7), Text(10, 30, "Food", 7)))
    assert unwrapped(page) == ["Food"]


# mono sets the same words in the same places as colour (test_sheet_print: builders do not branch on
# ink), so the default run checks colour and the slow run both
INKS = ["color", pytest.param("mono", marks=pytest.mark.slow)]


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("game", TRANSLATED_SHEETS)
def test_print_checks_hold_in_every_language(game, code, paper, ink):
    for sides in SIDES:
        scene = build_sheet(game, None, PrintOptions(paper=paper, ink=ink, sides=sides, lang=code))
        where = f"--sides {sides}"
        assert checks.all_problems(scene) == [], where
        assert checks.cut_text(scene) == [], where
        for page in scene.all_pages():
            assert checks.footer_problems(page) == [], where
            assert checks.paragraph_problems(page) == [], where
        assert checks.slot_problems(scene, _pieces(game)) == [], where
        assert checks.hex_text_problems(scene, spare_mm=1.0) == [], where


def _pieces(game):
    from lostprint.games import load

    return load(game).pieces


def test_a_sheet_not_yet_translated_refuses_another_language(monkeypatch):
    from lostprint.sheets import lost_crows

    monkeypatch.delattr(lost_crows, "TRANSLATED")  # a sheet module that does not say it is translated
    with pytest.raises(UsageError, match="not translated yet"):
        build_sheet("lost-crows", None, PrintOptions(lang="qps"))
    assert build_sheet("lost-crows", None, PrintOptions()).pages  # English still prints


def test_a_new_catalog_is_picked_up_without_code_changes(tmp_path):
    shutil.copytree(LOCALE_DIR, tmp_path, dirs_exist_ok=True)
    (tmp_path / "nl" / "LC_MESSAGES").mkdir(parents=True)
    for source in (tmp_path / "de" / "LC_MESSAGES").glob("*.po"):  # lostprint.po, rulebook.po...
        text = source.read_text(encoding="utf-8").replace('msgstr "Jagd"', 'msgstr "Jacht"')
        (tmp_path / "nl" / "LC_MESSAGES" / source.name).write_text(text.replace("Language: de", "Language: nl"),
                                                                   encoding="utf-8")
    assert "nl" in languages(tmp_path)
    assert completeness("nl", tmp_path) == completeness("de")
    assert translator("nl", tmp_path).gettext("Hunting") == "Jacht"
    with pytest.raises(UsageError, match="no translation for 'xx'"):
        translator("xx", tmp_path)


def printed_words(out, *args) -> str:
    """The text of the PDF `lostprint ARGS -o OUT` writes (the command must succeed)."""
    run = subprocess.run([sys.executable, "-m", "lostprint", *args, "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout


def test_sheet_lang_from_the_command_line(tmp_path):
    words = printed_words(tmp_path / "de.pdf", "sheet", "1572", "--lang", "de")
    for german in ("Jagd", "Moral nach Richtung", "Konquistadoren", "Spieldesign: Mike Heim"):
        assert german in words
    assert "Hunting" not in words
    bad = subprocess.run([sys.executable, "-m", "lostprint", "sheet", "1572", "--lang", "xx", "-o", str(tmp_path / "x.pdf")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_languages_lists_each_with_its_completeness():
    run = subprocess.run([sys.executable, "-m", "lostprint", "languages"], capture_output=True, text=True)
    assert run.returncode == 0
    rows = dict(line.split("\t") for line in run.stdout.splitlines() if "\t" in line)
    assert rows["en"] == "100%" and all(rows[code] == "100%" for code in SHIPPED)
    # and it says which printables take --lang, so "100%" is not read as "everything"
    from lostprint.app.demo import rulebook_translated
    from lostprint.games import with_part

    said = run.stdout.splitlines()[-2:]
    assert said[0].startswith("translated:")
    lost = "1572: The Lost Expedition, 1672: The Lost Crew, 1872: The Lost Crows"
    assert f"the sheets of {lost}" in said[0] and f"the journals of {lost}" in said[0]
    assert "the Crows kit, setup diagram and game record" in said[0]
    books = {g.title: rulebook_translated(g) for g in with_part("rulebook")}
    english = [title for title, done in books.items() if not done]
    assert said[1] == "English only for now: " + (f"the rulebooks of {', '.join(english)}" if english else "none")
    translated = [title for title, done in books.items() if done]
    assert (f"the rulebooks of {', '.join(translated)}" in said[0]) == bool(translated)


def crows_layout(lang: str, paper: str = "letter", ink: str = "color"):
    from lostprint.maps.crows import standard_layout
    from lostprint.sheets.crows_layout import layout_scene

    return layout_scene(standard_layout(), PrintOptions(lang=lang, paper=paper, ink=ink))


def test_the_crows_layout_sheet_prints_no_word_past_the_catalogs():
    assert unwrapped(crows_layout("qps")) == []


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("code", SHIPPED)
def test_the_crows_layout_sheet_passes_the_print_checks_in_every_language(code, ink):
    for paper in ("letter", "a4"):
        scene = crows_layout(code, paper, ink)
        assert checks.all_problems(scene) == [] and checks.cut_text(scene) == [], paper
        for page in scene.all_pages():
            assert checks.footer_problems(page) == [] and checks.paragraph_problems(page) == [], paper


def test_plural_forms_follow_the_language():
    words = [t.text for t in walk(crows_layout("fr").items) if isinstance(t, Text)]
    assert any("13 tuiles, en taille réelle" in w for w in words)
    fr = translator("fr")
    one, many = ("{name}: {count} tile, drawn at full size ({mm} mm)",
                 "{name}: {count} tiles, drawn at full size ({mm} mm)")
    assert fr.ngettext(one, many, 0).startswith("{name}\u00a0: {count} tuile,")  # French: 0 is singular
    assert translator("de").ngettext(one, many, 0).endswith("Plättchen in Originalgröße ({mm} mm)")
    assert translator("en").ngettext(one, many, 0) == many


def kit(lang: str, paper: str = "letter", ink: str = "color"):
    from lostprint.crows.kit import KitOptions, build_kit

    return build_kit(KitOptions(lang=lang, paper=paper, ink=ink))


def test_the_crows_kit_prints_no_word_past_the_catalogs():
    assert unwrapped(kit("qps")) == []


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", SHIPPED)
def test_the_crows_kit_passes_the_print_checks_in_every_language(code, paper, ink):
    scene = kit(code, paper, ink)
    assert checks.all_problems(scene) == []
    assert checks.cut_text(scene) == []  # a tile's plate rises to give a long effect its lines
    assert [p for page in scene.all_pages() for p in checks.paragraph_problems(page)] == []


def test_kit_lang_from_the_command_line(tmp_path):
    words = printed_words(tmp_path / "kit.pdf", "kit", "crows", "--lang", "de")
    for german in ("Zauberkarten", "Aufbau, Schritt für Schritt", "Ödland", "Spielerübersicht"):
        assert german in words
    assert "Spell cards" not in words


def test_numbers_printed_as_text_follow_the_language():
    from lostprint.crows.kit import KitOptions, build_kit
    from lostprint.geometry.paper import MM

    assert translator("de").number(2.5) == "2,5" and translator("fr").number(2.5) == "2,5"
    assert translator("en").number(2.5) == "2.5" and translator("de").number(3.0) == "3"
    words = [t.text for t in walk(build_kit(KitOptions(lang="de", bleed=2.5 * MM)).items) if isinstance(t, Text)]
    assert any("Beschnitt 2,5 mm" in w for w in words)


def test_a_rated_variant_names_its_band_in_the_language():
    from types import SimpleNamespace

    from lostprint.sheets.common import variant_name

    rated = SimpleNamespace(name="seed 12", difficulty="hard")
    assert variant_name(rated, translator("de")) == "Kartenvariante: seed 12 \u00b7 Schwer"
    assert variant_name(rated, translator("qps")) == "\u27e6Variant map: seed 12\u27e7 \u00b7 \u27e6Hard\u27e7"


# --- journals (`lostprint render`) ---------------------------------------------------------------

JOURNAL_EXAMPLES = ["1572-the-delta-by-grace", "1672-the-salt-road-home", "1872-the-long-way-north"]
# what a journal page prints besides the catalogs' words and the save's own text: day tags ("27,29",
# "3,…9"), plot badges ("A·6"), a trail's two hexes ("C2–D3"), the end line's signs
JOURNAL_SIGNS = re.compile(r"^(\d+(,\u2026?\d+)*|[A-Z]\u00b7\d+|[A-Z]{1,2}\d+\u2013[A-Z]{1,2}\d+,?|\u2042|\.)$")


def example_played(name: str):
    from pathlib import Path

    from lostprint.saves.validate import load_save, played_or_error

    path = Path(__file__).parent.parent / "examples" / f"{name}.yaml"
    return played_or_error(load_save(path), str(path), False)


def save_words(played) -> set[str]:
    """The words of the save's own text, printed as written: title, player, journal, and the names it
    gives: 1672's sailors, 1872's plot encounters (their titles, as the rulebook names them) and visions."""
    from lostprint.books.journal import plain

    names = [m.get(key) or "" for m in played.marks for key in ("title", "outcome", "outcome_title")]
    names += [f.partition(": ")[2] for d in played.days for f in d.facts if f.startswith("vision quest: ")]
    texts = [played.title, played.player, *(d.journal or "" for d in played.days), *(v for _, v in played.setup),
             *names]
    return set(plain(" ".join(texts)).split())


@pytest.mark.parametrize("name", JOURNAL_EXAMPLES)
def test_no_journal_word_bypasses_the_catalogs(name):
    from lostprint.books.journal import journal_pages

    played = example_played(name)
    own = save_words(played)
    found = [t for page in journal_pages(played, "letter", "color", translator("qps")) for t in unwrapped(page)]
    assert [t for t in found if not JOURNAL_SIGNS.match(t) and not set(t.split()) <= own] == []


def test_day_facts_print_in_the_language():
    from lostprint.books.journal_facts import fact_text

    tr = translator("de")
    names = {"mountains": "Gebirge", "small-island": "Kleine Insel", "forest": "Wald"}
    assert fact_text("mapped M5 (mountains)", names, tr) == "M5 kartiert (Gebirge)"
    assert fact_text("small island H7", names, tr) == "Kleine Insel H7"
    assert fact_text("sailed to H7, H8", names, tr) == "gesegelt nach H7, H8"
    assert fact_text("crows: forest, mountains", names, tr) == "Krähen: Wald, Gebirge"
    assert fact_text("wounded: Jan Visser", names, tr) == "verwundet: Jan Visser"
    assert fact_text("peaceful village at A1", names, tr) == "friedliches Dorf in A1"
    assert fact_text("Fair Weather", names, tr) == "Heiter"
    assert fact_text("mapped M5 (mountains)", names, translator("en")) == "mapped M5 (mountains)"


def test_the_journal_bypass_test_finds_an_english_word(monkeypatch):
    from lostprint.books import journal

    monkeypatch.setattr(journal, "stats_rows", lambda played, tr: [("Days", "30")])
    played = example_played(JOURNAL_EXAMPLES[0])
    found = [t for page in journal.journal_pages(played, "letter", "color", translator("qps")) for t in unwrapped(page)]
    assert "Days" in found


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("name", JOURNAL_EXAMPLES)
def test_every_word_a_journal_looks_up_is_in_the_catalog(name, code):
    """Words given by value (score terms, reasons, event kinds, sizes) are msgids too: none missing."""
    from lostprint.books.journal import journal_pages

    tr = translator(code)
    seen: list[str] = []

    class Recording(type(tr)):
        def gettext(self, msgid):
            seen.append(msgid)
            return super().gettext(msgid)

        _ = gettext

        def ngettext(self, one, many, n):
            seen.append(one)
            return super().ngettext(one, many, n)

    journal_pages(example_played(name), "letter", "color", Recording(tr.lang, tr.messages, tr.plural))
    assert seen and sorted({m for m in seen if m and m not in tr.table}) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("name", JOURNAL_EXAMPLES)
def test_journal_print_checks_hold_in_every_language(name, code, paper):
    from lostprint.books.journal import journal_pages

    for n, page in enumerate(journal_pages(example_played(name), paper, "color", translator(code))):
        assert checks.all_problems(page) == [], (n + 1)
        assert checks.cut_text(page) == [], (n + 1)


def test_render_lang_from_the_command_line(tmp_path):
    words = printed_words(tmp_path / "de.pdf", "render", "examples/1572-the-delta-by-grace.yaml", "--lang", "de")
    for german in ("EINE BEENDETE PARTIE", "Die Partie in Zahlen", "Vorräte je Tag", "Konquistadoren", "Summe",
                   "Gewonnen", "das Flussdelta erreicht", "Tag 1", "Das Tagebuch von", "Spieldesign: Mike Heim"):
        assert german in words, german
    for english in ("A FINISHED GAME", "The game in numbers", "Resources by day", "Total", "Day 1"):
        assert english not in words, english
    assert "By Grace to the Delta" in words  # the save's own title, as written


def test_render_a_crows_record_in_german_from_the_command_line(tmp_path):
    words = printed_words(tmp_path / "r.pdf", "render", "examples/crows-3p.yaml", "--lang", "de")
    for german in ("Endstand", "Punkte je Runde", "Startaufbau", "Die Spielpläne lesen", "Zauber und Morde",
                   "Runde 1", "Runde für Runde", "Wren gewinnt"):
        assert german in words, german
    for english in ("Final standings", "Scores by round", "Starting layout", "Spells and murders", "Round 1"):
        assert english not in words, english
    assert "Nightfall over the Rookery" in words  # the record's own title, as written


CROWS_RECORD = "examples/crows-3p.yaml"
# the record's signs: scores ("+3 = 10", "Mara +3 · Tobias +4"), spells left ("5 × 2"), places ("1. Wren")
RECORD_SIGNS = re.compile(r"^[\d+=×·\s.]+$")


def crows_record(lang: str, paper: str = "letter", ink: str = "color"):
    from pathlib import Path

    from lostprint.crows.record import build_record, load_record

    record, result = load_record(Path(__file__).parent.parent / CROWS_RECORD)
    return record, build_record(record, result, paper, ink, translator(lang))


def test_no_crows_record_word_bypasses_the_catalogs():
    record, scene = crows_record("qps")
    own = set(record.title.split()) | set(record.players) | {record.date}
    found = [t for t in unwrapped(scene) if not set(t.replace("·", " ").split()) <= own | {"+", "="}
             and not RECORD_SIGNS.match(" ".join(w for w in t.split() if w not in own))]
    assert found == []
    assert len(scene.all_pages()) > 1  # the rounds' pages checked too


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("code", SHIPPED)
def test_crows_record_print_checks_hold_in_every_language(code, paper):
    _, scene = crows_record(code, paper)
    for n, page in enumerate(scene.all_pages()):
        assert checks.all_problems(page) == [], (n + 1)
        assert checks.cut_text(page) == [], (n + 1)


# Each language's quotation marks: German „…“, French « … » (a no-break space inside), Spanish «…»,
# Brazilian Portuguese “…”. A straight quote in a translation is set as an English one (typeset.curly).
QUOTES = {"de": ("\u201e", "\u201c"), "fr": ("\u00ab\u00a0", "\u00a0\u00bb"), "es": ("\u00ab", "\u00bb"),
          "pt-BR": ("\u201c", "\u201d")}
# a quotation mark, or an apostrophe not between two letters (where it quotes: 'fit to page')
ANY_QUOTE = re.compile(r"[\"\u201c\u201d\u201e\u2018\u201a\u00ab\u00bb]|(?<![^\W\d_])['\u2019]|['\u2019](?![^\W\d_])")


def foreign_quotes(text: str, code: str) -> list[str]:
    """The quotation marks in a text that are not its language's pair."""
    opening, closing = QUOTES[code]
    inside = f"[^{re.escape(opening[0] + closing[-1])}]*"
    bare = re.sub(f"{re.escape(opening)}{inside}{re.escape(closing)}", "", text)
    return [text[max(0, m.start() - 20):m.end() + 20] for m in ANY_QUOTE.finditer(bare)]


@pytest.mark.parametrize("code", SHIPPED)
def test_every_translation_quotes_as_its_language_does(code):
    from babel.messages.pofile import read_po

    from lostprint.i18n import catalog_paths

    found = []
    for path in catalog_paths(code):
        with open(path, "rb") as f:
            for m in read_po(f):
                for string in ([m.string] if isinstance(m.string, str) else m.string) if m.id else ():
                    found += [(path.name, q) for q in foreign_quotes(string, code)]
    assert found == []


def test_the_german_kit_prints_german_quotes(tmp_path):
    """The kit's cover in German says „an Seite anpassen“, not ‘an Seite anpassen’: pdftotext of the whole
    kit finds no English quotation mark (an apostrophe between two letters is no quote)."""
    from lostprint.render import render

    path = tmp_path / "kit-de.pdf"
    path.write_bytes(render(kit("de"), "pdf"))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "\u201ean Seite anpassen\u201c" in text
    assert foreign_quotes(text, "de") == []
