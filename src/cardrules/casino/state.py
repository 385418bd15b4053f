"""The Casino game state: an immutable snapshot of a whole game."""

from __future__ import annotations

import enum
import operator
from bisect import bisect_right
from typing import Any, Final

import attrs

from cardrules import stacking
from cardrules.cards import Card, format_cards, make_deck, sort_cards
from cardrules.casino.actions import Build, Capture
from cardrules.casino.captures import table_value_table
from cardrules.casino.config import Config
from cardrules.casino.scoring import HandScore
from cardrules.events import Event

__all__ = ["Phase", "State", "TableBuild", "TableSummary", "successor", "summarize"]

_INDEX = operator.attrgetter("index")


class Phase(enum.Enum):
    """Where the player to act is in his turn (:attr:`State.phase`, derived from the state).

    >>> from cardrules import casino
    >>> casino.new_game(seed=1).phase
    <Phase.PLAY: 'play'>
    """

    PLAY = "play"
    """He starts a play: the first step of a capture or build, or a trail."""
    TAKING = "taking"
    """A capture or build of his is in progress (``pending``): he takes one more item or ends it."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class TableBuild:
    """A build on the table: its capture ``value``, its ``groups`` and its ``owner`` seat.

    One group is a single build (its value may be raised); several groups make a
    multiple build, whose value never changes (§1.5). Each group's cards add up
    to ``value`` (aces count 1). The owner is whoever last created, raised or
    added to it (CA-14: with ``build_for_partner`` an add for one's partner
    leaves the partner owner).
    """

    value: int
    groups: tuple[tuple[Card, ...], ...]
    owner: int
    cards: tuple[Card, ...] = attrs.field(init=False, eq=False, repr=False)
    """All its cards, sorted; this is how actions name the build. Worked out from
    ``groups`` when the build is made (the rules ask for it at every step): not a
    field of its JSON or notation, not compared."""

    def __attrs_post_init__(self) -> None:
        try:
            cards = tuple(sorted((c for g in self.groups for c in g), key=_INDEX))
        except (TypeError, AttributeError):  # not cards: validate_state says what is wrong
            cards = ()
        object.__setattr__(self, "cards", cards)

    @property
    def is_single(self) -> bool:
        """True for a single build (one group)."""
        return len(self.groups) == 1

    def __str__(self) -> str:
        return f"[{self.value}: " + " | ".join("+".join(map(str, g)) for g in self.groups) + "]"


SUM_BITS = (1 << 15) - 1
"""Sums from 0 to 14, the highest capture or build value (CA-6)."""
PAIR_STRIDE = 30
"""Pairs of sums ``(s, t)`` are bit ``s + 30 t``: room for a sum of 14 shifted by 14 more."""
_PAIR_BITS = sum(SUM_BITS << (PAIR_STRIDE * t) for t in range(15))


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
        builds: tuple[TableBuild, ...] = (),
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

    def without(self, gone: list[int], builds: tuple[TableBuild, ...]) -> TableSummary:
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
    loose: tuple[Card, ...], gone: list[int], builds: tuple[TableBuild, ...], royal: bool
) -> TableSummary:
    """:meth:`TableSummary.without` of a table out of order (a function of its own: its
    generator would make ``gone`` a cell in ``without``, asked at every capture)."""
    rest = sort_cards(c for p, c in enumerate(loose) if p not in gone)
    return summarize(rest, builds, royal=royal)


def summarize(
    loose: tuple[Card, ...], builds: tuple[TableBuild, ...], *, royal: bool
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


@attrs.frozen(slots=False)  # no slots: apply makes the next state from a copy of __dict__
class State:
    """Everything about a Casino game at one moment. Never changed in place.

    Seats are ``0..n-1`` clockwise; the player left of the dealer (``P1``)
    plays first in every deal. ``hands`` are sorted; ``loose`` is the loose
    table cards, sorted; ``builds`` in the order they were made; ``piles`` the
    captured cards of each seat, sorted; ``stock`` the undealt cards, top first
    (hidden: never in a view). ``sweep_log`` lists the seats that swept in this
    hand, in order. ``scores`` are per scoring side (seat, or team). ``history``
    holds each finished hand's :class:`~cardrules.casino.scoring.HandScore`.
    """

    config: Config
    seed: int
    shuffles: int
    dealer: int
    round_number: int
    deal_number: int
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweep_log: tuple[int, ...]
    last_capturer: int | None
    stock: tuple[Card, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    history: tuple[HandScore, ...]
    pending: Capture | Build | None = None
    events: tuple[Event, ...] = ()
    """The public event log (:mod:`cardrules.events`), bounded."""

    stacked: tuple[tuple[Card, ...], ...] = attrs.field(default=())
    """Packs for the next hands, top first, each dealt instead of a shuffle
    (``new_game(decks=...)``). Hidden: the stock of the future, never in a view."""

    summary: TableSummary = attrs.field(init=False, eq=False, repr=False)
    """The table as the rules read it (:class:`~cardrules.casino.state.TableSummary`), made
    with the state: not a field of its JSON or notation, not compared."""

    _play: object = attrs.field(init=False, default=None, eq=False, repr=False)
    """What the rules worked out about the play in progress (``pending``) when it
    started, carried to the states of its later steps by :func:`successor` (none
    of which changes the hand or the table it was worked out from); ``None``
    when the rules must work it out. Not a field of its JSON or notation, not
    compared."""

    _turn: object = attrs.field(init=False, default=None, eq=False, repr=False)
    """What the rules worked out about the turn of the player to act (his hand's values,
    the builds he owns, CA-7's answers) when first asked, by :func:`~cardrules.casino.legal_actions`
    or by judging an action; ``None`` until then. Kept so that judging the action
    chosen from a listing reads it again; never carried to another state, used only
    while the hand, builds and config it was worked out from equal the state's. Not a
    field of its JSON or notation, not compared."""

    def __getstate__(self) -> dict[str, object]:
        """The fields to pickle or copy: all but the carried play in progress and turn.

        ``_play`` and ``_turn`` are worked out again when needed, and in the compiled
        build they are native objects that pickle cannot rebuild (OpenSpiel serialises
        states).

        >>> import pickle
        >>> from cardrules import casino
        >>> state = casino.new_game(seed=1)
        >>> pickle.loads(pickle.dumps(state)) == state
        True
        """
        fields = dict(self.__dict__)
        fields["_play"] = None
        fields["_turn"] = None
        return fields

    def __attrs_post_init__(self) -> None:
        if self.stacked:  # checked here, not by a validator called for every state made
            stacking.check_stacked(self.stacked, make_deck())
        royal = self.config.royal if isinstance(self.config, Config) else False
        try:
            summary = summarize(self.loose, self.builds, royal=royal)
        except (TypeError, AttributeError):  # not cards: validate_state says what is wrong
            summary = TableSummary((), (1,))
        object.__setattr__(self, "summary", summary)

    def __repr__(self) -> str:
        """``cardrules.from_notation('…')``: an expression that rebuilds this object."""
        from cardrules.notation import notation_repr  # the notation reads this module

        return notation_repr(self)

    @property
    def is_over(self) -> bool:
        """True once the game has been won."""
        return self.to_act is None

    @property
    def phase(self) -> Phase:
        """:class:`Phase` of the turn: over, taking (a play in progress) or play.

        Derived from ``to_act`` and ``pending``, so it adds nothing to the JSON.
        """
        if self.to_act is None:
            return Phase.OVER
        return Phase.PLAY if self.pending is None else Phase.TAKING

    @property
    def is_last_deal(self) -> bool:
        """True during the hand's final deal (the one the dealer announces as "last")."""
        return self.deal_number == self.config.deals_per_hand

    @property
    def num_players(self) -> int:
        """How many seats."""
        return self.config.num_players

    def describe(self) -> str:
        """A few lines for people: table, hands, piles and scores."""
        lines = [
            f"hand {self.round_number}, deal {self.deal_number}"
            + (" (last)" if self.is_last_deal else "")
            + f", dealer {self.dealer}, to act {self.to_act}"
            + (f", playing '{self.pending} …'" if self.pending is not None else ""),
            "table: " + " ".join([format_cards(self.loose)] + [str(b) for b in self.builds]),
        ]
        for seat, hand in enumerate(self.hands):
            lines.append(f"seat {seat}: {format_cards(hand)}  (pile {len(self.piles[seat])})")
        lines.append(f"scores: {list(self.scores)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        from cardrules.casino.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.casino.display import table_html

        return table_html(self)


_COPYABLE: Final = frozenset(f.name for f in attrs.fields(State) if f.init) - {"stacked"}
"""The fields :func:`successor` may change: all but ``stacked``, which the constructor checks."""
_FIELD_COUNT: Final = len(attrs.fields(State))
_new_state: Final = object.__new__
_set_dict: Final = object.__setattr__


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
    new: State = _new_state(State)
    _set_dict(new, "__dict__", values)
    return new
