"""Wild-card extensions to :mod:`cardrules.rummy.melds` for Las Vegas Rummy.

Everything here works on the shared :class:`~cardrules.rummy.melds.RunMeld` and
:class:`~cardrules.rummy.melds.SetMeld` values and the shared
:class:`~cardrules.rummy.melds.MeldRules`:

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
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from cardrules.cards import RANKS, SUITS, Card, Rank, Suit, parse_card, sort_cards
from cardrules.rummy.melds import (
    MAX_RUN,
    MAX_SET,
    MeldRules,
    RunMeld,
    SetMeld,
    TableMeld,
    card_at,
    make_meld,
    meld_error,
    placements,
)

__all__ = [
    "check_meld_cards",
    "enumerate_melds",
    "is_wild_in",
    "meld_text",
    "normalize",
    "parse_meld",
    "parse_placed_card",
    "placed_card_text",
    "swap_options",
]

_CARDS: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card(rank, suit) for rank in RANKS for suit in SUITS
}


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
        wilds = sorted((meld.cards[i] for i in wild_at), key=_card_key)
        cards = list(meld.cards)
        for i, card in zip(wild_at, wilds):
            cards[i] = card
        return RunMeld(meld.suit, meld.start, tuple(cards))
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


def placed_card_text(card: Card, natural: Card | None, rank: Rank | None = None) -> str:
    """One card as placed: ``7♥``, ``JK=6♥`` or an open set wild ``JK=7?``."""
    if natural is None:
        return f"{card}={rank.label if rank is not None else ''}?"
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
    """Distinct sorted sub-multisets of ``size`` cards from the sorted ``pool``."""
    combos = set(itertools.combinations(pool, size))
    return tuple(sorted(combos, key=lambda c: [x.index for x in c]))


@cache
def _arrangements(wilds: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Distinct orders of a multiset of wild cards."""
    return tuple(sorted(set(itertools.permutations(wilds)), key=lambda c: [x.index for x in c]))


@cache
def _set_suit_choices(
    wilds: tuple[Card, ...], missing: tuple[Suit, ...], declare: bool, interchangeable: bool
) -> tuple[tuple[Suit | None, ...], ...]:
    """Suits (``None``: open) the wild cards of a set may take, one per distinct meld."""
    if not wilds:
        return ((),)
    if not declare:
        return ((None,) * len(wilds),)
    out: list[tuple[Suit | None, ...]] = []
    seen: set[object] = set()
    for choice in itertools.product((None, *missing), repeat=len(wilds)):
        named = [s for s in choice if s is not None]
        if len(set(named)) != len(named):
            continue
        if interchangeable:
            key: object = tuple(sorted(choice, key=_suit_key))
        else:
            key = tuple(sorted(zip(wilds, choice), key=lambda p: (p[0].index, _suit_key(p[1]))))
        if key in seen:
            continue
        seen.add(key)
        out.append(choice)
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
) -> list[TableMeld]:
    """Every distinct meld of at most ``max_size`` cards that ``hand`` can lay down.

    Melds are normalized (see :func:`normalize`); with ``interchangeable`` the
    arrangements of the same wild cards over the same wild places count once.
    Order: sets by rank (naturals by suit combination, then wild cards), then
    runs by suit, start and length. Every meld passes
    :func:`~cardrules.rummy.melds.meld_error` (by construction).
    """
    counts = Counter(hand)
    limit = len(hand) if max_size is None else min(max_size, len(hand))
    if limit < 3:
        return []
    pool = sort_cards(c for c in counts.elements() if c in rules.wilds)
    cap = len(pool) if rules.max_wilds is None else min(rules.max_wilds, len(pool))
    out: list[TableMeld] = []
    seen: set[TableMeld] = set()

    def emit(meld: TableMeld) -> None:
        # Built legal by construction (size, suits, wild cap, naturals); the
        # tests check every result against meld_error.
        if isinstance(meld, SetMeld):  # runs are built in canonical form
            meld = normalize(meld, interchangeable=interchangeable)
        if meld not in seen:
            seen.add(meld)
            out.append(meld)

    # Sets (LV-8): different suits, at most four cards even with several decks.
    for rank in RANKS:
        held = [s for s in SUITS if counts[_CARDS[(rank, s)]] > 0]
        low = 1 if rules.require_natural else 0
        for size in range(low, len(held) + 1):
            for natural_suits in itertools.combinations(held, size):
                naturals = tuple(_CARDS[(rank, s)] for s in natural_suits)
                rest = _minus(pool, naturals)
                missing = tuple(s for s in SUITS if s not in natural_suits)
                top = min(cap, len(rest), MAX_SET - size, limit - size)
                for n_wild in range(max(0, 3 - size), top + 1):
                    for wilds in _multisets(rest, n_wild):
                        for suits in _set_suit_choices(
                            wilds, missing, rules.declare_set_suits, interchangeable
                        ):
                            emit(SetMeld(rank, naturals + wilds, natural_suits + suits))

    # Runs (LV-9): one suit, in sequence, ace high or low; wild cards by position.
    for suit in SUITS:
        if rules.require_natural and not any(
            counts[_CARDS[(r, suit)]] > 0 for r in RANKS
        ):
            continue
        for start in range(1, 14):
            top_position = start + MAX_RUN - 1 if rules.allow_wraparound else 14
            held_positions: list[int] = []
            for end in range(start, top_position + 1):
                length = end - start + 1
                if length > limit:
                    break
                if counts[card_at(suit, end)] > 0:
                    held_positions.append(end)
                if length - len(held_positions) > cap:
                    break
                if length >= 3:
                    _runs_for_span(
                        suit, start, length, held_positions, counts, pool, cap, rules,
                        interchangeable, emit,
                    )
    return out


def _runs_for_span(
    suit: Suit,
    start: int,
    length: int,
    held_positions: list[int],
    counts: Counter[Card],
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
            naturals = [card_at(suit, p) for p in positions if p not in wild_places]
            need = Counter(naturals)
            if any(counts[c] < n for c, n in need.items()):
                continue
            rest = _minus(pool, naturals)
            for wilds in _multisets(rest, len(wild_places)):
                orders = (wilds,) if interchangeable else _arrangements(wilds)
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

