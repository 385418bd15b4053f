"""The public events of a Rummy 500 move (see :mod:`cardrules.events`).

:func:`new_log` is what :func:`cardrules.rummy500.apply` logs: from the state
before, the action and the state after, it appends the move and, when the move
ended a round, the round's end.
"""

from __future__ import annotations

from cardrules.cards import Card
from cardrules.events import Event, Move, MoveKind, RoundEnd, append, draw_or_discard, with_events
from cardrules.rummy500.actions import Action, Discard, Draw, EndRound, LayOff, Meld, TakeDiscard
from cardrules.rummy500.state import State

__all__ = ["log_move", "new_log"]


def _move(state: State, action: Action, seat: int, new: State) -> Move:
    if isinstance(action, Discard):
        return draw_or_discard(seat, action.card)
    if isinstance(action, Draw):
        return draw_or_discard(seat, None)
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    if isinstance(action, TakeDiscard):
        kind, cards = "take", state.discard[len(state.discard) - action.count :]
    elif isinstance(action, Meld):  # as stored on the table (normalised by the rules)
        if len(new.melds) > len(state.melds) and new.melds[-1] != action.meld:
            action = Meld(new.melds[-1])
        kind, cards = "meld", action.meld.cards
    elif isinstance(action, LayOff):
        kind, cards = "lay_off", (action.card,)
    else:
        assert isinstance(action, EndRound)
        kind = "end_round"
    return Move(seat, kind, str(action), cards)


def new_log(state: State, action: Action, new: State) -> tuple[Event, ...]:
    """The log of ``new``: ``state``'s with the events of ``action`` (made there) appended.

    Every Rummy 500 move logs one event (and a round's end, when it ended one);
    :func:`~cardrules.rummy500.apply` sets it on the state it makes.
    """
    seat = state.to_act
    assert seat is not None
    # The two moves of nearly every turn first, each a shared value (draw_or_discard).
    if type(action) is Discard:
        move = draw_or_discard(seat, action.card)
    elif type(action) is Draw:
        move = draw_or_discard(seat, None)
    else:
        move = _move(state, action, seat, new)
    if len(new.history) > len(state.history):
        result = new.history[-1]
        events = (move, RoundEnd(result.round_number, new.scores, new.winners))
        return append(state.events, events, range(len(state.hands)))
    return append(state.events, (move,), range(len(state.hands)))


def log_move(state: State, action: Action, new: State) -> State:
    """``new`` with the events of ``action`` (made in ``state``) appended to its log.

    The same log as ``apply`` keeps; ``new`` itself is left as it is.
    """
    return with_events(new, new_log(state, action, new))
