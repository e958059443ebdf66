"""Which seeded players exist for each Lost game, and one game played to its end as a small result.

The players live with their games (lostprint.players.<game>): each module's `PLAYERS` is
{name: class}, careful first, and each class says what it does in `about`. A player is a decider
taking `(seed, game_map)` (and `house_off=` for a game whose engine has stand-ins): `start()`,
`decide`, `roll` and `days`, which the one driver (lostprint.engine.drive) plays on its game's engine.
The result, score and day count are read through the engine contract (lostprint.engine.contract):
`outcome`, `score`, `STANDINS` and the state's `day`; nothing here knows one game from another.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

from lostprint.engine import drive, engine_module
from lostprint.errors import UsageError
from lostprint.games import with_part
from lostprint.players import players_module


RATED = tuple(g.id for g in with_part("players"))  # the games with simulated players
DEFAULT_PLAYER = "careful"


def _modules(game: str):
    """(engine module, players module) of a rated game, each imported when first asked (the engine's and
    the players' own pickers: a rating loads only its own game's)."""
    if game not in RATED:
        raise UsageError(f"{game} has no simulated players (rated games: {', '.join(RATED)})")
    return engine_module(game), players_module(game)


# game id -> the loader of its (engine module, players module)
_GAMES = {game: functools.partial(_modules, game) for game in RATED}


class GameResult(NamedTuple):
    """One simulated game: what a rating needs of it (small, so batches travel cheaply)."""

    seed: int
    result: str  # won | lost | unfinished
    score: int
    days: int
    cause: str  # why it ended ("" for a win)


@dataclass(frozen=True)
class PlayerEntry:
    game: str
    name: str
    cls: type
    about: str


def rated_games() -> tuple[str, ...]:
    return RATED


def players_of(game: str) -> dict[str, PlayerEntry]:
    """{name: entry} of the players of a game id, careful first."""
    players = _modules(game)[1].PLAYERS
    return {name: PlayerEntry(game, name, cls, cls.about) for name, cls in players.items()}


def player_of(game: str, name: str) -> PlayerEntry:
    players = players_of(game)
    if name not in players:
        raise UsageError(f"unknown player {name!r} for {game} (players: {', '.join(players)})")
    return players[name]


def _loss_cause(found, result: str, days: int) -> str:
    """Why a game was not won: the engine's outcome says why it was lost."""
    if result == "won":
        return ""
    if result == "unfinished":
        return f"not over after {days} days (the simulation's bound)"
    return str(found[1]) if len(found) > 1 and found[1] else "lost"


class HouseRule(NamedTuple):
    """A ruling (⌂) of a game, as a balance report shows it: `instead` is what the game does with it
    switched off (its neutral stand-in); empty when it has none, and `why_none` says why."""

    key: str
    topic: str
    instead: str
    why_none: str


def house_rules_of(game: str) -> tuple[HouseRule, ...]:
    """The rulings of a game whose engine lists them in STANDINS ({key: StandIn}: what plays instead,
    or why nothing can), in the engine's order; () for a game whose engine has no stand-ins."""
    engine = _modules(game)[0]
    return tuple(HouseRule(key, engine.RULES.ruling(key).topic, s.instead, s.why_none)
                 for key, s in engine.STANDINS.items())


def house_off_keys(game: str) -> tuple[str, ...]:
    """The rulings that can be switched off, in order."""
    return tuple(h.key for h in house_rules_of(game) if h.instead)


def play_one(game: str, player: str, seed: int, game_map=None, house_off: tuple[str, ...] = ()) -> GameResult:
    """One whole game by a named player on a map (None: the standard map); `house_off` names rulings
    played by their neutral stand-ins (games with stand-ins only)."""
    entry = player_of(game, player)
    engine = _modules(game)[0]
    if house_off:
        unknown = sorted(set(house_off) - set(house_off_keys(game)))
        if unknown:
            raise UsageError(f"{game} has no house rule {unknown[0]!r} with a neutral stand-in"
                             f" (those with one: {', '.join(house_off_keys(game)) or 'none'})")
        sim = entry.cls(seed, game_map, house_off=frozenset(house_off))
    else:
        sim = entry.cls(seed, game_map)
    final = drive.play(engine, sim.start(), sim.decide, sim.roll, sim.days)
    found = engine.outcome(final)
    result, days = (found[0] if found else "unfinished"), final.day
    score = sum(points for _, points in engine.score(final))
    return GameResult(seed, result, score, days, _loss_cause(found, result, days))
