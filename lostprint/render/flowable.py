"""Scene items inside a reportlab story (journals, rulebooks), painted by the one PDF painter."""
from __future__ import annotations

from lostprint.render.paint import paint
from lostprint.text.platypus import Flowable


class SceneFlowable(Flowable):
    """Scene items laid out in a (width, height) box at the origin, y down, drawn `scale` times
    their size, centred in the frame."""

    def __init__(self, items, width: float, height: float, scale: float = 1.0, name: str = ""):
        super().__init__()
        self.items = tuple(items)
        self.width, self.height = width * scale, height * scale
        self.scale = scale
        self.name = name
        self.hAlign = "CENTER"

    def wrap(self, aw, ah):
        return self.width, self.height

    def draw(self):
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        paint(c, self.items, self.height / self.scale)
        c.restoreState()


class ScenePage(Flowable):
    """A whole page (a Scene) inside a story, painted in page coordinates: it takes its frame's
    whole height, so the page ends with it."""

    def __init__(self, scene):
        super().__init__()
        self.scene = scene

    def wrap(self, aw, ah):
        return aw, max(0.0, ah - 1)

    def drawOn(self, canvas, x, y, _sW=0):  # noqa: N802 (reportlab's name)
        paint(canvas, self.scene.items, self.scene.height)
