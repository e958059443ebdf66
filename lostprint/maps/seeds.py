"""Where every random choice of a variant map comes from, and the names a seed gives a map."""
from __future__ import annotations

import hashlib
import random

GENERATOR = "lostprint-maps/1"


def stage_rng(seed: int, stage: str, attempt: int = 0) -> random.Random:
    """A random.Random seeded from a SHA-256 digest: the same seed, stage and attempt, the same draws."""
    digest = hashlib.sha256(f"{seed}:{stage}:{attempt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def variant_name(seed: int) -> str:
    return f"variant-{seed}"
