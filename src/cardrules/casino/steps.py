"""Captures and builds made one table item at a time.

A play that takes several table items has as many spellings as there are
orders and groupings of its items, and a crowded table allows exponentially
many plays. So ``legal_actions`` never lists whole plays. A play starts with a
*header* (the card, the kind of play, its value and at most one table item),
goes on with one :class:`~cardrules.casino.actions.Take` per further item, and
ends with :class:`~cardrules.casino.actions.Done` (or by itself when nothing
more can be taken). Items are taken in *table order*: loose cards in card order,
then builds in the order they were made. A step is offered only when the items
chosen so far can still be completed into a legal play, so every legal whole
play is reached by exactly one sequence of steps and no sequence is a dead end.

Whether a choice can be completed is a question about values only: can the
chosen (*forced*) items, with some of the later (*optional*) ones, be split into
groups of the play's value? :func:`completion` answers it on value multisets
and caches the answers, so each step costs one cached search per table item.

>>> completion(((3, 1),), ((1, 1), (2, 1), (3, 1)), 6, best=True)  # 3+1+2; the other 3 is left
2
>>> completion(((3, 1),), ((3, 1), (2, 1), (4, 1)), 6, best=True)  # 3+3 and 2+4
3
>>> completion(((5, 1),), ((2, 1),), 6, best=False) is None
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Protocol

import attrs

from cardrules.cards import Card
from cardrules.casino.actions import Build, Capture
from cardrules.casino.captures import capture_values, covers, table_value
from cardrules.casino.config import Config
from cardrules.casino.state import State, TableBuild
from cardrules.casino.table import PAIR_STRIDE, TableSummary, summarize

__all__ = [
    "Context",
    "Position",
    "SeatView",
    "completion",
    "context_of",
    "first_step",
    "hand_to_play",
    "item_order",
    "named_items",
]

Element = tuple[int, int]
"""A summable table item as ``(value, weight)``; the weight is its number of cards."""


def _subsets(elements: Sequence[tuple[int, int, int]], need: int) -> list[tuple[int, ...]]:
    """Index sets of ``elements`` (sorted) whose values sum to ``need``, each multiset once."""
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(start: int, left: int) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        previous = None
        for i in range(start, len(elements)):
            element = elements[i]
            if element[0] > left:
                break
            if element == previous:
                continue  # the same value, weight and origin: an equal multiset
            previous = element
            chosen.append(i)
            walk(i + 1, left - element[0])
            chosen.pop()

    walk(0, need)
    return found


@lru_cache(maxsize=1 << 16)
def completion(
    forced: tuple[Element, ...], optional: tuple[Element, ...], value: int, *, best: bool
) -> int | None:
    """Complete ``forced`` with some ``optional`` items into groups of ``value``.

    Both are sorted tuples of ``(value, weight)``. Returns ``None`` when no
    subset of ``optional`` completes ``forced``; otherwise, with ``best``, the
    largest total weight of the optional items that can be added (groups made of
    optional items only count too), and without it ``0``.
    """
    if forced:
        head_value = forced[-1][0]
        need = value - head_value
        if need < 0:
            return None
        rest = forced[:-1]
        if need == 0:
            return completion(rest, optional, value, best=best)
        pool = sorted([(v, w, 0) for v, w in rest] + [(v, w, 1) for v, w in optional])
        result: int | None = None
        for picked in _subsets(pool, need):
            taken = [pool[i] for i in picked]
            left_forced = list(rest)
            left_optional = list(optional)
            gain = 0
            for v, w, origin in taken:
                if origin:
                    left_optional.remove((v, w))
                    gain += w
                else:
                    left_forced.remove((v, w))
            sub = completion(tuple(left_forced), tuple(left_optional), value, best=best)
            if sub is None:
                continue
            if not best:
                return 0
            if result is None or gain + sub > result:
                result = gain + sub
        return result
    if not best or not optional:
        return 0
    # Nothing forced: the most weight that optional items alone can add.
    head = optional[-1]
    rest_optional = optional[:-1]
    top = completion((), rest_optional, value, best=True)
    assert top is not None
    need = value - head[0]
    if need >= 0:
        pool = [(v, w, 1) for v, w in rest_optional]
        for picked in [()] if need == 0 else _subsets(pool, need):
            left = list(rest_optional)
            gain = head[1]
            for i in picked:
                left.remove(rest_optional[i])
                gain += rest_optional[i][1]
            sub = completion((), tuple(left), value, best=True)
            assert sub is not None
            top = max(top, gain + sub)
    return top


class _Table(Protocol):
    """A state or a view: what the table holds."""

    @property
    def loose(self) -> tuple[Card, ...]: ...

    @property
    def builds(self) -> tuple[TableBuild, ...]: ...


class SeatView(_Table, Protocol):
    """What a seat's view shows of a turn (a :class:`~cardrules.casino.View` is one).

    Declared here, not imported from the view module, so that whole plays and
    steps can be computed from a view without an import circle.
    """

    @property
    def config(self) -> Config: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def pending(self) -> Capture | Build | None: ...


Position = State | SeatView
"""A state, or the view of the seat to act: all a turn's plays depend on."""


