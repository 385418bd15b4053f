"""The per-class JSON writer and reader against a plain walk of the format (issue 18 item 2).

``records.py`` builds one writer and one reader per class, with fast paths for
numbers, text, cards and tuples of cards. These tests hold it to the format
the module docstring describes, walked slowly here by :func:`reference`: for
seeded random states, views, actions, configs, game records and player
records of all three games, ``to_json`` is byte for byte the reference text
and ``from_json`` gives the object back. The reader's general path (taken when
an object's keys are not exactly its class's) must give the same objects and
the same errors as the fast path, and a document the loader accepts is never
deeper than ``MAX_DEPTH`` (which lets the depth be measured only on refusal).
"""

from __future__ import annotations

import enum
import json
import random
import types
import typing
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import engine, records
from cardrules.cards import Card

GAMES = ("rummy500", "vegas_rummy", "casino")


def reference(value: Any) -> Any:
    """The JSON form of ``value`` as the module docstring of ``records`` states it."""
    if isinstance(value, enum.Enum):
        return value.name
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [reference(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((reference(item) for item in value), key=json.dumps)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if attrs.has(type(value)):
        out = {"type": type(value).__name__}
        for field in attrs.fields(type(value)):
            if field.init:
                out[field.name] = reference(getattr(value, field.name))
        return out
    raise TypeError(type(value).__name__)


def reference_text(game: str, kind: str, data: Any) -> str:
    envelope = {"format": "cardrules", "version": records.FORMAT_VERSION, "game": game,
                "kind": kind, "data": data}
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))


def objects(game: str, seed: int) -> list[tuple[str, Any, str]]:
    """(kind, object, reference text) for a seeded random game: states every few moves,
    every seat's view and a spectator's, listed actions, the config and the records."""
    rules = engine.definition(game)
    rnd = random.Random(seed)
    state = rules.new_game(None, seed=seed)
    config = state.config
    out = [("config", config, reference_text(game, "config", reference(config)))]
    actions: list[Any] = []
    step = 0
    while not state.is_over and step < 240:
        legal = rules.legal_actions(state)
        if step % 9 == seed % 9:
            out.append(("state", state, reference_text(game, "state", reference(state))))
            for seat in (*range(len(state.hands)), None):
                seen = rules.view(state, seat)
                out.append(("view", seen, reference_text(game, "view", reference(seen))))
            for action in rnd.sample(legal, min(3, len(legal))):
                out.append(("action", action, reference_text(game, "action", reference(action))))
        action = rnd.choice(legal)
        actions.append(action)
        state = rules.apply(state, action)
        step += 1
    out.append(("state", state, reference_text(game, "state", reference(state))))
    record = cardrules.GameRecord(game, config, seed, None, tuple(actions[:60]))
    data = {"config": reference(config), "seed": seed, "deck": None,
            "actions": [reference(action) for action in record.actions]}
    out.append(("record", record, reference_text(game, "record", data)))
    mine = record.for_player(seed % 2)
    data = {"seat": mine.seat, "config": reference(config), "actors": list(mine.actors),
            "actions": [reference(action) for action in mine.actions],
            "hands": reference(mine.hands),
            "views": [[n, reference(seen)] for n, seen in mine.views]}
    out.append(("player_record", mine, reference_text(game, "player_record", data)))
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_written_text_is_the_reference_and_loads_back(game, seed):
    for kind, obj, text in objects(game, seed):
        assert cardrules.to_json(obj) == text, kind
        loaded = cardrules.from_json(text)
        assert loaded == obj, kind
        assert type(loaded) is type(obj)


def _general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every attrs reader take its general path (as for an object with unusual keys)."""
    original = records._compile_attrs

    def slow(cls: type[Any]) -> Any:
        fast = original(cls)

        def decode(value: Any, where: Any) -> Any:
            if isinstance(value, dict):
                value = _KeysNotExact(value)
            return fast(value, where)

        return decode

    monkeypatch.setattr(records, "_compile_attrs", slow)
    monkeypatch.setattr(records, "_DECODERS", {})


class _KeysNotExact(dict):  # type: ignore[type-arg]
    """A dict whose ``keys()`` never equals a set: the reader's fast path is not taken."""

    def keys(self) -> Any:
        return list(super().keys())


