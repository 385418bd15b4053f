"""Benchmark: the searching expert against normal (or against its own heuristic), 2 players.

Each game is :func:`cardrules.bots.simulate.play_game` number ``index`` (seats
alternate with the index, the deal and the bots' seeds derive from it), the
expert thinking ``--think-time`` seconds a decision
(:class:`cardrules.bots.search.ExpertFactory`). ``--opponent heuristic`` pits
it against the expert with ``think_time=0`` (its heuristic without search: the
expert before issue 31). ``--whole`` plays whole games under the default
rules; without it one round (one hand) decides (Rummy 500 to 1 point, Las
Vegas Rummy to a bust at 1 point, Casino to 1 point). A shared win counts
half. Results are appended to ``--out`` one JSON line per game; the same
command resumes a stopped run, and ``--report`` prints the table with 95 %
Wilson intervals::

    nice python benchmarks/expert_vs_normal.py --whole --games 200 --workers 2 \\
        --out benchmarks/results/expert_vs_normal.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections import defaultdict
from typing import Any

from result_lines import result_lines

from cardrules import casino, rummy500
from cardrules import vegas_rummy as vr
from cardrules.bots import search, wilson_interval
from cardrules.bots.simulate import play_game

SEED = 31
ONE_ROUND: dict[str, Any] = {
    "rummy500": rummy500.Config(target=1),
    "vegas_rummy": vr.Config(num_players=2, max_score=1),
    "casino": casino.Config(target=1),
}


def play_one(job: tuple[str, int, float, str, bool, str]) -> dict[str, Any]:
    """One game: the expert against ``opponent``; the expert's result."""
    game, index, think_time, opponent, whole, label = job
    expert = search.ExpertFactory(game, think_time)
    other: Any = search.ExpertFactory(game, 0) if opponent == "heuristic" else opponent
    config = None if whole else ONE_ROUND[game]
    outcome = play_game(game, [expert, other], index=index, seed=SEED, config=config)
    won = 0 in outcome.winners
    result = "tie" if won and 1 in outcome.winners else "win" if won else "loss"
    return {
        "game": game,
        "index": index,
        "think_time": think_time,
        "opponent": opponent,
        "whole": whole,
        "result": result,
        "rounds": outcome.rounds,
        "scores": list(outcome.scores),
        "label": label,
    }


def report(lines: list[dict[str, Any]]) -> str:
    """Expert's results per game, opponent, think time and game length."""
    tally: dict[tuple[str, str, str, float, bool], list[str]] = defaultdict(list)
    for line in lines:
        key = (line["game"], line.get("label", ""), line["opponent"], line["think_time"],
               line["whole"])
        tally[key].append(line["result"])
    rows = [
        "game         label     opponent   think  games    n   W/T/L        expert   95 % interval"
    ]
    for (game, label, opponent, think, whole), results in sorted(tally.items()):
        wins, ties = results.count("win"), results.count("tie")
        score = wins + ties / 2
        n = len(results)
        low, high = wilson_interval(score, n)
        rows.append(
            f"{game:<12} {label or '-':<9} {opponent:<10} {think:5.2f}  "
            f"{'whole' if whole else 'round':<5} "
            f"{n:4d}   {wins}/{ties}/{n - wins - ties:<8} {score / n:6.1%}   "
            f"[{low:.1%}, {high:.1%}]"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game")
    parser.add_argument("--start", type=int, default=0, help="first game index (new deals)")
    parser.add_argument("--only", nargs="*", default=list(ONE_ROUND), help="games to play")
    parser.add_argument("--think-time", type=float, default=search.DEFAULT_THINK_TIME)
    parser.add_argument("--opponent", default="normal", help="normal, easy or heuristic")
    parser.add_argument("--whole", action="store_true", help="whole games, default rules")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default="expert_vs_normal.jsonl")
    parser.add_argument(
        "--label", default="", help="names the expert's version: runs of another label restart"
    )
    parser.add_argument("--report", action="store_true", help="only print the table from --out")
    args = parser.parse_args()
    if not args.report:
        done = {
            (line["game"], line["index"], line["think_time"], line["opponent"],
             line["whole"], line.get("label", ""))
            for line in result_lines(args.out)
        }
        jobs = [
            (game, index, args.think_time, args.opponent, args.whole, args.label)
            for index in range(args.start, args.start + args.games)
            for game in args.only
            if (game, index, args.think_time, args.opponent, args.whole, args.label) not in done
        ]
        with open(args.out, "a") as out, multiprocessing.Pool(args.workers) as pool:
            for line in pool.imap_unordered(play_one, jobs):
                out.write(json.dumps(line) + "\n")
                out.flush()
    print(report(result_lines(args.out)))


if __name__ == "__main__":
    main()
