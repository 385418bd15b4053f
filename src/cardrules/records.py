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

import enum
import json
import types
import typing
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from cardrules import engine, rng
from cardrules.cards import Card, parse_card
from cardrules.errors import IllegalActionError

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_JSON_CHARS",
    "GameRecord",
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

_KINDS: Final = ("config", "state", "action", "view", "record")


@attrs.frozen
class GameRecord:
    """A whole game as its config, seed, stacked deck (if any) and actions.

    Replaying the actions from ``new_game(config, seed=seed, deck=deck)`` gives
    every state of the game again.

    >>> import cardrules
    >>> state = cardrules.new_game("rummy500", seed=5)
    >>> actions = [cardrules.legal_actions(state)[0]]
    >>> record = GameRecord("rummy500", state.config, 5, None, tuple(actions))
    >>> record.final_state() == cardrules.apply(state, actions[0])
    True
    """

    game: str
    config: Any
    seed: int
    deck: tuple[Card, ...] | None
    actions: tuple[Any, ...]

    def states(self) -> list[Any]:
        """Every state of the game, the first one included."""
        rules = engine.definition(self.game)
        state = rules.new_game(self.config, seed=self.seed, deck=self.deck)
        states = [state]
        for action in self.actions:
            state = rules.apply(state, action)
            states.append(state)
        return states

    def final_state(self) -> Any:
        """The state after the last action."""
        return self.states()[-1]


# ---------------------------------------------------------------------------
# Encoding


