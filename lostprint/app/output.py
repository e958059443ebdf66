"""Where output goes, checked before anything is built or written: an -o path the system would refuse
for its length, and standard output that cannot be written (a full disk, `> /dev/full`).

Files themselves are written by lostprint.paths (atomically, with the umask or the replaced file's
mode); this module only says, in one line, why an output cannot be had.
"""
from __future__ import annotations

import errno
import io
import os
import sys
from pathlib import Path

from lostprint.errors import UsageError
from lostprint.paths import STDOUT_NAMES

NAME_MAX = 255  # bytes of one file or folder name on Linux, macOS and Windows file systems
PATH_MAX = 4096  # bytes of a whole path the system takes at once (Linux)


def _limit(path: Path, name: str, fallback: int) -> int:
    """The file system's own limit where it tells it (for the nearest folder that exists)."""
    folder = path
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return os.pathconf(folder, name)
    except (OSError, ValueError, AttributeError):
        return fallback


def check_output_path(output: str | Path | None) -> None:
    """Refuse an -o whose name or path is too long for the system, in one line, before any work."""
    if output is None or str(output) in STDOUT_NAMES:
        return
    text = os.fsencode(os.path.abspath(str(output)))
    if len(text) >= PATH_MAX:
        raise UsageError(f"{in_message(output)}: the output path is too long ({len(text):,} bytes; "
                         f"at most {PATH_MAX - 1:,})")
    longest = max(os.fsencode(str(output)).split(b"/"), key=len)
    if len(longest) > NAME_MAX:
        here = Path(os.fsdecode(text)).parent
        if len(longest) > _limit(here, "PC_NAME_MAX", NAME_MAX):
            raise UsageError(f"{in_message(output)}: an output name is too long ({len(longest):,} bytes; "
                             f"at most {NAME_MAX} in a name)")


def _show():
    """lostprint.files.show, loaded only for a message: a plain sheet loads no file reader."""
    from lostprint.files import show
    return show


def safe_message(text: str) -> str:
    """A message with what could drive a terminal escaped, its newlines kept (lostprint.files.show)."""
    return _show().safe_lines(text)


def in_message(value, limit: int = 60, quoted: bool = False) -> str:
    """A file name (or, quoted, any value) as a message shows it (lostprint.files.show)."""
    show = _show()
    return show.shown(value, limit) if quoted else show.shown_path(value, limit)


# what a write to a stream can fail with; a file lostprint writes reports its own name (lostprint.paths)
_STREAM_ERRORS = (errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EFBIG)


def stdout_failed(exc: OSError) -> bool:
    """Whether an OSError is standard output failing (a write error that names no file); if so,
    standard output is pointed at the null device, so that the exit does not fail on it again."""
    if exc.filename is not None or exc.errno not in _STREAM_ERRORS:
        return False
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass
    return True


def os_error_line(exc: OSError) -> str:
    """One line for an OSError that reached the command line: standard output or a named file."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if stdout_failed(exc):
        return f"standard output: cannot write ({reason})"
    if exc.filename is not None:
        return f"{in_message(exc.filename, 120)}: {reason}"
    return reason
