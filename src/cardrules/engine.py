"""The game registry and the functions that work on any game's state.

Each game package (``cardrules.rummy500`` …) describes itself with a
:class:`GameDefinition` named ``GAME``. The functions here find that definition
from the object they are given, so ``cardrules.apply(state, action)`` works for
every game.

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=1)
>>> action = cardrules.legal_actions(state)[0]
>>> cardrules.apply(state, action) is not state
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules.cards import Card

__all__ = [
    "GAMES",
    "GameDefinition",
    "apply",
    "check",
    "definition",
    "definition_of",
    "legal_actions",
    "new_game",
    "view",
]

GAMES: Final = ("rummy500", "vegas_rummy", "casino")
"""The names of the games this library plays."""


@attrs.frozen
class GameDefinition:
    """What the engine needs to know about one game.

    The callables are the game module's own public functions; the types tell the
    JSON codec which classes may appear for each kind of record.
    """

    name: str
    config_type: type[Any]
    state_type: type[Any]
    view_type: type[Any]
    action_types: tuple[type[Any], ...]
    new_game: Callable[..., Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], Any]
    check: Callable[[Any, Any], str | None]
    view: Callable[[Any, int | None], Any]
    parse_action: Callable[[str, Any], Any]
    validate_state: Callable[[Any], None]
    """Raise ``ValueError`` unless the state is consistent (used on JSON load)."""
    validate_view: Callable[[Any], None] = attrs.field(default=lambda view: None)
    """Raise ``ValueError`` unless the view is one some seat could be shown (JSON load)."""
    max_game_length: Callable[[Any], int] | None = None
    """The most actions a game under this config can take before it ends (as
    OpenSpiel's ``max_game_length``); ``None`` while a game documents none."""


def definition(name: str) -> GameDefinition:
    """The definition of the game called ``name`` (one of :data:`GAMES`)."""
    if not isinstance(name, str):
        raise TypeError(f"a game name is text, not {type(name).__name__}")
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    module = importlib.import_module(f"cardrules.{name}")
    game: GameDefinition = module.GAME
    return game


def definition_of(obj: object) -> GameDefinition:
    """The definition of the game a state, view, config or action belongs to."""
    parts = type(obj).__module__.split(".")
    if len(parts) >= 2 and parts[0] == "cardrules" and parts[1] in GAMES:
        return definition(parts[1])
    raise TypeError(f"{type(obj).__name__} is not a cardrules game object")


def new_game(
    name: str,
    config: object | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> Any:
    """Start a new game of ``name`` (see :data:`GAMES`) and return its first state.

    ``decks`` stacks every deal, not only the first (see each game's ``new_game``).
    """
    if decks is not None:
        return definition(name).new_game(config, seed=seed, deck=deck, decks=decks)
    return definition(name).new_game(config, seed=seed, deck=deck)


def legal_actions(state: object) -> tuple[Any, ...]:
    """Every legal action of the player to act, in the game's documented order."""
    return definition_of(state).legal_actions(state)


def apply(state: object, action: object) -> Any:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal."""
    return definition_of(state).apply(state, action)


def check(state: object, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not."""
    return definition_of(state).check(state, action)


def view(state: object, seat: int | None) -> Any:
    """What ``seat`` may know of ``state`` (``None``: a spectator)."""
    return definition_of(state).view(state, seat)
