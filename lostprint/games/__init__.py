"""The games lostprint knows: one plugin per game, plain frozen data: its names, its board, its
designers and the parts lostprint makes for it (a sheet, a rulebook, a kit...).

Where each part lives is the top floor's business: lostprint.app.registry assembles them from real
imports and hands lower floors what they need. Nothing here imports a higher floor, by name or
otherwise; a game's rules data (`load`) is imported the first time it is asked for, so a command for
one game loads no other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lostprint.errors import UsageError

PARTS = {
    "sheet": "the player sheet (its module: build(game, game_map, SheetOptions) -> Scene, and SIDES)",
    "layout_sheet": "the setup diagram of a tile layout: layout_scene(layout, PrintOptions) -> Scene",
    "engine": "the module that plays the game (simulated players, rules in motion)",
    "players": "the simulated players' module: PLAYERS, {name: decider class}, careful first (the rating of maps)",
    "validator": "the rules a saved game is replayed and checked by (lostprint.saves.rules.LostRules)",
    "record": "the game-record module of a multi-player game: check_record, record_from_data, build_record",
    "generator": "the variant map generator (a lostprint.maps.generate.Generator)",
    "checker": "the map playability check: check(game_map) -> problems",
    "rulebook": "the rulebook module: blocks() and context() for the rulebook template",
    "kit": "the print-and-play kit module: its KitOptions and build_kit(KitOptions) -> Scene",
}


@dataclass(frozen=True)
class Plugin:
    """One game: its names, and the parts lostprint makes for it (keys of PARTS)."""

    id: str
    number: str
    title: str
    aliases: tuple[str, ...]
    kind: str
    board: str  # "hex": a hex map (lostprint-map/1 with hexes); "squares": a Crows tile layout
    parts: tuple[str, ...] = ()
    designers: tuple[str, ...] = ()  # credited on every printable of the game and in its files' metadata
    # a game with simulated players: their careful player's win rate on the standard map, the middle of a
    # variant's `normal` band (lostprint.rating.bands); not a rule: measured (1572, 1672: 4,000 games,
    # interval ±0.7 and ±1.3 points; 1872: 2,000 games, ±2.2 points), a slow test re-measures it
    standard_rate: float | None = None

    @property
    def stem(self) -> str:
        """'1572-lost-expedition', or 'crows' for a game without a number: the start of file names."""
        return f"{self.number}-{self.id}" if self.number else self.id

    def has(self, part: str) -> bool:
        if part not in PARTS:
            raise KeyError(part)
        return part in self.parts


GAMES: tuple[Plugin, ...] = (
    Plugin(
        "lost-expedition", "1572", "1572: The Lost Expedition", ("1572",), "solo roll-and-write, hex map", "hex",
        parts=("sheet", "engine", "players", "validator", "generator", "checker", "rulebook"),
        designers=("Mike Heim",),
        standard_rate=0.054,
    ),
    Plugin(
        "lost-crew", "1672", "1672: The Lost Crew", ("1672",), "solo roll-and-write, hex sea map", "hex",
        parts=("sheet", "engine", "players", "validator", "generator", "checker", "rulebook"),
        designers=("Mike Heim",),
        standard_rate=0.252,
    ),
    Plugin(
        "lost-crows", "1872", "1872: The Lost Crows", ("1872",), "solo roll-and-write, hex map", "hex",
        parts=("sheet", "engine", "players", "validator", "generator", "checker", "rulebook"),
        designers=("Mike Heim",),
        standard_rate=0.506,
    ),
    Plugin(
        "crows", "", "Crows", (), "2-4 player square-tile placement", "squares",
        parts=("layout_sheet", "engine", "record", "generator", "checker", "rulebook", "kit"),
        designers=("Tyler Sigman", "David Gerrard"),
    ),
)

HEX_GAMES = tuple(g.id for g in GAMES if g.board == "hex")
LAYOUT_GAMES = tuple(g.id for g in GAMES if g.board == "squares")


def words(text: object) -> tuple[str, ...]:
    """The words of a game's name as it is read: its runs of letters and digits, in any case; anything else
    (spaces, '-', ':', '.') only separates them."""
    return tuple(w.lower() for w in re.findall(r"[A-Za-z0-9]+", str(text)))


def spellings(plugin: Plugin) -> frozenset[tuple[str, ...]]:
    """The words of each name a game is read by: its id, an alias or its printed title ('1672: The Lost
    Crew'), each with or without the game's number and a leading 'The' ('Lost Crew', 'the lost-crew')."""
    out = set()
    for name in (plugin.id, *plugin.aliases, plugin.title):
        core = words(name)
        if len(core) > 1 and core[0] == plugin.number:
            core = core[1:]
        if len(core) > 1 and core[0] == "the":
            core = core[1:]
        starts = [()] if core == (plugin.number,) else [(), ("the",), *([(plugin.number,), (plugin.number, "the")]
                                                                         if plugin.number else [])]
        out.update((*start, *core) for start in starts)
    return frozenset(out)


def names_pattern(plugin: Plugin) -> str:
    """A regex (JSON Schema's dialect: no flags) matching each text `resolve` reads as the game: one of its
    `spellings`, the words in any case, anything but letters and digits between and around them."""
    gap = "[^A-Za-z0-9]"
    ways = [f"{gap}+".join("".join(f"[{c}{c.upper()}]" if c.upper() != c else c for c in w) for w in form)
            for form in sorted(spellings(plugin))]
    return f"^{gap}*(?:{'|'.join(ways)}){gap}*$"


def _named(name: object) -> Plugin | None:
    key = words(name)
    return next((g for g in GAMES if key in spellings(g)), None)


def resolve(name: str) -> Plugin:
    """A game's id, alias or printed title (as `spellings` reads them) -> its plugin; a clear usage error
    otherwise."""
    plugin = _named(name)
    if plugin is not None:
        return plugin
    known = ", ".join(f"{g.id}" + (f" ({'/'.join(g.aliases)})" if g.aliases else "") for g in GAMES)
    raise UsageError(f"unknown game {name!r} (known: {known})")


def named(game: object) -> Plugin | None:
    """The plugin a file's `game:` value names, or None (the file's checker then reports the field)."""
    if isinstance(game, bool) or not isinstance(game, (str, int)):  # a number alias unquoted (1672) is an int
        return None
    return _named(game)


def with_part(part: str) -> tuple[Plugin, ...]:
    """The games that have a part (a sheet, a kit, a generator...), in the usual order."""
    return tuple(g for g in GAMES if g.has(part))


def missing(part: str, plugin: Plugin) -> UsageError:
    """The error for a part a game does not have, naming the games that do."""
    return UsageError(f"{plugin.id} has no {part.replace('_', ' ')}"
                      f" (games with one: {', '.join(g.id for g in with_part(part))})")


def load(name: str):
    """The Game data of a game id or alias. Each game's data is imported only when asked for (the
    1872 data alone costs about 50 ms to import): a command for one game loads no other."""
    game = resolve(name).id
    if game == "lost-expedition":
        from lostprint.games.lost_expedition import GAME
    elif game == "lost-crew":
        from lostprint.games.lost_crew import GAME
    elif game == "lost-crows":
        from lostprint.games.lost_crows import GAME
    else:
        from lostprint.games.crows import GAME
    return GAME
