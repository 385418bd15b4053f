"""Las Vegas Rummy position notation: the field table read by :mod:`cardrules.notation`.

A state::

    vegas_rummy; seed 7; shuffles 1; round 1; dealer 3; turn 0; phase draw; decks 2;
    scores 0 0 0 0; busts 0 0 0 0; hands … / … / … / …; stock …; discard 7♦;
    upcard 7♦; melds 1: 5♥ 7♣=6♥ 7♥; ledger (0 0 buy_in 0 0) …

``stock`` and ``discard`` are listed bottom to top (the stock's top card is the
last one), ``melds`` ``owner: cards`` entries separated by ``/``, a wild card
as ``7♣=6♥`` (standing for the 6♥) or ``7♣=Q?`` (an open place in a set of
queens). ``retired`` lists the seats no longer playing, ``ledger`` the buy-ins,
rebuys, joins and retirements in order (``(after_round seat kind amount
score)``); the pot is their sum. ``cut`` holds the cut for the first dealer:
each attempt's passes, one card per seat still tied (``-`` for the others).
A view (``vegas_rummy view``) has ``seat``, ``hand``, ``sizes``, ``stock`` as a
count and ``pot``, never the seed, the stock's cards or another hand.

>>> import cardrules
>>> state = cardrules.new_game("vegas_rummy", seed=4)
>>> cardrules.from_notation(cardrules.notation(state)) == state
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, make_deck
from cardrules.notation import (
    BARE_CARDS,
    HAND_CARDS,
    Codec,
    Field,
    GameNotation,
    Reader,
    owned,
    per_seat,
    read_meld,
    write_meld,
)
from cardrules.vegas_rummy.rules import legal_actions
from cardrules.vegas_rummy.state import OwnedMeld, State
from cardrules.vegas_rummy.view import View, state_from_view

__all__ = ["NOTATION"]

_OWNED = owned(write_meld, read_meld)


def _write_melds(value: Sequence[OwnedMeld], ctx: Mapping[str, Any]) -> str:
    return _OWNED.write(tuple((m.owner, m.meld) for m in value), ctx)


def _read_melds(reader: Reader, ctx: Mapping[str, Any]) -> tuple[OwnedMeld, ...]:
    return tuple(OwnedMeld(owner, meld) for owner, meld in _OWNED.read(reader, ctx))


MELDS = Codec(_write_melds, _read_melds)
"""``owner: cards / owner: cards``."""


def _write_retired(value: Sequence[bool], ctx: Mapping[str, Any]) -> str:
    return " ".join(str(seat) for seat, active in enumerate(value) if not active)


def _read_retired(reader: Reader, ctx: Mapping[str, Any]) -> tuple[bool, ...]:
    seats = len(ctx.get("scores", ()))
    retired: set[int] = set()
    while not reader.at_end():
        token = reader.take()
        if not token.isdigit() or int(token) >= seats:
            reader.fail(f"{token!r} is not a seat at this table of {seats}")
        if int(token) in retired:
            reader.fail(f"seat {token} is listed twice")
        retired.add(int(token))
    return tuple(seat not in retired for seat in range(seats))


class _AllActive:
    """``omit`` of ``retired``: every seat active, whatever the table size."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, tuple) and all(other)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "all active"


def _all_active(ctx: Mapping[str, Any]) -> tuple[bool, ...]:
    return (True,) * len(ctx.get("scores", ()))


RETIRED = Codec(_write_retired, _read_retired)
"""The seats that have retired (``active`` False), by number."""

HANDS = per_seat(BARE_CARDS)
SORTED_HANDS = per_seat(HAND_CARDS)

