"""Rules written once (issue 27): ``check`` accepts an action exactly when its canonical
form is listed, and ``apply`` plays the canonical form.

States come from random games under the conformance configs (``tests/conformance``);
actions are made by hypothesis from the cards of the state: melds of any length with
jokers standing anywhere, lay-offs with and without an end or a joker's card, takes,
discards. Canonical forms are documented in ``docs/rummy500.rst`` ("Canonical forms").
"""

from __future__ import annotations

import contextlib
import copy
import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import JOKER, SUITS, Card, Rank, parse_card
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import RunMeld, SetMeld, card_at
from cardrules.rummy500 import (
    Config,
    Discard,
    Draw,
    EndRound,
    LayOff,
    Meld,
    Phase,
    State,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    new_game,
)
from cardrules.rummy500.rules import MAX_JOKER_MELD, canonical

from ..conformance.profiles import PROFILES
from .helpers import position

CONFIGS = [case.config for case in PROFILES["rummy500"].cases] + [
    Config(jokers=2, num_decks=2, num_players=3, target=100),
    Config(jokers=2, target=100),
]


def _play_bias(state: State, legal: tuple[object, ...], rnd: random.Random) -> object:
    """Mostly melds and lay-offs when there are any, so tables grow and hands hold jokers."""
    placing = [a for a in legal if isinstance(a, Meld | LayOff)]
    if placing and rnd.random() < 0.7:
        return rnd.choice(placing)
    return rnd.choice(legal)


@functools.cache
def states() -> tuple[State, ...]:
    """Play-phase and draw-phase states of seeded random games under every config."""
    found = []
    for number, config in enumerate(CONFIGS):
        for seed in range(4):
            rnd = random.Random(f"canonical:{number}:{seed}")
            state = new_game(config, seed=seed)
            for step in range(160):
                if state.is_over:
                    break
                if step % 4 == 0 or state.owed is not None:
                    found.append(state)
                state = apply(state, _play_bias(state, legal_actions(state), rnd))
    return tuple(found)


def _held_cards(state: State) -> list[Card]:
    return list(state.hands[state.to_act]) if state.to_act is not None else []


@st.composite
def melds(draw: st.DrawFn, state: State) -> Meld:
    """A run or set from the hand's cards (and sometimes a card not held), jokers anywhere."""
    pool = [*_held_cards(state), JOKER, parse_card("5H")]
    if draw(st.booleans()):
        suit = draw(st.sampled_from(SUITS))
        start = draw(st.integers(1, 13))
        length = draw(st.integers(3, 7))
        cards = []
        for i in range(length):
            natural = card_at(suit, start + i)
            cards.append(natural if natural in pool and draw(st.booleans()) else
                         draw(st.sampled_from(pool)))
        return Meld(RunMeld(suit, start, tuple(cards)))
    rank = draw(st.sampled_from([c.rank for c in pool if c.rank is not Rank.JOKER] or [Rank.FIVE]))
    size = draw(st.integers(3, 4))
    suits = draw(st.permutations(SUITS))[:size]
    cards, named = [], []
    for suit in suits:
        if draw(st.integers(0, 3)) == 0:
            cards.append(JOKER)
            named.append(draw(st.sampled_from([None, suit])))
        else:
            cards.append(Card(rank, suit))
            named.append(suit)
    return Meld(SetMeld(rank, tuple(cards), tuple(named)))


@st.composite
def layoffs(draw: st.DrawFn, state: State) -> LayOff:
    card = draw(st.sampled_from([*_held_cards(state), JOKER]))
    target = draw(st.integers(0, max(0, len(state.melds))))
    stands_for = draw(st.one_of(st.none(), st.just(card), st.sampled_from(
        [card_at(suit, position) for suit in SUITS for position in range(1, 14)])))
    end = draw(st.sampled_from([None, "low", "high"]))
    return LayOff(card, target, stands_for, end)


