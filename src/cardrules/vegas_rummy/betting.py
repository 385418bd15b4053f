"""Buy-ins, rebuys, late joins and the pot (spec LV-12, LV-14, LV-15)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.money import money_sum, money_times

__all__ = ["join_terms", "pot_of", "rebuy_score"]


def rebuy_score(scores: Sequence[int], active: Sequence[bool], max_score: int) -> int:
    """The score a rebuying player restarts at (LV-12).

    The highest score among active players who are not busted (below the
    maximum); several players busting in one round all reset to the same value.

    >>> rebuy_score([104, 40, 77, 120], [True, True, True, True], 100)
    77
    """
    standing = [s for s, on in zip(scores, active) if on and s < max_score]
    if not standing:
        raise ValueError("nobody is below the maximum score, so there is nothing to rebuy into")
    return max(standing)


def join_terms(
    config: Config, scores: Sequence[int], busts: Sequence[int], active: Sequence[bool]
) -> tuple[Decimal, int]:
    """``(cost, starting score)`` for a player joining now (LV-14).

    ``k`` is the largest bust count among active players. The cost is
    ``buy_in * max(1, k)`` (``late_join_cost="max1"``), ``buy_in * k``
    (``"literal"``) or ``buy_in * (k + 1)`` (``"plus_one"``); the score is that of
    the active player with ``k`` busts (the highest, if several).

    >>> join_terms(Config(buy_in=2), [30, 55, 10, 0], [1, 2, 2, 0], [True] * 4)
    (Decimal('4'), 55)
    """
    seats = [i for i, on in enumerate(active) if on]
    if not seats:
        raise ValueError("nobody is playing")
    k = max(busts[i] for i in seats)
    score = max(scores[i] for i in seats if busts[i] == k)
    factor = {"max1": max(1, k), "literal": k, "plus_one": k + 1}[config.late_join_cost]
    return money_times(config.buy_in, factor), score


def pot_of(amounts: Sequence[Decimal]) -> Decimal:
    """The pot: the exact sum of every payment (LV-15)."""
    return money_sum(amounts)
