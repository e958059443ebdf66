"""A resource's short name (the sheet's `Prox +1`, `Move +1`): read by the validator and the schema alike, for
every game, from the trackers' names; no two trackers can share one."""
from __future__ import annotations

import json

import jsonschema
import pytest

from lostprint.games import load
from lostprint.saves.fields_common import resource_names, spelling
from lostprint.saves.games import save_fields
from lostprint.validate import schema_text

GAMES = ("lost-expedition", "lost-crew", "lost-crows")


def longer(tracker) -> list[str]:
    """The ways a save writes a tracker beyond its short names: its key, its name, that name in points."""
    return [spelling(w) for w in (tracker.key, tracker.name, f"{tracker.name} points", f"{tracker.name} point")]


def shorts(game) -> dict:
    """{spelling of a short name: its tracker}."""
    table = resource_names(tuple((t.key, t.name) for t in game.trackers))
    return {w: k for w, k in table.items() if w not in {x for t in game.trackers for x in longer(t)}}


@pytest.mark.parametrize("game_id", GAMES)
def test_no_two_trackers_of_a_game_share_a_way_of_writing_them(game_id):
    """Each way of writing a resource names one tracker: none is left out of the table for being shared (a
    spelling two share is dropped), and a short name is a leading part of its own tracker's name that begins
    no other tracker's key or name."""
    game = load(game_id)
    table = resource_names(tuple((t.key, t.name) for t in game.trackers))
    assert {w: table.get(w) for t in game.trackers for w in longer(t)} == \
        {w: t.key for t in game.trackers for w in longer(t)}
    for short, key in shorts(game).items():
        others = [spelling(w) for t in game.trackers if t.key != key for w in (t.key, t.name)]
        assert [o for o in others if o.startswith(short)] == [], short
        assert spelling(dict((t.key, t.name) for t in game.trackers)[key]).startswith(short)
    assert shorts(game)


def test_the_1872_sheets_icon_words_are_short_names():
    """The words the 1872 sheet's icons print for a tracker (`Prox +1`, `Move +1`) read as that tracker."""
    game = load("lost-crows")
    from lostprint.games.lost_crows import EFFECTS
    keys = {t.key for t in game.trackers}
    printed = {spelling(s.name.split()[0]): s.key for s in EFFECTS if s.key in keys}
    assert printed.keys() >= {"prox", "move"}
    table = resource_names(tuple((t.key, t.name) for t in game.trackers))
    assert {w: table.get(w) for w in printed} == printed


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_takes_each_short_name_the_validator_reads(game_id):
    """In `resources:` (and 1872's `caps:`), in any case; a letter too few is refused, as by the validator."""
    schema = json.loads(schema_text("save"))
    check = jsonschema.validators.validator_for(schema)(schema)
    game = load(game_id)
    save = {"format": "lostprint-save/1", "game": game_id, "days": [{"day": 1}]}
    caps = any(f["key"] == "caps" for f in save_fields(game)["day"])
    tried = 0
    for short in shorts(game):
        for way in (short, short.upper(), short.title()):
            tried += 1
            day = {"day": 1, "resources": {way: 0}, **({"caps": {way: 1}} if caps else {})}
            assert [e.message for e in check.iter_errors({**save, "days": [day]})] == [], way
    assert tried >= len(game.trackers)
    assert list(check.iter_errors({**save, "days": [{"day": 1, "resources": {"fo": 0}}]}))
