"""Rummy 500 lists and makes what it made before the rules were written once (issue 27).

The digests below, of everything seeded random games list and make under many
option sets (every listing, and for one move in ten the check and the state an
equal copy of the chosen action makes), were made by the code of commit 0d9f51b.
The rules were since rewritten over the state's masks with one set of reasons
for ``legal_actions``, ``check`` and ``apply``: none of it may change a listed
action, their order or a resulting state.
"""

from __future__ import annotations

import copy
import hashlib
import random

import pytest

import cardrules
from cardrules import rummy500
from cardrules.rummy500 import Config

CONFIGS = {
    "default": Config(),
    "jokers": Config(jokers=2, target=200),
    "strict": Config(strict_immediate=True, target=200),
    "must-keep": Config(
        forbid_rediscard_of_taken_card=True, go_out_without_discard=False, target=200
    ),
    "free-top-wrap": Config(top_discard_must_be_used=False, allow_wraparound=True, target=200),
    "two-decks-4p": Config(num_decks=2, num_players=4, target=200),
    "reshuffle": Config(stock_exhausted="reshuffle", target=200),
    "discard-only-3p": Config(stock_exhausted="discard_only", jokers=2, num_players=3, target=150),
}


def game_digest(config: Config, seed: int) -> str:
    """SHA-256 (first 16 hex digits) of everything a seeded random game lists and makes."""
    digest = hashlib.sha256()
    chooser = random.Random(seed)
    state = rummy500.new_game(config, seed=seed)
    while not state.is_over:
        legal = rummy500.legal_actions(state)
        digest.update(repr(legal).encode())
        if chooser.random() < 0.1:
            # An equal action that is not the listed object takes the checked path.
            twin = copy.copy(chooser.choice(legal))
            digest.update(repr(rummy500.check(state, twin)).encode())
            digest.update(_as_pinned(cardrules.to_json(rummy500.apply(state, twin))).encode())
        state = rummy500.apply(state, chooser.choice(legal))
        digest.update(_as_pinned(cardrules.to_json(state)).encode())
    return digest.hexdigest()[:16]


def _as_pinned(text: str) -> str:
    """JSON with the config keys as they were when the digests were pinned (issue 27
    renamed them), so the digests still show that nothing else changed."""
    return text.replace('"num_decks"', '"decks"').replace(
        '"forbid_rediscard_of_taken_card"', '"forbid_rediscard_of_taken"'
    )


PINNED: dict[str, list[str]] = {  # seeds 0 and 1, made by the code of commit 0d9f51b
    "default": ["396bbefa990e20c8", "f22c574d3c9d4a50"],
    "jokers": ["65049d8b0140064f", "659a155fcd86f639"],
    "strict": ["1350bc7fecd0dbea", "9ca983d531b5c987"],
    "must-keep": ["bd26c657790230f9", "c1dd26f13ce8a2e4"],
    "free-top-wrap": ["60b462d043727aeb", "18864182c33e3a0f"],
    "two-decks-4p": ["dd98650bb89ab17c", "2ea451ea901aa64f"],
    "reshuffle": ["3e10763e677efcca", "4eac4550fb90a908"],
    "discard-only-3p": ["59f95522dc1deb53", "26b5908737516e55"],
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_games_unchanged(name: str) -> None:
    assert [game_digest(CONFIGS[name], seed) for seed in range(2)] == PINNED[name]


@pytest.mark.parametrize("wrap", [False, True])
def test_a_natural_card_lays_off_one_way_but_on_twelve_card_runs(wrap: bool) -> None:
    """``LayOff(card, target)`` is the only lay-off of a natural card
    on a set or a run of other than twelve cards (R5-2, lay-offs; issue 20 names the
    end only where a card fits both). Every natural meld shape is tried."""
    from cardrules.cards import SUITS, make_deck
    from cardrules.rummy.melds import MAX_RUN, MeldRules, SetMeld, card_at, cards_in, make_meld
    from cardrules.rummy.melds import natural_table as summary_of
    from cardrules.rummy500.actions import LayOff
    from cardrules.rummy500.rules import _layoff_moves

    rules = MeldRules(allow_wraparound=wrap)
    melds = []
    for suit in SUITS:
        for start in range(1, 14):
            for length in range(3, MAX_RUN + 1):
                if wrap or start + length - 1 <= 14:
                    cards = [card_at(suit, start + i) for i in range(length)]
                    melds.append(make_meld(cards, rules))
    deck = make_deck()
    for rank in range(1, 14):
        of_rank = [card for card in deck if card.rank == rank]
        melds += [make_meld(of_rank[:3], rules), make_meld(of_rank[1:], rules)]
    two_ways = 0
    for meld in melds:
        fits = summary_of((meld,), rules).fits
        for card in cards_in(fits):
            listed = [action for action, _ in _layoff_moves(card, 0, meld, rules)]
            if len(meld.cards) == 12 and not isinstance(meld, SetMeld):
                two_ways += len(listed) == 2
                continue
            assert listed == [LayOff(card, 0)], (meld, card)
    assert two_ways > 0  # the twelve-card runs do take a card both ways
