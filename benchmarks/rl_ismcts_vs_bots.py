"""OpenSpiel's ISMCTS against our bots: easy, normal and expert, two players, every game.

Run:  nice python benchmarks/rl_ismcts_vs_bots.py [--games 200] [--simulations 20]
          [--workers 2] [--out results.jsonl] [--only casino:expert ...] [--rst]

OpenSpiel's own ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) plays
our games through :mod:`cardrules.rl.openspiel`: ``--simulations`` searches a
decision (each from a world resampled from its information state), UCT
constant 1.4, max-visit final policy. Rollouts to the end of a game cost
hundreds of moves in Python, so the leaf evaluator is a cheap one written here
(:class:`ScoreEvaluator`: the score lead in the sampled world, squashed to
[-1, 1]), uniform priors. Games are short ones, so that a few thousand fit on
a shared machine: one *round* decides them (Rummy 500 to 1 point, Las Vegas
Rummy to a bust at 1 point with ``meld_strictness``, Casino to 1 point), 2
players, seats alternating. Each pairing prints ISMCTS's wins, ties and losses
and its win rate with a 95 % Wilson interval (ties count as half a win).

Results are appended to ``--out`` one JSON line per game as they finish, so a
run stopped early still reports what it played (``--report`` reads them back),
and the same command resumes it: games already in ``--out`` are skipped. The
games played so far are kept in ``benchmarks/results/rl_ismcts_vs_bots.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time
from collections import defaultdict
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from result_lines import result_lines

import cardrules
from cardrules import bots
from cardrules.rl import openspiel as rl_openspiel

GAMES = {
    "rummy500": {"target": 1},
    "vegas_rummy": {"max_score": 1, "max_actions": 3000},
    "casino": {"target": 1},
}
LEVELS = ("easy", "normal", "expert")


def _lead(state: Any, seat: int) -> float:
    """How far ahead ``seat`` is in a (sampled) full state, roughly in points."""
    other = 1 - seat
    if isinstance(state, cardrules.rummy500.State):
        def worth(s: int) -> float:
            return state.scores[s] + state.round_points[s] - 7.0 * len(state.hands[s])
        return (worth(seat) - worth(other)) / 40.0
    if isinstance(state, cardrules.vegas_rummy.State):
        def cost(s: int) -> float:  # lower is better in Las Vegas Rummy
            return state.scores[s] + 6.0 * len(state.hands[s])
        return (cost(other) - cost(seat)) / 25.0

    def points(s: int) -> float:
        pile = state.piles[s]
        spades = sum(1 for card in pile if card.suit == cardrules.cards.Suit.SPADES)
        aces = sum(1 for card in pile if card.rank == cardrules.cards.Rank.ACE)
        big = sum(1 for card in pile if card.code in ("10D",)) * 2
        little = sum(1 for card in pile if card.code in ("2S",))
        return state.scores[s] + 3.0 * len(pile) / 27 + spades / 7 + aces + big + little
    return (points(seat) - points(other)) / 3.0


class ScoreEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaf value: ``tanh`` of the score lead in the sampled world; uniform priors."""

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        inner = state.inner
        value = math.tanh(_lead(inner, 0))
        return np.array([value, -value])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play_one(job: tuple[str, str, int, int]) -> dict[str, Any]:
    """One game: ISMCTS at seat ``index % 2`` against our bot at ``level``."""
    game_name, level, index, simulations = job
    game = rl_openspiel.load(game_name, **GAMES[game_name])
    space = game.space
    searcher = ismcts.ISMCTSBot(
        game,
        ScoreEvaluator(),
        1.4,
        simulations,
        random_state=np.random.RandomState(index),
    )
    ours = bots.make(game_name, level, seed=10_000 + index)
    search_seat = index % 2
    state = game.new_initial_state()
    state.apply_action(index)  # the deal: seed number ``index``
    start = time.perf_counter()
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == search_seat:
            action = searcher.step(state)
            decisions += 1
        else:
            chosen = ours.choose(state.view(seat))
            action = space.index(state.inner, chosen)
        state.apply_action(int(action))
    returns = state.returns()
    mine = returns[search_seat]
    result = "win" if mine > 0 else "loss" if mine < 0 else "tie"
    return {
        "game": game_name,
        "level": level,
        "index": index,
        "simulations": simulations,
        "result": result,
        "moves": len(state.history()) - 1,
        "search_decisions": decisions,
        "seconds": time.perf_counter() - start,
    }


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate ``score`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(lines: list[dict[str, Any]], rst: bool) -> str:
    """A table of ISMCTS's results per game and level."""
    tally: dict[tuple[str, str, int], list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        tally[(line["game"], line["level"], line["simulations"])].append(line)
    rows = []
    for (game, level, sims), games in sorted(tally.items()):
        wins = sum(g["result"] == "win" for g in games)
        ties = sum(g["result"] == "tie" for g in games)
        losses = len(games) - wins - ties
        score = wins + ties / 2
        low, high = wilson(score, len(games))
        seconds = sum(g["seconds"] for g in games) / len(games)
        rows.append(
            (game, level, str(sims), str(len(games)), f"{wins}/{ties}/{losses}",
             f"{score / len(games):.3f}", f"[{low:.3f}, {high:.3f}]", f"{seconds:.1f}")
        )
    head = ("game", "our bot", "sims", "games", "W/T/L", "ISMCTS rate", "95 % interval",
            "s/game")
    if not rst:
        return "\n".join("  ".join(f"{c:>13}" for c in row) for row in [head, *rows])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    rule = "  ".join("=" * w for w in widths)
    body = ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in rows]
    return "\n".join([rule, "  ".join(c.ljust(w) for c, w in zip(head, widths)), rule, *body, rule])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default="rl_ismcts_vs_bots.jsonl")
    parser.add_argument("--only", nargs="*", default=None, help="pairings game:level")
    parser.add_argument("--report", action="store_true", help="only print the table from --out")
    parser.add_argument("--rst", action="store_true")
    args = parser.parse_args()
    if not args.report:
        pairings = [(g, lv) for g in GAMES for lv in LEVELS]
        if args.only:
            pairings = [tuple(p.split(":")) for p in args.only]  # type: ignore[misc]
        # Games already in --out are not played again, so a stopped run is resumed
        # by running the same command; the pairings are interleaved so a run stopped
        # early has some games of each.
        done = {
            (line["game"], line["level"], line["index"], line["simulations"])
            for line in result_lines(args.out)
        }
        jobs = [
            (g, lv, index, args.simulations)
            for index in range(args.games)
            for g, lv in pairings
            if (g, lv, index, args.simulations) not in done
        ]
        with open(args.out, "a") as out, multiprocessing.Pool(args.workers) as pool:
            for line in pool.imap_unordered(play_one, jobs):
                out.write(json.dumps(line) + "\n")
                out.flush()
    print(report(result_lines(args.out), args.rst))


if __name__ == "__main__":
    main()
