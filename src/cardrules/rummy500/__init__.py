"""Rummy 500 (500 Rum), by the rules the Rummy 500 docs page gives (R5-1 …).

Parts: :mod:`!.config` (options R5-1..R5-13), :mod:`!.state` (the state and round
breakdowns), :mod:`.actions` (actions and their text), :mod:`!.rules` (deal,
``legal_actions``, ``apply``, ``check``), :mod:`.scoring`, :mod:`!.view`,
:mod:`!.parse` and :mod:`!.validation` (checks for loaded states and views).

>>> from cardrules import rummy500
>>> state = rummy500.new_game(seed=11)
>>> rummy500.legal_actions(state)[0]
Draw()
>>> state = rummy500.apply(state, rummy500.Draw())
>>> state.phase, len(state.hands[state.to_act])
(<Phase.PLAY: 'play'>, 11)
"""

from cardrules.engine import GameDefinition
from cardrules.rummy500 import scoring
from cardrules.rummy500.actions import (
    Action,
    Discard,
    Draw,
    EndRound,
    LayOff,
    Meld,
    TakeDiscard,
)
from cardrules.rummy500.builder import position
from cardrules.rummy500.config import Config
from cardrules.rummy500.parse import parse_action
from cardrules.rummy500.rules import (
    apply,
    canonical,
    check,
    legal_actions,
    max_game_length,
    meld_rules,
    new_game,
)
from cardrules.rummy500.state import Masks, Phase, RoundResult, SeatScore, State
from cardrules.rummy500.validation import validate_state, validate_view
from cardrules.rummy500.view import View, view

__all__ = [
    "GAME",
    "Action",
    "Config",
    "Discard",
    "Draw",
    "EndRound",
    "LayOff",
    "Masks",
    "Meld",
    "Phase",
    "RoundResult",
    "SeatScore",
    "State",
    "TakeDiscard",
    "View",
    "apply",
    "canonical",
    "check",
    "legal_actions",
    "max_game_length",
    "meld_rules",
    "new_game",
    "parse_action",
    "position",
    "scoring",
    "validate_state",
    "validate_view",
    "view",
]

GAME = GameDefinition(
    name="rummy500",
    config_type=Config,
    state_type=State,
    view_type=View,
    action_types=(Draw, TakeDiscard, Meld, LayOff, Discard, EndRound),
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    check=check,
    view=view,
    parse_action=parse_action,
    validate_state=validate_state,
    validate_view=validate_view,
    max_game_length=max_game_length,
)
