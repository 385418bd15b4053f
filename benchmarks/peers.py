"""cardrules side by side with OpenSpiel and RLCard, and its other speed figures, in one run.

Run::

    python -m venv .venv-bench && .venv-bench/bin/pip install -e '.[bench]'
    .venv-bench/bin/python benchmarks/peers.py [--seconds 3] [--rst docs/_generated/peers_table.inc]

Everything is measured in one process, one after the other, on the same machine:

* random legal play, counting actions per second and games per second:
  cardrules Rummy 500 (``legal_actions`` and ``apply`` at every step, full games to
  500 with the default rules); OpenSpiel's ``gin_rummy`` through ``pyspiel``, once
  changing its state in place (``apply_action``) and once with ``state.clone()``
  before every apply (what an immutable style costs there); RLCard's
  ``GinRummyGame`` object (``judge.get_legal_actions()`` and ``step``). Then
  Casino and Las Vegas Rummy, which have no peer here;
* ``legal_actions`` latency (median, 95th percentile, worst) over position suites:
  Rummy 500 positions from seeded random games (deep discard piles, big hands
  after digging), crowded Casino tables and Las Vegas hands rich in wild cards
  (built as in ``casino_legal_actions.py`` and ``vegas_legal_actions.py``);
* JSON round trips (``cardrules.to_json`` then ``cardrules.from_json``, which
  re-validates) per second, on mid-game states of each game;
* the expert bot's decision latency (median and 95th percentile) against ``normal``.

Random choices come from ``random.Random(--seed)`` for every engine and game
``i`` is dealt from seed ``i`` (RLCard: ``numpy.random.RandomState(i)``;
OpenSpiel: its chance nodes are sampled from the same ``random.Random``). Only
decisions count as actions (OpenSpiel's chance outcomes, the deal and the stock
draws, are applied but not counted). The engines take turns in ``--rounds``
slices so a noisy machine slows them alike; each measurement gets about
``--seconds``. A peer that is not installed is reported as such and skipped.

The figures depend on the machine and its load; the ratios between engines
measured in the same run are what to compare. ``--rst FILE`` writes the tables
as reStructuredText (``docs/performance.rst`` includes that file).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cardrules
from cardrules import bots, casino, engine, rummy500, vegas_rummy

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling benchmark scripts


# ---------------------------------------------------------------------------
# Random play


@dataclass
class Rate:
    """Actions and games counted over some seconds of random play."""

    name: str
    detail: str
    actions: int = 0
    games: int = 0
    seconds: float = 0.0
    missing: str | None = None
    """Why the engine was not measured (``"not installed"``), else ``None``."""

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


class Player:
    """Plays random legal games of one engine, resuming where it stopped."""

    def __init__(self, rate: Rate, games: Iterator[int]) -> None:
        self.rate = rate
        self._games = games

    def play_for(self, seconds: float) -> None:
        """Play whole games for about ``seconds`` and add them to the rate."""
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            self.rate.actions += next(self._games)
            self.rate.games += 1
        self.rate.seconds += time.perf_counter() - start


def cardrules_games(module: Any, config: object | None, seed: int) -> Iterator[int]:
    """Random games of a cardrules game module; yields each game's number of actions."""
    chooser = random.Random(seed)
    legal_actions, apply, new_game = module.legal_actions, module.apply, module.new_game
    game = 0
    while True:
        state = new_game(config, seed=game)
        game += 1
        actions = 0
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            actions += 1
        yield actions


def openspiel_games(seed: int, *, clone: bool) -> Iterator[int]:
    """Random games of OpenSpiel's gin_rummy; ``clone`` copies the state before every apply."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    chooser = random.Random(seed)
    while True:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = chooser.choice(state.chance_outcomes())[0]  # uniform in gin rummy
            else:
                action = chooser.choice(state.legal_actions())
                decisions += 1
            if clone:
                state = state.clone()
            state.apply_action(action)
        yield decisions


def rlcard_games(seed: int) -> Iterator[int]:
    """Random games of RLCard's GinRummyGame object; deal ``i`` from ``RandomState(i)``."""
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    chooser = random.Random(seed)
    number = 0
    while True:
        game = GinRummyGame()
        game.np_random = np.random.RandomState(number)
        number += 1
        game.init_game()
        actions = 0
        while not game.is_over():
            game.step(chooser.choice(game.judge.get_legal_actions()))
            actions += 1
        yield actions


