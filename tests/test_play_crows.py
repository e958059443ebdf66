"""The Crows scorekeeper's server and session (`lostprint play crows`, `lostprint edit` of a Crows record):
a game kept input by input, a kill -9 and restart resuming at the same step, undo, refusals naming the
rule, the record written as it goes (play) or only by Save and never over a changed file (edit)."""
import json
import shutil
import urllib.request
from pathlib import Path

import pytest

from lostprint.errors import UsageError
from lostprint.play.crows_session import CrowsSession
from tests.conftest import get_json, http_error, killed_after, post_json, run_cli, served_cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "crows-3p.yaml"


def example_inputs():
    from lostprint.crows import transcript as T
    from lostprint.crows.record import parse_record
    from lostprint.files import load

    record, _ = parse_record(load(EXAMPLE), EXAMPLE.name)
    return T.inputs_of(record)


def test_the_record_is_written_as_it_goes_and_validates_at_the_end(tmp_path):
    save = tmp_path / "g.yaml"
    session = CrowsSession(save, "play")
    assert session.view()["setup"] and not save.exists()
    session.setup(["Mara", "Tobias", "Wren"], "Nightfall over the Rookery")
    inputs = example_inputs()
    for n, raw in enumerate(inputs, 1):
        view = session.give(raw)
        assert save.exists() == (n >= 13)  # the record holds at least the start
        if n == 40:
            assert "unfinished" in run_cli("validate", str(save)).stderr  # mid-game: only what is missing
    assert view["over"] and view["question"] is None
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    kept = json.loads((tmp_path / "g.play.json").read_text())
    assert kept["inputs"] == inputs
    from lostprint.files import load

    assert load(save)["outcome"] == load(EXAMPLE)["outcome"]


def test_refusals_name_the_rule_and_change_nothing(tmp_path):
    from lostprint.engine.contract import RuleError

    session = CrowsSession(tmp_path / "g.yaml", "play")
    with pytest.raises(RuleError) as err:
        session.setup(["Solo"])
    assert err.value.rule == "players"
    session.setup(["A", "B"])
    for raw in example_inputs()[:13]:
        session.give(raw)
    before = (tmp_path / "g.play.json").read_bytes()
    with pytest.raises(RuleError) as err:
        session.give({"tile": "barrens", "at": [0, 0]})
    assert err.value.rule == "no-stacking" and "never stack" in str(err.value)
    with pytest.raises(ValueError):
        session.give("barrens")  # a starting tile's input where a turn's tile is asked
    assert (tmp_path / "g.play.json").read_bytes() == before and len(session.inputs) == 13
    assert session.check({"tile": "barrens", "at": [1, 0]}) == {"ok": True}
    assert session.check({"tile": "barrens", "at": [7, 7]})["ok"] is False


def test_kill_9_mid_game_and_restart_resumes_at_the_same_step(tmp_path):
    save = tmp_path / "table.yaml"
    with killed_after("play", "crows", save) as url:
        post_json(url + "api/setup", {"players": ["Mara", "Tobias", "Wren"]})
        for raw in example_inputs()[:30]:
            post_json(url + "api/give", {"value": raw})
        asked = get_json(url + "api/state")
    with served_cli("play", "crows", save) as url:
        again = get_json(url + "api/state")
        assert again["question"] == asked["question"] and again["inputs"] == 30
        assert again["players"] == asked["players"] and again["crows"] == asked["crows"]
        assert post_json(url + "api/undo", {})["inputs"] == 29


def test_the_server_answers_only_its_token_and_its_own_page(tmp_path):
    from lostprint.play.server import start

    server, thread = start(CrowsSession(tmp_path / "g.yaml", "play"))
    try:
        url = server.url
        assert b"crows.js" in urllib.request.urlopen(url, timeout=10).read()
        assert http_error(url + "api/setup", b'{"players": ["A", "B"]}', {"Origin": "http://evil.example"}).code == 403
        assert http_error(url.replace(server.token, "wrong") + "api/state").code == 403
        refused = http_error(url + "api/setup", b'{"players": ["A"]}')
        assert refused.code == 422 and json.loads(refused.read())["rule"] == "players"
        assert http_error(url + "api/map").code == 404  # no map: Crows is played on its tiles
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_play_never_overwrites_a_record_that_is_not_a_game_in_play(tmp_path):
    path = tmp_path / "done.yaml"
    shutil.copy(EXAMPLE, path)
    done = run_cli("play", "crows", path, "--no-browser")
    assert done.returncode != 0 and "lostprint edit" in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == EXAMPLE.read_bytes()
    done = run_cli("play", "crows", tmp_path / "x.yaml", "--map", "some-map.json", "--no-browser")
    assert done.returncode != 0 and "--seed N names a new game's variant layout" in done.stderr.splitlines()[-1]
    done = run_cli("play", "crows", tmp_path / "x.yaml", "--dice-seed", "3", "--no-browser")
    assert done.returncode != 0 and "Crows has no dice" in done.stderr.splitlines()[-1]


