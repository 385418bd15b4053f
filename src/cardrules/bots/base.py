"""The bot protocol and the random bot, which plays any game.

A bot is an object with ``choose(view) -> action``. It is given the view of
*its own seat* (never the full state) each time that seat is to act, and it may
remember what it saw between calls. One bot instance plays one seat of one
game; call :meth:`Bot.reset` (or make a fresh bot) before another game.

>>> from cardrules import rummy500
>>> bot = RandomBot("rummy500", seed=3)
>>> state = rummy500.new_game(seed=1)
>>> action = bot.choose(rummy500.view(state, state.to_act))
>>> action in rummy500.legal_actions(state)
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

__all__ = ["Bot", "RandomBot", "legal_actions_of"]


@runtime_checkable
class Bot(Protocol):
    """What every computer player provides.

    ``game`` and ``level`` name what it plays and how well; ``choose`` returns
    one of ``view.legal_actions``; ``reset`` forgets everything remembered so
    the instance can start a new game (same seed: same play again).
    """

    game: str
    level: str

    def choose(self, view: Any) -> Any:
        """The action to play, given the view of the bot's seat when it is to act."""
        ...

    def reset(self) -> None:
        """Forget the current game: memory and random stream start afresh."""
        ...


def legal_actions_of(view: Any) -> tuple[Any, ...]:
    """The legal actions a view carries (``legal_actions``, or ``legal`` in some games).

    Raises ``ValueError`` when the view's seat is not to act, so a bot is never
    asked to move out of turn silently.
    """
    actions = getattr(view, "legal_actions", None)
    if actions is None:
        actions = getattr(view, "legal", None)
    if not actions:
        raise ValueError(
            "this view has no legal actions: a bot is asked to choose only when its seat is to act"
        )
    return tuple(actions)


class RandomBot:
    """Plays a uniformly random legal action; the floor every level must beat.

    Deterministic given ``seed`` (its own :class:`random.Random`, never the
    module-global generator).
    """

    level = "random"

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._random = random.Random(seed)

    def choose(self, view: Any) -> Any:
        """A random legal action of ``view``."""
        return self._random.choice(legal_actions_of(view))

    def reset(self) -> None:
        """Restart the random stream from the seed."""
        self._random = random.Random(self.seed)

    def __repr__(self) -> str:
        return f"RandomBot(game={self.game!r}, seed={self.seed!r})"
