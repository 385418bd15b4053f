"""Every CLI test keeps its data folder (saves, leaderboard) in its own temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
