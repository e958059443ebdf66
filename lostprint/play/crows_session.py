"""A game of Crows at the table, kept by `lostprint play crows` (a scorekeeper) and `lostprint edit` of a
Crows record: each input the players give (a starting tile, a turn's tile, totem, spell and Nightfall,
a murder's scatter) is played through the engine's steps (lostprint.engine.crows), which flock, score
and scatter; the record is written from the inputs by the transcript (lostprint.crows.transcript).

Two files stand for a game: the record `NAME.yaml` (what `validate` and `render` read) and the inputs
kept beside it, written first after every input (`NAME.play.json` while playing, `NAME.edit.json`
while editing): a restarted or killed server resumes from them. Playing rewrites the record after every
input once the start is laid; editing writes it only by Save, and never over a file changed by someone
else unless the player says so. All writes are atomic (lostprint.paths.write_atomic).
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from itertools import islice
from pathlib import Path

import yaml

from lostprint.crows import transcript as T
from lostprint.crows.record import parse_record, variant_squares
from lostprint.engine import crows as E
from lostprint.engine.contract import AUTO, RuleError, open_step
from lostprint.errors import UsageError
from lostprint.files import SAVE, LoadError, load, shown_path
from lostprint.games import crows as G
from lostprint.paths import write_atomic

NAME_LIMIT = 40  # characters of a player's name, as the record reader allows
TITLE_LIMIT = 200


def kept_path(save: Path, mode: str) -> Path:
    return save.with_name(save.stem + (".play.json" if mode == "play" else ".edit.json"))


def digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def _plain_sq(sq) -> list | None:
    return None if sq is None else [sq[0], sq[1]]


def _clean_text(text, limit: int, what: str) -> str:
    if not isinstance(text, str):
        raise ValueError(f"{what} is text")
    text = "".join(c for c in text if c.isprintable()).strip()
    if len(text) > limit:
        raise ValueError(f"{what}: at most {limit} characters")
    return text


def forced(state) -> tuple | None:
    """(the plain input,) when the open step's engine option list has one entry (a spell step with no spell
    in hand, a totem step with no empty tile, Nightfall the setup keeps out of reach or makes certain):
    no decision, so the page gives it without asking. None when there is a choice (or no step is open)."""
    found = open_step(E.STEPS, state, E.outcome)
    if found is None or found[2] is AUTO:
        return None
    at, step, _ = found
    options = list(islice(step.options(at), 2))
    return (T.plain(step.key, options[0]),) if len(options) == 1 else None


def meta_of_record(record, data: dict) -> dict:
    """What a record keeps besides its inputs (title, players and colours, tile set, notes)."""
    notes = []
    for r, turns in enumerate(data.get("rounds") or []):
        for j, turn in enumerate(turns if isinstance(turns, list) else []):
            if isinstance(turn, dict) and isinstance(turn.get("note"), str):
                notes.append([r, j, turn["note"]])
    meta = {"title": record.title, "date": record.date, "players": list(record.players),
            "claimed": [[str(p), int(n)] for p, n in record.claimed],
            "colors": [list(c) for c in record.colors], "counts": [list(c) for c in record.setup.counts],
            "notes": data.get("notes") if isinstance(data.get("notes"), str) else None, "turn_notes": notes,
            "winner": list(record.winner)}
    spec = data.get("map")  # as written back: standard, or a variant layout's {seed: N}
    if spec is not None:
        meta["map"] = {"seed": int(spec["seed"])} if isinstance(spec, dict) else str(spec)
    if record.setup.squares != G.start_squares():  # a variant's start squares: the scorekeeper lays them
        meta["squares"] = [list(q) for q in record.setup.squares]
    return meta


class CrowsSession:
    """One game of Crows served to one page. Thread-safe: one lock around each answer."""

    PAGE = "crows.html"

    def __init__(self, save: Path, mode: str = "play", title: str = "", seed: int | None = None):
        self.save = Path(save)
        self.mode = mode
        self.kept = kept_path(self.save, mode)
        self.lock = threading.Lock()
        self.recovered = False
        self.saved_at: str | None = None
        fresh = False  # an edit of a record as it is on disk: nothing to keep until the first change
        if self.kept.exists():
            try:
                kept = json.loads(self.kept.read_text(encoding="utf-8"))
                meta, inputs = dict(kept["meta"]), list(kept["inputs"])
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise UsageError(f"{self.kept}: cannot resume this game ({exc})") from None
            self.recovered = mode == "edit"
        elif self.save.exists():
            if mode == "play":
                raise UsageError(f"{self.save}: exists and is not a game in play here (no {self.kept.name} "
                                 "beside it); name a new file, or open it with lostprint edit")
            meta, inputs = self._read_record()
            fresh = True
        else:
            meta = {"title": title or self.save.stem, "date": "", "players": [], "colors": [],
                    "counts": [list(c) for c in G.HOUSE_COUNTS], "notes": None, "turn_notes": []}
            if seed is not None:  # a new game on the variant layout of lostprint map crows --seed N
                meta |= {"map": {"seed": seed}, "squares": [list(q) for q in variant_squares(seed)]}
            if mode == "edit":
                meta["disk"] = None
                fresh = True
            inputs = []
        self.meta, self.inputs = meta, inputs
        try:
            self.state, self.events = self._play(meta, inputs)
        except (ValueError, RuleError) as exc:
            raise UsageError(f"{self.kept}: cannot resume this game ({exc})") from None
        if not fresh:
            self._keep()

    # --- files ----------------------------------------------------------------------------------------

    def _read_record(self) -> tuple[dict, list]:
        try:
            data = load(self.save, SAVE)
        except LoadError as exc:
            raise UsageError(str(exc)) from None
        record, rd = parse_record(data, shown_path(self.save))
        if record is None:
            raise UsageError(rd.problems.lines()[0] if rd.problems else f"{self.save}: not a Crows record")
        try:
            inputs = T.inputs_of(record)
        except (ValueError, RuleError) as exc:
            raise UsageError(f"{shown_path(self.save)}: {exc} (lostprint edit opens a record whose turns the "
                             "rules allow; lostprint validate lists every problem)") from None
        meta = meta_of_record(record, data)
        meta["disk"] = digest(self.save)
        return meta, inputs

    @staticmethod
    def _play(meta: dict, inputs: list):
        if not meta["players"]:
            if inputs:
                raise ValueError("inputs without players")
            return None, []
        squares = tuple(tuple(q) for q in meta.get("squares") or G.start_squares())  # a variant's, or the standard
        start = E.start(tuple(meta["players"]), tuple((k, n) for k, n in meta["counts"]), squares)
        return T.replay(start, inputs)

    def record(self, state=None, events=None) -> dict:
        meta = {**self.meta, "colors": [tuple(c) for c in self.meta["colors"]],
                "turn_notes": {(r, j): n for r, j, n in self.meta.get("turn_notes") or []}}
        return T.record_data(meta, self.events if events is None else events, state or self.state)

    def _write(self, meta: dict, inputs: list, state, events) -> None:
        """The inputs first (what a restart resumes from); while playing, the record made from them."""
        kept = {"game": "crows", "mode": self.mode, "meta": meta, "inputs": inputs}
        write_atomic(self.kept, (json.dumps(kept, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
        if self.mode == "play" and state is not None and state.round >= 1:
            self._write_record(state, events)
        elif self.mode == "play" and self.save.exists():
            self.save.unlink()  # undone back into the start: the record would hold less than a start

    def _write_record(self, state, events) -> None:
        text = yaml.safe_dump(self.record(state, events), sort_keys=False, allow_unicode=True, width=120,
                              default_flow_style=None)
        write_atomic(self.save, text.encode("utf-8"))

    def _keep(self) -> None:
        self._write(self.meta, self.inputs, self.state, self.events)

    # --- what the page does ---------------------------------------------------------------------------

    def setup(self, players, title=None) -> dict:
        """A new game's players, in seat order (the first starts every round), and its title."""
        with self.lock:
            if self.meta["players"]:
                raise ValueError("the players are set; name a new file to begin another game")
            if not isinstance(players, list):
                raise ValueError("players: a list of names")
            names = [_clean_text(p, NAME_LIMIT, "a player's name") for p in players]
            names = [n for n in names if n]
            E.start(tuple(names))  # RuleError: the count or a shared name
            meta = {**self.meta, "players": names,
                    "colors": [[n, c] for n, (c, _) in zip(names, G.TOTEM_COLORS)]}
            if title is not None and _clean_text(title, TITLE_LIMIT, "the title"):
                meta["title"] = _clean_text(title, TITLE_LIMIT, "the title")
            state, events = self._play(meta, [])
            self._write(meta, [], state, events)
            self.meta, self.state, self.events = meta, state, events
            return self._view()

    def _current(self, at) -> None:
        """A page says how many inputs it has seen (`at`): one behind another page's input is refused,
        never read as an input to a later step (a 'no totem' taken as 'no spell')."""
        if at is not None and at != len(self.inputs):
            raise ValueError(f"this game has {len(self.inputs)} steps, the page showed {at}: another page "
                             "changed it; the page now shows the game as it is")

    def give(self, raw, at: int | None = None) -> dict:
        """One input at the open step; RuleError (the rule it breaks) or ValueError when it is refused."""
        with self.lock:
            self._current(at)
            if self.state is None:
                raise ValueError("name the players first")
            state, more = T.take(self.state, raw)
            inputs = self.inputs + [raw]
            self._write(self.meta, inputs, state, self.events + more)
            self.inputs, self.state, self.events = inputs, state, self.events + more
            return self._view()

    def check(self, raw) -> dict:
        with self.lock:
            try:
                T.take(self.state, raw)
            except (RuleError, ValueError) as exc:
                return {"ok": False, "why": str(exc)}
            return {"ok": True}

    def undo(self, at: int | None = None) -> dict:
        with self.lock:
            self._current(at)
            if not self.inputs:
                raise ValueError("nothing to undo")
            inputs = self.inputs[:-self._undone()]
            state, events = self._play(self.meta, inputs)
            self._write(self.meta, inputs, state, events)
            self.inputs, self.state, self.events = inputs, state, events
            return self._view()

    def _undone(self) -> int:
        """How many inputs one Undo takes back: the last one the players chose, with the forced ones the page
        gave after it (else the page would give them again at once and Undo would never get past them)."""
        befores = [ev.before for ev in self.events if ev.need is not AUTO]  # the state each input was given at
        n = 1
        while n < len(befores) and forced(befores[-n]) is not None:
            n += 1
        return n

    def save_record(self, overwrite: bool = False) -> dict:
        """Edit mode's Save: the record written atomically, unless it changed on disk since it was read."""
        with self.lock:
            if self.mode != "edit":
                raise ValueError("a game in play is written after every step")
            if self.state is None or self.state.round < 1:
                raise ValueError("nothing to save yet: lay the 13 starting tiles first")
            if digest(self.save) != self.meta.get("disk") and not overwrite:
                return {**self._view(), "conflict": f"{self.save.name} changed on disk since it was opened; "
                        "Save again to replace it with this page's game"}
            self._write_record(self.state, self.events)
            claimed = [[p, n] for p, n in E.score(self.state)] if self.state.ended else []
            self.meta = {**self.meta, "disk": digest(self.save), "claimed": claimed}  # as the record now says
            self.kept.unlink(missing_ok=True)  # the record now holds every input
            self.recovered = False
            self.saved_at = time.strftime("%H:%M")
            return self._view()

    def actions(self, body: dict) -> dict:
        """The page's POST routes."""
        return {
            "api/give": lambda: self.give(body.get("value"), body.get("at")),
            "api/undo": lambda: self.undo(body.get("at")),
            "api/check": lambda: self.check(body.get("value")),
            "api/setup": lambda: self.setup(body.get("players"), body.get("title")),
            "api/save": lambda: self.save_record(body.get("overwrite") is True),
        }

    # --- what the page shows ----------------------------------------------------------------------------

    def view(self) -> dict:
        with self.lock:
            return self._view()

    def status(self) -> str:
        n = len(self.inputs)
        steps = f"{n} step{'s' * (n != 1)}"
        if self.mode == "play":
            if self.state is not None and self.state.round >= 1:
                return f"{steps} · {self.save.name} written"
            return f"{steps} · {self.save.name} is written once the start is laid"
        if self.kept.exists():
            return f"{steps} · unsaved (kept in {self.kept.name}; Save writes {self.save.name})"
        if self.saved_at:
            return f"{steps} · saved at {self.saved_at}"
        if self.save.exists():
            return f"{steps} · as on disk, no change yet"
        return f"{steps} · never written (Save writes {self.save.name})"

    def _view(self) -> dict:
        out = {"mode": self.mode, "file": str(self.save), "title": self.meta["title"], "status": self.status(),
               "inputs": len(self.inputs), "recovered": self.recovered, "setup": self.state is None,
               "kinds": [], "players": [], "question": None}
        if self.state is None:
            out["max_players"], out["min_players"] = G.MAX_PLAYERS, G.MIN_PLAYERS
            return out
        state = T.autos(self.state, [])
        hex_of = dict(G.TOTEM_COLORS)
        points = dict(state.snapshots[-1].points) if state.snapshots else {}
        totals, final = dict(state.totals), dict(E.score(state))
        out["players"] = [{"name": p, "color": c, "hex": hex_of[c], "total": totals[p], "final": final[p],
                           "hand": E.hand(state, p), "points": points.get(p, 0)}
                          for p, c in self.meta["colors"]]
        out["round"], out["player"] = state.round, state.player
        out["tiles"] = [[c, r, k] for (c, r), k in sorted(state.tiles.items())]
        out["crows"] = [[c, r, n] for (c, r), n in sorted(state.crows.items()) if n]
        out["queen"] = _plain_sq(state.queen)
        out["totems"] = [[p, sq[0], sq[1]] for p, sq in state.totems.items()]
        out["corruption"] = [[c, r] for c, r in sorted(state.corruption)]
        used = dict(state.used)
        out["kinds"] = [{"key": t.key, "name": t.name, "left": dict(state.counts)[t.key] - used.get(t.key, 0)}
                        for t in G.TILE_TYPES]
        out["supply"], out["deck"] = state.supply, state.deck
        out["history"] = [self._round_line(s) for s in reversed(state.snapshots[1:])]
        out["moved"] = self._round_moves()
        over = E.outcome(state)
        out["over"] = list(over) if over else None
        out["score"] = [[p, n] for p, n in E.score(state)]
        out["checks"] = [f"The record says {p} scored {n}; the engine counts {final[p]}"
                         + (" (Save writes the engine's count)" if self.mode == "edit" else "")
                         for p, n in self.meta.get("claimed") or [] if p in final and final[p] != n]
        out["question"] = None if over else self._question(state)
        given = None if over else forced(state)
        if given is not None:
            out["question"]["forced"] = given[0]
        return out

    def _round_moves(self) -> list[str]:
        """When the last input ended a round: where the crow figures stand now that the crows have
        flocked, murders scattered them and Carrion fed them, square by square, as the table must show."""
        if not self.events or self.events[-1].step != "end":
            return []
        flock = next(ev for ev in reversed(self.events) if ev.step == "flock")
        before, after = flock.before, self.events[-1].state
        out = []
        for sq in sorted(set(before.crows) | set(after.crows), key=lambda q: (q[1], q[0])):
            a, b = before.crows.get(sq, 0), after.crows.get(sq, 0)
            if a != b:
                out.append(f"{E.fmt_sq(sq)}: {a} → {b} crow{'s' * (b != 1)}")
        if before.queen != after.queen:
            out.append(f"the Queen: {E.fmt_sq(before.queen)} → {E.fmt_sq(after.queen)}")
        gone = after.gone - before.gone
        if gone:
            out.append(f"{gone} crows leave the game as mated pairs")
        return out

    @staticmethod
    def _round_line(snap) -> str:
        pts = ", ".join(f"{p} +{n}" for p, n in snap.points)
        line = f"Round {snap.round}: {pts}" + (" (drained)" if snap.drained else "")
        for m in snap.murders:
            line += (f"; murder at {E.fmt_sq(m.square)}: {m.crows} crows" + (" and the Queen" if m.queen else "")
                     + f", 2 leave, {len(m.scattered)} scatter from {m.direction}")
        return line + ("; Nightfall" if snap.nightfall else "")

    def _question(self, state) -> dict:
        key = T.open_key(state)
        player = state.player
        if key == "start":
            sq = state.squares[state.laid]
            return {"key": key, "square": _plain_sq(sq), "text":
                    f"Starting tile {state.laid + 1} of {G.START_TILES}: which tile lies on {E.fmt_sq(sq)}?"}
        if key == "tile":
            return {"key": key, "player": player, "open": [_plain_sq(q) for q in E.frontier(state)],
                    "replace": [_plain_sq(q) for q in E.empties(state)],
                    "text": f"Round {state.round}, {player}: which tile did you place, and where?"}
        if key == "totem":
            free = E.empties(state)
            return {"key": key, "player": player, "squares": [_plain_sq(q) for q in free], "none": not free,
                    "text": f"{player}: where does your totem stand?" if free else
                    f"{player}: no tile is empty, so no totem this turn"}
        if key == "spell":
            played = dict(state.played)
            spells = [{"name": s.key, "title": s.name, "short": s.short}
                      for s in G.SPELLS if played.get(s.key, 0) < G.SPELL_COPIES] if E.hand(state) else []
            return {"key": key, "player": player, "hand": E.hand(state), "spells": spells,
                    "empties": [_plain_sq(q) for q in E.empties(state)],
                    "open": [_plain_sq(q) for q in E.frontier(state)],
                    "text": f"{player}: a spell? ({E.hand(state)} in hand)" if E.hand(state) else
                    f"{player} holds no spell: go on"}
        if key == "nightfall":
            return {"key": key, "player": player, "options": list(E.nightfall_options(state)),
                    "text": f"{player}: did Nightfall turn up in your draw?"}
        if key == "scatter":
            chooser, sq = state.choosers[len(state.chosen)], state.murders[len(state.chosen)]  # one murder at a time
            return {"key": key, "player": chooser, "squares": [_plain_sq(sq)],
                    "text": f"Murder at {E.fmt_sq(sq)}! {chooser}: scatter its crows clockwise starting which way?"}
        return {"key": key, "text": ""}
