"""Casino position notation: the field table read by :mod:`cardrules.notation`.

A state::

    casino; seed 7; shuffles 1; hand 1; deal 1; dealer 1; turn 0; scores 0 0;
    hands 2♣ 5♦ 9♥ K♠ / 3♠ 4♦ 7♣ Q♥; table 8♦ 10♣; builds 0: [8: 5♠+3♥ | 8♥];
    piles () / (); stock …

``table`` holds the loose cards, ``builds`` ``owner: [value: group | group]``
entries separated by ``/`` (a group's cards joined by ``+``, as in the rule
books), ``piles`` each seat's captured cards, ``stock`` the undealt cards top
first. ``sweeps`` lists the seats that swept this hand in order, ``last`` the
last seat to capture, ``pending`` a play in progress (``Build(…)`` /
``Capture(…)``). A view (``casino view``) has ``seat``, ``hand``, ``sizes``,
``piles`` as counts, ``sweeps`` per seat and ``stock`` as a count.

>>> import cardrules
>>> state = cardrules.new_game("casino", seed=4)
>>> cardrules.from_notation(cardrules.notation(state)) == state
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, make_deck, sort_cards
from cardrules.casino.rules import legal_actions
from cardrules.casino.state import State, TableBuild
from cardrules.casino.view import View
from cardrules.notation import (
    BARE_CARDS,
    HAND_CARDS,
    Codec,
    Field,
    GameNotation,
    Reader,
    owned,
    per_seat,
    read_card,
)

__all__ = ["NOTATION", "read_build", "write_build"]


def write_build(build: TableBuild) -> str:
    """``[8: 5♠+3♥ | 8♦]``: the value, then the groups (without the owner)."""
    groups = " | ".join("+".join(str(card) for card in group) for group in build.groups)
    return f"[{build.value}: {groups}]"


def read_build(reader: Reader) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """Read :func:`write_build`'s form: ``(value, groups)``."""
    reader.expect("[")
    token = reader.take()
    if not token.isdigit() or len(token) > 3:
        reader.fail(f"a build starts with its value, not {token!r}")
    reader.expect(":")
    groups: list[tuple[Card, ...]] = []
    group = [read_card(reader)]
    while True:
        mark = reader.take()
        if mark == "+":
            group.append(read_card(reader))
        elif mark == "|":
            groups.append(tuple(group))
            group = [read_card(reader)]
        elif mark == "]":
            groups.append(tuple(group))
            return int(token), tuple(groups)
        else:
            reader.fail(f"expected '+', '|' or ']' in a build, found {mark!r}")


_OWNED = owned(write_build, read_build)


def _write_builds(value: Sequence[TableBuild], ctx: Mapping[str, Any]) -> str:
    return _OWNED.write(tuple((b.owner, b) for b in value), ctx)


def _read_builds(reader: Reader, ctx: Mapping[str, Any]) -> tuple[TableBuild, ...]:
    out = []
    for owner, (value, groups) in _OWNED.read(reader, ctx):
        try:
            out.append(TableBuild(value=value, groups=groups, owner=owner))
        except (TypeError, ValueError) as exc:
            reader.fail(f"not a build: {exc}")
    return tuple(out)


BUILDS = Codec(_write_builds, _read_builds)
"""``owner: [value: group | group] / …``."""

SEAT_CARDS = per_seat(BARE_CARDS)
SORTED_HANDS = per_seat(HAND_CARDS)


def _usual_shuffles(ctx: Mapping[str, Any]) -> int:
    """``shuffles`` left out: one shuffle per hand dealt (I-3)."""
    return int(ctx["round_number"])

