"""The public events of a Casino move (see :mod:`cardrules.events`).

:func:`new_log` is the hook on :func:`cardrules.casino.apply`. A capture or a
build made one table item at a time is logged once, as the whole play, when it
is complete; so the log is the same whether the play was applied whole or in
steps. The end of a hand is logged as a :class:`~cardrules.events.RoundEnd`.
"""

from __future__ import annotations

from functools import lru_cache

from cardrules.casino.actions import Action, Build, Capture, Done, Take, Trail
from cardrules.casino.captures import _BY_INDEX
from cardrules.casino.state import State
from cardrules.events import Event, Move, RoundEnd, append, with_events

__all__ = ["log_move", "new_log"]


def _whole_play(state: State, action: Action) -> Capture | Build | Trail:
    """The play that ``action`` completes in ``state``."""
    pending = state.pending
    if isinstance(action, Done):
        assert pending is not None
        return pending
    if isinstance(action, Take):
        assert pending is not None
        item = action.item
        if isinstance(pending, Build):
            return Build(
                pending.card,
                kind=pending.kind,
                value=pending.value,
                cards=(*pending.cards, *item),
                target=pending.target,
            )
        if len(item) == 1 and item[0].index in state.summary.indices:
            return Capture(
                pending.card, (*pending.cards, *item), pending.builds, ace_high=pending.ace_high
            )
        return Capture(
            pending.card, pending.cards, (*pending.builds, item), ace_high=pending.ace_high
        )
    return action


@lru_cache(maxsize=256)
def _trail(seat: int, index: int) -> Move:
    """``seat`` trailing the card numbered ``index``: made once per seat and card (events
    are immutable values, and half the moves of a game are trails), as
    ``events.draw_or_discard`` makes a rummy discard. Keyed by the card's index, an int
    hashed in C (a card's ``__hash__`` runs in Python)."""
    card = _BY_INDEX[index]
    return Move(seat, "trail", str(Trail(card)), (card,))


def _move(play: Capture | Build | Trail, seat: int) -> Move:
    if isinstance(play, Trail):
        return _trail(seat, play.card.index)
    if isinstance(play, Capture):
        taken = [play.card, *play.cards]
        for build in play.builds:  # (a loop: a generator's frame costs more)
            taken += build
        return Move(seat, "capture", str(play), tuple(taken))
    return Move(seat, "build", str(play), (play.card, *play.cards))


def new_log(state: State, action: Action, new: State) -> tuple[Event, ...] | None:
    """The log of ``new``: ``state``'s with the events of ``action`` (made there) appended.

    ``None`` when the move logs nothing. The hook on ``apply``
    (:func:`cardrules.events.logs_events`).
    """
    if new.pending is not None:  # a play still in progress: logged once complete
        return None
    seat = state.to_act
    assert seat is not None
    if type(action) is Trail:  # half the moves of a game: a whole play made in one step
        events: list[Event] = [_trail(seat, action.card.index)]
    else:
        events = [_move(_whole_play(state, action), seat)]
    if len(new.history) > len(state.history):
        result = new.history[-1]
        events.append(RoundEnd(result.hand, new.scores, new.winners))
    return append(state.events, events, range(len(state.hands)))


def log_move(state: State, action: Action, new: State) -> State:
    """``new`` with the events of ``action`` (made in ``state``) appended to its log.

    The same log as ``apply`` keeps; ``new`` itself is left as it is.
    """
    log = new_log(state, action, new)
    return new if log is None else with_events(new, log)
