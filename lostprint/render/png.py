"""PNG renderer: cairosvg over our own SVG, so PNG and SVG always agree."""
from __future__ import annotations

from lostprint.errors import LostprintError, interrupts_deferred
from lostprint.render import svg
from lostprint.text.svg import png_with_dpi, use_bundled_fonts
from lostprint.scene import Scene

CAIRO_HELP = ("PNG output needs the Cairo library, which is not installed: install it "
              "(Debian/Ubuntu: apt-get install libcairo2; macOS: brew install cairo) "
              "or choose --format pdf or svg")


def cairo():
    """cairosvg (~0.4 s to import), or None where the Cairo C library is missing: importing it is the
    check (cairosvg is a dependency; cairocffi raises OSError without the library)."""
    try:
        import cairosvg
    except OSError:
        return None
    return cairosvg


def render(scene: Scene, dpi: int = 200, page: int = 0, **_options) -> bytes:
    cairosvg = cairo()
    if cairosvg is None:
        raise LostprintError(CAIRO_HELP)

    data = svg.render(scene, page=page)
    use_bundled_fonts()  # cairo reads no @font-face: it gets the bundled files through fontconfig
    with interrupts_deferred():  # Ctrl-C inside cairo's write callback would end in an OSError traceback
        return png_with_dpi(cairosvg.svg2png(bytestring=data, dpi=dpi), dpi)
