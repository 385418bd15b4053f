"""The conformance suite: every game of ``cardrules.GAMES`` plays at least 1,000 checked games.

See :mod:`.harness` for the invariants (each cites its ``shared/API.md``
clause) and :mod:`.profiles` for the configs and their termination bounds;
``docs/conformance.rst`` describes both.
"""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import engine

from .harness import play_checked
from .profiles import PROFILES, profile

MIN_GAMES = 1_000
"""Checked games per game, over all its configs (issue 8)."""
CHUNK = 50
"""Games per test item, so that the work spreads over pytest-xdist workers."""


def _chunks() -> list[object]:
    params = []
    for game in cardrules.GAMES:
        for case in PROFILES[game].cases if game in PROFILES else ():
            for start in range(0, case.games, CHUNK):
                # The first chunk of every config runs by default; the rest (the
                # 1,000 games a game) in CI's slow step, to keep the default run short.
                marks = (pytest.mark.slow,) if start else ()
                params.append(
                    pytest.param(game, case.id, start, id=f"{game}-{case.id}-{start}", marks=marks)
                )
    return params


def test_every_game_has_a_profile() -> None:
    """A new game in ``cardrules.GAMES`` must bring its conformance profile."""
    for game in cardrules.GAMES:
        prof = profile(game)
        assert prof.total_games >= MIN_GAMES, f"{game} plays only {prof.total_games} games"
        assert len(prof.cases) >= 3, f"{game} needs several configs"


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_views_have_no_seed_or_stock_field(game: str) -> None:
    """API.md: "A view never holds … the stock order, or the seed" — not even as a field."""
    names = {field.name for field in attrs.fields(engine.definition(game).view_type)}
    assert not names & {"seed", "stock", "shuffles"}


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_default_config_is_played(game: str) -> None:
    """Issue 15 item 5: random play from the default config ends within the documented bound.

    Asked of every game that declares ``max_game_length``; the checked games of
    that case run in ``test_conformance`` like any other.
    """
    rules = engine.definition(game)
    assert rules.max_game_length is not None, f"{game} declares no max_game_length"
    default = rules.config_type()
    assert any(case.config == default for case in profile(game).cases), (
        f"{game}'s profile plays no game from the default config"
    )
    assert rules.max_game_length(default) > 0


@pytest.mark.parametrize(("game", "case_id", "start"), _chunks())
def test_conformance(game: str, case_id: str, start: int) -> None:
    case = next(c for c in profile(game).cases if c.id == case_id)
    seeds = range(start, min(start + CHUNK, case.games))
    candidates = refused = twins = steps = 0
    for seed in seeds:
        state, stats = play_checked(game, case.config, seed, case.bound)
        assert state.is_over
        candidates += stats.candidates
        refused += stats.refused
        twins += stats.twins
        steps += stats.steps
    # The chunk really tried illegal actions and blindness twins at every step.
    assert refused > 0 and candidates > refused
    assert twins >= steps
