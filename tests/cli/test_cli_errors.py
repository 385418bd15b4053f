"""Bad usage exits 2 with a clear message; explained errors exit 1; never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import to_json
from cardrules.cards import parse_card
from cardrules.cli.main import main
from cardrules.records import GameRecord
from cardrules.rummy500 import Config, Discard, new_game


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


USAGE = [
    (["play", "poker"], "unknown game 'poker'; the games are rummy500, vegas_rummy, casino"),
    (["rules", "bridge"], "unknown game 'bridge'"),
    (["play", "rummy500", "--target", "abc"], "argument --target: invalid int value: 'abc'"),
    (["play", "rummy500", "--target", "0"], "bad Rummy 500 options: target must be at least 1"),
    (["play", "rummy500", "--royal"], "--royal applies to Casino only, not Rummy 500"),
    (["play", "casino", "--max-score", "50"], "--max-score applies to Las Vegas Rummy only"),
    (["play", "vegas", "--buy-in", "lots"], "--buy-in: expected an amount like 2 or 0.50"),
    (["play", "rummy500", "-o", "nope=1"], "no option 'nope' in Rummy 500; `cardrules rules"),
    (["play", "rummy500", "-o", "targte=50"], "no option 'targte' in Rummy 500 (did you mean"),
    (["play", "rummy500", "--option", "target"], "--option takes KEY=VALUE, not 'target'"),
    (["play", "rummy500", "-o", "tie=maybe"], "tie: expected one of another_round, shared"),
    (["play", "rummy500", "--opponents", "5"], "--opponents must be 1, 2 or 3, not 5"),
    (["play", "rummy500", "--players", "3", "--opponents", "1"], "--players counts you too"),
    (["play", "rummy500", "--level", "genius"], "unknown level 'genius'"),
    (
        ["play", "rummy500", "--opponents", "2", "--level", "easy,normal,expert"],
        "give one level or 2 levels",
    ),
    (["play", "casino", "--players", "3", "--partners"], "partnerships need exactly 4 players"),
    (["play", "rummy500", "--seed", "-1"], "bad --seed: a seed must be in 0..2**128-1"),
    (["watch", "rummy500", "--bots", "easy"], "--bots lists 2-4 levels, one a seat, not 1"),
    (["watch", "rummy500", "--delay", "-1"], "--delay cannot be negative"),
    (["simulate", "rummy500", "--bots", "easy,easy", "--games", "0"], "--games must be 1.."),
    (["simulate", "rummy500", "--bots", "easy,easy", "--workers", "0"], "--workers must be 1.."),
    (["leaderboard", "--game", "chess"], "unknown game 'chess'"),
    (["play", "casino", "--name", "  "], "--name must be 1-40 printable characters"),
    (["play", "casino", "--name", "a\tb"], "--name must be 1-40 printable characters"),
    (["dance"], "invalid choice: 'dance'"),
    ([], "the following arguments are required: COMMAND"),
]


@pytest.mark.parametrize(("args", "message"), USAGE)
def test_bad_usage_exits_2_with_a_clear_message(args: list[str], message: str) -> None:
    code, out, err = run(args, "quit\n")
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()[-1]) < 300


def test_simulate_with_a_level_a_game_lacks_is_usage_error() -> None:
    args = ["simulate", "casino", "--games", "1", "--bots", "expert,random", "--target", "3"]
    code, _, err = run(args)
    if code == 2:  # no Casino expert bot yet: simulate refuses to measure a stand-in
        assert err.startswith("cardrules simulate: error: --bots: ") and "expert" in err
    else:  # the Casino expert bot exists by now: the match simply runs
        assert code == 0, err


def test_help_exits_0() -> None:
    code, out, _ = run(["play", "--help"])
    assert code == 0
    for flag in (
        "--level",
        "--opponents",
        "--players",
        "--royal",
        "--sweeps",
        "--partners",
        "--buy-in",
        "--max-score",
        "--target",
        "--option",
        "--seed",
        "--name",
        "--save",
        "--leaderboard",
        "--no-color",
    ):
        assert flag in out


def _bad_files(tmp: Path) -> dict[str, tuple[str, str]]:
    state = new_game(Config(), seed=1)
    illegal = GameRecord("rummy500", Config(), 1, None, (Discard(parse_card("2C")),))
    files = {
        "missing.json": (None, "No such file or directory"),
        "garbage.json": ("{not json", "bad JSON document: Expecting property name"),
        "empty.json": ("", "bad JSON document"),
        "state.json": (to_json(state), "it holds a State, not a saved game record"),
        "illegal.json": (to_json(illegal), "action 0 (discard 2♣) is illegal"),
        "version.json": (
            json.dumps(
                {
                    "format": "cardrules",
                    "version": 99,
                    "game": "rummy500",
                    "kind": "record",
                    "data": {},
                }
            ),
            "format version 99 is not supported",
        ),
    }
    out = {}
    for name, (text, message) in files.items():
        path = tmp / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        out[str(path)] = (name, message)
    return out


def test_corrupt_save_files_exit_1_with_one_line(tmp_path: Path) -> None:
    for path, (_name, message) in _bad_files(tmp_path).items():
        for args in (["replay", path], ["play", "rummy500", "--resume", path]):
            code, _out, err = run(args, "quit\n")
            assert code == 1, (args, err)
            assert err.startswith(f"cardrules {args[0]}: error: cannot load {path}: ")
            assert message in err, err
            assert err.count("\n") == 1 and "Traceback" not in err


def test_resume_of_another_game_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "c.json"
    run(["play", "casino", "--seed", "1", "--save", str(save), "--no-leaderboard"], "quit\n")
    code, _, err = run(["play", "rummy500", "--resume", str(save)])
    assert code == 1
    assert "it is a casino game, not rummy500" in err


def test_save_to_an_unwritable_place_is_explained(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "g.json"
    code, _, err = run(
        ["play", "casino", "--seed", "1", "--save", str(target), "--no-leaderboard"], "quit\n"
    )
    assert code == 1
    assert f"cannot save the game to {target}" in err


def test_python_dash_m_and_exit_codes_in_a_real_process(tmp_path: Path) -> None:
    bad = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "poker"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "unknown game 'poker'" in bad.stderr
    corrupt = tmp_path / "x.json"
    corrupt.write_text("[1, 2", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "replay", str(corrupt)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith(f"cardrules replay: error: cannot load {corrupt}: ")
    assert "Traceback" not in result.stderr
    played = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardrules",
            "play",
            "casino",
            "--seed",
            "7",
            "--target",
            "3",
            "--no-leaderboard",
            "--save",
            str(tmp_path / "p.json"),
        ],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert "Game over" in played.stdout
    assert "♠" not in played.stdout  # not a terminal: plain letters
