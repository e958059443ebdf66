"""The save format is described once (lostprint.saves.fields_*): the JSON Schema and the editor's
forms are both built from each game's description, which reads every number and list from the game's
data. A copy of the data with other dice, letters, terrains or caps gives a schema and forms that say
so; schema and forms agree on every mark kind and day field; and neither types a number of its own."""
from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

from lostprint.app.registry import part
from lostprint.edit.drawing import game_map
from lostprint.edit.forms import forms
from lostprint.games import load, resolve
from lostprint.saves.games import rules_module
from lostprint.saves.schema import save_schema
from lostprint.saves.validate import DAY_FIELDS

ROOT = Path(__file__).resolve().parents[1]
LOST = ("lost-expedition", "lost-crew", "lost-crows")
BUILT_FROM_DATA = ("lostprint/saves/schema.py", "lostprint/edit/forms.py", "lostprint/saves/fields_common.py",
                   "lostprint/saves/fields_1572.py",
                   "lostprint/saves/fields_1672.py", "lostprint/saves/fields_1872.py")


def page_forms(game) -> dict:
    info = resolve(game.id)
    return forms(game.id, game, game_map(info, "standard", "test", False), rules_module(game.id), part(info, "engine"))


def game_part(schema: dict, game_id: str) -> dict:
    """The day properties the schema adds for saves of one game."""
    for branch in schema["allOf"]:
        if re.fullmatch(branch["if"]["properties"]["game"]["anyOf"][1]["pattern"], game_id):
            return branch["then"]["properties"]["days"]["items"]["properties"]
    raise KeyError(game_id)


def listed(spec: dict) -> list:
    """A choice's options as the schema lists them (any other spelling the validator reads: its pattern)."""
    return spec["anyOf"][0]["enum"]


def mark_schemas(day: dict) -> dict:
    return {k: v for item in day["marks"]["items"]["oneOf"] for k, v in item["properties"].items()}


def with_trackers_at(game, maximum: int):
    return replace(game, trackers=tuple(replace(t, maximum=maximum) for t in game.trackers))


# --- a changed copy of a game's data changes the schema and the forms -------------------------------


def test_1872_dice_letters_terrains_and_caps_come_from_the_data():
    game = load("lost-crows")
    rules = game.rules
    changed = with_trackers_at(replace(game, terrains=game.terrains[:2], rules=replace(
        rules, plot_letters=rules.plot_letters + "F", plot_die=rules.plot_die + 2, die_faces=rules.die_faces + 3,
        spirit_dancers=rules.spirit_dancers + 1)), max(t.maximum for t in game.trackers) + 4)
    for data in (game, changed):
        day = game_part(save_schema((data,)), "lost-crows")
        plot = mark_schemas(day)["plot"]["properties"]
        terrains = [t.key for t in data.terrains]
        cap = max(t.maximum for t in data.trackers)
        assert listed(plot["letter"]) == list(data.rules.plot_letters)
        assert plot["roll"]["maximum"] == day["vision"]["properties"]["roll"]["maximum"] == data.rules.plot_die
        assert day["rolls"]["properties"]["units"]["items"]["maximum"] == data.rules.die_faces
        written = terrains + [s for t in data.terrains for s in t.spellings if s != t.key]  # Mountains, mountain
        assert listed(day["crows"]["items"]) == listed(day["vision"]["properties"]["terrain"]) == written
        assert day["spirit-dancers"]["maximum"] == data.rules.spirit_dancers
        assert day["caps"]["additionalProperties"]["maximum"] == cap
        assert {r["maximum"] for r in day["resources"]["properties"].values()} == {cap}

        page = page_forms(data)
        fields = {f["key"]: f for f in page["day"]}
        plot_roll = next(f for f in page["marks"][0]["fields"] if f["key"] == "roll")
        assert plot_roll["max"] == fields["vision"]["fields"][1]["max"] == data.rules.plot_die
        assert fields["crows"]["options"] == terrains
        assert fields["spirit-dancers"]["max"] == data.rules.spirit_dancers
        assert fields["caps"]["max"] == cap
    assert changed.rules.plot_letters != game.rules.plot_letters and changed.terrains != game.terrains


def test_1572_dice_and_lagos_de_oro_come_from_the_data():
    game = load("lost-expedition")
    changed = with_trackers_at(replace(game, rules=replace(game.rules, die_faces=game.rules.die_faces + 2,
                                                           lagos_hexes=game.rules.lagos_hexes + 1)), 9)
    for data in (game, changed):
        day = game_part(save_schema((data,)), "lost-expedition")
        faces = day["rolls"]["properties"]["planning"]["items"]["anyOf"]
        assert faces[0]["maximum"] == faces[1]["items"]["maximum"] == data.rules.die_faces
        lagos = mark_schemas(day)["lagos-de-oro"]
        assert lagos["minItems"] == lagos["maxItems"] == data.rules.lagos_hexes
        assert {r["maximum"] for r in day["resources"]["properties"].values()} == {t.maximum for t in data.trackers}
        marks = {m["kind"]: m for m in page_forms(data)["marks"]}
        assert marks["lagos-de-oro"]["count"] == data.rules.lagos_hexes


