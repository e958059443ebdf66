"""`lostprint edit` against hostile input: files it is started on, requests its server gets, saves
it would write. The promise: one clear line and a non-zero exit, or a JSON answer to every request;
no traceback, no dropped connection, nothing written that lostprint cannot read back."""
import http.client
import json
import shutil
import socket
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT, run_cli

EXAMPLE_1572 = ROOT / "examples" / "1572-the-delta-by-grace.yaml"
HEAD = "format: lostprint-save/1\ngame: lost-expedition\n"


@pytest.mark.parametrize("name,text,says", [
    ("empty.yaml", "", "the file is empty"),
    ("bad.yaml", "days: [\n", "not valid YAML"),
    ("control.yaml", HEAD + 'title: "a\x01b"\n', "U+0001"),
    ("outside.yaml", HEAD + "map: ../../elsewhere/map.json\ndays: []\n", "outside the save's folder"),
    ("inf.yaml", HEAD + "map: {seed: .inf}\ndays: []\n", "map.seed: must be a whole number"),
    ("nan.yaml", HEAD + "map: {seed: .nan}\ndays: []\n", "map.seed: must be a whole number"),
    ("abc.yaml", HEAD + "map: {seed: abc}\ndays: []\n", "map.seed: must be a whole number"),
    ("list.yaml", HEAD + "map: {seed: [1]}\ndays: []\n", "map.seed: must be a whole number"),
    ("null.yaml", HEAD + "map: {seed: null}\ndays: []\n", "map.seed: must be a whole number"),
])
def test_a_file_edit_cannot_open_is_one_line(tmp_path, name, text, says):
    path = tmp_path / name
    path.write_text(text)
    result = run_cli("edit", path, "--no-browser", "--port", "1")
    assert result.returncode in (1, 2) and says in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_folder_is_not_a_save(tmp_path):
    (tmp_path / "folder.yaml").mkdir()
    result = run_cli("edit", tmp_path / "folder.yaml", "--no-browser", "--port", "1")
    assert result.returncode in (1, 2) and "directory" in result.stderr and "Traceback" not in result.stderr


def test_no_browser_to_open_is_said(tmp_path, monkeypatch):
    from lostprint.edit import server
    from lostprint.edit.session import EditSession

    said = []

    def say(line):
        said.append(line)
        if line.startswith("no browser"):
            raise KeyboardInterrupt  # stops serve() as Ctrl-C does

    monkeypatch.setattr(server, "open_in_browser", lambda url: False)
    server.serve(EditSession(tmp_path / "new.yaml", "1572"), 0, True, say)
    assert any(line.startswith("no browser could be opened") for line in said) and said[-1] == "stopped"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    folder = tmp_path_factory.mktemp("hostile")
    path = folder / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    server, thread = start(EditSession(path))
    yield server, path
    server.shutdown()
    server.server_close()
    thread.join(5)


def raw(server, data: bytes, read=True) -> bytes:
    url = urlparse(server.url)
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(data)
        if not read:
            return b""
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
        return out


def post(server, what, body: bytes, headers=None):
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    conn.request("POST", f"/{server.token}/api/{what}", body=body,
                 headers={"Content-Type": "application/json", **(headers or {})})
    resp = conn.getresponse()
    out = resp.status, resp.read()
    conn.close()
    return out


def state(server):
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    conn.request("GET", f"/{server.token}/api/state")
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return json.loads(body, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))


def test_a_length_that_is_a_digit_only_to_unicode_is_refused(served, capsys):
    server, _ = served
    answer = raw(server, f"POST /{server.token}/api/check HTTP/1.1\r\nHost: {urlparse(server.url).netloc}\r\n"
                         "Content-Length: \u00b2\r\n\r\n".encode("utf-8"))
    assert answer.startswith(b"HTTP/1.0 411") or answer.startswith(b"HTTP/1.1 411")
    assert "Traceback" not in capsys.readouterr().err


def test_deep_json_and_deep_values_are_answered(served, capsys):
    server, path = served
    before = path.read_bytes()
    status, body = post(server, "check", b"[" * 100_000 + b"]" * 100_000)
    assert status == 400 and json.loads(body)["error"]
    save = state(server)["save"]
    deep = "x"
    for _ in range(500):
        deep = [deep]
    save["days"][0]["journal"] = deep
    for what in ("check", "keep", "save"):
        status, body = post(server, what, json.dumps({"save": save, "rev": -1, "version": "x"}).encode())
        assert status in (200, 400, 409) and json.loads(body)
    assert path.read_bytes() == before
    assert "Traceback" not in capsys.readouterr().err


