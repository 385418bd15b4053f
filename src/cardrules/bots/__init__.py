"""Computer players for every game: ``make(game, level, seed=...)``.

Levels, weakest first: ``"random"`` (a uniformly random legal action, the floor),
``"easy"``, ``"normal"`` and ``"expert"``; the expert searches for
``think_time`` seconds a decision (:mod:`cardrules.bots.search`) and
:func:`hint` asks it what a player should do. A bot has ``choose(view) -> action``:
it is given the :func:`view <cardrules.view>` of its own seat each time that
seat is to act and never sees the full state. It may remember what it saw
between calls, so **one bot instance plays one seat of one game**: use
``bot.reset()`` or a fresh :func:`make` for the next game. Bots are
deterministic given their seed (each owns a :class:`random.Random`).

Per-game modules hold the levels of each game (:mod:`cardrules.bots.rummy500`,
:mod:`cardrules.bots.casino`, :mod:`cardrules.bots.vegas_rummy`), each listing
its classes in ``LEVEL_CLASSES``; a new game's bots go in a module of the same
shape. Asking for a level a game lacks raises ``ValueError`` naming what is
available.

>>> from cardrules import bots, rummy500
>>> bot = bots.make("rummy500", "expert", seed=7)
>>> state = rummy500.new_game(seed=3)
>>> bot.choose(rummy500.view(state, state.to_act)) in rummy500.legal_actions(state)
True
>>> bots.make("rummy500", "genius")
Traceback (most recent call last):
...
ValueError: unknown bot level 'genius'; the levels are random, easy, normal, expert
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

from cardrules.bots.base import Bot, RandomBot, legal_actions_of
from cardrules.bots.hint import Hint, hint
from cardrules.bots.search import search_think_time
from cardrules.bots.simulate import SimulationResult, simulate, wilson_interval
from cardrules.engine import GAMES

__all__ = [
    "LEVELS",
    "Bot",
    "Hint",
    "RandomBot",
    "SimulationResult",
    "available_levels",
    "hint",
    "legal_actions_of",
    "make",
    "simulate",
    "wilson_interval",
]

LEVELS: Final = ("random", "easy", "normal", "expert")
"""Bot levels, weakest first."""

_GAME_MODULES: Final = {
    "rummy500": "cardrules.bots.rummy500",
    "vegas_rummy": "cardrules.bots.vegas_rummy",
    "casino": "cardrules.bots.casino",
}
"""Games with their own bot module; each defines ``LEVEL_CLASSES`` (level -> class(seed))."""


def _level_classes(game: str) -> dict[str, Callable[..., Any]]:
    module_name = _GAME_MODULES.get(game)
    if module_name is None:
        return {}
    module = importlib.import_module(module_name)
    classes: dict[str, Callable[..., Any]] = module.LEVEL_CLASSES
    return classes


def available_levels(game: str) -> tuple[str, ...]:
    """The levels :func:`make` can build for ``game`` today ("random" always)."""
    _check_game(game)
    return ("random", *(level for level in LEVELS if level in _level_classes(game)))


def _check_game(game: object) -> str:
    if not isinstance(game, str):
        raise TypeError(f"a game name is text, not {type(game).__name__}")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    return game


def make(
    game: str, level: str, *, seed: int | None = None, think_time: float | None = None
) -> Bot:
    """A new bot playing ``game`` at ``level`` (one of :data:`LEVELS`).

    ``seed`` makes its play reproducible; ``None`` lets it vary. ``think_time``
    is the expert's search budget per decision in seconds (``None``: the
    default :data:`~cardrules.bots.search.DEFAULT_THINK_TIME`; 0: no search, its
    heuristic alone); other levels do not think and refuse it. Unknown games
    or levels raise ``ValueError``, and so does a level a game has no bot for.

    >>> make("casino", "expert", seed=1, think_time=0.05).think_time
    0.05
    >>> make("casino", "normal", think_time=1)
    Traceback (most recent call last):
    ...
    ValueError: only the expert searches: think_time is for level 'expert', not 'normal'
    """
    _check_game(game)
    if not isinstance(level, str):
        raise TypeError(f"a bot level is text, not {type(level).__name__}")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"a bot seed is a whole number or None, not {seed!r}")
    if think_time is not None:
        if level != "expert":
            raise ValueError(
                f"only the expert searches: think_time is for level 'expert', not {level!r}"
            )
        search_think_time(think_time)
    if level == "random":
        return RandomBot(game, seed=seed)
    classes = _level_classes(game)
    if level not in classes:
        raise ValueError(
            f"no {level!r} bot for {game!r} yet; available: {', '.join(available_levels(game))}"
        )
    if think_time is not None:
        expert: Bot = classes[level](seed=seed, think_time=think_time)
        return expert
    bot: Bot = classes[level](seed=seed)
    return bot
