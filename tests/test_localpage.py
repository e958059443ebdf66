"""The local pages' one server plumbing (lostprint.app.localpage), on its own: a handler with a few
test routes over real sockets. What `lostprint edit` and `lostprint play` both rely on: the token, the
Host and Origin checks, JSON answers to everything (strict, both ways), body limits, idle connections
closed, one line for a failure, serving until SIGTERM."""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import threading
import time
from http import HTTPStatus
from urllib.parse import urlparse

import pytest

from lostprint.app.localpage import LocalServer, PageHandler, listen, serve, start


class Echo(PageHandler):
    name = "lostprint test"
    package = "lostprint.play"  # a package with a static/ folder
    static = {"play.css": "text/css; charset=utf-8"}
    max_body = 1000

    def do_GET(self):  # noqa: N802
        rest = self.route()
        if rest is None or self.page(rest, "play.html"):
            return
        if rest == "nan":
            self.answer(lambda: self.send_json(200, {"x": float("nan")}))
        elif rest == "boom":
            self.answer(lambda: 1 / 0)
        elif rest == "escapes":
            raise RuntimeError("a route that answers nothing")
        elif rest == "gone":
            raise BrokenPipeError("the page closed")
        else:
            self.refuse(HTTPStatus.NOT_FOUND, "not here")

    def do_POST(self):  # noqa: N802
        rest = self.route()
        body = None if rest is None else self.read_body()
        if body is not None:
            self.answer(lambda: self.send_json(200, {"got": body}))


class Quick(Echo):
    timeout = 1  # seconds idle before the connection is closed


def strict(body: bytes):
    return json.loads(body, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))


@pytest.fixture(scope="module")
def served():
    server = listen(Echo, session=None)
    thread = start(server)
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)


def request(server, method, path, body=None, headers=None):
    """(status, headers, body) of one request; `path` is under the token unless it starts with //."""
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.request(method, path[1:] if path.startswith("//") else f"/{server.token}/{path}", body=body,
                 headers=headers or {})
    resp = conn.getresponse()
    out = resp.status, dict(resp.getheaders()), resp.read()
    conn.close()
    return out


def raw(server, data: bytes) -> bytes:
    url = urlparse(server.url)
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(data)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
        return out


def test_the_page_and_its_static_files_only(served):
    status, headers, body = request(served, "GET", "")
    assert status == 200 and headers["Content-Type"].startswith("text/html") and b"play.css" in body
    assert headers["Cache-Control"] == "no-store" and headers["X-Content-Type-Options"] == "nosniff"
    status, headers, _ = request(served, "GET", "static/play.css")
    assert status == 200 and headers["Content-Type"].startswith("text/css")
    for path in ("static/play.js", "static/play.html", "static/../server.py", "play.html", "static/"):
        status, headers, body = request(served, "GET", path)  # play.js: a file of the package not in the table
        assert status == 404 and strict(body) == {"error": "not here"}, path


@pytest.mark.parametrize("path", ["//", "//api/state", "//not-the-token/", "//static/play.css"])
def test_without_the_token_the_answer_is_403_json(served, path):
    status, headers, body = request(served, "GET", path)
    assert status == 403 and headers["Content-Type"].startswith("application/json")
    assert strict(body) == {"error": "open the address lostprint test printed (it carries the token)"}


def test_a_token_that_only_starts_right_is_refused(served):
    assert request(served, "GET", f"//{served.token[:-1]}/")[0] == 403
    assert request(served, "GET", f"//{served.token}x/")[0] == 403


def test_another_host_or_origin_is_refused_and_the_favicon_needs_no_token(served):
    port = served.server_address[1]
    status, _, body = request(served, "GET", "", headers={"Host": f"evil.example:{port}"})
    assert status == 403 and "127.0.0.1" in strict(body)["error"]
    status, _, body = request(served, "POST", "echo", b"{}", {"Origin": "http://evil.example"})
    assert status == 403 and strict(body)["error"]
    status, _, _ = request(served, "POST", "echo", b"{}", {"Origin": f"http://localhost:{port}"})
    assert status == 200
    status, _, body = request(served, "GET", "//favicon.ico")
    assert status == 204 and body == b""