STATE_FIELDS = (
    Field("seed", ("seed",)),
    Field("shuffles", ("shuffles",)),
    Field("round", ("round_number",)),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("phase", ("phase",)),
    Field("decks", ("num_decks",)),
    Field("scores", ("scores",)),
    Field("busts", ("busts",)),
    Field("retired", ("active",), RETIRED, omit=_AllActive(), fill=_all_active),
    Field("hands", ("hands",), SORTED_HANDS),
    Field("stock", ("stock",), omit=()),
    Field("discard", ("discard",), omit=()),
    Field("upcard", ("upcard",), omit=None),
    Field("melds", ("melds",), MELDS, omit=()),
    Field("turns", ("turns",), omit=0),
    Field("taken", ("taken",), omit=None),
    Field("reshuffles", ("reshuffles",), omit=0),
    Field("winners", ("winners",), omit=()),
    Field("ledger", ("ledger",)),
    Field("cut", ("cut",), omit=()),
    Field("history", ("history",), omit=()),
    Field("stacked", ("stacked",), per_seat(BARE_CARDS), omit=()),
)

VIEW_FIELDS = (
    Field("seat", ("seat",)),
    Field("round", ("round_number",)),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("phase", ("phase",)),
    Field("over", ("is_over",), omit=False),
    Field("decks", ("num_decks",)),
    Field("scores", ("scores",)),
    Field("busts", ("busts",)),
    Field("retired", ("active",), RETIRED, omit=_AllActive(), fill=_all_active),
    Field("hand", ("hand",), omit=None),
    Field("sizes", ("hand_sizes",)),
    Field("stock", ("stock_size",)),
    Field("discard", ("discard",), omit=()),
    Field("upcard", ("upcard",), omit=None),
    Field("melds", ("melds",), MELDS, omit=()),
    Field("turns", ("turns",), omit=0),
    Field("taken", ("taken",), omit=None),
    Field("reshuffles", ("reshuffles",), omit=0),
    Field("winners", ("winners",), omit=()),
    Field("pot", ("pot",)),
    Field("ledger", ("ledger",)),
    Field("cut", ("cut",), omit=()),
    Field("history", ("history",), omit=()),
)


def _filler(view: View) -> State:
    """A state the view could come from (hidden cards in card order), to list moves."""
    seat = view.seat
    assert seat is not None
    pool = Counter(make_deck(decks=view.num_decks, jokers_per_deck=2))
    seen: list[Card] = list(view.hand or ()) + list(view.discard)
    seen += [c for owned_meld in view.melds for c in owned_meld.meld.cards]
    for card in seen:
        pool[card] -= 1
    if any(count < 0 for count in pool.values()):
        raise ValueError("inconsistent Las Vegas Rummy view: more cards shown than in play")
    unknown = sorted(pool.elements())
    hands: list[tuple[Card, ...]] = []
    for other, size in enumerate(view.hand_sizes):
        if other == seat:
            hands.append(view.hand or ())
        else:
            hands.append(tuple(unknown[:size]))
            del unknown[:size]
    if view.round_number and view.phase in ("draw", "play") and len(unknown) != view.stock_size:
        raise ValueError("inconsistent Las Vegas Rummy view: the card counts do not add up")
    return state_from_view(view, hands, unknown[: view.stock_size])


def complete_view(view: View) -> View:
    """The view with its legal actions (a function of what the seat knows)."""
    if view.seat is not None and not 0 <= view.seat < len(view.hand_sizes):
        raise ValueError(f"the view's seat {view.seat} is not at the table")
    if view.to_act is not None and not 0 <= view.to_act < len(view.hand_sizes):
        raise ValueError(f"the player to act ({view.to_act}) is not at the table")
    if view.seat is None or view.seat != view.to_act:
        return view
    if not 0 <= view.seat < len(view.hand_sizes) or len(view.hand_sizes) != len(view.scores):
        raise ValueError("inconsistent Las Vegas Rummy view: seat and hand counts do not agree")
    return attrs.evolve(view, legal_actions=legal_actions(_filler(view)))


NOTATION = GameNotation(
    game="vegas_rummy",
    state_fields=STATE_FIELDS,
    view_fields=VIEW_FIELDS,
    view_derived=("legal_actions", "legal_texts"),
    complete_view=complete_view,
)
