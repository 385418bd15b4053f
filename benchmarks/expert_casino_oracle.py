"""Benchmark: how far the Casino expert's choices fall from an oracle's that sees the hidden hand.

In one-hand 2-player games of the expert against normal (deal seed 2000 +
game, or 1000 + game with ``--infer``), at every decision of the expert with
more than one whole play, each play the expert's heuristic ranks is valued by
the expert's own greedy play-out of the deal *in the real deal* (the
opponent's real hand): the oracle's value, exact for that play-out. A choice's
**regret** is the best play's oracle value less the chosen play's (in
:func:`~cardrules.bots.casino.card_worth` points). The search is run at each
``--think`` time (0: the heuristic's own first choice) with the time caps off,
on the same positions; ``--infer`` compares the search with and without
:attr:`~cardrules.bots.casino.ExpertBot.infer` instead, on the positions where
the opponent has trailed this deal. The regret left at a large budget is what
hidden cards cost a search of this play-out; what more budget removes is its
sampling noise::

    nice -n 5 python benchmarks/expert_casino_oracle.py --games 20 --think 0 0.15 0.3 0.6
    nice -n 5 python benchmarks/expert_casino_oracle.py --games 40 --infer
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from cardrules import casino
from cardrules.bots import make, search
from cardrules.bots.casino import CasinoPieces, ExpertBot, _options


def regrets(games: int, start: int, thinks: list[float], infer: bool) -> dict[Any, list[float]]:
    """Regret per decision, for each think time (or each ``infer`` setting)."""
    search.WALL_FACTOR = 1e9  # caps off: the same moves on any load
    search.DEADLINE_FACTOR = 1e9
    settings: list[Any] = [False, True] if infer else thinks
    found: dict[Any, list[float]] = {s: [] for s in settings}
    for game in range(start, start + games):
        state = casino.new_game(casino.Config(target=1), seed=(1000 if infer else 2000) + game)
        expert = ExpertBot(seed=game, think_time=0.15)
        expert.infer = infer
        players: list[Any] = [expert, make("casino", "normal", seed=game + 7)]
        while not state.is_over:
            seat = state.to_act
            view = casino.view(state, seat)
            action = players[seat].choose(view)
            if seat == 0 and view.pending is None:
                # After the expert's own choice: its memory has taken this view in once.
                _measure(expert, state, view, settings, infer, found)
                expert.infer = infer
            state = casino.apply(state, action)
    return found


def _measure(
    expert: ExpertBot,
    state: casino.State,
    view: casino.View,
    settings: list[Any],
    infer: bool,
    found: dict[Any, list[float]],
) -> None:
    plays = _options(view)
    if len(plays) < 2 or (infer and not expert.memory.passed):
        return
    real = {1: list(state.hands[1])}

    def ranked(with_inference: bool) -> list[Any]:
        expert.infer = with_inference
        scores = expert._scores(view, plays, expert._chances(view))
        return [play for _score, play in sorted(scores, key=lambda item: -item[0])]

    everything = ranked(False)
    oracle = CasinoPieces(view, expert.memory, everything)
    truth = {play: oracle.play_out((real, ()), play, random.Random(0))[0] for play in everything}
    best = max(truth.values())
    for setting in settings:
        think = 0.15 if infer else setting
        short = ranked(setting if infer else False)[: expert.candidates]
        pieces = CasinoPieces(view, expert.memory, short, infer=bool(infer and setting))
        rnd = random.Random(len(found[setting]) * 7919 + view.deal_number)
        pick = short[0] if think == 0 else search.decide(
            "casino", short, pieces, view, rnd, think
        ).best
        found[setting].append(best - truth[pick])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--think", type=float, nargs="*", default=[0.0, 0.15, 0.3, 0.6])
    parser.add_argument("--infer", action="store_true", help="compare inference off and on")
    args = parser.parse_args()
    found = regrets(args.games, args.start, args.think, args.infer)
    base = found[False] if args.infer else found[args.think[min(1, len(args.think) - 1)]]
    for setting, values in found.items():
        paired = [a - b for a, b in zip(values, base, strict=True)]
        n = len(values)
        print(
            f"{'infer' if args.infer else 'think'} {setting!s:<5}  positions {n}  "
            f"regret {statistics.mean(values):.3f} (se {statistics.stdev(values) / n**0.5:.3f})"
            f"  paired {statistics.mean(paired):+.3f} (se {statistics.stdev(paired) / n**0.5:.3f})"
        )


if __name__ == "__main__":
    main()