STATE_FIELDS = (
    Field("seed", ("seed",)),
    Field("shuffles", ("shuffles",), fill=_usual_shuffles),
    Field("hand", ("round_number",)),
    Field("deal", ("deal_number",)),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("scores", ("scores",)),
    Field("hands", ("hands",), SORTED_HANDS),
    Field("table", ("loose",), omit=()),
    Field("builds", ("builds",), BUILDS, omit=()),
    Field("pending", ("pending",), omit=None),
    Field("piles", ("piles",), SEAT_CARDS),
    Field("sweeps", ("sweep_log",), omit=()),
    Field("last", ("last_capturer",), omit=None),
    Field("stock", ("stock",), omit=()),
    Field("winners", ("winners",), omit=()),
    Field("history", ("history",), omit=()),
    Field("stacked", ("stacked",), per_seat(BARE_CARDS), omit=()),
)

VIEW_FIELDS = (
    Field("seat", ("seat",)),
    Field("hand", ("round_number",)),
    Field("deal", ("deal_number",)),
    Field("last_deal", ("is_last_deal",), omit=False),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("scores", ("scores",)),
    Field("cards", ("hand",), HAND_CARDS, omit=()),
    Field("sizes", ("hand_sizes",)),
    Field("table", ("loose",), omit=()),
    Field("builds", ("builds",), BUILDS, omit=()),
    Field("pending", ("pending",), omit=None),
    Field("piles", ("pile_sizes",)),
    Field("sweeps", ("sweeps",)),
    Field("last", ("last_capturer",), omit=None),
    Field("stock", ("stock_size",)),
    Field("winners", ("winners",), omit=()),
    Field("history", ("history",), omit=()),
)


def _filler(view: View) -> State:
    """A state the view could come from (hidden cards in card order), to list moves."""
    seat = view.seat
    assert seat is not None
    pool = Counter(make_deck())
    seen: list[Card] = list(view.hand) + list(view.loose)
    seen += [c for build in view.builds for c in build.cards]
    for card in seen:
        pool[card] -= 1
    if any(count < 0 for count in pool.values()):
        raise ValueError("inconsistent Casino view: more cards shown than the deck holds")
    unknown = sorted(pool.elements())
    hands: list[tuple[Card, ...]] = []
    for other, size in enumerate(view.hand_sizes):
        if other == seat:
            hands.append(view.hand)
        else:
            hands.append(sort_cards(unknown[:size]))
            del unknown[:size]
    piles = []
    for size in view.pile_sizes:
        piles.append(sort_cards(unknown[:size]))
        del unknown[:size]
    sweep_log = tuple(s for s, count in enumerate(view.sweeps) for _ in range(count))
    return State(
        config=view.config,
        seed=0,
        shuffles=view.round_number,  # one shuffle per hand dealt (I-3)
        dealer=view.dealer,
        round_number=view.round_number,
        deal_number=view.deal_number,
        to_act=view.to_act,
        hands=tuple(hands),
        loose=view.loose,
        builds=view.builds,
        piles=tuple(piles),
        sweep_log=sweep_log,
        last_capturer=view.last_capturer,
        stock=tuple(unknown),
        scores=view.scores,
        winners=view.winners,
        history=view.history,
        pending=view.pending,
    )


def complete_view(view: View) -> View:
    """The view with its legal actions (a function of what the seat knows)."""
    if view.seat is not None and not 0 <= view.seat < len(view.hand_sizes):
        raise ValueError(f"the view's seat {view.seat} is not at the table")
    if view.to_act is not None and not 0 <= view.to_act < len(view.hand_sizes):
        raise ValueError(f"the player to act ({view.to_act}) is not at the table")
    if view.seat is None or view.seat != view.to_act:
        return view
    players = view.config.num_players
    if not (len(view.hand_sizes) == len(view.pile_sizes) == len(view.sweeps) == players):
        raise ValueError("inconsistent Casino view: one hand, pile and sweep count per seat")
    if not 0 <= view.seat < players:
        raise ValueError("inconsistent Casino view: the seat is not at the table")
    return attrs.evolve(view, legal_actions=legal_actions(_filler(view)))


NOTATION = GameNotation(
    game="casino",
    state_fields=STATE_FIELDS,
    view_fields=VIEW_FIELDS,
    view_derived=("legal_actions", "legal_texts"),
    complete_view=complete_view,
)
