"""``cardrules rules GAME [options]``: a short summary of the rules and every option's value.

The summary follows the options given (``--target 100`` changes the goal
line), and the option list shows every field of the game's Config with its
value, marking those that differ from the default. Each value is written as
``--option key=value`` reads it back.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from decimal import Decimal
from typing import IO, Any, Final

from cardrules.cli.options import (
    GAME_TITLES,
    add_game_option_flags,
    build_config,
    config_fields,
    game_name,
)
from cardrules.cli.render import style_for

__all__ = ["add_parser", "option_value_text", "run", "summary_lines"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``rules`` subcommand."""
    parser = commands.add_parser(
        "rules",
        help="summarise a game's rules and option values",
        description="A short summary of GAME's rules and the value of every option "
        "(after the flags given).",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help="rummy500, vegas_rummy or casino"
    )
    parser.add_argument(
        "--ascii", action="store_true", help="cards as AS, 10D instead of suit signs"
    )
    add_game_option_flags(parser, seats=True)
    parser.set_defaults(run=run)


def option_value_text(value: object) -> str:
    """A Config value as ``--option key=value`` reads it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(option_value_text(v) for v in value)
    if isinstance(value, Decimal):
        return str(value)
    return str(value)


def _rummy500(c: Any) -> list[str]:
    cards = c.cards_2p if c.num_players == 2 else c.cards_3_4p
    jokers = "no jokers" if not c.jokers else f"{c.jokers} wild jokers a deck"
    wrap = "runs may turn the corner (K-A-2)" if c.allow_wraparound else "K-A-2 is not a run"
    low_ace = (
        f"an ace used low in A-2-3 scores {c.low_ace_points}"
        if c.low_ace_points is not None
        else "an ace scores the same low or high"
    )
    must_use = (
        "taking even the top discard means using it this turn"
        if c.top_discard_must_be_used
        else "the top discard alone may be taken freely"
    )
    return [
        f"{c.num_players} players, {c.num_decks} deck(s), {jokers}; {cards} cards each.",
        "Melds: sets of 3-4 of a rank, runs of 3+ in a suit; ace low (A-2-3) or high (Q-K-A), "
        f"{wrap}.",
        "A turn: draw from the stock, or take any card of the discard pile with every card above "
        "it (the card reached for must be melded or laid off this turn); meld; lay off on anyone's "
        "meld; discard.",
        f"Digging: {must_use}.",
        f"Scoring: melded and laid-off cards score for you, cards left in hand count against you; "
        f"ace {c.ace_points}, K/Q/J 10, others face value; {low_ace}.",
        f"The round ends when someone goes out or the stock runs out ({c.stock_exhausted}).",
        f"Goal: the first to {c.target} or more; the highest total wins"
        + (" (a tie plays another round)." if c.tie == "another_round" else " (ties share)."),
    ]


def _vegas(c: Any) -> list[str]:
    decks = c.num_decks if c.num_decks is not None else c.decks_for(c.num_players)
    wilds = (
        "every card of the upcard's rank" if c.wild_scope == "rank" else "cards equal to the upcard"
    )
    return [
        f"{c.num_players} players, {decks} deck(s) of 54 (two jokers each); {c.cards_per_player} "
        "cards each.",
        f"The upcard after the deal makes {wilds} wild, with the jokers (a joker upcard: jokers "
        "only).",
        "A turn: draw from the stock or take the top discard (not on a round's first turn); meld "
        "and lay off on any meld; discard. Going out means discarding your last card"
        + (" or melding it." if c.go_out_without_discard else "."),
        "Melds: 3+ of a rank in different suits, or 3+ in sequence in a suit"
        + ("; at most one wild card a meld" if c.meld_strictness else "")
        + ("; a meld needs a natural card" if c.require_natural else "")
        + (
            ". Wild cards stay in melds."
            if c.meld_solidarity
            else ". Wild cards may be swapped out."
        ),
        f"Scoring: cards left in hand are penalty points (2-10 face value, J/Q/K 10, ace "
        f"{c.ace_hand_points}, wild cards 25); lower is better.",
        f"Reaching {c.max_score} busts you: rebuy (your score is reset to the highest score of "
        "the players not busted"
        + (f"; you pay the buy-in of {c.buy_in} again" if c.buy_in else "")
        + ") or retire. The game ends when all but one have busted; the pot is split "
        + ":".join(str(share) for share in c.pot_split)
        + " between the winner and the runner-up.",
    ]


def _casino(c: Any) -> list[str]:
    royal = c.variant == "royal"
    values = (
        "A 1" + (" or 14" if c.ace_14 else "") + ", 2-10 face value, J 11, Q 12, K 13"
        if royal
        else "A 1, 2-10 face value; J, Q and K only pair with their rank"
        + (" (all of them at once)" if c.face_capture == "all" else " (one at a time)")
    )
    seats = f"{c.num_players} players" + (", two partnerships" if c.partnerships else "")
    return [
        f"{'Royal Casino' if royal else 'Casino'}: {seats}; 4 cards each, 4 on the table at the "
        "start of a hand; more cards are dealt when hands are empty.",
        f"Card values: {values}.",
        "A turn: play one card to capture table cards and builds of its value (or sets adding up "
        "to it), to build (announce a value you hold), or to trail it on the table.",
        "Scoring each hand: most cards 3, most spades 1, 10♦ 2, 2♠ 1, each ace 1"
        + (", each sweep 1." if c.sweeps else "."),
        f"Goal: {c.target} points ("
        + (
            "counting out item by item)."
            if c.resolved_end_rule == "count_out"
            else "the higher total after a hand; a tie plays another hand)."
        ),
    ]


_SUMMARIES: Final[dict[str, Callable[[Any], list[str]]]] = {
    "rummy500": _rummy500,
    "vegas_rummy": _vegas,
    "casino": _casino,
}


def summary_lines(game: str, config: Any) -> list[str]:
    """The rules of ``game`` under ``config``, in a few lines."""
    return _SUMMARIES[game](config)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], _inp: IO[str]) -> int:
    """Print the summary and the options."""
    config = build_config(args.game, args, players=args.players)
    style = style_for(out, ascii_only=args.ascii)
    out.write(style.text(style.bold(f"{GAME_TITLES[args.game]} — the rules in short")) + "\n")
    for line in summary_lines(args.game, config):
        out.write(style.text(f"  • {line}") + "\n")
    out.write("\n" + style.bold("Options (set any with --option key=value):") + "\n")
    described = config_fields(type(config))
    width = max(len(name) for name, _hint, _default in described)
    for name, _hint, default in described:
        value = getattr(config, name)
        changed = "" if value == default else f"   (default {option_value_text(default)})"
        out.write(f"  {name:<{width}} = {option_value_text(value)}{changed}\n")
    return 0
