"""``cardrules play GAME``: you against 1–3 computer players.

You sit at seat 0. Each time you are to act the table is drawn as your seat
sees it, with your legal actions numbered; type a number or an action's text
(as the game's ``parse_action`` reads it, e.g. ``draw``, ``take 4H``,
``meld 5H 6H 7H``, ``discard KS``, ``6C takes 3S 3D``). ``help``, ``hint``,
``table`` and ``quit`` are always available. Quitting, end of input and
Ctrl-C save the game (``--save`` or a default file) so it can be replayed or
resumed with ``--resume``.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from cardrules import rng
from cardrules.cli.errors import CliError, UsageError
from cardrules.cli.leaderboard import check_player_name, default_db, record_result
from cardrules.cli.options import GAME_TITLES, add_game_option_flags, build_config, game_name
from cardrules.cli.players import LEVELS, Player, derive_seed, make_player, parse_levels
from cardrules.cli.render import columns, name_of, style_for
from cardrules.cli.session import Session, load_record
from cardrules.errors import IllegalActionError

__all__ = ["add_parser", "run"]

HUMAN = 0
"""Your seat."""

_HELP = {
    "rummy500": (
        "draw | take 4H (dig: takes 4H and every card above it) | meld 5H 6H 7H "
        "(a joker: JK=6H) | lay off 8H on #2 | discard KS | end round"
    ),
    "vegas_rummy": (
        "draw | take | meld 5H JK=6H 7H (an open set wild: JK=7?) | layoff 8H #2 | "
        "swap 6H for JK #2 | discard 5C | rebuy | retire | join | deal"
    ),
    "casino": (
        "trail 4D | 6C takes 3S 3D 6H | 8D takes [3H 5S] 8C | AS as 14 takes AD KH | "
        "5C builds 8 with 3C | 3S raises [2C 3D] to 8 | AH adds to [4D 5C] for 9 | "
        "step by step: 6C takes 3S, then and 3D, and 6H, done"
    ),
}


class _QuitError(Exception):
    """The player asked to stop (quit, end of input)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``play`` subcommand."""
    parser = commands.add_parser(
        "play",
        help="play against computer opponents",
        description="Play GAME against 1-3 computer opponents. Type an action's number or its "
        "text; 'help', 'hint', 'table' and 'quit' are always available.",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help="rummy500, vegas_rummy or casino"
    )
    parser.add_argument(
        "--level",
        default="normal",
        metavar="LEVEL[,LEVEL...]",
        help=f"the opponents' level ({', '.join(LEVELS)}), or one per opponent (default normal)",
    )
    parser.add_argument(
        "--opponents", type=int, metavar="N", help="computer opponents, 1-3 (or use --players)"
    )
    add_game_option_flags(parser, seats=True)
    parser.add_argument("--seed", type=int, help="make the deals and the bots reproducible")
    parser.add_argument("--name", default="You", help="your name on the leaderboard (default You)")
    parser.add_argument(
        "--save", metavar="FILE", help="save the game record here (at the end or on quit)"
    )
    parser.add_argument(
        "--resume", metavar="FILE", help="continue a game saved by play --save/quit"
    )
    parser.add_argument(
        "--leaderboard", metavar="PATH", help=f"the leaderboard file (default {default_db()})"
    )
    parser.add_argument("--no-leaderboard", action="store_true", help="do not record the result")
    parser.add_argument("--no-color", action="store_true", help="no colors (also: NO_COLOR=1)")
    parser.add_argument(
        "--ascii", action="store_true", help="cards as AS, 10D instead of suit signs"
    )
    parser.set_defaults(run=run)


def _seat_count(args: argparse.Namespace) -> int | None:
    if args.opponents is not None and args.players not in (None, args.opponents + 1):
        raise UsageError("--players counts you too: give --players or --opponents, not both")
    if args.opponents is not None:
        if not 1 <= args.opponents <= 3:
            raise UsageError(f"--opponents must be 1, 2 or 3, not {args.opponents}")
        return int(args.opponents) + 1
    if args.players is not None:
        if not 2 <= args.players <= 4:
            raise UsageError(
                f"--players must be 2, 3 or 4 (you and 1-3 opponents), not {args.players}"
            )
        return int(args.players)
    return None


def _new_session(args: argparse.Namespace, out: IO[str]) -> Session:
    style = style_for(out, no_color=args.no_color, ascii_only=args.ascii)
    if args.resume:
        record = load_record(args.resume)
        if record.game != args.game:
            raise CliError(
                f"cannot load {args.resume}: it is a {record.game} game, not {args.game}"
            )
        session = Session(
            record.game,
            record.config,
            record.seed,
            record.final_state(),
            [],
            style,
            out,
            list(record.actions),
            record.deck,
        )
        if session.state.is_over:
            raise CliError(f"cannot resume {args.resume}: that game is over")
        return session
    players = _seat_count(args)
    config = build_config(args.game, args, players=players)
    if config.num_players > 4:
        raise UsageError(
            f"play seats you and 1-3 opponents; this game has {config.num_players} players"
        )
    seed = args.seed if args.seed is not None else rng.draw_seed()
    try:
        rng.validate_seed(seed)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad --seed: {exc}") from None
    return Session.start(args.game, config, seed, [], style, out)


def _opponents(args: argparse.Namespace, session: Session) -> dict[int, Player]:
    seats = len(session.state.hands)
    levels = parse_levels(args.level, seats - 1)
    players = {}
    for seat in range(1, seats):
        players[seat] = make_player(
            session.game, levels[seat - 1], derive_seed(session.seed, "seat", seat)
        )
    return players


def _label(seat: int, player: Player) -> str:
    return f"Bot {seat} ({player.level})"


def run(args: argparse.Namespace, out: IO[str], err: IO[str], inp: IO[str]) -> int:
    """Play one game; returns the exit code."""
    args.name = check_player_name(args.name)
    session = _new_session(args, out)
    opponents = _opponents(args, session)
    session.names = [args.name] + [_label(seat, p) for seat, p in opponents.items()]
    hinter = make_player(session.game, "expert", derive_seed(session.seed, "hint"))
    title = GAME_TITLES[session.game]
    session.say(
        f"{title}: {args.name} against "
        + ", ".join(f"{session.names[s]}" for s in opponents)
        + f".  Seed {session.seed}."
    )
    for note in sorted({p.note for p in opponents.values() if p.note}):
        session.say(f"Note: {note}.")
    if args.resume:
        session.say(f"Resumed {args.resume} after {len(session.actions)} actions.")
    session.say(
        "Type a number or an action; 'help' explains, 'hint' suggests, 'quit' saves and stops."
    )
    try:
        while not session.state.is_over:
            _seat_joiners(session, opponents)
            seat = session.state.to_act
            if seat == HUMAN:
                for action in _ask(session, hinter, inp):
                    session.play(action)
            else:
                session.play(opponents[seat].bot.choose(session.view(seat)))
    except _QuitError:
        _save_on_exit(session, args, "Stopped.")
        return 0
    except KeyboardInterrupt:
        session.say("")
        _save_on_exit(session, args, "Interrupted.")
        return 130
    if args.save:
        path = session.save(args.save)
        session.say(f"Game saved to {path}.")
    _record(session, args, opponents)
    return 0


def _seat_joiners(session: Session, opponents: dict[int, Player]) -> None:
    """Computer players for seats added by a join (Las Vegas Rummy): the hardest level."""
    for seat in range(len(opponents) + 1, len(session.state.hands)):
        level = max((p.level for p in opponents.values()), key=LEVELS.index)
        opponents[seat] = make_player(session.game, level, derive_seed(session.seed, "seat", seat))
        session.names.append(_label(seat, opponents[seat]))


def _save_on_exit(session: Session, args: argparse.Namespace, what: str) -> None:
    path = args.save or f"cardrules-{session.game}-{session.seed}.json"
    saved = session.save(path)
    session.say(
        f"{what} The game is saved to {saved}: `cardrules replay {saved}` shows it, "
        f"`cardrules play {session.game} --resume {saved}` continues it."
    )


def _record(session: Session, args: argparse.Namespace, opponents: dict[int, Player]) -> None:
    if args.no_leaderboard:
        return
    state = session.state
    if session.game == "casino" and state.config.partnerships:
        partner = set(state.config.seats_of(state.config.side_of(HUMAN)))
        rivals = [p.level for seat, p in opponents.items() if seat not in partner]
    else:
        rivals = [p.level for p in opponents.values()]
    won = HUMAN in state.winners
    session.say(record_result(args.leaderboard, args.name, session.game, won=won, opponents=rivals))


def _read(inp: IO[str], out: IO[str], prompt: str) -> str:
    out.write(prompt)
    out.flush()
    if inp is sys.stdin and out is sys.stdout and sys.stdin.isatty():
        return input()
    line = inp.readline()
    if not line:
        raise EOFError
    line = line.rstrip("\r\n")
    if not _isatty(inp):
        out.write(line + "\n")  # scripted input: show it, so the transcript reads as typed
    return line


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_MOST_PLAYS_LISTED = 300
"""Casino: list whole plays (not single steps) when there are at most this many."""


def _whole_plays(session: Session) -> tuple[Any, ...] | None:
    """Casino's whole plays for the menu, or None (another game, a play in progress, too many)."""
    if session.game != "casino" or session.state.pending is not None:
        return None
    from cardrules.casino import plays

    if len(session.state.loose) > 16:  # their number can explode; list steps instead
        return None
    found = plays(session.state)
    return found if len(found) <= _MOST_PLAYS_LISTED else None


