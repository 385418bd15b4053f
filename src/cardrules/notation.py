"""Position notation: a whole state (or view) as a short line of text, and back.

Like FEN in chess, a notation is text a person can read, type and paste into a
test or a puzzle. It is a game name followed by fields separated by ``;``, each
field a key and its value::

    rummy500; seed 7; shuffles 2; dealer 1; turn 0; phase draw; scores 0 0;
    hands 2♣ 5♦ … / 3♠ …; stock …; discard 9♣

Cards are written ``A♠ 10♦ JK`` and read in any form
:func:`~cardrules.cards.parse_card` accepts (``AS``, ``10d``, ``TD``); a field
whose value is the usual one (an empty history, the default config …) is left
out. :func:`cardrules.notation` writes, :func:`cardrules.from_notation` reads
and validates exactly as :func:`~cardrules.from_json` does (the game's ``validate_state`` /
``validate_view``), raising ``ValueError`` naming the bad field. The grammar of
each game is in ``docs/notation.rst``; each game's field table is in
``cardrules.<game>.notation``.

>>> import cardrules
>>> state = cardrules.new_game("casino", seed=3)
>>> text = cardrules.notation(state)
>>> text.split(";")[0]
'casino'
>>> cardrules.from_notation(text) == state
True
>>> eval(repr(state)) == state
True

Values, by type (the same rules serve every field):

- whole numbers ``12`` ``-3``; amounts ``2.50``; ``yes`` / ``no``; ``-`` for nothing (None);
- words (phases, options) as they are, other text in double quotes;
- a card ``A♠``, a suit ``♠``, a rank ``Q``;
- a list at the top of a field: its items separated by spaces (``()`` when empty);
  a list inside a value: ``(a b c)``; per-seat lists: the seats separated by ``/``;
- a record inside a value (a round's result, a cut): ``(field field …)`` in the
  class's field order; an action or other choice of record types: ``Name(field …)``;
- the config: ``option=value`` for every option that differs from its default.

Input longer than :data:`MAX_NOTATION_CHARS` characters is refused before it is read.
"""

from __future__ import annotations

import enum
import importlib
import re
import types
import typing
import warnings
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Final, Literal

import attrs

from cardrules import engine, events
from cardrules.cards import RANKS, SUITS, Card, Rank, Suit, parse_card, sort_cards
from cardrules.rummy.melds import RunMeld, SetMeld, card_at

__all__ = [
    "HAND_CARDS",
    "MAX_NOTATION_CHARS",
    "Field",
    "GameNotation",
    "from_notation",
    "notation",
    "notation_repr",
]

MAX_NOTATION_CHARS: Final = 1_000_000
"""Longer notation is refused before it is read (a whole long game's history fits easily)."""