def installed(module: str) -> bool:
    """Whether ``module`` can be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def random_play(seconds: float, rounds: int, seed: int) -> list[Rate]:
    """Every engine's random-play rate, the engines taking turns in ``rounds`` slices."""
    entries: list[tuple[Rate, Callable[[], Iterator[int]] | None]] = [
        (Rate("cardrules", "Rummy 500, full games to 500"),
         lambda: cardrules_games(rummy500, None, seed)),
        (Rate("OpenSpiel", "gin_rummy, in place"),
         (lambda: openspiel_games(seed, clone=False)) if installed("pyspiel") else None),
        (Rate("OpenSpiel", "gin_rummy, clone() before every apply"),
         (lambda: openspiel_games(seed, clone=True)) if installed("pyspiel") else None),
        (Rate("RLCard", "GinRummyGame object"),
         (lambda: rlcard_games(seed)) if installed("rlcard") else None),
        (Rate("cardrules", "Casino, full games"),
         lambda: cardrules_games(casino, None, seed)),
        (Rate("cardrules", "Las Vegas Rummy, full games"),
         lambda: cardrules_games(vegas_rummy, None, seed)),
    ]
    players = []
    for rate, make in entries:
        if make is None:
            rate.missing = "not installed"
        else:
            players.append(Player(rate, make()))
    for _ in range(rounds):
        for player in players:
            player.play_for(seconds / rounds)
    return [rate for rate, _ in entries]


# ---------------------------------------------------------------------------
# legal_actions latency


