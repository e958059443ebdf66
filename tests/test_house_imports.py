"""Imports written inside functions: few, and each of a module the start-up budget keeps out of a run
that does not need it (a heavy library, one game's part, one command's or one format's modules), for
the reason LAZY gives. Everything else is imported at the top of its module, where the layering test
and a reader see it.
"""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import package_ast

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lostprint"

# module (or package) -> why an import of it waits inside the function that needs it. Each is imported
# lazily in one place where it can be (a loader function handing the module to every caller): the
# registry (lostprint.app.registry) for a game's parts, a floor's own picker for a game's module of that
# floor (sheets.sheet_module, saves.games.rules_module, rating.players), one loader for a library.
LAZY = {
    # heavy libraries
    "reportlab": "PDF drawing and font metrics (~0.1 s): a run that draws or measures no PDF text skips it",
    "cairosvg": "PNG only (~0.4 s); importing it is also the check that the Cairo C library is installed",
    "dask": "an optional extra, only for --executor dask",
    "yaml": "the YAML reader (~15 ms): a plain sheet reads no YAML",
    "babel": "the catalogs' tools (~50 ms): only a language other than English",
    "ctypes": "ctypes.util loads subprocess and shutil (~10 ms): only a PNG hands fontconfig the bundled fonts",
    "subprocess": "(~2 ms) only when the system's fonts are searched",
    "tempfile": "with random and shutil (~1.5 ms): only a write needs it, not `--help`",
    "lostprint.text.shape": "HarfBuzz and python-bidi: only text that needs shaping (tests/test_startup.py)",
    "lostprint.text.pdf": "reportlab's platypus: only text that needs shaping",
    "lostprint.render.pdf": "one output format's renderer: reportlab's canvas",
    "lostprint.render.svg": "SVG and PNG: svgwrite and HarfBuzz's outlines",
    "lostprint.render.png": "as render.svg (cairosvg itself waits for a PNG)",
    # one game's part: a command for one game loads no other game (tests/test_startup.py)
    "lostprint.games.lost_expedition": "one game's data",
    "lostprint.games.lost_crew": "one game's data",
    "lostprint.games.lost_crows": "one game's data",
    "lostprint.games.crows": "one game's data",
    "lostprint.sheets": "fonts, text measuring, sheet options (~15 ms): the registry's sheet part; a save's or "
                        "record's `validate` draws no sheet",
    "lostprint.sheets.lost_expedition": "one game's sheet",
    "lostprint.sheets.lost_crew": "one game's sheet",
    "lostprint.sheets.lost_crows": "one game's sheet",
    "lostprint.sheets.crows_layout": "one game's setup diagram",
    "lostprint.sheets.hexmap": "the hex map model (~15 ms): only a hex game's rulebook draws hexes",
    "lostprint.engine": "one game's engine: a sheet loads none",
    "lostprint.players": "one game's simulated players: only play and rating",
    "lostprint.rating": "the rated games' engines and players, one import each (rating.players): a sheet loads none",
    "lostprint.saves.rules_1572": "one game's replay rules",
    "lostprint.saves.rules_1672": "one game's replay rules",
    "lostprint.saves.rules_1872": "one game's replay rules",
    "lostprint.saves.fields_1572": "one game's save fields (saves.games.save_fields)",
    "lostprint.saves.fields_1672": "one game's save fields (saves.games.save_fields)",
    "lostprint.saves.fields_1872": "one game's save fields (saves.games.save_fields)",
    "lostprint.books.rulebook_1572": "one game's rulebook",
    "lostprint.books.rulebook_1672": "one game's rulebook",
    "lostprint.books.rulebook_1872": "one game's rulebook",
    "lostprint.books.rulebook_crows": "one game's rulebook",
    "lostprint.crows.record": "the Crows record, only for Crows",
    "lostprint.crows.kit": "the Crows kit, only for Crows",
    "lostprint.crows.record_pages": "a record's pages (scene, widgets, tile art: ~30 ms): checking a record draws none",
    # one command's modules: `--help` loads no command, a sheet no file reader, replay, book or generator
    "lostprint.app": "the commands: `lostprint --help` loads none (benchmarks/bench_imports.py)",
    "lostprint.validate": "`lostprint validate` and `schema`: a file's check without the commands' sheets and renderers",
    "lostprint.edit": "the local pages' commands (`edit`, `play`) only",
    "lostprint.play": "the local pages' commands (`edit`, `play`) only; play's table loads every engine (~0.5 s)",
    "lostprint.files": "the file readers (~4 ms): a sheet on the standard map reads no file (tests/test_startup.py)",
    "lostprint.saves.validate": "replay of a save (~15 ms): only render, validate and a save's preview",
    "lostprint.saves.schema": "`lostprint schema save` only: every game's rules (~40 ms)",
    "lostprint.maps.check": "the map reader and checks (~10 ms): only a map file or variants",
    "lostprint.maps.generate": "the generators (~15 ms): only variants",
    "lostprint.maps.schema": "`lostprint schema map` only",
    "lostprint.books.journal": "a journal's pages and reportlab's page flow (~0.1 s): only journals and previews",
    "lostprint.books.rulebook": "jinja2 and the book model (~0.1 s): only rulebooks",
}

