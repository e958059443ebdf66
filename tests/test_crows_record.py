"""Crows records: loading with line numbers, every problem as file:line: field, and the record PDF."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

import printed as P
from conftest import fonts_all_embedded, normalise, qpdf_ok, run_cli
from lostprint.checks import all_problems
from lostprint.engine import crows as E
from lostprint.crows.record import check_record, load_record, record_scene
from lostprint.errors import LostprintError
from lostprint.games import crows as G
from lostprint.render import render

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "crows-3p.yaml"


def edited(tmp_path, old: str, new: str, name="game.yaml") -> tuple[Path, int]:
    """A copy of the example with one text change; returns the file and the changed line (1-based)."""
    text = EXAMPLE.read_text()
    assert text.count(old) >= 1, old
    i = text.index(old)
    path = tmp_path / name
    path.write_text(text[:i] + new + text[i + len(old):])
    return path, text[:i].count("\n") + 1


def turn_line(n_round: int, n_turn: int) -> int:
    """The line of rounds[n_round][n_turn] in the example."""
    lines = EXAMPLE.read_text().splitlines()
    start = lines.index(f"  # round {n_round + 1}") + 1
    return start + n_turn + 1


@lru_cache(maxsize=None)
def example():
    return load_record(EXAMPLE)


def test_the_example_is_clean_and_finished():
    assert check_record(EXAMPLE) == []
    record, result = example()
    assert record.players == ("Mara", "Tobias", "Wren")
    assert len(record.rounds) == len(result.snapshots) - 1 >= 10
    assert result.snapshots[-1].nightfall
    lo, hi = E.nightfall_window(G.MAP_TILES, 3)
    assert lo <= sum(len(r) for r in record.rounds) <= hi + 3  # one draw per turn (plus Landfall)
    assert dict(result.final) == dict(record.claimed)
    # the game used spells and had murders, so the record exercises them
    assert any(t.spell for r in record.rounds for t in r)
    assert any(s.murders for s in result.snapshots)


def test_json_saves_work_too_with_lines(tmp_path):
    data = yaml.safe_load(EXAMPLE.read_text())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, indent=1, default=str))
    assert check_record(path) == []
    data["rounds"][1][2]["totem"] = [40, 40]
    path.write_text(json.dumps(data, indent=1, default=str))
    problem = check_record(path)[0]  # later turns then go wrong too: the board differs from there on
    lines = path.read_text().splitlines()
    assert problem.startswith(f"{path}:")
    line = int(problem.split(":")[1])
    assert "rounds[1][2].totem" in problem and "no tile at [40, 40]" in problem
    assert '"totem"' in lines[line - 1]


def test_a_stacked_tile_names_its_round_turn_and_line(tmp_path):
    record, _ = example()
    t = record.rounds[2][1]
    taken = record.rounds[0][0].at
    old = f"{{player: {t.player}, tile: {t.tile}, at: [{t.at[0]}, {t.at[1]}]"
    path, line = edited(tmp_path, old, f"{{player: {t.player}, tile: {t.tile}, at: [{taken[0]}, {taken[1]}]")
    problems = check_record(path)
    assert problems[0] == (f"{path}:{line}: rounds[2][1].at: [{taken[0]}, {taken[1]}] already holds a "
                           f"{G.tile_type(record.rounds[0][0].tile).name}: tiles never stack")
    assert line == turn_line(2, 1)


def test_wrong_claimed_score(tmp_path):
    _, result = example()
    name, score = result.final[0]
    path, line = edited(tmp_path, f"{name}: {score}", f"{name}: {score + 5}")
    found = check_record(path)
    assert len(found) == 1
    assert found[0].startswith(f"{path}:{line}: outcome.scores.{name}: the replay gives {name} {score} points, "
                               f"not {score + 5} (rounds ")
    # how the replay's points add up: each round's, then the unused spells, for the player to find the slip
    rounds = [dict(s.points)[name] for s in result.snapshots[1:]]
    spells = dict(result.spells_left)[name]
    assert sum(rounds) + 2 * spells == score
    assert found[0].endswith(f"; {spells} unused spell{'s' * (spells != 1)}: {2 * spells})")


def test_a_setup_that_cannot_be_played_claims_no_scores(tmp_path):
    # the example's scores stay written: with no game replayed there is nothing to compare them with
    path, line = edited(tmp_path, "  - {name: Wren, color: blue}", "  - {name: Wren, color: blue}\n  - Ossian\n  - Ida")
    assert check_record(path) == [f"{path}:{line - 3}: players: Crows is for 2 to 4 players, not 5"]


VARIANT = Path(__file__).parent / "data" / "review" / "crows" / "hand" / "variant-layout-good.yaml"


def test_a_record_on_a_variant_layout():
    # the layout of `lostprint map crows --seed 7`, named by its seed: its squares get the start tiles
    from lostprint.maps.generate import generate

    assert check_record(VARIANT) == []
    _, result = load_record(VARIANT)
    assert [sq for sq, _ in result.snapshots[0].tiles] == sorted(generate("crows", 7).squares)


@pytest.mark.parametrize("spec,message", [
    ("{seed: 8}", "start[0].square: [2, 0] is not a starting square (the start is the map's layout: [1, 0], "),
    ("{seed: -1}", "map: must be 'standard' or {seed: N}, the variant layout of lostprint map crows --seed N"),
    ("crows-layout-7.json", "map: must be 'standard' or {seed: N}"),
])
def test_a_variant_layout_named_wrong(tmp_path, spec, message):
    record = tmp_path / "game.yaml"
    record.write_text(VARIANT.read_text().replace("map: {seed: 7}", f"map: {spec}"))
    assert message in "\n".join(check_record(record))


def test_the_game_may_be_named_as_written(tmp_path):
    from lostprint.edit import _is_crows

    path, _ = edited(tmp_path, "game: crows", "game: Crows ")
    assert check_record(path) == []
    assert _is_crows(path, None)  # `lostprint edit` opens it as a Crows record, as validate reads it


@pytest.mark.parametrize("old,new,field,message", [
    ("format: lostprint-save/1", "format: lostprint-save/9", "format", "must be lostprint-save/1"),
    ("tile: gem-cave}", "tile: ruby}", "tile", "'ruby' is not a tile type"),
    ("  - {square: [0, 0], tile: trees-1}", "  - {square: [0, 9], tile: trees-1}", "start[0].square",
     "not a starting square"),
    ("  - {square: [0, 0], tile: trees-1}", "  - {square: [0, 0.5], tile: trees-1}", "start[0].square",
     "two whole numbers"),
    ("  barrens: 20", "  barrens: many", "tiles.barrens", "whole number"),
    ("{name: Tobias, color: red}", "{name: Tobias, color: teal}", "players[1].color", "not a totem colour"),
])
def test_shape_problems(tmp_path, old, new, field, message):
    path, line = edited(tmp_path, old, new)
    problems = check_record(path)
    assert any(p.startswith(f"{path}:{line}: ") and field in p and message in p for p in problems), problems


def test_unknown_turn_field_and_spell_field(tmp_path):
    path, line = edited(tmp_path, "  - - {player: Mara, tile:", "  - - {player: Mara, colour: red, tile:")
    problems = check_record(path)
    assert any(f":{line}: " in p and ".colour: unknown field" in p for p in problems), problems


def test_totem_on_a_crowded_tile_and_spell_without_card(tmp_path):
    record, result = example()
    # round 1, first turn: put the totem where the start left crows
    crowded = next(sq for sq, n in result.snapshots[0].crows if n)
    t = record.rounds[0][0]
    old = f"totem: [{t.totem[0]}, {t.totem[1]}]}}"
    path, line = edited(tmp_path, old, f"totem: [{crowded[0]}, {crowded[1]}], spell: drain}}")
    problems = check_record(path)
    assert any(p.startswith(f"{path}:{line}: rounds[0][0].totem: totems go on empty tiles") for p in problems), problems
    assert any(f"{path}:{line}: rounds[0][0].spell: Mara holds no spell card" in p for p in problems), problems


def test_missing_nightfall_and_extra_round(tmp_path):
    path, line = edited(tmp_path, ", nightfall: true}", "}")
    problems = check_record(path)
    assert any("rounds: no turn drew Nightfall" in p for p in problems)
    assert any("outcome.scores" in p for p in problems) or len(problems) == 1


def test_yaml_syntax_error_is_one_line(tmp_path):
    path, line = edited(tmp_path, "  - - {player: Mara, tile:", "  - - {player: Mara,, tile: [")
    problems = check_record(path)
    assert len(problems) == 1 and problems[0].startswith(f"{path}:") and ": not valid YAML (" in problems[0]


def test_missing_file():
    assert check_record("no/such/game.yaml") == ["no/such/game.yaml: no such file"]


def test_record_scene_raises_one_line(tmp_path):
    path, _ = edited(tmp_path, "format: lostprint-save/1", "format: nope")
    with pytest.raises(LostprintError) as err:
        record_scene(path, "letter", "color")
    assert "\n" not in str(err.value) and str(err.value).startswith(f"{path}:1: format:")


def scene_of(paper: str, ink: str):
    """The example's record Scene (printed.py builds each once per run; EXAMPLE is its save)."""
    assert P.EXAMPLES / "crows-3p.yaml" == EXAMPLE
    return P.record_scene(paper, ink)


