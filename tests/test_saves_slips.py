"""What the save validator says of a hand-writer's slips, for every Lost game: one slip in a `moved:` or
`mapped:` line is one problem (the days after are checked from what the save records, not refused again
for where the slip left the walk); the names a hand-writer writes (any case, a tracker's printed name,
British spelling) are read, and a real typo is refused with what it most likely meant; a Lagos de Oro's
hexes, which score as one, are said in the summary; and a refused day's log is shown whole."""
import json
from pathlib import Path

import yaml

from lostprint.saves.rules import Problems
from lostprint.saves.validate import At, check_save_file, load_played, replay_data, summary_of

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {"1572": ROOT / "examples" / "1572-the-delta-by-grace.yaml",
            "1672": ROOT / "examples" / "1672-the-salt-road-home.yaml",
            "1872": ROOT / "examples" / "1872-the-long-way-north.yaml"}
REVIEW = ROOT / "tests" / "data" / "review" / "1572"


def _changed(tmp_path, game: str, change) -> list[str]:
    save = yaml.safe_load(EXAMPLES[game].read_text(encoding="utf-8"))
    change(save["days"])
    path = tmp_path / f"{game}.yaml"
    path.write_text(yaml.safe_dump(save, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return check_save_file(path)


def _day(days, number):
    return next(d for d in days if d["day"] == number)


def test_a_misspelled_terrain_is_one_problem_and_the_replay_goes_on_with_the_terrain_meant(tmp_path):
    # before: 30, 3 and 51 problems (the hex left unmapped: entering it, and every day after, refused)
    for game, number, label in (("1572", 7, "E3"), ("1672", 3, "G5"), ("1872", 3, "J7")):
        def typo(days):
            mapped = _day(days, number)["mapped"]
            mapped[label] += "x"
        found = _changed(tmp_path, game, typo)
        assert len(found) == 1, (game, found)
        assert f"mapped.{label}: " in found[0] and "is not a terrain of this game" in found[0], found
        assert "did you mean " in found[0], found


def test_a_route_that_skips_a_hex_is_one_problem_the_days_after_start_where_it_ends(tmp_path):
    def skip(days):  # day 22 went D1, E1: written as E1 alone (27 problems before)
        _day(days, 22)["moved"] = ["E1"]
    found = _changed(tmp_path, "1872", skip)
    assert len(found) == 1 and "days[21].moved[0]: E1 is not next to C1" in found[0], found


def test_a_misspelled_route_end_is_one_problem_the_next_day_starts_where_the_route_goes_on(tmp_path):
    def typo(days):  # day 3 went B2 to C2: written D2, not next to B2 (6 problems before: each day after from B2)
        _day(days, 3)["moved"] = ["D2"]
    found = _changed(tmp_path, "1572", typo)
    assert len(found) == 1 and "days[2].moved[0]: D2 is not next to B2" in found[0], found


def test_a_wrong_route_end_refuses_that_day_and_no_day_after_for_where_it_stood(tmp_path):
    def wrong(days):  # day 3 ends at F6, which the sloop reaches only on day 4
        _day(days, 3)["moved"] = ["F6"]
    found = _changed(tmp_path, "1672", wrong)
    assert "days[2].moved[0]: F6 is not next to H7" in found[0], found
    assert not any("not next to H7" in line for line in found[1:]), found  # 9 before, 5 of them this line again


def test_resources_and_setup_are_read_as_a_hand_writer_writes_them(tmp_path):
    def named(days):
        days[0]["resources"] = {"Conquistadors": 6, "MUSKETS": 6, "Food": 5, "morale": 6, "Movement Progress": 1}
    assert _changed(tmp_path, "1572", named) == []
    save = (REVIEW / "archeology-follows-a-mission-trail-good.yaml").read_text(encoding="utf-8")
    assert "expedition: archeology" in save
    (tmp_path / "british.yaml").write_text(save.replace("expedition: archeology", "expedition: Archaeology"),
                                           encoding="utf-8")
    assert check_save_file(tmp_path / "british.yaml") == []


def test_resources_named_by_hand_in_a_plain_mapping_as_the_editor_sends_it():
    save = json.loads(json.dumps(yaml.safe_load(EXAMPLES["1572"].read_text(encoding="utf-8"))))
    save["days"][0]["resources"] = {"Conquistadors": 6, "muskets": 6, "Food": 5, "morale": 6, "Movement Progress": 1}
    assert replay_data(save, "s.json")[0] == []  # a traceback before the lines were looked up with getattr


def test_a_real_typo_is_still_refused_with_what_it_most_likely_meant(tmp_path):
    def typo(days):
        days[0]["resources"] = {"conquistadors": 6, "muskets": 6, "fod": 5, "morale": 6, "movement": 1}
    found = _changed(tmp_path, "1572", typo)
    assert len(found) == 1 and "days[0].resources.fod: unknown resource" in found[0], found
    assert found[0].endswith("did you mean food?"), found

    def twice(days):
        days[0]["resources"] = {"conquistadors": 6, "muskets": 6, "food": 5, "Food": 5, "morale": 6, "movement": 1}
    found = _changed(tmp_path, "1572", twice)
    assert len(found) == 1 and "resources.Food: food is written twice" in found[0], found
    save = (REVIEW / "archeology-follows-a-mission-trail-good.yaml").read_text(encoding="utf-8")
    (tmp_path / "typo.yaml").write_text(save.replace("expedition: archeology", "expedition: archeolgy"),
                                        encoding="utf-8")
    found = check_save_file(tmp_path / "typo.yaml")
    assert len(found) == 1 and "setup.expedition: 'archeolgy' is not one of" in found[0], found
    assert found[0].endswith("did you mean archeology?"), found


def test_the_summary_says_lagos_de_oros_hexes_count_as_one():
    played = load_played(REVIEW / "lagos-de-oro-comes-from-its-roll-good.yaml")
    assert summary_of(played).endswith("3 hexes mapped (Lagos de Oro's 3 count as one), score 1")
    assert "count as one" not in summary_of(load_played(EXAMPLES["1572"]))


def test_a_refused_days_log_is_shown_whole_on_its_one_line():
    found = check_save_file(REVIEW / "hand" / "five-charts-one-day-bad.yaml")  # cut at 400 characters before
    assert len(found) == 1 and "\n" not in found[0], found
    assert found[0].endswith("peaceful-village at B2; hunting: [1, 2] +2 = 5)"), found
    problems = Problems("f.yaml")
    problems.add(At(3, "days[0]"), "word " * 5_000)  # still bounded
    assert len(problems.lines()[0]) < 5_000


def test_a_misspelled_choice_gathered_key_or_mark_kind_is_told_the_name_it_most_likely_meant(tmp_path):
    # docs/formats/saves.md: a misspelled name is refused with "did you mean ...?" (before: terrains only)
    def weather(days):
        _day(days, 1)["weather"] = "Fair Wether"

    def size(days):
        _day(days, 2)["marks"][0]["island"]["size"] = "smal"

    def gathered(days):
        day = next(d for d in days if "gathered" in d)
        day["gathered"] = {"watr" if k == "water" else k: v for k, v in day["gathered"].items()}

    def village(days):
        _day(days, 1)["marks"][0] = {"vilage": "A1"}

    for game, change, meant in (("1672", weather, "fair"), ("1672", size, "small"), ("1672", gathered, "water"),
                                ("1572", village, "village")):
        found = _changed(tmp_path, game, change)
        assert any(f"did you mean {meant}" in p for p in found), (game, meant, found)


def test_a_setup_key_written_as_the_sheet_prints_it_is_read_as_its_key(tmp_path):
    # before: two problems ("unknown setup choice", and the expedition missing) for one capitalised key
    save = yaml.safe_load(EXAMPLES["1572"].read_text(encoding="utf-8"))
    save["setup"] = {k.capitalize(): v for k, v in save["setup"].items()}
    path = tmp_path / "1572.yaml"
    path.write_text(yaml.safe_dump(save, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert check_save_file(path) == []
