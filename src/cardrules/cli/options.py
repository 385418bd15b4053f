"""Game names and rule options on the command line.

Every game's :class:`Config` is built from three sources, in order: the
per-game flags (``--target``, ``--royal`` …), the seat count the command
implies (``--players``/``--opponents`` in ``play``, the ``--bots`` list in
``watch`` and ``simulate``), and any number of ``--option key=value``, which
reach every field of the Config. Values are converted by the field's type
annotation: ``true``/``false`` for flags, whole numbers, exact amounts,
``none`` for optional fields, comma-separated lists for tuples.
"""

from __future__ import annotations

import argparse
import difflib
import enum
import types
import typing
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Final, Literal

import attrs

from cardrules import engine
from cardrules.cli.errors import UsageError

__all__ = [
    "GAME_ALIASES",
    "GAME_TITLES",
    "VEGAS_RESHUFFLE_LIMIT",
    "add_game_option_flags",
    "build_config",
    "config_fields",
    "convert",
    "game_name",
]

GAME_TITLES: Final = {
    "rummy500": "Rummy 500",
    "vegas_rummy": "Las Vegas Rummy",
    "casino": "Casino",
}

GAME_ALIASES: Final = {
    "rummy500": "rummy500",
    "rummy-500": "rummy500",
    "500": "rummy500",
    "vegas_rummy": "vegas_rummy",
    "vegas-rummy": "vegas_rummy",
    "vegas": "vegas_rummy",
    "casino": "casino",
}

VEGAS_RESHUFFLE_LIMIT: Final = 3
"""The command's default ``reshuffle_limit`` in Las Vegas Rummy (the library's is none)."""

_TRUE: Final = ("true", "yes", "on", "1")
_FALSE: Final = ("false", "no", "off", "0")
_NONE: Final = ("none", "null")


def game_name(text: str) -> str:
    """The game called ``text`` (a name of :data:`cardrules.GAMES` or an alias).

    Used as an argparse ``type``: an unknown name is a usage error (exit 2).
    """
    name = GAME_ALIASES.get(text.strip().lower())
    if name is None:
        raise argparse.ArgumentTypeError(
            f"unknown game {text!r}; the games are {', '.join(engine.GAMES)}"
        )
    return name


def add_game_option_flags(parser: argparse.ArgumentParser, *, seats: bool) -> None:
    """The rule-option flags shared by ``play``, ``watch``, ``simulate`` and ``rules``.

    ``seats=True`` adds ``--players`` (``play`` and ``rules``; the bot list
    sets the seat count in ``watch`` and ``simulate``).
    """
    group = parser.add_argument_group("game options")
    if seats:
        group.add_argument(
            "--players", type=int, metavar="N", help="players at the table, you included"
        )
    group.add_argument(
        "--target", type=int, metavar="POINTS", help="Rummy 500, Casino: points to win"
    )
    group.add_argument(
        "--max-score", type=int, metavar="POINTS", help="Las Vegas Rummy: the score that busts"
    )
    group.add_argument(
        "--buy-in", metavar="AMOUNT", help="Las Vegas Rummy: the buy-in (an exact amount)"
    )
    group.add_argument("--royal", action="store_true", help="Casino: play Royal Casino")
    group.add_argument("--sweeps", action="store_true", help="Casino: sweeps score 1 each")
    group.add_argument(
        "--partners", action="store_true", help="Casino: 2 v 2 partnerships (4 players)"
    )
    group.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set any rule option (see `cardrules rules GAME`); repeatable",
    )


def config_fields(config_type: type[Any]) -> tuple[tuple[str, Any, Any], ...]:
    """``(name, type hint, default)`` of every option of a Config class."""
    hints = typing.get_type_hints(config_type)
    out = []
    for field in attrs.fields(config_type):
        if not field.init:
            continue
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        out.append((field.name, hints.get(field.name, Any), default))
    return tuple(out)


def _literal_first(hint: Any) -> int:
    return 0 if typing.get_origin(hint) is Literal else 1


