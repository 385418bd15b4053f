"""Sets and runs, wild cards, lay-offs: the meld logic both rummies share.

A meld on the table is a :class:`RunMeld` or a :class:`SetMeld`. Each keeps the
physical cards and enough to know what every card *stands for*: a run its suit
and the position of its first card, a set its rank and the suit each card takes.
A card stands for itself when it is that natural card; any other card in a meld
must be wild under the :class:`MeldRules` in force, so wild cards need no flag.
These classes live in :mod:`cardrules.rummy.meld_types` and are re-exported
here; this module holds the functions.

Run positions count 1 (ace low), 2 … 13 (king), 14 (ace high); with wrap-around
allowed they go on (15 = two again). A run's first position is 1..13.

>>> from cardrules.cards import parse_cards
>>> rules = MeldRules()
>>> meld = make_meld(parse_cards("QH KH AH"), rules)
>>> meld
RunMeld(suit=Suit.HEARTS, start=12, cards=(...))
>>> describe(meld)
'Q♥ K♥ A♥'
>>> [describe(m) for _, m in layoff_options(meld, parse_cards("JH")[0], rules)]
['J♥ Q♥ K♥ A♥']
>>> make_meld(parse_cards("KH AH 2H"), rules)
Traceback (most recent call last):
...
cardrules.rummy.melds.MeldError: K♥ A♥ 2♥: a run cannot turn the corner from king through ace to two
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from cardrules.cards import RANKS, SUITS, Card, Rank, Suit, make_deck, sort_cards
from cardrules.rummy.meld_types import MeldRules, NaturalTable, RunMeld, SetMeld, TableMeld

__all__ = [
    "MeldError",
    "MeldRules",
    "NaturalTable",
    "RunMeld",
    "SetMeld",
    "TableMeld",
    "can_place",
    "can_place_natural",
    "can_place_natural_with",
    "canonical_meld",
    "card_at",
    "card_mask",
    "cards_in",
    "describe",
    "find_melds",
    "holds",
    "layoff_options",
    "make_meld",
    "make_meld_in_any_order",
    "meld_error",
    "natural_depths",
    "natural_melds",
    "natural_table",
    "natural_table_with",
    "placements",
    "rank_at",
    "without",
]

MAX_RUN: Final = 13
MAX_SET: Final = 4


class MeldError(ValueError):
    """A group of cards that is not a legal meld, or a card that does not fit one."""


_CARDS: Final[dict[tuple[Rank, Suit], Card]] = {
    (rank, suit): Card(rank, suit) for rank in RANKS for suit in SUITS
}


_RANK_AT: Final = tuple(RANKS[(position - 1) % 13] for position in range(40))
# Run positions reach 26 with wrap-around; the table is indexed by suit, then position.
_CARD_AT: Final = tuple(
    tuple(_CARDS[(_RANK_AT[position], suit)] for position in range(40)) for suit in SUITS
)


def rank_at(position: int) -> Rank:
    """The rank at a run position: 1 and 14 are aces, 15 is a two again (wrap-around)."""
    return _RANK_AT[position] if 0 <= position < 40 else RANKS[(position - 1) % 13]


def card_at(suit: Suit, position: int) -> Card:
    """The natural card at a run position of a suit."""
    if 0 <= position < 40:
        return _CARD_AT[suit][position]
    return _CARDS[(rank_at(position), suit)]


def holds(cards: Iterable[Card], card: Card) -> bool:
    """``card in cards``, asked by identity.

    A card is equal only to itself (cards are interned and compare with
    ``is``), but ``in`` and ``index`` on a tuple of cards would call the card
    class's comparison, written in Python (it orders cards), for every other card
    they pass: several times the cost of this loop on the rules' every move.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> holds(parse_cards("AC 3C"), parse_card("3C")), holds(parse_cards("AC"), parse_card("3C"))
    (True, False)
    """
    for other in cards:  # noqa: SIM110 (any() over a generator is slower here)
        if other is card:
            return True
    return False


def without(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` with one copy of each of ``cards`` taken out (each the first one held), or
    ``None`` if it does not hold them all; cards are found by identity (see :func:`holds`).

    >>> from cardrules.cards import parse_cards
    >>> [str(card) for card in without(parse_cards("AC 3C 3C 9D"), parse_cards("3C 9D"))]
    ['A♣', '3♣']
    >>> without(parse_cards("AC"), parse_cards("3C")) is None
    True
    """
    rest = list(hand)
    for card in cards:
        for at, other in enumerate(rest):
            if other is card:
                del rest[at]
                break
        else:
            return None
    return tuple(rest)


def placements(meld: TableMeld) -> tuple[tuple[Card, Card | None], ...]:
    """Each physical card with the natural card it stands for (``None``: an open wild)."""
    if isinstance(meld, RunMeld):
        return tuple(
            (card, card_at(meld.suit, meld.start + i)) for i, card in enumerate(meld.cards)
        )
    return tuple(
        (card, None if suit is None else _CARDS[(meld.rank, suit)])
        for card, suit in zip(meld.cards, meld.suits)
    )


def wild_count(meld: TableMeld) -> int:
    """How many cards of the meld stand for a card other than themselves."""
    return sum(1 for card, natural in placements(meld) if card is not natural)


def describe(meld: TableMeld) -> str:
    """The meld as text: its cards in order, a wild card followed by what it stands for.

    >>> from cardrules.cards import JOKER, Card, Rank, Suit
    >>> describe(RunMeld(Suit.HEARTS, 5, (Card(Rank.FIVE, Suit.HEARTS), JOKER,
    ...                                   Card(Rank.SEVEN, Suit.HEARTS))))
    '5♥ JK=6♥ 7♥'
    """
    parts = []
    for card, natural in placements(meld):
        if natural is None or card is natural:
            parts.append(str(card))
        else:
            parts.append(f"{card}={natural}")
    return " ".join(parts)


