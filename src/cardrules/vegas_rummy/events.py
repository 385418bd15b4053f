"""The public events of a Las Vegas Rummy move (see :mod:`cardrules.events`).

:func:`new_log` is the hook on :func:`cardrules.vegas_rummy.apply`: from the
state before, the action and the state after, it appends the move and, when
the move ended a round, the round's end. Seats are trimmed from the log's
bookkeeping once they retire.
"""

from __future__ import annotations

from functools import lru_cache

from cardrules.cards import Card
from cardrules.events import Event, Move, MoveKind, RoundEnd, append, draw_or_discard, with_events
from cardrules.vegas_rummy.actions import (
    Action,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    SwapWild,
    TakeDiscard,
)
from cardrules.vegas_rummy.state import State

__all__ = ["log_move", "new_log"]


def _move(state: State, action: Action, seat: int, new: State) -> Move | None:
    if isinstance(action, Discard):  # the two moves of nearly every turn, made once each
        return draw_or_discard(seat, action.card)
    if isinstance(action, Draw):
        return draw_or_discard(seat, None)
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    if isinstance(action, TakeDiscard):
        kind, cards = "take", state.discard[-1:]
    elif isinstance(action, Meld):  # as stored: the rules keep one canonical arrangement
        if len(new.melds) > len(state.melds):
            action = Meld(new.melds[-1].meld)
        kind, cards = "meld", action.meld.cards
    elif isinstance(action, LayOff):
        kind, cards = "lay_off", (action.card,)
    elif isinstance(action, SwapWild):
        kind, cards = "swap", (action.card, action.wild)
    elif isinstance(action, Rebuy):
        kind = "rebuy"
    elif isinstance(action, Retire):
        kind = "retire"
    elif isinstance(action, Deal):
        kind = "deal"
    else:  # seating a new player is the host's doing, not a seat's move
        return None
    return Move(seat, kind, str(action), cards)


def new_log(state: State, action: Action, new: State) -> tuple[Event, ...] | None:
    """The log of ``new``: ``state``'s with the events of ``action`` (made there) appended.

    ``None`` when the move logs nothing. The hook on ``apply``
    (:func:`cardrules.events.logs_events`).
    """
    assert state.to_act is not None
    events: list[Event] = []
    move = _move(state, action, state.to_act, new)
    if move is not None:
        events.append(move)
    if len(new.history) > len(state.history):
        result = new.history[-1]
        events.append(RoundEnd(result.round_number, new.scores, new.winners))
    return append(state.events, events, _in_play(tuple(new.active)))


@lru_cache(maxsize=256)
def _in_play(active: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats still playing (a pure function of the flags: it changes only with a retirement)."""
    return tuple(seat for seat, playing in enumerate(active) if playing)


def log_move(state: State, action: Action, new: State) -> State:
    """``new`` with the events of ``action`` (made in ``state``) appended to its log.

    The same log as ``apply`` keeps; ``new`` itself is left as it is.
    """
    log = new_log(state, action, new)
    return new if log is None else with_events(new, log)
