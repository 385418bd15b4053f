"""Quick answers about table melds for the validation of loaded states (issue 18).

A state loaded from JSON is checked meld by meld (``meld_error``, and in Las
Vegas Rummy the canonical order of ``wilds.normalize``). Most table melds are
all natural cards, each the card its place names; :func:`is_natural_meld`
recognises those in a few steps, and such a meld needs no longer look. It only
ever answers ``True`` for a meld ``meld_error`` accepts; ``False`` says
nothing, and the full checks then decide (and give the reason).

>>> from cardrules.cards import parse_cards, Rank, Suit
>>> from cardrules.rummy.melds import MeldRules, RunMeld, SetMeld
>>> is_natural_meld(RunMeld(Suit.HEARTS, 5, parse_cards("5H 6H 7H")), MeldRules())
True
>>> is_natural_meld(RunMeld(Suit.HEARTS, 5, parse_cards("5H JK 7H")), MeldRules())
False
>>> in_suit_order(SetMeld(Rank.NINE, parse_cards("9D 9H 9S"),
...                       (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)))
True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from cardrules.cards import RANKS, SUITS, Card, Suit
from cardrules.rummy.melds import MAX_RUN, MAX_SET, MeldRules, RunMeld, SetMeld, card_at

__all__ = ["in_suit_order", "is_natural_meld"]


def is_natural_meld(meld: object, rules: MeldRules) -> bool:
    """True only for a meld ``meld_error(meld, rules)`` finds legal: natural cards, each
    the card its place names, in a run or set of a legal length and start.

    ``False`` says nothing: ``meld_error`` then decides.
    """
    # Any: a hand-built meld may hold anything, and compiled code checks declared types.
    found: Any = meld
    cards: Any = getattr(found, "cards", None)
    if type(cards) is not tuple or (rules.max_wilds is not None and rules.max_wilds < 0):
        return False
    size = len(cards)
    if type(found) is RunMeld:
        start: Any = found.start
        if type(start) is not int or not 1 <= start <= 13 or not 3 <= size <= MAX_RUN:
            return False
        if start + size - 1 > 14 and not rules.allow_wraparound:
            return False
        try:
            return bool(cards == _run_cards(found.suit, start, size))
        except TypeError:  # an unhashable suit
            return False
    if type(found) is SetMeld:
        suits: Any = found.suits
        if type(suits) is not tuple or not 3 <= size <= MAX_SET:
            return False
        try:
            return bool(cards == _SET_CARDS.get((found.rank, suits)))
        except TypeError:  # unhashable
            return False
    return False


def in_suit_order(meld: object) -> bool:
    """For a natural meld (:func:`is_natural_meld`): whether it is in canonical order.

    A run's natural cards have their places, and a set of natural cards is
    canonical with its suits rising (``wilds.normalize`` gives the meld back).
    """
    if type(meld) is RunMeld:
        return True
    found: Any = meld
    return type(meld) is SetMeld and bool(found.suits in _RISING_SUITS)


_SET_CARDS: dict[Any, tuple[Card, ...]] = {
    (rank, suits): tuple(Card(rank, suit) for suit in suits)
    for rank in RANKS
    for size in range(3, MAX_SET + 1)
    for suits in permutations(SUITS, size)
}
"""The natural sets: their cards by rank and (distinct) suits, in order."""

_RISING_SUITS: frozenset[tuple[Suit, ...]] = frozenset(
    suits for suits in {key[1] for key in _SET_CARDS} if list(suits) == sorted(suits)
)
"""The suits of a natural set in canonical order."""

def _run_cards(suit: Any, start: int, size: int) -> tuple[Card, ...] | None:
    """The natural cards of the run of ``suit`` from ``start`` (``None`` for no suit)."""
    if type(suit) is not Suit:
        return None
    return _natural_run(suit, start, size)


@lru_cache(maxsize=1024)
def _natural_run(suit: Suit, start: int, size: int) -> tuple[Card, ...]:
    return tuple(card_at(suit, start + i) for i in range(size))
