"""Las Vegas Rummy with its betting game (rules LV-1 … LV-17 as its docs page gives them).

Parts:

* :mod:`!cardrules.vegas_rummy.config` — :class:`Config`, one field per option; the LV-1 deck count.
* :mod:`!cardrules.vegas_rummy.state` — :class:`State`, its phases, round results, the ledger.
* :mod:`!cardrules.vegas_rummy.actions` — the actions and their text forms.
* :mod:`!cardrules.vegas_rummy.rules` — :func:`new_game`, :func:`legal_actions`, :func:`apply`,
  :func:`check`, :func:`canonical`, :func:`parse_action`, :func:`meld_rules`,
  :func:`max_game_length`, and the host's :func:`join` (LV-14).
* :mod:`~cardrules.vegas_rummy.scoring` — hand points, the game-over test, busts, the pot split.
* :mod:`!cardrules.vegas_rummy.betting` — buy-ins, rebuys, late joins, the pot.
* :mod:`~cardrules.vegas_rummy.view` — :class:`View`: what one seat may know.
* :mod:`~cardrules.vegas_rummy.money` — exact amounts in the library's own ``decimal`` context.
* :mod:`~cardrules.vegas_rummy.validation` — :func:`validate_state` and
  :func:`validate_view` (the invariants every reachable state keeps, checked on
  load).

Wild-card logic beyond the shared melds (open set wilds, swaps, canonical
melds) is in :mod:`cardrules.rummy.wilds`.

>>> from cardrules import vegas_rummy as vr
>>> state = vr.new_game(vr.Config(num_players=3, buy_in=2), seed=11)
>>> str(state.phase), len(state.hands[state.to_act]), state.pot
('draw', 7, Decimal('6'))
>>> vr.legal_actions(state)
(Draw(),)
>>> vr.check(state, vr.TakeDiscard())
'the first player of a round may not draw from the discard pile (LV-3)'
>>> state = vr.apply(state, vr.parse_action("draw", state))
>>> str(state.phase)
'play'
"""

from cardrules.engine import GameDefinition
from cardrules.vegas_rummy import scoring
from cardrules.vegas_rummy.actions import (
    Action,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    SwapWild,
    TakeDiscard,
    malformed,
)
from cardrules.vegas_rummy.builder import deck_for, position
from cardrules.vegas_rummy.config import Config, deck_count
from cardrules.vegas_rummy.rules import (
    apply,
    canonical,
    check,
    join,
    join_error,
    legal_actions,
    max_game_length,
    meld_rules,
    new_game,
    parse_action,
)
from cardrules.vegas_rummy.state import (
    CutAttempt,
    LedgerEntry,
    OwnedMeld,
    Phase,
    RoundResult,
    State,
    wild_cards,
)
from cardrules.vegas_rummy.validation import validate_state, validate_view
from cardrules.vegas_rummy.view import View, view

__all__ = [
    "GAME",
    "Action",
    "Config",
    "CutAttempt",
    "Deal",
    "Discard",
    "Draw",
    "LayOff",
    "LedgerEntry",
    "Meld",
    "OwnedMeld",
    "Phase",
    "Rebuy",
    "Retire",
    "RoundResult",
    "State",
    "SwapWild",
    "TakeDiscard",
    "View",
    "apply",
    "canonical",
    "check",
    "deck_count",
    "deck_for",
    "join",
    "join_error",
    "legal_actions",
    "malformed",
    "max_game_length",
    "meld_rules",
    "new_game",
    "parse_action",
    "position",
    "scoring",
    "validate_state",
    "validate_view",
    "view",
    "wild_cards",
]

GAME = GameDefinition(
    name="vegas_rummy",
    config_type=Config,
    state_type=State,
    view_type=View,
    action_types=(Draw, TakeDiscard, Meld, LayOff, SwapWild, Discard, Rebuy, Retire, Deal),
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
"""The engine's description of Las Vegas Rummy."""
