"""One search that explains a recorded turn over an engine's steps (lostprint.engine.contract).

A game's transcript turns what a save records about a turn into a `Record`:
- `inputs` {need key: values, in order}: what the save fixes (its dice, its recorded choices). A step
  asking for that key takes the next value; one asking for a key the record does not hold enumerates
  the engine's legal `options` (a decision) or every face (a roll; `engine.faces(state, need)` where an
  engine says which faces differ in effect).
  `narrow` {key: test(state, value)} keeps the options or faces a save allows (`probe` {key: option}:
  the one to ask the rules about when none is left); `optional` keys need not all be used.
- `checks` {part: expected}: the value the save shows for a part of the state (`engine.PARTS`),
  compared as soon as no step left in the turn can change it (the steps' reach), and `partial`
  {part: test(value)}: a test a branch must pass at every step (a hex coloured today must be one the
  save coloured).
Every branch is walked with equal states merged (as the engine's `forget` leaves them: what no step
left in the turn reads; of two alike but for the engine's `spare`, only the one with more is walked:
it can do all the other can); a branch ends when the turn does. The result is the
end states, or a `Failure`: what stopped the branches that went furthest (the rule an input broke,
a part whose recorded value no branch reached, with the values that were reached, or inputs left over).
Nothing here knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any, Callable

from lostprint.engine.contract import AUTO, Decision, RuleError, next_open, open_step, reach_after, why_not


@dataclass
class Record:
    turn: int  # the turn's number as the state counts it once the turn has begun
    inputs: dict[str, tuple] = field(default_factory=dict)
    checks: dict[str, Any] = field(default_factory=dict)  # part -> the value the save shows
    order: tuple[str, ...] = ()  # the parts in the order a failure names them (the save's field order)
    partial: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    narrow: dict[str, Callable[[Any, Any], bool]] = field(default_factory=dict)  # key -> test(state, value)
    probe: dict[str, Any] = field(default_factory=dict)  # key -> an option to ask why, when none is allowed
    optional: frozenset = frozenset()  # input keys a turn need not use (a route on a day the sloop drifts)
    until: str = ""  # a step the turn stops at, when open (its roll is read with the next turn's record)


@dataclass(frozen=True)
class Failure:
    """Why no branch explains the turn. kind: "rule" (an input the rules refuse: `key`, `message`),
    "part" (`key` a part whose recorded value no branch reached; `reached` the values that were),
    "together" (every part reachable, not all at once), "left" (`key`: recorded inputs no step took),
    "short" (`key`: a roll the record runs out of)."""

    kind: str
    key: str
    message: str = ""
    reached: frozenset = frozenset()
    starts: frozenset = frozenset()  # the values of the part when the turn began


@lru_cache(maxsize=32)
def _finality(steps, checked: tuple[str, ...], partial: tuple[str, ...]):
    """({(since, until): the checked parts no step from `until` on can change, that one from `since`
    could}, for each step the partial parts it can change), the parts in the save's order."""
    n = len(steps)
    final_at = [frozenset(checked) - reach_after(steps, i) for i in range(n)] + [frozenset(checked)]
    newly = {(since, until): tuple(p for p in checked if p in final_at[until] - final_at[since])
             for since in range(n + 1) for until in range(since, n + 1)}
    return newly, [tuple(p for p in partial if p in step.reach) for step in steps]


class _Furthest:
    """The failures of the branches that went furthest into the turn."""

    def __init__(self):
        self.depth = -1
        self.items: list[tuple] = []

    def add(self, depth: int, item: tuple) -> None:
        if depth > self.depth:
            self.depth, self.items = depth, [item]
        elif depth == self.depth:
            self.items.append(item)


