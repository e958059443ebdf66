"""A rulebook's running text breaks a long word at a line's end, by its language's dictionary, and only
where the line would otherwise end much short; headings never, and the pseudo-locale (no dictionary)
not at all."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from lostprint.app.registry import part
from lostprint.books.rulebook import RulebookOptions, build_rulebook, make_styles, rulebook_scene
from lostprint.palette import palette
from lostprint.render import document
from lostprint.render.document import paragraph_style
from lostprint.scene import Text, walk
from lostprint.text.platypus import SHORT, Paragraph, stringWidth

GERMAN = ("Die Aufgabentafel auf dem Bogen hat einen Kreis für jede Arbeit, die ein Matrose übernehmen kann, unter "
          "Nummer und Name ihrer Phase. Ein gestrichelter Kreis ist eine Phase, die keinen Matrosen braucht: Sie "
          "findet trotzdem statt. Beendest du deine Bewegung an einer Insel, würfle auf der Tabelle Inselvorräte.")


def lines_of(text: str, lang: str, width: float, style: str = "body") -> list[tuple[str, float]]:
    """(text, room left at its end) of each line of a paragraph set in the book's style."""
    para = Paragraph(text, paragraph_style(make_styles(palette("color"), lang)[style]))
    para.wrap(width, 10_000)
    lines, out = para.blPara, []
    for line in lines.lines:
        if lines.kind == 0:
            out.append((" ".join(line[1]), line[0]))
        else:
            out.append(("".join(f.text for f in line.words), line.extraSpace))
    return out


def short_lines(lines) -> int:
    return sum(extra > SHORT for _, extra in lines[:-1])


def test_a_word_breaks_only_where_its_line_would_end_much_short():
    style = paragraph_style(make_styles(palette("color"), "de")["body"])
    broke = 0
    for width in range(180, 420, 9):
        lines = lines_of(GERMAN, "de", width)
        assert "".join(t.removesuffix("-") for t, _ in lines).replace(" ", "") == GERMAN.replace(" ", "")
        for text, extra in lines[:-1]:
            if text.endswith("-"):
                broke += 1
                head = text.rsplit(" ", 1)[-1]
                # without the head and its hyphen, the line would have ended at least SHORT short
                assert extra + stringWidth(head, style.fontName, style.fontSize) >= SHORT, (width, text)
        assert short_lines(lines) <= short_lines(lines_of(GERMAN, "qps", width)), width
    assert broke >= 10


def test_headings_and_the_pseudo_locale_never_break_a_word():
    for width in range(120, 300, 11):
        assert not any(t.endswith("-") for t, _ in lines_of(GERMAN, "de", width, "h2"))
        assert not any(t.endswith("-") for t, _ in lines_of(GERMAN, "qps", width))


def short_book_lines(monkeypatch, lang: str, hyphenate: bool) -> tuple[int, int]:
    """(lines ending more than SHORT short, lines) of the 1672 book's body text, but each paragraph's last."""
    seen = {}
    plain = document.Paragraph.breakLines

    def record(self, width):
        lines = plain(self, width)
        if self.style.fontSize == 9.8 and self.style.fontName.endswith("Serif"):
            seen[id(self)] = lines
        return lines

    monkeypatch.setattr(document.Paragraph, "breakLines", record)
    if not hyphenate:
        monkeypatch.setattr(document, "hyphenator", lambda *args: None)
    build_rulebook(part("lost-crew", "rulebook"), RulebookOptions(lang=lang))
    body = [line for lines in seen.values() for line in lines.lines[:-1]]
    return sum((line[0] if isinstance(line, tuple) else line.extraSpace) > SHORT for line in body), len(body)


def test_the_german_book_leaves_fewer_lines_short(monkeypatch):
    """Measured with this test's count: 38 of 63 lines ended more than 12 pt short before, 26 with the breaks."""
    short, total = short_book_lines(monkeypatch, "de", True)
    before, total_before = short_book_lines(monkeypatch, "de", False)
    assert total == total_before and short <= before - 8, (short, before, total)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler's pdftotext")
def test_the_hyphen_is_printed_and_read_back(tmp_path):
    """Every word the page scene breaks ends its line in the PDF with the hyphen, a glyph of the
    embedded face (pdftotext reads it back), and the scene and the PDF break the same words."""
    opts = RulebookOptions(lang="de")
    scene = rulebook_scene(part("lost-crew", "rulebook"), opts)
    heads = [i.text.rsplit(" ", 1)[-1] for page in scene.all_pages() for i in walk(page.items)
             if isinstance(i, Text) and len(i.text) > 2 and i.text.endswith("-") and i.text[-2].isalpha()]
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(build_rulebook(part("lost-crew", "rulebook"), opts))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    ends = [line.rsplit(" ", 1)[-1] for line in text.splitlines()
            if len(line) > 2 and line.endswith("-") and line[-2].isalpha()]
    assert heads and sorted(heads) == sorted(ends)
