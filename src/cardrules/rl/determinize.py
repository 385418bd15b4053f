"""Determinization: a full state a seat cannot tell from the real one.

Search algorithms for hidden-information games (determinized MCTS, ISMCTS)
need states drawn from what a seat knows. :func:`determinize` deals every card
hidden from ``seat`` — the other hands and the stock — out again at random,
keeping each place's size, and draws a fresh seed so later shuffles differ
too. Everything the seat sees stays as it is, so ``view(result, seat) ==
view(state, seat)``. The deal is uniform: it does not weigh what a careful
player would infer (cards an opponent took from the discard pile stay where
chance puts them), which keeps it game-independent and fast.

>>> import random, cardrules
>>> state = cardrules.new_game("casino", seed=4)
>>> world = determinize(state, 0, random.Random(1))
>>> cardrules.view(world, 0) == cardrules.view(state, 0), world.hands[1] == state.hands[1]
(True, False)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

__all__ = ["determinize"]


def determinize(state: Any, seat: int, rnd: random.Random) -> Any:
    """``state`` with the cards hidden from ``seat`` dealt again at random (see the module)."""
    hands = list(state.hands)
    others = [i for i in range(len(hands)) if i != seat]
    pool = [card for i in others for card in hands[i]] + list(state.stock)
    rnd.shuffle(pool)
    for i in others:
        size = len(hands[i])
        hands[i], pool = tuple(sorted(pool[:size])), pool[size:]
    return attrs.evolve(
        state, hands=tuple(hands), stock=tuple(pool), seed=rnd.randrange(2**63)
    )
