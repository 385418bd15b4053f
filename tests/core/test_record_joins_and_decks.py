"""Game records of every game the library plays: stacked decks for every deal
(``new_game(..., decks=[...])``), Las Vegas Rummy late joins (LV-14,
``vegas_rummy.join``, a call of the host and never an action) and the Las Vegas
stacked cut for the first dealer (LV-16, ``vegas_rummy.new_game(cut_deck=...)``).

A record keeps ``decks`` (two or more; one is kept as ``deck``) and ``joins``
(the number of actions played before each join); replaying it gives exactly the
live game's states, JSON carries both only when present, and the record given to
a player never holds the stacked decks.
"""

from __future__ import annotations

import functools
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import records, rummy500, stacking
from cardrules import vegas_rummy as vr
from cardrules.cards import make_deck
from tests.core.test_records import _keys

VEGAS = vr.Config(
    num_players=3, cards_per_player=3, max_score=60, reshuffle_limit=0, max_seats=8
)
"""Short rounds; seven or more players need a second deck (LV-1), so joins change the pack."""


def _vegas_pack(config: vr.Config, players: int) -> tuple:
    return make_deck(decks=config.decks_for(players), jokers_per_deck=2)


def _shuffled(pack, rnd: random.Random) -> tuple:
    return tuple(rnd.sample(pack, len(pack)))


def play_vegas(seed, config=VEGAS, *, decks=None, join_chance=0.6, max_actions=2_000,
               cut_deck=None):
    """A random Las Vegas game with late joins at random allowed moments: the live state,
    its actions and the join points (the number of actions played before each join)."""
    rnd = random.Random(seed)
    state = vr.new_game(config, seed=seed, decks=decks, cut_deck=cut_deck)
    actions, joins = [], []
    while not state.is_over and len(actions) < max_actions:
        if vr.join_error(state) is None and rnd.random() < join_chance:
            joins.append(len(actions))
            state = vr.join(state)
            continue
        action = rnd.choice(vr.legal_actions(state))
        actions.append(action)
        state = vr.apply(state, action)
    return state, tuple(actions), tuple(joins)


def first_join(seed=4, config=VEGAS):
    """A Vegas game played to its first moment a player may join, that join, and the
    rest of the round after it (the live state, actions and joins)."""
    rnd = random.Random(seed)
    state = vr.new_game(config, seed=seed)
    actions = []
    while vr.join_error(state) is not None:
        action = rnd.choice(vr.legal_actions(state))
        actions.append(action)
        state = vr.apply(state, action)
    joins = (len(actions),)
    state = vr.join(state)
    for _ in range(6):
        action = rnd.choice(vr.legal_actions(state))
        actions.append(action)
        state = vr.apply(state, action)
    return state, tuple(actions), joins


# ---------------------------------------------------------------------------
# LV-14: late joins


def test_lv14_a_record_with_a_join_replays_the_live_game_exactly():
    live, actions, joins = first_join()
    assert len(live.hands) == 4 and joins[0] < len(actions)
    record = cardrules.GameRecord("vegas_rummy", VEGAS, 4, None, actions, joins=joins)
    assert record.final_state() == live
    assert cardrules.to_json(record.final_state()) == cardrules.to_json(live)
    text = cardrules.to_json(record)
    assert json.loads(text)["data"]["joins"] == list(joins)
    loaded = cardrules.from_json(text)
    assert loaded == record and cardrules.to_json(loaded) == text
    assert cardrules.to_json(loaded.final_state()) == cardrules.to_json(live)
    # states()[n] is the state actions[n] is played in: the join comes before it.
    states = record.states()
    assert len(states) == len(actions) + 1
    assert len(states[joins[0]].hands) == 4 and len(states[joins[0] - 1].hands) == 3
    assert states[joins[0]].ledger[-1].kind == "join"


