"""Segments against boxes: test vectors for the one clipping function sheets' checks and journal maps share."""
import pytest

from lostprint.geometry.segments import segment_meets_box

BOX = (0.0, 0.0, 10.0, 10.0)


@pytest.mark.parametrize("p,q,meets", [
    ((-5, 5), (15, 5), True),     # straight through
    ((2, 2), (3, 3), True),       # wholly inside
    ((-5, -5), (-1, 20), False),  # passes to the left
    ((-5, 12), (12, -5), True),   # cuts a corner
    ((-5, 26), (26, -5), False),  # misses the far corner (10, 10)
    ((10, -3), (10, 13), True),   # along an edge
    ((11, 0), (11, 10), False),   # parallel, outside
    ((5, 5), (5, 5), True),       # a point inside
    ((20, 5), (30, 5), False),    # beyond, on the line of the box
])
def test_segment_meets_box(p, q, meets):
    assert segment_meets_box(p, q, BOX) is meets
    assert segment_meets_box(q, p, BOX) is meets
