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
from typing import Final, TypeVar

__all__ = ["MAX_SEED", "draw_seed", "random_ints", "shuffle", "validate_seed"]

T = TypeVar("T")

MAX_SEED = 2**128
"""Seeds are whole numbers in ``0 <= seed < MAX_SEED``."""

_MASK64: Final = (1 << 64) - 1


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


_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_SPAN: Final = 1 << 64
"""SplitMix64's constants, and how many 64-bit numbers there are."""

_DECKS: Final = 256
_LIMITS: Final = (0, *(_SPAN - _SPAN % bound for bound in range(1, _DECKS)))
"""``_LIMITS[bound]``: the largest multiple of ``bound`` up to ``2**64``, for the
bounds of a shuffle of up to 255 cards (two bigint operations per card otherwise)."""


def _start(seed: int, stream: int) -> int:
    """The generator's state before the first number of ``(seed, stream)``."""
    digest = hashlib.blake2b(f"cardrules:{seed}:{stream}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def random_ints(seed: int, stream: int) -> Iterator[int]:
    """An endless stream of 64-bit numbers (SplitMix64), a pure function of ``(seed, stream)``.

    >>> next(random_ints(12345, 6))
    13759910056617645747
    """
    state = _start(seed, stream)
    while True:
        state = (state + _GOLDEN) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        yield z ^ (z >> 31)


def shuffle(items: Sequence[T], *, seed: int, stream: int) -> tuple[T, ...]:
    """The items in a shuffled order that depends only on ``seed`` and ``stream``.

    Games use ``stream`` = how many shuffles the game has done before this one.
    Fisher-Yates from the last place down: place ``i`` swaps with place
    ``j = n % (i + 1)``, ``n`` the next number of :func:`random_ints` that is below
    the largest multiple of ``i + 1`` under ``2**64`` (the others are drawn again,
    so ``j`` is unbiased).

    >>> from cardrules.cards import format_cards, make_deck
    >>> format_cards(shuffle(make_deck(), seed=99, stream=3)[:4], ascii=True)
    '5D 6H QS 4D'
    """
    cards = list(items)
    bits = random_ints(seed, stream)
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        # The limits come from a table: two bigint operations per card otherwise.
        limit = _LIMITS[bound] if bound < _DECKS else _SPAN - _SPAN % bound
        value = next(bits)
        while value >= limit:
            value = next(bits)
        j = value % bound
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
