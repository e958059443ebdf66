"""The shapes of game data. Each game module fills these once; sheets, rulebooks, validators and
engines all read the same values, so a number is never typed twice."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

HOUSE_MARK = "\u2302"  # ⌂: printed beside every house rule, on sheets and in rulebooks


@dataclass(frozen=True)
class Band:
    """One row of a dice chart: the rolls from `low` to `high` (None = open-ended) give `results`."""

    low: int | None
    high: int | None
    results: tuple[str, ...]
    house: bool = False

    @property
    def label(self) -> str:
        if self.low is None:
            return f"{self.high}\u2212"  # "3−": three or less
        if self.high is None:
            return f"{self.low}+"
        if self.low == self.high:
            return f"{self.low}"
        return f"{self.low}\u2013{self.high}"

    def covers(self, roll: int) -> bool:
        return (self.low is None or roll >= self.low) and (self.high is None or roll <= self.high)


@dataclass(frozen=True)
class Chart:
    """A dice chart: what to roll, its bands, what modifies the roll, and the phase it belongs to."""

    key: str
    title: str
    roll: str  # what to roll: "1d6", "2d6", "d66"
    bands: tuple[Band, ...]
    modifier: str = ""  # one short line: what adds to the roll
    phase: int | None = None
    house: bool = False
    note: str = ""  # why a house rule exists, or a clarification

    def lookup(self, roll: int) -> Band:
        for band in self.bands:
            if band.covers(roll):
                return band
        raise KeyError(f"{self.title}: no band covers {roll}")


@dataclass(frozen=True)
class Tracker:
    """A resource track: its starting value and maximum (`primary`: one of the game's main resources)."""

    key: str
    name: str
    start: int
    maximum: int = 6
    primary: bool = False
    note: str = ""


@dataclass(frozen=True)
class Terrain:
    """A terrain type: its effect, the tint and mono hatch it is drawn with, and what it costs."""

    key: str
    name: str
    effect: str
    tint: str  # a light colour a pencil can draw over
    hatch: tuple[str, float, float] = ("lines", 45.0, 3.0)  # mono pattern: kind, angle, spacing
    cost: str = ""

    @property
    def spellings(self) -> tuple[str, ...]:
        """The ways a save may write this terrain: its key, its name, and the singular of each plural
        (a hand-written save says `mountain` where the sheet prints Mountains)."""
        words = (self.key, self.name)
        return words + tuple(w[:-1] for w in words if w.endswith("s") and not w.endswith("ss"))


@dataclass(frozen=True)
class Symbol:
    """A map or sheet symbol: its key (also the icon's name) and what it means."""

    key: str  # also the icon name
    name: str
    meaning: str


@dataclass(frozen=True)
class Phase:
    """One phase of a turn, by number."""

    number: int
    name: str
    summary: str


@dataclass(frozen=True)
class Option:
    """A setup choice (1572's expedition types): its die face, name and effect."""

    roll: int
    key: str
    name: str
    effect: str


@dataclass(frozen=True)
class Piece:
    """A physical component a sheet holds: its shape and size (mm), how many the game uses.
    Every slot drawn for it is at least `size_mm` plus SLOT_SPARE_MM on each side."""

    key: str  # die | coin | cube | pencil: the slot role on a sheet is "slot:<key>"
    name: str
    shape: str  # square (dice, cubes) | round (coins, tokens) | stick (pencils: no slot)
    size_mm: float  # edge of a square piece, diameter of a round one
    count: int
    note: str = ""


SLOT_SPARE_MM = 1.5  # room around a piece in its slot, on every side


RulesT = TypeVar("RulesT")
TextT = TypeVar("TextT")


@dataclass(frozen=True)
class Game(Generic[RulesT, TextT]):
    """A game's data. Everything game-specific is typed: `rules` is the game's own frozen rules value
    (numbers, charts as rules, rulings), `text` its own frozen value of what the sheet and the rulebook
    print beyond the rules (table rows, sentences). A missing field is an AttributeError, never a default."""

    id: str
    number: str
    title: str
    aliases: tuple[str, ...]
    kind: str
    trackers: tuple[Tracker, ...] = ()
    charts: tuple[Chart, ...] = ()
    terrains: tuple[Terrain, ...] = ()
    symbols: tuple[Symbol, ...] = ()
    phases: tuple[Phase, ...] = ()
    options: tuple[Option, ...] = ()
    day_limit: int | None = None
    pieces: tuple[Piece, ...] = ()
    days_per_week: int | None = field(kw_only=True)  # the rows of a day track; None: the game counts no weeks
    rules: RulesT = field(kw_only=True)  # the game's own typed rules: a frozen value its module defines
    text: TextT = field(kw_only=True)  # the game's own typed print text (None: the game prints none)

    def chart(self, key: str) -> Chart:
        for chart in self.charts:
            if chart.key == key:
                return chart
        raise KeyError(key)

    def terrain(self, key: str) -> Terrain:
        for terrain in self.terrains:
            if terrain.key == key:
                return terrain
        raise KeyError(key)

    def piece(self, key: str) -> Piece:
        for piece in self.pieces:
            if piece.key == key:
                return piece
        raise KeyError(key)
