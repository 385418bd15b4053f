"""Issue 16 item 1: the action numbering is a bijection on the legal actions of every state."""

from __future__ import annotations

import copy
import random

import attrs
import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import rummy500, vegas_rummy
from cardrules.rl.actions import action_space, check_supported, numbers_mask

from .cases import CASES, IDS, PARAMS


def _walk(game: str, config: object, seed: int, steps: int) -> None:
    space = action_space(game, config)
    state = cardrules.new_game(game, config, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = cardrules.legal_actions(state)
        numbered = space.legal(state)
        # One number per legal action, all in range, and back again (issue 16 item 1).
        assert len(numbered) == len(legal)
        assert all(0 <= number < space.size for number in numbered)
        for action in legal:
            assert space.action(state, space.index(state, action)) == action
        # The actor's view numbers them the same, and the mask marks exactly them.
        seen = cardrules.view(state, state.to_act)
        assert space.legal(seen) == numbered
        mask = space.mask(state)
        assert int(mask.sum()) == len(legal)
        assert all(mask[number] for number in numbered)
        state = cardrules.apply(state, chooser.choice(legal))


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_bijection_on_legal_actions_of_random_games(game: str, case: int, seed: int) -> None:
    _walk(game, CASES[game][case], seed, steps=150)


def test_numbers_do_not_depend_on_the_hand() -> None:
    """A discard is numbered by its card, whatever else is held (fixed meanings)."""
    space = action_space("rummy500")
    state = cardrules.new_game("rummy500", seed=1)
    discard = rummy500.Discard(state.hands[0][0])
    assert space.index(state, discard) == space.blocks[3][1] + discard.card.index


def test_illegal_numbers_are_refused() -> None:
    space = action_space("casino")
    state = cardrules.new_game("casino", seed=1)
    with pytest.raises(ValueError, match="no legal action"):
        space.action(state, space.size - 1)
    with pytest.raises(TypeError):
        space.action(state, "3")  # type: ignore[arg-type]


def test_numpy_integers_name_actions_as_ints_do() -> None:
    """A policy's argmax is a numpy integer: ``action`` takes it (the compiled build too)."""
    space = action_space("casino")
    state = cardrules.new_game("casino", seed=1)
    for number, action in space.legal(state).items():
        assert space.action(state, np.int64(number)) == action


def test_unsupported_vegas_configs_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="meld_strictness"):
        action_space("vegas_rummy", vegas_rummy.Config(num_players=2))
    if hasattr(vegas_rummy, "Join"):
        with pytest.raises(ValueError, match="max_seats"):
            check_supported("vegas_rummy", vegas_rummy.Config(num_players=2, meld_strictness=True))


def test_wrong_config_type() -> None:
    with pytest.raises(TypeError):
        action_space("casino", rummy500.Config())


_SUITS = "♣♦♥♠"
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@settings(max_examples=25, deadline=None)
@given(
    suit=st.sampled_from(_SUITS),
    players=st.integers(2, 4),
    joker=st.booleans(),
    as_joker=st.booleans(),
    seed=st.integers(0, 2**20),
)
def test_an_ace_laid_off_on_either_end_of_a_two_to_king_run_gets_two_numbers(
    suit: str, players: int, joker: bool, as_joker: bool, seed: int
) -> None:
    """Issue 29 fault 1: without wrap-around an ace fits both ends of 2–K (R5 lay-offs).

    Both lay-offs are legal and listed with their end; they used to share a number,
    and the mask then raised. The same goes for a joker standing for that ace.
    """
    config = rummy500.Config(num_players=players, jokers=2 if joker or as_joker else 0)
    run = " ".join(rank + suit for rank in _RANKS)
    held = "JK" if as_joker else "A" + suit
    state = rummy500.position(
        hands={0: f"{held} …"}, melds=[(1, run)], phase="play", to_act=0,
        # The turn drew: the upcard is still on the pile.
        discard="2" + ("♥" if suit == "♠" else "♠"),
        config=config, seed=seed,
    )
    space = action_space("rummy500", config)
    legal = cardrules.legal_actions(state)
    ends = [a for a in legal if isinstance(a, rummy500.LayOff) and a.target == 0 and a.end]
    assert {a.end for a in ends} >= {"low", "high"}
    numbered = space.legal(state)  # raised AssertionError before the fix
    assert len(numbered) == len(legal)
    assert len({space.index(state, a) for a in ends}) == len(ends)
    assert int(space.mask(state).sum()) == len(legal)
    for action in ends:
        assert space.action(state, space.index(state, action)) == action


