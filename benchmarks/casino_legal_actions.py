"""Benchmark: Casino ``legal_actions`` on crowded tables, and random-play speed.

Crowded tables are collected from seeded games played by a policy that prefers
building and trailing to capturing, keeping every state whose table holds 12 to
16 loose cards and at least 2 builds. The worst case comes from games in which
everybody trails whenever allowed, so the table grows to 40 loose cards and
more. Captures and builds are made one table item at a time, so the number of
legal actions is bounded by (cards in hand) x (table items + 1) x (values)
however crowded the table; the figures show the time that takes. A baseline
(a plain-Python shuffle-and-walk loop) is measured in the same run, so results
from shared machines compare as ratios. Run::

    .venv/bin/python benchmarks/casino_legal_actions.py
"""

from __future__ import annotations

import random
import statistics
import time

import attrs

from cardrules import casino, rng
from cardrules.cards import make_deck, sort_cards
from cardrules.casino import Build, Capture, Config, State, TableBuild, Trail
from cardrules.casino.captures import table_value


def crowded_states(config: Config, games: int, *, per_game: int = 40) -> list[State]:
    """States with 12..16 loose cards and 2+ builds, from games that hoard cards."""
    found: list[State] = []
    for seed in range(games):
        rnd = random.Random(seed)
        state = casino.new_game(config, seed=seed)
        kept = 0
        for _ in range(400):
            if state.is_over:
                break
            actions = casino.legal_actions(state)
            if 12 <= len(state.loose) <= 16 and len(state.builds) >= 2 and kept < per_game:
                found.append(state)
                kept += 1
            builds = [a for a in actions if isinstance(a, Build)]
            others = [a for a in actions if not isinstance(a, Capture | Build)]
            if len(state.loose) > 16:
                pool = [a for a in actions if isinstance(a, Capture)] or list(actions)
            elif builds and rnd.random() < 0.7:
                pool = builds
            elif others and rnd.random() < 0.9:
                pool = others
            else:
                pool = list(actions)
            state = casino.apply(state, rnd.choice(pool))
    return found


def synthetic_states(config: Config, count: int, loose: int = 12) -> list[State]:
    """Random tables: ``loose`` loose cards, 2-3 single builds of seat 1, 4 cards in hand."""
    base = casino.new_game(config, seed=0)
    states = []
    seed = 0
    while len(states) < count:
        seed += 1
        deck = list(rng.shuffle(make_deck(), seed=seed, stream=0))
        hand, deck = deck[:4], deck[4:]
        numbers = [c for c in deck if (table_value(c, config.royal) or 99) <= 6]
        builds = []
        for _ in range(2 + seed % 2):
            pair = numbers[:2]
            numbers = numbers[2:]
            value = sum(table_value(c, config.royal) or 0 for c in pair)
            builds.append(TableBuild(value, (tuple(pair),), 1))
        used = {c for b in builds for c in b.cards}
        rest = [c for c in deck if c not in used]
        hands = list(base.hands)
        hands[0] = sort_cards(hand)
        states.append(
            attrs.evolve(
                base,
                hands=tuple(hands),
                loose=sort_cards(rest[:loose]),
                builds=tuple(builds),
                to_act=0,
            )
        )
    return states


def time_legal_actions(states: list[State], repeat: int = 5) -> tuple[list[float], list[int]]:
    times: list[float] = []
    sizes: list[int] = []
    for state in states:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            actions = casino.legal_actions(state)
            best = min(best, time.perf_counter() - start)
        times.append(best)
        sizes.append(len(actions))
    return times, sizes


def trailing_states(config: Config, games: int) -> list[State]:
    """Every state of first hands in which all players trail whenever they may."""
    found: list[State] = []
    for seed in range(games):
        rnd = random.Random(seed)
        state = casino.new_game(config, seed=seed)
        while not state.is_over and state.round_number == 1:
            found.append(state)
            actions = casino.legal_actions(state)
            trails = [a for a in actions if isinstance(a, Trail)]
            state = casino.apply(state, trails[0] if trails else rnd.choice(actions))
    return found


def random_play(config: Config, games: int) -> tuple[int, int, float]:
    """Random games: (actions, whole plays, seconds)."""
    steps = plays = 0
    start = time.perf_counter()
    for seed in range(games):
        rnd = random.Random(seed)
        state = casino.new_game(config, seed=seed)
        while not state.is_over:
            if state.pending is None:
                plays += 1
            state = casino.apply(state, rnd.choice(casino.legal_actions(state)))
            steps += 1
    return steps, plays, time.perf_counter() - start


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
        "standard 3p": Config(num_players=3),
        "partners 4p": Config(num_players=4, partnerships=True),
    }
    print("legal_actions on crowded tables (12-16 loose cards, 2+ builds), best of 5 per state")
    for name, config in configs.items():
        states = crowded_states(config, 120)
        times, sizes = time_legal_actions(states)
        worst = max(range(len(times)), key=times.__getitem__)
        print(
            f"  {name:16} states {len(states):4}  median {statistics.median(times) * 1e3:.3f} ms"
            f"  p95 {sorted(times)[int(len(times) * 0.95)] * 1e3:.3f} ms"
            f"  worst {times[worst] * 1e3:.2f} ms ({sizes[worst]} actions,"
            f" {len(states[worst].loose)} loose)  median actions {statistics.median(sizes):.0f}"
        )
    print("legal_actions on random tables (12 loose cards, 2-3 builds, 4 cards in hand)")
    for name, config in list(configs.items())[:2]:
        states = synthetic_states(config, 400)
        times, sizes = time_legal_actions(states)
        worst = max(range(len(times)), key=times.__getitem__)
        print(
            f"  {name:16} states {len(states):4}  median {statistics.median(times) * 1e3:.3f} ms"
            f"  p95 {sorted(times)[int(len(times) * 0.95)] * 1e3:.3f} ms"
            f"  worst {times[worst] * 1e3:.2f} ms ({sizes[worst]} actions)"
            f"  median actions {statistics.median(sizes):.0f}"
        )
    print("legal_actions when everybody trails (first hands, up to 48 loose cards)")
    for name, config in [*configs.items(), ("capture_all", Config(capture_all=True))]:
        states = trailing_states(config, 8)
        times, sizes = time_legal_actions(states, repeat=1)
        worst = max(range(len(times)), key=times.__getitem__)
        most = max(range(len(sizes)), key=sizes.__getitem__)
        print(
            f"  {name:16} states {len(states):4}  median {statistics.median(times) * 1e3:.3f} ms"
            f"  worst {times[worst] * 1e3:.2f} ms ({sizes[worst]} actions,"
            f" {len(states[worst].loose)} loose)  most actions {sizes[most]}"
            f" ({len(states[most].loose)} loose)"
        )
    yardstick = baseline()
    print(f"baseline: {yardstick:,.0f} loop iterations/s")
    print("random play (legal_actions + apply per step; a play is one or more steps)")
    for name, config in configs.items():
        steps, plays, seconds = random_play(config, 100)
        print(
            f"  {name:16} {steps / seconds:,.0f} actions/s ({steps / seconds / yardstick:.4f}"
            f" of baseline), {plays / seconds:,.0f} plays/s, {100 / seconds:.1f} games/s"
        )


if __name__ == "__main__":
    main()
