"""Public events: what every player at the table saw happen, move by move.

Each game's ``apply`` appends to ``State.events`` the moves everybody saw
(who drew from where, what was taken from the discard pile, melded, laid off,
captured, built, discarded) and the end of each round, so that a client can
show "seat 1 took 7♠" without comparing states. A view carries the events
since its seat's previous move (:func:`since_last_move`).

Events are public by construction: a draw from the stock names no card (not
even to the drawer, who sees it in the hand of the view), so the log is the
same for every seat and holds nothing a view may not show.

The log is bounded: a state keeps the events after the oldest "last move" of
the seats still in play — one trip round the table — and never more than
:data:`MAX_EVENTS`.

The event classes live in :mod:`!cardrules.event_types` and are re-exported
here; this module holds the functions (so the compiled build compiles them).

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=2)
>>> state = cardrules.apply(state, cardrules.legal_actions(state)[0])
>>> state.events
(Move(seat=0, kind='draw', text='draw', cards=()),)
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.event_types import MOVE_KINDS, Event, Move, MoveKind, RoundEnd

__all__ = [
    "MAX_EVENTS",
    "MOVE_KINDS",
    "Event",
    "Move",
    "MoveKind",
    "RoundEnd",
    "append",
    "check_events",
    "check_view_events",
    "draw_or_discard",
    "logs_events",
    "since_last_move",
    "texts_of",
    "with_events",
]

MAX_EVENTS: Final = 1024
"""The most events a state keeps (older ones are dropped first)."""

MAX_EVENT_TEXT: Final = 400
"""The longest text an event may carry (checked when a state or view is loaded)."""

_DRAWS_AND_DISCARDS: dict[int, Move] = {}


def draw_or_discard(seat: int, card: Card | None) -> Move:
    """``seat``'s draw from the stock (``card`` ``None``) or discard of ``card``: a :class:`Move`.

    Nearly every rummy turn is a draw and a discard, so each of these moves is
    made once and shared (events are immutable values): at most one per seat
    and card of a deck.

    >>> from cardrules.cards import parse_card
    >>> draw_or_discard(1, parse_card("KS")).text
    'discard K♠'
    >>> draw_or_discard(1, None) is draw_or_discard(1, None)
    True
    """
    key = seat * 256 + (255 if card is None else card.index)
    move = _DRAWS_AND_DISCARDS.get(key)
    if move is None:
        if card is None:
            move = Move(seat, "draw", "draw")
        else:
            move = Move(seat, "discard", f"discard {card}", (card,))
        _DRAWS_AND_DISCARDS[key] = move
    return move


def append(
    log: tuple[Event, ...], new: Sequence[Event], seats: Iterable[int]
) -> tuple[Event, ...]:
    """``log`` with ``new`` added, trimmed to what some seat in ``seats`` has not yet seen.

    A seat has seen everything up to its own last move, so the events before
    the oldest last move among ``seats`` (the seats still in play) are
    dropped; a seat with no move in the log keeps it whole. At most
    :data:`MAX_EVENTS` are kept.

    >>> a, b, c = Move(0, "draw", "draw"), Move(1, "draw", "draw"), Move(0, "deal", "deal")
    >>> append((a, b), [c], seats=(0, 1))
    (Move(seat=0, kind='deal', text='deal', cards=()),)
    """
    if not new:
        return log
    if type(seats) is not range and type(seats) is not tuple:
        seats = tuple(seats)  # compared below and kept: never a list that could change
    if len(new) == 1 and log:
        move, last = new[0], log[-1]
        if isinstance(move, Move) and isinstance(last, Move):
            seat = move.seat
            if last.seat != seat:
                # Two seats, one moving right after the other: the other has seen
                # everything up to its own move, the last in the log.
                if len(seats) == 2 and seat in seats and last.seat in seats:
                    return (move,)
            elif type(seats) is range and len(seats) >= 2 and seat in seats:
                # A seat moving again (a draw, then a meld or a discard): no event
                # is dropped while some other seat has no move in the log, and that
                # is so when no move in it is another seat's.
                for event in log:
                    if isinstance(event, Move) and event.seat != seat and event.seat in seats:
                        break
                else:
                    if len(log) < MAX_EVENTS:
                        return (*log, move)
    events = (*log, *new)
    waiting = set(seats)
    start = 0  # kept whole unless every seat's last move is found
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Move) and event.seat in waiting:
            waiting.discard(event.seat)
            if not waiting:
                start = index + 1
                break
    if len(events) - MAX_EVENTS > start:
        start = len(events) - MAX_EVENTS
    return events[start:] if start else events


def since_last_move(log: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events of ``log`` after ``seat``'s last move (all of them for a spectator).

    >>> a, b = Move(0, "draw", "draw"), Move(1, "draw", "draw")
    >>> since_last_move((a, b), 0)
    (Move(seat=1, kind='draw', text='draw', cards=()),)
    >>> len(since_last_move((a, b), None))
    2
    """
    if seat is None:
        return log
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if isinstance(event, Move) and event.seat == seat:
            return log[index + 1 :]
    return log


