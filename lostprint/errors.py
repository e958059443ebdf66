"""The one error a user sees: a single line, no traceback; and how interrupts are taken."""
from __future__ import annotations

import contextlib
import signal
import threading


class LostprintError(Exception):
    """A user mistake or an environment problem, reported as one line with a non-zero exit."""

    exit_code = 1


class UsageError(LostprintError):
    exit_code = 2


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised like Ctrl-C so that cleanup (temporary files) runs the same way."""


def _raise_terminated(signum, _frame):
    raise Terminated(signum)


@contextlib.contextmanager
def interrupts_raise():
    """While a command runs: SIGTERM and SIGHUP raise Terminated (cleanup runs, no traceback)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            saved[sig] = signal.signal(sig, _raise_terminated)
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def interrupts_deferred():
    """Around a C library call that cannot be interrupted cleanly (cairo writing a PNG through a
    Python callback): Ctrl-C and SIGTERM are noted and raised once the call returns."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum, _frame):
        caught.append(signum)

    sigs = [s for s in (signal.SIGINT, getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s]
    saved = {sig: signal.signal(sig, note) for sig in sigs}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
    if caught:
        raise KeyboardInterrupt if caught[0] == signal.SIGINT else Terminated(caught[0])
