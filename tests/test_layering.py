"""The house's shape as a contract: every module imports; imports run only downward through the
layers below (function-local imports included); no circle of imports; every part of every game
loads from the registry at the top; no module names another in a string; reportlab only in render/ and text/.

The layers, top to bottom (a module may import from its own layer's package or any lower layer):
"""
from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

import pytest

import package_ast

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lostprint"

LAYERS = (
    ("lostprint.__main__", "lostprint.cli"),  # parse the command line
    ("lostprint.app", "lostprint.validate", "lostprint.edit", "lostprint.play"),  # the commands; the edit and play servers
    # journals, rulebooks, the kit; simulated players and the rating of variants by play
    ("lostprint.books", "lostprint.crows", "lostprint.players", "lostprint.rating"),
    ("lostprint.sheets", "lostprint.saves", "lostprint.engine"),  # sheets and widgets; replay; engines
    ("lostprint.checks",),  # print checks on a Scene
    ("lostprint.render",),  # Scene -> PDF/SVG/PNG
    ("lostprint.scene", "lostprint.fonts", "lostprint.options", "lostprint.palette", "lostprint.typeset"),
    ("lostprint.text", "lostprint.i18n"),  # fonts, fallback, bidi, shaping; the printed words' translations
    ("lostprint.maps",),  # pure maps: model, generate, check
    ("lostprint.games", "lostprint.files"),  # game data and plugins; the one reader of user files
    ("lostprint.geometry", "lostprint.paths", "lostprint.errors"),
    ("lostprint",),  # the package itself: its version
)


def module_files() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def statements(tree: ast.AST):
    """Every statement of a module, nested ones included (an import is a statement: the walk skips
    expressions, most of the tree)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            stack.extend(getattr(node, field, None) or ())


def imports_of(name: str, path: Path) -> set[str]:
    """Every lostprint module a module imports, at the top or inside a function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in statements(package_ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in MODULES else base)
    return {m for m in found if m in MODULES}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """module -> the lostprint modules it imports; built on first use, not at import: collecting the
    suite (a run with -k, --collect-only, the import test alone) does not parse the package (~1 s)."""
    return {name: imports_of(name, path) for name, path in MODULES.items()}


def layer_of(module: str) -> int:
    best = None
    for rank, layer in enumerate(LAYERS):
        for prefix in layer:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (rank, len(prefix))
    assert best is not None, f"{module} is in no layer: add it to LAYERS (and to the README's code map)"
    return best[0]


def test_every_module_is_in_a_layer():
    for module in MODULES:
        layer_of(module)


def test_imports_run_only_downward():
    upward = [f"{m} -> {d}" for m, deps in import_graph().items() for d in sorted(deps) if layer_of(d) < layer_of(m)]
    assert upward == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_circle_of_imports():
    assert cycles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_maps_are_pure():
    bad = [f"{m} -> {d}" for m, deps in import_graph().items() if m.startswith("lostprint.maps")
           for d in deps if d.startswith(("lostprint.sheets", "lostprint.render", "lostprint.books"))]
    assert bad == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_imports(module):
    """No import error can hide behind a fallback: each module imports on its own."""
    importlib.import_module(module)


def test_every_part_a_game_has_loads_and_the_registry_has_no_other():
    from lostprint.app.registry import LOADERS, part
    from lostprint.games import GAMES, PARTS, load

    assert set(LOADERS) == {g.id for g in GAMES}
    for plugin in GAMES:
        assert set(LOADERS[plugin.id]) == set(plugin.parts) and set(plugin.parts) <= set(PARTS), plugin.id
        for name in plugin.parts:
            assert part(plugin, name) is not None, (plugin.id, name)
        game = load(plugin.id)
        assert (game.id, game.number, game.title, game.aliases, game.kind) == \
               (plugin.id, plugin.number, plugin.title, plugin.aliases, plugin.kind)


# a string naming a lostprint module: "lostprint.sheets.lost_crew:build", "lostprint.render.pdf"
MODULE_NAME = re.compile(r"^lostprint(\.[a-z_0-9]+)+(:[A-Za-z_0-9]*)?$")
BY_NAME = ("import_module", "__import__", "find_spec", "import_string")


