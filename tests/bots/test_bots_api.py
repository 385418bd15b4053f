"""cardrules.bots: make(), the protocol, legality, determinism, reset, the simulation API."""

from __future__ import annotations

import random

import pytest

from cardrules import bots, rummy500
from cardrules.bots import LEVELS, Bot, RandomBot, make, simulate, wilson_interval

SHORT = rummy500.Config(target=150)


def play(game_bots: list[Bot], *, seed: int, config: rummy500.Config = SHORT,
         limit: int = 20_000) -> rummy500.State:
    """Play a game, checking that every chosen action is legal."""
    state = rummy500.new_game(config, seed=seed)
    steps = 0
    while not state.is_over and steps < limit:
        seat = state.to_act
        assert seat is not None
        view = rummy500.view(state, seat)
        action = game_bots[seat].choose(view)
        assert action in rummy500.legal_actions(state), (game_bots[seat].level, str(action))
        state = rummy500.apply(state, action)
        steps += 1
    assert state.is_over
    return state


def test_levels_and_make() -> None:
    assert LEVELS == ("random", "easy", "normal", "expert")
    for level in LEVELS:
        bot = make("rummy500", level, seed=1)
        assert isinstance(bot, Bot)
        assert (bot.game, bot.level) == ("rummy500", level)
    assert bots.available_levels("rummy500") == LEVELS


@pytest.mark.parametrize(
    ("game", "level", "message"),
    [
        ("poker", "easy", "unknown game 'poker'"),
        ("rummy500", "hard", "unknown bot level 'hard'"),
        ("rummy500", "Expert", "unknown bot level"),
    ],
)
def test_make_refuses_unknown_names(game: str, level: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make(game, level)


def test_make_refuses_bad_types() -> None:
    with pytest.raises(TypeError):
        make("rummy500", "easy", seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        make(3, "easy")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["rummy500", "casino", "vegas_rummy"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_game_has_every_level(game: str, level: str) -> None:
    import cardrules

    assert bots.available_levels(game) == LEVELS
    bot = make(game, level, seed=2)
    assert (bot.game, bot.level) == (game, level)
    if level == "random":
        assert isinstance(bot, RandomBot)
    state = cardrules.new_game(game, seed=4)
    for _ in range(30):
        if state.is_over:
            break
        action = bot.choose(cardrules.view(state, state.to_act))
        assert action in cardrules.legal_actions(state)
        state = cardrules.apply(state, action)


def test_a_bot_refuses_a_view_without_a_move() -> None:
    state = rummy500.new_game(seed=1)
    other = (state.to_act + 1) % 2
    for level in LEVELS:
        with pytest.raises(ValueError, match="no legal actions"):
            make("rummy500", level, seed=1).choose(rummy500.view(state, other))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_to_the_end(level: str) -> None:
    players = [make("rummy500", level, seed=5), make("rummy500", "random", seed=6)]
    play(players, seed=11)
    # and with the rule options that change the turn most
    config = rummy500.Config(
        target=100, strict_immediate=True, forbid_rediscard_of_taken_card=True,
        go_out_without_discard=False, stock_exhausted="discard_only",
        top_discard_must_be_used=False,
    )
    play([make("rummy500", level, seed=7), make("rummy500", "normal", seed=8)], seed=3,
         config=config)


def test_three_and_four_players_and_jokers() -> None:
    config = rummy500.Config(num_players=4, target=100, jokers=2, stock_exhausted="reshuffle")
    play([make("rummy500", lv, seed=i) for i, lv in enumerate(LEVELS)], seed=9, config=config)
    config3 = rummy500.Config(num_players=3, target=120, low_ace_points=1)
    play([make("rummy500", lv, seed=i) for i, lv in enumerate(LEVELS[1:])], seed=2, config=config3)


def _decisions(level: str, seed: int) -> list[str]:
    players = [make("rummy500", level, seed=seed), make("rummy500", "easy", seed=99)]
    state = rummy500.new_game(SHORT, seed=21)
    chosen = []
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_act
        action = players[seat].choose(rummy500.view(state, seat))
        if seat == 0:
            chosen.append(str(action))
        state = rummy500.apply(state, action)
    return chosen


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_given_their_seed(level: str) -> None:
    state = random.getstate()
    first = _decisions(level, seed=3)
    random.seed(12345)  # the module-global generator must not matter
    assert _decisions(level, seed=3) == first
    random.setstate(state)


@pytest.mark.parametrize("level", LEVELS)
def test_reset_starts_afresh(level: str) -> None:
    bot = make("rummy500", level, seed=4)
    opponent = make("rummy500", "normal", seed=5)

    def run() -> list[str]:
        state = rummy500.new_game(SHORT, seed=8)
        out = []
        for _ in range(80):
            if state.is_over:
                break
            seat = state.to_act
            action = (bot if seat == 0 else opponent).choose(rummy500.view(state, seat))
            out.append(str(action))
            state = rummy500.apply(state, action)
        return out

    first = run()
    bot.reset()
    opponent.reset()
    assert run() == first


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = wilson_interval(400, 400)
    assert high == 1.0 and low > 0.99
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_simulate_is_deterministic_and_worker_independent() -> None:
    one = simulate("rummy500", ["easy", "random"], games=6, seed=5, config=SHORT)
    again = simulate("rummy500", ["easy", "random"], games=6, seed=5, config=SHORT)
    two = simulate("rummy500", ["easy", "random"], games=6, seed=5, config=SHORT, workers=2)
    assert one == again == two
    assert one.games == 6 and sum(one.wins) >= 6
    assert one.labels == ("easy", "random")
    # seats rotate: each bot opens three games
    assert sorted(o.seats for o in one.outcomes).count((0, 1)) == 3
    low, high = one.intervals[0]
    assert low <= one.win_rates[0] <= high
    assert one.unfinished == 0
    assert "easy" in one.table()


def _custom(seed: int) -> Bot:
    return make("rummy500", "normal", seed=seed)


def test_seating_visits_every_order() -> None:
    from itertools import permutations

    from cardrules.bots.simulate import seating

    assert [seating(3, i) for i in range(6)] == list(permutations(range(3)))
    assert seating(3, 6) == seating(3, 0)
    assert len({seating(4, i) for i in range(24)}) == 24
    assert sorted(seating(8, 12345)) == list(range(8))


def test_simulate_accepts_factories_and_refuses_nonsense() -> None:
    result = simulate("rummy500", [_custom, "normal"], games=2, seed=1, config=SHORT)
    assert result.labels == ("_custom", "normal")
    mirror = simulate("rummy500", ["easy", "easy"], games=2, seed=1, config=SHORT)
    assert mirror.labels == ("easy#1", "easy#2")
    with pytest.raises(ValueError, match="unknown game"):
        simulate("chess", ["easy", "easy"])
    with pytest.raises(ValueError, match="unknown bot level"):
        simulate("rummy500", ["easy", "grandmaster"])
    with pytest.raises(ValueError, match=r"2\.\.8 bots"):
        simulate("rummy500", ["easy"])
    with pytest.raises(ValueError, match="games"):
        simulate("rummy500", ["easy", "easy"], games=0)
    with pytest.raises(ValueError, match="workers"):
        simulate("rummy500", ["easy", "easy"], workers=0)