def test_bodies_need_their_length_a_limit_and_strict_json(served):
    status, _, body = request(served, "POST", "echo", b'{"a": [1, "\\u00e9"]}')
    assert status == 200 and strict(body) == {"got": {"a": [1, "é"]}}
    for length in ("\u00b2", "-1", "abc", "1e3"):
        answer = raw(served, f"POST /{served.token}/echo HTTP/1.1\r\nHost: {urlparse(served.url).netloc}\r\n"
                             f"Content-Length: {length}\r\n\r\n{{}}".encode("utf-8"))
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split()[1] == b"411" and strict(body)["error"], length
    for bad in (b'{"x": NaN}', b'{"x": Infinity}', b"{not json", b"\xff{}", b""):
        status, _, body = request(served, "POST", "echo", bad)
        assert status == 400 and strict(body)["error"] == "the request is not JSON", bad[:10]
    status, _, body = request(served, "POST", "echo", b"[1, 2]")
    assert status == 400 and strict(body)["error"] == "the request is not a JSON object"


def test_an_oversized_body_is_refused_before_it_is_read(served):
    url = urlparse(served.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.putrequest("POST", f"/{served.token}/echo")
    conn.putheader("Content-Length", "1001")
    conn.endheaders()  # and no body: the answer comes without waiting for it
    resp = conn.getresponse()
    assert resp.status == 413 and strict(resp.read())["error"] == \
        "the request is 1,001 bytes; this page takes at most 1,000"
    conn.close()


def test_an_answer_that_is_not_strict_json_and_a_failure_are_json_500(served):
    status, _, body = request(served, "GET", "nan")
    assert status == 500 and "ValueError" in strict(body)["error"]
    status, _, body = request(served, "GET", "boom")
    assert status == 500 and strict(body) == {
        "error": "lostprint test could not do this (ZeroDivisionError: division by zero)"}


def test_the_standard_librarys_own_errors_are_json(served):
    netloc = urlparse(served.url).netloc
    for line, code in ((b"\r\n", b"400"), (b"BREW / HTTP/1.1\r\nHost: " + netloc.encode() + b"\r\n", b"501"),
                       (b"GET / HTTP/2.0\r\n", b"505"), (b"GET /" + b"x" * 70_000 + b" HTTP/1.1\r\n", b"414")):
        head, _, body = raw(served, line + b"\r\n").partition(b"\r\n\r\n")
        assert head.split()[1] == code and strict(body)["error"], line[:20]
    status, _, body = request(served, "PUT", "", b"{}")
    assert status == 405 and strict(body) == {"error": "this page answers GET and POST"}


def test_a_failure_outside_an_answer_is_one_line_and_a_closed_page_none(served, capsys):
    url = urlparse(served.url)
    for path in ("escapes", "gone"):
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        conn.request("GET", f"/{served.token}/{path}")
        with pytest.raises(http.client.RemoteDisconnected):
            conn.getresponse()
        conn.close()
    time.sleep(0.2)
    err = capsys.readouterr().err
    assert err == "lostprint test: a request failed (RuntimeError: a route that answers nothing)\n"


def test_an_idle_connection_is_closed_after_its_timeout():
    server = listen(Quick, session=None)
    thread = start(server)
    url = urlparse(server.url)
    try:
        for sent in (b"", b"GET /"):  # nothing at all, and a request line left unfinished
            with socket.create_connection((url.hostname, url.port), timeout=20) as sock:
                sock.sendall(sent)
                began = time.monotonic()
                assert sock.recv(100) == b""  # closed by the server, no answer owed
                assert 0.9 <= time.monotonic() - began < 10
        assert request(server, "GET", "")[0] == 200  # and the server goes on answering
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_connections_past_the_limit_get_503_at_once():
    server = listen(Echo, session=None)
    server.slots = threading.BoundedSemaphore(2)
    thread = start(server)
    url = urlparse(server.url)
    held = [socket.create_connection((url.hostname, url.port), timeout=20) for _ in range(2)]
    try:
        time.sleep(0.2)
        with socket.create_connection((url.hostname, url.port), timeout=20) as sock:
            answer = sock.recv(1000)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 503") and strict(body)["error"].startswith("too many connections")
    finally:
        for sock in held:
            sock.close()
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_a_port_in_use_is_one_line(served):
    from lostprint.errors import UsageError

    port = served.server_address[1]
    with pytest.raises(UsageError, match=rf"^cannot listen on 127.0.0.1 port {port} \(.*\): choose another --port"):
        listen(Echo, None, port)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals: the main thread")
def test_serve_says_so_when_no_browser_opens_and_stops_on_sigterm():
    server = listen(Echo, session=None)
    port = server.server_address[1]
    before = signal.getsignal(signal.SIGTERM)
    said, opened = [], []

    def say(line):
        said.append(line)
        if line == "hello":  # serving by now: SIGTERM stops it as `kill` would
            threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM)).start()

    def browse(url):
        opened.append(url)
        return False

    serve(server, ["hello", "world"], browse, say)
    assert opened == [server.url]
    assert said == ["hello", "world", "no browser could be opened: open the address above in yours", "stopped"]
    assert signal.getsignal(signal.SIGTERM) == before
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    said.clear()
    serve(listen(Echo, session=None), ["hello"], None, say)  # --no-browser: nothing opened, nothing said of it
    assert said == ["hello", "stopped"]


