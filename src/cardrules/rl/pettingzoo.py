"""Our games as PettingZoo AEC environments, with action masks.

``env("casino")`` is an ``AECEnv`` whose agents are ``"player_0"`` …
``"player_{n-1}"`` (seat numbers). The agent to act is the seat to act, which
in the rummies keeps the turn for several moves (draw, melds, discard). Each
observation is a dict, as in PettingZoo's classic games:

``"observation"``
    With ``observation="planes"`` (the default) the compact
    :func:`cardrules.rl.planes.encode_planes` of the agent's view and of the
    round's public history (``float32`` in ``[0, 1]``, ``Box(0, 1)``); with
    ``observation="rich"`` the raw :func:`cardrules.rl.observations.encode`
    vector (``Box(-inf, inf)``), for your own encoding.
``"action_mask"``
    :meth:`cardrules.rl.actions.ActionSpace.mask` (``int8``): 1 for the legal
    action numbers when the agent is to act, all 0 otherwise.

Parallel API: these are turn-based games in which one seat may move several
times in a row (draw, meld, discard), so PettingZoo's ``aec_to_parallel``
(which asks every live agent for an action each cycle) does not apply and
``is_parallelizable`` stays false. For batches of games use
:class:`cardrules.rl.gymnasium.CardrulesVectorEnv` (self-play through its
``opponents`` policies) instead of SuperSuit's vector wrappers.

Actions are numbers of :func:`cardrules.rl.actions.action_space`. An illegal
number raises ``ValueError`` (PettingZoo's classic games do the same; use the
mask). Rewards come once, at the end: :func:`cardrules.rl.outcomes.payoffs`.
A game that reaches ``max_actions`` moves is *truncated* (reward 0).
``reset(seed=s)`` deals seed ``s``; without a seed, one from the env's
generator.

>>> from cardrules.rl.pettingzoo import env
>>> game = env("rummy500")
>>> game.reset(seed=1)
>>> observation, reward, termination, truncation, info = game.last()
>>> game.agent_selection, int(observation["action_mask"].sum()), reward
('player_0', 1, 0.0)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import cardrules
from cardrules import engine
from cardrules.rl import observations, planes
from cardrules.rl.actions import action_space, check_supported, default_config, numbers_mask
from cardrules.rl.outcomes import payoffs

__all__ = ["CardrulesAECEnv", "env", "observation_space"]

_KINDS = ("planes", "rich")


def observation_space(
    game: str, config: Any, size: int, observation: str = "planes"
) -> spaces.Dict:
    """The dict space of one agent's observations (see the module docstring).

    >>> from cardrules.rl.actions import default_config
    >>> space = observation_space("casino", default_config("casino"), 5719)
    >>> space["observation"].shape, float(space["observation"].high.max())
    ((521,), 1.0)
    """
    if observation == "planes":
        length = planes.planes_size(game, config)
        box = spaces.Box(0.0, 1.0, shape=(length,), dtype=np.float32)
    elif observation == "rich":
        length = observations.size(game, config)
        box = spaces.Box(-np.inf, np.inf, shape=(length,), dtype=np.float32)
    else:
        raise ValueError(f"observation must be one of {_KINDS}, not {observation!r}")
    return spaces.Dict(
        {"observation": box, "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8)}
    )


def encoder(game: str, config: Any, observation: str) -> Any:
    """``encode(state, seat, history)`` for an observation kind: the planes, or the rich vector.

    Both encode what ``seat`` may see (:func:`cardrules.rl.planes.encode_seat`
    reads the same public fields as the seat's view; the rich vector is made
    from the view itself).
    """
    observation_space(game, config, 1, observation)  # checks the kind
    if observation == "planes":
        return planes.SeatEncoder()  # one per caller: it remembers the last table
    return lambda state, seat, _history: observations.encode(cardrules.view(state, seat))


class CardrulesAECEnv(AECEnv):  # type: ignore[misc]
    """One of our games as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        config: Any = None,
        *,
        max_actions: int = 5_000,
        render_mode: str | None = None,
        observation: str = "planes",
    ) -> None:
        super().__init__()
        rules = engine.definition(game)  # an unknown game raises here
        # The game's own functions: the env's states are all of this game.
        self._legal_actions, self._apply = rules.legal_actions, rules.apply
        self.game = game
        self.config = default_config(game) if config is None else config
        check_supported(game, self.config)
        self.space = action_space(game, self.config)
        self.max_actions = max_actions
        self.render_mode = render_mode
        n = self.config.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        obs_space = observation_space(game, self.config, self.space.size, observation)
        self.observation = observation
        self._encode = encoder(game, self.config, observation)
        self.history = planes.PublicHistory(game, self.config)
        self._no_moves = np.zeros(self.space.size, dtype=np.int8)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {
            agent: spaces.Discrete(self.space.size) for agent in self.possible_agents
        }
        self.state_: Any = None
        # The state's legal actions by number, listed once a state (dropped when
        # the state changes): the mask of ``observe`` and the number ``step`` gets.
        self._numbered: dict[int, Any] | None = None
        self._moves = 0
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space is the same dict space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (seed ``seed``, else one from the env's generator)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deal = int(self._rng.integers(2**62)) if seed is None else seed
        self.state_ = cardrules.new_game(self.game, self.config, seed=deal)
        self._numbered = None
        self.history.clear()
        self._moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.state_.to_act)

    @staticmethod
    def _agent(seat: int) -> str:
        return f"player_{seat}"

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation dict (mask all 0 unless it is to act)."""
        seat = self._seat_of[agent]
        state = self.state_
        acting = seat == state.to_act and not state.is_over
        mask = numbers_mask(self.space.size, self._legal()) if acting else self._no_moves.copy()
        return {"observation": self._encode(state, seat, self.history), "action_mask": mask}

    def _legal(self) -> dict[int, Any]:
        """The current state's legal actions by number (do not change the dict)."""
        numbered = self._numbered
        if numbered is None:
            numbered = self.space.number(self.state_, self._legal_actions(self.state_))
            self._numbered = numbered
        return numbered

    def view(self, agent: str) -> Any:
        """The agent's :func:`cardrules.view` of the game (what its observation encodes).

        Built afresh at each call (views are immutable: keep it while the state stands).

        >>> game = env("casino")
        >>> game.reset(seed=2)
        >>> game.view("player_1").seat
        1
        """
        return cardrules.view(self.state_, self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        """Play action number ``action`` for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.state_
        number = int(action)
        move = self._legal().get(number)
        if move is None:
            raise ValueError(f"no legal action is numbered {number} here")
        after = self._apply(before, move)
        self.state_ = after
        self._numbered = None
        self.history.record(planes.new_events(before, after, before.to_act))
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        over = after.is_over
        if not over and self._moves < self.max_actions:
            # Rewards come only at the end, so before it they are all 0 and stay so:
            # nothing to reset or add up.
            self.agent_selection = self.possible_agents[after.to_act]
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if over:
            for agent_name, payoff in zip(self.possible_agents, payoffs(after)):
                self.rewards[agent_name] = payoff
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        # Every agent still gets its last observation and reward: cycle through them.
        self.agent_selection = self._next_done(agent)

    def _next_done(self, agent: str) -> str:
        seat = self.possible_agents.index(agent)
        return self.possible_agents[(seat + 1) % len(self.possible_agents)]

    def render(self) -> str | None:
        """The state as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return str(self.state_)

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, config: Any = None, **kwargs: Any) -> CardrulesAECEnv:
    """A PettingZoo AEC environment of ``game`` (see :class:`CardrulesAECEnv`)."""
    return CardrulesAECEnv(game, config, **kwargs)
