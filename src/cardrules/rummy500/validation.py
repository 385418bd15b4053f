"""The invariants of every reachable Rummy 500 state and view, checked on load.

:func:`validate_state` and :func:`validate_view` raise ``ValueError`` naming the
first invariant a state or view breaks; ``from_json`` calls them (through
``GAME``), so only what a game could reach loads. The invariants, by number
(``docs/rummy500.rst`` lists the same; each has a tampered-JSON test in
``tests/rummy500/test_validation.py``):

R-1 *Shape*: one entry per seat in every per-seat field; dealer, player to act
    and meld owners are seats.
R-2 *Bounded numbers*: every counter and score lies in a range the config
    allows (so no number can grow past what text conversion handles).
R-3 *Counters*: ``round_number`` ≤ ``max_rounds``; ``turns`` < ``max_turns``;
    the seat to act is the ``turns``-th after the dealer's left; ``reshuffles``
    ≤ ``reshuffle_limit`` (0 unless ``stock_exhausted="reshuffle"``);
    ``shuffles`` is two plus one per finished round plus one per reshuffle.
R-4 *History*: one result per finished round, numbered 1, 2, …, dealt by the
    seat before the next dealer; each round's cards (placed and left in hand,
    all seats) are cards of the pack, no card more often than the pack holds;
    each seat placed and kept at least the cards dealt to it; only the seat
    that went out (if any) has an empty hand.
R-5 *Credits*: every placed card scores its value (an ace used low may score
    ``low_ace_points``, and then exactly as many aces were placed low as lie
    low on the table); a meld's owner placed at least three cards per meld;
    the cards credited this round are exactly the cards on the table.
R-6 *Scores*: every breakdown adds up (hand points, round score, running
    total), and the scores are the sum of the round scores.
R-7 *End*: the game is over exactly when its end rule says (R5-7, R5-8,
    ``max_rounds``): a game in progress has nobody at the target with a
    single highest total, a finished one has the winners the scores give.
R-8 *Cards*: the cards in hands, stock, discard pile and melds are the pack;
    hands are sorted and (during a round) never empty; every table meld is a
    legal meld.
R-9 *Deal sizes*: the stock never holds more than the deal left in it, and
    not more than one card per turn begun has left it; the discard pile holds
    at most the upcard plus one card per finished turn; each seat holds and
    has placed at least the cards dealt to it (one more for the player in his
    play phase).
R-10 *Phase*: in the draw phase nothing is owed or taken and the stock has
    not run out; the player to act has a legal action; a dug card still owed
    is the deepest card taken and is in the player's hand; a dug card no
    longer owed was placed; the stock-ran-out flag matches the stock.
R-11 *Views* (as R-1..R-10 for what a view shows): the seat's hand matches its
    size, a spectator sees no hand, the sizes add up to the pack, and only the
    seat to act is shown legal actions, exactly the ones the rules list.

>>> from cardrules import from_json, to_json
>>> from cardrules.rummy500 import new_game
>>> text = to_json(new_game(seed=1)).replace('"round_number":1', '"round_number":3')
>>> from_json(text)
Traceback (most recent call last):
...
ValueError: inconsistent Rummy 500 state: R-4: every finished round needs a result (2 rounds, ...)
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from cardrules import rng
from cardrules.cards import Card, Rank, check_same_cards, make_deck
from cardrules.rummy.meld_checks import is_natural_meld
from cardrules.rummy.melds import RunMeld, TableMeld, meld_error
from cardrules.rummy500 import scoring
from cardrules.rummy500.config import MAX_TARGET, Config
from cardrules.rummy500.rules import (
    _can_draw_stock,
    _draw_actions,
    first_dealer,
    legal_actions,
    meld_rules,
)
from cardrules.rummy500.state import Phase, RoundResult, SeatScore, State
from cardrules.rummy500.view import View

__all__ = ["validate_state", "validate_view"]

_Fail = Callable[[str], NoReturn]


def _failer(what: str) -> _Fail:
    def fail(message: str) -> NoReturn:
        raise ValueError(f"inconsistent Rummy 500 {what}: {message}")

    return fail


def validate_state(state: State) -> None:
    """Raise ``ValueError`` unless ``state`` is one the rules could reach (R-1..R-10).

    >>> from cardrules.rummy500 import new_game
    >>> validate_state(new_game(seed=1)) is None
    True
    """
    if not isinstance(state, State) or not isinstance(state.config, Config):
        raise ValueError("not a Rummy 500 state")
    fail = _failer("state")
    rng.validate_seed(state.seed)
    for name in ("hands", "placed_points"):
        if len(getattr(state, name)) != state.config.num_players:
            fail(f"R-1: {name} must have one entry per player ({state.config.num_players})")
    _check_public(state, state.hands, fail)
    config = state.config
    players = config.num_players
    # the random streams used: two for the first deal, one a round, one a reshuffle.
    _bounded(state.shuffles, 0, 2 + config.max_rounds * (1 + config.reshuffle_limit), "shuffles",
             fail)
    least = state.round_number + 1 + state.reshuffles
    most = least + (state.round_number - 1) * config.reshuffle_limit
    if config.stock_exhausted != "reshuffle":
        most = least
    if not least <= state.shuffles <= most:
        fail("R-3: the shuffle count does not agree with the rounds and reshuffles")
    # every card of the pack is in exactly one place.
    deck = make_deck(decks=config.num_decks, jokers_per_deck=config.jokers)
    everything: list[Card] = [c for hand in state.hands for c in hand]
    everything += state.stock + state.discard
    everything += [c for meld in state.melds for c in meld.cards]
    # The same cards as often as the pack: as many in all, none more often than the pack.
    if len(everything) != len(deck) or not _within(everything, config):
        try:
            check_same_cards(deck, everything, "R-8")
        except ValueError as exc:
            fail(str(exc))
    # what each placed card scored.
    for seat in range(players):
        cards, points = state.placed[seat], state.placed_points[seat]
        if len(cards) != len(points):
            fail("R-5: every placed card needs its points")
        _score_placed(cards, points, config, "R-5: ", fail)
    _check_low_aces(state.melds, state.placed, state.placed_points, config, fail)
    if state.phase is Phase.OVER:
        return
    acting = state.to_act
    if acting is None:
        fail("R-1: the player to act is not a seat")
    # the stock and the discard pile hold what the deal and the turns leave.
    dealt_stock = config.deck_size - players * config.hand_size - 1
    begun = state.turns + (1 if state.phase is Phase.PLAY else 0)
    if state.reshuffles == 0:
        if not dealt_stock - begun <= len(state.stock) <= dealt_stock:
            fail("R-9: the stock does not hold what the deal and the turns leave in it "
                 "(each turn draws at most one card)")
        # Turns that took from the pile instead of drawing, and the cards they took:
        # each take is at least one card.
        takes = begun - (dealt_stock - len(state.stock))
        taken_from_pile = 1 + state.turns - len(state.discard)
        if taken_from_pile < takes:
            fail(f"R-9: {takes} turns took from the discard pile, but only "
                 f"{taken_from_pile} cards left it")
        drawn = dealt_stock - len(state.stock)
        if state.phase is Phase.PLAY and (takes if state.taken else drawn) < 1:
            fail("R-9: this turn took from the pile or drew from the stock, "
                 "but the stock and the cards taken say it did neither")
    # R5-11: the first dealer is the config's, or the seed's draw.
    first = first_dealer(config, state.seed)
    if state.dealer != (first + state.round_number - 1) % players:
        source = "the config's" if config.first_dealer is not None else "drawn from the seed"
        fail("R-3: the dealer is not the one the first dealer and the round give "
             f"(the first dealer is {source}, R5-11)")
    # the dug card.
    hand = state.hands[acting]
    if state.phase is Phase.PLAY and state.taken:
        placed = state.placed[acting]
        # Each card taken, as often as it was taken, is in the hand or among the placed.
        if any(
            state.taken.count(card) > hand.count(card) + placed.count(card)
            for card in state.taken
        ):
            fail("R-10: the cards taken from the pile are not in the player's hand or melds")
        must_use = len(state.taken) > 1 or config.top_discard_must_be_used
        if state.owed is None and must_use and state.taken[0] not in state.placed[acting]:
            fail("R-10: the dug card was neither placed nor is it still owed")
    if state.owed is not None and state.owed not in hand:
        fail("R-10: the card owed to the table is not in the player's hand")
    if not _has_legal_action(state):
        fail("R-10: the player to act has no legal action")


def _has_legal_action(state: State) -> bool:
    """Whether ``legal_actions(state)`` is not empty, without listing every draw (R-10).

    In the draw phase the list is the draw actions in order, so the first one
    settles it. In the play phase the rules always leave the player a discard
    (when the turn's obligations leave nothing else, the discards are listed
    all the same: ``rules._legal_actions``), so a card in hand settles it.
    """
    if state.phase is Phase.DRAW:
        # The draw from the stock comes first in the list when there is one.
        return _can_draw_stock(state) or bool(_draw_actions(state))
    if state.phase is Phase.PLAY and state.to_act is not None:
        return len(state.hands[state.to_act]) > 0
    return bool(legal_actions(state))


def validate_view(view: View) -> None:
    """Raise ``ValueError`` unless ``view`` is one some seat could be shown (R-11).

    >>> from cardrules.rummy500 import new_game, view as view_of
    >>> validate_view(view_of(new_game(seed=1), 0)) is None
    True
    """
    if not isinstance(view, View) or not isinstance(view.config, Config):
        raise ValueError("not a Rummy 500 view")
    fail = _failer("view")
    config = view.config
    players = config.num_players
    seat = view.seat
    if seat is not None and not 0 <= seat < players:
        fail("R-11: the view's seat is not a seat")
    if len(view.hand_sizes) != players:
        fail("R-1: hand_sizes must have one entry per player")
    for size in view.hand_sizes:
        _bounded(size, 0, config.deck_size, "a hand size", fail)
    _bounded(view.stock_size, 0, config.deck_size, "the stock size", fail)
    if seat is None and view.hand:
        fail("R-11: a spectator sees no hand")
    if seat is not None and len(view.hand) != view.hand_sizes[seat]:
        fail("R-11: the hand does not have the size shown for it")
    hands: list[tuple[Card, ...] | None] = [None] * players
    if seat is not None:
        hands[seat] = view.hand
    _check_public(view, hands, fail)
    # what the view shows is part of the pack, and the sizes add up to it.
    deck = Counter(make_deck(decks=config.num_decks, jokers_per_deck=config.jokers))
    shown = Counter(view.hand) + Counter(view.discard)
    shown += Counter(c for meld in view.melds for c in meld.cards)
    if shown - deck:
        fail("R-8: the view shows cards the pack does not hold")
    table = sum(len(meld.cards) for meld in view.melds)
    if sum(view.hand_sizes) + view.stock_size + len(view.discard) + table != config.deck_size:
        fail("R-8: the hands, stock, discard pile and melds do not add up to the pack")
    # the round points are what the placed cards can score.
    if len(view.round_points) != players:
        fail("R-1: round_points must have one entry per player")
    for cards, points in zip(view.placed, view.round_points):
        _bounded(points, 0, 100 * config.deck_size, "round points", fail)
        low = sum(scoring.card_points(c, config, low=True) for c in cards)
        high = sum(scoring.card_points(c, config) for c in cards)
        if not min(low, high) <= points <= max(low, high):
            fail("R-5: a seat's round points are not what its placed cards score")
    if view.phase is Phase.OVER:
        if view.legal_actions:
            fail("R-11: a finished game lists no actions")
        return
    # the stock holds no more than the deal and the turns allow.
    dealt_stock = config.deck_size - players * config.hand_size - 1
    begun = view.turns + (1 if view.phase is Phase.PLAY else 0)
    if config.stock_exhausted != "reshuffle" and not (
        dealt_stock - begun <= view.stock_size <= dealt_stock
    ):
        fail("R-9: the stock does not hold what the deal and the turns leave in it "
             "(each turn draws at most one card)")
    if view.owed is not None and seat == view.to_act and view.owed not in view.hand:
        fail("R-10: the card owed to the table is not in the player's hand")
    if seat != view.to_act:
        if view.legal_actions:
            fail("R-11: only the seat to act is shown legal actions")
        return
    # R-11: the legal actions are the rules' own, from a state that agrees with the view.
    from cardrules.bots.worlds import sample_world  # the bots import the game: not at the top

    try:
        world = sample_world(view, None, random.Random(0))
    except ValueError as exc:
        fail(f"R-11: no state agrees with the view ({exc})")
    if legal_actions(world) != view.legal_actions:
        fail("R-11: the legal actions shown are not the ones the rules list")


# ---------------------------------------------------------------------------
# What states and views share


def _bounded(value: object, low: int, high: int, what: str, fail: _Fail) -> None:
    """R-2: ``value`` is a whole number in ``low..high`` (checked before any use of it)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        fail(f"R-2: {what} must be a whole number from {low} to {high}")


