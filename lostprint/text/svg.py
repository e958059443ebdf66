"""Text in SVG without the machine's fonts.

- Text the bundled DejaVu draws as is stays `<text>`, and the SVG carries the fonts it uses as
  @font-face data (a subset of each, base64 TrueType): browsers and editors show the same letters
  on any machine. The PNG path (cairosvg, which reads no @font-face) is given the same bundled files
  through fontconfig (`use_bundled_fonts`), so PNG and SVG agree even with no system fonts.
- Text that needs the fallback chain, shaping or bidi is drawn as glyph outlines (`<path>`), placed
  exactly as in the PDF, with the words kept in an aria-label.
"""
from __future__ import annotations

import base64
import struct
import zlib
from functools import cache, lru_cache

import uharfbuzz as hb

from lostprint.text.faces import FONTS, font_path
from lostprint.text.shape import hb_font, layout_line


def _num(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class _PathPen:
    """A pen (moveTo/lineTo/qCurveTo/curveTo/closePath) writing SVG path data in font units."""

    def __init__(self):
        self.parts: list[str] = []

    def moveTo(self, p):
        self.parts.append(f"M{_num(p[0])} {_num(p[1])}")

    def lineTo(self, p):
        self.parts.append(f"L{_num(p[0])} {_num(p[1])}")

    def qCurveTo(self, *points):
        # a TrueType quadratic spline: implied on-curve points between consecutive off-curve ones
        *offs, end = points
        for i, off in enumerate(offs):
            nxt = end if i == len(offs) - 1 else ((off[0] + offs[i + 1][0]) / 2, (off[1] + offs[i + 1][1]) / 2)
            self.parts.append(f"Q{_num(off[0])} {_num(off[1])} {_num(nxt[0])} {_num(nxt[1])}")

    def curveTo(self, *points):
        for i in range(0, len(points) - 2, 3):
            a, b, c = points[i:i + 3]
            self.parts.append(f"C{_num(a[0])} {_num(a[1])} {_num(b[0])} {_num(b[1])} {_num(c[0])} {_num(c[1])}")

    def closePath(self):
        self.parts.append("Z")

    def endPath(self):
        pass


@cache
def glyph_outline(key: str, gid: int) -> str:
    """SVG path data of one glyph, in font units, y up."""

    font, _ = hb_font(key)
    pen = _PathPen()
    font.draw_glyph_with_pen(gid, pen)
    return "".join(pen.parts)


def outline_paths(text: str, key: str, size: float, x: float, y: float, anchor: str = "start"):
    """(path data, transform) for every visible glyph of a line whose anchor point is (x, y),
    y down (SVG)."""

    line = layout_line(text, key, size)
    pen = {"start": x, "middle": x - line.width / 2, "end": x - line.width}[anchor]
    out = []
    for run in line.runs:
        _, upem = hb_font(run.font)
        k = size / upem
        for g in run.glyphs:
            d = glyph_outline(run.font, g.gid)
            if d:
                out.append((d, f"matrix({round(k, 6)!r} 0 0 {round(-k, 6)!r} {_num(pen + g.dx)} {_num(y - g.dy)})"))
            pen += g.advance
    return out


@lru_cache(maxsize=256)
def subset_font_data(key: str, chars: str) -> str:
    """A bundled font cut down to the characters given, as base64 TrueType (HarfBuzz's subsetter:
    fast, and the same bytes every run)."""


    font, _ = hb_font(key)
    plan = hb.SubsetInput()
    plan.unicode_set.update(map(ord, chars))
    plan.flags = hb.SubsetFlags.NO_HINTING
    return base64.b64encode(hb.subset(font.face, plan).blob.data).decode("ascii")


def font_face_css(used: dict[str, set[str]]) -> str:
    """@font-face rules for the bundled fonts a page's <text> elements use (font key -> characters)."""

    rules = []
    for key in sorted(used):
        font = FONTS[key]
        data = subset_font_data(key, "".join(sorted(used[key])))
        rules.append(f"@font-face{{font-family:'{font.family}';font-weight:{font.weight};"
                     f"font-style:{font.style};src:url(data:font/ttf;base64,{data}) format('truetype')}}")
    return "\n".join(rules)


def use_bundled_fonts() -> None:
    """Make the bundled font files visible to fontconfig in this process (for cairosvg's PNGs), so
    a machine with no DejaVu installed draws the same letters. Does nothing without fontconfig."""
    _add_bundled_fonts()


@lru_cache(maxsize=1)
def _add_bundled_fonts() -> bool:
    import ctypes.util  # lazy (binds ctypes too): it loads subprocess and shutil (~10 ms); only a PNG needs fontconfig

    name = ctypes.util.find_library("fontconfig")
    if not name:
        return False
    lib = ctypes.CDLL(name)
    lib.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    for key in FONTS:
        lib.FcConfigAppFontAddFile(None, font_path(key).encode())
    return True


def png_with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk recording its resolution (pixels per metre), after IHDR."""

    if png[12:16] != b"IHDR" or b"pHYs" in png[:200]:
        return png
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return png[:end] + chunk + png[end:]
