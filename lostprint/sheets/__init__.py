"""Player sheets: each game's sheet module has `build(game, game_map, options) -> Scene` and SIDES,
the formats (--sides) it prints in."""
from __future__ import annotations

from lostprint.errors import UsageError
from lostprint.games import load, missing, resolve, with_part
from lostprint.maps.model import standard_map
from lostprint.sheets.common import SheetOptions


def sheet_module(game_id: str):
    """The game's sheet module. Only the game asked for loads (start-up: tests/test_startup.py)."""
    plugin = resolve(game_id)
    if plugin.id == "lost-expedition":
        from lostprint.sheets import lost_expedition as module
    elif plugin.id == "lost-crew":
        from lostprint.sheets import lost_crew as module
    elif plugin.id == "lost-crows":
        from lostprint.sheets import lost_crows as module
    else:
        raise missing("sheet", plugin)
    return module


def sheet_sides(game_id: str) -> tuple[str, ...]:
    """The formats (--sides) a game's sheet prints in."""
    return sheet_module(game_id).SIDES


def build_sheet(game_id: str, game_map=None, opts=None):
    """The player sheet Scene of a game, on its standard map unless one is given."""
    plugin = resolve(game_id)
    if not plugin.has("sheet"):
        raise UsageError(f"{plugin.id} has no player sheet (sheets: {', '.join(g.id for g in with_part('sheet'))})")
    if game_map is None:
        game_map = standard_map(plugin.id)
    elif game_map.game != plugin.id:
        raise UsageError(f"the map is for {game_map.game}, not {plugin.id}")
    opts = opts or SheetOptions()
    if opts.sides not in sheet_sides(plugin.id):
        raise UsageError(f"{plugin.title} does not fit on one page: with every slot sized for its piece and "
                         f"hexes of at least 15 mm its charts have no room; print it two-sided (--sides 2) "
                         f"and keep a reference card (--sides ref)")
    module = sheet_module(plugin.id)
    if opts.lang != "en" and not getattr(module, "TRANSLATED", False):  # never English words on a German page
        raise UsageError(f"the {plugin.title} sheet is not translated yet: print it in English (--lang en)")
    return module.build(load(plugin.id), game_map, opts)
