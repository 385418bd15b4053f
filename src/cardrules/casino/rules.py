"""Casino rules: new games, legal actions, checking and applying actions.

Comments cite the rules' sections and decisions as the docs show them
(``§1.4``, ``# CA-7``; see the Casino page of the documentation).
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Sequence
from typing import Final, Literal

from cardrules import listing, rng, stacking
from cardrules.cards import Card, check_same_cards, format_cards, make_deck, sort_cards
from cardrules.casino.actions import (
    Action,
    Build,
    Capture,
    Done,
    Play,
    Take,
    Trail,
    listed_build,
    listed_capture,
    listed_take,
    listed_trail,
    malformed,
)
from cardrules.casino.captures import (
    capture_value_table,
    covers,
    partition,
    table_value,
    table_value_table,
)
from cardrules.casino.config import Config
from cardrules.casino.events import new_log
from cardrules.casino.plays import check_play
from cardrules.casino.scoring import HandScore, game_winners, score_hand
from cardrules.casino.state import State, TableBuild
from cardrules.casino.steps import (
    Context,
    capture_follow_up,
    context_of,
    find_build,
    first_step,
    item_order,
    named_items,
)
from cardrules.errors import IllegalActionError
from cardrules.events import logs_events
from cardrules.evolve import evolver

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

_evolve: Final = evolver(State)


def _at_table(
    state: State,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    loose: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    piles: tuple[tuple[Card, ...], ...],
    sweep_log: tuple[int, ...],
    last_capturer: int | None,
    pending: Capture | Build | None,
) -> State:
    """``state`` with the table, the player to act and the play in progress replaced.

    Made at every step of play, so every field is passed by position, in
    ``State``'s order (pinned by a test), rather than looked up by name.
    """
    return State(
        state.config,
        state.seed,
        state.shuffles,
        state.dealer,
        state.round_number,
        state.deal_number,
        to_act,
        hands,
        loose,
        builds,
        piles,
        sweep_log,
        last_capturer,
        state.stock,
        state.scores,
        state.winners,
        state.history,
        pending,
        state.events,
        state.stacked,
    )
"""``attrs.evolve``, the fields looked up once: a new state is made at every action."""

_DECK = make_deck()

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
    return state


_BY_INDEX: Final = operator.attrgetter("index")
"""The key of :func:`~cardrules.cards.sort_cards` (hand order), read in C."""


def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """``sort_cards(cards)``, for the piles and the table sorted at every play."""
    return tuple(sorted(cards, key=_BY_INDEX))


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
        hands=tuple(sort_cards(h) for h in hands),
        loose=sort_cards(table),
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


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less its first ``card`` (``ValueError`` if it has none)."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _partner(config: Config, seat: int) -> int | None:
    return (seat + 2) % 4 if config.partnerships else None


def _partner_add(config: Config, seat: int, build: TableBuild) -> bool:
    """CA-14 option: adding to one's partner's build needs no card of its value."""
    return config.build_for_partner and build.owner == _partner(config, seat)


def _positions(state: State, play: Capture | Build) -> tuple[int, ...]:
    """The table-order positions of the items ``play`` names (``KeyError`` for one not there).

    Found with ``list.index``, which compares cards by identity, rather than a
    dictionary of items, which would hash every card of every item.
    """
    order = item_order(state)
    positions = []
    for item in named_items(play):
        try:
            positions.append(order.index(item))
        except ValueError:
            raise KeyError(item) from None
    positions.sort()
    return tuple(positions)


def _with_item(state: State, play: Capture | Build, item: tuple[Card, ...]) -> Capture | Build:
    """``play`` taking ``item`` as well."""
    if isinstance(play, Capture):
        if len(item) == 1 and item[0] in state.loose:
            return Capture(play.card, (*play.cards, *item), play.builds, ace_high=play.ace_high)
        return Capture(play.card, play.cards, (*play.builds, item), ace_high=play.ace_high)
    return Build(
        play.card, kind=play.kind, value=play.value, cards=(*play.cards, *item), target=play.target
    )


# ---------------------------------------------------------------------------
# Enumeration (one step at a time, see cardrules.casino.steps)


_SUMS: Final = (1 << 15) - 1
"""Sums up to 14, the highest capture or build value (CA-6)."""
_STRIDE: Final = 30
"""Pairs of sums ``(s, t)`` as bit ``s + 30 t``: room for a sum of 14 shifted by 14 more."""
_PAIRS: Final = sum(_SUMS << (_STRIDE * t) for t in range(15))
"""Every pair of sums up to 14."""


class _Turn:
    """What every first step of a turn needs about the state, worked out once.

    ``legal_actions`` looks at each card of the hand, each value and each
    build; the table's subset sums, the hand's capture values and the lists of
    capturable items per value are shared by all of them instead of being
    rebuilt for each (a :class:`~cardrules.casino.steps.Context` is made only
    where the shortcuts below do not decide).
    """

    def __init__(self, state: State) -> None:
        config = state.config
        seat = state.to_act
        assert seat is not None
        self.state = state
        self.config = config
        self.seat = seat
        self.royal = royal = config.royal
        self.hand = hand = state.hands[seat]
        self.builds = builds = state.builds
        self.values_of = values_of = table_value_table(royal)
        self.loose_values = loose_values = [values_of[c.index] for c in state.loose]
        self.loose = state.loose
        # Totals the loose cards from each position on make (bit s: a subset sums to s,
        # up to 14): a capture or a build whose missing part no subset makes needs no
        # closer look, and later cards that complete an earlier one are read here.
        after = [1] * (len(loose_values) + 1)
        sums = 1
        for p in range(len(loose_values) - 1, -1, -1):
            v = loose_values[p]
            if v is not None:
                sums |= (sums << v) & _SUMS
            after[p] = sums
        self.after = after
        self.sums = sums
        self._pairs: list[int] | None = None
        self.owned: list[int] = []
        self.owned_values: list[int] = []
        self.build_values: set[int] = set()
        if builds:
            self.owned = [j for j, b in enumerate(builds) if b.owner == seat]
            self.owned_values = [builds[j].value for j in self.owned]
            self.build_values = {b.value for b in builds}
        captures_of = capture_value_table(config)
        self.hand_values = hand_values = [captures_of[c.index] for c in hand]
        counts: dict[int, int] = {}
        for values in hand_values:
            for v in values:
                counts[v] = counts.get(v, 0) + 1
        self.counts = counts
        self.values = sorted(counts)
        # No card with two capture values (a Royal ace): covering several values
        # is then holding a card of each (as ``covers`` decides).
        self.simple = not config.ace_14 or all(len(values) <= 1 for values in hand_values)
        self.top = config.max_value
        self._captures: dict[int, list[int]] = {}
        self._firsts: dict[tuple[int, int], list[int]] = {}

    def rest_has(self, i: int, value: int) -> bool:
        """True if a card of the hand other than card ``i`` captures at ``value``."""
        return self.counts.get(value, 0) > (1 if value in self.hand_values[i] else 0)

    def rest_covers(self, i: int, required: list[int]) -> bool:
        """``covers`` (CA-7) for the hand without card ``i``."""
        needed = set(required)
        if len(needed) <= 1 or self.simple:
            return all(self.rest_has(i, v) for v in needed)
        hand = self.hand
        return covers(hand[:i] + hand[i + 1 :], required, self.config)

    def capture_positions(self, value: int) -> list[int]:
        """The first items of a capture at ``value`` (no build_as_card, no capture_all).

        As :meth:`~cardrules.casino.steps.Context.next_items` answers when the
        rest of the hand covers every owned build: a loose card that some later
        loose cards complete to ``value``, then each build of ``value``.
        """
        found = self._captures.get(value)
        if found is not None:
            return found
        found = []
        if self.sums >> value & 1:
            after = self.after
            found = [
                p
                for p, v in enumerate(self.loose_values)
                if v is not None and v <= value and after[p + 1] >> (value - v) & 1
            ]
        if value in self.build_values:
            n = len(self.loose_values)
            found += [n + j for j, b in enumerate(self.builds) if b.value == value]
        self._captures[value] = found
        return found

    def build_positions(self, value: int, base: int) -> list[int]:
        """The first loose cards of a build of ``value`` to which the card brings ``base``.

        As :meth:`~cardrules.casino.steps.Context.next_items` answers for a
        build: a loose card ``v`` such that ``base`` and ``v`` make groups of
        ``value`` with later loose cards (one group, or two disjoint ones).
        """
        key = (value, base)
        found = self._firsts.get(key)
        if found is not None:
            return found
        found = []
        if base <= value:
            after = self.after
            pairs = self.pairs_after()
            found = [
                p
                for p, v in enumerate(self.loose_values)
                if v is not None
                and v <= value
                and (
                    (base + v <= value and after[p + 1] >> (value - base - v) & 1)
                    or pairs[p + 1] >> (value - base + _STRIDE * (value - v)) & 1
                )
            ]
        self._firsts[key] = found
        return found

    def pairs_after(self) -> list[int]:
        """For each position, the pairs of sums two disjoint sets of later loose cards make.

        Bit ``s + _STRIDE * t`` is set when one set sums to ``s`` and another to
        ``t`` (both at most 14): what a Context's pair sums hold, for every value
        at once (larger sums never lead back to smaller ones, so no cap is lost).
        """
        pairs = self._pairs
        if pairs is None:
            values = self.loose_values
            pairs = [1] * (len(values) + 1)
            r = 1
            for p in range(len(values) - 1, -1, -1):
                v = values[p]
                if v is not None:
                    r = (r | r << v | r << (_STRIDE * v)) & _PAIRS
                pairs[p] = r
            self._pairs = pairs
        return pairs

    def card_steps(self, i: int) -> tuple[list[Action], list[Action]]:
        """The first steps of every play of card ``i``: (captures, builds and trail)."""
        state = self.state
        config = self.config
        card = self.hand[i]
        loose = self.loose
        owned = self.owned
        owned_values = self.owned_values
        sums = self.sums
        build_values = self.build_values
        captures: list[Action] = []
        owner_free = not owned or self.rest_covers(i, owned_values)
        a = self.values_of[card.index]
        if a is None:  # CA-3 / CA-17: a standard face card pairs with loose cards of its rank
            rank = card.rank
            same = [p for p, c in enumerate(state.loose) if c.rank is rank]
            plain = config.face_capture == "one" or (owner_free and not config.capture_all)
            if same and not plain:
                ctx = Context(state, card=card, kind="capture", value=0, face=True)
                same = ctx.next_items(())
            captures += [listed_capture(card, (loose[p],)) for p in same]
        else:
            fast = not config.capture_all and not config.build_as_card
            for value in self.hand_values[i]:
                high = value == 14
                if fast and owner_free:
                    positions = self.capture_positions(value)
                elif fast and len(owned) == 1:
                    # CA-7: the rest of the hand cannot cover the one owned build, so a
                    # capture must take it (and what comes after it cannot start one).
                    last = len(loose) + owned[0]
                    if owned_values[0] != value:
                        continue
                    positions = [p for p in self.capture_positions(value) if p <= last]
                elif config.build_as_card or sums >> value & 1 or value in build_values:
                    ctx = Context(
                        state,
                        card=card,
                        kind="capture",
                        value=value,
                        loose_values=self.loose_values,
                    )
                    positions = ctx.next_items(())
                else:
                    continue  # nothing on the table makes this value
                captures += self.capture_heads(card, positions, high)
        others: list[Action] = []
        if a is not None:  # CA-17: standard face cards never build
            builds = self.builds
            seat = self.seat
            top = self.top
            counts = self.counts
            mine = self.hand_values[i]
            held = [v for v in self.values if counts[v] > (1 if v in mine else 0)]
            # New builds (§4 "New build"): the card and at least one loose card.
            for value in held:
                if value < a or value > top:
                    continue
                if not sums >> (value - a if value > a else value) & 1:
                    continue  # nothing completes the card's group (or makes a group beside it)
                if not config.same_value_builds and value in build_values:
                    continue  # CA-10 option
                if owned and not self.rest_covers(i, [*owned_values, value]):  # CA-7
                    continue
                others += [
                    listed_build(card, kind="new", value=value, cards=(loose[p],))
                    for p in self.build_positions(value, a)
                ]
            # Raises of single builds (§4 "Raise", CA-9, CA-11).
            for j, build in enumerate(builds):
                if not build.is_single or (build.owner == seat and not config.raise_own_build):
                    continue
                base = build.value + a
                others_owned = [builds[k].value for k in owned if k != j]
                values = range(base, top + 1) if config.table_cards_in_raise else (base,)
                for value in values:
                    if value > top or value not in held:
                        continue
                    if not config.same_value_builds and any(
                        b.value == value for k, b in enumerate(builds) if k != j
                    ):
                        continue
                    if not self.rest_covers(i, [*others_owned, value]):
                        continue
                    others += self.build_heads(card, "raise", value, j, base)
            # Adds to any build, its value unchanged (§4 "Add", CA-14 option).
            for j, build in enumerate(builds):
                value = build.value
                if a > value:
                    continue
                if _partner_add(config, seat, build):
                    required = owned_values
                else:
                    required = [*(builds[k].value for k in owned if k != j), value]
                if not self.rest_covers(i, required):
                    continue
                others += self.build_heads(card, "add", value, j, a)
        if owner_free and (not owned or config.owner_may_trail):
            others.append(listed_trail(card))  # §1.4, CA-7
        return captures, others

    def capture_heads(self, card: Card, positions: list[int], high: bool) -> list[Action]:
        """The first steps of captures with ``card``, each naming the item at a position."""
        loose = self.loose
        n = len(loose)
        return [
            listed_capture(card, (loose[p],), ace_high=high)
            if p < n
            else listed_capture(card, (), (self.builds[p - n].cards,), ace_high=high)
            for p in positions
        ]

    def build_heads(
        self, card: Card, kind: Literal["raise", "add"], value: int, j: int, head: int
    ) -> list[Action]:
        """First steps of a raise or an add to build ``j``; ``head`` is what the card brings.

        With ``head == value`` the play is complete with no loose card (listed first),
        and loose cards can only join as further groups of ``value``; otherwise loose
        cards must first make up ``value - head``.
        """
        target = self.builds[j].cards
        sums = self.sums
        heads: list[Action] = []
        if head == value:
            heads.append(listed_build(card, kind=kind, value=value, target=target))
            if not sums >> value & 1:
                return heads
        elif not sums >> (value - head) & 1:
            return heads
        loose = self.loose
        heads += [
            listed_build(card, kind=kind, value=value, target=target, cards=(loose[p],))
            for p in self.build_positions(value, head)
        ]
        return heads


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
    (table items + 1) later steps are listed, however crowded the table: under
    50 ms on any table legal play can reach (the docs give measured figures).
    """
    known = listing.recall(_listed, state)
    if known is not None:
        return known
    carried = _carried
    if state is getattr(carried, "ahead_state", None):
        actions: tuple[Action, ...] = carried.ahead_actions
    else:
        actions = _legal_actions(expect_state(state))
    listing.remember(_listed, state, actions)
    return actions


