"""Issue 16 items 3 and 4: OpenSpiel, PettingZoo and Gymnasium accept our games."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test

import cardrules
from cardrules.rl import openspiel
from cardrules.rl.gymnasium import CardrulesEnv
from cardrules.rl.pettingzoo import env

from .cases import CASES, IDS, PARAMS


def _game(game: str, case: int, max_actions: int = 600) -> object:
    return openspiel.load(
        game, config_json=cardrules.to_json(CASES[game][case]), max_actions=max_actions
    )


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_openspiel_random_sim_test(game: str, case: int) -> None:
    pyspiel.random_sim_test(_game(game, case), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_pettingzoo_api_test(game: str, case: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, CASES[game][case], max_actions=300), num_cycles=300)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_gymnasium_check_env(game: str, case: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(CardrulesEnv(game, CASES[game][case], opponents="easy", max_actions=300))


def test_openspiel_parameters_come_from_config() -> None:
    game = openspiel.load("casino", num_players=3, target=11)
    assert game.num_players() == 3
    assert game.config == cardrules.casino.Config(num_players=3, target=11)
    assert game.get_type().parameter_specification["variant"] == "standard"


@pytest.mark.parametrize("game", list(CASES))
def test_ismcts_and_determinized_mcts_play(game: str) -> None:
    """OpenSpiel's own search runs on our games (issue 16 item 3)."""
    spiel_game = _game(game, 0)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    searcher = ismcts.ISMCTSBot(
        spiel_game, evaluator, 1.4, 4, random_state=np.random.RandomState(1)
    )
    planner = mcts.MCTSBot(
        spiel_game, 1.4, 4, evaluator, random_state=np.random.RandomState(2), solve=False
    )
    state = spiel_game.new_initial_state()
    state.apply_action(5)
    for turn in range(4):
        if state.is_terminal():
            break
        if turn % 2:
            action = searcher.step(state)
        else:  # MCTS on a determinized state: hidden cards dealt again, never the real ones
            world = state.resample_from_infostate(
                state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
            )
            assert world.information_state_string() == state.information_state_string()
            action = planner.step(world)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_illegal_gymnasium_action_ends_the_episode_as_a_loss() -> None:
    environment = CardrulesEnv("casino", opponents="random")
    observation, _info = environment.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = environment.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("game", list(CASES))
def test_every_game_has_an_rl_default_config(game: str) -> None:
    """Issue 29 fault 3: no config means a supported one, Las Vegas Rummy included."""
    import gymnasium

    import cardrules.rl.gymnasium  # noqa: F401 (registers the ids)

    ids = {"rummy500": "Rummy500", "vegas_rummy": "VegasRummy", "casino": "Casino"}
    environment = gymnasium.make(f"cardrules/{ids[game]}-v0", opponents="random")
    observation, _info = environment.reset(seed=2)
    assert observation["action_mask"].any()
    environment.close()
    aec = env(game)
    aec.reset(seed=2)
    _obs, _reward, _term, _trunc, _info = aec.last()
    assert _obs["action_mask"].any()
    assert aec.config == openspiel.load(game).config
