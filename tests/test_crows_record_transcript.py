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
# refused by the record reader before play (a bad field), by the setup (the player count), or not a rule of
# play (a claimed score, a game left unfinished): the transcript reads what the steps can take
NOT_PLAY = {"murder-scatter", "nightfall-setup", "teleport-count", "score", "nightfall-missing", "player-count",
            "totem-colours-differ", "totem-colour-left-free", "winner-most-points", "four-players-small-set"}
BAD = [p for p in sorted(REVIEW.glob("*-bad.yaml")) if p.name[:-len("-bad.yaml")] not in NOT_PLAY
       and "# expect: outcome.scores" not in p.read_text(encoding="utf-8")]  # a claimed score only


def meta_of(record) -> dict:
    return {"title": record.title, "colors": record.colors, "counts": record.setup.counts, "date": record.date}


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_a_record_plays_through_the_steps_and_is_written_back_the_same(path):
    record, _ = parse_record(load(path), path.name)
    inputs = T.inputs_of(record)
    state, events = T.replay(E.start(record.players, record.setup.counts), inputs)
    _, _, replayed = check_record_data(load(path), path.name)
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


def test_any_input_is_taken_refused_with_a_rule_or_a_shape_and_the_record_stays_readable():
    """Seeded junk of every shape at every step (and legal options between): only RuleError or ValueError
    comes back, and the record written from what was taken holds no problem but the game's being unfinished."""
    import random

    from lostprint.engine.contract import RuleError, open_step

    rng = random.Random(5)
    kinds = [t.key for t in E.G.ALL_TILES] + ["x", 5]
    spells = [s.key for s in E.G.SPELLS] + ["nope"]

    def junk(state):
        sqs = [[rng.randint(-3, 7), rng.randint(-3, 7)] for _ in range(2)]
        pick = rng.randint(0, 9)
        if pick == 0:
            return rng.choice(kinds)
        if pick == 1:
            return {"tile": rng.choice(kinds), "at": sqs[0], **({"moved_to": sqs[1]} if rng.random() < .3 else {})}
        if pick == 2:
            return rng.choice([sqs[0], None, True, False, "N", "up", [], {}, 1.5, [1, 2, 3], [True, 1]])
        if pick == 3:
            raw = {"name": rng.choice(spells)}
            for f in rng.sample(["target", "direction", "from", "count", "tile", "at", "moved_to"], rng.randint(0, 3)):
                raw[f] = sqs[1] if f in ("target", "from", "at", "moved_to") else rng.choice([1, 2, 3, "N", "x"])
            return raw
        state, step, _ = open_step(E.STEPS, state, E.outcome)
        return T.plain(step.key, rng.choice(list(step.options(state))))

    for players in (("A", "B"), ("A", "B", "C")):
        state, events = T.replay(E.start(players), [])
        for i in range(4000):
            if state.ended:
                break
            try:
                state, more = T.take(state, junk(T.autos(state, [])))
            except (RuleError, ValueError):
                continue
            events += more
            if i % 97 == 0 or state.ended:
                meta = {"title": "t", "colors": tuple(zip(players, ("red", "blue", "yellow"))), "counts": state.counts}
                lines, _, _ = check_record_data(T.record_data(meta, events, state), "x.yaml")
                assert [ln for ln in lines if "unfinished" not in ln and "one turn per player" not in ln
                        and "starting square" not in ln] == []
        assert state.ended
