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
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, overload

import attrs

from cardrules.cards import Card

if TYPE_CHECKING:  # the games import this module, so their types are named for mypy only
    from cardrules import casino, rummy500, vegas_rummy

    AnyState: TypeAlias = rummy500.State | vegas_rummy.State | casino.State
    AnyView: TypeAlias = rummy500.View | vegas_rummy.View | casino.View

__all__ = [
    "GAMES",
    "GameDefinition",
    "apply",
    "check",
    "definition",
    "definition_of",
    "legal_actions",
    "new_game",
    "parse_action",
    "view",
]

GAMES: Final = ("rummy500", "vegas_rummy", "casino")
"""The names of the games this library plays."""

TITLES: Final = {"rummy500": "Rummy 500", "vegas_rummy": "Las Vegas Rummy", "casino": "Casino"}
"""Each game's name as people write it."""


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
    """The definition of the game called ``name`` (one of :data:`~cardrules.engine.GAMES`)."""
    if not isinstance(name, str):
        raise TypeError(f"a game name is text, not {type(name).__name__}")
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    module = importlib.import_module(f"cardrules.{name}")
    game: GameDefinition = module.GAME
    return game


def definition_of(obj: object) -> GameDefinition:
    """The definition of the game a state, view, config or action belongs to."""
    cls = type(obj)
    known = _DEFINITION_OF.get(cls)
    if known is not None:
        return known
    parts = cls.__module__.split(".")
    if len(parts) >= 2 and parts[0] == "cardrules" and parts[1] in GAMES:
        found = definition(parts[1])
        _DEFINITION_OF[cls] = found
        return found
    raise TypeError(f"{cls.__name__} is not a cardrules game object")


_DEFINITION_OF: dict[type[Any], GameDefinition] = {}
"""The game of each class :func:`definition_of` has met. Every ``cardrules.apply``
and ``cardrules.legal_actions`` asks, so the module lookup is done once a class,
not once a move (it was an eighth of a Rummy 500 move through ``cardrules.apply``)."""


