"""Issue 13 item 2: builders take what a person says, fill in the rest, refuse the impossible."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import casino, rummy500, vegas_rummy
from cardrules.cards import make_deck, parse_cards


def test_rummy500_fills_the_rest_from_the_seed() -> None:
    state = rummy500.position(hands={0: "4S 4D QH ..."}, discard="9C 4H KD 2D",
                              melds=[(1, "JS QS KS")], scores=(480, 470), seed=5)
    again = rummy500.position(hands={0: "4♠ 4♦ Q♥ …"}, discard="9♣ 4♥ K♦ 2♦",
                              melds=[(1, "J♠ Q♠ K♠")], scores=(480, 470), seed=5)
    assert state == again  # ASCII or suit signs, same position
    # seat 0 placed nothing, so "…" fills its hand to the 10 dealt; seat 1 placed 3.
    assert len(state.hands[0]) == 10 and set(parse_cards("4S 4D QH")) <= set(state.hands[0])
    assert len(state.hands[1]) == 10 and state.scores == (480, 470)
    assert state.placed[1] == parse_cards("JS QS KS")  # credited to the meld's owner
    # six cards left the stock (3 melded, 3 more discarded), so six turns at least.
    assert state.turns == 6 and state.to_act == 0
    other = rummy500.position(hands={0: "4S 4D QH ..."}, discard="9C 4H KD 2D", seed=6)
    assert other.stock != state.stock
    assert cardrules.from_notation(cardrules.notation(state)) == state


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"hands": {0: "4S 4S"}}, "used more often"),
        ({"hands": {0: "4S"}, "melds": [(0, "4S 5S 6S")]}, "used more often"),
        ({"hands": {0: "4S"}, "melds": [(0, "4S 9D KC")]}, "meld 1"),
        ({"hands": {0: "4S"}, "melds": [(5, "4H 5H 6H")]}, "owner"),
        ({"hands": {7: "4S"}}, "seats"),
        ({"hands": {0: "XX"}}, "not a card"),
        ({"hands": {0: "4S"}, "scores": (480, 700)}, "starting_scores"),
        ({"hands": {0: "4S"}, "to_act": 5}, "player to act"),
        ({"hands": {0: "4S 4D QH"}}, "R-9: seat 0 holds and has placed fewer cards"),
        ({"hands": {0: "4S ..."}, "discard": "9C 4H KD 2D", "turns": 2}, "R-9"),
    ],
)
def test_rummy500_refuses_impossible_requests(kwargs: dict, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        rummy500.position(**kwargs)


def test_casino_builds_and_piles() -> None:
    state = casino.position(hands={0: "5D 8C KH", 1: "3S 8H 2D"}, table="4C",
                            builds=[(1, "8: 5S+3H")], scores=(19, 18), seed=1)
    assert [str(b) for b in state.builds] == ["[8: 5♠+3♥]"] and state.builds[0].owner == 1
    assert state.scores == (19, 18) and len(state.stock) == 40
    assert sum(len(p) for p in state.piles) == 52 - 40 - 6 - 1 - 2
    with pytest.raises(ValueError, match="placed twice"):
        casino.position(hands={0: "5D 8C KH"}, table="5D")
    with pytest.raises(ValueError, match="does not add up"):
        casino.position(hands={0: "5D 8C KH"}, builds=[(0, "[9: 5S+3H]")])
    with pytest.raises(ValueError, match="starting_scores"):
        casino.position(hands={0: "5D"}, scores=(30, 0))


def test_vegas_position_and_deck_for() -> None:
    config = vegas_rummy.Config(num_players=2)
    state = vegas_rummy.position(hands={0: "QS QH 7C 2D 9C 10D KS"}, upcard="7D",
                                 config=config, to_act=0, scores=(40, 60), seed=3)
    assert state.scores == (40, 60) and state.upcard == parse_cards("7D")[0]
    assert sum(len(h) for h in state.hands) + len(state.stock) + 1 == 54
    with pytest.raises(ValueError, match="used more often"):
        vegas_rummy.position(hands={0: "7D"}, upcard="7D", config=config)
    deck = vegas_rummy.deck_for(config, dealer=1, hands={0: "2C 3C 4C 5C 9D 9H 9S"}, seed=1)
    assert sorted(deck) == sorted(make_deck(jokers_per_deck=2))
    assert deck[0::2][:7] == parse_cards("2C 3C 4C 5C 9D 9H 9S")  # seat 0 is dealt first
    with pytest.raises(ValueError, match="a hand is 7 cards"):
        vegas_rummy.deck_for(config, dealer=1, hands={0: "2C"})


def test_starting_scores_are_checked() -> None:
    with pytest.raises(ValueError, match="starting_scores"):
        rummy500.Config(starting_scores=(1, 2, 3))
    with pytest.raises(TypeError):
        casino.Config(starting_scores="19 18")
    state = rummy500.new_game(rummy500.Config(starting_scores=(100, 200)), seed=1)
    assert state.scores == (100, 200)
    assert cardrules.from_json(cardrules.to_json(state)) == state
