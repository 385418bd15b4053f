"""``cardrules watch GAME --bots easy,expert``: computer players only, turn by turn.

The spectator's view is drawn at the start of every turn and every action is
printed; ``--open`` draws every hand (and the stock) instead, and names the
cards the bots draw. Nothing is hidden from the watcher of a game between
bots, so the seed is printed: with ``--seed`` the game and its output are
reproduced exactly; the output holds no timestamps or anything else that
varies.
"""

from __future__ import annotations

import argparse
import time
from typing import IO

from cardrules import rng
from cardrules.cli.errors import UsageError
from cardrules.cli.options import GAME_TITLES, add_game_option_flags, build_config, game_name
from cardrules.cli.players import LEVELS, derive_seed, make_player, parse_levels
from cardrules.cli.render import style_for
from cardrules.cli.saves import confirm_overwrite
from cardrules.cli.session import Session

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``watch`` subcommand."""
    parser = commands.add_parser(
        "watch",
        help="watch computer players play a game",
        description="Watch computer players play GAME, turn by turn (spectator view).",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help="rummy500, vegas_rummy or casino"
    )
    parser.add_argument(
        "--bots",
        default="normal,expert",
        metavar="LEVEL,LEVEL[,...]",
        help=f"one level a seat, 2-4 seats ({', '.join(LEVELS)}; default normal,expert)",
    )
    parser.add_argument(
        "--delay", type=float, default=0.3, metavar="SECONDS", help="pause between turns (0: none)"
    )
    parser.add_argument("--seed", type=int, help="reproduce a game (and its output) exactly")
    parser.add_argument(
        "--open",
        action="store_true",
        help="show every hand and the stock (not the spectator's view)",
    )
    parser.add_argument("--save", metavar="FILE", help="save the game record when it ends")
    parser.add_argument(
        "--overwrite", action="store_true", help="let --save replace an existing file unasked"
    )
    parser.add_argument("--actions-only", action="store_true", help="print actions, not the table")
    parser.add_argument("--no-color", action="store_true", help="no colors (also: NO_COLOR=1)")
    parser.add_argument(
        "--ascii", action="store_true", help="cards as AS, 10D instead of suit signs"
    )
    add_game_option_flags(parser, seats=False)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], inp: IO[str]) -> int:
    """Play a bots-only game to its end, printing it."""
    levels = parse_levels(args.bots)
    if not 2 <= len(levels) <= 4:
        raise UsageError(f"--bots lists 2-4 levels, one a seat, not {len(levels)}")
    if args.delay < 0:
        raise UsageError(f"--delay cannot be negative, not {args.delay}")
    config = build_config(args.game, args, players=len(levels))
    confirm_overwrite(args.save, inp, out, overwrite=args.overwrite)
    seed = args.seed if args.seed is not None else rng.draw_seed()
    try:
        rng.validate_seed(seed)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad --seed: {exc}") from None
    players = {
        seat: make_player(args.game, level, derive_seed(seed, "seat", seat))
        for seat, level in enumerate(levels)
    }
    names = [f"Seat {seat} ({p.level})" for seat, p in players.items()]
    style = style_for(out, no_color=args.no_color, ascii_only=args.ascii)
    session = Session.start(args.game, config, seed, names, style, out)
    session.open = args.open
    session.levels = list(levels)
    session.say(f"{GAME_TITLES[args.game]}: " + ", ".join(names) + f".  Seed {seed}.")
    for note in sorted({p.note for p in players.values() if p.note}):
        session.say(f"Note: {note}.")
    last: tuple[object, object] | None = None
    while not session.state.is_over:
        for seat in range(len(players), len(session.state.hands)):
            # A seat added by a join (Las Vegas Rummy): the hardest level at the table plays it.
            level = max((p.level for p in players.values()), key=LEVELS.index)
            players[seat] = make_player(args.game, level, derive_seed(seed, "seat", seat))
            session.names.append(f"Seat {seat} ({level})")
            session.levels.append(level)
        seat = session.state.to_act
        # A new round draws its table (its header) before its first move, even
        # when the seat that ended the last round also begins this one.
        turn = (seat, session.state.round_number)
        if turn != last:
            if last is not None and args.delay:
                time.sleep(args.delay)
            if not args.actions_only:
                session.draw_table(None)
            last = turn
        session.play(players[seat].bot.choose(session.view(seat)))
    if args.save:
        path = session.save(args.save)
        session.say(f"Game saved to {path}.")
    return 0
