"""Las Vegas Rummy between rounds and money: LV-12 … LV-15, and a whole game."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

import cardrules
from cardrules.cards import parse_card
from cardrules.errors import IllegalActionError
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Discard,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    State,
    apply,
    check,
    join,
    join_error,
    legal_actions,
    new_game,
    parse_action,
    scoring,
    validate_state,
)

C = parse_card

# Three players, seat 2 deals, seat 0 plays first. Seat 0 goes out at once;
# seat 1 is left with K♠ K♦ Q♣ = 30 (busts at max 30), seat 2 with 19.
HANDS = ["9D 9H 4C", "KS KD QC", "5C 6S 8D"]


def first_round(stacked, **options):  # type: ignore[no-untyped-def]
    base: dict[str, object] = {
        "num_players": 3, "first_dealer": 2, "cards_per_player": 3, "max_score": 30,
        "buy_in": Decimal("2.50"),
    }
    base.update(options)
    state = stacked(Config(**base), HANDS, "2C", "9S")  # type: ignore[arg-type]
    for text in ("draw", "meld 9D 9H 9S", "discard 4C"):
        state = apply(state, parse_action(text, state))
    return state


def test_lv12_busted_player_decides_and_rebuy_resets_score(stacked) -> None:  # type: ignore[no-untyped-def]
    state = first_round(stacked)
    assert state.scores == (0, 30, 19)
    assert state.busts == (0, 1, 0)
    assert state.history[-1].busted == (1,)
    assert not state.history[-1].game_over
    assert state.phase == "decide"
    assert state.to_act == 1
    assert legal_actions(state) == (Rebuy(), Retire())
    assert "rebuy or retire first" in (check(state, Deal()) or "")
    state = apply(state, Rebuy())
    assert state.scores == (0, 19, 19)  # the highest score of those not busted
    assert state.ledger[-1].kind == "rebuy"
    assert state.ledger[-1].amount == Decimal("2.50")
    assert state.pot == Decimal("10.00")
    assert state.phase == "table"
    assert state.to_act == 0
    assert "only a player who has just busted" in (check(state, Rebuy()) or "")
    with pytest.raises(IllegalActionError):
        apply(state, Rebuy())
    state = apply(state, Deal())
    assert state.dealer == 0
    assert state.to_act == 1
    assert state.round_number == 2
    validate_state(state)


def test_lv12_retire_removes_the_player_and_lv17_skips_him(stacked) -> None:  # type: ignore[no-untyped-def]
    state = apply(first_round(stacked), Retire())
    assert state.active == (True, False, True)
    state = apply(state, Deal())
    assert state.dealer == 0
    assert state.to_act == 2
    assert state.hands[1] == ()
    assert len(state.hands[0]) == len(state.hands[2]) == 3
    validate_state(state)


@pytest.mark.parametrize(
    ("option", "cost"), [("max1", Decimal("2.50")), ("literal", Decimal("2.50")),
                         ("plus_one", Decimal("5.00"))],
)
def test_lv14_join_cost_and_score(stacked, option: str, cost: Decimal) -> None:  # type: ignore[no-untyped-def]
    state = apply(first_round(stacked, late_join_cost=option), Rebuy())
    assert Deal() in legal_actions(state) and len(legal_actions(state)) == 1  # LV-14: no seat joins
    state = join(state)  # the host seats the newcomer
    assert state.num_players == 4
    assert state.ledger[-1].kind == "join"
    assert state.ledger[-1].amount == cost
    assert state.scores[3] == 19  # the score of the most-busted player
    state = apply(state, Deal())
    assert len(state.hands[3]) == 3  # the joiner is dealt in, as the highest seat
    validate_state(state)


def test_lv14_join_cost_when_nobody_busted() -> None:
    from cardrules.vegas_rummy.betting import join_terms

    for option, cost in (("max1", Decimal(3)), ("literal", Decimal(0)), ("plus_one", Decimal(3))):
        config = Config(buy_in=3, late_join_cost=option)  # type: ignore[arg-type]
        assert join_terms(config, [10, 40, 5, 0], [0, 0, 0, 0], [True] * 4) == (cost, 40)


def test_lv14_max_seats_caps_joins(stacked) -> None:  # type: ignore[no-untyped-def]
    state = apply(first_round(stacked, max_seats=3), Rebuy())
    assert legal_actions(state) == (Deal(),)
    assert "full" in (join_error(state) or "")
    with pytest.raises(ValueError, match="full"):
        join(state)


def test_lv13_game_over_before_rebuys(stacked) -> None:  # type: ignore[no-untyped-def]
    config = Config(num_players=2, first_dealer=1, cards_per_player=3, max_score=30)
    state = stacked(config, ["9D 9H 4C", "KS KD QC"], "2C", "9S")
    for text in ("draw", "meld 9D 9H 9S", "discard 4C"):
        state = apply(state, parse_action(text, state))
    assert state.is_over
    assert state.to_act is None
    assert state.winners == (0,)
    assert state.history[-1].game_over
    assert legal_actions(state) == ()
    assert check(state, Rebuy()) == "the game is over"


def test_lv15_split_numbers() -> None:
    pot = Decimal("23.50")
    cfg = Config(buy_in=Decimal("2.50"))
    assert scoring.split_pot(pot, cfg, winners=(0,), ranked=[(1,), (2,)], buy_in=cfg.buy_in) == (
        Decimal("16.45"), Decimal("7.05"), Decimal(0))
    third = Config(buy_in=Decimal("2.50"), third_gets_buy_in=True)
    assert scoring.split_pot(pot, third, winners=(0,), ranked=[(1,), (2,)], buy_in=third.buy_in) \
        == (Decimal("16.45"), Decimal("4.55"), Decimal("2.50"))
    # a runner-up tie splits the share; a three-way split stays an exact Fraction
    tie = scoring.split_pot(Decimal(10), cfg, winners=(0,), ranked=[(1, 2, 3)], buy_in=cfg.buy_in)
    assert tie == (Decimal(7), Decimal(1), Decimal(1), Decimal(1))
    odd = scoring.split_pot(Decimal(1), cfg, winners=(0,), ranked=[(1, 2, 3)], buy_in=cfg.buy_in)
    assert odd[1] == Fraction(1, 10)
    assert sum(odd) == 1
    ratio = Config(pot_split=(70, 30))
    assert scoring.split_pot(pot, ratio, winners=(0,), ranked=[(1,)], buy_in=Decimal(0)) == (
        Decimal("16.45"), Decimal("7.05"))


def _greedy(state: State, rnd: random.Random) -> object:
    """A deterministic simple player: meld, lay off, else discard the highest card."""
    actions = legal_actions(state)
    if state.phase == "draw":
        return actions[0]
    for kind in (Meld, LayOff):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    return max(discards, key=lambda a: scoring.card_points(a.card, state.wilds, state.config))


def test_whole_game_with_busts_rebuys_retirement_join_and_settlement() -> None:
    """A seeded 4-player game: the scripted choices produce every between-round event."""
    config = Config(num_players=4, max_score=60, cards_per_player=5, buy_in=Decimal("2.50"),
                    third_gets_buy_in=True, max_seats=6, reshuffle_limit=3)
    state = new_game(config, seed=2024)
    rnd = random.Random(0)
    decisions = 0
    joins = 0
    steps = 0
    while not state.is_over:
        if state.phase == "decide":
            action: object = Retire() if decisions == 1 else Rebuy()
            decisions += 1
        elif state.phase == "table":
            if joins == 0 and join_error(state) is None:
                state = join(state)  # LV-14: the host seats a newcomer
                joins += 1
            action = Deal()
        else:
            action = _greedy(state, rnd)
        before = cardrules.to_json(state)
        state = apply(state, action)
        assert cardrules.to_json(state) != before
        steps += 1
        assert steps < 5000
    validate_state(state)
    kinds = [e.kind for e in state.ledger]
    assert kinds.count("rebuy") >= 1
    assert kinds.count("retire") == 1
    assert kinds.count("join") == 1

    # The pot, recomputed from the rules: buy-ins, rebuys, and the join at its LV-14 price.
    joined = next(e for e in state.ledger if e.kind == "join")
    busts_then = [0] * 4
    for result in state.history[: joined.after_round]:
        for seat in result.busted:
            busts_then[seat] += 1
    retired_then = {e.seat for e in state.ledger if e.kind == "retire"
                    and e.after_round <= joined.after_round}
    k = max(b for seat, b in enumerate(busts_then) if seat not in retired_then)
    assert joined.amount == Decimal("2.50") * max(1, k)
    expected_pot = Decimal("2.50") * (4 + kinds.count("rebuy")) + joined.amount
    assert state.pot == expected_pot

    settlement = scoring.settle(state)
    assert settlement.total == state.pot
    retired = {e.seat for e in state.ledger if e.kind == "retire"}
    (winner,) = state.winners
    assert state.scores[winner] < 60
    assert winner == state.history[-1].went_out
    others = sorted((state.scores[s], s) for s in range(state.num_players)
                    if s != winner and s not in retired)
    runner = others[0][1]
    assert others[0][0] < others[1][0]  # this seed has no tie for runner-up
    third = [s for score, s in others if score == others[1][0]]
    to_cents = Decimal("0.01")
    assert settlement.payouts[winner] == (state.pot * Decimal("0.7")).quantize(to_cents)
    runner_share = state.pot * Decimal("0.3") - Decimal("2.50")
    assert settlement.payouts[runner] == runner_share.quantize(to_cents)
    for seat in third:
        assert settlement.payouts[seat] == Decimal("2.50") / len(third)
    for seat in retired:
        assert settlement.payouts[seat] == 0
    assert cardrules.from_json(cardrules.to_json(state)) == state
    # The same figures, to the cent, as this seeded game settles them:
    assert state.pot == Decimal("17.50")
    assert settlement.payouts == (Decimal(0), Decimal(0), Decimal("2.75"), Decimal("12.25"),
                                  Decimal("2.50"))
    assert settlement.paid == (Decimal("5.00"), Decimal("5.00"), Decimal("2.50"),
                               Decimal("2.50"), Decimal("2.50"))


def test_config_json_round_trip_with_options() -> None:
    config = Config(num_players=5, first_dealer=2, buy_in="2.50", pot_split=("0.6", "0.4"),
                    late_join_cost="plus_one", ace_hand_points=13, starting_scores=(0, 5, 0, 10, 0))
    assert cardrules.from_json(cardrules.to_json(config)) == config
    default = Config()
    assert cardrules.from_json(cardrules.to_json(default)) == default


def test_validate_state_catches_tampered_money_and_seats(stacked) -> None:  # type: ignore[no-untyped-def]
    import attrs

    state = apply(first_round(stacked), Rebuy())
    validate_state(state)
    cheap = attrs.evolve(state, ledger=(*state.ledger[:-1],
                                        attrs.evolve(state.ledger[-1], amount=Decimal("1.00"))))
    wrong_score = attrs.evolve(state, scores=(0, 0, 19))
    no_bust = attrs.evolve(state, busts=(0, 0, 0))
    wrong_actor = attrs.evolve(state, to_act=2)
    for bad, words in ((cheap, "rebuy"), (wrong_score, "scores"), (no_bust, "bust"),
                       (wrong_actor, "table")):
        with pytest.raises(ValueError, match=words):
            cardrules.from_json(cardrules.to_json(bad))
