"""Casino rules: new games, legal actions, checking and applying actions.

Comments cite the rules' sections and decisions as the docs show them
(``§1.4``, ``# CA-7``; see the Casino page of the documentation).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal

import attrs

from cardrules import rng, stacking
from cardrules.cards import Card, check_same_cards, format_cards, make_deck
from cardrules.casino.actions import (
    Action,
    Build,
    Capture,
    Done,
    Play,
    Take,
    Trail,
    malformed,
)
from cardrules.casino.captures import (
    covers,
    partition,
    table_value,
    value_tables,
)
from cardrules.casino.config import Config
from cardrules.casino.events import new_log
from cardrules.casino.plays import check_play
from cardrules.casino.scoring import HandScore, game_winners, score_hand
from cardrules.casino.state import State, TableBuild
from cardrules.casino.steps import (
    Context,
    context_of,
    find_build,
    first_items,
    first_step,
    item_order,
    named_items,
)
from cardrules.casino.table import TableSummary, summarize
from cardrules.errors import IllegalActionError
from cardrules.events import logs_events

__all__ = [
    "ACTIONS_PER_HAND",
    "apply",
    "check",
    "deal_order",
    "expect_state",
    "legal_actions",
    "max_game_length",
    "new_game",
    "play",
    "steps",
]

_DECK = make_deck()

_INDEX: Final = operator.attrgetter("index")


def _in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in card order, as hands, the table and piles are kept (``sort_cards``, with
    the sort key read in C: a state is made at every action)."""
    return tuple(sorted(cards, key=_INDEX))


ACTIONS_PER_HAND = 148
"""The most actions one hand can take, whatever the config and the play.

A hand plays 48 cards (52 less the 4 first dealt to the table), one first
step each. Every :class:`~cardrules.casino.actions.Take` names a table item
not named before in the hand: a loose card (the 4 table cards and the cards
trailed) or a build (each made by a card played to a new build), at most 52 in
all since trails and new builds are plays. And each play ends with at most one
:class:`~cardrules.casino.actions.Done`: 48 + 52 + 48.
"""


def max_game_length(config: Config) -> int:
    """The most actions any game under ``config`` can take (as OpenSpiel's ``max_game_length``).

    A game ends after ``config.max_hands`` hands at the latest, and a hand takes
    at most :data:`!ACTIONS_PER_HAND` actions.

    >>> max_game_length(Config())
    7400
    """
    if not isinstance(config, Config):
        raise TypeError(f"config must be a casino Config, not {type(config).__name__}")
    return config.max_hands * ACTIONS_PER_HAND


def expect_state(state: object) -> State:
    """``state`` itself if it is a Casino :class:`State`; else a clear ``TypeError``.

    >>> expect_state("a state")
    Traceback (most recent call last):
    ...
    TypeError: expected a casino State, not str
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a casino State, not {type(state).__name__}")
    summary = state.summary
    if summary.loose != state.loose or summary.builds != state.builds:
        raise ValueError("the state's table was changed in place after the state was made")
    return state


# ---------------------------------------------------------------------------
# Dealing (§1 "Deal", CA-13, CA-18)


def deal_order(num_players: int, dealer: int, *, first: bool) -> tuple[int | None, ...]:
    """Who receives each card of a deal, in order (``None``: the table).

    Cards go out in twos (§1): two to each player from the dealer's left, then
    (first deal of a hand only) two to the table, then two to the dealer; and
    the same again. Later deals have no table cards.

    >>> deal_order(2, 1, first=True)
    (0, 0, None, None, 1, 1, 0, 0, None, None, 1, 1)
    >>> deal_order(3, 2, first=False)
    (0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2)
    """
    order = [(dealer + k) % num_players for k in range(1, num_players + 1)]
    out: list[int | None] = []
    for _ in range(2):
        for seat in order[:-1]:
            out += [seat, seat]
        if first:
            out += [None, None]
        out += [dealer, dealer]
    return tuple(out)


def _deal(
    cards: Sequence[Card], num_players: int, dealer: int, *, first: bool
) -> tuple[list[list[Card]], list[Card], tuple[Card, ...]]:
    order = deal_order(num_players, dealer, first=first)
    hands: list[list[Card]] = [[] for _ in range(num_players)]
    table: list[Card] = []
    for card, who in zip(cards, order, strict=False):
        (table if who is None else hands[who]).append(card)
    return hands, table, tuple(cards[len(order) :])


def _start_hand(
    config: Config,
    *,
    seed: int,
    shuffles: int,
    dealer: int,
    round_number: int,
    scores: tuple[int, ...],
    history: tuple[HandScore, ...],
    deck: Sequence[Card] | None = None,
    stacked: tuple[tuple[Card, ...], ...] = (),
) -> State:
    if deck is None and stacked:
        deck, stacked = stacked[0], stacked[1:]
    if deck is None:
        deck = rng.shuffle(_DECK, seed=seed, stream=shuffles)
    # Hand r is dealt from shuffle stream r - 1, even when stacked (a stacked hand
    # leaves its stream unused): so ``shuffles`` always equals the hand number
    # and a loaded state cannot rewind it to replay an earlier deal.
    shuffles += 1
    hands, table, stock = _deal(deck, config.num_players, dealer, first=True)
    n = config.num_players
    return State(
        config=config,
        seed=seed,
        shuffles=shuffles,
        dealer=dealer,
        round_number=round_number,
        deal_number=1,
        to_act=(dealer + 1) % n,
        hands=tuple(_in_order(h) for h in hands),
        loose=_in_order(table),
        builds=(),
        piles=((),) * n,
        sweep_log=(),
        last_capturer=None,
        stock=stock,
        scores=scores,
        winners=(),
        history=history,
        stacked=stacked,
    )


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> State:
    """A new game, its first hand dealt.

    ``deck`` (52 cards, top first) stacks the first hand: the first deal goes
    out as :func:`deal_order` says and the hand's later deals continue from the
    same pack; later hands are shuffled from ``seed``. ``dealer`` defaults to the
    last seat, so seat 0 plays first (CA-18). ``decks`` stacks every hand:
    ``decks[0]`` is dealt as ``deck`` is, ``decks[1]`` is the pack of hand 2, and
    so on; hands after the last given pack are shuffled from ``seed`` (a stacked
    later hand uses up a shuffle number, as a shuffled one does).
    """
    if config is None:
        config = Config()
    if not isinstance(config, Config):
        raise TypeError(f"config must be a casino Config, not {type(config).__name__}")
    seed = rng.draw_seed() if seed is None else rng.validate_seed(seed)
    n = config.num_players
    if dealer is None:
        dealer = n - 1
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    cards: tuple[Card, ...] | None = None
    if deck is not None:
        cards = tuple(deck)
        if any(not isinstance(c, Card) for c in cards):
            raise ValueError("deck must hold Card values")
        check_same_cards(_DECK, cards, "deck")
    stacked = stacking.stacked_decks(_DECK, deck, decks)
    if stacked:
        cards, stacked = stacked[0], stacked[1:]
    return _start_hand(
        config,
        seed=seed,
        shuffles=0,
        dealer=dealer,
        round_number=1,
        scores=config.starting_scores or (0,) * config.num_sides,
        history=(),
        deck=cards,
        stacked=stacked,
    )


# ---------------------------------------------------------------------------
# Helpers


def _place_of(hand: tuple[Card, ...], card: Card) -> int:
    """The position of ``card`` in ``hand`` (``-1``: not there).

    Asked with ``is``: a card is one object per distinct card and its equality is
    identity (``cardrules.cards``), but ``==``, ``in`` and ``index`` on cards run the
    Python order methods ``Card`` defines for every card that is not the one sought.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> _place_of(parse_cards("2C 5H KS"), parse_card("KS")), _place_of((), parse_card("KS"))
    (2, -1)
    """
    for i, held in enumerate(hand):
        if held is card:
            return i
    return -1


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less its first ``card`` (``ValueError`` if it has none)."""
    i = _place_of(hand, card)
    if i < 0:
        raise ValueError(f"{card} is not in the hand")
    return hand[:i] + hand[i + 1 :]


