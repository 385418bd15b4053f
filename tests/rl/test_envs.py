"""Issue 16 items 3 and 4: OpenSpiel, PettingZoo and Gymnasium accept our games."""

from __future__ import annotations

import warnings
from typing import Any

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


def _by_params(game: str, case: int) -> object:
    """The case's config as OpenSpiel parameters (a game string OpenSpiel can serialise)."""
    config = CASES[game][case]
    params = {
        name: getattr(config, name)
        for name in openspiel._config_params(game)
        if isinstance(getattr(config, name), bool | int | float | str)
    }
    spiel_game = openspiel.load(game, max_actions=600, **params)
    assert spiel_game.config == config
    return spiel_game


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_openspiel_random_sim_test(game: str, case: int) -> None:
    pyspiel.random_sim_test(_game(game, case), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_openspiel_random_sim_test_with_serialisation(game: str, case: int) -> None:
    pyspiel.random_sim_test(_by_params(game, case), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_pettingzoo_api_test(game: str, case: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, CASES[game][case], max_actions=300), num_cycles=300)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_pettingzoo_seed_test(game: str, case: int) -> None:
    from pettingzoo.test import seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game, CASES[game][case], max_actions=200), num_cycles=200)


def test_openspiel_information_state_tensor_holds_the_public_history() -> None:
    """Issue 29 item 4: the information-state tensor recalls who took or discarded what."""
    from cardrules.rl.planes import layout

    spiel_game = openspiel.load("rummy500")
    state = spiel_game.new_initial_state()
    state.apply_action(11)
    rnd = np.random.default_rng(3)
    while state.public_history.planes.sum() < 3 and not state.is_terminal():
        state.apply_action(int(rnd.choice(state.legal_actions())))
    at = {name: (start, shape) for name, start, shape in layout("rummy500", spiel_game.config)}
    start, _shape = at["took"]
    planes = state.public_history.planes
    for player in range(2):
        tensor = np.asarray(state.information_state_tensor(player), dtype=np.float32)
        history = tensor[start : start + planes.size].reshape(planes.shape)
        assert np.array_equal(history, np.roll(planes, -player, axis=1))
    before = planes.copy()
    clone = state.clone()
    while np.array_equal(clone.public_history.planes, before) and not clone.is_terminal():
        clone.apply_action(int(rnd.choice(clone.legal_actions())))
    assert not np.array_equal(clone.public_history.planes, before)
    assert np.array_equal(state.public_history.planes, before)  # clones do not share changes


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


def test_gymnasium_opponents_may_be_any_policy() -> None:
    """Issue 29 item 5: self-play — a policy sees the view and the observation of its seat."""
    from cardrules.rl.gymnasium import CardrulesVectorEnv  # noqa: F401 (imported for the next test)

    calls: list[tuple[object, dict[str, object]]] = []

    def lowest(view: object, observation: dict[str, object]) -> int:
        calls.append((view, observation))
        mask = observation["action_mask"]
        assert mask.dtype == np.int8  # type: ignore[attr-defined]
        return int(np.flatnonzero(mask)[0])

    environment = CardrulesEnv("rummy500", opponents=lowest, max_actions=400)
    observation, _info = environment.reset(seed=4)
    rnd = np.random.default_rng(0)
    for _ in range(60):
        legal = np.flatnonzero(observation["action_mask"])
        step = environment.step(int(rnd.choice(legal)))
        observation, terminated, truncated = step[0], step[2], step[3]
        if terminated or truncated:
            break
    assert calls and all(view.seat == 1 for view, _obs in calls)  # type: ignore[attr-defined]
    space = environment.observation_space["observation"]
    assert all(space.contains(obs["observation"]) for _view, obs in calls)
    mixed = CardrulesEnv(
        "casino", casino_config := cardrules.casino.Config(num_players=3),
        opponents={1: "easy", 2: lowest},
    )
    assert mixed.config == casino_config
    mixed.reset(seed=1)
    with pytest.raises(ValueError, match="no policy for seats"):
        CardrulesEnv("casino", cardrules.casino.Config(num_players=3), opponents={1: "easy"})
    with pytest.raises(ValueError, match="opponents must be one of"):
        CardrulesEnv("casino", opponents="genius")


