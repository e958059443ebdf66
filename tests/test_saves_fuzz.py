"""Property tests: mutated saves (as text and as data) never crash the loader or the validator;
every problem is one "file:line: field: what" line, and a save that passes replays consistently."""
import copy
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lostprint.files import LoadError, parse_text
from lostprint.saves.validate import replay_data

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "1572-the-delta-by-grace.yaml"
LINE = re.compile(r"^src:\d+: \S.*: .+")


def _short_text() -> str:
    """The example cut to its first days: cheap to replay a thousand times."""
    text = EXAMPLE.read_text(encoding="utf-8")
    head, _, days = text.partition("days:\n")
    chunks = re.split(r"(?m)^(?=  - day: )", days)
    return head + "days:\n" + "".join(chunks[1:7])


SHORT = _short_text()
BASE = parse_text(SHORT, "src")
PLAIN = copy.deepcopy(BASE)  # LDict/LList survive deepcopy with their lines

KEYS = ["format", "game", "map", "setup", "days", "outcome", "day", "mapped", "moved", "marks", "resources",
        "journal", "fever", "village", "trail", "interest", "hex", "result", "food", "morale", "expedition"]
scalars = (st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=6) | st.sampled_from(["A1", "B2", "C2", "Z99", "hills", "lake", "village",
                                                    "natural-wonder", "lost-expedition", "1672", "standard"]))
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=3), max_leaves=6)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def check(data):
    problems, played = replay_data(data, "src")
    assert isinstance(problems, list)
    for p in problems:
        assert LINE.match(p), p
        assert "\n" not in p
    if not problems:
        assert played is not None
        assert len(played.route) == 1 + sum(len(d.moved) for d in played.days)
        assert played.total == sum(points for _, points in played.score)


def fuzz_runs(full: int, sample: int, *strategies):
    """Two tests from one property: a `sample`-example run in the default suite and the `full` run
    marked slow (CI runs both)."""
    def make(body):
        def run(n):
            return settings(max_examples=n, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])(given(*strategies)(body))
        return run(sample), pytest.mark.slow(run(full))
    return make


def mutated_data_never_crashes(data):
    tree = copy.deepcopy(PLAIN)
    all_paths = list(paths(tree))
    target = data.draw(st.sampled_from(all_paths[1:]))
    parent = tree
    for key in target[:-1]:
        parent = parent[key]
    op = data.draw(st.sampled_from(["replace", "delete", "add"]))
    last = target[-1]
    if op == "replace":
        parent[last] = data.draw(junk)
    elif op == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent[data.draw(st.sampled_from(KEYS))] = data.draw(junk)
    else:
        parent.insert(last, data.draw(junk))
    check(tree)


test_mutated_data_never_crashes, test_mutated_data_never_crashes_600 = fuzz_runs(600, 60, st.data())(
    mutated_data_never_crashes)


SPECIAL = list(":{}[]-#&*!|>'\"\n \t%@`,?\\") + ["\u00e9", "\u4e2d", "\U0001f600", "\x00", "\ufeff"]


def mutated_text_never_crashes(edits, kind):
    text = SHORT
    for pos, cut, insert in edits:
        pos = min(pos, len(text))
        text = text[:pos] + insert + text[pos + cut:]
    try:
        tree = parse_text(text, "src", kind)
    except LoadError as exc:
        assert str(exc).startswith("src:") and "\n" not in str(exc)
        return
    check(tree)


EDITS = st.lists(st.tuples(st.integers(0, len(SHORT)), st.integers(0, 4),
                          st.text(alphabet=st.sampled_from(SPECIAL) | st.characters(), max_size=4)),
                min_size=1, max_size=4)
test_mutated_text_never_crashes, test_mutated_text_never_crashes_450 = fuzz_runs(
    450, 45, EDITS, st.sampled_from(["yaml", "json", None]))(mutated_text_never_crashes)
