"""The 1672: The Lost Crew rulebook: template variables, worked examples computed from the game data,
and the 1672 sheet's own panels (crew boxes, task board, weather track, direction compass) as blocks,
lifted from the printed sheet."""
from __future__ import annotations

from lostprint.books.rulebook import Book, chart_notes
from lostprint.books.rulebook_common import (COMMON_BLOCKS, block_map, block_sheet_panel, block_sheet_trackers,
                                             dice_count, lifted)
from lostprint.games.lost_crew import GAME
from lostprint.maps.model import standard_map
from lostprint.sheets.lost_crew import SHEET_DRAWERS, TERRAIN_MARKS
from lostprint.sheets.lost_crew import build as build_sheet  # the printed sheet the book shows parts of

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
    """The sheet's own drawers: its islands dotted by size, as the map key explains."""
    return SHEET_DRAWERS


def map_options() -> dict:
    """What else the sheet's map is drawn with: pre-printed terrain as its pencil mark."""
    return {"terrain_marks": TERRAIN_MARKS}


def _with_notes(panel: str, chart_key: str):
    """The sheet's chart panel and, under it, the why-note of a house-rule chart."""
    def block(book: Book, *args):
        return block_sheet_panel(book, panel) + chart_notes(book, book.game.chart(chart_key))

    return block


def blocks() -> dict:
    """Every figure is a panel of the printed sheet, as the sheet builder draws it."""
    out = dict(COMMON_BLOCKS)
    out["trackers"] = block_sheet_trackers
    out.update({"crew": lifted("crew"), "resources": lifted("island-resources"), "weather-cube": lifted("weather"),
                "task-board": lifted("task-board"), "tasks": lifted("tasks"),
                "weather": _with_notes("chart:weather", "weather"),
                "direction": _with_notes("chart:direction", "direction"), "map-key": lifted("map-key")})
    return out


def cover_art(book: Book):
    return block_map(book)

