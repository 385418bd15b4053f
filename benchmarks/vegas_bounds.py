"""Benchmark: Las Vegas Rummy's documented bounds on the worst configs ``Config`` allows.

Plays seeded games under the largest tables (15 cards a hand, six decks or
sixteen seats, meld solidarity off, the LV-11 option with going out without a
discard) with players who prefer to meld and lay off (so the table fills up),
and reports the slowest ``legal_actions`` call and the slowest bot decision
(normal and expert bots), each also as a ratio to a same-run yardstick (one
``legal_actions`` call on the first play position of a default game), so that
runs on different machines compare.

Run: ``.venv/bin/python benchmarks/vegas_bounds.py [games] [actions]``
"""

from __future__ import annotations

import random
import sys
import time

from cardrules.bots.vegas_rummy import ExpertBot, NormalBot
from cardrules.vegas_rummy import Config, Discard, Draw, apply, legal_actions, new_game, view

WORST = {
    "2p-6-decks-no-solidarity": Config(
        num_players=2, cards_per_player=15, num_decks=6, meld_solidarity=False, max_score=300
    ),
    "16p-no-solidarity": Config(
        num_players=16, cards_per_player=15, meld_solidarity=False, max_score=300
    ),
    "16p-wrap": Config(num_players=16, cards_per_player=15, max_score=300, allow_wraparound=True),
    "2p-6-decks-lv11": Config(
        num_players=2, cards_per_player=15, num_decks=6, max_score=300, meld_solidarity=False,
        forbid_rediscard_of_taken_card=True, go_out_without_discard=True,
    ),
}


def yardstick() -> float:
    """The best of 20 ``legal_actions`` calls on a default game's first play position."""
    state = apply(new_game(Config(), seed=1), Draw())
    best = float("inf")
    for _ in range(20):
        started = time.perf_counter()
        legal_actions(state)
        best = min(best, time.perf_counter() - started)
    return best


def main(games: int = 3, actions: int = 250) -> None:
    """Print the slowest calls per config."""
    unit = yardstick()
    print(f"yardstick: {unit * 1e3:.2f} ms")
    for name, config in WORST.items():
        worst_legal = worst_bot = 0.0
        most = 0
        for seed in range(games):
            rnd = random.Random(seed)
            state = new_game(config, seed=seed)
            bots = [ExpertBot(seed=s) if s % 2 else NormalBot(seed=s) for s in range(16)]
            for step in range(actions):
                if state.is_over:
                    break
                started = time.perf_counter()
                legal = legal_actions(state)
                worst_legal = max(worst_legal, time.perf_counter() - started)
                most = max(most, len(legal))
                seat = state.to_act
                assert seat is not None
                if step % 3 == 0:  # a bot decision now and then
                    started = time.perf_counter()
                    action = bots[seat].choose(view(state, seat))
                    worst_bot = max(worst_bot, time.perf_counter() - started)
                else:
                    placing = [a for a in legal if not isinstance(a, Discard)]
                    pick = placing if placing and rnd.random() < 0.8 else list(legal)
                    action = rnd.choice(pick)
                state = apply(state, action)
        print(
            f"{name:28} legal_actions worst {worst_legal * 1e3:7.1f} ms "
            f"({worst_legal / unit:6.0f}x, {most} actions)   "
            f"bot worst {worst_bot * 1e3:7.1f} ms ({worst_bot / unit:6.0f}x)"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
