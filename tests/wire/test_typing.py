"""Issue 14 item 2: ``mypy --strict`` on a small user program shows precise types
through the top level (``new_game("casino")`` is a ``casino.State`` …), and
catches an action of the wrong game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")
HERE = Path(__file__).resolve().parent


def _mypy(path: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)


def test_the_typed_program_passes_mypy_strict_with_exact_types(tmp_path_factory):
    done = _mypy(HERE / "typed_user.py", tmp_path_factory.getbasetemp() / "mypy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_refuses_an_action_of_another_game(tmp_path_factory):
    done = _mypy(HERE / "typed_mistake.py", tmp_path_factory.getbasetemp() / "mypy")
    assert done.returncode == 1
    assert 'No overload variant of "apply" matches argument types "State", "Draw"' in done.stdout


def test_the_typed_program_runs():
    done = subprocess.run(
        [sys.executable, str(HERE / "typed_user.py")], capture_output=True, text=True, check=True
    )
    assert done.stdout.split()[1] in ("0", "1", "2")
