"""Rulebooks in the player's language: the catalogs they print through (rulebook.po and one
rulebook_<game>.po a game, merged with lostprint.po into one translator), jinja2's i18n blocks in the
templates, no printed word past the catalogs, --lang from the command line."""
import functools
import shutil
import subprocess
import sys

import pytest

from lostprint.app.registry import part
from lostprint.books.rulebook import RulebookOptions, base_context, book_translator, render_markup, rulebook_scene, template_env
from lostprint.errors import UsageError
from lostprint.i18n import (LOCALE_DIR, Translator, book_prose, completeness, disagreements, keyed, languages,
                            localized, translator)
from test_i18n import unwrapped

SHIPPED = [code for code in languages() if code != "en"]
GAMES = ["lost-expedition", "lost-crew", "lost-crows", "crows"]


def book(game):
    return part(game, "rulebook")


def still_english() -> list[str]:
    """The games whose rulebook is not translated yet (their module does not say TRANSLATED = True):
    `lostprint languages` names them, and they refuse any language but English."""
    return [g for g in GAMES if not getattr(book(g), "TRANSLATED", False)]


@pytest.mark.parametrize("code", SHIPPED)
def test_a_message_in_several_catalogs_has_one_translation(code):
    """A word on the sheet is the same word in the rulebook: lostprint.po, rulebook.po and the games'
    rulebook catalogs never translate one msgid two ways."""
    assert disagreements(code) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_a_word_two_printables_mean_differently_is_translated_in_its_context(code):
    """'Turn order' is a day's steps on the 1872 sheet and the seat order in a Crows clarification: the
    clarification's title has its own message context, so each is translated on its own (German:
    Zugablauf on the sheet, Zugreihenfolge in the Crows book, its house-rules entry too)."""
    from babel.messages.pofile import read_po

    tr, module = translator(code), book("crows")
    crows = render_markup(module, RulebookOptions(lang=code))
    clarification = tr.pgettext("clarification", "Turn order")
    assert clarification != tr.gettext("Turn order")
    assert f"## {clarification} " in crows and tr.gettext("Turn order") not in crows
    [(_, house)] = module.house_rules(localized(module.GAME, tr, book_prose(module)), tr)
    assert clarification in house and tr.gettext("Turn order") not in house
    with open(LOCALE_DIR / code.replace("-", "_") / "LC_MESSAGES" / "rulebook_crows.po", "rb") as f:
        assert "Turn order" not in {m.id for m in read_po(f) if not m.context}  # the sheets' word is lostprint.po's


def test_a_message_context_falls_back_to_english_not_to_the_plain_translation():
    tr = Translator("de", (("Turn order", "Zugablauf"), (keyed("clarification", "Tile counts"), "Plättchenzahlen")))
    assert tr.pgettext("clarification", "Turn order") == "Turn order"
    assert tr.pgettext("clarification", "Tile counts") == "Plättchenzahlen"
    assert tr.gettext("Tile counts") == "Tile counts" and tr.gettext("Turn order") == "Zugablauf"


def house_rule_separators(game: str, code: str) -> list[str]:
    """What follows each house-rule entry's bold term on the printed pages of a book in a language."""
    from lostprint.books.rulebook import HOUSE_MARK
    from lostprint.scene import Text, walk

    found = []
    for page in rulebook_scene(book(game), RulebookOptions(lang=code)).all_pages():
        texts = [i for i in walk(page.items) if isinstance(i, Text)]
        for i, item in enumerate(texts[:-1]):
            if item.text == HOUSE_MARK and item.font == "sans-italic" and texts[i + 1].font == "sans-bold":
                after = next(t for t in texts[i + 1:] if t.font != "sans-bold")
                found.append(after.text)
    return found


