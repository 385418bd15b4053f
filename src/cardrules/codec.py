"""Values to and from their JSON form, driven by type annotations (under :mod:`cardrules.records`).

The JSON form of a value depends only on the value (:func:`write` gives its text):

- ``None``, flags, whole numbers and text are themselves;
- a card is its code (``"10D"``, ``"AS"``, ``"JK"``), a member of an enum its name;
- tuples and lists are lists, a frozenset a list sorted by each item's JSON text;
- an exact amount (``Decimal``) is its text (``"2.5"``), a ``Fraction`` ``"1/3"``;
- an attrs object is ``{"type": class name, field: value, ...}``, its ``__init__``
  fields in order.

Reading (:func:`decode`) goes the other way, guided by the annotation the value
must have (a field's annotation, or what the caller asks for), never by names
found in the input: a ``"type"`` key only picks among the classes that the
annotation allows. Only the exact forms above are accepted: a card must be
spelled exactly as it is written (``"2C"``; not ``"2c"``, ``" 2C"`` or
``"2♣"`` — :func:`cardrules.cards.parse_card` reads those spellings from
people), a number must be a JSON whole number (not ``true``, not ``2.0``), an
object must have its class's ``"type"`` and keys and no others (a field with a
default may be left out). A refusal is a
``ValueError`` naming where in the document it is (``data.hands[1][3]``).

Each class's fields, and how each is read and written, are worked out once from
the class (``_class_plan`` and ``_writers_from``, bounded caches of pure functions of
the class). An object of a class whose fields hold only leaves (a config, a meld, an
event) is remembered by its fields' exact JSON values (:data:`REMEMBERED_OBJECTS`), unless
it is plain (fields of text, numbers and flags only, nothing run when it is made: a Casino
score item), which is made straight from its values, more cheaply than looked up. A class
may rename a field and keep reading old documents: a class attribute
``RENAMED_FIELDS: ClassVar[dict[str, str]]`` maps an old JSON key to the
field's new name. A document with the old key loads, with a
``DeprecationWarning`` naming both; one with both keys is refused.

>>> from cardrules.cards import parse_cards
>>> write(parse_cards("10D JK"))
'["10D","JK"]'
>>> decode(tuple[Card, ...], ["10D", "JK"], "hand") == tuple(parse_cards("10D JK"))
True
>>> decode(tuple[Card, ...], ["10D", "jk"], "hand")
Traceback (most recent call last):
...
ValueError: hand[1]: 'jk' is not a card code (codes are written like '2C', '10D', 'AS', 'JK')
"""

from __future__ import annotations

import enum
import functools
import json
import operator
import types
import typing
import warnings
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Final, Literal, NamedTuple

import attrs

from cardrules.cards import Card, make_deck

__all__ = ["CACHE_SIZE", "CARD_OF_CODE", "REMEMBERED_OBJECTS", "decode", "write"]

CACHE_SIZE: Final = 1024
"""How many classes and annotations the codec keeps worked out (far more than the games have)."""

_CARDS: Final = sorted(set(make_deck(jokers_per_deck=1)), key=operator.attrgetter("index"))
"""Each distinct card, at its ``index``."""
CARD_OF_CODE: Final[dict[str, Card]] = {card.code: card for card in _CARDS}
"""Every card by its code: the only spellings :func:`decode` accepts for a card.

>>> CARD_OF_CODE["10D"], len(CARD_OF_CODE)
(Card(Rank.TEN, Suit.DIAMONDS), 53)
"""

# ---------------------------------------------------------------------------
# Writing
#
# A value is written straight to text, each piece by the writer of its own
# (run-time) type, never by its annotation: the text depends only on the value.
# It is the text ``json.dumps(form, ensure_ascii=False, separators=(",", ":"))``
# gives of the value's JSON form, since that text is compositional (a value's
# text is the same wherever it sits).


