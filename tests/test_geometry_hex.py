"""Hex math, with test vectors ported from Red Blob Games' generated reference library."""
import math

import pytest
from hypothesis import given, strategies as st

from lostprint.geometry import hexgrid as hg


def cube(q, r, s):
    assert q + r + s == 0
    return (q, r)


def test_arithmetic():
    assert hg.add(cube(1, -3, 2), cube(3, -7, 4)) == cube(4, -10, 6)
    assert hg.subtract(cube(1, -3, 2), cube(3, -7, 4)) == cube(-2, 4, -2)


def test_neighbor_vectors():
    # Red Blob: hex_neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2); their direction 2 is axial (0, -1): N
    assert hg.neighbor(cube(1, -2, 1), "N") == cube(1, -3, 2)


def test_diagonal_vectors():
    assert hg.diagonal_neighbor(cube(1, -2, 1), 3) == cube(-1, -1, 2)


def test_distance_vectors():
    assert hg.distance(cube(3, -7, 4), cube(0, 0, 0)) == 7


def test_rotation_vectors():
    assert hg.rotate_right(cube(1, -3, 2)) == cube(3, -2, -1)
    assert hg.rotate_left(cube(1, -3, 2)) == cube(-2, -1, 3)


def test_round_vectors():
    a, b, c = (0.0, 0.0), (1.0, -1.0), (0.0, -1.0)

    def lerp(p, q, t):
        return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t

    assert hg.cube_round(*lerp((0.0, 0.0), (10.0, -20.0), 0.5)) == cube(5, -10, 5)
    assert hg.cube_round(*lerp(a, b, 0.499)) == a
    assert hg.cube_round(*lerp(a, b, 0.501)) == b
    w = (a[0] * 0.4 + b[0] * 0.3 + c[0] * 0.3, a[1] * 0.4 + b[1] * 0.3 + c[1] * 0.3)
    assert hg.cube_round(*w) == a
    w = (a[0] * 0.3 + b[0] * 0.3 + c[0] * 0.4, a[1] * 0.3 + b[1] * 0.3 + c[1] * 0.4)
    assert hg.cube_round(*w) == c


def test_linedraw_vectors():
    assert hg.line(cube(0, 0, 0), cube(1, -5, 4)) == [
        cube(0, 0, 0), cube(0, -1, 1), cube(0, -2, 2), cube(1, -3, 2), cube(1, -4, 3), cube(1, -5, 4)]


@pytest.mark.parametrize("orientation", [hg.FLAT, hg.POINTY])
def test_layout_roundtrip(orientation):
    h = cube(3, 4, -7)
    layout = hg.Layout(orientation, (10.0, 15.0), (35.0, 71.0))
    assert hg.pixel_to_hex(layout, hg.hex_to_pixel(layout, h)) == h


def test_offset_roundtrip_and_even_q_shift():
    for q in range(-5, 6):
        for r in range(-5, 6):
            col, row = hg.axial_to_offset((q, r))
            assert hg.offset_to_axial(col, row) == (q, r)
    # even-q: column A (0) sits half a hex lower than column B (1) on the same row
    layout = hg.Layout(hg.FLAT, (1.0, 1.0), (0.0, 0.0))
    ya = hg.hex_to_pixel(layout, hg.parse_label("A1"))[1]
    yb = hg.hex_to_pixel(layout, hg.parse_label("B1"))[1]
    assert ya - yb == pytest.approx(math.sqrt(3) / 2)


def test_labels():
    assert hg.label(hg.offset_to_axial(0, 0)) == "A1"
    assert hg.column_letters(25) == "Z"
    assert hg.column_letters(26) == "AA"
    assert hg.column_letters(27) == "AB"
    assert hg.column_letters(701) == "ZZ"
    assert hg.column_letters(702) == "AAA"
    for col in range(0, 800, 7):
        for row in range(0, 30, 3):
            h = hg.offset_to_axial(col, row)
            assert hg.parse_label(hg.label(h)) == h
    for bad in ("", "3B", "B0", "B", "12", "B-1", "B03", None, "B 3"):
        assert not hg.is_label(bad)


