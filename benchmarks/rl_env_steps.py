"""Environment steps per second: our games through PettingZoo and OpenSpiel, beside RLCard.

Run:  python benchmarks/rl_env_steps.py [--seconds 5] [--rst]

In one run, for each game (default configs; Las Vegas Rummy with 2 players
and ``meld_strictness``): random legal moves through

* the engine itself (``legal_actions`` + ``apply``: the yardstick),
* the PettingZoo AEC env (``observe`` with the mask, then ``step``),
* the OpenSpiel game (``legal_actions`` + ``apply_action``),

and RLCard's gin rummy ``env.step`` with random legal actions (``bench``
extra), the peer a researcher would otherwise use. Games restart when they
end. Prints steps per second and each figure's ratio to RLCard's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import cardrules
from cardrules.rl import openspiel
from cardrules.rl.pettingzoo import env as aec_env

CONFIGS = {
    "rummy500": cardrules.rummy500.Config(),
    "vegas_rummy": cardrules.vegas_rummy.Config(
        num_players=2, meld_strictness=True, max_seats=2
    ),
    "casino": cardrules.casino.Config(),
}


def _rate(step: Callable[[], None], seconds: float) -> float:
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            step()
        steps += 50
    return steps / (time.perf_counter() - start)


def engine_rate(game: str, seconds: float) -> float:
    rnd = random.Random(1)
    box = [cardrules.new_game(game, CONFIGS[game], seed=0)]

    def step() -> None:
        state = box[0]
        if state.is_over:
            state = cardrules.new_game(game, CONFIGS[game], seed=rnd.randrange(10**9))
        box[0] = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))

    return _rate(step, seconds)


def pettingzoo_rate(game: str, seconds: float) -> float:
    rnd = np.random.default_rng(1)
    environment = aec_env(game, CONFIGS[game])
    environment.reset(seed=0)

    def step() -> None:
        if not environment.agents:
            environment.reset(seed=int(rnd.integers(10**9)))
        observation, _r, terminated, truncated, _i = environment.last()
        if terminated or truncated:
            environment.step(None)
            return
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rnd.choice(legal)))

    return _rate(step, seconds)


def openspiel_rate(game: str, seconds: float) -> float:
    rnd = random.Random(1)
    spiel_game = openspiel.load(game, config_json=cardrules.to_json(CONFIGS[game]))
    box = [spiel_game.new_initial_state()]

    def step() -> None:
        state = box[0]
        if state.is_terminal():
            state = spiel_game.new_initial_state()
            box[0] = state
        if state.is_chance_node():
            state.apply_action(rnd.randrange(len(state.chance_outcomes())))
        state.apply_action(rnd.choice(state.legal_actions()))

    return _rate(step, seconds)


def rlcard_rate(seconds: float) -> float | None:
    try:
        import rlcard
    except ImportError:
        return None
    rnd = random.Random(1)
    environment = rlcard.make("gin-rummy", config={"seed": 0})
    box = [environment.reset()[0]]

    def step() -> None:
        if environment.is_over():
            box[0] = environment.reset()[0]
        legal = list(box[0]["legal_actions"])
        box[0] = environment.step(rnd.choice(legal))[0]

    return _rate(step, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rst", action="store_true")
    args = parser.parse_args()
    peer = rlcard_rate(args.seconds)
    rows = [("RLCard gin rummy env.step", peer)]
    for game in CONFIGS:
        rows.append((f"{game}: engine apply", engine_rate(game, args.seconds)))
        rows.append((f"{game}: PettingZoo step", pettingzoo_rate(game, args.seconds)))
        rows.append((f"{game}: OpenSpiel apply_action", openspiel_rate(game, args.seconds)))
    lines = []
    for name, rate in rows:
        if rate is None:
            lines.append((name, "n/a (pip install rlcard)", ""))
            continue
        ratio = "" if peer is None else f"{rate / peer:.2f}×"
        lines.append((name, f"{rate:,.0f}", ratio))
    head = ("what", "steps/s", "vs RLCard")
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(3)]
    rule = "  ".join("=" * w for w in widths)
    table = ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in lines]
    if args.rst:
        print("\n".join([rule, "  ".join(c.ljust(w) for c, w in zip(head, widths)), rule,
                         *table, rule]))
    else:
        print("\n".join(["  ".join(c.ljust(w) for c, w in zip(head, widths)), *table]))


if __name__ == "__main__":
    main()
