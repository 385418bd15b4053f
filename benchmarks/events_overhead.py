"""What the public event log costs: ``apply`` with the hook against the same apply without it.

The hook (``cardrules.events.logs_events``) wraps every game's ``apply``; the
undecorated function is ``apply.__wrapped__``. Both replay the same recorded
(state, action) pairs of seeded random games in the same run, so the figure is a
ratio against a same-run yardstick::

    python benchmarks/events_overhead.py
"""

from __future__ import annotations

import importlib
import random
import time

import cardrules


def pairs(game: str, seed: int, limit: int = 3000) -> list[tuple[object, object]]:
    module = importlib.import_module(f"cardrules.{game}")
    rnd = random.Random(seed)
    state = module.new_game(seed=seed)
    out = []
    while not state.is_over and len(out) < limit:
        action = rnd.choice(module.legal_actions(state))
        out.append((state, action))
        state = module.apply(state, action)
    return out


def best_of(function, recorded, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for state, action in recorded:
            function(state, action)
        best = min(best, (time.perf_counter() - start) / len(recorded))
    return best


def main() -> None:
    print(f"{'game':12} {'apply µs':>9} {'bare µs':>8} {'ratio':>6}")
    for game in cardrules.GAMES:
        module = importlib.import_module(f"cardrules.{game}")
        recorded = pairs(game, seed=3)
        logged = best_of(module.apply, recorded)
        bare = best_of(module.apply.__wrapped__, recorded)
        print(f"{game:12} {logged * 1e6:9.1f} {bare * 1e6:8.1f} {logged / bare:6.2f}")


if __name__ == "__main__":
    main()
