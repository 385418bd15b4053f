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

from collections.abc import Callable, Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import cardrules
from cardrules.rl._table import Table
from cardrules.rl.pettingzoo import encoder, observation_space

__all__ = ["CardrulesEnv", "CardrulesVectorEnv", "Opponent", "Policy"]

Observation = dict[str, npt.NDArray[Any]]
Policy = Callable[[Any, Observation], Any]
"""``policy(view, observation) -> action number or action`` (see the module)."""
Opponent = str | Policy | Any
"""A bot level, a policy, or a bot object with ``choose(view)``."""


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
        self._table = Table(
            game, config, seat, opponents, max_actions, observation, encoder, observation_space
        )
        self.game = game
        self.config = self._table.config
        self.seat = seat
        self.opponents = opponents
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.space = self._table.space
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = self._table.observation_space

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
        return self._table.observe()

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
            Table(
                game, config, seat, opponents, max_actions, observation, encoder, observation_space
            )
            for _ in range(num_envs)
        ]
        first = self.tables[0]
        self.num_envs = num_envs
        self.space = first.space
        self.single_observation_space = first.observation_space
        self.single_action_space = spaces.Discrete(first.space.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = first.observation_space["observation"].shape[0]
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
