"""Benchmark: the Casino expert's decision times by hand, in whole 2-player games against normal.

The exact last deal (:func:`cardrules.bots.casino.solve_last_deal`) runs in the
last deal of every hand; ``expert_decision_time.py`` plays one-hand games, so this
one plays whole games (:func:`cardrules.bots.simulate.play_game`'s deals and
seats, seed 31) and prints the processor and wall time of the expert's decisions
(default think time) in the first hand and in the later ones, earlier deals and
last deal apart, and in how many last-deal decisions the exact search finished
(``exact``: finished / asked; the others fell back on the sampled search)::

    nice python benchmarks/expert_casino_hand_times.py --start 2000 --games 30
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict

from cardrules import engine
from cardrules.bots.casino import ExpertBot, NormalBot
from cardrules.bots.simulate import _derive, match_config, seating

SEED = 31


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=2000, help="first game index")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    definition = engine.definition("casino")
    config = match_config(definition.config_type, None, 2)
    cpu: dict[str, list[float]] = defaultdict(list)
    wall: dict[str, list[float]] = defaultdict(list)
    exact: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for index in range(args.start, args.start + args.games):
        seats = seating(2, index)
        players = [
            (ExpertBot if seats[s] == 0 else NormalBot)(_derive(SEED, "bot", index, s))
            for s in range(2)
        ]
        state = engine.new_game("casino", config, seed=_derive(SEED, "deal", index))
        while not state.is_over:
            player = players[state.to_act]
            view = definition.view(state, state.to_act)
            c0, w0 = time.process_time(), time.perf_counter()
            action = player.choose(view)
            if isinstance(player, ExpertBot):
                hand = "hand 1" if state.round_number == 1 else "hands 2+"
                key = f"{hand}, {'last deal' if not state.stock else 'earlier deals'}"
                cpu[key].append(time.process_time() - c0)
                wall[key].append(time.perf_counter() - w0)
                if not state.stock and state.pending is None:
                    exact[key] += player.last_endgame is not None
                    asked[key] += 1
            state = definition.apply(state, action)
    cpu["all"] = [t for key in list(cpu) for t in cpu[key]]
    wall["all"] = [t for key in list(wall) for t in wall[key]]
    print(f"{'decisions':<26} {'n':>5}  cpu median  cpu p99  wall median  wall p99  worst  exact")
    for key in sorted(cpu):
        c, w = cpu[key], wall[key]
        print(
            f"{key:<26} {len(c):5d}  {statistics.median(c) * 1e3:7.1f} ms {_p99(c) * 1e3:5.0f} ms"
            f"  {statistics.median(w) * 1e3:8.1f} ms {_p99(w) * 1e3:6.0f} ms {max(w) * 1e3:4.0f} ms"
            f"  {f'{exact[key]}/{asked[key]}' if asked[key] else '-'}"
        )


if __name__ == "__main__":
    main()
