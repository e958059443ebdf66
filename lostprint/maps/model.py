"""The map model shared by sheets, saves and generators, and the map file (lostprint-map/1)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property

from lostprint.errors import LostprintError
from lostprint.geometry import hexgrid
from lostprint.paths import asset

DIFFICULTY_BANDS = ("easy", "normal", "hard")
DIFFICULTY_KEYS = ("player", "games", "win_rate", "interval", "band")


@dataclass(frozen=True)
class Difficulty:
    """A variant's rating by play (lostprint.rating): `games` seeded games by `player` won
    `win_rate` of the time (a fraction), 95 % interval `interval`, which puts it in `band`."""

    player: str
    games: int
    win_rate: float
    interval: tuple[float, float]
    band: str

    def title(self) -> str:
        """What the sheet's title area prints: "hard · wins 31% ±4"."""
        half = 100 * (self.interval[1] - self.interval[0]) / 2
        return f"{self.band} \u00b7 wins {100 * self.win_rate:.0f}% \u00b1{half:.0f}"

    def to_dict(self) -> dict:
        return {"player": self.player, "games": self.games, "win_rate": round(self.win_rate, 4),
                "interval": [round(self.interval[0], 4), round(self.interval[1], 4)], "band": self.band}


def difficulty_problems(value: object) -> list[str]:
    """What is wrong with a map file's `difficulty` record ("difficulty.x: what")."""
    if not isinstance(value, dict):
        return ["difficulty: an object {player, games, win_rate, interval, band}"]
    out = [f"difficulty.{k}: unknown field (a rating has {', '.join(DIFFICULTY_KEYS)})"
           for k in value if k not in DIFFICULTY_KEYS]
    out += [f"difficulty.{k}: missing" for k in DIFFICULTY_KEYS if k not in value]
    if out:
        return out
    number = (int, float)
    if not isinstance(value["player"], str) or not value["player"]:
        out.append("difficulty.player: a player's name, like careful")
    if not isinstance(value["games"], int) or isinstance(value["games"], bool) or value["games"] < 1:
        out.append("difficulty.games: a whole number of games, at least 1")
    rate = value["win_rate"]
    if not isinstance(rate, number) or isinstance(rate, bool) or not 0 <= rate <= 1:
        out.append("difficulty.win_rate: a fraction from 0 to 1")
    iv = value["interval"]
    if not (isinstance(iv, list) and len(iv) == 2 and all(isinstance(x, number) and not isinstance(x, bool)
                                                         for x in iv) and 0 <= iv[0] <= iv[1] <= 1):
        out.append("difficulty.interval: [low, high], fractions from 0 to 1, low first")
    elif isinstance(rate, number) and not iv[0] <= rate <= iv[1]:
        out.append(f"difficulty.win_rate: {rate} lies outside its interval {iv}")
    if value["band"] not in DIFFICULTY_BANDS:
        out.append(f"difficulty.band: one of {', '.join(DIFFICULTY_BANDS)}")
    return out


def difficulty_from_dict(value: dict | None) -> Difficulty | None:
    if value is None:
        return None
    return Difficulty(player=value["player"], games=value["games"], win_rate=float(value["win_rate"]),
                      interval=(float(value["interval"][0]), float(value["interval"][1])), band=value["band"])


@dataclass(frozen=True)
class Feature:
    """Something printed on the map. `hexes` are labels (a river's in downstream order);
    `edges` are hex edges written "LABEL:DIR" (DIR one of N NE SE S SW NW)."""

    type: str
    hexes: tuple[str, ...] = ()
    edges: tuple[str, ...] = ()
    letter: str = ""
    size: str = ""
    note: str = ""

    def to_dict(self) -> dict:
        out: dict = {"type": self.type}
        for key in ("hexes", "edges"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key in ("letter", "size", "note"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class GameMap:
    """A map: its hexes, their terrains and the features printed on them, as a map file holds it."""

    game: str
    name: str
    hexes: tuple[str, ...]
    start: str
    goals: tuple[str, ...]
    terrain: tuple[tuple[str, str], ...] = ()
    features: tuple[Feature, ...] = ()
    seed: int | None = None
    generator: str | None = None
    orientation: str = "flat"
    offset: str = "even-q"
    extra: tuple[tuple[str, object], ...] = field(default=())
    difficulty: Difficulty | None = None

    @cached_property
    def axial(self) -> dict[str, hexgrid.Hex]:
        return {lab: hexgrid.parse_label(lab) for lab in self.hexes}

    @cached_property
    def by_hex(self) -> dict[hexgrid.Hex, str]:
        return {h: lab for lab, h in self.axial.items()}

    def terrain_of(self, lab: str) -> str | None:
        return dict(self.terrain).get(lab)

    def features_of(self, type_: str) -> list[Feature]:
        return [f for f in self.features if f.type == type_]

    def neighbors(self, lab: str) -> list[str]:
        h = self.axial[lab]
        return [self.by_hex[n] for n in hexgrid.neighbors(h) if n in self.by_hex]

    def to_dict(self) -> dict:
        from lostprint.files.kinds import MAP_FORMAT

        out: dict = {"format": MAP_FORMAT, "game": self.game, "name": self.name}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.generator:
            out["generator"] = self.generator
        out["orientation"] = self.orientation
        out["offset"] = self.offset
        out["hexes"] = list(self.hexes)
        out["terrain"] = dict(self.terrain)
        out["start"] = self.start
        out["goals"] = list(self.goals)
        out["features"] = [f.to_dict() for f in self.features]
        if self.difficulty is not None:
            out["difficulty"] = self.difficulty.to_dict()
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"


def parse_edge(text: str) -> hexgrid.Edge:
    lab, _, direction = str(text).partition(":")
    if direction not in hexgrid.FLAT_DIRECTIONS:
        raise ValueError(f"{text!r} is not an edge (write it as LABEL:DIR, DIR one of N NE SE S SW NW)")
    return hexgrid.edge(hexgrid.parse_label(lab), direction)


def from_dict(data: dict, source: str = "<map>") -> GameMap:
    """Build a GameMap from parsed JSON, raising LostprintError on the first structural problem.
    (lostprint.maps.check reports every problem; this is the fast path for trusted files.)"""
    try:
        features = tuple(
            Feature(type=f["type"], hexes=tuple(f.get("hexes", ())), edges=tuple(f.get("edges", ())),
                    letter=f.get("letter", ""), size=f.get("size", ""), note=f.get("note", ""))
            for f in data.get("features", ())
        )
        return GameMap(
            game=data["game"], name=data["name"], hexes=tuple(data["hexes"]), start=data["start"],
            goals=tuple(data["goals"]), terrain=tuple(sorted(data.get("terrain", {}).items())),
            features=features, seed=data.get("seed"), generator=data.get("generator"),
            orientation=data.get("orientation", "flat"), offset=data.get("offset", "even-q"),
            difficulty=difficulty_from_dict(data.get("difficulty")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise LostprintError(f"{source}: not a valid map file ({exc})") from None


@cache
def standard_map(game_id: str) -> GameMap:
    """A shipped standard map (its checks run in the tests, not on every sheet). Read once per process:
    a GameMap is frozen, and sheets, engines and the validator ask for the same map many times (the test
    suite ~1,000 times, each a file read, a JSON parse and the hex labels parsed again)."""
    path = asset("maps", f"{game_id}.json")
    return from_dict(json.loads(path.read_text(encoding="utf-8")), str(path))
