"""The compact observation: card-location planes, public-history planes and scalars, all in [0, 1].

Where :func:`cardrules.rl.observations.encode` gives raw counts and points (a
rich vector for your own encoding), :func:`encode_planes` gives what a network
learns from: a ``float32`` vector whose every value lies in ``[0, 1]`` (the
``Box`` bounds are exact), at most 1,024 values (4 KiB) for every one-deck
config. It is made of rows of card columns (53 in the rummies, the joker last;
52 in Casino), then a few scalars. A count is divided by the most copies of
the card the pack holds; a position by the number of positions (``(k + 1) /
K``, 0 for none); seats are relative (row 0 is the viewer, as everywhere in
``cardrules.rl``); a number with no upper bound ``x ≥ 0`` (a score, a round
number) becomes ``x / (x + scale)`` and a signed one ``(1 + x / (|x| + scale)) / 2``.

Public history
    The *history planes* remember, per seat and per card, what the whole table
    saw that seat do with that card this round (a Casino hand): **took**
    (from the discard pile, or a wild swapped off the table), **discarded**,
    **placed** (melded or laid off) in the rummies; **played** and
    **captured** in Casino. They are the sets of public card events of the
    round, so two histories that differ in who took, dug, melded, laid off or
    captured what encode differently, while the order of events within the
    round is not kept (what is left of it, the discard pile's order, is in the
    card planes). Earlier rounds count only through the scores. A view does
    not hold the whole round's events, so the planes are kept by whoever plays
    the game: :class:`PublicHistory` follows the public event log move by
    move (the PettingZoo, Gymnasium and OpenSpiel wrappers all do).

Rows (``n`` seats, ``M`` meld slots, ``B = 3n`` build slots):

Rummy 500
    ``hand``, ``pile_depth`` (the shallowest copy's depth, top = ``1 / D``),
    ``meld_slot`` (the table meld holding the card or a wild standing for it),
    ``wild_for`` (a wild stands for the card), ``taken`` (taken from the pile
    this turn), ``owed`` (the dug card to place), then ``took``,
    ``discarded``, ``placed`` × n. Scalars: ``open_wilds`` (M), ``hand_sizes``,
    ``scores``, ``round_points`` (n each), ``stock``, ``phase`` (3),
    ``to_act`` (n + 1), ``dealer`` (n), ``round``, ``turns``.
Las Vegas Rummy
    ``hand``, ``pile_depth``, ``upcard``, ``meld_slot``, ``wild_for``,
    ``taken``, then ``took``, ``discarded``, ``placed`` × n. Scalars:
    ``open_wilds`` (M), ``hand_sizes``, ``scores``, ``busts``, ``active`` (n
    each), ``stock``, ``phase`` (5), ``to_act`` (n + 1), ``dealer`` (n),
    ``turn``, ``reshuffles``, ``round``.
Casino
    ``hand``, ``loose``, ``build_slot``, ``pending_card``, ``pending_cards``,
    then ``played``, ``captured`` × n. Scalars: ``build_value``,
    ``build_single``, ``pending_builds`` (B each), ``build_owner`` (B × n),
    ``pending_kind`` (4), ``pending_value``, ``pile_sizes``, ``sweeps`` (n
    each), ``last_capturer`` (n + 1), ``scores`` (sides), ``stock``,
    ``deal``, ``last_deal``, ``dealer`` (n), ``to_act`` (n + 1), ``round``.

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=1)
>>> vector = encode_planes(cardrules.view(state, 0))
>>> vector.shape, float(vector.min()) >= 0.0, float(vector.max()) <= 1.0
((670,), True, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import casino, engine, rummy500, vegas_rummy
from cardrules.cards import SUITS, Suit
from cardrules.event_types import Move, RoundEnd
from cardrules.rummy.melds import RunMeld, card_at

__all__ = [
    "PublicHistory",
    "SeatEncoder",
    "encode_planes",
    "encode_seat",
    "history_kinds",
    "layout",
    "new_events",
    "planes_size",
]

Floats = npt.NDArray[np.float32]
_FLOAT32 = np.dtype(np.float32)
"""The dtype, made once: ``frombuffer`` given a type or a code looks it up every call."""

_R500_PHASES = ("draw", "play", "over")
_R500_PHASE_MEMBERS = tuple(rummy500.Phase(name) for name in _R500_PHASES)
"""The phases as members: ``tuple.index`` finds a member by identity in C, where
``phase.value`` goes through enum's Python-level descriptor on every observation."""
_VEGAS_PHASES = ("draw", "play", "decide", "table", "over")
_CASINO_KINDS = ("capture", "new", "raise", "add")

