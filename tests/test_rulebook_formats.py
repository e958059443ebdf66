"""A rulebook is one document in three formats: its pages as Scenes (for SVG and PNG, and the print
checks) hold the PDF's words page by page, running heads, folios and contents numbers included."""
from __future__ import annotations

import functools
from collections import Counter

import pytest

import printed as P
from lostprint.scene import Text, walk


@functools.cache
def pages(game: str) -> tuple:
    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, rulebook_scene

    return rulebook_scene(part(game, "rulebook"), RulebookOptions()).all_pages()


def letters(texts) -> Counter:
    """Every character but spaces and dots (the contents' dot leaders are counted to a different
    measure; a word set in two fonts is two Text items)."""
    return Counter(ch for ch in "".join(texts) if not ch.isspace() and ch != ".")


@pytest.mark.parametrize("game", ["lost-expedition", "crows"])
def test_the_pages_as_scenes_hold_the_pdfs_text_page_by_page(game):
    pdf = P.words(P.rulebook(game))
    scenes = pages(game)
    assert len(scenes) == len(pdf)
    for number, (page, page_words) in enumerate(zip(scenes, pdf), 1):
        scene_texts = [t.text for t in walk(page.items) if isinstance(t, Text)]
        assert letters(scene_texts) == letters(w.text for w in page_words), (game, number)


def test_every_page_but_the_cover_has_its_folio_and_chapter_and_the_contents_their_numbers():
    scenes = pages("lost-expedition")
    heads = []
    for number, page in enumerate(scenes, 1):
        texts = [t for t in walk(page.items) if isinstance(t, Text)]
        folios = [t.text for t in texts if t.role == "folio"]
        assert folios == ([] if number == 1 else [str(number)])
        heads.append(next((t.text for t in texts if t.role == "section"), None))
    assert heads[0] is None and heads[1] == "Contents" and all(heads[2:])
    numbers = [int(t.text) for t in walk(scenes[1].items) if isinstance(t, Text) and t.role == "contents-page"]
    assert numbers and numbers == sorted(numbers) and numbers[-1] <= len(scenes)


def test_rulebook_writes_one_svg_a_page(tmp_path):
    import xml.etree.ElementTree as ET

    from lostprint.app import commands
    from lostprint.options import PrintOptions

    written = commands.rulebook("crows", PrintOptions(landscape=False, fmt="svg"), f"{tmp_path}/")
    count = len(pages("crows"))
    digits = len(str(count))
    assert [p.name for p in written] == [f"crows-rulebook-letter-p{i:0{digits}d}.svg" for i in range(1, count + 1)]
    second = ET.parse(written[1]).getroot()
    assert "2" in [el.text for el in second.iter() if el.tag.endswith("text")]


@pytest.mark.parametrize("game", ["lost-expedition", "crows"])
def test_every_rulebook_page_passes_the_print_checks(game):
    from lostprint import checks

    for number, page in enumerate(pages(game), 1):
        assert checks.all_problems(page) == [], (game, number)


def test_a_page_as_svg_is_the_same_bytes_from_a_second_layout():
    from dataclasses import replace

    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, rulebook_scene
    from lostprint.render import render

    first = pages("crows")
    again = rulebook_scene(part("crows", "rulebook"), RulebookOptions())
    assert render(again, "svg", page=2) == render(replace(first[0], pages=first[1:]), "svg", page=2)
