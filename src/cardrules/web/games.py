"""A game of the web app, apart from where it is kept: the lobby's form and :class:`WebGame`.

The same code runs on the server (:mod:`cardrules.web.store` keeps these
games in files) and in the browser (:mod:`cardrules.web.local`, under
Pyodide in a Web Worker), so it imports nothing the browser lacks: no
SQLite, no Starlette. Leaderboard points are recorded by the caller.

>>> game_name, config, level, name, seed = read_lobby({"game": "casino", "name": " Ada "})
>>> game_name, level, name, seed
('casino', 'normal', 'Ada', None)
"""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any, Final

from cardrules import bots, engine, records
from cardrules.cli.errors import CliError
from cardrules.cli.options import build_config
from cardrules.cli.players import LEVELS, derive_seed
from cardrules.events import Move, with_events
from cardrules.records import GameRecord, from_json, to_json
from cardrules.wire.server import MAX_MOVES, RequestError, read_act

__all__ = [
    "FILE_FORMAT",
    "MAX_NAME_LENGTH",
    "STATUS",
    "WebGame",
    "check_name",
    "hint_payload",
    "read_lobby",
]

FILE_FORMAT: Final = "cardrules-web-game"
"""The ``format`` of a saved web game file."""

MAX_NAME_LENGTH: Final = 40
"""The longest player name, in characters (``cardrules.ranking.MAX_NAME_LENGTH``, which
imports SQLite and so cannot be imported in the browser; a test keeps them equal)."""

STATUS: Final = {
    "bad_request": 400,
    "forbidden": 403,
    "no_game": 404,
    "not_your_turn": 409,
    "game_over": 409,
    "stale": 409,
    "too_long": 409,
    "too_large": 413,
    "illegal_action": 422,
    "busy": 429,
}
"""The HTTP status of each error code."""

_LEVEL_ORDER: Final = LEVELS

_LOBBY_KEYS: Final = frozenset(
    {
        "game",
        "players",
        "level",
        "name",
        "target",
        "max_score",
        "buy_in",
        "royal",
        "sweeps",
        "partners",
        "seed",
    }
)


