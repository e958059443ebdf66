"""`lostprint map`: files written, names, progress, and one-line errors that leave nothing behind."""
import json

from conftest import fonts_all_embedded, pdftext, qpdf_ok, run_cli
from lostprint.maps.check import check_map_file


def test_map_writes_map_and_sheet(tmp_path, tools):
    r = run_cli("map", "1872", "--seed", "12", "-o", tmp_path)
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["1872-lost-crows-map-12-letter.pdf", "1872-lost-crows-map-12.json"]
    assert r.stdout.split() == [str(tmp_path / n) for n in reversed(names)]
    data = json.loads((tmp_path / names[1]).read_text())
    assert data["seed"] == 12 and data["game"] == "lost-crows"
    assert check_map_file(tmp_path / names[1]) == []
    pdf = tmp_path / names[0]
    assert qpdf_ok(pdf) and fonts_all_embedded(pdf) == []
    text = pdftext(pdf)  # the variant named on the page; its seed, a build detail, in the metadata
    assert "variant-12" in text and "(seed 12)" not in text


def test_count_makes_consecutive_seeds_without_a_progress_bar_off_a_terminal(tmp_path):
    r = run_cli("map", "1572", "--seed", "5", "--count", "3", "--paper", "a4", "--ink", "mono",
                "--format", "svg", "-o", tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"1572-lost-expedition-map-{s}.json" for s in (5, 6, 7)]
        + [f"1572-lost-expedition-map-{s}-a4-mono.svg" for s in (5, 6, 7)])
    assert "lost-expedition maps" not in r.stderr  # the bar shows on a terminal only (tests/test_simulate.py)
    assert len(r.stdout.split()) == 6


def test_crows_layout_and_custom_size(tmp_path):
    r = run_cli("map", "crows", "--seed", "1", "--cols", "7", "--rows", "6", "--format", "png", "-o", tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crows-layout-1-7x6-letter.png", "crows-layout-1-7x6.json"]
    assert json.loads((tmp_path / "crows-layout-1-7x6.json").read_text())["grid"] == [7, 6]
    r = run_cli("map", "1672", "--seed", "1", "--cols", "14", "--rows", "9", "-o", tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "1672-lost-crew-map-1-14x9.json").exists()


def test_same_command_same_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert run_cli("map", "1672", "--seed", "3", "-o", out).returncode == 0
    for p in a.iterdir():
        assert p.read_bytes() == (b / p.name).read_bytes()


def test_user_errors_are_one_line_and_leave_no_file(tmp_path):
    cases = [
        (("map", "chess", "--seed", "1"), "unknown game 'chess'"),
        (("map", "1572", "--seed", "1", "--cols", "3"), "lost-expedition maps are 5-80 columns"),
        (("map", "1572"), "--seed"),
        (("map", "1572", "--seed", "-4"), "--seed"),
        (("map", "crows", "--seed", "1", "--cols", "4"), "crows maps are 5-7 columns"),
    ]
    for args, needle in cases:
        r = run_cli(*args, "-o", tmp_path / "out")
        assert r.returncode == 2, (args, r.stderr)
        assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists()
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    r = run_cli("map", "1572", "--seed", "1", "-o", blocker)
    assert r.returncode == 2 and "is a file" in r.stderr
    assert blocker.read_text() == "x"


def test_a_map_too_big_for_a_pencil_is_written_with_a_warning(tmp_path):
    r = run_cli("map", "1572", "--seed", "2", "--cols", "47", "--rows", "9", "--format", "svg", "-o", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "lostprint: warning: seed 2: at this size the hexes print" in r.stderr
    assert (tmp_path / "1572-lost-expedition-map-2-47x9-letter.svg").exists()
    r = run_cli("map", "1572", "--seed", "2", "-o", tmp_path)
    assert "warning" not in r.stderr