# ---------------------------------------------------------------------------
# Validation


def meld_error(meld: TableMeld, rules: MeldRules) -> str | None:
    """``None`` if the table meld is legal under ``rules``, else the reason."""
    size = len(meld.cards)
    if size < 3:
        return "a meld needs at least three cards"
    naturals = 0
    for card, natural in placements(meld):
        if card is natural:
            naturals += 1
        elif card not in rules.wilds:
            if natural is None:
                return f"{card} is not wild, so it cannot take an open place in a set"
            return f"{card} cannot stand for {natural}: it is not wild"
    wilds = size - naturals
    if rules.require_natural and naturals == 0:
        return "a meld needs at least one natural card"
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return f"a meld may hold at most {rules.max_wilds} wild card(s)"
    if isinstance(meld, RunMeld):
        if size > MAX_RUN:
            return "a run has at most 13 cards"
        if not 1 <= meld.start <= 13:
            return "a run starts at an ace (low) up to a king"
        if not rules.allow_wraparound and meld.end > 14:
            return "a run cannot turn the corner from king through ace to two"
        return None
    if size > MAX_SET:
        return "a set has at most four cards, one of each suit"
    named = [suit for suit in meld.suits if suit is not None]
    if len(set(named)) != len(named):
        return "a set needs cards of different suits"
    if not rules.declare_set_suits and any(
        card is not natural and natural is not None for card, natural in placements(meld)
    ):
        return "wild cards in a set do not name a suit in this game"
    return None


def make_meld(
    cards: Sequence[Card],
    rules: MeldRules,
    stands_for: Sequence[Card | Rank | None] | None = None,
) -> TableMeld:
    """Read cards (and, for wild cards, what they stand for) as a table meld.

    ``stands_for[i]`` says what ``cards[i]`` stands for: ``None`` for the card
    itself (a joker: an open place in a set), a :class:`~cardrules.cards.Card`
    for a wild card standing for that card, or a :class:`~cardrules.cards.Rank`
    for a wild card taking an open place in a set of that rank. Every wild card
    in a run names its card. Runs are given low to high. Raises
    :class:`MeldError` with the reason when the cards are no meld.

    >>> from cardrules.cards import parse_cards
    >>> make_meld(parse_cards("7C 7D 7H"), MeldRules())
    SetMeld(rank=Rank.SEVEN, cards=(...), suits=(Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS))
    """
    cards = tuple(cards)
    wants = tuple(stands_for) if stands_for is not None else (None,) * len(cards)
    if len(wants) != len(cards):
        raise MeldError("give one 'stands for' entry per card")
    text = " ".join(str(c) if w is None else f"{c}={_target_text(w)}" for c, w in zip(cards, wants))
    if len(cards) < 3:
        raise MeldError(f"{text or 'nothing'}: a meld needs at least three cards")
    targets: list[Card | Rank | None] = []
    for card, want in zip(cards, wants):
        if want is None:
            targets.append(None if card.is_joker else card)
        elif isinstance(want, Card) and want.is_joker:
            raise MeldError(f"{text}: no card stands for a joker")
        else:
            targets.append(want)
    candidates = [m for m in (_as_set(cards, targets), _as_run(cards, targets)) if m is not None]
    if not candidates:
        raise MeldError(f"{text} is neither a set nor a run")
    errors = []
    for meld in candidates:
        reason = meld_error(meld, rules)
        if reason is None:
            return meld
        errors.append(reason)
    raise MeldError(f"{text}: {errors[0]}")


def _target_text(target: Card | Rank) -> str:
    return str(target) if isinstance(target, Card) else target.label


def _as_set(cards: tuple[Card, ...], targets: list[Card | Rank | None]) -> SetMeld | None:
    ranks = {t.rank if isinstance(t, Card) else t for t in targets if t is not None}
    if len(ranks) != 1:
        return None
    suits = tuple(t.suit if isinstance(t, Card) else None for t in targets)
    return SetMeld(ranks.pop(), cards, suits)


def _as_run(cards: tuple[Card, ...], targets: list[Card | Rank | None]) -> RunMeld | None:
    if any(not isinstance(t, Card) for t in targets):
        return None  # every wild card in a run must name its card
    known: list[Card] = [t for t in targets if isinstance(t, Card)]
    suit = known[0].suit
    if suit is None or any(t.suit is not suit for t in known):
        return None
    first = known[0]
    bases = [int(first.rank)] + ([14] if first.rank is Rank.ACE else [])
    for base in bases:
        start = (base - 1) % 13 + 1
        if all(card_at(suit, start + i) == t for i, t in enumerate(known)):
            return RunMeld(suit, start, cards)
    return None


def canonical_meld(meld: TableMeld) -> TableMeld:
    """The meld with its cards in the one order that every equal meld shares.

    A set is the same set whatever order its cards were given in: its natural
    cards come first by suit, then the wild cards by card order (an open wild
    before one that names a suit). A run is kept as it is: ``cards[i]`` stands
    for position ``start + i``, so its order already says what each card is.
    Anything that is not a well-formed meld is returned unchanged, for the
    rules to refuse with a reason.

    >>> from cardrules.cards import parse_cards
    >>> describe(canonical_meld(make_meld(parse_cards("4S 4D 4H"), MeldRules())))
    '4♦ 4♥ 4♠'
    """
    if type(meld) is not SetMeld:
        return meld
    # Most sets are natural cards with their suits rising: already in order.
    rising = -1
    for card, suit in zip(meld.cards, meld.suits):
        if type(card) is not Card or suit is None or card.suit is not suit or suit <= rising:
            break
        rising = suit
    else:
        if len(meld.cards) == len(meld.suits):
            return meld
    pairs = tuple(zip(meld.cards, meld.suits))
    if not all(isinstance(card, Card) for card, _ in pairs) or not all(
        suit is None or isinstance(suit, Suit) for _, suit in pairs
    ):
        return meld
    ordered = tuple(sorted(pairs, key=_set_place_key))
    if ordered == pairs:
        return meld
    return SetMeld(meld.rank, tuple(c for c, _ in ordered), tuple(s for _, s in ordered))


