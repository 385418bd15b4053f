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

``--compiled PYTHON`` also measures the compiled (mypyc) build installed in that
Python, and ``--before SRC`` an earlier ``src`` folder (for example from
``git archive``) with this Python, each in a child process taking its turn in
the same slices; a last table then gives each figure now and before per 1,000
yardstick loops, and their ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
import importlib
import importlib.machinery
import json
import os
import platform
import random
import statistics
import subprocess
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


class Child:
    """Another cardrules in a child process, driven over a pipe (``--child``).

    Two builds of cardrules cannot share a process (same module names), so the
    compiled build (``--compiled``), or the earlier sources of ``--before``,
    play in a child process that runs this very script's measurement code and
    answers one JSON line per request. Its games resume where they stopped,
    exactly like :class:`Player`'s.
    """

    def __init__(self, python: str, *, source: str | None = None) -> None:
        env = None
        if source is not None:  # PYTHONPATH comes before the editable install
            env = {**os.environ, "PYTHONPATH": str(Path(source).resolve())}
        self.process = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "--child"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        self.hello = self.ask({"do": "hello"})
        if source is None and not self.hello["compiled"]:
            raise SystemExit(f"--compiled {python}: its cardrules is not compiled "
                             f"({self.hello['file']})")
        if source is not None and not self.hello["file"].startswith(str(Path(source).resolve())):
            raise SystemExit(f"--before {source}: the child imported {self.hello['file']}")

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the compiled child process stopped")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        self.ask({"do": "quit"})
        self.process.wait()


class ChildPlayer(Player):
    """A :class:`Player` whose games are played by the compiled build in a :class:`Child`."""

    def __init__(self, rate: Rate, child: Child, game: str, seed: int) -> None:
        super().__init__(rate, iter(()))
        self.child, self.game, self.seed = child, game, seed

    def play_for(self, seconds: float) -> None:
        reply = self.child.ask({"do": "play", "game": self.game, "seconds": seconds,
                                "seed": self.seed})
        self.rate.actions += reply["actions"]
        self.rate.games += reply["games"]
        self.rate.seconds += reply["seconds"]


class YardstickPlayer(Player):
    """The yardstick loop, taking its turn with the engines so load changes hit it alike."""

    def play_for(self, seconds: float) -> None:
        self.rate.actions += round(yardstick(seconds) * seconds)
        self.rate.seconds += seconds


BEFORE = "cardrules before"
"""The name of the rows measured from ``--before`` (the earlier sources)."""

GAME_MODULES: dict[str, Any] = {"rummy500": rummy500, "casino": casino,
                                "vegas_rummy": vegas_rummy}


