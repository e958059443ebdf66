"""The one reader of a save's described fields (lostprint.saves.fields_read), on 1672's description: each
shape reads its value or says, on the value's line, what is wrong with it."""
from __future__ import annotations

import pytest

from lostprint.files.fields import At, Problems, Reader
from lostprint.games.lost_crew import GAME
from lostprint.maps.model import standard_map
from lostprint.saves.fields_1672 import fields
from lostprint.saves.fields_read import read

DAY = {f["key"]: f for f in fields(GAME)["day"]}
MARKS = {m["kind"]: m for m in fields(GAME)["marks"]}
CREW = ("Tom", "Ann")


def reading(shape, value):
    problems = Problems("s.yaml")
    got = read(Reader(problems, standard_map("lost-crew")), shape, value, At(3, "days[0].x"), CREW)
    return got, [line.partition("days[0].x")[2] for line in problems.lines()]


@pytest.mark.parametrize("shape, value, want", [
    (DAY["weather"], "Fair Weather", ("fair", [])),
    (DAY["weather"], "STORM", ("storm", [])),
    (DAY["weather"], "gale", (None, [": 'gale' is not a weather (storm, doldrums, rain, headwind, fair)"])),
    (DAY["wounded"], ["Ann"], ([("Ann", At(0, "days[0].x[0]"))], [])),
    (DAY["wounded"], ["Bob"], ([], ["[0]: 'Bob' is not one of the sailors (Tom, Ann)"])),
    (DAY["wounded"], "Ann", (None, [": must be a list of sailors, not text"])),
    (DAY["gathered"], {"water": 2}, ({"water": 2}, [])),
    (DAY["gathered"], {"water": 4}, ({"water": None}, [".water: 4 is above 3"])),
    (DAY["gathered"], {"gold": 1}, ({}, [".gold: unknown gathered key (expected one of: water, wood, food)"])),
    (DAY["rolls"], {"scan": [[2, 5]], "weather": [1, 4]}, ({"scan": [[2, 5]], "weather": [1, 4]}, [])),
    (DAY["rolls"], {"drift": [1, 2]}, ({"drift": None}, [".drift: needs 1 item, not 2"])),  # one a day
    (DAY["rolls"], {"scan": [[2, 7]]}, ({"scan": None}, [".scan[0][1]: 7 is above 6"])),
    (MARKS["island"], {"hexes": ["h7"], "size": "small-island"}, ({"hexes": ["H7"], "size": "small"}, [])),
    (MARKS["island"], {"hexes": ["H7"]}, (None, [": needs its size"])),
    (MARKS["island"], {"hexes": ["H7"], "size": "small", "natives": 1},
     ({"hexes": ["H7"], "size": "small", "natives": None}, [".natives: must be true or false"])),
    (MARKS["burial"], "Z99", (None, [": Z99 is not on the map"])),
])
def test_a_described_field_is_read_or_refused_on_its_line(shape, value, want):
    assert reading(shape, value) == want
