"""Rummy 500 actions and their text forms.

========================  =======================================================
Action                    Text
========================  =======================================================
``Draw()``                ``draw`` — the top card of the stock
``TakeDiscard(card, n)``  ``take 4♥`` or ``take 4♥ +2`` — the card and the n-1 above it
``Meld(meld)``            ``meld 5♥ 6♥ 7♥``; a joker shows what it stands for: ``meld 5♥ JK=6♥ 7♥``
                          (cards in any order: ``meld 6♥ 5♥ 7♥`` is read as the run 5-6-7)
``LayOff(card, target)``  ``lay off 8♥ on #2`` — melds are numbered from 1 in table order
``Discard(card)``         ``discard K♠``
``EndRound()``            ``end round`` — only when the stock is empty (R5-6 options)
========================  =======================================================

Text is read back with :func:`cardrules.rummy500.parse_action`; ASCII card codes
(``10D``) are accepted everywhere a card is. Action text is at most
:data:`MAX_ACTION_TEXT` characters.

Equal moves are equal values: a :class:`Meld` puts the cards of a set in one
order (natural cards by suit, then wild cards) when it is made, so a set given
in any order is the same action (issue 14). A run's cards are in place already
(``cards[i]`` stands for position ``start + i``).

>>> from cardrules.cards import parse_cards
>>> from cardrules.rummy.melds import MeldRules, make_meld
>>> a = Meld(make_meld(parse_cards("4S 4D 4H"), MeldRules()))
>>> a == Meld(make_meld(parse_cards("4D 4H 4S"), MeldRules())), str(a)
(True, 'meld 4♦ 4♥ 4♠')
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.rummy.melds import RunMeld, SetMeld, canonical_meld, describe

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_NUMBER",
    "Action",
    "Discard",
    "Draw",
    "EndRound",
    "LayOff",
    "Meld",
    "TakeDiscard",
    "malformed",
]

MAX_ACTION_TEXT: Final = 400
"""The longest action text :func:`~cardrules.rummy500.parse_action` reads (a 13-card
run with every card written ``JK=10♥`` is under 100 characters)."""


def _shown(value: object) -> str:
    """A field as action text, even for a crafted action whose field has the wrong type."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
        return str(value)
    return f"<{type(value).__name__}>"


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
        count = self.count
        if count == 1:
            return f"take {_shown(self.card)}"
        if isinstance(count, int) and not isinstance(count, bool):
            return f"take {_shown(self.card)} +{_shown(count - 1)}"
        return f"take {_shown(self.card)} +{_shown(count)}"


@attrs.frozen
class Meld:
    """Lay down a new set or run from your hand.

    The meld is put in its canonical form when the action is made (see
    :func:`cardrules.rummy.melds.canonical_meld`): the cards of a set in suit
    order, wild cards last.
    """

    meld: RunMeld | SetMeld = attrs.field(converter=canonical_meld)

    def __str__(self) -> str:
        try:
            return f"meld {describe(self.meld)}"
        except (AttributeError, TypeError, ValueError, KeyError, IndexError):
            return f"meld <{type(self.meld).__name__}>"  # a crafted, malformed meld


@attrs.frozen
class LayOff:
    """Add one card from your hand to meld number ``target`` (0-based) on the table.

    ``stands_for`` names the card a joker stands for (``None`` for a natural card
    or an open joker in a set). ``end`` says which end of a run the card goes to
    when it fits both ends as the same card, and is ``None`` otherwise. That
    happens to an ace on a 2–K run, with no wrap-around (the ace goes low below
    the 2 or high above the K: ``lay off A♥ on #1 at the low end``), to a joker
    that could stand for one card at either end, and with wrap-around to a
    card that fits the corner both ways. Naming the only end a card fits
    (``lay off A♥ on #1 at the high end`` onto J♥ Q♥ K♥) is accepted as the
    same lay-off; :func:`~cardrules.rummy500.parse_action` gives the listed
    action, without the end (issue 20).
    """

    card: Card
    target: int
    stands_for: Card | None = None
    end: Literal["low", "high"] | None = None

    def __str__(self) -> str:
        card = _shown(self.card)
        if self.stands_for is not None:
            card = f"{card}={_shown(self.stands_for)}"
        end = self.end if self.end in ("low", "high") else _shown(self.end)
        where = "" if self.end is None else f" at the {end} end"
        target = self.target
        whole = isinstance(target, int) and not isinstance(target, bool)
        number = _shown(target + 1 if whole else target)
        return f"lay off {card} on #{number}{where}"


