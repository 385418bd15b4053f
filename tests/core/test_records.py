"""JSON documents: round trips, and refusal of malformed, tampered or oversized input."""

from __future__ import annotations

import json
import random
import re
import warnings
from typing import ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
import cardrules.codec
from cardrules import records
from cardrules.rummy500 import Config, Draw, apply, legal_actions, new_game, validate_state, view


def played(seed=3, steps=25):
    state = new_game(Config(num_players=3), seed=seed)
    rnd = random.Random(seed)
    actions = []
    for _ in range(steps):
        action = rnd.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    return state, tuple(actions)


def test_round_trips_of_every_kind():
    state, actions = played()
    for obj in (state, state.config, actions[0], Draw(), view(state, 1), view(state, None)):
        text = cardrules.to_json(obj)
        assert cardrules.from_json(text) == obj
        assert cardrules.to_json(cardrules.from_json(text)) == text
    record = cardrules.GameRecord("rummy500", state.config, 3, None, actions)
    loaded = cardrules.from_json(cardrules.to_json(record))
    assert loaded == record and loaded.final_state() == state


def test_envelope_names_game_kind_and_version():
    doc = json.loads(cardrules.to_json(new_game(seed=1)))
    assert doc["format"] == "cardrules" and doc["version"] == records.FORMAT_VERSION
    assert doc["game"] == "rummy500" and doc["kind"] == "state"
    assert "seed" in doc["data"]  # a full state is the server's record; views never hold it
    assert "seed" not in json.loads(cardrules.to_json(view(new_game(seed=1), 0)))["data"]


def _doc(obj):
    return json.loads(cardrules.to_json(obj))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(game="poker"), "unknown game"),
        (lambda d: d.update(kind="banana"), "unknown kind"),
        (lambda d: d.update(extra=1), "unknown keys"),
        (lambda d: d.pop("data"), "missing key"),
        (lambda d: d["data"].update(scores=[0, 5]), "scores"),
        (lambda d: d["data"]["hands"][0].__setitem__(0, d["data"]["hands"][1][0]), "conserved"),
        (lambda d: d["data"]["hands"][0].__setitem__(0, "ZZ"), "not a card"),
        (lambda d: d["data"].update(round_number=True), "whole number"),
        (lambda d: d["data"].update(to_act=7), "seat"),
        (lambda d: d["data"].update(phase="NAP"), "Phase"),
        (lambda d: d["data"].update(seed=-5), "seed"),
        (lambda d: d["data"]["config"].update(num_players=9), "num_players"),
        (lambda d: d["data"].update(type="View"), "type"),
    ],
)
def test_tampered_state_is_refused(mutate, message):
    doc = _doc(new_game(Config(num_players=2), seed=4))
    mutate(doc)
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(json.dumps(doc))


def test_record_with_an_illegal_action_is_refused():
    state, actions = played()
    record = cardrules.GameRecord("rummy500", state.config, 3, None, (actions[0], actions[0]))
    with pytest.raises(ValueError, match="illegal"):
        cardrules.from_json(cardrules.to_json(record))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "bad JSON"),
        ("{", "bad JSON"),
        ("[]", "must be an object"),
        ('{"format": "cardrules", "version": NaN}', "NaN"),
        ('{"a": 1, "a": 2}', "twice"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"x": "' + "a" * (records.MAX_JSON_CHARS + 1) + '"}', "longer than"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_malformed_documents(text, message):
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(text)


def test_from_json_wants_text():
    with pytest.raises(TypeError):
        cardrules.from_json(12)  # type: ignore[arg-type]


