"""Casino scoring ("Scoring" in the rules; CA-1, CA-2, CA-4, CA-5, CA-15).

A hand is scored item by item in the Royal counting order, which this library
uses for both games so breakdowns always read the same way:

1. most cards, 3 points (CA-15: strictly more than every other side, else nobody);
2. most spades, 1 point (same rule);
3. 10♦ "Big Casino", 2 points;
4. 2♠ "Little Casino", 1 point;
5. the aces in the order ♠ ♣ ♥ ♦, 1 point each (CA-2);
6. sweeps, 1 point each in the order they were made, when ``sweeps`` is on (CA-5).

The game ends per ``end_rule`` (CA-4): ``"higher_total"`` adds the whole hand
and, if some side has reached the target, the unique highest total wins (equal
highest totals: another hand); ``"count_out"`` adds the items one by one and the
first side to reach the target wins at once (later items are not counted).
Every game ends by ``Config.max_hands`` at the latest: if nobody has won when
that hand is scored, the unique highest total wins, and equal highest totals
share the game (:func:`game_winners`).

>>> from cardrules.casino.config import Config
>>> from cardrules.cards import make_deck
>>> deck = make_deck()
>>> hand = score_hand(Config(), piles=(deck[:30], deck[30:]), sweep_log=(),
...                   hand=1, dealer=1, residue=(), residue_to=None, totals_before=(0, 0))
>>> [(item.name, item.side, item.points) for item in hand.items[:4]]
[('most cards', 0, 3), ('most spades', 1, 1), ('10♦', 0, 2), ('2♠', 1, 1)]
>>> hand.points, hand.winner
((8, 3), None)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.casino.config import Config

__all__ = [
    "ITEM_NAMES",
    "ITEM_POINTS",
    "HandScore",
    "ScoreItem",
    "game_winners",
    "score_hand",
    "side_with_most",
    "tally",
]

BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)
ACES_ORDER = tuple(Card(Rank.ACE, s) for s in (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS))

ITEM_NAMES = ("most cards", "most spades", "10♦", "2♠", "A♠", "A♣", "A♥", "A♦", "sweep")
"""The names score items may have, in counting order (``"sweep"`` may repeat)."""

ITEM_POINTS = {"most cards": 3, "most spades": 1, "10♦": 2, "2♠": 1, "sweep": 1} | {
    str(ace): 1 for ace in ACES_ORDER
}
"""What each item is worth to the side that wins it (nobody's items are worth 0)."""


@attrs.frozen
class ScoreItem:
    """One scoring item of a hand: its name, the side that won it (``None``: nobody), points."""

    name: str
    side: int | None
    points: int


@attrs.frozen
class HandScore:
    """How one hand scored: the facts (per side), then the items and points.

    ``cards``, ``spades`` and ``sweeps`` are per scoring side (seats, or teams
    with partnerships) and include the residue. ``counted`` is how many items
    were counted: all of them, unless a count-out ended the game part-way (CA-4).
    ``winner`` is the side that won the game at this hand, if any.
    """

    hand: int
    dealer: int
    residue: tuple[Card, ...]
    residue_to: int | None
    cards: tuple[int, ...]
    spades: tuple[int, ...]
    sweeps: tuple[int, ...]
    items: tuple[ScoreItem, ...]
    counted: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None


def side_with_most(counts: Sequence[int]) -> int | None:
    """The side with strictly more than every other side, else ``None`` (CA-15).

    >>> side_with_most([27, 25]), side_with_most([20, 20, 12])
    (0, None)
    """
    best = max(counts)
    leaders = [side for side, count in enumerate(counts) if count == best]
    return leaders[0] if len(leaders) == 1 else None


def score_hand(
    config: Config,
    *,
    piles: Sequence[Sequence[Card]],
    sweep_log: Sequence[int],
    hand: int,
    dealer: int,
    residue: Sequence[Card],
    residue_to: int | None,
    totals_before: Sequence[int],
) -> HandScore:
    """Score one hand.

    ``piles`` are the seats' captured cards (the residue already added to its
    taker's pile), ``sweep_log`` the seats that swept, in order.
    """
    sides = config.num_sides
    side_cards: list[list[Card]] = [[] for _ in range(sides)]
    for seat, pile in enumerate(piles):
        side_cards[config.side_of(seat)].extend(pile)
    # Keyed by the card's index: a card's ``__hash__`` runs in Python, once per card taken.
    owner = {card.index: side for side in range(sides) for card in side_cards[side]}
    cards = tuple(len(pile) for pile in side_cards)
    spades = tuple(sum(1 for c in pile if c.suit is Suit.SPADES) for pile in side_cards)
    sweep_sides = [config.side_of(seat) for seat in sweep_log]
    sweeps = tuple(sweep_sides.count(side) for side in range(sides))

    items: list[ScoreItem] = []
    most_cards = side_with_most(cards)
    items.append(ScoreItem("most cards", most_cards, 0 if most_cards is None else 3))
    most_spades = side_with_most(spades)
    items.append(ScoreItem("most spades", most_spades, 0 if most_spades is None else 1))
    big = owner.get(BIG_CASINO.index)
    items.append(ScoreItem("10♦", big, 0 if big is None else 2))
    little = owner.get(LITTLE_CASINO.index)
    items.append(ScoreItem("2♠", little, 0 if little is None else 1))
    for ace in ACES_ORDER:
        side = owner.get(ace.index)
        items.append(ScoreItem(str(ace), side, 0 if side is None else 1))
    if config.sweeps:  # CA-5
        if config.sweeps_cancel:
            for side in range(sides):
                others = max((sweeps[o] for o in range(sides) if o != side), default=0)
                items.extend(ScoreItem("sweep", side, 1) for _ in range(sweeps[side] - others))
        else:
            items.extend(ScoreItem("sweep", side, 1) for side in sweep_sides)

    counted, points, totals, winner = tally(
        config, items, totals_before, last_hand=hand >= config.max_hands
    )
    return HandScore(
        hand=hand,
        dealer=dealer,
        residue=tuple(residue),
        residue_to=residue_to,
        cards=cards,
        spades=spades,
        sweeps=sweeps,
        items=tuple(items),
        counted=counted,
        points=points,
        totals=totals,
        winner=winner,
    )


def tally(
    config: Config,
    items: Sequence[ScoreItem],
    totals_before: Sequence[int],
    *,
    last_hand: bool = False,
) -> tuple[int, tuple[int, ...], tuple[int, ...], int | None]:
    """Count a hand's ``items`` by the end rule (CA-4): ``(counted, points, totals, winner)``.

    ``last_hand`` is true for hand ``Config.max_hands``: if nobody has won by the
    end rule, the unique highest total wins (equal highest totals: no winner,
    and the game is shared, see :func:`game_winners`).

    >>> from cardrules.casino.config import Config
    >>> tally(Config(), [ScoreItem("most cards", 0, 3)], (19, 20))
    (1, (3, 0), (22, 20), 0)
    """
    totals = list(totals_before)
    points = [0] * len(totals)
    counted = len(items)
    winner: int | None = None
    if config.resolved_end_rule == "count_out":
        for i, item in enumerate(items):
            if item.side is None or item.points == 0:
                continue
            totals[item.side] += item.points
            points[item.side] += item.points
            if totals[item.side] >= config.target:
                winner = item.side
                counted = i + 1
                break
    else:
        for item in items:
            if item.side is not None:
                points[item.side] += item.points
                totals[item.side] += item.points
        best = max(totals)
        if best >= config.target and totals.count(best) == 1:
            winner = totals.index(best)
    if winner is None and last_hand and totals.count(max(totals)) == 1:
        winner = totals.index(max(totals))
    return counted, tuple(points), tuple(totals), winner


def game_winners(config: Config, result: HandScore) -> tuple[int, ...]:
    """The seats that won the game at hand ``result`` (empty if the game goes on).

    A side that won by the end rule (``result.winner``); after hand
    ``Config.max_hands`` with equal highest totals, every side on that total
    (a shared game).

    >>> from cardrules.casino.config import Config
    >>> config = Config(num_players=4, partnerships=True)
    >>> game_winners(config, attrs.evolve(_EMPTY, winner=1))
    (1, 3)
    """
    if result.winner is not None:
        return config.seats_of(result.winner)
    if result.hand < config.max_hands:
        return ()
    best = max(result.totals)
    sides = [side for side, total in enumerate(result.totals) if total == best]
    return tuple(sorted(seat for side in sides for seat in config.seats_of(side)))


_EMPTY = HandScore(0, 0, (), None, (), (), (), (), 0, (), (), None)
