"""One save being edited: its file, its round-trip document, its map drawn once, the live check,
the working copy (every edit kept in the autosave file beside the save before the page shows it),
the atomic save with a version check, and the journal preview.

The working copy is the newest work: what the last edit of any page made, numbered by `rev`. It is
what a page (re)loading gets; a page whose edit was based on an older rev (another tab edited in
between) is sent the newer copy, and merges what it changed with what the other page changed (the
page says so when both changed the same thing differently, and the player chooses). The save file itself is written only by Save,
atomically, and only over the version the session read, unless the user chose to overwrite.

Nothing here knows about HTTP; lostprint.edit.server maps requests onto these methods.
"""
from __future__ import annotations

import copy
import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from lostprint.app.commands import played_journal
from lostprint.app.registry import part
from lostprint.edit import document
from lostprint.edit.drawing import game_map, map_drawing
from lostprint.edit.forms import forms
from lostprint.errors import LostprintError, UsageError
from lostprint.files import SAVE, LoadError, load, parse_text, read_bytes, read_text, shown_path, syntax_of
from lostprint.games import load as game_data, resolve
from lostprint.options import PrintOptions
from lostprint.paths import write_atomic
from lostprint.saves.games import rules_module
from lostprint.saves.validate import played_or_error, replay_data

AUTOSAVE_SUFFIX = ".autosave"  # the copy beside the save: name.autosave.yaml
AUTOSAVE_HEAD = "# lostprint edit: unsaved work on {name} (based on version {version}, {when})"
AUTOSAVE_HEAD_RE = re.compile(r"\A# lostprint edit: unsaved work on .* \(based on version (\w+), ")


class StaleSave(LostprintError):
    """The file on disk changed since the page loaded it."""


class OtherPage(LostprintError):
    """Another page changed the working copy since this page's edit was based on it."""

    def __init__(self, work: dict):
        super().__init__("another page changed this save: its newer work is sent back to build on")
        self.work = work


