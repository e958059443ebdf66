"""One search that explains a recorded turn over an engine's steps (lostprint.engine.contract).

A game's transcript turns what a save records about a turn into a `Record` (its fields say what each
holds). A step asking for an input the record holds takes its next value; any other open decision
enumerates the engine's legal `options`, any other roll every face (`engine.faces(state, need)` where an
engine says which faces differ in effect). A checked part is compared as soon as no step left in the turn
can change it (the steps' reach). Every branch is walked with equal states merged (as the engine's
`forget` leaves them: what no step left in the turn reads; of two alike but for the engine's `spare`,
only the one with more is walked: it can do all the other can); a branch ends when the turn does. The
result is the end states, or a `Failure`: what stopped the branches that went furthest.
Nothing here knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import product
from typing import Any, Callable, Iterator

from lostprint.engine.contract import AUTO, Decision, RuleError, evolve, open_step, why_not


@dataclass
class Record:
    turn: int  # the turn's number as the state counts it once the turn has begun
    inputs: dict[str, tuple] = field(default_factory=dict)  # need key -> the values the save fixes, in order
    checks: dict[str, Any] = field(default_factory=dict)  # part (engine.PARTS) -> the value the save shows
    order: tuple[str, ...] = ()  # the parts in the order a failure names them (the save's field order)
    partial: dict[str, Callable[[Any], bool]] = field(default_factory=dict)  # part -> a test a branch must
    # pass at every step (a hex coloured today must be one the save coloured)
    narrow: dict[str, Callable[[Any, Any], bool]] = field(default_factory=dict)  # key -> test(state, value):
    # the options or faces a save allows
    probe: dict[str, Any] = field(default_factory=dict)  # key -> an option to ask the rules why, when
    # narrow leaves none (or a function of the state giving it)
    optional: frozenset = frozenset()  # input keys a turn need not use (a route on a day the sloop drifts)
    until: str = ""  # a step the turn stops at, when open (its roll is read with the next turn's record)
    expect: dict[str, tuple[str, Any]] = field(default_factory=dict)  # step key -> (the input key a failure
    # names, a value the save shows the step taking): a branch that passes the step with nothing to ask,
    # where the rules refuse that value, stops there with the rule (the value may be a function of the state)
    prune: Callable[[Any], bool] | None = None  # state -> False to stop the branch unreported: it surely
    # cannot end the turn as recorded


@dataclass(frozen=True)
class Failure:
    """Why no branch explains the turn. kind: "rule" (`key`: an input the rules refuse, the refused
    `value` and the RuleError's `message`), "none" (`key`: a roll or decision none of whose
    legal values the save allows), "part" (`key` a part whose recorded value no branch reached;
    `reached` the values that were), "partial" (as "part", for a part a partial test stopped),
    "together" (every part reachable, not all at once), "left" (`key`: recorded inputs no step took),
    "short" (`key`: a roll the record runs out of)."""

    kind: str
    key: str
    message: str = ""
    value: Any = None  # kind "rule": the input refused
    reached: frozenset = frozenset()
    starts: frozenset = frozenset()  # the values of the part when the turn began
    early: frozenset = frozenset()  # its values that stopped a branch before the furthest (a partial test)
    ended: Failure | None = None  # what stopped the branches that ended the game, when others went as far


@lru_cache(maxsize=32)
def _finality(steps, checked: tuple[str, ...], partial: tuple[str, ...]):
    """({(since, until): the checked parts no step from `until` on can change, that one from `since`
    could}, for each step the partial parts it can change), the parts in the save's order."""
    n = len(steps)
    later = [frozenset()] * (n + 1)  # what the steps from each index to the end of the turn can change
    for i in range(n - 1, -1, -1):
        later[i] = later[i + 1] | steps[i].reach
    final_at = [frozenset(checked) - later[i] for i in range(n + 1)]
    newly = {(since, until): tuple(p for p in checked if p in final_at[until] - final_at[since])
             for since in range(n + 1) for until in range(since, n + 1)}
    return newly, [tuple(p for p in partial if p in step.reach) for step in steps]