def hand_to_play(position: Position) -> tuple[Card, ...]:
    """The hand of the player to act (a view shows its own seat's hand)."""
    if isinstance(position, State):
        seat = position.to_act
        return () if seat is None else position.hands[seat]
    return position.hand


def item_order(position: _Table) -> list[tuple[Card, ...]]:
    """The table items in table order: each loose card (a 1-tuple), then each build's cards."""
    return [(c,) for c in position.loose] + [b.cards for b in position.builds]


def summary_of(position: Position) -> TableSummary:
    """The :class:`~cardrules.casino.table.TableSummary` of a state's table (made with the
    state), or of a view's (worked out now)."""
    if isinstance(position, State):
        return position.summary
    return summarize(position.loose, position.builds, royal=position.config.royal)


@lru_cache(maxsize=16)
def _pair_mask(value: int) -> int:
    """Every pair of sums ``(s, t)`` with both at most ``value``, as bits ``s + 30 t``."""
    row = (1 << (value + 1)) - 1
    return sum(row << (PAIR_STRIDE * t) for t in range(value + 1))


def named_items(play: Capture | Build) -> list[tuple[Card, ...]]:
    """The table items a capture or build names: loose cards (1-tuples), then builds."""
    items: list[tuple[Card, ...]] = [(c,) for c in play.cards]
    if isinstance(play, Capture):
        items += play.builds
    return items


def first_step(play: Capture | Build, position: _Table) -> Capture | Build:
    """The step that starts ``play``: the same play naming only its first item in table order."""
    items = named_items(play)
    if not items:
        return play
    first = min(items, key=item_order(position).index)
    if isinstance(play, Capture):
        if len(first) == 1:
            return Capture(play.card, first, ace_high=play.ace_high)
        return Capture(play.card, (), (first,), ace_high=play.ace_high)
    return attrs.evolve(play, cards=first)


_UNUSABLE = 0
_SUMMABLE = 1
_ALONE = 2  # a group on its own: a build of the capture value, or a face card's pair

_LOOSE_ELEMENTS: dict[int | None, Element] = {None: (0, 1), **{v: (v, 1) for v in range(1, 15)}}
"""A loose card's :data:`Element` by its table value (``None``: a standard face card)."""


@lru_cache(maxsize=16)
def _roles(value: int) -> dict[int | None, int]:
    """A loose card's role in a play of ``value`` other than a standard face card's, by its
    table value: summable when at most the value."""
    return {None: _UNUSABLE, **{v: _SUMMABLE if v <= value else _UNUSABLE for v in range(1, 15)}}


