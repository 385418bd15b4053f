"""Issue 30 item 9: writing a position by hand — fields with their usual value may be
left out (``shuffles``, ``credits``, ``points``, ``turns``), hands in any order."""

from __future__ import annotations

import random
import re

import pytest

import cardrules
from cardrules import casino, rummy500, vegas_rummy


def _drop(text: str, *keys: str) -> str:
    for key in keys:
        text = re.sub(rf"; {key}(?: [^;]*)?(?=;|$)", "", text)
    return text


def _reverse_hands(text: str, key: str = "hands") -> str:
    found = re.search(rf"; {key} ([^;]*)", text)
    assert found
    seats = [" ".join(reversed(seat.split())) for seat in found.group(1).split(" / ")]
    return text.replace(found.group(0), f"; {key} " + " / ".join(seats))


def _states(module, config, games=4, moves=120):
    for seed in range(games):
        state = module.new_game(config, seed=seed)
        chooser = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            state = module.apply(state, chooser.choice(module.legal_actions(state)))


def test_rummy500_shuffles_credits_and_turns_may_be_left_out():
    for state in _states(rummy500, rummy500.Config()):
        text = cardrules.notation(state)
        assert ("; turns " in text) == (state.turns != 0)  # written only when not 0
        short = _reverse_hands(_drop(text, "shuffles"))
        if not any(state.placed):
            short = _drop(short, "credits")
        assert cardrules.from_notation(short) == state


def test_rummy500_view_credits_and_points_may_be_left_out():
    checked = 0
    for state in _states(rummy500, rummy500.Config()):
        view = rummy500.view(state, state.to_act if state.to_act is not None else 0)
        text = cardrules.notation(view)
        if not any(view.placed):
            assert cardrules.from_notation(_drop(text, "credits", "points")) == view
            checked += 1
        elif all(
            p == sum(rummy500.scoring.card_points(c, view.config) for c in cards)
            for p, cards in zip(view.round_points, view.placed)
        ):
            assert cardrules.from_notation(_drop(text, "points")) == view
            checked += 1
    assert checked > 50


def test_casino_shuffles_may_be_left_out_and_hands_come_in_any_order():
    for state in _states(casino, casino.Config()):
        short = _reverse_hands(_drop(cardrules.notation(state), "shuffles"))
        assert cardrules.from_notation(short) == state
        view = casino.view(state, 0)
        text = cardrules.notation(view)
        if "; cards " in text:
            assert cardrules.from_notation(_reverse_hands(text, "cards")) == view


def test_las_vegas_hands_come_in_any_order():
    for state in _states(vegas_rummy, vegas_rummy.Config(num_players=3), moves=60):
        text = cardrules.notation(state)
        if "; hands ()" in text or not any(state.hands):
            continue
        assert cardrules.from_notation(_reverse_hands(text)) == state


def test_a_usual_value_that_does_not_fit_is_still_refused():
    state = rummy500.new_game(seed=5)
    for _ in range(6):
        state = rummy500.apply(state, rummy500.legal_actions(state)[0])
    text = cardrules.notation(state)
    wrong = text.replace("; round 1", "; round 2")
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(_drop(wrong, "shuffles"))


def test_a_missing_field_without_a_usual_value_is_named():
    with pytest.raises(ValueError, match="bad notation: seed: this field is missing"):
        cardrules.from_notation("rummy500; dealer 9")
