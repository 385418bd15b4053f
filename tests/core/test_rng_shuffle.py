"""rng.shuffle reads its rejection limits from a table: it must deal exactly what a
Fisher-Yates shuffle over rng.random_ints deals (every seeded deal, digest and
saved game depends on it)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import rng
from cardrules.cards import make_deck

T = TypeVar("T")


def _below(bits: Iterator[int], bound: int) -> int:
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value = next(bits)
        if value < limit:
            return value % bound


def _reference_shuffle(items: Sequence[T], seed: int, stream: int) -> tuple[T, ...]:
    """The shuffle as it was written before (a generator and a helper per card)."""
    cards = list(items)
    bits = rng.random_ints(seed, stream)
    for i in range(len(cards) - 1, 0, -1):
        j = _below(bits, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, rng.MAX_SEED - 1),
    stream=st.integers(0, 1000),
    length=st.sampled_from([0, 1, 2, 3, 7, 33, 52, 53, 54, 104, 108, 255, 256, 300]),
)
def test_shuffle_deals_what_random_ints_deal(seed: int, stream: int, length: int) -> None:
    items = list(range(length))
    assert rng.shuffle(items, seed=seed, stream=stream) == _reference_shuffle(items, seed, stream)


@given(seed=st.integers(0, 2**20), stream=st.integers(0, 50))
def test_shuffle_of_a_deck_matches_the_reference(seed: int, stream: int) -> None:
    deck = make_deck(decks=2, jokers_per_deck=2)
    assert rng.shuffle(deck, seed=seed, stream=stream) == _reference_shuffle(deck, seed, stream)

