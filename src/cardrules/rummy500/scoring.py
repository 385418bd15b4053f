"""Rummy 500 scoring: card values, round breakdowns and the end of the game.

>>> from cardrules.cards import parse_card
>>> from cardrules.rummy500 import Config
>>> card_points(parse_card("AS"), Config()), card_points(parse_card("KD"), Config())
(15, 10)
>>> card_points(parse_card("AS"), Config(low_ace_points=1), low=True)
1
>>> winners_after_round((520, 480), Config())
(0,)
>>> winners_after_round((510, 510), Config())
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from cardrules.cards import Card, Rank
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy500.config import Config
from cardrules.rummy500.state import RoundResult, SeatScore

__all__ = [
    "JOKER_POINTS",
    "card_points",
    "hand_points",
    "placement_points",
    "round_result",
    "winners_after_round",
]


JOKER_POINTS: Final = 15
"""What a joker scores, melded or left in hand (R5-12), whatever ``ace_points`` says."""


def card_points(card: Card, config: Config, *, low: bool = False) -> int:
    """What a card is worth: ace 15 (R5-2), K/Q/J 10, others face value, a joker 15 (R5-12).

    ``low=True`` is for an ace used low in a run; it scores ``low_ace_points``
    when that option is set.
    """
    rank = card.rank
    if rank is Rank.ACE:
        if low and config.low_ace_points is not None:
            return config.low_ace_points
        return config.ace_points
    if rank is Rank.JOKER:
        return JOKER_POINTS  # R5-12, whatever an ace is worth
    if rank >= Rank.JACK:
        return 10
    return int(rank)


def hand_points(hand: Sequence[Card], config: Config) -> int:
    """The points a hand counts against its holder at the end of a round."""
    return sum(card_points(card, config) for card in hand)


def placement_points(meld: RunMeld | SetMeld, index: int, config: Config) -> int:
    """What the card at ``meld.cards[index]`` scores for the player who placed it.

    A natural ace at the low end of a run (A-2-3, or laid off below a 2) is
    "used low" (R5-2); everything else scores its card value.
    """
    card = meld.cards[index]
    low = isinstance(meld, RunMeld) and card.rank is Rank.ACE and meld.start + index == 1
    return card_points(card, config, low=low)


def round_result(
    *,
    round_number: int,
    dealer: int,
    ended_by: str,
    went_out: int | None,
    hands: Sequence[Sequence[Card]],
    placed: Sequence[Sequence[Card]],
    placed_points: Sequence[Sequence[int]],
    scores_before: Sequence[int],
    config: Config,
) -> RoundResult:
    """Score a finished round: melded and laid-off points minus the hand's points.

    Round scores may be negative; totals carry over.
    """
    seats = []
    for seat, hand in enumerate(hands):
        minus = hand_points(hand, config)
        plus = sum(placed_points[seat])
        round_score = plus - minus
        seats.append(
            SeatScore(
                seat=seat,
                placed=tuple(placed[seat]),
                placed_points=tuple(placed_points[seat]),
                in_hand=tuple(hand),
                hand_points=minus,
                round_score=round_score,
                total=scores_before[seat] + round_score,
            )
        )
    if ended_by == "went_out":
        how: Literal["went_out", "stock_exhausted", "turn_limit"] = "went_out"
    elif ended_by == "stock_exhausted":
        how = "stock_exhausted"
    elif ended_by == "turn_limit":
        how = "turn_limit"
    else:
        raise ValueError(
            f"a round ends by going out, the stock or the turn limit, not {ended_by!r}"
        )
    return RoundResult(
        round_number=round_number,
        dealer=dealer,
        ended_by=how,
        went_out=went_out,
        seats=tuple(seats),
    )


def winners_after_round(
    scores: Sequence[int], config: Config, round_number: int = 1
) -> tuple[int, ...]:
    """The winners once round ``round_number`` is scored, or ``()`` if play goes on.

    The game ends when someone has ``target`` or more (R5-8); the highest total
    wins. A shared highest total plays another round (R5-7) unless
    ``tie="shared"``. After ``config.max_rounds`` rounds the game ends whatever
    the totals: the highest wins, shared if tied.
    """
    best = max(scores)
    last = round_number >= config.max_rounds
    if best < config.target and not last:
        return ()
    leaders = tuple(seat for seat, score in enumerate(scores) if score == best)
    if len(leaders) == 1 or config.tie == "shared" or last:
        return leaders
    return ()
