"""A game at the table, as plain data: what was played so far, replayed through the engine.

`Table` holds only what the player gave (each input as plain JSON: dice faces or a chosen option,
in order) and what identifies the game (its map, seed and crew names); the state is always the
engine's, recomputed by `replay`, so undo is "drop the last input" and a resume after a crash is a
replay of what was kept. Nothing here reads or writes a file, or rolls: the dice a page rolls come
from `page_roll`, a seeded source keyed on the input's place in the game, so the same game rolls
the same dice whoever asks.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, NamedTuple

from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, after, open_step
from lostprint.engine.drive import Event, autos
from lostprint.players.common import Dice, rng_for

FACE_LOW, FACE_HIGH = 1, 6  # not a rule: a six-sided die, the only die the Lost games roll


@dataclass(frozen=True)
class Table:
    game: str
    map: object  # the save's map field: "standard", a map file's path or {"seed": N}
    seed: int  # the page's dice
    names: tuple[str, ...]
    inputs: tuple = ()  # each input as plain JSON, in the order given
    journal: tuple[tuple[int, str], ...] = ()  # (day, text), one line a day at most
    title: str = ""

    def to_plain(self) -> dict:
        return {"game": self.game, "map": self.map, "seed": self.seed, "names": list(self.names),
                "inputs": list(self.inputs), "journal": {str(d): t for d, t in self.journal},
                "title": self.title}


def table_of(plain: dict) -> Table:
    """A Table from `to_plain`'s data (a kept game); ValueError names the first bad field."""
    try:
        journal = tuple(sorted((int(d), str(t)) for d, t in dict(plain.get("journal") or {}).items()))
        return Table(game=str(plain["game"]), map=plain.get("map", "standard"), seed=int(plain["seed"]),
                     names=tuple(str(n) for n in plain["names"]), inputs=tuple(plain.get("inputs") or ()),
                     journal=journal, title=str(plain.get("title") or ""))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a kept game ({exc})") from None


# --- values <-> plain JSON ------------------------------------------------------------------------


def encode(value) -> Any:
    """An engine value as plain JSON: a dataclass as its fields that differ from their defaults."""
    if dataclasses.is_dataclass(value):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if v != f.default:
                out[f.name] = encode(v)
        return out
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    return value


def choice_of(options, raw, rule: str):
    """The engine value a plain choice stands for: a listed option, or (where the options are records,
    such as a day's orders) any record of that kind, which the step's effect then judges: a search
    lists only the choices that can differ, a player may make any the rules allow."""
    options = list(options)
    for option in options:  # None may be a listed option (1572: stop, no trail)
        if encode(option) == raw:
            return option
    kind = type(options[0]) if options else None
    if kind is not None and dataclasses.is_dataclass(kind) and isinstance(raw, dict):
        names = {f.name for f in dataclasses.fields(kind)}
        if set(raw) <= names:
            try:
                return kind(**raw)
            except TypeError:
                pass
    raise RuleError(rule, f"not a choice the rules allow now ({str(raw)[:60]})")


def faces_of(need: Roll, raw) -> int | tuple[int, ...]:
    """Dice as the engine takes them (one face, or a tuple for more dice); ValueError if not dice."""
    faces = raw if isinstance(raw, list) else [raw]
    if len(faces) != need.dice or not all(isinstance(f, int) and not isinstance(f, bool)
                                          and FACE_LOW <= f <= FACE_HIGH for f in faces):
        raise ValueError(f"this roll takes {need.dice} {'dice' if need.dice > 1 else 'die'} "
                         f"showing {FACE_LOW} to {FACE_HIGH}")
    return faces[0] if need.dice == 1 else tuple(faces)


def page_roll(table: Table, need: Roll) -> list[int]:
    """The dice the page rolls for the next input: seeded by the game's seed and the input's place."""
    dice = Dice(rng_for(table.seed, f"play-{len(table.inputs)}"))
    return dice.roll(need.dice)


# --- playing --------------------------------------------------------------------------------------


class Open(NamedTuple):
    """The step waiting for the player: its state, step and what it needs (None: the game is over)."""

    state: Any
    step: Any
    need: Any


def open_now(engine, state) -> Open:
    """The next step that asks for something; AUTO steps are applied on the way."""
    while True:
        found = open_step(engine.STEPS, state, engine.outcome)
        if found is None:
            return Open(state, None, None)
        state, step, need = found
        if need is not AUTO:
            return Open(state, step, need)
        state = after(engine.STEPS, step, step.apply(state, None))


def take(engine, state, raw) -> tuple[Any, Any, list]:
    """Apply one plain input at the open step: (new state, the engine value, events on the way,
    AUTO steps after it included). RuleError when the input breaks a rule; ValueError when it is
    not an input of this step."""
    events: list = []
    state = autos(engine, state, events)
    found = open_step(engine.STEPS, state, engine.outcome)
    if found is None:
        raise ValueError("the game is over")
    state, step, need = found
    if isinstance(need, Decision):
        value = choice_of(step.options(state), raw, step.key)
    else:
        value = faces_of(need, raw)
    new = after(engine.STEPS, step, step.apply(state, value))
    events.append(Event(step.key, need, value, state, new))
    return autos(engine, new, events), value, events


def replay(engine, start, inputs, first: int = 0) -> tuple[Any, list]:
    """The state after `inputs` from `start`, and every event on the way (AUTO steps included);
    `first` is the place of inputs[0] among the game's inputs (after its setup), for the message."""
    events: list = []
    state = autos(engine, start, events)
    for i, raw in enumerate(inputs, first):
        try:
            state, _, more = take(engine, state, raw)
        except (RuleError, ValueError) as exc:
            raise ValueError(f"inputs[{i}]: {exc}") from None
        events += more
    return state, events
