"""Casino actions (the rules' §4, "Formal move definitions") and their text forms.

Every action names the hand card played. Table cards are named as a set, so two
spellings of the same play are one action: the converters sort the cards, and a
capture is the set of cards and builds it takes, however they are grouped.

=============================  ================================================
text                           action
=============================  ================================================
``6♣ takes 6♥ 3♠ 3♦``          :class:`Capture` of loose cards
``8♦ takes [3♥ 5♠] 8♣``        :class:`Capture` of a build (its cards in ``[]``)
``A♠ as 14 takes A♦ K♥``       Royal ace capturing as 14 (CA-6)
``5♣ builds 8 with 3♣``        :class:`Build` ``kind="new"``
``3♠ raises [2♣ 3♦] to 8``     :class:`Build` ``kind="raise"`` (``with …`` absorbs)
``A♥ adds to [4♦ 5♣] for 9``   :class:`Build` ``kind="add"`` (``with …`` loose cards)
``trail 4♦``                   :class:`Trail`
``and 3♦``, ``and [3♥ 5♠]``    :class:`Take`: one more card or build (below)
``done``                       :class:`Done`: the play in progress is complete
=============================  ================================================

A capture or build that takes several table items is made **one item at a
time**, so that ``legal_actions`` stays small however crowded the table is: the
first action names the card played and the first item (a :class:`Capture` or
:class:`Build` naming at most one table card or build), then each :class:`Take`
adds one more item, always later in table order (loose cards in card order,
then builds in table order), and :class:`Done` ends the play. When nothing more
can be taken, the play completes by itself. Each whole play is reached by
exactly one sequence of steps; :func:`cardrules.casino.steps` turns a whole play
(``6♣ takes 6♥ 3♠ 3♦``) into that sequence.

>>> from cardrules.cards import parse_card, parse_cards
>>> a = Capture(parse_card("6C"), cards=parse_cards("3S 6H 3D"))
>>> str(a)
'6♣ takes 3♦ 6♥ 3♠'
>>> parse_action_text(str(a)) == a
True
>>> str(Build(parse_card("5C"), kind="new", value=8, cards=parse_cards("3C")))
'5♣ builds 8 with 3♣'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import Final, Literal

import attrs

from cardrules.cards import JOKER, Card, Rank, make_deck, parse_card, parse_cards

__all__ = [
    "Action",
    "Build",
    "Capture",
    "Done",
    "Play",
    "Take",
    "Trail",
    "malformed",
    "parse_action_text",
]


_INDEX: Final = operator.attrgetter("index")
_JOKER: Final = Rank.JOKER
"""Read as a module name in :func:`malformed`'s loop (an enum member costs several times more)."""


def _natural(value: object, name: str) -> Card:
    """``value`` if it is a natural card (not a joker); else ``TypeError`` naming ``name``."""
    if not isinstance(value, Card) or value.suit is None:
        raise TypeError(f"{name} must be a natural Card, not {value!r}")
    return value


def _card_set(cards: Iterable[Card], name: str) -> tuple[Card, ...]:
    """``cards`` as a tuple in card order, each checked to be a natural card.

    A tuple of one card or none (what most steps name) is returned as it is.
    """
    if type(cards) is tuple and len(cards) < 2:
        for card in cards:
            if not isinstance(card, Card) or card.suit is None:
                raise TypeError(f"{name} must hold natural Card values, not {card!r}")
        return cards
    if isinstance(cards, (str, Card)):
        raise TypeError(f"{name} must be a sequence of Card values")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, Card) or card.suit is None:
            raise TypeError(f"{name} must hold natural Card values, not {card!r}")
    return tuple(sorted(out, key=_INDEX))


