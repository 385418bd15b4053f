"""Card values and group enumeration for Casino (the rules' §4, "Formal move definitions").

A *group of value v* is a loose card of value v, two or more loose cards
summing to v, or a build of value v. This module finds, for a table and a value,
every set of table items that splits into disjoint groups of that value. Items
are numbered as bits: loose card ``i`` is bit ``i``, build ``j`` is bit
``len(loose) + j``; a set of items is an ``int`` mask.

Enumeration is in two steps, both done once per call of ``legal_actions``:

1. every subset of summable items with a total of at most the largest value the
   player could use, by a depth-first walk over items sorted by value (pruned as
   soon as the total is too big), bucketed by total;
2. for a value v, the set of all disjoint unions of the v-groups, built by
   ``reach |= {m | g for m in reach if not m & g}`` over the groups: each
   union appears once however many ways it can be grouped.

>>> from cardrules.cards import parse_cards
>>> from cardrules.casino.config import Config
>>> table = Table(parse_cards("5H 3C 2D KS"), (), Config(), limit=10)
>>> sorted(table.capture_unions(5))   # 5♥ alone, 3♣+2♦, or all three
[1, 6, 7]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from cardrules.cards import JOKER, Card, make_deck
from cardrules.casino.config import Config

__all__ = [
    "Table",
    "capture_value_table",
    "capture_values",
    "covers",
    "partition",
    "table_value",
    "table_value_table",
    "value_tables",
]


def table_value(card: Card, royal: bool) -> int | None:
    """A card's value on the table, in sums and in builds (§4).

    Standard: A 1, 2–10 as marked, J/Q/K none (CA-17). Royal: J 11, Q 12, K 13,
    and an ace always 1 here (CA-6).
    """
    rank = int(card.rank)
    if royal:
        return rank
    return None if rank > 10 else rank


def capture_values(card: Card, config: Config) -> tuple[int, ...]:
    """The values a card from hand can capture (or back a build) at.

    Standard face cards have none (they pair by rank, CA-3/CA-17); a Royal ace
    has 1 and 14 unless ``royal_ace_14`` is off (CA-6).
    """
    rank = int(card.rank)
    if config.royal:
        return (1, 14) if rank == 1 and config.ace_14 else (rank,)
    return () if rank > 10 else (rank,)


_BY_INDEX: list[Card] = sorted([*make_deck(), JOKER], key=lambda card: card.index)
"""Every card (the joker too), card ``k`` at place ``k``: tables of values read by index."""

_TABLE_VALUES: dict[bool, tuple[int | None, ...]] = {
    royal: tuple([table_value(card, royal) for card in _BY_INDEX]) for royal in (False, True)
}
_VALUE_CONFIGS: Final = (
    Config(),
    Config(royal_ace_14=False),
    Config(variant="royal"),
    Config(variant="royal", royal_ace_14=True),
    Config(variant="royal", royal_ace_14=False),
)
"""A config for each pair of the two fields card values depend on."""
_CAPTURE_VALUES: dict[tuple[str, bool | None], tuple[tuple[int, ...], ...]] = {
    (config.variant, config.royal_ace_14): tuple(
        [capture_values(card, config) for card in _BY_INDEX]
    )
    for config in _VALUE_CONFIGS
}
"""Keyed by the two fields they depend on (read at every step: no derived properties)."""
_VALUE_TABLES: dict[
    tuple[str, bool | None], tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...], int]
] = {
    (config.variant, config.royal_ace_14): (
        _TABLE_VALUES[config.royal],
        _CAPTURE_VALUES[config.variant, config.royal_ace_14],
        config.max_value,
    )
    for config in _VALUE_CONFIGS
}
"""Likewise: what :func:`value_tables` gives."""


def table_value_table(royal: bool) -> tuple[int | None, ...]:
    """:func:`table_value` of every card, by :attr:`~cardrules.cards.Card.index`.

    >>> from cardrules.cards import parse_card
    >>> table_value_table(True)[parse_card("QH").index]
    12
    """
    return _TABLE_VALUES[royal]


def capture_value_table(config: Config) -> tuple[tuple[int, ...], ...]:
    """:func:`capture_values` of every card under ``config``, by card index.

    >>> from cardrules.cards import parse_card
    >>> capture_value_table(Config(variant="royal"))[parse_card("AS").index]
    (1, 14)
    """
    return _CAPTURE_VALUES[config.variant, config.royal_ace_14]


def value_tables(
    config: Config,
) -> tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...], int]:
    """:func:`table_value_table` and :func:`capture_value_table` under ``config``, and its
    ``max_value`` (CA-6): read at once, by the two fields they depend on (a turn reads
    all three; each property or call costs about as much as a dict look-up).

    >>> royal = Config(variant="royal")
    >>> tables, captures, top = value_tables(royal)
    >>> tables == table_value_table(True), captures == capture_value_table(royal), top
    (True, True, 14)
    """
    return _VALUE_TABLES[config.variant, config.royal_ace_14]


def covers(hand: Iterable[Card], required: Iterable[int], config: Config) -> bool:
    """True if distinct cards of ``hand`` can capture each of the ``required`` values (CA-7).

    One card covers one value: a Royal ace can stand for 1 or 14, not both.
    """
    needed = sorted(set(required))
    if not needed:
        return True
    values_of = capture_value_table(config)
    if len(needed) == 1:  # the usual case: one card of one value is enough
        value = needed[0]
        for card in hand:  # noqa: SIM110 (a loop: any() of a generator costs more, every step)
            if value in values_of[card.index]:
                return True
        return False
    return _covers_each(hand, needed, values_of)


def _covers_each(
    hand: Iterable[Card], needed: list[int], values_of: tuple[tuple[int, ...], ...]
) -> bool:
    """:func:`covers` of two or more values (a function of its own: its comprehensions
    and search would make the variables of ``covers``, asked mostly for one value, cells)."""
    options = [values_of[card.index] for card in hand]
    if all(len(o) <= 1 for o in options):
        return {o[0] for o in options if o}.issuperset(needed)

    def assign(i: int, used: int) -> bool:
        if i == len(needed):
            return True
        for j, opts in enumerate(options):
            if not used >> j & 1 and needed[i] in opts and assign(i + 1, used | 1 << j):
                return True
        return False

    return assign(0, 0)


def partition(values: Sequence[int], value: int) -> list[list[int]] | None:
    """Split items (by their values) into groups each summing to ``value``.

    Returns lists of item indices (the group of item 0 first, each group in
    index order, found by a deterministic search) or ``None`` if impossible.

    >>> partition([3, 1, 2], 3)
    [[0], [1, 2]]
    >>> partition([3, 1, 2], 6)
    [[0, 1, 2]]
    >>> partition([3, 1], 3) is None
    True
    """
    if value <= 0 or any(v <= 0 or v > value for v in values):
        return None
    if sum(values) % value:
        return None
    if not _splits(_counts(values, value), value):
        return None
    return _partition(tuple(values), value, (1 << len(values)) - 1)


def _counts(values: Iterable[int], value: int) -> tuple[int, ...]:
    counts = [0] * (value + 1)
    for v in values:
        counts[v] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def _splits(counts: tuple[int, ...], value: int) -> bool:
    """Can items with these value counts (``counts[v]`` items of value v) be split into groups?

    Decided on value multisets, not on items, so equal values share the work:
    the largest item must be in some group, whose other values are chosen in
    non-increasing order (each multiset once), and the rest must split too.
    """
    top = next((v for v in range(value, 0, -1) if counts[v]), 0)
    if not top:
        return True
    left = list(counts)
    left[top] -= 1

    def fill(most: int, need: int) -> bool:
        if need == 0:
            return _splits(tuple(left), value)
        for w in range(min(most, need), 0, -1):
            if left[w]:
                left[w] -= 1
                found = fill(w, need - w)
                left[w] += 1
                if found:
                    return True
        return False

    return fill(top, value - top)


@lru_cache(maxsize=4096)
def _partition(values: tuple[int, ...], value: int, remaining: int) -> list[list[int]] | None:
    """The first split found by a depth-first search in item order (known to exist)."""
    if not remaining:
        return []
    first = (remaining & -remaining).bit_length() - 1
    rest = [i for i in range(first + 1, len(values)) if remaining >> i & 1]

    def pick(k: int, chosen: list[int], total: int) -> list[list[int]] | None:
        if total == value:
            mask = remaining
            for i in chosen:
                mask &= ~(1 << i)
            left = (values[i] for i in range(len(values)) if mask >> i & 1)
            if not _splits(_counts(left, value), value):
                return None  # the rest cannot be split: try the next group
            tail = _partition(values, value, mask)
            return None if tail is None else [chosen, *tail]
        tried: set[int] = set()
        for idx in range(k, len(rest)):
            i = rest[idx]
            v = values[i]
            if total + v <= value and v not in tried:
                tried.add(v)  # an equal value here leads to the same multisets: no new split
                found = pick(idx + 1, [*chosen, i], total + v)
                if found is not None:
                    return found
        return None

    return pick(0, [first], values[first])


class Table:
    """The loose cards and builds of a table, analysed for one player's turn.

    ``builds`` are ``(value, is_single)`` pairs. ``limit`` is the largest value
    of interest (the player's highest capture value); larger sums are skipped.
    """

    def __init__(
        self,
        loose: Sequence[Card],
        builds: Sequence[tuple[int, bool]],
        config: Config,
        *,
        limit: int,
    ) -> None:
        royal = config.royal
        self.nloose = n = len(loose)
        self.loose_mask = (1 << n) - 1
        self.builds = builds
        self.limit = limit
        items: list[tuple[int, int]] = []
        for i, card in enumerate(loose):
            v = table_value(card, royal)
            if v is not None and v <= limit:
                items.append((v, 1 << i))
        summable_builds = 0
        if config.build_as_card:  # CA-12: single builds join sums as one card
            for j, (v, single) in enumerate(builds):
                if single and v <= limit:
                    items.append((v, 1 << (n + j)))
                    summable_builds |= 1 << (n + j)
        items.sort()
        by_sum: list[list[int]] = [[] for _ in range(limit + 1)]
        count = len(items)

        def walk(start: int, mask: int, total: int) -> None:
            for k in range(start, count):
                v, bit = items[k]
                t = total + v
                if t > limit:
                    break
                m = mask | bit
                by_sum[t].append(m)
                walk(k + 1, m, t)

        walk(0, 0, 0)
        self.by_sum = by_sum
        # Builds that are groups only on their own (every multiple build, and single
        # builds unless they joined the sums above).
        self.build_bits: list[list[int]] = [[] for _ in range(limit + 1)]
        for j, (v, _single) in enumerate(builds):
            bit = 1 << (n + j)
            if v <= limit and not bit & summable_builds:
                self.build_bits[v].append(bit)
        self._loose_unions: dict[int, set[int]] = {}
        self._capture_unions: dict[int, set[int]] = {}

    def loose_sums(self, total: int) -> list[int]:
        """Masks of non-empty sets of loose cards with this total."""
        if not 0 < total <= self.limit:
            return []
        lm = self.loose_mask
        return [m for m in self.by_sum[total] if not m & ~lm]

    def loose_unions(self, value: int) -> set[int]:
        """Every disjoint union of loose groups of ``value``, the empty one (0) included."""
        cached = self._loose_unions.get(value)
        if cached is None:
            cached = _unions(self.loose_sums(value))
            self._loose_unions[value] = cached
        return cached

    def capture_unions(self, value: int) -> set[int]:
        """Every non-empty disjoint union of groups of ``value`` (loose sums and builds)."""
        cached = self._capture_unions.get(value)
        if cached is None:
            if 0 < value <= self.limit:
                cached = _unions(self.by_sum[value] + self.build_bits[value])
                cached.discard(0)
            else:
                cached = set()
            self._capture_unions[value] = cached
        return cached


def _unions(groups: list[int]) -> set[int]:
    reach = {0}
    for g in groups:
        reach |= {m | g for m in reach if not m & g}
    return reach