def test_play_crows_with_a_seed_lays_the_variant_and_resumes_only_on_it(tmp_path):
    """`lostprint play crows NEW.yaml --seed 11`: the start is asked on the squares of `lostprint map crows
    --seed 11`, the record is written with `map: {seed: 11}` (the hand-written game of that layout, played
    through the page, validates); the same command resumes it, another seed is refused in one line."""
    from lostprint.crows import transcript as T
    from lostprint.crows.record import parse_record, variant_squares
    from lostprint.files import load

    hand = ROOT / "tests" / "data" / "review" / "crows" / "hand" / "whole-game-on-a-variant-layout-good.yaml"
    record, _ = parse_record(load(hand), hand.name)
    assert record.setup.counts == T.Setup((), ()).counts  # the house tiles: what a new game on the page uses
    save = tmp_path / "eleven.yaml"
    inputs = T.inputs_of(record)
    with served_cli("play", "crows", save, "--seed", "11") as url:
        asked = post_json(url + "api/setup", {"players": list(record.players)})["question"]
        assert asked["square"] == list(variant_squares(11)[0]) != [0, 0]
        for raw in inputs[:20]:
            post_json(url + "api/give", {"value": raw})
    with served_cli("play", "crows", save, "--seed", "11") as url:
        assert get_json(url + "api/state")["inputs"] == 20
    session = CrowsSession(save, "play")  # the rest in this process: the same kept game, without the HTTP
    for raw in inputs[20:]:
        session.give(raw)
    assert load(save)["map"] == {"seed": 11}
    assert run_cli("validate", save).returncode == 0
    done = run_cli("play", "crows", save, "--seed", "12", "--no-browser")
    assert done.returncode != 0 and "another map" in done.stderr.splitlines()[-1]


def test_lostprint_edit_opens_a_crows_record_and_saves_only_on_save(tmp_path):
    path = tmp_path / "rookery.yaml"
    shutil.copy(EXAMPLE, path)
    with served_cli("edit", path) as url:
        state = get_json(url + "api/state")
        assert state["mode"] == "edit" and state["over"] and state["inputs"] == len(example_inputs())
        assert "Wren wins with 77" in state["over"][1]
        after = post_json(url + "api/undo", {})
        assert after["inputs"] == state["inputs"] - 1 and after["question"] is not None
        assert path.read_bytes() == EXAMPLE.read_bytes()  # kept beside it, not written over it
        assert (tmp_path / "rookery.edit.json").exists()
        path.write_text(path.read_text() + "# a line added by someone else\n")
        answer = post_json(url + "api/save", {})
        assert "changed on disk" in answer["conflict"] and "someone else" in path.read_text()
        answer = post_json(url + "api/save", {"overwrite": True})
        assert "saved at" in answer["status"] and not (tmp_path / "rookery.edit.json").exists()
    done = run_cli("validate", path)  # the last scatter (N) taken back: a record names no N, it is the default
    assert done.returncode == 0, done.stderr
    assert "someone else" not in path.read_text()


def test_edit_comes_back_to_unsaved_work_after_a_kill(tmp_path):
    path = tmp_path / "rookery.yaml"
    shutil.copy(EXAMPLE, path)
    with killed_after("edit", path) as url:
        for _ in range(3):
            left = post_json(url + "api/undo", {})["inputs"]
    session = CrowsSession(path, "edit")
    view = session.view()
    assert view["recovered"] and view["inputs"] == left <= len(example_inputs()) - 3 and "unsaved" in view["status"]


def test_edit_refuses_a_crows_record_whose_turn_breaks_a_rule_in_one_line(tmp_path):
    bad = ROOT / "tests" / "data" / "review" / "crows" / "place-stack-bad.yaml"
    with pytest.raises(UsageError, match=r"place-stack-bad\.yaml: rounds\[2\]\[0\]\.at: .*never stack"):
        CrowsSession(bad, "edit")
    done = run_cli("edit", bad, "--no-browser")
    assert done.returncode != 0 and "never stack" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_undo_back_into_the_start_takes_the_record_away_and_the_players_stay(tmp_path):
    save = tmp_path / "g.yaml"
    session = CrowsSession(save, "play")
    session.setup(["A", "B"])
    for raw in example_inputs()[:13]:
        session.give(raw)
    assert save.exists()
    session.undo()
    assert not save.exists() and session.view()["question"]["key"] == "start"
    with pytest.raises(ValueError, match="name a new file"):
        session.setup(["C", "D"])


def test_edit_of_a_new_crows_record_is_never_written_but_by_save(tmp_path):
    save = tmp_path / "new.yaml"
    session = CrowsSession(save, "edit")
    assert "never written" in session.view()["status"]
    session.setup(["A", "B"], "A new one")
    for raw in example_inputs()[:13]:
        session.give(raw)
    assert not save.exists() and "unsaved" in session.view()["status"]
    assert "saved at" in session.save_record()["status"]
    assert run_cli("validate", save).stderr.count("\n") == 1  # only: the game is unfinished


