"""Benchmark: Las Vegas Rummy ``legal_actions`` on hands rich in wild cards.

Two decks (four jokers), 6 players, 7 cards each. For each seed a game is dealt
and the first player draws; then hidden cards are exchanged between that hand
and the stock (card conservation kept) so the hand holds 2–4 jokers and 1–3
cards of the round's wild rank. Prints the median and worst time of
``legal_actions`` (and the number of actions), for solidarity on and off.

Run: ``.venv/bin/python benchmarks/vegas_legal_actions.py [samples]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import attrs

from cardrules.cards import JOKER, SUITS, Card, sort_cards
from cardrules.vegas_rummy import Config, Draw, State, apply, legal_actions, new_game


def rich_state(seed: int, solidarity: bool) -> State:
    """A play-phase state whose player to act holds many wild cards."""
    rnd = random.Random(seed)
    config = Config(num_players=6, num_decks=2, meld_solidarity=solidarity)
    state = apply(new_game(config, seed=seed), Draw())
    assert state.to_act is not None
    assert state.upcard is not None
    seat = state.to_act
    hand = list(state.hands[seat])
    stock = list(state.stock)
    wild_rank = None if state.upcard.is_joker else state.upcard.rank
    wanted = [JOKER] * rnd.randint(2, 4)
    if wild_rank is not None:
        wanted += [Card(wild_rank, rnd.choice(SUITS)) for _ in range(rnd.randint(1, 3))]
    for card in wanted[: len(hand) - 2]:
        if card in stock:
            victim = next(c for c in hand if c not in wanted)
            stock[stock.index(card)] = victim
            hand[hand.index(victim)] = card
    hands = list(state.hands)
    hands[seat] = sort_cards(hand)
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(stock))


def run(samples: int = 200) -> dict[str, tuple[float, float, int]]:
    """``{label: (median ms, worst ms, most actions)}`` over ``samples`` seeds."""
    out = {}
    for solidarity in (True, False):
        times = []
        most = 0
        for seed in range(samples):
            state = rich_state(seed, solidarity)
            start = time.perf_counter()
            actions = legal_actions(state)
            times.append((time.perf_counter() - start) * 1000)
            most = max(most, len(actions))
        label = "solidarity on" if solidarity else "solidarity off"
        out[label] = (statistics.median(times), max(times), most)
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for label, (median, worst, most) in run(n).items():
        print(f"{label:15s} median {median:6.2f} ms  worst {worst:7.2f} ms  max actions {most}")
