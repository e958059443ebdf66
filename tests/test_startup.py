"""Start-up: a Latin-only sheet loads none of the text chain (HarfBuzz, python-bidi, lostprint's
shaping, bidi and Platypus modules); a line that needs shaping still gets it in the same process.
The 1572 sheet loads no other game, no engine, save-replay, rating, book or map-generator module (only the
registry's picker of replay rules, lostprint.saves.games), not the
file readers (lostprint.files: only a map file needs them), none of jinja2, yaml, svgwrite; and the
frozen dataclasses it creates at import carry their own docstrings."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

# what only non-Latin text needs
TEXT_CHAIN = ("uharfbuzz", "bidi", "lostprint.text.shape", "lostprint.text.bidi", "lostprint.text.pdf",
              "lostprint.text.svg", "reportlab.platypus")
# what the 1572 sheet does not need: the other games, playing, replaying, rating, books, generating maps
NOT_FOR_A_SHEET = ("lostprint.games.lost_crew", "lostprint.games.lost_crows", "lostprint.games.crows",
                   "lostprint.sheets.lost_crew", "lostprint.sheets.lost_crows", "lostprint.engine",
                   "lostprint.players", "lostprint.saves", "lostprint.rating", "lostprint.books",
                   "lostprint.crows", "lostprint.maps.generate", "lostprint.maps.check", "lostprint.files",
                   "jinja2", "yaml", "svgwrite", "cairosvg", "numpy")
# the registry's picker of a game's replay rules (plain code: it imports no game's rules until asked)
SHEET_MAY_LOAD = ("lostprint.saves", "lostprint.saves.games")
# A dataclass without a docstring gets one made from inspect.signature(cls) when it is created, at
# import: about a third of its creation cost on Python 3.11. These modules' classes all have their own.
DOCUMENTED = ("lostprint.scene", "lostprint.games.model", "lostprint.maps.model", "lostprint.games")

PROGRAM = """
import json, sys
from lostprint.cli import main
code = main(["sheet", "1572", "-o", sys.argv[1]])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("uharfbuzz", "bidi")
                or m.startswith(("lostprint.text.", "reportlab.platypus")))
modules = sorted(sys.modules)
import dataclasses
undocumented = sorted(f"{name}.{cls.__name__}" for name, module in list(sys.modules.items())
                      if name.startswith("lostprint") for cls in vars(module).values()
                      if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name
                      and (cls.__doc__ or "").startswith(cls.__name__ + "("))
from lostprint.text.shape import layout_line
shaped = layout_line("\\u0633\\u0644\\u0627\\u0645 1872", "sans", 10)
print(json.dumps({"code": code, "loaded": loaded, "modules": modules, "undocumented": undocumented,
                  "harfbuzz_after": "uharfbuzz" in sys.modules,
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
    # the game asked for is loaded, and nothing a sheet does not draw
    assert "lostprint.games.lost_expedition" in seen["modules"]
    assert [m for m in seen["modules"] if (m.split(".")[0] in NOT_FOR_A_SHEET or m.startswith(NOT_FOR_A_SHEET))
            and m not in SHEET_MAY_LOAD] == []
    assert [c for c in seen["undocumented"] if c.rsplit(".", 1)[0] in DOCUMENTED] == []
    # the chain loads on demand: Arabic is shaped by HarfBuzz in the same process
    assert seen["harfbuzz_after"] and seen["glyphs"] >= 8