def test_text_a_file_cannot_hold_is_never_written_and_the_page_is_told(served, capsys):
    server, path = served
    before = path.read_bytes()
    st = state(server)
    for bad in ("\ud800", "page\x0cbreak", "word " * 410_000):  # the last: under the body limit, over the file limit
        save = json.loads(json.dumps(st["save"]))
        save["days"][0]["journal"] = bad
        status, body = post(server, "save", json.dumps({"save": save, "version": st["version"]}).encode())
        assert status == 400 and "not written" in json.loads(body)["error"], bad[:10]
        status, body = post(server, "keep", json.dumps({"save": save, "rev": state(server)["rev"]}).encode())
        assert status in (400, 413) and path.read_bytes() == before
    assert "Traceback" not in capsys.readouterr().err
    assert run_cli("validate", path).returncode == 0


def test_a_title_that_yaml_reads_as_infinity_goes_as_strict_json_and_comes_back_unchanged(tmp_path):
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    path = tmp_path / "inf.yaml"
    path.write_text(EXAMPLE_1572.read_text().replace("title: By Grace to the Delta", "title: .inf"))
    before = path.read_bytes()
    server, thread = start(EditSession(path))
    try:
        st = state(server)
        assert st["save"]["title"] == ".inf"
        status, _ = post(server, "save", json.dumps({"save": st["save"], "version": st["version"]}).encode())
        assert status == 200 and path.read_bytes() == before
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_a_json_save_is_written_as_json_that_reads_back(tmp_path):
    from lostprint.edit.session import EditSession
    from lostprint.files import SAVE, load

    path = tmp_path / "delta.json"
    shutil.copy(EXAMPLE_1572, tmp_path / "delta.yaml")
    assert run_cli("validate", tmp_path / "delta.yaml").returncode == 0
    from ruamel.yaml import YAML

    path.write_text(json.dumps(YAML(typ="safe").load((tmp_path / "delta.yaml").read_text())))
    session = EditSession(path)
    work = session.working()["save"]
    work["days"][0]["journal"] = "tab\there, a bell \x07? no: " + "é"
    work["days"][0]["journal"] = work["days"][0]["journal"].replace("\x07", "")
    session.save(work, session.version)
    assert load(path, SAVE)["days"][0]["journal"].startswith("tab\there")
    assert run_cli("validate", path).returncode == 0


def test_a_request_from_another_origin_is_refused(served):
    server, path = served
    before = path.read_bytes()
    status, body = post(server, "save", b'{"save": {}}', headers={"Origin": "http://evil.example"})
    assert status == 403 and path.read_bytes() == before


def test_idle_connections_are_bounded_and_the_page_still_answers(served, capsys):
    from lostprint.edit.server import MAX_CONNECTIONS

    server, _ = served
    url = urlparse(server.url)
    idle = [socket.create_connection((url.hostname, url.port), timeout=30) for _ in range(MAX_CONNECTIONS + 8)]
    try:
        threads = threading.active_count()
        assert threads <= MAX_CONNECTIONS + 10
        busy = idle[-1]
        busy.sendall(b"GET / HTTP/1.1\r\n\r\n")
        assert busy.recv(100).startswith(b"HTTP/1.1 503")  # answered, not dropped
    finally:
        for sock in idle:
            sock.close()
    for _ in range(50):  # the idle ones' slots come back as they close
        try:
            assert state(server)["save"]
            break
        except (AssertionError, ConnectionError, json.JSONDecodeError):
            threading.Event().wait(0.1)
    else:
        pytest.fail("the page did not answer after the idle connections closed")
    assert "Traceback" not in capsys.readouterr().err


def test_a_page_that_goes_away_mid_answer_leaves_no_traceback(served, capsys):
    server, _ = served
    save = json.dumps({"save": state(server)["save"]}).encode()
    for _ in range(5):
        raw(server, f"POST /{server.token}/api/check HTTP/1.1\r\nHost: {urlparse(server.url).netloc}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(save)}\r\n\r\n".encode() + save,
            read=False)
    assert state(server)["save"]
    threading.Event().wait(1.0)
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("spelling", ["crlf", "bom", "start", "comments-then-start", "no-final-newline", "octal",
                                      "exponent"])