class Context:
    """One play in progress (or about to start): which items may still join it.

    ``kind`` is ``"capture"``, ``"new"``, ``"raise"`` or ``"add"``; ``value``
    the capture or build value. Items are numbered in :func:`item_order`.
    """

    # Slots: a context is made for every capture or build judged, and setting its
    # thirty attributes is a good part of judging one.
    __slots__ = (
        "_card",
        "_covers",
        "_face",
        "_free",
        "_hand",
        "_laid_out",
        "_masks",
        "_memo",
        "_most",
        "_pairs",
        "_reach",
        "_rest",
        "_state",
        "_stuck",
        "_suffixes",
        "_valid",
        "base",
        "capture_all",
        "config",
        "elements",
        "face_one",
        "kind",
        "owned",
        "owned_values",
        "roles",
        "seat",
        "size",
        "summary",
        "value",
    )

    # (Positional too: a call with keywords costs about twice as much, and apply makes a
    # context for every capture or build judged.)
    def __init__(
        self,
        state: Position,
        card: Card,
        kind: str,
        value: int,
        target: int | None = None,
        face: bool = False,
        free: bool | None = None,
    ) -> None:
        config = state.config
        seat = state.to_act
        assert seat is not None
        self.kind = kind
        self.value = value
        self.face_one = face and config.face_capture == "one"
        self.capture_all = kind == "capture" and config.capture_all
        if isinstance(state, State):
            self._hand = state.hands[seat]
            self.summary = state.summary
        else:
            self._hand = state.hand
            self.summary = summary_of(state)
        self._card = card
        self._rest: tuple[Card, ...] | None = None
        self.config = config
        self._state = state
        self.seat = seat
        """The seat of the player to act."""
        self._face = face
        self.size = len(state.loose) + len(state.builds)
        self.base: tuple[Element, ...] = ()
        if kind != "capture":
            a = table_value(card, config.royal)
            if a is None:
                raise ValueError(f"{card} is a face card: in standard Casino it cannot build")
            if kind == "raise":
                if target is None:
                    raise ValueError("a raise names its target build")
                a += state.builds[target].value
            self.base = ((a, 0),)
        self._most: int | None = None
        self._free = free
        """Whether the rest of the hand covers every build the player owns (CA-7), if the
        caller knows it already (``None``: worked out when asked)."""
        self._stuck: bool | None = None
        self._laid_out = False
        # The rest is set by _lay_out, which every question about items asks first: a
        # context is made for every step judged, and many never ask one.

    def _lay_out(self) -> None:
        """Work out each item's role and value, and the sums after each position (on first use:
        many plays looked at have no item at all, which :meth:`_nothing_first` sees at once)."""
        if self._laid_out:
            return
        self._laid_out = True
        self._memo: dict[tuple[tuple[int, ...], int], int | None] = {}
        self._pairs: list[int] | None = None
        self._suffixes: list[tuple[Element, ...]] | None = None
        self._covers: dict[tuple[int, ...], bool] = {}
        self.owned: list[int] = []
        self.owned_values: dict[int, int] = {}
        self._masks: TableSummary | None
        state = self._state
        kind = self.kind
        value = self.value
        face = self._face
        config = self.config
        summary = self.summary
        n = len(state.loose)
        roles: list[int]
        elements: list[Element]
        if face:
            rank = self._card.rank
            roles = []  # (a loop: a comprehension would make ``rank`` a cell)
            for c in state.loose:
                roles.append(_ALONE if c.rank is rank else _UNUSABLE)
            elements = [(0, 1)] * n
        else:  # (maps over tables of values: no comprehension frames, at every step)
            roles = list(map(_roles(value).__getitem__, summary.values))
            elements = list(map(_LOOSE_ELEMENTS.__getitem__, summary.values))
        for j, build in enumerate(state.builds):
            weight = sum(map(len, build.groups))
            position = n + j
            if build.owner == self.seat:
                self.owned.append(position)
                self.owned_values[position] = build.value
            if kind != "capture" or face:
                roles.append(_UNUSABLE)
            elif config.build_as_card and build.is_single and build.value <= value:
                roles.append(_SUMMABLE)  # CA-12
            elif build.value == value:
                roles.append(_ALONE)
            else:
                roles.append(_UNUSABLE)
            elements.append((build.value, weight))
        self.roles = roles
        self.elements = elements
        # Sums of summable items from each position on (bit s set: some subset sums to s),
        # which answer the common question "can this one card be completed?" at once.
        # Only loose cards of at most the value are summable (unless builds join the sums,
        # CA-12), so the table's sums below the value are these: read from the summary.
        below = (1 << (value + 1)) - 1
        self._valid = _pair_mask(value)
        self._masks = summary if not face and _SUMMABLE not in roles[n:] else None
        if self._masks is not None:
            reach = [*map(below.__and__, summary.sums), *[1] * (self.size - n)]
        else:
            reach = [1] * (self.size + 1)
            for p in range(self.size - 1, -1, -1):
                r = reach[p + 1]
                if roles[p] == _SUMMABLE:
                    r |= (r << elements[p][0]) & below
                reach[p] = r
        self._reach = reach

    @property
    def rest(self) -> tuple[Card, ...]:
        """The hand of the player to act without the card played (made on first use)."""
        if self._rest is None:
            hand = list(self._hand)
            hand.remove(self._card)
            self._rest = tuple(hand)
        return self._rest

    @property
    def _owner_free(self) -> bool:
        """CA-7 cannot get in the way: the rest of the hand covers every owned build."""
        if self._free is None:
            seat = self.seat
            owned = [b.value for b in self._state.builds if b.owner == seat]
            self._free = not owned or covers(self.rest, owned, self.config)
        return self._free

    def _rest_covers(self, values: list[int]) -> bool:
        """``covers(self.rest, values)`` (CA-7), each set of values asked once per play: a
        capture's search asks the same few sets for every table item."""
        key = tuple(sorted(values))
        known = self._covers.get(key)
        if known is None:
            known = self._covers[key] = covers(self.rest, values, self.config)
        return known

    def _stranded(self) -> bool:
        """True if builds the player owns that no capture of this kind can take would be
        left without a card of the hand to capture them (CA-7): then no such capture is legal."""
        if self._stuck is None:
            self._lay_out()
            roles = self.roles
            stuck = [self.owned_values[p] for p in self.owned if roles[p] == _UNUSABLE]
            self._stuck = bool(stuck) and not covers(self.rest, stuck, self.config)
        return self._stuck

    def usable(self, position: int) -> bool:
        """True if the item at ``position`` can be part of this kind of play at all."""
        self._lay_out()
        return self.roles[position] != _UNUSABLE

    def _weight(self, positions: Sequence[int]) -> int:
        return sum(self.elements[p][1] for p in positions)

    def _evaluate(self, chosen: tuple[int, ...], start: int) -> int | None:
        """Best total weight of a legal play holding ``chosen`` plus items from ``start`` on."""
        key = (chosen, start)
        if key in self._memo:
            return self._memo[key]
        result = self._compute(chosen, start)
        self._memo[key] = result
        return result

    def _flat_suffix(self, start: int) -> tuple[Element, ...]:
        """The summable items from ``start`` on, as a sorted tuple of ``(value, 0)``."""
        if self._suffixes is None:
            gathered: list[Element] = []
            suffixes: list[tuple[Element, ...]] = [()] * (self.size + 1)
            for p in range(self.size - 1, -1, -1):
                if self.roles[p] == _SUMMABLE:
                    insort(gathered, (self.elements[p][0], 0))
                suffixes[p] = tuple(gathered)
            self._suffixes = suffixes
        return self._suffixes[start]

    def _pair_sums(self, start: int) -> int:
        """Pairs of sums ``(s, t)`` made by two disjoint sets of summable items from ``start``.

        Bit ``s + PAIR_STRIDE * t`` is set for each pair (both at most the value).
        """
        if self._pairs is None:
            valid = self._valid
            n = len(self.roles)
            if self._masks is not None:
                loose = [r & valid for r in self._masks.pairs]
                self._pairs = loose + [1] * (n + 1 - len(loose))
            else:
                pairs = [1] * (n + 1)
                for p in range(n - 1, -1, -1):
                    r = pairs[p + 1]
                    if self.roles[p] == _SUMMABLE:
                        w = self.elements[p][0]
                        r = (r | r << w | r << (PAIR_STRIDE * w)) & valid
                    pairs[p] = r
                self._pairs = pairs
        return self._pairs[start]

    def _possible(self, forced: list[int], start: int) -> bool:
        """Can the values ``forced`` be completed into groups with summable items from ``start``?"""
        value = self.value
        if not forced:
            return True
        if max(forced) > value:
            return False
        if value in forced:  # worth the value: a group on its own (every item is worth 1 or more)
            forced = list(filter(value.__ne__, forced))  # (no comprehension: no cell)
            if not forced:
                return True
        if len(forced) == 1:
            return bool(self._reach[start] >> (value - forced[0]) & 1)
        total = sum(forced)
        if total <= value and self._reach[start] >> (value - total) & 1:
            return True  # all in one group
        if len(forced) == 2:  # or each in its own group, completed by disjoint sets
            return bool(
                self._pair_sums(start) >> (value - forced[0] + PAIR_STRIDE * (value - forced[1]))
                & 1
            )
        flat = tuple(sorted((v, 0) for v in forced))
        return completion(flat, self._flat_suffix(start), value, best=False) is not None

    def _compute(self, chosen: tuple[int, ...], start: int) -> int | None:
        roles = self.roles
        for p in chosen:
            if roles[p] == _UNUSABLE:
                return None
        if self.kind != "capture":
            values = [self.base[0][0], *(self.elements[p][0] for p in chosen)]
            return 0 if self._possible(values, start) else None
        if not self.capture_all and not self.face_one and chosen and self._owner_free:
            values = [self.elements[p][0] for p in chosen if roles[p] == _SUMMABLE]
            return 0 if self._possible(values, start) else None
        pool = [p for p in range(start, self.size) if roles[p] != _UNUSABLE]
        best = self.capture_all
        if self.face_one:
            if len(chosen) > 1:
                return None
            return 1 if chosen or pool else None
        # A capture: owned builds that are not taken need a capturing card each (CA-7).
        if self._stranded():
            return None
        owned_pool = [p for p in pool if p in self.owned_values]
        fixed_missing = [
            self.owned_values[p] for p in self.owned if p not in chosen and p not in owned_pool
        ]
        if fixed_missing and not self._rest_covers(fixed_missing):
            return None  # more builds left untaken only need more cards (CA-7)
        free_alone = [p for p in pool if roles[p] == _ALONE and p not in self.owned_values]
        # The items any capture may add, whichever owned builds it takes.
        optional: tuple[Element, ...]
        if not best and not any(roles[p] == _SUMMABLE for p in self.owned):
            optional = self._flat_suffix(start)  # the same items: no owned build is summable
        else:
            optional = tuple(
                sorted(
                    self.elements[p]
                    for p in pool
                    if roles[p] == _SUMMABLE and p not in self.owned_values
                )
            )
            if not best:
                optional = _flat(optional)
        result: int | None = None
        for k in range(len(owned_pool) + 1):
            for extra in combinations(owned_pool, k):
                missing = fixed_missing + [
                    self.owned_values[p] for p in owned_pool if p not in extra
                ]
                if not self._rest_covers(missing):
                    continue
                taken = [*chosen, *extra]
                forced = tuple(sorted(self.elements[p] for p in taken if roles[p] == _SUMMABLE))
                if not best:
                    forced = _flat(forced)
                more = completion(forced, optional, self.value, best=best)
                if more is None:
                    continue
                if not taken and not more and not free_alone:
                    continue  # a capture takes something
                if not best:
                    return 0
                total = self._weight(taken) + more + self._weight(free_alone)
                if result is None or total > result:
                    result = total
        return result

    def most(self) -> int:
        """The largest number of cards any legal capture of this context takes (capture_all)."""
        if self._most is None:
            self._lay_out()
            found = [self._evaluate((p,), p + 1) for p in range(self.size)]
            self._most = max((f for f in found if f is not None), default=0)
        return self._most

    def feasible(self, chosen: tuple[int, ...]) -> bool:
        """True if a legal play holds ``chosen`` and, besides, only items after its last."""
        self._lay_out()
        start = chosen[-1] + 1 if chosen else 0
        got = self._evaluate(chosen, start)
        if got is None:
            return False
        return not self.capture_all or got == self.most()

    def complete(self, chosen: tuple[int, ...]) -> bool:
        """True if ``chosen`` is by itself a legal play (nothing more taken)."""
        if self.kind == "capture" and not chosen:
            return False
        if self.kind == "new" and not chosen:
            return False
        if not chosen:  # a raise or an add: complete with the card alone when it makes the value
            return self.base[0][0] == self.value
        self._lay_out()
        if not self.capture_all and not self.face_one:
            # As _compute decides it, without its memo (a play in progress, the common case).
            forced = _summed(self.roles, self.elements, chosen)
            if forced is None:
                return False
            if self.kind != "capture":
                return self._possible([self.base[0][0], *forced], self.size)
            if self._owner_free:
                return self._possible(forced, self.size)
        got = self._evaluate(chosen, self.size)
        if got is None:
            return False
        return not self.capture_all or got == self.most()

    def next_items(self, chosen: tuple[int, ...]) -> list[int]:
        """The items that may be taken next, in table order."""
        return list(self._following(chosen))

    def may_take(self, chosen: tuple[int, ...], position: int) -> bool:
        """True if ``position`` is one of :meth:`next_items`, found without working out the
        items after it (they come in table order)."""
        for p in self._following(chosen):
            if p >= position:
                return p == position
        return False

    def goes_on(self, chosen: tuple[int, ...]) -> bool:
        """True if some item may be taken next (:meth:`next_items` is not empty), found
        without working out the others."""
        return next(iter(self._following(chosen)), None) is not None

    def _following(self, chosen: tuple[int, ...]) -> Iterable[int]:
        """:meth:`next_items`, worked out as they are asked for."""
        if not chosen:
            base = self.base[0][0] if self.base else 0
            first = first_items(
                self._state, self.summary, self._card, self.kind, self.value, base, self._face
            )
            if first is not None:
                return first
        elif self.face_one or chosen[-1] + 1 >= self.size:
            return []  # CA-3: a face card taking one card takes no more; or no item comes later
        self._lay_out()
        roles = self.roles
        start = chosen[-1] + 1 if chosen else 0
        if chosen and not self.capture_all and not self.face_one:
            # A play going on, the common case: what feasible() asks, without its memo.
            forced = _summed(roles, self.elements, chosen)
            if forced is None:
                return []
            if self.kind != "capture":
                return self._building_next([self.base[0][0], *forced], start)
            if self._owner_free:
                return self._capturing_next(forced, start)
        if self.kind == "capture" and not self.face_one and self._stranded():
            return []
        return self._feasible_next(chosen, start)

    # The items that may come next, as they are asked for (generator methods rather than
    # generator expressions in _following, which would make its variables cells).

    def _building_next(self, forced: list[int], start: int) -> Iterator[int]:
        """A build's next items from ``start`` (``forced``: the values taken, the card's
        first): those with which the values can still be completed."""
        roles = self.roles
        elements = self.elements
        possible = self._possible
        for p in range(start, self.size):
            if roles[p] != _UNUSABLE and possible([*forced, elements[p][0]], p + 1):
                yield p

    def _capturing_next(self, forced: list[int], start: int) -> Iterator[int]:
        """A capture's next items from ``start`` (CA-7 aside; ``forced``: the values of
        the summable items taken): a group on its own, or an item summed with them."""
        roles = self.roles
        elements = self.elements
        possible = self._possible
        for p in range(start, self.size):
            role = roles[p]
            if (role == _ALONE and possible(forced, p + 1)) or (
                role == _SUMMABLE and possible([*forced, elements[p][0]], p + 1)
            ):
                yield p

    def _feasible_next(self, chosen: tuple[int, ...], start: int) -> Iterator[int]:
        """The next items from ``start`` that :meth:`feasible` allows after ``chosen``."""
        roles = self.roles
        for p in range(start, self.size):
            if roles[p] != _UNUSABLE and self.feasible((*chosen, p)):
                yield p


