"""Crows' transcript (lostprint.crows.transcript): a record read into the engine's step inputs and written
back. Every accepted record plays through the steps to the replay's scores and comes back the same;
every record breaking a rule of play is refused at the field that breaks it."""
from pathlib import Path

import pytest

from lostprint.crows import transcript as T
from lostprint.crows.record import check_record_data, parse_record
from lostprint.engine import crows as E
from lostprint.files import load

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "tests" / "data" / "review" / "crows"
GOOD = [ROOT / "examples" / "crows-3p.yaml"] + sorted(REVIEW.glob("*-good.yaml"))
# refused by the record reader before play (a bad field), or not a rule of play (a claimed score, a game
# left unfinished): the transcript reads what the steps can take
NOT_PLAY = {"murder-scatter", "nightfall-setup", "teleport-count", "score", "nightfall-missing"}
BAD = [p for p in sorted(REVIEW.glob("*-bad.yaml")) if p.name[:-len("-bad.yaml")] not in NOT_PLAY]


def meta_of(record) -> dict:
    return {"title": record.title, "colors": record.colors, "counts": record.setup.counts, "date": record.date}


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_a_record_plays_through_the_steps_and_is_written_back_the_same(path):
    record, _ = parse_record(load(path), path.name)
    inputs = T.inputs_of(record)
    state, events = T.replay(E.start(record.players, record.setup.counts), inputs)
    replayed = E.replay(record.setup, [list(r) for r in record.rounds])
    assert E.outcome(state)[0] == "finished"
    assert dict(E.score(state)) == dict(replayed.final)
    assert state.snapshots[-1].crows == replayed.snapshots[-1].crows
    data = T.record_data(meta_of(record), events, state)
    lines, again, _ = check_record_data(data, "again.yaml")
    assert lines == []
    assert again.rounds == record.rounds or T.inputs_of(again) == inputs  # scatter N may be written out
    assert T.inputs_of(again) == inputs


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_a_record_breaking_a_rule_of_play_is_refused_at_its_field(path):
    record, _ = parse_record(load(path), path.name)
    with pytest.raises(ValueError, match=r"^(start|rounds)\b"):
        T.inputs_of(record)


def test_an_input_of_the_wrong_shape_is_a_value_error_not_a_rule():
    state = E.start(("A", "B"))
    with pytest.raises(ValueError, match="tile type"):
        T.take(state, {"tile": "barrens"})
    for key, raw in (("tile", {"tile": "barrens", "at": [1]}), ("totem", "B2"), ("spell", {"name": "drain", "x": 1}),
                     ("nightfall", "yes"), ("scatter", "up")):
        with pytest.raises(ValueError):
            T.value_of(key, raw)