_listed = listing.memory()
"""What :func:`legal_actions` last listed in each thread (:mod:`cardrules.listing`)."""

_carried = threading.local()
"""What one step of a play hands on to the next, in this thread (a plain
``threading.local`` with attributes set on use, read safely by the compiled build).

``ahead_state`` and ``ahead_actions``: the state the last :func:`apply` left with a
play in progress, and that state's steps, which apply had just worked out to know
the play goes on (so listing them costs nothing more). ``context``: the last
context :func:`_play_context` made, with what it was made for.
"""


def _was_listed(state: State, action: object) -> bool:
    """A listed action (:mod:`cardrules.listing`) whose fields are still well formed
    (an object altered after listing is checked in full like any other)."""
    return listing.was_listed(_listed, state, action) and malformed(action) is None


def _play_context(state: State, play: Capture | Build) -> Context:
    """``context_of(state, play)``; the last one made in this thread is kept.

    A play made one item at a time keeps the same header, hand and table
    (the same objects: a state with a play in progress shares them) from its
    first step to its last, and its context depends on nothing else; so each
    later step reuses the context of the first.
    """
    cache = _carried
    if isinstance(play, Capture):
        header: tuple[object, ...] = ("capture", play.card, play.ace_high)
    else:
        header = (play.kind, play.card, play.value, play.target)
    held = getattr(cache, "context", None)
    if held is not None:
        table, was, ctx = held
        if (
            table[0] is state.loose
            and table[1] is state.builds
            and table[2] is state.hands
            and table[3] is state.config
            and table[4] == state.to_act
            and was == header
        ):
            found: Context = ctx
            return found
    ctx = context_of(state, play)
    table_now = (state.loose, state.builds, state.hands, state.config, state.to_act)
    cache.context = (table_now, header, ctx)
    return ctx


