"""`lostprint edit` in a real headless Chromium (Debian's), driven by Playwright: a new 1572 save
copied from paper by clicking, the 1872 example reopened, changed and saved with its comments, and
the page never wedging (a mark with a problem deleted or undone). The fixtures here serve the other
browser test modules too (one browser per module)."""
import difflib
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (no browser download needed)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page_on(browser):
    """page_on(path, game) -> a page editing `path`, its server stopped afterwards."""
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    opened = []
    pages = []

    def open_page(path, game=None, url=None):
        """A page on a new server for `path`, or one more page (tab) at `url`."""
        if url is None:
            server, thread = start(EditSession(Path(path), game))
            opened.append((server, thread))
            url = server.url
        page = browser.new_page(viewport={"width": 1500, "height": 950})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        page.server_url = url
        pages.append(page)
        page.goto(url)
        wait_ready(page)
        return page

    yield open_page
    for page in pages:
        page.close()
    for server, thread in opened:
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert [e for page in pages for e in page.errors] == []


def wait_ready(page):
    page.wait_for_selector("[data-hex]", state="attached")
    page.wait_for_function("document.body.dataset.checked")


def kept(page):
    """Wait until every edit of the page is in the server's autosave copy."""
    try:
        page.wait_for_function("document.body.dataset.queue === '0'")
    except Exception:
        raise AssertionError(f"edits not kept: {page.inner_text('#status')!r}, {page.inner_text('#banner')!r}") from None


def saved(page):
    """Wait for Save's answer."""
    page.wait_for_function("document.getElementById('banner').textContent.startsWith('Saved ')", timeout=60_000)


def paint(page, label, key):
    """Point at a hex and press a terrain's number: the hex is drawn."""
    page.hover(f"[data-hex={label}]", force=True)
    page.keyboard.press(key)


def settle(page):
    """Wait for the live check of the latest edit, and for the edit to be kept."""
    page.wait_for_timeout(200)
    page.wait_for_function("!document.getElementById('status').textContent.includes('checking') && "
                           "!document.getElementById('status').textContent.includes('keeping')")


def leave_fields(page):
    """Keys are shortcuts again once no input has the focus."""
    page.evaluate("document.activeElement.blur()")


def hex_(page, label):
    page.click(f"[data-hex={label}]", force=True)


def step(page, key, times):
    for _ in range(abs(times)):
        page.click(f"[data-step='{key}{'+' if times > 0 else '-'}']")


def test_a_new_1572_save_copied_by_clicking(page_on, tmp_path):
    path = tmp_path / "by-clicks.yaml"
    page = page_on(path, "1572")
    assert page.locator("#mark-palette button").all_inner_texts() == [  # each with the key that places it
        "village ⇧V", "peaceful-village ⇧P", "trail ⇧T", "cataract ⇧C", "interest ⇧I", "empire ⇧E",
        "lagos-de-oro ⇧L"]
    # the setup the validator asks for is beside its field until it is chosen
    settle(page)
    assert "setup expedition: to choose" in page.inner_text("nav")  # a new save's setup: a to-do, not an error
    assert page.inner_text("#status") == "never written · clean · setup to choose"
    page.select_option("[data-field='setup.expedition']", "military")
    page.fill("#save-title", "Clicked In")
    page.press("#save-title", "Tab")
    leave_fields(page)
    # day 1: draw B2 as mountains (point at it, key 1), enter it (the Move tool is the first), end of day resources
    assert page.inner_text("#status").startswith("never written")
    paint(page, "B2", "1")
    hex_(page, "B2")
    step(page, "food", -1)
    step(page, "movement", -5)
    page.keyboard.press("j")
    page.keyboard.type("Down from the pass into the green mist.")
    leave_fields(page)
    # day 2: draw B1 as forest, stay
    page.keyboard.press("d")
    paint(page, "B1", "3")
    step(page, "morale", -1)
    step(page, "movement", 1)
    # day 3: a wrong move first: the validator's words appear beside Moved and on the map
    page.keyboard.press("d")
    hex_(page, "E3")
    settle(page)
    assert "Day 3, step 1: E3 is not next to B2" in page.inner_text("#moved")
    assert "days[" not in page.inner_text("main")
    assert page.locator("#overlay .problem-hex").count() >= 1
    assert page.locator("#days li.bad").all_inner_texts() == ["Day 3"]
    hex_(page, "E3")  # clicked again: taken back
    settle(page)
    assert "not next to" not in page.inner_text("#moved")
    paint(page, "B3", "1")  # B3 as mountains: hills there need a Mapping roll of 3, which shows a 1 and
    hex_(page, "C2")        # would draw a cataract B2-C2 from the river (the 1572 rules)
    step(page, "food", -1)
    step(page, "morale", 1)
    step(page, "movement", -1)
    # undo and redo the last step
    page.keyboard.press("Control+z")
    assert page.input_value("[data-field='days[2].resources.movement']") == "2"
    page.keyboard.press("Control+Shift+z")
    assert page.input_value("[data-field='days[2].resources.movement']") == "1"
    settle(page)
    assert page.inner_text("#status") == "never written · clean"
    assert not path.exists()  # only Save writes the save
    assert page.locator("#days li.clean").count() == 3
    page.screenshot(path=str(tmp_path / "edit-1572.png"))
    page.click("#save")
    saved(page)
    assert "clean" in page.inner_text("#banner")
    assert page.inner_text("#status").startswith("saved at ")

    text = path.read_text()
    assert "mapped: {B2: mountains}" in text and "moved: [C2]" in text
    result = run_cli("validate", path)
    assert result.returncode == 0, result.stderr
    assert "Clicked In" in result.stdout and "in progress after 3 days" in result.stdout
    pdf = tmp_path / "by-clicks.pdf"
    assert run_cli("render", path, "-o", pdf).returncode == 0
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 10_000


