"""Playing cards: ranks, suits, jokers, their text forms and decks.

A :class:`Card` is a small immutable value. Equal cards compare equal even when
they come from different decks, so a hand is a multiset: a sorted tuple that may
hold the same card twice when several decks are in play.

>>> card = parse_card("10d")
>>> card
Card(Rank.TEN, Suit.DIAMONDS)
>>> str(card), card.code
('10♦', '10D')
>>> parse_cards("AS kh JK")
(Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), JOKER)
>>> len(make_deck(decks=2, jokers_per_deck=2))
108
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "given_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
    "sort_cards",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit sign: ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The ASCII letter: ``C D H S``."""
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    __str__ = __repr__


class Rank(enum.IntEnum):
    """Card ranks. The value is the rank's number with the ace low (1).

    Whether an ace counts high or low in a run, and what any rank is worth in
    points, is decided by each game, not here.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    JOKER = 14

    @property
    def label(self) -> str:
        """The rank as printed on a card: ``A 2 … 10 J Q K`` (``JK`` for the joker)."""
        return _RANK_LABELS[self]

    @property
    def is_face(self) -> bool:
        """True for J, Q and K."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    __str__ = __repr__


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_LETTERS: Final = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
_RANK_LABELS: Final = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.JOKER: "JK",
}

SUITS: Final = tuple(Suit)
"""The four suits, clubs first."""

RANKS: Final = tuple(r for r in Rank if r is not Rank.JOKER)
"""The thirteen natural ranks, ace first."""


_INTERNED: dict[tuple[object, object], Card] = {}


def _check_suit(card: Card, _attribute: object, suit: Suit | None) -> None:
    if (card.rank is Rank.JOKER) != (suit is None):
        raise ValueError("a joker has no suit and every other card has one")


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """One playing card: a rank and a suit, or the joker (rank ``JOKER``, no suit).

    Cards order by suit (clubs, diamonds, hearts, spades) and then rank with the
    ace low; jokers sort last. That is the order hands are shown in.

    >>> Card(Rank.QUEEN, Suit.HEARTS)
    Card(Rank.QUEEN, Suit.HEARTS)
    >>> sorted(parse_cards("JK 2C AS"))
    [Card(Rank.TWO, Suit.CLUBS), Card(Rank.ACE, Suit.SPADES), JOKER]
    """

    rank: Rank = attrs.field(converter=Rank)
    suit: Suit | None = attrs.field(
        default=None,
        converter=attrs.converters.optional(Suit),
        validator=_check_suit,
    )
    index: int = attrs.field(init=False, eq=False, repr=False)
    """A number 0..52: suit-major position in a new deck, 52 for the joker."""

    # There is one object per distinct card: ``Card(...)`` returns it, and pickling
    # and copying come back to it. Equality is then identity, done in C — cards
    # are compared constantly in hands and melds.
    def __new__(cls, rank: object, suit: object = None) -> Card:
        try:
            card = _INTERNED.get((rank, suit))
        except TypeError:  # unhashable input: let the converters explain
            card = None
        return card if card is not None else super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        index = 52 if self.suit is None else int(self.suit) * 13 + int(self.rank) - 1
        object.__setattr__(self, "index", index)
        _INTERNED.setdefault((self.rank, self.suit), self)

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    # The hash is the index, not the object's address, so sets and dicts of cards
    # iterate in the same order in every process (determinism across processes).
    def __hash__(self) -> int:
        return self.index

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is Rank.JOKER

    @property
    def code(self) -> str:
        """The ASCII form: ``AS``, ``10D``, ``JK``."""
        if self.suit is None:
            return "JK"
        return _RANK_LABELS[self.rank] + _SUIT_LETTERS[self.suit]

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_LABELS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        if self.suit is None:
            return "JOKER"
        return f"Card({self.rank!r}, {self.suit!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


JOKER: Final = Card(Rank.JOKER)
"""The joker. Every joker is equal to every other."""

_ALL_CARDS: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)

_TOKEN_RANKS: Final = {_RANK_LABELS[r]: r for r in RANKS} | {"T": Rank.TEN}
_TOKEN_SUITS: Final = {_SUIT_LETTERS[s]: s for s in SUITS} | {_SUIT_SYMBOLS[s]: s for s in SUITS}
# Text variation selectors and the outline suit signs people paste from other apps.
_TOKEN_SUITS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

_PARSED: Final[dict[str, Card]] = {}
for _card in _ALL_CARDS:
    for _rank_text in [k for k, v in _TOKEN_RANKS.items() if v is _card.rank]:
        for _suit_text in [k for k, v in _TOKEN_SUITS.items() if v is _card.suit]:
            _PARSED[_rank_text + _suit_text] = _card
