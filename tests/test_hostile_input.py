"""Hostile, huge and odd input, through every command that reads a user file.

Each case is a file (or a path) handed to `validate`, `render`, `sheet --map` and `kit --counts`.
Every command must answer with `lostprint: error:` lines only (one line, except validate, which lists
each problem), exit 1 or 2, no traceback and no output file. Most cases run in this process; the
ones that would need gigabytes or hang on main run in a subprocess under a memory limit and a
timeout (see test_heavy_cases_are_bounded).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import ROOT, run_cli, sigint_default

EXAMPLES = ROOT / "examples"
SAVE_1572 = EXAMPLES / "1572-the-delta-by-grace.yaml"
SAVE_1672 = EXAMPLES / "1672-the-salt-road-home.yaml"
RECORD = EXAMPLES / "crows-3p.yaml"
MAP_1572 = ROOT / "assets" / "maps" / "lost-expedition.json"


def bomb(levels: int, width: int = 9, key: str = "b") -> str:
    """YAML anchors, each a list of `width` aliases of the one before: width**levels leaves."""
    lines = [f"{key}0: &{key}0 [x{', x' * (width - 1)}]"]
    for i in range(1, levels + 1):
        lines.append(f"{key}{i}: &{key}{i} [" + ", ".join([f"*{key}{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def save_with(old: str, new: str, source: Path = SAVE_1572) -> str:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


def map_with(**changes) -> str:
    data = json.loads(MAP_1572.read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


BIG = "9" * 4400
DEEP_JSON = '{"a": ' * 1000 + "1" + "}" * 1000
BRACKETS = "[" * 100_000 + "]" * 100_000

# name -> file content (str or bytes); written as case.<ext> in a fresh folder
CASES: dict[str, tuple[str, str | bytes]] = {
    "empty": ("yaml", b""),
    "binary": ("yaml", b"\x00\x01\x02format"),
    "not-utf8": ("yaml", b"format: \xff\xfe\n"),
    "big-int-save": ("yaml", save_with("  - day: 1\n", f"  - day: {BIG}\n")),
    "big-int-record": ("yaml", RECORD.read_text(encoding="utf-8") + f"outcome: {{scores: {{Mara: {BIG}}}}}\n"),
    "big-int-map": ("json", map_with(seed=int("9" * 50)).replace("9" * 50, BIG)),
    "big-int-counts": ("yaml", f"barrens: {BIG}\n"),
    "deep-json": ("json", DEEP_JSON),
    "deep-json-save": ("yaml", '{"format": "lostprint-save/1", "game": "1572", "x": ' + DEEP_JSON + "}"),
    "brackets": ("yaml", BRACKETS),
    "record-250-deep": ("yaml", "format: lostprint-save/1\ngame: crows\nplayers: " + "[" * 250 + "]" * 250 + "\n"),
    "counts-250-deep": ("yaml", "barrens: " + "[" * 250 + "]" * 250 + "\n"),
    "surrogate-map-name": ("json", map_with(name="PLACEHOLDER").replace("PLACEHOLDER", "\\ud800")),
    "control-map-name": ("json", map_with(name="a\u0001b")),
    "fffe-map-name": ("json", map_with(name="a\ufffeb")),
    "escape-title": ("yaml", save_with("title: By Grace to the Delta", 'title: "\\e]0;pwned\\a\\e[31mred"')),
    "nul-escape-player": ("yaml", save_with("player: Brother Tomás de Alcalá", 'player: "a\\0b"')),
    "alias-bomb-bad-field": ("yaml", save_with("map: standard\n", "map: standard\n" + bomb(9, key="m")
                                               ).replace("title: By Grace to the Delta", "title: *m9")),
    "alias-bomb-record": ("yaml", RECORD.read_text(encoding="utf-8") + "notes: *n7\n" + bomb(7, key="n")),
    "alias-bomb-counts": ("yaml", bomb(9, key="c") + "barrens: *c9\n"),
    "duplicate-key-record": ("yaml", RECORD.read_text(encoding="utf-8") + "title: again\n"),
    "duplicate-key-json": ("json", '{"format": "lostprint-save/1", "format": "lostprint-save/1"}'),
    "python-tag": ("yaml", "format: !!python/object/apply:os.system ['true']\n"),
    "two-documents": ("yaml", "format: lostprint-save/1\n---\nformat: lostprint-save/1\n"),
    "map-outside-folder": ("yaml", save_with("map: standard", "map: ../../../../../etc/passwd")),
    "map-absolute": ("yaml", save_with("map: standard", "map: /etc/passwd")),
    "map-dev-zero": ("yaml", save_with("map: standard", "map: /dev/zero")),
    "many-bad-marks": ("yaml", save_with("    marks: [{peaceful-village: A1}, {interest: {hex: A1, result: natural-wonder}}]",
                                         "    marks: [" + ", ".join(["x"] * 300_000) + "]")),
    "hex-zzzz": ("json", map_with(hexes=["A1", "ZZZZZZ99999"])),
    "hexes-100k": ("json", map_with(hexes=[f"{chr(65 + i // 99 % 26)}{chr(65 + i // 2574)}{i % 99 + 1}"
                                           for i in range(100_000)])),
    "feature-type-dict": ("json", map_with(features=[{"type": {"a": 1}}])),
    "feature-type-list": ("json", map_with(features=[{"type": ["river"]}])),
    "map-name-long": ("json", map_with(name="W" * 500)),
    "wounded-3": ("yaml", save_with("  - day: 1\n", "  - day: 1\n    wounded: 3\n    healed: 5\n", SAVE_1672)),
    "empty-counts-mapping": ("yaml", "{}\n"),
    "save-as-map": ("yaml", SAVE_1572.read_text(encoding="utf-8")),
    "map-as-save": ("json", MAP_1572.read_text(encoding="utf-8")),
    "list-top": ("yaml", "- 1\n- 2\n"),
    "scalar-top": ("yaml", "42\n"),
}

# which commands each case goes through: all four unless the case only makes sense for some
COMMANDS = {
    "validate": lambda f, out: ["validate", f],
    "render": lambda f, out: ["render", f, "-o", out / "x.pdf"],
    "sheet": lambda f, out: ["sheet", "1572", "--map", f, "-o", out / "x.pdf"],
    "kit": lambda f, out: ["kit", "crows", "--counts", f, "-o", out / "x.pdf"],
}
# a file that is fine for one command is still refused by the others; these pairs are fine
ACCEPTED = {("save-as-map", "validate"), ("save-as-map", "render"), ("map-as-save", "validate"),
            ("map-as-save", "sheet")}


def check_refused(result, out: Path, command: str) -> None:
    err = result.stderr
    assert result.returncode in (1, 2), (result.returncode, err[-500:])
    assert "Traceback" not in err and "Traceback" not in result.stdout
    lines = err.strip().splitlines()
    assert lines and all(line.startswith("lostprint: error: ") for line in lines), err[:500]
    if command != "validate":
        assert len(lines) == 1, err[:1000]
    assert len(lines) <= 51, len(lines)
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f]", err), "a control character reached the terminal"
    assert all(len(line) < 800 for line in lines)
    assert not out.exists() or not any(out.iterdir()), list(out.iterdir())


# the cases that took gigabytes, hung or take seconds on main: in the default run each goes once, through
# the reader of its kind, in test_heavy_cases_are_bounded (a subprocess under a memory limit, the same
# checks); the full matrix of them, here and there, is marked slow
HEAVY = {"alias-bomb-bad-field": "validate", "alias-bomb-record": "render", "alias-bomb-counts": "kit",
         "brackets": "validate", "big-int-save": "render", "hexes-100k": "sheet", "many-bad-marks": "validate",
         "deep-json": "sheet"}
# 300,000 bad marks take ~2 s to read and check, nothing else of note: the default run checks the
# problem cap on 2,000 of them (test_problems_past_the_cap_are_counted_in_one_line), the 300,000 are slow
SLOW_ONLY = {"many-bad-marks"}


def hostile_params():
    for case in sorted(CASES):
        for command in sorted(COMMANDS):
            marks = [pytest.mark.slow] if case in HEAVY else []
            yield pytest.param(case, command, marks=marks, id=f"{case}-{command}")


@pytest.mark.parametrize("case, command", list(hostile_params()))
def test_hostile_file_is_one_clear_line(tmp_path, case, command):
    if (case, command) in ACCEPTED:
        pytest.skip("a valid file for this command")
    ext, content = CASES[case]
    folder = tmp_path / "in" / "deeper"
    folder.mkdir(parents=True)
    path = folder / f"case.{ext}"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    out = tmp_path / "out"
    check_refused(run_cli(*COMMANDS[command](path, out)), out, command)


def test_problems_past_the_cap_are_counted_in_one_line(tmp_path):
    """Many bad values: the first MAX_PROBLEMS lines in file order, then one line counting the rest (the
    many-bad-marks case is the same with 300,000)."""
    from lostprint.files.fields import MAX_PROBLEMS

    path = tmp_path / "s.yaml"
    path.write_text(save_with("    marks: [{peaceful-village: A1}, {interest: {hex: A1, result: natural-wonder}}]",
                              "    marks: [" + ", ".join(["x"] * 2000) + "]"), encoding="utf-8")
    out = tmp_path / "out"
    r = run_cli("validate", path)
    check_refused(r, out, "validate")
    lines = r.stderr.strip().splitlines()
    assert len(lines) == MAX_PROBLEMS + 1, len(lines)
    assert "days[0].marks[0]: " in lines[0] and f"days[0].marks[{MAX_PROBLEMS - 1}]: " in lines[-2]
    assert lines[-1] == f"lostprint: error: {path}: \u2026 and {2000 - MAX_PROBLEMS:,} more problems"


SPECIAL = {
    "dev-zero": lambda tmp: Path("/dev/zero"),
    "directory": lambda tmp: tmp,
    "missing": lambda tmp: tmp / "nosuch.yaml",
    "fifo": lambda tmp: _fifo(tmp / "pipe.yaml"),
    "sparse-2gb": lambda tmp: _sparse(tmp / "sparse.json", 2_000_000_000),
    "over-limit-3mb": lambda tmp: _sparse(tmp / "big.yaml", 3_000_000),
}


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(SPECIAL))
def test_devices_fifos_folders_and_huge_files_are_refused_unread(tmp_path, case, command):
    path = SPECIAL[case](tmp_path)
    out = tmp_path / "out"
    result = run_cli(*COMMANDS[command](path, out))
    check_refused(result, out, command)
    if case in ("sparse-2gb", "over-limit-3mb"):
        assert "the limit is 2,000,000 bytes" in result.stderr or "100,000 bytes" in result.stderr


def test_one_limit_per_kind_stated_in_the_error(tmp_path):
    big = _sparse(tmp_path / "big.yaml", 3_000_000)
    for args in (["validate", big], ["render", big], ["sheet", "1572", "--map", big]):
        r = run_cli(*args)
        assert "(3,000,000 bytes; the limit is 2,000,000 bytes)" in r.stderr, r.stderr
    r = run_cli("kit", "crows", "--counts", _sparse(tmp_path / "c.yaml", 200_000))
    assert "(200,000 bytes; the limit is 100,000 bytes)" in r.stderr, r.stderr


# --- what must be accepted, and said the same way everywhere ---------------------------------------


def test_yaml_merge_with_override_is_not_a_duplicate_key(tmp_path):
    from lostprint.files import parse_yaml

    data = parse_yaml("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  x: 5\n", "f")
    assert data["c"] == {"x": 5, "y": 2}


def test_duplicate_keys_are_refused_by_validate_and_render_alike(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text(RECORD.read_text(encoding="utf-8") + "title: again\n", encoding="utf-8")
    v = run_cli("validate", path)
    r = run_cli("render", path, "-o", tmp_path / "r.pdf")
    assert v.returncode == r.returncode == 1
    assert "duplicate key 'title'" in v.stderr and "duplicate key 'title'" in r.stderr


def test_a_bom_is_accepted_in_saves_and_maps_alike(tmp_path):
    save = tmp_path / "s.yaml"
    save.write_bytes(b"\xef\xbb\xbf" + SAVE_1572.read_bytes())
    m = tmp_path / "m.json"
    m.write_bytes(b"\xef\xbb\xbf" + MAP_1572.read_bytes())
    assert run_cli("validate", save).returncode == 0
    assert run_cli("validate", m).returncode == 0


def test_json_syntax_errors_give_a_column(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"format": "lostprint-save/1",\n  "game" "1572"}')
    r = run_cli("validate", path)
    assert f"{path}:2:10: not valid JSON (expected ':' after a key)" in r.stderr, r.stderr


def test_validate_stdin_reads_the_pipe_once():
    r = subprocess.run([sys.executable, "-m", "lostprint", "validate", "/dev/stdin"],
                       input=SAVE_1572.read_bytes(), capture_output=True, timeout=120, cwd=EXAMPLES)
    assert r.returncode == 0, r.stderr
    assert b"ok" in r.stdout


def test_a_broken_map_named_by_a_save_blames_the_map_file_and_its_line(tmp_path):
    (tmp_path / "m.json").write_text(map_with(hexes=["A1", "B0"]).replace(", ", ",\n"), encoding="utf-8")
    save = tmp_path / "s.yaml"
    save.write_text(save_with("map: standard", "map: m.json"), encoding="utf-8")
    r = run_cli("validate", save)
    assert r.returncode == 1
    line = r.stderr.strip().splitlines()[0]
    assert f"{save}:5: map: the map file cannot be used: {tmp_path / 'm.json'}:" in line, line
    assert "hexes[1]: 'B0' is not a hex label" in line


def test_a_map_outside_the_save_folder_needs_allow_any_map(tmp_path):
    outside = tmp_path / "m.json"
    outside.write_text(MAP_1572.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "game").mkdir()
    save = tmp_path / "game" / "s.yaml"
    save.write_text(save_with("map: standard", "map: ../m.json"), encoding="utf-8")
    r = run_cli("validate", save)
    assert r.returncode == 1 and "outside the save's folder" in r.stderr and "--allow-any-map" in r.stderr
    assert run_cli("validate", save, "--allow-any-map").returncode == 0
    link = tmp_path / "game" / "link.json"  # a symlink out of the folder counts as outside
    link.symlink_to(outside)
    save.write_text(save_with("map: standard", "map: link.json"), encoding="utf-8")
    assert "outside the save's folder" in run_cli("validate", save).stderr
    (tmp_path / "game" / "maps").mkdir()
    (tmp_path / "game" / "maps" / "m.json").write_text(MAP_1572.read_text(encoding="utf-8"), encoding="utf-8")
    save.write_text(save_with("map: standard", "map: maps/m.json"), encoding="utf-8")
    assert run_cli("validate", save).returncode == 0


def test_a_variant_seed_of_2_to_the_200_can_be_named_by_a_save():
    from lostprint.saves.validate import MAX_SEED

    assert MAX_SEED >= 2 ** 200


def test_map_output_cannot_leave_the_output_folder(tmp_path):
    evil = tmp_path / "evil.json"
    evil.write_text(map_with(name="/../../../../tmp/victim"), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    r = run_cli("sheet", "1572", "--map", evil, "-o", f"{out}/")
    assert r.returncode == 0, r.stderr
    written = [p for p in tmp_path.rglob("*.pdf")]
    assert written and all(p.parent == out for p in written), written


def test_validate_shows_values_safely_and_bounded(tmp_path):
    from lostprint.files.show import shown

    assert shown("\x1b]0;x\x07" * 100).startswith("'\\x1b]0;x\\x07")
    assert len(shown("x" * 10_000)) <= 40
    nested = []
    for _ in range(10):
        nested = [nested] * 9
    assert len(shown(nested)) <= 40  # never walks the 9**10 shared leaves


# --- the CLI's words ----------------------------------------------------------------------------------


def test_lostprint_alone_prints_usage_quietly():
    r = run_cli()
    assert r.returncode == 0 and r.stderr == "" and "Usage: lostprint" in r.stdout


def test_errors_all_have_the_prefix(tmp_path):
    r = run_cli("validate", tmp_path / "nosuch.yaml")
    assert r.stderr == f"lostprint: error: {tmp_path / 'nosuch.yaml'}: no such file\n"


def test_paper_is_case_insensitive(tmp_path):
    r = run_cli("sheet", "1572", "--paper", "A4", "-o", tmp_path / "s.pdf")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "s.pdf").exists()


def test_output_format_must_agree_with_the_name(tmp_path):
    r = run_cli("sheet", "1572", "--format", "svg", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and "make them agree" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_output_dash_noext_and_dev_null(tmp_path):
    r = run_cli("sheet", "1572", "-o", tmp_path / "noext")
    assert r.returncode == 2 and not (tmp_path / "noext").exists()
    r = run_cli("sheet", "1572", "-o", "/dev/null")
    assert r.returncode == 0, r.stderr
    assert Path("/dev/null").is_char_device()
    r = run_cli("sheet", "1572", "-o", "-", cwd=tmp_path)  # the PDF's bytes on stdout's binary buffer
    assert r.returncode == 0 and r.stdout.startswith("%PDF-") and r.stdout.rstrip().endswith("%%EOF")
    assert not (tmp_path / "-").exists()


def test_map_cols_zero_is_refused(tmp_path):
    r = run_cli("map", "1572", "--seed", "1", "--cols", "0", "-o", tmp_path)
    assert r.returncode == 2 and "columns" in r.stderr


def test_sheet_map_save_says_it_is_a_save(tmp_path):
    r = run_cli("sheet", "1572", "--map", SAVE_1572, "-o", tmp_path / "x.pdf")
    assert "this is a save" in r.stderr, r.stderr


def test_render_of_a_map_says_it_is_a_map_in_one_line(tmp_path):
    r = run_cli("render", MAP_1572, "-o", tmp_path / "x.pdf")
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "this is a map file" in r.stderr


def test_expedition_7_names_the_die_faces(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(save_with("setup: {expedition: religious}", "setup: {expedition: 7}"), encoding="utf-8")
    r = run_cli("validate", path)
    assert "die face" in r.stderr and "1\u20136" in r.stderr, r.stderr


def test_sheet_map_warns_under_12_mm(tmp_path):
    from lostprint.maps.generate import generate

    big = generate("lost-expedition", 3, 40, 20)
    path = tmp_path / "big.json"
    path.write_text(big.to_json(), encoding="utf-8")
    r = run_cli("sheet", "1572", "--map", path, "-o", tmp_path / "s.pdf")
    assert r.returncode == 0, r.stderr
    assert "warning: the hexes of this map print" in r.stderr


def test_counts_semantics_match_the_help(tmp_path):
    from lostprint.crows.record import load_counts
    from lostprint.games import crows as G

    path = tmp_path / "c.yaml"
    path.write_text("barrens: 10\n")
    counts = dict(load_counts(path))
    house = dict(G.HOUSE_COUNTS)
    assert counts["barrens"] == 10 and all(counts[k] == house[k] for k in house if k != "barrens")
    assert "others keep" in run_cli("kit", "--help").stdout.replace("\n", " ").replace("  ", " ")


def test_make_examples_log_into_head_is_quiet():
    r = subprocess.run(f"{sys.executable} examples/make_examples.py log 1572 | head -1", shell=True,
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr[-500:]


# --- interrupts -------------------------------------------------------------------------------------


def test_an_interrupted_batch_item_leaves_nothing(tmp_path, monkeypatch):
    from lostprint import paths

    real = os.replace
    calls = []

    def replace_then_interrupt(a, b):
        calls.append(b)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(a, b)

    monkeypatch.setattr(paths.os, "replace", replace_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        paths.write_together([(tmp_path / "a.json", b"{}"), (tmp_path / "a.pdf", b"%PDF")])
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_cleans_up_on_any_exception(tmp_path, monkeypatch):
    from lostprint import paths

    def boom(*_a):
        raise RuntimeError("disk gone")

    monkeypatch.setattr(paths.os, "chmod", boom)
    with pytest.raises(RuntimeError):
        paths.write_atomic(tmp_path / "x.pdf", b"data")
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_inside_a_c_call_is_deferred_not_a_traceback():
    import signal

    from lostprint.errors import interrupts_deferred

    reached = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("the call finished")
    assert reached == ["the call finished"]


def test_a_ctrl_c_right_after_a_rename_leaves_no_file_of_the_batch(tmp_path, monkeypatch):
    """The signal lands when the first file has been renamed into place but not yet noted as placed: the
    old loop left that file behind (a map's .json without its sheet)."""
    import signal

    from lostprint import paths

    real_replace = os.replace

    def replace_then_interrupt(src, dst):
        real_replace(src, dst)
        if Path(dst).name == "a.json":
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(paths.os, "replace", replace_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        paths.write_together([(tmp_path / "a.json", b"{}"), (tmp_path / "a-letter.pdf", b"%PDF")])
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_sigint_during_a_map_batch_leaves_whole_items_only(tmp_path):
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "lostprint", "map", "1572", "--seed", "1", "--count", "200",
                             "-o", tmp_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                            preexec_fn=sigint_default)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(tmp_path.glob("*.json"))) < 2:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert b"Traceback" not in err, err[-800:]
    assert proc.returncode == 130, err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    stems = {p.stem for p in tmp_path.glob("*.json")}
    sheets = {p.name.split("-letter")[0] for p in tmp_path.glob("*.pdf")}
    assert stems and stems == sheets, (stems, sheets)


