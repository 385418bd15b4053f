"""Gymnasium environments: you play one seat, any policies play the others; N games at once.

``CardrulesEnv("casino", opponents="normal")`` is a ``gymnasium.Env``. The
learner sits at ``seat`` (0 by default); after each of its moves the other
seats play until it is the learner's turn again or the game ends.
Observations are the dict of :mod:`cardrules.rl.pettingzoo` (``"observation"``:
the compact planes, or the rich vector with ``observation="rich"``;
``"action_mask"``: ``int8``); actions are numbers of
:func:`cardrules.rl.actions.action_space`; the reward is the learner's payoff
(:func:`cardrules.rl.outcomes.payoffs`) when the game ends, else 0;
``truncated`` is true when ``max_actions`` moves are reached.

Opponents
    ``opponents`` is a bot level (``"random"``, ``"easy"``, ``"normal"``,
    ``"expert"``: a fresh seeded bot per seat and game), a *policy*, or a dict
    giving one of those per seat. A policy is any callable
    ``policy(view, observation)`` returning an action number or one of our
    actions: ``view`` is the seat's :func:`cardrules.view`, ``observation``
    the seat's observation dict, exactly what the learner would get in that
    seat (a trained network, a bot, a mix: self-play is ``opponents=my_policy``).
    A bot object (anything with ``choose(view)``) is taken as it is.

An action number that is not legal ends the episode as a loss (reward -1,
``info["illegal_action"] = True``): a Gymnasium agent may sample any number of
the ``Discrete`` space, so the env must not crash on one; use the mask.

:class:`CardrulesVectorEnv` steps ``num_envs`` such games in one process
through Gymnasium's ``VectorEnv`` API, writing every observation straight
into one batch array (no per-game copies or dict batching).

Registered ids: ``cardrules/Rummy500-v0``, ``cardrules/VegasRummy-v0`` and
``cardrules/Casino-v0`` (keywords as for :class:`CardrulesEnv`); without a
config each game uses :func:`cardrules.rl.actions.default_config`.

>>> from cardrules.rl.gymnasium import CardrulesEnv
>>> env = CardrulesEnv("casino", opponents="easy")
>>> observation, info = env.reset(seed=3)
>>> bool(observation["action_mask"].any()), info["seat"]
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import cardrules
from cardrules import bots, engine
from cardrules.rl import planes
from cardrules.rl.actions import (
    ActionSpace,
    action_space,
    check_supported,
    default_config,
    numbers_mask,
)
from cardrules.rl.outcomes import payoffs
from cardrules.rl.pettingzoo import encoder, observation_space

__all__ = ["CardrulesEnv", "CardrulesVectorEnv", "Opponent", "Policy"]

Observation = dict[str, npt.NDArray[Any]]
_INT8 = np.dtype(np.int8)
Policy = Callable[[Any, Observation], Any]
"""``policy(view, observation) -> action number or action`` (see the module)."""
Opponent = str | Policy | Any
"""A bot level, a policy, or a bot object with ``choose(view)``."""


class _Table:
    """One game with the learner at one seat and its opponents: shared by both envs."""

    def __init__(
        self,
        game: str,
        config: Any,
        seat: int,
        opponents: Opponent | Mapping[int, Opponent],
        max_actions: int,
        observation: str,
    ) -> None:
        engine.definition(game)  # an unknown game raises here
        self.game = game
        self.config = default_config(game) if config is None else config
        check_supported(game, self.config)
        n = self.config.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat = seat
        self.max_actions = max_actions
        self.space: ActionSpace = action_space(game, self.config)
        self.encode = encoder(game, self.config, observation)
        self.observation_space = observation_space(game, self.config, self.space.size, observation)
        if isinstance(opponents, Mapping):
            chosen = dict(opponents)
            missing = [other for other in range(n) if other != seat and other not in chosen]
            if missing:
                raise ValueError(f"opponents names no policy for seats {missing}")
        else:
            chosen = {other: opponents for other in range(n) if other != seat}
        levels = bots.available_levels(game)
        for other, who in chosen.items():
            if isinstance(who, str) and who not in levels:
                raise ValueError(f"opponents must be one of {levels} or a policy, not {who!r}")
            if not isinstance(who, str) and not callable(who) and not hasattr(who, "choose"):
                raise TypeError(f"seat {other}'s opponent is not a level, a policy or a bot")
        self.opponents = chosen
        self.history = planes.PublicHistory(game, self.config)
        rules = engine.definition(game)
        self._apply, self._legal_actions = rules.apply, rules.legal_actions
        self.state: Any = None
        # The state's legal actions by number, listed when first asked for and
        # dropped whenever the state changes: the mask, the chosen number's
        # action and an opponent policy's mask all read this one listing.
        self._numbered: dict[int, Any] | None = None
        self.players: dict[int, Any] = {}  # a bot, a policy, or a random bot's generator
        self.moves = 0
        # The mask numbers written last into a batch row (observe_into), so the
        # row is cleared number by number rather than wholly.
        self._marked: tuple[int, ...] = ()

    def reset(self, deal: int) -> None:
        self.state = cardrules.new_game(self.game, self.config, seed=deal)
        self._numbered = None
        self.history.clear()
        self.moves = 0
        self.players = {}
        for other, who in self.opponents.items():
            if isinstance(who, str) and who == "random":
                # The random bot's own draw, without the bot: RandomBot(game, seed)
                # plays random.Random(seed).choice(its legal actions), and a view
                # lists the state's legal actions (a test replays the bots).
                self.players[other] = random.Random(deal + other)
            elif isinstance(who, str):
                self.players[other] = bots.make(self.game, who, seed=deal + other)
            else:
                self.players[other] = who
        self.play_others()

    def apply(self, move: Any) -> None:
        before = self.state
        after = self._apply(before, move)
        self.state = after
        self._numbered = None
        self.history.record(planes.new_events(before, after, before.to_act))
        self.moves += 1

    def play_others(self) -> None:
        seat, players, legal_actions = self.seat, self.players, self._legal_actions
        while True:
            state = self.state
            other = state.to_act
            if other == seat or state.is_over or self.moves >= self.max_actions:
                return
            player = players[other]
            if type(player) is random.Random:
                move = player.choice(legal_actions(state))
            elif hasattr(player, "choose"):
                move = player.choose(cardrules.view(state, other))
            else:
                numbered = self.numbered()
                observed = {
                    "observation": self.encode(state, other, self.history),
                    "action_mask": numbers_mask(self.space.size, numbered),
                }
                move = player(cardrules.view(state, other), observed)
                if isinstance(move, int | np.integer) and not isinstance(move, bool):
                    found = numbered.get(int(move))
                    if found is None:
                        raise ValueError(f"seat {other}'s policy chose {move}, not a legal number")
                    move = found
            self.apply(move)

    def numbered(self) -> dict[int, Any]:
        """The current state's legal actions by number (listed once a state; do not change it)."""
        numbered = self._numbered
        if numbered is None:
            state = self.state
            numbered = self.space.number(state, self._legal_actions(state))
            self._numbered = numbered
        return numbered

    def learner_to_act(self) -> bool:
        state = self.state
        return bool(state.to_act == self.seat and not state.is_over)

    def observation(self) -> npt.NDArray[np.float32]:
        """The learner's observation vector (a new array)."""
        result: npt.NDArray[np.float32] = self.encode(self.state, self.seat, self.history)
        return result

    def mask(self) -> npt.NDArray[np.int8]:
        """The learner's mask (a new array; all 0 unless the learner is to act)."""
        if self.learner_to_act():
            return numbers_mask(self.space.size, self.numbered())
        return np.zeros(self.space.size, dtype=np.int8)

    def observe_into(self, observation: npt.NDArray[np.float32], mask: memoryview) -> None:
        """Write the learner's observation and mask into a batch's rows.

        ``mask`` is a writable byte view of the mask row, which holds what the
        last call wrote there (the batch is the caller's own, returned to users
        as copies): only those numbers are cleared.
        """
        observation[:] = self.encode(self.state, self.seat, self.history)
        for number in self._marked:
            mask[number] = 0
        if self.learner_to_act():
            numbered = self.numbered()
            for number in numbered:
                mask[number] = 1
            self._marked = tuple(numbered)
        else:
            self._marked = ()

    def step(self, number: int) -> tuple[float, bool, bool, bool]:
        """Play the learner's number; returns (reward, terminated, truncated, illegal)."""
        if self.state.to_act != self.seat or self.state.is_over:
            return -1.0, True, False, True
        try:
            move = self.numbered().get(int(number))
        except ValueError:  # int("x")
            move = None
        if move is None:
            return -1.0, True, False, True
        self.apply(move)
        self.play_others()
        terminated = bool(self.state.is_over)
        truncated = not terminated and self.moves >= self.max_actions
        reward = payoffs(self.state)[self.seat] if terminated else 0.0
        return reward, terminated, truncated, False


class CardrulesEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of one of our games against any opponents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str,
        config: Any = None,
        *,
        seat: int = 0,
        opponents: Opponent | Mapping[int, Opponent] = "normal",
        max_actions: int = 5_000,
        render_mode: str | None = None,
        observation: str = "planes",
    ) -> None:
        self._table = _Table(game, config, seat, opponents, max_actions, observation)
        self.game = game
        self.config = self._table.config
        self.seat = seat
        self.opponents = opponents
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.space = self._table.space
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = self._table.observation_space  # type: ignore[assignment]

    @property
    def state_(self) -> Any:
        """The full state of the game being played (for inspection, not for the learner)."""
        return self._table.state

    def view(self) -> Any:
        """The learner's :func:`cardrules.view` of the game (what its observation encodes).

        With it ``env.space.action(env.view(), number)`` turns a legal number
        back into our action, for policies that read actions, not numbers.
        """
        return cardrules.view(self._table.state, self.seat)

    def _observe(self) -> Observation:
        table = self._table
        state = table.state
        # _Table.mask and _Table.observation, written out: this runs every step.
        if state.to_act == table.seat and not state.is_over:
            mask = numbers_mask(table.space.size, table.numbered())
        else:
            mask = np.zeros(table.space.size, dtype=_INT8)
        return {"observation": table.encode(state, table.seat, table.history), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "moves": self._table.moves}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the others play up to the learner's first turn."""
        super().reset(seed=seed)
        self._table.reset(int(self.np_random.integers(2**62)))
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action number ``action``, then the others' moves."""
        reward, terminated, truncated, illegal = self._table.step(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        return self._observe(), reward, terminated, truncated, info

    def render(self) -> str | None:
        """The state as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return str(self._table.state)


class CardrulesVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of :class:`CardrulesEnv` stepped together (Gymnasium's ``VectorEnv``).

    Keywords are :class:`CardrulesEnv`'s. Observations are batched:
    ``{"observation": (num_envs, size) float32, "action_mask": (num_envs,
    actions) int8}``, written in place into two arrays (copies are returned).
    Autoreset is ``SAME_STEP``: a game that ends is dealt again at once; the
    step returns the new game's first observation, the finished game's reward
    and flags, and ``infos["final_obs"]`` / ``infos["final_info"]`` as
    Gymnasium documents for that mode.

    >>> envs = CardrulesVectorEnv("casino", 4, opponents="random")
    >>> observations, infos = envs.reset(seed=1)
    >>> observations["observation"].shape[0], observations["action_mask"].dtype
    (4, dtype('int8'))
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (gymnasium's way)

    def __init__(
        self,
        game: str,
        num_envs: int,
        config: Any = None,
        *,
        seat: int = 0,
        opponents: Opponent | Mapping[int, Opponent] = "normal",
        max_actions: int = 5_000,
        observation: str = "planes",
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, not {num_envs!r}")
        self.tables = [
            _Table(game, config, seat, opponents, max_actions, observation)
            for _ in range(num_envs)
        ]
        first = self.tables[0]
        self.num_envs = num_envs
        self.space = first.space
        self.single_observation_space = first.observation_space
        self.single_action_space = spaces.Discrete(first.space.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = first.observation_space["observation"].shape[0]  # type: ignore[index]
        self._observations = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, first.space.size), dtype=np.int8)
        # Each game's rows, made once: a row written through a memoryview costs
        # a fraction of numpy's item assignment.
        self._rows = [
            (self._observations[index], memoryview(self._masks[index]))
            for index in range(num_envs)
        ]
        self._rng = np.random.default_rng()

    def _batch(self) -> Observation:
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal every game anew (``seed`` seeds the generator of all the deals)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for index, table in enumerate(self.tables):
            table.reset(int(self._rng.integers(2**62)))
            table.observe_into(*self._rows[index])
        return self._batch(), {}

    def step(self, actions: Any) -> tuple[Observation, Any, Any, Any, dict[str, Any]]:
        """One action number per game; finished games are dealt again (see the class)."""
        numbers = np.asarray(actions).reshape(self.num_envs).tolist()
        # Python lists, made arrays once: numpy's item assignment costs more than a step's encoding.
        results = []
        finished: list[int] = []
        for index, table in enumerate(self.tables):
            result = table.step(numbers[index])
            results.append(result)
            table.observe_into(*self._rows[index])
            if result[1] or result[2]:
                finished.append(index)
        rewards_list, terminated_list, truncated_list, illegal_list = zip(*results)
        rewards = np.array(rewards_list, dtype=np.float64)
        terminations = np.array(terminated_list, dtype=np.bool_)
        truncations = np.array(truncated_list, dtype=np.bool_)
        illegal = np.array(illegal_list, dtype=np.bool_)
        infos: dict[str, Any] = {"illegal_action": illegal}
        if finished:
            done = np.zeros(self.num_envs, dtype=np.bool_)
            done[finished] = True
            infos["final_obs"] = self._batch()
            infos["final_info"] = {"illegal_action": illegal.copy()}
            infos["_final_obs"] = done
            infos["_final_info"] = done.copy()
            for index in finished:
                self.tables[index].reset(int(self._rng.integers(2**62)))
                self.tables[index].observe_into(*self._rows[index])
        return self._batch(), rewards, terminations, truncations, infos


for _id, _game in (
    ("cardrules/Rummy500-v0", "rummy500"),
    ("cardrules/VegasRummy-v0", "vegas_rummy"),
    ("cardrules/Casino-v0", "casino"),
):
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="cardrules.rl.gymnasium:CardrulesEnv",
            kwargs={"game": _game},
            vector_entry_point="cardrules.rl.gymnasium:CardrulesVectorEnv",
        )