def _int_option(options: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = options.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError("bad_request", f"{key} must be a whole number {low}..{high}")
    return value


def _flag(options: dict[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise RequestError("bad_request", f"{key} must be true or false")
    return value


def read_lobby(options: object) -> tuple[str, Any, str, str, int | None]:
    """The lobby form as (game, config, level, name, seed).

    Raises :class:`~cardrules.wire.server.RequestError` if it is bad.

    The form's keys: ``game``; ``players`` (you and 1–3 computer opponents);
    ``level`` of the opponents; ``name`` for the leaderboard; the game's
    options ``target`` (Rummy 500, Casino), ``max_score`` and ``buy_in``
    (Las Vegas Rummy), ``royal``, ``sweeps`` and ``partners`` (Casino); and
    ``seed`` (a practice game). Options reach the game's Config as the CLI's
    flags do (``cardrules play``), with its defaults.
    """
    if not isinstance(options, dict):
        raise RequestError("bad_request", "a new game takes a JSON object")
    unknown = sorted(set(options) - _LOBBY_KEYS)
    if unknown:
        raise RequestError("bad_request", f"unknown keys {unknown}")
    game = options.get("game")
    if not isinstance(game, str) or game not in engine.GAMES:
        raise RequestError("bad_request", f"game must be one of {', '.join(engine.GAMES)}")
    level = options.get("level", "normal")
    if not isinstance(level, str) or level not in bots.available_levels(game):
        raise RequestError(
            "bad_request", f"level must be one of {', '.join(bots.available_levels(game))}"
        )
    name = options.get("name", "You")
    if not isinstance(name, str):
        raise RequestError("bad_request", "name must be text")
    seed = _int_option(options, "seed", 0, 2**63 - 1)
    buy_in = options.get("buy_in")
    if buy_in is not None and not isinstance(buy_in, str | int):
        raise RequestError("bad_request", "buy_in must be an amount such as 2 or 0.50")
    flags = argparse.Namespace(
        target=_int_option(options, "target", 1, 100_000),
        max_score=_int_option(options, "max_score", 1, 100_000),
        buy_in=None if buy_in in (None, "") else str(buy_in),
        royal=_flag(options, "royal"),
        sweeps=_flag(options, "sweeps"),
        partners=_flag(options, "partners"),
        option=[],
    )
    players = _int_option(options, "players", 2, 4)
    name = check_name(name)
    try:
        config = build_config(game, flags, players=players)
    except CliError as exc:
        raise RequestError("bad_request", exc.message.replace("--", "")) from None
    if config.num_players > 4:
        raise RequestError("bad_request", "a table seats you and 1-3 computer opponents")
    return game, config, level, name, seed


def check_name(name: str) -> str:
    """The player's name, trimmed, if the leaderboard will take it.

    Raises :class:`~cardrules.wire.server.RequestError` if it will not.

    >>> check_name("  Ada ")
    'Ada'
    """
    trimmed = name.strip()
    if not trimmed or len(trimmed) > MAX_NAME_LENGTH or not trimmed.isprintable():
        raise RequestError(
            "bad_request", f"name must be 1-{MAX_NAME_LENGTH} printable characters, not {name!r}"
        )
    return trimmed


class WebGame:
    """One game on the server: the state (never sent), the player's seat, the bots.

    The player sits at seat 0; computer players of one level hold the other
    seats. Every change goes through :meth:`act`, which holds the game's lock.
    """

    def __init__(
        self,
        game_id: str,
        owner: str,
        record: records.GameRecord,  # qualified: the docs read these names as text
        names: list[str],
        levels: list[str | None],
        *,
        practice: bool,
        result: str | None = None,
        touched: float = 0.0,
    ) -> None:
        self.id = game_id
        self.owner = owner
        self.game = record.game
        self.rules = engine.definition(record.game)
        self.config = record.config
        self.seed = record.seed
        self.deck = record.deck
        # A file written elsewhere may stack every deal (or the cut) or seat late joiners: kept, so
        # that the game saved again replays. (The lobby never makes such games.)
        self.decks = record.decks
        self.joins = record.joins
        self.cut_deck = record.cut_deck
        self.actions: list[Any] = list(record.actions)
        self.state: Any = record.final_state()
        self.seat = 0
        self.names = names
        self.levels = levels
        self.practice = practice
        self.result = result
        self.touched = touched
        self.lock = threading.Lock()
        self.max_moves = MAX_MOVES
        if self.rules.max_game_length is not None:
            self.max_moves = min(MAX_MOVES, self.rules.max_game_length(self.config))
        self.bots: dict[int, bots.Bot] = {}
        self._since_move: tuple[int, tuple[tuple[int, Any], ...]] | None = None
        for seat, level in enumerate(levels):
            if level is not None:
                self.bots[seat] = bots.make(self.game, level, seed=self._bot_seed(seat))

    def _bot_seed(self, seat: int) -> int:
        return derive_seed(self.seed, "seat", seat) % 2**32

    @property
    def version(self) -> int:
        """How many actions the game has taken (every seat's moves are public)."""
        return len(self.actions)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see now."""
        return self.rules.view(self.state, seat)

    def act(self, args: Any) -> None:
        """Apply the player's action named by ``args`` (see :func:`cardrules.wire.server.read_act`),
        then let the computer players move until it is the player's turn again.

        Raises :class:`~cardrules.wire.server.RequestError` and changes nothing if the
        action is not legal.
        """
        action = read_act(self.rules, self.state, self.seat, args)
        logged = self._logged(action)
        self._apply(action)
        # What the player's own move logged after its Move (a round's end) is shown with
        # the table as that move left it.
        own = max(
            (i for i, e in enumerate(logged) if isinstance(e, Move) and e.seat == self.seat),
            default=-1,
        )
        steps = [(len(logged) - own - 1, self.view(self.seat))]
        self.play_bots(steps)
        self._since_move = (self.version, tuple(steps))

    def views_since_move(self) -> tuple[tuple[Any, ...], tuple[int, ...]] | None:
        """The player's own views since their last move, as the page shows the table while
        the computer players' answers travel: right after the move, then after each
        computer move that logged events; and, for each event logged since the move (the
        last ones of the player's view now), the index of the view right after it.
        ``None`` if the game has moved on since the move (or it was not made here), or
        the view no longer holds every event since.

        A Casino step that leaves its play in progress logs nothing: no event since.
        """
        if self._since_move is None or self._since_move[0] != self.version:
            return None
        steps = self._since_move[1]
        views = [steps[0][1]]
        after = [0] * steps[0][0]
        for count, view in steps[1:]:
            if count:
                views.append(view)
                after += [len(views) - 1] * count
        if len(after) > len(self.view(self.seat).events):
            return None
        return tuple(views), tuple(after)

    def _logged(self, action: Any) -> tuple[Any, ...]:
        """The events ``action`` logs, played now: it is applied to the state with an empty
        log (the real log is trimmed from the front as it grows)."""
        events: tuple[Any, ...] = self.rules.apply(with_events(self.state, ()), action).events
        return events

    def _apply(self, action: Any) -> None:
        if len(self.actions) >= self.max_moves:
            raise RequestError("too_long", f"this game has reached {self.max_moves} moves")
        self.state = self.rules.apply(self.state, action)
        self.actions.append(action)

    def play_bots(self, steps: list[tuple[int, Any]] | None = None) -> None:
        """The computer players' moves, up to the player's turn or the end of the game.

        With ``steps``, each move's number of logged events and the player's view after it
        are added to it.
        """
        while not self.state.is_over and self.state.to_act != self.seat:
            seat = self.state.to_act
            action = self._bot_for(seat).choose(self.rules.view(self.state, seat))
            logged = self._logged(action) if steps is not None else ()
            self._apply(action)
            if steps is not None:
                steps.append((len(logged), self.view(self.seat)))

    def _bot_for(self, seat: int) -> bots.Bot:
        bot = self.bots.get(seat)
        if bot is None:  # a seat that joined later (Las Vegas Rummy): the hardest level
            level = max((lv for lv in self.levels if lv), key=_LEVEL_ORDER.index)
            while len(self.levels) <= seat:
                self.levels.append(level)
                self.names.append(f"Bot {len(self.names)} ({level})")
            bot = bots.make(self.game, level, seed=self._bot_seed(seat))
            self.bots[seat] = bot
        return bot

    def bot_move(self) -> tuple[Any, ...]:
        """One move of the computer player to act, in a game where it is not the player's
        turn (a game of computer players only, which a spectator watches): the events it
        logged. A Casino play made in steps is played to its end, so one call is one move
        as everybody saw it. Nothing is done once the game is over.

        Raises :class:`~cardrules.wire.server.RequestError` (``too_long``) past the game's
        move bound.
        """
        events: tuple[Any, ...] = ()
        while not events and not self.state.is_over:
            seat = self.state.to_act
            if seat == self.seat and self.levels[self.seat] is None:
                raise RequestError("not_your_turn", "it is the player's turn, not a computer's")
            bot = self._bot_for(seat)
            action = bot.choose(self.rules.view(self.state, seat))
            events = self._logged(action)
            self._apply(action)
        return events

    def hint_request(self) -> tuple[Any, int]:
        """What a hint for the player is worked out from: the player's own view and a seed
        for the expert's search (a pure function of the game's seed and its version, so
        asking again gives the same hint). Take it under the game's lock; the search
        itself (:func:`~cardrules.web.games.hint_payload`) needs no lock.

        Raises :class:`~cardrules.wire.server.RequestError` when the game is over or it is
        not the player's turn.
        """
        if self.state.is_over:
            raise RequestError("game_over", "the game is over")
        if self.state.to_act != self.seat:
            raise RequestError("not_your_turn", "a hint is for your turn")
        return self.view(self.seat), derive_seed(self.seed, "hint", self.version) % 2**32

    def standing(self) -> tuple[bool, list[str]]:
        """Whether the player won, and the levels of the computer players they played against
        (partners in a Casino partnership are not rivals): what the leaderboard records."""
        state = self.state
        rivals = [lv for lv in self.levels if lv is not None]
        if self.game == "casino" and state.config.partnerships:
            partners = set(state.config.seats_of(state.config.side_of(self.seat)))
            rivals = [lv for seat, lv in enumerate(self.levels) if lv and seat not in partners]
        return self.seat in state.winners, rivals

    def document(self) -> str:
        """The game as the JSON text of its save file."""
        record = GameRecord(
            self.game,
            self.config,
            self.seed,
            self.deck,
            tuple(self.actions),
            decks=self.decks,
            joins=self.joins,
            cut_deck=self.cut_deck,
        )
        return json.dumps(
            {
                "format": FILE_FORMAT,
                "version": 1,
                "id": self.id,
                "owner": self.owner,
                "names": self.names,
                "levels": self.levels,
                "practice": self.practice,
                "result": self.result,
                "touched": self.touched,
                "record": json.loads(to_json(record)),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_document(cls, text: str) -> WebGame:
        """A game read back from its save file; ``ValueError`` if it is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise ValueError("not a cardrules web game file")
        record = from_json(json.dumps(data["record"]))
        if not isinstance(record, GameRecord):
            raise ValueError("the file's record is not a game record")
        names, levels = data["names"], data["levels"]
        if not isinstance(names, list) or not isinstance(levels, list):
            raise ValueError("names and levels must be lists")
        game_id, owner = data["id"], data["owner"]
        if not isinstance(game_id, str) or not isinstance(owner, str):
            raise ValueError("id and owner must be text")
        return cls(
            game_id,
            owner,
            record,
            [str(n) for n in names],
            [None if lv is None else str(lv) for lv in levels],
            practice=bool(data["practice"]),
            result=data.get("result"),
            touched=float(data.get("touched", 0.0)),
        )


def hint_payload(game: str, view: Any, seed: int, version: int) -> dict[str, Any]:
    """The hint button's answer: the expert's move for ``view`` (the asking seat's own view,
    nothing else) with its reason, as ``{"hint": {"index", "text", "reason"}, "version"}``;
    ``index`` is the move's place in the view's list (``moves`` of the table's payload).

    >>> from cardrules import engine
    >>> state = engine.new_game("rummy500", seed=4)
    >>> answer = hint_payload("rummy500", engine.definition("rummy500").view(state, 0), 1, 0)
    >>> answer["hint"]["text"], bool(answer["hint"]["reason"])
    ('draw', True)
    """
    tip = bots.hint(game, view, seed=seed)
    index = list(view.legal_actions).index(tip.action)
    return {
        "hint": {"index": index, "text": view.legal_texts[index], "reason": tip.reason},
        "version": version,
    }