_SPECIAL: Final = "()[]/;=:|+"
_TOKEN_RE: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[()\[\]/;=:|+]|[^\s()\[\]/;=:|+"]+|"')
_WORD_RE: Final = re.compile(r"[A-Za-z0-9_.]+\Z")
_INT_RE: Final = re.compile(r"-?[0-9]{1,40}\Z")
_DECIMAL_RE: Final = re.compile(r"-?[0-9]{1,30}(\.[0-9]{1,30})?\Z")


def _fail(where: str, message: str) -> typing.NoReturn:
    raise ValueError(f"bad notation: {where}: {message}")


class Reader:
    """The tokens of one field's value, read left to right."""

    def __init__(self, tokens: Sequence[str], where: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.where = where

    def fail(self, message: str) -> typing.NoReturn:
        _fail(self.where, message)

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        if self.pos >= len(self.tokens):
            self.fail("the value ends too soon")
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def expect(self, token: str) -> None:
        found = self.take()
        if found != token:
            self.fail(f"expected {token!r}, found {found!r}")

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)


def tokenize(text: str) -> list[str]:
    """Split notation into tokens: words, quoted text and the marks ``()[]/;=:|+``."""
    tokens = _TOKEN_RE.findall(text)
    for token in tokens:
        if token == '"' or (token.startswith('"') and (len(token) < 2 or not token.endswith('"'))):
            _fail("text", "unclosed quote")
    return tokens


# ---------------------------------------------------------------------------
# Codecs: one (write, read) pair per type. ``write(value, ctx)`` gives text;
# ``read(reader, ctx)`` takes that text's tokens back. ``ctx`` holds what was
# already read of the object (its config), for codecs whose values depend on it.


@attrs.frozen
class Codec:
    """How one kind of value is written and read."""

    write: Callable[[Any, Mapping[str, Any]], str]
    read: Callable[[Reader, Mapping[str, Any]], Any]


_CODECS: dict[Any, Codec] = {}


def codec_for(hint: Any) -> Codec:
    """The codec of a type hint (cached); see the module docstring for the forms."""
    try:
        return _CODECS[hint]
    except KeyError:
        pass
    except TypeError:
        return _compile(hint)
    _CODECS[hint] = Codec(
        lambda value, ctx: _CODECS[hint].write(value, ctx),
        lambda reader, ctx: _CODECS[hint].read(reader, ctx),
    )
    codec = _compile(hint)
    _CODECS[hint] = codec
    return codec


def _write_word(value: str) -> str:
    if _WORD_RE.match(value) and value not in ("yes", "no"):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _read_text(reader: Reader, _ctx: Mapping[str, Any]) -> str:
    token = reader.take()
    if token.startswith('"'):
        return re.sub(r"\\(.)", r"\1", token[1:-1])
    if not _WORD_RE.match(token):
        reader.fail(f"expected a word, found {token!r}")
    return token


def _read_int(reader: Reader, _ctx: Mapping[str, Any]) -> int:
    token = reader.take()
    if not _INT_RE.match(token):
        reader.fail(f"expected a whole number, found {token!r}")
    return int(token)


def _read_bool(reader: Reader, _ctx: Mapping[str, Any]) -> bool:
    token = reader.take()
    if token not in ("yes", "no"):
        reader.fail(f"expected yes or no, found {token!r}")
    return token == "yes"


def read_card(reader: Reader, _ctx: Mapping[str, Any] | None = None) -> Card:
    """One card token (any spelling :func:`~cardrules.cards.parse_card` reads)."""
    token = reader.take()
    try:
        return parse_card(token)
    except ValueError:
        reader.fail(f"{token!r} is not a card")


def _read_decimal(reader: Reader, _ctx: Mapping[str, Any]) -> Decimal:
    token = reader.take()
    if not _DECIMAL_RE.match(token):
        reader.fail(f"expected an amount, found {token!r}")
    try:
        return Decimal(token)
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        reader.fail(f"{token!r} is not an amount")


_SUIT_BY_TEXT: Final = {s.symbol: s for s in SUITS} | {s.letter: s for s in SUITS}
_RANK_BY_TEXT: Final = {r.label: r for r in RANKS} | {"T": Rank.TEN, "JK": Rank.JOKER}


def _read_suit(reader: Reader, _ctx: Mapping[str, Any]) -> Suit:
    token = reader.take()
    if token.upper() not in _SUIT_BY_TEXT:
        reader.fail(f"{token!r} is not a suit")
    return _SUIT_BY_TEXT[token.upper()]


def _read_rank(reader: Reader, _ctx: Mapping[str, Any]) -> Rank:
    token = reader.take()
    if token.upper() not in _RANK_BY_TEXT:
        reader.fail(f"{token!r} is not a rank")
    return _RANK_BY_TEXT[token.upper()]


def _enum_codec(cls: type[enum.Enum]) -> Codec:
    if cls is Suit:
        return Codec(lambda v, ctx: v.symbol, _read_suit)
    if cls is Rank:
        return Codec(lambda v, ctx: v.label, _read_rank)

    def word(member: enum.Enum) -> str:
        return member.value if isinstance(member.value, str) else member.name.lower()

    by_word = {word(member): member for member in cls}

    def read(reader: Reader, ctx: Mapping[str, Any]) -> Any:
        token = reader.take()
        if token not in by_word:
            reader.fail(f"{token!r} is not one of {', '.join(by_word)}")
        return by_word[token]

    return Codec(lambda v, ctx: word(v), read)


def _compile(hint: Any) -> Codec:
    origin = typing.get_origin(hint)
    if hint is None or hint is type(None):

        def read_none(reader: Reader, ctx: Mapping[str, Any]) -> None:
            if reader.take() != "-":
                reader.fail("expected -")

        return Codec(lambda v, ctx: "-", read_none)
    if origin is typing.Union or origin is types.UnionType:
        return _union_codec(typing.get_args(hint))
    if origin is Literal:
        options = typing.get_args(hint)
        by_text = {str(option): option for option in options}

        def read_literal(reader: Reader, ctx: Mapping[str, Any]) -> Any:
            token = reader.take()
            if token not in by_text:
                reader.fail(f"{token!r} is not one of {', '.join(by_text)}")
            return by_text[token]

        return Codec(lambda v, ctx: str(v), read_literal)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _list_codec(codec_for(args[0]), bare=False)
        return _fixed_codec([codec_for(arg) for arg in args])
    if origin is frozenset:
        (item_hint,) = typing.get_args(hint)
        inner = _list_codec(codec_for(item_hint), bare=False)
        return Codec(
            lambda v, ctx: inner.write(sorted(v, key=lambda x: inner.write((x,), ctx)), ctx),
            lambda reader, ctx: frozenset(inner.read(reader, ctx)),
        )
    if hint is bool:
        return Codec(lambda v, ctx: "yes" if v else "no", _read_bool)
    if hint is int:
        return Codec(lambda v, ctx: str(v), _read_int)
    if hint is str:
        return Codec(lambda v, ctx: _write_word(v), _read_text)
    if hint is Card:
        return Codec(lambda v, ctx: str(v), read_card)
    if hint is Decimal:
        return Codec(lambda v, ctx: str(v), _read_decimal)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_codec(hint)
    if isinstance(hint, type) and attrs.has(hint):
        return _record_codec(hint, named=False)
    raise TypeError(f"the notation cannot write {hint!r}")


def _list_codec(item: Codec, *, bare: bool) -> Codec:
    def write(value: Sequence[Any], ctx: Mapping[str, Any]) -> str:
        body = " ".join(item.write(v, ctx) for v in value)
        if bare:
            return body or "()"
        return f"({body})"

    def read(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Any, ...]:
        if bare:
            if reader.peek() == "(" and reader.pos + 1 < len(reader.tokens) and (
                reader.tokens[reader.pos + 1] == ")"
            ):
                reader.pos += 2
                return ()
            out = []
            while not reader.at_end():
                out.append(item.read(reader, ctx))
            return tuple(out)
        reader.expect("(")
        out = []
        while reader.peek() != ")":
            if reader.at_end():
                reader.fail("a list is not closed with ')'")
            out.append(item.read(reader, ctx))
        reader.take()
        return tuple(out)

    return Codec(write, read)


def _fixed_codec(items: Sequence[Codec]) -> Codec:
    def write(value: Sequence[Any], ctx: Mapping[str, Any]) -> str:
        return "(" + " ".join(codec.write(v, ctx) for codec, v in zip(items, value)) + ")"

    def read(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Any, ...]:
        reader.expect("(")
        out = tuple(codec.read(reader, ctx) for codec in items)
        reader.expect(")")
        return out

    return Codec(write, read)


def _init_fields(cls: type[Any]) -> list[attrs.Attribute[Any]]:
    return [field for field in attrs.fields(cls) if field.init]


def _build(cls: type[Any], values: Mapping[str, Any], where: str) -> Any:
    kwargs = {}
    for field in _init_fields(cls):
        if field.name in values:
            kwargs[field.alias or field.name] = values[field.name]
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        _fail(where, f"not a valid {cls.__name__}: {exc}")


def _record_codec(cls: type[Any], *, named: bool) -> Codec:
    names = [field.name for field in _init_fields(cls)]
    hints = typing.get_type_hints(cls)
    codecs = [codec_for(hints[name]) for name in names]
    prefix = cls.__name__ if named else ""
    # Trailing fields at their defaults are left out, so that a field added later
    # (with a default) leaves the text of older values as it was.
    tail: list[Any] = []
    for field in reversed(_init_fields(cls)):
        if field.default is attrs.NOTHING or isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            break
        tail.append(field.default)
    tail.reverse()
    first_optional = len(names) - len(tail)

    def write(value: Any, ctx: Mapping[str, Any]) -> str:
        items = [getattr(value, name) for name in names]
        keep = len(items)
        while keep > first_optional and items[keep - 1] == tail[keep - 1 - first_optional]:
            keep -= 1
        parts = [codec.write(item, ctx) for codec, item in zip(codecs, items[:keep])]
        return prefix + "(" + " ".join(parts) + ")"

    def read(reader: Reader, ctx: Mapping[str, Any]) -> Any:
        if named:
            reader.expect(prefix)
        reader.expect("(")
        values = {}
        for number, (name, codec) in enumerate(zip(names, codecs)):
            if reader.peek() == ")" and number >= first_optional:
                break
            values[name] = codec.read(reader, ctx)
        reader.expect(")")
        return _build(cls, values, reader.where)

    return Codec(write, read)


def _union_codec(options: tuple[Any, ...]) -> Codec:
    nullable = type(None) in options
    others = [option for option in options if option is not type(None)]
    records = {
        option.__name__: _record_codec(option, named=True)
        for option in others
        if isinstance(option, type) and attrs.has(option) and option is not Card
    }
    plain = [(option, codec_for(option)) for option in others if option.__name__ not in records]

    def write(value: Any, ctx: Mapping[str, Any]) -> str:
        if value is None:
            return "-"
        if type(value).__name__ in records and attrs.has(type(value)):
            return records[type(value).__name__].write(value, ctx)
        for option, codec in plain:
            if _fits(value, option):
                return codec.write(value, ctx)
        raise TypeError(f"the notation cannot write {value!r} here")

    def read(reader: Reader, ctx: Mapping[str, Any]) -> Any:
        token = reader.peek()
        if token == "-" and nullable:
            reader.take()
            return None
        if token in records:
            return records[token].read(reader, ctx)
        start = reader.pos
        for _option, codec in plain:
            try:
                return codec.read(reader, ctx)
            except ValueError:
                reader.pos = start
        reader.fail(f"{token!r} fits no allowed kind of value here")

    return Codec(write, read)


def _fits(value: Any, option: Any) -> bool:
    origin = typing.get_origin(option)
    if origin is Literal:
        return any(value == o and type(value) is type(o) for o in typing.get_args(option))
    if origin is tuple:
        return isinstance(value, tuple)
    if option is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(option, type) and isinstance(value, option)


# ---------------------------------------------------------------------------
# Codecs shared by the games' field tables


BARE_CARDS: Final = _list_codec(codec_for(Card), bare=True)
"""A field holding cards: ``A♠ 10♦ JK``, ``()`` for none."""


def _read_hand(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Card, ...]:
    return sort_cards(BARE_CARDS.read(reader, ctx))


HAND_CARDS: Final = Codec(BARE_CARDS.write, _read_hand)
"""A hand: written in the order every game keeps a hand in, read in any order."""


def per_seat(item: Codec) -> Codec:
    """A per-seat tuple: each seat's value in turn, separated by ``/``."""

    def write(value: Sequence[Any], ctx: Mapping[str, Any]) -> str:
        return " / ".join(item.write(v, ctx) for v in value) or "()"

    def read(reader: Reader, ctx: Mapping[str, Any]) -> tuple[Any, ...]:
        if reader.tokens[reader.pos:] == ["(", ")"]:
            reader.pos += 2
            return ()
        out: list[Any] = []
        while True:
            end = reader.pos
            while end < len(reader.tokens) and reader.tokens[end] != "/":
                end += 1
            part = Reader(reader.tokens[reader.pos:end], f"{reader.where} (seat {len(out)})")
            out.append(item.read(part, ctx))
            if not part.at_end():
                part.fail(f"unexpected {part.peek()!r}")
            reader.pos = end
            if reader.at_end():
                return tuple(out)
            reader.take()

    return Codec(write, read)


def _target_text(card: Card, stands: Card | None, rank: Rank | None) -> str:
    if stands is None:
        # An open place in a set: even a card of the set's rank is written ``3♣=3?``,
        # since bare ``3♣`` would be that card standing for itself.
        return f"{card}={rank.label}?" if rank is not None else str(card)
    return str(card) if stands == card else f"{card}={stands}"


def write_meld(meld: RunMeld | SetMeld) -> str:
    """A table meld: its cards in order, a wild card as ``JK=6♥`` (``JK=Q?``: an open place).

    >>> from cardrules.cards import parse_cards
    >>> write_meld(SetMeld(Rank.QUEEN, parse_cards("QS QH JK"), (Suit.SPADES, Suit.HEARTS, None)))
    'Q♠ Q♥ JK=Q?'
    >>> write_meld(SetMeld(Rank.THREE, parse_cards("3S 3C JK"), (Suit.SPADES, None, None)))
    '3♠ 3♣=3? JK=3?'
    """
    if isinstance(meld, RunMeld):
        return " ".join(
            _target_text(card, card_at(meld.suit, meld.start + i), None)
            for i, card in enumerate(meld.cards)
        )
    out = []
    for card, suit in zip(meld.cards, meld.suits):
        stands = None if suit is None else Card(meld.rank, suit)
        out.append(_target_text(card, stands, meld.rank))
    return " ".join(out)


def read_meld(reader: Reader) -> RunMeld | SetMeld:
    """Read :func:`write_meld`'s form up to the end of the reader's tokens."""
    cards: list[Card] = []
    targets: list[Card | Rank | None] = []
    while not reader.at_end():
        card = read_card(reader)
        target: Card | Rank | None = None if card.is_joker else card
        if reader.peek() == "=":
            reader.take()
            token = (reader.peek() or "").upper().removesuffix("?")
            if token in _RANK_BY_TEXT and token != "JK":
                reader.take()
                target = _RANK_BY_TEXT[token]
            else:
                target = read_card(reader)
                if target.is_joker:
                    reader.fail("no card stands for a joker")
        cards.append(card)
        targets.append(target)
    if len(cards) < 3:
        reader.fail("a meld needs at least three cards")
    ranks = {t.rank if isinstance(t, Card) else t for t in targets if t is not None}
    if len(ranks) == 1:
        rank = ranks.pop()
        suits = tuple(t.suit if isinstance(t, Card) else None for t in targets)
        meld: SetMeld = _build(
            SetMeld, {"rank": rank, "cards": tuple(cards), "suits": suits}, reader.where
        )
        return meld
    known = [(i, t) for i, t in enumerate(targets) if isinstance(t, Card)]
    if len(known) != len(targets) or not known:
        reader.fail("every card of a run names its place (a wild card as JK=6♥)")
    first = known[0][1]
    suit = first.suit
    start = int(first.rank)
    if suit is None or not all(card_at(suit, start + i) == t for i, t in known):
        reader.fail("the cards are neither a set nor a run in order")
    return RunMeld(suit, start, tuple(cards))


def owned(item_write: Callable[[Any], str], item_read: Callable[[Reader], Any]) -> Codec:
    """``owner: thing`` entries separated by ``/`` (melds and builds with their owners)."""

    def write(value: Sequence[tuple[int, Any]], ctx: Mapping[str, Any]) -> str:
        return " / ".join(f"{owner}: {item_write(thing)}" for owner, thing in value) or "()"

    def read(reader: Reader, ctx: Mapping[str, Any]) -> tuple[tuple[int, Any], ...]:
        if reader.tokens[reader.pos:] == ["(", ")"]:
            reader.pos += 2
            return ()
        out: list[tuple[int, Any]] = []
        while not reader.at_end():
            end = reader.pos
            while end < len(reader.tokens) and reader.tokens[end] != "/":
                end += 1
            part = Reader(reader.tokens[reader.pos:end], f"{reader.where} (entry {len(out) + 1})")
            owner = _read_int(part, ctx)
            part.expect(":")
            out.append((owner, item_read(part)))
            if not part.at_end():
                part.fail(f"unexpected {part.peek()!r}")
            reader.pos = min(end + 1, len(reader.tokens))
            if end < len(reader.tokens) and reader.at_end():
                reader.fail("nothing after the last '/'")
        return tuple(out)

    return Codec(write, read)


# ---------------------------------------------------------------------------
# A game's notation: its field table and how a view's derived parts are rebuilt


class _Required:
    """The ``omit`` of a field that is always written."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = _Required()


@attrs.frozen
class Field:
    """One field of a notation: its key and the attributes it holds.

    ``names`` are the attrs fields it stands for (usually one; ``melds`` of Rummy
    500 holds the melds and their owners). ``codec`` writes the tuple of their
    values (a single value when there is one name). ``omit`` is the value that is
    left out of the text and assumed when the key is missing; ``REQUIRED``
    means the key is always written, and required unless ``fill`` gives its
    usual value.

    >>> Field("shuffles", ("shuffles",)).omit is REQUIRED
    True
    """

    key: str
    names: tuple[str, ...]
    codec: Codec | None = None
    omit: Any = REQUIRED
    fill: Callable[[Mapping[str, Any]], Any] | None = None
    """When the key is missing: its usual value, from every field given or assumed
    without a ``fill`` (else ``omit``): ``shuffles`` from the round number."""


@attrs.frozen
class GameNotation:
    """How one game's states and views are written.

    ``state_fields`` / ``view_fields`` list the fields with a key or codec of
    their own, in the order they are written. Every other init field of the
    class is written after them under its own name with the generic codec of its
    type, so a new field appears in the notation with no change here (give it a
    key and an ``omit`` value in the table to make it short). ``view_derived``
    names view fields left out of the text and rebuilt by ``complete_view``
    (``legal_actions``: a function of what the seat knows).
    """

    game: str
    state_fields: tuple[Field, ...]
    view_fields: tuple[Field, ...]
    view_derived: tuple[str, ...] = ()
    complete_view: Callable[[Any], Any] | None = None


def _config_codec(cls: type[Any]) -> Codec:
    fields = _init_fields(cls)
    hints = typing.get_type_hints(cls)
    by_name = {field.name: field for field in fields}

    def write(value: Any, ctx: Mapping[str, Any]) -> str:
        baseline = cls()
        parts = []
        for field in fields:
            current = getattr(value, field.name)
            if current != getattr(baseline, field.name):
                parts.append(f"{field.name}={codec_for(hints[field.name]).write(current, ctx)}")
        return " ".join(parts)

    def read(reader: Reader, ctx: Mapping[str, Any]) -> Any:
        values: dict[str, Any] = {}
        while not reader.at_end():
            name = reader.take()
            if name in getattr(cls, "RENAMED_FIELDS", {}):  # an old option name, for one release
                warnings.warn(f"option {name!r} is deprecated: {cls.RENAMED_FIELDS[name]!r}",
                              DeprecationWarning, stacklevel=2)
                name = cls.RENAMED_FIELDS[name]
            if name not in by_name:
                reader.fail(f"{name!r} is not an option of {cls.__module__.split('.')[1]}")
            if name in values:
                reader.fail(f"option {name!r} is given twice")
            reader.expect("=")
            values[name] = codec_for(hints[name]).read(reader, ctx)
        return _build(cls, values, reader.where)

    return Codec(write, read)


@attrs.frozen
class _Plan:
    cls: type[Any]
    header: str
    fields: tuple[Field, ...]
    derived: tuple[str, ...]


_PLANS: dict[type[Any], _Plan] = {}


def _plan(game: GameNotation, cls: type[Any], *, view: bool) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is not None:
        return plan
    table = game.view_fields if view else game.state_fields
    derived = game.view_derived if view else ()
    hints = typing.get_type_hints(cls)
    init = [field for field in _init_fields(cls) if field.name not in derived]
    defaults = {f.name: f.default for f in init}
    covered = {name for field in table for name in field.names}
    fields = [field for field in table if all(name in defaults for name in field.names)]
    for attribute in init:
        if attribute.name in covered:
            continue
        if attribute.name == "config":
            config_type = hints["config"]
            options = Field("options", ("config",), _config_codec(config_type), config_type())
            fields.insert(0, options)
            continue
        omit = attribute.default
        if omit is attrs.NOTHING or isinstance(omit, attrs.Factory):  # type: ignore[arg-type]
            omit = REQUIRED
        fields.append(Field(attribute.name, (attribute.name,), None, omit))
    done: list[Field] = []
    for field in fields:
        codec = field.codec
        if codec is None:
            (name,) = field.names
            hint = hints[name]
            codec = _top_codec(hint)
        done.append(attrs.evolve(field, codec=codec))
    plan = _Plan(cls, game.game + (" view" if view else ""), tuple(done), derived)
    _PLANS[cls] = plan
    return plan


def _is_list(hint: Any) -> bool:
    return typing.get_origin(hint) is tuple and typing.get_args(hint)[-1:] == (Ellipsis,)


def _top_codec(hint: Any) -> Codec:
    """A field's codec: lists (and lists or nothing) written without their parentheses."""
    if _is_list(hint):
        return _list_codec(codec_for(typing.get_args(hint)[0]), bare=True)
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if (origin is typing.Union or origin is types.UnionType) and len(args) == 2 and (
        type(None) in args
    ):
        (inner_hint,) = [arg for arg in args if arg is not type(None)]
        if _is_list(inner_hint):
            inner = _top_codec(inner_hint)

            def write(value: Any, ctx: Mapping[str, Any]) -> str:
                return "-" if value is None else inner.write(value, ctx)

            def read(reader: Reader, ctx: Mapping[str, Any]) -> Any:
                if reader.tokens[reader.pos:] == ["-"]:
                    reader.pos += 1
                    return None
                return inner.read(reader, ctx)

            return Codec(write, read)
    return codec_for(hint)


def _spec(game: str) -> GameNotation:
    module = importlib.import_module(f"cardrules.{game}.notation")
    spec: GameNotation = module.NOTATION
    return spec


def notation(obj: object) -> str:
    """The notation of a state or view (a view's holds only what its seat may know).

    >>> import cardrules
    >>> state = cardrules.new_game("rummy500", seed=1)
    >>> cardrules.notation(state).startswith("rummy500; seed 1; shuffles 2; round 1; dealer ")
    True
    >>> seen = cardrules.notation(cardrules.view(state, 0))
    >>> "seed" in seen, " ".join(map(str, state.stock[:3])) in seen, "; stock 31" in seen
    (False, False, True)
    """
    rules = engine.definition_of(obj)
    spec = _spec(rules.name)
    if type(obj) is rules.state_type:
        plan = _plan(spec, rules.state_type, view=False)
    elif type(obj) is rules.view_type:
        plan = _plan(spec, rules.view_type, view=True)
    else:
        raise TypeError(f"notation is written for states and views, not {type(obj).__name__}")
    ctx: dict[str, Any] = {"config": getattr(obj, "config", None)}
    parts = [plan.header]
    for field in plan.fields:
        values = tuple(getattr(obj, name) for name in field.names)
        value = values[0] if len(values) == 1 else values
        if field.omit is not REQUIRED and value == field.omit:
            continue
        assert field.codec is not None
        text = field.codec.write(value, ctx)
        parts.append(f"{field.key} {text}" if text else field.key)
    return "; ".join(parts)


def notation_repr(obj: object) -> str:
    """``repr`` of states and views: ``cardrules.from_notation('…')``, which ``eval`` rebuilds."""
    try:
        return f"cardrules.from_notation({notation(obj)!r})"
    except Exception:  # repr must not fail, even on a half-built object
        return object.__repr__(obj)


def from_notation(text: str) -> Any:
    """Read a notation written by :func:`notation` (or by a person) back into a state or view.

    The result is validated exactly as :func:`~cardrules.from_json` validates;
    malformed or impossible text raises ``ValueError`` naming the bad part.

    >>> import cardrules
    >>> cardrules.from_notation("rummy500; dealer 9")
    Traceback (most recent call last):
    ...
    ValueError: bad notation: seed: this field is missing
    """
    if not isinstance(text, str):
        raise TypeError(f"from_notation takes text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_CHARS:
        raise ValueError(f"bad notation: longer than {MAX_NOTATION_CHARS} characters")
    tokens = tokenize(text)
    segments: list[list[str]] = [[]]
    for token in tokens:
        if token == ";":
            segments.append([])
        else:
            segments[-1].append(token)
    header = segments[0]
    if not header or header[0] not in engine.GAMES or len(header) > 2 or (
        len(header) == 2 and header[1] != "view"
    ):
        _fail("header", "a notation starts with a game name (rummy500, vegas_rummy, casino), "
              "then 'view' for a view")
    rules = engine.definition(header[0])
    spec = _spec(rules.name)
    is_view = len(header) == 2
    plan = _plan(spec, rules.view_type if is_view else rules.state_type, view=is_view)
    by_key = {field.key: field for field in plan.fields}
    given: dict[str, list[str]] = {}
    for segment in segments[1:]:
        if not segment:
            _fail("text", "an empty field (two ';' in a row)")
        key = segment[0]
        if key not in by_key:
            _fail(key, f"unknown field for a {plan.header}")
        if key in given:
            _fail(key, "the field is given twice")
        given[key] = segment[1:]
    ctx: dict[str, Any] = {}
    values: dict[str, Any] = {}
    filled = [f for f in plan.fields if f.key not in given and f.fill is not None]
    for field in plan.fields:
        if field.key not in given:
            if field.fill is not None:
                continue  # below, once every other field is known
            if field.omit is REQUIRED:
                _fail(field.key, "this field is missing")
            value = field.omit
        else:
            reader = Reader(given[field.key], field.key)
            assert field.codec is not None
            value = field.codec.read(reader, ctx)
            if not reader.at_end():
                reader.fail(f"unexpected {reader.peek()!r}")
        if len(field.names) == 1:
            values[field.names[0]] = value
        else:
            if not isinstance(value, tuple) or len(value) != len(field.names):
                _fail(field.key, "malformed value")  # pragma: no cover
            values.update(zip(field.names, value))
        ctx.update(values)  # later codecs may depend on earlier fields (the config, the seats)
    for field in filled:
        assert field.fill is not None
        try:
            value = field.fill(ctx)
        except (KeyError, TypeError, ValueError):
            _fail(field.key, "this field is missing, and the others do not give its usual value")
        if len(field.names) == 1:
            values[field.names[0]] = value
        else:
            values.update(zip(field.names, value))
        ctx.update(values)
    if is_view:
        for name in plan.derived:
            values[name] = ()
    obj = _build(plan.cls, values, "text")
    try:
        # The same checks as from_json: the game's invariants, then the event log
        # (and, for a view, the texts of the actions it lists, rebuilt here).
        if is_view:
            if spec.complete_view is not None:
                obj = spec.complete_view(obj)
            obj = attrs.evolve(obj, legal_texts=events.texts_of(obj))
            rules.validate_view(obj)
            events.check_view_events(obj, "view")
        else:
            events.check_events(obj.events, len(obj.hands), "events")
            rules.validate_state(obj)
    except ValueError as exc:
        raise ValueError(f"bad notation: {exc}") from None
    except (TypeError, KeyError, IndexError, AttributeError) as exc:
        raise ValueError(f"bad notation: inconsistent {plan.header} ({exc})") from None
    return obj
