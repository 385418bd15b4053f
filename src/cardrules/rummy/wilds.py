"""Wild-card extensions to :mod:`cardrules.rummy.melds` for Las Vegas Rummy.

Everything here works on the shared :class:`~cardrules.rummy.meld_types.RunMeld` and
:class:`~cardrules.rummy.meld_types.SetMeld` values and the shared
:class:`~cardrules.rummy.meld_types.MeldRules`:

* **Open set wilds** (spec LV-8): a wild card in a set either states the suit it
  stands for or stays *open* (``suits[i] is None``); an open wild takes whichever
  suit is still missing, so it never blocks a natural card of a missing suit.
* **Strictness** (LV-6): ``MeldRules.max_wilds = 1`` caps wild cards per meld at
  every moment, because every new meld, lay-off and swap is checked with
  :func:`~cardrules.rummy.melds.meld_error`.
* **Solidarity off** (LV-7): :func:`swap_options` lists the wild cards that a
  natural card may replace (exactly the card the wild represents; for an open
  set wild any suit the set still lacks).
* **Canonical melds**: :func:`normalize` puts a meld in a canonical physical
  order, and :func:`enumerate_melds` lists every distinct meld a hand can lay
  down, fast enough for hands full of wild cards.
* **Text**: :func:`meld_text` / :func:`parse_meld` write and read a meld, a wild
  card followed by what it stands for (``JK=6♥``) or, open in a set, by the rank
  and ``?`` (``2♠=7?``).

>>> from cardrules.cards import JOKER, Card, Rank, Suit, parse_cards
>>> rules = MeldRules(wilds=frozenset({JOKER}), declare_set_suits=True)
>>> meld = parse_meld("5H JK=6H 7H", rules)
>>> meld_text(meld)
'5♥ JK=6♥ 7♥'
>>> [(str(wild), meld_text(new)) for wild, new in swap_options(meld, parse_cards("6H")[0], rules)]
[('JK', '5♥ 6♥ 7♥')]
>>> meld_text(parse_meld("7C 7D JK", rules))
'7♣ 7♦ JK=7?'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import Final

from cardrules.cards import RANKS, SUITS, Card, Rank, Suit, parse_card, sort_cards
from cardrules.rummy.melds import (
    MAX_RUN,
    MAX_SET,
    MeldError,
    MeldRules,
    RunMeld,
    SetMeld,
    TableMeld,
    card_at,
    card_mask,
    layoff_options,
    make_meld,
    meld_error,
    placements,
    rank_at,
)

__all__ = [
    "MAX_MELD_TOKENS",
    "check_meld_cards",
    "enumerate_melds",
    "is_wild_in",
    "layoff_choices",
    "meld_text",
    "normalize",
    "parse_meld",
    "parse_placed_card",
    "placed_card_text",
    "read_meld",
    "swap_options",
    "wild_mask",
]

_CARDS: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card(rank, suit) for rank in RANKS for suit in SUITS
}

_SUIT_ROW: Final = (1 << 13) - 1
"""The bits of one suit's natural cards in a :func:`~cardrules.rummy.melds.card_mask`."""

_SET_PLACES: Final = tuple(
    tuple((suit, _CARDS[(rank, suit)].index) for suit in SUITS) for rank in RANKS
)
"""``_SET_PLACES[rank - 1]``: each suit with the mask bit of that rank's card of the suit."""

_RUN_STARTS: Final = ((1 << 14) - 1) & ~1
"""Bits 1 to 13: the positions a run may start at."""


_RANK_PLACES: Final = tuple(
    sum(1 << p for p in range(1, 14 + MAX_RUN) if rank_at(p) is rank) for rank in RANKS
)
"""``_RANK_PLACES[rank - 1]``: bit ``p`` set when run position ``p`` is a card of
that rank (see :func:`_run_row`)."""


@lru_cache(maxsize=64)
def wild_mask(wilds: frozenset[Card]) -> int:
    """The wild cards as a mask, bit ``card.index`` set for each (one per round's rules).

    >>> from cardrules.cards import JOKER, parse_card
    >>> bin(wild_mask(frozenset({JOKER, parse_card("2C")})))
    '0b10000000000000000000000000000000000000000000000000010'
    """
    return card_mask(wilds)


