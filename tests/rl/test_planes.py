"""Issue 29 item 4: the compact observation, bounded in [0, 1], small, with public history."""

from __future__ import annotations

import random

import attrs
import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import cardrules
from cardrules import casino, rummy500, vegas_rummy
from cardrules.event_types import Move, RoundEnd
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
                assert np.array_equal(vector, encode_seat(state, seat, history))
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


def _events_by_definition(before: object, after: object, actor: int) -> tuple[object, ...]:
    """:func:`new_events` as its docstring defines it, written plainly."""
    log = after.events  # type: ignore[attr-defined]
    if log == before.events:  # type: ignore[attr-defined]
        return ()
    for index in reversed(range(len(log))):
        if isinstance(log[index], Move) and log[index].seat == actor:
            return tuple(log[index:])
    return tuple(log[-1:])


# The history planes' meaning (module docstring of cardrules.rl.planes): which
# row a kind of move marks, with which of its cards.
_RUMMY_MARKS = {
    "take": (("took", slice(None)),),
    "discard": (("discarded", slice(None)),),
    "meld": (("placed", slice(None)),),
    "lay_off": (("placed", slice(None)),),
    "swap": (("placed", slice(0, 1)), ("took", slice(1, None))),
}


def _marks(game: str, move: Move) -> tuple[tuple[str, slice], ...]:
    if game == "casino":
        played = (("played", slice(0, 1)),)
        return (*played, ("captured", slice(None))) if move.kind == "capture" else played
    return _RUMMY_MARKS.get(move.kind, ())


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_new_events_and_the_history_planes_follow_their_definitions(game: str, case: int) -> None:
    """Every move's new events, and the planes after it, as the docs define them (seeded games)."""
    config = CASES[game][case]
    kinds = history_kinds(game)
    n = config.num_players
    rnd = random.Random(11)
    marked = 0
    for seed in range(3):
        state = cardrules.new_game(game, config, seed=seed)
        history = PublicHistory(game, config)
        expected = np.zeros((len(kinds), n, 52 if game == "casino" else 53), dtype=np.float32)
        for _ in range(400):
            if state.is_over:
                break
            actor = state.to_act
            after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
            events = new_events(state, after, actor)
            assert events == _events_by_definition(state, after, actor)
            history.record(events)
            for event in events:
                if isinstance(event, RoundEnd):
                    expected[:] = 0.0
                elif isinstance(event, Move):
                    for kind, which in _marks(game, event):
                        for card in event.cards[which]:
                            expected[kinds.index(kind), event.seat, card.index] = 1.0
                            marked += 1
            assert np.array_equal(history.planes, expected)
            state = after
    assert marked


def test_new_events_start_at_the_actors_last_move_wherever_it_is_in_the_log() -> None:
    """From the actor's last move to the log's end; none when the log is unchanged."""
    from types import SimpleNamespace

    mine, theirs = Move(0, "draw", "draw"), Move(1, "draw", "draw")
    before = SimpleNamespace(events=(theirs,))
    for log in [(theirs, mine), (mine, theirs), (mine, RoundEnd(1, (0, 0), ())), (theirs,)]:
        after = SimpleNamespace(events=log)
        assert new_events(before, after, 0) == _events_by_definition(before, after, 0)
    assert new_events(before, SimpleNamespace(events=(mine, theirs)), 0) == (mine, theirs)
    assert new_events(before, SimpleNamespace(events=(Move(1, "draw", "draw"),)), 1) == ()


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=IDS)
def test_histories_and_encoders_survive_pickle_and_copies(game: str, case: int) -> None:
    """OpenSpiel serialises its states (pickle) and search clones them (deepcopy).

    A history or an encoder brought back must answer as the original, and a
    deep copy or :meth:`PublicHistory.copy` must not share the original's
    flags (the compiled build makes these classes only through ``__init__``).
    """
    import copy
    import pickle

    config = CASES[game][case]
    rnd = random.Random(9)
    state = cardrules.new_game(game, config, seed=case)
    history, encode = PublicHistory(game, config), SeatEncoder()
    for _ in range(60):
        if state.is_over:
            break
        encode(state, 0, history)
        actor = state.to_act
        after = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
        history.record(new_events(state, after, actor))
        state = after
    expected = encode_seat(state, 0, history)
    assert history.planes.any()
    for twin, twin_encode in (
        pickle.loads(pickle.dumps((history, encode))),
        copy.deepcopy((history, encode)),
        (history.copy(), encode),
    ):
        assert np.array_equal(twin.planes, history.planes)
        assert np.array_equal(twin_encode(state, 0, twin), expected)
        twin.clear()
        assert history.planes.any()
