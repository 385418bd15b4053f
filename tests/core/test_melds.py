"""Shared rummy logic (cardrules.rummy.melds) checked against brute force."""

from __future__ import annotations

import contextlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import JOKER, make_deck, parse_card, parse_cards
from cardrules.rummy.melds import (
    MeldError,
    MeldRules,
    RunMeld,
    SetMeld,
    can_place,
    card_mask,
    describe,
    find_melds,
    layoff_options,
    make_meld,
    meld_error,
    natural_table,
)

DECK = make_deck()
NATURAL = MeldRules()
WRAP = MeldRules(allow_wraparound=True)
JOKERS = MeldRules(wilds=frozenset({JOKER}))


def brute_force_melds(hand, rules):
    """Every meld from every subset of the hand, read every way make_meld allows."""
    found = set()
    for size in range(3, len(hand) + 1):
        for cards in itertools.combinations(sorted(hand), size):
            for order in _orders(cards):
                with contextlib.suppress(MeldError):
                    found.add(_key(make_meld(order, rules)))
    return found


def _orders(cards):
    # Runs are read low to high: try the sorted order with the ace first or last.
    by_rank = sorted(cards, key=lambda c: c.rank)
    yield tuple(by_rank)
    aces = [c for c in by_rank if c.rank == 1]
    if aces:
        rest = [c for c in by_rank if c.rank != 1]
        yield tuple(rest + aces)
        for cut in range(1, len(rest)):
            yield tuple(rest[cut:] + aces + rest[:cut])  # wrap-around: K A 2


def _key(meld):
    if isinstance(meld, SetMeld):
        return ("set", meld.rank, frozenset(meld.cards))
    return ("run", meld.suit, meld.start, meld.cards)


hands = st.lists(st.sampled_from(DECK), min_size=3, max_size=9, unique=True)


@settings(max_examples=300, deadline=None)
@given(hand=hands, wrap=st.booleans())
def test_find_melds_matches_brute_force(hand, wrap):
    rules = WRAP if wrap else NATURAL
    found = [_key(m) for m in find_melds(hand, rules)]
    assert len(found) == len(set(found)), "each meld once"
    assert set(found) == brute_force_melds(hand, rules)


def brute_force_can_place(card, hand, table, rules, keep):
    """Search every sequence of plays (new melds, lay-offs) that ends with ``card`` placed."""
    budget = len(hand) - keep
    frontier = [(tuple(hand), tuple(table))]
    seen = set()
    while frontier:
        cards, melds = frontier.pop()
        if (cards, melds) in seen:
            continue
        seen.add((cards, melds))
        if card not in cards:
            if len(hand) - len(cards) <= budget:
                return True
            continue
        for meld in find_melds(cards, rules):
            rest = list(cards)
            for c in meld.cards:
                rest.remove(c)
            frontier.append((tuple(rest), (*melds, meld)))
        for i, meld in enumerate(melds):
            for c in set(cards):
                for _, new in layoff_options(meld, c, rules):
                    rest = list(cards)
                    rest.remove(c)
                    frontier.append((tuple(rest), (*melds[:i], new, *melds[i + 1 :])))
    return False


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=9, max_size=12, unique=True),
    table_kind=st.sampled_from(["run", "set", "none"]),
    keep=st.integers(0, 1),
)
def test_can_place_matches_search(cards, table_kind, keep):
    rules = NATURAL
    hand, spare = cards[:6], cards[6:]
    table = []
    if table_kind != "none":
        anchor = spare[0]
        if table_kind == "set":
            candidates = [c for c in DECK if c.rank == anchor.rank and c not in hand][:3]
            if len(candidates) == 3:
                table.append(make_meld(candidates, rules))
        else:
            start = min(int(anchor.rank), 11)
            run = [c for c in DECK if c.suit == anchor.suit and start <= c.rank < start + 3]
            if not set(run) & set(hand):
                table.append(make_meld(sorted(run, key=lambda c: c.rank), rules))
    for card in set(hand):
        assert can_place(card, hand, table, rules, keep=keep) == brute_force_can_place(
            card, hand, table, rules, keep
        ), (describe(table[0]) if table else "", card)


def test_layoffs_at_both_ends_and_wilds():
    run = make_meld(parse_cards("5H 6H 7H"), NATURAL)
    assert [describe(m) for _, m in layoff_options(run, parse_card("4H"), NATURAL)] == [
        "4♥ 5♥ 6♥ 7♥"
    ]
    assert layoff_options(run, parse_card("9H"), NATURAL) == []
    wild = layoff_options(run, JOKER, JOKERS)
    assert [(str(s), describe(m)) for s, m in wild] == [
        ("4♥", "JK=4♥ 5♥ 6♥ 7♥"),
        ("8♥", "5♥ 6♥ 7♥ JK=8♥"),
    ]
    full = make_meld(parse_cards("7C 7D 7H 7S"), NATURAL)
    assert layoff_options(full, JOKER, JOKERS) == []


