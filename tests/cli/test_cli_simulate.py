"""``cardrules simulate``: the JSON summary, agreement with ``cardrules.bots.simulate``."""

from __future__ import annotations

import io
import json

from cardrules import bots, rummy500
from cardrules.cli.main import main


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


ARGS = [
    "simulate",
    "rummy500",
    "--games",
    "6",
    "--bots",
    "easy,random",
    "--seed",
    "4",
    "--target",
    "60",
    "--json",
]


def test_simulate_json_summary() -> None:
    code, out, err = run(ARGS)
    assert code == 0, err
    assert err == ""  # no progress bar when stderr is not a terminal
    summary = json.loads(out)
    assert summary["game"] == "rummy500" and summary["games"] == 6 and summary["seed"] == 4
    assert summary["config"]["target"] == 60
    assert [row["bot"] for row in summary["bots"]] == ["easy", "random"]
    for row in summary["bots"]:
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["win_rate"] == row["wins"] / 6
    assert sum(row["wins"] for row in summary["bots"]) >= 6 - summary["unfinished"]


def test_simulate_agrees_with_the_library_and_ignores_workers() -> None:
    summary = json.loads(run(ARGS)[1])
    expected = bots.simulate(
        "rummy500", ["easy", "random"], games=6, seed=4, config=rummy500.Config(target=60)
    )
    assert tuple(row["wins"] for row in summary["bots"]) == expected.wins
    assert tuple(row["mean_score"] for row in summary["bots"]) == expected.mean_scores
    assert tuple(tuple(row["ci95"]) for row in summary["bots"]) == expected.intervals
    parallel = json.loads(run([*ARGS, "--workers", "2"])[1])
    assert parallel == summary


def test_simulate_text_table_and_duplicate_levels() -> None:
    code, out, _ = run(
        [
            "simulate",
            "casino",
            "--games",
            "4",
            "--bots",
            "random,random",
            "--seed",
            "1",
            "--target",
            "5",
        ]
    )
    assert code == 0
    assert "Casino: 4 games, seed 1, seats rotated" in out
    assert "random#1" in out and "random#2" in out
