"""Rummy 500 random-play speed: legal_actions + apply at every step.

Run:  python benchmarks/random_play.py [--seconds 10]

Prints actions per second and games per second, and, measured in the same run
on the same machine, a baseline (a plain-Python loop that shuffles a 52-card list
and walks it) so figures from shared, noisy machines can be compared as ratios.
"""

from __future__ import annotations

import argparse
import random
import time

from cardrules import rummy500


def random_play(seconds: float) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return (actions, games, elapsed)."""
    actions = games = 0
    chooser = random.Random(0)
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = rummy500.new_game(seed=seed)
        seed += 1
        while not state.is_over:
            state = rummy500.apply(state, chooser.choice(rummy500.legal_actions(state)))
            actions += 1
        games += 1
    return actions, games, time.perf_counter() - start


def baseline(seconds: float) -> float:
    """Loop iterations per second of a trivial card loop (the machine's yardstick)."""
    deck = list(range(52))
    rnd = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rnd.shuffle(deck)
        count += sum(1 for card in deck if card % 13 == 0)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description="Rummy 500 random-play speed")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    base = baseline(min(2.0, args.seconds / 4))
    actions, games, elapsed = random_play(args.seconds)
    per_second = actions / elapsed
    print("Rummy 500 random play (full games to 500, 2 players, defaults)")
    print(f"  actions/s:       {per_second:10.0f}")
    print(f"  games/s:         {games / elapsed:10.2f}   ({actions / games:.0f} actions a game)")
    print(f"  baseline ops/s:  {base:10.0f}   (shuffle-and-scan loop, same run)")
    print(f"  ratio actions/s : baseline = {per_second / base:.4f}")


if __name__ == "__main__":
    main()
