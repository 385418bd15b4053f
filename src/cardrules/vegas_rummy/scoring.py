"""Las Vegas Rummy scoring: hand points, the game-over test, busts and the pot split.

Scores are penalty points, lower is better (spec section 1).

>>> from cardrules.cards import parse_cards
>>> from cardrules.vegas_rummy.config import Config
>>> from cardrules.vegas_rummy.state import wild_cards
>>> wilds = wild_cards(Config(), parse_cards("7D")[0])
>>> hand_points(parse_cards("7C 6C AS KH JK"), wilds, Config())
67
>>> split_pot(Decimal(10), Config(), winners=(0,), ranked=[(1,), (2,)], buy_in=Decimal(1))
(Decimal('7'), Decimal('3'), Decimal('0'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

import attrs

from cardrules.cards import Card, Rank
from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.money import Money, exact_money, money_sum

__all__ = [
    "Money",
    "Settlement",
    "busted_seats",
    "card_points",
    "exact_money",
    "game_over",
    "hand_points",
    "runners_up_ranked",
    "settle",
    "split_pot",
    "winners_of",
]

WILD_POINTS = 25
"""What a joker or wild card left in hand costs (spec section 1)."""


def card_points(card: Card, wilds: frozenset[Card], config: Config) -> int:
    """Penalty points of one card left in hand.

    2–10 face value, J/Q/K 10, ace ``config.ace_hand_points`` (LV-4), jokers and
    this round's wild cards 25 (LV-6: a wild-rank card scores 25 even if it
    could stand for itself).
    """
    if card.is_joker or card in wilds:
        return WILD_POINTS
    if card.rank is Rank.ACE:
        return config.ace_hand_points
    if card.rank.is_face:
        return 10
    return int(card.rank)


def hand_points(hand: Iterable[Card], wilds: frozenset[Card], config: Config) -> int:
    """The penalty points of a hand at the end of a round."""
    return sum(card_points(card, wilds, config) for card in hand)


def busted_seats(scores: Sequence[int], active: Sequence[bool], max_score: int) -> tuple[int, ...]:
    """Active seats whose score reached or passed the maximum (LV-12)."""
    return tuple(i for i, (s, on) in enumerate(zip(scores, active)) if on and s >= max_score)


def game_over(scores: Sequence[int], active: Sequence[bool], max_score: int) -> bool:
    """The LV-13 test, made after every round's scoring and before any rebuy.

    Over iff at most one active player is below the maximum (exactly one in
    play: the one who went out; none only after a round nobody went out of).
    """
    return sum(1 for s, on in zip(scores, active) if on and s < max_score) <= 1


def winners_of(scores: Sequence[int], active: Sequence[bool], max_score: int) -> tuple[int, ...]:
    """The winner(s) of a finished game (LV-13).

    The active player below the maximum; if nobody is (only possible after a
    round that ended with nobody going out, LV-10), the active players with the
    lowest score share the win (**INTERP**).
    """
    below = [i for i, (s, on) in enumerate(zip(scores, active)) if on and s < max_score]
    if below:
        return tuple(below)
    low = min(s for s, on in zip(scores, active) if on)
    return tuple(i for i, (s, on) in enumerate(zip(scores, active)) if on and s == low)


def split_pot(
    pot: Decimal,
    config: Config,
    *,
    winners: Sequence[int],
    ranked: Sequence[Sequence[int]],
    buy_in: Decimal,
) -> tuple[Money, ...]:
    """Every seat's payout, by seat number (LV-15).

    ``ranked`` lists the remaining eligible seats grouped by final score, best
    first: ``ranked[0]`` the runner-up(s), ``ranked[1]`` the second runner-up(s).
    The winners share ``pot_split[0]``, the runners-up ``pot_split[1]`` (shares are
    proportions: 70:30 and 0.7:0.3 are the same). With ``third_gets_buy_in`` the
    second runner-up(s) receive one buy-in taken out of the runners-up's share
    (at most that share). Ties split equally; nothing is rounded.
    """
    seats = max([*winners, *(s for group in ranked for s in group)], default=-1) + 1
    out = [Fraction(0)] * seats
    total = Fraction(pot)
    win_share, run_share = (Fraction(share) for share in config.pot_split)
    whole = win_share + run_share
    runners = list(ranked[0]) if ranked else []
    if not runners:
        win_part, run_part = total, Fraction(0)
    else:
        win_part = total * win_share / whole
        run_part = total - win_part
    thirds = list(ranked[1]) if config.third_gets_buy_in and len(ranked) > 1 else []
    if thirds:
        transfer = min(Fraction(buy_in), run_part)
        run_part -= transfer
        for seat in thirds:
            out[seat] += transfer / len(thirds)
    for seat in winners:
        out[seat] += win_part / len(winners)
    for seat in runners:
        out[seat] += run_part / len(runners)
    return tuple(exact_money(v) for v in out)


@attrs.frozen
class Settlement:
    """How the pot is shared at the end of a game (LV-15).

    ``payouts[seat]`` is what each seat receives; ``paid[seat]`` what it paid in
    (buy-in, rebuys, joins). The payouts add up to ``pot`` exactly.
    """

    pot: Decimal
    winners: tuple[int, ...]
    runners_up: tuple[int, ...]
    second_runners_up: tuple[int, ...]
    payouts: tuple[Decimal | Fraction, ...]
    paid: tuple[Decimal, ...]

    @property
    def total(self) -> Money:
        """The exact sum of the payouts (equal to ``pot``)."""
        return exact_money(sum((Fraction(p) for p in self.payouts), Fraction(0)))


def runners_up_ranked(
    scores: Sequence[int], active: Sequence[bool], winners: Sequence[int]
) -> list[tuple[int, ...]]:
    """The seats that may share the runner-up money (LV-15), best first: active
    non-winners grouped by final score, lowest score first (ties share a group).

    >>> runners_up_ranked((0, 40, 40, 12), (True, True, True, False), (0,))
    [(1, 2)]
    """
    others = sorted({scores[i] for i, on in enumerate(active) if on and i not in winners})
    return [
        tuple(i for i, on in enumerate(active) if on and i not in winners and scores[i] == score)
        for score in others
    ]


def settle(state: object) -> Settlement:
    """The pot settlement of a finished game (LV-15).

    Eligible for runner-up: active (not retired) non-winners seated in the final
    round, lowest final score first; ties share.
    """
    from cardrules.vegas_rummy.state import State

    if not isinstance(state, State):
        raise TypeError("settle takes a Las Vegas Rummy state")
    if not state.is_over:
        raise ValueError("the game is not over yet")
    ranked = runners_up_ranked(state.scores, state.active, state.winners)
    payouts = split_pot(
        state.pot,
        state.config,
        winners=state.winners,
        ranked=ranked,
        buy_in=state.config.buy_in,
    )
    full = tuple(payouts) + (Decimal(0),) * (state.num_players - len(payouts))
    paid = [
        money_sum(entry.amount for entry in state.ledger if entry.seat == seat)
        for seat in range(state.num_players)
    ]
    return Settlement(
        pot=state.pot,
        winners=state.winners,
        runners_up=ranked[0] if ranked else (),
        second_runners_up=ranked[1] if len(ranked) > 1 and state.config.third_gets_buy_in else (),
        payouts=full,
        paid=tuple(paid),
    )