def test_a_save_is_written_back_in_its_own_spelling(tmp_path, spelling):
    from lostprint.edit.session import EditSession

    text = EXAMPLE_1572.read_text()
    text = {"crlf": text.replace("\n", "\r\n"), "bom": "\ufeff" + text, "start": "---\n" + text,
            "comments-then-start": text.replace("format:", "---\nformat:", 1), "no-final-newline": text.rstrip("\n"),
            "octal": text.replace("player: Brother Tomás de Alcalá", "player: 0o17"),
            "exponent": text.replace("player: Brother Tomás de Alcalá", "player: 1e5")}[spelling]
    path = tmp_path / "spelt.yaml"
    path.write_bytes(text.encode("utf-8"))
    before = path.read_bytes()
    session = EditSession(path)
    session.save(session.working()["save"], session.version)
    assert path.read_bytes() == before  # unchanged: byte for byte
    work = session.working()["save"]
    work["days"][1]["journal"] = "Rain."
    session.save(work, session.version)
    after = path.read_bytes()
    expected = before.replace(b"is a slower kind of drowning.", b"").decode("utf-8")
    assert b"Rain." in after and (b"\r\n" in after) == (spelling == "crlf")
    assert after.startswith(b"\xef\xbb\xbf") == (spelling == "bom")
    assert after.endswith(b"\n") == (spelling != "no-final-newline")
    assert (b"---" in after) == ("---" in expected)
    assert after.decode("utf-8").lstrip("\ufeff").startswith("# 1572: played by") == (spelling != "start")
    assert run_cli("validate", path).returncode == 0


@pytest.mark.parametrize("seed", [12, 13])
def test_a_sample_of_the_editor_fuzz_run(seed):
    """A seeded sample of benchmarks/fuzz_edit_api.py (the full run is 10,000 requests)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    fuzz = pytest.importorskip("fuzz_edit_api")
    said = []
    stats = fuzz.run(60, seed, say=said.append)
    assert (stats["tracebacks"], stats["dropped"], stats["unreadable"]) == (0, 0, 0), said
    assert stats["written"] > 0 and stats["statuses"].get(200, 0) > 10


def test_a_save_moved_away_while_the_page_is_open_can_be_saved_again_by_choice(tmp_path):
    from lostprint.edit.session import EditSession, StaleSave

    path = tmp_path / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    session = EditSession(path)
    work = session.working()["save"]
    work["title"] = "Still Mine"
    session.keep(work, session.rev)
    path.rename(tmp_path / "moved.yaml")
    with pytest.raises(StaleSave, match="moved or deleted"):
        session.save(work, session.version, session.rev)
    assert not path.exists()
    session.save(work, session.version, session.rev, overwrite=True)
    assert "title: Still Mine" in path.read_text() and run_cli("validate", path).returncode == 0
    work["player"] = "Again"  # and Save goes on working after it
    session.save(work, session.version, session.rev)
    assert "player: Again" in path.read_text()


def test_save_keeps_a_private_files_mode_and_writes_through_a_symlink(tmp_path):
    import os
    import stat

    from lostprint.edit.session import EditSession

    real = tmp_path / "real.yaml"
    shutil.copy(EXAMPLE_1572, real)
    os.chmod(real, 0o600)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    session = EditSession(link)
    work = session.working()["save"]
    work["title"] = "Through the Link"
    session.save(work, session.version)
    assert link.is_symlink() and "title: Through the Link" in real.read_text()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600


def test_rolls_without_planning_on_a_day_with_another_problem_are_a_problem_not_a_crash(served, tmp_path, capsys):
    """Found by the 10,000-request fuzz run (seed 12, second job, case 4445): a 1572 day with an unknown
    field and rolls that lack the planning dice; the check answered 500 (KeyError: 'planning'), and
    `lostprint validate` of the same file printed a traceback."""
    server, _ = served
    save = state(server)["save"]
    day = save["days"][0]
    day["extra"] = ["A1"]
    day["rolls"] = {"mapping": [2, 4], "movement": [6, 5]}
    status, body = post(server, "check", json.dumps({"save": save}).encode())
    assert status == 200, body
    problems = json.loads(body)["problems"]
    assert any(p["field"] == "days[0].extra" for p in problems)
    assert "Traceback" not in capsys.readouterr().err
    path = tmp_path / "no-planning.yaml"
    path.write_text(json.dumps(save))
    result = run_cli("validate", path)
    assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
    assert "days[0].extra" in result.stdout + result.stderr
