"""The save search's going back (search.Days) is bounded in steps, not only in turns: a day refused from
every line no longer makes the search walk every other roll of the days before it. Counted in the
engine's steps applied (no timing): a toy engine, then two refused 1872 review saves without their
rolls, which walked about 280,000 steps each before (6 s) and walk under 40,000 now."""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from lostprint.engine import lost_crows as eng
from lostprint.engine.contract import AUTO, Roll, Step, evolve
from lostprint.files import load
from lostprint.saves import search
from lostprint.saves.validate import replay_data

REVIEW = Path(__file__).parent / "data" / "review" / "1872"
DICE = 5  # the toy's dice a day: 6 ** 5 rolls for a search to walk


@dataclass(frozen=True)
class Toss:
    day: int = 0
    step: int = 0
    faces: tuple = ()  # the day's dice so far
    lucky: bool = False  # the day before threw no six


def toy(applied: list):
    """A day of DICE dice; every day ends alike but for `lucky` (the rolls forgotten). `applied` counts
    the steps applied."""

    def counted(apply):
        def step(state, value):
            applied.append(1)
            return apply(state, value)
        return step

    steps = (Step("dawn", lambda s: AUTO, counted(lambda s, _: evolve(s, day=s.day + 1)), frozenset({"day"})),
             Step("roll", lambda s: Roll("die") if len(s.faces) < DICE else None,
                  counted(lambda s, face: evolve(s, faces=s.faces + (face,))), frozenset({"faces"}), repeat=True),
             Step("dusk", lambda s: AUTO, counted(lambda s, _: evolve(s, faces=(), lucky=6 not in s.faces)),
                  frozenset({"faces", "lucky"})))
    return SimpleNamespace(STEPS=steps, PARTS={"faces": lambda s: s.faces}, FACES=tuple(range(1, 7)),
                           outcome=lambda s: None, forget=lambda s: evolve(s, faces=()) if s.step == 0 else s)


def days(engine, steps: int) -> search.Days:
    def turn(starts, record, budget=0):
        return search.walk(engine, starts, record, budget=budget)
    return search.Days([Toss()], turn, engine.forget, budget=4, steps=steps)


def test_a_day_refused_from_every_line_stops_going_back_after_the_steps_allowed():
    applied: list = []
    engine = toy(applied)
    refused = search.Record(turn=2, checks={"faces": ("never",)}, order=("faces",))  # no roll of day 2 ends so
    counts = {}
    for steps in (0, 100):
        line = days(engine, steps)
        assert line.extend(search.Record(turn=1))  # day 1: its first end, found at once
        applied.clear()
        assert not line.extend(refused)
        counts[steps] = len(applied)
    a_day = 1 + sum(6 ** k for k in range(1, DICE + 1)) + 6 ** DICE  # every roll of a day: dawn, dice, dusk
    assert counts[0] > 2 * a_day  # unbounded: day 2 from the line, the rest of day 1's rolls, day 2 again
    assert a_day < counts[100] < a_day + 200  # day 2 walked once, then 100 steps of going back


def test_going_back_finds_the_line_within_the_steps_allowed():
    """Day 2 goes on only from a day 1 that threw no six; day 1's first end threw one (a walk tries the
    last face first): the going back finds the other end, some 5,000 steps on."""
    engine = toy([])
    for steps, found in ((10_000, True), (2_000, False)):
        line = days(engine, steps)
        assert line.extend(search.Record(turn=1))
        assert not line.tip.lucky
        assert line.extend(search.Record(turn=2, prune=lambda s: s.lucky)) is found
        assert not found or line.line[1][1].lucky


@pytest.mark.parametrize("name, day", [("feather-scouts", "days[14]"), ("hand/scouts-in-the-storm", "days[10]")])
def test_a_refused_1872_day_without_rolls_walks_few_steps(monkeypatch, name, day):
    """Refused (the same message as with the unbounded going back, pinned by the review tests) in a
    fraction of the steps it took."""
    applied: list = []

    def counted(apply):
        def step(state, value):
            applied.append(1)
            return apply(state, value)
        return step

    monkeypatch.setattr(eng, "STEPS", tuple(dataclasses.replace(s, apply=counted(s.apply)) for s in eng.STEPS))
    path = REVIEW / f"{name}-bad.yaml"
    data = load(path)
    for d in data["days"]:
        d.pop("rolls", None)
    found, _ = replay_data(copy.deepcopy(data), str(path))
    assert len(found) == 1 and f": {day}." in found[0], found
    assert len(applied) < 100_000, len(applied)  # about 280,000 before the going back was bounded


def test_a_legal_1872_save_is_not_refused_for_the_going_backs_bounds(monkeypatch):
    """A random decider's game (seed 114) without its rolls needs the search to go back a day (about 60
    steps). With the step allowance cut to 10, the day after was refused for a rule it does not break
    ('Prairie Fire: you cannot enter Plains this turn', a bar of the first reading of the day before): a
    going back cut short by its bounds now tries again, wider, and the save is accepted; cut short
    again, the refusal says it could not decide."""
    import sys

    from lostprint.files import parse_text
    from lostprint.saves import rules_1872

    sys.path.insert(0, str(Path(__file__).parent))
    from test_random_deciders import bare, random_save

    text = bare(random_save("1872", 114))
    monkeypatch.setattr(rules_1872, "BACKTRACK_STEPS", 10)
    assert replay_data(parse_text(text, "x.yaml"), "x.yaml")[0] == []
    monkeypatch.setattr(rules_1872, "WIDE_STEPS", 10)
    found = replay_data(parse_text(text, "x.yaml"), "x.yaml")[0]
    assert len(found) == 1 and found[0].endswith("(could not decide: the days before read as first explained; another "
                                                 "reading of them, not found within 10 steps, might explain day 15)")
