"""What every Lost game shares when a save is replayed: the results of a replay (plain frozen data
the journal draws from), the mutable replay state (local to one check), and the interface each
game's rules fill in (lostprint.saves.rules_1572 / rules_1672 / rules_1872).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lostprint.files import line_of
from lostprint.files.fields import MAX_LINE, At
from lostprint.files.fields import Problems as FileProblems
from lostprint.files.show import clip, safe_lines
from lostprint.geometry import hexgrid

LONGEST_PROBLEM = MAX_LINE * 12  # not a rule: a bound on one problem's characters (a day's log told in full)


def slug(text: object) -> str:
    """'Natural Wonder' / 'natural_wonder' / 'NATURAL-WONDER' -> 'natural-wonder'."""
    return "-".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())


def at_in(container, key, at: At) -> At:
    """Where `key` stands inside the field at `at` (on the field's own line when it has none)."""
    return At(line_of(container, key) or at.line, f"{at.field}.{key}")


# --- what a replay produces ------------------------------------------------------------------


@dataclass(frozen=True)
class Resource:
    key: str
    name: str
    start: int
    cap: int


@dataclass(frozen=True)
class Mark:
    """A mark a player drew on the map: its kind, the day, its hexes and any details."""

    kind: str
    day: int
    hexes: tuple[str, ...]
    data: tuple[tuple[str, object], ...] = ()

    def get(self, key: str, default=None):
        return dict(self.data).get(key, default)


@dataclass(frozen=True)
class Event:
    """Something worth marking on the resource chart (a fever, a wound, a crow...)."""

    day: int
    kind: str
    label: str


@dataclass(frozen=True)
class DayRecord:
    day: int
    start: str  # where the day began
    moved: tuple[str, ...]
    mapped: tuple[tuple[str, str], ...]
    resources: tuple[tuple[str, int], ...]  # at the end of the day, every resource
    caps: tuple[tuple[str, int], ...]
    journal: str
    facts: tuple[str, ...]  # short facts printed under the day's heading

    @property
    def end(self) -> str:
        return self.moved[-1] if self.moved else self.start


@dataclass(frozen=True)
class Played:
    """A save that passed every check, replayed: everything the journal draws."""

    source: str
    game: object  # lostprint.games.model.Game
    game_map: object  # lostprint.maps.model.GameMap
    title: str
    player: str
    setup: tuple[tuple[str, str], ...]
    resources: tuple[Resource, ...]
    start_values: tuple[tuple[str, int], ...]
    days: tuple[DayRecord, ...]
    marks: tuple[Mark, ...]
    events: tuple[Event, ...]
    terrain: tuple[tuple[str, str], ...]  # every hex with terrain at the end, printed or drawn
    mapped_on: tuple[tuple[str, int], ...]  # hexes the player drew, and the day
    result: str  # won | lost | unfinished
    reason: str
    score: tuple[tuple[str, int], ...]  # the score, term by term
    recorded_score: int | None = None

    @property
    def total(self) -> int:
        return sum(points for _, points in self.score)

    @property
    def route(self) -> list[tuple[int, str]]:
        """(day, hex) for the start (day 0) and every hex entered."""
        out = [(0, self.game_map.start)]
        for d in self.days:
            out.extend((d.day, lab) for lab in d.moved)
        return out

    @property
    def final_hex(self) -> str:
        return self.days[-1].end if self.days else self.game_map.start


# --- the replay state and the problem list ----------------------------------------------------


class Problems(FileProblems):
    """A save's problems, each one line as any file's, but long enough for a refused day's log told step by
    step (a terminal wraps it): a file's problem is cut at MAX_LINE, which would cut the log short."""

    def add(self, at: At, message: str) -> None:
        self.count += 1
        if len(self.items) < self.keep:
            text = clip(safe_lines(f"{self.source}:{at.line}: {at.field}: {message}"), LONGEST_PROBLEM)
            self.items.append((at.line, self.count, text))


@dataclass
class State:
    """The game as it stands during a replay (mutable, local to one replay)."""

    game: object
    game_map: object
    setup: dict
    position: str
    terrain: dict  # label -> terrain, printed and drawn
    mapped_on: dict = field(default_factory=dict)  # label -> day drawn by the player
    values: dict = field(default_factory=dict)  # resource -> value
    caps: dict = field(default_factory=dict)  # resource -> current maximum
    marks: list = field(default_factory=list)  # Mark
    events: list = field(default_factory=list)  # Event
    day: int = 0
    day_start: str = ""  # where the current day began
    day_hexes: list = field(default_factory=list)  # hexes the party stood in today
    ended: tuple | None = None  # (day, result, reason)
    numbered: int = 0  # the number the save wrote on the last day read
    drawn: dict = field(default_factory=dict)  # label -> terrain, the hexes drawn today
    own: object = None  # the transcript's own running state (its begin() sets it)
    next_step: str | None = None  # the first hex a later day's route enters, as the save writes it

    def stood_today(self, label: str) -> bool:
        return label in self.day_hexes

    def adjacent(self, a: str, b: str) -> bool:
        axial = self.game_map.axial
        return a in axial and b in axial and hexgrid.distance(axial[a], axial[b]) == 1


class LostRules:
    """The hooks a game's save rules fill in. Checks report through `problems.add(at, msg)`."""

    setup_fields: dict[str, tuple[str, ...] | None] = {}  # key -> allowed slugs (required), None: free text
    setup_aliases: dict[str, str] = {}  # other spellings of a setup choice (1572's die face) -> its slug
    setup_counts: dict[str, int] = {}  # key -> how many names a setup list holds (1672: the four sailors)
    enters_unmapped = False  # may the party step into a hex nobody has drawn (1672: it stays blank)?
    mark_kinds: dict[str, str] = {}  # kind -> what its value looks like (for messages and docs)
    mark_names: dict[str, str] = {}  # another name a sheet prints for a mark kind (as its slug) -> the kind
    day_fields: dict[str, str] = {}  # extra per-day fields -> what they hold
    counted_once: dict[str, str] = {}  # mark kind -> its name: its hexes score as one mapped hex (1572's Lagos)
    score_note = ""  # said after the terms of a refused score (1872: the start hex never counts)
    stops_at_refusal = False  # no replay goes on after a refused day (1572): a step it refused that the next route
    # enters again was not taken, and a refused last day leaves the game's end unknown

    def resources(self, game) -> tuple[Resource, ...]:
        return tuple(Resource(t.key, t.name, t.start, t.maximum) for t in game.trackers)

    def wins_on_entering(self, st: State, label: str) -> bool:
        """Entering a goal hex ends the game in a win (1872 first needs the five plot hexes)."""
        return True

    def never_drawn(self, st: State, label: str) -> str | None:
        """Why a route may not enter an unmapped hex no one may draw (1872: Fort Benton, impassable before 12A),
        in the game's words; None: the general reason (draw it first)."""
        return None

    def entered_again(self, st: State, label: str) -> str | None:
        """Why a route may not list the hex it stands in, in the game's words (1872: back from the fort); None
        for the general reason."""
        return None

    def begin(self, st: State) -> None:
        """Set up the game's own running state before day 1."""

    def begin_day(self, st: State, day, at: At, problems: Problems) -> None:
        """A day is about to be read: `day` is its raw mapping (for the lines of its fields)."""

    def check_day_field(self, st: State, name: str, value, at: At, problems: Problems, container) -> None:
        """A game's own day field (1572 fever, 1672 weather...)."""

    def check_mapped(self, st: State, label: str, terrain: str, at: At, problems: Problems) -> None:
        """Game rules for a hex drawn today (the walk has checked it is a terrain, on a hex not yet drawn)."""

    def after_moves(self, st: State, problems: Problems) -> None:
        """The day's steps taken, before its resources are read (1572: how many; 1672: the crew's wounds)."""

    def check_mark(self, st: State, kind: str, value, at: At, problems: Problems, container) -> Mark | None:
        raise NotImplementedError

    def claimed(self, st: State, recorded: str) -> tuple[str, str] | None:
        """(result, reason) when a recorded result the replay cannot reach is still allowed."""
        return None

    def check_resources(self, st: State, before: dict, at: At, problems: Problems) -> None:
        """Game rules comparing the day's end values with the day before."""

    def end_of_day(self, st: State) -> tuple[str, str] | None:
        """(result, reason) when the game is over at the end of this day."""
        return None

    def facts(self, st: State, record: dict) -> tuple[str, ...]:
        """Short facts for the day's heading in the journal."""
        return ()

    def score(self, st: State, result: str) -> list[tuple[str, int]]:
        raise NotImplementedError
