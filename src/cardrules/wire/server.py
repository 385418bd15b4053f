"""A reference JSON-lines server: one game between a client and bots, over a pipe.

The protocol (version :data:`PROTOCOL`, documented in ``docs/wire.rst``):
each request is one line holding a JSON object with ``"wire": 1`` and one
command; each response is one line holding ``{"wire": 1, "view": ...}`` — the
client's view as a cardrules view document — and, when the request failed,
``"error": {"code": ..., "message": ...}``. The server only ever sends views:
never the state, the seed or another player's cards.

Commands:

``{"wire": 1, "new_game": {"game": "casino", "seat": 0, "level": "easy", "seed": 7}}``
    Start a game; optional ``"config"`` is the ``data`` of a config document
    (or null), ``seed`` and ``level`` are optional too. Bots play every other seat.
``{"wire": 1, "act": {"action": {...}}}`` (or ``{"text": "draw"}``, or ``{"index": 0}``)
    Make a move: an action object as the view lists it, its text, or its
    index in the view's ``legal_actions``. The bots then play until it is the
    client's turn again or the game is over.
``{"wire": 1, "view": {}}``
    Send the current view again.

Bounds: a request line holds at most :data:`MAX_LINE` characters; a game runs
at most :data:`MAX_MOVES` moves. Bad input gets an error response, never a
crash, and leaves the game as it was: a line that is not UTF-8 (read with
``errors="surrogateescape"``, as ``python -m cardrules.wire`` does), a key
written twice, a request the protocol schema (``wire.json``) refuses. A whole
number may be written ``3`` or ``3.0`` (JSON Schema's ``integer`` admits
both), as ``index``, ``seat`` and ``seed`` are in the schema.

>>> import io
>>> out = io.StringIO()
>>> serve(io.StringIO('{"wire": 1, "new_game": {"game": "casino", "seed": 3}}\\n'), out)
>>> import json
>>> reply = json.loads(out.getvalue())
>>> reply["view"]["kind"], reply["view"]["data"]["seat"], "error" in reply
('view', 0, False)
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any, Final, TextIO

from cardrules import bots, engine, records
from cardrules.errors import IllegalActionError

__all__ = [
    "ERROR_CODES",
    "MAX_LINE",
    "MAX_MOVES",
    "PROTOCOL",
    "RequestError",
    "Session",
    "read_act",
    "serve",
]

PROTOCOL: Final = 1
"""The protocol version every request and response carries as ``"wire"``."""

MAX_LINE: Final = 65_536
"""The longest request line accepted, in characters (newline excluded)."""

MAX_MOVES: Final = 50_000
"""The most moves one game may take on this server (bots' and client's together);
a game whose rules give a smaller ``max_game_length`` is held to that."""

_COMMANDS: Final = ("new_game", "act", "view")

ERROR_CODES: Final = (
    "bad_request",
    "version",
    "no_game",
    "not_your_turn",
    "game_over",
    "illegal_action",
    "too_long",
    "internal",
)
"""Every ``error.code`` a response may carry (see ``docs/wire.rst``)."""


class RequestError(Exception):
    """A request the server refuses: ``code`` and a message a person can read."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Session:
    """One client's game: the state (kept here, never sent), the client's seat, the bots."""

    def __init__(self) -> None:
        self.rules: engine.GameDefinition | None = None
        self.state: Any = None
        self.seat = 0
        self.bots: dict[int, bots.Bot] = {}
        self.moves = 0
        self.max_moves = MAX_MOVES

    def handle(self, line: str) -> dict[str, Any]:
        """The response to one request line (never raises)."""
        try:
            request = _parse(line)
            command = next(iter(request))
            if command == "new_game":
                self._new_game(request["new_game"])
            elif command == "act":
                self._act(request["act"])
            elif request["view"] != {}:
                raise RequestError("bad_request", "view takes an empty object: {}")
            elif self.state is None:
                raise RequestError("no_game", "start a game first with new_game")
        except RequestError as exc:
            return self._response({"code": exc.code, "message": exc.message})
        except Exception as exc:  # a bug; the connection stays usable
            return self._response({"code": "internal", "message": f"internal error: {exc}"})
        return self._response(None)

    def _response(self, error: dict[str, str] | None) -> dict[str, Any]:
        out: dict[str, Any] = {"wire": PROTOCOL}
        if error is not None:
            out["error"] = error
        out["view"] = None
        if self.state is not None:
            out["view"] = json.loads(records.to_json(engine.view(self.state, self.seat)))
        return out

    def _new_game(self, args: Any) -> None:
        if not isinstance(args, dict):
            raise RequestError("bad_request", "new_game takes an object")
        unknown = set(args) - {"game", "seat", "level", "seed", "config"}
        if unknown:
            raise RequestError("bad_request", f"new_game: unknown keys {sorted(unknown)}")
        game = args.get("game")
        if not isinstance(game, str) or game not in engine.GAMES:
            raise RequestError("bad_request", f"game must be one of {', '.join(engine.GAMES)}")
        rules = engine.definition(game)
        level = args.get("level", "easy")
        if not isinstance(level, str) or level not in bots.available_levels(game):
            levels = ", ".join(bots.available_levels(game))
            raise RequestError("bad_request", f"level must be one of {levels}")
        seed = args.get("seed")
        if seed is not None:
            seed = _whole_number(seed)
            if seed is None or not 0 <= seed < 2**63:
                raise RequestError("bad_request", "seed must be null or a whole number 0..2**63-1")
        config_data = args.get("config")
        if config_data is not None and not isinstance(config_data, dict):
            raise RequestError("bad_request", "new_game.config must be an object or null")
        try:
            config = None
            if config_data is not None:
                config = records.decode(rules.config_type, config_data, "new_game.config")
            state = rules.new_game(config, seed=seed)
        except (ValueError, TypeError) as exc:
            raise RequestError("bad_request", str(exc)) from None
        seat = _whole_number(args.get("seat", 0))
        if seat is None or not 0 <= seat < len(state.hands):
            raise RequestError("bad_request", f"seat must be 0..{len(state.hands) - 1}")
        seeds = random.Random(seed)
        self.rules, self.state, self.seat, self.moves = rules, state, seat, 0
        if rules.max_game_length is not None:
            self.max_moves = min(MAX_MOVES, rules.max_game_length(state.config))
        self.bots = {
            other: bots.make(game, level, seed=seeds.randrange(2**32))
            for other in range(len(state.hands))
            if other != seat
        }
        self._play_bots()

    def _act(self, args: Any) -> None:
        if self.state is None or self.rules is None:
            raise RequestError("no_game", "start a game first with new_game")
        action = read_act(self.rules, self.state, self.seat, args)
        self._apply(action)
        self._play_bots()

    def _apply(self, action: Any) -> None:
        assert self.rules is not None
        if self.moves >= self.max_moves:
            raise RequestError("too_long", f"this game has reached {self.max_moves} moves")
        self.state = self.rules.apply(self.state, action)
        self.moves += 1

    def _play_bots(self) -> None:
        assert self.rules is not None
        while not self.state.is_over and self.state.to_act != self.seat:
            seat = self.state.to_act
            bot = self.bots.get(seat)
            if bot is None:  # a seat that joined later (Las Vegas): a bot like the others
                bot = bots.make(self.rules.name, "easy", seed=seat)
                self.bots[seat] = bot
            self._apply(bot.choose(self.rules.view(self.state, seat)))


