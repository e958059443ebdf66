"""One save being edited: its file, its round-trip document, its map drawn once, the live check,
the atomic save with a version check, the autosave copy and the journal preview.

Nothing here knows about HTTP; lostprint.edit.server maps requests onto these methods.
"""
from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path

from lostprint.errors import LostprintError, UsageError

AUTOSAVE_SUFFIX = ".autosave"  # the copy beside the save: name.autosave.yaml


class StaleSave(LostprintError):
    """The file on disk changed since the page loaded it."""


def version_of(path: Path) -> str:
    """The version the page holds: a hash of the file's bytes ("new" when there is no file yet)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except FileNotFoundError:
        return "new"


def autosave_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}{AUTOSAVE_SUFFIX}{path.suffix or '.yaml'}")


@dataclass(frozen=True)
class Problem:
    line: int
    field: str
    message: str
    text: str  # the whole line, exactly as `lostprint validate` prints it


def split_problem(text: str, source: str) -> Problem:
    """"source:line: field: message" -> its parts (a line that does not parse keeps its text)."""
    rest = text[len(source) + 1:] if text.startswith(source + ":") else text
    line, _, rest = rest.partition(": ")
    field, _, message = rest.partition(": ")
    if not line.isdigit():
        return Problem(0, "", text, text)
    if not message:
        field, message = "", field
    return Problem(int(line), field, message, text)


def _game_map(info, spec, source: str, allow_any_map: bool):
    from lostprint.maps.check import load_map
    from lostprint.maps.generate import generate
    from lostprint.maps.model import standard_map
    from lostprint.saves.validate import map_path

    if spec is None or (isinstance(spec, str) and spec.strip().lower() == "standard"):
        return standard_map(info.id)
    if isinstance(spec, dict) and set(spec) == {"seed"}:
        return generate(info.id, int(spec["seed"]))
    if isinstance(spec, str):
        return load_map(map_path(spec, source, allow_any_map))
    raise UsageError(f"{source}: map: must be 'standard', a map file path or {{seed: N}}")


def map_drawing(info, game_map) -> dict:
    """The map exactly as the player sheet prints it (the sheet's own map group, at sheet size, by
    the SVG renderer), and every hex's corners in the same coordinates, for clicks and overlays."""
    from lostprint.render import render
    from lostprint.scene import Group, Path as SPath, Scene, walk
    from lostprint.sheets import build_sheet
    from lostprint.sheets.style import terrain_style

    sheet = build_sheet(info.id, game_map)
    group = next(i for i in walk(sheet.items) if isinstance(i, Group) and i.name == "map")
    hexes = [i for i in group.items if isinstance(i, SPath) and i.role == "hex"]
    svg = render(Scene(sheet.width, sheet.height, (group,), sheet.metadata), "svg").decode("utf-8")
    from lostprint.sheets.common import SheetOptions

    pal = SheetOptions().pal
    game = info.part("data")
    return {
        "svg": svg[svg.index("<svg"):],
        "box": list(group.box),
        "hexes": {lab: [[round(x, 2), round(y, 2)] for x, y in h.points] for lab, h in zip(game_map.hexes, hexes)},
        "printed": dict(game_map.terrain),
        "start": game_map.start,
        "goals": list(game_map.goals),
        "colours": {t.key: terrain_style(t, pal).fill or "#ffffff" for t in game.terrains},
    }


