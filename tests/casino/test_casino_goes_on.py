"""Whether a capture goes on after its step, worked out without a second copy of the rule.

Spec: shared/rules/casino.md §4 (a group of value v is a loose card of value v,
loose cards summing to v, or a build of value v; a capture takes every group it
names, one table item per step, in table order). An item worth the capture
value is a group on its own, so after it only a new group can follow; and no
item follows the last one on the table, so a play that reaches it ends there.
"""

from __future__ import annotations

from itertools import combinations

import attrs
import pytest

from cardrules import casino
from cardrules.cards import parse_card, parse_cards
from cardrules.casino import Build, Capture, Config, Done, State, TableBuild, Take, rules

from .helpers import seeded_states


def _table(hand: str, loose: str) -> State:
    """Seat 0 to act holding ``hand``, with ``loose`` alone on the table."""
    base = casino.new_game(seed=1)
    return attrs.evolve(
        base,
        to_act=0,
        hands=(tuple(parse_cards(hand)), tuple(parse_cards("KD QD"))),
        loose=tuple(parse_cards(loose)),
        builds=(),
    )


def test_a_pair_goes_on_only_while_a_later_group_can_be_made() -> None:
    """§4: 5♣ takes 5♥ (a group on its own), then may take 2♠ with 3♠ (a second group)."""
    state = _table("5C 9D", "5H 2S 3S")  # table order: 5♥ 2♠ 3♠
    first = Capture(parse_card("5C"), parse_cards("5H"))
    assert first in casino.legal_actions(state)
    state = casino.apply(state, first)
    assert state.pending == first
    assert casino.legal_actions(state) == (Take(parse_cards("2S")), Done())
    state = casino.apply(state, Take(parse_cards("2S")))
    # 2♠ alone is no group: only 3♠ completes it, and Done is not offered.
    assert casino.legal_actions(state) == (Take(parse_cards("3S")),)
    assert casino.check(state, Done()) is not None
    state = casino.apply(state, Take(parse_cards("3S")))
    # 3♠ was the last table item: the capture ends by itself, the turn passes.
    assert state.pending is None and state.to_act == 1 and state.loose == ()
    assert sorted(state.piles[0], key=lambda c: c.index) == sorted(
        parse_cards("5C 5H 2S 3S"), key=lambda c: c.index
    )


def test_a_pair_with_no_later_group_ends_at_once() -> None:
    """§4: 5♣ takes 5♥; 3♠ after it cannot make 5 with nothing after it, so the step ends
    the capture (the 2♦ before 5♥ is not taken: items come in table order)."""
    state = _table("5C 9D", "2D 5H 3S")  # table order: 2♦ 5♥ 3♠
    first = Capture(parse_card("5C"), parse_cards("5H"))
    assert first in casino.legal_actions(state)
    after = casino.apply(state, first)
    assert after.pending is None and after.to_act == 1
    assert after.loose == tuple(parse_cards("2D 3S"))


def test_the_last_item_taken_ends_the_play() -> None:
    """§4: a capture whose first item is the last on the table is complete at once."""
    state = _table("3C 9D", "AD 2D 3S")  # table order: A♦ 2♦ 3♠
    listed = casino.legal_actions(state)
    last = Capture(parse_card("3C"), parse_cards("3S"))
    assert last in listed
    after = casino.apply(state, last)
    assert after.pending is None and after.loose == tuple(parse_cards("AD 2D"))
    # A♦ + 2♦ makes 3 too, and then 3♠ may follow as a second group.
    started = casino.apply(state, Capture(parse_card("3C"), parse_cards("AD")))
    assert casino.legal_actions(started) == (Take(parse_cards("2D")),)
    both = casino.apply(started, Take(parse_cards("2D")))
    assert casino.legal_actions(both) == (Take(parse_cards("3S")), Done())


def test_a_build_whose_first_group_is_made_goes_on_only_with_a_later_group() -> None:
    """§4 "New build": 3♣ with 5♥ makes a group of 8 at once; the build goes on only if
    later loose cards make a second group of 8 (4♠ and 4♦ do, 4♠ alone does not)."""
    card = parse_card("3C")
    started = Build(card, kind="new", value=8, cards=parse_cards("5H"))
    state = _table("3C 8D", "5H 4S 4D")
    assert started in casino.legal_actions(state)
    after = casino.apply(state, started)
    assert after.pending == started and after.to_act == 0
    assert casino.legal_actions(after) == (Take(parse_cards("4S")), Done())
    state = _table("3C 8D", "5H 4S")
    after = casino.apply(state, started)
    assert after.pending is None and after.to_act == 1


def test_a_capture_starting_with_a_build_goes_on_only_with_a_later_build() -> None:
    """§4: a build of the capture value is a group on its own; after it only a later
    build of that value can be taken (table order: builds after loose cards)."""
    state = casino.new_game(seed=1)
    eight_a = TableBuild(8, (tuple(parse_cards("5H 3S")),), 1)
    eight_b = TableBuild(8, (tuple(parse_cards("6D 2D")),), 1)
    state = attrs.evolve(
        state,
        to_act=0,
        hands=(tuple(parse_cards("8C 8S")), tuple(parse_cards("KD QD"))),
        loose=(),
        builds=(eight_a, eight_b),
    )
    first = Capture(parse_card("8C"), (), (eight_a.cards,))
    assert first in casino.legal_actions(state)
    after = casino.apply(state, first)
    assert casino.legal_actions(after) == (Take(eight_b.cards), Done())
    last = Capture(parse_card("8C"), (), (eight_b.cards,))
    assert casino.apply(state, last).pending is None


@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "royal"}, {"num_players": 3}, {"table_cards_in_raise": True}],
)
def test_goes_on_is_whether_any_item_may_follow(options: dict[str, object]) -> None:
    """Whether a play goes on after the items chosen (what ``apply`` asks after each
    step) is whether :meth:`Context.next_items` lists any item after them, for every
    header and every one or two items of seeded positions (choices no play makes
    included)."""
    seen = 0
    for seed in range(3):
        for state in seeded_states(Config(**options), seed, in_progress=False, limit=30):
            turn = rules._turn_of(state, state.to_act)
            size = len(state.loose) + len(state.builds)
            chosen = [*combinations(range(size), 1), *combinations(range(size), 2)]
            for i, card in enumerate(turn.hand):
                free = turn.owner_free(i)
                for header in rules._headers(turn, i):
                    for items in chosen:
                        goes_on = rules._context(state, card, header, free).goes_on(items)
                        following = rules._context(state, card, header, free).next_items(items)
                        assert goes_on == bool(following), (state, card, header, items)
                        seen += goes_on
    assert seen > 50  # plays that go on are among them