# each paper and each ink once by default (P.PRINTS); the other two pairings run in the slow set
@pytest.mark.parametrize("paper,ink", [*P.PRINTS, pytest.param("letter", "mono", marks=pytest.mark.slow),
                                       pytest.param("a4", "color", marks=pytest.mark.slow)])
def test_record_pages_pass_the_print_checks(paper, ink):
    scene = scene_of(paper, ink)
    assert all_problems(scene) == []
    _, result = example()
    boards = [g for page in scene.pages for g in page.items if getattr(g, "name", "").startswith("board:Round")]
    assert len(boards) == len(result.snapshots) - 1


def test_record_pdf(tmp_path, tools):
    data = render(record_scene(EXAMPLE, "letter", "color"), "pdf")
    assert data == P.record_pdf()  # the same bytes as another build (the demo's `lostprint render` when run)
    path = tmp_path / "record.pdf"
    path.write_bytes(data)
    assert qpdf_ok(path) and fonts_all_embedded(path) == []
    text = normalise("\n".join(page.text() for page in P.text(data)))  # poppler's lines, read once per run
    record, result = example()
    assert record.title in text and "Final standings" in text
    for n in range(1, len(result.snapshots)):
        assert f"Round {n}" in text
    winner, score = result.standings()[0]
    assert f"{winner} wins" in text