# slow: in the default run the save path of the page is test_a_new_1572_save_copied_by_clicking (#save),
# comments kept on save are test_edit_api.py::test_save_writes_what_validate_reads_and_a_stale_version_is_refused
# and test_edit_document.py::test_edits_keep_comments_and_put_new_fields_where_the_examples_do
@pytest.mark.slow
def test_the_1872_example_reopened_changed_and_saved_keeps_its_comments(page_on, tmp_path):
    source = ROOT / "examples" / "1872-the-long-way-north.yaml"
    path = tmp_path / "north.yaml"
    shutil.copy(source, path)
    original = path.read_text()
    page = page_on(path)
    assert page.locator("#mark-palette button").all_inner_texts() == ["plot ⇧P"]
    # each terrain with the key that draws it
    assert [t.strip() for t in page.locator("#palette button").all_inner_texts()] == ["1 Plains", "2 Forest", "3 Mountains"]
    page.click("#days li[data-day='2']")
    assert page.inner_text("#day-heading") == "Day 3"
    page.fill("#journal", "We rested and mended the lodge poles; no one spoke of the soldiers.")
    leave_fields(page)
    settle(page)
    page.keyboard.press("Control+s")
    saved(page)
    text = path.read_text()
    comments = [line for line in original.splitlines() if line.lstrip().startswith("#")]
    assert comments and all(c in text.splitlines() for c in comments)
    diff = list(difflib.ndiff(original.splitlines(), text.splitlines()))
    assert [d for d in diff if d.startswith("- ")] == []  # nothing of the user's file is lost or reworded
    added = [d[2:] for d in diff if d.startswith("+ ")]
    assert added == ["    journal: >-",
                       "      We rested and mended the lodge poles; no one spoke of the soldiers."]
    assert run_cli("validate", path).returncode == 0


def marks_of(path):
    """The marks of day 1 in the autosave copy beside `path` (what the page kept)."""
    from ruamel.yaml import YAML

    from lostprint.edit.session import autosave_path

    data = YAML(typ="safe").load(autosave_path(path).read_text())
    return data["days"][0].get("marks", [])


