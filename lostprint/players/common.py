"""What every seeded player shares: a seeded random source and dice.

Seeded players that play a Lost game honestly by its rules and write down what a player would
copy into a save: the day's mapping, moves, marks, end-of-day resources and a log of the rolls
(the log is for the person who writes the journal; it is not part of the save).

Used to make the examples in examples/ and to test the validator on many real games.
"""
from __future__ import annotations

import hashlib
import random



def rng_for(seed: int, stage: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{stage}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))  # not a rule: 8 bytes of the seed's hash


class Dice:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def d6(self) -> int:
        return self.rng.randint(1, 6)  # not a rule: the physical die every Lost game rolls

    def roll(self, n: int) -> list[int]:
        return [self.d6() for _ in range(n)]
