"""How fast are maps rated by play?

1. games per second per core, for each Lost game and player (CPU time of this process, one core),
   against the goal of 10,000 games a minute per core with the careful player;
2. the --jobs speed-up: the same batch of games on 1 process and on every core, A and B interleaved;
   wall time here (a speed-up is a wall-time matter), with the CPU time of the pool's workers beside it
   (resource.RUSAGE_CHILDREN) so a machine loaded by other work shows as such;
3. maps rated per minute (each game), and maps kept in a band per minute (1572 normal search).

Run: python benchmarks/bench_simulate.py [--rounds R] [--games N]
"""
from __future__ import annotations

import argparse
import os
import resource
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


def batch(game: str, games: int, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its workers) for one batch."""
    chunks = chunks_of(game, "careful", None, 0, games, jobs)
    w, c, k = time.perf_counter(), time.process_time(), children_cpu()
    play_games(chunks, Executor(jobs=jobs))
    return time.perf_counter() - w, (time.process_time() - c) + (children_cpu() - k)


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


def speed_up(rounds: int, games: int, cores: int) -> None:
    print(f"\n2. --jobs speed-up, 1672 careful, {games} games, A/B interleaved")
    one, many = [], []
    for _ in range(rounds):
        one.append(batch("lost-crew", games, 1))
        many.append(batch("lost-crew", games, cores))
    w1, c1 = min(w for w, _ in one), min(c for _, c in one)
    wn, cn = min(w for w, _ in many), min(c for _, c in many)
    print(f"  --jobs 1: {w1:6.2f} s wall, {c1:6.2f} s CPU")
    print(f"  --jobs {cores}: {wn:6.2f} s wall, {cn:6.2f} s CPU (all workers)")
    print(f"  speed-up {w1 / wn:.2f}x on {cores} cores (ideal {cores}.00x); CPU overhead of the pool "
          f"{cn / c1:.2f}x")


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