def write(value: object) -> str:
    """The JSON text of ``value``'s JSON form, compact, non-ASCII characters kept.

    Raises ``TypeError`` for a value of a type the format has no form for.

    >>> from cardrules.cards import parse_cards
    >>> write((*parse_cards("QH 10D JK"), 3, None, "né"))
    '["QH","10D","JK",3,null,"né"]'
    """
    return _BASIC_WRITERS.get(type(value), _other_write)(value)


def _other_write(value: Any) -> str:
    cls: Any = type(value)  # (a class is hashable, though typeshed's type[Any] may not be)
    return _writer(cls)(value)


_quote: Final[Callable[[str], str]] = json.encoder.encode_basestring
"""How ``json`` writes a text without ``ensure_ascii``: quoted and escaped (in C)."""

_QUOTED_CODE_OF_INDEX: Final[tuple[str, ...]] = tuple(_quote(card.code) for card in _CARDS)
"""Each distinct card's code in quotes, at its ``index``."""

# ``None`` and the flags are written by a look-up in C, not a call of a Python function.
_write_none: Final[Callable[[Any], str]] = {None: "null"}.__getitem__
_write_bool: Final[Callable[[Any], str]] = {True: "true", False: "false"}.__getitem__


class _IntTexts(dict[int, str]):
    """The texts of the whole numbers from -1,000 to 1,000, looked up (in C) rather than
    worked out each time; any other number is worked out (and not kept)."""

    def __missing__(self, number: int) -> str:
        return repr(number)


_write_int: Final[Callable[[Any], str]] = _IntTexts(
    {number: repr(number) for number in range(-1000, 1001)}
).__getitem__
"""The text of exactly an ``int`` (a ``bool`` would find the text of 0 or 1: never given one)."""


def _write_card(card: Card) -> str:
    return _QUOTED_CODE_OF_INDEX[card.index]


def _write_items(items: tuple[Any, ...] | list[Any]) -> str:
    """A tuple or list whose items are written by their own types' writers."""
    return "[" + ",".join([write(item) for item in items]) + "]"


def _write_decimal(amount: Decimal) -> str:
    return _quote(str(amount))


def _write_fraction(value: Fraction) -> str:
    return _quote(f"{value.numerator}/{value.denominator}")


_BASIC_WRITERS: Final[dict[type[Any], Callable[[Any], str]]] = {
    type(None): _write_none, bool: _write_bool, int: _write_int, str: _quote,
    Card: _write_card, tuple: _write_items, list: _write_items,
    Decimal: _write_decimal, Fraction: _write_fraction,
}
"""The writers of values of exactly these types, looked up without a call (never changed)."""


@functools.lru_cache(maxsize=CACHE_SIZE)
def _writer(cls: type[Any]) -> Callable[[Any], str]:
    """How a value of exactly the class ``cls`` is written."""
    if issubclass(cls, enum.Enum):  # before int: an IntEnum member is an int
        return _member_writer(cls)
    for basic in (bool, int, str, tuple, list, Decimal, Fraction, Card):  # their subclasses
        if issubclass(cls, basic):
            return int.__repr__ if basic is int else _BASIC_WRITERS[basic]
    if issubclass(cls, frozenset):
        return _write_frozenset
    if attrs.has(cls):
        return _writers_from(cls)[cls]
    return _refuse_to_write


def _member_writer(cls: type[enum.Enum]) -> Callable[[Any], str]:
    """The writer of the members of ``cls``: a look-up of each member's quoted name."""
    return {member: _quote(member._name_) for member in cls}.__getitem__


def _write_frozenset(items: frozenset[Any]) -> str:
    # In the order of each item's ``json.dumps`` text (with its default spacing).
    texts = sorted((write(item) for item in items), key=lambda text: json.dumps(json.loads(text)))
    return "[" + ",".join(texts) + "]"


def _refuse_to_write(value: Any) -> str:
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


