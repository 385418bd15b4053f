"""Rummy 500 position notation: the field table read by :mod:`cardrules.notation`.

A state::

    rummy500; seed 7; shuffles 2; round 1; dealer 1; turn 0; phase draw; scores 0 0;
    hands 2♣ 5♦ … / 3♠ …; stock 7♥ …; discard 9♣ 4♥; melds 1: J♠ Q♠ K♠;
    credits () / J♠ Q♠ K♠

``stock`` is top first, ``discard`` bottom to top. ``melds`` lists ``owner:
cards`` entries separated by ``/`` (a wild card as ``JK=6♥``); ``credits``
gives, per seat, the cards it placed this round in the order placed, a card
that scored other than its face value marked ``A♣=1`` (an ace used low).
``owed`` / ``taken`` (the dig), ``ran_out``, ``reshuffles``, ``history``
and ``winners`` are written only when set. A view starts ``rummy500 view``,
has ``seat``, ``hand``, ``sizes`` (cards per hand) and ``stock`` as a count,
and never the seed, the stock's cards or another hand.

>>> import cardrules
>>> from cardrules import rummy500
>>> state = rummy500.new_game(seed=4)
>>> cardrules.from_notation(cardrules.notation(state)) == state
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, make_deck, sort_cards
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
    read_meld,
    write_meld,
)
from cardrules.rummy500 import scoring
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import legal_actions
from cardrules.rummy500.state import State
from cardrules.rummy500.view import View

__all__ = ["NOTATION"]

_OWNED_MELDS = owned(write_meld, read_meld)


def _write_melds(value: tuple[Sequence[int], Sequence[Any]], ctx: Mapping[str, Any]) -> str:
    owners, melds = value
    return _OWNED_MELDS.write(tuple(zip(owners, melds)), ctx)


def _read_melds(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Any, ...]:
    pairs = _OWNED_MELDS.read(reader, ctx)
    return tuple(owner for owner, _ in pairs), tuple(meld for _, meld in pairs)


MELDS = Codec(_write_melds, _read_melds)
"""``owner: cards / owner: cards``: the melds and who laid each down."""


def _card_points(card: Card, ctx: Mapping[str, Any]) -> int:
    config = ctx.get("config")
    return scoring.card_points(card, config if isinstance(config, Config) else Config())


def _write_credit(value: tuple[Sequence[Card], Sequence[int]], ctx: Mapping[str, Any]) -> str:
    cards, points = value
    out = []
    for card, point in zip(cards, points):
        out.append(str(card) if point == _card_points(card, ctx) else f"{card}={point}")
    return " ".join(out) or "()"


def _read_credit(
    reader: Reader, ctx: Mapping[str, Any]
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    if reader.tokens[reader.pos:] == ["(", ")"]:
        reader.pos += 2
        return (), ()
    cards: list[Card] = []
    points: list[int] = []
    while not reader.at_end():
        card = read_card(reader)
        point = _card_points(card, ctx)
        if reader.peek() == "=":
            reader.take()
            token = reader.take()
            if not token.lstrip("-").isdigit() or len(token) > 6:
                reader.fail(f"{token!r} is not a card's points")
            point = int(token)
        cards.append(card)
        points.append(point)
    return tuple(cards), tuple(points)


_CREDIT_SEATS = per_seat(Codec(_write_credit, _read_credit))


def _write_credits(value: tuple[Sequence[Any], Sequence[Any]], ctx: Mapping[str, Any]) -> str:
    placed, points = value
    return _CREDIT_SEATS.write(tuple(zip(placed, points)), ctx)


def _read_credits(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Any, ...]:
    pairs = _CREDIT_SEATS.read(reader, ctx)
    return tuple(cards for cards, _ in pairs), tuple(points for _, points in pairs)


CREDITS = Codec(_write_credits, _read_credits)
"""Per seat, the cards it placed this round (``A♣=1``: scored other than its value)."""

HANDS = per_seat(BARE_CARDS)
SORTED_HANDS = per_seat(HAND_CARDS)


def _no_credits(ctx: Mapping[str, Any]) -> tuple[Any, ...]:
    """``credits`` left out: nothing placed yet this round (per seat)."""
    seats = len(ctx["hands"] if "hands" in ctx else ctx["hand_sizes"])
    if "hands" in ctx:
        return ((),) * seats, ((),) * seats
    return ((),) * seats


def _usual_shuffles(ctx: Mapping[str, Any]) -> int:
    """``shuffles`` left out: one for the dealer, one per deal, one per reshuffle (R5-6)."""
    return 1 + int(ctx["round_number"]) + int(ctx.get("reshuffles", 0))


def _points_of_credits(ctx: Mapping[str, Any]) -> tuple[int, ...]:
    """A view's ``points`` left out: the face points of the cards each seat placed."""
    return tuple(sum(_card_points(card, ctx) for card in cards) for cards in ctx["placed"])


