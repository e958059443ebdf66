"""A game is read by every name a player may write for it (#23): its id, an alias or its printed title, in
any case, anything but letters and digits between the words, with or without its number and a leading
'The' -- by the validator, the CLI and the published schema alike (one derivation: lostprint.games)."""
import json
import re

import jsonschema
import pytest

from conftest import ROOT, run_cli
from lostprint.errors import UsageError
from lostprint.games import GAMES, named, names_pattern, resolve, spellings
from lostprint.validate import schema_text


def title_ways(plugin) -> list[str]:
    """Ways a hand-writer copies a game's title off its sheet or box."""
    title = plugin.title  # '1672: The Lost Crew'
    bare = title.split(": ", 1)[-1]  # 'The Lost Crew'
    short = bare.removeprefix("The ")  # 'Lost Crew'
    ways = [title, title.upper(), title.lower(), bare, bare.lower(), short, short.upper(), f"  {short} ",
            short.replace(" ", "_"), short.replace(" ", " - "), f"{plugin.number} {short}".strip(), f"the-{short}"]
    return list(dict.fromkeys(ways))


@pytest.mark.parametrize("plugin", GAMES, ids=lambda p: p.id)
def test_a_game_is_read_by_its_title_with_or_without_its_number_and_the(plugin):
    for way in title_ways(plugin) + [plugin.id, plugin.id.upper(), *plugin.aliases]:
        assert resolve(way) is plugin, way
        assert named(way) is plugin, way


def test_no_two_games_share_a_spelling_and_near_names_are_not_read():
    every = [form for g in GAMES for form in spellings(g)]
    assert len(every) == len(set(every))
    for text in ("lost", "the", "1999", "Lost Crewe", "lostcrew", "1572: The Lost Crew", "", "1672 1672"):
        assert named(text) is None, text
        with pytest.raises(UsageError, match="unknown game"):
            resolve(text)
    assert named(1672) is resolve("lost-crew") and named(True) is None


@pytest.mark.parametrize("plugin", GAMES, ids=lambda p: p.id)
def test_the_schema_pattern_matches_exactly_what_the_validator_reads(plugin):
    pattern = re.compile(names_pattern(plugin))
    tried = title_ways(plugin) + ["lost", "Lost Crewe", "1999", "the the lost crew", "1672: The Lost Crow"]
    tried += [w for g in GAMES for w in title_ways(g)]
    for text in tried:
        assert bool(pattern.fullmatch(text)) == (named(text) is plugin), text


def test_the_published_schema_gives_a_save_named_by_its_title_its_games_checks():
    schema = json.loads(schema_text("save"))
    save = {"format": "lostprint-save/1", "game": "1672: The Lost Crew",
            "days": [{"day": 1, "resources": {"water": 5}, "weather": "fair"}]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(save)) == []
    wrong = {**save, "days": [{**save["days"][0], "no-such-field": 1}]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(wrong))


def test_the_cli_takes_a_games_title(tmp_path):
    r = run_cli("sheet", "Lost Crew", "--format", "svg", "-o", tmp_path / "s.svg")
    assert r.returncode == 0, r.stderr
    r = run_cli("sheet", "The Lost Crowd", "-o", tmp_path / "t.pdf")
    assert r.returncode != 0 and "unknown game 'The Lost Crowd'" in r.stderr and "Traceback" not in r.stderr


def test_a_crows_record_named_by_its_title_is_a_crows_record(tmp_path):
    text = (ROOT / "examples" / "crows-3p.yaml").read_text()
    assert "game: crows\n" in text
    path = tmp_path / "crows.yaml"
    path.write_text(text.replace("game: crows\n", "game: The Crows\n"))
    r = run_cli("validate", path)
    assert r.returncode == 0, r.stdout + r.stderr


# --- a save's resources, by every name the sheet and the rules print for them ----------------------------

@pytest.mark.parametrize("game_id", ["lost-expedition", "lost-crew", "lost-crows"])
def test_a_resource_is_read_by_its_printed_name_and_in_points(game_id):
    """`Hull Points` (the rules' and the source sheet's word for the hull), `Movement Progress` (the tracker's
    printed name): each read as the resource, by the validator and the published schema alike."""
    from lostprint.games import load
    from lostprint.saves.validate import replay_data
    from test_saves_schema import one_day_save, refused
    data = one_day_save(game_id)
    data.pop("outcome", None)
    plain = replay_data(json.loads(json.dumps(data)), "plain.yaml")[0]
    for written in ("{name}", "{name} Points", "{name} point", "{NAME}_POINTS"):
        names = {t.key: written.format(name=t.name, NAME=t.name.upper()) for t in load(game_id).trackers}
        day = {**data["days"][0], "resources": {names[k]: v for k, v in data["days"][0]["resources"].items()}}
        written_data = {**data, "days": [day]}
        assert replay_data(json.loads(json.dumps(written_data)), "plain.yaml")[0] == plain, written
        assert refused(written_data) == [], written
    day = {**data["days"][0], "resources": {"Points": 1}}
    assert refused({**data, "days": [day]}) and replay_data({**data, "days": [day]}, "x.yaml")[0]


# --- a day's rolls, keyed as the sheet prints the phases, a roll of one die written alone ------------------

def as_printed(data: dict, single: set) -> dict:
    """A save with each day's roll keys written as the sheet prints the phases (`Native Contact`, `Scan`) and
    each roll of one die (`single`: its keys) that is a list of one written alone (`drift: 4` for `[4]`)."""
    days = []
    for day in data["days"]:
        rolls = {key.replace("-", " ").title(): faces[0] if key in single and len(faces) == 1 else faces
                 for key, faces in day.get("rolls", {}).items()}
        days.append({**day, "rolls": rolls} if "rolls" in day else day)
    return {**data, "days": days}


@pytest.mark.parametrize("game_id,folder", [("lost-expedition", "1572"), ("lost-crew", "1672"), ("lost-crows", "1872")])
def test_rolls_keyed_as_printed_and_one_die_alone_read_alike_by_validate_and_the_schema(game_id, folder):
    from lostprint.games import load
    from lostprint.saves.games import save_fields
    from lostprint.saves.validate import replay_data
    from test_saves_schema import REVIEW, as_json, refused
    rolls = next(f for f in save_fields(load(game_id))["day"] if f["key"] == "rolls")
    single = {f["key"] for f in rolls["fields"] if f.get("single")}
    assert single  # every game rolls a chart on one die (1572: Native Contact near an Advanced Empire)
    saves = [p for p in sorted((REVIEW / folder).rglob("*.yaml")) if "rolls:" in p.read_text(encoding="utf-8")
             and "map:" not in p.read_text(encoding="utf-8").replace("map: standard", "")][:12]
    assert len(saves) >= 6
    changed = 0
    for path in saves:
        data = as_json(path)
        printed = as_printed(data, single)
        changed += printed != data
        found, before = replay_data(printed, str(path))[0], replay_data(data, str(path))[0]
        assert len(found) == len(before) and (found == []) == (before == []), path  # a field named as written
        if path.name.endswith(("-good.yaml", ".ok.yaml")):
            assert refused(printed) == [], path
    assert changed >= 6
    if single:  # a roll of more than one die written alone is no roll: refused by both
        key = next(f["key"] for f in rolls["fields"] if f["key"] not in single)
        data = as_printed(as_json(next(p for p in saves if p.name.endswith(("-good.yaml", ".ok.yaml")))), single)
        data["days"][0]["rolls"] = {**data["days"][0].get("rolls", {}), key: 3}
        assert refused(data) and replay_data(data, "x.yaml")[0]
