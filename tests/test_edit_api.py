"""`lostprint edit`'s local server, endpoint by endpoint: what it answers and what it refuses."""
import http.client
import json
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT, run_cli

EXAMPLE_1572 = ROOT / "examples" / "1572-the-delta-by-grace.yaml"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server on a copy of the 1572 example (one map drawing for the module)."""
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    folder = tmp_path_factory.mktemp("edit")
    path = folder / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    server, thread = start(EditSession(path))
    yield server, path
    server.shutdown()
    server.server_close()
    thread.join(5)


def request(server, method, path, body=None, headers=None, raw=None):
    """(status, headers, body bytes) of one request; `path` is under the token unless it starts with //."""
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    full = path[1:] if path.startswith("//") else f"/{server.token}/{path}"
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    hdrs = {"Content-Type": "application/json"} if data is not None else {}
    hdrs.update(headers or {})
    conn.request(method, full, body=data, headers=hdrs)
    resp = conn.getresponse()
    out = resp.status, dict(resp.getheaders()), resp.read()
    conn.close()
    return out


def state(server):
    status, _, body = request(server, "GET", "api/state")
    assert status == 200
    return json.loads(body)


def test_the_page_and_its_two_static_files(served):
    server, _ = served
    status, headers, body = request(server, "GET", "")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b'src="static/app.js"' in body and b'href="static/app.css"' in body
    for name, kind in (("app.js", "text/javascript"), ("app.css", "text/css")):
        status, headers, body = request(server, "GET", f"static/{name}")
        assert status == 200 and headers["Content-Type"].startswith(kind) and len(body) > 1000


@pytest.mark.parametrize("path", ["//", "//api/state", "//index.html", "//not-the-token/api/state",
                                  "//etc/passwd"])
def test_without_the_token_everything_is_refused(served, path):
    server, _ = served
    status, _, body = request(server, "GET", path)
    assert status == 403
    assert b"token" in body and b"format" not in body


def test_a_token_that_only_starts_right_is_refused(served):
    server, _ = served
    status, _, _ = request(server, "GET", f"//{server.token[:-1]}/api/state")
    assert status == 403
    status, _, _ = request(server, "GET", f"//{server.token}x/api/state")
    assert status == 403


@pytest.mark.parametrize("path", ["../delta.yaml", "delta.yaml", "static/../session.py", "static/index.html",
                                  "static/%2e%2e/server.py", "api/../../etc/passwd", "api/files", "favicon.ico"])
def test_other_paths_under_the_token_are_refused(served, path):
    server, save = served
    status, _, body = request(server, "GET", path)
    assert status == 404
    assert save.read_bytes()[:40] not in body


def test_the_favicon_request_is_answered_without_the_token(served):
    server, _ = served
    status, _, body = request(server, "GET", "//favicon.ico")
    assert status == 204 and body == b""


def test_another_host_header_is_refused(served):
    """A page on another site that resolves its name to 127.0.0.1 (DNS rebinding) gets nothing."""
    server, _ = served
    status, _, _ = request(server, "GET", "api/state", headers={"Host": f"evil.example:{urlparse(server.url).port}"})
    assert status == 403


def test_state_holds_the_save_the_game_and_the_map(served):
    from lostprint.maps.model import standard_map
    from lostprint.saves.games import rules_for

    server, save = served
    st = state(server)
    assert st["save"]["title"] == "By Grace to the Delta" and len(st["save"]["days"]) > 10
    assert st["version"] != "new" and st["exists"] is True
    assert [t["key"] for t in st["game"]["terrains"]] == ["mountains", "hills", "forest", "plains", "jungle",
                                                          "swamp", "lake"]
    assert list(st["game"]["marks"]) == list(rules_for("lost-expedition").mark_kinds)
    assert {r["key"]: r["cap"] for r in st["game"]["resources"]}["food"] == 6
    gm = standard_map("lost-expedition")
    assert sorted(st["map"]["hexes"]) == sorted(gm.hexes)
    assert all(len(corners) == 6 for corners in st["map"]["hexes"].values())
    assert st["map"]["svg"].startswith("<svg") and ">B2<" in st["map"]["svg"]  # coordinates are printed


def test_check_answers_with_the_validators_words(served, tmp_path):
    server, _ = served
    save = state(server)["save"]
    status, _, body = request(server, "POST", "api/check", {"save": save})
    assert status == 200 and json.loads(body)["problems"] == []
    save["days"][2]["moved"] = ["Q9"]
    save["days"][3]["resources"]["food"] = 9
    status, _, body = request(server, "POST", "api/check", {"save": save})
    problems = json.loads(body)["problems"]
    fields = [p["field"] for p in problems]
    assert "days[2].moved[0]" in fields and "days[3].resources.food" in fields
    assert all(p["text"].endswith(f"{p['field']}: {p['message']}") for p in problems)


def test_check_refuses_bodies_that_are_not_a_save(served):
    server, _ = served
    assert request(server, "POST", "api/check", raw=b"{not json")[0] == 400
    assert request(server, "POST", "api/check", {"save": [1, 2]})[0] == 400
    assert request(server, "POST", "api/nothing", {"save": {}})[0] == 404


