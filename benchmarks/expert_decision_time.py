"""Benchmark: how long the expert takes a decision, per game, at its default think time.

Three sets of positions, each decided by a fresh expert from the view of the seat
to act (``bots.make(game, "expert", seed=...)``, default ``think_time``):

* **games**: every decision of the expert in 2-player one-round (one-hand)
  games against normal, as a player in the browser meets them;
* **crowded** (Casino): the tables of 12-16 loose cards and 2+ builds of
  ``benchmarks/casino_legal_actions.py``, and its all-trailing tables of up to
  40 loose cards;
* **wild** (Las Vegas Rummy): the 6-player two-deck hands with 2-7 wild cards
  of ``benchmarks/vegas_legal_actions.py``.

Prints the median, p99 and worst decision time per set (wall clock, and the
p99 of the process's own processor time: on a machine loaded past its cores the
two differ by the time spent waiting for a processor), the search's steps per
second (what ``cardrules.bots.search.STEPS_PER_SECOND`` is calibrated from) and
how many searches a time cap stopped. Run it with ``nice`` on a shared
machine; the figures go in ``docs/bots.rst``::

    nice python benchmarks/expert_decision_time.py [--games 6] [--positions 40] [--only rummy500]
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from typing import Any

import cardrules
from cardrules import bots, casino, rummy500
from cardrules import vegas_rummy as vr
from cardrules.bots import search

sys.path.insert(0, os.path.dirname(__file__))
casino_suite = importlib.import_module("casino_legal_actions")
vegas_suite = importlib.import_module("vegas_legal_actions")

CONFIGS: dict[str, Any] = {
    "rummy500": rummy500.Config(target=1),
    "vegas_rummy": vr.Config(num_players=2, max_score=1),
    "casino": casino.Config(target=1),
}


def decide(game: str, state: Any, seed: int) -> tuple[float, Any, float]:
    """Seconds a fresh expert takes on the view of the seat to act, its last search, and
    the processor seconds it took."""
    bot = bots.make(game, "expert", seed=seed)
    view = cardrules.view(state, state.to_act)
    start, cpu = time.perf_counter(), time.process_time()
    bot.choose(view)
    spent = time.process_time() - cpu
    return time.perf_counter() - start, getattr(bot, "last_search", None), spent


def game_positions(game: str, games: int) -> list[tuple[float, Any, float]]:
    """Every expert decision of ``games`` one-round games against normal."""
    found = []
    for index in range(games):
        state = cardrules.new_game(game, CONFIGS[game], seed=500 + index)
        players = [bots.make(game, "expert", seed=index), bots.make(game, "normal", seed=index)]
        mine = index % 2
        while not state.is_over:
            seat = state.to_act
            view = cardrules.view(state, seat)
            if seat == mine:
                start, cpu = time.perf_counter(), time.process_time()
                action = players[0].choose(view)
                spent = time.process_time() - cpu
                found.append((time.perf_counter() - start, players[0].last_search, spent))
            else:
                action = players[1].choose(view)
            state = cardrules.apply(state, action)
    return found


def summary(label: str, timed: list[tuple[float, Any, float]]) -> str:
    times = sorted(t for t, _, _ in timed)
    if not times:
        return f"{label:<28} no decisions"
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    cpu_times = sorted(c for _, _, c in timed)
    cpu_p99 = cpu_times[min(len(cpu_times) - 1, int(0.99 * len(cpu_times)))]
    searched = [s for _, s, _ in timed if s is not None and s.work]
    capped = sum(1 for s in searched if s.capped)
    rates = [s.work / c for _, s, c in timed if s is not None and s.work and c > 0]
    rate = f"{statistics.median(rates):8.0f}" if rates else "       -"
    return (
        f"{label:<28} n={len(times):4d}  median {statistics.median(times) * 1000:6.1f} ms  "
        f"p99 {p99 * 1000:6.1f} ms  worst {times[-1] * 1000:6.1f} ms  "
        f"cpu p99 {cpu_p99 * 1000:6.1f} ms  "
        f"steps/s {rate}  capped {capped}/{len(searched)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="one-round games per game")
    parser.add_argument("--positions", type=int, default=40, help="positions per suite")
    parser.add_argument(
        "--only", nargs="*", default=list(CONFIGS), help="games whose games and suites to time"
    )
    args = parser.parse_args()
    print(f"default think_time {search.DEFAULT_THINK_TIME} s, cap x{search.DEADLINE_FACTOR}")
    for game in args.only:
        print(summary(f"{game} games", game_positions(game, args.games)))
    if "casino" in args.only:
        casino_sets(args.positions)
    if "vegas_rummy" in args.only:
        wild = [vegas_suite.rich_state(seed, solidarity) for seed in range(args.positions // 2)
                for solidarity in (True, False)]
        timed = [decide("vegas_rummy", s, k) for k, s in enumerate(wild)]
        print(summary("vegas_rummy wild hands", timed))


def casino_sets(positions: int) -> None:
    """Print the crowded and the all-trailing Casino sets."""
    crowded = casino_suite.crowded_states(casino.Config(), 12)[:positions]
    print(summary("casino crowded 12-16", [decide("casino", s, k) for k, s in enumerate(crowded)]))
    trailing = [s for s in casino_suite.trailing_states(casino.Config(), 3) if s.to_act is not None]
    trailing = sorted(trailing, key=lambda s: -len(s.loose))[:positions]
    print(
        summary(
            f"casino trailing <= {max(len(s.loose) for s in trailing)} loose",
            [decide("casino", s, k) for k, s in enumerate(trailing)],
        )
    )


if __name__ == "__main__":
    main()
