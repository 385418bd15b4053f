"""What one seat may know of a Rummy 500 game."""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy500.actions import Action
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import legal_actions
from cardrules.rummy500.state import Phase, RoundResult, State

__all__ = ["View", "view"]


@attrs.frozen
class View:
    """A seat's view: its own hand and everything public, never hidden cards or the seed.

    ``seat`` is ``None`` for a spectator, who sees no hand. ``legal_actions`` is
    filled only when ``seat`` is the player to act. The cards each player took
    from the discard pile are public (everyone saw them taken), so ``taken`` and
    ``owed`` are shown to all.
    """

    seat: int | None
    config: Config
    round_number: int
    dealer: int
    to_act: int | None
    phase: Phase
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[RunMeld | SetMeld, ...]
    meld_owners: tuple[int, ...]
    placed: tuple[tuple[Card, ...], ...]
    round_points: tuple[int, ...]
    owed: Card | None
    taken: tuple[Card, ...]
    history: tuple[RoundResult, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    turns: int = 0
    """Turns completed this round (public: everyone saw them)."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase is Phase.OVER

    def __str__(self) -> str:
        from cardrules.rummy500.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.rummy500.display import table_html

        return table_html(self)


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know of ``state``; ``seat=None`` is a spectator.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> mine = view(state, state.to_act)
    >>> mine.hand == state.hands[state.to_act], mine.stock_size
    (True, 31)
    >>> view(state, None).hand
    ()
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players
    ):
        raise ValueError(f"seat must be None or 0..{state.num_players - 1}, not {seat!r}")
    return View(
        seat=seat,
        config=state.config,
        round_number=state.round_number,
        dealer=state.dealer,
        to_act=state.to_act,
        phase=state.phase,
        scores=state.scores,
        hand=() if seat is None else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock_size=len(state.stock),
        discard=state.discard,
        melds=state.melds,
        meld_owners=state.meld_owners,
        placed=state.placed,
        round_points=state.round_points,
        owed=state.owed,
        taken=state.taken,
        history=state.history,
        winners=state.winners,
        legal_actions=legal_actions(state) if seat is not None and seat == state.to_act else (),
        turns=state.turns,
    )
