"""How a rulebook is laid out without repeating work: each paragraph's lines are broken once per width,
its styles carry colour objects (a "#rrggbb" string is parsed again on every line set), the map is
measured from its layout, as tall as its hexes, and the frame a keep-together group copies is copied
without walking its numbers."""
from __future__ import annotations

import pytest

import printed as P
from lostprint.render.document import OncePerWidth
from lostprint.scene import Path, bbox, walk


def test_a_paragraph_breaks_its_lines_once_per_width():
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12, allowWidows=0)
    text = "A rule that runs over <b>several</b> lines of the column, " * 12
    para = OncePerWidth(text, style)
    broken = []
    own = para.breakLines
    para.breakLines = lambda widths: broken.append(widths) or own(widths)
    first = para.wrap(200, 1000)
    assert para.wrap(200, 40) == first and len(broken) == 1  # measured, then set: one line-breaking
    assert first == Paragraph(text, style).wrap(200, 1000)  # and the lines a plain Paragraph gets
    para.wrap(150, 1000)
    assert len(broken) == 2  # another width: broken again
    para.wrap(150, 1000)
    del para.blPara  # what a split that refuses to leave a widow does
    para.wrap(150, 1000)
    assert len(broken) == 3


def test_book_styles_carry_colour_objects():
    from reportlab.lib.colors import Color

    from lostprint.books.rulebook import make_styles
    from lostprint.palette import palette
    from lostprint.render.document import paragraph_style

    for ink in ("color", "mono"):
        styles = {name: paragraph_style(style) for name, style in make_styles(palette(ink)).items()}
        strings = [name for name, style in styles.items() if not isinstance(style.textColor, Color)]
        assert not strings, strings


@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
def test_the_map_is_as_tall_as_its_hexes(game):
    """The map's box is measured from its layout (not from a trial drawing): drawn in it, the hexes fill
    its height but for the label margins, with no blank band (on a4, the book the suite builds anyway)."""
    from lostprint.sheets.hexmap import LABEL_PAD

    scene = next(sc for name, sc in P.widgets(game, "a4", "mono") if name == "map")
    hexes = [bbox(it) for it in walk(scene.items) if isinstance(it, Path) and it.role == "hex"]
    y0, y1 = min(b[1] for b in hexes), max(b[3] for b in hexes)
    assert y0 >= 0 and y1 <= scene.height + 0.01, game
    assert scene.height - (y1 - y0) <= 2 * LABEL_PAD + 1 + 0.01, (game, scene.height, y1 - y0)


def test_a_frame_copy_is_as_independent_as_a_deep_copy():
    import copy

    from lostprint.render.document import BookFrame

    frame = BookFrame(10, 20, 300, 400, 0, 0, 0, 0, id="body")
    frame._reset()
    frame._frameBGs = [("bg", [1, 2])]
    twin = copy.deepcopy(frame)
    assert type(twin) is type(frame) and twin.__dict__ == frame.__dict__
    twin._frameBGs[0][1].append(3)  # what a measured group adds stays in its copy
    twin._y -= 50
    assert frame._frameBGs == [("bg", [1, 2])] and frame._y == twin._y + 50


@pytest.mark.parametrize("game", ["lost-expedition", "crows"])
def test_a_rulebook_story_is_plain_data(game):
    """The book says what to print as data (render.document's frozen items); only render/ makes
    reportlab objects of it. An example box, the contents and a captioned figure are data too."""
    import dataclasses

    from lostprint.app.registry import part
    from lostprint.books.rulebook import RulebookOptions, prepare
    from lostprint.render import document as D

    _, story = prepare(part(game, "rulebook"), RulebookOptions())
    kinds = {type(item) for item in story}
    assert all(dataclasses.is_dataclass(k) and k.__module__ == "lostprint.render.document" for k in kinds), kinds
    assert {D.Heading, D.Markup, D.Drawing, D.Contents, D.NeedRoom, D.PageBreak} <= kinds
    contents = next(item for item in story if isinstance(item, D.Contents))
    headings = [item for item in story if isinstance(item, D.Heading) and item.toc]
    assert [key for _, _, key in contents.entries] == [h.key for h in headings]
