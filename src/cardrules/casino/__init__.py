"""Casino: standard and Royal Casino, sweeps, 2–4 players, 2 v 2 partnerships.

The rules are those of the Casino page of the docs (decisions CA-1 … CA-18).
The parts:

- :mod:`!cardrules.casino.config` — :class:`Config`, one field per rule option;
- :mod:`!cardrules.casino.actions` — :class:`Capture`, :class:`Build`, :class:`Trail`,
  the steps :class:`Take` and :class:`Done`, and their text forms;
- :mod:`!cardrules.casino.captures` — card values and the enumeration of groups;
- :mod:`~cardrules.casino.steps` — plays made one table item at a time;
- :mod:`~cardrules.casino.plays` — whole plays: :func:`plays`, :func:`check_play`;
- :mod:`!cardrules.casino.state` — :class:`State`, its :class:`Phase` and :class:`TableBuild`;
- :mod:`!cardrules.casino.rules` — :func:`new_game`, :func:`legal_actions`,
  :func:`apply`, :func:`check`, :func:`parse_action`, :func:`steps` and
  :func:`play` (a whole play as its steps), :func:`max_game_length`;
- :mod:`~cardrules.casino.scoring` — hand breakdowns and the end of the game;
- :mod:`~cardrules.casino.view` — :class:`View`, what one seat may know;
- :mod:`~cardrules.casino.validation` — :func:`validate_state` and
  :func:`validate_view`: the invariants of every reachable position.

>>> from cardrules import casino
>>> state = casino.new_game(seed=11)
>>> len(state.loose), [len(h) for h in state.hands], len(state.stock)
(4, [4, 4], 40)
>>> while not state.is_over:
...     state = casino.apply(state, casino.legal_actions(state)[0])
>>> state.winners in ((0,), (1,))
True
>>> from cardrules.cards import parse_card
>>> casino.parse_action("trail 4d", state) == casino.Trail(parse_card("4D"))
True
"""

from cardrules.casino.actions import Action, Build, Capture, Done, Play, Take, Trail
from cardrules.casino.builder import position
from cardrules.casino.config import Config
from cardrules.casino.parse import parse_action
from cardrules.casino.plays import check_play, next_step, plays
from cardrules.casino.rules import (
    apply,
    check,
    deal_order,
    legal_actions,
    max_game_length,
    new_game,
    play,
    steps,
)
from cardrules.casino.scoring import HandScore, ScoreItem
from cardrules.casino.state import Phase, State, TableBuild
from cardrules.casino.validation import validate_state, validate_view
from cardrules.casino.view import View, view
from cardrules.engine import GameDefinition

__all__ = [
    "GAME",
    "Action",
    "Build",
    "Capture",
    "Config",
    "Done",
    "HandScore",
    "Phase",
    "Play",
    "ScoreItem",
    "State",
    "TableBuild",
    "Take",
    "Trail",
    "View",
    "apply",
    "check",
    "check_play",
    "deal_order",
    "legal_actions",
    "max_game_length",
    "new_game",
    "next_step",
    "parse_action",
    "play",
    "plays",
    "position",
    "steps",
    "validate_state",
    "validate_view",
    "view",
]

GAME = GameDefinition(
    name="casino",
    config_type=Config,
    state_type=State,
    view_type=View,
    action_types=(Capture, Build, Trail, Take, Done),
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
"""The engine's description of Casino."""
