"""Where every random choice comes from (a variant map's, a simulated player's dice), and the names a
seed gives a map."""
from __future__ import annotations

import hashlib
import random

GENERATOR = "lostprint-maps/1"


def seeded_rng(seed: int, *stage: object) -> random.Random:
    """A random.Random seeded from a SHA-256 digest of the seed and the stage's parts, joined by ":"
    (never hash(), never the global random): the same seed and stage, the same draws in any process."""
    digest = hashlib.sha256(":".join(map(str, (seed, *stage))).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def stage_rng(seed: int, stage: str, attempt: int = 0) -> random.Random:
    """The draws of one stage of a map generator's attempt."""
    return seeded_rng(seed, stage, attempt)


def variant_name(seed: int) -> str:
    return f"variant-{seed}"
