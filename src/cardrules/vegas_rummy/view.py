"""What one seat may know of a Las Vegas Rummy game."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import ClassVar

import attrs

from cardrules.cards import Card, sort_cards
from cardrules.events import Event, since_last_move, texts_of
from cardrules.vegas_rummy.actions import Action
from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.rules import legal_actions
from cardrules.vegas_rummy.state import (
    CutAttempt,
    LedgerEntry,
    OwnedMeld,
    Phase,
    RoundResult,
    State,
    _deprecated,
)

__all__ = ["View", "state_from_view", "view"]


@attrs.frozen
class View:
    """One seat's knowledge (``seat=None``: a spectator).

    Holds the seat's own ``hand`` (``None`` for a spectator), every hand's size,
    the stock's size (never its order), the discard pile, the melds, the upcard,
    scores, busts, seats in play, the ledger and pot, the round history (hands
    are shown at each round's scoring), the cut, and the seat's ``legal_actions``
    when it is to act. Never another player's hand, the stock order or the seed.
    """

    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"turn": "turns"}
    """Old JSON keys and the fields they now fill (saves of 0.x still load, with a warning)."""

    config: Config
    seat: int | None
    phase: Phase = attrs.field(converter=Phase)  # "draw" given as a string is Phase.draw
    to_act: int | None
    is_over: bool
    dealer: int
    round_number: int
    num_decks: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[OwnedMeld, ...]
    upcard: Card | None
    turns: int
    """Turns completed in this round (:attr:`State.turns <cardrules.vegas_rummy.State.turns>`)."""
    taken: Card | None
    reshuffles: int
    scores: tuple[int, ...]
    busts: tuple[int, ...]
    active: tuple[bool, ...]
    winners: tuple[int, ...]
    pot: Decimal
    ledger: tuple[LedgerEntry, ...]
    history: tuple[RoundResult, ...]
    cut: tuple[CutAttempt, ...]
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...] = ()
    """The public events since this seat's last move (all kept ones for a spectator)."""
    legal_texts: tuple[str, ...] = attrs.field(default=attrs.Factory(texts_of, takes_self=True))
    """``str()`` of each of ``legal_actions``, in the same order (computed)."""

    @property
    def turn(self) -> int:
        """Deprecated name of :attr:`turns`."""
        _deprecated("View.turn", "turns")
        return self.turns

    def __str__(self) -> str:
        from cardrules.vegas_rummy.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.vegas_rummy.display import table_html

        return table_html(self)

    def __repr__(self) -> str:
        """``cardrules.from_notation('…')``: an expression that rebuilds this object."""
        from cardrules.notation import notation_repr  # the notation reads this module

        return notation_repr(self)


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know of ``state`` (``None``: a spectator)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players
    ):
        raise ValueError(f"no seat {seat!r} at this table of {state.num_players}")
    return View(
        config=state.config,
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        is_over=state.is_over,
        dealer=state.dealer,
        round_number=state.round_number,
        num_decks=state.num_decks,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        discard=state.discard,
        melds=state.melds,
        upcard=state.upcard,
        turns=state.turns,
        taken=state.taken,
        reshuffles=state.reshuffles,
        scores=state.scores,
        busts=state.busts,
        active=state.active,
        winners=state.winners,
        pot=state.pot,
        ledger=state.ledger,
        history=state.history,
        cut=state.cut,
        legal_actions=legal_actions(state) if seat is not None and seat == state.to_act else (),
        events=since_last_move(state.events, seat),
    )


def state_from_view(
    view: View,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    *,
    seed: int = 0,
    shuffles: int = 0,
) -> State:
    """A state ``view`` could come from, with the hidden cards given: every seat's
    hand (the view's own seat's is taken from the view) and the stock, top first.

    The one place a state is rebuilt from a view, for whoever fills in what the
    view hides: :func:`~cardrules.vegas_rummy.notation.complete_view` (any cards,
    to list the seat's moves) and the bots' sampled worlds (cards dealt at random).
    ``seed`` and ``shuffles`` start the world's own random streams (a view never
    holds the real ones). Hands are sorted as a deal sorts them; the state's own
    checks refuse hands of the wrong sizes or cards the packs do not hold.

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2), seed=4)
    >>> mine = vr.view(state, 0)
    >>> world = state_from_view(mine, state.hands, state.stock)
    >>> vr.view(world, 0) == mine
    True
    """
    seat = view.seat
    if seat is None or view.hand is None:
        raise ValueError("a state is filled in from a seat's view, not a spectator's")
    if len(hands) != len(view.hand_sizes):
        raise ValueError(f"{len(hands)} hands given for a table of {len(view.hand_sizes)}")
    sizes = [len(hand) for hand in hands]
    sizes[seat] = len(view.hand)
    if tuple(sizes) != view.hand_sizes or len(stock) != view.stock_size:
        raise ValueError("the hidden cards given do not fit the view's hand and stock sizes")
    return State(
        config=view.config,
        seed=seed,
        shuffles=shuffles,
        phase=view.phase,
        to_act=view.to_act,
        dealer=view.dealer,
        round_number=view.round_number,
        num_decks=view.num_decks,
        hands=tuple(view.hand if s == seat else sort_cards(hand) for s, hand in enumerate(hands)),
        stock=tuple(stock),
        discard=view.discard,
        melds=view.melds,
        upcard=view.upcard,
        turns=view.turns,
        taken=view.taken,
        reshuffles=view.reshuffles,
        scores=view.scores,
        busts=view.busts,
        active=view.active,
        winners=view.winners,
        cut=view.cut,
        history=view.history,
        ledger=view.ledger,
        events=view.events,
    )
