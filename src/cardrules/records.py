"""JSON for configs, states, actions, views and game records.

Every document is an envelope::

    {"format": "cardrules", "version": 1, "game": "rummy500", "kind": "state", "data": {...}}

``data`` is the object itself: attrs objects become JSON objects with a
``"type"`` key and one key per field, cards their ASCII code (``"10D"``), enums
their name, tuples lists, exact money a decimal string. Loading is driven by the
classes' type annotations, never by names found in the input, so no input can
make the loader build anything but the game's own value classes. States are
re-validated by their game (card conservation, counts per phase, scores) and
game records are replayed action by action.

Each class gets one writer and one reader, generated the first time it is
met from its own field names and annotations (never from input). They check
the usual case inline — a number, text, a card or a tuple of cards where the
annotation says so, an object with exactly the class's keys — and hand
anything else to the general walk, so the text written and every error raised
are the same as that walk gives. :func:`to_json` writes the text directly
(each class's text writer joins precomputed pieces: a card's quoted code, each
key with its colon), the same bytes as ``json.dumps`` of the JSON-ready form,
which anything unusual still goes through. The depth of a document is
measured only when it is refused (an accepted document is never deeper than
the classes nest, well under :data:`MAX_DEPTH`), and the depth error still
comes first.

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=3)
>>> cardrules.from_json(cardrules.to_json(state)) == state
True
>>> cardrules.from_json('{"format": "cardrules"}')
Traceback (most recent call last):
...
ValueError: bad JSON document: missing key 'version'
"""

from __future__ import annotations

import collections
import enum
import json
import operator
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from cardrules import engine, events, rng, stacking
from cardrules.cards import Card, make_deck, parse_card
from cardrules.errors import IllegalActionError

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_JSON_CHARS",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_JOINS",
    "GameRecord",
    "PlayerRecord",
    "from_json",
    "to_json",
]

FORMAT_VERSION: Final = 1
"""The version written into every document; loading refuses other versions."""

MAX_JSON_CHARS: Final = 4_000_000
"""Longer input is refused before it is parsed."""

MAX_DEPTH: Final = 40
"""Deeper nesting of arrays and objects is refused."""

MAX_RECORD_ACTIONS: Final = 200_000
"""A game record may hold at most this many actions."""

MAX_RECORD_JOINS: Final = 16
"""A game record may hold at most this many joins (Las Vegas Rummy, LV-14).

Each join adds a seat and a Las Vegas table seats at most
:data:`!cardrules.vegas_rummy.config.MAX_SEATS` (16) players, so no game has more."""

_KINDS: Final = ("config", "state", "action", "view", "record", "player_record")

_JOINING_GAMES: Final = ("vegas_rummy",)
"""The games in which the host may seat a new player between rounds."""


def _to_cards(value: Any, what: str) -> tuple[Card, ...]:
    """``value`` as a tuple of cards, or ``TypeError`` naming ``what``."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a sequence of cards, not {type(value).__name__}")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{what} holds {type(card).__name__}, not only cards")
    return cards


def _to_deck(value: Any) -> tuple[Card, ...] | None:
    return None if value is None else _to_cards(value, "deck")


def _to_decks(value: Any) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"decks must be a sequence of decks, not {type(value).__name__}")
    if len(value) > stacking.MAX_STACKED_DECKS:
        raise ValueError(f"at most {stacking.MAX_STACKED_DECKS} stacked decks")
    return tuple(_to_cards(deck, f"stacked deck {number}") for number, deck in enumerate(value))


def _to_cut_deck(value: Any) -> tuple[Card, ...] | None:
    return None if value is None else _to_cards(value, "cut_deck")


def _to_tuple(value: Any, what: str) -> tuple[Any, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a sequence, not {type(value).__name__}")
    return tuple(value)


def _to_actions(value: Any) -> tuple[Any, ...]:
    return _to_tuple(value, "actions")


def _to_joins(value: Any) -> tuple[int, ...]:
    return _to_tuple(value, "joins")


@attrs.frozen
class GameRecord:
    """A whole game: its config, seed, stacked decks (if any), actions and joins.

    Replaying the actions from ``new_game(config, seed=seed, deck=deck)`` (or
    ``decks=decks``) gives every state of the game again.

    - ``deck`` stacks the first deal, ``decks`` every deal (``new_game``'s
      arguments of those names; at most one of them). One stacked deck is the
      same game as ``deck``, so it is kept as ``deck`` and ``decks`` holds two
      or more (or none).
    - ``joins`` (Las Vegas Rummy only, LV-14) says when the host seated a new
      player with :func:`cardrules.vegas_rummy.join`: the number of actions
      played before each join, in order, once for every player seated (a join
      after ``n`` actions happens before ``actions[n]``; ``len(actions)`` is a
      join after the last action). At most :data:`~cardrules.records.MAX_RECORD_JOINS`.
    - ``cut_deck`` (Las Vegas Rummy only) stacks the cut for the first dealer
      (``vegas_rummy.new_game``'s argument). Only the cards the cut dealt
      matter, so it is kept as those (top first) and the rest of the pack in
      sorted order, and as ``None`` when the config names the first dealer.

    Construction checks the record's shape (the types above; ``joins`` rising,
    each within ``0..len(actions)``; at most :data:`~cardrules.records.MAX_RECORD_ACTIONS` actions)
    and that the game can start from it (the config, the seed and the stacked
    decks are ``new_game``'s), raising ``ValueError``/``TypeError``. That each
    action and each join is legal in turn is checked by replaying it
    (:meth:`states`, :meth:`final_state`, and :func:`from_json` always).

    >>> import cardrules
    >>> state = cardrules.new_game("rummy500", seed=5)
    >>> actions = [cardrules.legal_actions(state)[0]]
    >>> record = GameRecord("rummy500", state.config, 5, None, tuple(actions))
    >>> record.final_state() == cardrules.apply(state, actions[0])
    True

    A game with a late join (record the number of actions played at each
    ``join``):

    >>> from cardrules import vegas_rummy as vr
    >>> config = vr.Config(num_players=2, cards_per_player=3, max_score=40, first_dealer=0)
    >>> state, actions, joins = vr.new_game(config, seed=2), [], []
    >>> while vr.join_error(state) is not None:
    ...     actions.append(vr.legal_actions(state)[0])
    ...     state = vr.apply(state, actions[-1])
    >>> joins.append(len(actions))
    >>> state = vr.join(state)
    >>> record = GameRecord("vegas_rummy", config, 2, None, tuple(actions), joins=joins)
    >>> record.final_state() == state, len(state.hands), record.joins == (len(actions),)
    (True, 3, True)
    """

    game: str
    config: Any
    seed: int
    deck: tuple[Card, ...] | None = attrs.field(converter=_to_deck)
    actions: tuple[Any, ...] = attrs.field(converter=_to_actions)
    decks: tuple[tuple[Card, ...], ...] = attrs.field(
        default=(), kw_only=True, converter=_to_decks
    )
    joins: tuple[int, ...] = attrs.field(default=(), kw_only=True, converter=_to_joins)
    cut_deck: tuple[Card, ...] | None = attrs.field(
        default=None, kw_only=True, converter=_to_cut_deck
    )

    def __attrs_post_init__(self) -> None:
        rules = engine.definition(self.game)
        rng.validate_seed(self.seed)
        if len(self.actions) > MAX_RECORD_ACTIONS:
            raise ValueError(f"a game record holds at most {MAX_RECORD_ACTIONS} actions")
        if self.decks:
            if self.deck is not None:
                raise ValueError("give deck (the first deal) or decks (every deal), not both")
            if len(self.decks) == 1:  # the same game as that deck given as ``deck``
                object.__setattr__(self, "deck", self.decks[0])
                object.__setattr__(self, "decks", ())
        _check_joins(self.game, self.joins, len(self.actions))
        if self.cut_deck is not None and self.game != "vegas_rummy":
            raise ValueError(f"{engine.TITLES[self.game]} has no cut for the first dealer "
                             "(cut_deck is Las Vegas Rummy's)")
        # The game must start from what the record says (config, seed, decks):
        # new_game gives the reason when it cannot.
        first = self._first_state(rules)
        if self.cut_deck is not None:
            object.__setattr__(self, "cut_deck", _used_cut_deck(first, self.cut_deck))

    def _first_state(self, rules: engine.GameDefinition) -> Any:
        stacked: dict[str, Any] = {"decks": self.decks} if self.decks else {"deck": self.deck}
        if self.cut_deck is not None:
            stacked["cut_deck"] = self.cut_deck
        return rules.new_game(self.config, seed=self.seed, **stacked)

    def _replay(self, *, loading: bool = False) -> Iterator[Any]:
        """Every state, as :meth:`states` lists them; ``loading``: errors as a bad record's."""
        rules = engine.definition(self.game)
        state = self._first_state(rules)
        joins = self.joins
        joined = 0
        for played in range(len(self.actions) + 1):
            if played:
                action = self.actions[played - 1]
                try:
                    state = rules.apply(state, action)
                except IllegalActionError as exc:
                    if not loading:
                        raise
                    raise ValueError(
                        f"bad game record: action {played - 1} ({action}) is illegal: "
                        f"{exc.reason}"
                    ) from None
            while joined < len(joins) and joins[joined] == played:
                state = _join(state, joined, played, loading)
                joined += 1
            yield state

    def states(self) -> list[Any]:
        """Every state of the game, the first one included: ``len(actions) + 1`` of them.

        ``states()[n]`` is the state after ``n`` actions and the joins made
        after them, so the state ``actions[n]`` is played in. Raises
        :class:`~cardrules.IllegalActionError` for an illegal action and
        ``ValueError`` for a join the rules refuse (``join_error``'s reason).
        """
        return list(self._replay())

    def final_state(self) -> Any:
        """The state after the last action (and the joins after it); as :meth:`states` raises."""
        return collections.deque(self._replay(), maxlen=1)[0]  # no list of every state

    def for_player(self, seat: int | None) -> PlayerRecord:
        """The game as ``seat`` saw it (``None``: a spectator): safe to give that player.

        The result holds no seed, no stacked deck and no card hidden from
        ``seat``; see :class:`PlayerRecord`. A seat that joins later (Las Vegas
        Rummy) sees the game as a spectator until it is seated.

        >>> import cardrules
        >>> state = cardrules.new_game("rummy500", seed=5)
        >>> first = cardrules.legal_actions(state)[0]
        >>> record = GameRecord("rummy500", state.config, 5, None, (first,))
        >>> mine = record.for_player(0)
        >>> mine.actors, len(mine.hands), [n for n, _ in mine.views]
        ((1,), 1, [0, 1])
        >>> "seed" in cardrules.to_json(mine)
        False
        """
        rules = engine.definition(self.game)
        states = self.states()
        seats = len(states[-1].hands)
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats
        ):
            raise ValueError(f"seat must be None or 0..{seats - 1}, not {seat!r}")
        views = [
            rules.view(state, seat if seat is not None and seat < len(state.hands) else None)
            for state in states
        ]
        return player_record(self.game, seat, self.config, self.actions, views, self.joins)


