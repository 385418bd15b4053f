"""The pile search and the card look-ups of ``cardrules.rummy.melds`` (issue 27, sixth pass).

``natural_depths`` asks every depth of a discard pile in one pass; it must say
what asking each depth on its own says (R5-3, R5-4: a card dug from the pile,
with every card above it taken too, must be placeable this turn).
``can_place_natural_with`` asks about the table after a move without making its
summary; it must say what ``can_place_natural`` says of ``natural_table_with``. ``holds`` and
``without`` find cards by identity; they must agree with ``in`` and
``list.remove``, which compare cards with ``==``.
"""

from __future__ import annotations

import contextlib

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import make_deck, parse_card, parse_cards
from cardrules.rummy.melds import (
    MeldRules,
    can_place,
    can_place_natural,
    can_place_natural_with,
    card_mask,
    cards_in,
    holds,
    make_meld,
    natural_depths,
    natural_table,
    natural_table_with,
    without,
)

DECK = make_deck()
NATURAL = MeldRules()
WRAP = MeldRules(allow_wraparound=True)

cards = st.sampled_from(DECK)
rules = st.sampled_from([NATURAL, WRAP])


def test_a_dug_card_that_melds_with_the_cards_above_it_is_takeable() -> None:
    # R5-4: the 7♣ at depth 3 melds with 5♣ 6♣ taken above it; nothing in hand helps.
    pile = tuple(parse_cards("7C 6C 5C"))  # 5♣ on top
    hand = card_mask(parse_cards("KD QS"))
    found = natural_depths(pile, hand, natural_table((), NATURAL), NATURAL, budget=1)
    assert found == [3]


def test_a_pile_card_that_only_bridges_to_a_table_run_needs_bridging() -> None:
    # R5-4 (not strict): 9♥ goes on 5♥ 6♥ 7♥ once the 8♥ held is laid off first.
    table = natural_table((make_meld(parse_cards("5H 6H 7H"), NATURAL),), NATURAL)
    pile = tuple(parse_cards("9H"))
    hand = card_mask(parse_cards("8H 2C"))
    assert natural_depths(pile, hand, table, NATURAL, budget=1) == [1]
    assert natural_depths(pile, hand, table, NATURAL, budget=1, bridging=False) == []


def test_an_ace_bridges_from_either_end_and_a_card_without_a_held_neighbour_does_not() -> None:
    # R5-4: an ace's neighbours are the king (ace high) and the two (ace low); the
    # search skips bridging for a card with no held neighbour of its suit.
    high = natural_table((make_meld(parse_cards("10H JH QH"), NATURAL),), NATURAL)
    low = natural_table((make_meld(parse_cards("3H 4H 5H"), NATURAL),), NATURAL)
    pile = tuple(parse_cards("AH"))
    assert natural_depths(pile, card_mask(parse_cards("KH 2C")), high, NATURAL, budget=1) == [1]
    assert natural_depths(pile, card_mask(parse_cards("2H 9C")), low, NATURAL, budget=1) == [1]
    assert natural_depths(pile, card_mask(parse_cards("2H 9C")), high, NATURAL, budget=1) == []
    assert natural_depths(pile, card_mask(parse_cards("QH 9C")), high, NATURAL, budget=1) == []
    # With wrap-around the king bridges to a run from two up: K♥ then A♥ below 2♥ 3♥ 4♥.
    wrapped = natural_table((make_meld(parse_cards("2H 3H 4H"), WRAP),), WRAP)
    assert natural_depths(tuple(parse_cards("KH")), card_mask(parse_cards("AH 9C")), wrapped,
                          WRAP, budget=1) == [1]


@settings(max_examples=300, deadline=None)
@given(
    pile=st.lists(cards, min_size=1, max_size=12, unique=True),
    hand=st.lists(cards, max_size=10, unique=True),
    table=st.lists(st.lists(cards, min_size=3, max_size=3, unique=True), max_size=4),
    meld_rules=rules,
    budget=st.integers(-1, 10),
    bridging=st.booleans(),
    data=st.data(),
)
def test_one_pass_says_what_each_depth_says_alone(
    pile: list, hand: list, table: list, meld_rules: MeldRules, budget: int, bridging: bool,
    data: st.DataObject,
) -> None:
    melds = []
    for group in table:
        with contextlib.suppress(ValueError):  # three cards that are no meld
            melds.append(make_meld(group, meld_rules))
    summary = natural_table(tuple(melds), meld_rules)
    held = card_mask(hand)
    shallowest = data.draw(st.integers(1, len(pile)))
    deepest = data.draw(st.integers(shallowest - 1, len(pile)))
    alone = [
        depth
        for depth in range(shallowest, deepest + 1)
        # One depth at a time, as the listing asked before: the hand with the card
        # and every card above it taken.
        if can_place_natural(
            pile[-depth],
            held | card_mask(pile[-depth:]),
            summary,
            meld_rules,
            budget + depth,
            bridging=bridging,
        )
    ]
    found = natural_depths(
        tuple(pile), held, summary, meld_rules, budget, shallowest, deepest, bridging=bridging
    )
    assert found == alone