def test_edit_checks_the_records_scores_against_the_engine(tmp_path):
    path = tmp_path / "score.yaml"
    shutil.copy(ROOT / "tests" / "data" / "review" / "crows" / "score-bad.yaml", path)
    session = CrowsSession(path, "edit")
    view = session.view()
    assert view["checks"] == ["The record says Mara scored 73; the engine counts 72 (Save writes the engine's count)"]
    assert session.save_record()["checks"] == []
    assert run_cli("validate", path).returncode == 0
    assert CrowsSession(path, "edit").view()["checks"] == []


def test_the_round_end_says_where_the_crow_figures_go(tmp_path):
    """Round 1 of the example, worked by hand: Wren's totem on [0, 1] takes the crows of [0, 0] and [0, 2]
    (one square each, along the column); Mara's on [2, 0] the 3 of [3, 0]; Tobias's on [4, 1] the 2 of
    [4, 0] and the 2 of [3, 1]; Carrion Paradise on [3, 3] gains one."""
    session = CrowsSession(tmp_path / "g.yaml", "play")
    session.setup(["Mara", "Tobias", "Wren"])
    inputs = example_inputs()
    for raw in inputs[:24]:
        assert session.give(raw)["moved"] == []
    view = session.give(inputs[24])
    assert view["history"][0] == "Round 1: Mara +3, Tobias +4, Wren +2"
    assert view["moved"] == ["[0, 0]: 1 → 0 crows", "[2, 0]: 0 → 3 crows", "[3, 0]: 3 → 0 crows",
                             "[4, 0]: 2 → 0 crows", "[0, 1]: 0 → 2 crows", "[3, 1]: 2 → 0 crows",
                             "[4, 1]: 0 → 4 crows", "[0, 2]: 1 → 0 crows", "[3, 3]: 0 → 1 crow"]
    assert CrowsSession(tmp_path / "g.yaml", "play").view()["moved"] == view["moved"]  # a restart says it again
    assert session.give(inputs[25])["moved"] == []


def test_each_murder_asks_its_own_scatter_direction_and_the_record_lists_them(tmp_path):
    """Round 12 of the review record scatter-each-murder: both murders are Mara's, asked one at a time (top
    row first); two directions are written as a list, one direction for both as before."""
    from lostprint.files import load

    path = tmp_path / "two.yaml"
    shutil.copy(ROOT / "tests" / "data" / "review" / "crows" / "scatter-each-murder-good.yaml", path)
    session = CrowsSession(path, "edit")
    second = session.undo()["question"]
    first = session.undo()["question"]
    assert (first["key"], first["player"], first["squares"]) == ("scatter", "Mara", [[5, 2]])
    assert (second["key"], second["player"], second["squares"]) == ("scatter", "Mara", [[2, 3]])
    assert "Murder at [5, 2]! Mara" in first["text"]
    assert session.give("W")["question"]["squares"] == [[2, 3]]
    session.give("N")
    session.save_record(overwrite=True)
    assert load(path)["rounds"][11][0]["scatter"] == ["W", "N"]
    session.undo()
    session.give("W")
    session.save_record(overwrite=True)
    assert load(path)["rounds"][11][0]["scatter"] == "W"
    assert run_cli("validate", path).returncode == 0


def test_a_step_with_one_legal_input_is_given_by_the_page_and_undone_with_the_choice_before_it(tmp_path):
    """Early in the example no one holds a spell and Nightfall is out of the setup's reach: the view names
    the one input (the page gives it without a click); the record is the same; one Undo takes back the
    forced inputs and the totem before them, so the page stops at a question it really asks."""
    from lostprint.crows import transcript as T
    from lostprint.play.crows_session import forced

    session = CrowsSession(tmp_path / "g.yaml", "play")
    session.setup(["Mara", "Tobias", "Wren"])
    inputs = example_inputs()
    asked = []
    for raw in inputs:
        q = session.view()["question"]
        if "forced" in q:
            assert q["forced"] == raw and q["key"] in ("totem", "spell", "nightfall")
            asked.append(q["key"])
        session.give(raw)
    assert {"spell", "nightfall"} <= set(asked) and len(asked) > 20
    assert session.view()["over"] and run_cli("validate", str(session.save)).returncode == 0
    session = CrowsSession(tmp_path / "g2.yaml", "play")
    session.setup(["Mara", "Tobias", "Wren"])
    for raw in inputs[:78]:  # to Mara's totem in round 7: she holds no spell, Nightfall is out of reach
        session.give(raw)
    q = session.view()["question"]
    assert (q["key"], q["forced"]) == ("spell", None) and session.give(None)["question"]["forced"] is False
    session.give(False)
    assert session.view()["question"]["key"] == "tile" and "forced" not in session.view()["question"]
    assert session.undo()["inputs"] == 77 and session.view()["question"]["key"] == "totem"  # Mara's totem asked again
    assert forced(T.autos(session.state, [])) is None
