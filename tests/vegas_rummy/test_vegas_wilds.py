"""The wild-card extensions in ``cardrules.rummy.wilds`` (LV-6, LV-7, LV-8)."""

from __future__ import annotations

import random

from cardrules.cards import JOKER, RANKS, SUITS, Card, Rank, Suit, make_deck, parse_cards
from cardrules.rummy.melds import MeldRules, RunMeld, SetMeld, find_melds, meld_error
from cardrules.rummy.wilds import (
    enumerate_melds,
    meld_text,
    normalize,
    parse_meld,
    swap_options,
)

SEVENS = frozenset({JOKER} | {Card(Rank.SEVEN, s) for s in SUITS})


def test_enumeration_matches_the_shared_search() -> None:
    """Same melds as ``find_melds`` up to interchangeable wild cards, every one legal."""
    deck = make_deck(decks=2, jokers_per_deck=2)
    for seed in range(150):
        rnd = random.Random(seed)
        wild_rank = rnd.choice(RANKS)
        rules = MeldRules(
            wilds=frozenset({JOKER} | {Card(wild_rank, s) for s in SUITS}),
            declare_set_suits=rnd.random() < 0.8,
            max_wilds=rnd.choice([None, 1]),
            allow_wraparound=rnd.random() < 0.3,
            require_natural=rnd.random() < 0.8,
        )
        hand = tuple(rnd.sample(deck, rnd.randint(3, 8)))
        ours = enumerate_melds(hand, rules, max_size=len(hand) - 1)
        assert len(ours) == len(set(ours))
        assert all(meld_error(m, rules) is None for m in ours)
        shared = {normalize(m, interchangeable=True) for m in find_melds(hand, rules)
                  if len(m.cards) < len(hand)}
        assert set(ours) == shared
        arranged = enumerate_melds(hand, rules, max_size=len(hand) - 1, interchangeable=False)
        assert {normalize(m, interchangeable=True) for m in arranged} == shared
        assert all(meld_error(m, rules) is None for m in arranged)


def test_arrangements_of_different_wilds_count_once_under_solidarity() -> None:
    rules = MeldRules(wilds=SEVENS, declare_set_suits=True)
    hand = parse_cards("5H 7C JK 8H")
    runs = [m for m in enumerate_melds(hand, rules) if isinstance(m, RunMeld) and len(m.cards) == 4]
    texts = {meld_text(m) for m in runs}
    assert "5♥ 7♣=6♥ JK=7♥ 8♥" in texts  # wild cards fill their places in card order
    assert "5♥ JK=6♥ 7♣=7♥ 8♥" not in texts
    loose = enumerate_melds(hand, rules, interchangeable=False)
    assert {"5♥ 7♣=6♥ JK=7♥ 8♥", "5♥ JK=6♥ 7♣=7♥ 8♥"} <= {meld_text(m) for m in loose}


def test_wild_rank_card_standing_for_itself_is_natural() -> None:
    rules = MeldRules(wilds=SEVENS, max_wilds=1, declare_set_suits=True)
    meld = parse_meld("6H 7H 8H JK=9H", rules)  # 7♥ natural: only one wild card
    assert meld_error(meld, rules) is None
    both = SetMeld(Rank.SEVEN, parse_cards("7C 7H JK"), (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS))
    # 7♥ declared ♦ and the joker ♥ are the same table as 7♥ natural and the joker ♦
    assert normalize(both, interchangeable=True) == normalize(
        SetMeld(Rank.SEVEN, parse_cards("7C 7H JK"), (Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)),
        interchangeable=True,
    )


def test_swap_options() -> None:
    rules = MeldRules(wilds=SEVENS, declare_set_suits=True)
    run = parse_meld("5H JK=6H 7C=7H 8H", rules)
    assert [(str(w), meld_text(m)) for w, m in swap_options(run, parse_cards("7H")[0], rules)] == [
        ("7♣", "5♥ JK=6♥ 7♥ 8♥")]
    assert swap_options(run, parse_cards("9H")[0], rules) == []
    open_set = parse_meld("9C 9D JK=9?", rules)
    assert [str(w) for w, _ in swap_options(open_set, parse_cards("9S")[0], rules)] == ["JK"]
    assert swap_options(open_set, parse_cards("9C")[0], rules) == []
    declared = parse_meld("9C 9D JK=9H", rules)
    assert swap_options(declared, parse_cards("9S")[0], rules) == []
    assert [str(w) for w, _ in swap_options(declared, parse_cards("9H")[0], rules)] == ["JK"]


def test_meld_text_round_trip() -> None:
    rules = MeldRules(wilds=SEVENS, declare_set_suits=True)
    for text in ("5♥ JK=6♥ 7♥", "9♣ 9♦ JK=9?", "9♣ 9♦ 7♠=9♥", "Q♥ K♥ JK=A♥", "7♣=A♠ 2♠ 3♠"):
        assert meld_text(parse_meld(text, rules)) == text
