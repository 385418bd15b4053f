"""Issue 14 item 1, every game: no two listed actions of a state lead to equal positions.

Compared without the event log (``State.events``), which records the move's text and
so would tell any two moves apart by itself. Casino lists steps: two different steps
must leave different plays in progress or different tables.
"""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules

from .profiles import PROFILES

STEPS = 120


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_no_two_listed_actions_lead_to_equal_positions(game: str) -> None:
    checked = 0
    for case in PROFILES[game].cases[:3]:
        rnd = random.Random(f"distinct:{game}:{case.id}")
        state = cardrules.new_game(game, case.config, seed=rnd.randrange(2**32))
        for _ in range(STEPS):
            if state.is_over:
                break
            legal = cardrules.legal_actions(state)
            positions = [attrs.evolve(cardrules.apply(state, a), events=()) for a in legal]
            assert len(set(positions)) == len(positions), (case.id, [str(a) for a in legal])
            checked += len(legal)
            state = cardrules.apply(state, rnd.choice(legal))
    assert checked > 500
