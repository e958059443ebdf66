"""A local page's server, the one plumbing of `lostprint edit` and `lostprint play` (their own modules
hold only their routes): the standard library's threading HTTP server, bound to 127.0.0.1.

  - it answers only under a random token in the address (compared in constant time); another Host
    (DNS rebinding) or another Origin is 403, GET /favicon.ico is 204 without the token;
  - every request gets a JSON answer, the standard library's own errors included, in strict JSON
    (no NaN or Infinity either way: a request holding them is not JSON);
  - a body needs its length (411) and at most the handler's `max_body` bytes (413, refused unread);
  - at most MAX_CONNECTIONS connections at once (more get 503 at once), each closed when idle;
  - a page closed mid-answer is ignored; any other failure is one line on stderr, never a traceback;
  - static files come from the serving package's `static/` folder, named in its STATIC table;
  - `serve` opens the browser (or says none opened) and serves until Ctrl-C or SIGTERM.
"""
from __future__ import annotations

import hmac
import json
import secrets
import signal
import sys
import threading
import webbrowser  # ~3 ms: only the local pages' servers import this module
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from lostprint.errors import UsageError

GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)  # the page went away
MAX_CONNECTIONS = 32  # not a rule: connections served at once (a page uses a few); more get 503 at once
BUSY_BODY = b'{"error": "too many connections: try again in a moment"}'
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Content-Length: " + str(len(BUSY_BODY)).encode() + b"\r\n\r\n" + BUSY_BODY)


def _not_json(word: str):
    raise ValueError(f"{word} is not JSON")  # NaN and Infinity: Python reads them, a page never sends them


def strict_json(value) -> bytes:
    """`value` as JSON a browser reads: ASCII, no NaN or Infinity (ValueError for those)."""
    return json.dumps(value, ensure_ascii=True, allow_nan=False).encode("ascii")


def read_json(raw: bytes):
    """A request's JSON, strictly (ValueError, UnicodeDecodeError or RecursionError when it is not)."""
    return json.loads(raw.decode("utf-8"), parse_constant=_not_json)


def failure(name: str, exc: BaseException) -> dict:
    return {"error": f"{name} could not do this ({type(exc).__name__}: {str(exc)[:200]})"}


class LocalServer(ThreadingHTTPServer):
    """A thread per connection, at most MAX_CONNECTIONS at once; `session` is what the routes serve."""

    daemon_threads = True
    request_queue_size = 128  # connections waiting to be accepted (each then served or told 503 at once)

    def __init__(self, handler: type[PageHandler], session, port: int = 0, token: str | None = None):
        super().__init__(("127.0.0.1", port), handler)
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
        print(f"{self.RequestHandlerClass.name}: a request failed ({type(exc).__name__}: {str(exc)[:200]})",
              file=sys.stderr)


