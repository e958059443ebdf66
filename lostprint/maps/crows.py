"""Crows starting layouts: where the 13 opening tiles go, as a small map file (the setup diagram that
prints one is lostprint.sheets.crows_layout).

A layout file is lostprint-map/1 with `game: "crows"`:

    {"format": "lostprint-map/1", "game": "crows", "name": "standard",
     "grid": [5, 5], "squares": [[0, 0], [2, 0], ...]}

`grid` is [columns, rows]; `squares` are the [column, row] squares that get a tile, counted from the
top-left, listed in the order the tiles are laid (reading order). Tiles of a layout touch each other
along an edge or at a corner (the standard checkerboard touches only at corners), so the layout is
one piece; empty squares are gaps the players fill during the game.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from lostprint.errors import LostprintError
from lostprint.games import load
from lostprint.files.kinds import MAP_FORMAT
from lostprint.maps.seeds import GENERATOR, stage_rng, variant_name

GAME = "crows"
KEYS = ("format", "game", "name", "seed", "generator", "grid", "squares", "note")
KING = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def _rules() -> tuple[int, int]:
    # games.load: Crows' data is imported when first asked (the Lost games' map checks load this module)
    rules = load(GAME).rules
    return rules.start_tiles, rules.start_grid


@dataclass(frozen=True)
class CrowsLayout:
    name: str
    cols: int
    rows: int
    squares: tuple[tuple[int, int], ...]
    seed: int | None = None
    generator: str | None = None
    game: str = GAME

    def to_dict(self) -> dict:
        out: dict = {"format": MAP_FORMAT, "game": GAME, "name": self.name}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.generator:
            out["generator"] = self.generator
        out["grid"] = [self.cols, self.rows]
        out["squares"] = [list(s) for s in self.squares]
        return out

    def to_json(self) -> str:
        # one square per line is long; keep each [c, r] pair on one line
        text = json.dumps(self.to_dict(), indent=2)
        return _compact_pairs(text) + "\n"


def _compact_pairs(text: str) -> str:
    return re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text)


def reading_order(squares) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(squares, key=lambda s: (s[1], s[0])))


def standard_layout() -> CrowsLayout:
    _, grid = _rules()
    return CrowsLayout("standard", grid, grid, reading_order(load(GAME).rules.start_squares))


def from_dict(data: dict, source: str = "<layout>") -> CrowsLayout:
    problems = check_layout_data(data)
    if problems:
        raise LostprintError(f"{source}: {problems[0]}")
    cols, rows = data["grid"]
    return CrowsLayout(data["name"], cols, rows, tuple((c, r) for c, r in data["squares"]),
                       data.get("seed"), data.get("generator"))


def connected(squares) -> bool:
    """One piece, counting tiles that touch along an edge or at a corner."""
    cells = set(squares)
    if not cells:
        return False
    first = next(iter(cells))
    seen = {first}
    todo = [first]
    while todo:
        c, r = todo.pop()
        for dc, dr in KING:
            n = (c + dc, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def check_layout(layout: CrowsLayout) -> list[str]:
    """The setup rules: 13 tiles, each once, inside the grid, all in one piece."""
    tiles, _ = _rules()
    problems = []
    if len(layout.squares) != tiles:
        problems.append(f"squares: the game starts with {tiles} tiles, this layout has {len(layout.squares)}")
    seen = set()
    for i, (c, r) in enumerate(layout.squares):
        if not (0 <= c < layout.cols and 0 <= r < layout.rows):
            problems.append(f"squares[{i}]: [{c}, {r}] is outside the {layout.cols} x {layout.rows} grid")
        if (c, r) in seen:
            problems.append(f"squares[{i}]: [{c}, {r}] is listed twice (tiles are never stacked)")
        seen.add((c, r))
    if layout.squares and not connected(layout.squares):
        problems.append("squares: the tiles are not in one piece (each must touch another along an edge "
                        "or at a corner)")
    return problems


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def check_layout_data(data: dict) -> list[str]:
    """Problems of a parsed Crows layout file, as "field: what is wrong"."""
    problems = [f"{k}: unknown field (a Crows layout has {', '.join(KEYS)})" for k in data if k not in KEYS]
    if not isinstance(data.get("name"), str) or not data.get("name", "").strip():
        problems.append("name: missing (give the layout a name, like \"standard\")")
    if "seed" in data and (not isinstance(data["seed"], int) or isinstance(data["seed"], bool)):
        problems.append(f"seed: a whole number, not {_kind(data['seed'])}")
    grid = data.get("grid")
    ok_grid = (isinstance(grid, list) and len(grid) == 2
               and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 99 for n in grid))
    if not ok_grid:
        problems.append("grid: missing (write [columns, rows], like [5, 5])" if grid is None
                        else "grid: [columns, rows], two whole numbers from 1 to 99")
    squares = data.get("squares")
    if not isinstance(squares, list):
        problems.append("squares: missing (the [column, row] of each starting tile)" if squares is None
                        else "squares: a list of [column, row] pairs")
        return problems
    pairs_ok = True
    for i, s in enumerate(squares):
        if not (isinstance(s, list) and len(s) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in s)):
            problems.append(f"squares[{i}]: a square is [column, row], two whole numbers, not {json.dumps(s)}")
            pairs_ok = False
    if problems or not pairs_ok:
        return problems
    cols, rows = grid
    return check_layout(CrowsLayout(data["name"], cols, rows, tuple((c, r) for c, r in squares)))


# --- generator ------------------------------------------------------------------------------------


def _orbits(cols: int, rows: int, symmetry: str) -> list[tuple[tuple[int, int], ...]]:
    """The grid's squares grouped into sets that the symmetry maps onto each other."""
    def images(c, r):
        out = {(c, r)}
        if symmetry == "none":
            return ((c, r),)
        if symmetry in ("rot180", "both"):
            out.add((cols - 1 - c, rows - 1 - r))
        if symmetry in ("mirror", "both"):
            out.add((cols - 1 - c, r))
        if symmetry == "both":
            out.add((c, rows - 1 - r))
        return tuple(sorted(out))

    return sorted({images(c, r) for c in range(cols) for r in range(rows)})


