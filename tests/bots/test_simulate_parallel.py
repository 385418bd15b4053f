"""Issue 18 items 3 and 4: every core by default, Ray, the same result whoever plays the games."""

from __future__ import annotations

import importlib.util
import io
import json
import sys

import pytest

from cardrules import bots, casino, rummy500
from cardrules.bots.simulate import available_cores, play_games, simulate
from cardrules.cli.main import main

SHORT = rummy500.Config(target=100)


def test_workers_one_and_two_give_identical_results() -> None:
    """Item 3: game i depends on (seed, i) only, and outcomes are listed in game order."""
    serial = simulate("rummy500", ["easy", "random"], games=7, seed=11, config=SHORT, workers=1)
    two = simulate("rummy500", ["easy", "random"], games=7, seed=11, config=SHORT, workers=2)
    assert serial == two
    assert serial.outcomes == two.outcomes
    assert [o.index for o in two.outcomes] == list(range(7))


def test_every_core_is_the_default_and_gives_the_same_result() -> None:
    """Item 3: ``workers=None`` (the default) uses every core, with the serial result."""
    config = casino.Config(target=5)
    default = simulate("casino", ["random", "easy"], games=5, seed=2, config=config)
    serial = simulate("casino", ["random", "easy"], games=5, seed=2, config=config, workers=1)
    assert default == serial
    assert available_cores() >= 1


def test_play_games_yields_each_game_once() -> None:
    outcomes = list(play_games("casino", ["random", "random"], games=9, seed=4, workers=2))
    assert sorted(o.index for o in outcomes) == list(range(9))


def test_bad_backend_and_address_are_refused() -> None:
    with pytest.raises(ValueError, match="backend"):
        simulate("casino", ["random", "random"], games=1, backend="threads")
    with pytest.raises(ValueError, match="address"):
        simulate("casino", ["random", "random"], games=1, address="auto")
    with pytest.raises(ValueError, match="workers"):
        simulate("casino", ["random", "random"], games=1, workers=True)


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


CLI = ["simulate", "casino", "--games", "4", "--bots", "random,easy", "--seed", "9",
       "--target", "5", "--json"]


def test_cli_workers_default_and_one_agree() -> None:
    code, default, err = _cli(CLI)
    assert code == 0, err
    assert _cli([*CLI, "--workers", "1"])[1] == default
    code, _, err = _cli([*CLI, "--address", "auto"])
    assert code == 2 and "--address is for --backend ray" in err


ray_missing = importlib.util.find_spec("ray") is None


@pytest.mark.skipif(ray_missing, reason="the ray extra is not installed")
def test_ray_backend_matches_a_serial_run() -> None:
    """Item 4: games as Ray tasks on a local Ray instance, the same result as one process."""
    import ray

    serial = simulate("rummy500", ["easy", "random"], games=6, seed=8, config=SHORT, workers=1)
    try:
        on_ray = simulate("rummy500", ["easy", "random"], games=6, seed=8, config=SHORT,
                          backend="ray", workers=3)
        assert on_ray == serial
        code, out, err = _cli([*CLI, "--backend", "ray"])
        assert code == 0, err
        assert json.loads(out) == json.loads(_cli([*CLI, "--workers", "1"])[1])
    finally:
        ray.shutdown()


def test_ray_backend_without_ray_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ray hidden whether or not it is installed (None in sys.modules stops the import).
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match=r"cardrules\[ray\]"):
        bots.simulate("casino", ["random", "random"], games=1, backend="ray")
    code, _, err = _cli([*CLI, "--backend", "ray"])
    assert code == 2 and "cardrules[ray]" in err
