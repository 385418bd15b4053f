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
import math
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules import engine

__all__ = [
    "GameOutcome",
    "SimulationResult",
    "play_game",
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
    """What :func:`simulate` measured. Everything is listed per bot, in the order given.

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

    Seats follow :func:`seating`. The deal uses a seed derived from
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


def simulate(
    game: str,
    bots: Sequence[BotSpec],
    *,
    games: int = 100,
    seed: int = 0,
    config: object | None = None,
    workers: int = 1,
) -> SimulationResult:
    """Play ``games`` seeded full games of ``game`` between ``bots`` and measure them.

    ``bots`` lists one entry per seat: a level name (``"expert"``) or a
    module-level factory ``f(seed) -> bot``. Seats change from game to game
    through every order of the bots (:func:`seating`), so no bot keeps the first
    move or always follows the same opponent; use a multiple of ``len(bots)!``
    games for a fully balanced match. ``workers > 1`` spreads the games over that
    many processes (``spawn``-safe: call it under ``if __name__ ==
    "__main__":`` in scripts); the result does not depend on ``workers``.
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
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    specs = tuple(bots)
    if workers == 1 or games == 1:
        outcomes = _play_chunk((game, specs, tuple(range(games)), seed, config))
    else:
        chunks = [tuple(range(games))[w::workers] for w in range(workers)]
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers) as pool:
            parts = pool.map(_play_chunk, [(game, specs, c, seed, config) for c in chunks if c])
        outcomes = sorted((o for part in parts for o in part), key=lambda o: o.index)
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
