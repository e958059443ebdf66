"""A game's data is read through typed fields only: `game.rules.<field>` (the game's frozen rules value),
`game.text.<field>` (what its sheet and rulebook print beyond the rules) or a field of `Game` itself.
There is no string-keyed bag (`Game.extra`, `game.get("crows", 7)`): a default there re-typed a rule
number and a typo returned None. These tests fail if one comes back, or if a read names a field the
game does not have."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from lostprint.games import load
from lostprint.games.model import Game

import package_ast

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lostprint"
GAME_NAMES = {"game", "GAME"}  # names a Game is bound to across the package

# the modules that build one game's sheet or rulebook, and so read that game's own rules and text
GAME_MODULES = {
    "lost-expedition": ("sheets/lost_expedition.py", "books/rulebook_1572.py"),
    "lost-crew": ("sheets/lost_crew.py", "books/rulebook_1672.py"),
    "lost-crows": ("sheets/lost_crows.py", "books/rulebook_1872.py"),
}
TEMPLATES = {"lost-expedition": "lost-expedition.j2", "lost-crew": "lost-crew.j2", "lost-crows": "lost-crows.j2"}


def _is_game(node: ast.AST) -> bool:
    """`game`, `GAME`, `book.game`, `played.game`, `load(...)`: an expression that holds a Game."""
    if isinstance(node, ast.Name):
        return node.id in GAME_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_NAMES
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "load"
    return False


FIELDS = frozenset(f.name for f in dataclasses.fields(Game))


def untyped_reads(source: str) -> list[tuple[int, str]]:
    """(line, what) for every `.get(` or `.extra` on a Game, and every `getattr(game, "name", default)`
    of a name that is not a Game field (a string-keyed read in disguise)."""
    found = []
    for node in package_ast.nodes(source):
        if isinstance(node, ast.Attribute) and node.attr in {"get", "extra"} and _is_game(node.value):
            found.append((node.lineno, f".{node.attr}"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) == 3 and _is_game(node.args[0])
              and not (isinstance(node.args[1], ast.Constant) and node.args[1].value in FIELDS)):
            found.append((node.lineno, "getattr with a default"))
    return found


def typed_reads(source: str) -> set[tuple[str, str]]:
    """('rules' | 'text', field) for every `<game>.rules.<field>` and `<game>.text.<field>`."""
    out = set()
    for node in package_ast.nodes(source):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                and node.value.attr in {"rules", "text"} and _is_game(node.value.value)):
            out.add((node.value.attr, node.attr))
    return out


def test_game_has_no_untyped_bag():
    names = {f.name for f in dataclasses.fields(Game)}
    assert "extra" not in names
    assert not hasattr(Game, "get")
    for game_id in ("lost-expedition", "lost-crew", "lost-crows", "crows"):
        game = load(game_id)
        assert not hasattr(game, "extra") and not hasattr(game, "get")
        assert dataclasses.is_dataclass(game.rules) and game.rules.__dataclass_params__.frozen


def test_no_module_reads_a_game_by_key():
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, what in untyped_reads(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_scan_finds_an_untyped_read():
    source = ('n = game.get("crows", 7)\nm = book.game.extra\nk = load("1872").get("units")\n'
              'v = getattr(game, "crows", 7)\nok = today.get("rolls")\nt = getattr(game, "terrains", ())\n')
    assert sorted(line for line, _ in untyped_reads(source)) == [1, 2, 3, 4]


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_every_typed_read_names_a_field_the_game_has(game_id):
    game = load(game_id)
    assert dataclasses.is_dataclass(game.text) and game.text.__dataclass_params__.frozen
    missing = []
    for rel in GAME_MODULES[game_id]:
        for kind, name in sorted(typed_reads((PACKAGE / rel).read_text(encoding="utf-8"))):
            if not hasattr(getattr(game, kind), name):
                missing.append(f"{rel}: game.{kind}.{name}")
    assert not missing, missing


@pytest.mark.parametrize("game_id", sorted(TEMPLATES))
def test_templates_read_typed_fields(game_id):
    """The rulebook templates see `rules` and `text`; each `rules.x` / `text.x` they print exists."""
    import re

    game = load(game_id)
    template = (ROOT / "templates" / "rulebook" / TEMPLATES[game_id]).read_text(encoding="utf-8")
    tags = re.findall(r"\{\{.*?\}\}|\{%.*?%\}", template, re.S)
    assert not [t for t in tags if re.search(r"(?<![\w.])g\.", t)], "the untyped `g` lookup is gone"
    missing = [f"{kind}.{name}" for tag in tags for kind, name in re.findall(r"(?<![\w.])(rules|text)\.([a-z_]+)", tag)
               if not hasattr(getattr(game, kind), name)]
    assert not missing, missing