@functools.lru_cache(maxsize=CACHE_SIZE)
def _writers_from(cls: type[Any]) -> dict[type[Any], Callable[[Any], str]]:
    """The writers of values of exactly each type the attrs class ``cls`` may hold: the
    basic types, and each enum and attrs class its fields' annotations name, all the way
    down. Its writers look the types of the values they hold up in this same table, so
    writing a state is one dictionary look-up per value (any other type, one the
    annotations do not name, is written by :func:`write`). The text still depends only
    on the value: a value is written by the writer of its own type, never by what the
    annotation says it should be."""
    table = dict(_BASIC_WRITERS)
    lookup = table.get
    codes = _QUOTED_CODE_OF_INDEX

    def write_items(items: tuple[Any, ...] | list[Any]) -> str:
        # Most items are cards (hands, piles, melds): those without a call each.
        return "[" + ",".join([
            codes[i.index] if type(i) is Card else (lookup(type(i)) or _other_write)(i)
            for i in items
        ]) + "]"

    table[tuple] = table[list] = write_items
    for named in _classes_named_by(cls):
        if issubclass(named, enum.Enum):
            table[named] = _member_writer(named)
        else:
            table[named] = _attrs_writer(named, lookup)
    return table


def _classes_named_by(cls: type[Any]) -> list[type[Any]]:
    """``cls`` and the enum and attrs classes its fields' annotations name, all the way down."""
    found: list[type[Any]] = []
    hints: list[Any] = [cls]
    while hints:
        hint = hints.pop()
        if isinstance(hint, type) and hint not in found and hint is not Card and (
            issubclass(hint, enum.Enum) or attrs.has(hint)
        ):
            found.append(hint)
            if attrs.has(hint):
                field_hints = typing.get_type_hints(hint)
                hints += [field_hints[field.name] for field in _init_fields(hint)]
        elif typing.get_origin(hint) is not Literal:
            hints += [arg for arg in typing.get_args(hint) if arg is not Ellipsis]
    return found


def _attrs_writer(
    cls: type[Any], lookup: Callable[[type[Any]], Callable[[Any], str] | None]
) -> Callable[[Any], str]:
    """The writer of an attrs class: ``{"type":name,field:value,...}``, its ``__init__``
    fields in order: a ``%`` template with each key written once, the values' texts put in,
    each value written by the writer ``lookup`` gives for its type (or by :func:`write`)."""
    keys = tuple(field.name for field in _init_fields(cls))
    opening = '{"type":' + _quote(cls.__name__)
    if not keys:
        return lambda value: opening + "}"
    template = opening.replace("%", "%%") + "".join(  # (a key holding "%" stays itself)
        "," + _quote(key).replace("%", "%%") + ":%s" for key in keys) + "}"
    if len(keys) == 1:  # (attrgetter of one name gives the value, not a tuple)
        value_of = operator.attrgetter(keys[0])

        def write_one(value: Any) -> str:
            item = value_of(value)
            return template % ((lookup(type(item)) or _other_write)(item),)

        return write_one
    values_of = operator.attrgetter(*keys)

    def write_attrs(value: Any) -> str:
        return template % tuple([(lookup(type(item)) or _other_write)(item)
                                 for item in values_of(value)])

    return write_attrs


def _init_fields(cls: type[Any]) -> tuple[attrs.Attribute[Any], ...]:
    return tuple(field for field in attrs.fields(cls) if field.init)


# ---------------------------------------------------------------------------
# Reading
#
# A reader is a function ``(value, where) -> result`` for one annotation.
# ``where`` says where the value sits, for error messages: a text, or a pair
# ``(parent where, key or index)`` only turned into text when an error is raised.

_Where = Any  # str, or (parent _Where, int index or str key)
_Reader = Callable[[Any, _Where], Any]


def decode(hint: Any, value: Any, where: str) -> Any:
    """Read a value of the annotation ``hint`` from its JSON form, or raise ``ValueError``.

    ``where`` names the value in error messages.

    >>> decode(int | None, None, "seat") is None
    True
    >>> decode(int, True, "seat")
    Traceback (most recent call last):
    ...
    ValueError: seat: expected a whole number
    """
    return _reader(hint)(value, where)