def _used_cut_deck(first: Any, cut_deck: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``cut_deck`` as far as the game used it: the cards the cut dealt (top first), then
    the rest in sorted order; ``None`` when no cut was made (a fixed first dealer).

    The cut deals only from the top of the pack and only its first attempt, so
    every pack with those top cards starts the same game (as validation's
    ``stacked_cut_dealer`` replays it): one record for one game.
    """
    if not first.cut:
        return None
    top = [card for row in first.cut[0].passes for card in row if card is not None]
    rest = collections.Counter(cut_deck)
    rest.subtract(top)
    return (*top, *sorted(rest.elements()))


def _check_joins(game: str, joins: tuple[int, ...], actions: int) -> None:
    """Raise ``ValueError``/``TypeError`` unless ``joins`` is a record's list of joins."""
    if not joins:
        return
    if game not in _JOINING_GAMES:
        raise ValueError(f"no player joins a game of {engine.TITLES[game]} (only Las Vegas Rummy)")
    if len(joins) > MAX_RECORD_JOINS:
        raise ValueError(f"a game record holds at most {MAX_RECORD_JOINS} joins")
    previous = 0
    for number, played in enumerate(joins):
        if isinstance(played, bool) or not isinstance(played, int):
            raise TypeError(f"join {number} is a number of actions, not {type(played).__name__}")
        if not 0 <= played <= actions:
            raise ValueError(f"join {number} is after {played} actions; the record has {actions}")
        if played < previous:
            raise ValueError(f"join {number} (after {played} actions) comes before join "
                             f"{number - 1} (after {previous}): joins are in order")
        previous = played


def _join(state: Any, number: int, played: int, loading: bool) -> Any:
    """``state`` with one more player seated (LV-14), or ``ValueError`` with the rules' reason."""
    from cardrules import vegas_rummy  # the only game with joins (imported when one is met)

    reason = vegas_rummy.join_error(state)
    if reason is not None:
        prefix = "bad game record: " if loading else ""
        raise ValueError(f"{prefix}join {number} (after {played} actions) is refused: {reason}")
    return vegas_rummy.join(state)


@attrs.frozen
class PlayerRecord:
    """A whole game as one seat saw it: the game record a player may be given.

    Built by :meth:`GameRecord.for_player` from that seat's views alone, so it
    can hold nothing a view does not: never the seed, the stacked decks, the
    stock or another player's hidden cards.

    - ``actors[i]`` is the seat that made ``actions[i]``. Every action of the
      three games is played face up (a draw from the stock names no card), so
      all actions are shown.
    - ``hands[i]`` is ``seat``'s own hand after ``actions[i]`` — it shows the
      card the seat drew and every new deal (empty for a spectator, and for a
      seat not yet seated).
    - ``views`` holds ``(n, view)``: the seat's full view after ``n`` actions
      (and the joins after them), for the start, every state where a new round
      (or Casino hand) begins, every join, and the end; together with the
      actions they give everything public.
    - ``joins`` is the game record's (public: everyone at the table sees a new
      player sit down): the number of actions played before each join (LV-14).
    """

    game: str
    seat: int | None
    config: Any
    actors: tuple[int, ...]
    actions: tuple[Any, ...]
    hands: tuple[tuple[Card, ...], ...]
    views: tuple[tuple[int, Any], ...]
    joins: tuple[int, ...] = attrs.field(default=(), kw_only=True, converter=_to_joins)


def player_record(
    game: str,
    seat: int | None,
    config: Any,
    actions: Sequence[Any],
    views: Sequence[Any],
    joins: Sequence[int] = (),
) -> PlayerRecord:
    """A :class:`PlayerRecord` from the seat's view of every state of a game.

    ``views[n]`` is the view after ``n`` actions and the ``joins`` after them
    (one more view than actions). Nothing but these views, the (public)
    actions and the (public) joins is read, which is what makes the record as
    blind as the views are.
    """
    if len(views) != len(actions) + 1:
        raise ValueError("a player record needs one view more than actions")
    joined = set(joins)
    kept = [0]
    kept += [
        n
        for n in range(1, len(views))
        if views[n].round_number != views[n - 1].round_number or n in joined
    ]
    if kept[-1] != len(views) - 1:
        kept.append(len(views) - 1)
    return PlayerRecord(
        game=game,
        seat=seat,
        config=config,
        actors=tuple(view.to_act for view in views[:-1]),
        actions=tuple(actions),
        hands=tuple(tuple(view.hand or ()) for view in views[1:]),
        views=tuple((n, views[n]) for n in kept),
        joins=tuple(joins),
    )


# ---------------------------------------------------------------------------
# Encoding
#
# Each type's encoder is worked out once and cached: states are written at
# every step of a server or a simulation, and the isinstance chain below would
# otherwise run for every card.

_Encoder = Callable[[Any], Any]
_ENCODERS: dict[type[Any], _Encoder] = {}


def encode(value: object) -> Any:
    """The JSON-ready form of a value (see the module docstring)."""
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _encoder_for(type(value))
        _ENCODERS[type(value)] = encoder
    return encoder(value)


def _same(value: Any) -> Any:
    return value


_CODE_OF_INDEX: Final[tuple[str, ...]] = tuple(
    card.code
    for card in sorted(set(make_deck(jokers_per_deck=1)), key=operator.attrgetter("index"))
)
"""Each distinct card's ``code``, at its ``index`` (what a card is written as)."""


def _encode_items(value: Any) -> Any:
    # Most items are cards (hands, piles, melds) or numbers: written without a call.
    codes = _CODE_OF_INDEX
    plain = _PLAIN
    return [
        codes[item.index] if type(item) is Card else item if type(item) in plain
        else encode(item)
        for item in value
    ]


def _encoder_for(cls: type[Any]) -> _Encoder:
    if issubclass(cls, enum.Enum):  # before int: IntEnum members are ints
        return operator.attrgetter("name")
    if cls is type(None) or issubclass(cls, bool | int | str):
        return _same
    if issubclass(cls, Card):
        return operator.attrgetter("code")
    if issubclass(cls, tuple | list):
        return _encode_items
    if issubclass(cls, frozenset):
        return lambda value: sorted((encode(item) for item in value), key=json.dumps)
    if issubclass(cls, Decimal):
        return str
    if issubclass(cls, Fraction):
        return lambda value: f"{value.numerator}/{value.denominator}"
    if attrs.has(cls):
        return _attrs_encoder(cls)

    def refuse(value: Any) -> Any:
        raise TypeError(f"cannot write {type(value).__name__} as JSON")

    return refuse


_PLAIN: Final = frozenset({int, str, bool, type(None)})
"""The exact types written as they are (looked up inline, without a call)."""


def _attrs_encoder(cls: type[Any]) -> _Encoder:
    """The writer of one attrs class, generated once from its fields.

    It returns ``{"type": name, field: value, ...}`` in field order. Each value
    is written by the encoder of its own (run-time) type; what the field's
    annotation leads us to expect (a number, text, a card, a tuple of cards or
    of tuples of cards) is checked and written inline, so the text is the same
    as the general walk's whatever the object holds.
    """
    name = cls.__name__
    hints = typing.get_type_hints(cls)
    lines = [f"def encode_{name}(value):"]
    items = [f"'type': {name!r}"]
    namespace = {"encode": encode, "plain": _PLAIN, "codes": _CODE_OF_INDEX, "Card": Card}
    _BUILDING.add(cls)
    try:
        for number, field in enumerate(_init_fields(cls)):
            hint = hints[field.name]
            kind = _fast_kind(hint)
            var = f"v{number}"
            lines.append(f"    {var} = value.{field.name}")
            expression = _ENCODE_EXPRESSIONS[kind].format(v=var)
            nested = _nested_attrs(hint)
            if kind == _OTHER and nested is not None:
                namespace[f"t{number}"] = nested[0]
                namespace[f"e{number}"] = _nested_encoder(nested[0])
                expression = (_ENCODE_ONE if not nested[1] else _ENCODE_MANY).format(
                    v=var, n=number
                )
            items.append(f"{field.name!r}: {expression}")
    finally:
        _BUILDING.discard(cls)
    lines.append("    return {" + ", ".join(items) + "}")
    return typing.cast(_Encoder, _generated(lines, namespace, f"encode_{name}", cls))


_BUILDING: set[type[Any]] = set()
"""The classes whose writers are being generated (a class nested in itself is written
through :func:`encode`)."""

_ENCODE_ONE: Final = "(e{n}({v}) if type({v}) is t{n} else encode({v}))"
_ENCODE_MANY: Final = (
    "([e{n}(i) if type(i) is t{n} else encode(i) for i in {v}]"
    " if type({v}) is tuple else encode({v}))"
)


def _nested_attrs(hint: Any) -> tuple[type[Any], bool] | None:
    """``(X, False)`` for an attrs class ``X``, ``(X, True)`` for ``tuple[X, ...]``."""
    many = False
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis:
            return None
        hint, many = args[0], True
    if isinstance(hint, type) and attrs.has(hint) and not issubclass(hint, enum.Enum):
        return hint, many
    return None


def _nested_encoder(cls: type[Any]) -> _Encoder:
    """The writer of a class held in a field: its own, or :func:`encode` while it is made."""
    if cls in _BUILDING or issubclass(cls, Card):
        return encode
    encoder = _ENCODERS.get(cls)
    if encoder is None:
        encoder = _ENCODERS[cls] = _encoder_for(cls)
    return encoder


def _generated(lines: list[str], namespace: dict[str, Any], function: str, cls: type[Any]) -> Any:
    """Compile a writer or reader whose source was made from ``cls``'s own field names.

    Only identifiers of the class and ``repr`` of its field names go into the
    source: nothing from any input. (attrs makes ``__init__`` the same way.)
    """
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<cardrules JSON codec for {cls.__qualname__}>", "exec"), namespace)
    return namespace[function]


def to_json(obj: object) -> str:
    """A JSON document for a config, state, action, view, game record or player record.

    The output is deterministic: equal objects give identical text.
    """
    if isinstance(obj, GameRecord):
        rules = engine.definition(obj.game)
        kind = "record"
        data: Any = {"config": encode(obj.config), "seed": obj.seed, "deck": encode(obj.deck)}
        if obj.decks:  # written only when there are some: the documents of older versions
            data["decks"] = encode(obj.decks)
        data["actions"] = [encode(action) for action in obj.actions]
        if obj.joins:
            data["joins"] = list(obj.joins)
        if obj.cut_deck is not None:
            data["cut_deck"] = encode(obj.cut_deck)
    elif isinstance(obj, PlayerRecord):
        rules = engine.definition(obj.game)
        kind = "player_record"
        data = {
            "seat": obj.seat,
            "config": encode(obj.config),
            "actors": list(obj.actors),
            "actions": [encode(action) for action in obj.actions],
            "hands": encode(obj.hands),
            "views": [[n, encode(view)] for n, view in obj.views],
        }
        if obj.joins:
            data["joins"] = list(obj.joins)
    else:
        known = _KIND_OF.get(type(obj))
        if known is None:
            rules = engine.definition_of(obj)
            kind = _kind_of(rules, obj)
            head = _WRITER.encode({"format": "cardrules", "version": FORMAT_VERSION,
                                   "game": rules.name, "kind": kind, "data": None})
            known = _KIND_OF[type(obj)] = (rules, kind, head[: -len("null}")])
        rules, kind, head = known
        try:
            return head + _text(obj) + "}"
        except Exception:  # the general way below writes the same text, or raises its error
            data = encode(obj)
    envelope = {
        "format": "cardrules",
        "version": FORMAT_VERSION,
        "game": rules.name,
        "kind": kind,
        "data": data,
    }
    return _WRITER.encode(envelope)


_WRITER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``, made once. The values
are fresh dicts and lists from the encoders, so they hold no cycles to look for."""


_KIND_OF: dict[type[Any], tuple[engine.GameDefinition, str, str]] = {}
"""Each value class's game, kind of document and the text of its envelope up to the data,
found once (the game modules' ``GAME``)."""


def _kind_of(rules: engine.GameDefinition, obj: object) -> str:
    cls = type(obj)
    if cls is rules.config_type:
        return "config"
    if cls is rules.state_type:
        return "state"
    if cls is rules.view_type:
        return "view"
    if cls in rules.action_types:
        return "action"
    raise TypeError(f"{cls.__name__} is not a config, state, view or action of {rules.name}")


# ---------------------------------------------------------------------------
# Decoding


def from_json(text: str | bytes) -> Any:
    """Load a document written by :func:`to_json`.

    Raises ``ValueError`` for malformed, inconsistent, tampered or oversized
    input (and ``TypeError`` if ``text`` is not text); it never runs code from
    the input.

    Values a server reads again with every state are read as the same objects
    (all immutable): the last 64 configs of each game, the last 256 finished
    rounds or hands of each game (``state.history``) and the last 256 Las Vegas
    owned melds, whose checks and text are then remembered too, and up to 4,096
    of Casino's score items; :func:`to_json` remembers the text of the last 512
    or so of those rounds and melds it wrote. That is all they keep between
    calls.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"bad JSON document: not UTF-8 ({exc.reason})") from None
    if not isinstance(text, str):
        raise TypeError(f"from_json takes text, not {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise ValueError(f"bad JSON document: longer than {MAX_JSON_CHARS} characters")
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        raw = _READER.decode(text)
    except RecursionError:
        raise ValueError("bad JSON document: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"bad JSON document: {exc.msg} at position {exc.pos}") from None
    except ValueError as exc:  # our hooks, or a number with too many digits to convert
        message = str(exc)
        if not message.startswith("bad JSON document"):
            message = f"bad JSON document: {message}"
        raise ValueError(message) from None
    # A document the loader accepts is no deeper than the value classes nest
    # (tests/core/test_json_differential.py checks that bound against MAX_DEPTH),
    # so the depth is only measured when the document is refused: the depth error
    # still comes first, as if it had been checked before anything else.
    try:
        return _load_document(raw)
    except RecursionError:
        _check_depth(raw, 0)
        raise ValueError("bad JSON document: nested too deeply") from None
    except Exception:
        _check_depth(raw, 0)
        raise


def _load_document(raw: Any) -> Any:
    envelope = _expect_dict(raw, "document")
    for key in ("format", "version", "game", "kind", "data"):
        if key not in envelope:
            raise ValueError(f"bad JSON document: missing key {key!r}")
    if set(envelope) != {"format", "version", "game", "kind", "data"}:
        extra = sorted(set(envelope) - {"format", "version", "game", "kind", "data"})
        raise ValueError(f"bad JSON document: unknown keys {extra}")
    if envelope["format"] != "cardrules":
        raise ValueError("bad JSON document: not a cardrules document")
    if envelope["version"] != FORMAT_VERSION or isinstance(envelope["version"], bool):
        raise ValueError(
            f"bad JSON document: format version {envelope['version']!r} is not supported "
            f"(this library reads version {FORMAT_VERSION})"
        )
    game = envelope["game"]
    if not isinstance(game, str) or game not in engine.GAMES:
        raise ValueError(f"bad JSON document: unknown game {game!r}")
    kind = envelope["kind"]
    if kind not in _KINDS:
        raise ValueError(f"bad JSON document: unknown kind {kind!r}")
    rules = _RULES.get(game)
    if rules is None:
        rules = _RULES[game] = engine.definition(game)
    return _load(rules, kind, envelope["data"])


_RULES: dict[str, engine.GameDefinition] = {}
"""Each game's definition, found once."""


def _load(rules: engine.GameDefinition, kind: str, data: Any) -> Any:
    if kind == "config":
        return decode(rules.config_type, data, "data")
    if kind == "action":
        return decode(_union(rules.action_types), data, "data")
    if kind == "view":
        view = decode(rules.view_type, data, "data")
        # The game's own invariants first: their messages name the rule broken,
        # and a tampered action list would otherwise fail only as a text mismatch.
        rules.validate_view(view)
        events.check_view_events(view)
        return view
    if kind == "state":
        state = decode(rules.state_type, data, "data")
        events.check_events(state.events, len(state.hands), "data.events")
        rules.validate_state(state)
        return state
    if kind == "player_record":
        return _load_player_record(rules, data)
    return _load_record(rules, data)


_RECORD_KEYS: Final = frozenset({"config", "seed", "deck", "actions"})
_RECORD_OPTIONAL: Final = frozenset({"decks", "joins", "cut_deck"})


def _load_record(rules: engine.GameDefinition, data: Any) -> GameRecord:
    record = _expect_dict(data, "data")
    if not _RECORD_KEYS <= set(record) <= _RECORD_KEYS | _RECORD_OPTIONAL:
        raise ValueError(
            "bad game record: expected keys config, seed, deck, actions (and decks, joins, "
            "cut_deck when there are any)"
        )
    config = decode(rules.config_type, record["config"], "data.config")
    seed = record["seed"]
    try:
        rng.validate_seed(seed)
    except TypeError as exc:
        raise ValueError(f"bad game record: {exc}") from None
    deck = decode(tuple[Card, ...] | None, record["deck"], "data.deck")
    raw_decks = record.get("decks", [])
    if not isinstance(raw_decks, list):
        raise ValueError("bad game record: decks must be a list")
    if len(raw_decks) > stacking.MAX_STACKED_DECKS:
        raise ValueError(f"bad game record: more than {stacking.MAX_STACKED_DECKS} decks")
    decks = decode(tuple[tuple[Card, ...], ...], raw_decks, "data.decks")
    raw_actions = record["actions"]
    if not isinstance(raw_actions, list):
        raise ValueError("bad game record: actions must be a list")
    if len(raw_actions) > MAX_RECORD_ACTIONS:
        raise ValueError(f"bad game record: more than {MAX_RECORD_ACTIONS} actions")
    action_type = _union(rules.action_types)
    actions = tuple(
        decode(action_type, item, f"data.actions[{i}]") for i, item in enumerate(raw_actions)
    )
    joins = _decode_joins(record.get("joins", []), "game record")
    cut_deck = decode(tuple[Card, ...] | None, record.get("cut_deck"), "data.cut_deck")
    try:
        result = GameRecord(
            rules.name, config, seed, deck, actions, decks=decks, joins=joins, cut_deck=cut_deck
        )
    except (ValueError, TypeError) as exc:
        raise ValueError(f"bad game record: {exc}") from None
    # Replaying re-validates the whole game: every action and join must be legal in turn.
    collections.deque(result._replay(loading=True), maxlen=0)
    return result


def _decode_joins(raw: Any, what: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise ValueError(f"bad {what}: joins must be a list")
    if len(raw) > MAX_RECORD_JOINS:
        raise ValueError(f"bad {what}: more than {MAX_RECORD_JOINS} joins")
    joins: tuple[int, ...] = decode(tuple[int, ...], raw, "data.joins")
    return joins


def _load_player_record(rules: engine.GameDefinition, data: Any) -> PlayerRecord:
    """Decode and check the shape of a player record (its hidden facts cannot be checked)."""
    record = _expect_dict(data, "data")
    keys = {"seat", "config", "actors", "actions", "hands", "views"}
    if not keys <= set(record) <= keys | {"joins"}:
        raise ValueError(
            "bad player record: expected keys seat, config, actors, actions, hands, views "
            "(and joins when there are any)"
        )
    seat = decode(int | None, record["seat"], "data.seat")
    config = decode(rules.config_type, record["config"], "data.config")
    for key in ("actors", "actions", "hands", "views"):
        if not isinstance(record[key], list):
            raise ValueError(f"bad player record: {key} must be a list")
        if len(record[key]) > MAX_RECORD_ACTIONS + 1:
            raise ValueError(f"bad player record: more than {MAX_RECORD_ACTIONS} {key}")
    actors = decode(tuple[int, ...], record["actors"], "data.actors")
    actions = decode(_tuple_of(_union(rules.action_types)), record["actions"], "data.actions")
    hands = decode(tuple[tuple[Card, ...], ...], record["hands"], "data.hands")
    views = decode(
        _tuple_of(types.GenericAlias(tuple, (int, rules.view_type))), record["views"], "data.views"
    )
    if not len(actors) == len(actions) == len(hands):
        raise ValueError("bad player record: one actor and one hand per action")
    steps = [n for n, _ in views]
    if not steps or steps[0] != 0 or steps[-1] != len(actions) or steps != sorted(set(steps)):
        raise ValueError("bad player record: views must start at 0, rise, and end at the end")
    seats = len(getattr(views[-1][1], "hand_sizes", ())) or len(views[-1][1].scores)
    if seat is not None and not 0 <= seat < seats:
        raise ValueError(f"bad player record: seat {seat} is not at the table")
    if any(not 0 <= actor < seats for actor in actors):
        raise ValueError("bad player record: an action was made by no seat")
    for n, view in views:
        events.check_view_events(view)
        if view.config != config or view.seat not in (seat, None):
            raise ValueError(f"bad player record: the view after {n} actions is another game's")
    joins = _decode_joins(record.get("joins", []), "player record")
    try:
        _check_joins(rules.name, joins, len(actions))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"bad player record: {exc}") from None
    if not {n for n, _ in views} >= set(joins):
        raise ValueError("bad player record: a view must be kept at every join")
    return PlayerRecord(rules.name, seat, config, actors, actions, hands, views, joins=joins)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"bad JSON document: {name} is not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"bad JSON document: key {key!r} appears twice")
        out[key] = value
    return out


def _check_depth(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"bad JSON document: nested deeper than {MAX_DEPTH} levels")
    # A tuple of types: isinstance with one is quicker than with ``list | dict``.
    if isinstance(value, list):
        for item in value:
            if isinstance(item, _CONTAINERS):
                _check_depth(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            if isinstance(item, _CONTAINERS):
                _check_depth(item, depth + 1)


_CONTAINERS: Final = (list, dict)

_READER: Final = json.JSONDecoder(parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
"""``json.loads(..., parse_constant=..., object_pairs_hook=...)``, made once."""


def _expect_dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"bad JSON document: {where} must be an object")
    return value


def _tuple_of(item: Any) -> Any:
    """The hint ``tuple[item, ...]`` for an item type known only at run time."""
    return types.GenericAlias(tuple, (item, ...))


def _union(types_: Sequence[type[Any]]) -> Any:
    return typing.Union[tuple(types_)]  # noqa: UP007  (built from a runtime tuple)


_FIELDS_CACHE: dict[type[Any], tuple[attrs.Attribute[Any], ...]] = {}


def _init_fields(cls: type[Any]) -> tuple[attrs.Attribute[Any], ...]:
    fields = _FIELDS_CACHE.get(cls)
    if fields is None:
        fields = tuple(field for field in attrs.fields(cls) if field.init)
        _FIELDS_CACHE[cls] = fields
    return fields


# Decoding is driven by type hints. Each hint is compiled once into a function
# ``(value, where) -> result``; ``where`` (the path shown in error messages) is
# a lazy chain ``(parent, key)`` only turned into text when an error is raised.

_Where = Any  # str, or (parent _Where, int index or str field name)
_Decoder = Callable[[Any, _Where], Any]
_DECODERS: dict[Any, _Decoder] = {}
_CARD_CODES: Final[dict[str, Card]] = {
    card.code: card for card in make_deck(jokers_per_deck=1)
}


def _path(where: _Where) -> str:
    keys: list[str] = []
    while isinstance(where, tuple):
        where, key = where
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return str(where) + "".join(reversed(keys))


def decode(hint: Any, value: Any, where: str) -> Any:
    """Rebuild a value of type ``hint`` from its JSON form, or raise ``ValueError``."""
    return _decoder(hint)(value, where)


def _decoder(hint: Any) -> _Decoder:
    try:
        return _DECODERS[hint]
    except KeyError:
        pass
    except TypeError:  # an unhashable hint: compile it every time
        return _compile(hint)
    # A placeholder first, so that recursive types compile (it is replaced below).
    _DECODERS[hint] = lambda value, where: _DECODERS[hint](value, where)
    decoder = _compile(hint)
    _DECODERS[hint] = decoder
    return decoder


def _compile(hint: Any) -> _Decoder:
    origin = typing.get_origin(hint)
    if hint is type(None) or hint is None:

        def decode_none(value: Any, where: _Where) -> None:
            if value is not None:
                raise ValueError(f"{_path(where)}: expected null")

        return decode_none
    if origin is typing.Union or origin is types.UnionType:
        return _compile_union(typing.get_args(hint))
    if origin is Literal:
        options = typing.get_args(hint)
        known = {(type(option), option): option for option in options}

        def decode_literal(value: Any, where: _Where) -> Any:
            try:
                return known[type(value), value]
            except (KeyError, TypeError):  # not an option, or unhashable
                pass
            for option in options:
                if value == option and type(value) is type(option):
                    return option
            raise ValueError(f"{_path(where)}: {value!r} is not one of {options}")

        return decode_literal
    if origin is tuple:
        return _compile_tuple(typing.get_args(hint))
    if origin is frozenset:
        (item_hint,) = typing.get_args(hint)
        item = _decoder(item_hint)

        def decode_frozenset(value: Any, where: _Where) -> Any:
            if not isinstance(value, list):
                raise ValueError(f"{_path(where)}: expected a list")
            return frozenset(item(v, (where, i)) for i, v in enumerate(value))

        return decode_frozenset
    if hint is bool:

        def decode_bool(value: Any, where: _Where) -> bool:
            if not isinstance(value, bool):
                raise ValueError(f"{_path(where)}: expected true or false")
            return value

        return decode_bool
    if hint is int:

        def decode_int(value: Any, where: _Where) -> int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{_path(where)}: expected a whole number")
            return value

        return decode_int
    if hint is str:

        def decode_str(value: Any, where: _Where) -> str:
            if not isinstance(value, str):
                raise ValueError(f"{_path(where)}: expected text")
            return value

        return decode_str
    if hint is Card:
        return _decode_card
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = hint.__members__

        def decode_enum(value: Any, where: _Where) -> Any:
            if not isinstance(value, str) or value not in members:
                raise ValueError(f"{_path(where)}: {value!r} is not a {hint.__name__}")
            return members[value]

        return decode_enum
    if hint is Decimal:
        return _decode_decimal
    if hint is Fraction:
        return _decode_fraction
    if isinstance(hint, type) and attrs.has(hint):
        return _compile_attrs(hint)

    def cannot(value: Any, where: _Where) -> Any:
        raise TypeError(f"{_path(where)}: the codec cannot read {hint!r}")

    return cannot


def _decode_card(value: Any, where: _Where) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"{_path(where)}: expected a card")
    card = _CARD_CODES.get(value)
    if card is not None:
        return card
    try:
        return parse_card(value)
    except ValueError as exc:
        raise ValueError(f"{_path(where)}: {exc}") from None


def _compile_union(options: tuple[Any, ...]) -> _Decoder:
    nullable = type(None) in options
    by_name = {
        option.__name__: _decoder(option)
        for option in options
        if isinstance(option, type) and attrs.has(option)
    }
    names = list(by_name)
    others = [_decoder(option) for option in options if option is not type(None)]
    if not by_name and len(others) == 1:
        return _compile_optional(options, nullable, others[0])

    def decode_union(value: Any, where: _Where) -> Any:
        if value is None:
            if nullable:
                return None
            raise ValueError(f"{_path(where)}: null is not allowed here")
        if isinstance(value, dict) and "type" in value:
            kind = value["type"]
            if isinstance(kind, str) and kind in by_name:
                return by_name[kind](value, where)
            raise ValueError(f"{_path(where)}: type {kind!r} is not one of {names}")
        errors = []
        for option in others:
            try:
                return option(value, where)
            except ValueError as exc:
                errors.append(str(exc))
        if len(errors) == 1:
            raise ValueError(errors[0])
        raise ValueError(f"{_path(where)}: {value!r} fits no allowed type")

    return decode_union


def _compile_optional(options: tuple[Any, ...], nullable: bool, only: _Decoder) -> _Decoder:
    """A union of one type (and perhaps ``None``): what ``decode_union`` does, more directly."""
    is_int = int in options

    def decode_optional(value: Any, where: _Where) -> Any:
        if value is None:
            if nullable:
                return None
            raise ValueError(f"{_path(where)}: null is not allowed here")
        if is_int and type(value) is int:
            return value
        if isinstance(value, dict) and "type" in value:
            raise ValueError(f"{_path(where)}: type {value['type']!r} is not one of []")
        return only(value, where)

    return decode_optional


def _compile_tuple(args: tuple[Any, ...]) -> _Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:

            def decode_cards(value: Any, where: _Where) -> tuple[Any, ...]:
                if not isinstance(value, list):
                    raise ValueError(f"{_path(where)}: expected a list")
                try:
                    return tuple([_CARD_CODES[code] for code in value])
                except (KeyError, TypeError):  # unusual spelling, or not a card: go slowly
                    return tuple(_decode_card(code, (where, i)) for i, code in enumerate(value))

            return decode_cards
        item = _decoder(args[0])

        def decode_items(value: Any, where: _Where) -> tuple[Any, ...]:
            if not isinstance(value, list):
                raise ValueError(f"{_path(where)}: expected a list")
            return tuple([item(v, (where, i)) for i, v in enumerate(value)])

        return _quick_items(args[0], item) or decode_items
    if args == ((),) or not args:

        def decode_empty(value: Any, where: _Where) -> tuple[Any, ...]:
            if not isinstance(value, list):
                raise ValueError(f"{_path(where)}: expected a list")
            if value:
                raise ValueError(f"{_path(where)}: expected an empty list")
            return ()

        return decode_empty
    items = [_decoder(arg) for arg in args]

    def decode_fixed(value: Any, where: _Where) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise ValueError(f"{_path(where)}: expected a list")
        if len(value) != len(items):
            raise ValueError(f"{_path(where)}: expected {len(items)} items, found {len(value)}")
        return tuple(item(v, (where, i)) for i, (item, v) in enumerate(zip(items, value)))

    return decode_fixed


def _known_values(hint: Any) -> dict[Any, Any] | None:
    """Every usual JSON value of ``hint`` and what it reads as, when a table holds them all.

    For cards (their exact codes), members of an enum (their names), text
    literals, and these or ``None``: a value found in the table reads as the
    table says (its keys are text, which nothing else in JSON equals, and
    ``None``); any other value is for the hint's decoder to read or refuse.
    """
    if hint is Card:
        return _CARD_CODES
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return dict(hint.__members__)
    if typing.get_origin(hint) is Literal:
        options = typing.get_args(hint)
        if all(type(option) is str for option in options):
            return {option: option for option in options}
        return None
    optional = _optional_of(hint)
    if optional is not None:
        known = _known_values(optional)
        if known is not None:
            return {**known, None: None}
    return None


def _quick_items(hint: Any, item: _Decoder) -> _Decoder | None:
    """A reader of ``tuple[hint, ...]`` that reads the usual items in fewer steps (or ``None``).

    It gives what reading each item with ``item`` gives: anything unusual is
    read that way, from the first item again (readers have no side effects), so
    the errors are the same too.
    """
    known = _known_values(hint)
    if known is not None:

        def decode_known(value: Any, where: _Where) -> tuple[Any, ...]:
            if not isinstance(value, list):
                raise ValueError(f"{_path(where)}: expected a list")
            try:
                return tuple([known[v] for v in value])
            except (KeyError, TypeError):  # unusual, or unhashable: item by item
                return tuple([item(v, (where, i)) for i, v in enumerate(value)])

        return decode_known
    if hint is int or hint is bool:

        def decode_numbers(value: Any, where: _Where) -> tuple[Any, ...]:
            if not isinstance(value, list):
                raise ValueError(f"{_path(where)}: expected a list")
            for v in value:
                if type(v) is not hint:
                    return tuple([item(v, (where, i)) for i, v in enumerate(value)])
            return tuple(value)

        return decode_numbers
    origin = typing.get_origin(hint)
    if origin is not typing.Union and origin is not types.UnionType:
        return None
    by_name = {
        option.__name__: _decoder(option)
        for option in typing.get_args(hint)
        if isinstance(option, type) and attrs.has(option)
    }
    if not by_name:
        return None

    def decode_variants(value: Any, where: _Where) -> tuple[Any, ...]:
        # An object naming one of the union's classes is read by that class's reader,
        # as the union's reader does first.
        if not isinstance(value, list):
            raise ValueError(f"{_path(where)}: expected a list")
        out = []
        for i, v in enumerate(value):
            reader = None
            if type(v) is dict:
                kind = v.get("type")
                if type(kind) is str:
                    reader = by_name.get(kind)
            out.append(item(v, (where, i)) if reader is None else reader(v, (where, i)))
        return tuple(out)

    return decode_variants


def _decode_decimal(value: Any, where: _Where) -> Decimal:
    if not isinstance(value, str) or len(value) > 60:
        raise ValueError(f"{_path(where)}: expected an amount written as text")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"{_path(where)}: {value!r} is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"{_path(where)}: {value!r} is not a finite amount")
    return amount


def _decode_fraction(value: Any, where: _Where) -> Fraction:
    if not isinstance(value, str) or len(value) > 60:
        raise ValueError(f"{_path(where)}: expected a fraction written as text")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{_path(where)}: {value!r} is not a fraction") from None


# What a field's annotation says it holds, for the writers' and readers' inline
# fast paths; anything else (and every mistake) goes to the field's own encoder
# or decoder.
_OTHER, _INT, _STR, _BOOL, _CARD, _CARDS, _CARD_ROWS, _INTS, _ENUM = range(9)


def _fast_kind(hint: Any) -> int:
    if hint is int:
        return _INT
    if hint is str:
        return _STR
    if hint is bool:
        return _BOOL
    if hint is Card:
        return _CARD
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _ENUM
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if args == (Card, ...):
            return _CARDS
        if args == (int, ...):
            return _INTS
        if args == (tuple[Card, ...], ...):
            return _CARD_ROWS
    return _OTHER


_ENCODE_EXPRESSIONS: Final = {
    _OTHER: "({v} if type({v}) in plain else encode({v}))",
    _INT: "({v} if type({v}) is int else encode({v}))",
    _STR: "({v} if type({v}) is str else encode({v}))",
    _BOOL: "({v} if type({v}) is bool else encode({v}))",
    _CARD: "(codes[{v}.index] if type({v}) is Card else encode({v}))",
    _CARDS: "([codes[c.index] if type(c) is Card else encode(c) for c in {v}]"
    " if type({v}) is tuple else encode({v}))",
    _INTS: "([i if type(i) is int else encode(i) for i in {v}]"
    " if type({v}) is tuple else encode({v}))",
    _ENUM: "encode({v})",
    _CARD_ROWS: "([[codes[c.index] if type(c) is Card else encode(c) for c in row]"
    " if type(row) is tuple else encode(row) for row in {v}]"
    " if type({v}) is tuple else encode({v}))",
}
"""How a writer writes a field's value ``{v}``, by what the field's annotation expects."""

_DECODE_LINES: Final = {
    _OTHER: ["    {v} = {d}({r}, (where, {k}))"],
    _INT: ["    {v} = {r} if type({r}) is int else {d}({r}, (where, {k}))"],
    _STR: ["    {v} = {r} if type({r}) is str else {d}({r}, (where, {k}))"],
    _BOOL: ["    {v} = {r} if type({r}) is bool else {d}({r}, (where, {k}))"],
    _CARD: ["    {v} = cards.get({r}) if type({r}) is str else None",
            "    if {v} is None:", "        {v} = {d}({r}, (where, {k}))"],
    _CARDS: ["    {v} = card_tuple({r}) if type({r}) is list else None",
             "    if {v} is None:", "        {v} = {d}({r}, (where, {k}))"],
    _INTS: ["    {v} = int_tuple({r}) if type({r}) is list else None",
            "    if {v} is None:", "        {v} = {d}({r}, (where, {k}))"],
    _CARD_ROWS: ["    {v} = card_rows({r}) if type({r}) is list else None",
                 "    if {v} is None:", "        {v} = {d}({r}, (where, {k}))"],
    _ENUM: ["    {v} = {d}_members.get({r}) if type({r}) is str else None",
            "    if {v} is None:", "        {v} = {d}({r}, (where, {k}))"],
}
"""How a reader reads field ``{k}``, found as ``{r}``, into ``{v}`` (decoder ``{d}`` for all but
the usual case)."""


_DECODE_OPTIONAL_INT: Final = [
    "    {v} = {r} if {r} is None or type({r}) is int else {d}({r}, (where, {k}))"
]
"""How a reader reads a field of ``int | None``."""

_DECODE_KNOWN: Final = [
    "    {v} = {d}_known.get({r}, miss) if {r} is None or type({r}) is str else miss",
    "    if {v} is miss:", "        {v} = {d}({r}, (where, {k}))",
]
"""How a reader reads a field whose usual values a table holds (:func:`_known_values`)."""

_MISS: Final = object()
"""Not found (a table's values include ``None``)."""


def _card_tuple(codes: list[Any]) -> tuple[Card, ...] | None:
    """The cards of a list of exact card codes, or ``None`` (then the decoder explains)."""
    cards = _CARD_CODES
    try:
        return tuple([cards[code] for code in codes])
    except (KeyError, TypeError):
        return None


def _card_rows(rows: list[Any]) -> tuple[tuple[Card, ...], ...] | None:
    """:func:`_card_tuple` of each of a list of lists, or ``None``."""
    cards = _CARD_CODES
    out = []
    try:
        for row in rows:
            if type(row) is not list:
                return None
            out.append(tuple([cards[code] for code in row]))
    except (KeyError, TypeError):
        return None
    return tuple(out)


def _int_tuple(values: list[Any]) -> tuple[int, ...] | None:
    """A list of exact whole numbers as a tuple, or ``None``."""
    for value in values:
        if type(value) is not int:
            return None
    return tuple(values)


def _compile_attrs(cls: type[Any]) -> _Decoder:
    """The reader of one attrs class: a general path, and a fast one generated once.

    The fast path takes an object with exactly the class's keys (what
    :func:`to_json` writes) and reads its values in field order, numbers,
    text, cards and tuples of them checked inline; every other object, and
    every value of another type, goes the general way, so the results and the
    errors are the general path's.
    """
    name = cls.__name__
    hints = typing.get_type_hints(cls)
    init_fields = _init_fields(cls)
    general = _general_attrs_decoder(cls, hints)
    positional = not any(field.kw_only for field in init_fields)
    namespace: dict[str, Any] = {
        "cls": cls, "general": general, "path": _path, "cards": _CARD_CODES,
        "card_tuple": _card_tuple, "card_rows": _card_rows, "int_tuple": _int_tuple,
        "miss": _MISS,
    }
    if any(field.name == "type" for field in init_fields):
        return general
    # Exactly the class's keys: as many keys as it has, "type" and every field among them.
    lines = [
        f"def decode_{name}(value, where):",
        f"    if type(value) is not dict or len(value) != {len(init_fields) + 1}"
        f" or value.get('type') != {name!r}:",
        "        return general(value, where)",
    ]
    if init_fields:
        lines += [
            "    try:",
            *(f"        r{number} = value[{field.name!r}]"
              for number, field in enumerate(init_fields)),
            "    except KeyError:",
            "        return general(value, where)",
        ]
    arguments = []
    for number, field in enumerate(init_fields):
        hint = hints[field.name]
        var, dec = f"v{number}", f"d{number}"
        namespace[dec] = _decoder(hint)
        kind = _fast_kind(hint)
        if kind == _ENUM:
            namespace[f"{dec}_members"] = dict(hint.__members__)
        field_lines = _DECODE_LINES[kind]
        if kind == _OTHER and _optional_of(hint) is int:
            field_lines = _DECODE_OPTIONAL_INT
        elif kind == _OTHER and _known_values(hint) is not None:
            namespace[f"{dec}_known"] = _known_values(hint)
            field_lines = _DECODE_KNOWN
        for line in field_lines:
            lines.append(line.format(v=var, d=dec, r=f"r{number}", k=repr(field.name)))
        arguments.append(var if positional else f"{field.alias or field.name}={var}")
    if cls in _interned_classes():
        # Equal field values are equal JSON (_read_exactly): one object for each.
        namespace["interned"] = _INTERNED.setdefault(cls, {})
        key = "(" + "".join(f"v{number}, " for number in range(len(init_fields))) + ")"
        lines += [
            f"    key = {key}",
            "    known = interned.get(key)",
            "    if known is not None:",
            "        return known",
            "    try:",
            f"        made = cls({', '.join(arguments)})",
            "    except (ValueError, TypeError) as exc:",
            "        raise ValueError(f'{path(where)}: {exc}') from None",
            f"    if len(interned) < {_INTERNED_SIZE}:",
            "        interned[key] = made",
            "    return made",
        ]
    else:
        lines += [
            "    try:",
            f"        return cls({', '.join(arguments)})",
            "    except (ValueError, TypeError) as exc:",
            "        raise ValueError(f'{path(where)}: {exc}') from None",
        ]
    fast = typing.cast(_Decoder, _generated(lines, namespace, f"decode_{name}", cls))
    is_config = _remembered_classes().get(cls)
    if is_config is None:
        return fast
    return _remembered(fast) if is_config else _shared_results(fast, cls)


_MEMO_SCALARS: Final = frozenset({int, str, bool, type(None)})


def _memo_key(value: Any) -> tuple[Any, ...] | None:
    """A key that only an equal JSON object of scalars (and lists of them) gives, or ``None``.

    Each value goes in with its type (``true`` is not ``1``); floats never do.
    The names, the values and their types go in as three tuples (made in C); a
    list goes in as the tuple of its elements and the tuple of their types.
    """
    if type(value) is not dict:
        return None
    values = list(value.values())
    kinds = tuple(map(type, values))
    scalars = _MEMO_SCALARS
    if not scalars.issuperset(kinds):
        for number, kind in enumerate(kinds):
            if kind is list:
                element_kinds = tuple(map(type, values[number]))
                if not scalars.issuperset(element_kinds):
                    return None
                values[number] = (tuple(values[number]), element_kinds)
            elif kind not in scalars:
                return None
    return (tuple(value), tuple(values), kinds)


def _remembered(decode_config: _Decoder) -> _Decoder:
    """``decode_config`` remembering its last configs: a server loads the same few again and
    again, and a config checks all its options when it is made. Only successes are kept
    (at most 64 of them), and configs are immutable, so the results are unchanged."""
    memo: dict[tuple[Any, ...], Any] = {}

    def decode_remembered(value: Any, where: _Where) -> Any:
        key = _memo_key(value)
        if key is not None:
            known = memo.get(key)
            if known is not None:
                return known
        config = decode_config(value, where)
        if key is not None:
            if len(memo) >= 64:
                memo.clear()
            memo[key] = config
        return config

    return decode_remembered


def _shared_results(decode_result: _Decoder, cls: type[Any]) -> _Decoder:
    """``decode_result`` giving the same object for an equal result it read lately.

    Every later state of a game holds the same finished rounds, so a server reads them
    again with every state; one object for them lets the game's validation remember
    that it checked them (by identity) and :func:`_text_of_shared` remember their text.
    The key is the result's field values: the readers give values of exact types
    (never ``True`` for ``1``), so equal keys are equal JSON. At most
    :data:`_RESULT_MEMO_SIZE` results are kept; results are immutable.
    """
    memo: dict[tuple[Any, ...], Any] = {}
    read = _READ_RESULTS.setdefault(cls, {})
    fields = operator.attrgetter(*(field.name for field in _init_fields(cls)))

    def decode_shared(value: Any, where: _Where) -> Any:
        result = decode_result(value, where)
        key = fields(result)
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) >= _RESULT_MEMO_SIZE:
            memo.clear()
            read.clear()
        memo[key] = result
        read[id(result)] = [result, None]  # held by the memo: its id is not reused
        return result

    return decode_shared


def _remembered_classes() -> dict[type[Any], bool]:
    """The classes whose values :func:`from_json` remembers, each with whether it is a
    config: each game's config, and the results of finished rounds or hands and the
    owned melds on the table (the items of a state's ``history`` and ``melds``, when
    they are one class whose fields are all read as exact types)."""
    if not _REMEMBERED_CLASSES:
        for game in engine.GAMES:
            rules = engine.definition(game)
            hints = typing.get_type_hints(rules.state_type)
            for name in ("history", "melds"):
                hint = hints.get(name)
                if typing.get_origin(hint) is tuple:
                    item = typing.get_args(hint)[0]
                    if isinstance(item, type) and attrs.has(item) and _read_exactly(item):
                        _REMEMBERED_CLASSES[item] = False
            _REMEMBERED_CLASSES[rules.config_type] = True
    return _REMEMBERED_CLASSES


def _interned_classes() -> frozenset[type[Any]]:
    """The small classes held in round results (a Casino hand's score items): attrs
    classes of whole numbers, text, flags, cards and ``None``, read as one object for
    each value. A hand's items are compared with those the rules give; shared objects
    compare at once."""
    global _INTERNED_CLASSES
    if _INTERNED_CLASSES is None:
        found: set[type[Any]] = set()
        for cls, is_config in _remembered_classes().items():
            if is_config:
                continue
            hints = typing.get_type_hints(cls)
            for field in _init_fields(cls):
                hint = hints[field.name]
                if typing.get_origin(hint) is tuple:
                    item = typing.get_args(hint)[0]
                    if (isinstance(item, type) and attrs.has(item) and _init_fields(item)
                            and _scalar_fields(item)):
                        found.add(item)
        _INTERNED_CLASSES = frozenset(found)
    return _INTERNED_CLASSES


def _scalar_fields(cls: type[Any]) -> bool:
    hints = typing.get_type_hints(cls)
    return all(
        hints[field.name] in (int, str, bool, Card)
        or _optional_of(hints[field.name]) in (int, str, bool, Card)
        for field in _init_fields(cls)
    )


_INTERNED_CLASSES: frozenset[type[Any]] | None = None
_INTERNED: dict[type[Any], dict[tuple[Any, ...], Any]] = {}
"""Each interned class's objects by their field values (:func:`_interned_classes`)."""
_INTERNED_SIZE: Final = 4096
"""How many objects of a class are interned; later ones are made each time, so the
table is never cleared and the objects in it keep their ``id``."""


def _read_exactly(hint: Any) -> bool:
    """Whether equal values that the reader of ``hint`` gives are always read from equal
    JSON: whole numbers, text, flags, cards, enum members, text literals, these or
    ``None``, tuples, attrs classes of them and unions of such classes (no ``1 == 1.0``
    or ``Decimal("1.0") == Decimal("1")``): the hints :func:`_exactness_check` knows."""
    return _exactness_check(hint) is not None


_REMEMBERED_CLASSES: dict[type[Any], bool] = {}
_READ_RESULTS: dict[type[Any], dict[int, list[Any]]] = {}
"""Each round-result class's objects that :func:`from_json` shares, by ``id``, with their
text once written (:func:`_text_of_shared`), and the other objects of those classes
whose text was written lately."""
_RESULT_MEMO_SIZE: Final = 256
"""How many values of each shared class (a game's finished rounds, its owned melds) are
kept."""


def _general_attrs_decoder(cls: type[Any], hints: dict[str, Any]) -> _Decoder:
    """The reader of one attrs class for any input: every check, in a fixed order."""
    name = cls.__name__
    names = {field.name for field in _init_fields(cls)} | {"type"}
    # (key in the JSON object, keyword for the class, decoder, required)
    plan = [
        (
            field.name,
            field.alias or field.name,
            _decoder(hints[field.name]),
            field.default is attrs.NOTHING,
        )
        for field in _init_fields(cls)
    ]

    def decode_attrs(value: Any, where: _Where) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"{_path(where)}: expected a {name} object")
        if value.get("type") != name:
            raise ValueError(
                f"{_path(where)}: expected type {name!r}, found {value.get('type')!r}"
            )
        if not names.issuperset(value):
            unknown = sorted(set(value) - names)
            raise ValueError(f"{_path(where)}: unknown keys {unknown} for {name}")
        kwargs: dict[str, Any] = {}
        for key, keyword, field_decoder, required in plan:
            if key not in value:
                if required:
                    raise ValueError(f"{_path(where)}: missing key {key!r} for {name}")
                continue
            kwargs[keyword] = field_decoder(value[key], (where, key))
        try:
            return cls(**kwargs)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{_path(where)}: {exc}") from None

    return decode_attrs



