"""reportlab's page flow (platypus) and the pieces of reportlab a document is set with, imported the one
way that keeps HarfBuzz out: reportlab's TrueType module first, through text.faces.reportlab_ttfonts
(its own optional shaping hook would import uharfbuzz, ~10 ms of start-up that lostprint never uses:
it shapes with lostprint.text.shape). Import them from here, not from reportlab, wherever a module
may be the first of a process to load them (render.document, render.flowable)."""
from __future__ import annotations

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

__all__ = ["ActionFlowable", "BaseDocTemplate", "CondPageBreak", "Flowable", "Frame", "HexColor", "KeepTogether",
           "NextPageTemplate", "PageBreak", "PageTemplate", "Paragraph", "ParagraphStyle", "Spacer", "Table",
           "TableOfContents", "TableStyle", "paraFontSizeHeightOffset", "pdfmetrics", "registerFontFamily",
           "stringWidth", "ttfonts"]
