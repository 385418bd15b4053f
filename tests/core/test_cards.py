"""cardrules.cards: parsing, formatting, ordering and decks (API.md, "Cards")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
    sort_cards,
)

ALL = make_deck(jokers_per_deck=1)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("AS", Card(Rank.ACE, Suit.SPADES)),
        ("as", Card(Rank.ACE, Suit.SPADES)),
        ("10♦", Card(Rank.TEN, Suit.DIAMONDS)),
        ("10D", Card(Rank.TEN, Suit.DIAMONDS)),
        ("TD", Card(Rank.TEN, Suit.DIAMONDS)),
        ("JK", JOKER),
        ("jk", JOKER),
        (" qh ", Card(Rank.QUEEN, Suit.HEARTS)),
    ],
)
def test_parse_card_accepts_every_documented_form(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "A♠♠", "JOKERS", "10"])
def test_bad_card_text_names_the_token(text):
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_parse_cards_returns_a_tuple_in_order():
    assert parse_cards("AS KH 10D") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
    )
    with pytest.raises(ValueError, match="'ZZ'"):
        parse_cards("AS ZZ")
    with pytest.raises(TypeError):
        parse_cards(5)  # type: ignore[arg-type]


@given(st.sampled_from(ALL))
def test_text_forms_read_back(card):
    assert parse_card(str(card)) == card
    assert parse_card(card.code) == card
    assert eval(repr(card), {"Card": Card, "Rank": Rank, "Suit": Suit, "JOKER": JOKER}) == card


@given(st.lists(st.sampled_from(ALL)))
def test_sorting_is_suit_then_rank_with_jokers_last(cards):
    ordered = sort_cards(cards)
    assert list(ordered) == sorted(cards)
    keys = [(c.suit is None, c.suit or 0, c.rank) for c in ordered]
    assert keys == sorted(keys)


def test_cards_are_values():
    assert Card(Rank.TWO, Suit.CLUBS) == parse_card("2c")
    assert len({parse_card("2c"), Card(Rank.TWO, Suit.CLUBS)}) == 1
    with pytest.raises(ValueError, match="joker"):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(ValueError, match="joker"):
        Card(Rank.ACE)
    with pytest.raises(AttributeError):
        parse_card("2c").rank = Rank.ACE  # type: ignore[misc]


def test_decks():
    assert len(make_deck()) == 52 and len(set(make_deck())) == 52
    two = make_deck(decks=2, jokers_per_deck=2)
    assert len(two) == 108 and two.count(JOKER) == 4 and two.count(parse_card("AS")) == 2
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError):
            make_deck(decks=bad)  # type: ignore[arg-type]
    assert format_cards(parse_cards("AS 10D JK")) == "A♠ 10♦ JK"


@pytest.mark.parametrize(
    "text",
    ["A\u017f", "\u212aS", "\uff21S", "A\u0455", "\u0391S", "\u0131S", "10\u0394", "\u0661\u0660D"],
)
def test_look_alike_letters_are_no_card_issue15_item7(text: str) -> None:
    """Issue 15 item 7: "Aſ" is not the ace of spades (str.upper() maps ſ to S)."""
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_ascii_case_and_suit_signs_still_fold() -> None:
    assert parse_card("aS") == parse_card("A♠") == parse_card("as\ufe0f")
    assert parse_card(" td ") == Card(Rank.TEN, Suit.DIAMONDS)