def _legal_actions(state: State) -> tuple[Action, ...]:
    if state.to_act is None:
        return ()
    pending = state.pending
    if pending is not None:
        ctx = _play_context(state, pending)
        chosen = _positions(state, pending)
        items = item_order(state)
        steps: list[Action] = [listed_take(items[p]) for p in ctx.next_items(chosen)]
        if ctx.complete(chosen):
            steps.append(Done())
        return tuple(steps)
    turn = _Turn(state)
    captures: list[Action] = []
    every: list[Action] = []
    for i in range(len(turn.hand)):
        caps, others = turn.card_steps(i)
        captures += caps
        every += caps
        every += others
    if state.config.compulsory_capture and captures:  # CA-8 option
        return tuple(captures)
    return tuple(every)


# ---------------------------------------------------------------------------
# Checking one action


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not.

    ``action`` is a step (one of :func:`legal_actions`) or a whole play naming
    two or more table items (one of :func:`~cardrules.casino.plays`, its items
    in any order): a whole play is judged as a whole (issue 14 item 1). A play
    naming one table item is its own first step and is judged as a step.
    Raises ``TypeError`` if ``state`` is not a Casino :class:`State`; an action
    of any other kind, or with fields of the wrong type, gets a reason.

    >>> from cardrules.casino import parse_action
    >>> state = new_game(seed=3)
    >>> check(state, parse_action("2C builds 3 with AH", state)) is None
    True
    >>> check(state, parse_action("3D takes 6D AH", state))
    'the cards taken do not make groups of 3 (§4)'
    """
    expect_state(state)
    if state.to_act is None:
        return "the game is over"
    reason = malformed(action)
    if reason is not None:
        return reason
    assert isinstance(action, Capture | Build | Trail | Take | Done)
    pending = state.pending
    if pending is not None:
        if isinstance(action, Take | Done):
            return _check_next(state, pending, action)
        return f"first finish '{pending}': take one more item ('and …') or end it ('done')"
    if isinstance(action, Take | Done):
        return "there is no capture or build in progress to continue"
    reason = check_play(state, action, partial=True)
    if reason is not None or isinstance(action, Trail):
        return reason
    named = named_items(action)
    if len(named) > 1:  # a whole play
        return check_play(state, action)
    ctx = context_of(state, action)
    if not named:
        if ctx.complete(()):
            return None
        return check_play(state, action) or f"'{action}' is not a complete play"
    position = _positions(state, action)[0]
    if ctx.feasible((position,)):
        return None
    whole = check_play(state, action)
    if not ctx.usable(position) and whole is not None:
        return whole
    return (
        f"no legal play '{action} …' exists: "
        + (f"{whole}; " if whole else "")
        + "items are taken in table order (loose cards by card, then builds), "
        "so start with the first item of the play"
    )


def _check_next(state: State, pending: Capture | Build, action: Take | Done) -> str | None:
    ctx = context_of(state, pending)
    chosen = _positions(state, pending)
    if isinstance(action, Done):
        if ctx.complete(chosen):
            return None
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
    if not ctx.feasible((*chosen, position)):
        return f"with {name} as well, '{pending}' cannot be completed"
    return None


# ---------------------------------------------------------------------------
# Whole plays


def steps(state: State, play: Play) -> tuple[Action, ...]:
    """The actions that make the whole ``play``, in order (one for a trail).

    Raises :class:`~cardrules.IllegalActionError` if the play is illegal and
    ``TypeError`` if ``state`` is not a Casino :class:`State`.

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
    if isinstance(play, Trail):
        return (play,)
    named = sorted(named_items(play), key=item_order(state).index)
    out: list[Action] = [first_step(play, state)]
    out += [Take(item) for item in named[1:]]
    ctx = context_of(state, play)
    chosen = _positions(state, play)
    if len(chosen) > 0 and ctx.next_items(chosen):
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


