"""A seeded game of Casino between random players, printing every move and the scores.

Run: ``python examples/casino_game.py [seed] [--royal]``
"""

from __future__ import annotations

import random
import sys

from cardrules import casino


def main(argv: list[str]) -> None:
    seed = int(next((a for a in argv if a.isdigit()), "7"))
    royal = "--royal" in argv
    config = casino.Config(variant="royal", sweeps=True) if royal else casino.Config()
    players = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    hand = 0
    while not state.is_over:
        if state.round_number != hand:
            hand = state.round_number
            print(f"\n=== hand {hand}, dealer seat {state.dealer} ===")
            print("table:", " ".join(str(c) for c in state.loose))
        action = players.choice(casino.legal_actions(state))
        seat = state.to_act
        state = casino.apply(state, action)
        print(f"seat {seat}: {action}")
        if state.history and state.history[-1].hand == hand:
            result = state.history[-1]
            print(f"--- hand {hand} scored ---")
            for item in result.items[: result.counted]:
                who = "nobody" if item.side is None else f"side {item.side}"
                print(f"  {item.name:12} {who:8} {item.points}")
            print(f"  cards {result.cards}  spades {result.spades}  totals {result.totals}")
    print(f"\nfinal scores {state.scores}; winners: seats {list(state.winners)}")


if __name__ == "__main__":
    main(sys.argv[1:])