@st.composite
def actions(draw: st.DrawFn, state: State) -> object:
    listed = legal_actions(state)
    kind = draw(st.integers(0, 6))
    if kind == 0 and listed:
        return draw(st.sampled_from(listed))
    if kind in (1, 2):
        return draw(melds(state))
    if kind in (3, 4):
        return draw(layoffs(state))
    if kind == 5:
        pile = state.discard
        count = draw(st.integers(1, max(1, len(pile) + 1)))
        card = pile[-count] if count <= len(pile) and draw(st.booleans()) else JOKER
        return TakeDiscard(card, count)
    return draw(st.sampled_from([Draw(), EndRound(), *[Discard(c) for c in _held_cards(state)]]))


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_check_accepts_exactly_what_is_listed_in_canonical_form(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(states()))
    action = data.draw(actions(state))
    listed = legal_actions(state)
    form = canonical(state, action)
    reason = check(state, action)
    assert (reason is None) == (form in listed), (str(action), reason)
    if reason is None:
        assert apply(state, action) == apply(state, form)
    else:
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)
        assert refused.value.reason == reason


def test_listed_actions_are_their_own_canonical_form() -> None:
    for state in states()[::3]:
        for action in legal_actions(state):
            assert canonical(state, action) == action


def test_a_long_joker_meld_is_refused_with_the_way_to_play_it() -> None:
    """With jokers only three-card melds go down (module docstring of rummy500.rules);
    the reason names the three cards and the lay-offs that rebuild the meld."""
    config = Config(jokers=2, cards_2p=6)
    state = position(["5H JK 7H 8H 2C 3D 4C", "2S 3S 4S 5S 6S 7S"], phase=Phase.PLAY,
                     config=config, discard="9C")
    long = Meld(RunMeld(SUITS[2], 5, tuple(parse_card(c) for c in ("5H", "JK", "7H", "8H"))))
    reason = check(state, long)
    assert reason == ("with jokers in play a meld goes down three cards at a time: "
                      "meld 5♥ JK=6♥ 7♥, then lay off 8♥")
    three = Meld(RunMeld(SUITS[2], 5, tuple(parse_card(c) for c in ("5H", "JK", "7H"))))
    assert three in legal_actions(state)
    after = apply(apply(state, three), LayOff(parse_card("8H"), 0))
    assert after.melds == (long.meld,)
    assert MAX_JOKER_MELD == 3


def test_a_joker_laid_off_states_its_card_when_two_are_possible() -> None:
    """A joker on 5♥ 6♥ 7♥ may stand for the 4♥ or the 8♥: two actions; without the
    card the lay-off is refused with both readings, and with one end open it is that one."""
    config = Config(jokers=2, cards_2p=3)
    state = position(["JK 9C 2D 4D", "2S 3S 4S"], phase=Phase.PLAY, config=config,
                     melds=[(1, "5H 6H 7H")], discard="9S")
    bare = LayOff(JOKER, 0)
    assert check(state, bare) == "say which card the JK stands for on #1: JK=4♥ or JK=8♥"
    assert {str(a) for a in legal_actions(state) if isinstance(a, LayOff)} == {
        "lay off JK=4♥ on #1", "lay off JK=8♥ on #1"}
    corner = position(["JK 9C 2D 4D", "2S 3S 4S"], phase=Phase.PLAY, config=config,
                      melds=[(1, "AH 2H 3H")], discard="9S")
    assert canonical(corner, bare) == LayOff(JOKER, 0, parse_card("4H"))
    assert check(corner, bare) is None


def test_an_ace_on_two_to_king_names_its_end() -> None:
    """An ace fits both ends of 2-K (R5-10 without wrap-around): two actions."""
    config = Config(cards_2p=2)
    run = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = position(["AH 9C 4D", "2S 3S"], phase=Phase.PLAY, config=config,
                     melds=[(1, run)], discard="9S")
    listed = [str(a) for a in legal_actions(state) if isinstance(a, LayOff)]
    assert listed == ["lay off A♥ on #1 at the low end", "lay off A♥ on #1 at the high end"]
    assert "fits both ends" in str(check(state, LayOff(parse_card("AH"), 0)))
    low = apply(state, LayOff(parse_card("AH"), 0, end="low"))
    assert low.melds[0].start == 1


def test_a_needless_end_or_self_naming_is_the_listed_lay_off() -> None:
    state = position(["AH 9C 4D", "2S 3S"], phase=Phase.PLAY, config=Config(cards_2p=2),
                     melds=[(1, "JH QH KH")], discard="9S")
    listed = LayOff(parse_card("AH"), 0)
    for spelled in (LayOff(parse_card("AH"), 0, end="high"),
                    LayOff(parse_card("AH"), 0, parse_card("AH"))):
        assert canonical(state, spelled) == listed
        assert check(state, spelled) is None
        assert apply(state, spelled) == apply(state, listed)
    assert check(state, LayOff(parse_card("AH"), 0, end="low")) == (
        "the A♥ does not fit at the low end of #1 (J♥ Q♥ K♥)")


