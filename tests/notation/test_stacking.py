"""Issue 13 item 3: every deal and the Las Vegas cut can be stacked (``new_game(decks=...)``)."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules import casino, rummy500, vegas_rummy
from cardrules.cards import make_deck, parse_card


def _shuffled(pack: tuple, seed: int) -> tuple:
    cards = list(pack)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def _play_to_next_deal(state: object, round_field: str = "round_number") -> object:
    rnd = random.Random(5)
    start = getattr(state, round_field)
    while getattr(state, round_field) == start and not state.is_over:
        actions = [a for a in cardrules.legal_actions(state) if type(a).__name__ != "Join"]
        state = cardrules.apply(state, rnd.choice(actions))
    return state


def test_rummy500_round_two_is_dealt_from_the_second_deck() -> None:
    """Item 3: Rummy 500 rounds; cards go one at a time from the dealer's left (R5-11)."""
    pack = make_deck()
    decks = [_shuffled(pack, 1), _shuffled(pack, 2), _shuffled(pack, 3)]
    state = rummy500.new_game(rummy500.Config(target=1000), seed=9, decks=decks)
    assert state.stacked == tuple(decks[1:])
    state = _play_to_next_deal(state)
    assert state.round_number == 2 and state.stacked == (decks[2],)
    deck, dealer, size = decks[1], state.dealer, state.config.hand_size
    for seat in range(2):
        offset = (seat - dealer - 1) % 2
        assert state.hands[seat] == tuple(sorted(deck[offset : 2 * size : 2]))
    assert state.discard == (deck[2 * size],)
    assert state.stock == deck[2 * size + 1 :]
    assert cardrules.from_json(cardrules.to_json(state)) == state
    assert cardrules.from_notation(cardrules.notation(state)) == state


def test_casino_hand_two_is_dealt_from_the_second_pack() -> None:
    """Item 3: Casino hands, dealt in ``deal_order``."""
    pack = make_deck()
    decks = [_shuffled(pack, 4), _shuffled(pack, 5)]
    state = casino.new_game(seed=2, decks=decks)
    state = _play_to_next_deal(state)
    assert state.round_number == 2 and state.stacked == ()
    order = casino.rules.deal_order(2, state.dealer, first=True)
    for seat in range(2):
        mine = [card for card, who in zip(decks[1], order) if who == seat]
        assert state.hands[seat] == tuple(sorted(mine))
    assert state.loose == tuple(sorted(c for c, who in zip(decks[1], order) if who is None))


def test_vegas_round_two_and_the_cut_are_stacked() -> None:
    """Item 3: Las Vegas rounds and the cut for the first dealer (LV-16)."""
    pack = make_deck(jokers_per_deck=2)
    cut = (parse_card("2C"), parse_card("3C"), parse_card("JK"), parse_card("4C"))
    rest = list(pack)
    for card in cut:
        rest.remove(card)
    cut_deck = (*cut, *rest)
    decks = [_shuffled(pack, 6), _shuffled(pack, 7)]
    state = vegas_rummy.new_game(seed=3, decks=decks, cut_deck=cut_deck)
    assert state.dealer == 2  # the joker is the highest cut
    assert state.cut[0].passes == (cut,)
    assert cardrules.from_json(cardrules.to_json(state)) == state
    state = _play_to_next_deal(state)
    while state.phase in ("decide", "table"):
        state = _play_to_next_deal(state, "phase")
    if state.round_number == 2:  # nobody joined, so the pack is the one given
        dealt = decks[1][: 7 * 4]
        assert sorted(c for hand in state.hands for c in hand) == sorted(dealt)
        assert state.upcard == decks[1][7 * 4]
        assert state.stacked == ()
    assert cardrules.from_notation(cardrules.notation(state)) == state


def test_stacked_decks_never_reach_a_view() -> None:
    """Item 3: the stacked decks are the stock of the future: hidden."""
    pack = make_deck()
    decks = [_shuffled(pack, 1), _shuffled(pack, 2)]
    for game in ("rummy500", "casino"):
        state = cardrules.new_game(game, seed=1, decks=decks)
        assert state.stacked
        for seat in (None, 0, 1):
            view = cardrules.view(state, seat)
            assert "stacked" not in {f.name for f in attrs.fields(type(view))}
            assert "stacked" not in cardrules.notation(view)
            assert "stacked" not in cardrules.to_json(view)
        assert "; stacked " in cardrules.notation(state)


def test_first_deck_alone_still_works_and_bad_decks_are_refused() -> None:
    pack = make_deck()
    assert rummy500.new_game(seed=1, deck=pack).stacked == ()
    with pytest.raises(ValueError, match="not both"):
        rummy500.new_game(seed=1, deck=pack, decks=[pack])
    with pytest.raises(ValueError, match="stacked deck 1: missing 1 card"):
        casino.new_game(seed=1, decks=[pack, pack[1:]])
    with pytest.raises(ValueError, match="stacked deck 0"):
        vegas_rummy.new_game(seed=1, decks=[pack])  # no jokers: not a Las Vegas pack
    with pytest.raises(TypeError):
        rummy500.new_game(seed=1, decks=[["AS"] * 52])


def test_a_tampered_stack_is_refused_on_load() -> None:
    pack = make_deck()
    state = rummy500.new_game(seed=1, decks=[pack, pack])
    text = cardrules.notation(state)
    with pytest.raises(ValueError, match="stacked deck 0"):
        cardrules.from_notation(text.replace("; stacked A♣ ", "; stacked A♦ "))
    doc = cardrules.to_json(state).replace('"stacked":[["AC",', '"stacked":[["AD",')
    with pytest.raises(ValueError, match="stacked deck 0"):
        cardrules.from_json(doc)
