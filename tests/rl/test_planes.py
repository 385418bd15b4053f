"""Issue 29 item 4: the compact observation, bounded in [0, 1], small, with public history."""

from __future__ import annotations

import random

import attrs
import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import cardrules
from cardrules import casino, rummy500, vegas_rummy
from cardrules.event_types import Move
from cardrules.rl.pettingzoo import observation_space
from cardrules.rl.planes import (
    PublicHistory,
    SeatEncoder,
    encode_planes,
    encode_seat,
    history_kinds,
    layout,
    new_events,
    planes_size,
)
from tests.conformance.profiles import hidden_twin

from .cases import CASES, IDS, PARAMS


def _one_deck_configs() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for players in (2, 3, 4):
        for jokers in (0, 2):
            for wrap in (False, True):
                config = rummy500.Config(num_players=players, jokers=jokers, allow_wraparound=wrap)
                found.append(("rummy500", config))
        found.append(
            ("vegas_rummy", vegas_rummy.Config(
                num_players=players, meld_strictness=True, max_seats=players))
        )
        for variant in ("standard", "royal"):
            found.append(("casino", casino.Config(num_players=players, variant=variant)))
    found.append(("casino", casino.Config(num_players=4, partnerships=True)))
    return found


@pytest.mark.parametrize(("game", "config"), _one_deck_configs())
def test_every_one_deck_observation_fits_in_4_kib(game: str, config: object) -> None:
    size = planes_size(game, config)
    assert size * 4 <= 4096
    space = observation_space(game, config, 1)["observation"]
    assert space.shape == (size,) and float(space.low.min()) == 0.0
    assert float(space.high.max()) == 1.0
    _name, start, shape = layout(game, config)[-1]
    assert start + int(np.prod(shape)) == size


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_planes_stay_in_bounds_record_the_public_history_and_hide_the_rest(
    game: str, case: int
) -> None:
    config = CASES[game][case]
    space = observation_space(game, config, 1)["observation"]
    at = {name: (start, shape) for name, start, shape in layout(game, config)}
    n = config.num_players
    rnd = random.Random(3)
    recorded = 0
    for seed in range(2):
        state = cardrules.new_game(game, config, seed=seed)
        history = PublicHistory(game, config)
        for _ in range(150):
            if state.is_over:
                break
            for seat in (None, *range(n)):
                vector = encode_planes(cardrules.view(state, seat), history)
                assert space.contains(vector)
                # The environments' fast path reads the state: it must equal the view's.
                assert np.array_equal(vector, encode_seat(state, seat, history))  # type: ignore[arg-type]
                twin = hidden_twin(game, state, seat, rnd)
                assert np.array_equal(vector, encode_planes(cardrules.view(twin, seat), history))
            actor = state.to_act
            after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
            events = new_events(state, after, actor)
            history.record(events)
            state = after
            for event in events:
                if not isinstance(event, Move) or not event.cards or not history.planes.any():
                    continue
                recorded += 1
                # The mover's row of the viewer's planes: seats are relative.
                viewer = rnd.randrange(n)
                vector = encode_planes(cardrules.view(state, viewer), history)
                row = (event.seat - viewer) % n
                marked = set()
                for kind in history_kinds(game):
                    start, (_seats, columns) = at[kind]
                    plane = vector[start : start + n * columns].reshape(n, columns)
                    marked |= {int(i) for i in np.flatnonzero(plane[row])}
                assert {card.index for card in event.cards[:1]} <= marked
    assert recorded


def test_who_captured_a_card_changes_the_tensor() -> None:
    """Issue 29: a captured 10♦ moved between piles used to leave the tensors unchanged."""
    state = cardrules.new_game("casino", seed=1)
    seen = cardrules.view(state, 0)
    ten = cardrules.cards.parse_card("10D")
    mine, theirs = PublicHistory("casino", state.config), PublicHistory("casino", state.config)
    mine.record([Move(0, "capture", "capture", (ten,))])
    theirs.record([Move(1, "capture", "capture", (ten,))])
    assert not np.array_equal(encode_planes(seen, mine), encode_planes(seen, theirs))
    assert not np.array_equal(encode_planes(seen, mine), encode_planes(seen))


