"""The Crows record names squares as its boards are labelled (columns A, B, C... from the west edge of
the game's board, rows 1, 2, 3... from its north edge), never as a save's [column, row] numbers: the
record printed "murder of 9 on [4, 2]" and "[-1, 0]" beside boards labelled -3...8."""
from __future__ import annotations

import re

import printed as P
from lostprint.crows.squares import column_name, square_name
from lostprint.scene import Text, walk


def test_column_names_run_on_past_z():
    assert [column_name(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]
    assert square_name((-1, 0), (-3, -1)) == "C2"


def test_the_record_names_squares_as_its_boards_are_labelled():
    from lostprint.crows.record_pages import E_bounds

    rec, result = P.record()
    text = " ".join(" ".join(page.text() for page in P.text(P.record_pdf())).split())
    assert not re.search(r"\[-?\d+, -?\d+\]", text), "a square printed as [column, row]"
    c0, r0, c1, r1 = E_bounds(result)
    murder = result.snapshots[2].murders[0] if result.snapshots[2].murders else None
    names = re.findall(r"murder of \d+ on ([A-Z]+\d+)", text)
    assert names and all(re.fullmatch(r"[A-Z]+\d+", n) for n in names)
    if murder is not None:
        assert square_name(murder.square, (c0, r0)) in names
    scene = P.record_scene()
    columns = {t.text for page in scene.all_pages() for t in walk(page.items) if isinstance(t, Text) and t.role == "column"}
    rows = {t.text for page in scene.all_pages() for t in walk(page.items) if isinstance(t, Text) and t.role == "row"}
    assert columns == {column_name(i) for i in range(c1 - c0 + 1)}
    assert rows == {str(i + 1) for i in range(r1 - r0 + 1)}
