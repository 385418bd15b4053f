"""Train a small tabular policy on Casino through PettingZoo, then play it against random.

Run:  python examples/rl_tabular_pettingzoo.py [--train 200] [--eval 100] [--seed 1]

Needs the rl extra (``pip install 'cardrules[rl]'``); only numpy, no deep learning.

The learner is ``player_0`` of :func:`cardrules.rl.pettingzoo.env`; ``player_1``
plays uniformly random legal moves (from the action mask). One hand decides a
game (``target=1``), so games are short. The policy is a table: each legal
action number is turned back into our action (``space.legal``) and described
by a small *key* — what kind of play it is, the value of the card played, and
whether that card scores (aces, 10♦, 2♠, spades). The table holds the average
final payoff of the games in which the learner chose each key (every-visit
Monte Carlo); the learner plays the legal action whose key is best, exploring
at random 20 % of the time while it trains.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from typing import Any

try:
    import numpy as np

    from cardrules.rl.pettingzoo import env as make_env
except ImportError:  # the example needs the rl extra
    print("this example needs the rl extra: pip install 'cardrules[rl]'")
    sys.exit(0)

from cardrules import casino

CONFIG = casino.Config(target=1)


def key_of(action: Any) -> tuple[str, int, bool]:
    """A small description of a Casino action: kind, card value, does the card score."""
    if isinstance(action, casino.Take | casino.Done):
        return (type(action).__name__.lower(), 0, False)
    card = action.card
    kind = "trail" if isinstance(action, casino.Trail) else (
        "capture" if isinstance(action, casino.Capture) else action.kind
    )
    scores = card.rank == 1 or card.code in ("10D", "2S") or card.suit == 3
    return (kind, min(int(card.rank), 11), scores)


def play(game: Any, table: dict[Any, list[float]], rnd: Any, explore: float,
         learn: bool) -> float:
    """One game; returns the learner's payoff. Updates ``table`` when ``learn``."""
    game.reset(seed=int(rnd.integers(2**31)))
    chosen: list[Any] = []
    payoff = 0.0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        if agent == "player_0":
            payoff = reward if terminated or truncated else payoff
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if agent != "player_0" or rnd.random() < explore:
            game.step(int(rnd.choice(legal)))
            continue
        numbered = game.space.legal(game.view(agent))  # listed once, read per number
        keys = [key_of(numbered[int(n)]) for n in legal]
        values = [table[k][0] / table[k][1] if table[k][1] else 0.0 for k in keys]
        best = max(values)
        options = [n for n, v in zip(legal, values) if v == best]
        pick = int(rnd.choice(options))
        chosen.append(keys[list(legal).index(pick)])
        game.step(pick)
    if learn:
        for key in chosen:
            table[key][0] += payoff
            table[key][1] += 1
    return payoff


def win_rate(game: Any, table: dict[Any, list[float]], rnd: Any, games: int) -> float:
    wins = sum(play(game, table, rnd, 0.0, False) > 0 for _ in range(games))
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description="tabular Casino policy through PettingZoo")
    parser.add_argument("--train", type=int, default=200, help="training games")
    parser.add_argument("--eval", type=int, default=100, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = np.random.default_rng(args.seed)
    game = make_env("casino", CONFIG)
    table: dict[Any, list[float]] = defaultdict(lambda: [0.0, 0])
    before = win_rate(game, table, rnd, args.eval)  # an empty table plays at random
    for _ in range(args.train):
        play(game, table, rnd, 0.2, True)
    after = win_rate(game, table, rnd, args.eval)
    half = 1.96 * (after * (1 - after) / args.eval) ** 0.5
    print(f"untrained vs random: {before:.1%} wins over {args.eval} games")
    print(f"trained on {args.train} games vs random: {after:.1%} wins (± {half:.1%})")
    best = sorted(table.items(), key=lambda kv: -kv[1][0] / max(1, kv[1][1]))[:3]
    for key, (total, count) in best:
        print(f"  best key {key}: mean payoff {total / count:+.2f} over {int(count)} choices")


if __name__ == "__main__":
    main()
