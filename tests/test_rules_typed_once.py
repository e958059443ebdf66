"""A number the rules give is typed once, in lostprint/games/. This test finds rule numbers typed
anywhere else in the modules that carry rules (see /work/notes/typed-once.md for how it works).

- Code (engines, players, save rules): every integer literal other than 0 and 1 is a finding. 0 and 1
  are identities (an empty count, one step, the first item), not rule numbers; anything else in a
  module that applies rules is a rule number until shown otherwise. A literal that is not a rule (a
  rounding precision, a message length) stays on a line that says so: `# not a rule: <why>`.
- Rule text (sheets and rulebook modules): a number of 2 or more in a string literal, within two
  words of a rule word (day, phase, per, each, cost, a tracker, chart or terrain name of the game...).
  Layout numbers are floats and are not looked at; "side 2 of 2" has no rule word near it.
- Rulebook templates: no digit outside the {{ }}, {% %} and {# #} tags.

A module on EXCEPTIONS is skipped, with the reason; when it becomes clean, the exception must go.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import package_ast

ROOT = Path(__file__).resolve().parents[1]
MARK = "# not a rule"

GAMES = {
    "lost-expedition": {
        "code": ("lostprint/engine/lost_expedition.py", "lostprint/players/lost_expedition.py",
                 "lostprint/saves/rules_1572.py"),
        "text": ("lostprint/sheets/lost_expedition.py", "lostprint/books/rulebook_1572.py"),
        "template": "templates/rulebook/lost-expedition.j2",
    },
    "lost-crew": {
        "code": ("lostprint/engine/lost_crew.py", "lostprint/players/lost_crew.py", "lostprint/saves/rules_1672.py"),
        "text": ("lostprint/sheets/lost_crew.py", "lostprint/books/rulebook_1672.py"),
        "template": "templates/rulebook/lost-crew.j2",
    },
    "lost-crows": {
        "code": ("lostprint/engine/lost_crows.py", "lostprint/players/lost_crows.py", "lostprint/saves/rules_1872.py"),
        "text": ("lostprint/sheets/lost_crows.py", "lostprint/books/rulebook_1872.py"),
        "template": "templates/rulebook/lost-crows.j2",
    },
}
SHARED_CODE = ("lostprint/saves/rules.py", "lostprint/players/common.py")

# module -> why it is skipped today (each one a known gap, said in the notes; remove when clean)
EXCEPTIONS: dict[str, str] = {}

RULE_WORDS = {"day", "days", "phase", "phases", "per", "each", "cost", "costs", "step", "steps", "hex", "hexes",
              "point", "points", "score", "win", "won", "max", "maximum", "cap", "dice", "die", "roll", "rolls",
              "turn", "turns", "week", "weeks", "trail", "by", "limit", "starts", "start"}


def game_words(game_id: str) -> set[str]:
    from lostprint.games import load

    game = load(game_id)
    words = set(RULE_WORDS)
    for named in (*game.trackers, *game.charts, *game.terrains):
        for attr in ("name", "title"):
            words.update(w.lower() for w in re.findall(r"[A-Za-z]+", getattr(named, attr, "") or ""))
    return words


def _docstrings(nodes) -> set[int]:
    out = set()
    for node in nodes:
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def code_findings(path: str) -> list[str]:
    src = (ROOT / path).read_text(encoding="utf-8")
    lines = src.splitlines()
    out = []
    for node in package_ast.nodes(src):
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value not in (0, 1):
            line = lines[node.lineno - 1]
            if MARK not in line:
                out.append(f"{path}:{node.lineno}: {node.value} in `{line.strip()[:80]}`")
    return out


def text_findings(path: str, words: set[str]) -> list[str]:
    src = (ROOT / path).read_text(encoding="utf-8")
    lines = src.splitlines()
    nodes = package_ast.nodes(src)
    docs = _docstrings(nodes)
    out = []
    for node in nodes:
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docs:
            continue
        tokens = re.findall(r"[A-Za-z]+|\d+(?:\.\d+)?|#\w+", node.value)
        for i, tok in enumerate(tokens):
            if not tok.isdigit() or int(tok) < 2:
                continue
            near = {t.lower() for t in tokens[max(0, i - 2):i + 3] if t.isalpha()}
            line = lines[node.lineno - 1]
            if near & words and MARK not in line:
                out.append(f"{path}:{node.lineno}: {tok} in {node.value[:60]!r}")
    return out


def template_findings(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group().count("\n"), text, flags=re.DOTALL)  # comments
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        bare = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", line)
        for m in re.finditer(r"\d+", bare):
            out.append(f"{path}:{n}: {m.group()} in {line.strip()[:60]!r}")
    return out


def _cases():
    for game_id, mods in GAMES.items():
        for path in mods["code"]:
            yield pytest.param(game_id, "code", path, id=path)
        for path in mods["text"]:
            yield pytest.param(game_id, "text", path, id=path)
        yield pytest.param(game_id, "template", mods["template"], id=mods["template"])
    for path in SHARED_CODE:
        yield pytest.param(None, "code", path, id=path)


@pytest.mark.parametrize("game_id, kind, path", list(_cases()))
def test_rule_numbers_are_typed_once(game_id, kind, path):
    if not (ROOT / path).exists():
        pytest.skip(f"{path} does not exist (yet)")
    if path in EXCEPTIONS:
        pytest.skip(f"listed exception: {EXCEPTIONS[path]}")
    if kind == "code":
        found = code_findings(path)
    elif kind == "text":
        found = text_findings(path, game_words(game_id))
    else:
        found = template_findings(path)
    assert not found, ("rule numbers typed outside lostprint/games/ (read them from the game data, or mark a "
                       "non-rule number `# not a rule: why`):\n" + "\n".join(found))


def test_exceptions_are_still_needed():
    """An exception that no longer finds anything must be taken off the list."""
    for path, why in EXCEPTIONS.items():
        assert (ROOT / path).exists(), path
        game_id = next((g for g, m in GAMES.items() if path in m["text"]), None)
        found = text_findings(path, game_words(game_id)) if game_id else (
            template_findings(path) if path.endswith(".j2") else code_findings(path))
        assert found, f"{path} is clean now: remove it from EXCEPTIONS ({why})"


def test_the_scan_finds_a_typed_rule(tmp_path, monkeypatch):
    """The checks themselves can fail: a rule number in code, in rule text and in a template."""
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "m.py").write_text("COST = 5\nX = 1\nY = round(2.5, 6)  # not a rule: digits\n", encoding="utf-8")
    assert code_findings("m.py") == ["m.py:1: 5 in `COST = 5`"]
    (tmp_path / "s.py").write_text('A = "reach the delta by day 42"\nB = "side 2 of 2"\n', encoding="utf-8")
    assert len(text_findings("s.py", RULE_WORDS)) == 1
    (tmp_path / "t.j2").write_text("{# head #}\n\nWin in {{ game.day_limit }} days, not 42.\n", encoding="utf-8")
    assert template_findings("t.j2") == ["t.j2:3: 42 in 'Win in {{ game.day_limit }} days, not 42.'"]