# The files whose cheap imports inside functions were not moved yet: at most this many each (none left).
PENDING: dict[str, int] = {}
# All imports inside functions, lazy ones included: under 60, each of a heavy library or of one game's or
# one command's part, with its reason in LAZY (docs/dev/architecture.md).
LIMIT = 59  # 59: a Crows record on a variant layout generates it (maps.generate, only for {seed: N})


def module_names() -> set[str]:
    out = set()
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def function_imports(tree: ast.AST, package: str, modules: set[str]) -> list[tuple[int, str]]:
    """(line, module) of every import statement written inside a function: `from lostprint.engine import
    crows` is the module lostprint.engine.crows, a relative import is resolved from `package`."""
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                found += [(node.lineno, f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base)
                          for a in node.names]
    # a nested function's imports are found from each function around it: one each; one a statement
    return sorted(set(found))


def statements_inside_functions(tree: ast.AST) -> int:
    """How many import statements are written inside functions (each counted once)."""
    inside = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(n) for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom)))
    return len(inside)


def reason(module: str) -> str | None:
    best = max((k for k in LAZY if module == k or module.startswith(k + ".")), key=len, default=None)
    return LAZY[best] if best else None


@functools.cache
def package_imports() -> tuple[int, dict[str, list[str]]]:
    """(import statements inside functions in the package, file -> its unreasoned ones as 'line: module')."""
    modules = module_names()
    total, cheap = 0, {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = ".".join(parts[:-1])
        tree = package_ast.parse(path.read_text(encoding="utf-8"))
        total += statements_inside_functions(tree)
        bad = [f"{line}: {m}" for line, m in function_imports(tree, package, modules) if reason(m) is None]
        if bad:
            cheap[rel] = bad
    return total, cheap


def test_imports_inside_functions_are_few():
    total, _ = package_imports()
    assert total <= LIMIT, f"{total} imports inside functions (at most {LIMIT}): import cheap modules at the top"


def test_every_import_inside_a_function_has_a_reason():
    """A cheap module (scene, fonts, the standard library's small modules...) is imported at the top; one
    kept inside a function is named in LAZY with its reason, or its file is still PENDING."""
    _, cheap = package_imports()
    unreasoned = {f: lines for f, lines in cheap.items() if len(lines) > PENDING.get(f, 0)}
    assert unreasoned == {}


def test_pending_numbers_are_not_stale():
    """PENDING names no file that has shed its cheap imports (lower its number instead)."""
    _, cheap = package_imports()
    assert {f: n for f, n in PENDING.items() if len(cheap.get(f, ())) < n} == {}


def test_the_finder_resolves_a_submodule_and_counts_nested_imports_once():
    tree = ast.parse("import re\ndef f():\n    from lostprint.engine import crows\n    def g():\n"
                     "        import math\n    from . import scene\n")
    modules = {"lostprint.engine", "lostprint.engine.crows", "lostprint.scene"}
    assert function_imports(tree, "lostprint", modules) == [(3, "lostprint.engine.crows"), (5, "math"),
                                                            (6, "lostprint.scene")]
    assert statements_inside_functions(tree) == 3
    assert reason("lostprint.engine.crows") and reason("math") is None and reason("lostprint.scene") is None


def test_validating_a_save_loads_no_sheet_drawing():
    """LAZY's sheets.common: the registry imports `lostprint.sheets`, and a save's `validate` then loads no
    fonts, text measuring or sheet options (the top-level import of them made it ~10% slower)."""
    code = ("import sys, lostprint.app.registry, lostprint.saves.validate; "
            "print(sorted(m for m in ('lostprint.sheets.common', 'lostprint.fonts', 'lostprint.typeset') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
