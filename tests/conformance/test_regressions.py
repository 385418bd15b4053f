"""Regressions: bugs the conformance harness and the fuzzers found, now fixed.

Each test states the behaviour the API promises for input a client could send.
"""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import casino
from cardrules.rummy.melds import SetMeld


def _meld_document(game: str, rank: str, cards: list[str], suits: list[str]) -> str:
    """An action document a client could send: a set meld, spelled out field by field."""
    meld = {"type": "SetMeld", "rank": rank, "cards": cards, "suits": suits}
    data = {"type": "Meld", "meld": meld}
    envelope = {"format": "cardrules", "version": 1, "game": game, "kind": "action", "data": data}
    return json.dumps(envelope)


@pytest.mark.parametrize("game", ["rummy500", "vegas_rummy"])
def test_set_of_the_joker_rank_is_refused_not_a_crash(game: str) -> None:
    """API.md: ``from_json`` raises ``ValueError`` on malformed input (was a KeyError later)."""
    state = cardrules.new_game(game, seed=1)
    state = cardrules.apply(state, cardrules.legal_actions(state)[0])  # draw: now in play
    hand = state.hands[state.to_act]
    naturals = [c.code for c in hand if not c.is_joker][:3]
    suits = [c.suit.name for c in hand if not c.is_joker][:3]
    with pytest.raises(ValueError, match="natural rank"):
        cardrules.from_json(_meld_document(game, "JOKER", naturals, suits))


def _position_with_a_set() -> tuple[object, SetMeld]:
    """A Rummy 500 position where a three-card set may be melded (seeded search)."""
    from cardrules import rummy500

    for seed in range(200):
        rnd = random.Random(seed)
        state = rummy500.new_game(seed=seed)
        for _ in range(300):
            if state.is_over:
                break
            legal = rummy500.legal_actions(state)
            for action in legal:
                meld = getattr(action, "meld", None)
                if isinstance(meld, SetMeld) and len(meld.cards) == 3:
                    return state, meld
            state = rummy500.apply(state, rnd.choice(legal))
    raise AssertionError("no position with a set")


def test_rummy500_set_with_a_card_more_than_suits_is_refused() -> None:
    """Rummy 500 spec §1 (a set is three or four cards of one rank): a set naming fewer suits
    than cards cannot even be made (it was accepted by ``check``)."""
    state, meld = _position_with_a_set()
    hand = state.hands[state.to_act]  # type: ignore[attr-defined]
    stranger = next(c for c in hand if c.rank != meld.rank)
    text = _meld_document(
        "rummy500", meld.rank.name, [c.code for c in (*meld.cards, stranger)],
        [s.name for s in meld.suits],
    )
    with pytest.raises(ValueError, match="one suit"):  # 9♣ 9♦ 9♠ 7♣ with three suits
        cardrules.from_json(text)


@pytest.mark.parametrize(
    ("field", "value"),
    [("cards_per_player", 10**12), ("num_players", 10**9), ("num_decks", 10**7)],
)
def test_vegas_state_with_an_absurd_size_is_refused(field: str, value: int) -> None:
    """API.md: ``from_json`` "raises ``ValueError`` on malformed, inconsistent or oversized
    input"; a 120-character change once asked for 37 billion decks (MemoryError)."""
    doc = json.loads(cardrules.to_json(cardrules.new_game("vegas_rummy", seed=1)))
    doc["data"]["config"][field] = value
    with pytest.raises(ValueError, match="at most"):
        cardrules.from_json(json.dumps(doc))


def test_casino_action_text_naming_a_joker_is_a_value_error() -> None:
    """API.md: malformed action text raises ``ValueError`` (it was a ``TypeError``)."""
    state = cardrules.new_game("casino", seed=1)
    for text in ("trail JK", "JK takes 5C", "and JK", "5C builds 8 with JK"):
        with pytest.raises(ValueError):
            casino.parse_action(text, state)