def test_lv14_joins_after_the_last_action_and_several_at_once():
    rnd = random.Random(8)
    state = vr.new_game(VEGAS, seed=8)
    actions = []
    while vr.join_error(state) is not None:
        actions.append(rnd.choice(vr.legal_actions(state)))
        state = vr.apply(state, actions[-1])
    state = vr.join(vr.join(state))  # two players seated before the next deal
    record = cardrules.GameRecord(
        "vegas_rummy", VEGAS, 8, None, actions, joins=[len(actions), len(actions)]
    )
    assert record.joins == (len(actions),) * 2  # a list is kept as a tuple
    assert record.final_state() == state and len(state.hands) == 5
    assert cardrules.from_json(cardrules.to_json(record)).final_state() == state


def test_lv14_a_join_the_rules_refuse_is_refused_with_join_errors_reason():
    _, actions, _ = first_join()
    mid_round = cardrules.GameRecord("vegas_rummy", VEGAS, 4, None, actions, joins=(1,))
    with pytest.raises(ValueError, match=r"join 0 \(after 1 actions\) is refused: .*mid-round"):
        mid_round.final_state()
    with pytest.raises(ValueError, match=r"^bad game record: join 0 .*LV-14"):
        cardrules.from_json(cardrules.to_json(mid_round))
    full = vr.Config(num_players=3, cards_per_player=3, max_score=60, max_seats=4)
    _, played, joins = first_join(config=full)
    at = joins[0]
    record = cardrules.GameRecord("vegas_rummy", full, 4, None, played[:at], joins=(at, at))
    with pytest.raises(ValueError, match=r"join 1 .*the table is full \(4 seats\)"):
        record.states()


def test_lv14_the_joiner_sees_the_game_as_a_spectator_until_seated():
    live, actions, joins = first_join()
    record = cardrules.GameRecord("vegas_rummy", VEGAS, 4, None, actions, joins=joins)
    mine = record.for_player(3)
    at = joins[0]
    assert mine.joins == joins
    assert [view.seat for _, view in mine.views] == [
        None if n < at else 3 for n, _ in mine.views
    ]
    assert at in [n for n, _ in mine.views]  # a view is kept where the seat sat down
    assert all(hand == () for hand in mine.hands[: at - 1])
    assert mine.actors == tuple(s.to_act for s in record.states()[:-1])
    assert mine.views[-1][1] == vr.view(live, 3)
    text = cardrules.to_json(mine)
    assert json.loads(text)["data"]["joins"] == list(joins)
    assert cardrules.from_json(text) == mine
    with pytest.raises(ValueError, match="seat"):
        record.for_player(4)


def test_max_record_joins_is_the_most_a_table_seats():
    assert records.MAX_RECORD_JOINS == vr.config.MAX_SEATS


# ---------------------------------------------------------------------------
# Stacked decks for every deal (new_game(decks=...), the API since the
# "Stack every deal" change; docs/positions.rst)


def _rummy_two_rounds(decks, seed=6):
    config = rummy500.Config(num_players=2)
    state = rummy500.new_game(config, seed=seed, decks=decks)
    rnd = random.Random(seed)
    actions = []
    while state.round_number < 3 and not state.is_over:
        actions.append(rnd.choice(rummy500.legal_actions(state)))
        state = rummy500.apply(state, actions[-1])
    return config, state, tuple(actions)


def test_stacked_decks_of_every_deal_are_recorded_and_replayed():
    rnd = random.Random(1)
    pack = make_deck()
    decks = [_shuffled(pack, rnd) for _ in range(4)]
    config, live, actions = _rummy_two_rounds(decks)
    assert live.round_number >= 2 and live.stacked  # round 2 came from decks[1]
    record = cardrules.GameRecord("rummy500", config, 6, None, actions, decks=decks)
    assert record.decks == tuple(decks) and record.deck is None
    assert record.final_state() == live
    text = cardrules.to_json(record)
    assert len(json.loads(text)["data"]["decks"]) == 4
    loaded = cardrules.from_json(text)
    assert loaded == record
    assert cardrules.to_json(loaded.final_state()) == cardrules.to_json(live)
    # With the first deck alone, round 2 is shuffled from the seed: another game.
    plain = cardrules.GameRecord("rummy500", config, 6, decks[0], actions)
    with pytest.raises(cardrules.IllegalActionError):
        plain.final_state()


