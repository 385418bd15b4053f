"""Issue 15 item 2: only reachable Rummy 500 states and views load (invariants R-1..R-11).

Each test tampers with the JSON of a state reached by seeded play and checks
that ``from_json`` refuses it with a ``ValueError`` naming the invariant
(``rummy500/validation.py`` and docs/rummy500.rst list them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import rummy500
from cardrules.rummy500 import Config, Phase, State

Data = dict[str, Any]


def reach(config: Config, seed: int, *, rounds: int = 2, steps: int = 9) -> State:
    """A state of round ``rounds`` (or later), ``steps`` random actions into it."""
    rnd = random.Random(seed)
    state = rummy500.new_game(config, seed=seed)
    while state.round_number < rounds and not state.is_over:
        state = rummy500.apply(state, rnd.choice(rummy500.legal_actions(state)))
    for _ in range(steps):
        if state.is_over:
            break
        state = rummy500.apply(state, rnd.choice(rummy500.legal_actions(state)))
    return state


@pytest.fixture(scope="module")
def mid() -> State:
    """Round 2, the player to act has dug several cards and placed the dug one."""
    for seed in range(200):
        state = reach(Config(target=300), seed)
        if (
            state.round_number == 2
            and state.phase is Phase.PLAY
            and len(state.taken) > 1
            and state.owed is None
            and state.history[0].went_out is not None
            and state.taken[0] not in state.hands[state.to_act]
            and any(c not in state.placed[state.to_act] for c in state.hands[state.to_act])
            and min(len(p) for p in state.placed) < 3 * len(state.melds)
        ):
            return state
    raise AssertionError("no seed reached the position")


def tampered(obj: object, change: Callable[[Data], object]) -> str:
    document = json.loads(cardrules.to_json(obj))
    change(document["data"])
    return json.dumps(document)


def refused(obj: object, change: Callable[[Data], object], invariant: str) -> None:
    text = tampered(obj, change)
    with pytest.raises(ValueError, match=invariant):
        cardrules.from_json(text)


def rescore(data: Data) -> None:
    """Make the history's breakdowns and the scores add up again after a change."""
    totals = [0] * len(data["scores"])
    for result in data["history"]:
        for part in result["seats"]:
            part["round_score"] = sum(part["placed_points"]) - part["hand_points"]
            totals[part["seat"]] += part["round_score"]
            part["total"] = totals[part["seat"]]
    data["scores"] = totals


def test_reached_states_and_views_load(mid: State) -> None:
    assert cardrules.from_json(cardrules.to_json(mid)) == mid
    for seat in (0, 1, None):
        seen = rummy500.view(mid, seat)
        assert cardrules.from_json(cardrules.to_json(seen)) == seen


# --- R-1 shape, R-2 bounded numbers ------------------------------------------------


def test_r1_one_entry_per_seat(mid: State) -> None:
    refused(mid, lambda d: d["placed_points"].append([]), "R-1")
    refused(mid, lambda d: d.update(meld_owners=[0, 5]), "R-1")


@pytest.mark.parametrize("field", ["round_number", "turns", "shuffles", "reshuffles"])
def test_r2_counters_with_thousands_of_digits_are_refused(mid: State, field: str) -> None:
    """Issue 15 item 4: a 4,000-digit counter is a clear ValueError at load, not later."""
    refused(mid, lambda d: d.update({field: 10**4000}), "R-2")


def test_r2_huge_scores_are_refused(mid: State) -> None:
    def change(d: Data) -> None:
        d["scores"][0] = 10**4000

    refused(mid, change, "R-2")


def test_config_bounds_the_target() -> None:
    refused(Config(), lambda d: d.update(target=10**4000),
            "target must be at most 1000000, not a num")


# --- R-3 counters --------------------------------------------------------------------


def test_r3_rewound_shuffle_counter_is_refused(mid: State) -> None:
    """A rewound counter would make the next deal replay an earlier one (issue 15 item 2)."""
    refused(mid, lambda d: d.update(shuffles=2), "R-3")
    refused(mid, lambda d: d.update(shuffles=9), "R-3")


