"""Print checks on a Scene, shared by tests and `lostprint` itself: overlaps, margins, text sizes.

Each returns a list of problems (empty when the scene is fine)."""
from __future__ import annotations

from lostprint.geometry.paper import MIN_MARGIN
from lostprint.scene import Group, Scene, Text, bbox, overlaps, walk
from lostprint.sheets.style import MIN_TEXT


def texts(scene: Scene) -> list[Text]:
    return [i for i in walk(scene.items) if isinstance(i, Text)]


def small_text(scene: Scene, floor: float = MIN_TEXT) -> list[str]:
    return [f"text {t.text!r} is {t.size:.2f} pt (< {floor})" for t in texts(scene) if t.size < floor - 1e-6]


def outside_margin(scene: Scene, margin: float = MIN_MARGIN) -> list[str]:
    problems = []
    for item in walk(scene.items):
        if isinstance(item, Group):
            continue
        x0, y0, x1, y1 = bbox(item)
        slack = getattr(getattr(item, "style", None), "width", 0) / 2
        if x0 - slack < margin - 0.01 or y0 - slack < margin - 0.01 or \
                x1 + slack > scene.width - margin + 0.01 or y1 + slack > scene.height - margin + 0.01:
            problems.append(f"{type(item).__name__} {getattr(item, 'text', '')!r} at "
                            f"({x0:.1f},{y0:.1f})-({x1:.1f},{y1:.1f}) is outside the margin")
    return problems


def text_overlaps(scene: Scene) -> list[str]:
    boxes = [(t, bbox(t)) for t in texts(scene) if t.text.strip()]
    problems = []
    boxes.sort(key=lambda tb: tb[1][0])
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            if bb[0] >= ba[2]:
                break
            if overlaps(ba, bb, tolerance=0.2):
                problems.append(f"text {a.text!r} overlaps {b.text!r}")
    return problems


def panels(scene: Scene) -> list[Group]:
    """Top-level groups that claim a layout box."""
    return [i for i in scene.items if isinstance(i, Group) and i.box is not None]


def panel_overlaps(scene: Scene) -> list[str]:
    ps = panels(scene)
    problems = []
    for i, a in enumerate(ps):
        ax, ay, aw, ah = a.box
        for b in ps[i + 1:]:
            bx, by, bw, bh = b.box
            if overlaps((ax, ay, ax + aw, ay + ah), (bx, by, bx + bw, by + bh), tolerance=0.01):
                problems.append(f"panel {a.name!r} overlaps panel {b.name!r}")
    return problems


def spills(scene: Scene) -> list[str]:
    """Text that leaves the box of the panel it belongs to."""
    problems = []
    for p in panels(scene):
        x, y, w, h = p.box
        for t in (i for i in walk(p.items) if isinstance(i, Text)):
            x0, y0, x1, y1 = bbox(t)
            if x0 < x - 0.5 or y0 < y - 0.5 or x1 > x + w + 0.5 or y1 > y + h + 0.5:
                problems.append(f"text {t.text!r} spills out of panel {p.name!r}")
    return problems


def all_problems(scene: Scene) -> list[str]:
    out = []
    for page in scene.all_pages():
        out += small_text(page) + outside_margin(page) + text_overlaps(page) + panel_overlaps(page) + spills(page)
    return out
