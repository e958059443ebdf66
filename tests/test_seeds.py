"""One seeded-random helper: maps.seeds.seeded_rng gives the map generators' draws (stage_rng) and the
simulated players' dice (players.common.rng_for) exactly as each did before, so every seeded map and
every simulated game stays the same."""
from __future__ import annotations

import hashlib
import random

import pytest

from lostprint.maps.seeds import seeded_rng, stage_rng


def legacy(text: str) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def draws(rng: random.Random) -> list[float]:
    return [rng.random() for _ in range(5)]


@pytest.mark.parametrize("seed,stage,attempt", [(1, "terrain", 0), (42, "rivers", 3), (-7, "crows-layout", 12)])
def test_a_map_stage_draws_as_before(seed, stage, attempt):
    assert draws(stage_rng(seed, stage, attempt)) == draws(legacy(f"{seed}:{stage}:{attempt}"))
    assert draws(stage_rng(seed, stage)) == draws(legacy(f"{seed}:{stage}:0"))


@pytest.mark.parametrize("seed,stage", [(1, "careful"), (2026, "naive-dice")])
def test_the_players_dice_are_the_same_helper(seed, stage):
    from lostprint.players.common import rng_for

    assert draws(seeded_rng(seed, stage)) == draws(rng_for(seed, stage)) == draws(legacy(f"{seed}:{stage}"))


def test_stages_and_seeds_draw_apart():
    assert draws(seeded_rng(1, "a")) != draws(seeded_rng(1, "b")) != draws(seeded_rng(2, "a"))