def test_casino_hands_from_stacked_decks_through_the_top_level_api():
    rnd = random.Random(9)
    decks = [_shuffled(make_deck(), rnd) for _ in range(3)]
    state = cardrules.new_game("casino", seed=9, decks=decks)
    actions = []
    while state.round_number < 3 and not state.is_over:
        actions.append(rnd.choice(cardrules.legal_actions(state)))
        state = cardrules.apply(state, actions[-1])
    assert state.round_number == 3 and not state.stacked  # hands 2 and 3: decks 1 and 2
    record = cardrules.GameRecord("casino", state.config, 9, None, actions, decks=decks)
    loaded = cardrules.from_json(cardrules.to_json(record))
    assert cardrules.to_json(loaded.final_state()) == cardrules.to_json(state)


def test_one_stacked_deck_is_the_same_record_as_deck():
    pack = make_deck()
    state = cardrules.new_game("casino", seed=2, decks=[pack])
    as_decks = cardrules.GameRecord("casino", state.config, 2, None, [], decks=[list(pack)])
    as_deck = cardrules.GameRecord("casino", state.config, 2, pack, ())
    assert as_decks == as_deck and as_decks.decks == () and as_decks.deck == pack
    assert cardrules.to_json(as_decks) == cardrules.to_json(as_deck)
    assert as_decks.final_state() == state


def test_records_without_decks_or_joins_write_the_documents_of_before():
    state = cardrules.new_game("rummy500", seed=3)
    action = cardrules.legal_actions(state)[0]
    record = cardrules.GameRecord("rummy500", state.config, 3, None, (action,))
    doc = json.loads(cardrules.to_json(record))
    assert doc["version"] == records.FORMAT_VERSION == 1
    assert list(doc["data"]) == ["config", "seed", "deck", "actions"]
    assert "joins" not in json.loads(cardrules.to_json(record.for_player(0)))["data"]
    # A document that spells out empty decks and joins is the same record.
    doc["data"].update(decks=[], joins=[])
    assert cardrules.from_json(json.dumps(doc)) == record


def test_the_record_given_to_a_player_never_holds_the_stacked_decks():
    rnd = random.Random(5)
    pack = _vegas_pack(VEGAS, 3)
    decks = [_shuffled(pack, rnd) for _ in range(3)]
    live, actions, joins = play_vegas(5, decks=decks, max_actions=60)
    record = cardrules.GameRecord("vegas_rummy", VEGAS, 5, None, actions, decks=decks,
                                  joins=joins)
    assert record.final_state() == live
    # The stock of the future: a player's record is the same whatever the packs not
    # yet dealt hold.
    used = 1 + max(s.round_number for s in record.states()) - 1
    other = [*decks[:used], *(_shuffled(pack, rnd) for _ in decks[used:])]
    assert other != decks
    twin = cardrules.GameRecord("vegas_rummy", VEGAS, 5, None, actions, decks=other,
                                joins=joins)
    for seat in (None, *range(len(live.hands))):
        mine = record.for_player(seat)
        assert mine == twin.for_player(seat)
        doc = json.loads(cardrules.to_json(mine))
        assert not {"decks", "deck", "cut_deck", "stacked", "seed", "stock"} & set(_keys(doc))


# ---------------------------------------------------------------------------
# LV-16: the stacked cut for the first dealer (vegas_rummy.new_game(cut_deck=...))


HIGH_CARD = vr.Config(num_players=3, cards_per_player=3, max_score=60, first_dealer="high_card")