def _path(where: _Where) -> str:
    """The text of a ``where`` chain: ``data.hands[1][3]``."""
    keys: list[str] = []
    while isinstance(where, tuple):
        where, key = where
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return str(where) + "".join(reversed(keys))


@functools.lru_cache(maxsize=CACHE_SIZE)
def _reader(hint: Any) -> _Reader:
    """The reader of the annotation ``hint`` (worked out once per annotation)."""
    origin = typing.get_origin(hint)
    if hint is None or hint is type(None):
        return _read_none
    if _is_union(hint):
        return _union_reader(typing.get_args(hint))
    if origin is Literal:
        return _literal_reader(typing.get_args(hint))
    if origin is tuple:
        return _tuple_reader(typing.get_args(hint))
    if origin is frozenset:
        return _frozenset_reader(_reader(typing.get_args(hint)[0]))
    simple = _SIMPLE_READERS.get(hint)
    if simple is not None:
        return simple
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_reader(hint)
    if isinstance(hint, type) and attrs.has(hint):
        return _attrs_reader(hint)

    def cannot(value: Any, where: _Where) -> Any:
        raise TypeError(f"{_path(where)}: the codec cannot read {hint!r}")

    return cannot


def _read_none(value: Any, where: _Where) -> None:
    if value is not None:
        raise ValueError(f"{_path(where)}: expected null")


def _read_bool(value: Any, where: _Where) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{_path(where)}: expected true or false")
    return value


def _read_int(value: Any, where: _Where) -> int:
    if type(value) is not int:  # (not True, not 2.0: both equal a whole number)
        raise ValueError(f"{_path(where)}: expected a whole number")
    return value


def _read_str(value: Any, where: _Where) -> str:
    if type(value) is not str:
        raise ValueError(f"{_path(where)}: expected text")
    return value


def _read_card(value: Any, where: _Where) -> Card:
    if type(value) is not str:
        raise ValueError(f"{_path(where)}: expected a card")
    card = CARD_OF_CODE.get(value)
    if card is None:
        raise ValueError(f"{_path(where)}: {value!r} is not a card code "
                         "(codes are written like '2C', '10D', 'AS', 'JK')")
    return card


def _read_decimal(value: Any, where: _Where) -> Decimal:
    if type(value) is not str or len(value) > 60:
        raise ValueError(f"{_path(where)}: expected an amount written as text")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"{_path(where)}: {value!r} is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"{_path(where)}: {value!r} is not a finite amount")
    return amount


def _read_fraction(value: Any, where: _Where) -> Fraction:
    if type(value) is not str or len(value) > 60:
        raise ValueError(f"{_path(where)}: expected a fraction written as text")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{_path(where)}: {value!r} is not a fraction") from None


_MISSING: Final = object()
"""What a look-up gives when nothing is found (``None`` may be found)."""

_SIMPLE_READERS: Final[dict[Any, _Reader]] = {
    bool: _read_bool, int: _read_int, str: _read_str, Card: _read_card,
    Decimal: _read_decimal, Fraction: _read_fraction,
}


def _enum_reader(cls: type[enum.Enum]) -> _Reader:
    members = dict(cls.__members__)

    def read_enum(value: Any, where: _Where) -> Any:
        member = members.get(value) if type(value) is str else None
        if member is None:
            raise ValueError(f"{_path(where)}: {value!r} is not a {cls.__name__}")
        return member

    return read_enum