def read_act(rules: engine.GameDefinition, state: Any, seat: int, args: Any) -> Any:
    """The legal action an ``act`` request's object names for ``seat``, or :class:`RequestError`.

    ``args`` is ``{"action": {...}}``, ``{"text": "..."}`` or ``{"index": n}``
    (into the seat's listed legal actions). The reason of an illegal action
    is the state's own (``check``). Shared with the web server
    (:mod:`cardrules.web`).
    """
    if not isinstance(args, dict) or len(args) != 1:
        raise RequestError("bad_request", "act takes one of action, text or index")
    ((how, value),) = args.items()
    if state.is_over:
        raise RequestError("game_over", "the game is over")
    if state.to_act != seat:
        raise RequestError("not_your_turn", f"it is seat {state.to_act}'s turn")
    try:
        if how == "action":
            action = records.decode(_action_hint(rules), value, "act.action")
        elif how == "text":
            if not isinstance(value, str):
                raise ValueError("act.text must be text")
            action = rules.parse_action(value, state)
        elif how == "index":
            listed = rules.legal_actions(state)
            index = _whole_number(value)
            if index is None:
                raise ValueError("act.index must be a whole number")
            if not 0 <= index < len(listed):
                raise ValueError(f"act.index must be 0..{len(listed) - 1}")
            action = listed[index]
        else:
            raise ValueError(f"act takes action, text or index, not {how!r}")
    except IllegalActionError as exc:
        raise RequestError("illegal_action", exc.reason) from None
    except (ValueError, TypeError) as exc:
        raise RequestError("bad_request", str(exc)) from None
    reason = rules.check(state, action)
    if reason is not None:
        raise RequestError("illegal_action", reason)
    return action


