"""One game now against an earlier ``src`` folder: random play and JSON round trips.

Run::

    python benchmarks/before_after.py --game casino --before ../old/src [--rounds 7] [--seconds 1]

The part of ``peers.py`` that issue 27's targets ask about, one game alone, so
it can be run often: random legal play (``legal_actions`` and ``apply`` at every
step, full games from the game's default config, game ``i`` dealt from seed ``i``) and
``from_json(to_json(state))`` on 50 mid-game states. The code of this checkout
(``src`` next to ``benchmarks``) and the ``--before`` code each run in a child
process of their own (the same script with ``--child``); they take turns in
``--rounds`` slices of about ``--seconds`` each and count **CPU time** of their
own process, so other programs on a busy machine disturb the figures far less
than wall time would. Each round gives a ratio now ÷ before; the median of the
rounds is the figure to quote.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def child(game: str) -> None:
    """Answer ``{"do": "play"|"json", "seconds": s}`` lines with counts and CPU seconds."""
    import importlib

    import cardrules

    rules = importlib.import_module(f"cardrules.{game}")

    chooser = random.Random(0)
    games = iter(range(10**9))
    state = rules.new_game(None, seed=next(games))
    rnd = random.Random(1)
    states: list[Any] = []
    walk = rules.new_game(None, seed=10**6)
    while len(states) < 50:
        if walk.is_over:
            walk = rules.new_game(None, seed=10**6 + len(states))
        if rnd.random() < 0.1:
            states.append(walk)
        walk = rules.apply(walk, rnd.choice(rules.legal_actions(walk)))
    print(json.dumps({"file": cardrules.__file__, "rules": rules.rules.__file__}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request["do"] == "quit":
            return
        count = 0
        start = time.process_time()
        while time.process_time() - start < request["seconds"]:
            if request["do"] == "play":
                for _ in range(100):
                    if state.is_over:
                        state = rules.new_game(None, seed=next(games))
                    state = rules.apply(state, chooser.choice(
                        rules.legal_actions(state)))
                    count += 1
            else:
                for one in states:
                    if cardrules.from_json(cardrules.to_json(one)) != one:
                        raise SystemExit("a JSON round trip changed the state")
                    count += 1
        print(json.dumps({"count": count, "seconds": time.process_time() - start}), flush=True)


class Child:
    """One cardrules in a child process running :func:`child`.

    Either the ``src`` folder ``source`` on this Python, or (``python`` given)
    the cardrules installed in that Python, with no ``PYTHONPATH``.
    """

    def __init__(self, source: Path | None, game: str, python: str | None = None) -> None:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        if python is None:
            assert source is not None
            env["PYTHONPATH"] = str(source.resolve())
        command = [python or sys.executable, __file__, "--child", "--game", game]
        self.process = subprocess.Popen(command, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdout is not None
        first = json.loads(self.process.stdout.readline())
        self.file, rules_file = first["file"], first["rules"]
        if source is not None and python is None and not self.file.startswith(
            str(source.resolve())
        ):
            raise SystemExit(f"{source}: the child imported {self.file}")
        print(f"{python or sys.executable}: {rules_file}", flush=True)

    def rate(self, what: str, seconds: float) -> float:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"do": what, "seconds": seconds}) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        return float(reply["count"]) / float(reply["seconds"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write('{"do": "quit"}\n')
        self.process.stdin.flush()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", metavar="SRC", help="the src/ folder of the earlier cardrules")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", default="vegas_rummy",
                        choices=("rummy500", "vegas_rummy", "casino"))
    parser.add_argument("--now-python", metavar="PY",
                        help="measure the cardrules installed in PY instead of this checkout")
    parser.add_argument("--before-python", metavar="PY",
                        help="measure the cardrules installed in PY instead of --before")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.game)
        return
    if not args.before and not args.before_python:
        parser.error("--before SRC or --before-python PY is required")
    now = Child(Path(__file__).resolve().parent.parent / "src", args.game, args.now_python)
    before = Child(Path(args.before) if args.before else None, args.game, args.before_python)
    ratios: dict[str, list[float]] = {"play": [], "json": []}
    print("round  play now/s  before/s  ratio   json now/s  before/s  ratio  (per CPU second)")
    for number in range(1, max(1, args.rounds) + 1):
        row = []
        for what in ("play", "json"):
            ours = now.rate(what, args.seconds)
            theirs = before.rate(what, args.seconds)
            ratios[what].append(ours / theirs)
            row.append(f"{ours:10.0f}  {theirs:8.0f}  {ours / theirs:5.2f}")
        print(f"{number:5}  " + "   ".join(row), flush=True)
    now.close()
    before.close()
    print(f"{args.game}: median now ÷ before: "
          f"random play {statistics.median(ratios['play']):.2f}x, "
          f"JSON round trips {statistics.median(ratios['json']):.2f}x "
          f"({len(ratios['play'])} interleaved rounds)")


if __name__ == "__main__":
    main()
