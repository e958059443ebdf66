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


def rate(game: str, player: str, map_name: str, results: list[GameResult]) -> Rating:
    """Sum up results (in any order: they are put in seed order first)."""
    results = sorted(results, key=lambda r: r.seed)
    if not results:
        raise ValueError("no games to rate")
    wins = sum(r.result == "won" for r in results)
    scores = sorted(r.score for r in results)
    causes = Counter(r.cause for r in results if r.result != "won")
    return Rating(
        game=game, player=player, map_name=map_name, games=len(results), first_seed=results[0].seed,
        wins=wins, interval=wilson(wins, len(results)),
        quartiles=(nearest_rank(scores, 0.25), nearest_rank(scores, 0.5), nearest_rank(scores, 0.75)),
        mean_days=sum(r.days for r in results) / len(results),
        causes=tuple(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
        unfinished=sum(r.result == "unfinished" for r in results),
    )


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"