_HISTORY_KINDS = {
    "rummy500": ("took", "discarded", "placed"),
    "vegas_rummy": ("took", "discarded", "placed"),
    "casino": ("played", "captured"),
}
_CARD_ROWS = {
    "rummy500": ("hand", "pile_depth", "meld_slot", "wild_for", "taken", "owed"),
    "vegas_rummy": ("hand", "pile_depth", "upcard", "meld_slot", "wild_for", "taken"),
    "casino": ("hand", "loose", "build_slot", "pending_card", "pending_cards"),
}


def history_kinds(game: str) -> tuple[str, ...]:
    """The public-history planes of ``game``, one row per seat each.

    >>> history_kinds("casino")
    ('played', 'captured')
    """
    return _HISTORY_KINDS[game]


def _seats(config: Any) -> int:
    return int(config.num_players)


def _columns(game: str) -> int:
    return 52 if game == "casino" else 53


def _melds(game: str, config: Any) -> int:
    if game == "rummy500":
        return int(config.deck_size // 3)
    return 54 * int(config.decks_for(_seats(config))) // 3


def _scalars(game: str, config: Any) -> tuple[tuple[str, int], ...]:
    n = _seats(config)
    if game == "rummy500":
        return (
            ("open_wilds", _melds(game, config)),
            ("hand_sizes", n),
            ("scores", n),
            ("round_points", n),
            ("stock", 1),
            ("phase", len(_R500_PHASES)),
            ("to_act", n + 1),
            ("dealer", n),
            ("round", 1),
            ("turns", 1),
        )
    if game == "vegas_rummy":
        return (
            ("open_wilds", _melds(game, config)),
            ("hand_sizes", n),
            ("scores", n),
            ("busts", n),
            ("active", n),
            ("stock", 1),
            ("phase", len(_VEGAS_PHASES)),
            ("to_act", n + 1),
            ("dealer", n),
            ("turn", 1),
            ("reshuffles", 1),
            ("round", 1),
        )
    builds = 3 * n
    return (
        ("build_value", builds),
        ("build_single", builds),
        ("pending_builds", builds),
        ("build_owner", builds * n),
        ("pending_kind", len(_CASINO_KINDS)),
        ("pending_value", 1),
        ("pile_sizes", n),
        ("sweeps", n),
        ("last_capturer", n + 1),
        ("scores", int(config.num_sides)),
        ("stock", 1),
        ("deal", 1),
        ("last_deal", 1),
        ("dealer", n),
        ("to_act", n + 1),
        ("round", 1),
    )


def layout(game: str, config: Any) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """``(name, first index, shape)`` of every part of :func:`encode_planes`'s vector.

    >>> layout("casino", casino.Config())[0]
    ('hand', 0, (52,))
    """
    engine.definition(game)
    columns = _columns(game)
    n = _seats(config)
    parts: list[tuple[str, int, tuple[int, ...]]] = []
    start = 0
    for name in _CARD_ROWS[game]:
        parts.append((name, start, (columns,)))
        start += columns
    for kind in _HISTORY_KINDS[game]:
        parts.append((kind, start, (n, columns)))
        start += n * columns
    for name, count in _scalars(game, config):
        parts.append((name, start, (count,)))
        start += count
    return tuple(parts)


@lru_cache(maxsize=64)
def _offsets(game: str, config: Any) -> dict[str, int]:
    return {name: start for name, start, _shape in layout(game, config)}


@lru_cache(maxsize=64)
def planes_size(game: str, config: Any) -> int:
    """The length of :func:`encode_planes`'s vector for ``game`` under ``config``.

    >>> planes_size("casino", casino.Config())
    521
    """
    _name, start, shape = layout(game, config)[-1]
    return start + int(np.prod(shape))


@lru_cache(maxsize=64)
def _copies(game: str, config: Any) -> Floats:
    """The most copies of each card column the pack holds (at least 1)."""
    columns = _columns(game)
    if game == "rummy500":
        decks, jokers = int(config.num_decks), int(config.jokers) * int(config.num_decks)
    elif game == "vegas_rummy":
        decks = int(config.decks_for(_seats(config)))
        jokers = 2 * decks
    else:
        decks, jokers = 1, 0
    out = np.full(columns, float(decks), dtype=np.float32)
    if columns == 53:
        out[52] = float(max(jokers, 1))
    return out


def _pack_size(game: str, config: Any) -> int:
    if game == "rummy500":
        return int(config.deck_size)
    if game == "vegas_rummy":
        return 54 * int(config.decks_for(_seats(config)))
    return 52


def _grow(x: float, scale: float) -> float:
    """``x ≥ 0`` squashed into [0, 1)."""
    x = max(float(x), 0.0)
    return x / (x + scale)


def _signed(x: float, scale: float) -> float:
    """Any ``x`` squashed into (0, 1), 0 at 0.5."""
    x = float(x)
    return 0.5 * (1.0 + x / (abs(x) + scale))


# ---------------------------------------------------------------------------
# Public history


def new_events(before: Any, after: Any, actor: int) -> tuple[Any, ...]:
    """The public events ``apply`` added when seat ``actor`` moved from ``before`` to ``after``.

    The log keeps everything since each seat's last move, so the actor's new
    move is the last of its moves in ``after``'s log; a step that logs nothing
    (a Casino step of a play in progress) leaves the log as it was.

    >>> import cardrules
    >>> state = cardrules.new_game("rummy500", seed=2)
    >>> later = cardrules.apply(state, cardrules.legal_actions(state)[0])
    >>> new_events(state, later, 0)
    (Move(seat=0, kind='draw', text='draw', cards=()),)
    """
    log: tuple[Any, ...] = after.events
    if log is before.events or log == before.events or not log:
        return ()
    index = len(log) - 1
    while index >= 0:
        event = log[index]
        if isinstance(event, Move) and event.seat == actor:
            return log[index:]
        index -= 1
    return log[-1:]


@lru_cache(maxsize=64)
def _shape(game: str, n: int) -> tuple[int, int, int, tuple[tuple[int, ...], ...], bytes]:
    """A history's layout: kinds, columns, a viewer's block, mark starts, the zero flags.

    The mark starts are where a card flag of (kind, seat) goes in each viewer's
    block (kind-major, then seat). Made once per game and seat count: OpenSpiel
    makes a history (a copy) at every move.
    """
    kinds, columns = len(_HISTORY_KINDS[game]), _columns(game)
    block = kinds * n * columns
    starts = tuple(
        tuple(me * block + (row * n + (seat - me) % n) * columns for me in range(n))
        for row in range(kinds)
        for seat in range(n)
    )
    return kinds, columns, block, starts, bytes(4 * n * block)


class PublicHistory:
    """The history planes of one game, in absolute seats, updated move by move.

    ``record(events)`` takes the events :func:`new_events` returns; a round's
    end clears the planes. ``planes`` is a read-only ``(kinds, n, columns)``
    array of 0/1 flags (``n`` is ``seats``, ``columns`` the card columns).
    :meth:`copy` gives an independent copy (for search, which branches).

    >>> import cardrules
    >>> state = cardrules.new_game("casino", seed=3)
    >>> history = PublicHistory("casino", state.config)
    >>> after = cardrules.apply(state, cardrules.legal_actions(state)[0])
    >>> history.record(new_events(state, after, 0))
    >>> int(history.planes.sum()) >= 1
    True
    """

    def __init__(self, game: str, config: Any) -> None:
        self.game = game
        self._config = config  # for copy(): a compiled class is made only through __init__
        n = self.seats = _seats(config)
        # The planes as each seat sees them (that seat first, as row 0), one
        # contiguous block per viewer: an observation copies its viewer's block
        # in one slice, and a mark is written once per viewer.
        self._kinds, self.columns, self._block, self._starts, zeros = _shape(game, n)
        self._flags = array("f", zeros)

    @property
    def planes(self) -> Floats:
        """The ``(kinds, n, columns)`` flags, read-only (change them through :meth:`record`)."""
        # Viewer 0's block: its relative seats are the absolute ones.
        whole: Floats = np.frombuffer(self._flags, dtype=_FLOAT32)
        view = whole[: self._block].reshape(self._kinds, self.seats, self.columns)
        view.flags.writeable = False
        return view

    def copy(self) -> PublicHistory:
        """An independent copy."""
        twin = PublicHistory(self.game, self._config)
        twin._flags = self._flags[:]
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle's default makes a bare object, and a compiled class is made only
        # through __init__: OpenSpiel serialises states that hold a history.
        return (_restored_history, (self.game, self._config, self._flags))

    def clear(self) -> None:
        """Forget everything (a new round)."""
        self._flags[:] = array("f", bytes(4 * len(self._flags)))

    def record(self, events: Sequence[Any]) -> None:
        """Take in the public events of one move (see the class)."""
        marks, default = _MARKS[self.game]
        seats, all_starts, flags = self.seats, self._starts, self._flags
        for event in events:
            if type(event) is not Move:
                if isinstance(event, RoundEnd):
                    self.clear()
                    continue
                if not isinstance(event, Move):
                    continue
            cards = event.cards
            if not cards:
                continue
            seat = event.seat
            for row, first, stop in marks.get(event.kind, default):
                starts = all_starts[row * seats + seat]
                for card in cards[first:stop]:
                    index = card.index
                    for start in starts:
                        flags[start + index] = 1.0


def _restored_history(game: str, config: Any, flags: array[float]) -> PublicHistory:
    history = PublicHistory(game, config)
    history._flags = flags
    return history


_MarkRule = tuple[tuple[int, int, int | None], ...]
_MARKS: dict[str, tuple[dict[str, _MarkRule], _MarkRule]] = {
    # Casino: a move's first card was played (the rest are what it took or
    # built with); a capture's cards were all captured.
    "casino": ({"capture": ((0, 0, 1), (1, 0, None))}, ((0, 0, 1),)),
    # The rummies: took, discarded, placed; a swap puts the natural card in
    # and takes the wild back.
    **dict.fromkeys(
        ("rummy500", "vegas_rummy"),
        (
            {
                "take": ((0, 0, None),),
                "discard": ((1, 0, None),),
                "meld": ((2, 0, None),),
                "lay_off": ((2, 0, None),),
                "swap": ((2, 0, 1), (0, 1, None)),
            },
            (),
        ),
    ),
}
"""Which history row (of :data:`_HISTORY_KINDS`) each kind of move marks, and with
which of its cards (``cards[first:stop]``); then the rule for other kinds."""


# ---------------------------------------------------------------------------
# Encoding


_NATURAL_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(card_at(suit, position).index for position in range(40)) for suit in SUITS
)
"""The index of the natural card at each run position, by suit (the positions a run reaches)."""


