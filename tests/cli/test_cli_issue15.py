"""Issue 15 items 1 and 6 in the command: no seed on screen, practice games, leaderboard files."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from cardrules import ranking
from cardrules.cli.main import main
from cardrules.cli.saves import saves_dir

SEED = 123456789012345678


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def drawn_seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """The seed a game without --seed is dealt from."""
    monkeypatch.setattr("cardrules.cli.play.rng.draw_seed", lambda: SEED)
    return SEED


@pytest.mark.parametrize("game", ["rummy500", "vegas", "casino"])
def test_15_1_the_seed_of_a_game_in_progress_is_never_shown(
    game: str, drawn_seed: int, tmp_path: Path
) -> None:
    code, out, err = run(["play", game, "--no-leaderboard"], "hint\nhelp\n1\n1\nquit\n")
    assert code == 0, err
    (saved,) = saves_dir().glob("*.json")
    assert str(drawn_seed) not in out + err
    assert str(drawn_seed) not in saved.name
    assert "seed" not in out.replace(str(tmp_path), "").lower()
    code, out, _ = run(["saves"])
    assert str(drawn_seed) not in out
    code, out, _ = run(["replay", saved.name])
    assert code == 0 and str(drawn_seed) not in out


def test_15_1_a_chosen_seed_is_practice_and_earns_nothing(tmp_path: Path) -> None:
    board = tmp_path / "b.sqlite3"
    args = ["play", "casino", "--seed", "0", "--target", "5", "--level", "easy"]
    code, out, err = run([*args, "--leaderboard", str(board), "--save", "/dev/null"], "1\n" * 500)
    assert code == 0, err
    assert "Practice game: you chose the seed (--seed), so it earns no ranking points." in out
    assert "Practice game: not recorded on the leaderboard." in out
    assert "ranking points for" not in out
    assert not board.exists()


def test_15_1_a_resumed_game_is_practice(tmp_path: Path, drawn_seed: int) -> None:
    board = tmp_path / "b.sqlite3"
    base = ["play", "casino", "--target", "5", "--level", "easy", "--leaderboard", str(board)]
    run(base, "1\n1\nquit\n")
    (saved,) = saves_dir().glob("*.json")
    code, out, err = run([*base, "--resume", str(saved)], "1\n" * 500)
    assert code == 0, err
    assert "Practice game: a resumed game earns no ranking points" in out
    assert "Game over" in out and "Practice game: not recorded on the leaderboard." in out
    assert not board.exists()


def test_15_1_a_game_dealt_from_a_drawn_seed_is_ranked(tmp_path: Path, drawn_seed: int) -> None:
    board = tmp_path / "b.sqlite3"
    args = ["play", "casino", "--target", "5", "--level", "easy", "--leaderboard", str(board)]
    code, out, _ = run(args, "1\n" * 500)
    assert code == 0 and "Practice" not in out
    with ranking.Leaderboard(board, read_only=True) as lb:
        assert lb.count() == 1


def test_15_1_watch_between_bots_shows_the_seed() -> None:
    # Decision: nothing is hidden from the watcher of a bots-only game, so its seed is shown.
    code, out, _ = run(["watch", "casino", "--seed", "77", "--delay", "0", "--target", "3"])
    assert code == 0 and "Seed 77." in out


def _foreign(path: Path) -> bytes:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE accounts (owner TEXT)")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    return path.read_bytes()


def test_15_6_the_leaderboard_command_refuses_a_foreign_file_untouched(tmp_path: Path) -> None:
    other = tmp_path / "accounts.db"
    before = _foreign(other)
    code, _, err = run(["leaderboard", "--db", str(other)])
    assert code == 1
    assert f"cannot open the leaderboard: {other} is not a cardrules leaderboard" in err
    assert "Traceback" not in err
    args = ["play", "casino", "--target", "3", "--level", "easy", "--leaderboard", str(other)]
    code, out, _ = run(args, "1\n" * 500)
    assert code == 0
    assert f"Could not record the result on the leaderboard: {other} is not a cardrules" in out
    assert other.read_bytes() == before
    # No -wal, no -shm (data-home holds the finished game's save: issue 30 item 7).
    assert [p.name for p in tmp_path.iterdir() if p.name != "data-home"] == ["accounts.db"]


def test_15_6_showing_the_leaderboard_never_writes(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "b.sqlite3"
    code, out, _ = run(["leaderboard", "--db", str(missing)])
    assert code == 0 and "no games recorded yet" in out
    assert not missing.parent.exists()
    board = tmp_path / "b.sqlite3"
    with ranking.Leaderboard(board) as lb:
        lb.record("Ada", "casino", won=True, opponents=["normal"])
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    board.chmod(0o444)
    try:
        code, out, _ = run(["leaderboard", "--db", str(board)])
    finally:
        board.chmod(0o644)
    assert code == 0 and "Ada" in out
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == files


@pytest.mark.parametrize("limit", ["0", str(ranking.MAX_LIMIT + 1), str(10**40)])
def test_15_6_a_huge_limit_is_a_usage_error(limit: str) -> None:
    code, out, err = run(["leaderboard", "--limit", limit])
    assert code == 2
    assert f"--limit must be 1..{ranking.MAX_LIMIT}" in err and "Traceback" not in out + err