def generate_layout(seed: int, cols: int, rows: int, attempt: int) -> CrowsLayout | None:
    """A symmetric layout of 13 tiles grown from the centre, in one piece, spanning the whole grid,
    with no solid 2 x 2 block (the game is about the gaps)."""
    tiles, _ = _rules()
    rng = stage_rng(seed, "crows-layout", attempt)
    symmetry = rng.choice(("rot180", "rot180", "mirror", "both"))
    orbits = _orbits(cols, rows, symmetry)
    if attempt >= 20 or not any(len(o) % 2 for o in orbits):
        orbits = _orbits(cols, rows, "none")  # an even grid has no centre to be symmetric about
    centre = (cols - 1) / 2, (rows - 1) / 2
    near = min(orbits, key=lambda o: min(abs(c - centre[0]) + abs(r - centre[1]) for c, r in o))
    chosen = set(near)
    while len(chosen) < tiles:
        touching = [o for o in orbits if not chosen.issuperset(o) and len(chosen) + len(o) <= tiles
                    and any((c + dc, r + dr) in chosen for c, r in o for dc, dr in KING)]
        if not touching:
            return None
        cols_in = {c for c, _ in chosen}
        rows_in = {r for _, r in chosen}
        # favour squares that reach a new row or column: the layout has to span the grid
        weights = [1.0 + 3.0 * sum(c not in cols_in or r not in rows_in for c, r in o) for o in touching]
        chosen.update(rng.choices(touching, weights=weights)[0])
    if len(chosen) != tiles:
        return None
    if {c for c, _ in chosen} != set(range(cols)) or {r for _, r in chosen} != set(range(rows)):
        return None
    if any({(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)} <= chosen for c, r in chosen):
        return None
    return CrowsLayout(variant_name(seed), cols, rows, reading_order(chosen), seed, GENERATOR)


def crows_size() -> tuple[int, int]:
    _, grid = _rules()
    return grid, grid


__all__ = ["CrowsLayout", "check_layout", "check_layout_data", "generate_layout", "standard_layout"]