@overload
def new_game(
    name: Literal["rummy500"],
    config: rummy500.Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> rummy500.State: ...
@overload
def new_game(
    name: Literal["vegas_rummy"],
    config: vegas_rummy.Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> vegas_rummy.State: ...
@overload
def new_game(
    name: Literal["casino"],
    config: casino.Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> casino.State: ...
@overload
def new_game(
    name: str,
    config: object | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> Any: ...
def new_game(
    name: str,
    config: object | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> Any:
    """Start a new game of ``name`` (one of :data:`~cardrules.engine.GAMES`); its first state.

    ``decks`` stacks every deal, not only the first (see each game's ``new_game``).
    With a literal name the result is typed as that game's ``State``.

    >>> new_game("casino", seed=1).round_number
    1
    """
    if decks is not None:
        return definition(name).new_game(config, seed=seed, deck=deck, decks=decks)
    return definition(name).new_game(config, seed=seed, deck=deck)


def _is_view(rules: GameDefinition, obj: object) -> bool:
    return type(obj) is rules.view_type


@overload
def legal_actions(state: rummy500.State | rummy500.View) -> tuple[rummy500.Action, ...]: ...
@overload
def legal_actions(
    state: vegas_rummy.State | vegas_rummy.View,
) -> tuple[vegas_rummy.Action, ...]: ...
@overload
def legal_actions(state: casino.State | casino.View) -> tuple[casino.Action, ...]: ...
def legal_actions(state: object) -> tuple[Any, ...]:
    """Every legal action of the player to act, in the game's documented order.

    Given a view, the actions that view lists: its seat's legal actions when
    that seat is to act, else none (a view holds nothing to compute them from).

    >>> import cardrules
    >>> state = new_game("rummy500", seed=1)
    >>> mine = cardrules.view(state, state.to_act)
    >>> legal_actions(mine) == legal_actions(state)
    True
    """
    rules = definition_of(state)
    if _is_view(rules, state):
        listed: tuple[Any, ...] = state.legal_actions  # type: ignore[attr-defined]
        return listed
    return rules.legal_actions(state)


@overload
def apply(state: rummy500.State, action: rummy500.Action) -> rummy500.State: ...
@overload
def apply(state: vegas_rummy.State, action: vegas_rummy.Action) -> vegas_rummy.State: ...
@overload
def apply(state: casino.State, action: casino.Action) -> casino.State: ...
def apply(state: object, action: object) -> Any:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal.

    Only a state can be played on: a view raises ``TypeError`` (the one who
    holds the state — a server — applies the move).
    """
    rules = definition_of(state)
    if _is_view(rules, state):
        raise TypeError("apply needs the game's state; a view cannot be played on")
    return rules.apply(state, action)


def check(state: AnyState | AnyView, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not.

    Given a view, the answer comes from the actions that view lists: ``None``
    exactly for a listed action. Otherwise the reason is the state's own
    where the view shows it ("the game is over", an action of another game)
    and else says that the action is not among the listed ones; only the full
    state names the rule that forbids it (a server answers with that reason).

    >>> import cardrules
    >>> state = new_game("rummy500", seed=1)
    >>> mine = cardrules.view(state, state.to_act)
    >>> check(mine, mine.legal_actions[0]) is None
    True
    >>> from cardrules.rummy500 import EndRound
    >>> check(mine, EndRound())
    "'end round' is not among the legal actions this view lists (draw)"
    """
    rules = definition_of(state)
    if _is_view(rules, state):
        return _check_on_view(rules, state, action)
    return rules.check(state, action)


def _check_on_view(rules: GameDefinition, view: Any, action: object) -> str | None:
    if view.is_over:
        return "the game is over"
    if type(action) not in rules.action_types:
        return f"{type(action).__name__} is not a {TITLES[rules.name]} action"
    if view.seat is None:
        return "a spectator's view lists no actions"
    if view.seat != view.to_act:
        return f"it is seat {view.to_act}'s turn, not seat {view.seat}'s"
    listed = view.legal_actions
    if action in listed:
        return None
    texts = ", ".join(view.legal_texts[:6]) + (", …" if len(listed) > 6 else "")
    return f"'{action}' is not among the legal actions this view lists ({texts})"


@overload
def parse_action(text: str, state: rummy500.State | rummy500.View) -> rummy500.Action: ...
@overload
def parse_action(text: str, state: vegas_rummy.State | vegas_rummy.View) -> vegas_rummy.Action: ...
@overload
def parse_action(text: str, state: casino.State | casino.View) -> casino.Action: ...
def parse_action(text: str, state: object) -> Any:
    """Read an action's text form (``str(action)``) for the game of ``state`` (a state or a view).

    Raises ``ValueError`` for text that is no action of that game. Whether
    the action is legal is for :func:`check`. A view holds what reading needs
    (the discard pile, the round's wild cards, the play in progress); one
    difference: in Royal Casino, an ace capture written without ``as 1`` or
    ``as 14`` is read as 1 from a view, while a state picks the value that
    makes it legal (the listed texts always say which).

    >>> import cardrules
    >>> state = new_game("casino", seed=1)
    >>> parse_action("trail 4d", cardrules.view(state, 0))
    Trail(card=Card(Rank.FOUR, Suit.DIAMONDS))
    """
    return definition_of(state).parse_action(text, state)


@overload
def view(state: rummy500.State, seat: int | None) -> rummy500.View: ...
@overload
def view(state: vegas_rummy.State, seat: int | None) -> vegas_rummy.View: ...
@overload
def view(state: casino.State, seat: int | None) -> casino.View: ...
def view(state: object, seat: int | None) -> Any:
    """What ``seat`` may know of ``state`` (``None``: a spectator)."""
    rules = definition_of(state)
    if _is_view(rules, state):
        raise TypeError("view needs the game's state, not a view")
    return rules.view(state, seat)