def convert(text: str, hint: Any, name: str) -> Any:
    """``text`` as a value of type ``hint``; ``ValueError`` saying what was expected."""
    value = text.strip()
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = typing.get_args(hint)
        if value.lower() in _NONE and type(None) in options:
            return None
        errors = []
        # Literal options first, so "high_card" is not tried as a number.
        ordered = sorted((o for o in options if o is not type(None)), key=_literal_first)
        for option in ordered:
            try:
                return convert(value, option, name)
            except ValueError as exc:
                errors.append(str(exc).split(": ", 1)[-1])
        if type(None) in options:
            errors.append("none")
        raise ValueError(f"{name}: expected {' or '.join(errors)}, not {text!r}")
    if origin is Literal:
        choices = typing.get_args(hint)
        for choice in choices:
            if isinstance(choice, bool):
                continue
            if isinstance(choice, int) and value.lstrip("-").isdigit() and int(value) == choice:
                return choice
            if isinstance(choice, str) and value.lower() == choice.lower():
                return choice
        listed = ", ".join(str(c) for c in choices)
        raise ValueError(f"{name}: expected one of {listed}, not {text!r}")
    if origin is tuple:
        args = typing.get_args(hint)
        item = args[0] if args else str
        if value in ("", "()"):
            return ()
        return tuple(convert(part, item, name) for part in value.split(","))
    if hint is bool:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise ValueError(f"{name}: expected true or false, not {text!r}")
    if hint is int:
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"{name}: expected a whole number, not {text!r}") from None
    if hint is Decimal:
        try:
            amount = Decimal(value)
        except InvalidOperation:
            raise ValueError(f"{name}: expected an amount like 2 or 0.50, not {text!r}") from None
        if not amount.is_finite():
            raise ValueError(f"{name}: expected a finite amount, not {text!r}")
        return amount
    if hint is str:
        return value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:
            if value.lower() in (member.name.lower(), str(member.value).lower()):
                return member
        raise ValueError(f"{name}: expected one of {', '.join(m.name.lower() for m in hint)}")
    raise ValueError(f"{name}: this option cannot be set from the command line")


def _parse_pairs(game: str, pairs: Sequence[str], fields: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not {pair!r}")
        if key not in fields:
            close = difflib.get_close_matches(key, list(fields), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise UsageError(
                f"no option {key!r} in {GAME_TITLES[game]}{hint}; "
                f"`cardrules rules {game}` lists every option"
            )
        try:
            out[key] = convert(text, fields[key], key)
        except ValueError as exc:
            raise UsageError(f"bad --option {pair!r}: {exc}") from None
    return out


_GAME_FLAGS: Final = {
    # flag attribute: (flag text, {game: the Config field it sets})
    "target": ("--target", {"rummy500": "target", "casino": "target"}),
    "max_score": ("--max-score", {"vegas_rummy": "max_score"}),
    "buy_in": ("--buy-in", {"vegas_rummy": "buy_in"}),
    "royal": ("--royal", {"casino": "variant"}),
    "sweeps": ("--sweeps", {"casino": "sweeps"}),
    "partners": ("--partners", {"casino": "partnerships"}),
}


def build_config(game: str, args: argparse.Namespace, *, players: int | None) -> Any:
    """The game's Config from the parsed flags; :class:`UsageError` on bad values.

    ``players`` is the seat count the command implies (``None``: the flags'
    or the game's default). CLI-level defaults that differ from the library's
    are applied here and documented in ``docs/cli.rst``: in Las Vegas Rummy
    ``max_seats`` defaults to the starting seat count (nobody walks in
    uninvited) and ``reshuffle_limit`` to :data:`VEGAS_RESHUFFLE_LIMIT` (so a
    round where no card fits anywhere cannot go on for ever), unless
    ``--option max_seats=...`` / ``--option reshuffle_limit=none`` say otherwise.
    """
    rules = engine.definition(game)
    described = config_fields(rules.config_type)
    fields = {name: hint for name, hint, _default in described}
    defaults = {name: default for name, _hint, default in described}
    values: dict[str, Any] = {}
    for attr, (flag, per_game) in _GAME_FLAGS.items():
        given = getattr(args, attr, None)
        if given is None or given is False:
            continue
        field = per_game.get(game)
        if field is None:
            games = " and ".join(GAME_TITLES[g] for g in per_game)
            raise UsageError(f"{flag} applies to {games} only, not {GAME_TITLES[game]}")
        if attr == "royal":
            values[field] = "royal"
        elif attr == "buy_in":
            try:
                values[field] = convert(str(given), Decimal, "--buy-in")
            except ValueError as exc:
                raise UsageError(str(exc)) from None
        else:
            values[field] = given
    if players is not None:
        values["num_players"] = players
    elif values.get("partnerships"):
        values["num_players"] = 4
    values.update(_parse_pairs(game, getattr(args, "option", []) or [], fields))
    if game == "vegas_rummy":
        values.setdefault("max_seats", values.get("num_players", defaults["num_players"]))
        values.setdefault("reshuffle_limit", VEGAS_RESHUFFLE_LIMIT)
    try:
        return rules.config_type(**values)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"bad {GAME_TITLES[game]} options: {exc}") from None
