"""Benchmark: Casino expert variants against normal, one-hand 2-player games paired by deal.

Game ``index`` is played as ``expert_vs_normal.py --only casino`` plays it
(:func:`cardrules.bots.simulate.play_game`, seed 31, seats alternating with the
index, one hand to 1 point), so every variant meets the same deals and the
difference of two variants' hand-score leads on the same index is mostly the
play. A variant is the shipped :class:`~cardrules.bots.casino.ExpertBot` with
some of its class settings changed (``VARIANTS``). Results are appended to
``--out`` one JSON line per game (``scores``: the expert's hand points, then
normal's); the same command resumes a run. ``--report`` prints each variant's
win share (95 % Wilson interval), its mean lead and that lead less the
``--reference`` variant's on the same deals, with standard errors::

    nice -n 5 python benchmarks/expert_casino_variants.py --variants hand --games 200
    python benchmarks/expert_casino_variants.py --report --reference cas0,worth

Rows ``cas0`` and ``cas1`` of the results file were played on commit 3e66f28
(the search as shipped by issue 31, the same moves as ``worth``, and the same
gated at one standard error); ``hand`` (play-outs valued in the hand's points,
most cards and most spades as chances from both piles) on commit aa2de14,
where it was a setting since removed; ``worth`` at think time 0.45 s, ``c16``
and ``infer3`` as listed here (runs stopped early say so by their ``n``).
The exact last deal (``ExpertBot.exact_endgame``) is off in every variant that
does not turn it on, so each plays as when it was measured; ``soft`` is the
expert shipped now.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

import attrs
from result_lines import result_lines

from cardrules import casino
from cardrules.bots import search, wilson_interval
from cardrules.bots.casino import ExpertBot
from cardrules.bots.simulate import play_game

RESULTS = "benchmarks/results/expert_casino_variants.jsonl"
SEED = 31

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "worth": ("the search as shipped by issue 31", {}),
    "safe": ("play-outs trail what leaves the next opponent least", {"safe_trails": True}),
    "deal2": ("play-outs go on through the next deal", {"next_deal": True}),
    "build": ("play-outs build as normal does", {"playout_builds": True}),
    "trails": ("play-outs trail as normal does", {"playout_trails": True}),
    "normalish": (
        "play-outs build and trail as normal does",
        {"playout_builds": True, "playout_trails": True},
    ),
    "normalish2": (
        "play-outs build and trail as normal does, through the next deal",
        {"playout_builds": True, "playout_trails": True, "next_deal": True},
    ),
    "exact": (
        "the last deal's play-outs score most cards and most spades exactly",
        {"exact_cards": True},
    ),
    "reply": (
        "the opponent's first reply in a play-out is his best card, each tried",
        {"reply_search": True},
    ),
    "endgame": (
        "the last deal searched exactly (alpha-beta on the real rules, the opponent's hand "
        "counted)",
        {"exact_endgame": True, "endgame_soft": 0.0},
    ),
    "noend": (
        "the last deal by sampled play-outs, as before the exact search",
        {"exact_endgame": False},
    ),
    "endgame2": (
        "the last deal searched exactly, twice the work before falling back",
        {"exact_endgame": True, "endgame_budget": 2.0, "endgame_soft": 0.0},
    ),
    "soft": (
        "the last deal searched exactly against an opponent who plays any play a time in "
        "four",
        {"exact_endgame": True, "endgame_soft": 0.25},
    ),
    "odds": (
        "the shipped expert (soft), its sampled search weighing play-outs by the chance of "
        "winning the game in a hand that can end it (2 points a deal to come)",
        {"exact_endgame": True, "endgame_soft": 0.25, "game_odds": 2.0},
    ),
    "counted": (
        "the exact last deal, and the cards the events show the opponent play count as "
        "seen in every deal",
        {"exact_endgame": True, "count_events": True, "endgame_soft": 0.0},
    ),
    "c4": ("4 candidates", {"candidates": 4}),
    "c16": ("16 candidates", {"candidates": 16}),
    "infer3": (
        "deals and hold chances agree with the opponent's trails; a build's owner holds "
        "its capturing card",
        {"infer": True},
    ),
}
"""Variant name -> (description, ExpertBot class settings)."""


@attrs.frozen
class Variant:
    """Makes the expert of variant ``name`` (a picklable bot spec)."""

    name: str
    think_time: float

    def __call__(self, seed: int | None) -> ExpertBot:
        """A new expert of this variant with ``seed``."""
        # The variants measured before the exact last deal keep their moves: it is off
        # unless a variant turns it on.
        settings = {"exact_endgame": False, **VARIANTS[self.name][1]}
        kind = type(f"Expert_{self.name}", (ExpertBot,), dict(settings))
        bot: ExpertBot = kind(seed, think_time=self.think_time)
        return bot


def play_one(name: str, index: int, think_time: float) -> dict[str, Any]:
    """Hand ``index`` of variant ``name`` against normal."""
    outcome = play_game(
        "casino", [Variant(name, think_time), "normal"], index=index, seed=SEED,
        config=casino.Config(target=1),
    )
    won = 0 in outcome.winners
    result = "tie" if won and 1 in outcome.winners else "win" if won else "loss"
    return {
        "variant": name,
        "description": VARIANTS[name][0],
        "game": "casino",
        "opponent": "normal",
        "think_time": think_time,
        "confidence": 0.0,
        "index": index,
        "result": result,
        "scores": list(outcome.scores),
    }


def report(path: str, reference: str) -> str:
    """Each variant's share, lead and lead against ``reference`` on the same deals.

    ``reference`` may name several variants of the same moves, comma-separated
    (``cas0,worth``: the shipped search's deals of either run, the first run's
    where both played one).
    """
    games: dict[tuple[str, float], dict[int, dict[str, Any]]] = defaultdict(dict)
    described: dict[str, str] = {}
    for line in result_lines(path):
        games[line["variant"], line["think_time"]][line["index"]] = line
        described[line["variant"]] = line["description"]

    def lead(line: dict[str, Any]) -> float:
        return float(line["scores"][0] - line["scores"][1])

    base: dict[int, dict[str, Any]] = {}
    for name in reversed(reference.split(",")):
        base.update(games.get((name, search.DEFAULT_THINK_TIME), {}))
    rows = [f"{'variant':<10} {'think':>5} {'n':>4}  {'expert':>6}  95 % interval     "
            f"lead (se)    vs {reference} (se)  description"]
    for (name, think), played in games.items():
        n = len(played)
        score = sum({"win": 1.0, "tie": 0.5}.get(g["result"], 0.0) for g in played.values())
        low, high = wilson_interval(score, n)
        leads = [lead(g) for g in played.values()]
        paired = [lead(played[i]) - lead(base[i]) for i in played if i in base]
        versus = (
            f"{statistics.mean(paired):+6.2f} ({statistics.stdev(paired) / len(paired)**0.5:4.2f})"
            if len(paired) > 1 else "      -      "
        )
        spread = statistics.stdev(leads) / n**0.5 if n > 1 else 0.0
        rows.append(
            f"{name:<10} {think:5.2f} {n:4d}  {score / n:6.1%}  [{low:.1%}, {high:.1%}]  "
            f"{statistics.mean(leads):5.2f} ({spread:4.2f})  {versus}  {described[name]}"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first game index")
    parser.add_argument("--think-time", type=float, default=search.DEFAULT_THINK_TIME)
    parser.add_argument("--out", default=RESULTS)
    parser.add_argument("--reference", default="cas0")
    parser.add_argument("--report", action="store_true", help="only print the table")
    args = parser.parse_args()
    if not args.report:
        done = {
            (line["variant"], line["index"], line["think_time"]) for line in result_lines(args.out)
        }
        with open(args.out, "a") as out:
            for index in range(args.start, args.start + args.games):
                for name in args.variants:
                    if (name, index, args.think_time) not in done:
                        out.write(json.dumps(play_one(name, index, args.think_time)) + "\n")
                        out.flush()
    print(report(args.out, args.reference))


if __name__ == "__main__":
    main()