def test_lv16_a_stacked_cut_is_recorded_as_far_as_it_was_used():
    rnd = random.Random(7)
    cut = _shuffled(PACK, rnd)
    state = vr.new_game(HIGH_CARD, seed=7, cut_deck=cut)
    actions = []
    for _ in range(10):
        actions.append(rnd.choice(vr.legal_actions(state)))
        state = vr.apply(state, actions[-1])
    record = cardrules.GameRecord("vegas_rummy", HIGH_CARD, 7, None, actions, cut_deck=cut)
    assert record.final_state() == state
    dealt = sum(c is not None for row in state.cut[0].passes for c in row)
    assert record.cut_deck[:dealt] == cut[:dealt]
    assert list(record.cut_deck[dealt:]) == sorted(cut[dealt:])
    # Any pack with the same top cards is the same game, so the same record.
    other = (*cut[:dealt], *sorted(cut[dealt:], reverse=True))
    assert vr.new_game(HIGH_CARD, seed=7, cut_deck=other) == vr.new_game(HIGH_CARD, seed=7,
                                                                          cut_deck=cut)
    assert cardrules.GameRecord("vegas_rummy", HIGH_CARD, 7, None, actions,
                                cut_deck=other) == record
    text = cardrules.to_json(record)
    assert json.loads(text)["data"]["cut_deck"] == [c.code for c in record.cut_deck]
    loaded = cardrules.from_json(text)
    assert loaded == record and cardrules.to_json(loaded.final_state()) == cardrules.to_json(state)
    assert "cut_deck" not in cardrules.to_json(record.for_player(0))


def test_lv16_a_cut_deck_without_a_cut_is_no_part_of_the_game():
    config = vr.Config(num_players=3, first_dealer=1)
    record = cardrules.GameRecord("vegas_rummy", config, 1, None, (), cut_deck=PACK)
    assert record.cut_deck is None
    assert record == cardrules.GameRecord("vegas_rummy", config, 1, None, ())


def test_lv16_bad_cut_decks_are_refused():
    with pytest.raises(ValueError, match="no cut for the first dealer"):
        cardrules.GameRecord("rummy500", rummy500.Config(), 1, None, (), cut_deck=make_deck())
    with pytest.raises(ValueError, match="stacked deck 0: missing 1 card"):
        cardrules.GameRecord("vegas_rummy", HIGH_CARD, 1, None, (), cut_deck=PACK[1:])
    with pytest.raises(TypeError, match="cut_deck holds str"):
        cardrules.GameRecord("vegas_rummy", HIGH_CARD, 1, None, (), cut_deck=["AS"] * 54)
    state = cardrules.new_game("casino", seed=1)
    doc = json.loads(cardrules.to_json(cardrules.GameRecord("casino", state.config, 1, None, ())))
    doc["data"]["cut_deck"] = [c.code for c in make_deck()]
    with pytest.raises(ValueError, match="bad game record: Casino has no cut"):
        cardrules.from_json(json.dumps(doc))


# ---------------------------------------------------------------------------
# Bad records: refused on construction (the shape, and whether the game can
# start) or on load (every action and join replayed)


def _vegas_record(**changes):
    _, actions, joins = first_join()
    fields = {"game": "vegas_rummy", "config": VEGAS, "seed": 4, "deck": None,
              "actions": actions, "joins": joins}
    fields.update(changes)
    return cardrules.GameRecord(**fields)


