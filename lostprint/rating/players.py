"""Which seeded players exist for each Lost game, and one game played to its end as a small result.

The players live with their games (lostprint.players.<game>); this registry only names them. A game's
module may give `PLAYERS = {"careful": Class, ...}`; otherwise the known class names below are looked
up, and a name whose class is missing is simply not listed. A player is a class taking
`(seed, game_map)`: a decider (`start()`, `decide`, `roll`, `days`), which the one driver
(lostprint.engine.drive) plays, or one whose `play()` returns `{"days": [...], "result": ...}`; its
final engine state is read for the score and for why a game was lost.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from lostprint.errors import UsageError


def _expedition():
    from lostprint.engine import lost_expedition as engine
    from lostprint.players import lost_expedition as players

    return players, engine


def _crew():
    from lostprint.engine import lost_crew as engine
    from lostprint.players import lost_crew as players

    return players, engine


def _crows():
    from lostprint.engine import lost_crows as engine
    from lostprint.players import lost_crows as players

    return players, engine


# game id -> (its (players module, engine module), the player's attribute holding the final state,
#             ((player name, class name, what it does), ...))
_KNOWN = {
    "lost-expedition": (_expedition, "st", (
        ("careful", "Careful", "plans its dice: rerolls for what the day needs, spends muskets on "
                               "rerolls, maps toward the goal and steps when progress pays"),
        ("naive", "Naive", "keeps every roll, never spends a musket, steps as soon as it can"),
    )),
    "lost-crew": (_crew, "v", (
        ("careful", "Captain", "heads for the nearest exit through coloured water, heals, repairs, "
                               "fishes, keeps a watch, stops to provision when Water or Food is low"),
        ("naive", "Deckhand", "steers, scans and gathers with whoever is left; never repairs, fishes, "
                              "offers Goods or keeps a watch"),
    )),
    "lost-crows": (_crows, "st", (
        ("careful", "Chief", "weighs every split of each roll between the units, with the last "
                             "roll's expectation worked out exactly"),
        ("naive", "PairsChief", "puts both dice of a roll into one unit"),
    )),
}
DEFAULT_PLAYER = "careful"


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
    return tuple(_KNOWN)


def players_of(game: str) -> dict[str, PlayerEntry]:
    """{name: entry} of the players that exist now for a game id, careful first."""
    if game not in _KNOWN:
        raise UsageError(f"{game} has no simulated players (rated games: {', '.join(_KNOWN)})")
    modules, _attr, known = _KNOWN[game]
    module = modules()[0]
    listed = dict(getattr(module, "PLAYERS", {}) or {})
    out: dict[str, PlayerEntry] = {}
    for name, cls_name, about in known:
        cls = listed.get(name) or getattr(module, cls_name, None)
        if cls is not None:
            out[name] = PlayerEntry(game, name, cls, about)
    for name, cls in listed.items():  # players a game module adds later
        out.setdefault(name, PlayerEntry(game, name, cls, (cls.__doc__ or name).strip().splitlines()[0]))
    return out


def player_of(game: str, name: str) -> PlayerEntry:
    players = players_of(game)
    if name not in players:
        raise UsageError(f"unknown player {name!r} for {game} (players: {', '.join(players)})")
    return players[name]


def _loss_cause(game: str, final, result: str, days: int) -> str:
    if result == "won":
        return ""
    if result == "unfinished":
        return f"not over after {days} days (the simulation's bound)"
    over = getattr(final, "over", None)
    if isinstance(over, tuple) and len(over) > 1 and over[1]:
        return str(over[1])
    return "lost"


def _score(game: str, engine, final, result: str) -> int:
    terms = engine.score(final)
    return sum(points for _, points in terms)


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
    if game not in _KNOWN:
        raise UsageError(f"{game} has no simulated players (rated games: {', '.join(_KNOWN)})")
    engine = _KNOWN[game][0]()[1]
    standins = getattr(engine, "STANDINS", {})
    return tuple(HouseRule(key, engine.RULES.ruling(key).topic, s.instead, s.why_none)
                 for key, s in standins.items())


def house_off_keys(game: str) -> tuple[str, ...]:
    """The rulings that can be switched off, in order."""
    return tuple(h.key for h in house_rules_of(game) if h.instead)


def play_one(game: str, player: str, seed: int, game_map=None, house_off: tuple[str, ...] = ()) -> GameResult:
    """One whole game by a named player on a map (None: the standard map); `house_off` names rulings
    played by their neutral stand-ins (games with stand-ins only)."""
    entry = player_of(game, player)
    modules, attr, _known = _KNOWN[game]
    engine = modules()[1]
    if house_off:
        unknown = sorted(set(house_off) - set(house_off_keys(game)))
        if unknown:
            raise UsageError(f"{game} has no house rule {unknown[0]!r} with a neutral stand-in"
                             f" (those with one: {', '.join(house_off_keys(game)) or 'none'})")
        sim = entry.cls(seed, game_map, house_off=frozenset(house_off))
    else:
        sim = entry.cls(seed, game_map)
    if hasattr(sim, "decide"):  # a decider: the one driver plays it on its engine
        from lostprint.engine import drive

        final = drive.play(engine, sim.start(), sim.decide, sim.roll, sim.days)
        result, days = (final.over[0] if final.over else "unfinished"), final.day
    else:
        played = sim.play()
        final = getattr(sim, attr)
        result = played["result"]
        days = len(played["days"])
    return GameResult(seed, result, _score(game, engine, final, result), days,
                      _loss_cause(game, final, result, days))
