"""Text in any script: which font draws each character (fallback), in which order (bidi) and with
which glyphs (shaping).

- `faces`: the font files, bundled DejaVu and the system fallbacks found through fontconfig that cover
  what DejaVu lacks (CJK, Korean, Arabic, Hebrew, Devanagari, Thai, symbols, monochrome emoji).
- `fallback`: the chain: which face draws each character, and what nothing covers (the warning).
- `measure`: how wide a line of text sets (reportlab's widths, or the shaped runs').
- `bidi`: embedding levels and visual order by the Unicode bidi algorithm (python-bidi).
- `shape`: HarfBuzz shaping of one run (uharfbuzz), and a whole line laid out in visual order.
- `pdf`: drawing a shaped line with reportlab, and a paragraph flowable for Platypus.
- `svg`: glyph outlines and subset @font-face data for the SVG renderer.

Plain text the bundled font covers, with no right-to-left or complex-script character, takes none of
these paths (`is_simple`): Latin journals render exactly as before, at the same speed.

Nothing is imported here: `lostprint.fonts` needs `faces` on every run, and a run that draws only Latin
text must not pay for the rest (the modules load when a line needs them; start-up is measured in
benchmarks/bench_sheets.py). Import what you use from its module (`lostprint.text.fallback`...).
"""