def _reached(game: str, seed: int, moves: int) -> object:
    """The state ``moves`` random legal moves into a seeded game of ``game``."""
    config = CASES[game][0]
    state = cardrules.new_game(game, config, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = cardrules.apply(state, chooser.choice(cardrules.legal_actions(state)))
    return state


def _overwrite(target: object, source: object) -> None:
    """Give ``target`` every field of ``source`` in place (as ``apply`` logs a state it built)."""
    for field in attrs.fields(type(source)):
        object.__setattr__(target, field.name, getattr(source, field.name))


@pytest.mark.parametrize("game", list(CASES))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 40), later=st.integers(1, 10))
def test_a_space_answers_from_the_position_s_value_not_its_identity(
    game: str, seed: int, moves: int, later: int
) -> None:
    """Issue 29 item 2 (issue 27's rule in ``rl/``): a space keeps no memory of positions.

    It remembered the last position it numbered by identity, so a position
    object whose value changed got the old listing back. Each answer now comes
    from the position as it is: after changing the object in place, and for an
    equal position that is another object.
    """
    space = action_space(game, CASES[game][0])
    first = _reached(game, seed, moves)
    second = _reached(game, seed, moves + later)
    if first.is_over or second.is_over:
        return
    before = space.number(first, cardrules.legal_actions(first))
    changing = copy.copy(first)
    assert space.legal(changing) == before  # the last position asked about, before the change
    _overwrite(changing, second)
    expected = space.number(second, cardrules.legal_actions(second))
    assert space.legal(changing) == expected
    assert space.legal_indices(changing) == tuple(sorted(expected))
    assert sorted(space.legal_numbers(changing)) == sorted(expected)
    assert np.flatnonzero(space.mask(changing)).tolist() == sorted(expected)
    for number, action in expected.items():
        assert space.action(changing, number) == action
    twin = cardrules.from_json(cardrules.to_json(second))
    assert twin is not second
    assert space.legal(twin) == expected


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(1, 23_000),
    picks=st.lists(st.integers(0, 10**6), max_size=40),
)
def test_a_mask_has_one_at_each_number_and_zero_elsewhere(size: int, picks: list[int]) -> None:
    """A mask is 1 exactly at the numbers given, and a new writable ``int8`` vector
    each time (nothing shared between masks)."""
    numbers = dict.fromkeys(pick % size for pick in picks)
    mask = numbers_mask(size, numbers)
    assert mask.dtype == np.int8 and mask.shape == (size,)
    assert np.flatnonzero(mask).tolist() == sorted(numbers)
    assert set(np.unique(mask).tolist()) <= {0, 1}
    mask[:] = 1  # writable, and the next mask of this size does not see it
    assert np.flatnonzero(numbers_mask(size, ())).tolist() == []


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_spaces_survive_pickle_and_deepcopy(game: str, case: int) -> None:
    """OpenSpiel serialises states holding a space: one brought back numbers as the original."""
    import pickle

    space = action_space(game, CASES[game][case])
    state = cardrules.new_game(game, CASES[game][case], seed=2)
    for twin in (pickle.loads(pickle.dumps(space)), copy.deepcopy(space)):
        assert (twin.game, twin.size, twin.blocks) == (space.game, space.size, space.blocks)
        assert twin.legal(state) == space.legal(state)
