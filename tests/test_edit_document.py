"""The round-trip document behind `lostprint edit`: an unchanged save is written back byte for byte,
edits keep comments and the examples' layout, and the fast text of a check is the saved text."""
import copy
import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import ROOT, sigint_default

EXAMPLES = sorted(p for p in (ROOT / "examples").glob("1?72-*.yaml"))


def plain_of(path):
    from lostprint.edit import document

    doc = document.parse(path.read_text())
    return doc, document.to_plain(doc)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name[:4])
def test_an_unchanged_save_is_written_back_byte_for_byte(path):
    from lostprint.edit import document

    doc, plain = plain_of(path)
    assert document.dump(document.merge(doc, copy.deepcopy(plain))) == path.read_text()


# the 1572 save (marks, rolls, every kind of field) in the default run; the other two are slow
@pytest.mark.parametrize("path", [pytest.param(p, id=p.name[:4], marks=[] if p.name.startswith("1572") else
                                               [pytest.mark.slow]) for p in EXAMPLES])
def test_the_fast_text_of_a_check_is_the_whole_text_after_every_kind_of_edit(path):
    from lostprint.edit import document

    doc, plain = plain_of(path)
    texts = document.Texts()
    edits = [
        lambda p: None,
        lambda p: p["days"][2].__setitem__("journal", "A new line of words for the third day. " * 3),
        lambda p: p["days"][0].__setitem__("moved", ["Z1"]),
        lambda p: p["days"][0].pop("moved"),
        lambda p: p["days"].append({"day": len(p["days"]) + 1, "resources": dict(p["days"][-1]["resources"]),
                                    "mapped": {"A1": "x"}}),
        lambda p: p.__setitem__("title", "Renamed"),
        lambda p: p["days"][-1]["resources"].__setitem__(next(iter(p["days"][-1]["resources"])), 0),
        lambda p: p["days"].pop(),
        lambda p: p["days"][1].pop("journal", None),
    ]
    for edit in edits:
        edit(plain)
        doc = document.merge(doc, copy.deepcopy(plain))
        assert texts.text(doc, plain) == document.dump(doc)


def test_edits_keep_comments_and_put_new_fields_where_the_examples_do():
    from lostprint.edit import document

    path = ROOT / "examples" / "1572-the-delta-by-grace.yaml"
    doc, plain = plain_of(path)
    plain["days"].append({"resources": {"food": 3}, "journal": "Short.", "moved": ["C3"], "day": 99,
                          "mapped": {"C3": "plains"}})
    plain["days"][1]["moved"] = ["B2"]
    text = document.dump(document.merge(doc, plain))
    assert text.startswith("# 1572: played by lostprint.players")
    assert "  - day: 99\n    mapped: {C3: plains}\n    moved: [C3]\n    resources: {food: 3}\n    journal: Short.\n" in text
    day2 = text[text.index("  - day: 2\n"):text.index("  - day: 3\n")]
    assert day2.index("moved: [B2]") < day2.index("resources:") < day2.index("rolls:") < day2.index("journal:")


def test_a_long_new_journal_is_folded_before_100_columns():
    from lostprint.edit import document

    doc = document.new_save("lost-crows", "standard", {"food": 6})
    plain = document.to_plain(doc)
    plain["days"][0]["journal"] = "The river spirits have taken notice of us today. " * 6
    text = document.dump(document.merge(doc, plain))
    assert "journal: >-" in text and max(len(line) for line in text.splitlines()) <= 100
    assert " ".join(document.parse(text)["days"][0]["journal"].split()) == plain["days"][0]["journal"].strip()


def test_ctrl_c_stops_the_server_cleanly(tmp_path):
    """`lostprint edit` run as a user runs it: it prints its address, answers, and Ctrl-C ends it
    with status 0, the port closed, no traceback and no file written."""
    import urllib.request

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "lostprint", "edit", "new.yaml", "--game", "1672",
                             "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=tmp_path, preexec_fn=sigint_default)
    try:
        line = proc.stdout.readline()
        assert line.startswith("editing new.yaml at http://127.0.0.1:"), line
        url = line.split(" at ", 1)[1].strip()
        assert url.count("/") == 4 and len(url.rsplit("/", 2)[1]) >= 24  # a long random token
        with urllib.request.urlopen(url + "api/state", timeout=30) as resp:
            assert resp.status == 200
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in err
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "api/state", timeout=5)
    assert list(tmp_path.iterdir()) == []


def test_a_day_deleted_from_the_middle_leaves_every_other_day_as_the_file_spells_it(tmp_path):
    """Lists were merged by position: deleting day 2 wrote day 3 into day 2's node, and so on, so
    every later day took the comment of the day before it, its key order and its line folding."""
    import re

    from lostprint.edit.session import EditSession

    text = re.sub(r"(?m)^(  - day: (\d+))$", r"\1  # sheet row \2",
                  (ROOT / "examples" / "1572-the-delta-by-grace.yaml").read_text())
    path = tmp_path / "rows.yaml"
    path.write_text(text)
    session = EditSession(path)
    work = copy.deepcopy(session.work)
    del work["days"][1]
    session.keep(work, session.rev)
    session.save(work, session.version, session.rev)
    day_two = re.search(r"(?ms)^  - day: 2  # sheet row 2\n.*?(?=^  - day: 3)", text).group(0)
    assert path.read_text() == text.replace(day_two, "")