class _Plan:
    """What every encoding of one game and config shares (offsets, scales), built once."""

    def __init__(self, game: str, config: Any) -> None:
        self.game, self.config = game, config
        self.size = planes_size(game, config)
        self.at = dict(_offsets(game, config))
        self.n = _seats(config)
        self.columns = _columns(game)
        self.scale_list = [float(x) for x in 1.0 / _copies(game, config)]
        self.history_at = self.at[_HISTORY_KINDS[game][0]]
        self.melds = _melds(game, config) if game != "casino" else 0
        self.pack = _pack_size(game, config)
        # Casino's highest build value, a property of the config: read once per config.
        self.top = float(config.max_value) if game == "casino" else 0.0
        self.template = array("f", bytes(4 * self.size))

    def __reduce__(self) -> tuple[Any, ...]:
        # A compiled class is made only through __init__ (see PublicHistory.__reduce__).
        return (_plan, (self.game, self.config))


@lru_cache(maxsize=64)
def _plan(game: str, config: Any) -> _Plan:
    return _Plan(game, config)


# The encoders below write one observation into a float32 ``array.array``, then
# hand it to numpy: setting numpy elements one by one costs more than the whole
# rest of an encoding, an ``array.array`` element is set at the cost of a list
# item, and ``numpy.frombuffer`` takes the array over without a copy. They are
# flat functions over local names because an environment calls one every step.