STATE_FIELDS = (
    Field("seed", ("seed",)),
    Field("shuffles", ("shuffles",), fill=_usual_shuffles),
    Field("round", ("round_number",)),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("phase", ("phase",)),
    Field("scores", ("scores",)),
    Field("hands", ("hands",), SORTED_HANDS),
    Field("stock", ("stock",)),
    Field("discard", ("discard",), omit=()),
    Field("melds", ("meld_owners", "melds"), MELDS, omit=((), ())),
    Field("credits", ("placed", "placed_points"), CREDITS, fill=_no_credits),
    Field("owed", ("owed",), omit=None),
    Field("taken", ("taken",), omit=()),
    Field("ran_out", ("stock_ran_out",), omit=False),
    Field("reshuffles", ("reshuffles",), omit=0),
    Field("history", ("history",), omit=()),
    Field("winners", ("winners",), omit=()),
    Field("stacked", ("stacked",), per_seat(BARE_CARDS), omit=()),
)

VIEW_FIELDS = (
    Field("seat", ("seat",)),
    Field("round", ("round_number",)),
    Field("dealer", ("dealer",)),
    Field("turn", ("to_act",)),
    Field("phase", ("phase",)),
    Field("scores", ("scores",)),
    Field("hand", ("hand",), HAND_CARDS, omit=()),
    Field("sizes", ("hand_sizes",)),
    Field("stock", ("stock_size",)),
    Field("discard", ("discard",), omit=()),
    Field("melds", ("meld_owners", "melds"), MELDS, omit=((), ())),
    Field("credits", ("placed",), HANDS, fill=_no_credits),
    Field("points", ("round_points",), fill=_points_of_credits),
    Field("owed", ("owed",), omit=None),
    Field("taken", ("taken",), omit=()),
    Field("history", ("history",), omit=()),
    Field("winners", ("winners",), omit=()),
)


def _filler(view: View) -> State:
    """A state the view could come from (hidden cards dealt in card order), to list moves."""
    config = view.config
    seat = view.seat
    assert seat is not None
    pool = Counter(make_deck(decks=config.num_decks, jokers_per_deck=config.jokers))
    seen: list[Card] = list(view.hand) + list(view.discard)
    seen += [c for meld in view.melds for c in meld.cards]
    for card in seen:
        pool[card] -= 1
    if any(count < 0 for count in pool.values()):
        raise ValueError("inconsistent Rummy 500 view: more cards shown than the deck holds")
    unknown = sorted(pool.elements())
    hands: list[tuple[Card, ...]] = []
    for other, size in enumerate(view.hand_sizes):
        if other == seat:
            hands.append(view.hand)
        else:
            hands.append(sort_cards(unknown[:size]))
            del unknown[:size]
    if len(unknown) != view.stock_size:
        raise ValueError("inconsistent Rummy 500 view: the card counts do not add up to the deck")
    placed_points = tuple(
        tuple(scoring.card_points(card, config) for card in cards) for cards in view.placed
    )
    return State(
        config=config,
        seed=0,
        shuffles=view.round_number + 1,
        round_number=view.round_number,
        dealer=view.dealer,
        scores=view.scores,
        hands=tuple(hands),
        stock=tuple(unknown),
        discard=view.discard,
        melds=view.melds,
        meld_owners=view.meld_owners,
        placed=view.placed,
        placed_points=placed_points,
        phase=view.phase,
        to_act=view.to_act,
        owed=view.owed,
        taken=view.taken,
        stock_ran_out=not unknown and config.stock_exhausted != "discard_only",
        history=view.history,
        winners=view.winners,
    )


def complete_view(view: View) -> View:
    """The view with its legal actions (a function of what the seat knows)."""
    if view.seat is not None and not 0 <= view.seat < len(view.hand_sizes):
        raise ValueError(f"the view's seat {view.seat} is not at the table")
    if view.to_act is not None and not 0 <= view.to_act < len(view.hand_sizes):
        raise ValueError(f"the player to act ({view.to_act}) is not at the table")
    if view.seat is None or view.seat != view.to_act:
        return view
    if len(view.hand_sizes) != view.config.num_players or not 0 <= view.seat < len(view.hand_sizes):
        raise ValueError("inconsistent Rummy 500 view: seat and hand counts do not agree")
    return attrs.evolve(view, legal_actions=legal_actions(_filler(view)))


NOTATION = GameNotation(
    game="rummy500",
    state_fields=STATE_FIELDS,
    view_fields=VIEW_FIELDS,
    view_derived=("legal_actions", "legal_texts"),
    complete_view=complete_view,
)