class PageHandler(BaseHTTPRequestHandler):
    """What every request of a local page goes through; a subclass adds do_GET and do_POST."""

    server: LocalServer
    name = "lostprint"  # the command, as the page's messages name it
    package = ""  # whose static/ folder the page's files are in (the subclass's __package__)
    static: dict[str, str] = {}  # file name -> Content-Type
    max_body = 64 * 1024
    timeout = 20  # seconds a connection may sit idle
    sys_version = ""
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
        """The standard library's errors (a bad request line, headers too long) as JSON too."""
        self.close_connection = True
        self.send_json(code, {"error": message or HTTPStatus(code).phrase})

    # --- answers -------------------------------------------------------------------------------

    def send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status: int, value) -> None:
        try:
            body = strict_json(value)
        except (ValueError, TypeError, RecursionError) as exc:  # still an answer, and strict JSON
            status, body = 500, strict_json(failure(self.name, exc))
        self.send(status, body, "application/json; charset=utf-8")

    def refuse(self, status: int, why: str) -> None:
        self.close_connection = True
        self.send_json(status, {"error": why})

    def answer(self, work) -> None:
        """Run `work()` (which answers), answering any failure: a JSON error, never a dropped request."""
        try:
            work()
        except GONE:
            raise
        except Exception as exc:  # noqa: BLE001 - an answer for every request; the page shows it
            self.send_json(*self.failed(exc))

    def failed(self, exc: Exception) -> tuple[int, dict]:
        """The status and answer for an exception `work` raised (a subclass names its own first)."""
        return 500, failure(self.name, exc)

    # --- the request ---------------------------------------------------------------------------

    def route(self) -> str | None:
        """The path under the token, or None after refusing (or answering the favicon)."""
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self.refuse(HTTPStatus.FORBIDDEN, "this page answers only on 127.0.0.1")
            return None
        path = self.path.split("?", 1)[0]
        if path == "/favicon.ico":
            self.send_response(HTTPStatus.NO_CONTENT)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        origin = self.headers.get("Origin")
        if origin is not None and origin not in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            self.refuse(HTTPStatus.FORBIDDEN, "this page answers only its own pages")
            return None
        prefix, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(prefix.encode(), self.server.token.encode()):
            self.refuse(HTTPStatus.FORBIDDEN, f"open the address {self.name} printed (it carries the token)")
            return None
        return rest

    def too_large(self, length: int) -> str:
        return f"the request is {length:,} bytes; this page takes at most {self.max_body:,}"

    def read_body(self) -> dict | None:
        """The request's JSON object, or None after refusing it."""
        length = self.headers.get("Content-Length")
        if length is None or not (length.isascii() and length.isdigit()):
            self.refuse(HTTPStatus.LENGTH_REQUIRED, "a request body needs its length")
            return None
        if int(length) > self.max_body:
            self.refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, self.too_large(int(length)))
            return None
        try:
            body = read_json(self.rfile.read(int(length)))
        except (UnicodeDecodeError, ValueError, RecursionError):
            self.refuse(HTTPStatus.BAD_REQUEST, "the request is not JSON")
            return None
        if not isinstance(body, dict):
            self.refuse(HTTPStatus.BAD_REQUEST, "the request is not a JSON object")
            return None
        return body

    def page(self, rest: str, index: str) -> bool:
        """Answer the page (the package's static/`index`) or one of its STATIC files; False when `rest`
        names neither."""
        if rest in ("", "index.html"):
            name, kind = index, "text/html; charset=utf-8"
        elif rest.startswith("static/") and rest[len("static/"):] in self.static:
            name = rest[len("static/"):]
            kind = self.static[name]
        else:
            return False
        self.send(200, resources.files(self.package).joinpath("static", name).read_bytes(), kind)
        return True

    def do_HEAD(self):  # noqa: N802 - the stdlib's name
        self.do_GET()

    def not_allowed(self) -> None:
        if self.route() is not None:
            self.refuse(HTTPStatus.METHOD_NOT_ALLOWED, "this page answers GET and POST")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = not_allowed


def start(server: LocalServer) -> threading.Thread:
    """`server` answering in a background thread (tests, and `serve` below)."""
    thread = threading.Thread(target=server.serve_forever, name=server.RequestHandlerClass.name.replace(" ", "-"),
                              daemon=True)
    thread.start()
    return thread


def listen(handler: type[PageHandler], session, port: int = 0, token: str | None = None) -> LocalServer:
    """A server on 127.0.0.1 `port` (0: a free one), or one line saying why there is none."""
    try:
        return LocalServer(handler, session, port, token)
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1 port {port} ({exc.strerror or exc}): "
                         "choose another --port, or leave it out for a free one") from None


def open_in_browser(url: str) -> bool:
    """True when a browser was started on `url`."""
    try:
        return bool(webbrowser.open(url))
    except Exception:  # noqa: BLE001 - a broken browser setting is the same as none
        return False


def serve(server: LocalServer, greeting: list[str], browse, say=print) -> None:
    """Say `greeting`, open `server.url` with `browse` (None: no browser), and serve until Ctrl-C or
    SIGTERM: then stop answering, close the socket and return."""

    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    thread = start(server)
    try:
        for line in greeting:
            say(line)
        if browse is not None and not browse(server.url):
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
