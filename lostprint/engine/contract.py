"""The one contract every game engine keeps.

- A game's state is one frozen dataclass; it says which step of the turn is open (`state.step`).
- The turn is `STEPS`, an ordered tuple of `Step`s held in data. A step's `need(state)` says what it
  asks for now: a `Roll` (which dice), a `Decision` (the step's `options(state)` are the legal
  choices; `why_not(step, state, value)` gives the rule a refused one breaks), `AUTO` (no input: the
  effect just happens) or None (nothing to do: the step is passed). Its `apply(state, value)` is the
  effect, a pure function returning the next state. A `repeat` step is asked again until its need is
  None (a roll again after a wound, one scan roll per blank hex). `reach` names the parts of the
  state the step can change: a search stops comparing a recorded value against a branch only while
  some step left in the day can still change it.
- `RuleError(rule, message)`: the one error; `rule` names the rule broken, the message its limit.
- Each engine gives `start(game_map, ...) -> state`, `outcome(state) -> (result, why) | None` and
  `score(state) -> ((label, points), ...)`; a Lost game's engine also `STANDINS` ({ruling key: its neutral
  stand-in}, empty for a game with none; `RULES.ruling(key)` names it), and its state has the `day` it is
  in (read by `drive.play(days=...)` and the search; Crows' turns need neither). The driver
  (lostprint.engine.drive) plays an engine with any decider and dice; the save search
  (lostprint.saves.search) explains a recorded day over it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable


class RuleError(ValueError):
    """A move the rules do not allow: `rule` names the rule, the message says what and its limit."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Roll:
    """The step rolls `dice` six-sided dice; `key` is how a save records them (under `rolls:`)."""

    key: str
    dice: int = 1


@dataclass(frozen=True)
class Decision:
    """The player chooses; `key` names the choice (a decider's question)."""

    key: str


@dataclass(frozen=True)
class Auto:
    """No input: the step's effect happens."""

    key: str = "auto"


AUTO = Auto()
Need = Roll | Decision | Auto


def _no_options(state) -> tuple:
    return ()


@dataclass(frozen=True)
class Step:
    key: str
    need: Callable[[Any], Need | None]
    apply: Callable[[Any, Any], Any]
    reach: frozenset[str] = frozenset()
    options: Callable[[Any], Iterable] = _no_options  # a decision's legal values now
    repeat: bool = False


def why_not(step: Step, state, value) -> str | None:
    """Why `value` is refused at this step now (None: it is legal)."""
    try:
        step.apply(state, value)
    except RuleError as exc:
        return str(exc)
    return None


def evolve(state, **changes):
    """`dataclasses.replace` for a state without `__post_init__` or slots, a few times faster (a
    game's states are made millions of times in a search)."""
    new = object.__new__(state.__class__)
    _set(new, "__dict__", {**state.__dict__, **changes})  # one dict made whole: ~40% faster than two updates
    return new


_set = object.__setattr__  # a frozen dataclass's fields set as Python's own __init__ for it does


def open_step(steps: tuple[Step, ...], state, over: Callable[[Any], object]):
    """(state, step, need) of the next step that asks for something, passing the steps with nothing
    to do (the state's `step` moves on; one new state at most); None when the game is over."""
    if over(state):
        return None
    i = state.step
    while True:
        need = steps[i].need(state)
        if need is not None:
            return (state if i == state.step else evolve(state, step=i)), steps[i], need
        i = (i + 1) % len(steps)


def after(steps: tuple[Step, ...], step: Step, state):
    """The state once `step` has applied an input: a repeat step stays open, any other moves on."""
    if step.repeat:
        return state
    return evolve(state, step=(state.step + 1) % len(steps))
