"""The Casino game state: an immutable snapshot of a whole game."""

from __future__ import annotations

import enum
import operator

import attrs

from cardrules import stacking
from cardrules.cards import Card, format_cards, make_deck
from cardrules.casino.actions import Build, Capture
from cardrules.casino.config import Config
from cardrules.casino.scoring import HandScore
from cardrules.casino.table import TableSummary, summarize
from cardrules.events import Event

__all__ = ["Phase", "State", "TableBuild"]

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
    """The table as the rules read it (:class:`~cardrules.casino.table.TableSummary`), made
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
        """The fields to pickle or copy: all but the carried play in progress and turn,
        and the table summary (made again by :meth:`__setstate__`).

        ``_play``, ``_turn`` and ``summary`` are worked out again when needed, and in the
        compiled build they are native objects that pickle cannot rebuild (OpenSpiel
        serialises states).

        >>> import pickle
        >>> from cardrules import casino
        >>> state = casino.new_game(seed=1)
        >>> pickle.loads(pickle.dumps(state)) == state
        True
        """
        fields = dict(self.__dict__)
        fields["_play"] = None
        fields["_turn"] = None
        fields.pop("summary", None)
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        """Restore the fields :meth:`__getstate__` gave and make the table summary again.

        >>> import copy
        >>> from cardrules import casino
        >>> state = casino.new_game(seed=1)
        >>> copy.copy(state).summary.loose == state.loose
        True
        """
        self.__dict__.update(fields)
        object.__setattr__(self, "summary", self._summarize())

    def __attrs_post_init__(self) -> None:
        if self.stacked:  # checked here, not by a validator called for every state made
            stacking.check_stacked(self.stacked, make_deck())
        object.__setattr__(self, "summary", self._summarize())

    def _summarize(self) -> TableSummary:
        """The summary of this state's table, or an empty one if its fields are not cards
        (:func:`~cardrules.casino.validate_state` says what is wrong)."""
        royal = self.config.royal if isinstance(self.config, Config) else False
        try:
            return summarize(self.loose, self.builds, royal=royal)
        except (TypeError, AttributeError):
            return TableSummary((), (1,))

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