def _ranks_held_at_least(held_mask: int, need: int) -> int:
    """Bit ``rank - 1`` set: ``held_mask`` holds natural cards of that rank in ``need`` suits.

    The four suit rows added bit by bit (``at_least[k]``: the ranks held in ``k``
    suits or more), instead of counting each of the thirteen ranks.
    """
    if need <= 0:
        return _SUIT_ROW
    if need > 4:
        return 0
    a = held_mask & _SUIT_ROW
    b = held_mask >> 13 & _SUIT_ROW
    c = held_mask >> 26 & _SUIT_ROW
    d = held_mask >> 39 & _SUIT_ROW
    # Two suits at a time: a rank is held in k of four suits when the pairs
    # (clubs, diamonds) and (hearts, spades) hold it k times between them.
    one_of_ab, both_ab = a | b, a & b
    one_of_cd, both_cd = c | d, c & d
    if need == 1:
        return one_of_ab | one_of_cd
    if need == 2:
        return both_ab | both_cd | (one_of_ab & one_of_cd)
    if need == 3:
        return (both_ab & one_of_cd) | (both_cd & one_of_ab)
    return both_ab & both_cd


def _window_starts(row: int, width: int, need: int) -> int:
    """Bit ``s`` set: at least ``need`` of the ``width`` bits of ``row`` from ``s`` up are set.

    So a run of ``width`` cards starting at ``s`` misses at most ``width - need``
    natural cards (what the wild cards must fill): one pass over the held
    positions instead of a test at every start.
    """
    if need <= 0:
        return ~0
    if need == 1:
        starts = 0
        for k in range(width):
            starts |= row >> k
        return starts
    if need == width:
        starts = row
        for k in range(1, width):
            starts &= row >> k
        return starts
    # at_least[j]: bit s set when j of the bits of row from s up to the one
    # shifted in so far are set (a counter per start, added bit-parallel).
    at_least = [~0] + [0] * need
    for k in range(width):
        shifted = row >> k
        for j in range(need, 0, -1):
            at_least[j] |= at_least[j - 1] & shifted
    return at_least[need]



def _run_row(held_mask: int, suit: Suit) -> int:
    """Bit ``p`` set: the natural card of ``suit`` at run position ``p`` is held.

    Positions 1 to 13 are ace to king, 14 the ace again and 15 to 26 two to king
    once more (wrap-around), as :func:`~cardrules.rummy.melds.card_at`.
    """
    ranks = held_mask >> (13 * suit) & _SUIT_ROW  # bit r - 1 for rank r
    return ranks << 1 | (ranks & 1) << 14 | (ranks >> 1) << 15


def is_wild_in(meld: TableMeld, index: int) -> bool:
    """Whether ``meld.cards[index]`` stands for a card other than itself."""
    card, natural = placements(meld)[index]
    return card != natural


# ---------------------------------------------------------------------------
# Canonical form


def _card_key(card: Card) -> int:
    return card.index


def _suit_key(suit: Suit | None) -> int:
    return -1 if suit is None else int(suit)


