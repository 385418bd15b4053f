"""Rules written once (issue 27): ``check`` accepts exactly the canonical forms that are listed.

Over states of the conformance games (``tests/conformance/profiles.py``) and
wild-heavy stacked deals, hypothesis makes actions without looking at the
rules — melds with wild cards (three to five cards, every wild identity
stated), lay-offs with explicit run ends and wild identities (a card, an open
rank, the card itself, none), swaps, and other forms of listed actions (a
listed meld's wild cards rearranged, a lay-off "standing for itself"). For
each: ``check(s, a) is None`` iff ``canonical(s, a) in legal_actions(s)``; a
legal action plays as its canonical form; an illegal one is refused by
``apply`` with ``check``'s reason. ``docs/vegas_rummy.rst``, "Canonical forms".
"""

from __future__ import annotations

import contextlib
import random
from functools import cache

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import RANKS, SUITS, Card, Rank, make_deck
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import RunMeld, SetMeld, card_at
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    State,
    SwapWild,
    TakeDiscard,
    apply,
    canonical,
    check,
    legal_actions,
    new_game,
)
from tests.conformance.profiles import profile
from tests.vegas_rummy.conftest import stack_deck

WILD_HANDS = (
    # seat 0 (to act first) holds jokers and cards of the wild rank (7s: the upcard 7♠)
    ("JK JK 7C 7H 5H 8H 9D", "2D 3H 4S 5C 6D 8C 9S"),
    ("JK 7D 7C 7H 5S 5H 9D", "2D 3H 4S 5C 6D 8C 9S"),
)
WILD_CONFIGS = (
    Config(num_players=2, first_dealer=1),
    Config(num_players=2, first_dealer=1, meld_solidarity=False),
    Config(num_players=2, first_dealer=1, meld_strictness=True, require_natural=False,
           allow_wraparound=True, forbid_rediscard_of_taken_card=True,
           go_out_without_discard=True),
    Config(num_players=2, first_dealer=1, set_wild_suit="open", wild_scope="card"),
)


def _placing_walk(state: State, rnd: random.Random, steps: int, out: list[State]) -> None:
    """Random play that favours melds and lay-offs, keeping every state it passes."""
    for _ in range(steps):
        if state.is_over:
            return
        out.append(state)
        legal = legal_actions(state)
        placing = [a for a in legal if isinstance(a, Meld | LayOff | SwapWild)]
        if placing and rnd.random() < 0.7:
            state = apply(state, rnd.choice(placing))
        else:
            state = apply(state, rnd.choice(legal))


@cache
def _states() -> tuple[State, ...]:
    out: list[State] = []
    rnd = random.Random(27)
    for case in profile("vegas_rummy").cases:
        steps = 600 if case.config.cards_per_player <= 3 else 200  # to reach the busts
        for seed in range(3):
            _placing_walk(new_game(case.config, seed=seed), rnd, steps, out)
    for config in WILD_CONFIGS:
        for hands in WILD_HANDS:
            deck = stack_deck(config, hands, "7S")
            for seed in range(3):
                _placing_walk(new_game(config, seed=seed, deck=deck), rnd, 40, out)
    return tuple(out)


@cache
def _placing_states() -> tuple[State, ...]:
    """The states where some meld, lay-off or swap is listed."""
    return tuple(
        state for state in _states()
        if any(isinstance(a, Meld | LayOff | SwapWild) for a in legal_actions(state))
    )


def _pack(state: State) -> list[Card]:
    return sorted(set(make_deck(jokers_per_deck=1)), key=lambda card: card.index)


@st.composite
def _cards(draw: st.DrawFn, state: State) -> Card:
    """A card, most often one of the hand of the player to act."""
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    if hand and draw(st.integers(0, 3)):
        return draw(st.sampled_from(hand))
    return draw(st.sampled_from(_pack(state)))


@st.composite
def _run_meld(draw: st.DrawFn, state: State) -> Meld:
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    naturals = [card for card in hand if not card.is_joker]
    length = draw(st.integers(3, 5))
    if naturals and draw(st.booleans()):  # around a card of the hand
        held = draw(st.sampled_from(naturals))
        suit = held.suit
        start = max(1, int(held.rank) - draw(st.integers(0, length - 1)))
    else:
        suit = draw(st.sampled_from(SUITS))
        start = draw(st.integers(1, 13))
    cards = []
    for position in range(start, start + length):
        if position <= 26 and not draw(st.integers(0, 2)):
            cards.append(card_at(suit, position))  # the natural card of the place
        else:
            cards.append(draw(_cards(state)))  # any card, most often wild or held
    return Meld(RunMeld(suit, start, tuple(cards)))


@st.composite
def _set_meld(draw: st.DrawFn, state: State) -> Meld:
    rank = draw(st.sampled_from([r for r in RANKS if r is not Rank.JOKER]))
    size = draw(st.integers(3, 4))
    cards, suits = [], []
    for _ in range(size):
        suit = draw(st.sampled_from((None, *SUITS)))
        natural = suit is not None and draw(st.booleans())
        cards.append(Card(rank, suit) if natural and suit is not None else draw(_cards(state)))
        suits.append(suit)
    return Meld(SetMeld(rank, tuple(cards), tuple(suits)))