def _set_place_key(pair: tuple[Card, Suit | None]) -> tuple[int, int, int]:
    card, suit = pair
    if suit is not None and card.suit is suit:
        return (0, int(suit), 0)  # a natural card, standing for itself
    return (1, card.index, -1 if suit is None else int(suit))


def make_meld_in_any_order(
    cards: Sequence[Card],
    rules: MeldRules,
    stands_for: Sequence[Card | Rank | None] | None = None,
) -> TableMeld:
    """:func:`make_meld` for cards given in any order: a run's cards are put in place.

    The order given is tried first, so it settles the rare runs that two
    orders make (a 13-card run holds A-K or 2-A; with wrap-around, any
    rotation). The result is in :func:`canonical_meld` form.

    >>> from cardrules.cards import parse_cards
    >>> describe(make_meld_in_any_order(parse_cards("6H 5H 7H"), MeldRules()))
    '5♥ 6♥ 7♥'
    """
    cards = tuple(cards)
    wants = tuple(stands_for) if stands_for is not None else (None,) * len(cards)
    try:
        return canonical_meld(make_meld(cards, rules, wants))
    except MeldError as first:
        if len(wants) != len(cards) or not all(isinstance(c, Card) for c in cards):
            raise
        error = first
    # What each card stands for in a run: itself, or the card a wild card names.
    found = [
        want if isinstance(want, Card) else card if want is None else None
        for card, want in zip(cards, wants)
    ]
    targets = [t for t in found if t is not None]
    if len(targets) != len(cards) or len({t.suit for t in targets}) != 1:
        raise error
    suit = targets[0].suit
    if suit is None:
        raise error
    assert suit is not None
    need = Counter(targets)
    for start in range(1, 14):
        line = [card_at(suit, start + i) for i in range(len(cards))]
        if Counter(line) != need:
            continue
        order = sorted(range(len(cards)), key=lambda i: line.index(targets[i]))
        try:
            return make_meld([cards[i] for i in order], rules, [wants[i] for i in order])
        except MeldError:
            continue
    raise error


# ---------------------------------------------------------------------------
# Lay-offs


def layoff_options(
    meld: TableMeld, card: Card, rules: MeldRules
) -> list[tuple[Card | None, TableMeld]]:
    """Every way to lay ``card`` off on ``meld``: ``(stands_for, new meld)`` pairs.

    ``stands_for`` is ``None`` when the card goes on as itself (or as an open
    wild in a set); otherwise it is the natural card the wild card stands for.
    Natural placements come first.
    """
    options: list[tuple[Card | None, TableMeld]] = []
    wild = card in rules.wilds
    if not wild:
        return _natural_layoff(meld, card, rules)
    if isinstance(meld, RunMeld):
        size = len(meld.cards)
        if size >= MAX_RUN:
            return options
        ends: list[tuple[int, bool]] = []
        if meld.start > 1 or rules.allow_wraparound:
            ends.append((meld.start - 1, True))
        if meld.end < 14 or rules.allow_wraparound:
            ends.append((meld.end + 1, False))
        for natural_pass in (True, False):
            for position, low in ends:
                natural = card_at(meld.suit, position if position >= 1 else position + 13)
                if natural_pass != (card is natural):
                    continue
                if not natural_pass and not wild:
                    continue
                if low:
                    start = meld.start - 1 if meld.start > 1 else 13
                    new: TableMeld = RunMeld(meld.suit, start, (card, *meld.cards))
                else:
                    new = RunMeld(meld.suit, meld.start, (*meld.cards, card))
                if meld_error(new, rules) is None:
                    options.append((None if natural_pass else natural, new))
        return options
    if len(meld.cards) >= MAX_SET:
        return options
    taken = {suit for suit in meld.suits if suit is not None}
    open_places = meld.suits.count(None)
    if card.rank is meld.rank and card.suit not in taken and len(taken) + open_places < MAX_SET:
        new = SetMeld(meld.rank, (*meld.cards, card), (*meld.suits, card.suit))
        if meld_error(new, rules) is None:
            options.append((None, new))
    if wild and not (card.rank is meld.rank and card.suit not in taken):
        new = SetMeld(meld.rank, (*meld.cards, card), (*meld.suits, None))
        if meld_error(new, rules) is None:
            options.append((None, new))
    if wild and rules.declare_set_suits:
        for suit in SUITS:
            if suit in taken or (card.rank is meld.rank and card.suit is suit):
                continue
            new = SetMeld(meld.rank, (*meld.cards, card), (*meld.suits, suit))
            if meld_error(new, rules) is None:
                options.append((_CARDS[(meld.rank, suit)], new))
    return options


def _natural_layoff(
    meld: TableMeld, card: Card, rules: MeldRules
) -> list[tuple[Card | None, TableMeld]]:
    """:func:`layoff_options` for a card that is not wild: it can only be itself.

    A natural card at a free end (or a missing suit) keeps a legal meld legal,
    so no further validation is needed.
    """
    if isinstance(meld, SetMeld):
        if (
            card.rank is not meld.rank
            or len(meld.cards) >= MAX_SET
            or card.suit in meld.suits
        ):
            return []
        return [(None, SetMeld(meld.rank, (*meld.cards, card), (*meld.suits, card.suit)))]
    if card.suit is not meld.suit or len(meld.cards) >= MAX_RUN:
        return []
    options: list[tuple[Card | None, TableMeld]] = []
    start = meld.start
    if (start > 1 or rules.allow_wraparound) and card is card_at(meld.suit, start - 1 or 13):
        options.append((None, RunMeld(meld.suit, start - 1 if start > 1 else 13,
                                      (card, *meld.cards))))
    end = start + len(meld.cards) - 1
    if (end < 14 or rules.allow_wraparound) and card is card_at(meld.suit, end + 1):
        options.append((None, RunMeld(meld.suit, start, (*meld.cards, card))))
    return options


