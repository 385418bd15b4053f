"""The classes of the public event log: :class:`Move` and :class:`RoundEnd`.

Re-exported by :mod:`cardrules.events`, which holds the functions that make and
read the log; import them from there. They live apart so that the functions can
be compiled (the compiled build keeps modules that define attrs classes pure).

>>> from cardrules.event_types import Move
>>> Move(0, "draw", "draw")
Move(seat=0, kind='draw', text='draw', cards=())
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from cardrules.cards import Card

__all__ = ["MOVE_KINDS", "Event", "Move", "MoveKind", "RoundEnd"]

MoveKind: TypeAlias = Literal[
    "draw",
    "take",
    "meld",
    "lay_off",
    "swap",
    "discard",
    "end_round",
    "rebuy",
    "retire",
    "deal",
    "capture",
    "build",
    "trail",
]
"""What kind of move a :class:`Move` was (see the table in :class:`Move`)."""

MOVE_KINDS: Final[tuple[str, ...]] = MoveKind.__args__  # type: ignore[attr-defined]


@attrs.frozen
class Move:
    """One seat's move, as everybody saw it.

    ``text`` is the move in the words of :class:`str` of its action (for Casino,
    the whole play however many steps it took). ``cards`` are the cards the
    move showed:

    ===============  =========================================================
    ``kind``         ``cards``
    ===============  =========================================================
    ``draw``         none: a card drawn from the stock is never named
    ``take``         the cards taken from the discard pile, deepest first
    ``meld``         the meld's cards
    ``lay_off``      the card laid off
    ``swap``         the natural card put in, then the wild card taken back
    ``discard``      the card discarded
    ``capture``      the card played, then every table card captured
    ``build``        the card played, then the loose cards it took into the build
    ``trail``        the card trailed
    other kinds      none (``end_round``, ``rebuy``, ``retire``, ``deal``)
    ===============  =========================================================

    >>> from cardrules.cards import parse_card
    >>> Move(0, "discard", "discard K♠", (parse_card("KS"),)).cards
    (Card(Rank.KING, Suit.SPADES),)
    """

    seat: int
    kind: MoveKind
    text: str
    cards: tuple[Card, ...] = ()


@attrs.frozen
class RoundEnd:
    """A round (a hand in Casino) was scored.

    ``scores`` are the totals after it, one per scoring side as in
    ``State.scores``; ``winners`` is empty unless this ended the game. The
    breakdown is the last entry of the view's ``history``.

    >>> RoundEnd(1, (120, 45)).winners
    ()
    """

    round_number: int
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()


Event: TypeAlias = Move | RoundEnd
"""Anything in an event log."""
