"""How fast are maps rated by play?

1. games per second per core, for each Lost game and player (CPU time of this process, one core),
   against the goal of 10,000 games a minute per core with the careful player;
2. the --jobs speed-up: the same batch of games on 1 process and on 2 (every core), runs interleaved
   (1, 2, 1, 2...); for each run its wall time, the CPU time of this process and its workers
   (resource.RUSAGE_SELF + RUSAGE_CHILDREN), the cores it was given (CPU / wall) and the load average.
   The speed-up is a wall-time matter, so it is only as good as the free cores: on a machine where every
   core is busy and the kernel shares CPU between sessions (autogroup), a run gets its session's share
   whether it has one process or two, and `cores given` shows it. The CPU ratio (2 processes / 1) is
   what the parallel path costs, whatever the load;
   then the same for `map --count` (variants with their sheets), and what starting a pool of 2 costs
   with each start method (fork: workers are copies of this process; spawn: each imports lostprint);
3. maps rated per minute (each game), and maps kept in a band per minute (1572 normal search).

Run: python benchmarks/bench_simulate.py [--rounds R] [--games N] [--only games|jobs|maps|band]
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import tempfile
import time

from lostprint.rating.players import play_one, players_of, rated_games
from lostprint.rating.run import Executor, chunks_of, play_games

GOAL_PER_MINUTE = 10_000  # the goal, careful player, per core
GAMES = {"lost-expedition": 200, "lost-crew": 300, "lost-crows": 30}


def per_core(game: str, player: str, games: int) -> float:
    """Games per CPU-second on one core."""
    t = time.process_time()
    for seed in range(games):
        play_one(game, player, seed)
    return games / (time.process_time() - t)


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def own_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def measured(work) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and every worker it started) of work()."""
    w, c, k = time.perf_counter(), own_cpu(), children_cpu()
    work()
    return time.perf_counter() - w, (own_cpu() - c) + (children_cpu() - k)