def _literal_reader(options: tuple[Any, ...]) -> _Reader:
    # Keyed by type and value: True is not 1 here.
    # The first option wins when two are equal keys (mypyc cannot compile a
    # comprehension over ``reversed`` of an Any tuple, so this is a loop).
    by_key: dict[tuple[type, Any], Any] = {}
    for option in options:
        by_key.setdefault((type(option), option), option)
    hashable = (str, int, bool, type(None))  # (what a JSON leaf can be, floats aside)

    def read_literal(value: Any, where: _Where) -> Any:
        if isinstance(value, hashable):
            found = by_key.get((type(value), value), _MISSING)
            if found is not _MISSING:
                return found
        raise ValueError(f"{_path(where)}: {value!r} is not one of {options}")

    return read_literal


def _union_reader(options: tuple[Any, ...]) -> _Reader:
    """The reader of ``A | B | ...``: ``null`` if ``None`` is an option, an object by its
    ``"type"`` if it names an attrs option, anything else by the first other option
    that accepts it."""
    nullable = type(None) in options
    by_name = {option.__name__: _reader(option) for option in options
               if isinstance(option, type) and attrs.has(option) and option is not Card}
    names = list(by_name)
    others = [_reader(option) for option in options if option is not type(None)]
    if nullable and len(others) == 1 and not by_name:
        return _optional_reader(others[0])

    def read_union(value: Any, where: _Where) -> Any:
        if value is None:
            if nullable:
                return None
            raise ValueError(f"{_path(where)}: null is not allowed here")
        if type(value) is dict and "type" in value:
            kind = value["type"]
            read = by_name.get(kind) if type(kind) is str else None
            if read is None:
                raise ValueError(f"{_path(where)}: type {kind!r} is not one of {names}")
            return read(value, where)
        errors = []
        for read in others:
            try:
                return read(value, where)
            except ValueError as exc:
                errors.append(str(exc))
        if len(errors) == 1:
            raise ValueError(errors[0])
        raise ValueError(f"{_path(where)}: {value!r} fits no allowed type")

    return read_union


def _optional_reader(read: _Reader) -> _Reader:
    """The reader of ``X | None`` for ``X`` not an attrs class."""

    def read_optional(value: Any, where: _Where) -> Any:
        return None if value is None else read(value, where)

    return read_optional


def _expect_list(value: Any, where: _Where) -> list[Any]:
    if type(value) is not list:
        raise ValueError(f"{_path(where)}: expected a list")
    return value


def _tuple_reader(args: tuple[Any, ...]) -> _Reader:
    if len(args) == 2 and args[1] is Ellipsis:
        return _items_reader(args[0])
    if not args or args == ((),):
        return _read_empty
    items = [_reader(arg) for arg in args]

    def read_fixed(value: Any, where: _Where) -> tuple[Any, ...]:
        if len(_expect_list(value, where)) != len(items):
            raise ValueError(f"{_path(where)}: expected {len(items)} items, found {len(value)}")
        return tuple([read(v, (where, i)) for i, (read, v) in enumerate(zip(items, value))])

    return read_fixed


def _read_empty(value: Any, where: _Where) -> tuple[()]:
    if _expect_list(value, where):
        raise ValueError(f"{_path(where)}: expected an empty list")
    return ()


def _items_reader(item_hint: Any) -> _Reader:
    """The reader of ``tuple[item_hint, ...]``. Cards and whole numbers, the items of
    hands, piles and scores, are read by one look-up or type test each; a refused item
    is then named by reading the items one by one."""
    read_item = _reader(item_hint)

    def read_each(value: Any, where: _Where) -> tuple[Any, ...]:
        return tuple([read_item(v, (where, i)) for i, v in enumerate(_expect_list(value, where))])

    if item_hint is Card:

        def read_cards(value: Any, where: _Where) -> tuple[Card, ...]:
            if type(value) is list:
                try:  # each code looked up in C, without a Python loop
                    return tuple(map(_card_of_code, value))
                except (KeyError, TypeError):  # not a code, or not even text: which one?
                    pass
            return read_each(value, where)

        return read_cards
    if item_hint is int:

        def read_ints(value: Any, where: _Where) -> tuple[int, ...]:
            if type(value) is list and _INT_ONLY.issuperset(map(type, value)):
                return tuple(value)
            return read_each(value, where)

        return read_ints
    return read_each


