"""What every seeded player shares: a seeded random source, dice, a memo per map, a game played through."""
from __future__ import annotations

import functools
import hashlib
import random

from lostprint.engine import drive

FACES = 6  # not a rule: the physical die every Lost game rolls
MAPS = 8  # not a rule: how many maps' worked-out facts a player's memo keeps
FACE_BITS = FACES.bit_length()


def rng_for(seed: int, stage: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{stage}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))  # not a rule: 8 bytes of the seed's hash


class Dice:
    """Six-sided dice from a seeded Random: the rolls of `rng.randint(1, FACES)`, drawn as CPython's
    Random draws them (getrandbits of the faces' bit length, redrawn until below the faces) without
    randint's layers. tests/test_drive_states.py checks they are randint's."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def d6(self) -> int:
        bits = self.rng.getrandbits
        r = bits(FACE_BITS)
        while r >= FACES:
            r = bits(FACE_BITS)
        return r + 1

    def roll(self, n: int) -> list[int]:
        bits, out = self.rng.getrandbits, []
        for _ in range(n):  # d6(), written out: a player rolls thousands of times a game
            r = bits(FACE_BITS)
            while r >= FACES:
                r = bits(FACE_BITS)
            out.append(r + 1)
        return out


QuickDice = FAST_DICE = Dice  # the names the players knew them by when a slower Dice drew by randint


def played(engine, player, limit: int | None = None) -> tuple:
    """A whole game of `engine` by `player` through the driver: (the last state, every input in order)."""
    events: list = []
    final = drive.play(engine, player.start(), player.decide, player.roll, limit or player.days, events)
    return final, events


def per_map(work):
    """`work(game_map)` worked out once per map and shared by the games on it, for the MAPS maps asked
    last: a bounded memo, as a long-running editor or play server asks for a new map at every edit. A
    map that cannot be a memo key (unhashable extras) is worked out for each game."""
    memo = functools.lru_cache(maxsize=MAPS)(work)

    @functools.wraps(work)
    def of(game_map):
        try:
            return memo(game_map)
        except TypeError:
            return work(game_map)

    of.cache_info, of.cache_clear = memo.cache_info, memo.cache_clear
    return of