@pytest.mark.parametrize("game", ["rummy500", "vegas_rummy"])
def test_a_seat_encoder_answers_as_encode_seat_whatever_it_saw_before(game: str) -> None:
    """The encoder's memory of the last melds never leaks into the next answer.

    One encoder is fed the states of two games of two configs (different meld
    slots) interleaved, from every seat, tables repeating and changing.
    """
    encode = SeatEncoder()
    rnd = random.Random(4)
    games = [cardrules.new_game(game, config, seed=6) for config in CASES[game]]
    for _ in range(400):
        which = rnd.randrange(2)
        state = games[which]
        if state.is_over:
            state = cardrules.new_game(game, CASES[game][which], seed=rnd.randrange(100))
        seat = rnd.randrange(state.config.num_players)
        assert np.array_equal(encode(state, seat), encode_seat(state, seat))
        games[which] = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
    # The same melds under a config with other meld slots: other values, not the memory's.
    melded = next((state for state in games if state.melds), None)
    assert melded is not None
    other = CASES[game][1] if melded.config == CASES[game][0] else CASES[game][0]
    twin = attrs.evolve(cardrules.new_game(game, other, seed=1), melds=melded.melds)
    assert np.array_equal(encode(melded, 0), encode_seat(melded, 0))
    assert np.array_equal(encode(twin, 0), encode_seat(twin, 0))


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_history_planes_seen_from_each_seat_are_the_absolute_ones_rotated(
    game: str, case: int
) -> None:
    """The history is kept once per viewer (issue 29 item 6, step speed).

    Every seat's copy must be the absolute planes with that seat's row first,
    after every move of seeded games (rounds' ends clear every copy), and a
    copy must not share its flags with the original.
    """
    config = CASES[game][case]
    n = config.num_players
    at = {name: (start, shape) for name, start, shape in layout(game, config)}
    kinds = history_kinds(game)
    rnd = random.Random(29 + case)
    checked = 0
    for seed in range(3):
        state = cardrules.new_game(game, config, seed=seed)
        history = PublicHistory(game, config)
        for _ in range(150):
            if state.is_over:
                break
            after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
            history.record(new_events(state, after, state.to_act))
            state = after
            absolute = history.planes
            for viewer in range(n):
                vector = encode_seat(state, viewer, history)
                for row, kind in enumerate(kinds):
                    start, (_seats, columns) = at[kind]
                    seen = vector[start : start + n * columns].reshape(n, columns)
                    assert np.array_equal(seen, np.roll(absolute[row], -viewer, axis=0))
            checked += int(absolute.any())
        twin = history.copy()
        kept = history.planes.copy()
        assert np.array_equal(twin.planes, kept)
        twin.clear()
        assert not twin.planes.any()
        assert np.array_equal(history.planes, kept)  # the copy shared nothing
    assert checked


_RUMMY_PARAMS = [param for param in PARAMS if param[0] != "casino"]
_RUMMY_IDS = [f"{game}-{case}" for game, case in _RUMMY_PARAMS]


@pytest.mark.parametrize(("game", "case"), _RUMMY_PARAMS, ids=_RUMMY_IDS)
def test_a_seat_encoder_following_a_game_answers_as_encode_seat_at_every_step(
    game: str, case: int
) -> None:
    """Issue 29 (observation speed): a new meld or a lay-off only adds to the rows.

    An encoder that follows a game move by move places only the melds added
    after those it encoded last, or only the cards laid off on one; its
    answer must still be :func:`encode_seat`'s (a fresh encoding) and the
    view's, bit for bit, at every step and from the seat to act, with the
    history planes. The games must meld and lay off onto tables that already
    hold melds, or the shortcuts are not exercised.
    """
    config = CASES[game][case]
    rnd = random.Random(290 + case)
    encode = SeatEncoder()
    extended = laid_off = 0
    for seed in range(4):
        state = cardrules.new_game(game, config, seed=seed)
        history = PublicHistory(game, config)
        last: tuple[object, ...] = ()
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_act if state.to_act is not None else 0
            got = encode(state, seat, history)
            assert np.array_equal(got, encode_seat(state, seat, history))
            assert np.array_equal(got, encode_planes(cardrules.view(state, seat), history))
            melds = tuple(state.melds)
            extended += 0 < len(last) < len(melds) and melds[: len(last)] == last
            laid_off += 0 < len(last) == len(melds) and melds != last
            last = melds
            after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
            history.record(new_events(state, after, state.to_act))
            state = after
    assert extended > 0
    assert laid_off > 0
