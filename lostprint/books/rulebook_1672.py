"""The 1672: The Lost Crew rulebook: template variables, worked examples computed from the game data,
and the 1672 sheet's own panels (crew boxes, task board, weather track, direction compass) as blocks,
lifted from the printed sheet."""
from __future__ import annotations

from lostprint.books.rulebook import WIDGET_SCALE, Book, chart_notes, spaced
from lostprint.books.rulebook_common import (COMMON_BLOCKS, block_map, block_sheet_panel, block_sheet_trackers,
                                             dice_count, lifted, sheet_parts)
from lostprint.games.lost_crew import GAME
from lostprint.i18n import ENGLISH, Translator, after_label, localized, translator
from lostprint.maps.model import standard_map
from lostprint.sheets import widgets as w
from lostprint.sheets.lost_crew import SHEET_DRAWERS, TERRAIN_MARKS, pencil_key
from lostprint.sheets.lost_crew import build as build_sheet  # the printed sheet the book shows parts of

TEMPLATE = "lost-crew.j2"
TRANSLATED = True

# What this book prints of the game data beyond the sheets' words (lostprint.i18n.book_prose): the
# rulings of the house-rules chapter and the rule of an uncontrolled sloop.
BOOK_PROSE = {"Ruling": ("where", "text", "reason"), "CrewRules": ("uncontrolled",)}

# Numbers of the published rules that the game data holds only inside its texts. A key of the same
# name in the game's `extra` takes precedence.


def rules(game) -> dict:
    """The small rule numbers of the game data (its RULE_NUMBERS)."""
    return dict(game.text.rule_numbers)


def island_mod(terrain, game) -> int:
    """The island chart's modifier for a size of island (0 for other terrains), from the game data."""
    return game.rules.bonus(terrain.key) or 0


def in_text(result: str, tr: Translator = ENGLISH) -> str:
    """A chart's result quoted in a sentence: lower-case ("only shoals"), but in German, which writes
    its nouns with a capital ("nur Untiefen")."""
    return result if tr.lang == "de" else result.lower()


def examples(game, tr: Translator = ENGLISH) -> dict:
    """The worked examples, computed from the English game data; what they print of it (a chart's
    result, a weather) in the book's language."""
    r = rules(game)
    ex: dict = {}
    medium = game.terrain("medium-island")
    ex["island_terrain"] = medium
    ex["island_die"] = 5
    ex["island_total"] = 5 + island_mod(medium, game)
    ex["island"] = localized(game.chart("island").lookup(ex["island_total"]), tr)
    ex["scan_dice"] = (4, 5)
    ex["scan_total"] = 9 + r["scan_bonus"]
    ex["scan"] = localized(game.chart("scan").lookup(ex["scan_total"]), tr)
    ex["scan_plain"] = localized(game.chart("scan").lookup(9), tr)
    ex["natives_goods"] = 1
    ex["natives_die"] = 4
    ex["natives_total"] = 4 + r["good_bonus"]
    ex["natives"] = localized(game.chart("natives").lookup(ex["natives_total"]), tr)
    ex["hull"] = 4
    ex["accident_die"] = 5
    weather = game.chart("weather")
    ex["storm"] = tr.gettext(weather.lookup(1).results[0])
    ex["storm_face"] = 1
    ex["reroll_face"] = 5
    ex["reroll"] = tr.gettext(weather.lookup(5).results[0])
    return ex


def context(game, opts) -> dict:
    """The template's names: numbers from the English game data, printed words in the book's language."""
    tr = translator(opts.lang)
    game_map = standard_map(game.id)
    tasks = localized(game.rules.tasks, tr)
    return {
        "r": rules(game),
        "ex": examples(game, tr),
        "in_text": lambda result: in_text(result, tr),
        "map": game_map,
        "start": game_map.start,
        "exits": game_map.goals,
        "tasks": tasks,
        "task": {t.phase: t for t in tasks},
        # each task's named slots: (the English name the template's help is keyed by, the printed name)
        "task_slots": {t.phase: tuple(zip(t.slots, tr_t.slots)) for t, tr_t in zip(game.rules.tasks, tasks)},
        "uncontrolled": after_label(tr.gettext(game.rules.uncontrolled), tr),
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


KEY_ROW = 24.0  # a row of the book's map key, in sheet points: the sheet's panel spreads its rows over a tall column


def block_map_key(book: Book, *args):
    """The sheet's map key as the sheet draws it, as wide as its panel but with rows set close: lifted
    whole, its rows twice as tall as they need, it took half a page and, in the translations, went to
    the next page alone, leaving the page before it 14 % full."""
    width = sheet_parts(book, "map-key", exact=True)[0].box[2]
    height = w.TITLE_BAR + 6 + len(book.game.rules.map_key) * KEY_ROW
    fl = book.widget(lambda box: pencil_key(box, book.pal, book.game, book.tr), height, width=width,
                     scale=min(WIDGET_SCALE, book.width / width), name="map-key")
    return [spaced(fl, 4, 8)]


def blocks() -> dict:
    """Every figure is a panel of the printed sheet, as the sheet builder draws it."""
    out = dict(COMMON_BLOCKS)
    out["trackers"] = block_sheet_trackers
    out.update({"crew": lifted("crew"), "resources": lifted("island-resources"), "weather-cube": lifted("weather"),
                "task-board": lifted("task-board"), "tasks": lifted("tasks"),
                "weather": _with_notes("chart:weather", "weather"),
                "direction": _with_notes("chart:direction", "direction"), "map-key": block_map_key})
    return out


def cover_art(book: Book):
    return block_map(book)

