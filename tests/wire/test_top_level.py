"""Issue 14 item 2: one top level for every game, and views accepted wherever they
hold enough: ``legal_actions(view)``, ``check(view, action)``, ``parse_action(text, view)``."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import casino, rummy500, vegas_rummy


def _states(game: str, seed: int, limit: int = 300):
    rnd = random.Random(seed)
    state = cardrules.new_game(game, seed=seed)
    for _ in range(limit):
        yield state
        if state.is_over:
            return
        state = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_views_answer_legal_actions_check_and_parse_action_like_the_state(game):
    for state in _states(game, seed=4):
        listed = cardrules.legal_actions(state)
        for seat in [None, *range(len(state.hands))]:
            mine = cardrules.view(state, seat)
            assert mine.legal_texts == tuple(str(a) for a in mine.legal_actions)
            if seat is not None and seat == state.to_act:
                assert cardrules.legal_actions(mine) == listed
            else:
                assert cardrules.legal_actions(mine) == ()
                if listed:
                    assert cardrules.check(mine, listed[0]) is not None
        if state.to_act is None:
            continue
        mine = cardrules.view(state, state.to_act)
        for action in listed:
            assert cardrules.check(mine, action) is None
            # Every listed text reads back to the same action, from the view as from the state.
            assert cardrules.parse_action(str(action), mine) == action
            assert cardrules.parse_action(str(action), state) == action


def test_check_on_a_view_gives_the_states_reason_where_the_view_knows_it():
    state = cardrules.new_game("rummy500", seed=1)
    seat = state.to_act
    mine = cardrules.view(state, seat)
    other = cardrules.view(state, 1 - seat)
    assert cardrules.check(mine, casino.Done()) == "Done is not a Rummy 500 action"
    assert (
        cardrules.check(other, rummy500.Draw())
        == f"it is seat {seat}'s turn, not seat {1 - seat}'s"
    )
    assert cardrules.check(cardrules.view(state, None), rummy500.Draw()) == (
        "a spectator's view lists no actions"
    )
    reason = cardrules.check(mine, rummy500.EndRound())
    assert reason is not None and "'end round' is not among the legal actions" in reason
    assert cardrules.check(state, rummy500.EndRound()) is not None  # the rule's own reason
    over = state
    while not over.is_over:
        over = cardrules.apply(over, cardrules.legal_actions(over)[0])
    assert cardrules.check(cardrules.view(over, 0), rummy500.Draw()) == "the game is over"
    assert cardrules.check(over, rummy500.Draw()) == "the game is over"


def test_a_view_cannot_be_played_on_or_viewed_again():
    state = cardrules.new_game("casino", seed=1)
    mine = cardrules.view(state, 0)
    with pytest.raises(TypeError, match="needs the game's state"):
        cardrules.apply(mine, cardrules.legal_actions(state)[0])  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="needs the game's state"):
        cardrules.view(mine, 0)  # type: ignore[call-overload]


def test_parse_action_reads_every_game_from_a_view():
    state = cardrules.new_game("vegas_rummy", seed=2)
    mine = cardrules.view(state, state.to_act)
    assert cardrules.parse_action("draw", mine) == vegas_rummy.Draw()
    with pytest.raises(ValueError):
        cardrules.parse_action("jump", mine)
    r500 = cardrules.new_game("rummy500", seed=2)
    assert cardrules.parse_action("DRAW", cardrules.view(r500, None)) == rummy500.Draw()
    with pytest.raises(TypeError):
        cardrules.parse_action("draw", object())  # type: ignore[call-overload]
