"""Squares named as a player names them on a printed board: a letter for the column, counted from the
board's west edge, and a number for the row, counted from its north edge ("A1" at the north-west
corner; after Z come AA, AB...). Saves keep [column, row] numbers, which may be negative as the board
grows any way; what is printed for a player uses these names, counted from the corner of the board the
printed page shows."""
from __future__ import annotations


def column_name(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    if index < 0:
        raise ValueError(f"a column west of the board's edge: {index}")
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def square_name(square: tuple[int, int], origin: tuple[int, int]) -> str:
    """The square's name on a board whose north-west square is `origin`: (3, 2) from (1, 0) -> 'C3'."""
    return f"{column_name(square[0] - origin[0])}{square[1] - origin[1] + 1}"
