"""Issue 27: Casino's rules written once — check accepts exactly the canonical forms listed.

Over states of the conformance games (every config the conformance harness plays)
and actions made by hypothesis — steps and whole plays, their table cards and
builds given in odd orders, values and kinds at random — ``check(s, a) is None``
exactly when ``canonical(a)`` is one of ``legal_actions(s)``, ``apply`` agrees
with ``check`` (same state as the canonical form, or the same reason), and
misuse through ``object.__setattr__`` gets a typed error, never an
``AssertionError``. The canonical forms are on the Casino page of the docs.
"""

from __future__ import annotations

import random
from functools import cache

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import casino
from cardrules.cards import Card, make_deck
from cardrules.casino import Action, Build, Capture, Done, State, Take, Trail
from tests.conformance.profiles import profile

DECK = make_deck()


@cache
def conformance_states() -> tuple[State, ...]:
    """States of seeded random games under every Casino config of the conformance suite."""
    found: list[State] = []
    for case in profile("casino").cases:
        for seed in range(2):
            rnd = random.Random(seed)
            state = casino.new_game(case.config, seed=seed)
            for step in range(400):
                if state.is_over:
                    break
                if step % 3 == 0 or state.pending is not None:
                    found.append(state)
                state = casino.apply(state, rnd.choice(casino.legal_actions(state)))
    return tuple(found)


def canonical(action: Action) -> Action:
    """The canonical form: the action as its constructor makes it from its fields in card
    order (a whole play stays a whole play: its canonical form is its steps, never listed)."""
    key = lambda c: c.index  # noqa: E731
    if isinstance(action, Capture):
        return Capture(
            action.card,
            tuple(sorted(action.cards, key=key)),
            sorted(
                (tuple(sorted(b, key=key)) for b in action.builds), key=lambda b: [*map(key, b)]
            ),
            ace_high=action.ace_high,
        )
    if isinstance(action, Build):
        return Build(
            action.card,
            kind=action.kind,
            value=action.value,
            cards=tuple(sorted(action.cards, key=key)),
            target=tuple(sorted(action.target, key=key)),
        )
    if isinstance(action, Take):
        return Take(tuple(sorted(action.item, key=key)))
    return action


@st.composite
def actions_for(draw: st.DrawFn, state: State) -> Action:
    """An action a program might send in ``state``: listed or not, steps or whole plays."""
    legal = casino.legal_actions(state)
    kind = draw(st.sampled_from(["listed", "capture", "build", "trail", "take", "done"]))
    if kind == "listed" and legal:
        return draw(st.sampled_from(legal))
    seat = state.to_act
    hand = list(state.hands[seat]) if seat is not None else []
    card: Card = draw(st.sampled_from(hand)) if hand and draw(st.booleans()) else draw(
        st.sampled_from(DECK)
    )
    loose = list(state.loose)
    builds = [b.cards for b in state.builds]
    # Odd orders: shuffled subsets, handed to the constructor as lists.
    cards = draw(st.permutations(loose)) if loose else []
    cards = cards[: draw(st.integers(0, min(4, len(cards))))]
    taken = draw(st.permutations(builds)) if builds else []
    taken = [list(reversed(b)) for b in taken[: draw(st.integers(0, len(taken)))]]
    if kind == "capture":
        ace = card.rank.label == "A" and draw(st.booleans())
        return Capture(card, cards, taken, ace_high=ace)
    if kind == "build":
        build_kind = draw(st.sampled_from(["new", "raise", "add"]))
        value = draw(st.integers(1, 14))
        target = list(reversed(builds[0])) if builds and build_kind != "new" else []
        if build_kind != "new" and not target:
            build_kind = "new"
        return Build(card, kind=build_kind, value=value, cards=cards, target=target)
    if kind == "trail":
        return Trail(card)
    if kind == "take":
        items = [(c,) for c in loose] + builds
        if items:
            return Take(list(reversed(draw(st.sampled_from(items)))))
    return Done()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_check_accepts_exactly_the_listed_canonical_forms(data: st.DataObject) -> None:
    states = conformance_states()
    state = states[data.draw(st.integers(0, len(states) - 1))]
    action = data.draw(actions_for(state))
    form = canonical(action)
    assert form == action  # the constructors put every action in its canonical form
    listed = casino.legal_actions(state)
    reason = casino.check(state, action)
    assert (reason is None) == (form in listed), (str(action), reason, state.describe())
    if reason is None:
        assert casino.apply(state, action) == casino.apply(state, form)
    else:
        assert isinstance(reason, str) and reason
        with pytest.raises(cardrules.IllegalActionError) as info:
            casino.apply(state, action)
        assert info.value.reason == reason
    # Whole plays (2+ table items) are never listed; play() makes the legal ones.
    if isinstance(action, Capture | Build) and state.pending is None:
        named = len(action.cards) + len(getattr(action, "builds", ()))
        if named > 1:
            assert reason is not None
            if casino.check_play(state, action) is None:
                assert "one step at a time" in reason
                assert casino.play(state, action).pending is None


_JUNK: tuple[object, ...] = ("4D", None, 3, (), ("x",), (DECK[0], DECK[0]), 1.5, True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_actions_changed_in_place_get_typed_errors(data: st.DataObject) -> None:
    """Issue 27: a listed action altered through object.__setattr__ gets the library's error."""
    states = [s for s in conformance_states() if not s.is_over]
    state = states[data.draw(st.integers(0, len(states) - 1))]
    action = data.draw(st.sampled_from(casino.legal_actions(state)))
    names = [f.name for f in attrs.fields(type(action))]
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    object.__setattr__(action, name, data.draw(st.sampled_from(_JUNK)))
    try:
        casino.check(state, action)
        casino.apply(state, action)
    except (cardrules.IllegalActionError, TypeError, ValueError):
        pass


def test_states_changed_in_place_get_typed_errors() -> None:
    """Issue 27: a state emptied or altered in place after listing gets a typed error."""
    pending = next(s for s in conformance_states() if s.pending is not None)
    listed = casino.legal_actions(pending)
    for name, value in [("builds", ()), ("loose", ()), ("hands", ((),) * len(pending.hands))]:
        broken = attrs.evolve(pending)
        object.__setattr__(broken, name, value)
        for action in listed:
            try:  # it may still be legal; an AssertionError or a crash deep inside fails
                casino.check(broken, action)
                casino.apply(broken, action)
            except (cardrules.IllegalActionError, TypeError, ValueError):
                pass


def test_a_table_changed_in_place_is_noticed() -> None:
    """Issue 27: the table summary is made with the state; changing the table in place
    afterwards gets a ValueError from every rule and validate_state, never a wrong answer."""
    state = casino.new_game(seed=3)
    listed = casino.legal_actions(state)
    object.__setattr__(state, "loose", state.loose[1:])
    for call in (
        lambda: casino.legal_actions(state),
        lambda: casino.check(state, listed[0]),
        lambda: casino.apply(state, listed[0]),
        lambda: casino.validate_state(state),
    ):
        with pytest.raises(ValueError, match="changed in place"):
            call()
