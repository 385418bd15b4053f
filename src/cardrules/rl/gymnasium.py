"""Single-agent Gymnasium environments: you play one seat, our bots play the others.

``CardrulesEnv("casino", opponents="normal")`` is a ``gymnasium.Env``. The
learner sits at ``seat`` (0 by default); after each of its moves the bots (at
``opponents``: ``"random"``, ``"easy"``, ``"normal"`` or ``"expert"``) play until
it is the learner's turn again or the game ends. Observations are the dict of
:mod:`cardrules.rl.pettingzoo` (``"observation"``, ``"action_mask"``); actions
are numbers of :func:`cardrules.rl.actions.action_space`; the reward is the
learner's payoff (:func:`cardrules.rl.outcomes.payoffs`) when the game ends,
else 0; ``truncated`` is true when ``max_actions`` moves are reached.

An action number that is not legal ends the episode as a loss (reward -1,
``info["illegal_action"] = True``): a Gymnasium agent may sample any number of
the ``Discrete`` space, so the env must not crash on one; use the mask.

Registered ids: ``cardrules/Rummy500-v0``, ``cardrules/VegasRummy-v0`` and
``cardrules/Casino-v0`` (keywords as for :class:`CardrulesEnv`).

>>> from cardrules.rl.gymnasium import CardrulesEnv
>>> env = CardrulesEnv("casino", opponents="easy")
>>> observation, info = env.reset(seed=3)
>>> bool(observation["action_mask"].any()), info["seat"]
(True, 0)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import cardrules
from cardrules import bots, engine
from cardrules.rl import observations
from cardrules.rl.actions import action_space, check_supported, default_config
from cardrules.rl.outcomes import payoffs
from cardrules.rl.pettingzoo import observation_space

__all__ = ["CardrulesEnv"]

Observation = dict[str, npt.NDArray[Any]]


class CardrulesEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of one of our games against our bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str,
        config: Any = None,
        *,
        seat: int = 0,
        opponents: str = "normal",
        max_actions: int = 5_000,
        render_mode: str | None = None,
    ) -> None:
        engine.definition(game)  # an unknown game raises here
        self.game = game
        self.config = default_config(game) if config is None else config
        check_supported(game, self.config)
        if not 0 <= seat < self.config.num_players:
            raise ValueError(f"seat must be 0..{self.config.num_players - 1}, not {seat}")
        if opponents not in bots.available_levels(game):
            raise ValueError(f"opponents must be one of {bots.available_levels(game)}")
        self.seat = seat
        self.opponents = opponents
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.space = action_space(game, self.config)
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = observation_space(  # type: ignore[assignment]
            game, self.config, self.space.size
        )
        self.state_: Any = None
        self._bots: dict[int, Any] = {}
        self._moves = 0

    def _observe(self) -> Observation:
        seen = cardrules.view(self.state_, self.seat)
        mask = (
            self.space.mask(seen)
            if self.state_.to_act == self.seat
            else np.zeros(self.space.size, dtype=np.int8)
        )
        return {"observation": observations.encode(seen), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "moves": self._moves}

    def _play_bots(self) -> None:
        state = self.state_
        while not state.is_over and state.to_act != self.seat and self._moves < self.max_actions:
            seat = state.to_act
            action = self._bots[seat].choose(cardrules.view(state, seat))
            state = cardrules.apply(state, action)
            self._moves += 1
        self.state_ = state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play up to the learner's first turn."""
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**62))
        self.state_ = cardrules.new_game(self.game, self.config, seed=deal)
        self._bots = {
            other: bots.make(self.game, self.opponents, seed=deal + other)
            for other in range(self.config.num_players)
            if other != self.seat
        }
        self._moves = 0
        self._play_bots()
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action number ``action``, then the bots' moves."""
        info = self._info()
        try:
            move = self.space.action(self.state_, int(action))
        except ValueError:
            info["illegal_action"] = True
            return self._observe(), -1.0, True, False, info
        self.state_ = cardrules.apply(self.state_, move)
        self._moves += 1
        self._play_bots()
        terminated = bool(self.state_.is_over)
        truncated = not terminated and self._moves >= self.max_actions
        reward = payoffs(self.state_)[self.seat] if terminated else 0.0
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The state as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return str(self.state_)


for _id, _game in (
    ("cardrules/Rummy500-v0", "rummy500"),
    ("cardrules/VegasRummy-v0", "vegas_rummy"),
    ("cardrules/Casino-v0", "casino"),
):
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id, entry_point="cardrules.rl.gymnasium:CardrulesEnv", kwargs={"game": _game}
        )
