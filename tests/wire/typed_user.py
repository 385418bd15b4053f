"""A small user program: mypy --strict must see precise types through the top level.

Checked by ``test_typing.py`` (issue 14 item 2); it also runs as a program.
"""

from __future__ import annotations

from typing import assert_type

import cardrules
from cardrules import casino, rummy500, vegas_rummy


def casino_turn() -> casino.State:
    state = cardrules.new_game("casino", seed=1)
    assert_type(state, casino.State)
    actions = cardrules.legal_actions(state)
    assert_type(actions, tuple[casino.Action, ...])
    after = cardrules.apply(state, actions[0])
    assert_type(after, casino.State)
    mine = cardrules.view(after, 0)
    assert_type(mine, casino.View)
    assert_type(cardrules.legal_actions(mine), tuple[casino.Action, ...])
    assert_type(cardrules.parse_action("trail 4d", mine), casino.Action)
    assert_type(cardrules.check(mine, actions[0]), str | None)
    return after


def rummy_turn() -> rummy500.View:
    state = cardrules.new_game("rummy500", rummy500.Config(num_players=3), seed=2)
    assert_type(state, rummy500.State)
    draw = cardrules.parse_action("draw", state)
    assert_type(draw, rummy500.Action)
    state = cardrules.apply(state, draw)
    seat = state.to_act
    assert seat is not None
    mine = cardrules.view(state, seat)
    assert_type(mine, rummy500.View)
    assert_type(cardrules.legal_actions(mine), tuple[rummy500.Action, ...])
    return mine


def vegas_turn() -> vegas_rummy.State:
    state = cardrules.new_game("vegas_rummy", seed=3)
    assert_type(state, vegas_rummy.State)
    first = cardrules.legal_actions(state)[0]
    assert_type(first, vegas_rummy.Action)
    return cardrules.apply(state, first)


if __name__ == "__main__":
    print(casino_turn().round_number, rummy_turn().seat, vegas_turn().round_number)
