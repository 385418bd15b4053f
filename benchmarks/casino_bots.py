"""Benchmark: Casino bot decisions on the most crowded tables legal play reaches.

Issue 15 item 4: a bot decision must answer within a bound on any table legal
play can reach. The tables come from first hands in which every player trails
whenever the rules allow (so up to 48 loose cards lie on the table) or builds
when he can and trails otherwise (crowded tables with builds); the decisions
are timed at every such state, including the steps in the middle of a play.
A baseline (a plain-Python shuffle-and-walk loop) is measured in the same run,
so results from shared machines compare as ratios. Run::

    .venv/bin/python benchmarks/casino_bots.py
"""

from __future__ import annotations

import random
import statistics
import time

from cardrules import casino
from cardrules.bots import make
from cardrules.casino import Build, Config, State, Trail


def hoarding_states(config: Config, seed: int, *, build: bool) -> list[State]:
    """Every state of a first hand where players trail (or build, then trail) when they may."""
    rnd = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    found: list[State] = []
    while not state.is_over and state.round_number == 1:
        found.append(state)
        actions = casino.legal_actions(state)
        preferred = [a for a in actions if isinstance(a, Build)] if build else []
        preferred = preferred or [a for a in actions if isinstance(a, Trail)]
        state = casino.apply(state, preferred[0] if preferred else rnd.choice(actions))
    return found


def baseline(seconds: float = 1.0) -> float:
    """Iterations per second of a trivial card loop: the machine's yardstick."""
    deck = list(range(52))
    rnd = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rnd.shuffle(deck)
        for card in deck:
            count += card & 1
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    configs = {
        "standard 2p": Config(),
        "royal 2p sweeps": Config(variant="royal", sweeps=True),
        "partners 4p": Config(num_players=4, partnerships=True, build_for_partner=True),
        "capture_all": Config(capture_all=True),
        "royal options": Config(variant="royal", build_as_card=True, table_cards_in_raise=True),
    }
    print(f"baseline: {baseline():,.0f} loop iterations/s")
    print("bot decisions on hoarded tables (first hands; every state, mid-play steps included)")
    for name, config in configs.items():
        states = [s for seed in range(2) for b in (False, True) for s in
                  hoarding_states(config, seed, build=b)]
        for level in ("easy", "normal", "expert"):
            times: list[float] = []
            worst_loose = 0
            for state in states:
                bot = make("casino", level, seed=1)
                seen = casino.view(state, state.to_act)
                start = time.perf_counter()
                bot.choose(seen)
                elapsed = time.perf_counter() - start
                if not times or elapsed > max(times):
                    worst_loose = len(state.loose)
                times.append(elapsed)
            print(
                f"  {name:16} {level:6} states {len(states):4}"
                f"  median {statistics.median(times) * 1e3:7.2f} ms"
                f"  worst {max(times) * 1e3:7.1f} ms ({worst_loose} loose)"
            )


if __name__ == "__main__":
    main()
