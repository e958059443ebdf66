"""Credits and build details (issue 25, items 8 and 12): every page of every Lost sheet names Mike Heim
and every Crows printable Tyler Sigman and David Gerrard, on the page (at 6.5 pt or more) and in the
PDF's metadata; the build (lostprint's version, a variant's seed) goes in the metadata, not on the page."""
import subprocess
import tempfile

import pytest

import printed
from sheet_scenes import sheet_pdf
from lostprint import __version__
from lostprint.maps.crows import standard_layout
from lostprint.render import render
from lostprint.sheets.common import SheetOptions
from lostprint.sheets.crows_layout import layout_scene

LOST = ("lost-expedition", "lost-crew", "lost-crows")
HEIM = "Mike Heim"
CROWS = "Tyler Sigman and David Gerrard"


def info(data: bytes) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as fh:
        fh.write(data)
        fh.flush()
        out = subprocess.run(["pdfinfo", fh.name], capture_output=True, check=True, text=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def credited_lines(data: bytes, name: str):
    """Per page, the printed pieces of text that carry `name`."""
    return [[ln for ln in page.lines if name in ln.text] for page in printed.text(data)]


@pytest.mark.parametrize("paper", ("letter", "a4"))
@pytest.mark.parametrize("game", LOST)
def test_every_lost_sheet_page_credits_mike_heim(game, paper):
    data = sheet_pdf(game, paper)
    pages = credited_lines(data, HEIM)
    assert len(pages) == 2 and all(pages), [p.text()[:80] for p in printed.text(data)]
    assert all(ln.size >= 6.5 - 0.05 for lines in pages for ln in lines)
    meta = info(data)
    assert HEIM in meta["Author"] and HEIM in meta["Subject"]
    assert f"lostprint={__version__}" in meta["Keywords"]


@pytest.mark.parametrize("game", LOST)
def test_sheets_keep_the_version_and_seed_off_the_page(game):
    from lostprint.maps.generate import generate
    from lostprint.sheets import build_sheet

    variant = generate(game, 4)
    data = render(build_sheet(game, variant, SheetOptions()), "pdf")
    words = "\n".join(p.text() for p in printed.text(data))
    assert __version__ not in words and "lostprint 0" not in words
    assert "seed 4" not in words and "(seed" not in words
    meta = info(data)
    assert "seed=4" in meta["Keywords"] and HEIM in meta["Author"]
    standard = "\n".join(p.text() for p in printed.text(sheet_pdf(game)))
    assert __version__ not in standard


def test_the_crows_kit_credits_its_designers():
    data = printed.kit()
    pages = credited_lines(data, CROWS)
    assert pages[0] and pages[1]  # the cover and the setup page
    assert all(ln.size >= 6.5 - 0.05 for lines in pages for ln in lines)
    meta = info(data)
    assert "Tyler Sigman" in meta["Author"] and "David Gerrard" in meta["Author"]


@pytest.mark.parametrize("paper", ("letter", "a4"))
def test_the_crows_layout_sheet_credits_its_designers(paper):
    data = render(layout_scene(standard_layout(), SheetOptions(paper=paper)), "pdf")
    pages = credited_lines(data, CROWS)
    assert pages and all(pages)
    words = "\n".join(p.text() for p in printed.text(data))
    assert __version__ not in words
    meta = info(data)
    assert "Tyler Sigman" in meta["Author"]
