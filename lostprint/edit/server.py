"""The local web page of `lostprint edit`: the standard library's threading HTTP server, bound to
127.0.0.1, answering only under a random token, only these routes:

  GET  /TOKEN/                 the page          GET  /TOKEN/static/app.js|app.css
  GET  /TOKEN/api/state        the working copy, its file's status, game, map, forms
  GET  /TOKEN/api/work         the working copy and status (?since=REV: the status alone while the
                               working copy is still at REV)
  POST /TOKEN/api/keep         {save, rev} -> status; the edit is in the autosave copy when answered;
                               409 {work} when another page's newer work should be built on first
  POST /TOKEN/api/check        {save} -> {problems}, or {superseded} when a newer check came first
  POST /TOKEN/api/save         {save, version, rev, overwrite} -> {version, problems}; 409 when the
                               file changed on disk (and `overwrite` was not chosen) or another page's
                               work is newer
  POST /TOKEN/api/take-file    {} -> the file on disk becomes the working copy (the user's choice)
  POST /TOKEN/api/autosave     {save} -> {file}
  POST /TOKEN/api/preview      {save} -> the journal PDF; 422 {problems} when the save is not clean
  GET  /favicon.ico            204, without the token (browsers ask for it on their own)

Anything else is refused: no token or a wrong one 403, another Host 403, another path 404, a
body over the save size limit 413. Nothing under the token reads a path the request names. Every
request gets an answer (a JSON error for anything unexpected); a page closed mid-answer is ignored.
"""
from __future__ import annotations

import hmac
import json
import secrets
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from lostprint.edit.session import EditSession, OtherPage, StaleSave
from lostprint.errors import LostprintError
from lostprint.files import SAVE, LoadError

MAX_BODY = SAVE.limit + 100_000  # a save's own limit plus the JSON around it
STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}
GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)  # the page went away


def _static(name: str) -> bytes:
    return resources.files("lostprint.edit").joinpath("static", name).read_bytes()


def _not_json(word: str):
    raise ValueError(f"{word} is not JSON")  # NaN and Infinity: Python reads them, the page never sends them


def _problems(problems) -> list[dict]:
    return [{"line": p.line, "field": p.field, "message": p.message, "text": p.text} for p in problems]


MAX_CONNECTIONS = 32  # not a rule: connections served at once (a page uses a few); more get 503 at once
IDLE_SECONDS = 20  # not a rule: a connection that sends nothing this long is closed
BUSY_BODY = b'{"error": "too many connections: try again in a moment"}'
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Content-Length: " + str(len(BUSY_BODY)).encode() + b"\r\n\r\n" + BUSY_BODY)