def test_meld_rules_and_reasons():
    assert meld_error(RunMeld(parse_card("2H").suit, 2, parse_cards("2H 3H")), NATURAL) == (
        "a meld needs at least three cards"
    )
    with pytest.raises(MeldError, match="at least one natural"):
        make_meld((JOKER, JOKER, JOKER), JOKERS, parse_cards("5H 6H 7H"))
    with pytest.raises(MeldError, match="different suits"):
        make_meld(parse_cards("7C 7C 7H"), NATURAL)
    capped = MeldRules(wilds=frozenset({JOKER}), max_wilds=1)
    with pytest.raises(MeldError, match="at most 1 wild"):
        make_meld(
            (parse_card("5H"), JOKER, JOKER), capped,
            (None, parse_card("6H"), parse_card("7H")),
        )
    assert describe(make_meld(parse_cards("7C 7D JK"), JOKERS)) == "7♣ 7♦ JK"


def test_canonical_meld_orders_set_cards_and_leaves_runs_issue14() -> None:
    from cardrules.cards import JOKER, parse_cards
    from cardrules.rummy.melds import MeldRules, canonical_meld, describe, make_meld

    rules = MeldRules(wilds=frozenset({JOKER}))
    one = make_meld(parse_cards("4S JK 4D"), rules)
    two = make_meld(parse_cards("JK 4D 4S"), rules)
    assert canonical_meld(one) == canonical_meld(two)
    assert describe(canonical_meld(one)) == "4♦ 4♠ JK"
    run = make_meld(parse_cards("5H 6H 7H"), rules)
    assert canonical_meld(run) is run
    assert canonical_meld("not a meld") == "not a meld"  # type: ignore[arg-type]


def test_make_meld_in_any_order_puts_run_cards_in_place_issue14() -> None:
    from cardrules.cards import JOKER, parse_card, parse_cards
    from cardrules.rummy.melds import MeldError, MeldRules, describe, make_meld_in_any_order

    rules = MeldRules(wilds=frozenset({JOKER}))
    assert describe(make_meld_in_any_order(parse_cards("6H 5H 7H"), rules)) == "5♥ 6♥ 7♥"
    assert describe(make_meld_in_any_order(parse_cards("AH KH QH"), rules)) == "Q♥ K♥ A♥"
    joker = make_meld_in_any_order(parse_cards("7H JK 5H"), rules, [None, parse_card("6H"), None])
    assert describe(joker) == "5♥ JK=6♥ 7♥"
    wrap = MeldRules(allow_wraparound=True)
    assert describe(make_meld_in_any_order(parse_cards("2H KH AH"), wrap)) == "K♥ A♥ 2♥"
    with pytest.raises(MeldError):
        make_meld_in_any_order(parse_cards("2H KH AH"), MeldRules())
    with pytest.raises(MeldError):
        make_meld_in_any_order(parse_cards("5H 6H 8H"), rules)


def test_find_melds_longest_leaves_out_longer_melds() -> None:
    from cardrules.cards import JOKER, parse_cards
    from cardrules.rummy.melds import MeldRules, find_melds

    rules = MeldRules(wilds=frozenset({JOKER}))
    hand = parse_cards("5H 6H 7H 8H 9H JK 5S 5D")
    short = find_melds(hand, rules, longest=3)
    assert short and all(len(m.cards) == 3 for m in short)
    assert set(short) == {m for m in find_melds(hand, rules) if len(m.cards) <= 3}


# ---------------------------------------------------------------------------
# The table summary the rules keep in every state


def _table_of(cards, rules, picks):
    """Non-overlapping natural melds found in ``cards``, chosen by the ``picks`` flags."""
    table, used = [], set()
    for meld, pick in zip(find_melds(cards, rules), picks):
        if pick and not used & set(meld.cards):
            table.append(meld)
            used |= set(meld.cards)
    return tuple(table)


tables = st.tuples(
    st.lists(st.sampled_from(DECK), min_size=12, max_size=24, unique=True),
    st.lists(st.booleans(), min_size=20, max_size=20),
)


@st.composite
def crowded(draw):
    """A table, then the other cards of one or two suits in random order: with few
    suits in play, runs to lay off on and gaps to bridge are common."""
    suits = draw(st.sets(st.sampled_from(sorted({c.suit for c in DECK})), min_size=1, max_size=2))
    pool = [card for card in DECK if card.suit in suits]
    table_cards = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=len(pool), unique=True))
    picks = draw(st.lists(st.booleans(), min_size=20, max_size=20))
    rest = draw(st.permutations(pool))
    return (table_cards, picks), rest


@settings(max_examples=300, deadline=None)
@given(setup=st.one_of(crowded(), st.tuples(tables, st.permutations(DECK))), wrap=st.booleans())
def test_natural_table_is_what_layoff_options_places(setup, wrap):
    """The table summary the Rummy 500 rules keep in each state (its Masks) says of every
    natural card exactly what layoff_options says: it fits meld i iff it lays off there."""
    table_cards, _ = setup
    rules = WRAP if wrap else NATURAL
    table = _table_of(table_cards[0], rules, table_cards[1])
    summary = natural_table(table, rules)
    for i, meld in enumerate(table):
        fits = card_mask(card for card in DECK if layoff_options(meld, card, rules))
        assert summary.fits_each[i] == fits, describe(meld)
    assert summary.fits == card_mask(
        card for card in DECK for meld in table if layoff_options(meld, card, rules)
    )
    assert summary.melds == table
