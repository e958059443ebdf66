"""`lostprint schema save` describes a Crows record too: its part comes from the record reader
(lostprint.crows.record.record_schema), and a save naming `game: crows` is checked by it. The docs'
Crows example, the example game and every legal record of the review set match it; the shapes the
reader refuses are refused by the schema as well; the Lost games' saves are checked as before."""
import copy
import functools
import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import run_cli
from lostprint.crows.record import TOP_FIELDS, TURN_FIELDS, check_record_data
from lostprint.files import load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "crows-3p.yaml"
GOOD = sorted((ROOT / "tests" / "data" / "review" / "crows").rglob("*-good.yaml"))


@functools.cache
def schema() -> dict:
    done = run_cli("schema", "save")
    assert done.returncode == 0, done.stderr
    published = json.loads(done.stdout)
    jsonschema.Draft202012Validator.check_schema(published)
    return published


def errors(data) -> list[str]:
    return [e.message for e in jsonschema.Draft202012Validator(schema()).iter_errors(json.loads(json.dumps(data)))]


def docs_example() -> dict:
    """The Crows record shown in docs/formats/saves.md (its start cut short, as the page says)."""
    page = (ROOT / "docs" / "formats" / "saves.md").read_text(encoding="utf-8")
    part = page[page.index("## Crows records"):]
    return yaml.safe_load(re.search(r"```yaml\n(.*?)```", part, re.DOTALL).group(1))


def test_the_docs_crows_example_matches_the_published_schema():
    data = docs_example()
    assert data["game"] == "crows"
    assert errors(data) == []


def test_the_schema_says_a_crows_record_has_its_own_shape():
    assert "A Crows record (`game: crows`) has its own shape" in schema()["description"]
    crows = schema()["then"]
    assert tuple(crows["properties"]) == TOP_FIELDS
    turn = crows["properties"]["rounds"]["items"]["items"]
    assert tuple(turn["properties"]) == TURN_FIELDS


@pytest.mark.parametrize("path", [EXAMPLE, *GOOD], ids=lambda p: p.stem)
def test_every_record_validate_accepts_matches_it(path):
    data = load(path)
    assert check_record_data(copy.deepcopy(data), path.name)[0] == []
    assert errors(data) == []


@pytest.mark.parametrize("change, field", [
    (lambda d: d["rounds"][0][0].update(totem="B2"), "totem"),  # a hex label, not a square
    (lambda d: d["rounds"][0][0].update(spell={"name": "teleport", "from": [0, 0], "target": [1, 1]}), "count"),
    (lambda d: d["rounds"][0][0].update(spell={"name": "drain", "target": [1, 1]}), "target"),
    (lambda d: d["rounds"][0][0].update(scatter="up"), "up"),
    (lambda d: d["rounds"][0][0].update(weather="fair"), "weather"),
    (lambda d: d["players"].append({"name": "Dee", "color": "green"}), "green"),
    (lambda d: d.update(outcome={"result": "won", "score": 40}), "result"),
    (lambda d: d.update(days=[{"day": 1, "resources": {}}]), "days"),
    (lambda d: d.update(map={"seed": -1}), "map"),
    (lambda d: d["start"][0].pop("tile"), "tile"),
])
def test_a_shape_the_reader_refuses_is_refused(change, field):
    data = json.loads(json.dumps(load(EXAMPLE)))
    change(data)
    assert check_record_data(copy.deepcopy(data), "x.yaml")[0], field  # the reader refuses it
    assert errors(data), field


def test_names_are_read_in_any_case_as_the_reader_reads_them():
    data = json.loads(json.dumps(load(EXAMPLE)))
    data["game"] = "Crows"
    data["players"][0]["color"] = "Purple"
    data["rounds"][0][0]["scatter"] = "north"
    data["rounds"][0][1]["spell"] = "Drain"
    assert errors(data) == []


def test_a_lost_game_save_is_checked_as_before():
    data = json.loads(json.dumps(load(ROOT / "examples" / "1572-the-delta-by-grace.yaml")))
    assert errors(data) == []
    data["days"][0]["weather"] = "fair"  # a 1672 field in a 1572 save
    assert errors(data)


TILE_FIELDS = {  # where a record names a tile type: a starting tile, a turn's tile, Landfall's, the tile set's keys
    "start": lambda d, name: d["start"][0].update(tile=name),
    "turn": lambda d, name: d["rounds"][0][0].update(tile=name),
    "landfall": lambda d, name: d["rounds"][0][0].update(spell={"name": "landfall", "tile": name, "at": [9, 9]}),
    "tiles": lambda d, name: d.update(tiles={name: 3}),
}


@pytest.mark.parametrize("where", TILE_FIELDS)
@pytest.mark.parametrize("name", ["volcano", "gem", "trees-4", "Queen's Tower", "nightfall"])
def test_a_tile_name_the_reader_does_not_take_is_refused(where, name):
    """The tile names come from the game data (the reader's aliases of lostprint.games.crows), not any string;
    Nightfall is never a map tile, in a turn or in the tile set."""
    data = json.loads(json.dumps(load(EXAMPLE)))
    TILE_FIELDS[where](data, name)
    assert check_record_data(copy.deepcopy(data), "x.yaml")[0], (where, name)  # the reader refuses it
    assert errors(data), (where, name)


@pytest.mark.parametrize("where", TILE_FIELDS)
@pytest.mark.parametrize("name", ["Gem Cave", "GEM_CAVE", " gem-cave ", "Mana Ley Line", "Ley", "Lava Pool",
                                  "Queen's Totem", "Queen\u2019s totem", "queens-totem", "Trees (2 crows)",
                                  "trees 3", "1 crow trees", "Carrion Paradise", "barrens"])
def test_every_tile_name_the_reader_takes_is_taken(where, name):
    data = json.loads(json.dumps(load(EXAMPLE)))
    TILE_FIELDS[where](data, name)
    assert errors(data) == [], (where, name)
