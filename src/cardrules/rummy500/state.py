"""The Rummy 500 game state and its round breakdowns."""

from __future__ import annotations

import enum
from typing import Any, Final, Literal

import attrs

from cardrules import stacking
from cardrules.cards import Card, make_deck
from cardrules.events import Event
from cardrules.rummy.melds import (
    NaturalTable,
    RunMeld,
    SetMeld,
    natural_table,
    natural_table_with,
)
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


_BITS: Final = tuple(1 << index for index in range(53))
"""``_BITS[card.index]``: the card's bit (a look-up is cheaper than the shift, at every state)."""


def hand_mask(hand: tuple[Card, ...]) -> int:
    """The bit mask of a hand: bit ``card.index`` set for each card held.

    >>> from cardrules.cards import parse_cards
    >>> bin(hand_mask(tuple(parse_cards("AC 3C 3C"))))
    '0b101'
    """
    mask = 0
    bits = _BITS
    for card in hand:
        mask |= bits[card.index]
    return mask


_UNUSABLE: Final = (AttributeError, TypeError, ValueError, KeyError, IndexError)
"""What reading a state whose fields are not of their declared types may raise."""


def hand_masks(state: State) -> tuple[int, ...] | None:
    """The :func:`hand_mask` of each of ``state.hands``, worked out once per state.

    ``None`` for a state whose fields are not of their declared types (the
    loader's validation then says what is wrong). A state made by
    :func:`successor` gets them from the state before.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> hand_masks(state)[1] == hand_mask(state.hands[1])
    True
    """
    held = state._held
    if held is None:
        try:
            held = tuple([hand_mask(hand) for hand in state.hands])
        except _UNUSABLE:
            return None
        object.__setattr__(state, "_held", held)
    return held


def table_summary(state: State) -> NaturalTable | None:
    """:func:`~cardrules.rummy.melds.natural_table` of ``state.melds``, worked out once per state.

    ``None`` for a state whose fields are not of their declared types.

    >>> from cardrules.rummy500 import new_game
    >>> table_summary(new_game(seed=1)).fits
    0
    """
    table = state._table
    if table is None:
        try:
            table = natural_table(state.melds, state.config.meld_rules)
        except _UNUSABLE:
            return None
        object.__setattr__(state, "_table", table)
    return table


def successor(
    before: State,
    changes: dict[str, Any],
    seat: int,
    *,
    added: tuple[Card, ...] = (),
    removed: tuple[Card, ...] = (),
    changed_meld: int | None = None,
) -> State:
    """The state after a move: ``before`` with the fields in ``changes`` replaced.

    For :func:`~cardrules.rummy500.apply` only, which has checked the move:
    the new state is a copy of ``before``'s ``__dict__`` with ``changes`` put
    in (the constructor would set each of the 24 fields again, the largest
    cost of a move), none of which may be ``stacked`` (the one field the
    constructor checks). The masks are carried over: the move changed only
    ``seat``'s hand, which gained ``added`` and lost ``removed`` (their bits
    are set, or cleared for a card of which it holds no copy any more; the hand
    is not walked again), and, when ``changed_meld`` is a number, that meld
    (a new one when it is the number of melds before), the only one summed up
    again (:func:`~cardrules.rummy.melds.natural_table_with`). Masks
    ``before`` had not worked out are left for the new state to work out.

    >>> from cardrules.rummy500 import Draw, apply, new_game
    >>> after = apply(new_game(seed=1), Draw())
    >>> after.masks == attrs.evolve(after).masks and after == attrs.evolve(after)
    True
    """
    if not _COPYABLE.issuperset(changes):
        raise TypeError(f"a move does not set {sorted(set(changes) - _COPYABLE)}")
    values = before.__dict__.copy()
    if len(values) != _FIELD_COUNT:  # changed in place: the constructor says what is wrong
        return attrs.evolve(before, **changes)
    values.update(changes)
    held = values["_held"]
    if held is not None:
        try:
            mask = held[seat]
            bits = _BITS
            for card in added:
                mask |= bits[card.index]
            if removed:
                hand = values["hands"][seat]
                for card in removed:
                    if card not in hand:
                        mask &= ~bits[card.index]
            held = (*held[:seat], mask, *held[seat + 1 :])
        except _UNUSABLE:
            held = None
        values["_held"] = held
    if changed_meld is not None:
        table = values["_table"]
        if table is not None:
            try:
                table = natural_table_with(
                    table, values["melds"], changed_meld, values["config"].meld_rules
                )
            except _UNUSABLE:
                table = None
            values["_table"] = table
    new = _new_state(State)
    _set_dict(new, "__dict__", values)
    return new


_new_state: Final = object.__new__
_set_dict: Final = object.__setattr__


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
    """:func:`hand_masks` once worked out (or carried over by ``apply``)."""

    _table: NaturalTable | None = attrs.field(init=False, default=None, eq=False, repr=False)
    """:func:`table_summary` once worked out (or carried over by ``apply``)."""

    @property
    def masks(self) -> Masks | None:
        """The cards as bit masks (:class:`Masks`), derived from the fields above;
        not part of the state's value, its JSON or its notation. ``None`` for a
        state whose fields are not of their declared types.

        Worked out the first time it is asked for and kept; a state made by
        :func:`~cardrules.rummy500.apply` gets them from the state before
        (``rummy500.state.successor``).
        """
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
        return tuple(sum(points) for points in self.placed_points)

    def __str__(self) -> str:
        from cardrules.rummy500.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.rummy500.display import table_html

        return table_html(self)


_COPYABLE: Final = frozenset(
    f.name for f in attrs.fields(State) if f.init and f.validator is None and f.converter is None
)
"""The fields :func:`successor` may set unchecked: all but ``stacked``."""

_FIELD_COUNT: Final = len(attrs.fields(State))