_INT_ONLY: Final = frozenset({int})
_card_of_code: Final = CARD_OF_CODE.__getitem__


def _frozenset_reader(read_item: _Reader) -> _Reader:
    def read_frozenset(value: Any, where: _Where) -> frozenset[Any]:
        return frozenset(read_item(v, (where, i)) for i, v in enumerate(_expect_list(value, where)))

    return read_frozenset


class _ClassPlan(NamedTuple):
    """How an attrs class is read: worked out once from the class."""

    keys: frozenset[str]
    """The keys its JSON object may have: ``"type"`` and its ``__init__`` fields."""
    field_keys: tuple[str, ...]
    """Its fields' keys, in order (the order of ``__init__``'s parameters)."""
    fields: tuple[tuple[str, frozenset[type[Any]], _Reader], ...]
    """For each field: its key, the types of the JSON values that are already values of
    the field (``int`` and ``None`` for a field of ``int | None``, :func:`_as_they_are`),
    and its reader for any other."""
    keywords: tuple[str, ...]
    """Each field's keyword for ``__init__`` (its attrs ``alias``)."""
    positional: bool
    """Whether all fields can be passed to ``__init__`` by position."""
    required: frozenset[str]
    """The keys of the fields without a default."""
    renamed: tuple[tuple[str, str], ...]
    """The class's ``RENAMED_FIELDS``: (old key, new field name)."""
    raw_values: Callable[[dict[str, Any]], tuple[Any, ...]]
    """The values of its fields' keys in a JSON object that has them all, in order."""
    all_values: Callable[[Any], tuple[Any, ...]]
    """The values of all its attrs fields (derived ones too), in order."""
    remembered: bool
    """Whether its values are remembered by their JSON values (:func:`_remembered`):
    whether every field holds only leaves (:func:`_holds_leaves`) and it is not plain."""
    plain: tuple[frozenset[type[Any]], ...] | None
    """For a plain class (every field read as it is, :func:`_as_they_are`, passed by
    position, and no validator, converter or ``__attrs_post_init__`` to run), each
    field's types read as they are: such an object is made straight from the JSON
    values, which costs less than looking it up; ``None`` for any other class."""


def _as_they_are(hint: Any) -> frozenset[type[Any]]:
    """The types of the JSON values that are read as themselves for ``hint``."""
    options = typing.get_args(hint) if _is_union(hint) else (hint,)
    if all(option in (int, str, bool, type(None)) for option in options):
        return frozenset(options)
    return frozenset()


def _is_union(hint: Any) -> bool:
    origin = typing.get_origin(hint)
    return origin is typing.Union or origin is types.UnionType


@functools.lru_cache(maxsize=CACHE_SIZE)
def _class_plan(cls: type[Any]) -> _ClassPlan:
    hints = typing.get_type_hints(cls)
    fields = _init_fields(cls)
    names = {field.name for field in fields}
    renamed = tuple(getattr(cls, "RENAMED_FIELDS", {}).items())
    as_they_are = tuple(_as_they_are(hints[field.name]) for field in fields)
    plain = all(as_they_are) and not any(
        field.kw_only or field.validator or field.converter for field in fields
    ) and not hasattr(cls, "__attrs_post_init__")
    for old, new in renamed:
        if new not in names or old in names or old == "type":
            raise TypeError(f"{cls.__name__}.RENAMED_FIELDS: {old!r} -> {new!r} must rename "
                            "a key that is no field to one of its fields")
    return _ClassPlan(
        keys=frozenset(names | {"type"}),
        field_keys=tuple(field.name for field in fields),
        fields=tuple(
            (field.name, types, _reader(hints[field.name]))
            for field, types in zip(fields, as_they_are)
        ),
        keywords=tuple(field.alias or field.name for field in fields),
        positional=not any(field.kw_only for field in fields),
        required=frozenset(field.name for field in fields if field.default is attrs.NOTHING),
        renamed=renamed,
        raw_values=_values_getter(tuple(field.name for field in fields)),
        all_values=_fields_getter(tuple(field.name for field in attrs.fields(cls))),
        remembered=not plain and all(_holds_leaves(hints[field.name]) for field in fields),
        plain=as_they_are if plain else None,
    )