def test_deleting_or_undoing_a_mark_with_a_problem_never_wedges_the_page(page_on, tmp_path):
    """The reported freeze: a peaceful village on A1, an interest on A1 (a problem: no result yet),
    the interest deleted with ×; then the same with undo. The page must stay live: no script error,
    the deleted mark gone from the map, checks and keeping going on, steppers reading the state."""
    path = tmp_path / "wedge.yaml"
    page = page_on(path, "1572")
    page.click("[data-mark=peaceful-village]")
    assert page.locator("#marks .mark-row").count() == 0  # choosing a mark adds nothing by itself
    hex_(page, "A1")
    page.click("[data-mark=interest]")
    hex_(page, "A1")
    settle(page)
    assert "needs its hex and its result" in page.inner_text("#marks")
    assert page.locator("#overlay .problem-hex").count() >= 1
    page.locator("#marks .mark-row .del").nth(1).click()
    settle(page)
    assert page.locator("#marks .mark-row").count() == 1
    assert page.locator("#overlay .mark-hex").count() == 1
    assert "result" not in page.inner_text("#marks")
    assert marks_of(path) == [{"peaceful-village": "A1"}]
    food = int(page.input_value("[data-field='days[0].resources.food']"))
    step(page, "food", -2)
    settle(page)
    assert page.input_value("[data-field='days[0].resources.food']") == str(food - 2)
    # undo back to the interest with its problem, then undo that mark too
    for _ in range(3):
        page.keyboard.press("Control+z")
    settle(page)
    assert page.locator("#marks .mark-row").count() == 2 and "needs its hex" in page.inner_text("#marks")
    page.keyboard.press("Control+z")
    settle(page)
    assert page.locator("#marks .mark-row").count() == 1
    assert marks_of(path) == [{"peaceful-village": "A1"}]
    assert page.input_value("[data-field='days[0].resources.food']") == str(food)
    assert "went wrong" not in page.inner_text("body")


def test_a_script_error_is_shown_once_and_checking_goes_on(page_on, tmp_path):
    page = page_on(tmp_path / "boom.yaml", "1572")
    page.evaluate("setTimeout(() => { throw new Error('boom in a handler'); }); "
                  "setTimeout(() => { throw new Error('boom in a handler'); })")
    page.wait_for_function("document.getElementById('banner').textContent.includes('boom in a handler')")
    assert page.inner_text("#banner").count("boom") == 1
    page.errors.clear()  # thrown on purpose
    page.fill("#save-title", "Still Checked")
    page.press("#save-title", "Tab")
    settle(page)
    assert page.inner_text("#status").startswith("never written")
    assert "expedition: to choose" in page.inner_text("nav")


def test_a_new_save_opens_clean_and_messages_use_the_pages_day_numbers_in_plain_words(page_on, tmp_path):
    page = page_on(tmp_path / "north.yaml", "1872")
    settle(page)
    assert page.inner_text("#status") == "never written · clean · Day 1 to copy"
    assert page.locator("#days li.bad").count() == 0
    page.keyboard.press("j")
    page.keyboard.type("We waited for the council.")
    leave_fields(page)
    settle(page)  # day 1 at the start values is now a copied day: the replay cannot reach them
    text = page.inner_text("#day-panel")
    assert "Day 1, resolve: resolve is 6 at the end of day 1" in text
    assert "branches" not in text and "days[" not in text and "unit" not in text
    # the party, the route and today's numbered steps on the map; the terrain button is lit only in Terrain
    page.keyboard.press("d")
    hex_(page, "L7")
    hex_(page, "K6")
    assert page.locator("#overlay [data-party=K6]").count() == 1
    assert page.locator("#overlay .step-text").all_text_contents() == ["1", "2"]
    assert page.locator("#overlay polyline.route-today").count() == 1
    page.keyboard.press("d")
    assert page.locator("#overlay .day-tag-text").all_text_contents() == ["2", "2"]
    page.click("[data-terrain=forest]")
    assert page.locator("#palette button.on").count() == 1
    page.click("[data-mark=plot]")
    assert page.locator("#palette button.on").count() == 0 and page.locator("#mark-palette button.on").count() == 1


def test_keys_draw_and_place_after_a_mode_button_was_clicked(page_on, tmp_path):
    """A mode button (Move, Terrain, Mark) clicked last keeps the focus; the keys that draw terrain
    and place marks while pointing at a hex still work (they were taken as typing into it)."""
    page = page_on(tmp_path / "keys.yaml", "1672")
    number = {t["key"]: str(n + 1) for n, t in enumerate(page.evaluate("S.game.terrains"))}
    page.check("input[name=mode][value=terrain]")
    assert page.evaluate("document.activeElement.type") == "radio"
    paint(page, "H7", number["small-island"])
    page.hover("[data-hex=H7]", force=True)
    page.keyboard.press("Shift+I")  # an island on H7, its size read from the hex drawn
    page.check("input[name=mode][value=move]")
    paint(page, "G7", number["sea"])
    page.hover("[data-hex=G7]", force=True)
    page.keyboard.press("Shift+S")
    assert page.evaluate("S.save.days[0].mapped") == {"H7": "small-island", "G7": "sea"}
    assert page.evaluate("S.save.days[0].marks") == [{"island": {"hexes": ["H7"], "size": "small", "natives": False}},
                                                     {"sea": "G7"}]