class EditServer(ThreadingHTTPServer):
    """A thread per connection, at most MAX_CONNECTIONS at once, each closed when idle."""

    daemon_threads = True
    request_queue_size = 128  # connections waiting to be accepted (each then served or told 503 at once)

    def __init__(self, session: EditSession, port: int = 0, token: str | None = None):
        super().__init__(("127.0.0.1", port), Handler)
        self.session = session
        self.token = token or secrets.token_urlsafe(24)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1)
                request.sendall(BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/{self.token}/"

    def handle_error(self, request, client_address) -> None:
        """A page closed mid-answer is nothing to report; anything else is one line, no traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, GONE):
            return
        print(f"lostprint edit: a request failed ({type(exc).__name__}: {str(exc)[:200]})", file=sys.stderr)


class Handler(BaseHTTPRequestHandler):
    server: EditServer
    server_version = "lostprint-edit"
    sys_version = ""
    timeout = IDLE_SECONDS
    default_request_version = "HTTP/1.0"  # every answer has a status line, even to a broken request line

    def log_message(self, format, *args):  # noqa: A002 - quiet: the terminal shows only the URL
        pass

    def parse_request(self) -> bool:
        if not self.raw_requestline.strip():  # a blank request line: the stdlib would close without a word
            self.command, self.requestline, self.request_version = "", "", self.default_request_version
            self.send_error(HTTPStatus.BAD_REQUEST, "an empty request")
            return False
        return super().parse_request()

    def send_error(self, code, message=None, explain=None) -> None:
        """The standard library's errors (a bad request line, an unknown method) as JSON too."""
        self.close_connection = True
        self._json(code, {"error": message or HTTPStatus(code).phrase})

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
        try:
            body = json.dumps(value, ensure_ascii=True, allow_nan=False).encode("ascii")
        except (ValueError, TypeError, RecursionError) as exc:  # still an answer, and strict JSON
            status = 500
            body = json.dumps({"error": f"lostprint edit could not do this ({type(exc).__name__}: "
                                        f"{str(exc)[:200]})"}).encode("ascii")
        self._send(status, body, "application/json; charset=utf-8")

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
        if path == "/favicon.ico":
            self.send_response(HTTPStatus.NO_CONTENT)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        origin = self.headers.get("Origin")
        if origin is not None and origin not in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            self._refuse(HTTPStatus.FORBIDDEN, "this page answers only its own pages")
            return None
        prefix, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(prefix.encode(), self.server.token.encode()):
            self._refuse(HTTPStatus.FORBIDDEN, "open the address lostprint edit printed (it carries the token)")
            return None
        return rest

    def _body(self):
        length = self.headers.get("Content-Length")
        if length is None or not (length.isascii() and length.isdigit()):
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a request body needs its length")
            return None
        if int(length) > MAX_BODY:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                         f"the request is {int(length):,} bytes; a save may hold {SAVE.limit_text()}")
            return None
        raw = self.rfile.read(int(length))
        try:
            body = json.loads(raw.decode("utf-8"), parse_constant=_not_json)
        except (UnicodeDecodeError, ValueError, RecursionError):
            self._refuse(HTTPStatus.BAD_REQUEST, "the request is not JSON")
            return None
        if not isinstance(body, dict):
            self._refuse(HTTPStatus.BAD_REQUEST, "the request names no save")
            return None
        return body

    def _answer(self, work) -> None:
        """Run `work()` (which answers), answering any failure: a JSON error, never a dropped request."""
        try:
            work()
        except GONE:
            raise
        except OtherPage as exc:
            self._json(409, {"error": str(exc), "other": exc.work})
        except StaleSave as exc:
            self._json(409, {"error": str(exc), "stale": True})
        except (LostprintError, LoadError) as exc:
            self._json(400, {"error": str(exc)})
        except RecursionError:
            self._json(400, {"error": "the save is nested too deeply"})
        except Exception as exc:  # noqa: BLE001 - an answer for every request; the page shows it once
            self._json(500, {"error": f"lostprint edit could not do this ({type(exc).__name__}: {str(exc)[:200]})"})

    def do_GET(self):  # noqa: N802 - the stdlib's name
        rest = self._route()
        if rest is None:
            return
        session = self.server.session
        if rest in ("", "index.html"):
            self._send(200, _static("index.html"), "text/html; charset=utf-8")
        elif rest.startswith("static/") and rest[len("static/"):] in STATIC:
            name = rest[len("static/"):]
            self._send(200, _static(name), STATIC[name])
        elif rest == "api/state":
            self._answer(lambda: self._json(200, session.state()))
        elif rest == "api/work":
            since = self.path.partition("?since=")[2]
            self._answer(lambda: self._json(200, session.working(since)))
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "not here: this page serves only its own save")

    do_HEAD = do_GET

    def _not_allowed(self) -> None:
        if self._route() is not None:
            self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, "this page answers GET and POST")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed

    def do_POST(self):  # noqa: N802
        rest = self._route()
        if rest is None:
            return
        if rest not in ("api/check", "api/save", "api/autosave", "api/preview", "api/keep", "api/take-file"):
            self._refuse(HTTPStatus.NOT_FOUND, "not here: this page serves only its own save")
            return
        body = self._body()
        if body is None:
            return
        if rest != "api/take-file" and not isinstance(body.get("save"), dict):
            self._refuse(HTTPStatus.BAD_REQUEST, "the request names no save")
            return
        self._answer(lambda: self._post(rest, body))

    def _post(self, rest: str, body: dict) -> None:
        session = self.server.session
        if rest == "api/check":
            problems = session.check(body["save"])
            self._json(200, {"superseded": True} if problems is None else {"problems": _problems(problems)})
        elif rest == "api/keep":
            self._json(200, session.keep(body["save"], body.get("rev")))
        elif rest == "api/save":
            version, problems = session.save(body["save"], str(body.get("version", "")), body.get("rev"),
                                             body.get("overwrite") is True)
            self._json(200, {"file": session.source, "problems": _problems(problems), **session.status(),
                             "version": version})
        elif rest == "api/take-file":
            self._json(200, session.take_file())
        elif rest == "api/autosave":
            self._json(200, {"file": str(session.autosave(body["save"]))})
        else:
            problems = session.check(body["save"])
            if problems is None:
                self._json(409, {"error": "the save changed while its journal was being made: try again"})
            elif problems:
                self._json(422, {"error": "fix the problems first: the journal is made from a clean save",
                                 "problems": _problems(problems)})
            else:
                self._send(200, session.preview(body["save"]), "application/pdf")


def start(session: EditSession, port: int = 0, token: str | None = None) -> tuple[EditServer, threading.Thread]:
    """The server answering in a background thread (tests, and `serve` below)."""
    server = EditServer(session, port, token)
    thread = threading.Thread(target=server.serve_forever, name="lostprint-edit", daemon=True)
    thread.start()
    return server, thread


def open_in_browser(url: str) -> bool:
    """True when a browser was started on `url`."""
    import webbrowser

    try:
        return bool(webbrowser.open(url))
    except Exception:  # noqa: BLE001 - a broken browser setting is the same as none
        return False


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
        if session.recovered:
            say(f"unsaved work from {session.recovered['at']} is back in the page (from {session.recovered['file']})")
        say("press Ctrl-C to stop (every edit is kept in the autosave copy until you Save)")
        if open_browser and not open_in_browser(server.url):
            say("no browser could be opened: open the address above in yours")
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
