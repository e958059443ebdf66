"""The blind review sets (tests/data/review_blind/<game>/, review_blind2/ and review_blind3/, written by three
reviewers apart): pairs written from the rule sources and the save format documentation alone, without the
other review sets. Each NAME-bad.yaml breaks exactly one rule and says, in its header, the field the refusal
must name (`# expect: days[2].moved[1]`), and for a slip the save format tells once, how many problems it
gives (`# problems: 1`); its twin NAME-good.yaml is the corrected game, which must be accepted."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from lostprint.validate import validate_file

DATA = Path(__file__).resolve().parent / "data"
SETS = ("review_blind", "review_blind2", "review_blind3")
GOOD = sorted(p for s in SETS for p in (DATA / s).glob("*/*-good.yaml"))
BAD = sorted(p for s in SETS for p in (DATA / s).glob("*/*-bad.yaml"))
# Pairs that take the validator over ~10 s (a day without rolls no explanation reaches gets the every-branch replay)
SLOW: set[str] = set()


def _id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}/{path.stem}"


def _params(paths: list[Path]) -> list:
    return [pytest.param(p, id=_id(p), marks=[pytest.mark.slow] if _id(p) in SLOW else []) for p in paths]


def test_every_pair_is_whole():
    goods = {_id(p)[: -len("-good")] for p in GOOD}
    bads = {_id(p)[: -len("-bad")] for p in BAD}
    assert goods == bads, f"pairs missing a twin: {sorted(goods ^ bads)}"
    assert {name.split("/")[0] for name in goods} == set(SETS)


@pytest.mark.parametrize("path", _params(GOOD))
def test_good_twin_is_accepted(path):
    problems, summary = validate_file(path)
    assert not problems, problems
    assert summary


@pytest.mark.parametrize("path", _params(BAD))
def test_bad_twin_is_refused_on_its_rule(path):
    text = path.read_text(encoding="utf-8")
    expect = re.search(r"^# expect: (.+)$", text, re.M)
    assert expect, f"{path.name}: no '# expect: FIELD' line in its header"
    problems, _ = validate_file(path)
    assert problems, f"{path.name} was accepted"
    field = expect.group(1).strip()
    assert any(f": {field}:" in p or p.rstrip().endswith(f": {field}") for p in problems), problems
    count = re.search(r"^# problems: (\d+)$", text, re.M)
    if count:
        assert len(problems) == int(count.group(1)), problems
