"""The invariants of every reachable Las Vegas Rummy state, checked when a state or view is loaded.

:func:`validate_state` (run by ``cardrules.from_json`` on every state) raises
``ValueError`` unless all of these hold; :func:`validate_view` checks the ones a
view can show. Each is proved by a tampered-JSON test in
``tests/vegas_rummy/test_vegas_invariants.py``; ``docs/vegas_rummy.rst`` lists them.

1. **Bounded numbers.** Every whole number in the state is below 2**63 in size
   (checked first, so no message ever prints a huge number).
2. **Seats.** ``hands``, ``scores``, ``busts``, ``active`` have one entry per
   seat; ``num_players`` ≤ seats ≤ the seat limit; the dealer and ``to_act`` are
   seats; hands are sorted.
3. **Counters agree with the round and turn.** ``round_number`` is the number of
   scored rounds, plus one during a round; ``turn`` < ``turn_limit`` and, with a
   ``reshuffle_limit``, ``reshuffles`` ≤ the limit (in play and in every scored
   round); ``shuffles`` is exactly one per cut attempt, one per deal and one per
   reshuffle of every round so far (so no deal or reshuffle can be replayed).
4. **Cards are conserved.** During a round, hands, stock, discard pile and
   melds are exactly the round's decks (from the players then seated, LV-1).
   In every scored round the cards left in hands are cards of that round's pack,
   each at most as often as the pack holds it.
5. **Per-phase counts.** In ``"draw"`` every hand holds at most
   ``cards_per_player`` cards, in ``"play"`` the player to act one more; active
   seats hold cards, retired seats none; on a round's first turn the discard
   pile is the upcard alone and nothing is melded; until the first reshuffle the
   upcard is the bottom of the discard pile; between rounds every card is
   collected and there is no upcard, turn or taken card.
6. **The taken card** exists only in ``"play"`` after a turn 0, and is in the
   hand of the player to act or in a table meld (he may have melded it).
7. **Melds.** Every table meld is legal under the round's rules, stored in
   canonical form, and owned by a seat in play.
8. **History.** Rounds are numbered 1, 2, …; each was dealt by the next active
   seat on the left (LV-17); the player who went out holds nothing; every seat's
   points are its hand's points and the scores are the previous scores plus the
   points (scores equal the sum of their breakdowns, from the starting scores);
   the busted seats and the LV-13 test are right; nobody holds more than
   ``cards_per_player`` cards at a round's end.
9. **Ledger and money.** The opening buy-ins, then every rebuy, retirement and
   join in the order the rules allow, each with the right amount and score; the
   current scores, busts and seats follow; the pot is the sum of the payments.
10. **The end.** The game is over exactly when the last scored round passed the
    LV-13 test; then nobody is to act and the winners are right; otherwise
    there are no winners, and between rounds the right player decides or deals.
11. **The cut** for the first dealer is the one the seed gives (LV-16).
"""

from __future__ import annotations

import enum
import operator
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from typing import Final

import attrs

from cardrules import rng
from cardrules.cards import Card, Rank, Suit, check_same_cards, make_deck, sort_cards
from cardrules.rummy.melds import MeldRules, SetMeld, TableMeld, meld_error
from cardrules.rummy.wilds import normalize
from cardrules.vegas_rummy import betting, scoring
from cardrules.vegas_rummy.config import DECK_SIZE, MAX_DECKS, MAX_SEATS, Config
from cardrules.vegas_rummy.money import money_sum
from cardrules.vegas_rummy.rules import (
    _cut,
    _deal_order,
    _next_active,
    _pending,
    max_game_length,
    meld_rules,
    stacked_cut_dealer,
)
from cardrules.vegas_rummy.state import Phase, State, wild_cards
from cardrules.vegas_rummy.view import View

__all__ = ["max_game_length", "validate_state", "validate_view"]

# max_game_length lives in rules.py (one place in every game folder); still importable here.

_INT_BOUND = 2**63


def _fail(message: str) -> None:
    raise ValueError(f"inconsistent Las Vegas Rummy state: {message}")


@lru_cache(maxsize=MAX_DECKS)
def _pack(decks: int) -> tuple[Card, ...]:
    """The round's pack of ``decks`` decks with two jokers each (a pure function of ``decks``)."""
    return make_deck(decks=decks, jokers_per_deck=2)


