"""The 1872 review set (tests/data/review/1872, written by its make.py from the source's rules, and
hand/, written by hand from the rulebook and the save docs as a player would): each file breaks one
rule (-bad) or is its corrected twin (-good). Every bad save is refused with a message
naming what is wrong, every good one accepted; with `rolls: both` in its header the same holds once its
`rolls:` are taken out (the check does not need the recorded dice)."""
import copy
import re
from pathlib import Path

import pytest

from lostprint.files import load
from lostprint.saves.validate import replay_data

HERE = Path(__file__).parent / "data" / "review" / "1872"
RULES = sorted(p.relative_to(HERE).as_posix()[:-len("-bad.yaml")] for p in HERE.rglob("*-bad.yaml"))


def header(path: Path) -> dict:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"# (\w+): (.*)", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def variants(rule: str):
    rolls = header(HERE / f"{rule}-bad.yaml")["rolls"]
    return ("with", "without") if rolls == "both" else ("with",)


CASES = [(rule, how) for rule in RULES for how in variants(rule)]


def problems(path: Path, how: str) -> list:
    data = load(path)
    if how == "without":
        for day in data["days"]:
            day.pop("rolls", None)
    found, _ = replay_data(copy.deepcopy(data), str(path))  # a map: file is read beside the save
    return found


def test_the_review_set_is_whole():
    assert len(RULES) >= 30
    assert len([rule for rule in RULES if rule.startswith("hand/")]) >= 6
    for rule in RULES:
        assert (HERE / f"{rule}-good.yaml").exists(), rule
        assert header(HERE / f"{rule}-bad.yaml")["rolls"] in ("both", "with"), rule


@pytest.mark.parametrize("rule, how", CASES)
def test_a_save_breaking_one_rule_is_refused(rule, how):
    path = HERE / f"{rule}-bad.yaml"
    found = problems(path, how)
    assert found, f"{rule} ({how} rolls) accepted"
    assert all(re.match(rf"{re.escape(str(path))}:\d+: \S+: ", line) for line in found), found
    assert header(path)["expect"] in "\n".join(found), found
    assert header(path).get("absent", "\0") not in "\n".join(found), found  # a consequence not said as a fault


@pytest.mark.parametrize("rule, how", CASES)
def test_its_corrected_twin_is_accepted(rule, how):
    assert problems(HERE / f"{rule}-good.yaml", how) == []


@pytest.mark.parametrize("rule", RULES)
def test_its_corrected_twin_is_a_save_the_published_schema_describes(rule):
    import jsonschema

    from lostprint.saves.schema import save_schema

    jsonschema.validate(load(HERE / f"{rule}-good.yaml"), save_schema())


def test_a_hand_written_save_may_spell_terrains_in_any_case():
    """The docs promise names forgiving about case: a Crow written Forest is the forest Crow, as a hex mapped
    Mountains is (a Crow so written was refused, 'Forest' is not one of the crows)."""
    import yaml

    path = HERE / "hand" / "five-fires-to-the-border-good.yaml"
    text = path.read_text(encoding="utf-8").replace("crows: [forest, plains]", "crows: [Forest, PLAINS]")
    assert "Forest, PLAINS" in text
    assert replay_data(yaml.safe_load(text), str(path))[0] == []


def test_a_hand_written_save_may_write_a_terrain_in_the_singular():
    """`mountain` and `plain` for Mountains and Plains, in the mapped hexes, the Crows and the vision, are
    read as those terrains and the schema describes them (they were refused: 'plain' is not a terrain)."""
    import jsonschema
    import yaml

    from lostprint.saves.schema import save_schema

    path = HERE / "bad-luck-good.yaml"
    text = re.sub(r"(?m)^(    [A-Z]\d+: |  - |    terrain: )(plain|mountain)s$", r"\1\2", path.read_text(encoding="utf-8"))
    assert all(f"{written}\n" in text for written in (": plain", ": mountain", "- plain", "terrain: plain"))
    data = yaml.safe_load(text)
    assert replay_data(copy.deepcopy(data), str(path))[0] == []
    jsonschema.validate(data, save_schema())


def test_a_refused_map_says_the_icons_the_recorded_dice_give():
    """With its dice, a day whose hexes the map icons cannot colour names each unit's cell: the Warriors'
    difference below 2 is a Mountains (it said only the hexes drawn, not which icons the dice gave)."""
    found = problems(HERE / "hand" / "warriors-on-the-heights-bad.yaml", "with")
    assert "Warriors 1\u22123: Mountains;" in found[0], found


def test_a_hex_no_icon_can_colour_is_said_as_the_map_without_dice():
    """Without its dice, a day that walks into a hex no map icon could colour so is refused on its
    `mapped:` (it said 'go: J6 is not mapped', of a hex the save maps)."""
    found = problems(HERE / "map-terrain-bad.yaml", "without")
    assert found and "days[3].mapped: the units' icons cannot colour 1 mountains, 1 plains" in found[0], found
