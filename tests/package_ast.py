"""The package's modules parsed once per test run: several tests scan every module's syntax tree
(layering, typed rules, typed game reads, ink roles), and parsing the package costs about a second,
walking all its ~290,000 nodes a quarter of one."""
from __future__ import annotations

import ast
import functools
import gc


@functools.cache
def parse(source: str) -> ast.Module:
    """The syntax tree of a module's source; shared between tests, so never change it."""
    tree = ast.parse(source)
    # The package's trees are ~400,000 objects kept to the end of the run: frozen, the collector does
    # not scan them again at every full collection (~0.2 s CPU each). gc.freeze is O(1).
    gc.freeze()
    return tree


@functools.cache
def nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of parse(source) in ast.walk's order, walked once and scanned by several tests."""
    return tuple(ast.walk(parse(source)))
