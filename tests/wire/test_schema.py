"""Issue 14 item 3: the committed JSON Schema is generated from the classes and
describes everything ``to_json`` writes (configs, states, views, actions and
records of every game), checked with the ``jsonschema`` package."""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import engine
from cardrules.records import GameRecord
from cardrules.wire import schema

jsonschema = pytest.importorskip("jsonschema")


def _validator(game: str):
    document = schema.load_schema(game)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


@pytest.mark.parametrize("game", [*cardrules.GAMES, "wire"])
def test_committed_schema_is_the_generated_one(game):
    assert schema.load_schema(game) == json.loads(schema.schema_text(game)), (
        "run `python -m cardrules.wire.schema --write` after changing a class"
    )


def _random_game(game: str, seed: int, max_actions: int):
    rnd = random.Random(seed)
    state = cardrules.new_game(game, seed=seed)
    states, actions = [state], []
    while not state.is_over and len(actions) < max_actions:
        action = rnd.choice(cardrules.legal_actions(state))
        actions.append(action)
        state = cardrules.apply(state, action)
        states.append(state)
    return states, actions


def _errors(validator, obj) -> list[str]:
    document = json.loads(cardrules.to_json(obj))
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator.iter_errors(document)
    ]


@pytest.mark.parametrize("game", cardrules.GAMES)
@pytest.mark.parametrize(
    "seed", [1, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(2, 12))]
)
def test_everything_to_json_writes_fits_the_schema(game, seed):
    validator = _validator(game)
    states, actions = _random_game(game, seed, max_actions=400)
    config = states[0].config
    assert not _errors(validator, config)
    for state in [*states[::max(1, len(states) // 10)], states[-1]]:
        assert not _errors(validator, state)
        seats = len(state.hands)
        for seat in [None, *range(seats)]:
            assert not _errors(validator, cardrules.view(state, seat))
    for action in set(actions):
        assert not _errors(validator, action)
    record = GameRecord(game, config, seed, None, tuple(actions))
    assert not _errors(validator, record)
    assert not _errors(validator, record.for_player(0))


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_the_schema_refuses_what_the_loader_refuses(game):
    validator = _validator(game)
    state = cardrules.new_game(game, seed=3)
    document = json.loads(cardrules.to_json(cardrules.view(state, 0)))
    document["data"]["hand"] = ["ZZ"]
    assert list(validator.iter_errors(document))
    document = json.loads(cardrules.to_json(state))
    document["kind"] = "view"
    assert list(validator.iter_errors(document))
    document = json.loads(cardrules.to_json(state))
    document["data"]["surprise"] = 1
    assert list(validator.iter_errors(document))


def test_schema_files_name_every_kind_and_game():
    for game in engine.GAMES:
        document = schema.load_schema(game)
        assert document["$schema"] == schema.SCHEMA_DIALECT
        assert document["properties"]["game"] == {"const": game}
        assert [b["if"]["properties"]["kind"]["const"] for b in document["allOf"]] == list(
            document["properties"]["kind"]["enum"]
        )
