"""Invariant 1 (whole numbers below 2**63): a number out of range is found wherever it sits.

``validation._check_numbers`` walks the state once and names the place of the
first number out of range; ``validate_state`` refuses the state with it.
"""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import vegas_rummy as vr
from cardrules.cards import Card
from cardrules.vegas_rummy import validation

HUGE = 2**70


def _states():
    rnd = random.Random(4)
    state = vr.new_game(vr.Config(num_players=3), seed=4)
    out = []
    for step in range(400):
        if state.is_over:
            break
        if step % 23 == 0:
            out.append(state)
        state = vr.apply(state, rnd.choice(vr.legal_actions(state)))
    out.append(state)
    return out


def _with_huge(state, rnd):
    """The state with one whole number somewhere inside replaced by ``HUGE``."""
    places = []

    def walk(value, path, depth):
        if depth > 12:
            return
        if type(value) is int:
            places.append(path)
        elif type(value) is tuple:
            for i, item in enumerate(value):
                walk(item, (*path, i), depth + 1)
        elif attrs.has(type(value)) and not isinstance(value, vr.Config | Card):
            for field in attrs.fields(type(value)):
                if field.init:
                    walk(getattr(value, field.name), (*path, field.name), depth + 1)

    walk(state, (), 0)
    path = rnd.choice(places)

    def put(value, path):
        if not path:
            return HUGE
        key, rest = path[0], path[1:]
        if isinstance(key, int):
            return (*value[:key], put(value[key], rest), *value[key + 1:])
        return attrs.evolve(value, **{key: put(getattr(value, key), rest)})

    return put(state, path)


def _outcome(check, value):
    try:
        check(value)
    except ValueError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("seed", range(12))
def test_a_huge_number_anywhere_is_found_and_named(seed):
    rnd = random.Random(seed)
    for state in _states():
        assert _outcome(lambda v: validation._check_numbers(v, "state"), state) is None
        bad = _with_huge(state, rnd)
        found = _outcome(lambda v: validation._check_numbers(v, "state"), bad)
        assert found is not None and found.endswith("is out of range")
        assert _outcome(vr.validate_state, bad) == found  # checked first (invariant 1)


def test_numbers_deeper_than_the_walk_are_not_looked_at():
    deep = HUGE
    for _ in range(14):
        deep = (deep,)
    assert _outcome(lambda v: validation._check_numbers(v, "x"), deep) is None
    shallow = deep
    for _ in range(3):
        shallow = shallow[0]
    assert _outcome(lambda v: validation._check_numbers(v, "x"), shallow) == (
        "inconsistent Las Vegas Rummy state: x is out of range"
    )


def test_values_of_classes_with_no_field_or_one_field_are_walked():
    """``Draw()`` has no field, an ``OwnedMeld``-like class one (the walk reads them alike)."""
    assert _outcome(lambda v: validation._check_numbers(v, "x"), (vr.Draw(), vr.Rebuy())) is None

    @attrs.frozen
    class One:
        number: int

    assert _outcome(lambda v: validation._check_numbers(v, "x"), (One(1),)) is None
    assert _outcome(lambda v: validation._check_numbers(v, "x"), (One(HUGE),)) == (
        "inconsistent Las Vegas Rummy state: x.number is out of range"
    )


def test_a_number_far_below_range_in_a_ledger_entry_or_event_is_found_and_named():
    """A number below -2**63 is out of range as much as one above (in ledger entries and
    events, values the walk meets in most states)."""
    state = next(s for s in _states() if s.events and s.ledger)
    entry, event = state.ledger[0], state.events[-1]
    bad_entry = attrs.evolve(state, ledger=(attrs.evolve(entry, score=-HUGE), *state.ledger[1:]))
    bad_event = attrs.evolve(state, events=(*state.events[:-1], attrs.evolve(event, seat=-HUGE)))
    for bad, place in ((bad_entry, "state.ledger.score"), (bad_event, "state.events.seat")):
        assert _outcome(vr.validate_state, bad) == (
            f"inconsistent Las Vegas Rummy state: {place} is out of range"
        )