PACK = make_deck(jokers_per_deck=2)
"""A Las Vegas pack of one deck."""


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"game": "rummy500", "config": rummy500.Config()}, ValueError, "Las Vegas Rummy"),
        ({"game": "casino", "config": cardrules.new_game("casino", seed=1).config},
         ValueError, "no player joins a game of Casino"),
        ({"joins": (5, 4)}, ValueError, "joins are in order"),
        ({"joins": (-1,)}, ValueError, "after -1 actions"),
        ({"joins": (10_000,)}, ValueError, "the record has"),
        ({"joins": (True,)}, TypeError, "number of actions"),
        ({"joins": ("3",)}, TypeError, "number of actions"),
        ({"joins": 3}, TypeError, "joins must be a sequence"),
        ({"joins": (5,) * 17}, ValueError, "at most 16 joins"),
        ({"deck": PACK, "decks": (PACK, PACK)}, ValueError, "not both"),
        ({"decks": (PACK, PACK[1:])}, ValueError, "stacked deck 1"),
        ({"decks": (PACK, ("AS",) * 54)}, TypeError, "not only cards"),
        ({"decks": "AS"}, TypeError, "sequence of decks"),
        ({"decks": (PACK,) * (stacking.MAX_STACKED_DECKS + 1)}, ValueError, "at most"),
        ({"deck": PACK[:-1]}, ValueError, "stacked deck"),
        ({"seed": -1}, ValueError, "seed"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"game": "poker"}, ValueError, "unknown game"),
        ({"config": rummy500.Config()}, TypeError, "config"),
        ({"actions": (vr.Draw(),) * (records.MAX_RECORD_ACTIONS + 1)}, ValueError, "at most"),
    ],
)
def test_bad_records_are_refused_on_construction(changes, error, message):
    with pytest.raises(error, match=message):
        _vegas_record(**changes)


def _record_doc():
    return json.loads(_record_text())


@functools.cache
def _record_text():
    rnd = random.Random(2)
    decks = [_shuffled(_vegas_pack(VEGAS, 3), rnd) for _ in range(2)]
    _, actions, joins = play_vegas(2, decks=decks, max_actions=200)
    assert joins
    return cardrules.to_json(
        cardrules.GameRecord("vegas_rummy", VEGAS, 2, None, actions, decks=decks, joins=joins)
    )


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(joins="3"), "joins must be a list"),
        (lambda d: d.update(joins=[True]), "whole number"),
        (lambda d: d.update(joins=[1.5]), "whole number"),
        (lambda d: d.update(joins=[40, 2]), "in order"),
        (lambda d: d.update(joins=[10**6]), "the record has"),
        (lambda d: d.update(joins=[3] * 17), "more than 16 joins"),
        (lambda d: d.update(joins=[2]), "refused"),
        (lambda d: d.update(decks={}), "decks must be a list"),
        (lambda d: d.update(decks=[["AS"], ["AS"]]), "stacked deck 0"),
        (lambda d: d.update(decks=[["AS"]]), "the stacked deck: cards are not conserved"),
        (lambda d: d.update(decks=[["ZZ"]]), "not a card"),
        (lambda d: d.update(deck=d["decks"][0]), "not both"),
        (lambda d: d.update(stacked=[]), "expected keys"),
        (lambda d: d.pop("deck"), "expected keys"),
    ],
)
def test_tampered_records_are_refused_on_load(mutate, message):
    doc = _record_doc()
    assert cardrules.from_json(json.dumps(doc)).joins  # the untouched document loads
    mutate(doc["data"])
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(json.dumps(doc))


def test_a_join_in_a_document_of_another_game_is_refused():
    state = cardrules.new_game("casino", seed=1)
    record = cardrules.GameRecord("casino", state.config, 1, None, ())
    doc = json.loads(cardrules.to_json(record))
    doc["data"]["joins"] = [0]
    with pytest.raises(ValueError, match="bad game record: no player joins a game of Casino"):
        cardrules.from_json(json.dumps(doc))
    mine = json.loads(cardrules.to_json(record.for_player(0)))
    mine["data"]["joins"] = [0]
    with pytest.raises(ValueError, match="bad player record: no player joins"):
        cardrules.from_json(json.dumps(mine))


