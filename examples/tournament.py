"""A round-robin tournament between the computer levels of one game.

Run:  python examples/tournament.py [--game rummy500] [--games 4] [--workers 2]

Every pair of levels plays the same number of seeded games with seats rotated;
the table shows each level's match wins. The default (4 games a pair) takes
seconds; the win rates need hundreds of games a pair to mean much (their 95%
intervals say how little 4 games tell), e.g. ``--games 200 --workers 4``.
"""

from __future__ import annotations

import argparse
import itertools
import time

import cardrules
from cardrules import bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rummy500", choices=cardrules.GAMES)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    levels = bots.available_levels(args.game)
    points = dict.fromkeys(levels, 0.0)
    title = cardrules.engine.TITLES[args.game]
    print(f"{title}: levels {', '.join(levels)}, {args.games} games a pair")
    started = time.perf_counter()
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
    print(f"\n{title} standings (match wins), {time.perf_counter() - started:.0f} s:")
    for level, score in sorted(points.items(), key=lambda item: -item[1]):
        print(f"  {level:<8} {score:g}")


if __name__ == "__main__":
    main()