def _score_placed(
    cards: Sequence[Card], points: Sequence[int], config: Config, prefix: str, fail: _Fail
) -> None:
    """R-2 / R-5: each placed card's points are bounded and what that card can score."""
    table = _points_table(config)
    for card, value in zip(cards, points):
        if type(value) is int and 0 <= value <= 100 and type(card) is Card:
            high, low = table[card.index]
            if value in (high, low):
                continue
        _bounded(value, 0, 100, "placed points", fail)
        if not _may_score(card, value, config):
            fail(f"{prefix}the {card} cannot score {value}")


def _may_score(card: Card, value: int, config: Config) -> bool:
    return value in (scoring.card_points(card, config),
                     scoring.card_points(card, config, low=True))


def _points_table(config: Config) -> tuple[tuple[int, int], ...]:
    """``(card_points, card_points(low=True))`` of each card, at its ``index``.

    The two depend on ``ace_points`` and ``low_ace_points`` alone, so one table
    serves every state with those options.
    """
    return _points_for(config.ace_points, config.low_ace_points)


@functools.lru_cache(maxsize=256)
def _points_for(ace_points: int, low_ace_points: int | None) -> tuple[tuple[int, int], ...]:
    config = Config(ace_points=ace_points, low_ace_points=low_ace_points)
    return tuple(
        (scoring.card_points(card, config), scoring.card_points(card, config, low=True))
        for card in sorted(set(make_deck(jokers_per_deck=1)), key=_INDEX)
    )