@dataclass
class _Trace:
    """What stopped the branches of a walk: the failures of those that went furthest (`depth`, `items`),
    the values each checked part reached (by depth), the recorded inputs the rules refused, the parts at
    the start."""

    depth: int = -1
    items: list = field(default_factory=list)
    reached: dict = field(default_factory=dict)  # part -> recorded inputs used -> values
    refused: list = field(default_factory=list)  # (reach of the step, its "rule" item, recorded inputs used before)
    begin: dict = field(default_factory=dict)
    early: dict = field(default_factory=dict)  # part -> values that failed its partial test, at any depth
    over: _Trace | None = None  # the branches that ended the game, traced apart: one that ends the game early
    # has gone no further than the step that ended it, and its values are not what the turn gives going on
    narrowed: tuple = (-1, "")  # the furthest a branch was stopped by a value the save does not allow, and its key

    def add(self, depth: int, item: tuple) -> None:
        if depth > self.depth:
            self.depth, self.items = depth, [item]
        elif depth == self.depth:
            self.items.append(item)

    def refuse(self, depth: int, step, key: str, value, message: str, before: int | None) -> None:
        """A branch stopped by the rules refusing `value` (`before`: the recorded inputs used, when it was one)."""
        item = ("rule", key, message, value)
        self.add(depth, item)
        if before is not None:
            self.refused.append((step.reach, item, before))


def explain(engine, starts, record: Record, budget: int = 0) -> tuple[list, Failure | None]:
    """(the states the turn can end in, None), or ([], why not); `budget` as `walk`'s."""
    trace = _Trace()
    found = list(walk(engine, starts, record, trace, budget))
    if found:
        return found, None
    over = trace.over
    over.begin = trace.begin
    if over.depth > max(trace.depth, trace.narrowed[0]):  # the game's end went furthest: what else stopped is not asked
        return [], _failure(over, record)
    # where the save's values allow only the game's end, the branches it does not allow are as far
    failure = _failure(trace, record) if trace.depth >= over.depth else Failure("none", trace.narrowed[1])
    return [], replace(failure, early=frozenset(trace.early.get(failure.key, ())),
                       ended=_failure(over, record) if over.items else None)


@dataclass
class Allowance:
    """The steps the walks given it may still take, in all (None: no bound); its holder sets it between
    resuming them."""

    left: int | None = None


