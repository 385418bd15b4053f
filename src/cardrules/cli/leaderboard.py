"""The leaderboard: the ``leaderboard`` command and recording ``play`` results.

This is the only module of the command that talks to :mod:`cardrules.ranking`
(``Leaderboard(path)``, ``record(...)``, ``table(...)``, ``default_path()``,
``POINTS``, ``MAX_NAME_LENGTH``, ``MAX_LIMIT``). The ``leaderboard`` command
opens the file read-only: it never writes, creates or converts anything, so a
read-only file can be shown, and a file that is not ours is refused untouched.
"""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Sequence
from typing import IO

from cardrules import ranking
from cardrules.cli.errors import CliError, UsageError
from cardrules.cli.options import GAME_TITLES, game_name
from cardrules.engine import GAMES

__all__ = [
    "RANKED_LEVELS",
    "add_parser",
    "check_player_name",
    "default_db",
    "record_result",
    "run",
]

RANKED_LEVELS = tuple(ranking.POINTS)
"""The computer levels a win earns ranking points against."""


def default_db() -> str:
    """The leaderboard file used when ``--leaderboard``/``--db`` is not given."""
    return str(ranking.default_path())


def check_player_name(name: str) -> str:
    """The name, trimmed, if the leaderboard will take it; else :class:`UsageError`."""
    trimmed = name.strip()
    if not trimmed or len(trimmed) > ranking.MAX_NAME_LENGTH or not trimmed.isprintable():
        raise UsageError(
            f"--name must be 1-{ranking.MAX_NAME_LENGTH} printable characters, not {name!r}"
        )
    return trimmed


def record_result(
    db: str | None, player: str, game: str, *, won: bool, opponents: Sequence[str]
) -> str:
    """Record a finished game and say what happened, in one line for the player.

    Games against unranked opponents (the random bot) are not recorded. A
    leaderboard that cannot be opened or written is reported, not raised: the
    game itself is over and saved either way.
    """
    unranked = sorted({level for level in opponents if level not in RANKED_LEVELS})
    if unranked:
        return f"Not recorded on the leaderboard: {', '.join(unranked)} opponents are unranked."
    try:
        with ranking.Leaderboard(db) as board:
            points = board.record(player, game, won=won, opponents=list(opponents))
            path = board.path
    except (ValueError, OSError, sqlite3.Error) as exc:
        return f"Could not record the result on the leaderboard: {exc}"
    if won:
        return f"{points} ranking points for {player} on the leaderboard ({path})."
    return f"Recorded a lost game for {player} on the leaderboard ({path})."


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``leaderboard`` subcommand."""
    parser = commands.add_parser(
        "leaderboard",
        help="show players, points and wins",
        description="Show the leaderboard: players, ranking points, wins and games, per game "
        "or over all games.",
    )
    parser.add_argument("--game", type=game_name, help="one game only (default: all games)")
    parser.add_argument(
        "--db", metavar="PATH", help=f"the leaderboard file (default {default_db()})"
    )
    parser.add_argument(
        "--limit",
        type=int,
        default=20,
        help=f"show at most this many players (1-{ranking.MAX_LIMIT}, default 20)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], _inp: IO[str]) -> int:
    """Print the leaderboard."""
    if not 1 <= args.limit <= ranking.MAX_LIMIT:
        raise UsageError(f"--limit must be 1..{ranking.MAX_LIMIT}, not {args.limit}")
    try:
        # Read-only: showing the board never writes, creates or converts a file.
        with ranking.Leaderboard(args.db, read_only=True) as board:
            out.write(f"Leaderboard ({board.path})\n")
            games: list[str | None] = [args.game] if args.game else [*GAMES, None]
            shown = 0
            for game in games:
                rows = board.table(game, limit=args.limit)
                if not rows and args.game is None:
                    continue
                if game is None and shown < 2:
                    continue  # one game only: its table is the total
                shown += 1
                _write_table(out, GAME_TITLES[game] if game else "all games", rows)
            if args.game is None and shown == 0:
                out.write("  no games recorded yet\n")
    except ValueError as exc:  # a file that is not a leaderboard: the reason names it
        raise CliError(f"cannot open the leaderboard: {exc}") from None
    except (OSError, sqlite3.Error) as exc:
        raise CliError(f"cannot open the leaderboard {args.db or default_db()}: {exc}") from None
    return 0


def _write_table(out: IO[str], what: str, rows: Sequence[ranking.Standing]) -> None:
    out.write(f"\n{what}\n")
    if not rows:
        out.write("  no games recorded yet\n")
        return
    width = max(6, *(len(row.player) for row in rows))
    out.write(
        f"  {'#':>3}  {'player':<{width}}  {'points':>6}  {'wins':>4}  {'games':>5}  best win\n"
    )
    for place, row in enumerate(rows, 1):
        out.write(
            f"  {place:>3}  {row.player:<{width}}  {row.points:>6}  {row.wins:>4}  "
            f"{row.games:>5}  {row.best_level or '-'}\n"
        )
