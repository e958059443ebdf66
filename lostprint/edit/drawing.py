"""A save's map as the editor and the table read it (standard, generated from a seed, or a map file) and
drawn as the player sheet prints it, with every hex's corners for clicks and overlays."""
from __future__ import annotations

from lostprint.errors import UsageError
from lostprint.games import load as game_data
from lostprint.maps.check import load_map
from lostprint.maps.generate import generate
from lostprint.maps.model import standard_map
from lostprint.render import render
from lostprint.saves.validate import map_path
from lostprint.scene import Group, Path as SPath, Scene, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions
from lostprint.sheets.style import terrain_style


def game_map(info, spec, source: str, allow_any_map: bool):
    """The map a save names: standard, generated from {seed: N}, or a map file (relative to the save, inside
    its folder unless allow_any_map)."""
    if spec is None or (isinstance(spec, str) and spec.strip().lower() == "standard"):
        return standard_map(info.id)
    if isinstance(spec, dict) and set(spec) == {"seed"}:
        seed = spec["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UsageError(f"{source}: map.seed: must be a whole number, not {str(seed)[:40]!r}")
        return generate(info.id, seed)
    if isinstance(spec, str):
        return load_map(map_path(spec, source, allow_any_map))
    raise UsageError(f"{source}: map: must be 'standard', a map file path or {{seed: N}}")


def map_drawing(info, game_map) -> dict:
    """The map exactly as the player sheet prints it (the sheet's own map group, at sheet size, by
    the SVG renderer), and every hex's corners in the same coordinates, for clicks and overlays."""
    sheet = build_sheet(info.id, game_map)
    group = next(i for i in walk(sheet.items) if isinstance(i, Group) and i.name == "map")
    hexes = [i for i in group.items if isinstance(i, SPath) and i.role == "hex"]
    svg = render(Scene(sheet.width, sheet.height, (group,), sheet.metadata), "svg").decode("utf-8")
    pal = SheetOptions().pal
    game = game_data(info.id)
    return {
        "svg": svg[svg.index("<svg"):],
        "box": list(group.box),
        "hexes": {lab: [[round(x, 2), round(y, 2)] for x, y in h.points] for lab, h in zip(game_map.hexes, hexes)},
        "printed": dict(game_map.terrain),
        "start": game_map.start,
        "goals": list(game_map.goals),
        "colours": {t.key: terrain_style(t, pal).fill or "#ffffff" for t in game.terrains},
    }
