"""Issue 13 item 4: ``str()`` of every state and view is the table the command draws.

``cardrules.<game>.display`` draws it; ``State.__str__``/``View.__str__`` and
the command's renderer all call that one function. A view's table holds only
what its seat knows; a state's adds every hand and the stock.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import casino, rummy500, vegas_rummy
from cardrules.cli.render import Style, table_lines
from cardrules.display import cards_text

DISPLAYS = {
    "rummy500": rummy500.display,
    "vegas_rummy": vegas_rummy.display,
    "casino": casino.display,
}


def positions(game: str, seed: int, limit: int = 400) -> list[Any]:
    """States of one random game, every few actions."""
    state = cardrules.new_game(game, seed=987_654_321_987 + seed)  # a seed no table could show
    chooser = random.Random(seed)
    found = [state]
    for number in range(limit):
        if state.is_over:
            break
        state = cardrules.apply(state, chooser.choice(cardrules.legal_actions(state)))
        if number % 7 == 0 or state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_13_4_str_is_the_table_the_command_draws(game: str) -> None:
    plain = Style(color=False, unicode=True)
    for state in positions(game, seed=4):
        seats = len(state.hands)
        text = str(state)
        assert text.splitlines() == DISPLAYS[game].table_lines(state)
        assert text.splitlines() == table_lines(game, state, [], plain)
        assert "Stock (top first)" in text
        assert str(state.seed) not in text
        for seat, hand in enumerate(state.hands):
            if hand and getattr(state, "active", (True,) * seats)[seat]:
                wild = getattr(state, "wilds", frozenset())
                assert f"P{seat}: {cards_text(hand, wild=wild)}" in text
        for seat in [None, *range(seats)]:
            shown = cardrules.view(state, seat)
            mine = str(shown)
            assert mine.splitlines() == table_lines(game, shown, [], plain)
            assert "Stock (top first)" not in mine and "\nHands" not in mine
            assert str(state.seed) not in mine
            if seat is not None and state.hands[seat] and not state.is_over:
                assert "Your hand: " in mine
            if seat is None:
                assert "Your hand" not in mine
        assert repr(state) != text  # repr is left alone


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_13_4_a_views_table_shows_nothing_the_seat_does_not_know(game: str) -> None:
    # Two deals that differ only in what seat 0 cannot see draw seat 0 the same table.
    for state in positions(game, seed=11, limit=60):
        if state.is_over:
            continue
        hidden = [c for s, hand in enumerate(state.hands) if s != 0 for c in hand]
        stock = list(state.stock)
        pool = hidden + stock
        random.Random(1).shuffle(pool)
        hands = list(state.hands)
        at = 0
        for s in range(1, len(hands)):
            hands[s] = tuple(sorted(pool[at : at + len(hands[s])]))
            at += len(hands[s])
        twin = attrs.evolve(state, hands=tuple(hands), stock=tuple(pool[at:]))
        assert str(cardrules.view(twin, 0)) == str(cardrules.view(state, 0))


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_13_4_html_is_escaped_with_red_suits(game: str) -> None:
    state = positions(game, seed=2, limit=30)[-1]
    page = state._repr_html_()
    assert page.startswith('<pre class="cardrules">') and page.endswith("</pre>")
    assert html.unescape(re.sub(r"</?span[^>]*>", "", page)[23:-6]) == str(state)
    if any(suit in str(state) for suit in "♥♦"):
        assert '<span style="color:#c0182a">' in page
    view_page = cardrules.view(state, 0)._repr_html_()
    assert "Stock (top first)" not in view_page
    names = ["<script>alert(1)</script>", "A & B", '"q"', "x"]
    hostile = DISPLAYS[game].table_html(state, names)
    assert "<script>" not in hostile and "&lt;script&gt;" in hostile and "A &amp; B" in hostile


def test_13_4_other_objects_are_refused() -> None:
    with pytest.raises(TypeError, match="expected a casino State or View"):
        casino.display.table_lines(rummy500.new_game(seed=1))
