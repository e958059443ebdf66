"""Segments against axis-aligned boxes, in any units."""
from __future__ import annotations


def segment_meets_box(p, q, box) -> bool:
    """Whether the segment p-q has a point inside (or on) the box (x0, y0, x1, y1): Liang-Barsky clipping."""
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    t0, t1 = 0.0, 1.0
    for num, den in ((x0 - box[0], -dx), (box[2] - x0, dx), (y0 - box[1], -dy), (box[3] - y0, dy)):
        if den == 0:
            if num < 0:
                return False
            continue
        t = num / den
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
