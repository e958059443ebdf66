"""The local page of `lostprint play`: the standard library's threading HTTP server, bound to
127.0.0.1, answering only under a random token (the editor's safety model), only these routes:

  GET  /TOKEN/                  the page        GET /TOKEN/static/play.js|play.css
  GET  /TOKEN/api/state         the game: board, the open step as a question, the route, the score
  GET  /TOKEN/api/map           the map as the sheet prints it (SVG) and every hex's corners
  POST /TOKEN/api/give          {value} -> state: dice faces, or the plain form of a legal choice
  POST /TOKEN/api/roll          {} -> state: the page rolls the open step's dice (seeded, recorded)
  POST /TOKEN/api/undo          {} -> state: the last input taken back
  POST /TOKEN/api/journal       {day, text} -> state
  POST /TOKEN/api/hint          {} -> {choice, label, win_chance}: what the careful player would do
  POST /TOKEN/api/check         {value} -> {ok} or {ok: false, why}: would this input be taken now
  GET  /favicon.ico             204
A game of Crows (lostprint.play.crows_session) is served the same way from crows.html, its POST routes
api/give, api/undo, api/check, api/setup {players, title} and api/save {overwrite} (edit mode).

No request names a file. A refused input answers 422 with the rule it breaks; every request gets a
JSON answer; a page closed mid-answer is ignored.
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

from lostprint.engine.contract import RuleError
from lostprint.play.crows_session import CrowsSession
from lostprint.play.session import PlaySession

GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)
STATIC = {"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8",
          "crows.js": "text/javascript; charset=utf-8", "crows.css": "text/css; charset=utf-8"}
MAX_BODY = 64 * 1024  # not a rule: the largest request the page sends is a journal line
TIMEOUT = 30  # not a rule: seconds a connection may sit idle


class PlayServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, session: PlaySession | CrowsSession, port: int = 0, token: str | None = None):
        super().__init__(("127.0.0.1", port), Handler)
        self.session = session
        self.token = token or secrets.token_urlsafe(24)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/{self.token}/"

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, GONE):
            return
        print(f"lostprint play: a request failed ({type(exc).__name__}: {str(exc)[:200]})", file=sys.stderr)


class Handler(BaseHTTPRequestHandler):
    server: PlayServer
    server_version = "lostprint-play"
    sys_version = ""
    timeout = TIMEOUT

    def log_message(self, format, *args):  # noqa: A002 - quiet: the terminal shows only the URL
        pass

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value) -> None:
        self._send(status, json.dumps(value, ensure_ascii=True, allow_nan=False).encode("ascii"),
                   "application/json; charset=utf-8")

    def _route(self) -> str | None:
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self._json(HTTPStatus.FORBIDDEN, {"error": "this page answers only on 127.0.0.1"})
            return None
        origin = self.headers.get("Origin")
        if origin is not None and origin not in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            self._json(HTTPStatus.FORBIDDEN, {"error": "requests from other pages are refused"})
            return None
        path = self.path.split("?", 1)[0]
        if path == "/favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
            return None
        prefix, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(prefix.encode(), self.server.token.encode()):
            self._json(HTTPStatus.FORBIDDEN, {"error": "open the address lostprint play printed (it carries the token)"})
            return None
        return rest

    def _answer(self, work) -> None:
        try:
            self._json(200, work())
        except GONE:
            raise
        except RuleError as exc:
            self._json(422, {"error": str(exc), "rule": exc.rule})
        except (ValueError, TypeError, KeyError) as exc:
            self._json(400, {"error": str(exc)[:300]})
        except Exception as exc:  # noqa: BLE001 - an answer for every request; the page shows it
            self._json(500, {"error": f"lostprint play could not do this ({type(exc).__name__}: {str(exc)[:200]})"})

    def do_GET(self):  # noqa: N802 - the stdlib's name
        rest = self._route()
        if rest is None:
            return
        session = self.server.session
        if rest in ("", "index.html"):
            self._send(200, _static(getattr(session, "PAGE", "play.html")), "text/html; charset=utf-8")
        elif rest.startswith("static/") and rest[len("static/"):] in STATIC:
            name = rest[len("static/"):]
            self._send(200, _static(name), STATIC[name])
        elif rest == "api/state":
            self._answer(session.view)
        elif rest == "api/map" and hasattr(session, "drawing"):
            self._answer(session.drawing)
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": "not here"})

    do_HEAD = do_GET

    def do_POST(self):  # noqa: N802
        rest = self._route()
        if rest is None:
            return
        body = self._body()
        if body is None:
            return
        session = self.server.session
        if isinstance(session, CrowsSession):
            actions = session.actions(body)
        else:
            actions = {
                "api/give": lambda: session.give(body.get("value")),
                "api/roll": session.roll,
                "api/undo": session.undo,
                "api/journal": lambda: session.write_journal(body.get("day"), body.get("text")),
                "api/hint": session.hint,
                "api/check": lambda: session.check(body.get("value")),
            }
        if rest not in actions:
            self._json(HTTPStatus.NOT_FOUND, {"error": "not here"})
            return
        self._answer(actions[rest])

    def _body(self):
        length = self.headers.get("Content-Length", "0")
        if not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY:
            self.close_connection = True
            self._json(HTTPStatus.BAD_REQUEST, {"error": f"a request body of at most {MAX_BODY} bytes, with its length"})
            return None
        try:
            body = json.loads(self.rfile.read(int(length)).decode("utf-8") or "{}")
        except (UnicodeDecodeError, ValueError, RecursionError):
            body = None
        if not isinstance(body, dict):
            self._json(HTTPStatus.BAD_REQUEST, {"error": "the request is not a JSON object"})
            return None
        return body


def _static(name: str) -> bytes:
    return resources.files("lostprint.play").joinpath("static", name).read_bytes()


def start(session: PlaySession, port: int = 0, token: str | None = None) -> tuple[PlayServer, threading.Thread]:
    """The server answering in a background thread (tests, and `serve`)."""
    server = PlayServer(session, port, token)
    thread = threading.Thread(target=server.serve_forever, name="lostprint-play", daemon=True)
    thread.start()
    return server, thread


def serve(session: PlaySession, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Serve until Ctrl-C or SIGTERM; every step is already on disk, so stopping loses nothing."""
    import signal
    import webbrowser

    from lostprint.errors import UsageError

    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        server, _ = start(session, port)
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1:{port} ({exc.strerror or exc})") from None
    try:
        command = "edit" if getattr(session, "mode", "play") == "edit" else "play"
        say(f"lostprint {command}: {session.save} — open {server.url}  (Ctrl-C to stop; every step is kept)")
        if open_browser:
            try:
                opened = bool(webbrowser.open(server.url))
            except Exception:  # noqa: BLE001 - a broken browser setting is the same as none
                opened = False
            if not opened:
                say(f"lostprint {command}: no browser could be opened here; open the address above yourself")
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.shutdown()
        server.server_close()