@pytest.mark.parametrize("game", list(CASES))
def test_the_vector_env_plays_many_games_and_deals_again(game: str) -> None:
    from cardrules.rl.gymnasium import CardrulesVectorEnv

    envs = CardrulesVectorEnv(game, 3, CASES[game][0], opponents="random", max_actions=40)
    observations, _infos = envs.reset(seed=2)
    assert envs.observation_space.contains(observations)
    rnd = np.random.default_rng(1)
    finished = 0
    for _ in range(60):
        actions = [int(rnd.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, _rewards, terminations, truncations, infos = envs.step(actions)
        size = envs.single_observation_space["observation"].shape[0]
        assert observations["observation"].shape == (3, size)
        assert not infos["illegal_action"].any()
        done = terminations | truncations
        if done.any():
            finished += int(done.sum())
            assert infos["_final_obs"].tolist() == done.tolist()
        # every game is ready for the learner again (dealt anew if it ended)
        assert all(mask.any() for mask in observations["action_mask"])
    assert finished
    envs.close()


@pytest.mark.parametrize("game", list(CASES))
def test_random_opponents_play_as_with_their_view(game: str) -> None:
    """The env draws a random seat's move as its bot would, from the state's legal actions."""
    import random

    from cardrules.bots import RandomBot

    state = cardrules.new_game(game, CASES[game][0], seed=5)
    with_view, drawn = RandomBot(game, seed=9), random.Random(9)
    for _ in range(80):
        if state.is_over:
            break
        action = with_view.choose(cardrules.view(state, state.to_act))
        assert drawn.choice(cardrules.legal_actions(state)) == action
        state = cardrules.apply(state, action)


def test_the_player_id_constants_are_openspiel_s() -> None:
    assert int(pyspiel.PlayerId.CHANCE) == openspiel._CHANCE
    assert int(pyspiel.PlayerId.TERMINAL) == openspiel._TERMINAL


@pytest.mark.parametrize("game", list(CASES))
def test_the_vector_env_numbers_each_game_s_actions_once_a_position(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: games sharing one action space did not share its memory of the last listing.

    Each game of a vector env numbered its legal actions for the mask and again
    for the chosen number (the space remembered another game's position in
    between), so a step cost more per game as N grew; now each game keeps its
    own listing and numbers a position once, whatever N is.
    """
    from cardrules.rl.gymnasium import CardrulesVectorEnv

    envs = CardrulesVectorEnv(game, 4, CASES[game][0], opponents="random", max_actions=60)
    numbered: list[object] = []

    def counting(legal_actions: Any) -> Any:
        # Every listing a game makes, for the numbering or for a random bot's draw
        # (its classes may be compiled, so the game's own function is wrapped).
        def counted(position: object) -> Any:
            numbered.append(position)
            return legal_actions(position)

        return counted

    for table in envs.tables:
        monkeypatch.setattr(table, "_legal_actions", counting(table._legal_actions))
    observations, _infos = envs.reset(seed=3)
    rnd = np.random.default_rng(2)
    for _ in range(30):
        actions = [int(rnd.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, _rewards, _terminated, _truncated, infos = envs.step(actions)
        assert not infos["illegal_action"].any()
    assert len(numbered) >= 4 * 31
    assert len(numbered) == len({id(position) for position in numbered})


@pytest.mark.parametrize("game", list(CASES))
def test_a_pettingzoo_view_follows_the_state_s_value(game: str) -> None:
    """Issue 29 item 2: the AEC env kept the last view while ``state_`` was the same object.

    A state changed in place (as ``apply`` logs a state it has just built) got
    the old view back; each view is now made from the state as it is.
    """
    import attrs

    game_env = env(game, CASES[game][0])
    game_env.reset(seed=4)
    state = game_env.state_
    later = state
    rnd = np.random.default_rng(1)
    for _ in range(12):
        legal = cardrules.legal_actions(later)
        later = cardrules.apply(later, legal[int(rnd.integers(len(legal)))])
    agent = game_env.agent_selection
    seat = game_env.possible_agents.index(agent)
    assert game_env.view(agent) == cardrules.view(state, seat)
    for field in attrs.fields(type(later)):
        object.__setattr__(state, field.name, getattr(later, field.name))
    assert game_env.view(agent) == cardrules.view(later, seat)


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_openspiel_states_carry_their_own_listing(game: str, case: int) -> None:
    """Issue 29 item 2: an OpenSpiel state numbers its legal actions once and keeps them itself.

    The action space used to remember the last position by identity; each
    state now carries its listing and drops it when it moves. A clone that
    moves on, and a resampled world, answer from their own positions while the
    original keeps answering from its own.
    """
    spiel_game = _game(game, case)
    space = spiel_game.space
    rnd = np.random.default_rng(case)
    state = spiel_game.new_initial_state()
    state.apply_action(7)
    for _ in range(80):
        if state.is_terminal():
            break
        player = state.current_player()
        expected = space.number(state.inner, cardrules.legal_actions(state.inner))
        assert state.legal_actions() == sorted(expected)
        twin = state.clone()
        chosen = state.legal_actions()[int(rnd.integers(len(state.legal_actions())))]
        twin.apply_action(chosen)
        if not twin.is_terminal():
            after = space.number(twin.inner, cardrules.legal_actions(twin.inner))
            assert twin.legal_actions() == sorted(after)
        assert state.legal_actions() == sorted(expected)
        for number, action in expected.items():
            assert state.action_to_string(player, number) == str(action)
        world = state.resample_from_infostate(player, rnd.random)
        listed = space.number(world.inner, cardrules.legal_actions(world.inner))
        assert world.legal_actions() == sorted(listed)
        state.apply_action(chosen)
