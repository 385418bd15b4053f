"""Write your own computer player and measure it against the built-in levels.

Run:  python examples/custom_bot.py [--games 40]

A bot is any object with ``game``, ``level``, ``choose(view)`` and ``reset()``.
It is handed only its seat's view — never the full state — so it cannot cheat.
"""

from __future__ import annotations

import argparse

from cardrules import bots, rummy500
from cardrules.rummy500.scoring import card_points


class GreedyMelder:
    """Rummy 500: meld or lay off whenever possible, dig deep, throw the costliest card."""

    game = "rummy500"
    level = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # this bot needs no randomness; a real one would seed its own

    def choose(self, view: rummy500.View) -> rummy500.Action:
        legal = view.legal_actions
        placing = [a for a in legal if isinstance(a, rummy500.Meld | rummy500.LayOff)]
        if placing:
            # The biggest meld first: more points on the table, fewer in hand.
            return max(placing, key=lambda a: len(a.meld.cards) if isinstance(a, rummy500.Meld)
                       else 1)
        digs = [a for a in legal if isinstance(a, rummy500.TakeDiscard)]
        if digs:
            # Digging matters: a player who only draws from the stock feeds the pile to
            # his opponents (try removing this and watch the bot lose to random).
            return max(digs, key=lambda a: a.count)
        if rummy500.Draw() in legal:
            return rummy500.Draw()
        discards = [a for a in legal if isinstance(a, rummy500.Discard)]
        if discards:
            return max(discards, key=lambda a: (card_points(a.card, view.config), a.card.index))
        return legal[0]

    def reset(self) -> None:
        """Nothing to forget between games."""


def greedy(seed: int) -> GreedyMelder:
    """A module-level factory, so simulations can create the bot in worker processes."""
    return GreedyMelder(seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    config = rummy500.Config(target=200)
    for opponent in ("random", "easy", "normal"):
        result = bots.simulate("rummy500", [greedy, opponent], games=args.games, seed=1,
                               config=config)
        print(result.table())


if __name__ == "__main__":
    main()
