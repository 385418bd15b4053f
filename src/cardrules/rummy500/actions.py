"""Rummy 500 actions and their text forms.

========================  =======================================================
Action                    Text
========================  =======================================================
``Draw()``                ``draw`` — the top card of the stock
``TakeDiscard(card, n)``  ``take 4♥`` or ``take 4♥ +2`` — the card and the n-1 above it
``Meld(meld)``            ``meld 5♥ 6♥ 7♥``; a joker shows what it stands for: ``meld 5♥ JK=6♥ 7♥``
``LayOff(card, target)``  ``lay off 8♥ on #2`` — melds are numbered from 1 in table order
``Discard(card)``         ``discard K♠``
``EndRound()``            ``end round`` — only when the stock is empty (R5-6 options)
========================  =======================================================

Text is read back with :func:`cardrules.rummy500.parse_action`; ASCII card codes
(``10D``) are accepted everywhere a card is.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules.cards import Card
from cardrules.rummy.melds import RunMeld, SetMeld, describe

__all__ = ["Action", "Discard", "Draw", "EndRound", "LayOff", "Meld", "TakeDiscard"]


@attrs.frozen
class Draw:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take ``card`` from the discard pile and every card above it (``count`` cards in all).

    Unless it is only the top card and ``top_discard_must_be_used`` is off, the
    deepest card taken must be melded or laid off this turn (R5-3, R5-4).
    """

    card: Card
    count: int = 1

    def __str__(self) -> str:
        if self.count == 1:
            return f"take {self.card}"
        return f"take {self.card} +{self.count - 1}"


@attrs.frozen
class Meld:
    """Lay down a new set or run from your hand."""

    meld: RunMeld | SetMeld

    def __str__(self) -> str:
        return f"meld {describe(self.meld)}"


@attrs.frozen
class LayOff:
    """Add one card from your hand to meld number ``target`` (0-based) on the table.

    ``stands_for`` names the card a joker stands for (``None`` for a natural card
    or an open joker in a set). ``end`` says which end of a run the card goes to
    when both would fit (only possible with wrap-around); otherwise ``None``.
    """

    card: Card
    target: int
    stands_for: Card | None = None
    end: Literal["low", "high"] | None = None

    def __str__(self) -> str:
        card = str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"
        where = "" if self.end is None else f" at the {self.end} end"
        return f"lay off {card} on #{self.target + 1}{where}"


@attrs.frozen
class Discard:
    """Put a card from your hand on the discard pile, ending your turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class EndRound:
    """With an empty stock, decline to take from the discard pile: the round ends (R5-6)."""

    def __str__(self) -> str:
        return "end round"


Action: TypeAlias = Draw | TakeDiscard | Meld | LayOff | Discard | EndRound
"""Any Rummy 500 action."""
