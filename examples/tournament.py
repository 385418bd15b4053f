"""A round-robin tournament between the computer levels of one game.

Run:  python examples/tournament.py [--game rummy500] [--games 20] [--workers 2]

Every pair of levels plays the same number of seeded games with seats rotated;
the table shows each level's match wins.
"""

from __future__ import annotations

import argparse
import itertools

from cardrules import bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rummy500")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    levels = bots.available_levels(args.game)
    points = dict.fromkeys(levels, 0.0)
    for first, second in itertools.combinations(levels, 2):
        result = bots.simulate(args.game, [first, second], games=args.games, seed=7,
                               workers=args.workers)
        a, b = result.win_rates
        low, high = result.intervals[0]
        print(f"{first:>7} vs {second:<7} {a:6.1%} : {b:6.1%}   "
              f"({first} 95% CI {low:.0%}–{high:.0%})")
        if a != b:
            points[first if a > b else second] += 1
        else:
            points[first] += 0.5
            points[second] += 0.5
    print("\nStandings (match wins):")
    for level, score in sorted(points.items(), key=lambda item: -item[1]):
        print(f"  {level:<8} {score:g}")


if __name__ == "__main__":
    main()