def _partner(config: Config, seat: int) -> int | None:
    return (seat + 2) % 4 if config.partnerships else None


def _partner_add(config: Config, seat: int, build: TableBuild) -> bool:
    """CA-14 option: adding to one's partner's build needs no card of its value."""
    return config.build_for_partner and build.owner == _partner(config, seat)


def _positions(state: State, play: Capture | Build) -> tuple[int, ...]:
    """The table-order positions of the items ``play`` names, in order.

    ``ValueError`` for an item not on the table: only a state changed in place
    after it was made can name one in its play in progress.
    """
    positions = []
    for item in named_items(play):
        position = _position_of(state, item)
        if position is None:
            raise ValueError(f"'{play}' names {format_cards(item)}, which is not on the table")
        positions.append(position)
    positions.sort()
    return tuple(positions)


def _with_item(
    play: Capture | Build, item: tuple[Card, ...], indices: tuple[int, ...]
) -> Capture | Build:
    """``play`` taking the table ``item`` as well (a loose card, one of those whose
    indices are ``indices``, or a build)."""
    if isinstance(play, Capture):
        if len(item) == 1 and item[0].index in indices:
            return Capture(play.card, (*play.cards, *item), play.builds, ace_high=play.ace_high)
        return Capture(play.card, play.cards, (*play.builds, item), ace_high=play.ace_high)
    return Build(
        play.card, kind=play.kind, value=play.value, cards=(*play.cards, *item), target=play.target
    )


# ---------------------------------------------------------------------------
# The rules of a turn, written once: legal_actions, check and apply all ask these.


_Header = tuple[str, int, int | None, int]
"""A play started, before any table item: ``(kind, value, target, base)``.

``kind`` is ``"capture"``, ``"new"``, ``"raise"`` or ``"add"``; ``value`` the
capture or build value (0 for a standard face card, which pairs by rank);
``target`` the position of the build raised or added to (``None``: none);
``base`` what the card brings to a build (its value, plus the build's for a
raise; 0 for a capture)."""


class _Turn:
    """What the first steps of a turn ask for every card, worked out once per turn.

    :func:`legal_actions` looks at every card of the hand and :func:`check` at
    one; both read the hand's values, the builds the player owns and CA-7's
    answers from here rather than working them out again for each card and value.
    """

    # Slots: one is made for every listing and every first step judged.
    __slots__ = (
        "builds",
        "config",
        "counts",
        "free",
        "hand",
        "hand_values",
        "loose",
        "owned",
        "owned_values",
        "seat",
        "summary",
        "table_values",
        "top",
        "values",
    )

    def __init__(self, state: State, seat: int) -> None:
        # (Not the state itself: a turn is kept in the state, and a cycle would leave
        # every state to the garbage collector.)
        config = state.config
        self.summary = state.summary
        self.config = config
        self.seat = seat
        self.hand = hand = state.hands[seat]
        self.loose = state.loose
        self.builds = builds = state.builds
        # The values of cards by index, and ``top``: the highest build or capture value
        # (CA-6), read for every value a card may build.
        of, captures_of, self.top = value_tables(config)
        # One loop reading each card's index once: ``map`` with ``attrgetter`` or a
        # ``__getitem__`` wrapper costs several times a loop's attribute read (per turn).
        table_values: list[int | None] = []
        hand_values: list[tuple[int, ...]] = []
        for card in hand:
            i = card.index
            table_values.append(of[i])
            hand_values.append(captures_of[i])
        self.table_values = table_values
        """Each card's table value (``None``: a standard face card, CA-17)."""
        self.hand_values = hand_values
        """Each card's capture values."""
        self.counts: dict[int, int] = {}
        """How many cards of the hand capture at each value (worked out by :meth:`held`)."""
        self.values: list[int] = []
        self.owned: list[int] = []
        self.owned_values: list[int] = []
        if builds:
            for j, build in enumerate(builds):
                if build.owner == seat:
                    self.owned.append(j)
                    self.owned_values.append(build.value)
        self.free: list[bool | None] = [None if self.owned else True] * len(hand)
        """Whether CA-7 cannot get in the way of each card (:meth:`owner_free`)."""

    def rest(self, i: int) -> tuple[Card, ...]:
        """The hand without card ``i``: what is left once it is played."""
        hand = self.hand
        return hand[:i] + hand[i + 1 :]

    def held(self, i: int) -> list[int]:
        """The capture values the rest of the hand holds, in order (CA-7)."""
        counts = self.counts
        if not counts:  # first asked: only builds ask it, so a capture judged never does
            for values in self.hand_values:
                for v in values:
                    counts[v] = counts.get(v, 0) + 1
            self.values = sorted(counts)
        held = self.values.copy()
        for v in self.hand_values[i]:  # (no comprehension: its frame costs more, per card)
            if counts[v] == 1:
                held.remove(v)
        return held

    def rest_covers(self, i: int, required: list[int]) -> bool:
        """CA-7: the rest of the hand can capture each of the ``required`` values."""
        return covers(self.rest(i), required, self.config)

    def owner_free(self, i: int) -> bool:
        """CA-7 cannot get in card ``i``'s way: the rest of the hand covers every build the
        player owns (worked out once per card)."""
        free = self.free[i]
        if free is None:
            free = self.free[i] = self.rest_covers(i, self.owned_values)
        return free


