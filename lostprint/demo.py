"""`lostprint demo`: every printable of every game, from built-in defaults, into one folder.

Each capability contributes a producer `(out_dir, quick, log) -> list[Path]`, listed in PRODUCERS.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Callable

PRODUCERS = (
    "lostprint.books.journal:demo",
    "lostprint.demo:sheets",
    "lostprint.books.rulebook:demo",
    "lostprint.maps.variants:demo",
    "lostprint.crows.kit:demo",
)


def sheets(out: Path, quick: bool, log: Callable[[str], None]) -> list[Path]:
    from lostprint.games import GAMES
    from lostprint.render import write
    from lostprint.sheets import build_sheet, has_sheet
    from lostprint.sheets.common import SheetOptions

    written = []
    variants = [("letter", "color", "pdf")] if quick else [
        ("letter", "color", "pdf"), ("a4", "color", "pdf"), ("letter", "mono", "pdf"), ("letter", "color", "png")]
    for info in GAMES:
        if not has_sheet(info.id):
            continue
        for paper, ink, fmt in variants:
            log(f"sheet {info.id} {paper} {ink} {fmt}")
            scene = build_sheet(info.id, None, SheetOptions(paper=paper, ink=ink))
            name = f"{info.number}-{info.id}-sheet-{paper}" + ("-mono" if ink == "mono" else "") + f".{fmt}"
            written.append(write(scene, out / "sheets" / name, fmt, dpi=150))
    return written


def run_demo(out: Path, quick: bool = False, log: Callable[[str], None] = lambda m: None) -> list[Path]:
    written: list[Path] = []
    for spec in PRODUCERS:
        module, _, func = spec.partition(":")
        written += getattr(importlib.import_module(module), func)(Path(out), quick, log)
    return written
