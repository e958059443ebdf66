"""Write the visual regression set (tests/visual/*.png) and docs/contact-sheet.png anew, from the
printables as the working tree makes them: run it when a change in look is meant, look at the
contact sheet, and commit both.

    python tests/visual/regenerate.py            # every printable
    python tests/visual/regenerate.py sheet- kit  # those whose names start so
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent)]

from visual.printables import pages, png_bytes, printables, quantized, reference  # noqa: E402

THUMB_W = 120  # px: a page on the contact sheet
PER_ROW = 12


def contact_sheet(thumbs: list[tuple[str, object]]):
    """Every page's thumbnail in rows, each printable's name over its first page."""
    from PIL import Image, ImageDraw

    cells = []
    for name, image in thumbs:
        scale = THUMB_W / image.size[0]
        cells.append((name, image.convert("L").resize((THUMB_W, max(1, round(image.size[1] * scale))))))
    cell_h = max(im.size[1] for _, im in cells) + 14
    rows = -(-len(cells) // PER_ROW)
    sheet = Image.new("L", (PER_ROW * (THUMB_W + 8) + 8, rows * (cell_h + 8) + 8), 235)
    draw = ImageDraw.Draw(sheet)
    for i, (name, im) in enumerate(cells):
        r, c = divmod(i, PER_ROW)
        x, y = 8 + c * (THUMB_W + 8), 8 + r * (cell_h + 8)
        draw.text((x, y), name[:26], fill=40)
        sheet.paste(im, (x, y + 12))
    return sheet


def main(prefixes: list[str]) -> None:
    """Rebuild the printables whose names start with one of `prefixes` (all without), then write their
    PNGs and the contact sheet: nothing is written unless every one of them builds."""
    chosen = [(name, build) for name, build in printables() if not prefixes or name.startswith(tuple(prefixes))]
    built = [(name, pages(build())) for name, build in chosen]  # all or nothing: a failed build writes nothing
    for name, images in built:
        for old in HERE.glob(f"{name}-p[0-9][0-9].png"):
            old.unlink()
        for k, image in enumerate(images, 1):
            reference(name, k).write_bytes(png_bytes(image))
        print(f"{name}: {len(images)} page(s)")
    from PIL import Image

    thumbs = []
    for name, _ in printables():  # the contact sheet shows the whole set as committed now
        for k, path in enumerate(sorted(HERE.glob(f"{name}-p[0-9][0-9].png")), 1):
            with Image.open(path) as im:
                thumbs.append((name if k == 1 else f"  p{k}", im.convert("L")))
    docs = HERE.parent.parent / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "contact-sheet.png").write_bytes(png_bytes(quantized(contact_sheet(thumbs))))
    total = sum(p.stat().st_size for p in HERE.glob("*.png"))
    print(f"{len(thumbs)} pages in the set, {total / 1024:.0f} KiB; docs/contact-sheet.png")


if __name__ == "__main__":
    main(sys.argv[1:])
