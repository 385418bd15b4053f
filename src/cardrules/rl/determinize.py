"""Determinization: a full state a seat cannot tell from the real one.

Search algorithms for hidden-information games (determinized MCTS, ISMCTS)
need states drawn from what a seat knows. :func:`determinize` deals every card
hidden from ``seat`` — the other hands and the stock — out again at random,
keeping each place's size, and draws a fresh seed (and forgets any stacked
future decks) so later shuffles differ too. Everything the seat sees stays as
it is, so ``view(result, seat) == view(state, seat)``, and so does every card
the table knows to be in a hidden hand: the cards the seat to act took from the
discard pile this turn (Rummy 500's dig, Las Vegas Rummy's take) and the card
of a Casino play in progress (issue 29). The result passes the game's
``validate_state``.

The deal is otherwise uniform: it does not weigh what a careful player would
infer from earlier turns (cards an opponent took from the pile on a past turn
stay where chance puts them; :mod:`cardrules.bots.worlds` remembers those for
Rummy 500), which keeps it game-independent and fast.

>>> import random, cardrules
>>> state = cardrules.new_game("casino", seed=4)
>>> world = determinize(state, 0, random.Random(1))
>>> cardrules.view(world, 0) == cardrules.view(state, 0), world.hands[1] == state.hands[1]
(True, False)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from cardrules import casino, engine, rummy500, vegas_rummy
from cardrules.bots.worlds import world_seed
from cardrules.cards import Card, sort_cards
from cardrules.casino.captures import capture_values

__all__ = ["determinize", "public_in_hands"]

_ATTEMPTS = 2000


def public_in_hands(state: Any) -> dict[int, Counter[Card]]:
    """The cards everybody knows to be in a hand, by seat (only the seat to act has any).

    Worked out from public facts only: in Rummy 500 the cards taken from the
    pile this turn less the cards the taker placed this round (R-10); in Las
    Vegas Rummy the card taken this turn unless a meld shows it; in Casino the
    card of the play in progress.

    >>> import cardrules
    >>> public_in_hands(cardrules.new_game("casino", seed=1))
    {}
    """
    seat = state.to_act
    if seat is None or state.is_over:
        return {}
    known: Counter[Card] = Counter()
    if isinstance(state, rummy500.State):
        known = Counter(state.taken) - Counter(state.placed[seat])
    elif isinstance(state, vegas_rummy.State):
        taken = state.taken
        if taken is not None and not any(taken in owned.meld.cards for owned in state.melds):
            known = Counter([taken])
    elif isinstance(state, casino.State) and state.pending is not None:
        known = Counter([state.pending.card])
    return {seat: known} if known else {}


def determinize(state: Any, seat: int, rnd: random.Random) -> Any:
    """``state`` with the cards hidden from ``seat`` dealt again at random (see the module).

    In Casino, every seat that owns a build is known to hold a card that can
    capture it (CA-7), so each such seat is dealt one first, at random among
    the hidden cards that fit; a deal the rules refuse (a play in progress
    whose player no longer holds what it needs) is dealt again.
    """
    hands = list(state.hands)
    others = [i for i in range(len(hands)) if i != seat]
    fixed = {i: cards for i, cards in public_in_hands(state).items() if i != seat}
    pool = Counter(card for i in others for card in hands[i]) + Counter(state.stock)
    for cards in fixed.values():
        pool -= cards
    hidden = sorted(pool.elements())
    needs = _casino_needs(state, others)
    check = engine.definition_of(state).validate_state if isinstance(state, casino.State) else None
    for _attempt in range(_ATTEMPTS):
        dealt = _deal(hands, others, hidden, fixed, needs, state, rnd)
        if dealt is None:
            continue
        new_hands, stock = dealt
        world = attrs.evolve(
            state, hands=new_hands, stock=stock, seed=_fresh_seed(state, rnd), stacked=()
        )
        if check is not None:
            try:
                check(world)
            except ValueError:
                continue
        return world
    raise AssertionError("no deal of the hidden cards fits what the seat knows")


def _fresh_seed(state: Any, rnd: random.Random) -> int:
    """A new seed for the world; in Rummy 500 one that draws the same first dealer (R5-11)."""
    if isinstance(state, rummy500.State):
        first = (state.dealer - state.round_number + 1) % state.config.num_players
        return world_seed(state.config, first, rnd)
    return rnd.randrange(2**63)


def _casino_needs(state: Any, others: list[int]) -> dict[int, list[int]]:
    if not isinstance(state, casino.State):
        return {}
    needs: dict[int, list[int]] = {}
    for build in state.builds:
        # The player of a play in progress may be capturing or changing his own
        # build: what he must keep is then the play's business, checked after the deal.
        if build.owner in others and not (
            state.pending is not None and build.owner == state.to_act
        ):
            needs.setdefault(build.owner, []).append(build.value)
    return {owner: sorted(set(values)) for owner, values in needs.items()}


def _deal(
    hands: list[tuple[Card, ...]],
    others: list[int],
    hidden: list[Card],
    fixed: dict[int, Counter[Card]],
    needs: dict[int, list[int]],
    state: Any,
    rnd: random.Random,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    left = list(hidden)
    rnd.shuffle(left)
    new_hands = list(hands)
    first: dict[int, list[Card]] = {i: list(fixed.get(i, Counter()).elements()) for i in others}
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
        new_hands[i] = sort_cards(first[i] + left[:size])
        left = left[size:]
    return tuple(new_hands), tuple(left)

