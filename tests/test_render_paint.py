"""The painter writes a shape's PDF path operators itself, formatting all its numbers in one call to
reportlab's formatter instead of one call per point: the text must be exactly what reportlab's own path
object writes for the same shape (its circle and rounded-rectangle arithmetic included), or the PDFs
would change."""
from __future__ import annotations

import random

from reportlab.pdfgen.pathobject import PDFPathObject

from lostprint.render.paint import _Painter
from lostprint.scene import Circle, Path, Rect

HEIGHT = 792.0


def number(rng: random.Random) -> float:
    """Page coordinates as builders make them: fractions, whole points, eighths, tiny values."""
    return rng.choice([rng.uniform(-40.0, 900.0), float(rng.randint(0, 800)), rng.randint(0, 7000) / 8,
                       rng.uniform(0.0, 1e-4)])


def reportlab_path(item) -> str:
    """The operators reportlab's path object writes for the item (scene y runs down, PDF y up)."""
    p = PDFPathObject()
    if isinstance(item, Path):
        p.moveTo(item.points[0][0], HEIGHT - item.points[0][1])
        for x, y in item.points[1:]:
            p.lineTo(x, HEIGHT - y)
        if item.closed:
            p.close()
    elif isinstance(item, Circle):
        p.circle(item.cx, HEIGHT - item.cy, item.r)
    elif item.radius:
        p.roundRect(item.x, HEIGHT - (item.y + item.h), item.w, item.h, item.radius)
    else:
        p.rect(item.x, HEIGHT - (item.y + item.h), item.w, item.h)
    return p.getCode()


def test_shapes_are_written_as_reportlab_writes_them():
    rng = random.Random(1572)
    painter = _Painter(None, HEIGHT)
    for _ in range(300):
        points = tuple((number(rng), number(rng)) for _ in range(rng.randint(1, 9)))
        size = (rng.uniform(0.5, 300.0), rng.uniform(0.5, 200.0))
        shapes = [Path(points, closed=rng.random() < 0.5),
                  Circle(number(rng), number(rng), rng.choice([rng.uniform(0.2, 40.0), 1.3, 0.5])),
                  Rect(number(rng), number(rng), *size),
                  Rect(number(rng), number(rng), *size, radius=rng.choice([rng.uniform(0.5, 9.0), 1.5, 4.0]))]
        for item in shapes:
            assert painter.path_of(item).getCode() == reportlab_path(item), item