def test_a_player_record_keeps_a_view_at_every_join():
    doc = json.loads(cardrules.to_json(_vegas_record().for_player(0)))
    doc["data"]["joins"] = [doc["data"]["joins"][0] - 1]
    with pytest.raises(ValueError, match="a view must be kept at every join"):
        cardrules.from_json(json.dumps(doc))


# ---------------------------------------------------------------------------
# The property: random Vegas games, joins at random allowed moments, random stacked
# decks (packs of one or two decks: a join can change the pack, LV-1) round-trip
# record -> JSON -> record -> final state exactly.


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    join_chance=st.sampled_from([0.0, 0.3, 0.8, 1.0]),
    deck_sizes=st.lists(st.sampled_from([1, 1, 2]), max_size=5),
    high_card=st.booleans(),
    stacked_cut=st.booleans(),
)
def test_random_vegas_games_with_joins_and_stacked_decks_round_trip(
    seed, players, join_chance, deck_sizes, high_card, stacked_cut
):
    config = vr.Config(
        num_players=players, cards_per_player=3, max_score=50, reshuffle_limit=0,
        max_seats=8, first_dealer="high_card" if high_card else 0,
    )
    rnd = random.Random(seed)
    first = config.decks_for(players)
    sizes = [first, *deck_sizes] if deck_sizes else []
    decks = [_shuffled(make_deck(decks=n, jokers_per_deck=2), rnd) for n in sizes] or None
    cut = _shuffled(make_deck(decks=first, jokers_per_deck=2), rnd) if stacked_cut else None
    live, actions, joins = play_vegas(seed, config, decks=decks, join_chance=join_chance,
                                      max_actions=400, cut_deck=cut)
    record = cardrules.GameRecord("vegas_rummy", config, seed, None, actions,
                                  decks=decks or (), joins=joins, cut_deck=cut)
    text = cardrules.to_json(record)
    loaded = cardrules.from_json(text)
    assert loaded == record and cardrules.to_json(loaded) == text
    final = loaded.final_state()
    assert final == live
    assert cardrules.to_json(final) == cardrules.to_json(live)
    seat = rnd.randrange(len(live.hands))
    mine = loaded.for_player(seat)
    assert mine.views[-1][1] == vr.view(live, seat)
    assert cardrules.from_json(cardrules.to_json(mine)) == mine


# ---------------------------------------------------------------------------
# The JSON Schema describes the new fields


def test_the_schema_describes_records_with_decks_and_joins():
    jsonschema = pytest.importorskip("jsonschema")
    from cardrules.wire import schema

    validator = jsonschema.Draft202012Validator(schema.load_schema("vegas_rummy"))
    doc = _record_doc()
    assert doc["data"]["decks"] and doc["data"]["joins"]
    assert not list(validator.iter_errors(doc))
    cut = cardrules.GameRecord("vegas_rummy", HIGH_CARD, 1, None, (), cut_deck=PACK)
    assert not list(validator.iter_errors(json.loads(cardrules.to_json(cut))))
    assert not list(validator.iter_errors(
        json.loads(cardrules.to_json(_vegas_record().for_player(3)))
    ))
    doc["data"]["joins"] = ["1"]
    assert list(validator.iter_errors(doc))
    casino = jsonschema.Draft202012Validator(schema.load_schema("casino"))
    state = cardrules.new_game("casino", seed=1)
    casino_doc = json.loads(cardrules.to_json(cardrules.GameRecord("casino", state.config,
                                                                   1, None, ())))
    assert not list(casino.iter_errors(casino_doc))
    casino_doc["data"]["joins"] = [0]
    assert list(casino.iter_errors(casino_doc))
    del casino_doc["data"]["joins"]
    casino_doc["data"]["cut_deck"] = [c.code for c in make_deck()]
    assert list(casino.iter_errors(casino_doc))


# ---------------------------------------------------------------------------
# The library's own sessions keep a loaded record's decks and joins