def _mutations(value):
    """Every path in a JSON tree (lists and objects) paired with its value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (key,), item
            for path, sub in _mutations(item):
                yield (key, *path), sub
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (index,), item
            for path, sub in _mutations(item):
                yield (index, *path), sub


REPLACEMENTS = [None, True, 0, -1, 3, 10**30, "", "AS", "JK", [], {}, [1], "x" * 50, 1.5]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 50),
    pick=st.integers(0, 10**9),
    replacement=st.sampled_from(REPLACEMENTS),
)
def test_fuzzed_states_load_valid_or_raise_value_error(seed, pick, replacement):
    state, _ = played(seed=seed, steps=seed % 30)
    doc = _doc(state)
    paths = list(_mutations(doc))
    path, _ = paths[pick % len(paths)]
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = replacement
    try:
        loaded = cardrules.from_json(json.dumps(doc))
    except (ValueError, TypeError):
        return
    if loaded.__class__.__name__ == "State":
        validate_state(loaded)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    game=st.sampled_from(cardrules.GAMES),
    seed=st.integers(0, 40),
    steps=st.integers(0, 60),
    kind=st.sampled_from(["state", "view", "config"]),
    picks=st.lists(st.tuples(st.integers(0, 10**9), st.sampled_from(REPLACEMENTS)),
                   min_size=1, max_size=3),
)
def test_fuzzed_documents_of_every_game(game, seed, steps, kind, picks):
    """Untrusted JSON for any game: loads into a valid, playable object or raises ValueError."""
    state = cardrules.new_game(game, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = cardrules.apply(state, chooser.choice(cardrules.legal_actions(state)))
    obj = {"state": state, "view": cardrules.view(state, state.to_act), "config": state.config}
    doc = _doc(obj[kind])
    paths = list(_mutations(doc))
    for pick, replacement in picks:
        path, _ = paths[pick % len(paths)]
        target = doc
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = replacement
        except (KeyError, IndexError, TypeError):
            continue  # an earlier replacement changed the shape under this path
    try:
        loaded = cardrules.from_json(json.dumps(doc))
    except (ValueError, TypeError):
        return
    if kind == "state":
        from cardrules import engine

        engine.definition(game).validate_state(loaded)
        for action in cardrules.legal_actions(loaded)[:5]:
            cardrules.apply(loaded, action)


# ---------------------------------------------------------------------------
# Player records (issue 8): a game record a player may be given. API.md: "A view
# never holds another player's hidden cards, the stock order, or the seed" — a
# player record is built from one seat's views alone, so it must be as blind.


def _played_record(game, config, seed, steps=400):
    state = cardrules.new_game(game, config, seed=seed)
    rnd = random.Random(seed)
    actions = []
    while not state.is_over and len(actions) < steps:
        action = rnd.choice(cardrules.legal_actions(state))
        actions.append(action)
        state = cardrules.apply(state, action)
    return cardrules.GameRecord(game, config, seed, None, tuple(actions))


def _player_cases():
    from tests.conformance.profiles import PROFILES

    return [
        pytest.param(game, case.config, id=f"{game}-{case.id}")
        for game in cardrules.GAMES
        for case in PROFILES[game].cases[:2]
    ]


def _keys(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


@pytest.mark.parametrize(("game", "config"), _player_cases())
def test_player_record_is_blind_and_round_trips(game, config):
    from cardrules import engine
    from tests.conformance.profiles import hidden_twin

    rules = engine.definition(game)
    record = _played_record(game, config, seed=11)
    states = record.states()
    for seat in (*range(len(states[-1].hands)), None):
        mine = record.for_player(seat)
        text = cardrules.to_json(mine)
        assert cardrules.from_json(text) == mine
        doc = json.loads(text)
        assert doc["kind"] == "player_record"
        assert not set(_keys(doc)) & {"seed", "deck", "stock", "shuffles"}
        # The facts it keeps are the seat's own.
        assert mine.actors == tuple(s.to_act for s in states[:-1])
        assert mine.actions == record.actions
        if seat is not None:
            assert mine.hands == tuple(s.hands[seat] for s in states[1:])
        assert mine.views[0][0] == 0 and mine.views[-1][0] == len(record.actions)
        # Blindness: the same record comes out of states whose hidden cards differ.
        rnd = random.Random(seat)
        twins = [hidden_twin(game, s, seat, rnd) for s in states]
        assert twins != states
        twin_views = [rules.view(t, seat) for t in twins]
        assert records.player_record(game, seat, config, record.actions, twin_views) == mine


def test_player_record_shows_new_rounds_and_the_draws_of_its_seat():
    record = _played_record("rummy500", Config(target=100), seed=3, steps=10_000)
    states = record.states()
    mine = record.for_player(0)
    rounds = {s.round_number for s in states}
    assert len(mine.views) == len(rounds) + 1  # the start of each round, and the end
    assert mine.views[-1][1] == view(states[-1], 0)
    drew = [i for i, a in enumerate(record.actions) if a == Draw() and mine.actors[i] == 0]
    same_round = [i for i in drew if states[i + 1].round_number == states[i].round_number]
    assert same_round
    assert all(len(mine.hands[i]) == len(states[i].hands[0]) + 1 for i in same_round)


def test_player_record_of_a_table_without_joins():
    # Las Vegas Rummy: a newcomer joining is a host call (vegas_rummy.join, issue 15
    # item 5), never an action, so a record without joins (GameRecord.joins, see
    # test_record_joins_and_decks.py) keeps the seats it starts with.
    from cardrules import vegas_rummy

    config = vegas_rummy.Config(num_players=3, cards_per_player=3, max_score=10,
                                reshuffle_limit=0, max_seats=4)
    record = _played_record("vegas_rummy", config, 23, steps=3000)
    assert len(record.final_state().hands) == 3
    mine = record.for_player(2)
    assert mine.views[-1][1].seat == 2
    assert cardrules.from_json(cardrules.to_json(mine)) == mine
    with pytest.raises(ValueError, match="seat"):
        record.for_player(3)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(seed=1), "expected keys"),
        (lambda d: d.update(seat=9), "seat"),
        (lambda d: d["actors"].pop(), "one actor"),
        (lambda d: d["actors"].__setitem__(0, 7), "no seat"),
        (lambda d: d["views"].reverse(), "views"),
        (lambda d: d["views"][0].__setitem__(0, 5), "views"),
        (lambda d: d["views"][0][1].update(seat=1), "another game"),
        (lambda d: d.update(hands="AS"), "list"),
    ],
)
def test_tampered_player_record_is_refused(mutate, message):
    record = _played_record("rummy500", Config(), seed=2, steps=30)
    doc = json.loads(cardrules.to_json(record.for_player(0)))
    mutate(doc["data"])
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(json.dumps(doc))


# ---------------------------------------------------------------------------
# Card codes are read exactly as they are written (issue 30 item 4)

ODD_CARD_SPELLINGS = ["2c", " 2C\u3000", "2♧️", "2♣", "2C ", "T♠", "10d", "10S\u200b", "jk", "JOKER",
                      "Jk", "02C", "2C2C", ""]


@pytest.mark.parametrize("spelling", ODD_CARD_SPELLINGS)
def test_a_card_spelled_otherwise_than_written_is_refused_by_name(spelling):
    from cardrules.rummy500 import Discard

    state = new_game(Config(num_players=2), seed=4)
    card = state.hands[0][0]
    assert cardrules.to_json(Discard(card)).count(f'"{card.code}"') == 1
    documents = [cardrules.to_json(Discard(card)).replace(f'"{card.code}"', json.dumps(spelling))]
    doc = _doc(state)
    doc["data"]["hands"][0][0] = spelling
    documents.append(json.dumps(doc, ensure_ascii=False))
    record = _doc(cardrules.GameRecord("rummy500", state.config, 4, None, ()))
    record["data"]["deck"] = [spelling]
    documents.append(json.dumps(record, ensure_ascii=False))
    for text in documents:
        with pytest.raises(ValueError, match=re.escape(f"{spelling!r} is not a card code")):
            cardrules.from_json(text)


@pytest.mark.parametrize("spelling", ["2c", " 2C\u3000", "2♧️", "2♣"])
def test_parse_card_for_people_stays_lenient(spelling):
    from cardrules.cards import parse_card

    assert parse_card(spelling) == parse_card("2C")


def test_every_card_code_as_written_is_read():
    from cardrules.cards import make_deck

    deck = tuple(sorted(set(make_deck(jokers_per_deck=1))))
    assert len(deck) == 53
    assert records.decode(tuple[type(deck[0]), ...], json.loads(cardrules.codec.write(deck)),
                          "deck") == deck
    for card in deck:
        assert records.decode(type(card), card.code, "card") is card


# ---------------------------------------------------------------------------
# Renamed fields: old saves load with a warning (the one model across the games, issue 27)


@attrs.frozen
class Seating:
    """A class of this test's own, with a renamed field."""

    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"seats": "num_seats", "title": "name"}
    num_seats: int
    name: str = "table"