# --- bounded memory and time: the cases that took gigabytes or hung on main -------------------------

DRIVER = textwrap.dedent("""
    import contextlib, io, json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
    from lostprint.cli import main
    for line in sys.stdin.read().splitlines():
        argv = line.split("\\t")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        print(json.dumps([code, out.getvalue(), err.getvalue()]), flush=True)
""")


@pytest.mark.parametrize("matrix", ["one-reader", pytest.param("every-command", marks=pytest.mark.slow)])
def test_heavy_cases_are_bounded(tmp_path, matrix):
    """Under a 1.5 GB address-space limit and a timeout, the cases that reached 1-9 GB on main (alias
    bombs, /dev/zero, a save whose map is /dev/zero, 100,000 hexes...) are refused, each with the
    clear error lines of test_hostile_file_is_one_clear_line. The default run sends each case through
    the reader of its kind; `every-command` (slow) through all four commands."""
    runs = []
    for case, reader in HEAVY.items():
        ext, content = CASES[case]
        path = tmp_path / f"{case}.{ext}"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        if matrix == "one-reader" and case in SLOW_ONLY:
            continue
        for command in (sorted(COMMANDS) if matrix == "every-command" else [reader]):
            runs.append([str(a) for a in COMMANDS[command](path, tmp_path / "out")])
    zero_map = tmp_path / "zero-map.yaml"
    zero_map.write_text(save_with("map: standard", "map: /dev/zero"), encoding="utf-8")
    runs += [["validate", "/dev/zero"], ["sheet", "1572", "--map", "/dev/zero"],
             ["kit", "crows", "--counts", "/dev/zero"], ["validate", str(zero_map), "--allow-any-map"],
             ["render", str(zero_map), "--allow-any-map", "-o", str(tmp_path / "out" / "z.pdf")]]
    r = subprocess.run([sys.executable, "-c", DRIVER], input="\n".join("\t".join(a) for a in runs),
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr, r.stderr[-2000:]
    answers = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(answers) == len(runs), r.stdout[-500:]
    for argv, (code, out, err) in zip(runs, answers):
        result = subprocess.CompletedProcess(argv, code, out, err)
        check_refused(result, tmp_path / "out", argv[0])
    assert not (tmp_path / "out").exists()


# --- long names: cut by printed width, never off the page ---------------------------------------------


def test_a_long_map_name_keeps_the_1672_footer_on_the_page():
    import dataclasses

    from lostprint.fonts import text_box
    from lostprint.maps.check import MAX_NAME
    from lostprint.maps.model import standard_map
    from lostprint.scene import Text, walk
    from lostprint.sheets import build_sheet

    gm = dataclasses.replace(standard_map("lost-crew"), name="W" * MAX_NAME)
    scene = build_sheet("lost-crew", gm)
    footers = [t for page in scene.all_pages() for t in walk(page.items) if isinstance(t, Text) and t.role == "footer"]
    assert footers
    for t in footers:
        x0, _, x1, _ = text_box(t.text, t.font, t.size, t.x, t.y, t.anchor)
        assert x0 >= 0 and x1 <= scene.width, (x0, x1, t.text[:40])


def test_a_long_title_is_cut_by_width_in_the_running_head():
    import dataclasses

    from lostprint.books.journal import HEAD_GAP, JOURNAL_X, running_title
    from lostprint.fonts import text_width
    from lostprint.geometry.paper import page_size
    from lostprint.saves.validate import load_played

    played = dataclasses.replace(load_played(SAVE_1572), title="W" * 200)
    W, _ = page_size("letter", landscape=False)
    head = running_title(played, W)
    room = W - 2 * JOURNAL_X - text_width(played.game.title, "sans", 7.5) - HEAD_GAP
    assert head.endswith("\u2026") and text_width(head, "sans", 7.5) <= room
    narrow = running_title(dataclasses.replace(played, title="i" * 200), W)
    assert len(narrow) > len(head)  # cut by width: narrow letters fit more


def test_a_save_may_name_a_variant_by_a_huge_seed(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(save_with("map: standard", f"map: {{seed: {2 ** 200}}}"), encoding="utf-8")
    r = run_cli("validate", path)
    assert "is above" not in r.stderr and "map.seed" not in r.stderr, r.stderr[:500]


def test_a_missing_map_named_like_a_seed_is_told_how_to_name_a_variant(tmp_path):
    save = tmp_path / "s.yaml"
    save.write_text(save_with("map: standard", "map: variant-5"), encoding="utf-8")
    r = run_cli("validate", save)
    assert r.returncode == 1
    line = r.stderr.strip().splitlines()[0]
    assert f"{save}:5: map: the map file cannot be used:" in line and "no such file" in line, line
    assert "a variant map is written {seed: 5}" in line, line
