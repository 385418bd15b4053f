"""Play and print a seeded Rummy 500 game between random players.

Run:  python examples/rummy500_random_game.py --seed 7 [--players 3] [--quiet]

Every move is chosen at random from ``legal_actions``, so the same seed always
prints the same game.
"""

from __future__ import annotations

import argparse
import random

from cardrules import rummy500
from cardrules.cards import format_cards


def play(seed: int, players: int, *, quiet: bool = False) -> rummy500.State:
    """Play one game to the end, printing the moves unless ``quiet``."""
    state = rummy500.new_game(rummy500.Config(num_players=players), seed=seed)
    chooser = random.Random(seed)
    announced = 0
    while not state.is_over:
        if state.round_number != announced:
            announced = state.round_number
            print(f"Round {announced}: P{state.dealer + 1} deals, upcard {state.discard[-1]}")
        seat = state.to_act
        assert seat is not None
        action = chooser.choice(rummy500.legal_actions(state))
        if not quiet:
            print(f"  P{seat + 1}: {action}")
        before = len(state.history)
        state = rummy500.apply(state, action)
        if len(state.history) > before:
            result = state.history[-1]
            how = (
                f"P{result.went_out + 1} went out"
                if result.went_out is not None
                else "the stock ran out"
            )
            print(f"Round {result.round_number} ends: {how}.")
            for part in result.seats:
                print(
                    f"  P{part.seat + 1}: melded {part.melded_total:+d}, "
                    f"in hand -{part.hand_points} ({format_cards(part.in_hand) or 'none'}), "
                    f"round {part.round_score:+d}, total {part.total}"
                )
    winners = ", ".join(f"P{seat + 1}" for seat in state.winners)
    print(f"Game over after {state.round_number} rounds. Winner: {winners}. "
          f"Scores: {', '.join(str(s) for s in state.scores)}")
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--quiet", action="store_true", help="print only the round results")
    args = parser.parse_args()
    play(args.seed, args.players, quiet=args.quiet)


if __name__ == "__main__":
    main()