# ---------------------------------------------------------------------------
# Finding melds in a hand


def find_melds(
    hand: Iterable[Card], rules: MeldRules, *, longest: int | None = None
) -> list[TableMeld]:
    """Every distinct meld that can be laid down from ``hand``, in a canonical order.

    Canonical form: wild cards are interchangeable, so a meld is fixed by its
    natural cards, the positions (or set suits) its wild cards take and which
    wild cards are used; the used wild cards fill the wild places in card order.
    Sets come first (by rank), then runs (by suit, then start, then length).
    ``longest`` leaves out melds of more cards (with wild cards a big hand holds
    tens of thousands of long runs; each longer meld is a shorter one plus
    lay-offs).
    """
    if not rules.wilds:
        found = natural_melds(card_mask(hand), rules)
        if longest is None:
            return found
        return [meld for meld in found if len(meld.cards) <= longest]
    counts = Counter(hand)
    wild_pool = sort_cards(card for card in counts.elements() if card in rules.wilds)
    size = MAX_RUN if longest is None else longest
    melds: list[TableMeld] = []
    melds.extend(meld for meld in _find_sets(counts, wild_pool, rules) if len(meld.cards) <= size)
    melds.extend(_find_runs(counts, wild_pool, rules, size))
    return melds


def _wild_choices(wild_pool: tuple[Card, ...], size: int) -> list[tuple[Card, ...]]:
    """The distinct multisets of ``size`` wild cards from the pool, each sorted."""
    if size == 0:
        return [()]
    return sorted(set(itertools.combinations(wild_pool, size)), key=_cards_key)


def _cards_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)


def _fits(counts: Counter[Card], used: Iterable[Card]) -> bool:
    need = Counter(used)
    return all(counts[card] >= n for card, n in need.items())


def _find_sets(
    counts: Counter[Card], wild_pool: tuple[Card, ...], rules: MeldRules
) -> Iterator[SetMeld]:
    cap = len(wild_pool) if rules.max_wilds is None else min(rules.max_wilds, len(wild_pool))
    by_rank: dict[Rank, list[Suit]] = {}
    for card in counts:
        if card.suit is not None and counts[card] > 0:
            by_rank.setdefault(card.rank, []).append(card.suit)
    for rank in RANKS:
        held = sorted(by_rank.get(rank, ()))
        if len(held) + cap < 3 or (rules.require_natural and not held):
            continue
        for size in range(0 if not rules.require_natural else 1, len(held) + 1):
            for natural_suits in itertools.combinations(held, size):
                naturals = tuple(_CARDS[(rank, suit)] for suit in natural_suits)
                for n_wild in range(min(cap, MAX_SET - size) + 1):
                    if size + n_wild < 3:
                        continue
                    for wilds in _wild_choices(wild_pool, n_wild):
                        if not _fits(counts, naturals + wilds):
                            continue
                        missing = [s for s in SUITS if s not in natural_suits]
                        for suits in _wild_suit_choices(wilds, missing, rules):
                            meld = SetMeld(rank, naturals + wilds, natural_suits + suits)
                            if meld_error(meld, rules) is None:
                                yield meld


def _wild_suit_choices(
    wilds: tuple[Card, ...], missing: list[Suit], rules: MeldRules
) -> list[tuple[Suit | None, ...]]:
    if not wilds:
        return [()]
    if not rules.declare_set_suits:
        return [(None,) * len(wilds)]
    options: list[Suit | None] = [None, *missing]
    seen: set[tuple[tuple[Card, Suit | None], ...]] = set()
    out: list[tuple[Suit | None, ...]] = []
    for choice in itertools.product(options, repeat=len(wilds)):
        named = [s for s in choice if s is not None]
        if len(set(named)) != len(named):
            continue
        key = tuple(sorted(zip(wilds, choice), key=_wild_suit_key))
        if key in seen:
            continue
        seen.add(key)
        out.append(choice)
    return out


def _wild_suit_key(pair: tuple[Card, Suit | None]) -> tuple[int, int]:
    card, suit = pair
    return (card.index, -1 if suit is None else int(suit))


def _find_runs(
    counts: Counter[Card], wild_pool: tuple[Card, ...], rules: MeldRules, longest: int = MAX_RUN
) -> Iterator[RunMeld]:
    cap = len(wild_pool) if rules.max_wilds is None else min(rules.max_wilds, len(wild_pool))
    if cap == 0:
        for run in _natural_runs(counts, rules):
            if len(run.cards) <= longest:
                yield run
        return
    last_start = 13
    for suit in SUITS:
        for start in range(1, last_start + 1):
            top = start + MAX_RUN - 1 if rules.allow_wraparound else 14
            held_positions: list[int] = []
            for end in range(start, top + 1):
                if end - start + 1 > longest:
                    break
                position_card = card_at(suit, end)
                if counts[position_card] > 0:
                    held_positions.append(end)
                length = end - start + 1
                gaps = length - len(held_positions)
                if gaps > cap:
                    # More gaps can only come; a longer run needs even more wilds.
                    break
                if length < 3:
                    continue
                yield from _runs_for_span(
                    suit, start, length, held_positions, counts, wild_pool, cap, rules
                )


