"""Font files: the bundled DejaVu faces (open licence, shipped in assets/fonts) and the system
fallback faces, found through fontconfig (`fc-list`) by file name in the fixed order of FALLBACKS,
so one machine always makes the same choice. Only TrueType files are listed: reportlab embeds
TrueType outlines only (Noto CJK's .ttc is CFF and is refused).

A font key names a face: "serif", "sans-bold"... for the bundled ones, "fb:<fallback>:<variant>"
("fb:arabic:serif") for a fallback.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from lostprint.paths import asset


class Font(NamedTuple):
    key: str
    family: str  # the family name SVG and fontconfig know
    file: str
    weight: str  # normal | bold
    style: str  # normal | italic
    pdf_name: str  # the name registered with reportlab


FONTS: dict[str, Font] = {
    f.key: f
    for f in (
        Font("sans", "DejaVu Sans", "DejaVuSans.ttf", "normal", "normal", "LP-Sans"),
        Font("sans-bold", "DejaVu Sans", "DejaVuSans-Bold.ttf", "bold", "normal", "LP-Sans-Bold"),
        Font("sans-italic", "DejaVu Sans", "DejaVuSans-Oblique.ttf", "normal", "italic", "LP-Sans-Italic"),
        Font("serif", "DejaVu Serif", "DejaVuSerif.ttf", "normal", "normal", "LP-Serif"),
        Font("serif-italic", "DejaVu Serif", "DejaVuSerif-Italic.ttf", "normal", "italic", "LP-Serif-Italic"),
        Font("serif-bold", "DejaVu Serif", "DejaVuSerif-Bold.ttf", "bold", "normal", "LP-Serif-Bold"),
    )
}



@dataclass(frozen=True)
class Fallback:
    name: str  # the key part: "arabic" -> font keys "fb:arabic:serif" ...
    what: str  # the scripts, for messages
    package: str  # the Debian package that ships the files
    files: tuple[tuple[str, tuple[str, ...]], ...]  # (variant, file names in preference order)
    ranges: tuple[tuple[int, int], ...]  # the characters this font is the first choice for


def _files(sans: str, serif: str | None = None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    serif = serif or sans
    return (("sans", (f"{sans}-Regular.ttf",)), ("sans-bold", (f"{sans}-Bold.ttf",)),
            ("serif", (f"{serif}-Regular.ttf",)), ("serif-bold", (f"{serif}-Bold.ttf",)))


def _one(*names: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((v, names) for v in ("sans", "sans-bold", "serif", "serif-bold"))


FALLBACKS: tuple[Fallback, ...] = (
    Fallback("hebrew", "Hebrew", "fonts-noto-core", _files("NotoSansHebrew", "NotoSerifHebrew"),
             ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    Fallback("arabic", "Arabic", "fonts-noto-core", _files("NotoSansArabic", "NotoNaskhArabic"),
             ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))),
    Fallback("devanagari", "Devanagari", "fonts-noto-core", _files("NotoSansDevanagari", "NotoSerifDevanagari"),
             ((0x0900, 0x097F), (0xA8E0, 0xA8FF))),
    Fallback("thai", "Thai", "fonts-noto-core", _files("NotoSansThai", "NotoSerifThai"), ((0x0E00, 0x0E7F),)),
    Fallback("korean", "Korean", "fonts-nanum",
             (("sans", ("NanumGothic.ttf",)), ("sans-bold", ("NanumGothicBold.ttf",)),
              ("serif", ("NanumMyeongjo.ttf",)), ("serif-bold", ("NanumMyeongjoBold.ttf",))),
             ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))),
    Fallback("cjk", "Chinese and Japanese", "fonts-droid-fallback",
             _one("DroidSansFallbackFull.ttf", "DroidSansFallback.ttf"),
             ((0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x3100, 0x312F), (0x31F0, 0x31FF),
              (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
              (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F))),
    Fallback("emoji", "emoji", "fonts-symbola", _one("Symbola_hint.ttf", "Symbola.ttf"),
             ((0x1F000, 0x1FAFF),)),
    Fallback("symbols", "symbols", "fonts-noto-core", _one("NotoSansSymbols-Regular.ttf"), ()),
    Fallback("symbols2", "symbols", "fonts-noto-core", _one("NotoSansSymbols2-Regular.ttf"), ()),
    Fallback("noto", "Latin, Greek and Cyrillic extensions", "fonts-noto-core",
             _files("NotoSans", "NotoSerif"), ()),
)
BY_NAME = {fb.name: fb for fb in FALLBACKS}

# --- which files are there -----------------------------------------------------------------------


@lru_cache(maxsize=1)
def system_fonts() -> dict[str, str]:
    """Font file name -> path, as fontconfig lists them (empty without fontconfig). Sorted, so one
    machine always gives the same answer; FONTCONFIG_FILE pointing at an empty config hides them all."""
    import subprocess  # lazy: ~5 ms, only when a text needs a system font

    try:
        out = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True,
                             timeout=30, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    found: dict[str, str] = {}
    for path in sorted(set(out.split("\n"))):
        if path.lower().endswith(".ttf"):
            found.setdefault(path.rsplit("/", 1)[-1], path)
    return found


def variant_of(key: str) -> str:
    """A bundled font key -> the fallback variant that matches it (italic has no fallback: upright)."""
    family = "serif" if key.startswith("serif") else "sans"
    return f"{family}-bold" if "bold" in key else family


@cache
def fallback_path(name: str, variant: str) -> str | None:
    """The file a fallback uses for a variant: its own, else the nearest variant that is installed."""
    fb = BY_NAME[name]
    files = dict(fb.files)
    family, bold = variant.split("-")[0], variant.endswith("bold")
    other = "sans" if family == "serif" else "serif"
    order = [variant, family, f"{other}-bold" if bold else other, other]
    have = system_fonts()
    for v in order:
        for file in files.get(v, ()):
            if file in have:
                return have[file]
    return None


def fallback_key(name: str, variant: str) -> str:
    return f"fb:{name}:{variant}"


@cache
def available(key: str) -> bool:
    """Whether a font key can be drawn: bundled ones always, fallbacks when their file is TrueType."""
    if not key.startswith("fb:"):
        return True
    _, name, variant = key.split(":")
    if fallback_path(name, variant) is None:
        return False
    TTFError = reportlab_ttfonts().TTFError

    try:
        coverage(key)
    except (TTFError, OSError, ValueError):  # refused (not TrueType, broken): the chain skips it,
        return False  # and what only it would draw is reported by the missing-font warning
    return True


@cache
def coverage(key: str) -> frozenset[int]:
    """The code points a font (bundled or fallback key) has glyphs for."""
    pdfmetrics = reportlab_fonts()[0]
    return frozenset(pdfmetrics.getFont(registered(key)).face.charToGlyph)


def font_path(key: str) -> str:
    """The file of a font key: a bundled font ("serif") or a system fallback ("fb:arabic:serif")."""
    if key.startswith("fb:"):
        _, name, variant = key.split(":")
        path = fallback_path(name, variant)
        if path is None:
            raise KeyError(f"no file for font {key}")
        return path
    return str(asset("fonts", FONTS[key].file))


def pdf_name(key: str) -> str:
    """The name a font key is registered under with reportlab (LP-FB-<file stem> for fallbacks)."""
    if key.startswith("fb:"):
        return "LP-FB-" + font_path(key).rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return FONTS[key].pdf_name


@cache
def reportlab_fonts():
    """reportlab's font registry and TrueType modules (pdfmetrics, ttfonts), imported when a font is
    first registered or measured: a run that draws and measures no PDF text loads no reportlab (~0.1 s).

    The TrueType module is imported without its optional HarfBuzz hook: reportlab imports uharfbuzz (about 25 ms of CPU at start-up) only for its own shaping, which it does
    when asked with `shaping=True`; lostprint never asks: it shapes with lostprint.text.shape, which
    imports uharfbuzz itself when a line needs it. So the first import of the module hides uharfbuzz
    from it for that moment (reportlab then records "no shaper"), and uharfbuzz stays importable.
    Whoever imports the module first in a process decides; the output is the same either way."""
    hide = "reportlab.pdfbase.ttfonts" not in sys.modules and "uharfbuzz" not in sys.modules
    if hide:
        sys.modules["uharfbuzz"] = None  # an import of it now raises ImportError, which reportlab catches
    try:
        from reportlab.pdfbase import pdfmetrics, ttfonts
    finally:
        if hide and sys.modules.get("uharfbuzz", 0) is None:
            del sys.modules["uharfbuzz"]
    return pdfmetrics, ttfonts


def reportlab_ttfonts():
    """reportlab's TrueType module, without its HarfBuzz hook (reportlab_fonts)."""
    return reportlab_fonts()[1]


