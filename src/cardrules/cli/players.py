"""Computer players for the command: bots by level, with a fallback, and seat labels.

Only ``cardrules.bots.make(game, level, seed=...)`` and ``bot.choose(view)``
are used. While a game has no bot of some level yet, the nearest level that
exists stands in (weaker first), and the command says so.
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

import attrs

from cardrules import bots
from cardrules.cli.errors import UsageError

__all__ = ["LEVELS", "Player", "derive_seed", "make_player", "parse_levels"]

LEVELS: Final[tuple[str, ...]] = tuple(
    getattr(bots, "LEVELS", ("random", "easy", "normal", "expert"))
)
"""Bot levels, weakest first."""


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for one part of a game (a bot's seat, a hint), a pure function of its inputs."""
    text = ":".join(str(p) for p in ("cardrules-cli", seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little") >> 1


@attrs.define
class Player:
    """A computer player at one seat: the bot, the level asked for and the level it plays."""

    bot: Any
    asked: str
    level: str

    @property
    def note(self) -> str | None:
        """Why the level differs from the one asked for, or ``None``."""
        if self.asked == self.level:
            return None
        return f"no {self.asked} bot for this game yet; a {self.level} bot plays instead"


def make_player(game: str, level: str, seed: int) -> Player:
    """A bot of ``level`` for ``game``, or the nearest level the game has today."""
    if level not in LEVELS:
        raise UsageError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    index = LEVELS.index(level)
    order = [level, *reversed(LEVELS[:index]), *LEVELS[index + 1 :]]
    for candidate in order:
        try:
            bot = bots.make(game, candidate, seed=seed)
        except ValueError:
            continue
        return Player(bot, level, candidate)
    raise UsageError(f"no computer player exists for {game} yet")


def parse_levels(text: str, count: int | None = None) -> list[str]:
    """A comma-separated list of levels (``easy,expert``); one level repeats ``count`` times."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not levels:
        raise UsageError("give at least one level, e.g. easy or easy,expert")
    for level in levels:
        if level not in LEVELS:
            raise UsageError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    if count is not None:
        if len(levels) == 1:
            return levels * count
        if len(levels) != count:
            raise UsageError(
                f"give one level or {count} levels (one per opponent), not {len(levels)}"
            )
    return levels
