"""Finished-game journals: real PDFs (qpdf, embedded fonts, text found by pdftotext, page size),
identical bytes, print checks on the front pages, awkward text, long journals and variant maps."""
import hashlib
import subprocess
from pathlib import Path

import pytest

import journal_builds as J
import printed as P
from conftest import fonts_all_embedded, normalise, pdftext, qpdf_ok, run_cli
from lostprint import checks
from lostprint.books.journal import build_journal, front_pages
from lostprint.saves.emit import to_yaml
from lostprint.saves.validate import check_save_file, load_played, replay_data

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LOST_EXAMPLES = sorted(EXAMPLES.glob("1[568]72-*.yaml"))


def pages(path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in out.splitlines() if line.startswith("Pages:")))


def page_size(path) -> str:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return next(line for line in out.splitlines() if line.startswith("Page size:"))


@pytest.mark.parametrize("example", LOST_EXAMPLES, ids=lambda p: p.stem)
def test_example_renders_to_a_sound_pdf(example, quick_demo, tools):
    """The example's journal as `lostprint demo` wrote it (through the same journal command as
    `render`, whose CLI path test_the_cli_and_the_library_write_the_same_bytes runs)."""
    result, folder = quick_demo
    assert result.returncode == 0, result.stderr
    out = folder / "journals" / f"{example.stem}-journal-letter.pdf"
    assert qpdf_ok(out)
    assert fonts_all_embedded(out) == []
    played = load_played(example)
    text = normalise(pdftext(out))
    assert played.title in text
    for day in played.days:
        if day.journal:
            first = normalise(day.journal.split("\n")[0])
            assert " ".join(first.split()[:8]) in text, f"day {day.day}"
    assert f"Total {played.total}" in text
    assert "612 x 792" in page_size(out)


def test_the_cli_and_the_library_write_the_same_bytes(tmp_path):
    """Two builds of one save, identical: `lostprint render` here and build_journal in tests/printed.py
    (the build test_books_print reads, so the run makes it once)."""
    example = LOST_EXAMPLES[0]
    out = tmp_path / "j0.pdf"
    assert run_cli("render", example, "-o", out, "--paper", "a4", "--ink", "mono").returncode == 0
    built = P.journal(example.stem, "a4", "mono")
    assert hashlib.sha256(out.read_bytes()).hexdigest() == hashlib.sha256(built).hexdigest()
    assert "595.276 x 841.89" in page_size(out)


def front_page_params():
    """Every example on every paper in every ink; the default run takes each example once, both papers
    and both inks among them (1572 letter colour, 1672 A4 mono, 1872 letter mono), the rest is slow."""
    default = {("1572", "letter", "color"), ("1672", "a4", "mono"), ("1872", "letter", "mono")}
    for example in LOST_EXAMPLES:
        for paper in ("letter", "a4"):
            for ink in ("color", "mono"):
                slow = (example.name[:4], paper, ink) not in default
                yield pytest.param(example, paper, ink, id=f"{example.name[:4]}-{ink}-{paper}",
                                   marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("example, paper, ink", list(front_page_params()))
def test_front_pages_pass_the_print_checks(example, paper, ink):
    for scene in J.front_pages(example.stem, paper, ink):  # built once per run (test_journal_map reads them)
        assert checks.all_problems(scene) == [], (example.name, paper, ink)
        if ink == "mono":
            colours = {getattr(getattr(i, "style", None), "fill", None) for i in _walk(scene)}
            colours |= {getattr(i, "fill", None) for i in _walk(scene)}
            assert all(c is None or _grey(c) for c in colours), colours


def _walk(scene):
    from lostprint.scene import walk

    return list(walk(scene.items))


def _grey(color: str) -> bool:
    c = color.lstrip("#")
    return c[0:2] == c[2:4] == c[4:6]


NASTY = ("\u201cQuotes\u201d, 'single' and \"double\"; <b>not bold</b> & <para> & AT&T; caf\u00e9 na\u00efve "
         "\u00c5ngstr\u00f6m. \u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u0420\u0443\u0441\u0441\u043a\u0438\u0439 "
         "\u0627\u0644\u0639\u0631\u0628\u064a\u0629 \u05e2\u05d1\u05e8\u05d9\u05ea \u4e2d\u6587\u6f22\u5b57 \U0001f600 "
         + "Llanfairpwllgwyngyll" * 15 + " end.\n" + "\u4e2d" * 400 + "\nA last paragraph.")


def _short_game(journal: str, days: int = 3) -> dict:
    from lostprint.players.lost_expedition import simulate_1572

    data = {k: v for k, v in simulate_1572(126).items() if v is not None}
    data["days"] = data["days"][:days]
    data.pop("outcome")
    data["title"] = "<Title> & \u201cQuotes\u201d " + "Supercalifragilistic" * 9
    data["player"] = "Zo\u00eb & <Ana>"
    for day in data["days"]:
        day.pop("log")
        day["journal"] = journal
    return data


def test_awkward_text_renders_without_breaking_the_layout(tmp_path, tools):
    path = tmp_path / "nasty.yaml"
    path.write_text(to_yaml(_short_game(NASTY)), encoding="utf-8")
    assert check_save_file(path) == []
    played = load_played(path)
    for paper in ("letter", "a4"):
        for scene in front_pages(played, paper, "color"):
            assert checks.all_problems(scene) == []
    out = tmp_path / "nasty.pdf"
    result = run_cli("render", path, "-o", out)
    assert result.returncode == 0, result.stderr
    assert qpdf_ok(out) and fonts_all_embedded(out) == []
    text = pdftext(out, "-raw")
    for piece in ("<b>not bold</b>", "AT&T", "caf\u00e9", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac",
                  "\u0420\u0443\u0441\u0441\u043a\u0438\u0439", "A last paragraph."):
        assert piece in text, piece


def test_a_long_journal_flows_over_many_pages(tmp_path):
    from lostprint.players.lost_expedition import simulate_1572

    # seed 25 first: the first full 42-day game today (the search finds another if the player changes)
    seed = next(s for s in (25, *range(100)) if len(simulate_1572(s)["days"]) == 42)
    data = {k: v for k, v in simulate_1572(seed).items() if v is not None}
    for day in data["days"]:
        day.pop("log")
        day["journal"] = ("The river bends and the men walk on. " * 40 + "\n") * 3
    data.pop("outcome")
    problems, played = replay_data(data, "long.yaml")
    assert problems == [] and len(played.days) == 42 and played.result == "lost"
    out = tmp_path / "long.pdf"
    out.write_bytes(build_journal(played))
    assert pages(out) >= 20


def test_a_variant_map_save_validates_and_renders(tmp_path, tools):
    from lostprint.maps.generate import generate
    from lostprint.players.lost_expedition import simulate_1572

    gm = generate("lost-expedition", 7)
    data = {k: v for k, v in simulate_1572(3, gm).items() if v is not None}
    data["map"] = {"seed": 7}
    for day in data["days"]:
        day.pop("log")
    data.pop("outcome")
    path = tmp_path / "variant.yaml"
    path.write_text(to_yaml(data), encoding="utf-8")
    assert check_save_file(path) == []
    played = load_played(path)
    assert played.game_map.seed == 7
    for scene in front_pages(played, "a4", "mono"):
        assert checks.all_problems(scene) == []
    out = tmp_path / "variant.pdf"
    assert run_cli("render", path, "-o", out).returncode == 0
    assert qpdf_ok(out) and "seed 7" in pdftext(out)
