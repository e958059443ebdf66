"""A journal's map and resource chart show everything the game recorded, however much there is: every
village of a crowded hex, every kind of event in the chart's key (on a second row when the first is
full), and a day with more events than its column holds says how many more ("+3"). Each was once cut
at a fixed count, unseen."""
from dataclasses import replace

import printed as P
from journal_builds import example_map

from lostprint.books.journal_chart import EVENT_ICONS, resource_chart
from lostprint.books.journal_map import draw_villages
from lostprint.geometry.paper import Box
from lostprint.palette import palette
from lostprint.saves.rules import Event, Mark
from lostprint.scene import Scene, Text, bbox, walk
from lostprint import checks

PAL = palette("color")


def test_a_hex_with_six_villages_shows_six_inside_the_hex():
    _group, ctx = example_map("1572-the-delta-by-grace")
    lab = next(iter(ctx.game_map.axial))
    marks = [Mark("village" if k % 2 else "peaceful-village", 1, (lab,)) for k in range(6)]
    drawn = draw_villages(marks, ctx, {})
    assert len(drawn) == 6
    cx, cy = ctx.center(lab)
    for g in drawn:
        assert checks.fits_in_hex(bbox(g), cx, cy, ctx.size, 0.0)
    four = draw_villages(marks[:4], ctx, {})
    assert len(four) == 4


def events_chart(events, width: float = 420.0):
    played = P.played("1872-the-long-way-north")
    played = replace(played, events=tuple(events))
    return resource_chart(played, Box(40.0, 40.0, width, 330.0), PAL)


def texts(group) -> list[Text]:
    return [t for t in walk(group.items) if isinstance(t, Text)]


def test_every_kind_of_event_is_in_the_key_on_as_many_rows_as_it_takes():
    kinds = list(EVENT_ICONS)
    chart = events_chart([Event(1 + k, kind, kind) for k, kind in enumerate(kinds)], width=300.0)
    keyed = [t for t in texts(chart) if t.role == "event-key"]
    assert len(keyed) == len(kinds)
    assert len({round(t.y, 1) for t in keyed}) > 1  # more than one row
    box = chart.box
    assert all(box[0] <= t.x and t.y <= box[1] + box[3] for t in keyed)
    assert checks.text_overlaps(Scene(600, 800, (chart,))) == []


def test_a_day_with_more_events_than_its_column_counts_the_rest():
    chart = events_chart([Event(3, kind, kind) for kind in ("crow", "fever", "cap", "plot", "dancer")])
    more = [t for t in texts(chart) if t.role == "event-more"]
    assert [t.text for t in more] == ["+3"]
    three = events_chart([Event(3, kind, kind) for kind in ("crow", "fever", "cap")])
    assert [t for t in texts(three) if t.role == "event-more"] == []
