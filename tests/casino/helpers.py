"""Seeded Casino positions for the tests, as ``apply`` made them."""

from __future__ import annotations

import random

from cardrules import casino
from cardrules.casino import Config, State


def seeded_states(config: Config, seed: int, *, in_progress: bool, limit: int) -> list[State]:
    """Up to ``limit`` states of a seeded random game: those with a play in progress
    (``in_progress``) or those without."""
    rnd = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    found: list[State] = []
    while not state.is_over and len(found) < limit:
        if (state.pending is not None) == in_progress:
            found.append(state)
        state = casino.apply(state, rnd.choice(casino.legal_actions(state)))
    return found
