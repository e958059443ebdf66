"""Run seeded work in batches: in this process, on every core (a process pool), or on a Dask cluster.

A batch (`Chunk`) is a run of consecutive seeds for one game, player and map; its results depend on
nothing else and come back in submission order, so `--jobs 1`, `--jobs 8` and a cluster give the
same numbers. The map travels as its JSON text (what a map file holds), rebuilt in each worker.
dask.distributed is imported only when a Dask scheduler is asked for.

The local pool forks its workers where the platform allows it (not on macOS, nor from a process that
already runs threads): a forked worker starts as a copy of this process, with the engines and players
already imported (play_batches imports them before the pool starts), where a spawned one would import
lostprint again (about 0.2 s of CPU per worker, measured in benchmarks/bench_simulate.py). A batch holds
at least MIN_CHUNK games. The pool keeps IN_FLIGHT unfinished tasks per worker and yields results in
order; a slow task at the head of the line does not hold the workers up (_pool_map).
"""
from __future__ import annotations

import ctypes
import itertools
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from lostprint.errors import LostprintError, UsageError
from lostprint.maps.model import from_dict
from lostprint.rating.players import GameResult, play_one, player_of

Progress = Callable[[int], None]  # hears how many more games are done
CHUNKS_PER_WORKER = 8  # not a rule: batches per worker, for an even load and a moving progress bar
MIN_CHUNK = 16  # not a rule: the fewest games in a batch (a batch costs about a millisecond to send)
MAX_CHUNK = 250  # not a rule: the most games in one batch
IN_FLIGHT = 2  # not a rule: unfinished tasks per worker (what a caller that stops early may waste)
CONNECT_TIMEOUT = "5s"  # not a rule: how long to wait for a Dask scheduler


class Chunk(NamedTuple):
    game: str
    player: str
    map_json: str | None  # None: the standard map
    first: int
    count: int
    house_off: tuple[str, ...] = ()  # rulings played by their neutral stand-ins (a balance report)


class Executor(NamedTuple):
    """Where batches run: `local` with `jobs` processes (1: in this process), or `dask` at `scheduler`."""

    kind: str = "local"
    jobs: int | None = None  # None: every core
    scheduler: str | None = None

    @property
    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1


def map_from_json(map_json: str | None):
    if map_json is None:
        return None


    return from_dict(json.loads(map_json), "<map>")


def play_chunk(chunk: Chunk) -> tuple[GameResult, ...]:
    """Every game of a batch (run in a worker: a module-level function, picklable)."""
    game_map = map_from_json(chunk.map_json)
    return tuple(play_one(chunk.game, chunk.player, seed, game_map, chunk.house_off)
                 for seed in range(chunk.first, chunk.first + chunk.count))


