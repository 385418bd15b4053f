"""Issue 15 items 2, 3, 4, 5, 7 for Las Vegas Rummy.

Every invariant of :mod:`cardrules.vegas_rummy.validation` is proved by a
tampered JSON document that ``from_json`` refuses; money is exact whatever the
host's ``decimal`` context; the bounds of ``Config`` hold; every game ends;
``check`` and ``apply`` agree on crafted objects.
"""

from __future__ import annotations

import decimal
import json
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.cards import JOKER, parse_card
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import RunMeld
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    State,
    SwapWild,
    apply,
    check,
    join,
    legal_actions,
    max_game_length,
    new_game,
    parse_action,
    validate_state,
    validate_view,
    view,
)
from cardrules.vegas_rummy.money import to_money

C = parse_card


def _play(config: Config, seed: int, until: Callable[[State], bool]) -> State:
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    for _ in range(20_000):
        if until(state) or state.is_over:
            return state
        legal = legal_actions(state)
        placing = [a for a in legal if isinstance(a, Meld | LayOff)]
        state = apply(state, rnd.choice(placing) if placing and rnd.random() < 0.7 else
                      rnd.choice(legal))
    raise AssertionError("no such state")


CONFIG = Config(num_players=3, max_score=40, buy_in="1.50", cards_per_player=5)


@pytest.fixture(scope="module")
def mid_round() -> State:
    """A play-phase state of round 2 or later, with melds on the table."""
    return _play(CONFIG, 3, lambda s: s.round_number >= 2 and s.phase == "play"
                 and bool(s.melds) and s.turns > 0)


@pytest.fixture(scope="module")
def between() -> State:
    return _play(CONFIG, 4, lambda s: s.phase == "table" and len(s.history) >= 1)


def _refused(state: State, match: str) -> None:
    text = cardrules.to_json(state)
    with pytest.raises(ValueError, match=match):
        cardrules.from_json(text)