def _counts(v: array[float], start: int, scale: list[float], cards: Iterable[Any]) -> None:
    for card in cards:
        index = card.index
        v[start + index] += scale[index]


def _depths(v: array[float], start: int, pile: Sequence[Any], size: int) -> None:
    """The shallowest copy's depth in the pile, top = ``1 / size``, in (0, 1]."""
    # From the bottom up, so the shallowest copy of a card is written last.
    depth = len(pile)
    for card in pile:
        v[start + card.index] = depth / size
        depth -= 1


def _place_melds(
    v: array[float], at: dict[str, int], melds: Sequence[Any], slots: int, first: int = 0
) -> None:
    """Each place of a meld marks the card it stands for (a wild there too), or an open wild.

    ``melds`` go in slots ``first``, ``first + 1``, …: the rows must already
    hold the melds of the slots before ``first`` (a meld marks only the cards
    no earlier meld holds, so later melds add to the rows and change nothing
    already there).

    The natural cards are worked out here as :func:`~cardrules.rummy.melds.placements`
    does, from the run's positions or the set's suits, without building its pairs.
    """
    slot_at, wild_at, open_at = at["meld_slot"], at["wild_for"], at["open_wilds"]
    for slot, meld in enumerate(melds, first):
        if slot >= slots:
            raise ValueError("more melds on the table than the observation holds")
        value = (slot + 1) / slots
        if isinstance(meld, RunMeld):
            _place_run(v, slot_at, wild_at, value, meld.suit, meld.start, meld.cards)
        else:
            cards, suits = meld.cards, meld.suits
            _place_set(v, slot_at, wild_at, open_at + slot, value, meld.rank, cards, suits)


def _place_run(
    v: array[float],
    slot_at: int,
    wild_at: int,
    value: float,
    suit: Suit,
    position: int,
    cards: Sequence[Any],
) -> None:
    """``cards`` of a run of ``suit`` from ``position`` on, in the slot of ``value``."""
    naturals = _NATURAL_AT[suit]
    for card in cards:
        where = naturals[position] if position < 40 else card_at(suit, position).index
        position += 1
        held = v[slot_at + where]
        if held == 0.0 or held > value:  # the first meld holding the card (the lowest slot)
            v[slot_at + where] = value
        if card.index != where:  # a wild stands for the card
            v[wild_at + where] = 1.0


