"""The next state made from a copy of the last (``rules.successor``) and the play in
progress carried with it (``State._play``, issue 27): neither is seen by the rules' answers.

Spec: shared/rules/casino.md §4 (a capture or build made one table item at a
time). A state made by ``apply`` carries what the rules worked out about the play
in progress; a state equal to it but made another way (its JSON read back, or
``attrs.evolve``) carries nothing. Both must list, judge and apply alike, compare
equal, and write the same JSON and ``repr``.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import cardrules
from cardrules import casino
from cardrules.casino import Build, Capture, Config, State, Take
from cardrules.casino.rules import successor

from .helpers import seeded_states

CONFIGS = {
    "standard": Config(),
    "royal": Config(variant="royal"),
    "capture-all": Config(capture_all=True),
    "build-as-card-raise": Config(build_as_card=True, table_cards_in_raise=True),
    "partners": Config(num_players=4, partnerships=True, build_for_partner=True),
}


def _in_progress_states(config: Config, seed: int, limit: int = 40) -> list[State]:
    """States of a seeded random game with a play in progress, as ``apply`` made them."""
    return seeded_states(config, seed, in_progress=True, limit=limit)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_carried_play_changes_no_answer(name: str) -> None:
    """A state carrying its play in progress and the same state rebuilt without it agree."""
    states = [s for seed in range(3) for s in _in_progress_states(CONFIGS[name], seed)]
    assert states, "the seeded games reach a play in progress"
    assert any(s._play is not None for s in states)  # apply carried it
    for state in states:
        rebuilt = cardrules.from_json(cardrules.to_json(state))
        assert rebuilt._play is None
        assert rebuilt == state and repr(rebuilt) == repr(state)
        listed = casino.legal_actions(state)
        assert casino.legal_actions(rebuilt) == listed
        for action in listed:
            after = casino.apply(state, action)
            assert casino.apply(rebuilt, action) == after
            assert cardrules.to_json(after) == cardrules.to_json(casino.apply(rebuilt, action))
        # Unlisted steps are refused alike, with the same reason.
        for item in [(c,) for c in state.loose] + [b.cards for b in state.builds]:
            take = Take(item)
            assert casino.check(state, take) == casino.check(rebuilt, take)


def test_pickled_and_copied_states_drop_the_carried_play() -> None:
    """Pickle and copy keep every field but ``_play`` (worked out again when needed);
    in the compiled build ``_play`` is a native object pickle cannot rebuild, and
    OpenSpiel pickles states to serialise them."""
    states = [s for s in _in_progress_states(CONFIGS["standard"], 5) if s._play is not None]
    assert states, "the seeded game carries a play in progress"
    for state in states:
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert again._play is None
            assert again == state and repr(again) == repr(state)
            assert casino.legal_actions(again) == casino.legal_actions(state)


def test_pending_changed_in_place_is_judged_from_its_own_fields() -> None:
    """A carried play is read only for the play in progress it was worked out for: a state
    whose ``pending`` was changed in place after it was made is judged from that field."""
    config = Config()
    for seed in range(40):
        for state in _in_progress_states(config, seed):
            pending = state.pending
            assert pending is not None and state._play is not None
            start = attrs.evolve(state, pending=None)
            others = [
                a
                for a in casino.legal_actions(start)
                if isinstance(a, (Capture, Build)) and a != pending
                if casino.apply(start, a).pending is not None
            ]
            if not others:
                continue
            other = others[0]
            fresh = attrs.evolve(state, pending=other)
            changed = successor(state, {}, state._play)  # a copy carrying the old play
            object.__setattr__(changed, "pending", other)
            assert casino.legal_actions(changed) == casino.legal_actions(fresh)
            return
    pytest.fail("no seeded game offered two plays in progress from one state")


def test_successor_is_the_evolved_state() -> None:
    """``successor`` makes the state ``attrs.evolve`` would (equal, same JSON and summary),
    and refuses ``stacked``, the field the constructor checks."""
    state = casino.new_game(seed=5)
    changes = {"to_act": 1, "loose": state.loose[1:], "piles": ((state.loose[0],), ())}
    made = successor(state, changes)
    evolved = attrs.evolve(state, **changes)
    assert made == evolved and cardrules.to_json(made) == cardrules.to_json(evolved)
    assert made.summary.sums == evolved.summary.sums
    assert made.summary.values == evolved.summary.values
    # Loose cards are found by index (issue 27): the indices are the loose cards' own.
    assert made.summary.indices == tuple(c.index for c in made.loose)
    assert successor(state, {"to_act": 1}).summary is state.summary  # the table is the same
    with pytest.raises(TypeError):
        successor(state, {"stacked": ()})