def _first_step(session: Session, play: Any) -> Any:
    from cardrules.casino import next_step

    return next_step(session.state, play)


def _as_steps(session: Session, action: Any) -> list[Any] | str:
    """The steps of a typed Casino whole play, or the reason it is illegal."""
    from cardrules.casino import check_play, steps

    reason = check_play(session.state, action)
    if reason is not None:
        return reason
    return list(steps(session.state, action))


def _ask(session: Session, hinter: Player, inp: IO[str]) -> list[Any]:
    """Draw the table and read your move until it is legal; its actions, in order.

    In Casino a whole play ("6C takes 3S 3D 6H") is one move of several steps.
    """
    rules = session.rules
    state = session.state
    whole = _whole_plays(session)
    legal = whole if whole is not None else rules.legal_actions(state)
    session.draw_table(HUMAN)
    _list_actions(session, legal)
    while True:
        try:
            text = _read(inp, session.out, "Your move> ").strip()
        except EOFError:
            session.say("")
            raise _QuitError from None
        command = text.lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            raise _QuitError
        if command in ("help", "?", "h"):
            forms = _HELP[session.game].split(" | ")
            session.say(
                "Actions (cards as AS, 10D, as or with suit signs):",
                *(session.style.text(f"  {form}") for form in forms),
                f"Or type the number of a listed action (1-{len(legal)}).",
                "Other commands: hint, table (draw it again), actions (list them), quit.",
            )
            continue
        if command == "hint":
            suggestion = hinter.bot.choose(session.view(HUMAN))
            if whole is not None:
                suggestion = next(
                    (w for w in whole if _first_step(session, w) == suggestion), suggestion
                )
            number = legal.index(suggestion) + 1 if suggestion in legal else None
            where = f" (number {number})" if number else ""
            session.say(
                f"Hint from the {hinter.level} bot: {session.action_text(suggestion)}{where}"
            )
            continue
        if command in ("table", "t"):
            session.draw_table(HUMAN)
            continue
        if command in ("actions", "a", "list"):
            _list_actions(session, legal)
            continue
        if command.isdigit():
            number = int(command)
            if 1 <= number <= len(legal):
                chosen = legal[number - 1]
                if whole is not None:
                    found = _as_steps(session, chosen)
                    assert not isinstance(found, str)
                    return found
                return [chosen]
            session.say(f"There is no action {number}: choose 1-{len(legal)}, or type an action.")
            continue
        try:
            action = rules.parse_action(text, state)
        except IllegalActionError as exc:
            session.say(f"Not allowed: {exc.reason}")
            continue
        except ValueError as exc:
            session.say(f"Not understood: {exc}. Type 'help' for the action forms.")
            continue
        whole_play = str(action) != "done" and not str(action).startswith("and ")
        if session.game == "casino" and state.pending is None and whole_play:
            found = _as_steps(session, action)
            if isinstance(found, list):
                return found
        reason = rules.check(state, action)
        if reason is not None:
            session.say(f"Not allowed: {session.style.text(reason)}")
            continue
        return [action]


def _list_actions(session: Session, legal: tuple[Any, ...]) -> None:
    plain = [f"{i}. {action}" for i, action in enumerate(legal, 1)]
    styled = [f"{i}. {session.action_text(action)}" for i, action in enumerate(legal, 1)]
    session.say(
        f"Your legal actions ({name_of(session.names, HUMAN)}):",
        *("  " + line for line in columns(styled, 96, plain)),
    )
