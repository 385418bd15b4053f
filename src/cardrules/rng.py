"""Seeded shuffles whose whole state lives inside the game state.

A game keeps its ``seed`` and the number of shuffles done so far; shuffle
number *n* of a game is a pure function of ``(seed, n)``. Nothing here touches a
module-global random generator, so the same config, seed and actions give the
same cards in any process, on any platform and under any Python version (the
generator is our own SplitMix64, not :mod:`random`, whose algorithms may change).

>>> from cardrules.cards import make_deck
>>> shuffle(make_deck(), seed=7, stream=0) == shuffle(make_deck(), seed=7, stream=0)
True
>>> shuffle(make_deck(), seed=7, stream=0) == shuffle(make_deck(), seed=7, stream=1)
False
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

__all__ = ["MAX_SEED", "draw_seed", "random_ints", "shuffle", "validate_seed"]

T = TypeVar("T")

MAX_SEED = 2**128
"""Seeds are whole numbers in ``0 <= seed < MAX_SEED``."""

_MASK64 = (1 << 64) - 1


def validate_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed, else raise ``TypeError``/``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
    if not 0 <= seed < MAX_SEED:
        raise ValueError(f"a seed must be in 0..2**128-1, not {seed}")
    return seed


def draw_seed() -> int:
    """A fresh seed from the operating system's randomness."""
    return secrets.randbits(63)


def random_ints(seed: int, stream: int) -> Iterator[int]:
    """An endless stream of 64-bit numbers, a pure function of ``(seed, stream)``."""
    digest = hashlib.blake2b(f"cardrules:{seed}:{stream}".encode(), digest_size=8).digest()
    state = int.from_bytes(digest, "little")
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def _below(bits: Iterator[int], bound: int) -> int:
    """An unbiased number in ``0..bound-1`` (rejection sampling)."""
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value = next(bits)
        if value < limit:
            return value % bound


def shuffle(items: Sequence[T], *, seed: int, stream: int) -> tuple[T, ...]:
    """The items in a shuffled order that depends only on ``seed`` and ``stream``.

    Games use ``stream`` = how many shuffles the game has done before this one.
    """
    cards = list(items)
    bits = random_ints(seed, stream)
    for i in range(len(cards) - 1, 0, -1):
        j = _below(bits, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