def _turn_of(state: State, seat: int) -> _Turn:
    """The :class:`_Turn` of ``seat`` (the player to act) in ``state``: worked out on first
    use and kept in the state (``State._turn``), so that judging the action chosen from a
    listing reads what the listing worked out. A kept one is used only while the hand,
    the builds and the config it was worked out from equal the state's, by value."""
    turn = state._turn
    if (
        isinstance(turn, _Turn)
        and turn.seat == seat
        and turn.hand == state.hands[seat]
        and turn.builds == state.builds
        # (the same config is equal to itself; attrs' __eq__ would compare every field)
        and (turn.config is state.config or turn.config == state.config)
    ):
        return turn
    turn = _Turn(state, seat)
    object.__setattr__(state, "_turn", turn)  # a hidden field, not compared or written out
    return turn


def _headers(turn: _Turn, i: int, *, builds_too: bool = True) -> list[_Header]:
    """Every way the player to act may start a capture or build with card ``i`` of his hand.

    The rules that do not depend on the items taken (CA-7, CA-9 … CA-11, CA-17)
    decide which headers exist (:func:`_new_build_ok`, :func:`_raise_ok`,
    :func:`_add_ok`, which :func:`check` asks of one action alone); :func:`_firsts`
    says which items may come first. In the order of :func:`legal_actions`:
    captures (a Royal ace's at 1 before those at 14), new builds by value, raises
    by target then value, adds by target. Without ``builds_too``, only the
    captures (whether one exists).
    """
    a = turn.table_values[i]
    if a is None:  # CA-17: a standard face card never builds; it pairs by rank (CA-3)
        return [("capture", 0, None, 0)]
    out: list[_Header] = []
    for value in turn.hand_values[i]:  # (a loop: a comprehension's frame costs more, per card)
        out.append(("capture", value, None, 0))
    if not builds_too:
        return out
    held = turn.held(i)
    # New builds (§4 "New build"), by value.
    for value in held:
        if _new_build_ok(turn, i, a, held, value):
            out.append(("new", value, None, a))
    builds = turn.builds
    if not builds:
        return out
    # Raises of single builds (§4 "Raise", CA-9, CA-11), by target then value.
    top = turn.top
    spread = turn.config.table_cards_in_raise
    for j, build in enumerate(builds):
        base = build.value + a
        for value in range(base, top + 1) if spread else (base,):
            if _raise_ok(turn, i, held, j, base, value):
                out.append(("raise", value, j, base))
    # Adds to any build, its value unchanged (§4 "Add", CA-14 option), by target.
    for j, build in enumerate(builds):
        if _add_ok(turn, i, a, held, j):
            out.append(("add", build.value, j, a))
    return out


def _new_build_ok(turn: _Turn, i: int, a: int, held: list[int], value: int) -> bool:
    """§4 "New build": card ``i`` (table value ``a``) may start a new build of ``value``.

    The value is one the rest of the hand holds (which alone keeps a card for it,
    CA-7), at least the card's and at most the highest (CA-6); CA-10 option.
    """
    if value < a or value > turn.top or value not in held:
        return False
    if not turn.config.same_value_builds and value in [b.value for b in turn.builds]:
        return False  # CA-10 option
    owned_values = turn.owned_values
    return not owned_values or turn.rest_covers(i, [*owned_values, value])  # CA-7


def _values_but(builds: tuple[TableBuild, ...], ks: Iterable[int], j: int) -> list[int]:
    """The values of the builds numbered ``ks``, but build ``j``'s. (A function: the
    comprehension inside the rules that ask it would make ``j`` a cell there.)"""
    return [builds[k].value for k in ks if k != j]


def _raise_ok(turn: _Turn, i: int, held: list[int], j: int, base: int, value: int) -> bool:
    """§4 "Raise": card ``i`` may raise build ``j`` (``base``: its value plus the card's)
    to ``value`` (CA-9, CA-11; more than ``base`` only with ``table_cards_in_raise``)."""
    config = turn.config
    builds = turn.builds
    build = builds[j]
    if not build.is_single or (build.owner == turn.seat and not config.raise_own_build):
        return False
    if value < base or value > turn.top or value not in held:
        return False
    if value != base and not config.table_cards_in_raise:
        return False
    if not config.same_value_builds and value in _values_but(builds, range(len(builds)), j):
        return False  # CA-10 option
    others = _values_but(builds, turn.owned, j)
    return not others or turn.rest_covers(i, [*others, value])  # CA-7


def _add_ok(turn: _Turn, i: int, a: int, held: list[int], j: int) -> bool:
    """§4 "Add": card ``i`` (table value ``a``) may add to build ``j``, its value unchanged
    (CA-7: a card of every build the player would own is kept; CA-14 option)."""
    build = turn.builds[j]
    value = build.value
    if a > value:
        return False
    if _partner_add(turn.config, turn.seat, build):
        required = turn.owned_values
    else:
        required = [*_values_but(turn.builds, turn.owned, j), value]
    if required == [value]:
        return value in held  # CA-7 for one value: a card of it kept
    return turn.rest_covers(i, required)  # CA-7


