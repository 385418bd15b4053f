"""Issue 29 item 6: the adapters' observations and masks are pinned bit for bit.

The step-speed work rewrote the encoders and the mask; these digests were taken
before it, so a faster encoding must give the very same bytes. Each digest is a
SHA-256 over every observation (float32 bytes) and mask (int8 bytes) a seeded
trajectory shows. Moves are drawn from the legal *numbers* (ascending), so the
trajectories do not depend on the order in which the engine lists its legal
actions. ``python -m tests.rl.test_digests`` prints the digests again.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import cardrules
from cardrules.rl import openspiel
from cardrules.rl.gymnasium import CardrulesEnv, CardrulesVectorEnv
from cardrules.rl.pettingzoo import env

from .cases import CASES, IDS, PARAMS

_STEPS = 320


def _pick(rnd: Any, mask: Any) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rnd.integers(len(legal))])


def pettingzoo_digest(game: str, case: int, observation: str) -> str:
    """Every agent's observation after every step of a seeded random game."""
    digest = hashlib.sha256()
    rnd = np.random.default_rng(5)
    aec = env(game, CASES[game][case], max_actions=400, observation=observation)
    aec.reset(seed=11)
    for _ in range(_STEPS):
        if not aec.agents:
            aec.reset(seed=int(rnd.integers(1000)))
        for agent in aec.agents:
            seen = aec.observe(agent)
            digest.update(seen["observation"].tobytes())
            digest.update(seen["action_mask"].tobytes())
        seen, _reward, terminated, truncated, _info = aec.last()
        aec.step(None if terminated or truncated else _pick(rnd, seen["action_mask"]))
    return digest.hexdigest()


def gymnasium_digest(game: str, case: int) -> str:
    """A learner and a mask-reading opponent policy; then a vector env of two games."""
    digest = hashlib.sha256()
    rnd = np.random.default_rng(6)

    def policy(view: Any, seen: dict[str, Any]) -> int:
        digest.update(seen["observation"].tobytes())
        digest.update(seen["action_mask"].tobytes())
        return _pick(rnd, seen["action_mask"])

    single = CardrulesEnv(game, CASES[game][case], opponents=policy, max_actions=300)
    seen, _info = single.reset(seed=12)
    for _ in range(_STEPS // 2):
        digest.update(seen["observation"].tobytes())
        digest.update(seen["action_mask"].tobytes())
        seen, _reward, terminated, truncated, _info = single.step(_pick(rnd, seen["action_mask"]))
        if terminated or truncated:
            seen, _info = single.reset()
    envs = CardrulesVectorEnv(game, 2, CASES[game][case], opponents=policy, max_actions=300)
    batch, _infos = envs.reset(seed=13)
    for _ in range(_STEPS // 4):
        digest.update(batch["observation"].tobytes())
        digest.update(batch["action_mask"].tobytes())
        numbers = [_pick(rnd, mask) for mask in batch["action_mask"]]
        batch, _rewards, _terminated, _truncated, infos = envs.step(np.asarray(numbers))
        if "final_obs" in infos:
            digest.update(infos["final_obs"]["observation"].tobytes())
    return digest.hexdigest()


def openspiel_digest(game: str, case: int) -> str:
    """Both tensors and strings of every player along a seeded game."""
    digest = hashlib.sha256()
    rnd = np.random.default_rng(7)
    spiel_game = openspiel.load(
        game, config_json=cardrules.to_json(CASES[game][case]), max_actions=300
    )
    state = spiel_game.new_initial_state()
    state.apply_action(17)
    for _ in range(_STEPS // 2):
        if state.is_terminal():
            break
        for player in range(spiel_game.num_players()):
            digest.update(np.asarray(state.observation_tensor(player), np.float32).tobytes())
            digest.update(
                np.asarray(state.information_state_tensor(player), np.float32).tobytes()
            )
            digest.update(state.observation_string(player).encode())
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd.integers(len(legal)))])
    return digest.hexdigest()