def _place_set(
    v: array[float],
    slot_at: int,
    wild_at: int,
    open_here: int,
    value: float,
    rank: int,
    cards: Sequence[Any],
    suits: Sequence[Any],
) -> None:
    """``cards`` of a set of ``rank`` standing for ``suits``, in the slot of ``value``."""
    column = rank - 1
    for card, suit in zip(cards, suits):
        if suit is None:  # an open wild in a set
            v[open_here] += 0.25
            continue
        where = suit * 13 + column
        held = v[slot_at + where]
        if held == 0.0 or held > value:
            v[slot_at + where] = value
        if card.index != where:
            v[wild_at + where] = 1.0


def _place_lay_off(
    v: array[float], at: dict[str, int], old: Any, new: Any, slot: int, slots: int
) -> bool:
    """Place what ``new`` adds to ``old`` (the meld of ``slot`` before), if it only adds cards.

    False, with nothing written, when ``new`` is not ``old`` with cards added
    at its ends (a run) or after its cards (a set).
    """
    slot_at, wild_at = at["meld_slot"], at["wild_for"]
    value = (slot + 1) / slots
    count = len(old.cards)
    if isinstance(new, RunMeld):
        if not isinstance(old, RunMeld) or old.suit != new.suit:
            return False
        before = old.start - new.start
        if before < 0 or new.cards[before : before + count] != old.cards:
            return False
        _place_run(v, slot_at, wild_at, value, new.suit, new.start, new.cards[:before])
        _place_run(
            v, slot_at, wild_at, value, new.suit, old.start + count, new.cards[before + count :]
        )
        return True
    if isinstance(old, RunMeld) or old.rank != new.rank:
        return False
    if new.cards[:count] != old.cards or new.suits[:count] != old.suits:
        return False
    open_here = at["open_wilds"] + slot
    _place_set(
        v, slot_at, wild_at, open_here, value, new.rank, new.cards[count:], new.suits[count:]
    )
    return True


class _TableMemo:
    """The meld and discard-pile rows one encoder wrote last, and what they came from.

    Melds change a few times a round and the pile once or twice a turn, while
    an environment encodes every move: melds (or a pile) equal by value to
    the last ones, for the same rows of the same config, get the same rows
    copied back. One per encoder (:class:`SeatEncoder`).
    """

    __slots__ = (
        "config",
        "melds",
        "opens",
        "pile",
        "pile_row",
        "pile_where",
        "plan",
        "rows",
        "where",
    )

    def __init__(self) -> None:
        # The plan of the config last encoded: an environment encodes states of
        # one config, and looking the plan up by config hashes the whole config.
        self.config: Any = None
        self.plan: _Plan | None = None
        self.melds: Any = None
        self.where: tuple[int, ...] = ()
        self.rows: array[float] = array("f")
        self.opens: array[float] = array("f")
        # The discard pile's depth row likewise: a turn's draw and melds leave it be.
        self.pile: Any = None
        self.pile_where: tuple[int, ...] = ()
        self.pile_row: array[float] = array("f")


def _plan_of(game: str, config: Any, memo: _TableMemo | None) -> _Plan:
    """:func:`_plan`, through the encoder's memory of the config it last encoded."""
    if memo is None:
        return _plan(game, config)
    known = memo.config
    # ``is`` first: equal configs are compared field by field, and an
    # environment's states all share its config object.
    if memo.plan is None or (known is not config and known != config):
        memo.config, memo.plan = config, _plan(game, config)
    return memo.plan


def _pile_depths(
    v: array[float], plan: _Plan, pile: Sequence[Any], size: int, memo: _TableMemo | None
) -> None:
    """:func:`_depths` into the ``pile_depth`` row, through the encoder's memory."""
    start = plan.at["pile_depth"]
    end = start + plan.columns
    where = (start, size)
    if memo is not None and memo.pile == pile and memo.pile_where == where:
        v[start:end] = memo.pile_row
        return
    _depths(v, start, pile, size)
    if memo is not None:
        memo.pile, memo.pile_where, memo.pile_row = pile, where, v[start:end]


def _table_melds(
    v: array[float], plan: _Plan, melds: Any, memo: _TableMemo | None, owned: bool
) -> None:
    """:func:`_place_melds` for ``melds`` (``owned``: Las Vegas melds, each ``.meld``)."""
    at = plan.at
    rows_at, rows_end = at["meld_slot"], at["wild_for"] + plan.columns
    open_at, open_end = at["open_wilds"], at["open_wilds"] + plan.melds
    # The rows depend on the melds and on where they go (the slots: the config).
    where = (rows_at, rows_end, open_at, open_end, plan.melds)
    first, added = 0, melds
    if memo is not None and memo.where == where:
        known = memo.melds
        if known == melds:
            v[rows_at:rows_end] = memo.rows
            v[open_at:open_end] = memo.opens
            return
        # A new meld goes after those on the table (a lay-off changes one in
        # place): when the last melds encoded are the first ones now, by value,
        # their rows stand and only the melds after them are placed.
        done = 0 if known is None else len(known)
        if 0 < done < len(melds) and melds[:done] == known:
            v[rows_at:rows_end] = memo.rows
            v[open_at:open_end] = memo.opens
            first, added = done, melds[done:]
        elif 0 < done == len(melds) and _laid_off(v, plan, known, melds, memo, owned):
            memo.melds = melds
            memo.rows, memo.opens = v[rows_at:rows_end], v[open_at:open_end]
            return
    _place_melds(v, at, [item.meld for item in added] if owned else added, plan.melds, first)
    if memo is not None:
        memo.melds, memo.where = melds, where
        memo.rows, memo.opens = v[rows_at:rows_end], v[open_at:open_end]


