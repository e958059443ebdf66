"""The package's modules parsed once per test run: several tests scan every module's syntax tree
(layering, typed rules, typed game reads, ink roles), and parsing the package costs about a second."""
from __future__ import annotations

import ast
import functools


@functools.cache
def parse(source: str) -> ast.Module:
    """The syntax tree of a module's source; shared between tests, so never change it."""
    return ast.parse(source)
