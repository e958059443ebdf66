"""Nothing a player copied is lost, in a real Chromium: a reload (also right after an edit), the
server killed with SIGKILL and started again, a file changed behind the page, two tabs. In each the
newest edit survives, the save on disk is whole (written only by Save), and the status tells the truth."""
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.test_edit_browser import (CHROMIUM, browser, hex_, kept, page_on, paint, saved,  # noqa: F401
                                     settle, wait_ready)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
EXAMPLE_1572 = ROOT / "examples" / "1572-the-delta-by-grace.yaml"


def title(page, text):
    page.fill("#save-title", text)
    page.press("#save-title", "Tab")
    page.evaluate("document.activeElement.blur()")


def changed_behind(page_on, path, work: str = "Mine"):
    """The 1572 example opened at `path`, `work` typed as its title and kept, then the file changed behind
    the page (another player): the page, the file's new text."""
    shutil.copy(EXAMPLE_1572, path)
    page = page_on(path)
    title(page, work)
    kept(page)
    changed = path.read_text().replace("player: Brother Tomás de Alcalá", "player: Someone Else")
    path.write_text(changed)
    return page, changed


def test_a_reload_brings_back_the_newest_work_and_a_new_file_is_never_called_saved(page_on, tmp_path):
    path = tmp_path / "fresh.yaml"
    page = page_on(path, "1572")
    assert page.inner_text("#status").startswith("never written")
    title(page, "Kept Through Reloads")
    paint(page, "B2", "1")
    kept(page)
    page.reload()
    wait_ready(page)
    assert page.input_value("#save-title") == "Kept Through Reloads"
    assert "B2 mountains" in page.inner_text("#mapped")
    assert page.inner_text("#status").startswith("never written")
    # an edit and a reload at once, before the page could send it: the browser kept it
    page.evaluate("document.getElementById('save-player').value = 'Ana'; "
                  "document.getElementById('save-player').dispatchEvent(new Event('change')); location.reload()")
    wait_ready(page)
    kept(page)
    assert page.input_value("#save-player") == "Ana"
    assert page.input_value("#save-title") == "Kept Through Reloads"
    assert not path.exists() and "saved" not in page.inner_text("#status")
    page.click("#save")
    saved(page)
    assert re.fullmatch(r"saved at \d\d:\d\d · .*", page.inner_text("#status"))
    text = path.read_text()
    assert "title: Kept Through Reloads" in text and "player: Ana" in text and "B2: mountains" in text
    page.reload()
    wait_ready(page)
    assert page.inner_text("#status").startswith("saved at ")


def start_editor(path, *more):
    """`lostprint edit PATH --no-browser` as its own process; (process, url)."""
    exe = Path(sys.executable).with_name("lostprint")
    proc = subprocess.Popen([str(exe), "edit", str(path), "--no-browser", *more], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=path.parent)
    line = proc.stdout.readline()
    url = re.search(r"http://127\.0\.0\.1:\d+/\S+/", line)
    assert url, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, url.group(0)


def test_a_killed_server_comes_back_with_the_newest_work_and_save_writes_the_opened_file(page_on, tmp_path):
    path = tmp_path / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    original = path.read_bytes()
    proc, url = start_editor(path)
    try:
        page = page_on(None, url=url)
        page.click("#days li[data-day='2']")
        page.fill("#journal", "Written just before the power went out.")
        page.evaluate("document.activeElement.blur()")
        kept(page)
        page.close()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert "Traceback" not in proc.stderr.read()
    assert path.read_bytes() == original  # only Save writes the save
    proc, url = start_editor(path)
    try:
        out = proc.stdout.readline()
        assert "unsaved work from" in out
        page = page_on(None, url=url)
        assert "Your unsaved work from" in page.inner_text("#banner")
        assert page.inner_text("#status").startswith("unsaved")
        page.click("#days li[data-day='2']")
        assert page.input_value("#journal") == "Written just before the power went out."
        page.click("#save")
        saved(page)
        assert "delta.yaml" in page.inner_text("#banner")
        page.close()
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err
    assert "Written just before the power went out." in path.read_text()
    assert not (tmp_path / "delta.autosave.yaml").exists()
    assert run_cli("validate", path).returncode == 0
    assert "# 1572: played by lostprint.players" in path.read_text()  # whole, comments kept


def test_opening_the_autosave_copy_recovers_into_the_save_it_belongs_to(tmp_path):
    from lostprint.edit.session import EditSession, autosave_path

    path = tmp_path / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    session = EditSession(path)
    work = session.working()["save"]
    work["title"] = "From the Copy"
    session.keep(work, session.rev)
    again = EditSession(autosave_path(path))
    assert again.path == path and again.recovered and again.working()["save"]["title"] == "From the Copy"
    again.save(again.working()["save"], again.version)
    assert "title: From the Copy" in path.read_text() and not autosave_path(path).exists()


def test_a_file_changed_behind_the_page_is_overwritten_only_by_the_users_choice(page_on, tmp_path):
    path = tmp_path / "delta.yaml"
    page, changed = changed_behind(page_on, path, "The Page's Title")
    page.wait_for_selector("#banner #overwrite", timeout=10_000)  # the page notices and asks
    assert "changed by another program" in page.inner_text("#banner")
    page.click("#save")
    page.wait_for_selector("#banner #overwrite")
    assert path.read_text() == changed  # Save alone did not write over it
    page.reload()  # a reload offers the newest work, not the file
    wait_ready(page)
    assert page.input_value("#save-title") == "The Page's Title"
    page.wait_for_selector("#banner #overwrite", timeout=10_000)
    page.click("#banner #overwrite")
    saved(page)
    text = path.read_text()
    assert "title: The Page's Title" in text and "Someone Else" not in text
    assert run_cli("validate", path).returncode == 0


def test_a_file_changed_behind_the_page_can_be_taken_instead_and_undo_brings_the_work_back(page_on, tmp_path):
    page, _ = changed_behind(page_on, tmp_path / "delta.yaml")
    page.wait_for_selector("#banner #take-file", timeout=10_000)
    page.click("#banner #take-file")
    page.wait_for_selector("#banner.ok")
    assert page.input_value("#save-player") == "Someone Else"
    assert page.input_value("#save-title") == "By Grace to the Delta"
    page.keyboard.press("Control+z")
    assert page.input_value("#save-title") == "Mine"


def test_two_tabs_keep_both_pages_edits(page_on, tmp_path):
    path = tmp_path / "delta.yaml"
    shutil.copy(EXAMPLE_1572, path)
    first = page_on(path)
    second = page_on(None, url=first.server_url)
    title(first, "Title From The First Tab")
    kept(first)
    second.fill("#save-player", "Player From The Second Tab")  # the second tab has not seen the first's edit
    second.press("#save-player", "Tab")
    kept(second)
    assert second.input_value("#save-title") == "Title From The First Tab"
    first.bring_to_front()
    first.wait_for_function("document.getElementById('save-player').value === 'Player From The Second Tab'",
                            timeout=10_000)
    first.click("#save")
    saved(first)
    text = path.read_text()
    assert "title: Title From The First Tab" in text and "player: Player From The Second Tab" in text, text[:400]
