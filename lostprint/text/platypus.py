"""reportlab's page flow (platypus) and the pieces of reportlab a document is set with, imported the one
way that keeps HarfBuzz out: reportlab's TrueType module first, through text.faces.reportlab_ttfonts
(its own optional shaping hook would import uharfbuzz, ~10 ms of start-up that lostprint never uses:
it shapes with lostprint.text.shape). Import them from here, not from reportlab, wherever a module
may be the first of a process to load them (render.document, render.flowable). `hyphenator` gives a
paragraph style its word breaks (pyphen's dictionaries, which reportlab's paragraphs load anyway)."""
from __future__ import annotations

import functools

from lostprint.text.faces import reportlab_ttfonts

ttfonts = reportlab_ttfonts()

from reportlab.lib.colors import HexColor  # noqa: E402 (after the TrueType module: see above)
from reportlab.lib.styles import ParagraphStyle  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth  # noqa: E402
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether,  # noqa: E402
                                NextPageTemplate, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle)
from reportlab.platypus.doctemplate import ActionFlowable  # noqa: E402
from reportlab.platypus.tableofcontents import TableOfContents  # noqa: E402
from reportlab.rl_config import paraFontSizeHeightOffset  # noqa: E402

import pyphen  # noqa: E402 (reportlab.platypus imports it already: no cost here)

SHORT = 12.0  # points: a line ending this much short of the measure, or more, may end in a hyphenated word's head
HYPHEN_LEFT, HYPHEN_RIGHT = 2, 3  # letters a broken word keeps on its line, and carries to the next (TeX's)


@functools.cache
def hyphenator(lang: str, font_name: str, size: float):
    """reportlab's hyphenation callable for a language ('de', 'pt-BR'), or None where pyphen has no
    dictionary for it: a word's (head, tail) splits, longest head first, only those whose head and
    hyphen set at least SHORT wide in the font. reportlab breaks a word that does not fit at the first
    split whose head does, so a word is hyphenated only where its line would otherwise end SHORT short
    or more, and the line then ends as full as the word allows."""
    code = pyphen.language_fallback(lang.replace("-", "_"))
    if code is None:
        return None
    words = pyphen.Pyphen(lang=code, left=HYPHEN_LEFT, right=HYPHEN_RIGHT)

    def splits(word: str):
        return [(head, tail) for head, tail in words.iterate(word)
                if stringWidth(head + "-", font_name, size) >= SHORT]

    return splits


__all__ = ["ActionFlowable", "BaseDocTemplate", "CondPageBreak", "Flowable", "Frame", "HexColor", "KeepTogether",
           "NextPageTemplate", "PageBreak", "PageTemplate", "Paragraph", "ParagraphStyle", "Spacer", "Table",
           "TableOfContents", "TableStyle", "paraFontSizeHeightOffset", "pdfmetrics", "registerFontFamily",
           "hyphenator", "stringWidth", "ttfonts"]
