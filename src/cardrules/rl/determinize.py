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

from cardrules import casino
from cardrules.cards import Card
from cardrules.casino.captures import capture_values

__all__ = ["determinize"]


def determinize(state: Any, seat: int, rnd: random.Random) -> Any:
    """``state`` with the cards hidden from ``seat`` dealt again at random (see the module).

    In Casino, every seat that owns a build is known to hold a card that can
    capture it (CA-7), so each such seat is dealt one first, at random among
    the hidden cards that fit.
    """
    hands = list(state.hands)
    others = [i for i in range(len(hands)) if i != seat]
    pool = [card for i in others for card in hands[i]] + list(state.stock)
    needs = _casino_needs(state, others)
    for _attempt in range(1000):
        dealt = _deal(hands, others, pool, needs, state, rnd)
        if dealt is not None:
            new_hands, stock = dealt
            return attrs.evolve(
                state, hands=new_hands, stock=stock, seed=rnd.randrange(2**63)
            )
    raise AssertionError("no deal of the hidden cards fits what the seat knows")


def _casino_needs(state: Any, others: list[int]) -> dict[int, list[int]]:
    if not isinstance(state, casino.State):
        return {}
    needs: dict[int, list[int]] = {}
    for build in state.builds:
        if build.owner in others:
            needs.setdefault(build.owner, []).append(build.value)
    return {owner: sorted(set(values)) for owner, values in needs.items()}


def _deal(
    hands: list[tuple[Card, ...]],
    others: list[int],
    pool: list[Card],
    needs: dict[int, list[int]],
    state: Any,
    rnd: random.Random,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    left = list(pool)
    rnd.shuffle(left)
    new_hands = list(hands)
    first: dict[int, list[Card]] = {i: [] for i in others}
    for owner, values in needs.items():
        for value in values:
            fits = [k for k, card in enumerate(left) if value in capture_values(card, state.config)]
            if not fits:
                return None
            first[owner].append(left.pop(rnd.choice(fits)))
    for i in others:
        size = len(hands[i]) - len(first[i])
        if size < 0:
            return None
        new_hands[i] = tuple(sorted(first[i] + left[:size]))
        left = left[size:]
    return tuple(new_hands), tuple(left)