def normalize(meld: TableMeld, *, interchangeable: bool) -> TableMeld:
    """The meld in canonical physical order.

    A set's cards carry no order: naturals come first by suit, then wild cards
    by card. With ``interchangeable`` (meld solidarity on: a wild card on the
    table can never come back, so which wild sits where cannot matter) the wild
    cards of a run fill its wild places in card order, and a set's wild cards
    take its stated suits in suit order (open places first).
    """
    if isinstance(meld, RunMeld):
        if not interchangeable:
            return meld
        places = placements(meld)
        wild_at = [i for i, (card, natural) in enumerate(places) if card != natural]
        spare = [meld.cards[i] for i in wild_at]
        cards = list(meld.cards)
        rest: list[int] = []
        # A card of the wild rank that is the natural card of a wild place stands
        # for itself there (LV-6): the same cards in the same places.
        for i in wild_at:
            natural = places[i][1]
            if natural in spare:
                spare.remove(natural)
                cards[i] = natural
            else:
                rest.append(i)
        for i, card in zip(rest, sorted(spare, key=_card_key)):
            cards[i] = card
        return RunMeld(meld.suit, meld.start, tuple(cards))
    in_order, has_wild = _set_order_of(meld)
    if in_order and (not has_wild or not interchangeable):
        return meld  # what the steps below give back for a set already in order
    naturals: list[tuple[Card, Suit | None]] = []
    wild_pairs: list[tuple[Card, Suit | None]] = []
    for card, suit in zip(meld.cards, meld.suits):
        if suit is not None and card == _CARDS[(meld.rank, suit)]:
            naturals.append((card, suit))
        else:
            wild_pairs.append((card, suit))
    naturals.sort(key=lambda pair: _suit_key(pair[1]))
    if interchangeable:
        wild_cards = sorted((c for c, _ in wild_pairs), key=_card_key)
        stated = [s for _, s in wild_pairs]
        # A wild card of the set's rank whose own suit is stated for some wild
        # card may as well stand for itself (LV-6): same cards, same suits.
        for card in list(wild_cards):
            if card.rank is meld.rank and card.suit in stated:
                wild_cards.remove(card)
                stated.remove(card.suit)
                naturals.append((card, card.suit))
        naturals.sort(key=lambda pair: _suit_key(pair[1]))
        wild_pairs = list(zip(wild_cards, sorted(stated, key=_suit_key)))
    else:
        wild_pairs.sort(key=lambda pair: (pair[0].index, _suit_key(pair[1])))
    pairs = naturals + wild_pairs
    return SetMeld(meld.rank, tuple(c for c, _ in pairs), tuple(s for _, s in pairs))


def _set_order_of(meld: SetMeld) -> tuple[bool, bool]:
    """Whether the set's cards are in :func:`normalize`'s order without
    ``interchangeable`` (naturals by suit, then wild cards by card and stated
    suit), and whether it holds a wild card.

    Sets are listed and built in that order, so :func:`normalize` (a meld
    action's converter calls it) mostly finds nothing to sort.
    """
    last_suit: Suit | None = None
    last_wild: tuple[int, int] | None = None
    rank = meld.rank
    for card, suit in zip(meld.cards, meld.suits):
        if suit is not None and card == _CARDS[(rank, suit)]:
            if last_wild is not None or (last_suit is not None and suit < last_suit):
                return False, last_wild is not None
            last_suit = suit
        else:
            key = (card.index, _suit_key(suit))
            if last_wild is not None and key < last_wild:
                return False, True
            last_wild = key
    return True, last_wild is not None


# ---------------------------------------------------------------------------
# Swapping a wild card out of a meld (LV-7, solidarity off)


def swap_options(meld: TableMeld, natural: Card, rules: MeldRules) -> list[tuple[Card, TableMeld]]:
    """Every wild card ``natural`` may replace in ``meld``: ``(wild taken, new meld)``.

    The natural card must be exactly the card the wild card represents (rank and
    suit); an open set wild may be replaced by a card of any suit the set still
    lacks. The list holds one entry per distinct wild card that could come back,
    in card order; the new meld is normalized with ``interchangeable=False``.
    """
    if natural.is_joker:
        return []
    out: dict[Card, TableMeld] = {}
    if isinstance(meld, RunMeld):
        for i, (card, represented) in enumerate(placements(meld)):
            if card != represented and represented == natural:
                cards = (*meld.cards[:i], natural, *meld.cards[i + 1 :])
                new: TableMeld = RunMeld(meld.suit, meld.start, cards)
                if meld_error(new, rules) is None:
                    out.setdefault(card, new)
        return sorted(out.items(), key=lambda item: item[0].index)
    if natural.rank is not meld.rank:
        return []
    named = {suit for suit in meld.suits if suit is not None}
    for i, (card, suit) in enumerate(zip(meld.cards, meld.suits)):
        is_wild = suit is None or card != _CARDS[(meld.rank, suit)]
        if not is_wild:
            continue
        if suit is None and natural.suit in named:
            continue  # LV-8: an open wild stands for a suit the set still lacks
        if suit is not None and natural.suit is not suit:
            continue
        cards = (*meld.cards[:i], natural, *meld.cards[i + 1 :])
        suits = (*meld.suits[:i], natural.suit, *meld.suits[i + 1 :])
        new = normalize(SetMeld(meld.rank, cards, suits), interchangeable=False)
        if meld_error(new, rules) is None:
            out.setdefault(card, new)
    return sorted(out.items(), key=lambda item: item[0].index)


