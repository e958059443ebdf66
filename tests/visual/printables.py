"""The visual regression set: every printable lostprint makes, as it prints, one greyscale PNG a page at
DPI, to compare by pixels with the PNGs committed beside this file (tests/test_visual_regression.py)
and to regenerate them when a change in look is meant (python tests/visual/regenerate.py)."""
from __future__ import annotations

import io
import os
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DPI = 50
LEVELS = 16  # greys kept: a 4-bit PNG a page keeps the set small
TOLERANCE = 0.0005  # share of a page's pixels that may differ by more than DIFF grey levels
DIFF = 48


def printables() -> list[tuple[str, callable]]:
    """(name, () -> PDF bytes) of every printable: the sheets of the three Lost games (two-sided,
    reference card, one page where the game has one; letter colour and a4 mono), the rulebooks, the
    example journals, the Crows record, the Crows kit and setup diagram (letter colour)."""
    import printed
    from lostprint.render import render
    from lostprint.sheets import build_sheet, sheet_sides
    from lostprint.sheets.common import SheetOptions

    out = []
    for game in ("lost-expedition", "lost-crew", "lost-crows"):
        for sides in sheet_sides(game):
            for paper, ink in (("letter", "color"), ("a4", "mono")):
                opts = SheetOptions(paper=paper, ink=ink, sides=sides)
                name = f"sheet-{game}-{'two-sided' if sides == '2' else 'one-page' if sides == '1' else 'reference'}" \
                       f"-{paper}-{ink}"
                out.append((name, lambda g=game, o=opts: render(build_sheet(g, None, o), "pdf")))
    for game in printed.GAMES:
        out.append((f"rulebook-{game}", lambda g=game: printed.rulebook(g)))
    for save in printed.SAVES:
        out.append((f"journal-{save}", lambda s=save: printed.journal(s)))
    out.append(("journal-crows-3p", printed.record_pdf))
    out.append(("kit-crows", printed.kit))

    def layout():
        from lostprint.maps.crows import standard_layout
        from lostprint.sheets.crows_layout import layout_scene

        return render(layout_scene(standard_layout(), SheetOptions()), "pdf")

    out.append(("layout-crows", layout))
    return out


def pages(pdf: bytes, dpi: int = DPI) -> list:
    """The PDF's pages as greyscale Pillow images, LEVELS greys."""
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="lostprint-visual-") as folder:
        path = os.path.join(folder, "in.pdf")
        with open(path, "wb") as fh:
            fh.write(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", path, os.path.join(folder, "p")], check=True)
        names = sorted(n for n in os.listdir(folder) if n.endswith(".png"))
        images = []
        for n in names:
            with Image.open(os.path.join(folder, n)) as im:
                images.append(quantized(im.convert("L")))
        return images


def quantized(image):
    """A greyscale image cut to LEVELS greys, as a palette image (a 4-bit PNG)."""
    step = 256 // LEVELS
    palette = []
    for k in range(LEVELS):
        palette += [min(255, k * step + step // 2)] * 3
    indexed = image.point(lambda v: v // step).convert("P")
    indexed.putpalette(palette)
    return indexed


def png_bytes(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=True, bits=4)
    return buf.getvalue()


def reference(name: str, page: int) -> Path:
    return HERE / f"{name}-p{page:02d}.png"


def differs(got, want) -> str:
    """Why two page images differ beyond the tolerance, or "" when they match."""
    from PIL import ImageChops

    if got.size != want.size:
        return f"size {got.size} != {want.size}"
    diff = ImageChops.difference(got.convert("L"), want.convert("L"))
    far = sum(diff.histogram()[DIFF:])
    share = far / (got.size[0] * got.size[1])
    return f"{share:.2%} of the pixels differ (over {TOLERANCE:.1%})" if share > TOLERANCE else ""
