"""Rummy 500 rules, one test (or a few) per decision of rules/rummy500.md."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules.cards import JOKER, make_deck, parse_card, parse_cards
from cardrules.rummy.melds import make_meld
from cardrules.rummy500 import (
    Config,
    Discard,
    Draw,
    EndRound,
    LayOff,
    Phase,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    new_game,
    parse_action,
)
from cardrules.rummy500.rules import meld_rules
from tests.rummy500.helpers import position, texts


def act(state, text):
    return apply(state, parse_action(text, state))


# --- R5-01 / R5-1: the deal -------------------------------------------------


@pytest.mark.parametrize(
    ("players", "config", "hand", "stock"),
    [
        (2, {}, 10, 31),
        (3, {}, 7, 30),
        (4, {}, 7, 23),
        (2, {"cards_2p": 13}, 13, 25),
    ],
)
def test_deal_sizes_r5_01(players, config, hand, stock):
    state = new_game(Config(num_players=players, **config), seed=3)
    assert all(len(h) == hand for h in state.hands)
    assert len(state.discard) == 1  # the upcard starts the discard pile
    assert state.stock_size == stock


def test_stacked_deck_deals_one_at_a_time_from_the_dealers_left():
    deck = make_deck()
    state = new_game(Config(first_dealer=1), deck=deck)
    # Seat 0 is left of dealer 1: it gets cards 0, 2, 4, ...; the dealer 1, 3, 5, ...
    assert state.hands[0] == tuple(sorted(deck[0:20:2]))
    assert state.hands[1] == tuple(sorted(deck[1:20:2]))
    assert state.discard == (deck[20],)
    assert state.stock == deck[21:]
    assert state.to_act == 0  # R5-11: the dealer's left plays first


def test_stacked_deck_must_be_the_whole_pack():
    with pytest.raises(ValueError, match="missing"):
        new_game(deck=make_deck()[:-1])
    with pytest.raises(ValueError, match="extra"):
        new_game(deck=(*make_deck()[:-1], parse_card("AS")))


def test_same_seed_same_game_and_different_seed_differs():
    assert new_game(seed=5) == new_game(seed=5)
    assert new_game(seed=5).hands != new_game(seed=6).hands


# --- R5-02 worked example and R5-4/R5-5: digging -------------------------------


def dig_example(**config):
    return position(
        ["4S 4D QH 8C 6D 3S JC", "2C 3C 4C 5C 6C 7C 8D"],
        discard="9C 4H KS 2D",
        config=Config(num_players=2, cards_2p=7, **config),
    )


def test_dig_takes_the_card_and_all_above_r5_02():
    state = dig_example()
    assert "take 4♥ +2" in texts(legal_actions(state))
    state = act(state, "take 4♥ +2")
    assert state.discard == parse_cards("9C")
    assert len(state.hands[0]) == 10
    assert set(parse_cards("4H KS 2D")) <= set(state.hands[0])
    assert state.owed == parse_card("4H")


def test_dug_card_must_be_used_before_discarding_r5_02():
    state = act(dig_example(), "take 4♥ +2")
    assert not any(isinstance(a, Discard) for a in legal_actions(state))
    with pytest.raises(cardrules.IllegalActionError, match="4♥ you took"):
        act(state, "discard KS")
    state = act(state, "meld 4♦ 4♥ 4♠")
    assert state.round_points[0] == 12
    # R5-5 default: the other cards taken may be discarded at once.
    assert check(state, Discard(parse_card("KS"))) is None


def test_forbid_rediscard_of_taken_r5_5_option():
    state = act(dig_example(forbid_rediscard_of_taken_card=True), "take 4♥ +2")
    state = act(state, "meld 4♦ 4♥ 4♠")
    reason = check(state, Discard(parse_card("KS")))
    assert reason is not None
    assert "may not discard" in reason
    assert check(state, Discard(parse_card("QH"))) is None


def test_dig_refused_when_the_card_cannot_be_used_r5_4():
    state = dig_example()
    listed = texts(legal_actions(state))
    assert "take 9♣ +3" not in listed  # no 9s, no clubs around 9♣ in hand
    reason = check(state, TakeDiscard(parse_card("9C"), 4))
    assert reason is not None
    assert "could not meld or lay off" in reason


def test_dig_through_a_chain_of_layoffs_r5_4():
    # 5♥ 6♥ 7♥ on the table; the dug 9♥ fits only after laying off 8♥ first.
    state = position(
        ["8H KC 2S", "3D 4D 9D"],
        discard="9H",
        melds=[(1, "5H 6H 7H")],
        config=Config(cards_2p=3),
    )
    assert "take 9♥" in texts(legal_actions(state))
    state = act(state, "take 9H")
    assert texts(legal_actions(state)) == ["lay off 8♥ on #1"]
    state = act(state, "lay off 8H on #1")
    state = act(state, "lay off 9H on #1")
    assert state.owed is None
    assert "discard K♣" in texts(legal_actions(state))


def test_moves_that_strand_the_dug_card_are_refused_r5_4():
    # Hand 7♥ 8♥ + dug 9♥: melding 7♥ 8♥ 9♥ is fine, but not laying 7♥ elsewhere first.
    state = position(
        ["7H 8H 2C", "3D 4D 9D 5C"],
        discard="9H",
        melds=[(1, "7C 7D 7S")],
        config=Config(cards_2p=3),
    )
    state = act(state, "take 9H")
    reason = check(state, LayOff(parse_card("7H"), 0))
    assert reason is not None
    assert "unable to use the 9♥" in reason
    assert "meld 7♥ 8♥ 9♥" in texts(legal_actions(state))


def test_strict_immediate_r5_4_option():
    base = {"cards_2p": 3}
    loose = position(
        ["8H KC 2S", "3D 4D 9D"], discard="9H", melds=[(1, "5H 6H 7H")], config=Config(**base)
    )
    strict = attrs.evolve(loose, config=Config(strict_immediate=True, **base))
    assert "take 9♥" in texts(legal_actions(loose))
    assert "take 9♥" not in texts(legal_actions(strict))  # no direct placement
    direct = position(
        ["9H 9S 2C", "3D 4D 5D"], discard="9C", config=Config(strict_immediate=True, **base)
    )
    direct = act(direct, "take 9C")
    assert texts(legal_actions(direct)) == ["meld 9♣ 9♥ 9♠"]


def test_top_discard_must_be_used_r5_3():
    state = position(["2C 5D 9S", "3D 4D 9D"], discard="KH", config=Config(cards_2p=3))
    assert texts(legal_actions(state)) == ["draw"]
    loose = attrs.evolve(state, config=Config(cards_2p=3, top_discard_must_be_used=False))
    assert texts(legal_actions(loose)) == ["draw", "take K♥"]
    after = act(loose, "take KH")
    assert after.owed is None
    assert "discard K♥" in texts(legal_actions(after))


def test_first_player_may_take_the_upcard_r5_11():
    state = position(["7H 7S 2C", "3D 4D 9D"], discard="7C", config=Config(cards_2p=3))
    assert "take 7♣" in texts(legal_actions(state))


# --- Melds, lay-offs, aces (R5-10, R5-13, R5-2) --------------------------------


def test_runs_with_aces_high_or_low_but_no_wrap_r5_10():
    rules = meld_rules(Config())
    assert make_meld(parse_cards("AH 2H 3H"), rules).start == 1
    assert make_meld(parse_cards("QH KH AH"), rules).start == 12
    with pytest.raises(ValueError, match="corner"):
        make_meld(parse_cards("KH AH 2H"), rules)
    state = position(
        ["2S KD 9C", "5C 6D 9D"],
        melds=[(1, "QS KS AS"), (1, "AD 2D 3D")],
        phase=Phase.PLAY,
        config=Config(cards_2p=2),
    )
    listed = texts(legal_actions(state))
    assert "lay off 2♠ on #1" not in listed
    assert "lay off K♦ on #2" not in listed


def test_wraparound_option_r5_10():
    config = Config(cards_2p=2, allow_wraparound=True)
    state = position(
        ["2S KD 9C", "3D 4D 9D"], melds=[(1, "QS KS AS")], phase=Phase.PLAY, config=config
    )
    assert "lay off 2♠ on #1" in texts(legal_actions(state))
    assert make_meld(parse_cards("KH AH 2H"), meld_rules(config)).start == 13


def test_layoff_on_opponents_meld_credits_the_layer_r5_13():
    state = position(
        ["8H KC 2S", "3D 4D 9D"], melds=[(1, "5H 6H 7H")], phase=Phase.PLAY,
        config=Config(cards_2p=2),
    )
    state = act(state, "lay off 8H on #1")
    assert state.round_points == (8, 18)
    assert state.meld_owners == (1,)


def test_layoff_onto_a_layoff_r5_13():
    state = position(
        ["8H 9H KC 2S", "3D 4D 9D"], melds=[(1, "5H 6H 7H")], phase=Phase.PLAY,
        config=Config(cards_2p=3),
    )
    state = act(state, "lay off 8H on #1")
    state = act(state, "lay off 9H on #1")
    assert state.round_points[0] == 17


def test_ace_points_r5_2():
    config = Config(cards_2p=3)
    state = position(
        ["AH 2H 3H KC", "3D 4D 9D"], phase=Phase.PLAY, config=config
    )
    assert act(state, "meld AH 2H 3H").round_points[0] == 15 + 2 + 3
    low = attrs.evolve(state, config=Config(cards_2p=3, low_ace_points=1))
    assert act(low, "meld AH 2H 3H").round_points[0] == 1 + 2 + 3
    high = position(["QH KH AH 2C", "3D 4D 9D"], phase=Phase.PLAY,
                    config=Config(cards_2p=3, low_ace_points=1))
    assert act(high, "meld QH KH AH").round_points[0] == 35
    sets = position(["AH AS AD 2C", "3D 4D 9D"], phase=Phase.PLAY,
                    config=Config(cards_2p=3, low_ace_points=1))
    assert act(sets, "meld AD AH AS").round_points[0] == 45


def test_ace_laid_off_below_a_two_is_low_r5_2():
    config = Config(cards_2p=2, low_ace_points=1)
    state = position(["AH KC 2S", "3D 4D 9D"], melds=[(1, "2H 3H 4H")], phase=Phase.PLAY,
                     config=config)
    assert act(state, "lay off AH on #1").round_points[0] == 1


# --- Going out, round scoring, stock (R5-9, R5-6) ------------------------------


def test_going_out_without_discard_ends_the_round_r5_9():
    state = position(["7H 8H 9H", "3D 4D"], phase=Phase.PLAY, config=Config(cards_2p=2))
    after = act(state, "meld 7H 8H 9H")
    result = after.history[-1]
    assert result.ended_by == "went_out" and result.went_out == 0
    assert [s.round_score for s in result.seats] == [24, -(3 + 4)]
    assert after.scores == (24, -7)  # R5: negative scores are allowed
    assert after.round_number == 2 and after.dealer == (state.dealer + 1) % 2


def test_going_out_needs_a_discard_option_r5_9():
    config = Config(cards_2p=2, go_out_without_discard=False)
    state = position(["7H 8H 9H", "3D 4D"], phase=Phase.PLAY, config=config)
    reason = check(state, parse_action("meld 7H 8H 9H", state))
    assert reason is not None and "keep a card" in reason
    state4 = position(["7H 8H 9H 2C", "3D 4D KS"], phase=Phase.PLAY,
                      config=Config(cards_2p=3, go_out_without_discard=False))
    state4 = act(state4, "meld 7H 8H 9H")
    after = act(state4, "discard 2C")
    assert after.history[-1].went_out == 0


def test_round_scoring_melded_minus_hand():
    state = position(["7H 8H 9H AS KC", "3D 4D KS 5S"], phase=Phase.PLAY,
                     config=Config(cards_2p=4), melds=[])
    state = act(state, "meld 7H 8H 9H")
    assert state.round_points == (24, 0)


def _last_card_drawn(mode):
    config = Config(cards_2p=2, stock_exhausted=mode)
    state = position(["7H 8H KD", "3D 4D KS"], discard="2C", config=config, stock="QS")
    cards_out = set(make_deck()) - set(parse_cards("7H 8H KD 3D 4D KS 2C QS"))
    # Park every other card in a meld-free way: put them under the discard pile.
    pile = tuple(sorted(cards_out)) + state.discard
    return attrs.evolve(state, discard=pile)


def test_stock_exhausted_end_r5_6():
    state = _last_card_drawn("end")
    state = act(state, "draw")
    assert state.stock_size == 0 and state.stock_ran_out
    assert state.phase is Phase.PLAY  # the drawer completes his turn
    after = act(state, "discard QS")
    assert after.history[-1].ended_by == "stock_exhausted"


def test_stock_exhausted_discard_only_r5_6():
    state = act(_last_card_drawn("discard_only"), "draw")
    state = act(state, "discard QS")
    assert state.phase is Phase.DRAW and state.stock_size == 0 and state.to_act == 1
    listed = texts(legal_actions(state))
    assert "draw" not in listed and listed[-1] == "end round"
    after = apply(state, EndRound())
    assert after.history[-1].ended_by == "stock_exhausted"


def test_stock_exhausted_reshuffle_r5_6():
    state = act(_last_card_drawn("reshuffle"), "draw")
    state = act(state, "discard QS")
    assert state.stock_size == 0
    pile = len(state.discard)
    assert texts(legal_actions(state))[0] == "draw"
    after = apply(state, Draw())
    assert len(after.discard) == 1 and after.discard[0] == parse_card("QS")
    assert after.stock_size == pile - 2  # all but the top card, minus the one drawn
    assert check(state, EndRound()) is not None


# --- Game end (R5-7, R5-8) ------------------------------------------------------


def _near_the_end(scores, **config):
    state = position(["7H 8H 9H", "3D 4D"], phase=Phase.PLAY,
                     config=Config(cards_2p=2, **config))
    return attrs.evolve(state, scores=scores, history=state.history)


def _with_history(state, scores):
    """Give a state earlier rounds that add up to ``scores``."""
    from cardrules.rummy500.state import RoundResult, SeatScore

    seats = tuple(
        SeatScore(seat=i, placed=(), placed_points=(), in_hand=(), hand_points=0,
                  round_score=s, total=s)
        for i, s in enumerate(scores)
    )
    return attrs.evolve(
        state, scores=tuple(scores), round_number=2, shuffles=3,
        history=(RoundResult(round_number=1, dealer=state.dealer, ended_by="went_out",
                             went_out=0, seats=seats),),
    )


def test_highest_total_wins_even_if_another_reached_500_first_r5_8():
    state = _with_history(_near_the_end((0, 0)), (480, 499))
    # Seat 0 goes out for 24 -> 504; seat 1 loses 7 -> 492.
    after = act(state, "meld 7H 8H 9H")
    assert after.is_over and after.winners == (0,) and after.to_act is None
    assert legal_actions(after) == ()


def test_reaching_exactly_the_target_counts_r5_8():
    state = _with_history(_near_the_end((0, 0), target=100), (76, 0))
    after = act(state, "meld 7H 8H 9H")
    assert after.scores[0] == 100 and after.winners == (0,)


def test_tie_plays_another_round_r5_7():
    state = _with_history(_near_the_end((0, 0)), (476, 507))
    after = act(state, "meld 7H 8H 9H")  # 500 vs 500
    assert after.scores == (500, 500)
    assert not after.is_over and after.round_number == 3
    shared = _with_history(_near_the_end((0, 0), tie="shared"), (476, 507))
    done = act(shared, "meld 7H 8H 9H")
    assert done.is_over and done.winners == (0, 1)


# --- Jokers (R5-12) --------------------------------------------------------------


def test_jokers_option_r5_12():
    config = Config(jokers=2, cards_2p=3)
    state = new_game(config, seed=2)
    assert sum(len(h) for h in state.hands) + state.stock_size + 1 == 54
    played = position(["5H 7H JK KC", "3D 4D 9D"], phase=Phase.PLAY, config=config)
    assert "meld 5♥ JK=6♥ 7♥" in texts(legal_actions(played))
    after = act(played, "meld 5H JK=6H 7H")
    assert after.round_points[0] == 5 + 15 + 7
    assert JOKER in after.melds[0].cards


def test_more_players_need_two_decks_r5_12():
    with pytest.raises(ValueError, match="num_decks=2"):
        Config(num_players=5)
    state = new_game(Config(num_players=6, num_decks=2), seed=1)
    assert len(state.hands) == 6 and state.stock_size == 104 - 42 - 1


# --- Bad input --------------------------------------------------------------------


def test_bad_input_is_refused_with_a_reason_and_the_state_is_untouched():
    state = position(["7H 8H 9H KC", "3D 4D KS 5S"], phase=Phase.PLAY,
                     config=Config(cards_2p=3), melds=[(1, "2C 3C 4C")])
    snapshot = cardrules.to_json(state)
    with pytest.raises(ValueError, match="not a card"):
        parse_action("discard 1X", state)
    cases = {
        "discard QD": "do not hold",
        "meld 7H 8H KC": "neither a set nor a run",
        "lay off KC on #1": "does not fit",
        "lay off 9H on #5": "no meld #5",
        "draw": "already drawn",
    }
    for text, reason in cases.items():
        with pytest.raises(cardrules.IllegalActionError, match=reason):
            act(state, text)
    assert cardrules.to_json(state) == snapshot
    drawing = attrs.evolve(state, phase=Phase.DRAW)
    with pytest.raises(cardrules.IllegalActionError, match="must draw first"):
        act(drawing, "discard KC")
    assert check(state, "discard KC") is not None  # not an action object at all


def test_parse_action_reads_back_every_listed_action():
    state = new_game(Config(num_players=3, jokers=2), seed=4)
    for _ in range(60):
        if state.is_over:
            break
        actions = legal_actions(state)
        for action in actions:
            assert parse_action(str(action), state) == action
        state = apply(state, actions[len(actions) // 2])


def test_reshuffle_limit_ends_the_round_like_end_mode_r5_6():
    config = Config(cards_2p=2, stock_exhausted="reshuffle", reshuffle_limit=0)
    state = position(["7H 8H KD", "3D 4D KS"], discard="2C", config=config, stock="QS")
    rest = tuple(sorted(set(make_deck()) - set(parse_cards("7H 8H KD 3D 4D KS 2C QS"))))
    state = attrs.evolve(state, discard=rest + state.discard)
    state = act(state, "draw")
    assert state.stock_ran_out
    assert act(state, "discard QS").history[-1].ended_by == "stock_exhausted"
