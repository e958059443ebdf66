"""A batch of game results summed up: win rate with its 95 % Wilson interval, score quartiles, mean
days, causes of loss. Pure functions of the results in seed order, so any way of running the games
gives the same numbers."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from lostprint.rating.players import GameResult

Z95 = 1.959963984540054  # not a rule: the normal quantile of a two-sided 95 % interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (both ends in 0..1)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def nearest_rank(sorted_values: list[int], q: float) -> int:
    """The q-quantile by nearest rank (a value that occurred; no interpolation)."""
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass(frozen=True)
class Rating:
    game: str
    player: str
    map_name: str
    games: int
    first_seed: int
    wins: int
    interval: tuple[float, float]
    quartiles: tuple[int, int, int]  # scores: 25th, median, 75th
    mean_days: float
    causes: tuple[tuple[str, int], ...]  # (why the game was not won, how many), most first
    unfinished: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ± a rating prints."""
        return (self.interval[1] - self.interval[0]) / 2

    def to_dict(self) -> dict:
        return {
            "game": self.game, "player": self.player, "map": self.map_name, "games": self.games,
            "first_seed": self.first_seed, "wins": self.wins, "win_rate": round(self.win_rate, 4),
            "interval": [round(self.interval[0], 4), round(self.interval[1], 4)],
            "score_quartiles": list(self.quartiles), "mean_days": round(self.mean_days, 2),
            "causes_of_loss": [{"cause": c, "games": n} for c, n in self.causes],
            "unfinished": self.unfinished,
        }


class Tally:
    """Game results summed up as they come, in any order, in memory that does not grow with the number
    of games: scores are counted by value (a rating of 100,000,000 games holds a few hundred numbers)."""

    def __init__(self):
        self.games = 0
        self.wins = 0
        self.unfinished = 0
        self.first_seed: int | None = None
        self.days = 0
        self.scores: Counter = Counter()
        self.causes: Counter = Counter()

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.first_seed = r.seed if self.first_seed is None else min(self.first_seed, r.seed)
        self.days += r.days
        self.scores[r.score] += 1
        if r.result == "won":
            self.wins += 1
        else:
            self.causes[r.cause] += 1
            self.unfinished += r.result == "unfinished"

    def add_all(self, results) -> None:
        for r in results:
            self.add(r)

    def quantile(self, q: float) -> int:
        """The q-quantile of the scores by nearest rank (as nearest_rank on the sorted scores)."""
        rank, seen = max(1, math.ceil(q * self.games)), 0
        for score in sorted(self.scores):
            seen += self.scores[score]
            if seen >= rank:
                return score
        raise ValueError("no games to rate")

    def rating(self, game: str, player: str, map_name: str) -> Rating:
        if not self.games:
            raise ValueError("no games to rate")
        return Rating(
            game=game, player=player, map_name=map_name, games=self.games, first_seed=self.first_seed,
            wins=self.wins, interval=wilson(self.wins, self.games),
            quartiles=(self.quantile(0.25), self.quantile(0.5), self.quantile(0.75)),
            mean_days=self.days / self.games,
            causes=tuple(sorted(self.causes.items(), key=lambda kv: (-kv[1], kv[0]))),
            unfinished=self.unfinished,
        )


def rate(game: str, player: str, map_name: str, results: list[GameResult]) -> Rating:
    """Sum up results (in any order)."""
    tally = Tally()
    tally.add_all(results)
    return tally.rating(game, player, map_name)


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"
