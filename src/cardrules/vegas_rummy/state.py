"""The Las Vegas Rummy game state and the records it keeps.

Phases (``State.phase``, a :class:`Phase`; its members are also the strings
below, which is what JSON and the notation write):

``"draw"``
    ``to_act`` starts a turn: :class:`~.actions.Draw` or :class:`~.actions.TakeDiscard`.
``"play"``
    ``to_act`` has drawn: melds, lay-offs, swaps, then one discard ends the turn.
``"decide"``
    Between rounds: each busted player in turn (clockwise from the dealer's
    left) chooses :class:`~.actions.Rebuy` or :class:`~.actions.Retire` (LV-12).
``"table"``
    Between rounds: the next dealer's :class:`~.actions.Deal` starts the next
    round (LV-17). Before it, the host may seat a new player with
    :func:`~cardrules.vegas_rummy.join` (LV-14; never a seat's action).
``"over"``
    The game is over; ``to_act`` is ``None``.

Between rounds the cards are collected: hands, stock, discard pile and melds are
empty and the last round's hands live in ``history``.
"""

from __future__ import annotations

import enum
import warnings
from decimal import Decimal
from functools import lru_cache
from typing import ClassVar, Literal

import attrs

from cardrules import stacking
from cardrules.cards import JOKER, SUITS, Card, Rank, make_deck
from cardrules.events import Event
from cardrules.rummy.melds import RunMeld, SetMeld
from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.money import money_sum, to_money

__all__ = [
    "CutAttempt",
    "LedgerEntry",
    "OwnedMeld",
    "Phase",
    "RoundResult",
    "State",
    "wild_cards",
]

class Phase(enum.StrEnum):
    """Where the game is: a player's turn, between rounds, or over.

    Each member is also its name as a string, so ``state.phase == "draw"`` holds
    and JSON and the notation write ``"draw"`` as before.

    >>> Phase.draw == "draw", str(Phase.table), Phase("over") is Phase.over
    (True, 'table', True)
    """

    draw = "draw"
    """``to_act`` starts a turn: draw from the stock or take the top discard."""
    play = "play"
    """``to_act`` has drawn: melds, lay-offs, swaps, then one discard ends the turn."""
    decide = "decide"
    """Between rounds: a busted player chooses to rebuy or retire (LV-12)."""
    table = "table"
    """Between rounds: the next dealer deals (LV-17); the host may seat a newcomer first."""
    over = "over"
    """The game is over; nobody is to act."""


def _to_phase(value: object) -> Phase:
    """``value`` as a :class:`Phase` (a member is itself: a new state is made at every move)."""
    return value if type(value) is Phase else Phase(value)  # type: ignore[arg-type]


def _deprecated(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is renamed {new}; the old name goes in the next release",
        DeprecationWarning,
        stacklevel=3,
    )


def wild_cards(config: Config, upcard: Card) -> frozenset[Card]:
    """The round's wild cards for an upcard (LV-2).

    Jokers are always wild; a joker upcard makes them the only wild cards;
    otherwise every card of the upcard's rank (``wild_scope="rank"``) or every
    card equal to the upcard (``"card"``) is wild too.

    >>> from cardrules.cards import parse_card
    >>> sorted(str(c) for c in wild_cards(Config(), parse_card("7D")))
    ['7♠', '7♣', '7♥', '7♦', 'JK']
    """
    return _scope_wilds(config.wild_scope, upcard)


@lru_cache(maxsize=128)
def _scope_wilds(wild_scope: Literal["rank", "card"], upcard: Card) -> frozenset[Card]:
    """:func:`wild_cards` from the one setting it reads (a pure function of values, kept).

    >>> from cardrules.cards import parse_card
    >>> sorted(str(c) for c in _scope_wilds("card", parse_card("7D")))
    ['7♦', 'JK']
    """
    if upcard.is_joker:
        return frozenset({JOKER})
    if wild_scope == "card":
        return frozenset({JOKER, upcard})
    return frozenset({JOKER} | {Card(upcard.rank, suit) for suit in SUITS})


