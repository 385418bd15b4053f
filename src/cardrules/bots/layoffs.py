"""Planning helper shared by the rummy bots: lay off greedily until nothing fits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.cards import Card
from cardrules.rummy.melds import MeldRules, TableMeld, layoff_options

__all__ = ["greedy_layoffs"]


def greedy_layoffs(
    left: list[Card],
    board: list[TableMeld],
    rules: MeldRules,
    *,
    order: Callable[[Card], Any],
    keep: int = 0,
    allowed: Callable[[Card], bool] = lambda card: True,
) -> list[Card]:
    """Lay cards of ``left`` off on ``board`` one at a time, in ``order``, while any fits.

    ``left`` and ``board`` are updated in place (each lay-off takes the first
    way it fits); at least ``keep`` cards stay in hand, and only ``allowed``
    cards are laid off. Returns the cards laid off, in order.
    """
    laid: list[Card] = []
    progress = True
    while progress and len(left) > keep:
        progress = False
        for card in sorted(set(left), key=order):
            if not allowed(card):
                continue
            for i, meld in enumerate(board):
                options = layoff_options(meld, card, rules)
                if options:
                    board[i] = options[0][1]
                    left.remove(card)
                    laid.append(card)
                    progress = True
                    break
            if progress:
                break
    return laid
