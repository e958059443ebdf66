"""Renderers in a registry: a format name -> a module with `render(scene, **options) -> bytes`.

Modules are imported only when their format is asked for (cairosvg alone costs ~0.4 s to import).
"""
from __future__ import annotations

import importlib

from lostprint.errors import LostprintError
from lostprint.scene import Scene

FORMATS = {"pdf": "lostprint.render.pdf", "svg": "lostprint.render.svg", "png": "lostprint.render.png"}


def render(scene: Scene, fmt: str, **options) -> bytes:
    try:
        module = importlib.import_module(FORMATS[fmt])
    except KeyError:
        raise LostprintError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})") from None
    return module.render(scene, **options)