# ---------------------------------------------------------------------------
# Writing text
#
# to_json writes the text of an object directly, without the JSON-ready form
# in between: one text writer per class, generated like the writers above,
# joins precomputed pieces (a card's quoted code, each key with its quotes and
# colon). The text json.dumps(encode(value), ensure_ascii=False,
# separators=(",", ":")) writes is compositional (a value's text is the same
# wherever it sits), so each writer gives exactly that text, and anything
# unusual is written that way.

_quote: Final[Callable[[str], str]] = json.encoder.encode_basestring
"""How json writes a text without ``ensure_ascii``: quoted and escaped."""

_QUOTED_CODE_OF_INDEX: Final[tuple[str, ...]] = tuple(_quote(code) for code in _CODE_OF_INDEX)
"""Each distinct card's code in quotes, at its ``index``."""

_TextWriter = Callable[[Any], str]
_TEXT_WRITERS: dict[type[Any], _TextWriter] = {}


def _text(value: Any) -> str:
    """``value``'s JSON text: ``_WRITER.encode(encode(value))``, written directly."""
    writer = _TEXT_WRITERS.get(type(value))
    if writer is None:
        writer = _TEXT_WRITERS[type(value)] = _text_writer_for(type(value))
    return writer(value)


def _general_text(value: Any) -> str:
    return _WRITER.encode(encode(value))


