"""The house's shape as a contract: every module imports; imports run only downward through the
layers below (function-local imports included); no circle of imports; every plugin part loads.

The layers, top to bottom (a module may import from its own layer's package or any lower layer):
"""
from __future__ import annotations

import ast
import functools
import importlib
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
    ("lostprint.text",),  # font files, fallback chain, bidi, shaping: what fonts.text_width measures with
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


def test_every_part_a_plugin_names_loads_and_matches_its_game():
    from lostprint.games import GAMES, PARTS

    for plugin in GAMES:
        for part in plugin.named_parts():
            assert part in PARTS
            assert plugin.part(part) is not None, (plugin.id, part)
        game = plugin.part("data")
        assert (game.id, game.number, game.title, game.aliases, game.kind) == \
               (plugin.id, plugin.number, plugin.title, plugin.aliases, plugin.kind)


def test_only_the_plugin_registry_imports_by_name():
    """importlib strings are how per-game tables hid their layering: one place only (plus the
    format registry of lostprint.render, which picks a backend, not a game)."""
    users = sorted(m for m, p in MODULES.items() if "import_module" in p.read_text(encoding="utf-8"))
    assert users == ["lostprint.games", "lostprint.render"]


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
