"""One shape for how a printable is asked for: paper, ink, orientation, file format, resolution.

The CLI parses its flags into one PrintOptions; builders read the page and the palette from it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from lostprint.geometry.paper import MM, Box, content_box, page_size
from lostprint.palette import Palette, palette

PAPERS = ("letter", "a4")
INKS = ("color", "mono")
FORMATS = ("pdf", "svg", "png")
SIDES = ("2", "1", "ref")  # a player sheet: two-sided, one page with everything, the reference side alone
SHEET_MARGIN = 10 * MM  # comfortably inside the 6.35 mm print limit


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "letter"
    ink: str = "color"
    landscape: bool = True  # sheets are landscape; books and the kit portrait
    fmt: str | None = None  # pdf | svg | png; None: from the output file's name, else pdf
    dpi: int = 200  # PNG only
    sides: str = "2"  # player sheets only: one of SIDES
    lang: str = "en"  # the printed words' language (lostprint.i18n.translator reads the catalog)

    def __post_init__(self) -> None:
        for value, known, what in ((self.paper, PAPERS, "paper"), (self.ink, INKS, "ink"),
                                   (self.fmt or "pdf", FORMATS, "format"), (self.sides, SIDES, "sides")):
            if value not in known:
                raise ValueError(f"unknown {what} {value!r} (choose {', '.join(known)})")

    @property
    def pal(self) -> Palette:
        return palette(self.ink)

    def page(self) -> tuple[float, float]:
        """(width, height) in points, in this orientation."""
        return page_size(self.paper, landscape=self.landscape)

    def content(self, margin: float = SHEET_MARGIN) -> Box:
        """The page less its margins, in the same orientation as page()."""
        return content_box(self.paper, landscape=self.landscape, margin=margin)

    def portrait(self) -> "PrintOptions":
        return replace(self, landscape=False)

    def to(self, **changes) -> "PrintOptions":
        return replace(self, **changes)
