"""Renderers in a registry: a format name -> a module with `render(scene, **options) -> bytes`.

Modules are imported only when their format is asked for (cairosvg alone costs ~0.4 s to import).
"""
from __future__ import annotations

import importlib
import os
import tempfile
from pathlib import Path

from lostprint.errors import LostprintError
from lostprint.scene import Scene

FORMATS = {"pdf": "lostprint.render.pdf", "svg": "lostprint.render.svg", "png": "lostprint.render.png"}


def render(scene: Scene, fmt: str, **options) -> bytes:
    try:
        module = importlib.import_module(FORMATS[fmt])
    except KeyError:
        raise LostprintError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})") from None
    return module.render(scene, **options)


def write_atomic(path: Path, data: bytes) -> Path:
    """Write bytes to path through a temporary file and a rename: never a half-written file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise LostprintError(f"{path}: cannot write here ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise LostprintError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return path


def write(scene: Scene, path: Path, fmt: str | None = None, **options) -> Path:
    fmt = fmt or Path(path).suffix.lstrip(".").lower()
    return write_atomic(Path(path), render(scene, fmt, **options))