@pytest.mark.parametrize("game", [g for g in GAMES if g not in still_english()])
def test_a_french_house_rule_has_a_no_break_space_before_its_colon(game):
    """French sets a no-break space before a colon; the other languages do not. The full U+00A0 (French
    typesetting's space before a colon; the narrow U+202F goes before ; ! ?), a glyph every embedded face has."""
    for code, colon in (("fr", "\u00a0:"), ("en", ":"), ("de", ":"), ("es", ":"), ("pt-BR", ":")):
        found = house_rule_separators(game, code)
        assert found and all(text.startswith(colon) for text in found), (code, found)


@pytest.mark.parametrize("game", GAMES)
def test_no_rulebook_word_bypasses_the_catalogs(game, monkeypatch):
    """Every page of a translated rulebook in the pseudo-language: no word outside ⟦…⟧ but numbers,
    coordinates and signs. A rulebook still English must still print English words here (mark its
    template, then set TRANSLATED = True in its module: this test then holds it to every word)."""
    module = book(game)
    english_only = game in still_english()
    monkeypatch.setattr(module, "TRANSLATED", True, raising=False)
    found = unwrapped(rulebook_scene(module, RulebookOptions(lang="qps")))
    if english_only:
        assert found, f"{game}: every word is marked: set TRANSLATED = True in its rulebook module"
    else:
        assert found == []


def test_the_books_shared_words_print_through_the_catalogs(monkeypatch):
    """The words every rulebook shares (rulebook.py, rulebook_common.py: cover, contents, the turn table,
    the spoiler page, house rules) and the game data only a book prints (its kind) come wrapped in the
    pseudo-language, whatever a game's template still prints in English."""
    from lostprint.scene import Text, walk

    module = book("lost-crows")
    monkeypatch.setattr(module, "TRANSLATED", True, raising=False)
    scene = rulebook_scene(module, RulebookOptions(lang="qps"))
    words = " ".join(i.text for page in scene.all_pages() for i in walk(page.items) if isinstance(i, Text))
    words = words.replace("\u00a0", " ")
    for shared in ("Rulebook", "Contents", "The turn, phase by phase", "Phase", "What happens", "Do not read ahead",
                   "Everything after this page is hidden on purpose: the plot encounters, their outcomes and the "
                   "vision quests.", "A game by Mike Heim", module.GAME.kind):
        assert f"\u27e6{shared}\u27e7" in words, shared


# Each rulebook catalog and the files extracted into it (babel-rulebook.cfg; docs/guide/languages.md)
CATALOG_SOURCES = {
    "rulebook": ("lostprint/books/rulebook.py", "lostprint/books/rulebook_common.py"),
    "rulebook_1572": ("templates/rulebook/lost-expedition.j2", "lostprint/books/rulebook_1572.py",
                      "lostprint/games/lost_expedition.py"),
    "rulebook_1672": ("templates/rulebook/lost-crew.j2", "lostprint/books/rulebook_1672.py", "lostprint/games/lost_crew.py"),
    "rulebook_1872": ("templates/rulebook/lost-crows.j2", "lostprint/books/rulebook_1872.py",
                      "lostprint/games/lost_crows.py"),
    "rulebook_crows": ("templates/rulebook/crows.j2", "lostprint/books/rulebook_crows.py", "lostprint/games/crows.py"),
}
CATALOG_GAME = {"rulebook_1572": "lost-expedition", "rulebook_1672": "lost-crew", "rulebook_1872": "lost-crows",
                "rulebook_crows": "crows"}


def extracted(domain: str) -> set[str]:
    """The msgids `pybabel extract -F babel-rulebook.cfg -k N_ ... <the catalog's files>` finds today."""
    from babel.messages.extract import DEFAULT_KEYWORDS, check_and_call_extract_file
    from babel.messages.frontend import parse_mapping_cfg

    root = LOCALE_DIR.parent.parent
    with open(root / "babel-rulebook.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    return {keyed(context, m if isinstance(m, str) else m[0])
            for path in CATALOG_SOURCES[domain]
            for _, _, m, _, context in check_and_call_extract_file(str(root / path), method_map, options_map, None, keywords, (), False,
                                                              dirpath=str(root))}


