"""The documentation site: the README's links land on pages, every page is in the navigation, the file
formats' tables and the rulings are made from the code (the hook), the site is built strictly in CI."""
from __future__ import annotations

import importlib.util
import re

import yaml

from conftest import ROOT

DOCS = ROOT / "docs"


def hook():
    spec = importlib.util.spec_from_file_location("lostprint_docs", DOCS / "hooks" / "lostprint_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_link_of_the_readme_lands_on_a_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", readme)
    assert links
    assert [link for link in links if not (ROOT / link).exists()] == []


def _nav_files(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [f for item in node for f in _nav_files(item)]
    return [f for value in node.values() for f in _nav_files(value)]


def test_every_page_is_in_the_navigation():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    listed = set(_nav_files(config["nav"]))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages == listed


def test_the_schema_tables_list_every_field_of_both_formats():
    docs = hook()
    for kind in ("map", "save"):
        schema = docs.schema_of(kind)
        text = docs.on_page_markdown(f"# x\n\n<!-- schema: {kind} -->\n")
        assert "<!-- schema" not in text
        for name in schema["properties"]:
            assert f"| `{name}` |" in text, (kind, name)
        assert '"$schema"' in text  # the whole schema, folded


def test_the_rulings_page_lists_every_ruling_of_every_game():
    from lostprint.games import GAMES, crows, lost_crew, lost_crows, lost_expedition

    modules = {"lost-expedition": lost_expedition, "lost-crew": lost_crew, "lost-crows": lost_crows, "crows": crows}
    text = hook().on_page_markdown("<!-- rulings -->\n")
    for game in GAMES:
        module = modules[game.id]
        rows = getattr(module, "RULINGS", None) or getattr(module, "CLARIFICATIONS")
        assert f"### {game.title}" in text
        for ruling in rows:
            reason = getattr(ruling, "reason", None)
            if reason:
                assert " ".join(reason.split()).replace("|", "\\|") in text, ruling


def test_ci_builds_the_site_strictly_with_the_docs_extra():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r'pip install -q "\.\[docs\]" && .*mkdocs build --strict', ci)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^docs = \[.*"mkdocs', pyproject, re.MULTILINE)


def test_the_readme_has_an_example_of_every_command():
    from lostprint.cli import cli

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index("## One example per command"):readme.index("## Documentation")]
    shown = set(re.findall(r"^lostprint ([a-z]+)", block, re.MULTILINE))
    assert shown == set(cli.commands)