_PARSED["JK"] = JOKER
_PARSED["JOKER"] = JOKER
_CARD_CHARS: Final = frozenset(
    "".join(_PARSED) + "".join(_PARSED).lower()
)
"""Every character a card token may hold: ASCII letters and digits, and the suit signs."""
_LONGEST_TOKEN: Final = max(len(token) for token in _PARSED)


def parse_card(text: str) -> Card:
    """Read one card: ``"A♠"``, ``"AS"``, ``"as"``, ``"10♦"``, ``"10D"``, ``"TD"``, ``"JK"``.

    Raises :class:`ValueError` naming the bad token.

    >>> parse_card("qh")
    Card(Rank.QUEEN, Suit.HEARTS)
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1S'

    Only ASCII letters fold case: look-alike letters are refused.

    >>> parse_card("A\u017f")
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'Aſ'
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text, not {type(text).__name__}")
    token = text.strip().replace("\ufe0f", "")
    # Case is folded for ASCII letters only: str.upper() maps look-alikes such as
    # the long s (ſ) or the Kelvin sign (K) onto ASCII letters, and "Aſ" is no card.
    if len(token) > _LONGEST_TOKEN or not _CARD_CHARS.issuperset(token):
        raise ValueError(f"not a card: {text!r}")
    card = _PARSED.get(token.upper())
    if card is None:
        raise ValueError(f"not a card: {text!r}")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, in the order given.

    >>> parse_cards("AS, KH 10D")
    (Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), Card(Rank.TEN, Suit.DIAMONDS))
    >>> parse_cards("AS XX")
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'XX'
    """
    if not isinstance(text, str):
        raise TypeError(f"cards are written as text, not {type(text).__name__}")
    return tuple(parse_card(token) for token in text.replace(",", " ").split())


def given_cards(cards: str | Iterable[Card], what: str) -> tuple[Card, ...]:
    """Cards given as text (``"4♠ 4d"``) or as :class:`Card` values, for builders.

    A mistake raises ``ValueError`` (bad text) or ``TypeError`` (not cards),
    the message starting with ``what``.

    >>> given_cards("4S 4♦", "seat 0's hand") == parse_cards("4S 4D")
    True
    >>> given_cards("4S XX", "seat 0's hand")
    Traceback (most recent call last):
    ...
    ValueError: seat 0's hand: not a card: 'XX'
    """
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    listed = tuple(cards)
    if any(not isinstance(card, Card) for card in listed):
        raise TypeError(f"{what}: give cards as text ('4♠ 4♦') or Card values")
    return listed


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Write cards separated by spaces, with suit signs or (``ascii=True``) letters.

    >>> format_cards(parse_cards("AS 10D JK"))
    'A♠ 10♦ JK'
    >>> format_cards(parse_cards("AS 10D"), ascii=True)
    'AS 10D'
    """
    if ascii:
        return " ".join(card.code for card in cards)
    return " ".join(str(card) for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in hand order (suit, then rank; jokers last), as a tuple."""
    return tuple(sorted(cards, key=_index_key))


_index_key: Final[Callable[[Card], int]] = operator.attrgetter("index")
"""A card's place in hand order, as a sort key. ``attrgetter`` runs in C: a Python
function as the key was called once per card of every hand sorted."""


def make_deck(*, decks: int = 1, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """New, unshuffled deck(s): each deck in suit order, then its jokers.

    >>> deck = make_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card(Rank.ACE, Suit.CLUBS), Card(Rank.KING, Suit.SPADES))
    >>> make_deck(decks=2, jokers_per_deck=2).count(JOKER)
    4
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"decks must be a positive whole number, not {decks!r}")
    if isinstance(jokers_per_deck, bool) or not isinstance(jokers_per_deck, int):
        raise ValueError(f"jokers_per_deck must be a whole number, not {jokers_per_deck!r}")
    if jokers_per_deck < 0:
        raise ValueError(f"jokers_per_deck cannot be negative, not {jokers_per_deck!r}")
    one_deck = _ALL_CARDS + (JOKER,) * jokers_per_deck
    return one_deck * decks


def check_same_cards(expected: Sequence[Card], actual: Sequence[Card], what: str) -> None:
    """Raise :class:`ValueError` unless the two sequences hold the same multiset of cards."""
    if sorted(expected, key=_index_key) != sorted(actual, key=_index_key):
        from collections import Counter

        want, have = Counter(expected), Counter(actual)
        missing = want - have
        extra = have - want
        parts = []
        if missing:
            parts.append("missing " + format_cards(sort_cards(missing.elements())))
        if extra:
            parts.append("extra " + format_cards(sort_cards(extra.elements())))
        raise ValueError(f"{what}: cards are not conserved ({'; '.join(parts)})")