@pytest.mark.parametrize("domain", CATALOG_SOURCES)
def test_every_marked_book_message_is_in_its_template_and_translated(domain):
    """A word marked in a rulebook's sources but never extracted would print in English: its catalog's
    .pot holds every one, and once the book is translated (the shared words always), every language does."""
    from babel.messages.pofile import read_po

    marked = extracted(domain)
    pot = LOCALE_DIR / f"{domain}.pot"
    if not pot.exists():  # a game not begun: nothing of it may be marked yet
        assert domain in CATALOG_GAME and CATALOG_GAME[domain] in still_english(), domain
        return
    with open(pot, "rb") as f:
        template = {keyed(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id}
    assert sorted(marked - template) == [], f"run pybabel extract for {domain} (docs/guide/languages.md)"
    if CATALOG_GAME.get(domain) in still_english():
        return
    for code in SHIPPED:
        assert sorted(marked - set(translator(code).table)) == [], code


@pytest.mark.parametrize("code", SHIPPED)
def test_every_catalog_of_a_language_has_its_plural_rule(code):
    """The merged translator takes lostprint.po's plural rule: every other catalog must say the same."""
    from babel.messages.pofile import read_po

    from lostprint.i18n import catalog_paths

    rules = {}
    for path in catalog_paths(code):
        with open(path, "rb") as f:
            rules[path.name] = read_po(f).plural_expr
    assert len(set(rules.values())) == 1, rules


def test_the_rulebook_bypass_test_finds_an_english_word(monkeypatch):
    """A word a template prints outside any {% trans %} block is found (the shared cover's word here)."""
    from lostprint.books import rulebook

    monkeypatch.setattr(rulebook, "block_contents", lambda book, *args: [book.para("Contents")])
    monkeypatch.setitem(rulebook.GENERIC_BLOCKS, "contents", rulebook.block_contents)
    module = book("crows")
    monkeypatch.setattr(module, "TRANSLATED", True, raising=False)
    assert "Contents" in unwrapped(rulebook_scene(module, RulebookOptions(lang="qps")))


def test_trans_blocks_translate_fill_in_variables_and_take_plural_forms(tmp_path):
    (tmp_path / "t.j2").write_text(
        "{% trans n=count, name=who %}{{ name }} rolls {{ n }} die{% pluralize %}{{ name }} rolls {{ n }} dice"
        "{% endtrans %} | {% trans %}Set-up\n   and play{% endtrans %} | {{ _('and') }} | {{ 2.5|number }}"
        " | {{ ['a', 'b', 'c']|joinand }}\n- {% trans %}A bullet\n  goes on{% endtrans %}\n- next\n")
    german = Translator("de", (("%(name)s rolls %(n)s die", ("%(name)s wirft %(n)s Würfel",) * 2),
                               ("Set-up and play", "Aufbau und Spiel"), ("and", "und")))
    env = template_env(str(tmp_path))
    opts = RulebookOptions(lang="de")
    text = env.get_template("t.j2").render(**base_context(book("crows").GAME, opts, german), count=3, who="<Ana>")
    # the msgid is the trimmed text (one line), a variable is escaped as any printed value is
    # a block's line break stays (the markup is line by line)
    assert text == "&lt;Ana&gt; wirft 3 Würfel | Aufbau und Spiel | und | 2,5 | a, b und c\n- A bullet goes on\n- next\n"
    one = env.get_template("t.j2").render(**base_context(book("crows").GAME, opts), count=1, who="Ana")
    assert one.startswith("Ana rolls 1 die | Set-up and play | and | 2.5 | a, b and c")


def test_a_rulebook_not_yet_translated_refuses_another_language(monkeypatch):
    module = book("crows")
    monkeypatch.delattr(module, "TRANSLATED", raising=False)
    with pytest.raises(UsageError, match="not translated yet"):
        book_translator(module, RulebookOptions(lang="qps"))
    assert "Crows" in render_markup(module, RulebookOptions())  # English still prints


def test_every_catalog_of_a_language_is_merged_and_counted(tmp_path):
    """A game's rulebook catalog beside lostprint.po is read with it, counts in its completeness, and a
    msgid it translates another way than the sheet's catalog is reported."""
    shutil.copytree(LOCALE_DIR, tmp_path, dirs_exist_ok=True)
    folder = tmp_path / "de" / "LC_MESSAGES"
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    (folder / "rulebook_test.po").write_text(header + 'msgid "Roll a die."\nmsgstr "Wirf einen Würfel."\n\n'
                                             'msgid "Not yet"\nmsgstr ""\n\nmsgid "Hunting"\nmsgstr "Jagen"\n',
                                             encoding="utf-8")
    done, total = completeness("de", tmp_path)
    before = completeness("de")
    assert (done, total) == (before[0] + 1, before[1] + 2)  # "Hunting" is one msgid, now translated two ways
    tr = translator("de", tmp_path)
    assert tr.gettext("Roll a die.") == "Wirf einen Würfel." and tr.gettext("Jagen") == "Jagen"
    assert tr.gettext("Hunting") == translator("de").gettext("Hunting")  # the sheet's word stands
    assert disagreements("de", tmp_path) == ["Hunting"]
    assert languages(tmp_path) == languages()  # a language is its lostprint.po: no new one


def test_rulebook_lang_from_the_command_line(tmp_path):
    """--lang is read like the sheet's; a rulebook not translated yet refuses it in one line."""
    untranslated = still_english()
    run = subprocess.run([sys.executable, "-m", "lostprint", "rulebook", "1672", "--lang", "xx", "-o",
                          str(tmp_path / "x.pdf")], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "no translation for 'xx'" in run.stderr
    if untranslated:
        run = subprocess.run([sys.executable, "-m", "lostprint", "rulebook", untranslated[0], "--lang", "de", "-o",
                              str(tmp_path / "y.pdf")], capture_output=True, text=True)
        assert run.returncode != 0 and run.stderr.count("\n") == 1 and "not translated yet" in run.stderr
        assert "Traceback" not in run.stderr and not (tmp_path / "y.pdf").exists()
    done = [g for g in GAMES if g not in untranslated]
    if done:  # a translated book in German: its shared words and its own, no English cover
        from test_i18n import printed_words

        words = printed_words(tmp_path / "de.pdf", "rulebook", done[0], "--lang", "de")
        assert "Regelheft" in words and "Inhalt" in words and "Rulebook" not in words and "Contents" not in words


# --- layout in every language ----------------------------------------------------------------------
# Every rulebook is laid out in every language on both papers, translated words and all (a book whose
# template is still English is built all the same, its own prose English: its shared words, charts, keys
# and sheet panels are translated, and those must already fit). The default run builds each book once
# per language, the papers taking turns; the full grid of papers and inks runs under -m slow.
LANG_PRINTS = [(game, code, paper, "color") for i, game in enumerate(GAMES) for j, code in enumerate(SHIPPED)
               for paper in [("letter", "a4")[(i + j) % 2]]]
LANG_PRINTS_SLOW = [pytest.param(game, code, paper, ink, marks=pytest.mark.slow)
                    for game in GAMES for code in SHIPPED for paper in ("letter", "a4") for ink in ("color", "mono")
                    if (game, code, paper, ink) not in LANG_PRINTS]


SHARED_WIDGETS = {"phases", "symbols", "terrains", "trackers", "days", "map"}  # rulebook.py's, rulebook_common.py's


@functools.cache
def built(game: str, code: str, paper: str, ink: str):
    """(PDF bytes, widget scenes, the game's title as printed) of a rulebook in a language."""
    from lostprint.books.rulebook import build_rulebook_and_widgets, book_translator

    module = book(game)
    kept = getattr(module, "TRANSLATED", None)
    module.TRANSLATED = True
    try:
        opts = RulebookOptions(paper=paper, ink=ink, lang=code)
        data, widgets = build_rulebook_and_widgets(module, opts)
        title = book_translator(module, opts).gettext(module.GAME.title)
    finally:
        if kept is None:
            del module.TRANSLATED
        else:
            module.TRANSLATED = kept
    return data, tuple(widgets), title


@pytest.mark.parametrize("game, code, paper, ink", LANG_PRINTS + LANG_PRINTS_SLOW)
def test_rulebook_print_checks_hold_in_every_language(game, code, paper, ink, tmp_path):
    """As tests/test_rulebook_pdf.py and test_books_print.py check the English books: a valid PDF; every
    sheet widget inside its panels, no text over another, none cut short with "…" (a book still English:
    the shared figures); no text under 6.5 pt as printed; a running head and centred folio on every page
    after the cover; the outline and the contents pointing at the pages their headings are printed on."""
    import printed as P
    from test_books_print import check_head_and_folio
    from test_rulebook_pdf import check_outline_and_contents

    from lostprint import checks
    from lostprint.geometry.paper import MM
    from lostprint.palette import MIN_TEXT

    data, widgets, title = built(game, code, paper, ink)
    key = (game, code, paper, ink)
    path = tmp_path / "book.pdf"
    path.write_bytes(data)
    assert "No syntax or stream encoding errors" in subprocess.run(["qpdf", "--check", str(path)],
                                                                   capture_output=True, text=True).stdout
    still = game in still_english()  # its own figures wait for its translation; the shared ones must fit now
    for name, scene in widgets:
        if still and name not in SHARED_WIDGETS:
            continue
        problems = checks.small_text(scene) + checks.text_overlaps(scene) + checks.spills(scene)
        assert problems == [] and checks.cut_text(scene) == [], (key, name, problems[:5])
    pages = P.text(data)
    small = sorted({(page.number, round(ln.size, 2)) for page in pages for ln in page.lines if ln.size < MIN_TEXT - 0.05})
    assert small == [], f"{key}: text under {MIN_TEXT} pt (page, size)"
    assert still or not any("\u2026" in page.text() for page in pages), key
    check_head_and_folio(pages, title, key, first=2)
    for page in pages[1:]:  # the running head's game title and chapter stay apart, however long the chapter's name
        head = sorted((ln for ln in page.lines if ln.top < 16 * MM), key=lambda ln: ln.x0)
        assert all(a.x1 + 6 < b.x0 for a, b in zip(head, head[1:])), (key, page.number, [ln.text for ln in head])
    check_outline_and_contents(data, path, translator(code).gettext("Contents"))


def test_a_cover_title_too_wide_for_one_line_may_break_between_words():
    """The cover keeps a game's name on one line ("The Lost Crew"), but a translated name wider than the
    page breaks between its words instead of running off it."""
    from lostprint.books.rulebook import cover_title, make_styles
    from lostprint.palette import palette

    style = make_styles(palette("color"))["cover-title"]
    assert cover_title("1672: The Lost Crew", 470, style) == "1672: The\u00a0Lost\u00a0Crew"
    long = "1672: Die verschollene Mannschaft der Schaluppe"
    assert cover_title(long, 470, style) == long


@pytest.mark.parametrize("code", ["en"] + SHIPPED)
def test_the_crows_house_rules_list_titles_that_hold_a_comma_unambiguously(code):
    """The house-rules entry names every clarification marked ⌂; some titles hold a comma ("Carrion
    Paradise, too few crows"), so a list joined by commas reads as more titles than there are. The list
    is joined by semicolons (French: a no-break space before each), and cut at them gives back each title."""
    tr, module = translator(code), book("crows")
    game = localized(module.GAME, tr, book_prose(module))
    titles = [c.title for c in game.rules.clarifications if c.house]
    assert any("," in t for t in titles) and not any(";" in t for t in titles)
    [(_, why)] = module.house_rules(game, tr)
    listed = why[:why.index(titles[-1]) + len(titles[-1])]
    assert [part.strip(" \u00a0") for part in listed.split(";")] == titles, listed
    assert listed == ("\u00a0; " if code == "fr" else "; ").join(titles), listed
