"""The table as the rules read it: a Casino state's loose cards and builds, summed up once.

A :class:`TableSummary` is made with every state (:attr:`~cardrules.casino.state.State.summary`)
and handed from one state to the next by the move that changes the table
(:meth:`TableSummary.with_card`, :meth:`TableSummary.without`). A module of its own,
with no attrs class, so that the compiled build compiles it: the rules read its
fields at every step, and a move makes the next one (issue 29).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final, Protocol

from cardrules.cards import Card, sort_cards
from cardrules.casino.captures import table_value_table

__all__ = ["PAIR_STRIDE", "SUM_BITS", "TableSummary", "summarize"]


class HasCards(Protocol):
    """What a summary reads of a build: a :class:`~cardrules.casino.state.TableBuild`
    (named here by what it offers: the state's module imports this one)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """All its cards, sorted."""


SUM_BITS: Final = (1 << 15) - 1
"""Sums from 0 to 14, the highest capture or build value (CA-6)."""
PAIR_STRIDE: Final = 30
"""Pairs of sums ``(s, t)`` are bit ``s + 30 t``: room for a sum of 14 shifted by 14 more."""
_PAIR_BITS: Final = sum(SUM_BITS << (PAIR_STRIDE * t) for t in range(15))


class TableSummary:
    """The table as the rules read it, worked out once when a state is made (issue 27).

    ``loose`` and ``builds`` are the table it was made from; ``values`` are the loose
    cards' table values (``None``: a standard face card, CA-17) and ``indices`` their
    :attr:`~cardrules.cards.Card.index`; bit ``s`` of
    ``sums[p]`` is set when some set of the loose cards from position ``p`` on adds
    up to ``s`` (up to 14), and bit ``s + 30 t`` of ``pairs[p]`` when two disjoint
    such sets add up to ``s`` and ``t``. A play's ``steps.Context`` reads which
    items can complete it from these masks. Read-only by contract; a plain class
    (a state is made at every action, and an attrs instance costs several times
    as much to make).

    >>> from cardrules.cards import parse_cards
    >>> summary = summarize(parse_cards("2C 3D KS"), (), royal=False)
    >>> summary.values, bin(summary.sums[0]), bin(summary.sums[1])
    ((2, 3, None), '0b101101', '0b1001')
    >>> summary.pairs[1] == 1 | 1 << 3 | 1 << 3 * 30
    True

    A move makes the next table's summary from this one (:meth:`with_card`,
    :meth:`without`): the same as :func:`summarize` of the new table, without reading
    every card again.
    """

    __slots__ = ("_pairs", "builds", "indices", "loose", "ordered", "royal", "sums", "values")

    def __init__(
        self,
        values: tuple[int | None, ...],
        sums: tuple[int, ...],
        loose: tuple[Card, ...] = (),
        builds: tuple[HasCards, ...] = (),
        indices: tuple[int, ...] = (),
        ordered: bool = False,
        royal: bool = False,
    ) -> None:
        self.values = values
        self.indices = indices
        """The loose cards' indices: the rules find a card on the table by its index, an
        int compared in C (cards compare through ``Card``'s Python order methods)."""
        self.sums = sums
        self.loose = loose
        """The loose cards it was made from (so that a state changed in place is noticed)."""
        self.builds = builds
        """The builds it was made from."""
        self.ordered = ordered
        """Whether ``loose`` is in card order (as in every state the rules make): only
        then can a move's table be made by putting a card in its place or taking
        some out."""
        self.royal = royal
        """Whether the values are Royal Casino's (CA-17: a standard face card has none)."""
        self._pairs: tuple[int, ...] | None = None

    @property
    def pairs(self) -> tuple[int, ...]:
        """The pairs of sums after each position, worked out the first time a build asks
        (only builds do, and they cost more than the sums)."""
        pairs = self._pairs
        if pairs is None:
            pairs = self._pairs = _pairs_of(self.values)
        return pairs

    @property
    def items(self) -> tuple[tuple[Card, ...], ...]:
        """Every table item in table order: each loose card as a 1-tuple, then each
        build's cards (worked out when asked: the listing names items by position)."""
        return tuple([(c,) for c in self.loose] + [b.cards for b in self.builds])

    def with_card(self, card: Card) -> TableSummary:
        """The summary of this table with ``card`` added to the loose cards (a trail),
        which are kept in card order.

        The sums after the card's place are this table's; those up to it gain the
        card's value (a set of cards reaching ``s`` reaches ``s`` and ``s + v`` with
        one more card worth ``v``).

        >>> from cardrules.cards import parse_card, parse_cards
        >>> before = summarize(parse_cards("2C KS"), (), royal=False)
        >>> after = before.with_card(parse_card("3D"))
        >>> after.loose == parse_cards("2C 3D KS") and after.values == (2, 3, None)
        True
        >>> after.sums == summarize(after.loose, (), royal=False).sums
        True
        """
        loose = self.loose
        if not self.ordered:  # made from a table out of order: the rules sort it
            return summarize(sort_cards((*loose, card)), self.builds, royal=self.royal)
        i = card.index
        indices = self.indices
        k = bisect_right(indices, i)  # after any card it equals, as a stable sort puts it
        value = table_value_table(self.royal)[i]
        sums = self.sums
        head = list(sums[: k + 1])
        if value:  # (a face card, None, adds to no sum)
            # (A loop: a comprehension would make ``value`` a cell, slower to read.)
            for t, s in enumerate(head):
                head[t] = s | (s << value) & SUM_BITS
        head += sums[k:]
        # (list.insert, then a tuple: cheaper than a tuple made of two slices)
        values = list(self.values)
        values.insert(k, value)
        new_indices = list(indices)
        new_indices.insert(k, i)
        new_loose = list(loose)
        new_loose.insert(k, card)
        return TableSummary(
            tuple(values),
            tuple(head),
            tuple(new_loose),
            self.builds,
            tuple(new_indices),
            True,
            self.royal,
        )

    def without(self, gone: list[int], builds: tuple[HasCards, ...]) -> TableSummary:
        """The summary of this table less the loose cards at positions ``gone`` (a capture
        or build), with ``builds`` for its builds.

        The sums after the last card taken are this table's; those before it are
        worked out again from there.

        >>> from cardrules.cards import parse_cards
        >>> before = summarize(parse_cards("2C 3D 5H KS"), (), royal=False)
        >>> after = before.without([0, 2], ())
        >>> after.loose == parse_cards("3D KS") and after.values == (3, None)
        True
        >>> after.sums == summarize(after.loose, (), royal=False).sums
        True
        """
        loose = self.loose
        values = self.values
        if not gone:  # the loose cards are the same: so are the sums and their pairs
            kept = TableSummary(
                values, self.sums, loose, builds, self.indices, self.ordered, self.royal
            )
            kept._pairs = self._pairs
            return kept
        if not self.ordered:  # as with_card
            return _unordered_without(loose, gone, builds, self.royal)
        kept_loose = list(loose)
        kept_values = list(values)
        kept_indices = list(self.indices)
        taken = sorted(set(gone), reverse=True)
        for p in taken:
            del kept_loose[p], kept_values[p], kept_indices[p]
        top = taken[0] + 1
        sums = self.sums
        reach = sums[top]
        head: list[int] = []
        # Back from the last card taken over the cards kept before it, as summarize.
        for v in reversed(kept_values[: top - len(taken)]):
            if v:
                reach |= (reach << v) & SUM_BITS
            head.append(reach)
        head.reverse()
        head += sums[top:]
        return TableSummary(
            tuple(kept_values),
            tuple(head),
            tuple(kept_loose),
            builds,
            tuple(kept_indices),
            True,
            self.royal,
        )


def _unordered_without(
    loose: tuple[Card, ...], gone: list[int], builds: tuple[HasCards, ...], royal: bool
) -> TableSummary:
    """:meth:`TableSummary.without` of a table out of order (a function of its own: its
    generator would make ``gone`` a cell in ``without``, asked at every capture)."""
    rest = sort_cards(c for p, c in enumerate(loose) if p not in gone)
    return summarize(rest, builds, royal=royal)


def summarize(
    loose: tuple[Card, ...], builds: tuple[HasCards, ...], *, royal: bool
) -> TableSummary:
    """The :class:`TableSummary` of a table (see there), read from its cards once.

    >>> from cardrules.cards import parse_cards
    >>> summarize(parse_cards("2C 3D"), (), royal=False).loose == parse_cards("2C 3D")
    True
    """
    of = table_value_table(royal)
    indices: list[int] = []
    values: list[int | None] = []
    sums = [1]
    reach = 1
    # One pass, from the last position back (each card adds to the sums after it),
    # reading each card's index once: the cheapest way to read them in Python.
    for card in reversed(loose):
        i = card.index
        v = of[i]
        if v:  # (None: a face card, which adds to no sum; no card is worth 0)
            reach |= (reach << v) & SUM_BITS
        sums.append(reach)
        values.append(v)
        indices.append(i)
    sums.reverse()
    values.reverse()
    indices.reverse()
    ordered = indices == sorted(indices)
    return TableSummary(
        tuple(values), tuple(sums), loose, builds, tuple(indices), ordered, bool(royal)
    )


def _pairs_of(values: tuple[int | None, ...]) -> tuple[int, ...]:
    """:attr:`TableSummary.pairs` of a table whose loose cards have these ``values``."""
    pairs = [1]
    pair = 1
    for v in values[::-1]:  # as summarize does the sums
        if v:
            pair = (pair | pair << v | pair << (PAIR_STRIDE * v)) & _PAIR_BITS
        pairs.append(pair)
    pairs.reverse()
    return tuple(pairs)
