"""`lostprint play` without a browser: a game played step by step through the session (what the
page's server calls), kept on disk after every step, resumed, undone, refused, and its save read
back by `validate` and `render`."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from lostprint.engine import drive
from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import Decision, RuleError
from lostprint.errors import UsageError
from lostprint.play import table as tb
from lostprint.play.session import PlaySession, kept_path
from lostprint.play.views import Crew1672, playable
from lostprint.players import lost_crew as players
from tests.conftest import qpdf_ok, run_cli


def careful_step(session: PlaySession) -> bool:
    """One step as the careful player would play it, dice from the page; False when the game is over."""
    q = session.view()["question"]
    if q is None:
        return False
    if q["kind"] == "roll":
        session.roll()
    else:
        session.give(session.hint(0)["choice"])
    return True


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A whole 1672 game played through the session: (session, save path)."""
    save = tmp_path_factory.mktemp("play") / "voyage.yaml"
    session = PlaySession(save, "1672", seed=7)
    while careful_step(session):
        pass
    return session, save


def test_a_whole_game_is_a_save_that_validates_and_renders(played, tmp_path):
    session, save = played
    over = session.state.over
    assert over is not None
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    assert f"{over[0]} on day {session.state.day}" in done.stdout
    done = run_cli("render", str(save), "-o", str(tmp_path / "j.pdf"))
    assert done.returncode == 0, done.stderr
    assert qpdf_ok(tmp_path / "j.pdf")


def test_the_kept_inputs_replay_through_the_engine_to_the_same_end(played):
    session, save = played
    kept = tb.table_of(json.loads(kept_path(save).read_text()))
    start = eng.start(session.game_map, len(kept.names))
    state, _ = tb.replay(eng, start, kept.inputs)
    assert state == session.state
    assert eng.score(state) == eng.score(session.state)


def test_a_restart_resumes_at_the_same_step_and_undo_takes_one_back(tmp_path):
    save = tmp_path / "g.yaml"
    first = PlaySession(save, "1672", seed=3)
    for _ in range(9):
        careful_step(first)
    asked = first.view()
    again = PlaySession(save, "1672")  # a new server on the same files
    assert again.view()["question"] == asked["question"]
    assert again.view()["board"] == asked["board"]
    again.undo()
    assert len(again.table.inputs) == 8
    third = PlaySession(save, "1672")
    assert len(third.table.inputs) == 8 and third.state == again.state
    assert third.view()["question"] == again.view()["question"]


def test_refusals_name_the_rule_and_change_nothing(tmp_path):
    save = tmp_path / "g.yaml"
    session = PlaySession(save, "1672", seed=1)
    kept = kept_path(save).read_bytes()
    with pytest.raises(RuleError) as err:  # five jobs for four well sailors
        session.give({"movement": True, "scan": 2, "gather": 1, "watch": True, "fish": True})
    assert err.value.rule == "sailors" and "4 well sailors" in str(err.value)
    assert session.check({"movement": True, "scan": 2, "gather": 1, "watch": True, "fish": True})["ok"] is False
    assert kept_path(save).read_bytes() == kept
    session.give({"movement": True, "scan": 2})
    while session.view()["question"]["kind"] != "roll":
        careful_step(session)
    with pytest.raises(ValueError):
        session.give(7)
    with pytest.raises(ValueError):
        session.give([1, 2, 3])


def test_any_orders_the_rules_allow_are_taken_not_only_the_searched_ones(tmp_path):
    """Repair with no Wood changes nothing, so a search never lists it; a player may still choose it."""
    session = PlaySession(tmp_path / "g.yaml", "1672", seed=2)
    q = session.view()["question"]
    assert {"repair": True, "movement": True} not in q["values"]
    session.give({"repair": True, "movement": True})
    assert session.state.orders.repair


def test_the_save_is_written_once_day_1_has_begun(tmp_path):
    save = tmp_path / "g.yaml"
    session = PlaySession(save, "1672", seed=1)
    assert kept_path(save).exists() and not save.exists()
    careful_step(session)
    assert run_cli("validate", str(save)).returncode == 0
    session.undo()
    assert not save.exists()


def test_a_file_that_is_not_a_game_in_play_is_never_overwritten(tmp_path):
    save = tmp_path / "mine.yaml"
    save.write_text("format: lostprint-save/1\n")
    with pytest.raises(UsageError, match="not a game in play"):
        PlaySession(save, "1672")
    assert save.read_text() == "format: lostprint-save/1\n"


def test_a_game_whose_engine_is_not_on_the_contract_says_so(tmp_path):
    with pytest.raises(UsageError, match="cannot be played at the table yet"):
        PlaySession(tmp_path / "x.yaml", "crows")


def test_every_decision_the_engine_asks_has_words_and_labels():
    """Each decision kind the 1672 engine opened in 30 careful games is asked in words, and each of its
    options gets a label."""
    kinds = {}
    for seed in range(30):
        player = players.Captain(seed)
        events = []
        drive.play(eng, player.start(), player.decide, player.roll, player.days, events)
        for e in events:
            if isinstance(e.need, Decision):
                kinds.setdefault(e.need.key, e)
    assert {"orders", "route", "wound", "gather", "heal"} <= set(kinds)
    for key, e in kinds.items():
        assert Crew1672.ask(key, e.before) != key
        step = eng.STEPS[e.before.step]
        for option in list(step.options(e.before))[:20]:
            assert Crew1672.label(key, option, e.before, players.SAILORS)


def test_only_contract_engines_are_playable():
    assert playable("lost-crew") is not None
    assert playable("crows") is None


def _get(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def _post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        return json.loads(answer.read())


def test_kill_9_mid_game_and_restart_resumes_at_the_same_step(tmp_path):
    save = tmp_path / "g.yaml"

    def serve():
        proc = subprocess.Popen([sys.executable, "-m", "lostprint", "play", "1672", str(save), "--no-browser",
                                 "--dice-seed", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = proc.stdout.readline()
        assert "open http://127.0.0.1:" in line, line + proc.stderr.read()
        return proc, line.split("open ", 1)[1].split()[0]

    proc, url = serve()
    try:
        for _ in range(12):
            state = _get(url + "api/state")
            if state["question"]["kind"] == "roll":
                _post(url + "api/roll", {})
            else:
                _post(url + "api/give", {"value": state["question"]["values"][-1]})
        asked = _get(url + "api/state")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    proc, url = serve()
    try:
        again = _get(url + "api/state")
        assert again["question"] == asked["question"] and again["inputs"] == 12
        assert _post(url + "api/undo", {})["inputs"] == 11
    finally:
        proc.terminate()
        assert proc.wait(10) == 0
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr


def test_the_server_refuses_other_origins_and_bad_bodies(tmp_path):
    from lostprint.play.server import start

    server, thread = start(PlaySession(tmp_path / "g.yaml", "1672", seed=1))
    try:
        url = server.url
        req = urllib.request.Request(url + "api/roll", b"{}", {"Content-Type": "application/json",
                                                               "Origin": "http://evil.example"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code == 403
        req = urllib.request.Request(url + "api/give", b"[1, 2", {"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code == 400
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url.replace(server.token, "wrong") + "api/state", timeout=10)
        assert err.value.code == 403
        with pytest.raises(urllib.error.HTTPError) as err:
            _post(url + "api/give", {"value": {"nonsense": 1}})
        assert err.value.code == 422
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