def _laid_off(
    v: array[float], plan: _Plan, known: Any, melds: Any, memo: _TableMemo, owned: bool
) -> bool:
    """The memory's rows with one meld's lay-off placed, when only that meld changed, by adding.

    A lay-off changes one meld in place; the other melds, equal by value, keep
    their rows, and the cards the meld gained are placed in its slot (a card
    a later meld held first now has this meld as its first).
    """
    slot = 0
    while melds[slot : slot + 1] == known[slot : slot + 1]:
        slot += 1
    if melds[slot + 1 :] != known[slot + 1 :]:
        return False
    at = plan.at
    rows_at, rows_end = at["meld_slot"], at["wild_for"] + plan.columns
    open_at, open_end = at["open_wilds"], at["open_wilds"] + plan.melds
    v[rows_at:rows_end] = memo.rows
    v[open_at:open_end] = memo.opens
    old, new = (known[slot].meld, melds[slot].meld) if owned else (known[slot], melds[slot])
    if _place_lay_off(v, at, old, new, slot, plan.melds):
        return True
    # Not a lay-off: the rows are placed again from the start.
    v[rows_at:rows_end] = plan.template[rows_at:rows_end]
    v[open_at:open_end] = plan.template[open_at:open_end]
    return False


def _finish(v: array[float], plan: _Plan, history: PublicHistory | None, me: int) -> Floats:
    if history is not None:
        if history.seats != plan.n or history.columns != plan.columns:
            raise ValueError("the public history is of another game or seat count")
        block = history._block
        v[plan.history_at : plan.history_at + block] = history._flags[
            me * block : (me + 1) * block
        ]
    result: Floats = np.frombuffer(v, dtype=_FLOAT32)
    return result


def _rummy500(
    src: Any,
    seat: int | None,
    hand: Sequence[Any],
    hand_sizes: Sequence[int],
    stock_size: int,
    history: PublicHistory | None,
    memo: _TableMemo | None = None,
) -> Floats:
    """``src`` is a view or a state: the fields both have under one name are read from it."""
    config = src.config
    plan = _plan_of("rummy500", config, memo)
    at, n, v = plan.at, plan.n, plan.template[:]
    me = 0 if seat is None else seat
    deck = int(config.deck_size)
    _counts(v, at["hand"], plan.scale_list, hand)
    _pile_depths(v, plan, src.discard, deck, memo)
    _table_melds(v, plan, src.melds, memo, owned=False)
    _counts(v, at["taken"], plan.scale_list, src.taken)
    if src.owed is not None:
        v[at["owed"] + src.owed.index] = 1.0
    sizes_at, scores_at, points_at = at["hand_sizes"], at["scores"], at["round_points"]
    target = float(config.target)
    scores, points = src.scores, src.round_points
    for other in range(n):
        rel = (other - me) % n
        v[sizes_at + rel] = hand_sizes[other] / deck
        # _signed, written out: this loop runs for every seat of every observation
        score, point = float(scores[other]), float(points[other])
        v[scores_at + rel] = 0.5 * (1.0 + score / (abs(score) + target))
        v[points_at + rel] = 0.5 * (1.0 + point / (abs(point) + 100.0))
    v[at["stock"]] = stock_size / deck
    v[at["phase"] + _R500_PHASE_MEMBERS.index(src.phase)] = 1.0
    to_act = src.to_act
    v[at["to_act"] + (n if to_act is None else (to_act - me) % n)] = 1.0
    v[at["dealer"] + (src.dealer - me) % n] = 1.0
    # _grow, written out (round and turn counts are never negative)
    round_number, turns = float(src.round_number), float(src.turns)
    v[at["round"]] = round_number / (round_number + 10.0)
    v[at["turns"]] = turns / (turns + 20.0)
    return _finish(v, plan, history, me)


