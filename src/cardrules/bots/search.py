"""Determinized search: the expert of every game weighs its best moves over sampled deals.

Perfect-information Monte Carlo: the expert cannot see the other hands or the
stock, so it deals them at random, consistently with its view and what it
remembers (a *world*), and plays each candidate move out in every world with a
fast policy, to the end of the round or a horizon where an evaluation scores
it. The candidate with the best average wins. Every candidate is tried in the
same worlds with the same random play-out stream (common random numbers), so
their averages differ by the move and not by the luck of the deal.

Each game gives the pieces (a :class:`SearchGame`): the candidates (the
heuristic's own choice first, then the few others worth checking), a world
sampler that reads only the view and the memory, and a play-out that returns
the candidate's value in a world and the work it took.

**Budget.** ``think_time`` seconds is turned into *work*: a number of
play-out steps (moves simulated), ``think_time`` × the game's calibrated
steps per second (:data:`STEPS_PER_SECOND`, measured on a loaded 2-core
machine). The search stops after the first whole world that spends the
budget, so a given seed and budget give the same move on any machine, fast or
slow. Two caps are safety nets only: the processor time of this process
reaching ``think_time`` × :data:`DEADLINE_FACTOR` (a machine or a position far
slower per step than calibrated; other processes' load does not count), and
the wall clock reaching ``think_time`` × :data:`WALL_FACTOR` (a machine so busy
that the player would wait). When one binds, the worlds finished by then
decide and the move may differ from run to run (the search reports it in
:attr:`SearchResult.capped`). A decision with one legal action (or one
candidate) returns at once.

>>> from cardrules import bots, rummy500
>>> bot = bots.make("rummy500", "expert", seed=7, think_time=0.05)
>>> state = rummy500.new_game(seed=3)
>>> bot.choose(rummy500.view(state, state.to_act)) in rummy500.legal_actions(state)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

__all__ = [
    "DEADLINE_FACTOR",
    "DEFAULT_THINK_TIME",
    "STEPS_PER_SECOND",
    "WALL_FACTOR",
    "ExpertFactory",
    "SearchGame",
    "SearchResult",
    "check_think_time",
    "decide",
    "search",
    "search_think_time",
    "work_budget",
]

DEFAULT_THINK_TIME: Final = 0.15
"""Seconds an expert thinks per decision unless told otherwise: short enough that a
player in the browser does not wait (the p99 measured is in ``docs/bots.rst``)."""

DEADLINE_FACTOR: Final = 3.0
"""The safety cap on the processor time of a search is ``think_time`` times this;
past it no new play-out starts (one play-out already under way finishes)."""

WALL_FACTOR: Final = 5.0
"""The wall-clock cap is ``think_time`` times this (0.75 s by default): it binds only
when the machine is so busy that the process gets well under a third of a processor."""

STEPS_PER_SECOND: Final = {"rummy500": 2500, "vegas_rummy": 2500, "casino": 10000}
"""Play-out steps per second of each game's search on a loaded 2-core machine
(``benchmarks/expert_decision_time.py`` measures them): the work budget of a
second of thought."""

MAX_THINK_TIME: Final = 60.0
"""The longest think time accepted, in seconds."""


def check_think_time(think_time: object) -> float:
    """``think_time`` as seconds, or ``TypeError`` / ``ValueError`` for a bad one.

    >>> check_think_time(0.25)
    0.25
    >>> check_think_time(0)
    Traceback (most recent call last):
    ...
    ValueError: think_time is more than 0 and at most 60 seconds, not 0
    """
    if isinstance(think_time, bool) or not isinstance(think_time, int | float):
        raise TypeError(f"think_time is a number of seconds, not {think_time!r}")
    if not 0 < think_time <= MAX_THINK_TIME:
        raise ValueError(
            f"think_time is more than 0 and at most {MAX_THINK_TIME:g} seconds, not {think_time!r}"
        )
    return float(think_time)


def work_budget(game: str, think_time: float) -> int:
    """The play-out steps a search of ``game`` may spend for ``think_time`` seconds.

    >>> work_budget("casino", 0.1)
    1000
    """
    return max(1, round(STEPS_PER_SECOND[game] * think_time))


class SearchGame(Protocol):
    """The pieces a game gives the search (see the module docstring)."""

    def sample(self, view: Any, rnd: random.Random) -> Any:
        """A world: the hidden cards dealt at random, consistently with ``view`` and memory."""
        ...

    def play_out(self, world: Any, candidate: Any, rnd: random.Random) -> tuple[float, int]:
        """The value for the searching seat of ``candidate`` in ``world``, and the steps spent."""
        ...


@attrs.frozen
class SearchResult:
    """What a search found: the ``best`` candidate and everyone's average value.

    ``values`` follows the order of the candidates; ``worlds`` is how many
    worlds every candidate was played in, ``work`` the steps spent, and
    ``capped`` whether a time cap stopped it before its work budget.
    """

    best: Any
    values: tuple[float, ...]
    worlds: int
    work: int
    capped: bool

    @property
    def margin(self) -> float:
        """How much better the best candidate did than the next best (0 with one)."""
        ranked = sorted(self.values, reverse=True)
        return ranked[0] - ranked[1] if len(ranked) > 1 else 0.0


def search(
    candidates: Sequence[Any],
    game: SearchGame,
    view: Any,
    rnd: random.Random,
    *,
    work: int,
    deadline: float,
    clock: Callable[[], float] = time.process_time,
    wall_deadline: float = math.inf,
    prior: float = 0.0,
    confidence: float = 0.0,
) -> SearchResult:
    """Play every candidate out in sampled worlds until ``work`` steps are spent.

    ``candidates[0]`` is the heuristic's own choice: it keeps ties, gets
    ``prior`` added to its average (a search with few worlds should not
    overturn a good heuristic by noise), and is the answer if not one world
    could be finished before ``deadline`` (a ``clock()`` time, processor time by
    default) or ``wall_deadline`` (a ``time.perf_counter()`` time).

    ``confidence`` (standard errors) makes the overturn a test: another
    candidate replaces the heuristic's only if its gain over it, world by world,
    less ``confidence`` standard errors of that gain, still exceeds ``prior``
    (with fewer than two worlds nothing is overturned). The worlds are paired
    (every candidate meets the same deal and stream), so the error is that of
    the differences, small when the candidates differ only by the move.

    >>> import random
    >>> class Guess:  # a toy game: a candidate is worth itself, plus noise
    ...     def sample(self, view, rnd): return rnd.random()
    ...     def play_out(self, world, candidate, rnd): return candidate + world, 1
    >>> found = search([1, 3, 2], Guess(), None, random.Random(0), work=30, deadline=1e18)
    >>> found.best, found.worlds, found.work
    (3, 10, 30)
    """
    if not candidates:
        raise ValueError("a search needs at least one candidate")
    if len(candidates) == 1:
        return SearchResult(candidates[0], (0.0,), 0, 0, False)
    totals = [0.0] * len(candidates)
    gains_squared = [0.0] * len(candidates)
    spent = 0
    worlds = 0
    capped = False
    while spent < work:
        world = game.sample(view, rnd)
        stream = rnd.getrandbits(64)
        values: list[float] = []
        for candidate in candidates:
            value, steps = game.play_out(world, candidate, random.Random(stream))
            values.append(value)
            spent += steps
            if clock() > deadline or time.perf_counter() > wall_deadline:
                capped = True
                break
        if capped:
            break  # a world not finished by every candidate would favour the early ones
        for k, value in enumerate(values):
            totals[k] += value
            gains_squared[k] += (value - values[0]) ** 2
        worlds += 1
    if worlds == 0:
        return SearchResult(candidates[0], tuple(0.0 for _ in candidates), 0, spent, capped)
    means = [total / worlds for total in totals]
    means[0] += prior
    best = max(range(len(candidates)), key=lambda k: (means[k], -k))
    if best and confidence > 0 and not _significant(
        (totals[best] - totals[0]) / worlds,
        gains_squared[best],
        worlds,
        prior,
        confidence,
    ):
        best = 0
    return SearchResult(candidates[best], tuple(means), worlds, spent, capped)


def _significant(
    mean_gain: float, gains_squared: float, worlds: int, prior: float, confidence: float
) -> bool:
    """Whether a mean paired gain beats ``prior`` by ``confidence`` standard errors."""
    if worlds < 2:
        return False
    variance = max(0.0, (gains_squared - worlds * mean_gain**2) / (worlds - 1))
    return mean_gain - confidence * math.sqrt(variance / worlds) > prior


def decide(
    game_name: str,
    candidates: Sequence[Any],
    game: SearchGame,
    view: Any,
    rnd: random.Random,
    think_time: float,
    *,
    prior: float = 0.0,
    confidence: float = 0.0,
) -> SearchResult:
    """:func:`search` with the work budget and the two caps of ``think_time`` seconds.

    >>> class Guess:
    ...     def sample(self, view, rnd): return 0
    ...     def play_out(self, world, candidate, rnd): return -candidate, 1
    >>> decide("casino", [2, 1], Guess(), None, random.Random(0), 0.001).best
    1
    """
    return search(
        candidates,
        game,
        view,
        rnd,
        work=work_budget(game_name, think_time),
        deadline=time.process_time() + think_time * DEADLINE_FACTOR,
        wall_deadline=time.perf_counter() + think_time * WALL_FACTOR,
        prior=prior,
        confidence=confidence,
    )


def search_think_time(think_time: object) -> float:
    """An expert's ``think_time``: ``None`` is :data:`DEFAULT_THINK_TIME`, 0 turns search off.

    >>> search_think_time(None), search_think_time(0), search_think_time(1)
    (0.15, 0.0, 1.0)
    """
    if think_time is None:
        return DEFAULT_THINK_TIME
    if isinstance(think_time, int | float) and not isinstance(think_time, bool) and think_time == 0:
        return 0.0
    return check_think_time(think_time)


@attrs.frozen
class ExpertFactory:
    """Makes experts of ``game`` thinking ``think_time`` seconds: a bot spec for ``simulate``.

    ``simulate`` calls a spec with a seed, and its worker processes need one they
    can pickle, which a lambda is not.

    >>> from cardrules.bots import simulate
    >>> from cardrules import casino
    >>> quick = ExpertFactory("casino", 0.001)
    >>> quick(5).think_time
    0.001
    >>> simulate("casino", [quick, "random"], games=2, seed=1,
    ...          config=casino.Config(target=1)).games
    2
    """

    game: str
    think_time: float

    def __call__(self, seed: int | None) -> Any:
        """A new expert with ``seed``."""
        from cardrules.bots import make  # cardrules.bots imports this module

        return make(self.game, "expert", seed=seed, think_time=self.think_time)

    @property
    def __name__(self) -> str:
        """The label ``simulate`` shows for this spec."""
        return f"expert@{self.think_time:g}s"
