"""Benchmark: the searching expert against OpenSpiel's ISMCTS at the same time per decision.

Both sides get ``--seconds`` a decision (``--expert-think`` gives our expert
another): our expert as its ``think_time`` (its
work budget is calibrated to that time; its caps are
``cardrules.bots.search.DEADLINE_FACTOR`` times it in processor time and
``WALL_FACTOR`` times it in wall time),
OpenSpiel's ``ISMCTSBot`` (UCT constant 1.4, max-visit final policy, the cheap
score-lead leaf evaluator of ``benchmarks/rl_ismcts_vs_bots.py``) runs
simulations until ``--seconds`` have passed (:class:`TimedISMCTS`), and until
its root has a visit. Both play our games through :mod:`cardrules.rl.openspiel`,
2 players, one round (one hand) deciding (the short games of ``rl_ismcts_vs_bots.py``),
seats alternating with the game index.

``--matched`` makes "the same time" exact instead of nominal: our expert's work
budget is calibrated on a loaded machine, so on a quiet one it answers well
within its ``think_time``. With ``--matched`` each ISMCTS decision gets the mean
wall time our expert has actually taken so far in this game over its decisions
with more than one legal action (``--seconds`` until it has made one), and both
sides' measured means are recorded (``expert_mean_s``, ``ismcts_mean_s``).

Results are appended to ``--out`` one JSON line per game; the same command
resumes a stopped run; ``--report`` prints our expert's rate with a 95 % Wilson
interval (a tie counts half)::

    nice python benchmarks/expert_vs_ismcts.py --games 100 --matched --expert-think 0.15 \\
        --workers 1 --out benchmarks/results/expert_vs_ismcts.jsonl
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import os
import sys
import time
from collections import defaultdict
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts
from result_lines import result_lines

from cardrules.bots import make, wilson_interval
from cardrules.rl import openspiel as rl_openspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
_peer = importlib.import_module("rl_ismcts_vs_bots")
GAMES: dict[str, dict[str, Any]] = _peer.GAMES
ScoreEvaluator = _peer.ScoreEvaluator


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, searching for a time instead of a number of simulations."""

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.simulations: list[int] = []

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while self._root_node.total_visits == 0 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations.append(done)
        return self.get_final_policy(state, self._root_node)


def play_one(job: tuple[str, int, float, float, bool, str]) -> dict[str, Any]:
    """One game: our expert against timed ISMCTS; our expert's result."""
    game_name, index, seconds, think_time, matched, label = job
    game = rl_openspiel.load(game_name, **GAMES[game_name])
    space = game.space
    searcher = TimedISMCTS(
        game, ScoreEvaluator(), 1.4, 1, random_state=np.random.RandomState(index), seconds=seconds
    )
    ours = make(game_name, "expert", seed=10_000 + index, think_time=think_time)
    expert_seat = index % 2
    state = game.new_initial_state()
    state.apply_action(index)  # the deal: seed number ``index``
    our_times: list[float] = []
    searched: list[float] = []
    their_times: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        choices = len(state.legal_actions())
        if seat == expert_seat:
            view = state.view(seat)
            start = time.perf_counter()
            chosen = ours.choose(view)
            spent = time.perf_counter() - start
            our_times.append(spent)
            if choices > 1:
                searched.append(spent)
            action = space.index(state.inner, chosen)
        else:
            if matched and searched:
                searcher.seconds = sum(searched) / len(searched)
            start = time.perf_counter()
            action = searcher.step(state)
            if choices > 1:
                their_times.append(time.perf_counter() - start)
        state.apply_action(int(action))
    mine = state.returns()[expert_seat]
    sims = searcher.simulations
    return {
        "game": game_name,
        "index": index,
        "seconds": seconds,
        "think_time": think_time,
        "result": "win" if mine > 0 else "loss" if mine < 0 else "tie",
        "expert_mean_s": sum(our_times) / max(1, len(our_times)),
        "ismcts_mean_simulations": sum(sims) / max(1, len(sims)),
        "matched": matched,
        "expert_searched_mean_s": sum(searched) / max(1, len(searched)),
        "ismcts_mean_s": sum(their_times) / max(1, len(their_times)),
        "label": label,
    }


def report(lines: list[dict[str, Any]]) -> str:
    """Our expert's results per game and time setting (``matched`` rows: ISMCTS timed to us).

    The ``expert s``/``ISMCTS s`` columns are the measured mean wall times of the
    decisions with more than one legal action (older lines without them: the
    expert's mean over all its decisions, and no ISMCTS figure).
    """
    tally: dict[tuple[str, str, bool, float, float], list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        think = line.get("think_time", line["seconds"])
        key = (line["game"], line.get("label", ""), line.get("matched", False), line["seconds"],
               think)
        tally[key].append(line)
    rows = [
        "game         label     ISMCTS s  think  games  W/T/L        expert   95 % interval"
        "    expert s  ISMCTS s  ISMCTS sims"
    ]
    for (game, label, matched, seconds, think), games in sorted(tally.items()):
        wins = sum(g["result"] == "win" for g in games)
        ties = sum(g["result"] == "tie" for g in games)
        n = len(games)
        score = wins + ties / 2
        low, high = wilson_interval(score, n)
        mean_s = sum(g.get("expert_searched_mean_s", g["expert_mean_s"]) for g in games) / n
        theirs = [g["ismcts_mean_s"] for g in games if "ismcts_mean_s" in g]
        their_s = f"{sum(theirs) / len(theirs):6.3f}" if theirs else "     -"
        sims = sum(g["ismcts_mean_simulations"] for g in games) / n
        budget = " match" if matched else f"{seconds:6.2f}"
        rows.append(
            f"{game:<12} {label or '-':<9} {budget:>8}  {think:5.2f}  {n:5d}  "
            f"{wins}/{ties}/{n - wins - ties:<8} "
            f"{score / n:6.1%}   [{low:.1%}, {high:.1%}]   {mean_s:6.3f}    {their_s}   {sims:8.0f}"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per game")
    parser.add_argument("--seconds", type=float, default=0.15, help="ISMCTS's time a decision")
    parser.add_argument(
        "--expert-think", type=float, default=None, help="our think_time (default --seconds)"
    )
    parser.add_argument(
        "--matched", action="store_true", help="ISMCTS gets our expert's measured mean time"
    )
    parser.add_argument("--only", nargs="*", default=list(GAMES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--label", default="", help="names the expert's version: runs of another label restart"
    )
    parser.add_argument("--out", default="expert_vs_ismcts.jsonl")
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    if not args.report:
        done = {
            (line["game"], line["index"], line["seconds"], line.get("think_time", line["seconds"]),
             line.get("matched", False), line.get("label", ""))
            for line in result_lines(args.out)
        }
        think = args.seconds if args.expert_think is None else args.expert_think
        jobs = [
            (game, index, args.seconds, think, args.matched, args.label)
            for index in range(args.games)
            for game in args.only
            if (game, index, args.seconds, think, args.matched, args.label) not in done
        ]
        with open(args.out, "a") as out, multiprocessing.Pool(args.workers) as pool:
            for line in pool.imap_unordered(play_one, jobs):
                out.write(json.dumps(line) + "\n")
                out.flush()
    print(report(result_lines(args.out)))


if __name__ == "__main__":
    main()