def _vegas(
    src: Any,
    seat: int | None,
    hand: Sequence[Any] | None,
    hand_sizes: Sequence[int],
    stock_size: int,
    history: PublicHistory | None,
    memo: _TableMemo | None = None,
) -> Floats:
    """As :func:`_rummy500`, for Las Vegas Rummy."""
    config = src.config
    plan = _plan_of("vegas_rummy", config, memo)
    at, n, v = plan.at, plan.n, plan.template[:]
    me = 0 if seat is None else seat
    pack = plan.pack
    _counts(v, at["hand"], plan.scale_list, hand or ())
    _pile_depths(v, plan, src.discard, pack, memo)
    if src.upcard is not None:
        v[at["upcard"] + src.upcard.index] = 1.0
    _table_melds(v, plan, src.melds, memo, owned=True)
    if src.taken is not None:
        v[at["taken"] + src.taken.index] = 1.0
    sizes_at, scores_at, busts_at, active_at = (
        at["hand_sizes"],
        at["scores"],
        at["busts"],
        at["active"],
    )
    top = float(config.max_score)
    scores, busts, active = src.scores, src.busts, src.active
    for other in range(n):
        rel = (other - me) % n
        v[sizes_at + rel] = hand_sizes[other] / pack
        # _signed and _grow, written out: this loop runs for every seat of every observation
        score, bust = float(scores[other]), max(float(busts[other]), 0.0)
        v[scores_at + rel] = 0.5 * (1.0 + score / (abs(score) + top))
        v[busts_at + rel] = bust / (bust + 1.0)
        v[active_at + rel] = float(active[other])
    v[at["stock"]] = stock_size / pack
    v[at["phase"] + _VEGAS_PHASES.index(src.phase)] = 1.0
    to_act = src.to_act
    v[at["to_act"] + (n if to_act is None else (to_act - me) % n)] = 1.0
    v[at["dealer"] + (src.dealer - me) % n] = 1.0
    # _grow, written out (the counts are never negative)
    turns, reshuffles = float(src.turns), float(src.reshuffles)
    round_number = float(src.round_number)
    v[at["turn"]] = turns / (turns + 20.0)
    v[at["reshuffles"]] = reshuffles / (reshuffles + 1.0)
    v[at["round"]] = round_number / (round_number + 10.0)
    return _finish(v, plan, history, me)


def _casino(
    src: Any,
    seat: int | None,
    hand: Sequence[Any],
    pile_sizes: Sequence[int],
    sweeps: Sequence[int],
    stock_size: int,
    history: PublicHistory | None,
    memo: _TableMemo | None = None,  # no melds in Casino: taken for a common signature
) -> Floats:
    """As :func:`_rummy500`, for Casino."""
    config = src.config
    plan = _plan_of("casino", config, memo)
    at, n, v = plan.at, plan.n, plan.template[:]
    me = 0 if seat is None else seat
    slots = 3 * n
    top = plan.top
    hand_at, loose_at = at["hand"], at["loose"]
    for card in hand:
        v[hand_at + card.index] = 1.0
    for card in src.loose:
        v[loose_at + card.index] = 1.0
    builds = src.builds
    if len(builds) > slots:
        raise ValueError("more builds on the table than the observation holds")
    slot_at, value_at, single_at = at["build_slot"], at["build_value"], at["build_single"]
    owner_at = at["build_owner"]
    for slot, build in enumerate(builds):
        for card in build.cards:
            v[slot_at + card.index] = (slot + 1) / slots
        v[value_at + slot] = build.value / top
        v[single_at + slot] = float(build.is_single)
        v[owner_at + slot * n + (build.owner - me) % n] = 1.0
    pending = src.pending
    if pending is not None:
        v[at["pending_card"] + pending.card.index] = 1.0
        cards_at = at["pending_cards"]
        for card in pending.cards:
            v[cards_at + card.index] = 1.0
        is_build = isinstance(pending, casino.Build)
        kind = "capture" if isinstance(pending, casino.Capture) else pending.kind
        v[at["pending_kind"] + _CASINO_KINDS.index(kind)] = 1.0
        if is_build:
            v[at["pending_value"]] = pending.value / top
        named = [tuple(build.cards) for build in builds]
        chosen = list(getattr(pending, "builds", ()))
        if is_build and pending.target:
            chosen.append(pending.target)
        for item in chosen:
            if item in named:
                v[at["pending_builds"] + named.index(item)] = 1.0
    piles_at, sweeps_at = at["pile_sizes"], at["sweeps"]
    for other in range(n):
        rel = (other - me) % n
        v[piles_at + rel] = pile_sizes[other] / 52
        # _grow, written out (sweep counts are never negative): a call a seat costs more
        swept = float(sweeps[other])
        v[sweeps_at + rel] = swept / (swept + 2.0)
    capturer = src.last_capturer
    v[at["last_capturer"] + (n if capturer is None else (capturer - me) % n)] = 1.0
    target = float(config.target)
    scores_at = at["scores"]
    for side, score in enumerate(src.scores):  # sides are not rotated, as in observations
        signed = float(score)  # _signed, written out
        v[scores_at + side] = 0.5 * (1.0 + signed / (abs(signed) + target))
    v[at["stock"]] = stock_size / 52
    deal_number, round_number = float(src.deal_number), float(src.round_number)
    v[at["deal"]] = deal_number / (deal_number + 6.0)  # _grow, written out
    v[at["last_deal"]] = float(src.is_last_deal)
    v[at["dealer"] + (src.dealer - me) % n] = 1.0
    to_act = src.to_act
    v[at["to_act"] + (n if to_act is None else (to_act - me) % n)] = 1.0
    v[at["round"]] = round_number / (round_number + 10.0)
    return _finish(v, plan, history, me)