DIGESTS: dict[str, str] = {
    "pz-planes-rummy500-0": "897b7fbefe1aa83d8d217cb8553c831ecc8b15adc53c6f20908b9f80a0479d39",
    "pz-rich-rummy500-0": "72eb647fac295b52d568faf6b12b97241eff9792f52d6d70bb115a1794b91218",
    "gym-rummy500-0": "af74d9e2d238e32f35e6ebe05681f94597b11a597437198919565c1f60507218",
    "spiel-rummy500-0": "55afb2a1a18ab967e8a02b99995fef6813cdd7d0138d288198180829ba1040ef",
    "pz-planes-rummy500-1": "db5cd7902e0ba191c1095ecb93a7b5c95b21212cceb70bf43c22f2908202517c",
    "pz-rich-rummy500-1": "891c364cba7adb61237797757504b28cc5eab0595a4f6620db79e96f0fd1c1fb",
    "gym-rummy500-1": "48d28e00380695ba5764492cec2be5805c2e39d7afc3b77cd5b9f7069e1de3fe",
    "spiel-rummy500-1": "0b5a8fe3ae5094b835e208a909dac7375d45db5cd691f00a45f591367b32f931",
    "pz-planes-vegas_rummy-0": "79d285f414eba9dcc61e1a794b0abf5db7260325e4effa42f96dce533f08e909",
    "pz-rich-vegas_rummy-0": "4b2f2b8b23eb4e2e2d78cc2b2fee228ea0721b739a21ba5b7dff3fe9499c3ad0",
    "gym-vegas_rummy-0": "3e90c1526ffa19f0a592a4b6168f8fd01cc9b911a3bc804ff6441d045b3f5b5f",
    "spiel-vegas_rummy-0": "beacde1638d6de9a49937642ebe7cc9053f1f4717f5f6d89c3539db1d796e7d3",
    "pz-planes-vegas_rummy-1": "7843ad0edb27c1547c8478054725bd2916f4edaf51ce499bf5a426b18139cf99",
    "pz-rich-vegas_rummy-1": "7423033aa44b052050e76bbbc175cd87df47f4ca613132d1081310348e47bf97",
    "gym-vegas_rummy-1": "284522ff6cdca1062e9f7d0ba4f33ba8b939104daf83c4b87ecc2fea596591a2",
    "spiel-vegas_rummy-1": "c882931aeb32ad8715462086cddd45105ebf46f58cfa8afe02bd679acabbdd13",
    "pz-planes-casino-0": "ab32eb5f98449001028ba7f4627c043c423cce2bf470876a4a4d080c1938f731",
    "pz-rich-casino-0": "28e36c8f1bdadf4d3b86ed221ed95b48777d962d2acedfff702df9d3f86976e1",
    "gym-casino-0": "74ca3f3a3c48ce39a4acf5422149d4b5beacc36df99c60532a772eef915a68dd",
    "spiel-casino-0": "5bc1f960d165f73fdebb97611ee586ddafb81e608587bdad6e8961731d022e74",
    "pz-planes-casino-1": "68c8c99a7001fa4a61a2b5afbd6af0edf9d0e7832891db4567067b71f39e45a4",
    "pz-rich-casino-1": "d0a2a3106a6f103ae0bee29b06f5dd64d899509d0854e7ce781dbec9a0b6a703",
    "gym-casino-1": "9f60c9fc29a42a315ec4f34a55ff18b8fc0aca989ffe87c152f0084a3802197b",
    "spiel-casino-1": "ae0117d2029e153e3226810183de9532e171ed2c397f3c2b573d776ffd9cf606",
}


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
@pytest.mark.parametrize("observation", ["planes", "rich"])
def test_pettingzoo_observations_are_unchanged(game: str, case: int, observation: str) -> None:
    assert pettingzoo_digest(game, case, observation) == DIGESTS[f"pz-{observation}-{game}-{case}"]


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_gymnasium_observations_are_unchanged(game: str, case: int) -> None:
    assert gymnasium_digest(game, case) == DIGESTS[f"gym-{game}-{case}"]


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_openspiel_tensors_are_unchanged(game: str, case: int) -> None:
    assert openspiel_digest(game, case) == DIGESTS[f"spiel-{game}-{case}"]


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_random_opponents_play_as_random_bots_seeded_by_the_deal(game: str, case: int) -> None:
    """``opponents="random"``: seat ``k`` plays as ``bots.make(game, "random", seed=deal + k)``.

    Replayed here move by move with the bots themselves, from their views, so
    however the env draws its random moves, they stay the bots' moves.
    """
    from cardrules import bots

    config = CASES[game][case]
    single = CardrulesEnv(game, config, opponents="random", max_actions=300)
    seen, _info = single.reset(seed=21)
    deal = int(np.random.default_rng(21).integers(2**62))
    state = cardrules.new_game(game, config, seed=deal)
    players = {k: bots.make(game, "random", seed=deal + k) for k in range(1, config.num_players)}
    space = single.space
    rnd = np.random.default_rng(8)

    def others(state: Any) -> Any:
        while not state.is_over and state.to_act != 0:
            seen_by = cardrules.view(state, state.to_act)
            state = cardrules.apply(state, players[state.to_act].choose(seen_by))
        return state

    state = others(state)
    for _ in range(60):
        assert single.state_ == state
        number = _pick(rnd, seen["action_mask"])
        state = others(cardrules.apply(state, space.action(state, number)))
        seen, _reward, terminated, truncated, _info = single.step(number)
        if terminated or truncated:
            assert single.state_ == state
            break


def _all() -> dict[str, str]:
    found = {}
    for game, case in PARAMS:
        for observation in ("planes", "rich"):
            found[f"pz-{observation}-{game}-{case}"] = pettingzoo_digest(game, case, observation)
        found[f"gym-{game}-{case}"] = gymnasium_digest(game, case)
        found[f"spiel-{game}-{case}"] = openspiel_digest(game, case)
    return found


if __name__ == "__main__":
    for key, value in _all().items():
        print(f'    "{key}": "{value}",')