def _header_of(turn: _Turn, i: int, action: Capture | Build) -> _Header | None:
    """The header of the play that ``action`` (card ``i``'s) starts, if the rules allow one:
    what :func:`_headers` would list for it, judged alone."""
    a = turn.table_values[i]
    if isinstance(action, Capture):
        if a is None:
            return ("capture", 0, None, 0)
        values = turn.hand_values[i]
        value = 14 if action.ace_high else values[0]
        return ("capture", value, None, 0) if value in values else None
    if a is None:
        return None
    kind = action.kind
    value = action.value
    if kind == "new":
        return ("new", value, None, a) if _new_build_ok(turn, i, a, turn.held(i), value) else None
    j = find_build(turn.builds, action.target)
    if j is None:
        return None
    if kind == "raise":
        base = turn.builds[j].value + a
        ok = _raise_ok(turn, i, turn.held(i), j, base, value)
        return ("raise", value, j, base) if ok else None
    if value != turn.builds[j].value or not _add_ok(turn, i, a, turn.held(i), j):
        return None
    return ("add", value, j, a)


def _context(state: State, card: Card, header: _Header, free: bool) -> Context:
    """The :class:`~cardrules.casino.steps.Context` of the play ``header`` starts (``free``:
    whether the rest of the hand covers every build the player owns, CA-7)."""
    kind, value, target, _base = header
    if kind == "capture":
        return Context(state, card, "capture", value, None, value == 0, free)
    return Context(state, card, kind, value, target, False, free)


def _firsts(
    state: State, turn: _Turn, card: Card, free: bool, header: _Header
) -> Sequence[int | None]:
    """The first steps of the play ``header`` starts with ``card`` (``free``: its
    :meth:`_Turn.owner_free`), as the table position of the one item each names
    (``None``: none), in listing order.

    A capture or a new build names its first table item in table order; a raise
    or an add names its first loose card, or none when the card alone completes
    it (listed first). Which items may come first is read from the table's summary
    (:func:`~cardrules.casino.steps.first_items`), or asked of the play's context
    where the summary cannot say.
    """
    kind, value, _target, base = header
    # (positional: a listing calls it for every header of every card)
    following = first_items(
        state, turn.summary, card, kind, value, base, not value, free
    )  # (value 0: a standard face card's capture, by rank)
    if following is None:
        following = _context(state, card, header, free).next_items(())
    if kind != "capture" and kind != "new" and base == value:
        return [None, *following]  # a raise or an add the card alone completes
    return following


def _openings(
    turn: _Turn, card: Card, header: _Header, positions: Sequence[int | None]
) -> list[Capture | Build]:
    """The first steps of the play ``header`` starts, each naming the table item at one of
    ``positions`` (in table order; ``None``: no item). One call per header, not per step:
    a listing makes every first step of every card."""
    loose = turn.loose
    builds = turn.builds
    n = len(loose)
    kind, value, target, _base = header
    out: list[Capture | Build] = []
    if kind == "capture":
        high = value == 14
        for position in positions:
            if position is None:
                out.append(_listed_capture(card, (), (), high))
            elif position < n:
                out.append(_listed_capture(card, (loose[position],), (), high))
            else:
                out.append(_listed_capture(card, (), (builds[position - n].cards,), high))
        return out
    named = () if target is None else builds[target].cards
    build_kind: Literal["new", "raise", "add"] = (
        "new" if kind == "new" else "raise" if kind == "raise" else "add"
    )
    for position in positions:
        item: tuple[Card, ...] = ()
        if position is not None:
            item = (loose[position],) if position < n else builds[position - n].cards
        out.append(_listed_build(card, build_kind, value, item, named))
    return out


# The listing makes every action from the state's own cards, in card order, so the
# constructors' checks would only repeat what made them. These make the same objects
# (new ones each time, equal by value to the constructor's) without the checks; they
# are for the rules' listing only, which passes canonical fields. (Here rather than
# beside the classes: this module is compiled, the classes' module is not, and a
# listing makes several at every step.)
_new_object: Final = object.__new__
_set_field: Final = object.__setattr__


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """What sets the slot ``name`` of a ``cls`` (its member descriptor's ``__set__``).

    Each field of a listed action is set through it: ``object.__setattr__`` looks the
    name up in the class and copies its arguments first, about twice the work.

    >>> from cardrules.cards import parse_card
    >>> trail = _new_object(Trail)
    >>> _slot_setter(Trail, "card")(trail, parse_card("4D"))
    >>> trail == Trail(parse_card("4D"))
    True
    """
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


_CAPTURE_CARD: Final = _slot_setter(Capture, "card")
_CAPTURE_CARDS: Final = _slot_setter(Capture, "cards")
_CAPTURE_BUILDS: Final = _slot_setter(Capture, "builds")
_CAPTURE_ACE_HIGH: Final = _slot_setter(Capture, "ace_high")
_BUILD_CARD: Final = _slot_setter(Build, "card")
_BUILD_KIND: Final = _slot_setter(Build, "kind")
_BUILD_VALUE: Final = _slot_setter(Build, "value")
_BUILD_CARDS: Final = _slot_setter(Build, "cards")
_BUILD_TARGET: Final = _slot_setter(Build, "target")
_TRAIL_CARD: Final = _slot_setter(Trail, "card")
_TAKE_ITEM: Final = _slot_setter(Take, "item")


def _listed_capture(
    card: Card, cards: tuple[Card, ...], builds: tuple[tuple[Card, ...], ...], ace_high: bool
) -> Capture:
    """``Capture(card, cards, builds, ace_high=ace_high)`` from canonical fields, unchecked.

    >>> from cardrules.cards import parse_card
    >>> _listed_capture(parse_card("6C"), (parse_card("6H"),), (), False) == Capture(
    ...     parse_card("6C"), (parse_card("6H"),))
    True
    """
    action: Capture = _new_object(Capture)
    _CAPTURE_CARD(action, card)
    _CAPTURE_CARDS(action, cards)
    _CAPTURE_BUILDS(action, builds)
    _CAPTURE_ACE_HIGH(action, ace_high)
    return action


def _listed_build(
    card: Card,
    kind: Literal["new", "raise", "add"],
    value: int,
    cards: tuple[Card, ...],
    target: tuple[Card, ...],
) -> Build:
    """``Build(card, kind=kind, value=value, cards=cards, target=target)`` from canonical
    fields, unchecked.

    >>> from cardrules.cards import parse_card
    >>> _listed_build(parse_card("5C"), "new", 8, (parse_card("3C"),), ()) == Build(
    ...     parse_card("5C"), kind="new", value=8, cards=(parse_card("3C"),))
    True
    """
    action: Build = _new_object(Build)
    _BUILD_CARD(action, card)
    _BUILD_KIND(action, kind)
    _BUILD_VALUE(action, value)
    _BUILD_CARDS(action, cards)
    _BUILD_TARGET(action, target)
    return action


