"""The blank player sheets the sheet tests look at, each built once per test run and shared by
tests/test_sheet_*.py (a Scene is frozen, so sharing it is safe)."""
from functools import lru_cache

from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions


@lru_cache(maxsize=None)
def blank_sheet(game: str, paper: str = "letter", ink: str = "color"):
    """The standard-map sheet of `game` on `paper` in `ink`."""
    return build_sheet(game, None, SheetOptions(paper=paper, ink=ink))
