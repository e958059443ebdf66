"""The published JSON Schema of saves: a valid schema that accepts every example and rejects the shapes
the validator rejects."""
import functools
import json
import re
from pathlib import Path

import jsonschema
import pytest

from conftest import run_cli
from lostprint.errors import UsageError
from lostprint.files import load as load_file
from lostprint.files.fields import At, Problems, Reader
from lostprint.files.parse import parse_yaml
from lostprint.games import load, resolve
from lostprint.saves.fields_common import spelled, spelling
from lostprint.saves.fields_read import read
from lostprint.saves.games import rules_module, save_fields
from lostprint.saves.rules import slug
from lostprint.saves.schema import save_schema, shape_schema
from lostprint.validate import schema_text

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("1[568]72-*.yaml"))


@functools.cache
def validator():
    """The schema, checked against its meta-schema once for the module (the validator keeps no state)."""
    schema = save_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_examples_match_the_schema(example):
    data = json.loads(json.dumps(load_file(example)))
    assert list(validator().iter_errors(data)) == []


def test_schema_rejects_wrong_shapes():
    v = validator()
    data = json.loads(json.dumps(load_file(EXAMPLES[0])))
    bad = json.loads(json.dumps(data))
    bad["days"][0]["marks"] = [{"volcano": "B2"}]
    assert list(v.iter_errors(bad))
    bad = json.loads(json.dumps(data))
    bad["format"] = "lostprint-save/2"
    assert list(v.iter_errors(bad))
    bad = json.loads(json.dumps(data))
    bad["days"][0]["weather"] = "fair"  # a 1672 field in a 1572 save
    assert list(v.iter_errors(bad))


def test_schema_command_prints_it():
    result = run_cli("schema", "save")
    if result.returncode != 0 and "No such command" in result.stderr:
        pytest.skip("the schema command is wired by the lead")
    assert result.returncode == 0 and json.loads(result.stdout)["title"].startswith("lostprint saved game")


# --- every save the validator accepts, the published schema accepts --------------------------------

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "tests" / "data" / "review"
LOST = {"lost-expedition": "1572", "lost-crew": "1672", "lost-crows": "1872"}


@functools.cache
def published():
    """The schema `lostprint schema save` prints, checked by the validator class its $schema names."""
    schema = json.loads(schema_text("save"))
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


@functools.cache  # each save parsed once for the module (read, never changed)
def as_json(path: Path):
    return json.loads(json.dumps(parse_yaml(path.read_text(encoding="utf-8"), str(path))))


def legal_saves(folder: Path) -> list[Path]:
    """The saves a review set says are legal: each finding's good (or .ok) twin, by script and by hand."""
    return sorted(p for p in folder.rglob("*.yaml") if p.name.endswith(("-good.yaml", ".ok.yaml")))


def docs_saves() -> list:
    """The saves shown in docs/formats/saves.md (the Shared fields example and the Crows record)."""
    page = (ROOT / "docs" / "formats" / "saves.md").read_text(encoding="utf-8")
    return [parse_yaml(block, "saves.md") for block in re.findall(r"```yaml\n(.*?)```", page, re.DOTALL)
            if block.startswith("format: lostprint-save/1")]


def refused(data) -> list[str]:
    data = json.loads(json.dumps(data))
    return [f"{e.json_path}: {e.message[:200]}" for e in published().iter_errors(data)]


@pytest.mark.parametrize("folder", sorted(p.name for p in REVIEW.iterdir() if p.is_dir()))
def test_every_legal_save_of_a_review_set_matches_the_published_schema(folder):
    saves = legal_saves(REVIEW / folder)
    assert len(saves) > 20
    found = {p.relative_to(REVIEW).as_posix(): refused(as_json(p)) for p in saves}
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_examples_and_the_docs_saves_match_the_published_schema():
    saves = [as_json(p) for p in sorted((ROOT / "examples").glob("*.yaml"))] + docs_saves()
    assert len(saves) >= 6
    assert [refused(data) for data in saves if refused(data)] == []


def written_ways(name: str) -> list[str]:
    """Ways a player may write a name the validator reads (not all of them read: each is checked against
    the validator's own table first): its cases, its separators, British spellings."""
    words = name.replace("_", " ").replace("-", " ").split()
    ways = [name, name.upper(), name.lower(), name.title(), " ".join(words).title(), "_".join(words),
            "-".join(words).upper(), f"  {' '.join(words)} ", "__".join(w.capitalize() for w in words)]
    british = [(r"archeolog", "archaeolog"), (r"or\b", "our"), (r"iz(e|ing)\b", r"is\1"), (r"ter\b", "tre"),
               (r"e", "ae")]
    ways += [re.sub(pattern, british_form, way, count=1) for way in ways[:2] for pattern, british_form in british]
    return list(dict.fromkeys(ways))


def one_day_save(game_id: str) -> dict:
    """A legal save of the game, cut to its first day."""
    data = as_json(next((ROOT / "examples").glob(f"{LOST[game_id]}-*.yaml")))
    return {**data, "days": data["days"][:1]}


def mark_places(game_id: str) -> dict:
    """A place each mark kind of the game is written with in a legal save of the review set."""
    out: dict = {}
    names = rules_module(game_id).RULES.mark_names  # (a kind written by the name its sheet prints: Advanced Empire)
    for path in legal_saves(REVIEW / LOST[game_id]):
        for day in as_json(path)["days"]:
            for mark in day.get("marks", ()):
                (kind, place), = mark.items()
                out.setdefault(names.get(slug(kind), slug(kind)), place)
    return out


