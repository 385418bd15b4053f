"""``cardrules serve``: play in a browser (the ``web`` extra: ``pip install 'cardrules[web]'``).

Starlette and uvicorn are imported only when the command runs, so the rest
of the command (and the library) never needs them.
"""

from __future__ import annotations

import argparse
from typing import IO

from cardrules.cli.errors import CliError, UsageError

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand."""
    parser = commands.add_parser(
        "serve",
        help="play in a web browser",
        description="Serve the web app: a lobby, tables against computer opponents, a "
        "spectator's view and the leaderboard, on http://HOST:PORT/. Needs the web extra "
        "(pip install 'cardrules[web]').",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--data",
        metavar="DIR",
        help="where games are saved (default: saves/web in the data folder)",
    )
    parser.add_argument("--leaderboard", metavar="PATH", help="the leaderboard file")
    parser.add_argument(
        "--idle-hours", type=float, default=168.0, help="drop games idle this long (default 168)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], _inp: IO[str]) -> int:
    """Serve until interrupted."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be 1..65535, not {args.port}")
    if not args.idle_hours > 0:
        raise UsageError("--idle-hours must be above 0")
    try:
        import uvicorn

        from cardrules.web import GameStore, create_app
    except ImportError as exc:
        raise CliError(
            f"the web extra is not installed ({exc.name} is missing): pip install 'cardrules[web]'"
        ) from None
    store = GameStore(args.data, leaderboard=args.leaderboard, idle_seconds=args.idle_hours * 3600)
    out.write(f"cardrules: serving on http://{args.host}:{args.port}/ (games in {store.folder})\n")
    out.flush()
    uvicorn.run(create_app(store), host=args.host, port=args.port, log_level="warning")
    return 0