def check_events(events: object, seats: int, where: str = "events") -> None:
    """Raise ``ValueError`` unless ``events`` is a well-formed log for ``seats`` seats.

    Used when a state or view is loaded: the log is a tuple of at most
    :data:`MAX_EVENTS` events, each naming a seat at the table, a known kind,
    a text of at most :data:`!MAX_EVENT_TEXT` characters and at most a deck's
    worth of cards per move.
    """
    if not isinstance(events, tuple):
        raise ValueError(f"{where} must be a list of events")
    if len(events) > MAX_EVENTS:
        raise ValueError(f"{where}: more than {MAX_EVENTS} events")
    for i, event in enumerate(events):
        if isinstance(event, Move):
            if not 0 <= event.seat < seats:
                raise ValueError(f"{where}[{i}]: seat {event.seat} is not at the table")
            if event.kind not in MOVE_KINDS:
                raise ValueError(f"{where}[{i}]: unknown move kind {event.kind!r}")
            if not event.text or len(event.text) > MAX_EVENT_TEXT:
                raise ValueError(f"{where}[{i}]: a move's text is 1..{MAX_EVENT_TEXT} characters")
            if len(event.cards) > 108:
                raise ValueError(f"{where}[{i}]: a move shows at most 108 cards")
        elif isinstance(event, RoundEnd):
            if event.round_number < 1:
                raise ValueError(f"{where}[{i}]: round numbers start at 1")
            if len(event.scores) > seats or any(not 0 <= w < seats for w in event.winners):
                raise ValueError(f"{where}[{i}]: scores or winners do not fit the table")
        else:
            raise ValueError(f"{where}[{i}]: not an event")


def check_view_events(view: Any, where: str = "data") -> None:
    """Raise ``ValueError`` unless a loaded view's event log and action texts fit it.

    The log is well formed (:func:`check_events`) and holds nothing from before
    its seat's last move; ``legal_texts`` is ``str()`` of each listed action.
    """
    check_events(view.events, len(view.hand_sizes), f"{where}.events")
    if view.seat is not None and any(
        isinstance(event, Move) and event.seat == view.seat for event in view.events
    ):
        raise ValueError(f"{where}.events: a view shows only the events after its seat's last move")
    if view.legal_texts != texts_of(view):
        raise ValueError(f"{where}.legal_texts: must be the text of each legal action, in order")


_S = TypeVar("_S")
_A = TypeVar("_A")


def logs_events(
    derive: Callable[[_S, _A, _S], tuple[Event, ...] | None],
) -> Callable[[Callable[[_S, _A], _S]], Callable[[_S, _A], _S]]:
    """Decorate a game's ``apply`` so that ``derive(state, action, next_state)`` logs the move.

    ``derive`` returns the next state's whole log (``None``: the move logs
    nothing, as a step of a play still in progress). It runs only after
    ``apply`` has accepted the action, so an illegal action logs nothing.
    Every call logs: a decorated ``apply`` must not play a move by calling
    itself on its parts (Casino's :func:`~cardrules.casino.play` calls it
    once per step, from outside).
    """

    def decorate(apply: Callable[[_S, _A], _S]) -> Callable[[_S, _A], _S]:
        @functools.wraps(apply)
        def apply_and_log(state: _S, action: _A) -> _S:
            new = apply(state, action)
            log = derive(state, action, new)
            if log is None:
                return new
            if new is state:
                return with_events(new, log)
            # ``new`` was built by this very call of apply and nobody else holds
            # it yet, so setting its log in place is unseen by anyone. Building
            # every state a second time was the largest single cost of a move
            # (a fifth of it in pure Python, two fifths compiled).
            object.__setattr__(new, "events", log)
            return new

        return apply_and_log

    return decorate


_Rebuild = Callable[[Any, tuple["Event", ...]], Any]
_REBUILDERS: dict[type[Any], _Rebuild] = {}


def with_events(state: _S, events: tuple[Event, ...]) -> _S:
    """``attrs.evolve(state, events=events)``, several times faster (it runs on every move).

    The class's fields are looked up once; the state is rebuilt from its
    values positionally.
    """
    cls = type(state)
    rebuild = _REBUILDERS.get(cls)
    if rebuild is None:
        rebuild = _rebuilder(cls)
        _REBUILDERS[cls] = rebuild
    result: _S = rebuild(state, events)
    return result


def _rebuilder(cls: type[Any]) -> _Rebuild:
    fields = attrs.fields(cls)
    if any(not f.init or f.kw_only or (f.alias or f.name) != f.name for f in fields):
        return lambda state, events: attrs.evolve(state, events=events)
    names = [f.name for f in fields]
    index = names.index("events")
    values_of = operator.attrgetter(*names)

    def rebuild(state: Any, events: tuple[Event, ...]) -> Any:
        values = list(values_of(state))
        values[index] = events
        return cls(*values)

    return rebuild


def texts_of(view: Any) -> tuple[str, ...]:
    """``str()`` of each legal action a view lists (the default of ``View.legal_texts``)."""
    return tuple([str(action) for action in view.legal_actions])