# ---------------------------------------------------------------------------
# Misuse: objects changed in place give the library's errors, never AssertionError


def _changed(obj: object, **fields: object) -> object:
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


@pytest.mark.parametrize("number", range(0, 60, 7))
def test_listed_actions_changed_in_place_are_refused(number: int) -> None:
    state = states()[number]
    for action in legal_actions(state):
        for field, value in (("card", JOKER), ("card", "AS"), ("count", 99), ("target", -1),
                             ("meld", None), ("end", "middle"), ("stands_for", 7)):
            if not hasattr(action, field):
                continue
            twin = _changed(copy.copy(action), **{field: value})
            reason = check(state, twin)
            if reason is None:
                assert canonical(state, twin) in legal_actions(state)
                apply(state, twin)
            else:
                with pytest.raises(IllegalActionError):
                    apply(state, twin)


def test_a_listed_discard_changed_in_place_is_never_listed_again() -> None:
    # The listing shares one Discard value per card; misuse of that object must
    # not leak into later listings (of this state or any other).
    state = next(s for s in states() if any(isinstance(a, Discard) for a in legal_actions(s)))
    hand = state.hands[state.to_act]
    listed = legal_actions(state)
    shared = next(a for a in listed if isinstance(a, Discard))
    held = shared.card
    foreign = next(c for c in (JOKER, *(card_at(suit, 7) for suit in SUITS)) if c not in hand)
    _changed(shared, card=foreign)
    try:
        again = legal_actions(state)
        assert again == tuple(Discard(held) if a is shared else a for a in listed)
        assert Discard(foreign) not in again
        assert all(a.card in hand for a in again if isinstance(a, Discard))
        with pytest.raises(IllegalActionError):
            apply(state, shared)
    finally:
        _changed(shared, card=held)
    assert legal_actions(state) == again


@pytest.mark.parametrize(("kind", "field", "value"), [
    (TakeDiscard, "count", 99), (TakeDiscard, "count", True), (TakeDiscard, "card", JOKER),
    (LayOff, "target", 99), (LayOff, "target", True), (LayOff, "card", JOKER),
    (LayOff, "stands_for", JOKER), (LayOff, "end", "low"),
])
def test_a_listed_take_or_lay_off_changed_in_place_is_never_listed_again(
    kind: type, field: str, value: object
) -> None:
    # Takes and natural lay-offs are shared values too (a bounded cache of their
    # constructor): one changed in place must not reach a later listing.
    state = next(s for s in states()
                 if any(type(a) is kind and getattr(a, "stands_for", None) is None
                        and getattr(a, "end", None) is None for a in legal_actions(s)))
    listed = legal_actions(state)
    shared = next(a for a in listed if type(a) is kind and getattr(a, "stands_for", None) is None
                  and getattr(a, "end", None) is None)
    before = getattr(shared, field)
    fresh = copy.copy(shared)
    _changed(shared, **{field: value})
    try:
        again = legal_actions(state)
        assert shared not in again or shared == fresh
        assert again == tuple(fresh if a is shared else a for a in listed)
        assert all(a is not shared for a in again)
    finally:
        _changed(shared, **{field: before})
    assert legal_actions(state) == listed


@pytest.mark.parametrize(("field", "value"), [
    ("hands", ((), ())), ("to_act", None), ("to_act", 7), ("melds", ()), ("discard", ()),
    ("stock", ()), ("phase", Phase.PLAY), ("phase", Phase.DRAW), ("owed", JOKER),
])
def test_a_state_changed_in_place_gives_a_typed_error(field: str, value: object) -> None:
    for state in states()[5:80:9]:
        listed = legal_actions(state)
        twin = _changed(copy.copy(state), **{field: value})
        for action in listed[:6]:
            with contextlib.suppress(IllegalActionError, ValueError, TypeError):
                cardrules.apply(twin, action)
            try:
                legal_actions(twin)
                check(twin, action)
            except (ValueError, TypeError):
                pass
