"""Hostile input, second round: work a file can ask for, output that cannot be written, YAML 1.1's
surprises in text fields, signals with worker processes, and marks stacked on one letter.

The promise is the first round's (tests/test_hostile_input.py): one clear `lostprint: error:` line,
exit 1 or 2, no traceback, nothing half-written. The cases that ran away on main (time or memory) run
as real processes under a 2 GiB address-space limit and a 30 s guard (`bounded`).
"""
from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, run_cli, sigint_default
from test_hostile_input import RECORD, SAVE_1572, check_refused, save_with

MEMORY = 2 << 30  # bytes of address space a bounded run may take
GUARD = 30  # seconds a bounded run may take before it counts as a hang


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def bounded(*args, cwd, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    """`python -m lostprint ARGS` under the memory limit; TimeoutExpired (a failure) past GUARD."""
    r = subprocess.run([sys.executable, "-m", "lostprint", *map(str, args)], stdout=stdout, stderr=subprocess.PIPE,
                       cwd=cwd, env=_env(), timeout=GUARD, preexec_fn=_limited)
    out = r.stdout.decode("utf-8", "replace") if isinstance(r.stdout, bytes) else ""
    return subprocess.CompletedProcess(r.args, r.returncode, out, r.stderr.decode("utf-8", "replace"))


def one_line(r, out: Path | None = None, command: str = "render") -> str:
    check_refused(r, out if out is not None else Path("/nonexistent-output-folder"), command)
    assert "MemoryError" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr[-800:]
    return r.stderr.strip().splitlines()[0]


# --- time and memory: what a file asks for ---------------------------------------------------------


def alias_journal_save(anchor_chars: int) -> str:
    """The 1572 example with day 1's journal anchored and every other day's journal an alias of it."""
    lines, out, first, in_journal = SAVE_1572.read_text(encoding="utf-8").split("\n"), [], True, False
    long_text = ("We went on through the rain. " * (anchor_chars // 29 + 1))[:anchor_chars]
    for line in lines:
        if line.startswith("    journal:"):
            out.append(f'    journal: &j "{long_text}"' if first else "    journal: *j")
            first, in_journal = False, True
            continue
        if in_journal and line.startswith("      "):
            continue
        in_journal = False
        out.append(line)
    return "\n".join(out)


def test_a_journal_built_from_aliases_is_refused_by_the_loader(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(alias_journal_save(1_500_000), encoding="utf-8")
    out = tmp_path / "out"
    line = one_line(bounded("render", path, "-o", out / "x.pdf", cwd=tmp_path), out)
    assert "aliases repeat more than" in line and "characters" in line, line


def test_aliases_that_repeat_a_little_text_are_fine():
    from lostprint.files import parse_yaml

    data = parse_yaml("a: &a 'a short line'\nb: [*a, *a, *a]\n", "f")
    assert data["b"] == ["a short line"] * 3


def record_with(**fields) -> str:
    """The Crows example with fields replaced; `player` renames its first player (Mara) everywhere."""
    text = RECORD.read_text(encoding="utf-8")
    for key, value in fields.items():
        if key == "player":
            text = re.sub(r"^outcome:.*", "", text, flags=re.M | re.S)  # the claimed scores name her
            assert "Mara" in text and "outcome" not in text
            text = re.sub(r"\bMara\b", value, text)
        elif re.search(rf"^{key}:", text, flags=re.M):
            text = re.sub(rf"^{key}: .*$", f"{key}: {value}", text, count=1, flags=re.M)
        else:
            text += f"{key}: {value}\n"
    return text


@pytest.mark.parametrize("field, size", [("title", 100_000), ("date", 100_000), ("player", 30_000)])
def test_a_crows_record_with_a_huge_title_date_or_name_is_one_line(tmp_path, field, size):
    path = tmp_path / "r.yaml"
    path.write_text(record_with(**{field: "W" * size}), encoding="utf-8")
    out = tmp_path / "out"
    line = one_line(bounded("render", path, "-o", out / "x.pdf", cwd=tmp_path), out)
    assert "too long" in line, line
    assert one_line(run_cli("validate", path), command="validate")


def test_a_crows_record_keeps_a_title_of_ordinary_length(tmp_path):
    from lostprint.crows.record import load_record

    path = tmp_path / "r.yaml"
    path.write_text(record_with(title="Friday at the Rookery, the long one", date="2026-02-29"), encoding="utf-8")
    record, _ = load_record(path)
    assert record.title == "Friday at the Rookery, the long one" and record.date == "2026-02-29"


@pytest.fixture(scope="module")
def rated_map_json(tmp_path_factory) -> str:
    """A variant map file with a rating record (no play: only rerate's check of it is tested here)."""
    import dataclasses

    from lostprint.maps.generate import generate
    from lostprint.maps.model import Difficulty

    gm = generate("lost-expedition", 5)
    return dataclasses.replace(gm, difficulty=Difficulty("careful", 200, 0.5, (0.43, 0.57), "normal")).to_json()


@pytest.mark.parametrize("games", [str(10 ** 99), "100000000"])
def test_rerate_refuses_a_rating_that_asks_for_any_amount_of_work(tmp_path, rated_map_json, games):
    path = tmp_path / "m.json"
    path.write_text(rated_map_json.replace('"games": 200', f'"games": {games}'), encoding="utf-8")
    line = one_line(bounded("validate", "--rerate", "--jobs", "1", path, cwd=tmp_path), command="validate")
    assert "difficulty.games" in line and "at most" in line, line


def test_a_long_simulate_keeps_its_memory_bounded(monkeypatch):
    """Results are summed as they come (the rating of 100,000,000 games would keep ~15 GB of them on
    main): the memory a run holds does not grow with --games. The games are stand-ins, for speed."""
    import tracemalloc

    from lostprint.app import simulate as sim
    from lostprint.rating import run
    from lostprint.rating.players import GameResult

    def fake_chunk(chunk):
        return tuple(GameResult(s, "won" if s % 3 else "lost", s % 40, 20 + s % 7, "" if s % 3 else "starved")
                     for s in range(chunk.first, chunk.first + chunk.count))

    monkeypatch.setattr(run, "play_chunk", fake_chunk)
    monkeypatch.setattr(sim, "play_chunk", fake_chunk, raising=False)
    peaks = {}
    for games in (10_000, 100_000):
        tracemalloc.start()
        rating = sim.simulate("1572", games=games, executor=run.Executor("local", 1))
        peaks[games] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert rating.games == games and rating.wins == games - len(range(0, games, 3))
        assert rating.causes == (("starved", len(range(0, games, 3))),)
    assert peaks[100_000] < 3 * peaks[10_000] + 1_000_000, peaks
    assert peaks[100_000] < 4_000_000, peaks


def test_a_long_balance_report_keeps_its_memory_bounded(monkeypatch):
    """`simulate --house-rules off`: each batch of seeds is compared across the ways as it comes (main
    kept every result of every way until the end)."""
    import tracemalloc

    from lostprint.app import simulate as sim
    from lostprint.rating import run
    from lostprint.rating.players import GameResult

    def fake_chunk(chunk):  # a house rule off loses the games whose seed ends in 7
        off = bool(chunk.house_off)
        return tuple(GameResult(s, "lost" if s % 3 == 0 or (off and s % 10 == 7) else "won", s % 40, 20, "")
                     for s in range(chunk.first, chunk.first + chunk.count))

    monkeypatch.setattr(run, "play_chunk", fake_chunk)
    peaks = {}
    for games in (5_000, 50_000):
        tracemalloc.start()
        report = sim.balance_report("1872", games=games, executor=run.Executor("local", 1))
        peaks[games] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        rows = {r.name: r for r in report.rows}
        lost_more = sum(1 for s in range(games) if s % 3 and s % 10 == 7)
        assert report.games == games and rows["all-on"].wins == games - len(range(0, games, 3))
        assert (rows["all-off"].gained, rows["all-off"].dropped) == (0, lost_more)
    assert peaks[50_000] < 2 * peaks[5_000] + 1_000_000, peaks


def test_the_streamed_rating_is_the_sorted_one():
    from lostprint.rating.players import GameResult
    from lostprint.rating.stats import Tally, rate

    results = [GameResult(s, ("won", "lost", "unfinished")[s % 3], (s * 7) % 31, 10 + s % 5,
                          ("", "starved", "time")[s % 3]) for s in range(101)]
    tally = Tally()
    for r in results[50:] + results[:50]:
        tally.add(r)
    assert tally.rating("lost-expedition", "careful", "standard") == rate("lost-expedition", "careful", "standard",
                                                                           results)


# --- output that cannot be written ------------------------------------------------------------------


@pytest.mark.parametrize("args", [["validate", SAVE_1572], ["schema", "save"], ["games"]],
                         ids=["validate", "schema", "games"])
def test_standard_output_on_a_full_disk_is_one_line(tmp_path, args):
    with open("/dev/full", "w") as full:
        r = bounded(*args, cwd=tmp_path, stdout=full)
    assert r.returncode == 1, r.stderr
    line = one_line(r, command="render")
    assert "standard output" in line and "No space left on device" in line, line


LONG_NAME = "a" * 300 + ".pdf"


def long_path(tmp_path: Path) -> Path:
    parts, total = [], len(str(tmp_path))
    while total < 4200:
        parts.append("b" * 200)
        total += 201
    return tmp_path.joinpath(*parts, "x.pdf")


@pytest.mark.parametrize("command", ["sheet", "render", "kit", "rulebook", "map"])
@pytest.mark.parametrize("which", ["name-300", "path-4200"])
def test_an_output_name_or_path_too_long_is_one_line(tmp_path, command, which):
    target = tmp_path / LONG_NAME if which == "name-300" else long_path(tmp_path)
    if command == "map":
        target = target.with_suffix("")
        target = Path(f"{target}/")
    argv = {"sheet": ["sheet", "1572"], "render": ["render", SAVE_1572], "kit": ["kit", "crows"],
            "rulebook": ["rulebook", "1572"], "map": ["map", "1572", "--seed", "1"]}[command]
    r = run_cli(*argv, "-o", f"{target}/" if command == "map" else target)
    line = one_line(r, command="render")
    assert "too long" in line, line
    assert len(line) < 400, len(line)
    assert [p.name for p in tmp_path.iterdir()] == [], list(tmp_path.iterdir())


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o027, 0o640)])
def test_new_files_respect_the_umask(tmp_path, mask, mode):
    old = os.umask(mask)
    try:
        assert run_cli("sheet", "1572", "-o", tmp_path / "s.pdf").returncode == 0
        assert run_cli("map", "1572", "--seed", "3", "-o", f"{tmp_path / 'maps'}/").returncode == 0
    finally:
        os.umask(old)
    files = [tmp_path / "s.pdf", *(tmp_path / "maps").iterdir()]
    assert len(files) == 3
    assert {oct(p.stat().st_mode & 0o777) for p in files} == {oct(mode)}


def test_a_replaced_file_keeps_its_mode(tmp_path):
    path = tmp_path / "s.pdf"
    path.write_bytes(b"old")
    path.chmod(0o600)
    assert run_cli("sheet", "1572", "-o", path).returncode == 0
    assert path.read_bytes().startswith(b"%PDF") and path.stat().st_mode & 0o777 == 0o600


def test_a_read_only_output_file_is_not_replaced(tmp_path):
    path = tmp_path / "s.pdf"
    path.write_bytes(b"keep me")
    path.chmod(0o444)
    r = run_cli("sheet", "1572", "-o", path)
    assert r.returncode == 1
    line = one_line(r, command="render")
    assert "read-only" in line, line
    assert path.read_bytes() == b"keep me" and path.stat().st_mode & 0o777 == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.pdf"]


def test_a_symlinked_output_is_written_through_its_link(tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    assert run_cli("sheet", "1572", "-o", link).returncode == 0
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


# --- YAML 1.1: text fields keep the text a player wrote ----------------------------------------------

ODD_TITLES = ["1:30", "0o17", "1e5", "2023-02-29", "017", "0x1F", "1_000", ".inf", "+12", "1.50", "12:30:45",
              "yes", "off", "2023-02-28 10:00"]


@pytest.mark.parametrize("title", ODD_TITLES)
def test_a_title_that_looks_like_something_else_stays_text(title):
    from lostprint.saves.validate import load_played

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        path.write_text(save_with("title: By Grace to the Delta", f"title: {title}"), encoding="utf-8")
        played = load_played(path)
        r = run_cli("validate", path)
    assert played.title == title
    assert r.returncode == 0 and f"\u201c{title}\u201d" in r.stdout, (r.stdout, r.stderr)


@pytest.mark.parametrize("title", ["1:30", "0o17", "1e5", "017"])
def test_a_crows_title_and_player_name_stay_text(tmp_path, title):
    from lostprint.crows.record import load_record

    path = tmp_path / "r.yaml"
    path.write_text(record_with(title=title, date="2023-02-29", player=title), encoding="utf-8")
    record, _ = load_record(path)
    assert record.title == title and record.date == "2023-02-29" and record.players[0] == title


def test_a_journal_line_that_looks_like_a_number_stays_text():
    from lostprint.files import parse_yaml

    data = parse_yaml("journal: 1:30\nb: [0o17, 1e5, 017, 1_000]\n", "f")
    assert str(data["journal"]) == "1:30"
    assert [str(x) for x in data["b"]] == ["0o17", "1e5", "017", "1_000"]


def test_numbers_are_still_numbers_where_the_schema_wants_them():
    from lostprint.files import parse_json, parse_yaml
    from lostprint.files.fields import At, Problems, Reader

    data = parse_yaml("a: 017\nb: 1e5\nc: 12\nd: 0x1F\ne: 1.5\nf: true\ng: ~\n", "f")
    rd = Reader(Problems("f"))
    assert rd.integer(data["a"], At(1, "a")) == 17  # a player's 017 is seventeen, not octal fifteen
    assert rd.integer(data["b"], At(2, "b")) == 100_000
    assert rd.integer(data["c"], At(3, "c")) == 12 and type(rd.integer(data["c"], At(3, "c"))) is int
    assert data["d"] == 31 and data["e"] == 1.5 and data["f"] is True and data["g"] is None
    assert rd.text(data["d"], At(4, "d")) == "0x1F" and not rd.problems
    assert json.dumps(parse_json('{"t": 1e5, "n": 017}'.replace("017", "17"), "f")) == '{"t": 100000.0, "n": 17}'
    assert rd.text(parse_json('{"t": 1.50}', "f")["t"], At(1, "t")) == "1.50"


def test_a_number_read_as_text_survives_a_copy_and_a_pickle():
    import copy
    import pickle

    from lostprint.files import parse_yaml

    value = parse_yaml("t: 1:30\nn: 0o17\n", "f")["n"]
    for twin in (copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert twin == 15 and str(twin) == "0o17"


# --- signals and worker processes --------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for_workers(proc, n: int = 2, within: float = 60.0) -> list[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        kids = _children(proc.pid)
        if len(kids) >= n:
            time.sleep(0.5)  # the workers are playing
            return kids
        time.sleep(0.05)
    raise AssertionError("the workers never started")


def _gone(pids: list[int], within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


SIMULATE = [sys.executable, "-m", "lostprint", "simulate", "1572", "--games", "200000", "--jobs", "2"]
pytestmark_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytestmark_linux
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_parent_ends_it_and_its_workers(tmp_path, signum):
    proc = subprocess.Popen(SIMULATE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=_env(),
                            preexec_fn=sigint_default)
    try:
        workers = _wait_for_workers(proc)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and b"Traceback" not in err, err[-800:]
    assert err.decode().strip().splitlines() == ["lostprint: interrupted"], err
    assert _gone(workers), [p for p in workers if _alive(p)]


@pytestmark_linux
def test_timeout_ends_the_parent_and_the_workers_it_signals_together(tmp_path):
    """`timeout` signals its whole process group: the workers must not take the parent's handlers (on
    main the parent and its workers then waited on each other for good)."""
    started = time.monotonic()
    proc = subprocess.Popen(["timeout", "6", *SIMULATE], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path, env=_env())
    workers: list[int] = []
    try:
        parent = _wait_for_workers(proc, n=1)[0]  # timeout's child: lostprint
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(workers) < 2:
            workers = _children(parent)
            time.sleep(0.05)
        _, err = proc.communicate(timeout=6 + 6 - (time.monotonic() - started))  # ends soon after the signal
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in workers:
            if not _gone([pid], 5):
                os.kill(pid, signal.SIGKILL)
    assert len(workers) == 2
    assert proc.returncode == 124 and b"Traceback" not in err, err[-800:]
    assert _gone(workers), [p for p in workers if _alive(p)]


@pytestmark_linux
def test_a_second_ctrl_c_ends_at_once(tmp_path):
    proc = subprocess.Popen(SIMULATE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=_env(),
                            preexec_fn=sigint_default)
    try:
        workers = _wait_for_workers(proc)
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and b"Traceback" not in err, err[-800:]
    assert _gone(workers)


@pytestmark_linux
def test_workers_die_with_a_killed_parent(tmp_path):
    proc = subprocess.Popen(SIMULATE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=_env())
    try:
        workers = _wait_for_workers(proc)
        proc.kill()
        proc.wait(timeout=10)
        assert _gone(workers), "workers outlived their parent"
    finally:
        for pid in _children(proc.pid):
            os.kill(pid, signal.SIGKILL)


def test_workers_do_not_keep_the_parents_handlers():
    from lostprint.errors import interrupts_raise
    from lostprint.rating.run import Executor, ordered_map

    with interrupts_raise():
        handlers = list(ordered_map(_handlers, [0, 1], Executor("local", 2)))
    for term, interrupt in handlers:
        assert term == "SIG_DFL" and interrupt == "SIG_IGN", handlers


def _handlers(_item):
    def name(h):
        return {signal.SIG_DFL: "SIG_DFL", signal.SIG_IGN: "SIG_IGN"}.get(h, repr(h))

    time.sleep(0.2)  # both workers take one item
    return name(signal.getsignal(signal.SIGTERM)), name(signal.getsignal(signal.SIGINT))


def test_a_map_batch_stopped_by_sigterm_leaves_whole_items_only(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "lostprint", "map", "1572", "--seed", "1", "--count", "200",
                             "--jobs", "2", "-o", tmp_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path, env=_env())
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(tmp_path.glob("*.json"))) < 2:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and b"Traceback" not in err, err[-800:]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    stems = {p.stem for p in tmp_path.glob("*.json")}
    sheets = {p.name.split("-letter")[0] for p in tmp_path.glob("*.pdf")}
    assert stems and stems == sheets, (stems, sheets)


# --- marks stacked on one letter ----------------------------------------------------------------------


def test_combining_marks_are_capped_per_letter():
    from lostprint.text.shape import MAX_MARKS, cap_marks

    assert cap_marks("a" + "\u0301" * 10_000 + "b") == "a" + "\u0301" * MAX_MARKS + "b"
    assert cap_marks("Vi\u1ec7t") == "Vi\u1ec7t" and cap_marks("e\u0302\u0301") == "e\u0302\u0301"
    assert 2 <= MAX_MARKS <= 8


def test_ten_thousand_marks_on_a_letter_stay_on_the_page(tmp_path):
    """A journal whose first day begins with 10,000 marks on one letter (and a title with 190): every
    page keeps its top margin clear (on main the marks stacked up through the running head and off
    the top of page 2)."""
    from lostprint.text.shape import layout_line

    line = layout_line("Z" + "\u0301" * 10_000 + "oe", "serif-bold", 24.0)
    highest = max(g.dy for run in line.runs for g in run.glyphs)
    assert highest < 24.0 * 2, highest
    text = save_with("title: By Grace to the Delta", 'title: "Z' + "\\u0301" * 190 + 'oe"')
    text = text.replace("    journal: >-\n      We came down", "    journal: >-\n      Z" + "\u0301" * 10_000
                        + "oe. We came down", 1)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    pdf = tmp_path / "j.pdf"
    r = bounded("render", path, "-o", pdf, cwd=tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-800:]
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-f", "1", "-l", "3", str(pdf), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p*.pgm"))
    assert len(pages) == 3
    for page in pages:
        data = page.read_bytes()
        width, height = map(int, data.split(b"\n")[1].split())
        pixels = data[-width * height:]
        margin = round(40 * 0.25)  # the 0.25 in that every page keeps clear
        assert min(pixels[:margin * width]) > 200, f"ink in the top margin of {page.name}"


STOPPED_MID_RESULT = """
import faulthandler, sys
faulthandler.dump_traceback_later(int(sys.argv[1]), exit=True)
from lostprint.rating.run import _pool_map

def large(_item):
    return b"x" * 8_000_000  # far more than a pipe holds: a worker is killed while sending it

if __name__ == "__main__":
    for _ in range(8):
        results = _pool_map(large, range(50), 2, 2)
        next(results)
        results.close()  # what a Ctrl-C in the caller does: the workers are killed mid-send
    print("stopped")
"""


def test_a_pool_stopped_while_a_worker_sends_a_large_result_does_not_hang(tmp_path):
    """CI hung in test_sigint_during_a_map_batch_leaves_whole_items_only: the Ctrl-C killed a worker in
    the middle of sending a map's sheet, and the pool waited for the rest of that message for ever."""
    script = tmp_path / "stop.py"
    script.write_text(STOPPED_MID_RESULT)
    done = subprocess.run([sys.executable, str(script), str(GUARD)], capture_output=True, cwd=tmp_path, env=_env(),
                          timeout=GUARD + 30)
    assert done.returncode == 0 and done.stdout.strip() == b"stopped", done.stderr[-1500:]
