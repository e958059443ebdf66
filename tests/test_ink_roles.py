"""No builder branches on the ink: every ink decision is a palette role (lostprint/palette.py).

The scan looks for a comparison of an ink value (a name or attribute called `ink` or `name` of a palette)
with the string "mono" or "color". Choosing the ink (options, CLI, demo) and naming the output file
(`-mono`) are not drawing decisions and are allowed.
"""
from __future__ import annotations

import ast
import pathlib

import package_ast

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "lostprint"
ALLOWED = {"palette.py", "options.py", "cli.py", "app/naming.py", "app/demo.py"}
INK_WORDS = {"mono", "color"}


def _is_ink(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "ink"
    if isinstance(node, ast.Attribute):
        return node.attr == "ink" or (node.attr == "name" and isinstance(node.value, ast.Name)
                                      and node.value.id in {"pal", "palette", "inks"})
    return False


def ink_branches(source: str) -> list[int]:
    """Line numbers where an ink value is compared with "mono" or "color"."""
    found = []
    for node in package_ast.nodes(source):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            words = any(isinstance(s, ast.Constant) and s.value in INK_WORDS for s in sides)
            if words and any(_is_ink(s) for s in sides):
                found.append(node.lineno)
    return sorted(found)


def test_the_scan_finds_a_branch():
    assert ink_branches('x = 1 if ink == "mono" else 2\nif pal.name != "color": pass\n') == [1, 2]
    assert ink_branches('x = pal.route\ny = ink\n') == []


def test_no_module_branches_on_the_ink():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in ALLOWED:
            continue
        offenders += [f"lostprint/{rel}:{line}" for line in ink_branches(path.read_text(encoding="utf-8"))]
    assert offenders == [], "ask the palette for a role instead of branching on the ink: " + ", ".join(offenders)