@lru_cache(maxsize=MAX_DECKS)
def _copies(decks: int) -> tuple[int, ...]:
    """How often the pack of ``decks`` decks holds each card, by ``Card.index`` (52: jokers)."""
    counts = [0] * 53
    for card in _pack(decks):
        counts[card.index] += 1
    return tuple(counts)


def _within_pack(cards: list[Card], decks: int) -> bool:
    """Whether ``cards`` are cards, none more often than the pack of ``decks`` decks holds it."""
    counts = [0] * 53
    for card in cards:
        if not isinstance(card, Card):
            return False
        counts[card.index] += 1
    return all(count <= most for count, most in zip(counts, _copies(decks)))


@lru_cache(maxsize=MAX_DECKS)
def _sorted_pack(decks: int) -> tuple[Card, ...]:
    """:func:`_pack` in index order: what the cards of a round sort to."""
    return tuple(sorted(_pack(decks), key=_INDEX))


_INDEX: Final = operator.attrgetter("index")


def _check_pack(decks: int, cards: list[Card]) -> None:
    """Invariant 4: ``cards`` are exactly the round's pack (``check_same_cards`` explains)."""
    if not _CARD_ONLY.issuperset(map(type, cards)):
        for card in cards:
            if not isinstance(card, Card):
                _fail(f"{card!r} is not a card")
    # One sort of the cards against the pack sorted once; the slow check only to explain.
    if tuple(sorted(cards, key=_INDEX)) != _sorted_pack(decks):
        check_same_cards(_pack(decks), cards, "the round's pack")


_CARD_ONLY: Final = frozenset({Card})


_LEAVES = (bool, enum.Enum, Card, str, type(None))
"""Values that hold no whole number to check (a bool is an int, so it is named first)."""

_PLAIN: Final = frozenset({bool, Card, str, type(None), Decimal, Rank, Suit, Phase})
"""Exact types of leaves, recognised in one look (most items of a state are cards; the
enums and amounts a state holds are named too, so a meld's suits or a ledger entry's
amount cost no call of :func:`_shape`; any other enum is still a leaf by it)."""

_LEAF, _INT, _TUPLE, _ATTRS = range(4)


@lru_cache(maxsize=64)
def _shape(kind: type) -> int:
    """How the walk of invariant 1 treats values of ``kind`` (a pure function of the class):
    passed over (``_LEAF``: cards, text, flags, enums, amounts), checked (``_INT``),
    walked item by item (``_TUPLE``) or field by field (``_ATTRS``)."""
    if issubclass(kind, _LEAVES):
        return _LEAF
    if issubclass(kind, int):
        return _INT
    if issubclass(kind, tuple):
        return _TUPLE
    return _ATTRS if attrs.has(kind) else _LEAF


def _check_numbers(value: object, where: str) -> None:
    """Invariant 1: every whole number (nested in attrs values and tuples) is bounded."""
    path = _unbounded(value, 0)
    if path is not None:
        _fail(".".join((where, *path)) + " is out of range")


def _unbounded(value: object, depth: int) -> tuple[str, ...] | None:
    """Where the first whole number out of range sits in ``value`` (``()``: it is one), or ``None``.

    One walk down to depth 12, through tuples and attrs values. Items that hold
    no number (cards, text, flags, enums, amounts) are passed over, and plain
    numbers checked, where they are met, without a call each (a state holds
    hundreds of them); a tuple of cards or of numbers is looked at in one step.
    The path is built only for a number out of range.
    """
    if depth > 12:
        return None
    kind = type(value)
    shape = _shape(kind)  # type: ignore[arg-type]
    if shape == _INT:
        return None if -_INT_BOUND < value < _INT_BOUND else ()  # type: ignore[operator]
    if depth >= 12:
        return None  # what it holds lies deeper than the walk looks
    if shape == _TUPLE:
        return _unbounded_items(value, depth + 1)  # type: ignore[arg-type]
    if shape != _ATTRS:
        return None
    names, read = _fields_reader(kind)  # type: ignore[arg-type]
    for number, item in enumerate(read(value)):
        kind = type(item)
        if kind is int:
            if not -_INT_BOUND < item < _INT_BOUND:  # type: ignore[operator]
                return (names[number],)
            continue
        if kind in _PLAIN:
            continue
        if kind is tuple:
            if _PLAIN.issuperset(map(type, item)):  # type: ignore[call-overload]
                continue  # cards, text, flags (a meld's or a move's cards): no call
            # (its items lie at depth + 2, looked at while that is at most 12)
            inside: tuple[object, ...] = item  # type: ignore[assignment]
            found = _unbounded_items(inside, depth + 2) if depth + 1 < 12 else None
        elif _shape(kind) == _LEAF:  # type: ignore[arg-type]
            continue
        else:
            found = _unbounded(item, depth + 1)
        if found is not None:
            return (names[number], *found)
    return None


