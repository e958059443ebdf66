"""Where the shipped assets and templates live, for an installed wheel or a source checkout."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    inside = _PACKAGE / name  # a wheel: force-included next to the code
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name  # a source checkout or an editable install


def assets_dir() -> Path:
    return _shipped("assets")


def templates_dir() -> Path:
    return _shipped("templates")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def examples_dir() -> Path:
    """The example saved games and records (shipped in the wheel too, for `lostprint demo`)."""
    return _shipped("examples")
