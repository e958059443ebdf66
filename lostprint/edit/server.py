"""The local web page of `lostprint edit`: the standard library's threading HTTP server, bound to
127.0.0.1, answering only under a random token, only these routes:

  GET  /TOKEN/                 the page          GET  /TOKEN/static/app.js|app.css
  GET  /TOKEN/api/state        save, version, game, map
  POST /TOKEN/api/check        {save} -> {problems}
  POST /TOKEN/api/save         {save, version} -> {version, problems}; 409 when the file changed
  POST /TOKEN/api/autosave     {save} -> {file}
  POST /TOKEN/api/preview      {save} -> the journal PDF; 422 {problems} when the save is not clean

Anything else is refused: no token or a wrong one 403, another Host 403, another path 404, a
body over the save size limit 413. Nothing under the token reads a path the request names.
"""
from __future__ import annotations

import hmac
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from lostprint.edit.session import EditSession, StaleSave
from lostprint.errors import LostprintError
from lostprint.files import SAVE, LoadError

MAX_BODY = SAVE.limit + 100_000  # a save's own limit plus the JSON around it
STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}


def _static(name: str) -> bytes:
    return resources.files("lostprint.edit").joinpath("static", name).read_bytes()


def _problems(problems) -> list[dict]:
    return [{"line": p.line, "field": p.field, "message": p.message, "text": p.text} for p in problems]


class EditServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, session: EditSession, port: int = 0, token: str | None = None):
        super().__init__(("127.0.0.1", port), Handler)
        self.session = session
        self.token = token or secrets.token_urlsafe(24)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/{self.token}/"


class Handler(BaseHTTPRequestHandler):
    server: EditServer
    server_version = "lostprint-edit"
    sys_version = ""

    def log_message(self, format, *args):  # noqa: A002 - quiet: the terminal shows only the URL
        pass

    # --- answers -------------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value) -> None:
        self._send(status, json.dumps(value, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _refuse(self, status: HTTPStatus, why: str) -> None:
        self.close_connection = True
        self._json(status, {"error": why})

    # --- routing -------------------------------------------------------------------------------

    def _route(self) -> str | None:
        """The path under the token, or None after refusing the request."""
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self._refuse(HTTPStatus.FORBIDDEN, "this page answers only on 127.0.0.1")
            return None
        path = self.path.split("?", 1)[0]
        prefix, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(prefix.encode(), self.server.token.encode()):
            self._refuse(HTTPStatus.FORBIDDEN, "open the address lostprint edit printed (it carries the token)")
            return None
        return rest

    def _body(self):
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a request body needs its length")
            return None
        if int(length) > MAX_BODY:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                         f"the request is {int(length):,} bytes; a save may hold {SAVE.limit_text()}")
            return None
        raw = self.rfile.read(int(length))
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self._refuse(HTTPStatus.BAD_REQUEST, "the request is not JSON")
            return None
        if not isinstance(body, dict) or not isinstance(body.get("save"), dict):
            self._refuse(HTTPStatus.BAD_REQUEST, "the request names no save")
            return None
        return body

    def do_GET(self):  # noqa: N802 - the stdlib's name
        rest = self._route()
        if rest is None:
            return
        if rest in ("", "index.html"):
            self._send(200, _static("index.html"), "text/html; charset=utf-8")
        elif rest.startswith("static/") and rest[len("static/"):] in STATIC:
            name = rest[len("static/"):]
            self._send(200, _static(name), STATIC[name])
        elif rest == "api/state":
            try:
                self._json(200, self.server.session.state())
            except (LostprintError, LoadError) as exc:  # the file was broken behind the page
                self._json(400, {"error": str(exc)})
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "not here: this page serves only its own save")

    do_HEAD = do_GET

    def do_POST(self):  # noqa: N802
        rest = self._route()
        if rest is None:
            return
        if rest not in ("api/check", "api/save", "api/autosave", "api/preview"):
            self._refuse(HTTPStatus.NOT_FOUND, "not here: this page serves only its own save")
            return
        body = self._body()
        if body is None:
            return
        session = self.server.session
        try:
            if rest == "api/check":
                self._json(200, {"problems": _problems(session.check(body["save"]))})
            elif rest == "api/save":
                version, problems = session.save(body["save"], str(body.get("version", "")))
                self._json(200, {"version": version, "file": session.source, "problems": _problems(problems)})
            elif rest == "api/autosave":
                self._json(200, {"file": str(session.autosave(body["save"]))})
            else:
                problems = session.check(body["save"])
                if problems:
                    self._json(422, {"error": "fix the problems first: the journal is made from a clean save",
                                     "problems": _problems(problems)})
                else:
                    self._send(200, session.preview(body["save"]), "application/pdf")
        except StaleSave as exc:
            self._json(409, {"error": str(exc)})
        except LostprintError as exc:
            self._json(400, {"error": str(exc)})


def start(session: EditSession, port: int = 0, token: str | None = None) -> tuple[EditServer, threading.Thread]:
    """The server answering in a background thread (tests, and `serve` below)."""
    server = EditServer(session, port, token)
    thread = threading.Thread(target=server.serve_forever, name="lostprint-edit", daemon=True)
    thread.start()
    return server, thread


def serve(session: EditSession, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Serve until Ctrl-C (or SIGTERM): then stop answering, close the socket and return."""
    import signal

    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        server, thread = start(session, port)
    except OSError as exc:
        signal.signal(signal.SIGTERM, previous)
        raise LostprintError(f"cannot listen on 127.0.0.1 port {port} ({exc.strerror or exc}): "
                             "choose another --port, or leave it out for a free one") from None
    try:
        say(f"editing {session.source} at {server.url}")
        say("press Ctrl-C to stop (save in the page first: unsaved edits are in the autosave copy)")
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.shutdown()
        server.server_close()
        thread.join(5)
    say("stopped")
