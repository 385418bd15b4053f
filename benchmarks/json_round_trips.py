"""JSON round trips per second, now against earlier sources or another build, in one run.

Run::

    python benchmarks/json_round_trips.py [--before SRC] [--python PY] [--seconds 1] [--rounds 6]

Each cardrules to compare runs in its own child process (two builds cannot
share one): this Python with the cardrules it imports ("now": the installed
one, or the one on this run's ``PYTHONPATH``), this Python
with ``PYTHONPATH=SRC`` for each ``--before SRC`` (for example a ``src``
folder from ``git archive``), and each ``--python PY`` with the cardrules
installed there (for example a venv holding the compiled wheel). The children
take turns in ``--rounds`` slices of ``--seconds`` per game, so a noisy,
shared machine slows them alike. In every slice a child times
``from_json(to_json(state))`` (which re-validates the state) over the same
mid-game states as ``peers.py`` (every 7th state of seeded random games), then
the plain-Python yardstick loop of ``peers.py`` for as long; each figure is
reported per 1,000 yardstick loops, as the median over the slices, with the
ratio of every child against the first, and the median of the ratios of
slices run one right after the other (the steadier figure on a busy machine).
Time is the child's CPU time (``time.process_time``), so waiting for a core
shared with other work does not count against either side.

With ``--phases`` each child also splits a round trip into its phases, each timed
over all the states in turn: writing (``to_json``) and loading (``from_json``),
and two parts of loading on their own: parsing (``json.loads``, without the
loader's checks of duplicate keys and constants) and validating the loaded
states (the events and the game's ``validate_state``); loading less those two
is reading the state's values. It prints the microseconds per state of each
(the median over the slices): what dominates, and what changed between sources.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("rummy500", "vegas_rummy", "casino")


def child_main() -> None:
    # The child imports the cardrules it measures (PYTHONPATH or its own venv), and
    # peers.py beside this file for the same states and yardstick loop.
    from peers import mid_game_states, yardstick

    import cardrules

    states: dict[tuple[str, int], list[Any]] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request["do"] == "quit":
            break
        if request["do"] == "hello":
            print(json.dumps({"file": cardrules.__file__}), flush=True)
            continue
        game, seed, seconds = request["game"], request["seed"], request["seconds"]
        if (game, seed) not in states:
            states[game, seed] = mid_game_states(game, 50, seed)
        chosen = states[game, seed]
        if request["do"] == "phases":
            print(json.dumps(phases(game, chosen, seconds)), flush=True)
            continue
        count = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for state in chosen:
                if cardrules.from_json(cardrules.to_json(state)) != state:
                    raise AssertionError("a JSON round trip changed the state")
            count += len(chosen)
        trips = count / (time.process_time() - start)
        loops = yardstick(seconds, time.process_time)
        print(json.dumps({"trips": trips, "yardstick": loops}), flush=True)


PHASES = ("write", "load", "parse", "validate")


def phases(game: str, chosen: list[Any], seconds: float) -> dict[str, float]:
    """CPU microseconds per state of each phase of a round trip of ``chosen``: writing,
    loading (all of ``from_json``), and two parts of loading timed on their own: parsing
    (``json.loads``) and validating the loaded states (events and ``validate_state``)."""
    import cardrules
    from cardrules import engine, events

    rules = engine.definition(game)
    spent = dict.fromkeys(PHASES, 0.0)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        marks = [time.process_time()]
        texts = [cardrules.to_json(state) for state in chosen]
        marks.append(time.process_time())
        loaded = [cardrules.from_json(text) for text in texts]
        marks.append(time.process_time())
        for text in texts:
            json.loads(text)
        marks.append(time.process_time())
        for state in loaded:
            events.check_events(state.events, len(state.hands), "data.events")
            rules.validate_state(state)
        marks.append(time.process_time())
        for phase, began, ended in zip(PHASES, marks, marks[1:]):
            spent[phase] += ended - began
        count += len(chosen)
    return {phase: 1e6 * total / count for phase, total in spent.items()}


class Child:
    def __init__(self, label: str, python: str, source: str | None, *, own_path: bool = False
                 ) -> None:
        env = dict(os.environ)
        if not own_path:  # ("now" keeps this run's PYTHONPATH: a worktree's src, say)
            env.pop("PYTHONPATH", None)
        if source is not None:
            env["PYTHONPATH"] = str(Path(source).resolve())
        self.label = label
        self.process = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "--child"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        self.file = self.ask({"do": "hello"})["file"]

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the child {self.label} stopped")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"do": "quit"}) + "\n")
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--before", action="append", default=[], metavar="SRC")
    parser.add_argument("--python", action="append", default=[], metavar="PY")
    parser.add_argument("--seconds", type=float, default=1.0, help="per game and slice")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--verbose", action="store_true", help="print every slice")
    parser.add_argument("--phases", action="store_true",
                        help="also time each phase of a round trip (CPU us per state)")
    args = parser.parse_args()
    if args.child:
        child_main()
        return
    children = [Child("now", sys.executable, None, own_path=True)]
    children += [Child(f"before {src}", sys.executable, src) for src in args.before]
    children += [Child(f"python {py}", py, None) for py in args.python]
    for child in children:
        print(f"{child.label}: {child.file}")
    # figures[label][game]: trips per 1,000 yardstick loops, one per slice
    figures: dict[str, dict[str, list[float]]] = {c.label: {g: [] for g in args.games}
                                                  for c in children}
    split: dict[str, dict[str, list[dict[str, float]]]] = {c.label: {g: [] for g in args.games}
                                                          for c in children}
    for round_ in range(args.rounds):
        order = children if round_ % 2 == 0 else children[::-1]
        for game in args.games:
            for child in order:
                reply = child.ask({"do": "trip", "game": game, "seed": args.seed,
                                   "seconds": args.seconds})
                figures[child.label][game].append(1000 * reply["trips"] / reply["yardstick"])
                if args.verbose:
                    print(f"{game:12} {child.label:40} {reply['trips']:8.0f} trips/s, "
                          f"yardstick {reply['yardstick']:8.0f} loops/s")
                if args.phases:
                    split[child.label][game].append(child.ask(
                        {"do": "phases", "game": game, "seed": args.seed,
                         "seconds": args.seconds}))
    for child in children:
        child.close()
    first = children[0].label
    print(f"\nround trips per 1,000 yardstick loops (median of {args.rounds} slices), and the "
          f"median ratio of slices run side by side")
    for game in args.games:
        base = statistics.median(figures[first][game])
        cells = []
        for child in children:
            value = statistics.median(figures[child.label][game])
            paired = statistics.median(
                a / b for a, b in zip(figures[child.label][game], figures[first][game])
            )
            cells.append(f"{child.label}: {value:7.2f} ({value / base:4.2f}x, "
                         f"paired {paired:4.2f}x of {first})")
        print(f"{game:12} " + " | ".join(cells))

    if args.phases:
        print("\nCPU microseconds per state of each phase (median of the slices; load = "
              "parse + read + validate)")
        for game in args.games:
            for child in children:
                median = {phase: statistics.median(s[phase] for s in split[child.label][game])
                          for phase in PHASES}
                median["read"] = median["load"] - median["parse"] - median["validate"]
                cells = ", ".join(f"{phase} {median[phase]:6.1f}"
                                  for phase in ("write", "load", "parse", "read", "validate"))
                print(f"{game:12} {child.label:40} {cells}")


if __name__ == "__main__":
    main()
