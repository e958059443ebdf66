"""The registry at the top: where each game's parts live, by real imports.

lostprint.games says which parts a game has (plain data at the bottom floor); this module says where
each one lives and hands it to the commands, which pass lower floors what they need as arguments.
A part is imported when a command first asks for it: a command for one game loads only the parts
it uses of that game (start-up: tests/test_startup.py), so each loader imports inside its function.
Those are the imports of lostprint's own modules written in functions for the start-up budget, and
the layering test sees each of them (a string naming a module would hide it); tests/test_house_imports.py
allows them by name, each with its reason.

A floor that picks a game's module from its own floor does so itself, by real import too (the sheet
modules: lostprint.sheets.sheet_module; the generators and map checks: lostprint.maps; the replay rules:
lostprint.saves.games; a journal's map drawers: lostprint.books.journal_map): the loaders here hand those on.
"""
from __future__ import annotations

from typing import Callable

from lostprint.games import Plugin, missing, resolve
from lostprint.sheets import sheet_module  # light: it picks a game's sheet module when asked


def _sheet(game: str):
    def sheet():
        return sheet_module(game)
    return sheet


def _layout_sheet():
    from lostprint.sheets.crows_layout import layout_scene
    return layout_scene


def _engine_1572():
    from lostprint.engine import lost_expedition
    return lost_expedition


def _engine_1672():
    from lostprint.engine import lost_crew
    return lost_crew


def _engine_1872():
    from lostprint.engine import lost_crows
    return lost_crows


def _engine_crows():
    from lostprint.engine import crows
    return crows


def _rules(game: str):
    def rules():
        from lostprint.saves.games import rules_for
        return rules_for(game)
    return rules


def _record():
    from lostprint.crows import record
    return record


def _generator(game: str):
    def generator():
        from lostprint.maps.generate import generator_of
        return generator_of(game)
    return generator


def _checker(game: str):
    def checker():
        from lostprint.maps.check import checker_of
        return checker_of(game)
    return checker


def _rulebook_1572():
    from lostprint.books import rulebook_1572
    return rulebook_1572


def _rulebook_1672():
    from lostprint.books import rulebook_1672
    return rulebook_1672


def _rulebook_1872():
    from lostprint.books import rulebook_1872
    return rulebook_1872


def _rulebook_crows():
    from lostprint.books import rulebook_crows
    return rulebook_crows


def _kit():
    from lostprint.crows import kit
    return kit


LOADERS: dict[str, dict[str, Callable[[], object]]] = {
    "lost-expedition": {"sheet": _sheet("lost-expedition"), "engine": _engine_1572, "validator": _rules("lost-expedition"),
                        "generator": _generator("lost-expedition"), "checker": _checker("lost-expedition"),
                        "rulebook": _rulebook_1572},
    "lost-crew": {"sheet": _sheet("lost-crew"), "engine": _engine_1672,
                  "validator": _rules("lost-crew"), "generator": _generator("lost-crew"), "checker": _checker("lost-crew"),
                  "rulebook": _rulebook_1672},
    "lost-crows": {"sheet": _sheet("lost-crows"), "engine": _engine_1872,
                   "validator": _rules("lost-crows"), "generator": _generator("lost-crows"), "checker": _checker("lost-crows"),
                   "rulebook": _rulebook_1872},
    "crows": {"layout_sheet": _layout_sheet, "engine": _engine_crows, "record": _record,
              "generator": _generator("crows"), "checker": _checker("crows"), "rulebook": _rulebook_crows,
              "kit": _kit},
}


def part(game: str | Plugin, name: str):
    """A game's part (`lostprint.games.PARTS` says what each is); a clear usage error where the game
    has none. An import error propagates: never a silent skip."""
    plugin = game if isinstance(game, Plugin) else resolve(game)
    loader = LOADERS[plugin.id].get(name)
    if loader is None:
        raise missing(name, plugin)
    return loader()