def _tampered(game: str, seed: int) -> list[str]:
    """Documents with one value replaced, one key dropped or one key added, seeded."""
    rnd = random.Random(seed)
    replacements = [None, True, 0, -1, 2**64, 1.5, "", "AS", "ZZ", "10D", [], {}, ["AS", "AS"],
                    {"type": "Draw"}]
    out = []
    for kind, _obj, text in objects(game, seed):
        if kind in ("record", "player_record"):
            continue
        for _ in range(3):
            doc = json.loads(text)
            parents = list(_containers(doc["data"]))
            parent = rnd.choice(parents)
            if isinstance(parent, dict) and parent:
                key = rnd.choice(sorted(parent))
                how = rnd.randrange(3)
                if how == 0:
                    parent[key] = rnd.choice(replacements)
                elif how == 1:
                    del parent[key]
                else:
                    parent["extra"] = 1
            elif isinstance(parent, list) and parent:
                parent[rnd.randrange(len(parent))] = rnd.choice(replacements)
            out.append(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    return out


def _containers(value: Any) -> Any:
    if isinstance(value, dict | list):
        yield value
        for item in value.values() if isinstance(value, dict) else value:
            yield from _containers(item)


def _outcome(text: str) -> str:
    try:
        return "loaded " + cardrules.to_json(cardrules.from_json(text))
    except (ValueError, TypeError) as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.parametrize("game", GAMES)
def test_fast_and_general_readers_agree(game, monkeypatch):
    documents = [text for seed in (0, 1) for _k, _o, text in objects(game, seed)]
    documents += _tampered(game, 5)
    fast = [_outcome(text) for text in documents]
    _general_path(monkeypatch)
    assert [_outcome(text) for text in documents] == fast


def _nesting(hint: Any, seen: tuple[Any, ...] = ()) -> int:
    """How many JSON arrays and objects a value of ``hint`` can nest (the codec's schema)."""
    if hint in seen:
        raise AssertionError(f"{hint!r} is recursive: its depth has no bound")
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return max(_nesting(arg, seen) for arg in typing.get_args(hint))
    if origin in (tuple, frozenset):
        args = [arg for arg in typing.get_args(hint) if arg is not Ellipsis]
        return 1 + max((_nesting(arg, seen) for arg in args), default=0)
    if isinstance(hint, type) and attrs.has(hint):
        hints = typing.get_type_hints(hint)
        return 1 + max(
            (_nesting(hints[field.name], (*seen, hint)) for field in attrs.fields(hint)
             if field.init),
            default=0,
        )
    return 0


@pytest.mark.parametrize("game", GAMES)
def test_accepted_documents_are_never_too_deep(game):
    rules = engine.definition(game)
    action = records._union(rules.action_types)
    deepest = max(
        _nesting(rules.config_type),
        _nesting(rules.state_type),
        _nesting(rules.view_type),
        _nesting(action),
        1 + max(_nesting(rules.config_type), 1 + _nesting(action)),  # a game record
        1 + max(_nesting(rules.config_type), 1 + _nesting(action),
                2 + _nesting(rules.view_type), 2),  # a player record
    )
    # The envelope is level 0 and MAX_DEPTH the deepest level allowed.
    assert 1 + deepest <= records.MAX_DEPTH + 1
    assert deepest < records.MAX_DEPTH // 2  # with room to spare


def test_a_too_deep_document_is_refused_for_its_depth_first():
    state = cardrules.new_game("rummy500", seed=1)
    doc = json.loads(cardrules.to_json(state))
    deep: Any = 1
    for _ in range(records.MAX_DEPTH + 2):
        deep = [deep]
    doc["data"]["scores"] = deep
    del doc["kind"]  # refused for its depth before its missing key, as before
    with pytest.raises(ValueError, match="nested deeper than 40 levels"):
        cardrules.from_json(json.dumps(doc))
