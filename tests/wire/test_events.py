"""Issue 14 item 3: views carry the public events since their seat's last move,
blind like the rest of the view, from a bounded log kept on each state."""

from __future__ import annotations

import importlib
import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import casino, events, rummy500
from cardrules.events import MAX_EVENTS, Move, RoundEnd, append, since_last_move


def _hook(game: str):
    return importlib.import_module(f"cardrules.{game}.events").log_move


def _seats_in_play(state) -> list[int]:
    return [s for s, a in enumerate(getattr(state, "active", [True] * len(state.hands))) if a]


@pytest.mark.parametrize("game", cardrules.GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_view_shows_exactly_the_events_since_its_seats_last_move(game, seed):
    """Against an unbounded reference log rebuilt move by move."""
    rnd = random.Random(seed)
    state = cardrules.new_game(game, seed=seed)
    full: tuple = ()
    log_move = _hook(game)
    for _ in range(600):
        if state.is_over:
            break
        action = rnd.choice(cardrules.legal_actions(state))
        new = cardrules.apply(state, action)
        if new.events != state.events:  # a move was logged: what did it add?
            full = (*full, *log_move(attrs.evolve(state, events=()), action, new).events)
        assert len(new.events) <= MAX_EVENTS
        assert full[len(full) - len(new.events) :] == new.events, "the log is the reference's tail"
        for seat in _seats_in_play(new):
            assert cardrules.view(new, seat).events == since_last_move(full, seat)
        state = new


def _twin(state, seat: int, rnd: random.Random):
    """``state`` with every card hidden from ``seat`` dealt out again at random."""
    hidden = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.extend(hand)
    rnd.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)], key=lambda c: c.index)))
            hidden = hidden[len(hand) :]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(hidden))


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_twin_states_differing_only_in_hidden_cards_give_identical_views(game):
    rnd = random.Random(7)
    state = cardrules.new_game(game, seed=7)
    compared = 0
    for _ in range(300):
        if state.is_over:
            break
        for seat in range(len(state.hands)):
            assert cardrules.view(_twin(state, seat, rnd), seat) == cardrules.view(state, seat)
        # A draw from the stock, made in two worlds that differ in the stock: every
        # other seat's view (events included) is the same in both.
        actor = state.to_act
        listed = cardrules.legal_actions(state)
        draws = [a for a in listed if str(a) == "draw"]
        if draws and game != "casino":
            for seat in range(len(state.hands)):
                if seat == actor:
                    continue
                twin = _twin(state, seat, rnd)
                twin = attrs.evolve(twin, hands=state.hands)  # only the stock differs
                a, b = cardrules.apply(state, draws[0]), cardrules.apply(twin, draws[0])
                assert cardrules.view(a, seat) == cardrules.view(b, seat)
                assert cardrules.view(a, seat).events[-1] == Move(actor, "draw", "draw", ())
                compared += 1
        state = cardrules.apply(state, rnd.choice(listed))
    assert compared or game == "casino"


def test_rummy500_events_name_what_was_taken_melded_and_discarded():
    rnd = random.Random(3)
    state = cardrules.new_game("rummy500", seed=3)
    seen = set()
    while not state.is_over:
        action = rnd.choice(cardrules.legal_actions(state))
        new = cardrules.apply(state, action)
        move = next(e for e in reversed(new.events) if isinstance(e, Move))
        assert move.seat == state.to_act and move.text == str(action)
        if isinstance(action, rummy500.TakeDiscard):
            assert move.kind == "take" and move.cards == state.discard[-action.count :]
            assert move.cards[0] == action.card
        elif isinstance(action, rummy500.Meld):
            assert move.kind == "meld" and move.cards == action.meld.cards
        elif isinstance(action, rummy500.Discard):
            assert move.kind == "discard" and move.cards == (action.card,)
        if len(new.history) > len(state.history):
            end = new.events[-1]
            assert isinstance(end, RoundEnd) and end.scores == new.scores
            assert end.round_number == new.history[-1].round_number
        seen.add(move.kind)
        state = new
    assert {"draw", "meld", "discard"} <= seen
    assert state.events[-1] == RoundEnd(state.history[-1].round_number, state.scores, state.winners)


def test_casino_logs_a_play_once_whether_applied_whole_or_in_steps():
    rnd = random.Random(5)
    state = cardrules.new_game("casino", casino.Config(num_players=2), seed=5)
    found = 0
    while not state.is_over and found < 5:
        for whole in casino.plays(state):
            steps = casino.steps(state, whole)
            if len(steps) > 1:
                stepped = state
                for step in steps:
                    stepped = cardrules.apply(stepped, step)
                moves = [e for e in stepped.events if isinstance(e, Move)]
                assert moves[-1].text == str(whole) and moves[-1].seat == state.to_act
                assert moves[-1].cards[0] == whole.card
                assert (
                    sum(isinstance(e, Move) and e.seat == state.to_act for e in stepped.events) == 1
                ), "one event for the whole play"
                found += 1
                break
        state = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
    assert found


