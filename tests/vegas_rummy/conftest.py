"""Helpers for the Las Vegas Rummy tests: stacked deals and short scripted turns."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from cardrules.cards import Card, make_deck, parse_card, parse_cards
from cardrules.vegas_rummy import Config, State, new_game


def stack_deck(
    config: Config, hands: Sequence[str], upcard: str, stock_top: str = ""
) -> list[Card]:
    """A deck (top first) dealing ``hands[i]`` to seat ``i`` under the documented order.

    One card at a time from the dealer's left, the dealer last; then the upcard;
    then ``stock_top`` (the next cards drawn, in order); then the rest of the pack.
    """
    assert isinstance(config.first_dealer, int)
    n = config.num_players
    dealer = config.first_dealer
    order = [(dealer + k) % n for k in range(1, n + 1)]
    pack = list(make_deck(decks=config.decks_for(n), jokers_per_deck=2))
    cards = {seat: list(parse_cards(text)) for seat, text in enumerate(hands)}
    top = [parse_card(upcard), *parse_cards(stock_top)]
    for card in [c for h in cards.values() for c in h] + top:
        pack.remove(card)
    deck: list[Card] = []
    for i in range(config.cards_per_player):
        for seat in order:
            deck.append(cards[seat][i])
    return deck + top + pack


def _stacked(
    config: Config, hands: Sequence[str], upcard: str, stock_top: str = "", seed: int = 1
) -> State:
    return new_game(config, seed=seed, deck=stack_deck(config, hands, upcard, stock_top))


@pytest.fixture
def stacked() -> Callable[..., State]:
    """``stacked(config, hands, upcard, stock_top="")``: a game dealt from a stacked deck."""
    return _stacked