def _summed(
    roles: Sequence[int], elements: Sequence[Element], chosen: tuple[int, ...]
) -> list[int] | None:
    """The values of the summable items ``chosen`` (``None``: one of them cannot be part
    of the play at all)."""
    values: list[int] = []
    for p in chosen:
        role = roles[p]
        if role == _UNUSABLE:
            return None
        if role == _SUMMABLE:
            values.append(elements[p][0])
    return values


def first_items(
    position: Position,
    summary: TableSummary,
    card: Card,
    kind: str,
    value: int,
    base: int,
    face: bool,
    owner_free: bool | None = None,
) -> list[int] | None:
    """The items that may start a play (:meth:`Context.next_items` of nothing chosen), read
    from the table's ``summary`` (:func:`summary_of` the position); ``None`` where only
    :meth:`Context.feasible` can say.

    ``base`` is what the card brings to a build (its value, plus the build's for a
    raise). Loose cards of at most the value are the summable items, so the questions
    :meth:`Context._possible` asks of one or two values are single bits of the summary's
    sums and pairs of sums after each position:

    * a standard face card starts with any loose card of its rank (CA-3: taking one
      card, or any when CA-7 does not constrain it and not ``capture_all``);
    * a capture (not ``capture_all`` or ``build_as_card``) starts with a loose card
      that later loose cards complete to its value, or with a build of that value;
      with no such sum and no such build, no capture starts at all. Where CA-7 has
      a say (the rest of the hand does not cover every build the player owns), the
      builds it owns that the capture leaves must be covered: those of other values
      (else no capture at all) and, for a capture starting with a build, the owned
      builds of its value before it in table order (the later ones it may take);
    * a build starts with a loose card that makes the value with the card and later
      cards, or a group of its own beside the card's.

    ``owner_free`` is whether the rest of the hand covers every build the player
    owns (CA-7), if the caller knows it already.
    """
    values = summary.values
    sums = summary.sums
    if kind != "capture":
        one_group = value - base  # what loose cards add to the card's group
        if one_group < 0 or not sums[0] >> (one_group or value) & 1:
            return []
        pairs = summary.pairs
        # (A loop, as below for a capture.)
        found: list[int] = []
        for p, v in enumerate(values, 1):  # (p: the position after v's)
            if (
                v is not None
                and v <= value
                and (
                    (v <= one_group and sums[p] >> (one_group - v) & 1)
                    or pairs[p] >> (one_group + PAIR_STRIDE * (value - v)) & 1
                )
            ):
                found.append(p - 1)
        return found
    # (Empty tuples, not lists: most calls never fill them, and a listing makes many.)
    owned: Sequence[tuple[int, int]] = ()  # (position, value) of the builds CA-7 keeps covered
    rest: Sequence[Card] = ()
    stuck: Sequence[int] = ()
    config = position.config
    if not face or config.face_capture != "one":
        # capture_all weighs whole captures, and CA-12 puts builds in the sums: the
        # context answers those.
        if config.capture_all or (config.build_as_card and not face):
            return None
        if owner_free is None:
            owner_free = _owner_free(position, card)
        if not owner_free:  # CA-7
            owned, rest, stuck = _kept_covered(position, card, value, face)
            if stuck and not covers(rest, stuck, config):
                return []
    if face:
        rank = card.rank
        same: list[int] = []
        for p, c in enumerate(position.loose):
            if c.rank is rank:
                same.append(p)
        return same
    builds: list[int] = []
    if position.builds:
        builds = _builds_of(position.builds, len(values), value, owned, stuck, rest, config)
    if not sums[0] >> value & 1:
        return builds
    # (A loop: a comprehension would make the variables it reads cells, slower for the
    # whole function, and costs a frame of its own, for every header.)
    starts: list[int] = []
    for p, v in enumerate(values, 1):  # (p: the position after v's)
        if v is not None and v <= value and sums[p] >> (value - v) & 1:
            starts.append(p - 1)
    return starts + builds if builds else starts


