"""What one seat may know of a Casino game."""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.casino.actions import Action, Build, Capture
from cardrules.casino.config import Config
from cardrules.casino.rules import expect_state, legal_actions
from cardrules.casino.scoring import HandScore
from cardrules.casino.state import Phase, State, TableBuild
from cardrules.events import Event, since_last_move, texts_of

__all__ = ["View", "view"]


@attrs.frozen
class View:
    """A seat's view: public facts plus its own hand (``seat=None``: a spectator).

    Captured piles are face down, so only their sizes show; sweeps are face up
    (CA-5). Other hands show only as counts; the stock's order and the seed are
    never included. ``legal_actions`` is filled when ``seat`` is to act.
    ``pending`` is the play in progress, which everyone sees.
    """

    config: Config
    seat: int | None
    to_act: int | None
    dealer: int
    round_number: int
    deal_number: int
    is_last_deal: bool
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    loose: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    pile_sizes: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    stock_size: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    history: tuple[HandScore, ...]
    legal_actions: tuple[Action, ...]
    pending: Capture | Build | None = None
    events: tuple[Event, ...] = ()
    """The public events since this seat's last move (all kept ones for a spectator)."""
    legal_texts: tuple[str, ...] = attrs.field(default=attrs.Factory(texts_of, takes_self=True))
    """``str()`` of each of ``legal_actions``, in the same order (computed)."""

    def __repr__(self) -> str:
        """``cardrules.from_notation('…')``: an expression that rebuilds this object."""
        from cardrules.notation import notation_repr  # the notation reads this module

        return notation_repr(self)

    @property
    def is_over(self) -> bool:
        """True once the game has been won."""
        return self.to_act is None

    @property
    def phase(self) -> Phase:
        """The :class:`~cardrules.casino.state.Phase` of the turn, as the state's."""
        if self.to_act is None:
            return Phase.OVER
        return Phase.PLAY if self.pending is None else Phase.TAKING

    def __str__(self) -> str:
        from cardrules.casino.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.casino.display import table_html

        return table_html(self)


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know of ``state``; ``None`` gives the spectator's view.

    Raises ``TypeError`` if ``state`` is not a Casino :class:`State`.
    """
    n = expect_state(state).config.num_players
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
    ):
        raise ValueError(f"seat must be None or 0..{n - 1}, not {seat!r}")
    return View(
        config=state.config,
        seat=seat,
        to_act=state.to_act,
        dealer=state.dealer,
        round_number=state.round_number,
        deal_number=state.deal_number,
        is_last_deal=state.is_last_deal,
        hand=() if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        loose=state.loose,
        builds=state.builds,
        pile_sizes=tuple(len(p) for p in state.piles),
        sweeps=tuple(state.sweep_log.count(s) for s in range(n)),
        last_capturer=state.last_capturer,
        stock_size=len(state.stock),
        scores=state.scores,
        winners=state.winners,
        history=state.history,
        legal_actions=legal_actions(state) if seat is not None and seat == state.to_act else (),
        events=since_last_move(state.events, seat),
        pending=state.pending,
    )