def _build_set(builds: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    if type(builds) is tuple and not builds:
        return ()  # most captures take no build
    if isinstance(builds, str):
        raise TypeError("builds must be a sequence of card sequences")
    named = [_card_set(b, "builds") for b in builds]
    if len(named) > 1:
        named.sort(key=lambda b: [c.index for c in b])
    return tuple(named)


# Each card's name (``str(card)``) by its index: actions are written into every
# event of a capture or build, and ``Card.__str__`` is a Python call per card.
_NAMES: Final = tuple(
    str(card) for card in sorted([*make_deck(), JOKER], key=operator.attrgetter("index"))
)


def _names(cards: tuple[Card, ...]) -> str:
    """``format_cards(cards)``, read from :data:`_NAMES`."""
    # (The global read in the comprehension: a local of this function read there would
    # be a cell.)
    return " ".join([_NAMES[card.index] for card in cards])


def _bracket(cards: tuple[Card, ...]) -> str:
    return "[" + _names(cards) + "]"


# The constructors below are written out rather than generated from converters and
# validators: a listing makes an action of every legal step, and one pass over the
# arguments costs a fraction of attrs' call per converter and validator. The checks
# are the same: a natural card played, natural cards named, in card order.


@attrs.frozen(init=False)
class Capture:
    """Play ``card`` and take ``cards`` (loose) and ``builds`` (each named by its cards).

    ``ace_high`` is true when a Royal ace captures as 14 (CA-6); the taken cards
    must then make groups of 14. The grouping of the loose cards is not part of
    the action: any capture that takes the same cards is the same action.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> Capture(parse_card("8D"), parse_cards("8C"), [parse_cards("5S 3H")]).builds
    ((Card(Rank.THREE, Suit.HEARTS), Card(Rank.FIVE, Suit.SPADES)),)
    """

    card: Card
    cards: tuple[Card, ...] = ()
    builds: tuple[tuple[Card, ...], ...] = ()
    ace_high: bool = attrs.field(default=False, kw_only=True)

    def __init__(
        self,
        card: Card,
        cards: Iterable[Card] = (),
        builds: Iterable[Iterable[Card]] = (),
        *,
        ace_high: bool = False,
    ) -> None:
        if not isinstance(card, Card) or card.suit is None:
            _natural(card, "card")  # raises
        # Most steps name one loose card or one build: checked here without a call.
        if (
            type(cards) is not tuple
            or len(cards) > 1
            or (cards and (not isinstance(cards[0], Card) or cards[0].suit is None))
        ):
            cards = _card_set(cards, "cards")
        if type(builds) is not tuple or builds:
            builds = _build_set(builds)
        set_field = object.__setattr__
        set_field(self, "card", card)
        set_field(self, "cards", cards)
        set_field(self, "builds", builds)
        if ace_high is not False:
            if ace_high is not True:
                raise TypeError("ace_high must be true or false")
            if card.rank is not Rank.ACE:
                raise ValueError("only an ace can capture as 14")
        set_field(self, "ace_high", ace_high)

    def __str__(self) -> str:
        head = _NAMES[self.card.index] + (" as 14" if self.ace_high else "")
        # (Loops: on Python 3.11 each comprehension is a call of its own, and every
        # capture is written into the event log.)
        taken: list[str] = []
        for build in self.builds:
            taken.append(_bracket(build))
        for card in self.cards:
            taken.append(_NAMES[card.index])
        return f"{head} takes {' '.join(taken)}"


@attrs.frozen(init=False)
class Build:
    """Play ``card`` into a build of capture value ``value``.

    ``kind`` is ``"new"`` (``card`` and loose ``cards`` form a new build),
    ``"raise"`` (``card`` joins the single build ``target`` and raises it to
    ``value``, optionally absorbing loose groups of ``value``) or ``"add"``
    (``card``, with loose ``cards``, joins ``target`` whose value stays
    ``value``). ``target`` names an existing build by its cards.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> Build(parse_card("2S"), kind="raise", value=8, target=parse_cards("4C 2D")).target
    (Card(Rank.FOUR, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS))
    """

    card: Card
    kind: Literal["new", "raise", "add"] = attrs.field(kw_only=True)
    value: int = attrs.field(kw_only=True)
    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True)
    target: tuple[Card, ...] = attrs.field(default=(), kw_only=True)

    def __init__(
        self,
        card: Card,
        *,
        kind: Literal["new", "raise", "add"],
        value: int,
        cards: Iterable[Card] = (),
        target: Iterable[Card] = (),
    ) -> None:
        if not isinstance(card, Card) or card.suit is None:
            _natural(card, "card")  # raises
        if (
            type(cards) is not tuple
            or len(cards) > 1
            or (cards and (not isinstance(cards[0], Card) or cards[0].suit is None))
        ):
            cards = _card_set(cards, "cards")
        named = target if type(target) is tuple and not target else _card_set(target, "target")
        set_field = object.__setattr__
        set_field(self, "card", card)
        set_field(self, "kind", kind)
        set_field(self, "value", value)
        set_field(self, "cards", cards)
        set_field(self, "target", named)
        if kind != "new" and kind != "raise" and kind != "add":
            raise ValueError(f"a build's kind is 'new', 'raise' or 'add', not {kind!r}")
        if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError("a build's value is a whole number")
        if (kind == "new") != (not named):
            raise ValueError(
                "a new build has no target; raising or adding to a build names its target"
            )

    def __str__(self) -> str:
        extra = f" with {_names(self.cards)}" if self.cards else ""
        card = _NAMES[self.card.index]
        if self.kind == "new":
            return f"{card} builds {self.value}{extra}"
        if self.kind == "raise":
            return f"{card} raises {_bracket(self.target)} to {self.value}{extra}"
        return f"{card} adds to {_bracket(self.target)} for {self.value}{extra}"


