"""One game played through `lostprint play`: the kept inputs, the save written from them, and the
answers the page asks for. All file writes go through lostprint.paths.write_atomic.

Two files stand for a game in play: `NAME.yaml`, the save (what `validate` and `render` read,
rewritten after every step once day 1 has begun), and `NAME.play.json`, the inputs as given (written
first: it is what a restarted server resumes from). A save that has no kept inputs beside it is not a game in play, and
is refused rather than overwritten.
"""
from __future__ import annotations

import json
import math
import threading
from collections import Counter
from pathlib import Path

import yaml

from lostprint.engine import drive
from lostprint.engine.contract import Decision, Roll, RuleError
from lostprint.edit.drawing import game_map, map_drawing  # the save's map, as the editor reads and draws it
from lostprint.errors import UsageError
from lostprint.games import resolve
from lostprint.paths import write_atomic
from lostprint.play import table as tb
from lostprint.play.views import playable

# The hint's win chance: seeded games played from here by the careful player, in batches, until the
# 95% (Wilson) interval around the share won is at most HINT_MARGIN either side, or HINT_PLAYOUTS are
# played. Not rules: a chance near 0 or 1 is known after a batch or two, one near a half takes about 100
# games (an 1872 game is ~10 ms of CPU, so 200 every time took 2 s and more).
HINT_PLAYOUTS = 200
HINT_MARGIN = 0.10
HINT_BATCH = 20
Z95 = 1.96


