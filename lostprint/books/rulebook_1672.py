"""The 1672: The Lost Crew rulebook: template variables, worked examples computed from the game data,
and the 1672 sheet's own panels (task board, weather track, direction compass) as blocks."""
from __future__ import annotations


from lostprint.books.rulebook import Book, chart_notes
from lostprint.books.rulebook_common import COMMON_BLOCKS, block_sheet_trackers, dice_count

TEMPLATE = "lost-crew.j2"

# Numbers of the published rules that the game data holds only inside its texts. A key of the same
# name in the game's `extra` takes precedence.


def rules(game) -> dict:
    """The small rule numbers of the game data (its RULE_NUMBERS)."""
    return dict(game.text.rule_numbers)


def island_mod(terrain, game) -> int:
    """The island chart's modifier for a size of island (0 for other terrains), from the game data."""
    return game.rules.bonus(terrain.key) or 0


def examples(game) -> dict:
    r = rules(game)
    ex: dict = {}
    medium = game.terrain("medium-island")
    ex["island_terrain"] = medium
    ex["island_die"] = 5
    ex["island_total"] = 5 + island_mod(medium, game)
    ex["island"] = game.chart("island").lookup(ex["island_total"])
    ex["scan_dice"] = (4, 5)
    ex["scan_total"] = 9 + r["scan_bonus"]
    ex["scan"] = game.chart("scan").lookup(ex["scan_total"])
    ex["scan_plain"] = game.chart("scan").lookup(9)
    ex["natives_goods"] = 1
    ex["natives_die"] = 4
    ex["natives_total"] = 4 + r["good_bonus"]
    ex["natives"] = game.chart("natives").lookup(ex["natives_total"])
    ex["hull"] = 4
    ex["accident_die"] = 5
    weather = game.chart("weather")
    ex["storm"] = weather.lookup(1).results[0]
    ex["storm_face"] = 1
    ex["reroll_face"] = 5
    ex["reroll"] = weather.lookup(5).results[0]
    return ex


def context(game, opts) -> dict:
    from lostprint.maps.model import standard_map

    game_map = standard_map(game.id)
    tasks = game.rules.tasks
    return {
        "r": rules(game),
        "ex": examples(game),
        "map": game_map,
        "start": game_map.start,
        "exits": game_map.goals,
        "tasks": tasks,
        "task": {t.phase: t for t in tasks},
        "weather_effects": game.rules.weather_track,
        "islands": [t for t in game.terrains if "island" in t.key],
        "island_mods": {t.key: island_mod(t, game) for t in game.terrains},
        "tracker_dice": len(game.trackers),
        "roll_dice": dice_count(game.chart("scan").roll),
        "slots": sum(len(t.slots) for t in tasks),
        "island_resources": game.rules.island_resources,
        "cubes": sum(n for _, _, n in game.rules.island_resources) + 1,
    }


def house_rules(game):
    """Every ruling of the game data with its reason (a house chart's own note is printed with it)."""
    charted = {c.key for c in game.charts if c.house}
    return [(r.where, f"{r.text} {r.reason}") for r in game.rules.rulings if r.key not in charted]


def map_drawers():
    from lostprint.sheets.lost_crew import MAP_DRAWERS

    return MAP_DRAWERS


def symbol_swatch(book: Book):
    """The sheet's own drawing of each symbol: its map-key swatch, or its icon."""
    from lostprint.books.rulebook import safe_swatch
    from lostprint.sheets.lost_crew import key_swatch

    plain = safe_swatch(book.pal)

    def swatch(key, cx, cy, size):
        if key in ("natives", "route", "burial"):
            return key_swatch(key, cx, cy, size, book.pal, book.game)
        return plain(key, cx, cy, size)

    return swatch


def _panel(book: Book, build, height: float, name: str, width: float | None = None):
    fl = book.widget(build, height, width=width, name=name)
    fl.spaceBefore, fl.spaceAfter = 4, 9
    return [fl]


def block_task_board(book: Book, *args):
    from lostprint.sheets.lost_crew import task_board

    return _panel(book, lambda box: task_board(box, book.pal, book.game), 330.0, "task-board")


def block_weather(book: Book, *args):
    from lostprint.sheets.lost_crew import weather_track

    chart = book.game.chart("weather")
    return _panel(book, lambda box: weather_track(chart, box, book.pal, book.game), 150.0, "chart:weather") + \
        chart_notes(book, chart)


def block_direction(book: Book, *args):
    from lostprint.sheets.lost_crew import direction_compass

    chart = book.game.chart("direction")
    return _panel(book, lambda box: direction_compass(chart, box, book.pal), 130.0, "chart:direction",
                  width=130.0) + chart_notes(book, chart)


def block_resources(book: Book, *args):
    from lostprint.sheets.lost_crew import resources_panel

    return _panel(book, lambda box: resources_panel(box, book.pal, book.game), 70.0, "resources", width=280.0)


def block_crew(book: Book, *args):
    from lostprint.sheets.lost_crew import crew_panel

    return _panel(book, lambda box: crew_panel(box, book.pal, book.game), 62.0, "crew", width=280.0)


def block_map_key(book: Book, *args):
    from lostprint.sheets.lost_crew import map_key

    return _panel(book, lambda box: map_key(box, book.pal, book.game), 150.0, "map-key", width=130.0)


def blocks() -> dict:
    out = dict(COMMON_BLOCKS)
    out["trackers"] = block_sheet_trackers  # lifted from the sheet itself
    out.update({"task-board": block_task_board, "weather": block_weather, "direction": block_direction,
                "resources": block_resources, "crew": block_crew, "map-key": block_map_key})
    return out


def cover_art(book: Book):
    from lostprint.books.rulebook_common import block_map

    return block_map(book)

