"""The Rummy 500 game state and its round breakdowns."""

from __future__ import annotations

import enum
from typing import Literal

import attrs

from cardrules.cards import Card
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy500.config import Config

__all__ = ["Phase", "RoundResult", "SeatScore", "State"]


class Phase(enum.Enum):
    """Where the player to act is in his turn."""

    DRAW = "draw"
    """He must draw from the stock or take from the discard pile."""
    PLAY = "play"
    """He may meld and lay off, and ends the turn by discarding (or going out)."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class SeatScore:
    """One seat's part of a round's scoring: the facts, then the points.

    ``placed`` are the cards the seat melded or laid off this round, with what
    each scored in ``placed_points`` (an ace used low may score 1, R5-2);
    ``in_hand`` the cards left in hand, counted against him.
    """

    seat: int
    placed: tuple[Card, ...]
    placed_points: tuple[int, ...]
    in_hand: tuple[Card, ...]
    hand_points: int
    round_score: int
    total: int

    @property
    def melded_total(self) -> int:
        """Points for melds and lay-offs."""
        return sum(self.placed_points)


@attrs.frozen
class RoundResult:
    """How a round ended and what every seat scored."""

    round_number: int
    dealer: int
    ended_by: Literal["went_out", "stock_exhausted", "turn_limit"]
    """``"turn_limit"``: the round reached ``Config.max_turns`` turns."""
    went_out: int | None
    seats: tuple[SeatScore, ...]


@attrs.frozen
class State:
    """One moment of a Rummy 500 game. Immutable: :func:`~cardrules.rummy500.apply` makes new ones.

    Piles: ``stock`` is top first and hidden from players; ``discard`` is listed
    bottom to top. ``melds[i]`` was laid down by ``meld_owners[i]``; who gets the
    points for each card is kept per seat in ``placed`` / ``placed_points``.
    During a turn that began by digging, ``owed`` is the dug card that must still
    be melded or laid off, and ``taken`` every card taken from the pile.
    """

    config: Config
    seed: int
    shuffles: int
    """Random streams used so far; the next shuffle uses stream number ``shuffles``."""
    round_number: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    melds: tuple[RunMeld | SetMeld, ...]
    meld_owners: tuple[int, ...]
    placed: tuple[tuple[Card, ...], ...]
    placed_points: tuple[tuple[int, ...], ...]
    phase: Phase
    to_act: int | None
    owed: Card | None = None
    taken: tuple[Card, ...] = ()
    stock_ran_out: bool = False
    reshuffles: int = 0
    """New stocks made from the discard pile this round (``stock_exhausted="reshuffle"``)."""
    history: tuple[RoundResult, ...] = ()
    winners: tuple[int, ...] = ()
    turns: int = 0
    """Turns completed this round (each ended by a discard); the seat to act is
    always the ``turns``-th after the dealer's left (R5-11)."""

    @property
    def is_over(self) -> bool:
        """True once the game has a winner (or shared winners)."""
        return self.phase is Phase.OVER

    @property
    def num_players(self) -> int:
        """Players at the table."""
        return len(self.hands)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    @property
    def round_points(self) -> tuple[int, ...]:
        """What each seat has melded and laid off so far this round, in points."""
        return tuple(sum(points) for points in self.placed_points)

    def __str__(self) -> str:
        from cardrules.rummy500.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.rummy500.display import table_html

        return table_html(self)
