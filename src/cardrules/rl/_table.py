"""One learner's game against its opponents: what both Gymnasium envs step.

Kept apart from :mod:`cardrules.rl.gymnasium` (which subclasses Gymnasium's
classes and so stays pure Python) so that it can be compiled with the rules:
an env's per-step bookkeeping (the opponents' moves, the history, the
learner's listing, mask and observation) runs here. Gymnasium itself is not
imported; the env module hands over its encoder and observation-space makers.

>>> from cardrules.rl.pettingzoo import encoder, observation_space
>>> table = Table("casino", None, 0, "random", 100, "planes", encoder, observation_space)
>>> table.reset(7)
>>> table.learner_to_act(), table.observation().shape
(True, (521,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

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

__all__ = ["Table"]

class Table:
    """One game with the learner at one seat and its opponents: shared by both envs.

    ``encoder`` and ``observation_space`` are :mod:`cardrules.rl.pettingzoo`'s
    (passed in, so that this module imports neither PettingZoo nor Gymnasium).
    """

    def __init__(
        self,
        # Checked here, so typed loosely: compiled code would refuse a wrong type
        # with its own TypeError before the checks below could name the fault.
        game: Any,
        config: Any,
        seat: Any,
        opponents: Any,
        max_actions: Any,
        observation: Any,
        encoder: Callable[[str, Any, str], Any],
        observation_space: Callable[[str, Any, int, str], Any],
    ) -> None:
        engine.definition(game)  # an unknown game raises here
        self.game = game
        self.config = default_config(game) if config is None else config
        check_supported(game, self.config)
        n = self.config.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat: int = seat
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

    def observe(self) -> dict[str, npt.NDArray[Any]]:
        """The learner's observation dict (new arrays): its mask, then its observation."""
        mask = self.mask()
        return {"observation": self.observation(), "action_mask": mask}

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

    def step(self, number: Any) -> tuple[float, bool, bool, bool]:
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