class EditSession:
    """The save at `path` (new or existing) and everything the page needs about its game."""

    def __init__(self, path: Path, game: str | None = None, map_spec=None, allow_any_map: bool = False):
        from lostprint.edit import document
        from lostprint.files import SAVE, load, read_text, shown_path
        from lostprint.games import resolve
        from lostprint.saves.rules import rules_for

        self.path = Path(path)
        self.source = shown_path(self.path)
        self.allow_any_map = allow_any_map
        self.lock = threading.Lock()
        self.texts = None  # lostprint.edit.document.Texts, once the document is known
        if self.path.exists():
            data = load(self.path, SAVE)  # the one loader: size cap, syntax errors with their line
            if not isinstance(data, dict) or "game" not in data:
                raise LostprintError(f"{self.source}: game: missing (edit opens saves of 1572, 1672 and 1872)")
            self.info = resolve(str(data["game"]))
            if game is not None and resolve(game).id != self.info.id:
                raise UsageError(f"{self.source} is a {self.info.id} save, not {resolve(game).id}")
            self.doc = document.parse(read_text(self.path, SAVE))
            map_spec = data.get("map", "standard")
        else:
            if game is None:
                raise UsageError(f"{self.source} does not exist yet: name its game with --game (1572, 1672 or 1872)")
            self.info = resolve(game)
            self.doc = None
        if not self.info.has("validator"):
            raise UsageError(f"{self.info.id} records cannot be edited here yet (edit opens 1572, 1672 and 1872 saves)")
        self.rules = rules_for(self.info.id)
        self.game = self.info.part("data")
        self.resources = self.rules.resources(self.game)
        self.game_map = _game_map(self.info, map_spec, self.source, allow_any_map)
        if self.doc is None:
            spec = map_spec if map_spec is not None else "standard"
            self.doc = document.new_save(self.info.id, spec, {r.key: r.start for r in self.resources})
        self.version = version_of(self.path)
        self.texts = document.Texts()
        self.drawing = map_drawing(self.info, self.game_map)

    # --- what the page loads ------------------------------------------------------------------

    def game_info(self) -> dict:
        return {
            "id": self.info.id, "number": self.info.number, "name": self.game.title,
            "day_limit": self.game.day_limit,
            "terrains": [{"key": t.key, "name": t.name} for t in self.game.terrains],
            "marks": dict(self.rules.mark_kinds),
            "day_fields": dict(self.rules.day_fields),
            "setup": {k: list(v) if v else None for k, v in self.rules.setup_fields.items()},
            "resources": [{"key": r.key, "name": r.name, "start": r.start, "cap": r.cap} for r in self.resources],
        }

    def state(self) -> dict:
        from lostprint.edit import document

        with self.lock:
            if self.path.exists():  # a page (re)loading gets the file as it is on disk now
                from lostprint.files import SAVE, load, read_text

                load(self.path, SAVE)  # the one loader's clear line first, if the file broke behind the page
                self.doc = document.parse(read_text(self.path, SAVE))
                self.version = version_of(self.path)
                self.texts = document.Texts()
            copy = autosave_path(self.path)
            newer = copy.exists() and (not self.path.exists() or copy.stat().st_mtime > self.path.stat().st_mtime)
            return {"save": document.to_plain(self.doc), "version": self.version, "file": self.source,
                    "autosave": str(copy) if newer else None,
                    "exists": self.path.exists(), "game": self.game_info(), "map": self.drawing}

    # --- the live check -----------------------------------------------------------------------

    def _text_of(self, plain, whole: bool = False) -> str:
        """The YAML the page's state saves as (merged into the working document); `whole` dumps
        the whole document (what is written), else the fast way (the same text, for checks)."""
        from lostprint.edit import document

        if not isinstance(plain, dict):
            raise UsageError("the save must be a mapping")
        self.doc = document.merge(self.doc, plain)
        return document.dump(self.doc) if whole else self.texts.text(self.doc, plain)

    def check_text(self, text: str) -> list[Problem]:
        from lostprint.files import LoadError, parse_text
        from lostprint.saves.validate import replay_data

        try:
            data = parse_text(text, self.source, "yaml")
        except LoadError as exc:
            return [split_problem(str(exc), self.source)]
        lines, _ = replay_data(data, self.source, self.allow_any_map)
        return [split_problem(line, self.source) for line in lines]

    def check(self, plain) -> list[Problem]:
        with self.lock:
            text = self._text_of(plain)
        return self.check_text(text)

    # --- saving -------------------------------------------------------------------------------

    def save(self, plain, version: str) -> tuple[str, list[Problem]]:
        """Write the page's state atomically if the file is still the one the page loaded; returns
        the new version and the problems of what was written (a save with problems is still kept)."""
        from lostprint.paths import write_atomic

        with self.lock:
            on_disk = version_of(self.path)
            if version != on_disk or self.version != on_disk:
                raise StaleSave(f"{self.source} changed since this page loaded it (saved from another tab or "
                                "program): reload the page to edit the newer file; nothing was written")
            text = self._text_of(plain, whole=True)
            write_atomic(self.path, text.encode("utf-8"))
            self.version = version_of(self.path)
            autosave_path(self.path).unlink(missing_ok=True)
            version = self.version
        return version, self.check_text(text)

    def autosave(self, plain) -> Path:
        from lostprint.paths import write_atomic

        with self.lock:
            text = self._text_of(plain, whole=True)
            return write_atomic(autosave_path(self.path), text.encode("utf-8"))

    def preview(self, plain) -> bytes:
        """The journal PDF of the page's state, by the functions `lostprint render` uses."""
        from lostprint.books.journal import build_journal
        from lostprint.files import parse_text
        from lostprint.options import PrintOptions
        from lostprint.saves.validate import played_or_error

        with self.lock:
            text = self._text_of(plain)
        data = parse_text(text, self.source, "yaml")
        played = played_or_error(data, self.source, self.allow_any_map)
        opts = PrintOptions(landscape=False)
        return build_journal(played, opts.paper, opts.ink)
