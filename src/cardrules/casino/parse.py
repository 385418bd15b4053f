"""Reading Casino actions from their text, for a state or a view.

>>> from cardrules import casino
>>> state = casino.new_game(seed=1)
>>> parse_action("trail 4d", casino.view(state, 0)) == parse_action("trail 4d", state)
True
"""

from __future__ import annotations

from cardrules.casino.actions import Action, Capture, parse_action_text
from cardrules.casino.plays import check_play
from cardrules.casino.rules import check
from cardrules.casino.state import State
from cardrules.casino.view import View

__all__ = ["parse_action"]


def parse_action(text: str, state: State | View) -> Action:
    """Read an action from its text form (``str(action)``); see :mod:`!cardrules.casino.actions`.

    Malformed text raises ``ValueError``. The text may be a step or a whole play
    (``6♣ takes 6♥ 3♠ 3♦``), which :func:`play` makes (:func:`steps` splits it;
    :func:`apply` takes steps only). In Royal Casino an ace
    capture written without ``as 1``/``as 14`` takes the value that makes it
    legal (1 if both do).
    """
    if isinstance(state, View):
        # A view holds the play in progress and its seat's legal steps: all reading needs.
        return _read_on_view(text, state)
    if not isinstance(state, State):
        raise TypeError(f"expected a casino State or View, not {type(state).__name__}")
    action = parse_action_text(text)
    if (
        isinstance(action, Capture)
        and state.config.ace_14
        and state.pending is None
        and action.card.rank.label == "A"
        and " as " not in f" {text.lower()} "
        and not _fits(state, action)
    ):
        high = Capture(action.card, action.cards, action.builds, ace_high=True)
        if _fits(state, high):
            return high
    return action


def _fits(state: State, action: Capture) -> bool:
    """True if ``action`` is legal as a step or as a whole play."""
    return check(state, action) is None or check_play(state, action) is None


def _read_on_view(text: str, view: View) -> Action:
    """Read ``text`` for a view: an ace capture without ``as 1``/``as 14`` takes
    the value under which the view lists it (1 if both or neither)."""
    action = parse_action_text(text)
    if (
        isinstance(action, Capture)
        and view.config.ace_14
        and not action.ace_high
        and action.card.rank.label == "A"
        and " as " not in f" {text.lower()} "
        and action not in view.legal_actions
    ):
        high = Capture(action.card, action.cards, action.builds, ace_high=True)
        if high in view.legal_actions:
            return high
    return action