@dataclass
class Latency:
    """Times of one operation over a suite of positions or decisions."""

    what: str
    times: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    error: str | None = None

    def quantile(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def worst(self) -> float:
        return max(self.times)


def rummy500_positions(config: rummy500.Config, games: int, seed: int) -> list[Any]:
    """Every position of seeded random games, keeping those worth timing.

    Draw-phase positions with a discard pile of 8 or more cards (every depth
    must be checked for a legal dig) and play-phase positions with 12 or more
    cards in hand (after digging), or with a dug card still owed.
    """
    chooser = random.Random(seed)
    kept = []
    for number in range(games):
        state = rummy500.new_game(config, seed=seed + number)
        while not state.is_over:
            hand = state.hands[state.to_act]
            if (state.phase is rummy500.Phase.DRAW and len(state.discard) >= 8) or (
                state.phase is rummy500.Phase.PLAY and (len(hand) >= 12 or state.owed)
            ):
                kept.append(state)
            state = rummy500.apply(state, chooser.choice(rummy500.legal_actions(state)))
    return kept


def time_legal_actions(what: str, states: Sequence[Any]) -> Latency:
    """One timed ``legal_actions`` call per state, in order (each a new state object)."""
    result = Latency(what)
    for state in states:
        start = time.perf_counter()
        actions = cardrules.legal_actions(state)
        result.times.append(time.perf_counter() - start)
        result.sizes.append(len(actions))
    return result


def latency_suites(seconds: float, seed: int) -> list[Latency]:
    """``legal_actions`` over the position suites (each built in about ``seconds``)."""
    out = []
    for label, config in (
        ("Rummy 500, default rules", rummy500.Config()),
        ("Rummy 500, jokers and wrap-around", rummy500.Config(jokers=2, allow_wraparound=True)),
    ):
        states: list[Any] = []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds and len(states) < 4000:
            states += rummy500_positions(config, 2, seed + len(states))
        out.append(time_legal_actions(f"{label}: deep piles, big hands, dug cards", states))
    out.append(_guarded("Casino: crowded tables (12–16 loose cards, 2+ builds)",
                        lambda: _casino_states(seconds)))
    out.append(_guarded("Las Vegas Rummy: 6 players, 2 decks, hands rich in wild cards",
                        lambda: _vegas_states(seconds)))
    return out


def _guarded(what: str, states: Callable[[], Sequence[Any]]) -> Latency:
    """:func:`time_legal_actions` over a suite from another module, reporting its failure."""
    try:
        return time_legal_actions(what, states())
    except Exception as exc:  # another module's suite: report, do not stop the run
        return Latency(what, error=f"{type(exc).__name__}: {exc}")


def _casino_states(seconds: float) -> list[Any]:
    from casino_legal_actions import crowded_states  # benchmarks/casino_legal_actions.py

    start = time.perf_counter()
    crowded_states(casino.Config(), 4)
    per_game = (time.perf_counter() - start) / 4
    return crowded_states(casino.Config(), max(4, min(120, int(seconds / per_game))))


def _vegas_states(seconds: float) -> list[Any]:
    from vegas_legal_actions import rich_state  # benchmarks/vegas_legal_actions.py

    states = []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds and seed < 400:
        states += [rich_state(seed, True), rich_state(seed, False)]
        seed += 1
    return states


# ---------------------------------------------------------------------------
# JSON and bots


@dataclass
class Throughput:
    """How many times something was done per second."""

    what: str
    count: int = 0
    seconds: float = 0.0
    error: str | None = None

    @property
    def per_second(self) -> float:
        return self.count / self.seconds if self.seconds else 0.0


def mid_game_states(game: str, count: int, seed: int) -> list[Any]:
    """``count`` states taken every few random moves of seeded games."""
    rules = engine.definition(game)
    chooser = random.Random(seed)
    states = []
    number = 0
    while len(states) < count:
        state = rules.new_game(None, seed=seed + number)
        number += 1
        step = 0
        while not state.is_over and len(states) < count:
            if step % 7 == 3:
                states.append(state)
            state = rules.apply(state, chooser.choice(rules.legal_actions(state)))
            step += 1
    return states


def json_round_trips(seconds: float, seed: int) -> list[Throughput]:
    """``from_json(to_json(state))`` per second for each game's mid-game states."""
    out = []
    for game in engine.GAMES:
        result = Throughput(f"{game} state")
        try:
            states = mid_game_states(game, 50, seed)
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                for state in states:
                    if cardrules.from_json(cardrules.to_json(state)) != state:
                        raise AssertionError("a JSON round trip changed the state")
                result.count += len(states)
            result.seconds = time.perf_counter() - start
        except Exception as exc:  # report, do not stop the run
            result.error = f"{type(exc).__name__}: {exc}"
        out.append(result)
    return out


BOT_CONFIGS: dict[str, Callable[[], object]] = {
    "rummy500": lambda: rummy500.Config(),
    "casino": lambda: casino.Config(),
    # Short, finite games as in benchmarks/ladder.py: nobody can join.
    "vegas_rummy": lambda: vegas_rummy.Config(num_players=2, reshuffle_limit=3, max_seats=2),
}


def expert_latency(seconds: float, seed: int) -> list[Latency]:
    """The expert's ``choose`` times against ``normal``, seats alternating, per game."""
    out = []
    for game, make_config in BOT_CONFIGS.items():
        result = Latency(f"{game} expert vs normal")
        try:
            rules = engine.definition(game)
            start = time.perf_counter()
            index = 0
            while time.perf_counter() - start < seconds or not result.times:
                expert = bots.make(game, "expert", seed=seed + index)
                normal = bots.make(game, "normal", seed=seed + index + 1000)
                players = (expert, normal) if index % 2 == 0 else (normal, expert)
                state = rules.new_game(make_config(), seed=seed + index)
                index += 1
                while not state.is_over and time.perf_counter() - start < seconds:
                    seat = state.to_act
                    view = rules.view(state, seat)
                    begin = time.perf_counter()
                    action = players[seat].choose(view)
                    if players[seat] is expert:
                        result.times.append(time.perf_counter() - begin)
                    state = rules.apply(state, action)
        except Exception as exc:  # another module's bot: report, do not stop the run
            result.error = f"{type(exc).__name__}: {exc}"
        out.append(result)
    return out


# ---------------------------------------------------------------------------
# Reporting


def yardstick(seconds: float) -> float:
    """Iterations per second of a plain-Python shuffle-and-scan loop (as in random_play.py)."""
    deck = list(range(52))
    chooser = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        chooser.shuffle(deck)
        count += sum(1 for card in deck if card % 13 == 0)
    return count / (time.perf_counter() - start)


def version_of(distribution: str) -> str:
    """The installed version of a distribution, or ``"not installed"``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}" if seconds < 0.1 else f"{seconds * 1e3:.0f}"


def tables(
    rates: list[Rate],
    suites: list[Latency],
    trips: list[Throughput],
    decisions: list[Latency],
) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report as (title, header, rows) tables."""
    ours = rates[0].actions_per_second
    play_rows = []
    for rate in rates:
        if rate.missing:
            play_rows.append([rate.name, rate.detail, rate.missing, "", "", ""])
            continue
        is_peer = rate.name != "cardrules"
        ratio = f"{ours / rate.actions_per_second:.2f}x" if is_peer else ""
        play_rows.append([
            rate.name,
            rate.detail,
            f"{rate.actions_per_second:,.0f}",
            f"{rate.games_per_second:,.1f}",
            f"{rate.actions / max(rate.games, 1):.0f}",
            ratio,
        ])
    suite_rows = []
    for suite in suites:
        if suite.error or not suite.times:
            suite_rows.append([suite.what, suite.error or "no positions", "", "", "", ""])
            continue
        suite_rows.append([
            suite.what,
            str(len(suite.times)),
            _ms(suite.median),
            _ms(suite.quantile(0.95)),
            _ms(suite.worst),
            str(max(suite.sizes)),
        ])
    other_rows = []
    for trip in trips:
        value = trip.error or f"{trip.per_second:,.0f} round trips/s"
        other_rows.append([f"JSON: {trip.what}, to_json then from_json", value])
    for decision in decisions:
        if decision.error or not decision.times:
            other_rows.append([f"Bot: {decision.what}", decision.error or "no decisions"])
            continue
        other_rows.append([
            f"Bot: {decision.what}",
            f"median {_ms(decision.median)} ms, 95th percentile "
            f"{_ms(decision.quantile(0.95))} ms ({len(decision.times)} decisions)",
        ])
    return [
        ("Random legal play (actions are decisions; ratio = cardrules Rummy 500 ÷ that row)",
         ["Engine", "Game", "Actions/s", "Games/s", "Actions a game",
          "cardrules Rummy 500 ÷ this"], play_rows),
        ("legal_actions latency, one call per position (ms)",
         ["Position suite", "Positions", "Median", "95th percentile", "Worst", "Most actions"],
         suite_rows),
        ("JSON round trips and bot decisions", ["Measurement", "Result"], other_rows),
    ]


def machine_line(base: float, args: argparse.Namespace) -> str:
    """When, where and with what the figures were measured."""
    today = datetime.date.today().isoformat()
    return (
        f"Measured {today} on {platform.machine()} {platform.system()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"OpenSpiel {version_of('open_spiel')}, RLCard {version_of('rlcard')}, "
        f"cardrules {cardrules.__version__}; about {args.seconds:g} s a measurement in "
        f"{args.rounds} slices, seed {args.seed}; yardstick {base:,.0f} loops/s "
        "(a plain-Python shuffle-and-scan loop, same run)."
    )


def print_text(report: list[tuple[str, list[str], list[list[str]]]], machine: str) -> None:
    for title, header, rows in report:
        print(f"\n{title}")
        widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            print("  " + "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)))
    print(f"\n{machine}")


def rst_text(report: list[tuple[str, list[str], list[list[str]]]], machine: str) -> str:
    """The report as reStructuredText list tables, for ``docs/performance.rst``."""
    lines = [
        ".. This file is written by benchmarks/peers.py --rst; do not edit it by hand.",
        "",
        machine,
        "",
    ]
    for title, header, rows in report:
        lines += [f".. list-table:: {title}", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            for i, cell in enumerate(row):
                text = str(cell).replace("*", r"\*")
                lines.append((("   * - " if i == 0 else "     - ") + text).rstrip())
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="about how long each measurement runs (default 3)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="slices the random-play engines take turns in (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rst", metavar="FILE",
                        help="also write the tables as reStructuredText to FILE ('-': print)")
    args = parser.parse_args()

    base = yardstick(min(1.0, args.seconds / 3))
    print("random play ...", flush=True)
    rates = random_play(args.seconds, max(1, args.rounds), args.seed)
    print("legal_actions latency ...", flush=True)
    suites = latency_suites(args.seconds, args.seed)
    print("JSON round trips ...", flush=True)
    trips = json_round_trips(args.seconds / 3, args.seed)
    print("expert bots ...", flush=True)
    decisions = expert_latency(args.seconds, args.seed)

    report = tables(rates, suites, trips, decisions)
    machine = machine_line(base, args)
    print_text(report, machine)
    ours = rates[0].actions_per_second
    for rate in rates[1:4]:
        if not rate.missing:
            print(f"cardrules Rummy 500 ÷ {rate.name} {rate.detail}: "
                  f"{ours / rate.actions_per_second:.2f}x")
    if args.rst == "-":
        print(rst_text(report, machine))
    elif args.rst:
        path = Path(args.rst)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rst_text(report, machine) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
