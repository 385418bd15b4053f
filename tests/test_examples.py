"""Every script in examples/ runs to the end (so the examples never rot)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# Arguments that keep each run short; scripts not listed run with none.
ARGS = {
    "rummy500_random_game.py": ["--seed", "3", "--quiet"],
    "server_loop.py": ["--seed", "2", "--max-turns", "400"],
    "custom_bot.py": ["--games", "4"],
    "tournament.py": ["--games", "2"],
}


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs(script):
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *ARGS.get(script, [])],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip(), "an example prints what it did"


@pytest.mark.parametrize("game", ["rummy500", "vegas_rummy", "casino"])
def test_server_loop_for_every_game(game):
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "server_loop.py"), "--game", game, "--max-turns", "300"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert f"{game}:" in result.stdout
    scores = result.stdout.split("final scores:", 1)[1].strip()
    assert all(isinstance(score, int) for score in json.loads(scores))  # numbers, not text


def test_the_tournament_says_which_game_it_plays():
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "tournament.py"), "--game", "casino", "--games", "1"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("Casino: levels ") and "Casino standings" in result.stdout