def _values_getter(keys: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    if len(keys) <= 1:  # (itemgetter of one key gives the value, not a tuple)
        return lambda value: tuple([value[key] for key in keys])
    getter: Callable[[dict[str, Any]], tuple[Any, ...]] = operator.itemgetter(*keys)
    return getter


def _fields_getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) <= 1:  # (attrgetter of one name gives the value, not a tuple)
        return lambda value: tuple([getattr(value, name) for name in names])
    getter: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    return getter


def _holds_leaves(hint: Any) -> bool:
    """Whether a value of ``hint`` is a leaf (a number, text, flag, ``None``, card, enum
    member, amount) or a tuple of leaves: written as a JSON scalar or a list of scalars."""
    if hint in _LEAF_HINTS or typing.get_origin(hint) is Literal or (
        isinstance(hint, type) and issubclass(hint, enum.Enum)
    ):
        return True
    if _is_union(hint):
        return all(_holds_leaves(option) for option in typing.get_args(hint))
    if typing.get_origin(hint) is tuple:
        args = [arg for arg in typing.get_args(hint) if arg is not Ellipsis]
        return all(typing.get_origin(arg) is not tuple and _holds_leaves(arg) for arg in args)
    return False


_LEAF_HINTS: Final = frozenset({int, str, bool, None, type(None), Card, Decimal, Fraction})


def _attrs_reader(cls: Any) -> _Reader:
    name = cls.__name__

    def read_attrs(value: Any, where: _Where) -> Any:
        # The plan is looked up at each call, not now: a class may hold itself.
        plan = _class_plan(cls)
        if type(value) is not dict:
            raise ValueError(f"{_path(where)}: expected a {name} object")
        if value.get("type") != name:
            raise ValueError(f"{_path(where)}: expected type {name!r}, found {value.get('type')!r}")
        if len(value) != len(plan.keys) or not plan.keys.issuperset(value):
            return _read_some_fields(cls, value, plan, where)
        raw_values = plan.raw_values(value)
        if plan.plain is not None and all(
            map(frozenset.__contains__, plan.plain, map(type, raw_values))
        ):  # every value is already the field's value (types tested in C)
            return cls(*raw_values)
        if plan.remembered:
            key = _exact_key(raw_values)
            if key is not None:
                try:
                    remembered, made_of = _remembered(cls, key, _Values(raw_values))
                except (ValueError, TypeError):
                    pass  # refused: read again below, for the refusal's place in the document
                else:
                    # Given out only while it still holds what it was made of (each field
                    # the very same object): one changed in place (misuse) is never given.
                    if all(map(operator.is_, plan.all_values(remembered), made_of)):
                        return remembered
        return _read_fields(cls, plan, raw_values, where)

    return read_attrs


def _read_fields(cls: Any, plan: _ClassPlan, raw_values: tuple[Any, ...], where: _Where) -> Any:
    """An object of ``cls`` from the JSON values of its fields, in order."""
    values = [
        raw if type(raw) in as_they_are else read(raw, (where, key))
        for (key, as_they_are, read), raw in zip(plan.fields, raw_values)
    ]
    try:
        if plan.positional:
            return cls(*values)
        return cls(**dict(zip(plan.keywords, values)))
    except (ValueError, TypeError) as exc:  # the class's own checks
        raise ValueError(f"{_path(where)}: {exc}") from None


