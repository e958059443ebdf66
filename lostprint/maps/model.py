"""The map model shared by sheets, saves and generators, and the map file (lostprint-map/1)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property

from lostprint.errors import LostprintError
from lostprint.geometry import hexgrid
from lostprint.paths import asset

MAP_FORMAT = "lostprint-map/1"


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
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise LostprintError(f"{source}: not a valid map file ({exc})") from None


def standard_map(game_id: str) -> GameMap:
    """A shipped standard map (its checks run in the tests, not on every sheet)."""
    path = asset("maps", f"{game_id}.json")
    return from_dict(json.loads(path.read_text(encoding="utf-8")), str(path))
