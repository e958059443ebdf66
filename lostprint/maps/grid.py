"""Hex-map helpers the generators and checks share: ordering, reachability, map edges, hex corners.

All pure functions over axial hexes (see lostprint.geometry.hexgrid)."""
from __future__ import annotations

from collections import deque
from typing import Iterable

from lostprint.geometry import hexgrid
from lostprint.geometry.hexgrid import FLAT_ORDER, Hex

# A hex corner, named by the three hexes that meet there (whichever hex names it).
Vertex = frozenset


def offset_key(h: Hex) -> tuple[int, int]:
    """Sort key: column, then row (the order maps list their hexes in)."""
    return hexgrid.axial_to_offset(h)


def labels(hexes: Iterable[Hex]) -> tuple[str, ...]:
    return tuple(hexgrid.label(h) for h in sorted(hexes, key=offset_key))


def reachable(start: Hex, cells: set[Hex]) -> set[Hex]:
    """Every hex of `cells` reachable from start stepping between neighbouring cells."""
    if start not in cells:
        return set()
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in hexgrid.neighbors(h):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def on_border(h: Hex, cells: set[Hex]) -> bool:
    return any(n not in cells for n in hexgrid.neighbors(h))


def column_bounds(cells: Iterable[Hex]) -> tuple[int, int]:
    cols = [offset_key(h)[0] for h in cells]
    return min(cols), max(cols)


def vertex(h: Hex, corner: int) -> Vertex:
    """Corner `corner` of hex h (0 east, clockwise on the page, as hexgrid.hex_corners)."""
    a = hexgrid.neighbor(h, FLAT_ORDER[(corner + 1) % 6])
    b = hexgrid.neighbor(h, FLAT_ORDER[(corner + 2) % 6])
    return frozenset((h, a, b))


def edge_vertices(e: hexgrid.Edge) -> tuple[Vertex, Vertex]:
    i, j = hexgrid.edge_corners(e)
    return vertex(e[0], i), vertex(e[0], j)


def vertex_edges(v: Vertex) -> list[hexgrid.Edge]:
    """The three edges meeting at a corner."""
    a, b, c = sorted(v)
    return [hexgrid.edge_between(a, b), hexgrid.edge_between(a, c), hexgrid.edge_between(b, c)]


def edge_text(e: hexgrid.Edge) -> str:
    """The canonical "LABEL:DIR" of an edge, named from whichever side is on a labelled grid."""
    h, d = e
    return f"{hexgrid.label(h)}:{d}"
