"""Square grids: integer [column, row] squares, neighbours by edge, and pixel layout."""
from __future__ import annotations

import math
from typing import NamedTuple

Square = tuple[int, int]
DIRECTIONS: dict[str, Square] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
CLOCKWISE = ("N", "E", "S", "W")


def neighbor(sq: Square, direction: str) -> Square:
    d = DIRECTIONS[direction]
    return sq[0] + d[0], sq[1] + d[1]


def neighbors(sq: Square) -> list[Square]:
    return [neighbor(sq, d) for d in CLOCKWISE]


def distance(a: Square, b: Square) -> int:
    """Manhattan distance (steps along edges)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def bounds(squares) -> tuple[int, int, int, int]:
    squares = list(squares)
    cols = [s[0] for s in squares]
    rows = [s[1] for s in squares]
    return min(cols), min(rows), max(cols), max(rows)


class GridLayout(NamedTuple):
    size: float  # side of one square, in points
    origin: tuple[float, float]  # top-left corner of square (0, 0)

    def corner(self, sq: Square) -> tuple[float, float]:
        return self.origin[0] + sq[0] * self.size, self.origin[1] + sq[1] * self.size

    def center(self, sq: Square) -> tuple[float, float]:
        x, y = self.corner(sq)
        return x + self.size / 2, y + self.size / 2


def fit_grid(squares, box: tuple[float, float, float, float], max_size: float | None = None) -> GridLayout:
    c0, r0, c1, r1 = bounds(squares)
    cols, rows = c1 - c0 + 1, r1 - r0 + 1
    bx, by, bw, bh = box
    size = min(bw / cols, bh / rows)
    if max_size is not None:
        size = min(size, max_size)
    x = bx + (bw - size * cols) / 2 - c0 * size
    y = by + (bh - size * rows) / 2 - r0 * size
    return GridLayout(size, (x, y))


def spiral_order(center: Square, start: str, rings: int = 3) -> list[Square]:
    """Squares around `center`, ring by ring, clockwise, each ring starting at `start` direction."""
    out: list[Square] = []
    i0 = CLOCKWISE.index(start)
    for k in range(1, rings + 1):
        ring = []
        for dc in range(-k, k + 1):
            for dr in range(-k, k + 1):
                if max(abs(dc), abs(dr)) == k:
                    ring.append((dc, dr))
        # clockwise by angle on the page (y down), starting from the chosen direction

        base = {"N": -math.pi / 2, "E": 0.0, "S": math.pi / 2, "W": math.pi}[CLOCKWISE[i0]]
        ring.sort(key=lambda d: (math.atan2(d[1], d[0]) - base) % (2 * math.pi))
        out.extend((center[0] + dc, center[1] + dr) for dc, dr in ring)
    return out