@pytest.mark.parametrize("game_id", LOST)
def test_every_spelling_the_validator_reads_the_schema_accepts(game_id):
    """Resources (`Food`, `Movement Progress`), terrains, mark kinds (`Peaceful Village`) and setup choices
    written any way `lostprint validate` reads them are accepted by the schema; a real slip is refused."""
    game, rules = load(game_id), rules_module(game_id).RULES
    save, day = one_day_save(game_id), one_day_save(game_id)["days"][0]
    resources = spelled({w: r.key for r in rules.resources(game) for w in (r.key, r.name)})
    terrains = spelled({s: t.key for t in game.terrains for s in t.spellings})
    places = {kind: "B3" for kind in rules.mark_kinds} | mark_places(game_id)  # B3: a kind no save holds (shoals)
    assert set(places) == set(rules.mark_kinds)
    tried = 0
    for resource in rules.resources(game):
        for way in written_ways(resource.key) + written_ways(resource.name):
            if spelling(way) in resources:
                tried += 1
                assert refused({**save, "days": [{**day, "resources": {way: 0}}]}) == [], way
    for terrain in game.terrains:
        for way in (w for s in terrain.spellings for w in written_ways(s)):
            if spelling(way) in terrains:
                tried += 1
                assert refused({**save, "days": [{**day, "mapped": {"Z9": way}}]}) == [], way
    for kind, place in places.items():
        names = [kind, *(name for name, named in rules.mark_names.items() if named == kind)]  # Advanced Empire
        for way in (w for name in names for w in written_ways(name)):
            if rules.mark_names.get(slug(way), slug(way)) in rules.mark_kinds:
                tried += 1
                assert refused({**save, "days": [{**day, "marks": [{way: place}]}]}) == [], way
    for key, allowed in rules.setup_fields.items():
        choices = spelled({**{a: a for a in allowed or ()}, **rules.setup_aliases})
        for way in (w for a in allowed or () for w in written_ways(a)):
            if spelling(way) in choices:
                tried += 1
                assert refused({**save, "setup": {**save.get("setup", {}), key: way}}) == [], way
    assert tried > 40
    for slip in ("Fod", "movement progres", "foodfood"):
        assert refused({**save, "days": [{**day, "resources": {slip: 0}}]}), slip
    kind = next(iter(rules.mark_kinds))
    assert refused({**save, "days": [{**day, "marks": [{kind + "x": places[kind]}]}]})
    assert refused({**save, "days": [{**day, "marks": [{kind.upper(): "not a place"}]}]})


def named_shapes(shape: dict, where: str):
    """Each choice (or list of choices) of fixed options inside a save-field shape, with its place."""
    if shape["type"] in ("choice", "multi") and not shape.get("loose") and not shape.get("options_from"):
        yield where, shape
    for sub in shape.get("fields", ()):
        yield from named_shapes(sub, f"{where}.{sub['key']}")
    if shape["type"] == "list":
        yield from named_shapes(shape["item"], f"{where}[]")


@pytest.mark.parametrize("game_id", LOST)
def test_every_spelling_of_a_choice_the_validator_reads_the_schema_accepts(game_id):
    """A day field's or a mark's choice written as its option, its label or the terrain it colours, in any
    case (`Fair Weather`, `STORM`, `large-island`, `FOREST`): read by the validator, accepted by the schema."""
    described = save_fields(load(game_id))
    tried = 0
    for top in described["day"] + described["marks"]:
        for where, shape in named_shapes(top, top.get("key") or top.get("kind")):
            node = shape_schema(shape)
            check = jsonschema.Draft202012Validator(node["items"] if shape["type"] == "multi" else node)
            words = [*shape["options"], *shape.get("labels", ()), *shape.get("terrain_of", {}).values(),
                     *shape.get("aliases", ())]
            for way in (w for word in words for w in written_ways(word)):
                problems = Problems("save.yaml")
                value = [way] if shape["type"] == "multi" else way
                if read(Reader(problems), shape, value, At(1, where)) is not None and not problems.items:
                    tried += 1
                    assert check.is_valid(way), (where, way)
            assert not check.is_valid(shape["options"][0] + "x"), where
    assert tried > 15


@pytest.mark.parametrize("game_id", LOST)
def test_every_way_the_validator_reads_game_gets_that_games_checks(game_id):
    """`game: Lost-Crows`, ` LOST-CROWS `, `1872` (quoted or not): each spelling the validator reads as the game
    (lostprint.games.resolve) brings the game's own checks (its day fields), not only the exact id."""
    plugin = resolve(game_id)
    ways = [w for name in (plugin.id, *plugin.aliases) for w in written_ways(name)]
    ways += [int(a) for a in plugin.aliases if a.isdigit()]
    tried = 0
    for way in ways:
        try:
            assert resolve(way) is plugin
        except UsageError:
            continue  # not read as the game: the schema may say what it likes
        tried += 1
        data = one_day_save(game_id)
        assert refused({**data, "game": way}) == [], way
        day = {**data["days"][0], "no-such-field": 1}
        assert refused({**data, "game": way, "days": [day]}), way
    assert tried >= 5


def test_a_rolls_key_by_its_printed_name_and_a_mark_key_in_another_case_match_the_schema_as_validate_reads_them():
    # before: the schema refused rolls keyed as the sheet prints them ("Sloop Accident", read by the validator
    # since 40b1a62) and an island's `Hexes`/`Size` (its required keys named only in lower case)
    from lostprint.saves.validate import replay_data
    data = as_json(ROOT / "examples" / "1672-the-salt-road-home.yaml")
    day = data["days"][1]
    day["rolls"] = {{"accident": "Sloop Accident", "weather": "Weather Watch"}.get(k, k): v
                    for k, v in day["rolls"].items()}
    day["marks"][0]["island"] = {k.capitalize(): v for k, v in day["marks"][0]["island"].items()}
    assert replay_data(data, "x.yaml")[0] == []
    assert refused(data) == []
