"""Bot-vs-bot matches: many seeded full games, seats varied, win rates with 95 % intervals.

>>> result = simulate("rummy500", ["easy", "random"], games=4, seed=1,
...                   config=__import__("cardrules").rummy500.Config(target=100))
>>> result.games, len(result.win_rates)
(4, 2)
>>> result == simulate("rummy500", ["easy", "random"], games=4, seed=1,
...                    config=__import__("cardrules").rummy500.Config(target=100))
True
"""

from __future__ import annotations

import hashlib
import importlib
import math
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from cardrules import engine

__all__ = [
    "BACKENDS",
    "GameOutcome",
    "SimulationResult",
    "available_cores",
    "play_game",
    "play_games",
    "seating",
    "simulate",
    "wilson_interval",
]

BotSpec = str | Callable[..., Any]
"""A level name, or a factory ``f(seed) -> bot`` (module-level, so workers can pickle it)."""

MAX_ACTIONS = 200_000
"""A game that has not ended after this many actions is stopped and counted as unfinished."""


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@attrs.frozen
class GameOutcome:
    """One finished game: who sat where, the final scores, the winners (as bot indexes)."""

    index: int
    seats: tuple[int, ...]
    """``seats[s]`` is the index (in the ``bots`` list) of the bot at seat ``s``."""
    scores: tuple[int, ...]
    """Final score of each *bot* (by bot index)."""
    winners: tuple[int, ...]
    """Bot indexes of the winners (several on a shared win); empty if unfinished."""
    rounds: int
    actions: int


@attrs.frozen
class SimulationResult:
    """What :func:`cardrules.bots.simulate` measured, listed per bot in the order given.

    A game shared by several winners counts as a win for each of them.
    """

    game: str
    labels: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    win_rates: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    """95 % Wilson intervals of the win rates."""
    mean_scores: tuple[float, ...]
    mean_rounds: float
    unfinished: int
    seed: int
    outcomes: tuple[GameOutcome, ...] = attrs.field(repr=False)

    def table(self) -> str:
        """A small text table of the result."""
        lines = [f"{self.game}: {self.games} games, seed {self.seed}"]
        for i, label in enumerate(self.labels):
            low, high = self.intervals[i]
            lines.append(
                f"  {label:<12} wins {self.wins[i]:>5}  {self.win_rates[i]:6.1%} "
                f"[{low:.1%}, {high:.1%}]  mean score {self.mean_scores[i]:8.1f}"
            )
        return "\n".join(lines)


def _derive(seed: int, *parts: object) -> int:
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little") >> 1