def _text_of_items(value: Any) -> str:
    codes = _QUOTED_CODE_OF_INDEX
    text = _text
    return "[" + ",".join([codes[i.index] if type(i) is Card else text(i) for i in value]) + "]"


def _text_of_bool(value: bool) -> str:
    return "true" if value else "false"


def _text_of_none(value: None) -> str:
    return "null"


def _text_of_card(card: Card) -> str:
    return _QUOTED_CODE_OF_INDEX[card.index]


def _text_of_decimal(amount: Decimal) -> str:
    return _quote(str(amount))


def _text_writer_for(cls: type[Any]) -> _TextWriter:
    # Exact types only: a subclass of int, str, tuple ... is written the general way.
    if cls is int:
        return int.__repr__
    if cls is str:
        return _quote
    if cls is bool:
        return _text_of_bool
    if cls is type(None):
        return _text_of_none
    if cls is Card:
        return _text_of_card
    if cls is tuple or cls is list:
        return _text_of_items
    if cls is Decimal:
        return _text_of_decimal
    if issubclass(cls, enum.Enum):
        return _member_texts(cls).__getitem__  # a Flag's combination: KeyError, general way
    if attrs.has(cls) and not any(field.name == "type" for field in _init_fields(cls)):
        is_config = _remembered_classes().get(cls)
        if is_config:
            return _remembered_text(_attrs_text_writer(cls))
        if is_config is not None:
            return _text_of_shared(_attrs_text_writer(cls), cls, _READ_RESULTS.setdefault(cls, {}))
        return _attrs_text_writer(cls)
    return _general_text


