"""Start-up: a Latin-only sheet loads none of the text chain (HarfBuzz, python-bidi, lostprint's
shaping, bidi and Platypus modules); a line that needs shaping still gets it in the same process."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

# what only non-Latin text needs
TEXT_CHAIN = ("uharfbuzz", "bidi", "lostprint.text.shape", "lostprint.text.bidi", "lostprint.text.pdf",
              "lostprint.text.svg", "reportlab.platypus")

PROGRAM = """
import json, sys
from lostprint.cli import main
code = main(["sheet", "1572", "-o", sys.argv[1]])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("uharfbuzz", "bidi")
                or m.startswith(("lostprint.text.", "reportlab.platypus")))
from lostprint.text.shape import layout_line
shaped = layout_line("\\u0633\\u0644\\u0627\\u0645 1872", "sans", 10)
print(json.dumps({"code": code, "loaded": loaded, "harfbuzz_after": "uharfbuzz" in sys.modules,
                  "glyphs": sum(len(run.glyphs) for run in shaped.runs)}))
"""


def test_a_latin_sheet_loads_no_text_chain_and_shaping_still_works_after(tmp_path):
    out = subprocess.run([sys.executable, "-c", PROGRAM, str(tmp_path / "sheet.pdf")], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0 and (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    assert [m for m in seen["loaded"] if m.startswith(TEXT_CHAIN)] == []
    # the chain loads on demand: Arabic is shaped by HarfBuzz in the same process
    assert seen["harfbuzz_after"] and seen["glyphs"] >= 8