def is_compiled() -> bool:
    """Whether this process's cardrules is the mypyc build (its rules are extension modules)."""
    return str(rummy500.rules.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def final_states_digest(game: str, games: int, seed: int) -> str:
    """SHA-256 of the JSON of the final states of ``games`` seeded random games."""
    module = GAME_MODULES[game]
    digest = hashlib.sha256()
    for number in range(games):
        chooser = random.Random(seed + number)
        state = module.new_game(None, seed=number)
        while not state.is_over:
            state = module.apply(state, chooser.choice(module.legal_actions(state)))
        digest.update(cardrules.to_json(state).encode())
    return digest.hexdigest()


def compiled_modules() -> list[str]:
    """The names of this process's cardrules modules that are extension modules.

    Read from the files, without importing (some modules need an extra such as
    numpy): Python imports an extension module before a ``.py`` of the same name.
    """
    root = Path(cardrules.__file__).parent
    # Longest first: ".cpython-311-x86_64-linux-gnu.so" before ".so".
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    names = set()
    for path in root.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            parts = path.relative_to(root.parent).with_name(path.name[: -len(suffix)]).parts
            names.add(".".join(parts))
    return sorted(names)


def child_main() -> None:
    """Answer :class:`Child` requests on stdin until ``quit``."""
    players: dict[str, Player] = {}
    for line in sys.stdin:
        request = json.loads(line)
        reply: dict[str, Any]
        if request["do"] == "hello":
            reply = {"compiled": is_compiled(), "file": str(rummy500.rules.__file__),
                     "modules": compiled_modules()}
        elif request["do"] == "play":
            game = request["game"]
            if game not in players:
                players[game] = Player(Rate(game, ""), cardrules_games(
                    GAME_MODULES[game], None, request["seed"]))
            before = dataclasses.replace(players[game].rate)
            players[game].play_for(request["seconds"])
            after = players[game].rate
            reply = {"actions": after.actions - before.actions, "games": after.games - before.games,
                     "seconds": after.seconds - before.seconds}
        elif request["do"] == "json":
            reply = {"trips": [dataclasses.asdict(t) for t in
                               json_slice(request["seconds"], request["seed"])]}
        elif request["do"] == "digest":
            reply = {"digest": final_states_digest(request["game"], request["games"],
                                                   request["seed"])}
        else:
            break
        print(json.dumps(reply), flush=True)
    print("{}", flush=True)


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


def random_play(seconds: float, rounds: int, seed: int, child: Child | None,
                before: Child | None = None) -> list[Rate]:
    """Every engine's random-play rate, the engines taking turns in ``rounds`` slices.

    The first row is the yardstick loop; with a ``child`` the compiled build's
    rows follow each pure cardrules row, and with ``before`` the earlier code's.
    """
    def ours(game: str, label: str) -> list[tuple[Rate, Callable[[], Player] | None]]:
        pure = Rate("cardrules", label)
        rows: list[tuple[Rate, Callable[[], Player] | None]] = [
            (pure, lambda: Player(pure, cardrules_games(GAME_MODULES[game], None, seed)))]
        if child is not None:
            compiled = Rate("cardrules compiled", label)
            rows.append((compiled, lambda: ChildPlayer(compiled, child, game, seed)))
        if before is not None:
            earlier = Rate(BEFORE, label)
            rows.append((earlier, lambda: ChildPlayer(earlier, before, game, seed)))
        return rows

    def peer(rate: Rate, module: str, games: Callable[[], Iterator[int]]
             ) -> tuple[Rate, Callable[[], Player] | None]:
        return (rate, (lambda: Player(rate, games())) if installed(module) else None)

    stick = Rate("yardstick", "plain-Python shuffle-and-scan loop (loops/s)")
    entries: list[tuple[Rate, Callable[[], Player] | None]] = [
        (stick, lambda: YardstickPlayer(stick, iter(()))),
        *ours("rummy500", "Rummy 500, full games to 500"),
        peer(Rate("OpenSpiel", "gin_rummy, in place"), "pyspiel",
             lambda: openspiel_games(seed, clone=False)),
        peer(Rate("OpenSpiel", "gin_rummy, clone() before every apply"), "pyspiel",
             lambda: openspiel_games(seed, clone=True)),
        peer(Rate("RLCard", "GinRummyGame object"), "rlcard", lambda: rlcard_games(seed)),
        *ours("casino", "Casino, full games"),
        *ours("vegas_rummy", "Las Vegas Rummy, full games"),
    ]
    players = []
    for rate, make in entries:
        if make is None:
            rate.missing = "not installed"
        else:
            players.append(make())
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


_JSON_STATES: dict[tuple[str, int], list[Any]] = {}
"""Each game's mid-game states for :func:`json_slice`, made once per seed."""


def json_slice(seconds: float, seed: int) -> list[Throughput]:
    """``from_json(to_json(state))`` for about ``seconds`` per game, on mid-game states."""
    out = []
    for game in engine.GAMES:
        result = Throughput(f"{game} state")
        try:
            states = _JSON_STATES.get((game, seed))
            if states is None:
                states = _JSON_STATES[game, seed] = mid_game_states(game, 50, seed)
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


def json_round_trips(seconds: float, rounds: int, seed: int, child: Child | None = None,
                     before: Child | None = None) -> list[Throughput]:
    """``from_json(to_json(state))`` per second for each game's mid-game states.

    With a ``child``, the compiled build's figures follow, measured there, and
    with ``before`` the earlier code's; the builds take turns in ``rounds``
    slices, as in random play.
    """
    totals: dict[str, Throughput] = {}

    def add(trips: list[Throughput], label: str) -> None:
        for trip in trips:
            what = f"{trip.what}, {label}" if label else trip.what
            total = totals.setdefault(what, Throughput(what))
            total.count += trip.count
            total.seconds += trip.seconds
            total.error = total.error or trip.error

    for _ in range(rounds):
        add(json_slice(seconds / rounds, seed), "")
        for other, label in ((child, "compiled"), (before, BEFORE)):
            if other is not None:
                reply = other.ask({"do": "json", "seconds": seconds / rounds, "seed": seed})
                add([Throughput(**trip) for trip in reply["trips"]], label)
    return list(totals.values())


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


def yardstick(seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Iterations per second of a plain-Python shuffle-and-scan loop (as in random_play.py).

    ``clock`` times it: wall time here, CPU time in ``json_round_trips.py``.
    """
    deck = list(range(52))
    chooser = random.Random(1)
    count = 0
    start = clock()
    while clock() - start < seconds:
        chooser.shuffle(deck)
        count += sum(1 for card in deck if card % 13 == 0)
    return count / (clock() - start)


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
    base = rates[0].actions_per_second  # the yardstick, loops/s
    rummy = [r for r in rates if r.detail.startswith("Rummy 500") and not r.missing]
    play_rows = []
    for rate in rates:
        if rate.missing:
            play_rows.append([rate.name, rate.detail, rate.missing, "", "", "",
                              *["" for _ in rummy]])
            continue
        is_peer = rate.name in ("OpenSpiel", "RLCard")
        play_rows.append([
            rate.name,
            rate.detail,
            f"{rate.actions_per_second:,.0f}",
            f"{rate.games_per_second:,.1f}" if rate.games else "",
            f"{rate.actions / rate.games:.0f}" if rate.games else "",
            f"{1000 * rate.actions_per_second / base:.1f}",
            *[f"{r.actions_per_second / rate.actions_per_second:.2f}x" if is_peer else ""
              for r in rummy],
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
        value = trip.error or (f"{trip.per_second:,.0f} round trips/s "
                               f"({1000 * trip.per_second / base:.2f} per 1,000 yardstick loops)")
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
    tables_ = [
        ("Random legal play (actions are decisions; ratios = cardrules Rummy 500 ÷ that row)",
         ["Engine", "Game", "Actions/s", "Games/s", "Actions a game",
          "Actions per 1,000 yardstick loops",
          *[f"{r.name} Rummy 500 ÷ this" for r in rummy]], play_rows),
        ("legal_actions latency, one call per position (ms)",
         ["Position suite", "Positions", "Median", "95th percentile", "Worst", "Most actions"],
         suite_rows),
        ("JSON round trips and bot decisions", ["Measurement", "Result"], other_rows),
    ]
    speedups = speedup_rows(rates, trips)
    if speedups:
        tables_.append((
            "Against the earlier code (--before), measured in the same run: ratios of "
            "figures per 1,000 yardstick loops",
            ["Measurement", "Earlier code", "Pure now", "Pure ÷ earlier",
             "Compiled now", "Compiled ÷ earlier"], speedups))
    return tables_


def speedup_rows(rates: list[Rate], trips: list[Throughput]) -> list[list[str]]:
    """Pure and compiled figures against the ``--before`` ones (none without ``--before``).

    Each figure is per 1,000 loops of the yardstick; random play shares the
    yardstick's slices, JSON round trips use the yardstick of the whole run.
    """
    base = rates[0].actions_per_second
    rows = []
    names = ("cardrules", "cardrules compiled", BEFORE)
    for detail in dict.fromkeys(r.detail for r in rates if r.name == BEFORE):
        found = {r.name: 1000 * r.actions_per_second / base
                 for r in rates if r.detail == detail and r.name in names and not r.missing}
        rows.append(_speedup_row(f"{detail}: actions", found))
    for game in engine.GAMES:
        what = f"{game} state"
        found = {}
        for trip in trips:
            if trip.error:
                continue
            for name, label in zip(names, (what, f"{what}, compiled", f"{what}, {BEFORE}")):
                if trip.what == label:
                    found[name] = 1000 * trip.per_second / base
        if BEFORE in found:
            rows.append(_speedup_row(f"JSON: {what} round trips", found))
    return rows


def _speedup_row(what: str, found: dict[str, float]) -> list[str]:
    earlier = found[BEFORE]
    row = [what, f"{earlier:.2f}"]
    for name in ("cardrules", "cardrules compiled"):
        if name in found:
            row += [f"{found[name]:.2f}", f"{found[name] / earlier:.2f}x"]
        else:
            row += ["", ""]
    return row


def machine_line(base: float, args: argparse.Namespace, child: Child | None,
                 identical: str) -> str:
    """When, where and with what the figures were measured."""
    today = datetime.date.today().isoformat()
    compiled = (f"the compiled build ({len(child.hello['modules'])} modules compiled with "
                f"mypyc) in a second process, {identical}"
                if child else "no compiled build (--compiled not given)")
    return (
        f"Measured {today} on {platform.machine()} {platform.system()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"OpenSpiel {version_of('open_spiel')}, RLCard {version_of('rlcard')}, "
        f"cardrules {cardrules.__version__}; {compiled}; about {args.seconds:g} s a "
        f"measurement in {args.rounds} slices, seed {args.seed}; yardstick {base:,.0f} loops/s "
        "(a plain-Python shuffle-and-scan loop taking its turn with the engines)."
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
    parser.add_argument("--compiled", metavar="PYTHON",
                        help="a Python with the compiled (mypyc) wheel installed: measure it too")
    parser.add_argument("--before", metavar="SRC",
                        help="the src/ folder of an earlier cardrules (e.g. from git archive): "
                             "measure it too, in a child process with this Python")
    parser.add_argument("--rst", metavar="FILE",
                        help="also write the tables as reStructuredText to FILE ('-': print)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main()
        return
    if is_compiled():
        raise SystemExit("run peers.py with the pure build; give the compiled one as --compiled")

    child = Child(args.compiled) if args.compiled else None
    before = Child(sys.executable, source=args.before) if args.before else None
    identical = ""
    for other, what in ((child, "the compiled build"), (before, "the --before code")):
        if other is None:
            continue
        print(f"pure and {what}: final states ...", flush=True)
        same = all(
            final_states_digest(game, 3, args.seed)
            == other.ask({"do": "digest", "game": game, "games": 3, "seed": args.seed})["digest"]
            for game in GAME_MODULES
        )
        if not same:
            raise SystemExit(f"{what} ended a random game in another state")
    if child is not None:
        identical = "whose final states (JSON) of 3 random games of each game equal the pure ones"
    print("random play ...", flush=True)
    rates = random_play(args.seconds, max(1, args.rounds), args.seed, child, before)
    print("legal_actions latency ...", flush=True)
    suites = latency_suites(args.seconds, args.seed)
    print("JSON round trips ...", flush=True)
    trips = json_round_trips(args.seconds / 3, max(1, args.rounds), args.seed, child, before)
    print("expert bots ...", flush=True)
    decisions = expert_latency(args.seconds, args.seed)
    for other in (child, before):
        if other is not None:
            other.close()

    base = rates[0].actions_per_second
    report = tables(rates, suites, trips, decisions)
    machine = machine_line(base, args, child, identical)
    if before is not None:
        machine += (f" The earlier code (--before {args.before}) ran in a third process with "
                    "this Python and ended the same random games in the same states.")
    print_text(report, machine)
    for ours in (r for r in rates if r.detail.startswith("Rummy 500") and not r.missing):
        for rate in rates:
            if rate.name in ("OpenSpiel", "RLCard") and not rate.missing:
                print(f"{ours.name} Rummy 500 ÷ {rate.name} {rate.detail}: "
                      f"{ours.actions_per_second / rate.actions_per_second:.2f}x")
    if args.rst == "-":
        print(rst_text(report, machine))
    elif args.rst:
        path = Path(args.rst)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rst_text(report, machine) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