def batch(game: str, games: int, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its workers) for one batch."""
    chunks = chunks_of(game, "careful", None, 0, games, jobs)
    return measured(lambda: play_games(chunks, Executor(jobs=jobs)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=600, help="games in a --jobs batch (1672)")
    ap.add_argument("--only", choices=["games", "jobs", "maps", "band"], default=None, help="run one part")
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    print(f"{cores} cores, load average {load:.1f} (other work on the machine slows every figure)")

    if args.only in (None, "games"):
        games_per_core(args.rounds)
    if args.only in (None, "jobs"):
        speed_up(args.rounds, args.games, cores)
    if args.only in (None, "maps"):
        maps_per_minute(cores)
    if args.only in (None, "band"):
        kept_per_minute(cores)


def games_per_core(rounds: int) -> None:
    print("\n1. games per second per core (CPU time)")
    for game in rated_games():
        for player in players_of(game):
            rates = [per_core(game, player, GAMES[game]) for _ in range(rounds)]
            best = max(rates)
            line = f"  {game:<16} {player:<8} {best:8.1f} games/s  {60 * best:9,.0f} a minute"
            if player == "careful":
                line += f"   goal {GOAL_PER_MINUTE:,}/min: ratio {60 * best / GOAL_PER_MINUTE:.2f}"
            print(line, flush=True)


def interleaved(label: str, run, rounds: int, jobs: int) -> None:
    """run(j) -> (wall, cpu) for j = 1 and `jobs`, interleaved; every run printed, then the medians."""
    rows: dict[int, list[tuple[float, float]]] = {1: [], jobs: []}
    print(f"  {label}")
    run(1)  # a warm-up, not counted: imports and caches of this process, as in a long-lived run
    print(f"    {'round':>5} {'jobs':>4} {'wall s':>7} {'CPU s':>7} {'cores given':>11} {'load':>5}")
    for r in range(rounds):
        for j in (1, jobs):
            wall, cpu = run(j)
            rows[j].append((wall, cpu))
            print(f"    {r + 1:>5} {j:>4} {wall:>7.2f} {cpu:>7.2f} {cpu / wall:>11.2f} {os.getloadavg()[0]:>5.1f}",
                  flush=True)
    w1, wn = (statistics.median(w for w, _ in rows[j]) for j in (1, jobs))
    c1, cn = (statistics.median(c for _, c in rows[j]) for j in (1, jobs))
    pairs = [a[0] / b[0] for a, b in zip(rows[1], rows[jobs])]
    print(f"    speed-up (wall, --jobs 1 / --jobs {jobs}): median of pairs {statistics.median(pairs):.2f}x "
          f"(ideal {jobs}.00x; medians {w1:.2f} s / {wn:.2f} s); CPU of the parallel run / serial "
          f"{cn / c1:.2f}x")


def autogroup() -> str:
    """Whether the kernel shares CPU between sessions rather than between processes (Linux)."""
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled") as fh:
            flag = fh.read().strip()
    except OSError:
        return "unknown"
    return "on: CPU is shared between sessions, so on a busy machine a session's second process adds no CPU" \
        if flag == "1" else "off"


def speed_up(rounds: int, games: int, cores: int) -> None:
    jobs = max(2, cores)
    print(f"\n2. --jobs speed-up on {cores} cores, runs interleaved (load average before: "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}; autogroup {autogroup()})")
    interleaved(f"simulate 1672, careful player, {games} games", lambda j: batch("lost-crew", games, j), rounds,
                jobs)
    interleaved("simulate 1872, careful player, 60 games", lambda j: batch("lost-crows", 60, j), rounds, jobs)
    interleaved("lostprint map 1672 --count 6 (map files and PDF sheets; a process each)", variants_run, rounds,
                jobs)
    pool_start(rounds)


def variants_run(jobs: int) -> tuple[float, float]:
    """`lostprint map 1672 --count 6` as a process of its own (start-up included, as a user runs it)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    folder = tempfile.mkdtemp(prefix="bench-maps-")
    cmd = [sys.executable, "-m", "lostprint", "map", "1672", "--seed", "1", "--count", "6", "--jobs", str(jobs),
           "-o", folder]
    try:
        return measured(lambda: subprocess.run(cmd, check=True, capture_output=True, env=env))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def pool_start(rounds: int) -> None:
    """A pool of 2 playing one 1672 game each: what starting the workers costs, by start method."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from lostprint.rating.run import Chunk, play_chunk, pool_context

    print(f"  a pool of 2 workers, one game each (the default here: {pool_context().get_start_method()})")
    tiny = [Chunk("lost-crew", "careful", None, s, 1) for s in range(2)]
    def start(method: str) -> None:
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
            list(pool.map(play_chunk, tiny))

    for method in [m for m in ("fork", "spawn") if m in multiprocessing.get_all_start_methods()]:
        times = [measured(lambda m=method: start(m)) for _ in range(rounds)]
        print(f"    {method:<6} wall {statistics.median(w for w, _ in times):6.3f} s, CPU "
              f"{statistics.median(c for _, c in times):6.3f} s (this process and both workers)", flush=True)


def maps_per_minute(cores: int) -> None:
    from lostprint.app.simulate import Candidate, rate_candidate
    from lostprint.rating.run import ordered_map

    print("\n3. maps rated per minute (careful player, until the interval is ±5 points; every core)")
    for game in rated_games():
        w, c, k = time.perf_counter(), time.process_time(), children_cpu()
        rated = list(ordered_map(rate_candidate, [Candidate(game, "careful", s, None) for s in range(1, 5)],
                                 Executor(jobs=cores)))
        wall = time.perf_counter() - w
        cpu = (time.process_time() - c) + (children_cpu() - k)
        played = sum(len(v.results) for _, v in rated)
        print(f"  {game:<16} 4 maps, {played} games, {wall:6.1f} s wall, {cpu:6.1f} s CPU: "
              f"{4 * 60 / wall:5.1f} maps a minute (wall), {4 * 60 / cpu:5.1f} per CPU-minute", flush=True)



def kept_per_minute(cores: int) -> None:
    from lostprint.app.simulate import difficulty_search

    print("\n   maps kept in a difficulty band per minute (1572 normal from seed 1; candidates outside "
          "or near an edge are dropped)")
    w, c, k = time.perf_counter(), time.process_time(), children_cpu()
    kept = difficulty_search("lost-expedition", "normal", 1, 3, executor=Executor(jobs=cores))
    wall = time.perf_counter() - w
    cpu = (time.process_time() - c) + (children_cpu() - k)
    seeds = ", ".join(str(m.seed) for m in kept)
    print(f"  3 maps kept (seeds {seeds}) in {wall:.1f} s wall, {cpu:.1f} s CPU: "
          f"{3 * 60 / wall:.1f} maps a minute (wall), {3 * 60 / cpu:.1f} per CPU-minute")


if __name__ == "__main__":
    main()
