"""1872: every game the seeded players make replays clean through the validator, with and without
its rolls, and single mutations of those games are rejected at the rate the rules imply.

The default run plays small samples (a few seconds); `pytest -m slow` plays 1,000 games with their rolls
and 1,000 without (about a minute and about four)."""
import copy
import random

import pytest

from lostprint.engine import lost_crows as eng
from lostprint.maps.model import standard_map
from lostprint.players.lost_crows import PairsChief, simulate_1872
from lostprint.saves.rules_1872 import RULES
from lostprint.saves.validate import replay_data

LAND = eng.land_of(standard_map("lost-crows"))
WORK_DAYS = 12  # days replayed without rolls when the replay's work is counted


def replays_clean(seed: int, player=None, strip_rolls: bool = False, days: int | None = None):
    save = simulate_1872(seed) if player is None else simulate_1872(seed, player=player)
    claimed = save.pop("outcome", {}).get("result", "unfinished")
    if days is not None and days < len(save["days"]):
        save["days"] = save["days"][:days]
        claimed = "unfinished"
    if strip_rolls:
        for d in save["days"]:
            d.pop("rolls")
    found, played = replay_data(save, f"seed-{seed}.yaml")
    assert found == [], (seed, found[:3])
    assert played.result == claimed, (seed, played.result, claimed)
    return claimed


def test_a_sample_of_games_replays_clean_with_rolls():
    results = [replays_clean(seed) for seed in range(20)]
    assert 4 <= results.count("won") <= 16, results


def test_a_sample_of_whole_games_replays_clean_without_rolls():
    for seed in (3, 5):  # lost on day 18; won on day 35
        replays_clean(seed, strip_rolls=True)


def test_the_naive_player_plays_by_the_rules_too():
    for seed in range(5):
        replays_clean(seed, player=PairsChief)


@pytest.mark.slow
def test_1000_games_replay_clean_with_rolls():
    for seed in range(1000):
        replays_clean(seed)


@pytest.mark.slow
def test_1000_games_replay_clean_without_rolls():
    for seed in range(1000):
        replays_clean(seed, strip_rolls=True)


def _bare(seed: int, days: int | None = None) -> dict:
    save = simulate_1872(seed)
    save.pop("outcome", None)
    save["days"] = save["days"][:days]
    for d in save["days"]:
        d.pop("rolls")
    return save


def test_a_day_without_rolls_stops_at_its_first_explanation(monkeypatch):
    """The replay without rolls used to build every branch of every day (180,869 engine effects for
    the first 12 days of seed 3, 119,844 for seed 5); it now goes depth first, cuts a branch as soon as
    the day's recorded values or map icons are out of its reach, and stops at the first explanation."""
    calls = [0]
    apply = eng.apply

    def counted(*args, **kwargs):
        calls[0] += 1
        return apply(*args, **kwargs)

    monkeypatch.setattr(eng, "apply", counted)
    for seed in (3, 5):
        save = _bare(seed, WORK_DAYS)
        calls[0] = 0
        found, _ = replay_data(save, f"seed-{seed}.yaml")
        assert found == [], found[:3]
        assert calls[0] < 20_000, (seed, calls[0])


def test_the_quick_replay_agrees_with_the_full_one():
    """Quick (first explanation per day) and thorough (every branch) give the same verdicts, results
    and first problems, on clean saves and on mutated ones, with and without rolls."""
    rng = random.Random(11)
    saves = []
    for seed in (1, 4):
        clean = _bare(seed, 6)
        saves.append(clean)
        for _ in range(1):
            bad = copy.deepcopy(clean)
            mutate(bad, rng)
            saves.append(bad)
    with_rolls = simulate_1872(2)
    with_rolls.pop("outcome", None)
    saves.append(with_rolls)
    bad = copy.deepcopy(with_rolls)
    mutate(bad, rng)
    saves.append(bad)
    for save in saves:
        quick, q_played = replay_data(copy.deepcopy(save), "q.yaml")
        full, f_played = replay_data(copy.deepcopy(save), "q.yaml", rules=RULES.thorough)
        assert quick[:1] == full[:1]
        assert (q_played is None) == (f_played is None)
        if q_played is not None:
            assert (q_played.result, q_played.score) == (f_played.result, f_played.score)


# --- mutations ------------------------------------------------------------------------------------


def mutate(save: dict, rng: random.Random) -> tuple[str, int]:
    """One random single change: a resource moved by 1-3, a move changed, a day's mapping doubled."""
    days = save["days"]
    kind = rng.choice(("resource", "move", "mapping"))
    if kind == "move":
        moving = [i for i, d in enumerate(days) if d.get("moved")]
        if moving:
            i = rng.choice(moving)
            d = days[i]
            j = rng.randrange(len(d["moved"]))
            before = days[i - 1]["moved"][-1] if i and days[i - 1].get("moved") else None
            here = d["moved"][j - 1] if j else (before or _start_of(days, i))
            others = [n for n in LAND.neighbors[here] if n != d["moved"][j]]
            d["moved"][j] = rng.choice(others)
            return kind, i
        kind = "resource"
    if kind == "mapping":
        drawing = [i for i, d in enumerate(days) if d.get("mapped")]
        if drawing:
            i = rng.choice(drawing)
            mapped = days[i]["mapped"]
            drawn = set().union(*(d.get("mapped", {}) for d in days)) | set(LAND.plot_at) | {LAND.start}
            near = [n for lab in mapped for n in LAND.neighbors[lab] if n not in drawn and n not in LAND.fort]
            extra = {}
            for (lab, terrain), n in zip(list(mapped.items()), dict.fromkeys(near)):
                extra[n] = terrain
            mapped.update(extra)
            return kind, i
        kind = "resource"
    i = rng.randrange(len(days))
    key = rng.choice(sorted(days[i]["resources"]))
    old = days[i]["resources"][key]
    change = rng.choice((-3, -2, -1, 1, 2, 3))
    days[i]["resources"][key] = min(6, max(0, old + change)) if 0 <= old + change <= 6 else old - change
    return kind, i


def _start_of(days, i):
    for d in reversed(days[:i]):
        if d.get("moved"):
            return d["moved"][-1]
    return LAND.start


def rejection_rates(seeds, per_game: int = 3, strip_rolls: bool = False) -> dict:
    rng = random.Random(1872)
    out: dict = {}
    for seed in seeds:
        base = simulate_1872(seed)
        base.pop("outcome", None)
        if strip_rolls:
            for d in base["days"]:
                d.pop("rolls")
        for _ in range(per_game):
            save = copy.deepcopy(base)
            kind, day = mutate(save, rng)
            if save == base:
                continue
            found, _ = replay_data(save, "m.yaml")
            total, rejected, kept = out.get(kind, (0, 0, []))
            out[kind] = (total + 1, rejected + bool(found), kept + ([(seed, day)] if not found else []))
    return out


def test_single_mutations_are_rejected_at_the_rate_the_rules_imply():
    """With rolls the replay is exact: a changed resource is rejected unless a player's choice
    (a "+1 any", two resources to lose, how a river is paid) explains it; a changed move or a
    doubled mapping almost never survives."""
    rates = rejection_rates(range(12))
    total = sum(t for t, _, _ in rates.values())
    rejected = sum(r for _, r, _ in rates.values())
    assert total >= 30
    assert rejected / total >= 0.85, rates
    for kind in ("move", "mapping"):
        if kind in rates:
            t, r, _ = rates[kind]
            assert r / t >= 0.9, (kind, rates[kind])