def _remembered_text(write_config: _TextWriter) -> _TextWriter:
    """``write_config`` remembering the text of its last configs, by object: every state
    of a game holds the same config, and a config read from JSON is the one remembered
    (:func:`_remembered`). Configs are immutable, so the text is unchanged."""
    memo: dict[int, tuple[Any, str]] = {}

    def text_remembered(config: Any) -> str:
        known = memo.get(id(config))
        if known is not None and known[0] is config:
            return known[1]
        text = write_config(config)
        if len(memo) >= 64:
            memo.clear()
        memo[id(config)] = (config, text)  # the config kept alive: its id is not reused
        return text

    return text_remembered


def _text_of_shared(write_result: _TextWriter, cls: type[Any], shared: dict[int, list[Any]]
                    ) -> _TextWriter:
    """``write_result`` remembering the text of a shared class's values, by object (the
    last :data:`_RESULT_MEMO_SIZE`-odd): every later state of a game holds the same
    finished rounds, so a server or a self-play log writes them again with every state.
    ``shared`` holds the objects :func:`from_json` shares; any other object is kept only
    when every value in it is of exactly the type its annotation names (numbers, text,
    cards, enum members, tuples, frozen classes of them: :func:`_exactness_check`), so
    that nothing in it can change; one built by hand with a list in it is written each
    time."""
    exact = _exactness_check(cls)
    assert exact is not None  # (shared classes are read exactly)

    def text_of_shared(result: Any) -> str:
        entry = shared.get(id(result))
        if entry is None or entry[0] is not result:
            text = write_result(result)
            if exact(result):
                if len(shared) >= 2 * _RESULT_MEMO_SIZE:
                    shared.clear()  # (the memo of from_json keeps its objects alive)
                shared[id(result)] = [result, text]  # held: its id is not reused
            return text
        known: str | None = entry[1]
        if known is None:
            known = entry[1] = write_result(result)
        return known

    return text_of_shared