def _listed_trail(card: Card) -> Trail:
    """``Trail(card)`` for a card of the hand, unchecked.

    >>> from cardrules.cards import parse_card
    >>> _listed_trail(parse_card("4D")) == Trail(parse_card("4D"))
    True
    """
    action: Trail = _new_object(Trail)
    _TRAIL_CARD(action, card)
    return action


def _listed_take(item: tuple[Card, ...]) -> Take:
    """``Take(item)`` for a table item as the state holds it (in card order), unchecked.

    >>> from cardrules.cards import parse_cards
    >>> _listed_take(tuple(parse_cards("3H 5S"))) == Take(parse_cards("5S 3H"))
    True
    """
    action: Take = _new_object(Take)
    _TAKE_ITEM(action, item)
    return action


def _may_trail(turn: _Turn, i: int) -> bool:
    """§1.4: a build owner may not trail (unless owner_may_trail); CA-7: keep a card a build."""
    if not turn.owned:
        return True
    return turn.config.owner_may_trail and turn.owner_free(i)


def _card_steps(state: State, turn: _Turn, i: int) -> tuple[list[Play], list[Play]]:
    """The first steps of every play of card ``i``: (captures, then builds and the trail)."""
    card = turn.hand[i]
    free = turn.owner_free(i)
    captures: list[Play] = []
    others: list[Play] = []
    for header in _headers(turn, i):
        positions = _firsts(state, turn, card, free, header)
        if positions:
            (captures if header[0] == "capture" else others).extend(
                _openings(turn, card, header, positions)
            )
    if _may_trail(turn, i):
        others.append(_listed_trail(card))
    return captures, others


def _can_capture(state: State, turn: _Turn) -> bool:
    """True if the player to act has some capture (CA-8 option ``compulsory_capture``)."""
    for i, card in enumerate(turn.hand):
        free = turn.owner_free(i)
        for header in _headers(turn, i, builds_too=False):
            if _firsts(state, turn, card, free, header):
                return True
    return False


def _position_of(state: State, item: tuple[Card, ...]) -> int | None:
    """The table-order position of ``item`` (a loose card as a 1-tuple, or a build's cards),
    or ``None`` if it is not on the table.

    A loose card is found by its index in the table's summary (which
    :func:`expect_state` has checked is the state's table)."""
    indices = state.summary.indices
    if len(item) == 1 and (k := item[0].index) in indices:
        return indices.index(k)
    j = find_build(state.builds, item)
    return None if j is None else len(indices) + j


