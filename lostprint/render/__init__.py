"""Renderers: a format name -> its module's `render(scene, **options) -> bytes`.

Each module is imported only when its format is asked for (reportlab, svgwrite, and cairosvg, which
alone costs ~0.4 s to import).
"""
from __future__ import annotations

from lostprint.errors import LostprintError
from lostprint.scene import Scene

FORMATS = ("pdf", "svg", "png")


def render(scene: Scene, fmt: str, **options) -> bytes:
    if fmt == "pdf":
        from lostprint.render import pdf  # reportlab's canvas
        return pdf.render(scene, **options)
    if fmt in ("svg", "png"):
        from lostprint.render import svg, png  # svgwrite and HarfBuzz's outlines (PNG: cairosvg on the SVG)
        return (svg if fmt == "svg" else png).render(scene, **options)
    raise LostprintError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
