"""The searching expert of issue 31: legal, bounded, deterministic, view-only, and it sees wins."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import bots, casino, rummy500
from cardrules import vegas_rummy as vr
from cardrules.bots import search
from cardrules.bots.rummy_search import in_hand_melds, sample_vegas_world
from cardrules.cards import parse_card, parse_cards

GAMES = {
    "rummy500": (rummy500, rummy500.Config(target=1)),
    "vegas_rummy": (vr, vr.Config(num_players=2, max_score=1)),
    "casino": (casino, casino.Config(target=1)),
}


@pytest.fixture
def work_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lift the time caps: the search then stops on its work budget alone."""
    monkeypatch.setattr(search, "DEADLINE_FACTOR", 1e6)
    monkeypatch.setattr(search, "WALL_FACTOR", 1e6)


def _positions(game: str, seed: int, moves: int) -> list[object]:
    """States along a game of normal bots, for the expert to decide in."""
    module, config = GAMES[game]
    state = module.new_game(config, seed=seed)
    players = [bots.make(game, "normal", seed=seed + s) for s in range(2)]
    found = []
    for _ in range(moves):
        if state.is_over:
            break
        found.append(state)
        state = module.apply(state, players[state.to_act].choose(module.view(state, state.to_act)))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_is_deterministic_under_a_work_budget(game: str, work_only: None) -> None:
    module, _config = GAMES[game]
    searched = 0
    for state in _positions(game, seed=5, moves=30):
        view = module.view(state, state.to_act)
        first = bots.make(game, "expert", seed=9, think_time=0.02)
        again = bots.make(game, "expert", seed=9, think_time=0.02)
        assert first.choose(view) == again.choose(view)
        found = first.last_search  # type: ignore[attr-defined]
        if found is not None:
            searched += 1
            assert found == again.last_search  # type: ignore[attr-defined]
            assert not found.capped and found.work >= search.work_budget(game, 0.02)
    assert searched >= 3


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_keeps_to_its_think_time(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "DEADLINE_FACTOR", 1.5)  # the product's caps, not the tests'
    monkeypatch.setattr(search, "WALL_FACTOR", 2.5)
    module, _config = GAMES[game]
    think = 0.05
    for state in _positions(game, seed=8, moves=24)[::4]:
        bot = bots.make(game, "expert", seed=1, think_time=think)
        view = module.view(state, state.to_act)
        start = time.perf_counter()
        bot.choose(view)
        found = bot.last_search  # type: ignore[attr-defined]
        elapsed = time.perf_counter() - start
        if found is not None and found.capped:
            # The caps: no play-out starts after think_time × WALL_FACTOR of wall time.
            assert elapsed < think * search.WALL_FACTOR + 1.0
        elif found is not None:
            # Stopped by its work budget: the first whole world past it, no more.
            assert found.work >= search.work_budget(game, think) > found.work - 200 * 8


def test_one_legal_action_is_returned_without_search() -> None:
    state = rummy500.new_game(seed=3)  # the first move of a round can only be a draw
    view = rummy500.view(state, state.to_act)
    assert len(view.legal_actions) == 1
    bot = bots.make("rummy500", "expert", seed=1, think_time=30)
    start = time.perf_counter()
    assert bot.choose(view) == view.legal_actions[0]
    assert time.perf_counter() - start < 1.0
    assert bot.last_search is None  # type: ignore[attr-defined]


def test_think_time_is_checked() -> None:
    with pytest.raises(ValueError, match="think_time"):
        bots.make("rummy500", "expert", think_time=-1)
    with pytest.raises(TypeError, match="seconds"):
        bots.make("rummy500", "expert", think_time="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only the expert"):
        bots.make("rummy500", "normal", think_time=0.1)
    assert bots.make("vegas_rummy", "expert").think_time == search.DEFAULT_THINK_TIME  # type: ignore[attr-defined]


def test_search_keeps_the_heuristic_choice_on_a_tie() -> None:
    class Flat:
        def sample(self, view: object, rnd: random.Random) -> int:
            return 0

        def play_out(self, world: int, candidate: str, rnd: random.Random) -> tuple[float, int]:
            return 1.0, 1

    found = search.search(["mine", "other"], Flat(), None, random.Random(1), work=10, deadline=1e18)
    assert found.best == "mine" and found.worlds == 5 and found.margin == 0.0


class _Noisy:
    """A toy game: "other" gains ``edge`` over "mine", ``spread`` more or less in turn."""

    def __init__(self, edge: float, spread: float) -> None:
        self.edge = edge
        self.spread = spread
        self.dealt = 0

    def sample(self, view: object, rnd: random.Random) -> float:
        self.dealt += 1
        return self.spread if self.dealt % 2 else -self.spread

    def play_out(self, world: float, candidate: str, rnd: random.Random) -> tuple[float, int]:
        return (self.edge + world if candidate == "other" else 0.0), 1


def test_confidence_keeps_the_heuristic_against_a_noisy_gain() -> None:
    # A mean gain of 2 going +22 and -18 by turns over 10 worlds (a standard error of
    # 6.7) is noise at 1.5 standard errors.
    plain = search.search(
        ["mine", "other"], _Noisy(2.0, 20.0), None, random.Random(3), work=20, deadline=1e18
    )
    tested = search.search(
        ["mine", "other"], _Noisy(2.0, 20.0), None, random.Random(3), work=20, deadline=1e18,
        confidence=1.5,
    )
    assert plain.values == tested.values  # the same worlds, only the verdict differs
    assert plain.best == "other" and tested.best == "mine"