def _exactness_check(hint: Any) -> Callable[[Any], bool] | None:
    """A test that a value is of exactly the type ``hint`` names, all the way down, or
    ``None`` for a hint whose values it cannot vouch for (:func:`_read_exactly`)."""
    if hint in _EXACTNESS_CHECKS:
        return _EXACTNESS_CHECKS[hint]
    _EXACTNESS_CHECKS[hint] = None  # (a class inside itself: not exact)
    check = _EXACTNESS_CHECKS[hint] = _make_exactness_check(hint)
    return check


def _make_exactness_check(hint: Any) -> Callable[[Any], bool] | None:
    if hint in (int, str, bool, Card) or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        exact_type = hint  # (enum members are read as themselves)
        return lambda value: type(value) is exact_type
    origin = typing.get_origin(hint)
    if origin is Literal:
        values = typing.get_args(hint)
        if not all(type(value) is str for value in values):
            return None
        return lambda value: type(value) is str and value in values
    optional = _optional_of(hint)
    if optional is not None:
        inner = _exactness_check(optional)
        return None if inner is None else lambda value: value is None or inner(value)
    if origin is typing.Union or origin is types.UnionType:
        # Classes told apart by their "type" (values of two classes are never equal).
        by_class: dict[Any, Callable[[Any], bool]] = {}
        for option in typing.get_args(hint):
            option_check = _exactness_check(option)
            if not (isinstance(option, type) and attrs.has(option)) or option_check is None:
                return None
            by_class[option] = option_check
        return lambda value: type(value) in by_class and by_class[type(value)](value)
    if origin is tuple:
        args = typing.get_args(hint)
        item = _exactness_check(args[0]) if len(args) == 2 and args[1] is Ellipsis else None
        if item is None:
            return None
        return lambda value: type(value) is tuple and all(map(item, value))
    if isinstance(hint, type) and attrs.has(hint) and _init_fields(hint):
        hints = typing.get_type_hints(hint)
        names = [field.name for field in _init_fields(hint)]
        checks: list[Callable[[Any], bool]] = []
        for name in names:
            field_check = _exactness_check(hints[name])
            if field_check is None:
                return None
            checks.append(field_check)
        values_of = operator.attrgetter(*names, names[0])  # (always a tuple, one extra)
        cls = hint
        return lambda value: type(value) is cls and all(
            check(field) for check, field in zip(checks, values_of(value)))
    return None


