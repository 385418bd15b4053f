"""``cardrules replay FILE``: step through a saved game, move by move.

The file is a game record written by ``play --save`` (or quitting ``play``) or
``watch --save``; loading it replays and re-checks every action. Each move is
printed with the seat that played it, and the table is drawn as a spectator
sees it at the start of every turn. ``--step`` waits for Enter between moves
(the default when input is a terminal); ``q`` then stops.
"""

from __future__ import annotations

import argparse
from typing import IO

from cardrules import engine
from cardrules.cli.options import GAME_TITLES
from cardrules.cli.render import style_for
from cardrules.cli.session import Session, load_record

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``replay`` subcommand."""
    parser = commands.add_parser(
        "replay",
        help="step through a saved game",
        description="Replay a saved game record, printing each action and the table.",
    )
    parser.add_argument("file", metavar="FILE", help="a game saved by play or watch")
    parser.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="wait for Enter between turns (default: when input is a terminal)",
    )
    parser.add_argument("--actions-only", action="store_true", help="print actions, not the table")
    parser.add_argument("--no-color", action="store_true", help="no colors (also: NO_COLOR=1)")
    parser.add_argument(
        "--ascii", action="store_true", help="cards as AS, 10D instead of suit signs"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], inp: IO[str]) -> int:
    """Print the saved game."""
    record = load_record(args.file)
    step = args.step if args.step is not None else _isatty(inp)
    style = style_for(out, no_color=args.no_color, ascii_only=args.ascii)
    first = engine.new_game(record.game, record.config, seed=record.seed, deck=record.deck)
    session = Session(
        record.game, record.config, record.seed, first, [], style, out, [], record.deck
    )
    seats = len(session.state.hands)
    session.names = [f"Seat {seat}" for seat in range(seats)]
    session.say(
        f"{GAME_TITLES[record.game]}: replay of {args.file}, {len(record.actions)} actions, "
        f"seed {record.seed}."
    )
    last = None
    for number, action in enumerate(record.actions, 1):
        seat = session.state.to_act
        if seat != last:
            if step and last is not None:
                out.write("[Enter: next turn, q: stop] ")
                out.flush()
                answer = inp.readline()
                if not answer or answer.strip().lower() in ("q", "quit"):
                    session.say("", f"Stopped after {number - 1} of {len(record.actions)} actions.")
                    return 0
            if not args.actions_only:
                session.draw_table(None)
            last = seat
        session.play(action)
    if not session.state.is_over:
        session.say("", "The record ends here; the game was not finished.")
        if not args.actions_only:
            session.draw_table(None)
    return 0


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