def test_an_oversized_body_is_refused_before_it_is_read(served):
    from lostprint.edit.server import MAX_BODY

    server, save = served
    before = save.read_bytes()
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.putrequest("POST", f"/{server.token}/api/save")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(MAX_BODY + 1))
    conn.endheaders()
    resp = conn.getresponse()
    assert resp.status == 413 and b"bytes" in resp.read()
    conn.close()
    assert save.read_bytes() == before


def test_a_body_without_its_length_is_refused(served):
    server, _ = served
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.putrequest("POST", f"/{server.token}/api/check")
    conn.endheaders()
    assert conn.getresponse().status == 411
    conn.close()


def test_save_writes_what_validate_reads_and_a_stale_version_is_refused(served):
    server, save = served
    st = state(server)
    data = st["save"]
    data["days"][1]["journal"] = "Rain, and more rain. " * 8
    status, _, body = request(server, "POST", "api/save", {"save": data, "version": st["version"]})
    answer = json.loads(body)
    assert status == 200 and answer["problems"] == [] and answer["version"] != st["version"]
    text = save.read_text()
    assert "# 1572: played by lostprint.players" in text  # the file's comments are kept
    assert "Rain, and more rain. Rain" in text.replace("\n      ", " ")
    assert run_cli("validate", save).returncode == 0
    # a second tab still holding the first version
    data["days"][1]["journal"] = "Another tab's words."
    status, _, body = request(server, "POST", "api/save", {"save": data, "version": st["version"]})
    assert status == 409 and "saved from another page since this page loaded it" in json.loads(body)["error"]
    assert "Another tab" not in save.read_text()
    # a program that changed the file behind the page
    save.write_text(text + "\n# touched\n")
    status, _, body = request(server, "POST", "api/save", {"save": data, "version": answer["version"]})
    assert status == 409 and save.read_text().endswith("# touched\n")
    assert "changed by another program" in json.loads(body)["error"]
    assert state(server)["changed_on_disk"] is True
    # only the user's choice overwrites it
    status, _, body = request(server, "POST", "api/save", {"save": data, "version": answer["version"],
                                                            "overwrite": True})
    assert status == 200 and "Another tab's words." in save.read_text() and "# touched" not in save.read_text()


def test_save_keeps_a_save_with_problems_and_lists_them_as_validate_does(tmp_path):
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    path = tmp_path / "new.yaml"
    server, thread = start(EditSession(path, "1572"))
    try:
        st = state(server)
        assert st["version"] == "new" and st["exists"] is False
        data = st["save"]
        data["days"][0]["moved"] = ["C3"]
        status, _, body = request(server, "POST", "api/save", {"save": data, "version": "new"})
        assert status == 200
        problems = [p["text"] for p in json.loads(body)["problems"]]
        result = run_cli("validate", path)
        assert result.returncode != 0
        assert problems and all(line in result.stdout + result.stderr for line in problems)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_autosave_writes_a_copy_beside_the_save_and_never_the_save(served):
    server, save = served
    before = save.read_bytes()
    data = state(server)["save"]
    data["days"][0]["journal"] = "Autosaved words."
    status, _, body = request(server, "POST", "api/autosave", {"save": data})
    copy = Path(json.loads(body)["file"])
    assert status == 200 and copy.parent == save.parent and copy != save
    assert "Autosaved words." in copy.read_text() and save.read_bytes() == before


def test_preview_is_the_journal_pdf_or_the_reason_it_cannot_be(served):
    server, _ = served
    data = state(server)["save"]
    status, headers, body = request(server, "POST", "api/preview", {"save": data})
    assert status == 200 and headers["Content-Type"] == "application/pdf" and body.startswith(b"%PDF")
    assert b"By Grace to the Delta" in body or len(body) > 20_000
    data["days"][0]["resources"]["food"] = 7
    status, _, body = request(server, "POST", "api/preview", {"save": data})
    answer = json.loads(body)
    assert status == 422 and answer["problems"][0]["field"] == "days[0].resources.food"


def test_edit_refuses_crows_records_and_a_new_save_without_its_game(tmp_path):
    result = run_cli("edit", tmp_path / "x.yaml", "--no-browser")
    assert result.returncode == 2 and "--game" in result.stderr
    # a Crows record opens the scorekeeper's page (tests/test_play_crows.py); one whose turns break a rule
    # is refused in one line
    result = run_cli("edit", ROOT / "tests" / "data" / "review" / "crows" / "place-stack-bad.yaml", "--no-browser")
    assert result.returncode != 0 and "never stack" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_save_broken_behind_the_page_is_one_clear_error(tmp_path):
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    path = tmp_path / "broken.yaml"
    shutil.copy(EXAMPLE_1572, path)
    server, thread = start(EditSession(path))
    try:
        path.write_text("days: [\n")
        status, _, body = request(server, "GET", "api/state")  # the page still gets the work it had
        assert status == 200 and json.loads(body)["changed_on_disk"] is True
        status, _, body = request(server, "POST", "api/take-file", {})  # and the file is one clear line
        assert status == 400 and "broken.yaml:" in json.loads(body)["error"]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
