"""Every pre-printed feature of a game's map is drawn on its journal map: a drawer exists for its
type (the map's own or the game's sheet drawers, named by the plugin) and what it draws is in the
journal's map. Renaming a lookup once dropped Fort Benton from every 1872 journal, tests green."""
from __future__ import annotations

from pathlib import Path

import pytest

import journal_builds as J
import printed as P
from lostprint.books.journal_map import sheet_drawers
from lostprint.games import GAMES
from lostprint.scene import Group, walk
from lostprint.sheets.hexmap import FEATURE_DRAWERS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SAVES = {g.id: next(EXAMPLES.glob(f"{g.number}-*.yaml")) for g in GAMES if g.has("validator")}


def drawn(group: Group) -> set:
    return {item for item in walk(group.items) if not isinstance(item, Group)}


# every game in colour and the mono palette on 1672 in the default run; the other mono maps are slow
@pytest.mark.parametrize("ink, game", [
    pytest.param(ink, game, id=f"{ink}-{game}",
                 marks=[pytest.mark.slow] if ink == "mono" and game != "lost-crew" else [])
    for ink in ("color", "mono") for game in sorted(SAVES)])
def test_the_journal_map_draws_every_pre_printed_feature(game, ink):
    played = P.played(SAVES[game].stem)
    group, ctx = J.example_map(SAVES[game].stem, ink)  # drawn once for this file and test_journal_map
    table = {**FEATURE_DRAWERS, **sheet_drawers(game)}
    features = played.game_map.features
    assert features, "a standard map without features would test nothing"
    assert sorted({f.type for f in features} - set(table)) == []
    on_map = drawn(group)
    for f in features:
        items = [i for i in walk(table[f.type](f, ctx)) if not isinstance(i, Group)]
        assert items, (f.type, f.hexes)
        assert [i for i in items if i not in on_map] == [], (f.type, f.hexes)


def test_a_game_with_sheet_drawers_gets_them_on_its_journal():
    from lostprint.sheets import lost_crew, lost_crows

    assert set(sheet_drawers("lost-crew")) == set(lost_crew.MAP_DRAWERS)
    assert set(sheet_drawers("lost-crows")) == set(lost_crows.DRAWERS)
    assert sheet_drawers("lost-expedition") == {}