def encode(value: object) -> Any:
    """The JSON-ready form of a value (see the module docstring)."""
    if isinstance(value, enum.Enum):  # before int: IntEnum members are ints
        return value.name
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((encode(item) for item in value), key=json.dumps)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if attrs.has(type(value)):
        out: dict[str, Any] = {"type": type(value).__name__}
        for field in _init_fields(type(value)):
            out[field.name] = encode(getattr(value, field.name))
        return out
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(obj: object) -> str:
    """A JSON document for a config, state, action, view or :class:`GameRecord`.

    The output is deterministic: equal objects give identical text.
    """
    if isinstance(obj, GameRecord):
        rules = engine.definition(obj.game)
        kind = "record"
        data: Any = {
            "config": encode(obj.config),
            "seed": obj.seed,
            "deck": encode(obj.deck),
            "actions": [encode(action) for action in obj.actions],
        }
    else:
        rules = engine.definition_of(obj)
        kind = _kind_of(rules, obj)
        data = encode(obj)
    envelope = {
        "format": "cardrules",
        "version": FORMAT_VERSION,
        "game": rules.name,
        "kind": kind,
        "data": data,
    }
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))


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
        raw = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ValueError("bad JSON document: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"bad JSON document: {exc.msg} at position {exc.pos}") from None
    _check_depth(raw, 0)
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
    rules = engine.definition(game)
    data = envelope["data"]
    try:
        return _load(rules, kind, data)
    except RecursionError:
        raise ValueError("bad JSON document: nested too deeply") from None


def _load(rules: engine.GameDefinition, kind: str, data: Any) -> Any:
    if kind == "config":
        return decode(rules.config_type, data, "data")
    if kind == "action":
        return decode(_union(rules.action_types), data, "data")
    if kind == "view":
        return decode(rules.view_type, data, "data")
    if kind == "state":
        state = decode(rules.state_type, data, "data")
        rules.validate_state(state)
        return state
    return _load_record(rules, data)


def _load_record(rules: engine.GameDefinition, data: Any) -> GameRecord:
    record = _expect_dict(data, "data")
    if set(record) != {"config", "seed", "deck", "actions"}:
        raise ValueError("bad game record: expected keys config, seed, deck, actions")
    config = decode(rules.config_type, record["config"], "data.config")
    seed = record["seed"]
    try:
        rng.validate_seed(seed)
    except TypeError as exc:
        raise ValueError(f"bad game record: {exc}") from None
    deck = decode(tuple[Card, ...] | None, record["deck"], "data.deck")
    raw_actions = record["actions"]
    if not isinstance(raw_actions, list):
        raise ValueError("bad game record: actions must be a list")
    if len(raw_actions) > MAX_RECORD_ACTIONS:
        raise ValueError(f"bad game record: more than {MAX_RECORD_ACTIONS} actions")
    action_type = _union(rules.action_types)
    actions = tuple(
        decode(action_type, item, f"data.actions[{i}]") for i, item in enumerate(raw_actions)
    )
    result = GameRecord(rules.name, config, seed, deck, actions)
    # Replaying re-validates the whole game: every action must be legal in turn.
    state = rules.new_game(config, seed=seed, deck=deck)
    for i, action in enumerate(actions):
        try:
            state = rules.apply(state, action)
        except IllegalActionError as exc:
            raise ValueError(
                f"bad game record: action {i} ({action}) is illegal: {exc.reason}"
            ) from None
    return result


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"bad JSON document: {name} is not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"bad JSON document: key {key!r} appears twice")
        out[key] = value
    return out


def _check_depth(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"bad JSON document: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, list):
        for item in value:
            if isinstance(item, list | dict):
                _check_depth(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            if isinstance(item, list | dict):
                _check_depth(item, depth + 1)


def _expect_dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"bad JSON document: {where} must be an object")
    return value


def _union(types_: Sequence[type[Any]]) -> Any:
    return typing.Union[tuple(types_)]  # noqa: UP007  (built from a runtime tuple)


_FIELDS_CACHE: dict[type[Any], tuple[attrs.Attribute[Any], ...]] = {}
_HINTS_CACHE: dict[type[Any], dict[str, Any]] = {}


def _init_fields(cls: type[Any]) -> tuple[attrs.Attribute[Any], ...]:
    fields = _FIELDS_CACHE.get(cls)
    if fields is None:
        fields = tuple(field for field in attrs.fields(cls) if field.init)
        _FIELDS_CACHE[cls] = fields
    return fields


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS_CACHE.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS_CACHE[cls] = hints
    return hints


def decode(hint: Any, value: Any, where: str) -> Any:
    """Rebuild a value of type ``hint`` from its JSON form, or raise ``ValueError``."""
    origin = typing.get_origin(hint)
    if hint is type(None) or hint is None:
        if value is not None:
            raise ValueError(f"{where}: expected null")
        return None
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(typing.get_args(hint), value, where)
    if origin is Literal:
        for option in typing.get_args(hint):
            if value == option and type(value) is type(option):
                return option
        raise ValueError(f"{where}: {value!r} is not one of {typing.get_args(hint)}")
    if origin is tuple:
        return _decode_tuple(typing.get_args(hint), value, where)
    if origin is frozenset:
        (item_hint,) = typing.get_args(hint)
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list")
        return frozenset(decode(item_hint, v, f"{where}[{i}]") for i, v in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text")
        return value
    if hint is Card:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected a card")
        try:
            return parse_card(value)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not isinstance(value, str) or value not in hint.__members__:
            raise ValueError(f"{where}: {value!r} is not a {hint.__name__}")
        return hint[value]
    if hint is Decimal:
        return _decode_decimal(value, where)
    if hint is Fraction:
        return _decode_fraction(value, where)
    if isinstance(hint, type) and attrs.has(hint):
        return _decode_attrs(hint, value, where)
    raise TypeError(f"{where}: the codec cannot read {hint!r}")


def _decode_union(options: tuple[Any, ...], value: Any, where: str) -> Any:
    if value is None:
        if type(None) in options:
            return None
        raise ValueError(f"{where}: null is not allowed here")
    if isinstance(value, dict) and "type" in value:
        for option in options:
            if isinstance(option, type) and attrs.has(option) and option.__name__ == value["type"]:
                return _decode_attrs(option, value, where)
        names = [o.__name__ for o in options if isinstance(o, type) and attrs.has(o)]
        raise ValueError(f"{where}: type {value['type']!r} is not one of {names}")
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return decode(option, value, where)
        except ValueError as exc:
            errors.append(str(exc))
    raise ValueError(errors[0] if len(errors) == 1 else f"{where}: {value!r} fits no allowed type")


def _decode_tuple(args: tuple[Any, ...], value: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if args == ((),) or not args:
        if value:
            raise ValueError(f"{where}: expected an empty list")
        return ()
    if len(value) != len(args):
        raise ValueError(f"{where}: expected {len(args)} items, found {len(value)}")
    return tuple(decode(h, item, f"{where}[{i}]") for i, (h, item) in enumerate(zip(args, value)))


def _decode_decimal(value: Any, where: str) -> Decimal:
    if not isinstance(value, str) or len(value) > 60:
        raise ValueError(f"{where}: expected an amount written as text")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"{where}: {value!r} is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"{where}: {value!r} is not a finite amount")
    return amount


def _decode_fraction(value: Any, where: str) -> Fraction:
    if not isinstance(value, str) or len(value) > 60:
        raise ValueError(f"{where}: expected a fraction written as text")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{where}: {value!r} is not a fraction") from None


def _decode_attrs(cls: type[Any], value: Any, where: str) -> Any:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a {cls.__name__} object")
    if value.get("type") != cls.__name__:
        raise ValueError(f"{where}: expected type {cls.__name__!r}, found {value.get('type')!r}")
    fields = _init_fields(cls)
    hints = _hints(cls)
    names = {field.name for field in fields}
    unknown = set(value) - names - {"type"}
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)} for {cls.__name__}")
    kwargs: dict[str, Any] = {}
    for field in fields:
        if field.name not in value:
            if field.default is attrs.NOTHING:
                raise ValueError(f"{where}: missing key {field.name!r} for {cls.__name__}")
            continue
        kwargs[field.alias or field.name] = decode(
            hints[field.name], value[field.name], f"{where}.{field.name}"
        )
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{where}: {exc}") from None
