"""`lostprint play` in a real headless Chromium (Debian's), driven by Playwright: a whole 1672 game
played through the page's own controls (dice rolled by the page from its seed, every decision the
careful player's, taken from the page's Hint and made with the page's buttons and fields), then the
save it wrote validated, replayed and rendered; typed dice and the keyboard; a reload mid-game."""
import pytest

from tests.conftest import qpdf_ok, run_cli
from tests.test_edit_browser import CHROMIUM, browser  # noqa: F401 - one browser per module, as the editor's tests

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")


@pytest.fixture
def table(browser, tmp_path):
    """(page, session) for a new 1672 game served in this process; the server stops afterwards."""
    from lostprint.play.server import start
    from lostprint.play.session import PlaySession

    session = PlaySession(tmp_path / "voyage.yaml", "1672", seed=11)
    session.playouts = 4  # the hint's win chance: a few playouts are enough to show it
    server, thread = start(session)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("#ask")
    yield page, session
    page.close()
    server.shutdown()
    server.server_close()
    thread.join(5)
    assert errors == []


def inputs_after(page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('#status').textContent.includes('{n} step')")


def test_a_whole_game_through_the_page(table, tmp_path):
    page, session = table
    asked = set()
    for n in range(1, 400):
        ask = page.text_content("#ask")
        if ask.startswith("The game is"):
            break
        if page.query_selector("#roll-for-me"):
            page.click("#roll-for-me")
        else:
            key = session.view()["question"]["key"]
            asked.add(key)
            page.click("#hint")
            page.wait_for_selector("#hint-box:not([hidden])")
            if key == "orders":
                page.click("#take-orders")
            else:
                page.click(".option.hinted")
        inputs_after(page, n)
    else:
        pytest.fail("the game did not end in 400 steps")
    assert session.state.over is not None
    assert {"orders", "route"} <= asked
    assert page.text_content("#total") == str(sum(p for _, p in session.view()["score"]))
    save = session.save
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    assert f"{session.state.over[0]} on day {session.state.day}" in done.stdout
    done = run_cli("render", str(save), "-o", str(tmp_path / "j.pdf"))
    assert done.returncode == 0 and qpdf_ok(tmp_path / "j.pdf")


def test_keyboard_alone_and_a_reload_mid_game(table):
    page, session = table
    page.keyboard.press("h")
    page.wait_for_selector("#hint-box:not([hidden])")
    page.keyboard.press("Enter")  # the orders the hint filled in
    inputs_after(page, 1)
    n = 1
    while not page.query_selector("#roll-for-me"):
        page.click("#hint")
        page.wait_for_selector("#hint-box:not([hidden])")
        page.click(".option.hinted, #take-orders")
        n += 1
        inputs_after(page, n)
    q = session.view()["question"]
    dice = q["dice"]
    for face in "3456"[:dice]:
        page.keyboard.press(face)
    if "chart" in q:  # the row the typed dice land on is lit before they are taken
        total = sum([3, 4, 5, 6][:dice]) + q["chart"]["bonus"]
        lit = page.text_content("#chart tr.lit th")
        row = next(r for r in q["chart"]["rows"] if (r["low"] is None or total >= r["low"])
                   and (r["high"] is None or total <= r["high"]))
        assert lit == row["label"]
    page.keyboard.press("Enter")
    n += 1
    inputs_after(page, n)
    assert session.table.inputs[-1] == ([3, 4, 5, 6][:dice] if dice > 1 else 3)
    before = page.text_content("#ask")
    page.reload()
    page.wait_for_selector("#ask")
    assert page.text_content("#ask") == before
    page.keyboard.press("u")
    inputs_after(page, n - 1)
    assert len(session.table.inputs) == n - 1


def test_a_refused_choice_says_why_and_keeps_the_step(table):
    page, session = table
    for job in ("movement", "scan", "gather", "fish", "watch"):
        page.fill(f"#job-{job}", "1")
    page.wait_for_function("document.querySelector('#why').textContent.includes('well sailors')")
    page.click("#take-orders")
    page.wait_for_selector("#banner:not([hidden])")
    assert "well sailors" in page.text_content("#banner")
    assert session.table.inputs == ()
    assert "refused" in page.text_content("#status")


def test_readable_at_a_phone_width(table):
    page, _ = table
    page.set_viewport_size({"width": 390, "height": 800})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
