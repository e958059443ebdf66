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


def test_a_demo_in_another_language_writes_only_what_is_translated(tmp_path):
    """`demo --lang de`: the translated printables in German (sheets, maps, kit, the journals and the Crows
    game record), and one line for each kind still English only (rulebooks), never an English page."""
    out = tmp_path / "out"
    r = run_cli("demo", "--quick", "--lang", "de", "-o", out)
    assert r.returncode == 0, r.stderr
    written = [line for line in r.stdout.splitlines() if line.strip()]
    pdfs = [p for p in written if p.endswith(".pdf")]
    assert pdfs and all(p.endswith("-de.pdf") for p in pdfs), written
    from lostprint.app.demo import rulebook_translated
    from lostprint.games import GAMES

    translated = [p for p in GAMES if p.has("rulebook") and rulebook_translated(p)]
    books = sorted(p.name for p in (out / "rulebooks").iterdir()) if (out / "rulebooks").exists() else []
    assert books == sorted(f"{p.stem}-rulebook-letter-de.pdf" for p in translated), books  # only the translated, in German
    journals = sorted(p.name for p in (out / "journals").iterdir())
    assert journals == [f"{name}-journal-letter-de.pdf" for name in ("1572-the-delta-by-grace", "1672-the-salt-road-home",
                                                                     "1872-the-long-way-north", "crows-3p")], journals
    said = r.stderr.splitlines()
    still = len([p for p in GAMES if p.has("rulebook")]) - len(translated)
    assert sum("rulebooks" in line and "English only" in line for line in said) == (1 if still else 0), said
    assert not any("game record" in line for line in said), said
    for sheet in ("1572-lost-expedition-sheet-letter-de", "1672-lost-crew-sheet-letter-de",
                  "1872-lost-crows-sheet-letter-de", "crows-kit-letter-de"):
        assert any(sheet in p for p in pdfs), sheet
    crew = next(p for p in pdfs if "1672-lost-crew-sheet-letter-de" in p)
    text = subprocess.run(["pdftotext", crew, "-"], capture_output=True, text=True).stdout
    assert "Aufgabentafel" in text and "Task board" not in text
    assert "Kapitän" in text and "Captain" not in text
    text = subprocess.run(["pdftotext", str(out / "journals" / journals[1]), "-"], capture_output=True, text=True).stdout
    assert "Die Partie in Zahlen" in text and "The game in numbers" not in text


def test_a_demo_in_an_unknown_language_fails_before_writing(tmp_path):
    r = run_cli("demo", "--quick", "--lang", "xx", "-o", tmp_path / "out")
    assert r.returncode != 0 and "no translation for 'xx'" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists()