@settings(max_examples=300, deadline=None)
@given(
    drawn=st.lists(cards, min_size=1, max_size=22, unique=True),
    split=st.integers(0, 22),
    runs=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 10), st.integers(3, 4)), max_size=4),
    table=st.lists(st.lists(cards, min_size=3, max_size=3, unique=True), max_size=2),
    meld_rules=rules,
    keep=st.integers(0, 1),
)
def test_the_pile_search_says_what_the_general_search_says(
    drawn: list, split: int, runs: list, table: list, meld_rules: MeldRules, keep: int
) -> None:
    # R5-4 by its definition: the card at a depth, with every card above it taken,
    # can go down this turn. The general search (``can_place`` under rules with a
    # wild card, none of it in play) walks the hand's cards, not masks.
    hand, pile = drawn[:split], drawn[split:]
    if not pile:
        return
    # Runs drawn as runs (suit, lowest rank, length), so that bridging is asked often.
    melds = [
        make_meld([DECK[suit * 13 + rank - 1] for rank in range(low, low + length)], meld_rules)
        for suit, low, length in runs
    ]
    for group in table:
        with contextlib.suppress(ValueError):  # three cards that are no meld
            melds.append(make_meld(group, meld_rules))
    joker = make_deck(jokers_per_deck=1)[-1]
    general = attrs.evolve(meld_rules, wilds=frozenset({joker}))
    assert joker not in drawn
    defined = [
        depth
        for depth in range(1, len(pile) + 1)
        if can_place(pile[-depth], hand + pile[-depth:], tuple(melds), general, keep=keep)
    ]
    found = natural_depths(
        tuple(pile), card_mask(hand), natural_table(tuple(melds), meld_rules), meld_rules,
        len(hand) - keep,
    )
    assert found == defined


SUIT_NAMES = "CDHS"
RANK_NAMES = ["A", *map(str, range(2, 11)), "J", "Q", "K"]


@st.composite
def natural_melds_drawn(draw: st.DrawFn) -> object:
    """A natural set (three or four suits of a rank) or run (three to six cards of a suit)."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from(RANK_NAMES))
        suits = draw(st.lists(st.sampled_from(SUIT_NAMES), min_size=3, max_size=4, unique=True))
        return make_meld(parse_cards(" ".join(rank + suit for suit in suits)), NATURAL)
    suit = draw(st.sampled_from(SUIT_NAMES))
    length = draw(st.integers(3, 6))
    start = draw(st.integers(0, 13 - length))
    names = [RANK_NAMES[i] + suit for i in range(start, start + length)]
    return make_meld(parse_cards(" ".join(names)), NATURAL)


@settings(max_examples=400, deadline=None)
@given(
    card=cards,
    hand=st.lists(cards, max_size=10, unique=True),
    melds=st.lists(natural_melds_drawn(), min_size=1, max_size=5),
    meld_rules=rules,
    budget=st.integers(-1, 10),
    data=st.data(),
)
def test_the_table_after_a_move_unmade_says_what_its_summary_says(
    card: object, hand: list, melds: list, meld_rules: MeldRules, budget: int,
    data: st.DataObject,
) -> None:
    # R5-4: the owed card is asked about for every candidate move of a listing, with
    # the table as the move leaves it: a meld added, or one meld changed.
    after = tuple(melds)
    if data.draw(st.booleans()):
        before, changed = after[:-1], len(after) - 1
    else:
        changed = data.draw(st.integers(0, len(after) - 1))
        before = (*after[:changed], data.draw(natural_melds_drawn()), *after[changed + 1 :])
    summary = natural_table(before, meld_rules)
    if summary.fits and data.draw(st.booleans()):
        card = data.draw(st.sampled_from(cards_in(summary.fits)))  # it fitted before the move
    held = card_mask([*hand, card])
    expected = can_place_natural(
        card, held, natural_table_with(summary, after, changed, meld_rules),  # type: ignore[arg-type]
        meld_rules, budget,
    )
    found = can_place_natural_with(
        card, held, summary, after, changed, meld_rules, budget  # type: ignore[arg-type]
    )
    assert found == expected


def test_a_card_owed_can_still_go_on_the_run_a_move_extended() -> None:
    # R5-4: 9♥ owed; laying off 8♥ on 5♥ 6♥ 7♥ leaves the 9♥ a place at the run's new end.
    before = (make_meld(parse_cards("5H 6H 7H"), NATURAL),)
    after = (make_meld(parse_cards("5H 6H 7H 8H"), NATURAL),)
    summary = natural_table(before, NATURAL)
    hand = card_mask(parse_cards("9H 2C"))
    assert can_place_natural_with(parse_card("9H"), hand, summary, after, 0, NATURAL, 1)
    # With the 8♥ still on its way (the table unchanged) the 9♥ needs it laid off first.
    assert not can_place_natural_with(parse_card("9H"), hand, summary, before, 0, NATURAL, 1)


@given(hand=st.lists(cards, max_size=12), card=cards)
def test_holds_is_in(hand: list, card: object) -> None:
    assert holds(hand, card) == (card in hand)  # type: ignore[arg-type]


@given(hand=st.lists(cards, max_size=12), taken=st.lists(cards, max_size=4))
def test_without_is_list_remove(hand: list, taken: list) -> None:
    rest = list(hand)
    try:
        for card in taken:
            rest.remove(card)
        expected: tuple | None = tuple(rest)
    except ValueError:
        expected = None
    assert without(hand, taken) == expected


def test_without_takes_one_copy_of_a_card_held_twice() -> None:
    two_decks = [*parse_cards("3C 3C 9D")]
    assert without(two_decks, [parse_card("3C")]) == tuple(parse_cards("3C 9D"))
