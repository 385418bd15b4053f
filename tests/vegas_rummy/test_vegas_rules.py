"""Las Vegas Rummy play rules, one test (or more) per spec decision LV-n."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules.cards import JOKER, SUITS, Card, Rank, Suit, make_deck, parse_card, parse_cards
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import SetMeld
from cardrules.rummy.wilds import meld_text, parse_meld
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    SwapWild,
    TakeDiscard,
    apply,
    check,
    deck_count,
    join,
    join_error,
    legal_actions,
    meld_rules,
    new_game,
    parse_action,
    scoring,
    validate_state,
    wild_cards,
)
from cardrules.vegas_rummy import rules as vr_rules

C = parse_card


def two(**options: object) -> Config:
    """Two players, seat 1 deals, so seat 0 (P1) plays first."""
    base: dict[str, object] = {"num_players": 2, "first_dealer": 1}
    base.update(options)
    return Config(**base)  # type: ignore[arg-type]


def act(state, *texts):  # type: ignore[no-untyped-def]
    for text in texts:
        state = apply(state, parse_action(text, state))
    return state


# ---------------------------------------------------------------------------
# LV-1, VR-01: deck counts


def test_vr01_deck_table() -> None:
    assert [deck_count(n, 7) for n in range(2, 13)] == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    assert deck_count(13, 7) == 3
    assert deck_count(14, 7) == 4
    assert deck_count(2, 11) == 1


@pytest.mark.parametrize(
    ("n", "stock"),
    [(2, 39), (3, 32), (4, 25), (5, 72), (6, 65), (7, 58), (8, 51), (9, 98), (10, 91),
     (11, 84), (12, 77)],
)
def test_vr01_stock_after_deal(n: int, stock: int) -> None:
    state = new_game(Config(num_players=n), seed=n)
    assert len(state.stock) == stock
    decks = state.num_decks
    everything = [*state.stock, *state.discard, *(c for h in state.hands for c in h)]
    assert everything.count(JOKER) == 2 * decks  # each deck carries exactly two jokers


def test_lv1_simple_formula_changes_only_nine_players() -> None:
    for n in range(2, 15):
        strict, simple = deck_count(n, 7), deck_count(n, 7, "simple")
        assert (strict != simple) == (n == 9)
    assert Config(num_players=9, deck_formula="simple").decks_for(9) == 2


def test_lv1_explicit_decks_validated() -> None:
    assert Config(num_players=8, num_decks=3).decks_for(8) == 3
    with pytest.raises(ValueError, match="too few to deal"):
        Config(num_players=8, num_decks=1)  # 8*7+1 = 57 > 54
    with pytest.raises(ValueError, match="num_decks"):
        Config(num_players=2, num_decks=0)


def test_config_refuses_bad_values() -> None:
    with pytest.raises(ValueError, match="num_players"):
        Config(num_players=1)
    with pytest.raises(ValueError, match=r"floats|exact"):
        Config(buy_in=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="starting_scores"):
        Config(num_players=2, starting_scores=(0,))
    with pytest.raises(ValueError, match="below max_score"):
        Config(num_players=2, starting_scores=(0, 100))
    with pytest.raises(ValueError, match="ace_hand_points"):
        Config(ace_hand_points=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="first_dealer"):
        Config(num_players=3, first_dealer=3)
    with pytest.raises(ValueError, match="wild_scope"):
        Config(wild_scope="suit")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The deal, LV-2, LV-3, VR-02


def test_deal_order_one_at_a_time_from_dealers_left(stacked) -> None:  # type: ignore[no-untyped-def]
    config = Config(num_players=3, first_dealer=1, cards_per_player=2)
    pack = list(make_deck(decks=1, jokers_per_deck=2))
    state = new_game(config, seed=3, deck=pack)
    # seat 2 is left of dealer 1, then seat 0, then the dealer.
    assert state.hands[2] == tuple(sorted([pack[0], pack[3]]))
    assert state.hands[0] == tuple(sorted([pack[1], pack[4]]))
    assert state.hands[1] == tuple(sorted([pack[2], pack[5]]))
    assert state.upcard == pack[6]
    assert state.discard == (pack[6],)
    assert state.stock[-1] == pack[7]  # the stock's top is the next card
    assert state.to_act == 2
    assert state.dealer == 1


def test_vr02_wild_rank_and_points(stacked) -> None:  # type: ignore[no-untyped-def]
    state = stacked(two(), ["2C 3D 4H 5S 6C 8D 9H", "2D 3H 4S 5C 6D 8H 9S"], "7D")
    assert state.upcard == C("7D")
    assert state.discard == (C("7D"),)
    assert state.wild_rank is Rank.SEVEN
    assert state.wilds == frozenset({JOKER} | {Card(Rank.SEVEN, s) for s in SUITS})
    assert scoring.card_points(C("7C"), state.wilds, state.config) == 25
    assert scoring.card_points(C("6C"), state.wilds, state.config) == 6


def test_lv2_card_scope_and_joker_upcard() -> None:
    card_scope = Config(wild_scope="card")
    assert wild_cards(card_scope, C("7D")) == frozenset({JOKER, C("7D")})
    assert wild_cards(Config(), JOKER) == frozenset({JOKER})
    assert scoring.card_points(C("7C"), wild_cards(card_scope, C("7D")), card_scope) == 7


def test_lv3_first_player_may_not_take_the_upcard(stacked) -> None:  # type: ignore[no-untyped-def]
    state = stacked(two(), ["2C 3D 4H 5S 6C 8D 9H", "2D 3H 4S 5C 6D 8H 9S"], "7D", "KC")
    assert legal_actions(state) == (Draw(),)
    assert check(state, TakeDiscard()) == (
        "the first player of a round may not draw from the discard pile (LV-3)"
    )
    with pytest.raises(IllegalActionError, match="LV-3"):
        apply(state, TakeDiscard())
    state = act(state, "draw", "discard 9H")
    assert state.to_act == 1
    assert legal_actions(state) == (Draw(), TakeDiscard())
    state = act(state, "take")  # LV-11: the top card only
    assert C("9H") in state.hands[1]
    assert state.discard == (C("7D"),)


def test_lv4_ace_points() -> None:
    for points in (1, 11, 13):
        config = Config(ace_hand_points=points)  # type: ignore[arg-type]
        assert scoring.hand_points(parse_cards("AS AH KD"), frozenset(), config) == 2 * points + 10


# ---------------------------------------------------------------------------
# A turn, LV-5 going out


def test_lv5_going_out_only_by_discarding(stacked) -> None:  # type: ignore[no-untyped-def]
    config = two(cards_per_player=2)
    state = stacked(config, ["9D 9H", "KC KD"], "2C", "9S")
    state = act(state, "draw")
    meld = parse_action("meld 9D 9H 9S", state)
    assert meld not in legal_actions(state)
    assert check(state, meld) == "you must keep a card to discard at the end of your turn (LV-5)"
    with pytest.raises(IllegalActionError, match="LV-5"):
        apply(state, meld)
    free = stacked(two(cards_per_player=2, go_out_without_discard=True), ["9D 9H", "KC KD"],
                   "2C", "9S")
    free = act(free, "draw", "meld 9D 9H 9S")
    assert free.phase == "table"
    assert free.history[-1].went_out == 0
    assert free.history[-1].points == (0, 20)


def test_lv5_round_ends_when_last_card_is_discarded(stacked) -> None:  # type: ignore[no-untyped-def]
    config = Config(num_players=3, first_dealer=2, cards_per_player=3, max_score=30)
    state = stacked(config, ["9D 9H 4C", "KS KD QC", "5C 6S 8D"], "2C", "9S")
    state = act(state, "draw", "meld 9D 9H 9S")
    assert state.hands[0] == (C("4C"),)
    layoff = LayOff(C("4C"), 0)
    assert check(state, layoff) is not None
    state = act(state, "discard 4C")
    result = state.history[-1]
    assert result.went_out == 0
    assert result.points == (0, 30, 19)
    assert state.scores == (0, 30, 19)


# ---------------------------------------------------------------------------
# LV-6 strictness and naturals, LV-7 solidarity, LV-8 sets, LV-9 runs


HAND_WILD = ["5H JK JK 6S 9C 10D QD", "2D 3H 4S 5C 6D 8H 9S"]


def test_lv6_strictness_refuses_two_wilds(stacked) -> None:  # type: ignore[no-untyped-def]
    strict = act(stacked(two(meld_strictness=True), HAND_WILD, "2C", "KC"), "draw")
    action = parse_action("meld 5H JK=6H JK=7H", strict)
    assert action not in legal_actions(strict)
    reason = check(strict, action)
    assert reason is not None
    assert "at most 1 wild card" in reason
    one = parse_action("meld 5H JK=6H JK=7H", act(stacked(two(), HAND_WILD, "2C", "KC"), "draw"))
    loose = act(stacked(two(), HAND_WILD, "2C", "KC"), "draw")
    assert one in legal_actions(loose)
    with pytest.raises(IllegalActionError, match="at most 1 wild card"):
        apply(strict, action)


def test_lv6_strictness_across_layoffs(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["5H JK JK 7H 9C 10D QD", "2D 3H 4S 5C 6D 8H 9S"]
    state = act(stacked(two(meld_strictness=True), hands, "2C", "KC"), "draw", "meld 5H JK=6H 7H")
    layoff = LayOff(JOKER, 0, C("8H"))
    assert check(state, layoff) is not None
    assert "LV-6" in (check(state, layoff) or "")
    assert layoff not in legal_actions(state)
    loose = act(stacked(two(), hands, "2C", "KC"), "draw", "meld 5H JK=6H 7H")
    assert check(loose, layoff) is None
    after = apply(loose, layoff)
    assert meld_text(after.melds[0].meld) == "5♥ JK=6♥ 7♥ JK=8♥"


def test_lv6_require_natural_and_wild_rank_standing_for_itself(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["JK JK 7C 6H 7H 8H QD", "2D 3H 4S 5C 6D 8C 9S"]
    state = act(stacked(two(meld_strictness=True), hands, "7D", "KC"), "draw")
    all_wild = parse_action("meld JK=5S JK=6S 7C=7S", state)
    assert "natural" in (check(state, all_wild) or "")
    # 7♥ stands for itself: a natural card, so strictness still allows one wild card
    natural = parse_action("meld 7H 8H JK=9H", state)
    assert check(state, natural) is None
    assert "wild" in (check(state, parse_action("meld 6H JK=7H JK=8H", state)) or "")
    free = act(stacked(two(require_natural=False), hands, "7D", "KC"), "draw")
    assert check(free, parse_action("meld JK=5S JK=6S 7C=7S", free)) is None
    assert scoring.card_points(C("7H"), state.wilds, state.config) == 25


def test_lv7_solidarity_forbids_swaps(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["5H JK 7H 6H 9C 10D QD", "2D 3H 4S 5C 6D 8H 9S"]
    state = act(stacked(two(), hands, "2C", "KC"), "draw", "meld 5H JK=6H 7H")
    swap = SwapWild(C("6H"), 0, JOKER)
    assert check(state, swap) == (
        "meld solidarity is on: wild cards may not be swapped out of melds (LV-7)"
    )
    assert not any(isinstance(a, SwapWild) for a in legal_actions(state))


def test_lv7_swap_exact_card(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["5H JK 7H 6H 8H 10D QD", "2D 3H 4S 5C 6D 8C 9S"]
    state = act(stacked(two(meld_solidarity=False), hands, "2C", "KC"), "draw", "meld 5H JK=6H 7H")
    assert SwapWild(C("6H"), 0, JOKER) in legal_actions(state)
    wrong = SwapWild(C("8H"), 0, JOKER)
    reason = check(state, wrong)
    assert reason is not None
    assert "exactly the card it stands for" in reason
    with pytest.raises(IllegalActionError):
        apply(state, wrong)
    swapped = apply(state, parse_action("swap 6H for JK #1", state))
    assert meld_text(swapped.melds[0].meld) == "5♥ 6♥ 7♥"
    assert JOKER in swapped.hands[0]
    assert C("6H") not in swapped.hands[0]


def test_lv7_swap_open_set_wild(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["7C 7D JK 7H 3S 10D QD", "2D 3H 4S 5C 6D 8C 9S"]
    state = act(stacked(two(meld_solidarity=False), hands, "2C", "KC"), "draw", "meld 7C 7D JK=7?")
    assert SwapWild(C("7H"), 0, JOKER) in legal_actions(state)
    again = stacked(two(meld_solidarity=False, num_decks=2), hands, "2C", "7C")
    again = act(again, "draw", "meld 7C 7D JK=7?")
    assert check(again, SwapWild(C("7C"), 0, JOKER)) is not None  # ♣ is already in the set


def test_lv8_open_and_declared_set_wilds(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["9C 9D JK 9H 9S 10D QD", "2D 3H 4S 5C 6D 8C 8S"]
    state = act(stacked(two(), hands, "2C", "KC"), "draw")
    legal = legal_actions(state)
    for text in ("meld 9C 9D JK=9?", "meld 9C 9D JK=9H", "meld 9C 9D JK=9S"):
        assert parse_action(text, state) in legal
    opened = act(state, "meld 9C 9D JK=9?")
    assert LayOff(C("9H"), 0) in legal_actions(opened)  # the open wild takes the missing suit
    declared = act(state, "meld 9C 9D JK=9H")
    assert check(declared, LayOff(C("9H"), 0)) is not None
    assert check(declared, LayOff(C("9S"), 0)) is None


def test_lv8_sets_hold_four_suits_even_with_two_decks(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["9C 9D 9H 9S 9S 10D QD", "2D 3H 4S 5C 6D 8C 8S"]
    state = act(stacked(two(num_decks=2), hands, "2C", "KC"), "draw")
    twin = Meld(SetMeld(Rank.NINE, parse_cards("9S 9D 9S"), (Suit.SPADES, Suit.DIAMONDS,
                                                             Suit.SPADES)))
    assert "different suits" in (check(state, twin) or "")
    assert check(state, Meld(parse_meld("9C 9D 9H", meld_rules(state)))) is None
    with pytest.raises(ValueError, match="different suits"):
        parse_action("meld 9S 9D 9S", state)
    state = act(act(state, "meld 9C 9D 9H"), "lay off 9S on #1")
    assert check(state, LayOff(C("9S"), 0)) is not None


def test_lv9_runs_ace_high_or_low_no_wrap(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["QH KH AH 2H 3H 10D 5C", "2D 3D 4S 5S 6D 8C 8S"]
    state = act(stacked(two(), hands, "9C", "KC"), "draw")
    legal = legal_actions(state)
    assert parse_action("meld QH KH AH", state) in legal
    assert parse_action("meld AH 2H 3H", state) in legal
    assert "corner" in (check(state, parse_action("meld KH AH 2H", state)) or "")
    wrap = act(stacked(two(allow_wraparound=True), hands, "9C", "KC"), "draw")
    assert parse_action("meld KH AH 2H", wrap) in legal_actions(wrap)


# ---------------------------------------------------------------------------
# LV-10 the stock runs out, LV-11 the discard pile


def test_lv10_reshuffle_discards_into_stock(stacked) -> None:  # type: ignore[no-untyped-def]
    state = act(stacked(two(), HAND_WILD, "2C", "KC"), "draw", "discard QD")
    # move the whole stock under the discard pile (conservation kept)
    # (as after one reshuffle already: until the first one the upcard stays at the bottom)
    moved = attrs.evolve(state, stock=(), discard=(*state.stock, *state.discard),
                         reshuffles=1, shuffles=state.shuffles + 1)
    validate_state(moved)
    top = moved.discard[-1]
    after = apply(moved, Draw())
    assert after.discard == (top,)
    assert len(after.stock) == len(moved.discard) - 2
    assert after.shuffles == moved.shuffles + 1
    assert after.reshuffles == 2
    validate_state(after)


def test_lv10_nothing_to_draw_ends_the_round(stacked) -> None:  # type: ignore[no-untyped-def]
    from cardrules.vegas_rummy.rules import _start_turn

    # A first turn with an empty stock (Config's limits make it unreachable by a
    # deal, so the position is built): nothing to draw, the round ends, nobody out.
    state = stacked(two(), HAND_WILD, "2C", "KC")
    ended = _start_turn(attrs.evolve(state, stock=()))
    result = ended.history[-1]
    assert result.went_out is None
    assert all(p > 0 for p in result.points)
    assert ended.phase in ("decide", "table", "over")


def test_lv10_reshuffle_limit_option(stacked) -> None:  # type: ignore[no-untyped-def]
    state = act(stacked(two(reshuffle_limit=0), HAND_WILD, "2C", "KC"), "draw", "discard QD")
    emptied = attrs.evolve(state, stock=(), discard=(*state.stock, *state.discard), turns=1,
                           phase="play", to_act=0)
    ended = apply(emptied, Discard(state.hands[0][0]))
    assert ended.history[-1].went_out is None


def test_lv11_rediscard_allowed_by_default_and_optionally_forbidden(stacked) -> None:  # type: ignore[no-untyped-def]
    state = act(stacked(two(), HAND_WILD, "2C", "KC"), "draw", "discard QD", "take")
    assert Discard(C("QD")) in legal_actions(state)
    forbid = stacked(two(forbid_rediscard_of_taken_card=True), HAND_WILD, "2C", "KC")
    forbid = act(forbid, "draw", "discard QD", "take")
    assert Discard(C("QD")) not in legal_actions(forbid)
    assert "LV-11" in (check(forbid, Discard(C("QD"))) or "")


# ---------------------------------------------------------------------------
# LV-16 the cut, LV-17 rotation


def test_lv16_cut_is_deterministic_and_highest_wins() -> None:
    ties = 0
    for seed in range(40):
        config = Config(num_players=6)
        state = new_game(config, seed=seed)
        assert state.cut == new_game(config, seed=seed).cut
        attempt = state.cut[-1]
        contenders = set(range(6))
        for row in attempt.passes:
            assert {s for s, c in enumerate(row) if c is not None} == contenders
            best = max(vr_rules.cut_value(c) for c in row if c is not None)
            contenders = {s for s, c in enumerate(row) if c is not None
                          and vr_rules.cut_value(c) == best}
        assert contenders == {state.dealer}
        ties += len(attempt.passes) > 1
    assert ties > 0
    assert vr_rules.cut_value(JOKER) > vr_rules.cut_value(C("AS")) > vr_rules.cut_value(C("KS"))


def test_lv16_cut_restarts_when_the_pack_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    small = (JOKER, JOKER, C("AS"), C("AH"), C("2C"))
    monkeypatch.setattr(vr_rules, "make_deck", lambda **_: small)
    restarted = 0
    for seed in range(60):
        decks = Config(num_players=2).decks_for(2)
        dealer, attempts, shuffles = vr_rules._cut_of.__wrapped__(2, decks, seed, 0, None)
        assert shuffles == len(attempts)
        for attempt in attempts[:-1]:
            assert len(attempt.passes) == 2  # 4 of 5 cards dealt, all tied, 1 left: restart
        last = attempt = attempts[-1].passes[-1]
        assert last[dealer] is not None
        restarted += len(attempts) > 1
    assert restarted > 0


def test_explicit_first_dealer_skips_the_cut() -> None:
    state = new_game(Config(num_players=4, first_dealer=2), seed=1)
    assert state.cut == ()
    assert state.dealer == 2
    assert state.to_act == 3


# ---------------------------------------------------------------------------
# Text forms and refusals


def test_text_forms_round_trip(stacked) -> None:  # type: ignore[no-untyped-def]
    hands = ["5H JK 7H 6H 8H 10D QD", "2D 3H 4S 5C 6D 8C 9S"]
    state = act(stacked(two(meld_solidarity=False), hands, "2C", "KC"), "draw", "meld 5H JK=6H 7H")
    texts = {str(a) for a in legal_actions(state)}
    assert {"swap 6♥ for JK #1", "lay off 8♥ on #1", "discard Q♦"} <= texts
    for action in legal_actions(state):
        assert parse_action(str(action), state) == action
    with pytest.raises(ValueError, match="unknown action"):
        parse_action("fold", state)


def test_join_and_rebuy_refused_mid_round(stacked) -> None:  # type: ignore[no-untyped-def]
    state = stacked(two(), HAND_WILD, "2C", "KC")
    assert "mid-round" in (join_error(state) or "")
    assert "only a player who has just busted" in (check(state, Rebuy()) or "")
    with pytest.raises(ValueError, match="LV-14"):
        join(state)
    assert check(state, Deal()) is not None


def test_json_round_trip_and_tamper_detection(stacked) -> None:  # type: ignore[no-untyped-def]
    state = act(stacked(two(), HAND_WILD, "2C", "KC"), "draw", "meld 5H JK=6H JK=7H")
    assert cardrules.from_json(cardrules.to_json(state)) == state
    fake = tuple(sorted((*state.hands[1][:-1], C("AS"))))
    tampered = attrs.evolve(state, hands=(state.hands[0], fake))
    with pytest.raises(ValueError, match="conserved"):
        cardrules.from_json(cardrules.to_json(tampered))
    cheat = attrs.evolve(state, scores=(0, 5))
    with pytest.raises(ValueError, match="scores"):
        cardrules.from_json(cardrules.to_json(cheat))


def test_view_shows_only_what_a_seat_may_know(stacked) -> None:  # type: ignore[no-untyped-def]
    from cardrules.vegas_rummy import view

    state = stacked(two(), HAND_WILD, "2C", "KC")
    mine = view(state, 0)
    assert mine.hand == state.hands[0]
    assert mine.legal_actions == (Draw(),)
    assert mine.hand_sizes == (7, 7)
    assert mine.stock_size == len(state.stock)
    other = view(state, 1)
    assert other.hand == state.hands[1]
    assert other.legal_actions == ()
    spectator = view(state, None)
    assert spectator.hand is None
    assert spectator.legal_actions == ()
    text = cardrules.to_json(spectator)
    assert "KC" not in text  # the stock's top card is nowhere in the view
    assert cardrules.from_json(cardrules.to_json(mine)) == mine
    with pytest.raises(ValueError, match="no seat"):
        view(state, 2)


def test_non_canonical_wild_arrangement_is_stored_canonically(stacked) -> None:  # type: ignore[no-untyped-def]
    """Issue 14 item 1: one listing per placement under solidarity, both kept without it."""
    hands = ["5H 7C JK 8H 9C 10D QD", "2D 3H 4S 5C 6D 8C 9S"]
    state = act(stacked(two(), hands, "7S", "KC"), "draw")
    canonical = parse_action("meld 5H 7C=6H JK=7H", state)
    other = Meld(parse_meld("5H JK=6H 7C=7H", meld_rules(state)))
    assert parse_action("meld 5H JK=6H 7C=7H", state) == canonical  # read as the listing
    assert canonical in legal_actions(state)
    assert other not in legal_actions(state)
    assert check(state, other) is None
    assert apply(state, other) == apply(state, canonical)
    loose = act(stacked(two(meld_solidarity=False), hands, "7S", "KC"), "draw")
    assert {canonical, other} <= set(legal_actions(loose))
    assert apply(loose, other) != apply(loose, canonical)
    # Stepwise melds: a four-card run is a three-card run and a lay-off (same table);
    # the whole meld is no move, and the reason says how to play it (issue 27).
    whole = parse_action("meld 5H 7C=6H JK=7H 8H", state)
    assert whole not in legal_actions(state)
    assert "lay off the others one by one" in (check(state, whole) or "")
    with pytest.raises(IllegalActionError, match="only three-card melds"):
        apply(state, whole)
