"""JSON for configs, states, actions, views and game records.

Every document is an envelope::

    {"format": "cardrules", "version": 1, "game": "rummy500", "kind": "state", "data": {...}}

``data`` is the object itself, in the form :mod:`cardrules.codec` states:
attrs objects become JSON objects with a ``"type"`` key and one key per field,
cards their ASCII code (``"10D"``), enums their name, tuples lists, exact money
a decimal string. The text is compact (no spaces), keeps non-ASCII characters,
and is the same for equal objects. Loading is driven by the classes' type
annotations, never by names found in the input, so no input can make the
loader build anything but the game's own value classes; only the exact
spellings the writer uses are read (a card is ``"2C"``, never ``"2c"``). States
and views are re-validated by their game (card conservation, counts per phase,
scores) and game records are replayed action by action. Nothing is kept
between calls but the codec's per-class plans (:data:`cardrules.codec.CACHE_SIZE`) and
the small objects it remembers by their exact JSON (:data:`cardrules.codec.REMEMBERED_OBJECTS`).

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
import functools
import json
import types
import typing
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from cardrules import engine, events, rng, stacking
from cardrules.cards import Card
from cardrules.codec import decode as decode  # (re-exported: the wire server reads with it)
from cardrules.codec import write
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
# Writing


def to_json(obj: object) -> str:
    """A JSON document for a config, state, action, view, game record or player record.

    The output is deterministic: equal objects give identical text.

    >>> import cardrules
    >>> to_json(cardrules.new_game("casino", seed=1).config)[:58]
    '{"format":"cardrules","version":1,"game":"casino","kind":"'
    """
    if isinstance(obj, GameRecord):
        rules, kind = engine.definition(obj.game), "record"
        fields: list[tuple[str, Any]] = [
            ("config", obj.config), ("seed", obj.seed), ("deck", obj.deck)
        ]
        if obj.decks:  # written only when there are some: the documents of older versions
            fields.append(("decks", obj.decks))
        fields.append(("actions", obj.actions))
        if obj.joins:
            fields.append(("joins", obj.joins))
        if obj.cut_deck is not None:
            fields.append(("cut_deck", obj.cut_deck))
        data = _object_text(fields)
    elif isinstance(obj, PlayerRecord):
        rules, kind = engine.definition(obj.game), "player_record"
        fields = [("seat", obj.seat), ("config", obj.config), ("actors", obj.actors),
                  ("actions", obj.actions), ("hands", obj.hands), ("views", obj.views)]
        if obj.joins:
            fields.append(("joins", obj.joins))
        data = _object_text(fields)
    else:
        rules = engine.definition_of(obj)
        kind = _kind_of(rules, obj)
        data = write(obj)
    return _object_text([("format", "cardrules"), ("version", FORMAT_VERSION),
                         ("game", rules.name), ("kind", kind)])[:-1] + ',"data":' + data + "}"


def _object_text(fields: list[tuple[str, Any]]) -> str:
    """The JSON text of an object with these keys and values, in this order."""
    return "{" + ",".join([write(key) + ":" + write(value) for key, value in fields]) + "}"


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
# Reading


def from_json(text: str | bytes) -> Any:
    """Load a document written by :func:`to_json`.

    Raises ``ValueError`` for malformed, inconsistent, tampered or oversized
    input (and ``TypeError`` if ``text`` is not text); it never runs code from
    the input. Each value is read in the exact form :func:`to_json` writes it
    (see :mod:`cardrules.codec`): a card only as its code (``"2C"``, ``"10D"``,
    ``"JK"``, upper case, no spaces or suit symbols), a number only as a JSON
    whole number, an object only with its class's keys. A document written
    before a field was renamed still loads, with a ``DeprecationWarning``.

    >>> from_json('{"format":"cardrules","version":1,"game":"rummy500","kind":"action",'
    ...           '"data":{"type":"Discard","card":"2c"}}')
    Traceback (most recent call last):
    ...
    ValueError: data.card: '2c' is not a card code (codes are written like '2C', '10D', 'AS', 'JK')
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
    # then comes first, as if it had been checked before anything else.
    try:
        return _load_document(raw)
    except RecursionError:
        _check_depth(raw, 0)
        raise ValueError("bad JSON document: nested too deeply") from None
    except (ValueError, TypeError):
        _check_depth(raw, 0)
        raise


_ENVELOPE_KEYS: Final = ("format", "version", "game", "kind", "data")


def _load_document(raw: Any) -> Any:
    envelope = _expect_dict(raw, "document")
    for key in _ENVELOPE_KEYS:
        if key not in envelope:
            raise ValueError(f"bad JSON document: missing key {key!r}")
    if len(envelope) != len(_ENVELOPE_KEYS):
        extra = sorted(set(envelope) - set(_ENVELOPE_KEYS))
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
    return _load(_definition(game), kind, envelope["data"])


@functools.lru_cache(maxsize=len(engine.GAMES))
def _definition(game: str) -> engine.GameDefinition:
    """``engine.definition(game)`` for a name in ``engine.GAMES``, a bounded cache of a pure
    function of the name: the game module's ``GAME`` is found once, not imported again
    (about 1.5 µs) for every document loaded."""
    return engine.definition(game)


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

