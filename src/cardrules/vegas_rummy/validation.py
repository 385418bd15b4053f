"""Consistency checks for a Las Vegas Rummy state (used when loading JSON)."""

from __future__ import annotations

from decimal import Decimal

from cardrules import rng
from cardrules.cards import Card, check_same_cards, make_deck, sort_cards
from cardrules.rummy.melds import SetMeld, meld_error
from cardrules.vegas_rummy import betting, scoring
from cardrules.vegas_rummy.config import MAX_SEATS
from cardrules.vegas_rummy.rules import (
    _cut,
    _deal_order,
    _next_active,
    _pending,
    meld_rules,
    stacked_cut_dealer,
)
from cardrules.vegas_rummy.state import State, wild_cards

__all__ = ["validate_state"]


def _fail(message: str) -> None:
    raise ValueError(f"inconsistent Las Vegas Rummy state: {message}")


def validate_state(state: State) -> None:
    """Raise ``ValueError`` unless ``state`` could have arisen in play.

    Checks seats and per-phase counts, card conservation (hands, stock, discard
    pile and melds make exactly the round's decks), every table meld, the cut,
    the scores, busts and seats replayed from the round history and the ledger,
    and every payment (so the pot) against the buy-in rules.
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    config = state.config
    try:
        rng.validate_seed(state.seed)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    n = len(state.scores)
    if not (len(state.hands) == len(state.busts) == len(state.active) == n):
        _fail("hands, scores, busts and active need one entry per seat")
    limit = config.max_seats if config.max_seats is not None else MAX_SEATS
    if n < config.num_players or n > limit:
        _fail(f"{n} seats do not fit the config")
    if state.shuffles < 0 or state.turn < 0 or state.round_number < 1 or state.reshuffles < 0:
        _fail("negative counters")
    for hand in state.hands:
        if tuple(hand) != sort_cards(hand):
            _fail("hands are kept in sorted order")
    _check_cut(state)
    _check_history(state)
    in_round = state.phase in ("draw", "play")
    expected_round = len(state.history) + (1 if in_round else 0)
    if state.round_number != expected_round:
        _fail(f"round {state.round_number} does not follow {len(state.history)} scored rounds")
    if not 0 <= state.dealer < n or (not state.active[state.dealer] and in_round):
        _fail("the dealer is not a seat in play")
    if in_round:
        _check_round(state)
    else:
        if state.hands != ((),) * n or state.stock or state.discard or state.melds:
            _fail("between rounds every card is collected")
        if (
            state.upcard is not None
            or state.taken is not None
            or state.turn != 0
            or state.reshuffles != 0
        ):
            _fail("between rounds there is no upcard, taken card or turn")
        if not state.history or state.history[-1].dealer != state.dealer:
            _fail("the dealer does not match the last round")
    if state.phase == "over":
        if state.to_act is not None or not state.history[-1].game_over:
            _fail("a finished game has nobody to act and a final round")
        if state.winners != scoring.winners_of(state.scores, state.active, config.max_score):
            _fail("the winners do not match the scores")
    elif state.winners:
        _fail("winners before the game is over")
    if state.phase == "decide":
        pending = _pending(state)
        if not pending or state.to_act != pending[0]:
            _fail("the wrong player is deciding to rebuy")
    if state.phase == "table" and (
        _pending(state) or state.to_act != _next_active(state.active, state.dealer)
    ):
        _fail("the table acts before every busted player has decided")
    if state.phase in ("decide", "table") and state.history[-1].game_over:
        _fail("the game is over, yet play goes on")


def _check_cut(state: State) -> None:
    config = state.config
    if config.first_dealer == "high_card":
        seeded, cut, _shuffles = _cut(config, state.seed, 0)
        dealer = seeded if state.cut == cut else stacked_cut_dealer(config, state.seed, state.cut)
        if dealer is None:
            _fail("the cut for the first dealer does not match the seed or a stacked cut")
    else:
        assert isinstance(config.first_dealer, int)
        dealer = config.first_dealer
        if state.cut:
            _fail("no cut is made when the first dealer is given")
    first = state.history[0].dealer if state.history else state.dealer
    if first != dealer:
        _fail("the first dealer does not match the cut")


def _check_round(state: State) -> None:
    config = state.config
    seat = state.to_act
    if seat is None or not 0 <= seat < len(state.scores) or not state.active[seat]:
        _fail("the player to act is not in play")
    if state.upcard is None:
        _fail("a round in play has an upcard")
    players = sum(state.active)
    try:
        decks = config.decks_for(players)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if state.num_decks != decks:
        _fail(f"{players} players use {decks} deck(s), not {state.num_decks}")
    cards: list[Card] = list(state.stock) + list(state.discard)
    for i, hand in enumerate(state.hands):
        if state.active[i] and not hand:
            _fail(f"seat {i} is in play with no cards during a round")
        if not state.active[i] and hand:
            _fail(f"retired seat {i} holds cards")
        cards.extend(hand)
    rules = meld_rules(state)
    for k, owned in enumerate(state.melds):
        if not 0 <= owned.owner < len(state.scores):
            _fail(f"meld #{k + 1} has no owner seat")
        meld = owned.meld
        if isinstance(meld, SetMeld) and len(meld.suits) != len(meld.cards):
            _fail(f"meld #{k + 1} needs one suit per card")
        reason = meld_error(meld, rules)
        if reason is not None:
            _fail(f"meld #{k + 1}: {reason}")
        cards.extend(meld.cards)
    check_same_cards(make_deck(decks=decks, jokers_per_deck=2), cards, "the round's pack")
    if state.phase == "draw" and state.taken is not None:
        _fail("nothing has been taken before drawing")
    if state.turn == 0 and state.phase == "play" and state.taken is not None:
        _fail("the first player of a round cannot have taken a discard")
    if state.phase == "draw" and not (state.stock or len(state.discard) >= 2) and (
        state.turn == 0 or not state.discard
    ):
        _fail("the player to act has nothing to draw, so the round should have ended")
    limit = config.reshuffle_limit
    if limit is not None and (
        state.reshuffles > limit
        or (state.phase == "draw" and state.reshuffles == limit and not state.stock)
    ):
        _fail("the reshuffle limit was passed")
    order = _deal_order(state.active, state.dealer)
    if not order:
        _fail("nobody is playing")


def _check_history(state: State) -> None:
    """Replay scores, busts, seats and payments from the history and the ledger."""
    config = state.config
    scores = list(config.starting)
    busts = [0] * config.num_players
    active = [True] * config.num_players
    ledger = list(state.ledger)
    initial = ledger[: config.num_players]
    for seat in range(config.num_players):
        if seat >= len(initial) or (
            initial[seat].after_round,
            initial[seat].seat,
            initial[seat].kind,
            initial[seat].amount,
            initial[seat].score,
        ) != (0, seat, "buy_in", config.buy_in, scores[seat]):
            _fail(f"the opening buy-in of seat {seat} is wrong")
    position = config.num_players
    dealer: int | None = None
    for number, result in enumerate(state.history, 1):
        n = len(scores)
        if result.round_number != number:
            _fail(f"round {result.round_number} is recorded as round {number}")
        if not (len(result.hands) == len(result.points) == len(result.scores) == n):
            _fail(f"round {number} does not have one entry per seat")
        if not 0 <= result.dealer < n or not active[result.dealer]:
            _fail(f"round {number} was dealt by a seat not in play")
        if dealer is not None and result.dealer != _next_active(active, dealer):
            _fail(f"round {number} was dealt by the wrong seat (LV-17)")
        dealer = result.dealer
        if result.went_out is not None and (
            not 0 <= result.went_out < n or result.hands[result.went_out]
        ):
            _fail(f"round {number}: the player who went out still holds cards")
        wilds = wild_cards(config, result.upcard)
        for i in range(n):
            hand = result.hands[i]
            if not active[i] and hand:
                _fail(f"round {number}: retired seat {i} holds cards")
            if result.points[i] != scoring.hand_points(hand, wilds, config):
                _fail(f"round {number}: seat {i} scores {result.points[i]}, not its hand's points")
            scores[i] += result.points[i]
        if tuple(scores) != result.scores:
            _fail(f"round {number}: the scores do not add up")
        busted = scoring.busted_seats(scores, active, config.max_score)
        if busted != result.busted:
            _fail(f"round {number}: the busted seats are wrong")
        for i in busted:
            busts[i] += 1
        over = scoring.game_over(scores, active, config.max_score)
        if over != result.game_over:
            _fail(f"round {number}: the game-over test is wrong (LV-13)")
        if over and number != len(state.history):
            _fail("rounds were played after the game ended")
        joined = False
        while position < len(ledger) and ledger[position].after_round == number:
            entry = ledger[position]
            position += 1
            pending = [
                s for s in _deal_order(active, dealer) if scores[s] >= config.max_score
            ]
            if entry.kind in ("rebuy", "retire"):
                if joined or not pending or entry.seat != pending[0]:
                    _fail(f"after round {number}: seat {entry.seat} may not {entry.kind} now")
                if entry.kind == "rebuy":
                    score = betting.rebuy_score(scores, active, config.max_score)
                    amount = config.buy_in
                    scores[entry.seat] = score
                else:
                    score, amount = scores[entry.seat], Decimal(0)
                    active[entry.seat] = False
            elif entry.kind == "join":
                if pending or entry.seat != len(scores):
                    _fail(f"after round {number}: a join is out of order")
                amount, score = betting.join_terms(config, scores, busts, active)
                scores.append(score)
                busts.append(0)
                active.append(True)
                joined = True
            else:
                _fail(f"after round {number}: an unexpected {entry.kind}")
            if entry.amount != amount or entry.score != score:
                _fail(f"after round {number}: the {entry.kind} of seat {entry.seat} is wrong")
    if position != len(ledger):
        _fail("the ledger holds entries for rounds not yet scored")
    if tuple(scores) != state.scores:
        _fail("the scores do not match the history")
    if tuple(busts) != state.busts:
        _fail("the bust counts do not match the history")
    if tuple(active) != state.active:
        _fail("the seats in play do not match the ledger")
    if state.pot != sum((e.amount for e in state.ledger), Decimal(0)):
        _fail("the pot does not match the payments")
    if dealer is not None and state.phase in ("draw", "play") and state.dealer != _next_active(
        active, dealer
    ):
        _fail("the dealer did not pass to the left (LV-17)")