def version_of(path: Path) -> str:
    """The version the page holds: a hash of the file's bytes ("new" when there is no file yet)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return "new"


def autosave_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}{AUTOSAVE_SUFFIX}{path.suffix or '.yaml'}")


def save_of_autosave(path: Path) -> Path:
    """The save an autosave copy belongs to (name.autosave.yaml -> name.yaml); other paths as they are:
    recovering a copy edits the save it was made for, never the copy."""
    stem = path.stem
    if stem.endswith(AUTOSAVE_SUFFIX) and len(stem) > len(AUTOSAVE_SUFFIX):
        return path.with_name(stem[:-len(AUTOSAVE_SUFFIX)] + path.suffix)
    return path


def clock(seconds: float | None) -> str | None:
    return None if seconds is None else time.strftime("%H:%M", time.localtime(seconds))


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


def readable_bytes(text: str, source: str, syntax: str) -> bytes:
    """The bytes of `text` if the project's loader reads them back (same size limit, same characters,
    same nesting); else LostprintError saying why, and nothing is written."""

    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = text[exc.start]
        raise LostprintError(f"{source}: not written: the text holds U+{ord(bad):04X}, which is not a character "
                             "a file can hold; remove it") from None
    if len(data) > SAVE.limit:
        raise LostprintError(f"{source}: not written: it would be {len(data):,} bytes, and a save may hold "
                             f"{SAVE.limit_text()}")
    try:
        parse_text(text.removeprefix("\ufeff"), source, syntax)
    except LoadError as exc:
        raise LostprintError(f"not written, lostprint could not read it back: {exc}") from None
    except RecursionError:
        raise LostprintError(f"{source}: not written: the save is nested too deeply") from None
    return data


def text_bytes(plain) -> int:
    """The bytes of the text in a plain value: the least any file of it takes (checked before the
    costly YAML dump, so a page cannot make the server work on a save it will refuse)."""
    stack, total = [plain], 0
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            total += len(node.encode("utf-8", "surrogatepass"))
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return total


def _plain_of_text(text: str, source: str):
    """The plain JSON value of a save's text through the project's loader (LoadError when it is not
    a save the loader reads)."""

    return document.to_plain(parse_text(text, source, "yaml"))


class EditSession:
    """The save at `path` (new or existing) and everything the page needs about its game."""

    def __init__(self, path: Path, game: str | None = None, map_spec=None, allow_any_map: bool = False):
        self.path = save_of_autosave(Path(path))
        self.source = shown_path(self.path)
        self.allow_any_map = allow_any_map
        self.lock = threading.Lock()
        self.check_gate = threading.Lock()  # one replay at a time
        self.checks = 0  # check requests so far (a waiting check that is not the newest gives way)
        self.texts = None  # lostprint.edit.document.Texts, once the document is known
        if self.path.exists():
            data = load(self.path, SAVE)  # the one loader: size cap, syntax errors with their line
            if not isinstance(data, dict) or "game" not in data:
                raise LostprintError(f"{self.source}: game: missing (edit opens saves of 1572, 1672 and 1872)")
            self.info = resolve(str(data["game"]))
            if game is not None and resolve(game).id != self.info.id:
                raise UsageError(f"{self.source} is a {self.info.id} save, not {resolve(game).id}")
            self.doc = self._parse_file()
            map_spec = data.get("map", "standard")
        else:
            if game is None:
                raise UsageError(f"{self.source} does not exist yet: name its game with --game (1572, 1672 or 1872)")
            self.info = resolve(game)
            self.doc = None
            self.raw = None
            self.style = document.FileStyle()
        if not self.info.has("validator"):
            raise UsageError(f"{self.info.id} records cannot be edited here yet (edit opens 1572, 1672 and 1872 saves)")
        self.rules = part(self.info, "validator")
        self.game = game_data(self.info.id)
        self.resources = self.rules.resources(self.game)
        self.game_map = game_map(self.info, map_spec, self.source, allow_any_map)
        if self.doc is None:
            spec = map_spec if map_spec is not None else "standard"
            self.doc = document.new_save(self.info.id, spec, {r.key: r.start for r in self.resources})
        self.version = version_of(self.path)
        self.file_plain = document.to_plain(self.doc)  # the save as the file (or a new save) holds it
        self.texts = document.Texts()
        self.drawing = map_drawing(self.info, self.game_map)
        self.rev = 0
        self.work = copy.deepcopy(self.file_plain)  # the newest work of any page
        self.recovered = self._recover()

    def _parse_file(self):
        """The round-trip document of the file (checked by the loader first), its style kept."""

        raw = read_bytes(self.path, SAVE)
        self.raw = raw
        self.style, body = document.style_of(raw)
        return document.parse(body)

    # --- the working copy ---------------------------------------------------------------------

    def _recover(self) -> dict | None:
        """Unsaved work left in the autosave copy by an earlier page or server: it becomes the working
        copy (never silently dropped for the older file). Says when it was made and whether the file
        changed since (then Save asks before overwriting)."""

        kept = autosave_path(self.path)
        try:
            text = read_text(kept, SAVE)
            work = _plain_of_text(text, str(kept))
        except (LoadError, LostprintError, OSError):
            return None
        if not isinstance(work, dict) or work == self.file_plain:
            return None
        head = AUTOSAVE_HEAD_RE.match(text)
        base = head.group(1) if head else None
        self.work = work
        self.rev = 1
        stale = base != self.version
        if stale:  # the file changed after this work was based on it: Save asks before overwriting it
            self.version = base or "unknown"
        return {"at": clock(kept.stat().st_mtime), "file": str(kept), "stale": stale}

    def dirty(self) -> bool:
        return self.work != self.file_plain

    def status(self) -> dict:
        """What the page's status line says about the file."""
        try:
            mtime = self.path.stat().st_mtime if self.path.is_file() else None
        except OSError:
            mtime = None
        return {"rev": self.rev, "version": self.version, "dirty": self.dirty(), "exists": mtime is not None,
                "saved_at": clock(mtime), "changed_on_disk": version_of(self.path) != self.version}

    def _autosave_text(self) -> str:
        head = AUTOSAVE_HEAD.format(name=self.path.name, version=self.version,
                                    when=time.strftime("%Y-%m-%d %H:%M"))
        return head + "\n" + document.dump(self.doc)

    def _file_text(self, plain) -> str:
        """What Save writes: the merged document as YAML, or a JSON save as JSON."""

        if syntax_of(self.path) == "json":
            self._merge(plain)
            return self.style.apply(json.dumps(plain, ensure_ascii=False, indent=2) + "\n")
        return self.style.apply(self._text_of(plain, whole=True))

    def keep(self, plain, rev) -> dict:
        """An edit of a page whose work was `rev`: kept in the autosave copy (atomically) before the
        page shows it as kept. OtherPage when another page's newer work should be built on first."""

        if not isinstance(plain, dict):
            raise UsageError("the save must be a mapping")
        with self.lock:
            if rev != self.rev:
                raise OtherPage({"save": self.work, **self.status()})
            self._merge(plain)
            kept = autosave_path(self.path)
            data = readable_bytes(self._autosave_text(), str(kept), "yaml")
            self.work = copy.deepcopy(plain)
            self.rev += 1
            if self.dirty():
                write_atomic(kept, data)
            else:
                kept.unlink(missing_ok=True)
            return self.status()

    def working(self, since: str = "") -> dict:
        """The working copy and the file's status; only the status when the page already has `since`."""
        with self.lock:
            if since == str(self.rev):
                return self.status()
            return {"save": copy.deepcopy(self.work), **self.status()}

    # --- what the page loads ------------------------------------------------------------------

    def game_info(self) -> dict:
        return {
            "id": self.info.id, "number": self.info.number, "name": self.game.title,
            "day_limit": self.game.day_limit,
            "terrains": [{"key": t.key, "name": t.name} for t in self.game.terrains],
            "marks": dict(self.rules.mark_kinds),
            "day_fields": dict(self.rules.day_fields),
            "forms": forms(self.info.id, self.game, self.game_map, rules_module(self.info.id),
                           part(self.info, "engine")),
            "setup": {k: list(v) if v else None for k, v in self.rules.setup_fields.items()},
            "resources": [{"key": r.key, "name": r.name, "start": r.start, "cap": r.cap} for r in self.resources],
        }

    def state(self) -> dict:
        with self.lock:
            return {"save": self.work, "file": self.source, "autosave_file": str(autosave_path(self.path)),
                    "recovered": self.recovered, "game": self.game_info(), "map": self.drawing, **self.status()}

    # --- the live check -----------------------------------------------------------------------

    def _merge(self, plain) -> None:
        if not isinstance(plain, dict):
            raise UsageError("the save must be a mapping")
        if text_bytes(plain) > SAVE.limit:
            raise LostprintError(f"{self.source}: not written: its text alone is more than a save may hold "
                                 f"({SAVE.limit_text()})")
        for key in ("format", "game", "map"):  # what the page was opened on; a save written must reopen here
            if plain.get(key) != self.file_plain.get(key):
                raise LostprintError(f"{self.source}: {key}: stays {self.file_plain.get(key)!r} in this page "
                                     "(start lostprint edit again for another)")
        self.doc = document.merge(self.doc, plain)

    def _text_of(self, plain, whole: bool = False) -> str:
        """The YAML the page's state saves as (merged into the working document); `whole` dumps
        the whole document (what is written), else the fast way (the same text, for checks)."""

        self._merge(plain)
        return document.dump(self.doc) if whole else self.texts.text(self.doc, plain)

    def check_text(self, text: str) -> list[Problem]:
        try:
            data = parse_text(text, self.source, "yaml")
        except LoadError as exc:
            return [split_problem(str(exc), self.source)]
        lines, _ = replay_data(data, self.source, self.allow_any_map)
        return [split_problem(line, self.source) for line in lines]

    def check(self, plain) -> list[Problem] | None:
        """The problems of the page's state; None when a newer check came in while this one waited
        (one check runs at a time: a replay can take seconds, and only the newest state matters)."""
        with self.lock:
            self.checks += 1
            mine = self.checks
            text = self.style.head + self._text_of(plain)  # problems on the file's own lines
        with self.check_gate:
            if mine != self.checks:
                return None
            return self.check_text(text)

    # --- saving -------------------------------------------------------------------------------

    def save(self, plain, version: str, rev=None, overwrite: bool = False) -> tuple[str, list[Problem]]:
        """Write the page's work atomically over the file the session read (or, with `overwrite`, the
        user's choice, over whatever is there now); returns the new version and the problems of what
        was written (a save with problems is still kept). The autosave copy goes once it is written."""

        if not isinstance(plain, dict):
            raise UsageError("the save must be a mapping")
        with self.lock:
            if rev is not None and rev != self.rev:
                raise OtherPage({"save": self.work, **self.status()})
            on_disk = version_of(self.path)
            if not overwrite and (version != on_disk or self.version != on_disk):
                gone = on_disk == "new" and self.version != "new"
                how = ("saved from another page" if on_disk == self.version else
                       "moved or deleted" if gone else "changed by another program")
                raise StaleSave(f"{self.source} was {how} since this page loaded it: nothing was written. "
                                "Your work is kept in the autosave copy.")

            text = self._file_text(plain)
            if plain == self.file_plain and self.raw is not None:
                data = self.raw  # nothing changed: the file's own bytes, whatever its spelling
            else:
                data = readable_bytes(text, self.source, syntax_of(self.path) or "yaml")
            write_atomic(self.path, data)
            self.raw = data
            self.version = version_of(self.path)
            self.file_plain = document.to_plain(self.doc)
            self.work = copy.deepcopy(plain)
            self.rev += 1
            self.recovered = None
            autosave_path(self.path).unlink(missing_ok=True)
            version = self.version
        return version, self.check_text(text.removeprefix("\ufeff").replace("\r\n", "\n"))

    def take_file(self) -> dict:
        """The user chose the file on disk over the page's work: it becomes the working copy (the page
        keeps its own work on its undo stack)."""

        with self.lock:
            if self.path.exists():
                load(self.path, SAVE)  # the loader's one clear line first, if the file is broken
                self.doc = self._parse_file()
                self.file_plain = document.to_plain(self.doc)
            self.version = version_of(self.path)
            self.texts = document.Texts()
            self.work = copy.deepcopy(self.file_plain)
            self.rev += 1
            self.recovered = None
            autosave_path(self.path).unlink(missing_ok=True)
            return {"save": self.work, **self.status()}

    def autosave(self, plain) -> Path:
        """The page's state in the autosave copy (kept for callers that do not track revisions)."""
        with self.lock:
            rev = self.rev
        self.keep(plain, rev)
        return autosave_path(self.path)

    def preview(self, plain) -> bytes:
        """The journal PDF of the page's state, by the functions `lostprint render` uses."""
        with self.lock:
            text = self._text_of(plain)
        data = parse_text(text, self.source, "yaml")
        played = played_or_error(data, self.source, self.allow_any_map)
        return played_journal(played, PrintOptions(landscape=False))