def test_confidence_lets_a_clear_gain_through() -> None:
    # A gain of 5 that every world agrees on has no error: it beats a prior of 1.
    found = search.search(
        ["mine", "other"], _Noisy(edge=5.0, spread=0.0), None, random.Random(3), work=20,
        deadline=1e18, prior=1.0, confidence=3.0,
    )
    assert found.best == "other"
    # ... and a gain under the prior does not, however sure.
    found = search.search(
        ["mine", "other"], _Noisy(edge=0.5, spread=0.0), None, random.Random(3), work=20,
        deadline=1e18, prior=1.0, confidence=3.0,
    )
    assert found.best == "mine"


def test_confidence_needs_two_worlds() -> None:
    found = search.search(
        ["mine", "other"], _Noisy(edge=5.0, spread=0.0), None, random.Random(3), work=2,
        deadline=1e18, confidence=1.0,
    )
    assert found.worlds == 1 and found.best == "mine"


def test_search_stops_at_the_deadline_with_whole_worlds_only() -> None:
    ticks = iter(range(100))

    class Counting:
        def sample(self, view: object, rnd: random.Random) -> int:
            return 0

        def play_out(self, world: int, candidate: int, rnd: random.Random) -> tuple[float, int]:
            return float(candidate), 1

    found = search.search(
        [0, 1, 2], Counting(), None, random.Random(1), work=10**9, deadline=4.5,
        clock=lambda: float(next(ticks)),
    )
    assert found.capped and found.worlds == 1 and found.best == 2


def test_expert_goes_out_when_it_can(work_only: None) -> None:
    # R5-8: melding the last cards but one and discarding it ends the round with
    # nothing left in hand; the expert puts its set down rather than discard from it.
    state = rummy500.position(
        {0: "9C 9D 9H 2S", 1: "KC KS QH JS 4D 5S 8C AD 10C 6D"},
        melds=[(0, "5H 6H 7H 8H"), (0, "2C 3C 4C")],
        phase="play",
        discard="8S",
    )
    bot = bots.make("rummy500", "expert", seed=2, think_time=0.05)
    view = rummy500.view(state, 0)
    action = bot.choose(view)
    assert isinstance(action, rummy500.Meld)
    assert set(action.meld.cards) == set(parse_cards("9C 9D 9H"))
    state = rummy500.apply(state, action)
    assert bot.choose(rummy500.view(state, 0)) == rummy500.Discard(parse_card("2S"))


def test_rummy500_expert_searches_its_draws_only(work_only: None) -> None:
    # Melds, lay-offs and discards are the heuristic's (the search judged them worse);
    # every draw with a choice is searched.
    drawn = 0
    for state in _positions("rummy500", seed=8, moves=40):
        view = rummy500.view(state, state.to_act)
        bot = bots.make("rummy500", "expert", seed=1, think_time=0.01)
        bot.choose(view)
        found = bot.last_search  # type: ignore[attr-defined]
        if view.phase is rummy500.Phase.DRAW and len(view.legal_actions) > 1:
            drawn += 1
            assert found is not None and found.worlds >= 1
        else:
            assert found is None
    assert drawn >= 3


def test_expert_captures_a_sweep(work_only: None) -> None:
    # CA-1/CA-5: the 9♠ takes the 9 build, the 9♦ and 6♥+3♠: the whole table, a sweep.
    state = casino.position(
        {0: "9S 2H 3C", 1: "4H 9C 7S"},
        table="9D 6H 3S",
        builds=[(1, "[9: 5C+4D]")],
        deal=2,
        config=casino.Config(sweeps=True),
    )
    bot = bots.make("casino", "expert", seed=3, think_time=0.05)
    tip = bots.hint("casino", casino.view(state, 0), seed=3, think_time=0.05)
    action = bot.choose(casino.view(state, 0))
    assert action == tip.action and action.card == parse_card("9S")
    assert "sweeps" in tip.reason


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_reads_only_its_view(game: str, work_only: None) -> None:
    """Worlds differing only in hidden cards give the same view and the same move."""
    module, _config = GAMES[game]
    from cardrules.rl.determinize import determinize

    rnd = random.Random(4)
    for state in _positions(game, seed=12, moves=20)[::4]:
        seat = state.to_act
        other = determinize(state, seat, rnd)
        view = module.view(state, seat)
        assert module.view(other, seat) == view
        one = bots.make(game, "expert", seed=6, think_time=0.02)
        two = bots.make(game, "expert", seed=6, think_time=0.02)
        assert one.choose(view) == two.choose(module.view(other, seat))


def test_vegas_worlds_match_the_view() -> None:
    rnd = random.Random(2)
    for state in _positions("vegas_rummy", seed=3, moves=40)[::5]:
        seat = state.to_act
        view = vr.view(state, seat)
        if view.phase not in ("draw", "play"):
            continue
        world = sample_vegas_world(view, None, rnd)
        vr.validate_state(world)
        assert vr.view(world, seat) == view


def test_in_hand_melds_finds_sets_and_runs() -> None:
    hand = parse_cards("5H 6H 7H KS KD KC 2C QD")
    assert in_hand_melds(hand) == set(parse_cards("5H 6H 7H KS KD KC"))
    assert in_hand_melds(parse_cards("QH KH AH")) == set(parse_cards("QH KH AH"))


def _random_position(game: str, seed: int, moves: int) -> object:
    module, config = GAMES[game]
    rnd = random.Random(seed)
    state = module.new_game(config, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = module.apply(state, rnd.choice(module.legal_actions(state)))
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 80),
)
def test_expert_always_returns_a_legal_action(game: str, seed: int, moves: int) -> None:
    module, _config = GAMES[game]
    state = _random_position(game, seed, moves)
    if state.is_over:  # type: ignore[attr-defined]
        return
    seat = state.to_act  # type: ignore[attr-defined]
    bot = bots.make(game, "expert", seed=seed, think_time=0.01)
    assert bot.choose(module.view(state, seat)) in module.legal_actions(state)