def chunk_stream(game: str, player: str, map_json: str | None, first: int, games: int, workers: int,
                 house_off: tuple[str, ...] = ()) -> Iterator[Chunk]:
    """Batches of consecutive seeds, made as they are asked for: about CHUNKS_PER_WORKER per worker,
    MIN_CHUNK..MAX_CHUNK games each (any cut gives the same results)."""
    size = max(1, min(MAX_CHUNK, max(MIN_CHUNK, -(-games // (workers * CHUNKS_PER_WORKER)))))
    for s in range(first, first + games, size):
        yield Chunk(game, player, map_json, s, min(size, first + games - s), house_off)


def chunks_of(game: str, player: str, map_json: str | None, first: int, games: int, workers: int,
              house_off: tuple[str, ...] = ()) -> list[Chunk]:
    """Every batch of chunk_stream, as a list."""
    return list(chunk_stream(game, player, map_json, first, games, workers, house_off))


def each_batch(chunks: Iterable[Chunk], executor: Executor = Executor(), progress: Progress | None = None,
               players: Iterable[tuple[str, str]] | None = None) -> Iterator[tuple[Chunk, tuple[GameResult, ...]]]:
    """Every batch with its results, in the batches' order, as they come: nothing is kept here, so a
    caller that sums them up runs any number of games in bounded memory. `players`: the (game,
    player) pairs the batches play, when `chunks` is a stream that must not be read twice."""
    if players is None:
        chunks = list(chunks)
        players = {(c.game, c.player) for c in chunks}
    for game, player in sorted(players):
        player_of(game, player)  # the players and engines, imported here once, not in each forked worker
    mine, theirs = itertools.tee(chunks)  # the pool reads ahead by its window; tee keeps only that much
    for chunk, part in zip(mine, ordered_map(play_chunk, theirs, executor)):
        yield chunk, part
        if progress:
            progress(chunk.count)


def play_batches(chunks: Iterable[Chunk], executor: Executor = Executor(), progress: Progress | None = None
                 ) -> list[tuple[Chunk, tuple[GameResult, ...]]]:
    """Every batch with its results, in the batches' order."""
    return list(each_batch(chunks, executor, progress))


def play_games(chunks: Iterable[Chunk], executor: Executor = Executor(), progress: Progress | None = None
               ) -> list[GameResult]:
    """The results of every batch, in seed order."""
    return sorted((r for _, part in play_batches(chunks, executor, progress) for r in part), key=lambda r: r.seed)


def ordered_map(fn: Callable, items: Iterable, executor: Executor = Executor(), ahead: int = IN_FLIGHT
                ) -> Iterator:
    """fn(item) for each item, yielded in the items' order; lazily, with `ahead` unfinished tasks per
    worker, so a caller may stop early (tasks not yet started are cancelled; what was started is
    finished and dropped)."""
    if executor.kind == "dask":
        yield from _dask_map(fn, items, executor.scheduler, ahead)
    elif executor.kind != "local":
        raise UsageError(f"unknown executor {executor.kind!r} (local or dask)")
    elif executor.workers <= 1:
        for item in items:
            yield fn(item)
    else:
        yield from _pool_map(fn, items, executor.workers, ahead)


def _windowed(submit: Callable, collect: Callable, items: Iterable, window: int) -> Iterator:
    pending: deque = deque()
    for item in items:
        pending.append(submit(item))
        if len(pending) >= window:
            yield collect(pending.popleft())
    while pending:
        yield collect(pending.popleft())


def pool_context():
    """fork where it is safe (see the module's notes), else the platform's default start method."""

    if sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods() \
            and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _pool_map(fn: Callable, items: Iterable, workers: int, ahead: int) -> Iterator:
    """As _windowed, but the window counts unfinished tasks, not uncollected ones: when the task at the
    head of the line is slow (a map rated on 800 games behind maps dropped after 100, a batch of long
    games), the other workers go on with the next items instead of waiting for it to be collected.
    Results finished early wait in order (they are small).

    The workers die with this process: on Ctrl-C, SIGTERM or any error here they are killed at once
    (their work is only ever a result in memory), and each worker asks the system to kill it when its
    parent dies, even by SIGKILL (worker_start)."""

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=pool_context(), initializer=worker_start,
                               initargs=(os.getpid(),))
    finished = False
    try:
        yield from _in_order(lambda item: pool.submit(fn, item), items, workers * ahead)
        finished = True
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM as lostprint.errors.Terminated
        _second_interrupt_exits()
        raise
    except BrokenProcessPool:
        raise LostprintError("a worker process died before its work was done (out of memory, or killed); "
                             "try again, or with --jobs 1") from None
    finally:
        if not finished:  # interrupted, or a caller that stopped early: no need to wait for the workers
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                _kill_quietly(process)
            _unblock_results(pool)
        # wait even then: the workers are dead, so this only joins the pool's manager thread, which
        # otherwise races the interpreter's exit for its wake-up pipe (a traceback on Ctrl-C, seen in CI)
        pool.shutdown(wait=True, cancel_futures=True)


def _second_interrupt_exits() -> None:
    """After a first Ctrl-C or SIGTERM the command is only cleaning up (the workers are killed, no file
    is half-written: files are written after the pool's work): a second one ends the process at once,
    rather than interrupting that cleanup or the interpreter's exit (where it would print a traceback)."""

    if threading.current_thread() is not threading.main_thread():
        return

    def exit_now(signum, _frame):
        os._exit(128 + signum)

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), exit_now)


def _unblock_results(pool) -> None:
    """A worker killed in the middle of sending its result (a map's sheet is larger than a pipe holds)
    leaves half a message in the result pipe, and the pool's manager thread waits for the rest for
    ever, so shutting the pool down hung. Closing this process's own copy of the pipe's writing end
    (the dead workers' copies closed with them) turns that wait into end-of-file, which the pool
    takes as broken and shuts down."""
    results = getattr(pool, "_result_queue", None)
    try:
        results._writer.close()
    except (OSError, AttributeError):  # no queue (a pool never started), or a Python that keeps it otherwise
        pass


def _kill_quietly(process) -> None:
    try:
        process.kill()
    except (OSError, ValueError, AttributeError):
        pass


def worker_start(parent: int) -> None:
    """In each pool worker, before its first task: the parent's signal handlers (Ctrl-C and SIGTERM
    raised as exceptions, for its own cleanup) are not the worker's. Ctrl-C, which the terminal sends
    to every process of the job, is left to the parent; SIGTERM ends a worker at once. The worker is
    killed when its parent dies: by the kernel's parent-death signal on Linux, else by a thread that
    watches the parent."""

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if not _die_with_parent():

        threading.Thread(target=_watch_parent, args=(parent,), name="lostprint-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the worker could ask
        os._exit(1)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent() -> bool:
    """Ask Linux to send SIGKILL to this process when its parent dies; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


PARENT_POLL = 0.5  # not a rule: seconds between two looks at the parent, where no parent-death signal


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _in_order(submit: Callable, items: Iterable, window: int) -> Iterator:
    """The results of submit(item) (futures) in the items' order, with at most `window` unfinished."""

    todo = iter(items)
    pending: deque = deque()  # futures in the items' order
    while True:
        # counted after the results were taken: every future may finish while the caller holds a result
        unfinished = sum(not f.done() for f in pending)
        for item in itertools.islice(todo, max(0, window - unfinished)):
            pending.append(submit(item))
        if not pending:
            return
        if not pending[0].done():
            wait([f for f in pending if not f.done()], return_when=FIRST_COMPLETED)
        while pending and pending[0].done():
            yield pending.popleft().result()


def connect(scheduler: str | None):
    """A dask.distributed Client at `scheduler`, or one clear error."""
    if not scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS (like tcp://10.0.0.5:8786)")
    try:
        from dask.distributed import Client
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] not in {"dask", "distributed"}:
            raise  # a module dask needs is broken: not the optional extra missing
        raise UsageError("--executor dask needs dask.distributed: pip install 'lostprint[cluster]'") from None
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise LostprintError(f"cannot reach the Dask scheduler at {scheduler}: {reason[:200]}") from None


def _dask_map(fn: Callable, items: Iterable, scheduler: str | None, ahead: int) -> Iterator:
    client = connect(scheduler)
    try:
        workers = max(1, sum(client.nthreads().values()))
        yield from _windowed(lambda item: client.submit(fn, item, pure=False), lambda fut: fut.result(),
                             items, workers * ahead)
    finally:
        client.close()
