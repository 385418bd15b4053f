"""The two configs per game the RL tests play (issue 16: "two configs each")."""

from __future__ import annotations

from typing import Any

from cardrules import casino, rummy500, vegas_rummy

CASES: dict[str, tuple[Any, Any]] = {
    "rummy500": (
        rummy500.Config(target=100),
        rummy500.Config(num_players=3, jokers=2, allow_wraparound=True, target=50),
    ),
    "vegas_rummy": (
        vegas_rummy.Config(num_players=2, meld_strictness=True, max_seats=2, max_score=40),
        vegas_rummy.Config(
            num_players=3,
            meld_strictness=True,
            max_seats=3,
            meld_solidarity=False,
            wild_scope="card",
            max_score=30,
        ),
    ),
    "casino": (
        casino.Config(),
        casino.Config(
            variant="royal",
            num_players=4,
            partnerships=True,
            sweeps=True,
            table_cards_in_raise=True,
            target=11,
        ),
    ),
}

PARAMS = [(game, index) for game in CASES for index in (0, 1)]
IDS = [f"{game}-{index}" for game, index in PARAMS]
