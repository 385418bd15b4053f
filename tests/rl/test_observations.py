"""Issue 16 item 2: observations come from views only, with fixed shapes."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import cardrules
from cardrules.rl import observations
from tests.conformance.profiles import hidden_twin

from .cases import CASES, IDS, PARAMS


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_twin_states_differing_in_hidden_cards_encode_equally(game: str, case: int) -> None:
    config = CASES[game][case]
    size = observations.size(game, config)
    rnd = random.Random(7)
    for seed in range(2):
        state = cardrules.new_game(game, config, seed=seed)
        for _ in range(120):
            if state.is_over:
                break
            for seat in (None, *range(len(state.hands))):
                twin = hidden_twin(game, state, seat, rnd)
                mine = observations.encode(cardrules.view(state, seat))
                assert mine.shape == (size,) and mine.dtype == np.float32
                assert np.array_equal(mine, observations.encode(cardrules.view(twin, seat)))
            state = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))


def test_the_dict_holds_the_same_numbers() -> None:
    state = cardrules.new_game("rummy500", seed=3)
    seen = cardrules.view(state, 0)
    plain = observations.observation_dict(seen)
    assert [name for name, _shape in observations.fields("rummy500", state.config)] == list(plain)
    flat = np.concatenate([np.asarray(v, dtype=np.float32).ravel() for v in plain.values()])
    assert np.array_equal(flat, observations.encode(seen))
    assert sum(plain["hand"]) == len(state.hands[0])


def test_only_views_are_encoded() -> None:
    with pytest.raises(TypeError, match="View"):
        observations.encode(cardrules.new_game("casino", seed=1))
