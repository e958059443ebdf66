"""The documentation site: the README's links land on pages, every page is in the navigation, the file
formats' tables and the rulings are made from the code (the hook), the site is built strictly in CI."""
from __future__ import annotations

import importlib.util
import json
import os
import re

import pytest

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


def _field_names(node) -> set[str]:
    """Every field a schema names, at any depth (not the game an `if` tests, not a `true` placeholder)."""
    if isinstance(node, list):
        return {name for item in node for name in _field_names(item)}
    if not isinstance(node, dict):
        return set()
    names = {k for k, v in node.get("properties", {}).items() if v is not True}
    return names | {name for key, value in node.items() if key != "if" for name in _field_names(value)}


def _tabled(name: str, table: str) -> bool:
    return re.search(rf"^\| `(?:[^`|]*[.])?{re.escape(name)}` \|", table, re.MULTILINE) is not None


def test_the_schema_tables_list_every_field_of_both_formats():
    docs = hook()
    for kind in ("map", "save"):
        schema = docs.schema_of(kind)
        text = docs.on_page_markdown(f"# x\n\n<!-- schema: {kind} -->\n")
        assert "<!-- schema" not in text
        names = _field_names({k: v for k, v in schema.items() if k != "$defs"})
        assert names and [name for name in names if not _tabled(name, text)] == [], kind
        assert '"$schema"' in text  # the whole schema, folded


def test_each_games_save_fields_are_tabled_from_the_schema_the_command_prints():
    """The saves page's tables come from `lostprint schema save` itself: every field of each game's part (1872's
    Windriders reroll, a plot's choice, a Crows record's spells) is in that game's table, and a field is tabled
    because the schema has it, not because a page typed it."""
    from click.testing import CliRunner

    from lostprint.cli import cli

    printed = CliRunner().invoke(cli, ["schema", "save"])
    assert printed.exit_code == 0
    schema = json.loads(printed.output)
    docs = hook()
    assert docs.schema_of("save") == schema
    page = docs.on_page_markdown((DOCS / "formats" / "saves.md").read_text(encoding="utf-8"))
    fields = page[:page.index('??? note "The whole JSON Schema"')]
    tables = dict(re.findall(r"^#### `game: ([^`]+)`\n(.*?)(?=^#### |\Z)", fields, re.MULTILINE | re.DOTALL))
    record, lost = schema["then"], schema["else"]
    parts = {docs._game_name(part["if"]): part["then"]["properties"]["days"]["items"]
             for part in lost["allOf"]}  # a game adds to the days
    assert set(tables) == {*parts, "crows"}
    for game, part in [*parts.items(), ("crows", record)]:
        assert [name for name in _field_names(part) if not _tabled(name, tables[game])] == [], game
    for must in ("days[].rolls.windriders", "days[].marks[].plot.choice", "days[].vision.terrain"):
        assert f"| `{must}` |" in tables["lost-crows, 1872"]
    assert "| `rounds[][].spell.name` |" in tables["crows"] and "| `players[].color` |" in tables["crows"]
    assert "windriders" not in tables["lost-expedition, 1572"] and "kantyi" not in tables["lost-crows, 1872"]
    assert "| `days` |" not in tables["crows"]  # a Crows record has none of the Lost games' fields

    part = json.loads(json.dumps(schema))  # a field added in code is tabled; one taken out is gone
    rolls = part["else"]["allOf"][2]["then"]["properties"]["days"]["items"]["properties"]["rolls"]["properties"]
    rolls["made-up-dice"] = rolls.pop("windriders")
    text = docs.schema_markdown(part).split('??? note')[0]
    assert "| `days[].rolls.made-up-dice` |" in text and "windriders`" not in text
    assert "made-up-dice" not in page


def test_the_built_saves_page_tables_every_games_fields(tmp_path):
    """The site as `mkdocs build` makes it (skipped where the docs extra is not installed)."""
    pytest.importorskip("mkdocs")
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                   cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=600)
    html = (tmp_path / "site" / "formats" / "saves" / "index.html").read_text(encoding="utf-8")
    for field in ("days[].rolls.kantyi", "days[].marks[].island.size", "days[].rolls.windriders",
                  "days[].marks[].plot.choice", "rounds[][].spell.target", "players[].color"):
        assert f"<code>{field}</code>" in html, field
    assert "<code>days[].rolls.made-up-dice</code>" not in html


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


def test_the_conventions_page_lists_every_command():
    from lostprint.cli import cli

    page = (DOCS / "guide" / "conventions.md").read_text(encoding="utf-8")
    assert set(re.findall(r"^\| `lostprint ([a-z]+)", page, re.MULTILINE)) == set(cli.commands)


def test_the_home_page_links_every_user_guide_page():
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    guide = {p.relative_to(DOCS).as_posix() for p in (DOCS / "guide").glob("*.md")} - {"guide/conventions.md"}
    assert guide - set(re.findall(r"\]\((guide/[^)#]+)", home)) == set()
