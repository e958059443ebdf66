"""1872's plot data and its spoiler section; every rulebook written under its one name."""
from __future__ import annotations

import json
import re
import subprocess

import pytest

import printed as P
from lostprint.games import lost_crows_plots as plots
from lostprint.games.model import HOUSE_MARK


def test_plot_data_is_whole():
    assert plots.problems() == []
    assert len(plots.ENCOUNTERS) == 30 and len(plots.OUTCOMES) == 49 and len(plots.VISIONS) == 18
    assert [o.code for o in plots.OUTCOMES if not o.house] == [f"0{n}A" for n in range(1, 10)]
    assert plots.outcome("9a").code == "09A" and plots.encounter("d4").title == "Ambush!"


def test_problems_catch_a_dangling_choice(monkeypatch):
    broken = plots.ENCOUNTERS[:1] + (plots.Encounter("A2", "x", "y", (plots.Choice("go", "77A"),)),) + \
        plots.ENCOUNTERS[2:]
    monkeypatch.setattr(plots, "ENCOUNTERS", broken)
    found = plots.problems()
    assert any("77A" in p for p in found) and any("10A is never reached" in p for p in found)


def test_spoiler_entries_are_findable_by_code(quick_demo):
    """In the 1872 rulebook as `lostprint demo` (the `rulebook` command) wrote it."""
    result, folder = quick_demo
    assert result.returncode == 0, result.stderr
    path = folder / "rulebooks" / "1872-lost-crows-rulebook-letter.pdf"
    pages = [page.text() for page in P.text(path.read_bytes())]  # poppler's lines, read once per run
    tree = json.loads(subprocess.run(["qpdf", "--json", "--json-key=outlines", str(path)], capture_output=True,
                                     text=True, check=True).stdout)["outlines"]
    titles: dict[str, int] = {}

    def walk(items):
        for item in items:
            titles[item["title"]] = item["destpageposfrom1"]
            walk(item["kids"])

    walk(tree)
    divider = titles["Do not read ahead"]
    codes = [e.code for e in plots.ENCOUNTERS] + [o.code for o in plots.OUTCOMES]
    for code in codes:
        entry = [t for t in titles if t.startswith(code + " ")]
        assert len(entry) == 1, code
        page = titles[entry[0]]
        assert page > divider, f"{code} is not behind the divider"
        assert re.search(rf"\b{code}\b", pages[page - 1]), code
    for o in plots.OUTCOMES:
        title = next(t for t in titles if t.startswith(o.code + " "))
        assert title.endswith(HOUSE_MARK) == o.house, title
    for v in plots.VISIONS:
        assert any(t.endswith(f" {v.roll}: {v.name}") for t in titles), v.name
    # every choice names its outcome in the text
    text = " ".join(" ".join(pages).split())
    for e in plots.ENCOUNTERS:
        for c in e.choices:
            assert f"go to {c.outcome}" in text, (e.code, c.outcome)


@pytest.mark.slow  # default: test_app.py::test_the_demo_loop_covers_every_sheet_and_rulebook (the same command)
def test_every_game_with_a_rulebook_gets_one_named_the_one_way(tmp_path):
    from lostprint.app import commands
    from lostprint.games import with_part
    from lostprint.options import PrintOptions

    written = [commands.rulebook(g.id, PrintOptions(), f"{tmp_path / 'rulebooks'}/") for g in with_part("rulebook")]
    names = sorted(p.name for p in written)
    assert names == ["1572-lost-expedition-rulebook-letter.pdf", "1672-lost-crew-rulebook-letter.pdf",
                     "1872-lost-crows-rulebook-letter.pdf", "crows-rulebook-letter.pdf"]
    assert all(p.parent == tmp_path / "rulebooks" and p.read_bytes().startswith(b"%PDF") for p in written)