# ---------------------------------------------------------------------------
# Text forms


def placed_card_text(
    card: Card, natural: Card | Rank | None, rank: Rank | None = None
) -> str:
    """One card as placed: ``7♥``, ``JK=6♥`` or an open set wild ``JK=7?``.

    ``natural`` may be a :class:`~cardrules.cards.Rank` (an open place of that
    rank); ``None`` with a ``rank`` is an open place too, ``None`` alone the card
    itself.
    """
    if isinstance(natural, Rank):
        return f"{card}={natural.label}?"
    if natural is None:
        if rank is None:
            return str(card)
        return f"{card}={rank.label}?"
    if card == natural:
        return str(card)
    return f"{card}={natural}"


def meld_text(meld: TableMeld) -> str:
    """The meld as text, every wild card followed by what it stands for."""
    rank = meld.rank if isinstance(meld, SetMeld) else None
    return " ".join(placed_card_text(card, natural, rank) for card, natural in placements(meld))


def parse_placed_card(token: str) -> tuple[Card, Card | Rank | None]:
    """Read ``7♥``, ``JK=6♥`` or ``2♠=7?``: the card and what it stands for.

    The second item follows :func:`~cardrules.rummy.melds.make_meld`'s
    ``stands_for`` convention (``None``: itself, or an open set place for a joker).
    """
    card_text, sep, target = token.partition("=")
    card = parse_card(card_text)
    if not sep:
        return card, None
    target = target.strip()
    if target.endswith("?"):
        label = target[:-1].strip().upper()
        ranks = {r.label: r for r in RANKS} | {"T": Rank.TEN}
        if label not in ranks:
            raise ValueError(f"not a rank: {target[:-1]!r}")
        return card, ranks[label]
    natural = parse_card(target)
    if natural.is_joker:
        raise ValueError(f"{token!r}: no card stands for a joker")
    return card, natural


def parse_meld(text: str, rules: MeldRules) -> TableMeld:
    """Read a meld written by :func:`meld_text` (runs low to high).

    Raises :class:`~cardrules.rummy.melds.MeldError` (a ``ValueError``) when the
    text is no legal meld under ``rules``.
    """
    pairs = [parse_placed_card(token) for token in text.replace(",", " ").split()]
    return make_meld([c for c, _ in pairs], rules, [t for _, t in pairs])


# ---------------------------------------------------------------------------
# Enumerating the melds of a hand