def names_in_strings(tree: ast.AST, own: str = "") -> list[str]:
    """Where a module names a lostprint module in a string, or imports anything by name: an import the
    layering above cannot see (a docstring may name modules in prose: a whole string naming exactly
    one module is what a table of parts was). A module may name its own package (importlib.resources
    reads the package's files: no import)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_NAME.match(node.value) \
                and not (own == node.value or own.startswith(node.value + ".")):
            found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in BY_NAME:
                found.append(f"line {node.lineno}: {name}(...)")
    return found


def test_no_module_names_another_in_a_string():
    """Every import is a real import statement the layering test sees: no "module:attr" table, no
    importlib (the registry at the top, lostprint.app.registry, imports each part for real)."""
    bad = {m: hits for m, p in MODULES.items()
           if (hits := names_in_strings(package_ast.parse(p.read_text(encoding="utf-8")), m))}
    assert bad == {}


def test_the_string_finder_finds_a_table_of_parts_and_an_import_by_name():
    tree = ast.parse('PARTS = {"sheet": "lostprint.sheets.lost_crew:build"}\n'
                     'import importlib\nm = importlib.import_module(NAME)\nx = __import__("os")\n'
                     '"""A docstring naming lostprint.sheets in prose."""\n'
                     'files = resources.files("lostprint.edit")\n')
    assert sorted(names_in_strings(tree, "lostprint.edit.server")) == [
        "line 1: 'lostprint.sheets.lost_crew:build'", "line 3: import_module(...)", "line 4: __import__(...)"]


def reportlab_importers() -> set[str]:
    """Every lostprint module that imports reportlab, at the top or inside a function."""
    found = set()
    for name, path in MODULES.items():
        for node in statements(package_ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(n == "reportlab" or n.startswith("reportlab.") for n in names):
                found.add(name)
    return found


def test_reportlab_is_imported_only_by_render_and_text():
    outside = {m for m in reportlab_importers() if not m.startswith(("lostprint.render", "lostprint.text"))}
    assert outside == set()


def test_the_reportlab_finder_finds_an_import_inside_a_function():
    assert "lostprint.render.paint" in reportlab_importers()  # `from reportlab.lib.rl_accel import fp_str` in a function


def test_render_imports_nothing_it_draws_for():
    drawn_for = ("lostprint.books", "lostprint.sheets", "lostprint.crows", "lostprint.checks", "lostprint.app")
    bad = [f"{m} -> {d}" for m, deps in import_graph().items() if m.startswith("lostprint.render")
           for d in deps if d.startswith(drawn_for)]
    assert bad == []


# The floors whose imports inside functions are kept for the start-up budget only: each such import is of
# a heavy library (reportlab, HarfBuzz, python-bidi, cairosvg, JSON's decoder...) or of a module only one
# game, one command or one script needs (a game's data, sheet or rules; the text chain; a file reader).
BUDGETED = ("lostprint.books", "lostprint.render", "lostprint.text", "lostprint.app", "lostprint.games",
            "lostprint.maps", "lostprint.cli", "lostprint.validate", "lostprint.fonts")
# what every run loads anyway: importing it inside a function saves nothing and hides the graph
LOADED_ANYWAY = ("lostprint.scene", "lostprint.fonts", "lostprint.geometry", "lostprint.errors", "lostprint.paths",
                 "lostprint.typeset", "lostprint.games.model", "lostprint.options", "lostprint.palette",
                 "lostprint.render.document", "lostprint.sheets.widgets", "lostprint.sheets.common",
                 "dataclasses", "re", "functools", "itertools", "math", "collections", "typing", "pathlib")


def function_imports(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) of every import written inside a function."""
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and not node.level:
                    found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
                elif isinstance(node, ast.Import):
                    found += [(node.lineno, a.name) for a in node.names]
    return sorted(set(found))


def test_the_budgeted_floors_import_nothing_cheap_inside_a_function():
    bad = [f"{m}:{line}: {name}" for m, p in MODULES.items() if m.startswith(BUDGETED)
           for line, name in function_imports(package_ast.parse(p.read_text(encoding="utf-8")))
           if any(name == c or name.startswith(c + ".") for c in LOADED_ANYWAY)]
    assert bad == []


def test_the_function_import_finder_sees_nested_imports():
    tree = ast.parse("import re\ndef f():\n    if x:\n        from lostprint.scene import Text\n    import math\n")
    assert function_imports(tree) == [(4, "lostprint.scene.Text"), (5, "math")]


CODE_MAP = ROOT / "docs" / "dev" / "architecture.md"


def code_map_layers(text: str) -> dict[str, int]:
    """Each module or package the code map's layer table names (`cli.py`, `lostprint/app/`, `text/`, and
    modules inside them: `paint.py`) -> the table's layer number, where it is first named."""
    found = {}
    for line in text.splitlines():
        row = re.match(r"^\| (\d+) \| ([^|]*)\|", line)
        if row:
            for name in re.findall(r"`(?:lostprint/)?([a-z_0-9]+)(?:/|\.py)", row.group(2)):
                found.setdefault(name, int(row.group(1)))
    return found


def test_the_code_map_names_every_module_of_the_tree_in_its_layer():
    """docs/dev/architecture.md's table is the tree: every top-level module and package of lostprint,
    each in the layer LAYERS gives it (layer n of the table is LAYERS[n - 1])."""
    shown = code_map_layers(CODE_MAP.read_text(encoding="utf-8"))
    tree = sorted(p.stem if p.suffix == ".py" else p.name for p in PACKAGE.iterdir()
                  if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").exists())
    assert [name for name in tree if name not in shown] == []
    assert {name: layer_of(f"lostprint.{name}") + 1 for name in tree} == {name: shown[name] for name in tree}


def test_the_code_map_reader_reads_a_row():
    assert code_map_layers("| 3 | `books/`, `lostprint/crows/` (kit), `validate.py` | x |\n| 4 | `text/` | y |") == \
        {"books": 3, "crows": 3, "validate": 3, "text": 4}
