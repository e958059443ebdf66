"""How fast the 1872 engine replays and plays, in CPU time on one core.

    python benchmarks/bench_engine_1872.py [--games N] [--rounds R] [--saves 101,214] [--thorough]

1. Validating long saves in-process (seed 101: 41 days, the longest of the first 120 games; seed 214:
   48 days, the longest of 400), with and without their rolls, and the same save without rolls with
   its middle day's Food moved by 3 (a rejection), against the goal of 50 ms each; rounds
   interleaved. With --thorough, A/B against the replay that keeps every branch of every day (slow).
2. Games per second with the careful player (played through the one driver, engine.drive, recording
   each input as the transcript needs), against the goal of 6 ms a game; A/B interleaved with the naive
   player (PairsChief) and with the careful player as `lostprint simulate` plays it (the driver without
   a record: no states kept, so far less work for the garbage collector) round by round, so load on the
   machine hits all alike. Each round's seeds are played once untimed first (their inputs, for 3.), so
   every timed round finds the player's memos as warm. The players memoise what they work out (per map, per day's worths), so the first
   games of a process are slower: timed apart, then --warm games are played untimed (a simulate run
   of 1,000 games spends most of its games warm) before the rounds.
3. The engine and driver alone: the careful player's games of each round replayed from their recorded
   inputs (no decisions worked out), so what is left of a careful game's time is the player's.
Prints medians and ratios to the goals, and each player's fastest and slowest round (on a shared
machine a round's CPU time can swing by a third with the neighbours' load: read the ratios, or run
more rounds); nothing is asserted (speed is not a test).
"""
from __future__ import annotations

import argparse
import copy
import statistics
import time

from lostprint.engine import drive
from lostprint.engine import lost_crows as eng
from lostprint.engine.contract import AUTO
from lostprint.players.lost_crows import DAY_LIMIT, Chief, PairsChief, played, simulate_1872
from lostprint.saves.rules_1872 import RULES
from lostprint.saves.validate import replay_data

SAVE_GOAL_S = 0.050
GAME_GOAL_S = 0.006
FRESH = 100_000  # seeds of the untimed warm-up games, far from the timed ones


def cpu(fn, *args):
    t = time.process_time()
    fn(*args)
    return time.process_time() - t


def play_all(player, seeds) -> None:
    for seed in seeds:
        played(player(seed))


def simulate_all(player, seeds) -> None:
    """The games as `lostprint simulate` plays them (rating.players.play_one): the driver keeps no record."""
    for seed in seeds:
        p = player(seed)
        drive.play(eng, p.start(), p.decide, p.roll, p.days)


def inputs_of(player, seeds) -> list:
    """Each game's start and the values its decisions and rolls gave, in order."""
    games = []
    for seed in seeds:
        _, events = played(player(seed))
        games.append((player(seed).start(), [e.value for e in events if e.need is not AUTO]))
    return games


def replay_all(games) -> None:
    """The games again through the driver (recording, as `played` does), each input read back."""
    for start, values in games:
        given = iter(values).__next__
        drive.play(eng, start, lambda state, step, need: given(), lambda need: given(), DAY_LIMIT, [])


def validate_one(seed: int, rounds: int, thorough: bool) -> None:
    save = simulate_1872(seed)
    save.pop("outcome", None)
    bare = copy.deepcopy(save)
    for d in bare["days"]:
        d.pop("rolls")
    bad = copy.deepcopy(bare)
    middle = bad["days"][len(bad["days"]) // 2]["resources"]
    middle["food"] = middle["food"] - 3 if middle["food"] >= 3 else middle["food"] + 3
    cases = {"with rolls": (save, None), "without rolls": (bare, None), "rejected": (bad, None)}
    if thorough:
        cases["every branch"] = (bare, RULES.thorough)
    times: dict = {name: [] for name in cases}
    for _ in range(rounds + 1):  # interleaved; the first round warms up and is dropped
        for name, (data, rules) in cases.items():
            times[name].append(cpu(replay_data, copy.deepcopy(data), "long.yaml", False, rules))
    days = len(save["days"])
    for name, got in times.items():
        t = statistics.median(got[1:])
        print(f"validate a {days}-day save (seed {seed}) {name:<14} {1000 * t:8.1f} ms CPU  "
              f"({t / SAVE_GOAL_S:5.2f}x the {1000 * SAVE_GOAL_S:.0f} ms goal)")
    quick = statistics.median(times["without rolls"][1:])
    # the replay with rolls did not change: a yardstick for how loaded the machine is
    print(f"without rolls / with rolls  {quick / statistics.median(times['with rolls'][1:]):5.2f}x")
    if thorough:
        print(f"every branch / search by class  {statistics.median(times['every branch'][1:]) / quick:5.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--saves", default="101,214", help="seeds of the saves to validate")
    ap.add_argument("--thorough", action="store_true", help="also time the every-branch replay without rolls")
    ap.add_argument("--warm", type=int, default=300, help="games played untimed before the player rounds")
    args = ap.parse_args()
    from lostprint.players import lost_crows as player

    # the installed wheel is compiled (hatch_build.py); these sources, an editable install, are not
    print(f"the 1872 engine and players: {'compiled' if player.__file__.endswith(('.so', '.pyd')) else 'pure Python'} "
          f"({player.__file__}); benchmarks/bench_compiled.py compares the two")
    for seed in (int(x) for x in args.saves.split(",")):
        validate_one(seed, args.rounds, args.thorough)

    first = range(FRESH, FRESH + args.games)  # seeds no round plays
    cold = cpu(play_all, Chief, first) / args.games
    print(f"careful player, the first {args.games} games of this process: {1000 * cold:7.1f} ms CPU a game "
          f"({cold / GAME_GOAL_S:5.1f}x the 6 ms goal)")
    play_all(Chief, range(FRESH + args.games, FRESH + args.games + args.warm))
    careful, naive, engine, simulated = [], [], [], []
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        inputs = inputs_of(Chief, seeds)
        careful.append(cpu(play_all, Chief, seeds) / args.games)
        naive.append(cpu(play_all, PairsChief, seeds) / args.games)
        engine.append(cpu(replay_all, inputs) / args.games)
        simulated.append(cpu(simulate_all, Chief, seeds) / args.games)
    for name, times in (("careful player", careful), ("naive player", naive), ("careful, simulate", simulated)):
        t = statistics.median(times)
        print(f"{name:<17} {1000 * t:7.1f} ms CPU a game, {1 / t:7.0f} games/s, {60 / t:7.0f} a minute  "
              f"({t / GAME_GOAL_S:5.1f}x the 6 ms goal; after {args.warm} warm-up games; rounds "
              f"{1000 * min(times):.1f}-{1000 * max(times):.1f} ms)")
    print(f"careful / naive  {statistics.median(careful) / statistics.median(naive):5.2f}x")
    t = statistics.median(engine)
    print(f"engine and driver alone (the careful games' inputs replayed) {1000 * t:7.1f} ms CPU a game: "
          f"{t / statistics.median(careful):4.0%} of a careful game; the careful player's decisions the rest")


if __name__ == "__main__":
    main()
