"""Train a masked softmax policy on Casino with REINFORCE, numpy only: first against the
``easy`` bot, then against ``normal``; write the learning curve to a PNG.

Run:  python examples/rl_reinforce_casino.py [--easy 150] [--normal 100] [--eval 40]
                                              [--block 50] [--seed 1] [--png curve.png]

Needs the rl extra (``pip install 'cardrules[rl]'``); no deep-learning library.
The defaults are a short demonstration; the documented run (docs/rl.rst) is
``--easy 1000 --normal 1000 --eval 500 --block 100`` with seeds 1 and 2.

The game is Casino with ``target=1`` (one hand, six deals, decides a game).
The learner is seat 0 of :class:`cardrules.rl.gymnasium.CardrulesEnv`. Each
legal action number (from the int8 mask) is turned back into our action
(``env.space.legal(env.view())[number]``) and described by a few features:
what kind of step it is, and the card it plays or takes (scoring card? spade?
face? its value). The policy is a softmax over the legal actions only, with
logits linear in those features; it learns by REINFORCE (the final payoff, ±1
or 0 for a tie, less a running-mean baseline, times the log-probability
gradient of every choice of the game).

It prints, and draws, the win rate of each block of training games, then
plays ``--eval`` games of the final policy (sampling, no learning) and of the
untrained policy (uniform over the legal actions) against each bot, with 95 %
Wilson intervals.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

try:
    import numpy as np

    from cardrules.rl.figures import line_chart, write_png
    from cardrules.rl.gymnasium import CardrulesEnv
except ImportError:  # the example needs the rl extra
    print("this example needs the rl extra: pip install 'cardrules[rl]'")
    sys.exit(0)

from cardrules import casino
from cardrules.bots import wilson_interval

CONFIG = casino.Config(target=1)
KINDS = ("trail", "capture", "new", "raise", "add", "take", "done")
FEATURES = len(KINDS) + 9


def features(action: Any) -> np.ndarray:
    """What the policy sees of one legal action (see the module docstring)."""
    out = np.zeros(FEATURES)
    if isinstance(action, casino.Done):
        out[KINDS.index("done")] = 1.0
        return out
    if isinstance(action, casino.Take):
        out[KINDS.index("take")] = 1.0
        cards = action.item
        out[len(KINDS) + 7] = float(len(cards) > 1)  # a whole build
    else:
        kind = "trail" if isinstance(action, casino.Trail) else (
            "capture" if isinstance(action, casino.Capture) else action.kind
        )
        out[KINDS.index(kind)] = 1.0
        cards = (action.card,)
    base = len(KINDS)
    for card in cards:
        out[base + 0] += card.rank == 1  # aces score
        out[base + 1] += card.code == "10D"  # big casino
        out[base + 2] += card.code == "2S"  # little casino
        out[base + 3] += card.suit == 3  # spades count
        out[base + 4] += card.rank > 10  # face cards pair only by rank
        out[base + 5] += min(int(card.rank), 10) / 10.0
    out[base + 6] = float(len(cards))
    out[base + 8] = 1.0
    return out


class Policy:
    """Softmax over the legal actions, logits linear in :func:`features`."""

    def __init__(self, rnd: np.random.Generator) -> None:
        self.weights = np.zeros(FEATURES)
        self.rnd = rnd

    def act(self, env: CardrulesEnv, mask: np.ndarray, uniform: bool = False) -> tuple[int, Any]:
        legal = np.flatnonzero(mask)
        if uniform:
            return int(legal[self.rnd.integers(len(legal))]), None
        numbered = env.space.legal(env.view())  # listed once, read per number
        table = np.stack([features(numbered[int(n)]) for n in legal])
        logits = table @ self.weights
        probabilities = np.exp(logits - logits.max())
        probabilities /= probabilities.sum()
        choice = int(self.rnd.choice(len(legal), p=probabilities))
        # d log pi / d weights = phi(chosen) - E[phi]
        return int(legal[choice]), table[choice] - probabilities @ table


def play(
    env: CardrulesEnv, policy: Policy, seed: int, uniform: bool = False
) -> tuple[float, list[Any]]:
    """One game; returns the learner's payoff and the gradients of its choices."""
    observation, _info = env.reset(seed=seed)
    grads: list[Any] = []
    while True:
        number, grad = policy.act(env, observation["action_mask"], uniform)
        if grad is not None:
            grads.append(grad)
        observation, reward, terminated, truncated, _info = env.step(number)
        if terminated or truncated:
            return float(reward), grads


def train(level: str, games: int, policy: Policy, rnd: np.random.Generator, block: int,
          lr: float, curve: list[float]) -> None:
    env = CardrulesEnv("casino", CONFIG, opponents=level)
    baseline, wins = 0.0, 0
    for game in range(1, games + 1):
        payoff, grads = play(env, policy, int(rnd.integers(2**31)))
        advantage = payoff - baseline
        baseline += 0.02 * (payoff - baseline)
        if grads:
            policy.weights += lr * advantage * np.sum(grads, axis=0) / len(grads) ** 0.5
        wins += payoff > 0
        if game % block == 0:
            curve.append(wins / block)
            print(f"  {level}: games {game - block + 1}-{game}: won {wins / block:.0%}")
            wins = 0


def evaluate(level: str, games: int, policy: Policy, rnd: np.random.Generator,
             uniform: bool) -> tuple[int, float, float]:
    env = CardrulesEnv("casino", CONFIG, opponents=level)
    wins = sum(play(env, policy, int(rnd.integers(2**31)), uniform)[0] > 0 for _ in range(games))
    low, high = wilson_interval(wins, games)
    return wins, low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--easy", type=int, default=150, help="training games against easy")
    parser.add_argument("--normal", type=int, default=100, help="then against normal")
    parser.add_argument("--eval", type=int, default=40, help="evaluation games per bot")
    parser.add_argument("--block", type=int, default=50, help="games per point of the curve")
    parser.add_argument("--lr", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", default=None, help="where to write the learning curve")
    args = parser.parse_args()
    start = time.perf_counter()
    rnd = np.random.default_rng(args.seed)
    policy = Policy(rnd)
    curve: list[float] = []
    print(f"training (seed {args.seed}), win rate per {args.block} games:")
    train("easy", args.easy, policy, rnd, args.block, args.lr, curve)
    switch = len(curve)
    train("normal", args.normal, policy, rnd, args.block, args.lr, curve)
    print("weights:", " ".join(f"{w:+.2f}" for w in policy.weights))
    for level in ("easy", "normal"):
        for name, uniform in (("untrained", True), ("trained", False)):
            wins, low, high = evaluate(level, args.eval, policy, rnd, uniform)
            print(f"{name} vs {level}: won {wins}/{args.eval} = {wins / args.eval:.1%} "
                  f"(95% interval {low:.1%}-{high:.1%})")
    if args.png and curve:
        marks = [switch / max(len(curve) - 1, 1)] if 0 < switch < len(curve) else []
        write_png(args.png, line_chart([curve], marks=marks))
        print(f"learning curve written to {args.png}")
    print(f"done in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
