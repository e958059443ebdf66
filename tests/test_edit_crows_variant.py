"""`lostprint edit` of a Crows record on a variant layout (`map: {seed: N}`): the scorekeeper lays the start
on that layout's squares, asks for each starting tile on its own square, and writes the record back with
its map, so that nothing of the game is lost: the same map, players, tiles, start and turns, which
`lostprint validate` accepts. Undone into the start and resumed after a restart, it is still the variant."""
import json
import shutil
from pathlib import Path

import pytest
import yaml

from lostprint.crows import transcript as T
from lostprint.crows.record import parse_record
from lostprint.files import load
from lostprint.play.crows_session import CrowsSession
from tests.conftest import run_cli

HAND = Path(__file__).resolve().parent / "data" / "review" / "crows" / "hand"
VARIANTS = ("variant-layout-good.yaml", "whole-game-on-a-variant-layout-good.yaml")


def parsed(path: Path):
    record, rd = parse_record(load(path), path.name)
    assert record is not None, rd.problems.lines()
    return record


def opened(tmp_path: Path, name: str) -> tuple[Path, CrowsSession]:
    path = tmp_path / name
    shutil.copy(HAND / name, path)
    return path, CrowsSession(path, "edit")


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_record_opens_and_saves_with_nothing_lost(tmp_path, name):
    path, session = opened(tmp_path, name)
    original = parsed(HAND / name)
    assert session.view()["over"]
    assert session.state.squares == original.setup.squares != T.Setup((), ()).squares
    start = session.state.snapshots[0].tiles
    assert sorted(sq for sq, _ in start) == sorted(original.setup.squares)  # laid on the variant's squares
    session.save_record(overwrite=True)
    saved = parsed(path)
    assert load(path)["map"] == load(HAND / name)["map"]
    for field in ("title", "players", "colors", "claimed", "winner"):
        assert getattr(saved, field) == getattr(original, field), field
    assert saved.setup == original.setup  # players, start, tile counts and the layout's squares
    assert T.inputs_of(saved) == T.inputs_of(original)
    done = run_cli("validate", str(path))
    assert done.returncode == 0, done.stderr


def test_undone_into_the_start_it_asks_for_the_variants_square_and_resumes_there(tmp_path):
    path, session = opened(tmp_path, VARIANTS[0])
    original = parsed(HAND / VARIANTS[0])
    inputs = list(session.inputs)
    while session.state.round:  # back to the last starting tile
        session.undo()
    question = session.view()["question"]
    last = list(original.setup.squares[-1])
    assert (question["key"], question["square"]) == ("start", last)
    assert f"which tile lies on [{last[0]}, {last[1]}]?" in question["text"]
    kept = json.loads((tmp_path / "variant-layout-good.edit.json").read_text(encoding="utf-8"))
    assert kept["meta"]["map"] == {"seed": 7}
    assert [tuple(q) for q in kept["meta"]["squares"]] == list(original.setup.squares)
    again = CrowsSession(path, "edit")  # a restart resumes the kept work, on the same layout
    assert again.recovered and again.view()["question"]["square"] == last
    for raw in inputs[len(again.inputs):]:
        again.give(raw)
    again.save_record(overwrite=True)
    assert T.inputs_of(parsed(path)) == T.inputs_of(original)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["map"] == {"seed": 7}
    assert run_cli("validate", str(path)).returncode == 0


def test_map_standard_written_out_is_kept(tmp_path):
    path = tmp_path / "standard.yaml"
    data = load(Path(__file__).resolve().parents[1] / "examples" / "crows-3p.yaml")
    text = (Path(__file__).resolve().parents[1] / "examples" / "crows-3p.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("game: crows\n", "game: crows\nmap: standard\n", 1), encoding="utf-8")
    assert "map" not in data and load(path)["map"] == "standard"
    session = CrowsSession(path, "edit")
    session.save_record(overwrite=True)
    assert load(path)["map"] == "standard"
    assert run_cli("validate", str(path)).returncode == 0


def test_a_new_record_on_a_variant_layout_by_its_seed(tmp_path):
    """`lostprint edit NEW.yaml --game crows --seed 7`: the start is asked on that layout's squares and the
    record is saved with `map: {seed: 7}`; the same game as the hand-written record of that layout."""
    original = parsed(HAND / VARIANTS[0])
    path = tmp_path / "new.yaml"
    session = CrowsSession(path, "edit", seed=7)
    view = session.setup(list(original.players))
    assert view["question"]["square"] == list(original.setup.squares[0])
    meta = dict(session.meta)
    session.meta = {**meta, "counts": [list(c) for c in original.setup.counts]}  # the record's tile set
    session.state, session.events = session._play(session.meta, [])
    for raw in T.inputs_of(original):
        session.give(raw)
    session.save_record()
    saved = parsed(path)
    assert load(path)["map"] == {"seed": 7}
    assert saved.setup == original.setup and T.inputs_of(saved) == T.inputs_of(original)
    assert run_cli("validate", str(path)).returncode == 0


def test_a_map_file_for_a_new_crows_record_is_refused_in_one_line(tmp_path):
    done = run_cli("edit", str(tmp_path / "new.yaml"), "--game", "crows", "--map", "some-map.json", "--no-browser")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "--seed N names a new record's variant layout" in done.stderr.strip().splitlines()[-1]
    assert not (tmp_path / "new.yaml").exists()