def _put(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def test_the_fixtures_load(mid_round: State, between: State) -> None:
    for state in (mid_round, between):
        assert cardrules.from_json(cardrules.to_json(state)) == state


# 1. Bounded numbers (issue 15 item 4: 4,300-digit counters)
def test_inv1_huge_counters_refused_cleanly(mid_round: State) -> None:
    document = json.loads(cardrules.to_json(mid_round))
    document["data"]["turns"] = int("9" * 4000)
    with pytest.raises(ValueError, match="out of range"):
        cardrules.from_json(json.dumps(document))


# 3. Counters agree with the round and turn
def test_inv3_rewound_shuffle_counter(mid_round: State, between: State) -> None:
    _refused(attrs.evolve(mid_round, shuffles=mid_round.shuffles - 1), "shuffle counter")
    _refused(attrs.evolve(between, shuffles=between.shuffles + 1), "shuffle counter")


def test_inv3_round_number_and_turn_limit(mid_round: State) -> None:
    _refused(attrs.evolve(mid_round, round_number=mid_round.round_number + 1), "round")
    limited = attrs.evolve(mid_round, config=attrs.evolve(mid_round.config,
                                                          turn_limit=mid_round.turns))
    _refused(limited, "turn limit")


def test_inv3_reshuffles_past_the_limit(mid_round: State) -> None:
    past = attrs.evolve(mid_round, reshuffles=4, shuffles=mid_round.shuffles + 4)
    _refused(past, "reshuffle limit")
    result = attrs.evolve(mid_round.history[0], reshuffles=9)
    _refused(attrs.evolve(mid_round, history=_put(mid_round.history, 0, result),
                          shuffles=mid_round.shuffles + 9), "reshuffles")


# 4. Cards conserved, in play and in the history
def test_inv4_a_card_made_twice(mid_round: State) -> None:
    seat = mid_round.to_act
    assert seat is not None
    hand = mid_round.hands[seat]
    stock = _put(mid_round.stock, 0, hand[0])
    _refused(attrs.evolve(mid_round, stock=stock), "pack")


def test_inv4_history_card_held_five_times(mid_round: State) -> None:
    result = mid_round.history[0]
    i = next(k for k, h in enumerate(result.hands) if h)
    hand = (result.hands[i][0],) * 5
    from cardrules.vegas_rummy import scoring
    from cardrules.vegas_rummy.state import wild_cards

    points = scoring.hand_points(hand, wild_cards(mid_round.config, result.upcard),
                                 mid_round.config)
    delta = points - result.points[i]
    tampered = attrs.evolve(
        result, hands=_put(result.hands, i, hand), points=_put(result.points, i, points),
        scores=_put(result.scores, i, result.scores[i] + delta),
    )
    _refused(attrs.evolve(mid_round, history=_put(mid_round.history, 0, tampered)),
             "pack does not|more cards")


# 5. Per-phase counts
def test_inv5_hand_larger_than_a_deal(mid_round: State) -> None:
    other = next(s for s in range(3) if s != mid_round.to_act and mid_round.active[s])
    hands = _put(mid_round.hands, other,
                 tuple(sorted((*mid_round.hands[other], *mid_round.stock[:6]))))
    _refused(attrs.evolve(mid_round, hands=hands, stock=mid_round.stock[6:]),
             "more cards than a deal")


def test_inv5_between_rounds_everything_collected(between: State) -> None:
    _refused(attrs.evolve(between, discard=(C("5H"),)), "collected")


# 6. The taken card
def test_inv6_taken_card_not_in_hand(mid_round: State) -> None:
    seat = mid_round.to_act
    assert seat is not None
    elsewhere = mid_round.hands[(seat + 1) % 3][0]
    if elsewhere in mid_round.hands[seat]:
        pytest.skip("the seat holds that card too")
    _refused(attrs.evolve(mid_round, taken=elsewhere), "taken card")


# 7. Melds
def test_inv7_meld_not_canonical_or_illegal(mid_round: State) -> None:
    owned = mid_round.melds[0]
    broken = attrs.evolve(owned, meld=RunMeld(C("2H").suit, 2, (C("2H"), C("9S"), C("4H"))))  # type: ignore[arg-type]
    _refused(attrs.evolve(mid_round, melds=_put(mid_round.melds, 0, broken)), "meld #1")


# 8. History: scores are the sum of their breakdowns, game over exactly by the rule
def test_inv8_credits_that_do_not_match(mid_round: State) -> None:
    result = mid_round.history[0]
    tampered = attrs.evolve(result, points=tuple(p + 1 for p in result.points))
    _refused(attrs.evolve(mid_round, history=_put(mid_round.history, 0, tampered)), "scores")


def test_inv8_game_still_running_at_600_of_100(between: State) -> None:
    scores = tuple(s + 600 for s in between.scores)
    history = _put(between.history, len(between.history) - 1,
                   attrs.evolve(between.history[-1], scores=scores))
    _refused(attrs.evolve(between, scores=scores, history=history), "scores|over")


# 9. Ledger and money
def test_inv9_payment_tampered(between: State) -> None:
    entry = attrs.evolve(between.ledger[0], amount=Decimal(7))
    _refused(attrs.evolve(between, ledger=_put(between.ledger, 0, entry)), "buy-in")


# 10. The end
def test_inv10_winners_before_the_end(between: State) -> None:
    _refused(attrs.evolve(between, winners=(0,)), "winners")


# 11. The cut
def test_inv11_cut_from_another_seed(between: State) -> None:
    # Another seed's cut is a cut a stacked pack could make (issue 13 item 3), so it
    # loads only if it names the same first dealer; one naming another dealer must not.
    first = between.history[0].dealer if between.history else between.dealer
    for seed in range(99, 199):
        other = new_game(attrs.evolve(CONFIG), seed=seed)
        if other.dealer != first:
            break
    else:
        raise AssertionError("every seed cut the same first dealer")
    _refused(attrs.evolve(between, cut=other.cut), "cut|first dealer")


def test_views_are_validated_on_load(mid_round: State) -> None:
    seat = mid_round.to_act
    assert seat is not None
    mine = view(mid_round, seat)
    validate_view(mine)
    assert cardrules.from_json(cardrules.to_json(mine)) == mine
    bad_sizes = attrs.evolve(mine, hand_sizes=_put(mine.hand_sizes, seat, 99))
    with pytest.raises(ValueError, match="hand"):
        cardrules.from_json(cardrules.to_json(bad_sizes))
    other = view(mid_round, (seat + 1) % 3)
    with pytest.raises(ValueError, match="legal actions"):
        validate_view(attrs.evolve(other, legal_actions=mine.legal_actions))
    with pytest.raises(ValueError, match="pot"):
        validate_view(attrs.evolve(mine, pot=Decimal(1000)))


# ---------------------------------------------------------------------------
# Item 3: money


def test_money_independent_of_the_host_context() -> None:
    config = Config(num_players=3, buy_in="1234567.891", max_score=20, cards_per_player=4)
    plain = _play(config, 7, lambda s: False)
    text = cardrules.to_json(plain)
    with decimal.localcontext() as host:
        host.prec = 6
        host.traps[decimal.Inexact] = True
        again = _play(config, 7, lambda s: False)
        assert cardrules.to_json(again) == text
        assert cardrules.from_json(text) == plain
        pot = plain.pot  # summed in the library's context: exact despite prec=6
        settled = cardrules.vegas_rummy.scoring.settle(plain)
    assert pot == sum((e.amount for e in plain.ledger), Decimal(0))
    assert settled.total == plain.pot


def test_money_bounds_and_exponents_refused() -> None:
    for text in ("1E+999999999", "1E-999999999", "1E15", "0.0000000000001"):
        with pytest.raises(ValueError):
            Config(buy_in=text)
    with pytest.raises(ValueError):
        Config(pot_split=("1E+999999999", "1"))
    assert to_money("999999999999999.999999999999") == Decimal("999999999999999.999999999999")


def test_equal_configs_write_equal_json() -> None:
    assert Config(buy_in="2") == Config(buy_in="2.00") == Config(buy_in=2)
    assert cardrules.to_json(Config(buy_in="2.50")) == cardrules.to_json(Config(buy_in="2.5"))
    assert cardrules.to_json(Config(pot_split=("70", "30"))) == cardrules.to_json(
        Config(pot_split=("7E+1", "30.00"))
    )


# ---------------------------------------------------------------------------
# Items 4 and 5: bounds, every game ends


def test_config_bounds_refused() -> None:
    for options in ({"num_players": 17}, {"cards_per_player": 16}, {"num_decks": 7},
                    {"max_score": 10_001}, {"turn_limit": 0}, {"reshuffle_limit": -1}):
        with pytest.raises(ValueError):
            Config(**options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 200"):
        parse_action("meld " + "5H " * 100, new_game(Config(num_players=2), seed=1))


def test_lv10_reshuffle_limit_defaults_to_three_and_none_stays() -> None:
    assert Config().reshuffle_limit == 3
    assert Config(reshuffle_limit=None).reshuffle_limit is None


def test_turn_limit_ends_the_round_with_nobody_out() -> None:
    state = new_game(Config(num_players=2, turn_limit=4, first_dealer=1), seed=2)
    rnd = random.Random(0)
    while state.round_number == 1 and not state.is_over and state.phase in ("draw", "play"):
        legal = legal_actions(state)
        discards = [a for a in legal if isinstance(a, Discard)]
        state = apply(state, Draw() if Draw() in legal else rnd.choice(discards or list(legal)))
    result = state.history[0]
    assert result.went_out is None or len(state.history) == 1


def test_max_game_length_bounds_random_play_from_the_defaults() -> None:
    for config in (Config(), Config(num_players=2)):
        bound = max_game_length(config)
        for seed in range(2):
            rnd = random.Random(seed)
            state = new_game(config, seed=seed)
            steps = 0
            while not state.is_over:
                state = apply(state, rnd.choice(legal_actions(state)))
                steps += 1
                assert steps <= bound
    assert cardrules.engine.definition("vegas_rummy").max_game_length is max_game_length


def test_join_is_a_host_call_never_a_seats_action(between: State) -> None:
    assert legal_actions(between) == (Deal(),)
    joined = join(between)
    assert joined.num_players == between.num_players + 1
    assert legal_actions(joined) == (Deal(),)
    validate_state(joined)
    with pytest.raises(ValueError, match="unknown action"):
        parse_action("join", between)


# ---------------------------------------------------------------------------
# Item 7: check and apply agree on any object


@pytest.mark.parametrize(
    "action",
    [
        Discard("5H"),  # type: ignore[arg-type]
        LayOff(C("5H"), "0"),  # type: ignore[arg-type]
        LayOff(C("5H"), 0, "itself"),  # type: ignore[arg-type]
        SwapWild(C("5H"), 0, 7),  # type: ignore[arg-type]
        Meld("5H 6H 7H"),  # type: ignore[arg-type]
        Meld(RunMeld(C("5H").suit, "5", (C("5H"), JOKER, C("7H")))),  # type: ignore[arg-type]
        LayOff(True, 0),  # type: ignore[arg-type]
    ],
)
def test_crafted_actions_same_typed_error(mid_round: State, action: object) -> None:
    reason = check(mid_round, action)
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalActionError) as caught:
        apply(mid_round, action)  # type: ignore[arg-type]
    assert caught.value.reason == reason


def test_other_games_state_is_a_clear_type_error() -> None:
    other = cardrules.new_game("rummy500", seed=1)
    for call in (legal_actions, lambda s: view(s, 0), lambda s: check(s, Draw()),
                 validate_state):
        with pytest.raises(TypeError, match="vegas_rummy"):
            call(other)


def test_listed_actions_are_not_shared_between_states() -> None:
    one = apply(new_game(Config(num_players=2), seed=1), Draw())
    two = apply(new_game(Config(num_players=2), seed=2), Draw())
    first, second = legal_actions(one), legal_actions(two)
    assert legal_actions(one) == first and legal_actions(one) is not first
    assert all(check(one, a) is None for a in first)
    assert set(second) != set(first)
