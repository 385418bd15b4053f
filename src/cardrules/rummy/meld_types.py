"""The values of the shared rummy logic: meld rules, runs, sets and the table summary.

These are plain frozen data; everything done with them lives in
:mod:`cardrules.rummy.melds`, which re-exports them (import them from there).
They have a module of their own so that :mod:`cardrules.rummy.melds` holds only
functions and can be compiled (see :doc:`/performance`): the JSON codec reads
these classes' annotations, which must stay as written.

Run positions count 1 (ace low), 2 … 13 (king), 14 (ace high); with wrap-around
allowed they go on (15 = two again). A run's first position is 1..13.

>>> from cardrules.cards import parse_cards
>>> RunMeld(Suit.HEARTS, 12, tuple(parse_cards("QH KH AH"))).end
14
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules.cards import Card, Rank, Suit

__all__ = ["MeldRules", "NaturalTable", "RunMeld", "SetMeld", "TableMeld"]


@attrs.frozen
class MeldRules:
    """What counts as a meld in a game.

    ``wilds`` holds every card that is wild (equal cards from several decks are
    all wild); ``max_wilds`` caps the wild cards in one meld (``None``: no cap);
    ``require_natural`` forbids melds of wild cards only; ``declare_set_suits``
    lets a wild card in a set name the suit it stands for (otherwise set wilds
    stay *open* and take any missing suit).
    """

    wilds: frozenset[Card] = frozenset()
    allow_wraparound: bool = False
    max_wilds: int | None = None
    require_natural: bool = True
    declare_set_suits: bool = False


@attrs.frozen
class RunMeld:
    """Three or more cards of one suit in sequence.

    ``cards[i]`` stands for the card at position ``start + i`` (see the module
    docstring); a card that is not that natural card is a wild card.
    """

    suit: Suit
    start: int
    cards: tuple[Card, ...]

    @property
    def end(self) -> int:
        """The position of the last card."""
        return self.start + len(self.cards) - 1


@attrs.frozen
class SetMeld:
    """Three or four cards of one rank, of different suits.

    ``suits[i]`` is the suit ``cards[i]`` stands for; ``None`` marks an open wild
    card, which takes whichever suit is still missing.
    """

    rank: Rank
    cards: tuple[Card, ...]
    suits: tuple[Suit | None, ...]

    def __attrs_post_init__(self) -> None:
        # Cheap checks that keep a malformed set (e.g. from JSON) from being represented.
        if len(self.suits) != len(self.cards):
            raise ValueError("a set names one suit (or None for an open wild) per card")
        if self.rank is Rank.JOKER:
            raise ValueError("a set is of a natural rank, not of jokers")


TableMeld: TypeAlias = RunMeld | SetMeld
"""A meld on the table: a run or a set."""


@attrs.frozen
class NaturalTable:
    """What the melds on the table offer natural cards.

    See :func:`~cardrules.rummy.melds.natural_table`; a *mask* is a
    :func:`~cardrules.rummy.melds.card_mask`.
    """

    fits_each: tuple[int, ...]
    """For each table meld, the mask of the natural cards that lay off on it."""
    fits: int
    """The natural cards that lay off on some meld: the union of ``fits_each``."""
    melds: tuple[TableMeld, ...]
    """The melds themselves: hand cards may bridge up to the ends of its runs."""