def _hand_points(hand: Sequence[Card], config: Config) -> int:
    """``scoring.hand_points(hand, config)``, from the table of card points."""
    table = _points_table(config)
    total = 0
    for card in hand:
        if type(card) is not Card:
            return scoring.hand_points(hand, config)
        total += table[card.index][0]
    return total


def _within(cards: Sequence[Card], config: Config) -> bool:
    """Whether ``cards`` are all cards, none more often than the config's pack holds it."""
    most = _pack_copies(config)
    counts = [0] * len(most)
    for card in cards:
        if type(card) is not Card:
            return False
        counts[card.index] += 1
    return all(map(operator.le, counts, most))


def _pack_copies(config: Config) -> tuple[int, ...]:
    """How many copies of each card (at its ``index``) the config's pack holds."""
    return _copies_in(config.num_decks, config.jokers)


@functools.lru_cache(maxsize=16)
def _copies_in(decks: int, jokers: int) -> tuple[int, ...]:
    counts = [0] * 53
    for card in make_deck(decks=decks, jokers_per_deck=jokers):
        counts[card.index] += 1
    return tuple(counts)


def _all_bounded(values: Sequence[object], low: int, high: int, what: str, fail: _Fail) -> None:
    """:func:`_bounded` for each of ``values``, in order."""
    for value in values:
        if type(value) is not int or not low <= value <= high:
            _bounded(value, low, high, what, fail)