REMEMBERED_OBJECTS: Final = 2048
"""How many objects of classes of leaves (configs, melds, events, ...) :func:`decode`
keeps by their exact JSON values: a bounded cache of a pure function of those values.

>>> from cardrules.rummy500 import Config
>>> data = json.loads(write(Config(num_players=3)))
>>> decode(Config, data, "config") is decode(Config, json.loads(write(Config(num_players=3))), "c")
True
"""


@functools.lru_cache(maxsize=REMEMBERED_OBJECTS)
def _remembered(cls: Any, key: str, values: _Values) -> tuple[Any, tuple[Any, ...]]:
    """The object of ``cls`` whose fields' exact JSON values :func:`_exact_key` gave ``key``,
    and the values of all its fields then (:attr:`_ClassPlan.all_values`).

    Loading a game's states meets the same config, melds and events again and again,
    and making one (its class's checks) costs more than looking it up. Equal keys are
    equal JSON (the types are in the key: ``true`` is not ``1`` here), so this is a pure
    function of ``cls`` and ``key``, and the object it gives is frozen. ``values`` are
    the JSON values ``key`` was made of (``ast.literal_eval(key)`` gives them back, at
    about 20 times the cost of reading the object): they take no part in the cache's key
    (:class:`_Values`). A refusal is not kept: the caller reads the values again to say
    where in the document it is.
    """
    plan = _class_plan(cls)
    made = _read_fields(cls, plan, values.values, "")
    return made, plan.all_values(made)


class _Values:
    """The JSON values an exact key (:func:`_exact_key`) was made of, handed to
    :func:`_remembered` beside the key so that a miss reads them without parsing the key
    back. Every ``_Values`` is equal to every other and hashes alike: the cache is keyed by
    the class and the key alone, which say what the values are."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Values)

    def __hash__(self) -> int:
        return 0


def _exact_key(raw_values: tuple[Any, ...]) -> str | None:
    """The JSON values of an object's fields as a key that tells ``true`` from ``1`` and
    ``1.0``: their ``repr``, made in C. The ``repr`` of JSON values (text, numbers, flags,
    ``None``, lists and objects of them) names each value's type and is read back by
    ``ast.literal_eval``, so equal keys are equal values of equal types; ``None`` for a
    value whose ``repr`` cannot be made (a number too long for text)."""
    try:
        return repr(raw_values)
    except ValueError:
        return None


def _read_some_fields(cls: Any, value: dict[str, Any], plan: _ClassPlan, where: _Where) -> Any:
    """Read an object whose keys are not exactly its class's: fields left at their
    defaults, old keys of renamed fields (:func:`_with_new_names`); or refuse an
    unknown or missing key."""
    name = cls.__name__
    if plan.renamed:
        value = _with_new_names(value, plan.renamed, name, where)
    if not plan.keys.issuperset(value):
        unknown = sorted(set(value) - plan.keys)
        raise ValueError(f"{_path(where)}: unknown keys {unknown} for {name}")
    missing = [key for key in plan.field_keys if key in plan.required and key not in value]
    if missing:
        raise ValueError(f"{_path(where)}: missing key {missing[0]!r} for {name}")
    kwargs = {
        keyword: read(value[key], (where, key))
        for keyword, (key, _as_they_are, read) in zip(plan.keywords, plan.fields) if key in value
    }
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{_path(where)}: {exc}") from None


def _with_new_names(value: dict[str, Any], renamed: tuple[tuple[str, str], ...], name: str,
                    where: _Where) -> dict[str, Any]:
    """``value`` with the old keys of renamed fields under their new names (warning once
    for each), or ``ValueError`` if it holds both names of a field."""
    value = dict(value)
    for old, new in renamed:
        if old not in value:
            continue
        if new in value:
            raise ValueError(f"{_path(where)}: {name} has both {old!r} and {new!r}, "
                             f"the old and the new name of one field")
        warnings.warn(f"{_path(where)}: the {name} key {old!r} is deprecated; it is now {new!r}",
                      DeprecationWarning, stacklevel=2)
        value[new] = value.pop(old)
    return value
