"""The routes of `lostprint play`'s local page (the server itself, its token and its refusals, the
editor's safety model: lostprint.app.localpage):

  GET  /TOKEN/                  the page        GET /TOKEN/static/play.js|play.css
  GET  /TOKEN/api/state         the game: board, the open step as a question, the route, the score
  GET  /TOKEN/api/map           the map as the sheet prints it (SVG) and every hex's corners
  POST /TOKEN/api/give          {value} -> state: dice faces, or the plain form of a legal choice
  POST /TOKEN/api/roll          {} -> state: the page rolls the open step's dice (seeded, recorded)
  POST /TOKEN/api/undo          {} -> state: the last input taken back
  POST /TOKEN/api/journal       {day, text} -> state
  POST /TOKEN/api/hint          {} -> {choice, label, win_chance}: what the careful player would do
  POST /TOKEN/api/check         {value} -> {ok} or {ok: false, why}: would this input be taken now
A game of Crows (lostprint.play.crows_session) is served the same way from crows.html, its POST routes
api/give, api/undo, api/check, api/setup {players, title} and api/save {overwrite} (edit mode).

No request names a file. A refused input answers 422 with the rule it breaks.
"""
from __future__ import annotations

import threading
from http import HTTPStatus

from lostprint.app import localpage
from lostprint.app.localpage import LocalServer, PageHandler, listen, open_in_browser
from lostprint.engine.contract import RuleError
from lostprint.play.crows_session import CrowsSession
from lostprint.play.session import PlaySession


class Handler(PageHandler):
    name = "lostprint play"
    server_version = "lostprint-play"
    package = __package__
    static = {"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8",
              "crows.js": "text/javascript; charset=utf-8", "crows.css": "text/css; charset=utf-8"}
    max_body = 64 * 1024  # not a rule: the largest request the page sends is a journal line
    timeout = 30  # not a rule: seconds a connection may sit idle

    def failed(self, exc: Exception) -> tuple[int, dict]:
        if isinstance(exc, RuleError):
            return 422, {"error": str(exc), "rule": exc.rule}
        if isinstance(exc, (ValueError, TypeError, KeyError)):
            return 400, {"error": str(exc)[:300]}
        return super().failed(exc)

    def do_GET(self):  # noqa: N802 - the stdlib's name
        rest = self.route()
        session = self.server.session
        if rest is None or self.page(rest, getattr(session, "PAGE", "play.html")):
            return
        if rest == "api/state":
            self.answer(lambda: self.send_json(200, session.view()))
        elif rest == "api/map" and hasattr(session, "drawing"):
            self.answer(lambda: self.send_json(200, session.drawing()))
        else:
            self.refuse(HTTPStatus.NOT_FOUND, "not here")

    def do_POST(self):  # noqa: N802
        rest = self.route()
        if rest is None:
            return
        body = self.read_body()
        if body is None:
            return
        session = self.server.session
        if isinstance(session, CrowsSession):
            actions = session.actions(body)
        else:
            actions = {
                "api/give": lambda: session.give(body.get("value"), body.get("at")),
                "api/roll": lambda: session.roll(body.get("at")),
                "api/undo": lambda: session.undo(body.get("at")),
                "api/journal": lambda: session.write_journal(body.get("day"), body.get("text")),
                "api/hint": session.hint,
                "api/check": lambda: session.check(body.get("value")),
            }
        if rest not in actions:
            self.refuse(HTTPStatus.NOT_FOUND, "not here")
            return
        self.answer(lambda: self.send_json(200, actions[rest]()))


def start(session: PlaySession | CrowsSession, port: int = 0,
          token: str | None = None) -> tuple[LocalServer, threading.Thread]:
    """The server answering in a background thread (tests)."""
    server = listen(Handler, session, port, token)
    return server, localpage.start(server)


def serve(session: PlaySession | CrowsSession, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Serve until Ctrl-C or SIGTERM; every step is already on disk, so stopping loses nothing."""
    server = listen(Handler, session, port)
    command = "edit" if getattr(session, "mode", "play") == "edit" else "play"
    greeting = [f"lostprint {command}: {session.save} — open {server.url}  (Ctrl-C to stop; every step is kept)"]
    localpage.serve(server, greeting, open_in_browser if open_browser else None, say)
