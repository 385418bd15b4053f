"""`hint` while playing: the expert's move in the game's move syntax, and why (issue 31)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from cardrules import bots, engine
from cardrules.cli.main import main


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("game", ["rummy500", "vegas_rummy", "casino"])
def test_hint_prints_a_move_and_its_reason(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots.search, "DEFAULT_THINK_TIME", 0.02)
    asked: list[tuple[Any, bots.Hint]] = []
    real_hint = bots.hint

    def spy(name: str, view: Any, **options: Any) -> bots.Hint:
        tip = real_hint(name, view, **options)
        asked.append((view, tip))
        return tip

    monkeypatch.setattr(bots, "hint", spy)
    code, out, err = run(
        ["play", game, "--seed", "5", "--no-leaderboard", "--ascii", "--no-color"],
        "help\nhint\nquit\ny\n",
    )
    assert code == 0, err
    assert "hint" in out.split("Other commands:")[1].splitlines()[0]  # help lists it
    (view, tip), = asked
    assert view.seat == 0 and tip.action in view.legal_actions
    line = next(text for text in out.splitlines() if text.startswith("Hint from the expert bot: "))
    move = re.sub(r" \(number \d+\)$", "", line.removeprefix("Hint from the expert bot: "))
    ascii_reason = tip.reason.translate(str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"}))
    assert out.split(line, 1)[1].splitlines()[1] == f"  why: {ascii_reason}"  # --ascii
    if game != "casino":  # a Casino hint names the whole play, of which the action is a step
        # The move is written as a player types it: it reads back as the suggested action.
        assert engine.parse_action(move, view) == tip.action
