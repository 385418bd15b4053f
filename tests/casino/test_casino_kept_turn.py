"""The turn's data kept in a state (``State._turn``, issue 27): it changes no answer.

Spec: shared/rules/casino.md §4 and CA-7 (what a turn's plays depend on: the hand of
the player to act, the builds and who owns them). ``legal_actions`` and judging an
action work the turn's data out once per state and keep it there, so that judging
the action chosen from a listing reads it again. A state that was never listed, one
read back from JSON, pickled or copied, and one whose hand was changed in place after
it was listed must all be judged from their own fields.
"""

from __future__ import annotations

import copy
import pickle

import pytest

import cardrules
from cardrules import casino
from cardrules.casino import Config, State
from cardrules.casino.rules import successor

from .helpers import seeded_states

CONFIGS = {
    "standard": Config(),
    "royal": Config(variant="royal"),
    "compulsory": Config(compulsory_capture=True),
    "partners": Config(num_players=4, partnerships=True, build_for_partner=True),
}


def _states(config: Config, seed: int, limit: int = 60) -> list[State]:
    """States of a seeded random game with no play in progress, as ``apply`` made them."""
    return seeded_states(config, seed, in_progress=False, limit=limit)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_kept_turn_changes_no_answer(name: str) -> None:
    """A listed state (its turn kept) and the same state read back from JSON (none kept)
    list, judge and apply alike; the next state keeps none of it."""
    for state in _states(CONFIGS[name], seed=3):
        listed = casino.legal_actions(state)
        assert state._turn is not None  # the listing kept it
        rebuilt = cardrules.from_json(cardrules.to_json(state))
        assert rebuilt._turn is None and rebuilt == state
        assert casino.legal_actions(rebuilt) == listed
        for action in listed:
            assert casino.check(state, action) is None
            after = casino.apply(state, action)
            assert after._turn is None  # never carried to another state
            assert after == casino.apply(rebuilt, action)
        for whole in casino.plays(state)[:10]:
            assert casino.check(state, whole) == casino.check(rebuilt, whole)


def test_pickled_copied_and_successor_states_drop_the_kept_turn() -> None:
    """Pickle, copy and ``successor`` keep every field but ``_turn`` (in the compiled
    build a native object pickle cannot rebuild)."""
    for state in _states(Config(), seed=4, limit=20):
        casino.legal_actions(state)
        assert state._turn is not None
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert again._turn is None and again == state
            assert casino.legal_actions(again) == casino.legal_actions(state)
        assert successor(state, {}, None)._turn is None


def test_hand_changed_in_place_is_judged_from_its_own_fields() -> None:
    """A kept turn is read only for the hand it was worked out from: a state whose hand
    was changed in place after it was listed is judged as a fresh state with that hand."""
    for state in _states(Config(), seed=7):
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        if len(hand) < 2:
            continue
        casino.legal_actions(state)
        swapped = list(state.hands)
        swapped[seat] = hand[1:]  # one card fewer: other plays
        fresh = successor(state, {"hands": tuple(swapped)})
        object.__setattr__(state, "hands", tuple(swapped))
        assert casino.legal_actions(state) == casino.legal_actions(fresh)
        card = hand[0]
        assert casino.check(state, casino.Trail(card)) == casino.check(fresh, casino.Trail(card))
        return
    pytest.fail("no seeded state had two cards in hand")
