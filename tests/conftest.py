import shutil
import subprocess
import sys

import pytest


def run_cli(*args, cwd=None):
    """Run `python -m lostprint ARGS` as a real process; returns CompletedProcess (text)."""
    return subprocess.run([sys.executable, "-m", "lostprint", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def pdftext(path, *extra):
    return subprocess.run(["pdftotext", "-layout", *extra, str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def normalise(text: str) -> str:
    return " ".join(text.replace("\u2212", "-").replace("\u2013", "-").split())


def fonts_all_embedded(path) -> list[str]:
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = out.splitlines()[2:]
    assert rows, "no fonts listed"
    return [r for r in rows if r.split()[-5] != "yes"]  # emb column


def qpdf_ok(path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


@pytest.fixture
def tools():
    for tool in ("qpdf", "pdftotext", "pdffonts", "pdfinfo", "pdftoppm"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (apt-get install poppler-utils qpdf)")
