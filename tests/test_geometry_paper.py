import pytest

from lostprint.geometry import paper, square


def test_units():
    assert paper.parse_length("1in") == pytest.approx(72)
    assert paper.parse_length("25.4mm") == pytest.approx(72)
    assert paper.parse_length("2.54cm") == pytest.approx(72)
    assert paper.parse_length("12pt") == 12
    assert paper.parse_length(10) == pytest.approx(10 * paper.MM)
    for bad in ("", "abc", "3 furlongs", "1e3mm", "mm"):
        with pytest.raises(ValueError):
            paper.parse_length(bad)


def test_papers_and_orientation():
    assert paper.page_size("letter", landscape=True) == (792, 612)
    assert paper.page_size("letter", landscape=False) == (612, 792)
    w, h = paper.page_size("a4")
    assert w == pytest.approx(297 * paper.MM) and h == pytest.approx(210 * paper.MM)
    with pytest.raises(ValueError):
        paper.page_size("b5")
    box = paper.content_box("a4", margin=1.0)  # never under the 6.35 mm print limit
    assert box.x == pytest.approx(paper.MIN_MARGIN)


def test_box_split():
    b = paper.Box(0, 0, 100, 50)
    cols = b.split_x(20, 0, 0, gap=5)
    assert [c.w for c in cols] == [20, 35, 35]
    assert cols[-1].right == pytest.approx(100)
    rows = b.split_y(0, 10, gap=0)
    assert rows[0].h == 40 and rows[1].y == 40


def test_square_grid():
    assert square.neighbors((0, 0)) == [(0, -1), (1, 0), (0, 1), (-1, 0)]
    assert square.distance((0, 0), (3, -4)) == 7
    g = square.fit_grid([(0, 0), (4, 4)], (0, 0, 100, 200))
    assert g.size == 20
    assert g.center((0, 0)) == (10, 60)
    spiral = square.spiral_order((0, 0), "N", rings=1)
    assert spiral[0] == (0, -1)  # starts in the chosen direction
    assert spiral[1] == (1, -1)  # and goes clockwise on the page
    assert len(set(spiral)) == 8
