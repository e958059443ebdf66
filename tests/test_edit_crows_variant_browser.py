"""`lostprint edit` of a Crows record on a variant layout in a real headless Chromium: the board shows the
variant's start, undone into the start the page asks for the last starting tile on the variant's own
square, and the game entered again by clicks is saved with its map, every turn as it was."""
import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import run_cli
from tests.test_edit_browser import CHROMIUM, browser  # noqa: F401 - one browser per module
from tests.test_play_crows_browser import enter, forced_steps, served, settled, steps_done  # noqa: F401

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
VARIANT = Path(__file__).resolve().parent / "data" / "review" / "crows" / "hand" / "variant-layout-good.yaml"


def test_a_variant_record_is_laid_on_its_layout_and_saved_with_its_map(served, tmp_path):
    from lostprint.crows import transcript as T
    from lostprint.crows.record import parse_record
    from lostprint.files import load

    path = tmp_path / "variant.yaml"
    shutil.copy(VARIANT, path)
    record, _ = parse_record(load(VARIANT), VARIANT.name)
    inputs = T.inputs_of(record)
    page, session = served(path, "edit")
    assert "The game is over" in page.text_content("#ask")
    squares = record.setup.squares
    for (c, r), kind in record.setup.start:  # the variant's start, each tile on its own square
        assert f"k-{kind}" in page.get_attribute(f"#sq_{c}_{r}", "class")
    while session.state.round:  # back to the last starting tile, by the page's Undo
        page.click("#undo")
        settled(page)
    total = len(session.inputs)
    c, r = squares[-1]
    assert "asked" in page.get_attribute(f"#sq_{c}_{r}", "class")
    assert f"which tile lies on [{c}, {r}]?" in page.text_content("#ask")
    assert (4, 4) not in squares and "tile" not in page.get_attribute("#sq_4_4", "class")  # not the checkerboard
    given = forced_steps(record.setup.players, inputs, record.setup.counts, squares)
    for n, raw in enumerate(inputs[total:], total + 1):  # the game entered again by clicks
        if given[n - 1]:  # a step with one legal input: the page gives it itself
            continue
        steps_done(page, n - 1)
        key = T.open_key(T.autos(session.state, []))
        crows = dict(session.state.crows)
        enter(page, key, raw, lambda s: crows.get(tuple(s), 0))
    steps_done(page, len(inputs))
    assert session.inputs == inputs and "The game is over" in page.text_content("#ask")
    page.click("#save")
    page.wait_for_function("document.querySelector('#status').textContent.includes('saved at')")
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["map"] == {"seed": 7} and saved["outcome"]["winner"] == "Ben"
    again, _ = parse_record(load(path), path.name)
    assert again.setup == record.setup and T.inputs_of(again) == inputs
    done = run_cli("validate", str(path))
    assert done.returncode == 0, done.stderr
