"""Player sheets: each game's plugin names its builder, `build(game, game_map, options) -> Scene`."""
from __future__ import annotations

from lostprint.errors import UsageError
from lostprint.games import resolve, with_part


def build_sheet(game_id: str, game_map=None, opts=None):
    """The player sheet Scene of a game, on its standard map unless one is given."""
    from lostprint.maps.model import standard_map
    from lostprint.sheets.common import SheetOptions

    plugin = resolve(game_id)
    if not plugin.has("sheet"):
        raise UsageError(f"{plugin.id} has no player sheet (sheets: {', '.join(g.id for g in with_part('sheet'))})")
    if game_map is None:
        game_map = standard_map(plugin.id)
    elif game_map.game != plugin.id:
        raise UsageError(f"the map is for {game_map.game}, not {plugin.id}")
    return plugin.part("sheet")(plugin.part("data"), game_map, opts or SheetOptions())
