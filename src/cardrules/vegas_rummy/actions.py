"""Las Vegas Rummy actions and their short text forms.

=====================  ==========================  ===================================
action                 text                        when
=====================  ==========================  ===================================
:class:`Draw`          ``draw``                    start of a turn (stock; LV-10)
:class:`TakeDiscard`   ``take``                    start of a turn, top discard (LV-11)
:class:`Meld`          ``meld 5♥ JK=6♥ 7♥``        after drawing
:class:`LayOff`        ``lay off JK=8♥ on #2``     after drawing; ``#n`` = nth table meld
:class:`SwapWild`      ``swap 6♥ for JK #2``       after drawing, solidarity off (LV-7)
:class:`Discard`       ``discard 5♣``              ends the turn
:class:`Rebuy`         ``rebuy``                   between rounds, a busted player (LV-12)
:class:`Retire`        ``retire``                  between rounds, a busted player
:class:`Deal`          ``deal``                    between rounds, the next dealer
=====================  ==========================  ===================================

A wild card in a meld is written ``card=what it stands for``; an open wild in a
set is written ``card=rank?`` (``JK=7?``, LV-8). Table melds are numbered from 1
in the order they were laid down. :func:`~cardrules.vegas_rummy.parse_action`
also reads cards in any order and wild cards whose place their position decides
(``meld 7♥ JK 5♥``). A new player joining is no action: the host calls
:func:`~cardrules.vegas_rummy.join` between rounds (LV-14).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules.cards import Card, Rank, Suit, parse_card
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy.wilds import meld_text, normalize, parse_placed_card, placed_card_text

__all__ = [
    "MAX_ACTION_TEXT",
    "Action",
    "Deal",
    "Discard",
    "Draw",
    "LayOff",
    "Meld",
    "Rebuy",
    "Retire",
    "SwapWild",
    "TakeDiscard",
    "malformed",
    "parse_action_text",
]


@attrs.frozen
class Draw:
    """Draw the top card of the stock (reshuffling the discards if it is empty, LV-10)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (LV-11); never on a round's first turn (LV-3)."""

    def __str__(self) -> str:
        return "take"


def _set_order(meld: object) -> object:
    """A set's cards in canonical order (sets carry no order), so equal sets are equal values."""
    if isinstance(meld, SetMeld) and _well_formed_set(meld):
        return normalize(meld, interchangeable=False)
    return meld  # a run is in place order already; anything else is for check to refuse


def _well_formed_set(meld: SetMeld) -> bool:
    cards, suits = meld.cards, meld.suits
    if not (isinstance(cards, tuple) and isinstance(suits, tuple) and len(cards) == len(suits)):
        return False
    for card, suit in zip(cards, suits):  # (one loop: every listed set comes through here)
        if not isinstance(card, Card) or not (suit is None or isinstance(suit, Suit)):
            return False
    return True


@attrs.frozen
class Meld:
    """Lay down a new meld from the hand; ``meld`` says what every wild card stands for.

    A set's cards are put in canonical order at construction (naturals by suit,
    then wild cards), so the same set written in any order is one value.

    >>> from cardrules.cards import Rank, parse_cards
    >>> def four(text):
    ...     cards = parse_cards(text)
    ...     return Meld(SetMeld(Rank.FOUR, cards, tuple(c.suit for c in cards)))
    >>> four("4S 4D 4H") == four("4D 4H 4S")
    True
    """

    meld: RunMeld | SetMeld = attrs.field(converter=_set_order)

    def __str__(self) -> str:
        return f"meld {meld_text(self.meld)}"


@attrs.frozen
class LayOff:
    """Add one card to table meld number ``target`` (0-based; ``#target+1`` in text).

    ``stands_for`` is ``None`` when the card goes on as itself, and for a joker
    taking an open place in a set; a :class:`~cardrules.cards.Rank` (the set's)
    for any other wild card taking an open place (LV-8: ``lay off 7♣=7? on #1``,
    a card of the wild rank open on a set of its own rank); otherwise the natural
    card the wild card stands for. A joker given a rank is the same move as a
    joker with ``None``, and is stored so.

    >>> from cardrules.cards import JOKER, Rank, parse_card
    >>> str(LayOff(parse_card("7C"), 0, Rank.SEVEN))
    'lay off 7♣=7? on #1'
    >>> LayOff(JOKER, 0, Rank.SEVEN) == LayOff(JOKER, 0)
    True
    """

    card: Card
    target: int
    stands_for: Card | Rank | None = None

    def __attrs_post_init__(self) -> None:
        if isinstance(self.card, Card) and self.card.is_joker and isinstance(self.stands_for, Rank):
            object.__setattr__(self, "stands_for", None)  # a joker is never itself: open

    def __str__(self) -> str:
        placed = (
            str(self.card)
            if self.stands_for is None
            else placed_card_text(self.card, self.stands_for)
        )
        return f"lay off {placed} on #{self.target + 1}"


@attrs.frozen
class SwapWild:
    """Replace ``wild`` in table meld ``target`` by the natural ``card`` it represents (LV-7)."""

    card: Card
    target: int
    wild: Card

    def __str__(self) -> str:
        return f"swap {self.card} for {self.wild} #{self.target + 1}"


