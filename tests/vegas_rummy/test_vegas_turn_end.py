"""Issue 20: open wild lay-offs (LV-6, LV-8) and order-independent turn ends (LV-5, LV-7, LV-11).

``position`` builds a valid play-phase state (checked by ``validate_state``)
from a hand, table melds and a taken card, the rest of the pack dealt to the
other seat and the stock.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Card, make_deck, parse_card, sort_cards
from cardrules.rummy.wilds import meld_text, normalize, parse_meld
from cardrules.vegas_rummy import (
    Config,
    Discard,
    Draw,
    LayOff,
    OwnedMeld,
    State,
    SwapWild,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    meld_rules,
    new_game,
    parse_action,
    validate_state,
)

C = parse_card


def position(
    config: Config,
    hand: str,
    table: Sequence[str],
    *,
    taken: str | None = None,
    upcard: str = "7D",
    phase: str = "play",
    top: str | None = None,
) -> State:
    """Seat 0 to act (turn 1) with ``hand`` and ``table`` (meld texts), 7s wild by default."""
    config = attrs.evolve(config, num_players=2, first_dealer=1)
    base = new_game(config, seed=1)
    up = C(upcard)
    rules = meld_rules(attrs.evolve(base, upcard=up))
    melds = tuple(
        OwnedMeld(1, normalize(parse_meld(text, rules), interchangeable=config.meld_solidarity))
        for text in table
    )
    mine = list(sort_cards(C(t) for t in hand.split()))
    pack = list(make_deck(decks=base.num_decks, jokers_per_deck=2))
    used = [up, *mine, *(c for m in melds for c in m.meld.cards)]
    if top is not None:
        used.append(C(top))
    for card in used:
        pack.remove(card)
    other, stock = tuple(sort_cards(pack[:7])), tuple(pack[7:])
    discard = (up, C(top)) if top is not None else (up,)
    state = attrs.evolve(
        base,
        phase=phase,
        to_act=0,
        turns=1,
        upcard=up,
        hands=(tuple(mine), other),
        melds=melds,
        stock=stock,
        discard=discard,
        taken=None if taken is None else C(taken),
    )
    validate_state(state)
    return state


SOLID_OFF = Config(meld_solidarity=False)
FORBID = Config(meld_solidarity=False, forbid_rediscard_of_taken_card=True, num_decks=2)


# ---------------------------------------------------------------------------
# 1. A card of the wild rank laid off open on a set of its own rank (LV-6, LV-8)


def test_lv6_lv8_wild_rank_card_lays_off_open_on_its_own_rank() -> None:
    state = position(SOLID_OFF, "7C 2S", ["7S 7H JK=7?"])
    open_layoff = parse_action("lay off 7♣=7? on #1", state)
    assert open_layoff.stands_for == C("7C").rank
    assert str(open_layoff) == "lay off 7♣=7? on #1"
    natural = parse_action("lay off 7♣ on #1", state)
    assert natural == LayOff(C("7C"), 0)  # written alone it stands for itself (LV-6)
    legal = legal_actions(state)
    assert open_layoff in legal and natural in legal
    after = apply(state, open_layoff)
    assert meld_text(after.melds[0].meld).count("=7?") == 2
    validate_state(after)
    # LV-7: the open 7♣ can now be swapped out for a natural of a missing suit.
    assert any(isinstance(a, SwapWild) and a.wild == C("7C") for a in _swaps(after, "7D"))


def _swaps(state: State, card: str) -> list[object]:
    hand = (*state.hands[0], C(card))
    pack_fix = attrs.evolve(state, hands=(tuple(sort_cards(hand)), state.hands[1]))
    return [a for a in legal_actions(pack_fix) if isinstance(a, SwapWild)]


def test_lv8_joker_open_is_written_either_way() -> None:
    state = position(SOLID_OFF, "JK 2S", ["9S 9H 9C"])
    assert parse_action("lay off JK=9? on #1", state) == parse_action("lay off JK on #1", state)
    assert LayOff(C("JK"), 0) in legal_actions(state)


def test_lv8_other_wild_card_written_alone_on_a_set_is_open() -> None:
    state = position(SOLID_OFF, "7C 2S", ["9S 9H 9C"])
    action = parse_action("lay off 7C on #1", state)
    assert str(action) == "lay off 7♣=9? on #1"
    assert action in legal_actions(state)
    assert "9?" in (check(state, LayOff(C("7C"), 0)) or "")  # the refusal names the form


# ---------------------------------------------------------------------------
# 2. Turn ends with the LV-11 option: order-independent


def _position(state: State) -> State:
    """``state`` without its event log: two move orders reach one position, not one log."""
    return attrs.evolve(state, events=())


def test_lv11_lv7_layoff_allowed_when_a_swap_can_still_end_the_turn() -> None:
    state = position(FORBID, "3C 8D", ["2C JK=3C 4C", "5D 6D 7D"], taken="3C")
    layoff = parse_action("lay off 8D on #2", state)
    assert check(state, layoff) is None and layoff in legal_actions(state)
    swap = parse_action("swap 3C for JK #1", state)
    one = apply(apply(state, layoff), swap)
    other = apply(apply(state, swap), layoff)
    assert _position(one) == _position(other)  # LV-11: the same position in either order
    assert Discard(C("JK")) in legal_actions(one)


def test_lv11_taking_allowed_when_a_swap_brings_a_wild_to_discard() -> None:
    state = position(FORBID, "3C", ["2C JK=3C 4C"], phase="draw", top="3C")
    assert TakeDiscard() in legal_actions(state) and check(state, TakeDiscard()) is None
    taken = apply(state, TakeDiscard())
    assert legal_actions(taken) == (SwapWild(C("3C"), 0, C("JK")),)
    assert apply(apply(taken, legal_actions(taken)[0]), Discard(C("JK"))).turns == 2


def test_lv11_taking_refused_when_no_continuation_ends_the_turn() -> None:
    state = position(FORBID, "3C", ["4C 5C 6C"], phase="draw", top="3C")
    assert TakeDiscard() not in legal_actions(state)
    assert "LV-11" in (check(state, TakeDiscard()) or "")
    assert legal_actions(state) == (Draw(),)


def test_lv11_a_swap_giving_back_the_taken_card_does_not_end_the_turn() -> None:
    """LV-6/LV-8/LV-11: an open 7♥=7? swapped for a natural 7♥ gives back a 7♥, the very
    card taken, so it cannot be the discard. Found by the property below: the meld was
    listed and left a position with no legal action at all."""
    config = Config(meld_solidarity=False, forbid_rediscard_of_taken_card=True, num_decks=2)
    state = position(config, "7H 7H JK 7C", ["2C JK=3C 4C"], taken="7H")  # 7s wild
    dead_end = parse_action("meld 7♣ 7♥=7? JK=7♦", state)
    assert dead_end not in legal_actions(state)
    assert "LV-11" in (check(state, dead_end) or "")
    loose = attrs.evolve(state, config=attrs.evolve(config, forbid_rediscard_of_taken_card=False))
    after = apply(loose, dead_end)
    assert [str(a) for a in legal_actions(after)] == ["swap 7♥ for 7♥ #2", "discard 7♥"]
    for action in legal_actions(state):  # every listed move leaves a move to make
        if not isinstance(action, Discard):
            assert legal_actions(apply(state, action)), str(action)


def test_lv5_lv11_going_out_without_discard_ends_the_turn() -> None:
    config = attrs.evolve(FORBID, go_out_without_discard=True)
    state = position(config, "3C 8D", ["4C 5C 6C", "5D 6D 7D"], taken="3C")
    layoff = LayOff(C("8D"), 1)
    assert layoff in legal_actions(state)  # 3C then goes on #1: out without a discard
    out = apply(apply(state, layoff), LayOff(C("3C"), 0))
    assert out.history[-1].went_out == 0
    stuck = position(config, "3C 8D", ["9S 9H 9C", "5D 6D 7D"], taken="3C")
    assert LayOff(C("8D"), 1) not in legal_actions(stuck)
    assert "LV-11" in (check(stuck, LayOff(C("8D"), 1)) or "")


# ---------------------------------------------------------------------------
# Property: listed exactly when some continuation ends the turn (exhaustive search)


def _raw(state: State) -> State:
    """The same position with the LV-11 option off: every move, turn end or not."""
    return attrs.evolve(
        state, config=attrs.evolve(state.config, forbid_rediscard_of_taken_card=False)
    )


def _turn_ended(before: State, after: State) -> bool:
    return after.phase != "play" or after.round_number != before.round_number


def _can_end(state: State) -> bool:
    """Exhaustive search of the turn: is there a sequence of moves ending it legally?"""
    return _search(_raw(state), state.taken)


@functools.cache
def _search(state: State, taken: Card | None) -> bool:
    for action in legal_actions(state):
        if isinstance(action, Discard):
            if action.card != taken:
                return True
            continue
        after = apply(state, action)
        if _turn_ended(state, after) or _search(after, taken):
            return True
    return False


TABLES = [
    "2C JK=3C 4C",
    "5D 6D 7D",
    "9S 9H JK=9?",
    "7S 7H JK=7?",
    "QH KH AH",
    "4C 5C 6C",
    "2D 3D 7C=4D",
]
CARDS = ["3C", "JK", "7C", "8D", "9C", "4D", "JH", "7H", "2C"]


# Derandomised so CI is stable; random runs of 5,500 examples found nothing more after
# the case in test_lv11_a_swap_giving_back_the_taken_card_does_not_end_the_turn.
@settings(max_examples=120, deadline=None, derandomize=True)
@given(
    table=st.lists(st.sampled_from(TABLES), min_size=1, max_size=2, unique=True),
    taken=st.sampled_from(CARDS),
    others=st.lists(st.sampled_from(CARDS), max_size=2),
    copies=st.integers(0, 1),
    go_out=st.booleans(),
    solidarity=st.booleans(),
)
def test_listed_exactly_when_the_turn_can_end(
    table: list[str], taken: str, others: list[str], copies: int, go_out: bool, solidarity: bool
) -> None:
    """Issue 20: with the LV-11 option a take or play is listed iff a legal turn end exists."""
    config = Config(meld_solidarity=solidarity, forbid_rediscard_of_taken_card=True,
                    go_out_without_discard=go_out, num_decks=2)
    hand = " ".join([taken] * (1 + copies) + others)
    try:
        state = position(config, hand, table, taken=taken)
    except ValueError:
        return  # more copies of a card than two decks hold
    listed = set(legal_actions(state))
    raw = _raw(state)
    for action in legal_actions(raw):
        if isinstance(action, Discard):
            expected = action.card != state.taken
        else:
            after = apply(raw, action)
            expected = _turn_ended(raw, after) or _search(after, state.taken)
            if not _turn_ended(raw, after) and expected:
                assert _can_end(attrs.evolve(after, config=config))
        assert (action in listed) == expected, (str(action), hand, table)
        assert (check(state, action) is None) == expected
    # The take: listed iff the turn can end after it.
    drawing = position(config, " ".join([taken] * copies + others) or "2S", table,
                       phase="draw", top=taken)
    after_take = apply(_raw(drawing), TakeDiscard())
    expected_take = _search(after_take, C(taken))
    assert (TakeDiscard() in legal_actions(drawing)) == expected_take
