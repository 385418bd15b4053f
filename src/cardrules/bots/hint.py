"""A suggested move for a human player: ``hint(game, view) -> Hint``.

The expert bot weighs the position from the player's own view (it never sees
the full state) and the hint says, in a few words, why its choice is good:
"melds three kings", "lays off the 7♥ on meld #2", "captures the 9 build".

>>> from cardrules import bots, rummy500
>>> state = rummy500.new_game(seed=3)
>>> tip = bots.hint("rummy500", rummy500.view(state, state.to_act), seed=1)
>>> tip.action in rummy500.legal_actions(state), bool(tip.reason)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.bots.base import legal_actions_of
from cardrules.bots.search import SearchResult
from cardrules.cards import Card, Rank
from cardrules.engine import GAMES, definition

__all__ = ["Hint", "describe_reason", "hint"]


@attrs.frozen
class Hint:
    """A suggested ``action`` (one of the view's legal actions) and a short ``reason``.

    >>> from cardrules.rummy500.actions import Draw
    >>> Hint(Draw(), "the discard pile does not help you").reason
    'the discard pile does not help you'
    """

    action: Any
    reason: str


def hint(game: str, view: Any, *, think_time: float | None = None, seed: int | None = None) -> Hint:
    """The move the expert would play in ``view`` (the asking seat's view) and why.

    ``think_time`` is the expert's budget in seconds (``None``: its default, short
    enough for a waiting player); ``seed`` makes the suggestion reproducible.
    The view must belong to ``game`` and its seat must be to act, else
    ``TypeError`` / ``ValueError``.

    >>> from cardrules import bots, casino
    >>> state = casino.new_game(seed=3)
    >>> tip = bots.hint("casino", casino.view(state, state.to_act), seed=2)
    >>> tip.action in casino.legal_actions(state)
    True
    """
    if not isinstance(game, str):
        raise TypeError(f"a game name is text, not {type(game).__name__}")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    rules = definition(game)
    if not isinstance(view, rules.view_type):
        raise TypeError(f"a hint for {game} needs a {game} View, not {type(view).__name__}")
    if view.seat is None:
        raise ValueError("a spectator's view has no hand to give a hint for")
    legal = legal_actions_of(view)
    from cardrules.bots import make  # a late import: cardrules.bots re-exports this module

    bot = make(game, "expert", seed=seed, think_time=think_time)
    if len(legal) == 1:
        return Hint(legal[0], describe_reason(game, view, legal[0]))
    choose_play = getattr(bot, "choose_play", None)
    if choose_play is not None:  # Casino: the action is one step of the whole play described
        action, play = choose_play(view)
        reason = describe_reason(game, view, play)
    else:
        action = bot.choose(view)
        reason = describe_reason(game, view, action)
    found = getattr(bot, "last_search", None)
    if isinstance(found, SearchResult) and found.worlds and len(found.values) > 1:
        reason += f" (best of {len(found.values)} moves in {found.worlds} sampled deals)"
    return Hint(action, reason)


_RANK_PLURALS = {
    Rank.ACE: "aces",
    Rank.TWO: "twos",
    Rank.THREE: "threes",
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.JOKER: "jokers",
}
_COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def describe_reason(game: str, view: Any, action: Any) -> str:
    """A few words saying what ``action`` does for the seat of ``view``.

    >>> from cardrules import casino
    >>> from cardrules.casino.actions import Trail
    >>> state = casino.new_game(seed=3)
    >>> mine = casino.view(state, state.to_act)
    >>> describe_reason("casino", mine, Trail(mine.hand[0])).startswith("trails")
    True
    """
    if game == "casino":
        return _casino_reason(view, action)
    return _rummy_reason(view, action)


def _rummy_reason(view: Any, action: Any) -> str:
    kind = type(action).__name__
    hand: tuple[Card, ...] = tuple(view.hand or ())
    if kind == "Meld":
        meld = action.meld
        cards = meld.cards
        out = " and goes out" if len(cards) == len(hand) else ""
        if hasattr(meld, "rank"):
            number = _COUNT_WORDS.get(len(cards), str(len(cards)))
            return f"melds {number} {_RANK_PLURALS[meld.rank]}{out}"
        return f"melds the run {_cards(cards)}{out}"
    if kind == "LayOff":
        out = " and goes out" if len(hand) == 1 else ""
        return f"lays off the {action.card} on meld #{action.target + 1}{out}"
    if kind == "SwapWild":
        return f"swaps the {action.card} for the wild {action.wild} to use it"
    if kind == "TakeDiscard":
        taken: int = getattr(action, "count", 1)
        card = getattr(action, "card", None) or (view.discard[-1] if view.discard else None)
        if taken > 1:
            return f"takes {taken} cards from the pile down to the {card} to meld"
        return f"takes the {card}, which fits your hand"
    if kind == "Draw":
        return "the discard pile does not help you: draw"
    if kind == "Discard":
        if len(hand) == 1:
            return f"discards the {action.card} and goes out"
        return f"discards the {action.card}, your least useful card"
    if kind == "EndRound":
        return "the pile does not help you: end the round"
    if kind == "Rebuy":
        return "buys back in to play on"
    if kind == "Retire":
        return "leaves rather than pay again"
    if kind == "Deal":
        return "deals the next round"
    return "the best move found"


def _casino_reason(view: Any, action: Any) -> str:
    kind = type(action).__name__
    if kind == "Capture":
        taken = len(action.cards) + sum(len(b) for b in action.builds)
        everything = len(view.loose) + sum(len(b.cards) for b in view.builds)
        if taken and taken == everything:
            return f"the {action.card} sweeps the table"
        if action.builds:
            values = sorted({b.value for b in view.builds if tuple(b.cards) in action.builds})
            if len(values) == 1:
                return f"captures the {values[0]} build with the {action.card}"
        if taken:
            return f"the {action.card} captures {taken} card{'s' if taken > 1 else ''}"
        return f"starts a capture with the {action.card}"
    if kind == "Build":
        if action.kind == "raise":
            return f"raises the build to {action.value} with the {action.card}"
        return f"builds {action.value} with the {action.card} to capture it next turn"
    if kind == "Trail":
        return f"trails the {action.card}: it gives the least away"
    if kind == "Take":
        return f"adds {_cards(action.item)} to the play in progress"
    if kind == "Done":
        return "finishes the play in progress"
    return "the best move found"
