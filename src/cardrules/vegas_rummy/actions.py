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
:class:`Join`          ``join``                    between rounds, the next dealer (LV-14)
:class:`Deal`          ``deal``                    between rounds, the next dealer
=====================  ==========================  ===================================

A wild card in a meld is written ``card=what it stands for``; an open wild in a
set is written ``card=rank?`` (``JK=7?``, LV-8). Table melds are numbered from 1
in the order they were laid down.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules.cards import Card, parse_card
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy.wilds import meld_text, parse_placed_card

__all__ = [
    "Action",
    "Deal",
    "Discard",
    "Draw",
    "Join",
    "LayOff",
    "Meld",
    "Rebuy",
    "Retire",
    "SwapWild",
    "TakeDiscard",
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


@attrs.frozen
class Meld:
    """Lay down a new meld from the hand; ``meld`` says what every wild card stands for."""

    meld: RunMeld | SetMeld

    def __str__(self) -> str:
        return f"meld {meld_text(self.meld)}"


@attrs.frozen
class LayOff:
    """Add one card to table meld number ``target`` (0-based; ``#target+1`` in text).

    ``stands_for`` is ``None`` when the card goes on as itself, or as an open
    wild in a set (LV-8); otherwise the natural card the wild card stands for.
    """

    card: Card
    target: int
    stands_for: Card | None = None

    def __str__(self) -> str:
        placed = str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"
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
class Join:
    """A new player takes the next seat (appended) before the next deal (LV-14)."""

    def __str__(self) -> str:
        return "join"


@attrs.frozen
class Deal:
    """The next dealer collects, shuffles and deals the next round (LV-17)."""

    def __str__(self) -> str:
        return "deal"


Action: TypeAlias = (
    Draw | TakeDiscard | Meld | LayOff | SwapWild | Discard | Rebuy | Retire | Join | Deal
)
"""Any Las Vegas Rummy action."""

_SIMPLE: dict[str, Action] = {
    "draw": Draw(),
    "take": TakeDiscard(),
    "rebuy": Rebuy(),
    "retire": Retire(),
    "join": Join(),
    "deal": Deal(),
}


def _target(token: str) -> int:
    if not token.startswith("#") or not token[1:].isdigit() or int(token[1:]) < 1:
        raise ValueError(f"expected a table meld number like #1, not {token!r}")
    return int(token[1:]) - 1


def parse_action_text(text: str) -> Action | tuple[str, str]:
    """Read every action but ``meld`` (which needs the round's rules).

    Returns the action, or ``("meld", rest)`` for a meld still to be read.
    Raises ``ValueError`` on bad text.
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, not {type(text).__name__}")
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
        if stands_for is not None and not isinstance(stands_for, Card):
            stands_for = None  # an open set place: the same as no stated suit
        return LayOff(card, _target(args[1]), stands_for)
    if verb == "swap":
        if len(args) != 4 or args[1].lower() != "for":
            raise ValueError("write 'swap <card> for <wild> #<meld>', e.g. 'swap 6H for JK #2'")
        return SwapWild(parse_card(args[0]), _target(args[3]), parse_card(args[2]))
    raise ValueError(
        f"unknown action {words[0]!r}; actions are draw, take, meld, layoff, swap, discard, "
        "rebuy, retire, join, deal"
    )
