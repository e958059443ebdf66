"""PDF renderer (reportlab canvas). Invariant mode: the same Scene gives the same bytes."""
from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

from lostprint import __version__
from lostprint.fonts import registered, unique_subset_tags
from lostprint.render.paint import paint
from lostprint.scene import Scene

INFO_KEYS = ("title", "author", "subject")
NOT_KEYWORDS = INFO_KEYS + ("trimbox", "bleedbox", "section", "side")


def pdf_info(metadata) -> dict:
    """The document information of every PDF lostprint writes, from (key, value) metadata pairs:
    title, author and subject, lostprint as creator and producer, the rest as key=value keywords.
    The keys are those of reportlab's BaseDocTemplate; `apply_info` sets them on a bare canvas."""
    meta = dict(metadata)
    return {
        "title": meta.get("title", "lostprint"),
        "author": meta.get("author", "lostprint"),
        "subject": meta.get("subject", ""),
        "creator": f"lostprint {__version__}",
        "producer": f"lostprint {__version__}",
        "keywords": [f"{k}={v}" for k, v in metadata if k not in NOT_KEYWORDS] + [f"lostprint={__version__}"],
    }


def document_settings() -> dict:
    """Canvas and document settings shared by every PDF: invariant bytes, compressed pages."""
    return {"invariant": 1, "pageCompression": 1, "initialFontName": registered("sans")}


def apply_info(c, info: dict) -> None:
    c.setTitle(info["title"])
    c.setAuthor(info["author"])
    c.setSubject(info["subject"])
    c.setCreator(info["creator"])
    c.setProducer(info["producer"])
    c.setKeywords(info["keywords"])


def set_print_boxes(c, page: Scene) -> None:
    """TrimBox and BleedBox from the page metadata ('x0 y0 x1 y1' in scene coordinates, y down);
    a page without them gets the whole page (reportlab would otherwise keep the last page's box)."""
    boxes = page.meta()
    for key, setter in (("bleedbox", c.setBleedBox), ("trimbox", c.setTrimBox)):
        x0, y0, x1, y1 = (float(v) for v in boxes.get(key, f"0 0 {page.width} {page.height}").split())
        setter(tuple(round(v * 100) / 100 for v in (x0, page.height - y1, x1, page.height - y0)))


def render(scene: Scene, **_options) -> bytes:
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(scene.width, scene.height), **document_settings())
    apply_info(c, pdf_info(scene.metadata))
    pages = scene.all_pages()
    with_boxes = any("trimbox" in p.meta() or "bleedbox" in p.meta() for p in pages)
    for page in pages:
        c.setPageSize((page.width, page.height))
        if with_boxes:
            set_print_boxes(c, page)
        paint(c, page.items, page.height)
        c.showPage()
    c.save()
    return unique_subset_tags(buf.getvalue())
