"""Our games as OpenSpiel Python games: ``pyspiel.load_game("cardrules_casino")``.

Importing this module registers three games, ``cardrules_rummy500``,
``cardrules_vegas_rummy`` and ``cardrules_casino``, in the way OpenSpiel's own
Python games are registered (``pyspiel.register_game``). Then every OpenSpiel
algorithm that takes a game takes ours.

Game type
    Sequential, imperfect information, explicit stochastic chance, zero-sum,
    terminal rewards. A game with ``w`` winners among ``n`` seats pays each
    winner ``(n / w - 1) / (n - 1)`` and everybody else ``-1 / (n - 1)`` (±1
    with two players); a game stopped by ``max_actions`` pays 0 to all.
Parameters
    Every ``Config`` field whose default is a number, a flag or a word keeps its
    name and default (``num_players``, ``target``, ``variant`` …), except that
    Las Vegas Rummy defaults to ``num_players=2`` and ``meld_strictness=True``,
    the configs the action space supports (:func:`~cardrules.rl.actions.check_supported`).
    ``config_json`` (a config as ``cardrules.to_json`` writes it) overrides them
    all when set. ``chance_seeds`` (default 10,000) and ``max_actions``
    (default 5,000) are explained next.
Chance
    One chance node opens each game: it picks the game's seed, uniformly from
    ``range(chance_seeds)``, and the seed decides every shuffle of the game
    (the engine's seeded dealing). So chance is *explicit stochastic
    outcomes*, one per seed; there are no later chance nodes, and a state's
    future deals are fixed by its seed. Search must therefore not look at the
    state itself: ``resample_from_infostate`` deals the hidden cards again and
    draws a new seed (:func:`~cardrules.rl.determinize.determinize`), which is
    what ISMCTS calls, and what determinized MCTS should search.
Length
    ``max_game_length`` is the game's documented bound
    (``engine.definition(name).max_game_length``) where it has one, capped by
    ``max_actions``: a game that reaches ``max_actions`` moves (chance excluded)
    ends there, paying 0 to everyone. Random play ends long before the default
    in Rummy 500 and Casino; Las Vegas Rummy may need more.
Observations
    Both tensors are :func:`cardrules.rl.planes.encode_planes` of the seat's
    view and of the round's public history planes (kept by the state, move by
    move), so the information-state tensor recalls who took, dug, melded,
    laid off or captured which card this round. The observation string is the
    tensor's non-zero entries (``index:value``), a short exact key; the
    information-state string adds every move so far as its public text
    (``draw`` names no card), so it has perfect recall of what the seat saw
    done.

>>> import pyspiel
>>> from cardrules.rl import openspiel  # registers the games
>>> game = pyspiel.load_game("cardrules_casino", {"num_players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 7498)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 10000)
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pyspiel

import cardrules
from cardrules import engine
from cardrules.rl import planes
from cardrules.rl.actions import ActionSpace, action_space
from cardrules.rl.determinize import determinize
from cardrules.rl.outcomes import payoffs

__all__ = ["CardrulesGame", "CardrulesState", "config_from_params", "game_name", "load"]

_PREFIX = "cardrules_"
_DEFAULT_SEEDS = 10_000
_DEFAULT_MAX_ACTIONS = 5_000
_LONG_NAMES = {
    "rummy500": "cardrules Rummy 500",
    "vegas_rummy": "cardrules Las Vegas Rummy",
    "casino": "cardrules Casino",
}
_SKIPPED = {"first_dealer"}  # a word or a seat number: pass it in config_json
_RL_DEFAULTS: dict[str, dict[str, Any]] = {
    "vegas_rummy": {"num_players": 2, "meld_strictness": True},
}
_CASINO_SLOTTED = frozenset({"trail", "capture", "new build", "raise", "add"})
"""Casino blocks whose numbers start with the played card's slot in the hand."""
_CASINO_HAND = 4
_CHANCE = -1
"""``int(pyspiel.PlayerId.CHANCE)`` (a test checks it), as a plain number: the docs
build imports this module with ``pyspiel`` mocked."""
_TERMINAL = -4
"""``int(pyspiel.PlayerId.TERMINAL)``, likewise."""
_PLAYER_RANGE = {"rummy500": (2, 8), "vegas_rummy": (2, 8), "casino": (2, 4)}


def game_name(game: str) -> str:
    """The OpenSpiel short name of one of our games: ``"cardrules_" + game``."""
    return _PREFIX + game


def _config_params(game: str) -> dict[str, Any]:
    config_type = engine.definition(game).config_type
    params: dict[str, Any] = {}
    for field in attrs.fields(config_type):
        if not field.init or field.name in _SKIPPED:
            continue
        default = field.default
        if isinstance(default, bool | int | float | str):
            params[field.name] = default
    params.update(_RL_DEFAULTS.get(game, {}))
    return params


