"""The ``cardrules`` command: argument parsing, dispatch and exit codes.

Exit codes: 0 success; 2 bad usage (argparse errors, an unknown game, bad
flag values); 1 an error explained in one line (a save file that cannot be
loaded, a file that cannot be written); 130 interrupted by Ctrl-C. User
errors never print a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from cardrules import __version__
from cardrules.cli import (
    leaderboard,
    play,
    replay,
    rules_text,
    saves,
    serve,
    simulate,
    watch,
)
from cardrules.cli.errors import CliError

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="Play, watch and measure Rummy 500, Las Vegas Rummy and Casino in a terminal.",
        epilog="Run `cardrules COMMAND --help` for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play.add_parser(commands)
    watch.add_parser(commands)
    simulate.add_parser(commands)
    replay.add_parser(commands)
    saves.add_parser(commands)
    leaderboard.add_parser(commands)
    rules_text.add_parser(commands)
    serve.add_parser(commands)
    serve.add_site_parser(commands)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command with ``argv`` (default ``sys.argv[1:]``); returns the exit code.

    The streams default to the process's; tests pass their own.
    """
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    for stream in (out, err):
        if stream in (sys.stdout, sys.stderr) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # a name the terminal cannot show: no crash
    parser = build_parser()
    try:
        old_out, old_err = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err  # argparse prints help and errors there
        try:
            args = parser.parse_args(argv)
        finally:
            sys.stdout, sys.stderr = old_out, old_err
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    try:
        code: int = args.run(args, out, err, inp)
    except CliError as exc:
        out.flush()
        err.write(f"cardrules {args.command}: error: {exc.message}\n")
        return exc.code
    except KeyboardInterrupt:
        err.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
