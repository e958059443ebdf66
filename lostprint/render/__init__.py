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
        from lostprint.render import pdf as module
    elif fmt == "svg":
        from lostprint.render import svg as module
    elif fmt == "png":
        from lostprint.render import png as module
    else:
        raise LostprintError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
    return module.render(scene, **options)
