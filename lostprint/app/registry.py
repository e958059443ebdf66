"""The registry at the top: where each game's parts live, by real imports.

lostprint.games says which parts a game has (plain data at the bottom floor); this module says where
each one lives and hands it to the commands, which pass lower floors what they need as arguments.
A part is imported when a command first asks for it: a command for one game loads only the parts
it uses of that game (start-up: tests/test_startup.py), so each loader imports inside its function,
and each module is imported in one place. The layering test sees each import (a string naming a
module would hide it); tests/test_house_imports.py allows them by name, each with its reason.

A floor that picks a game's module of its own floor does so itself, by real import too, and the loaders
here hand that picker on: the sheet modules (lostprint.sheets.sheet_module), the replay rules
(lostprint.saves.games), the engines (lostprint.engine.engine_module) and the simulated players
(lostprint.players.players_module). The map checks and generators load in map_modules(), for the parts and the commands.
"""
from __future__ import annotations

from typing import Callable

from lostprint.games import Plugin, missing, resolve
from lostprint.saves.games import rules_for  # light: it imports a game's replay rules when asked


def _sheets():
    """(sheets.sheet_module, the Crows setup diagram's module): fonts and sheet options (~15 ms), loaded
    when a sheet is asked for (validating a save draws none); a Lost game's own sheet module loads in
    sheet_module."""
    from lostprint.sheets import crows_layout, sheet_module
    return sheet_module, crows_layout


def _sheet(game: str):
    def sheet():
        return _sheets()[0](game)
    return sheet


def _layout_sheet():
    return _sheets()[1].layout_scene


def _pickers():
    """(engine.engine_module, players.players_module): each picker imports one game's module when asked;
    their packages wait here too (a sheet plays nothing)."""
    from lostprint import engine, players
    return engine.engine_module, players.players_module


def _engine(game: str):
    def engine():
        return _pickers()[0](game)
    return engine


def _players(game: str):
    def players():
        return _pickers()[1](game)
    return players


def _rules(game: str):
    def rules():
        return rules_for(game)
    return rules


def _record():
    from lostprint.crows import record
    return record


def map_modules():
    """(lostprint.maps.check, lostprint.maps.generate): the map reader and checks and the generators
    (~25 ms), imported when first asked: only variants and map files need them. The commands take them here."""
    from lostprint.maps import check, generate
    return check, generate


def _generator(game: str):
    def generator():
        return map_modules()[1].generator_of(game)
    return generator


def _checker(game: str):
    def checker():
        return map_modules()[0].checker_of(game)
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


def _hex_game(game: str, rulebook: Callable[[], object]) -> dict[str, Callable[[], object]]:
    """A Lost game's loaders: its sheet, engine, players, replay rules, generator, map check and rulebook."""
    return {"sheet": _sheet(game), "engine": _engine(game), "players": _players(game), "validator": _rules(game),
            "generator": _generator(game), "checker": _checker(game), "rulebook": rulebook}


LOADERS: dict[str, dict[str, Callable[[], object]]] = {
    "lost-expedition": _hex_game("lost-expedition", _rulebook_1572),
    "lost-crew": _hex_game("lost-crew", _rulebook_1672),
    "lost-crows": _hex_game("lost-crows", _rulebook_1872),
    "crows": {"layout_sheet": _layout_sheet, "engine": _engine("crows"), "record": _record,
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
