"""Issue 23's audit: the findings and rulings its list names that had no test of their own yet.

Each finding already tested elsewhere is left there (tests/test_engine_1572.py, test_review_1672.py,
test_lost_crows_engine.py, test_crows_engine.py and the review pairs under tests/data/review/). What is
here fills the gaps the audit found: a cataract drawn in a river hex the party only reached later that
day (the finding's own case: the earlier test starts the day in a hex off the river, so it is the
"not a river hex" finding too), a map icon with nowhere to go, and each listed ruling printed in its
rulebook's house rules.
"""
from __future__ import annotations

import pytest

from lostprint.saves.validate import check_save_file

HEAD = """format: lostprint-save/1
game: 1572
map: standard
setup: {expedition: botany}
days:
  - day: 1
    mapped: {B2: hills}
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
"""
# Day 2 begins in B2, a river hex, maps B3 from there and walks down the river into C2.
LATER = HEAD + """  - day: 2
    mapped: {B3: hills}
    moved: [C2]
MARKS    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 6, movement: 1}
"""


def _check(tmp_path, text: str) -> list[str]:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return check_save_file(path)


def test_1572_a_cataract_is_drawn_from_the_river_hex_the_day_began_in_not_one_reached_later(tmp_path):
    """Without rolls: mapping (phase 3) comes before Map Travel (phase 9), so day 2's cataract can only
    be B2's downstream side; drawn on C2's, the river hex the party walked into that day, it is refused.
    The commit issue 23 was filed on accepted it (any hex stood in that day)."""
    assert _check(tmp_path, LATER.replace("MARKS", "")) == []
    found = _check(tmp_path, LATER.replace("MARKS", "    marks: [{cataract: [C2, D2]}]\n"))
    assert len(found) == 1, found
    assert f"{tmp_path / 'game.yaml'}:13: days[1].marks[0].cataract: " in found[0], found
    assert "while mapping" in found[0] and "B2" in found[0], found


def test_1872_a_map_icon_with_no_blank_hex_within_two_is_lost():
    """Ruling map-lost: every hex next to the tribe and two away is mapped, so a map icon colours
    nothing (the blank hexes three away are never offered) and the day goes on."""
    from lostprint.engine import lost_crows as eng
    from lostprint.games.lost_crows import RULES
    from lostprint.maps.model import standard_map

    land = eng.land_of(standard_map("lost-crows"))
    pos = next(lab for lab in sorted(land.axial) if len(land.neighbors[lab]) == 6 and land.far[lab]
               and not ({lab, *land.neighbors[lab], *land.far[lab]} & (set(land.fort) | set(land.goals))))
    terrain = {lab: "plains" for lab in (pos, *land.neighbors[pos], *land.far[pos])}
    blank = [lab for lab in land.axial if lab not in terrain]
    assert blank  # hexes three away and beyond stay blank
    assert eng.colourable(land, terrain, pos, "forest") == []
    st = eng.STEPS[eng.STEP_INDEX["dawn"]].apply(eng.Tribe(land=land, st=eng.new_game(land)), None).st
    st = st._replace(pos=pos, start=pos)
    icon = next(e for cell in eng.CELLS.values() for e in cell if e.op == "map" and e.key == "forest")
    icons = eng.STEPS[eng.STEP_INDEX["icons"]]
    game = eng.Tribe(land=land, st=st, terrain=terrain, agenda=(("effect", "tribe", icon),))
    assert icons.options(game) == ()
    after = icons.apply(game, None)
    assert after.drawn == () and after.agenda == () and after.st == st
    assert RULES.ruling("map-lost").reason


@pytest.mark.parametrize("game, keys", [
    ("lost-crew", ("scan-crew", "setup-hexes", "anchorage", "islands-visited", "hostile")),
    ("lost-crows", ("river-price", "thunderstorm", "cursed-land", "bad-luck", "score-steps", "map-lost",
                    "fort-blank")),
])
def test_each_listed_ruling_is_printed_in_the_rulebooks_house_rules_with_its_reason(game, keys):
    """Issue 23's unmarked rulings of 1672 and 1872: each in the data with a reason, and in the list the
    rulebook prints under its house rules (each entry marked there), with that reason."""
    from importlib import import_module

    data = import_module(f"lostprint.games.{game.replace('-', '_')}")
    book = import_module({"lost-crew": "lostprint.books.rulebook_1672",
                          "lost-crows": "lostprint.books.rulebook_1872"}[game])
    printed = book.house_rules(data.GAME)
    for key in keys:
        ruling = data.RULES.ruling(key)
        title = getattr(ruling, "where", None) or ruling.topic
        body = getattr(ruling, "text", None) or ruling.rule
        assert ruling.reason, key
        assert any(text == f"{body} {ruling.reason}" for t, text in printed if t == title), key


def test_crows_lava_replacement_touching_is_a_house_clarification_in_the_rulebook():
    from lostprint.books import rulebook_crows
    from lostprint.games import crows

    lava = next(c for c in crows.CLARIFICATIONS if c.key == "lava-replace")
    assert lava.house and "touching" in lava.text
    assert lava.title in str(rulebook_crows.house_rules(crows.GAME))
