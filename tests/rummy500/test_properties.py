"""Invariants of Rummy 500 over random games (hypothesis), checked after every step."""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import Card, make_deck, sort_cards
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.rummy500 import (
    Config,
    Discard,
    LayOff,
    Meld,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    new_game,
    validate_state,
    view,
)

MAX_STEPS = 4000

configs = st.builds(
    Config,
    num_players=st.integers(2, 4),
    target=st.sampled_from([40, 80, 150]),
    low_ace_points=st.sampled_from([None, 1]),
    top_discard_must_be_used=st.booleans(),
    strict_immediate=st.booleans(),
    forbid_rediscard_of_taken_card=st.booleans(),
    go_out_without_discard=st.booleans(),
    stock_exhausted=st.sampled_from(["end", "discard_only", "reshuffle"]),
    tie=st.sampled_from(["another_round", "shared"]),
    jokers=st.sampled_from([0, 0, 2]),
    allow_wraparound=st.booleans(),
)


def blind_variant(state, seat, rnd):
    """The same state with every card hidden from ``seat`` dealt out differently."""
    hidden = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.extend(hand)
    rnd.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            hidden = hidden[len(hand) :]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(hidden), seed=state.seed + 1)


def outside_actions(state, legal, rnd):
    """A few actions that are not legal here (cards not held, wrong depths, bad melds)."""
    seat = state.to_act
    hand = state.hands[seat]
    others = [c for c in make_deck(jokers_per_deck=state.config.jokers) if c not in hand]
    suit = rnd.choice([c.suit for c in others if c.suit is not None])
    candidates = [
        Discard(rnd.choice(others)),
        TakeDiscard(rnd.choice(others), rnd.randint(1, 5)),
        LayOff(rnd.choice(others), rnd.randint(0, 3)),
        Meld(SetMeld(rnd.choice([c.rank for c in others if c.suit is not None]),
                     tuple(rnd.sample(others, 3)), (None, None, None))),
        Meld(RunMeld(suit, rnd.randint(1, 12), tuple(rnd.sample([*hand, *others], 3)))),
    ]
    return [a for a in candidates if a not in legal]


def check_step(state, rnd):
    validate_state(state)
    cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
    cards += [c for m in state.melds for c in m.cards]
    assert Counter(cards) == Counter(make_deck(jokers_per_deck=state.config.jokers))
    assert cardrules.from_json(cardrules.to_json(state)) == state
    for seat in range(state.num_players):
        assert view(blind_variant(state, seat, rnd), seat) == view(state, seat)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(config=configs, seed=st.integers(0, 2**40), policy=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(config, seed, policy):
    rnd = random.Random(policy)
    state = new_game(config, seed=seed)
    steps = 0
    while not state.is_over:
        assert steps < MAX_STEPS, "the game did not end"
        steps += 1
        check_step(state, rnd) if steps % 3 == 1 else validate_state(state)
        legal = legal_actions(state)
        assert legal, "a player to act always has a legal action"
        assert len(set(legal)) == len(legal), "each action is listed once"
        for action in legal:
            assert check(state, action) is None
        for action in outside_actions(state, legal, rnd):
            assert check(state, action) is not None
            try:
                apply(state, action)
            except cardrules.IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} was accepted but not listed")
        before = cardrules.to_json(state)
        state_after = apply(state, rnd.choice(legal))
        assert cardrules.to_json(state) == before, "apply changed its input"
        state = state_after
    check_step(state, rnd)
    assert state.winners and legal_actions(state) == ()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_full_games_to_500_end(seed):
    """R5-8: random play to the real target always finishes."""
    rnd = random.Random(seed)
    state = new_game(Config(num_players=rnd.randint(2, 4)), seed=seed)
    steps = 0
    while not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
        steps += 1
        assert steps < 20_000
    assert max(state.scores) >= 500


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_same_seed_same_game_in_json(seed):
    """Determinism: the same config, seed and actions give identical JSON."""
    def play(s):
        state = new_game(Config(num_players=3), seed=s)
        rnd = random.Random(s)
        out = [cardrules.to_json(state)]
        for _ in range(30):
            if state.is_over:
                break
            state = apply(state, rnd.choice(legal_actions(state)))
            out.append(cardrules.to_json(state))
        return out

    assert play(seed) == play(seed)


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**40))
def test_listing_is_the_candidates_check_accepts(config, seed):
    """legal_actions is the candidates (every dig; melds, lay-offs, discards) check() accepts."""
    from cardrules.rummy500.rules import _play_candidates
    from cardrules.rummy500.state import Phase

    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    for _ in range(300):
        if state.is_over:
            break
        listed = legal_actions(state)
        if state.phase is Phase.DRAW:
            digs = [TakeDiscard(state.discard[-k], k) for k in range(1, len(state.discard) + 1)]
            assert [a for a in listed if isinstance(a, TakeDiscard)] == [
                a for a in digs if check(state, a) is None
            ]
        else:
            assert list(listed) == [a for a in _play_candidates(state) if check(state, a) is None]
        state = apply(state, rnd.choice(listed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, two_decks=st.booleans(), seed=st.integers(0, 2**40))
def test_masks_apply_carries_over_are_the_state_s_own(config, two_decks, seed):
    """State.masks that apply carries over from the state before (only the mover's hand
    and, after a placement, the table made again) equal the masks worked out from the
    state's cards alone, move after move, with one deck or two (repeated cards)."""
    if two_decks:
        config = attrs.evolve(config, num_decks=2)
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    for _ in range(400):
        if state.is_over:
            break
        state = apply(state, rnd.choice(legal_actions(state)))
        carried = state.masks
        assert carried == attrs.evolve(state).masks  # a copy works its masks out anew


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(make_deck(decks=2, jokers_per_deck=2)), max_size=20),
    st.sampled_from(make_deck(decks=2, jokers_per_deck=2)),
)
def test_a_drawn_card_goes_where_sorting_puts_it(cards: list[Card], drawn: Card) -> None:
    """A state's hands are in card order (sort_cards); a drawn card joins the hand
    there, repeated cards of two decks and jokers too: the walk that places it
    (rules._with_card) agrees with sorting the whole hand again."""
    from cardrules.rummy500.rules import _with_card

    hand = sort_cards(cards)
    assert _with_card(hand, drawn) == sort_cards((*hand, drawn))