def _natural_runs(counts: Counter[Card], rules: MeldRules) -> Iterator[RunMeld]:
    """Runs of natural cards only: every stretch of three or more held positions."""
    mask = card_mask(card for card, n in counts.items() if n > 0)
    for suit in SUITS:
        yield from _runs_of(suit, mask >> 13 * suit & _ROW, rules.allow_wraparound)


def _runs_for_span(
    suit: Suit,
    start: int,
    length: int,
    held_positions: list[int],
    counts: Counter[Card],
    wild_pool: tuple[Card, ...],
    cap: int,
    rules: MeldRules,
) -> Iterator[RunMeld]:
    positions = range(start, start + length)
    held = set(held_positions)
    gaps = [p for p in positions if p not in held]
    spare = cap - len(gaps)
    for n_replaced in range(min(spare, len(held_positions)) + 1):
        for replaced in itertools.combinations(held_positions, n_replaced):
            wild_places = sorted([*gaps, *replaced])
            if rules.require_natural and len(wild_places) == length:
                continue
            for wilds in _wild_choices(wild_pool, len(wild_places)):
                by_position = dict(zip(wild_places, wilds))
                cards = tuple(by_position.get(p) or card_at(suit, p) for p in positions)
                if not _fits(counts, cards):
                    continue
                meld = RunMeld(suit, start, cards)
                if meld_error(meld, rules) is None:
                    yield meld


# ---------------------------------------------------------------------------
# Natural cards: hands as bit masks, melds from precomputed tables
#
# With nothing wild, what a hand can meld depends only on which cards it holds.
# Such a hand is a bit mask with bit ``card.index`` set for each card held;
# indexes are suit-major, so each suit is a 13-bit row with bit ``rank - 1``.
# The sets of a rank are looked up by which suits are held, the runs of a suit
# by its row: the search is done once per pattern, not once per hand.

_ROW: Final = (1 << 13) - 1
"""The bits of one suit's row."""

