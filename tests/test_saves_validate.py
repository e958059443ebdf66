"""Saved games: loading with line numbers, and the validator's rules for 1572 (every problem,
each "file:line: field: what is wrong")."""
import json
from pathlib import Path

import pytest

from conftest import run_cli
from lostprint.files import LoadError, parse_json, parse_yaml
from lostprint.saves.validate import check_save_file, load_played, summary_of

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

HEAD = """format: lostprint-save/1
game: 1572
map: standard
setup: {expedition: botany}
days:
"""
DAY1 = """  - day: 1
    mapped: {B2: hills}
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
"""


def save(tmp_path, body: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def problems(tmp_path, body: str) -> list[str]:
    return check_save_file(save(tmp_path, body))


def test_yaml_and_json_keep_the_line_of_every_node():
    y = parse_yaml("a: 1\nb:\n  - x\n  - {c: 2,\n     d: 3}\n", "s")
    assert (y.line, y.value_lines["a"], y.value_lines["b"]) == (1, 1, 3)
    assert y["b"].item_lines == [3, 4]
    assert y["b"][1].value_lines["d"] == 5
    j = parse_json('{"a": [1,\n 2.5, {"b": null}],\n "c": "\\u00e9"}', "j")
    assert j == {"a": [1, 2.5, {"b": None}], "c": "é"}
    assert j["a"].item_lines == [1, 2, 2] and j.value_lines["c"] == 3


@pytest.mark.parametrize("text, line, what", [
    ('{"a": 1,\n "a": 2}', 2, "duplicate key"),
    ('{"a": [1,\n 2,]}', 2, "unexpected"),
    ('[' * 200, 1, "nested too deeply"),
    ('{"a": 1} x', 1, "extra text"),
])
def test_bad_json_names_its_line(text, line, what):
    with pytest.raises(LoadError) as err:
        parse_json(text, "f.json")
    assert str(err.value).startswith(f"f.json:{line}:") and what in str(err.value)


def test_bad_yaml_names_its_line():
    with pytest.raises(LoadError, match=r"^f:3: not valid YAML"):
        parse_yaml("a: 1\nb: 2\nc: [\n", "f")
    with pytest.raises(LoadError, match="duplicate key"):
        parse_yaml("a: 1\na: 2\n", "f")
    with pytest.raises(LoadError, match="is not used in lostprint files"):
        parse_yaml("a: !!python/object:os.system x\n", "f")


def test_examples_are_clean_and_summarised():
    examples = sorted(EXAMPLES.glob("1[568]72-*.yaml"))
    assert examples, "no examples"
    for path in examples:
        assert check_save_file(path) == [], path
        line = summary_of(load_played(path))
        assert "ok" in line and "score" in line


def test_a_clean_short_game(tmp_path):
    path = save(tmp_path, DAY1)
    assert check_save_file(path) == []
    played = load_played(path)
    assert played.result == "unfinished" and played.total == 1
    assert played.route == [(0, "A1"), (1, "B2")]
    assert summary_of(played).endswith("in progress after 1 day, 1 hex mapped, score 1")


@pytest.mark.parametrize("body, line, field, what", [
    ("  - day: 2\n    resources: {food: 5}\n", 6, "days[0].day", "expected day 1"),
    (DAY1.replace("B2: hills", "B2: sand"), 7, "days[0].mapped.B2", "not a terrain"),
    (DAY1.replace("B2: hills", "Z9: hills"), 7, "days[0].mapped.Z9", "not on the map"),
    (DAY1.replace("B2: hills", "A1: hills"), 7, "days[0].mapped.A1", "already printed"),
    (DAY1.replace("B2: hills", "D2: hills").replace("[B2]", "[D2]"), 7, "days[0].mapped.D2", "not next to A1"),
    (DAY1.replace("moved: [B2]", "moved: [C2]"), 8, "days[0].moved[0]", "not next to A1"),
    (DAY1.replace("moved: [B2]", "moved: [B1]"), 8, "days[0].moved[0]", "not mapped yet"),
    (DAY1.replace("food: 5", "food: 7"), 9, "days[0].resources.food", "above 6"),
    (DAY1.replace("food: 5", "food: -1"), 9, "days[0].resources.food", "below 0"),
    (DAY1.replace("food: 5", "food: lots"), 9, "days[0].resources.food", "whole number"),
    (DAY1.replace("food: 5", "gold: 5"), 9, "days[0].resources.gold", "unknown resource"),
    (DAY1 + "    marks: [{village: C3}]\n", 10, "days[0].marks[0].village", "party was not at C3"),
    (DAY1 + "    marks: [{trail: [A1, C3]}]\n", 10, "days[0].marks[0].trail", "not neighbours"),
    (DAY1 + "    marks: [{cataract: [A1, B2]}]\n", 10, "days[0].marks[0].cataract", "A1 is not on the river"),
    (DAY1 + "    marks: [{interest: {hex: B2, result: gold}}]\n", 10, "days[0].marks[0].interest.result",
     "not an interest"),
    (DAY1 + "    marks: [{lagos-de-oro: [C1, C2, D1]}]\n", 10, "days[0].marks[0].lagos-de-oro",
     "comes from an Interests roll"),
    (DAY1 + "    marks: [{volcano: B2}]\n", 10, "days[0].marks[0].volcano", "unknown mark"),
    (DAY1 + "    fever: struck\n", 10, "days[0].fever", "immune"),
    (DAY1 + "    journal: true\n", 10, "days[0].journal", "must be text"),
    (DAY1 + "    weather: fine\n", 10, "days[0].weather", "unknown day field"),
    (DAY1 + "outcome: {result: won, score: 8}\n", 10, "outcome.result", "not over"),
])
def test_each_rule_names_line_and_field(tmp_path, body, line, field, what):
    found = problems(tmp_path, body)
    assert any(p.startswith(f"{tmp_path / 'game.yaml'}:{line}: {field}: ") and what in p for p in found), found


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    body = DAY1.replace("food: 5", "food: 9").replace("B2: hills", "B2: sand") + "    marks: [{volcano: B2}]\n"
    found = " ".join(problems(tmp_path, body))
    for what in ("'sand' is not a terrain", "9 is above 6", "unknown mark"):
        assert what in found


def test_trails_let_two_moves_and_cataracts_block(tmp_path):
    body = """  - day: 1
    moved: [A2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
  - day: 2
    mapped: {B2: hills}
    moved: [B2]
    resources: {food: 4, movement: 0}
"""  # the printed cataract between A2 and B2 (the engine's travel step refuses it)
    assert problems(tmp_path, body.replace("B2", "B3")) == []
    assert any("days[1].moved[0]: a cataract blocks the way between A2 and B2" in p for p in problems(tmp_path, body))
    two = DAY1.replace("moved: [B2]", "moved: [B2, C2]").replace("B2: hills", "B2: hills, C2: hills")
    assert any("2 moves in a day" in p for p in problems(tmp_path, two))


def test_outcome_and_score_must_match_the_rules(tmp_path):
    path = EXAMPLES / "1572-the-delta-by-grace.yaml"
    played = load_played(path)
    assert played.result == "won"
    text = path.read_text(encoding="utf-8")
    bad = text.replace(f"score: {played.total}}}", f"score: {played.total + 3}}}")
    assert bad != text
    target = tmp_path / "g.yaml"
    target.write_text(bad, encoding="utf-8")
    found = check_save_file(target)
    assert len(found) == 1 and f"recorded {played.total + 3}, but the rules give {played.total}" in found[0]
    terms = dict(played.score)
    assert terms["hexes mapped"] == len(played.mapped_on)
    assert terms["conquistadors"] == dict(played.days[-1].resources)["conquistadors"]
    lost = text.replace("result: won", "result: lost")
    target.write_text(lost, encoding="utf-8")
    assert any("recorded as lost, but the game was won" in p for p in check_save_file(target))


def test_no_day_may_follow_the_end(tmp_path):
    path = EXAMPLES / "1572-the-delta-by-grace.yaml"
    text = path.read_text(encoding="utf-8")
    last = len(load_played(path).days)
    extra = text.replace("outcome:", f"  - day: {last + 1}\n    resources: {{food: 1}}\noutcome:")
    target = tmp_path / "g.yaml"
    target.write_text(extra, encoding="utf-8")
    assert any("the game was over on day" in p for p in check_save_file(target))


def test_json_saves_report_lines_too(tmp_path):
    data = {"format": "lostprint-save/1", "game": "lost-expedition", "setup": {"expedition": "doctor"},
            "days": [{"day": 1, "mapped": {"B2": "hills"}, "moved": ["B2"],
                      "resources": {"conquistadors": 6, "muskets": 6, "food": 5, "morale": 9, "movement": 1}}]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    found = check_save_file(path)
    assert len(found) == 1
    line = next(i for i, text in enumerate(json.dumps(data, indent=2).splitlines(), 1) if '"morale": 9' in text)
    assert found[0].startswith(f"{path}:{line}: days[0].resources.morale: 9 is above 6")


@pytest.mark.parametrize("content, what", [
    (b"\x00\x01\x02binary", "binary"),
    (b"\xff\xfe bad", "not UTF-8"),
    (b"", "empty"),
    (b"just text", "a save is a mapping"),
    (b"format: lostprint-save/1\ngame: chess\ndays: []\n", "unknown game"),
])
def test_malformed_files_give_one_clear_line(tmp_path, content, what):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    found = check_save_file(path)
    assert found and what in found[0]


def test_directory_and_missing_and_huge(tmp_path):
    assert "is a directory" in check_save_file(tmp_path)[0]
    assert "no such file" in check_save_file(tmp_path / "nope.yaml")[0]
    big = tmp_path / "big.yaml"
    big.write_text("journal: " + "x" * 2_100_000, encoding="utf-8")
    assert "too large" in check_save_file(big)[0]


def test_render_refuses_a_bad_save_without_traceback_or_file(tmp_path):
    path = save(tmp_path, DAY1.replace("food: 5", "food: 9"))
    out = tmp_path / "out.pdf"
    result = run_cli("render", path, "-o", out)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "food: 9 is above 6" in result.stderr
    assert not out.exists()
    result = run_cli("render", tmp_path, "-o", out)
    assert result.returncode == 1 and "directory" in result.stderr and not out.exists()


def test_a_written_save_keeps_a_title_that_ends_in_dots():
    from lostprint.saves.emit import to_yaml

    data = {"format": "lostprint-save/1", "game": "1572", "title": "And then...", "player": "...",
            "days": [{"day": 1, "resources": {"food": 5}, "journal": "We left..."}]}
    back = parse_yaml(to_yaml(data), "t.yaml")
    assert (back["title"], back["player"], back["days"][0]["journal"]) == ("And then...", "...", "We left...")