def _item_at(state: State, position: int) -> tuple[Card, ...]:
    """The table item at ``position`` in table order (a loose card as a 1-tuple)."""
    loose = state.loose
    if position < len(loose):
        return (loose[position],)
    return state.builds[position - len(loose)].cards


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, each once, in canonical order.

    Raises ``TypeError`` if ``state`` is not a Casino :class:`State`.
    A turn starts with the first step of a play. Order: by the card played, in
    hand order; for each card its captures (a Royal ace's at 1 before those at
    14), each named by its first item in table order; new builds (by value, then
    first item); raises (by target in table order, then value; the raise taking
    no loose card first); adds (likewise); last the trail. While a play is in
    progress: a :class:`~cardrules.casino.actions.Take` for each item that may
    come next, in table order, then :class:`~cardrules.casino.actions.Done` if
    the play is complete as it is. Empty once the game is over.

    At most (cards in hand) × (table items + 1) × (values) first steps and
    (table items + 1) later steps are listed, however crowded the table (the
    docs give measured times). :func:`check` and :func:`apply` judge an action
    with the same functions, so an action is accepted exactly when it is listed.

    >>> state = new_game(seed=3)
    >>> [str(a) for a in legal_actions(state)][:3]
    ['2♣ builds 3 with A♥', 'trail 2♣', '3♦ builds 10 with 6♦']
    """
    expect_state(state)
    seat = state.to_act
    if seat is None:
        return ()
    pending = state.pending
    if pending is not None:
        ctx, chosen = _in_progress(state, pending)
        # (Loops rather than comprehensions in this function and the other hot ones: a
        # comprehension reading a variable of its function makes it a cell, slower to
        # read everywhere in the function, at every call.)
        out: list[Action] = []
        for p in ctx.next_items(chosen):
            out.append(_listed_take(_item_at(state, p)))
        if ctx.complete(chosen):
            out.append(Done())
        return tuple(out)
    turn = _turn_of(state, seat)
    captures: list[Action] = []
    every: list[Action] = []
    for i in range(len(turn.hand)):
        caps, others = _card_steps(state, turn, i)
        captures += caps
        every += caps
        every += others
    if state.config.compulsory_capture and captures:  # CA-8 option
        return tuple(captures)
    return tuple(every)


_Verdict = tuple[str | None, Context | None, tuple[int, ...]]
"""What judging an action finds: the reason it is illegal (``None``: legal), and for a
legal step of a capture or build its play's context and the positions its play names
once the step is made (what :func:`apply` goes on with)."""


def _judge(state: State, action: object) -> _Verdict:
    """The :data:`!_Verdict` on ``action``.

    Legal exactly when :func:`legal_actions` lists it: a first step is looked for
    among the first steps of its card, a later step among the steps of the play
    in progress, made by the same functions.
    """
    expect_state(state)
    seat = state.to_act
    if seat is None:
        return "the game is over", None, ()
    reason = malformed(action)
    if reason is not None:
        return reason, None, ()
    assert isinstance(action, (Capture, Build, Trail, Take, Done))  # malformed() said so
    pending = state.pending
    if pending is not None:
        if not isinstance(action, (Take, Done)):
            return (
                f"first finish '{pending}': take one more item ('and …') or end it ('done')",
                None,
                (),
            )
        return _judge_next(state, pending, action)
    if isinstance(action, (Take, Done)):
        return "there is no capture or build in progress to continue", None, ()
    return _judge_first(state, seat, action)


class _InProgress:
    """A play in progress as the rules worked it out when judging its last step: its
    context and the positions of the items it names. Carried with the state
    (``State._play``) so that listing and
    judging its next step read it instead of working it out again; the steps of a
    play change neither the hand nor the table it was worked out from."""

    __slots__ = ("chosen", "ctx", "hand", "pending")

    def __init__(
        self,
        pending: Capture | Build,
        ctx: Context,
        chosen: tuple[int, ...],
        hand: tuple[Card, ...],
    ) -> None:
        self.pending = pending
        self.ctx = ctx
        self.chosen = chosen
        self.hand = hand


def _in_progress(state: State, pending: Capture | Build) -> tuple[Context, tuple[int, ...]]:
    """The context of the play in progress and the positions it names: carried with the
    state when its last step was made here, else worked out. A carried one is used only
    when its play and hand equal the state's (by value), so a state changed in place
    after it was made is judged from its own fields."""
    carried = state._play
    if (
        isinstance(carried, _InProgress)
        and (carried.pending is pending or carried.pending == pending)  # (attrs' == runs in Python)
        and carried.hand == state.hands[carried.ctx.seat]
    ):
        return carried.ctx, carried.chosen
    return context_of(state, pending), _positions(state, pending)


def _judge_next(state: State, pending: Capture | Build, action: Take | Done) -> _Verdict:
    """The verdict on a later step: one of the steps of the play in progress?"""
    ctx, chosen = _in_progress(state, pending)
    if isinstance(action, Done):
        if ctx.complete(chosen):
            return None, ctx, chosen
    else:
        position = _position_of(state, action.item)
        if position is not None and ctx.may_take(chosen, position):
            return None, ctx, (*chosen, position)
    return _why_not_next(state, pending, action, ctx), None, ()


def _judge_first(state: State, seat: int, action: Play) -> _Verdict:
    """The verdict on a first step: one of the first steps of its card?"""
    hand = state.hands[seat]
    i = _place_of(hand, action.card)
    if i < 0:
        return f"you do not hold {action.card}", None, ()
    turn: _Turn | None = None
    found: tuple[Context | None, tuple[int, ...]] | None = None
    if isinstance(action, Trail):
        # §1.4 restrains build owners only: with no build on the table nobody owns one.
        if not state.builds:
            found = None, ()
        else:
            turn = _turn_of(state, seat)
            found = (None, ()) if _may_trail(turn, i) else None
    else:
        turn = _turn_of(state, seat)
        found = _first_step_found(state, turn, i, action)
    if found is None:
        return _why_not_first(state, action), None, ()
    if (
        state.config.compulsory_capture
        and not isinstance(action, Capture)
        and _can_capture(state, turn or _turn_of(state, seat))
    ):
        return "you must capture when you can (compulsory_capture, CA-8)", None, ()
    return None, found[0], found[1]


def _first_step_found(
    state: State, turn: _Turn, i: int, action: Capture | Build
) -> tuple[Context, tuple[int, ...]] | None:
    """The context of the play the first step ``action`` of card ``i`` starts, and the
    position of the item it names; ``None`` if it is not one of that card's first steps."""
    named = named_items(action)
    if len(named) > 1:
        return None
    position = _position_of(state, named[0]) if named else None
    if named and position is None:
        return None
    header = _header_of(turn, i, action)
    if (
        header is not None
        and position in _firsts(state, turn, action.card, turn.owner_free(i), header)
        and _openings(turn, action.card, header, (position,))[0] == action
    ):
        context = _context(state, action.card, header, turn.owner_free(i))
        return context, () if position is None else (position,)
    return None


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not.

    ``action`` is legal exactly when it is one of :func:`legal_actions` (the
    canonical forms are on the Casino page of the docs): a step. A whole play
    naming two or more table items is not a step; it is refused with a reason
    that spells out its steps (:func:`play` makes them all, :func:`check_play`
    judges it whole). Raises ``TypeError`` if ``state`` is not a Casino
    :class:`State`; an action of any other kind, or with fields of the wrong
    type, gets a reason.

    >>> from cardrules.casino import parse_action
    >>> state = new_game(seed=3)
    >>> check(state, parse_action("2C builds 3 with AH", state)) is None
    True
    >>> check(state, parse_action("3D takes 6D AH", state))
    'the cards taken do not make groups of 3 (§4)'
    """
    return _judge(state, action)[0]


def _why_not_first(state: State, action: Play) -> str:
    """Why the first step ``action`` is not listed (it is not: this only words it)."""
    reason = check_play(state, action, partial=True)
    if reason is not None:
        return reason
    named = named_items(action) if isinstance(action, (Capture, Build)) else []
    whole = check_play(state, action)
    if len(named) > 1:
        if whole is not None:
            return whole
        spelled = ", ".join(f"'{step}'" for step in steps(state, action))
        return (
            f"'{action}' names {len(named)} table items: a play is made one step at a "
            f"time ({spelled}); casino.play(state, play) makes them all"
        )
    if whole is not None and not named:
        return whole
    if not named:
        return f"'{action}' is not a complete play"
    return (
        f"no legal play '{action} …' exists: "
        + (f"{whole}; " if whole else "")
        + "items are taken in table order (loose cards by card, then builds), "
        "so start with the first item of the play"
    )


def _why_not_next(state: State, pending: Capture | Build, action: Take | Done, ctx: Context) -> str:
    """Why the step ``action`` does not go on with ``pending`` (it does not: this words it)."""
    chosen = _positions(state, pending)
    if isinstance(action, Done):
        return f"'{pending}' is not a legal play yet: take more ('and …')"
    item = action.item
    items = item_order(state)
    if item not in items:
        if len(item) == 1:
            return f"{item[0]} is not loose on the table"
        return f"there is no build [{format_cards(item)}] on the table"
    position = items.index(item)
    name = str(action)[4:]
    if position in chosen:
        return f"{name} is already taken"
    if position < chosen[-1]:
        return (
            f"items are taken in table order and {name} comes before "
            f"{str(Take(items[chosen[-1]]))[4:]}: start the play again from its first item"
        )
    if not ctx.usable(position):
        return f"{name} cannot be part of '{pending}'"
    return f"with {name} as well, '{pending}' cannot be completed"


# ---------------------------------------------------------------------------
# Whole plays


def steps(state: State, play: Play) -> tuple[Action, ...]:
    """The actions that make the whole ``play``, in order (one for a trail).

    Raises :class:`~cardrules.IllegalActionError` if the play is illegal and
    ``TypeError`` if ``state`` is not a Casino :class:`State`. Each step is
    judged by the rules as it is made, as :func:`apply` would.

    >>> from cardrules.casino import plays
    >>> state = new_game(seed=3)
    >>> whole = next(p for p in plays(state) if str(p) == "3♦ builds 10 with 6♦ A♥")
    >>> [str(a) for a in steps(state, whole)]
    ['3♦ builds 10 with 6♦', 'and A♥', 'done']
    """
    expect_state(state)
    if state.pending is not None:
        raise IllegalActionError(f"a play is already in progress: '{state.pending}'", play)
    reason = malformed(play) or check_play(state, play)
    if reason is not None:
        raise _refusal(reason, play)
    assert isinstance(play, (Capture, Build, Trail))  # malformed() and check_play() said so
    if isinstance(play, Trail):
        return (play,)
    named = sorted(named_items(play), key=item_order(state).index)
    out: list[Action] = [first_step(play, state)]
    out += [Take(item) for item in named[1:]]
    after = state
    for step in out:
        after = _step(after, step)
    if after.pending is not None:
        out.append(Done())
    return tuple(out)


def play(state: State, whole: Play) -> State:
    """The state after the whole play ``whole`` (all its :func:`steps` applied).

    >>> from cardrules.casino import plays
    >>> state = new_game(seed=3)
    >>> after = play(state, plays(state)[0])
    >>> after.to_act != state.to_act
    True
    """
    for action in steps(state, whole):
        state = apply(state, action)
    return state


# ---------------------------------------------------------------------------
# Applying


_COPYABLE: Final = frozenset(f.name for f in attrs.fields(State) if f.init) - {"stacked"}
"""The fields :func:`successor` may change: all but ``stacked``, which the constructor checks."""
_FIELD_COUNT: Final = len(attrs.fields(State))


def successor(
    before: State, changes: dict[str, Any], play: object = None, table: TableSummary | None = None
) -> State:
    """The state after a move: ``before`` with the fields in ``changes`` replaced.

    For :func:`~cardrules.casino.apply` only, which has checked the move: the new
    state is a copy of ``before``'s ``__dict__`` with ``changes`` put in (the
    constructor would set each of the 20 fields again, a large part of a move's
    cost). ``table``, when given, is the new table: its ``loose`` and ``builds``
    become the state's and it becomes the :attr:`~State.summary` (the move made it
    from the summary before, :meth:`TableSummary.with_card` or
    :meth:`~TableSummary.without`). Otherwise the summary is worked out again only
    when ``loose`` or ``builds`` change. ``play`` becomes its ``_play`` (the play in
    progress carried).

    >>> from cardrules.casino import new_game
    >>> state = new_game(seed=1)
    >>> after = successor(state, {"to_act": 1})
    >>> after == attrs.evolve(state, to_act=1) and after.summary is state.summary
    True
    """
    if not _COPYABLE.issuperset(changes):
        raise TypeError(f"a move does not set {sorted(set(changes) - _COPYABLE)}")
    values = before.__dict__.copy()
    if len(values) != _FIELD_COUNT:  # changed in place: the constructor says what is wrong
        if table is not None:
            changes = {**changes, "loose": table.loose, "builds": table.builds}
        return attrs.evolve(before, **changes)
    values.update(changes)
    if table is not None:
        values["loose"] = table.loose
        values["builds"] = table.builds
        values["summary"] = table
    elif "loose" in changes or "builds" in changes:
        config = values["config"]
        royal = config.royal if isinstance(config, Config) else False
        values["summary"] = summarize(values["loose"], values["builds"], royal=royal)
    values["_play"] = play
    values["_turn"] = None
    new: State = _new_object(State)
    _set_field(new, "__dict__", values)
    return new



def _step(state: State, action: object) -> State:
    """:func:`apply` without the event log."""
    reason, ctx, chosen = _judge(state, action)
    if reason is not None:
        raise _refusal(reason, action)
    if isinstance(action, Trail):
        return _perform(state, action)
    pending = state.pending
    if isinstance(action, Done):
        assert pending is not None  # _judge lists Done only while a play is in progress
        return _perform(state, pending)
    if isinstance(action, Take):
        assert pending is not None  # likewise
        current = _with_item(pending, action.item, state.summary.indices)
    else:
        assert isinstance(action, (Capture, Build))
        current = action
    assert ctx is not None
    if not chosen or not ctx.goes_on(chosen):  # complete, and nothing more can be taken
        return _perform(state, current)
    # The play in progress goes on, its context carried with it.
    carried = _InProgress(current, ctx, chosen, state.hands[ctx.seat])
    return successor(state, {"pending": current}, carried)


@logs_events(new_log)  # the public event log (cardrules.events)
def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal.

    The input is never changed. ``action`` must be one of :func:`legal_actions`
    (:func:`check` says why not); a whole play naming several table items is
    made with :func:`play`. A capture or build started by a step that can still
    take more items stays in progress (``pending``) with the same player to act;
    once it is done the turn passes. When every hand is empty the next deal is
    made; at the end of a hand the residue is given (CA-1), the hand is scored
    and the game ends or the next hand is dealt by the next dealer (CA-18).

    >>> state = new_game(seed=3)
    >>> after = apply(state, legal_actions(state)[0])
    >>> after.pending is None and after.to_act == 1
    True
    """
    return _step(state, action)


