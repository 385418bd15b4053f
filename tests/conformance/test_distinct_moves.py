"""Issue 14 item 1, every game: no two listed actions of a state lead to equal positions.

Compared without the event log (``State.events``), which records the move's text and
so would tell any two moves apart by itself. Casino lists steps: two different steps
must leave different plays in progress or different tables. A move that ends a round
clears the table for the next deal, so what tells two of them apart may be only the
log (the last card laid off on meld 2 or on meld 4 scores the same): those are compared
with the log.
"""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules

from .profiles import PROFILES

STEPS = 120


def position_after(state: object, action: object) -> object:
    """The state after ``action`` without its event log, unless the move ended a round."""
    after = cardrules.apply(state, action)
    if len(after.history) != len(state.history):  # type: ignore[attr-defined]
        return after
    return attrs.evolve(after, events=())


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
            positions = [position_after(state, a) for a in legal]
            assert len(set(positions)) == len(positions), (case.id, [str(a) for a in legal])
            checked += len(legal)
            state = cardrules.apply(state, rnd.choice(legal))
    assert checked > 500