@attrs.frozen(init=False)
class Trail:
    """Play ``card`` face up to the table without capturing or building.

    >>> from cardrules.cards import parse_card
    >>> str(Trail(parse_card("4D")))
    'trail 4♦'
    """

    card: Card

    def __init__(self, card: Card) -> None:
        object.__setattr__(self, "card", _natural(card, "card"))

    def __str__(self) -> str:
        return "trail " + _NAMES[self.card.index]


@attrs.frozen(init=False)
class Take:
    """Add one table item to the capture or build in progress.

    ``item`` is a loose card (a 1-tuple) or a build named by its cards.

    >>> from cardrules.cards import parse_cards
    >>> str(Take(parse_cards("5S 3H")))
    'and [3♥ 5♠]'
    """

    item: tuple[Card, ...]

    def __init__(self, item: Iterable[Card]) -> None:
        named = _card_set(item, "item")
        if not named:
            raise ValueError("take names a loose card or a build")
        object.__setattr__(self, "item", named)

    def __str__(self) -> str:
        if len(self.item) == 1:
            return f"and {self.item[0]}"
        return f"and {_bracket(self.item)}"


@attrs.frozen
class Done:
    """End the capture or build in progress: it takes what it has so far."""

    def __str__(self) -> str:
        return "done"


def _card_tuple(value: object, name: str) -> str | None:
    """Why ``value`` is not a sorted tuple of distinct natural cards (``None``: it is)."""
    if not isinstance(value, tuple):
        return f"{name} must be a tuple of cards, not {type(value).__name__}"
    # One pass (every action is judged, issue 27): a card out of order is remembered
    # and told only once every card is known to be a natural Card, as two passes did.
    previous = -1
    ordered = True
    for card in value:
        if not isinstance(card, Card) or card.rank is _JOKER:
            return f"{name} must hold natural Card values, not {card!r}"
        index = card.index
        if index < previous:
            ordered = False
        previous = index
    return None if ordered else f"{name} must be in card order (as the constructor puts them)"


def malformed(action: object) -> str | None:
    """Why ``action``'s fields are not what its class promises, or ``None``.

    The constructors guarantee well-typed fields; this catches objects altered
    after construction (``object.__setattr__``) or built around the
    constructor, so that :func:`~cardrules.casino.check` and
    :func:`~cardrules.casino.apply` refuse them alike, with a reason, instead of
    failing somewhere inside (issue 15 item 7).

    >>> from cardrules.cards import parse_card
    >>> odd = Trail(parse_card("4D"))
    >>> object.__setattr__(odd, "card", "4D")
    >>> malformed(odd)
    "the card played must be a natural Card, not '4D'"
    """
    # The commonest kinds are asked first (a trail is half of random play's actions);
    # the classes share no instances, so the order changes no answer.
    if isinstance(action, Trail):
        card = action.card
        if not isinstance(card, Card) or card.suit is None:  # (the joker: as the constructors ask)
            return f"the card played must be a natural Card, not {card!r}"
        return None
    if isinstance(action, Take):
        item = action.item
        return _card_tuple(item, "the item taken") or (None if item else "take names an item")
    if isinstance(action, Done):
        return None
    if not isinstance(action, (Capture, Build)):
        return f"{type(action).__name__} is not a Casino action"
    card = action.card
    if not isinstance(card, Card) or card.suit is None:
        return f"the card played must be a natural Card, not {card!r}"
    reason = _card_tuple(action.cards, "the table cards")
    if reason is not None:
        return reason
    if isinstance(action, Capture):
        if not isinstance(action.ace_high, bool):
            return "ace_high must be true or false"
        if action.ace_high and card.rank is not Rank.ACE:
            return "only an ace can capture as 14"
        if not isinstance(action.builds, tuple):
            return "the builds taken must be a tuple of card tuples"
        for build in action.builds:
            reason = _card_tuple(build, "a build taken")
            if reason is not None:
                return reason
        if len(action.builds) > 1 and list(action.builds) != sorted(
            action.builds, key=lambda b: [c.index for c in b]
        ):
            return "the builds taken must be in card order (as the constructor puts them)"
        return None
    if action.kind not in ("new", "raise", "add"):
        return f"a build's kind is 'new', 'raise' or 'add', not {action.kind!r}"
    if isinstance(action.value, bool) or not isinstance(action.value, int):
        return f"a build's value is a whole number, not {action.value!r}"
    reason = _card_tuple(action.target, "the target build")
    if reason is not None:
        return reason
    if (action.kind == "new") != (not action.target):
        return "a new build has no target; raising or adding to a build names its target"
    return None