def test_events_are_checked_when_a_state_or_view_is_loaded():
    state = cardrules.new_game("rummy500", seed=1)
    state = cardrules.apply(state, cardrules.legal_actions(state)[0])
    document = json.loads(cardrules.to_json(state))
    assert cardrules.from_json(json.dumps(document)) == state
    for bad in (
        [{"type": "Move", "seat": 7, "kind": "draw", "text": "draw", "cards": []}],
        [{"type": "Move", "seat": 0, "kind": "fly", "text": "draw", "cards": []}],
        [{"type": "Move", "seat": 0, "kind": "draw", "text": "", "cards": []}],
        [{"type": "Move", "seat": 0, "kind": "draw", "text": "x" * 401, "cards": []}],
        [{"type": "RoundEnd", "round_number": 0, "scores": [], "winners": []}],
        [{"type": "Move", "seat": 0, "kind": "draw", "text": "draw", "cards": []}]
        * (MAX_EVENTS + 1),
    ):
        document["data"]["events"] = bad
        with pytest.raises(ValueError, match="events"):
            cardrules.from_json(json.dumps(document))
    seat = state.to_act
    other = 1 - seat
    view_doc = json.loads(cardrules.to_json(cardrules.view(state, other)))
    assert view_doc["data"]["events"] and view_doc["data"]["events"][0]["seat"] == other ^ 1
    view_doc["data"]["events"] = [
        {"type": "Move", "seat": other, "kind": "draw", "text": "draw", "cards": []}
    ]
    with pytest.raises(ValueError, match="after its seat's last move"):
        cardrules.from_json(json.dumps(view_doc))
    view_doc = json.loads(cardrules.to_json(cardrules.view(state, seat)))
    view_doc["data"]["legal_texts"] = ["nonsense"] * len(view_doc["data"]["legal_texts"])
    with pytest.raises(ValueError, match="legal_texts"):
        cardrules.from_json(json.dumps(view_doc))


def test_the_log_is_trimmed_to_one_trip_round_the_table():
    a, b, c = (Move(s, "discard", f"discard {s}", ()) for s in (0, 1, 0))
    assert events.append((a, b), [c], seats=(0, 1)) == (c,)
    assert events.append((a,), [b], seats=(0, 1)) == (b,)
    assert events.append((), [a], seats=(0, 1)) == (a,)  # seat 1 has not moved: keep all
    many = tuple(Move(0, "draw", "draw") for _ in range(MAX_EVENTS))
    assert len(events.append(many, [b], seats=(1, 2))) == MAX_EVENTS
    # A seat moving again, no other seat's move in the log: all kept, up to the cap.
    assert events.append((a,), [c], seats=range(2)) == (a, c)
    assert events.append((b, a), [c], seats=range(2)) == (a, c)  # seat 1 has seen b
    assert events.append(many, [c], seats=range(2)) == (*many[1:], c)


def test_every_call_of_a_decorated_apply_logs():
    """The hook logs each call it wraps (no call is taken for part of another), which is
    why no game's ``apply`` calls itself."""
    calls = []

    def derive(state, action, new):
        calls.append(action)
        return None  # nothing to log: the state stays as apply made it

    @events.logs_events(derive)
    def apply(state, action):
        if len(action) > 1:
            state = apply(state, action[1:])
        return state + 1

    assert apply(0, "abc") == 3
    assert calls == ["c", "bc", "abc"]


def test_a_whole_casino_play_logs_as_its_steps_do():
    """A whole play made step by step (``casino.play``, which calls ``apply`` once per
    step) logs one Move, the whole play, when it is done (issue 27: ``apply`` takes
    steps only)."""
    chooser = random.Random(4)
    state = casino.new_game(seed=4)
    compared = 0
    while not state.is_over and compared < 60:
        if state.pending is None:
            for whole in casino.plays(state)[:4]:
                after = casino.play(state, whole)
                last = [e for e in after.events if isinstance(e, Move)][-1]
                assert (last.seat, last.text) == (state.to_act, str(whole))
                compared += 1
        state = casino.apply(state, chooser.choice(casino.legal_actions(state)))
    assert compared >= 60


def _append_by_scanning(log, new, seats):
    """``events.append`` as its docstring says it: the plain scan, no shortcuts."""
    events = (*log, *new)
    if not new:
        return log
    last_moves = {}
    for index, event in enumerate(events):
        if isinstance(event, Move):
            last_moves[event.seat] = index
    seats = set(seats)
    if not seats or seats - set(last_moves):
        start = 0
    else:
        start = min(last_moves[seat] for seat in seats) + 1
    return events[max(start, len(events) - MAX_EVENTS) :]


@settings(max_examples=300, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.lists(  # the events of one move: its Move, maybe a RoundEnd
                st.one_of(
                    st.builds(lambda seat: Move(seat, "draw", "draw"), st.integers(0, 3)),
                    st.just(RoundEnd(1, (0, 0), ())),
                ),
                max_size=3,
            ),
            st.sampled_from([range(2), (0, 1), (1, 0), range(3), [0, 2], (0, 1, 2, 3), (2,)]),
            st.integers(0, 4),  # which earlier log to append to (0: the last one)
        ),
        max_size=60,
    ),
    start=st.integers(0, MAX_EVENTS + 5) | st.integers(MAX_EVENTS - 2, MAX_EVENTS + 1),
    one_seat=st.booleans(),
)
def test_append_is_the_plain_scan(steps, start, one_seat):
    """``append``'s shortcuts (two seats taking turns; a seat moving again onto a log
    with no other seat's move) give what scanning the whole log gives, for any log:
    made by append or not, long or short (up to the cap, all one seat's or not), for
    the same seats or others."""
    logs = [tuple(Move(0 if one_seat else i % 2, "draw", "draw") for i in range(start))]
    for new, seats, back in steps:
        log = logs[-1 - min(back, len(logs) - 1)]
        assert append(log, new, seats) == _append_by_scanning(log, new, seats)
        logs.append(append(log, new, seats))
