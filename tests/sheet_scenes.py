"""The blank player sheets the sheet tests look at, each built once per test run and shared by
tests/test_sheet_*.py (a Scene is frozen, so sharing it is safe), and their PDFs read back."""
from functools import lru_cache

from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions


@lru_cache(maxsize=None)
def blank_sheet(game: str, paper: str = "letter", ink: str = "color", sides: str = "2"):
    """The standard-map sheet of `game` on `paper` in `ink`: two-sided ("2"), one page ("1") or the
    reference card alone ("ref")."""
    return build_sheet(game, None, SheetOptions(paper=paper, ink=ink, sides=sides))


@lru_cache(maxsize=None)
def sheet_pdf(game: str, paper: str = "letter", ink: str = "color", sides: str = "2") -> bytes:
    from lostprint.render import render

    return render(blank_sheet(game, paper, ink, sides), "pdf")