# (Helpers rather than comprehensions in first_items: a comprehension that reads the
# function's variables makes each of them a cell, slower to read at every call.)


def _kept_covered(
    position: Position, card: Card, value: int, face: bool
) -> tuple[list[tuple[int, int]], list[Card], list[int]]:
    """For :func:`first_items` where CA-7 has a say: the builds the player owns of the
    capture's value (position, value), which it may take; the rest of the hand; and the
    values of the builds it owns that it cannot take, which the rest must cover."""
    seat = position.to_act
    n = len(position.loose)
    owned = [(n + j, b.value) for j, b in enumerate(position.builds) if b.owner == seat]
    rest = list(hand_to_play(position))
    rest.remove(card)
    # A face card takes no build; other captures take builds of their value only.
    stuck = [v for _p, v in owned if face or v != value]
    return [(p, v) for p, v in owned if v == value], rest, stuck


def _builds_of(
    builds: Sequence[TableBuild],
    n: int,
    value: int,
    owned: Sequence[tuple[int, int]],
    stuck: Sequence[int],
    rest: Sequence[Card],
    config: Config,
) -> list[int]:
    """The positions of the builds of ``value`` that may start a capture (for
    :func:`first_items`; ``n`` loose cards before them): CA-7 leaves behind the owned
    builds of this value before the first item (``owned``) and ``stuck``, which the
    ``rest`` of the hand must cover."""
    found = [n + j for j, b in enumerate(builds) if b.value == value]
    if not owned:
        return found
    return [
        p
        for p in found
        if not (left := [*stuck, *(v for q, v in owned if q < p)]) or covers(rest, left, config)
    ]