def test_cli_resume_and_replay_keep_joins_and_decks(tmp_path: Path):
    from cardrules.cli import replay
    from cardrules.cli.main import main

    rnd = random.Random(3)
    decks = [_shuffled(_vegas_pack(HIGH_CARD, 3), rnd) for _ in range(3)]
    cut = _shuffled(PACK, rnd)
    live, actions, joins = play_vegas(3, HIGH_CARD, decks=decks, max_actions=80,
                                      cut_deck=cut)
    assert joins and not live.is_over
    record = cardrules.GameRecord("vegas_rummy", HIGH_CARD, 3, None, actions, decks=decks,
                                  joins=joins, cut_deck=cut)
    save = tmp_path / "joined.json"
    save.write_text(cardrules.to_json(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["replay", str(save), "--no-step", "--actions-only"], stdin=io.StringIO(),
                stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    assert "The record ends here" in out.getvalue()
    # A join ends a turn: the actions after it are played in the joined state.
    states = record.states()
    turns = replay._turns(states, len(actions), frozenset(joins))
    assert {start for start, _ in turns} >= set(joins) - {len(actions)}
    # Resuming and saving again keeps them (the session records what it loaded).
    from cardrules.cli.session import Session, load_record

    loaded = load_record(str(save))
    session = Session(loaded.game, loaded.config, loaded.seed, loaded.final_state(), [],
                      None, io.StringIO(), list(loaded.actions), loaded.deck,  # type: ignore[arg-type]
                      decks=loaded.decks, joins=loaded.joins, cut_deck=loaded.cut_deck)
    assert session.record() == record


def test_web_games_saved_again_keep_joins_and_decks():
    pytest.importorskip("starlette")
    from cardrules.web.store import WebGame

    rnd = random.Random(3)
    decks = [_shuffled(_vegas_pack(HIGH_CARD, 3), rnd) for _ in range(3)]
    cut = _shuffled(PACK, rnd)
    _, actions, joins = play_vegas(3, HIGH_CARD, decks=decks, max_actions=80, cut_deck=cut)
    record = cardrules.GameRecord("vegas_rummy", HIGH_CARD, 3, None, actions, decks=decks,
                                  joins=joins, cut_deck=cut)
    assert record.cut_deck is not None
    game = WebGame("g1", "owner", record, ["me", "Bot 1", "Bot 2"], [None, "easy", "easy"],
                   practice=True)
    again = WebGame.from_document(game.document())
    assert cardrules.from_json(json.dumps(json.loads(game.document())["record"])) == record
    assert again.state == record.final_state()


# ---------------------------------------------------------------------------
# Damaged records with joins and decks: a valid record, or ValueError (never a
# crash deep inside, never TypeError from text)


def _paths(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield (key,)
            yield from ((key, *path) for path in _paths(item))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (index,)
            yield from ((index, *path) for path in _paths(item))


_DAMAGE = [None, True, 0, -1, 1, 3, 10**30, "", "AS", "JK", [], {}, [0], [True], [3, 1], 1.5]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(picks=st.lists(st.tuples(st.integers(0, 10**9), st.sampled_from(_DAMAGE)),
                      min_size=1, max_size=2))
def test_damaged_records_with_joins_and_decks_load_valid_or_raise_value_error(picks):
    doc = _record_doc()
    data = doc["data"]
    # Damage the new parts (and sometimes anything else): decks, joins, their neighbours.
    paths = [p for p in _paths(data) if p[0] in ("decks", "joins")] + list(_paths(data))[:40]
    for pick, replacement in picks:
        path = paths[pick % len(paths)]
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = replacement
        except (KeyError, IndexError, TypeError):
            continue
    try:
        loaded = cardrules.from_json(json.dumps(doc))
    except ValueError:
        return
    assert isinstance(loaded, cardrules.GameRecord)
    final = loaded.final_state()
    vr.validate_state(final)
    assert cardrules.from_json(cardrules.to_json(loaded)) == loaded
