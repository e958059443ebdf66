"""Rulebook text: templates hold no numbers, the markup parser, and worked examples that follow the data."""
from __future__ import annotations

import re

import pytest

from lostprint.books.rulebook import Node, parse, signed
from lostprint.books.rulebook_common import dice_count, modifiers
from lostprint.games import load
from lostprint.games.model import HOUSE_MARK
from lostprint.paths import templates_dir

TEMPLATES = sorted((templates_dir() / "rulebook").glob("*.j2"))


def test_there_is_a_template_per_game():
    names = {p.name for p in TEMPLATES}
    assert {"lost-expedition.j2", "lost-crew.j2", "lost-crows.j2", "crows.j2"} <= names


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_no_number_is_typed_into_a_template(path):
    """Every number comes from the data: outside jinja tags a template has no digit."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\{#.*?#\}", "", text, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", text, flags=re.S)
    lines = [line for line in text.splitlines() if re.search(r"\d", line)]
    assert not lines, lines[:5]


def test_parse_markup():
    nodes = parse("# One\n\nSome text\ncontinues.\n\n- a bullet\n  goes on\n- another\n"
                  f"{HOUSE_MARK} a house note\n> box line\n>\n> second para\n@chart a b\n## Two\n")
    assert nodes == [
        Node("h1", "One"), Node("p", "Some text continues."), Node("bullet", "a bullet goes on"),
        Node("bullet", "another"), Node("house", "a house note"), Node("example", "box line\n\nsecond para"),
        Node("block", "chart", ("a", "b")), Node("h2", "Two"),
    ]


def test_signed_and_helpers():
    assert (signed(3), signed(-1), signed(0)) == ("+3", "\u22121", "0")
    assert (dice_count("5d6"), dice_count("2d6"), dice_count("1d6"), dice_count("d66")) == (5, 2, 1, 2)
    assert modifiers("Movement \u22121, Hunting +1") == {"Movement": -1, "Hunting": 1}
    assert modifiers("Movement \u22121, Native Contact +1") == {"Movement": -1, "Native Contact": 1}


def test_1572_examples_follow_the_charts():
    from lostprint.books import rulebook_1572 as b

    game = load("lost-expedition")
    ex = b.examples(game)
    plans = {p.chart: p.bonus for p in ex["plan"]}
    assert plans == {"Movement": 0, "Mapping": 2, "Hunting": 0}
    assert set(ex["plan_skipped"]) == {"Exploring", "Native Contact"}
    mv = ex["move"]
    assert mv.total == sum(mv.dice) - 1 and mv.band is game.chart("movement").lookup(mv.total)
    assert ex["hunt"].total == sum(ex["hunt"].dice) + 2
    # a WILD alone calls no phase; extra dice and WILDs add up
    assert b.plan(game, (1, 1, 4, 4, 4), {4: 2}) == [b.Plan(4, "Exploring", 3, 2, 4)]
    assert b.plan(game, (1, 2, 2, 3, 6), {5: 1}) == [b.Plan(2, "Movement", 2, 0, 1), b.Plan(3, "Mapping", 1, 0, 0),
                                                     b.Plan(6, "Hunting", 1, 0, 0)]
