"""A change in look is seen, not found later (issue 25): every printable's pages, rasterised at a low
dpi in greys, against the PNGs committed in tests/visual/, by pixels with a small tolerance.

When a change in look is meant: `python tests/visual/regenerate.py`, look at docs/contact-sheet.png
(and the pages that changed), commit the PNGs with the change. The books (rulebooks, journals, the
Crows record) change with their own work in flight: their comparison runs with the slow tests.
"""
import pytest

from visual.printables import differs, pages, printables, reference

BOOKS = ("rulebook-", "journal-")
CASES = [pytest.param(name, build, id=name, marks=[pytest.mark.slow] if name.startswith(BOOKS) else [])
         for name, build in printables()]


@pytest.mark.parametrize("name, build", CASES)
def test_every_page_looks_as_committed(name, build):
    images = pages(build())
    committed = sorted(reference(name, 1).parent.glob(f"{name}-p[0-9][0-9].png"))
    assert len(images) == len(committed), f"{name}: {len(images)} pages, {len(committed)} committed " \
                                          f"(python tests/visual/regenerate.py when meant)"
    from PIL import Image

    for k, image in enumerate(images, 1):
        with Image.open(reference(name, k)) as want:
            why = differs(image, want)
        assert not why, f"{name} page {k}: {why} (python tests/visual/regenerate.py when meant)"


def test_the_check_sees_a_moved_panel():
    from PIL import Image, ImageDraw

    from visual.printables import quantized

    page = Image.new("L", (400, 300), 255)
    ImageDraw.Draw(page).rectangle((40, 40, 140, 120), fill=0)
    moved = Image.new("L", (400, 300), 255)
    ImageDraw.Draw(moved).rectangle((52, 40, 152, 120), fill=0)
    assert differs(quantized(page), quantized(page)) == ""
    assert "differ" in differs(quantized(moved), quantized(page))
    assert "size" in differs(quantized(page.resize((400, 310))), quantized(page))
