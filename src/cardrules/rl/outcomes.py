"""What a finished game pays each seat: the same zero-sum payoffs in every wrapper.

A game won by ``w`` of ``n`` seats pays each winner ``(n / w - 1) / (n - 1)``
and every other seat ``-1 / (n - 1)``: +1 and -1 with two players, and the
payoffs always add up to 0. A game not over (or stopped by a length cap) pays 0.

>>> import cardrules
>>> state = cardrules.new_game("casino", seed=1)
>>> payoffs(state)
(0.0, 0.0)
"""

from __future__ import annotations

from typing import Any

__all__ = ["payoffs"]


def payoffs(state: Any) -> tuple[float, ...]:
    """Each seat's payoff (see the module docstring)."""
    n = len(state.hands)
    if not state.is_over or not state.winners:
        return (0.0,) * n
    winners = set(state.winners)
    share = (n / len(winners) - 1.0) / (n - 1)
    return tuple(share if seat in winners else -1.0 / (n - 1) for seat in range(n))
