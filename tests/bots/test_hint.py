"""bots.hint: a legal suggested move with a reason, from a view only (issue 31)."""

from __future__ import annotations

import pytest

from cardrules import casino, rummy500, vegas_rummy
from cardrules.bots import Hint, hint
from cardrules.bots.hint import describe_reason

GAMES = {"rummy500": rummy500, "vegas_rummy": vegas_rummy, "casino": casino}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hint_is_legal_with_a_reason(game: str, seed: int) -> None:
    module = GAMES[game]
    state = module.new_game(seed=seed)
    for _ in range(6):  # a few positions into the game, each hint checked on the way
        view = module.view(state, state.to_act)
        tip = hint(game, view, seed=seed)
        assert isinstance(tip, Hint)
        assert tip.action in module.legal_actions(state)
        assert tip.reason.strip()
        state = module.apply(state, tip.action)


def test_hint_is_reproducible_with_a_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Determinism holds under the work budget; the time caps are lifted so a
    # loaded machine cannot stop the search early.
    monkeypatch.setattr("cardrules.bots.search.DEADLINE_FACTOR", 1e6)
    monkeypatch.setattr("cardrules.bots.search.WALL_FACTOR", 1e6)
    state = casino.new_game(seed=11)
    view = casino.view(state, state.to_act)
    first = hint("casino", view, seed=4, think_time=0.05)
    assert first == hint("casino", view, seed=4, think_time=0.05)
    assert "sampled deals" in first.reason


def test_hint_refuses_a_view_of_another_game_or_a_spectator() -> None:
    state = rummy500.new_game(seed=1)
    with pytest.raises(TypeError, match="casino View"):
        hint("casino", rummy500.view(state, state.to_act))
    with pytest.raises(ValueError, match="spectator"):
        hint("rummy500", rummy500.view(state, None))
    with pytest.raises(ValueError, match="unknown game"):
        hint("chess", rummy500.view(state, state.to_act))
    with pytest.raises(ValueError, match="think_time"):
        hint("rummy500", rummy500.view(state, state.to_act), think_time=-1)


def test_hint_says_a_meld_of_a_set() -> None:
    # R5-9: three of a rank are a set; the reason names the rank.
    from cardrules.cards import parse_cards
    from cardrules.rummy.melds import MeldRules, make_meld
    from cardrules.rummy500.actions import Meld

    meld = make_meld(parse_cards("KC KD KH"), MeldRules())
    state = rummy500.new_game(seed=1)
    view = rummy500.view(state, state.to_act)
    reason = describe_reason("rummy500", view, Meld(meld))
    assert reason.startswith("melds three kings")