Play = Capture | Build | Trail
"""A whole play of one card (what a turn does, however many steps it takes)."""

Action = Capture | Build | Trail | Take | Done
"""Any Casino action (one step of a turn)."""

_CARD = r"[^\s\[\]]+"
_TRAIL = re.compile(rf"trail\s+({_CARD})", re.I)
_TAKE = re.compile(r"and\s+(.*)", re.I)
# The verbs are read with or without their -s ("J♥ take J♠" as "J♥ takes J♠"), as
# the other games read "take 4♥".
_CAPTURE = re.compile(rf"({_CARD})(?:\s+as\s+(\d+))?\s+takes?\s+(.*)", re.I)
_NEW = re.compile(rf"({_CARD})\s+builds?\s+(\d+)(?:\s+with\s+([^\[\]]*))?", re.I)
_RAISE = re.compile(
    rf"({_CARD})\s+raises?\s+\[([^\]]*)\]\s+to\s+(\d+)(?:\s+with\s+([^\[\]]*))?", re.I
)
_ADD = re.compile(
    rf"({_CARD})\s+adds?\s+to\s+\[([^\]]*)\]\s+for\s+(\d+)(?:\s+with\s+([^\[\]]*))?", re.I
)


def parse_action_text(text: str) -> Action:
    """Read an action from its text form (see the table above); ``ValueError`` if malformed.

    Text longer than 400 characters (1,000 before runs of spaces are collapsed)
    is refused unread: no action needs more.

    >>> parse_action_text("trail JK")
    Traceback (most recent call last):
    ...
    ValueError: card must be a natural Card, not JOKER (in 'trail JK')
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, not {type(text).__name__}")
    if len(text) > 1000:  # refused before any work on it (issue 15 item 4)
        raise ValueError("action text is too long (at most 400 characters)")
    line = " ".join(text.split())
    if len(line) > 400:
        raise ValueError("action text is too long (at most 400 characters)")
    try:
        return _parse_line(line, text)
    except TypeError as exc:  # a card that no Casino action may name (a joker)
        raise ValueError(f"{exc} (in {text!r})") from None


def _parse_line(line: str, text: str) -> Action:
    if m := _TRAIL.fullmatch(line):
        return Trail(parse_card(m[1]))
    if line.lower() == "done":
        return Done()
    if m := _TAKE.fullmatch(line):
        rest = m[1].strip()
        if rest.startswith("[") and rest.endswith("]") and rest.count("[") == 1:
            cards = parse_cards(rest[1:-1])
            if len(cards) < 2:
                raise ValueError(f"a build has two or more cards: {text!r}")
            return Take(cards)
        if "[" in rest or "]" in rest:
            raise ValueError(f"take one card or one build at a time: {text!r}")
        return Take((parse_card(rest),))
    if m := _CAPTURE.fullmatch(line):
        card = parse_card(m[1])
        ace_high = False
        if m[2] is not None:
            if card.rank is not Rank.ACE or m[2] not in ("1", "14"):
                raise ValueError(f"'as {m[2]}' only fits an ace, as 1 or 14: {text!r}")
            ace_high = m[2] == "14"
        rest = m[3]
        builds = [parse_cards(b) for b in re.findall(r"\[([^\]]*)\]", rest)]
        loose = parse_cards(re.sub(r"\[[^\]]*\]", " ", rest))
        if "[" in re.sub(r"\[[^\]]*\]", " ", rest) or "]" in re.sub(r"\[[^\]]*\]", " ", rest):
            raise ValueError(f"unbalanced brackets in {text!r}")
        if not builds and not loose:
            raise ValueError(f"a capture must name what it takes: {text!r}")
        return Capture(card, loose, builds, ace_high=ace_high)
    if m := _NEW.fullmatch(line):
        return Build(parse_card(m[1]), kind="new", value=int(m[2]), cards=parse_cards(m[3] or ""))
    if m := _RAISE.fullmatch(line):
        return Build(
            parse_card(m[1]),
            kind="raise",
            value=int(m[3]),
            target=parse_cards(m[2]),
            cards=parse_cards(m[4] or ""),
        )
    if m := _ADD.fullmatch(line):
        return Build(
            parse_card(m[1]),
            kind="add",
            value=int(m[3]),
            target=parse_cards(m[2]),
            cards=parse_cards(m[4] or ""),
        )
    raise ValueError(
        f"not a Casino action: {text!r} (try 'trail 4♦', '6♣ takes 3♠ 3♦', "
        "'5♣ builds 8 with 3♣', '3♠ raises [2♣ 3♦] to 8', 'A♥ adds to [4♦ 5♣] for 9', "
        "'and 3♦', 'done')"
    )