_INDEX = operator.attrgetter("index")


def _deck_counts(config: Config) -> Counter[Card]:
    """How often the config's pack holds each card (a new counter: callers may change it)."""
    return Counter(make_deck(decks=config.num_decks, jokers_per_deck=config.jokers))


def _same_multiset(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """Whether two sequences of cards hold the same cards as often (``Counter`` equality)."""
    if len(first) != len(second):
        return False
    try:
        if sorted(first, key=_INDEX) == sorted(second, key=_INDEX):
            return True
    except (AttributeError, TypeError):
        pass
    return Counter(first) == Counter(second)


def _check_public(obj: Any, hands: Sequence[tuple[Card, ...] | None], fail: _Fail) -> None:
    """The invariants of what every seat sees; ``hands`` has ``None`` for a hidden hand."""
    config: Config = obj.config
    players = config.num_players
    # shapes.
    for name in ("placed", "scores"):
        if len(getattr(obj, name)) != players:
            fail(f"R-1: {name} must have one entry per player ({players})")
    if len(hands) != players:
        fail(f"R-1: hands must have one entry per player ({players})")
    if not 0 <= obj.dealer < players:
        fail("R-1: the dealer is not a seat")
    if len(obj.meld_owners) != len(obj.melds) or any(
        not 0 <= owner < players for owner in obj.meld_owners
    ):
        fail("R-1: every meld needs an owner seat")
    # bounded counters.
    _bounded(obj.round_number, 1, config.max_rounds, "round_number", fail)
    _bounded(obj.turns, 0, config.max_turns, "turns", fail)
    reshuffles = getattr(obj, "reshuffles", 0)  # a view does not show it
    _bounded(reshuffles, 0, config.reshuffle_limit, "reshuffles", fail)
    if reshuffles and config.stock_exhausted != "reshuffle":
        fail("R-3: only stock_exhausted='reshuffle' makes new stocks")
    limit = _score_limit(config, obj.round_number)
    _all_bounded(obj.scores, -limit, limit, "a score", fail)
    over = obj.phase is Phase.OVER
    finished = len(obj.history)
    if over and finished != obj.round_number:
        fail("R-4: a finished game has the result of its last round")
    if not over and finished != obj.round_number - 1:
        fail(f"R-4: every finished round needs a result ({obj.round_number - 1} rounds, "
             f"{finished} results)")
    _check_history(obj.history, obj, fail)
    # the end rule.
    if over:
        if obj.to_act is not None or not obj.winners:
            fail("R-7: a finished game has winners and nobody to act")
        if obj.winners != scoring.winners_after_round(obj.scores, config, obj.round_number):
            fail("R-7: the winners do not follow from the scores")
        if obj.owed is not None or obj.taken:
            fail("R-10: a finished game has no turn in progress")
        _check_melds(obj, fail)
        return
    if obj.winners:
        fail("R-7: a game in progress has no winners")
    if finished and scoring.winners_after_round(obj.scores, config, finished):
        fail("R-7: the game should have ended: the scores name a winner")
    if obj.turns >= config.max_turns:
        fail("R-3: a round ends when it reaches max_turns turns")
    to_act = obj.to_act
    if to_act is None or not 0 <= to_act < players:
        fail("R-1: the player to act is not a seat")
    if to_act != (obj.dealer + 1 + obj.turns) % players:
        fail("R-3: the seat to act is not the one the dealer and the turn count give")
    _check_melds(obj, fail)
    # hands during a round.
    sizes = (
        obj.hand_sizes if isinstance(obj, View) else tuple(len(h) for h in hands if h is not None)
    )
    for hand in hands:
        if hand is not None and not _in_card_order(hand):
            fail("R-8: hands are kept in card order")
    if any(size == 0 for size in sizes):
        fail("R-8: an empty hand ends the round")
    playing = obj.phase is Phase.PLAY
    for s in range(players):
        size = sizes[s] if isinstance(obj, View) else len(hands[s] or ())
        now = s == to_act and playing
        # Every turn gains one card and gives one back, but for a dig of k cards,
        # which gains k - 1 more and obliges the digger to place the deepest one.
        extra = size + len(obj.placed[s]) - config.hand_size - (1 if now else 0)
        if extra < 0:
            fail(f"R-9: seat {s} holds and has placed fewer cards than it was dealt")
        dug_now = len(obj.taken) - 1 if now and obj.taken else 0
        if extra > dug_now and not obj.placed[s]:
            fail(f"R-9: seat {s} holds more cards than it was dealt, yet placed none, "
                 "though only a dig gains cards and a dug card must be placed (R5-4)")
    if len(obj.discard) > 1 + obj.turns:
        fail("R-9: the discard pile holds more cards than the turns discarded")
    if not obj.discard and (obj.phase is Phase.DRAW or not obj.taken):
        # The upcard, and after that each turn's discard, lies on the pile until a
        # player takes it: only a player who took the whole pile leaves it empty.
        fail("R-9: the discard pile is empty, yet nobody took it this turn")
    stock = obj.stock_size
    ran_out = getattr(obj, "stock_ran_out", None)  # a view does not show it
    # the phase.
    if obj.phase is Phase.DRAW:
        if obj.owed is not None or obj.taken or ran_out:
            fail("R-10: nobody has drawn yet, so nothing was taken")
        if config.stock_exhausted == "end" and not stock:
            fail("R-10: with stock_exhausted='end' an empty stock ends the round")
    elif obj.owed is not None and (not obj.taken or obj.taken[0] != obj.owed):
        fail("R-10: the card owed is the deepest card taken from the pile")
    if ran_out is None:
        return
    if ran_out and (stock or config.stock_exhausted == "discard_only"):
        fail("R-10: the stock-ran-out flag does not match the stock")
    if config.stock_exhausted == "end" and not stock and not ran_out:
        fail("R-10: with stock_exhausted='end' an empty stock ends the round")


def _in_card_order(hand: Sequence[Card]) -> bool:
    """Whether ``hand`` is in card order (``sorted``): the order of ``Card.index``."""
    try:
        indexes = [card.index for card in hand]
    except AttributeError:
        return list(hand) == sorted(hand)
    return all(map(operator.le, indexes, indexes[1:]))


def _check_melds(obj: Any, fail: _Fail) -> None:
    """R-5 / R-8: the table melds are legal and are the cards credited this round."""
    config: Config = obj.config
    rules = meld_rules(config)
    for meld in obj.melds:
        if is_natural_meld(meld, rules):
            continue  # what meld_error would say in many more steps
        error = meld_error(meld, rules)
        if error is not None:
            fail(f"R-8: a table meld is not legal ({error})")
    placed = [c for cards in obj.placed for c in cards]
    if not _same_multiset(placed, [c for meld in obj.melds for c in meld.cards]):
        fail("R-5: the cards credited to players are not the cards on the table")
    owned = Counter(obj.meld_owners)
    for seat, cards in enumerate(obj.placed):
        if len(cards) < 3 * owned[seat]:
            fail("R-5: a meld's owner placed at least its first three cards")


def _check_low_aces(
    melds: Sequence[TableMeld],
    placed: Sequence[Sequence[Card]],
    points: Sequence[Sequence[int]],
    config: Config,
    fail: _Fail,
) -> None:
    """R-5: as many aces are credited low as lie low on the table (no wrap-around)."""
    low = config.low_ace_points
    if low is None or low == config.ace_points:
        return
    credited: Counter[Card] = Counter()
    for cards, values in zip(placed, points):
        for card, value in zip(cards, values):
            if card.rank is Rank.ACE and value == low:
                credited[card] += 1
    lying: Counter[Card] = Counter()
    for meld in melds:
        if isinstance(meld, RunMeld) and meld.start == 1 and meld.cards[0].rank is Rank.ACE:
            lying[meld.cards[0]] += 1
    if config.allow_wraparound:
        # A low ace can end up inside a run that grew round the corner.
        runs = Counter(c for m in melds if isinstance(m, RunMeld) for c in m.cards)
        if credited - runs:
            fail("R-5: an ace is credited as used low but lies in no run")
    elif credited != lying:
        fail("R-5: the aces credited as used low are not the aces lying low on the table")


def _score_limit(config: Config, round_number: int) -> int:
    """The most a seat's total can move in ``round_number`` rounds (R-2)."""
    most = max(config.ace_points, config.low_ace_points or 0, scoring.JOKER_POINTS)
    return round_number * config.deck_size * most + MAX_TARGET


def _check_history(history: Sequence[RoundResult], obj: Any, fail: _Fail) -> None:
    """R-4 / R-6 / R-7: the finished rounds' results, each against the totals before it."""
    config: Config = obj.config
    players = config.num_players
    if len(history) > config.max_rounds:
        fail("R-4: more rounds than max_rounds")
    totals = tuple(config.starting_scores or (0,) * players)
    remember = type(config) is Config
    for number, result in enumerate(history, start=1):
        dealer = (obj.dealer - (obj.round_number - number)) % players
        fault = None
        exact = remember and _exactly_typed(result)
        if exact:
            try:
                fault = _round_fault(config, result, number, dealer, totals)
            except TypeError:  # unhashable (a config changed in place): check it afresh
                remember = exact = False
        if not exact:
            fault = _round_fault_afresh(config, result, number, dealer, totals)
        if fault is not None:
            fail(fault)
        totals = tuple([part.total for part in result.seats])
        if number < len(history) and scoring.winners_after_round(totals, config, number):
            fail(f"R-7: the game should have ended after round {number}")
    if totals != tuple(obj.scores):
        fail("R-6: scores are not the sum of the round results")


_INT_TYPE = frozenset({int})
_CARD_TYPE = frozenset({Card})
_TUPLE_TYPE = frozenset({tuple})
_OPTIONAL_INT_TYPES = frozenset({int, type(None)})


def _exactly_typed(result: Any) -> bool:
    """Whether every value in ``result`` has exactly its annotated type (whole numbers,
    text, tuples, cards, seat scores): equal such results are alike in every way
    :func:`_round_fault_afresh` looks at (``True == 1``, but ``True`` is refused)."""
    # Read through an ``Any`` that the type test does not narrow: compiled with mypyc,
    # a field read as ``int`` would be unboxed, and ``True`` would come back as 1.
    fields: Any = result
    if type(result) is not RoundResult or type(fields.ended_by) is not str:
        return False
    seats = fields.seats
    if (
        type(seats) is not tuple
        or not _INT_TYPE.issuperset(map(type, (fields.round_number, fields.dealer)))
        or type(fields.went_out) not in _OPTIONAL_INT_TYPES
    ):
        return False
    for seat_score in seats:
        part: Any = seat_score  # (not narrowed, as above)
        if (
            type(seat_score) is not SeatScore
            or not _INT_TYPE.issuperset(
                map(type, (part.seat, part.hand_points, part.round_score, part.total)))
            or not _TUPLE_TYPE.issuperset(
                map(type, (part.placed, part.placed_points, part.in_hand)))
            or not _CARD_TYPE.issuperset(map(type, part.placed))
            or not _CARD_TYPE.issuperset(map(type, part.in_hand))
            or not _INT_TYPE.issuperset(map(type, part.placed_points))
        ):
            return False
    return True


@functools.lru_cache(maxsize=512)
def _round_fault(
    config: Config, result: RoundResult, number: int, dealer: int, totals: tuple[int, ...]
) -> str | None:
    """:func:`_round_fault_afresh`, remembered: every later state of a game holds the
    same finished rounds. A bounded cache of a pure function of values (configs and
    results are frozen, their values exactly typed)."""
    return _round_fault_afresh(config, result, number, dealer, totals)


class _RoundFaultError(Exception):
    """What is wrong with one round's result (raised and caught within this module)."""


def _raise_fault(message: str) -> NoReturn:
    raise _RoundFaultError(message)


def _round_fault_afresh(
    config: Config, result: RoundResult, number: int, dealer: int, totals_before: tuple[int, ...]
) -> str | None:
    """R-4 / R-6 for round ``number``'s result, dealt by ``dealer`` after ``totals_before``:
    what is wrong with it, or ``None``."""
    try:
        _check_round_result(config, result, number, dealer, totals_before, _raise_fault)
    except _RoundFaultError as fault:
        return str(fault)
    return None


def _check_round_result(
    config: Config, result: RoundResult, number: int, dealer: int,
    totals_before: tuple[int, ...], fail: _Fail,
) -> None:
    players = config.num_players
    limit = _score_limit(config, 1)
    totals = list(totals_before)
    where = f"round {number}'s result"
    if result.round_number != number or len(result.seats) != players:
        fail(f"R-4: {where} is malformed")
    if result.dealer != dealer:
        fail(f"R-4: {where} names the wrong dealer (the deal passes left, R5-11)")
    went_out = result.went_out
    if (result.ended_by == "went_out") != (went_out is not None):
        fail(f"R-4: {where} says who went out exactly when someone did")
    if went_out is not None and not 0 <= went_out < players:
        fail(f"R-4: {where} names no seat as going out")
    cards: list[Card] = []
    for seat, part in enumerate(result.seats):
        if part.seat != seat:
            fail(f"R-4: {where} lists seats out of order")
        if (not part.in_hand) != (seat == went_out):
            fail(f"R-4: {where}: only the seat that went out has an empty hand")
        if len(part.placed) + len(part.in_hand) < config.hand_size:
            fail(f"R-4: {where}: seat {seat} ends with fewer cards than it was dealt")
        if len(part.placed) != len(part.placed_points):
            fail(f"R-5: {where}: every placed card needs its points")
        _score_placed(part.placed, part.placed_points, config, f"R-5: {where}: ", fail)
        cards += part.placed
        cards += part.in_hand
        # Read through ``Any``: compiled with mypyc, an ``int`` field read as such is
        # unboxed and a ``True`` there would pass as 1.
        scores: Any = part
        _all_bounded((scores.hand_points, scores.round_score, scores.total),
                     -limit * number, limit * number, "a round score", fail)
        if part.hand_points != _hand_points(part.in_hand, config):
            fail(f"R-6: {where}: hand points do not match the hand")
        if part.round_score != sum(part.placed_points) - part.hand_points:
            fail(f"R-6: {where}: round score is not melded minus hand points")
        totals[seat] += part.round_score
        if part.total != totals[seat]:
            fail(f"R-6: {where}: running total is wrong")
    if not _within(cards, config) and Counter(cards) - _deck_counts(config):
        extra = Counter(cards) - _deck_counts(config)
        fail(f"R-4: {where} holds cards the pack does not "
             f"({' '.join(str(c) for c in sorted(extra.elements()))})")

