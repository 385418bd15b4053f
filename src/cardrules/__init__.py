"""cardrules: Rummy 500, Las Vegas Rummy and Casino, played exactly by the rules.

States are immutable; :func:`apply` returns a new state and never changes its
input; :func:`legal_actions` lists every legal move; :func:`view` gives what one
seat may know. Every function here works on any game's objects.

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=42)
>>> while not state.is_over:
...     state = cardrules.apply(state, cardrules.legal_actions(state)[0])
>>> state.winners
(...)
"""

from cardrules._version import __version__
from cardrules.engine import GAMES, apply, check, legal_actions, new_game, parse_action, view
from cardrules.errors import IllegalActionError
from cardrules.notation import from_notation, notation
from cardrules.records import GameRecord, PlayerRecord, from_json, to_json

__all__ = [
    "GAMES",
    "GameRecord",
    "IllegalActionError",
    "PlayerRecord",
    "__version__",
    "apply",
    "check",
    "from_json",
    "from_notation",
    "legal_actions",
    "new_game",
    "notation",
    "parse_action",
    "to_json",
    "view",
]
