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
from cardrules.event_types import Move, RoundEnd
from cardrules.rummy.melds import placements

__all__ = [
    "PublicHistory",
    "encode_planes",
    "encode_seat",
    "history_kinds",
    "layout",
    "new_events",
    "planes_size",
]

Floats = npt.NDArray[np.float32]

_R500_PHASES = ("draw", "play", "over")
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
        decks, jokers = int(config.decks), int(config.jokers) * int(config.decks)
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
    log = after.events
    if log is before.events or log == before.events:
        return ()
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if isinstance(event, Move) and event.seat == actor:
            return tuple(log[index:])
    return tuple(log[-1:])


class PublicHistory:
    """The history planes of one game, in absolute seats, updated move by move.

    ``record(events)`` takes the events :func:`new_events` returns; a round's
    end clears the planes. ``planes`` is a ``(kinds, n, columns)`` array of 0/1
    flags. :meth:`copy` gives an independent copy (for search, which branches).

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
        kinds = _HISTORY_KINDS[game]
        self._row = {kind: row for row, kind in enumerate(kinds)}
        self.planes = np.zeros((len(kinds), _seats(config), _columns(game)), dtype=np.float32)

    def copy(self) -> PublicHistory:
        """An independent copy."""
        twin = PublicHistory.__new__(PublicHistory)
        twin.game = self.game
        twin._row = self._row
        twin.planes = self.planes.copy()
        return twin

    def clear(self) -> None:
        """Forget everything (a new round)."""
        self.planes.fill(0.0)

    def _mark(self, kind: str, seat: int, cards: Iterable[Any]) -> None:
        row = self.planes[self._row[kind], seat]
        for card in cards:
            row[card.index] = 1.0

    def record(self, events: Sequence[Any]) -> None:
        """Take in the public events of one move (see the class)."""
        for event in events:
            if isinstance(event, RoundEnd):
                self.clear()
                continue
            if not isinstance(event, Move) or not event.cards:
                continue
            seat, kind, cards = event.seat, event.kind, event.cards
            if self.game == "casino":
                self._mark("played", seat, cards[:1])
                if kind == "capture":
                    self._mark("captured", seat, cards)
            elif kind == "take":
                self._mark("took", seat, cards)
            elif kind == "discard":
                self._mark("discarded", seat, cards)
            elif kind in ("meld", "lay_off"):
                self._mark("placed", seat, cards)
            elif kind == "swap":  # the natural card put in, the wild taken back
                self._mark("placed", seat, cards[:1])
                self._mark("took", seat, cards[1:])


# ---------------------------------------------------------------------------
# Encoding


@lru_cache(maxsize=4096)
def _meld_marks(meld: Any) -> tuple[tuple[int, bool], ...]:
    """Each place of a meld: the card it stands for (-1: an open wild), and if a wild is there."""
    return tuple(
        (-1, True) if natural is None else (natural.index, card != natural)
        for card, natural in placements(meld)
    )


class _Plan:
    """What every encoding of one game and config shares (offsets, scales), built once."""

    def __init__(self, game: str, config: Any) -> None:
        self.size = planes_size(game, config)
        self.at = dict(_offsets(game, config))
        self.n = _seats(config)
        self.columns = _columns(game)
        self.scale_list = [float(x) for x in 1.0 / _copies(game, config)]
        self.history_at = self.at[_HISTORY_KINDS[game][0]]
        self.melds = _melds(game, config) if game != "casino" else 0
        self.pack = _pack_size(game, config)
        self.template = array("f", bytes(4 * self.size))


@lru_cache(maxsize=64)
def _plan(game: str, config: Any) -> _Plan:
    return _Plan(game, config)


class _Writer:
    """Writes one observation into a float32 ``array.array``, then hands it to numpy.

    Setting numpy elements one by one costs more than the whole rest of an
    encoding; an ``array.array`` element is set at the cost of a list item, and
    ``numpy.frombuffer`` then takes the array over without a copy.
    """

    def __init__(self, game: str, view: Any) -> None:
        plan = _plan(game, view.config)
        self.game = game
        self.plan = plan
        self.v = array("f", plan.template)
        self.at = plan.at
        self.n = plan.n
        self.me = 0 if view.seat is None else int(view.seat)
        self.columns = plan.columns
        self.scale = plan.scale_list
        self.planes: Floats | None = None

    def rel(self, seat: int) -> int:
        return (seat - self.me) % self.n

    def counts(self, name: str, cards: Iterable[Any]) -> None:
        start, v, scale = self.at[name], self.v, self.scale
        for card in cards:
            index = card.index
            v[start + index] += scale[index]

    def flag(self, name: str, cards: Iterable[Any]) -> None:
        start, v = self.at[name], self.v
        for card in cards:
            v[start + card.index] = 1.0

    def depth(self, name: str, pile: Sequence[Any], size: int) -> None:
        start, v = self.at[name], self.v
        for depth, card in enumerate(reversed(pile)):
            where = start + card.index
            if v[where] == 0.0:  # the shallowest copy
                v[where] = (depth + 1) / size
        # depth + 1 <= pile length <= pack size, so every value is in (0, 1]

    def scalar(self, name: str, index: int, value: float) -> None:
        self.v[self.at[name] + index] = value

    def per_seat(self, name: str, values: Sequence[float]) -> None:
        start, v, me, n = self.at[name], self.v, self.me, self.n
        for seat, value in enumerate(values):
            v[start + (seat - me) % n] = value

    def one_seat(self, name: str, seat: int | None) -> None:
        self.v[self.at[name] + (self.n if seat is None else self.rel(seat))] = 1.0

    def history(self, history: PublicHistory | None) -> None:
        if history is not None:
            self.planes = history.planes

    def melds(self, melds: Sequence[Any], slots: int) -> None:
        slot_at, wild_at, open_at = self.at["meld_slot"], self.at["wild_for"], self.at["open_wilds"]
        v = self.v
        for slot, meld in enumerate(melds):
            if slot >= slots:
                raise ValueError("more melds on the table than the observation holds")
            value = (slot + 1) / slots
            for where, wild in _meld_marks(meld):
                if where < 0:  # an open wild in a set
                    v[open_at + slot] += 0.25
                    continue
                if v[slot_at + where] == 0.0:  # the first meld holding the card
                    v[slot_at + where] = value
                if wild:
                    v[wild_at + where] = 1.0

    def finish(self) -> Floats:
        out: Floats = np.frombuffer(self.v, dtype=np.float32)
        planes = self.planes
        if planes is not None:
            kinds, n, columns = planes.shape
            first = self.plan.history_at
            target = out[first : first + planes.size].reshape(kinds, n, columns)
            me = self.me  # row 0 is the viewer: rotate the seats
            target[:, : n - me] = planes[:, me:]
            target[:, n - me :] = planes[:, :me]
        return out


def _rummy500(view: Any, history: PublicHistory | None) -> Floats:
    w = _Writer("rummy500", view)
    config = view.config
    deck = int(config.deck_size)
    w.counts("hand", view.hand)
    w.depth("pile_depth", view.discard, deck)
    w.melds(view.melds, w.plan.melds)
    w.counts("taken", view.taken)
    if view.owed is not None:
        w.flag("owed", (view.owed,))
    w.history(history)
    w.per_seat("hand_sizes", [size / deck for size in view.hand_sizes])
    target = float(config.target)
    w.per_seat("scores", [_signed(score, target) for score in view.scores])
    w.per_seat("round_points", [_signed(points, 100.0) for points in view.round_points])
    w.scalar("stock", 0, view.stock_size / deck)
    w.scalar("phase", _R500_PHASES.index(view.phase.value), 1.0)
    w.one_seat("to_act", view.to_act)
    w.scalar("dealer", w.rel(view.dealer), 1.0)
    w.scalar("round", 0, _grow(view.round_number, 10.0))
    w.scalar("turns", 0, _grow(view.turns, 20.0))
    return w.finish()


def _vegas(view: Any, history: PublicHistory | None) -> Floats:
    w = _Writer("vegas_rummy", view)
    config = view.config
    pack = w.plan.pack
    w.counts("hand", view.hand or ())
    w.depth("pile_depth", view.discard, pack)
    if view.upcard is not None:
        w.flag("upcard", (view.upcard,))
    w.melds([owned.meld for owned in view.melds], w.plan.melds)
    if view.taken is not None:
        w.flag("taken", (view.taken,))
    w.history(history)
    w.per_seat("hand_sizes", [size / pack for size in view.hand_sizes])
    top = float(config.max_score)
    w.per_seat("scores", [_signed(score, top) for score in view.scores])
    w.per_seat("busts", [_grow(busts, 1.0) for busts in view.busts])
    w.per_seat("active", [float(active) for active in view.active])
    w.scalar("stock", 0, view.stock_size / pack)
    w.scalar("phase", _VEGAS_PHASES.index(view.phase), 1.0)
    w.one_seat("to_act", view.to_act)
    w.scalar("dealer", w.rel(view.dealer), 1.0)
    w.scalar("turn", 0, _grow(view.turn, 20.0))
    w.scalar("reshuffles", 0, _grow(view.reshuffles, 1.0))
    w.scalar("round", 0, _grow(view.round_number, 10.0))
    return w.finish()


def _casino(view: Any, history: PublicHistory | None) -> Floats:
    w = _Writer("casino", view)
    config = view.config
    slots = 3 * w.n
    top = float(config.max_value)
    w.flag("hand", view.hand)
    w.flag("loose", view.loose)
    if len(view.builds) > slots:
        raise ValueError("more builds on the table than the observation holds")
    owner_at = w.at["build_owner"]
    for slot, build in enumerate(view.builds):
        start = w.at["build_slot"]
        for card in build.cards:
            w.v[start + card.index] = (slot + 1) / slots
        w.scalar("build_value", slot, build.value / top)
        w.scalar("build_single", slot, float(build.is_single))
        w.v[owner_at + slot * w.n + w.rel(build.owner)] = 1.0
    pending = view.pending
    if pending is not None:
        w.flag("pending_card", (pending.card,))
        w.flag("pending_cards", pending.cards)
        kind = "capture" if isinstance(pending, casino.Capture) else pending.kind
        w.scalar("pending_kind", _CASINO_KINDS.index(kind), 1.0)
        if isinstance(pending, casino.Build):
            w.scalar("pending_value", 0, pending.value / top)
        named = [tuple(build.cards) for build in view.builds]
        chosen = list(getattr(pending, "builds", ()))
        if isinstance(pending, casino.Build) and pending.target:
            chosen.append(pending.target)
        for item in chosen:
            if item in named:
                w.scalar("pending_builds", named.index(item), 1.0)
    w.history(history)
    w.per_seat("pile_sizes", [size / 52 for size in view.pile_sizes])
    w.per_seat("sweeps", [_grow(sweeps, 2.0) for sweeps in view.sweeps])
    w.one_seat("last_capturer", view.last_capturer)
    target = float(config.target)
    for side, score in enumerate(view.scores):  # sides are not rotated, as in observations
        w.scalar("scores", side, _signed(score, target))
    w.scalar("stock", 0, view.stock_size / 52)
    w.scalar("deal", 0, _grow(view.deal_number, 6.0))
    w.scalar("last_deal", 0, float(view.is_last_deal))
    w.scalar("dealer", w.rel(view.dealer), 1.0)
    w.one_seat("to_act", view.to_act)
    w.scalar("round", 0, _grow(view.round_number, 10.0))
    return w.finish()


_ENCODERS = {rummy500.View: _rummy500, vegas_rummy.View: _vegas, casino.View: _casino}
_BY_GAME = {"rummy500": _rummy500, "vegas_rummy": _vegas, "casino": _casino}


class _Seen:
    """The public facts of a state and one seat's hand, under the names of the View's fields.

    What :func:`encode_seat` encodes: every field is copied from the state as
    the game's ``view`` copies it, so the encoding equals that of the view (a
    test checks it), without listing the legal actions or their texts.
    """

    __slots__ = (
        "active", "builds", "busts", "config", "deal_number", "dealer", "discard",
        "hand", "hand_sizes", "is_last_deal", "last_capturer", "loose", "melds",
        "owed", "pending", "phase", "pile_sizes", "reshuffles", "round_number",
        "round_points", "scores", "seat", "stock_size", "sweeps", "taken", "to_act",
        "turn", "turns", "upcard",
    )

    def __init__(self, game: str, state: Any, seat: int | None) -> None:
        self.config = state.config
        self.seat = seat
        self.dealer = state.dealer
        self.to_act = state.to_act
        self.round_number = state.round_number
        self.scores = state.scores
        self.stock_size = len(state.stock)
        self.hand_sizes = tuple(len(hand) for hand in state.hands)
        if game == "rummy500":
            self.hand = () if seat is None else state.hands[seat]
            self.phase, self.discard, self.melds = state.phase, state.discard, state.melds
            self.round_points, self.owed, self.taken = state.round_points, state.owed, state.taken
            self.turns = state.turns
        elif game == "vegas_rummy":
            self.hand = None if seat is None else state.hands[seat]
            self.phase, self.discard, self.melds = state.phase, state.discard, state.melds
            self.upcard, self.taken, self.turn = state.upcard, state.taken, state.turn
            self.reshuffles, self.busts, self.active = state.reshuffles, state.busts, state.active
        else:
            n = state.config.num_players
            self.hand = () if seat is None else state.hands[seat]
            self.loose, self.builds, self.pending = state.loose, state.builds, state.pending
            self.pile_sizes = tuple(len(pile) for pile in state.piles)
            self.sweeps = tuple(state.sweep_log.count(s) for s in range(n))
            self.last_capturer, self.deal_number = state.last_capturer, state.deal_number
            self.is_last_deal = state.is_last_deal


def encode_seat(state: Any, seat: int, history: PublicHistory | None = None) -> Floats:
    """``encode_planes(cardrules.view(state, seat), history)``, without building the view.

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
    game = engine.definition_of(state).name
    return _BY_GAME[game](_Seen(game, state, seat), history)


def encode_planes(view: Any, history: PublicHistory | None = None) -> Floats:
    """The compact observation of ``view`` (see the module), with ``history``'s planes if given.

    Without a history the history planes are 0: the vector then holds what
    the view alone shows.
    """
    encoder = _ENCODERS.get(type(view))
    if encoder is None:
        raise TypeError(f"expected a cardrules View, not {type(view).__name__}")
    return encoder(view, history)
