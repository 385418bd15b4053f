"""The Rummy 500 game state and its round breakdowns."""

from __future__ import annotations

import enum
from typing import Final, Literal

import attrs

from cardrules import stacking
from cardrules.cards import Card, make_deck
from cardrules.events import Event
from cardrules.rummy.melds import NaturalTable, RunMeld, SetMeld
from cardrules.rummy500.config import Config

__all__ = ["Masks", "Phase", "RoundResult", "SeatScore", "State"]


class Phase(enum.Enum):
    """Where the player to act is in his turn."""

    DRAW = "draw"
    """He must draw from the stock or take from the discard pile."""
    PLAY = "play"
    """He may meld and lay off, and ends the turn by discarding (or going out)."""
    OVER = "over"
    """The game has ended."""


_OVER: Final = Phase.OVER
"""For :attr:`State.is_over`, asked at every move: a module's name is read faster
than an enum class's attribute."""


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
class Masks:
    """A state's cards as bit masks, as :attr:`State.masks` gives them.

    Bit ``card.index`` is set for each card held (a second copy adds nothing:
    the rules ask which cards a hand holds, and count copies in the hand
    itself). ``table`` sums up the melds on the table: which natural cards lay
    off on each, and the runs of each suit (:func:`~cardrules.rummy.melds.natural_table`).
    The rules read these instead of walking the tuples again for every question.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> state.masks.hands[0].bit_count() == len(set(state.hands[0]))
    True
    """

    hands: tuple[int, ...]
    table: NaturalTable


@attrs.frozen(slots=False)  # no slots: apply makes the next state from a copy of __dict__
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

    events: tuple[Event, ...] = ()
    """The public event log (:mod:`cardrules.events`), bounded."""

    stacked: tuple[tuple[Card, ...], ...] = attrs.field(default=())
    """Decks for the next rounds' deals, top first, used in turn instead of a shuffle
    (``new_game(decks=...)``). Hidden: the stock of the future, never in a view."""

    _held: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    """:func:`~cardrules.rummy500.masks.hand_masks` once worked out (or carried over by
    ``apply``)."""

    _table: NaturalTable | None = attrs.field(init=False, default=None, eq=False, repr=False)
    """:func:`~cardrules.rummy500.masks.table_summary` once worked out (or carried over by
    ``apply``)."""

    @property
    def masks(self) -> Masks | None:
        """The cards as bit masks (:class:`Masks`), derived from the fields above;
        not part of the state's value, its JSON or its notation. ``None`` for a
        state whose fields are not of their declared types.

        Worked out the first time it is asked for and kept; a state made by
        :func:`~cardrules.rummy500.apply` gets them from the state before
        (``rummy500.masks.successor``).
        """
        from cardrules.rummy500.masks import hand_masks, table_summary  # it reads this module

        hands = hand_masks(self)
        table = table_summary(self)
        if hands is None or table is None:
            return None
        return Masks(hands, table)

    def __repr__(self) -> str:
        """``cardrules.from_notation('…')``: an expression that rebuilds this object."""
        from cardrules.notation import notation_repr  # the notation reads this module

        return notation_repr(self)

    @stacked.validator
    def _check_stacked(self, _attribute: object, value: tuple[tuple[Card, ...], ...]) -> None:
        if value:
            pack = make_deck(decks=self.config.num_decks, jokers_per_deck=self.config.jokers)
            stacking.check_stacked(value, pack)

    @property
    def is_over(self) -> bool:
        """True once the game has a winner (or shared winners)."""
        return self.phase is _OVER

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
        return tuple(map(sum, self.placed_points))

    def __str__(self) -> str:
        from cardrules.rummy500.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.rummy500.display import table_html

        return table_html(self)