_EXACTNESS_CHECKS: dict[Any, Callable[[Any], bool] | None] = {}


def _member_texts(cls: type[enum.Enum]) -> dict[enum.Enum, str]:
    """Each member of an enum and its text (its name in quotes)."""
    return {member: _quote(member.name) for member in cls.__members__.values()}


def _attrs_text_writer(cls: type[Any]) -> _TextWriter:
    """The text writer of one attrs class, generated once from its fields.

    It writes ``{"type":name,field:value,...}`` in field order. What the
    field's annotation leads us to expect (a number, text, a card, a member of
    an enum, a class of its own, these or ``None``, tuples of them) is checked
    and written inline (:func:`_text_expression`); any other value through
    :func:`_text`.
    """
    name = cls.__name__
    hints = typing.get_type_hints(cls)
    namespace: dict[str, Any] = {
        "text": _text, "quote": _quote, "int_text": int.__repr__,
        "codes": _QUOTED_CODE_OF_INDEX, "Card": Card,
    }
    lines = [f"def text_{name}(value):"]
    pieces = [repr("{" + _quote("type") + ":" + _quote(name))]
    _BUILDING_TEXT.add(cls)
    try:
        for number, field in enumerate(_init_fields(cls)):
            var = f"v{number}"
            lines.append(f"    {var} = value.{field.name}")
            pieces.append(repr("," + _quote(field.name) + ":"))
            pieces.append(_text_expression(hints[field.name], var, namespace, 0))
    finally:
        _BUILDING_TEXT.discard(cls)
    pieces.append(repr("}"))
    lines.append("    return ''.join((" + ", ".join(pieces) + "))")
    return typing.cast(_TextWriter, _generated(lines, namespace, f"text_{name}", cls))


