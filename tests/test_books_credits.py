"""Every rulebook and journal names the game's designers, on the page and in the PDF's metadata (Mike
Heim for the three Lost games, Tyler Sigman and David Gerrard for Crows); a journal's pages carry no
build details (the save's file name is in the metadata)."""
from __future__ import annotations

import subprocess

import pytest

import printed as P
from lostprint.games import resolve

DESIGNERS = {"lost-expedition": "Mike Heim", "lost-crew": "Mike Heim", "lost-crows": "Mike Heim",
             "crows": "Tyler Sigman and David Gerrard"}
SAVE_GAME = {"1572-the-delta-by-grace": "lost-expedition", "1672-the-salt-road-home": "lost-crew",
             "1872-the-long-way-north": "lost-crows"}


def info(data: bytes) -> dict[str, str]:
    out = P._tool(["pdfinfo"], data).decode()
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def pages_text(data: bytes) -> list[str]:
    return [" ".join(page.text().split()) for page in P.text(data)]


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("game", P.GAMES)
def test_a_rulebook_credits_the_designers(game, paper, ink):
    data = P.rulebook(game, paper, ink)
    who = DESIGNERS[game]
    meta = info(data)
    assert meta["Author"] == who and who in meta["Subject"], meta
    pages = pages_text(data)
    assert f"A game by {who}" in pages[0], "the cover names no designer"
    colophon = [text for text in pages[2:] if "About this book" in text]
    assert colophon and f"a game by {who}" in colophon[0], "the colophon names no designer"


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("save", sorted(SAVE_GAME))
def test_a_journal_credits_the_designer_on_every_page_and_keeps_its_file_name_off_the_page(save, paper, ink):
    data = P.journal(save, paper, ink)
    who = DESIGNERS[SAVE_GAME[save]]
    meta = info(data)
    assert who in meta["Author"] and who in meta["Subject"], meta
    assert f"source={save}.yaml" in meta["Keywords"]
    for number, text in enumerate(pages_text(data), 1):
        assert f"Game design: {who}" in text, f"{save} p{number} names no designer"
        assert ".yaml" not in text and save not in text, f"{save} p{number} prints the save's file name"


def test_the_crows_record_credits_its_designers():
    data = P.record_pdf()
    who = DESIGNERS["crows"]
    meta = info(data)
    assert meta["Author"] == who and who in meta["Subject"], meta
    assert f"a game by {who}" in pages_text(data)[0]
    assert resolve("crows").designers == ("Tyler Sigman", "David Gerrard")
