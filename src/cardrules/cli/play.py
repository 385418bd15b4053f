"""``cardrules play GAME``: you against 1–3 computer players.

You sit at seat 0. Each time you are to act the table is drawn as your seat
sees it, with your legal actions numbered (in groups when there are many);
type a number or an action's text (as the game's ``parse_action`` reads it,
e.g. ``draw``, ``take 4H``, ``meld 5H 6H 7H``, ``discard KS``,
``6C takes 3S 3D``). In the rummies a meld may be typed by its cards alone
(``meld 8C 9C JK``): the command finds the legal meld they make. In Casino a
play is composed before it is applied: type it whole, or step by step
(``6C takes 3S``, then ``and 3D``, ``done``), with ``undo`` (one step back)
and ``cancel`` (the whole play) until it is made. ``help``, ``hint``,
``table``, ``why`` (the rules a message cited) and ``quit`` are always available.

The seed of a game in progress is never shown. A game whose seed the player
chose (``--seed``) or could read (``--resume``: a save file holds it) is a
practice game and earns no ranking points. Quitting, end of input and Ctrl-C
save the game: to ``--save FILE``, to the file it was resumed from, or to a new
file in the data folder (``cardrules saves`` lists them); a finished game is
saved the same way. Quitting a ranked game asks first, since a resumed game is
practice.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from typing import IO, Any

from cardrules import rng
from cardrules.cards import parse_card
from cardrules.cli.errors import CliError, UsageError
from cardrules.cli.leaderboard import check_player_name, default_db, record_result
from cardrules.cli.menu import arrange, entries, menu_lines
from cardrules.cli.options import GAME_TITLES, add_game_option_flags, build_config, game_name
from cardrules.cli.players import LEVELS, Player, derive_seed, make_player, parse_levels
from cardrules.cli.render import name_of, style_for
from cardrules.cli.rule_notes import RULE_NOTES
from cardrules.cli.saves import confirm_overwrite, read_seats, resolve_save, saves_dir
from cardrules.cli.session import Session, load_record, rule_codes
from cardrules.cli.terminal import (
    enable_line_editing,
    interactive,
    read_line,
    terminal_height,
    terminal_width,
)
from cardrules.errors import IllegalActionError

__all__ = ["add_parser", "run"]

HUMAN = 0
"""Your seat."""

_HELP = {
    "rummy500": (
        "draw | take 4H (dig: takes 4H and every card above it) | meld 5H 6H 7H "
        "(a joker: JK=6H; or just the cards: meld 5H JK 7H) | lay off 8H on #2 | discard KS "
        "| end round"
    ),
    "vegas_rummy": (
        "draw | take | meld 5H JK=6H 7H (an open set wild: JK=7?; or just the cards: "
        "meld 5H JK 7H) | lay off 8H on #2 | swap 6H for JK #2 | discard 5C | rebuy | retire "
        "| deal"
    ),
    "casino": (
        "trail 4D | 6C takes 3S 3D 6H | 8D takes [3H 5S] 8C | AS as 14 takes AD KH | "
        "5C builds 8 with 3C | 3S raises [2C 3D] to 8 | AH adds to [4D 5C] for 9 | "
        "step by step: 6C takes 3S, then and 3D, and 6H, done; undo (a step back), "
        "cancel (the whole play)"
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
        "text; 'help', 'hint', 'table' and 'quit' are always available. A game with --seed "
        "or --resume is practice: it earns no ranking points.",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help="rummy500, vegas_rummy or casino"
    )
    parser.add_argument(
        "--level",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        help=f"the opponents' level ({', '.join(LEVELS)}), or one per opponent (default normal)",
    )
    parser.add_argument(
        "--opponents", type=int, metavar="N", help="computer opponents, 1-3 (or use --players)"
    )
    add_game_option_flags(parser, seats=True)
    parser.add_argument(
        "--seed", type=int, help="make the deals and the bots reproducible (a practice game)"
    )
    parser.add_argument("--name", default="You", help="your name on the leaderboard (default You)")
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="save the game here (default: a new file in the data folder; see `cardrules saves`)",
    )
    parser.add_argument(
        "--overwrite", action="store_true", help="let --save replace an existing file unasked"
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="continue a saved game (a practice game); it is saved back to FILE",
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
            decks=record.decks,
            joins=record.joins,
            cut_deck=record.cut_deck,
        )
        if session.state.is_over:
            raise CliError(f"cannot resume {args.resume}: that game is over")
        session.practice = True
        session.save_path = args.save or args.resume
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
    session = Session.start(args.game, config, seed, [], style, out)
    session.practice = args.seed is not None
    session.save_path = args.save
    return session


def _opponents(args: argparse.Namespace, session: Session) -> dict[int, Player]:
    seats = len(session.state.hands)
    text = args.level
    if text is None and args.resume:
        saved = read_seats(args.resume)
        known = [level for level in (saved.levels[1:] if saved else ()) if level in LEVELS]
        if saved is not None and len(known) == seats - 1:
            text = ",".join(known)  # the levels the game was started with
    levels = parse_levels(text or "normal", seats - 1)
    players = {}
    for seat in range(1, seats):
        players[seat] = make_player(
            session.game, levels[seat - 1], derive_seed(session.seed, "seat", seat)
        )
    return players


def _label(seat: int, player: Player) -> str:
    return f"Bot {seat} ({player.level})"


def _practice_note(args: argparse.Namespace) -> str:
    if args.resume:
        return (
            "Practice game: a resumed game earns no ranking points "
            "(its save file holds the seed, and so every card)."
        )
    return "Practice game: you chose the seed (--seed), so it earns no ranking points."


def run(args: argparse.Namespace, out: IO[str], err: IO[str], inp: IO[str]) -> int:
    """Play one game; returns the exit code."""
    args.name = check_player_name(args.name)
    if args.resume:
        args.resume = resolve_save(args.resume)
    confirm_overwrite(args.save, inp, out, overwrite=args.overwrite, own=args.resume)
    session = _new_session(args, out)
    opponents = _opponents(args, session)
    session.names = [args.name] + [_label(seat, p) for seat, p in opponents.items()]
    session.levels = [None] + [p.level for p in opponents.values()]
    session.me = HUMAN
    hinter = make_player(session.game, "expert", derive_seed(session.seed, "hint"))
    if interactive(inp, out):  # a person at a terminal: edit lines, wait at the scoring
        enable_line_editing(inp, out)
        session.pause = lambda prompt: _wait(inp, out, prompt)
    title = GAME_TITLES[session.game]
    session.say(
        f"{title}: {args.name} against " + ", ".join(f"{session.names[s]}" for s in opponents) + "."
    )
    for note in sorted({p.note for p in opponents.values() if p.note}):
        session.say(f"Note: {note}.")
    if session.practice:
        session.say(_practice_note(args))
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
        _save_on_exit(session, "Stopped.")
        return 0
    except KeyboardInterrupt:
        session.say("")
        _save_on_exit(session, "Interrupted.")
        return 130
    # Every finished game is kept (in the data folder without --save), so that
    # `cardrules replay` and `cardrules saves` show it.
    path = session.save()
    name = path.name if path.parent == saves_dir() else str(path)
    session.say(f"Game saved to {path}  (replay it: cardrules replay {name})")
    _record(session, args, opponents)
    return 0


def _wait(inp: IO[str], out: IO[str], prompt: str) -> None:
    """Wait for Enter (at a round's scoring); end of input goes on."""
    try:
        read_line(inp, out, prompt)
    except EOFError:
        out.write("\n")


def _seat_joiners(session: Session, opponents: dict[int, Player]) -> None:
    """Computer players for seats added by a join (Las Vegas Rummy): the hardest level."""
    for seat in range(len(opponents) + 1, len(session.state.hands)):
        level = max((p.level for p in opponents.values()), key=LEVELS.index)
        opponents[seat] = make_player(session.game, level, derive_seed(session.seed, "seat", seat))
        session.names.append(_label(seat, opponents[seat]))
        session.levels.append(level)


def _save_on_exit(session: Session, what: str) -> None:
    saved = session.save()
    # A save in the saves folder can be named alone: --resume and replay look there.
    name = saved.name if saved.parent == saves_dir() else str(saved)
    session.say(
        f"{what} The game is saved to {saved}",
        f"  continue it:  cardrules play {session.game} --resume {name}   (a practice game)",
        f"  replay it:    cardrules replay {name}",
        "  your saves:   cardrules saves",
    )


def _record(session: Session, args: argparse.Namespace, opponents: dict[int, Player]) -> None:
    if args.no_leaderboard:
        return
    if session.practice:
        session.say("Practice game: not recorded on the leaderboard.")
        return
    state = session.state
    if session.game == "casino" and state.config.partnerships:
        partner = set(state.config.seats_of(state.config.side_of(HUMAN)))
        rivals = [p.level for seat, p in opponents.items() if seat not in partner]
    else:
        rivals = [p.level for p in opponents.values()]
    won = HUMAN in state.winners
    session.say(record_result(args.leaderboard, args.name, session.game, won=won, opponents=rivals))


_MOST_PLAYS_LISTED = 300
"""Casino: list whole plays (not single steps) when there are at most this many."""


def _menu(session: Session, position: Any) -> tuple[list[Any], bool]:
    """What to number for ``position``: Casino's whole plays when few enough, else the actions.

    The second item says whether the entries are whole plays.
    """
    if session.game == "casino" and position.pending is None and len(position.loose) <= 16:
        from cardrules.casino import plays

        found = plays(position)  # their number can explode on a crowded table: bounded above
        if len(found) <= _MOST_PLAYS_LISTED:
            return arrange(session.game, found), True
    return arrange(session.game, session.rules.legal_actions(position)), False


def _whole_play_steps(position: Any, action: Any) -> list[Any] | str:
    """The steps of a Casino whole play, or the reason it is not a legal whole play."""
    from cardrules.casino import check_play, steps

    reason = check_play(position, action)
    if reason is not None:
        return reason
    return list(steps(position, action))


def _card_tokens(words: list[str]) -> list[Any] | None:
    """The cards of a typed meld (``JK=6H`` counts as the joker), or ``None`` if one is no card."""
    cards = []
    for word in words:
        try:
            cards.append(parse_card(word.partition("=")[0]))
        except ValueError:
            return None
    return cards


def _melds_of(session: Session, menu: list[Any], text: str) -> tuple[bool, list[int]]:
    """For ``meld …`` in a rummy: whether its words are all cards, and the listed melds they make.

    The numbers (0-based, into ``menu``) of the legal melds using exactly those
    cards, however their wild cards are placed.
    """
    words = text.split()
    if session.game == "casino" or len(words) < 2 or words[0].lower() != "meld":
        return False, []
    cards = _card_tokens(words[1:])
    if cards is None:
        return False, []
    wanted = Counter(cards)
    found = [
        i
        for i, action in enumerate(menu)
        if type(action).__name__ == "Meld" and Counter(action.meld.cards) == wanted
    ]
    return True, found


def _ask(session: Session, hinter: Player, inp: IO[str]) -> list[Any]:
    """Draw the table and read your move until it is legal; its actions, in order.

    In Casino a play of several steps is composed on a copy of the position
    (states never change in place): nothing reaches the game until the play
    is whole, so ``undo`` and ``cancel`` leave the game as it was.
    """
    rules = session.rules
    start = session.state
    steps: list[Any] = []
    position = start
    menu, whole = _menu(session, position)
    listed = entries(session.game, menu)
    _show_turn(session, position, steps, listed)
    while True:
        try:
            prompt = "Your play> " if steps else "Your move> "
            text = read_line(inp, session.out, prompt).strip()
        except EOFError:
            session.say("")
            raise _QuitError from None
        except KeyboardInterrupt:  # Ctrl-C: like 'quit', so a ranked game asks first
            session.say("")
            text = "quit"
        session.shown = 0
        command = text.lower()
        chosen: Any = None
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            if _really_quit(session, inp):
                raise _QuitError
            continue
        if command in ("help", "?", "h"):
            _say_help(session, len(listed))
            continue
        if command == "why" or command.startswith("why "):
            _why(session, text[3:])
            continue
        if command == "hint":
            _hint(session, hinter, position, listed, whole)
            continue
        if command in ("table", "t"):
            _draw_position(session, position, steps)
            continue
        if command in ("actions", "a", "list", "more"):
            _list_all(session, position, steps, listed)
            continue
        if command in ("undo", "cancel"):
            if not steps:
                session.say(f"Nothing to {command}: no play is in progress.")
                continue
            steps = steps[:-1] if command == "undo" else []
            position = start
            for step in steps:
                position = rules.apply(position, step)
            if steps:
                session.say("Took back the last step.")
            else:
                session.say("No play in progress: the table is as it was.")
            menu, whole = _menu(session, position)
            listed = entries(session.game, menu)
            _show_turn(session, position, steps, listed)
            continue
        if command.isdigit():
            number = int(command)
            if not 1 <= number <= len(listed):
                session.say(
                    f"There is no action {number}: choose 1-{len(listed)}, or type an action."
                )
                continue
            chosen = _reading(session, inp, listed[number - 1])
            if chosen is None:
                continue
            if whole:
                found = _whole_play_steps(position, chosen)
                assert not isinstance(found, str)
                return found
        else:
            is_meld, matches = _melds_of(session, menu, text)
            if len(matches) == 1:
                chosen = menu[matches[0]]
            elif len(matches) > 1:
                try:
                    typed = rules.parse_action(text, position)
                except ValueError:
                    typed = None
                if typed in [menu[i] for i in matches]:
                    chosen = typed
                else:
                    chosen = _reading(session, inp, tuple(menu[i] for i in matches))
                    if chosen is None:
                        continue
            else:
                chosen = _typed_action(session, position, text, is_meld=is_meld)
                if chosen is None:
                    continue
                if session.game == "casino" and not steps and _is_whole_form(chosen):
                    found = _whole_play_steps(position, chosen)
                    if isinstance(found, list):
                        return found
                reason = rules.check(position, chosen)
                if reason is not None:
                    _not_allowed(session, reason)
                    continue
        if session.game != "casino":
            return [chosen]
        after = rules.apply(position, chosen)
        steps.append(chosen)
        if after.pending is None or after.to_act != HUMAN:
            return steps  # the play is whole: now it reaches the game
        position = after
        menu, whole = _menu(session, position)
        listed = entries(session.game, menu)
        _show_turn(session, position, steps, listed)


def _really_quit(session: Session, inp: IO[str]) -> bool:
    """Whether to stop: a practice game stops at once, a ranked one asks first.

    A resumed game is always practice (its save holds the seed), so quitting a
    ranked game gives up its ranking points; end of input or a second Ctrl-C
    at the question stops.
    """
    if session.practice or not interactive(inp, session.out):
        return True
    session.say(
        "This game is ranked. It will be saved, but a resumed game is practice: "
        "it earns no ranking points."
    )
    try:
        answer = read_line(inp, session.out, "Quit anyway? [y/N] ").strip().lower()
    except (EOFError, KeyboardInterrupt):
        session.say("")
        return True
    if answer in ("y", "yes"):
        return True
    session.say("Going on.")
    return False


def _is_whole_form(action: Any) -> bool:
    text = str(action)
    return text != "done" and not text.startswith("and ")


def _typed_action(session: Session, position: Any, text: str, *, is_meld: bool) -> Any:
    """The action ``text`` names, or ``None`` after saying why it is not one.

    The same mistake gets the same word in every game: a meld whose words are
    all cards but that is no legal meld is "Not allowed"; text that is no
    action at all is "Not understood".
    """
    try:
        return session.rules.parse_action(text, position)
    except IllegalActionError as exc:
        _not_allowed(session, exc.reason)
    except ValueError as exc:
        if is_meld:
            _not_allowed(session, str(exc))
        else:
            session.say(
                f"Not understood: {session.style.text(str(exc))}. "
                "Type 'help' for the action forms."
            )
    return None


def _why(session: Session, asked: str) -> None:
    """The rules a message cited (or those named after ``why``), a sentence each."""
    codes = rule_codes(asked) or session.cited
    if not codes:
        session.say("No rule was cited yet: 'why' explains codes like R5-4, LV-11, CA-7, §1.3.")
        return
    lines = []
    for code in codes:
        note = RULE_NOTES.get(code)
        if code.startswith("§") and session.game != "casino":
            note = None  # only Casino's messages cite sections
        lines.append(f"  {code}: {note}" if note else f"  {code}: not a rule of this game")
    session.say(*lines, "The game's page of the docs gives every rule in full.")


def _not_allowed(session: Session, reason: str) -> None:
    """The rules' refusal; a reason that cites a rule says how to read it."""
    more = "  ('why' explains the rule)" if rule_codes(reason) else ""
    session.say(f"Not allowed: {session.style.text(reason)}{more}")


def _say_help(session: Session, listed: int) -> None:
    forms = _HELP[session.game].split(" | ")
    session.say(
        "Actions (cards as AS, 10D, as or with suit signs):",
        *(session.style.text(f"  {form}") for form in forms),
        f"Or type the number of a listed action (1-{listed}).",
        "Other commands: hint, table (draw it again), actions (list them), "
        "why (the rules a message cited, or: why R5-4), quit.",
    )


def _hint(
    session: Session, hinter: Player, position: Any, listed: list[tuple[Any, ...]], whole: bool
) -> None:
    from cardrules.bots import hint

    tip = hint(session.game, session.rules.view(position, HUMAN), seed=hinter.bot.seed)
    suggestion = tip.action
    if whole:
        from cardrules.casino import next_step

        suggestion = next(
            (w for (w,) in listed if next_step(position, w) == suggestion), suggestion
        )
    number = next((i for i, entry in enumerate(listed, 1) if suggestion in entry), None)
    where = f" (number {number})" if number else ""
    session.say(
        f"Hint from the {hinter.level} bot: {session.action_text(suggestion)}{where}",
        f"  why: {session.style.text(tip.reason)}",
    )


def _draw_position(session: Session, position: Any, steps: list[Any]) -> None:
    """The table as you see it, with the play you are composing so far."""
    if not steps:
        session.draw_table(HUMAN)
        return
    saved, session.state = session.state, position
    try:
        session.draw_table(HUMAN)
    finally:
        session.state = saved
    so_far = " ".join(session.action_text(step) for step in steps)
    session.say(
        f"Your play so far: {so_far} …  (go on; 'undo' takes back a step, 'cancel' the play)"
    )


def _reading(session: Session, inp: IO[str], entry: tuple[Any, ...]) -> Any:
    """The action of ``entry`` the player means: its only one, or the reading they pick."""
    if len(entry) == 1:
        return entry[0]
    session.say(
        f"Those cards make {len(entry)} melds (their wild cards read differently); which one?",
        *(f"  {i}. {session.action_text(action)}" for i, action in enumerate(entry, 1)),
    )
    try:
        answer = read_line(inp, session.out, f"Which (1-{len(entry)}, Enter: none)> ").strip()
    except EOFError:
        answer = ""
    session.shown = 0
    if answer.isdigit() and 1 <= int(answer) <= len(entry):
        return entry[int(answer) - 1]
    session.say("None chosen.")
    return None


def _action_lines(session: Session, listed: list[tuple[Any, ...]]) -> list[str]:
    width = terminal_width(session.out)
    return [
        f"Your legal actions ({name_of(session.names, HUMAN)}):",
        *menu_lines(session.game, listed, session.action_text, width),
    ]


def _show_turn(
    session: Session, position: Any, steps: list[Any], listed: list[tuple[Any, ...]]
) -> None:
    """The table and your actions, fitted to the terminal's height.

    What the others just did stays above; if it leaves too little room, you press
    Enter first. A list longer than the room left shows its first lines and says
    how to see the rest ('actions').
    """
    lines = _action_lines(session, listed)
    rows = terminal_height(session.out) if session.pause is not None else None
    if rows is None:
        _draw_position(session, position, steps)
        session.say(*lines)
        return
    table_rows = len(session.table(HUMAN)) + (1 if steps else 0)
    if session.shown and session.shown + table_rows + min(len(lines), 4) + 1 > rows:
        session.wait("[Enter: your turn] ")
    _draw_position(session, position, steps)
    room = rows - session.shown - 1  # the prompt's row
    if len(lines) > room:
        more = len(listed) - sum(1 for line in lines[: room - 1] for _ in _NUMBER.findall(line))
        lines = [*lines[: max(1, room - 1)], f"  … {more} more: 'actions' lists them all."]
    session.say(*lines)


def _list_all(
    session: Session, position: Any, steps: list[Any], listed: list[tuple[Any, ...]]
) -> None:
    """Every legal action, a screenful at a time, then the table again below them."""
    lines = _action_lines(session, listed)
    rows = terminal_height(session.out) if session.pause is not None else None
    if rows is None:
        session.say(*lines)
        return
    page = rows - 1
    for start in range(0, len(lines), page):
        if start:
            session.wait("[Enter: more] ")
        session.say(*lines[start : start + page])
    if len(lines) + len(session.table(HUMAN)) + 1 > rows:
        session.wait("[Enter: the table] ")
        _draw_position(session, position, steps)


_NUMBER = re.compile(r"(?:^|\s)\d+\. ")
