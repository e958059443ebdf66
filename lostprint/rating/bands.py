"""Difficulty bands of variant maps, from the standard map's measured win rate, and the rating of a
map by play until its interval is narrow enough (or shows it cannot be in a band).

For each rated game the careful player's win rate on the standard map (its plugin's `standard_rate`,
measured with `lostprint simulate GAME --games 4000` or 2000) is the middle of `normal`:

    normal:  standard rate ± max(a quarter of it, 3 points)
    easy:    above normal
    hard:    below normal

A map is rated by playing STEP games at a time (seeds 0, 1, 2, ...) until its 95 % Wilson interval
is at most ±TARGET_HALF_WIDTH. For a difficulty search a candidate is kept only when that interval,
widened by GUARD times its half-width each side, lies wholly inside the band asked for; it is
dropped as soon as the interval lies wholly outside, or at MAX_GAMES. Without the guard (the bare
interval inside the band) maps drawn from many candidates were kept on the luck of their sample:
re-measured on fresh seeds, a 1572 map kept at the top of normal played 8.7 % (above 8.4) and a 1872
map kept at the bottom 37.0 % (below 38.0). The guard keeps the point estimate about three standard
errors inside the band.
Variants of 1672 play a little easier than its standard map (most rate 28-35 %), so a normal
1672 map takes several draws: many sit on the upper edge of normal and are dropped at MAX_GAMES.
"""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.games import with_part
from lostprint.maps.model import DIFFICULTY_BANDS, Difficulty
from lostprint.rating.players import GameResult
from lostprint.rating.stats import wilson

STANDARD_RATES = {g.id: g.standard_rate for g in with_part("players")}  # each game's plugin says its own
NORMAL_SPREAD = 0.25  # not a rule: normal is the standard rate ± a quarter of it ...
MIN_SPREAD = 0.03  # not a rule: ... and at least ± 3 points
TARGET_HALF_WIDTH = 0.05  # not a rule: "a ±5-point interval"
STEP = 100  # not a rule: games played between two looks at the interval
GUARD = 0.5  # not a rule: a kept interval must clear the band's edges by half its own half-width too
MAX_GAMES = 800  # not a rule: a candidate still straddling a band edge after this many is dropped


@dataclass(frozen=True)
class Band:
    name: str
    low: float  # inclusive
    high: float  # exclusive, except 1.0

    def holds(self, rate: float) -> bool:
        return self.low <= rate < self.high or (self.high >= 1.0 and rate >= 1.0)

    def contains(self, interval: tuple[float, float], guard: float = 0.0) -> bool:
        """The whole interval, widened by `guard` each side, lies in the band (an open end at 0 or 1
        counts as inside)."""
        lo, hi = interval[0] - guard, interval[1] + guard
        return (lo >= self.low or self.low <= 0.0) and (hi < self.high or self.high >= 1.0)

    def excludes(self, interval: tuple[float, float]) -> bool:
        lo, hi = interval
        return hi < self.low or lo >= self.high

    def text(self) -> str:
        return f"{self.name} {100 * self.low:.0f}\u2013{100 * self.high:.0f}%"


def bands_of(game: str) -> dict[str, Band]:
    rate = STANDARD_RATES[game]
    spread = max(rate * NORMAL_SPREAD, MIN_SPREAD)
    low, high = max(0.0, rate - spread), min(1.0, rate + spread)
    return {"easy": Band("easy", high, 1.0), "normal": Band("normal", low, high), "hard": Band("hard", 0.0, low)}


def band_of(game: str, rate: float) -> str:
    for name, band in bands_of(game).items():
        if band.holds(rate):
            return name
    return "normal"  # unreachable: the three bands cover 0..1


@dataclass(frozen=True)
class Verdict:
    """Where a sequential rating stopped: kept (in the band), or why not."""

    results: tuple[GameResult, ...]
    kept: bool
    why: str

    @property
    def wins(self) -> int:
        return sum(r.result == "won" for r in self.results)

    def difficulty(self, game: str, player: str) -> Difficulty:
        n = len(self.results)
        rate = self.wins / n
        return Difficulty(player=player, games=n, win_rate=rate, interval=wilson(self.wins, n),
                          band=band_of(game, rate))


def settled(game: str, results: list[GameResult], target: str | None, max_games: int = MAX_GAMES,
            half_width: float = TARGET_HALF_WIDTH) -> Verdict | None:
    """Has a sequential rating seen enough? None: play STEP more games."""
    n = len(results)
    wins = sum(r.result == "won" for r in results)
    interval = wilson(wins, n)
    narrow = (interval[1] - interval[0]) / 2 <= half_width
    if target is None:
        return Verdict(tuple(results), True, "") if narrow or n >= max_games else None
    band = bands_of(game)[target]
    if band.excludes(interval):
        return Verdict(tuple(results), False, f"outside {band.text()}")
    if narrow and band.contains(interval, GUARD * (interval[1] - interval[0]) / 2):
        return Verdict(tuple(results), True, "")
    if n >= max_games:
        return Verdict(tuple(results), False, f"still on the edge of {band.text()} after {n} games")
    return None


def band_names() -> tuple[str, ...]:
    return DIFFICULTY_BANDS
