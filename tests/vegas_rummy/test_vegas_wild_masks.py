"""The masks the Las Vegas meld search counts with, against counting card by card.

``enumerate_melds`` (LV-6, LV-8, LV-9) passes over ranks and run starts that the
hand cannot fill; these helpers say which, bit-parallel. Each is checked here
against the plain count it replaces, and ``normalize``'s shortcut for a set
already in canonical order against the sort it skips ("Canonical forms" in
``docs/vegas_rummy.rst``: a set's cards carry no order).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import JOKER, RANKS, SUITS, Card, Rank, make_deck
from cardrules.rummy.melds import MAX_RUN, SetMeld, card_mask, rank_at
from cardrules.rummy.wilds import (
    _RANK_PLACES,
    _ranks_held_at_least,
    _window_starts,
    normalize,
    wild_mask,
)

DECK = make_deck(jokers_per_deck=2)
masks = st.integers(min_value=0, max_value=(1 << 53) - 1)


@given(masks, st.integers(min_value=-1, max_value=5))
def test_ranks_held_in_enough_suits(held: int, need: int) -> None:
    """Bit ``rank - 1``: the rank's natural cards are held in ``need`` suits or more."""
    expected = 0
    for rank in RANKS:
        suits = sum(held >> Card(rank, suit).index & 1 for suit in SUITS)
        if suits >= need:
            expected |= 1 << (rank - 1)
    assert _ranks_held_at_least(held, need) == expected


@given(
    st.integers(min_value=0, max_value=(1 << 27) - 1),
    st.integers(min_value=1, max_value=MAX_RUN),
    st.integers(min_value=1, max_value=MAX_RUN),
)
def test_run_windows_holding_enough_cards(row: int, width: int, need: int) -> None:
    """Bit ``s``: at least ``need`` of the ``width`` positions from ``s`` up are held."""
    starts = _window_starts(row, width, need)
    for start in range(40):
        held = bin(row >> start & ((1 << width) - 1)).count("1")
        assert (starts >> start & 1) == (held >= need), (start, held)


def test_places_of_a_rank_in_a_run() -> None:
    """Run positions 1 to 26 (wrap-around included) holding each rank (LV-9)."""
    for rank in RANKS:
        places = {p for p in range(40) if _RANK_PLACES[rank - 1] >> p & 1}
        assert places == {p for p in range(1, 14 + MAX_RUN) if rank_at(p) is rank}


@given(st.frozensets(st.sampled_from(DECK)))
def test_wild_mask_is_the_card_mask(wilds: frozenset[Card]) -> None:
    assert wild_mask(wilds) == card_mask(wilds)


def _sorted_set(meld: SetMeld) -> SetMeld:
    """The order ``normalize`` promises without ``interchangeable``, sorted step by step."""
    pairs = list(zip(meld.cards, meld.suits))
    natural = [p for p in pairs if p[1] is not None and p[0] == Card(meld.rank, p[1])]
    wild = [p for p in pairs if p not in natural]
    natural.sort(key=lambda p: int(p[1]))  # type: ignore[arg-type]
    wild.sort(key=lambda p: (p[0].index, -1 if p[1] is None else int(p[1])))
    ordered = natural + wild
    return SetMeld(meld.rank, tuple(c for c, _ in ordered), tuple(s for _, s in ordered))


@st.composite
def sets(draw: st.DrawFn) -> SetMeld:
    rank = draw(st.sampled_from(RANKS))
    size = draw(st.integers(min_value=1, max_value=4))
    cards = draw(st.lists(st.sampled_from((*DECK, JOKER)), min_size=size, max_size=size))
    suits = draw(st.lists(st.sampled_from((None, *SUITS)), min_size=size, max_size=size))
    return SetMeld(rank, tuple(cards), tuple(suits))


@given(sets(), st.randoms())
def test_a_set_in_order_is_its_own_canonical_form(meld: SetMeld, rnd: object) -> None:
    """Any order of a set's cards normalizes to the sorted order, and that is kept as it is."""
    expected = _sorted_set(meld)
    pairs = list(zip(meld.cards, meld.suits))
    rnd.shuffle(pairs)  # type: ignore[attr-defined]
    shuffled = SetMeld(meld.rank, tuple(c for c, _ in pairs), tuple(s for _, s in pairs))
    assert normalize(shuffled, interchangeable=False) == expected
    assert normalize(expected, interchangeable=False) is expected
    assert normalize(normalize(shuffled, interchangeable=True), interchangeable=True) == (
        normalize(shuffled, interchangeable=True)
    )


def test_a_natural_set_in_suit_order_is_kept() -> None:
    """Three natural sevens by suit: nothing to sort, with solidarity on or off (LV-8)."""
    sevens = tuple(Card(Rank.SEVEN, suit) for suit in SUITS[:3])
    meld = SetMeld(Rank.SEVEN, sevens, tuple(SUITS[:3]))
    assert normalize(meld, interchangeable=True) is meld
    assert normalize(meld, interchangeable=False) is meld
    backwards = SetMeld(Rank.SEVEN, sevens[::-1], tuple(SUITS[:3])[::-1])
    assert normalize(backwards, interchangeable=False) == meld