def walk(engine, starts, record: Record, trace: _Trace | None = None, budget: int | Allowance = 0) -> Iterator:
    """The states the turn can end in, each once (as `forget` leaves it), yielded as the walk finds
    them: a caller that needs one stops there. `trace` gathers why the other branches stopped.
    `budget`: at most so many steps walked (0: no bound), for a caller that takes any answer; or an
    `Allowance` shared with other walks."""
    # an int budget is an Allowance of its own (its last step is the one the walk stops at)
    shared = budget if isinstance(budget, Allowance) else Allowance(budget - 1 if budget else None)
    trace = trace if trace is not None else _Trace()
    trace.over = _Trace()
    steps = engine.STEPS
    n = len(steps)
    part = engine.PARTS
    over = engine.outcome
    forget = getattr(engine, "forget", lambda s: s)
    spare = getattr(engine, "spare", lambda s: 0)
    faces_of = getattr(engine, "faces", None)
    checks = record.checks
    newly, partial_at = _finality(steps, tuple(p for p in record.order if p in checks),
                                  tuple(p for p in record.order if p in record.partial))
    stop = next((i for i, step in enumerate(steps) if step.key == record.until), -1)
    keys = tuple(record.inputs)
    slot = {k: i for i, k in enumerate(keys)}
    ends: dict = {}
    trace.begin = {p: {part[p](s) for s in starts} for p in checks}
    expect = {i: record.expect[step.key] for i, step in enumerate(steps) if step.key in record.expect}
    prune = record.prune

    def check(state, since: int, until: int, depth: int, into: _Trace = trace) -> bool:
        """Compare the parts that became final between step indexes `since` and `until`."""
        new = newly[since, until]
        if not new:
            return True
        ok = True
        for name in new:
            value = part[name](state)
            into.reached.setdefault(name, {}).setdefault(depth // 1000, set()).add(value)  # by the inputs used
            want = checks[name]
            if not (want(value) if callable(want) else value == want):
                ok = False
        if not ok:
            into.add(depth, ("part", frozenset(new)))
        return ok

    def advance(step, index: int, new, used: int):
        """`contract.open_step` for the state `step` just made (past it, unless it repeats), refusing a branch
        that passes (nothing to ask) a step the save shows taking a value the rules refuse there: None."""
        if over(new):
            return new, None, None
        i = index if step.repeat else (index + 1) % n
        while True:
            need = steps[i].need(new)
            if need is not None:
                break
            if expect and i in expect:
                key, value = expect[i]
                value = value(new) if callable(value) else value
                message = why_not(steps[i], new, value)
                if message is not None:
                    trace.refuse(used * 1000 + i + 1, steps[i], key, value, message, used)
                    return None
            i = (i + 1) % n
        return (new if i == new.step else evolve(new, step=i)), steps[i], need

    def expand(used, checked, found) -> tuple[tuple | None, object]:
        """(the frame of the branches one input on from a branch, an end state new to the walk or None).
        `found`: the branch's (state, open step, its need) as `advance` gives it."""
        state, step, need = found
        ended = step is None or (state.day == record.turn and (state.step == 0 or state.step == stop))
        index = n if ended else state.step
        # how far: the recorded inputs explained, then the steps (a game that ended: to the step that ended it)
        depth = sum(used) * 1000 + (index if step is not None else state.step + 1)
        into = trace if step is not None else trace.over
        if not check(state, min(checked, index), index, depth, into):
            return None, None
        if ended:
            left = [k for k in keys if used[slot[k]] < len(record.inputs[k]) and k not in record.optional]
            if left:
                into.add(depth, ("left", left[0]))
                return None, None
            key = forget(state)
            if key in ends:
                return None, None
            ends[key] = state
            return None, state
        k = need.key
        taken = False
        if need is AUTO:
            values = (None,)
        elif k in slot and used[slot[k]] < len(record.inputs[k]):
            values, taken = (record.inputs[k][used[slot[k]]],), True
        elif k in slot and not isinstance(need, Decision):
            trace.add(depth, ("short", k))
            return None, None
        elif isinstance(need, Decision):
            values = tuple(step.options(state))
        elif faces_of is not None:
            values = tuple(faces_of(state, need))
        else:
            values = tuple(product(engine.FACES, repeat=need.dice)) if need.dice > 1 else engine.FACES
        if not taken and k in record.narrow:
            allowed = tuple(v for v in values if record.narrow[k](state, v))
            if not allowed and k in record.probe and isinstance(need, Decision):
                probe = record.probe[k](state) if callable(record.probe[k]) else record.probe[k]
                message = why_not(step, state, probe) or f"no {k} the save allows"
                trace.refuse(depth + 1, step, k, probe, message, sum(used))
            elif not allowed:
                trace.add(depth + 1, ("none", k))
            elif len(allowed) < len(values) and depth + 1 > trace.narrowed[0]:
                trace.narrowed = (depth + 1, k)
            values = allowed
        nxt_used = used[:slot[k]] + (used[slot[k]] + 1,) + used[slot[k] + 1:] if taken else used
        return (state, step, index, depth, k, taken, nxt_used, values), None

    def child(frame, value):
        """The branch `value` makes of a frame (None when it fails)."""
        state, step, index, depth, k, taken, nxt_used, _ = frame
        try:
            new = step.apply(state, value)
        except RuleError as exc:
            trace.refuse(depth + 1, step, k, value, str(exc), depth // 1000 if taken else None)
            return None
        if prune is not None and not prune(new):
            return None
        moved = index if step.repeat else index + 1
        if not check(new, index, moved, depth + 1):  # the parts read no step: checked before moving on
            return None
        tests = partial_at[index]
        if tests:
            bad = [p for p in tests if not record.partial[p](part[p](new))]
            if bad:
                trace.add(depth + 1, ("partial", bad[0], part[bad[0]](new)))
                trace.early.setdefault(bad[0], set()).add(part[bad[0]](new))
                return None
        found = advance(step, index, new, sum(nxt_used))
        return None if found is None else (nxt_used, moved, found)

    seen: dict = {}  # a branch's state as `forget` leaves it -> the most spare of those walked

    def split(frame):
        """The branches of a step with several values, made one at a time as the walk comes back
        (the last option first); of equal ones, one is walked."""
        for value in reversed(frame[-1]):
            node = child(frame, value)
            if node is not None:
                key = (forget(node[2][0]), node[0])
                more = spare(node[2][0])
                if seen.get(key, -1) < more:
                    seen[key] = more
                    yield node

    # nodes: (recorded inputs used, step last checked, (state, its open step, the step's need))
    stack = [iter([((0,) * len(keys), s.step, open_step(steps, s, over) or (s, None, None)) for s in starts])]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        while node is not None:
            if shared.left is not None:
                if shared.left <= 0:
                    return
                shared.left -= 1
            frame, end = expand(*node)
            if end is not None:
                yield end
            if frame is None:
                break
            if len(frame[-1]) == 1:  # a line of play is followed unmerged (cheaper than looking it up at
                # every step, though two lines that meet are walked twice); branches merge where a step splits
                node = child(frame, frame[-1][0])
                continue
            stack.append(split(frame))
            break


def _matches(want, value) -> bool:
    return want(value) if callable(want) else value == want


def _failure(trace: _Trace, record: Record) -> Failure:
    """The failure to report: at the furthest point any branch reached, the first part (in the
    save's order) no branch could give its recorded value; but a recorded input the rules refused
    comes first when the part is one its step sets and no branch explained more of the record (a
    route too long for the weather, rather than where a drift would have ended)."""
    items, used = trace.items, trace.depth // 1000
    names = {item[1] for item in items if item[0] == "partial"}.union(*(i[1] for i in items if i[0] == "part"))
    for part in (p for p in record.order if p in names):
        for reach, item, before in trace.refused:
            if part in reach and before >= used:  # no branch explained more of the record
                return Failure(*item)
        values = set(trace.reached.get(part, {}).get(used, set()))  # the branches as far in the record
        seen_early = {item[2] for item in items if item[0] == "partial" and item[1] == part}
        if seen_early or not any(_matches(record.checks.get(part), v) for v in values):
            return Failure("partial" if seen_early else "part", part, reached=frozenset(values | seen_early),
                           starts=frozenset(trace.begin.get(part, ())))
    if names:
        return Failure("together", "")
    rules = [item for item in items if item[0] == "rule"]
    if rules:  # of branches that went as far, the first walked (a decision's last option: the most placed)
        return Failure(*rules[0])
    return Failure(*items[0]) if items else Failure("together", "")


class Days:
    """The turns recorded since `roots` (the states a replay begins from), explained lazily: one line
    of end states is kept, and a turn's next end is tried only when a later turn cannot go on from
    the one chosen (a depth-first search over turns: a legal save is mostly explained by its first
    line). `turn(states, spec)` gives a turn's end states from some states, as `walk` does; `forget`
    says which states play on alike (a state found with no way through the kept turns is dead).
    Going back is bounded (`budget` turns walked for one new turn; with `steps`, at most so many steps
    walked in all, `turn` then taking `budget=` for its walks): past it, or when no line explains
    the turns, `every` gives the whole answer turn by turn. (A refused turn is mostly refused from
    every line: the walks resumed to find another end of an earlier turn would otherwise run to their
    end, each over every roll of its day.)"""

    def __init__(self, roots, turn: Callable, forget: Callable = lambda s: s, budget: int = 24, steps: int = 0):
        self.roots = list(roots)
        self.turn = turn
        self.forget = forget
        self.budget = budget
        self.steps = steps
        self.allowance = Allowance()  # the going back's steps left (None: going forward, unbounded)
        self.specs: list = []  # the turns kept, in order
        self.line: list[list] = []  # per level (0: the roots, k: turn k's end): [its iterator, its state]
        self.dead: set = set()  # (level, state as forget leaves it)

    @property
    def tip(self):
        return self.line[-1][1] if self.line else None

    def extend(self, spec) -> bool:
        """Keep one more turn: True when the line explains every turn kept (`tip` is its end), False
        when no line does or the going back ran past the budget (the line is emptied)."""
        self.specs.append(spec)
        line = self.line
        if not line:
            line.append([iter(self.roots), None])
            if not self._advance():
                line.clear()
                return False
        walked = 0
        allowance = self.allowance
        allowance.left = None
        while len(line) <= len(self.specs):
            walked += 1
            if walked > self.budget:
                line.clear()
                return False
            spec = self.specs[len(line) - 1]
            line.append([self.turn([line[-1][1]], spec, budget=allowance) if self.steps
                         else self.turn([line[-1][1]], spec), None])
            while not self._advance():
                if allowance.left is not None and allowance.left <= 0:  # the walks stopped short
                    line.clear()
                    return False
                line.pop()
                if not line:
                    return False
                self.dead.add((len(line) - 1, self.forget(line[-1][1])))
                if self.steps and allowance.left is None:
                    allowance.left = self.steps  # going back
        return True

    def _advance(self) -> bool:
        """The top level takes its next state not known dead."""
        level = len(self.line) - 1
        top = self.line[-1]
        for state in top[0]:
            if (level, self.forget(state)) not in self.dead:
                top[1] = state
                return True
        return False

    def last_ends(self) -> list:
        """Every end of the last turn kept, from the state the line began it in."""
        if len(self.line) < 2:
            return []
        return list(self.turn([self.line[-2][1]], self.specs[-1]))

    def every(self, specs=None) -> list:
        """Every state the turns `specs` (default: all kept but the last) can end in from the roots,
        each once as `forget` leaves it: the whole answer, for a turn the line does not explain."""
        states = self.roots
        for spec in (self.specs[:-1] if specs is None else specs):
            states = list(self.turn(states, spec))
        return states
