"""Casino validation: the invariants that hold in every reachable state and view.

:func:`~cardrules.casino.validate_state` and
:func:`~cardrules.casino.validate_view` run when a state or a view is loaded
from JSON (``cardrules.from_json``) and may be called on any state built by
hand. Each refuses an impossible position with a ``ValueError`` that names the
broken invariant. The invariants (the docs list them, issue 15 item 2):

* **I-1 shape** — a Casino config; a valid seed; whole-number counters; one
  hand and one pile per seat, one score per side; the dealer, the player to
  act, owners, capturers and sweepers are seats.
* **I-2 cards** — the 52 cards exactly once across hands, loose cards, builds,
  captured piles and stock; hands, loose cards and piles in card order.
* **I-3 counters** — ``1 <= round_number <= max_hands``; ``shuffles`` equals
  ``round_number`` (hand *r* is dealt from shuffle stream *r − 1*, so a rewound
  counter, which would replay an earlier deal, is refused); one hand result per
  finished hand, numbered 1, 2, …, the deal passing left each hand.
* **I-4 hand results** — in each result the cards per side and the residue
  nobody took add up to 52 and the spades to 13; nobody has more spades than
  cards or more sweeps than half his cards (a sweep is a capture: the card
  played and at least one taken); the residue goes to a seat only when the
  rules give it; the items are exactly the counting order's (most cards, most
  spades, 10♦, 2♠, the aces ♠ ♣ ♥ ♦, then the sweeps when they score), each
  worth its fixed points, "most" items given by the counts (CA-15), sweep items
  matching the sweeps (CA-5); and ``counted``, ``points``, ``totals`` and
  ``winner`` are exactly the tally of those items from the totals before.
* **I-5 scores** — the scores are the last result's totals (zeros before).
* **I-6 end** — the game is over exactly when the last result ends it (a
  winner by the end rule, CA-4, or hand ``max_hands``); ``winners`` are then
  that result's seats. A finished game holds no hands, builds, stock or play
  in progress; its loose cards are the residue nobody took, and its last
  result is exactly the scoring of its piles and sweeps.
* **I-7 deal sizes** — ``deal_number`` is 1 to the deals per hand (CA-13); the
  stock holds 4 cards per seat for each deal to come; the player to act holds
  1 to 4 cards and the seats from the dealer's left up to him one fewer.
* **I-8 builds** — each build's groups add up to its value, from 1 to the
  highest value (CA-6); a single build has two or more cards, face cards are
  never built in standard Casino (CA-17); two builds of one value only where
  ``same_value_builds`` allows (CA-10); no build before the deal's first card
  is played (a build cannot outlive a deal, CA-16); every owner holds a card
  that captures each build he owns (CA-7).
* **I-9 captures and sweeps** — ``last_capturer`` is unset exactly when no
  pile holds a card; a non-empty pile holds two cards or more; the sweep log
  credits each seat with at most half its pile (each sweep is a capture).
* **I-10 play in progress** — ``pending`` is a capture or build by the player
  to act that is legal as far as it goes and can still take more.

A view is valid when some state satisfying all of these gives exactly that
view to its seat: :func:`~cardrules.casino.validate_view` fills the hidden
cards in one such way and checks the rest.

>>> from cardrules import casino
>>> import attrs
>>> state = casino.new_game(seed=2)
>>> validate_state(state)
>>> validate_state(attrs.evolve(state, shuffles=0))
Traceback (most recent call last):
...
ValueError: shuffles is 0, but hand 1 was dealt after 1 shuffles (I-3)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from typing import Any

import attrs

from cardrules import rng
from cardrules.cards import Card, Suit, check_same_cards, make_deck, sort_cards
from cardrules.casino.actions import Build, Capture, malformed
from cardrules.casino.captures import covers, table_value
from cardrules.casino.config import Config
from cardrules.casino.plays import check_play
from cardrules.casino.scoring import (
    ACES_ORDER,
    BIG_CASINO,
    ITEM_POINTS,
    LITTLE_CASINO,
    HandScore,
    ScoreItem,
    game_winners,
    score_hand,
    side_with_most,
    tally,
)
from cardrules.casino.state import State, TableBuild
from cardrules.casino.steps import context_of, item_order, named_items
from cardrules.casino.view import View, view

__all__ = ["validate_state", "validate_view"]

_DECK = make_deck()
_CARD_ITEMS = {"10♦": BIG_CASINO, "2♠": LITTLE_CASINO} | {str(a): a for a in ACES_ORDER}
_VIEW_FIELDS = (
    "config",
    "seat",
    "to_act",
    "dealer",
    "round_number",
    "deal_number",
    "is_last_deal",
    "hand",
    "hand_sizes",
    "loose",
    "builds",
    "pile_sizes",
    "sweeps",
    "last_capturer",
    "stock_size",
    "scores",
    "winners",
    "history",
    "legal_actions",
    "pending",
)
"""The view fields derived from the position and compared on load; a field added to
:class:`View` later (such as a record of past events) is checked by its own code."""


def validate_state(state: object) -> None:
    """Raise ``ValueError`` unless ``state`` is a Casino state that play can reach.

    Checks every invariant of the module docstring (I-1 … I-10).

    >>> from cardrules import casino
    >>> validate_state(casino.new_game(seed=5)) is None
    True
    """
    if not isinstance(state, State):
        raise ValueError(f"not a casino State: {type(state).__name__}")
    _validate(state, viewer=None, whole=True)


def validate_view(seen: object) -> None:
    """Raise ``ValueError`` unless ``seen`` is a view some reachable state gives its seat.

    The hidden cards are filled in (other hands, piles, stock, in card order),
    the resulting state is checked like :func:`validate_state` (except what
    depends on the hidden cards: other owners' capturing cards, the final
    scoring of the piles), and its view must equal ``seen`` field by field,
    legal actions included.

    >>> from cardrules import casino
    >>> validate_view(casino.view(casino.new_game(seed=5), 0)) is None
    True
    """
    if not isinstance(seen, View):
        raise ValueError(f"not a casino View: {type(seen).__name__}")
    twin = _twin(seen)
    _validate(twin, viewer=seen.seat, whole=False)
    again = view(twin, seen.seat)
    for name in _VIEW_FIELDS:
        if getattr(again, name) != getattr(seen, name):
            raise ValueError(f"the view's {name} does not match its position")


# ---------------------------------------------------------------------------


_INDEX = operator.attrgetter("index")
_CARD_TYPE = frozenset({Card})
_SCORE_ITEM_TYPE = frozenset({ScoreItem})
_DECK_INDICES = sorted(card.index for card in _DECK)


def _in_order(cards: Sequence[Card]) -> bool:
    """Whether ``tuple(cards) == sort_cards(cards)`` (a tuple of cards, indices not falling)."""
    if type(cards) is not tuple:
        return False
    indices = list(map(_INDEX, cards))
    return indices == sorted(indices)


def _strictly_in_order(cards: Sequence[Card]) -> bool:
    """Whether ``cards == sort_cards(set(cards))``: a tuple of cards, each once, in order."""
    if type(cards) is not tuple:
        return False
    if not cards:
        return True
    if set(map(type, cards)) - _CARD_TYPE:
        return False
    indices = list(map(_INDEX, cards))
    return indices == sorted(set(indices))  # rising strictly (in C)


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _seat(value: object, name: str, n: int) -> int:
    return _whole(value, name, 0, n - 1)


def _validate(state: State, *, viewer: int | None, whole: bool) -> None:
    try:
        _check(state, viewer=viewer, whole=whole)
    except (TypeError, AttributeError) as exc:  # fields of the wrong type (hand-built states)
        raise ValueError(f"not a well-formed casino State: {exc}") from None


def _check(state: State, *, viewer: int | None, whole: bool) -> None:
    config = state.config
    if not isinstance(config, Config):
        raise ValueError("config is not a casino Config")
    if state.summary.loose != state.loose or state.summary.builds != state.builds:
        raise ValueError("the state's table was changed in place after the state was made")
    n = config.num_players
    sides = config.num_sides
    # I-1 shape.
    try:
        rng.validate_seed(state.seed)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    _seat(state.dealer, "dealer", n)
    round_number = _whole(state.round_number, "round_number", 1, config.max_hands)
    _whole(state.shuffles, "shuffles", 0, config.max_hands)
    _whole(state.deal_number, "deal_number", 1, config.deals_per_hand)
    if len(state.hands) != n or len(state.piles) != n:
        raise ValueError(f"expected {n} hands and {n} piles")
    if len(state.scores) != sides:
        raise ValueError(f"expected {sides} scores")
    for seat in state.sweep_log:
        _seat(seat, "a sweep's seat", n)
    if state.last_capturer is not None:
        _seat(state.last_capturer, "last_capturer", n)
    # I-2 cards.
    everything = [
        *chain.from_iterable(state.hands),
        *state.loose,
        *(c for b in state.builds for g in b.groups for c in g),
        *chain.from_iterable(state.piles),
        *state.stock,
    ]
    if set(map(type, everything)) - _CARD_TYPE and any(
        not isinstance(c, Card) for c in everything
    ):
        raise ValueError("the state holds something that is not a card")
    if sorted(map(_INDEX, everything)) != _DECK_INDICES:
        check_same_cards(_DECK, everything, "state")
    if not (
        _in_order(state.loose)
        and all(_in_order(h) for h in state.hands)
        and all(_in_order(p) for p in state.piles)
    ):
        for name, cards in [
            ("loose", state.loose),
            *((f"hand {i}", h) for i, h in enumerate(state.hands)),
            *((f"pile {i}", p) for i, p in enumerate(state.piles)),
        ]:
            if tuple(cards) != sort_cards(cards):
                raise ValueError(f"{name} is not in card order")
    # I-3 counters.
    if state.shuffles != round_number:
        raise ValueError(
            f"shuffles is {state.shuffles}, but hand {round_number} was dealt after "
            f"{round_number} shuffles (I-3)"
        )
    over = state.to_act is None
    finished = round_number if over else round_number - 1
    if len(state.history) != finished:
        raise ValueError(
            f"hand {round_number} needs {finished} hand results, not {len(state.history)} (I-3)"
        )
    # I-4 and I-5: the hand results and the scores.
    totals: tuple[int, ...] = config.starting_scores or (0,) * sides
    for k, result in enumerate(state.history):
        if not isinstance(result, HandScore):
            raise ValueError("a hand result is not a HandScore")
        if result.hand != k + 1:
            raise ValueError("hand results are out of order (I-3)")
        _seat(result.dealer, "a hand result's dealer", n)
        if k and result.dealer != (state.history[k - 1].dealer + 1) % n:
            raise ValueError("the deal did not pass to the left (CA-18)")
        _check_result(config, result, totals)
        totals = result.totals
        ends = bool(game_winners(config, result))
        if ends and k < len(state.history) - 1:
            raise ValueError(f"hand {k + 1} ended the game, but the game went on (I-6)")
    if state.scores != totals:
        raise ValueError("scores are not the hand results' totals (I-5)")
    # I-6 end.
    if over:
        last = state.history[-1]
        winners = game_winners(config, last)
        if not winners:
            raise ValueError("the game is over but its last hand did not end it (I-6)")
        if state.winners != winners:
            raise ValueError("winners are not those of the last hand (I-6)")
        _check_finished(state, last, whole=whole)
        return
    if state.winners:
        raise ValueError("winners named while the game goes on (I-6)")
    if state.history and game_winners(config, state.history[-1]):
        raise ValueError(f"hand {len(state.history)} ended the game, but the game went on (I-6)")
    if state.history and state.dealer != (state.history[-1].dealer + 1) % n:
        raise ValueError("the deal did not pass to the left (CA-18)")
    seat_to_act = _seat(state.to_act, "to_act", n)
    # I-7 deal sizes.
    p1 = (state.dealer + 1) % n
    offset = (seat_to_act - p1) % n
    size = len(state.hands[seat_to_act])
    if not 1 <= size <= 4:
        raise ValueError("the player to act must hold 1 to 4 cards (I-7)")
    for k in range(n):
        seat = (p1 + k) % n
        want = size - 1 if k < offset else size
        if len(state.hands[seat]) != want:
            raise ValueError(
                f"seat {seat} holds {len(state.hands[seat])} cards, expected {want} (I-7)"
            )
    deals_left = config.deals_per_hand - state.deal_number
    if len(state.stock) != 4 * n * deals_left:
        raise ValueError(f"the stock should hold {4 * n * deals_left} cards (I-7)")
    # I-8 builds.
    _check_builds(state, viewer=viewer, whole=whole, deal_untouched=size == 4 and offset == 0)
    # I-9 captures and sweeps.
    _check_captures(state)
    # I-10 play in progress.
    if state.pending is not None:
        if whole or viewer == seat_to_act:
            _check_pending(state, state.pending)
        else:  # the rest of the actor's hand is hidden: check what shows
            _check_pending_shape(state, state.pending)


def _check_result(config: Config, result: HandScore, totals_before: tuple[int, ...]) -> None:
    """I-4: one hand result agrees with itself, the rules and the totals before it.

    Every later state of a game holds the same finished hands, so the check of a
    result whose values all have their exact types (:func:`_exactly_typed`) is
    remembered by value (:func:`_result_fault`); any other result is checked afresh.
    """
    if _exactly_typed(result) and type(config) is Config:
        try:
            fault = _result_fault(config, _RESULT_VALUES(result),
                                  tuple(map(_ITEM_VALUES, result.items)), totals_before)
        except TypeError:  # unhashable (a hand-built config): check it afresh
            fault = None
            _check_result_afresh(config, result, totals_before)
        if fault is not None:
            raise ValueError(fault)
        return
    _check_result_afresh(config, result, totals_before)


_INT_TYPE = frozenset({int})
_SIDE_TYPES = frozenset({int, type(None)})
_STR_TYPE = frozenset({str})
_ITEM_NAME = operator.attrgetter("name")
_ITEM_SIDE = operator.attrgetter("side")
_ITEM_POINTS = operator.attrgetter("points")


def _exactly_typed(result: Any) -> bool:
    """Whether every value in ``result`` has exactly its annotated type (whole numbers,
    tuples, cards, score items of text and whole numbers): equal such results are
    alike in every way the check looks at (``True == 1``, but ``True`` is refused)."""
    # Read through an ``Any`` that the type test does not narrow: compiled with mypyc,
    # a field read as ``int`` would be unboxed, and ``True`` would come back as 1.
    fields: Any = result
    if type(result) is not HandScore:
        return False
    counts = (fields.cards, fields.spades, fields.sweeps, fields.points, fields.totals)
    items = fields.items
    return (
        _INT_TYPE.issuperset(map(type, (fields.hand, fields.dealer, fields.counted)))
        and _SIDE_TYPES.issuperset(map(type, (fields.residue_to, fields.winner)))
        and _TUPLE_TYPE.issuperset(map(type, (fields.residue, items, *counts)))
        and _INT_TYPE.issuperset(map(type, chain.from_iterable(counts)))
        and _CARD_TYPE.issuperset(map(type, fields.residue))
        and _SCORE_ITEM_TYPE.issuperset(map(type, items))
        and _STR_TYPE.issuperset(map(type, map(_ITEM_NAME, items)))
        and _SIDE_TYPES.issuperset(map(type, map(_ITEM_SIDE, items)))
        and _INT_TYPE.issuperset(map(type, map(_ITEM_POINTS, items)))
    )


_TUPLE_TYPE = frozenset({tuple})


_RESULT_FIELDS = tuple(f.name for f in attrs.fields(HandScore) if f.name != "items")
_RESULT_VALUES = operator.attrgetter(*_RESULT_FIELDS)
_ITEM_VALUES = operator.attrgetter(*(f.name for f in attrs.fields(ScoreItem)))


@lru_cache(maxsize=512)
def _result_fault(
    config: Config,
    values: tuple[Any, ...],
    items: tuple[tuple[Any, ...], ...],
    totals_before: tuple[int, ...],
) -> str | None:
    """What :func:`_check_result_afresh` finds wrong with the result of these ``values``
    (its fields but the items, in order) and ``items`` (each item's fields), ``None``:
    nothing.

    A bounded cache of a pure function of values (configs are frozen, the values exactly
    typed). The key is the result's values rather than the result: tuples of numbers,
    text and cards hash and compare in C, where a ``HandScore`` and its eight
    ``ScoreItem`` would each take a call of Python (every later state holds the result)."""
    fields = dict(zip(_RESULT_FIELDS, values))
    result = HandScore(**fields, items=tuple(ScoreItem(*item) for item in items))
    try:
        _check_result_afresh(config, result, totals_before)
    except ValueError as exc:
        return str(exc)
    return None


def _check_result_afresh(
    config: Config, result: HandScore, totals_before: tuple[int, ...]
) -> None:
    """I-4 for one hand result (:func:`_check_result`), worked out."""
    sides = config.num_sides
    n = config.num_players
    where = f"hand {result.hand}"
    for name in ("cards", "spades", "sweeps", "points", "totals"):
        counts = getattr(result, name)
        if len(counts) != sides:
            raise ValueError(f"{where}: {name} has the wrong number of sides")
        low = -10**9 if name in ("points", "totals") else 0
        for count in counts:
            if type(count) is not int or not low <= count <= 10**9:
                _whole(count, f"{where}: {name}", low, 10**9)
    residue = result.residue
    if not _strictly_in_order(residue) and (
        any(not isinstance(c, Card) for c in residue) or residue != sort_cards(set(residue))
    ):
        raise ValueError(f"{where}: the residue is not a set of cards in card order")
    if result.residue_to is not None:
        _seat(result.residue_to, f"{where}: residue_to", n)
        if not residue or not config.residue_to_last_capturer:
            raise ValueError(f"{where}: a residue was given that the rules do not give (CA-1)")
    untaken = residue if result.residue_to is None else ()
    if sum(result.cards) + len(untaken) != 52:
        raise ValueError(f"{where}: the cards taken and left do not add up to 52 (I-4)")
    if sum(result.spades) + sum(1 for c in untaken if c.suit is Suit.SPADES) != 13:
        raise ValueError(f"{where}: the spades taken and left do not add up to 13 (I-4)")
    for side in range(sides):
        if result.spades[side] > result.cards[side]:
            raise ValueError(f"{where}: more spades than cards (I-4)")
        if 2 * result.sweeps[side] > result.cards[side]:
            raise ValueError(f"{where}: more sweeps than captures (I-4, CA-5)")
    taker = result.residue_to
    if taker is not None and result.cards[config.side_of(taker)] < len(residue) + 2:
        raise ValueError(f"{where}: the residue went to a seat that captured nothing (CA-1)")
    # The items, in counting order with their fixed points.
    want: list[ScoreItem] = [
        _item("most cards", side_with_most(result.cards)),
        _item("most spades", side_with_most(result.spades)),
    ]
    first_side: dict[str, int | None] | None = None
    if set(map(type, result.items)) <= _SCORE_ITEM_TYPE:
        first_side = {}
        for i in result.items:
            first_side.setdefault(i.name, i.side)
    for name, card in _CARD_ITEMS.items():
        if card in untaken:
            want.append(_item(name, None))
        elif card in residue:
            assert result.residue_to is not None
            want.append(_item(name, config.side_of(result.residue_to)))
        else:
            found = (
                first_side.get(name) if first_side is not None
                else next((i.side for i in result.items if i.name == name), None)
            )
            if found is None:
                raise ValueError(f"{where}: {name} was captured, so some side scores it (I-4)")
            if type(found) is not int or not 0 <= found < sides:
                _whole(found, f"{where}: the side of {name}", 0, sides - 1)
            want.append(_item(name, found))
    if config.sweeps:
        sweep_items = list(result.items[len(want) :])
        if config.sweeps_cancel:
            for side in range(sides):
                others = max((result.sweeps[o] for o in range(sides) if o != side), default=0)
                want += [_item("sweep", side)] * (result.sweeps[side] - others)
        elif all(
            isinstance(i, ScoreItem) and isinstance(i.side, int) and i == _item("sweep", i.side)
            for i in sweep_items
        ) and sorted(i.side or 0 for i in sweep_items) == sorted(
            s for s in range(sides) for _ in range(result.sweeps[s])
        ):
            want += sweep_items  # the order they were made in is not recorded elsewhere
        else:
            raise ValueError(f"{where}: the sweep items do not match the sweeps (I-4, CA-5)")
    if tuple(want) != result.items:
        raise ValueError(f"{where}: the score items are not the rules' items (I-4)")
    counted, points, totals, winner = tally(
        config, result.items, totals_before, last_hand=result.hand >= config.max_hands
    )
    if (result.counted, result.points, result.totals, result.winner) != (
        counted,
        points,
        totals,
        winner,
    ):
        raise ValueError(f"{where}: points, totals or winner are not the tally of its items (I-4)")


@lru_cache(maxsize=64)
def _item(name: str, side: int | None) -> ScoreItem:
    """The score item ``name`` for ``side`` (``None``: nobody took the card), worth its points.

    A bounded cache of a pure function of values: score items are frozen."""
    return ScoreItem(name, side, 0 if side is None else ITEM_POINTS[name])


def _check_finished(state: State, last: HandScore, *, whole: bool) -> None:
    """I-6: a finished game holds what its last hand left, and that hand scored it."""
    config = state.config
    if any(state.hands) or state.builds or state.stock or state.pending is not None:
        raise ValueError("a finished game has cards in hand, builds, a stock or a play (I-6)")
    if state.deal_number != config.deals_per_hand or state.dealer != last.dealer:
        raise ValueError("a finished game stays at its last deal and dealer (I-6)")
    untaken = last.residue if last.residue_to is None else ()
    if state.loose != untaken:
        raise ValueError("a finished game's table holds exactly the residue nobody took (I-6)")
    given = (
        last.residue
        and config.residue_to_last_capturer
        and state.last_capturer is not None
    )
    if last.residue_to != (state.last_capturer if given else None):
        raise ValueError("the residue did not go to the last capturer (CA-1)")
    _check_captures(state)
    if not whole:
        return  # the piles' cards are hidden from a view
    # The totals before the last hand: the previous result's, or the starting scores
    # when the game ends in its first hand (issue 30 fault 2).
    before = (
        state.history[-2].totals
        if len(state.history) > 1
        else config.starting_scores or (0,) * config.num_sides
    )
    again = score_hand(
        config,
        piles=state.piles,
        sweep_log=state.sweep_log,
        hand=last.hand,
        dealer=last.dealer,
        residue=last.residue,
        residue_to=last.residue_to,
        totals_before=before,
    )
    if again != last:
        raise ValueError("the last hand's result is not the scoring of the piles (I-6)")


def _check_builds(state: State, *, viewer: int | None, whole: bool, deal_untouched: bool) -> None:
    """I-8: the builds on the table."""
    config = state.config
    n = config.num_players
    royal = config.royal
    if state.builds and deal_untouched:
        raise ValueError("builds on the table before the deal's first play (CA-16)")
    values: list[int] = []
    for build in state.builds:
        if not isinstance(build, TableBuild):
            raise ValueError("a build is not a TableBuild")
        _seat(build.owner, f"the owner of {build}", n)
        _whole(build.value, f"the value of {build}", 1, config.max_value)
        if not build.groups or (build.is_single and len(build.groups[0]) < 2):
            raise ValueError(f"build {build} is too small (§1.3)")
        for group in build.groups:
            parts = [table_value(c, royal) for c in group]
            if not group or None in parts or sum(v or 0 for v in parts) != build.value:
                raise ValueError(f"build {build}: a group does not add up to {build.value}")
        values.append(build.value)
    if not config.same_value_builds and len(set(values)) != len(values):
        raise ValueError("two builds of the same value (same_value_builds is off, CA-10)")
    for seat in range(n):
        if not whole and seat != viewer:
            continue  # another seat's hand is hidden from a view
        owned = [b.value for b in state.builds if b.owner == seat]
        if owned and not covers(state.hands[seat], owned, config):
            raise ValueError(f"seat {seat} owns a build it cannot capture (CA-7)")


def _check_captures(state: State) -> None:
    """I-9: captured piles, the last capturer and the sweep log agree."""
    piles = state.piles
    if (state.last_capturer is None) != (not any(piles)):
        raise ValueError("last_capturer must be set exactly when some pile holds cards (I-9)")
    if state.last_capturer is not None and not piles[state.last_capturer]:
        raise ValueError("the last capturer's pile is empty (I-9)")
    for seat, pile in enumerate(piles):
        if len(pile) == 1:
            raise ValueError(f"pile {seat} holds one card: a capture takes two or more (I-9)")
        if 2 * state.sweep_log.count(seat) > len(pile):
            raise ValueError(f"seat {seat} has more sweeps than captures (I-9, CA-5)")


def _check_pending_shape(
    state: State, pending: object
) -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]]]:
    """I-10, what any seat sees: a capture or build of a held card naming table items.

    Returns the table's items in order and the items the play names (for
    :func:`_check_pending`, which needs them again).
    """
    if not isinstance(pending, Capture | Build):
        raise ValueError("pending must be a capture or a build")
    reason = malformed(pending)
    if reason is not None:
        raise ValueError(f"the play in progress is not legal: {reason} (I-10)")
    seat = state.to_act
    assert seat is not None
    if pending.card not in state.hands[seat]:
        raise ValueError("the play in progress is not legal: its card is not held (I-10)")
    items = item_order(state)
    named = named_items(pending)
    if not named or any(item not in items for item in named):
        raise ValueError("the play in progress must name table items (I-10)")
    return items, named


def _check_pending(state: State, pending: object) -> None:
    """I-10: a play in progress names table items, is legal so far, and can go on."""
    items, named = _check_pending_shape(state, pending)
    assert isinstance(pending, Capture | Build)
    reason = check_play(state, pending, partial=True)
    if reason is not None:
        raise ValueError(f"the play in progress is not legal: {reason} (I-10)")
    order = {item: k for k, item in enumerate(items)}
    chosen = tuple(sorted(order[item] for item in named))
    ctx = context_of(state, pending)
    if not ctx.feasible(chosen) or not ctx.next_items(chosen):
        raise ValueError("the play in progress cannot go on; it should have been made (I-10)")


# ---------------------------------------------------------------------------
# Views


def _twin(seen: View) -> State:
    """A state that gives ``seen``: the hidden cards filled in card order."""
    config = seen.config
    if not isinstance(config, Config):
        raise ValueError("config is not a casino Config")
    n = config.num_players
    if seen.seat is not None:
        _seat(seen.seat, "seat", n)
    for name in ("hand_sizes", "pile_sizes", "sweeps"):
        counts = getattr(seen, name)
        if not isinstance(counts, tuple) or len(counts) != n:
            raise ValueError(f"{name} must have one entry per seat")
        for count in counts:
            _whole(count, name, 0, 52)
    _whole(seen.stock_size, "stock_size", 0, 52)
    hand = seen.hand
    if seen.seat is None:
        if hand:
            raise ValueError("a spectator's view shows no hand")
    elif len(hand) != seen.hand_sizes[seen.seat]:
        raise ValueError("the hand does not have the size the view shows")
    shown: list[Card] = [*hand, *seen.loose, *(c for b in seen.builds for g in b.groups for c in g)]
    if any(not isinstance(c, Card) for c in shown) or len(set(shown)) != len(shown):
        raise ValueError("the view shows a card twice, or something that is not a card (I-2)")
    pool = [c for c in _DECK if c not in set(shown)]
    hidden = sum(seen.hand_sizes) - len(hand) + sum(seen.pile_sizes) + seen.stock_size
    if hidden != len(pool):
        raise ValueError("the view's cards and counts do not add up to 52 (I-2)")
    # The card of a play in progress shows: it is in the hand of the player to act.
    actor = seen.to_act
    shown_card = seen.pending.card if isinstance(seen.pending, Capture | Build) else None
    reserved = None
    if (
        isinstance(actor, int)
        and actor != seen.seat
        and 0 <= actor < n
        and seen.hand_sizes[actor]
        and isinstance(shown_card, Card)
        and shown_card in pool
    ):
        # Set aside before any hand is filled, or a seat before the actor could take it.
        reserved = shown_card
        pool.remove(shown_card)
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.seat:
            hands.append(hand)
        elif seat == actor and reserved is not None:
            hands.append(sort_cards([reserved, *_take(pool, size - 1)]))
        else:
            hands.append(sort_cards(_take(pool, size)))
    piles = tuple(sort_cards(_take(pool, size)) for size in seen.pile_sizes)
    sweep_log = tuple(seat for seat in range(n) for _ in range(seen.sweeps[seat]))
    return State(
        config=config,
        seed=0,
        shuffles=seen.round_number,
        dealer=seen.dealer,
        round_number=seen.round_number,
        deal_number=seen.deal_number,
        to_act=seen.to_act,
        hands=tuple(hands),
        loose=seen.loose,
        builds=seen.builds,
        piles=piles,
        sweep_log=sweep_log,
        last_capturer=seen.last_capturer,
        stock=tuple(pool),
        scores=seen.scores,
        winners=seen.winners,
        history=seen.history,
        pending=seen.pending,
    )


def _take(pool: list[Card], count: int) -> Sequence[Card]:
    taken = pool[:count]
    del pool[:count]
    return taken