def config_from_params(game: str, params: dict[str, Any]) -> Any:
    """The ``Config`` an OpenSpiel parameter dict stands for (see the module docstring)."""
    text = params.get("config_json", "")
    if text:
        config = cardrules.from_json(text)
        if not isinstance(config, engine.definition(game).config_type):
            raise ValueError(f"config_json is not a {game} config")
        return config
    defaults = _config_params(game)
    chosen = {name: params.get(name, value) for name, value in defaults.items()}
    config_type = engine.definition(game).config_type
    if game == "vegas_rummy":  # fixed seats, as in default_config
        chosen["max_seats"] = chosen["num_players"]
    return config_type(**chosen)


def _game_type(game: str) -> pyspiel.GameType:
    low, high = _PLAYER_RANGE[game]
    spec = {
        **_config_params(game),
        "config_json": "",
        "chance_seeds": _DEFAULT_SEEDS,
        "max_actions": _DEFAULT_MAX_ACTIONS,
    }
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=_LONG_NAMES[game],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class _Frozen:
    """Holds an immutable value; copying (as OpenSpiel's ``clone`` does) shares it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games under one config, as an OpenSpiel game."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.cardrules_game = game
        self.config = config_from_params(game, params)
        self.space: ActionSpace = action_space(game, self.config)
        self.chance_seeds = int(params.get("chance_seeds", _DEFAULT_SEEDS))
        self.max_actions = int(params.get("max_actions", _DEFAULT_MAX_ACTIONS))
        if self.chance_seeds < 1 or self.max_actions < 1:
            raise ValueError("chance_seeds and max_actions must be positive")
        bound_of = engine.definition(game).max_game_length
        bound = self.max_actions
        if bound_of is not None:
            bound = min(bound_of(self.config), bound)
        n = self.config.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.chance_seeds,
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=bound,
        )
        self.max_moves = bound
        seeds = self.chance_seeds
        # Every state's chance node lists them: made once (10,000 pairs take milliseconds).
        self.seed_outcomes = tuple((seed, 1.0 / seeds) for seed in range(seeds))
        super().__init__(_game_type(game), info, params)

    def new_initial_state(self) -> CardrulesState:
        """The state before the deal (a chance node)."""
        return CardrulesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer OpenSpiel uses for observation and information-state strings/tensors."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one of our immutable states."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        # Only _Frozen holders: OpenSpiel's clone deep-copies the state's attributes.
        self._game = _Frozen(game)
        self._inner: _Frozen | None = None
        self._history = _Frozen(())
        self._script: _Frozen | None = None
        self._public = _Frozen(planes.PublicHistory(game.cardrules_game, game.config))
        self._player = _CHANCE
        # The inner state's legal actions by number, listed when first asked for
        # (OpenSpiel asks for the numbers, then applies one of them) and dropped
        # with the state: set only by _listing, cleared by _set_inner.
        self._listed: _Frozen | None = None

    @property
    def _space(self) -> ActionSpace:
        return self._game.value.space  # type: ignore[no-any-return]

    @property
    def _moves(self) -> tuple[str, ...]:
        return self._history.value  # type: ignore[no-any-return]

    @property
    def public_history(self) -> planes.PublicHistory:
        """The round's public history planes (a :class:`~cardrules.rl.planes.PublicHistory`).

        Shared with clones: read it, do not change it.
        """
        return self._public.value  # type: ignore[no-any-return]

    @property
    def inner(self) -> Any:
        """Our state (``None`` before the deal)."""
        return None if self._inner is None else self._inner.value

    def _truncated(self) -> bool:
        return len(self._moves) >= int(self._game.value.max_moves)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        if self._script is not None:  # a resampled world replaying its public record
            script = self._script.value
            return int(script[self.move_number()][0])
        return self._player

    def _player_now(self) -> int:
        """:meth:`current_player` of the state as it now is (kept in ``_player`` after a move)."""
        if self._inner is None:
            return _CHANCE
        if self._inner.value.is_over or self._truncated():
            return _TERMINAL
        return int(self._inner.value.to_act)

    def _set_inner(self, state: Any) -> None:
        self._inner = _Frozen(state)
        self._listed = None

    def _listing(self) -> dict[int, Any]:
        """The inner state's legal actions by number (do not change the dict)."""
        listed = self._listed
        if listed is None:
            state = self._inner.value  # type: ignore[union-attr]
            listed = _Frozen(self._space.legal(state))
            self._listed = listed
        return listed.value  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        if self._inner is None or player != self.current_player():
            return []
        return sorted(self._listing())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        return list(self._game.value.seed_outcomes)

    def _apply_action(self, action: int) -> None:
        if self._script is not None:
            return  # a resampled world's record: its state is set once the record is written
        if self._inner is None:
            self._set_inner(
                engine.definition(self._game.value.cardrules_game).new_game(
                    self._game.value.config, seed=int(action)
                )
            )
            self._player = self._player_now()
            return
        state = self._inner.value
        move = self._listing().get(int(action))
        if move is None:
            raise ValueError(f"no legal action is numbered {action} here")
        self._history = _Frozen((*self._moves, f"{state.to_act}:{move}"))
        after = cardrules.apply(state, move)
        events = planes.new_events(state, after, state.to_act)
        if events:  # copied before it changes: clones share the old one
            public = self._public.value.copy()
            public.record(events)
            self._public = _Frozen(public)
        self._set_inner(after)
        self._player = self._player_now()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self._inner is None:
            return f"seed {action}"
        try:
            move = self._listing().get(int(action))
        except ValueError:  # int() of something that is not a number
            move = None
        return f"action {action}" if move is None else str(move)

    def is_terminal(self) -> bool:
        """True once the game is over (or stopped by ``max_actions``)."""
        return self._inner is not None and bool(self._inner.value.is_over or self._truncated())

    def returns(self) -> list[float]:
        """Zero until the end; then :func:`cardrules.rl.outcomes.payoffs`."""
        state = self.inner
        if state is None:
            return [0.0] * self._game.value.config.num_players
        return list(payoffs(state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardrulesState:
        """A state ``player_id`` cannot tell from this one: hidden cards dealt again, new seed.

        The world is :func:`~cardrules.rl.determinize.determinize`'s. Its
        ``history()`` must not hold the real deal, so it is rebuilt: the chance
        outcome is a fresh label drawn from the sampler among the seeds other
        than the real one (no seed deals the resampled world, so replaying the
        history does not rebuild it, nor the real one), then every move's
        number as the table saw it; a Casino
        play of another seat is recorded with hand slot 0, since where its card
        sat in a hidden hand is hidden (issue 29).
        """
        if self._inner is None:
            return self.clone()  # type: ignore[no-any-return]
        rnd = random.Random(int(probability_sampler() * 2**53))
        world = determinize(self._inner.value, player_id, rnd)
        game = self._game.value
        history = self.full_history()
        label = rnd.randrange(max(game.chance_seeds - 1, 1))
        if game.chance_seeds > 1 and label >= history[0].action:
            label += 1  # any seed but the real one (drawing it left the real deal in 1 of 10,000)
        script = [(_CHANCE, label)]
        for step in history[1:]:
            script.append((step.player, self._public_number(step.player, step.action, player_id)))
        fresh = CardrulesState(game)
        fresh._script = _Frozen(script)
        for _player, number in script:
            fresh.apply_action(number)
        fresh._script = None
        fresh._set_inner(world)
        fresh._history = self._history
        fresh._public = self._public
        fresh._player = fresh._player_now()
        return fresh

    def _public_number(self, player: int, number: int, viewer: int) -> int:
        """``number`` as ``viewer`` may know it: a hidden hand slot of a Casino play becomes 0."""
        space = self._space
        if player == viewer or space.game != "casino":
            return number
        for name, start, count in space.blocks:
            if start <= number < start + count and name in _CASINO_SLOTTED:
                return start + (number - start) % (count // _CASINO_HAND)
        return number

    def view(self, player: int) -> Any:
        """Our view of the game for ``player``."""
        return cardrules.view(self._inner.value, player)  # type: ignore[union-attr]

    def __str__(self) -> str:
        if self._inner is None:
            return "before the deal"
        state = self._inner.value
        hands = " ".join(str(len(hand)) for hand in state.hands)
        return f"move {len(self._moves)}, to act {state.to_act}, hand sizes {hands}"



class _Observer:
    """OpenSpiel's Python observer: the compact planes (and their named parts) and a string."""

    def __init__(self, game: CardrulesGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self._encode = planes.SeatEncoder()
        name, config = game.cardrules_game, game.config
        self.tensor = np.zeros(planes.planes_size(name, config), np.float32)
        self.dict: dict[str, Any] = {}
        for part, start, shape in planes.layout(name, config):
            count = int(np.prod(shape))
            self.dict[part] = self.tensor[start : start + count].reshape(shape)

    def set_from(self, state: CardrulesState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            # The seat's view encoded straight from the state (the planes of the
            # view, without listing its legal actions: encode_seat).
            self.tensor[:] = self._encode(state.inner, player, state.public_history)

    def string_from(self, state: CardrulesState, player: int) -> str:
        if state.inner is None:
            return f"p{player} before the deal"
        vector = self._encode(state.inner, player, state.public_history)
        where = np.flatnonzero(vector)
        seen = f"p{player} " + ",".join(f"{i}:{vector[i]:.9g}" for i in where)
        if not self.perfect_recall:
            return seen
        return seen + " | " + " ".join(state._moves)


class Rummy500Game(CardrulesGame):
    """Rummy 500 as an OpenSpiel game (``cardrules_rummy500``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("rummy500", params)


class VegasRummyGame(CardrulesGame):
    """Las Vegas Rummy as an OpenSpiel game (``cardrules_vegas_rummy``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("vegas_rummy", params)


class CasinoGame(CardrulesGame):
    """Casino as an OpenSpiel game (``cardrules_casino``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("casino", params)


def load(game: str, **params: Any) -> Any:
    """``pyspiel.load_game`` for one of our games, parameters as keywords.

    >>> load("rummy500", target=100).get_parameters()["target"]
    100
    """
    return pyspiel.load_game(game_name(game), params)


for _name, _class in (
    ("rummy500", Rummy500Game),
    ("vegas_rummy", VegasRummyGame),
    ("casino", CasinoGame),
):
    pyspiel.register_game(_game_type(_name), _class)
