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
    card_at,
    describe,
    find_melds,
    layoff_options,
    make_meld,
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
    "card_at",
    "describe",
    "find_melds",
    "layoff_options",
    "make_meld",
    "meld_error",
    "placements",
    "rank_at",
]
