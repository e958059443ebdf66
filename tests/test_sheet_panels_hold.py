"""Every drawing of a panel stays inside its frame, in every language: a panel whose subtitle takes a line
of its own under a long title (a language's longer words) asks for that line's height, so its slots do
not run out of its foot. The 1672 task board's coins once did, by 3.4 pt, in de/es/fr/pt-BR."""
import pytest

from lostprint import checks
from lostprint.i18n import languages
from lostprint.options import PrintOptions
from lostprint.scene import Group, bbox, walk
from lostprint.sheets import build_sheet, sheet_sides


def outside_frames(scene) -> list[str]:
    """Each drawing of a panel (not its own frame) reaching more than 1 pt past the panel's box."""
    found = []
    for page in scene.all_pages():
        for panel in checks.panels(page):
            x, y, w, h = panel.box
            for item in walk(panel.items):
                if isinstance(item, Group) or getattr(item, "role", "") == "panel":
                    continue
                b = bbox(item)
                if b[0] < x - 1 or b[1] < y - 1 or b[2] > x + w + 1 or b[3] > y + h + 1:
                    found.append(f"{type(item).__name__} {item.role!r} out of {panel.name!r}")
    return sorted(set(found))


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("game", ["lost-expedition", "lost-crew", "lost-crows"])
def test_every_panel_holds_its_drawings(game, code):
    for paper in ("letter", "a4"):
        for sides in sheet_sides(game):
            scene = build_sheet(game, None, PrintOptions(paper=paper, sides=sides, lang=code))
            assert outside_frames(scene) == [], (paper, sides)


def test_a_drawing_past_its_panel_is_found():
    from lostprint.scene import Circle, Rect, Scene, Style

    frame = Rect(0, 0, 100, 50, Style(), role="panel")
    panel = Group((frame, Circle(50, 52, 4, Style(), role="slot:coin")), name="task-board", box=(0, 0, 100, 50))
    assert outside_frames(Scene(200, 100, (panel,))) == ["Circle 'slot:coin' out of 'task-board'"]


@pytest.mark.parametrize("code", ["en", "de", "fr"])
@pytest.mark.parametrize("game", ["lost-crew", "lost-crows"])
def test_a_variant_sheets_panels_hold_their_drawings(game, code):
    from lostprint.maps.generate import generate

    from lostprint.errors import UsageError

    for game_map in (generate(game, 7, 8, 7), generate(game, 1)):
        for sides in ("2", "1"):
            try:
                scene = build_sheet(game, game_map, PrintOptions(sides=sides, lang=code))
            except UsageError:  # a one page the map leaves no room for says so: print it two-sided
                assert sides == "1"
                continue
            assert outside_frames(scene) == [], sides
