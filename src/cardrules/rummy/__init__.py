"""Rummy logic shared by Rummy 500 and Las Vegas Rummy.

:mod:`cardrules.rummy.melds` holds sets and runs (aces high or low, optional
wrap-around), wild cards, lay-offs and the search for melds in a hand.
"""

from cardrules.rummy.melds import (
    MeldError,
    MeldRules,
    RunMeld,
    SetMeld,
    TableMeld,
    can_place,
    canonical_meld,
    card_at,
    describe,
    find_melds,
    layoff_options,
    make_meld,
    make_meld_in_any_order,
    meld_error,
    placements,
    rank_at,
)

__all__ = [
    "MeldError",
    "MeldRules",
    "RunMeld",
    "SetMeld",
    "TableMeld",
    "can_place",
    "canonical_meld",
    "card_at",
    "describe",
    "find_melds",
    "layoff_options",
    "make_meld",
    "make_meld_in_any_order",
    "meld_error",
    "placements",
    "rank_at",
]
