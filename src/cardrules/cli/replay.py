"""``cardrules replay FILE``: step through a saved game, move by move, back and forth.

The file is a game record written by ``play`` (on quitting, or with
``--save``) or ``watch --save``; a bare file name is also looked for in the
saves folder. Loading it replays and re-checks every action. Each move is
printed with the name of the seat that played it (the names kept beside the
save, else ``Seat n``), and the table is drawn at the start of every turn: as
the player who saved it saw it (their own hand, the cards they drew) while
the game is unfinished — as a spectator sees it when no seat was a person's
(``watch --save``) — and with every hand once the game is over (nothing is
hidden any more). ``--step`` waits between turns
(the default when input is a terminal): Enter goes on, ``b`` steps back a
turn, ``q`` stops. The seed is never printed.
"""

from __future__ import annotations

import argparse
from typing import IO

from cardrules.cli.options import GAME_TITLES
from cardrules.cli.render import style_for
from cardrules.cli.saves import read_seats, resolve_save
from cardrules.cli.session import Session, load_record
from cardrules.cli.terminal import enable_line_editing, isatty, read_line

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
    path = resolve_save(args.file)
    record = load_record(path)
    step = args.step if args.step is not None else isatty(inp)
    style = style_for(out, no_color=args.no_color, ascii_only=args.ascii)
    states = record.states()
    first = states[0]
    session = Session(
        record.game, record.config, record.seed, first, [], style, out, [], record.deck
    )
    seats = read_seats(path)
    count = len(first.hands)
    session.names = [f"Seat {seat}" for seat in range(count)]
    if seats is not None:
        session.names = list(seats.names) + session.names[len(seats.names) :]
    over = states[-1].is_over
    session.open = over
    # The person's seat (no computer level beside the save): their own hand is theirs to see.
    player = None
    if seats is not None and None in seats.levels:
        player = seats.levels.index(None)
    session.me = player
    session.say(
        f"{GAME_TITLES[record.game]}: replay of {path}, {len(record.actions)} actions"
        + ("; the game is over, so every hand is shown." if over else ".")
    )
    turns = _turns(states, len(record.actions), frozenset(record.joins))
    if step:
        enable_line_editing(inp, out)
    shown = 0
    while shown < len(turns):
        start, end = turns[shown]
        session.state = states[start]
        session.partial = []
        if not args.actions_only:
            session.draw_table(player)
        for index in range(start, end):
            session.play(record.actions[index])
        if step and shown < len(turns) - 1:
            try:
                answer = read_line(inp, out, "[Enter: next turn, b: back, q: stop] ")
            except EOFError:
                answer = "q"
            answer = answer.strip().lower()
            if answer in ("q", "quit"):
                session.say("", f"Stopped after {end} of {len(record.actions)} actions.")
                return 0
            if answer in ("b", "back"):
                shown = max(0, shown - 1)
                continue
        shown += 1
    if not over:
        session.say("", "The record ends here; the game was not finished.")
        if not args.actions_only:
            session.draw_table(player)
    return 0


def _turns(
    states: list[object], actions: int, joins: frozenset[int] = frozenset()
) -> list[tuple[int, int]]:
    """The actions grouped by turn: ``(first, end)`` index ranges, a turn a seat's run.

    A late join (Las Vegas Rummy) after ``n`` actions ends a turn there too: the
    actions from ``n`` on are played in the state the join made (``states[n]``).
    """
    turns: list[tuple[int, int]] = []
    start = 0
    for index in range(1, actions):
        if index in joins or (
            getattr(states[index], "to_act", None) != getattr(states[index - 1], "to_act", None)
        ):
            turns.append((start, index))
            start = index
    if actions:
        turns.append((start, actions))
    return turns
