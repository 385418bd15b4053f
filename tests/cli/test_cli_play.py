"""``cardrules play``: scripted games to the end, the leaderboard, quitting and resuming."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardrules
from cardrules import from_json, ranking, rummy500
from cardrules.cli.main import main
from cardrules.cli.render import Style
from cardrules.cli.saves import saves_dir
from cardrules.records import GameRecord


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


FINISHING = [
    # game, options, seed, whether "always 1" beats the opponent with this seed
    ("rummy500", ["--target", "50"], 9, True),
    ("rummy500", ["--target", "50"], 0, False),
    ("vegas_rummy", ["--players", "2", "--max-score", "30"], 2, True),
    ("casino", ["--target", "5"], 0, True),
]


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """A ranked game (no --seed) dealt from a known seed, as if drawn at random."""
    monkeypatch.setattr("cardrules.cli.play.rng.draw_seed", lambda: seed)


@pytest.mark.parametrize(("game", "options", "seed", "wins"), FINISHING)
def test_play_scripted_game_to_the_end(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    options: list[str],
    seed: int,
    wins: bool,
) -> None:
    fix_seed(monkeypatch, seed)
    save = tmp_path / "game.json"
    board = tmp_path / "board.sqlite3"
    args = ["play", game, "--level", "easy", "--name", "Ada"]
    args += ["--save", str(save), "--leaderboard", str(board), *options]
    code, out, err = run(args, "1\n" * 3000)
    assert code == 0, err
    assert err == ""
    assert "Game over" in out
    assert ("Ada wins." in out) is wins
    assert "Your hand:" in out and "Your legal actions" in out
    # The save file is a finished game record that replays to the same end.
    record = from_json(save.read_text(encoding="utf-8"))
    assert isinstance(record, GameRecord)
    final = record.final_state()
    assert final.is_over and (0 in final.winners) is wins
    # Bots' moves are printed: every action of the record appears as a line.
    # (A Casino capture taking several items is one line, however many steps it took.)
    starts = [s for s in record.states()[:-1] if getattr(s, "pending", None) is None]
    assert out.count("\nBot 1 (") >= sum(1 for s in starts if s.to_act != 0)
    with ranking.Leaderboard(board) as lb:
        rows = lb.table(game)
    (row,) = rows
    assert (row.player, row.games, row.wins) == ("Ada", 1, int(wins))
    assert row.points == (ranking.points_for("easy") if wins else 0)
    assert (f"{row.points} ranking points for Ada" in out) is wins


def test_play_unranked_fallback_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 1)
    code, out, _ = run(
        [
            "play",
            "casino",
            "--level",
            "easy",
            "--target",
            "5",
            "--leaderboard",
            str(tmp_path / "b.sqlite3"),
        ],
        "1\n" * 500,
    )
    assert code == 0
    if "Bot 1 (random)" in out:  # while Casino has no easy bot
        assert "Note: no easy bot for this game yet" in out
        assert "Not recorded on the leaderboard: random opponents are unranked." in out
    else:
        assert "ranking points" in out or "Recorded a lost game" in out


def test_typed_actions_illegal_unknown_and_out_of_range(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    typed = "discard 3D\njump\n99\n0\nhelp\nhint\ndraw\ntable\nactions\nquit\n"
    code, out, err = run(
        [
            "play",
            "rummy500",
            "--seed",
            "9",
            "--level",
            "easy",
            "--save",
            str(save),
            "--no-leaderboard",
        ],
        typed,
    )
    assert code == 0, err
    assert "Not allowed:" in out  # discarding before drawing: the engine's reason
    assert "Not understood: not a Rummy 500 action: 'jump'" in out
    assert "There is no action 99: choose 1-" in out
    assert "There is no action 0" in out
    assert "\n  draw\n  take 4H (dig: takes 4H and every card above it)\n" in out
    assert "Hint from the expert bot: " in out
    assert "You: draw" in out
    assert f"The game is saved to {save}" in out
    record = from_json(save.read_text(encoding="utf-8"))
    # Seed 9: the bot plays first (draw, discard), then your one legal move: draw.
    assert [str(a) for a in record.actions] == ["draw", "discard 10♠", "draw"]
    assert not record.final_state().is_over
    before = record.states()[2]
    reason = cardrules.check(before, rummy500.parse_action("discard 3D", before))
    assert reason is not None
    assert f"Not allowed: {Style(unicode=False).text(reason)}" in out


def test_illegal_action_reason_comes_from_the_engine(tmp_path: Path) -> None:
    # A meld that is no meld: the IllegalActionError reason is shown, then play goes on.
    save = tmp_path / "meld.json"
    args = ["play", "rummy500", "--seed", "9", "--level", "easy", "--no-leaderboard"]
    code, out, _ = run([*args, "--save", str(save)], "draw\nmeld KC 3D 4D\nquit\n")
    assert code == 0
    state = from_json(save.read_text(encoding="utf-8")).final_state()
    with pytest.raises(cardrules.IllegalActionError) as caught:
        rummy500.parse_action("meld KC 3D 4D", state)
    # Output is not a terminal here, so the reason's cards are written with letters.
    assert f"Not allowed: {Style(unicode=False).text(caught.value.reason)}" in out


def test_end_of_input_saves_and_resume_finishes(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    base = [
        "play",
        "rummy500",
        "--seed",
        "9",
        "--level",
        "easy",
        "--target",
        "50",
        "--no-leaderboard",
    ]
    code, out, _ = run([*base, "--save", str(save)], "1\n" * 7)
    assert code == 0
    assert f"The game is saved to {save}" in out
    saved = from_json(save.read_text(encoding="utf-8"))
    assert len(saved.actions) > 0
    code, out, err = run([*base, "--resume", str(save), "--save", str(save)], "1\n" * 3000)
    assert code == 0, err
    assert f"Resumed {save} after {len(saved.actions)} actions." in out
    assert "Game over" in out
    finished = from_json(save.read_text(encoding="utf-8"))
    assert finished.actions[: len(saved.actions)] == saved.actions
    assert finished.final_state().is_over


def test_quit_without_save_uses_a_new_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 19 item 1: saves go to the data folder, never to a name made of the seed.
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["play", "casino", "--seed", "987654321", "--no-leaderboard"], "quit\n")
    assert code == 0
    assert list(tmp_path.glob("*.json")) == []
    (saved,) = saves_dir().glob("casino-*.json")
    assert "987654321" not in saved.name and "987654321" not in out
    assert f"cardrules replay {saved.name}" in out


def test_three_players_and_per_opponent_levels() -> None:
    code, out, err = run(
        [
            "play",
            "rummy500",
            "--opponents",
            "2",
            "--level",
            "easy,expert",
            "--seed",
            "2",
            "--target",
            "30",
            "--no-leaderboard",
            "--save",
            "/dev/null",
        ],
        "1\n" * 3000,
    )
    assert code == 0, err
    assert "You against Bot 1 (easy), Bot 2 (expert)." in out
    assert "Game over" in out


def test_casino_partnerships_show_teams() -> None:
    code, out, err = run(
        [
            "play",
            "casino",
            "--partners",
            "--seed",
            "3",
            "--target",
            "5",
            "--no-leaderboard",
            "--save",
            "/dev/null",
        ],
        "1\n" * 3000,
    )
    assert code == 0, err
    assert "You & Bot 2" in out
    assert "Game over" in out
