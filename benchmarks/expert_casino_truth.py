"""Benchmark: Casino expert variants judged move by move against the real rest of the hand.

``expert_casino_variants.py`` compares variants by whole hands, where one
different move sends the two games apart and the noise of the deal swamps the
play (about 5 points a hand). This one compares their *choices* in the same
positions: in one-hand 2-player games of the shipped expert against normal
(deal seed 3000 + game, the expert in seat ``game % 2``), at every decision of
the expert with more than one whole play, each play the expert ranks among its
candidates (and each variant's choice) is applied to the real state and the
rest of the hand is played out by normal for both seats, on the real hidden
hands and the real stock: the play's **truth** is the expert's hand points less
normal's at the end of that hand. The deals to come are the same whatever is
played now, so the truths differ by the play and the play that follows it.
A choice's **regret** is the best candidate's truth less the chosen one's; each
variant decides on the same view with a copy of the expert's memory and random
stream (time caps off: work budgets only)::

    nice -n 5 python benchmarks/expert_casino_truth.py --games 20 --variants normal shipped build

``--agreement`` measures instead how often the play-out's light policy
(:func:`~cardrules.bots.casino._greedy`; with builds, and with normal's trails)
plays the card normal plays, at normal's decisions in games against the expert,
normal's own hold chances given::

    python benchmarks/expert_casino_truth.py --agreement --games 20

``normal`` is normal's own choice (a variant that does not search), ``heuristic``
the expert's first candidate; a search variant is :class:`ExpertBot` with the
class settings of ``expert_casino_variants.VARIANTS`` (``shipped``: none).
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
from typing import Any

from expert_casino_variants import VARIANTS
from result_lines import result_lines

from cardrules import casino
from cardrules.bots import search
from cardrules.bots.casino import ExpertBot, NormalBot, _options
from cardrules.casino.plays import next_step


def _apply_play(state: casino.State, play: Any) -> casino.State:
    """``state`` after the whole ``play`` of the seat to act, step by step."""
    seat = state.to_act
    state = casino.apply(state, next_step(state, play))
    while state.pending is not None and state.to_act == seat:
        state = casino.apply(state, next_step(state, play))
    return state


def truth(state: casino.State, play: Any, seat: int, normal: NormalBot) -> int:
    """The hand points of ``seat`` less the other's when ``play`` is followed by normal's play."""
    hand = state.round_number
    state = _apply_play(state, play)
    while not state.is_over and state.round_number == hand:
        state = casino.apply(state, normal.choose(casino.view(state, state.to_act)))
    points = state.history[hand - 1].points
    return points[seat] - points[1 - seat]


def variant_choice(name: str, expert: ExpertBot, view: casino.View) -> Any:
    """The whole play variant ``name`` chooses in ``view``, deciding as a copy of ``expert``."""
    if name == "normal":
        return NormalBot(seed=0).choose_play(view)[1]
    bot = copy.deepcopy(expert)
    if name == "heuristic":
        bot.think_time = 0.0
    elif name != "shipped":
        for key, value in VARIANTS[name][1].items():
            setattr(bot, key, value)
    return bot.choose_play(view)[1]


def measure(games: int, start: int, names: list[str], out: str) -> None:
    """Append one JSON line per position: every variant's choice's regret."""
    search.WALL_FACTOR = 1e9  # caps off: the same moves on any load
    search.DEADLINE_FACTOR = 1e9
    normal = NormalBot(seed=0)
    with open(out, "a") as sink:
        for game in range(start, start + games):
            state = casino.new_game(casino.Config(target=1), seed=3000 + game)
            mine = game % 2
            expert = ExpertBot(seed=game)
            players: dict[int, Any] = {mine: expert, 1 - mine: NormalBot(seed=game + 7)}
            decision = 0
            while not state.is_over:
                seat = state.to_act
                view = casino.view(state, seat)
                if seat == mine and view.pending is None:
                    plays = _options(view)
                    if len(plays) > 1:
                        picks = {name: variant_choice(name, expert, view) for name in names}
                        ranker = copy.deepcopy(expert)
                        ranker.memory.observe(view)
                        scores = ranker._scores(view, plays, ranker._chances(view))
                        ranked = [p for _s, p in sorted(scores, key=lambda item: -item[0])]
                        top = ranked[: expert.candidates]
                        truths = {
                            p: truth(state, p, mine, normal)
                            for p in dict.fromkeys([*top, *picks.values()])
                        }
                        best = max(truths[p] for p in top)
                        line = {
                            "game": game,
                            "decision": decision,
                            "regret": {n: best - truths[p] for n, p in picks.items()},
                        }
                        sink.write(json.dumps(line) + "\n")
                        sink.flush()
                    decision += 1
                state = casino.apply(state, players[seat].choose(view))


def agreement(games: int) -> str:
    """How often each play-out policy plays the card normal plays, at normal's decisions."""
    from cardrules.bots.casino import _greedy, _snap_of

    same = {"greedy": 0, "builds": 0, "builds and trails": 0}
    decisions = 0
    for game in range(games):
        state = casino.new_game(casino.Config(target=1), seed=700 + game)
        players = [ExpertBot(seed=game, think_time=0.02), NormalBot(seed=game + 100)]
        while not state.is_over:
            seat = state.to_act
            view = casino.view(state, seat)
            action, whole = players[seat].choose_play(view)
            if seat == 1 and view.pending is None and len(_options(view)) > 1:
                chances = players[1]._chances(view)
                settings: dict[str, dict[str, Any]] = {
                    "greedy": {},
                    "builds": {"builds": chances},
                    "builds and trails": {"builds": chances, "wary": chances},
                }
                for name, extra in settings.items():
                    card = _greedy(_snap_of(view), list(view.hand), 1, view.config, **extra)[0]
                    same[name] += card == whole.card
                decisions += 1
            state = casino.apply(state, action)
    return "\n".join(
        f"{name:<18} {count / decisions:6.1%} of {decisions} decisions"
        for name, count in same.items()
    )


def report(path: str, names: list[str]) -> str:
    """Mean regret of each variant and its difference from the first, paired by position."""
    lines = list(result_lines(path))
    rows = []
    base = names[0]
    for name in names:
        values = [line["regret"][name] for line in lines if name in line["regret"]]
        paired = [
            line["regret"][name] - line["regret"][base]
            for line in lines
            if name in line["regret"] and base in line["regret"]
        ]
        n = len(values)
        if n < 2:
            continue
        rows.append(
            f"{name:<10} positions {n:4d}  regret {statistics.mean(values):.3f} "
            f"(se {statistics.stdev(values) / n**0.5:.3f})  vs {base} "
            f"{statistics.mean(paired):+.3f} (se {statistics.stdev(paired) / len(paired)**0.5:.3f})"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument(
        "--variants", nargs="*", default=["shipped", "heuristic", "normal", "build"]
    )
    parser.add_argument("--out", default="benchmarks/results/expert_casino_truth.jsonl")
    parser.add_argument("--report", action="store_true", help="only print the table")
    parser.add_argument("--agreement", action="store_true", help="play-out policy against normal")
    args = parser.parse_args()
    if args.agreement:
        print(agreement(args.games))
        return
    if not args.report:
        measure(args.games, args.start, args.variants, args.out)
    print(report(args.out, args.variants))


if __name__ == "__main__":
    main()
