"""``cardrules watch`` (reproducible output) and ``cardrules replay`` of saved games."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cardrules import from_json
from cardrules.cli.main import main


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


WATCHED = [
    ("rummy500", ["--bots", "easy,expert", "--target", "60"]),
    ("vegas_rummy", ["--bots", "easy,normal,expert", "--max-score", "30", "--buy-in", "2"]),
    ("casino", ["--bots", "easy,expert", "--target", "5", "--sweeps"]),
]


@pytest.mark.parametrize(("game", "options"), WATCHED)
def test_watch_with_a_seed_is_reproduced_exactly(game: str, options: list[str]) -> None:
    args = ["watch", game, "--seed", "12", "--delay", "0", *options]
    first = run(args)
    second = run(args)
    assert first[0] == 0, first[2]
    assert first == second
    assert "Game over" in first[1]
    assert "Seed 12." in first[1]
    other = run(["watch", game, "--seed", "13", "--delay", "0", *options])
    assert other[1] != first[1]


def test_watch_without_a_seed_prints_the_seed_that_reproduces_it() -> None:
    code, out, _ = run(["watch", "casino", "--delay", "0", "--target", "3"])
    assert code == 0
    seed = re.search(r"Seed (\d+)\.", out)
    assert seed is not None
    again = run(["watch", "casino", "--delay", "0", "--target", "3", "--seed", seed[1]])
    assert again[1] == out


def test_watch_save_then_replay_shows_every_action(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    code, out, err = run(
        [
            "watch",
            "rummy500",
            "--seed",
            "5",
            "--delay",
            "0",
            "--bots",
            "easy,normal",
            "--target",
            "60",
            "--save",
            str(save),
        ]
    )
    assert code == 0, err
    record = from_json(save.read_text(encoding="utf-8"))
    assert record.final_state().is_over
    code, replayed, err = run(["replay", str(save)])
    assert code == 0, err
    # Issue 19 item 4: the replay names the seats as the game did.
    action_lines = [line for line in replayed.splitlines() if re.match(r"Seat \d+ \(\w+\): ", line)]
    assert len(action_lines) == len(record.actions)
    # The replay tells the same game as the watch did: the same moves in the same order.
    watched = [line for line in out.splitlines() if re.match(r"Seat \d+ \(\w+\): ", line)]
    # The replay of a finished game shows every hand, so it also names the cards drawn.
    assert watched == [re.sub(r" \(drew [^)]*\)$", "", line) for line in action_lines]
    assert " (drew " in replayed and "Hands:" in replayed
    assert "Game over" in replayed
    assert "Discard pile" in replayed  # the spectator's table is drawn


def test_replay_of_a_played_game_and_stepping(tmp_path: Path) -> None:
    save = tmp_path / "played.json"
    code, _, err = run(
        ["play", "casino", "--seed", "2", "--target", "3", "--save", str(save), "--no-leaderboard"],
        "1\n" * 500,
    )
    assert code == 0, err
    code, out, _ = run(["replay", str(save), "--step"], "\n\nq\n")
    assert code == 0
    assert out.count("[Enter: next turn, b: back, q: stop]") == 3
    # Three turns; a Casino turn is one action, or more when a capture takes several items.
    stopped = re.search(r"Stopped after (\d+) of \d+ actions\.", out)
    assert stopped and 3 <= int(stopped[1]) <= 3 * 8
    code, out, _ = run(["replay", str(save), "--actions-only"])
    assert code == 0
    assert "Table:" not in out and "Game over" in out


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    run(
        ["play", "vegas", "--seed", "1", "--players", "2", "--save", str(save), "--no-leaderboard"],
        "1\n1\nquit\n",
    )
    code, out, _ = run(["replay", str(save)])
    assert code == 0
    assert "The record ends here; the game was not finished." in out


def test_watch_seats_a_joining_player() -> None:
    # Las Vegas Rummy: joining is a host call (issue 15 item 5), never a seat's move,
    # so even with room at the table random players seat nobody new.
    args = ["watch", "vegas", "--bots", "random,random", "--delay", "0", "--seed", "1"]
    code, out, err = run([*args, "-o", "max_seats=4", "--max-score", "40"])
    assert code == 0, err
    assert ": join" not in out
    assert not re.search(r"^Seat 2 ", out, re.MULTILINE)
    assert "Game over" in out
    # By default the command seats nobody new (max_seats = the starting seats).
    code, out, _ = run([*args, "--max-score", "40"])
    assert code == 0 and ": join" not in out