@attrs.frozen
class Discard:
    """Discard a card face up, ending the turn (LV-5: the only way to go out)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Rebuy:
    """A busted player pays the buy-in and plays on (LV-12)."""

    def __str__(self) -> str:
        return "rebuy"


@attrs.frozen
class Retire:
    """A busted player leaves the game (LV-12)."""

    def __str__(self) -> str:
        return "retire"


@attrs.frozen
class Deal:
    """The next dealer collects, shuffles and deals the next round (LV-17)."""

    def __str__(self) -> str:
        return "deal"


Action: TypeAlias = Draw | TakeDiscard | Meld | LayOff | SwapWild | Discard | Rebuy | Retire | Deal
"""Any Las Vegas Rummy action."""

MAX_ACTION_TEXT = 200
"""The longest action text read (a 13-card meld with every wild card named is ~100)."""

_ACTION_TYPES = (Draw, TakeDiscard, Meld, LayOff, SwapWild, Discard, Rebuy, Retire, Deal)


def _kind(value: object) -> str:
    return type(value).__name__


def malformed(action: object) -> str | None:
    """A reason when ``action`` is no Las Vegas Rummy action or a field has the wrong type.

    ``None`` for a well-formed action (legal or not: that is for ``check``). It
    catches objects made by hand or changed in place.

    >>> malformed(Discard(parse_card("5C"))) is None
    True
    >>> malformed(Discard("5C"))
    'Discard.card must be a card, not str'
    """
    if not isinstance(action, _ACTION_TYPES):
        return f"{type(action).__name__} is not a Las Vegas Rummy action"
    name = type(action).__name__
    if isinstance(action, Meld):
        meld = action.meld
        if isinstance(meld, RunMeld):
            ok = (
                isinstance(meld.suit, Suit)
                and isinstance(meld.start, int)
                and not isinstance(meld.start, bool)
                and isinstance(meld.cards, tuple)
                and all(isinstance(c, Card) for c in meld.cards)
            )
        elif isinstance(meld, SetMeld):
            ok = (
                isinstance(meld.rank, Rank)
                and isinstance(meld.cards, tuple)
                and isinstance(meld.suits, tuple)
                and len(meld.cards) == len(meld.suits)
                and all(isinstance(c, Card) for c in meld.cards)
                and all(s is None or isinstance(s, Suit) for s in meld.suits)
            )
        else:
            return f"Meld.meld must be a RunMeld or a SetMeld, not {_kind(meld)}"
        return None if ok else f"Meld.meld is not a well-formed {_kind(meld)}"
    for field in ("card", "wild"):
        if hasattr(action, field) and not isinstance(getattr(action, field), Card):
            return f"{name}.{field} must be a card, not {_kind(getattr(action, field))}"
    if hasattr(action, "target"):
        target = action.target
        if isinstance(target, bool) or not isinstance(target, int):
            return f"{name}.target must be a meld number, not {_kind(target)}"
    if isinstance(action, LayOff) and not isinstance(action.stands_for, Card | Rank | None):
        return f"LayOff.stands_for must be a card, a rank or None, not {_kind(action.stands_for)}"
    return None



_SIMPLE: dict[str, Action] = {
    "draw": Draw(),
    "take": TakeDiscard(),
    "rebuy": Rebuy(),
    "retire": Retire(),
    "deal": Deal(),
}


def _target(token: str) -> int:
    if not token.startswith("#") or not token[1:].isdigit() or int(token[1:]) < 1:
        raise ValueError(f"expected a table meld number like #1, not {token!r}")
    return int(token[1:]) - 1


def parse_action_text(text: str) -> Action | tuple[str, str]:
    """Read every action but ``meld`` (which needs the round's rules).

    Returns the action, ``("meld", rest)`` for a meld still to be read, or
    ``("take", card)`` for ``take Q♠`` (the top card, which only the state knows).
    Raises ``ValueError`` on bad text.
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise ValueError(f"an action is written in at most {MAX_ACTION_TEXT} characters")
    words = text.strip().split()
    if not words:
        raise ValueError("empty action text")
    verb = words[0].lower()
    args = words[1:]
    # "lay off 8H on #2" is the form Rummy 500 uses too; "layoff 8H #2" is accepted.
    if verb == "lay" and args and args[0].lower() == "off":
        verb, args = "layoff", args[1:]
    if verb == "layoff" and len(args) == 3 and args[1].lower() == "on":
        args = [args[0], args[2]]
    if verb == "take" and len(args) == 1:
        # "take Q♠" as Rummy 500 writes it: the top card, which the state names
        # (LV-11); the game's parse_action checks the card is that one.
        return ("take", args[0])
    if verb in _SIMPLE:
        if args:
            raise ValueError(f"{verb!r} takes nothing after it")
        return _SIMPLE[verb]
    if verb == "meld":
        return ("meld", " ".join(args))
    if verb == "discard":
        if len(args) != 1:
            raise ValueError("write 'discard <card>', e.g. 'discard 5C'")
        return Discard(parse_card(args[0]))
    if verb == "layoff":
        if len(args) != 2:
            raise ValueError(
                "write 'lay off <card>[=<card>] on #<meld>', e.g. 'lay off JK=8H on #2'"
            )
        card, stands_for = parse_placed_card(args[0])
        return LayOff(card, _target(args[1]), stands_for)
    if verb == "swap":
        if len(args) != 4 or args[1].lower() != "for":
            raise ValueError("write 'swap <card> for <wild> #<meld>', e.g. 'swap 6H for JK #2'")
        return SwapWild(parse_card(args[0]), _target(args[3]), parse_card(args[2]))
    raise ValueError(
        f"not a Las Vegas Rummy action: {text!r} (unknown action {words[0]!r}; try draw, take, "
        "meld 5♥ 6♥ 7♥, lay off 8♥ on #2, swap 6♥ for JK #2, discard K♠, rebuy, retire, deal)"
    )
