"""Sheet builders, one per game, found by game id: `build(game, game_map, SheetOptions) -> Scene`."""
from __future__ import annotations

import importlib

from lostprint.errors import UsageError

BUILDERS = {
    "lost-expedition": "lostprint.sheets.lost_expedition",
    "lost-crew": "lostprint.sheets.lost_crew",
    "lost-crows": "lostprint.sheets.lost_crows",
}


def has_sheet(game_id: str) -> bool:
    if game_id not in BUILDERS:
        return False
    try:
        importlib.import_module(BUILDERS[game_id])
    except ModuleNotFoundError:
        return False
    return True


def build_sheet(game_id: str, game_map=None, opts=None):
    """The player sheet Scene of a game, on its standard map unless one is given."""
    from lostprint.games import load
    from lostprint.maps.model import standard_map
    from lostprint.sheets.common import SheetOptions

    if not has_sheet(game_id):
        raise UsageError(f"{game_id} has no player sheet (sheets: {', '.join(g for g in BUILDERS if has_sheet(g))})")
    game = load(game_id)
    if game_map is None:
        game_map = standard_map(game_id)
    elif game_map.game != game_id:
        raise UsageError(f"the map is for {game_map.game}, not {game_id}")
    return importlib.import_module(BUILDERS[game_id]).build(game, game_map, opts or SheetOptions())