def test_the_server_is_bound_to_loopback_with_a_new_token_each_time(served):
    other = listen(Echo, None)
    other.server_close()
    assert isinstance(served, LocalServer) and served.server_address[0] == "127.0.0.1"
    assert served.url == f"http://127.0.0.1:{served.server_address[1]}/{served.token}/"
    assert len(served.token) >= 32 and other.token != served.token


@pytest.fixture(params=["edit", "play crows"])
def command_server(request, tmp_path):
    """A real command's server: `lostprint edit` on a new 1572 save, `lostprint play crows`."""
    if request.param == "edit":
        from lostprint.edit.server import start as start_command
        from lostprint.edit.session import EditSession

        session = EditSession(tmp_path / "new.yaml", "1572")
    else:
        from lostprint.play.crows_session import CrowsSession
        from lostprint.play.server import start as start_command

        session = CrowsSession(tmp_path / "g.yaml", "play")
    server, thread = start_command(session)
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_both_commands_pages_answer_through_the_one_plumbing(command_server):
    """Before the plumbing was shared, `lostprint play` answered these with the standard library's HTML
    (501 for PUT and BREW) or 400 for a body over its limit, and served any number of connections."""
    server = command_server
    assert server.RequestHandlerClass.__mro__[1] is PageHandler
    status, _, body = request(server, "PUT", "api/state", b"{}")
    assert status == 405 and strict(body)["error"]
    head, _, body = raw(server, b"BREW / HTTP/1.1\r\n\r\n").partition(b"\r\n\r\n")
    assert head.split()[1] == b"501" and strict(body)["error"]
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.putrequest("POST", f"/{server.token}/api/check")
    conn.putheader("Content-Length", str(server.RequestHandlerClass.max_body + 1))
    conn.endheaders()
    resp = conn.getresponse()
    assert resp.status == 413 and "bytes" in strict(resp.read())["error"]
    conn.close()
    status, _, body = request(server, "POST", "api/check", b'{"value": NaN, "save": {}}')
    assert status == 400 and strict(body)["error"] == "the request is not JSON"
    assert isinstance(server.slots, threading.BoundedSemaphore)