def explain(engine, starts, record: Record) -> tuple[list, Failure | None]:
    """(the states the turn can end in, None), or ([], why not)."""
    steps = engine.STEPS
    n = len(steps)
    part = engine.PARTS
    forget = getattr(engine, "forget", lambda s: s)
    faces_of = getattr(engine, "faces", None)
    checks = record.checks
    newly, partial_at = _finality(steps, tuple(p for p in record.order if p in checks),
                                  tuple(p for p in record.order if p in record.partial))
    stop = next((i for i, step in enumerate(steps) if step.key == record.until), -1)
    keys = tuple(record.inputs)
    slot = {k: i for i, k in enumerate(keys)}
    furthest = _Furthest()
    reached: dict[str, dict[int, set]] = {}
    ends: dict = {}
    begin = {p: {part[p](s) for s in starts} for p in checks}

    def check(state, since: int, until: int, depth: int) -> bool:
        """Compare the parts that became final between step indexes `since` and `until`."""
        new = newly[since, until]
        if not new:
            return True
        ok = True
        for name in new:
            value = part[name](state)
            reached.setdefault(name, {}).setdefault(depth, set()).add(value)
            want = checks[name]
            if not (want(value) if callable(want) else value == want):
                ok = False
        if not ok:
            furthest.add(depth, ("part", frozenset(new)))
        return ok

    refused: list[tuple] = []  # (reach of the step, key, message) for recorded inputs the rules refused

    def expand(state, used, checked, found) -> list:
        """The branches one input on from `state` (none when it fails or its turn is over). `found`:
        (state, step, need) as `next_open` gave it, or False when the next open step is not known yet."""
        if found is False:
            found = open_step(steps, state, engine.outcome)
        if found is not None:
            state, step, need = found
            if step is None:
                found = None
        ended = found is None or (state.day == record.turn and (state.step == 0 or state.step == stop))
        index = n if ended else state.step
        depth = index * 1000 + sum(used)
        if not check(state, min(checked, index), index, depth):
            return []
        if ended:
            left = [k for k in keys if used[slot[k]] < len(record.inputs[k]) and k not in record.optional]
            if left:
                furthest.add(depth, ("left", left[0]))
            else:
                ends.setdefault(forget(state), state)
            return []
        k = need.key
        taken = False
        if need is AUTO:
            values = (None,)
        elif k in slot and used[slot[k]] < len(record.inputs[k]):
            values, taken = (record.inputs[k][used[slot[k]]],), True
        elif isinstance(need, Decision):
            values = tuple(step.options(state))
            if k in record.narrow:
                values = tuple(v for v in values if record.narrow[k](state, v))
                if not values and k in record.probe:
                    message = why_not(step, state, record.probe[k]) or f"no {k} the save allows"
                    furthest.add(depth + 1, ("rule", k, message))
                    refused.append((step.reach, k, message))
        elif k in slot:
            furthest.add(depth, ("short", k))
            return []
        else:
            if faces_of is not None:
                values = tuple(faces_of(state, need))
            else:
                values = tuple(product(engine.FACES, repeat=need.dice)) if need.dice > 1 else engine.FACES
            if k in record.narrow:
                values = tuple(v for v in values if record.narrow[k](state, v))
        nxt_used = used[:slot[k]] + (used[slot[k]] + 1,) + used[slot[k] + 1:] if taken else used
        tests = partial_at[index]
        out = []
        for value in values:
            try:
                new = step.apply(state, value)
            except RuleError as exc:
                furthest.add(depth + 1, ("rule", k, str(exc)))
                if taken:
                    refused.append((step.reach, k, str(exc)))
                continue
            moved = index if step.repeat else index + 1
            if not check(new, index, moved, depth + 1):  # the parts read no step: checked before moving on
                continue
            if tests:
                bad = [p for p in tests if not record.partial[p](part[p](new))]
                if bad:
                    furthest.add(depth + 1, ("partial", bad[0], part[bad[0]](new)))
                    continue
            found = next_open(steps, step, index, new, engine.outcome)
            out.append((found[0], nxt_used, moved, found))
        return out

    # (state, recorded inputs used, step last checked, its open step if known)
    stack = [(s, (0,) * len(keys), s.step, False) for s in starts]
    spare = getattr(engine, "spare", lambda s: 0)
    seen: dict = {}  # a branch's state as `forget` leaves it -> the most spare of those walked
    while stack:
        node = stack.pop()
        while node is not None:
            children = expand(*node)
            if len(children) == 1:  # a line of play is followed unmerged (cheaper than looking it up at every
                # step, though two lines that meet are walked twice); branches merge where a step splits
                node = children[0]
                continue
            for child in children:  # branches that may meet again: keep one of equal ones
                key = (forget(child[0]), child[1])
                more = spare(child[0])
                if seen.get(key, -1) < more:
                    seen[key] = more
                    stack.append(child)
            node = None
    if ends:
        return list(ends.values()), None
    return [], _failure(furthest, reached, record, begin, refused)


def _matches(want, value) -> bool:
    return want(value) if callable(want) else value == want


def _failure(furthest: _Furthest, reached, record: Record, begin, refused) -> Failure:
    """The failure to report: at the furthest point any branch reached, the first part (in the
    save's order) no branch could give its recorded value; but a recorded input the rules refused
    comes first when the part is one its step sets (a route too long for the weather, rather than
    where a drift would have ended)."""
    items = furthest.items
    names = set()
    for item in items:
        if item[0] == "part":
            names |= item[1]
        elif item[0] == "partial":
            names.add(item[1])
    for part in (p for p in record.order if p in names):
        for reach, key, message in refused:
            if part in reach:
                return Failure("rule", key, message)
        values = set(reached.get(part, {}).get(furthest.depth, set()))
        seen_early = {item[2] for item in items if item[0] == "partial" and item[1] == part}
        if seen_early or not any(_matches(record.checks.get(part), v) for v in values):
            return Failure("partial" if seen_early else "part", part, reached=frozenset(values | seen_early),
                           starts=frozenset(begin.get(part, ())))
    if names:
        return Failure("together", "")
    rules = sorted({(item[1], item[2]) for item in items if item[0] == "rule"})
    if rules:
        return Failure("rule", rules[0][0], rules[0][1])
    if items:
        return Failure(items[0][0], items[0][1])
    return Failure("together", "")