def _action_hint(rules: engine.GameDefinition) -> Any:
    return records._union(rules.action_types)


def _whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a JSON whole number (``3``, ``3.0``, ``3e0``), else ``None``.

    JSON Schema's ``"integer"`` admits any number whose fraction is zero, so the
    server does too; :data:`_READER` reads every written fraction or exponent
    as an exact :class:`~decimal.Decimal`, never a rounded float.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        # Past 10**40 every number is out of every range here: stand in 10**40
        # rather than build 1e999999999's digits.
        return int(value) if value.adjusted() < 40 else int(value.copy_sign(Decimal(10**40)))
    return None


def _plain_numbers(value: Any) -> Any:
    """``value`` with every :class:`~decimal.Decimal` the reader made back as a float.

    Action and config objects are read by :func:`cardrules.records.decode`, which
    judges numbers exactly as :func:`cardrules.from_json` does.
    """
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list):
        return [_plain_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain_numbers(item) for key, item in value.items()}
    return value


_READER: Final = json.JSONDecoder(
    parse_constant=records._refuse_constant,
    object_pairs_hook=records._unique_keys,
    parse_float=Decimal,
)
"""The request reader: no NaN or Infinity, no key twice, fractions read exactly."""


def _parse(line: str) -> dict[str, Any]:
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # bytes surrogateescape kept: the line was not UTF-8
        raise RequestError("bad_request", "the request is not UTF-8 text") from None
    try:
        request = _READER.decode(line)
    except RecursionError:
        raise RequestError("bad_request", "the request is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise RequestError("bad_request", f"not JSON: {exc}") from None
    except ValueError as exc:  # NaN, a key twice
        message = str(exc).replace("bad JSON document", "bad request")
        raise RequestError("bad_request", message) from None
    if not isinstance(request, dict):
        raise RequestError("bad_request", "a request is a JSON object")
    if request.get("wire") != PROTOCOL or isinstance(request.get("wire"), bool):
        raise RequestError(
            "version", f"every request carries \"wire\": {PROTOCOL} (this server's protocol)"
        )
    commands = [key for key in request if key != "wire"]
    if len(commands) != 1 or commands[0] not in _COMMANDS:
        raise RequestError(
            "bad_request", f"a request holds exactly one of {', '.join(_COMMANDS)}"
        )
    command = commands[0]
    body = request[command]
    if isinstance(body, dict) and command in ("new_game", "act"):
        # Only index, seat and seed are the protocol's own numbers; an action or
        # a config is a document's data, its numbers judged by the codec.
        documents = ("action", "config")
        body = {key: _plain_numbers(v) if key in documents else v for key, v in body.items()}
    return {command: body}


def _read_line(stream: TextIO) -> tuple[str | None, bool]:
    """The next line (without its newline) and whether it was too long; ``None`` at the end."""
    line = stream.readline(MAX_LINE + 1)
    if not line:
        return None, False
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line.rstrip("\r\n"), False
    while line and not line.endswith("\n"):  # skip the rest of the over-long line
        line = stream.readline(MAX_LINE)
    return "", True


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer requests read from ``stdin`` on ``stdout``, one JSON line each, until end of input.

    Blank lines are ignored. See the module docstring for the protocol.
    """
    session = Session()
    while True:
        line, too_long = _read_line(stdin)
        if line is None:
            return
        if too_long:
            message = f"a request line holds at most {MAX_LINE} characters"
            reply = session._response({"code": "too_long", "message": message})
        elif not line.strip():
            continue
        else:
            reply = session.handle(line)
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate a message echoes (JSON "\\ud800")
            text = json.dumps(reply, separators=(",", ":"))
        stdout.write(text + "\n")
        stdout.flush()