def _unbounded_items(items: tuple[object, ...], depth: int) -> tuple[str, ...] | None:
    """:func:`_unbounded` for a tuple's items, each at ``depth`` ≤ 12 (a tuple adds no path)."""
    kinds = set(map(type, items))
    if kinds <= _PLAIN:
        return None  # cards, text, flags: nothing to look into (checked in C)
    if kinds == _INT_ONLY:
        low, high = min(items), max(items)  # type: ignore[type-var]
        return None if low > -_INT_BOUND and high < _INT_BOUND else ()  # type: ignore[operator]
    for item in items:
        kind = type(item)
        if kind is int:
            if not -_INT_BOUND < item < _INT_BOUND:  # type: ignore[operator]
                return ()
            continue
        if kind in _PLAIN:
            continue
        if kind is tuple:
            found = _unbounded_items(item, depth + 1) if depth < 12 else None  # type: ignore[arg-type]
        elif _shape(kind) == _LEAF:  # type: ignore[arg-type]
            continue
        else:
            found = _unbounded(item, depth)
        if found is not None:
            return found
    return None


_INT_ONLY: Final = frozenset({int})


@lru_cache(maxsize=64)
def _fields_reader(
    kind: type,
) -> tuple[tuple[str, ...], Callable[[object], tuple[object, ...]]]:
    """An attrs class's field names and a function giving a value's fields (a pure function
    of the class)."""
    names = tuple(field.name for field in attrs.fields(kind))
    if len(names) > 1:
        return names, operator.attrgetter(*names)
    return names, lambda value: tuple(getattr(value, name) for name in names)  # 0 or 1 field