@cache
def _multisets(pool: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    """Distinct sorted sub-multisets of ``size`` cards from the sorted ``pool``.

    Built from the counts of the distinct cards, so equal cards (several decks)
    never multiply the work.
    """
    distinct = sorted(Counter(pool).items(), key=lambda item: item[0].index)
    out: list[tuple[Card, ...]] = []

    def build(start: int, need: int, chosen: list[Card]) -> None:
        if need == 0:
            out.append(tuple(chosen))
            return
        for k in range(start, len(distinct)):
            card, count = distinct[k]
            for take in range(min(count, need), 0, -1):
                chosen.extend([card] * take)
                build(k + 1, need - take, chosen)
                del chosen[len(chosen) - take :]

    build(0, size, [])
    return tuple(sorted(out, key=lambda c: [x.index for x in c]))


@cache
def _set_suit_choices(
    wilds: tuple[Card, ...], missing: tuple[Suit, ...], declare: bool, interchangeable: bool
) -> tuple[tuple[Suit | None, ...], ...]:
    """Suits (``None``: open) the wild cards of a set may take, one per distinct meld.

    Each choice is in :func:`normalize`'s order for the (sorted) ``wilds``: with
    ``interchangeable`` the suits ascend (open first); otherwise they ascend
    within each run of equal wild cards.
    """
    if not wilds:
        return ((),)
    if not declare:
        return ((None,) * len(wilds),)
    out: list[tuple[Suit | None, ...]] = []
    seen: set[tuple[Suit | None, ...]] = set()
    for choice in itertools.product((None, *missing), repeat=len(wilds)):
        named = [s for s in choice if s is not None]
        if len(set(named)) != len(named):
            continue
        if interchangeable:
            key = tuple(sorted(choice, key=_suit_key))
        else:
            pairs = sorted(zip(wilds, choice), key=lambda p: (p[0].index, _suit_key(p[1])))
            key = tuple(suit for _, suit in pairs)
        if key in seen:
            continue
        seen.add(key)
        out.append(key)
    return tuple(out)


def _minus(pool: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    rest = list(pool)
    for card in used:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def enumerate_melds(
    hand: Sequence[Card],
    rules: MeldRules,
    *,
    max_size: int | None = None,
    interchangeable: bool = True,
    only_size: int | None = None,
) -> list[TableMeld]:
    """Every distinct meld of at most ``max_size`` cards that ``hand`` can lay down.

    With ``only_size`` only the melds of exactly that many cards (Las Vegas
    Rummy lists the three-card melds: a longer meld is one of them and lay-offs).

    Melds are normalized (see :func:`normalize`); with ``interchangeable`` the
    arrangements of the same wild cards over the same wild places count once.
    Order: sets by rank (naturals by suit combination, then wild cards), then
    runs by suit, start and length. Every meld passes
    :func:`~cardrules.rummy.melds.meld_error` (by construction).
    """
    held_mask = card_mask(hand)  # which cards are held: one bit test instead of a count
    limit = len(hand) if max_size is None else min(max_size, len(hand))
    if only_size is not None:
        if only_size > limit:
            return []
        limit = only_size
    low_size = 3 if only_size is None else only_size
    if limit < 3:
        return []
    wild_bits = wild_mask(rules.wilds)  # (a card hashes in Python; its index is at hand)
    pool = sort_cards([c for c in hand if wild_bits >> c.index & 1])
    cap = len(pool) if rules.max_wilds is None else min(rules.max_wilds, len(pool))
    out: list[TableMeld] = []
    seen: set[TableMeld] = set()

    def emit(meld: TableMeld) -> None:
        # Built legal by construction (size, suits, wild cap, naturals); the
        # tests check every result against meld_error. A card of the wild rank
        # may be built into a wild place where it is the natural card: normalize
        # puts it there, and the same meld may come up twice.
        meld = normalize(meld, interchangeable=interchangeable)
        if meld not in seen:
            seen.add(meld)
            out.append(meld)

    def emit_plain(meld: TableMeld) -> None:
        # No wild card here can be a natural card of the meld: built canonical, once.
        out.append(meld)

    # Sets (LV-8): different suits, at most four cards even with several decks.
    low = 1 if rules.require_natural else 0
    # Only the ranks with enough natural cards for the wild cards to fill the rest.
    ranks = _ranks_held_at_least(held_mask, low_size - cap)
    while ranks:
        lowest = ranks & -ranks
        ranks ^= lowest
        rank = RANKS[lowest.bit_length() - 1]
        held = [suit for suit, bit in _SET_PLACES[rank - 1] if held_mask >> bit & 1]
        # Only a set of the wild rank can be built twice (a wild-rank card placed
        # as a wild card with its own suit is the natural placement).
        sink = emit if any(c.rank is rank for c in pool) else emit_plain
        for size in range(low, len(held) + 1):
            for natural_suits in itertools.combinations(held, size):
                naturals = tuple(_CARDS[(rank, s)] for s in natural_suits)
                rest = _minus(pool, naturals)
                missing = tuple(s for s in SUITS if s not in natural_suits)
                top = min(cap, len(rest), MAX_SET - size, limit - size)
                for n_wild in range(max(0, low_size - size), top + 1):
                    for wilds in _multisets(rest, n_wild):
                        for suits in _set_suit_choices(
                            wilds, missing, rules.declare_set_suits, interchangeable
                        ):
                            sink(SetMeld(rank, naturals + wilds, natural_suits + suits))

    # Runs (LV-9): one suit, in sequence, ace high or low; wild cards by position.
    for suit in SUITS:
        if rules.require_natural and not held_mask >> (13 * suit) & _SUIT_ROW:
            continue  # no natural card of the suit
        row = _run_row(held_mask, suit)
        if not row and cap < low_size:
            continue
        # Bit p set: the natural card at position p is the rank of a wild card of
        # this suit in the hand (such a card may sit in the run as itself).
        own_places = 0
        for c in pool:
            if c.suit is suit:
                own_places |= _RANK_PLACES[c.rank - 1]
        # A start whose shortest span already misses more cards than the wild
        # cards can fill is passed over: so does every longer span from it.
        starts = _window_starts(row, low_size, low_size - cap) & _RUN_STARTS
        while starts:
            lowest = starts & -starts
            starts ^= lowest
            start = lowest.bit_length() - 1
            top_position = start + MAX_RUN - 1 if rules.allow_wraparound else 14
            if start + low_size - 1 > top_position:
                continue
            held_positions: list[int] = []
            for end in range(start, top_position + 1):
                length = end - start + 1
                if length > limit:
                    break
                if row >> end & 1:
                    held_positions.append(end)
                if length - len(held_positions) > cap:
                    break
                if length >= low_size:
                    own = own_places >> start & ((1 << length) - 1) != 0
                    _runs_for_span(
                        suit, start, length, held_positions, pool, cap, rules,
                        interchangeable, emit if own else emit_plain,
                    )
    return out


def _runs_for_span(
    suit: Suit,
    start: int,
    length: int,
    held_positions: list[int],
    pool: tuple[Card, ...],
    cap: int,
    rules: MeldRules,
    interchangeable: bool,
    emit: Callable[[TableMeld], None],
) -> None:
    positions = range(start, start + length)
    held = set(held_positions)
    gaps = [p for p in positions if p not in held]
    spare = cap - len(gaps)
    for n_replaced in range(min(spare, len(held_positions)) + 1):
        for replaced in itertools.combinations(held_positions, n_replaced):
            wild_places = sorted([*gaps, *replaced])
            if rules.require_natural and len(wild_places) == length:
                continue
            # Every natural place is a held position, and the places of a run (at
            # most 13) are distinct cards: the hand holds each natural card needed.
            naturals = [card_at(suit, p) for p in positions if p not in wild_places]
            rest = _minus(pool, naturals)
            for wilds in _multisets(rest, len(wild_places)):
                orders = (wilds,) if interchangeable else tuple(_distinct_orders(wilds))
                for order in orders:
                    by_position = dict(zip(wild_places, order))
                    cards = tuple(by_position.get(p) or card_at(suit, p) for p in positions)
                    emit(RunMeld(suit, start, cards))


def check_meld_cards(meld: TableMeld, hand: Sequence[Card]) -> str | None:
    """``None`` if ``hand`` holds every card of ``meld``, else the reason."""
    need = Counter(meld.cards)
    have = Counter(hand)
    short = [card for card, n in need.items() if have[card] < n]
    if short:
        return "you do not hold " + " ".join(str(c) for c in sort_cards(short))
    return None



# ---------------------------------------------------------------------------
# Lay-offs with open set wilds (LV-8)


def layoff_choices(
    meld: TableMeld, card: Card, rules: MeldRules
) -> list[tuple[Card | Rank | None, TableMeld]]:
    """Every way to lay ``card`` off on ``meld``: ``(stands_for, new meld)`` pairs.

    ``stands_for`` is ``None`` for a card going on as itself and for a joker
    taking an open place in a set; a :class:`~cardrules.cards.Rank` (the set's
    rank) for any other wild card taking an open place (LV-8: even a card of
    the wild rank on a set of its own rank, ``7♣=7?``); otherwise the natural
    card the wild card stands for. Natural placements come first, then the open
    place, then stated suits / run ends as
    :func:`~cardrules.rummy.melds.layoff_options` lists them.

    >>> from cardrules.cards import JOKER, parse_card
    >>> rules = MeldRules(wilds=frozenset({JOKER, parse_card("7C")}), declare_set_suits=True)
    >>> meld = parse_meld("7S 7H JK=7?", rules)
    >>> seven = parse_card("7C")
    >>> [placed_card_text(seven, sf) for sf, _ in layoff_choices(meld, seven, rules)]
    ['7♣', '7♣=7?', '7♣=7♦']
    """
    options: list[tuple[Card | Rank | None, TableMeld]] = []
    for stands_for, new in layoff_options(meld, card, rules):
        if (
            stands_for is None
            and isinstance(new, SetMeld)
            and new.suits[-1] is None
            and not card.is_joker
        ):
            options.append((new.rank, new))
        else:
            options.append((stands_for, new))
    if (
        isinstance(meld, SetMeld)
        and card in rules.wilds
        and not card.is_joker
        and card.rank is meld.rank
        and card.suit not in meld.suits
        and len(meld.cards) < MAX_SET
    ):
        # The natural placement exists; the same card may also go on open (LV-6, LV-8).
        new = SetMeld(meld.rank, (*meld.cards, card), (*meld.suits, None))
        if meld_error(new, rules) is None:
            options.insert(1 if options and options[0][0] is None else 0, (meld.rank, new))
    return options


# ---------------------------------------------------------------------------
# Reading a meld as people write it (wild identities inferred)


MAX_MELD_TOKENS: Final = MAX_RUN
"""A meld is written with at most 13 cards (a run's most)."""


def _run_readings(
    fixed: list[tuple[Card, Card]],
    free: list[Card],
    wraparound: bool,
    interchangeable: bool,
) -> list[TableMeld]:
    """The runs whose fixed cards stand where their targets say and free cards fill the rest."""
    suits = {target.suit for _, target in fixed}
    if len(suits) != 1 or None in suits:
        return []
    suit = suits.pop()
    assert suit is not None
    length = len(fixed) + len(free)
    if length > MAX_RUN:
        return []
    out: list[TableMeld] = []
    for start in range(1, 14):
        end = start + length - 1
        if end > (start + MAX_RUN - 1 if wraparound else 14):
            break
        places: dict[int, Card] = {}
        ok = True
        for card, target in fixed:
            where = [p for p in range(start, end + 1) if card_at(suit, p) == target]
            if len(where) != 1 or where[0] in places:
                ok = False
                break
            places[where[0]] = card
        if not ok:
            continue
        gaps = [p for p in range(start, end + 1) if p not in places]
        # Two orders are enough to know that the order is a real choice.
        orders = (
            [tuple(sorted(free, key=_card_key))]
            if interchangeable
            else list(itertools.islice(_distinct_orders(free), 2))
        )
        for order in orders:
            filled = dict(places)
            filled.update(zip(gaps, order))
            out.append(RunMeld(suit, start, tuple(filled[p] for p in range(start, end + 1))))
    return out


def _distinct_orders(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """The distinct orders of a multiset of cards, lazily (card order first)."""
    counts = sorted(Counter(cards).items(), key=lambda item: item[0].index)
    left = [n for _, n in counts]
    chosen: list[Card] = []

    def build() -> Iterator[tuple[Card, ...]]:
        if len(chosen) == len(cards):
            yield tuple(chosen)
            return
        for k, (card, _) in enumerate(counts):
            if left[k]:
                left[k] -= 1
                chosen.append(card)
                yield from build()
                chosen.pop()
                left[k] += 1

    return build()


def _set_reading(fixed: list[tuple[Card, Card | Rank]], free: list[Card]) -> list[TableMeld]:
    ranks = {target.rank if isinstance(target, Card) else target for _, target in fixed}
    if len(ranks) != 1:
        return []
    rank = ranks.pop()
    if rank is Rank.JOKER:
        return []
    cards = tuple(card for card, _ in fixed) + tuple(free)
    suits = tuple(t.suit if isinstance(t, Card) else None for _, t in fixed) + (None,) * len(free)
    return [SetMeld(rank, cards, suits)]


def read_meld(
    pairs: Sequence[tuple[Card, Card | Rank | None]],
    rules: MeldRules,
    *,
    lenient: MeldRules | None = None,
    interchangeable: bool = True,
) -> TableMeld:
    """The meld meant by cards written in any order, wild identities inferred.

    ``pairs`` are the cards with what they stand for, as
    :func:`parse_placed_card` reads them: a card written alone is itself if it
    is not wild; a joker written alone takes the place its position leaves (in a
    run) or an open place (in a set); a card of the wild rank written alone is
    itself when some reading allows it, else placed like a joker. Only a real
    choice needs naming (a wild card that could go at either end of a run, or
    several wild cards that could fill the places in different orders when
    ``interchangeable`` is false). Readings legal under ``rules`` win; if there
    is none, one legal under the wider ``lenient`` rules is returned (so that the
    caller can say which rule it breaks). Raises
    :class:`~cardrules.rummy.melds.MeldError` when the cards are no meld or
    when the reading is a real choice (the message lists the choices).

    >>> from cardrules.cards import JOKER
    >>> rules = MeldRules(wilds=frozenset({JOKER}), declare_set_suits=True)
    >>> meld_text(read_meld([parse_placed_card(t) for t in "7H JK 5H".split()], rules))
    '5♥ JK=6♥ 7♥'
    """
    if len(pairs) > MAX_MELD_TOKENS:
        raise MeldError(f"a meld has at most {MAX_MELD_TOKENS} cards")
    text = " ".join(placed_card_text(card, target) for card, target in pairs)
    if len(pairs) < 3:
        raise MeldError(f"{text or 'nothing'}: a meld needs at least three cards")
    fixed: list[tuple[Card, Card | Rank]] = []
    jokers: list[Card] = []
    maybe: list[Card] = []  # wild cards written alone that may be themselves
    for card, target in pairs:
        if isinstance(target, Card) and target.is_joker:
            raise MeldError(f"{text}: no card stands for a joker")
        if target is not None:
            fixed.append((card, target))
        elif card.is_joker:
            jokers.append(card)
        elif card in rules.wilds:
            maybe.append(card)
        else:
            fixed.append((card, card))
    wider = lenient or rules
    # How many of each card of the wild rank written alone stop standing for itself.
    distinct = sorted(Counter(maybe).items(), key=lambda item: item[0].index)
    splits = sorted(
        itertools.product(*(range(n + 1) for _, n in distinct)), key=lambda ks: (sum(ks), ks)
    )
    best: dict[TableMeld, None] = {}
    fallback: dict[TableMeld, None] = {}
    best_level = fallback_level = None
    for split in splits:
        level = sum(split)
        if best_level is not None and level > best_level:
            break
        freed = [card for (card, _), k in zip(distinct, split) for _ in range(k)]
        natural = [card for (card, n), k in zip(distinct, split) for _ in range(n - k)]
        known = fixed + [(card, card) for card in natural]
        free = jokers + freed
        if not known:
            continue  # every card wild: nothing says what they stand for
        readings = _set_reading(known, free)
        run_known = [(c, t) for c, t in known if isinstance(t, Card)]
        if len(run_known) == len(known):
            readings += _run_readings(run_known, free, wider.allow_wraparound, interchangeable)
        for meld in readings:
            meld = normalize(meld, interchangeable=interchangeable)
            if meld_error(meld, rules) is None:
                best[meld] = None
                best_level = level
            elif meld_error(meld, wider) is None and (
                fallback_level is None or level == fallback_level
            ):
                fallback[meld] = None
                fallback_level = level
    found = best or fallback
    if len(found) == 1:
        return next(iter(found))
    if not found:
        if not fixed and not maybe:
            raise MeldError(f"{text}: say what the wild cards stand for (e.g. JK=6♥)")
        try:
            make_meld([c for c, _ in pairs], wider, [t for _, t in pairs])
        except MeldError as exc:
            raise MeldError(str(exc)) from None
        raise MeldError(f"{text} is neither a set nor a run")
    choices = " or ".join(meld_text(m) for m in list(found)[:4])
    raise MeldError(f"{text} can be read more than one way; write which: {choices}")