def _text_expression(hint: Any, var: str, namespace: dict[str, Any], depth: int) -> str:
    """Source of an expression writing ``var``, a value the annotation ``hint`` describes.

    Each case checks the exact type it expects and leaves every other value to
    :func:`_text`, so the expression writes what :func:`_text` would.
    """
    if hint is int:
        return f"(int_text({var}) if type({var}) is int else text({var}))"
    if hint is str:
        return f"(quote({var}) if type({var}) is str else text({var}))"
    if hint is bool:
        return f"('true' if {var} is True else 'false' if {var} is False else text({var}))"
    if hint is Card:
        return f"(codes[{var}.index] if type({var}) is Card else text({var}))"
    bound = f"b{len(namespace)}"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        namespace[bound], namespace[f"{bound}t"] = hint, _member_texts(hint)
        return f"({bound}t[{var}] if type({var}) is {bound} else text({var}))"
    if isinstance(hint, type) and attrs.has(hint):
        if hint in _BUILDING_TEXT:
            return f"text({var})"
        namespace[bound], namespace[f"{bound}w"] = hint, _nested_text_writer(hint)
        return f"({bound}w({var}) if type({var}) is {bound} else text({var}))"
    optional = _optional_of(hint)
    if optional is not None:
        inner = _text_expression(optional, var, namespace, depth)
        return f"('null' if {var} is None else {inner})"
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and depth < 4:
            item = f"i{depth}"
            inner = _text_expression(args[0], item, namespace, depth + 1)
            return (f"('[' + ','.join([{inner} for {item} in {var}]) + ']'"
                    f" if type({var}) is tuple else text({var}))")
    return f"text({var})"


_BUILDING_TEXT: set[type[Any]] = set()
"""The classes whose text writers are being generated (a class nested in itself is
written through :func:`_text`)."""


def _optional_of(hint: Any) -> Any:
    """``X`` for the hint ``X | None`` (one type and ``None``), else ``None``."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(hint)
        if len(args) == 2 and type(None) in args:
            return args[0] if args[1] is type(None) else args[1]
    return None


def _nested_text_writer(cls: type[Any]) -> _TextWriter:
    """The text writer of a class held in a field: its own (made now if need be)."""
    writer = _TEXT_WRITERS.get(cls)
    if writer is None:
        writer = _TEXT_WRITERS[cls] = _text_writer_for(cls)
    return writer
