"""Two tabs of `lostprint edit` on one save, in a real Chromium: an edit of the later tab is merged
with the other tab's newer work by what each tab changed (a three-way merge from the work both
started from), never by replaying its clicks on work it did not see. A click on the map toggles a
move (the hex already last is taken back), so replayed on the other tab's work it took back the
other tab's move instead of adding its own. Where both tabs changed the same thing differently the
later tab is told so, keeps showing its own work, and chooses; nothing is dropped on the way.
A reload brings back this browser's unkept work even when another tab moved the save on since."""
import pytest

from tests.test_edit_browser import CHROMIUM, browser, kept, page_on, wait_ready  # noqa: F401

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")


def moves(page, hexes):
    for label in hexes:
        page.click(f"[data-hex={label}]", force=True)
    kept(page)


def server_work(page):
    return page.evaluate("fetch('api/work').then((r) => r.json())")["save"]


def test_the_later_tab_adding_the_same_move_first_keeps_every_move(page_on, tmp_path):
    a = page_on(tmp_path / "tabs.yaml", "1572")
    b = page_on(None, url=a.server_url)
    b.route("**/api/work*", lambda route: route.abort())  # B hears nothing of A's work before its keep is told
    moves(a, ["B2"])
    moves(b, ["B2", "C2"])  # B's player copies the same day: B2 (as A did), then C2
    b.wait_for_function("S.rev >= 2 && document.body.dataset.queue === '0'")
    assert b.evaluate("S.save.days[0].moved") == ["B2", "C2"]  # was ["C2"]: B2 taken back
    assert server_work(a)["days"][0]["moved"] == ["B2", "C2"]
    assert "both pages' edits" in b.inner_text("#banner")


def test_a_mark_edited_in_one_tab_while_another_deletes_an_earlier_mark_stays_that_mark(page_on, tmp_path):
    """Edits by position: B's edit of its second mark landed on the mark after it once A had
    deleted the first."""
    a = page_on(tmp_path / "tabs.yaml", "1572")
    a.evaluate("""edit((save) => { save.days[0].marks = [{interest: 'B3'}, {interest: 'C3'}, {interest: 'D3'}]; })""")
    kept(a)
    b = page_on(None, url=a.server_url)
    b.route("**/api/work*", lambda route: route.abort())
    a.evaluate("edit((save) => { save.days[0].marks.splice(0, 1); })")
    kept(a)
    b.evaluate("(() => { const j = 1; S.day = 0; dayEdit((day) => { day.marks[j] = {interest: 'E3'}; }); })()")
    b.wait_for_function("S.rev >= 3 && document.body.dataset.queue === '0'")
    assert server_work(a)["days"][0]["marks"] == [{"interest": "E3"}, {"interest": "D3"}]


def test_both_tabs_changing_one_value_differently_tell_the_later_tab_and_lose_nothing(page_on, tmp_path):
    a = page_on(tmp_path / "tabs.yaml", "1572")
    b = page_on(None, url=a.server_url)
    b.route("**/api/work*", lambda route: route.abort())
    a.fill("#save-title", "A's title")
    a.press("#save-title", "Tab")
    kept(a)
    b.fill("#save-title", "B's title")
    b.press("#save-title", "Tab")
    b.wait_for_selector("#banner #keep-mine", timeout=10_000)
    assert "title" in b.inner_text("#banner")
    assert "not kept" in b.inner_text("#status")
    assert b.evaluate("S.save.title") == "B's title"  # still shown, and kept in this browser
    assert server_work(a)["title"] == "A's title"  # the other tab's work is not overwritten unasked
    b.click("#banner #take-theirs")
    kept(b)
    assert b.evaluate("S.save.title") == "A's title"
    b.keyboard.press("Control+z")
    kept(b)
    assert server_work(a)["title"] == "B's title"


def test_a_reload_brings_back_unkept_edits_after_another_tab_moved_the_save_on(page_on, tmp_path):
    """The page's edits never reached the server (its keeps failed); another tab kept work meanwhile;
    the reloaded page found this browser's copy at an older revision and dropped it."""
    a = page_on(tmp_path / "tabs.yaml", "1572")
    b = page_on(None, url=a.server_url)
    a.route("**/api/keep", lambda route: route.abort())
    a.click("[data-hex=B2]", force=True)
    a.wait_for_function("S.offline")
    b.fill("#save-player", "Someone")
    b.press("#save-player", "Tab")
    kept(b)
    a.unroute("**/api/keep")
    a.evaluate("window.onbeforeunload = null")
    a.reload()
    wait_ready(a)
    kept(a)
    work = server_work(a)
    assert work["days"][0].get("moved") == ["B2"] and work["player"] == "Someone"


def test_a_page_whose_keep_was_refused_merges_the_other_pages_work_instead_of_dropping_its_own(page_on, tmp_path):
    """The server refused B's keep (an error answer): B's work was on the page only, and the next
    poll showing A's newer work replaced it (Undo had it, the status said nothing)."""
    a = page_on(tmp_path / "tabs.yaml", "1572")
    b = page_on(None, url=a.server_url)
    b.route("**/api/keep", lambda route: route.fulfill(status=500, content_type="application/json",
                                                       body='{"error": "the disk is full"}'))
    b.fill("#save-title", "B's title")
    b.press("#save-title", "Tab")
    b.wait_for_function("document.getElementById('status').textContent.includes('not kept')")
    b.unroute("**/api/keep")
    a.fill("#save-player", "A's player")
    a.press("#save-player", "Tab")
    kept(a)
    b.wait_for_function("S.save.player === \"A's player\"", timeout=10_000)  # B's poll
    kept(b)
    assert b.evaluate("S.save.title") == "B's title"
    work = server_work(a)
    assert (work.get("title"), work.get("player")) == ("B's title", "A's player")
    assert "not kept" not in b.inner_text("#status")


def test_a_banner_shown_mid_edit_does_not_move_the_map_under_the_pointer(page_on, tmp_path):
    """The banner (another tab's work merged, a save, an error) came in the page's flow above the map and
    pushed it down: a click on its way when it appeared landed on the hex above the one aimed at (C1 for
    C2, once in CI). It floats at the page's foot now; nothing under it is out of reach."""
    a = page_on(tmp_path / "tabs.yaml", "1572")
    before = a.locator("[data-hex=C2]").bounding_box()
    a.evaluate("banner('This save was changed in another page too: this page now shows both pages\\' edits.', true)")
    assert a.is_visible("#banner")
    assert a.locator("[data-hex=C2]").bounding_box() == before
    a.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last = a.evaluate("""(() => { const nodes = [...document.querySelectorAll('main *')].filter((e) => e.offsetParent);
        return Math.max(...nodes.map((e) => e.getBoundingClientRect().bottom)); })()""")
    assert last <= a.locator("#banner").bounding_box()["y"] + 1  # the page's end scrolls clear of it
