"""Reading Las Vegas Rummy actions back from text (the forms in its ``actions`` module).

Every game folder reads its actions in its own ``parse.py``; the rules
(:mod:`!cardrules.vegas_rummy.rules`) then judge what was read.
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card, parse_card
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import MeldError, MeldRules, SetMeld
from cardrules.rummy.wilds import layoff_choices, parse_placed_card, placed_card_text, read_meld
from cardrules.vegas_rummy.actions import Action, LayOff, Meld, TakeDiscard, parse_action_text
from cardrules.vegas_rummy.rules import meld_rules
from cardrules.vegas_rummy.state import State

__all__ = ["parse_action"]


def _lenient(rules: MeldRules) -> MeldRules:
    """Rules wide enough to read any meld's shape, so that check names the rule it breaks."""
    return attrs.evolve(
        rules, max_wilds=None, require_natural=False, allow_wraparound=True, declare_set_suits=True
    )


def parse_action(text: str, state: State) -> Action:
    """Read an action's text form (see :mod:`!cardrules.vegas_rummy.actions`).

    Cards may be written in any order, and a wild card's identity may be left
    out wherever its position decides it: ``meld 7♥ JK 5♥`` is the run
    ``5♥ JK=6♥ 7♥``; a joker written alone in a set is open (``JK=7?``); a card
    of the wild rank written alone stands for itself when it can. Only a real
    choice needs naming (``meld 5♥ 6♥ JK``: ``JK=4♥`` or ``JK=7♥``), and so does
    a card of the wild rank laid off open on a set of its own rank
    (``lay off 7♣=7? on #1``). The result is the action :func:`legal_actions`
    lists for that move. Whether it is legal is for :func:`check`. Raises
    ``ValueError`` on text that is no action, or that can be read more than one
    way (the message lists the readings).

    >>> from cardrules import vegas_rummy as vr
    >>> from cardrules.cards import parse_card
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> str(vr.parse_action("meld 7H JK 5H", state))
    'meld 5♥ JK=6♥ 7♥'
    """
    parsed = parse_action_text(text)
    if isinstance(parsed, LayOff):
        return _infer_layoff(parsed, state)
    if isinstance(parsed, tuple) and parsed[0] == "take":
        return _take_named(parse_card(parsed[1]), state)
    if isinstance(parsed, tuple):
        if state.upcard is None:
            raise ValueError("no round is being played, so there is nothing to meld")
        rules = meld_rules(state)
        words = parsed[1].replace(",", " ").split()
        if len(words) > 13:
            raise ValueError("a meld has at most 13 cards")
        pairs = [parse_placed_card(word) for word in words]
        try:
            meld = read_meld(
                pairs,
                rules,
                lenient=_lenient(rules),
                interchangeable=state.config.meld_solidarity,
            )
        except MeldError as exc:
            raise ValueError(str(exc)) from None
        return Meld(meld)
    return parsed


def _take_named(card: Card, state: State) -> TakeDiscard:
    """``take Q♠``: the top card of the discard pile, if it is that card (LV-11)."""
    if not state.discard:
        raise IllegalActionError("the discard pile is empty", f"take {card}")
    if state.discard[-1] != card:
        raise IllegalActionError(
            f"only the top card of the discard pile may be taken (LV-11), and it is "
            f"{state.discard[-1]}",
            f"take {card}",
        )
    return TakeDiscard()


def _infer_layoff(action: LayOff, state: State) -> LayOff:
    """The listed form of a lay-off whose wild card's place was left to its position."""
    if action.stands_for is not None or state.upcard is None:
        return action
    if not 0 <= action.target < len(state.melds):
        return action
    rules = meld_rules(state)
    card = action.card
    if card not in rules.wilds:
        return action
    options = [sf for sf, _ in layoff_choices(state.melds[action.target].meld, card, rules)]
    options = list(dict.fromkeys(options))
    if not options or None in options:
        return action  # itself (or an open joker), or it does not fit: check says why
    meld = state.melds[action.target].meld
    if isinstance(meld, SetMeld):
        return LayOff(card, action.target, meld.rank)  # written alone in a set: open (LV-8)
    if len(options) == 1:
        return LayOff(card, action.target, options[0])
    ways = " or ".join(f"lay off {placed_card_text(card, sf)} on #{action.target + 1}"
                       for sf in options)
    raise ValueError(f"{card} could go at either end of #{action.target + 1}; write which: {ways}")