_CLUBS, _DIAMONDS, _HEARTS, _SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def card_mask(cards: Iterable[Card]) -> int:
    """The cards as a bit mask, bit ``card.index`` set for each (a second copy adds nothing).

    >>> from cardrules.cards import parse_cards
    >>> bin(card_mask(parse_cards("AC 3C 2D")))
    '0b100000000000101'
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _sets_of(rank: Rank, suits_held: int) -> tuple[SetMeld, ...]:
    """The natural sets of ``rank`` from the suits in the 4-bit mask, threes before the four."""
    held = [suit for suit in SUITS if suits_held >> suit & 1]
    return tuple(
        SetMeld(rank, tuple(_CARDS[(rank, suit)] for suit in suits), suits)
        for size in (3, 4)
        for suits in itertools.combinations(held, size)
    )


_SET_TABLE: Final = tuple(tuple(_sets_of(rank, held) for held in range(16)) for rank in RANKS)
"""``_SET_TABLE[rank - 1][suits held]``: the natural sets, in :func:`find_melds` order."""


def _runs_of(suit: Suit, row: int, wraparound: bool) -> tuple[RunMeld, ...]:
    """The natural runs of ``suit`` from the ranks in ``row``, by start, then length."""
    return _find_runs_of(suit, row, wraparound) if row.bit_count() >= 3 else ()


@functools.lru_cache(maxsize=16384)  # about every row a hand of up to 13 cards holds
def _find_runs_of(suit: Suit, row: int, wraparound: bool) -> tuple[RunMeld, ...]:
    top = 26 if wraparound else 14
    held = [False] + [bool(row >> (_RANK_AT[position] - 1) & 1) for position in range(1, top + 1)]
    line = _CARD_AT[suit]
    runs = []
    for start in range(1, 14):
        if not held[start]:
            continue
        end = start
        while end < top and held[end + 1] and end - start + 1 < MAX_RUN:
            end += 1
            if end - start >= 2:
                runs.append(RunMeld(suit, start, line[start : end + 1]))
    return tuple(runs)


def natural_melds(held: int, rules: MeldRules) -> list[TableMeld]:
    """:func:`find_melds` for a hand given as a :func:`card_mask`, when nothing is wild."""
    # The four suits' rows written out: this runs for every listing of a play.
    clubs = held & _ROW
    diamonds = held >> 13 & _ROW
    hearts = held >> 26 & _ROW
    spades = held >> 39 & _ROW
    melds: list[TableMeld] = []
    # The ranks held in three or four suits, ace (bit 0) first.
    ranks = clubs & diamonds & (hearts | spades) | hearts & spades & (clubs | diamonds)
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        shift = bit.bit_length() - 1
        suits_held = (
            (clubs >> shift & 1)
            | (diamonds >> shift & 1) << 1
            | (hearts >> shift & 1) << 2
            | (spades >> shift & 1) << 3
        )
        melds.extend(_SET_TABLE[shift][suits_held])
    wrap = rules.allow_wraparound
    for suit, row in ((_CLUBS, clubs), (_DIAMONDS, diamonds), (_HEARTS, hearts), (_SPADES, spades)):
        if row.bit_count() >= 3:
            melds.extend(_find_runs_of(suit, row, wrap))
    return melds


# ---------------------------------------------------------------------------
# Can a card still be placed this turn?


def can_place(
    card: Card,
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    rules: MeldRules,
    *,
    keep: int = 0,
) -> bool:
    """Whether ``card`` (in ``hand``) can go into a meld this turn.

    Either in a new meld from the hand, or laid off on a table meld, possibly
    after laying off other hand cards first to bridge the gap (8♥ then 9♥ on
    5♥ 6♥ 7♥). ``keep`` is how many cards must stay in hand afterwards.
    """
    budget = len(hand) - keep
    if not rules.wilds:
        held = card_mask(hand)
        return bool(held >> card.index & 1) and can_place_natural(
            card, held, natural_table(table, rules), rules, budget
        )
    counts = Counter(hand)
    if counts[card] == 0:
        return False
    for meld in find_melds_with(card, counts, rules):
        if len(meld.cards) <= budget:
            return True
    if budget < 1:
        return False
    rest = counts.copy()
    rest[card] -= 1
    for meld in table:
        if layoff_options(meld, card, rules):
            return True
        if isinstance(meld, RunMeld) and _bridges(meld, card, rest, rules, budget - 1):
            return True
    return False


def natural_table(table: Sequence[TableMeld], rules: MeldRules) -> NaturalTable:
    """Sum up the table for :func:`can_place_natural`: which natural cards fit where.

    A natural card fits a set of its rank that lacks its suit and has room, or
    a run just below or above it: exactly the cards :func:`layoff_options`
    places (wild cards are not natural cards and are not counted here).

    >>> from cardrules.cards import parse_cards
    >>> table = (make_meld(parse_cards("5H 6H 7H"), MeldRules()),)
    >>> [str(card) for card in cards_in(natural_table(table, MeldRules()).fits)]
    ['4♥', '8♥']
    """
    if not table:
        return _EMPTY_TABLE
    wrap = rules.allow_wraparound
    # Every state sums up its table when it is made: the masks of each meld's
    # shape come from the small caches below rather than being worked out again.
    fits_each = tuple([
        _run_fits(meld.suit, meld.start, len(meld.cards), wrap)
        if isinstance(meld, RunMeld)
        else _set_fits(meld.rank, meld.suits)
        for meld in table
    ])
    fits = 0
    for mask in fits_each:
        fits |= mask
    return NaturalTable(fits_each, fits, tuple(table))


_EMPTY_TABLE: Final = NaturalTable((), 0, ())


def natural_table_with(
    summary: NaturalTable, table: Sequence[TableMeld], changed: int, rules: MeldRules
) -> NaturalTable:
    """:func:`natural_table` of ``table``, which is ``summary``'s table with meld number
    ``changed`` replaced (or, when that is its length, added): only that meld is
    summed up again.

    A move changes one meld, and the rules ask about the table after a move for
    every candidate while a card is owed (R5-4); the other melds' masks are
    ``summary``'s.

    >>> from cardrules.cards import parse_cards
    >>> rules = MeldRules()
    >>> before = (make_meld(parse_cards("5H 6H 7H"), rules),)
    >>> after = (*before, make_meld(parse_cards("9S 9C 9D"), rules))
    >>> natural_table_with(natural_table(before, rules), after, 1, rules) == natural_table(
    ...     after, rules)
    True
    """
    fits_each = _fits_each_with(summary, table, changed, rules)
    if fits_each is None:
        return natural_table(table, rules)
    fits = 0
    for each in fits_each:
        fits |= each
    return NaturalTable(fits_each, fits, tuple(table))


def _fits_each_with(
    summary: NaturalTable, table: Sequence[TableMeld], changed: int, rules: MeldRules
) -> tuple[int, ...] | None:
    """Each meld's fits in ``table`` (``summary``'s table with meld ``changed`` replaced or
    added), only that meld's summed up again; ``None`` when ``table`` is not that (the
    caller sums every meld up)."""
    fits_each = summary.fits_each
    if len(summary.melds) != len(fits_each) or not 0 <= changed <= len(fits_each):
        return None
    mask = _natural_fits(table[changed], rules)
    fits_each = (*fits_each[:changed], mask, *fits_each[changed + 1 :])
    if len(fits_each) != len(table):
        return None
    return fits_each


def _natural_fits(meld: TableMeld, rules: MeldRules) -> int:
    """The :func:`card_mask` of the natural cards that lay off on ``meld``."""
    if isinstance(meld, SetMeld):
        return _set_fits(meld.rank, meld.suits)
    return _run_fits(meld.suit, meld.start, len(meld.cards), rules.allow_wraparound)


@functools.lru_cache(maxsize=1024, typed=True)
def _set_fits(rank: Rank, suits: tuple[Suit | None, ...]) -> int:
    """The natural cards that lay off on a set of ``rank`` whose places take ``suits``."""
    fits = 0
    if len(suits) < MAX_SET:
        for suit in SUITS:
            if suit not in suits:
                fits |= 1 << _CARDS[(rank, suit)].index
    return fits


@functools.lru_cache(maxsize=2048, typed=True)
def _run_fits(suit: Suit, start: int, length: int, wrap: bool) -> int:
    """The natural cards that lay off on a run of ``suit`` from ``start``, ``length`` cards."""
    fits = 0
    if length < MAX_RUN:
        end = start + length - 1
        if start > 1 or wrap:
            fits |= 1 << card_at(suit, start - 1 or 13).index
        if end < 14 or wrap:
            fits |= 1 << card_at(suit, end + 1).index
    return fits


_BY_INDEX: Final = sort_cards(make_deck(jokers_per_deck=1))
"""Every distinct card, at its ``index``."""


def cards_in(mask: int) -> list[Card]:
    """The cards of a :func:`card_mask`, in card order.

    >>> from cardrules.cards import parse_cards
    >>> [str(card) for card in cards_in(card_mask(parse_cards("2D AC JK")))]
    ['A♣', '2♦', 'JK']
    """
    cards = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        cards.append(_BY_INDEX[bit.bit_length() - 1])
    return cards


def _rank_mask(rank: Rank) -> int:
    return card_mask(_CARDS[(rank, suit)] for suit in SUITS)


def _run_windows(card: Card, wraparound: bool) -> tuple[int, ...]:
    """The masks of the three-card runs that hold ``card``."""
    assert card.suit is not None
    top = 26 if wraparound else 14
    positions = [int(card.rank)] + ([14] if card.rank is Rank.ACE else [])
    if wraparound:
        positions += [p + 13 for p in positions if p + 13 <= top]
    windows: dict[int, None] = {}
    for position in positions:
        for low in range(max(1, position - 2), min(position, top - 2) + 1):
            windows[card_mask(card_at(card.suit, p) for p in range(low, low + 3))] = None
    return tuple(windows)


_RANK_MASKS: Final = tuple(_rank_mask(rank) for rank in RANKS)
_WINDOWS: Final = {
    wraparound: tuple(_run_windows(card, wraparound) for card in sort_cards(_CARDS.values()))
    for wraparound in (False, True)
}
"""``_WINDOWS[wraparound][card.index]``: :func:`_run_windows` of every natural card."""


def can_place_natural(
    card: Card,
    held: int,
    table: NaturalTable,
    rules: MeldRules,
    budget: int,
    *,
    bridging: bool = True,
) -> bool:
    """:func:`can_place` when nothing is wild: which cards are held settles it.

    ``held`` is the :func:`card_mask` of the hand (``card`` among it), ``table``
    the :func:`natural_table` of the melds on the table and ``budget`` how many
    cards may be played this turn. With ``bridging=False`` the card must go
    down at once: in a new meld (three cards are enough if any meld will do) or
    straight onto a table meld. It is :func:`natural_depths` of a pile of one
    card, which asks every depth of a discard pile in one pass.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> table = natural_table((make_meld(parse_cards("5H 6H 7H"), MeldRules()),), MeldRules())
    >>> hand = card_mask(parse_cards("9H 2C"))
    >>> can_place_natural(parse_card("9H"), hand, table, MeldRules(), 1)
    False
    >>> can_place_natural(parse_card("9H"), hand | card_mask(parse_cards("8H")), table,
    ...                   MeldRules(), 2)
    True
    """
    return bool(natural_depths((card,), held, table, rules, budget - 1, bridging=bridging))


def can_place_natural_with(
    card: Card,
    held: int,
    summary: NaturalTable,
    table: Sequence[TableMeld],
    changed: int,
    rules: MeldRules,
    budget: int,
) -> bool:
    """``can_place_natural(card, held, natural_table_with(summary, table, changed, rules),
    rules, budget)``, without making that summary.

    The rules ask it for every meld and lay-off a listing offers while a card
    dug from the pile is owed (R5-4): what the table offers after the move is
    ``summary``'s masks with only meld number ``changed`` summed up again.

    >>> from cardrules.cards import parse_card, parse_cards
    >>> rules = MeldRules()
    >>> before = (make_meld(parse_cards("5H 6H 7H"), rules),)
    >>> after = (make_meld(parse_cards("5H 6H 7H 8H"), rules),)
    >>> hand = card_mask(parse_cards("9H 2C"))
    >>> can_place_natural_with(parse_card("9H"), hand, natural_table(before, rules), after, 0,
    ...                        rules, 1)
    True
    """
    # natural_table_with's masks, its NaturalTable left unmade.
    fits_each = _fits_each_with(summary, table, changed, rules)
    if fits_each is None:
        fits = natural_table(table, rules).fits
    else:
        fits = 0
        for each in fits_each:
            fits |= each
    return bool(_depths((card,), held, fits, table, rules, budget - 1, 1, 1, True))


def natural_depths(
    pile: Sequence[Card],
    held: int,
    table: NaturalTable,
    rules: MeldRules,
    budget: int,
    shallowest: int = 1,
    deepest: int | None = None,
    *,
    bridging: bool = True,
) -> list[int]:
    """The depths of a discard pile at which its card can be placed this turn, when nothing is wild.

    Depth ``n`` (1: the top card, ``pile[-1]``) asks :func:`can_place_natural`
    of ``pile[-n]`` once it and the ``n - 1`` cards above it have joined a hand
    whose mask is ``held``, with ``budget + n`` cards that may be played
    (``budget``: the hand's own). The depths from ``shallowest`` to ``deepest``
    (default: the whole pile) are asked in one pass, the hand's mask growing
    card by card, and the table's runs are looked up once.

    >>> from cardrules.cards import parse_cards
    >>> pile = tuple(parse_cards("8H 2S 5C"))  # 5♣ on top
    >>> natural_depths(pile, card_mask(parse_cards("6C 7C 9H")), natural_table((), MeldRules()),
    ...                MeldRules(), 2)
    [1]
    """
    if deepest is None:
        deepest = len(pile)
    return _depths(
        pile, held, table.fits, table.melds, rules, budget, shallowest, deepest, bridging
    )


def _depths(
    pile: Sequence[Card],
    held: int,
    fits: int,
    melds: Sequence[TableMeld],
    rules: MeldRules,
    budget: int,
    shallowest: int,
    deepest: int,
    bridging: bool,
) -> list[int]:
    """:func:`natural_depths` of a table given as the union of its ``fits`` and its ``melds``
    (those of a :class:`NaturalTable`)."""
    windows_at = _WINDOWS[rules.allow_wraparound]
    runs: tuple[list[RunMeld], ...] | None = None  # the table's runs by suit, if a card needs them
    found = []
    count = 0
    for card in reversed(pile[len(pile) - deepest :]):
        count += 1
        index = card.index
        held |= 1 << index  # the hand with every card down to this one taken
        if count < shallowest:
            continue
        room = budget + count
        # A run through the card, or a bridge to it, takes a held neighbour of its suit.
        near = held & _NEIGHBOURS_AT[index]
        if room >= 3:
            if (held & _RANK_MASK_AT[index]).bit_count() >= 3:
                found.append(count)
                continue
            placed = False
            if near:
                for window in windows_at[index]:
                    if held & window == window:
                        placed = True
                        break
            if placed:
                found.append(count)
                continue
        if room < 1:
            continue
        if fits >> index & 1:
            found.append(count)
            continue
        # Bridging lays off held cards from a run's end up to the card's place, the
        # last of them next to it.
        if not bridging or not near:
            continue
        if runs is None:
            runs = ([], [], [], [])
            for meld in melds:
                if isinstance(meld, RunMeld):
                    runs[meld.suit].append(meld)
        for meld in runs[index // 13]:  # the table's runs of the card's suit
            if _bridges_natural(meld, card, held, rules, room - 1):
                found.append(count)
                break
    return found


_RANK_MASK_AT: Final = tuple(_RANK_MASKS[card.rank - 1] for card in sort_cards(_CARDS.values()))
"""``_RANK_MASK_AT[card.index]``: the mask of the four cards of that natural card's rank."""


def _neighbours(card: Card) -> int:
    assert card.suit is not None
    # Position 0 is a king and 14 an ace: an ace's neighbours are the king and the two.
    return card_mask((card_at(card.suit, card.rank - 1), card_at(card.suit, card.rank + 1)))


_NEIGHBOURS_AT: Final = tuple(_neighbours(card) for card in sort_cards(_CARDS.values()))
"""``_NEIGHBOURS_AT[card.index]``: the cards of its suit one rank below and above it (an
ace's are the two and the king, with or without wrap-around: it may stand high)."""


def _bridges_natural(meld: RunMeld, card: Card, held: int, rules: MeldRules, budget: int) -> bool:
    """:func:`_bridges` with nothing wild: held cards lead from an end of the run to ``card``."""
    gaps = _bridge_gaps(meld.start, len(meld.cards), card.rank, rules.allow_wraparound)
    row = held >> 13 * meld.suit & _ROW
    for spent, gap in gaps:  # noqa: SIM110 (any() over a generator is slower here)
        if spent <= budget and row & gap == gap:
            return True
    return False


@functools.lru_cache(maxsize=4096, typed=True)
def _bridge_gaps(start: int, length: int, rank: Rank, wrap: bool) -> tuple[tuple[int, int], ...]:
    """How held cards could bridge a run (at ``start``, ``length`` cards) to a card of ``rank``.

    For each end, walking away from the run: the first place beyond which a
    card of ``rank`` would fit, as ``(cards to lay off first, their ranks as a
    row mask)``. The place must be two or more steps away (one step is a plain
    lay-off), the walk may not pass the card's own place, and the run may not
    grow past :data:`MAX_RUN`.
    """
    found = []
    for direction in (-1, 1):
        position = start if direction < 0 else start + length - 1
        size, spent, gap = length, 0, 0
        while size < MAX_RUN - 1:
            position += direction
            if not wrap and not 1 <= position <= 14:
                break
            natural = rank_at(position)
            if natural is rank:
                break
            spent += 1
            size += 1
            gap |= 1 << (natural - 1)
            beyond = position + direction
            if (wrap or 1 <= beyond <= 14) and rank_at(beyond) is rank:
                if size < MAX_RUN:
                    found.append((spent, gap))
                break
    return tuple(found)


def find_melds_with(card: Card, counts: Counter[Card], rules: MeldRules) -> Iterator[TableMeld]:
    """The melds from a hand (given as counts) that use ``card``."""
    wild_pool = sort_cards(c for c in counts.elements() if c in rules.wilds)
    if card in rules.wilds:
        candidates: Iterable[TableMeld] = itertools.chain(
            _find_sets(counts, wild_pool, rules), _find_runs(counts, wild_pool, rules)
        )
    else:
        candidates = itertools.chain(
            _find_sets(_only_rank(counts, card.rank, rules), wild_pool, rules),
            _find_runs(_only_suit(counts, card.suit, rules), wild_pool, rules),
        )
    for meld in candidates:
        if card in meld.cards:
            yield meld


def _only_rank(counts: Counter[Card], rank: Rank, rules: MeldRules) -> Counter[Card]:
    return Counter({c: n for c, n in counts.items() if c.rank is rank or c in rules.wilds})


def _only_suit(counts: Counter[Card], suit: Suit | None, rules: MeldRules) -> Counter[Card]:
    return Counter({c: n for c, n in counts.items() if c.suit is suit or c in rules.wilds})


def _bridges(
    meld: RunMeld, card: Card, rest: Counter[Card], rules: MeldRules, budget: int
) -> bool:
    """Whether hand cards can extend ``meld`` up to a place where ``card`` fits."""
    wilds_left = sum(n for c, n in rest.items() if c in rules.wilds)
    used_wilds = wild_count(meld) if rules.max_wilds is not None else 0  # only counts with a cap
    for direction in (-1, 1):
        position = meld.start if direction < 0 else meld.end
        length = len(meld.cards)
        spent = 0
        wild_spent = 0
        while length < MAX_RUN - 1 and spent < budget:
            position += direction
            if not rules.allow_wraparound and not 1 <= position <= 14:
                break
            natural = card_at(meld.suit, position)
            if rest[natural] > 0 and natural is not card:
                spent += 1
            elif wilds_left - wild_spent > 0 and (
                rules.max_wilds is None or used_wilds + wild_spent < rules.max_wilds
            ):
                wild_spent += 1
                spent += 1
            else:
                break
            length += 1
            beyond = card_at(meld.suit, position + direction)
            fits_beyond = (
                rules.allow_wraparound or 1 <= position + direction <= 14
            ) and (
                beyond == card
                or (
                    card in rules.wilds
                    and (rules.max_wilds is None or used_wilds + wild_spent < rules.max_wilds)
                )
            )
            if fits_beyond and length < MAX_RUN:
                return True
    return False
