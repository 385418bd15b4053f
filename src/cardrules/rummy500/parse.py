"""Reading Rummy 500 actions back from text (the forms in :mod:`.actions`)."""

from __future__ import annotations

import re

from cardrules.cards import Card, Rank, parse_card
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import MeldError, make_meld_in_any_order
from cardrules.rummy500.actions import (
    MAX_ACTION_TEXT,
    Action,
    Discard,
    Draw,
    EndRound,
    LayOff,
    Meld,
    TakeDiscard,
)
from cardrules.rummy500.rules import listed_layoff, meld_rules
from cardrules.rummy500.state import State
from cardrules.rummy500.view import View

__all__ = ["parse_action"]

# ASCII: case is folded for ASCII letters only, and \d and \s are ASCII only
# (str.lower() and Unicode classes would read look-alike letters and digits).
_FLAGS = re.ASCII | re.IGNORECASE
_TAKE = re.compile(r"take (\S+)(?: ?\+ ?(\d{1,3}))?", _FLAGS)
# "lay off 8♥ on #2", "lay off 8♥ #2" (as Las Vegas Rummy reads it too).
_LAYOFF = re.compile(r"lay ?off (\S+) (?:on #?|#)(\d{1,3})(?: at the (low|high) end)?", _FLAGS)
_WORD = re.compile(r"(draw|end round|meld|discard)(?: (.*))?", _FLAGS)


def parse_action(text: str, state: State | View) -> Action:
    """Read an action written as :class:`str` writes it (case and spacing are free).

    ``state`` settles what text alone cannot: how deep ``take 4♥`` digs, and
    which jokers stand for what in a meld. The cards of a meld may come in any
    order (``meld 6♥ 5♥ 7♥`` is the run 5-6-7), and a lay-off may name the one
    end its card fits; either way the action is the one
    :func:`~cardrules.rummy500.legal_actions` lists. Raises ``ValueError`` for
    text that is no action (or longer than
    :data:`~cardrules.rummy500.actions.MAX_ACTION_TEXT` characters), and
    :class:`~cardrules.IllegalActionError` for a meld that is not a meld.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> parse_action("DRAW", state)
    Draw()
    >>> parse_action("discard 10d", state)
    Discard(card=Card(Rank.TEN, Suit.DIAMONDS))
    >>> str(parse_action("meld 7h 5h 6h", state))
    'meld 5♥ 6♥ 7♥'
    >>> parse_action("jump", state)
    Traceback (most recent call last):
    ...
    ValueError: not a Rummy 500 action: 'jump' (try draw, take, take 4♥, meld 5♥ 6♥ 7♥, ...)
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, not {type(text).__name__}")
    if not isinstance(state, State | View):
        raise TypeError(f"expected a rummy500 State or View, not {type(state).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise ValueError(f"an action is at most {MAX_ACTION_TEXT} characters of text")
    words = " ".join(text.split())
    if words.lower() == "take":  # the top card, as in Las Vegas Rummy
        if not state.discard:
            raise IllegalActionError("the discard pile is empty", text)
        return TakeDiscard(state.discard[-1], 1)
    if match := _TAKE.fullmatch(words):
        card = parse_card(match.group(1))
        if match.group(2) is not None:
            return TakeDiscard(card, int(match.group(2)) + 1)
        pile = state.discard
        for depth in range(1, len(pile) + 1):
            if pile[-depth] == card:
                return TakeDiscard(card, depth)
        return TakeDiscard(card, 1)
    if match := _LAYOFF.fullmatch(words):
        card, stands_for = _card_and_target(match.group(1))
        if isinstance(stands_for, Rank):
            raise ValueError(f"say which card {card} stands for, e.g. {card}=8♥")
        end = match.group(3)
        action = LayOff(
            card,
            int(match.group(2)) - 1,
            stands_for,
            None if end is None else "low" if end.lower() == "low" else "high",
        )
        return listed_layoff(state, action)
    if match := _WORD.fullmatch(words):
        word, rest = match.group(1).lower(), match.group(2)
        if word == "draw" and rest is None:
            return Draw()
        if word == "end round" and rest is None:
            return EndRound()
        if word == "meld" and rest is not None:
            return _parse_meld(rest, state)
        if word == "discard" and rest is not None:
            return Discard(parse_card(rest))
    raise ValueError(
        f"not a Rummy 500 action: {text!r} "
        "(try draw, take, take 4♥, meld 5♥ 6♥ 7♥, lay off 8♥ on #1, discard K♠)"
    )


def _card_and_target(token: str) -> tuple[Card, Card | Rank | None]:
    if "=" not in token:
        return parse_card(token), None
    card_text, target_text = token.split("=", 1)
    return parse_card(card_text), parse_card(target_text)


def _parse_meld(body: str, state: State | View) -> Meld:
    cards: list[Card] = []
    stands_for: list[Card | Rank | None] = []
    for token in body.replace(",", " ").split():
        card, target = _card_and_target(token)
        cards.append(card)
        stands_for.append(target)
    try:
        return Meld(make_meld_in_any_order(cards, meld_rules(state.config), stands_for))
    except MeldError as exc:
        raise IllegalActionError(str(exc), f"meld {body}") from None
