"""Issue 23's replay and mutation check, per Lost game: careful games replay clean with and without
their `rolls:`, and how many random single mutations of them the validator rejects.

    python benchmarks/replay_and_mutations.py [--games 1572,1672,1872] [-n 1000] [--first 0]

For each game and seed (--first .. --first+n-1) the careful player's save is validated as played,
with its rolls and with every day's rolls removed (clean: no problem and the claimed result). Then,
for each kind below, one random single change is made to the save (a random source seeded by the
game, the seed and the kind, so every run and every commit makes the same change to the same game)
and the mutant is validated with its rolls and without them (the same change both times):

    resource  a day's resource moved by 1..3 (within 0..6)
    terrain   a day's mapped hex given another terrain drawn in the same game
    move      a step of a day's route sent to another neighbour of the hex before it
    mapping   a day's mapping grown by one hex: a neighbour of a hex drawn that day, not yet drawn,
              in that hex's terrain
    mark      a day's mark dropped

A rejected mutant is one with at least one problem. Nothing here knows a game's rules: the
mutations are of the save's fields, so the script runs on older commits as well (PYTHONPATH=...).
A mutant can be legal (another roll or choice explains it), so 100 % is not expected everywhere.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
import time

KINDS = ("resource", "terrain", "move", "mapping", "mark")
GAMES = {"1572": "lost-expedition", "1672": "lost-crew", "1872": "lost-crows"}


def simulated(game: str, seed: int) -> dict:
    """The careful player's save for one seed, without its log lines."""
    if game == "1572":
        from lostprint.players.lost_expedition import simulate_1572 as play
    elif game == "1672":
        from lostprint.players.lost_crew import simulate_1672 as play
    else:
        from lostprint.players.lost_crows import simulate_1872 as play
    data = play(seed)
    for d in data["days"]:
        d.pop("log", None)
    return data


def without_rolls(data: dict) -> dict:
    data = copy.deepcopy(data)
    for d in data["days"]:
        d.pop("rolls", None)
    return data


def _position(days: list, i: int, start: str) -> str:
    """Where day i begins: the last hex moved to before it."""
    for d in reversed(days[:i]):
        if d.get("moved"):
            return d["moved"][-1]
    return start


def mutate(data: dict, kind: str, rng: random.Random, gm) -> bool:
    """Apply one change of this kind in place; False when the save offers none."""
    days = data["days"]
    if kind == "resource":
        d = rng.choice(days)
        key = rng.choice(sorted(d["resources"]))
        delta = rng.choice((-3, -2, -1, 1, 2, 3))
        old = d["resources"][key]
        d["resources"][key] = old + delta if 0 <= old + delta <= 6 else old - delta
        return 0 <= d["resources"][key] <= 6
    if kind == "terrain":
        drawn = sorted({t for d in days for t in (d.get("mapped") or {}).values()})
        mapping = [d for d in days if d.get("mapped")]
        if len(drawn) < 2 or not mapping:
            return False
        d = rng.choice(mapping)
        label = rng.choice(sorted(d["mapped"]))
        d["mapped"][label] = rng.choice([t for t in drawn if t != d["mapped"][label]])
        return True
    if kind == "move":
        moving = [i for i, d in enumerate(days) if d.get("moved")]
        if not moving:
            return False
        i = rng.choice(moving)
        route = days[i]["moved"]
        j = rng.randrange(len(route))
        here = route[j - 1] if j else _position(days, i, gm.start)
        others = sorted(x for x in gm.neighbors(here) if x != route[j])
        if not others:
            return False
        route[j] = rng.choice(others)
        return True
    if kind == "mapping":
        mapping = [d for d in days if d.get("mapped")]
        if not mapping:
            return False
        d = rng.choice(mapping)
        drawn = set(dict(gm.terrain)) | {gm.start}
        for day in days:
            drawn |= set(day.get("mapped") or {})
        extra = {x: terrain for label, terrain in sorted(d["mapped"].items())
                 for x in sorted(gm.neighbors(label)) if x not in drawn}
        if not extra:
            return False
        label = rng.choice(sorted(extra))
        d["mapped"][label] = extra[label]
        return True
    marking = [d for d in days if d.get("marks")]
    if not marking:
        return False
    d = rng.choice(marking)
    d["marks"].pop(rng.randrange(len(d["marks"])))
    if not d["marks"]:
        del d["marks"]
    return True


def rejected(data: dict) -> bool:
    from lostprint.saves.validate import replay_data

    found, _ = replay_data(copy.deepcopy(data), "m.yaml")
    return bool(found)


def clean(data: dict) -> bool:
    from lostprint.saves.validate import replay_data

    data = copy.deepcopy(data)
    claimed = data.pop("outcome", {}).get("result", "unfinished")
    found, played = replay_data(data, "g.yaml")
    return not found and played is not None and played.result == claimed


def measure(game: str, seeds, kinds=KINDS, every: int = 0) -> dict:
    """{"clean": {rolls?: (clean, games)}, kind: {rolls?: (rejected, tried)}, "digest": saves' hash}.
    With every > 0, the table so far is printed after each `every` games."""
    from lostprint.maps.model import standard_map

    gm = standard_map(GAMES[game])
    out: dict = {"clean": {True: [0, 0], False: [0, 0]}, **{k: {True: [0, 0], False: [0, 0]} for k in kinds}}
    digest = hashlib.sha256()
    for done, seed in enumerate(seeds, 1):
        base = simulated(game, seed)
        digest.update(json.dumps(base, sort_keys=True).encode())
        for rolls, data in ((True, base), (False, without_rolls(base))):
            out["clean"][rolls][0] += clean(data)
            out["clean"][rolls][1] += 1
        base.pop("outcome", None)
        for kind in kinds:
            mutant = copy.deepcopy(base)
            if not mutate(mutant, kind, random.Random(f"{game}-{seed}-{kind}"), gm) or mutant == base:
                continue
            for rolls, data in ((True, mutant), (False, without_rolls(mutant))):
                out[kind][rolls][0] += rejected(data)
                out[kind][rolls][1] += 1
        out["digest"] = digest.hexdigest()[:12]
        if every and done % every == 0 and done < len(seeds):
            print("\n".join(table(game, out)), f"\n  (so far: {done} games)", flush=True)
    return out


def _cell(pair) -> str:
    done, of = pair
    return f"{done}/{of} ({100 * done / of:.1f} %)" if of else "-"


def table(game: str, out: dict) -> list[str]:
    rows = [f"{game}  (saves {out['digest']})", f"  {'':<22}{'with rolls':>24}{'without rolls':>24}"]
    rows.append(f"  {'replays clean':<22}{_cell(out['clean'][True]):>24}{_cell(out['clean'][False]):>24}")
    for kind in (k for k in out if k not in ("clean", "digest")):
        rows.append(f"  {kind + ' rejected':<22}{_cell(out[kind][True]):>24}{_cell(out[kind][False]):>24}")
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="1572,1672,1872")
    ap.add_argument("-n", type=int, default=1000, help="games per Lost game (default 1000)")
    ap.add_argument("--first", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--every", type=int, default=0, help="print the table so far every N games")
    args = ap.parse_args(argv)
    kinds = tuple(args.kinds.split(","))
    for game in args.games.split(","):
        began = time.process_time()
        out = measure(game, range(args.first, args.first + args.n), kinds, args.every)
        print("\n".join(table(game, out)), f"\n  ({time.process_time() - began:.0f} s CPU)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