def _label(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", type(spec).__name__)


def _make_bot(game: str, spec: BotSpec, seed: int) -> Any:
    if isinstance(spec, str):
        from cardrules.bots import make

        return make(game, spec, seed=seed)
    return spec(seed)


def seating(players: int, index: int) -> tuple[int, ...]:
    """The bot index at each seat in game number ``index``: every order in turn.

    Games cycle through all ``players!`` orders (lexicographic), so over a
    multiple of that many games every bot sits equally often in every seat and
    after every other bot. With two bots this alternates who plays first.

    >>> [seating(2, i) for i in range(3)]
    [(0, 1), (1, 0), (0, 1)]
    >>> seating(3, 5)
    (2, 1, 0)
    """
    rank = index % math.factorial(players)
    pool = list(range(players))
    order = []
    for place in range(players - 1, -1, -1):
        step = math.factorial(place)
        order.append(pool.pop(rank // step))
        rank %= step
    return tuple(order)


def match_config(config_type: type[Any], config: object | None, players: int) -> object:
    """The config a match is played with: one seat per bot, and no seats added later.

    With no config the game's defaults are used for ``players`` players. A given
    config must seat exactly ``players``. Las Vegas Rummy's late joins would seat
    a player no bot controls, so a match caps ``max_seats`` at the bots' number.
    """
    if config is None:
        config = config_type(num_players=players)
    if not isinstance(config, config_type):
        raise TypeError(f"config must be a {config_type.__module__}.Config, not {config!r}")
    seated = getattr(config, "num_players", players)
    if seated != players:
        raise ValueError(f"the config seats {seated} players but {players} bots were given")
    if getattr(config, "max_seats", players) != players:
        config = attrs.evolve(config, max_seats=players)
    return config


def play_game(
    game: str, bots: Sequence[BotSpec], *, index: int, seed: int, config: object | None = None
) -> GameOutcome:
    """Play game number ``index`` of a match to the end, bots seated by ``index``.

    Seats follow :func:`~.seating`. The deal uses a seed derived from
    ``(seed, index)``; each bot gets its own
    derived seed. Deterministic for the same arguments, in any process.
    """
    n = len(bots)
    definition = engine.definition(game)
    config = match_config(definition.config_type, config, n)
    seats = seating(n, index)
    players = [_make_bot(game, bots[seats[s]], _derive(seed, "bot", index, s)) for s in range(n)]
    state = engine.new_game(game, config, seed=_derive(seed, "deal", index))
    actions = 0
    while not state.is_over and actions < MAX_ACTIONS:
        seat = state.to_act
        if seat is None:
            raise RuntimeError(f"{game}: the game is not over but nobody is to act")
        action = players[seat].choose(definition.view(state, seat))
        state = definition.apply(state, action)
        actions += 1
    scores = [0] * n
    for s in range(n):
        scores[seats[s]] = state.scores[s] if s < len(state.scores) else 0
    winners = tuple(sorted(seats[s] for s in state.winners)) if state.is_over else ()
    return GameOutcome(
        index=index,
        seats=seats,
        scores=tuple(scores),
        winners=winners,
        rounds=state.round_number,
        actions=actions,
    )


def _play_chunk(
    args: tuple[str, tuple[BotSpec, ...], tuple[int, ...], int, object],
) -> list[GameOutcome]:
    game, bots, indexes, seed, config = args
    return [play_game(game, bots, index=i, seed=seed, config=config) for i in indexes]


BACKENDS = ("process", "ray")
"""Where :func:`cardrules.bots.simulate` plays: ``"process"`` (here) or ``"ray"`` (a cluster)."""


def available_cores() -> int:
    """How many cores this process may run on (what ``workers=None`` uses).

    >>> available_cores() >= 1
    True
    """
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        count = counter()
    elif hasattr(os, "sched_getaffinity"):
        count = len(os.sched_getaffinity(0))
    else:
        count = os.cpu_count()
    return max(1, count or 1)


def _chunks(games: int, workers: int) -> list[tuple[int, ...]]:
    """Game numbers in runs of consecutive games, about four runs a worker (at most 250 games).

    Small runs keep every worker busy until the end although games differ in
    length; the split changes only who plays a game, never its result.
    """
    size = max(1, min(250, games // (workers * 4)))
    return [tuple(range(start, min(games, start + size))) for start in range(0, games, size)]


def play_games(
    game: str,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int,
    config: object | None = None,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
) -> Iterator[GameOutcome]:
    """Play games ``0 .. games-1`` of a match, yielding each outcome as it is ready.

    Outcomes come in the order the games finish, which depends on the workers;
    each outcome itself depends only on ``(game, bots, seed, index, config)``
    (see :func:`play_game`), so sorting by ``index`` gives the same list for
    any ``workers`` and ``backend``. :func:`~cardrules.bots.simulate` does that; a caller that
    shows progress (``cardrules simulate``) consumes this directly. Arguments
    are as for :func:`~cardrules.bots.simulate`, which checks them.

    >>> outcomes = play_games("casino", ["random", "random"], games=2, seed=3, workers=1)
    >>> sorted(o.index for o in outcomes)
    [0, 1]
    """
    specs = tuple(bots)
    if backend == "ray":
        yield from _ray_outcomes(game, specs, games, seed, config, workers, address)
        return
    workers = min(workers or available_cores(), games)
    jobs = [(game, specs, chunk, seed, config) for chunk in _chunks(games, workers)]
    if workers == 1:
        for job in jobs:
            yield from _play_chunk(job)
        return
    # "spawn" everywhere: the same behaviour on Linux, macOS and Windows, and no
    # fork of a process that may hold threads or open files.
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        for part in pool.imap_unordered(_play_chunk, jobs):
            yield from part


def _ray_outcomes(
    game: str,
    specs: tuple[BotSpec, ...],
    games: int,
    seed: int,
    config: object,
    workers: int | None,
    address: str | None,
) -> Iterator[GameOutcome]:
    try:
        # Typed as Any whether or not Ray is installed: the core never needs it.
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ImportError("backend='ray' needs Ray: pip install 'cardrules[ray]'") from None
    if not ray.is_initialized():
        # address=None joins the cluster RAY_ADDRESS names or one started on this machine
        # with `ray start`, else starts a local instance, kept on the loopback interface;
        # "auto" joins the cluster this machine belongs to; "ray://host:10001" a remote one.
        where = {"_node_ip_address": "127.0.0.1"} if address is None else {"address": address}
        ray.init(**where, include_dashboard=False, log_to_driver=False)
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    play = ray.remote(num_cpus=1)(_play_chunk)
    pending = [play.remote((game, specs, chunk, seed, config)) for chunk in _chunks(games, workers)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield from ray.get(done[0])


def simulate(
    game: str,
    bots: Sequence[BotSpec],
    *,
    games: int = 100,
    seed: int = 0,
    config: object | None = None,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
) -> SimulationResult:
    """Play ``games`` seeded full games of ``game`` between ``bots`` and measure them.

    ``bots`` lists one entry per seat: a level name (``"expert"``) or a
    module-level factory ``f(seed) -> bot``. Seats change from game to game
    through every order of the bots (:func:`~.seating`), so no bot keeps the first
    move or always follows the same opponent; use a multiple of ``len(bots)!``
    games for a fully balanced match.

    Game ``i`` is dealt and its bots seeded from ``(seed, i)`` alone, and the
    outcomes are listed in game order, so **the result is the same for any
    ``workers`` and ``backend``**:

    * ``backend="process"`` (the default) plays on this machine, by default on
      every core (:func:`~.available_cores`); ``workers=1`` plays in this process,
      ``workers=k`` in ``k`` processes (``spawn``: call it under ``if __name__
      == "__main__":`` in scripts).
    * ``backend="ray"`` plays the games as Ray tasks (``pip install
      'cardrules[ray]'``): on the cluster at ``address`` (``"auto"``,
      ``"ray://head:10001"``), or on a local Ray instance started for the
      purpose when ``address`` is ``None`` and Ray is not initialised yet. Ray is
      left running for the next call. ``workers`` then only sets how finely the
      games are split (default: the cluster's CPUs). See :doc:`/cluster`.

    Every outcome is kept (:attr:`SimulationResult.outcomes`, about 200 bytes a
    game).
    """
    rules = engine.definition(game)  # unknown game -> ValueError
    if not 2 <= len(bots) <= 8:
        raise ValueError(f"a match needs 2..8 bots, not {len(bots)}")
    config = match_config(rules.config_type, config, len(bots))
    for spec in bots:
        if not (isinstance(spec, str) or callable(spec)):
            raise TypeError(f"a bot is a level name or a factory, not {spec!r}")
        if isinstance(spec, str):
            from cardrules.bots import LEVELS

            if spec not in LEVELS:
                raise ValueError(f"unknown bot level {spec!r}; the levels are {', '.join(LEVELS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be None or a whole number >= 1, not {workers!r}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise ValueError("address= is for backend='ray'")
    specs = tuple(bots)
    outcomes = sorted(
        play_games(
            game, specs, games=games, seed=seed, config=config,
            workers=workers, backend=backend, address=address,
        ),
        key=lambda o: o.index,
    )
    return _summarise(game, specs, outcomes, seed)


def _summarise(
    game: str, specs: tuple[BotSpec, ...], outcomes: list[GameOutcome], seed: int
) -> SimulationResult:
    n = len(specs)
    games = len(outcomes)
    wins = [0] * n
    totals = [0] * n
    for outcome in outcomes:
        for b in outcome.winners:
            wins[b] += 1
        for b in range(n):
            totals[b] += outcome.scores[b]
    labels = [_label(s) for s in specs]
    # Same label twice (e.g. expert vs expert): number them.
    repeated = {label for label in labels if labels.count(label) > 1}
    labels = [f"{label}#{i + 1}" if label in repeated else label for i, label in enumerate(labels)]
    return SimulationResult(
        game=game,
        labels=tuple(labels),
        games=games,
        wins=tuple(wins),
        win_rates=tuple(w / games for w in wins),
        intervals=tuple(wilson_interval(w, games) for w in wins),
        mean_scores=tuple(t / games for t in totals),
        mean_rounds=sum(o.rounds for o in outcomes) / games,
        unfinished=sum(1 for o in outcomes if not o.winners),
        seed=seed,
        outcomes=tuple(outcomes),
    )