def pack_of_size(size: int) -> tuple[Card, ...] | None:
    """The pack of ``size`` cards (decks of 52 cards and 2 jokers); ``None``: no pack has it."""
    if size % 54 or not 1 <= size // 54 <= 20:
        return None
    return make_deck(decks=size // 54, jokers_per_deck=2)


@attrs.frozen
class OwnedMeld:
    """A meld on the table and the seat that laid it down (anyone may add to it)."""

    owner: int
    meld: RunMeld | SetMeld


@attrs.frozen
class CutAttempt:
    """One try at cutting for the first dealer (LV-16).

    ``passes[i][seat]`` is the card dealt face up to ``seat`` in pass ``i``
    (``None``: that seat was no longer tied). An attempt that ran out of cards
    is followed by another after a reshuffle.
    """

    passes: tuple[tuple[Card | None, ...], ...]


@attrs.frozen
class RoundResult:
    """One round's scoring breakdown: the facts, then the points.

    ``hands`` are the cards left in every seat's hand (empty for retired seats
    and the player who went out), ``points`` their penalty value, ``scores``
    every seat's game score after adding them, ``busted`` the seats at or over
    the maximum, ``game_over`` the LV-13 test, ``reshuffles`` how many times the
    stock was rebuilt in the round (LV-10).
    """

    round_number: int
    dealer: int
    upcard: Card
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    busted: tuple[int, ...]
    game_over: bool
    reshuffles: int = 0


@attrs.frozen
class LedgerEntry:
    """A payment or seat change, in order.

    ``kind``: ``"buy_in"`` (a starting seat), ``"rebuy"`` (LV-12), ``"join"``
    (LV-14) or ``"retire"`` (amount 0). ``after_round`` is the round just scored
    (0 for the buy-ins before the first deal); ``score`` is the seat's score
    after the entry.
    """

    after_round: int
    seat: int
    kind: Literal["buy_in", "rebuy", "join", "retire"]
    amount: Decimal = attrs.field(converter=to_money)
    score: int


@attrs.frozen
class State:
    """A Las Vegas Rummy game at one moment. Immutable; see the module docstring for phases.

    Per-seat tuples (``hands``, ``scores``, ``busts``, ``active``) grow when a
    player joins. ``stock`` and ``discard`` are listed bottom to top; the stock's
    order is hidden from players (see :func:`~cardrules.vegas_rummy.view`).
    """

    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"turn": "turns"}
    """Old JSON keys and the fields they now fill (saves of 0.x still load, with a warning)."""

    config: Config
    seed: int
    shuffles: int
    phase: Phase = attrs.field(converter=_to_phase)  # "draw" given as a string is Phase.draw
    to_act: int | None
    dealer: int
    round_number: int
    num_decks: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    melds: tuple[OwnedMeld, ...]
    upcard: Card | None
    turns: int
    """Turns completed in this round: 0 on its first turn, one more after each
    discard that passes the turn (LV-3 uses it; ``turn_limit`` bounds it)."""
    taken: Card | None
    reshuffles: int
    scores: tuple[int, ...]
    busts: tuple[int, ...]
    active: tuple[bool, ...]
    winners: tuple[int, ...]
    cut: tuple[CutAttempt, ...]
    history: tuple[RoundResult, ...]
    ledger: tuple[LedgerEntry, ...]
    events: tuple[Event, ...] = ()
    """The public event log (:mod:`cardrules.events`), bounded."""

    stacked: tuple[tuple[Card, ...], ...] = attrs.field(default=())
    """Packs for the next rounds, top first, each dealt instead of a shuffle
    (``new_game(decks=...)``). Hidden: the stock of the future, never in a view."""

    @stacked.validator
    def _check_stacked(self, _attribute: object, value: tuple[tuple[Card, ...], ...]) -> None:
        if value:
            stacking.check_stacked(value, pack_of_size)

    def __repr__(self) -> str:
        """``cardrules.from_notation('…')``: an expression that rebuilds this object."""
        from cardrules.notation import notation_repr  # the notation reads this module

        return notation_repr(self)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (LV-13)."""
        return self.phase == "over"

    @property
    def num_players(self) -> int:
        """Seats so far, retired ones and joiners included (``config.num_players`` at the start)."""
        return len(self.scores)

    @property
    def num_seats(self) -> int:
        """Deprecated name of :attr:`num_players`."""
        _deprecated("State.num_seats", "num_players")
        return len(self.scores)

    @property
    def turn(self) -> int:
        """Deprecated name of :attr:`turns`."""
        _deprecated("State.turn", "turns")
        return self.turns

    @property
    def wilds(self) -> frozenset[Card]:
        """This round's wild cards (empty between rounds)."""
        return frozenset() if self.upcard is None else wild_cards(self.config, self.upcard)

    @property
    def wild_rank(self) -> Rank | None:
        """The rank made wild by the upcard (``None``: jokers only, or between rounds)."""
        if self.upcard is None or self.upcard.is_joker:
            return None
        return self.upcard.rank

    @property
    def pot(self) -> Decimal:
        """Every buy-in, rebuy and join payment so far (LV-15)."""
        return money_sum(entry.amount for entry in self.ledger)

    def __str__(self) -> str:
        from cardrules.vegas_rummy.display import table_text  # lazy: display imports this module

        return table_text(self)

    def _repr_html_(self) -> str:
        from cardrules.vegas_rummy.display import table_html

        return table_html(self)
