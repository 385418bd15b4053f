"""Consistency checks for Rummy 500 states loaded from outside (JSON)."""

from __future__ import annotations

from collections import Counter

from cardrules import rng
from cardrules.cards import Card, check_same_cards, make_deck
from cardrules.rummy.melds import meld_error
from cardrules.rummy500 import scoring
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import meld_rules
from cardrules.rummy500.state import Phase, State

__all__ = ["validate_state"]


def validate_state(state: State) -> None:
    """Raise ``ValueError`` unless ``state`` is a state the rules could reach.

    Checks card conservation, the shape of every per-seat field, the melds, the
    phase and turn, the dig bookkeeping and that the scores are the sum of the
    recorded rounds.
    """
    if not isinstance(state, State) or not isinstance(state.config, Config):
        raise ValueError("not a Rummy 500 state")
    config = state.config
    players = config.num_players
    rng.validate_seed(state.seed)

    def fail(message: str) -> None:
        raise ValueError(f"inconsistent Rummy 500 state: {message}")

    for name in ("hands", "placed", "placed_points", "scores"):
        if len(getattr(state, name)) != players:
            fail(f"{name} must have one entry per player ({players})")
    if not 0 <= state.dealer < players:
        fail("the dealer is not a seat")
    if state.round_number < 1 or state.shuffles < state.round_number + 1:
        fail("round number and shuffle count do not agree")
    deck = make_deck(decks=config.decks, jokers_per_deck=config.jokers)
    everything: list[Card] = [c for hand in state.hands for c in hand]
    everything += state.stock + state.discard
    everything += [c for meld in state.melds for c in meld.cards]
    check_same_cards(deck, everything, "inconsistent Rummy 500 state")
    for hand in state.hands:
        if list(hand) != sorted(hand):
            fail("hands are kept in card order")
    rules = meld_rules(config)
    for meld in state.melds:
        error = meld_error(meld, rules)
        if error is not None:
            fail(f"a table meld is not legal ({error})")
    if len(state.meld_owners) != len(state.melds) or any(
        not 0 <= owner < players for owner in state.meld_owners
    ):
        fail("every meld needs an owner seat")
    placed = Counter(c for cards in state.placed for c in cards)
    if placed != Counter(c for meld in state.melds for c in meld.cards):
        fail("the cards credited to players are not the cards on the table")
    for cards, points in zip(state.placed, state.placed_points):
        if len(cards) != len(points):
            fail("every placed card needs its points")
        for card, value in zip(cards, points):
            if value not in (scoring.card_points(card, config),
                             scoring.card_points(card, config, low=True)):
                fail(f"the {card} cannot score {value}")
    _check_turn(state, fail)
    _check_scores(state, fail)


def _check_turn(state: State, fail: object) -> None:
    assert callable(fail)
    players = state.config.num_players
    if state.phase is Phase.OVER:
        if state.to_act is not None or not state.winners:
            fail("a finished game has winners and nobody to act")
        if state.owed is not None or state.taken or state.stock_ran_out:
            fail("a finished game has no turn in progress")
        expected = scoring.winners_after_round(state.scores, state.config)
        if state.winners != expected:
            fail("the winners do not follow from the scores")
        return
    if state.winners:
        fail("a game in progress has no winners")
    if state.to_act is None or not 0 <= state.to_act < players:
        fail("the player to act is not a seat")
        return
    if not state.discard and state.phase is Phase.DRAW and not state.stock:
        fail("nothing to draw")
    if any(not hand for seat, hand in enumerate(state.hands)):
        fail("an empty hand ends the round")
    if state.phase is Phase.DRAW and (state.owed is not None or state.taken):
        fail("nobody has drawn yet, so nothing was taken")
    if state.owed is not None and state.owed not in state.hands[state.to_act]:
        fail("the card owed to the table is not in the player's hand")
    if state.stock_ran_out and (state.stock or state.config.stock_exhausted == "discard_only"):
        fail("the stock-ran-out flag does not match the stock")
    if state.reshuffles > state.config.reshuffle_limit or (
        state.reshuffles and state.config.stock_exhausted != "reshuffle"
    ):
        fail("too many reshuffles this round")
    if state.config.stock_exhausted == "end" and not state.stock and not state.stock_ran_out:
        fail("with stock_exhausted='end' an empty stock ends the round")
    if len(state.history) != state.round_number - 1:
        fail("every finished round needs a result")


def _check_scores(state: State, fail: object) -> None:
    assert callable(fail)
    totals = list(state.config.starting_scores or (0,) * state.config.num_players)
    for number, result in enumerate(state.history, start=1):
        if result.round_number != number or len(result.seats) != len(totals):
            fail(f"round {number}'s result is malformed")
        for seat, part in enumerate(result.seats):
            if part.seat != seat:
                fail(f"round {number}'s result lists seats out of order")
            if part.hand_points != scoring.hand_points(part.in_hand, state.config):
                fail(f"round {number}: hand points do not match the hand")
            if part.round_score != sum(part.placed_points) - part.hand_points:
                fail(f"round {number}: round score is not melded minus hand points")
            totals[seat] += part.round_score
            if part.total != totals[seat]:
                fail(f"round {number}: running total is wrong")
    if tuple(totals) != state.scores:
        fail("scores are not the sum of the round results")
