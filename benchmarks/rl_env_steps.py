"""Environment steps per second: PettingZoo, Gymnasium and OpenSpiel beside RLCard.

Run:  python benchmarks/rl_env_steps.py [--slice 0.5] [--rounds 5] [--rst] [--only GAME]

Paired slices: each round times RLCard's gin rummy ``env.step`` (random legal
actions; the ``bench`` extra) for one slice, then every contender for one
slice each, and takes each contender's ratio to *that round's* RLCard figure;
the table gives the median over the rounds (rounds interleave, so a machine
that slows down slows both sides of a ratio). Slices are measured in this
process's CPU time (``time.process_time``), so other work on a shared machine
does not count against either side. Contenders, for each game
(:func:`cardrules.rl.actions.default_config`):

* the engine itself (``legal_actions`` + ``apply``: the yardstick),
* the PettingZoo AEC env: ``last()`` (observation planes and the int8 mask)
  then ``step`` with a random legal number,
* the Gymnasium env against random bots: one ``env.step`` (the learner's move
  and the bots' replies) with a random legal number,
* OpenSpiel: ``legal_actions`` + ``apply_action``,
* OpenSpiel's ``rl_environment.Environment.step`` (what OpenSpiel's RL
  algorithms call: every player's information-state tensor and legal
  actions after each move),
* the vector env (:class:`cardrules.rl.gymnasium.CardrulesVectorEnv`) with
  N = 1, 8 and 64 games against random bots: learner steps per second over
  all its games (``--vector``).

``--split`` prints instead what one Gymnasium step against random bots is
made of, in microseconds of CPU: each part timed on its own over the positions
of seeded random games (the engine's ``legal_actions`` and ``apply`` and the
bot's draw for every move, the public events recorded, and for the learner's
positions the numbering of its legal actions, the mask and the observation),
weighted by how often a step does it, beside a whole step; what is left is the
envs' bookkeeping and the harness (reading the mask, drawing the number).

On the compiled build (the rules and ``cardrules.rl``'s hot modules compiled
with mypyc; see docs/performance.rst and docs/rl.rst), build and install the
platform wheel in a virtual environment of its own, then run this script with
that environment's Python where ``src/`` cannot be imported (no ``PYTHONPATH``;
the repository's root is fine, as ``src/`` is not on the path by itself)::

    CARDRULES_MYPYC=1 python -m build --wheel --outdir dist-mypyc .
    python -m venv /tmp/compiled && /tmp/compiled/bin/pip install "$(ls dist-mypyc/*.whl)[rl,bench]"
    /tmp/compiled/bin/python scripts/check_compiled.py pyproject.toml  # are they compiled?
    /tmp/compiled/bin/python benchmarks/rl_env_steps.py --rounds 3

Games restart when they end. The legal numbers are read from the int8 mask as
``np.flatnonzero(mask.view(np.bool_))``: numpy's ``nonzero`` is about 15
times slower on ``int8`` than on ``bool`` (100 µs against 7 µs for Las Vegas
Rummy's 22,645 numbers), and the view costs nothing. Every contender draws its
random legal move with Python's ``random.Random``, as the RLCard side does (a
scalar draw from a numpy ``Generator`` costs a few microseconds, which is the
harness's cost, not the adapter's).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import cardrules
from cardrules import engine
from cardrules.rl import openspiel, planes
from cardrules.rl.actions import action_space, default_config, numbers_mask
from cardrules.rl.gymnasium import CardrulesEnv, CardrulesVectorEnv
from cardrules.rl.pettingzoo import env as aec_env

GAMES = ("rummy500", "vegas_rummy", "casino")
Step = Callable[[], int]


def _timed(step: Step, seconds: float) -> float:
    steps = 0
    start = time.process_time()
    while True:
        for _ in range(20):
            steps += step()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps / elapsed


def engine_stepper(game: str) -> Step:
    rnd = random.Random(1)
    config = default_config(game)
    box = [cardrules.new_game(game, config, seed=0)]

    def step() -> int:
        state = box[0]
        if state.is_over:
            state = cardrules.new_game(game, config, seed=rnd.randrange(10**9))
        box[0] = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
        return 1

    return step


def pettingzoo_stepper(game: str) -> Step:
    rnd = random.Random(1)
    environment = aec_env(game)
    environment.reset(seed=0)

    def step() -> int:
        if not environment.agents:
            environment.reset(seed=rnd.randrange(10**9))
        observation, _r, terminated, truncated, _i = environment.last()
        if terminated or truncated:
            environment.step(None)
            return 1
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
        environment.step(int(legal[rnd.randrange(len(legal))]))
        return 1

    return step


def gymnasium_stepper(game: str) -> Step:
    rnd = random.Random(1)
    environment = CardrulesEnv(game, opponents="random")
    box = [environment.reset(seed=0)[0]]

    def step() -> int:
        legal = np.flatnonzero(box[0]["action_mask"].view(np.bool_))
        observation, _r, terminated, truncated, _i = environment.step(
            int(legal[rnd.randrange(len(legal))])
        )
        if terminated or truncated:
            observation = environment.reset(seed=rnd.randrange(10**9))[0]
        box[0] = observation
        return 1

    return step


def openspiel_stepper(game: str) -> Step:
    rnd = random.Random(1)
    spiel_game = openspiel.load(game, config_json=cardrules.to_json(default_config(game)))
    box = [spiel_game.new_initial_state()]

    def step() -> int:
        state = box[0]
        if state.is_terminal():
            state = spiel_game.new_initial_state()
            box[0] = state
        if state.is_chance_node():
            state.apply_action(rnd.randrange(len(state.chance_outcomes())))
        state.apply_action(rnd.choice(state.legal_actions()))
        return 1

    return step


def openspiel_rl_env_stepper(game: str) -> Step:
    from open_spiel.python import rl_environment

    rnd = random.Random(1)
    spiel_game = openspiel.load(game, config_json=cardrules.to_json(default_config(game)))
    environment = rl_environment.Environment(spiel_game, seed=0)
    box = [environment.reset()]

    def step() -> int:
        time_step = box[0]
        if time_step.last():
            time_step = environment.reset()
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        box[0] = environment.step([rnd.choice(legal)])
        return 1

    return step


def vector_stepper(game: str, count: int) -> Step:
    rnd = random.Random(1)
    envs = CardrulesVectorEnv(game, count, opponents="random")
    box = [envs.reset(seed=0)[0]]

    def step() -> int:
        masks = box[0]["action_mask"]
        actions = []
        for mask in masks:
            legal = np.flatnonzero(mask.view(np.bool_))
            actions.append(int(legal[rnd.randrange(len(legal))]))
        box[0] = envs.step(np.asarray(actions))[0]
        return count

    return step


def rlcard_stepper() -> Step | None:
    try:
        import rlcard
    except ImportError:
        return None
    rnd = random.Random(1)
    environment = rlcard.make("gin-rummy", config={"seed": 0})
    box = [environment.reset()[0]]

    def step() -> int:
        if environment.is_over():
            box[0] = environment.reset()[0]
        legal = list(box[0]["legal_actions"])
        box[0] = environment.step(rnd.choice(legal))[0]
        return 1

    return step


def _cpu_per_call(
    function: Callable[..., object], arguments: list[tuple[Any, ...]], repeats: int = 5
) -> float:
    """The least CPU time of ``repeats`` passes of ``function`` over ``arguments``, a call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for args in arguments:
            function(*args)
        best = min(best, time.process_time() - start)
    return best / len(arguments)