def test_a_label_is_parsed_once():
    """Maps, checks and replays parse the same few hundred labels ~300,000 times in a test run (1.5 us
    each): each label is parsed once, and what is not a label is still refused every time."""
    assert hg.parse_label("B3") is hg.parse_label("B" + str(3)) == (1, 1)  # an equal string, not the same
    for _ in range(2):
        with pytest.raises(ValueError, match=r"^3 is not a hex label"):
            hg.parse_label(3)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"^'B0' is not a hex label"):
            hg.parse_label("B0")


def test_ring_and_spiral():
    for radius in range(0, 5):
        ring = hg.ring((2, -1), radius)
        assert len(ring) == max(1, 6 * radius)
        assert all(hg.distance(h, (2, -1)) == radius for h in ring)
        assert len(set(ring)) == len(ring)
    assert len(hg.spiral((0, 0), 3)) == 1 + 6 + 12 + 18
    assert sorted(hg.within((0, 0), 3)) == sorted(hg.spiral((0, 0), 3))


def test_edges_have_one_key_from_both_sides():
    h = (3, -1)
    for d in hg.FLAT_ORDER:
        n = hg.neighbor(h, d)
        assert hg.edge(h, d) == hg.edge(n, hg.OPPOSITE[d])
        assert hg.edge_between(h, n) == hg.edge_between(n, h)
        assert set(hg.edge_hexes(hg.edge(h, d))) == {h, n}
    assert len(set(hg.hex_edges(h))) == 6
    assert hg.edge_between((0, 0), (5, 5)) is None


def test_edge_segment_is_shared_by_both_hexes():
    layout = hg.Layout(hg.FLAT, (10.0, 10.0), (100.0, 100.0))
    h = (0, 0)
    for d in hg.FLAT_ORDER:
        a, b = hg.edge_segment(layout, hg.edge(h, d))
        corners_h = hg.hex_corners(layout, h)
        corners_n = hg.hex_corners(layout, hg.neighbor(h, d))
        for p in (a, b):
            assert min(math.dist(p, c) for c in corners_h) < 1e-9
            assert min(math.dist(p, c) for c in corners_n) < 1e-9


def test_flat_directions_point_the_right_way_on_the_page():
    layout = hg.Layout(hg.FLAT, (1.0, 1.0), (0.0, 0.0))
    expect = {"N": (0, -1), "S": (0, 1), "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
    for name, (sx, sy) in expect.items():
        x, y = hg.hex_to_pixel(layout, hg.neighbor((0, 0), name))
        assert (x > 1e-9) - (x < -1e-9) == sx and (y > 1e-9) - (y < -1e-9) == sy


@given(st.integers(-50, 50), st.integers(-50, 50), st.sampled_from([hg.FLAT, hg.POINTY]))
def test_neighbours_are_exactly_the_six_nearest_centres(q, r, orientation):
    layout = hg.Layout(orientation, (1.0, 1.0), (0.0, 0.0))
    centre = hg.hex_to_pixel(layout, (q, r))
    around = [h for h in hg.within((q, r), 3) if h != (q, r)]
    around.sort(key=lambda h: math.dist(hg.hex_to_pixel(layout, h), centre))
    assert set(around[:6]) == set(hg.neighbors((q, r)))
    d6 = math.dist(hg.hex_to_pixel(layout, around[5]), centre)
    d7 = math.dist(hg.hex_to_pixel(layout, around[6]), centre)
    assert d7 > d6 + 0.1


def test_fit_layout_fills_the_box():
    hexes = [hg.offset_to_axial(c, r) for c in range(15) for r in range(3)]
    box = (10.0, 20.0, 500.0, 200.0)
    layout = hg.fit_layout(hexes, box)
    xs = [p[0] for h in hexes for p in hg.hex_corners(layout, h)]
    ys = [p[1] for h in hexes for p in hg.hex_corners(layout, h)]
    assert min(xs) >= 10 - 1e-6 and max(xs) <= 510 + 1e-6
    assert min(ys) >= 20 - 1e-6 and max(ys) <= 220 + 1e-6
    # it touches both sides of the limiting dimension
    assert max(xs) - min(xs) == pytest.approx(500) or max(ys) - min(ys) == pytest.approx(200)
    with pytest.raises(ValueError):
        hg.fit_layout([], box)
