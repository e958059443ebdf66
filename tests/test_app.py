"""The application layer: one naming for every output, names that cannot leave their folder,
one print-options shape, plugins that fail loudly, commands that write nothing on error."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli
from lostprint.app import commands
from lostprint.app.naming import inside, output_name, slug, target
from lostprint.errors import LostprintError, UsageError
from lostprint.games import GAMES, resolve
from lostprint.options import PrintOptions


def test_slug_keeps_only_safe_characters_and_is_bounded():
    assert slug("Variant #3 / ../../x") == "variant-3-x"
    assert slug("/../../victim") == "victim"
    assert slug("..") == "unnamed"
    assert len(slug("a" * 500)) == 40
    assert set(slug("Ünïcode — and\nnewlines\x00")) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")


@pytest.mark.parametrize("args,name", [
    (("1572-lost-expedition", "sheet", PrintOptions()), "1572-lost-expedition-sheet-letter"),
    (("1572-lost-expedition", "sheet", PrintOptions("a4", "mono")), "1572-lost-expedition-sheet-a4-mono"),
    (("crows", "kit", PrintOptions(landscape=False)), "crows-kit-letter"),
    (("crows-3p", "journal", PrintOptions()), "crows-3p-journal-letter"),
])
def test_output_names(args, name):
    assert output_name(*args) == name


def test_map_names_carry_seed_and_size_and_the_json_has_no_paper():
    assert output_name("1672-lost-crew", "map", seed=1, size=(14, 9)) == "1672-lost-crew-map-1-14x9"
    assert output_name("1672-lost-crew", "map", PrintOptions(ink="mono"), seed=1) == "1672-lost-crew-map-1-letter-mono"


def test_a_hostile_map_name_stays_a_slug_inside_the_folder(tmp_path):
    name = output_name("1572-lost-expedition", "sheet", PrintOptions(), label="/../../victim")
    assert name == "1572-lost-expedition-sheet-victim-letter"
    path, fmt = target(f"{tmp_path}/", name, None)
    assert path.parent == tmp_path and fmt == "pdf"
    with pytest.raises(LostprintError, match="inside"):
        inside(tmp_path, "../victim.pdf")


def test_sheet_of_a_map_named_to_escape_writes_inside_output(tmp_path):
    from lostprint.paths import asset

    std = json.loads(asset("maps", "lost-expedition.json").read_text(encoding="utf-8"))
    std["name"] = "/../../victim"
    map_file = tmp_path / "evil.json"
    map_file.write_text(json.dumps(std))
    out = tmp_path / "deep" / "out"
    r = run_cli("sheet", "1572", "--map", map_file, "-o", f"{out}/")
    if r.returncode == 0:
        written = list(out.iterdir())
        assert [p.name for p in written] == ["1572-lost-expedition-sheet-victim-letter.pdf"]
    else:  # the map reader may refuse such a name: then nothing at all is written
        assert "Traceback" not in r.stderr and not out.exists()
    assert not (tmp_path / "victim.pdf").exists() and not list(tmp_path.glob("**/victim*"))


@pytest.fixture(scope="module")
def demo_names(quick_demo) -> set[str]:
    result, out = quick_demo
    assert result.returncode == 0, result.stderr
    return {p.name for p in out.rglob("*") if p.is_file()}


def test_a_crows_record_is_named_the_same_by_render_and_demo(tmp_path, demo_names):
    from lostprint.paths import examples_dir

    r = run_cli("render", examples_dir() / "crows-3p.yaml", "-o", f"{tmp_path / 'r'}/")
    assert r.returncode == 0, r.stderr
    rendered = {p.name for p in (tmp_path / "r").iterdir()}
    assert rendered == {"crows-3p-journal-letter.pdf"}
    assert rendered <= demo_names


def test_every_options_shape_gives_a_content_box_inside_its_page():
    from lostprint.books.rulebook import RulebookOptions
    from lostprint.crows.kit import KitOptions

    for opts in (PrintOptions(), RulebookOptions(), KitOptions(), PrintOptions("a4", landscape=False)):
        w, h = opts.page()
        box = opts.content()
        assert 0 < box.x and box.right < w and 0 < box.y and box.bottom < h, opts
        assert (w > h) == opts.landscape
    with pytest.raises(ValueError, match="paper"):
        PrintOptions(paper="a3")


def test_a_broken_part_raises_its_import_error_not_a_missing_feature(monkeypatch):
    from lostprint.app import registry

    def broken():
        from lostprint.sheets import lost_expeditoin  # noqa: F401 (a typo: the module does not exist)

    monkeypatch.setitem(registry.LOADERS["lost-expedition"], "sheet", broken)
    with pytest.raises(ImportError, match="lost_expeditoin"):
        registry.part("1572", "sheet")
    with pytest.raises(UsageError, match="no kit"):
        registry.part(resolve("1572"), "kit")


def test_the_demo_loop_covers_every_sheet_and_rulebook(demo_names, quick_demo):
    names = " ".join(sorted(demo_names))
    for g in GAMES:
        if g.has("sheet"):
            assert f"{g.stem}-sheet-letter.pdf" in names, g.id
        if g.has("rulebook"):
            assert f"{g.stem}-rulebook-letter.pdf" in names, g.id
    # every rulebook under its one name, in the rulebooks folder, and nothing else there
    rulebooks = sorted((quick_demo[1] / "rulebooks").iterdir())
    assert [p.name for p in rulebooks] == sorted(f"{g.stem}-rulebook-letter.pdf" for g in GAMES if g.has("rulebook"))
    assert all(p.read_bytes().startswith(b"%PDF") for p in rulebooks)


def test_a_failing_journal_writes_nothing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: lostprint-save/1\ngame: 1572\nmap: standard\ndays: [1, 2]\n")
    with pytest.raises(LostprintError):
        commands.journal(bad, PrintOptions(landscape=False), f"{tmp_path / 'out'}/")
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())
