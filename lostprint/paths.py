"""Where the shipped assets and templates live, for an installed wheel or a source checkout."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from lostprint.errors import LostprintError, interrupts_deferred

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    inside = _PACKAGE / name  # a wheel: force-included next to the code
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name  # a source checkout or an editable install


def assets_dir() -> Path:
    return _shipped("assets")


def templates_dir() -> Path:
    return _shipped("templates")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def examples_dir() -> Path:
    """The example saved games and records (shipped in the wheel too, for `lostprint demo`)."""
    return _shipped("examples")


# --- writing output files: all or nothing, even when interrupted --------------------------------

STDOUT_NAMES = ("-", "/dev/stdout")


def _temp_beside(path: Path) -> str:
    import tempfile  # lazy: with random and shutil ~5 ms; `--help` writes nothing

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise LostprintError(f"{path}: cannot write here ({exc.strerror or exc})") from None
    return fd, tmp


def _unlink_quietly(name) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def is_special(path: Path) -> bool:
    """An existing target that is not a regular file (/dev/null, a FIFO, a terminal): written
    straight through, never replaced by a rename."""

    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_through(path: Path, data: bytes) -> Path:
    try:
        if str(path) in STDOUT_NAMES:
            stream = getattr(sys.stdout, "buffer", None)
            if stream is None:
                raise LostprintError("-: standard output is not open for binary data")
            stream.write(data)
            stream.flush()
        else:
            with open(path, "wb") as fh:
                fh.write(data)
    except OSError as exc:
        raise LostprintError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return path


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux), since
    changing it for a moment would race with another thread creating a file."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The mode a written file gets: an existing file's own (a 0600 file stays 0600), else what the
    umask leaves of 0666 (644 under umask 022, 600 under 077). A read-only file is not replaced."""


    try:
        info = path.stat()
    except FileNotFoundError:
        return 0o666 & ~_umask()
    except OSError as exc:
        raise LostprintError(f"{path}: cannot write ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise LostprintError(f"{path}: is a folder; name a file to write")
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise LostprintError(f"{path}: is read-only, so it is not replaced (make it writable or write elsewhere)")
    return stat.S_IMODE(info.st_mode)


def write_together(files: list[tuple[Path, bytes]]) -> list[Path]:
    """Write several files as one: each goes to a temporary file beside its target, then all are
    renamed into place. On any error, Ctrl-C or signal turned into an exception, the temporary
    files are removed and so are the targets already renamed: the files appear together or not at all.
    A new file's mode follows the umask, a replaced file keeps its mode, a read-only one is refused,
    and a symlink is written through (its target is replaced, the link stays)."""

    files = [(Path(p), data) for p, data in files]
    temps: list[tuple[str, Path]] = []
    placed: list[Path] = []
    try:
        for path, data in files:
            if is_special(path) or str(path) in STDOUT_NAMES:
                continue
            real = Path(os.path.realpath(path)) if path.is_symlink() else path
            mode = _mode_for(real)
            fd, tmp = _temp_beside(real)
            temps.append((tmp, real))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, mode)
        # a Ctrl-C between a rename and its note would leave that file behind: signals wait for the loop
        with interrupts_deferred():
            for tmp, path in temps:
                os.replace(tmp, path)
                placed.append(path)
    except BaseException as exc:
        with interrupts_deferred():
            for tmp, _ in temps:
                _unlink_quietly(tmp)
            for path in placed:
                _unlink_quietly(path)
        if isinstance(exc, OSError):
            raise LostprintError(f"{temps[-1][1] if temps else files[0][0]}: cannot write "
                                 f"({exc.strerror or exc})") from None
        raise
    for path, data in files:
        if is_special(path) or str(path) in STDOUT_NAMES:
            _write_through(path, data)
    return [path for path, _ in files]


def write_atomic(path: Path, data: bytes) -> Path:
    """Write bytes to path through a temporary file and a rename: never a half-written file, and no
    temporary file left behind on any error or interrupt. "-" writes to standard output; an
    existing device or FIFO (/dev/null) is written straight through."""
    return write_together([(Path(path), data)])[0]