def _rummy500_view(view: Any, history: PublicHistory | None) -> Floats:
    return _rummy500(view, view.seat, view.hand, view.hand_sizes, view.stock_size, history)


def _vegas_view(view: Any, history: PublicHistory | None) -> Floats:
    return _vegas(view, view.seat, view.hand, view.hand_sizes, view.stock_size, history)


def _casino_view(view: Any, history: PublicHistory | None) -> Floats:
    return _casino(
        view, view.seat, view.hand, view.pile_sizes, view.sweeps, view.stock_size, history
    )


# What a seat's view copies from the state, read from the state itself (a test
# checks that the encodings are equal): a view also lists the legal actions and
# their texts, which an observation does not need.


def _rummy500_seat(
    state: Any, seat: int | None, history: PublicHistory | None, memo: _TableMemo | None = None
) -> Floats:
    hands = state.hands
    return _rummy500(
        state,
        seat,
        () if seat is None else hands[seat],
        list(map(len, hands)),
        len(state.stock),
        history,
        memo,
    )


def _vegas_seat(
    state: Any, seat: int | None, history: PublicHistory | None, memo: _TableMemo | None = None
) -> Floats:
    hands = state.hands
    return _vegas(
        state,
        seat,
        None if seat is None else hands[seat],
        list(map(len, hands)),
        len(state.stock),
        history,
        memo,
    )


def _casino_seat(
    state: Any, seat: int | None, history: PublicHistory | None, memo: _TableMemo | None = None
) -> Floats:
    n = state.config.num_players
    sweep_log = state.sweep_log
    return _casino(
        state,
        seat,
        () if seat is None else state.hands[seat],
        list(map(len, state.piles)),
        list(map(sweep_log.count, range(n))),
        len(state.stock),
        history,
        memo,
    )


_ENCODERS = {
    rummy500.View: _rummy500_view,
    vegas_rummy.View: _vegas_view,
    casino.View: _casino_view,
}
_BY_STATE = {
    rummy500.State: _rummy500_seat,
    vegas_rummy.State: _vegas_seat,
    casino.State: _casino_seat,
}


def encode_seat(state: Any, seat: int | None, history: PublicHistory | None = None) -> Floats:
    """``encode_planes(cardrules.view(state, seat), history)``, without building the view.

    ``seat=None`` gives the spectator's planes (no hand), as ``view(state, None)`` does.

    A view also lists the seat's legal actions and their texts, which an
    environment stepping millions of times does not need for the observation;
    this reads the same public fields and the seat's own hand from the state.

    >>> import cardrules
    >>> from cardrules.rl import default_config
    >>> state = cardrules.new_game("vegas_rummy", default_config("vegas_rummy"), seed=1)
    >>> seen = cardrules.view(state, 1)
    >>> bool((encode_seat(state, 1) == encode_planes(seen)).all())
    True
    """
    encoder = _BY_STATE.get(type(state))
    if encoder is None:
        encoder = _BY_STATE[engine.definition_of(state).state_type]
    return encoder(state, seat, history)


class SeatEncoder:
    """:func:`encode_seat` for one environment, remembering the last melds and discard pile.

    An environment encodes after every move while the melds on the table
    change a few times a round and the discard pile once or twice a turn; an
    encoder copies their rows back when they equal (by value) the ones it
    encoded last. Its answers are
    :func:`encode_seat`'s, bit for bit (the memory also records which config's
    slots the rows were written for).

    >>> import cardrules
    >>> state = cardrules.new_game("rummy500", seed=1)
    >>> encode = SeatEncoder()
    >>> bool((encode(state, 0) == encode_seat(state, 0)).all())
    True
    """

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo = _TableMemo()

    def __call__(
        self, state: Any, seat: int | None, history: PublicHistory | None = None
    ) -> Floats:
        """The seat's planes (see :func:`encode_seat`)."""
        encoder = _BY_STATE.get(type(state))
        if encoder is None:
            encoder = _BY_STATE[engine.definition_of(state).state_type]
        return encoder(state, seat, history, self._memo)


def encode_planes(view: Any, history: PublicHistory | None = None) -> Floats:
    """The compact observation of ``view`` (see the module), with ``history``'s planes if given.

    Without a history the history planes are 0: the vector then holds what
    the view alone shows.
    """
    encoder = _ENCODERS.get(type(view))
    if encoder is None:
        raise TypeError(f"expected a cardrules View, not {type(view).__name__}")
    return encoder(view, history)