def test_an_old_key_loads_with_a_warning_naming_both():
    new = {"type": "Seating", "num_seats": 3, "name": "red"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert records.decode(Seating, new, "data") == Seating(3, "red")
    with pytest.warns(DeprecationWarning, match="'seats'.*'num_seats'"):
        assert records.decode(Seating, {"type": "Seating", "seats": 3}, "data") == Seating(3)
    old = {"type": "Seating", "seats": 3, "title": "red"}
    with pytest.warns(DeprecationWarning, match="is deprecated") as caught:
        loaded = records.decode(Seating, old, "data")
    assert loaded == Seating(3, "red")
    assert sorted(str(w.message).split("'")[1] for w in caught) == ["seats", "title"]
    assert json.loads(cardrules.codec.write(Seating(3, "red"))) == new  # written new


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"type": "Seating", "seats": 3, "num_seats": 3}, "both 'seats' and 'num_seats'"),
        ({"type": "Seating", "seats": 3, "num_seats": 4}, "both 'seats' and 'num_seats'"),
        ({"type": "Seating", "seats": 3, "chairs": 3}, r"unknown keys \['chairs'\]"),
        ({"type": "Seating", "title": "red"}, "missing key 'num_seats'"),
        ({"type": "Seating", "seats": True}, "data.num_seats: expected a whole number"),
    ],
)
def test_a_renamed_field_is_still_checked(value, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ValueError, match=message):
            records.decode(Seating, value, "data")


