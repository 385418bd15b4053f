"""The JSON Schema (draft 2020-12) of every document :func:`cardrules.to_json` writes.

The schema is generated from the classes, walking their type annotations the
way :mod:`cardrules.records` encodes them, so it cannot drift from the code:
an attrs object is a JSON object with a ``"type"`` key (its class name) and one
key per field, a card its ASCII code, an enum its name, a tuple an array, exact
money a decimal string. One schema per game (class names repeat between games),
committed as ``cardrules/schema/<game>.json`` inside the package (and
``wire.json``: the reference server's request and response lines); the test
suite regenerates it and requires it to equal the committed files.

Regenerate after changing a class::

    python -m cardrules.wire.schema --write

>>> doc = game_schema("casino")
>>> doc["properties"]["game"], sorted(doc["$defs"])[:3]
({'const': 'casino'}, ['Action', 'Build', 'Capture'])
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from typing import Any, Final, Literal

import attrs

from cardrules import engine
from cardrules.cards import Card, make_deck
from cardrules.records import FORMAT_VERSION, MAX_RECORD_JOINS
from cardrules.stacking import MAX_STACKED_DECKS

__all__ = [
    "SCHEMA_DIALECT",
    "game_schema",
    "load_schema",
    "protocol_schema",
    "schema_text",
    "write_schemas",
]

SCHEMA_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect the files use."""

_KINDS: Final = ("config", "state", "action", "view", "record", "player_record")
_CARD_CODES: Final = tuple(card.code for card in make_deck(jokers_per_deck=1))