def _owner_free(position: Position, card: Card) -> bool:
    """CA-7 cannot get in the way of ``card``: the rest of the hand covers every build the
    player owns."""
    seat = position.to_act
    owned = [b.value for b in position.builds if b.owner == seat]
    if not owned:
        return True
    rest = list(hand_to_play(position))
    rest.remove(card)
    return covers(rest, owned, position.config)


def _flat(elements: tuple[Element, ...]) -> tuple[Element, ...]:
    """Weights do not matter when only possibility is asked: share cache entries."""
    return tuple((v, 0) for v, _w in elements)


def context_of(state: Position, play: Capture | Build) -> Context:
    """The :class:`Context` of a capture or build by the player to act (its header fields)."""
    config = state.config
    card = play.card
    if isinstance(play, Capture):
        if not config.royal and card.rank.is_face:
            return Context(state, card=card, kind="capture", value=0, face=True)
        value = 14 if play.ace_high else capture_values(card, config)[0]
        return Context(state, card=card, kind="capture", value=value)
    target = None
    if play.kind != "new":
        target = find_build(state.builds, play.target)
        if target is None:  # only a state or play changed in place names a missing build
            raise ValueError(f"'{play}' names a build that is not on the table")
    return Context(state, card=card, kind=play.kind, value=play.value, target=target)


def find_build(builds: Sequence[TableBuild], cards: tuple[Card, ...]) -> int | None:
    """The index of the build named by ``cards``, or ``None``."""
    for j, build in enumerate(builds):
        if build.cards == cards:
            return j
    return None


def capture_contexts(state: Position, card: Card) -> list[tuple[Context, bool]]:
    """The contexts of every capture ``card`` could make, with their ``ace_high`` flags."""
    config = state.config
    if not config.royal and card.rank.is_face:
        return [(Context(state, card=card, kind="capture", value=0, face=True), False)]
    return [
        (Context(state, card=card, kind="capture", value=v), v == 14)
        for v in capture_values(card, config)
    ]


def can_capture(state: Position) -> bool:
    """True if the player to act can capture something with some card (CA-8 option)."""
    return any(
        ctx.next_items(())
        for card in hand_to_play(state)
        for ctx, _high in capture_contexts(state, card)
    )
