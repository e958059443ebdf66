"""The example saves are what `python examples/make_examples.py` makes: byte for byte, each day with
its rolls, each journal entry on a day the game really had."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT

EXAMPLES = ROOT / "examples"
MADE = ("1572-the-delta-by-grace.yaml", "1672-the-salt-road-home.yaml", "1872-the-long-way-north.yaml")


@pytest.fixture(scope="module")
def remade(tmp_path_factory):
    folder = tmp_path_factory.mktemp("examples")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, str(EXAMPLES / "make_examples.py"), "--into", str(folder)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return folder


@pytest.mark.parametrize("name", MADE)
def test_the_script_remakes_each_example_byte_for_byte(remade, name):
    made = (remade / name).read_bytes()
    kept = (EXAMPLES / name).read_bytes()
    assert made == kept, f"examples/{name} is not what make_examples.py makes: run it and commit the result"


@pytest.mark.parametrize("name", MADE)
def test_every_day_of_an_example_records_its_rolls(name):
    """Every day that rolled a die; a 1672 game won by sailing into an exit ends before any roll."""
    save = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    days = save["days"]
    without = [day["day"] for day in days if not day.get("rolls")]
    assert without in ([], [days[-1]["day"]] if save["game"] == "lost-crew" else [])


def test_every_example_in_the_folder_is_made_by_the_script_or_said_to_be_hand_written():
    script = (EXAMPLES / "make_examples.py").read_text(encoding="utf-8")
    saves = sorted(p.name for p in EXAMPLES.glob("*.yaml"))
    hand_written = [name for name in saves if name not in MADE]
    assert hand_written == ["crows-3p.yaml"]
    assert "crows-3p.yaml) is written by hand" in script


def test_a_journal_entry_for_a_day_the_game_did_not_have_is_refused(tmp_path):
    program = (f"import sys; sys.path.insert(0, {str(EXAMPLES)!r}); import make_examples as m; "
               "m.JOURNALS['1872'] = {99: 'a day that never was'}; m.make('1872', sys.argv[1])")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", program, str(tmp_path)], capture_output=True, text=True, env=env)
    assert r.returncode != 0 and "days the game does not have: [99]" in r.stderr
    assert list(tmp_path.iterdir()) == []