def _refusal(reason: str, action: object) -> IllegalActionError:
    """The error refusing ``action``; one whose fields are malformed is not written out."""
    if malformed(action) is None:
        return IllegalActionError(reason, action)
    error = IllegalActionError(reason)
    error.action = action
    return error


def _split(values: list[int], value: int) -> list[list[int]]:
    """``partition(values, value)``; ``ValueError`` if impossible, which a checked play on a
    state nobody changed in place never is."""
    groups = partition(values, value)
    if groups is None:
        raise ValueError(f"the cards do not make groups of {value}: was the state changed?")
    return groups


def _build_at(state: State, cards: tuple[Card, ...]) -> int:
    """The position of the build named by ``cards`` (``ValueError`` as :func:`_split`)."""
    j = find_build(state.builds, cards)
    if j is None:
        raise ValueError(f"no build [{format_cards(cards)}] on the table: was the state changed?")
    return j


def _left_builds(builds: list[TableBuild], taken: tuple[tuple[Card, ...], ...]) -> list[TableBuild]:
    """``builds`` less those a capture takes (named by their cards)."""
    return [b for b in builds if b.cards not in taken]


def _build(state: State, action: Build, builds: list[TableBuild]) -> None:
    """Make the (legal) build ``action`` in ``builds``, the state's builds (a new one
    appended, or the one it raises or adds to replaced)."""
    config = state.config
    seat = state.to_act
    assert seat is not None
    card = action.card
    royal = config.royal
    value = action.value
    extra = list(action.cards)
    a = table_value(card, royal) or 0  # a build's card has a value (CA-17, checked)
    nums = [table_value(c, royal) or 0 for c in extra]
    if action.kind == "new":
        groups = _split([a, *nums], value)
        items = [card, *extra]
        builds.append(TableBuild(value, tuple(tuple(items[i] for i in g) for g in groups), seat))
    else:
        j = _build_at(state, action.target)
        old = builds[j]
        owner = seat
        if action.kind == "raise":
            base = old.value + a
            if config.table_cards_in_raise:
                groups = _split([base, *nums], value)
                head = (*old.groups[0], card, *(extra[i - 1] for i in groups[0][1:]))
                tail = [tuple(extra[i - 1] for i in g) for g in groups[1:]]
            else:
                groups = _split(nums, value)
                head = (*old.groups[0], card)
                tail = [tuple(extra[i] for i in g) for g in groups]
            new_groups = (head, *tail)
        else:
            groups = _split([a, *nums], value)
            items = [card, *extra]
            new_groups = (*old.groups, *(tuple(items[i] for i in g) for g in groups))
            if _partner_add(config, seat, old):
                owner = old.owner  # CA-14 option: building for partner
        builds[j] = TableBuild(value, new_groups, owner)


