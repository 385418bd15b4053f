"""Reading Rummy 500 actions back from text (the forms in :mod:`.actions`)."""

from __future__ import annotations

import re

from cardrules.cards import Card, Rank, parse_card
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import MeldError, make_meld
from cardrules.rummy500.actions import Action, Discard, Draw, EndRound, LayOff, Meld, TakeDiscard
from cardrules.rummy500.rules import meld_rules
from cardrules.rummy500.state import State

__all__ = ["parse_action"]

_TAKE = re.compile(r"take\s+(\S+)(?:\s*\+\s*(\d+))?")
_LAYOFF = re.compile(r"lay\s*off\s+(\S+)\s+on\s+#?(\d+)(?:\s+at\s+the\s+(low|high)\s+end)?")


def parse_action(text: str, state: State) -> Action:
    """Read an action written as :func:`str` writes it (case and spacing are free).

    ``state`` settles what text alone cannot: how deep ``take 4♥`` digs, and
    which jokers stand for what in a meld. Raises ``ValueError`` for text that
    is no action, and :class:`~cardrules.IllegalActionError` for a meld that is
    not a meld.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> parse_action("DRAW", state)
    Draw()
    >>> parse_action("discard 10d", state)
    Discard(card=Card(Rank.TEN, Suit.DIAMONDS))
    >>> parse_action("jump", state)
    Traceback (most recent call last):
    ...
    ValueError: not a Rummy 500 action: 'jump' (try draw, take 4♥, meld 5♥ 6♥ 7♥, ...)
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, not {type(text).__name__}")
    words = " ".join(text.strip().split())
    lowered = words.lower()
    if lowered == "draw":
        return Draw()
    if lowered == "end round":
        return EndRound()
    if match := _TAKE.fullmatch(lowered):
        card = parse_card(match.group(1))
        if match.group(2) is not None:
            return TakeDiscard(card, int(match.group(2)) + 1)
        pile = state.discard
        for depth in range(1, len(pile) + 1):
            if pile[-depth] == card:
                return TakeDiscard(card, depth)
        return TakeDiscard(card, 1)
    if lowered.startswith("meld "):
        return _parse_meld(words[5:], state)
    if match := _LAYOFF.fullmatch(lowered):
        card, stands_for = _card_and_target(match.group(1))
        if isinstance(stands_for, Rank):
            raise ValueError(f"say which card {card} stands for, e.g. {card}=8♥")
        end = match.group(3)
        return LayOff(card, int(match.group(2)) - 1, stands_for, "low" if end == "low" else (
            "high" if end == "high" else None))
    if lowered.startswith("discard "):
        return Discard(parse_card(words[8:]))
    raise ValueError(
        f"not a Rummy 500 action: {text!r} "
        "(try draw, take 4♥, meld 5♥ 6♥ 7♥, lay off 8♥ on #1, discard K♠)"
    )


def _card_and_target(token: str) -> tuple[Card, Card | Rank | None]:
    if "=" not in token:
        return parse_card(token), None
    card_text, target_text = token.split("=", 1)
    return parse_card(card_text), parse_card(target_text)


def _parse_meld(body: str, state: State) -> Meld:
    cards: list[Card] = []
    stands_for: list[Card | Rank | None] = []
    for token in body.replace(",", " ").split():
        card, target = _card_and_target(token)
        cards.append(card)
        stands_for.append(target)
    try:
        return Meld(make_meld(cards, meld_rules(state.config), stands_for))
    except MeldError as exc:
        raise IllegalActionError(str(exc), f"meld {body}") from None
