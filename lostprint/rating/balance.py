"""A balance report: what each house rule (⌂) of a game does to the win rate.

The same seeded games are played with every ruling in force, with each ruling alone switched to its
neutral stand-in, and with all of them switched: one row each. Because the games are paired (same
seeds, same player), a row also says how many games changed result, and the difference from "all on"
gets an interval for matched pairs (Agresti and Min's: half a game added to each of the four cells),
which is narrower than comparing the two win rates' intervals and never collapses to a point.
Pure functions of the results: any way of running the games gives the same report.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from lostprint.rating.players import GameResult, HouseRule
from lostprint.rating.stats import Z95, wilson

ALL_ON = "all-on"
ALL_OFF = "all-off"


@dataclass(frozen=True)
class Row:
    """One way of playing: `off` names the rulings played by their stand-ins (() for all on)."""

    name: str  # ALL_ON, ALL_OFF or a ruling key
    off: tuple[str, ...]
    games: int
    wins: int
    gained: int  # games lost with every ruling in force and won this way
    dropped: int  # games won with every ruling in force and lost this way

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def difference(self) -> float:
        """This row's win rate minus the all-on rate (the same games)."""
        return (self.gained - self.dropped) / self.games

    @property
    def difference_interval(self) -> tuple[float, float]:
        return paired_interval(self.gained, self.dropped, self.games)


@dataclass(frozen=True)
class Balance:
    game: str
    player: str
    map_name: str
    first_seed: int
    games: int  # in each row
    rules: tuple[HouseRule, ...]  # every ruling the engine knows, with or without a stand-in
    rows: tuple[Row, ...]  # all on, each ruling off alone, all off

    def topic(self, key: str) -> str:
        return next(r.topic for r in self.rules if r.key == key)

    @property
    def without_standin(self) -> tuple[HouseRule, ...]:
        return tuple(r for r in self.rules if not r.instead)


def paired_interval(gained: int, dropped: int, games: int, z: float = Z95) -> tuple[float, float]:
    """95 % interval of the difference of two win rates measured on the same games, from the games
    that changed each way (Agresti-Min adjusted Wald for matched pairs), clipped to -1..1."""
    n = games + 2
    b, c = gained + 0.5, dropped + 0.5
    centre = (b - c) / n
    half = z * math.sqrt(max(0.0, (b + c) - (b - c) ** 2 / n)) / n
    return max(-1.0, centre - half), min(1.0, centre + half)


def ways_to_play(rules: tuple[HouseRule, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(row name, rulings off) of a report: all on, each ruling with a stand-in alone, all of them."""
    keys = tuple(r.key for r in rules if r.instead)
    return ((ALL_ON, ()),) + tuple((k, (k,)) for k in keys) + ((ALL_OFF, keys),)


class PairedTally:
    """Each way's results summed against all-on's on the same seeds, one group of seeds at a time:
    what a report keeps does not grow with the number of games."""

    def __init__(self, ways: tuple[tuple[str, tuple[str, ...]], ...]):
        self.ways = ways
        self.games = 0
        self.first_seed: int | None = None
        self.wins = {name: 0 for name, _ in ways}
        self.gained = {name: 0 for name, _ in ways}
        self.dropped = {name: 0 for name, _ in ways}

    def add(self, results: dict[str, list[GameResult]]) -> None:
        """One group: row name -> the results of the same seeds (in any order)."""
        by_seed = {name: {r.seed: r.result == "won" for r in res} for name, res in results.items()}
        base = by_seed[ALL_ON]
        seeds = sorted(base)
        for name, _ in self.ways:
            won = by_seed[name]
            if sorted(won) != seeds:
                raise ValueError(f"row {name} was not played on the same seeds")
            self.wins[name] += sum(won.values())
            self.gained[name] += sum(won[s] and not base[s] for s in seeds)
            self.dropped[name] += sum(base[s] and not won[s] for s in seeds)
        self.games += len(seeds)
        if seeds:
            self.first_seed = seeds[0] if self.first_seed is None else min(self.first_seed, seeds[0])

    def report(self, game: str, player: str, map_name: str, rules: tuple[HouseRule, ...]) -> Balance:
        if not self.games:
            raise ValueError("no games to compare")
        rows = tuple(Row(name, off, self.games, self.wins[name], self.gained[name], self.dropped[name])
                     for name, off in self.ways)
        return Balance(game, player, map_name, self.first_seed, self.games, rules, rows)


def balance(game: str, player: str, map_name: str, rules: tuple[HouseRule, ...],
            results: dict[str, list[GameResult]]) -> Balance:
    """The report from each way's results (row name -> results of the same seeds, in any order)."""
    tally = PairedTally(ways_to_play(rules))
    tally.add(results)
    return tally.report(game, player, map_name, rules)