def split(game: str, moves: int = 4000) -> list[tuple[str, float]]:
    """What one Gymnasium step against random bots costs, part by part, in µs (see the module)."""
    config = default_config(game)
    rules = engine.definition(game)
    space = action_space(game, config)
    rnd = random.Random(7)
    played: list[tuple[Any, Any, Any]] = []  # (state, its legal actions, the move played)
    while len(played) < moves:
        state = cardrules.new_game(game, config, seed=rnd.randrange(10**9))
        while not state.is_over and len(played) < moves:
            listing = rules.legal_actions(state)
            move = rnd.choice(listing)
            played.append((state, listing, move))
            state = rules.apply(state, move)
    pairs = [(state, move) for state, _listing, move in played]
    moved = [(state, rules.apply(state, move)) for state, move in pairs]
    learner = [(state, listing) for state, listing, _move in played if state.to_act == 0]
    per_step = len(played) / len(learner)  # engine moves a learner step: its own and the bots'
    history = planes.PublicHistory(game, config)

    def record(before: Any, after: Any) -> None:
        history.record(planes.new_events(before, after, before.to_act))

    encode = planes.SeatEncoder()
    numbered = [(space.size, space.number(state, listing)) for state, listing in learner]
    parts = [
        (
            "engine legal_actions",
            per_step * _cpu_per_call(rules.legal_actions, [(state,) for state, _move in pairs]),
        ),
        ("engine apply", per_step * _cpu_per_call(rules.apply, pairs)),
        (
            "random bot's draw",
            (per_step - 1) * _cpu_per_call(rnd.choice, [(listing,) for _s, listing, _m in played]),
        ),
        ("public events + history", per_step * _cpu_per_call(record, moved)),
        ("numbering", _cpu_per_call(space.number, learner)),
        ("mask", _cpu_per_call(numbers_mask, numbered)),
        ("observation (planes)", _cpu_per_call(encode, [(s, 0, history) for s, _l in learner])),
    ]
    step = gymnasium_stepper(game)
    whole = _cpu_per_call(step, [()] * len(learner))  # measured as the parts are: least of 5
    parts.append(("bookkeeping and harness", whole - sum(cost for _name, cost in parts)))
    parts.append(("whole Gymnasium step", whole))
    return [(name, cost * 1e6) for name, cost in parts]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per slice")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=GAMES)
    parser.add_argument("--vector", action="store_true", help="also the vector env, N=1, 8, 64")
    parser.add_argument("--rst", action="store_true")
    parser.add_argument("--split", action="store_true", help="what a Gymnasium step is made of")
    args = parser.parse_args()
    if args.split:
        for game in GAMES if args.only is None else (args.only,):
            print(game)
            for name, micros in split(game):
                print(f"  {name:26s} {micros:7.1f} µs")
        return
    peer = rlcard_stepper()
    if peer is None:
        raise SystemExit("RLCard is the yardstick: pip install rlcard")
    contenders: dict[str, Step] = {}
    for game in GAMES if args.only is None else (args.only,):
        contenders[f"{game}: engine apply"] = engine_stepper(game)
        contenders[f"{game}: PettingZoo last()+step"] = pettingzoo_stepper(game)
        contenders[f"{game}: Gymnasium step vs random"] = gymnasium_stepper(game)
        contenders[f"{game}: OpenSpiel apply_action"] = openspiel_stepper(game)
        contenders[f"{game}: OpenSpiel rl_environment.step"] = openspiel_rl_env_stepper(game)
        if args.vector:
            for count in (1, 8, 64):
                contenders[f"{game}: vector env N={count}"] = vector_stepper(game, count)
    peer_rates: list[float] = []
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    ratios: dict[str, list[float]] = {name: [] for name in contenders}
    for _round in range(args.rounds):
        for name, step in contenders.items():
            yardstick = _timed(peer, args.slice)
            peer_rates.append(yardstick)
            rate = _timed(step, args.slice)
            rates[name].append(rate)
            ratios[name].append(rate / yardstick)
    lines = [("RLCard gin rummy env.step", f"{statistics.median(peer_rates):,.0f}", "1.00×")]
    for name in contenders:
        median_rate = statistics.median(rates[name])
        lines.append((name, f"{median_rate:,.0f}", f"{statistics.median(ratios[name]):.2f}×"))
    head = ("what", "steps/s", "vs RLCard")
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(3)]
    rule = "  ".join("=" * w for w in widths)
    table = ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in lines]
    header = "  ".join(c.ljust(w) for c, w in zip(head, widths))
    if args.rst:
        print("\n".join([rule, header, rule, *table, rule]))
    else:
        print("\n".join([header, *table]))


if __name__ == "__main__":
    main()
