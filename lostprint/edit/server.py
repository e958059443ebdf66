"""The routes of `lostprint edit`'s local page (the server itself, its token and its refusals:
lostprint.app.localpage):

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

Another path under the token is 404, a body over the save size limit 413. Nothing under the token
reads a path the request names.
"""
from __future__ import annotations

import threading
from http import HTTPStatus

from lostprint.app import localpage
from lostprint.app.localpage import MAX_CONNECTIONS, LocalServer, PageHandler, listen, open_in_browser
from lostprint.edit.session import EditSession, OtherPage, StaleSave
from lostprint.errors import LostprintError
from lostprint.files import SAVE, LoadError

MAX_BODY = SAVE.limit + 100_000  # a save's own limit plus the JSON around it
NOT_HERE = "not here: this page serves only its own save"
POSTS = ("api/check", "api/save", "api/autosave", "api/preview", "api/keep", "api/take-file")
__all__ = ["MAX_BODY", "MAX_CONNECTIONS", "open_in_browser", "serve", "start"]


def _problems(problems) -> list[dict]:
    return [{"line": p.line, "field": p.field, "message": p.message, "text": p.text} for p in problems]


class Handler(PageHandler):
    name = "lostprint edit"
    server_version = "lostprint-edit"
    package = __package__
    static = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}
    max_body = MAX_BODY

    def too_large(self, length: int) -> str:
        return f"the request is {length:,} bytes; a save may hold {SAVE.limit_text()}"

    def failed(self, exc: Exception) -> tuple[int, dict]:
        if isinstance(exc, OtherPage):
            return 409, {"error": str(exc), "other": exc.work}
        if isinstance(exc, StaleSave):
            return 409, {"error": str(exc), "stale": True}
        if isinstance(exc, (LostprintError, LoadError)):
            return 400, {"error": str(exc)}
        if isinstance(exc, RecursionError):
            return 400, {"error": "the save is nested too deeply"}
        return super().failed(exc)

    def do_GET(self):  # noqa: N802 - the stdlib's name
        rest = self.route()
        if rest is None or self.page(rest, "index.html"):
            return
        session = self.server.session
        if rest == "api/state":
            self.answer(lambda: self.send_json(200, session.state()))
        elif rest == "api/work":
            since = self.path.partition("?since=")[2]
            self.answer(lambda: self.send_json(200, session.working(since)))
        else:
            self.refuse(HTTPStatus.NOT_FOUND, NOT_HERE)

    def do_POST(self):  # noqa: N802
        rest = self.route()
        if rest is None:
            return
        if rest not in POSTS:
            self.refuse(HTTPStatus.NOT_FOUND, NOT_HERE)
            return
        body = self.read_body()
        if body is None:
            return
        if rest != "api/take-file" and not isinstance(body.get("save"), dict):
            self.refuse(HTTPStatus.BAD_REQUEST, "the request names no save")
            return
        self.answer(lambda: self._post(rest, body))

    def _post(self, rest: str, body: dict) -> None:
        session = self.server.session
        if rest == "api/check":
            problems = session.check(body["save"])
            self.send_json(200, {"superseded": True} if problems is None else {"problems": _problems(problems)})
        elif rest == "api/keep":
            self.send_json(200, session.keep(body["save"], body.get("rev")))
        elif rest == "api/save":
            version, problems = session.save(body["save"], str(body.get("version", "")), body.get("rev"),
                                             body.get("overwrite") is True)
            self.send_json(200, {"file": session.source, "problems": _problems(problems), **session.status(),
                                 "version": version})
        elif rest == "api/take-file":
            self.send_json(200, session.take_file())
        elif rest == "api/autosave":
            self.send_json(200, {"file": str(session.autosave(body["save"]))})
        else:
            problems = session.check(body["save"])
            if problems is None:
                self.send_json(409, {"error": "the save changed while its journal was being made: try again"})
            elif problems:
                self.send_json(422, {"error": "fix the problems first: the journal is made from a clean save",
                                     "problems": _problems(problems)})
            else:
                self.send(200, session.preview(body["save"]), "application/pdf")


def start(session: EditSession, port: int = 0, token: str | None = None) -> tuple[LocalServer, threading.Thread]:
    """The server answering in a background thread (tests)."""
    server = listen(Handler, session, port, token)
    return server, localpage.start(server)


def serve(session: EditSession, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Serve until Ctrl-C (or SIGTERM): then stop answering, close the socket and return."""
    server = listen(Handler, session, port)
    greeting = [f"editing {session.source} at {server.url}"]
    if session.recovered:
        greeting.append(f"unsaved work from {session.recovered['at']} is back in the page "
                        f"(from {session.recovered['file']})")
    greeting.append("press Ctrl-C to stop (every edit is kept in the autosave copy until you Save)")
    localpage.serve(server, greeting, open_in_browser if open_browser else None, say)
