"""``cardrules serve``: play in a browser (the ``web`` extra: ``pip install 'cardrules[web]'``).

Starlette and uvicorn are imported only when the command runs, so the rest
of the command (and the library) never needs them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO

from cardrules.cli.errors import CliError, UsageError

__all__ = ["add_parser", "add_site_parser", "run", "run_site"]


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


def add_site_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``site`` subcommand: ``cardrules site build OUT [--pyodide DIR]``."""
    parser = commands.add_parser(
        "site",
        help="write the browser game as a static site",
        description="Write a static web site that plays every game against the computer "
        "entirely in the browser (the engine runs under Pyodide on the player's device, and "
        "plays offline after the first visit). Any static file server can host it.",
    )
    actions = parser.add_subparsers(dest="site_command", metavar="ACTION", required=True)
    build = actions.add_parser(
        "build",
        help="write the site into a folder",
        description="Write the site into OUT: the pages, the wheels of cardrules, attrs and "
        "typing-extensions, and the Pyodide runtime from the pyodide npm package.",
    )
    build.add_argument("out", metavar="OUT", help="the folder to write (made if missing)")
    build.add_argument(
        "--pyodide",
        metavar="DIR",
        help="the unpacked pyodide npm package (node_modules/pyodide, or a folder holding it); "
        "default: fetch it with npm",
    )
    build.set_defaults(run=run_site)


def run_site(args: argparse.Namespace, out: IO[str], _err: IO[str], _inp: IO[str]) -> int:
    """Build the static site."""
    from cardrules.web.site import PYODIDE_VERSION, build_site

    target = Path(args.out)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} is a file, not a folder")
    try:
        written = build_site(target, pyodide_dir=Path(args.pyodide) if args.pyodide else None)
    except (ValueError, OSError) as exc:
        raise CliError(str(exc)) from None
    size = sum(path.stat().st_size for path in written)
    out.write(
        f"cardrules: wrote the site to {target} ({len(written)} files, {size / 1e6:.1f} MB, "
        f"Pyodide {PYODIDE_VERSION}); serve the folder over http(s), e.g. "
        f"python -m http.server -d {target}\n"
    )
    return 0