def test_validate_command_on_the_example():
    r = run_cli("validate", EXAMPLE)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("count", [20, pytest.param(60, marks=pytest.mark.slow)])
def test_mangled_records_give_problems_never_a_crash(tmp_path, count):
    """Replace values in the example with wrong types and shapes: always a list of located problems
    (the default run: the first 20 of the 60 seeded manglings)."""
    import random

    rng = random.Random(1872)
    text = EXAMPLE.read_text()
    spots = [m.start() for m in __import__("re").finditer(r"(?<=: )[\w\[\-]", text)]
    junk = ["null", "[]", "{}", "-3", "[1]", "[a, b]", "true", "'x'", "[1, 2, 3]", "2.5", "{a: 1}"]
    for k in range(count):
        i = rng.choice(spots)
        j = i
        while text[j] not in ",}\n":
            j += 1 if text[j] != "[" else text.index("]", j) - j + 1
        path = tmp_path / f"m{k}.yaml"
        path.write_text(text[:i] + rng.choice(junk) + text[j:])
        problems = check_record(path)
        assert isinstance(problems, list)
        for p in problems:
            assert p.startswith(f"{path}:") and p.split(":")[1].isdigit(), p


def test_tile_names_are_one_read_only_table():
    """The names a record may give a tile are made once (a record names a tile on every turn: the
    table was rebuilt for each) and nobody can change them."""
    from lostprint.crows.record import tile_aliases

    assert tile_aliases() is tile_aliases()
    assert tile_aliases()["trees-3"] == "trees-3" and tile_aliases()["3-crow-trees"] == "trees-3"
    with pytest.raises(TypeError):
        tile_aliases()["lava"] = "barrens"
