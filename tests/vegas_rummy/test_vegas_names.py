"""One model across the games (issue 27 item 4): Las Vegas Rummy's new names, and the old ones
still working for a release with a ``DeprecationWarning``."""

from __future__ import annotations

import json
import warnings

import pytest

import cardrules
from cardrules import vegas_rummy as vr
from cardrules.vegas_rummy import actions, rules, validation
from cardrules.vegas_rummy.state import Phase


def _played(steps: int = 30) -> vr.State:
    state = vr.new_game(vr.Config(num_players=3), seed=5)
    for _ in range(steps):
        state = vr.apply(state, vr.legal_actions(state)[-1])
    return state


def test_phase_is_an_enum_whose_json_and_notation_stay_the_strings() -> None:
    state = _played()
    assert isinstance(state.phase, Phase) and state.phase == "draw"
    assert {member.value for member in Phase} == {"draw", "play", "decide", "table", "over"}
    assert json.loads(cardrules.to_json(state))["data"]["phase"] == "draw"
    assert "; phase draw;" in cardrules.notation(state)
    assert cardrules.from_json(cardrules.to_json(state)).phase is Phase.draw
    assert vr.view(state, 0).phase is Phase.draw


def test_turns_and_num_players_are_the_names_and_the_old_ones_warn() -> None:
    state = _played()
    assert state.turns > 0 and state.num_players == 3 == state.config.num_players
    with pytest.warns(DeprecationWarning, match="turns"):
        assert state.turn == state.turns
    with pytest.warns(DeprecationWarning, match="num_players"):
        assert state.num_seats == 3
    with pytest.warns(DeprecationWarning, match="turns"):
        assert vr.view(state, 1).turn == state.turns
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert vr.view(state, 1).turns == state.turns


def test_position_takes_turns_and_still_the_old_turn_keyword() -> None:
    given = {"hands": {0: "QS QH 7C 2D 9C 9D KS"}, "upcard": "7D", "discard": "7D 2C",
             "config": vr.Config(num_players=2), "dealer": 1, "to_act": 0, "seed": 1}
    new = vr.position(**given, turns=1)
    with pytest.warns(DeprecationWarning, match="turns"):
        assert vr.position(**given, turn=1) == new
    with pytest.raises(TypeError, match="unexpected keyword"):
        vr.position(**given, turnz=1)


def test_module_places() -> None:
    """max_game_length and meld_rules in rules.py, malformed in actions.py (every game folder)."""
    assert vr.max_game_length is rules.max_game_length
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert validation.max_game_length is rules.max_game_length  # still importable here
    assert vr.meld_rules is rules.meld_rules
    assert vr.malformed is actions.malformed
    assert actions.malformed(vr.Draw()) is None
    assert actions.malformed("draw") == "str is not a Las Vegas Rummy action"


def test_an_old_save_with_turn_loads_with_a_warning() -> None:
    state = _played()
    for obj in (state, vr.view(state, 0)):
        document = json.loads(cardrules.to_json(obj))
        document["data"] = {("turn" if key == "turns" else key): value
                            for key, value in document["data"].items()}
        with pytest.warns(DeprecationWarning, match="turn"):
            assert cardrules.from_json(json.dumps(document)) == obj