@attrs.frozen
class Discard:
    """Put a card from your hand on the discard pile, ending your turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {_shown(self.card)}"


@attrs.frozen
class EndRound:
    """With an empty stock, decline to take from the discard pile: the round ends (R5-6)."""

    def __str__(self) -> str:
        return "end round"


Action: TypeAlias = Draw | TakeDiscard | Meld | LayOff | Discard | EndRound
"""Any Rummy 500 action."""


MAX_NUMBER: Final = 10_000
"""Numbers in actions (meld numbers, cards taken) above this are refused before use."""


_ACTION_CLASSES: Final = (Draw, TakeDiscard, Meld, LayOff, Discard, EndRound)
"""The classes of :data:`Action`, as a tuple made once: ``isinstance`` with a union
written in the call (``Draw | TakeDiscard | ...``) builds that union at every call."""


def malformed(action: object) -> str | None:
    """Why ``action`` is no well-formed Rummy 500 action, or ``None`` if it is one.

    Actions are plain attrs values, so any object can be put in a field; the
    rules look at the fields only once this passes, so a crafted action gets
    this reason from :func:`~cardrules.rummy500.check` and
    :func:`~cardrules.rummy500.apply` alike (issue 15 item 7). The fields are
    read untyped (``raw``): the compiled build checks a typed read and would
    raise ``TypeError`` on exactly the values looked for here. Whether a
    well-formed action is legal is for ``check`` to say.

    >>> from cardrules.cards import parse_card
    >>> malformed(Discard(parse_card("KS"))) is None
    True
    >>> malformed(TakeDiscard(parse_card("KS"), 0))
    'the number of cards taken must be at least 1'
    >>> malformed("draw")
    'str is not a Rummy 500 action'
    """
    kind = type(action)
    if kind is Discard or kind is Draw:  # most moves: one test of the exact class
        raw_card: Any = action
        return None if kind is Draw or isinstance(raw_card.card, Card) else "name a card to discard"
    if not isinstance(action, _ACTION_CLASSES):
        return f"{type(action).__name__} is not a Rummy 500 action"
    raw: Any = action
    if isinstance(action, (Draw, EndRound)):
        return None
    if isinstance(action, TakeDiscard):
        if not isinstance(raw.card, Card):
            return "name a card to take"
        count = raw.count
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            return "the number of cards taken must be at least 1"
        if count > MAX_NUMBER:
            return "the discard pile is not that deep"
        return None
    if isinstance(action, Discard):
        return None if isinstance(raw.card, Card) else "name a card to discard"
    if isinstance(action, LayOff):
        if not isinstance(raw.card, Card):
            return "name a card to lay off"
        target = raw.target
        if isinstance(target, bool) or not isinstance(target, int):
            return "name a meld by its number"
        if not 0 <= target < MAX_NUMBER:
            return "there is no such meld on the table"
        if raw.stands_for is not None and not isinstance(raw.stands_for, Card):
            return "a joker stands for a card"
        if raw.end not in (None, "low", "high"):
            return "the end of a run is 'low' or 'high'"
        return None
    return _meld_shape_reason(raw.meld)


def _meld_shape_reason(meld: object) -> str | None:
    fields: Any = meld  # read untyped, as in malformed
    cards: Any
    if type(meld) is RunMeld:
        suit, start, cards = fields.suit, fields.start, fields.cards
        if not isinstance(suit, Suit) or isinstance(start, bool) or not isinstance(start, int):
            return "a run names its suit and the position of its first card"
    elif type(meld) is SetMeld:
        cards = fields.cards
        if not isinstance(fields.rank, Rank) or not isinstance(fields.suits, tuple) or not all(
            suit is None or isinstance(suit, Suit) for suit in fields.suits
        ):
            return "a set names its rank and the suit of each card"
        if isinstance(cards, tuple) and len(fields.suits) != len(cards):
            return "a set names one suit (or None for an open joker) per card"
    else:
        return "a meld is a run or a set"
    if not isinstance(cards, tuple) or not all(isinstance(card, Card) for card in cards):
        return "a meld is made of cards"
    if len(cards) > 13:
        return "a run has at most 13 cards"
    return None