def validate_state(state: State) -> None:
    """Raise ``ValueError`` unless ``state`` could have arisen in play (module docstring).

    >>> from cardrules import vegas_rummy as vr
    >>> import attrs
    >>> state = vr.new_game(vr.Config(num_players=2), seed=1)
    >>> vr.validate_state(state)
    >>> vr.validate_state(attrs.evolve(state, shuffles=0))
    Traceback (most recent call last):
    ...
    ValueError: inconsistent Las Vegas Rummy state: the shuffle counter does not match ...
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    _check_numbers(state, "state")
    try:
        rng.validate_seed(state.seed)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    _check_common(state)
    _check_cut(state)
    in_round = state.phase in (Phase.draw, Phase.play)
    shuffles = (
        len(state.cut)
        + state.round_number
        + sum(result.reshuffles for result in state.history)
        + (state.reshuffles if in_round else 0)
    )
    if state.shuffles != shuffles:
        _fail("the shuffle counter does not match the cut, deals and reshuffles")
    if in_round:
        _check_round(state)
        cards: list[Card] = list(state.stock) + list(state.discard)
        for hand in state.hands:
            cards.extend(hand)
        for owned in state.melds:
            cards.extend(owned.meld.cards)
        _check_pack(state.num_decks, cards)
        seat = state.to_act
        assert seat is not None
        if (
            state.taken is not None
            and state.taken not in state.hands[seat]
            and not any(state.taken in owned.meld.cards for owned in state.melds)
        ):
            _fail("the taken card is neither in the hand nor on the table")


def validate_view(view: View) -> None:
    """Raise ``ValueError`` unless ``view`` is one some seat of a reachable state could be shown.

    The checks of :func:`validate_state` that need no hidden card: seats,
    counters, per-phase counts (hand sizes, the pack's size across the hand
    sizes, stock, discard pile and melds), the own hand's size and order, the
    taken card, the melds, the whole history, ledger and pot, and the end of the
    game; ``legal_actions`` only for the seat to act.
    """
    if not isinstance(view, View):
        raise TypeError(f"expected a vegas_rummy View, not {type(view).__name__}")
    _check_numbers(view, "view")
    n = len(view.scores)
    if view.seat is not None and not 0 <= view.seat < n:
        _fail("the view's seat is not a seat")
    if len(view.hand_sizes) != n:
        _fail("hand_sizes needs one entry per seat")
    if view.is_over != (view.phase == Phase.over):
        _fail("is_over does not match the phase")
    if view.pot != money_sum(entry.amount for entry in view.ledger):
        _fail("the pot does not match the payments")
    if view.hand is not None:
        if view.seat is None:
            _fail("a spectator holds no hand")
        elif len(view.hand) != view.hand_sizes[view.seat]:
            _fail("the hand does not match its size")
        if tuple(view.hand) != sort_cards(view.hand):
            _fail("hands are kept in sorted order")
    elif view.seat is not None:
        _fail("a seat's view shows its hand")
    if view.legal_actions and (view.seat is None or view.seat != view.to_act):
        _fail("only the seat to act is shown legal actions")
    _check_common(view)
    if view.phase in (Phase.draw, Phase.play):
        _check_round(view)
        total = (
            view.stock_size
            + len(view.discard)
            + sum(view.hand_sizes)
            + sum(len(o.meld.cards) for o in view.melds)
        )
        if total != DECK_SIZE * view.num_decks:
            _fail("the piles, hands and melds do not add up to the round's pack")
        if view.hand is not None:
            pack = Counter(make_deck(decks=view.num_decks, jokers_per_deck=2))
            seen = Counter(view.hand) + Counter(view.discard)
            for owned in view.melds:
                seen.update(owned.meld.cards)
            if seen - pack:
                _fail("more copies of a card are visible than the pack holds")
        if (
            view.taken is not None
            and view.seat == view.to_act
            and view.hand is not None
            and view.taken not in view.hand
            and not any(view.taken in owned.meld.cards for owned in view.melds)
        ):
            _fail("the taken card is neither in the hand nor on the table")


# ---------------------------------------------------------------------------
# What states and views share


def _sizes(obj: State | View) -> tuple[int, ...]:
    if isinstance(obj, State):
        return tuple(len(hand) for hand in obj.hands)
    return obj.hand_sizes


def _check_common(obj: State | View) -> None:
    config = obj.config
    if not isinstance(config, Config):
        _fail("the config is not a Las Vegas Rummy config")
    n = len(obj.scores)
    sizes = _sizes(obj)
    if not (len(sizes) == len(obj.busts) == len(obj.active) == n):
        _fail("hands, scores, busts and active need one entry per seat")
    limit = config.max_seats if config.max_seats is not None else MAX_SEATS
    if n < config.num_players or n > limit:
        _fail(f"{n} seats do not fit the config")
    if obj.turns < 0 or obj.round_number < 1 or obj.reshuffles < 0:
        _fail("negative counters")
    if isinstance(obj, State):
        if obj.shuffles < 0:
            _fail("negative counters")
        for hand in obj.hands:
            if tuple(hand) != sort_cards(hand):
                _fail("hands are kept in sorted order")
    _check_history(obj)
    in_round = obj.phase in (Phase.draw, Phase.play)
    expected_round = len(obj.history) + (1 if in_round else 0)
    if obj.round_number != expected_round:
        _fail(f"round {obj.round_number} does not follow {len(obj.history)} scored rounds")
    if not 0 <= obj.dealer < n or (not obj.active[obj.dealer] and in_round):
        _fail("the dealer is not a seat in play")
    if obj.history and obj.history[-1].game_over and obj.phase != Phase.over:
        _fail("the game is over, yet play goes on")
    if not in_round:
        if any(sizes) or obj.discard or obj.melds:
            _fail("between rounds every card is collected")
        if isinstance(obj, State) and obj.stock:
            _fail("between rounds every card is collected")
        if isinstance(obj, View) and obj.stock_size:
            _fail("between rounds every card is collected")
        if obj.upcard is not None or obj.taken is not None or obj.turns != 0 or obj.reshuffles:
            _fail("between rounds there is no upcard, taken card or turn")
        if not obj.history or obj.history[-1].dealer != obj.dealer:
            _fail("the dealer does not match the last round")
    if obj.phase == Phase.over:
        if obj.to_act is not None or not obj.history[-1].game_over:
            _fail("a finished game has nobody to act and a final round")
        if obj.winners != scoring.winners_of(obj.scores, obj.active, config.max_score):
            _fail("the winners do not match the scores")
    elif obj.winners:
        _fail("winners before the game is over")
    if obj.phase == Phase.decide:
        pending = _pending_of(obj)
        if not pending or obj.to_act != pending[0]:
            _fail("the wrong player is deciding to rebuy")
    if obj.phase == Phase.table and (
        _pending_of(obj) or obj.to_act != _next_active(obj.active, obj.dealer)
    ):
        _fail("the table acts before every busted player has decided")


def _pending_of(obj: State | View) -> list[int]:
    if isinstance(obj, State):
        return _pending(obj)
    return [
        seat
        for seat in _deal_order(obj.active, obj.dealer)
        if obj.scores[seat] >= obj.config.max_score
    ]


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


def _meld_fault(meld: TableMeld, rules: MeldRules, solidarity: bool) -> str | None:
    """Invariant 7 for one table meld: ``None``, or what is wrong (after ``meld #n``)."""
    if not isinstance(meld.cards, tuple) or (
        isinstance(meld, SetMeld) and not isinstance(meld.suits, tuple)
    ):
        return ": a meld's cards are a tuple"
    return _hashable_meld_fault(meld, rules, solidarity)


@lru_cache(maxsize=1024)
def _hashable_meld_fault(meld: TableMeld, rules: MeldRules, solidarity: bool) -> str | None:
    """:func:`_meld_fault`, a pure function of values: a meld stays on the table for many
    states, and a server loads many states of one game."""
    reason = meld_error(meld, rules)
    if reason is not None:
        return f": {reason}"
    if normalize(meld, interchangeable=solidarity) != meld:
        return " is not stored in canonical form"
    return None


def _check_round(obj: State | View) -> None:
    config = obj.config
    seat = obj.to_act
    n = len(obj.scores)
    if seat is None or not 0 <= seat < n or not obj.active[seat]:
        _fail("the player to act is not in play")
    assert seat is not None
    if obj.upcard is None:
        _fail("a round in play has an upcard")
    assert obj.upcard is not None
    players = sum(obj.active)
    try:
        decks = config.decks_for(players)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if obj.num_decks != decks:
        _fail(f"{players} players use {decks} deck(s), not {obj.num_decks}")
    sizes = _sizes(obj)
    for i, size in enumerate(sizes):
        if obj.active[i] and not size:
            _fail(f"seat {i} is in play with no cards during a round")
        if not obj.active[i] and size:
            _fail(f"retired seat {i} holds cards")
        most = config.cards_per_player + (1 if obj.phase == Phase.play and i == seat else 0)
        if size > most:
            _fail(f"seat {i} holds more cards than a deal and one draw give")
    if obj.turns >= config.turn_limit:
        _fail("the turn limit was passed, so the round should have ended")
    if obj.turns == 0 and obj.phase == Phase.draw and (
        obj.discard != (obj.upcard,) or obj.melds or any(
            size != config.cards_per_player for i, size in enumerate(sizes) if obj.active[i]
        )
    ):
        _fail("the first turn of a round starts from the deal")
    if obj.reshuffles == 0 and (not obj.discard or obj.discard[0] != obj.upcard):
        _fail("until the first reshuffle the upcard is the bottom of the discard pile")
    if obj.upcard not in make_deck(jokers_per_deck=1):
        _fail("the upcard is not a card")
    rules = meld_rules(obj)  # type: ignore[arg-type]
    for k, owned in enumerate(obj.melds):
        if not 0 <= owned.owner < n or not obj.active[owned.owner]:
            _fail(f"meld #{k + 1} has no owner seat in play")
        reason = _meld_fault(owned.meld, rules, config.meld_solidarity)
        if reason is not None:
            _fail(f"meld #{k + 1}{reason}")
    if obj.phase == Phase.draw and obj.taken is not None:
        _fail("nothing has been taken before drawing")
    if obj.turns == 0 and obj.phase == Phase.play and obj.taken is not None:
        _fail("the first player of a round cannot have taken a discard")
    stock = len(obj.stock) if isinstance(obj, State) else obj.stock_size
    if obj.phase == Phase.draw and not (stock or len(obj.discard) >= 2) and (
        obj.turns == 0 or not obj.discard
    ):
        _fail("the player to act has nothing to draw, so the round should have ended")
    limit = config.reshuffle_limit
    if limit is not None and (
        obj.reshuffles > limit
        or (obj.phase == Phase.draw and obj.reshuffles == limit and not stock)
    ):
        _fail("the reshuffle limit was passed")


def _check_history(obj: State | View) -> None:
    """Replay scores, busts, seats and payments from the history and the ledger."""
    config = obj.config
    scores = list(config.starting)
    busts = [0] * config.num_players
    active = [True] * config.num_players
    ledger = list(obj.ledger)
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
    for number, result in enumerate(obj.history, 1):
        n = len(scores)
        if result.round_number != number:
            _fail(f"round {number} is recorded with another number")
        if not (len(result.hands) == len(result.points) == len(result.scores) == n):
            _fail(f"round {number} does not have one entry per seat")
        if not 0 <= result.dealer < n or not active[result.dealer]:
            _fail(f"round {number} was dealt by a seat not in play")
        if dealer is not None and result.dealer != _next_active(active, dealer):
            _fail(f"round {number} was dealt by the wrong seat (LV-17)")
        dealer = result.dealer
        if result.went_out is not None and (
            not 0 <= result.went_out < n
            or not active[result.went_out]
            or result.hands[result.went_out]
        ):
            _fail(f"round {number}: the player who went out still holds cards")
        if result.reshuffles < 0 or (
            config.reshuffle_limit is not None and result.reshuffles > config.reshuffle_limit
        ):
            _fail(f"round {number}: more reshuffles than the limit")
        if result.upcard not in make_deck(jokers_per_deck=1):
            _fail(f"round {number}: the upcard is not a card")
        try:
            decks = config.decks_for(sum(active))
        except ValueError as exc:
            raise ValueError(str(exc)) from None
        left: list[Card] = []
        for i in range(n):
            hand = result.hands[i]
            if not active[i] and hand:
                _fail(f"round {number}: retired seat {i} holds cards")
            if active[i] and not hand and result.went_out != i:
                _fail(f"round {number}: seat {i} was in play and holds nothing")
            if len(hand) > config.cards_per_player:
                _fail(f"round {number}: seat {i} holds more cards than were dealt")
            left += hand
        if not _within_pack(left, decks):
            _fail(f"round {number}: the hands hold cards the round's pack does not")
        if len(left) > DECK_SIZE * decks - 1:
            _fail(f"round {number}: the hands hold more cards than were dealt")
        wilds = wild_cards(config, result.upcard)
        for i in range(n):
            if result.points[i] != scoring.hand_points(result.hands[i], wilds, config):
                _fail(f"round {number}: seat {i} scores other points than its hand's")
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
        if over and number != len(obj.history):
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
                    _fail(f"after round {number}: a seat may not {entry.kind} now")
                if entry.kind == "rebuy":
                    score = betting.rebuy_score(scores, active, config.max_score)
                    amount = config.buy_in
                    scores[entry.seat] = score
                else:
                    score, amount = scores[entry.seat], money_sum(())
                    active[entry.seat] = False
            elif entry.kind == "join":
                if pending or entry.seat != len(scores):
                    _fail(f"after round {number}: a join is out of order")
                if len(scores) >= (config.max_seats or MAX_SEATS):
                    _fail(f"after round {number}: a join past the seat limit")
                amount, score = betting.join_terms(config, scores, busts, active)
                scores.append(score)
                busts.append(0)
                active.append(True)
                joined = True
            else:
                _fail(f"after round {number}: an unexpected {entry.kind}")
            if entry.amount != amount or entry.score != score:
                _fail(f"after round {number}: the {entry.kind} of a seat is wrong")
    if position != len(ledger):
        _fail("the ledger holds entries for rounds not yet scored")
    if tuple(scores) != obj.scores:
        _fail("the scores do not match the history")
    if tuple(busts) != obj.busts:
        _fail("the bust counts do not match the history")
    if tuple(active) != obj.active:
        _fail("the seats in play do not match the ledger")
    if dealer is not None and obj.phase in (Phase.draw, Phase.play) and obj.dealer != _next_active(
        active, dealer
    ):
        _fail("the dealer did not pass to the left (LV-17)")
