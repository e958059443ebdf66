"""Pieces every player sheet shares: options, the title block, metadata, the scene wrapper."""
from __future__ import annotations

from dataclasses import dataclass

from lostprint import __version__
from lostprint.fonts import ASCENT, fit_size, text_width
from lostprint.geometry.paper import Box, content_box, page_size
from lostprint.scene import Group, Scene, Text
from lostprint.sheets.style import MIN_TEXT, Palette, palette

SHEET_MARGIN = 10 * 72 / 25.4  # 10 mm: comfortably inside the 6.35 mm print limit


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "letter"
    ink: str = "color"

    @property
    def pal(self) -> Palette:
        return palette(self.ink)

    def page(self) -> tuple[float, float]:
        return page_size(self.paper, landscape=True)

    def content(self) -> Box:
        return content_box(self.paper, landscape=True, margin=SHEET_MARGIN)


def title_block(box: Box, title: str, subtitle: str, pal: Palette) -> Group:
    size = fit_size(title, "serif-bold", 19.0, box.w, 12.0)
    items = [Text(box.x, box.y + ASCENT * size, title, size, "serif-bold", fill=pal.accent, role="title")]
    sub = fit_size(subtitle, "sans-italic", 8.0, box.w, MIN_TEXT)
    items.append(Text(box.x, box.y + size + 4 + ASCENT * sub, subtitle, sub, "sans-italic", fill=pal.soft))
    return Group(tuple(items), name="title", box=tuple(box))


def sheet_scene(items: list, opts: SheetOptions, game, game_map, kind: str = "player sheet") -> Scene:
    w, h = opts.page()
    meta = (
        ("title", f"{game.title} \u2014 {kind}"),
        ("subject", f"{kind}, {opts.paper}, {opts.ink}"),
        ("game", game.id),
        ("map", game_map.name if game_map is not None else ""),
        ("seed", "" if game_map is None or game_map.seed is None else str(game_map.seed)),
        ("version", __version__),
    )
    return Scene(w, h, tuple(items), metadata=meta, margin=SHEET_MARGIN)


def footer(opts: SheetOptions, text: str, pal: Palette, left: str = "") -> Group:
    """One faint line in the strip between the content box and the 6.35 mm print limit."""
    w, h = opts.page()
    box = opts.content()
    size = MIN_TEXT
    baseline = h - 0.25 * 72 - 0.24 * size - 0.3
    items = [Text(box.right, baseline, text, size, "sans", "end", pal.faint, role="footer")]
    if left:
        room = box.w - text_width(text, "sans", size) - 20
        label = left
        while text_width(label, "sans-italic", size) > room and len(label) > 10:
            label = label[:-2]
        items.append(Text(box.x, baseline, label, size, "sans-italic", "start", pal.house, role="footnote"))
    return Group(tuple(items), name="footer")