def test_r3_turn_count_agrees_with_the_seat_to_act(mid: State) -> None:
    refused(mid, lambda d: d.update(turns=d["turns"] + 1), "R-3")


def test_r3_reshuffles_only_in_reshuffle_mode(mid: State) -> None:
    refused(mid, lambda d: d.update(reshuffles=1), "R-3")


# --- R-4 history -----------------------------------------------------------------


def test_r4_a_card_melded_five_times_in_one_round_is_refused(mid: State) -> None:
    def change(d: Data) -> None:
        part = d["history"][0]["seats"][0]
        part["placed"] += ["AC"] * 4
        part["placed_points"] += [15] * 4
        rescore(d)

    refused(mid, change, "R-4: round 1's result holds cards the pack does not")


def test_r4_only_the_seat_that_went_out_has_an_empty_hand(mid: State) -> None:
    out = mid.history[0].went_out

    def change(d: Data) -> None:
        d["history"][0]["seats"][out]["in_hand"] = ["KS"]
        d["history"][0]["seats"][out]["hand_points"] = 10
        rescore(d)

    refused(mid, change, "R-4")


def test_r4_a_round_ends_with_at_least_the_cards_dealt(mid: State) -> None:
    out = mid.history[0].went_out

    def change(d: Data) -> None:
        part = d["history"][0]["seats"][out]
        part["placed"], part["placed_points"] = part["placed"][:3], part["placed_points"][:3]
        rescore(d)

    refused(mid, change, f"R-4: round 1's result: seat {out} ends with fewer cards")


def test_r4_history_dealers_rotate_and_every_round_has_a_result(mid: State) -> None:
    refused(mid, lambda d: d["history"][0].update(dealer=mid.dealer), "R-4")
    refused(mid, lambda d: d.update(round_number=3), "R-4")


# --- R-5 credits, R-6 scores, R-7 end ------------------------------------------------


def test_r5_credits_match_the_cards_placed(mid: State) -> None:
    seat = mid.to_act
    fewest = min(range(2), key=lambda s: len(mid.placed[s]))

    def wrong_points(d: Data) -> None:
        d["placed_points"][seat][0] = 14

    def wrong_card(d: Data) -> None:
        d["placed"][seat][0] = d["stock"][0]

    refused(mid, wrong_points, "R-5: the .* cannot score 14")
    refused(mid, wrong_card, "R-5: the cards credited")
    refused(mid, lambda d: d.update(meld_owners=[fewest] * len(mid.melds)), "R-5: a meld's owner")


def test_r5_an_ace_credited_low_lies_low_on_the_table() -> None:
    from tests.rummy500.helpers import position

    state = position(["2C 3D 4S", "5C 6D 8S"], melds=[(0, "AC AD AS")],
                     config=Config(low_ace_points=1, cards_2p=3))

    def change(d: Data) -> None:
        d["placed_points"][0][0] = 1  # the A♣ of a set: not used low

    refused(state, change, "R-5: the aces credited as used low")


def test_r6_scores_are_the_sum_of_their_breakdowns(mid: State) -> None:
    def hand_points(d: Data) -> None:
        d["history"][0]["seats"][0]["hand_points"] = 3

    def scores(d: Data) -> None:
        d["scores"][0] += 1

    refused(mid, hand_points, "R-6")
    refused(mid, scores, "R-6")


def test_r7_no_game_runs_past_its_target(mid: State) -> None:
    """Issue 15 item 2: a game still running at 240 of 60 (600 of 500) is refused."""
    refused(mid, lambda d: d["config"].update(target=60), "R-7: the game should have ended")


def test_r7_a_finished_game_has_the_winners_its_scores_give() -> None:
    over = reach(Config(target=60), 5, rounds=99)
    assert over.is_over
    refused(over, lambda d: d.update(winners=[1 - d["winners"][0]]), "R-7")
    refused(over, lambda d: d.update(phase="PLAY", to_act=0, winners=[]), "R-")


