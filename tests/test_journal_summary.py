"""The journal's "game in numbers": every fact a player's game has is printed, in the side panel and in
the low band under a tall map (which once kept the first four facts and dropped the rest unseen), and a
list too long for its column says how many it leaves out."""
from dataclasses import replace

import printed as P

from lostprint import checks
from lostprint.books import journal as J
from lostprint.geometry.paper import Box
from lostprint.palette import palette
from lostprint.scene import Scene, Text, walk

PAL = palette("color")


def many_facts():
    """The 1672 example set up with more options than the band's old four rows."""
    played = P.played("1672-the-salt-road-home")
    extra = (("first-mate", "Ngozi"), ("ship", "The Salt Hound"), ("flag", "Dutch"))
    return replace(played, setup=played.setup + extra)


def texts(group) -> list:
    return [t for t in walk(group.items) if isinstance(t, Text)]


def test_the_band_prints_every_fact_inside_itself():
    played = many_facts()
    rows = J.stats_rows(played)
    assert len(rows) > 4
    width = 520.0
    box = Box(40.0, 100.0, width, J.band_height(played, width, PAL))
    band = J.summary_band(played, box, PAL)
    words = [t.text for t in texts(band)]
    for label, value in rows:
        assert label in words and value in words, (label, value)
    assert all(t.y <= box.bottom - 3 for t in texts(band))  # inside the panel's frame
    page = Scene(600, 800, (band,))
    assert checks.text_overlaps(page) == [] and checks.small_text(page) == []


def test_the_band_is_as_tall_as_its_tallest_column_needs():
    played = P.played("1672-the-salt-road-home")
    more = many_facts()
    assert J.band_height(more, 520.0, PAL) > J.band_height(played, 520.0, PAL)


def test_the_side_panel_prints_every_fact():
    played = many_facts()
    panel = J.summary_panel(played, Box(40.0, 100.0, 168.0, 420.0), PAL)
    words = [t.text for t in texts(panel)]
    for label, value in J.stats_rows(played):
        assert label in words and value in words, (label, value)


def test_a_list_too_long_for_its_column_counts_what_it_leaves_out():
    played = P.played("1672-the-salt-road-home")
    islands = [m for m in played.marks if m.kind == "island"]
    played = replace(played, marks=tuple(islands) * 12)
    total = len(J.notable(played)[1])
    for bottom in (60.0, 63.0, 66.0, 75.0, 140.0):  # any room: the last line that fits says how many more
        items, end = J.list_block(played, 0.0, 0.0, 160.0, bottom, PAL)
        listed = [t for t in items if t.role == "list-item"]
        more = [t for t in items if t.role == "list-more"]
        assert len(more) == 1, bottom
        assert len(listed) + int(more[0].text.split()[2]) == total
        assert all(t.y <= bottom for t in items) and end <= bottom + 0.01, bottom