@attrs.frozen
class BadRenaming:
    RENAMED_FIELDS: ClassVar[dict[str, str]] = {"old": "missing"}
    present: int


def test_a_renaming_to_no_field_is_a_type_error():
    with pytest.raises(TypeError, match="RENAMED_FIELDS"):
        records.decode(BadRenaming, {"type": "BadRenaming", "present": 1}, "data")


@pytest.fixture
def players_renamed(monkeypatch):
    """Rummy 500's ``Config.num_players`` as if it had been called ``players`` before."""
    renamed = {**getattr(Config, "RENAMED_FIELDS", {}), "players": "num_players"}
    monkeypatch.setattr(Config, "RENAMED_FIELDS", renamed, raising=False)
    cardrules.codec._class_plan.cache_clear()  # plans are worked out once per class
    yield
    monkeypatch.undo()
    cardrules.codec._class_plan.cache_clear()


def _with_old_key(value):
    """``value`` (JSON) with every Rummy 500 config's ``num_players`` under ``players``."""
    if isinstance(value, list):
        return [_with_old_key(item) for item in value]
    if not isinstance(value, dict):
        return value
    if value.get("type") == "Config":
        return {("players" if key == "num_players" else key): item for key, item in value.items()}
    return {key: _with_old_key(item) for key, item in value.items()}


@pytest.mark.usefixtures("players_renamed")
def test_an_old_save_of_a_real_game_loads_with_a_warning():
    state, actions = played()
    record = cardrules.GameRecord("rummy500", state.config, 3, None, actions)
    for obj in (state, state.config, view(state, 1), record):
        text = cardrules.to_json(obj)
        old = json.dumps(_with_old_key(json.loads(text)), ensure_ascii=False,
                         separators=(",", ":"))
        assert old != text
        with pytest.warns(DeprecationWarning, match="'players'.*'num_players'"):
            loaded = cardrules.from_json(old)
        assert loaded == obj and cardrules.to_json(loaded) == text
        both = json.loads(text)
        config = both["data"] if both["kind"] == "config" else both["data"]["config"]
        config["players"] = config["num_players"]
        with pytest.raises(ValueError, match="both 'players' and 'num_players'"):
            cardrules.from_json(json.dumps(both))


@attrs.frozen
class Chain:
    """A class of this test's own: a private field (its keyword is ``label``), a
    keyword-only field, and itself inside (a class may hold itself)."""

    _label: str
    next: Chain | None = None
    size: int = attrs.field(default=1, kw_only=True)


def test_any_attrs_class_is_read_by_its_fields_keywords_and_defaults():
    chain = Chain("a", Chain("b", size=3), size=2)
    text = cardrules.codec.write(chain)
    assert text == ('{"type":"Chain","_label":"a","next":{"type":"Chain","_label":"b",'
                    '"next":null,"size":3},"size":2}')
    assert records.decode(Chain, json.loads(text), "data") == chain
    assert records.decode(Chain, {"type": "Chain", "_label": "c"}, "data") == Chain("c")
    with pytest.raises(ValueError, match=r"data\.next\.size: expected a whole number"):
        records.decode(Chain, {"type": "Chain", "_label": "c",
                               "next": {"type": "Chain", "_label": "d", "size": "2"}}, "data")
