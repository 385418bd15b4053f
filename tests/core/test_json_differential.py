"""The JSON codec against the format it documents and against the documents main wrote.

These tests hold ``to_json``/``from_json`` to the format ``cardrules.codec``
describes, walked slowly here by :func:`reference`: for seeded random states,
views, actions, configs, game records and player records of all three games,
``to_json`` is byte for byte the reference text and ``from_json`` gives the
object back. Documents written by the codec before its rewrite (issue 27,
``tests/core/data/main_json_documents.jsonl``) still load and are written back
byte for byte; tampered documents are refused with a typed error, the same
whether the codec has read other documents before or not; and a document the
loader accepts is never deeper than ``MAX_DEPTH`` (which lets the depth be
measured only on refusal).
"""

from __future__ import annotations

import enum
import json
import random
import types
import typing
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import codec, engine, records
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


MAIN_DOCUMENTS = Path(__file__).parent / "data" / "main_json_documents.jsonl"
"""Documents written by main's codec before its rewrite (issue 27): configs, states,
views, actions, game records and player records of seeded games of the three games
(default and other configs), one a line."""


def _renamed_keys(raw: Any, renames: dict[str, dict[str, str]]) -> Any:
    """The JSON value ``raw`` with the keys a class has renamed since (``RENAMED_FIELDS``)
    under their new names: what ``to_json`` writes for a document that loads with a
    ``DeprecationWarning``."""
    if isinstance(raw, list):
        return [_renamed_keys(item, renames) for item in raw]
    if not isinstance(raw, dict):
        return raw
    renamed = renames.get(raw.get("type"), {}) if isinstance(raw.get("type"), str) else {}
    return {renamed.get(key, key): _renamed_keys(value, renames) for key, value in raw.items()}


def _renames_of(hint: Any, out: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Every class reachable from ``hint`` with a ``RENAMED_FIELDS``, by class name."""
    origin = typing.get_origin(hint)
    if origin is not None:
        for arg in typing.get_args(hint):
            _renames_of(arg, out)
    elif isinstance(hint, type) and attrs.has(hint) and hint.__name__ not in out:
        out[hint.__name__] = dict(getattr(hint, "RENAMED_FIELDS", {}))
        for field_hint in typing.get_type_hints(hint).values():
            _renames_of(field_hint, out)
    return out


def test_documents_main_wrote_load_and_are_written_back_byte_for_byte():
    lines = MAIN_DOCUMENTS.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 100 and {json.loads(line)["kind"] for line in lines} == {
        "config", "state", "view", "action", "record", "player_record"}
    for line in lines:
        doc = json.loads(line)
        rules = engine.definition(doc["game"])
        renames: dict[str, dict[str, str]] = {}
        for hint in (rules.state_type, rules.view_type, *rules.action_types):
            _renames_of(hint, renames)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loaded = cardrules.from_json(line)
        expected = line
        if any(issubclass(w.category, DeprecationWarning) for w in caught):
            # An old key of a renamed field: written back under its new name.
            expected = json.dumps(_renamed_keys(doc, renames), ensure_ascii=False,
                                  separators=(",", ":"))
        assert cardrules.to_json(loaded) == expected, line[:120]


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


def _cold() -> None:
    """Forget every class plan and reader the codec has worked out, as in a new process."""
    codec._reader.cache_clear()
    codec._class_plan.cache_clear()
    codec._writer.cache_clear()
    codec._writers_from.cache_clear()
    codec._remembered.cache_clear()


@pytest.mark.parametrize("game", GAMES)
def test_tampered_documents_are_refused_alike_after_other_reads_and_cold(game):
    documents = [text for seed in (0, 1) for _k, _o, text in objects(game, seed)]
    tampered = _tampered(game, 5)
    warm = [_outcome(text) for text in tampered]  # each read after those before it
    assert all(outcome.startswith(("loaded ", "ValueError: ")) for outcome in warm)
    assert sum(outcome.startswith("ValueError: ") for outcome in warm) > len(warm) // 2
    for text, expected in zip(tampered, warm):
        for document in documents[:3]:
            cardrules.from_json(document)
        _cold()
        assert _outcome(text) == expected


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
