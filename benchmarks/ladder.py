"""The bot ladder: each level against the one below and against random, full games.

Run:  python benchmarks/ladder.py [--games 400] [--workers 2] [--seed 1] [--target 500] [--rst]
      python benchmarks/ladder.py --game casino [--variant royal] [--games 400] [--rst]

For one game with bots beyond ``random`` (``--game rummy500`` or ``casino``), plays two-player
full games (seats rotated) for each pairing and prints the first bot's win rate
with its 95 % Wilson interval, the mean final scores, and the expert's decision
latency (median and 95th percentile over the decisions of a few games).
``--rst`` prints the table as reStructuredText for ``docs/bots.rst``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardrules import bots, casino, engine, rummy500, vegas_rummy

PAIRINGS = (
    ("easy", "random"),
    ("normal", "easy"),
    ("expert", "normal"),
    ("normal", "random"),
    ("expert", "random"),
    ("expert", "easy"),
)


def latency(games: int, seed: int, config: object, game: str = "rummy500") -> tuple[
    float, float, int
]:
    """Median and p95 seconds of the expert's decisions (vs normal), and how many were timed."""
    times: list[float] = []
    rules = engine.definition(game)
    for index in range(games):
        expert = bots.make(game, "expert", seed=seed + index)
        normal = bots.make(game, "normal", seed=seed + index + 1000)
        state = engine.new_game(game, config, seed=seed + index)
        players = (expert, normal) if index % 2 == 0 else (normal, expert)
        while not state.is_over:
            seat = state.to_act
            view = rules.view(state, seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            if players[seat] is expert:
                times.append(time.perf_counter() - start)
            state = rules.apply(state, action)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return statistics.median(times), p95, len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description="bot ladder")
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("rummy500", "casino", "vegas_rummy"),
                        default="rummy500")
    parser.add_argument("--target", type=int, default=500, help="Rummy 500 game target")
    parser.add_argument("--variant", choices=("standard", "royal"), default="standard",
                        help="Casino variant (default Config otherwise)")
    parser.add_argument("--latency-games", type=int, default=4)
    parser.add_argument("--rst", action="store_true", help="print an RST table")
    args = parser.parse_args()
    game = args.game
    config: object = (rummy500.Config(target=args.target) if game == "rummy500"
                      else casino.Config(variant=args.variant))
    if game == "vegas_rummy":  # short, finite games; max_seats=2: nobody can join
        config = vegas_rummy.Config(num_players=2, reshuffle_limit=3, max_seats=2)
    rows = []
    for first, second in PAIRINGS:
        start = time.perf_counter()
        result = bots.simulate(
            game, [first, second], games=args.games, seed=args.seed,
            config=config, workers=args.workers,
        )
        low, high = result.intervals[0]
        rows.append((first, second, result.games, result.win_rates[0], low, high,
                     result.mean_scores[0], result.mean_scores[1], result.mean_rounds,
                     time.perf_counter() - start))
        if not args.rst:
            print(f"{first:>6} vs {second:<6} {result.games:4d} games  "
                  f"{result.win_rates[0]:6.1%} [{low:.1%}, {high:.1%}]  "
                  f"mean {result.mean_scores[0]:6.1f} : {result.mean_scores[1]:6.1f}  "
                  f"rounds {result.mean_rounds:4.1f}  ({rows[-1][-1]:.0f} s)", flush=True)
    median, p95, count = latency(args.latency_games, args.seed, config, game)
    if args.rst:
        title = (f"Rummy 500, 2 players, target {args.target}" if game == "rummy500"
                 else f"Casino ({args.variant}), 2 players, default rules")
        if game == "vegas_rummy":
            title = ("Las Vegas Rummy, 2 players, max score 100, reshuffle_limit=3, "
                     "max_seats=2")
        print(f"{title}, {args.games} games per pairing, seed {args.seed}, seats rotated.\n")
        print(".. list-table::\n   :header-rows: 1\n")
        header = ("Pairing", "Games", "Win rate of the first", "95 % interval",
                  "Mean scores", "Rounds a game")
        print("\n".join(
            ("   * - " if i == 0 else "     - ") + h for i, h in enumerate(header)))
        for first, second, games, rate, low, high, m1, m2, rounds, _ in rows:
            cells = (f"{first} vs {second}", str(games), f"{rate:.1%}",
                     f"{low:.1%} – {high:.1%}", f"{m1:.0f} : {m2:.0f}", f"{rounds:.1f}")
            print("\n".join(
                ("   * - " if i == 0 else "     - ") + c for i, c in enumerate(cells)))
        print(f"\nExpert decision latency over {count} decisions: median "
              f"{median * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms.")
    else:
        print(f"expert latency: median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms "
              f"({count} decisions)")


if __name__ == "__main__":
    main()
