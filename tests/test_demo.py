"""`lostprint demo`: every printable of every game, from a plain run, all valid files."""
import subprocess

from conftest import qpdf_ok, run_cli


def test_quick_demo_writes_every_kind_of_printable(quick_demo, tools):
    r, _ = quick_demo
    assert r.returncode == 0, r.stderr
    written = [line for line in r.stdout.splitlines() if line.strip()]
    folders = {p.split("/")[-2] for p in written}
    assert {"sheets", "maps", "rulebooks", "journals", "crows"} <= folders
    pdfs = [p for p in written if p.endswith(".pdf")]
    names = " ".join(written)
    for game in ("1572-lost-expedition-sheet", "1672-lost-crew-sheet", "1872-lost-crows-sheet",
                 "rulebook", "journal", "crows-kit"):
        assert game in names, game
    for pdf in pdfs:
        assert qpdf_ok(pdf), pdf
    info = subprocess.run(["pdfinfo", pdfs[0]], capture_output=True, text=True).stdout
    assert "lostprint" in info


def test_demo_into_an_unwritable_place_fails_cleanly(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    r = run_cli("demo", "--quick", "-o", blocker / "out")
    assert r.returncode == 1
    assert len(r.stderr.strip().splitlines()) <= 2  # progress line, then the one error
    assert "Traceback" not in r.stderr
    assert "lostprint: error:" in r.stderr
