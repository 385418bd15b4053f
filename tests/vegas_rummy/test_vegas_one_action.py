"""Issue 14 item 1 for Las Vegas Rummy: one action per physical move, read as people write it."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules.cards import parse_card
from cardrules.rummy.melds import RunMeld
from cardrules.vegas_rummy import (
    Config,
    LayOff,
    Meld,
    State,
    apply,
    check,
    legal_actions,
    new_game,
    parse_action,
)

C = parse_card


def _position(config: Config, seed: int, hand: str, upcard: str = "7D") -> State:
    """Seat 0 to act after drawing, holding ``hand`` (the rest unchanged: a free-form position)."""
    import attrs

    from cardrules.cards import sort_cards

    state = apply(new_game(attrs.evolve(config, num_players=2, first_dealer=1), seed=seed),
                  parse_action("draw", new_game(attrs.evolve(config, num_players=2,
                                                             first_dealer=1), seed=seed)))
    cards = tuple(sort_cards(C(t) for t in hand.split()))
    return attrs.evolve(state, hands=(cards, state.hands[1]), upcard=C(upcard))


def test_wild_identity_inferred_from_its_position() -> None:
    state = _position(Config(), 1, "5H JK 7H 2C")
    assert str(parse_action("meld 5♥ JK 7♥", state)) == "meld 5♥ JK=6♥ 7♥"
    assert parse_action("meld 7H 5H JK", state) == parse_action("meld 5H JK=6H 7H", state)
    with pytest.raises(ValueError, match="more than one way"):
        parse_action("meld 5H 7H JK JK", _position(Config(), 1, "5H JK JK 7H 2C"))


def test_set_cards_in_any_order_are_one_value() -> None:
    state = _position(Config(), 1, "4S 4D 4H 2C")
    a, b = parse_action("meld 4♠ 4♦ 4♥", state), parse_action("meld 4♦ 4♥ 4♠", state)
    assert a == b and a in legal_actions(state)
    assert apply(state, a) == apply(state, b)


def test_one_listing_per_placement_with_solidarity_and_both_without() -> None:
    """Issue 14: ``5♥ JK=6♥ 7♥`` and ``5♥ 7♥=6♥ JK=7♥`` (7s wild) are one move with solidarity.

    Without solidarity they differ: a later 6♥ swap frees the joker in one and
    the 7♥ in the other (LV-7), so both are listed.
    """
    texts = ("meld 5H JK=6H 7H", "meld 5H 7H=6H JK=7H")
    state = _position(Config(), 1, "5H JK 7H 2C")
    melds = {a for a in legal_actions(state) if isinstance(a, Meld)}
    assert {parse_action(t, state) for t in texts} == {parse_action(texts[0], state)}
    assert parse_action(texts[0], state) in melds
    loose = _position(Config(meld_solidarity=False), 1, "5H JK 7H 2C")
    listed = set(legal_actions(loose))
    assert {parse_action(t, loose) for t in texts} <= listed
    assert len({parse_action(t, loose) for t in texts}) == 2


CONFIGS = [
    Config(num_players=2, cards_per_player=9),
    Config(num_players=3, meld_solidarity=False, cards_per_player=8),
    Config(num_players=2, wild_scope="card", meld_strictness=True, allow_wraparound=True,
           require_natural=False, cards_per_player=9),
    Config(num_players=2, meld_solidarity=False, forbid_rediscard_of_taken_card=True,
           go_out_without_discard=True, num_decks=2, cards_per_player=9),
]


def _sampled_states(config: Config, seed: int, every: int = 3, limit: int = 12) -> list[State]:
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    out: list[State] = []
    steps = 0
    while not state.is_over and len(out) < limit and steps < 600:
        legal = legal_actions(state)
        if state.phase == "play" and steps % every == 0:
            out.append(state)
        placing = [a for a in legal if isinstance(a, Meld | LayOff)]
        state = apply(state, rnd.choice(placing) if placing and rnd.random() < 0.6
                      else rnd.choice(legal))
        steps += 1
    return out


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_no_two_listed_actions_lead_to_equal_states(number: int) -> None:
    """Property (issue 14): distinct listings are distinct moves."""
    for seed in range(3):
        for state in _sampled_states(CONFIGS[number], seed):
            legal = legal_actions(state)
            # Positions, not logs: the event log alone would tell any two moves apart.
            results = [attrs.evolve(apply(state, action), events=()) for action in legal]
            assert len(set(results)) == len(results), [str(a) for a in legal]


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_listed_text_in_any_card_order_reads_back(number: int) -> None:
    """Property (issue 14): every listed action's text, its cards shuffled, parses to it."""
    rnd = random.Random(number)
    for seed in range(3):
        for state in _sampled_states(CONFIGS[number], seed):
            for action in legal_actions(state):
                text = str(action)
                assert parse_action(text, state) == action
                if isinstance(action, Meld):
                    words = text.split()[1:]
                    rnd.shuffle(words)
                    assert parse_action("meld " + " ".join(words), state) == action, text


def test_a_whole_longer_meld_is_refused_with_the_stepwise_way() -> None:
    """Issue 27: only three-card melds are moves; a longer one is refused, saying how to play it."""
    state = _position(Config(), 1, "5H 6H 7H 8H 9H 2C")
    whole = parse_action("meld 9H 5H 8H 6H 7H", state)
    assert isinstance(whole.meld, RunMeld) and len(whole.meld.cards) == 5
    assert whole not in legal_actions(state)
    reason = check(state, whole)
    assert reason is not None and "then lay off the others one by one" in reason
    step = apply(state, parse_action("meld 5H 6H 7H", state))
    step = apply(step, LayOff(C("8H"), 0))
    step = apply(step, LayOff(C("9H"), 0))
    assert [str(c) for c in step.melds[0].meld.cards] == ["5♥", "6♥", "7♥", "8♥", "9♥"]
    assert all(len(a.meld.cards) == 3 for a in legal_actions(state) if isinstance(a, Meld))