@logs_events(new_log)  # the public event log (cardrules.events)
def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal.

    The input is never changed. ``action`` is a step or a whole play, as
    :func:`check` says; a whole play gives the state its steps give
    (:func:`play`). A capture or build started by a step that can still take
    more items stays in progress (``pending``) with the same player to act;
    once it is done the turn passes. When every hand is empty the next deal is made;
    at the end of a hand the residue is given (CA-1), the hand is scored and the
    game ends or the next hand is dealt by the next dealer (CA-18).
    """
    if not _was_listed(state, action):
        reason = check(state, action)
        if reason is not None:
            raise _refusal(reason, action)
    if isinstance(action, Trail):
        return _perform(state, action)
    if isinstance(action, Done):
        assert state.pending is not None
        return _perform(state, state.pending)
    if isinstance(action, Take):
        assert state.pending is not None
        current = _with_item(state, state.pending, action.item)
    else:
        assert isinstance(action, Capture | Build)
        current = action
        named = len(action.cards) + (len(action.builds) if isinstance(action, Capture) else 0)
        if named != 1:  # a whole play (checked as one), or a raise or add taking nothing
            return _perform(state, action)
    quick = capture_follow_up(state, current) if isinstance(current, Capture) else None
    if quick is None:
        ctx = _play_context(state, current)
        chosen = _positions(state, current)
        following = ctx.next_items(chosen)
        complete = bool(following) and ctx.complete(chosen)
    else:
        following, complete = quick
    if not following:
        return _perform(state, current)
    new = _at_table(  # the same state with the play in progress
        state,
        state.to_act,
        state.hands,
        state.loose,
        state.builds,
        state.piles,
        state.sweep_log,
        state.last_capturer,
        current,
    )
    # The next state's steps, known now: legal_actions(new) need not work them out again.
    items = item_order(state)
    ahead: list[Action] = [listed_take(items[p]) for p in following]
    if complete:
        ahead.append(Done())
    carried = _carried
    carried.ahead_state, carried.ahead_actions = new, tuple(ahead)
    return new


def _refusal(reason: str, action: object) -> IllegalActionError:
    """The error refusing ``action``; one whose fields are malformed is not written out."""
    if malformed(action) is None:
        return IllegalActionError(reason, action)
    error = IllegalActionError(reason)
    error.action = action
    return error


def _perform(state: State, action: Play) -> State:
    """Make the whole (legal) play ``action`` and pass the turn."""
    config = state.config
    seat = state.to_act
    assert seat is not None
    card = action.card
    hands = list(state.hands)
    hands[seat] = _without(hands[seat], card)
    if isinstance(action, Trail):  # the most common play: only the hand and the table change
        return _advance(
            state,
            seat=seat,
            hands=tuple(hands),
            loose=_sorted_cards([*state.loose, card]),
            builds=state.builds,
            piles=state.piles,
            sweep_log=state.sweep_log,
            last_capturer=state.last_capturer,
        )
    loose = list(state.loose)
    builds = list(state.builds)
    piles = list(state.piles)
    sweep_log = state.sweep_log
    last_capturer = state.last_capturer
    royal = config.royal
    if isinstance(action, Capture):
        taken = list(action.cards)
        for c in action.cards:
            loose.remove(c)
        if action.builds:
            for cards in action.builds:
                assert find_build(state.builds, cards) is not None
                taken += cards
            builds = [b for b in builds if b.cards not in action.builds]
        piles[seat] = _sorted_cards([*piles[seat], card, *taken])
        last_capturer = seat
        if not loose and not builds:  # CA-5: a sweep empties the table
            sweep_log = (*sweep_log, seat)
    else:
        for c in action.cards:
            loose.remove(c)
        value = action.value
        extra = list(action.cards)
        a = table_value(card, royal)
        assert a is not None
        nums = [table_value(c, royal) or 0 for c in extra]
        if action.kind == "new":
            groups = partition([a, *nums], value)
            assert groups is not None
            items = [card, *extra]
            builds.append(
                TableBuild(value, tuple(tuple(items[i] for i in g) for g in groups), seat)
            )
        else:
            j = find_build(state.builds, action.target)
            assert j is not None
            old = builds[j]
            owner = seat
            if action.kind == "raise":
                base = old.value + a
                if config.table_cards_in_raise:
                    groups = partition([base, *nums], value)
                    assert groups is not None
                    head = (*old.groups[0], card, *(extra[i - 1] for i in groups[0][1:]))
                    tail = [tuple(extra[i - 1] for i in g) for g in groups[1:]]
                else:
                    groups = partition(nums, value)
                    assert groups is not None
                    head = (*old.groups[0], card)
                    tail = [tuple(extra[i] for i in g) for g in groups]
                new_groups = (head, *tail)
            else:
                groups = partition([a, *nums], value)
                assert groups is not None
                items = [card, *extra]
                new_groups = (*old.groups, *(tuple(items[i] for i in g) for g in groups))
                if _partner_add(config, seat, old):
                    owner = old.owner  # CA-14 option: building for partner
            builds[j] = TableBuild(value, new_groups, owner)
    return _advance(
        state,
        seat=seat,
        hands=tuple(hands),
        loose=_sorted_cards(loose),
        builds=tuple(builds),
        piles=tuple(piles),
        sweep_log=sweep_log,
        last_capturer=last_capturer,
    )


def _advance(
    state: State,
    *,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    loose: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    piles: tuple[tuple[Card, ...], ...],
    sweep_log: tuple[int, ...],
    last_capturer: int | None,
) -> State:
    config = state.config
    n = config.num_players
    if any(hands):
        return _at_table(
            state, (seat + 1) % n, hands, loose, builds, piles, sweep_log, last_capturer, None
        )
    # CA-16: an owner may not trail and must keep a capturing card, so no build
    # can outlive the deal in which it was made.
    assert not builds, "a build survived the end of a deal (CA-16)"
    if state.stock:
        dealt, _table, stock = _deal(state.stock, n, state.dealer, first=False)
        return _evolve(
            state,
            pending=None,
            to_act=(state.dealer + 1) % n,
            deal_number=state.deal_number + 1,
            hands=tuple(sort_cards(h) for h in dealt),
            stock=stock,
            loose=loose,
            builds=builds,
            piles=piles,
            sweep_log=sweep_log,
            last_capturer=last_capturer,
        )
    # End of the hand: residue (CA-1), scoring, game end (CA-4) or next hand (CA-18).
    residue = loose
    residue_to: int | None = None
    final_piles = list(piles)
    if residue and config.residue_to_last_capturer and last_capturer is not None:
        residue_to = last_capturer
        final_piles[last_capturer] = sort_cards([*final_piles[last_capturer], *residue])
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
        return _evolve(
            state,
            pending=None,
            to_act=None,
            hands=hands,
            loose=loose,
            builds=(),
            piles=tuple(final_piles),
            sweep_log=sweep_log,
            last_capturer=last_capturer,
            scores=result.totals,
            winners=winners,
            history=history,
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