# --- R-8 cards, R-9 deal sizes, R-10 phase ----------------------------------------------


def test_r8_cards_are_conserved_and_hands_sorted(mid: State) -> None:
    def duplicate(d: Data) -> None:
        d["hands"][0][0] = d["hands"][0][1]

    def unsorted(d: Data) -> None:
        d["hands"][1].reverse()

    refused(mid, duplicate, "R-8")
    refused(mid, unsorted, "R-8: hands are kept in card order")


def test_r9_hands_and_stock_have_sizes_a_deal_gives(mid: State) -> None:
    def small_hand(d: Data) -> None:  # five of seat 1's cards moved to the stock
        d["stock"] += d["hands"][1][:5]
        d["hands"][1] = d["hands"][1][5:]

    def big_pile(d: Data) -> None:  # stock cards moved to the discard pile
        d["discard"] += d["stock"][:6]
        d["stock"] = d["stock"][6:]

    refused(mid, small_hand, "R-9")
    refused(mid, big_pile, "R-9")


def test_r10_the_dug_card_is_owed_or_placed(mid: State) -> None:
    hand = mid.hands[mid.to_act]
    loose = next(c for c in hand if c not in mid.placed[mid.to_act] and c not in mid.taken)

    def taken_not_placed(d: Data) -> None:
        d["taken"][0] = loose.code  # in hand, not placed, and nothing is owed

    def owed_elsewhere(d: Data) -> None:
        d["owed"] = d["stock"][0]

    def draw_phase_with_taken(d: Data) -> None:
        d["phase"] = "DRAW"

    refused(mid, taken_not_placed, "R-10: the dug card was neither placed")
    refused(mid, owed_elsewhere, "R-10")
    refused(mid, draw_phase_with_taken, "R-10: nobody has drawn yet")


# --- R-11 views ------------------------------------------------------------------


def test_r11_views_are_checked_on_load(mid: State) -> None:
    mine = rummy500.view(mid, mid.to_act)
    other = rummy500.view(mid, 1 - mid.to_act)
    spectator = rummy500.view(mid, None)

    def drop_card(d: Data) -> None:
        d["hand"] = d["hand"][1:]

    def drop_action(d: Data) -> None:
        d["legal_actions"] = d["legal_actions"][1:]

    def give_hand(d: Data) -> None:
        d["hand"] = mine.hand[:1] and [mine.hand[0].code]

    refused(mine, drop_card, "R-11: the hand does not have the size")
    refused(mine, drop_action, "R-11: the legal actions shown are not")
    refused(spectator, give_hand, "R-11: a spectator sees no hand")
    refused(other, lambda d: d.update(legal_actions=[{"type": "Draw"}]), "R-11")
    refused(other, lambda d: d.update(stock_size=d["stock_size"] + 1), "R-8")
    refused(other, lambda d: d.update(scores=[1, 2]), "R-6")


# ---------------------------------------------------------------------------
# Issue 30 faults 3 and 4: joker points, and loading is exact


def test_r5_12_a_joker_is_worth_15_whatever_an_ace_is_worth() -> None:
    """R5-12: jokers score 15, melded or left in hand; ``ace_points`` is the ace's alone."""
    from cardrules.cards import JOKER, parse_card
    from cardrules.rummy500.scoring import card_points

    from .helpers import position

    for ace_points in (11, 15, 20):
        config = Config(jokers=2, ace_points=ace_points, cards_2p=3)
        assert card_points(JOKER, config) == 15
        assert card_points(parse_card("AS"), config) == ace_points
        state = position(["5H 7H JK 9C", "3D 4D JK"], phase=Phase.PLAY, config=config)
        after = rummy500.apply(state, rummy500.parse_action("meld 5H JK=6H 7H", state))
        assert after.placed_points[0] == (5, 15, 7)
        end = rummy500.apply(after, rummy500.parse_action("discard 9C", after))
        assert end.history[-1].seats[1].hand_points == 3 + 4 + 15  # R5-12: a joker held