@cache
def registered(key: str) -> str:
    """Register the font with reportlab (once per process) and return its PDF name."""
    pdfmetrics = reportlab_fonts()[0]
    name = pdf_name(key)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(font_class()(name, font_path(key)))
    return name


def to_unicode_cmap(fontname: str, subset: list[int], texts: dict[int, str]) -> str:
    """reportlab's ToUnicode CMap, with each code's text in UTF-16 (characters beyond the BMP as
    surrogate pairs) and a shaped glyph's code mapped to the characters it draws (`texts`)."""
    def utf16(code: int) -> str:
        text = texts.get(code, chr(code))
        return text.encode("utf-16-be").hex().upper() or "200B"

    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
        f"<< /Registry ({fontname})", f"/Ordering ({fontname})", "/Supplement 0", ">> def",
        f"/CMapName /{fontname} def", "/CMapType 2 def", "1 begincodespacerange",
        f"<00> <{len(subset) - 1:02X}>", "endcodespacerange", f"{len(subset)} beginbfchar"]
        + [f"<{i:02X}> <{utf16(v)}>" for i, v in enumerate(subset)]
        + ["endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"])


@lru_cache(maxsize=1)
def font_class():
    """reportlab's TTFont, whose ToUnicode map also knows the glyphs shaping placed: a glyph with no
    character of its own (an Arabic joining form, a ligature) is drawn under a private-use code, and
    `pua_text` says which characters that code stands for, so text extraction reads the words."""
    ttfonts = reportlab_ttfonts()
    SUBSETN, TTFont = ttfonts.SUBSETN, ttfonts.TTFont

    class ShapedTTFont(TTFont):
        def __init__(self, name: str, filename: str):
            super().__init__(name, filename)
            self.pua_text: dict[int, str] = {}

        def addObjects(self, doc):
            state = self.state.get(doc)
            subsets = [list(s) for s in state.subsets] if state is not None else []
            super().addObjects(doc)
            for n, subset in enumerate(subsets):
                if all(code <= 0xFFFF and code not in self.pua_text for code in subset):
                    continue  # reportlab's own map is right
                base = (SUBSETN(n) + b"+" + self.face.name + self.face.subfontNameX).decode("pdfdoc")
                stream = doc.idToObject.get("toUnicodeCMap:" + base)
                if stream is not None:
                    stream.content = to_unicode_cmap(base, subset, self.pua_text)

    return ShapedTTFont
