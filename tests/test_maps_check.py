"""Map file checks: every problem, with the file and the field, and the playability rules."""
import copy
import json

import jsonschema
import pytest

from lostprint.errors import LostprintError
from lostprint.maps.check import check_map, check_map_file
from lostprint.maps.generate import generate
from lostprint.maps.check import load_map
from lostprint.maps.model import standard_map
from lostprint.maps.schema import map_schema
from lostprint.paths import asset

HEX_GAMES = ("lost-expedition", "lost-crew", "lost-crows")


def std(game):
    return json.loads(asset("maps", f"{game}.json").read_text())


def problems_of(tmp_path, data, name="m.json", game=None):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2))
    return check_map_file(path, game)


@pytest.mark.parametrize("game", HEX_GAMES)
def test_standard_files_are_clean(game):
    assert check_map_file(asset("maps", f"{game}.json")) == []


def test_json_syntax_error_has_line_and_column(tmp_path):
    got = problems_of(tmp_path, '{\n  "format": "lostprint-map/1",\n  "game": "lost-crew"\n  "name": "x"\n}\n')
    assert got == [f"{tmp_path / 'm.json'}:4:3: not valid JSON (expected ',' or '}}')"]


def test_missing_file(tmp_path):
    got = check_map_file(tmp_path / "nope.json")
    assert got == [f"{tmp_path / 'nope.json'}: no such file"]


def test_map_of_another_game(tmp_path):
    got = problems_of(tmp_path, std("lost-crew"), game="lost-expedition")
    assert got == [f"{tmp_path / 'm.json'}:3: game: this map is for 1672: The Lost Crew (lost-crew), "
                   "not 1572: The Lost Expedition (lost-expedition)"]


def test_every_structural_problem_is_reported(tmp_path):
    d = std("lost-expedition")
    d["features"][0]["hexes"][3] = "Z9"
    d["features"].append({"type": "fort", "hexes": ["B2"]})
    d["terrain"]["B1"] = "lava"
    d["start"] = "b-one"
    d["colour"] = "red"
    got = [p.split(": ", 1)[1] for p in problems_of(tmp_path, d)]
    assert "features[0].hexes[3]: 'Z9' is not on the map (not listed in hexes)" in got
    assert any(p.startswith("features[4].type: unknown feature type 'fort' for lost-expedition") and
               "1872: The Lost Crows" in p for p in got)
    assert any(p.startswith("terrain.B1: unknown terrain 'lava'") for p in got)
    assert any(p.startswith("start: 'b-one' is not a hex label") for p in got)
    assert any(p.startswith("colour: unknown field") for p in got)
    assert len(got) == 5


def test_unknown_game_and_format(tmp_path):
    got = problems_of(tmp_path, {"format": "lostprint-map/9", "game": "chess"})
    assert any("format: expected 'lostprint-map/1' (found 'lostprint-map/9')" in p for p in got)
    assert any("game: unknown game 'chess'" in p for p in got)


def test_bad_edges(tmp_path):
    d = std("lost-crows")
    river = next(i for i, f in enumerate(d["features"]) if f["type"] == "river-edges")
    d["features"][river]["edges"][0] = "B3:E"
    d["features"][river]["edges"][1] = "Z1:N"
    got = problems_of(tmp_path, d)
    assert any(f"features[{river}].edges[0]: 'B3:E' is not an edge" in p for p in got)
    assert any(f"features[{river}].edges[1]: 'Z1:N' is not between two hexes of the map" in p for p in got)


def _map(game, mutate):
    d = std(game)
    mutate(d)
    from lostprint.maps.model import from_dict

    return check_map(from_dict(d))


def _feature(d, type_):
    return next(f for f in d["features"] if f["type"] == type_)


def test_1572_river_rules():
    def loop(d):
        r = _feature(d, "river")["hexes"]
        r[5:5] = ["E3", "D2"]
    got = _map("lost-expedition", loop)
    assert any("the river comes back to D2" in p for p in got)

    def west(d):
        _feature(d, "river")["hexes"][:3] = ["C2", "B2", "A2"]
    assert any("turns back west" in p for p in _map("lost-expedition", west))

    def short(d):
        _feature(d, "river")["hexes"].pop()
    assert any("the river ends at N4, not at the delta O4" in p for p in _map("lost-expedition", short))

    def cataract(d):
        _feature(d, "cataract")["hexes"] = ["A3"]
    assert any("cataract on A3 is not on the river" in p for p in _map("lost-expedition", cataract))

    def stacked(d):
        _feature(d, "interest")["hexes"] = ["O4"]
    assert any("an interest on O4, which already holds the delta" in p for p in _map("lost-expedition", stacked))