def wilson(won: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share won (95% for the default z)."""
    if games == 0:
        return 0.0, 1.0
    p = won / games
    middle = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)


JOURNAL_LIMIT = 2000  # not a rule: characters of one day's journal line


def kept_path(save: Path) -> Path:
    return save.with_name(save.stem + ".play.json")


def changes(before: dict, after: dict) -> list[str]:
    """What changed between two boards, as things to pencil on the sheet."""
    out = []
    for b, a in zip(before["trackers"], after["trackers"]):
        if b["value"] != a["value"]:
            out.append(f"{a['name']} {b['value']} → {a['value']}")
    drawn_before = {lab for lab, _ in before["drawn"]}
    for lab, terrain in after["drawn"]:
        if lab not in drawn_before:
            out.append(f"colour {lab}: {terrain.replace('-', ' ')}")
    if before["pos"] != after["pos"]:
        out.append(f"move {before['pos']} → {after['pos']}")
    for b, a in zip(before["crew"], after["crew"]):
        if b["status"] != a["status"]:
            out.append(f"{a['name']}: {a['status']}")
    if before["weather"] != after["weather"]:
        out.append(f"weather: {after['weather']}")
    kept_before = dict(before.get("kept", ()))
    for name, value in after.get("kept", ()):
        if kept_before.get(name) != value:
            out.append(f"{name}: {value}")
    for b, a in zip(before.get("boxes", ()), after.get("boxes", ())):  # 1872's unit boxes, crows, dancers
        out += [f"{a['unit']} {side}: {a[side]}" for side in ("top", "bottom") if a[side] not in (None, b[side])]
    if any(b["top"] or b["bottom"] for b in before.get("boxes", ())) and not any(
            a["top"] or a["bottom"] for a in after.get("boxes", ())):
        out.append("erase the unit boxes")
    for n, terrain in enumerate(after.get("crows", ())[len(before.get("crows", ())):], len(before.get("crows", ()))):
        out.append(f"Crow {n + 1}: {terrain}")
    if after.get("dancers_left", 0) < before.get("dancers_left", 0):
        out.append(f"cross a Spirit Dancer ({after['dancers_left']} left)")
    if after.get("vision") and not before.get("vision"):
        out.append(f"Vision Quest: {' '.join(map(str, after['vision']))}")
    if after.get("fever", 0) != before.get("fever", 0):
        out.append(f"Shaman's fever: {after['fever']}")
    new_marks = Counter(after.get("marks", ())) - Counter(before.get("marks", ()))
    out += [mark for mark in after.get("marks", ()) if new_marks.pop(mark, 0)]
    if after["over"] and not before["over"]:
        out.append(f"the game is {after['over'][0]}: {after['over'][1]}")
    islands_before = {tuple(i["hexes"]) for i in before["islands"]}
    for island in after["islands"]:
        if tuple(island["hexes"]) not in islands_before:
            natives = " with natives" if island["natives"] else ""
            out.append(f"island at {', '.join(island['hexes'])}{natives}")
    return out


class PlaySession:
    """A game at the table, kept on disk after every step. Thread-safe: one lock around each answer."""

    def __init__(self, save: Path, game_id: str, map_spec="standard", seed: int = 0,
                 names: tuple[str, ...] | None = None, title: str = ""):
        self.save = Path(save)
        self.kept = kept_path(self.save)
        self.lock = threading.Lock()
        if self.kept.exists():
            try:
                table = tb.table_of(json.loads(self.kept.read_text(encoding="utf-8")))
            except (OSError, ValueError) as exc:
                raise UsageError(f"{self.kept}: cannot resume this game: {exc}") from None
            game_id = table.game
        else:
            if self.save.exists():
                raise UsageError(f"{self.save}: exists and is not a game in play here (no {self.kept.name} "
                                 "beside it); name a new file, or open it with lostprint edit")
            table = None
        info = resolve(game_id)
        parts = playable(info.id)
        if parts is None:
            raise UsageError(f"{info.id}: cannot be played at the table yet (its engine is not on the "
                             "step-by-step contract); lostprint edit copies a paper game")
        self.info, self.parts = info, parts
        if table is None:
            crew = tuple(names or getattr(parts.players, "SAILORS", ()))
            table = tb.Table(game=info.id, map=map_spec, seed=seed, names=crew, title=title or self.save.stem)
        self.game_map = game_map(info, table.map, str(self.save), True)
        self.table = table
        self._starts: dict = {}
        self._written: dict | None = None  # the save data last written
        try:
            self.state, self.events = self._play(table.inputs)
        except ValueError as exc:
            raise UsageError(f"{self.kept}: {exc}") from None
        self.playouts = HINT_PLAYOUTS
        self._drawing = None
        self.last: list[str] = self._last_changes()
        self._keep()

    # --- files ------------------------------------------------------------------------------------

    def save_data(self, table=None, state=None, events=None) -> dict:
        t = table or self.table
        data = self.parts.save_of(self.events if events is None else events, state or self.state, t.names,
                                  standard=True)
        data["map"] = t.map
        data = {"format": data.pop("format"), "game": data.pop("game"), "map": data.pop("map"),
                "title": t.title, **data}
        done = self.days_done(state or self.state)
        data["days"] = [day for day in data.get("days", []) if day["day"] <= done]
        notes = dict(t.journal)
        for day in data.get("days", []):
            day.pop("log", None)
            if day["day"] in notes:
                day["journal"] = notes[day["day"]]
        return data

    def days_done(self, state) -> int:
        """The days of `state` that are over: the save holds these (a day in progress is kept in the
        inputs until it ends; its save would be half a day, which `validate` rightly refuses). The day
        is over with the game, or once the turn's first step is open again (1672's orders: the next
        day has not begun)."""
        engine = self.parts.engine
        _, step, _ = tb.open_now(engine, state)
        return state.day if step is None or step is engine.STEPS[0] else state.day - 1

    def _keep(self) -> None:
        self._write(self.table, self.state, self.events)

    def _write(self, table, state, events) -> None:
        """The inputs first (what a restart resumes from), then the save made from them."""
        write_atomic(self.kept, (json.dumps(table.to_plain(), indent=1, ensure_ascii=False) + "\n")
                     .encode("utf-8"))
        data = self.save_data(table, state, events)
        if not data.get("days"):  # a save holds at least day 1 done: until then only the inputs are kept
            if self.save.exists():
                self.save.unlink()
            self._written = None
            return
        if data == self._written and self.save.exists():
            return  # mid-day, the finished days are unchanged: so is the save (YAML costs ~100 ms late on)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
        write_atomic(self.save, text.encode("utf-8"))
        self._written = data

    # --- the setup (1572's expedition roll), then the engine's steps -------------------------------

    def _start_of(self, inputs) -> object:
        """The engine's first state for these inputs: the setup inputs (a view's SETUP_INPUTS, such as
        1572's expedition roll) come first; until they are all given, the view's placeholder start."""
        n = self.parts.view.SETUP_INPUTS
        setup = tuple(inputs[:n]) if len(inputs) >= n else ()
        key = json.dumps(setup)
        if key not in self._starts:
            self._starts[key] = self.parts.view.start(self.parts.engine, self.game_map, setup, self.table.names)
        return self._starts[key]

    @property
    def start(self):
        return self._start_of(self.table.inputs)

    def setup_open(self, inputs=None) -> bool:
        """Is the game still in its setup (a setup input not yet given)?"""
        return len(self.table.inputs if inputs is None else inputs) < self.parts.view.SETUP_INPUTS

    def _play(self, inputs) -> tuple:
        """(state, events) after `inputs`, setup inputs included."""
        n = self.parts.view.SETUP_INPUTS
        if len(inputs) < n:  # no day has begun before the setup is done
            return self._start_of(inputs), []
        return tb.replay(self.parts.engine, self._start_of(inputs), inputs[n:], first=n)

    def _replace(self, table: tb.Table) -> None:
        """Play `table` from the start; kept on disk before it becomes the game."""
        state, events = self._play(table.inputs)
        self._write(table, state, events)
        self.table, self.state, self.events = table, state, events
        self.last = self._last_changes()

    # --- what the page asks -------------------------------------------------------------------------

    def drawing(self) -> dict:
        if self._drawing is None:
            self._drawing = map_drawing(self.info, self.game_map)
        return self._drawing

    def view(self) -> dict:
        with self.lock:
            return self._view()

    def _view(self) -> dict:
        view, names = self.parts.view, self.table.names
        setup = self.setup_open()
        state, step, need = (self.state, None, None) if setup else tb.open_now(self.parts.engine, self.state)
        board = view.board(state, names)
        out = {"game": self.info.id, "title": self.table.title, "file": str(self.save), "board": board,
               "inputs": len(self.table.inputs), "route": self.route(),
               "journal": {str(d): t for d, t in self.table.journal}, "last": self.last}
        if setup:
            out["question"] = view.setup_question()
        elif step is None:
            out["question"] = None
            out["score"] = [[label, points] for label, points in self.parts.engine.score(state)]
        else:  # the day the open step is part of (1672's next orders: the day that has not begun)
            out["question"] = {**view.question(state, step, need, names), "day": self.days_done(state) + 1}
        return out

    def route(self) -> list[str]:
        return self.parts.view.route(self.start, self.events)

    def _last_changes(self) -> list[str]:
        """What the last input did (the AUTO steps after it included), as things to pencil."""
        if not self.table.inputs:
            return []
        before, _ = self._play(self.table.inputs[:-1])
        return self._changes(before, self.state)

    def _changes(self, before, after) -> list[str]:
        view, names = self.parts.view, self.table.names
        return changes(view.board(before, names), view.board(after, names))

    # --- what the page does ---------------------------------------------------------------------------

    def _current(self, at) -> None:
        """A page says how many inputs it has seen (`at`): one behind another page's input is refused,
        never taken as the answer to a later step (a roll's dice as the next roll's)."""
        if at is not None and at != len(self.table.inputs):
            raise ValueError(f"this game has {len(self.table.inputs)} steps, the page showed {at}: another "
                             "page changed it; the page now shows the game as it is")

    def give(self, raw, at: int | None = None) -> dict:
        """One input (dice faces or a chosen option's plain form); RuleError/ValueError say why not."""
        with self.lock:
            self._current(at)
            inputs = self.table.inputs + (raw,)
            if self.setup_open():
                state, events = self._play(inputs)  # the view refuses a setup input that is not one
            else:
                state, _, more = tb.take(self.parts.engine, self.state, raw)
                events = self.events + more
            table = tb.Table(**{**self.table.__dict__, "inputs": inputs})
            self._write(table, state, events)
            self.last = self._changes(self.state, state)
            self.table, self.state, self.events = table, state, events
            return self._view()

    def check(self, raw) -> dict:
        """Would this input be taken now? {ok} or {ok: False, why} (the rule it breaks); nothing kept."""
        with self.lock:
            try:
                if self.setup_open():
                    self._play(self.table.inputs + (raw,))
                else:
                    tb.take(self.parts.engine, self.state, raw)
            except (RuleError, ValueError) as exc:
                return {"ok": False, "why": str(exc)}
            return {"ok": True}

    def roll(self, at: int | None = None) -> dict:
        """The page rolls the open step's dice from the game's seed, and takes them."""
        with self.lock:
            self._current(at)
            if self.setup_open():
                need = Roll("setup", self.parts.view.setup_question()["dice"])
            else:
                _, _, need = tb.open_now(self.parts.engine, self.state)
            if not isinstance(need, Roll):
                raise ValueError("the open step is not a roll")
            faces = tb.page_roll(self.table, need)
        return self.give(faces if need.dice > 1 else faces[0])

    def undo(self, at: int | None = None) -> dict:
        with self.lock:
            self._current(at)
            if not self.table.inputs:
                raise ValueError("nothing to undo")
            self._replace(tb.Table(**{**self.table.__dict__, "inputs": self.table.inputs[:-1]}))
            return self._view()

    def write_journal(self, day: int, text: str) -> dict:
        with self.lock:
            last = max(1, self.state.day, self.days_done(self.state) + 1)  # 1672's next orders: that day's
            if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= last:
                raise ValueError(f"day {day}: the game has {last} day(s)")
            if not isinstance(text, str) or len(text) > JOURNAL_LIMIT:
                raise ValueError(f"a journal line is text of at most {JOURNAL_LIMIT} characters")
            text = "".join(c for c in text if c in "\n\t" or c.isprintable())
            notes = dict(self.table.journal)
            if text.strip():
                notes[day] = text.strip()
            else:
                notes.pop(day, None)
            table = tb.Table(**{**self.table.__dict__, "journal": tuple(sorted(notes.items()))})
            self._write(table, self.state, self.events)
            self.table = table
            return self._view()

    def hint(self, playouts: int | None = None) -> dict:
        """What the careful player would choose now, and its win chance from here (seeded playouts)."""
        with self.lock:
            engine, players, view = self.parts.engine, self.parts.players, self.parts.view
            state, step, need = tb.open_now(engine, self.state)
            setup = self.setup_open()
            if step is None and not setup:
                raise ValueError("the game is over")
            careful = players.PLAYERS["careful"]
            out: dict = {}
            if not setup and isinstance(need, Decision):
                choice = view.canonical(need.key, careful(self.table.seed, self.game_map).decide(state, step, need),
                                        state)
                out["choice"] = tb.encode(choice)
                out["label"] = view.label(need.key, choice, state, self.table.names)
            won = games = 0
            most = self.playouts if playouts is None else playouts
            while games < most:
                player = careful(self.table.seed * 100_003 + len(self.table.inputs) * 1_009 + games, self.game_map)
                # before the setup roll, each playout rolls its own setup (1572: its expedition)
                final = drive.play(engine, player.start() if setup else state, player.decide, player.roll,
                                   player.days)
                won += bool(final.over and final.over[0] == "won")
                games += 1
                if games % HINT_BATCH == 0:
                    low, high = wilson(won, games)
                    if high - low <= 2 * HINT_MARGIN:
                        break
            out["win_chance"] = won / games if games else None
            out["interval"] = list(wilson(won, games)) if games else None
            out["playouts"] = games
            return out