def test_r9_a_seat_that_placed_nothing_holds_exactly_its_deal() -> None:
    """R-9 (issue 30 item 4): only a dig gains cards, and a dug card must be placed
    (R5-4), so six cards held and nothing placed after a deal of three do not load."""
    state = rummy500.new_game(Config(cards_2p=3), seed=5)

    def six_held(d: Data) -> None:
        d["hands"][1] = sorted(d["hands"][1] + d["stock"][:3], key=_card_order)
        d["stock"] = d["stock"][3:]

    refused(state, six_held, "R-9: seat 1 holds more cards than it was dealt")


def _card_order(code: str) -> int:
    from cardrules.cards import parse_card

    return parse_card(code).index


def test_r9_the_pile_is_empty_only_after_a_take_of_all_of_it() -> None:
    """R-9 (issue 30 item 4): the upcard, then each discard, lies on the pile until taken:
    a play-phase state with an empty pile where nothing was taken does not load."""
    state = rummy500.apply(rummy500.new_game(seed=3), rummy500.Draw())
    assert state.phase is Phase.PLAY and state.taken == ()

    def emptied(d: Data) -> None:  # the upcard moved to the bottom of the stock
        d["stock"] = d["stock"] + d["discard"]
        d["discard"] = []

    refused(state, emptied, "R-9")
    took_all = rummy500.apply(rummy500.new_game(Config(top_discard_must_be_used=False), seed=3),
                              rummy500.TakeDiscard(rummy500.new_game(seed=3).discard[-1], 1))
    assert took_all.discard == ()
    assert cardrules.from_json(cardrules.to_json(took_all)) == took_all  # reachable: loads


def test_r5_11_the_first_dealer_is_the_seeds_draw_or_the_configs() -> None:
    """R5-11 (issue 30 item 4): with ``first_dealer=None`` the seed draws the first dealer;
    a state whose dealer is another seat does not load, nor one that contradicts the config."""
    for seed in range(6):
        state = rummy500.new_game(Config(num_players=3), seed=seed)
        assert cardrules.from_json(cardrules.to_json(state)) == state

        def other_dealer(d: Data) -> None:
            d["dealer"] = (d["dealer"] + 1) % 3
            d["turns"] = (d["turns"] - 1) % 3  # the seat to act still agrees

        refused(state, other_dealer, "R-3: the dealer is not the one")
    fixed = rummy500.new_game(Config(num_players=3, first_dealer=2), seed=1)
    assert fixed.dealer == 2

    def config_says_one(d: Data) -> None:
        d["config"]["first_dealer"] = 1

    refused(fixed, config_says_one, "R-3")


def test_r2_a_round_result_equal_to_a_checked_one_but_not_exactly_typed_is_refused() -> None:
    # The check of a finished round is remembered by value (every later state holds it):
    # a result equal to the remembered one (False == 0) but holding a value of another
    # type must still be refused, as in a fresh process.
    import attrs

    def went_out(state: State) -> bool:
        return any(part.hand_points == 0 for r in state.history for part in r.seats)

    state = next(s for s in (reach(Config(), seed) for seed in range(100)) if went_out(s))
    rummy500.validate_state(state)
    number, result = next((n, r) for n, r in enumerate(state.history)
                          if any(part.hand_points == 0 for part in r.seats))
    seat = next(i for i, part in enumerate(result.seats) if part.hand_points == 0)
    seats = list(result.seats)
    seats[seat] = attrs.evolve(seats[seat], hand_points=False)
    history = list(state.history)
    history[number] = attrs.evolve(result, seats=tuple(seats))
    odd = attrs.evolve(state, history=tuple(history))
    assert odd == state
    with pytest.raises(ValueError, match="R-2: a round score must be a whole number"):
        rummy500.validate_state(odd)
    rummy500.validate_state(state)  # the real one still passes
