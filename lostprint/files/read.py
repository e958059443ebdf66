"""Read the bytes of a file a user named: regular files only, never more than the kind's limit.

A FIFO, a device (/dev/zero) or a directory is refused before a byte is read: the file is opened
with O_NONBLOCK, so opening a FIFO never waits for a writer, and the open file is checked with
fstat. "-" and /dev/stdin read standard input once (a pipe is fine there: the user asked for it).
"""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from lostprint.files.kinds import ANY, Kind
from lostprint.files.show import shown_path
from lostprint.files.tree import LoadError

STDIN_NAMES = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")


def is_stdin(path: str | Path) -> bool:
    return str(path) in STDIN_NAMES


def _too_large(source: str, kind: Kind, size: str) -> LoadError:
    return LoadError(f"{source}: too large for {kind.what} ({size}; the limit is {kind.limit_text()})")


def _not_a_file(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _read_fd(fd: int, limit: int) -> bytes:
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_bytes(path: str | Path, kind: Kind = ANY) -> bytes:
    """The file's bytes (at most kind.limit); LoadError with one line otherwise."""
    source = shown_path(path)
    if is_stdin(path):
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise LoadError(f"{source}: standard input is not open")
        raw = stream.read(kind.limit + 1)
        if len(raw) > kind.limit:
            raise _too_large(source, kind, f"over {kind.limit:,} bytes")
        return raw
    try:
        fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise LoadError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise LoadError(f"{source}: is a directory, not {kind.what}") from None
    except OSError as exc:
        raise LoadError(f"{source}: cannot read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        what = _not_a_file(info.st_mode)
        if what is not None:
            raise LoadError(f"{source}: is {what}, not {kind.what}")
        if info.st_size > kind.limit:
            raise _too_large(source, kind, f"{info.st_size:,} bytes")
        raw = _read_fd(fd, kind.limit)
    except OSError as exc:
        raise LoadError(f"{source}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > kind.limit:  # a file that grew, or /proc-like files that report size 0
        raise _too_large(source, kind, f"over {kind.limit:,} bytes")
    return raw


def decode(raw: bytes, source: str, kind: Kind = ANY) -> str:
    """UTF-8 text (a byte-order mark is dropped, in every kind of file)."""
    if b"\x00" in raw:
        raise LoadError(f"{source}: a binary file, not {kind.what} (YAML or JSON text)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LoadError(f"{source}:{line}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise LoadError(f"{source}:1: the file is empty")
    return text


def read_text(path: str | Path, kind: Kind = ANY) -> str:
    return decode(read_bytes(path, kind), shown_path(path), kind)


def confined(path: str | Path, folder: str | Path) -> bool:
    """Whether path, with every symlink followed, lies in folder or below."""
    real_folder = os.path.realpath(folder)
    real = os.path.realpath(path)
    try:
        return os.path.commonpath([real_folder, real]) == real_folder
    except ValueError:  # different drives
        return False
