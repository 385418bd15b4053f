"""Perft counts and golden playthroughs: any change in rules behaviour changes a number.

The data files in ``tests/data/<game>/`` are written by ``scripts/regen_golden.py``
(see its docstring). ``perft.json`` holds positions — the library's own state
JSON — with the number of legal action sequences of length 1, 2 and 3
(:func:`cardrules.perft.perft`); ``golden.json`` holds whole seeded games, each
action as its index in ``legal_actions``, the length of that list and its text,
and the digest of every state. API.md: "``legal_actions`` … complete, each once,
in a deterministic documented order"; "Determinism: the same config, seed and
actions give identical states and identical JSON, in any process".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import engine
from cardrules.perft import perft, perft_divide, state_digest

DATA = Path(__file__).resolve().parent.parent / "data"
REGEN = "run `.venv/bin/python scripts/regen_golden.py --game {game}` after a deliberate change"


def _load(game: str, name: str) -> dict[str, Any]:
    path = DATA / game / name
    assert path.exists(), f"{path} is missing: " + REGEN.format(game=game)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == game and data["format"] == 1
    return data


def _positions() -> list[Any]:
    params = []
    for game in cardrules.GAMES:
        path = DATA / game / "perft.json"
        text = path.read_text(encoding="utf-8") if path.exists() else '{"positions": []}'
        positions = json.loads(text)["positions"]
        for position in positions:
            params.append(pytest.param(game, position, id=f"{game}-{position['name']}"))
        if not positions:
            params.append(pytest.param(game, None, id=f"{game}-missing"))
    return params


def _games() -> list[Any]:
    params = []
    for game in cardrules.GAMES:
        path = DATA / game / "golden.json"
        games = json.loads(path.read_text(encoding="utf-8"))["games"] if path.exists() else []
        for number, record in enumerate(games):
            params.append(pytest.param(game, record, id=f"{game}-{number}-seed{record['seed']}"))
        if not games:
            params.append(pytest.param(game, None, id=f"{game}-missing"))
    return params


@pytest.mark.parametrize(("game", "position"), _positions())
def test_perft(game: str, position: dict[str, Any] | None) -> None:
    assert position is not None, f"no perft positions for {game}: " + REGEN.format(game=game)
    state = cardrules.from_json(json.dumps(position["state"]))
    counts = [perft(state, depth) for depth in (1, 2, 3)]
    assert counts == position["perft"], (
        f"{game} {position['name']}: perft 1..3 is {counts}, the file says "
        f"{position['perft']}; perft_divide shows where: {perft_divide(state, 2)}. "
        + REGEN.format(game=game)
    )


@pytest.mark.parametrize(("game", "record"), _games())
def test_golden_game(game: str, record: dict[str, Any] | None) -> None:
    assert record is not None, f"no golden games for {game}: " + REGEN.format(game=game)
    rules = engine.definition(game)
    config = cardrules.from_json(json.dumps(record["config"]))
    state = rules.new_game(config, seed=record["seed"])
    width = len(record["start"])
    assert state_digest(state)[:width] == record["start"], f"{game}: the deal differs"
    for number, (index, count, text, digest) in enumerate(record["steps"]):
        where = f"{game} seed {record['seed']} action {number}"
        legal = rules.legal_actions(state)
        assert len(legal) == count, f"{where}: {len(legal)} legal actions, the file says {count}"
        assert str(legal[index]) == text, f"{where}: action #{index} is {legal[index]}, not {text}"
        state = rules.apply(state, legal[index])
        assert state_digest(state)[:width] == digest, f"{where} ({text}) leads to another state"
    assert state.is_over == record["over"]


def test_both_files_exist_for_every_game() -> None:
    for game in cardrules.GAMES:
        assert _load(game, "perft.json")["positions"]
        assert _load(game, "golden.json")["games"]


def test_perft_basics() -> None:
    state = cardrules.new_game("rummy500", seed=2)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(cardrules.legal_actions(state))
    assert sum(perft_divide(state, 2).values()) == perft(state, 2)
    with pytest.raises(ValueError, match="depth"):
        perft(state, -1)
    with pytest.raises(ValueError, match="depth"):
        perft_divide(state, 0)
    over = state
    while not over.is_over:
        over = cardrules.apply(over, cardrules.legal_actions(over)[0])
    assert perft(over, 0) == 1 and perft(over, 2) == 0
