"""The public events of a Rummy 500 move (see :mod:`cardrules.events`).

:func:`new_log` is the hook on :func:`cardrules.rummy500.apply`: from the state
before, the action and the state after, it appends the move and, when the move
ended a round, the round's end.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card
from cardrules.events import Event, Move, MoveKind, RoundEnd, append, draw_or_discard, with_events
from cardrules.rummy500.actions import Action, Discard, Draw, EndRound, LayOff, Meld, TakeDiscard
from cardrules.rummy500.state import State

__all__ = ["log_move", "new_log"]


def _move(state: State, action: Action, seat: int, new: State) -> Move:
    if isinstance(action, Discard):  # the two moves of nearly every turn, made once each
        return draw_or_discard(seat, action.card)
    if isinstance(action, Draw):
        return draw_or_discard(seat, None)
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    shown: object = action  # what the text is remembered for
    if isinstance(action, TakeDiscard):
        kind, cards = "take", state.discard[len(state.discard) - action.count :]
    elif isinstance(action, Meld):  # as stored on the table (normalised by the rules)
        if len(new.melds) > len(state.melds) and new.melds[-1] is not action.meld:
            action = Meld(new.melds[-1])
        kind, cards, shown = "meld", action.meld.cards, action.meld
    elif isinstance(action, LayOff):
        kind, cards = "lay_off", (action.card,)
    else:
        assert isinstance(action, EndRound)
        kind = "end_round"
    return Move(seat, kind, _text(shown, action), cards)


_TEXTS: dict[int, tuple[object, str]] = {}
"""``str(action)`` by the identity of the action, or of a meld's table meld, kept
with the object itself (so its identity cannot pass to another object). The
rules list the same objects again and again (shared lay-offs and takes, melds
from tables); emptied when :data:`_MAX_TEXTS` is reached."""

_MAX_TEXTS: Final = 20_000


def _text(shown: object, action: Action) -> str:
    """``str(action)``, remembered for ``shown``: the action, or the meld it lays down."""
    known = _TEXTS.get(id(shown))
    if known is not None and known[0] is shown:
        return known[1]
    text = str(action)
    if len(_TEXTS) >= _MAX_TEXTS:
        _TEXTS.clear()
    _TEXTS[id(shown)] = (shown, text)
    return text


def new_log(state: State, action: Action, new: State) -> tuple[Event, ...] | None:
    """The log of ``new``: ``state``'s with the events of ``action`` (made there) appended.

    ``None`` when the move logs nothing. The hook on ``apply``
    (:func:`cardrules.events.logs_events`).
    """
    assert state.to_act is not None
    events: list[Event] = [_move(state, action, state.to_act, new)]
    if len(new.history) > len(state.history):
        result = new.history[-1]
        events.append(RoundEnd(result.round_number, new.scores, new.winners))
    return append(state.events, events, range(len(state.hands)))


def log_move(state: State, action: Action, new: State) -> State:
    """``new`` with the events of ``action`` (made in ``state``) appended to its log.

    The same log as ``apply`` keeps; ``new`` itself is left as it is.
    """
    log = new_log(state, action, new)
    return new if log is None else with_events(new, log)