def _perform(state: State, action: Play) -> State:
    """Make the whole (legal) play ``action`` and pass the turn."""
    seat = state.to_act
    assert seat is not None
    card = action.card
    hands = list(state.hands)
    hands[seat] = _without(hands[seat], card)
    summary = state.summary
    if isinstance(action, Trail):  # the most common play: only the hand and the table change
        return _advance(
            state,
            seat=seat,
            hands=tuple(hands),
            table=summary.with_card(card),
            piles=state.piles,
            sweep_log=state.sweep_log,
            last_capturer=state.last_capturer,
        )
    # The loose cards taken, by position: found by index (as _position_of does).
    position = summary.indices.index
    gone: list[int] = []
    for c in action.cards:
        gone.append(position(c.index))
    builds = list(state.builds)
    piles = list(state.piles)
    sweep_log = state.sweep_log
    last_capturer = state.last_capturer
    if isinstance(action, Capture):
        taken = list(action.cards)
        if action.builds:
            for cards in action.builds:
                _build_at(state, cards)
                taken += cards
            builds = _left_builds(builds, action.builds)
        piles[seat] = _in_order([*piles[seat], card, *taken])
        last_capturer = seat
        table = summary.without(gone, tuple(builds))
        if not table.loose and not builds:  # CA-5: a sweep empties the table
            sweep_log = (*sweep_log, seat)
    else:
        _build(state, action, builds)
        table = summary.without(gone, tuple(builds))
    return _advance(
        state,
        seat=seat,
        hands=tuple(hands),
        table=table,
        piles=tuple(piles),
        sweep_log=sweep_log,
        last_capturer=last_capturer,
    )


def _advance(
    state: State,
    *,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    table: TableSummary,
    piles: tuple[tuple[Card, ...], ...],
    sweep_log: tuple[int, ...],
    last_capturer: int | None,
) -> State:
    """The state after a play that left ``table`` (the new table, its loose cards and builds).

    The turn passes, or the next deal is made, or the hand ends."""
    config = state.config
    n = config.num_players
    if any(hands):
        return successor(
            state,
            {
                "to_act": (seat + 1) % n,
                "hands": hands,
                "piles": piles,
                "sweep_log": sweep_log,
                "last_capturer": last_capturer,
                "pending": None,
            },
            table=table,
        )
    # CA-16: an owner may not trail and must keep a capturing card, so no build
    # can outlive the deal in which it was made.
    if table.builds:  # only a state changed in place can get here
        raise ValueError("a build survived the end of a deal (CA-16)")
    if state.stock:
        dealt, _table, stock = _deal(state.stock, n, state.dealer, first=False)
        return successor(
            state,
            {
                "pending": None,
                "to_act": (state.dealer + 1) % n,
                "deal_number": state.deal_number + 1,
                "hands": tuple(_in_order(h) for h in dealt),
                "stock": stock,
                "piles": piles,
                "sweep_log": sweep_log,
                "last_capturer": last_capturer,
            },
            table=table,
        )
    # End of the hand: residue (CA-1), scoring, game end (CA-4) or next hand (CA-18).
    loose = table.loose
    residue = loose
    residue_to: int | None = None
    final_piles = list(piles)
    if residue and config.residue_to_last_capturer and last_capturer is not None:
        residue_to = last_capturer
        final_piles[last_capturer] = _in_order([*final_piles[last_capturer], *residue])
        loose = ()
    result = score_hand(
        config,
        piles=final_piles,
        sweep_log=sweep_log,
        hand=state.round_number,
        dealer=state.dealer,
        residue=residue,
        residue_to=residue_to,
        totals_before=state.scores,
    )
    history = (*state.history, result)
    winners = game_winners(config, result)
    if winners:
        return successor(
            state,
            {
                "pending": None,
                "to_act": None,
                "hands": hands,
                "loose": loose,
                "builds": (),
                "piles": tuple(final_piles),
                "sweep_log": sweep_log,
                "last_capturer": last_capturer,
                "scores": result.totals,
                "winners": winners,
                "history": history,
            },
        )
    return _start_hand(
        config,
        seed=state.seed,
        shuffles=state.shuffles,
        dealer=(state.dealer + 1) % n,
        round_number=state.round_number + 1,
        scores=result.totals,
        history=history,
        stacked=state.stacked,
    )