class _Builder:
    """Collects one ``$defs`` entry per class met while walking the hints."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}
        self.classes: dict[str, type[Any]] = {}

    def ref(self, name: str) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{name}"}

    def hint(self, hint: Any) -> dict[str, Any]:
        origin = typing.get_origin(hint)
        if hint is None or hint is type(None):
            return {"type": "null"}
        if origin is typing.Union or origin is types.UnionType:
            return {"anyOf": [self.hint(option) for option in typing.get_args(hint)]}
        if origin is Literal:
            values = list(typing.get_args(hint))
            return {"const": values[0]} if len(values) == 1 else {"enum": values}
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.hint(args[0])}
            if args in ((), ((),)):
                return {"type": "array", "maxItems": 0}
            return {
                "type": "array",
                "prefixItems": [self.hint(arg) for arg in args],
                "items": False,
                "minItems": len(args),
            }
        if origin is frozenset:
            (item,) = typing.get_args(hint)
            return {"type": "array", "items": self.hint(item), "uniqueItems": True}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is str:
            return {"type": "string"}
        if hint is Card:
            self.defs.setdefault(
                "Card",
                {
                    "description": "A card by its ASCII code: rank (A, 2..10, J, Q, K) "
                    "then suit (S, H, D, C); JK is a joker.",
                    "enum": list(_CARD_CODES),
                },
            )
            return self.ref("Card")
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return self._named(hint, lambda: {"enum": list(hint.__members__)})
        if hint is Decimal:
            return {
                "type": "string",
                "description": "An exact amount written as a decimal number.",
                "pattern": r"^-?[0-9]+(\.[0-9]+)?(E[+-]?[0-9]+)?$",
                "maxLength": 60,
            }
        if hint is Fraction:
            return {"type": "string", "pattern": r"^-?[0-9]+/[0-9]+$", "maxLength": 60}
        if isinstance(hint, type) and attrs.has(hint):
            return self._named(hint, lambda: self._attrs(hint))
        raise TypeError(f"the schema cannot describe {hint!r}")

    def _named(self, cls: type[Any], build: Any) -> dict[str, Any]:
        name = cls.__name__
        known = self.classes.get(name)
        if known is None:
            self.classes[name] = cls
            self.defs[name] = {}  # a placeholder, so that recursive classes end
            self.defs[name] = build()
        elif known is not cls:
            raise TypeError(f"two classes named {name} in one game's documents")
        return self.ref(name)

    def _attrs(self, cls: type[Any]) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        fields = [field for field in attrs.fields(cls) if field.init]
        properties: dict[str, Any] = {"type": {"const": cls.__name__}}
        for field in fields:
            properties[field.name] = self.hint(hints[field.name])
        out: dict[str, Any] = {}
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        if doc:
            out["description"] = " ".join(doc.split())
        out.update(
            {
                "type": "object",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            }
        )
        return out


def game_schema(game: str) -> dict[str, Any]:
    """The schema of every document of ``game`` (one of :data:`~cardrules.engine.GAMES`)."""
    rules = engine.definition(game)
    build = _Builder()
    data = {
        "config": build.hint(rules.config_type),
        "state": build.hint(rules.state_type),
        "view": build.hint(rules.view_type),
    }
    build.defs["Action"] = {"anyOf": [build.hint(cls) for cls in rules.action_types]}
    data["action"] = build.ref("Action")
    config, action, view = data["config"], build.ref("Action"), data["view"]
    cards = {"type": "array", "items": build.hint(Card)}
    joins = {
        "description": "The number of actions played before each late join (Las Vegas "
        "Rummy, LV-14), in order; written only when there are joins.",
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        # Only the host of a Las Vegas Rummy table seats players during a game.
        "maxItems": MAX_RECORD_JOINS if game == "vegas_rummy" else 0,
    }
    build.defs["Record"] = {
        "description": "A whole game: config, seed, stacked deck (or null) and every action; "
        "decks (two or more stacked decks, one a deal), joins and cut_deck only when there are "
        "some.",
        "type": "object",
        "properties": {
            "config": config,
            "seed": {"type": "integer"},
            "deck": {"anyOf": [cards, {"type": "null"}]},
            "decks": {"type": "array", "items": cards, "maxItems": MAX_STACKED_DECKS},
            "actions": {"type": "array", "items": action},
            "joins": joins,
            # Only Las Vegas Rummy cuts for the first dealer; written only when stacked.
            "cut_deck": cards if game == "vegas_rummy" else False,
        },
        "required": ["config", "seed", "deck", "actions"],
        "additionalProperties": False,
    }
    build.defs["PlayerRecord"] = {
        "description": "A whole game as one seat saw it (no seed, deck or hidden card).",
        "type": "object",
        "properties": {
            "seat": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "config": config,
            "actors": {"type": "array", "items": {"type": "integer"}},
            "actions": {"type": "array", "items": action},
            "hands": {"type": "array", "items": cards},
            "views": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [{"type": "integer"}, view],
                    "items": False,
                    "minItems": 2,
                },
            },
            "joins": joins,
        },
        "required": ["seat", "config", "actors", "actions", "hands", "views"],
        "additionalProperties": False,
    }
    data["record"] = build.ref("Record")
    data["player_record"] = build.ref("PlayerRecord")
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://cardrules.readthedocs.io/schema/v{FORMAT_VERSION}/{game}.json",
        "title": f"cardrules documents of {engine.TITLES[game]} (format version {FORMAT_VERSION})",
        "description": "What cardrules.to_json writes; generated from the classes.",
        "type": "object",
        "properties": {
            "format": {"const": "cardrules"},
            "version": {"const": FORMAT_VERSION},
            "game": {"const": game},
            "kind": {"enum": list(_KINDS)},
            "data": {},
        },
        "required": ["format", "version", "game", "kind", "data"],
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}},
                "then": {"properties": {"data": data[kind]}},
            }
            for kind in _KINDS
        ],
        "$defs": dict(sorted(build.defs.items())),
    }


def protocol_schema() -> dict[str, Any]:
    """The schema of the reference server's request and response lines (``wire.json``).

    A response's ``view`` is a view document of the game being played, described
    by that game's schema.
    """
    from cardrules.wire import server  # the protocol's numbers live with the server

    version = {"const": server.PROTOCOL}
    closed = {"type": "object", "additionalProperties": False}
    action_forms = [
        {**closed, "properties": {"action": {"type": "object"}}, "required": ["action"]},
        {**closed, "properties": {"text": {"type": "string"}}, "required": ["text"]},
        {
            **closed,
            "properties": {"index": {"type": "integer", "minimum": 0}},
            "required": ["index"],
        },
    ]
    new_game = {
        **closed,
        "properties": {
            "game": {"enum": list(engine.GAMES)},
            "seat": {"type": "integer", "minimum": 0},
            "level": {"type": "string"},
            "seed": {
                "anyOf": [
                    {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
                    {"type": "null"},
                ]
            },
            "config": {"anyOf": [{"type": "object"}, {"type": "null"}]},
        },
        "required": ["game"],
    }
    commands = {"new_game": new_game, "act": {"oneOf": action_forms}, "view": closed}
    request = {
        "description": f"One request line (at most {server.MAX_LINE} characters).",
        "oneOf": [
            {
                **closed,
                "properties": {"wire": version, name: body},
                "required": ["wire", name],
            }
            for name, body in commands.items()
        ],
    }
    response = {
        "description": "One response line: the client's view, and an error if the request failed.",
        **closed,
        "properties": {
            "wire": version,
            "error": {
                **closed,
                "properties": {
                    "code": {"enum": list(server.ERROR_CODES)},
                    "message": {"type": "string"},
                },
                "required": ["code", "message"],
            },
            "view": {
                "description": "A view document of the game (see <game>.json), or null "
                "before the first game.",
                "anyOf": [{"type": "object"}, {"type": "null"}],
            },
        },
        "required": ["wire", "view"],
    }
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://cardrules.readthedocs.io/schema/v{FORMAT_VERSION}/wire.json",
        "title": f"cardrules reference server, protocol version {server.PROTOCOL}",
        "$defs": {"request": request, "response": response},
        "anyOf": [{"$ref": "#/$defs/request"}, {"$ref": "#/$defs/response"}],
    }


def schema_text(game: str) -> str:
    """The committed file's text for ``game`` (or ``"wire"``): the schema as indented JSON."""
    document = protocol_schema() if game == "wire" else game_schema(game)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def load_schema(game: str) -> dict[str, Any]:
    """The committed schema of ``game`` (or ``"wire"``: the server's protocol), from the package."""
    if game != "wire":
        engine.definition(game)  # refuses unknown names
    text = resources.files("cardrules").joinpath("schema", f"{game}.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def write_schemas(directory: str | None = None) -> list[str]:
    """Write every game's schema file (by default into the package); return the paths."""
    import pathlib

    folder = (
        pathlib.Path(directory)
        if directory is not None
        else pathlib.Path(__file__).resolve().parent.parent / "schema"
    )
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for game in (*engine.GAMES, "wire"):
        path = folder / f"{game}.json"
        path.write_text(schema_text(game), encoding="utf-8")
        paths.append(str(path))
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardrules.wire.schema [--write] [GAME]``: print or write the schemas."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--write"]:
        for path in write_schemas():
            print(path)
        return 0
    if len(args) == 1 and args[0] in (*engine.GAMES, "wire"):
        sys.stdout.write(schema_text(args[0]))
        return 0
    print("usage: python -m cardrules.wire.schema (--write | GAME)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