def test_1672_weather_crew_and_islands_come_from_the_data():
    game = load("lost-crew")
    crew = game.rules
    changed = replace(game, rules=replace(crew, weathers=crew.weathers[1:], sailors=crew.sailors + 1,
                                          large_hexes=crew.large_hexes + 1, island_bonus=crew.island_bonus[:2]))
    for data in (game, changed):
        day = game_part(save_schema((data,)), "lost-crew")
        weathers = [w.key for w in data.rules.weathers]
        sizes = [terrain.replace("-island", "") for terrain, _ in data.rules.island_bonus]
        assert listed(day["weather"]) == weathers
        assert listed(mark_schemas(day)["island"]["properties"]["size"]) == sizes
        page = page_forms(data)
        fields = {f["key"]: f for f in page["day"]}
        island = next(m for m in page["marks"] if m["kind"] == "island")
        assert fields["weather"]["options"] == weathers and fields["weather"]["carry"]
        assert len(fields["wounded"]["options"]) == data.rules.sailors
        assert island["hexes_of_size"] == {"large": data.rules.large_hexes}
        assert sorted(island["size_from_terrain"].values()) == sorted(sizes)


def test_the_game_aliases_come_from_the_registry():
    schema = save_schema()
    for game_id in LOST:
        plugin = resolve(game_id)
        names = [plugin.id, *plugin.aliases, plugin.title]  # and the number aliases unquoted (game: 1872)
        game = [b["if"]["properties"]["game"]["anyOf"] for b in schema["allOf"]]
        assert [g for g in game if all(re.fullmatch(g[1]["pattern"], n) for n in names)
                and g[0]["enum"] == [int(a) for a in plugin.aliases if a.isdigit()]]


# --- schema and forms agree ---------------------------------------------------------------------


def agree(spec: dict, form: dict, where: str) -> None:
    """A page widget offers only what the schema accepts, with the same range."""
    if form["type"] in ("choice", "multi") and "options_from" not in form:
        accepted = listed(spec.get("items", spec)) if "anyOf" in spec.get("items", spec) else None
        if accepted is not None:  # a loose choice: the schema takes any spelling, so any text
            assert set(form["options"]) <= set(map(str, accepted)), where
        else:
            assert spec.get("type") == "string", where
    elif form["type"] == "int":
        assert (form["min"], form["max"]) == (spec["minimum"], spec.get("maximum")), where
    elif form["type"] == "counts":
        names = spec["propertyNames"]  # the keys, or a pattern of the ways a save may write them (1872's caps)
        assert form["keys"] == names["enum"] if "enum" in names else all(re.match(names["pattern"], k)
                                                                          for k in form["keys"]), where
        limits = spec["additionalProperties"]
        assert (form["min"], form["max"]) == (limits["minimum"], limits["maximum"]), where
    elif form["type"] == "bool":
        assert spec["type"] == "boolean", where
    elif form["type"] == "group":
        for sub in form["fields"]:
            agree(spec["properties"][sub["key"]], sub, f"{where}.{sub['key']}")
    elif form["type"] == "hex":
        assert spec["pattern"], where


@pytest.mark.parametrize("game_id", LOST)
def test_schema_forms_and_validator_name_the_same_marks_and_day_fields(game_id):
    game = load(game_id)
    day = game_part(save_schema(), game_id)
    page = page_forms(game)
    rules = rules_module(game_id).RULES
    marks = mark_schemas(day)
    assert set(marks) == {m["kind"] for m in page["marks"]} == set(rules.mark_kinds)
    own = set(day) - set(DAY_FIELDS)
    assert own == {f["key"] for f in page["day"]} == set(rules.day_fields)
    for form in page["day"]:
        agree(day[form["key"]], form, form["key"])
    for form in page["marks"]:
        spec = marks[form["kind"]]
        if form["place"] == "hexes":
            assert spec["minItems"] == spec["maxItems"] == form["count"], form["kind"]
        elif form["place"] == "map":
            if form["hex_key"]:
                assert form["hex_key"] in spec["properties"], form["kind"]
            for sub in form["fields"]:
                if sub["key"] in spec["properties"]:
                    agree(spec["properties"][sub["key"]], sub, f"{form['kind']}.{sub['key']}")
                else:
                    assert sub["type"].startswith("plot-"), sub  # 1872's choice and outcome, picked per encounter


# --- no number typed in the modules built from the data -----------------------------------------------


def typed_numbers(text: str, name: str) -> list[str]:
    """Every integer literal but 0 and 1, unless its line says `# not a rule` and why."""
    lines = text.splitlines()
    return [f"{name}:{node.lineno}: {node.value}" for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Constant) and type(node.value) is int and node.value not in (0, 1)
            and "# not a rule" not in lines[node.lineno - 1]]


def test_schema_forms_and_descriptions_type_no_number_of_their_own():
    found = [n for rel in BUILT_FROM_DATA for n in typed_numbers((ROOT / rel).read_text(encoding="utf-8"), rel)]
    assert found == []


def test_the_number_finder_finds_a_typed_die_and_passes_a_marked_one():
    assert typed_numbers('ROLL = {"minimum": 1, "maximum": 6}', "x.py") == ["x.py:1: 6"]
    assert typed_numbers("PAIR = 2  # not a rule: two hexes make an edge", "x.py") == []