@st.composite
def _lay_off(draw: st.DrawFn, state: State) -> LayOff:
    card = draw(_cards(state))
    target = draw(st.integers(0, len(state.melds)))
    options: list[Card | Rank | None] = [None, card, draw(st.sampled_from(RANKS[:-1]))]
    if target < len(state.melds):
        meld = state.melds[target].meld
        if isinstance(meld, RunMeld):  # either end of the run, stated
            options += [card_at(meld.suit, p) for p in (meld.start - 1, meld.end + 1)
                        if 1 <= p <= 26]
        else:
            options += [meld.rank, *(Card(meld.rank, suit) for suit in SUITS)]
    return LayOff(card, target, draw(st.sampled_from(options)))


@st.composite
def _swap(draw: st.DrawFn, state: State) -> SwapWild:
    target = draw(st.integers(0, len(state.melds)))
    pool = state.melds[target].meld.cards if target < len(state.melds) else ()
    wild = draw(st.sampled_from(pool)) if pool else draw(_cards(state))
    return SwapWild(draw(_cards(state)), target, wild)


@st.composite
def _other_form(draw: st.DrawFn, state: State) -> object:
    """A listed action written another way: wild cards rearranged, a card "for itself"."""
    legal = legal_actions(state)
    if not legal:
        return Draw()
    placing = [a for a in legal if isinstance(a, Meld | LayOff | SwapWild)]
    action = draw(st.sampled_from(placing or legal))
    if isinstance(action, Meld):
        meld = action.meld
        order = draw(st.permutations(range(len(meld.cards))))
        wild_places = [i for i, card in enumerate(meld.cards) if card.is_joker or (
            state.upcard is not None and card.rank is state.upcard.rank)]
        cards = list(meld.cards)
        for i, j in zip(wild_places, [k for k in order if k in wild_places]):
            cards[i] = meld.cards[j]
        return Meld(attrs.evolve(meld, cards=tuple(cards)))
    if isinstance(action, LayOff) and action.stands_for is None:
        return LayOff(action.card, action.target, action.card)
    return action


@st.composite
def _case(draw: st.DrawFn) -> tuple[State, object]:
    kind = draw(st.integers(0, 6))
    placing = kind == 4 or (kind in (0, 2) and draw(st.booleans()))
    state = draw(st.sampled_from(_placing_states() if placing else _states()))
    action: object
    if kind == 0:
        action = draw(_run_meld(state))
    elif kind == 1:
        action = draw(_set_meld(state))
    elif kind == 2:
        action = draw(_lay_off(state))
    elif kind == 3:
        action = draw(_swap(state))
    elif kind == 4:
        action = draw(_other_form(state))
    elif kind == 5:
        action = Discard(draw(_cards(state)))
    else:
        action = draw(st.sampled_from((Draw(), TakeDiscard(), Rebuy(), Retire(), Deal())))
    return state, action


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_case())
def test_check_accepts_exactly_the_listed_canonical_forms(case: tuple[State, object]) -> None:
    state, action = case
    reason = check(state, action)
    same = canonical(state, action)  # type: ignore[arg-type]
    assert canonical(state, same) == same
    assert (reason is None) == (same in legal_actions(state)), (str(action), reason)
    if reason is None:
        assert apply(state, action) == apply(state, same)  # type: ignore[arg-type]
    else:
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)  # type: ignore[arg-type]
        assert refused.value.reason == reason


def test_the_states_hold_wild_melds_and_every_phase() -> None:
    """The property above sees what it claims to: wild melds on the table, every phase."""
    states = _states()
    assert {state.phase for state in states} >= {"draw", "play", "table"}
    wild_tables = [
        s for s in states
        if any(card in s.wilds for owned in s.melds for card in owned.meld.cards)
    ]
    assert len(wild_tables) > 20
    assert len(_placing_states()) > 100


# ---------------------------------------------------------------------------
# Misuse: values changed in place (issue 27 item 3)


def _play_state() -> State:
    for state in _placing_states():
        if state.melds and any(isinstance(a, LayOff) for a in legal_actions(state)):
            return state
    raise AssertionError("no state with a lay-off")  # (the test above pins that some exist)


def _refused(state: State, action: object) -> None:
    """``apply`` refuses with the library's error (or ``TypeError``), never anything else."""
    with pytest.raises((IllegalActionError, TypeError)):
        apply(state, action)  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "value"), [
    ("card", "5C"), ("card", None), ("target", 99), ("target", -1), ("target", True),
    ("stands_for", "8H"), ("meld", "5H 6H 7H"),
])
def test_a_listed_action_changed_in_place_is_refused(field: str, value: object) -> None:
    state = _play_state()
    for action in legal_actions(state):
        if hasattr(action, field):
            changed = attrs.evolve(action)
            object.__setattr__(changed, field, value)
            _refused(state, changed)


@pytest.mark.parametrize(("field", "value"), [
    ("hands", "empty"), ("to_act", None), ("to_act", 99), ("to_act", True),
    ("phase", "bogus"), ("upcard", None), ("melds", ()), ("stock", ()), ("discard", ()),
    ("scores", ()),
])
def test_a_state_changed_in_place_after_listing_is_refused(field: str, value: object) -> None:
    for state in (_play_state(), next(s for s in _states() if s.phase == "draw" and s.turns),
                  next(s for s in _states() if s.phase == "table")):
        actions = legal_actions(state)
        broken = attrs.evolve(state)
        object.__setattr__(broken, field, ((),) * len(state.hands) if value == "empty" else value)
        for action in actions:
            with contextlib.suppress(IllegalActionError, TypeError):
                apply(broken, action)  # anything else (AssertionError, IndexError) fails
        with contextlib.suppress(ValueError, TypeError):
            legal_actions(broken)
