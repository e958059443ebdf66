"""Is 1872: The Lost Crows winnable? Plays many seeded games with the careful chief of
lostprint.players.lost_crows (honest dice, every rule applied by lostprint.engine.lost_crows) and
prints the win rate, how long games last, what ends the lost ones, and how often each unit hits each row of the chart.

Run: python benchmarks/balance_1872.py [--seeds N] [--start S] [--check] [--pairs] [--house-off KEY,...]
--check also replays every game through the save validator (slower) and counts its problems.
--pairs plays a less careful chief who always puts both dice of a roll into the same unit (the
rules allow splitting them between two units; a player who never does wins far less often).
--house-off plays the named rulings (⌂) by their neutral stand-ins (`all`: every one that has one),
to see in detail what a ruling changes; `lostprint simulate 1872 --house-rules off` gives the win rate
of each side by side, with intervals.
A careful player should win a fair share (about 25-50 %); the house rules (unit rows 2 and <2,
the row-3 Warriors cell, Bad Omen 43-66) are what to tune if it drifts out of that range.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from lostprint.engine import lost_crows as eng
from lostprint.players.lost_crows import Chief, PairsChief, played, simulate_1872
from lostprint.saves.rules_1872 import save_of

LOSS_WHY = {"food": "Food ran out", "resolve": "Resolve ran out", "proximity": "the cavalry caught up"}


def row_of(diff: int) -> str:
    return eng.ROWS[eng.ROW_OF[diff]].label


def play(seed: int, check: bool, pairs: bool = False, house_off: frozenset = frozenset()) -> dict:
    chief = (PairsChief if pairs else Chief)(seed, house_off=house_off)
    final, events = played(chief)
    days = save_of(events, final)["days"]
    st = final.st
    result = final.over[0] if final.over else "unfinished"
    rows = Counter()
    for d in days:
        board = d["rolls"]["units"]
        for i, unit in enumerate(eng.UNITS):
            rows[(unit, row_of(board[2 * i] - board[2 * i + 1]))] += 1
    out = {
        "result": result,
        "days": len(days),
        "plots": len(st.plots),
        "why": min(eng.PRIMARY, key=lambda k: (st.value(k), k)) if result == "lost" else None,
        "idle": sum(not d.get("moved") for d in days),
        "vision": st.vision is not None,
        "rows": rows,
        "problems": 0,
    }
    if check and not house_off:  # a stand-in game follows the stand-ins, not the rules the validator knows
        from lostprint.saves.validate import replay_data

        data = simulate_1872(seed, player=PairsChief if pairs else Chief)
        data.pop("outcome", None)
        problems, _ = replay_data(data, f"seed-{seed}.yaml")
        out["problems"] = len(problems)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=500)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="replay every game through the validator")
    ap.add_argument("--pairs", action="store_true", help="never split a roll's two dice between units")
    ap.add_argument("--house-off", default="", help="rulings played by their neutral stand-ins: KEY,KEY or all "
                                                    f"({', '.join(eng.HOUSE_OFF_KEYS)})")
    args = ap.parse_args()
    keys = eng.HOUSE_OFF_KEYS if args.house_off == "all" else [k for k in args.house_off.split(",") if k]
    try:
        house_off = eng.house_rules_off(keys)
    except eng.UnknownRuling as exc:
        ap.error(str(exc))

    t0 = time.perf_counter()
    games = [play(seed, args.check, args.pairs, house_off) for seed in range(args.start, args.start + args.seeds)]
    elapsed = time.perf_counter() - t0
    n = len(games)
    won = [g for g in games if g["result"] == "won"]
    lost = [g for g in games if g["result"] == "lost"]
    rate = len(won) / n
    margin = 1.96 * (rate * (1 - rate) / n) ** 0.5

    who = "a chief who keeps each roll's dice together" if args.pairs else "the careful chief"
    print(f"1872: The Lost Crows, {n} games (seeds {args.start}-{args.start + n - 1}) by {who}, {elapsed:.1f} s")
    if house_off:
        print(f"  played by the neutral stand-ins of: {', '.join(sorted(house_off))}")
    print(f"  win rate       {100 * rate:5.1f} %  (\u00b1{100 * margin:.1f} at 95 %)")
    print(f"  average days   {statistics.mean(g['days'] for g in games):5.1f} overall, "
          f"{statistics.mean(g['days'] for g in won) if won else 0:.1f} when won "
          f"(range {min((g['days'] for g in won), default=0)}-{max((g['days'] for g in won), default=0)}), "
          f"{statistics.mean(g['days'] for g in lost) if lost else 0:.1f} when lost")
    unfinished = n - len(won) - len(lost)
    if unfinished:
        print(f"  unfinished     {unfinished}")
    print("  causes of loss")
    for key, count in Counter(g["why"] for g in lost).most_common():
        print(f"    {LOSS_WHY[key]:<22} {count:4d}  ({100 * count / n:.1f} % of games)")
    plots = Counter(g["plots"] for g in lost)
    print("  plot hexes visited before a loss  " + ", ".join(f"{k}: {plots[k]}" for k in sorted(plots)))
    print(f"  idle days (Resolve \u2212{eng.RULES.idle_resolve})  "
          f"{sum(g['idle'] for g in games) / sum(g['days'] for g in games):.1%} of days")
    print(f"  vision quest reached    {sum(g['vision'] for g in games) / n:.0%} of games")
    rows = Counter()
    for g in games:
        rows.update(g["rows"])
    print("  unit rows hit (share of days)")
    labels = tuple(r.label for r in eng.ROWS)
    for unit in ("tribe", "chief", "shaman", "warriors"):
        total = sum(rows[(unit, r)] for r in labels) or 1
        print(f"    {unit:<9}" + "  ".join(f"{r:>2}: {rows[(unit, r)] / total:4.0%}" for r in labels))
    if args.check:
        print(f"  validator problems      {sum(g['problems'] for g in games)}")


if __name__ == "__main__":
    main()