def test_1872_rules():
    def fort_on_start(d):
        _feature(d, "fort")["hexes"] = [d["start"]]
    assert any("Fort Benton on" in p and "which is the start" in p for p in _map("lost-crows", fort_on_start))

    def zone(d):
        _feature(d, "fort-zone")["hexes"].pop()
    assert any("the zone of control misses" in p for p in _map("lost-crows", zone))

    def plots(d):
        fort = _feature(d, "fort")["hexes"][0]
        next(f for f in d["features"] if f.get("letter") == "C")["hexes"] = [fort]
        next(f for f in d["features"] if f.get("letter") == "E")["letter"] = "A"
    got = _map("lost-crows", plots)
    assert any("plot C on" in p and "Fort Benton" in p for p in got)
    assert any("plot A appears 2 times" in p for p in got) and any("plot E appears 0 times" in p for p in got)

    def broken(d):
        edges = _feature(d, "river-edges")["edges"]
        del edges[len(edges) // 2]
    got = _map("lost-crows", broken)
    assert any("the river is broken" in p for p in got)
    assert any("the river ends inside the map" in p for p in got)


def test_1872_river_loop_and_fork():
    from dataclasses import replace

    from lostprint.geometry import hexgrid
    from lostprint.maps import grid
    from lostprint.maps.model import Feature

    m = generate("lost-crows", 3)
    keep = tuple(f for f in m.features if f.type != "river-edges")
    h = hexgrid.parse_label("F4")
    ring = tuple(grid.edge_text(hexgrid.edge(h, d)) for d in hexgrid.FLAT_ORDER)  # all six sides of F4
    got = check_map(replace(m, features=keep + (Feature("river-edges", edges=ring),)))
    assert any("closes a loop" in p for p in got)
    corner = grid.vertex(h, 5)  # where F4's N and NE sides meet: three edges there make a fork
    fork = tuple(grid.edge_text(e) for e in grid.vertex_edges(corner)) + (grid.edge_text(hexgrid.edge(h, "SE")),)
    got = check_map(replace(m, features=keep + (Feature("river-edges", edges=fork),)))
    assert any("forks or crosses itself" in p for p in got)
    main = next(f for f in m.features if f.type == "river-edges")
    twice = Feature("river-edges", edges=main.edges[:3])
    assert any("is already part of" in p for p in check_map(replace(m, features=m.features + (twice,))))


def test_1672_shoals_must_not_wall_off_the_exits():
    def wall(d):
        for lab in d["hexes"]:
            if lab[0] == "C":
                d["terrain"][lab] = "shoals"
    got = _map("lost-crew", wall)
    assert got and all("cannot be reached from the start" in p and "without crossing shoals" in p for p in got)

    def on_exit(d):
        d["terrain"][_feature(d, "exit")["hexes"][0]] = "shoals"
    assert any("shoals on" in p and "an exit" in p for p in _map("lost-crew", on_exit))


def test_crows_layout_file(tmp_path):
    good = generate("crows", 4).to_dict()
    assert problems_of(tmp_path, good) == []
    bad = copy.deepcopy(good)
    bad["squares"] = [[0, 0], [4, 4], [0, 0], [9, 1], "x"]
    got = [p.split(": ", 1)[1] for p in problems_of(tmp_path, bad)]
    assert got == ["squares[4]: a square is [column, row], two whole numbers, not \"x\""]
    bad["squares"].pop()
    got = [p.split(": ", 1)[1] for p in problems_of(tmp_path, bad)]
    assert "squares: the game starts with 13 tiles, this layout has 4" in got
    assert "squares[2]: [0, 0] is listed twice (tiles are never stacked)" in got
    assert "squares[3]: [9, 1] is outside the 5 x 5 grid" in got
    assert any("not in one piece" in p for p in got)


def test_load_map_refuses_a_broken_file_in_one_line(tmp_path):
    d = std("lost-expedition")
    d["goals"] = ["Q7"]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(d))
    with pytest.raises(LostprintError, match=r"m\.json:1: goals\[0\]: 'Q7' is not on the map"):
        load_map(path)
    path.write_text(generate("crows", 2).to_json())
    assert load_map(path).squares == generate("crows", 2).squares


def test_schema_accepts_good_files_and_rejects_bad_ones():
    schema = map_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for game in HEX_GAMES:
        assert list(v.iter_errors(std(game))) == []
        assert list(v.iter_errors(generate(game, 11).to_dict())) == []
    assert list(v.iter_errors(generate("crows", 11).to_dict())) == []
    bad = std("lost-expedition")
    bad["features"].append({"type": "plot", "letter": "A"})
    assert list(v.iter_errors(bad))
    bad = std("lost-crows")
    bad["hexes"].append("b7")
    assert list(v.iter_errors(bad))


def test_standard_map_model_api_still_works():
    m = standard_map("lost-expedition")
    assert m.start == "A1" and m.goals == ("O4",) and m.features_of("river")
    assert m.neighbors("A1")


def test_a_standard_map_is_read_once_per_process():
    """Sheets, engines and the validator ask for the same standard map ~1,000 times in a test run: one
    frozen value, read and its labels parsed once (it was a file read and a JSON parse each time)."""
    import dataclasses

    m = standard_map("lost-crew")
    assert standard_map("lost-crew") is m and standard_map("lost-crows") is not m
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.name = "changed"  # type: ignore[misc]
