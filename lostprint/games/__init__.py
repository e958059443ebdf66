"""The games lostprint knows: one explicit plugin per game, naming everything made for it.

A plugin is plain frozen data. Each of its parts is written "module:attribute" and loaded by
`Plugin.part` the first time it is used: the only dynamic import in lostprint, so `lostprint games`
stays fast and nothing else keeps a per-game table. A part the plugin names must load; an import
error is never taken to mean "this game has no such thing".
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, fields

from lostprint.errors import UsageError

PARTS = {
    "data": "the Game value (lostprint.games.model.Game)",
    "sheet": "the player sheet builder: build(game, game_map, PrintOptions) -> Scene",
    "map_drawers": "drawers for the map's pre-printed features, shared by the sheet and the journal map",
    "layout_sheet": "the setup diagram of a tile layout: layout_scene(layout, PrintOptions) -> Scene",
    "engine": "the module that plays the game (simulated players, rules in motion)",
    "validator": "the rules a saved game is replayed and checked by (lostprint.saves.rules.LostRules)",
    "record": "the game-record module of a multi-player game: check_record, record_from_data, build_record",
    "generator": "the variant map generator (a lostprint.maps.generate.Generator)",
    "checker": "the map playability check: check(game_map) -> problems",
    "rulebook": "the rulebook module: blocks() for the rulebook template",
    "kit": "the print-and-play kit builder: build_kit(KitOptions) -> Scene",
}


@dataclass(frozen=True)
class Plugin:
    """One game: its names, and where each thing lostprint makes for it lives (None: not made)."""

    id: str
    number: str
    title: str
    aliases: tuple[str, ...]
    kind: str
    board: str  # "hex": a hex map (lostprint-map/1 with hexes); "squares": a Crows tile layout
    data: str
    sheet: str | None = None
    map_drawers: str | None = None
    layout_sheet: str | None = None
    engine: str | None = None
    validator: str | None = None
    record: str | None = None
    generator: str | None = None
    checker: str | None = None
    rulebook: str | None = None
    kit: str | None = None
    designers: tuple[str, ...] = ()  # credited on every printable of the game and in its files' metadata

    @property
    def stem(self) -> str:
        """'1572-lost-expedition', or 'crows' for a game without a number: the start of file names."""
        return f"{self.number}-{self.id}" if self.number else self.id

    def has(self, part: str) -> bool:
        if part not in PARTS:
            raise KeyError(part)
        return getattr(self, part) is not None

    def part(self, part: str):
        """The object a part names, imported now (an import error propagates: never a silent skip)."""
        ref = getattr(self, part) if part in PARTS else None
        if ref is None:
            raise UsageError(f"{self.id} has no {part.replace('_', ' ')}"
                             f" (games with one: {', '.join(g.id for g in GAMES if getattr(g, part, None))})")
        module, _, attr = ref.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attr) if attr else loaded

    def named_parts(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in PARTS and getattr(self, f.name)}


GAMES: tuple[Plugin, ...] = (
    Plugin(
        "lost-expedition", "1572", "1572: The Lost Expedition", ("1572",), "solo roll-and-write, hex map", "hex",
        data="lostprint.games.lost_expedition:GAME",
        sheet="lostprint.sheets.lost_expedition:build",
        engine="lostprint.engine.lost_expedition",
        validator="lostprint.saves.rules_1572:RULES",
        generator="lostprint.maps.generate:EXPEDITION",
        checker="lostprint.maps.check:check_expedition",
        rulebook="lostprint.books.rulebook_1572",
        designers=("Mike Heim",),
    ),
    Plugin(
        "lost-crew", "1672", "1672: The Lost Crew", ("1672",), "solo roll-and-write, hex sea map", "hex",
        data="lostprint.games.lost_crew:GAME",
        sheet="lostprint.sheets.lost_crew:build",
        map_drawers="lostprint.sheets.lost_crew:MAP_DRAWERS",
        engine="lostprint.engine.lost_crew",
        validator="lostprint.saves.rules_1672:RULES",
        generator="lostprint.maps.generate:CREW",
        checker="lostprint.maps.check:check_crew",
        rulebook="lostprint.books.rulebook_1672",
        designers=("Mike Heim",),
    ),
    Plugin(
        "lost-crows", "1872", "1872: The Lost Crows", ("1872",), "solo roll-and-write, hex map", "hex",
        data="lostprint.games.lost_crows:GAME",
        sheet="lostprint.sheets.lost_crows:build",
        map_drawers="lostprint.sheets.lost_crows:DRAWERS",
        engine="lostprint.engine.lost_crows",
        validator="lostprint.saves.rules_1872:RULES",
        generator="lostprint.maps.generate:LOST_CROWS",
        checker="lostprint.maps.check:check_lost_crows",
        rulebook="lostprint.books.rulebook_1872",
        designers=("Mike Heim",),
    ),
    Plugin(
        "crows", "", "Crows", (), "2-4 player square-tile placement", "squares",
        data="lostprint.games.crows:GAME",
        layout_sheet="lostprint.sheets.crows_layout:layout_scene",
        engine="lostprint.engine.crows",
        record="lostprint.crows.record",
        generator="lostprint.maps.generate:CROWS_LAYOUT",
        checker="lostprint.maps.crows:check_layout",
        rulebook="lostprint.books.rulebook_crows",
        kit="lostprint.crows.kit:build_kit",
        designers=("Tyler Sigman", "David Gerrard"),
    ),
)

HEX_GAMES = tuple(g.id for g in GAMES if g.board == "hex")
LAYOUT_GAMES = tuple(g.id for g in GAMES if g.board == "squares")


def resolve(name: str) -> Plugin:
    """A game id or alias -> its plugin; a clear usage error otherwise."""
    key = str(name).strip().lower()
    for plugin in GAMES:
        if key == plugin.id or key in plugin.aliases:
            return plugin
    known = ", ".join(f"{g.id}" + (f" ({'/'.join(g.aliases)})" if g.aliases else "") for g in GAMES)
    raise UsageError(f"unknown game {name!r} (known: {known})")


def named(game: object) -> Plugin | None:
    """The plugin a file's `game:` value names, or None (the file's checker then reports the field)."""
    if not isinstance(game, str):
        return None
    key = game.strip().lower()
    return next((g for g in GAMES if key == g.id or key in g.aliases), None)


def with_part(part: str) -> tuple[Plugin, ...]:
    """The games that have a part (a sheet, a kit, a generator...), in the usual order."""
    return tuple(g for g in GAMES if g.has(part))


def load(name: str):
    """The Game data of a game id or alias."""
    return resolve(name).part("data")
